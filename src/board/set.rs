use super::{MAX_SQUARES, Square};

/// A set of squares on boards of up to 16x16: a 256-bit bitboard.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub struct SquareSet(pub [u64; 4]);

impl SquareSet {
    /// The empty set.
    pub const EMPTY: SquareSet = SquareSet([0; 4]);

    /// A set holding every square index below `n`.
    pub fn first(n: usize) -> SquareSet {
        let mut s = SquareSet::EMPTY;
        for i in 0..n.min(MAX_SQUARES) {
            s.insert(Square(i as u8));
        }
        s
    }

    /// Is `sq` in the set?
    #[inline]
    pub fn contains(&self, sq: Square) -> bool {
        let i = sq.0 as usize;
        self.0[i >> 6] >> (i & 63) & 1 != 0
    }

    /// Adds `sq`.
    #[inline]
    pub fn insert(&mut self, sq: Square) {
        let i = sq.0 as usize;
        self.0[i >> 6] |= 1 << (i & 63);
    }

    /// Removes `sq`.
    #[inline]
    pub fn remove(&mut self, sq: Square) {
        let i = sq.0 as usize;
        self.0[i >> 6] &= !(1 << (i & 63));
    }

    /// True if no square is in the set.
    #[inline]
    pub fn is_empty(&self) -> bool {
        self.0 == [0; 4]
    }

    /// Does the set share a square with `other`?
    #[inline]
    pub fn intersects(&self, other: &SquareSet) -> bool {
        !self.and(other).is_empty()
    }

    /// The square of lowest index in the set, if any.
    #[inline]
    pub fn lowest(&self) -> Option<Square> {
        let i = self.0.iter().position(|&w| w != 0)?;
        Some(Square((i * 64 + self.0[i].trailing_zeros() as usize) as u8))
    }

    /// The square of highest index in the set, if any.
    #[inline]
    pub fn highest(&self) -> Option<Square> {
        let i = self.0.iter().rposition(|&w| w != 0)?;
        Some(Square(
            (i * 64 + 63 - self.0[i].leading_zeros() as usize) as u8,
        ))
    }

    /// Number of squares in the set.
    pub fn count(&self) -> usize {
        self.0.iter().map(|w| w.count_ones() as usize).sum()
    }

    /// Squares in both sets.
    pub fn and(&self, other: &SquareSet) -> SquareSet {
        SquareSet([
            self.0[0] & other.0[0],
            self.0[1] & other.0[1],
            self.0[2] & other.0[2],
            self.0[3] & other.0[3],
        ])
    }

    /// Squares in this set but not in `other`.
    pub fn minus(&self, other: &SquareSet) -> SquareSet {
        SquareSet([
            self.0[0] & !other.0[0],
            self.0[1] & !other.0[1],
            self.0[2] & !other.0[2],
            self.0[3] & !other.0[3],
        ])
    }

    /// Squares in either set.
    pub fn or(&self, other: &SquareSet) -> SquareSet {
        SquareSet([
            self.0[0] | other.0[0],
            self.0[1] | other.0[1],
            self.0[2] | other.0[2],
            self.0[3] | other.0[3],
        ])
    }

    /// Iterates the squares in increasing index order.
    pub fn iter(&self) -> SquareSetIter {
        SquareSetIter {
            words: self.0,
            word: 0,
        }
    }
}

impl std::ops::BitOr for SquareSet {
    type Output = SquareSet;
    #[inline]
    fn bitor(self, other: SquareSet) -> SquareSet {
        self.or(&other)
    }
}

impl std::ops::BitOrAssign for SquareSet {
    #[inline]
    fn bitor_assign(&mut self, other: SquareSet) {
        *self = self.or(&other);
    }
}

/// Iterator over a [`SquareSet`].
#[derive(Debug)]
pub struct SquareSetIter {
    words: [u64; 4],
    word: usize,
}

impl Iterator for SquareSetIter {
    type Item = Square;
    #[inline]
    fn next(&mut self) -> Option<Square> {
        while self.word < 4 {
            let w = self.words[self.word];
            if w != 0 {
                let bit = w.trailing_zeros() as usize;
                self.words[self.word] = w & (w - 1);
                return Some(Square((self.word * 64 + bit) as u8));
            }
            self.word += 1;
        }
        None
    }
}

impl Extend<Square> for SquareSet {
    fn extend<I: IntoIterator<Item = Square>>(&mut self, iter: I) {
        for sq in iter {
            self.insert(sq);
        }
    }
}

impl FromIterator<Square> for SquareSet {
    fn from_iter<I: IntoIterator<Item = Square>>(iter: I) -> SquareSet {
        let mut s = SquareSet::EMPTY;
        for sq in iter {
            s.insert(sq);
        }
        s
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn iterates_in_order_across_words() {
        let s: SquareSet = [Square(200), Square(3), Square(64)].into_iter().collect();
        assert_eq!(
            s.iter().collect::<Vec<_>>(),
            vec![Square(3), Square(64), Square(200)]
        );
        assert_eq!(s.count(), 3);
    }
}
