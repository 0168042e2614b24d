//! The finished game's record and its turns, as scripts read them: a
//! `Record` from `play`, and a `Turn` played (of a record) or offered
//! (to a script player, or to `on_turn`).

use crate::session::{Outcome, Session, Side, TurnInfo};
use rhai::{Array, Dynamic, Engine, INT};
use std::sync::Arc;

/// A side as scripts write it.
pub(super) fn color_name(side: Side) -> &'static str {
    match side {
        Side::White => "white",
        Side::Black => "black",
    }
}

/// Names as a script's array.
pub(super) fn array(names: Vec<String>) -> Array {
    names.into_iter().map(Dynamic::from).collect()
}

/// A finished (or stopped) game.
#[derive(Clone, Debug)]
pub struct Record(pub(super) Arc<RecordData>);

#[derive(Debug)]
pub(super) struct RecordData {
    /// The game, played to where it ended.
    pub(super) session: Session,
    pub(super) outcome: Option<Outcome>,
    /// Why a game without an outcome ended: `turn limit` or `on_turn`.
    pub(super) cut: Option<&'static str>,
    pub(super) white: String,
    pub(super) black: String,
}

/// One turn: played (of a record) or offered (to a script player, or
/// just played, for `on_turn`).
#[derive(Clone, Debug)]
pub struct Turn(pub(super) TurnInfo);

fn result_text(o: &Option<Outcome>) -> &'static str {
    o.as_ref().map_or("*", Outcome::result)
}

/// A kind's name, or nothing, as scripts read it.
fn or_empty(name: Option<String>) -> String {
    name.unwrap_or_default()
}

/// Registers `Record` and `Turn`.
pub(super) fn register(engine: &mut Engine) {
    engine
        .register_type_with_name::<Record>("Record")
        .register_get("result", |r: &mut Record| {
            result_text(&r.0.outcome).to_string()
        })
        .register_get("winner", |r: &mut Record| {
            match r.0.outcome.as_ref().and_then(|o| o.winner) {
                Some(side) => color_name(side).to_string(),
                None => String::new(),
            }
        })
        .register_get("decisive", |r: &mut Record| {
            r.0.outcome.as_ref().is_some_and(|o| o.winner.is_some())
        })
        .register_get("reason", |r: &mut Record| match &r.0.outcome {
            Some(o) => o.words.clone(),
            None => r.0.cut.unwrap_or("turn limit").to_string(),
        })
        .register_get("plies", |r: &mut Record| r.0.session.ply() as INT)
        .register_get("white", |r: &mut Record| r.0.white.clone())
        .register_get("black", |r: &mut Record| r.0.black.clone())
        .register_get("start_fen", |r: &mut Record| r.0.session.start_fen())
        .register_get("fen", |r: &mut Record| r.0.session.fen())
        .register_get("moves", |r: &mut Record| array(r.0.session.moves()))
        .register_get("turns", |r: &mut Record| -> Array {
            (0..r.0.session.ply())
                .filter_map(|ply| r.0.session.played_turn(ply))
                .map(|t| Dynamic::from(Turn(t)))
                .collect()
        })
        .register_fn("to_string", |r: &mut Record| {
            format!(
                "{} after {} plies",
                result_text(&r.0.outcome),
                r.0.session.ply()
            )
        });

    engine
        .register_type_with_name::<Turn>("Turn")
        .register_get("ply", |t: &mut Turn| t.0.ply() as INT + 1)
        .register_get("side", |t: &mut Turn| color_name(t.0.side()).to_string())
        .register_get("san", |t: &mut Turn| t.0.san())
        .register_get("uci", |t: &mut Turn| t.0.coordinates())
        .register_get("piece", |t: &mut Turn| t.0.piece())
        .register_get("capture", |t: &mut Turn| !t.0.captured().is_empty())
        .register_get("captured", |t: &mut Turn| array(t.0.captured()))
        .register_get("promotion", |t: &mut Turn| or_empty(t.0.promotion()))
        .register_get("morph", |t: &mut Turn| or_empty(t.0.morph()))
        .register_get("drop", |t: &mut Turn| or_empty(t.0.dropped()))
        .register_get("check", |t: &mut Turn| t.0.check())
        .register_get("checkers", |t: &mut Turn| array(t.0.checkers()))
        .register_get("mutators", |t: &mut Turn| array(t.0.mutators_after()))
        .register_get("mutators_before", |t: &mut Turn| {
            array(t.0.mutators_before())
        })
        .register_get("fen", |t: &mut Turn| t.0.fen_after())
        .register_fn("to_string", |t: &mut Turn| {
            format!("{}. {}", t.0.ply() + 1, t.0.san())
        });
}
