//! Sandbox limits for variant scripts. Each number bounds one hook call;
//! a script that exceeds one fails with an error naming the limit, and the
//! game in progress is kept.
//!
//! The operation count bounds what a script does, the same on every
//! machine; [`MAX_CALL_TIME`] is a safety net under it, for the rare
//! operation whose own cost grows with the script's data (currying a
//! closure ever further): no script that keeps within the other limits
//! comes near it.

use crate::clock::{Duration, Instant};
use rhai::{Dynamic, Engine};
use std::cell::Cell;

/// Operations per hook call: generous for move generation on a 16x16
/// board (a few thousand squares looked at), small enough that an endless
/// loop fails in well under a second.
pub const MAX_OPERATIONS: u64 = 200_000;
/// Nested function calls: helpers calling helpers, not deep recursion.
pub const MAX_CALL_LEVELS: usize = 32;
/// Expression nesting depth, at global level and inside functions.
pub const MAX_EXPR_DEPTH: usize = 64;
/// Expression nesting inside functions.
pub const MAX_FUNCTION_EXPR_DEPTH: usize = 32;
/// Longest string: square names and messages, never text processing.
pub const MAX_STRING_SIZE: usize = 4_096;
/// Largest array: a move list on a 16x16 board fits with room to spare.
/// (Rhai counts nested arrays into the total.)
pub const MAX_ARRAY_SIZE: usize = 4_096;
/// Largest object map, counting the fields of every map nested in the
/// same value: the move list `filter_moves` receives (six fields a move)
/// fits for over a thousand moves.
pub const MAX_MAP_SIZE: usize = 8_192;

/// Moves one `extra_moves` call may return (a piece on a 16x16 board
/// reaches at most 255 squares).
pub const MAX_MOVES: usize = 1_024;
/// Imports nest at most this deep.
pub const MAX_IMPORT_DEPTH: usize = super::imports::MAX_IMPORT_DEPTH;
/// Wall-clock time one hook call (or the loading of a script) may take.
pub const MAX_CALL_TIME: Duration = Duration::from_secs(1);
/// Operations all the hook calls of one command may do together (a
/// front end's command: a line of the REPL, of UCI or of xboard; a game
/// of an experiment). Room for a deep search on a scripted variant; a
/// script failing at every call is disabled long before
/// ([`MAX_FAILURES`]). One-shot runs (`perft`, a library call) are not
/// metered: they do the work asked, and end.
pub const MAX_COMMAND_OPERATIONS: u64 = 2_000_000_000;
/// Failed calls (of any kind: a limit, a runtime error, a malformed
/// answer) after which a hook is disabled for the rest of the session.
pub const MAX_FAILURES: u32 = 3;

/// What a script stopped by [`MAX_CALL_TIME`] is terminated with.
pub(crate) const OUT_OF_TIME: &str = "out of time";
/// What a script stopped by the command's budget is terminated with.
pub(crate) const OUT_OF_BUDGET: &str = "out of budget";

thread_local! {
    /// When the script running on this thread must stop.
    static DEADLINE: Cell<Option<Instant>> = const { Cell::new(None) };
    /// Operations the call running on this thread may still do before
    /// the command's budget is spent.
    static ALLOWANCE: Cell<u64> = const { Cell::new(u64::MAX) };
    /// Operations the call running on this thread has done so far.
    static DONE: Cell<u64> = const { Cell::new(0) };
}

/// Runs `f` (which calls the script) with [`MAX_CALL_TIME`] to go.
pub(crate) fn timed<T>(f: impl FnOnce() -> T) -> T {
    metered(u64::MAX, f).0
}

/// Runs `f` (which calls the script) with [`MAX_CALL_TIME`] to go and at
/// most `allowance` operations; also how many operations it did.
pub(crate) fn metered<T>(allowance: u64, f: impl FnOnce() -> T) -> (T, u64) {
    let before = DEADLINE.with(|d| d.replace(Some(Instant::now() + MAX_CALL_TIME)));
    let allowed = ALLOWANCE.with(|a| a.replace(allowance));
    let done = DONE.with(|d| d.replace(0));
    let result = f();
    let spent = DONE.with(|d| d.replace(done));
    ALLOWANCE.with(|a| a.set(allowed));
    DEADLINE.with(|d| d.set(before));
    (result, spent)
}

/// Every eighth operation: counts the operations so far and stops the
/// script past the command's budget; every 64th, past its deadline too.
/// (Asking at every operation would slow every script down by half, and
/// reading the clock every eighth cost a short hook a tenth of its time;
/// the operations that outgrow the count grow with their data, so 56
/// more of them add little to a call already past its second.)
fn watch(operations: u64) -> Option<Dynamic> {
    if operations % 8 != 0 {
        return None;
    }
    DONE.with(|d| d.set(operations));
    if operations > ALLOWANCE.with(Cell::get) {
        return Some(Dynamic::from(OUT_OF_BUDGET));
    }
    if operations % 64 != 0 {
        return None;
    }
    let late = DEADLINE.with(|d| d.get().is_some_and(|t| Instant::now() >= t));
    late.then(|| Dynamic::from(OUT_OF_TIME))
}

/// Functions of Rhai's library no script may call: `sleep` waits
/// whatever the limits, which count operations.
pub const FORBIDDEN: &[&str] = &["sleep"];

/// Refuses a call of a [`FORBIDDEN`] function: when the script is
/// compiled (a syntax error at the call, saying why) and, for a call by
/// name (`call("sleep", 1)`), when it runs.
pub fn forbid(engine: &mut Engine) {
    for &name in FORBIDDEN {
        let why = format!(
            "`{name}` is not available to scripts: it would hold up the command without doing any work"
        );
        let at_compile = why.clone();
        engine.register_custom_syntax_with_state_raw(
            name,
            move |_, _, _| {
                Err(
                    rhai::LexError::ImproperSymbol(name.to_string(), at_compile.clone())
                        .into_err(rhai::Position::NONE),
                )
            },
            false,
            |_, _, _| Ok(Dynamic::UNIT),
        );
        let at_run = why.clone();
        engine.register_fn(
            name,
            move |_: rhai::INT| -> Result<(), Box<rhai::EvalAltResult>> {
                Err(at_run.clone().into())
            },
        );
        engine.register_fn(
            name,
            move |_: rhai::FLOAT| -> Result<(), Box<rhai::EvalAltResult>> {
                Err(why.clone().into())
            },
        );
    }
}

/// The message of a limit a script ran into, naming the limit; `None`
/// for any other error.
pub(crate) fn exceeded(e: &rhai::EvalAltResult) -> Option<String> {
    use rhai::EvalAltResult::{ErrorDataTooLarge, ErrorStackOverflow, ErrorTooManyOperations};
    Some(match e {
        ErrorTooManyOperations(_) => {
            format!("Too many operations: one call may do at most {MAX_OPERATIONS}")
        }
        ErrorStackOverflow(_) => {
            format!("Too many levels of function calls: at most {MAX_CALL_LEVELS}")
        }
        ErrorDataTooLarge(what, _) => {
            let limit = if what.starts_with("Length of string") {
                format!("a string holds at most {MAX_STRING_SIZE} bytes")
            } else if what.starts_with("Size of array") {
                format!("an array holds at most {MAX_ARRAY_SIZE} items")
            } else {
                format!("a map holds at most {MAX_MAP_SIZE} fields")
            };
            format!("{what} too large: {limit}, counting the values nested in it")
        }
        _ => return None,
    })
}

/// Applies every limit to `engine`, with strict variables (a misspelt
/// name fails when the script is loaded, not when it runs).
pub fn apply(engine: &mut Engine) {
    engine.set_max_operations(MAX_OPERATIONS);
    engine.set_max_call_levels(MAX_CALL_LEVELS);
    engine.set_max_expr_depths(MAX_EXPR_DEPTH, MAX_FUNCTION_EXPR_DEPTH);
    engine.set_max_string_size(MAX_STRING_SIZE);
    engine.set_max_array_size(MAX_ARRAY_SIZE);
    engine.set_max_map_size(MAX_MAP_SIZE);
    engine.set_strict_variables(true);
    engine.on_progress(watch);
    forbid(engine);
}
