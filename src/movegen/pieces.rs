//! A piece's own moves, dispatched by family (`leaps` for leaps, rides
//! and hops, `paths` for path moves, `modes` for captures by withdrawal,
//! approach or leap) with its scripted moves, and the sinks that collect
//! or count them.

use super::*;

/// May the piece on `from` use its initial-only moves? Pawns: when on a
/// double-step rank (and, under `double_step = unmoved`, unmoved). Others:
/// while unmoved.
#[inline]
pub(crate) fn initial_ok(rules: &Rules, pos: &Position, from: Square, piece: Piece) -> bool {
    if rules.is_pawn(piece.kind) {
        (rules.pawns().double_step_zone[piece.color].contains(from)
            || pos
                .active()
                .intersects(rules.masks().extra_double_step_mask)
                && rules.masks().extra_double_step.iter().any(|(set, zone)| {
                    pos.active().intersects(*set) && zone[piece.color].contains(from)
                }))
            && (!rules.pawns().double_step_unmoved() || pos.unmoved().contains(from))
    } else {
        pos.unmoved().contains(from)
    }
}

/// May the piece on `from` make its initial-only moves now? As
/// [`initial_ok`], and not in check for a kind with
/// `initial_in_check = false`. Attacks ask [`initial_ok`] alone: a
/// piece's check never depends on the other side's.
#[inline]
pub(crate) fn initial_moves_ok(rules: &Rules, pos: &Position, from: Square, piece: Piece) -> bool {
    initial_ok(rules, pos, from, piece)
        && (rules.pieces()[piece.kind.index()].initial_in_check
            || !super::in_check(rules, pos, piece.color))
}

/// Are the squares of the lame `path` from `from` on the board and
/// empty, where `occupied` tells which squares hold a piece?
#[inline]
pub(super) fn lame_clear(
    rules: &Rules,
    from: Square,
    path: &[(i8, i8)],
    occupied: impl Fn(Square) -> bool,
) -> bool {
    path.iter().all(|&(dx, dy)| {
        rules
            .geometry()
            .offset(from, dx as i32, dy as i32)
            .is_some_and(|s| !occupied(s) && !rules.walls().contains(s))
    })
}

/// Where generated moves go: a list, or a bare count (perft's last ply
/// needs only how many legal moves there are, not the moves).
pub(crate) trait Sink {
    /// Takes one generated move (before promotion choices are spread).
    #[allow(clippy::too_many_arguments)]
    fn take(
        &mut self,
        rules: &Rules,
        pawn: bool,
        from: Square,
        to: Square,
        piece: Piece,
        captured: Option<Piece>,
        kind: MoveKind,
        atom: u8,
    );

    /// Takes a move built elsewhere (a script's), judged like any move
    /// that is not ordinary.
    fn take_move(&mut self, rules: &Rules, mv: Move);
}

impl Sink for Vec<Move> {
    fn take_move(&mut self, _: &Rules, mv: Move) {
        self.push(mv);
    }

    #[inline(always)]
    fn take(
        &mut self,
        rules: &Rules,
        pawn: bool,
        from: Square,
        to: Square,
        piece: Piece,
        captured: Option<Piece>,
        kind: MoveKind,
        atom: u8,
    ) {
        let mv = Move {
            from,
            to,
            piece,
            captured,
            promotion: None,
            kind,
            origin: Origin::Atom(atom),
            drop: None,
            push: None,
            choice: None,
            gate: None,
        };
        if pawn && rules.pawns().promotion_zone[piece.color].contains(to) {
            push_promotions(rules, self, mv);
            if rules.pawns().optional_zone[piece.color].contains(to) {
                self.push(mv);
            }
        } else {
            self.push(mv);
        }
    }
}

/// Counts the legal moves of pieces whose ordinary moves need no test
/// (not royal, not pinned, no check); the rare special ones (en passant)
/// are played on a copy and judged.
pub(super) struct Count<'a> {
    pub(super) pos: &'a Position,
    pub(super) n: u64,
    /// Where captures explode: the royal's guard, which judges each
    /// capture by its blast.
    pub(super) blasts: Option<&'a Guard>,
}

impl Sink for Count<'_> {
    fn take_move(&mut self, rules: &Rules, mv: Move) {
        if !leaves_royal_attacked(rules, self.pos, &mv) {
            self.n += 1;
        }
    }

    #[inline(always)]
    fn take(
        &mut self,
        rules: &Rules,
        pawn: bool,
        from: Square,
        to: Square,
        piece: Piece,
        captured: Option<Piece>,
        kind: MoveKind,
        atom: u8,
    ) {
        if let Some(guard) = self.blasts
            && captured.is_some()
            && matches!(kind, MoveKind::Normal)
            && guard.blast_exposes(rules, self.pos, from, to)
        {
            return;
        }
        if !matches!(kind, MoveKind::Normal | MoveKind::DoubleStep) {
            let mut one = Vec::with_capacity(1);
            one.take(rules, pawn, from, to, piece, captured, kind, atom);
            let legal = one
                .iter()
                .filter(|m| !leaves_royal_attacked(rules, self.pos, m))
                .count();
            self.n += legal as u64;
        } else if pawn && rules.pawns().promotion_zone[piece.color].contains(to) {
            self.n += rules.promotion_choices(piece).len() as u64;
        } else {
            self.n += 1;
        }
    }
}

/// Adds the pseudo-legal moves of the piece on `from` (own royal safety
/// not tested).
pub fn piece_moves(rules: &Rules, pos: &Position, from: Square, out: &mut Vec<Move>) {
    let Some(piece) = pos.piece_at(from) else {
        return;
    };
    if rules.stacking().is_some() {
        // Every unit there of the lower one's colour, alone and together.
        stack::units_moves(rules, pos, from, piece.color, out);
        return;
    }
    let start = out.len();
    gen_piece(rules, pos, from, piece, out);
    if rules.tables().may_repeat[piece.color][piece.kind.index()] {
        let mut i = start + 1;
        while i < out.len() {
            if out[start..i].contains(&out[i]) {
                out.remove(i);
            } else {
                i += 1;
            }
        }
    }
    if rules.kinds().has_regions {
        super::legality::retain_from(out, start, |m| rules.in_region(piece, m.to));
    }
    if rules.pawns().from_reserve() && rules.is_pawn(piece.kind) {
        reserve_promotions(rules, pos, piece, out, start);
    }
    if rules.kinds().promoters.contains(piece.kind) {
        piece_promotions(rules, pos, from, piece, out, start);
    }
    if !rules.kinds().morph_of[piece.kind.index()].is_empty() {
        apply_morphs(rules, pos, from, piece, out, start);
    }
    if rules.kinds().promotion_limits {
        // No promotion into a kind the side has its limit of already.
        super::legality::retain_from(out, start, |m| {
            m.promotion
                .is_none_or(|k| !at_promotion_limit(rules, pos, k, piece.color))
        });
    }
    if rules.kinds().strands {
        // A piece may not stay where it could never move again: there it
        // must promote (`stranded_pieces = illegal`).
        let stranded = &rules.kinds().stranded[piece.color][piece.kind.index()];
        super::legality::retain_from(out, start, |m| {
            m.promotion.is_some() || !stranded.contains(m.to)
        });
    }
}

/// Every move of every atom of `piece` on `from`, repeats included.
#[inline(always)]
pub(super) fn gen_piece<S: Sink>(
    rules: &Rules,
    pos: &Position,
    from: Square,
    piece: Piece,
    out: &mut S,
) {
    if !rules.auras().freezers.is_empty() && frozen(rules, pos, from, piece) {
        if rules.frozen_suicide() && !rules.is_royal(piece.kind) {
            out.take_move(rules, Move::suicide(from, piece));
        }
        return;
    }
    if let Some(mode) = rules.pieces()[piece.kind.index()].capture {
        mode_moves(rules, pos, from, piece, mode, out);
        // An imitator's script adds its captures of the enemies left to
        // it, when one stands on the board.
        let left = rules.pieces()[piece.kind.index()].script_imitates;
        let present = || {
            pos.occupied(!piece.color)
                .iter()
                .any(|sq| pos.piece_at(sq).is_some_and(|v| left.contains(v.kind)))
        };
        if left.is_empty() || !present() {
            return;
        }
    } else if !rules.kinds().script_only[piece.kind.index()] {
        gen_native(rules, pos, from, piece, out);
    }
    if rules.kinds().scripted[piece.kind.index()]
        && let Some(host) = hooks(rules)
        && host.has(crate::rules::hooks::EXTRA_MOVES)
    {
        // A scripted move that only steps or captures by replacement is
        // the native move between the same squares, if the piece has one:
        // one move, not two.
        let mut native: Option<Vec<Move>> = None;
        for mv in host.extra_moves(rules, pos, from) {
            if pos.swap_back().is_some() && reverses_swap(pos, &mv) {
                continue;
            }
            if !rules.kinds().script_only[piece.kind.index()] && plain_step(&mv) {
                let natives = native.get_or_insert_with(|| {
                    let mut v = Vec::new();
                    gen_native(rules, pos, from, piece, &mut v);
                    v
                });
                if natives.iter().any(|n| {
                    n.kind == MoveKind::Normal && n.to == mv.to && n.captured == mv.captured
                }) {
                    continue;
                }
            }
            out.take_move(rules, mv);
        }
    }
}

/// Is `mv` a scripted move that does what a plain move does: its piece
/// steps from `from` to `to`, capturing what stood there if anything?
pub(super) fn plain_step(mv: &Move) -> bool {
    use crate::position::Effect;
    let MoveKind::Effects(list) = mv.kind else {
        return false;
    };
    mv.promotion.is_none()
        && match *list.effects() {
            [Effect::MovePiece { from, to, .. }] => from == mv.from && to == mv.to,
            [
                Effect::Capture { square, .. },
                Effect::MovePiece { from, to, .. },
            ] => square == mv.to && from == mv.from && to == mv.to,
            _ => false,
        }
}

/// Would `mv` swap back the two pieces the last move swapped (a swap of
/// two enemies may not be undone at once: the Swapper's rule)?
pub(super) fn reverses_swap(pos: &Position, mv: &Move) -> bool {
    let (Some((a, b)), MoveKind::Effects(list)) = (pos.swap_back(), mv.kind) else {
        return false;
    };
    list.effects().iter().any(|e| {
        matches!(e, crate::position::Effect::Swap(x, y) if (*x, *y) == (a, b) || (*x, *y) == (b, a))
    })
}

/// The moves of `piece`'s `betza` movement.
#[inline(always)]
pub(super) fn gen_native<S: Sink>(
    rules: &Rules,
    pos: &Position,
    from: Square,
    piece: Piece,
    out: &mut S,
) {
    let us = piece.color;
    for t in &rules.tables().leaps[us][piece.kind.index()] {
        for &(to, source) in t.from(from) {
            let mode = (t.can_move, t.can_capture);
            leap_to(
                rules,
                pos,
                out,
                from,
                piece,
                to,
                mode,
                MoveKind::Normal,
                source,
            );
        }
    }
    for a in &rules.tables().moves_of[us][piece.kind.index()] {
        if a.initial && !initial_moves_ok(rules, pos, from, piece) {
            continue;
        }
        gen_atom(rules, pos, from, piece, a, out);
    }
    for t in &rules.tables().paths_of[us][piece.kind.index()] {
        if t.attack_only || t.initial && !initial_moves_ok(rules, pos, from, piece) {
            continue;
        }
        gen_paths(rules, pos, from, piece, t, out);
    }
    for t in &rules.tables().locusts_of[us][piece.kind.index()] {
        if t.attack_only || t.initial && !initial_moves_ok(rules, pos, from, piece) {
            continue;
        }
        gen_locust(rules, pos, from, piece, t, out);
    }
}

/// Could the piece on `from` capture onto `sq` by one of its moves
/// (`buf` is scratch space)?
pub(crate) fn captures_onto(
    rules: &Rules,
    pos: &Position,
    from: Square,
    sq: Square,
    buf: &mut Vec<Move>,
) -> bool {
    buf.clear();
    piece_moves(rules, pos, from, buf);
    buf.iter().any(|m| m.to == sq && m.is_capture())
}
