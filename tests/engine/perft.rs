//! Runs every `tests/perft/*.perft` file: `variant` names an embedded
//! variant or a file (relative to the crate root), `id` starts a position,
//! `fen` sets it, `perft DEPTH NODES` is one expected count.
//!
//! `cargo test` runs the counts up to a per-file node limit (the default
//! below, or `limit N` in the file); `cargo test --release -- --ignored`
//! runs all counts up to `CHANGELING_PERFT_LIMIT` nodes (default 2e9).

use changeling::movegen::perft;
use changeling::notation::parse_fen;
use changeling::variants::load;
use std::path::Path;

const DEFAULT_LIMIT: u64 = 10_000_000;

struct Case {
    file: String,
    id: String,
    variant: String,
    fen: String,
    depth: u32,
    nodes: u64,
    limit: u64,
}

fn cases() -> Vec<Case> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/perft");
    let mut files: Vec<_> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "perft"))
        .collect();
    files.sort();
    let mut out = Vec::new();
    for path in files {
        let text = std::fs::read_to_string(&path).unwrap();
        let file = path.file_name().unwrap().to_string_lossy().to_string();
        let (mut variant, mut id, mut fen, mut limit) =
            (String::new(), String::new(), String::new(), DEFAULT_LIMIT);
        for (n, line) in text.lines().enumerate() {
            let line = line.trim();
            if line.is_empty() || line.starts_with('#') {
                continue;
            }
            let (key, rest) = line.split_once(' ').unwrap_or((line, ""));
            match key {
                "variant" => variant = rest.to_string(),
                "limit" => limit = rest.parse().unwrap(),
                "id" => id = rest.to_string(),
                "fen" => fen = rest.to_string(),
                "perft" => {
                    let (d, nodes) = rest.split_once(' ').unwrap();
                    out.push(Case {
                        file: file.clone(),
                        id: id.clone(),
                        variant: variant.clone(),
                        fen: fen.clone(),
                        depth: d.parse().unwrap(),
                        nodes: nodes.parse().unwrap(),
                        limit,
                    });
                }
                other => panic!("{file}:{}: unknown line kind `{other}`", n + 1),
            }
        }
    }
    out
}

fn run(limit_of: impl Fn(&Case) -> u64) -> usize {
    let mut failures = Vec::new();
    let mut ran = 0;
    for case in cases() {
        if case.nodes > limit_of(&case) {
            continue;
        }
        let variant = if Path::new(&case.variant).extension().is_some() {
            Path::new(env!("CARGO_MANIFEST_DIR"))
                .join(&case.variant)
                .to_string_lossy()
                .to_string()
        } else {
            case.variant.clone()
        };
        let rules = load(&variant).unwrap_or_else(|e| panic!("{}: {e}", case.file));
        let pos = parse_fen(&rules, &case.fen)
            .unwrap_or_else(|e| panic!("{} {}: {e}", case.file, case.id));
        let got = perft(&rules, &pos, case.depth);
        ran += 1;
        if got != case.nodes {
            failures.push(format!(
                "{} {} perft {}: expected {}, got {}",
                case.file, case.id, case.depth, case.nodes, got
            ));
        }
    }
    assert!(
        failures.is_empty(),
        "perft mismatches:\n{}",
        failures.join("\n")
    );
    ran
}

#[test]
fn perft_files_up_to_node_limit() {
    let ran = run(|c| c.limit);
    assert!(ran >= 30, "only {ran} perft counts ran");
}

#[test]
#[ignore = "deep perft: run with `cargo test --release -- --ignored`"]
fn perft_files_deep() {
    let limit = std::env::var("CHANGELING_PERFT_LIMIT")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(2_000_000_000);
    run(|_| limit);
}
