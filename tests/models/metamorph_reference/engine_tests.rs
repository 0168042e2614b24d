//! The engine held to the reference: perft from chosen positions, the
//! perft file, and seeded random games under both readings.

use super::*;
use crate::kit::{XorShift, position};
use changeling::movegen::{legal_moves, perft};
use changeling::notation::{parse_fen, to_fen};
use changeling::variants::load;
use std::sync::Arc;

/// The engine's rules from a variant file.
fn engine(path: &str) -> Arc<changeling::Rules> {
    load(path).unwrap_or_else(|e| panic!("{path}:\n{e}"))
}

/// Engine perft equals reference perft at depths 1 to `depth`.
fn agree(fen: &str, depth: u32) {
    let rules = engine(VARIANT);
    let pos = position(&rules, fen);
    let p = parse(fen);
    for d in 1..=depth {
        assert_eq!(
            perft(&rules, &pos, d),
            reference_perft(&p, METAMORPH, d),
            "{fen} depth {d}"
        );
    }
}

#[test]
fn engine_start_position_agrees_with_the_reference() {
    agree(engine(VARIANT).setup(), 4);
}

#[test]
fn engine_kiwipete_agrees_with_the_reference() {
    agree(KIWIPETE, 3);
}

/// Marshalls and Paladins on both sides, castling still possible.
#[test]
fn engine_compound_pieces_agree_with_the_reference() {
    agree(
        "r1a1k2r/ppp2ppp/2n2m2/3pp3/1b2P3/2NP1N2/PPPM1PPP/R1A1KB1R w KQkq - 0 1",
        3,
    );
}

/// The counts of `tests/perft/metamorph.perft` up to `limit` nodes:
/// (FEN, depth, nodes).
fn file_counts(limit: u64) -> Vec<(String, u32, u64)> {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/perft/metamorph.perft");
    let text = std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{path}: {e}"));
    let mut fen = String::new();
    let mut out = Vec::new();
    for line in text.lines().map(str::trim) {
        let (word, rest) = line.split_once(' ').unwrap_or((line, ""));
        match word {
            "fen" => fen = rest.to_string(),
            "perft" => {
                let (d, n) = rest.split_once(' ').unwrap_or_else(|| panic!("{line}"));
                let depth = d.parse().unwrap_or_else(|e| panic!("{line}: {e}"));
                let nodes = n.parse().unwrap_or_else(|e| panic!("{line}: {e}"));
                if nodes <= limit {
                    out.push((fen.clone(), depth, nodes));
                }
            }
            _ => {}
        }
    }
    out
}

fn file_agrees_with_the_reference(limit: u64) {
    let counts = file_counts(limit);
    assert!(!counts.is_empty(), "no counts up to {limit} nodes");
    for (fen, depth, nodes) in counts {
        assert_eq!(
            reference_perft(&parse(&fen), METAMORPH, depth),
            nodes,
            "{fen} depth {depth}"
        );
    }
}

#[test]
fn metamorph_perft_file_agrees_with_the_reference() {
    file_agrees_with_the_reference(2_000_000);
}

/// Every count of the file: `cargo test --release --test models
/// metamorph_reference:: -- --ignored`.
#[test]
#[ignore = "slow: every count of the file"]
fn metamorph_perft_file_in_full_agrees_with_the_reference() {
    file_agrees_with_the_reference(u64::MAX);
}

/// Placement and side of an engine position, from its FEN.
fn engine_key(rules: &changeling::Rules, pos: &changeling::Position) -> String {
    let fen = to_fen(rules, pos);
    let fields: Vec<&str> = fen.split_whitespace().take(2).collect();
    fields.join(" ")
}

/// Seeded random games from the start of the variant file `path`: at
/// every position on the way, the boards after each legal move must be
/// the same for the engine and for the reference playing `reference`.
fn playouts(path: &str, reference: Rules, seed: u64) {
    let rules = engine(path);
    let mut rng = XorShift(seed);
    for _game in 0..20 {
        let mut pos = parse_fen(&rules, rules.setup()).unwrap_or_else(|e| panic!("setup: {e}"));
        for _ply in 0..80 {
            let fen = to_fen(&rules, &pos);
            let found = legal_moves(&rules, &pos);
            let mut ours: Vec<String> = found
                .iter()
                .map(|m| {
                    let mut c = pos.clone();
                    c.play_unchecked(&rules, m);
                    engine_key(&rules, &c)
                })
                .collect();
            let mut theirs: Vec<String> = legal(&parse(&fen), reference).iter().map(key).collect();
            ours.sort();
            theirs.sort();
            assert_eq!(ours, theirs, "moves differ in {fen}");
            if found.is_empty() {
                break;
            }
            pos.play_unchecked(&rules, &found[rng.below(found.len())]);
        }
    }
}

#[test]
fn engine_playouts_agree_move_by_move_with_the_reference() {
    playouts(VARIANT, METAMORPH, 0x2545_f491_4f6c_dd1d);
}

#[test]
fn engine_optional_playouts_agree_move_by_move_with_the_reference() {
    playouts(OPTIONAL_VARIANT, OPTIONAL, 0x9e37_79b9_7f4a_7c15);
}
