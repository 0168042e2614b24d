//! Promotions and morphs: the kinds a move turns a piece into, from the pawns' choices, the reserve or a morph rule.

use super::*;

/// Adds `mv` once per promotion choice. Promotions from the reserve are
/// left without a kind here: [`reserve_promotions`] gives them the
/// reserve's last piece, or drops them when the reserve is empty.
#[cold]
pub(super) fn push_promotions(rules: &Rules, out: &mut Vec<Move>, mv: Move) {
    if rules.pawns().from_reserve() {
        out.push(mv);
        return;
    }
    for &k in rules.promotion_choices(mv.piece) {
        out.push(Move {
            promotion: Some(k),
            ..mv
        });
    }
}

/// A pawn reaching the promotion ranks becomes its side's last reserve
/// piece; with the reserve empty it may not go there.
#[cold]
pub(super) fn reserve_promotions(
    rules: &Rules,
    pos: &Position,
    piece: Piece,
    out: &mut Vec<Move>,
    start: usize,
) {
    let zone = rules.pawns().promotion_zone[piece.color];
    let last = pos.reserves()[piece.color].last();
    let mut i = start;
    while i < out.len() {
        let m = &mut out[i];
        if m.piece == piece && m.promotion.is_none() && zone.contains(m.to) && !m.is_drop() {
            match last {
                Some(p) => m.promotion = Some(p.kind),
                None => {
                    out.remove(i);
                    continue;
                }
            }
        }
        i += 1;
    }
}

/// A kind that is not a pawn but promotes (`promotes`): its own moves
/// (not given as effects) that end in the promotion zone (or start there,
/// with `promote_from_zone`) become one move
/// per kind it may promote to, by the pawns' rules (the choices, or the
/// reserve's last piece). A piece that must promote and has nothing to
/// promote to may not go there; one that may keeps the plain move too.
#[cold]
pub(super) fn piece_promotions(
    rules: &Rules,
    pos: &Position,
    from: Square,
    piece: Piece,
    out: &mut Vec<Move>,
    start: usize,
) {
    use crate::rules::Promotes;
    let must = rules.pieces()[piece.kind.index()].promotes == Promotes::Must;
    let zone = rules.pawns().promotion_zone[piece.color];
    let kinds: Vec<crate::board::PieceKind> = if rules.pawns().from_reserve() {
        pos.reserves()[piece.color]
            .last()
            .map(|p| p.kind)
            .into_iter()
            .collect()
    } else {
        rules.promotion_choices(piece).to_vec()
    };
    let from_zone = rules.pawns().promote_from_zone && zone.contains(from);
    let end = out.len();
    let mut keep = Vec::with_capacity(end - start);
    for m in out.drain(start..) {
        let promotes = m.from == from
            && m.promotion.is_none()
            && !m.is_drop()
            && !matches!(m.kind, MoveKind::Effects(_))
            && (from_zone || zone.contains(m.to));
        if promotes {
            for &k in &kinds {
                keep.push(Move {
                    kind: MoveKind::Promote,
                    promotion: Some(k),
                    ..m
                });
            }
            if must {
                continue;
            }
        }
        keep.push(m);
    }
    out.extend(keep);
}

/// `mv` with its actor arriving as `kind`. A move given as effects gets a
/// final `Transform` where the actor ends up; an actor that does not
/// survive its own move (mutual destruction, suicide) does not change, so
/// `None`.
pub(super) fn morphed_move(mv: &Move, kind: crate::board::PieceKind) -> Option<Move> {
    use crate::position::Effect;
    let mut morphed = *mv;
    morphed.promotion = Some(kind);
    if let MoveKind::Effects(list) = mv.kind {
        let list = list.effects();
        let mut at = Some(mv.from);
        for e in list.iter() {
            match *e {
                Effect::MovePiece { from, to, unit: 0 } if Some(from) == at => at = Some(to),
                Effect::Capture {
                    square, unit: 0, ..
                }
                | Effect::Remove { square, unit: 0 }
                    if Some(square) == at =>
                {
                    at = None;
                }
                Effect::Swap(a, b) if Some(a) == at => at = Some(b),
                Effect::Swap(a, b) if Some(b) == at => at = Some(a),
                _ => {}
            }
        }
        let square = at?;
        let mut list = list.to_vec();
        list.push(Effect::Transform {
            square,
            unit: 0,
            kind,
        });
        morphed.kind = MoveKind::Effects(EffectList::new(list));
    }
    Some(morphed)
}

/// Gives the moves from `start` on the kind their piece arrives as under
/// the variant's morph rules (as the move's promotion). A pawn's own
/// promotion comes first; castling is not the piece's own move and is
/// generated elsewhere. An optional morph keeps the plain move beside the
/// morphing one.
#[cold]
pub(super) fn apply_morphs(
    rules: &Rules,
    pos: &Position,
    from: Square,
    piece: Piece,
    out: &mut Vec<Move>,
    start: usize,
) {
    let mut attacked: Option<bool> = None;
    let end = out.len();
    for i in start..end {
        if out[i].promotion.is_some() || out[i].from != from {
            continue;
        }
        for &r in &rules.kinds().morph_of[piece.kind.index()] {
            let rule = &rules.morphs()[r as usize];
            let m = &out[i];
            let fits = match rule.trigger {
                MorphTrigger::Acted => true,
                MorphTrigger::Quiet => m.captured.is_none(),
                MorphTrigger::Capture => m.captured.is_some(),
            };
            if !fits {
                continue;
            }
            if rule.condition == Some(MorphCondition::AttackedBefore)
                && !*attacked.get_or_insert_with(|| is_attacked(rules, pos, from, !piece.color))
            {
                continue;
            }
            let target = match &rule.target {
                MorphTarget::Listed(map) => map[piece.kind.index()],
                MorphTarget::ComponentUsed => m
                    .origin
                    .atom()
                    .and_then(|a| rules.component_by_atom(piece.kind, a)),
            };
            let Some(kind) = target else {
                continue;
            };
            let Some(morphed) = morphed_move(&out[i], kind) else {
                break;
            };
            if rule.optional {
                out.push(morphed);
            } else {
                out[i] = morphed;
            }
            break;
        }
    }
}

/// Has `color` already as many pieces of `kind` on the board as the
/// kind's `promotion_limit` allows, so that nothing may promote into it?
pub(super) fn at_promotion_limit(
    rules: &Rules,
    pos: &Position,
    kind: crate::board::PieceKind,
    color: Color,
) -> bool {
    rules.pieces()[kind.index()]
        .promotion_limit
        .is_some_and(|limit| {
            let own = Piece::new(kind, color);
            let n = pos
                .occupied(color)
                .iter()
                .filter(|&sq| pos.piece_at(sq) == Some(own))
                .count();
            n >= usize::from(limit)
        })
}

/// Promotions made instead of a move (`promotion_in_place`: Sittuyin): a
/// pawn on its side's in-place zone (or, with `last_pawn_anywhere`, the
/// side's only pawn wherever it stands) becomes one of its choices on its
/// own square or on an empty square the new piece could move to from
/// there, within the choice's `promotion_limit`. Each is judged whole:
/// the mover's royal stays safe and, with `promotion_attacks = illegal`,
/// the turn gives no check and the new piece attacks no enemy piece.
#[cold]
pub(super) fn in_place_promotions(rules: &Rules, pos: &Position, out: &mut Vec<Move>) {
    let us = pos.side();
    let pawns: Vec<(Square, Piece)> = pos
        .occupied(us)
        .iter()
        .filter_map(|sq| {
            pos.piece_at(sq)
                .filter(|p| rules.is_pawn(p.kind))
                .map(|p| (sq, p))
        })
        .collect();
    let anywhere = rules.pawns().last_pawn_anywhere && pawns.len() == 1;
    let mut buf = Vec::new();
    for &(from, pawn) in &pawns {
        if !anywhere && !rules.pawns().in_place_zone[us].contains(from) {
            continue;
        }
        for &kind in rules.promotion_choices(pawn) {
            if at_promotion_limit(rules, pos, kind, us) {
                continue;
            }
            let promoted = Piece::new(kind, us);
            // Where the new piece could step from the pawn's square.
            let mut probe = pos.clone();
            probe.take(rules, from);
            probe.put(rules, from, promoted);
            buf.clear();
            piece_moves(rules, &probe, from, &mut buf);
            // (`piece_moves` keeps the new kind in its region; its own
            // square is tested here.)
            let mut targets: Vec<Square> = Vec::new();
            if !rules.kinds().has_regions || rules.in_region(promoted, from) {
                targets.push(from);
            }
            for m in &buf {
                if m.kind == MoveKind::Normal && m.captured.is_none() && !targets.contains(&m.to) {
                    targets.push(m.to);
                }
            }
            for to in targets {
                let mv = Move {
                    kind: MoveKind::Normal,
                    from,
                    to,
                    piece: pawn,
                    captured: None,
                    promotion: Some(kind),
                    origin: Origin::Other,
                    drop: None,
                    gate: None,
                    push: None,
                    choice: None,
                };
                if leaves_royal_attacked(rules, pos, &mv) {
                    continue;
                }
                if rules.pawns().in_place_quiet {
                    let mut child = pos.clone();
                    child.play_unchecked(rules, &mv);
                    if in_check(rules, &child, !us) {
                        continue;
                    }
                    buf.clear();
                    piece_moves(rules, &child, to, &mut buf);
                    if buf.iter().any(|m| m.captured.is_some()) {
                        continue;
                    }
                }
                out.push(mv);
            }
        }
    }
}
