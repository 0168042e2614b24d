//! Sets of piece kinds, one bit per kind.

use super::{MAX_KINDS, PieceKind};
use std::ops::{BitAnd, BitOr, BitOrAssign};

/// A set of piece kinds: which kinds capture along a path, which freeze,
/// which a victim may be taken by.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct KindSet(u128);

// One bit per kind, with room to spare.
const _: () = assert!(MAX_KINDS <= 128);

impl KindSet {
    /// No kind.
    pub const EMPTY: KindSet = KindSet(0);
    /// Every kind.
    pub const ALL: KindSet = KindSet(u128::MAX);

    /// The set of one kind.
    #[inline]
    pub const fn of(kind: PieceKind) -> KindSet {
        KindSet(1 << kind.0)
    }

    /// Is `kind` in the set?
    #[inline]
    pub const fn contains(self, kind: PieceKind) -> bool {
        self.0 >> kind.0 & 1 != 0
    }

    /// Adds `kind`.
    #[inline]
    pub fn insert(&mut self, kind: PieceKind) {
        self.0 |= 1 << kind.0;
    }

    /// Is the set empty?
    #[inline]
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// Do the two sets share a kind?
    #[inline]
    pub const fn intersects(self, other: KindSet) -> bool {
        self.0 & other.0 != 0
    }

    /// The kinds in the set, lowest first.
    pub fn iter(self) -> impl Iterator<Item = PieceKind> {
        (0..MAX_KINDS as u8)
            .filter(move |&k| self.0 >> k & 1 != 0)
            .map(PieceKind)
    }
}

impl FromIterator<PieceKind> for KindSet {
    fn from_iter<I: IntoIterator<Item = PieceKind>>(iter: I) -> KindSet {
        let mut set = KindSet::EMPTY;
        for k in iter {
            set.insert(k);
        }
        set
    }
}

impl BitOr for KindSet {
    type Output = KindSet;
    #[inline]
    fn bitor(self, other: KindSet) -> KindSet {
        KindSet(self.0 | other.0)
    }
}

impl BitOrAssign for KindSet {
    #[inline]
    fn bitor_assign(&mut self, other: KindSet) {
        self.0 |= other.0;
    }
}

impl BitAnd for KindSet {
    type Output = KindSet;
    #[inline]
    fn bitand(self, other: KindSet) -> KindSet {
        KindSet(self.0 & other.0)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_set_holds_exactly_the_kinds_put_in() {
        let set: KindSet = [PieceKind(0), PieceKind(5), PieceKind(125)]
            .into_iter()
            .collect();
        assert!(set.contains(PieceKind(5)) && set.contains(PieceKind(125)));
        assert!(!set.contains(PieceKind(1)) && !set.contains(PieceKind(124)));
        assert_eq!(
            set.iter().collect::<Vec<_>>(),
            [PieceKind(0), PieceKind(5), PieceKind(125)]
        );
        assert_eq!(set & KindSet::of(PieceKind(5)), KindSet::of(PieceKind(5)));
        assert!(KindSet::EMPTY.is_empty() && !KindSet::ALL.is_empty());
    }
}
