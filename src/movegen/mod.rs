//! Move generation, attacks, legality and perft, from [`Rules`] and a
//! [`Position`]. Legality is judged on whole turns: a move is legal when,
//! after it, no royal of the mover is attacked under the attack view.
//!
//! One file per family: `pieces` (a piece's own moves, dispatched by
//! family, and scripted moves), `leaps` (leapers, riders, hoppers, en
//! passant), `modes` (captures by a capture mode: withdrawal, approach, leap,
//! imitation, shooting, swapping, collision, slinging, recruiting), `paths`
//! (bent, crooked, circular, cylindrical),
//! `promotion` (promotions and morphs), `castling`, `drops` (hands and
//! reserve drops), `stack` (units sharing a square), `auras` (immunity,
//! protection, freezing), `attack` (the attack view), `legality` (checks,
//! pins, copy-make, counting), `goals` (games won by checks given, a
//! region reached, a kind wiped out), `screens` (legality where pieces hop),
//! `turns` (the turn-level rules: swaps, placements, preference tiers,
//! duties, each applied where the turn plan, `rules::TurnPlan`, has it), `pushes` (the enemy pawn pushed after an action), `sample`
//! (a random legal turn without listing them all), `hooks` (what scripts
//! answer) and `perft`.

mod attack;
mod auras;
mod castling;
mod drops;
mod goals;
mod hooks;
mod leaps;
mod legality;
mod modes;
mod paths;
mod perft;
mod pieces;
mod promotion;
mod pushes;
mod sample;
mod screens;
mod stack;
mod turns;

pub(crate) use stack::king_slides_first;

pub use attack::{attackers_of, in_check, is_attacked, is_attacked_as, royals_facing};
use attack::{
    is_attacked_after, is_attacked_after_push, is_attacked_vacating, is_attacked_without,
};
pub use hooks::{HookCost, HookError, Hooks, hooks, install};
pub use perft::{chance_outcomes, divide, perft, perft_until};

use crate::board::{Color, KindSet, Piece, PieceKind, Square, SquareSet};
use crate::lang::movement::Style;
use crate::position::{Effect, EffectList, Move, MoveKind, Origin, Position};
use crate::rules::{
    AttackAtom, FastPath, GenAtom, MorphCondition, MorphTarget, MorphTrigger, PathGen, Rules,
    TurnRule, TurnRules,
};

// Each family's public functions are the module's; the rest are shared
// between the families only.
pub use auras::*;
use castling::*;
pub use drops::*;
pub use goals::*;
use leaps::*;
pub use legality::*;
use modes::*;
pub(crate) use modes::{captures_as, takes_like};
use paths::*;
pub use pieces::*;
use promotion::*;
use pushes::*;
pub use sample::*;
use screens::Screens;
pub use turns::*;

/// Does the piece on `sq` belong to a kind in `bad`, which a hop may
/// not use as its screen (`cannot_hop`)?
#[inline]
fn refused_screen(pos: &Position, bad: crate::board::KindSet, sq: Square) -> bool {
    !bad.is_empty() && pos.piece_at(sq).is_some_and(|p| bad.contains(p.kind))
}

#[cfg(test)]
mod tests;
