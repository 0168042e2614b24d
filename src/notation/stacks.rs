//! Move text in stacking variants (`capacity = 2`).
//!
//! SAN names what moves: a unit by its letter (`Bd4` is the Bishop of a
//! Queen leaving alone), two units moving together by their composite's
//! letter or both letters in parentheses (`Qd4`, `(RN)f5`). A lone unit
//! taking one of two different enemy units names its victim after a slash
//! (`Rxd5/B`). Coordinates write the mover the same way (a pawn's is left
//! out) and every capture's victim: `Rd1d4`, `Qd1d4`, `Rd1d5/B`, `e4d5/P`,
//! `b7b8q`. SAN is written by the general writer (`movetext::san_body`),
//! which asks [`mover`] and [`chosen_victim`] here.

use super::movetext::{ParseMoveError, san_body};
use crate::board::{Color, Piece};
use crate::movegen::{legal_moves, pseudo_moves};
use crate::position::{Move, MoveKind, Position};
use crate::rules::Rules;

/// White's letter of `piece`'s kind.
fn letter(rules: &Rules, piece: Piece) -> String {
    rules.piece(piece.kind).fen_token(Color::White)
}

/// Two units moving together: their composite's letter, or both letters
/// in parentheses, in kind order.
pub(crate) fn pair_token(rules: &Rules, a: Piece, b: Piece) -> String {
    match rules.composite_of(a, b) {
        Some(k) => rules.piece(k).fen_token(Color::White),
        None => {
            let (a, b) = if a.kind <= b.kind { (a, b) } else { (b, a) };
            format!("({}{})", letter(rules, a), letter(rules, b))
        }
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
    let g = rules.geometry;
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

/// `san` without a named victim: `Rxd5/B` is `Rxd5`, `bxc8/N=R` is
/// `bxc8=R`.
fn without_victim(san: &str) -> String {
    let Some(slash) = san.find('/') else {
        return san.to_string();
    };
    let rest = &san[slash + 1..];
    let len = if rest.starts_with('{') {
        rest.find('}').map_or(rest.len(), |i| i + 1)
    } else {
        rest.chars().next().map_or(0, char::len_utf8)
    };
    format!("{}{}", &san[..slash], &rest[len..])
}

/// Parses move text in a stacking variant: SAN, coordinates, or bare
/// squares (`d1d4`, `b7b8q`) when only one legal move fits them. `None`
/// when nothing fits, for the general parser to explain.
pub(crate) fn parse(
    rules: &Rules,
    pos: &Position,
    text: &str,
) -> Option<Result<Move, ParseMoveError>> {
    let norm = |s: &str| {
        s.trim()
            .trim_end_matches(['+', '#', '!', '?'])
            .replace('0', "O")
            .replace("e.p.", "")
            .trim()
            .to_string()
    };
    let want = norm(text);
    let g = rules.geometry;
    let legal = legal_moves(rules, pos);
    let bare = |m: &Move| {
        let promo = m
            .promotion
            .map_or_else(String::new, |k| rules.piece(k).fen_token(Color::Black));
        format!("{}{}{promo}", g.name(m.from), g.name(m.to))
    };
    let spelled: Vec<&Move> = legal
        .iter()
        .filter(|m| norm(&san_body(rules, pos, m)) == want || norm(&coordinates(rules, m)) == want)
        .collect();
    let found: Vec<&Move> = if !spelled.is_empty() {
        spelled
    } else if want.contains('x') {
        // SAN without the victim, where the player must name one.
        legal
            .iter()
            .filter(|m| without_victim(&norm(&san_body(rules, pos, m))) == want)
            .collect()
    } else {
        legal.iter().filter(|m| norm(&bare(m)) == want).collect()
    };
    match found[..] {
        [] => {
            // A move of the right shape that exposes the mover's King.
            let mut pseudo = Vec::new();
            pseudo_moves(rules, pos, &mut pseudo);
            pseudo
                .iter()
                .any(|m| {
                    norm(&san_body(rules, pos, m)) == want
                        || norm(&coordinates(rules, m)) == want
                        || without_victim(&norm(&san_body(rules, pos, m))) == want
                })
                .then(|| {
                    Err(ParseMoveError {
                        text: text.trim().to_string(),
                        reason: "it would leave your royal piece attacked".to_string(),
                    })
                })
        }
        [one] => Some(Ok(one.clone())),
        _ => {
            let mut names: Vec<String> = found.iter().map(|m| san_body(rules, pos, m)).collect();
            names.sort();
            Some(Err(ParseMoveError {
                text: text.trim().to_string(),
                reason: format!("ambiguous: {}", names.join(" or ")),
            }))
        }
    }
}

/// What `mv` does in a stacking variant, step by step, for `explain`:
/// captures first, then the units that move, naming a friend joined or
/// an enemy that stays beside the mover.
pub(crate) fn describe(rules: &Rules, pos: &Position, mv: &Move) -> Vec<String> {
    let g = rules.geometry;
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
            let c = &rules.castling[mv.piece.color][i as usize];
            for (from, to) in [(c.king_from, c.king_to), (c.partner_from, c.partner_to)] {
                let unit = if from == c.king_from {
                    Some(mv.piece)
                } else {
                    pos.units_at(from)
                        .into_iter()
                        .flatten()
                        .find(|p| p.color == mv.piece.color && Some(p.kind) == c.partner_kind)
                };
                if let Some(unit) = unit {
                    let there: Vec<Piece> = pos.units_at(to).into_iter().flatten().collect();
                    lines.push(format!(
                        "{} slides from {} to {}{}",
                        name(unit),
                        g.name(from),
                        g.name(to),
                        beside(&there, unit)
                    ));
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
