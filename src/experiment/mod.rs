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
pub mod output;
pub mod players;
pub mod stats;

use rhai::{AST, Array, CallFnOptions, Dynamic, Engine, EvalAltResult, INT, Map, Scope};
use std::fmt;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex, mpsc};
use std::time::Duration;

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
/// How deep arrays and maps may nest in a row or a summary.
pub const MAX_VALUE_DEPTH: usize = 32;
/// What a script ended by the stop flag is terminated with.
const STOPPED: &str = "stopped";

/// Row keys the runner writes itself.
const RESERVED: &[&str] = &["type", "game", "seed"];

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

/// A 64-bit FNV-1a hash, to tell whether a script changed.
fn fnv(text: &str) -> u64 {
    text.bytes().fold(0xcbf2_9ce4_8422_2325, |h, b| {
        (h ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3)
    })
}

/// A compiled experiment script.
pub struct Experiment {
    engine: Engine,
    ast: AST,
    /// The script's path as given.
    pub path: String,
    /// Its text's hash, in hex.
    pub hash: String,
    shared: Arc<api::Shared>,
}

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

impl fmt::Debug for Experiment {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Experiment")
            .field("path", &self.path)
            .field("hash", &self.hash)
            .finish_non_exhaustive()
    }
}

impl Experiment {
    /// Reads and compiles the script at `path`; `stop` ends games in
    /// progress when raised.
    ///
    /// # Errors
    ///
    /// The file cannot be read, has a syntax error, or defines no
    /// `play_game(i, seed)`.
    pub fn load(path: &str, stop: Arc<AtomicBool>) -> Result<Experiment, ExperimentError> {
        let text =
            crate::files::read_text(std::path::Path::new(path), crate::files::MAX_SOURCE_BYTES)
                .map_err(|e| ExperimentError::new(e.to_string()))?;
        Experiment::compile(path, &text, stop)
    }

    /// Compiles `text` (named `path` in messages).
    ///
    /// # Errors
    ///
    /// A syntax error, or no `play_game(i, seed)`.
    pub fn compile(
        path: &str,
        text: &str,
        stop: Arc<AtomicBool>,
    ) -> Result<Experiment, ExperimentError> {
        let shared = Arc::new(api::Shared::new(stop.clone()));
        let mut engine = Engine::new();
        // The same limits in debug and release builds (Rhai's debug
        // defaults are lower); the script runs on threads with
        // [`SCRIPT_STACK`] bytes of stack, room for them.
        engine.set_max_expr_depths(MAX_EXPR_DEPTH, MAX_FUNCTION_EXPR_DEPTH);
        engine.set_max_call_levels(MAX_CALL_LEVELS);
        engine.set_max_string_size(MAX_STRING_SIZE);
        engine.set_max_array_size(MAX_ARRAY_SIZE);
        engine.set_max_map_size(MAX_MAP_SIZE);
        api::register(&mut engine, shared.clone());
        // A raised stop flag ends whatever script code runs: the top
        // level, `games()`, a game, `summarize(rows)`.
        let watch = shared.clone();
        engine.on_progress(move |_| {
            watch
                .stop
                .load(Ordering::Relaxed)
                .then(|| Dynamic::from(STOPPED))
        });
        let p = path.to_string();
        engine.on_print(move |s| {
            use std::io::Write as _;
            let _ = writeln!(std::io::stderr(), "{p}: {s}");
        });
        let p = path.to_string();
        engine.on_debug(move |s, _, pos| {
            use std::io::Write as _;
            let _ = writeln!(std::io::stderr(), "{p}:{}: {s}", pos.line().unwrap_or(0));
        });
        on_script_stack(move || {
            // Imports are resolved now, beside the script and in the
            // script library, and embedded.
            let ast = crate::script::imports::compile(&mut engine, path, text).map_err(|e| {
                use crate::script::imports::Failure;
                ExperimentError::new(match e {
                    Failure::Syntax(e) => {
                        let pos = e.position();
                        let what = match &*e {
                            EvalAltResult::ErrorParsing(p, _) => p.to_string(),
                            other => other.to_string(),
                        };
                        format!(
                            "{path}:{}:{}: syntax error: {what}",
                            pos.line().unwrap_or(0),
                            pos.position().unwrap_or(0),
                        )
                    }
                    Failure::Import(m) | Failure::Imported(m) => format!("{path}: {m}"),
                })
            })?;
            let exp = Experiment {
                engine,
                ast,
                path: path.to_string(),
                hash: format!("{:016x}", fnv(text)),
                shared,
            };
            if !exp.defines("play_game", 2) {
                return Err(ExperimentError::new(format!(
                    "{path}: the script defines no `fn play_game(i, seed)`, which plays game i and returns its row (a map)"
                )));
            }
            // Top-level statements run once, so that their errors show now.
            exp.engine
                .run_ast_with_scope(&mut Scope::new(), &exp.ast)
                .map_err(|e| {
                    exp.error(
                        &e,
                        "while running the script's top level; nothing was played",
                    )
                })?;
            Ok(exp)
        })
    }

    /// Calls the script's function `name` (its top level is not run
    /// again).
    fn call(&self, name: &str, args: impl rhai::FuncArgs) -> Result<Dynamic, Box<EvalAltResult>> {
        let options = CallFnOptions::new().eval_ast(false);
        self.engine
            .call_fn_with_options(options, &mut Scope::new(), &self.ast, name, args)
    }

    fn defines(&self, name: &str, params: usize) -> bool {
        self.ast
            .iter_functions()
            .any(|f| f.name == name && f.params.len() == params)
    }

    /// `path:line:col: message`, innermost first, then the calls that led
    /// there; for a script ended by the stop flag, that it stopped
    /// `during` what.
    fn error(&self, e: &EvalAltResult, during: &str) -> ExperimentError {
        let mut calls = Vec::new();
        let mut e = e;
        while let EvalAltResult::ErrorInFunctionCall(name, _, inner, pos) = e {
            let line = pos.line().unwrap_or(0);
            calls.push(if name.starts_with("anon$") {
                format!("  in a closure, called at line {line}")
            } else {
                format!("  in `{name}`, called at line {line}")
            });
            e = inner;
        }
        if let EvalAltResult::ErrorTerminated(..) = e {
            return ExperimentError {
                message: format!("{}: stopped {during}", self.path),
                stopped: true,
            };
        }
        let pos = e.position();
        let message = match e {
            EvalAltResult::ErrorRuntime(v, _) => v.to_string(),
            EvalAltResult::ErrorStackOverflow(_) => format!(
                "too many nested function calls (more than {MAX_CALL_LEVELS}: endless recursion?)"
            ),
            EvalAltResult::ErrorDataTooLarge(what, _) => too_large(what),
            other => {
                let text = other.to_string();
                let suffix = format!(" ({pos})");
                text.strip_suffix(&suffix).unwrap_or(&text).to_string()
            }
        };
        let mut text = match (pos.line(), pos.position()) {
            (Some(line), col) => format!("{}:{line}:{}: {message}", self.path, col.unwrap_or(1)),
            (None, _) => format!("{}: {message}", self.path),
        };
        for c in calls.iter().rev() {
            text.push('\n');
            text.push_str(c);
        }
        ExperimentError::new(text)
    }

    /// How many games the script asks for.
    ///
    /// # Errors
    ///
    /// `games()` fails or returns something other than a whole number.
    pub fn games(&self) -> Result<u64, ExperimentError> {
        if !self.defines("games", 0) {
            return Ok(DEFAULT_GAMES);
        }
        let n = on_script_stack(|| self.call("games", ()))
            .map_err(|e| self.error(&e, "in `games()`; nothing was played"))?;
        let n = n
            .as_int()
            .ok()
            .and_then(|n| u64::try_from(n).ok())
            .ok_or_else(|| {
                ExperimentError::new(format!(
                    "{}: games() must return a whole number, 0 or more, not `{n}`",
                    self.path
                ))
            })?;
        if n > MAX_GAMES {
            return Err(ExperimentError::new(format!(
                "{}: games() returned {n}, but a run plays at most {MAX_GAMES} games (split a larger study into runs with different seeds)",
                self.path
            )));
        }
        Ok(n)
    }

    /// Plays game `game`: the script's row for it. `Ok(None)` when the
    /// run was stopped meanwhile.
    ///
    /// # Errors
    ///
    /// The script fails or returns something other than a map.
    pub fn play_game(&self, game: u64, seed: u64) -> Result<Option<Row>, ExperimentError> {
        let args = (game as INT, seed as INT);
        let value = match self.call("play_game", args) {
            Ok(v) => v,
            Err(_) if self.shared.stop.load(Ordering::Relaxed) => return Ok(None),
            Err(e) => return Err(self.error(&e, "in `play_game`")),
        };
        let Some(values) = value.read_lock::<Map>().map(|m| m.clone()) else {
            return Err(ExperimentError::new(format!(
                "{}: play_game({game}, {seed}) returned {} `{value}`; it must return a map, e.g. #{{ result: r.result }}",
                self.path,
                value.type_name()
            )));
        };
        if let Some(k) = values.keys().find(|k| RESERVED.contains(&k.as_str())) {
            return Err(ExperimentError::new(format!(
                "{}: play_game's row has the key `{k}`, which the runner writes itself (keys it writes: {})",
                self.path,
                RESERVED.join(", ")
            )));
        }
        for (k, v) in &values {
            match unfit(v, 1) {
                Some(Unfit::Type(t)) => {
                    return Err(ExperimentError::new(format!(
                        "{}: play_game's row holds a {} under `{k}`; rows hold numbers, text, booleans, (), arrays and maps (write `r.result`, not `r`)",
                        self.path,
                        self.engine.map_type_name(t)
                    )));
                }
                Some(Unfit::Deep) => {
                    return Err(ExperimentError::new(format!(
                        "{}: play_game's row nests arrays or maps more than {MAX_VALUE_DEPTH} deep under `{k}`",
                        self.path
                    )));
                }
                None => {}
            }
        }
        // The row as it reads back from the output (a character is
        // text), so that a summary of read rows (`merge`) is the same.
        let values = values.into_iter().map(|(k, v)| (k, plain(v))).collect();
        Ok(Some(Row { game, seed, values }))
    }

    /// The summary of `rows`: the script's `summarize(rows)`, or the
    /// default one.
    ///
    /// # Errors
    ///
    /// `summarize` fails or returns something other than a map.
    pub fn summarize(&self, rows: &[Row]) -> Result<Map, ExperimentError> {
        let array: Array = rows
            .iter()
            .map(|r| Dynamic::from_map(r.values.clone()))
            .collect();
        if !self.defines("summarize", 1) {
            return Ok(default_summary(&array));
        }
        let value = on_script_stack(|| self.call("summarize", (array,))).map_err(|e| {
            self.error(
                &e,
                "in `summarize(rows)`, before the summary was made; nothing was written",
            )
        })?;
        if let Some(Unfit::Deep) = unfit(&value, 0) {
            return Err(ExperimentError::new(format!(
                "{}: summarize(rows) returned arrays or maps nested more than {MAX_VALUE_DEPTH} deep",
                self.path
            )));
        }
        value.read_lock::<Map>().map(|m| m.clone()).ok_or_else(|| {
            ExperimentError::new(format!(
                "{}: summarize(rows) must return a map, not {}",
                self.path,
                value.type_name()
            ))
        })
    }
}

/// Stack for the threads that run the script: Rhai's calls are deep in
/// debug builds, and the workers' default stack is 2 MiB.
const SCRIPT_STACK: usize = 64 << 20;
/// Expression nesting, at global level and inside functions.
const MAX_EXPR_DEPTH: usize = 64;
/// Expression nesting inside functions.
const MAX_FUNCTION_EXPR_DEPTH: usize = 32;
/// Nested function calls (recursion included).
const MAX_CALL_LEVELS: usize = 64;
/// The most worker threads a run starts.
const MAX_THREADS: usize = 256;

/// Runs `f` on a thread of [`SCRIPT_STACK`] bytes of stack (here if that
/// thread cannot be started).
fn on_script_stack<T: Send>(f: impl FnOnce() -> T + Send) -> T {
    let slot = Mutex::new(Some(f));
    let take = || slot.lock().ok().and_then(|mut f| f.take());
    let there = std::thread::scope(|scope| {
        let worker = std::thread::Builder::new().stack_size(SCRIPT_STACK);
        let handle = worker.spawn_scoped(scope, || take().map(|f| f())).ok()?;
        Some(
            handle
                .join()
                .unwrap_or_else(|p| std::panic::resume_unwind(p)),
        )
    });
    match there.flatten() {
        Some(value) => value,
        None => take().map(|f| f()).expect("the function runs once"),
    }
}

/// The message of a size limit, naming it.
fn too_large(what: &str) -> String {
    let limit = if what.starts_with("Length of string") {
        format!("a string holds at most {MAX_STRING_SIZE} bytes")
    } else if what.starts_with("Size of array") {
        format!("an array holds at most {MAX_ARRAY_SIZE} items")
    } else {
        format!("a map holds at most {MAX_MAP_SIZE} fields")
    };
    format!("{what} too large: {limit}, counting the values nested in it")
}

/// What keeps a value out of a row.
enum Unfit {
    /// A value of this type, which would not read back from the output.
    Type(&'static str),
    /// Arrays or maps nested more than [`MAX_VALUE_DEPTH`] deep.
    Deep,
}

/// Why `v`, at nesting level `depth`, cannot go into a row, if it cannot.
fn unfit(v: &Dynamic, depth: usize) -> Option<Unfit> {
    if v.is_unit() || v.is_int() || v.is_float() || v.is_bool() || v.is_string() || v.is_char() {
        None
    } else if let Some(a) = v.read_lock::<Array>() {
        if depth >= MAX_VALUE_DEPTH {
            return Some(Unfit::Deep);
        }
        a.iter().find_map(|x| unfit(x, depth + 1))
    } else if let Some(m) = v.read_lock::<Map>() {
        if depth >= MAX_VALUE_DEPTH {
            return Some(Unfit::Deep);
        }
        m.values().find_map(|x| unfit(x, depth + 1))
    } else {
        Some(Unfit::Type(v.type_name()))
    }
}

/// `v` with every character turned into text, as JSON writes it.
fn plain(v: Dynamic) -> Dynamic {
    let v = v.flatten();
    if v.is_char() {
        Dynamic::from(v.to_string())
    } else if v.is_array() {
        let a = v.into_array().unwrap_or_default();
        Dynamic::from_array(a.into_iter().map(plain).collect())
    } else if v.is_map() {
        let m = v.try_cast::<Map>().unwrap_or_default();
        Dynamic::from_map(m.into_iter().map(|(k, x)| (k, plain(x))).collect())
    } else {
        v
    }
}

/// Without `summarize`: the number of rows, win/draw/loss of a `result`
/// column, the mean of every numeric column and the counts of every other.
pub fn default_summary(rows: &Array) -> Map {
    let mut keys: Vec<String> = Vec::new();
    for r in rows {
        if let Some(m) = r.read_lock::<Map>() {
            for k in m.keys() {
                if !keys.iter().any(|x| x == k.as_str()) {
                    keys.push(k.to_string());
                }
            }
        }
    }
    keys.sort();
    let mut summary = Map::new();
    summary.insert("rows".into(), Dynamic::from_int(rows.len() as INT));
    let column = |k: &str| -> Array {
        rows.iter()
            .filter_map(|r| r.read_lock::<Map>().and_then(|m| m.get(k).cloned()))
            .collect()
    };
    for k in keys {
        let values = column(&k);
        let numeric = values.iter().all(|v| v.is_int() || v.is_float());
        let entry = if k == "result" {
            Dynamic::from_map(stats::wdl(values))
        } else if numeric {
            stats::mean(values).unwrap_or(Dynamic::UNIT)
        } else {
            let mut counts = Map::new();
            for v in values.iter().filter(|v| !v.is_map() && !v.is_array()) {
                let key = if v.is_unit() {
                    "null".to_string()
                } else {
                    v.to_string()
                };
                let c = counts.entry(key.into()).or_insert(Dynamic::from_int(0));
                *c = Dynamic::from_int(c.as_int().unwrap_or(0) + 1);
            }
            Dynamic::from_map(counts)
        };
        summary.insert(k.into(), entry);
    }
    summary
}

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
    Ok(Results {
        script: exp.path.clone(),
        hash: exp.hash.clone(),
        seed: opts.seed,
        games,
        shard: opts.shard,
        rows,
        summary,
        stopped,
    })
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
                let shard = match map.get("shard") {
                    None => Shard::ALL,
                    Some(s) => Shard::parse(&s.to_string()).map_err(|e| err(n, &e))?,
                };
                part = Some(Part {
                    file: file.to_string(),
                    script: get("script").to_string(),
                    hash: get("script_hash").to_string(),
                    seed: int("seed")?,
                    games: int("games")?,
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
                p.rows.push(Row { game, seed, values });
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
    Ok(Results {
        script: first.script.clone(),
        hash: first.hash.clone(),
        seed: first.seed,
        games: first.games,
        shard: Shard::ALL,
        rows,
        summary,
        stopped,
    })
}
