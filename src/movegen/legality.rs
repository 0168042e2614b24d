//! Legality: a move that leaves a royal attacked is refused, proved by checks and pins where that is sound and by copy-make elsewhere; counting moves without building them.

use super::*;

/// Does playing `mv` leave a royal of the mover attacked? (The slow,
/// always-correct test: copy, make, look.) Where captures explode, a move
/// that destroys one of the mover's royals is refused and one that
/// destroys an enemy royal is allowed, attacked or not.
pub fn leaves_royal_attacked(rules: &Rules, pos: &Position, mv: &Move) -> bool {
    let us = pos.side();
    let mut child = pos.clone();
    child.play_unchecked(rules, mv);
    if pos.active().intersects(rules.masks().explode) {
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
/// still move along (up to and including the pinner). A piece alone on
/// the legs of an enemy's lame leap onto the royal is pinned too: it may
/// only take the leaper.
#[cfg(test)]
pub(super) fn pins(
    rules: &Rules,
    pos: &Position,
    king: Square,
    us: Color,
) -> (SquareSet, Vec<(Square, SquareSet)>) {
    let mut pinned = SquareSet::EMPTY;
    let mut lines = Vec::new();
    // Only the patterns of the forms in play under the active set.
    let kinds = rules.forms().in_play(pos.active());
    for a in &rules.tables().attack[!us] {
        if !a.kinds.intersects(kinds) {
            continue;
        }
        if a.style == Style::Leap && !a.lame.is_empty() {
            if let Some((leg, src)) = leg_pin(rules, pos, a, king, us) {
                pinned.insert(leg);
                lines.push((leg, [src].into_iter().collect()));
            }
            continue;
        }
        if a.style != Style::Ride {
            continue;
        }
        let ray = rules.tables().rays.ray(a.dir, king);
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
                    if p.color != us && a.kinds.contains(p.kind) {
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

/// What [`checks`] and [`pins`] find, the royal's lines walked once:
/// the checkers, the squares between, the pinned pieces and their lines.
#[allow(clippy::type_complexity)]
pub(super) fn checks_and_pins(
    rules: &Rules,
    pos: &Position,
    king: Square,
    us: Color,
) -> (SquareSet, SquareSet, SquareSet, Vec<(Square, SquareSet)>) {
    royal_lines(rules, pos, king, us, true)
}

/// The enemy pieces attacking the single royal on `king`, and the squares
/// between the royal and each riding checker or on the legs of each lame
/// leaper's (where a check can be blocked). Only for the pin-shortcut
/// world (leaps, lame ones too, and plain rides).
#[inline(always)]
pub(super) fn checks(
    rules: &Rules,
    pos: &Position,
    king: Square,
    us: Color,
) -> (SquareSet, SquareSet) {
    let (checkers, between, ..) = royal_lines(rules, pos, king, us, false);
    (checkers, between)
}

/// The checks on the royal on `king`, and with `pins` the pieces pinned
/// to it, found by one walk of the lines to it.
#[allow(clippy::type_complexity)]
#[inline(always)]
fn royal_lines(
    rules: &Rules,
    pos: &Position,
    king: Square,
    us: Color,
    pins: bool,
) -> (SquareSet, SquareSet, SquareSet, Vec<(Square, SquareSet)>) {
    let them = !us;
    let mut checkers = SquareSet::EMPTY;
    let mut between = SquareSet::EMPTY;
    let mut pinned = SquareSet::EMPTY;
    let mut lines = Vec::new();
    let leaps = &rules.tables().leap_attacks[them];
    // No enemy where a leap could come from: no leap checks.
    if rules.capacity() > 1 || leaps.from(king).intersects(&pos.occupied(them)) {
        for &(src, kinds) in leaps.of(king) {
            if let Some(p) = pos.piece_at(src)
                && p.color == them
                && kinds.contains(p.kind)
            {
                checkers.insert(src);
            }
        }
    }
    let kinds = rules.forms().in_play(pos.active());
    for a in &rules.tables().attack[them] {
        if !a.kinds.intersects(kinds) {
            continue;
        }
        if a.style == Style::Leap {
            if let Some(src) = rules.tables().rays.step(a.dir, king)
                && let Some(p) = pos.piece_at(src)
                && p.color == them
                && a.kinds.contains(p.kind)
            {
                if a.lame.is_empty() {
                    checkers.insert(src);
                } else if let Some(legs) = a.legs(rules.geometry(), &rules.walls(), src)
                    && legs.iter().all(|s| pos.is_empty(s))
                {
                    checkers.insert(src);
                    between |= legs;
                }
            }
            if pins
                && !a.lame.is_empty()
                && let Some((leg, src)) = leg_pin(rules, pos, a, king, us)
            {
                pinned.insert(leg);
                lines.push((leg, [src].into_iter().collect()));
            }
            continue;
        }
        let ray = rules.tables().rays.set(a.dir, king);
        if !ray.intersects(&pos.occupied(them)) {
            // No enemy on the line: it neither checks nor pins.
            continue;
        }
        if a.style == Style::Ride && plain_ride(a) && rules.capacity() == 1 {
            // The line's first two pieces, found from its set of squares.
            let rays = &rules.tables().rays;
            let all = pos.occupied(Color::White) | pos.occupied(Color::Black);
            let Some(first) = rays.first_in(a.dir, king, &all) else {
                continue;
            };
            let Some(p) = pos.piece_at(first) else {
                continue;
            };
            if p.color == them {
                if a.kinds.contains(p.kind) {
                    checkers.insert(first);
                    let mut open = ray.minus(rays.set(a.dir, first));
                    open.remove(first);
                    between |= open;
                }
                continue;
            }
            if pins
                && let Some(second) = rays.first_in(a.dir, first, &all)
                && pos
                    .piece_at(second)
                    .is_some_and(|q| q.color == them && a.kinds.contains(q.kind))
            {
                pinned.insert(first);
                lines.push((first, ray.minus(rays.set(a.dir, second))));
            }
            continue;
        }
        // The squares walked: empty up to the first piece (where a check
        // is blocked), then on to the pinner (where a pinned rider moves).
        let mut line = SquareSet::EMPTY;
        let mut blocker = None;
        for (i, &s) in rules.tables().rays.ray(a.dir, king).iter().enumerate() {
            if i >= a.range as usize {
                break;
            }
            let Some(p) = pos.piece_at(s) else {
                line.insert(s);
                continue;
            };
            match blocker {
                None if p.color == them => {
                    if a.kinds.contains(p.kind) {
                        checkers.insert(s);
                        between |= line;
                    }
                    break;
                }
                // Only rides pin.
                None if !pins || a.style != Style::Ride => break,
                None => {
                    line.insert(s);
                    blocker = Some(s);
                }
                Some(b) => {
                    line.insert(s);
                    if a.kinds.contains(p.kind) && p.color == them {
                        pinned.insert(b);
                        lines.push((b, line));
                    }
                    break;
                }
            }
        }
    }
    (checkers, between, pinned, lines)
}

/// Does ride atom `a` run the whole ray from its first square, so that
/// the ray's first piece is the one it meets?
#[inline]
fn plain_ride(a: &AttackAtom) -> bool {
    !a.skip_first && usize::from(a.range) >= crate::board::MAX_FILES.max(crate::board::MAX_RANKS)
}

/// The square of the one piece of `us` on the legs of the enemy's lame
/// leap `a` onto `king`, with the leaper's square, where that piece alone
/// keeps the leap from attacking the royal.
fn leg_pin(
    rules: &Rules,
    pos: &Position,
    a: &AttackAtom,
    king: Square,
    us: Color,
) -> Option<(Square, Square)> {
    let src = rules.tables().rays.step(a.dir, king)?;
    let p = pos.piece_at(src)?;
    if p.color == us || !a.kinds.contains(p.kind) || a.from.is_some_and(|z| !z.contains(src)) {
        return None;
    }
    let mut blockers = a
        .legs(rules.geometry(), &rules.walls(), src)?
        .iter()
        .filter(|&s| !pos.is_empty(s));
    let leg = blockers.next()?;
    let own = pos.piece_at(leg).is_some_and(|b| b.color == us);
    (own && blockers.next().is_none()).then_some((leg, src))
}

/// Keeps the legal swaps among `out[start..]` (each a swap of the pieces
/// on its `from` and `to` squares, promoting or not). Where pins are
/// sound, a swap changes what stands on two squares but not which squares
/// are occupied, nor any enemy piece, so no attack on a square changes: a
/// swap of two other pieces is legal unless the royal is in check, and
/// one with the royal is legal unless the royal's new square is attacked
/// now. A swap off a marker may change the rules it is judged by, and is
/// played out, as everything is where pins are unsound.
pub(super) fn retain_legal_swaps(rules: &Rules, pos: &Position, out: &mut Vec<Move>, start: usize) {
    let us = pos.side();
    let royals = pos.royals(us);
    let single = royals.iter().next().filter(|_| royals.count() == 1);
    let pins = rules.plan(pos.active()).allows(FastPath::Pins);
    let (Some(king), true) = (single, pins) else {
        retain_from(out, start, |m| !leaves_royal_attacked(rules, pos, m));
        return;
    };
    let marked = pos.markers().covered();
    let mut in_check = None;
    retain_from(out, start, |m| {
        swap_keeps(rules, pos, king, marked, m, || {
            *in_check.get_or_insert_with(|| is_attacked(rules, pos, king, !us))
        })
    });
}

/// Is the swap `m` legal, where pins are sound, `king` is the mover's one
/// royal, `marked` the squares with a marker and `in_check` tells
/// whether the royal is in check (see [`retain_legal_swaps`])?
fn swap_keeps(
    rules: &Rules,
    pos: &Position,
    king: Square,
    marked: SquareSet,
    m: &Move,
    in_check: impl FnOnce() -> bool,
) -> bool {
    let them = !pos.side();
    if marked.contains(m.from) || marked.contains(m.to) {
        !leaves_royal_attacked(rules, pos, m)
    } else if m.from == king {
        !is_attacked(rules, pos, m.to, them)
    } else if m.to == king {
        !is_attacked(rules, pos, m.from, them)
    } else {
        !in_check()
    }
}

/// Keeps the moves of `out[start..]` for which `keep` holds, in order.
#[inline]
pub(super) fn retain_from(out: &mut Vec<Move>, start: usize, mut keep: impl FnMut(&Move) -> bool) {
    let mut w = start;
    for r in start..out.len() {
        if keep(&out[r]) {
            out.swap(w, r);
            w += 1;
        }
    }
    out.truncate(w);
}

pub(super) fn legal_board_moves(rules: &Rules, pos: &Position, out: &mut Vec<Move>) {
    let us = pos.side();
    let royals = pos.royals(us);
    if royals.is_empty() {
        board_pseudo_moves(rules, pos, out);
        return;
    }
    let Some(guard) = Guard::new(rules, pos) else {
        board_pseudo_moves(rules, pos, out);
        match Screens::new(rules, pos) {
            Some(screens) => out.retain(|m| screens.is_legal(rules, pos, m)),
            None => out.retain(|m| !leaves_royal_attacked(rules, pos, m)),
        }
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
/// royal nor pinned, or its moves touching no watched ray) its moves are
/// counted, not built. `scratch` is a buffer for the rest.
pub fn legal_move_count(rules: &Rules, pos: &Position, scratch: &mut Vec<Move>) -> u64 {
    // Counted only where the plan allows it: every turn rule in force is
    // one counting was written for.
    let plan = rules.plan(pos.active());
    if !plan.allows(FastPath::Count)
        || pos.stage() == crate::position::Stage::Setup
        || pos.pending().is_some()
    {
        return listed(rules, pos, scratch);
    }
    if goal_reached(rules, pos).is_some() {
        return 0;
    }
    let guard = match Guard::new(rules, pos) {
        Some(g) if g.checkers.is_empty() => g,
        Some(_) => return listed(rules, pos, scratch),
        None if !plan.allows(FastPath::ScreenCount) => {
            return listed(rules, pos, scratch);
        }
        None => return screened_count(rules, pos, scratch),
    };
    scratch.clear();
    let mut count = Count {
        pos,
        n: 0,
        blasts: guard.explode.then_some(&guard),
    };
    for from in pos.occupied(pos.side()).iter() {
        let Some(piece) = pos.piece_at(from) else {
            continue;
        };
        if from == guard.king
            || guard.pinned.contains(from)
            || guard.marked.contains(from)
            || rules.tables().may_repeat[piece.color][piece.kind.index()]
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
    if plan.has(TurnRule::Hands) {
        // Not in check, with pins sound: a drop exposes nothing.
        let anywhere = SquareSet::first(rules.geometry().len());
        legal_hand_moves(rules, pos, scratch, Some(anywhere));
    }
    count.n + scratch.len() as u64
}

/// [`legal_move_count`] where pins are unsound: counted by screens out
/// of check, else listed. (Kept out of line: inlined, it slows the
/// counting loop of pins.)
#[inline(never)]
fn screened_count(rules: &Rules, pos: &Position, scratch: &mut Vec<Move>) -> u64 {
    match Screens::new(rules, pos) {
        Some(screens) if !screens.is_check() => screens.count(rules, pos, scratch),
        _ => listed(rules, pos, scratch),
    }
}

/// How many legal moves there are, listed in `scratch`.
fn listed(rules: &Rules, pos: &Position, scratch: &mut Vec<Move>) -> u64 {
    legal_moves_into(rules, pos, scratch);
    scratch.len() as u64
}

/// May the side to move play from a hand: the variant has hands or
/// drops, or a mutator that feeds hands is on?
pub(super) fn hands_in_play(rules: &Rules, pos: &Position) -> bool {
    rules.plan(pos.active()).has(TurnRule::Hands)
}

/// Adds the legal moves from the hand to `out`: drops onto `targets`
/// where those are known ([`drop_targets`]); else, where screens are
/// sound, each drop judged on the board it leaves (a drop only adds a
/// piece, which may be a hopper's screen); every other move judged on a
/// copy.
#[inline(never)]
pub(super) fn legal_hand_moves(
    rules: &Rules,
    pos: &Position,
    out: &mut Vec<Move>,
    targets: Option<SquareSet>,
) {
    let start = out.len();
    hand_moves(rules, pos, out);
    let us = pos.side();
    let royals = pos.royals(us);
    let screened = (targets.is_none()
        && royals.count() == 1
        && rules.plan(pos.active()).allows(FastPath::ScreenedDrops))
    .then(|| royals.iter().next())
    .flatten();
    retain_from(out, start, |m| match (targets, screened) {
        (Some(targets), _) if m.kind == MoveKind::Drop => targets.contains(m.to),
        (None, Some(king)) if m.kind == MoveKind::Drop => {
            !is_attacked_after(rules, pos, king, !us, None, Some(m.to))
        }
        _ => !leaves_royal_attacked(rules, pos, m),
    });
    if rules.kinds().drop_limits {
        retain_from(out, start, |m| !banned_mating_drop(rules, pos, m));
    }
}

/// Is `mv` a drop that mates with a kind that may not (`mate_by_drop =
/// false`)?
pub(super) fn banned_mating_drop(rules: &Rules, pos: &Position, mv: &Move) -> bool {
    mv.kind == MoveKind::Drop
        && rules.kinds().drop_limits
        && !rules.pieces()[mv.piece.kind.index()].mate_by_drop
        && drop_mates(rules, pos, mv)
}

/// Does the drop `mv` checkmate: the opponent is in check after it and
/// has no legal move (`mate_by_drop = false` forbids such drops)?
fn drop_mates(rules: &Rules, pos: &Position, mv: &Move) -> bool {
    let mut child = pos.clone();
    child.play_unchecked(rules, mv);
    let them = !pos.side();
    if !super::in_check(rules, &child, them) {
        return false;
    }
    let mut replies = Vec::new();
    legal_moves_into(rules, &child, &mut replies);
    replies.is_empty()
}

/// Where a drop is legal, when that is known without playing it: a drop
/// only adds a piece, so where pins are sound (no screen for a hopper)
/// and there is one royal, it is legal anywhere out of check, only
/// between the royal and a single riding checker in check, and nowhere
/// in double check or against a leaper's check.
pub(super) fn drop_targets(rules: &Rules, pos: &Position) -> Option<SquareSet> {
    let us = pos.side();
    let royals = pos.royals(us);
    if !rules.plan(pos.active()).allows(FastPath::Pins) || royals.count() != 1 {
        return None;
    }
    let king = royals.iter().next()?;
    let (checkers, between) = checks(rules, pos, king, us);
    Some(match checkers.count() {
        0 => SquareSet::first(rules.geometry().len()),
        1 => between,
        _ => SquareSet::EMPTY,
    })
}

/// What the fast legality test knows about the side to move's single
/// royal: its square, who checks it, where a check can be blocked, and
/// which friendly pieces are pinned to it (with the line each keeps).
#[derive(Clone, Debug)]
pub(super) struct Guard {
    king: Square,
    /// Squares with a marker: a move off one may flip it and change the
    /// rules, so it is played out.
    marked: SquareSet,
    /// Captures explode: they remove more than their victim, so they are
    /// played out.
    explode: bool,
    checkers: SquareSet,
    danger: SquareSet,
    pinned: SquareSet,
    lines: Vec<(Square, SquareSet)>,
}

impl Guard {
    /// `None` where the fast test is unsound: several royals, or pieces
    /// whose captures are more than plain leaps and rides.
    pub(super) fn new(rules: &Rules, pos: &Position) -> Option<Guard> {
        let us = pos.side();
        let royals = pos.royals(us);
        let plan = rules.plan(pos.active());
        if !plan.allows(FastPath::Pins) || royals.count() != 1 {
            return None;
        }
        let king = royals.iter().next()?;
        let marked = if plan.has(TurnRule::Mutators) {
            pos.markers().covered()
        } else {
            SquareSet::EMPTY
        };
        let (checkers, between, pinned, lines) = checks_and_pins(rules, pos, king, us);
        Some(Guard {
            king,
            marked,
            explode: plan.has(TurnRule::Blasts),
            checkers,
            danger: checkers | between,
            pinned,
            lines,
        })
    }

    /// Does the exploding capture from `from` to `to`, by a piece other
    /// than the royal, blow the royal up or leave it attacked? It is
    /// legal, attacked or not, where the blast takes an enemy royal.
    /// Asked without playing the move: the blast empties its squares and
    /// the capturer's.
    pub(super) fn blast_exposes(
        &self,
        rules: &Rules,
        pos: &Position,
        from: Square,
        to: Square,
    ) -> bool {
        let mut gone = rules.blast(to, to);
        gone.insert(from);
        if gone.contains(self.king) {
            return true;
        }
        let us = pos.side();
        if !gone.and(&pos.royals(!us)).is_empty() {
            return false;
        }
        if self.checkers.is_empty()
            && gone
                .and(&rules.tables().lines[self.king.index()])
                .is_empty()
        {
            // Not in check, and no line to the royal opens.
            return false;
        }
        is_attacked_without(rules, pos, self.king, !us, gone)
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
        if self.checkers.is_empty()
            && !self.pinned.contains(from)
            && !self.marked.contains(from)
            && from != self.king
            && out[start..].iter().all(|m| self.ordinary(m))
        {
            // Not in check, a free piece's ordinary moves are all legal.
            return;
        }
        retain_from(out, start, |m| self.keeps(rules, pos, m));
    }

    /// Is `m`, an ordinary move, a drop or any other turn of the side to
    /// move, legal? Ordinary moves of pieces other than the royal are
    /// judged by the checks and pins; anything else is played out on a
    /// copy, but an exploding capture is judged on the board the blast
    /// leaves.
    pub(super) fn keeps(&self, rules: &Rules, pos: &Position, m: &Move) -> bool {
        let us = pos.side();
        let (king, from) = (self.king, m.from);
        match m.kind {
            // A drop only adds a piece ([`drop_targets`]).
            MoveKind::Drop => {
                return match self.checkers.count() {
                    0 => true,
                    1 => self.danger.contains(m.to),
                    _ => false,
                };
            }
            MoveKind::Effects(list) if matches!(list.effects().first(), Some(Effect::Swap(..))) => {
                let marked = pos.markers().covered();
                return swap_keeps(rules, pos, king, marked, m, || !self.checkers.is_empty());
            }
            _ => {}
        }
        if self.marked.contains(from) {
            return !leaves_royal_attacked(rules, pos, m);
        }
        if from == king {
            // A royal's capture does not explode.
            return if m.kind == MoveKind::Normal {
                !is_attacked_vacating(rules, pos, m.to, !us, king)
            } else {
                !leaves_royal_attacked(rules, pos, m)
            };
        }
        let played = || {
            if self.explode
                && m.is_capture()
                && matches!(m.kind, MoveKind::Normal | MoveKind::Promote)
            {
                !self.blast_exposes(rules, pos, m.from, m.to)
            } else {
                !leaves_royal_attacked(rules, pos, m)
            }
        };
        if !self.ordinary(m) {
            return played();
        }
        let is_pinned = self.pinned.contains(from);
        if self.checkers.is_empty() {
            if is_pinned {
                // Pinned along several lines, it keeps their common squares.
                self.lines
                    .iter()
                    .filter(|(s, _)| *s == from)
                    .all(|(_, line)| line.contains(m.to))
            } else {
                true
            }
        } else if !self.danger.contains(m.to) {
            false
        } else if self.checkers.count() == 1 && !is_pinned && self.checkers.contains(m.to) {
            true
        } else {
            played()
        }
    }

    /// Is `m` a move whose legality the checks and pins tell: a piece's
    /// step, ride or leap (not an exploding capture)?
    fn ordinary(&self, m: &Move) -> bool {
        matches!(m.kind, MoveKind::Normal | MoveKind::DoubleStep)
            && !(self.explode && m.is_capture())
    }
}

/// Is `mv` one of the legal moves here?
pub fn is_legal(rules: &Rules, pos: &Position, mv: &Move) -> bool {
    legal_moves(rules, pos).contains(mv)
}
