//! What XBoard must be told about a variant it does not know: which of
//! its piece images stands for each kind (the table in parentheses of
//! the `setup` command) and how the kinds it cannot know move (`piece`
//! commands, in XBoard's dialect of Betza notation).

use crate::board::PieceKind;
use crate::diag::Span;
use crate::lang::movement::{Atom, Style, parse_movement};
use crate::rules::{PieceDef, Rules};
use std::collections::BTreeSet;

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

/// The table and piece commands for `rules`' declared kinds.
pub(super) fn announce(rules: &Rules) -> Announcement {
    let mut lines = Vec::new();
    let mut slot_of: Vec<Option<usize>> = Vec::new();
    let mut taken = [false; TYPES];
    let kinds: Vec<(PieceKind, &PieceDef)> =
        (0..rules.forms().base_kinds.min(rules.pieces().len()))
            .filter_map(|i| u8::try_from(i).ok())
            .map(|i| (PieceKind(i), rules.piece(PieceKind(i))))
            .collect();
    let moves: Vec<Result<String, String>> = kinds
        .iter()
        .map(|&(k, def)| describe(rules, k, def))
        .collect();
    // First the king, the pawn and the kinds with a likeness, then the
    // rest on spare images.
    for (i, (_, def)) in kinds.iter().enumerate() {
        let letter = single_letter(def);
        let wanted = if letter.is_none() {
            None
        } else if def.royal {
            Some(KING)
        } else if def.pawn {
            Some(PAWN)
        } else {
            moves[i]
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
    for (i, (_, def)) in kinds.iter().enumerate() {
        if slot_of[i].is_some() || single_letter(def).is_none() {
            continue;
        }
        if let Some(&t) = SPARE.iter().find(|&&t| !taken[t]) {
            taken[t] = true;
            slot_of[i] = Some(t);
        }
    }
    let mut white = ['.'; TYPES];
    for (i, (_, def)) in kinds.iter().enumerate() {
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
        match &moves[i] {
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
fn single_letter(def: &PieceDef) -> Option<char> {
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

/// The kind's movement in XBoard's Betza, or why it has none.
fn describe(rules: &Rules, kind: PieceKind, def: &PieceDef) -> Result<String, String> {
    if rules
        .kinds()
        .script_only
        .get(kind.index())
        .copied()
        .unwrap_or(false)
        || rules
            .kinds()
            .scripted
            .get(kind.index())
            .copied()
            .unwrap_or(false)
    {
        return Err(match def.capture {
            Some(mode) => format!("captures by {}, which XBoard cannot be told", mode.words()),
            None => "moves by its script, which XBoard cannot be told".into(),
        });
    }
    if !def.units.is_empty() {
        return Err("a stack of units, which XBoard cannot show".into());
    }
    xbetza(&def.atoms).ok_or_else(|| format!("XBoard's Betza cannot say `{}`", def.betza))
}

/// The leap a step belongs to: its letter in Betza and the steps of its
/// full set.
fn leap_class(dx: i8, dy: i8) -> Option<char> {
    let (a, b) = {
        let (x, y) = (dx.unsigned_abs(), dy.unsigned_abs());
        (x.min(y), x.max(y))
    };
    Some(match (a, b) {
        (0, 1) => 'W',
        (1, 1) => 'F',
        (0, 2) => 'D',
        (1, 2) => 'N',
        (2, 2) => 'A',
        (0, 3) => 'H',
        (1, 3) => 'C',
        (2, 3) => 'Z',
        (3, 3) => 'G',
        _ => return None,
    })
}

/// Direction modifiers tried, simplest first.
const MODIFIERS: [&str; 33] = [
    "f", "b", "l", "r", "v", "s", "fl", "fr", "bl", "br", "lf", "rf", "lb", "rb", "ff", "bb", "ll",
    "rr", "fs", "bs", "lv", "rv", "fh", "bh", "lh", "rh", "hl", "hr", "fv", "bv", "sv", "ls", "rs",
];

type Dirs = BTreeSet<(i8, i8)>;

/// The steps `text` (one atom) allows.
fn dirs_of(text: &str) -> Option<Dirs> {
    let atoms = parse_movement(text, Span::default()).ok()?;
    let mut set = Dirs::new();
    for a in &atoms {
        set.extend(a.dirs.iter().copied());
    }
    Some(set)
}

/// Modifier strings that together select exactly `dirs` of `letter`
/// (one string when one will do).
fn modifiers(letter: char, dirs: &Dirs) -> Option<Vec<String>> {
    let full = dirs_of(&letter.to_string())?;
    if *dirs == full {
        return Some(vec![String::new()]);
    }
    let subsets: Vec<(&str, Dirs)> = MODIFIERS
        .iter()
        .filter_map(|m| Some((*m, dirs_of(&format!("{m}{letter}"))?)))
        .filter(|(_, s)| !s.is_empty() && s.is_subset(dirs))
        .collect();
    if let Some((m, _)) = subsets.iter().find(|(_, s)| s == dirs) {
        return Some(vec![(*m).to_string()]);
    }
    // Cover the steps with several atoms, largest first.
    let mut left = dirs.clone();
    let mut out = Vec::new();
    while !left.is_empty() {
        let (m, s) = subsets
            .iter()
            .filter(|(_, s)| !s.is_disjoint(&left))
            .max_by_key(|(_, s)| s.intersection(&left).count())?;
        out.push((*m).to_string());
        left = left.difference(s).copied().collect();
    }
    Some(out)
}

/// `atoms` in XBoard's Betza: directions, then `m`/`c`, `p`/`g`, `n`,
/// `j`, after an `i` for initial moves; riders as `R`, `B`, `Q` or a
/// leap with a range (`N0`). `None` for anything XBoard cannot read.
pub(super) fn xbetza(atoms: &[Atom]) -> Option<String> {
    let mut parts: Vec<String> = Vec::new();
    for atom in atoms.iter().filter(|a| !a.attack_only) {
        let mut by_class: Vec<(char, Dirs)> = Vec::new();
        for &(dx, dy) in &atom.dirs {
            let c = leap_class(dx, dy)?;
            match by_class.iter_mut().find(|(l, _)| *l == c) {
                Some((_, set)) => {
                    set.insert((dx, dy));
                }
                None => by_class.push((c, Dirs::from([(dx, dy)]))),
            }
        }
        for (letter, dirs) in &by_class {
            for m in modifiers(*letter, dirs)? {
                parts.push(write_atom(atom, &m, *letter)?);
            }
        }
    }
    merge(&mut parts, 'W', 'F', 'K');
    merge(&mut parts, 'R', 'B', 'Q');
    let out = parts.concat();
    (!out.is_empty()).then_some(out)
}

/// Writes a wazir and a ferz with the same modes and no directions as
/// one king (`WF` as `K`; `RB` as `Q`).
fn merge(parts: &mut Vec<String>, orthogonal: char, diagonal: char, both: char) {
    let mut i = 0;
    while i < parts.len() {
        let p = &parts[i];
        let modes = p.strip_suffix(orthogonal).filter(|m| {
            m.chars()
                .all(|c| matches!(c, 'i' | 'm' | 'c' | 'p' | 'g' | 'n' | 'j'))
        });
        if let Some(modes) = modes {
            let partner = format!("{modes}{diagonal}");
            if let Some(j) = parts.iter().position(|q| *q == partner) {
                parts[i] = format!("{modes}{both}");
                parts.remove(j);
                if j < i {
                    i -= 1;
                }
            }
        }
        i += 1;
    }
}

/// One atom: `letter` in the directions `dir`, with `atom`'s style and
/// modes.
fn write_atom(atom: &Atom, dir: &str, letter: char) -> Option<String> {
    let mut s = String::new();
    if atom.initial {
        s.push('i');
    }
    s.push_str(dir);
    match (atom.can_move, atom.can_capture) {
        (true, false) => s.push('m'),
        (false, true) => s.push('c'),
        (true, true) => {}
        (false, false) => return None,
    }
    let rider = |s: &mut String, range: u8| {
        let slider = match letter {
            'W' => Some('R'),
            'F' => Some('B'),
            'K' => Some('Q'),
            _ => None,
        };
        match (slider, range) {
            (Some(l), 0) => s.push(l),
            (Some(l), r) => s.push_str(&format!("{l}{r}")),
            (None, r) => s.push_str(&format!("{letter}{r}")),
        }
    };
    match atom.style {
        Style::Leap => {
            if atom.lame {
                s.push('n');
            }
            s.push(letter);
        }
        Style::Ride => {
            if atom.lame {
                s.push('n');
            }
            if atom.skip_first {
                s.push('j');
            }
            rider(&mut s, atom.range);
        }
        Style::Hop | Style::Grasshopper if atom.range == 0 && !atom.skip_first => {
            s.push(if atom.style == Style::Hop { 'p' } else { 'g' });
            rider(&mut s, 0);
        }
        _ => return None,
    }
    Some(s)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn xb(betza: &str) -> Option<String> {
        xbetza(&parse_movement(betza, Span::default()).unwrap())
    }

    /// Every step, mode and style an atom list allows, for comparing
    /// two writings of one movement.
    fn moves(betza: &str) -> BTreeSet<String> {
        let atoms = parse_movement(betza, Span::default()).unwrap();
        let mut out = BTreeSet::new();
        for a in atoms {
            for d in &a.dirs {
                out.insert(format!(
                    "{d:?} {:?} {} {} {} {} {} {}",
                    a.style, a.range, a.can_move, a.can_capture, a.lame, a.skip_first, a.initial
                ));
            }
        }
        out
    }

    #[test]
    fn movements_are_written_as_xboard_reads_them() {
        for (ours, theirs) in [
            ("K", "K"),
            ("Q", "Q"),
            ("NN", "N0"),
            ("fmWfcFifmnD", "fmWfcFifmnD"),
            ("fmFfcWifmnA", "fmFfcWifmnA"),
            ("mRcpR", "mRcpR"),
            ("mQcpQ", "mQcpQ"),
            ("RNNF", "RN0F"),
            ("KN", "KN"),
            ("R4", "R4"),
        ] {
            assert_eq!(xb(ours).as_deref(), Some(theirs), "{ours}");
        }
        for scripted in ["afsW", "FyafsF", "zR", "[R=*B][B=*R]", "oB"] {
            assert_eq!(xb(scripted), None, "{scripted}");
        }
    }

    #[test]
    fn directions_read_back_as_the_same_moves() {
        for betza in [
            "fN",
            "bN",
            "fsN",
            "ffN",
            "lN",
            "frN",
            "fW",
            "bF",
            "sW",
            "vR",
            "fB",
            "flF",
            "fmWfcFfsmN",
            "bmR",
            "lW",
            "rbF",
            "vN",
            "sN",
            "hlN",
            "bD",
            "fmnD",
        ] {
            let ours = xb(betza).unwrap_or_else(|| panic!("{betza}"));
            assert_eq!(moves(&ours), moves(betza), "{betza} as {ours}");
        }
    }
}
