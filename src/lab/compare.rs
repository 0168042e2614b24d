//! `changeling compare A B`: did a rule change matter? Both versions
//! play the same openings from the same seeds, pair by pair; a
//! sequential probability ratio test on the difference in White's score
//! stops as soon as it is decided, and the differences in first-move
//! advantage, draw rate and length come with their intervals.

use super::stats::{Estimate, Sprt, Verdict};
use super::{Bench, Game, Spec, game_seed, play_all};
use crate::session::Rulebook;
use std::collections::BTreeMap;
use std::sync::atomic::{AtomicBool, Ordering};

/// What `compare` found.
#[derive(Clone, Debug)]
pub struct Compared {
    /// The test's verdict.
    pub verdict: Verdict,
    /// Its log-likelihood ratios (higher, lower) and bounds.
    pub llr: (f64, f64),
    /// The bounds the ratios are held to.
    pub bounds: (f64, f64),
    /// White's score under A and under B.
    pub white: [Option<Estimate>; 2],
    /// B's White score minus A's, pair by pair.
    pub white_diff: Option<Estimate>,
    /// B's draw rate minus A's.
    pub draw_diff: Option<Estimate>,
    /// B's length in plies minus A's.
    pub length_diff: Option<Estimate>,
    /// Pairs whose two games were the same game move for move.
    pub identical: usize,
    /// The games, A's and B's of each pair in turn.
    pub games: Vec<Game>,
}

/// The label of pair `pair`'s game under version `v` (0 for A).
pub fn label(v: usize) -> String {
    format!("version={}", if v == 0 { "A" } else { "B" })
}

/// The specs of pairs `from..to`.
pub fn specs(bench: &Bench, from: u64, to: u64) -> Vec<(u64, String, Spec)> {
    let mut out = Vec::new();
    for pair in from..to {
        let seed = game_seed(bench.seed, pair);
        let start =
            (!bench.book.is_empty()).then(|| bench.book[pair as usize % bench.book.len()].clone());
        for v in 0..2 {
            out.push((
                pair * 2 + v as u64,
                label(v),
                Spec {
                    rules: v,
                    start: start.clone(),
                    seed,
                    opening_plies: bench.opening_plies,
                    nodes: [bench.nodes; 2],
                    max_plies: bench.max_plies,
                    adjudicate: bench.adjudicate,
                    watch: false,
                },
            ));
        }
    }
    out
}

/// The findings from `games` (rows of a compare run).
pub fn findings(test: &Sprt, games: Vec<Game>) -> Compared {
    let mut pairs: BTreeMap<u64, [Option<&Game>; 2]> = BTreeMap::new();
    for g in &games {
        let v = usize::from(g.label == label(1));
        pairs.entry(g.index / 2).or_default()[v] = Some(g);
    }
    let whole: Vec<[&Game; 2]> = pairs
        .values()
        .filter_map(|p| Some([p[0]?, p[1]?]))
        .collect();
    let diff =
        |f: &dyn Fn(&Game) -> f64| -> Vec<f64> { whole.iter().map(|[a, b]| f(b) - f(a)).collect() };
    let draw = |g: &Game| f64::from(u8::from(g.white == 0.5));
    let white_d = diff(&|g| g.white);
    let of = |v: usize| Estimate::of(&whole.iter().map(|p| p[v].white).collect::<Vec<_>>());
    Compared {
        verdict: test.verdict(&white_d),
        llr: test.llr(&white_d),
        bounds: test.bounds(),
        white: [of(0), of(1)],
        white_diff: Estimate::of(&white_d),
        draw_diff: Estimate::of(&diff(&draw)),
        length_diff: Estimate::of(&diff(&|g| g.plies as f64)),
        identical: whole
            .iter()
            .filter(|[a, b]| a.moves == b.moves && a.white == b.white)
            .count(),
        games,
    }
}

/// Plays pairs in batches of `batch` until the test decides or
/// `max_pairs` are played.
///
/// # Errors
///
/// A game fails.
pub fn compare(
    versions: &[Rulebook; 2],
    bench: &Bench,
    test: &Sprt,
    batch: u64,
    max_pairs: u64,
    stop: &AtomicBool,
    progress: &mut dyn FnMut(&str),
) -> Result<Compared, String> {
    let mut games = Vec::new();
    let mut pairs = 0;
    loop {
        let to = (pairs + batch.max(1)).min(max_pairs);
        let plan = specs(bench, pairs, to);
        let total = plan.len();
        let played = play_all(versions, &plan, bench.threads, stop, &mut |n| {
            progress(&format!("pairs {}..{to}: {n} of {total} games", pairs + 1))
        })?;
        games.extend(played);
        pairs = to;
        let found = findings(test, games.clone());
        if found.verdict != Verdict::Open || pairs >= max_pairs || stop.load(Ordering::Relaxed) {
            return Ok(found);
        }
        let (up, down) = found.llr;
        progress(&format!(
            "{pairs} pairs: log-likelihood ratios {up:+.2} (B higher) and {down:+.2} (B lower), bounds {:.2} and {:.2}",
            found.bounds.0, found.bounds.1
        ));
    }
}
