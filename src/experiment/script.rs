//! The compiled experiment script: loading it under the run's limits,
//! calling `games()`, `play_game(i, seed)` and `summarize(rows)`, and
//! turning its errors into messages that name the script, line and
//! column.

use super::{
    DEFAULT_GAMES, ExperimentError, MAX_ARRAY_SIZE, MAX_CONDITION_KEYS, MAX_GAMES, MAX_MAP_SIZE,
    MAX_ROW_KEYS, MAX_STRING_SIZE, MAX_VALUE_DEPTH, Row, api, default_summary,
};
use rhai::{AST, Array, CallFnOptions, Dynamic, Engine, EvalAltResult, INT, Map, Scope};
use std::fmt;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};

/// What a script ended by the stop flag is terminated with.
const STOPPED: &str = "stopped";

/// Row keys the runner writes itself.
pub(super) const RESERVED: &[&str] = &["type", "game", "seed"];

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
    pub(super) shared: Arc<api::Shared>,
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
        let shared = Arc::new(api::Shared::new(stop.clone(), path));
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
        // `sleep` would hold a game up, deaf to the stop flag.
        crate::script::limits::forbid(&mut engine);
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

    /// The row keys whose values tell the run's conditions apart (the
    /// rows of the results table): what the script's `conditions()`
    /// returns, a key or an array of keys; none (one condition, every
    /// game) when it has no `conditions()`.
    ///
    /// # Errors
    ///
    /// `conditions()` fails, or returns something other than text or an
    /// array of at most [`MAX_CONDITION_KEYS`] texts.
    pub fn conditions(&self) -> Result<Vec<String>, ExperimentError> {
        if !self.defines("conditions", 0) {
            return Ok(Vec::new());
        }
        let value = on_script_stack(|| self.call("conditions", ()))
            .map_err(|e| self.error(&e, "in `conditions()`; nothing was written"))?;
        let bad = || {
            ExperimentError::new(format!(
                "{}: conditions() must return a row key or an array of at most {MAX_CONDITION_KEYS} row keys (text), not `{value}`",
                self.path
            ))
        };
        let keys: Vec<String> = if value.is_string() {
            vec![value.to_string()]
        } else {
            let list = value.read_lock::<Array>().ok_or_else(bad)?;
            if list.len() > MAX_CONDITION_KEYS || !list.iter().all(Dynamic::is_string) {
                return Err(bad());
            }
            list.iter().map(|k| k.to_string()).collect()
        };
        if let Some(k) = keys.iter().find(|k| RESERVED.contains(&k.as_str())) {
            return Err(ExperimentError::new(format!(
                "{}: conditions(): `{k}` is the runner's, not a row key of the script",
                self.path
            )));
        }
        Ok(keys)
    }

    /// Plays game `game`: the script's row for it. `Ok(None)` when the
    /// run was stopped meanwhile.
    ///
    /// # Errors
    ///
    /// The script fails or returns something other than a map.
    pub fn play_game(&self, game: u64, seed: u64) -> Result<Option<Row>, ExperimentError> {
        let args = (game as INT, seed as INT);
        let _ = api::take_played();
        let called = self.call("play_game", args);
        let played = api::take_played();
        let value = match called {
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
        if values.len() > MAX_ROW_KEYS {
            return Err(ExperimentError::new(format!(
                "{}: play_game({game}, {seed}) returned a row of {} keys; a row holds at most {MAX_ROW_KEYS} (put a long list under one key, as an array)",
                self.path,
                values.len()
            )));
        }
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
        Ok(Some(Row {
            game,
            seed,
            values,
            played,
        }))
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
pub(super) const SCRIPT_STACK: usize = 64 << 20;
/// Expression nesting, at global level and inside functions.
const MAX_EXPR_DEPTH: usize = 64;
/// Expression nesting inside functions.
const MAX_FUNCTION_EXPR_DEPTH: usize = 32;
/// Nested function calls (recursion included).
const MAX_CALL_LEVELS: usize = 64;

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
