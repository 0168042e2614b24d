//! The interactive session behind `changeling play`: one line in, one
//! reply out. [`Session::execute`] is pure text processing over a
//! [`Game`], so the same code serves a terminal, a pipe and the tests.
//! No input can panic it or change the game unless it is a legal move or
//! a command that says so.

mod commands;
mod complete;
mod computer;
mod display;
mod explain;

pub use commands::{COMMANDS, Command};
pub use computer::{Computer, Shown};
pub use display::Style;

use crate::session::{Error, Reason, Side};
use std::sync::Arc;
use std::sync::atomic::AtomicBool;

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
    /// The game, its undo and redo.
    session: crate::session::Session,
    /// How the board is drawn.
    pub style: Style,
    /// Raised (by Ctrl-C on a terminal) to stop a long command.
    stop: Option<Arc<AtomicBool>>,
    /// Who the computer plays, and how long it thinks.
    computer: Computer,
    /// Where the thinking is shown as it goes.
    progress: Option<computer::Progress>,
}

impl Session {
    /// A session on the game `session` holds.
    pub fn on(session: crate::session::Session) -> Session {
        Session {
            session,
            style: Style::default(),
            stop: None,
            computer: Computer::default(),
            progress: None,
        }
    }

    /// Lets long commands (`perft`) end early when `flag` is raised; the
    /// session lowers it before each line.
    pub fn stop_on(&mut self, flag: Arc<AtomicBool>) {
        self.session.set_stop_flag(flag.clone());
        self.stop = Some(flag);
    }

    /// The game as the session API holds it.
    pub fn session(&self) -> &crate::session::Session {
        &self.session
    }

    /// The board, side to move and check, or the result.
    pub fn status(&self) -> String {
        let board = self.session.board();
        let variant = self.session.variant();
        let mut s = display::board(&board, &variant, self.style);
        if let Some(legend) = display::legend(&board, &variant, self.style) {
            s.push_str(&legend);
        }
        s.push_str(&display::extras(&board, self.style));
        match self.session.outcome() {
            Some(end) => {
                let checkmate = end.winner.is_some() && end.reason == Reason::Checkmate;
                let mut said = end.to_string();
                let mated = display::attacked_royals(&board);
                if checkmate && !mated.is_empty() {
                    said = said.replace(
                        "(checkmate)",
                        &format!("(checkmate of {})", mated.join(" and ")),
                    );
                }
                s.push_str(&format!("game over: {said}\n"));
            }
            None => {
                let side = display::title(board.side);
                let check = if board.in_check { " (check)" } else { "" };
                s.push_str(&format!("{side} to move{check}\n"));
            }
        }
        s
    }

    /// The prompt for a terminal: whose move it is, or that the game is
    /// over.
    pub fn prompt(&self) -> String {
        if self.session.outcome().is_some() {
            return "game over> ".to_string();
        }
        match self.session.side() {
            Side::White => format!("{}. White> ", self.session.fullmove()),
            Side::Black => format!("{}... Black> ", self.session.fullmove()),
        }
    }

    /// Runs one line: a command or a move.
    pub fn execute(&mut self, line: &str) -> Reply {
        if let Some(stop) = &self.stop {
            stop.store(false, std::sync::atomic::Ordering::Relaxed);
        }
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            return Reply::say("");
        }
        self.session.begin_command();
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
        if let Some(Error::Script { message }) = self.session.take_script_error() {
            reply.text.push_str(&format!("script error: {message}\n"));
        }
        reply
    }

    /// What the last move did beyond moving its piece, as a line, or
    /// nothing.
    pub fn aftermath(&self) -> String {
        self.session
            .last_turn_aftermath()
            .map(|a| display::aftermath(&a))
            .unwrap_or_default()
    }

    fn play(&mut self, text: &str) -> Reply {
        match self.session.play(text) {
            Ok(played) => {
                let san = played.san;
                let mut text = format!("played {san}\n{}{}", self.aftermath(), self.status());
                text.push_str(&self.computer_turns());
                Reply::say(text)
            }
            Err(e @ Error::GameOver { .. }) => {
                Reply::say(format!("error: {e}; `undo` or `new` to go on\n"))
            }
            Err(e) => Reply::say(format!("error: {e}\n")),
        }
    }
}
