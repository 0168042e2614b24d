//! What a run produced, and its outputs: JSON Lines, CSV, and the
//! summary as text.

use super::{Shard, output};
use rhai::{Dynamic, Map};

/// One game's row.
#[derive(Clone, Debug)]
pub struct Row {
    /// The game's number in the run, from 0.
    pub game: u64,
    /// Its seed.
    pub seed: u64,
    /// What the script returned.
    pub values: Map,
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
    /// Stopped (Ctrl-C) before every game was played.
    pub stopped: bool,
}

impl Results {
    /// The JSON Lines output: a `run` line (script, its hash, seed, games,
    /// shard), a `game` line per row, then a `summary` line.
    pub fn to_jsonl(&self) -> String {
        let mut s = String::new();
        let mut head = vec![
            ("type", "\"run\"".to_string()),
            ("script", json_str(&self.script)),
            ("script_hash", json_str(&self.hash)),
            ("seed", self.seed.to_string()),
            ("games", self.games.to_string()),
        ];
        if self.shard != Shard::ALL {
            head.push(("shard", json_str(&self.shard.to_string())));
        }
        output::write_map(&mut s, &Map::new(), &head);
        s.push('\n');
        for r in &self.rows {
            output::write_map(
                &mut s,
                &r.values,
                &[
                    ("type", "\"game\"".to_string()),
                    ("game", r.game.to_string()),
                    ("seed", r.seed.to_string()),
                ],
            );
            s.push('\n');
        }
        let mut tail = vec![
            ("type", "\"summary\"".to_string()),
            ("rows", self.rows.len().to_string()),
        ];
        if self.stopped {
            tail.push(("stopped", "true".to_string()));
        }
        tail.push((
            "summary",
            output::json(&Dynamic::from_map(self.summary.clone())),
        ));
        output::write_map(&mut s, &Map::new(), &tail);
        s.push('\n');
        s
    }

    /// The rows as CSV: `game`, `seed`, then every key of the rows in
    /// order of first appearance.
    pub fn rows_csv(&self) -> String {
        let mut keys: Vec<String> = Vec::new();
        for r in &self.rows {
            for k in r.values.keys() {
                if !keys.iter().any(|x| x == k.as_str()) {
                    keys.push(k.to_string());
                }
            }
        }
        let mut s = String::from("game,seed");
        for k in &keys {
            s.push(',');
            s.push_str(&output::csv_cell(&Dynamic::from(k.clone())));
        }
        s.push('\n');
        for r in &self.rows {
            s.push_str(&format!("{},{}", r.game, r.seed));
            for k in &keys {
                s.push(',');
                if let Some(v) = r.values.get(k.as_str()) {
                    s.push_str(&output::csv_cell(v));
                }
            }
            s.push('\n');
        }
        s
    }

    /// The summary as CSV: `key,value`, nested keys joined by dots.
    pub fn summary_csv(&self) -> String {
        let mut pairs = Vec::new();
        output::flatten("", &Dynamic::from_map(self.summary.clone()), &mut pairs);
        let mut s = String::from("key,value\n");
        // The runner's own lines, unless the summary has its own under
        // the same name (the default summary counts `rows` itself).
        if !self.summary.contains_key("rows") {
            s.push_str(&format!("rows,{}\n", self.rows.len()));
        }
        if self.stopped && !self.summary.contains_key("stopped") {
            s.push_str("stopped,true\n");
        }
        for (k, v) in pairs {
            s.push_str(&format!(
                "{},{}\n",
                output::csv_cell(&Dynamic::from(k)),
                output::csv_cell(&v)
            ));
        }
        s
    }

    /// The summary, indented, for a terminal.
    pub fn summary_text(&self) -> String {
        output::pretty(&Dynamic::from_map(self.summary.clone()))
    }
}

fn json_str(s: &str) -> String {
    let mut out = String::new();
    output::quote(&mut out, s);
    out
}
