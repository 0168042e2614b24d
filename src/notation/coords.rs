//! Coordinate notation: `e2e4`, `e7e8q`, `Q@e4`, castling as the king's
//! move (`e1g1`), a scripted move's tag (`d4d5:swap`), the parts of a
//! turn joined by `&` (`e1d2&@e1`, `b1=n&e8e7`, `g1f3&d7d6`).

use crate::board::{Color, PieceKind, Square};
use crate::position::{Move, MoveKind, Origin};
use crate::rules::{CastleRule, Rules};

pub(crate) fn promo_token(rules: &Rules, k: PieceKind) -> String {
    rules.piece(k).fen_token(Color::Black)
}

/// The move in coordinate notation: `e2e4`, `e7e8q`, `Q@e4`; castling as
/// the king's move (`e1g1`), or with free starts as the king taking its
/// partner (`g1h1`).
pub fn to_uci(rules: &Rules, mv: &Move) -> String {
    let g = rules.geometry();
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
    let g = rules.geometry();
    if let Some((sq, mutator)) = mv.placement() {
        return format!("{}@{}", rules.mutators()[mutator as usize].name, g.name(sq));
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
    if rules.stacking().is_some() {
        return super::stacks::coordinates(rules, mv);
    }
    if let crate::position::MoveKind::Castle(i) = mv.kind
        && rules.castling()[mv.piece.color].get(i as usize).is_some()
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

/// The move as the UCI and XBoard programs for chess variants write it
/// (Fairy-Stockfish and the tools built on it): `e7e8q`; a promotion to
/// a kind's own promoted form (`+B` for `B`) as `+` (`b2g7+`), the way
/// back as `-`, and a move that could promote but does not, plain; a
/// drop `P@e4` (`+P@e4` dropped promoted); a gated piece's letter after
/// the move (`e2e4h`), and in a castling that gates on the partner's
/// square the partner's move first (`h1e1h`); castling as the king's
/// move (`e1g1`), or as the king taking its partner with free starts or
/// where a plain king's step would read the same; a pass as the passing
/// piece's square twice (`e1e1`). Turns these programs have no form for
/// (a reserve drop or a push after the action, a choice made first,
/// stacks, placements, a script's tags) are written as [`to_uci`] does.
pub fn to_uci_standard(rules: &Rules, mv: &Move) -> String {
    standard_forms(rules, mv)
        .into_iter()
        .next()
        .unwrap_or_else(|| to_uci(rules, mv))
}

/// As [`to_uci_standard`], but a pass is `@@@@`, as XBoard writes it.
pub fn to_xboard_standard(rules: &Rules, mv: &Move) -> String {
    if mv.is_pass() {
        return "@@@@".to_string();
    }
    to_uci_standard(rules, mv)
}

/// The standard forms of `mv` (see [`to_uci_standard`]): the written one
/// first, then others read too (a castling as the king's move and as the
/// king taking its partner). Empty where the standard has no form.
pub(crate) fn standard_forms(rules: &Rules, mv: &Move) -> Vec<String> {
    use crate::position::MoveKind;
    let g = rules.geometry();
    let unsupported = mv.choice.is_some()
        || mv.push.is_some()
        || rules.stacking().is_some()
        || mv.placement().is_some()
        || mv.is_pocketing()
        || (mv.drop.is_some() && mv.gate.is_none());
    if unsupported {
        return Vec::new();
    }
    if mv.is_pass() {
        return vec![format!("{}{}", g.name(mv.from), g.name(mv.to))];
    }
    if mv.is_drop() {
        return vec![uci_action(rules, mv)];
    }
    if move_tag(rules, mv).is_some() {
        return Vec::new();
    }
    let suffix = match (mv.gate, mv.promotion) {
        (Some(k), _) => promo_token(rules, k),
        (None, Some(k)) => {
            // Turning over is written even where every move turns over
            // (pieces that turn over on every move), as those programs do.
            let (from, to) = (rules.piece(mv.piece.kind), rules.piece(k));
            if to.is_plus_code() && to.letter[1..].eq_ignore_ascii_case(&from.letter) {
                "+".to_string()
            } else if from.is_plus_code() && from.letter[1..].eq_ignore_ascii_case(&to.letter) {
                "-".to_string()
            } else if super::silent_morph(rules, mv) {
                String::new()
            } else {
                promo_token(rules, k)
            }
        }
        (None, None) => String::new(),
    };
    let gate_square = mv.drop.filter(|_| mv.gate.is_some());
    let mut pairs: Vec<(Square, Square)> = Vec::new();
    if let MoveKind::Castle(i) = mv.kind
        && let Some(c) = rules.castling()[mv.piece.color].get(i as usize)
    {
        let takes = (c.king_from, c.partner_from);
        if gate_square == Some(c.partner_from) {
            // The gate on the partner's square: the partner's move first.
            pairs.push((c.partner_from, c.king_from));
        } else {
            let step = (g.file(c.king_from) - g.file(c.king_to)).abs() <= 1
                && (g.rank(c.king_from) - g.rank(c.king_to)).abs() <= 1;
            if c.free || step {
                pairs.push(takes);
            }
            pairs.push((c.king_from, c.king_to));
            if !pairs.contains(&takes) {
                pairs.push(takes);
            }
        }
    } else {
        pairs.push((mv.from, mv.to));
    }
    pairs
        .into_iter()
        .map(|(from, to)| {
            let mut s = format!("{}{}{suffix}", g.name(from), g.name(to));
            if let Some(sq) = gate_square
                && sq != from
            {
                s.push_str(&g.name(sq));
            }
            s
        })
        .collect()
}

/// A castling's coordinates before any tag: the king's move (`e1g1`),
/// or with free starts the king taking its own partner, as Chess960
/// programs write it (`g1h1`).
pub(crate) fn castle_base(rules: &Rules, c: &CastleRule) -> String {
    let g = rules.geometry();
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
    let all = &rules.castling()[color];
    let c = &all[i];
    let base = castle_base(rules, c);
    let g = rules.geometry();
    let shared = all
        .iter()
        .enumerate()
        .any(|(j, o)| j != i && castle_base(rules, o) == base);
    let (df, dr) = (
        (g.file(c.king_to) - g.file(c.king_from)).abs(),
        (g.rank(c.king_to) - g.rank(c.king_from)).abs(),
    );
    let step = !c.free && df.max(dr) == 1;
    let stays = !c.free && c.king_to == c.king_from && rules.passing();
    if shared || step || stays {
        format!("{base}:{}", c.name)
    } else {
        base
    }
}

/// The tag a script gave `mv`, or `destroy` for a built-in mutual
/// destruction (to tell apart moves between the same squares: a
/// Swapper's swap and its destruction).
pub(crate) fn move_tag(rules: &Rules, mv: &Move) -> Option<String> {
    match (mv.kind, mv.origin) {
        (MoveKind::Effects(_), Origin::Destroy) => Some("destroy".to_string()),
        (MoveKind::Effects(_), _) => crate::movegen::hooks(rules)?.tag(mv.origin.tag()?),
        _ => None,
    }
}

/// Do the first characters of `t` spell two squares (`e2e4`, `a10b12`)?
pub(super) fn looks_like_coordinates(t: &str) -> bool {
    let b = t.as_bytes();
    let square = |i: usize| -> Option<usize> {
        if i + 1 < b.len() && b[i].is_ascii_lowercase() && b[i + 1].is_ascii_digit() {
            let mut j = i + 1;
            while j < b.len() && b[j].is_ascii_digit() {
                j += 1;
            }
            Some(j)
        } else {
            None
        }
    };
    square(0).and_then(square).is_some()
}
