//! What playing a move asks of the layers above: of a variant's script,
//! the effects that follow it (`AfterMove`, installed only when the
//! variant declares the `after_move` hook); of move generation, whether a
//! piece could capture onto a square and whether a side is in check
//! (`CaptureProbe`). The loader
//! installs both in the rules' extensions, so that this layer never names
//! the layers that answer.

use super::{Effect, Move, Position};
use crate::board::{Color, Square};
use crate::rules::Rules;
use std::fmt;
use std::sync::Arc;

/// Effects a script adds after every move.
pub trait AfterMove: Send + Sync + fmt::Debug {
    /// The effects that follow `mv`, played from `pos` (the position
    /// after the move itself). A failing script adds none.
    fn after_move(&self, rules: &Rules, pos: &Position, mv: &Move) -> Vec<Effect>;
}

/// What only move generation knows and playing a move asks: could a
/// piece capture onto a square by one of its moves (lame and multi-leg
/// captures included)? Move generation implements it and the loader
/// installs it (used to record en passant under mutators).
pub trait CaptureProbe: Send + Sync + fmt::Debug {
    /// Could the piece on `from` in `pos` capture onto `to` (`buf` is
    /// scratch space)?
    fn captures_onto(
        &self,
        rules: &Rules,
        pos: &Position,
        from: Square,
        to: Square,
        buf: &mut Vec<Move>,
    ) -> bool;

    /// Is a royal piece of `color` attacked in `pos` (for counting the
    /// checks a move gives)?
    fn in_check(&self, rules: &Rules, pos: &Position, color: Color) -> bool;
}

/// The capture probe installed in `rules`, if any.
#[inline]
pub fn capture_probe(rules: &Rules) -> Option<&dyn CaptureProbe> {
    rules
        .extensions()
        .get::<Arc<dyn CaptureProbe>>()
        .map(|h| h.as_ref())
}

/// The `after_move` hook installed in `rules`, if any.
#[inline]
pub fn after_move_hook(rules: &Rules) -> Option<&dyn AfterMove> {
    // A variant without a script answers at once.
    rules.script().as_ref()?;
    rules
        .extensions()
        .get::<Arc<dyn AfterMove>>()
        .map(|h| h.as_ref())
}
