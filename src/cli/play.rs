//! A plain line-based game loop: one command or move per line, so it works
//! on a terminal and on a pipe alike.

use crate::board::Color;
use crate::game::Game;
use crate::movegen::in_check;
use crate::notation::{to_fen, to_san};
use crate::position::Position;
use crate::rules::Rules;
use std::io::{BufRead, Write};
use std::process::ExitCode;
use std::sync::Arc;

/// The board as text, White at the bottom, with coordinates.
pub fn board_text(rules: &Rules, pos: &Position) -> String {
    let g = rules.geometry;
    let mut s = String::new();
    for rank in (0..g.height as i32).rev() {
        s.push_str(&format!("{:>2} ", rank + 1));
        for file in 0..g.width as i32 {
            let sq = g.square(file, rank).expect("on the board");
            let cell = match pos.piece_at(sq) {
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

/// Runs the loop on standard input until `quit` or end of input.
pub fn run(rules: Arc<Rules>, start: Position, seed: u64) -> ExitCode {
    let mut game = Game::from_position(rules, start, seed);
    let stdin = std::io::stdin();
    let mut out = std::io::stdout();
    show(&game, &mut out);
    for line in stdin.lock().lines() {
        let Ok(line) = line else { break };
        let line = line.trim();
        match line {
            "" => continue,
            "quit" | "exit" => break,
            "help" => {
                let _ = writeln!(
                    out,
                    "enter a move (e4, Nf3, e7e8q, O-O) or: moves, undo, fen, board, quit"
                );
            }
            "moves" => {
                let pos = game.position().clone();
                let list: Vec<String> = game
                    .legal_moves()
                    .iter()
                    .map(|m| to_san(game.rules(), &pos, m))
                    .collect();
                let _ = writeln!(out, "{}", list.join(" "));
            }
            "undo" => {
                if game.undo().is_none() {
                    let _ = writeln!(out, "nothing to undo");
                }
                show(&game, &mut out);
            }
            "fen" => {
                let _ = writeln!(out, "{}", to_fen(game.rules(), game.position()));
            }
            "board" => show(&game, &mut out),
            text => {
                let before = game.position().clone();
                match game.play_text(text) {
                    Ok(mv) => {
                        let _ = writeln!(out, "played {}", to_san(game.rules(), &before, &mv));
                        show(&game, &mut out);
                    }
                    Err(e) => {
                        let _ = writeln!(out, "error: {e}");
                    }
                }
            }
        }
        // A failing script hook yields no moves and is reported here; the
        // game goes on from the same position.
        if let Some(host) = &game.rules().script
            && let Some(e) = host.take_error()
        {
            let _ = writeln!(out, "script error: {e}");
        }
    }
    ExitCode::SUCCESS
}

fn show(game: &Game, out: &mut impl Write) {
    let rules = game.rules();
    let pos = game.position();
    let _ = write!(out, "{}", board_text(rules, pos));
    match game.outcome() {
        Some(o) => {
            let _ = writeln!(out, "game over: {o}");
        }
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
            let _ = writeln!(out, "{side} to move{check}");
        }
    }
}
