//! The words and symbols a text front end draws with: a side's name, the
//! chess glyph of a FIDE kind, a file's letter.

use super::Side;

impl Side {
    /// `White` or `Black`.
    pub fn title(self) -> &'static str {
        crate::board::Color::from(self).title()
    }

    /// `white` or `black`.
    pub fn name(self) -> &'static str {
        crate::board::Color::from(self).name()
    }
}

/// The chess glyph of a unit of the kind named `kind` and of `side`, for
/// the six FIDE kinds (`♘` for White's knight, `♞` for Black's).
///
/// ```
/// use changeling::session::{fide_glyph, Side};
/// assert_eq!(fide_glyph("knight", Side::Black), Some('♞'));
/// assert_eq!(fide_glyph("archbishop", Side::White), None);
/// ```
pub fn fide_glyph(kind: &str, side: Side) -> Option<char> {
    crate::notation::fide_glyph(kind, side.into())
}

/// The letter of the file numbered `file` from 0 (`a`), as square names
/// spell it.
pub fn file_letter(file: u8) -> char {
    crate::rules::file_char(i32::from(file))
}
