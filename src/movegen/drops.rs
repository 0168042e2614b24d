//! Drops from hands, and the reserve drops that follow an action on a schedule.

use super::*;

/// Pocketings (an own piece, not royal, into an empty-enough hand, as each
/// kind it may become) and drops (a held piece onto an empty square of
/// the drop zone), own royal safety not tested.
pub(super) fn hand_moves(rules: &Rules, pos: &Position, out: &mut Vec<Move>) {
    let us = pos.side();
    if let Some(p) = &rules.pocket()
        && pos.pockets()[us].len() < p.capacity as usize
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
                    origin: Origin::Other,
                    drop: None,
                    push: None,
                    choice: None,
                    gate: None,
                });
            }
        }
    }
    let section = rules
        .drops()
        .as_ref()
        .filter(|d| !d.from_reserve && !d.gating);
    let mutator = pos.active().intersects(rules.masks().drops_from_captures);
    if !mutator && section.is_none() || pos.pockets()[us].is_empty() {
        return;
    }
    // A `drops` section and an active drops mutator both drop from the
    // hand: a square either allows is one drop.
    let empty: SquareSet = rules
        .geometry()
        .squares()
        .filter(|&sq| pos.is_empty(sq))
        .collect();
    let unmarked = empty.minus(&pos.markers().covered());
    let mut held: Vec<crate::board::PieceKind> = Vec::new();
    for (kind, _) in pos.pockets()[us].iter() {
        if held.contains(&kind) {
            continue;
        }
        held.push(kind);
        // A held piece may also be dropped as one of its promoted forms
        // (`also_dropped_as`).
        let forms =
            std::iter::once(kind).chain(rules.pieces()[kind.index()].dropped_as.iter().copied());
        for form in forms {
            let targets = drop_squares(
                rules,
                pos,
                form,
                mutator.then_some(&unmarked),
                section.map(|d| (d, &empty)),
            );
            let piece = Piece::new(form, us);
            for to in targets.iter() {
                if let Some(d) = section
                    && !d.opposite_colours.is_empty()
                    && !colours_stay_open(rules, pos, d, form, to)
                {
                    continue;
                }
                out.push(Move::drop_from_hand(piece, to));
            }
        }
    }
}

/// May the side to move drop a `kind` on `to` and still keep each kind
/// of `d.opposite_colours` on both square colours, half each? A piece of
/// such a kind may not join more than half of them (rounded up) on its
/// colour; any other drop must leave enough free drop squares of each
/// colour for those still in hand.
fn colours_stay_open(
    rules: &Rules,
    pos: &Position,
    d: &crate::rules::DropRules,
    kind: crate::board::PieceKind,
    to: Square,
) -> bool {
    let us = pos.side();
    let g = rules.geometry();
    let dark = |sq: Square| g.is_dark(sq);
    d.opposite_colours.iter().all(|&k| {
        let own = Piece::new(k, us);
        let placed: Vec<Square> = pos
            .occupied(us)
            .iter()
            .filter(|&sq| pos.piece_at(sq) == Some(own))
            .collect();
        let total = placed.len() + pos.pockets()[us].count(k);
        if k == kind {
            let same = placed.iter().filter(|&&sq| dark(sq) == dark(to)).count();
            return same < total.div_ceil(2);
        }
        let free: Vec<Square> = d.zone[us]
            .and(&rules.kinds().drop_zone[us][k.index()])
            .iter()
            .filter(|&sq| sq != to && pos.is_empty(sq))
            .collect();
        [true, false].into_iter().all(|colour| {
            let on = placed.iter().filter(|&&sq| dark(sq) == colour).count()
                + free.iter().filter(|&&sq| dark(sq) == colour).count();
            on >= total / 2
        })
    })
}

/// Where the side to move may drop a piece of `kind`: the free squares
/// without a marker of an active drops mutator (`unmarked`; a pawn not on
/// its last ranks) and the empty squares of a `drops` section's ranks,
/// narrowed by the kind's own drop zone and its file limit.
fn drop_squares(
    rules: &Rules,
    pos: &Position,
    kind: crate::board::PieceKind,
    unmarked: Option<&SquareSet>,
    section: Option<(&crate::rules::DropRules, &SquareSet)>,
) -> SquareSet {
    let us = pos.side();
    let pawn = rules.is_pawn(kind);
    let mut targets = SquareSet::EMPTY;
    if let Some(&free) = unmarked {
        targets = free;
        if pawn {
            targets = targets.minus(&rules.pawns().promotion_zone[us]);
        }
    }
    if let Some((d, empty)) = section {
        targets |= empty.and(if pawn { &d.pawn_zone[us] } else { &d.zone[us] });
    }
    targets = targets.and(&rules.kinds().drop_zone[us][kind.index()]);
    if let Some(limit) = rules.pieces()[kind.index()].drop_file_limit {
        // No drop on a file that holds `limit` of the side's pieces of
        // this kind already (shogi's pawns: one).
        let own = Piece::new(kind, us);
        let g = rules.geometry();
        for file in 0..i32::from(g.width) {
            let squares = (0..i32::from(g.height)).filter_map(|rank| g.square(file, rank));
            let count = squares
                .clone()
                .filter(|&sq| pos.piece_at(sq) == Some(own))
                .count();
            if count >= usize::from(limit) {
                for sq in squares {
                    targets.remove(sq);
                }
            }
        }
    }
    targets
}

/// Does `mv` (given as effects) leave a pawn on its promotion ranks that
/// could not promote, its side's reserve being empty?
pub(super) fn strands_a_pawn(rules: &Rules, pos: &Position, mv: &Move) -> bool {
    if !matches!(mv.kind, MoveKind::Effects(_)) {
        return false;
    }
    let mut child = pos.clone();
    child.play_unchecked(rules, mv);
    Color::ALL.iter().any(|&color| {
        child
            .occupied(color)
            .and(&rules.pawns().promotion_zone[color])
            .iter()
            .any(|sq| child.piece_at(sq).is_some_and(|p| rules.is_pawn(p.kind)))
    })
}

/// Whether the side to move may drop its next reserve piece this turn:
/// `None` when not (no reserve drops, nothing left, window not open),
/// otherwise whether the drop is due (the window's last turn, or overdue,
/// with `mandatory`). A side's own turn number is the FEN move number.
pub fn reserve_drop_due(rules: &Rules, pos: &Position) -> Option<bool> {
    let d = rules.drops().as_ref().filter(|d| d.from_reserve)?;
    let r = &pos.reserves()[pos.side()];
    if r.is_empty() {
        return None;
    }
    let turn = pos.fullmove();
    match &d.schedule {
        None => Some(d.mandatory),
        Some(s) => {
            let (open, last) = s.window(u32::from(r.front) + 1, pos.side());
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
pub(super) fn reserve_turns(rules: &Rules, pos: &Position, out: &mut Vec<Move>, due: bool) {
    let us = pos.side();
    let mut actions = Vec::new();
    board_pseudo_moves(rules, pos, &mut actions);
    let mut with_drop = Vec::new();
    for a in &actions {
        let mut child = pos.clone();
        child.play_unchecked(rules, a);
        let Some(zone) = reserve_zone(rules, &child, us) else {
            continue;
        };
        for sq in zone.iter().filter(|&q| child.is_empty(q)) {
            let m = Move {
                drop: Some(sq),
                ..*a
            };
            if reserve_drop_is_legal(rules, pos, &child, &m) {
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

/// Where `us` may drop the front piece of its reserve on `child`, the
/// position an action leaves (empty squares or not); `None` when the
/// reserve is empty there.
pub(super) fn reserve_zone(rules: &Rules, child: &Position, us: Color) -> Option<SquareSet> {
    let d = rules.drops().as_ref()?;
    let r = &child.reserves()[us];
    let piece = r.pieces[r.front as usize].filter(|_| !r.is_empty())?;
    let zone = if rules.is_pawn(piece.kind) {
        d.pawn_zone[us]
    } else {
        d.zone[us]
    };
    Some(zone.and(&rules.kinds().drop_zone[us][piece.kind.index()]))
}

/// Does the turn `m`, an action followed by a reserve drop on an empty
/// square of `child` (the position the action leaves), leave no royal
/// of the side to move attacked? Without mutators nothing follows the
/// drop but the turn passing, so the drop is judged on `child`.
pub(super) fn reserve_drop_is_legal(
    rules: &Rules,
    pos: &Position,
    child: &Position,
    m: &Move,
) -> bool {
    let (us, Some(sq)) = (pos.side(), m.drop) else {
        return false;
    };
    if !rules
        .plan(pos.active())
        .allows(FastPath::ReserveDropOnChild)
        || m.push.is_some()
    {
        !leaves_royal_attacked(rules, pos, m)
    } else {
        !in_check(rules, &child.with_reserve_drop(rules, us, sq), us)
    }
}

/// Gating: every legal action that vacates a gate (a square of the
/// gating zone whose piece has not moved; castling vacates up to two),
/// followed by a held piece put on it. The action must be legal on its
/// own: the gated piece never makes an illegal move legal, neither by
/// blocking a check nor by standing in for a pinned piece that left (the
/// S-Chess rule, and Fairy-Stockfish's counts). The whole turn is asked
/// about too, for rules where a piece put down could matter.
#[cold]
pub(super) fn gating_turns(rules: &Rules, pos: &Position, out: &mut Vec<Move>) {
    let Some(d) = rules.drops().as_ref().filter(|d| d.gating) else {
        return;
    };
    let us = pos.side();
    if pos.pockets()[us].is_empty() {
        return;
    }
    let gates = pos.unmoved().and(&d.zone[us]).and(&pos.occupied(us));
    if gates.is_empty() {
        return;
    }
    let mut held: Vec<crate::board::PieceKind> = Vec::new();
    for (kind, _) in pos.pockets()[us].iter() {
        if !held.contains(&kind) {
            held.push(kind);
        }
    }
    let mut actions = Vec::new();
    board_pseudo_moves(rules, pos, &mut actions);
    for a in &actions {
        let vacated: Vec<Square> = match a.kind {
            MoveKind::Castle(i) => {
                let c = &rules.castling()[us][i as usize];
                [c.king_from, c.partner_from]
                    .into_iter()
                    .filter(|&s| s != c.king_to && s != c.partner_to)
                    .collect()
            }
            MoveKind::Drop | MoveKind::Pocket => continue,
            _ => (a.from != a.to).then_some(a.from).into_iter().collect(),
        };
        if !vacated.iter().any(|&s| gates.contains(s)) || leaves_royal_attacked(rules, pos, a) {
            continue;
        }
        for sq in vacated.into_iter().filter(|&s| gates.contains(s)) {
            for &kind in &held {
                if !rules.kinds().drop_zone[us][kind.index()].contains(sq) {
                    continue;
                }
                let m = Move {
                    drop: Some(sq),
                    gate: Some(kind),
                    ..*a
                };
                if !leaves_royal_attacked(rules, pos, &m) {
                    out.push(m);
                }
            }
        }
    }
}
