//! Sandbox limits for variant scripts. Each number bounds one hook call;
//! a script that exceeds one fails with an error naming the limit, and the
//! game in progress is kept.

use rhai::Engine;

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
}
