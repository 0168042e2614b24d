//! Mutatis Mutandis as a variant file (`examples/variants/mutatis-mutandis.variant`):
//! it loads, a seed gives one setup everywhere, and seeded random games
//! run through morphs, cornering, reserve drops and promotions with the
//! position consistent at every ply (hash from scratch, FEN round trip).
//! The perft counts here are the engine's own, kept to catch changes;
//! they are not yet confirmed by an independent computation.

use changeling::game::{Game, Rng, start_position};
use changeling::movegen::{legal_moves, perft};
use changeling::notation::{parse_fen, to_fen};
use changeling::variants::load;

const FILE: &str = "examples/variants/mutatis-mutandis.variant";

#[test]
fn seed_7_gives_one_setup_and_its_first_moves() {
    let rules = load(FILE).expect("the variant loads");
    let start = start_position(&rules, 7).unwrap();
    let fen = to_fen(&rules, &start);
    assert_eq!(fen, to_fen(&rules, &start_position(&rules, 7).unwrap()));
    assert!(fen.starts_with(
        "{chancellor}k{longleaper}{withdrawer}{archbishoprider}{oxybeles}{dancinghorse}{immobilizer}/pppppppp/"
    ));
    assert!(fen.ends_with("> w Aa - 0 1"), "{fen}");
    // The engine's counts (regression values, see the module note).
    assert_eq!(perft(&rules, &start, 1), 30);
    assert_eq!(perft(&rules, &start, 2), 834);
}

#[test]
fn seeded_random_games_stay_consistent() {
    let rules = load(FILE).expect("the variant loads");
    let mut drops = 0;
    let mut morphed = 0;
    for seed in 0..3u64 {
        let mut game = Game::new(rules.clone(), seed).unwrap();
        let mut rng = Rng::new(seed);
        for _ in 0..40 {
            let legal = legal_moves(&rules, game.position());
            if legal.is_empty() || game.outcome().is_some() {
                break;
            }
            let mv = legal[rng.below(legal.len() as u64) as usize].clone();
            drops += usize::from(mv.drop.is_some());
            morphed += usize::from(mv.promotion.is_some());
            let before = to_fen(&rules, game.position());
            game.push(mv.clone());
            let pos = game.position();
            assert_eq!(
                pos.hash(),
                pos.compute_hash(&rules),
                "hash after {mv:?} from {before}"
            );
            let fen = to_fen(&rules, pos);
            let back = parse_fen(&rules, &fen).unwrap_or_else(|e| panic!("{fen}: {e}"));
            assert_eq!(to_fen(&rules, &back), fen);
        }
    }
    assert!(morphed > 50, "only {morphed} moves changed a piece");
    assert!(drops > 0, "no reserve drop in three games");
}
