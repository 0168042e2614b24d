//! Path moves: bent, crooked, circular and cylindrical pieces walking
//! the step programs compiled for them.

use super::*;
use crate::rules::LocustGen;

/// Walks the paths of `t` from `from`: every square must be empty to go
/// on; the piece may stop where the path allows it, on an empty square
/// or capturing an enemy.
pub(super) fn gen_paths<S: Sink>(
    rules: &Rules,
    pos: &Position,
    from: Square,
    piece: Piece,
    t: &PathGen,
    out: &mut S,
) {
    let pawn = rules.is_pawn(piece.kind);
    for path in t.paths(from) {
        for &(to, stop) in path {
            let code = pos.code_at(to);
            if code == 0 {
                if stop && t.can_move {
                    out.take(
                        rules,
                        pawn,
                        from,
                        to,
                        piece,
                        None,
                        MoveKind::Normal,
                        t.source,
                    );
                } else if stop && t.can_capture && pawn {
                    // A pawn's lame capture (a Berolina + Monochromatic
                    // pawn's two-square one) takes en passant too.
                    en_passant_onto(rules, pos, out, from, piece, to, t.source);
                }
                continue;
            }
            if stop
                && t.can_capture
                && let Some(victim) = Piece::from_code(code)
                    .filter(|p| p.color != piece.color && may_take(rules, pos, to, piece, *p))
            {
                out.take(
                    rules,
                    pawn,
                    from,
                    to,
                    piece,
                    Some(victim),
                    MoveKind::Normal,
                    t.source,
                );
            }
            break;
        }
    }
}

/// The most enemies one locust move takes on the way (a program's takes
/// are at most its legs).
const MAX_TAKEN: usize = 16;

/// How a walk of a locust program ended.
enum Walked {
    /// `on_stop` asked to end every walk.
    Done,
    /// It could go no further than the step at this index (off the
    /// board, blocked, no enemy to take, or a stop on a piece).
    At(usize),
    /// It walked every step.
    Through,
}

/// One walk of a locust program from `from`: the squares it takes on the
/// way, and where it stops with what stands there. `on_stop` is told of
/// each square the piece may stop on (empty, or holding a piece it may
/// take); it returns `true` to end the whole walk. The piece has left
/// `from`, so its own square counts as empty.
fn walk_locust(
    rules: &Rules,
    pos: &Position,
    from: Square,
    piece: Piece,
    (prog, takes): (&[crate::lang::paths::Step], &[u8]),
    mut on_stop: impl FnMut(&[Square], Square, Option<Piece>) -> bool,
) -> Walked {
    let g = rules.geometry();
    let walls = rules.walls();
    let mut taken = [Square(0); MAX_TAKEN];
    let mut n = 0;
    let mut at = from;
    for (i, &(dx, dy, stop)) in prog.iter().enumerate() {
        let Some(sq) = g.offset(at, i32::from(dx), i32::from(dy)) else {
            return Walked::At(i);
        };
        if walls.contains(sq) {
            return Walked::At(i);
        }
        at = sq;
        let here = if sq == from { None } else { pos.piece_at(sq) };
        if takes.contains(&(i as u8)) {
            // A locust leg ends on an enemy it may take, once.
            match here {
                Some(v)
                    if v.color != piece.color
                        && n < MAX_TAKEN
                        && !taken[..n].contains(&sq)
                        && may_take(rules, pos, sq, piece, v) =>
                {
                    taken[n] = sq;
                    n += 1;
                    continue;
                }
                _ => return Walked::At(i),
            }
        }
        match here {
            None => {
                if stop && on_stop(&taken[..n], sq, None) {
                    return Walked::Done;
                }
            }
            Some(v) => {
                let done = stop
                    && v.color != piece.color
                    && !taken[..n].contains(&sq)
                    && may_take(rules, pos, sq, piece, v)
                    && on_stop(&taken[..n], sq, Some(v));
                return if done { Walked::Done } else { Walked::At(i) };
            }
        }
    }
    Walked::Through
}

/// Walks each program of `t` from `from` until `on_stop` says done;
/// `on_stop` is told only of the stops `t` allows (on an empty square
/// when it moves, on a piece when it captures) inside the piece's
/// region. Programs that begin as one that could not go on past a step
/// (the programs of a move come grouped by their first legs) are not
/// walked.
fn walk_all(
    rules: &Rules,
    pos: &Position,
    from: Square,
    piece: Piece,
    t: &LocustGen,
    mut on_stop: impl FnMut(&[Square], Square, Option<Piece>) -> bool,
) -> bool {
    let mut on_stop = |taken: &[Square], to: Square, there: Option<Piece>| {
        let allowed = if there.is_some() {
            t.can_capture
        } else {
            t.can_move
        };
        allowed && rules.in_region(piece, to) && on_stop(taken, to, there)
    };
    let mut dead: Option<(&[crate::lang::paths::Step], &[u8])> = None;
    for (prog, takes) in t.programs() {
        if let Some((p, k)) = dead
            && prog.len() >= p.len()
            && prog[..p.len()] == *p
            && takes
                .iter()
                .take_while(|&&i| usize::from(i) < p.len())
                .eq(k.iter())
        {
            continue;
        }
        match walk_locust(rules, pos, from, piece, (prog, takes), &mut on_stop) {
            Walked::Done => return true,
            Walked::At(i) => {
                let p = &prog[..=i];
                let n = takes.iter().take_while(|&&j| usize::from(j) <= i).count();
                dead = Some((p, &takes[..n]));
            }
            Walked::Through => dead = None,
        }
    }
    false
}

/// The locust moves of `t` from `from`: walks that take every enemy a
/// leg before the last ends on, then stop on an empty square (`m`) or
/// capture there too (`c`). Each is one move of effects (the captures on
/// the way in square order, then the last one, then the piece's move);
/// walks with the same captures and end are one move.
pub(super) fn gen_locust<S: Sink>(
    rules: &Rules,
    pos: &Position,
    from: Square,
    piece: Piece,
    t: &LocustGen,
    out: &mut S,
) {
    let mut seen: Vec<EffectList> = Vec::new();
    walk_all(rules, pos, from, piece, t, |taken, to, there| {
        let mut squares: Vec<Square> = taken.to_vec();
        squares.sort_unstable_by_key(|s| s.0);
        if there.is_some() {
            squares.push(to);
        }
        let mut effects = captures(from, &squares);
        if to != from {
            effects.push(Effect::MovePiece { from, to, unit: 0 });
        }
        let mv = effects_move(pos, (from, to), piece, effects, Origin::Atom(t.source));
        if let MoveKind::Effects(list) = mv.kind
            && !seen.contains(&list)
        {
            seen.push(list);
            out.take_move(rules, mv);
        }
        false
    });
}

/// Does the piece on `src` take `sq` by one of its locust moves, on the
/// way or where it stops? An empty `sq` is asked about as if an enemy of
/// the piece stood there.
pub(super) fn locust_attacks(rules: &Rules, pos: &Position, src: Square, sq: Square) -> bool {
    let Some(p) = pos.piece_at(src) else {
        return false;
    };
    let tables = &rules.tables().locusts_of[p.color][p.kind.index()];
    if !tables.iter().any(|t| t.reach(src).contains(sq)) {
        return false;
    }
    let stand_in;
    let pos = if pos.is_empty(sq) {
        // A stand-in victim: a royal of the other side, else any piece.
        let Some(kind) = pos
            .royals(!p.color)
            .iter()
            .chain(pos.occupied(!p.color).iter())
            .find_map(|s| pos.piece_at(s))
            .map(|v| v.kind)
            .or_else(|| (0..rules.pieces().len()).map(|k| PieceKind(k as u8)).next())
        else {
            return false;
        };
        let mut probe = pos.clone();
        probe.put(rules, sq, Piece::new(kind, !p.color));
        stand_in = probe;
        &stand_in
    } else {
        pos
    };
    tables
        .iter()
        .filter(|t| t.reach(src).contains(sq) && (!t.initial || initial_ok(rules, pos, src, p)))
        .any(|t| {
            walk_all(rules, pos, src, p, t, |taken, to, there| {
                taken.contains(&sq) || there.is_some() && to == sq
            })
        })
}
