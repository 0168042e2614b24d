//! Move text: coordinate notation (`e2e4`, `e7e8q`, `Q@e4`) and SAN
//! (`Nf3`, `exd5`, `e8=Q`, `O-O`, `Q@e4`).

use crate::board::{Color, PieceKind};
use crate::movegen::{in_check, legal_moves, pseudo_moves};
use crate::position::{Effect, Move, MoveKind, Position};
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

fn fail<T>(text: &str, reason: impl Into<String>) -> Result<T, ParseMoveError> {
    Err(ParseMoveError {
        text: text.to_string(),
        reason: reason.into(),
    })
}

fn promo_token(rules: &Rules, k: PieceKind) -> String {
    rules.piece(k).fen_token(Color::Black)
}

/// The move in coordinate notation: `e2e4`, `e7e8q`, `Q@e4`; castling as
/// the king's move (`e1g1`).
pub fn to_uci(rules: &Rules, mv: &Move) -> String {
    let g = rules.geometry;
    let mut s = String::new();
    if let Some((sq, k)) = mv.choice {
        s.push_str(&format!("{}={}&", g.name(sq), promo_token(rules, k)));
    }
    s.push_str(&uci_action(rules, mv));
    if let Some(sq) = mv.drop {
        s.push_str("&@");
        s.push_str(&g.name(sq));
    }
    if let Some((from, to)) = mv.push {
        s.push_str(&format!("&{}{}", g.name(from), g.name(to)));
    }
    s
}

/// The action of a move in coordinates, without a reserve drop.
fn uci_action(rules: &Rules, mv: &Move) -> String {
    let g = rules.geometry;
    if let Some((sq, mutator)) = mv.placement() {
        return format!("{}@{}", rules.mutators[mutator as usize].name, g.name(sq));
    }
    if mv.is_pocketing() {
        return pocketing_text(rules, mv);
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
    let mut s = format!("{}{}", g.name(mv.from), g.name(mv.to));
    if let Some(k) = mv.promotion
        && !rules.silent_morph(mv)
    {
        s.push_str(&promo_token(rules, k));
    }
    if let Some(tag) = move_tag(rules, mv) {
        s.push(':');
        s.push_str(&tag);
    }
    s
}

/// A pocketing, the same in SAN and coordinates: `^h1` takes the piece on
/// h1 into the hand as it is, `^h1=I` as a nightrider.
fn pocketing_text(rules: &Rules, mv: &Move) -> String {
    let mut s = format!("^{}", rules.geometry.name(mv.from));
    if let Some(k) = mv.promotion {
        s.push('=');
        s.push_str(&rules.piece(k).fen_token(Color::White));
    }
    s
}

/// Parses a pocketing: `^h1`, `^h1=I`, or the long form `Rh1=>I` /
/// `Rh1=>` (the piece letter, its square, `=>` and the new kind, if it
/// changes).
fn parse_pocketing(rules: &Rules, pos: &Position, t: &str) -> Result<Move, ParseMoveError> {
    let g = rules.geometry;
    let (square, new) = if let Some(rest) = t.strip_prefix('^') {
        rest.split_once('=')
            .map_or((rest, None), |(sq, k)| (sq, Some(k)))
    } else if let Some((head, k)) = t.split_once("=>") {
        // `Rh1`: the square is what follows the piece letter or code.
        let at = head
            .char_indices()
            .find(|&(_, c)| c.is_ascii_lowercase())
            .map_or(head.len(), |(i, _)| i);
        let at = if head.starts_with('{') {
            head.find('}').map_or(at, |i| i + 1)
        } else {
            at
        };
        (&head[at..], (!k.is_empty()).then_some(k))
    } else {
        return fail(t, "not a pocketing (like ^h1 or ^h1=I)");
    };
    let Some(from) = g.parse_square(square) else {
        return fail(t, format!("`{square}` is not a square of this board"));
    };
    let legal = legal_moves(rules, pos);
    let here: Vec<&Move> = legal
        .iter()
        .filter(|m| m.is_pocketing() && m.from == from)
        .collect();
    if here.is_empty() {
        let why = match (&rules.pocket, pos.piece_at(from)) {
            (None, _) => format!("{} has no pockets", rules.name),
            (_, None) => format!("there is no piece on {square}"),
            (_, Some(p)) if p.color != pos.side => format!("the piece on {square} is not yours"),
            (_, Some(p)) if rules.is_royal(p.kind) => {
                format!("the {} cannot be pocketed", rules.piece(p.kind).name)
            }
            (Some(r), _) if pos.pockets[pos.side].len() >= r.capacity as usize => {
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
        return fail(t, why);
    }
    let kind = match new {
        None => None,
        Some(k) => match rules
            .parse_piece_token(k)
            .or_else(|| rules.parse_piece_token(&k.to_ascii_uppercase()))
        {
            Some((kind, _)) => Some(kind),
            None => return fail(t, format!("`{k}` is not a piece of {}", rules.name)),
        },
    };
    if let Some(m) = here
        .iter()
        .find(|m| m.promotion.or(Some(m.piece.kind)) == kind.or(Some(m.piece.kind)))
    {
        return Ok((*m).clone());
    }
    let choices: Vec<String> = here
        .iter()
        .map(|m| {
            rules
                .piece(m.promotion.unwrap_or(m.piece.kind))
                .fen_token(Color::White)
        })
        .collect();
    fail(
        t,
        format!("it can go into the pocket only as {}", choices.join(", ")),
    )
}

/// A turn with a reserve drop: `Nf3&Q@c1` or `g1f3&@c1` (the piece may
/// be left out: it is the reserve's next one).
fn parse_with_drop(rules: &Rules, pos: &Position, t: &str) -> Result<Move, ParseMoveError> {
    // `Nf3&Q@c1`, `Nf3&@c1` and `g1f3&@c1` all name the same turn: compare
    // without check marks and without the dropped piece's letter.
    let canonical = |s: &str| {
        let s = s.replace(['+', '#'], "");
        match s.split_once('&') {
            Some((action, drop)) => {
                let square = drop.rsplit_once('@').map_or(drop, |(_, sq)| sq);
                format!("{action}&@{square}")
            }
            None => s,
        }
    };
    let want = canonical(t);
    let legal = legal_moves(rules, pos);
    let found: Vec<&Move> = legal
        .iter()
        .filter(|m| m.drop.is_some())
        .filter(|m| {
            canonical(&to_san(rules, pos, m)) == want || canonical(&to_uci(rules, m)) == want
        })
        .collect();
    match found[..] {
        [one] => Ok(one.clone()),
        [] => {
            let (action, drop) = t.split_once('&').unwrap_or((t, ""));
            if crate::movegen::reserve_drop_due(rules, pos).is_none() {
                return fail(t, "no reserve piece may be dropped this turn");
            }
            fail(
                t,
                format!("`{action}` followed by the drop `{drop}` is not a legal turn"),
            )
        }
        _ => {
            let names: Vec<String> = found.iter().map(|m| to_uci(rules, m)).collect();
            fail(t, format!("ambiguous: {}", names.join(" or ")))
        }
    }
}

/// Could the piece on `from` be pocketed, royal safety aside?
fn pseudo_pocketing(rules: &Rules, pos: &Position, from: crate::board::Square) -> bool {
    let mut pseudo = Vec::new();
    pseudo_moves(rules, pos, &mut pseudo);
    pseudo.iter().any(|m| m.is_pocketing() && m.from == from)
}

/// The tag a script gave `mv` (to tell apart moves between the same
/// squares: a Swapper's swap and its mutual destruction).
fn move_tag(rules: &Rules, mv: &Move) -> Option<String> {
    match mv.kind {
        MoveKind::Effects(_) => rules.script.as_ref()?.tag(mv.atom),
        _ => None,
    }
}

/// Parses coordinate notation against the legal moves of `pos`.
///
/// # Errors
///
/// Bad syntax, or no legal move matches, with the reason.
pub fn parse_uci(rules: &Rules, pos: &Position, text: &str) -> Result<Move, ParseMoveError> {
    let g = rules.geometry;
    let t = text.trim();
    // A turn with more parts (a reserve drop, a push) is written with `&`.
    let mut legal = legal_moves(rules, pos);
    legal.retain(|m| m.drop.is_none() && m.push.is_none() && m.choice.is_none());
    if let Some((body, tag)) = t.split_once(':') {
        // A tagged scripted move: `d4d5:swap`.
        return legal
            .iter()
            .find(|m| to_uci(rules, m) == t)
            .cloned()
            .map_or_else(
                || {
                    let same: Vec<String> = legal
                        .iter()
                        .filter(|m| to_uci(rules, m).starts_with(body))
                        .map(|m| to_uci(rules, m))
                        .collect();
                    if same.is_empty() {
                        fail(t, format!("no legal move is tagged `{tag}` here"))
                    } else {
                        fail(
                            t,
                            format!("no such move; did you mean {}?", same.join(" or ")),
                        )
                    }
                },
                Ok,
            );
    }
    if let Some((piece, square)) = t.split_once('@') {
        let Some((kind, _)) = rules.parse_piece_token(piece) else {
            return fail(t, format!("`{piece}` is not a piece of {}", rules.name));
        };
        let Some(to) = g.parse_square(square) else {
            return fail(t, format!("`{square}` is not a square"));
        };
        return legal
            .into_iter()
            .find(|m| m.is_drop() && m.piece.kind == kind && m.to == to)
            .map_or_else(
                || {
                    fail(
                        t,
                        format!(
                            "no {} can be dropped on {square} here",
                            rules.piece(kind).name
                        ),
                    )
                },
                Ok,
            );
    }
    // Split into from-square, to-square and an optional promotion suffix.
    let squares: Vec<(usize, usize)> = {
        let b = t.as_bytes();
        let mut v = Vec::new();
        let mut i = 0;
        while i < b.len() && v.len() < 2 {
            if b[i].is_ascii_lowercase() && i + 1 < b.len() && b[i + 1].is_ascii_digit() {
                let mut j = i + 1;
                while j < b.len() && b[j].is_ascii_digit() {
                    j += 1;
                }
                v.push((i, j));
                i = j;
            } else {
                break;
            }
        }
        v
    };
    if squares.len() != 2 || squares[0].0 != 0 || squares[1].0 != squares[0].1 {
        return fail(
            t,
            "expected coordinates like `e2e4`, `e7e8q` or a drop like `Q@e4`",
        );
    }
    let from_text = &t[squares[0].0..squares[0].1];
    let to_text = &t[squares[1].0..squares[1].1];
    let Some(from) = g.parse_square(from_text) else {
        return fail(t, format!("`{from_text}` is not on the board"));
    };
    let Some(to) = g.parse_square(to_text) else {
        return fail(t, format!("`{to_text}` is not on the board"));
    };
    let suffix = t[squares[1].1..].trim_start_matches('=');
    let promotion = if suffix.is_empty() {
        None
    } else {
        match rules.parse_piece_token(suffix) {
            Some((k, _)) => Some(k),
            None => return fail(t, format!("`{suffix}` is not a piece to promote to")),
        }
    };
    let candidates: Vec<&Move> = legal
        .iter()
        .filter(|m| !m.is_drop() && m.from == from && m.to == to)
        .collect();
    if candidates.iter().any(|m| move_tag(rules, m).is_some()) {
        let untagged: Vec<&&Move> = candidates
            .iter()
            .filter(|m| move_tag(rules, m).is_none() && m.promotion == promotion)
            .collect();
        if let [m] = untagged[..] {
            return Ok((*m).clone());
        }
        let names: Vec<String> = candidates.iter().map(|m| to_uci(rules, m)).collect();
        return fail(t, format!("ambiguous: {}", names.join(" or ")));
    }
    // A castling and a plain king move between the same squares (a king
    // that leaps two squares, as under Monochromatic) share coordinates.
    if candidates.len() > 1
        && candidates
            .iter()
            .any(|m| matches!(m.kind, MoveKind::Castle(_)))
        && candidates.iter().all(|m| m.promotion.is_none())
    {
        let names: Vec<String> = candidates.iter().map(|m| san_body(rules, pos, m)).collect();
        return fail(
            t,
            format!("ambiguous: write it in SAN, {}", names.join(" or ")),
        );
    }
    // A written kind names a promotion before a morph to the same kind.
    let written = |m: &&&Move| m.promotion == promotion;
    if let Some(m) = candidates
        .iter()
        .filter(written)
        .find(|m| !rules.silent_morph(m))
        .or_else(|| candidates.iter().find(written))
    {
        return Ok((*m).clone());
    }
    // A piece's forced change (a morph) need not be written.
    let unwritten: Vec<&&Move> = candidates
        .iter()
        .filter(|m| {
            (!rules.is_pawn(m.piece.kind) && m.kind != MoveKind::Promote) || rules.silent_morph(m)
        })
        .collect();
    if let (None, [m]) = (promotion, &unwritten[..]) {
        return Ok((**m).clone());
    }
    // Nor need a promotion with only one kind to go to.
    if let (None, [m]) = (promotion, &candidates[..]) {
        return Ok((*m).clone());
    }
    if !candidates.is_empty() {
        let choices: Vec<String> = candidates
            .iter()
            .filter_map(|m| m.promotion.map(|k| promo_token(rules, k)))
            .collect();
        return match promotion {
            None => fail(
                t,
                format!("this move promotes: add one of {}", choices.join(", ")),
            ),
            Some(_) if choices.is_empty() => fail(t, "this move does not promote"),
            Some(_) => fail(
                t,
                format!(
                    "cannot promote to that: choose one of {}",
                    choices.join(", ")
                ),
            ),
        };
    }
    Err(explain_illegal(rules, pos, from, to, t))
}

/// `pos` without the preference tiers: no compulsory capture, no die.
fn without_preferences(rules: &Rules, pos: &Position) -> Position {
    let mut free = pos.clone();
    free.roll = None;
    free.active &= !rules.must_capture;
    free
}

/// If a move from `from` to `to` is legal but another kind of move is
/// preferred (a capture is compulsory, the die names a lane), says so.
fn preferred_instead(
    rules: &Rules,
    pos: &Position,
    legal: &[Move],
    from: crate::board::Square,
    to: crate::board::Square,
) -> Option<String> {
    let free = without_preferences(rules, pos);
    if free.active == pos.active && free.roll == pos.roll {
        return None;
    }
    if !legal_moves(rules, &free)
        .iter()
        .any(|m| m.from == from && m.to == to)
    {
        return None;
    }
    let lane = pos.roll.filter(|_| pos.active & rules.dice != 0);
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
fn explain_illegal(
    rules: &Rules,
    pos: &Position,
    from: crate::board::Square,
    to: crate::board::Square,
    t: &str,
) -> ParseMoveError {
    let g = rules.geometry;
    let reason = match pos.piece_at(from) {
        None => format!("there is no piece on {}", g.name(from)),
        Some(p) if p.color != pos.side => format!(
            "the {} on {} is not yours: {} is to move",
            rules.piece(p.kind).name,
            g.name(from),
            pos.side.name()
        ),
        Some(p) => {
            let mut pseudo = Vec::new();
            pseudo_moves(rules, pos, &mut pseudo);
            let legal = legal_moves(rules, pos);
            let with_drop = legal
                .iter()
                .find(|m| m.from == from && m.to == to && m.drop.is_some());
            let must_move = pos.occupied(pos.side).iter().find(|&s| {
                s != from
                    && pos
                        .piece_at(s)
                        .is_some_and(|q| rules.piece(q.kind).must_move)
                    && crate::movegen::is_attacked(rules, pos, s, !pos.side)
            });
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
            } else if pseudo.iter().any(|m| m.from == from && m.to == to) {
                if in_check(rules, pos, pos.side) {
                    format!(
                        "the {} on {} cannot go to {}: you are in check and it does not get you out",
                        rules.piece(p.kind).name,
                        g.name(from),
                        g.name(to)
                    )
                } else {
                    format!(
                        "the {} on {} cannot go to {}: it would expose your royal piece to capture",
                        rules.piece(p.kind).name,
                        g.name(from),
                        g.name(to)
                    )
                }
            } else {
                format!(
                    "the {} on {} cannot move to {}",
                    rules.piece(p.kind).name,
                    g.name(from),
                    g.name(to)
                )
            }
        }
    };
    ParseMoveError {
        text: t.to_string(),
        reason,
    }
}

/// The move in SAN: `Nf3`, `exd5`, `Rad1`, `e8=Q`, `O-O`, `Q@e4`, with `+`
/// or `#`.
pub fn to_san(rules: &Rules, pos: &Position, mv: &Move) -> String {
    if mv.placement().is_some() {
        return uci_action(rules, mv);
    }
    let mut s = san_turn(rules, pos, mv, false);
    let mut after = pos.clone();
    after.play_unchecked(rules, mv);
    if in_check(rules, &after, after.side) {
        s.push(if legal_moves(rules, &after).is_empty() {
            '#'
        } else {
            '+'
        });
    }
    s
}

/// A turn in SAN without check marks: a deferred promotion chosen first
/// (`e8=Q&`), the action, then a reserve drop (`&Q@c1`) or the push of an
/// enemy pawn (`&d6`, or `&c7d6` where the square alone is ambiguous or
/// `long_push` asks for it).
fn san_turn(rules: &Rules, pos: &Position, mv: &Move, long_push: bool) -> String {
    let g = rules.geometry;
    let action = mv.action();
    let mut s = String::new();
    let here = match mv.choice {
        Some((sq, k)) => {
            s.push_str(&format!(
                "{}={}&",
                g.name(sq),
                rules.piece(k).fen_token(Color::White)
            ));
            let mut child = pos.clone();
            child.resolve_pending(rules, sq, k);
            std::borrow::Cow::Owned(child)
        }
        None => std::borrow::Cow::Borrowed(pos),
    };
    s.push_str(&san_body(rules, &here, &action));
    if let Some(drop) = san_drop(rules, &here, mv) {
        s.push_str(&drop);
    }
    if let Some((from, to)) = mv.push {
        let long = long_push
            || legal_moves(rules, pos).iter().any(|m| {
                m.choice == mv.choice
                    && m.drop == mv.drop
                    && m.push.is_some_and(|(f, t)| t == to && f != from)
                    && m.action() == action
            });
        s.push('&');
        if long {
            s.push_str(&g.name(from));
        }
        s.push_str(&g.name(to));
    }
    s
}

/// The reserve drop that ends a turn, in SAN: `&Q@c1`.
fn san_drop(rules: &Rules, pos: &Position, mv: &Move) -> Option<String> {
    let sq = mv.drop?;
    let r = &pos.reserves[mv.piece.color];
    let piece = r.pieces.get(r.front as usize).copied().flatten()?;
    Some(format!(
        "&{}@{}",
        rules.piece(piece.kind).fen_token(Color::White),
        rules.geometry.name(sq)
    ))
}

/// A swap of two own pieces (a `swaps` mutator) in SAN: both pieces
/// with their squares, `Qd1<>Be2`, and a swapped pawn's promotion,
/// `Pe7<>Re8=Q`.
fn swap_san(rules: &Rules, pos: &Position, mv: &Move) -> Option<String> {
    let MoveKind::Effects(list) = &mv.kind else {
        return None;
    };
    let Some(&Effect::Swap(a, b)) = list.first() else {
        return None;
    };
    if pos.active & rules.swaps == 0 {
        return None;
    }
    let g = rules.geometry;
    let named = |sq| {
        pos.piece_at(sq).map_or(String::new(), |p| {
            format!(
                "{}{}",
                rules.piece(p.kind).fen_token(Color::White),
                g.name(sq)
            )
        })
    };
    let mut s = format!("{}<>{}", named(a), named(b));
    if let Some(k) = mv.promotion {
        s.push('=');
        s.push_str(&rules.piece(k).fen_token(Color::White));
    }
    Some(s)
}

pub(crate) fn san_body(rules: &Rules, pos: &Position, mv: &Move) -> String {
    let g = rules.geometry;
    let letter = |k: PieceKind| rules.piece(k).fen_token(Color::White);
    if mv.is_drop() {
        return format!("{}@{}", letter(mv.piece.kind), g.name(mv.to));
    }
    if mv.is_pocketing() {
        return pocketing_text(rules, mv);
    }
    if let MoveKind::Castle(i) = mv.kind {
        return if rules.castling[mv.piece.color][i as usize].king_side {
            "O-O".into()
        } else {
            "O-O-O".into()
        };
    }
    if let Some(text) = swap_san(rules, pos, mv) {
        return text;
    }
    // Who moves: a pawn goes unnamed; in a stacking variant a unit is
    // named by its letter and a pair by both units.
    let stacked = rules.stacking.is_some();
    let token = if stacked {
        super::stacks::mover(rules, mv)
    } else if rules.is_pawn(mv.piece.kind) {
        String::new()
    } else {
        letter(mv.piece.kind)
    };
    let same_mover = |m: &Move| {
        if stacked {
            super::stacks::mover(rules, m) == token
        } else {
            m.piece == mv.piece && !m.is_drop()
        }
    };
    let mut s = String::new();
    if token.is_empty() {
        if mv.is_capture() {
            s.push(crate::rules::file_char(g.file(mv.from)));
        }
    } else {
        s.push_str(&token);
        let others: Vec<Move> = legal_moves(rules, pos)
            .into_iter()
            .filter(|m| {
                m.to == mv.to
                    && m.from != mv.from
                    && !matches!(m.kind, MoveKind::Castle(_))
                    && same_mover(m)
            })
            .collect();
        s.push_str(&disambiguation(
            rules,
            mv.from,
            others.iter().map(|m| m.from),
        ));
    }
    if mv.is_capture() {
        s.push('x');
    }
    s.push_str(&g.name(mv.to));
    // A lone capturer names its victim where two enemy units stood.
    if stacked && let Some(v) = super::stacks::chosen_victim(pos, mv) {
        s.push('/');
        s.push_str(&letter(v.kind));
    }
    if let Some(k) = mv.promotion
        && !rules.silent_morph(mv)
    {
        s.push('=');
        s.push_str(&letter(k));
    }
    if let Some(tag) = move_tag(rules, mv) {
        s.push(':');
        s.push_str(&tag);
    }
    s
}

/// What SAN adds after the piece letter to tell a move from `from` from
/// the same piece's moves to the same square from `others`: nothing, the
/// file, the rank, or the whole square.
pub(crate) fn disambiguation(
    rules: &Rules,
    from: crate::board::Square,
    others: impl Iterator<Item = crate::board::Square> + Clone,
) -> String {
    let g = rules.geometry;
    if others.clone().next().is_none() {
        String::new()
    } else if !others.clone().any(|o| g.file(o) == g.file(from)) {
        crate::rules::file_char(g.file(from)).to_string()
    } else if !others.clone().any(|o| g.rank(o) == g.rank(from)) {
        (g.rank(from) + 1).to_string()
    } else {
        g.name(from)
    }
}

/// Parses SAN by comparing with the SAN of every legal move (check marks,
/// `!`/`?` annotations and `0-0` spellings are accepted).
///
/// # Errors
///
/// No legal move has that SAN, or several do.
pub fn parse_san(rules: &Rules, pos: &Position, text: &str) -> Result<Move, ParseMoveError> {
    let norm = |s: &str| {
        s.trim()
            .trim_end_matches(['+', '#', '!', '?'])
            .replace('0', "O")
            .replace("e.p.", "")
            .trim()
            .to_string()
    };
    let want = norm(text);
    if want.is_empty() {
        return fail(text, "empty move");
    }
    // A turn with more parts (a reserve drop, a push) is written with `&`.
    let mut legal = legal_moves(rules, pos);
    legal.retain(|m| m.drop.is_none() && m.push.is_none() && m.choice.is_none());
    let matches: Vec<&Move> = legal
        .iter()
        .filter(|m| norm(&san_body(rules, pos, m)) == want)
        .collect();
    match matches.as_slice() {
        [one] => Ok((*one).clone()),
        [] => {
            if let Some(m) = implied_change(rules, pos, &legal, &want, norm) {
                return Ok(m);
            }
            // A SAN without disambiguation that fits several moves.
            let loose: Vec<&Move> = legal
                .iter()
                .filter(|m| loose_san(rules, m) == want)
                .collect();
            if loose.len() > 1 {
                let names: Vec<String> = loose.iter().map(|m| san_body(rules, pos, m)).collect();
                return fail(text, format!("ambiguous: {}", names.join(" or ")));
            }
            // Legal but for a preference (compulsory capture, the die).
            let free = without_preferences(rules, pos);
            let long = |m: &Move| {
                format!(
                    "{}{}{}",
                    rules.piece(m.piece.kind).fen_token(Color::White),
                    rules.geometry.name(m.from),
                    rules.geometry.name(m.to)
                )
            };
            if let Some(m) = legal_moves(rules, &free).iter().find(|m| {
                norm(&san_body(rules, &free, m)) == want
                    || loose_san(rules, m) == want
                    || long(m) == want
            }) && let Some(why) = preferred_instead(rules, pos, &legal, m.from, m.to)
            {
                return fail(text, why);
            }
            fail(text, why_not_san(rules, pos, &want))
        }
        many => {
            let names: Vec<String> = many.iter().map(|m| to_uci(rules, m)).collect();
            fail(text, format!("ambiguous: {}", names.join(" or ")))
        }
    }
}

/// The one legal move that `want` names when the change of kind a piece
/// undergoes (a morph, written like a promotion) is left out: `Nc3` for a
/// forced `Nc3=Q`.
fn implied_change(
    rules: &Rules,
    pos: &Position,
    legal: &[Move],
    want: &str,
    norm: impl Fn(&str) -> String,
) -> Option<Move> {
    let found: Vec<&Move> = legal
        .iter()
        .filter(|m| m.promotion.is_some() && !rules.is_pawn(m.piece.kind) && !m.is_drop())
        .filter(|m| {
            let plain = Move {
                promotion: None,
                ..(*m).clone()
            };
            norm(&san_body(rules, pos, &plain)) == want
        })
        .collect();
    match found[..] {
        [one] => Some(one.clone()),
        _ => None,
    }
}

/// SAN without disambiguation, to recognise ambiguous input.
/// Does `t` have the shape of a SAN move: an optional piece letter, an
/// optional origin file and rank, an optional `x`, a square, an optional
/// promotion?
fn san_shaped(t: &str) -> bool {
    let mut rest = t;
    if rest.starts_with(|c: char| c.is_ascii_uppercase()) {
        rest = &rest[1..];
    } else if let Some(end) = rest.strip_prefix('{').and_then(|r| r.find('}')) {
        rest = &rest[end + 2..];
    }
    let body = rest.split_once('=').map_or(rest, |(b, _)| b);
    let body = body.replacen('x', "", 1);
    let letters = body.chars().filter(|c| c.is_ascii_lowercase()).count();
    !body.is_empty()
        && (1..=2).contains(&letters)
        && body
            .chars()
            .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit())
        && body.ends_with(|c: char| c.is_ascii_digit())
}

/// Why no legal move has the SAN `want`: a move that fits but would
/// leave a royal attacked (a pinned piece, a check not answered, a royal
/// stepping into attack), or no piece of that kind reaching the square.
fn why_not_san(rules: &Rules, pos: &Position, want: &str) -> String {
    let g = rules.geometry;
    let mut pseudo = Vec::new();
    pseudo_moves(rules, pos, &mut pseudo);
    let fits = |m: &Move| {
        if rules.is_pawn(m.piece.kind) && !m.is_drop() {
            return san_body(rules, pos, m) == want;
        }
        let loose = loose_san(rules, m);
        let plain = loose.replace('x', "");
        !loose.is_empty() && (loose == want || plain == want.replace('x', ""))
    };
    if let Some(m) = pseudo.iter().find(|m| fits(m)) {
        return explain_illegal(rules, pos, m.from, m.to, want).reason;
    }
    if want == "O-O" || want == "O-O-O" {
        return "castling that way is not possible here".into();
    }
    if !san_shaped(want) {
        return "not a move in SAN (like Nf3, exd5, e8=Q, O-O) or coordinates (like g1f3)".into();
    }
    // The target: the last square named in the text.
    let b = want.as_bytes();
    let mut target = None;
    for i in 0..b.len() {
        if b[i].is_ascii_lowercase() && i + 1 < b.len() && b[i + 1].is_ascii_digit() {
            let end = (i + 1..b.len())
                .find(|&j| !b[j].is_ascii_digit())
                .unwrap_or(b.len());
            target = g.parse_square(&want[i..end]).map(|sq| (sq, &want[i..end]));
        }
    }
    let Some((_, square)) = target else {
        return "not a move in SAN (like Nf3, exd5, e8=Q, O-O) or coordinates (like g1f3)".into();
    };
    let first = want.chars().next().unwrap_or(' ');
    let kind = if first.is_ascii_uppercase() {
        rules.parse_piece_token(&first.to_string()).map(|(k, _)| k)
    } else {
        rules
            .pawn_kind
            .iter()
            .position(|&p| p)
            .map(|i| PieceKind(i as u8))
    };
    match kind {
        Some(k) => format!("no {} can reach {square}", rules.piece(k).name),
        None if first.is_ascii_uppercase() => format!("`{first}` is not a piece of {}", rules.name),
        None => format!("no piece can reach {square}"),
    }
}

fn loose_san(rules: &Rules, mv: &Move) -> String {
    let g = rules.geometry;
    if rules.is_pawn(mv.piece.kind) || mv.is_drop() {
        return String::new();
    }
    let mut s = rules.piece(mv.piece.kind).fen_token(Color::White);
    if mv.is_capture() {
        s.push('x');
    }
    s.push_str(&g.name(mv.to));
    s
}

/// Parses a move in coordinate notation or SAN.
///
/// # Errors
///
/// As [`parse_uci`] and [`parse_san`]: the coordinate error when the text
/// looks like coordinates, the SAN error otherwise.
pub fn parse_move(rules: &Rules, pos: &Position, text: &str) -> Result<Move, ParseMoveError> {
    let t = text.trim();
    if pos.stage == crate::position::Stage::Setup {
        return parse_placement(rules, pos, t);
    }
    if t.starts_with('^') || t.contains("=>") {
        return parse_pocketing(rules, pos, t);
    }
    if t.contains('&') {
        return if rules.drops.as_ref().is_some_and(|d| d.from_reserve) {
            parse_with_drop(rules, pos, t)
        } else {
            parse_turn(rules, pos, t)
        };
    }
    let parsed = parse_action(rules, pos, t);
    if parsed.is_err()
        && let Some(why) = turn_needs_more(rules, pos, t)
    {
        return fail(t, why);
    }
    if parsed.is_err()
        && crate::movegen::reserve_drop_due(rules, pos) == Some(true)
        && let Some(example) = legal_moves(rules, pos).iter().find(|m| {
            m.drop.is_some() && {
                let plain = m.action();
                san_body(rules, pos, &plain) == t.trim_end_matches(['+', '#'])
                    || uci_action(rules, &plain) == t
            }
        })
    {
        return fail(
            t,
            format!(
                "a drop from the reserve is due this turn: add it, like `{}`",
                to_san(rules, pos, example)
            ),
        );
    }
    parsed
}

/// A turn in parts joined by `&` (a deferred promotion chosen first, the
/// action, the push of an enemy pawn): `e8=Q&Nf3&d6`, `Nf3&c7d6`,
/// `g1f3&d7d6`.
fn parse_turn(rules: &Rules, pos: &Position, t: &str) -> Result<Move, ParseMoveError> {
    let canonical = |s: &str| s.replace(['+', '#', ' '], "");
    let want = canonical(t);
    let legal = legal_moves(rules, pos);
    let found: Vec<&Move> = legal
        .iter()
        .filter(|m| m.push.is_some() || m.choice.is_some())
        .filter(|m| {
            [
                san_turn(rules, pos, m, false),
                san_turn(rules, pos, m, true),
                to_uci(rules, m),
            ]
            .iter()
            .any(|s| canonical(s) == want)
        })
        .collect();
    match found[..] {
        [one] => Ok(one.clone()),
        [] => {
            if legal.iter().all(|m| m.push.is_none() && m.choice.is_none()) {
                return fail(
                    t,
                    "no part of this turn follows the action (no pawn to push, no promotion to choose)",
                );
            }
            let parts: Vec<&str> = want.split('&').collect();
            for part in parts {
                if let Some(why) = turn_needs_more(rules, pos, part) {
                    return fail(t, format!("not a legal turn: {why}"));
                }
            }
            fail(
                t,
                "not a legal turn here (`moves` lists them; a turn is written like `Nf3&d6`)",
            )
        }
        _ => {
            let names: Vec<String> = found.iter().map(|m| to_uci(rules, m)).collect();
            fail(t, format!("ambiguous: {}", names.join(" or ")))
        }
    }
}

/// When `t` names the action of legal turns that have more parts (a
/// push of an enemy pawn, a deferred promotion chosen first), says how
/// to write them.
fn turn_needs_more(rules: &Rules, pos: &Position, t: &str) -> Option<String> {
    let want = t.replace(['+', '#', ' '], "");
    let legal = legal_moves(rules, pos);
    if let Some(first) = legal.iter().find(|m| m.choice.is_some()) {
        // An example with the action given, if it is one.
        let m = legal
            .iter()
            .filter(|m| m.choice.is_some())
            .find(|m| {
                let text = san_turn(rules, pos, m, false);
                text.split('&').nth(1) == Some(want.as_str())
            })
            .unwrap_or(first);
        let (sq, _) = m.choice?;
        return Some(format!(
            "the pawn on {} was pushed onto its last rank: choose its promotion first, like `{}`",
            rules.geometry.name(sq),
            san_turn(rules, pos, m, false)
        ));
    }
    let turns: Vec<&Move> = legal
        .iter()
        .filter(|m| m.push.is_some())
        .filter(|m| {
            let action = m.action();
            san_body(rules, pos, &action).replace(['+', '#'], "") == want
                || uci_action(rules, &action) == want
        })
        .collect();
    let first = turns.first()?;
    let pushes: Vec<String> = turns
        .iter()
        .map(|m| {
            let s = san_turn(rules, pos, m, false);
            s.rsplit_once('&').map_or(s.clone(), |(_, p)| p.to_string())
        })
        .collect();
    Some(format!(
        "an enemy pawn must be pushed after it, like `{}` (pushes: {})",
        san_turn(rules, pos, first, false),
        pushes.join(", ")
    ))
}

/// A move without a reserve drop.
fn parse_action(rules: &Rules, pos: &Position, t: &str) -> Result<Move, ParseMoveError> {
    if rules.stacking.is_some()
        && let Some(parsed) = super::stacks::parse(rules, pos, t)
    {
        return parsed;
    }
    let looks_uci = t.len() >= 4
        && t.as_bytes()[0].is_ascii_lowercase()
        && t.as_bytes()[1].is_ascii_digit()
        && {
            let rest = t[1..].trim_start_matches(|c: char| c.is_ascii_digit());
            rest.len() >= 2
                && rest.as_bytes()[0].is_ascii_lowercase()
                && rest.as_bytes()[1].is_ascii_digit()
        };
    if looks_uci || t.contains('@') {
        return parse_uci(rules, pos, t);
    }
    parse_san(rules, pos, t)
}

/// A placement of the marker stage: `rider@a4`.
fn parse_placement(rules: &Rules, pos: &Position, t: &str) -> Result<Move, ParseMoveError> {
    let legal = legal_moves(rules, pos);
    if let Some(m) = legal
        .iter()
        .find(|m| uci_action(rules, m).eq_ignore_ascii_case(t))
    {
        return Ok(m.clone());
    }
    let names: Vec<&str> = rules.mutators.iter().map(|m| m.name.as_str()).collect();
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
    let placed = &pos.markers;
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
                .map(|(sq, _)| rules.geometry.name(sq))
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
