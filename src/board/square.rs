/// Widest board supported.
pub const MAX_FILES: usize = 16;
/// Tallest board supported.
pub const MAX_RANKS: usize = 16;
/// Most squares on a board.
pub const MAX_SQUARES: usize = MAX_FILES * MAX_RANKS;

/// A square: `rank * width + file`, where the width is the variant's.
///
/// A square is meaningful only together with the board geometry it was made
/// for; `Rules::geometry` converts between squares, files, ranks and names.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Square(pub u8);

impl Square {
    /// The index into cell arrays.
    #[inline]
    pub fn index(self) -> usize {
        self.0 as usize
    }
}
