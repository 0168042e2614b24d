//! Sets of mutators, one bit per mutator.

use std::ops::{BitAnd, BitOr, BitOrAssign};

/// A set of mutators, by index into the variant's mutators (bit `i` is
/// `rules.mutators[i]`): the ones a position has on, the ones that make
/// captures explode, the ones an interaction needs.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct MutatorSet(u32);

impl MutatorSet {
    /// No mutator.
    pub const EMPTY: MutatorSet = MutatorSet(0);
    /// Every mutator.
    pub const ALL: MutatorSet = MutatorSet(u32::MAX);
    /// Most mutators a set can hold.
    pub const CAPACITY: usize = 32;

    /// The set whose bit `i` is mutator `i`, as tables indexed by the set
    /// and scripts number it.
    #[inline]
    pub const fn from_bits(bits: u32) -> MutatorSet {
        MutatorSet(bits)
    }

    /// The set as a number: bit `i` is mutator `i`.
    #[inline]
    pub const fn bits(self) -> u32 {
        self.0
    }

    /// Every set of the first `n` mutators, in the order of their
    /// numbers ([`bits`](Self::bits)) from the empty set.
    pub fn all_of_first(n: usize) -> impl Iterator<Item = MutatorSet> {
        (0..1u32 << n).map(MutatorSet)
    }

    /// The set of mutator `i`.
    #[inline]
    pub const fn of(i: usize) -> MutatorSet {
        MutatorSet(1 << i)
    }

    /// Is mutator `i` in the set?
    #[inline]
    pub const fn contains(self, i: usize) -> bool {
        i < Self::CAPACITY && self.0 >> i & 1 != 0
    }

    /// Adds mutator `i`.
    #[inline]
    pub fn insert(&mut self, i: usize) {
        self.0 |= 1 << i;
    }

    /// Is the set empty?
    #[inline]
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// How many mutators the set holds.
    #[inline]
    pub const fn len(self) -> usize {
        self.0.count_ones() as usize
    }

    /// Do the two sets share a mutator?
    #[inline]
    pub const fn intersects(self, other: MutatorSet) -> bool {
        self.0 & other.0 != 0
    }

    /// Is every mutator of `other` in the set?
    #[inline]
    pub const fn contains_all(self, other: MutatorSet) -> bool {
        self.0 & other.0 == other.0
    }

    /// The set without the mutators of `other`.
    #[inline]
    pub const fn without(self, other: MutatorSet) -> MutatorSet {
        MutatorSet(self.0 & !other.0)
    }

    /// The mutators in the set, lowest first.
    pub fn iter(self) -> impl Iterator<Item = usize> {
        (0..Self::CAPACITY).filter(move |&i| self.0 >> i & 1 != 0)
    }
}

/// A set equals the bit mask with the same bits (the number scripts and
/// records show).
impl PartialEq<u32> for MutatorSet {
    fn eq(&self, bits: &u32) -> bool {
        self.0 == *bits
    }
}

impl FromIterator<usize> for MutatorSet {
    fn from_iter<I: IntoIterator<Item = usize>>(iter: I) -> MutatorSet {
        let mut set = MutatorSet::EMPTY;
        for i in iter {
            set.insert(i);
        }
        set
    }
}

impl BitOr for MutatorSet {
    type Output = MutatorSet;
    #[inline]
    fn bitor(self, other: MutatorSet) -> MutatorSet {
        MutatorSet(self.0 | other.0)
    }
}

impl BitOrAssign for MutatorSet {
    #[inline]
    fn bitor_assign(&mut self, other: MutatorSet) {
        self.0 |= other.0;
    }
}

impl BitAnd for MutatorSet {
    type Output = MutatorSet;
    #[inline]
    fn bitand(self, other: MutatorSet) -> MutatorSet {
        MutatorSet(self.0 & other.0)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_set_holds_exactly_the_mutators_put_in() {
        let set: MutatorSet = [0, 3, 11].into_iter().collect();
        assert!(set.contains(3) && set.contains(11));
        assert!(!set.contains(1) && !set.contains(12) && !set.contains(40));
        assert_eq!(set.iter().collect::<Vec<_>>(), [0, 3, 11]);
        assert_eq!(set.bits(), 0b1000_0000_1001);
        assert_eq!(set.len(), 3);
        assert_eq!(set & MutatorSet::of(3), MutatorSet::of(3));
        assert!(set.intersects(MutatorSet::of(0)) && !set.intersects(MutatorSet::of(2)));
        assert!(set.contains_all(MutatorSet::of(0) | MutatorSet::of(11)));
        assert!(!set.contains_all(MutatorSet::of(0) | MutatorSet::of(2)));
        assert_eq!(set.without(MutatorSet::of(3)).bits(), 0b1000_0000_0001);
        assert!(MutatorSet::EMPTY.is_empty() && !set.is_empty());
        assert!(MutatorSet::ALL.contains_all(set) && MutatorSet::ALL.contains(31));
        assert_eq!(
            MutatorSet::all_of_first(2)
                .map(MutatorSet::bits)
                .collect::<Vec<_>>(),
            [0, 1, 2, 3]
        );
    }
}
