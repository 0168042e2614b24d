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
///
/// Where pushes are due, an action has one slot for each push it may
/// have, up to a bound known without playing it (each enemy pawn pushed
/// by each step), so that the pushes are found only after the actions
/// drawn: a slot past the action's pushes is refused like an illegal
/// turn, and an action with no push at all stands alone in its first.
#[derive(Clone, Debug)]
pub struct TurnPool {
    actions: Vec<Move>,
    /// Where each action's slots start; the last entry is the end.
    starts: Vec<u32>,
    /// The positions the actions start from: the position itself, or,
    /// where the side to move owes a promotion choice, one part per
    /// choice, the choice made.
    parts: Vec<Part>,
}

/// The actions of a [`TurnPool`] that start from one position.
#[derive(Clone, Debug)]
struct Part {
    /// Its first action.
    first: usize,
    /// The pending promotion resolved (its square and kind) and the
    /// position after it; `None`: the pool's position itself.
    choice: Option<((Square, PieceKind), Box<Position>)>,
    /// The checks and pins that judge its ordinary moves, where they
    /// are sound.
    guard: Option<Guard>,
}

impl TurnPool {
    /// The candidates of `pos`, or `None` where some rule looks at the
    /// whole list of legal turns (duties, reserve drops, passing, a
    /// script's filter ...) or where the game has ended by a goal: there,
    /// only the list tells.
    pub fn new(rules: &Rules, pos: &Position) -> Option<TurnPool> {
        if !sampled(rules, pos) {
            return None;
        }
        let mut pool = TurnPool {
            actions: Vec::new(),
            starts: Vec::with_capacity(64),
            parts: Vec::with_capacity(1),
        };
        pool.starts.push(0);
        // Rules that keep some turns by looking at each alone (and at the
        // position): the same for an action and the turns it begins.
        let must_move = rules
            .auras
            .must_move
            .then(|| must_move_rule(rules, pos))
            .flatten();
        let immobile = rules
            .auras
            .immobile_in_check
            .then(|| immobile_in_check_rule(rules, pos))
            .flatten();
        let keep = |m: &Move| {
            must_move.as_ref().is_none_or(|k| k(m)) && immobile.as_ref().is_none_or(|k| k(m))
        };
        match pos
            .pending()
            .filter(|p| p.color == pos.side() && !pending_choices(rules, pos, p).is_empty())
        {
            None => pool.add_part(rules, pos, None, &keep),
            Some(p) => {
                for &k in pending_choices(rules, pos, &p) {
                    let mut child = pos.clone();
                    child.resolve_pending(rules, p.square, k);
                    pool.add_part(rules, &child, Some((p.square, k)), &keep);
                }
            }
        }
        Some(pool)
    }

    /// Adds the candidates that start from `pos`, the position after the
    /// promotion `choice` if any.
    fn add_part(
        &mut self,
        rules: &Rules,
        pos: &Position,
        choice: Option<(Square, PieceKind)>,
        keep: &impl Fn(&Move) -> bool,
    ) {
        let first = self.actions.len();
        self.parts.push(Part {
            first,
            choice: choice.map(|c| (c, Box::new(pos.clone()))),
            guard: Guard::new(rules, pos),
        });
        let mut own = Vec::with_capacity(64);
        board_pseudo_moves(rules, pos, &mut own);
        if pos.active().intersects(rules.masks.swaps) {
            swap_moves(rules, pos, &mut own);
        }
        if pos.active().intersects(rules.masks.keep_colour) {
            own.retain(|m| keeps_colour(rules, m));
        }
        if hands_in_play(rules, pos) {
            hand_moves(rules, pos, &mut own);
        }
        own.retain(keep);
        if self.actions.is_empty() {
            self.actions = own;
        } else {
            self.actions.append(&mut own);
        }
        let mut end = self.len();
        match rules.push_steps(pos.active()) {
            None => {
                let n = (self.actions.len() - first) as u32;
                self.starts.reserve(n as usize);
                self.starts.extend((1..=n).map(|e| end + e));
                end += n;
            }
            Some(steps) => {
                let pushing = Pushing::new(rules, pos, steps);
                let pawns = pos
                    .occupied(!pos.side())
                    .iter()
                    .filter(|&s| pos.piece_at(s).is_some_and(|p| rules.is_pawn(p.kind)))
                    .count();
                let bound = (pawns * steps.len()).max(1) as u32;
                let mut pushes = Vec::new();
                self.starts.reserve(self.actions.len() - first);
                for a in &self.actions[first..] {
                    let width = if bounded(rules, a) {
                        bound
                    } else {
                        let acted = pushing.act(a, &mut pushes);
                        if acted.alone {
                            1
                        } else {
                            pushes.len().max(1) as u32
                        }
                    };
                    end += width;
                    self.starts.push(end);
                }
            }
        }
        debug_assert_eq!(self.len(), end);
    }

    /// How many slots there are.
    fn len(&self) -> u32 {
        self.starts.last().copied().unwrap_or(0)
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
        let slots = |i: usize| self.starts[i]..self.starts[i + 1];
        let Some(tiers) = Tiers::of(rules, pos) else {
            return judge.draw(&mut (0..self.len()).collect(), below);
        };
        // A push changes neither what an action takes nor where it
        // starts: the tier is the action's. Each tier that has no legal
        // turn leaves the draw.
        let mut left = vec![true; self.actions.len()];
        for t in 0..tiers.len() {
            let mut tier = Vec::new();
            for (i, a) in self.actions.iter().enumerate() {
                if left[i] && tiers.holds(rules, t, a) {
                    tier.extend(slots(i));
                    left[i] = false;
                }
            }
            if let Some(turn) = judge.draw(&mut tier, below) {
                return Some(turn);
            }
        }
        let mut open: Vec<u32> = (0..self.actions.len())
            .filter(|&i| left[i])
            .flat_map(slots)
            .collect();
        judge.draw(&mut open, below)
    }

    /// The first legal turn in generation order, if any.
    pub fn first(&self, rules: &Rules, pos: &Position) -> Option<Move> {
        let mut judge = Judge::new(rules, pos, self);
        (0..self.len()).find_map(|k| judge.judge(k))
    }

    /// Every legal turn, the candidates judged one by one and the
    /// preferred tier kept: what [`legal_moves`] lists, in another order
    /// (to check one against the other).
    pub fn legal_turns(&self, rules: &Rules, pos: &Position) -> Vec<Move> {
        let mut judge = Judge::new(rules, pos, self);
        let mut out: Vec<Move> = (0..self.len()).filter_map(|k| judge.judge(k)).collect();
        preference_tiers(rules, pos, &mut out);
        out
    }

    /// The action slot `k` belongs to.
    fn action_of(&self, k: u32) -> usize {
        self.starts.partition_point(|&s| s <= k) - 1
    }

    /// The part action `i` belongs to.
    fn part_of(&self, i: usize) -> usize {
        self.parts.partition_point(|p| p.first <= i) - 1
    }

    /// The position the actions of part `part` start from, where `pos`
    /// is the pool's.
    fn position<'p>(&'p self, pos: &'p Position, part: usize) -> &'p Position {
        self.parts[part]
            .choice
            .as_ref()
            .map_or(pos, |(_, child)| child)
    }
}

/// Can `a` not add an enemy pawn, so that its pushes are bounded by the
/// enemy pawns standing now? An ordinary move, a double step, en
/// passant, castling or a drop, where no morph or script can change a
/// piece after it.
fn bounded(rules: &Rules, a: &Move) -> bool {
    rules.morphs.is_empty()
        && hooks(rules).is_none()
        && matches!(
            a.kind,
            MoveKind::Normal
                | MoveKind::DoubleStep
                | MoveKind::EnPassant(_)
                | MoveKind::Castle(_)
                | MoveKind::Drop
        )
}

/// An action's pushes, found once it is judged: the board it leaves,
/// each push that may follow it, and each push's verdict once judged.
struct Pushed {
    acted: Acted,
    pushes: Vec<Push>,
    safe: Vec<Option<bool>>,
}

/// A pool's turns being judged: each action's verdict and pushes, worked
/// out once.
struct Judge<'a> {
    rules: &'a Rules,
    pos: &'a Position,
    pool: &'a TurnPool,
    /// Where pushes are due, each part's pushes (else empty).
    pushing: Vec<Pushing<'a>>,
    /// With pushes due and the die rolled, the lane: after an action,
    /// pawns on it are pushed if any can be.
    lane: Option<SquareSet>,
    verdicts: Vec<Option<bool>>,
    /// The pushes of each action judged so far, by action (few: most
    /// draws judge one or two).
    pushed: Vec<(usize, Pushed)>,
}

impl<'a> Judge<'a> {
    fn new(rules: &'a Rules, pos: &'a Position, pool: &'a TurnPool) -> Judge<'a> {
        let steps = rules.push_steps(pos.active());
        let pushing = match steps {
            Some(steps) => (0..pool.parts.len())
                .map(|part| Pushing::new(rules, pool.position(pos, part), steps))
                .collect(),
            None => Vec::new(),
        };
        let lane = match pos.roll() {
            Some(n) if steps.is_some() && pos.active().intersects(rules.masks.dice) => {
                Some(rules.lane(n))
            }
            _ => None,
        };
        Judge {
            rules,
            pos,
            pool,
            pushing,
            lane,
            verdicts: vec![None; pool.actions.len()],
            pushed: Vec::new(),
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
        let i = self.pool.action_of(k);
        let j = (k - self.pool.starts[i]) as usize;
        if self.action_is_legal(i) {
            self.turn(i, j)
        } else {
            None
        }
    }

    /// Is action `i` legal, pushes aside?
    fn action_is_legal(&mut self, i: usize) -> bool {
        let part = self.pool.part_of(i);
        let (rules, pos) = (self.rules, self.pool.position(self.pos, part));
        let guard = &self.pool.parts[part].guard;
        let a = self.pool.actions[i];
        *self.verdicts[i].get_or_insert_with(|| {
            let exposes = match guard {
                Some(guard) => !guard.keeps(rules, pos, &a),
                None => leaves_royal_attacked(rules, pos, &a),
            };
            let refused = exposes
                || (rules.pawns.from_reserve() && strands_a_pawn(rules, pos, &a))
                || banned_mating_drop(rules, pos, &a);
            !refused
        })
    }

    /// The turn of the legal action `i` and its `j`th push, if that is
    /// legal: the action alone where it has no push (as its first).
    fn turn(&mut self, i: usize, j: usize) -> Option<Move> {
        let part = self.pool.part_of(i);
        let a = self.pool.actions[i];
        // The action, judged on its part's position, carries the choice
        // that position was made by.
        let choice = self.pool.parts[part].choice.as_ref().map(|&(c, _)| c);
        let Some(pushing) = self.pushing.get(part) else {
            return Some(Move { choice, ..a });
        };
        let at = match self.pushed.iter().position(|&(k, _)| k == i) {
            Some(at) => at,
            None => {
                let mut pushes = Vec::new();
                let acted = pushing.act(&a, &mut pushes);
                if acted.alone {
                    pushes.clear();
                }
                let safe = vec![None; pushes.len()];
                self.pushed.push((
                    i,
                    Pushed {
                        acted,
                        safe,
                        pushes,
                    },
                ));
                self.pushed.len() - 1
            }
        };
        let pushed = &mut self.pushed[at].1;
        if pushed.pushes.is_empty() {
            return (j == 0).then_some(Move { choice, ..a });
        }
        let &(from, to, _) = pushed.pushes.get(j)?;
        let safe = |j: usize, pushed: &mut Pushed| {
            *pushed.safe[j]
                .get_or_insert_with(|| pushing.is_safe(&a, &mut pushed.acted, pushed.pushes[j]))
        };
        let legal = safe(j, pushed)
            && match self.lane {
                // Off the lane: legal only where no push from the lane
                // may follow this action.
                Some(lane) if !lane.contains(from) => !(0..pushed.pushes.len())
                    .any(|j| lane.contains(pushed.pushes[j].0) && safe(j, pushed)),
                _ => true,
            };
        legal.then_some(Move {
            push: Some((from, to)),
            choice,
            ..a
        })
    }
}

/// Are `pos`'s legal turns its candidates found legal one by one? Not
/// where a rule keeps or drops turns by looking at the others, adds turns
/// of its own, or ends the game before any turn.
fn sampled(rules: &Rules, pos: &Position) -> bool {
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
        || hooks(rules).is_some_and(|h| h.has(crate::rules::hooks::FILTER_MOVES));
    !whole_list
        && pos.stage() == crate::position::Stage::Play
        && !(!rules.masks.explode.is_empty()
            && pos.royals(pos.side()).is_empty()
            && rules.kinds.royal.contains(&true))
        && reserve_drop_due(rules, pos).is_none()
        && goal_reached(rules, pos).is_none()
}
