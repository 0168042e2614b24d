//! The designer's laboratory: `value` (what a piece is worth, in pawns),
//! `balance` (a variant's report card) and `compare` (did a rule change
//! matter), answered by self-play of node-limited engines, the same
//! numbers on every machine.
//!
//! Every command here plans its games as a list of [`Spec`]s, each
//! fixed by its start, its seed and its engines' node limits; plays them
//! on several threads ([`play_all`]), each game on its own engines, so
//! that a game's result depends on its spec alone; and keeps one
//! [`Game`] row per game, which a shard writes and `--merge` reads back.
//! Everything goes through the session API.

pub mod balance;
mod charts;
pub mod compare;
mod placement;
pub mod stats;
pub mod value;

pub use charts::bar_chart;
pub use placement::Placement;

use crate::session::{
    Dice, Effect, Error as SessionError, Limits, Rulebook, Score, Session, Side, Start,
};
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};

/// How the games of a command are played.
#[derive(Clone, Debug)]
pub struct Bench {
    /// Nodes each engine searches per move (doubled for the stronger
    /// side of a ladder's rung).
    pub nodes: u64,
    /// A game still going after this many plies is drawn (and counted
    /// as cut).
    pub max_plies: usize,
    /// Random plies played from each start before the engines take over.
    pub opening_plies: usize,
    /// A game is adjudicated to the side both engines agree is this many
    /// centipawns ahead for [`ADJUDICATION_PLIES`] plies running; 0
    /// never adjudicates.
    pub adjudicate: i32,
    /// Games played at once.
    pub threads: usize,
    /// The command's seed: every game's seed comes from it.
    pub seed: u64,
    /// Openings from a book (FENs), used in turn instead of the start.
    pub book: Vec<String>,
}

impl Default for Bench {
    fn default() -> Bench {
        Bench {
            nodes: 2000,
            max_plies: 300,
            opening_plies: 4,
            adjudicate: 1000,
            threads: std::thread::available_parallelism().map_or(1, |n| n.get()),
            seed: 0,
            book: Vec::new(),
        }
    }
}

/// Plies running for which both engines must agree before a game is
/// adjudicated.
pub const ADJUDICATION_PLIES: usize = 8;

/// One game to play.
#[derive(Clone, Debug, PartialEq)]
pub struct Spec {
    /// The rulebook it is played under (an index into the list given to
    /// [`play_all`]).
    pub rules: usize,
    /// The position it starts from; `None` for the variant's start (its
    /// random setup drawn from the seed, where it has one).
    pub start: Option<String>,
    /// Its seed: the opening's random plies and the rules' dice.
    pub seed: u64,
    /// Random plies from the start.
    pub opening_plies: usize,
    /// White's and Black's nodes per move.
    pub nodes: [u64; 2],
    /// Where a game still going is cut and drawn.
    pub max_plies: usize,
    /// See [`Bench::adjudicate`].
    pub adjudicate: i32,
    /// Keep what fires and where ([`Game::fired`]) and the engines'
    /// scores ([`Game::scores`]).
    pub watch: bool,
}

/// One game played: a row of a lab command's results.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct Game {
    /// Its number in the command's plan.
    pub index: u64,
    /// What the command planned it for (`level=2 holder=white`, ...).
    pub label: String,
    /// The position the engines took over at.
    pub start: String,
    /// White's score: 1, 0.5 or 0.
    pub white: f64,
    /// How it ended.
    pub reason: String,
    /// Plies the engines played.
    pub plies: usize,
    /// Cut at the move cap.
    pub cut: bool,
    /// Ended by the engines' agreement rather than the rules.
    pub adjudicated: bool,
    /// A hash of the start and every turn, for finding repeated games.
    pub moves: String,
    /// The engines' scores from White's side, one per ply, clamped to
    /// +-20 pawns (mates at the clamp), when watched.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub scores: Vec<i32>,
    /// What fired, by event and square (`capture` -> `e4` -> 3), when
    /// watched.
    #[serde(skip_serializing_if = "BTreeMap::is_empty")]
    pub fired: BTreeMap<String, BTreeMap<String, u32>>,
}

/// Scores beyond this many centipawns are kept as this.
const SCORE_CLAMP: i32 = 2000;

/// The seed of game `index` of a command seeded `seed`.
pub fn game_seed(seed: u64, index: u64) -> u64 {
    crate::experiment::game_seed(seed, index)
}

/// The last square named in `text` (`e2e4` -> `e4`, `N@c3` -> `c3`).
fn last_square(text: &str) -> Option<String> {
    let b = text.as_bytes();
    let mut end = b.len();
    while end > 0 {
        if b[end - 1].is_ascii_digit() {
            let mut start = end;
            while start > 0 && b[start - 1].is_ascii_digit() {
                start -= 1;
            }
            let mut letters = start;
            while letters > 0 && b[letters - 1].is_ascii_lowercase() {
                letters -= 1;
            }
            if letters < start {
                return Some(text[letters..end].to_string());
            }
            end = start;
        } else {
            end -= 1;
        }
    }
    None
}

/// FNV-1a, for the repeated-games check.
fn fnv(text: &str, mut h: u64) -> u64 {
    for b in text.bytes() {
        h ^= u64::from(b);
        h = h.wrapping_mul(0x0100_0000_01b3);
    }
    h
}

/// The engines of one thread: one per colour, kept between games (their
/// tables cleared for each, so a game depends on its spec alone).
struct Engines {
    seats: Vec<[Session; 2]>,
}

impl Engines {
    fn new(rulebooks: &[Rulebook]) -> Result<Engines, String> {
        let mut seats = Vec::new();
        for r in rulebooks {
            let one = || Session::new(r, &Start::Setup).map_err(|e| e.to_string());
            seats.push([one()?, one()?]);
        }
        Ok(Engines { seats })
    }
}

/// Adds one `event` on `square` to `fired`.
fn fire(fired: &mut BTreeMap<String, BTreeMap<String, u32>>, event: &str, square: &str) {
    *fired
        .entry(event.to_string())
        .or_default()
        .entry(square.to_string())
        .or_default() += 1;
}

/// What the turn `effects` will make does, counted into `fired` by the
/// square each effect touches: captures (by replacement, or elsewhere:
/// en passant, withdrawal, approach, leaps, shots), removals (blasts),
/// other units moved (pushes, castling's rook), swaps, changes of side,
/// pieces into and out of hands and reserves, markers.
fn count_effects(effects: &[Effect], fired: &mut BTreeMap<String, BTreeMap<String, u32>>) {
    let mut moves = effects.iter().filter_map(|e| match e {
        Effect::Move { to, .. } => Some(to.as_str()),
        _ => None,
    });
    let landed = moves.next();
    for e in effects {
        match e {
            Effect::Capture { square } if Some(square.as_str()) == landed => {
                fire(fired, "capture by replacement", square);
            }
            Effect::Capture { square } => fire(fired, "capture elsewhere", square),
            Effect::Remove { square } => fire(fired, "removal (blast, pocketing)", square),
            Effect::Swap { a, b } => {
                fire(fired, "swap", a);
                fire(fired, "swap", b);
            }
            Effect::SetOwner { square, .. } => fire(fired, "change of side", square),
            Effect::ToHand { kind, .. } => fire(fired, &format!("into a hand: {kind}"), "-"),
            Effect::FromHand { square, .. } => fire(fired, "drop from a hand", square),
            Effect::FromReserve { square, .. } => fire(fired, "drop from the reserve", square),
            Effect::PlaceMarker { square, .. } => fire(fired, "marker placed", square),
            Effect::FlipMarker { square } => fire(fired, "marker turned", square),
            _ => {}
        }
    }
    for to in moves {
        fire(fired, "another unit moved", to);
    }
}

/// What the last turn of `s` changed, counted into `fired`: promotions,
/// morphs, checks, castling, mutators switched on and off.
fn count_turn(s: &Session, fired: &mut BTreeMap<String, BTreeMap<String, u32>>) {
    let Some(info) = s.played_turn(s.ply().saturating_sub(1)) else {
        return;
    };
    let square = last_square(&info.coordinates()).unwrap_or_default();
    if info.promotion().is_some() {
        fire(fired, "promotion", &square);
    }
    if info.morph().is_some() {
        fire(fired, "morph", &square);
    }
    if info.check() {
        fire(fired, "check", &square);
    }
    if info.san().starts_with("O-O") {
        fire(fired, "castling", &square);
    }
    let (before, after) = (info.mutators_before(), info.mutators_after());
    for m in after.iter().filter(|m| !before.contains(m)) {
        fire(fired, &format!("mutator on: {m}"), &square);
    }
    for m in before.iter().filter(|m| !after.contains(m)) {
        fire(fired, &format!("mutator off: {m}"), &square);
    }
}

/// Plays `spec` under `rules` with `engines` (cleared first).
fn play_game(rules: &Rulebook, spec: &Spec, engines: &mut [Session; 2]) -> Result<Game, String> {
    let start = match &spec.start {
        Some(fen) => Start::Fen {
            fen: fen.clone(),
            seed: spec.seed,
        },
        None => Start::Seed(spec.seed),
    };
    let mut board = Session::new(rules, &start).map_err(|e| match e {
        SessionError::Fen { message } => format!(
            "the start `{}` is not a position of {}: {message}",
            spec.start.as_deref().unwrap_or(""),
            rules.name()
        ),
        e => e.to_string(),
    })?;
    let mut dice = Dice::new(spec.seed ^ 0x5151_5151);
    board
        .random_opening(spec.opening_plies, &mut dice)
        .map_err(|e| e.to_string())?;
    for e in engines.iter_mut() {
        e.clear_engine();
    }
    let mut game = Game {
        start: board.fen(),
        ..Game::default()
    };
    let mut hash = fnv(&game.start, 0xcbf2_9ce4_8422_2325);
    // Plies running on which the engines agreed that White (+1) or
    // Black (-1) is winning.
    let mut agreed = (0i32, 0usize);
    let mut verdict: Option<(Option<Side>, String)> = None;
    while board.outcome().is_none() {
        if game.plies >= spec.max_plies {
            game.cut = true;
            verdict = Some((None, format!("cut at {} plies", spec.max_plies)));
            break;
        }
        let side = board.side();
        let seat = usize::from(side == Side::Black);
        let limits = Limits::nodes(spec.nodes[seat].max(1));
        let mut fork = board.fork();
        fork.adopt_engine(&mut engines[seat]);
        let found = fork.search(&limits, &mut |_| {});
        engines[seat].adopt_engine(&mut fork);
        let Some(thought) = found else {
            return Err(format!("the engine found no move in {}", board.fen()));
        };
        let mover = match thought.score {
            Score::Centipawns(cp) => cp.clamp(-SCORE_CLAMP, SCORE_CLAMP),
            Score::Mate(n) if n >= 0 => SCORE_CLAMP,
            Score::Mate(_) => -SCORE_CLAMP,
        };
        let white = if side == Side::White { mover } else { -mover };
        if spec.watch {
            game.scores.push(white);
        }
        if spec.adjudicate > 0 {
            let sign = if white >= spec.adjudicate {
                1
            } else if white <= -spec.adjudicate {
                -1
            } else {
                0
            };
            agreed = if sign != 0 && sign == agreed.0 {
                (sign, agreed.1 + 1)
            } else {
                (sign, usize::from(sign != 0))
            };
            if agreed.0 != 0 && agreed.1 >= ADJUDICATION_PLIES {
                let winner = if agreed.0 > 0 {
                    Side::White
                } else {
                    Side::Black
                };
                game.adjudicated = true;
                verdict = Some((Some(winner), "adjudicated by the engines' scores".into()));
                break;
            }
        }
        // The turn in SAN: coordinates alone may name two turns (a king's
        // step of two squares and castling, where a mutator lets it).
        let turn = thought.pv.first().unwrap_or(&thought.best);
        if spec.watch
            && let Ok(effects) = board.explain(turn)
        {
            count_effects(&effects, &mut game.fired);
        }
        if let Err(e) = board.play(turn) {
            return Err(format!(
                "the engine's move `{}` in {} was refused: {e}",
                thought.best,
                board.fen()
            ));
        }
        hash = fnv(&thought.best, hash);
        game.plies += 1;
        if spec.watch {
            count_turn(&board, &mut game.fired);
        }
    }
    let (winner, reason) = match (board.outcome(), verdict) {
        (Some(o), _) => (o.winner, o.words),
        (None, Some(v)) => v,
        (None, None) => (None, "unfinished".into()),
    };
    game.white = match winner {
        None => 0.5,
        Some(Side::White) => 1.0,
        Some(Side::Black) => 0.0,
    };
    game.reason = reason;
    game.moves = format!("{hash:016x}");
    if let Some(e) = board.take_script_error() {
        return Err(e.to_string());
    }
    Ok(game)
}

/// Plays `specs` (each under `rulebooks[spec.rules]`) on `threads`
/// threads, calling `progress` with the games done as each ends. The
/// games come back in the order of `specs`, labelled by `label`, their
/// indices `first`, `first + 1`, ... Stops early when `stop` is raised,
/// giving the games finished by then (in order, with gaps left out).
///
/// # Errors
///
/// A game cannot be played (its start is not a position, or a script
/// fails).
pub fn play_all(
    rulebooks: &[Rulebook],
    specs: &[(u64, String, Spec)],
    threads: usize,
    stop: &AtomicBool,
    progress: &mut dyn FnMut(usize),
) -> Result<Vec<Game>, String> {
    let next = AtomicUsize::new(0);
    let done: Mutex<Vec<Option<Game>>> = Mutex::new(vec![None; specs.len()]);
    let failure: Mutex<Option<String>> = Mutex::new(None);
    let finished = Arc::new(AtomicUsize::new(0));
    // Raised by a failing game: stops the others, not the caller's runs
    // to come.
    let halt = AtomicBool::new(false);
    let threads = threads.clamp(1, specs.len().max(1));
    std::thread::scope(|scope| {
        for _ in 0..threads {
            let (next, done, failure, finished, halt) =
                (&next, &done, &failure, finished.clone(), &halt);
            scope.spawn(move || {
                // Keeps the first failure and halts the other threads.
                let give_up = |e: String| {
                    failure
                        .lock()
                        .unwrap_or_else(|p| p.into_inner())
                        .get_or_insert(e);
                    halt.store(true, Ordering::Relaxed);
                };
                let mut engines = match Engines::new(rulebooks) {
                    Ok(e) => e,
                    Err(e) => return give_up(e),
                };
                loop {
                    if stop.load(Ordering::Relaxed) || halt.load(Ordering::Relaxed) {
                        return;
                    }
                    let i = next.fetch_add(1, Ordering::Relaxed);
                    let Some((index, label, spec)) = specs.get(i) else {
                        return;
                    };
                    let Some(seats) = engines.seats.get_mut(spec.rules) else {
                        return;
                    };
                    match play_game(&rulebooks[spec.rules], spec, seats) {
                        Ok(mut g) => {
                            g.index = *index;
                            g.label.clone_from(label);
                            done.lock().unwrap_or_else(|p| p.into_inner())[i] = Some(g);
                            finished.fetch_add(1, Ordering::Relaxed);
                        }
                        Err(e) => return give_up(e),
                    }
                }
            });
        }
        // Progress from this thread, every tenth of a second.
        let mut shown = 0;
        loop {
            let n = finished.load(Ordering::Relaxed);
            if n != shown {
                shown = n;
                progress(n);
            }
            if n >= specs.len() || stop.load(Ordering::Relaxed) || halt.load(Ordering::Relaxed) {
                break;
            }
            std::thread::sleep(std::time::Duration::from_millis(100));
        }
    });
    if let Some(e) = failure.into_inner().unwrap_or_else(|p| p.into_inner()) {
        return Err(e);
    }
    Ok(done
        .into_inner()
        .unwrap_or_else(|p| p.into_inner())
        .into_iter()
        .flatten()
        .collect())
}

/// How many of `games` repeat another (the same start and turns), and
/// a warning saying so when any do.
pub fn repeats(games: &[Game]) -> (usize, Option<String>) {
    let mut seen = std::collections::BTreeSet::new();
    let mut repeated = 0;
    for g in games {
        if !seen.insert((&g.label, &g.moves)) {
            repeated += 1;
        }
    }
    let warning = (repeated > 0).then(|| {
        format!(
            "warning: {repeated} of {} games repeat another game of the same condition move for move; the interval counts them as if they differed. Raise --opening-plies, give --book, or use a variant with a random setup",
            games.len()
        )
    });
    (repeated, warning)
}

/// Rows as JSON Lines.
pub fn to_jsonl(games: &[Game]) -> String {
    let mut out = String::new();
    for g in games {
        out.push_str(&serde_json::to_string(g).unwrap_or_default());
        out.push('\n');
    }
    out
}

/// Rows as CSV (without the watched columns).
pub fn to_csv(games: &[Game]) -> String {
    let mut out = String::from("index,label,white,reason,plies,cut,adjudicated,start\n");
    let quote = |s: &str| {
        if s.contains([',', '"', '\n']) {
            format!("\"{}\"", s.replace('"', "\"\""))
        } else {
            s.to_string()
        }
    };
    for g in games {
        out.push_str(&format!(
            "{},{},{},{},{},{},{},{}\n",
            g.index,
            quote(&g.label),
            g.white,
            quote(&g.reason),
            g.plies,
            g.cut,
            g.adjudicated,
            quote(&g.start)
        ));
    }
    out
}

/// Rows read back from JSON Lines (`name` for the errors).
///
/// # Errors
///
/// A line that is not a row.
pub fn from_jsonl(name: &str, text: &str) -> Result<Vec<Game>, String> {
    let mut games = Vec::new();
    for (i, line) in text.lines().enumerate() {
        if line.trim().is_empty() {
            continue;
        }
        let g: Game = serde_json::from_str(line)
            .map_err(|e| format!("{name}:{}: not a row of a lab command: {e}", i + 1))?;
        games.push(g);
    }
    Ok(games)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_last_square_of_a_turn() {
        assert_eq!(last_square("e2e4").as_deref(), Some("e4"));
        assert_eq!(last_square("N@c3").as_deref(), Some("c3"));
        assert_eq!(last_square("a7a8q").as_deref(), Some("a8"));
        assert_eq!(last_square("j10i10").as_deref(), Some("i10"));
        assert_eq!(last_square("O-O"), None);
    }
}
