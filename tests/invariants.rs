//! Seeded random playouts: at every step the fast legal-move generator
//! agrees with the slow copy-make reference, the incremental hash equals
//! the hash computed from scratch, and FEN print -> parse gives the same
//! position.

use changeling::movegen::{leaves_royal_attacked, legal_move_count, legal_moves, pseudo_moves};
use changeling::notation::{parse_fen, to_fen};
use changeling::variants::load;
use std::collections::HashSet;

struct XorShift(u64);

impl XorShift {
    fn below(&mut self, n: usize) -> usize {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        (self.0 % n as u64) as usize
    }
}

fn playouts(variant: &str, games: usize, plies: usize, seed: u64) -> usize {
    let rules = load(variant).unwrap();
    let mut rng = XorShift(seed);
    let mut steps = 0;
    for _ in 0..games {
        let mut pos = parse_fen(&rules, &rules.setup).unwrap();
        for _ in 0..plies {
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
