//! Move text in stacking variants (`capacity = 2`).
//!
//! SAN names what moves: a unit by its letter (`Bd4` is the Bishop of a
//! Queen leaving alone), two units moving together by their composite's
//! letter or both letters (`Qd4`, `RNf5`; `(RN)f5` is read too). A lone
//! unit taking one of two different enemy units names its victim after a
//! slash (`Rxd5/B`). Coordinates write the mover the same way (a pawn's is
//! left out) and every capture's victim: `Rd1d4`, `Qd1d4`, `Rd1d5/B`,
//! `e4d5/P`, `b7b8q`. SAN is written and read by the general spelling
//! table (`spell.rs`), which asks [`mover_forms`] and [`chosen_victim`]
//! here.

use super::symbols::san_symbol;
use crate::board::{Color, Piece};
use crate::position::{Move, MoveKind, Position};
use crate::rules::Rules;

/// The symbol of `piece`'s kind.
fn letter(rules: &Rules, piece: Piece) -> String {
    san_symbol(rules, piece.kind)
}

/// Two units moving together: their composite's letter, or both symbols
/// joined, in kind order (with `_` between them where a symbol is longer
/// than a letter, so that the two stay apart).
pub(crate) fn pair_token(rules: &Rules, a: Piece, b: Piece) -> String {
    match rules.composite_of(a, b) {
        Some(k) => san_symbol(rules, k),
        None => {
            let (a, b) = if a.kind <= b.kind { (a, b) } else { (b, a) };
            let (x, y) = (letter(rules, a), letter(rules, b));
            if x.len() == 1 && y.len() == 1 {
                format!("{x}{y}")
            } else {
                format!("{x}_{y}")
            }
        }
    }
}

/// Every symbol that names what `mv` moves, the written one first: a
/// unit's symbols (`kinds`, per kind), or a pair's (`RN`, `NR`, `(RN)`).
pub(crate) fn mover_forms(rules: &Rules, mv: &Move, kinds: &[Vec<String>]) -> Vec<String> {
    match mv.kind {
        MoveKind::Pair(second, _) => {
            let written = pair_token(rules, mv.piece, second);
            let (x, y) = (letter(rules, mv.piece), letter(rules, second));
            let mut forms = vec![written];
            for f in [
                format!("{x}{y}"),
                format!("{y}{x}"),
                format!("({x}{y})"),
                format!("({y}{x})"),
            ] {
                if !forms.contains(&f) {
                    forms.push(f);
                }
            }
            forms
        }
        _ if rules.is_pawn(mv.piece.kind) => vec![String::new()],
        _ => kinds[mv.piece.kind.index()].clone(),
    }
}

/// What a move names as its mover: empty for a pawn.
pub(crate) fn mover(rules: &Rules, mv: &Move) -> String {
    match mv.kind {
        MoveKind::Pair(second, _) => pair_token(rules, mv.piece, second),
        _ if rules.is_pawn(mv.piece.kind) => String::new(),
        _ => letter(rules, mv.piece),
    }
}

/// The unit a lone capturer chose where two different enemy units stood.
pub(crate) fn chosen_victim(pos: &Position, mv: &Move) -> Option<Piece> {
    if matches!(mv.kind, MoveKind::Pair(..) | MoveKind::EnPassant(_)) {
        return None;
    }
    let v = mv.captured?;
    match pos.units_at(mv.to) {
        [Some(a), Some(b)] if a.color == v.color && b.color == v.color && a != b => Some(v),
        _ => None,
    }
}

/// The move in coordinates (castling is the king's move, `Ke1g1`).
pub(crate) fn coordinates(rules: &Rules, mv: &Move) -> String {
    let g = rules.geometry();
    let mut s = mover(rules, mv);
    s.push_str(&g.name(mv.from));
    s.push_str(&g.name(mv.to));
    if let Some(v) = mv.captured
        && !matches!(mv.kind, MoveKind::Pair(..) | MoveKind::EnPassant(_))
    {
        s.push('/');
        s.push_str(&letter(rules, v));
    }
    if let Some(k) = mv.promotion {
        s.push_str(&rules.piece(k).fen_token(Color::Black));
    }
    s
}

/// What `mv` does in a stacking variant, step by step, for `explain`:
/// captures first, then the units that move, naming a friend joined or
/// an enemy that stays beside the mover.
pub(crate) fn describe(rules: &Rules, pos: &Position, mv: &Move) -> Vec<String> {
    let g = rules.geometry();
    let name = |p: Piece| format!("{} {}", p.color.title(), rules.piece(p.kind).name);
    let mut lines = Vec::new();
    let victim_square = match mv.kind {
        MoveKind::EnPassant(sq) => sq,
        _ => mv.to,
    };
    let victims = match mv.kind {
        MoveKind::Pair(_, second) => [mv.captured, second],
        _ => [mv.captured, None],
    };
    for v in victims.into_iter().flatten() {
        lines.push(format!(
            "{} on {} is captured",
            name(v),
            g.name(victim_square)
        ));
    }
    let mut stays: Vec<Piece> = pos.units_at(mv.to).into_iter().flatten().collect();
    for v in victims.into_iter().flatten() {
        if let Some(i) = stays.iter().position(|&p| p == v) {
            stays.remove(i);
        }
    }
    let beside = |stays: &[Piece], mover: Piece| match stays {
        [p] if p.color == mover.color => format!(", joining the {} there", name(*p)),
        [p] => format!(", sharing the square with the {}", name(*p)),
        _ => String::new(),
    };
    match mv.kind {
        MoveKind::Castle(i) => {
            let c = &rules.castling()[mv.piece.color][i as usize];
            // The first piece must end on an empty square: the king goes
            // first where it may, its partner first otherwise.
            let king = (c.king_from, c.king_to);
            let partner = (c.partner_from, c.partner_to);
            let order = match crate::movegen::king_slides_first(rules, pos, c) {
                Some(false) => [partner, king],
                _ => [king, partner],
            };
            let mut board = pos.clone();
            for (from, to) in order {
                let unit = if from == c.king_from {
                    Some(mv.piece)
                } else {
                    pos.units_at(from)
                        .into_iter()
                        .flatten()
                        .find(|p| p.color == mv.piece.color && Some(p.kind) == c.partner_kind)
                };
                if let Some(unit) = unit {
                    let there: Vec<Piece> = if from == to {
                        Vec::new()
                    } else {
                        board.units_at(to).into_iter().flatten().collect()
                    };
                    lines.push(format!(
                        "{} slides from {} to {}{}",
                        name(unit),
                        g.name(from),
                        g.name(to),
                        beside(&there, unit)
                    ));
                    board.remove_unit(rules, from, unit);
                    board.add_unit(rules, to, unit);
                }
            }
        }
        MoveKind::Pair(second, _) => lines.push(format!(
            "{} and {} go together from {} to {}",
            name(mv.piece),
            name(second),
            g.name(mv.from),
            g.name(mv.to)
        )),
        _ => {
            lines.push(format!(
                "{} goes from {} to {}{}",
                name(mv.piece),
                g.name(mv.from),
                g.name(mv.to),
                beside(&stays, mv.piece)
            ));
            if let Some(k) = mv.promotion {
                lines.push(format!(
                    "{} on {} becomes a {}",
                    name(mv.piece),
                    g.name(mv.to),
                    rules.piece(k).name
                ));
            }
        }
    }
    lines
}
