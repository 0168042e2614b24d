//! The Rhai bridge: variant scripts compiled once per load, called through
//! a fixed list of hooks ([`hooks`]) inside a sandbox ([`limits`]).
//!
//! Scripts see a read-only [`Board`] and return plain data (moves as maps),
//! which the engine checks and turns into effect lists. A hook that fails
//! (a runtime error, a limit, a malformed answer) yields nothing and
//! records a [`ScriptError`] naming the script, function and line; callers
//! collect it with [`ScriptHost::take_error`] (or
//! [`crate::Game::take_script_error`]). The position is never touched by
//! a script.
//!
//! The error is kept per thread: one compiled script shared by games on
//! several threads reports each error on the thread whose call raised
//! it, so that one game never hears of another's failure.

pub mod board;
/// The hooks a variant may declare (kept with the rules, which list
/// the declared ones).
pub use crate::rules::hooks;
pub mod imports;
pub mod limits;
mod memo;
mod read;

use crate::board::{Color, Square};
use crate::position::{Effect, Move, Position};
use crate::rules::Rules;
pub use board::Board;
use hooks::Hook;
use rhai::{AST, Array, CallFnOptions, Dynamic, Engine, INT, Scope};
use std::fmt;
use std::hash::BuildHasherDefault;

/// The script library (`scripts/`), built into the binary so that the
/// embedded variants that use it run anywhere; a file on disk of the same
/// name, beside the variant or under `scripts/`, is preferred.
pub const EMBEDDED_SCRIPTS: &[(&str, &str)] = &[
    ("advancer.rhai", include_str!("../../scripts/advancer.rhai")),
    ("archer.rhai", include_str!("../../scripts/archer.rhai")),
    (
        "berserker.rhai",
        include_str!("../../scripts/berserker.rhai"),
    ),
    (
        "coordinator.rhai",
        include_str!("../../scripts/coordinator.rhai"),
    ),
    (
        "chameleon.rhai",
        include_str!("../../scripts/chameleon.rhai"),
    ),
    (
        "long_leaper.rhai",
        include_str!("../../scripts/long_leaper.rhai"),
    ),
    ("jumper.rhai", include_str!("../../scripts/jumper.rhai")),
    ("maoking.rhai", include_str!("../../scripts/maoking.rhai")),
    ("oxybeles.rhai", include_str!("../../scripts/oxybeles.rhai")),
    ("pieces.rhai", include_str!("../../scripts/pieces.rhai")),
    ("rococo.rhai", include_str!("../../scripts/rococo.rhai")),
    ("secutor.rhai", include_str!("../../scripts/secutor.rhai")),
    ("swapper.rhai", include_str!("../../scripts/swapper.rhai")),
    (
        "withdrawer.rhai",
        include_str!("../../scripts/withdrawer.rhai"),
    ),
];

/// The text of an embedded script by file name (`pieces.rhai`).
pub fn embedded_script(name: &str) -> Option<&'static str> {
    EMBEDDED_SCRIPTS
        .iter()
        .find(|(n, _)| *n == name)
        .map(|(_, t)| *t)
}

use std::sync::atomic::{AtomicBool, AtomicU32, AtomicU64, Ordering};
use std::sync::{Arc, Mutex};

/// A script failure, with where it happened (the error the hooks keep).
pub use crate::movegen::HookError as ScriptError;

/// A variant's compiled script and the hooks it declared.
pub struct ScriptHost {
    engine: Engine,
    ast: AST,
    file: String,
    hooks: Vec<Hook>,
    /// The declared hooks, one bit per [`Hook::index`].
    declared: u32,
    /// The variant's rules without the script, for the board helpers (so
    /// that a helper never calls back into a hook).
    native: Arc<Rules>,
    /// The names of the position's script state, by slot (the variant's
    /// `state` list; `native` has no script, so the host keeps them).
    state: Arc<[String]>,
    /// Move tags (`tag` in a scripted move), interned: a tagged move's
    /// origin is `Origin::Tag` with the index here.
    tags: Mutex<Vec<String>>,
    /// The reasons `game_result` gave, interned: a result's goal is
    /// `Goal::Script` with the index here.
    reasons: Mutex<Vec<String>>,
    /// This host's number in the errors kept per thread ([`SLOTS`]).
    id: u64,
    /// Line of each hook's definition, for errors that carry no position
    /// (the operations limit).
    def_lines: Vec<(&'static str, usize)>,
    /// A call ran out of time ([`limits::MAX_CALL_TIME`]): the script is
    /// not called again.
    timed_out: AtomicBool,
    /// Failed calls of each hook (by its place in [`hooks::ALL`]): at
    /// [`limits::MAX_FAILURES`] the hook is not called again.
    failures: Vec<AtomicU32>,
    /// What each hook has cost (by its place in [`hooks::ALL`]).
    costs: Vec<Cost>,
    /// Operations the hooks did since the command began
    /// ([`ScriptHost::begin_command`]), against
    /// [`limits::MAX_COMMAND_OPERATIONS`].
    spent: AtomicU64,
    /// Whether the budget applies: from the first command a front end
    /// begins (a run of `perft` or a library call is not metered).
    metered: AtomicBool,
    /// The operations one command allows
    /// ([`limits::MAX_COMMAND_OPERATIONS`] unless set).
    budget: AtomicU64,
    /// This host's number in the remembered answers ([`memo`]); none
    /// where a square's contents are more than its cell (stacks), so
    /// that nothing is remembered.
    memo_id: Option<u32>,
}

/// One hook's questions, answers from memory, runs and their time.
#[derive(Debug, Default)]
struct Cost {
    asked: AtomicU64,
    remembered: AtomicU64,
    runs: AtomicU64,
    nanos: AtomicU64,
}

/// Numbers the hosts for the remembered answers.
static HOSTS: std::sync::atomic::AtomicU32 = std::sync::atomic::AtomicU32::new(0);

/// Numbers the hosts for the errors kept per thread.
static IDS: AtomicU64 = AtomicU64::new(0);

/// What a thread keeps about one host's calls on it.
#[derive(Debug, Default)]
struct Slot {
    /// The host's [`ScriptHost::id`].
    host: u64,
    /// The first error not yet taken.
    error: Option<ScriptError>,
    /// Asking about positions of no game ([`ScriptHost::set_probing`]).
    probing: bool,
}

std::thread_local! {
    /// Per thread, the hosts whose calls on it left something to keep:
    /// a handful at most, each removed once there is nothing to keep.
    static SLOTS: std::cell::RefCell<Vec<Slot>> = const { std::cell::RefCell::new(Vec::new()) };
}

impl fmt::Debug for ScriptHost {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("ScriptHost")
            .field("file", &self.file)
            .field(
                "hooks",
                &self.hooks.iter().map(|h| h.name).collect::<Vec<_>>(),
            )
            .finish_non_exhaustive()
    }
}

/// Why a script could not be loaded: each problem with a line when known.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LoadProblem {
    /// Line in the script (0: the script as a whole).
    pub line: usize,
    /// What is wrong.
    pub message: String,
}

fn engine() -> Engine {
    let mut e = Engine::new();
    e.set_optimization_level(rhai::OptimizationLevel::None);
    limits::apply(&mut e);
    board::register(&mut e);
    e
}

impl ScriptHost {
    /// Compiles `source` (read from `file`) and checks that every hook in
    /// `declared` exists with the right number of parameters; `native` is
    /// the variant's rules without the script, which the board helpers
    /// use.
    ///
    /// # Errors
    ///
    /// Syntax errors, undefined variables, unknown hook names and missing
    /// or mismatched hook functions, each with a line where known.
    pub fn load(
        file: &str,
        source: &str,
        declared: &[&str],
        native: Arc<Rules>,
    ) -> Result<ScriptHost, Vec<LoadProblem>> {
        ScriptHost::load_with(
            file,
            source,
            declared,
            native,
            crate::files::default_scripts(),
        )
    }

    /// Compiles `source` as [`ScriptHost::load`] does, its imports read
    /// from `scripts` (where `file` was found), then from the built-in
    /// library.
    ///
    /// # Errors
    ///
    /// As [`ScriptHost::load`].
    pub fn load_with(
        file: &str,
        source: &str,
        declared: &[&str],
        native: Arc<Rules>,
        scripts: Arc<dyn crate::files::ScriptSource>,
    ) -> Result<ScriptHost, Vec<LoadProblem>> {
        let mut engine = engine();
        // `print` and `debug` go to standard error, named, so that they
        // never mix with a front end's output.
        let name = file.to_string();
        engine.on_print(move |text| eprintln!("{name}: {text}"));
        let name = file.to_string();
        engine.on_debug(move |text, _, pos| match pos.line() {
            Some(line) => eprintln!("{name}:{line}: {text}"),
            None => eprintln!("{name}: {text}"),
        });
        // `import "name"` reads `name.rhai` beside the script, under
        // scripts/ or from the built-in library, once, while compiling;
        // the modules are embedded in the AST and the engine reads no file
        // afterwards.
        let compiled = limits::timed(|| imports::compile_with(&mut engine, file, source, scripts));
        let ast = compiled.map_err(|e| {
            vec![match e {
                imports::Failure::Syntax(e) => LoadProblem {
                    line: e.position().line().unwrap_or(0),
                    message: match &*e {
                        rhai::EvalAltResult::ErrorParsing(p, _) => p.to_string(),
                        rhai::EvalAltResult::ErrorTerminated(..) => out_of_time(),
                        other => other.to_string(),
                    },
                },
                imports::Failure::Import(message) | imports::Failure::Imported(message) => {
                    LoadProblem { line: 0, message }
                }
            }]
        })?;
        let mut problems = Vec::new();
        let mut hooks = Vec::new();
        for &name in declared {
            let Some(hook) = hooks::ALL.iter().find(|h| h.name == name) else {
                let known: Vec<&str> = hooks::ALL.iter().map(|h| h.name).collect();
                problems.push(LoadProblem {
                    line: 0,
                    message: format!("unknown hook `{name}` (hooks: {})", known.join(", ")),
                });
                continue;
            };
            let found: Vec<_> = ast.iter_functions().filter(|f| f.name == name).collect();
            if found.is_empty() {
                problems.push(LoadProblem {
                    line: 0,
                    message: format!(
                        "the script has no function `{name}({})`, which the variant declares",
                        hook.params.join(", ")
                    ),
                });
            } else if !found.iter().any(|f| f.params.len() == hook.params.len()) {
                problems.push(LoadProblem {
                    line: 0,
                    message: format!(
                        "`{name}` takes {} parameters ({}), but the script's takes {}",
                        hook.params.len(),
                        hook.params.join(", "),
                        found[0].params.len()
                    ),
                });
            } else {
                hooks.push(*hook);
            }
        }
        if !problems.is_empty() {
            return Err(problems);
        }
        let def_lines = hooks
            .iter()
            .map(|h| {
                let needle = format!("fn {}(", h.name);
                let line = source
                    .lines()
                    .position(|l| l.trim_start().starts_with(&needle))
                    .map_or(0, |i| i + 1);
                (h.name, line)
            })
            .collect();
        let memo_id = (native.capacity() <= 1).then(|| HOSTS.fetch_add(1, Ordering::Relaxed));
        Ok(ScriptHost {
            engine,
            ast,
            file: file.to_string(),
            declared: hooks.iter().fold(0, |m, h| m | 1 << h.index),
            hooks,
            native,
            state: Arc::new([]),
            tags: Mutex::new(Vec::new()),
            reasons: Mutex::new(Vec::new()),
            id: IDS.fetch_add(1, Ordering::Relaxed),
            def_lines,
            timed_out: AtomicBool::new(false),
            failures: hooks::ALL.iter().map(|_| AtomicU32::new(0)).collect(),
            costs: hooks::ALL.iter().map(|_| Cost::default()).collect(),
            spent: AtomicU64::new(0),
            budget: AtomicU64::new(limits::MAX_COMMAND_OPERATIONS),
            metered: AtomicBool::new(false),
            memo_id,
        })
    }

    /// Did the variant declare `hook`?
    pub fn has(&self, hook: Hook) -> bool {
        self.declared & (1 << hook.index) != 0
    }

    /// The first error a hook raised on this thread since the last
    /// call on this thread, if any. Calls on other threads keep theirs.
    pub fn take_error(&self) -> Option<ScriptError> {
        self.with_slot(|slot| slot.error.take())
    }

    /// Runs `f` on this thread's slot for this host, made when missing
    /// and dropped once it keeps nothing.
    fn with_slot<T>(&self, f: impl FnOnce(&mut Slot) -> T) -> T {
        SLOTS.with(|slots| {
            let mut slots = slots.borrow_mut();
            let i = match slots.iter().position(|s| s.host == self.id) {
                Some(i) => i,
                None => {
                    slots.push(Slot {
                        host: self.id,
                        ..Slot::default()
                    });
                    slots.len() - 1
                }
            };
            let answer = f(&mut slots[i]);
            if slots[i].error.is_none() && !slots[i].probing {
                slots.swap_remove(i);
            }
            answer
        })
    }

    /// Is this thread asking about positions of no game?
    fn probing(&self) -> bool {
        SLOTS.with(|slots| {
            slots
                .borrow()
                .iter()
                .any(|s| s.host == self.id && s.probing)
        })
    }

    /// A new command begins: the hooks may do
    /// [`limits::MAX_COMMAND_OPERATIONS`] again (disabled hooks stay
    /// disabled).
    pub fn begin_command(&self) {
        self.spent.store(0, Ordering::Relaxed);
        self.metered.store(true, Ordering::Relaxed);
    }

    /// Sets the operations one command allows (a front end may give
    /// less than [`limits::MAX_COMMAND_OPERATIONS`]).
    pub fn set_command_budget(&self, operations: u64) {
        self.budget.store(operations, Ordering::Relaxed);
        self.metered.store(true, Ordering::Relaxed);
    }

    fn failures(&self, hook: Hook) -> &AtomicU32 {
        let i = usize::from(hook.index);
        &self.failures[i]
    }

    /// While `on`, the hooks are asked on this thread about positions
    /// of no game (an empty board, to rate a piece): their failures do
    /// not count towards disabling them and are not kept as errors.
    pub fn set_probing(&self, on: bool) {
        self.with_slot(|slot| slot.probing = on);
    }

    /// Records a failed call of `hook`, which counts towards disabling it.
    fn fail(&self, hook: Hook, line: usize, message: String) {
        if self.probing() {
            return;
        }
        let n = self.failures(hook).fetch_add(1, Ordering::Relaxed) + 1;
        if n == limits::MAX_FAILURES {
            // The news that the hook is disabled replaces an earlier
            // error not yet reported.
            self.with_slot(|slot| slot.error = None);
            let message = format!(
                "{message}; `{}` failed {n} times and is disabled for the rest of the session (fix the script and load the variant again)",
                hook.name
            );
            self.record(hook, line, message);
        } else {
            self.record(hook, line, message);
        }
    }

    /// Keeps `message` as the error to report on this thread, unless
    /// one is kept (or the thread is probing).
    fn record(&self, hook: Hook, line: usize, message: String) {
        self.with_slot(|slot| {
            if slot.error.is_none() && !slot.probing {
                slot.error = Some(ScriptError {
                    file: self.file.clone(),
                    function: hook.name.to_string(),
                    line,
                    message,
                });
            }
        });
    }

    fn board(&self, pos: &Position) -> Board {
        Board::new(self.native.clone(), self.state.clone(), pos)
    }

    /// `hook`'s answer about the piece on `from` (and `target`): a
    /// remembered one that holds in `pos`, else the script's, called with
    /// the board, `from` and `target` (as far as the hook takes them),
    /// and remembered with what it read.
    fn ask(
        &self,
        hook: Hook,
        pos: &Position,
        from: Square,
        target: Option<Square>,
    ) -> Option<Dynamic> {
        // After a call ran out of time the script is not asked again,
        // and neither is what it answered before: `call` records why.
        let remembering = self
            .memo_id
            .filter(|_| !self.timed_out.load(Ordering::Relaxed));
        let question = remembering.map(|host| memo::Question {
            host,
            hook: hook.index,
            from,
            target,
            piece: pos.piece_at(from),
            mv: None,
        });
        let cost = self.cost(hook);
        cost.asked.fetch_add(1, Ordering::Relaxed);
        if let Some(q) = &question
            && let Some(answer) = memo::recall(q, pos)
        {
            cost.remembered.fetch_add(1, Ordering::Relaxed);
            return Some(answer);
        }
        let board = self.board(pos);
        let square = |s: Square| Dynamic::from(s.index() as INT);
        // The hook's own parameters: the board, then (where it has
        // them) the square asked about and the target.
        let mut args = vec![Dynamic::from(board.clone())];
        if hook.params.len() > 1 {
            args.push(square(from));
        }
        args.extend(target.map(square));
        let answer = self.call(hook, args)?;
        if let Some(q) = question {
            memo::remember(q, pos, board.reads(), &answer);
        }
        Some(answer)
    }

    /// The name of the tag numbered `number`, if there is one.
    pub fn tag(&self, number: u8) -> Option<String> {
        self.tags.lock().ok()?.get(usize::from(number)).cloned()
    }

    fn intern_tag(&self, tag: &str) -> Result<u8, String> {
        intern(&self.tags, tag, MAX_TAGS, "move tags").map(|i| i as u8)
    }

    /// What `hook` has cost so far.
    fn cost(&self, hook: Hook) -> &Cost {
        &self.costs[usize::from(hook.index)]
    }

    fn def_line(&self, hook: Hook) -> usize {
        self.def_lines
            .iter()
            .find(|d| d.0 == hook.name)
            .map_or(0, |d| d.1)
    }

    fn call(&self, hook: Hook, args: impl rhai::FuncArgs) -> Option<Dynamic> {
        if self.timed_out.load(Ordering::Relaxed) {
            let message = format!(
                "not called: an earlier call ran out of time ({})",
                time_limit()
            );
            self.record(hook, self.def_line(hook), message);
            return None;
        }
        let failed = self.failures(hook).load(Ordering::Relaxed);
        if failed >= limits::MAX_FAILURES {
            let message = format!(
                "not called: disabled after {failed} failed calls (fix the script and load the variant again)"
            );
            self.record(hook, self.def_line(hook), message);
            return None;
        }
        let spent = self.spent.load(Ordering::Relaxed);
        let budget = if self.metered.load(Ordering::Relaxed) {
            self.budget.load(Ordering::Relaxed)
        } else {
            u64::MAX
        };
        if spent >= budget {
            self.record(hook, self.def_line(hook), out_of_budget(true, budget));
            return None;
        }
        let mut scope = Scope::new();
        let options = CallFnOptions::new().eval_ast(false).rewind_scope(true);
        let started = crate::clock::Instant::now();
        let (result, done) = limits::metered(budget - spent, || {
            self.engine
                .call_fn_with_options::<Dynamic>(options, &mut scope, &self.ast, hook.name, args)
        });
        let cost = self.cost(hook);
        cost.runs.fetch_add(1, Ordering::Relaxed);
        let nanos = u64::try_from(started.elapsed().as_nanos()).unwrap_or(u64::MAX);
        cost.nanos.fetch_add(nanos, Ordering::Relaxed);
        self.spent.fetch_add(done, Ordering::Relaxed);
        match result {
            Ok(v) => Some(v),
            Err(e) => {
                // The innermost error says where it happened; the outer
                // ones wrap it in the calls that led there.
                let mut inner: &rhai::EvalAltResult = &e;
                let mut line = inner.position().line().unwrap_or(0);
                while let rhai::EvalAltResult::ErrorInFunctionCall(_, _, next, _) = inner {
                    inner = next;
                    line = inner.position().line().unwrap_or(line);
                }
                if line == 0 {
                    line = self.def_line(hook);
                }
                let message = match inner {
                    rhai::EvalAltResult::ErrorTerminated(why, _)
                        if why.to_string() == limits::OUT_OF_BUDGET =>
                    {
                        // The command's budget is spent, not the hook's
                        // fault: it is not counted against it.
                        self.record(hook, line, out_of_budget(false, budget));
                        return None;
                    }
                    rhai::EvalAltResult::ErrorTerminated(..) => {
                        self.timed_out.store(true, Ordering::Relaxed);
                        out_of_time()
                    }
                    rhai::EvalAltResult::ErrorRuntime(why, _) => why.to_string(),
                    other => limits::exceeded(other).unwrap_or_else(|| other.to_string()),
                };
                self.fail(hook, line, message);
                None
            }
        }
    }

    /// The extra moves of the piece on `from` (empty on failure, which is
    /// recorded).
    pub fn extra_moves(&self, rules: &Rules, pos: &Position, from: Square) -> Vec<Move> {
        let hook = hooks::EXTRA_MOVES;
        let Some(piece) = pos.piece_at(from) else {
            return Vec::new();
        };
        let Some(answer) = self.ask(hook, pos, from, None) else {
            return Vec::new();
        };
        let Some(list) = answer.try_cast::<Array>() else {
            self.fail(hook, 0, "must return an array of moves".to_string());
            return Vec::new();
        };
        if list.len() > limits::MAX_MOVES {
            self.fail(
                hook,
                0,
                format!(
                    "returned {} moves for the piece on {}; one call may return at most {}",
                    list.len(),
                    rules.geometry().name(from),
                    limits::MAX_MOVES
                ),
            );
            return Vec::new();
        }
        let mut out: Vec<Move> = Vec::new();
        // The same move (same effects, same choices) listed again is the
        // one move: tags and order do not make moves different.
        let mut seen: std::collections::HashSet<Move, BuildHasherDefault<crate::position::Mix>> =
            std::collections::HashSet::with_capacity_and_hasher(list.len(), Default::default());
        for item in list {
            match read::read_move(self, rules, pos, from, piece, item) {
                Ok(m) => {
                    if seen.insert(m) {
                        out.push(m);
                    }
                }
                Err(message) => {
                    self.fail(hook, 0, message);
                    return Vec::new();
                }
            }
        }
        out
    }

    /// Does the piece on `from` attack `target`? (False on failure, which
    /// is recorded.)
    pub fn attacks(&self, pos: &Position, from: Square, target: Square) -> bool {
        let hook = hooks::ATTACKS;
        match self.ask(hook, pos, from, Some(target)) {
            Some(v) => match v.as_bool() {
                Ok(b) => b,
                Err(t) => {
                    self.fail(hook, 0, format!("must return true or false, not {t}"));
                    false
                }
            },
            None => false,
        }
    }

    /// Keeps the moves of `moves` the script's `filter_moves` keeps. On
    /// failure (recorded) the moves are left as they are.
    pub fn filter_moves(&self, rules: &Rules, pos: &Position, moves: &mut Vec<Move>) {
        let hook = hooks::FILTER_MOVES;
        let board = self.board(pos);
        let list: Array = moves
            .iter()
            .enumerate()
            .map(|(i, m)| Dynamic::from(board::move_map(rules, m, i)))
            .collect();
        self.cost(hook).asked.fetch_add(1, Ordering::Relaxed);
        let Some(answer) = self.call(hook, (board, list)) else {
            return;
        };
        let Some(kept) = answer.try_cast::<Array>() else {
            self.fail(hook, 0, "must return an array of the moves it keeps".into());
            return;
        };
        let mut keep = vec![false; moves.len()];
        for item in kept {
            let index = item
                .clone()
                .try_cast::<rhai::Map>()
                .and_then(|m| m.get("index").and_then(|v| v.as_int().ok()))
                .or_else(|| item.as_int().ok());
            match index
                .and_then(|i| usize::try_from(i).ok())
                .filter(|&i| i < keep.len())
            {
                Some(i) => keep[i] = true,
                None => {
                    self.fail(
                        hook,
                        0,
                        "each kept item must be one of the moves it was given (or its `index`)"
                            .into(),
                    );
                    return;
                }
            }
        }
        let mut i = 0;
        moves.retain(|_| {
            i += 1;
            keep[i - 1]
        });
    }

    /// The result `game_result` declares in `pos`: the winner (`None`
    /// for a draw) and the number of its reason. `None` while the game
    /// goes on, and on failure (recorded), so a failing hook never ends
    /// a game.
    pub fn game_result(&self, pos: &Position) -> Option<(Option<Color>, u16)> {
        let hook = hooks::GAME_RESULT;
        let answer = self.ask(hook, pos, Square(0), None)?;
        if answer.is_unit() {
            return None;
        }
        match self.read_result(answer) {
            Ok(r) => Some(r),
            Err(why) => {
                self.fail(hook, 0, why);
                None
            }
        }
    }

    /// A `game_result` answer: `#{ winner, reason }`.
    fn read_result(&self, answer: Dynamic) -> Result<(Option<Color>, u16), String> {
        let shape = "must return () or a map `#{ winner: \"white\" | \"black\" | \"none\", reason: \"...\" }`";
        let Some(map) = answer.try_cast::<rhai::Map>() else {
            return Err(shape.to_string());
        };
        if let Some(key) = map
            .keys()
            .find(|k| !["winner", "reason"].contains(&k.as_str()))
        {
            return Err(format!("{shape}; `{key}` is not one of its keys"));
        }
        let text = |key: &str| {
            map.get(key)
                .and_then(|v| v.clone().into_string().ok())
                .ok_or_else(|| format!("{shape}; `{key}` is missing or not a string"))
        };
        let winner = match text("winner")?.as_str() {
            "white" => Some(Color::White),
            "black" => Some(Color::Black),
            "none" | "draw" => None,
            other => return Err(format!("{shape}; `winner` is \"{other}\"")),
        };
        let reason = text("reason")?;
        if reason.trim().is_empty() || reason.chars().count() > MAX_REASON {
            return Err(format!(
                "{shape}; `reason` must be 1 to {MAX_REASON} characters"
            ));
        }
        let i = intern(&self.reasons, &reason, MAX_REASONS, "reasons")?;
        Ok((winner, i as u16))
    }

    /// What each declared hook has cost so far, on every thread.
    pub fn costs(&self) -> Vec<crate::movegen::HookCost> {
        self.hooks
            .iter()
            .map(|h| {
                let c = self.cost(*h);
                crate::movegen::HookCost {
                    hook: h.name,
                    asked: c.asked.load(Ordering::Relaxed),
                    remembered: c.remembered.load(Ordering::Relaxed),
                    runs: c.runs.load(Ordering::Relaxed),
                    seconds: c.nanos.load(Ordering::Relaxed) as f64 / 1e9,
                }
            })
            .collect()
    }

    /// The reason numbered `number` that `game_result` gave.
    pub fn reason(&self, number: u16) -> Option<String> {
        self.reasons.lock().ok()?.get(usize::from(number)).cloned()
    }

    /// The effects `after_move` adds once `mv` has been played on `pos`
    /// (the position after the move, before the turn passes). Empty on
    /// failure, which is recorded.
    pub fn after_move(&self, rules: &Rules, pos: &Position, mv: &Move) -> Vec<Effect> {
        let hook = hooks::AFTER_MOVE;
        // Remembered like the other hooks' answers, by the move and what
        // the call read; the effects are kept as read, so a remembered
        // answer costs no script and no reading.
        let question = self
            .memo_id
            .filter(|_| !self.timed_out.load(Ordering::Relaxed))
            .map(|host| memo::Question {
                host,
                hook: hook.index,
                from: mv.from,
                target: Some(mv.to),
                piece: Some(mv.piece),
                mv: Some((*mv, mv.origin)),
            });
        let cost = self.cost(hook);
        cost.asked.fetch_add(1, Ordering::Relaxed);
        if let Some(q) = &question
            && let Some(effects) = memo::recall(q, pos).and_then(|a| a.try_cast::<Vec<Effect>>())
        {
            cost.remembered.fetch_add(1, Ordering::Relaxed);
            return effects;
        }
        let board = self.board(pos);
        let map = board::move_map(rules, mv, 0);
        let Some(answer) = self.call(hook, (board.clone(), map)) else {
            return Vec::new();
        };
        let Some(list) = answer.try_cast::<Array>() else {
            self.fail(hook, 0, "must return an array of effects".into());
            return Vec::new();
        };
        match read::read_effects(rules, pos, None, list) {
            Ok(effects) => {
                if let Some(q) = question {
                    // The effects were checked against the squares they
                    // name: the answer holds where those are the same.
                    for sq in effects.iter().flat_map(effect_squares) {
                        board.reads().square(sq);
                    }
                    memo::remember(q, pos, board.reads(), &Dynamic::from(effects.clone()));
                }
                effects
            }
            Err(message) => {
                self.fail(hook, 0, message);
                Vec::new()
            }
        }
    }
}

/// The squares a scripted effect names (those `read_effects` checks).
fn effect_squares(e: &Effect) -> Vec<Square> {
    match *e {
        Effect::MovePiece { from, to, .. } => vec![from, to],
        Effect::Swap(a, b) => vec![a, b],
        Effect::Capture { square, .. }
        | Effect::Remove { square, .. }
        | Effect::SetOwner { square, .. }
        | Effect::Transform { square, .. } => vec![square],
        _ => Vec::new(),
    }
}

impl Drop for ScriptHost {
    /// What this thread keeps for the host goes with it (other threads'
    /// slots go when those threads take them or end).
    fn drop(&mut self) {
        let id = self.id;
        let _ = SLOTS.try_with(|slots| {
            if let Ok(mut slots) = slots.try_borrow_mut() {
                slots.retain(|s| s.host != id);
            }
        });
    }
}

impl crate::movegen::Hooks for ScriptHost {
    fn has(&self, hook: Hook) -> bool {
        ScriptHost::has(self, hook)
    }

    fn extra_moves(&self, rules: &Rules, pos: &Position, from: Square) -> Vec<Move> {
        ScriptHost::extra_moves(self, rules, pos, from)
    }

    fn attacks(&self, pos: &Position, from: Square, target: Square) -> bool {
        ScriptHost::attacks(self, pos, from, target)
    }

    fn filter_moves(&self, rules: &Rules, pos: &Position, moves: &mut Vec<Move>) {
        ScriptHost::filter_moves(self, rules, pos, moves);
    }

    fn tag(&self, number: u8) -> Option<String> {
        ScriptHost::tag(self, number)
    }

    fn game_result(&self, pos: &Position) -> Option<(Option<Color>, u16)> {
        ScriptHost::game_result(self, pos)
    }

    fn reason(&self, number: u16) -> Option<String> {
        ScriptHost::reason(self, number)
    }

    fn costs(&self) -> Vec<crate::movegen::HookCost> {
        ScriptHost::costs(self)
    }

    fn take_error(&self) -> Option<ScriptError> {
        ScriptHost::take_error(self)
    }

    fn begin_command(&self) {
        ScriptHost::begin_command(self);
    }

    fn set_probing(&self, on: bool) {
        ScriptHost::set_probing(self, on);
    }
}

impl crate::position::AfterMove for ScriptHost {
    fn after_move(&self, rules: &Rules, pos: &Position, mv: &Move) -> Vec<Effect> {
        ScriptHost::after_move(self, rules, pos, mv)
    }
}

/// Installs `host` in `rules` as the hooks the lower layers ask: moves
/// and attacks always, `after_move` when the variant declares it.
pub fn install(rules: &mut Rules, mut host: ScriptHost) {
    if let Some(decl) = rules.script() {
        host.state = decl.state.clone().into();
    }
    let host = Arc::new(host);
    if host.has(hooks::AFTER_MOVE) {
        let after: Arc<dyn crate::position::AfterMove> = host.clone();
        rules.extensions_mut().insert(after);
    }
    let moves: Arc<dyn crate::movegen::Hooks> = host;
    rules.extensions_mut().insert(moves);
}

/// The time limit, as errors name it.
fn time_limit() -> String {
    format!(
        "the time limit of one call is {} s",
        limits::MAX_CALL_TIME.as_secs_f64()
    )
}

/// The message of a script stopped by the time limit.
fn out_of_time() -> String {
    format!("ran out of time: {} (a runaway computation?)", time_limit())
}

/// The message of a hook stopped (`before`: not called) because the
/// command's `budget` is spent.
fn out_of_budget(before: bool, budget: u64) -> String {
    let what = if before { "not called" } else { "stopped" };
    format!(
        "{what}: the script's hooks did {budget} operations in this command, the most one command allows; they are called again from the next command"
    )
}

/// The number of `text` in `table`, added the first time it is seen;
/// an error past `max` different ones (`what` names them).
fn intern(table: &Mutex<Vec<String>>, text: &str, max: usize, what: &str) -> Result<usize, String> {
    let mut table = table
        .lock()
        .map_err(|_| format!("the table of {what} is poisoned"))?;
    if let Some(i) = table.iter().position(|t| t == text) {
        return Ok(i);
    }
    if table.len() >= max {
        return Err(format!("more than {max} different {what}"));
    }
    table.push(text.to_string());
    Ok(table.len() - 1)
}

/// How many different move tags one variant's script may use.
pub const MAX_TAGS: usize = 50;

/// How many different reasons one variant's `game_result` may give.
pub const MAX_REASONS: usize = 256;

/// The longest reason `game_result` may give, in characters.
pub const MAX_REASON: usize = 200;
