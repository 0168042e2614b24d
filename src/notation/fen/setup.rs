//! A FEN split into its fields, unchecked: what each field says is read
//! against the rules by [`Setup::build`].

use super::{FenField, ParseFenError, err};

/// The fields of a FEN, as written. Only the shape is checked here (six
/// fields at most, then tagged ones each at most once, brackets closed);
/// [`Setup::build`] reads each against the rules.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Setup<'a> {
    /// Piece placement, without hands or reserves.
    pub board: &'a str,
    /// Inside the hands' brackets, `[...]`.
    pub pockets: Option<&'a str>,
    /// Inside the reserves' angle brackets, `<...>`.
    pub reserves: Option<&'a str>,
    /// The side to move (`w` when left out).
    pub side: Option<&'a str>,
    /// Castling rights.
    pub castling: Option<&'a str>,
    /// The en passant square.
    pub en_passant: Option<&'a str>,
    /// The halfmove clock.
    pub halfmove: Option<&'a str>,
    /// The fullmove number.
    pub fullmove: Option<&'a str>,
    /// The marker field, braces included: `{a4:rider+ h5:cannon-}`.
    pub markers: Option<String>,
    /// `swap:d4f4`: a swap just made, which may not be swapped back.
    pub swap_ban: Option<&'a str>,
    /// `moved:c2,f7`: pieces that have moved though they stand where a
    /// piece counts as unmoved.
    pub moved: Option<&'a str>,
    /// `unmoved:e1`: pieces unmoved though nothing else says so.
    pub unmoved: Option<&'a str>,
    /// `roll:3`: the die.
    pub roll: Option<&'a str>,
    /// `pending:e8`: a pushed pawn awaiting its promotion.
    pub pending: Option<&'a str>,
    /// `passed:1`: turns passed in a row just before (`passing`).
    pub passed: Option<&'a str>,
    /// `state:charged=12,count=3`: the script's state, where not 0.
    pub state: Option<&'a str>,
    /// `last:e2e4`: the last move, where the variant's script reads it.
    pub last: Option<&'a str>,
    /// `placing`: markers are still being placed.
    pub placing: bool,
    /// The checks each side still needs, `W+B`, written before the clocks
    /// (`3+3`).
    pub checks_needed: Option<&'a str>,
    /// The checks each side has given, `+W+B`, written after the clocks
    /// (`+0+0`).
    pub checks_given: Option<&'a str>,
}

/// Is `f` two counts joined by `+`, with a leading `+` when `lead`
/// (`3+3`, or `+1+0` with `lead`)?
fn check_counts(f: &str, lead: bool) -> bool {
    let body = if lead {
        match f.strip_prefix('+') {
            Some(b) => b,
            None => return false,
        }
    } else {
        f
    };
    let mut parts = body.split('+');
    let digits = |p: Option<&str>| {
        p.is_some_and(|p| !p.is_empty() && p.len() <= 3 && p.bytes().all(|b| b.is_ascii_digit()))
    };
    digits(parts.next()) && digits(parts.next()) && parts.next().is_none()
}

impl<'a> Setup<'a> {
    /// Splits `text` into its fields.
    ///
    /// # Errors
    ///
    /// An empty text, an unknown or repeated tagged field, an unclosed
    /// bracket.
    pub fn split(text: &'a str) -> Result<Setup<'a>, ParseFenError> {
        let mut fields: Vec<&str> = text.split_whitespace().collect();
        if fields.is_empty() {
            return err(FenField::Board, "empty FEN");
        }
        // Markers, after the board: `{a4:rider+ h5:cannon-}` (it may hold
        // spaces, so it is taken out before the fields are counted).
        let mut marker_text = None;
        if let Some(open) = fields
            .iter()
            .skip(1)
            .position(|f| f.starts_with('{'))
            .map(|i| i + 1)
        {
            let Some(close) = (open..fields.len()).find(|&i| fields[i].ends_with('}')) else {
                return err(
                    FenField::Markers,
                    "the marker field `{` is not closed with `}`",
                );
            };
            marker_text = Some(fields[open..=close].join(" "));
            fields.drain(open..=close);
        }
        // n-check counts: checks needed before the clocks (`3+3`), or
        // checks given after them (`+0+0`).
        let mut checks_needed = None;
        if fields.len() > 4 && check_counts(fields[4], false) {
            checks_needed = Some(fields.remove(4));
        }
        let mut checks_given = None;
        if let Some(i) = (1..fields.len()).find(|&i| check_counts(fields[i], true)) {
            checks_given = Some(fields.remove(i));
        }
        if checks_needed.is_some() && checks_given.is_some() {
            return err(
                FenField::Checks,
                "the checks are given twice: write the checks needed (`2+3`, before the clocks) or the checks given (`+1+0`, after them), not both",
            );
        }
        // Tagged fields may follow the six: `swap:d4f4` names the squares of a
        // swap of two enemies just made, which may not be swapped straight
        // back; `moved:c2,f7` names pieces that have moved although they stand
        // where a piece counts as unmoved (a pawn swapped onto its second
        // rank under `double_step = unmoved`).
        let mut swap_ban = None;
        let mut moved_list = None;
        let mut unmoved_list = None;
        let mut roll_text = None;
        let mut pending_text = None;
        let mut passed_text = None;
        let mut state_text = None;
        let mut last_text = None;
        let mut placing = false;
        for &f in fields.iter().skip(6) {
            if f == "placing" {
                placing = true;
                continue;
            }
            let slot = if f.starts_with("swap:") {
                &mut swap_ban
            } else if f.starts_with("moved:") {
                &mut moved_list
            } else if f.starts_with("unmoved:") {
                &mut unmoved_list
            } else if f.starts_with("roll:") {
                &mut roll_text
            } else if f.starts_with("pending:") {
                &mut pending_text
            } else if f.starts_with("passed:") {
                &mut passed_text
            } else if f.starts_with("state:") {
                &mut state_text
            } else if f.starts_with("last:") {
                &mut last_text
            } else {
                return err(
                    FenField::Position,
                    format!(
                        "`{f}`: a FEN has six fields, and after them only `swap:` (a swap ban like `swap:d4f4`), `moved:` (like `moved:c2,f7`), `unmoved:` (like `unmoved:e1`), `roll:` (the die, like `roll:3`), `pending:` (a pushed pawn awaiting promotion, like `pending:e8`), `passed:` (turns just passed, like `passed:1`), `state:` (a script's state, like `state:charged=12`), `last:` (the last move, like `last:e2e4`), `placing` or markers (like `{{a4:rider-}}`)"
                    ),
                );
            };
            if slot.replace(f).is_some() {
                return err(
                    FenField::Position,
                    format!("`{f}`: that field is given twice"),
                );
            }
        }
        // Reserve boards last: `<W/B>`, each in drop order, `-` for a piece
        // already used (dropped from the front, promoted from the back).
        let (placement, reserves) = match fields[0].find('<') {
            Some(i) => {
                let Some(inner) = fields[0][i + 1..].strip_suffix('>') else {
                    return err(FenField::Reserves, "`<` is not closed with `>`");
                };
                (&fields[0][..i], Some(inner))
            }
            None => (fields[0], None),
        };
        let (board, pockets) = match placement.find('[') {
            Some(i) => {
                let rest = &placement[i + 1..];
                let Some(inner) = rest.strip_suffix(']') else {
                    return err(FenField::Pockets, "`[` is not closed with `]`");
                };
                (&placement[..i], Some(inner))
            }
            None => (placement, None),
        };
        Ok(Setup {
            board,
            pockets,
            reserves,
            side: fields.get(1).copied(),
            castling: fields.get(2).copied(),
            en_passant: fields.get(3).copied(),
            halfmove: fields.get(4).copied(),
            fullmove: fields.get(5).copied(),
            markers: marker_text,
            swap_ban,
            moved: moved_list,
            unmoved: unmoved_list,
            roll: roll_text,
            pending: pending_text,
            passed: passed_text,
            state: state_text,
            last: last_text,
            placing,
            checks_needed,
            checks_given,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fields_are_split_by_their_place_and_tag() {
        let s = Setup::split(
            "rnbqkbnr/8/8/8/8/8/8/RNBQKBNR[Qn]<R-/r-> b KQ e3 4 9 {a4:rider+ h5:cannon-} swap:d4f4 roll:3 placing",
        )
        .unwrap();
        assert_eq!(s.board, "rnbqkbnr/8/8/8/8/8/8/RNBQKBNR");
        assert_eq!(s.pockets, Some("Qn"));
        assert_eq!(s.reserves, Some("R-/r-"));
        assert_eq!(
            (s.side, s.castling, s.en_passant, s.halfmove, s.fullmove),
            (Some("b"), Some("KQ"), Some("e3"), Some("4"), Some("9"))
        );
        assert_eq!(s.markers.as_deref(), Some("{a4:rider+ h5:cannon-}"));
        assert_eq!((s.swap_ban, s.roll), (Some("swap:d4f4"), Some("roll:3")));
        assert!(s.placing);
        assert_eq!((s.moved, s.unmoved, s.pending), (None, None, None));
    }

    #[test]
    fn shapes_that_no_rules_could_read_are_refused() {
        let field = |text: &str| Setup::split(text).unwrap_err().field;
        assert_eq!(field(""), FenField::Board);
        assert_eq!(field("8 w - - 0 1 {a4:rider+"), FenField::Markers);
        assert_eq!(field("8[Q w"), FenField::Pockets);
        assert_eq!(field("8<Q w"), FenField::Reserves);
        assert_eq!(field("8 w - - 0 1 roll:1 roll:2"), FenField::Position);
        assert_eq!(field("8 w - - 0 1 extra"), FenField::Position);
    }
}
