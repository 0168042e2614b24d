//! Which legal turns may be played: the tiers of Attack and Dice, the die
//! summed over its eight rolls, the children and perft.

use super::*;
use std::collections::BTreeSet;

/// Whether `m` acts from the lane of the roll `n` (file `n` and rank `n`,
/// a = 1): a drop onto it, a castling whose king or rook starts on it, a
/// swap with either square on it, any other move from it (OQ-9).
fn from_lane(m: &Mv, n: u8) -> bool {
    let on = |s: usize| file(s) == i32::from(n) - 1 || rank(s) == i32::from(n) - 1;
    match (m.drop, m.rook, m.swap) {
        (Some(_), _, _) => on(m.to),
        (None, Some((rf, _)), _) => on(m.from) || on(rf),
        (None, None, true) => on(m.from) || on(m.to),
        (None, None, false) => on(m.from),
    }
}

/// Which of the legal turns `list` of `p` may be played with the die
/// showing `roll` (its indices): the first non-empty tier of Attack and
/// Dice in `A`, everything when no tier has a turn, so the die and
/// Attack never empty a non-empty list (6.2, 6.6, 8). Without Dice (or
/// with the die not rolled): under Attack the turns that take an enemy
/// piece directly (drops, castling and swaps take nothing). With Dice
/// alone: the lane turns. With both: lane captures, other lane turns,
/// any capture.
fn preferred(p: &Pos, list: &[(Mv, Pos)], roll: Option<u8>) -> Vec<usize> {
    type Tier<'a> = Box<dyn Fn(&Mv) -> bool + 'a>;
    let set = p.set();
    let attack = set & ATTACK != 0;
    let lane = roll.filter(|_| set & DICE != 0);
    let cap = |m: &Mv| m.taken(p).is_some();
    let on = |m: &Mv| lane.is_some_and(|n| from_lane(m, n));
    let tiers: Vec<Tier> = match (lane.is_some(), attack) {
        (false, false) => Vec::new(),
        (false, true) => vec![Box::new(cap)],
        (true, false) => vec![Box::new(on)],
        (true, true) => vec![
            Box::new(move |m: &Mv| on(m) && cap(m)),
            Box::new(move |m: &Mv| on(m) && !cap(m)),
            Box::new(cap),
        ],
    };
    let all: Vec<usize> = (0..list.len()).collect();
    for t in &tiers {
        let kept: Vec<usize> = all.iter().copied().filter(|&i| t(&list[i].0)).collect();
        if !kept.is_empty() {
            return kept;
        }
    }
    all
}

/// The turns of the side to move with the die as the position has it (no
/// lane while it is not rolled).
pub(super) fn turns(p: &Pos, cfg: Cfg) -> Vec<(Mv, Pos)> {
    let list = legal_turns(p, cfg);
    let keep = preferred(p, &list, p.roll);
    list.into_iter()
        .enumerate()
        .filter(|(i, _)| keep.contains(i))
        .map(|(_, t)| t)
        .collect()
}

/// Whether the die is still to be rolled in `p`: Dice is in `A` and no
/// roll is given.
pub(super) fn chance(p: &Pos) -> bool {
    p.set() & DICE != 0 && p.roll.is_none()
}

/// The children of `p`, each with the number of die faces under which
/// it is played (1 when no die is due): at a node where the die is still
/// to be rolled, the count sums over the eight rolls, and the children
/// carry no roll.
fn weighted_children(p: &Pos, cfg: Cfg) -> Vec<(Pos, u64)> {
    if !chance(p) {
        return turns(p, cfg).into_iter().map(|(_, c)| (c, 1)).collect();
    }
    if p.set() & AVALANCHE != 0 {
        // The die also chooses among the pushes: the turns roll by roll,
        // each counted under every roll that allows it.
        let mut index = std::collections::HashMap::new();
        let mut all: Vec<(Pos, u64)> = Vec::new();
        for n in 1..=8 {
            let mut q = p.clone();
            q.roll = Some(n);
            for (m, c) in turns(&q, cfg) {
                let i = *index.entry(m).or_insert_with(|| {
                    all.push((c, 0));
                    all.len() - 1
                });
                all[i].1 += 1;
            }
        }
        return all;
    }
    let list = legal_turns(p, cfg);
    let mut weight = vec![0u64; list.len()];
    for n in 1..=8 {
        for i in preferred(p, &list, Some(n)) {
            weight[i] += 1;
        }
    }
    list.into_iter()
        .zip(weight)
        .filter(|(_, k)| *k > 0)
        .map(|((_, c), k)| (c, k))
        .collect()
}

pub(super) fn children(p: &Pos, cfg: Cfg) -> Vec<Pos> {
    turns(p, cfg).into_iter().map(|(_, c)| c).collect()
}

/// The perft count; where the die is still to be rolled, the sum over the
/// eight rolls of the count with that roll.
pub(super) fn reference_perft(p: &Pos, depth: u32, cfg: Cfg) -> u64 {
    if depth == 0 {
        return 1;
    }
    let kids = weighted_children(p, cfg);
    if depth == 1 {
        return kids.iter().map(|(_, k)| k).sum();
    }
    kids.iter()
        .map(|(c, k)| k * reference_perft(c, depth - 1, cfg))
        .sum()
}

pub(super) fn child_fens(p: &Pos, cfg: Cfg) -> BTreeSet<String> {
    children(p, cfg).iter().map(fen).collect()
}
