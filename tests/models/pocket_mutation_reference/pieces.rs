//! The kinds: their value classes, the parts they move by, what a
//! pocketed piece may become; squares and their names.

/// The value classes 1 to 8 (OQ-1), lowest first, each as its pieces'
/// letters in alphabetical order. The King is in none.
const CLASSES: [&str; 8] = ["P", "BN", "DIR", "AG", "MQUV", "FWX", "HT", "Z"];

/// The ways a piece other than the pawn moves (section 3): the parts a
/// compound is made of.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(super) enum Part {
    /// Orthogonal slide.
    Rook,
    /// Diagonal slide.
    Bishop,
    /// One knight leap.
    Knight,
    /// Knight leaps repeated in one direction, blocked only on the
    /// squares it lands on.
    Nightrider,
    /// One orthogonal step.
    Wazir,
    /// One diagonal step.
    Ferz,
}

pub(super) const PARTS: [Part; 6] = [
    Part::Rook,
    Part::Bishop,
    Part::Knight,
    Part::Nightrider,
    Part::Wazir,
    Part::Ferz,
];

const ORTHOGONAL: [(i32, i32); 4] = [(1, 0), (-1, 0), (0, 1), (0, -1)];
const DIAGONAL: [(i32, i32); 4] = [(1, 1), (1, -1), (-1, 1), (-1, -1)];
#[rustfmt::skip]
const LEAPS: [(i32, i32); 8] = [
    (1, 2), (2, 1), (2, -1), (1, -2), (-1, -2), (-2, -1), (-2, 1), (-1, 2),
];

impl Part {
    pub(super) fn vectors(self) -> &'static [(i32, i32)] {
        match self {
            Part::Rook | Part::Wazir => &ORTHOGONAL,
            Part::Bishop | Part::Ferz => &DIAGONAL,
            Part::Knight | Part::Nightrider => &LEAPS,
        }
    }

    /// Riders go on until blocked; the others make one step or leap.
    pub(super) fn slides(self) -> bool {
        matches!(self, Part::Rook | Part::Bishop | Part::Nightrider)
    }
}

/// The parts of each kind, after the Betza column of section 3 ("Super"
/// adds the King's steps the piece lacks, "Rider" the Nightrider). The
/// pawn has none; the King is a Wazir and a Ferz.
pub(super) fn parts(kind: char) -> &'static [Part] {
    use Part::{Bishop, Ferz, Knight, Nightrider, Rook, Wazir};
    match kind {
        'K' => &[Wazir, Ferz],
        'N' => &[Knight],
        'B' => &[Bishop],
        'R' => &[Rook],
        'I' => &[Nightrider],
        'D' => &[Bishop, Wazir],
        'A' => &[Bishop, Knight],
        'G' => &[Rook, Ferz],
        'Q' => &[Rook, Bishop],
        'M' => &[Rook, Knight],
        'U' => &[Bishop, Nightrider],
        'V' => &[Bishop, Knight, Wazir],
        'F' => &[Rook, Nightrider],
        'W' => &[Rook, Knight, Ferz],
        'X' => &[Bishop, Nightrider, Wazir],
        'T' => &[Rook, Bishop, Knight],
        'H' => &[Rook, Nightrider, Ferz],
        'Z' => &[Rook, Bishop, Nightrider],
        _ => &[],
    }
}

/// The class of a kind, counted from 0 (the pawn) to 7 (the AmazonRider).
fn class(kind: char) -> usize {
    CLASSES
        .iter()
        .position(|c| c.contains(kind))
        .unwrap_or_else(|| panic!("{kind} belongs to no class"))
}

/// What a piece may be pocketed as: any kind of its own class, or, taken
/// from its owner's 8th rank, any kind of the next class; the AmazonRider
/// has no next class and stays (section 4, OQ-2, OQ-11).
pub(super) fn pocket_kinds(kind: char, from_last_rank: bool) -> &'static str {
    let c = class(kind);
    if from_last_rank {
        CLASSES[(c + 1).min(CLASSES.len() - 1)]
    } else {
        CLASSES[c]
    }
}

/// The pocket of a side: 0 for White, 1 for Black.
pub(super) fn side(white: bool) -> usize {
    usize::from(!white)
}

pub(super) fn file(sq: usize) -> i32 {
    (sq % 8) as i32
}

pub(super) fn rank(sq: usize) -> i32 {
    (sq / 8) as i32
}

/// The rank of `sq` counted from the side of `white`'s player: 0 is its
/// own 1st rank, 7 its own 8th.
pub(super) fn own_rank(sq: usize, white: bool) -> i32 {
    if white { rank(sq) } else { 7 - rank(sq) }
}

/// The square `df` files and `dr` ranks away, if it is on the board.
pub(super) fn step(sq: usize, df: i32, dr: i32) -> Option<usize> {
    let (f, r) = (file(sq) + df, rank(sq) + dr);
    ((0..8).contains(&f) && (0..8).contains(&r)).then(|| (r * 8 + f) as usize)
}

/// A square from its name, such as `e4`.
pub(super) fn named(name: &str) -> usize {
    let b = name.as_bytes();
    assert!(b.len() == 2, "not a square: {name}");
    let (f, r) = (b[0].wrapping_sub(b'a'), b[1].wrapping_sub(b'1'));
    assert!(f < 8 && r < 8, "not a square: {name}");
    r as usize * 8 + f as usize
}

/// Whether `kind` is a letter of this game (the 18 classed kinds or K).
pub(super) fn known(kind: char) -> bool {
    kind == 'K' || CLASSES.iter().any(|c| c.contains(kind))
}
