//! Perft from the start position and from middle-game positions, and the
//! boards after each move of random games, computed by the engine and by
//! the `published` reference.

use super::published::*;
use crate::kit::{XorShift, position};
use changeling::movegen::perft;
use changeling::notation::parse_fen;
use changeling::variants::load;

fn agree(fen: &str, depth: u32) {
    let rules = load("examples/variants/rococo.variant").unwrap();
    let pos = position(&rules, fen);
    let (b, white) = parse(fen);
    for d in 1..=depth {
        assert_eq!(
            perft(&rules, &pos, d),
            reference_perft(&b, white, None, d),
            "{fen} depth {d}"
        );
    }
}

/// The counts of `tests/perft/rococo.perft` (which `tests/engine/perft.rs`
/// checks against the engine) up to `limit` nodes: (FEN, depth, nodes).
fn file_counts(limit: u64) -> Vec<(String, u32, u64)> {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/perft/rococo.perft");
    let mut fen = String::new();
    let mut out = Vec::new();
    for line in std::fs::read_to_string(path).unwrap().lines() {
        if let Some(f) = line.strip_prefix("fen ") {
            fen = f.to_string();
        } else if let Some(p) = line.strip_prefix("perft ") {
            let (d, n) = p.split_once(' ').unwrap();
            let (d, n) = (d.parse().unwrap(), n.parse().unwrap());
            if n <= limit {
                out.push((fen.clone(), d, n));
            }
        }
    }
    out
}

fn reference_agrees_with_the_file(limit: u64) {
    let counts = file_counts(limit);
    assert!(counts.len() >= 7, "only {} counts", counts.len());
    for (fen, depth, nodes) in counts {
        let (b, white) = parse(&fen);
        assert_eq!(
            reference_perft(&b, white, None, depth),
            nodes,
            "{fen} depth {depth}"
        );
    }
}

#[test]
fn rococo_perft_file_agrees_with_the_reference() {
    reference_agrees_with_the_file(30_000);
}

/// Every count, depth 3 included (the reference makes about a million
/// nodes a second in release): `cargo test --release --test
/// models rococo_reference::perft:: -- --ignored`.
#[test]
#[ignore]
fn rococo_perft_file_agrees_with_the_reference_deep() {
    reference_agrees_with_the_file(u64::MAX);
}

/// The engine and the reference agree at depth 2 from the start.
#[test]
fn rococo_start_position_agrees_with_the_reference() {
    let rules = load("examples/variants/rococo.variant").unwrap();
    agree(rules.setup(), 2);
}

fn show(b: &Board) -> String {
    (0..N as usize)
        .rev()
        .map(|r| {
            (0..N as usize)
                .map(|f| match b[r * N as usize + f] {
                    Some((k, true)) => k,
                    Some((k, false)) => k.to_ascii_lowercase(),
                    None => '.',
                })
                .collect::<String>()
        })
        .collect::<Vec<_>>()
        .join("/")
}

/// Random games from the start: at every position on the way, the boards
/// after each legal move must be the same for the engine and the
/// reference.
#[test]
fn rococo_playouts_agree_with_the_reference_move_by_move() {
    let rules = load("examples/variants/rococo.variant").unwrap();
    let mut rng = XorShift(0x2545_f491_4f6c_dd1d);
    for _game in 0..12 {
        let mut pos = parse_fen(&rules, rules.setup()).unwrap();
        for _ply in 0..60 {
            let fen = changeling::notation::to_fen(&rules, &pos);
            let (b, white) = parse(&fen);
            let legal_moves = changeling::movegen::legal_moves(&rules, &pos);
            let mut ours: Vec<String> = legal_moves
                .iter()
                .map(|m| {
                    let mut c = pos.clone();
                    c.play_unchecked(&rules, m);
                    show(&parse(&changeling::notation::to_fen(&rules, &c)).0)
                })
                .collect();
            let ban = pos.swap_back().map(|(a, b)| (a.index(), b.index()));
            let mut theirs: Vec<String> =
                legal(&b, white, ban).iter().map(|(n, _)| show(n)).collect();
            ours.sort();
            theirs.sort();
            assert_eq!(ours, theirs, "moves differ in {fen}");
            if legal_moves.is_empty() {
                break;
            }
            let m = &legal_moves[rng.below(legal_moves.len())];
            pos.play_unchecked(&rules, m);
        }
    }
}
