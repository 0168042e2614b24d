//! The attack test, moves with their morphs and demotions, castling,
//! promotion, the legal children and perft.

use super::*;

/// Whether a piece of side `by_white` could capture on `sq` by its normal
/// movement (OQ-1): pawns' diagonal captures, the King, pinned pieces.
fn attacked(board: &[Option<Piece>; 64], sq: usize, by_white: bool) -> bool {
    let is = |s: Option<usize>, kind: char| s.is_some_and(|s| board[s] == Some((kind, by_white)));
    // A White pawn attacks the rank above it, a Black pawn the rank below.
    let behind = if by_white { -1 } else { 1 };
    if is(step(sq, -1, behind), 'P') || is(step(sq, 1, behind), 'P') {
        return true;
    }
    if king_steps().any(|&(df, dr)| is(step(sq, df, dr), 'K')) {
        return true;
    }
    for part in [Part::Rook, Part::Bishop, Part::Knight] {
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

/// The castling rights a move from or to `sq` takes away.
fn clear_rights(castle: &mut [bool; 4], sq: usize) {
    match sq {
        4 => (castle[0], castle[1]) = (false, false),
        7 => castle[0] = false,
        0 => castle[1] = false,
        60 => (castle[2], castle[3]) = (false, false),
        63 => castle[2] = false,
        56 => castle[3] = false,
        _ => {}
    }
}

/// The position after the piece on `from` goes to `to` and stands there
/// as `kind`: the other side to move, no en-passant square.
fn after(p: &Pos, from: usize, to: usize, kind: char) -> Pos {
    let mut c = *p;
    c.board[from] = None;
    c.board[to] = Some((kind, p.white));
    clear_rights(&mut c.castle, from);
    clear_rights(&mut c.castle, to);
    c.white = !p.white;
    c.ep = None;
    c
}

/// Moves of the Knight, Bishop, Rook, Queen, Marshall and Paladin on
/// `from`, with metamorphosis and demotion (section 4).
fn piece_moves(p: &Pos, rules: Rules, from: usize, kind: char, out: &mut Vec<Pos>) {
    // Judged once, before the move, on the starting square (OQ-1, OQ-8).
    let escapes = match morphed(kind) {
        Some(new) if rules.morph && attacked(&p.board, from, !p.white) => Some(new),
        _ => None,
    };
    for &part in parts(kind) {
        for &(df, dr) in part.vectors() {
            let mut s = step(from, df, dr);
            while let Some(to) = s {
                match p.board[to] {
                    None => {
                        if let Some(new) = escapes {
                            out.push(after(p, from, to, new));
                        }
                        if escapes.is_none() || rules.optional {
                            out.push(after(p, from, to, kind));
                        }
                    }
                    Some((_, white)) => {
                        if white != p.white {
                            let lands = if rules.morph && compound(kind) {
                                part.letter()
                            } else {
                                kind
                            };
                            out.push(after(p, from, to, lands));
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

/// King steps and castling (a King move: the rook never morphs, OQ-6).
fn king_moves(p: &Pos, from: usize, out: &mut Vec<Pos>) {
    for &(df, dr) in king_steps() {
        if let Some(to) = step(from, df, dr)
            && p.board[to].is_none_or(|(_, w)| w != p.white)
        {
            out.push(after(p, from, to, 'K'));
        }
    }
    let (home, rights) = if p.white { (4, 0) } else { (60, 2) };
    if from != home || attacked(&p.board, home, !p.white) {
        return;
    }
    let empty = |squares: &[usize]| squares.iter().all(|&s| p.board[s].is_none());
    let safe = |squares: &[usize]| squares.iter().all(|&s| !attacked(&p.board, s, !p.white));
    let rook = Some(('R', p.white));
    if p.castle[rights]
        && p.board[home + 3] == rook
        && empty(&[home + 1, home + 2])
        && safe(&[home + 1, home + 2])
    {
        let mut c = after(p, home, home + 2, 'K');
        c.board[home + 3] = None;
        c.board[home + 1] = rook;
        out.push(c);
    }
    if p.castle[rights + 1]
        && p.board[home - 4] == rook
        && empty(&[home - 1, home - 2, home - 3])
        && safe(&[home - 1, home - 2])
    {
        let mut c = after(p, home, home - 2, 'K');
        c.board[home - 4] = None;
        c.board[home - 1] = rook;
        out.push(c);
    }
}

/// Pawn pushes, double steps, captures, en passant and promotion (to
/// `rules.promotions`; the new piece does not morph, OQ-5).
fn pawn_moves(p: &Pos, rules: Rules, from: usize, out: &mut Vec<Pos>) {
    let (ahead, start, last) = if p.white { (1, 1, 7) } else { (-1, 6, 0) };
    let arrive = |to: usize, out: &mut Vec<Pos>| {
        if rank(to) == last {
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
        if rank(from) == start
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

/// The positions after every move of the side to move, its King's
/// safety not yet considered.
fn moves(p: &Pos, rules: Rules) -> Vec<Pos> {
    let mut out = Vec::new();
    for from in 0..64 {
        match p.board[from] {
            Some(('P', w)) if w == p.white => pawn_moves(p, rules, from, &mut out),
            Some(('K', w)) if w == p.white => king_moves(p, from, &mut out),
            Some((kind, w)) if w == p.white => piece_moves(p, rules, from, kind, &mut out),
            _ => {}
        }
    }
    out
}

/// The positions after every legal move: the mover's King is not
/// attacked once the move (and any transformation) is made.
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
