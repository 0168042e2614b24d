//! Move generation, attacks, legality and perft, from [`Rules`] and a
//! [`Position`]. Legality is judged on whole turns: a move is legal when,
//! after it, no royal of the mover is attacked under the attack view.

mod attack;
mod perft;

use attack::is_attacked_vacating;
pub use attack::{attackers_of, in_check, is_attacked};
pub use perft::{divide, perft};

use crate::board::{Color, Piece, Square, SquareSet};
use crate::lang::movement::Style;
use crate::position::{Move, MoveKind, Position};
use crate::rules::{GenAtom, Rules};

/// May the piece on `from` use its initial-only moves? Pawns: when on a
/// double-step rank. Others: while unmoved.
#[inline]
pub(crate) fn initial_ok(rules: &Rules, pos: &Position, from: Square, piece: Piece) -> bool {
    if rules.is_pawn(piece.kind) {
        rules.pawns.double_step_zone[piece.color].contains(from)
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

#[inline]
#[allow(clippy::too_many_arguments)]
fn push(
    rules: &Rules,
    out: &mut Vec<Move>,
    pawn: bool,
    from: Square,
    to: Square,
    piece: Piece,
    captured: Option<Piece>,
    kind: MoveKind,
    atom: u8,
) {
    if pawn && rules.pawns.promotion_zone[piece.color].contains(to) {
        for &k in &rules.pawns.promotion_choices {
            out.push(Move {
                from,
                to,
                piece,
                captured,
                promotion: Some(k),
                kind: kind.clone(),
                atom,
            });
        }
    } else {
        out.push(Move {
            from,
            to,
            piece,
            captured,
            promotion: None,
            kind,
            atom,
        });
    }
}

/// Adds the pseudo-legal moves of the piece on `from` (own royal safety
/// not tested).
pub fn piece_moves(rules: &Rules, pos: &Position, from: Square, out: &mut Vec<Move>) {
    let Some(piece) = pos.piece_at(from) else {
        return;
    };
    let start = out.len();
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
    if rules.may_repeat[us][piece.kind.index()] {
        let mut i = start + 1;
        while i < out.len() {
            if out[start..i].contains(&out[i]) {
                out.remove(i);
            } else {
                i += 1;
            }
        }
    }
}

/// Ends a single leap on `to`: a quiet move of kind `quiet` onto an empty
/// square, an en-passant capture by a pawn's capture-only leap, or a
/// capture of an enemy. `mode` is (may move, may capture).
#[inline]
#[allow(clippy::too_many_arguments)]
fn leap_to(
    rules: &Rules,
    pos: &Position,
    out: &mut Vec<Move>,
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
            push(rules, out, pawn, from, to, piece, None, quiet, source);
        } else if can_capture
            && pawn
            && pos.ep == Some(to)
            && let Some(victim) = pos.ep_victim
            && let Some(vp) = pos.piece_at(victim).filter(|p| p.color != piece.color)
        {
            push(
                rules,
                out,
                pawn,
                from,
                to,
                piece,
                Some(vp),
                MoveKind::EnPassant(victim),
                source,
            );
        }
    } else if can_capture
        && let Some(victim) = Piece::from_code(code).filter(|p| p.color != piece.color)
    {
        push(
            rules,
            out,
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
fn gen_atom(
    rules: &Rules,
    pos: &Position,
    from: Square,
    piece: Piece,
    a: &GenAtom,
    out: &mut Vec<Move>,
) {
    let us = piece.color;
    let enemy = |code: u8| Piece::from_code(code).filter(|p| p.color != us);
    let pawn = rules.is_pawn(piece.kind);
    // Ends a ride, hop or jump on `to`: a quiet move onto an empty square, a
    // capture of an enemy. Returns whether `to` is occupied (riders stop).
    let land = |to: Square, out: &mut Vec<Move>| -> bool {
        let code = pos.code_at(to);
        if code == 0 {
            if a.can_move {
                push(
                    rules,
                    out,
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
                && let Some(victim) = enemy(code)
            {
                push(
                    rules,
                    out,
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
            let quiet = if a.initial && pawn {
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
        if king.color != us || partner.color != us {
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
        if c.safe.iter().any(|&s| is_attacked(rules, pos, s, !us)) {
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
        });
    }
}

/// All pseudo-legal moves of the side to move.
pub fn pseudo_moves(rules: &Rules, pos: &Position, out: &mut Vec<Move>) {
    out.clear();
    for from in pos.occupied(pos.side).iter() {
        piece_moves(rules, pos, from, out);
    }
    castling_moves(rules, pos, out);
}

/// Does playing `mv` leave a royal of the mover attacked? (The slow,
/// always-correct test: copy, make, look.)
pub fn leaves_royal_attacked(rules: &Rules, pos: &Position, mv: &Move) -> bool {
    let us = pos.side;
    let mut child = pos.clone();
    child.play_unchecked(rules, mv);
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

/// All legal moves of the side to move, into `out`.
pub fn legal_moves_into(rules: &Rules, pos: &Position, out: &mut Vec<Move>) {
    pseudo_moves(rules, pos, out);
    let us = pos.side;
    let royals = pos.royals(us);
    if royals.is_empty() {
        return;
    }
    if rules.pin_shortcut && royals.count() == 1 {
        let king = royals.iter().next().expect("one royal");
        if !is_attacked(rules, pos, king, !us) {
            let (pinned, lines) = pins(rules, pos, king, us);
            out.retain(|m| {
                if m.from == king && m.kind == MoveKind::Normal {
                    !is_attacked_vacating(rules, pos, m.to, !us, king)
                } else if m.from == king
                    || !matches!(m.kind, MoveKind::Normal | MoveKind::DoubleStep)
                {
                    !leaves_royal_attacked(rules, pos, m)
                } else if pinned.contains(m.from) {
                    lines
                        .iter()
                        .any(|(s, line)| *s == m.from && line.contains(m.to))
                } else {
                    true
                }
            });
            return;
        }
    }
    out.retain(|m| !leaves_royal_attacked(rules, pos, m));
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
