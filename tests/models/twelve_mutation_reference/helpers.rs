//! What the tests share: turn names, move lists by name, the position
//! after a named turn, and two start positions.

use super::*;

pub(super) const START: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[] w KQkq - 0 1";
pub(super) const KIWIPETE: &str =
    "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R[] w KQkq - 0 1";

/// The legal moves of the piece on `from`, as destination names (with
/// the promotion letter, `O-O` and `O-O-O` for castling), sorted.
pub(super) fn moves_of(text: &str, from: &str) -> Vec<String> {
    let p = parse(text);
    let from = parse_sq(from);
    let mut v: Vec<String> = turns(&p, ENGINE)
        .into_iter()
        .filter(|(m, _)| m.from == from && m.drop.is_none() && !m.swap)
        .map(|(m, _)| match (m.rook, m.promo) {
            (Some((rf, _)), _) => if rf > m.from { "O-O" } else { "O-O-O" }.to_string(),
            (None, Some(k)) => format!("{}{}", sq_name(m.to), k as char),
            (None, None) => sq_name(m.to),
        })
        .collect();
    v.sort();
    v
}

/// Turn or square names written as one text, sorted.
pub(super) use crate::kit::sorted as names;

/// A turn's name: `e2e4`, `e7e8Q`, `O-O`, `O-O-O`, `N@e4` for a drop, or
/// a swap's two squares from the lower (`e1h1`, `e7e8Q`); under
/// Avalanche the push follows (`e2e4&d7d6`) and a pending pawn's choice
/// comes first (`=Q&e1d2&c7c6`).
pub(super) fn turn_name(m: &Mv) -> String {
    let choice = m
        .choice
        .map_or(String::new(), |k| format!("={}&", k as char));
    let push = m.push.map_or(String::new(), |(f, t)| {
        format!("&{}{}", sq_name(f), sq_name(t))
    });
    format!("{choice}{}{push}", action_name(m))
}

/// The name of a turn's action (see `turn_name`).
fn action_name(m: &Mv) -> String {
    match (m.drop, m.rook, m.promo) {
        (Some(k), _, _) => format!("{}@{}", k as char, sq_name(m.to)),
        (None, Some((rf, _)), _) => if rf > m.from { "O-O" } else { "O-O-O" }.to_string(),
        (None, None, promo) => format!(
            "{}{}{}",
            sq_name(m.from),
            sq_name(m.to),
            promo.map_or(String::new(), |k| (k as char).to_string())
        ),
    }
}

/// Every legal turn of the side to move, by name, sorted.
pub(super) fn turn_names(text: &str) -> Vec<String> {
    let mut v: Vec<String> = turns(&parse(text), ENGINE)
        .iter()
        .map(|(m, _)| turn_name(m))
        .collect();
    v.sort();
    v
}

/// The FEN of the child the turn named `name` leads to.
pub(super) fn after(text: &str, name: &str) -> String {
    let (_, c) = turns(&parse(text), ENGINE)
        .into_iter()
        .find(|(m, _)| turn_name(m) == name)
        .unwrap_or_else(|| panic!("{name} is not legal in {text}"));
    fen(&c)
}
