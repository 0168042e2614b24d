//! The script bridge: a scripted piece's moves, captures and checks, and
//! the sandbox (every failure is a clear error naming the script, the
//! function and the line, and the position is kept).

use changeling::movegen::{in_check, legal_moves};
use changeling::notation::{parse_fen, to_fen, to_uci};
use changeling::rules::Rules;
use changeling::variants::{load, load_str};
use std::sync::Arc;

fn withdrawer() -> Arc<Rules> {
    load("tests/scripts/withdrawer.variant").unwrap()
}

/// A one-piece variant whose `extra_moves` (and maybe `attacks`) come
/// from `tests/scripts/SCRIPT`.
fn with_script(script: &str, hooks: &str) -> Result<Arc<Rules>, String> {
    let text = format!(
        "variant s : chess {{\n    piece ghost {{ letter = G betza = \"W\" }}\n    script {{\n        file = \"{script}\"\n        hooks = [{hooks}]\n        pieces = [ghost]\n    }}\n    setup = \"4k3/8/8/8/3G4/8/8/4K3 w - - 0 1\"\n}}\n"
    );
    load_str("tests/scripts/inline.variant", &text).map_err(|e| e.to_string())
}

fn moves_of(rules: &Rules, fen: &str, from: &str) -> Vec<String> {
    let pos = parse_fen(rules, fen).unwrap();
    let from = rules.geometry.parse_square(from).unwrap();
    let mut v: Vec<String> = legal_moves(rules, &pos)
        .iter()
        .filter(|m| m.from == from)
        .map(|m| {
            let c = if m.captured.is_some() { "x" } else { "-" };
            format!("{c}{}", rules.geometry.name(m.to))
        })
        .collect();
    v.sort();
    v
}

#[test]
fn withdrawer_captures_by_moving_away() {
    let w = withdrawer();
    // d4 Withdrawer, Black pawn d5 right above it, own pawn b2, Black
    // knight f6. Queen moves to empty squares: up is blocked by d5;
    // withdrawing straight down (d3 d2 d1) captures d5, compulsorily. No
    // other neighbour is an enemy.
    let fen = "4k3/8/5n2/3p4/3W4/8/1P6/4K3 w - - 0 1";
    let mut want: Vec<String> = [
        // quiet: left a4 b4 c4, right e4..h4, down d3 d2 d1, diagonals
        // c5 b6 a7, e5 (f6 knight stops the ray), c3 (own b2), e3 f2 g1.
        "-a4 -b4 -c4 -e4 -f4 -g4 -h4 -c5 -b6 -a7 -e5 -c3 -e3 -f2 -g1",
        // withdrawing from d5: d3 d2 d1 capture it.
        "xd3 xd2 xd1",
    ]
    .join(" ")
    .split_whitespace()
    .map(str::to_string)
    .collect();
    want.sort();
    assert_eq!(moves_of(&w, fen, "d4"), want);
    // Playing the capture to d1 removes d5 and moves the Withdrawer.
    let pos = parse_fen(&w, fen).unwrap();
    let mv = legal_moves(&w, &pos)
        .into_iter()
        .find(|m| to_uci(&w, m) == "d4d1" && m.captured.is_some())
        .unwrap();
    let mut after = pos.clone();
    after.play_unchecked(&w, &mv);
    assert_eq!(to_fen(&w, &after), "4k3/8/5n2/8/8/8/1P6/3WK3 b - - 0 1");
    assert_eq!(after.hash(), after.compute_hash(&w));
}

#[test]
fn scripted_attacks_give_check() {
    let w = withdrawer();
    // The Black king on e5 is next to the Withdrawer on d4, which can step
    // away to c3: check.
    let pos = parse_fen(&w, "8/8/8/4k3/3W4/8/8/4K3 b - - 0 1").unwrap();
    assert!(in_check(&w, &pos, changeling::Color::Black));
    // The king may not stay next to it (unless the square away is
    // blocked): its legal moves are exactly those leaving the
    // Withdrawer's neighbourhood or standing where it cannot withdraw.
    let mut kings: Vec<String> = legal_moves(&w, &pos)
        .iter()
        .map(|m| w.geometry.name(m.to))
        .collect();
    kings.sort();
    // From e5: d6 e6 f6 f5 f4 e4 d5 (d4 is the Withdrawer, not
    // capturable by the king while... it is: capturing it is legal).
    // Neighbours of d4 among them: d5 (away square d3 empty: attacked),
    // e4 (c4 empty: attacked), e5 itself. So: d6 e6 f6 f5 f4 and xd4.
    assert_eq!(kings, ["d4", "d6", "e6", "f4", "f5", "f6"]);
    // With c3 occupied the Withdrawer cannot step away from e5: no check.
    let pos = parse_fen(&w, "8/8/8/4k3/3W4/2P5/8/4K3 b - - 0 1").unwrap();
    assert!(!in_check(&w, &pos, changeling::Color::Black));
}

fn failure(script: &str) -> changeling::script::ScriptError {
    let rules = with_script(script, "extra_moves").unwrap();
    let pos = parse_fen(&rules, &rules.setup).unwrap();
    let before = to_fen(&rules, &pos);
    let moves = legal_moves(&rules, &pos);
    // The native moves are still there; the position is untouched.
    assert!(moves.iter().any(|m| to_uci(&rules, m) == "d4d5"));
    assert_eq!(to_fen(&rules, &pos), before);
    let host = rules.script.as_ref().unwrap();
    let e = host.take_error().expect("the failure is recorded");
    assert!(host.take_error().is_none(), "taken once");
    e
}

#[test]
fn runaway_and_failing_scripts_are_errors_with_file_function_and_line() {
    let e = failure("loop.rhai");
    assert_eq!(
        (e.file.as_str(), e.function.as_str()),
        ("tests/scripts/loop.rhai", "extra_moves")
    );
    assert!(e.message.contains("Too many operations"), "{e}");
    assert_eq!(e.line, 2, "{e}");
    let e = failure("recurse.rhai");
    assert!(
        e.message.contains("Too many levels of function calls")
            || e.message.contains("Stack overflow"),
        "{e}"
    );
    let e = failure("huge.rhai");
    assert!(e.message.contains("Size of array"), "{e}");
    // Limits carry no position: the line is the hook's definition.
    assert_eq!(e.line, 2, "{e}");
    let e = failure("type_error.rhai");
    assert!(e.message.contains("Function not found"), "{e}");
    assert_eq!(e.line, 3, "{e}");
    assert_eq!(
        e.to_string().split(": in ").next(),
        Some("tests/scripts/type_error.rhai:3")
    );
    let e = failure("garbage.rhai");
    assert!(e.message.contains("off the board"), "{e}");
}

#[test]
fn bad_hooks_are_refused_when_the_variant_loads() {
    let e = with_script("arity.rhai", "extra_moves, attacks").unwrap_err();
    assert!(
        e.contains("`attacks` takes 3 parameters (board, from, target), but the script's takes 2"),
        "{e}"
    );
    let e = with_script("loop.rhai", "extra_moves, attacks").unwrap_err();
    assert!(
        e.contains("the script has no function `attacks(board, from, target)`"),
        "{e}"
    );
    let e = with_script("loop.rhai", "extra_move").unwrap_err();
    assert!(e.contains("unknown hook `extra_move`"), "{e}");
    let e = with_script("undefined.rhai", "extra_moves").unwrap_err();
    assert!(
        e.contains("undefined.rhai:3: Undefined variable: destination"),
        "{e}"
    );
    let e = with_script("missing.rhai", "extra_moves").unwrap_err();
    assert!(e.contains("cannot read script `missing.rhai`"), "{e}");
}

#[test]
fn variants_without_scripts_never_call_one() {
    let chess = load("chess").unwrap();
    assert!(chess.script.is_none());
}
