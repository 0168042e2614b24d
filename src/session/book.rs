//! Books of openings: the positions a match or an experiment starts its
//! games from, one a line. A line is a FEN (as `changeling openings`
//! writes them, with a `; comment` after it if need be) or turns played
//! from the variant's setup (`1. e4 e5 2. Nf3`, SAN or coordinates);
//! empty lines and lines beginning with `#` are skipped.

use super::{Error, Rulebook, Session, Start};

/// The most openings one book may hold.
pub const MAX_BOOK_LINES: usize = 100_000;

impl Rulebook {
    /// The openings of the book `text`, each as the FEN of its position,
    /// in the book's order.
    ///
    /// ```
    /// use changeling::session::{Rulebook, VariantSource};
    /// let chess = Rulebook::load(&VariantSource::Name("chess".into()))?;
    /// let book = "# two openings\n\
    ///     rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1 ; cp 30\n\
    ///     1. d4 d5 2. c4\n";
    /// let fens = chess.read_book(book)?;
    /// assert_eq!(fens.len(), 2);
    /// assert_eq!(fens[1], "rnbqkbnr/ppp1pppp/8/3p4/2PP4/8/PP2PPPP/RNBQKBNR b KQkq - 0 2");
    /// # Ok::<(), changeling::session::Error>(())
    /// ```
    ///
    /// # Errors
    ///
    /// [`Error::Book`] at the first line that is neither (a FEN that
    /// does not read, a turn that is not legal, a game over before its
    /// last turn), a book without an opening, or one of more than
    /// [`MAX_BOOK_LINES`].
    pub fn read_book(&self, text: &str) -> Result<Vec<String>, Error> {
        let mut fens = Vec::new();
        for (i, raw) in text.lines().enumerate() {
            let line = i + 1;
            let fail = |message: String| Error::Book { line, message };
            let body = raw.split(';').next().unwrap_or("").trim();
            if body.is_empty() || body.starts_with('#') {
                continue;
            }
            if fens.len() == MAX_BOOK_LINES {
                return Err(fail(format!(
                    "a book holds at most {MAX_BOOK_LINES} openings"
                )));
            }
            let fen_like = body
                .split_whitespace()
                .next()
                .is_some_and(|w| w.contains('/'));
            let session = if fen_like {
                Session::new(
                    self,
                    &Start::Fen {
                        fen: body.to_string(),
                        seed: 0,
                    },
                )
                .map_err(|e| match e {
                    Error::Fen { message } => fail(format!("not a position: {message}")),
                    other => fail(other.to_string()),
                })?
            } else {
                self.play_line(body).map_err(fail)?
            };
            fens.push(session.fen());
        }
        if fens.is_empty() {
            return Err(Error::Book {
                line: 0,
                message: "the book has no opening (a FEN or turns from the start on a line)"
                    .to_string(),
            });
        }
        Ok(fens)
    }

    /// The game after the turns of `line`, played from the setup.
    fn play_line(&self, line: &str) -> Result<Session, String> {
        let mut s = Session::new(self, &Start::Setup).map_err(|e| e.to_string())?;
        for token in line.split_whitespace() {
            // Results and move numbers (`1.`, `1...`, `12.e4`) are not
            // turns.
            if matches!(token, "*" | "1-0" | "0-1" | "1/2-1/2") {
                continue;
            }
            let digits = token.len() - token.trim_start_matches(|c: char| c.is_ascii_digit()).len();
            let token = match token[digits..].strip_prefix('.') {
                Some(rest) if digits > 0 => rest.trim_start_matches('.'),
                _ => token,
            };
            if token.is_empty() {
                continue;
            }
            s.play(token).map_err(|e| match e {
                Error::Move { text, message } => format!("`{text}`: {message}"),
                other => other.to_string(),
            })?;
        }
        Ok(s)
    }
}
