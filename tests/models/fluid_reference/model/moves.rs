//! Movement: the Moo's two paths, passability, the squares a unit
//! reaches, the capture table, castling rights and the attack test.

use super::*;

pub(crate) const ORTHO: [(i32, i32); 4] = [(1, 0), (-1, 0), (0, 1), (0, -1)];
pub(crate) const DIAG: [(i32, i32); 4] = [(1, 1), (1, -1), (-1, 1), (-1, -1)];
pub(crate) const MOO: [(i32, i32); 8] = [
    (1, 2),
    (-1, 2),
    (1, -2),
    (-1, -2),
    (2, 1),
    (2, -1),
    (-2, 1),
    (-2, -1),
];

/// The two intermediate squares of a Moo step by (df, dr): the orthogonal
/// one and the diagonal one (OQ-7).
pub(crate) fn moo_middles(df: i32, dr: i32) -> [(i32, i32); 2] {
    if dr.abs() == 2 {
        [(0, dr / 2), (df, dr / 2)]
    } else {
        [(df / 2, 0), (df / 2, dr)]
    }
}

/// Passable for a single unit of `colour`: empty, or one friendly non-pawn.
pub(crate) fn passable(board: &[Cell; 64], sq: usize, colour: Colour) -> bool {
    match units(&board[sq]).as_slice() {
        [] => true,
        [u] => u.colour == colour && u.kind != Kind::Pawn,
        _ => false,
    }
}

/// Squares a non-pawn unit of `kind` reaches from `from`, with path squares
/// passable for a single unit (`pair == false`) or empty (`pair == true`).
/// Whether it may land there is decided by the caller.
pub(crate) fn reach(
    board: &[Cell; 64],
    from: usize,
    kind: Kind,
    colour: Colour,
    pair: bool,
) -> Vec<usize> {
    let pass = |sq: usize| {
        if pair {
            count(&board[sq]) == 0
        } else {
            passable(board, sq, colour)
        }
    };
    let mut out = Vec::new();
    match kind {
        Kind::King => {
            for (df, dr) in ORTHO.iter().chain(DIAG.iter()) {
                out.extend(offset(from, *df, *dr));
            }
        }
        Kind::Rook | Kind::Bishop => {
            let dirs = if kind == Kind::Rook { ORTHO } else { DIAG };
            for (df, dr) in dirs {
                let mut sq = from;
                while let Some(next) = offset(sq, df, dr) {
                    out.push(next);
                    if !pass(next) {
                        break;
                    }
                    sq = next;
                }
            }
        }
        Kind::Moo => {
            for (df, dr) in MOO {
                let Some(to) = offset(from, df, dr) else {
                    continue;
                };
                let open = moo_middles(df, dr)
                    .iter()
                    .any(|&(mf, mr)| offset(from, mf, mr).is_some_and(pass));
                if open {
                    out.push(to);
                }
            }
        }
        Kind::Pawn => unreachable!("pawns are handled separately"),
    }
    out
}

/// Section 6 for a single unit `mover` arriving on a cell: every legal
/// result as (new cell contents, captured unit). Identical victims give one
/// result.
pub(crate) fn single_landings(cell: &Cell, mover: Unit) -> Vec<(Cell, Option<Unit>)> {
    let c = mover.colour;
    let non_pawn = mover.kind != Kind::Pawn;
    match units(cell).as_slice() {
        [] => vec![(cell_of(&[mover]), None)],
        [v] if v.colour == c => {
            if non_pawn && v.kind != Kind::Pawn {
                vec![(cell_of(&[*v, mover]), None)]
            } else {
                vec![]
            }
        }
        [v] => vec![(cell_of(&[mover]), Some(*v))],
        [a, b] if a.colour == c && b.colour == c => vec![],
        [a, b] if a.colour != c && b.colour != c => {
            let mut out = vec![(cell_of(&[*b, mover]), Some(*a))];
            if a != b {
                out.push((cell_of(&[*a, mover]), Some(*b)));
            }
            out
        }
        [a, b] => {
            let (friend, enemy) = if a.colour == c { (a, b) } else { (b, a) };
            if non_pawn && friend.kind != Kind::Pawn {
                vec![(cell_of(&[*friend, mover]), Some(*enemy))]
            } else {
                vec![]
            }
        }
        _ => unreachable!(),
    }
}

pub(crate) fn corner_right(sq: usize, colour: Colour) -> Option<usize> {
    match (colour, sq) {
        (Colour::White, 7) => Some(0),
        (Colour::White, 0) => Some(1),
        (Colour::Black, 63) => Some(2),
        (Colour::Black, 56) => Some(3),
        _ => None,
    }
}

/// Update castling rights for `u` leaving (or being captured on) `sq`.
pub(crate) fn lose_rights(castling: &mut [bool; 4], u: Unit, sq: usize) {
    let base = if u.colour == Colour::White { 0 } else { 2 };
    match u.kind {
        Kind::King => {
            castling[base] = false;
            castling[base + 1] = false;
        }
        Kind::Rook => {
            if let Some(i) = corner_right(sq, u.colour) {
                castling[i] = false;
            }
        }
        _ => {}
    }
}

/// Is `sq` attacked by `by` (section 8)? Equivalent to: some `by` unit can
/// make a single-unit capture of a non-`by` unit standing on `sq`.
pub(crate) fn attacked(board: &[Cell; 64], sq: usize, by: Colour) -> bool {
    let target = units(&board[sq]);
    let has_by_pawn = target
        .iter()
        .any(|u| u.colour == by && u.kind == Kind::Pawn);
    let has_by_unit = target.iter().any(|u| u.colour == by);
    let has = |s: usize, kind: Kind| contains(&board[s], Unit::new(by, kind));
    if !has_by_pawn {
        for (df, dr) in ORTHO.iter().chain(DIAG.iter()) {
            if offset(sq, *df, *dr).is_some_and(|s| has(s, Kind::King)) {
                return true;
            }
        }
        for (dirs, kind) in [(ORTHO, Kind::Rook), (DIAG, Kind::Bishop)] {
            for (df, dr) in dirs {
                let mut s = sq;
                while let Some(next) = offset(s, df, dr) {
                    if has(next, kind) {
                        return true;
                    }
                    if !passable(board, next, by) {
                        break;
                    }
                    s = next;
                }
            }
        }
        for (df, dr) in MOO {
            let Some(from) = offset(sq, -df, -dr) else {
                continue;
            };
            if has(from, Kind::Moo)
                && moo_middles(df, dr)
                    .iter()
                    .any(|&(mf, mr)| offset(from, mf, mr).is_some_and(|m| passable(board, m, by)))
            {
                return true;
            }
        }
    }
    if !has_by_unit {
        let back = if by == Colour::White { -1 } else { 1 };
        for df in [-1, 1] {
            if offset(sq, df, back).is_some_and(|s| has(s, Kind::Pawn)) {
                return true;
            }
        }
    }
    false
}

pub(crate) fn king_attacked(pos: &Position, colour: Colour) -> bool {
    let king = Unit::new(colour, Kind::King);
    (0..64).any(|sq| contains(&pos.board[sq], king) && attacked(&pos.board, sq, colour.other()))
}
