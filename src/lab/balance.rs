//! `changeling balance VARIANT`: a variant's report card. Self-play at
//! two or more strengths from the same openings gives the first move's
//! advantage and the draw rate with their intervals, the games' lengths
//! and how many the move cap cut, how early games are decided and how
//! often the lead changes (read from the engines' scores); a ladder of
//! doubled searches tells whether more thinking keeps winning; and a
//! count of what the rules did (captures, promotions, drops, morphs,
//! mutators switched on and off, castling, checks) shows where, as heat
//! maps on the board. As a table on the terminal and as an HTML page
//! with its charts inside.

use super::stats::{Estimate, Interval, wilson};
use super::{Bench, Game, Spec, bar_chart, game_seed, play_all};
use crate::session::Rulebook;
use std::collections::BTreeMap;
use std::fmt::Write as _;
use std::sync::atomic::AtomicBool;

/// What `balance` is asked.
#[derive(Clone, Debug)]
pub struct Ask {
    /// Games at each strength.
    pub games: u64,
    /// The strengths, in nodes per move, weakest first.
    pub strengths: Vec<u64>,
    /// Pairs of games on each rung of the ladder.
    pub ladder_pairs: u64,
}

/// A score's lead, in centipawns, that counts as a side leading.
pub const LEAD: i32 = 100;

/// The plan: at each strength `s` (index `j`), game `i` from opening
/// `i`; then each rung (strengths `j` and `j + 1`) as pairs, the
/// stronger side White in the first game of a pair and Black in the
/// second.
pub fn specs(bench: &Bench, ask: &Ask) -> Vec<(u64, String, Spec)> {
    let spec = |seed: u64, nodes: [u64; 2], watch: bool, i: u64| Spec {
        rules: 0,
        start: (!bench.book.is_empty()).then(|| bench.book[i as usize % bench.book.len()].clone()),
        seed,
        opening_plies: bench.opening_plies,
        nodes,
        max_plies: bench.max_plies,
        adjudicate: bench.adjudicate,
        watch,
    };
    let mut out = Vec::new();
    for (j, &s) in ask.strengths.iter().enumerate() {
        for i in 0..ask.games {
            out.push((
                (j as u64) << 40 | i,
                format!("strength={s}"),
                spec(game_seed(bench.seed, i), [s, s], true, i),
            ));
        }
    }
    for (j, w) in ask.strengths.windows(2).enumerate() {
        let (weak, strong) = (w[0], w[1]);
        for p in 0..ask.ladder_pairs {
            let seed = game_seed(bench.seed ^ 0x6c61_6464, p);
            for (k, nodes) in [[strong, weak], [weak, strong]].into_iter().enumerate() {
                out.push((
                    (1 << 50) | (j as u64) << 40 | (p * 2 + k as u64),
                    format!("rung={weak}:{strong} stronger={}", ["white", "black"][k]),
                    spec(seed, nodes, false, p),
                ));
            }
        }
    }
    out
}

/// One strength's findings.
#[derive(Clone, Debug)]
pub struct AtStrength {
    /// Nodes per move.
    pub nodes: u64,
    /// Games.
    pub games: usize,
    /// White's score.
    pub white: Estimate,
    /// White's wins, draws, Black's wins, with their intervals.
    pub shares: [Interval; 3],
    /// Lengths in plies.
    pub lengths: Vec<usize>,
    /// Games cut by the move cap.
    pub cut: usize,
    /// Games adjudicated by the engines.
    pub adjudicated: usize,
    /// Of the decisive games, the mean share of the game played before
    /// the winner took the lead for good (by [`LEAD`]).
    pub decided_at: Option<Estimate>,
    /// Lead changes per game.
    pub lead_changes: Estimate,
}

/// One rung of the ladder.
#[derive(Clone, Debug)]
pub struct Rung {
    /// The weaker side's nodes.
    pub weak: u64,
    /// The stronger's.
    pub strong: u64,
    /// The stronger side's score, pair by pair.
    pub score: Estimate,
}

/// The report card.
#[derive(Clone, Debug)]
pub struct Card {
    /// The variant's name.
    pub variant: String,
    /// The board's files and ranks.
    pub size: (u8, u8),
    /// By strength, weakest first.
    pub strengths: Vec<AtStrength>,
    /// The ladder.
    pub ladder: Vec<Rung>,
    /// What fired, by event and square, summed over every watched game.
    pub fired: BTreeMap<String, BTreeMap<String, u32>>,
    /// Watched games (the denominator of the per-game rates).
    pub watched: usize,
    /// The games repeated, and the warning.
    pub repeats: (usize, Option<String>),
    /// Every game.
    pub games: Vec<Game>,
}

/// When the winner took the lead for good, as a share of the game, and
/// the lead changes, from White's-side `scores`.
fn lead(scores: &[i32], white: f64) -> (Option<f64>, usize) {
    let mut changes = 0;
    let mut leader = 0i32;
    for &s in scores {
        let now = if s >= LEAD {
            1
        } else if s <= -LEAD {
            -1
        } else {
            leader
        };
        if now != leader && leader != 0 {
            changes += 1;
        }
        leader = now;
    }
    let winner = if white == 1.0 {
        1
    } else if white == 0.0 {
        -1
    } else {
        return (None, changes);
    };
    let len = scores.len().max(1);
    let from = scores
        .iter()
        .rposition(|&s| s * winner < LEAD)
        .map_or(0, |p| p + 1);
    (Some(from as f64 / len as f64), changes)
}

/// The card from `games` (rows of a balance run).
pub fn card(rules: &Rulebook, ask: &Ask, games: Vec<Game>) -> Card {
    let mut strengths = Vec::new();
    let mut fired: BTreeMap<String, BTreeMap<String, u32>> = BTreeMap::new();
    let mut watched = 0;
    for &s in &ask.strengths {
        let label = format!("strength={s}");
        let at: Vec<&Game> = games.iter().filter(|g| g.label == label).collect();
        let whites: Vec<f64> = at.iter().map(|g| g.white).collect();
        let Some(white) = Estimate::of(&whites) else {
            continue;
        };
        let n = at.len() as u64;
        let count = |x: f64| at.iter().filter(|g| g.white == x).count() as u64;
        let share = |k| {
            wilson(k, n).unwrap_or(Interval {
                p: 0.0,
                low: 0.0,
                high: 0.0,
            })
        };
        let mut decided = Vec::new();
        let mut changes = Vec::new();
        for g in &at {
            let (d, c) = lead(&g.scores, g.white);
            decided.extend(d);
            changes.push(c as f64);
            watched += 1;
            for (event, squares) in &g.fired {
                let e = fired.entry(event.clone()).or_default();
                for (sq, k) in squares {
                    *e.entry(sq.clone()).or_default() += k;
                }
            }
        }
        strengths.push(AtStrength {
            nodes: s,
            games: at.len(),
            white,
            shares: [share(count(1.0)), share(count(0.5)), share(count(0.0))],
            lengths: at.iter().map(|g| g.plies).collect(),
            cut: at.iter().filter(|g| g.cut).count(),
            adjudicated: at.iter().filter(|g| g.adjudicated).count(),
            decided_at: Estimate::of(&decided),
            lead_changes: Estimate::of(&changes).unwrap_or(Estimate {
                mean: 0.0,
                half: 0.0,
                n: 0,
            }),
        });
    }
    let mut ladder = Vec::new();
    for w in ask.strengths.windows(2) {
        let prefix = format!("rung={}:{} ", w[0], w[1]);
        let mut pairs: BTreeMap<u64, Vec<f64>> = BTreeMap::new();
        for g in games.iter().filter(|g| g.label.starts_with(&prefix)) {
            let stronger_white = g.label.ends_with("white");
            let s = if stronger_white {
                g.white
            } else {
                1.0 - g.white
            };
            pairs.entry(g.index / 2).or_default().push(s);
        }
        let scores: Vec<f64> = pairs
            .values()
            .filter(|v| v.len() == 2)
            .map(|v| (v[0] + v[1]) / 2.0)
            .collect();
        if let Some(score) = Estimate::of(&scores) {
            ladder.push(Rung {
                weak: w[0],
                strong: w[1],
                score,
            });
        }
    }
    let v = rules.variant();
    let repeats = super::repeats(&games);
    Card {
        variant: rules.name(),
        size: (v.width, v.height),
        strengths,
        ladder,
        fired,
        watched,
        repeats,
        games,
    }
}

/// Plays the report card's games.
///
/// # Errors
///
/// A game fails.
pub fn balance(
    rules: &Rulebook,
    bench: &Bench,
    ask: &Ask,
    stop: &AtomicBool,
    progress: &mut dyn FnMut(usize, usize),
) -> Result<Card, String> {
    let plan = specs(bench, ask);
    let total = plan.len();
    let games = play_all(
        std::slice::from_ref(rules),
        &plan,
        bench.threads,
        stop,
        &mut |n| progress(n, total),
    )?;
    Ok(card(rules, ask, games))
}

fn pct(x: f64) -> String {
    format!("{:.1}%", 100.0 * x)
}

impl Card {
    /// The card as a table for the terminal.
    pub fn text(&self) -> String {
        let mut t = String::new();
        let _ = writeln!(t, "{}: balance by self-play", self.variant);
        let _ = writeln!(
            t,
            "\n{:>8} {:>6} {:>22} {:>20} {:>8} {:>6} {:>8} {:>9}",
            "nodes",
            "games",
            "White's score (95%)",
            "draws (95%)",
            "plies",
            "cut",
            "decided",
            "leads Δ"
        );
        for s in &self.strengths {
            let (lo, hi) = s.white.bounds();
            let mean_len = s.lengths.iter().sum::<usize>() as f64 / s.games.max(1) as f64;
            let d = &s.shares[1];
            let _ = writeln!(
                t,
                "{:>8} {:>6} {:>22} {:>20} {:>8.1} {:>6} {:>8} {:>9.2}",
                s.nodes,
                s.games,
                format!(
                    "{} ({}-{})",
                    pct(s.white.mean),
                    pct(lo.max(0.0)),
                    pct(hi.min(1.0))
                ),
                format!("{} ({}-{})", pct(d.p), pct(d.low), pct(d.high)),
                mean_len,
                pct(s.cut as f64 / s.games.max(1) as f64),
                s.decided_at.map_or("-".into(), |e| pct(e.mean)),
                s.lead_changes.mean
            );
        }
        let _ = writeln!(
            t,
            "\"decided\": of the decisive games, the share played before the winner led for good by a pawn; \"leads Δ\": lead changes a game."
        );
        if !self.ladder.is_empty() {
            let _ = writeln!(t, "\nstrength ladder (does more thinking keep winning?)");
            for r in &self.ladder {
                let (lo, hi) = r.score.bounds();
                let _ = writeln!(
                    t,
                    "  {:>7} vs {:>7} nodes: the stronger scores {} ({}-{}) in {} pairs",
                    r.strong,
                    r.weak,
                    pct(r.score.mean),
                    pct(lo.max(0.0)),
                    pct(hi.min(1.0)),
                    r.score.n
                );
            }
        }
        if !self.fired.is_empty() {
            let _ = writeln!(
                t,
                "\nwhat the rules did, per game ({} games watched)",
                self.watched
            );
            for (event, squares) in &self.fired {
                let total: u32 = squares.values().sum();
                let mut top: Vec<(&String, &u32)> =
                    squares.iter().filter(|(sq, _)| *sq != "-").collect();
                top.sort_by(|a, b| b.1.cmp(a.1).then(a.0.cmp(b.0)));
                let most: Vec<String> = top
                    .iter()
                    .take(3)
                    .map(|(s, n)| format!("{s} {n}"))
                    .collect();
                let where_ = if most.is_empty() {
                    String::new()
                } else {
                    format!("   most on {}", most.join(", "))
                };
                let _ = writeln!(
                    t,
                    "  {:<34} {:>7.2}{where_}",
                    event,
                    f64::from(total) / self.watched.max(1) as f64,
                );
            }
        }
        if let Some(w) = &self.repeats.1 {
            let _ = writeln!(t, "\n{w}");
        }
        t
    }

    /// The card as a self-contained HTML page, its charts as SVG inside.
    pub fn html(&self) -> String {
        let mut h = String::new();
        let esc = |s: &str| {
            s.replace('&', "&amp;")
                .replace('<', "&lt;")
                .replace('>', "&gt;")
        };
        let _ = write!(
            h,
            "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\"><title>{0}: balance</title>\
             <style>body{{font-family:sans-serif;max-width:60em;margin:2em auto;color:#222}}\
             table{{border-collapse:collapse}}td,th{{padding:.2em .8em;text-align:right;border-bottom:1px solid #ddd}}\
             figure{{display:inline-block;margin:1em}}figcaption{{text-align:center;font-size:90%}}</style></head><body>\
             <h1>{0}: balance by self-play</h1>",
            esc(&self.variant)
        );
        let _ = write!(h, "<pre>{}</pre>", esc(&self.text()));
        h.push_str("<h2>First move and draws</h2>");
        let bars: Vec<(String, f64, f64, f64)> = self
            .strengths
            .iter()
            .map(|s| {
                let (lo, hi) = s.white.bounds();
                (
                    format!("{} nodes", s.nodes),
                    s.white.mean,
                    lo.max(0.0),
                    hi.min(1.0),
                )
            })
            .collect();
        h.push_str(&figure(
            &bar_chart(&bars, "White's score", 1.0, 0.5, "%"),
            "White's score with its 95% interval; the line is 50%",
        ));
        let draws: Vec<(String, f64, f64, f64)> = self
            .strengths
            .iter()
            .map(|s| {
                (
                    format!("{} nodes", s.nodes),
                    s.shares[1].p,
                    s.shares[1].low,
                    s.shares[1].high,
                )
            })
            .collect();
        h.push_str(&figure(
            &bar_chart(&draws, "draws", 1.0, 0.5, "%"),
            "The draw rate with its 95% interval",
        ));
        h.push_str("<h2>Length</h2>");
        for s in &self.strengths {
            h.push_str(&figure(
                &histogram(&s.lengths),
                &format!("Plies at {} nodes ({} cut at the cap)", s.nodes, s.cut),
            ));
        }
        if !self.ladder.is_empty() {
            h.push_str("<h2>Strength ladder</h2>");
            let rungs: Vec<(String, f64, f64, f64)> = self
                .ladder
                .iter()
                .map(|r| {
                    let (lo, hi) = r.score.bounds();
                    (
                        format!("{} v {}", r.strong, r.weak),
                        r.score.mean,
                        lo.max(0.0),
                        hi.min(1.0),
                    )
                })
                .collect();
            h.push_str(&figure(
                &bar_chart(&rungs, "stronger's score", 1.0, 0.5, "%"),
                "The doubled search's score on each rung",
            ));
        }
        if !self.fired.is_empty() {
            h.push_str("<h2>Where the rules fire</h2>");
            for (event, squares) in self.fired.iter().filter(|(_, s)| !s.contains_key("-")) {
                h.push_str(&figure(&heat_map(self.size, squares), &esc(event)));
            }
        }
        h.push_str("</body></html>\n");
        h
    }
}

fn figure(svg: &str, caption: &str) -> String {
    format!("<figure>{svg}<figcaption>{caption}</figcaption></figure>")
}

/// A histogram of lengths, in ten bins.
fn histogram(lengths: &[usize]) -> String {
    let max = lengths.iter().copied().max().unwrap_or(0).max(10);
    let width = max.div_ceil(10);
    let mut bins = [0usize; 10];
    for &l in lengths {
        bins[(l / width).min(9)] += 1;
    }
    let most = bins.iter().copied().max().unwrap_or(0).max(1);
    let mut s = String::from(
        "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"340\" height=\"200\" font-size=\"10\">",
    );
    for (i, &n) in bins.iter().enumerate() {
        let bh = 150.0 * n as f64 / most as f64;
        let _ = write!(
            s,
            "<rect x=\"{}\" y=\"{}\" width=\"28\" height=\"{bh}\" fill=\"#e6ab02\"><title>{}-{} plies: {n}</title></rect>\
             <text x=\"{}\" y=\"185\" text-anchor=\"middle\">{}</text>",
            20 + 30 * i,
            170.0 - bh,
            i * width,
            (i + 1) * width - 1,
            34 + 30 * i,
            i * width
        );
    }
    s.push_str("</svg>");
    s
}

/// The board with each square shaded by its count.
fn heat_map(size: (u8, u8), squares: &BTreeMap<String, u32>) -> String {
    let (w, h) = (usize::from(size.0), usize::from(size.1));
    let cell = 24;
    let most = squares.values().copied().max().unwrap_or(0).max(1);
    let mut s = format!(
        "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{}\" height=\"{}\" font-size=\"9\">",
        w * cell + 20,
        h * cell + 16
    );
    for r in 0..h {
        for f in 0..w {
            let name = format!("{}{}", crate::session::file_letter(f as u8), r + 1);
            let n = squares.get(&name).copied().unwrap_or(0);
            let heat = f64::from(n) / f64::from(most);
            let light = 250 - (200.0 * heat) as u32;
            let _ = write!(
                s,
                "<rect x=\"{}\" y=\"{}\" width=\"{cell}\" height=\"{cell}\" fill=\"rgb(250,{light},{light})\" stroke=\"#ccc\"><title>{name}: {n}</title></rect>",
                20 + f * cell,
                (h - 1 - r) * cell
            );
        }
        let _ = write!(
            s,
            "<text x=\"2\" y=\"{}\">{}</text>",
            (h - 1 - r) * cell + 15,
            r + 1
        );
    }
    for f in 0..w {
        let _ = write!(
            s,
            "<text x=\"{}\" y=\"{}\" text-anchor=\"middle\">{}</text>",
            20 + f * cell + cell / 2,
            h * cell + 12,
            crate::session::file_letter(f as u8)
        );
    }
    s.push_str("</svg>");
    s
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn leads_and_their_changes_are_read_from_the_scores() {
        // White leads, Black leads, White leads for good from ply 4.
        let (d, c) = lead(&[0, 150, -200, 50, 120, 300], 1.0);
        assert_eq!(c, 2);
        assert_eq!(d, Some(4.0 / 6.0));
        assert_eq!(lead(&[0, 0], 0.5), (None, 0));
    }
}
