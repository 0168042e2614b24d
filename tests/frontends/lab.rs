//! The laboratory: `value`, `balance` and `compare`, where the answer is
//! known by construction; their shards merged equal the single run; and
//! repeated games reported.

use crate::kit::scratch;
use std::path::Path;
use std::process::{Command, Output};

fn changeling(dir: &Path, args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_changeling"))
        .args(args)
        .current_dir(dir)
        .output()
        .unwrap()
}

fn ok(out: &Output) -> String {
    assert!(
        out.status.success(),
        "{}{}",
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout.clone()).unwrap()
}

/// FIDE chess in which each side's queen-side knight is a twin: a kind
/// of its own that moves as a knight.
const TWINS: &str = r#"variant twins : chess {
    piece twin { letter = T  betza = "N" }
    setup = "rtbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RTBQKBNR w KQkq - 0 1"
}
"#;

/// The numbers after `label` in `text`: `(95% interval A to B)`.
fn interval(text: &str) -> (f64, f64) {
    let at = text.find("95% interval ").expect("an interval") + "95% interval ".len();
    let rest = &text[at..];
    let mut parts = rest.split([' ', ')', ',']);
    let a: f64 = parts.next().unwrap().parse().unwrap();
    assert_eq!(parts.next(), Some("to"));
    let b: f64 = parts.next().unwrap().parse().unwrap();
    (a, b)
}

#[test]
fn two_kinds_that_move_alike_are_worth_the_same() {
    let dir = scratch("lab-twins");
    std::fs::write(dir.join("twins.variant"), TWINS).unwrap();
    let out = ok(&changeling(
        &dir,
        &[
            "value",
            "twins.variant",
            "twin",
            "--against",
            "knight",
            "--nodes",
            "300",
            "--precision",
            "0.6",
            "--batch",
            "40",
            "--max-games",
            "1200",
            "--threads",
            "2",
        ],
    ));
    // "twin in twins: knight +0.12 pawns (95% interval -0.40 to +0.64)".
    assert!(out.starts_with("twin in twins: knight "), "{out}");
    let (low, high) = interval(&out);
    assert!(low <= 0.0 && 0.0 <= high, "{out}");
    assert!(high - low <= 1.2 + 1e-9, "asked for +-0.6: {out}");
}

#[test]
fn a_piece_given_to_both_sides_gives_no_first_move_advantage() {
    // Amazon chess: FIDE chess with an amazon in place of each queen.
    let dir = scratch("lab-amazon");
    let out = ok(&changeling(
        &dir,
        &[
            "balance",
            "amazon",
            "--games",
            "120",
            "--strengths",
            "150,300",
            "--ladder-pairs",
            "0",
            "--threads",
            "2",
            "--html",
            "card.html",
        ],
    ));
    let rows: Vec<&str> = out
        .lines()
        .filter(|l| l.trim_start().starts_with("150 ") || l.trim_start().starts_with("300 "))
        .collect();
    assert_eq!(rows.len(), 2, "{out}");
    for row in rows {
        // "     150    120   53.3% (44.7-61.9) ..."
        let open = row.find('(').unwrap();
        let dash = open + row[open..].find('-').unwrap();
        let close = open + row[open..].find(')').unwrap();
        let low: f64 = row[open + 1..dash].trim_end_matches('%').parse().unwrap();
        let high: f64 = row[dash + 1..close].trim_end_matches('%').parse().unwrap();
        assert!(low <= 50.0 && 50.0 <= high, "{row}");
    }
    let html = std::fs::read_to_string(dir.join("card.html")).unwrap();
    assert!(html.starts_with("<!DOCTYPE html>"));
    assert!(html.matches("<svg").count() >= 5, "charts and heat maps");
    assert!(html.contains("capture"), "the captures' heat map");
}

#[test]
fn a_file_compared_with_itself_shows_no_difference() {
    let dir = scratch("lab-compare");
    let chess = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/examples/variants/chess.variant"
    );
    let out = ok(&changeling(
        &dir,
        &[
            "compare",
            chess,
            chess,
            "--nodes",
            "200",
            "--batch",
            "8",
            "--threads",
            "2",
        ],
    ));
    assert!(out.contains("\nno difference"), "{out}");
    // 24 pairs: the variance floor needs 24 for the bound at delta 0.05.
    assert!(out.contains("after 24 pairs"), "{out}");
    assert!(out.contains("every pair played the same game"), "{out}");
    // A real change is found: pawns that cannot make the double step.
    let out = ok(&changeling(
        &dir,
        &[
            "compare",
            "chess",
            "--set",
            "piece pawn { betza = \"fmWfcF\" }",
            "--nodes",
            "200",
            "--threads",
            "2",
            "--max-games",
            "64",
            "--chart",
            "compare.svg",
        ],
    ));
    assert!(!out.contains("every pair played the same game"), "{out}");
    let svg = std::fs::read_to_string(dir.join("compare.svg")).unwrap();
    assert!(svg.starts_with("<svg") && svg.contains("B: draws"), "{svg}");
}

#[test]
fn repeated_games_are_reported() {
    let dir = scratch("lab-repeats");
    let out = changeling(
        &dir,
        &[
            "balance",
            "chess",
            "--games",
            "4",
            "--strengths",
            "100,200",
            "--ladder-pairs",
            "0",
            "--opening-plies",
            "0",
        ],
    );
    let text = ok(&out);
    assert!(text.contains("6 of 8 games repeat another game"), "{text}");
}

#[test]
fn shards_merged_are_the_single_run() {
    let dir = scratch("lab-shards");
    let common = ["--nodes", "150", "--threads", "2", "--max-plies", "120"];
    let run = |extra: &[&str], what: &[&str]| {
        let mut args: Vec<&str> = what.to_vec();
        args.extend(common);
        args.extend(extra);
        changeling(&dir, &args)
    };
    for (name, what) in [
        (
            "balance",
            &[
                "balance",
                "chess",
                "--games",
                "6",
                "--strengths",
                "100,200",
                "--ladder-pairs",
                "2",
            ][..],
        ),
        (
            "value",
            &[
                "value",
                "chess",
                "knight",
                "--against",
                "3P",
                "--levels",
                "-1..0",
                "--pairs",
                "3",
            ][..],
        ),
    ] {
        let single_rows = format!("{name}-all.jsonl");
        let single = ok(&run(&["--out", &single_rows], what));
        let mut parts = Vec::new();
        for i in 1..=3 {
            let part = format!("{name}-{i}.jsonl");
            ok(&run(&["--shard", &format!("{i}/3"), "--out", &part], what));
            parts.push(part);
        }
        let merged_rows = format!("{name}-merged.jsonl");
        let mut args = vec!["--out", merged_rows.as_str(), "--merge"];
        args.extend(parts.iter().map(String::as_str));
        let merged = ok(&run(&args, what));
        // The single run adds its time.
        let single_report: Vec<&str> = single.lines().filter(|l| !l.ends_with(" s")).collect();
        let merged_report: Vec<&str> = merged.lines().collect();
        assert_eq!(single_report, merged_report, "{name}");
        assert_eq!(
            std::fs::read(dir.join(&single_rows)).unwrap(),
            std::fs::read(dir.join(&merged_rows)).unwrap(),
            "{name}"
        );
    }
}

#[test]
fn bad_requests_are_refused_with_a_reason() {
    let dir = scratch("lab-bad");
    for (args, says) in [
        (&["value", "chess", "king"][..], "royal"),
        (&["value", "chess", "zebra"][..], "not a kind"),
        (&["value", "chess", "knight", "--all"][..], "--all"),
        (&["value", "chess"][..], "name the piece"),
        (
            &[
                "value", "chess", "knight", "--shard", "1/2", "--out", "x.jsonl",
            ][..],
            "--levels",
        ),
        (
            &["value", "chess", "knight", "--levels", "3..1"][..],
            "FROM..TO",
        ),
        (&["balance", "chess", "--shard", "1/2"][..], "--out"),
        (&["compare", "chess"][..], "version B"),
        (
            &["compare", "chess", "--set", "piece pawn { betza = 3 }"][..],
            "error",
        ),
        (
            &["balance", "chess", "--merge", "missing.jsonl"][..],
            "cannot read",
        ),
    ] {
        let out = changeling(&dir, args);
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(err.contains(says), "{args:?}: {err}");
        assert!(!err.contains("panicked"), "{args:?}: {err}");
    }
}
