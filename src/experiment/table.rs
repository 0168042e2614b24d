//! The results table: one line per condition, the games whose rows
//! agree on the script's `conditions()` keys, in the order the
//! conditions first occur. Each line has its games, the shares won by
//! White, drawn and won by Black (from the rows' `result`) with their
//! Wilson 95% intervals, the mean length in plies (from the rows'
//! `plies`) and a histogram of the lengths. The terminal, the CSV
//! summary and the plots all show this one table.
//!
//! Shares are of every game of the condition: a game whose `result` is
//! none of `1-0`, `1/2-1/2` and `0-1` (`*`, stopped by `max_turns`) is
//! counted apart as unfinished, so the three shares then add up to less
//! than 100%.

use super::Results;
use super::output::{self, CsvTable};
use super::stats::{Interval, wilson};
use rhai::Dynamic;
use std::collections::{HashMap, HashSet};

/// The row key read for a game's result.
pub const RESULT_KEY: &str = "result";
/// The row key read for a game's length in plies (half-moves).
pub const PLIES_KEY: &str = "plies";
/// The most bins of the length histogram: enough to see its shape,
/// few enough for the CSV to stay readable.
const MAX_BINS: u64 = 20;

/// The results table of a run.
#[derive(Clone, Debug)]
pub struct Table {
    /// The row keys that tell conditions apart; empty for one condition.
    pub keys: Vec<String>,
    /// The conditions, in the order of their first game.
    pub conditions: Vec<Condition>,
    /// Whether any row has a `result`; without one the shares mean
    /// nothing and are not shown.
    pub has_results: bool,
    /// Plies per bin of the length histograms (every condition's bins
    /// are the same); 0 when no row has a length.
    pub bin_width: u64,
    /// How many bins.
    pub bins: usize,
}

/// One line of the table.
#[derive(Clone, Debug, PartialEq)]
pub struct Condition {
    /// The condition's value of each key, as text; `None` where its rows
    /// lack the key.
    pub values: Vec<Option<String>>,
    /// Games played under it.
    pub games: u64,
    /// Games White won.
    pub white: u64,
    /// Games drawn.
    pub draws: u64,
    /// Games Black won.
    pub black: u64,
    /// Its games whose `play_game` played games (with `play`): the rows
    /// of a run, not of a merge.
    pub played: u64,
    /// How many of those played games of their own: rows that played
    /// the same moves from the same start count once.
    pub distinct: u64,
    /// The sum and the number of the lengths (in plies) its rows give.
    plies: (f64, u64),
    /// How many games fall in each length bin.
    pub lengths: Vec<u64>,
}

/// A key's value as the terminal shows it: control characters escaped,
/// `-` where the rows lack the key.
fn shown(value: Option<&str>) -> String {
    value.map_or("-".to_string(), printable)
}

impl Condition {
    /// The condition's values joined by spaces (control characters
    /// escaped), or `all games` for a table without keys.
    pub fn name(&self) -> String {
        self.key_cells(shown).join(" ")
    }

    /// A cell per key, each value written by `cell` (`None` where the
    /// rows lack the key); one cell, `all games`, for a table without
    /// keys.
    fn key_cells(&self, cell: impl Fn(Option<&str>) -> String) -> Vec<String> {
        if self.values.is_empty() {
            return vec!["all games".to_string()];
        }
        self.values.iter().map(|v| cell(v.as_deref())).collect()
    }

    /// Games with no result of the three.
    pub fn unfinished(&self) -> u64 {
        self.games - self.white - self.draws - self.black
    }

    /// White's wins, the draws and Black's wins as shares of the games,
    /// with their intervals; `None` for a condition without games.
    pub fn shares(&self) -> Option<[Interval; 3]> {
        Some([
            wilson(self.white, self.games)?,
            wilson(self.draws, self.games)?,
            wilson(self.black, self.games)?,
        ])
    }

    /// The mean length in plies, over the games that give one.
    pub fn mean_plies(&self) -> Option<f64> {
        let (sum, n) = self.plies;
        (n > 0).then(|| sum / n as f64)
    }
}

/// A row's length in plies: a number, 0 or more (a fraction rounded
/// down).
fn plies_of(value: &Dynamic) -> Option<f64> {
    let x = match (value.as_int(), value.as_float()) {
        (Ok(i), _) => i as f64,
        (_, Ok(f)) => f,
        _ => return None,
    };
    (x.is_finite() && x >= 0.0).then_some(x)
}

/// The smallest width of 1, 2 or 5 times a power of ten that puts
/// lengths up to `max` in at most [`MAX_BINS`] bins from 0.
fn bin_width(max: u64) -> u64 {
    let mut scale: u64 = 1;
    loop {
        for step in [1, 2, 5] {
            let w = step * scale;
            if max / w < MAX_BINS {
                return w;
            }
        }
        match scale.checked_mul(10) {
            // 5 * 10^18 and more fit in u64: the loop ends with them.
            Some(s) if s <= u64::MAX / 5 => scale = s,
            _ => return u64::MAX,
        }
    }
}

impl Results {
    /// The results table: a line per condition.
    pub fn table(&self) -> Table {
        Table::of(self)
    }
}

impl Table {
    /// The table of `results`, grouped by its `conditions` keys.
    pub fn of(results: &Results) -> Table {
        let keys = results.conditions.clone();
        let rows = &results.rows;
        let max = rows
            .iter()
            .filter_map(|r| r.values.get(PLIES_KEY).and_then(plies_of))
            .fold(None, |m: Option<f64>, x| Some(m.map_or(x, |m| m.max(x))));
        // Lengths as whole plies; a huge one saturates.
        let (bin_width, bins) = match max {
            Some(m) => {
                let w = bin_width(m as u64);
                (w, (m as u64 / w + 1) as usize)
            }
            None => (0, 0),
        };
        let mut conditions: Vec<Condition> = Vec::new();
        // Where each condition is in `conditions`: a run may have as
        // many conditions as games.
        let mut index: HashMap<Vec<Option<String>>, usize> = HashMap::new();
        // The games each condition played, to tell when they repeat.
        let mut seen: Vec<HashSet<u64>> = Vec::new();
        for r in rows {
            let values: Vec<Option<String>> = keys
                .iter()
                .map(|k| r.values.get(k.as_str()).map(output::cell))
                .collect();
            let at = match index.get(&values) {
                Some(&i) => i,
                None => {
                    index.insert(values.clone(), conditions.len());
                    conditions.push(Condition {
                        values,
                        games: 0,
                        white: 0,
                        draws: 0,
                        black: 0,
                        played: 0,
                        distinct: 0,
                        plies: (0.0, 0),
                        lengths: vec![0; bins],
                    });
                    seen.push(HashSet::new());
                    conditions.len() - 1
                }
            };
            let c = &mut conditions[at];
            c.games += 1;
            if let Some(p) = r.played {
                c.played += 1;
                if seen[at].insert(p) {
                    c.distinct += 1;
                }
            }
            match r.values.get(RESULT_KEY).map(|v| v.to_string()).as_deref() {
                Some("1-0") => c.white += 1,
                Some("1/2-1/2") => c.draws += 1,
                Some("0-1") => c.black += 1,
                _ => {}
            }
            if let Some(x) = r.values.get(PLIES_KEY).and_then(plies_of) {
                c.plies.0 += x;
                c.plies.1 += 1;
                let bin = (x as u64 / bin_width) as usize;
                c.lengths[bin.min(bins - 1)] += 1;
            }
        }
        Table {
            keys,
            conditions,
            has_results: rows.iter().any(|r| r.values.contains_key(RESULT_KEY)),
            bin_width,
            bins,
        }
    }

    /// Whether some game has no result of the three.
    fn has_unfinished(&self) -> bool {
        self.has_results && self.conditions.iter().any(|c| c.unfinished() > 0)
    }

    /// The first and last length (in plies) of bin `i`.
    pub fn bin_range(&self, i: usize) -> (u64, u64) {
        let from = (i as u64).saturating_mul(self.bin_width);
        (from, from.saturating_add(self.bin_width.saturating_sub(1)))
    }

    /// The table for a terminal: a line naming the run, the columns
    /// aligned, and what the numbers mean.
    pub fn text(&self, results: &Results) -> String {
        let mut head: Vec<String> = if self.keys.is_empty() {
            vec!["condition".to_string()]
        } else {
            self.keys.clone()
        };
        let texts = head.len();
        head.push("games".to_string());
        if self.has_results {
            head.extend(["White wins", "draws", "Black wins"].map(String::from));
        }
        let unfinished = self.has_unfinished();
        if unfinished {
            head.push("unfinished".to_string());
        }
        head.push("mean plies".to_string());
        let mut lines = vec![head];
        for c in &self.conditions {
            let mut line = c.key_cells(shown);
            line.push(c.games.to_string());
            if self.has_results {
                match c.shares() {
                    Some(shares) => line.extend(shares.iter().map(percent)),
                    None => line.extend(["-", "-", "-"].map(String::from)),
                }
            }
            if unfinished {
                line.push(c.unfinished().to_string());
            }
            line.push(
                c.mean_plies()
                    .map_or("-".to_string(), |m| format!("{m:.1}")),
            );
            lines.push(line);
        }
        let widths: Vec<usize> = (0..lines[0].len())
            .map(|i| {
                lines
                    .iter()
                    .map(|l| l[i].chars().count())
                    .max()
                    .unwrap_or(0)
            })
            .collect();
        let mut out = format!("{}, seed {}", results.script, results.seed);
        if results.shard != super::Shard::ALL {
            out.push_str(&format!(", shard {}", results.shard));
        }
        let played = results.rows.len() as u64;
        if played == results.games {
            out.push_str(&format!(": {played} games\n"));
        } else {
            out.push_str(&format!(": {played} of {} games\n", results.games));
        }
        for line in &lines {
            let cells: Vec<String> = line
                .iter()
                .zip(&widths)
                .enumerate()
                .map(|(i, (cell, &w))| {
                    if i < texts {
                        format!("{cell:<w$}")
                    } else {
                        format!("{cell:>w$}")
                    }
                })
                .collect();
            out.push_str(cells.join("  ").trim_end());
            out.push('\n');
        }
        if self.has_results {
            out.push_str("Wins and draws: % of the games, 95% Wilson interval in brackets.\n");
        }
        if unfinished {
            out.push_str("Unfinished: games with no result (`*`, e.g. stopped by max_turns).\n");
        }
        out.push_str("Plies are half-moves: one turn of one side.");
        for c in self.conditions.iter().filter(|c| c.distinct < c.played) {
            let which = if self.keys.is_empty() {
                "the".to_string()
            } else {
                format!("condition {}: its", c.name())
            };
            let distinct = match c.distinct {
                1 => "1 distinct game".to_string(),
                n => format!("{n} distinct games"),
            };
            out.push_str(&format!(
                "\nwarning: {which} {} games were only {distinct}: the same moves from the same start repeat; deterministic players need varied openings, e.g. game(v, seed, #{{ opening: #{{ random_plies: 4 }} }})",
                c.played
            ));
        }
        out
    }

    /// The table as CSV, one record per condition: the key values (or
    /// `condition`), `games`, the three counts and `unfinished`, each
    /// share with its interval's ends (from 0 to 1), `mean_plies`, and a
    /// column per length bin, `plies_FROM_TO` (both ends included).
    pub fn csv(&self) -> String {
        let mut table = CsvTable::new();
        let mut head: Vec<String> = if self.keys.is_empty() {
            vec!["condition".to_string()]
        } else {
            self.keys.clone()
        };
        head.extend(
            ["games", "white", "draws", "black", "unfinished"]
                .iter()
                .map(|s| s.to_string()),
        );
        for side in ["white", "draw", "black"] {
            for part in ["share", "low", "high"] {
                head.push(format!("{side}_{part}"));
            }
        }
        head.push("mean_plies".to_string());
        for i in 0..self.bins {
            let (from, to) = self.bin_range(i);
            head.push(format!("{PLIES_KEY}_{from}_{to}"));
        }
        table.record(&head);
        for c in &self.conditions {
            let mut line = c.key_cells(|v| v.unwrap_or_default().to_string());
            line.push(c.games.to_string());
            if self.has_results {
                line.extend([c.white, c.draws, c.black, c.unfinished()].map(|n| n.to_string()));
            } else {
                line.extend(std::iter::repeat_n(String::new(), 4));
            }
            match c.shares().filter(|_| self.has_results) {
                Some(shares) => {
                    for s in shares {
                        line.extend([s.p, s.low, s.high].map(|x| output::float(round6(x))));
                    }
                }
                None => line.extend(std::iter::repeat_n(String::new(), 9)),
            }
            line.push(
                c.mean_plies()
                    .map(|m| output::float(round6(m)))
                    .unwrap_or_default(),
            );
            line.extend(c.lengths.iter().map(|n| n.to_string()));
            table.record(&line);
        }
        table.finish()
    }
}

/// `text` with its control characters escaped (`\n`, `\u{7}`), so a
/// value holding a line break or a tab keeps the table's lines whole.
fn printable(text: &str) -> String {
    text.chars()
        .map(|c| {
            if c.is_control() {
                c.escape_default().to_string()
            } else {
                c.to_string()
            }
        })
        .collect()
}

/// `35.2% (31.1-39.5)`.
fn percent(s: &Interval) -> String {
    format!(
        "{:.1}% ({:.1}-{:.1})",
        100.0 * s.p,
        100.0 * s.low,
        100.0 * s.high
    )
}

/// Rounds to six decimals, as the script's shares are.
fn round6(x: f64) -> f64 {
    (x * 1e6).round() / 1e6
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn control_characters_are_escaped_on_the_terminal() {
        assert_eq!(printable("a\nb\tc\u{7}é"), "a\\nb\\tc\\u{7}é");
    }

    #[test]
    fn bins_are_one_two_or_five_times_a_power_of_ten() {
        assert_eq!(bin_width(0), 1);
        assert_eq!(bin_width(19), 1);
        assert_eq!(bin_width(20), 2);
        assert_eq!(bin_width(99), 5);
        assert_eq!(bin_width(100), 10);
        assert_eq!(bin_width(399), 20);
        assert_eq!(bin_width(400), 50);
        assert_eq!(bin_width(u64::MAX), 1_000_000_000_000_000_000);
    }
}
