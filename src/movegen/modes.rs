//! Captures by a mode instead of by replacement ([`CaptureMode`]): the
//! Ultima / Rococo family's withdrawal, approach and leap, and the
//! imitator's. A piece with a mode moves along its lines ([`ModeLine`])
//! to empty squares; the mode says which enemies each move takes. Its
//! captures are effect lists, as a script's are, and its attacks are
//! asked square by square.

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
            CaptureMode::Imitate => imitate_line(rules, pos, from, piece, line, ray, out),
        }
    }
    if mode == CaptureMode::Imitate {
        imitate_kinds(rules, pos, from, piece, out);
    }
}

/// The mode of the enemy on `sq` that `piece` may take, if it has one.
#[inline]
fn enemy_mode(rules: &Rules, pos: &Position, sq: Square, piece: Piece) -> Option<CaptureMode> {
    let v = pos.piece_at(sq)?;
    let mode = rules.pieces[v.kind.index()].capture?;
    (v.color != piece.color && may_take(rules, pos, sq, piece, v)).then_some(mode)
}

/// An imitator's moves along one line: to each empty square, taking the
/// enemies of a mode it meets by their own mode, together: those it
/// jumped (leap), the one it moves away from (withdrawal) and the one it
/// stops before (approach), in that order.
fn imitate_line<S: Sink>(
    rules: &Rules,
    pos: &Position,
    from: Square,
    piece: Piece,
    line: &ModeLine,
    ray: &[Square],
    out: &mut S,
) {
    let rays = &rules.tables.rays;
    let withdraw = rays
        .step(line.back, from)
        .filter(|&b| enemy_mode(rules, pos, b, piece) == Some(CaptureMode::Withdrawal));
    let mut taken: Vec<Square> = Vec::new();
    let mut i = 0;
    while i < ray.len() && i < usize::from(line.range) {
        let sq = ray[i];
        let next = ray.get(i + 1).copied();
        if pos.is_empty(sq) {
            let jumped = taken.len();
            taken.extend(withdraw);
            taken.extend(
                next.filter(|&n| enemy_mode(rules, pos, n, piece) == Some(CaptureMode::Approach)),
            );
            let mv = if taken.is_empty() {
                mode_move(pos, from, sq, piece, None, line)
            } else {
                captures_move(pos, from, sq, piece, &taken)
            };
            out.take_move(rules, mv);
            taken.truncate(jumped);
            i += 1;
            continue;
        }
        let jumpable = enemy_mode(rules, pos, sq, piece) == Some(CaptureMode::Leap)
            && next.is_some_and(|n| pos.is_empty(n));
        if !jumpable {
            break;
        }
        taken.push(sq);
        i += 1;
    }
}

/// An imitator's captures of enemies of kinds without a mode and not
/// left to the script: each such kind once, by that kind's own captures
/// from the imitator's square (scripted ones included), taking only
/// pieces of that kind.
fn imitate_kinds<S: Sink>(rules: &Rules, pos: &Position, from: Square, piece: Piece, out: &mut S) {
    let mut seen = KindSet::EMPTY;
    for sq in pos.occupied(!piece.color).iter() {
        let Some(v) = pos.piece_at(sq) else {
            continue;
        };
        if seen.contains(v.kind) {
            continue;
        }
        seen.insert(v.kind);
        let def = &rules.pieces[v.kind.index()];
        if def.capture.is_some()
            || rules.pieces[piece.kind.index()]
                .script_imitates
                .contains(v.kind)
        {
            continue;
        }
        for t in takes_like(rules, pos, from, v.kind, false) {
            out.take_move(rules, captures_move(pos, from, t, piece, &[t]));
        }
    }
}

/// The squares the piece on `from` would capture on if it were of kind
/// `kind` (its colour kept), each once, in the order its moves find
/// them: by all its moves, or with `scripted` false by its `betza`
/// moves alone (a scripted kind's script is not imitated). An imitator
/// is no pawn: where promotion comes from the reserve, the last rank
/// stays open to it whatever the reserve holds.
pub(crate) fn captures_as(
    rules: &Rules,
    pos: &Position,
    from: Square,
    kind: PieceKind,
    scripted: bool,
) -> Vec<Square> {
    let Some(me) = pos.piece_at(from) else {
        return Vec::new();
    };
    let mut as_kind = pos.clone();
    as_kind.take(rules, from);
    let actor = Piece::new(kind, me.color);
    as_kind.put(rules, from, actor);
    if rules.pawns.from_reserve() && as_kind.reserves()[me.color].last().is_none() {
        as_kind.set_reserve(me.color, crate::board::Reserve::with(&[actor]));
    }
    let mut moves = Vec::new();
    if scripted {
        piece_moves(rules, &as_kind, from, &mut moves);
    } else if rules.auras.freezers.is_empty() || !frozen(rules, &as_kind, from, actor) {
        gen_native(rules, &as_kind, from, actor, &mut moves);
    }
    let mut out: Vec<Square> = Vec::new();
    for m in &moves {
        let mut add = |v: Square| {
            if !out.contains(&v) {
                out.push(v);
            }
        };
        match &m.kind {
            MoveKind::EnPassant(v) => add(*v),
            MoveKind::Effects(list) => {
                for e in list.effects().iter() {
                    if let Effect::Capture { square, .. } = e {
                        add(*square);
                    }
                }
            }
            _ if m.captured.is_some() => add(m.to),
            _ => {}
        }
    }
    out
}

/// The enemies of kind `kind` that the piece on `from` could capture by
/// that kind's captures ([`captures_as`], with or without its script)
/// and may capture: an imitator's captures of them.
pub(crate) fn takes_like(
    rules: &Rules,
    pos: &Position,
    from: Square,
    kind: PieceKind,
    scripted: bool,
) -> Vec<Square> {
    let Some(me) = pos.piece_at(from) else {
        return Vec::new();
    };
    let mut targets = captures_as(rules, pos, from, kind, scripted);
    targets.retain(|&t| {
        pos.piece_at(t).is_some_and(|v| {
            v.kind == kind && v.color != me.color && may_take(rules, pos, t, me, v)
        })
    });
    targets
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
    if mode == CaptureMode::Imitate {
        return imitator_attacks(rules, pos, src, piece, target);
    }
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
                CaptureMode::Imitate => false,
            }
        })
}

/// Does the imitator `piece` on `src` attack `target`: is a royal
/// standing there that it could take the way that royal captures? (It
/// threatens nothing else: a square is asked about for royal safety.)
fn imitator_attacks(
    rules: &Rules,
    pos: &Position,
    src: Square,
    piece: Piece,
    target: Square,
) -> bool {
    let Some(v) = pos.piece_at(target) else {
        return false;
    };
    if !rules.is_royal(v.kind) || v.color == piece.color {
        return false;
    }
    if rules.pieces[piece.kind.index()]
        .script_imitates
        .contains(v.kind)
    {
        return false;
    }
    match rules.pieces[v.kind.index()].capture {
        Some(CaptureMode::Imitate) => false,
        Some(_) => {
            let mut moves: Vec<Move> = Vec::new();
            for line in &rules.tables.mode_lines[piece.color][piece.kind.index()] {
                let ray = rules.tables.rays.ray(line.dir, src);
                imitate_line(rules, pos, src, piece, line, ray, &mut moves);
            }
            moves.iter().any(|m| {
                m.effects(rules)
                    .iter()
                    .any(|e| matches!(e, Effect::Capture { square, .. } if *square == target))
            })
        }
        None => takes_like(rules, pos, src, v.kind, false).contains(&target),
    }
}
