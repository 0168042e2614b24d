//! What XBoard must be told about a variant it does not know: which of
//! its piece images stands for each kind (the table in parentheses of
//! the `setup` command) and how the kinds it cannot know move (`piece`
//! commands, in XBoard's dialect of Betza notation).

use crate::session::KindMoves;

/// How many piece types XBoard has, counted in the order of its piece
/// table; its king comes last, its pawn first.
const TYPES: usize = 66;
const KING: usize = TYPES - 1;
const PAWN: usize = 0;

/// The types XBoard moves by itself in its `fairy` variant, and how; a
/// kind on any other type, or moving otherwise, gets a `piece` command.
const NATIVE: [(usize, &str); 5] = [(1, "N"), (2, "B"), (3, "R"), (4, "Q"), (KING, "K")];
const PAWN_MOVES: &str = "fmWfcFifmnD";

/// The image XBoard draws for a kind that moves like this (in XBoard's
/// Betza), before any free one is taken.
const LIKENESS: [(&str, usize); 19] = [
    ("N", 1),
    ("B", 2),
    ("R", 3),
    ("Q", 4),
    ("F", 5),
    ("A", 6),
    ("FA", 6),
    ("BN", 7),
    ("RN", 8),
    ("W", 9),
    ("K", 10),
    ("mRcpR", 11),
    ("N0", 12),
    ("BW", 13),
    ("RF", 14),
    ("gQ", 15),
    ("Z", 23),
    ("C", 24),
    ("QN", 29),
];

/// Images for the remaining kinds, in the order they are handed out:
/// XBoard's other fairy pieces, then the likenesses left free. The
/// lance is left out: XBoard promotes it like a pawn.
const SPARE: [usize; 40] = [
    29, 20, 19, 21, 22, 25, 26, 16, 27, 30, 31, 32, 34, 35, 38, 41, 42, 43, 45, 44, 40, 39, 33, 36,
    37, 28, 17, 13, 14, 5, 6, 7, 8, 9, 10, 11, 12, 15, 23, 24,
];

/// What XBoard is told about the variant's pieces.
pub(super) struct Announcement {
    /// The piece table: one letter or `.` per XBoard type, White's then
    /// Black's, each ending with the king.
    pub table: String,
    /// How many kinds the holdings show (the kinds before the king).
    pub hand_kinds: usize,
    /// `piece` commands and `#` comments, in order.
    pub lines: Vec<String>,
}

/// The table and piece commands for a variant's declared `kinds`.
pub(super) fn announce(kinds: &[KindMoves]) -> Announcement {
    let mut lines = Vec::new();
    let mut slot_of: Vec<Option<usize>> = Vec::new();
    let mut taken = [false; TYPES];
    // First the king, the pawn and the kinds with a likeness, then the
    // rest on spare images.
    for def in kinds {
        let letter = single_letter(def);
        let wanted = if letter.is_none() {
            None
        } else if def.royal {
            Some(KING)
        } else if def.pawn {
            Some(PAWN)
        } else {
            def.xbetza
                .as_ref()
                .ok()
                .and_then(|m| LIKENESS.iter().find(|(b, _)| b == m).map(|&(_, t)| t))
        };
        let slot = wanted.filter(|&t| !taken[t]);
        if let Some(t) = slot {
            taken[t] = true;
        }
        slot_of.push(slot);
    }
    for (i, def) in kinds.iter().enumerate() {
        if slot_of[i].is_some() || single_letter(def).is_none() {
            continue;
        }
        if let Some(&t) = SPARE.iter().find(|&&t| !taken[t]) {
            taken[t] = true;
            slot_of[i] = Some(t);
        }
    }
    let mut white = ['.'; TYPES];
    for (i, def) in kinds.iter().enumerate() {
        let Some(letter) = single_letter(def) else {
            lines.push(format!(
                "# {} ({}): XBoard names pieces by one letter",
                def.name, def.letter
            ));
            continue;
        };
        let Some(slot) = slot_of[i] else {
            lines.push(format!("# {} ({letter}): no piece image left", def.name));
            continue;
        };
        white[slot] = letter;
        match &def.xbetza {
            Ok(m) if is_native(slot, m) => {}
            Ok(m) => lines.push(format!("piece {letter}& {m}")),
            Err(why) => lines.push(format!("# {} ({letter}): {why}", def.name)),
        }
    }
    let last = (0..KING)
        .rev()
        .find(|&t| white[t] != '.')
        .map_or(0, |t| t + 1);
    let mut side: String = white[..last].iter().collect();
    side.push(white[KING]);
    let table = format!("{side}{}", side.to_ascii_lowercase());
    let hand_kinds = white[..last].iter().filter(|&&c| c != '.').count();
    Announcement {
        table,
        hand_kinds,
        lines,
    }
}

/// The kind's FEN letter, when it is one ASCII letter.
fn single_letter(def: &KindMoves) -> Option<char> {
    let mut chars = def.letter.chars();
    match (chars.next(), chars.next()) {
        (Some(c), None) if c.is_ascii_alphabetic() => Some(c.to_ascii_uppercase()),
        _ => None,
    }
}

/// Does XBoard move a piece of type `slot` like this on its own?
fn is_native(slot: usize, moves: &str) -> bool {
    (slot == PAWN && moves == PAWN_MOVES) || NATIVE.contains(&(slot, moves))
}
