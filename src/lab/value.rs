//! `changeling value VARIANT PIECE`: what a piece is worth in pawns, by
//! the imbalance method.
//!
//! The holder keeps the piece and gives up comparison material (pawns,
//! or another kind and pawns); the other side gives up the piece. Each
//! pair of games plays the same start twice, once with White holding
//! and once with Black, so that the first move's advantage cancels.
//! The calibration is pawn odds: at level `k` the holder gives up `k`
//! pawns more (the other side `-k` when `k` is negative), and the
//! levels are walked until the holder's score crosses 50%; the value is
//! the comparison material plus the level where a line fitted to the
//! scores of the levels near 50% crosses it. Every level plays the same
//! starts with the same pieces taken, one pawn more at each level, so
//! neighbouring levels differ by that pawn alone.
//!
//! How many games: a batch of pairs at a time, until the value's 95%
//! interval is as narrow as asked or the games run out.

use super::stats::{Estimate, VARIANCE_FLOOR, Z95};
use super::{Bench, Game, Placement, Spec, game_seed, placement::token_of, play_all};
use crate::session::{Dice, Rulebook, Session, Start};
use std::collections::BTreeMap;
use std::sync::atomic::AtomicBool;

/// A kind as the lab sees it.
#[derive(Clone, Debug, PartialEq)]
pub struct KindInfo {
    /// Its name.
    pub name: String,
    /// White's letter.
    pub letter: String,
    /// The engine's material value, in centipawns (a first guess).
    pub guess: i32,
    /// Royal: it has no value in pawns.
    pub royal: bool,
}

/// Material given up: counts of kinds, pawns among them.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Material(pub Vec<(KindInfo, usize)>);

impl Material {
    /// Pawns in it.
    pub fn pawns(&self) -> usize {
        self.0
            .iter()
            .filter(|(k, _)| k.name == "pawn")
            .map(|(_, n)| n)
            .sum()
    }

    /// What is in it other than pawns.
    pub fn pieces(&self) -> impl Iterator<Item = &(KindInfo, usize)> {
        self.0.iter().filter(|(k, _)| k.name != "pawn")
    }

    /// The engine's guess at its worth, in centipawns.
    pub fn guess(&self) -> i32 {
        self.0.iter().map(|(k, n)| k.guess * *n as i32).sum()
    }
}

impl std::fmt::Display for Material {
    /// `knight + 2 pawns`, `3 pawns`, `nothing`.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let mut parts = Vec::new();
        for (k, n) in &self.0 {
            parts.push(match n {
                1 => k.name.clone(),
                n => format!("{n} {}s", k.name),
            });
        }
        if parts.is_empty() {
            write!(f, "nothing")
        } else {
            write!(f, "{}", parts.join(" + "))
        }
    }
}

/// The kinds of `rules`, with the engine's values.
pub fn kinds(rules: &Rulebook) -> Result<Vec<KindInfo>, String> {
    let s = Session::new(rules, &Start::Setup).map_err(|e| e.to_string())?;
    let values: BTreeMap<String, i32> = s.material_values().into_iter().collect();
    Ok(rules
        .variant()
        .kinds
        .into_iter()
        .map(|k| KindInfo {
            guess: values.get(&k.name).copied().unwrap_or(0),
            name: k.name,
            letter: k.letter,
            royal: k.royal,
        })
        .collect())
}

/// The kind `text` names (its name or White's letter, any case).
fn kind_named(kinds: &[KindInfo], text: &str) -> Result<KindInfo, String> {
    let t = text.trim();
    let plural = t.strip_suffix('s').unwrap_or(t);
    kinds
        .iter()
        .find(|k| k.name.eq_ignore_ascii_case(t) || k.letter == t || k.letter == t.to_uppercase())
        .or_else(|| kinds.iter().find(|k| k.name.eq_ignore_ascii_case(plural)))
        .cloned()
        .ok_or_else(|| {
            let names: Vec<&str> = kinds.iter().map(|k| k.name.as_str()).collect();
            format!(
                "`{t}` is not a kind of this variant; its kinds: {}",
                names.join(", ")
            )
        })
}

/// Reads material: kinds joined by `+` or `,`, each with a count before
/// it (`N+2P`, `rook, 2 pawns`, `3P`).
///
/// # Errors
///
/// A part that names no kind, a royal kind, or nothing at all.
pub fn parse_material(kinds: &[KindInfo], text: &str) -> Result<Material, String> {
    let mut m: Vec<(KindInfo, usize)> = Vec::new();
    for part in text.split(['+', ',']) {
        let part = part.trim();
        if part.is_empty() {
            continue;
        }
        let digits = part.chars().take_while(char::is_ascii_digit).count();
        let (count, name) = if digits == 0 {
            (1, part)
        } else {
            let n = part[..digits]
                .parse::<usize>()
                .map_err(|_| format!("`{part}`: the count is too large"))?;
            (n, part[digits..].trim())
        };
        let kind = kind_named(kinds, name).map_err(|e| format!("`{text}`: {e}"))?;
        if kind.royal {
            return Err(format!(
                "`{text}`: the {} is royal; it cannot be given up",
                kind.name
            ));
        }
        if count == 0 {
            continue;
        }
        match m.iter_mut().find(|(k, _)| k.name == kind.name) {
            Some((_, n)) => *n += count,
            None => m.push((kind, count)),
        }
    }
    if m.is_empty() {
        return Err(format!(
            "`{text}` names no material; write kinds joined by `+`, each with its count: `N+2P`"
        ));
    }
    Ok(Material(m))
}

/// What `value` is asked.
#[derive(Clone, Debug)]
pub struct Ask {
    /// The piece valued.
    pub piece: KindInfo,
    /// The holder's piece of this kind becomes the piece valued (on its
    /// square), and the other side keeps its own: for a kind that is not
    /// on the board at the start. Without it, the other side gives up
    /// the piece.
    pub replaces: Option<KindInfo>,
    /// What the holder gives up for it (besides the piece it replaces).
    pub against: Material,
    /// The half-width of the interval wanted, in pawns.
    pub precision: f64,
    /// Games at most.
    pub max_games: usize,
    /// Pairs of games added to a level at a time.
    pub batch: usize,
}

/// One pawn-odds level's games.
#[derive(Clone, Debug, Default)]
pub struct Level {
    /// The holder's score in each pair (the mean of its two games).
    pub pairs: Vec<f64>,
}

/// A value found, relative to the material given up.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Found {
    /// The piece's worth beyond the material given up, in pawns.
    pub beyond: f64,
    /// Half the width of its 95% interval.
    pub half: f64,
}

/// What `value` found.
#[derive(Clone, Debug)]
pub struct Valued {
    /// The piece.
    pub piece: KindInfo,
    /// The kind it replaces in the holder's army, if it does.
    pub replaces: Option<KindInfo>,
    /// The material given up.
    pub against: Material,
    /// The holder's pair scores at each level.
    pub levels: BTreeMap<i32, Level>,
    /// The value beyond the material, when the scores cross 50%.
    pub found: Option<Found>,
    /// Why there is no value, or why it is not as precise as asked.
    pub note: Option<String>,
    /// The games played.
    pub games: Vec<Game>,
}

impl Valued {
    /// What the piece is set against, in words: `3 pawns`, `a knight it
    /// replaces + 2 pawns`.
    pub fn against_words(&self) -> String {
        match &self.replaces {
            None => self.against.to_string(),
            Some(y) if self.against.0.is_empty() => format!("the {} it replaces", y.name),
            Some(y) => format!("the {} it replaces + {}", y.name, self.against),
        }
    }

    /// The holder's score and its interval at each level.
    pub fn scores(&self) -> BTreeMap<i32, Estimate> {
        estimates(&self.levels)
    }
}

/// Each level's score and its interval.
fn estimates(levels: &BTreeMap<i32, Level>) -> BTreeMap<i32, Estimate> {
    levels
        .iter()
        .filter_map(|(&k, l)| Estimate::of(&l.pairs).map(|e| (k, e)))
        .collect()
}

/// Levels scoring further from 50% than this are left out of the fit:
/// the score flattens towards 0% and 100%, so a line drawn through them
/// would be pulled away from where it crosses 50%.
const FIT_BAND: f64 = 0.4;

/// The value beyond the material from the levels' scores: the point
/// where a straight line fitted to the scores of the levels near 50%
/// (each weighted by its precision) crosses 50%, with its interval by
/// the delta method. Only where some of those levels score 50% or more
/// and some less, so the value is read between levels, never beyond
/// them; and only where the holder scores less as it gives up more.
///
/// With two levels the line runs through both; with more, no single
/// noisy level decides the value, and every game played counts.
pub fn crossing(scores: &BTreeMap<i32, Estimate>) -> Option<Found> {
    let near: Vec<(f64, f64, f64)> = scores
        .iter()
        .filter(|(_, e)| (e.mean - 0.5).abs() <= FIT_BAND)
        .map(|(&k, e)| {
            let floor = VARIANCE_FLOOR / e.n.max(1) as f64;
            (f64::from(k), e.mean, 1.0 / e.var().max(floor))
        })
        .collect();
    let above = near.iter().any(|p| p.1 >= 0.5);
    let below = near.iter().any(|p| p.1 < 0.5);
    if !above || !below {
        return None;
    }
    let (mut sw, mut sx, mut sy, mut sxx, mut sxy) = (0.0, 0.0, 0.0, 0.0, 0.0);
    for &(x, y, w) in &near {
        sw += w;
        sx += w * x;
        sy += w * y;
        sxx += w * x * x;
        sxy += w * x * y;
    }
    let det = sw * sxx - sx * sx;
    if det <= 0.0 {
        return None;
    }
    // score = a + b * level, and the covariance of (a, b).
    let b = (sw * sxy - sx * sy) / det;
    let a = (sxx * sy - sx * sxy) / det;
    if b >= 0.0 {
        return None;
    }
    let (var_a, var_b, cov) = (sxx / det, sw / det, -sx / det);
    let beyond = (0.5 - a) / b;
    let var = (var_a + beyond * beyond * var_b + 2.0 * beyond * cov) / (b * b);
    Some(Found {
        beyond,
        half: Z95 * var.max(0.0).sqrt(),
    })
}

/// The starts of pair `pair`: the variant's start (its setup drawn from
/// the pair's seed where it is random, or the book's position in turn)
/// with the pieces of the imbalance chosen, the same on every level.
struct PairStart {
    placement: Placement,
    /// White holding, then Black holding: the square whose piece becomes
    /// the piece valued, and its token.
    put: [Option<((usize, usize), String)>; 2],
    /// White holding, then Black holding: the squares to clear at level
    /// 0, and the pawns (in order) to clear at the levels beyond.
    clear: [Vec<(usize, usize)>; 2],
    holder_pawns: [Vec<(usize, usize)>; 2],
    other_pawns: [Vec<(usize, usize)>; 2],
}

/// Tries for a random setup that has the pieces the imbalance needs.
const SETUP_TRIES: u64 = 64;

fn pair_start(
    rules: &Rulebook,
    bench: &Bench,
    ask: &Ask,
    pawn: &KindInfo,
    pair: u64,
) -> Result<PairStart, String> {
    let mut last = String::new();
    let tries = if rules.random_setup() { SETUP_TRIES } else { 1 };
    for t in 0..tries {
        let seed = game_seed(bench.seed ^ 0x0070_6169_7273, pair * SETUP_TRIES + t);
        let fen = if bench.book.is_empty() {
            Session::new(rules, &Start::Seed(seed))
                .map_err(|e| e.to_string())?
                .fen()
        } else {
            bench.book[pair as usize % bench.book.len()].clone()
        };
        let placement = Placement::parse(&fen)?;
        let mut clear: [Vec<(usize, usize)>; 2] = Default::default();
        let mut put: [Option<((usize, usize), String)>; 2] = Default::default();
        let mut holder_pawns: [Vec<(usize, usize)>; 2] = Default::default();
        let mut other_pawns: [Vec<(usize, usize)>; 2] = Default::default();
        let mut ok = true;
        // The same draws for both colours, from the same seed: the same
        // choices, mirrored.
        for (c, white) in [true, false].into_iter().enumerate() {
            let mut dice = Dice::new(seed);
            let mut pick = |letter: &str, white: bool, n: usize, taken: &[(usize, usize)]| {
                let mut from: Vec<_> = placement
                    .find(&token_of(letter, white))
                    .into_iter()
                    .filter(|s| !taken.contains(s))
                    .collect();
                let mut out = Vec::new();
                for _ in 0..n {
                    if from.is_empty() {
                        return None;
                    }
                    out.push(from.remove(dice.below(from.len() as u64) as usize));
                }
                Some(out)
            };
            if let Some(y) = &ask.replaces {
                let Some(sq) = pick(&y.letter, white, 1, &[]) else {
                    ok = false;
                    last = format!("the holder has no {} to replace", y.name);
                    break;
                };
                put[c] = Some((sq[0], token_of(&ask.piece.letter, white)));
                clear[c].extend(sq);
            } else {
                let Some(x) = pick(&ask.piece.letter, !white, 1, &[]) else {
                    ok = false;
                    last = format!("the other side has no {} to give up", ask.piece.name);
                    break;
                };
                clear[c].extend(x);
            }
            for (k, n) in &ask.against.0 {
                let Some(sq) = pick(&k.letter, white, *n, &clear[c]) else {
                    ok = false;
                    last = format!("the holder has no {} to give up", ask.against);
                    break;
                };
                clear[c].extend(sq);
            }
            if !ok {
                break;
            }
            // Every remaining pawn, in a drawn order, for the levels.
            let left = |w: bool| {
                placement
                    .find(&token_of(&pawn.letter, w))
                    .iter()
                    .filter(|s| !clear[c].contains(s))
                    .count()
            };
            let (mine, theirs) = (left(white), left(!white));
            holder_pawns[c] = pick(&pawn.letter, white, mine, &clear[c]).unwrap_or_default();
            other_pawns[c] = pick(&pawn.letter, !white, theirs, &clear[c]).unwrap_or_default();
        }
        if ok {
            return Ok(PairStart {
                placement,
                put,
                clear,
                holder_pawns,
                other_pawns,
            });
        }
    }
    Err(if tries > 1 {
        format!("in {tries} drawn setups {last}")
    } else {
        format!("in the start position {last}")
    })
}

impl PairStart {
    /// The start at `level` with `holder` (0 White, 1 Black) holding, or
    /// `None` when there are not the pawns for the level.
    fn fen(&self, rules: &Rulebook, level: i32, holder: usize) -> Option<String> {
        let mut p = self.placement.clone();
        for &sq in &self.clear[holder] {
            p.take(sq);
        }
        let pawns = if level >= 0 {
            &self.holder_pawns[holder]
        } else {
            &self.other_pawns[holder]
        };
        for &sq in pawns.get(..level.unsigned_abs() as usize)? {
            p.take(sq);
        }
        if let Some((sq, token)) = &self.put[holder] {
            p.put(*sq, token);
        }
        // A start the rules refuse (a castling partner taken, a king left
        // in check by a pawn taken) is left out, and its pair with it.
        let reads = |fen: &str| {
            let start = Start::Fen {
                fen: fen.to_string(),
                seed: 0,
            };
            Session::new(rules, &start).is_ok()
        };
        [p.fen(), p.without_castling().fen()]
            .into_iter()
            .find(|fen| reads(fen))
    }

    /// The levels this start has pawns for.
    fn range(&self) -> (i32, i32) {
        let n = |v: &[Vec<(usize, usize)>; 2]| v[0].len().min(v[1].len()) as i32;
        (-n(&self.other_pawns), n(&self.holder_pawns))
    }
}

/// The starts of a value run's pairs, drawn as they are needed.
struct Planner<'a> {
    rules: &'a Rulebook,
    bench: &'a Bench,
    ask: &'a Ask,
    pawn: KindInfo,
    starts: Vec<PairStart>,
}

impl Planner<'_> {
    /// Pair `pair`'s start.
    fn start(&mut self, pair: u64) -> Result<&PairStart, String> {
        while self.starts.len() as u64 <= pair {
            let next = pair_start(
                self.rules,
                self.bench,
                self.ask,
                &self.pawn,
                self.starts.len() as u64,
            )?;
            self.starts.push(next);
        }
        Ok(&self.starts[pair as usize])
    }
}

/// The games of `pairs` at `level`.
fn at_level(
    plan: &mut Planner,
    level: i32,
    pairs: std::ops::Range<u64>,
) -> Result<Vec<(u64, String, Spec)>, String> {
    let (rules, bench) = (plan.rules, plan.bench);
    let mut specs = Vec::new();
    for pair in pairs {
        let start = plan.start(pair)?;
        for holder in 0..2 {
            let Some(fen) = start.fen(rules, level, holder) else {
                continue;
            };
            let i = index(level, pair, holder);
            specs.push((
                i,
                label(level, holder),
                Spec {
                    rules: 0,
                    start: Some(fen),
                    seed: game_seed(bench.seed, i),
                    opening_plies: bench.opening_plies,
                    nodes: [bench.nodes; 2],
                    max_plies: bench.max_plies,
                    adjudicate: bench.adjudicate,
                    watch: false,
                },
            ));
        }
    }
    Ok(specs)
}

/// A fixed plan, for runs split into shards: `pairs` pairs at each of
/// the levels `levels.0..=levels.1`.
///
/// # Errors
///
/// The start lacks the pieces the imbalance takes.
pub fn fixed_plan(
    rules: &Rulebook,
    bench: &Bench,
    ask: &Ask,
    levels: (i32, i32),
    pairs: u64,
) -> Result<Vec<(u64, String, Spec)>, String> {
    let pawn = pawn_of(&kinds(rules)?)?;
    let mut plan = Planner {
        rules,
        bench,
        ask,
        pawn,
        starts: Vec::new(),
    };
    let mut specs = Vec::new();
    for level in levels.0..=levels.1 {
        specs.extend(at_level(&mut plan, level, 0..pairs)?);
    }
    Ok(specs)
}

/// What `games` (rows of a value run) say of `ask.piece`.
pub fn from_games(ask: &Ask, games: Vec<Game>, note: Option<String>) -> Valued {
    let levels = levels_of(&games);
    Valued {
        piece: ask.piece.clone(),
        replaces: ask.replaces.clone(),
        against: ask.against.clone(),
        found: crossing(&estimates(&levels)),
        levels,
        note,
        games,
    }
}

/// The variant's pawn, the unit of value.
fn pawn_of(kinds: &[KindInfo]) -> Result<KindInfo, String> {
    kinds
        .iter()
        .find(|k| k.name == "pawn")
        .cloned()
        .ok_or_else(|| "the variant has no kind named `pawn`, the unit of value".to_string())
}

/// Whether `kind` stands on the board for both sides at the start: in
/// some of the first setups drawn (where the setup is random), and in
/// all of them.
pub fn presence(rules: &Rulebook, bench: &Bench, kind: &KindInfo) -> (bool, bool) {
    let tries = if rules.random_setup() { SETUP_TRIES } else { 1 };
    let mut found = 0;
    for t in 0..tries {
        let fen = match bench.book.first() {
            Some(f) => f.clone(),
            None => match Session::new(rules, &Start::Seed(game_seed(bench.seed, t))) {
                Ok(s) => s.fen(),
                Err(_) => continue,
            },
        };
        let both = Placement::parse(&fen).is_ok_and(|p| {
            !p.find(&token_of(&kind.letter, true)).is_empty()
                && !p.find(&token_of(&kind.letter, false)).is_empty()
        });
        found += usize::from(both);
    }
    (found > 0, found as u64 == tries)
}

/// The game label of a level and holder, as rows carry it.
pub fn label(level: i32, holder: usize) -> String {
    let who = if holder == 0 { "white" } else { "black" };
    format!("level={level} holder={who}")
}

/// The game index of pair `pair` at `level`, `holder` holding: stable
/// across runs and shards.
pub fn index(level: i32, pair: u64, holder: usize) -> u64 {
    ((level + 1000) as u64 * 10_000_000 + pair) * 2 + holder as u64
}

/// The holder's score in `g`, read from its label.
fn holder_score(g: &Game) -> Option<(i32, usize, f64)> {
    let mut level = None;
    let mut holder = None;
    for part in g.label.split(' ') {
        match part.split_once('=') {
            Some(("level", v)) => level = v.parse::<i32>().ok(),
            Some(("holder", "white")) => holder = Some(0),
            Some(("holder", "black")) => holder = Some(1),
            _ => {}
        }
    }
    let (level, holder) = (level?, holder?);
    let score = if holder == 0 { g.white } else { 1.0 - g.white };
    Some((level, holder, score))
}

/// The levels of `games` (rows of value runs, read back or played): the
/// holder's mean score over each pair found whole.
pub fn levels_of(games: &[Game]) -> BTreeMap<i32, Level> {
    let mut halves: BTreeMap<(i32, u64), Vec<f64>> = BTreeMap::new();
    for g in games {
        if let Some((level, _, s)) = holder_score(g) {
            halves.entry((level, g.index / 2)).or_default().push(s);
        }
    }
    let mut levels: BTreeMap<i32, Level> = BTreeMap::new();
    for ((level, _), s) in halves {
        if s.len() == 2 {
            levels
                .entry(level)
                .or_default()
                .pairs
                .push((s[0] + s[1]) / 2.0);
        }
    }
    levels
}

/// Progress of a `value` run: a line to show.
pub type Progress<'a> = &'a mut dyn FnMut(&str);

/// Values `ask.piece` under `rules`, playing batches of pairs until the
/// interval is as narrow as asked or `ask.max_games` are played.
///
/// # Errors
///
/// The start lacks the pieces the imbalance takes, or a game fails.
pub fn value(
    rules: &Rulebook,
    bench: &Bench,
    ask: &Ask,
    stop: &AtomicBool,
    progress: Progress,
) -> Result<Valued, String> {
    let pawn = pawn_of(&kinds(rules)?)?;
    if ask.piece.royal {
        return Err(format!(
            "the {} is royal: losing it ends the game, so it has no value in pawns",
            ask.piece.name
        ));
    }
    let mut plan = Planner {
        rules,
        bench,
        ask,
        pawn: pawn.clone(),
        starts: Vec::new(),
    };
    // Pairs planned at each level so far.
    let mut tried: BTreeMap<i32, u64> = BTreeMap::new();
    let mut games: Vec<Game> = Vec::new();
    let mut note = None;
    // The first level: where the engine's own values say the scores cross.
    let replaced = ask.replaces.as_ref().map_or(0, |k| k.guess);
    let guess =
        f64::from(ask.piece.guess - ask.against.guess() - replaced) / f64::from(pawn.guess.max(1));
    let (lo, hi) = plan.start(0)?.range();
    let mut level = (guess.round() as i32).clamp(lo, hi);
    loop {
        if games.len() >= ask.max_games {
            note = Some(format!(
                "stopped at --max-games {}: the interval is wider than the ±{} asked",
                ask.max_games, ask.precision
            ));
            break;
        }
        // Play a batch at `level`.
        let have = tried.entry(level).or_insert(0);
        let specs = at_level(&mut plan, level, *have..*have + ask.batch as u64)?;
        *have += ask.batch as u64;
        let total = specs.len();
        let before = games.len();
        let played = play_all(
            std::slice::from_ref(rules),
            &specs,
            bench.threads,
            stop,
            &mut |n| {
                progress(&format!(
                    "{}: level {level:+}, {n} of {total} games ({} in all)",
                    ask.piece.name,
                    before + n
                ))
            },
        )?;
        games.extend(played);
        if stop.load(std::sync::atomic::Ordering::Relaxed) {
            note = Some("interrupted".into());
            break;
        }
        let scores = estimates(&levels_of(&games));
        let range = plan
            .starts
            .iter()
            .map(PairStart::range)
            .fold((i32::MIN, i32::MAX), |a, b| (a.0.max(b.0), a.1.min(b.1)));
        match crossing(&scores) {
            Some(f) if f.half <= ask.precision => break,
            Some(f) => {
                // More games either side of the crossing, where fewer were played.
                let k = f.beyond.floor() as i32;
                let n = |k| scores.get(&k).map_or(0, |e: &Estimate| e.n);
                level = if n(k) <= n(k + 1) { k } else { k + 1 };
            }
            None => {
                let next = next_level(&scores);
                if next < range.0 || next > range.1 {
                    let side = if next > range.1 { "above" } else { "below" };
                    note = Some(format!(
                        "the holder scores {side} 50% at every level the pawns allow (levels {} to {})",
                        range.0, range.1
                    ));
                    break;
                }
                level = next;
            }
        }
    }
    Ok(from_games(ask, games, note))
}

/// The level to play next when no two neighbouring levels straddle 50%:
/// beyond the last level while the holder scores 50% or more at every
/// level, below the first while it scores less at every level, into a
/// gap between levels that straddle it, or, where noise makes the
/// scores cross back, more games at the level nearest 50%.
fn next_level(scores: &BTreeMap<i32, Estimate>) -> i32 {
    let (Some((&first, _)), Some((&last, _))) = (scores.first_key_value(), scores.last_key_value())
    else {
        return 0;
    };
    if scores.values().all(|e| e.mean >= 0.5) {
        return last + 1;
    }
    if scores.values().all(|e| e.mean < 0.5) {
        return first - 1;
    }
    let levels: Vec<(&i32, &Estimate)> = scores.iter().collect();
    for w in levels.windows(2) {
        if w[0].1.mean >= 0.5 && w[1].1.mean < 0.5 && *w[1].0 > w[0].0 + 1 {
            return w[0].0 + 1;
        }
    }
    levels
        .iter()
        .min_by(|a, b| (a.1.mean - 0.5).abs().total_cmp(&(b.1.mean - 0.5).abs()))
        .map_or(0, |(k, _)| **k)
}

/// Where the value lies when the scores never cross 50%: above the
/// material plus the last level (`true`) when the holder scores 50% or
/// more at every level, below it plus the first level otherwise.
pub fn bound(scores: &BTreeMap<i32, Estimate>) -> Option<(bool, i32)> {
    let (&first, _) = scores.first_key_value()?;
    let (&last, _) = scores.last_key_value()?;
    if scores.values().all(|e| e.mean >= 0.5) {
        Some((true, last))
    } else if scores.values().all(|e| e.mean < 0.5) {
        Some((false, first))
    } else {
        None
    }
}

/// For a piece not on the board at the start: the kind it replaces and
/// the material given up besides. A pawn, for a piece the engine
/// guesses at four and a half pawns or less (or when nothing is valued
/// yet); otherwise the dearest piece valued already (`known`) that fits
/// in the guess, and up to four pawns for the rest.
pub fn default_replacement(
    kinds: &[KindInfo],
    piece: &KindInfo,
    known: &BTreeMap<String, (f64, f64)>,
) -> Result<(KindInfo, Material), String> {
    let pawn = pawn_of(kinds)?;
    let target = f64::from(piece.guess) / f64::from(pawn.guess.max(1));
    let pawns = |n: f64| {
        let n = (n.round().max(0.0) as usize).min(4);
        Material(if n == 0 {
            Vec::new()
        } else {
            vec![(pawn.clone(), n)]
        })
    };
    let best = kinds
        .iter()
        .filter(|k| k.name != piece.name)
        .filter_map(|k| known.get(&k.name).map(|(v, _)| (k, *v)))
        .filter(|(_, v)| *v <= target + 0.5)
        .max_by(|a, b| a.1.total_cmp(&b.1));
    match best {
        Some((y, v)) if target > 4.5 => Ok((y.clone(), pawns(target - v))),
        _ => Ok((pawn.clone(), pawns(target - 1.0))),
    }
}

/// The material to value `piece` against when none is given: pawns for
/// a piece the engine guesses at four and a half pawns or less, or when
/// nothing is valued yet; otherwise the pieces valued already (`known`),
/// dearest first, while they fit in the guess, and up to four pawns for
/// the rest. Comparing with valued pieces rather than many pawns keeps
/// the imbalance's positions close to the game's own.
pub fn default_against(
    kinds: &[KindInfo],
    piece: &KindInfo,
    known: &BTreeMap<String, (f64, f64)>,
) -> Result<Material, String> {
    let pawn = pawn_of(kinds)?;
    let target = f64::from(piece.guess) / f64::from(pawn.guess.max(1));
    let pawns = |n: f64| Material(vec![(pawn.clone(), (n.round() as usize).clamp(1, 6))]);
    if target <= 4.5 {
        return Ok(pawns(target));
    }
    let mut valued: Vec<(&KindInfo, f64)> = kinds
        .iter()
        .filter(|k| k.name != piece.name)
        .filter_map(|k| known.get(&k.name).map(|(v, _)| (k, *v)))
        .collect();
    valued.sort_by(|a, b| b.1.total_cmp(&a.1));
    let mut m = Vec::new();
    let mut rest = target;
    for (k, v) in valued {
        if v <= rest + 0.5 {
            m.push((k.clone(), 1));
            rest -= v;
        }
    }
    if m.is_empty() {
        return Ok(pawns(target));
    }
    let extra = (rest.round().max(0.0) as usize).min(4);
    if extra > 0 {
        m.push((pawn, extra));
    }
    Ok(Material(m))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn e(mean: f64, half: f64) -> Estimate {
        Estimate { mean, half, n: 100 }
    }

    #[test]
    fn the_crossing_lies_on_the_line_fitted_to_the_levels() {
        let mut s = BTreeMap::new();
        s.insert(1, e(0.6, 0.05));
        s.insert(2, e(0.4, 0.05));
        // Two levels: the line through both, d = 0.2; both slopes
        // 0.1 / 0.04 = 2.5; half = 2.5 * 0.05 * sqrt 2.
        let f = crossing(&s).unwrap();
        assert!((f.beyond - 1.5).abs() < 1e-12, "{}", f.beyond);
        assert!(
            (f.half - 2.5 * 0.05 * 2f64.sqrt()).abs() < 1e-9,
            "{}",
            f.half
        );
        // Three: least squares, slope -0.15 through (1, 0.5667).
        s.insert(0, e(0.7, 0.05));
        let f = crossing(&s).unwrap();
        assert!(
            (f.beyond - (1.0 + 0.2 / 3.0 / 0.15)).abs() < 1e-9,
            "{}",
            f.beyond
        );
        // A level far from 50% does not bend the line.
        s.insert(5, e(0.02, 0.01));
        assert_eq!(crossing(&s), Some(f));
        // Scores on one side of 50% only: no value.
        s.remove(&2);
        s.remove(&5);
        assert_eq!(crossing(&s), None);
        // Scores rising as the holder gives up more: no value.
        let mut up = BTreeMap::new();
        up.insert(0, e(0.4, 0.05));
        up.insert(1, e(0.6, 0.05));
        assert_eq!(crossing(&up), None);
    }

    #[test]
    fn dearer_pieces_are_set_against_pieces_valued_before_them() {
        let k = |name: &str, guess| KindInfo {
            name: name.into(),
            letter: name[..1].to_uppercase(),
            guess,
            royal: false,
        };
        let kinds = vec![
            k("pawn", 100),
            k("knight", 320),
            k("rook", 560),
            k("queen", 1080),
        ];
        let none = BTreeMap::new();
        assert_eq!(
            default_against(&kinds, &kinds[1], &none)
                .unwrap()
                .to_string(),
            "3 pawns"
        );
        let mut known = BTreeMap::new();
        known.insert("knight".to_string(), (3.3, 0.3));
        assert_eq!(
            default_against(&kinds, &kinds[2], &known)
                .unwrap()
                .to_string(),
            "knight + 2 pawns"
        );
        known.insert("rook".to_string(), (5.2, 0.3));
        assert_eq!(
            default_against(&kinds, &kinds[3], &known)
                .unwrap()
                .to_string(),
            "rook + knight + 2 pawns"
        );
        let (y, m) = default_replacement(&kinds, &kinds[3], &known).unwrap();
        assert_eq!((y.name.as_str(), m.to_string()), ("rook", "4 pawns".into()));
        let (y, m) = default_replacement(&kinds, &kinds[1], &known).unwrap();
        assert_eq!((y.name.as_str(), m.to_string()), ("pawn", "2 pawns".into()));
    }

    #[test]
    fn the_walk_goes_where_the_scores_cross() {
        let mut s = BTreeMap::new();
        s.insert(0, e(0.45, 0.05));
        s.insert(-1, e(0.46, 0.05));
        assert_eq!(next_level(&s), -2);
        assert_eq!(bound(&s), Some((false, -1)));
        s.insert(-3, e(0.6, 0.05));
        assert_eq!(next_level(&s), -2, "the gap");
        assert_eq!(bound(&s), None);
        let mut up = BTreeMap::new();
        up.insert(2, e(0.7, 0.05));
        assert_eq!(next_level(&up), 3);
        assert_eq!(bound(&up), Some((true, 2)));
        // Crossing back (noise): more games nearest 50%.
        let mut noisy = BTreeMap::new();
        noisy.insert(0, e(0.45, 0.05));
        noisy.insert(1, e(0.52, 0.05));
        assert_eq!(next_level(&noisy), 1);
    }

    #[test]
    fn material_reads_counts_and_names() {
        let k = |name: &str, letter: &str, royal| KindInfo {
            name: name.into(),
            letter: letter.into(),
            guess: 100,
            royal,
        };
        let kinds = vec![
            k("pawn", "P", false),
            k("knight", "N", false),
            k("king", "K", true),
        ];
        let m = parse_material(&kinds, "N+2P").unwrap();
        assert_eq!(m.to_string(), "knight + 2 pawns");
        assert_eq!(m.pawns(), 2);
        assert_eq!(parse_material(&kinds, "3 pawns").unwrap().pawns(), 3);
        assert!(parse_material(&kinds, "K").unwrap_err().contains("royal"));
        assert!(
            parse_material(&kinds, "Z")
                .unwrap_err()
                .contains("kinds: pawn")
        );
        assert!(parse_material(&kinds, "").is_err());
    }
}
