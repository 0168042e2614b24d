//! What the engine protocols (`uci`, `xboard`) share: one output for
//! the session and its search thread, and the loop over input lines.

use crate::lines::{Line, MAX_LINE_BYTES, read_line};
use std::io::{BufRead, Write};
use std::sync::{Arc, Mutex, MutexGuard};

/// Where replies go: shared with the search thread.
pub(super) type Out = Arc<Mutex<Box<dyn Write + Send>>>;

/// The output, held: lines written through it come out together, and no
/// other writer comes between a decision and the line it leads to.
pub(super) fn hold(out: &Out) -> MutexGuard<'_, Box<dyn Write + Send>> {
    out.lock()
        .unwrap_or_else(std::sync::PoisonError::into_inner)
}

/// Writes one line to the held output and flushes it.
pub(super) fn write_line(w: &mut MutexGuard<'_, Box<dyn Write + Send>>, line: &str) {
    let _ = writeln!(w, "{line}");
    let _ = w.flush();
}

/// Writes one line and flushes it, whoever else writes.
pub(super) fn say(out: &Out, line: &str) {
    write_line(&mut hold(out), line);
}

/// A protocol session driven a line at a time.
///
/// The loop never waits for a search: a command that needs the search
/// out of the way stops it first (a search notices within a few hundred
/// nodes), so every line is read and acted on.
pub(super) trait Protocol {
    /// Runs one command (trimmed); false on `quit`.
    fn command(&mut self, line: &str) -> bool;
    /// Answers a line that is not UTF-8 text.
    fn not_text(&self);
    /// Answers a line longer than [`MAX_LINE_BYTES`] (read to its end
    /// and dropped).
    fn too_long(&self);
}

/// Feeds `input` to `session` a line at a time until `quit`; the end of
/// the input (or a failure to read it) is `quit`, so that an engine whose
/// GUI has gone stops its search and ends.
pub(super) fn serve(mut input: impl BufRead, session: &mut impl Protocol) {
    loop {
        match read_line(&mut input, MAX_LINE_BYTES) {
            Ok(Some(Line::Text(line))) => {
                if !session.command(line.trim()) {
                    return;
                }
            }
            Ok(Some(Line::NotText)) => session.not_text(),
            Ok(Some(Line::TooLong)) => session.too_long(),
            Ok(None) | Err(_) => break,
        }
    }
    session.command("quit");
}
