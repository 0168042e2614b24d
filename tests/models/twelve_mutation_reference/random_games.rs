//! Seeded random games with random markers: the engine's child positions
//! equal the reference's at every ply.

use super::*;
use crate::kit::{XorShift, engine_children};
use changeling::notation::{parse_fen, to_fen};
use std::collections::BTreeSet;

/// Where the random games start: the FIDE array, Kiwipete, and a
/// position with pawns about to promote and en passant in reach.
const GAME_STARTS: [&str; 3] = [
    START,
    KIWIPETE,
    "r3k2r/1P1pqpb1/bn2pnp1/2pPN3/1p2P3/2N2Q1p/PpPBBPPP/R3K2R[] w KQkq - 0 1",
];

/// A starting position with 4 to 9 markers (one per mutator at most,
/// among the twelve) of random faces on random squares; when Drop starts
/// active, each side starts with a knight and a pawn in hand.
fn random_start(rng: &mut XorShift, seed: u64) -> String {
    let count = 4 + rng.below(6);
    let mut squares: Vec<usize> = (0..64).collect();
    let mut muts: Vec<Set> = MUTATORS.iter().map(|m| m.1).collect();
    let mut list = Vec::new();
    let mut hands = "";
    for _ in 0..count {
        let s = squares.remove(rng.below(squares.len()));
        let m = muts.remove(rng.below(muts.len()));
        let up = rng.below(2) == 1;
        if m == DROP && up {
            hands = "NPnp";
        }
        list.push(format!(
            "{}:{}{}",
            sq_name(s),
            mutator_name(m),
            if up { '+' } else { '-' }
        ));
    }
    let start = GAME_STARTS[seed as usize % GAME_STARTS.len()];
    let (board, rest) = start.split_once(' ').unwrap();
    let board = board.trim_end_matches("[]");
    format!("{board}[{hands}] {rest} {{{}}}", list.join(" "))
}

/// What the random games saw.
#[derive(Default, Debug)]
struct Seen {
    plies: usize,
    flips: usize,
    sets: BTreeSet<Set>,
    /// Drops played.
    drops: usize,
    /// Captures played under Atomic.
    blasts: usize,
    /// Plies with a piece in some hand.
    hands: usize,
    /// Games that ended with a king blown up.
    kings_gone: usize,
    /// Swaps played.
    swaps: usize,
    /// Plies with the die rolled.
    rolls: usize,
    /// Avalanche pushes played.
    pushes: usize,
    /// Pending promotion choices played.
    choices: usize,
}

/// Seeded random games: at every ply the engine's child positions (FEN
/// text) equal the reference's, and the engine reads its own FEN of the
/// position back to the same text and the same children. While Dice is
/// active the die is rolled first (the same roll given to both). The
/// turn played is drawn from the reference's turns sorted by their
/// children's FEN.
fn playouts(games: std::ops::Range<u64>, max_plies: usize, cfg: Cfg) -> Seen {
    let rules = rules();
    let mut seen = Seen::default();
    for seed in games {
        let mut rng =
            XorShift(0x9e37_79b9_7f4a_7c15 ^ (seed + 1).wrapping_mul(0x2545_f491_4f6c_dd1d));
        let text = random_start(&mut rng, seed);
        let mut pos = parse_fen(&rules, &text).unwrap_or_else(|e| panic!("{text}: {e}"));
        let mut ours = parse(&text);
        assert_eq!(fen(&ours), to_fen(&rules, &pos), "seed {seed}");
        for ply in 0..max_plies {
            if chance(&ours) {
                let n = 1 + rng.below(8) as u8;
                ours.roll = Some(n);
                pos.set_roll(Some(n));
                seen.rolls += 1;
            }
            seen.sets.insert(ours.set());
            if ours.hands != [[0; 5]; 2] {
                seen.hands += 1;
            }
            if let Err(e) = same_children(&rules, &pos, &ours, cfg) {
                panic!("seed {seed} ply {ply} (from {text}): {e}");
            }
            let f = fen(&ours);
            let back =
                parse_fen(&rules, &f).unwrap_or_else(|e| panic!("seed {seed} ply {ply}: {f}: {e}"));
            assert_eq!(to_fen(&rules, &back), f, "seed {seed} ply {ply}: read back");
            if let Err(e) = same_children(&rules, &back, &ours, cfg) {
                panic!("seed {seed} ply {ply}, position read back from its FEN: {e}");
            }
            if !has_king(&ours.b, true) || !has_king(&ours.b, false) {
                seen.kings_gone += 1;
            }
            let mut list = turns(&ours, cfg);
            if list.is_empty() || ours.half >= 100 {
                break;
            }
            list.sort_by_cached_key(|(_, c)| fen(c));
            let (m, next) = list.swap_remove(rng.below(list.len()));
            seen.drops += usize::from(m.drop.is_some());
            seen.swaps += usize::from(m.swap);
            seen.pushes += usize::from(m.push.is_some());
            seen.choices += usize::from(m.choice.is_some());
            seen.blasts += usize::from(ours.set() & ATOMIC != 0 && m.taken(&ours).is_some());
            seen.flips += next
                .markers
                .iter()
                .zip(&ours.markers)
                .filter(|(a, b)| a.2 != b.2)
                .count();
            ours = next;
            seen.plies += 1;
            let f = fen(&ours);
            pos = engine_children(&rules, &pos)
                .into_iter()
                .find(|(g, _)| *g == f)
                .unwrap()
                .1;
        }
    }
    println!(
        "{} plies, {} flips, {} active sets, {} drops, {} atomic captures, {} plies with pieces in hand, {} kings blown up, {} swaps, {} rolls, {} pushes, {} pending choices",
        seen.plies,
        seen.flips,
        seen.sets.len(),
        seen.drops,
        seen.blasts,
        seen.hands,
        seen.kings_gone,
        seen.swaps,
        seen.rolls,
        seen.pushes,
        seen.choices
    );
    seen
}

#[test]
fn engine_random_games_agree_move_by_move() {
    let seen = playouts(0..6, 80, ENGINE);
    assert!(
        seen.flips >= 5 && seen.sets.len() >= 5,
        "{} flips, {} sets",
        seen.flips,
        seen.sets.len()
    );
}

/// Three hundred games of up to 200 plies: `cargo test --release --test
/// models twelve_mutation_reference:: -- --ignored engine_random_games_many
/// --nocapture` (prints what the games saw).
#[test]
#[ignore]
fn engine_random_games_many() {
    playouts(3..303, 200, ENGINE);
}
