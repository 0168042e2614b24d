//! The game loop of `changeling play`: one command or move per line, so it
//! works on a terminal and on a pipe alike. Every line goes to
//! [`crate::repl::Session`].

use crate::position::Position;
use crate::repl::Session;
use crate::rules::Rules;
use std::io::{BufRead, Write};
use std::process::ExitCode;
use std::sync::Arc;

/// Runs the loop on standard input until `quit` or end of input.
pub fn run(rules: Arc<Rules>, start: Position, seed: u64) -> ExitCode {
    let mut session = Session::new(rules, start, seed);
    let stdin = std::io::stdin();
    let mut out = std::io::stdout();
    let _ = write!(out, "{}", session.status());
    for line in stdin.lock().lines() {
        // A line that is not UTF-8 is refused like any bad input.
        let Ok(line) = line else {
            let _ = writeln!(out, "error: the line is not UTF-8 text");
            continue;
        };
        let reply = session.execute(&line);
        let _ = write!(out, "{}", reply.text);
        let _ = out.flush();
        if reply.quit {
            break;
        }
    }
    ExitCode::SUCCESS
}
