//! Captures limited by immunity and protectors, and pieces frozen by enemy auras.

use super::*;

/// May `attacker` capture `victim` on `sq`? Not when the victim is immune
/// to the attacker's kind (`captured_by`) or stands next to a friendly
/// protector (`protects`).
#[inline(always)]
pub(crate) fn may_take(
    rules: &Rules,
    pos: &Position,
    sq: Square,
    attacker: Piece,
    victim: Piece,
) -> bool {
    !rules.auras().capture_limits || may_take_limited(rules, pos, sq, attacker, victim)
}

/// `may_take` in a variant with immunity or protectors (kept out of line
/// so the common case stays small in the generators).
#[inline(never)]
pub(super) fn may_take_limited(
    rules: &Rules,
    pos: &Position,
    sq: Square,
    attacker: Piece,
    victim: Piece,
) -> bool {
    rules.auras().capturable_by[victim.kind.index()].contains(attacker.kind)
        && !protected(rules, pos, sq, victim.color)
}

/// Is a piece of `color` on `sq` protected by an adjacent friendly
/// protector (the Shield)? The protector itself is protected only by
/// another one.
#[inline(always)]
pub fn protected(rules: &Rules, pos: &Position, sq: Square, color: Color) -> bool {
    !rules.auras().protectors.is_empty()
        && next_to(rules, pos, sq, pos.occupied(color), |q| {
            q.color == color && rules.auras().protectors.contains(q.kind)
        })
}

/// Is `piece` on `sq` frozen by an adjacent enemy freezer (the
/// Immobilizer; the Chameleon for Immobilizers)? A frozen piece neither
/// moves nor attacks.
#[inline(always)]
pub fn frozen(rules: &Rules, pos: &Position, sq: Square, piece: Piece) -> bool {
    !rules.auras().freezers.is_empty()
        && next_to(rules, pos, sq, pos.occupied(!piece.color), |q| {
            q.color != piece.color
                && rules.auras().freezers.contains(q.kind)
                && rules.auras().freeze_mask[q.kind.index()].contains(piece.kind)
        })
}

/// Does a piece next to `sq`, on a square of `among`, satisfy `f`?
#[inline(never)]
pub(super) fn next_to(
    rules: &Rules,
    pos: &Position,
    sq: Square,
    among: SquareSet,
    f: impl Fn(Piece) -> bool,
) -> bool {
    rules.tables().around[sq.index()]
        .and(&among)
        .iter()
        .any(|n| pos.piece_at(n).is_some_and(&f))
}
