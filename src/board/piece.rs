use super::Color;

/// Most piece kinds one variant may declare (cycle forms count separately).
pub const MAX_KINDS: usize = 126;

/// A kind of piece in the current variant: an index into `Rules::pieces`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct PieceKind(pub u8);

impl PieceKind {
    /// The index into the variant's piece table.
    pub fn index(self) -> usize {
        self.0 as usize
    }
}

/// A kind and a colour: what stands on a square.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Piece {
    /// What it is.
    pub kind: PieceKind,
    /// Whose it is.
    pub color: Color,
}

impl Piece {
    /// A piece of `kind` and `color`.
    pub fn new(kind: PieceKind, color: Color) -> Piece {
        Piece { kind, color }
    }

    /// The one-byte cell code: 0 is an empty cell, so codes start at 1.
    pub fn code(self) -> u8 {
        1 + self.kind.0 * 2 + self.color as u8
    }

    /// The piece behind a nonzero cell code.
    pub fn from_code(code: u8) -> Option<Piece> {
        if code == 0 {
            return None;
        }
        let c = code - 1;
        let color = if c & 1 == 0 {
            Color::White
        } else {
            Color::Black
        };
        Some(Piece {
            kind: PieceKind(c >> 1),
            color,
        })
    }
}
