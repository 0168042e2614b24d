//! Moves and attacks where a square holds up to two units
//! (`capacity = 2`, see [`crate::rules::Stacking`]).
//!
//! A unit moves alone by its own movement, from a square it may share:
//! it passes squares holding one friendly unit that is not a pawn (when
//! the variant lets friends be passed), may stop on such a square to form
//! a stack, and a lone capturer on a square of two enemy units takes the
//! one the mover chooses, sharing the square with the other. Two friendly
//! units on one square may also move together by either one's movement,
//! over empty squares only. Pawns pass nothing and never share a square
//! with a friend. Castling slides the two pieces, either one first.

use super::{initial_moves_ok, initial_ok};
use crate::board::{Color, Piece, Square};
use crate::lang::movement::Style;
use crate::position::{Move, MoveKind, Origin, Position};
use crate::rules::Rules;

/// May a lone unit of `color` pass `sq`: empty, or (when `friends`) one
/// friendly unit that is not a pawn?
#[inline]
fn passable(rules: &Rules, pos: &Position, sq: Square, color: Color, friends: bool) -> bool {
    match pos.unit_count(sq) {
        0 => true,
        1 => {
            friends
                && pos
                    .piece_at(sq)
                    .is_some_and(|p| p.color == color && !rules.is_pawn(p.kind))
        }
        _ => false,
    }
}

/// Walks the movement of `piece` from `from`, passing only squares for
/// which `pass` holds, and calls `visit(to, can_move, can_capture,
/// double_step)` on every square it may end on (whatever stands there).
/// Attack-only patterns are walked when `attacks` is set. Stops, and
/// returns true, as soon as `visit` does.
/// May the piece use its initial-only moves: as an attack (which never
/// asks about its own check), or as a move?
fn initial_allowed(
    rules: &Rules,
    pos: &Position,
    from: Square,
    piece: Piece,
    attacks: bool,
) -> bool {
    if attacks {
        initial_ok(rules, pos, from, piece)
    } else {
        initial_moves_ok(rules, pos, from, piece)
    }
}

fn reach(
    rules: &Rules,
    pos: &Position,
    from: Square,
    piece: Piece,
    attacks: bool,
    pass: &impl Fn(Square) -> bool,
    visit: &mut impl FnMut(Square, bool, bool, bool) -> bool,
) -> bool {
    let us = piece.color;
    let k = piece.kind.index();
    let g = rules.geometry();
    for t in &rules.tables().leaps[us][k] {
        for &(to, _) in t.from(from) {
            if visit(to, t.can_move, t.can_capture, false) {
                return true;
            }
        }
    }
    let pawn = rules.is_pawn(piece.kind);
    for a in &rules.tables().moves_of[us][k] {
        if a.initial && !initial_allowed(rules, pos, from, piece, attacks) {
            continue;
        }
        match a.style {
            Style::Leap => {
                let Some(to) = rules.tables().rays.step(a.dir, from) else {
                    continue;
                };
                let clear = a
                    .lame
                    .iter()
                    .all(|&(dx, dy)| g.offset(from, dx as i32, dy as i32).is_some_and(pass));
                let double = pawn && (a.initial || a.double_step);
                if clear && visit(to, a.can_move, a.can_capture, double) {
                    return true;
                }
            }
            Style::Ride => {
                for (i, &to) in rules.tables().rays.ray(a.dir, from).iter().enumerate() {
                    if i >= a.range as usize {
                        break;
                    }
                    if a.skip_first && i == 0 {
                        continue;
                    }
                    if visit(to, a.can_move, a.can_capture, false) {
                        return true;
                    }
                    if !pass(to) {
                        break;
                    }
                }
            }
            // Not allowed with `capacity = 2` (see `compile_stacking`);
            // paths are in `paths_of`.
            Style::Hop | Style::Grasshopper | Style::Path | Style::Locust => {}
        }
    }
    for t in &rules.tables().paths_of[us][k] {
        if t.attack_only && !attacks
            || t.initial && !initial_allowed(rules, pos, from, piece, attacks)
        {
            continue;
        }
        let can_move = t.can_move && !t.attack_only;
        for path in t.paths(from) {
            for &(to, stop) in path {
                if stop && visit(to, can_move, t.can_capture, false) {
                    return true;
                }
                if !pass(to) {
                    break;
                }
            }
        }
    }
    false
}

/// Is `sq` attacked by `by`: could a unit of `by`, moving alone, capture
/// onto it? A unit never attacks its own square. A `by` pawn standing on
/// `sq` keeps `by`'s other units out, and any `by` unit there keeps its
/// pawns out (pawns never share a square with a friend).
pub(crate) fn attacked(rules: &Rules, pos: &Position, sq: Square, by: Color) -> bool {
    let target = Target::new(rules, pos, sq, by);
    pos.occupied(by)
        .iter()
        .any(|src| attacks_from(rules, pos, src, &target))
}

/// The squares from which `by` attacks `sq` (see [`attacked`]).
pub(crate) fn attackers(rules: &Rules, pos: &Position, sq: Square, by: Color) -> Vec<Square> {
    let target = Target::new(rules, pos, sq, by);
    pos.occupied(by)
        .iter()
        .filter(|&src| attacks_from(rules, pos, src, &target))
        .collect()
}

/// What the attack test needs to know of the attacked square, once for
/// every attacker.
struct Target {
    sq: Square,
    by: Color,
    /// A unit of `by` stands there (its pawns may not go there).
    by_unit: bool,
    /// A pawn of `by` stands there (nothing of `by` may go there).
    by_pawn: bool,
    /// The attackers pass single friends.
    friends: bool,
}

impl Target {
    fn new(rules: &Rules, pos: &Position, sq: Square, by: Color) -> Target {
        let there = pos.units_at(sq);
        Target {
            sq,
            by,
            by_unit: there.iter().flatten().any(|p| p.color == by),
            by_pawn: there
                .iter()
                .flatten()
                .any(|p| p.color == by && rules.is_pawn(p.kind)),
            friends: rules.stacking().is_some_and(|s| s.pass_friends),
        }
    }
}

/// Does a unit of the attacker's on `src` attack the target square?
fn attacks_from(rules: &Rules, pos: &Position, src: Square, target: &Target) -> bool {
    let (sq, by) = (target.sq, target.by);
    if src == sq {
        return false;
    }
    let [a, b] = pos.units_at(src);
    [a, b.filter(|&b| Some(b) != a)]
        .into_iter()
        .flatten()
        .filter(|unit| unit.color == by)
        .any(|unit| {
            let pawn = rules.is_pawn(unit.kind);
            if pawn && target.by_unit || !pawn && target.by_pawn {
                return false;
            }
            let pass = |s: Square| passable(rules, pos, s, by, target.friends && !pawn);
            reach(
                rules,
                pos,
                src,
                unit,
                true,
                &pass,
                &mut |to, _, capture, _| capture && to == sq,
            )
        })
}

/// Every pseudo-legal move of the side to move, castling included.
pub(crate) fn pseudo_moves(rules: &Rules, pos: &Position, out: &mut Vec<Move>) {
    out.clear();
    for from in pos.occupied(pos.side()).iter() {
        units_moves(rules, pos, from, pos.side(), out);
    }
    castling(rules, pos, out);
}

/// The pseudo-legal moves of the units of `us` on `from`: each alone, and
/// both together.
pub(crate) fn units_moves(
    rules: &Rules,
    pos: &Position,
    from: Square,
    us: Color,
    out: &mut Vec<Move>,
) {
    let Some(stacking) = rules.stacking() else {
        return;
    };
    let start = out.len();
    let [a, b] = pos.units_at(from);
    let mine: Vec<Piece> = [a, b]
        .into_iter()
        .flatten()
        .filter(|p| p.color == us)
        .collect();
    for (i, &unit) in mine.iter().enumerate() {
        if i == 1 && mine[0] == unit {
            break;
        }
        let pawn = rules.is_pawn(unit.kind);
        let pass = |s: Square| passable(rules, pos, s, us, stacking.pass_friends && !pawn);
        reach(
            rules,
            pos,
            from,
            unit,
            false,
            &pass,
            &mut |to, m, c, double| {
                land_single(rules, pos, from, unit, to, (m, c, double), out);
                false
            },
        );
    }
    if let [first, second] = mine[..]
        && stacking.pairs
    {
        pair_moves(rules, pos, from, first, second, out);
    }
    dedup_from(out, start);
}

/// Removes repeated moves from `out[start..]` (a lame leaper's two paths
/// to one square, a pair's target both units reach).
fn dedup_from(out: &mut Vec<Move>, start: usize) {
    let mut i = start + 1;
    while i < out.len() {
        if out[start..i].contains(&out[i]) {
            out.swap_remove(i);
        } else {
            i += 1;
        }
    }
}

fn plain(from: Square, to: Square, piece: Piece, captured: Option<Piece>, kind: MoveKind) -> Move {
    Move {
        kind,
        from,
        to,
        piece,
        captured,
        promotion: None,
        origin: Origin::Other,
        drop: None,
        push: None,
        choice: None,
        gate: None,
    }
}

/// The moves of `unit`, alone from `from`, ending on `to` with the modes
/// (may move, may capture, is a pawn's double step) of the pattern that
/// reached it: onto an empty square, joining a lone friend, or capturing
/// one enemy unit there (each of two different ones).
fn land_single(
    rules: &Rules,
    pos: &Position,
    from: Square,
    unit: Piece,
    to: Square,
    (can_move, can_capture, double): (bool, bool, bool),
    out: &mut Vec<Move>,
) {
    let us = unit.color;
    let pawn = rules.is_pawn(unit.kind);
    let mut push = |captured: Option<Piece>, kind: MoveKind, survivor: bool| {
        let mv = plain(from, to, unit, captured, kind);
        if pawn && rules.pawns().promotion_zone[us].contains(to) {
            promotions(rules, pos, mv, survivor, out);
            if rules.pawns().optional_zone[us].contains(to) {
                out.push(mv);
            }
        } else {
            out.push(mv);
        }
    };
    match pos.units_at(to) {
        [None, _] => {
            if can_move {
                let kind = if double {
                    MoveKind::DoubleStep
                } else {
                    MoveKind::Normal
                };
                push(None, kind, false);
            } else if can_capture
                && pawn
                && pos.ep() == Some(to)
                && let Some(victim) = pos.ep_victim()
                && let [Some(v), None] = pos.units_at(victim)
                && v.color != us
                && rules.is_pawn(v.kind)
            {
                push(Some(v), MoveKind::EnPassant(victim), false);
            }
        }
        [Some(a), None] => {
            if a.color == us {
                if can_move && !pawn && !rules.is_pawn(a.kind) && pos.stack_room() {
                    push(None, MoveKind::Normal, false);
                }
            } else if can_capture {
                push(Some(a), MoveKind::Normal, false);
            }
        }
        [Some(a), Some(b)] => {
            if !can_capture {
                return;
            }
            match (a.color == us, b.color == us) {
                (false, false) => {
                    push(Some(a), MoveKind::Normal, true);
                    if b != a {
                        push(Some(b), MoveKind::Normal, true);
                    }
                }
                (true, false) | (false, true) => {
                    let (friend, enemy) = if a.color == us { (a, b) } else { (b, a) };
                    if !pawn && !rules.is_pawn(friend.kind) {
                        push(Some(enemy), MoveKind::Normal, false);
                    }
                }
                (true, true) => {}
            }
        }
    }
}

/// A pawn's move onto its promotion ranks, once per choice; a composite
/// choice (two units) is not possible where an enemy unit survives.
fn promotions(rules: &Rules, pos: &Position, mv: Move, survivor: bool, out: &mut Vec<Move>) {
    for &k in rules.promotion_choices(mv.piece) {
        let units = &rules.piece(k).units;
        if !units.is_empty() && (survivor || !pos.stack_room()) {
            continue;
        }
        out.push(Move {
            promotion: Some(k),
            ..mv
        });
    }
}

/// The moves of the two friendly units on `from` together: to any square
/// either reaches over empty squares, if it is empty or holds only enemy
/// units, which are all captured.
fn pair_moves(
    rules: &Rules,
    pos: &Position,
    from: Square,
    first: Piece,
    second: Piece,
    out: &mut Vec<Move>,
) {
    let us = first.color;
    let pass = |s: Square| pos.is_empty(s);
    let units = if first == second {
        &[first][..]
    } else {
        &[first, second][..]
    };
    for &unit in units {
        reach(
            rules,
            pos,
            from,
            unit,
            false,
            &pass,
            &mut |to, can_move, can_capture, _| {
                let [a, b] = pos.units_at(to);
                let pair = |captured, second_victim| {
                    plain(
                        from,
                        to,
                        first,
                        captured,
                        MoveKind::Pair(second, second_victim),
                    )
                };
                match (a, b) {
                    (None, _) if can_move => out.push(pair(None, None)),
                    (Some(a), b)
                        if can_capture && a.color != us && b.is_none_or(|b| b.color != us) =>
                    {
                        out.push(pair(Some(a), b));
                    }
                    _ => {}
                }
                false
            },
        );
    }
}

/// Castling by sliding: the king and its partner each slide along the
/// rank to their squares, either one first. The first must end on an
/// empty square; the second may pass it and may join a lone friend. The
/// king may not be in check nor cross or land on an attacked square.
fn castling(rules: &Rules, pos: &Position, out: &mut Vec<Move>) {
    let us = pos.side();
    for (i, c) in rules.castling()[us].iter().enumerate() {
        if !pos.unmoved().contains(c.king_from) || !pos.unmoved().contains(c.partner_from) {
            continue;
        }
        let king = pos
            .units_at(c.king_from)
            .into_iter()
            .flatten()
            .find(|p| p.color == us && rules.is_royal(p.kind));
        let partner = pos
            .units_at(c.partner_from)
            .into_iter()
            .flatten()
            .find(|p| p.color == us && Some(p.kind) == c.partner_kind);
        let (Some(king), Some(partner)) = (king, partner) else {
            continue;
        };
        let king_slide = (c.king_from, c.king_to, king);
        let partner_slide = (c.partner_from, c.partner_to, partner);
        let either = [[king_slide, partner_slide], [partner_slide, king_slide]]
            .iter()
            .any(|order| slides(rules, pos, order));
        if !either || c.safe.iter().any(|&s| attacked(rules, pos, s, !us)) {
            continue;
        }
        out.push(plain(
            c.king_from,
            c.king_to,
            king,
            None,
            MoveKind::Castle(i as u8),
        ));
    }
}

/// In a stacking variant, may castling rule `c` of the side to move
/// slide the king first (the first piece must end on an empty square),
/// or must its partner go first? `None` when the rule's pieces are not in
/// place.
pub(crate) fn king_slides_first(
    rules: &Rules,
    pos: &Position,
    c: &crate::rules::CastleRule,
) -> Option<bool> {
    let us = pos.side();
    let king = pos
        .units_at(c.king_from)
        .into_iter()
        .flatten()
        .find(|p| p.color == us && rules.is_royal(p.kind))?;
    let partner = pos
        .units_at(c.partner_from)
        .into_iter()
        .flatten()
        .find(|p| p.color == us && Some(p.kind) == c.partner_kind)?;
    let king_slide = (c.king_from, c.king_to, king);
    let partner_slide = (c.partner_from, c.partner_to, partner);
    Some(slides(rules, pos, &[king_slide, partner_slide]))
}

/// Can the two slides `(from, to, unit)` be made in this order?
fn slides(rules: &Rules, pos: &Position, order: &[(Square, Square, Piece); 2]) -> bool {
    let g = rules.geometry();
    let mut board = pos.clone();
    for (n, &(from, to, unit)) in order.iter().enumerate() {
        if from != to {
            let (f0, f1, rank) = (g.file(from), g.file(to), g.rank(from));
            let step = if f1 > f0 { 1 } else { -1 };
            let mut f = f0 + step;
            while f != f1 {
                let Some(s) = g.square(f, rank) else {
                    return false;
                };
                let friends = rules.stacking().is_some_and(|s| s.pass_friends);
                if !passable(rules, &board, s, unit.color, friends) {
                    return false;
                }
                f += step;
            }
            let lands = match board.units_at(to) {
                [None, _] => true,
                [Some(a), None] => {
                    n == 1 && a.color == unit.color && !rules.is_pawn(a.kind) && board.stack_room()
                }
                _ => false,
            };
            if !lands {
                return false;
            }
        }
        board.remove_unit(rules, from, unit);
        board.add_unit(rules, to, unit);
    }
    true
}
