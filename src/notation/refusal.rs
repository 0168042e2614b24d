//! Why a move text names no legal turn: the reasons a refusal gives (a
//! capture written without `x`, a pinned piece, a check not answered, a
//! compulsory capture, a duty, a move of the other side...).

use super::coords::{looks_like_coordinates, promo_token, to_uci, uci_action};
use super::spell::Notation;
use crate::board::{PieceKind, Square};
use crate::movegen::{in_check, legal_moves, pseudo_moves, royals_facing};
use crate::position::{Move, Position};
use crate::rules::Rules;
use std::fmt;

/// Why move text was rejected.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParseMoveError {
    /// The text as given.
    pub text: String,
    /// Why it is not a legal move here.
    pub reason: String,
}

impl fmt::Display for ParseMoveError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "`{}`: {}", self.text, self.reason)
    }
}

impl std::error::Error for ParseMoveError {}

/// `pos` without the preference tiers: no compulsory capture, no die.
fn without_preferences(rules: &Rules, pos: &Position) -> Position {
    let mut free = pos.with_mutators_off(rules.masks().must_capture);
    free.set_roll(None);
    free
}

/// If a move from `from` to `to` is legal but another kind of move is
/// preferred (a capture is compulsory, the die names a lane), says so.
fn preferred_instead(
    rules: &Rules,
    pos: &Position,
    legal: &[Move],
    from: Square,
    to: Square,
) -> Option<String> {
    let free = without_preferences(rules, pos);
    if free.active() == pos.active() && free.roll() == pos.roll() {
        return None;
    }
    if !legal_moves(rules, &free)
        .iter()
        .any(|m| m.from == from && m.to == to)
    {
        return None;
    }
    let lane = pos
        .roll()
        .filter(|_| pos.active().intersects(rules.masks().dice));
    Some(match lane {
        Some(n)
            if legal
                .iter()
                .all(|m| crate::movegen::from_lane(rules, &rules.lane(n), m)) =>
        {
            format!(
                "the die shows {n}: a piece on file {} or rank {n} must act (or a drop land there) while one can",
                crate::rules::file_char(n as i32 - 1)
            )
        }
        _ => "a capture is compulsory while one is legal".to_string(),
    })
}

/// Says why no legal move goes from `from` to `to`.
fn explain_illegal(rules: &Rules, pos: &Position, from: Square, to: Square) -> String {
    let g = rules.geometry();
    match pos.piece_at(from) {
        None => format!("there is no piece on {}", g.name(from)),
        Some(p) if p.color != pos.side() => format!(
            "the {} on {} is not yours: {} is to move",
            rules.piece(p.kind).name,
            g.name(from),
            pos.side().name()
        ),
        Some(p) => {
            let mut pseudo = Vec::new();
            pseudo_moves(rules, pos, &mut pseudo);
            let legal = legal_moves(rules, pos);
            let with_drop = legal
                .iter()
                .find(|m| m.from == from && m.to == to && m.drop.is_some());
            let must_move = pos.occupied(pos.side()).iter().find(|&s| {
                s != from
                    && pos
                        .piece_at(s)
                        .is_some_and(|q| rules.piece(q.kind).must_move)
                    && crate::movegen::is_attacked(rules, pos, s, !pos.side())
            });
            let name = &rules.piece(p.kind).name;
            if let Some(m) = with_drop {
                format!(
                    "a drop from the reserve is due this turn: add it, like `{}`",
                    to_uci(rules, m)
                )
            } else if let Some(s) = must_move {
                format!(
                    "your {} on {} is attacked and must move",
                    rules.piece(pos.piece_at(s).map_or(p.kind, |q| q.kind)).name,
                    g.name(s)
                )
            } else if let Some(why) = preferred_instead(rules, pos, &legal, from, to) {
                why
            } else if let Some(why) = drop_due(rules, &legal) {
                why
            } else if let Some(m) = pseudo.iter().find(|m| m.from == from && m.to == to) {
                if keeps_royals_facing(rules, pos, m) {
                    format!(
                        "the {name} on {} cannot go to {}: the royals face each other, and a move must part them (or pass)",
                        g.name(from),
                        g.name(to)
                    )
                } else if in_check(rules, pos, pos.side()) {
                    format!(
                        "the {name} on {} cannot go to {}: you are in check and it does not get you out",
                        g.name(from),
                        g.name(to)
                    )
                } else {
                    format!(
                        "the {name} on {} cannot go to {}: it would expose your royal piece to capture",
                        g.name(from),
                        g.name(to)
                    )
                }
            } else {
                format!(
                    "the {name} on {} cannot move to {}",
                    g.name(from),
                    g.name(to)
                )
            }
        }
    }
}

/// Does `mv` leave the royals facing each other where they must be
/// parted (`facing_royals = bikjang`)?
fn keeps_royals_facing(rules: &Rules, pos: &Position, mv: &Move) -> bool {
    let us = pos.side();
    if !rules.standoff() || !royals_facing(rules, pos, us) {
        return false;
    }
    let mut child = pos.clone();
    child.play_unchecked(rules, mv);
    royals_facing(rules, &child, us)
}

/// Why a pass ([`super::PASS_SPELLINGS`]) is not a legal turn here.
fn why_not_pass(rules: &Rules, pos: &Position) -> String {
    if !rules.passing() {
        format!("{} has no passing: a turn must be moved", rules.name())
    } else if in_check(rules, pos, pos.side()) {
        "you may not pass while in check".to_string()
    } else {
        "no turn may be passed here".to_string()
    }
}

/// If every legal turn is a drop that the hand's duty demands
/// (`mandatory` drops), says so, naming the kinds when the duty is about
/// some kinds only.
fn drop_due(rules: &Rules, legal: &[Move]) -> Option<String> {
    let d = rules
        .drops()
        .as_ref()
        .filter(|d| d.mandatory && !d.from_reserve)?;
    if legal.is_empty()
        || !legal
            .iter()
            .all(|m| m.kind == crate::position::MoveKind::Drop)
    {
        return None;
    }
    Some(if d.mandatory_kinds.is_empty() {
        "while your hand holds a piece, a turn must drop one".to_string()
    } else {
        let names: Vec<&str> = d
            .mandatory_kinds
            .iter()
            .map(|&k| rules.piece(k).name.as_str())
            .collect();
        format!(
            "while your hand holds a {}, a turn must drop one",
            names.join(" or ")
        )
    })
}

const NOT_A_MOVE: &str = "not a move in SAN (like Nf3, exd5, e8=Q, O-O) or coordinates (like g1f3)";

/// Why no legal turn of `legal` (the notation of a position's legal
/// turns) has the action text `t` (already cleaned).
pub(super) fn why_not(legal: &Notation, t: &str) -> String {
    let (rules, pos) = (legal.rules(), legal.position());
    // A capture written without `x`, or a quiet move with one.
    if let Some(why) = capture_mark(legal, t) {
        return why;
    }
    // Legal but for a preference (a compulsory capture, the die).
    let free = without_preferences(rules, pos);
    if free.active() != pos.active() || free.roll() != pos.roll() {
        let unfiltered = Notation::new(rules, &free);
        if let Some(&i) = unfiltered.turns_named(None, t).0.first() {
            let m = &unfiltered.turns()[i];
            if let Some(why) = preferred_instead(rules, pos, legal.turns(), m.from, m.to) {
                return why;
            }
        }
    }
    if t.starts_with('^') || t.contains("=>") {
        return why_not_pocketing(rules, pos, t);
    }
    if super::PASS_SPELLINGS.contains(&t) {
        return why_not_pass(rules, pos);
    }
    // A move of the right shape that breaks a rule of the whole turn
    // (royal safety, a duty).
    let mut pseudo = Vec::new();
    pseudo_moves(rules, pos, &mut pseudo);
    let pseudo = Notation::with_turns(rules, pos, pseudo);
    if let Some(&i) = pseudo.turns_named(None, t).0.first() {
        let m = &pseudo.turns()[i];
        if m.kind == crate::position::MoveKind::Drop {
            let g = rules.geometry();
            let name = &rules.piece(m.piece.kind).name;
            return drop_due(rules, legal.turns()).unwrap_or_else(|| {
                if in_check(rules, pos, pos.side()) {
                    format!(
                        "a {name} dropped on {} does not get you out of check",
                        g.name(m.to)
                    )
                } else {
                    format!("no {name} can be dropped on {} here", g.name(m.to))
                }
            });
        }
        return explain_illegal(rules, pos, m.from, m.to);
    }
    if looks_like_coordinates(t) {
        return why_not_coordinates(rules, pos, t);
    }
    let why = if let Some((piece, square)) = t.split_once('@') {
        let Some(kind) = kind_of(rules, piece) else {
            return format!("`{piece}` is not a piece of {}", rules.name());
        };
        if rules.geometry().parse_square(square).is_none() {
            return format!("`{square}` is not a square");
        }
        format!(
            "no {} can be dropped on {square} here",
            rules.piece(kind).name
        )
    } else {
        why_not_san(rules, t)
    };
    // A move of the other side.
    if other_side(rules, pos, t) {
        return format!(
            "{why}: {} is to move, and `{t}` is a move of {}",
            pos.side().title(),
            (!pos.side()).title()
        );
    }
    why
}

/// `t` with its capture mark added or taken away, if that names a legal
/// move: the reason to give.
fn capture_mark(legal: &Notation, t: &str) -> Option<String> {
    let at = last_square(t)?.0;
    let (head, tail) = t.split_at(at);
    let (other, has_x) = match head.strip_suffix('x') {
        Some(h) => (format!("{h}{tail}"), true),
        None if !head.is_empty() => (format!("{head}x{tail}"), false),
        None => return None,
    };
    let (found, _) = legal.turns_named(None, &other);
    let &i = found.first()?;
    let m = &legal.turns()[i];
    let written = legal.san(i);
    let g = legal.rules().geometry();
    Some(if has_x {
        format!(
            "there is nothing to capture on {}: the move is `{written}`",
            g.name(m.to)
        )
    } else {
        let victim = m.captured.map_or_else(
            || "a piece".to_string(),
            |p| {
                format!(
                    "the {} {}",
                    p.color.name(),
                    legal.rules().piece(p.kind).name
                )
            },
        );
        // Where the victim stands, which is not where the capturer
        // lands for a capture by withdrawal, a shot or en passant.
        let on = m
            .effects(legal.rules())
            .iter()
            .find_map(|e| match *e {
                crate::position::Effect::Capture { square, .. } => Some(square),
                _ => None,
            })
            .unwrap_or(m.to);
        format!(
            "it captures {victim} on {}: a capture is written with `x`, `{written}`",
            g.name(on)
        )
    })
}

/// The byte range of the last square named in `t`.
fn last_square(t: &str) -> Option<(usize, usize)> {
    let b = t.as_bytes();
    let mut found = None;
    for i in 0..b.len() {
        if b[i].is_ascii_lowercase() && i + 1 < b.len() && b[i + 1].is_ascii_digit() {
            let end = (i + 1..b.len())
                .find(|&j| !b[j].is_ascii_digit())
                .unwrap_or(b.len());
            found = Some((i, end));
        }
    }
    found
}

/// The piece kind a symbol at the start of move text names (`N`,
/// `SISSA`, `Sissa`, `{Sissa}`, `Sis`), longest spelling first.
fn kind_of(rules: &Rules, symbol: &str) -> Option<PieceKind> {
    let short = super::symbols::abbreviations(rules);
    (0..rules.pieces().len())
        .map(|k| PieceKind(k as u8))
        .find(|&k| {
            super::symbols::symbol_forms(rules, &short, k)
                .iter()
                .any(|f| f == symbol)
        })
        .or_else(|| rules.parse_piece_token(symbol).map(|(k, _)| k))
}

/// Does `t` name a legal turn of the side not to move?
fn other_side(rules: &Rules, pos: &Position, t: &str) -> bool {
    let other = pos.with_other_side_to_move(rules);
    let notation = Notation::new(rules, &other);
    !notation.turns_named(None, t).0.is_empty()
}

/// Why the coordinates `t` name no legal move.
fn why_not_coordinates(rules: &Rules, pos: &Position, t: &str) -> String {
    let g = rules.geometry();
    let b = t.as_bytes();
    let square_end = |i: usize| {
        (i + 1..b.len())
            .find(|&j| !b[j].is_ascii_digit())
            .unwrap_or(b.len())
    };
    let mid = square_end(0);
    let end = square_end(mid);
    let (from_text, to_text) = (&t[..mid], &t[mid..end]);
    let Some(from) = g.parse_square(from_text) else {
        return format!("`{from_text}` is not on the board");
    };
    let Some(to) = g.parse_square(to_text) else {
        return format!("`{to_text}` is not on the board");
    };
    let suffix = &t[end..];
    if let Some(tag) = suffix.strip_prefix(':') {
        let same: Vec<String> = legal_moves(rules, pos)
            .iter()
            .filter(|m| m.from == from && m.to == to)
            .map(|m| to_uci(rules, m))
            .collect();
        return if same.is_empty() {
            format!("no legal move is tagged `{tag}` here")
        } else {
            format!("no such move; did you mean {}?", same.join(" or "))
        };
    }
    let candidates: Vec<Move> = legal_moves(rules, pos)
        .into_iter()
        .filter(|m| !m.is_drop() && m.from == from && m.to == to)
        .collect();
    if !candidates.is_empty() && !suffix.is_empty() {
        let choices: Vec<String> = candidates
            .iter()
            .filter_map(|m| m.promotion.map(|k| promo_token(rules, k)))
            .collect();
        return if choices.is_empty() {
            "this move does not promote".to_string()
        } else {
            format!(
                "cannot promote to that: choose one of {}",
                choices.join(", ")
            )
        };
    }
    explain_illegal(rules, pos, from, to)
}

/// Why no pocketing matches `t` (`^h1`, `^h1=I`, `Rh1=>I`).
fn why_not_pocketing(rules: &Rules, pos: &Position, t: &str) -> String {
    let g = rules.geometry();
    let (square, new) = if let Some(rest) = t.strip_prefix('^') {
        rest.split_once('=')
            .map_or((rest, None), |(sq, k)| (sq, Some(k)))
    } else if let Some((head, k)) = t.split_once("=>") {
        let at = last_square(head).map_or(head.len(), |(i, _)| i);
        (&head[at..], (!k.is_empty()).then_some(k))
    } else {
        return NOT_A_MOVE.to_string();
    };
    let Some(from) = g.parse_square(square) else {
        return format!("`{square}` is not a square of this board");
    };
    let legal = legal_moves(rules, pos);
    let here: Vec<&Move> = legal
        .iter()
        .filter(|m| m.is_pocketing() && m.from == from)
        .collect();
    if here.is_empty() {
        return match (&rules.pocket(), pos.piece_at(from)) {
            (None, _) => format!("{} has no pockets", rules.name()),
            (_, None) => format!("there is no piece on {square}"),
            (_, Some(p)) if p.color != pos.side() => format!("the piece on {square} is not yours"),
            (_, Some(p)) if rules.is_royal(p.kind) => {
                format!("the {} cannot be pocketed", rules.piece(p.kind).name)
            }
            (Some(r), _) if pos.pockets()[pos.side()].len() >= r.capacity as usize => {
                "your pocket is full".to_string()
            }
            (Some(_), _) if pseudo_pocketing(rules, pos, from) => {
                "it would leave your royal piece attacked".to_string()
            }
            (Some(r), _) => {
                let ply = pos.ply();
                if r.banned_plies.contains(&ply) {
                    format!("nothing may be pocketed on ply {ply} of the game")
                } else {
                    "no piece may be pocketed on this move".to_string()
                }
            }
        };
    }
    if let Some(k) = new
        && kind_of(rules, k).is_none()
        && kind_of(rules, &k.to_ascii_uppercase()).is_none()
    {
        return format!("`{k}` is not a piece of {}", rules.name());
    }
    let choices: Vec<String> = here
        .iter()
        .map(|m| super::symbols::san_symbol(rules, m.promotion.unwrap_or(m.piece.kind)))
        .collect();
    format!("it can go into the pocket only as {}", choices.join(", "))
}

/// Could the piece on `from` be pocketed, royal safety aside?
fn pseudo_pocketing(rules: &Rules, pos: &Position, from: Square) -> bool {
    let mut pseudo = Vec::new();
    pseudo_moves(rules, pos, &mut pseudo);
    pseudo.iter().any(|m| m.is_pocketing() && m.from == from)
}

/// Does `t` have the shape of a SAN move: an optional piece symbol, an
/// optional origin file and rank, an optional `x`, a square, and
/// optional endings (a promotion, a victim, a tag)?
fn san_shaped(rules: &Rules, t: &str) -> bool {
    let Some((start, end)) = last_square(t) else {
        return false;
    };
    let head = &t[..start];
    let head = head.strip_suffix('x').unwrap_or(head);
    let head = head.trim_end_matches(|c: char| c.is_ascii_digit());
    let head = head
        .strip_suffix(|c: char| c.is_ascii_lowercase())
        .unwrap_or(head);
    let symbol_ok = head.is_empty() || kind_of(rules, head).is_some() || {
        head.chars()
            .all(|c| c.is_ascii_alphabetic() || c == '{' || c == '}')
            && head.starts_with(|c: char| c.is_ascii_uppercase() || c == '{')
    };
    let rest = &t[end..];
    symbol_ok && (rest.is_empty() || rest.starts_with(['=', '/', ':']))
}

/// Why no legal move has the SAN `want`: no piece of that kind reaching
/// the square, an unknown piece, or text that is no move at all.
fn why_not_san(rules: &Rules, want: &str) -> String {
    if want == "O-O" || want == "O-O-O" {
        return "castling that way is not possible here".into();
    }
    if !san_shaped(rules, want) {
        return NOT_A_MOVE.into();
    }
    let Some((start, end)) = last_square(want) else {
        return NOT_A_MOVE.into();
    };
    let square = &want[start..end];
    if rules.geometry().parse_square(square).is_none() {
        return format!("`{square}` is not a square of this board");
    }
    let head = &want[..start];
    let head = head.strip_suffix('x').unwrap_or(head);
    let symbol = head
        .trim_end_matches(|c: char| c.is_ascii_digit())
        .trim_end_matches(|c: char| c.is_ascii_lowercase());
    let symbol = if symbol.is_empty() || kind_of(rules, symbol).is_some() {
        symbol
    } else {
        // `Nbd2`: the symbol is what precedes the origin file and rank.
        head.trim_end_matches(|c: char| c.is_ascii_digit())
    };
    if symbol.is_empty() {
        return match rules.kinds().pawn.iter().position(|&p| p) {
            Some(i) => format!(
                "no {} can reach {square}",
                rules.piece(PieceKind(i as u8)).name
            ),
            None => format!("no piece can reach {square}"),
        };
    }
    match kind_of(rules, symbol) {
        Some(k) => format!("no {} can reach {square}", rules.piece(k).name),
        None => format!("`{symbol}` is not a piece of {}", rules.name()),
    }
}

/// Why `t` is not a placement of the marker stage (`rider@a4`).
pub(super) fn why_not_placement(rules: &Rules, pos: &Position, t: &str) -> ParseMoveError {
    let legal = legal_moves(rules, pos);
    let fail = |t: &str, reason: String| ParseMoveError {
        text: t.to_string(),
        reason,
    };
    let names: Vec<&str> = rules.mutators().iter().map(|m| m.name.as_str()).collect();
    let Some((name, square)) = t.split_once('@') else {
        return fail(
            t,
            format!(
                "markers are being placed: write a mutator and a square, like `{}`",
                legal
                    .first()
                    .map_or_else(String::new, |m| uci_action(rules, m))
            ),
        );
    };
    let placed = pos.markers();
    match rules.mutator_named(name) {
        None => fail(
            t,
            format!("no mutator `{name}` (mutators: {})", names.join(", ")),
        ),
        Some(k) if placed.holds(k) => {
            fail(t, format!("the `{name}` marker is already on the board"))
        }
        Some(_) => {
            let free: Vec<String> = legal
                .iter()
                .filter_map(|m| m.placement())
                .map(|(sq, _)| rules.geometry().name(sq))
                .collect::<std::collections::BTreeSet<_>>()
                .into_iter()
                .collect();
            fail(
                t,
                format!(
                    "`{square}` is not a free marker square (free: {})",
                    free.join(" ")
                ),
            )
        }
    }
}
