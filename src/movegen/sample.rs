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
    /// Where the side to move may drop its next reserve piece this turn,
    /// the squares each action's drop slots stand for.
    reserve: Option<ReserveDrops>,
    /// With reserve drops open, the actions a rule that keeps turns one
    /// by one refuses (a threatened piece that must move): kept as
    /// candidates, since their drops still make a due drop possible.
    barred: Vec<bool>,
}

/// A reserve drop window open: after its first slot (the action alone),
/// each action has one slot for each square the front reserve piece may
/// be dropped on, a bound known without playing the action (the piece
/// and the empty squares are known only after it). A slot whose square
/// the action leaves no drop on is refused like an illegal turn.
#[derive(Clone, Debug)]
struct ReserveDrops {
    /// The drop is due: turns that make it are preferred.
    due: bool,
    /// Every square of the drop zones.
    squares: Vec<Square>,
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
    /// whole list of legal turns (duties, hand drops, passing, a script's
    /// filter, reserve drops alongside pushes or swaps ...) or where the
    /// game has ended by a goal: there, only the list tells.
    pub fn new(rules: &Rules, pos: &Position) -> Option<TurnPool> {
        TurnPool::of(rules, pos, Movers::All, None)
    }

    /// As [`TurnPool::new`], reusing the buffers of `spare`, a pool of an
    /// earlier position that is no longer wanted: a game moving on keeps
    /// its last pool for this.
    pub fn reusing(rules: &Rules, pos: &Position, spare: Option<TurnPool>) -> Option<TurnPool> {
        TurnPool::of(rules, pos, Movers::All, spare)
    }

    /// The pool of `pos` with the candidates of `movers` only, in the
    /// buffers of `spare` if given.
    fn of(
        rules: &Rules,
        pos: &Position,
        movers: Movers,
        spare: Option<TurnPool>,
    ) -> Option<TurnPool> {
        if !sampled(rules, pos) {
            return None;
        }
        let reserve = reserve_drop_due(rules, pos).and_then(|due| {
            let d = rules.drops().as_ref()?;
            let us = pos.side();
            let squares = d.zone[us].or(&d.pawn_zone[us]).iter().collect();
            Some(ReserveDrops { due, squares })
        });
        let mut pool = match spare {
            Some(mut pool) => {
                pool.actions.clear();
                pool.starts.clear();
                pool.parts.clear();
                pool.barred.clear();
                pool.reserve = reserve;
                pool
            }
            None => TurnPool {
                actions: Vec::new(),
                starts: Vec::with_capacity(64),
                parts: Vec::with_capacity(1),
                reserve,
                barred: Vec::new(),
            },
        };
        pool.starts.push(0);
        // Rules that keep some turns by looking at each alone (and at the
        // position): the same for an action and the turns it begins.
        let must_move = rules
            .auras()
            .must_move
            .then(|| must_move_rule(rules, pos))
            .flatten();
        let immobile = rules
            .auras()
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
            None => pool.add_part(rules, pos, None, movers, &keep),
            Some(p) => {
                for &k in pending_choices(rules, pos, &p) {
                    let mut child = pos.clone();
                    child.resolve_pending(rules, p.square, k);
                    pool.add_part(rules, &child, Some((p.square, k)), movers, &keep);
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
        movers: Movers,
        keep: &impl Fn(&Move) -> bool,
    ) {
        let first = self.actions.len();
        self.parts.push(Part {
            first,
            choice: choice.map(|c| (c, Box::new(pos.clone()))),
            guard: Guard::new(rules, pos),
        });
        // The first part's actions go straight into the pool's buffer.
        let mut own = if first == 0 {
            std::mem::take(&mut self.actions)
        } else {
            Vec::new()
        };
        own.reserve(64);
        let plan = rules.plan(pos.active());
        match movers {
            Movers::All => {
                board_pseudo_moves(rules, pos, &mut own);
                if plan.has(TurnRule::Swaps) {
                    swap_moves(rules, pos, &mut own);
                }
            }
            Movers::Unscripted(from) => {
                debug_assert!(rules.stacking().is_none());
                debug_assert!(
                    pos.piece_at(from)
                        .is_some_and(|p| !rules.kinds().scripted[p.kind.index()])
                );
                piece_moves(rules, pos, from, &mut own);
            }
            Movers::Castling => castling_moves(rules, pos, &mut own),
        }
        if plan.has(TurnRule::KeepColour) {
            own.retain(|m| keeps_colour(rules, m));
        }
        if movers == Movers::All && plan.has(TurnRule::Hands) {
            hand_moves(rules, pos, &mut own);
        }
        if self.reserve.is_some() {
            self.barred.extend(own.iter().map(|m| !keep(m)));
        } else {
            own.retain(keep);
        }
        if self.actions.is_empty() {
            self.actions = own;
        } else {
            self.actions.append(&mut own);
        }
        let mut end = self.len();
        let steps = if plan.has(TurnRule::Pushes) {
            rules.push_steps(pos.active())
        } else {
            None
        };
        match steps {
            None => {
                let n = (self.actions.len() - first) as u32;
                let width = 1 + self.reserve.as_ref().map_or(0, |r| r.squares.len() as u32);
                self.starts.reserve(n as usize);
                self.starts.extend((1..=n).map(|e| end + e * width));
                end += n * width;
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
                let boundable = plan.allows(FastPath::PushBound);
                for a in &self.actions[first..] {
                    let width = if boundable && bounded(a) {
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
        if !self.reserve.as_ref().is_some_and(|r| r.due) && Tiers::of(rules, pos).is_none() {
            // One group of every slot in order: drawn without listing it.
            return judge.draw_all(self.len(), below);
        }
        let groups = self.groups(rules, pos, None);
        if groups.group_of.windows(2).all(|w| w[0] == w[1]) && !groups.group_of.is_empty() {
            // Every action in one tier: the tiers before it are empty, and
            // it holds every slot in order, drawn without listing it.
            return judge.draw_all(self.len(), below);
        }
        // Each group that has no legal turn leaves the draw.
        for mut group in groups {
            if let Some(turn) = judge.draw(&mut group, below) {
                return Some(turn);
            }
            if judge.dropped {
                return None;
            }
        }
        None
    }

    /// The first legal turn in generation order, if any. With a reserve
    /// drop due, a turn that drops is preferred; a drop refused only by a
    /// rule applied after that preference still counts as one, and leaves
    /// no turn.
    pub fn first(&self, rules: &Rules, pos: &Position) -> Option<Move> {
        let mut judge = Judge::new(rules, pos, self);
        if self.reserve.as_ref().is_some_and(|r| r.due) {
            if let Some(turn) = self.drop_slots().find_map(|k| judge.judge(k)) {
                return Some(turn);
            }
            if judge.dropped {
                return None;
            }
            return self.action_slots().find_map(|k| judge.judge(k));
        }
        (0..self.len()).find_map(|k| judge.judge(k))
    }

    /// Every legal turn, the candidates judged one by one and the
    /// preferred tier kept: what [`legal_moves`] lists, in another order
    /// (to check one against the other).
    pub fn legal_turns(&self, rules: &Rules, pos: &Position) -> Vec<Move> {
        self.legal_turns_by(rules, pos, |_| 0).collect()
    }

    /// The legal turns, each judged only when it is asked for: a search
    /// that stops after a few judges only those. Actions of higher `rank`
    /// come first, in generation order among equals, within the groups
    /// the rules order: with a reserve drop due, the turns that drop,
    /// then (only where none is legal) the actions alone; where turns of
    /// some kind are preferred, each tier in turn, the next reached only
    /// where the last had no legal turn.
    pub fn legal_turns_by<'a>(
        &'a self,
        rules: &'a Rules,
        pos: &'a Position,
        mut rank: impl FnMut(&Move) -> i32,
    ) -> LegalTurns<'a> {
        let mut order: Vec<usize> = (0..self.actions.len()).collect();
        order.sort_by_cached_key(|&i| std::cmp::Reverse(rank(&self.actions[i])));
        let mut groups = self.groups(rules, pos, Some(order));
        LegalTurns {
            judge: Judge::new(rules, pos, self),
            group: groups.next().unwrap_or_default(),
            groups,
            next: 0,
            found: false,
        }
    }

    /// The slots of the actions in `order` (`None`: generation order), in
    /// the groups the rules order (see [`TurnPool::legal_turns_by`]): a
    /// group is reached only where the ones before it have no legal
    /// turn, so each is listed only when it is reached.
    fn groups(&self, rules: &Rules, pos: &Position, order: Option<Vec<usize>>) -> Groups<'_> {
        let (count, group_of) = if self.reserve.as_ref().is_some_and(|r| r.due) {
            (2, Vec::new())
        } else {
            match Tiers::of(rules, pos) {
                None => (1, Vec::new()),
                // A push changes neither what an action takes nor where
                // it starts: the tier is the action's.
                Some(tiers) => (
                    tiers.len() + 1,
                    self.actions
                        .iter()
                        .map(|a| tiers.tier(rules, a) as u8)
                        .collect(),
                ),
            }
        };
        Groups {
            pool: self,
            order,
            group_of,
            count,
            next: 0,
        }
    }

    /// The first slot of each action: the action alone.
    fn action_slots(&self) -> impl Iterator<Item = u32> + '_ {
        self.starts[..self.actions.len()].iter().copied()
    }

    /// The slots of actions followed by a reserve drop.
    fn drop_slots(&self) -> impl Iterator<Item = u32> + '_ {
        self.starts.windows(2).flat_map(|w| w[0] + 1..w[1])
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

/// The slots of a [`TurnPool`]'s actions, in the order given, by the
/// groups the rules order, each listed when it is reached (see
/// [`TurnPool::groups`]).
struct Groups<'a> {
    pool: &'a TurnPool,
    /// The order of the actions (`None`: generation order).
    order: Option<Vec<usize>>,
    /// Where turns of some kind are preferred, each action's group.
    group_of: Vec<u8>,
    /// How many groups there are.
    count: usize,
    /// The next group.
    next: usize,
}

impl Iterator for Groups<'_> {
    type Item = Vec<u32>;

    fn next(&mut self) -> Option<Vec<u32>> {
        let g = self.next;
        if g >= self.count {
            return None;
        }
        self.next += 1;
        let pool = self.pool;
        let n = pool.actions.len();
        let action = |j: usize| self.order.as_ref().map_or(j, |o| o[j]);
        let mut group = Vec::new();
        if pool.reserve.as_ref().is_some_and(|r| r.due) {
            // The turns that drop, then the actions alone.
            if g == 0 {
                group.reserve(pool.len() as usize);
                for i in (0..n).map(action) {
                    group.extend(pool.starts[i] + 1..pool.starts[i + 1]);
                }
            } else {
                group.extend((0..n).map(|j| pool.starts[action(j)]));
            }
        } else {
            let all = self.group_of.is_empty();
            group.reserve(if all { pool.len() as usize } else { n });
            for i in (0..n).map(action) {
                if !all && usize::from(self.group_of[i]) != g {
                    continue;
                }
                let (start, end) = (pool.starts[i], pool.starts[i + 1]);
                if end == start + 1 {
                    group.push(start);
                } else {
                    group.extend(start..end);
                }
            }
        }
        Some(group)
    }
}

/// The legal turns of a [`TurnPool`], judged one by one as they are asked
/// for (see [`TurnPool::legal_turns_by`]).
pub struct LegalTurns<'a> {
    judge: Judge<'a>,
    /// The groups of slots still to come: a group is reached only where
    /// the ones before it had no legal turn.
    groups: Groups<'a>,
    /// The slots of the group being judged, in the order they are.
    group: Vec<u32>,
    /// The next slot of the group.
    next: usize,
    /// Whether a legal turn was found in the group.
    found: bool,
}

impl std::fmt::Debug for LegalTurns<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("LegalTurns")
            .field("group", &self.group)
            .field("next", &self.next)
            .field("found", &self.found)
            .finish_non_exhaustive()
    }
}

impl Iterator for LegalTurns<'_> {
    type Item = Move;

    fn next(&mut self) -> Option<Move> {
        loop {
            match self.group.get(self.next) {
                Some(&k) => {
                    self.next += 1;
                    if let Some(turn) = self.judge.judge(k) {
                        self.found = true;
                        return Some(turn);
                    }
                }
                // A drop refused only by a rule applied after the due
                // drop's preference still counts as a drop.
                None if self.found || self.judge.dropped => return None,
                None => {
                    self.group = self.groups.next()?;
                    self.next = 0;
                }
            }
        }
    }
}

/// The legal turns of `pos` that `keep` accepts, and whether `pos` has
/// any legal turn; only the turns kept are judged, and the others only
/// until one is legal. `keep` looks at an action: a push, reserve drop or
/// promotion choice that follows it must not change its answer. `None`
/// where the candidates do not tell the legal turns one by one
/// ([`TurnPool::new`]): there, the list tells. (The engine's quiescence
/// walks [`TurnPool::legal_turns_by`] the same way, and judges each
/// capture only when it comes to search it.)
pub fn legal_turns_kept(
    rules: &Rules,
    pos: &Position,
    keep: impl Fn(&Move) -> bool,
) -> Option<(Vec<Move>, bool)> {
    let pool = TurnPool::new(rules, pos)?;
    let mut kept = Vec::new();
    let mut any = false;
    for turn in pool.legal_turns_by(rules, pos, |m| keep(m) as i32) {
        any = true;
        if !keep(&turn) {
            break;
        }
        kept.push(turn);
    }
    Some((kept, any))
}

/// Which of the mover's candidates a pool holds.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Movers {
    /// Every candidate.
    All,
    /// The moves of the piece on a square, of a kind no script is asked
    /// about.
    Unscripted(Square),
    /// Castling alone.
    Castling,
}

/// Has `pos` a legal turn? Found by judging candidates in order until
/// one is legal, where that tells; else by the list.
///
/// Where the mover has scripted pieces and others, the others' moves are
/// judged first, a piece at a time, then castling: a turn legal there is
/// legal among all the candidates (each is judged alone), unless a due
/// reserve drop is preferred to it. Most positions have one, found among
/// the moves of the first pieces asked, and the scripts are asked only
/// where none is.
pub fn has_legal_move(rules: &Rules, pos: &Position) -> bool {
    if some_scripted_some_not(rules, pos)
        && sampled(rules, pos)
        && reserve_drop_due(rules, pos).is_none_or(|due| !due)
    {
        let us = pos.side();
        let unscripted = pos.occupied(us).iter().filter(|&sq| {
            pos.piece_at(sq)
                .is_some_and(|p| !rules.kinds().scripted[p.kind.index()])
        });
        let legal_turn_among = |movers| {
            TurnPool::of(rules, pos, movers, None)
                .is_some_and(|pool| pool.first(rules, pos).is_some())
        };
        if unscripted
            .map(Movers::Unscripted)
            .chain([Movers::Castling])
            .any(legal_turn_among)
        {
            return true;
        }
    }
    match TurnPool::new(rules, pos) {
        Some(pool) => pool.first(rules, pos).is_some(),
        None => !legal_moves(rules, pos).is_empty(),
    }
}

/// Has the side to move pieces of scripted kinds and of others, on a
/// board of single pieces?
fn some_scripted_some_not(rules: &Rules, pos: &Position) -> bool {
    if rules.stacking().is_some() || !rules.kinds().scripted.contains(&true) {
        return false;
    }
    let (mut scripted, mut unscripted) = (false, false);
    for sq in pos.occupied(pos.side()).iter() {
        if let Some(p) = pos.piece_at(sq) {
            if rules.kinds().scripted[p.kind.index()] {
                scripted = true;
            } else {
                unscripted = true;
            }
        }
        if scripted && unscripted {
            return true;
        }
    }
    false
}

/// Can `a` not add an enemy pawn, so that its pushes are bounded by the
/// enemy pawns standing now? An ordinary move, a double step, en
/// passant, castling or a drop, where the plan allows the bound (no
/// morph or script can change a piece after it).
fn bounded(a: &Move) -> bool {
    matches!(
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
    /// A move may not strand a pawn (`TurnRule::StrandedPawns`).
    strands: bool,
    verdicts: Verdicts,
    /// The pushes of each action judged so far, by action (few: most
    /// draws judge one or two).
    pushed: Vec<(usize, Pushed)>,
    /// Where reserve drops are open, the position each action judged so
    /// far leaves, by action.
    acted: Vec<(usize, Position)>,
    /// Whether a legal drop was refused only by a rule that keeps turns
    /// one by one after a due drop is preferred: it strands a pawn, or
    /// its action is barred (so the actions alone are out).
    dropped: bool,
}

/// Each action's verdict once judged (`None` before): kept on the
/// stack for the actions of most positions.
struct Verdicts {
    few: [Option<bool>; Verdicts::FEW],
    many: Vec<Option<bool>>,
}

impl Verdicts {
    /// Actions whose verdicts need no allocation.
    const FEW: usize = 128;

    fn new(actions: usize) -> Verdicts {
        Verdicts {
            few: [None; Verdicts::FEW],
            many: if actions > Verdicts::FEW {
                vec![None; actions]
            } else {
                Vec::new()
            },
        }
    }

    /// The verdict of action `i`.
    fn at(&mut self, i: usize) -> &mut Option<bool> {
        if self.many.is_empty() {
            &mut self.few[i]
        } else {
            &mut self.many[i]
        }
    }
}

impl<'a> Judge<'a> {
    fn new(rules: &'a Rules, pos: &'a Position, pool: &'a TurnPool) -> Judge<'a> {
        let plan = rules.plan(pos.active());
        let steps = if plan.has(TurnRule::Pushes) {
            rules.push_steps(pos.active())
        } else {
            None
        };
        let pushing = match steps {
            Some(steps) => (0..pool.parts.len())
                .map(|part| Pushing::new(rules, pool.position(pos, part), steps))
                .collect(),
            None => Vec::new(),
        };
        let lane = match pos.roll() {
            Some(n) if steps.is_some() && plan.has(TurnRule::Dice) => Some(rules.lane(n)),
            _ => None,
        };
        Judge {
            rules,
            pos,
            pool,
            pushing,
            lane,
            strands: plan.has(TurnRule::StrandedPawns),
            verdicts: Verdicts::new(pool.actions.len()),
            pushed: Vec::new(),
            acted: Vec::new(),
            dropped: false,
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

    /// [`Judge::draw`] from the slots `0..len`, the same draws giving
    /// the same turn, without listing the slots: the list is kept as the
    /// few places a refusal moved a slot into, until there are many.
    fn draw_all(&mut self, len: u32, below: &mut impl FnMut(u64) -> u64) -> Option<Move> {
        /// Moved slots kept before the list is written out.
        const SPARSE: usize = 16;
        let mut moved = [(0u32, 0u32); SPARSE + 1];
        let mut used = 0;
        let at = |moved: &[(u32, u32)], i: u32| {
            moved
                .iter()
                .rev()
                .find(|&&(place, _)| place == i)
                .map_or(i, |&(_, slot)| slot)
        };
        let mut n = len;
        while n > 0 {
            if used > SPARSE {
                let mut open: Vec<u32> = (0..n).map(|i| at(&moved[..used], i)).collect();
                return self.draw(&mut open, below);
            }
            // As `Vec::swap_remove`: the last slot fills the place drawn.
            let place = below(u64::from(n)) as u32;
            let k = at(&moved[..used], place);
            if place != n - 1 {
                moved[used] = (place, at(&moved[..used], n - 1));
                used += 1;
            }
            n -= 1;
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
        if let Some(r) = &self.pool.reserve
            && j > 0
        {
            return self.reserve_turn(i, r.squares[j - 1]);
        }
        if self.pool.barred.get(i) == Some(&true) {
            return None;
        }
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
        let strands = self.strands;
        *self.verdicts.at(i).get_or_insert_with(|| {
            let exposes = match guard {
                Some(guard) => !guard.keeps(rules, pos, &a),
                None => leaves_royal_attacked(rules, pos, &a),
            };
            let refused = exposes
                || (strands && strands_a_pawn(rules, pos, &a))
                || banned_mating_drop(rules, pos, &a);
            !refused
        })
    }

    /// Action `i` followed by the drop of the front reserve piece on
    /// `sq`, if that is a legal turn (whether or not the action alone is).
    fn reserve_turn(&mut self, i: usize, sq: Square) -> Option<Move> {
        let (rules, pos) = (self.rules, self.pos);
        let a = self.pool.actions[i];
        let at = match self.acted.iter().position(|&(k, _)| k == i) {
            Some(at) => at,
            None => {
                let mut child = pos.clone();
                child.play_unchecked(rules, &a);
                self.acted.push((i, child));
                self.acted.len() - 1
            }
        };
        let child = &self.acted[at].1;
        let zone = reserve_zone(rules, child, pos.side())?;
        if !zone.contains(sq) || !child.is_empty(sq) {
            return None;
        }
        let m = Move {
            drop: Some(sq),
            ..a
        };
        if !reserve_drop_is_legal(rules, pos, child, &m) {
            return None;
        }
        if self.pool.barred[i] || self.strands && strands_a_pawn(rules, pos, &m) {
            self.dropped = true;
            return None;
        }
        Some(m)
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

/// Are `pos`'s legal turns its candidates found legal one by one? Where
/// the plan allows the draw (no rule in force keeps or drops turns by
/// looking at the others or adds turns of its own), a duty does not meet
/// a preference, and the game has not ended before any turn.
fn sampled(rules: &Rules, pos: &Position) -> bool {
    let plan = rules.plan(pos.active());
    let duties = TurnRules::of(&[TurnRule::MustMove, TurnRule::ImmobileInCheck]);
    plan.allows(FastPath::Draw)
        && !(plan.has_any(duties) && Tiers::of(rules, pos).is_some())
        && pos.stage() == crate::position::Stage::Play
        && !(plan.has(TurnRule::BlownRoyal) && pos.royals(pos.side()).is_empty())
        && (reserve_drop_due(rules, pos).is_none() || reserve_drawn(rules, pos))
        && goal_reached(rules, pos).is_none()
}

/// Can an open reserve drop window be drawn from? Where the plan allows
/// it (the drop is the only thing added to a board action: no pushes,
/// swaps or hands), no piece is in hand, no choice is pending and no
/// turn is preferred.
fn reserve_drawn(rules: &Rules, pos: &Position) -> bool {
    rules.plan(pos.active()).allows(FastPath::ReserveDraw)
        && pos.pockets()[pos.side()].is_empty()
        && pos.pending().is_none_or(|p| p.color != pos.side())
        && Tiers::of(rules, pos).is_none()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::Rng;
    use crate::notation::parse_fen;
    use crate::variants::load;

    /// Drawing from the slots unlisted gives the turn drawing from the
    /// written-out list gives, with the same random numbers, whether the
    /// first slot drawn is legal, most are refused (in check) or all are
    /// (checkmate, past the point where the list is written out).
    #[test]
    fn unlisted_draws_match_listed_draws() {
        let rules = load("chess").unwrap();
        // Each position, and whether it has a legal turn.
        for (fen, open) in [
            (
                "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
                true,
            ),
            (
                "rnbqkbnr/ppp2ppp/8/1B1pp3/4P3/8/PPPP1PPP/RNBQK1NR b KQkq - 1 3",
                true,
            ),
            (
                "rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3",
                false,
            ),
        ] {
            let pos = parse_fen(&rules, fen).unwrap();
            let pool = TurnPool::new(&rules, &pos).unwrap();
            let mut legal = 0;
            for seed in 0..200 {
                let (mut a, mut b) = (Rng::new(seed), Rng::new(seed));
                let unlisted =
                    Judge::new(&rules, &pos, &pool).draw_all(pool.len(), &mut |n| a.below(n));
                let mut open: Vec<u32> = (0..pool.len()).collect();
                let listed = Judge::new(&rules, &pos, &pool).draw(&mut open, &mut |n| b.below(n));
                assert_eq!(unlisted, listed, "{fen}, seed {seed}");
                assert_eq!(a.below(1 << 40), b.below(1 << 40), "{fen}, seed {seed}");
                legal += usize::from(listed.is_some());
            }
            assert_eq!(legal, if open { 200 } else { 0 }, "{fen}");
        }
    }
}
