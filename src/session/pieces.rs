//! How a variant's kinds move, told in XBoard's dialect of Betza
//! notation, for a GUI that judges no moves itself but must draw them
//! (the XBoard front end's `piece` commands).

use super::Rulebook;
use crate::board::PieceKind;
use crate::diag::Span;
use crate::lang::movement::{Atom, Style, parse_movement};
use crate::rules::{PieceDef, Rules};
use serde::{Deserialize, Serialize};
use std::collections::BTreeSet;

/// A kind of the variant as a GUI that draws its moves is told of it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct KindMoves {
    /// Its name.
    pub name: String,
    /// White's FEN letter (or letters).
    pub letter: String,
    /// It must be kept from capture.
    pub royal: bool,
    /// It moves and promotes as a pawn.
    pub pawn: bool,
    /// Its movement in XBoard's Betza (directions, then `m`/`c`,
    /// `p`/`g`, `n`, `j`, after an `i` for initial moves), or why
    /// XBoard's Betza cannot say it.
    pub xbetza: Result<String, String>,
}

impl Rulebook {
    /// The variant's declared kinds (not the forms they take in play),
    /// in declaration order, with their moves in XBoard's Betza.
    ///
    /// ```
    /// use changeling::session::{Rulebook, VariantSource};
    /// let book = Rulebook::load(&VariantSource::Name("capablanca".into()))?;
    /// let kinds = book.kinds_for_xboard();
    /// let a = kinds.iter().find(|k| k.name == "archbishop").unwrap();
    /// assert_eq!(a.xbetza.as_deref(), Ok("BN"));
    /// # Ok::<(), changeling::session::Error>(())
    /// ```
    pub fn kinds_for_xboard(&self) -> Vec<KindMoves> {
        let rules = self.rules();
        (0..rules.forms().base_kinds.min(rules.pieces().len()))
            .filter_map(|i| u8::try_from(i).ok())
            .map(|i| {
                let kind = PieceKind(i);
                let def = rules.piece(kind);
                KindMoves {
                    name: def.name.clone(),
                    letter: def.letter.clone(),
                    royal: def.royal,
                    pawn: def.pawn,
                    xbetza: describe(rules, kind, def),
                }
            })
            .collect()
    }

    /// Pieces may be held in hand and dropped: captured ones, or ones
    /// the variant gives.
    pub fn holds_pieces(&self) -> bool {
        let rules = self.rules();
        rules.pocket().is_some()
            || rules.drops().is_some()
            || !rules.masks().drops_from_captures.is_empty()
    }

    /// A captured promoted piece enters the hand as what it was before
    /// promoting.
    pub fn demotes_in_hand(&self) -> bool {
        !self.rules().masks().demotes.is_empty()
    }
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
    xbetza(&def.atoms)
        .or_else(|| locust_as_written(def))
        .ok_or_else(|| format!("XBoard's Betza cannot say `{}`", def.betza))
}

/// A movement with locust legs (XBetza `c` on a leg before the last),
/// sent as the variant writes it: XBoard reads XBetza's `a` legs, so the
/// string goes as it is when it has no brackets (which are not XBetza)
/// and every other part is one XBoard reads.
fn locust_as_written(def: &PieceDef) -> Option<String> {
    let locust = |a: &Atom| a.style == Style::Locust;
    (def.atoms.iter().any(locust)
        && !def.betza.contains('[')
        && def
            .atoms
            .iter()
            .filter(|a| !locust(a) && !a.attack_only)
            .all(|a| xbetza(std::slice::from_ref(a)).is_some()))
    .then(|| def.betza.clone())
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
fn xbetza(atoms: &[Atom]) -> Option<String> {
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
    fn locust_legs_go_to_xboard_as_written() {
        let text = "variant j : chess {\n    piece jumper { letter = J betza = \"mFcafmFcafmavscafmF\" }\n    piece lion { letter = L betza = \"[W?W]cafmF\" }\n}\n";
        let book = crate::session::Rulebook::load(&crate::session::VariantSource::Text {
            name: "j.variant".into(),
            text: text.into(),
            scripts: Default::default(),
        })
        .unwrap();
        let kinds = book.kinds_for_xboard();
        let of = |name: &str| {
            kinds
                .iter()
                .find(|k| k.name == name)
                .unwrap()
                .xbetza
                .clone()
        };
        assert_eq!(of("jumper").as_deref(), Ok("mFcafmFcafmavscafmF"));
        // Brackets are not XBetza: not sent.
        assert!(of("lion").is_err());
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
