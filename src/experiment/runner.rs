//! Playing a run: the games of a shard on worker threads, each game's
//! seed from the run's seed and its number alone, the rows kept in game
//! order, so that the bytes never depend on the threads.

use super::script::SCRIPT_STACK;
use super::{Experiment, ExperimentError, MAX_GAMES, Results, Row, Shard, game_seed};
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::mpsc;
use std::time::Duration;

/// The most worker threads a run starts.
const MAX_THREADS: usize = 256;

/// How a run goes.
#[derive(Clone, Copy, Debug)]
pub struct RunOptions {
    /// The run's seed.
    pub seed: u64,
    /// Worker threads (at least 1).
    pub threads: usize,
    /// Which games.
    pub shard: Shard,
    /// Plays this many games instead of the script's `games()`.
    pub games: Option<u64>,
}

/// Plays the run's games on `threads` threads. `progress(done, total)` is
/// called from this thread now and then. Stops early, keeping the rows so
/// far, when the experiment's stop flag is raised; stops at the first
/// script error (the one of the lowest game, whatever the threads).
///
/// # Errors
///
/// A script error.
pub fn run(
    exp: &Experiment,
    opts: &RunOptions,
    progress: &mut dyn FnMut(usize, usize),
) -> Result<Results, ExperimentError> {
    let games = match opts.games {
        Some(n) if n > MAX_GAMES => {
            return Err(ExperimentError::new(format!(
                "--games {n}: a run plays at most {MAX_GAMES} games (split a larger study into runs with different seeds)"
            )));
        }
        Some(n) => n,
        None => exp.games()?,
    };
    exp.shared.seed.store(opts.seed, Ordering::Relaxed);
    let todo: Vec<u64> = (0..games).filter(|&g| opts.shard.plays(g)).collect();
    // More threads than games, or than any machine has cores, only cost
    // stacks.
    let threads = opts.threads.clamp(1, MAX_THREADS).min(todo.len().max(1));
    let next = AtomicUsize::new(0);
    let failed = AtomicBool::new(false);
    let stop = &exp.shared.stop;
    let mut rows: Vec<Option<Row>> = vec![None; todo.len()];
    let mut errors: Vec<(u64, ExperimentError)> = Vec::new();
    let mut spawn_error = None;
    let (tx, rx) = mpsc::channel::<(usize, Result<Option<Row>, ExperimentError>)>();
    std::thread::scope(|scope| {
        for _ in 0..threads {
            let tx = tx.clone();
            let (todo, next, failed) = (&todo, &next, &failed);
            let worker = std::thread::Builder::new().stack_size(SCRIPT_STACK);
            let spawned = worker.spawn_scoped(scope, move || {
                loop {
                    let k = next.fetch_add(1, Ordering::Relaxed);
                    if k >= todo.len()
                        || stop.load(Ordering::Relaxed)
                        || failed.load(Ordering::Relaxed)
                    {
                        break;
                    }
                    let g = todo[k];
                    let seed = game_seed(opts.seed, g);
                    // An engine fault in one game is reported as an error
                    // of that game, not a crash of the run.
                    let r = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
                        exp.play_game(g, seed)
                    }))
                    .unwrap_or_else(|p| {
                        let why = p
                            .downcast_ref::<String>()
                            .map(String::as_str)
                            .or_else(|| p.downcast_ref::<&str>().copied())
                            .unwrap_or("a panic");
                        Err(ExperimentError::new(format!(
                            "{}: game {g} (seed {seed}): internal error: {why}",
                            exp.path
                        )))
                    });
                    if r.is_err() {
                        failed.store(true, Ordering::Relaxed);
                    }
                    if tx.send((k, r)).is_err() {
                        break;
                    }
                }
            });
            if let Err(e) = spawned {
                spawn_error.get_or_insert(e);
            }
        }
        drop(tx);
        let mut done = 0;
        progress(0, todo.len());
        loop {
            match rx.recv_timeout(Duration::from_millis(200)) {
                Ok((k, Ok(Some(row)))) => {
                    rows[k] = Some(row);
                    done += 1;
                }
                Ok((_, Ok(None))) => {}
                Ok((k, Err(e))) => errors.push((todo[k], e)),
                Err(mpsc::RecvTimeoutError::Timeout) => {}
                Err(mpsc::RecvTimeoutError::Disconnected) => break,
            }
            progress(done, todo.len());
        }
    });
    // A stop raised while the games were played ended them; the flag is
    // lowered so that the summary of the games played is made (a second
    // stop then ends the summary).
    stop.store(false, Ordering::Relaxed);
    if let Some(e) = spawn_error {
        return Err(ExperimentError::new(format!(
            "cannot start a worker thread: {e}"
        )));
    }
    if let Some((_, e)) = errors.into_iter().min_by_key(|(g, _)| *g) {
        return Err(e);
    }
    let stopped = rows.iter().any(Option::is_none);
    let rows: Vec<Row> = rows.into_iter().flatten().collect();
    let summary = exp.summarize(&rows)?;
    let conditions = exp.conditions()?;
    Ok(Results {
        script: exp.path.clone(),
        hash: exp.hash.clone(),
        seed: opts.seed,
        games,
        shard: opts.shard,
        rows,
        summary,
        conditions,
        stopped,
    })
}
