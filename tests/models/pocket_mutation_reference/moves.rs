//! The attack test, board moves, promotion, pocketing and drops, the
//! legal children and perft.

use super::*;

/// Whether a piece of side `by_white` attacks `sq`: a pawn diagonally
/// forward, or any other piece by one of its parts. Every part's vectors
/// come in opposite pairs, so each ray is followed outward from `sq`.
pub(super) fn attacked(board: &[Option<Piece>; 64], sq: usize, by_white: bool) -> bool {
    let pawn = Some(('P', by_white));
    // A White pawn attacks the rank above it, a Black pawn the rank below.
    let behind = if by_white { -1 } else { 1 };
    if [-1, 1]
        .iter()
        .any(|&df| step(sq, df, behind).is_some_and(|s| board[s] == pawn))
    {
        return true;
    }
    for part in PARTS {
        for &(df, dr) in part.vectors() {
            let mut s = step(sq, df, dr);
            while let Some(t) = s {
                if let Some((kind, white)) = board[t] {
                    if white == by_white && parts(kind).contains(&part) {
                        return true;
                    }
                    break;
                }
                if !part.slides() {
                    break;
                }
                s = step(t, df, dr);
            }
        }
    }
    false
}

/// Whether side `white`'s King is attacked (no King: never).
pub(super) fn in_check(board: &[Option<Piece>; 64], white: bool) -> bool {
    (0..64).any(|sq| board[sq] == Some(('K', white)) && attacked(board, sq, !white))
}

/// The position once the side to move has moved, before the board and
/// pockets change: the other side to move, no en-passant square, the
/// full-move number one higher after Black's move.
fn pass(p: &Pos) -> Pos {
    let mut c = *p;
    c.white = !p.white;
    c.ep = None;
    if !p.white {
        c.fullmove += 1;
    }
    c
}

/// The position after the piece on `from` goes to `to` (capturing what
/// stands there, which is simply removed) and stands there as `kind`.
fn after(p: &Pos, from: usize, to: usize, kind: char) -> Pos {
    let mut c = pass(p);
    c.board[from] = None;
    c.board[to] = Some((kind, p.white));
    c
}

/// Board moves of any piece but the pawn on `from`, the King included.
fn piece_moves(p: &Pos, from: usize, kind: char, out: &mut Vec<Pos>) {
    for &part in parts(kind) {
        for &(df, dr) in part.vectors() {
            let mut s = step(from, df, dr);
            while let Some(to) = s {
                match p.board[to] {
                    None => out.push(after(p, from, to, kind)),
                    Some((_, white)) => {
                        if white != p.white {
                            out.push(after(p, from, to, kind));
                        }
                        break;
                    }
                }
                if !part.slides() {
                    break;
                }
                s = step(to, df, dr);
            }
        }
    }
}

/// Pawn moves (section 5, OQ-5): one step, two from the own 2nd rank
/// whatever brought the pawn there, diagonal captures, en passant after
/// any double step. A pawn on its 8th rank has no move; one arriving
/// there becomes one of `rules.promotions`, or stays a pawn if none.
fn pawn_moves(p: &Pos, rules: Rules, from: usize, out: &mut Vec<Pos>) {
    let ahead = if p.white { 1 } else { -1 };
    let arrive = |to: usize, out: &mut Vec<Pos>| {
        if own_rank(to, p.white) == 7 && !rules.promotions.is_empty() {
            for &kind in rules.promotions {
                out.push(after(p, from, to, kind));
            }
        } else {
            out.push(after(p, from, to, 'P'));
        }
    };
    if let Some(one) = step(from, 0, ahead)
        && p.board[one].is_none()
    {
        arrive(one, out);
        if own_rank(from, p.white) == 1
            && let Some(two) = step(one, 0, ahead)
            && p.board[two].is_none()
        {
            let mut c = after(p, from, two, 'P');
            c.ep = Some(one);
            out.push(c);
        }
    }
    for df in [-1, 1] {
        let Some(to) = step(from, df, ahead) else {
            continue;
        };
        match p.board[to] {
            Some((_, white)) if white != p.white => arrive(to, out),
            None if p.ep == Some(to) => {
                let mut c = after(p, from, to, 'P');
                c.board[(rank(from) * 8 + file(to)) as usize] = None;
                out.push(c);
            }
            _ => {}
        }
    }
}

/// Pocketing (section 4, move 2): with an empty pocket, any own piece but
/// the King leaves the board for the pocket as any kind it may become.
/// Never on White's first move of the game (OQ-6).
fn pocketings(p: &Pos, out: &mut Vec<Pos>) {
    let me = side(p.white);
    if p.pockets[me].is_some() || (p.white && p.fullmove == 1) {
        return;
    }
    for from in 0..64 {
        let Some((kind, white)) = p.board[from] else {
            continue;
        };
        if white != p.white || kind == 'K' {
            continue;
        }
        for new in pocket_kinds(kind, own_rank(from, p.white) == 7).chars() {
            let mut c = pass(p);
            c.board[from] = None;
            c.pockets[me] = Some(new);
            out.push(c);
        }
    }
}

/// Drops (section 4, move 3; OQ-4): the pocketed piece goes to any empty
/// square off its owner's 8th rank, pawns included.
fn drops(p: &Pos, out: &mut Vec<Pos>) {
    let me = side(p.white);
    let Some(kind) = p.pockets[me] else {
        return;
    };
    for to in 0..64 {
        if p.board[to].is_none() && own_rank(to, p.white) != 7 {
            let mut c = pass(p);
            c.board[to] = Some((kind, p.white));
            c.pockets[me] = None;
            out.push(c);
        }
    }
}

/// The positions after every move of the side to move, its King's safety
/// not yet considered.
fn moves(p: &Pos, rules: Rules) -> Vec<Pos> {
    let mut out = Vec::new();
    for from in 0..64 {
        match p.board[from] {
            Some(('P', w)) if w == p.white => pawn_moves(p, rules, from, &mut out),
            Some((kind, w)) if w == p.white => piece_moves(p, from, kind, &mut out),
            _ => {}
        }
    }
    if rules.pockets {
        pocketings(p, &mut out);
        drops(p, &mut out);
    }
    out
}

/// The positions after every legal move: the mover's King is not
/// attacked once the move is made (section 4, OQ-7).
pub(super) fn legal(p: &Pos, rules: Rules) -> Vec<Pos> {
    moves(p, rules)
        .into_iter()
        .filter(|c| !in_check(&c.board, p.white))
        .collect()
}

pub(super) fn reference_perft(p: &Pos, rules: Rules, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    legal(p, rules)
        .iter()
        .map(|c| reference_perft(c, rules, depth - 1))
        .sum()
}
