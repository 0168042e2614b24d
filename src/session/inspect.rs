//! A turn looked at closely: one played in the game, or one that may be
//! played now. What a record or a program choosing turns asks of a turn
//! (what it captured, whether it checks, which mutators it switched on)
//! is worked out only when asked, so that looking at one property of
//! every turn of many games costs that property alone.

use super::{Error, Session, Side};
use crate::board::PieceKind;
use crate::movegen::{attackers_of, in_check};
use crate::notation::{to_fen, to_san, to_uci};
use crate::position::{Move, MoveKind, Position};
use crate::rules::Rules;
use std::sync::{Arc, OnceLock};

/// A turn of a game, played or on offer, with its position before and
/// (made when first asked for) after. Cheap to clone.
///
/// ```
/// use changeling::session::{Session, Start, VariantSource};
/// let mut s = Session::load(&VariantSource::Name("chess".into()), &Start::Setup)?;
/// for text in ["e4", "d5", "exd5"] {
///     s.play(text)?;
/// }
/// let t = s.played_turn(2).unwrap();
/// assert_eq!((t.san(), t.piece(), t.captured()), ("exd5".to_string(), "pawn".to_string(), vec!["pawn".to_string()]));
/// let offered = s.offered_turns();
/// assert!(offered.iter().any(|t| t.san() == "Qxd5"));
/// # Ok::<(), changeling::session::Error>(())
/// ```
#[derive(Clone, Debug)]
pub struct TurnInfo(Arc<Inner>);

#[derive(Debug)]
struct Inner {
    rules: Arc<Rules>,
    before: Arc<Position>,
    mv: Move,
    /// Plies played before it.
    ply: usize,
    after: OnceLock<Position>,
}

/// The declared name of `kind` (a mutator's form goes by its kind's).
fn declared_name(rules: &Rules, kind: PieceKind) -> String {
    rules.pieces()[rules.forms().base_of[kind.index()].index()]
        .name
        .clone()
}

impl TurnInfo {
    fn new(rules: &Arc<Rules>, before: Arc<Position>, mv: Move, ply: usize) -> TurnInfo {
        TurnInfo(Arc::new(Inner {
            rules: rules.clone(),
            before,
            mv,
            ply,
            after: OnceLock::new(),
        }))
    }

    fn rules(&self) -> &Rules {
        &self.0.rules
    }

    fn before(&self) -> &Position {
        &self.0.before
    }

    fn after(&self) -> &Position {
        self.0.after.get_or_init(|| {
            let mut pos = (*self.0.before).clone();
            pos.play_unchecked(&self.0.rules, &self.0.mv);
            pos
        })
    }

    fn name(&self, kind: PieceKind) -> String {
        declared_name(self.rules(), kind)
    }

    /// The number of plies played before this turn.
    pub fn ply(&self) -> usize {
        self.0.ply
    }

    /// The side that plays it.
    pub fn side(&self) -> Side {
        self.before().side().into()
    }

    /// The turn in SAN.
    pub fn san(&self) -> String {
        to_san(self.rules(), self.before(), &self.0.mv)
    }

    /// The turn in coordinates (`e2e4`, `P@e5`).
    pub fn coordinates(&self) -> String {
        to_uci(self.rules(), &self.0.mv)
    }

    /// The declared kind of the unit that moves (or is dropped).
    pub fn piece(&self) -> String {
        self.name(self.0.mv.piece.kind)
    }

    /// The enemy units gone after the turn, by declared kind, in the
    /// order the kinds are declared.
    pub fn captured(&self) -> Vec<String> {
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
        let mut out = Vec::new();
        for (k, (b, a)) in before.iter().zip(&after).enumerate() {
            for _ in 0..(b - a).max(0) {
                out.push(rules.pieces()[k].name.clone());
            }
        }
        out
    }

    /// The kind a pawn promoted to, if it did.
    pub fn promotion(&self) -> Option<String> {
        self.change(true)
    }

    /// The kind a piece other than a pawn changed into as it moved (a
    /// morph), if it did.
    pub fn morph(&self) -> Option<String> {
        self.change(false)
    }

    fn change(&self, pawn: bool) -> Option<String> {
        let mv = &self.0.mv;
        match mv.promotion {
            Some(k) if self.rules().is_pawn(mv.piece.kind) == pawn => Some(self.name(k)),
            _ => None,
        }
    }

    /// The kind of the unit that arrived by a drop this turn (from the
    /// hand or, after the action, from the reserve), if one did.
    pub fn dropped(&self) -> Option<String> {
        let mv = &self.0.mv;
        let sq = match (&mv.kind, mv.drop) {
            (MoveKind::Drop, _) => mv.to,
            (_, Some(sq)) => sq,
            _ => return None,
        };
        self.after().piece_at(sq).map(|p| self.name(p.kind))
    }

    /// Whether the side to move after the turn is in check.
    pub fn check(&self) -> bool {
        let pos = self.after();
        in_check(self.rules(), pos, pos.side())
    }

    /// The declared kinds of the units giving check after the turn,
    /// royal by royal, square by square.
    pub fn checkers(&self) -> Vec<String> {
        let rules = self.rules();
        let pos = self.after();
        let side = pos.side();
        let mut out = Vec::new();
        for royal in pos.royals(side).iter() {
            let mut squares = attackers_of(rules, pos, royal, !side);
            squares.sort_by_key(|s| s.0);
            squares.dedup();
            for sq in squares {
                for p in pos.units_at(sq).into_iter().flatten() {
                    if p.color == !side {
                        out.push(self.name(p.kind));
                    }
                }
            }
        }
        out
    }

    /// The mutators on before the turn.
    pub fn mutators_before(&self) -> Vec<String> {
        self.rules().mutator_names(self.before().active())
    }

    /// The mutators on after the turn.
    pub fn mutators_after(&self) -> Vec<String> {
        self.rules().mutator_names(self.after().active())
    }

    /// The position after the turn, as FEN.
    pub fn fen_after(&self) -> String {
        to_fen(self.rules(), self.after())
    }

    /// The position before the turn, as FEN.
    pub fn fen_before(&self) -> String {
        to_fen(self.rules(), self.before())
    }
}

impl Session {
    /// The turn played `ply` plies into the game (from 0), if there is
    /// one.
    pub fn played_turn(&self, ply: usize) -> Option<TurnInfo> {
        let history = self.game.history();
        let (mv, before) = history.get(ply)?;
        let after = history
            .get(ply + 1)
            .map_or_else(|| self.game.position(), |(_, p)| p);
        let t = TurnInfo::new(self.game.rules(), Arc::new(before.clone()), *mv, ply);
        let _ = t.0.after.set(after.clone());
        Some(t)
    }

    /// The legal turns of the position, in the order the session lists
    /// them ([`Session::play_turn`]'s numbers), each to look at closely
    /// without spelling any of them. Empty when the game is over.
    pub fn offered_turns(&self) -> Vec<TurnInfo> {
        if self.outcome().is_some() {
            return Vec::new();
        }
        let before = Arc::new(self.game.position().clone());
        let ply = self.game.history().len();
        let legal = self.scripted(|s| s.game.legal().to_vec());
        legal
            .into_iter()
            .map(|mv| TurnInfo::new(self.game.rules(), before.clone(), mv, ply))
            .collect()
    }

    /// Plays `turn`, one of [`Session::offered_turns`], without spelling
    /// it.
    ///
    /// # Errors
    ///
    /// The turn was offered in another position, or the game is over.
    pub fn play_offered(&mut self, turn: &TurnInfo) -> Result<(), Error> {
        self.ensure_going()?;
        let here = self.game.position();
        let same = turn.0.ply == self.game.history().len()
            && turn.0.before.hash() == here.hash()
            && Arc::ptr_eq(&turn.0.rules, self.game.rules());
        if !same || !self.scripted(|s| s.game.legal().contains(&turn.0.mv)) {
            return Err(Error::Move {
                text: turn.san(),
                message: "a turn of another position".to_string(),
            });
        }
        self.push_quietly(turn.0.mv);
        Ok(())
    }

    /// Plays `mv`, legal here, without spelling it or judging the game
    /// after it.
    #[inline]
    pub(super) fn push_quietly(&mut self, mv: Move) {
        self.scripted_mut(|s| s.game.push(mv));
        self.redo.clear();
    }
}

/// What a program asks of the variant itself, by declared names.
impl Session {
    /// The declared kinds, in declaration order (a mutator's forms are
    /// not kinds of their own).
    pub fn declared_kinds(&self) -> Vec<String> {
        let rules = self.game.rules();
        (0..rules.forms().base_kinds)
            .map(|k| rules.piece(PieceKind(k as u8)).name.clone())
            .collect()
    }

    /// The declared kind `text` names: a kind's name or letter (in
    /// either case), a mutator's form going by its kind's name.
    pub fn declared_kind(&self, text: &str) -> Option<String> {
        let rules = self.game.rules();
        Some(declared_name(rules, rules.kind_named(text)?))
    }

    /// Every mutator the variant declares, by name.
    pub fn mutator_names(&self) -> Vec<String> {
        self.game
            .rules()
            .mutator_names(crate::board::MutatorSet::ALL)
    }

    /// The variant's morph rules: each one's name and the declared kinds
    /// it changes between.
    pub fn morph_groups(&self) -> Vec<(String, Vec<String>)> {
        let rules = self.game.rules();
        let name = |k: PieceKind| declared_name(rules, k);
        rules
            .morphs()
            .iter()
            .map(|r| (r.name.clone(), r.kinds.iter().copied().map(name).collect()))
            .collect()
    }
}

/// Copies and short answers for programs playing many games.
impl Session {
    /// The turns played, in coordinates (`e2e4`, `P@e5`), each spelled
    /// as it is taken.
    pub fn coordinates_played(&self) -> impl Iterator<Item = String> + '_ {
        let rules = self.game.rules();
        self.game.history().iter().map(|(mv, _)| to_uci(rules, mv))
    }

    /// Whether the side to move is in check.
    pub fn in_check(&self) -> bool {
        let pos = self.game.position();
        self.scripted(|s| in_check(s.game.rules(), pos, pos.side()))
    }
}
