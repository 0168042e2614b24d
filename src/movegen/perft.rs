//! perft: counting the leaves of the legal move tree, with copy-make.

use super::{legal_move_count, legal_moves_into};
use crate::position::{Move, Position};
use crate::rules::Rules;

/// Number of legal move sequences of length `depth` from `pos`. The last
/// ply is counted, not played ("bulk counting").
pub fn perft(rules: &Rules, pos: &Position, depth: u32) -> u64 {
    let mut buffers: Vec<Vec<Move>> = (0..depth.max(1)).map(|_| Vec::with_capacity(64)).collect();
    perft_with(rules, pos, depth, &mut buffers)
}

fn perft_with(rules: &Rules, pos: &Position, depth: u32, buffers: &mut [Vec<Move>]) -> u64 {
    if depth == 0 {
        return 1;
    }
    let (moves, rest) = buffers
        .split_first_mut()
        .expect("one buffer per remaining ply");
    if depth == 1 {
        return legal_move_count(rules, pos, moves);
    }
    legal_moves_into(rules, pos, moves);
    let mut total = 0;
    for m in moves.iter() {
        let mut child = pos.clone();
        child.play_unchecked(rules, m);
        total += perft_with(rules, &child, depth - 1, rest);
    }
    total
}

/// perft split by first move: each legal move with the count below it.
pub fn divide(rules: &Rules, pos: &Position, depth: u32) -> Vec<(Move, u64)> {
    let mut moves = Vec::new();
    legal_moves_into(rules, pos, &mut moves);
    moves
        .into_iter()
        .map(|m| {
            let mut child = pos.clone();
            child.play_unchecked(rules, &m);
            let n = if depth <= 1 {
                1
            } else {
                perft(rules, &child, depth - 1)
            };
            (m, n)
        })
        .collect()
}
