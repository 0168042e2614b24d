//! Zobrist keys: one random 64-bit key per hashed feature.

use crate::board::{Color, MAX_SQUARES, Piece, Square};

/// Keys for every feature of a position that changes its legal moves.
#[derive(Clone, Debug)]
pub struct Zobrist {
    squares: usize,
    piece: Vec<u64>,
    upper: Vec<u64>,
    unmoved: Vec<u64>,
    ep: Vec<u64>,
    pocket: Vec<u64>,
    castle: Vec<u64>,
    /// Toggled when Black is to move.
    pub black: u64,
    marker: Vec<u64>,
    promoted: Vec<u64>,
    pending: Vec<u64>,
    checks: Vec<u64>,
    passes: Vec<u64>,
    /// Mixed with a slot and a value into the key of a script's state.
    state_seed: u64,
    /// Keys of the last move's squares (from, then to).
    last: Vec<u64>,
}

/// splitmix64: a small, well-mixed generator; fixed seed so hashes are the
/// same on every machine.
fn splitmix(state: &mut u64) -> u64 {
    *state = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
    let mut z = *state;
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

impl Zobrist {
    /// Keys for `kinds` piece kinds on a board of `squares` squares with
    /// `castles` castling rules.
    pub fn new(kinds: usize, squares: usize, castles: usize) -> Zobrist {
        let mut s = 0x6368_616E_6765_6C69; // "changeli"
        let mut keys = |n: usize| (0..n).map(|_| splitmix(&mut s)).collect::<Vec<u64>>();
        Zobrist {
            squares,
            piece: keys((kinds * 2 + 1) * squares),
            upper: keys((kinds * 2 + 1) * squares),
            unmoved: keys(MAX_SQUARES),
            ep: keys(MAX_SQUARES),
            pocket: keys(2 * kinds * 64),
            castle: keys(castles),
            black: keys(1)[0],
            marker: keys(MAX_SQUARES * 16 * 2),
            promoted: keys(MAX_SQUARES),
            pending: keys(MAX_SQUARES),
            checks: keys(2 * 100),
            passes: keys(2),
            state_seed: keys(1)[0],
            last: keys(2 * MAX_SQUARES),
        }
    }

    /// Key of `piece` on `sq`.
    #[inline]
    pub fn piece(&self, piece: Piece, sq: Square) -> u64 {
        self.piece[piece.code() as usize * self.squares + sq.index()]
    }

    /// Key of `piece` as the upper unit of a stack on `sq`.
    #[inline]
    pub fn upper(&self, piece: Piece, sq: Square) -> u64 {
        self.upper[piece.code() as usize * self.squares + sq.index()]
    }

    /// Key of the promoted mark (the piece came from a promotion) on `sq`.
    #[inline]
    pub fn promoted(&self, sq: Square) -> u64 {
        self.promoted[sq.index()]
    }

    /// Key of a choice waiting for a player about the piece on `sq`.
    #[inline]
    pub fn pending(&self, sq: Square) -> u64 {
        self.pending[sq.index()]
    }

    /// Key of the unmoved bit on `sq`.
    #[inline]
    pub fn unmoved(&self, sq: Square) -> u64 {
        self.unmoved[sq.index()]
    }

    /// Key of an en-passant square.
    #[inline]
    pub fn ep(&self, sq: Square) -> u64 {
        self.ep[sq.index()]
    }

    /// Key of castling right `i` (White's rules first, then Black's).
    #[inline]
    pub fn castle(&self, i: usize) -> u64 {
        self.castle[i]
    }

    /// Key of a marker of mutator `mutator` on `sq`, showing its active
    /// face or not.
    #[inline]
    pub fn marker(&self, sq: Square, mutator: u8, up: bool) -> u64 {
        self.marker[(sq.index() * 16 + mutator as usize % 16) * 2 + up as usize]
    }

    /// Key of `color` having given `n` checks (n-check); none for no
    /// check, so variants that count none hash as if there were no count.
    #[inline]
    pub fn checks(&self, color: Color, n: u8) -> u64 {
        if n == 0 {
            0
        } else {
            self.checks[color.index() * 100 + (n as usize).min(99)]
        }
    }

    /// Key of `n` turns passed in a row (none for none).
    #[inline]
    pub fn passes(&self, n: u8) -> u64 {
        match n {
            0 => 0,
            n => self.passes[(n as usize).min(2) - 1],
        }
    }

    /// Key of a script's state `slot` holding `value` (none for 0, the
    /// value every state starts with). Made by mixing, not looked up:
    /// the values are too many for a table.
    #[inline]
    pub fn state(&self, slot: usize, value: i32) -> u64 {
        if value == 0 {
            return 0;
        }
        let mut s = self.state_seed ^ ((slot as u64) << 32 | u64::from(value as u32));
        splitmix(&mut s)
    }

    /// Key of the last move having gone from `from` to `to` (hashed only
    /// where the variant's script reads the last move).
    #[inline]
    pub fn last(&self, from: Square, to: Square) -> u64 {
        self.last[from.index()] ^ self.last[MAX_SQUARES + to.index()]
    }

    /// Key of holding at least `n + 1` pieces of `kind` (index) in hand.
    pub fn pocket(&self, color: Color, kind: usize, n: usize) -> u64 {
        let kinds = self.pocket.len() / 128;
        self.pocket[(color.index() * kinds + kind) * 64 + n.min(63)]
    }
}
