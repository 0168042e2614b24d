//! Squares and steps, the Hydra's crooked partners, and what the board
//! says of a square: shielded, capturable, frozen.

use super::*;

pub(super) fn file(s: usize) -> i32 {
    (s % 8) as i32
}

pub(super) fn rank(s: usize) -> i32 {
    (s / 8) as i32
}

pub(super) fn off(s: usize, df: i32, dr: i32) -> Option<usize> {
    let (f, r) = (file(s) + df, rank(s) + dr);
    ((0..8).contains(&f) && (0..8).contains(&r)).then(|| (r * 8 + f) as usize)
}

pub(super) fn sq_name(s: usize) -> String {
    format!("{}{}", (b'a' + (s % 8) as u8) as char, s / 8 + 1)
}

pub(super) fn parse_sq(t: &str) -> Option<usize> {
    let b = t.as_bytes();
    if b.len() != 2 || !(b'a'..=b'h').contains(&b[0]) || !(b'1'..=b'8').contains(&b[1]) {
        return None;
    }
    Some(((b[1] - b'1') * 8 + (b[0] - b'a')) as usize)
}

pub(super) fn bit(s: usize) -> u64 {
    1u64 << s
}

/// A (file, rank) offset.
pub(super) type Vec2 = (i32, i32);
/// A list of offsets.
pub(super) type Steps = &'static [Vec2];

pub(super) const W4: [(i32, i32); 4] = [(1, 0), (-1, 0), (0, 1), (0, -1)];
pub(super) const F4: [(i32, i32); 4] = [(1, 1), (1, -1), (-1, 1), (-1, -1)];
pub(super) const K8: [(i32, i32); 8] = [
    (1, 0),
    (-1, 0),
    (0, 1),
    (0, -1),
    (1, 1),
    (1, -1),
    (-1, 1),
    (-1, -1),
];
/// Knight vectors in the Rose's circular order v0..v7.
pub(super) const N8: [(i32, i32); 8] = [
    (1, 2),
    (2, 1),
    (2, -1),
    (1, -2),
    (-1, -2),
    (-2, -1),
    (-2, 1),
    (-1, 2),
];

/// The outward orthogonals of a diagonal step.
pub(super) fn outward_orth(d: (i32, i32)) -> [(i32, i32); 2] {
    [(d.0, 0), (0, d.1)]
}

/// The outward diagonals of an orthogonal step.
pub(super) fn outward_diag(o: (i32, i32)) -> [(i32, i32); 2] {
    let p = (o.1.abs(), o.0.abs());
    [(o.0 + p.0, o.1 + p.1), (o.0 - p.0, o.1 - p.1)]
}

/// The Hydra's crooked nightrider forms: the partners of knight vector
/// `a` (section 4.26), from the pair(s) given with a = (1,2), closed under
/// the eight symmetries of the board.
pub(super) fn partners(k: K, a: (i32, i32)) -> Vec<(i32, i32)> {
    let bases: &[(i32, i32)] = match k {
        Nn11 => &[(-2, -1)],
        Nn02 => &[(1, -2)],
        Nn31 => &[(-2, 1), (2, -1)],
        Nn33 => &[(2, 1)],
        Nn04 => &[(-1, 2)],
        _ => &[],
    };
    let syms: [fn(Vec2) -> Vec2; 8] = [
        |(x, y)| (x, y),
        |(x, y)| (-x, y),
        |(x, y)| (x, -y),
        |(x, y)| (-x, -y),
        |(x, y)| (y, x),
        |(x, y)| (-y, x),
        |(x, y)| (y, -x),
        |(x, y)| (-y, -x),
    ];
    let mut out = Vec::new();
    for &b in bases {
        for t in syms {
            let (ta, tb) = (t((1, 2)), t(b));
            for (x, y) in [(ta, tb), (tb, ta)] {
                if x == a && !out.contains(&y) {
                    out.push(y);
                }
            }
        }
    }
    out
}

fn shielded(b: &Board, s: usize) -> bool {
    let Some(p) = b[s] else { return false };
    K8.iter().any(|&(dx, dy)| {
        off(s, dx, dy).is_some_and(|n| matches!(b[n], Some(q) if q.k == Shield && q.w == p.w))
    })
}

/// May a piece of `by` remove the piece on `s` by capture? `pawn` says
/// whether the capture is a pawn form's own pawn capture (section 6.1).
pub(super) fn capturable(b: &Board, s: usize, by: bool, pawn: bool) -> bool {
    match b[s] {
        Some(p) if p.w != by => !shielded(b, s) && (p.k != Mamra || pawn),
        _ => false,
    }
}

pub(super) fn frozen(b: &Board, s: usize) -> bool {
    let Some(p) = b[s] else { return false };
    K8.iter().any(|&(dx, dy)| {
        off(s, dx, dy).is_some_and(|n| match b[n] {
            Some(q) if q.w != p.w => q.k == Immobilizer || (p.k == Immobilizer && q.k == Chameleon),
            _ => false,
        })
    })
}

pub(super) fn last_rank(white: bool) -> i32 {
    if white { 7 } else { 0 }
}

pub(super) fn home_rank(white: bool) -> i32 {
    if white { 0 } else { 7 }
}

pub(super) fn forward(white: bool) -> i32 {
    if white { 1 } else { -1 }
}
