//! What playing a move asks of a variant's script: the effects that
//! follow it. The script bridge implements the trait and the loader
//! installs it in the rules' extensions (only when the variant declares
//! the `after_move` hook), so that this layer never names the script.

use super::{Effect, Move, Position};
use crate::rules::Rules;
use std::fmt;
use std::sync::Arc;

/// Effects a script adds after every move.
pub trait AfterMove: Send + Sync + fmt::Debug {
    /// The effects that follow `mv`, played from `pos` (the position
    /// after the move itself). A failing script adds none.
    fn after_move(&self, rules: &Rules, pos: &Position, mv: &Move) -> Vec<Effect>;
}

/// The `after_move` hook installed in `rules`, if any.
#[inline]
pub fn after_move_hook(rules: &Rules) -> Option<&dyn AfterMove> {
    // A variant without a script answers at once.
    rules.script.as_ref()?;
    rules
        .extensions
        .get::<Arc<dyn AfterMove>>()
        .map(|h| h.as_ref())
}
