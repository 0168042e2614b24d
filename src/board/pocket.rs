use super::{Piece, PieceKind};

/// Most pieces one pocket (hand) holds.
pub const POCKET_SLOTS: usize = 32;
/// Most pieces one reserve board holds.
pub const RESERVE_SLOTS: usize = 16;

/// Pieces held in hand, each with a `promoted` bit (a promoted piece may
/// revert when it enters a hand, depending on the variant).
///
/// Fixed-size, so cloning a position never allocates. Pieces are kept in
/// kind order, so equal hands are equal values (hashes count kinds).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Pocket {
    slots: [u8; POCKET_SLOTS],
    len: u8,
}

impl Default for Pocket {
    fn default() -> Pocket {
        Pocket {
            slots: [0; POCKET_SLOTS],
            len: 0,
        }
    }
}

const PROMOTED: u8 = 0x80;

impl Pocket {
    /// Number of pieces held.
    pub fn len(&self) -> usize {
        self.len as usize
    }

    /// True when nothing is held.
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// Adds a piece; returns `false` (and changes nothing) when full.
    pub fn push(&mut self, kind: PieceKind, promoted: bool) -> bool {
        if self.len() == POCKET_SLOTS {
            return false;
        }
        // Kept in kind order, so equal hands compare and print equal
        // whatever order their pieces entered in.
        let code = kind.0 | if promoted { PROMOTED } else { 0 };
        let len = self.len();
        let at = (0..len).find(|&i| self.slots[i] > code).unwrap_or(len);
        self.slots.copy_within(at..len, at + 1);
        self.slots[at] = code;
        self.len += 1;
        true
    }

    /// Removes one piece of `kind` (preferring an unpromoted one); returns
    /// whether one was there and whether it was promoted.
    pub fn take(&mut self, kind: PieceKind) -> Option<bool> {
        let pos = (0..self.len())
            .find(|&i| self.slots[i] == kind.0)
            .or_else(|| (0..self.len()).find(|&i| self.slots[i] & !PROMOTED == kind.0))?;
        let promoted = self.slots[pos] & PROMOTED != 0;
        let len = self.len();
        self.slots.copy_within(pos + 1..len, pos);
        self.len -= 1;
        self.slots[self.len()] = 0;
        Some(promoted)
    }

    /// How many pieces of `kind` are held.
    pub fn count(&self, kind: PieceKind) -> usize {
        self.iter().filter(|&(k, _)| k == kind).count()
    }

    /// The held pieces with their promoted bits, in kind order.
    pub fn iter(&self) -> impl Iterator<Item = (PieceKind, bool)> + '_ {
        self.slots[..self.len()]
            .iter()
            .map(|&b| (PieceKind(b & !PROMOTED), b & PROMOTED != 0))
    }

    /// Removes everything.
    pub fn clear(&mut self) {
        *self = Pocket::default();
    }
}

/// A reserve board: pieces waiting to be dropped in a declared order, used
/// from the front (drops) and from the back (promotion by drop order).
///
/// Two reserves are equal when they hold the same pieces in the same
/// places: the cursors of an empty reserve (where its front and back met)
/// are not part of its state.
#[derive(Clone, Copy, Debug, Default)]
pub struct Reserve {
    /// The pieces in drop order; slots outside `front..back` are spent.
    pub pieces: [Option<Piece>; RESERVE_SLOTS],
    /// Index of the next piece to drop.
    pub front: u8,
    /// One past the last piece still held.
    pub back: u8,
    /// How many pieces it started with (slots past `back` were used from
    /// the back).
    pub len: u8,
}

impl PartialEq for Reserve {
    fn eq(&self, other: &Reserve) -> bool {
        self.pieces == other.pieces && self.len == other.len
    }
}

impl Eq for Reserve {}

impl std::hash::Hash for Reserve {
    fn hash<H: std::hash::Hasher>(&self, state: &mut H) {
        self.pieces.hash(state);
        self.len.hash(state);
    }
}

impl Reserve {
    /// Pieces still held, front first.
    pub fn remaining(&self) -> impl Iterator<Item = Piece> + '_ {
        self.pieces[self.front as usize..self.back as usize]
            .iter()
            .flatten()
            .copied()
    }

    /// True when no piece is left.
    pub fn is_empty(&self) -> bool {
        self.front >= self.back
    }

    /// A full reserve holding `pieces` in drop order (at most
    /// [`RESERVE_SLOTS`]; more are left out).
    pub fn with(pieces: &[Piece]) -> Reserve {
        let mut r = Reserve::default();
        for (slot, &p) in r.pieces.iter_mut().zip(pieces) {
            *slot = Some(p);
        }
        r.len = pieces.len().min(RESERVE_SLOTS) as u8;
        r.back = r.len;
        r
    }

    /// The last piece held (the next to go to a promotion).
    pub fn last(&self) -> Option<Piece> {
        if self.is_empty() {
            return None;
        }
        self.pieces[self.back as usize - 1]
    }

    /// Takes the last piece held.
    pub fn take_last(&mut self) -> Option<Piece> {
        let p = self.last()?;
        self.back -= 1;
        self.pieces[self.back as usize] = None;
        Some(p)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// An emptied reserve is the same whichever end emptied it.
    #[test]
    fn empty_reserves_are_equal_whatever_their_cursors() {
        let p = Piece::new(PieceKind(2), crate::board::Color::White);
        let mut a = Reserve::with(&[p, p]);
        let mut b = a;
        a.front = 2;
        a.pieces = [None; RESERVE_SLOTS];
        b.take_last();
        b.take_last();
        assert_ne!((a.front, a.back), (b.front, b.back));
        assert_eq!(a, b);
        assert_ne!(a, Reserve::with(&[p]));
    }

    #[test]
    fn pocket_take_prefers_unpromoted() {
        let mut p = Pocket::default();
        assert!(p.push(PieceKind(3), true));
        assert!(p.push(PieceKind(3), false));
        assert_eq!(p.take(PieceKind(3)), Some(false));
        assert_eq!(p.take(PieceKind(3)), Some(true));
        assert_eq!(p.take(PieceKind(3)), None);
        assert!(p.is_empty());
    }
}
