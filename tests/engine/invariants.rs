//! Seeded random playouts: at every step the fast legal-move generator
//! agrees with the slow copy-make reference, the incremental hash equals
//! the hash computed from scratch, and FEN print -> parse gives the same
//! position.

use crate::kit::XorShift;
use changeling::Color;
use changeling::movegen::{
    is_attacked, leaves_royal_attacked, legal_move_count, legal_moves, pseudo_moves,
};
use changeling::notation::{parse_fen, to_fen};
use changeling::position::MoveKind;
use changeling::variants::load;
use std::collections::HashSet;

fn playouts(variant: &str, games: usize, plies: usize, seed: u64) -> usize {
    let rules = load(variant).unwrap();
    playouts_from(variant, rules.setup(), games, plies, seed, true)
}

/// Plays random games from `start`, checking at every position that the
/// fast legality test agrees with copy-make, the hash with a full hash,
/// FEN with itself, and the attack view with forward captures (`exact`:
/// equal; otherwise the attack view may see more, for pieces with
/// attack-only patterns).
fn playouts_from(
    variant: &str,
    start: &str,
    games: usize,
    plies: usize,
    seed: u64,
    exact: bool,
) -> usize {
    let rules = load(variant).unwrap();
    let mut rng = XorShift(seed);
    let mut steps = 0;
    for _ in 0..games {
        let mut pos = parse_fen(&rules, start).unwrap();
        for _ in 0..plies {
            if Color::ALL.iter().any(|&c| pos.royals(c).is_empty()) {
                // A royal blown up: the game is over.
                break;
            }
            let fast = legal_moves(&rules, &pos);
            let mut pseudo = Vec::new();
            pseudo_moves(&rules, &pos, &mut pseudo);
            let slow: Vec<_> = pseudo
                .into_iter()
                .filter(|m| !leaves_royal_attacked(&rules, &pos, m))
                .collect();
            let fen = to_fen(&rules, &pos);
            assert_eq!(
                fast.iter().collect::<HashSet<_>>(),
                slow.iter().collect::<HashSet<_>>(),
                "legal moves differ at {fen}"
            );
            assert_eq!(fast.len(), slow.len(), "duplicate moves at {fen}");
            assert_eq!(
                legal_move_count(&rules, &pos, &mut Vec::new()),
                fast.len() as u64,
                "counted moves differ at {fen}"
            );
            assert_eq!(
                pos.hash(),
                pos.compute_hash(&rules),
                "incremental hash drifted at {fen}"
            );
            let again = parse_fen(&rules, &fen).unwrap_or_else(|e| panic!("{fen}: {e}"));
            assert_eq!(to_fen(&rules, &again), fen);
            assert_eq!(
                again.hash(),
                pos.hash(),
                "hash differs after FEN round trip at {fen}"
            );
            for by in [changeling::Color::White, changeling::Color::Black] {
                let mut p = pos.clone();
                p.set_side(&rules, by);
                let mut moves = Vec::new();
                pseudo_moves(&rules, &p, &mut moves);
                for (sq, target) in pos.pieces() {
                    if target.color == by {
                        continue;
                    }
                    let forward = moves.iter().any(|m| {
                        m.to == sq
                            && m.captured.is_some()
                            && !matches!(m.kind, MoveKind::EnPassant(_))
                    });
                    let view = is_attacked(&rules, &pos, sq, by);
                    assert!(
                        view == forward || (!exact && view),
                        "attack view {view}, forward {forward} on {} at {fen}",
                        rules.geometry().name(sq)
                    );
                }
            }
            if fast.is_empty() {
                break;
            }
            let m = &fast[rng.below(fast.len())];
            pos.play_unchecked(&rules, m);
            steps += 1;
        }
    }
    steps
}

#[test]
fn chess_random_playouts_keep_invariants() {
    assert!(playouts("chess", 60, 200, 0x5eed) > 5000);
}

#[test]
fn capablanca_random_playouts_keep_invariants() {
    assert!(playouts("capablanca", 20, 150, 0xcafe) > 1500);
}

/// Chess with captures that explode: legality judged on the board a
/// blast leaves, and captures counted at the last ply, agree with
/// copy-make from the start and from a crowded middlegame.
#[test]
fn atomic_random_playouts_keep_invariants() {
    let variant = "benches/variants/atomic.variant";
    assert!(playouts(variant, 30, 120, 0xa70) > 1500);
    let kiwipete = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";
    assert!(playouts_from(variant, kiwipete, 30, 60, 0xa71, true) > 500);
}

#[test]
fn zoo_random_playouts_keep_invariants() {
    // Bent, crooked, circular, multi-leg and attack-only pieces: the
    // attack view (forward paths) must agree with what the pieces capture.
    for (i, (start, exact)) in [
        ("{crookedrook}{gryphon}{dancinghorse}{sissa}k{cannonpawn}{rose}{octopus}/pppppppp/8/8/8/8/PPPPPPPP/{Crookedrook}{Gryphon}{Dancinghorse}{Sissa}K{Cannonpawn}{Rose}{Octopus} w - - 0 1", true),
        ("{nnc}{nna}{chainsaw}{aanca}k{moo}{mao}{monorook}/pppppppp/8/8/8/8/PPPPPPPP/{Cylbishop}{NNb}{NNd}{NNe}K{Squeen}{Paovao}{Monoequusrex} w - - 0 1", false),
    ]
    .into_iter()
    .enumerate()
    {
        let steps = playouts_from(
            "examples/variants/zoo.variant",
            start,
            12,
            120,
            0x200 + i as u64,
            exact,
        );
        assert!(steps > 600, "{steps}");
    }
}

/// Counting moves without building them (perft's last ply) gives the
/// number of legal turns, in every built-in variant and every shipped
/// variant file, at every ply of seeded random games: whether counting
/// is safe is decided once, when the rules are compiled, and this is what
/// keeps that decision honest.
#[test]
fn counting_equals_listing_in_every_shipped_variant() {
    use changeling::game::{Game, Rng};
    let mut names: Vec<String> = changeling::variants::EMBEDDED
        .iter()
        .map(|(n, _)| n.to_string())
        .collect();
    let mut files: Vec<String> = std::fs::read_dir("examples/variants")
        .unwrap()
        .map(|e| e.unwrap().path().display().to_string())
        .filter(|p| p.ends_with(".variant"))
        .collect();
    files.sort();
    names.extend(files);
    let mut positions = 0;
    let mut scratch = Vec::new();
    for name in &names {
        let rules = load(name).unwrap_or_else(|e| panic!("{name}: {e}"));
        for seed in 0..2u64 {
            let mut game = Game::new(rules.clone(), seed).unwrap_or_else(|e| panic!("{name}: {e}"));
            let mut rng = Rng::new(seed ^ 0xc0);
            for _ in 0..40 {
                let listed = legal_moves(&rules, game.position()).len() as u64;
                let counted = legal_move_count(&rules, game.position(), &mut scratch);
                assert_eq!(
                    counted,
                    listed,
                    "{name}: {}",
                    to_fen(&rules, game.position())
                );
                positions += 1;
                if game.outcome().is_some() {
                    break;
                }
                let legal = game.legal_moves();
                let m = legal[rng.below(legal.len() as u64) as usize];
                game.push(m);
            }
        }
    }
    assert!(positions > 500, "{positions}");
}
