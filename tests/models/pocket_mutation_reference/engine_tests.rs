//! The engine held to the reference: perft from chosen positions, the
//! perft file, and seeded random games.

use super::*;
use crate::kit::{XorShift, position};
use changeling::movegen::{legal_moves, perft};
use changeling::notation::{parse_fen, to_fen};
use changeling::variants::load;
use std::sync::Arc;

/// The engine's rules from the variant file.
fn engine() -> Arc<changeling::Rules> {
    load(VARIANT).unwrap_or_else(|e| panic!("{VARIANT}:\n{e}"))
}

/// Engine perft equals reference perft at depths 1 to `depth`.
fn agree(fen: &str, depth: u32) {
    let rules = engine();
    let pos = position(&rules, fen);
    let p = parse(fen);
    for d in 1..=depth {
        assert_eq!(
            perft(&rules, &pos, d),
            reference_perft(&p, POCKET, d),
            "{fen} depth {d}"
        );
    }
}

#[test]
fn engine_start_position_agrees_with_the_reference() {
    let setup = engine().setup().clone();
    let (given, start) = (parse(&setup), parse(START));
    assert_eq!((key(&given), given.fullmove), (key(&start), 1), "{setup}");
    agree(&setup, 3);
}

/// One ply deeper (2,284,941 nodes): `cargo test --release --test
/// models pocket_mutation_reference:: -- --ignored`.
#[test]
#[ignore = "slow: start position to depth 4"]
fn engine_start_position_to_depth_4_agrees_with_the_reference() {
    agree(START, 4);
}

#[test]
fn engine_full_pockets_agree_with_the_reference() {
    agree(POCKETS, 3);
    agree(QUEENS, 3);
}

#[test]
fn engine_eighth_rank_pawns_agree_with_the_reference() {
    agree(EIGHTH_RANKS, 3);
    agree(BLACK_EIGHTH_RANKS, 3);
}

#[test]
fn engine_first_move_ban_agrees_with_the_reference() {
    agree(FIRST_MOVE, 3);
}

/// The counts of `tests/perft/pocket-mutation.perft` up to `limit`
/// nodes: (FEN, depth, nodes).
fn file_counts(limit: u64) -> Vec<(String, u32, u64)> {
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/perft/pocket-mutation.perft"
    );
    let text = std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{path}: {e}"));
    let mut fen = String::new();
    let mut out = Vec::new();
    for line in text.lines().map(str::trim) {
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
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
            "variant" | "limit" | "id" => {}
            _ => panic!("{path}: unknown line {line}"),
        }
    }
    out
}

fn file_agrees_with_the_reference(limit: u64) {
    let counts = file_counts(limit);
    assert!(!counts.is_empty(), "no counts up to {limit} nodes");
    for (fen, depth, nodes) in counts {
        assert_eq!(
            reference_perft(&parse(&fen), POCKET, depth),
            nodes,
            "{fen} depth {depth}"
        );
    }
}

#[test]
fn pocket_mutation_perft_file_agrees_with_the_reference() {
    file_agrees_with_the_reference(2_000_000);
}

/// Every count of the file: `cargo test --release --test
/// models pocket_mutation_reference:: -- --ignored`.
#[test]
#[ignore = "slow: every count of the file"]
fn pocket_mutation_perft_file_in_full_agrees_with_the_reference() {
    file_agrees_with_the_reference(u64::MAX);
}

/// Placement, pockets and side of an engine position, read back from its
/// FEN by the reference's own reader.
fn engine_key(rules: &changeling::Rules, pos: &changeling::Position) -> String {
    key(&parse(&to_fen(rules, pos)))
}

/// Seeded random games from `fen`, each move chosen uniformly among the
/// legal ones (pocketings and drops are many, so the pockets fill and
/// empty often): at every position on the way, the children (placement,
/// pockets, side) must be the same for the engine and the reference. The
/// games must have played at least `traffic` pocketings and as many drops.
fn playouts(fen: &str, seed: u64, traffic: usize) {
    let rules = engine();
    let mut rng = XorShift(seed);
    // Pocketings and drops played.
    let (mut pocketed, mut dropped) = (0, 0);
    for _game in 0..20 {
        let mut pos = parse_fen(&rules, fen).unwrap_or_else(|e| panic!("{fen}: {e}"));
        for _ply in 0..80 {
            let here = to_fen(&rules, &pos);
            let found = legal_moves(&rules, &pos);
            let mut ours: Vec<String> = found
                .iter()
                .map(|m| {
                    let mut c = pos.clone();
                    c.play_unchecked(&rules, m);
                    engine_key(&rules, &c)
                })
                .collect();
            let theirs = children_of(&parse(&here), POCKET);
            ours.sort();
            if ours != theirs {
                let extra: Vec<&String> = ours.iter().filter(|k| !theirs.contains(k)).collect();
                let missing: Vec<&String> = theirs.iter().filter(|k| !ours.contains(k)).collect();
                panic!(
                    "moves differ in {here}\nengine only: {extra:#?}\nreference only: {missing:#?}\n\
                     ({} against {} children)",
                    ours.len(),
                    theirs.len()
                );
            }
            if found.is_empty() {
                break;
            }
            pos.play_unchecked(&rules, &found[rng.below(found.len())]);
            let (before, now) = (parse(&here), parse(&to_fen(&rules, &pos)));
            let me = side(before.white);
            match (before.pockets[me], now.pockets[me]) {
                (None, Some(_)) => pocketed += 1,
                (Some(_), None) => dropped += 1,
                _ => {}
            }
        }
    }
    assert!(
        pocketed >= traffic && dropped >= traffic,
        "{pocketed} pocketings and {dropped} drops in the games"
    );
}

#[test]
fn engine_playouts_agree_move_by_move_with_the_reference() {
    playouts(START, 0x2545_f491_4f6c_dd1d, 100);
}

#[test]
fn engine_playouts_from_full_pockets_agree_move_by_move_with_the_reference() {
    playouts(POCKETS, 0x9e37_79b9_7f4a_7c15, 100);
}
