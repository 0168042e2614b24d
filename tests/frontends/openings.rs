//! `changeling openings`: a book of positions close to level, the same
//! on every run, each a position the variant reads and plays on.

use crate::kit::scratch;
use changeling::session::{Session, Start, VariantSource};
use std::process::{Command, Output};

fn openings(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_changeling"))
        .arg("openings")
        .args(args)
        .current_dir(scratch("openings"))
        .output()
        .unwrap()
}

/// The book's positions and scores.
fn book(out: &Output) -> Vec<(String, i32)> {
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout.clone())
        .unwrap()
        .lines()
        .map(|line| {
            let (fen, score) = line.split_once(" ; cp ").expect("FEN ; cp SCORE");
            (fen.to_string(), score.parse().unwrap())
        })
        .collect()
}

#[test]
fn a_book_is_the_same_every_run_and_every_position_plays_on() {
    for variant in ["chess", "mutatis-mutandis", "pocket-mutation"] {
        let args = [
            variant, "--count", "4", "--nodes", "1500", "--margin", "60", "--seed", "7",
        ];
        let first = book(&openings(&args));
        assert_eq!(first, book(&openings(&args)), "{variant}");
        assert_eq!(first.len(), 4, "{variant}");
        let mut fens: Vec<&String> = first.iter().map(|(f, _)| f).collect();
        fens.dedup();
        assert_eq!(fens.len(), 4, "{variant}: {first:?}");
        for (fen, cp) in &first {
            assert!(cp.abs() <= 60, "{variant}: {fen} scored {cp}");
            let s = Session::load(
                &VariantSource::Name(variant.to_string()),
                &Start::Fen {
                    fen: fen.clone(),
                    seed: 0,
                },
            )
            .unwrap_or_else(|e| panic!("{variant}: {fen}: {e}"));
            assert!(
                s.outcome().is_none() && !s.turns().is_empty(),
                "{variant}: {fen}"
            );
        }
        // Another seed, another book.
        let other = book(&openings(&[
            variant, "--count", "4", "--nodes", "1500", "--margin", "60", "--seed", "8",
        ]));
        assert_ne!(first, other, "{variant}");
    }
}

#[test]
fn bad_requests_are_refused_with_a_reason() {
    let out = openings(&["nonesuch"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("nonesuch"));
    let out = openings(&["chess", "--count", "0"]);
    assert_eq!(out.status.code(), Some(2));
    // A margin no position meets: an empty book, and a warning that says
    // what to change.
    let out = openings(&[
        "chess", "--count", "1", "--plies", "0", "--margin", "0", "--nodes", "200",
    ]);
    let found = book(&out);
    let warned = String::from_utf8_lossy(&out.stderr);
    assert!(found.len() <= 1);
    if found.is_empty() {
        assert!(warned.contains("widen --margin"), "{warned}");
    }
}

/// A book as `openings` writes it, or as turns from the start, is read
/// by `match --openings` and by an experiment's `book(v, file)`: each
/// opening is the start of a pair of games, in the book's order.
#[test]
fn matches_and_experiments_start_from_a_book() {
    let dir = scratch("book-use");
    let run = |args: &[&str]| {
        let out = Command::new(env!("CARGO_BIN_EXE_changeling"))
            .args(args)
            .current_dir(&dir)
            .output()
            .unwrap();
        assert!(
            out.status.success(),
            "{args:?}: {}",
            String::from_utf8_lossy(&out.stderr)
        );
        out
    };
    run(&[
        "openings",
        "chess",
        "--count",
        "2",
        "--nodes",
        "500",
        "--seed",
        "3",
        "--out",
        "level.fen",
    ]);
    let written = std::fs::read_to_string(dir.join("level.fen")).unwrap();
    let mut fens: Vec<String> = written
        .lines()
        .map(|l| l.split(" ; ").next().unwrap().to_string())
        .collect();
    assert_eq!(fens.len(), 2);
    // One more opening, as turns, after a comment line.
    std::fs::write(
        dir.join("book.txt"),
        format!("{written}# and a queen's gambit\n1. d4 d5 2. c4 *\n"),
    )
    .unwrap();
    fens.push("rnbqkbnr/ppp1pppp/8/3p4/2PP4/8/PP2PPPP/RNBQKBNR b KQkq - 0 2".to_string());

    run(&[
        "match",
        "changeling:nodes=40",
        "changeling:nodes=40",
        "--games",
        "6",
        "--max-plies",
        "6",
        "--openings",
        "book.txt",
        "--pgn",
        "games.pgn",
    ]);
    let pgn = std::fs::read_to_string(dir.join("games.pgn")).unwrap();
    let mut starts: Vec<String> = pgn
        .lines()
        .filter_map(|l| l.strip_prefix("[FEN \"")?.strip_suffix("\"]"))
        .map(str::to_string)
        .collect();
    starts.sort();
    let mut want: Vec<String> = fens.iter().flat_map(|f| [f.clone(), f.clone()]).collect();
    want.sort();
    assert_eq!(starts, want);

    std::fs::write(
        dir.join("book.rhai"),
        "fn games() { 3 }\n\
         fn play_game(i, seed) {\n\
             let v = variant(\"chess\");\n\
             let g = game(v, seed, #{ opening: #{ fens: book(v, \"book.txt\"), cycle: i } });\n\
             #{ start: g.fen }\n\
         }\n",
    )
    .unwrap();
    run(&["run", "book.rhai", "--out", "rows.jsonl"]);
    let rows = std::fs::read_to_string(dir.join("rows.jsonl")).unwrap();
    let got: Vec<&str> = rows
        .lines()
        .filter_map(|l| l.split("\"start\":\"").nth(1)?.split('"').next())
        .collect();
    assert_eq!(got, fens.iter().map(String::as_str).collect::<Vec<_>>());

    // A bad line is refused with its number.
    std::fs::write(dir.join("bad.txt"), "1. e4 e5\n\n1. e4 Ke7\n").unwrap();
    let out = Command::new(env!("CARGO_BIN_EXE_changeling"))
        .args(["match", "changeling", "changeling", "--openings", "bad.txt"])
        .current_dir(&dir)
        .output()
        .unwrap();
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(!out.status.success());
    assert!(err.contains("bad.txt: line 3: `Ke7`"), "{err}");
}

/// Engines limited by nodes replay a game from the same opening: a
/// match that cycles through too small a book says so.
#[test]
fn a_match_whose_games_repeat_says_so() {
    let dir = scratch("book-repeat");
    std::fs::write(dir.join("one.txt"), "1. e4 e5\n").unwrap();
    let play = |games: &str| {
        let out = Command::new(env!("CARGO_BIN_EXE_changeling"))
            .args([
                "match",
                "changeling:nodes=40",
                "changeling:nodes=40",
                "--games",
                games,
                "--max-plies",
                "8",
                "--openings",
                "one.txt",
            ])
            .current_dir(&dir)
            .output()
            .unwrap();
        assert!(out.status.success());
        String::from_utf8_lossy(&out.stderr).to_string()
    };
    // One pair from the one opening: the two games differ.
    assert!(!play("2").contains("warning"));
    // Two pairs: the second repeats the first.
    let err = play("4");
    assert!(
        err.contains("warning: only 2 of the 4 games differ"),
        "{err}"
    );
}
