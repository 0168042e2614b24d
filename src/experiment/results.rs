//! What a run produced, and its outputs: JSON Lines and CSV.

use super::Shard;
use super::output::{self, CsvTable, JsonMap, JsonWriter};
use rhai::{Dynamic, Map};
use serde::{Deserialize, Serialize};

/// One game's row.
#[derive(Clone, Debug)]
pub struct Row {
    /// The game's number in the run, from 0.
    pub game: u64,
    /// Its seed.
    pub seed: u64,
    /// What the script returned.
    pub values: Map,
    /// The games its `play_game` played (their starts and moves), as
    /// one number: rows of equal numbers played the same games. `None`
    /// when it played none, or for a row read back from a file.
    pub played: Option<u64>,
}

/// What a run (or a merge) produced.
#[derive(Clone, Debug)]
pub struct Results {
    /// The script's path, its hash, the run's seed and how many games the
    /// whole run has.
    pub script: String,
    /// The script's hash.
    pub hash: String,
    /// The run's seed.
    pub seed: u64,
    /// Games in the whole run (every shard).
    pub games: u64,
    /// The shard played ([`Shard::ALL`] for a whole run or a merge).
    pub shard: Shard,
    /// The rows, in game order.
    pub rows: Vec<Row>,
    /// The summary of the rows.
    pub summary: Map,
    /// The row keys that tell conditions apart (the script's
    /// `conditions()`); empty for one condition, every game.
    pub conditions: Vec<String>,
    /// Stopped (Ctrl-C) before every game was played.
    pub stopped: bool,
}

impl Results {
    /// The JSON Lines output: a `run` line (script, its hash, seed, games,
    /// shard), a `game` line per row, then a `summary` line.
    pub fn to_jsonl(&self) -> String {
        let writer = JsonWriter::default();
        let run = Line::Run(Head {
            script: self.script.clone(),
            script_hash: self.hash.clone(),
            seed: self.seed,
            games: self.games,
            shard: (self.shard != Shard::ALL).then(|| self.shard.to_string()),
        });
        let mut s = writer.write(&run);
        s.push('\n');
        for r in &self.rows {
            s.push_str(&writer.write(&Line::Game {
                game: r.game,
                seed: r.seed,
                values: writer.map(&r.values),
            }));
            s.push('\n');
        }
        s.push_str(&writer.write(&Line::Summary {
            rows: self.rows.len(),
            stopped: self.stopped,
            summary: writer.map(&self.summary),
        }));
        s.push('\n');
        s
    }

    /// The rows as CSV: `game`, `seed`, then every key of the rows in
    /// order of first appearance.
    pub fn rows_csv(&self) -> String {
        let mut keys: Vec<&str> = Vec::new();
        let mut seen = std::collections::HashSet::new();
        for r in &self.rows {
            for k in r.values.keys() {
                if seen.insert(k.as_str()) {
                    keys.push(k.as_str());
                }
            }
        }
        let mut table = CsvTable::new();
        table.record(["game", "seed"].into_iter().chain(keys.iter().copied()));
        for r in &self.rows {
            let values = keys
                .iter()
                .map(|k| r.values.get(*k).map(output::cell).unwrap_or_default());
            table.record(
                [r.game.to_string(), r.seed.to_string()]
                    .into_iter()
                    .chain(values),
            );
        }
        table.finish()
    }

    /// The script's summary as CSV: `key,value`, nested keys and array
    /// indices joined by dots (`lengths.0.count`), so that every cell is
    /// a plain value.
    pub fn script_summary_csv(&self) -> String {
        let mut pairs = Vec::new();
        output::flatten("", &Dynamic::from_map(self.summary.clone()), &mut pairs);
        let mut table = CsvTable::new();
        table.record(["key", "value"]);
        // The runner's own lines, unless the summary has its own under
        // the same name (the default summary counts `rows` itself).
        if !self.summary.contains_key("rows") {
            table.record(["rows".to_string(), self.rows.len().to_string()]);
        }
        if self.stopped && !self.summary.contains_key("stopped") {
            table.record(["stopped", "true"]);
        }
        for (k, v) in pairs {
            table.record([k, output::cell(&v)]);
        }
        table.finish()
    }
}

/// A line of the JSON Lines output, its `type` first.
#[derive(Serialize)]
#[serde(tag = "type", rename_all = "lowercase")]
enum Line<'a> {
    Run(Head),
    /// A row, after the runner's own keys.
    Game {
        game: u64,
        seed: u64,
        #[serde(flatten)]
        values: JsonMap<'a>,
    },
    /// How many rows, whether the run stopped early (only when it did),
    /// and the summary.
    Summary {
        rows: usize,
        #[serde(skip_serializing_if = "is_false")]
        stopped: bool,
        summary: JsonMap<'a>,
    },
}

fn is_false(b: &bool) -> bool {
    !b
}

/// The `run` line: which run an output belongs to (`merge` reads it
/// back).
#[derive(Debug, Serialize, Deserialize)]
pub(super) struct Head {
    /// The script's path as given.
    pub(super) script: String,
    /// Its text's hash, in hex.
    pub(super) script_hash: String,
    /// The run's seed.
    pub(super) seed: u64,
    /// Games in the whole run.
    pub(super) games: u64,
    /// `I/N`, when the output is a shard's.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub(super) shard: Option<String>,
}
