//! Captures by a mode instead of by replacement ([`CaptureMode`]): the
//! Ultima / Rococo family's withdrawal, approach and leap, and the
//! imitator's. A piece with a mode moves along its lines ([`ModeLine`])
//! to empty squares; the mode says which enemies each move takes. Its
//! captures are effect lists, as a script's are, and its attacks are
//! asked square by square.

use super::*;
use crate::rules::{CaptureMode, ModeLine};

/// Can `piece` take what stands on `sq`: an enemy, not immune to it,
/// not protected?
#[inline]
fn takes_enemy(rules: &Rules, pos: &Position, sq: Square, piece: Piece) -> bool {
    pos.piece_at(sq)
        .is_some_and(|v| v.color != piece.color && may_take(rules, pos, sq, piece, v))
}

/// The moves of `piece` on `from`, which captures by `mode`.
pub(super) fn mode_moves<S: Sink>(
    rules: &Rules,
    pos: &Position,
    from: Square,
    piece: Piece,
    mode: CaptureMode,
    out: &mut S,
) {
    line_moves(rules, pos, from, piece, mode, out);
    if mode == CaptureMode::Imitate {
        imitate_kinds(rules, pos, from, piece, out);
    }
}

/// The moves of `piece` on `from` along its lines: by `mode`, which
/// enemies it may withdraw from, jump and approach.
fn line_moves<S: Sink>(
    rules: &Rules,
    pos: &Position,
    from: Square,
    piece: Piece,
    mode: CaptureMode,
    out: &mut S,
) {
    let victim = |sq: Square| takes_enemy(rules, pos, sq, piece);
    // An enemy of that mode the piece may take (the imitator's victims).
    let of_mode = |sq: Square, m: CaptureMode| enemy_mode(rules, pos, sq, piece) == Some(m);
    let never = |_: Square| false;
    for line in &rules.tables.mode_lines[piece.color][piece.kind.index()] {
        let behind = rules.tables.rays.step(line.back, from);
        let walk = Walk { from, piece, line };
        match mode {
            CaptureMode::Withdrawal => {
                walk.take(rules, pos, behind.filter(|&b| victim(b)), never, never, out);
            }
            CaptureMode::Approach => walk.take(rules, pos, None, never, victim, out),
            CaptureMode::Leap => walk.take(rules, pos, None, victim, never, out),
            CaptureMode::Imitate => walk.take(
                rules,
                pos,
                behind.filter(|&b| of_mode(b, CaptureMode::Withdrawal)),
                |sq| of_mode(sq, CaptureMode::Leap),
                |sq| of_mode(sq, CaptureMode::Approach),
                out,
            ),
        }
    }
}

/// The mode of the enemy on `sq` that `piece` may take, if it has one.
#[inline]
fn enemy_mode(rules: &Rules, pos: &Position, sq: Square, piece: Piece) -> Option<CaptureMode> {
    let mode = rules.pieces[pos.piece_at(sq)?.kind.index()].capture?;
    takes_enemy(rules, pos, sq, piece).then_some(mode)
}

/// One line of a piece with a capture mode.
struct Walk<'a> {
    from: Square,
    piece: Piece,
    line: &'a ModeLine,
}

impl Walk<'_> {
    /// The moves along the line, to each empty square: a piece on it ends
    /// the line unless `jump` may be jumped (with an empty square behind
    /// it). Each move takes, in this order, the pieces jumped so far, the
    /// one on `withdrawn` (behind the start), and the one just beyond the
    /// end if `approach` takes it.
    fn take<S: Sink>(
        &self,
        rules: &Rules,
        pos: &Position,
        withdrawn: Option<Square>,
        jump: impl Fn(Square) -> bool,
        approach: impl Fn(Square) -> bool,
        out: &mut S,
    ) {
        let ray = rules.tables.rays.ray(self.line.dir, self.from);
        let mut taken: Vec<Square> = Vec::new();
        for (i, &sq) in ray.iter().enumerate().take(usize::from(self.line.range)) {
            let next = ray.get(i + 1).copied();
            if pos.is_empty(sq) {
                let jumped = taken.len();
                taken.extend(withdrawn);
                taken.extend(next.filter(|&n| approach(n)));
                out.take_move(rules, self.to(pos, sq, &taken));
                taken.truncate(jumped);
            } else if jump(sq) && next.is_some_and(|n| pos.is_empty(n)) {
                taken.push(sq);
            } else {
                break;
            }
        }
    }

    /// The move to the empty `to` taking the pieces on `taken`: a plain
    /// move of the line's atom when it takes none, else an effect list.
    fn to(&self, pos: &Position, to: Square, taken: &[Square]) -> Move {
        let (from, piece) = (self.from, self.piece);
        if !taken.is_empty() {
            return captures_move(pos, from, to, piece, taken);
        }
        Move {
            from,
            to,
            piece,
            captured: None,
            promotion: None,
            kind: MoveKind::Normal,
            origin: Origin::Atom(self.line.source),
            drop: None,
            push: None,
            choice: None,
            gate: None,
        }
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
    let victim = |sq: Square| takes_enemy(rules, pos, sq, piece);
    let takes = |sq: Square| pos.is_empty(sq) || victim(sq);
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
            line_moves(rules, pos, src, piece, CaptureMode::Imitate, &mut moves);
            moves.iter().any(|m| {
                m.effects(rules)
                    .iter()
                    .any(|e| matches!(e, Effect::Capture { square, .. } if *square == target))
            })
        }
        None => takes_like(rules, pos, src, v.kind, false).contains(&target),
    }
}
