//! The parts a piece moves by, its morphs and demotions; squares and
//! their names.

/// The three ways a non-royal piece other than the pawn moves.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(super) enum Part {
    Rook,
    Bishop,
    Knight,
}

const ORTHOGONAL: [(i32, i32); 4] = [(1, 0), (-1, 0), (0, 1), (0, -1)];
const DIAGONAL: [(i32, i32); 4] = [(1, 1), (1, -1), (-1, 1), (-1, -1)];
#[rustfmt::skip]
const LEAPS: [(i32, i32); 8] = [
    (1, 2), (2, 1), (2, -1), (1, -2), (-1, -2), (-2, -1), (-2, 1), (-1, 2),
];

/// The King's eight steps.
pub(super) fn king_steps() -> impl Iterator<Item = &'static (i32, i32)> {
    ORTHOGONAL.iter().chain(&DIAGONAL)
}

impl Part {
    /// The simple piece that moves this way.
    pub(super) fn letter(self) -> char {
        match self {
            Part::Rook => 'R',
            Part::Bishop => 'B',
            Part::Knight => 'N',
        }
    }

    pub(super) fn vectors(self) -> &'static [(i32, i32)] {
        match self {
            Part::Rook => &ORTHOGONAL,
            Part::Bishop => &DIAGONAL,
            Part::Knight => &LEAPS,
        }
    }

    /// Rook and bishop moves go on until blocked; knight moves are leaps.
    pub(super) fn slides(self) -> bool {
        self != Part::Knight
    }
}

/// The ways a kind moves (the King and the Pawn have none of these).
pub(super) fn parts(kind: char) -> &'static [Part] {
    match kind {
        'R' => &[Part::Rook],
        'B' => &[Part::Bishop],
        'N' => &[Part::Knight],
        'Q' => &[Part::Rook, Part::Bishop],
        'M' => &[Part::Rook, Part::Knight],
        'A' => &[Part::Bishop, Part::Knight],
        _ => &[],
    }
}

/// What a simple piece becomes when it escapes an attack (section 3).
pub(super) fn morphed(kind: char) -> Option<char> {
    match kind {
        'N' => Some('Q'),
        'B' => Some('A'),
        'R' => Some('M'),
        _ => None,
    }
}

/// Queen, Marshall and Paladin: the pieces that demote when capturing.
pub(super) fn compound(kind: char) -> bool {
    matches!(kind, 'Q' | 'M' | 'A')
}

pub(super) fn file(sq: usize) -> i32 {
    (sq % 8) as i32
}

pub(super) fn rank(sq: usize) -> i32 {
    (sq / 8) as i32
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
