//! The computer player: an iterative-deepening alpha-beta search over
//! whole turns, for any variant.
//!
//! Nothing here knows a variant. The search asks move generation for the
//! legal turns, plays them on copies, and ends lines by the variant's own
//! rules: checkmate and stalemate as `ending` scores them, a royal blown
//! up, dead material, the fifty-move rule and repetition. A die not yet
//! rolled is a chance node, valued as the average over its faces. A side
//! may move twice running (a choice handed to the player who made it), so
//! scores are turned round only where the side to move changes.
//!
//! The search is principal-variation alpha-beta with a transposition table
//! on the position's hash, quiescence on captures and promotions, move
//! ordering (the stored move, captures by victim and attacker, killers,
//! history), check extensions, late-move reductions and, where it is
//! sound and switched on, null-move pruning. [`Options`] switches each
//! feature, so a match can measure what it gains.

mod eval;
pub mod material;
mod table;

pub use eval::{Eval, PAWN, Terms};

use crate::board::Color;
use crate::clock::{Duration, Instant};
use crate::game::{Game, insufficient_material};
use crate::movegen::{
    TurnPool, chance_outcomes, every_push_suicidal, goal_reached, in_check, legal_moves,
};
use crate::position::{Move, MoveKind, Position, Stage};
use crate::rules::{Rules, Verdict};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use table::{Bound, Table};

/// Scores beyond any material: a mate in `n` plies is `MATE - n`.
pub const MATE: i32 = 30_000;
const INFINITY: i32 = 32_000;
/// Scores this far from [`MATE`] are mates.
const MATE_BOUND: i32 = MATE - 1_000;
/// The deepest line searched, extensions and quiescence included.
const MAX_PLY: usize = 96;
/// The deepest iteration.
pub const MAX_DEPTH: u32 = 64;

/// When to stop thinking. With nothing set, the search runs to
/// [`MAX_DEPTH`] or until stopped.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Limits {
    /// Iterations of at most this depth.
    pub depth: Option<u32>,
    /// At most this many nodes: the same search on any machine.
    pub nodes: Option<u64>,
    /// Thinking time for this move.
    pub time: Option<Duration>,
    /// A clock: time left for the game and the increment per move.
    pub clock: Option<(Duration, Duration)>,
    /// Moves to play before the clock gets more time (with `clock`).
    pub moves_to_go: Option<u32>,
}

impl Limits {
    /// Iterations to `depth` plies.
    pub fn depth(depth: u32) -> Limits {
        Limits {
            depth: Some(depth),
            ..Limits::default()
        }
    }

    /// At most `nodes` nodes.
    pub fn nodes(nodes: u64) -> Limits {
        Limits {
            nodes: Some(nodes),
            ..Limits::default()
        }
    }

    /// `seconds` of thinking.
    pub fn time(seconds: f64) -> Limits {
        Limits {
            time: Some(Duration::from_secs_f64(seconds.max(0.0))),
            ..Limits::default()
        }
    }

    /// The time after which no new iteration starts and the time never
    /// to pass, if any. A move's own thinking time is used to the end:
    /// an iteration it cuts short still counts where its first moves were
    /// searched. A clock's share aims at half its most, so that time an
    /// iteration would not finish in is saved for later moves.
    fn budget(&self) -> Option<(Duration, Duration)> {
        let mut soft: Option<Duration> = None;
        let mut hard: Option<Duration> = None;
        if let Some(t) = self.time {
            soft = Some(t);
            hard = Some(t);
        }
        if let Some((left, inc)) = self.clock {
            let moves = self.moves_to_go.map_or(30, |n| n.clamp(1, 30) + 1);
            let aim = left / moves + inc * 3 / 4;
            let most = (left / 3).max(Duration::from_millis(1));
            let aim = aim.min(most);
            soft = Some(soft.map_or(aim / 2, |s| s.min(aim / 2)));
            hard = Some(hard.map_or(aim.min(most), |h| h.min(aim)));
        }
        Some((soft?, hard?))
    }
}

/// Reads `depth N`, `time S`, `nodes N` (any of them, in any order);
/// `None` when `rest` is empty.
///
/// # Errors
///
/// A word that is none of these, or a number out of range.
pub fn parse_limits(rest: &str) -> Result<Option<Limits>, String> {
    let words: Vec<&str> = rest.split_whitespace().collect();
    if words.is_empty() {
        return Ok(None);
    }
    let mut limits = Limits::default();
    let mut i = 0;
    while i < words.len() {
        let what = words[i];
        let Some(value) = words.get(i + 1) else {
            return Err(format!("`{what}` needs a number after it, like `{what} 5`"));
        };
        match what {
            "depth" => match value.parse::<u32>() {
                Ok(d) if (1..=MAX_DEPTH).contains(&d) => limits.depth = Some(d),
                _ => {
                    return Err(format!(
                        "the depth is a whole number from 1 to {MAX_DEPTH}, not `{value}`"
                    ));
                }
            },
            "nodes" => match value.parse::<u64>() {
                Ok(n) if n >= 1 => limits.nodes = Some(n),
                _ => {
                    return Err(format!(
                        "the node count is a whole number from 1, not `{value}`"
                    ));
                }
            },
            "time" => match value.parse::<f64>() {
                Ok(t) if t.is_finite() && t > 0.0 && t <= 86_400.0 => {
                    limits.time = Some(std::time::Duration::from_secs_f64(t));
                }
                _ => {
                    return Err(format!(
                        "the time is a number of seconds above 0 and at most 86400, not `{value}`"
                    ));
                }
            },
            _ => {
                return Err(format!(
                    "`{what}` is not a limit (limits: `depth N`, `time S`, `nodes N`)"
                ));
            }
        }
        i += 2;
    }
    Ok(Some(limits))
}

/// The search features [`parse_settings`] switches, by name.
pub const FEATURES: [&str; 9] = [
    "null_move",
    "reductions",
    "check_extension",
    "quiet_ordering",
    "quiescence",
    "pvs",
    "mobility",
    "royal_safety",
    "delta",
];

/// Reads an engine's settings, `KEY=VALUE` joined by commas: the limits
/// `depth=N`, `nodes=N`, `time=S` and the features of [`FEATURES`],
/// `on` or `off` (`depth=6,null_move=on`). The limits are `None` when
/// none is given; the features not named keep their defaults.
///
/// # Errors
///
/// A part that is not `KEY=VALUE`, an unknown key, or a value out of
/// range.
pub fn parse_settings(spec: &str) -> Result<(Option<Limits>, Options), String> {
    let mut options = Options::default();
    let mut limits = Vec::new();
    for part in spec.split(',') {
        let Some((key, value)) = part.split_once('=') else {
            return Err(format!(
                "`{part}` is not a setting; write `depth=N`, `nodes=N`, `time=S` or `FEATURE=off`, joined by commas"
            ));
        };
        let (key, value) = (key.trim(), value.trim());
        if let Some(i) = FEATURES.iter().position(|f| *f == key) {
            if value != "off" && value != "on" {
                return Err(format!("`{key}` is `on` or `off`, not `{value}`"));
            }
            let on = value == "on";
            match i {
                0 => options.null_move = on,
                1 => options.reductions = on,
                2 => options.check_extension = on,
                3 => options.quiet_ordering = on,
                4 => options.quiescence = on,
                5 => options.pvs = on,
                6 => options.terms.mobility = on,
                7 => options.terms.royal_safety = on,
                _ => options.delta = on,
            }
        } else if matches!(key, "depth" | "nodes" | "time") {
            limits.push(format!("{key} {value}"));
        } else {
            return Err(format!(
                "`{key}` is not a setting (settings: depth, nodes, time, {})",
                FEATURES.join(", ")
            ));
        }
    }
    Ok((parse_limits(&limits.join(" "))?, options))
}

/// The search features that can be switched off, for measuring each.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Options {
    /// Null-move pruning, where the variant allows it (off by default:
    /// it has not yet shown a gain).
    pub null_move: bool,
    /// Late-move reductions.
    pub reductions: bool,
    /// One ply more for a move that gives check.
    pub check_extension: bool,
    /// Killer and history ordering of quiet moves.
    pub quiet_ordering: bool,
    /// Quiescence on captures and promotions (off: the evaluation at the
    /// horizon).
    pub quiescence: bool,
    /// Principal-variation search (off: every move with the full window).
    pub pvs: bool,
    /// Delta pruning in quiescence: out of check, a capture that could
    /// not lift the score to alpha even with a margin is not searched.
    pub delta: bool,
    /// The evaluation's positional terms.
    pub terms: Terms,
    /// The transposition table's size, in MB.
    pub hash_mb: usize,
}

impl Default for Options {
    fn default() -> Options {
        Options {
            // Measured at equal nodes, the engine with null-move pruning
            // scored 41% against the engine without it (160 games,
            // benches/README.md), so it is off until it gains.
            null_move: false,
            reductions: true,
            check_extension: true,
            quiet_ordering: true,
            quiescence: true,
            pvs: true,
            delta: true,
            terms: Terms::default(),
            hash_mb: 16,
        }
    }
}

/// A score as people read it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Score {
    /// Centipawns for the side to move.
    Centipawns(i32),
    /// Mate in this many moves; negative when the side to move is mated.
    Mate(i32),
}

impl Score {
    fn from_internal(s: i32) -> Score {
        if s > MATE_BOUND {
            Score::Mate((MATE - s + 1) / 2)
        } else if s < -MATE_BOUND {
            Score::Mate(-((MATE + s + 1) / 2))
        } else {
            Score::Centipawns(s)
        }
    }
}

impl std::fmt::Display for Score {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match *self {
            Score::Centipawns(cp) => write!(f, "{:+.2}", cp as f64 / PAWN as f64),
            Score::Mate(n) if n >= 0 => write!(f, "mate in {n}"),
            Score::Mate(n) => write!(f, "mated in {}", -n),
        }
    }
}

/// What one finished iteration found.
#[derive(Clone, Debug, PartialEq)]
pub struct Report {
    /// Its depth, in plies.
    pub depth: u32,
    /// The score for the side to move.
    pub score: Score,
    /// Nodes searched so far, quiescence included.
    pub nodes: u64,
    /// Time since the search began.
    pub elapsed: Duration,
    /// The principal variation, starting with the best move.
    pub pv: Vec<Move>,
}

/// The engine: its tables live from move to move of one game.
pub struct Engine {
    rules: Arc<Rules>,
    /// The search features in use.
    pub options: Options,
    eval: Eval,
    table: Table,
    killers: Vec<[Option<Move>; 2]>,
    /// Per side, from-square and to-square: how often a quiet move cut off.
    history: Vec<i32>,
    pv: Vec<Vec<Move>>,
    /// Keys of the game's positions and of the line being searched.
    path: Vec<u64>,
    nodes: u64,
    limit_nodes: u64,
    deadline: Option<Instant>,
    stop: Option<Arc<AtomicBool>>,
    aborted: bool,
}

impl std::fmt::Debug for Engine {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Engine")
            .field("options", &self.options)
            .finish_non_exhaustive()
    }
}

impl Engine {
    /// An engine for `rules`, with every feature on.
    pub fn new(rules: Arc<Rules>) -> Engine {
        Engine::with_options(rules, Options::default())
    }

    /// An engine for `rules` with the given features.
    ///
    /// Where memory cannot hold a transposition table of
    /// `options.hash_mb` MB, the engine has the largest half, quarter, ...
    /// of it that memory allows, and its `options.hash_mb` says so.
    pub fn with_options(rules: Arc<Rules>, mut options: Options) -> Engine {
        let start = crate::game::start_position(&rules, 0).unwrap_or_else(|_| Position::empty());
        let squares = crate::board::MAX_SQUARES;
        let table = Table::new(options.hash_mb);
        options.hash_mb = table.megabytes();
        Engine {
            eval: Eval::new(&rules, &start, options.terms),
            rules,
            options,
            table,
            killers: vec![[None, None]; MAX_PLY + 1],
            history: vec![0; 2 * squares * squares],
            pv: vec![Vec::new(); MAX_PLY + 1],
            path: Vec::new(),
            nodes: 0,
            limit_nodes: u64::MAX,
            deadline: None,
            stop: None,
            aborted: false,
        }
    }

    /// The rules it plays by.
    pub fn rules(&self) -> &Arc<Rules> {
        &self.rules
    }

    /// Lets a search end early when `flag` is raised (by Ctrl-C).
    pub fn stop_on(&mut self, flag: Arc<AtomicBool>) {
        self.stop = Some(flag);
    }

    /// The evaluation of `pos` for its side to move, in centipawns.
    pub fn evaluate(&mut self, pos: &Position) -> i32 {
        let rules = self.rules.clone();
        self.eval.evaluate(&rules, pos)
    }

    /// Searches the game's current position within `limits`, calling
    /// `report` after each finished iteration. The answer is the last
    /// finished iteration's (or a better move found by the unfinished
    /// one); stopped before any move was searched, it is the first move
    /// in the order of search at depth 0. `None` only when the game is
    /// over.
    pub fn search(
        &mut self,
        game: &Game,
        limits: &Limits,
        report: &mut dyn FnMut(&Report),
    ) -> Option<Report> {
        if game.outcome().is_some() {
            return None;
        }
        let started = Instant::now();
        let budget = limits.budget();
        self.deadline = budget.map(|(_, hard)| started + hard);
        self.limit_nodes = limits.nodes.unwrap_or(u64::MAX);
        self.nodes = 0;
        self.aborted = false;
        self.table.next_search();
        for k in &mut self.killers {
            *k = [None, None];
        }
        for h in &mut self.history {
            *h /= 8;
        }
        let root = game.position().clone();
        let rules = self.rules.clone();
        // The game's positions since the last irreversible move, for
        // repetitions within the search.
        self.path.clear();
        let back = root.halfmove() as usize;
        let history = game.history();
        for (_, p) in &history[history.len().saturating_sub(back)..] {
            self.path.push(key(p));
        }
        let mut moves: Vec<Move> = game.legal().to_vec();
        let stored = self.table.probe(key(&root)).and_then(|e| e.best);
        let mut moves: Vec<Move> = self
            .order(&rules, &root, &mut moves, stored, 0)
            .into_iter()
            .map(|(_, m)| m)
            .collect();
        let mut best: Option<Report> = None;
        let max_depth = limits.depth.unwrap_or(MAX_DEPTH).clamp(1, MAX_DEPTH);
        for depth in 1..=max_depth {
            let (score, found) = self.root(&root, &mut moves, depth as i32);
            if self.aborted {
                // An unfinished iteration counts where a move was searched
                // to the end: the first is the last iteration's best, so
                // what it found is better informed.
                if found.is_some() {
                    best = Some(Report {
                        depth: best.as_ref().map_or(depth, |b| b.depth),
                        score: Score::from_internal(score),
                        nodes: self.nodes,
                        elapsed: started.elapsed(),
                        pv: self.pv[0].clone(),
                    });
                }
                break;
            }
            let r = Report {
                depth,
                score: Score::from_internal(score),
                nodes: self.nodes,
                elapsed: started.elapsed(),
                pv: self.pv[0].clone(),
            };
            report(&r);
            best = Some(r);
            // A forced mate found needs no deeper look, nor a single reply.
            if score.abs() > MATE_BOUND && (MATE - score.abs()) < depth as i32 {
                break;
            }
            if moves.len() == 1 && limits.depth.is_none() && limits.nodes.is_none() {
                break;
            }
            if let Some((soft, _)) = budget
                && started.elapsed() >= soft
            {
                break;
            }
        }
        // Stopped before one move was searched: the first in order.
        let mut best = best.or_else(|| {
            moves.first().map(|&mv| Report {
                depth: 0,
                score: Score::Centipawns(self.eval.evaluate(&rules, &root)),
                nodes: self.nodes,
                elapsed: started.elapsed(),
                pv: vec![mv],
            })
        });
        if let Some(b) = &mut best {
            b.nodes = self.nodes;
            b.elapsed = started.elapsed();
        }
        best
    }

    /// One iteration at the root: the score and best move, the moves
    /// reordered best first for the next.
    fn root(&mut self, pos: &Position, moves: &mut [Move], depth: i32) -> (i32, Option<Move>) {
        let rules = self.rules.clone();
        let mut alpha = -INFINITY;
        let beta = INFINITY;
        let mut best: Option<Move> = None;
        self.pv[0].clear();
        let k = key(pos);
        self.path.push(k);
        for (i, mv) in moves.iter().enumerate() {
            let mut child = pos.clone();
            child.play_unchecked(&rules, mv);
            let extend = self.extension(&rules, &child);
            let d = depth - 1 + extend;
            let score = if i == 0 || !self.options.pvs {
                self.value(pos, &child, d, alpha, beta, 1)
            } else {
                let s = self.value(pos, &child, d, alpha, alpha + 1, 1);
                if s > alpha && !self.aborted {
                    self.value(pos, &child, d, alpha, beta, 1)
                } else {
                    s
                }
            };
            if self.aborted {
                break;
            }
            if score > alpha {
                alpha = score;
                best = Some(*mv);
                let mut line = vec![*mv];
                line.extend_from_slice(&self.pv[1]);
                self.pv[0] = line;
            }
        }
        self.path.pop();
        if !self.aborted {
            // Best first, the others in their order, for the next iteration.
            if let Some(b) = best
                && let Some(i) = moves.iter().position(|m| *m == b)
            {
                moves[..=i].rotate_right(1);
            }
            self.table.store(k, best, alpha, depth, Bound::Exact);
        }
        (alpha, best)
    }

    /// The value of `child`, reached from `parent`, for `parent`'s side
    /// to move: negated where the side to move changes.
    fn value(
        &mut self,
        parent: &Position,
        child: &Position,
        depth: i32,
        alpha: i32,
        beta: i32,
        ply: usize,
    ) -> i32 {
        if child.side() == parent.side() {
            self.node(child, depth, alpha, beta, ply, true)
        } else {
            -self.node(child, depth, -beta, -alpha, ply, true)
        }
    }

    /// Like [`Engine::value`], in quiescence.
    fn quiet_value(
        &mut self,
        parent: &Position,
        child: &Position,
        alpha: i32,
        beta: i32,
        ply: usize,
        qply: u32,
    ) -> i32 {
        if child.side() == parent.side() {
            self.quiesce(child, alpha, beta, ply, qply)
        } else {
            -self.quiesce(child, -beta, -alpha, ply, qply)
        }
    }

    /// One ply more for a move that gives check, if switched on.
    fn extension(&self, rules: &Rules, child: &Position) -> i32 {
        i32::from(self.options.check_extension && checked(rules, child))
    }

    /// Counts a node; true when the search must stop.
    fn tick(&mut self) -> bool {
        self.nodes += 1;
        if self.nodes >= self.limit_nodes {
            self.aborted = true;
        } else if self.nodes % 512 == 0 {
            if let Some(stop) = &self.stop
                && stop.load(Ordering::Relaxed)
            {
                self.aborted = true;
            }
            if let Some(d) = self.deadline
                && Instant::now() >= d
            {
                self.aborted = true;
            }
        }
        self.aborted
    }

    /// The end of the game at `pos` decided before any move is generated:
    /// a royal blown up, a goal of the `ending` reached, dead material,
    /// repetition. Scores for the side
    /// to move.
    fn settled(&self, rules: &Rules, pos: &Position, k: u64, ply: usize) -> Option<i32> {
        let side = pos.side();
        if !rules.masks().explode.is_empty()
            && pos.royals(side).is_empty()
            && pos.royals(!side).count() > 0
        {
            return Some(-(MATE - ply as i32));
        }
        if let Some(end) = goal_reached(rules, pos) {
            return Some(match end.winner {
                Some(w) if w == side => MATE - ply as i32,
                Some(_) => -(MATE - ply as i32),
                None => 0,
            });
        }
        if rules.ending().repetition > 0 {
            let back = (pos.halfmove() as usize).min(self.path.len());
            let start = self.path.len() - back;
            if self.path[start..].contains(&k) {
                return Some(0);
            }
        }
        if pos.halfmove() == 0 && insufficient_material(rules, pos).is_some() {
            return Some(0);
        }
        None
    }

    /// The score of a position with no legal turn.
    fn no_moves(rules: &Rules, pos: &Position, ply: usize) -> i32 {
        if let Some(end) = goal_reached(rules, pos) {
            return match end.winner {
                Some(w) if w == pos.side() => MATE - ply as i32,
                Some(_) => -(MATE - ply as i32),
                None => 0,
            };
        }
        let verdict = if every_push_suicidal(rules, pos) || in_check(rules, pos, pos.side()) {
            rules.ending().checkmate
        } else {
            rules.ending().stalemate
        };
        match verdict {
            Verdict::Loss => -(MATE - ply as i32),
            Verdict::Win => MATE - ply as i32,
            Verdict::Draw => 0,
        }
    }

    /// Whether a null move (passing) is sound here: in play, between whole
    /// turns, with no die, not in check, and with a piece besides pawns
    /// and royals, so that zugzwang is unlikely.
    fn may_pass(&mut self, rules: &Rules, pos: &Position) -> bool {
        if !self.options.null_move
            || pos.stage() != Stage::Play
            || pos.pending().is_some()
            || pos.phase() != 0
            || rules.has_chance()
            || rules.ending().checkmate != Verdict::Loss
        {
            return false;
        }
        let side = pos.side();
        pos.occupied(side).iter().any(|sq| {
            pos.piece_at(sq)
                .is_some_and(|p| !rules.is_pawn(p.kind) && !rules.is_royal(p.kind))
        })
    }

    /// The alpha-beta search of `pos` to `depth`.
    fn node(
        &mut self,
        pos: &Position,
        depth: i32,
        mut alpha: i32,
        beta: i32,
        ply: usize,
        may_pass: bool,
    ) -> i32 {
        let rules = self.rules.clone();
        if self.tick() {
            return 0;
        }
        self.pv[ply].clear();
        if let Some(outcomes) = chance_outcomes(&rules, pos) {
            return self.chance(&outcomes, depth, ply, false);
        }
        let k = key(pos);
        if let Some(s) = self.settled(&rules, pos, k, ply) {
            return s;
        }
        if ply >= MAX_PLY {
            return self.eval.evaluate(&rules, pos);
        }
        if depth <= 0 {
            return if self.options.quiescence {
                self.quiesce(pos, alpha, beta, ply, 0)
            } else {
                self.eval.evaluate(&rules, pos)
            };
        }
        let pv_node = beta - alpha > 1;
        let stored = self.table.probe(k);
        if let Some(e) = stored
            && !pv_node
            && e.depth >= depth
        {
            let s = from_table(e.score, ply);
            let fits = match e.bound {
                Bound::Exact => true,
                Bound::Lower => s >= beta,
                Bound::Upper => s <= alpha,
            };
            if fits {
                return s;
            }
        }
        let in_check_now = checked(&rules, pos);
        if may_pass
            && !pv_node
            && !in_check_now
            && depth >= 3
            && beta.abs() < MATE_BOUND
            && self.may_pass(&rules, pos)
            && self.eval.evaluate(&rules, pos) >= beta
        {
            let passed = pos.with_other_side_to_move(&rules);
            let r = 2 + depth / 6;
            self.path.push(k);
            let s = -self.node(&passed, depth - 1 - r, -beta, -beta + 1, ply + 1, false);
            self.path.pop();
            if self.aborted {
                return 0;
            }
            if s >= beta {
                return beta;
            }
        }
        let mut moves = legal_moves(&rules, pos);
        if moves.is_empty() {
            return Engine::no_moves(&rules, pos, ply);
        }
        if rules.ending().fifty_move > 0 && pos.halfmove() >= 2 * rules.ending().fifty_move {
            return 0;
        }
        let hash_move = stored.and_then(|e| e.best);
        let order = self.order(&rules, pos, &mut moves, hash_move, ply);
        let alpha_in = alpha;
        let mut best = -INFINITY;
        let mut best_move: Option<Move> = None;
        self.path.push(k);
        for (i, &(weight, mv)) in order.iter().enumerate() {
            let mut child = pos.clone();
            child.play_unchecked(&rules, &mv);
            let extend = self.extension(&rules, &child);
            let d = depth - 1 + extend;
            let quiet = weight < CAPTURE;
            let score = if i == 0 || !self.options.pvs {
                self.value(pos, &child, d, alpha, beta, ply + 1)
            } else {
                let reduce = if self.options.reductions
                    && depth >= 3
                    && i >= 3
                    && quiet
                    && weight < KILLER
                    && !in_check_now
                    && extend == 0
                {
                    1 + i32::from(i >= 8) + i32::from(depth >= 8)
                } else {
                    0
                };
                let mut s = self.value(pos, &child, d - reduce, alpha, alpha + 1, ply + 1);
                if s > alpha && reduce > 0 && !self.aborted {
                    s = self.value(pos, &child, d, alpha, alpha + 1, ply + 1);
                }
                if s > alpha && s < beta && !self.aborted {
                    s = self.value(pos, &child, d, alpha, beta, ply + 1);
                }
                s
            };
            if self.aborted {
                self.path.pop();
                return 0;
            }
            if score > best {
                best = score;
                best_move = Some(mv);
                if score > alpha {
                    alpha = score;
                    let (head, tail) = self.pv.split_at_mut(ply + 1);
                    let line = &mut head[ply];
                    line.clear();
                    line.push(mv);
                    line.extend_from_slice(&tail[0]);
                    if alpha >= beta {
                        if quiet && self.options.quiet_ordering {
                            let killers = &mut self.killers[ply];
                            if killers[0] != Some(mv) {
                                killers[1] = killers[0];
                                killers[0] = Some(mv);
                            }
                            let h = history_index(pos.side(), &mv);
                            self.history[h] += depth * depth;
                        }
                        break;
                    }
                }
            }
        }
        self.path.pop();
        let bound = if best >= beta {
            Bound::Lower
        } else if alpha > alpha_in {
            Bound::Exact
        } else {
            Bound::Upper
        };
        self.table
            .store(k, best_move, to_table(best, ply), depth, bound);
        best
    }

    /// The average over a die's faces, each searched in full.
    fn chance(&mut self, outcomes: &[Position], depth: i32, ply: usize, quiet: bool) -> i32 {
        let mut sum: i64 = 0;
        for p in outcomes {
            let s = if quiet {
                self.quiesce(p, -INFINITY, INFINITY, ply, 0)
            } else {
                self.node(p, depth, -INFINITY, INFINITY, ply, false)
            };
            if self.aborted {
                return 0;
            }
            sum += i64::from(s);
        }
        (sum / outcomes.len().max(1) as i64) as i32
    }

    /// Captures and promotions until the position is quiet; every evasion
    /// when in check, for a few plies.
    fn quiesce(&mut self, pos: &Position, mut alpha: i32, beta: i32, ply: usize, qply: u32) -> i32 {
        let rules = self.rules.clone();
        if self.tick() {
            return 0;
        }
        if let Some(outcomes) = chance_outcomes(&rules, pos) {
            return self.chance(&outcomes, 0, ply, true);
        }
        if ply < self.pv.len() {
            self.pv[ply].clear();
        }
        let side = pos.side();
        if !rules.masks().explode.is_empty()
            && pos.royals(side).is_empty()
            && pos.royals(!side).count() > 0
        {
            return -(MATE - ply as i32);
        }
        let in_check_now = checked(&rules, pos);
        let stand = self.eval.evaluate(&rules, pos);
        if ply >= MAX_PLY || (in_check_now && qply >= 4) {
            return stand;
        }
        if !in_check_now && stand >= beta {
            return stand;
        }
        let mut best = if in_check_now { -INFINITY } else { stand };
        alpha = alpha.max(best);
        // Out of check only captures and promotions are searched: where
        // the candidates tell, each is judged only when its turn comes
        // (after a cut, the rest never are), and the others only until
        // one is legal, for stalemate.
        if !in_check_now && let Some(pool) = TurnPool::new(&rules, pos) {
            return self.quiesce_pool(&pool, pos, stand, alpha, beta, ply, qply);
        }
        let mut moves = legal_moves(&rules, pos);
        if moves.is_empty() {
            return Engine::no_moves(&rules, pos, ply);
        }
        if !in_check_now {
            moves.retain(|m| self.loud(&rules, m));
        }
        let order = self.order(&rules, pos, &mut moves, None, ply);
        for &(_, mv) in &order {
            if self.delta_pruned(&rules, &mv, in_check_now, stand, alpha) {
                continue;
            }
            if self.quiet_turn(pos, &mv, (&mut best, &mut alpha), beta, ply, qply) {
                break;
            }
        }
        if self.aborted {
            return 0;
        }
        best
    }

    /// Quiescence out of check where `pool` tells the legal turns one
    /// by one: the loud turns in order (those delta pruning drops from
    /// the start ranked with the quiet ones), each judged as it comes.
    /// `alpha` is at least `stand`.
    #[allow(clippy::too_many_arguments)]
    fn quiesce_pool(
        &mut self,
        pool: &TurnPool,
        pos: &Position,
        stand: i32,
        mut alpha: i32,
        beta: i32,
        ply: usize,
        qply: u32,
    ) -> i32 {
        let rules = self.rules.clone();
        let floor = alpha;
        let turns = pool.legal_turns_by(&rules, pos, |m| {
            if self.loud_kept(&rules, m, stand, floor) {
                self.loud_weight(&rules, m)
            } else {
                i32::MIN
            }
        });
        let mut best = stand;
        let mut any = false;
        for mv in turns {
            any = true;
            if !self.loud_kept(&rules, &mv, stand, floor) {
                // The quiet turns (and those pruned from the start) come
                // last: this one says the position has a legal turn.
                break;
            }
            if self.delta_pruned(&rules, &mv, false, stand, alpha) {
                continue;
            }
            if self.quiet_turn(pos, &mv, (&mut best, &mut alpha), beta, ply, qply) {
                break;
            }
        }
        if self.aborted {
            return 0;
        }
        if !any {
            return Engine::no_moves(&rules, pos, ply);
        }
        best
    }

    /// Searches the loud turn `mv` of `pos` in quiescence, raising
    /// `best` and `alpha` (the pair given); true when the node must stop
    /// here: a cut, or the search aborted.
    fn quiet_turn(
        &mut self,
        pos: &Position,
        mv: &Move,
        (best, alpha): (&mut i32, &mut i32),
        beta: i32,
        ply: usize,
        qply: u32,
    ) -> bool {
        let mut child = pos.clone();
        child.play_unchecked(&self.rules, mv);
        let s = self.quiet_value(pos, &child, *alpha, beta, ply + 1, qply + 1);
        if self.aborted {
            return true;
        }
        if s > *best {
            *best = s;
            if s > *alpha {
                *alpha = s;
                return s >= beta;
            }
        }
        false
    }

    /// Is `m` a loud turn that quiescence searches out of check, from the
    /// static score `stand` with `floor` the bound at the start (not one
    /// delta pruning drops from the outset)?
    fn loud_kept(&mut self, rules: &Rules, m: &Move, stand: i32, floor: i32) -> bool {
        maybe_loud(rules, m)
            && self.loud(rules, m)
            && !self.delta_pruned(rules, m, false, stand, floor)
    }

    /// Does delta pruning drop `m`, out of check, when `stand` is the
    /// static score and `alpha` the bound: can its victim and promotion
    /// not bring the score within [`DELTA`] of `alpha`?
    fn delta_pruned(
        &mut self,
        rules: &Rules,
        m: &Move,
        in_check_now: bool,
        stand: i32,
        alpha: i32,
    ) -> bool {
        self.options.delta && !in_check_now && stand + self.gain(rules, m) + DELTA <= alpha
    }

    /// Is `m` loud: a capture, or a promotion by the pawns' rules that
    /// raises the piece's value? A pawn that changes form as it moves
    /// (a morph cycle of pawns) is quiet where its new form is worth no
    /// more.
    fn loud(&mut self, rules: &Rules, m: &Move) -> bool {
        m.captured.is_some() || (promotes(rules, m) && self.gain(rules, m) > 0)
    }

    /// What `m` adds to the mover's material: its victim and its
    /// promotion's gain over the piece.
    fn gain(&mut self, rules: &Rules, m: &Move) -> i32 {
        let victim = m.captured.map_or(0, |c| self.eval.value(rules, c.kind));
        let promotion = m.promotion.map_or(0, |k| {
            self.eval.value(rules, k) - self.eval.value(rules, m.piece.kind)
        });
        victim + promotion
    }

    /// A loud move's weight in the order: its victim and promotion,
    /// then the cheaper attacker first.
    fn loud_weight(&mut self, rules: &Rules, m: &Move) -> i32 {
        let victim = m.captured.map_or(0, |c| self.eval.value(rules, c.kind));
        let gain = m.promotion.map_or(0, |k| self.eval.value(rules, k));
        let attacker = self.eval.value(rules, m.piece.kind);
        CAPTURE + 8 * (victim + gain) - attacker / 8
    }

    /// `moves` weighed and sorted, best first: the stored move, captures
    /// and promotions by victim then attacker, killers, then history.
    fn order(
        &mut self,
        rules: &Rules,
        pos: &Position,
        moves: &mut [Move],
        hash_move: Option<Move>,
        ply: usize,
    ) -> Vec<(i32, Move)> {
        let killers = self.killers.get(ply).copied().unwrap_or([None, None]);
        let mut weighed: Vec<(i32, Move)> = moves
            .iter()
            .map(|m| {
                let w = if Some(*m) == hash_move {
                    HASH
                } else if self.loud(rules, m) {
                    self.loud_weight(rules, m)
                } else if self.options.quiet_ordering && killers.contains(&Some(*m)) {
                    if killers[0] == Some(*m) {
                        KILLER + 1
                    } else {
                        KILLER
                    }
                } else if self.options.quiet_ordering {
                    self.history[history_index(pos.side(), m)].min(KILLER - 1)
                } else {
                    0
                };
                (w, *m)
            })
            .collect();
        weighed.sort_by_key(|&(w, _)| std::cmp::Reverse(w));
        weighed
    }
}

/// Delta pruning's margin: what a capture may gain beyond its victim
/// and promotion (the position around it), in centipawns.
const DELTA: i32 = 200;

/// Weights of move ordering.
const HASH: i32 = 1 << 30;
const CAPTURE: i32 = 1 << 24;
const KILLER: i32 = 1 << 20;

/// A capture or a promotion by the pawns' rules (not a morph, nor a
/// piece taken into a pocket as another kind): a superset of the loud
/// moves, known without values (see [`Engine::loud`]).
fn maybe_loud(rules: &Rules, m: &Move) -> bool {
    m.captured.is_some() || promotes(rules, m)
}

/// Is `m` a promotion by the pawns' rules?
fn promotes(rules: &Rules, m: &Move) -> bool {
    m.promotion.is_some() && (rules.is_pawn(m.piece.kind) || matches!(m.kind, MoveKind::Promote))
}

fn history_index(side: Color, m: &Move) -> usize {
    let n = crate::board::MAX_SQUARES;
    (side as usize * n + m.from.index()) * n + m.to.index()
}

/// Whether the side to move has a royal under attack (never, in a variant
/// without royals).
fn checked(rules: &Rules, pos: &Position) -> bool {
    !pos.royals(pos.side()).is_empty() && in_check(rules, pos, pos.side())
}

/// The key of a position in the table: its hash, with what the hash
/// leaves out but the search must tell apart (the die, the reserves, a
/// swap that may not be undone, the stage).
fn key(pos: &Position) -> u64 {
    let mut k = pos.hash();
    let mix = |k: u64, v: u64| (k ^ v).wrapping_mul(0x9E37_79B9_7F4A_7C15).rotate_left(29);
    if let Some(r) = pos.roll() {
        k = mix(k, 0xd1ce ^ u64::from(r));
    }
    let reserves = pos.reserves();
    let (w, b) = (reserves[Color::White].len, reserves[Color::Black].len);
    if w != 0 || b != 0 {
        k = mix(k, 0x5e5e ^ (u64::from(w) << 8) ^ u64::from(b));
    }
    if let Some((a, b)) = pos.swap_back() {
        k = mix(k, 0x5a5a ^ (u64::from(a.0) << 8) ^ u64::from(b.0));
    }
    if pos.stage() == Stage::Setup {
        k = mix(k, 0x5e70);
    }
    k
}

/// A score as stored: mates counted from the node, not the root.
fn to_table(score: i32, ply: usize) -> i32 {
    if score > MATE_BOUND {
        score + ply as i32
    } else if score < -MATE_BOUND {
        score - ply as i32
    } else {
        score
    }
}

fn from_table(score: i32, ply: usize) -> i32 {
    if score > MATE_BOUND {
        score - ply as i32
    } else if score < -MATE_BOUND {
        score + ply as i32
    } else {
        score
    }
}

#[cfg(test)]
mod tests;
