//! Move generation, attacks, legality and perft, from [`Rules`] and a
//! [`Position`]. Legality is judged on whole turns: a move is legal when,
//! after it, no royal of the mover is attacked under the attack view.

mod attack;
mod hooks;
mod perft;
mod stack;

pub(crate) use stack::king_slides_first;

use attack::is_attacked_vacating;
pub use attack::{attackers_of, in_check, is_attacked, is_attacked_as};
pub use hooks::{HookError, Hooks, hooks};
pub use perft::{chance_outcomes, divide, perft, perft_until};

use crate::board::{Color, Piece, Square, SquareSet};
use crate::lang::movement::Style;
use crate::position::{Effect, Move, MoveKind, Position};
use crate::rules::{GenAtom, MorphCondition, MorphTarget, MorphTrigger, PathGen, Rules};

/// May `attacker` capture `victim` on `sq`? Not when the victim is immune
/// to the attacker's kind (`captured_by`) or stands next to a friendly
/// protector (`protects`).
#[inline(always)]
pub(crate) fn may_take(
    rules: &Rules,
    pos: &Position,
    sq: Square,
    attacker: Piece,
    victim: Piece,
) -> bool {
    !rules.capture_limits || may_take_limited(rules, pos, sq, attacker, victim)
}

/// `may_take` in a variant with immunity or protectors (kept out of line
/// so the common case stays small in the generators).
#[inline(never)]
fn may_take_limited(
    rules: &Rules,
    pos: &Position,
    sq: Square,
    attacker: Piece,
    victim: Piece,
) -> bool {
    rules.capturable_by[victim.kind.index()] >> attacker.kind.index() & 1 != 0
        && !protected(rules, pos, sq, victim.color)
}

/// Is a piece of `color` on `sq` protected by an adjacent friendly
/// protector (the Shield)? The protector itself is protected only by
/// another one.
#[inline(always)]
pub fn protected(rules: &Rules, pos: &Position, sq: Square, color: Color) -> bool {
    rules.protectors != 0
        && next_to(rules, pos, sq, |q| {
            q.color == color && rules.protectors >> q.kind.index() & 1 != 0
        })
}

/// Is `piece` on `sq` frozen by an adjacent enemy freezer (the
/// Immobilizer; the Chameleon for Immobilizers)? A frozen piece neither
/// moves nor attacks.
#[inline(always)]
pub fn frozen(rules: &Rules, pos: &Position, sq: Square, piece: Piece) -> bool {
    rules.freezers != 0
        && next_to(rules, pos, sq, |q| {
            q.color != piece.color
                && rules.freezers >> q.kind.index() & 1 != 0
                && rules.freeze_mask[q.kind.index()] >> piece.kind.index() & 1 != 0
        })
}

/// Does a piece next to `sq` satisfy `f`?
#[inline(never)]
fn next_to(rules: &Rules, pos: &Position, sq: Square, f: impl Fn(Piece) -> bool) -> bool {
    rules
        .geometry
        .neighbours(sq)
        .any(|n| pos.piece_at(n).is_some_and(&f))
}

/// May the piece on `from` use its initial-only moves? Pawns: when on a
/// double-step rank (and, under `double_step = unmoved`, unmoved). Others:
/// while unmoved.
#[inline]
pub(crate) fn initial_ok(rules: &Rules, pos: &Position, from: Square, piece: Piece) -> bool {
    if rules.is_pawn(piece.kind) {
        (rules.pawns.double_step_zone[piece.color].contains(from)
            || pos.active & rules.extra_double_step_mask != 0
                && rules
                    .extra_double_step
                    .iter()
                    .any(|(bit, zone)| pos.active & bit != 0 && zone[piece.color].contains(from)))
            && (!rules.pawns.double_step_unmoved || pos.unmoved.contains(from))
    } else {
        pos.unmoved.contains(from)
    }
}

#[inline]
fn lame_clear(rules: &Rules, pos: &Position, from: Square, path: &[(i8, i8)]) -> bool {
    path.iter().all(|&(dx, dy)| {
        rules
            .geometry
            .offset(from, dx as i32, dy as i32)
            .is_some_and(|s| pos.is_empty(s))
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
            atom,
            drop: None,
            push: None,
            choice: None,
        };
        if pawn && rules.pawns.promotion_zone[piece.color].contains(to) {
            push_promotions(rules, self, mv);
        } else {
            self.push(mv);
        }
    }
}

/// Counts the legal moves of pieces whose ordinary moves need no test
/// (not royal, not pinned, no check); the rare special ones (en passant)
/// are played on a copy and judged.
struct Count<'a> {
    pos: &'a Position,
    n: u64,
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
        if !matches!(kind, MoveKind::Normal | MoveKind::DoubleStep) {
            let mut one = Vec::with_capacity(1);
            one.take(rules, pawn, from, to, piece, captured, kind, atom);
            let legal = one
                .iter()
                .filter(|m| !leaves_royal_attacked(rules, self.pos, m))
                .count();
            self.n += legal as u64;
        } else if pawn && rules.pawns.promotion_zone[piece.color].contains(to) {
            self.n += rules.pawns.promotion_choices.len() as u64;
        } else {
            self.n += 1;
        }
    }
}

/// Adds `mv` once per promotion choice. Promotions from the reserve are
/// left without a kind here: [`reserve_promotions`] gives them the
/// reserve's last piece, or drops them when the reserve is empty.
#[cold]
fn push_promotions(rules: &Rules, out: &mut Vec<Move>, mv: Move) {
    if rules.pawns.from_reserve {
        out.push(mv);
        return;
    }
    for &k in &rules.pawns.promotion_choices {
        out.push(Move {
            promotion: Some(k),
            ..mv.clone()
        });
    }
}

/// Adds the pseudo-legal moves of the piece on `from` (own royal safety
/// not tested).
pub fn piece_moves(rules: &Rules, pos: &Position, from: Square, out: &mut Vec<Move>) {
    let Some(piece) = pos.piece_at(from) else {
        return;
    };
    if rules.stacking.is_some() {
        // Every unit there of the lower one's colour, alone and together.
        stack::units_moves(rules, pos, from, piece.color, out);
        return;
    }
    let start = out.len();
    gen_piece(rules, pos, from, piece, out);
    if rules.may_repeat[piece.color][piece.kind.index()] {
        let mut i = start + 1;
        while i < out.len() {
            if out[start..i].contains(&out[i]) {
                out.remove(i);
            } else {
                i += 1;
            }
        }
    }
    if rules.pawns.from_reserve && rules.is_pawn(piece.kind) {
        reserve_promotions(rules, pos, piece, out, start);
    }
    if rules.promoters >> piece.kind.index() & 1 != 0 {
        piece_promotions(rules, pos, from, piece, out, start);
    }
    if !rules.morph_of[piece.kind.index()].is_empty() {
        apply_morphs(rules, pos, from, piece, out, start);
    }
}

/// A pawn reaching the promotion ranks becomes its side's last reserve
/// piece; with the reserve empty it may not go there.
#[cold]
fn reserve_promotions(
    rules: &Rules,
    pos: &Position,
    piece: Piece,
    out: &mut Vec<Move>,
    start: usize,
) {
    let zone = rules.pawns.promotion_zone[piece.color];
    let last = pos.reserves[piece.color].last();
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
/// (not given as effects) that end in the promotion zone become one move
/// per kind it may promote to, by the pawns' rules (the choices, or the
/// reserve's last piece). A piece that must promote and has nothing to
/// promote to may not go there; one that may keeps the plain move too.
#[cold]
fn piece_promotions(
    rules: &Rules,
    pos: &Position,
    from: Square,
    piece: Piece,
    out: &mut Vec<Move>,
    start: usize,
) {
    use crate::rules::Promotes;
    let must = rules.pieces[piece.kind.index()].promotes == Promotes::Must;
    let zone = rules.pawns.promotion_zone[piece.color];
    let kinds: Vec<crate::board::PieceKind> = if rules.pawns.from_reserve {
        pos.reserves[piece.color]
            .last()
            .map(|p| p.kind)
            .into_iter()
            .collect()
    } else {
        rules.pawns.promotion_choices.clone()
    };
    let end = out.len();
    let mut keep = Vec::with_capacity(end - start);
    for m in out.drain(start..) {
        let promotes = m.from == from
            && m.promotion.is_none()
            && !m.is_drop()
            && !matches!(m.kind, MoveKind::Effects(_))
            && zone.contains(m.to);
        if promotes {
            for &k in &kinds {
                keep.push(Move {
                    kind: MoveKind::Promote,
                    promotion: Some(k),
                    ..m.clone()
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
fn morphed_move(mv: &Move, kind: crate::board::PieceKind) -> Option<Move> {
    use crate::position::Effect;
    let mut morphed = mv.clone();
    morphed.promotion = Some(kind);
    if let MoveKind::Effects(list) = &mv.kind {
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
        let mut list = list.as_ref().clone();
        list.push(Effect::Transform {
            square,
            unit: 0,
            kind,
        });
        morphed.kind = MoveKind::Effects(std::sync::Arc::new(list));
    }
    Some(morphed)
}

/// Gives the moves from `start` on the kind their piece arrives as under
/// the variant's morph rules (as the move's promotion). A pawn's own
/// promotion comes first; castling is not the piece's own move and is
/// generated elsewhere. An optional morph keeps the plain move beside the
/// morphing one.
#[cold]
fn apply_morphs(
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
        for &r in &rules.morph_of[piece.kind.index()] {
            let rule = &rules.morphs[r as usize];
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
                MorphTarget::ComponentUsed => rules.component_by_atom(piece.kind, m.atom),
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

/// Every move of every atom of `piece` on `from`, repeats included.
#[inline]
fn gen_piece<S: Sink>(rules: &Rules, pos: &Position, from: Square, piece: Piece, out: &mut S) {
    if rules.freezers != 0 && frozen(rules, pos, from, piece) {
        if rules.frozen_suicide && !rules.is_royal(piece.kind) {
            out.take_move(rules, Move::suicide(from, piece));
        }
        return;
    }
    if !rules.script_only[piece.kind.index()] {
        gen_native(rules, pos, from, piece, out);
    }
    if rules.scripted[piece.kind.index()]
        && let Some(host) = hooks(rules)
        && host.has(crate::rules::hooks::EXTRA_MOVES)
    {
        // A scripted move that only steps or captures by replacement is
        // the native move between the same squares, if the piece has one:
        // one move, not two.
        let mut native: Option<Vec<Move>> = None;
        for mv in host.extra_moves(rules, pos, from) {
            if pos.swap_back.is_some() && reverses_swap(pos, &mv) {
                continue;
            }
            if !rules.script_only[piece.kind.index()] && plain_step(&mv) {
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
fn plain_step(mv: &Move) -> bool {
    use crate::position::Effect;
    let MoveKind::Effects(list) = &mv.kind else {
        return false;
    };
    mv.promotion.is_none()
        && match list.as_slice() {
            [Effect::MovePiece { from, to, .. }] => *from == mv.from && *to == mv.to,
            [
                Effect::Capture { square, .. },
                Effect::MovePiece { from, to, .. },
            ] => *square == mv.to && *from == mv.from && *to == mv.to,
            _ => false,
        }
}

/// Would `mv` swap back the two pieces the last move swapped (a swap of
/// two enemies may not be undone at once: the Swapper's rule)?
fn reverses_swap(pos: &Position, mv: &Move) -> bool {
    let (Some((a, b)), MoveKind::Effects(list)) = (pos.swap_back, &mv.kind) else {
        return false;
    };
    list.iter().any(|e| {
        matches!(e, crate::position::Effect::Swap(x, y) if (*x, *y) == (a, b) || (*x, *y) == (b, a))
    })
}

/// The moves of `piece`'s `betza` movement.
#[inline]
fn gen_native<S: Sink>(rules: &Rules, pos: &Position, from: Square, piece: Piece, out: &mut S) {
    let us = piece.color;
    for t in &rules.leaps[us][piece.kind.index()] {
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
    for a in &rules.moves_of[us][piece.kind.index()] {
        if a.initial && !initial_ok(rules, pos, from, piece) {
            continue;
        }
        gen_atom(rules, pos, from, piece, a, out);
    }
    for t in &rules.paths_of[us][piece.kind.index()] {
        if t.attack_only || t.initial && !initial_ok(rules, pos, from, piece) {
            continue;
        }
        gen_paths(rules, pos, from, piece, t, out);
    }
}

/// Walks the paths of `t` from `from`: every square must be empty to go
/// on; the piece may stop where the path allows it, on an empty square
/// or capturing an enemy.
fn gen_paths<S: Sink>(
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

/// The en-passant capture of the pawn `piece` from `from` onto the empty
/// square `to`, when `to` is the position's en-passant square.
#[inline]
fn en_passant_onto<S: Sink>(
    rules: &Rules,
    pos: &Position,
    out: &mut S,
    from: Square,
    piece: Piece,
    to: Square,
    source: u8,
) {
    if pos.ep == Some(to)
        && let Some(victim) = pos.ep_victim
        && let Some(vp) = pos
            .piece_at(victim)
            .filter(|p| p.color != piece.color && may_take(rules, pos, victim, piece, *p))
    {
        out.take(
            rules,
            true,
            from,
            to,
            piece,
            Some(vp),
            MoveKind::EnPassant(victim),
            source,
        );
    }
}

/// Ends a single leap on `to`: a quiet move of kind `quiet` onto an empty
/// square, an en-passant capture by a pawn's capture-only leap, or a
/// capture of an enemy. `mode` is (may move, may capture).
#[inline]
#[allow(clippy::too_many_arguments)]
fn leap_to<S: Sink>(
    rules: &Rules,
    pos: &Position,
    out: &mut S,
    from: Square,
    piece: Piece,
    to: Square,
    (can_move, can_capture): (bool, bool),
    quiet: MoveKind,
    source: u8,
) {
    let pawn = rules.is_pawn(piece.kind);
    let code = pos.code_at(to);
    if code == 0 {
        if can_move {
            out.take(rules, pawn, from, to, piece, None, quiet, source);
        } else if can_capture && pawn {
            en_passant_onto(rules, pos, out, from, piece, to, source);
        }
    } else if can_capture
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
            source,
        );
    }
}

#[inline]
fn gen_atom<S: Sink>(
    rules: &Rules,
    pos: &Position,
    from: Square,
    piece: Piece,
    a: &GenAtom,
    out: &mut S,
) {
    let us = piece.color;
    let enemy = |code: u8, to: Square| {
        Piece::from_code(code).filter(|p| p.color != us && may_take(rules, pos, to, piece, *p))
    };
    let pawn = rules.is_pawn(piece.kind);
    // Ends a ride, hop or jump on `to`: a quiet move onto an empty square, a
    // capture of an enemy. Returns whether `to` is occupied (riders stop).
    let land = |to: Square, out: &mut S| -> bool {
        let code = pos.code_at(to);
        if code == 0 {
            if a.can_move {
                out.take(
                    rules,
                    pawn,
                    from,
                    to,
                    piece,
                    None,
                    MoveKind::Normal,
                    a.source,
                );
            }
            false
        } else {
            if a.can_capture
                && let Some(victim) = enemy(code, to)
            {
                out.take(
                    rules,
                    pawn,
                    from,
                    to,
                    piece,
                    Some(victim),
                    MoveKind::Normal,
                    a.source,
                );
            }
            true
        }
    };
    match a.style {
        Style::Leap => {
            let Some(to) = rules.rays.step(a.dir, from) else {
                return;
            };
            if !a.lame.is_empty() && !lame_clear(rules, pos, from, &a.lame) {
                return;
            }
            let quiet = if (a.initial || a.double_step) && pawn {
                MoveKind::DoubleStep
            } else {
                MoveKind::Normal
            };
            let mode = (a.can_move, a.can_capture);
            leap_to(rules, pos, out, from, piece, to, mode, quiet, a.source);
        }
        Style::Ride => {
            for (i, &to) in rules.rays.ray(a.dir, from).iter().enumerate() {
                if i >= a.range as usize {
                    break;
                }
                if a.skip_first && i == 0 {
                    continue;
                }
                if land(to, out) {
                    break;
                }
            }
        }
        Style::Hop => {
            let ray = rules.rays.ray(a.dir, from);
            let Some(screen) = ray.iter().position(|&s| !pos.is_empty(s)) else {
                return;
            };
            if screen >= a.range as usize {
                return;
            }
            for &to in &ray[screen + 1..] {
                if land(to, out) {
                    break;
                }
            }
        }
        Style::Path => {} // in `Rules::paths_of`
        Style::Grasshopper => {
            let ray = rules.rays.ray(a.dir, from);
            let Some(hurdle) = ray.iter().position(|&s| !pos.is_empty(s)) else {
                return;
            };
            if hurdle >= a.range as usize {
                return;
            }
            if let Some(&to) = ray.get(hurdle + 1) {
                land(to, out);
            }
        }
    }
}

fn castling_moves(rules: &Rules, pos: &Position, out: &mut Vec<Move>) {
    let us = pos.side;
    for (i, c) in rules.castling[us].iter().enumerate() {
        if !pos.unmoved.contains(c.king_from) || !pos.unmoved.contains(c.partner_from) {
            continue;
        }
        let (Some(king), Some(partner)) = (pos.piece_at(c.king_from), pos.piece_at(c.partner_from))
        else {
            continue;
        };
        // The king of a castling is the side's royal piece, where the
        // variant has royals: an unmoved piece of another kind on its
        // square (one dropped there) is not.
        if king.color != us
            || partner.color != us
            || (!rules.is_royal(king.kind) && rules.pieces.iter().any(|p| p.royal))
        {
            continue;
        }
        if rules.freezers != 0
            && (frozen(rules, pos, c.king_from, king)
                || frozen(rules, pos, c.partner_from, partner))
        {
            continue;
        }
        if c.empty.iter().any(|s| !pos.is_empty(s)) {
            continue;
        }
        // Both destinations must be free (or be where the two pieces start),
        // whatever a custom `empty` list says.
        let free = |s: Square| s == c.king_from || s == c.partner_from || pos.is_empty(s);
        if !free(c.king_to) || !free(c.partner_to) {
            continue;
        }
        // A passed square is asked about with the king standing in on it
        // (it has not left its own square yet).
        if c.safe
            .iter()
            .any(|&s| is_attacked_as(rules, pos, s, !us, king.kind))
        {
            continue;
        }
        out.push(Move {
            from: c.king_from,
            to: c.king_to,
            piece: king,
            captured: None,
            promotion: None,
            kind: MoveKind::Castle(i as u8),
            atom: 255,
            drop: None,
            push: None,
            choice: None,
        });
    }
}

/// All pseudo-legal moves of the side to move.
pub fn pseudo_moves(rules: &Rules, pos: &Position, out: &mut Vec<Move>) {
    board_pseudo_moves(rules, pos, out);
    hand_moves(rules, pos, out);
}

/// The pseudo-legal moves on the board (no pocketing, no drops).
fn board_pseudo_moves(rules: &Rules, pos: &Position, out: &mut Vec<Move>) {
    if rules.stacking.is_some() {
        stack::pseudo_moves(rules, pos, out);
        return;
    }
    out.clear();
    for from in pos.occupied(pos.side).iter() {
        piece_moves(rules, pos, from, out);
    }
    castling_moves(rules, pos, out);
}

/// Pocketings (an own piece, not royal, into an empty-enough hand, as each
/// kind it may become) and drops (a held piece onto an empty square of
/// the drop zone), own royal safety not tested.
fn hand_moves(rules: &Rules, pos: &Position, out: &mut Vec<Move>) {
    let us = pos.side;
    if let Some(p) = &rules.pocket
        && pos.pockets[us].len() < p.capacity as usize
        && !p.banned_plies.contains(&pos.ply())
    {
        for from in pos.occupied(us).iter() {
            let Some(piece) = pos.piece_at(from) else {
                continue;
            };
            if rules.is_royal(piece.kind) {
                continue;
            }
            for kind in rules.pocket_choices(piece.kind, us, from) {
                out.push(Move {
                    kind: MoveKind::Pocket,
                    from,
                    to: from,
                    piece,
                    captured: None,
                    promotion: (kind != piece.kind).then_some(kind),
                    atom: 255,
                    drop: None,
                    push: None,
                    choice: None,
                });
            }
        }
    }
    let section = rules.drops.as_ref().filter(|d| !d.from_reserve);
    let mutator = pos.active & rules.drops_from_captures != 0;
    if !mutator && section.is_none() || pos.pockets[us].is_empty() {
        return;
    }
    // A `drops` section and an active drops mutator both drop from the
    // hand: a square either allows is one drop.
    let mut empty = SquareSet::EMPTY;
    let mut unmarked = SquareSet::EMPTY;
    for sq in rules.geometry.squares() {
        if pos.is_empty(sq) {
            empty.insert(sq);
            if pos.markers.at(sq).is_none() {
                unmarked.insert(sq);
            }
        }
    }
    let mut held: Vec<crate::board::PieceKind> = Vec::new();
    for (kind, _) in pos.pockets[us].iter() {
        if held.contains(&kind) {
            continue;
        }
        held.push(kind);
        let pawn = rules.is_pawn(kind);
        let mut targets = SquareSet::EMPTY;
        if mutator {
            // Anywhere free and without a marker, a pawn not on its last
            // ranks.
            targets = unmarked;
            if pawn {
                for q in rules.pawns.promotion_zone[us].iter() {
                    targets.remove(q);
                }
            }
        }
        if let Some(d) = section {
            targets |= empty.and(if pawn { &d.pawn_zone[us] } else { &d.zone[us] });
        }
        let piece = Piece::new(kind, us);
        for to in targets.iter() {
            out.push(Move::drop_from_hand(piece, to));
        }
    }
}

/// The swaps a `swaps` mutator allows, own royal safety not tested: two
/// of the mover's pieces exchange squares when one covers the other
/// (could capture an enemy standing on the other's square; immunity
/// aside). A pawn swapped onto its promotion ranks promotes, its side
/// choosing. Each pair is one move, written from the lower square.
fn swap_moves(rules: &Rules, pos: &Position, out: &mut Vec<Move>) {
    let us = pos.side;
    let own: Vec<Square> = pos.occupied(us).iter().collect();
    let mut pairs: Vec<(Square, Square)> = Vec::new();
    let mut buf = Vec::new();
    for &y in &own {
        let Some(probe) = with_stand_in(rules, pos, y, us) else {
            continue;
        };
        for &x in &own {
            let pair = (x.min(y), x.max(y));
            if x != y && !pairs.contains(&pair) && captures_onto(rules, &probe, x, y, &mut buf) {
                pairs.push(pair);
            }
        }
    }
    for (a, b) in pairs {
        let (Some(pa), Some(pb)) = (pos.piece_at(a), pos.piece_at(b)) else {
            continue;
        };
        let swap = Move::of_effects(vec![Effect::Swap(a, b)], a, b, pa);
        let promoting = [(pa, b), (pb, a)]
            .into_iter()
            .find(|&(p, to)| rules.is_pawn(p.kind) && rules.pawns.promotion_zone[us].contains(to));
        match promoting {
            None => out.push(swap),
            Some((_, square)) => {
                for &kind in &rules.pawns.promotion_choices {
                    out.push(Move {
                        kind: MoveKind::Effects(std::sync::Arc::new(vec![
                            Effect::Swap(a, b),
                            Effect::Transform {
                                square,
                                unit: 0,
                                kind,
                            },
                        ])),
                        promotion: Some(kind),
                        ..swap.clone()
                    });
                }
            }
        }
    }
}

/// `pos` with an enemy of `by` standing on `sq`, to ask which of `by`'s
/// pieces could capture there: a pawn, which no kind is immune to (the
/// kind on `sq` if the variant has no pawn).
pub(crate) fn with_stand_in(
    rules: &Rules,
    pos: &Position,
    sq: Square,
    by: Color,
) -> Option<Position> {
    let kind = rules
        .demoted_kind()
        .or_else(|| pos.piece_at(sq).map(|p| p.kind))?;
    let mut probe = pos.clone();
    probe.take(rules, sq);
    probe.put(rules, sq, Piece::new(kind, !by));
    Some(probe)
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

/// Does playing `mv` leave a royal of the mover attacked? (The slow,
/// always-correct test: copy, make, look.) Where captures explode, a move
/// that destroys one of the mover's royals is refused and one that
/// destroys an enemy royal is allowed, attacked or not.
pub fn leaves_royal_attacked(rules: &Rules, pos: &Position, mv: &Move) -> bool {
    let us = pos.side;
    let mut child = pos.clone();
    child.play_unchecked(rules, mv);
    if pos.active & rules.explode != 0 {
        if child.royals(us).count() < pos.royals(us).count() {
            return true;
        }
        if child.royals(!us).count() < pos.royals(!us).count() {
            return false;
        }
    }
    in_check(rules, &child, us)
}

/// Squares pinned to the single royal on `king`, each with the line it may
/// still move along (up to and including the pinner).
fn pins(
    rules: &Rules,
    pos: &Position,
    king: Square,
    us: Color,
) -> (SquareSet, Vec<(Square, SquareSet)>) {
    let mut pinned = SquareSet::EMPTY;
    let mut lines = Vec::new();
    for a in &rules.attack[!us] {
        if a.style != Style::Ride {
            continue;
        }
        let ray = rules.rays.ray(a.dir, king);
        let mut blocker = None;
        let mut line = SquareSet::EMPTY;
        for (i, &s) in ray.iter().enumerate() {
            if i >= a.range as usize {
                break;
            }
            line.insert(s);
            let Some(p) = pos.piece_at(s) else { continue };
            match blocker {
                None if p.color == us => blocker = Some(s),
                None => break,
                Some(b) => {
                    if p.color != us && a.kinds >> p.kind.index() & 1 != 0 {
                        pinned.insert(b);
                        lines.push((b, line));
                    }
                    break;
                }
            }
        }
    }
    (pinned, lines)
}

/// Keeps the moves of `out[start..]` for which `keep` holds, in order.
#[inline]
fn retain_from(out: &mut Vec<Move>, start: usize, mut keep: impl FnMut(&Move) -> bool) {
    let mut w = start;
    for r in start..out.len() {
        if keep(&out[r]) {
            out.swap(w, r);
            w += 1;
        }
    }
    out.truncate(w);
}

/// The enemy pieces attacking the single royal on `king`, and the squares
/// between the royal and each riding checker (where a check can be
/// blocked). Only for the pin-shortcut world (plain leaps and rides).
fn checks(rules: &Rules, pos: &Position, king: Square, us: Color) -> (SquareSet, SquareSet) {
    let them = !us;
    let mut checkers = SquareSet::EMPTY;
    let mut between = SquareSet::EMPTY;
    for &(src, kinds) in rules.leap_attacks[them].of(king) {
        if let Some(p) = pos.piece_at(src)
            && p.color == them
            && kinds >> p.kind.index() & 1 != 0
        {
            checkers.insert(src);
        }
    }
    for a in &rules.attack[them] {
        match a.style {
            Style::Leap => {
                if let Some(src) = rules.rays.step(a.dir, king)
                    && let Some(p) = pos.piece_at(src)
                    && p.color == them
                    && a.kinds >> p.kind.index() & 1 != 0
                {
                    checkers.insert(src);
                }
            }
            _ => {
                let mut path = SquareSet::EMPTY;
                for (i, &s) in rules.rays.ray(a.dir, king).iter().enumerate() {
                    if i >= a.range as usize {
                        break;
                    }
                    let Some(p) = pos.piece_at(s) else {
                        path.insert(s);
                        continue;
                    };
                    if p.color == them && a.kinds >> p.kind.index() & 1 != 0 {
                        checkers.insert(s);
                        between |= path;
                    }
                    break;
                }
            }
        }
    }
    (checkers, between)
}

/// All legal moves of the side to move, into `out`.
///
/// Where the variant allows it (one royal, only plain leaps and rides
/// capture) most moves are judged without playing them: a piece that is
/// not pinned cannot expose its royal, so when there is no check its
/// ordinary moves are legal as generated; in check only moves onto a
/// checker or a blocking square can help. Everything else (royal moves
/// aside, which ask the attack view with the royal lifted) is played on a
/// copy and judged there.
pub fn legal_moves_into(rules: &Rules, pos: &Position, out: &mut Vec<Move>) {
    if pos.stage == crate::position::Stage::Setup {
        placements(rules, pos, out);
        return;
    }
    if rules.explode != 0 && pos.royals(pos.side).is_empty() && rules.royal_kind.contains(&true) {
        // The side's royal was blown up: the game is over.
        out.clear();
        return;
    }
    turns(rules, pos, out);
    if pos.active & (rules.must_capture | rules.dice) != 0 {
        preference_tiers(rules, pos, out);
    }
    if rules.must_move {
        must_move_filter(rules, pos, out);
    }
    if let Some(host) = hooks(rules)
        && host.has(crate::rules::hooks::FILTER_MOVES)
    {
        host.filter_moves(rules, pos, out);
    }
}

/// The legal turns before preferences, into `out`: with a promotion
/// waiting for the side to move, one set per choice, each turn carrying
/// its choice. True when some legal action was left out because every
/// push that must follow it would expose the mover's royal.
fn turns(rules: &Rules, pos: &Position, out: &mut Vec<Move>) -> bool {
    let Some(p) = pos
        .pending
        .filter(|p| p.color == pos.side && !rules.pawns.promotion_choices.is_empty())
    else {
        return legal_moves_unconstrained(rules, pos, out);
    };
    out.clear();
    let mut suicide = false;
    let mut part = Vec::new();
    for &k in &rules.pawns.promotion_choices {
        let mut child = pos.clone();
        child.resolve_pending(rules, p.square, k);
        suicide |= legal_moves_unconstrained(rules, &child, &mut part);
        out.extend(part.drain(..).map(|m| Move {
            choice: Some((p.square, k)),
            ..m
        }));
    }
    suicide
}

/// Has the side to move lost because its only legal actions are ones
/// after which every push of an enemy pawn would expose its royal (the
/// pusher is treated as checkmated)?
pub fn every_push_suicidal(rules: &Rules, pos: &Position) -> bool {
    if rules.pushes == 0 {
        return false;
    }
    let mut out = Vec::new();
    turns(rules, pos, &mut out) && out.is_empty()
}

/// Pairs each legal action in `out` with every push of an enemy pawn
/// that may follow it (`push_enemy_pawn`, by `steps`): one step forward,
/// as the pawn's owner sees it, onto an empty square, of the same colour
/// under a `keep_colour` mutator. A pair is legal when it leaves the
/// mover's royal unattacked whatever the owner of a pawn pushed onto its
/// last rank chooses; with the die rolled, pawns on the lane are pushed
/// if any can be. An action after which no pawn can be pushed stands
/// alone, and so does one that destroys the enemy royal (the game is
/// over). True when some action was left out because every push after
/// it is suicidal.
#[cold]
fn add_pushes(rules: &Rules, pos: &Position, steps: &[(i8, i8)], out: &mut Vec<Move>) -> bool {
    let us = pos.side;
    let them = !us;
    let g = rules.geometry;
    let lane = match pos.roll {
        Some(n) if pos.active & rules.dice != 0 => Some(rules.lane(n)),
        _ => None,
    };
    let colour = pos.active & rules.keep_colour != 0;
    let forward = if them == Color::White { 1 } else { -1 };
    let mut suicide = false;
    let actions = std::mem::take(out);
    for a in actions {
        let mut after = pos.clone();
        after.play_unchecked(rules, &a);
        if pos.active & rules.explode != 0 && after.royals(them).count() < pos.royals(them).count()
        {
            out.push(a);
            continue;
        }
        let mut pushes = Vec::new();
        for from in after.occupied(them).iter() {
            if !after.piece_at(from).is_some_and(|p| rules.is_pawn(p.kind)) {
                continue;
            }
            for &(df, dr) in steps {
                let Some(to) = g.offset(from, i32::from(df), i32::from(dr) * forward) else {
                    continue;
                };
                let same = (g.file(from) + g.rank(from) - g.file(to) - g.rank(to)) % 2 == 0;
                if after.is_empty(to) && (!colour || same) {
                    pushes.push((from, to));
                }
            }
        }
        if pushes.is_empty() {
            out.push(a);
            continue;
        }
        let start = out.len();
        for p in pushes {
            let turn = Move {
                push: Some(p),
                ..a.clone()
            };
            if push_is_safe(rules, pos, &turn) {
                out.push(turn);
            }
        }
        if out.len() == start {
            suicide = true;
        } else if let Some(lane) = lane
            && out[start..]
                .iter()
                .any(|m| m.push.is_some_and(|(f, _)| lane.contains(f)))
        {
            retain_from(out, start, |m| {
                m.push.is_some_and(|(f, _)| lane.contains(f))
            });
        }
    }
    suicide
}

/// Does the turn `mv` (an action and a push) leave the mover's royal
/// unattacked, for every choice the owner of a pawn pushed onto its last
/// rank may make?
fn push_is_safe(rules: &Rules, pos: &Position, mv: &Move) -> bool {
    let us = pos.side;
    let mut child = pos.clone();
    child.play_unchecked(rules, mv);
    if in_check(rules, &child, us) {
        return false;
    }
    let Some(p) = child.pending else {
        return true;
    };
    rules.pawns.promotion_choices.iter().all(|&k| {
        let mut promoted = child.clone();
        promoted.resolve_pending(rules, p.square, k);
        !in_check(rules, &promoted, us)
    })
}

/// Compulsory capture (`must_capture`) and the die's lane (`dice`, once
/// rolled) as ordered preferences: the legal moves of the first tier
/// that has any. With both: captures from the lane, then other moves
/// from the lane (drops onto it), then any capture, then anything. The
/// tiers never empty a non-empty list, so mate and stalemate are judged
/// on the unrestricted moves.
fn preference_tiers(rules: &Rules, pos: &Position, out: &mut Vec<Move>) {
    let attack = pos.active & rules.must_capture != 0;
    let lane = match pos.roll {
        Some(n) if pos.active & rules.dice != 0 => Some(rules.lane(n)),
        _ => None,
    };
    let on_lane = |m: &Move| lane.is_some_and(|l| from_lane(rules, &l, m));
    let tiers: &[&dyn Fn(&Move) -> bool] = match (lane.is_some(), attack) {
        (false, false) => return,
        (false, true) => &[&Move::is_capture],
        (true, false) => &[&on_lane],
        (true, true) => &[
            &|m: &Move| on_lane(m) && m.is_capture(),
            &|m: &Move| on_lane(m) && !m.is_capture(),
            &Move::is_capture,
        ],
    };
    if let Some(tier) = tiers.iter().find(|t| out.iter().any(t)) {
        out.retain(|m| tier(m));
    }
}

/// Does `mv` act from the die's lane: a piece moving off it (the king or
/// the rook of a castling, either piece of a swap), or a drop onto it?
pub(crate) fn from_lane(rules: &Rules, lane: &SquareSet, mv: &Move) -> bool {
    match &mv.kind {
        MoveKind::Drop => lane.contains(mv.to),
        MoveKind::Castle(i) => {
            let c = &rules.castling[mv.piece.color][*i as usize];
            lane.contains(c.king_from) || lane.contains(c.partner_from)
        }
        MoveKind::Effects(list) => {
            lane.contains(mv.from)
                || list.iter().any(|e| match *e {
                    Effect::Swap(a, b) => lane.contains(a) || lane.contains(b),
                    Effect::MovePiece { from, .. } => lane.contains(from),
                    _ => false,
                })
        }
        _ => lane.contains(mv.from),
    }
}

/// The placement stage's moves: any mutator not yet on the board onto
/// any empty square of the `markers` squares without a marker.
fn placements(rules: &Rules, pos: &Position, out: &mut Vec<Move>) {
    out.clear();
    let Some(m) = &rules.markers else { return };
    let placed = &pos.markers;
    for mutator in 0..rules.mutators.len() as u8 {
        if placed.holds(mutator) || rules.always_on >> mutator & 1 != 0 {
            continue;
        }
        for &square in &m.squares {
            if placed.at(square).is_some() || !pos.is_empty(square) {
                continue;
            }
            out.push(Move::of_effects(
                vec![Effect::PlaceMarker { square, mutator }],
                square,
                square,
                Piece::new(crate::board::PieceKind(0), pos.side),
            ));
        }
    }
}

/// `must_move_when_attacked`: while such a piece of the mover is attacked,
/// only moves of those attacked pieces are legal; none at all if they
/// cannot move (mutatis-mutandis.md 8.3: nothing may capture the
/// attacker or block it instead).
fn must_move_filter(rules: &Rules, pos: &Position, out: &mut Vec<Move>) {
    let us = pos.side;
    let threatened: SquareSet = pos
        .occupied(us)
        .iter()
        .filter(|&s| {
            pos.piece_at(s)
                .is_some_and(|p| rules.piece(p.kind).must_move)
                && is_attacked(rules, pos, s, !us)
        })
        .collect();
    if !threatened.is_empty() {
        out.retain(|m| threatened.contains(m.from));
    }
}

/// The legal turns, preferences aside (see [`turns`] for the flag).
fn legal_moves_unconstrained(rules: &Rules, pos: &Position, out: &mut Vec<Move>) -> bool {
    legal_board_moves(rules, pos, out);
    if pos.active & rules.swaps != 0 {
        let start = out.len();
        swap_moves(rules, pos, out);
        retain_from(out, start, |m| !leaves_royal_attacked(rules, pos, m));
    }
    if pos.active & rules.keep_colour != 0 {
        out.retain(|m| keeps_colour(rules, m));
    }
    if rules.pocket.is_some()
        || rules.drops.is_some()
        || pos.active & rules.drops_from_captures != 0
    {
        let start = out.len();
        hand_moves(rules, pos, out);
        retain_from(out, start, |m| !leaves_royal_attacked(rules, pos, m));
    }
    if let Some(due) = reserve_drop_due(rules, pos) {
        reserve_turns(rules, pos, out, due);
    }
    if rules.pawns.from_reserve {
        out.retain(|m| !strands_a_pawn(rules, pos, m));
    }
    match rules.push_steps(pos.active) {
        Some(steps) => add_pushes(rules, pos, steps, out),
        None => false,
    }
}

/// Does every piece `mv` moves end on a square of the colour it left (a
/// `keep_colour` mutator)? Drops are free.
fn keeps_colour(rules: &Rules, mv: &Move) -> bool {
    let g = rules.geometry;
    let same = |a: Square, b: Square| (g.file(a) + g.rank(a) - g.file(b) - g.rank(b)) % 2 == 0;
    match &mv.kind {
        MoveKind::Drop => true,
        MoveKind::Castle(i) => {
            let c = &rules.castling[mv.piece.color][*i as usize];
            same(c.king_from, c.king_to) && same(c.partner_from, c.partner_to)
        }
        MoveKind::Effects(list) => list.iter().all(|e| match *e {
            Effect::MovePiece { from, to, .. } => same(from, to),
            Effect::Swap(a, b) => same(a, b),
            _ => true,
        }),
        _ => same(mv.from, mv.to),
    }
}

/// Does `mv` (given as effects) leave a pawn on its promotion ranks that
/// could not promote, its side's reserve being empty?
fn strands_a_pawn(rules: &Rules, pos: &Position, mv: &Move) -> bool {
    if !matches!(mv.kind, MoveKind::Effects(_)) {
        return false;
    }
    let mut child = pos.clone();
    child.play_unchecked(rules, mv);
    Color::ALL.iter().any(|&color| {
        child
            .occupied(color)
            .and(&rules.pawns.promotion_zone[color])
            .iter()
            .any(|sq| child.piece_at(sq).is_some_and(|p| rules.is_pawn(p.kind)))
    })
}

/// Whether the side to move may drop its next reserve piece this turn:
/// `None` when not (no reserve drops, nothing left, window not open),
/// otherwise whether the drop is due (the window's last turn, or overdue,
/// with `mandatory`). A side's own turn number is the FEN move number.
pub fn reserve_drop_due(rules: &Rules, pos: &Position) -> Option<bool> {
    let d = rules.drops.as_ref().filter(|d| d.from_reserve)?;
    let r = &pos.reserves[pos.side];
    if r.is_empty() {
        return None;
    }
    let turn = pos.fullmove;
    match &d.schedule {
        None => Some(d.mandatory),
        Some(s) => {
            let (open, last) = s.window(u32::from(r.front) + 1, pos.side);
            (turn >= open).then_some(d.mandatory && turn >= last)
        }
    }
}

/// The turns that drop the next reserve piece after an action: every
/// pseudo-legal action followed by a drop on an empty square of the drop
/// ranks as the action leaves them, kept when the whole turn leaves no
/// royal attacked (a drop may block a check the action alone leaves). A
/// due drop, when some turn can make it, must be made.
#[cold]
fn reserve_turns(rules: &Rules, pos: &Position, out: &mut Vec<Move>, due: bool) {
    let Some(d) = &rules.drops else { return };
    let us = pos.side;
    let mut actions = Vec::new();
    board_pseudo_moves(rules, pos, &mut actions);
    let mut with_drop = Vec::new();
    for a in &actions {
        let mut child = pos.clone();
        child.play_unchecked(rules, a);
        let Some(piece) = child.reserves[us].pieces[child.reserves[us].front as usize]
            .filter(|_| !child.reserves[us].is_empty())
        else {
            continue;
        };
        let zone = if rules.is_pawn(piece.kind) {
            d.pawn_zone[us]
        } else {
            d.zone[us]
        };
        for sq in zone.iter().filter(|&q| child.is_empty(q)) {
            let m = Move {
                drop: Some(sq),
                ..a.clone()
            };
            if !leaves_royal_attacked(rules, pos, &m) {
                with_drop.push(m);
            }
        }
    }
    if due && !with_drop.is_empty() {
        *out = with_drop;
    } else {
        out.extend(with_drop);
    }
}

fn legal_board_moves(rules: &Rules, pos: &Position, out: &mut Vec<Move>) {
    let us = pos.side;
    let royals = pos.royals(us);
    if royals.is_empty() {
        board_pseudo_moves(rules, pos, out);
        return;
    }
    let Some(guard) = Guard::new(rules, pos) else {
        board_pseudo_moves(rules, pos, out);
        out.retain(|m| !leaves_royal_attacked(rules, pos, m));
        return;
    };
    out.clear();
    for from in pos.occupied(us).iter() {
        let start = out.len();
        piece_moves(rules, pos, from, out);
        guard.filter(rules, pos, from, out, start);
    }
    let start = out.len();
    castling_moves(rules, pos, out);
    retain_from(out, start, |m| !leaves_royal_attacked(rules, pos, m));
}

/// How many legal moves the side to move has: `legal_moves(..).len()`,
/// but where no move of a piece needs a test (no check, the piece neither
/// royal nor pinned) its moves are counted, not built. `scratch` is a
/// buffer for the rest.
pub fn legal_move_count(rules: &Rules, pos: &Position, scratch: &mut Vec<Move>) -> u64 {
    if !rules.bulk_count || pos.active & rules.pushes != 0 || pos.pending.is_some() {
        legal_moves_into(rules, pos, scratch);
        return scratch.len() as u64;
    }
    let guard = match Guard::new(rules, pos) {
        Some(g) if g.checkers.is_empty() => g,
        _ => {
            legal_moves_into(rules, pos, scratch);
            return scratch.len() as u64;
        }
    };
    scratch.clear();
    let mut count = Count { pos, n: 0 };
    for from in pos.occupied(pos.side).iter() {
        let Some(piece) = pos.piece_at(from) else {
            continue;
        };
        if from == guard.king
            || guard.pinned.contains(from)
            || rules.may_repeat[piece.color][piece.kind.index()]
        {
            let start = scratch.len();
            piece_moves(rules, pos, from, scratch);
            guard.filter(rules, pos, from, scratch, start);
        } else {
            gen_piece(rules, pos, from, piece, &mut count);
        }
    }
    let start = scratch.len();
    castling_moves(rules, pos, scratch);
    retain_from(scratch, start, |m| !leaves_royal_attacked(rules, pos, m));
    count.n + scratch.len() as u64
}

/// What the fast legality test knows about the side to move's single
/// royal: its square, who checks it, where a check can be blocked, and
/// which friendly pieces are pinned to it (with the line each keeps).
struct Guard {
    king: Square,
    checkers: SquareSet,
    danger: SquareSet,
    pinned: SquareSet,
    lines: Vec<(Square, SquareSet)>,
}

impl Guard {
    /// `None` where the fast test is unsound: several royals, or pieces
    /// whose captures are more than plain leaps and rides.
    fn new(rules: &Rules, pos: &Position) -> Option<Guard> {
        let us = pos.side;
        let royals = pos.royals(us);
        if !rules.pin_shortcut || royals.count() != 1 {
            return None;
        }
        let king = royals.iter().next()?;
        let (checkers, between) = checks(rules, pos, king, us);
        let (pinned, lines) = pins(rules, pos, king, us);
        Some(Guard {
            king,
            checkers,
            danger: checkers | between,
            pinned,
            lines,
        })
    }

    /// Keeps the legal ones among the moves `out[start..]` of the piece
    /// on `from`.
    fn filter(
        &self,
        rules: &Rules,
        pos: &Position,
        from: Square,
        out: &mut Vec<Move>,
        start: usize,
    ) {
        let us = pos.side;
        let king = self.king;
        if from == king {
            retain_from(out, start, |m| {
                if m.kind == MoveKind::Normal {
                    !is_attacked_vacating(rules, pos, m.to, !us, king)
                } else {
                    !leaves_royal_attacked(rules, pos, m)
                }
            });
            return;
        }
        let ordinary = |m: &Move| matches!(m.kind, MoveKind::Normal | MoveKind::DoubleStep);
        let is_pinned = self.pinned.contains(from);
        if self.checkers.is_empty() {
            if is_pinned {
                let line = self
                    .lines
                    .iter()
                    .find(|(s, _)| *s == from)
                    .map_or(SquareSet::EMPTY, |(_, line)| *line);
                retain_from(out, start, |m| {
                    if ordinary(m) {
                        line.contains(m.to)
                    } else {
                        !leaves_royal_attacked(rules, pos, m)
                    }
                });
            } else if out[start..].iter().any(|m| !ordinary(m)) {
                retain_from(out, start, |m| {
                    ordinary(m) || !leaves_royal_attacked(rules, pos, m)
                });
            }
        } else {
            let single = self.checkers.count() == 1;
            retain_from(out, start, |m| {
                if !ordinary(m) {
                    !leaves_royal_attacked(rules, pos, m)
                } else if !self.danger.contains(m.to) {
                    false
                } else if single && !is_pinned && self.checkers.contains(m.to) {
                    true
                } else {
                    !leaves_royal_attacked(rules, pos, m)
                }
            });
        }
    }
}

/// All legal moves of the side to move.
pub fn legal_moves(rules: &Rules, pos: &Position) -> Vec<Move> {
    let mut v = Vec::with_capacity(64);
    legal_moves_into(rules, pos, &mut v);
    v
}

/// Is `mv` one of the legal moves here?
pub fn is_legal(rules: &Rules, pos: &Position, mv: &Move) -> bool {
    legal_moves(rules, pos).contains(mv)
}

#[cfg(test)]
mod tests;
