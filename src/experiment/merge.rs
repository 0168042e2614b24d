//! `merge`: the outputs of a run's shards read back and summarized as
//! the whole run.

use super::results::Head;
use super::script::RESERVED;
use super::{Experiment, ExperimentError, Results, Row, Shard, output};
use rhai::Dynamic;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};

/// One output file of a run, read back.
struct Part {
    file: String,
    script: String,
    hash: String,
    seed: u64,
    games: u64,
    shard: Shard,
    rows: Vec<Row>,
}

fn read_part(file: &str, text: &str) -> Result<Part, ExperimentError> {
    let err = |line: usize, why: &str| ExperimentError::new(format!("{file}:{line}: {why}"));
    let mut part: Option<Part> = None;
    for (n, line) in text.lines().enumerate() {
        let n = n + 1;
        if line.trim().is_empty() {
            continue;
        }
        let map =
            output::parse_object(line).map_err(|e| err(n, &format!("not a JSON object: {e}")))?;
        let get = |k: &str| map.get(k).cloned().unwrap_or(Dynamic::UNIT);
        let int = |k: &str| {
            get(k)
                .as_int()
                .ok()
                .and_then(|i| u64::try_from(i).ok())
                .ok_or_else(|| err(n, &format!("`{k}` is missing or not a whole number")))
        };
        match get("type").to_string().as_str() {
            "run" => {
                if part.is_some() {
                    return Err(err(n, "a second `run` line"));
                }
                let head: Head = serde_json::from_str(line)
                    .map_err(|e| err(n, &format!("not a `run` line: {e}")))?;
                let shard = match &head.shard {
                    None => Shard::ALL,
                    Some(s) => Shard::parse(s).map_err(|e| err(n, &e))?,
                };
                part = Some(Part {
                    file: file.to_string(),
                    script: head.script,
                    hash: head.script_hash,
                    seed: head.seed,
                    games: head.games,
                    shard,
                    rows: Vec::new(),
                });
            }
            "game" => {
                let p = part
                    .as_mut()
                    .ok_or_else(|| err(n, "a game before the `run` line"))?;
                let (game, seed) = (int("game")?, int("seed")?);
                let mut values = map.clone();
                for k in RESERVED {
                    values.remove(*k);
                }
                p.rows.push(Row {
                    game,
                    seed,
                    values,
                    played: None,
                });
            }
            "summary" => {}
            other => {
                return Err(err(
                    n,
                    &format!("unknown line type `{other}` (expected run, game or summary)"),
                ));
            }
        }
    }
    part.ok_or_else(|| {
        ExperimentError::new(format!(
            "{file}: no `run` line: not the JSON Lines output of `changeling run` (merge reads .jsonl outputs, not CSV)"
        ))
    })
}

/// Merges the outputs of a run's shards (JSON Lines texts, with their
/// file names) into the results of the whole run, summarized by the
/// script (`script`, or the one each output names).
///
/// # Errors
///
/// An unreadable output, outputs of different runs, a shard missing or
/// given twice, or a script that changed since.
pub fn merge(parts: &[(String, String)], script: Option<&str>) -> Result<Results, ExperimentError> {
    if parts.is_empty() {
        return Err(ExperimentError::new(
            "merge needs the outputs of a run's shards".to_string(),
        ));
    }
    let parts: Vec<Part> = parts
        .iter()
        .map(|(f, t)| read_part(f, t))
        .collect::<Result<_, _>>()?;
    let first = &parts[0];
    for p in &parts[1..] {
        if (p.hash.as_str(), p.seed, p.games, p.shard.count)
            != (
                first.hash.as_str(),
                first.seed,
                first.games,
                first.shard.count,
            )
        {
            return Err(ExperimentError::new(format!(
                "{} and {} are not shards of one run: script {} / {}, seed {} / {}, games {} / {}, shards of {} / {}",
                first.file,
                p.file,
                first.hash,
                p.hash,
                first.seed,
                p.seed,
                first.games,
                p.games,
                first.shard.count,
                p.shard.count
            )));
        }
    }
    let count = first.shard.count;
    for i in 1..=count {
        let with: Vec<&str> = parts
            .iter()
            .filter(|p| p.shard.index == i)
            .map(|p| p.file.as_str())
            .collect();
        match with.len() {
            1 => {}
            0 => {
                return Err(ExperimentError::new(format!(
                    "shard {i}/{count} is missing"
                )));
            }
            _ => {
                return Err(ExperimentError::new(format!(
                    "shard {i}/{count} is given twice: {}",
                    with.join(", ")
                )));
            }
        }
    }
    let path = script.unwrap_or(&first.script);
    let exp = Experiment::load(path, Arc::new(AtomicBool::new(false)))?;
    exp.shared.seed.store(first.seed, Ordering::Relaxed);
    if exp.hash != first.hash {
        return Err(ExperimentError::new(format!(
            "{path} has changed since the run (hash {} now, {} then): its summary could differ",
            exp.hash, first.hash
        )));
    }
    let mut rows: Vec<Row> = parts.iter().flat_map(|p| p.rows.iter().cloned()).collect();
    rows.sort_by_key(|r| r.game);
    let stopped = rows.len() as u64 != first.games;
    let summary = exp.summarize(&rows)?;
    let conditions = exp.conditions()?;
    Ok(Results {
        script: first.script.clone(),
        hash: first.hash.clone(),
        seed: first.seed,
        games: first.games,
        shard: Shard::ALL,
        rows,
        summary,
        conditions,
        stopped,
    })
}
