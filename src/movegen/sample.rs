//! Sampling: a uniformly random legal turn, found by judging candidates
//! drawn at random rather than by listing every legal turn first.
//!
//! Most turns are legal, so a random player that draws one candidate,
//! judges it, and draws again only on a refusal does a small part of the
//! work of listing them all, and still picks each legal turn with the
//! same chance: a refused candidate leaves the draw, and every draw is
//! uniform over those left.

use super::*;

/// The candidate turns of a position, where its legal turns are exactly
/// the candidates found legal one by one: each pseudo-legal action, with
/// every push of an enemy pawn that may follow it where pushes are due.
/// Kept by a game while its position stands, and judged afresh by each
/// draw.
#[derive(Clone, Debug)]
pub struct TurnPool {
    actions: Vec<Move>,
    /// The turns: an action, and the push after it.
    slots: Vec<(u32, Option<Push>)>,
}

impl TurnPool {
    /// The candidates of `pos`, or `None` where some rule looks at the
    /// whole list of legal turns (duties, a promotion choice pending,
    /// reserve drops, passing, a script's filter ...) or where the game
    /// has ended by a goal: there, only the list tells.
    pub fn new(rules: &Rules, pos: &Position) -> Option<TurnPool> {
        if !sampled(rules, pos) {
            return None;
        }
        let mut actions = Vec::new();
        board_pseudo_moves(rules, pos, &mut actions);
        if pos.active().intersects(rules.masks.swaps) {
            swap_moves(rules, pos, &mut actions);
        }
        if pos.active().intersects(rules.masks.keep_colour) {
            actions.retain(|m| keeps_colour(rules, m));
        }
        if hands_in_play(rules, pos) {
            hand_moves(rules, pos, &mut actions);
        }
        // Rules that keep some turns by looking at each alone (and at the
        // position): the same for an action and the turns it begins.
        if rules.auras.must_move
            && let Some(keep) = must_move_rule(rules, pos)
        {
            actions.retain(keep);
        }
        if rules.auras.immobile_in_check
            && let Some(keep) = immobile_in_check_rule(rules, pos)
        {
            actions.retain(keep);
        }
        let mut slots = Vec::with_capacity(actions.len());
        match rules.push_steps(pos.active()) {
            None => slots.extend((0..actions.len() as u32).map(|i| (i, None))),
            Some(steps) => {
                let pushing = Pushing::new(rules, pos, steps);
                let mut pushes = Vec::new();
                for (i, a) in actions.iter().enumerate() {
                    if pushing.act(a, &mut pushes).alone || pushes.is_empty() {
                        slots.push((i as u32, None));
                    } else {
                        slots.extend(pushes.iter().map(|&p| (i as u32, Some(p))));
                    }
                }
            }
        }
        Some(TurnPool { actions, slots })
    }

    /// A legal turn drawn uniformly at random (`below(n)` draws a number
    /// under `n`), or `None` when there is none. Where turns of some kind
    /// are preferred (compulsory captures, the die's lane), the draw is
    /// from the first tier that has a legal turn.
    pub fn draw(
        &self,
        rules: &Rules,
        pos: &Position,
        below: &mut impl FnMut(u64) -> u64,
    ) -> Option<Move> {
        let mut judge = Judge::new(rules, pos, self);
        let mut open: Vec<u32> = (0..self.slots.len() as u32).collect();
        if let Some(tiers) = Tiers::of(rules, pos) {
            for t in 0..tiers.len() {
                let mut tier: Vec<u32> = open
                    .iter()
                    .copied()
                    .filter(|&k| tiers.holds(rules, t, &self.turn(k)))
                    .collect();
                if let Some(turn) = judge.draw(&mut tier, below) {
                    return Some(turn);
                }
                open.retain(|&k| judge.refused[k as usize] != Some(true));
            }
        }
        judge.draw(&mut open, below)
    }

    /// The first legal turn in generation order, if any.
    pub fn first(&self, rules: &Rules, pos: &Position) -> Option<Move> {
        let mut judge = Judge::new(rules, pos, self);
        (0..self.slots.len() as u32).find_map(|k| judge.judge(k))
    }

    /// Every legal turn, the candidates judged one by one and the
    /// preferred tier kept: what [`legal_moves`] lists, in another order
    /// (to check one against the other).
    pub fn legal_turns(&self, rules: &Rules, pos: &Position) -> Vec<Move> {
        let mut judge = Judge::new(rules, pos, self);
        let mut out: Vec<Move> = (0..self.slots.len() as u32)
            .filter_map(|k| judge.judge(k))
            .collect();
        preference_tiers(rules, pos, &mut out);
        out
    }

    /// The turn of slot `k`.
    fn turn(&self, k: u32) -> Move {
        let (i, push) = self.slots[k as usize];
        Move {
            push: push.map(|(from, to, _)| (from, to)),
            ..self.actions[i as usize]
        }
    }
}

/// A pool's turns being judged: each action's verdict, and the board it
/// leaves where a push follows, worked out once.
struct Judge<'a> {
    rules: &'a Rules,
    pos: &'a Position,
    pool: &'a TurnPool,
    pushing: Option<Pushing<'a>>,
    verdicts: Vec<Option<bool>>,
    acted: Vec<Option<Acted>>,
    /// Each slot's verdict, once judged: refused or not.
    refused: Vec<Option<bool>>,
    pushes: Vec<Push>,
}

impl<'a> Judge<'a> {
    fn new(rules: &'a Rules, pos: &'a Position, pool: &'a TurnPool) -> Judge<'a> {
        let pushing = rules
            .push_steps(pos.active())
            .map(|steps| Pushing::new(rules, pos, steps));
        Judge {
            rules,
            pos,
            pool,
            acted: std::iter::repeat_with(|| None)
                .take(if pushing.is_some() {
                    pool.actions.len()
                } else {
                    0
                })
                .collect(),
            pushing,
            verdicts: vec![None; pool.actions.len()],
            refused: vec![None; pool.slots.len()],
            pushes: Vec::new(),
        }
    }

    /// A legal turn drawn uniformly from the slots `open`, which loses
    /// each slot refused on the way.
    fn draw(&mut self, open: &mut Vec<u32>, below: &mut impl FnMut(u64) -> u64) -> Option<Move> {
        while !open.is_empty() {
            let k = open.swap_remove(below(open.len() as u64) as usize);
            if let Some(turn) = self.judge(k) {
                return Some(turn);
            }
        }
        None
    }

    /// The turn of slot `k`, if it is legal.
    fn judge(&mut self, k: u32) -> Option<Move> {
        let (rules, pos) = (self.rules, self.pos);
        let (i, push) = self.pool.slots[k as usize];
        let i = i as usize;
        let a = self.pool.actions[i];
        let legal = *self.verdicts[i].get_or_insert_with(|| {
            let refused = leaves_royal_attacked(rules, pos, &a)
                || (rules.pawns.from_reserve() && strands_a_pawn(rules, pos, &a))
                || (a.kind == MoveKind::Drop
                    && rules.kinds.drop_limits
                    && !rules.pieces[a.piece.kind.index()].mate_by_drop
                    && drop_mates(rules, pos, &a));
            !refused
        });
        let safe = legal
            && match (push, &self.pushing) {
                (Some(p), Some(pushing)) => {
                    let pushes = &mut self.pushes;
                    let acted = self.acted[i].get_or_insert_with(|| pushing.act(&a, pushes));
                    pushing.is_safe(&a, acted, p)
                }
                _ => true,
            };
        self.refused[k as usize] = Some(!safe);
        safe.then(|| self.pool.turn(k))
    }
}

/// Are `pos`'s legal turns its candidates found legal one by one? Not
/// where a rule keeps or drops turns by looking at the others, adds turns
/// of its own, or ends the game before any turn.
fn sampled(rules: &Rules, pos: &Position) -> bool {
    let active = pos.active();
    let whole_list = rules.no_checks
        || rules.passing
        || rules.standoff
        || rules.pawns.in_place
        || ((rules.auras.must_move || rules.auras.immobile_in_check)
            && Tiers::of(rules, pos).is_some())
        || rules
            .drops
            .as_ref()
            .is_some_and(|d| d.gating || (d.mandatory && !d.from_reserve))
        || (active.intersects(rules.masks.dice) && rules.push_steps(active).is_some())
        || hooks(rules).is_some_and(|h| h.has(crate::rules::hooks::FILTER_MOVES));
    !whole_list
        && pos.stage() == crate::position::Stage::Play
        && pos.pending().is_none()
        && !(!rules.masks.explode.is_empty()
            && pos.royals(pos.side()).is_empty()
            && rules.kinds.royal.contains(&true))
        && reserve_drop_due(rules, pos).is_none()
        && goal_reached(rules, pos).is_none()
}

/// A legal turn of the side to move drawn uniformly at random (`below(n)`
/// draws a number under `n`), or `None` when it has none: the same
/// chances as picking from [`legal_moves`], mostly without listing them.
pub fn random_turn(
    rules: &Rules,
    pos: &Position,
    below: &mut impl FnMut(u64) -> u64,
) -> Option<Move> {
    match TurnPool::new(rules, pos) {
        Some(pool) => pool.draw(rules, pos, below),
        None => {
            let legal = legal_moves(rules, pos);
            (!legal.is_empty()).then(|| legal[below(legal.len() as u64) as usize])
        }
    }
}
