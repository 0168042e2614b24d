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
