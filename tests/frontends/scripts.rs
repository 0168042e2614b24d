//! Variant scripts seen through `changeling play`: what a script prints
//! stays off standard output (the game's), and a script listing one move
//! a thousand times gives that move once, at once.

use crate::kit::{play_session, scratch};
use std::path::{Path, PathBuf};

/// A fresh directory holding `script` as `piece.rhai` and a variant using
/// it for a Wazir-stepping ghost on d4.
fn ghost_dir(name: &str, script: &str) -> PathBuf {
    let dir = scratch(&format!("scripts-{name}"));
    std::fs::write(dir.join("piece.rhai"), script).unwrap();
    std::fs::write(
        dir.join("ghost.variant"),
        "variant ghost : chess {\n    piece ghost { letter = G betza = \"W\" }\n    script {\n        file = \"piece.rhai\"\n        hooks = [extra_moves]\n        pieces = [ghost]\n    }\n    setup = \"4k3/8/8/8/3G4/8/8/4K3 w - - 0 1\"\n}\n",
    )
    .unwrap();
    dir
}

/// `changeling play ghost.variant` in `dir` with `input`: standard
/// output and standard error.
fn play(dir: &Path, input: &str) -> (String, String) {
    let out = play_session(&["ghost.variant"], dir, input);
    assert!(out.status.success(), "{:?}", out.status);
    (
        String::from_utf8(out.stdout).unwrap(),
        String::from_utf8(out.stderr).unwrap(),
    )
}

#[test]
fn a_script_prints_to_standard_error_under_its_name() {
    let dir = ghost_dir(
        "print",
        "fn extra_moves(board, from) {\n    print(\"1-0 (checkmate)\");\n    debug(\"looked\");\n    []\n}\n",
    );
    let (out, err) = play(&dir, "moves\nquit\n");
    assert!(!out.contains("1-0"), "{out}");
    let mut lines: Vec<&str> = err.lines().collect();
    lines.sort();
    lines.dedup();
    assert_eq!(
        lines,
        ["piece.rhai: 1-0 (checkmate)", "piece.rhai:3: \"looked\""]
    );
}

#[test]
fn one_move_listed_a_thousand_times_is_listed_once() {
    let dir = ghost_dir(
        "same",
        "fn extra_moves(board, from) {\n    let moves = [];\n    for i in 0..1000 { moves.push(#{ to: board.offset(from, 1, 2) }); }\n    moves\n}\n",
    );
    let (out, err) = play(&dir, "moves\nquit\n");
    assert_eq!(err, "");
    assert!(out.contains("\nGd4: Gd5 Gd3 Ge4 Gc4 Ge6\n"), "{out}");
    assert!(out.contains("\n10 legal moves\n"), "{out}");
}
