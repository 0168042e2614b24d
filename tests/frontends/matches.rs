//! `changeling match`: the arbiter's results, colours alternated, an
//! external engine over UCI (changeling's own `uci`, and a script that
//! plays an illegal move), and the PGN of every game.

use crate::kit::scratch;
use std::path::Path;
use std::process::{Command, Output};

fn changeling(args: &[&str], dir: &Path) -> Output {
    Command::new(env!("CARGO_BIN_EXE_changeling"))
        .args(args)
        .current_dir(dir)
        .output()
        .unwrap()
}

fn stdout(out: &Output) -> String {
    assert!(
        out.status.success(),
        "failed: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout.clone()).unwrap()
}

#[test]
fn a_deeper_search_beats_a_shallow_one_with_both_colours() {
    let dir = scratch("match-self");
    let out = changeling(
        &[
            "match",
            "changeling:depth=3",
            "changeling:depth=1",
            "--games",
            "4",
            "--seed",
            "3",
            "--pgn",
            "games.pgn",
        ],
        &dir,
    );
    let text = stdout(&out);
    assert!(
        text.starts_with(
            "changeling:depth=3 against changeling:depth=1: +4 =0 -0 in 4 games, score 100.0%"
        ),
        "{text}"
    );
    let pgn = std::fs::read_to_string(dir.join("games.pgn")).unwrap();
    // Four games, the deeper engine White in rounds 1 and 3.
    assert_eq!(pgn.matches("[Event \"changeling match\"]").count(), 4);
    assert_eq!(pgn.matches("[White \"changeling:depth=3\"]").count(), 2);
    assert_eq!(pgn.matches("[Black \"changeling:depth=3\"]").count(), 2);
    // Each pair starts with the same eight random plies (four moves).
    let openings: Vec<String> = pgn
        .split("[Event ")
        .skip(1)
        .map(|g| {
            let moves = g.split("\n\n").nth(1).unwrap().replace('\n', " ");
            moves.split(" 5. ").next().unwrap().to_string()
        })
        .collect();
    assert_eq!(openings.len(), 4);
    assert!(openings[0].starts_with("1. "), "{openings:?}");
    assert_eq!(openings[0], openings[1]);
    assert_eq!(openings[2], openings[3]);
    assert_ne!(openings[0], openings[2]);
    // The games read back as records.
    for game in pgn.split("[Event ").skip(1) {
        let text = format!("[Event {game}");
        let g = changeling::record::read_pgn(&text, 0, changeling::record::Sources::default())
            .unwrap_or_else(|e| panic!("{e}\n{text}"));
        assert!(g.outcome().is_some(), "{text}");
    }
}

#[test]
fn an_external_uci_engine_plays_through_the_protocol() {
    // changeling's own UCI front end as the external engine: the same
    // engine on both sides, at the same depth, so the games are even.
    let dir = scratch("match-uci");
    let external = format!("uci:{} uci", env!("CARGO_BIN_EXE_changeling"));
    let out = changeling(
        &[
            "match",
            "changeling:depth=2",
            &external,
            "--depth",
            "2",
            "--games",
            "2",
            "--variant",
            "pocket-mutation",
            "--max-plies",
            "60",
            "--pgn",
            "games.pgn",
        ],
        &dir,
    );
    let text = stdout(&out);
    assert!(text.contains("in 2 games"), "{text}");
    let pgn = std::fs::read_to_string(dir.join("games.pgn")).unwrap();
    assert_eq!(pgn.matches("[Variant \"pocket-mutation\"]").count(), 2);
    assert!(pgn.contains("[White \"changeling:depth=2\"]"));
}

#[test]
fn an_external_xboard_engine_plays_through_the_protocol() {
    // changeling's own XBoard front end as the external engine, told the
    // depth by `sd`; the pairs' openings are given to it as moves.
    let dir = scratch("match-xboard");
    let external = format!("xboard:{} xboard", env!("CARGO_BIN_EXE_changeling"));
    let out = changeling(
        &[
            "match",
            "changeling:depth=1",
            &external,
            "--depth",
            "3",
            "--games",
            "2",
            "--max-plies",
            "80",
            "--pgn",
            "games.pgn",
        ],
        &dir,
    );
    let text = stdout(&out);
    assert!(text.contains("in 2 games"), "{text}");
    let pgn = std::fs::read_to_string(dir.join("games.pgn")).unwrap();
    assert!(!pgn.contains("forfeit"), "{pgn}");
    assert!(pgn.contains("[Black \"changeling:depth=1\"]"), "{pgn}");
}

/// A match of `games` games between changeling at depth 1 and a shell
/// script engine named `name` that answers the UCI handshake and says
/// `on_go` to each `go`, from the start, the games written to
/// `games.pgn` in a fresh folder: the folder and the output.
fn against_script_engine(name: &str, on_go: &str, games: &str) -> (std::path::PathBuf, Output) {
    let dir = scratch(&format!("match-script-{name}"));
    let script = dir.join(format!("{name}-engine.sh"));
    std::fs::write(
        &script,
        format!("#!/bin/sh\nwhile read line; do case \"$line\" in\n uci) echo 'id name {name}'; echo uciok;;\n isready) echo readyok;;\n go*) {on_go};;\n quit) exit 0;;\n esac; done\n"),
    )
    .unwrap();
    let engine = format!("uci:sh {}", script.display());
    let out = changeling(
        &[
            "match",
            "changeling:depth=1",
            &engine,
            "--games",
            games,
            "--opening-plies",
            "0",
            "--pgn",
            "games.pgn",
        ],
        &dir,
    );
    (dir, out)
}

#[test]
fn an_illegal_move_loses_and_is_recorded() {
    let (dir, out) = against_script_engine("bad", "echo 'bestmove e2e5'", "2");
    let text = stdout(&out);
    assert!(text.starts_with("changeling:depth=1 against "), "{text}");
    assert!(text.contains(": +2 =0 -0 in 2 games"), "{text}");
    let pgn = std::fs::read_to_string(dir.join("games.pgn")).unwrap();
    assert!(pgn.contains("[Termination \""), "{pgn}");
    assert!(pgn.contains("lost by forfeit"), "{pgn}");
}

#[test]
fn bad_engines_and_controls_are_refused() {
    let dir = scratch("match-bad");
    for (args, message) in [
        (
            vec!["match", "gnuchess", "changeling"],
            "`gnuchess` is not an engine",
        ),
        (
            vec!["match", "changeling", "changeling", "--tc", "x+1"],
            "--tc's base is a number of seconds",
        ),
        (
            vec!["match", "changeling", "uci:/no/such/engine"],
            "cannot start `/no/such/engine`",
        ),
    ] {
        let out = changeling(&args, &dir);
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(err.contains(message), "{args:?}: {err}");
    }
}

/// Two games against Fairy-Stockfish at a fixed depth in `variant`,
/// when `FAIRY_STOCKFISH` names its program: every move of either side
/// must pass the arbiter in the other's notation, so no game may end by
/// a forfeit or an illegal move.
fn against_fairy_stockfish(variant: &str) {
    let Some(program) = std::env::var_os("FAIRY_STOCKFISH") else {
        eprintln!("FAIRY_STOCKFISH is not set: the match in {variant} is skipped");
        return;
    };
    let dir = scratch(&format!("match-fsf-{variant}"));
    let engine = format!("uci:{}", program.to_string_lossy());
    let out = changeling(
        &[
            "match",
            "changeling:depth=2",
            &engine,
            "--depth",
            "2",
            "--games",
            "2",
            "--variant",
            variant,
            "--max-plies",
            "160",
            "--pgn",
            "games.pgn",
        ],
        &dir,
    );
    let text = stdout(&out);
    assert!(text.contains(": +"), "{text}");
    assert!(text.contains("in 2 games"), "{text}");
    let pgn = std::fs::read_to_string(dir.join("games.pgn")).unwrap();
    assert_eq!(pgn.matches("[Event ").count(), 2, "{pgn}");
    for bad in ["forfeit", "illegal", "did not answer", "ended"] {
        assert!(!pgn.contains(bad), "{variant}: `{bad}` in\n{pgn}");
    }
}

#[test]
fn fairy_stockfish_reads_and_writes_our_shogi_moves() {
    against_fairy_stockfish("shogi");
}

#[test]
fn fairy_stockfish_reads_and_writes_our_xiangqi_moves() {
    against_fairy_stockfish("xiangqi");
}

#[test]
fn fairy_stockfish_reads_and_writes_our_capablanca_moves() {
    against_fairy_stockfish("capablanca");
}

#[test]
fn fairy_stockfish_reads_and_writes_our_crazyhouse_moves() {
    against_fairy_stockfish("crazyhouse");
}

/// An engine that writes bytes that are not UTF-8 text when asked for a
/// move loses that game by forfeit, and only that game: the match goes
/// on to the next, where it forfeits again.
#[test]
fn an_engine_writing_what_is_not_text_forfeits_the_game_only() {
    let (dir, out) = against_script_engine("garbled", "printf 'info string \\377\\376\\n'", "4");
    let text = stdout(&out);
    assert!(text.contains(": +4 =0 -0 in 4 games"), "{text}");
    let pgn = std::fs::read_to_string(dir.join("games.pgn")).unwrap();
    assert_eq!(
        pgn.matches("lost by forfeit: garbled wrote a line that is not UTF-8 text")
            .count(),
        4,
        "{pgn}"
    );
}

#[test]
fn a_match_in_a_scripted_variant_reports_each_game_as_it_ends() {
    // Coordinator chess, whose Coordinator is a script: a line per game
    // on the terminal as it ends, then the score.
    let dir = scratch("match-coordinator");
    let variant = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/examples/variants/coordinator.variant"
    );
    let out = changeling(
        &[
            "match",
            "changeling",
            "changeling",
            "--variant",
            variant,
            "--games",
            "4",
            "--nodes",
            "400",
            "--max-plies",
            "60",
        ],
        &dir,
    );
    let text = stdout(&out);
    let progress = String::from_utf8_lossy(&out.stderr);
    for n in 1..=4 {
        assert!(
            progress.contains(&format!("game    {n}/4: first as ")),
            "{progress}"
        );
    }
    assert!(!progress.contains("script error"), "{progress}");
    assert!(
        text.starts_with("changeling against changeling: ") && text.contains(" in 4 games, "),
        "{text}"
    );
}
