//! The finished game's record and its turns, as scripts read them: a
//! `Record` from `play`, and a `Turn` played (of a record) or offered
//! (to a script player, or to `on_turn`).

use crate::board::{Color, MutatorSet, PieceKind};
use crate::game::Outcome;
use crate::movegen::{attackers_of, in_check};
use crate::notation::{to_fen, to_san, to_uci};
use crate::position::{Move, MoveKind, Position};
use crate::rules::Rules;
use rhai::{Array, Dynamic, Engine, INT};
use std::sync::{Arc, OnceLock};

/// The declared name of `kind` (a mutator's form goes by its kind's).
pub(super) fn name(rules: &Rules, kind: PieceKind) -> String {
    rules.pieces()[rules.forms().base_of[kind.index()].index()]
        .name
        .clone()
}

/// A colour as scripts write it.
pub(super) fn color_name(c: Color) -> &'static str {
    match c {
        Color::White => "white",
        Color::Black => "black",
    }
}

/// The names of the mutators `active` holds.
pub(super) fn mutator_names(rules: &Rules, active: MutatorSet) -> Array {
    rules
        .mutator_names(active)
        .into_iter()
        .map(Dynamic::from)
        .collect()
}

/// A finished (or stopped) game.
#[derive(Clone, Debug)]
pub struct Record(pub(super) Arc<RecordData>);

#[derive(Debug)]
pub(super) struct RecordData {
    pub(super) rules: Arc<Rules>,
    pub(super) start: Position,
    pub(super) turns: Vec<(Move, Position)>,
    pub(super) end: Position,
    pub(super) outcome: Option<Outcome>,
    /// Why a game without an outcome ended: `turn limit` or `on_turn`.
    pub(super) cut: Option<&'static str>,
    pub(super) white: String,
    pub(super) black: String,
}

impl RecordData {
    fn after(&self, i: usize) -> &Position {
        self.turns.get(i + 1).map_or(&self.end, |(_, p)| p)
    }
}

/// One turn: played (of a record) or offered (to a script player, or
/// just played, for `on_turn`).
#[derive(Clone, Debug)]
pub struct Turn(pub(super) Source);

#[derive(Clone, Debug)]
pub(super) enum Source {
    Played(Arc<RecordData>, usize),
    Offered(Arc<Offer>),
}

/// A turn that may be played from a position.
#[derive(Debug)]
pub(super) struct Offer {
    pub(super) rules: Arc<Rules>,
    pub(super) before: Arc<Position>,
    pub(super) mv: Move,
    /// Plies played before it.
    pub(super) ply: usize,
    /// Made when first asked for.
    pub(super) after: OnceLock<Position>,
}

impl Turn {
    pub(super) fn offered(
        rules: &Arc<Rules>,
        before: &Arc<Position>,
        mv: Move,
        ply: usize,
    ) -> Turn {
        Turn(Source::Offered(Arc::new(Offer {
            rules: rules.clone(),
            before: before.clone(),
            mv,
            ply,
            after: OnceLock::new(),
        })))
    }

    pub(super) fn mv(&self) -> &Move {
        match &self.0 {
            Source::Played(r, i) => &r.turns[*i].0,
            Source::Offered(o) => &o.mv,
        }
    }
    pub(super) fn before(&self) -> &Position {
        match &self.0 {
            Source::Played(r, i) => &r.turns[*i].1,
            Source::Offered(o) => &o.before,
        }
    }
    fn after(&self) -> &Position {
        match &self.0 {
            Source::Played(r, i) => r.after(*i),
            Source::Offered(o) => o.after.get_or_init(|| {
                let mut pos = (*o.before).clone();
                pos.play_unchecked(&o.rules, &o.mv);
                pos
            }),
        }
    }
    pub(super) fn rules(&self) -> &Rules {
        match &self.0 {
            Source::Played(r, _) => &r.rules,
            Source::Offered(o) => &o.rules,
        }
    }
    /// Plies played before this turn.
    fn index(&self) -> usize {
        match &self.0 {
            Source::Played(_, i) => *i,
            Source::Offered(o) => o.ply,
        }
    }

    /// The enemy units gone after the turn, by declared kind.
    fn captured(&self) -> Array {
        let rules = self.rules();
        let enemy = !self.before().side();
        let tally = |pos: &Position| {
            let mut n = vec![0i32; rules.pieces().len()];
            for sq in pos.occupied(enemy).iter() {
                for p in pos.units_at(sq).into_iter().flatten() {
                    if p.color == enemy {
                        n[rules.forms().base_of[p.kind.index()].index()] += 1;
                    }
                }
            }
            n
        };
        let (before, after) = (tally(self.before()), tally(self.after()));
        let mut out = Array::new();
        for (k, (b, a)) in before.iter().zip(&after).enumerate() {
            for _ in 0..(b - a).max(0) {
                out.push(Dynamic::from(rules.pieces()[k].name.clone()));
            }
        }
        out
    }

    /// The pieces giving check after the turn.
    fn checkers(&self) -> Array {
        let rules = self.rules();
        let pos = self.after();
        let side = pos.side();
        let mut out = Array::new();
        for royal in pos.royals(side).iter() {
            let mut squares = attackers_of(rules, pos, royal, !side);
            squares.sort_by_key(|s| s.0);
            squares.dedup();
            for sq in squares {
                for p in pos.units_at(sq).into_iter().flatten() {
                    if p.color == !side {
                        out.push(Dynamic::from(name(rules, p.kind)));
                    }
                }
            }
        }
        out
    }

    /// The piece that arrived by a drop this turn (from the hand or, after
    /// the action, from the reserve).
    fn dropped(&self) -> String {
        let mv = self.mv();
        let sq = match (&mv.kind, mv.drop) {
            (MoveKind::Drop, _) => mv.to,
            (_, Some(sq)) => sq,
            _ => return String::new(),
        };
        self.after()
            .piece_at(sq)
            .map_or_else(String::new, |p| name(self.rules(), p.kind))
    }

    /// The kind a non-pawn mover changed into (a morph), or a pawn
    /// promoted to.
    fn change(&self, pawn: bool) -> String {
        let mv = self.mv();
        match mv.promotion {
            Some(k) if self.rules().is_pawn(mv.piece.kind) == pawn => name(self.rules(), k),
            _ => String::new(),
        }
    }
}

fn result_text(o: &Option<Outcome>) -> &'static str {
    match o {
        Some(Outcome::Decisive {
            winner: Color::White,
            ..
        }) => "1-0",
        Some(Outcome::Decisive {
            winner: Color::Black,
            ..
        }) => "0-1",
        Some(Outcome::Draw { .. }) => "1/2-1/2",
        None => "*",
    }
}

/// Registers `Record` and `Turn`.
pub(super) fn register(engine: &mut Engine) {
    engine
        .register_type_with_name::<Record>("Record")
        .register_get("result", |r: &mut Record| {
            result_text(&r.0.outcome).to_string()
        })
        .register_get("winner", |r: &mut Record| match &r.0.outcome {
            Some(Outcome::Decisive { winner, .. }) => color_name(*winner).to_string(),
            _ => String::new(),
        })
        .register_get("decisive", |r: &mut Record| {
            matches!(r.0.outcome, Some(Outcome::Decisive { .. }))
        })
        .register_get("reason", |r: &mut Record| match &r.0.outcome {
            Some(Outcome::Decisive { reason, .. } | Outcome::Draw { reason }) => reason.clone(),
            None => r.0.cut.unwrap_or("turn limit").to_string(),
        })
        .register_get("plies", |r: &mut Record| r.0.turns.len() as INT)
        .register_get("white", |r: &mut Record| r.0.white.clone())
        .register_get("black", |r: &mut Record| r.0.black.clone())
        .register_get("start_fen", |r: &mut Record| to_fen(&r.0.rules, &r.0.start))
        .register_get("fen", |r: &mut Record| to_fen(&r.0.rules, &r.0.end))
        .register_get("moves", |r: &mut Record| -> Array {
            r.0.turns
                .iter()
                .map(|(mv, before)| Dynamic::from(to_san(&r.0.rules, before, mv)))
                .collect()
        })
        .register_get("turns", |r: &mut Record| -> Array {
            (0..r.0.turns.len())
                .map(|index| Dynamic::from(Turn(Source::Played(r.0.clone(), index))))
                .collect()
        })
        .register_fn("to_string", |r: &mut Record| {
            format!(
                "{} after {} plies",
                result_text(&r.0.outcome),
                r.0.turns.len()
            )
        });

    engine
        .register_type_with_name::<Turn>("Turn")
        .register_get("ply", |t: &mut Turn| t.index() as INT + 1)
        .register_get("side", |t: &mut Turn| {
            color_name(t.before().side()).to_string()
        })
        .register_get("san", |t: &mut Turn| to_san(t.rules(), t.before(), t.mv()))
        .register_get("uci", |t: &mut Turn| to_uci(t.rules(), t.mv()))
        .register_get("piece", |t: &mut Turn| name(t.rules(), t.mv().piece.kind))
        .register_get("capture", |t: &mut Turn| !t.captured().is_empty())
        .register_get("captured", |t: &mut Turn| t.captured())
        .register_get("promotion", |t: &mut Turn| t.change(true))
        .register_get("morph", |t: &mut Turn| t.change(false))
        .register_get("drop", |t: &mut Turn| t.dropped())
        .register_get("check", |t: &mut Turn| {
            let pos = t.after();
            in_check(t.rules(), pos, pos.side())
        })
        .register_get("checkers", |t: &mut Turn| t.checkers())
        .register_get("mutators", |t: &mut Turn| {
            mutator_names(t.rules(), t.after().active())
        })
        .register_get("mutators_before", |t: &mut Turn| {
            mutator_names(t.rules(), t.before().active())
        })
        .register_get("fen", |t: &mut Turn| to_fen(t.rules(), t.after()))
        .register_fn("to_string", |t: &mut Turn| {
            format!(
                "{}. {}",
                t.index() + 1,
                to_san(t.rules(), t.before(), t.mv())
            )
        });
}
