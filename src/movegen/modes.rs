//! Captures by a mode instead of by replacement ([`CaptureMode`]): the
//! Ultima / Rococo family's withdrawal, approach and leap. A piece with a
//! mode moves along its lines ([`ModeLine`]) to empty squares; the mode
//! says which enemies each move takes. Its moves are effect lists, as a
//! script's are, and its attacks are asked square by square.

use super::*;
use crate::rules::{CaptureMode, ModeLine};

/// The moves of `piece` on `from`, which captures by `mode`.
pub(super) fn mode_moves<S: Sink>(
    rules: &Rules,
    pos: &Position,
    from: Square,
    piece: Piece,
    mode: CaptureMode,
    out: &mut S,
) {
    let rays = &rules.tables.rays;
    // Is there an enemy on `sq` the piece may take?
    let victim = |sq: Square| {
        pos.piece_at(sq)
            .is_some_and(|v| v.color != piece.color && may_take(rules, pos, sq, piece, v))
    };
    for line in &rules.tables.mode_lines[piece.color][piece.kind.index()] {
        let ray = rays.ray(line.dir, from);
        let range = usize::from(line.range);
        match mode {
            CaptureMode::Withdrawal => {
                let behind = rays.step(line.back, from).filter(|&b| victim(b));
                for &to in ray.iter().take(range) {
                    if !pos.is_empty(to) {
                        break;
                    }
                    out.take_move(rules, mode_move(pos, from, to, piece, behind, line));
                }
            }
            CaptureMode::Approach => {
                for (i, &to) in ray.iter().enumerate().take(range) {
                    if !pos.is_empty(to) {
                        break;
                    }
                    let ahead = ray.get(i + 1).copied().filter(|&a| victim(a));
                    out.take_move(rules, mode_move(pos, from, to, piece, ahead, line));
                }
            }
            CaptureMode::Leap => leap_line(rules, pos, from, piece, line, ray, &victim, out),
        }
    }
}

/// The Long Leaper's moves along one line: to each empty square, having
/// jumped every enemy met so far (each with an empty square behind it);
/// a friend, an enemy it may not take, or two pieces in a row end the
/// line.
#[allow(clippy::too_many_arguments)]
fn leap_line<S: Sink>(
    rules: &Rules,
    pos: &Position,
    from: Square,
    piece: Piece,
    line: &ModeLine,
    ray: &[Square],
    victim: &impl Fn(Square) -> bool,
    out: &mut S,
) {
    let mut jumped: Vec<Square> = Vec::new();
    let mut i = 0;
    while i < ray.len() && i < usize::from(line.range) {
        let sq = ray[i];
        if pos.is_empty(sq) {
            let mv = if jumped.is_empty() {
                mode_move(pos, from, sq, piece, None, line)
            } else {
                captures_move(pos, from, sq, piece, &jumped)
            };
            out.take_move(rules, mv);
            i += 1;
            continue;
        }
        let beyond_empty = ray.get(i + 1).is_some_and(|&b| pos.is_empty(b));
        if !victim(sq) || !beyond_empty {
            break;
        }
        jumped.push(sq);
        i += 1;
    }
}

/// A move from `from` to the empty `to`, taking the piece on `taken` if
/// any: a plain move of the line's atom, or an effect list.
fn mode_move(
    pos: &Position,
    from: Square,
    to: Square,
    piece: Piece,
    taken: Option<Square>,
    line: &ModeLine,
) -> Move {
    match taken {
        Some(sq) => captures_move(pos, from, to, piece, &[sq]),
        None => Move {
            from,
            to,
            piece,
            captured: None,
            promotion: None,
            kind: MoveKind::Normal,
            origin: Origin::Atom(line.source),
            drop: None,
            push: None,
            choice: None,
            gate: None,
        },
    }
}

/// A move from `from` to the empty `to` that takes the pieces on
/// `taken`, in order.
fn captures_move(pos: &Position, from: Square, to: Square, piece: Piece, taken: &[Square]) -> Move {
    let mut effects: Vec<Effect> = taken
        .iter()
        .map(|&square| Effect::Capture {
            square,
            unit: 0,
            by: Some(from),
        })
        .collect();
    effects.push(Effect::MovePiece { from, to, unit: 0 });
    Move {
        from,
        to,
        piece,
        captured: taken.first().and_then(|&sq| pos.piece_at(sq)),
        promotion: None,
        kind: MoveKind::Effects(EffectList::new(effects)),
        origin: Origin::Other,
        drop: None,
        push: None,
        choice: None,
        gate: None,
    }
}

/// Does the piece on `src`, which captures by `mode`, attack `target`:
/// could it take a piece of the other side standing there (on an empty
/// square: any piece it may take)?
pub(super) fn mode_attacks(
    rules: &Rules,
    pos: &Position,
    src: Square,
    target: Square,
    mode: CaptureMode,
) -> bool {
    let Some(piece) = pos.piece_at(src) else {
        return false;
    };
    let rays = &rules.tables.rays;
    let takes = |sq: Square| {
        pos.piece_at(sq)
            .is_none_or(|v| v.color != piece.color && may_take(rules, pos, sq, piece, v))
    };
    let victim = |sq: Square| {
        pos.piece_at(sq)
            .is_some_and(|v| v.color != piece.color && may_take(rules, pos, sq, piece, v))
    };
    rules.tables.mode_lines[piece.color][piece.kind.index()]
        .iter()
        .any(|line| {
            let ray = rays.ray(line.dir, src);
            let range = usize::from(line.range);
            match mode {
                // Stepping away from the target along the line.
                CaptureMode::Withdrawal => {
                    rays.step(line.back, src) == Some(target)
                        && ray.first().is_some_and(|&to| pos.is_empty(to))
                        && takes(target)
                }
                // Stopping on an empty square right before it.
                CaptureMode::Approach => {
                    ray.iter()
                        .take(range)
                        .take_while(|&&sq| pos.is_empty(sq))
                        .enumerate()
                        .any(|(i, _)| ray.get(i + 1) == Some(&target))
                        && takes(target)
                }
                // Reaching it by its rules, with an empty square behind.
                CaptureMode::Leap => {
                    for (i, &sq) in ray.iter().enumerate().take(range) {
                        let beyond_empty = ray.get(i + 1).is_some_and(|&b| pos.is_empty(b));
                        if sq == target {
                            return beyond_empty && i + 1 < range && takes(target);
                        }
                        // An empty square, or an enemy it may jump.
                        let passable = pos.is_empty(sq) || (victim(sq) && beyond_empty);
                        if !passable {
                            return false;
                        }
                    }
                    false
                }
            }
        })
}
