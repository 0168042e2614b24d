//! perft: counting the leaves of the legal move tree, with copy-make.

use super::{legal_move_count, legal_moves, legal_moves_into};
use crate::position::{Move, Position};
use crate::rules::Rules;
use std::sync::atomic::{AtomicBool, Ordering};

/// The positions after a chance event due before the side to move acts
/// (a die not yet rolled while a `dice` mutator is on), one per outcome;
/// `None` when none is due.
pub fn chance_outcomes(rules: &Rules, pos: &Position) -> Option<Vec<Position>> {
    if pos.roll().is_some()
        || !pos.active().intersects(rules.masks().dice)
        || pos.stage() != crate::position::Stage::Play
    {
        return None;
    }
    Some(
        (1..=rules.masks().dice_faces)
            .map(|n| {
                let mut p = pos.clone();
                p.set_roll(Some(n));
                p
            })
            .collect(),
    )
}

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
    if let Some(rolled) = chance_outcomes(rules, pos) {
        return rolled
            .iter()
            .map(|p| perft_with(rules, p, depth, buffers))
            .sum();
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

/// [`perft`] that gives up, returning `None`, once `stop` is raised. The
/// flag is read before each subtree of three plies or more, so the answer
/// comes within a few milliseconds; the last plies run as in [`perft`],
/// whose loop stays free of the check.
pub fn perft_until(rules: &Rules, pos: &Position, depth: u32, stop: &AtomicBool) -> Option<u64> {
    if depth <= 2 {
        return Some(perft(rules, pos, depth));
    }
    if stop.load(Ordering::Relaxed) {
        return None;
    }
    if let Some(rolled) = chance_outcomes(rules, pos) {
        let mut total = 0;
        for p in &rolled {
            total += perft_until(rules, p, depth, stop)?;
        }
        return Some(total);
    }
    let mut total = 0;
    for m in legal_moves(rules, pos) {
        let mut child = pos.clone();
        child.play_unchecked(rules, &m);
        total += perft_until(rules, &child, depth - 1, stop)?;
    }
    Some(total)
}

/// perft split by first move: each legal move with the count below it.
/// Where a die is due first, a move's count sums over the rolls that
/// allow it.
pub fn divide(rules: &Rules, pos: &Position, depth: u32) -> Vec<(Move, u64)> {
    if let Some(rolled) = chance_outcomes(rules, pos) {
        let mut merged: Vec<(Move, u64)> = Vec::new();
        for p in &rolled {
            for (m, n) in divide(rules, p, depth) {
                match merged.iter_mut().find(|(x, _)| *x == m) {
                    Some((_, total)) => *total += n,
                    None => merged.push((m, n)),
                }
            }
        }
        return merged;
    }
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::notation::parse_fen;

    #[test]
    fn perft_until_counts_like_perft_and_stops_when_asked() {
        let rules = crate::variants::load("chess").expect("embedded chess");
        let pos = parse_fen(&rules, rules.setup()).expect("setup");
        let go = AtomicBool::new(false);
        for depth in 0..=4 {
            assert_eq!(
                perft_until(&rules, &pos, depth, &go),
                Some(perft(&rules, &pos, depth))
            );
        }
        let stop = AtomicBool::new(true);
        assert_eq!(perft_until(&rules, &pos, 5, &stop), None);
        assert_eq!(perft_until(&rules, &pos, 2, &stop), Some(400));
    }
}
