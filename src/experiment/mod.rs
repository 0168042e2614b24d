//! Experiments: a Rhai script plays many games and records what it
//! wants; the runner plays them on all cores and writes one row per game
//! and a summary.
//!
//! A script defines `play_game(i, seed)`, which plays game `i` (usually
//! `game(variant(...), seed)` then `play(...)`) and returns a map, the
//! row; optionally `games()`, how many games (100 when absent), and
//! `summarize(rows)`, a map made from every row (a default summary when
//! absent). Game `i`'s seed comes from the run's seed and `i` alone, and
//! rows are kept in game order, so a run gives the same bytes whatever
//! the number of threads, and the shards of a run (`i % N == I - 1`)
//! merge into the run itself.

pub mod api;
mod merge;
pub mod output;
pub mod plot;
mod record;
mod results;
mod runner;
mod script;
pub mod stats;
pub mod table;

pub use merge::merge;
pub use results::{Results, Row};
pub use runner::{RunOptions, run};
pub use script::Experiment;
pub use stats::default_summary;
pub use table::Table;

use std::fmt;

/// How many games a script plays when it has no `games()`.
pub const DEFAULT_GAMES: u64 = 100;
/// The most games one run may have (every shard together).
pub const MAX_GAMES: u64 = 1_000_000;
/// Longest string an experiment script may make, in bytes (counting the
/// text inside an array or map as Rhai does).
pub const MAX_STRING_SIZE: usize = 64 << 20;
/// Largest array, counting the items of arrays nested in it: room for a
/// column of [`MAX_GAMES`] rows many times over.
pub const MAX_ARRAY_SIZE: usize = 16 << 20;
/// Largest object map, counting the fields of maps nested in it.
pub const MAX_MAP_SIZE: usize = 16 << 20;
/// The most row keys `conditions()` may name: a table grouped by more
/// is no longer readable.
pub const MAX_CONDITION_KEYS: usize = 4;
/// The most keys one row may have: a row is one game's record, not a
/// table (which the rows make together).
pub const MAX_ROW_KEYS: usize = 4_096;
/// How deep arrays and maps may nest in a row or a summary.
pub const MAX_VALUE_DEPTH: usize = 32;

/// Why an experiment could not run or stopped; the message names the
/// script, line and column where there is one.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ExperimentError {
    /// What happened.
    pub message: String,
    /// The stop flag (Ctrl-C) ended the script before it could finish
    /// (its top level, `games()` or `summarize(rows)`).
    pub stopped: bool,
}

impl ExperimentError {
    fn new(message: String) -> ExperimentError {
        ExperimentError {
            message,
            stopped: false,
        }
    }
}

impl fmt::Display for ExperimentError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message)
    }
}

impl std::error::Error for ExperimentError {}

/// Which part of a run's games this run plays: game `i` when
/// `i % count == index - 1`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Shard {
    /// From 1 to `count`.
    pub index: u64,
    /// How many shards.
    pub count: u64,
}

impl Shard {
    /// The whole run.
    pub const ALL: Shard = Shard { index: 1, count: 1 };

    /// `I/N`.
    ///
    /// # Errors
    ///
    /// Not two whole numbers with 1 <= I <= N.
    pub fn parse(text: &str) -> Result<Shard, String> {
        let bad = || format!("`{text}`: a shard is I/N with 1 <= I <= N, e.g. `--shard 2/8`");
        let (i, n) = text.split_once('/').ok_or_else(bad)?;
        let (index, count) = (
            i.trim().parse::<u64>().map_err(|_| bad())?,
            n.trim().parse::<u64>().map_err(|_| bad())?,
        );
        if index == 0 || index > count {
            return Err(bad());
        }
        Ok(Shard { index, count })
    }

    /// The shard a run plays: the one `text` names (`I/N`; `auto` or
    /// `auto/N`, the scheduler's), or, when there is no `text`, the one a
    /// scheduler gives through `env` (the process's environment), or the
    /// whole run. With it, where it came from when a scheduler gave it.
    ///
    /// The schedulers: a Slurm job array (`SLURM_ARRAY_TASK_ID` among
    /// `SLURM_ARRAY_TASK_COUNT` tasks, from `SLURM_ARRAY_TASK_MIN` by
    /// `SLURM_ARRAY_TASK_STEP`) or a Kubernetes Indexed Job
    /// (`JOB_COMPLETION_INDEX`, from 0; it does not tell how many, so
    /// the count comes as `auto/N`).
    ///
    /// # Errors
    ///
    /// A shard that does not parse, a scheduler's numbers that make no
    /// shard, `auto` outside a scheduler, or a Kubernetes index without
    /// its count.
    pub fn choose(
        text: Option<&str>,
        env: &dyn Fn(&str) -> Option<String>,
    ) -> Result<(Shard, Option<String>), String> {
        let count =
            match text.and_then(|t| t.strip_prefix("auto/")) {
                Some(n) => Some(n.trim().parse::<u64>().ok().filter(|&n| n > 0).ok_or_else(
                    || format!("`auto/{n}`: the count after `auto/` is a whole number, 1 or more"),
                )?),
                None => None,
            };
        if let Some(t) = text
            && t != "auto"
            && count.is_none()
        {
            return Shard::parse(t).map(|s| (s, None));
        }
        let number = |name: &str| -> Result<Option<u64>, String> {
            match env(name) {
                None => Ok(None),
                Some(v) => v
                    .trim()
                    .parse::<u64>()
                    .map(Some)
                    .map_err(|_| format!("{name}={v} is not a whole number")),
            }
        };
        let found = if let Some(id) = number("SLURM_ARRAY_TASK_ID")? {
            let min = number("SLURM_ARRAY_TASK_MIN")?.unwrap_or(0);
            let step = number("SLURM_ARRAY_TASK_STEP")?.unwrap_or(1).max(1);
            let tasks = count.or(number("SLURM_ARRAY_TASK_COUNT")?).ok_or(
                "SLURM_ARRAY_TASK_ID is set but not SLURM_ARRAY_TASK_COUNT: give the count as `--shard auto/N`",
            )?;
            if id < min || (id - min) % step != 0 {
                return Err(format!(
                    "SLURM_ARRAY_TASK_ID={id} is not a task of an array from {min} by {step}"
                ));
            }
            Some((
                (id - min) / step + 1,
                tasks,
                format!("SLURM_ARRAY_TASK_ID={id}"),
            ))
        } else if let Some(index) = number("JOB_COMPLETION_INDEX")? {
            let tasks = count.ok_or(
                "JOB_COMPLETION_INDEX is set (a Kubernetes Indexed Job): give the Job's completions as `--shard auto/N`",
            )?;
            Some((index + 1, tasks, format!("JOB_COMPLETION_INDEX={index}")))
        } else {
            None
        };
        match found {
            Some((index, count, from)) => {
                if index > count {
                    return Err(format!(
                        "{from} makes shard {index} of {count}: the array has more tasks than the count"
                    ));
                }
                Ok((Shard { index, count }, Some(from)))
            }
            None if text.is_some() => Err(
                "`--shard auto` reads the shard from a Slurm job array (SLURM_ARRAY_TASK_ID) or a Kubernetes Indexed Job (JOB_COMPLETION_INDEX), and neither is set"
                    .to_string(),
            ),
            None => Ok((Shard::ALL, None)),
        }
    }

    fn plays(self, game: u64) -> bool {
        game % self.count == self.index - 1
    }
}

impl fmt::Display for Shard {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}/{}", self.index, self.count)
    }
}

/// The seed of game `index` of a run seeded `seed` (splitmix64 of both).
pub fn game_seed(seed: u64, index: u64) -> u64 {
    let mut z = seed
        ^ index
            .wrapping_mul(0x9E37_79B9_7F4A_7C15)
            .wrapping_add(0x632B_E59B_D9B4_E019);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    // Below 2^53, so that it survives a trip through JSON readers that
    // hold numbers as doubles.
    (z ^ (z >> 31)) >> 11
}
