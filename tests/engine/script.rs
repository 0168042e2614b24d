//! The script bridge: a scripted piece's moves, captures and checks, and
//! the sandbox (every failure is a clear error naming the script, the
//! function and the line, and the position is kept).

use crate::kit::{after, position, scratch, sorted};
use changeling::movegen::{has_legal_move, in_check, legal_moves};
use changeling::notation::{parse_fen, to_fen, to_uci};
use changeling::rules::Rules;
use changeling::variants::{load, load_str};
use std::sync::Arc;

fn withdrawer() -> Arc<Rules> {
    load("tests/scripts/withdrawer.variant").unwrap()
}

/// The Withdrawer (`W`), Advancer (`V`) and Long Leaper (`L`) built in
/// (`capture = ...`): each test of the scripted pieces below holds for
/// them too.
fn built_in() -> Arc<Rules> {
    let text = "variant modes : chess {\n    piece withdrawer { letter = W betza = \"mQ\" capture = withdrawal }\n    piece advancer { letter = V betza = \"mQ\" capture = approach }\n    piece longleaper { letter = L betza = \"mQ\" capture = leap }\n    setup = \"4k3/8/8/8/8/8/8/3WKL2 w - - 0 1\"\n}\n";
    load_str("tests/scripts/modes.variant", text).unwrap()
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
    let pos = position(rules, fen);
    let from = rules.geometry().parse_square(from).unwrap();
    let mut v: Vec<String> = legal_moves(rules, &pos)
        .iter()
        .filter(|m| m.from == from)
        .map(|m| {
            let c = if m.captured.is_some() { "x" } else { "-" };
            format!("{c}{}", rules.geometry().name(m.to))
        })
        .collect();
    v.sort();
    v
}

#[test]
fn withdrawer_captures_by_moving_away() {
    for w in [withdrawer(), built_in()] {
        withdrawer_case(&w);
    }
}

fn withdrawer_case(w: &Arc<Rules>) {
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
    assert_eq!(moves_of(w, fen, "d4"), want);
    // Playing the capture to d1 removes d5 and moves the Withdrawer.
    let pos = parse_fen(w, fen).unwrap();
    let mv = legal_moves(w, &pos)
        .into_iter()
        .find(|m| to_uci(w, m) == "d4d1" && m.captured.is_some())
        .unwrap();
    let mut after = pos.clone();
    after.play_unchecked(w, &mv);
    assert_eq!(to_fen(w, &after), "4k3/8/5n2/8/8/8/1P6/3WK3 b - - 0 1");
    assert_eq!(after.hash(), after.compute_hash(w));
}

#[test]
fn scripted_attacks_give_check() {
    for w in [withdrawer(), built_in()] {
        withdrawer_checks(&w);
    }
}

fn withdrawer_checks(w: &Arc<Rules>) {
    // The Black king on e5 is next to the Withdrawer on d4, which can step
    // away to c3: check.
    let pos = parse_fen(w, "8/8/8/4k3/3W4/8/8/4K3 b - - 0 1").unwrap();
    assert!(in_check(w, &pos, changeling::Color::Black));
    // The king may not stay next to it (unless the square away is
    // blocked): its legal moves are exactly those leaving the
    // Withdrawer's neighbourhood or standing where it cannot withdraw.
    let mut kings: Vec<String> = legal_moves(w, &pos)
        .iter()
        .map(|m| w.geometry().name(m.to))
        .collect();
    kings.sort();
    // From e5: d6 e6 f6 f5 f4 e4 d5 (d4 is the Withdrawer, not
    // capturable by the king while... it is: capturing it is legal).
    // Neighbours of d4 among them: d5 (away square d3 empty: attacked),
    // e4 (c4 empty: attacked), e5 itself. So: d6 e6 f6 f5 f4 and xd4.
    assert_eq!(kings, ["d4", "d6", "e6", "f4", "f5", "f6"]);
    // With c3 occupied the Withdrawer cannot step away from e5: no check.
    let pos = parse_fen(w, "8/8/8/4k3/3W4/2P5/8/4K3 b - - 0 1").unwrap();
    assert!(!in_check(w, &pos, changeling::Color::Black));
}

fn failure(script: &str) -> changeling::script::ScriptError {
    let rules = with_script(script, "extra_moves").unwrap();
    let pos = parse_fen(&rules, rules.setup()).unwrap();
    let before = to_fen(&rules, &pos);
    let moves = legal_moves(&rules, &pos);
    // The native moves are still there; the position is untouched.
    assert!(moves.iter().any(|m| to_uci(&rules, m) == "d4d5"));
    assert_eq!(to_fen(&rules, &pos), before);
    let host = changeling::movegen::hooks(&rules).unwrap();
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
    assert!(e.contains("help: did you mean `extra_moves`?"), "{e}");
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
    assert!(chess.script().is_none());
}

fn rococo() -> Arc<Rules> {
    load("tests/scripts/rococo.variant").unwrap()
}

#[test]
fn advancer_captures_the_piece_it_stops_in_front_of() {
    for r in [rococo(), built_in()] {
        advancer_captures_the_piece_it_stops_in_front_of_in(&r);
    }
}

fn advancer_captures_the_piece_it_stops_in_front_of_in(r: &Arc<Rules>) {
    // Advancer d4; Black pawn d7, knight g4, king a8; own pawn b2.
    // Up: d5, then d6 in front of d7 (captures it). Right: e4, then f4 in
    // front of g4 (captures it). Everything else is a quiet queen move;
    // c3 stops before the own b2; h8 is empty.
    let fen = "k7/3p4/8/8/3V2n1/8/1P6/7K w - - 0 1";
    let want = sorted(
        "-d5 xd6 -e4 xf4 -c4 -b4 -a4 -d3 -d2 -d1 -e5 -f6 -g7 -h8 -c5 -b6 -a7 -e3 -f2 -g1 -c3",
    );
    assert_eq!(moves_of(r, fen, "d4"), want);
    assert_eq!(after(r, fen, "d4f4"), "k7/3p4/8/8/5V2/8/1P6/7K b - - 0 1");
    assert_eq!(after(r, fen, "d4d6"), "k7/8/3V4/8/6n1/8/1P6/7K b - - 0 1");
}

#[test]
fn long_leaper_captures_every_piece_it_jumps() {
    for r in [rococo(), built_in()] {
        long_leaper_captures_every_piece_it_jumps_in(&r);
    }
}

fn long_leaper_captures_every_piece_it_jumps_in(r: &Arc<Rules>) {
    // Long Leaper a1; Black pawns a3 a5, knight c1, pawns c3 d4 (two in a
    // row); own king h1; Black king h8. Up: a2, over a3 to a4, over a5 to
    // a6 a7 a8 (both captured). Right: b1, over c1 to d1..g1. Diagonal:
    // b2 only (c3 and d4 stand in a row).
    let fen = "7k/8/8/p7/3p4/p1p5/8/L1n4K w - - 0 1";
    let want = sorted("-a2 xa4 xa6 xa7 xa8 -b1 xd1 xe1 xf1 xg1 -b2");
    assert_eq!(moves_of(r, fen, "a1"), want);
    assert_eq!(after(r, fen, "a1a8"), "L6k/8/8/8/3p4/2p5/8/2n4K b - - 0 1");
}

#[test]
fn advancer_and_long_leaper_give_check() {
    for r in [rococo(), built_in()] {
        advancer_and_long_leaper_give_check_in(&r);
    }
}

fn advancer_and_long_leaper_give_check_in(r: &Arc<Rules>) {
    // The Advancer on a1 can stop on a7, in front of the king on a8.
    let pos = parse_fen(r, "k7/8/8/8/8/8/8/V6K b - - 0 1").unwrap();
    assert!(in_check(r, &pos, changeling::Color::Black));
    // Blocked on a4: no check.
    let pos = parse_fen(r, "k7/8/8/8/P7/8/8/V6K b - - 0 1").unwrap();
    assert!(!in_check(r, &pos, changeling::Color::Black));
    // The Long Leaper on a1 jumps the pawn on c3 along the long diagonal
    // and reaches the king on g7, with h8 empty behind it: check.
    let pos = parse_fen(r, "8/6k1/8/8/8/2p5/8/L6K b - - 0 1").unwrap();
    assert!(in_check(r, &pos, changeling::Color::Black));
    let mut kings: Vec<String> = legal_moves(r, &pos)
        .iter()
        .filter(|m| r.geometry().name(m.from) == "g7")
        .map(|m| r.geometry().name(m.to))
        .collect();
    kings.sort();
    // f6 (diagonal a1-h8, g7 empty behind it after the move): attacked.
    // h8 (on the diagonal, but nothing behind it): safe. The rest are off
    // the leaper's lines or have their square behind them occupied.
    assert_eq!(kings, ["f7", "f8", "g6", "g8", "h6", "h7", "h8"]);
}

#[test]
fn archer_shoots_without_moving() {
    let a = load("tests/scripts/archer.variant").unwrap();
    // Archer a1. Black pawn a3 (distance 2: always), knight e1 (distance
    // 4, spotted by the White king next to it on f1), rook d4 (distance
    // 3, nobody spots it: nothing of White's stands next to it or two
    // squares from it along a line), king h8. Quiet moves: a2; b1 c1 d1;
    // b2 c3.
    let fen = "7k/8/8/8/3r4/p7/8/A3nK2 w - - 0 1";
    let pos = parse_fen(&a, fen).unwrap();
    let from = a.geometry().parse_square("a1").unwrap();
    let moves: Vec<_> = legal_moves(&a, &pos)
        .into_iter()
        .filter(|m| m.from == from)
        .collect();
    let mut quiet: Vec<String> = moves
        .iter()
        .filter(|m| m.captured.is_none())
        .map(|m| a.geometry().name(m.to))
        .collect();
    quiet.sort();
    assert_eq!(quiet, ["a2", "b1", "b2", "c1", "c3", "d1"]);
    let mut shots: Vec<String> = moves
        .iter()
        .filter(|m| m.captured.is_some())
        .map(|m| {
            let mut next = pos.clone();
            next.play_unchecked(&a, m);
            to_fen(&a, &next)
        })
        .collect();
    shots.sort();
    // The archer stays on a1; the target is gone.
    assert_eq!(
        shots,
        [
            "7k/8/8/8/3r4/8/8/A3nK2 b - - 0 1",
            "7k/8/8/8/3r4/p7/8/A4K2 b - - 0 1",
        ]
    );
    // A long shot at a king needs a spotter: none, no check; with a rook
    // on b7 next to the king, check. (With the king two squares from d4
    // on f2 the rook above could be shot too: the king would spot it.)
    let pos = parse_fen(&a, "k7/8/8/8/8/8/8/A3K3 b - - 0 1").unwrap();
    assert!(!in_check(&a, &pos, changeling::Color::Black));
    let pos = parse_fen(&a, "k7/1R6/8/8/8/8/8/A3K3 b - - 0 1").unwrap();
    assert!(in_check(&a, &pos, changeling::Color::Black));
}

#[test]
fn filter_moves_and_after_move_hooks_shape_the_game() {
    let r = load("tests/scripts/hooks_test.variant").unwrap();
    // No capture available: all 20 opening moves stay.
    let start = parse_fen(&r, r.setup()).unwrap();
    assert_eq!(legal_moves(&r, &start).len(), 20);
    // The knight on f3 can take e5 (and only it captures): compulsory.
    let fen = "4k3/8/8/4p3/8/5N2/8/4K3 w - - 0 1";
    let pos = parse_fen(&r, fen).unwrap();
    let all: Vec<String> = legal_moves(&r, &pos)
        .iter()
        .map(|m| to_uci(&r, m))
        .collect();
    assert_eq!(
        all,
        ["f3e5"],
        "{:?}",
        changeling::movegen::hooks(&r).unwrap().take_error()
    );
    // The capturing knight becomes a queen, before the turn passes: the
    // queen on e5 now checks the king on e8.
    let next = after(&r, fen, "f3e5");
    assert_eq!(next, "4k3/8/8/4Q3/8/8/8/4K3 b - - 0 1");
    let pos = parse_fen(&r, &next).unwrap();
    assert!(in_check(&r, &pos, changeling::Color::Black));
    // perft counts every hook's work: 20 and 400 as in chess at depth 1
    // and 2 (no capture is possible so early).
    assert_eq!(changeling::movegen::perft(&r, &start, 2), 400);
}

#[test]
fn a_bad_after_move_is_an_error_and_adds_nothing() {
    let text = "variant s : chess {\n    script {\n        file = \"bad_after.rhai\"\n        hooks = [after_move]\n    }\n}\n";
    let r = load_str("tests/scripts/inline.variant", text).unwrap();
    let fen = "4k3/8/8/8/8/8/8/4K2R w - - 0 1";
    // The hook tries to move the rook onto the king's square: refused,
    // the move itself is played as it is.
    assert_eq!(after(&r, fen, "h1h5"), "4k3/8/8/7R/8/8/8/4K3 b - - 1 1");
    let e = changeling::movegen::hooks(&r)
        .unwrap()
        .take_error()
        .unwrap();
    assert_eq!(e.function, "after_move");
    assert!(
        e.to_string().starts_with("tests/scripts/bad_after.rhai:"),
        "{e}"
    );
    assert!(e.message.contains("occupied"), "{e}");
}

/// A fresh directory holding `files`, and the rules of a one-piece
/// variant (as in [`with_script`]) whose script is the first file, loaded
/// from there.
fn in_scratch(
    name: &str,
    files: &[(&str, &str)],
) -> (std::path::PathBuf, Result<Arc<Rules>, String>) {
    let dir = scratch(&format!("script-{name}"));
    for (file, text) in files {
        std::fs::write(dir.join(file), text).unwrap();
    }
    let text = format!(
        "variant s : chess {{\n    piece ghost {{ letter = G betza = \"W\" }}\n    script {{\n        file = \"{}\"\n        hooks = [extra_moves]\n        pieces = [ghost]\n    }}\n    setup = \"4k3/8/8/8/3G4/8/8/4K3 w - - 0 1\"\n}}\n",
        files[0].0
    );
    let path = dir.join("inline.variant");
    let rules = load_str(path.to_str().unwrap(), &text).map_err(|e| e.to_string());
    (dir, rules)
}

const HOOK: &str = "fn extra_moves(board, from) { [] }\n";

#[test]
fn imports_that_cycle_or_nest_too_deep_are_refused_by_name() {
    // A script importing itself used to recurse until the stack ran out.
    let (dir, rules) = in_scratch(
        "self",
        &[("me.rhai", &format!("import \"me\" as me;\n{HOOK}"))],
    );
    let me = dir.join("me.rhai").display().to_string();
    let e = rules.unwrap_err();
    assert!(
        e.contains(&format!(
            "error: {me}: import \"me\" in `{me}`: `{me}` imports itself ({me} -> {me})"
        )),
        "{e}"
    );
    // Through another script, and from inside a function.
    let (dir, rules) = in_scratch(
        "cycle",
        &[
            (
                "a.rhai",
                "fn extra_moves(board, from) { import \"b\" as b; [] }\n",
            ),
            ("b.rhai", "import \"a\" as a;\nfn f() { 1 }\n"),
        ],
    );
    let (a, b) = (
        dir.join("a.rhai").display().to_string(),
        dir.join("b.rhai").display().to_string(),
    );
    let e = rules.unwrap_err();
    assert!(
        e.contains(&format!(
            "error: {a}: import \"a\" in `{b}`: `{a}` imports itself ({a} -> {b} -> {a})"
        )),
        "{e}"
    );
    // A chain ten scripts long: deeper than 8.
    let mut files: Vec<(String, String)> =
        vec![("s0.rhai".into(), format!("import \"s1\" as n;\n{HOOK}"))];
    for i in 1..10 {
        files.push((
            format!("s{i}.rhai"),
            format!("import \"s{}\" as n;\nfn f() {{ {i} }}\n", i + 1),
        ));
    }
    files.push(("s10.rhai".into(), "fn f() { 10 }\n".into()));
    let refs: Vec<(&str, &str)> = files
        .iter()
        .map(|(a, b)| (a.as_str(), b.as_str()))
        .collect();
    let (dir, rules) = in_scratch("deep", &refs);
    let name = |i: usize| dir.join(format!("s{i}.rhai")).display().to_string();
    let chain: Vec<String> = (0..=9).map(name).collect();
    let e = rules.unwrap_err();
    assert!(
        e.contains(&format!(
            "error: {}: import \"s9\" in `{}`: imports nest more than 8 deep ({})",
            name(0),
            name(8),
            chain.join(" -> ")
        )),
        "{e}"
    );
    // Eight deep is allowed, and the imported functions work.
    files[8].1 = "fn f() { 8 }\n".into();
    let refs: Vec<(&str, &str)> = files
        .iter()
        .take(9)
        .map(|(a, b)| (a.as_str(), b.as_str()))
        .collect();
    let (_, rules) = in_scratch("eight", &refs);
    assert!(rules.is_ok(), "{:?}", rules.err());
}

#[test]
fn imports_read_only_scripts_beside_the_importer_or_in_the_library() {
    let secret = "TOP SECRET first line";
    for (import, why) in [
        (
            "/etc/passwd",
            "an absolute path; an import names a script beside the importing one or in the script library (`import \"advancer\"`)",
        ),
        (
            "../outside",
            "leaves the importing script's directory (`..`); an import names a script beside the importing one or in the script library",
        ),
        (
            "notes.txt",
            "not a Rhai script: only `.rhai` files can be imported",
        ),
        (
            "notes",
            "no `notes.rhai` beside it, under scripts/ or in the built-in library",
        ),
    ] {
        let (dir, rules) = in_scratch(
            "refused",
            &[
                ("main.rhai", &format!("import \"{import}\" as x;\n{HOOK}")),
                ("notes.txt", secret),
                ("notes", secret),
            ],
        );
        let main = dir.join("main.rhai").display().to_string();
        let e = rules.unwrap_err();
        assert!(
            e.contains(&format!(
                "error: {main}: import \"{import}\" in `{main}`: {why}"
            )),
            "{e}"
        );
        assert!(!e.contains("SECRET") && !e.contains("root:"), "{e}");
    }
    // A link beside the importer that leads out of its folder is
    // refused, and nothing of the file it leads to is shown.
    #[cfg(unix)]
    {
        let outside = std::env::temp_dir().join(format!(
            "changeling-script-{}-outside.txt",
            std::process::id()
        ));
        std::fs::write(&outside, "let hunter2_SECRET = 1;").unwrap();
        let (dir, _) = in_scratch("link", &[("main.rhai", HOOK)]);
        std::os::unix::fs::symlink(&outside, dir.join("leak.rhai")).unwrap();
        std::fs::write(
            dir.join("main.rhai"),
            format!("import \"leak\" as x;\n{HOOK}"),
        )
        .unwrap();
        let text = "variant s : chess {\n    piece ghost { letter = G betza = \"W\" }\n    script {\n        file = \"main.rhai\"\n        hooks = [extra_moves]\n        pieces = [ghost]\n    }\n    setup = \"4k3/8/8/8/3G4/8/8/4K3 w - - 0 1\"\n}\n";
        let path = dir.join("inline.variant");
        let e = load_str(path.to_str().unwrap(), text)
            .unwrap_err()
            .to_string();
        let leak = dir.join("leak.rhai").display().to_string();
        assert!(
            e.contains(&format!("`{leak}` is a link leading out of its folder")),
            "{e}"
        );
        assert!(!e.contains("SECRET"), "{e}");
        let _ = std::fs::remove_file(outside);
    }
    // A script beside the importer, and one of the library (embedded
    // when scripts/ holds no such file).
    let (_, rules) = in_scratch(
        "allowed",
        &[
            (
                "main.rhai",
                "fn extra_moves(board, from) {\n    import \"helper\" as h;\n    import \"advancer\" as a;\n    h::moves(board, from)\n}\n",
            ),
            (
                "helper.rhai",
                "fn moves(board, from) { [#{ to: board.offset(from, 1, 2) }] }\n",
            ),
        ],
    );
    let rules = rules.unwrap();
    assert_eq!(
        moves_of(&rules, rules.setup(), "d4"),
        ["-c4", "-d3", "-d5", "-e4", "-e6"]
    );
}

#[test]
fn a_runaway_hook_is_stopped_by_the_time_limit() {
    // Each step copies everything curried so far: 200,000 operations
    // would take minutes. The time limit ends the call after a second.
    let rules = with_script("curry.rhai", "extra_moves").unwrap();
    let pos = parse_fen(&rules, rules.setup()).unwrap();
    // The verdicts are the errors below, not the time taken, which the
    // machine's load decides.
    legal_moves(&rules, &pos);
    // The native moves are kept.
    assert_eq!(
        moves_of(&rules, rules.setup(), "d4"),
        ["-c4", "-d3", "-d5", "-e4"]
    );
    let host = changeling::movegen::hooks(&rules).unwrap();
    let _ = host.take_error();
    // Once out of time, the script is not called again.
    legal_moves(&rules, &pos);
    let e = host.take_error().unwrap();
    assert_eq!(
        e.to_string(),
        "tests/scripts/curry.rhai:3: in `extra_moves`: not called: an earlier call ran out of time (the time limit of one call is 1 s)"
    );
    let rules = with_script("curry.rhai", "extra_moves").unwrap();
    legal_moves(&rules, &pos);
    let e = changeling::movegen::hooks(&rules)
        .unwrap()
        .take_error()
        .unwrap();
    assert_eq!(
        (e.function.as_str(), e.message.as_str()),
        (
            "extra_moves",
            "ran out of time: the time limit of one call is 1 s (a runaway computation?)"
        )
    );
}

#[test]
fn the_same_move_returned_twice_is_one_move_and_a_hook_returns_at_most_1024() {
    // Fifty copies of the jump to e6 and a tagged one: one move, beside
    // the native ones.
    let rules = with_script("same_moves.rhai", "extra_moves").unwrap();
    assert_eq!(
        moves_of(&rules, rules.setup(), "d4"),
        ["-c4", "-d3", "-d5", "-e4", "-e6"]
    );
    assert!(
        changeling::movegen::hooks(&rules)
            .unwrap()
            .take_error()
            .is_none()
    );
    let e = failure("many_moves.rhai");
    assert_eq!(
        e.to_string(),
        "tests/scripts/many_moves.rhai: in `extra_moves`: returned 1025 moves for the piece on d4; one call may return at most 1024"
    );
}

#[test]
fn board_functions_answer_any_integer_without_overflow() {
    // Offsets and rays of any length, squares anywhere: off the board,
    // never a panic (overflow checks are on in tests). The script also
    // checks `board.direction` on the board: a wrong answer is an error.
    let rules = with_script("overflow.rhai", "extra_moves").unwrap();
    assert_eq!(
        moves_of(&rules, rules.setup(), "d4"),
        ["-c4", "-d3", "-d5", "-e4", "-e6"]
    );
    assert_eq!(
        changeling::movegen::hooks(&rules).unwrap().take_error(),
        None
    );
}

/// A scripted move that only does what the piece's own movement does is
/// that move, listed and counted once.
#[test]
fn a_scripted_step_the_piece_has_anyway_is_one_move() {
    let rules = load(&format!(
        "{}/tests/scripts/plain_step.variant",
        env!("CARGO_MANIFEST_DIR")
    ))
    .unwrap();
    let pos = parse_fen(&rules, rules.setup()).unwrap();
    let mut guard: Vec<String> = legal_moves(&rules, &pos)
        .iter()
        .filter(|m| rules.geometry().name(m.from) == "d4")
        .map(|m| to_uci(&rules, m))
        .collect();
    guard.sort();
    assert_eq!(guard, ["d4c4", "d4d3", "d4d5", "d4d6", "d4e4"]);
    assert_eq!(changeling::movegen::perft(&rules, &pos, 1), 10);
}

/// Whether a turn exists is asked of the unscripted pieces first, of the
/// scripts only where none of theirs is legal. The answer is the list's
/// where only a scripted piece can move, and where its moves are all
/// pinned.
#[test]
fn a_legal_turn_of_a_scripted_piece_alone_is_found() {
    let rules = load(&format!(
        "{}/tests/scripts/plain_step.variant",
        env!("CARGO_MANIFEST_DIR")
    ))
    .unwrap();
    // The queen on b3 holds a2, b1 and b2: the king on a1 cannot move,
    // the guard on e4 can (its wazir steps, and its scripted jump to e6).
    let guard = position(&rules, "7k/8/8/8/4G3/1q6/8/K7 w - - 0 1");
    assert!(has_legal_move(&rules, &guard));
    let mut moves: Vec<String> = legal_moves(&rules, &guard)
        .iter()
        .map(|m| to_uci(&rules, m))
        .collect();
    moves.sort();
    assert_eq!(moves, ["e4d4", "e4e3", "e4e5", "e4e6", "e4f4"]);
    // The bishop on a8 pins the guard on g2 to the king on h1, and the
    // knights hold g1 (from e2) and h2 (from f1): stalemate.
    let pinned = position(&rules, "b7/8/8/8/8/8/4n1G1/k4n1K w - - 0 1");
    assert!(!in_check(&rules, &pinned, changeling::Color::White));
    assert!(!has_legal_move(&rules, &pinned));
    assert!(legal_moves(&rules, &pinned).is_empty());
}

/// Hook answers are remembered with the squares the script read: one
/// position after another, each answer is the script's for that
/// position, never one kept from a position that differs in a square
/// the script looked at. The Withdrawer on d4 attacks the knight on d5
/// only while d3, where it steps away to, is empty; moving away down
/// the file captures it.
#[test]
fn remembered_answers_follow_the_squares_the_script_read() {
    let rules = withdrawer();
    let d5 = rules.geometry().parse_square("d5").unwrap();
    let open = "7k/8/8/3n4/3W4/8/8/4K3 w - - 0 1";
    let blocked = "7k/8/8/3n4/3W4/3P4/8/4K3 w - - 0 1";
    // h2 is a square the script never looks at here.
    let far = "7k/8/8/3n4/3W4/8/7P/4K3 w - - 0 1";
    let attacked = |fen: &str| {
        let pos = position(&rules, fen);
        changeling::movegen::is_attacked(&rules, &pos, d5, changeling::board::Color::White)
    };
    // The queen lines from d4 other than the d-file: up to h8's king,
    // and every square of the others.
    let lines = "-a1 -a4 -a7 -b2 -b4 -b6 -c3 -c4 -c5 -e3 -e4 -e5 -f2 -f4 -f6 -g1 -g4 -g7 -h4";
    let expect = |extra: &str| -> Vec<String> {
        let mut v: Vec<String> = format!("{lines} {extra}")
            .split_whitespace()
            .map(String::from)
            .collect();
        v.sort();
        v
    };
    for _ in 0..2 {
        assert!(attacked(open));
        assert!(!attacked(blocked));
        assert!(attacked(far));
        assert_eq!(moves_of(&rules, open, "d4"), expect("xd1 xd2 xd3"));
        assert_eq!(moves_of(&rules, blocked, "d4"), expect(""));
        assert_eq!(moves_of(&rules, far, "d4"), expect("xd1 xd2 xd3"));
    }
}

#[test]
fn sleep_is_refused_when_the_script_loads_and_when_called_by_name() {
    let e = with_script("sleep.rhai", "extra_moves").unwrap_err();
    assert!(
        e.contains("sleep.rhai:3: `sleep` is not available to scripts: it would hold up the command without doing any work"),
        "{e}"
    );
    let e = failure("sleep_by_name.rhai");
    assert_eq!(
        (e.line, e.message.as_str()),
        (
            3,
            "`sleep` is not available to scripts: it would hold up the command without doing any work"
        ),
        "{e}"
    );
}

#[test]
fn a_hook_failing_at_every_call_is_disabled_and_the_session_goes_on() {
    // Each call runs into the operations limit: the third failure
    // disables the hook, which is not called again.
    let rules = with_script("loop.rhai", "extra_moves").unwrap();
    let pos = parse_fen(&rules, rules.setup()).unwrap();
    let host = changeling::movegen::hooks(&rules).unwrap();
    let mut errors = Vec::new();
    for _ in 0..5 {
        let moves = legal_moves(&rules, &pos);
        // The native moves are kept every time.
        assert!(moves.iter().any(|m| to_uci(&rules, m) == "d4d5"));
        errors.push(host.take_error().unwrap().to_string());
    }
    let limit = "tests/scripts/loop.rhai:2: in `extra_moves`: Too many operations: one call may do at most 200000";
    assert_eq!(
        errors,
        [
            limit.to_string(),
            limit.to_string(),
            format!(
                "{limit}; `extra_moves` failed 3 times and is disabled for the rest of the session (fix the script and load the variant again)"
            ),
            "tests/scripts/loop.rhai:2: in `extra_moves`: not called: disabled after 3 failed calls (fix the script and load the variant again)".to_string(),
            "tests/scripts/loop.rhai:2: in `extra_moves`: not called: disabled after 3 failed calls (fix the script and load the variant again)".to_string(),
        ]
    );
    // A session on the variant answers and plays on.
    let mut s = changeling::repl::Session::on(changeling::session::Session::from_position(
        rules.clone(),
        pos,
        1,
    ));
    let reply = s.execute("d4d5");
    assert!(reply.text.starts_with("played Gd5\n"), "{}", reply.text);
    assert!(
        reply
            .text
            .contains("not called: disabled after 3 failed calls"),
        "{}",
        reply.text
    );
}

#[test]
fn the_hooks_of_one_command_share_a_budget_of_operations() {
    use changeling::script::ScriptHost;
    let chess = load("chess").unwrap();
    let source = std::fs::read_to_string("tests/scripts/busy.rhai").unwrap();
    let host = ScriptHost::load(
        "tests/scripts/busy.rhai",
        &source,
        &["filter_moves"],
        chess.clone(),
    )
    .unwrap();
    let pos = parse_fen(&chess, chess.setup()).unwrap();
    // Each call does a few thousand operations: a budget of 10,000 lets
    // a few calls through, then stops the command's calls.
    host.set_command_budget(10_000);
    let errors = |host: &ScriptHost| {
        (0..10)
            .map(|_| {
                let mut moves = legal_moves(&chess, &pos);
                host.filter_moves(&chess, &pos, &mut moves);
                // Stopped or not, the moves are all kept.
                assert_eq!(moves.len(), 20);
                host.take_error().map(|e| e.to_string())
            })
            .collect::<Vec<_>>()
    };
    let first = errors(&host);
    let ok = first.iter().take_while(|e| e.is_none()).count();
    assert!((1..10).contains(&ok), "{first:?}");
    assert_eq!(
        first[ok].as_deref(),
        Some(
            "tests/scripts/busy.rhai:3: in `filter_moves`: stopped: the script's hooks did 10000 operations in this command, the most one command allows; they are called again from the next command"
        )
    );
    for e in &first[ok + 1..] {
        assert_eq!(
            e.as_deref(),
            Some(
                "tests/scripts/busy.rhai:3: in `filter_moves`: not called: the script's hooks did 10000 operations in this command, the most one command allows; they are called again from the next command"
            )
        );
    }
    // Running out of the command's budget is not the hook's failure: the
    // next command calls it again, as many times.
    host.begin_command();
    assert_eq!(errors(&host), first);
}

#[test]
fn failures_on_the_engines_empty_boards_do_not_disable_a_hook() {
    // The engine rates the ghost by its moves on an empty board, where
    // this script fails at every square: those failures are not the
    // game's, and the hook stays.
    let rules = with_script("needs_king.rhai", "extra_moves").unwrap();
    let pos = parse_fen(&rules, rules.setup()).unwrap();
    let mut engine = changeling::search::Engine::with_options(
        rules.clone(),
        changeling::search::Options::default(),
    );
    engine.evaluate(&pos);
    let host = changeling::movegen::hooks(&rules).unwrap();
    let _ = host.take_error();
    legal_moves(&rules, &pos);
    assert_eq!(host.take_error(), None);
}

#[test]
fn a_script_error_is_reported_by_the_game_that_raised_it_only() {
    use std::sync::{Barrier, mpsc};
    // The ghost's script fails once the ghost stands on e4: one game
    // takes it there, the other to d5. Both share one compiled script.
    let text = "variant s : chess {\n    piece ghost { letter = G betza = \"W\" }\n    script {\n        file = \"ghost.rhai\"\n        hooks = [extra_moves]\n        pieces = [ghost]\n    }\n    setup = \"4k3/8/8/8/3G4/8/8/4K3 w - - 0 1\"\n}\n";
    let scripts = std::collections::BTreeMap::from([(
        "ghost.rhai".to_string(),
        "fn extra_moves(board, from) {\n    if from == 28 { throw \"the ghost reached e4\"; }\n    []\n}\n"
            .to_string(),
    )]);
    let rules = changeling::variants::load_text("s.variant", text, &scripts).unwrap();
    // The steps are ordered: the quiet game plays first, then the other
    // raises its error; the quiet one asks for its error first (where a
    // slot shared by both would hand it the other's), then the other.
    let played = Barrier::new(2);
    let raised = Barrier::new(2);
    let asked = Barrier::new(2);
    let (tell, heard) = mpsc::channel();
    std::thread::scope(|s| {
        for (name, first) in [("quiet", "d4d5"), ("failing", "d4e4")] {
            let (rules, tell) = (rules.clone(), tell.clone());
            let (played, raised, asked) = (&played, &raised, &asked);
            s.spawn(move || {
                let quiet = name == "quiet";
                let mut game = changeling::Game::new(rules, 1).unwrap();
                if !quiet {
                    played.wait();
                }
                game.play_text(first).unwrap();
                game.play_text("e8d8").unwrap();
                let moves = game.legal_moves().len();
                if quiet {
                    played.wait();
                }
                raised.wait();
                if !quiet {
                    asked.wait();
                }
                let error = game.take_script_error().map(|e| e.to_string());
                if quiet {
                    asked.wait();
                }
                tell.send((name, moves, error)).unwrap();
            });
        }
    });
    drop(tell);
    let mut reports: Vec<_> = heard.iter().collect();
    reports.sort();
    assert_eq!(
        reports,
        [
            (
                "failing",
                // The king's five and the ghost's four native steps.
                9,
                Some("ghost.rhai:2: in `extra_moves`: the ghost reached e4".to_string())
            ),
            ("quiet", 9, None),
        ]
    );
}
