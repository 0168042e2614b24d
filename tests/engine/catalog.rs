//! The catalogue: `examples/variants/catalog/NAME.variant` against the
//! published perft counts in `tests/perft/catalog/NAME.epd` (one position
//! a line, `FEN ;D1 n ;D2 n ...`, `#` starting a comment line).
//!
//! Only variants that pass have their EPD file copied here; the others
//! keep their variant file, and `examples/variants/catalog/README.md`
//! says where they fail and what they lack. An EPD file named after a
//! built-in variant with no catalogue file (`capablanca`) runs against
//! the built-in one.
//!
//! `cargo test` runs every count up to [`DEFAULT_LIMIT`] nodes;
//! `cargo test --release --test engine catalog:: -- --ignored` runs them
//! all at their published depths.

use changeling::diag::render;
use changeling::movegen::perft;
use changeling::notation::parse_fen;
use changeling::variants::{EMBEDDED, check_str, load};
use std::path::{Path, PathBuf};

/// Counts above this many nodes are left to the `--ignored` run.
const DEFAULT_LIMIT: u64 = 2_000_000;

/// One published count: `file:line`, its position, a depth and the nodes.
struct Count {
    at: String,
    fen: String,
    depth: u32,
    nodes: u64,
}

/// One EPD file and the variant it is checked against.
struct Catalogued {
    name: String,
    variant: String,
    counts: Vec<Count>,
}

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// The files of `dir` ending in `.ext`, sorted.
fn files(dir: &Path, ext: &str) -> Vec<PathBuf> {
    let mut out: Vec<PathBuf> = std::fs::read_dir(dir)
        .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|x| x == ext))
        .collect();
    out.sort();
    out
}

fn stem(path: &Path) -> String {
    path.file_stem().unwrap().to_string_lossy().to_string()
}

/// Reads an EPD file's lines: `FEN ;D1 n ;D2 n ...`. Blank lines and `#`
/// lines are skipped; a malformed line is a problem, reported with the
/// others.
fn read_epd(file: &str, text: &str, problems: &mut Vec<String>) -> Vec<Count> {
    let mut counts = Vec::new();
    for (n, line) in text.lines().enumerate() {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let at = format!("{file}:{}", n + 1);
        let mut fields = line.split(';');
        let fen = fields.next().unwrap_or("").trim().to_string();
        let before = counts.len();
        for field in fields {
            let parsed = field.trim().split_once(' ').and_then(|(d, nodes)| {
                let depth = d.strip_prefix('D')?.parse().ok()?;
                Some((depth, nodes.trim().parse().ok()?))
            });
            match parsed {
                Some((depth, nodes)) => counts.push(Count {
                    at: at.clone(),
                    fen: fen.clone(),
                    depth,
                    nodes,
                }),
                None => problems.push(format!("{at}: cannot read `{}`", field.trim())),
            }
        }
        if counts.len() == before {
            problems.push(format!("{at}: no count"));
        }
    }
    counts
}

/// Every EPD copy with the variant it runs against; problems (a copy
/// without a variant, a malformed line) are collected.
fn catalogue(problems: &mut Vec<String>) -> Vec<Catalogued> {
    let variants = root().join("examples/variants/catalog");
    let mut out = Vec::new();
    for path in files(&root().join("tests/perft/catalog"), "epd") {
        let name = stem(&path);
        let file = format!("tests/perft/catalog/{name}.epd");
        let own = variants.join(format!("{name}.variant"));
        let variant = if own.exists() {
            own.display().to_string()
        } else if EMBEDDED.iter().any(|(n, _)| *n == name) {
            name.clone()
        } else {
            problems.push(format!(
                "{file}: no examples/variants/catalog/{name}.variant"
            ));
            continue;
        };
        let text = std::fs::read_to_string(&path).unwrap();
        let counts = read_epd(&file, &text, problems);
        out.push(Catalogued {
            name,
            variant,
            counts,
        });
    }
    out
}

/// Runs every count of at most `limit` nodes and returns how many ran;
/// panics listing every problem and mismatch.
fn run(limit: u64) -> usize {
    let mut problems = Vec::new();
    let mut ran = 0;
    for entry in catalogue(&mut problems) {
        let rules = match load(&entry.variant) {
            Ok(rules) => rules,
            Err(e) => {
                problems.push(format!("{}: does not load:\n{e}", entry.name));
                continue;
            }
        };
        for count in entry.counts.iter().filter(|c| c.nodes <= limit) {
            let pos = match parse_fen(&rules, &count.fen) {
                Ok(pos) => pos,
                Err(e) => {
                    problems.push(format!("{}: FEN not read: {e}", count.at));
                    continue;
                }
            };
            let got = perft(&rules, &pos, count.depth);
            ran += 1;
            if got != count.nodes {
                problems.push(format!(
                    "{} depth {}: expected {}, got {}",
                    count.at, count.depth, count.nodes, got
                ));
            }
        }
    }
    assert!(
        problems.is_empty(),
        "catalogue perft problems:\n{}",
        problems.join("\n")
    );
    ran
}

#[test]
fn catalogue_perft_up_to_node_limit() {
    let ran = run(DEFAULT_LIMIT);
    assert!(ran >= 180, "only {ran} catalogue counts ran");
}

#[test]
#[ignore = "deep perft: run with `cargo test --release --test engine catalog:: -- --ignored`"]
fn catalogue_perft_at_published_depths() {
    run(u64::MAX);
}

#[test]
fn every_catalogue_file_checks_clean() {
    let mut failures = Vec::new();
    let all = files(&root().join("examples/variants/catalog"), "variant");
    for path in &all {
        let text = std::fs::read_to_string(path).unwrap();
        let (diags, sources) = check_str(&path.to_string_lossy(), &text);
        if !diags.is_empty() {
            let rendered: String = diags.iter().map(|d| render(d, &sources)).collect();
            failures.push(format!("{}:\n{rendered}", path.display()));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
    assert!(all.len() >= 30, "only {} catalogue files", all.len());
}

/// Every catalogue variant is built in (listed by `changeling list`)
/// with the file's own text, and passes: its perft file is here. Every
/// perft file has its variant (`capablanca`'s is the built-in one).
#[test]
fn every_catalogue_variant_is_built_in_and_passes() {
    let dir = root().join("examples/variants/catalog");
    let passing: Vec<String> = files(&root().join("tests/perft/catalog"), "epd")
        .iter()
        .map(|p| stem(p))
        .collect();
    let variants: Vec<String> = files(&dir, "variant").iter().map(|p| stem(p)).collect();
    let mut wrong = Vec::new();
    for name in &variants {
        let text = std::fs::read_to_string(dir.join(format!("{name}.variant"))).unwrap();
        match EMBEDDED.iter().find(|(n, _)| n == name) {
            None => wrong.push(format!("{name}: not built in")),
            Some((_, embedded)) if *embedded != text => {
                wrong.push(format!("{name}: built in with other text"))
            }
            Some(_) => {}
        }
        if !passing.contains(name) {
            wrong.push(format!("{name}: no perft file"));
        }
    }
    for name in &passing {
        if !variants.contains(name) && !EMBEDDED.iter().any(|(n, _)| n == name) {
            wrong.push(format!("{name}: a perft file without a variant"));
        }
    }
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
    assert_eq!(passing.len(), 79, "one perft file per published one");
}

/// The catalogue's README has a status row for every variant file and
/// every perft file, so the table of gaps cannot fall behind the files.
#[test]
fn readme_has_a_row_for_every_catalogue_file() {
    let dir = root().join("examples/variants/catalog");
    let readme = std::fs::read_to_string(dir.join("README.md")).unwrap();
    let mut names: Vec<String> = files(&dir, "variant").iter().map(|p| stem(p)).collect();
    names.extend(
        files(&root().join("tests/perft/catalog"), "epd")
            .iter()
            .map(|p| stem(p)),
    );
    let missing: Vec<&String> = names
        .iter()
        .filter(|n| !readme.contains(&format!("\n| `{n}` | ")))
        .collect();
    assert!(missing.is_empty(), "no README row for {missing:?}");
}

/// Giveaway has no royal piece, so castling never asks whether a square
/// is attacked: with f1 attacked, White may still castle (Fairy-Stockfish
/// counts the same 15 moves here). The published lines never reach a
/// castling.
#[test]
fn giveaway_castles_through_an_attacked_square() {
    let rules = load("giveaway").unwrap();
    let pos = parse_fen(&rules, "4kr2/8/8/8/8/8/8/4K2R w K - 0 1").unwrap();
    let moves = changeling::movegen::legal_moves(&rules, &pos);
    let texts: Vec<String> = moves
        .iter()
        .map(|m| changeling::notation::to_uci(&rules, m))
        .collect();
    assert!(texts.iter().any(|t| t == "e1g1"), "{texts:?}");
    assert_eq!(perft(&rules, &pos, 1), 15);
}

/// Atomic kings that are not royal (`nocheckatomic`, `atomar`) castle
/// out of, through and into attack, as Fairy-Stockfish has it: the rook
/// on f3 attacks f1, yet White castles short (15 moves, not 14), and the
/// queen on f3 stops no castling of either side (perft 2: 1236).
#[test]
fn non_royal_atomic_kings_castle_through_attack() {
    for name in ["nocheckatomic", "atomar"] {
        let rules = load(name).unwrap();
        let pos = parse_fen(&rules, "4k3/8/8/8/8/5r2/8/4K2R w K - 0 1").unwrap();
        let texts: Vec<String> = changeling::movegen::legal_moves(&rules, &pos)
            .iter()
            .map(|m| changeling::notation::to_uci(&rules, m))
            .collect();
        assert!(texts.iter().any(|t| t == "e1g1"), "{name}: {texts:?}");
        assert_eq!(perft(&rules, &pos, 1), 15, "{name}");
        let pos = parse_fen(&rules, "r3k2r/8/8/8/8/5q2/8/R3K2R w KQkq - 0 1").unwrap();
        assert_eq!(perft(&rules, &pos, 2), 1236, "{name}");
    }
}

/// Antichess has no castling: a FEN granting a right is refused, saying
/// which letter names no rule (the published lines grant none and load).
#[test]
fn antichess_refuses_castling_rights() {
    let rules = load("antichess").unwrap();
    assert!(rules.castling().white.is_empty() && rules.castling().black.is_empty());
    let err = parse_fen(&rules, "4k3/8/8/8/8/8/8/4K2R w K - 0 1").unwrap_err();
    assert_eq!(
        err.to_string(),
        "invalid FEN (castling): `K` names no castling rule of antichess"
    );
    let pos = parse_fen(&rules, "4k3/8/8/8/8/8/8/4K2R w - - 0 1").unwrap();
    assert_eq!(perft(&rules, &pos, 1), 14);
}

/// Fairy-Stockfish's test script writes no en-passant square as `0` on
/// one cambodian line: it is read as `-`.
#[test]
fn a_zero_en_passant_field_reads_as_none() {
    let rules = load("cambodian").unwrap();
    let board = "r1s1ks1r/3nm3/pppNpppp/3n4/5P2/PPPPPNPP/8/R1SKMS1R";
    let zero = parse_fen(&rules, &format!("{board} b DEe 0 0 5")).unwrap();
    let dash = parse_fen(&rules, &format!("{board} b DEe - 0 5")).unwrap();
    assert_eq!(
        changeling::notation::to_fen(&rules, &zero),
        changeling::notation::to_fen(&rules, &dash)
    );
    assert_eq!(zero.hash(), dash.hash());
}

#[test]
fn epd_reader_reports_bad_lines_without_panicking() {
    let mut problems = Vec::new();
    let text = "# a comment\n\n8/8 w ;D1 3 ;D2 x\n8/8 w\n8/8 w ;1 4\n";
    let counts = read_epd("t.epd", text, &mut problems);
    assert_eq!(counts.len(), 1);
    assert_eq!((counts[0].depth, counts[0].nodes), (1, 3));
    assert_eq!(
        problems,
        [
            "t.epd:3: cannot read `D2 x`",
            "t.epd:4: no count",
            "t.epd:5: cannot read `1 4`",
            "t.epd:5: no count",
        ]
    );
}
