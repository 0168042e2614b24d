//! The interactive session behind `changeling play`: one line in, one
//! reply out. [`Session::execute`] is pure text processing over a
//! [`Game`], so the same code serves a terminal, a pipe and the tests.
//! No input can panic it or change the game unless it is a legal move or
//! a command that says so.

mod commands;

pub use commands::{COMMANDS, Command};

use crate::board::Color;
use crate::game::Game;
use crate::movegen::in_check;
use crate::position::{Move, Position};
use crate::rules::Rules;
use std::sync::Arc;

/// What a line did.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Reply {
    /// The text to print (may be empty).
    pub text: String,
    /// The session asked to end.
    pub quit: bool,
}

impl Reply {
    fn say(text: impl Into<String>) -> Reply {
        Reply {
            text: text.into(),
            quit: false,
        }
    }
}

/// A game being played and queried.
#[derive(Debug)]
pub struct Session {
    game: Game,
    /// Moves taken back by `undo`, for `redo` (most recent last).
    redo: Vec<Move>,
    seed: u64,
}

impl Session {
    /// A session on `start` under `rules`.
    pub fn new(rules: Arc<Rules>, start: Position, seed: u64) -> Session {
        Session {
            game: Game::from_position(rules, start, seed),
            redo: Vec::new(),
            seed,
        }
    }

    /// The game.
    pub fn game(&self) -> &Game {
        &self.game
    }

    /// The board, side to move and check, or the result.
    pub fn status(&self) -> String {
        let rules = self.game.rules();
        let pos = self.game.position();
        let mut s = board_text(rules, pos);
        if let Some(legend) = legend(rules, pos) {
            s.push_str(&legend);
        }
        match self.game.outcome() {
            Some(o) => s.push_str(&format!("game over: {o}\n")),
            None => {
                let side = if pos.side == Color::White {
                    "White"
                } else {
                    "Black"
                };
                let check = if in_check(rules, pos, pos.side) {
                    " (check)"
                } else {
                    ""
                };
                s.push_str(&format!("{side} to move{check}\n"));
            }
        }
        s
    }

    /// Runs one line: a command or a move.
    pub fn execute(&mut self, line: &str) -> Reply {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            return Reply::say("");
        }
        let (word, rest) = line
            .split_once(char::is_whitespace)
            .map_or((line, ""), |(w, r)| (w, r.trim()));
        let mut reply = match COMMANDS
            .iter()
            .find(|c| c.name == word || c.alias == Some(word))
        {
            Some(c) => (c.run)(self, rest),
            None => self.play(line),
        };
        // A failing script hook yields no moves and is reported; the game
        // goes on from the same position.
        if let Some(host) = &self.game.rules().script
            && let Some(e) = host.take_error()
        {
            reply.text.push_str(&format!("script error: {e}\n"));
        }
        reply
    }

    fn play(&mut self, text: &str) -> Reply {
        let before = self.game.position().clone();
        match self.game.play_text(text) {
            Ok(mv) => {
                self.redo.clear();
                let san = crate::notation::to_san(self.game.rules(), &before, &mv);
                Reply::say(format!("played {san}\n{}", self.status()))
            }
            Err(e) => Reply::say(format!("error: {e}\n")),
        }
    }
}

/// The board as text, White at the bottom, with coordinates.
pub fn board_text(rules: &Rules, pos: &Position) -> String {
    let g = rules.geometry;
    let mut s = String::new();
    for rank in (0..g.height as i32).rev() {
        s.push_str(&format!("{:>2} ", rank + 1));
        for file in 0..g.width as i32 {
            let cell = match g.square(file, rank).and_then(|sq| pos.piece_at(sq)) {
                Some(p) => rules.piece(p.kind).fen_token(p.color),
                None => ".".to_string(),
            };
            s.push_str(&format!(" {cell}"));
        }
        s.push('\n');
    }
    s.push_str("   ");
    for file in 0..g.width as i32 {
        s.push(' ');
        s.push(crate::rules::file_char(file));
    }
    s.push('\n');
    s
}

/// For variants beyond the six FIDE kinds, the symbols on the board and
/// what they stand for (White's symbol; Black's is the lower case).
pub fn legend(rules: &Rules, pos: &Position) -> Option<String> {
    if rules.pieces.len() <= 6 {
        return None;
    }
    let mut used: Vec<crate::board::PieceKind> = Vec::new();
    for (_, p) in pos.pieces() {
        if !used.contains(&p.kind) {
            used.push(p.kind);
        }
    }
    used.sort_by_key(|k| k.index());
    let items: Vec<String> = used
        .iter()
        .map(|&k| {
            let def = rules.piece(k);
            format!("{} {}", def.fen_token(Color::White), def.name)
        })
        .collect();
    Some(format!("   {}\n", items.join(", ")))
}
