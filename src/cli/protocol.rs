//! What the engine protocols (`uci`, `xboard`) share: one output for
//! the session and its search thread, and the loop over input lines.

use std::io::{BufRead, Write};
use std::sync::{Arc, Mutex};

/// Where replies go: shared with the search thread.
pub(super) type Out = Arc<Mutex<Box<dyn Write + Send>>>;

/// Writes one line and flushes it, whoever else writes.
pub(super) fn say(out: &Out, line: &str) {
    let mut w = out
        .lock()
        .unwrap_or_else(std::sync::PoisonError::into_inner);
    let _ = writeln!(w, "{line}");
    let _ = w.flush();
}

/// A protocol session driven a line at a time.
pub(super) trait Session {
    /// Runs one command (trimmed); false on `quit`.
    fn command(&mut self, line: &str) -> bool;
    /// Answers a line that is not UTF-8 text.
    fn not_text(&self);
    /// Waits for a search in progress to end.
    fn finish(&mut self);
}

/// Feeds `input` to `session` a line at a time until `quit` or the end,
/// then lets its search finish.
pub(super) fn serve(input: impl BufRead, session: &mut impl Session) {
    for line in input.lines() {
        let Ok(line) = line else {
            session.not_text();
            continue;
        };
        if !session.command(line.trim()) {
            break;
        }
    }
    session.finish();
}
