//! Turns: the legal turns of a position, with swaps, pushes of enemy pawns, placements, preference tiers and duties.

use super::*;

/// The preference tiers: compulsory captures and the die's lane.
pub(super) const TIERS: TurnRules = TurnRules::of(&[TurnRule::MustCapture, TurnRule::Dice]);

/// All pseudo-legal moves of the side to move.
pub fn pseudo_moves(rules: &Rules, pos: &Position, out: &mut Vec<Move>) {
    board_pseudo_moves(rules, pos, out);
    hand_moves(rules, pos, out);
}

/// The pseudo-legal moves on the board (no pocketing, no drops).
pub(super) fn board_pseudo_moves(rules: &Rules, pos: &Position, out: &mut Vec<Move>) {
    if rules.stacking().is_some() {
        stack::pseudo_moves(rules, pos, out);
        return;
    }
    out.clear();
    for from in pos.occupied(pos.side()).iter() {
        piece_moves(rules, pos, from, out);
    }
    castling_moves(rules, pos, out);
}

/// The swaps a `swaps` mutator allows, own royal safety not tested: two
/// of the mover's pieces exchange squares when one covers the other
/// (could capture an enemy standing on the other's square; immunity
/// aside). A pawn swapped onto its promotion ranks promotes, its side
/// choosing. Each pair is one move, written from the lower square.
pub(super) fn swap_moves(rules: &Rules, pos: &Position, out: &mut Vec<Move>) {
    let us = pos.side();
    let own = pos.occupied(us);
    // An enemy standing in for the covered piece: the variant's pawn,
    // else a piece of the covered one's kind (as
    // `Position::with_stand_in` makes it).
    let stand_in = rules.demoted_kind();
    // What each own piece could capture on, or more (`None`: anything),
    // so only pairs that may cover each other are asked; and whether
    // that is exactly where it captures, so that a piece in its reach
    // is covered without asking.
    let mut reach: Vec<(Square, Option<SquareSet>, bool)> = Vec::with_capacity(own.count());
    reach.extend(own.iter().filter_map(|x| {
        let piece = pos.piece_at(x)?;
        Some(if capture_reach_exact(rules, piece, stand_in) {
            (x, Some(capture_squares(rules, pos, x, piece)), true)
        } else {
            (x, capture_reach(rules, pos, x, piece), false)
        })
    }));
    // Each own piece's place in `reach`, and the own pieces that cover
    // it, by that place.
    let mut place = [0u8; crate::board::MAX_SQUARES];
    let mut listed = SquareSet::EMPTY;
    for (i, &(x, _, _)) in reach.iter().enumerate() {
        place[x.index()] = i as u8;
        listed.insert(x);
    }
    let mut covered_by = vec![SquareSet::EMPTY; reach.len()];
    // Pairs only a probe tells: (coverer, covered).
    let mut asked: Vec<(Square, Square)> = Vec::new();
    for &(x, covers, exact) in &reach {
        let mut candidates = covers.map_or(listed, |c| c.and(&listed));
        candidates.remove(x);
        for y in candidates.iter() {
            if exact && covers.is_some() {
                covered_by[usize::from(place[y.index()])].insert(x);
            } else {
                asked.push((x, y));
            }
        }
    }
    // A pair is one move, made where its lower square is covered by the
    // higher one's piece, else where the higher is covered by the lower:
    // so a lower piece's cover of a higher one is asked only where the
    // higher does not cover the lower. Those come last.
    asked.sort_by_key(|&(x, y)| (x < y, y, x));
    let mut buf = Vec::with_capacity(32);
    // One copy of the position, the stand-in put on each own piece's
    // square in turn.
    let mut probe: Option<Position> = None;
    // The covered square the stand-in stands on, and the piece it
    // replaced there.
    let mut replaced: Option<(Square, crate::board::Piece)> = None;
    for &(x, y) in &asked {
        if x < y && covered_by[usize::from(place[x.index()])].contains(y) {
            continue;
        }
        let probe = probe.get_or_insert_with(|| pos.clone());
        if replaced.is_none_or(|(at, _)| at != y) {
            if let Some((at, piece)) = replaced.take() {
                probe.take(rules, at);
                probe.put(rules, at, piece);
            }
            let Some(piece) = probe.take(rules, y) else {
                continue;
            };
            let kind = stand_in.unwrap_or(piece.kind);
            probe.put(rules, y, crate::board::Piece::new(kind, !us));
            replaced = Some((y, piece));
        }
        if captures_onto(rules, probe, x, y, &mut buf) {
            covered_by[usize::from(place[y.index()])].insert(x);
        }
    }
    // The pairs in the order of their squares: a lower square with each
    // higher one whose piece covers it, a higher square with each lower
    // one whose piece covers it where it does not cover that one.
    let mut pairs: Vec<(Square, Square)> = Vec::new();
    for &(y, _, _) in &reach {
        for x in covered_by[usize::from(place[y.index()])].iter() {
            if x > y || !covered_by[usize::from(place[x.index()])].contains(y) {
                pairs.push((x.min(y), x.max(y)));
            }
        }
    }
    for (a, b) in pairs {
        let (Some(pa), Some(pb)) = (pos.piece_at(a), pos.piece_at(b)) else {
            continue;
        };
        let swap = Move::of_effects([Effect::Swap(a, b)], a, b, pa);
        let promoting = [(pa, b), (pb, a)].into_iter().find(|&(p, to)| {
            rules.is_pawn(p.kind) && rules.pawns().promotion_zone[us].contains(to)
        });
        match promoting {
            None => out.push(swap),
            Some((pawn, square)) => {
                for &kind in rules.promotion_choices(pawn) {
                    out.push(Move {
                        kind: MoveKind::Effects(EffectList::new([
                            Effect::Swap(a, b),
                            Effect::Transform {
                                square,
                                unit: 0,
                                kind,
                            },
                        ])),
                        promotion: Some(kind),
                        ..swap
                    });
                }
            }
        }
    }
}

thread_local! {
    static LISTINGS: std::cell::Cell<u64> = const { std::cell::Cell::new(0) };
}

/// How many times this thread has listed a position's legal turns
/// (`legal_moves_into`, which `legal_moves` and every front end's
/// listing go through). A measure of work that does not depend on the
/// machine: tests count the listings an operation costs instead of
/// timing it.
pub fn listings() -> u64 {
    LISTINGS.with(|n| n.get())
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
    LISTINGS.with(|n| n.set(n.get() + 1));
    if pos.stage() == crate::position::Stage::Setup {
        placements(rules, pos, out);
        return;
    }
    // The turn rules in force, each applied below in its order.
    let plan = rules.plan(pos.active());
    if plan.has(TurnRule::BlownRoyal) && pos.royals(pos.side()).is_empty() {
        // The side's royal was blown up: the game is over.
        out.clear();
        return;
    }
    if goal_reached(rules, pos).is_some() {
        out.clear();
        return;
    }
    turns(rules, pos, out);
    if let Some(d) = rules
        .drops()
        .as_ref()
        .filter(|_| plan.has(TurnRule::MandatoryDrops))
    {
        // While the hand holds a piece (of the kinds named), a legal drop
        // of one must be played; other kinds wait.
        let named = |k| d.mandatory_kinds.is_empty() || d.mandatory_kinds.contains(&k);
        if pos.pockets()[pos.side()].iter().any(|(k, _)| named(k)) {
            if !d.mandatory_kinds.is_empty() {
                out.retain(|m| m.kind != MoveKind::Drop || named(m.piece.kind));
            }
            if out.iter().any(|m| m.kind == MoveKind::Drop) {
                out.retain(|m| m.kind == MoveKind::Drop);
            }
        }
    }
    if plan.has(TurnRule::NoChecks) {
        out.retain(|m| !gives_check(rules, pos, m));
    }
    if plan.has_any(TIERS) {
        preference_tiers(rules, pos, out);
    }
    if plan.has(TurnRule::MustMove) {
        must_move_filter(rules, pos, out);
    }
    if plan.has(TurnRule::ImmobileInCheck) {
        immobile_in_check_filter(rules, pos, out);
    }
    if plan.has(TurnRule::ScriptFilter)
        && let Some(host) = hooks(rules)
        && host.has(crate::rules::hooks::FILTER_MOVES)
    {
        host.filter_moves(rules, pos, out);
    }
}

/// The legal turns before preferences, into `out`: with a promotion
/// waiting for the side to move, one set per choice, each turn carrying
/// its choice. True when some legal action was left out because every
/// push that must follow it would expose the mover's royal.
pub(super) fn turns(rules: &Rules, pos: &Position, out: &mut Vec<Move>) -> bool {
    let Some(p) = pos
        .pending()
        .filter(|p| p.color == pos.side() && !pending_choices(rules, pos, p).is_empty())
    else {
        return legal_moves_unconstrained(rules, pos, out);
    };
    out.clear();
    let mut suicide = false;
    let mut part = Vec::new();
    for &k in pending_choices(rules, pos, &p) {
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
    if !rules.plan(pos.active()).has(TurnRule::Pushes) {
        return false;
    }
    let mut out = Vec::new();
    turns(rules, pos, &mut out) && out.is_empty()
}

/// What the pawn of a pending promotion may become: its kind's own
/// choices, else its side's.
pub(super) fn pending_choices<'r>(
    rules: &'r Rules,
    pos: &Position,
    p: &crate::position::Pending,
) -> &'r [crate::board::PieceKind] {
    match pos.piece_at(p.square) {
        Some(pawn) => rules.promotion_choices(pawn),
        None => &rules.pawns().promotion_choices[p.color],
    }
}

/// Compulsory capture (`must_capture`) and the die's lane (`dice`, once
/// rolled) as ordered preferences: the legal moves of the first tier
/// that has any. With both: captures from the lane, then other moves
/// from the lane (drops onto it), then any capture, then anything. The
/// tiers never empty a non-empty list, so mate and stalemate are judged
/// on the unrestricted moves.
pub(super) fn preference_tiers(rules: &Rules, pos: &Position, out: &mut Vec<Move>) {
    let Some(tiers) = Tiers::of(rules, pos) else {
        return;
    };
    if let Some(t) = out.iter().map(|m| tiers.tier(rules, m)).min() {
        out.retain(|m| tiers.tier(rules, m) == t);
    }
}

/// The preference tiers in force (see [`preference_tiers`]): the lane of
/// the die rolled, and whether captures are compulsory.
pub(super) struct Tiers {
    lane: Option<SquareSet>,
    attack: bool,
}

impl Tiers {
    /// The tiers of `pos`, or `None` where no turn is preferred.
    #[inline]
    pub(super) fn of(rules: &Rules, pos: &Position) -> Option<Tiers> {
        let plan = rules.plan(pos.active());
        if !plan.has_any(TIERS) {
            return None;
        }
        let attack = plan.has(TurnRule::MustCapture);
        let lane = match pos.roll() {
            Some(n) if plan.has(TurnRule::Dice) => Some(rules.lane(n)),
            _ => None,
        };
        (attack || lane.is_some()).then_some(Tiers { lane, attack })
    }

    /// How many tiers come before the unrestricted one.
    pub(super) fn len(&self) -> usize {
        match (self.lane.is_some(), self.attack) {
            (true, true) => 3,
            _ => 1,
        }
    }

    /// The tier `m` is in, counted from the most preferred: the first
    /// that holds it, `len()` where none does (the unrestricted one).
    #[inline]
    pub(super) fn tier(&self, rules: &Rules, m: &Move) -> usize {
        let capture = m.is_capture();
        let Some(lane) = &self.lane else {
            return usize::from(!capture);
        };
        let on_lane = from_lane(rules, lane, m);
        match (self.attack, on_lane, capture) {
            (false, on_lane, _) => usize::from(!on_lane),
            (true, true, true) => 0,
            (true, true, false) => 1,
            (true, false, true) => 2,
            (true, false, false) => 3,
        }
    }
}

/// Does `mv` act from the die's lane: a piece moving off it (the king or
/// the rook of a castling, either piece of a swap), or a drop onto it?
pub(crate) fn from_lane(rules: &Rules, lane: &SquareSet, mv: &Move) -> bool {
    match &mv.kind {
        MoveKind::Drop => lane.contains(mv.to),
        MoveKind::Castle(i) => {
            let c = &rules.castling()[mv.piece.color][*i as usize];
            lane.contains(c.king_from) || lane.contains(c.partner_from)
        }
        MoveKind::Effects(list) => {
            lane.contains(mv.from)
                || list.effects().iter().any(|e| match *e {
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
pub(super) fn placements(rules: &Rules, pos: &Position, out: &mut Vec<Move>) {
    out.clear();
    let Some(m) = &rules.markers() else { return };
    let placed = pos.markers();
    for mutator in 0..rules.mutators().len() as u8 {
        if placed.holds(mutator) || rules.masks().always_on.contains(usize::from(mutator)) {
            continue;
        }
        for &square in &m.squares {
            if placed.at(square).is_some() || !pos.is_empty(square) {
                continue;
            }
            out.push(Move::of_effects(
                [Effect::PlaceMarker { square, mutator }],
                square,
                square,
                Piece::new(crate::board::PieceKind(0), pos.side()),
            ));
        }
    }
}

/// `must_move_when_attacked`: while such a piece of the mover is attacked,
/// only moves of those attacked pieces are legal; none at all if they
/// cannot move (mutatis-mutandis.md 8.3: nothing may capture the
/// attacker or block it instead).
pub(super) fn must_move_filter(rules: &Rules, pos: &Position, out: &mut Vec<Move>) {
    if let Some(keep) = must_move_rule(rules, pos) {
        out.retain(keep);
    }
}

/// The turns [`must_move_filter`] keeps, where it keeps only some.
pub(super) fn must_move_rule(rules: &Rules, pos: &Position) -> Option<impl Fn(&Move) -> bool> {
    let us = pos.side();
    let threatened: SquareSet = pos
        .occupied(us)
        .iter()
        .filter(|&s| {
            pos.piece_at(s)
                .is_some_and(|p| rules.piece(p.kind).must_move)
                && is_attacked(rules, pos, s, !us)
        })
        .collect();
    (!threatened.is_empty()).then_some(move |m: &Move| threatened.contains(m.from))
}

/// `immobile_in_check`: while the mover is in check, a piece of such a
/// kind moves only to capture the one piece giving check.
fn immobile_in_check_filter(rules: &Rules, pos: &Position, out: &mut Vec<Move>) {
    if let Some(keep) = immobile_in_check_rule(rules, pos) {
        out.retain(keep);
    }
}

/// The turns [`immobile_in_check_filter`] keeps, where it keeps only
/// some.
pub(super) fn immobile_in_check_rule<'a>(
    rules: &'a Rules,
    pos: &'a Position,
) -> Option<impl Fn(&Move) -> bool + 'a> {
    let us = pos.side();
    let mut checkers = SquareSet::EMPTY;
    for royal in pos.royals(us).iter() {
        for sq in attackers_of(rules, pos, royal, !us) {
            checkers.insert(sq);
        }
    }
    if checkers.is_empty() {
        return None;
    }
    let only = (checkers.count() == 1)
        .then(|| checkers.iter().next())
        .flatten();
    Some(move |m: &Move| {
        pos.piece_at(m.from) != Some(m.piece)
            || !rules.piece(m.piece.kind).immobile_in_check
            || m.captured.is_some() && Some(m.to) == only
    })
}

/// The legal turns, preferences aside (see [`turns`] for the flag).
pub(super) fn legal_moves_unconstrained(
    rules: &Rules,
    pos: &Position,
    out: &mut Vec<Move>,
) -> bool {
    let plan = rules.plan(pos.active());
    legal_board_moves(rules, pos, out);
    if plan.has(TurnRule::InPlace) {
        in_place_promotions(rules, pos, out);
    }
    if plan.has(TurnRule::Swaps) {
        let start = out.len();
        swap_moves(rules, pos, out);
        retain_legal_swaps(rules, pos, out, start);
    }
    if plan.has(TurnRule::KeepColour) {
        out.retain(|m| keeps_colour(rules, m));
    }
    if plan.has(TurnRule::Hands) {
        legal_hand_moves(rules, pos, out, drop_targets(rules, pos));
        gating_turns(rules, pos, out);
    }
    if plan.has(TurnRule::ReserveDrops)
        && let Some(due) = reserve_drop_due(rules, pos)
    {
        reserve_turns(rules, pos, out, due);
    }
    if plan.has(TurnRule::StrandedPawns) {
        out.retain(|m| !strands_a_pawn(rules, pos, m));
    }
    let steps = if plan.has(TurnRule::Pushes) {
        rules.push_steps(pos.active())
    } else {
        None
    };
    let suicide = match steps {
        Some(steps) => add_pushes(rules, pos, steps, out),
        None => false,
    };
    if plan.has_any(TurnRules::of(&[TurnRule::Passing, TurnRule::Standoff])) {
        standoff_and_pass(rules, pos, out);
    }
    suicide
}

/// Royals facing each other (`facing_royals = bikjang`) must be parted:
/// every turn but a pass leaves them apart. A side may pass
/// (`passing = true`) when not in check, and always while they face.
fn standoff_and_pass(rules: &Rules, pos: &Position, out: &mut Vec<Move>) {
    let us = pos.side();
    let plan = rules.plan(pos.active());
    let facing = plan.has(TurnRule::Standoff) && royals_facing(rules, pos, us);
    if facing {
        out.retain(|m| {
            let mut child = pos.clone();
            child.play_unchecked(rules, m);
            !royals_facing(rules, &child, us)
        });
    }
    if plan.has(TurnRule::Passing) && (facing || !in_check(rules, pos, us)) {
        let own = pos
            .royals(us)
            .iter()
            .next()
            .or(pos.occupied(us).iter().next());
        if let Some(sq) = own
            && let Some(piece) = pos.piece_at(sq)
        {
            out.push(Move::pass(piece, sq));
        }
    }
}

/// Does every piece `mv` moves end on a square of the colour it left (a
/// `keep_colour` mutator)? Drops are free.
pub(super) fn keeps_colour(rules: &Rules, mv: &Move) -> bool {
    let a1 = &rules.tables().a1_colour;
    let same = |a: Square, b: Square| a1.contains(a) == a1.contains(b);
    match &mv.kind {
        MoveKind::Drop => true,
        MoveKind::Castle(i) => {
            let c = &rules.castling()[mv.piece.color][*i as usize];
            same(c.king_from, c.king_to) && same(c.partner_from, c.partner_to)
        }
        MoveKind::Effects(list) => list.effects().iter().all(|e| match *e {
            Effect::MovePiece { from, to, .. } => same(from, to),
            Effect::Swap(a, b) => same(a, b),
            _ => true,
        }),
        _ => same(mv.from, mv.to),
    }
}

/// All legal moves of the side to move.
pub fn legal_moves(rules: &Rules, pos: &Position) -> Vec<Move> {
    let mut v = Vec::with_capacity(64);
    legal_moves_into(rules, pos, &mut v);
    v
}
