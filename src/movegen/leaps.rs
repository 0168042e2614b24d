//! Leaps, rides and hops from the compiled atoms: leapers, lame
//! leapers, riders, cannons and grasshoppers, and a pawn's en passant.

use super::*;
use crate::board::{MAX_FILES, MAX_RANKS};

/// The en-passant capture of the pawn `piece` from `from` onto the empty
/// square `to`, when `to` is the position's en-passant square.
#[inline]
pub(super) fn en_passant_onto<S: Sink>(
    rules: &Rules,
    pos: &Position,
    out: &mut S,
    from: Square,
    piece: Piece,
    to: Square,
    source: u8,
) {
    if pos.ep() == Some(to)
        && let Some(victim) = pos.ep_victim()
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
#[inline(always)]
#[allow(clippy::too_many_arguments)]
pub(super) fn leap_to<S: Sink>(
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
pub(super) fn gen_atom<S: Sink>(
    rules: &Rules,
    pos: &Position,
    from: Square,
    piece: Piece,
    a: &GenAtom,
    out: &mut S,
) {
    let pawn = rules.is_pawn(piece.kind);
    let land = |to: Square, out: &mut S| land_on(rules, pos, from, piece, pawn, a, to, out);
    match a.style {
        Style::Leap => {
            let Some(to) = rules.tables().rays.step(a.dir, from) else {
                return;
            };
            if !a.lame.is_empty() && !lame_clear(rules, from, &a.lame, |s| !pos.is_empty(s)) {
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
            let ray = rules.tables().rays.ray(a.dir, from);
            let end = ray.len().min(usize::from(a.range));
            let start = usize::from(a.skip_first).min(end);
            for &to in &ray[start..end] {
                if land(to, out) {
                    break;
                }
            }
        }
        Style::Hop => {
            let ray = rules.tables().rays.ray(a.dir, from);
            let Some(screen) = ray.iter().position(|&s| !pos.is_empty(s)) else {
                return;
            };
            if screen >= a.range as usize || refused_screen(pos, a.bad_screens, ray[screen]) {
                return;
            }
            for &to in &ray[screen + 1..] {
                if land(to, out) {
                    break;
                }
            }
        }
        Style::Path | Style::Locust => {} // in `Rules::paths_of`, `locusts_of`
        Style::Grasshopper => {
            let ray = rules.tables().rays.ray(a.dir, from);
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

/// Ends a ride, hop or jump of atom `a` on `to`: a quiet move onto an
/// empty square, a capture of an enemy. Returns whether `to` is occupied
/// (riders stop). Inlined: rides make most moves, each through here.
#[inline(always)]
#[allow(clippy::too_many_arguments)]
fn land_on<S: Sink>(
    rules: &Rules,
    pos: &Position,
    from: Square,
    piece: Piece,
    pawn: bool,
    a: &GenAtom,
    to: Square,
    out: &mut S,
) -> bool {
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
        return false;
    }
    if a.can_capture
        && let Some(victim) = Piece::from_code(code)
            .filter(|p| p.color != piece.color && may_take(rules, pos, to, piece, *p))
    {
        let kind = MoveKind::Normal;
        out.take(rules, pawn, from, to, piece, Some(victim), kind, a.source);
    }
    true
}

/// Does [`capture_squares`] tell exactly where `piece` captures: would it
/// capture a `victim` (`None`: any kind) standing on any of them, and on
/// no other square? So where its captures are plain leaps, rides and
/// hops from every square, and no rule of the variant bars a capture or
/// changes a move once generated.
pub(super) fn capture_reach_exact(rules: &Rules, piece: Piece, victim: Option<PieceKind>) -> bool {
    let (us, k) = (piece.color, piece.kind.index());
    let takes = match victim {
        Some(v) => rules.auras().capturable_by[v.index()].contains(piece.kind),
        None => !rules.auras().immunity,
    };
    takes
        && rules.stacking().is_none()
        && rules.script().is_none()
        && rules.auras().freezers.is_empty()
        && rules.auras().protectors.is_empty()
        && !rules.kinds().has_regions
        && !rules.kinds().strands
        && !rules.kinds().promotion_limits
        && !(rules.pawns().from_reserve() && rules.is_pawn(piece.kind))
        && !rules.kinds().scripted[k]
        && rules.kinds().morph_of[k].is_empty()
        && rules.tables().paths_of[us][k].is_empty()
        && rules.tables().moves_of[us][k].iter().all(|a| {
            !a.can_capture
                || (matches!(a.style, Style::Ride | Style::Hop)
                    && !a.initial
                    && a.from.is_none()
                    && a.lame.is_empty())
        })
}

/// The occupied squares the piece `piece` on `from` would capture on,
/// were an enemy it may take standing there: exact where
/// [`capture_reach_exact`] holds (plain leaps, rides and hops).
pub(super) fn capture_squares(
    rules: &Rules,
    pos: &Position,
    from: Square,
    piece: Piece,
) -> SquareSet {
    let (us, k) = (piece.color, piece.kind.index());
    let all = pos.occupied(Color::White) | pos.occupied(Color::Black);
    let rays = &rules.tables().rays;
    let mut squares = SquareSet::EMPTY;
    for t in rules.tables().leaps[us][k].iter().filter(|t| t.can_capture) {
        for &(to, _) in t.from(from) {
            squares.insert(to);
        }
    }
    for a in rules.tables().moves_of[us][k]
        .iter()
        .filter(|a| a.can_capture)
    {
        let whole = !a.skip_first && usize::from(a.range) >= MAX_FILES.max(MAX_RANKS);
        let ray = rays.ray(a.dir, from);
        match a.style {
            // The first piece met, within range, past a skipped square.
            Style::Ride if whole => squares.extend(rays.first_in(a.dir, from, &all)),
            Style::Ride => {
                let first = usize::from(a.skip_first).min(ray.len());
                let end = ray.len().min(usize::from(a.range));
                squares.extend(ray[first..end].iter().copied().find(|&s| all.contains(s)));
            }
            // The piece met past the first, where that one may screen
            // within range.
            Style::Hop => {
                let Some(i) = ray.iter().position(|&s| all.contains(s)) else {
                    continue;
                };
                if i < usize::from(a.range) && !refused_screen(pos, a.bad_screens, ray[i]) {
                    squares.extend(rays.first_in(a.dir, ray[i], &all));
                }
            }
            _ => {}
        }
    }
    squares
}

/// Every square the piece `piece` on `from` could capture on in `pos` by
/// its leaps, rides and hops, or more: each atom's squares up to the
/// first piece it cannot pass. `None` where its atoms do not bound its
/// captures (path moves, scripted moves, stacks).
pub(super) fn capture_reach(
    rules: &Rules,
    pos: &Position,
    from: Square,
    piece: Piece,
) -> Option<SquareSet> {
    let (us, k) = (piece.color, piece.kind.index());
    if rules.stacking().is_some()
        || rules.kinds().scripted[k]
        || !rules.tables().paths_of[us][k].is_empty()
    {
        return None;
    }
    let mut reach = SquareSet::EMPTY;
    for t in rules.tables().leaps[us][k].iter().filter(|t| t.can_capture) {
        for &(to, _) in t.from(from) {
            reach.insert(to);
        }
    }
    for a in rules.tables().moves_of[us][k]
        .iter()
        .filter(|a| a.can_capture)
    {
        let ray = rules.tables().rays.ray(a.dir, from);
        // Rides stop at the first piece met, hops and grasshoppers land
        // at most as far as the second.
        let (squares, stops) = match a.style {
            Style::Leap => (&ray[..ray.len().min(1)], 1),
            Style::Ride => {
                let first = usize::from(a.skip_first).min(ray.len());
                (&ray[first..ray.len().min(usize::from(a.range))], 1)
            }
            Style::Hop | Style::Grasshopper => (ray, 2),
            Style::Path | Style::Locust => (&ray[..0], 0),
        };
        let mut met = 0;
        for &s in squares {
            reach.insert(s);
            if !pos.is_empty(s) {
                met += 1;
                if met == stops {
                    break;
                }
            }
        }
    }
    Some(reach)
}
