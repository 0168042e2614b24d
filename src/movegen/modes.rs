//! Captures by a mode instead of by replacement ([`CaptureMode`]): the
//! Ultima / Rococo family's withdrawal, approach and leap, the imitator's,
//! and the shot, swap, collision, sling and recruitment of other fairy
//! pieces. A piece with a mode moves along its lines ([`ModeLine`]) to
//! empty squares; the mode says which enemies each move takes, or what
//! it does instead of moving. Its captures are effect lists, as a
//! script's are, and its attacks are asked square by square.

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
    let lines = &rules.tables().mode_lines[piece.color][piece.kind.index()];
    match mode {
        CaptureMode::Withdrawal | CaptureMode::Approach | CaptureMode::Leap => {
            line_moves(rules, pos, from, piece, mode, out);
        }
        CaptureMode::Imitate => {
            line_moves(rules, pos, from, piece, mode, out);
            imitate_kinds(rules, pos, from, piece, out);
        }
        CaptureMode::Swap
        | CaptureMode::Shoot
        | CaptureMode::Collide
        | CaptureMode::Sling
        | CaptureMode::Recruit => {
            // Its quiet moves along its lines, then its captures: at the
            // end of a line (a swap, a shot) or made apart.
            for line in lines {
                let end = Walk { from, piece, line }.quiet(rules, pos, out);
                let Some(end) = end else { continue };
                match mode {
                    CaptureMode::Swap => swap_moves(rules, pos, (from, piece), end, &[], out),
                    CaptureMode::Shoot => shot(rules, pos, (from, piece), end, None, out),
                    CaptureMode::Collide
                    | CaptureMode::Sling
                    | CaptureMode::Recruit
                    | CaptureMode::Withdrawal
                    | CaptureMode::Approach
                    | CaptureMode::Leap
                    | CaptureMode::Imitate => {}
                }
            }
            match mode {
                CaptureMode::Collide => collisions(rules, pos, (from, piece), lines, None, out),
                CaptureMode::Sling => slings(rules, pos, from, piece, out),
                CaptureMode::Recruit => recruits(rules, pos, from, piece, out),
                CaptureMode::Swap
                | CaptureMode::Shoot
                | CaptureMode::Withdrawal
                | CaptureMode::Approach
                | CaptureMode::Leap
                | CaptureMode::Imitate => {}
            }
        }
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
    for line in &rules.tables().mode_lines[piece.color][piece.kind.index()] {
        let behind = rules.tables().rays.step(line.back, from);
        let walk = Walk { from, piece, line };
        match mode {
            CaptureMode::Withdrawal => {
                walk.take(rules, pos, behind.filter(|&b| victim(b)), never, never, out);
            }
            CaptureMode::Approach => {
                walk.take(rules, pos, None, never, victim, out);
            }
            CaptureMode::Leap => {
                walk.take(rules, pos, None, victim, never, out);
            }
            CaptureMode::Imitate => {
                let withdrawn = behind.filter(|&b| of_mode(b, CaptureMode::Withdrawal));
                let approach = |sq| of_mode(sq, CaptureMode::Approach);
                let end = walk.take(
                    rules,
                    pos,
                    withdrawn,
                    |sq| of_mode(sq, CaptureMode::Leap),
                    approach,
                    out,
                );
                // An enemy swapper first on the line: swapped with, by the
                // withdrawal and approach the move makes, or destroyed.
                if let Some((i, sq, 0)) = end
                    && pos.piece_at(sq).is_some_and(|v| {
                        v.color != piece.color
                            && rules.pieces()[v.kind.index()].capture == Some(CaptureMode::Swap)
                    })
                {
                    let next = rules.tables().rays.ray(line.dir, from).get(i + 1).copied();
                    let mut taken: Vec<Square> = withdrawn.into_iter().collect();
                    taken.extend(next.filter(|&n| approach(n)));
                    swap_moves(rules, pos, (from, piece), (i, sq), &taken, out);
                }
            }
            // Not along the line: `mode_moves` makes their captures.
            CaptureMode::Shoot
            | CaptureMode::Swap
            | CaptureMode::Collide
            | CaptureMode::Sling
            | CaptureMode::Recruit => {}
        }
    }
}

/// The swap of `me` with the piece on `sq` (the first piece on a line, at
/// index `i`), taking the pieces on `taken` first, unless it undoes the
/// last swap; and, when `sq` is next to it and an enemy it may take, the
/// destruction of both.
fn swap_moves<S: Sink>(
    rules: &Rules,
    pos: &Position,
    (from, piece): (Square, Piece),
    (i, sq): (usize, Square),
    taken: &[Square],
    out: &mut S,
) {
    let undoes = pos
        .swap_back()
        .is_some_and(|(a, b)| (a, b) == (from, sq) || (a, b) == (sq, from));
    if !undoes {
        let mut effects = captures(from, taken);
        effects.push(Effect::Swap(from, sq));
        out.take_move(
            rules,
            effects_move(pos, (from, sq), piece, effects, Origin::Other),
        );
    }
    if i == 0 && takes_enemy(rules, pos, sq, piece) {
        let mut effects = captures(from, &[sq]);
        effects.push(Effect::Remove {
            square: from,
            unit: 0,
        });
        out.take_move(
            rules,
            effects_move(pos, (from, sq), piece, effects, Origin::Destroy),
        );
    }
}

/// The shots of the imitator `me` along a shooter's `lines` at the
/// enemies of kind `only`.
fn shots<S: Sink>(
    rules: &Rules,
    pos: &Position,
    (from, me): (Square, Piece),
    lines: &[ModeLine],
    only: PieceKind,
    out: &mut S,
) {
    for line in lines {
        if let Some(end) = first_piece(rules, pos, from, line) {
            shot(rules, pos, (from, me), end, Some(only), out);
        }
    }
}

/// The shot of `me` on `from` at the first piece on a line (`i` squares
/// between), if that is an enemy it may take, of kind `only` if given:
/// from three squares on only when spotted. Written as a move to the
/// target; the shooter stays.
fn shot<S: Sink>(
    rules: &Rules,
    pos: &Position,
    (from, me): (Square, Piece),
    (i, sq): (usize, Square),
    only: Option<PieceKind>,
    out: &mut S,
) {
    let kind_ok = only.is_none_or(|k| pos.piece_at(sq).is_some_and(|v| v.kind == k));
    if kind_ok
        && takes_enemy(rules, pos, sq, me)
        && (i < 2 || spotted(rules, pos, sq, me.color, from))
    {
        let effects = captures(from, &[sq]);
        out.take_move(
            rules,
            effects_move(pos, (from, sq), me, effects, Origin::Other),
        );
    }
}

/// The first piece along `line` from `from`, within its range: its index
/// on the ray and its square.
fn first_piece(
    rules: &Rules,
    pos: &Position,
    from: Square,
    line: &ModeLine,
) -> Option<(usize, Square)> {
    rules
        .tables()
        .rays
        .ray(line.dir, from)
        .iter()
        .take(usize::from(line.range))
        .enumerate()
        .find(|(_, s)| !pos.is_empty(**s))
        .map(|(i, &s)| (i, s))
}

/// Does a piece of `color` other than the shooter on `shooter` spot
/// `target`: stand next to it, or two squares from it along a line with
/// the square between empty?
fn spotted(rules: &Rules, pos: &Position, target: Square, color: Color, shooter: Square) -> bool {
    let rays = &rules.tables().rays;
    let friend = |s: Square| s != shooter && pos.piece_at(s).is_some_and(|p| p.color == color);
    rules.tables().unit_dirs.iter().any(|&d| {
        let Some(near) = rays.step(d, target).filter(|&n| n != shooter) else {
            return false;
        };
        if !pos.is_empty(near) {
            return friend(near);
        }
        rays.step(d, near).is_some_and(friend)
    })
}

/// The collisions of `me` along `lines` (its own, or a collider's it
/// imitates), taking enemies of kind `only` if given: up to the square
/// before the first piece on a line, then along each turn to the first
/// piece there. Each victim once.
fn collisions<S: Sink>(
    rules: &Rules,
    pos: &Position,
    (from, me): (Square, Piece),
    lines: &[ModeLine],
    only: Option<PieceKind>,
    out: &mut S,
) {
    let mut seen = SquareSet::EMPTY;
    for line in lines {
        let Some((s, turns)) = turning_square(rules, pos, from, line) else {
            continue;
        };
        for g in turns {
            let Some(&t) = rules
                .tables()
                .rays
                .ray(g, s)
                .iter()
                .find(|&&t| !pos.is_empty(t))
            else {
                continue;
            };
            let kind_ok = only.is_none_or(|k| pos.piece_at(t).is_some_and(|v| v.kind == k));
            if t != from && !seen.contains(t) && kind_ok && takes_enemy(rules, pos, t, me) {
                seen.insert(t);
                out.take_move(rules, captures_move(pos, from, t, me, &[t]));
            }
        }
    }
}

/// Where a collider on `from` turns along `line`: the square before the
/// first piece on it (`from` itself when that piece is adjacent), within
/// the line's range, with the two turns; `None` when the line meets no
/// piece or is no single step.
fn turning_square(
    rules: &Rules,
    pos: &Position,
    from: Square,
    line: &ModeLine,
) -> Option<(Square, [u16; 2])> {
    let turns = line.turns?;
    let ray = rules.tables().rays.ray(line.dir, from);
    let i = ray.iter().position(|&s| !pos.is_empty(s))?;
    if i > usize::from(line.range) {
        return None;
    }
    Some((if i == 0 { from } else { ray[i - 1] }, turns))
}

/// The slings of `piece` on `from`: a step along a line to an empty
/// square throws the piece behind it over it, to the last empty square
/// before the first piece in the way or onto an enemy there it may take.
fn slings<S: Sink>(rules: &Rules, pos: &Position, from: Square, piece: Piece, out: &mut S) {
    let rays = &rules.tables().rays;
    for line in &rules.tables().mode_lines[piece.color][piece.kind.index()] {
        let Some((step, p, slung)) = sling_start(rules, pos, from, line) else {
            continue;
        };
        let mut land = None;
        let mut victim = None;
        for &sq in rays.ray(line.dir, step) {
            if own_first_rank(rules, slung, sq) {
                break;
            }
            if !pos.is_empty(sq) {
                if takes_enemy(rules, pos, sq, piece) {
                    land = Some(sq);
                    victim = Some(sq);
                }
                break;
            }
            land = Some(sq);
        }
        let Some(land) = land.filter(|&l| pos.may_arrive(rules, slung, l)) else {
            continue;
        };
        let mut effects = captures(from, victim.as_slice());
        effects.push(Effect::MovePiece {
            from,
            to: step,
            unit: 0,
        });
        effects.push(Effect::MovePiece {
            from: p,
            to: land,
            unit: 0,
        });
        out.take_move(
            rules,
            effects_move(pos, (from, land), piece, effects, Origin::Other),
        );
    }
}

/// A sling's start along `line`: the empty square stepped to, and the
/// square and piece right behind `from`.
fn sling_start(
    rules: &Rules,
    pos: &Position,
    from: Square,
    line: &ModeLine,
) -> Option<(Square, Square, Piece)> {
    let rays = &rules.tables().rays;
    let step = rays.step(line.dir, from).filter(|&s| pos.is_empty(s))?;
    let p = rays.step(line.back, from)?;
    Some((step, p, pos.piece_at(p)?))
}

/// Is `sq` on the first rank of `piece`'s side, and `piece` a pawn?
fn own_first_rank(rules: &Rules, piece: Piece, sq: Square) -> bool {
    rules.is_pawn(piece.kind) && rules.geometry().relative_rank(sq, piece.color) == 1
}

/// The recruitments of `piece` on `from`: the first square of each line
/// holding an enemy it may take, not royal, becomes its own.
fn recruits<S: Sink>(rules: &Rules, pos: &Position, from: Square, piece: Piece, out: &mut S) {
    for line in &rules.tables().mode_lines[piece.color][piece.kind.index()] {
        let Some(n) = rules.tables().rays.step(line.dir, from) else {
            continue;
        };
        let royal = pos.piece_at(n).is_some_and(|v| rules.is_royal(v.kind));
        if !royal && takes_enemy(rules, pos, n, piece) {
            let effects = vec![Effect::SetOwner {
                square: n,
                unit: 0,
                color: piece.color,
            }];
            out.take_move(
                rules,
                effects_move(pos, (from, n), piece, effects, Origin::Other),
            );
        }
    }
}

/// The mode of the enemy on `sq` that `piece` may take, if it has one.
#[inline]
fn enemy_mode(rules: &Rules, pos: &Position, sq: Square, piece: Piece) -> Option<CaptureMode> {
    let mode = rules.pieces()[pos.piece_at(sq)?.kind.index()].capture?;
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
    ///
    /// Returns where the line ended at a piece within range, if it did:
    /// its index on the ray, its square and how many pieces were jumped.
    fn take<S: Sink>(
        &self,
        rules: &Rules,
        pos: &Position,
        withdrawn: Option<Square>,
        jump: impl Fn(Square) -> bool,
        approach: impl Fn(Square) -> bool,
        out: &mut S,
    ) -> Option<(usize, Square, usize)> {
        let ray = rules.tables().rays.ray(self.line.dir, self.from);
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
                return Some((i, sq, taken.len()));
            }
        }
        None
    }

    /// The quiet moves along the line ([`Walk::take`] taking nothing);
    /// returns the index and square of the piece that ends it within
    /// range, if one does.
    fn quiet<S: Sink>(
        &self,
        rules: &Rules,
        pos: &Position,
        out: &mut S,
    ) -> Option<(usize, Square)> {
        let never = |_: Square| false;
        self.take(rules, pos, None, never, never, out)
            .map(|(i, sq, _)| (i, sq))
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

/// An imitator's captures of enemies not taken along its lines and not
/// left to the script: each such kind once, a shooter or a collider by
/// that mode, a kind without a mode by its own captures from the
/// imitator's square, taking only pieces of that kind.
#[inline]
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
        if !rules.pieces()[piece.kind.index()]
            .script_imitates
            .contains(v.kind)
        {
            imitate_kind(rules, pos, (from, piece), v.kind, out);
        }
    }
}

/// The imitator `me`'s captures of the enemies of kind `kind` that are
/// not taken along its lines: a shooter's or collider's by that mode
/// along that kind's lines, a kind without a mode's by its `betza`
/// captures; none of a kind of another mode.
fn imitate_kind<S: Sink>(
    rules: &Rules,
    pos: &Position,
    (from, me): (Square, Piece),
    kind: PieceKind,
    out: &mut S,
) {
    let lines = &rules.tables().mode_lines[me.color][kind.index()];
    match rules.pieces()[kind.index()].capture {
        None => {
            for t in takes_like(rules, pos, from, kind, false) {
                out.take_move(rules, captures_move(pos, from, t, me, &[t]));
            }
        }
        Some(CaptureMode::Shoot) => shots(rules, pos, (from, me), lines, kind, out),
        Some(CaptureMode::Collide) => collisions(rules, pos, (from, me), lines, Some(kind), out),
        // Taken along the imitator's lines (`line_moves`), or never.
        Some(
            CaptureMode::Withdrawal
            | CaptureMode::Approach
            | CaptureMode::Leap
            | CaptureMode::Swap
            | CaptureMode::Imitate
            | CaptureMode::Sling
            | CaptureMode::Recruit,
        ) => {}
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
    if rules.pawns().from_reserve() && as_kind.reserves()[me.color].last().is_none() {
        as_kind.set_reserve(me.color, crate::board::Reserve::with(&[actor]));
    }
    let mut moves = Vec::new();
    if scripted {
        piece_moves(rules, &as_kind, from, &mut moves);
    } else if rules.auras().freezers.is_empty() || !frozen(rules, &as_kind, from, actor) {
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
    let mut effects = captures(from, taken);
    effects.push(Effect::MovePiece { from, to, unit: 0 });
    effects_move(pos, (from, to), piece, effects, Origin::Other)
}

/// The captures of the pieces on `taken` by the piece on `from`.
pub(super) fn captures(from: Square, taken: &[Square]) -> Vec<Effect> {
    taken
        .iter()
        .map(|&square| Effect::Capture {
            square,
            unit: 0,
            by: Some(from),
        })
        .collect()
}

/// The move of `piece` written from `from` to `to` that makes `effects`;
/// it captures what its first capture takes.
pub(super) fn effects_move(
    pos: &Position,
    (from, to): (Square, Square),
    piece: Piece,
    effects: Vec<Effect>,
    origin: Origin,
) -> Move {
    let captured = effects.iter().find_map(|e| match e {
        Effect::Capture { square, .. } => pos.piece_at(*square),
        _ => None,
    });
    Move {
        from,
        to,
        piece,
        captured,
        promotion: None,
        kind: MoveKind::Effects(EffectList::new(effects)),
        origin,
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
    let rays = &rules.tables().rays;
    let lines = &rules.tables().mode_lines[piece.color][piece.kind.index()];
    let takes = |sq: Square| pos.is_empty(sq) || takes_enemy(rules, pos, sq, piece);
    match mode {
        CaptureMode::Imitate => return imitator_attacks(rules, pos, src, piece, target),
        CaptureMode::Recruit => return false,
        // Destroying it, next to it.
        CaptureMode::Swap => {
            return lines.iter().any(|l| rays.step(l.dir, src) == Some(target)) && takes(target);
        }
        // Shooting the first piece along a line, spotted from afar.
        CaptureMode::Shoot => {
            return takes(target)
                && lines.iter().any(|line| {
                    let ray = rays.ray(line.dir, src);
                    ray.iter()
                        .take(usize::from(line.range))
                        .position(|&s| s == target || !pos.is_empty(s))
                        .is_some_and(|i| {
                            ray[i] == target
                                && (i < 2 || spotted(rules, pos, target, piece.color, src))
                        })
                });
        }
        // Meeting it first after the turn.
        CaptureMode::Collide => {
            return takes(target)
                && lines.iter().any(|line| {
                    turning_square(rules, pos, src, line).is_some_and(|(s, turns)| {
                        turns.iter().any(|&g| {
                            rays.ray(g, s).iter().find(|&&t| !pos.is_empty(t)) == Some(&target)
                        })
                    })
                });
        }
        // Slinging the piece behind it there, over empty squares.
        CaptureMode::Sling => {
            return lines.iter().any(|line| {
                let Some((step, _, slung)) = sling_start(rules, pos, src, line) else {
                    return false;
                };
                for &sq in rays.ray(line.dir, step) {
                    if own_first_rank(rules, slung, sq) {
                        return false;
                    }
                    if sq == target {
                        return takes(sq) && pos.may_arrive(rules, slung, sq);
                    }
                    if !pos.is_empty(sq) {
                        return false;
                    }
                }
                false
            });
        }
        // Along its lines, below.
        CaptureMode::Withdrawal | CaptureMode::Approach | CaptureMode::Leap => {}
    }
    let victim = |sq: Square| takes_enemy(rules, pos, sq, piece);
    lines.iter().any(|line| {
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
            // Answered above.
            CaptureMode::Imitate
            | CaptureMode::Recruit
            | CaptureMode::Swap
            | CaptureMode::Shoot
            | CaptureMode::Collide
            | CaptureMode::Sling => false,
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
    if rules.pieces()[piece.kind.index()]
        .script_imitates
        .contains(v.kind)
    {
        return false;
    }
    let mut moves: Vec<Move> = Vec::new();
    match rules.pieces()[v.kind.index()].capture {
        Some(CaptureMode::Imitate | CaptureMode::Sling | CaptureMode::Recruit) => return false,
        Some(
            CaptureMode::Withdrawal | CaptureMode::Approach | CaptureMode::Leap | CaptureMode::Swap,
        ) => {
            line_moves(rules, pos, src, piece, CaptureMode::Imitate, &mut moves);
        }
        None => return takes_like(rules, pos, src, v.kind, false).contains(&target),
        Some(CaptureMode::Shoot | CaptureMode::Collide) => {
            imitate_kind(rules, pos, (src, piece), v.kind, &mut moves);
        }
    }
    moves.iter().any(|m| {
        m.effects(rules)
            .iter()
            .any(|e| matches!(e, Effect::Capture { square, .. } if *square == target))
    })
}
