//! Coordinate notation: `e2e4`, `e7e8q`, `Q@e4`, castling as the king's
//! move (`e1g1`), a scripted move's tag (`d4d5:swap`), the parts of a
//! turn joined by `&` (`e1d2&@e1`, `b1=n&e8e7`, `g1f3&d7d6`).

use super::spell::move_tag;
use crate::board::{Color, PieceKind};
use crate::position::Move;
use crate::rules::{CastleRule, Rules};

pub(crate) fn promo_token(rules: &Rules, k: PieceKind) -> String {
    rules.piece(k).fen_token(Color::Black)
}

/// The move in coordinate notation: `e2e4`, `e7e8q`, `Q@e4`; castling as
/// the king's move (`e1g1`), or with free starts as the king taking its
/// partner (`g1h1`).
pub fn to_uci(rules: &Rules, mv: &Move) -> String {
    let g = rules.geometry;
    let mut s = String::new();
    if let Some((sq, k)) = mv.choice {
        s.push_str(&format!("{}={}&", g.name(sq), promo_token(rules, k)));
    }
    s.push_str(&uci_action(rules, mv));
    if let Some(sq) = mv.drop {
        s.push('&');
        // A gated piece is named; a reserve's is always the next one.
        if let Some(k) = mv.gate {
            s.push_str(&rules.piece(k).fen_token(Color::White));
        }
        s.push('@');
        s.push_str(&g.name(sq));
    }
    if let Some((from, to)) = mv.push {
        s.push_str(&format!("&{}{}", g.name(from), g.name(to)));
    }
    s
}

/// The action of a move in coordinates, without a reserve drop.
pub(crate) fn uci_action(rules: &Rules, mv: &Move) -> String {
    let g = rules.geometry;
    if let Some((sq, mutator)) = mv.placement() {
        return format!("{}@{}", rules.mutators[mutator as usize].name, g.name(sq));
    }
    if mv.is_pocketing() {
        let mut s = format!("^{}", g.name(mv.from));
        if let Some(k) = mv.promotion {
            s.push('=');
            s.push_str(&rules.piece(k).fen_token(Color::White));
        }
        return s;
    }
    if mv.is_drop() {
        return format!(
            "{}@{}",
            rules.piece(mv.piece.kind).fen_token(Color::White),
            g.name(mv.to)
        );
    }
    if rules.stacking.is_some() {
        return super::stacks::coordinates(rules, mv);
    }
    if let crate::position::MoveKind::Castle(i) = mv.kind
        && rules.castling[mv.piece.color].get(i as usize).is_some()
    {
        return castle_coordinates(rules, mv.piece.color, i as usize);
    }
    let mut s = format!("{}{}", g.name(mv.from), g.name(mv.to));
    if let Some(k) = mv.promotion
        && !super::silent_morph(rules, mv)
    {
        s.push_str(&promo_token(rules, k));
    }
    if let Some(tag) = move_tag(rules, mv) {
        s.push(':');
        s.push_str(&tag);
    }
    s
}

/// A castling's coordinates before any tag: the king's move (`e1g1`),
/// or with free starts the king taking its own partner, as Chess960
/// programs write it (`g1h1`).
pub(crate) fn castle_base(rules: &Rules, c: &CastleRule) -> String {
    let g = rules.geometry;
    let to = if c.free { c.partner_from } else { c.king_to };
    format!("{}{}", g.name(c.king_from), g.name(to))
}

/// The coordinates of castling `i` of `color`: [`castle_base`], with the
/// rule's name after a colon (`e1e1:odd`) where that text could name
/// another turn: another castling of the side written alike, a king's
/// step (the king ends a step from where it starts), or a pass (the
/// king stays, where passing is allowed, and a pass may be written as
/// the royal's square twice).
pub(crate) fn castle_coordinates(rules: &Rules, color: Color, i: usize) -> String {
    let all = &rules.castling[color];
    let c = &all[i];
    let base = castle_base(rules, c);
    let g = rules.geometry;
    let shared = all
        .iter()
        .enumerate()
        .any(|(j, o)| j != i && castle_base(rules, o) == base);
    let (df, dr) = (
        (g.file(c.king_to) - g.file(c.king_from)).abs(),
        (g.rank(c.king_to) - g.rank(c.king_from)).abs(),
    );
    let step = !c.free && df.max(dr) == 1;
    let stays = !c.free && c.king_to == c.king_from && rules.passing;
    if shared || step || stays {
        format!("{base}:{}", c.name)
    } else {
        base
    }
}
