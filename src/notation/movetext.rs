//! Move text: coordinate notation (`e2e4`, `e7e8q`, `Q@e4`) and SAN
//! (`Nf3`, `exd5`, `e8=Q`, `O-O`, `Q@e4`, `SISSAd3`), read and written
//! through one table of spellings per position ([`Notation`]).
//!
//! Reading accepts what a PGN reader accepts: check marks and
//! annotations (`Nf3+`, `e4!?`), over-disambiguated SAN (`Nbc3`,
//! `Ng1f3`, `Ng1-f3`), `0-0` for `O-O`, `e8Q` for `e8=Q`, `e.p.`. A text
//! that names no legal turn is refused with the reason: a capture written
//! without `x` or a quiet move with one, a pinned piece, a check not
//! answered, a compulsory capture, a duty, a move of the other side.

use super::coords::{promo_token, to_uci, uci_action};
use super::spell::{Notation, check_mark};
use crate::board::{PieceKind, Square};
use crate::movegen::{in_check, legal_moves, pseudo_moves};
use crate::position::{Move, MoveKind, Position};
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

/// The move in SAN: `Nf3`, `exd5`, `Rad1`, `e8=Q`, `O-O`, `Q@e4`,
/// `SISSAd3`, with `+` or `#`.
pub fn to_san(rules: &Rules, pos: &Position, mv: &Move) -> String {
    if mv.placement().is_some() {
        return uci_action(rules, mv);
    }
    let notation = Notation::new(rules, pos);
    match notation.position_of(mv) {
        Some(i) => notation.san_with_check(i),
        None => {
            // Not a legal turn (a caller's pseudo-legal move): spelled
            // among the legal ones all the same.
            let mut turns = notation.turns().to_vec();
            turns.push(mv.clone());
            let i = turns.len() - 1;
            let notation = Notation::with_turns(rules, pos, turns);
            let mut s = notation.san(i);
            s.push_str(check_mark(rules, pos, mv));
            s
        }
    }
}

/// Parses SAN (or coordinates: the two are read alike).
///
/// # Errors
///
/// As [`parse_move`].
pub fn parse_san(rules: &Rules, pos: &Position, text: &str) -> Result<Move, ParseMoveError> {
    parse_move(rules, pos, text)
}

/// Parses coordinates (or SAN: the two are read alike).
///
/// # Errors
///
/// As [`parse_move`].
pub fn parse_uci(rules: &Rules, pos: &Position, text: &str) -> Result<Move, ParseMoveError> {
    parse_move(rules, pos, text)
}

/// Parses a move in coordinate notation or SAN.
///
/// # Errors
///
/// No legal turn has that text, or several do; the reason says which,
/// or why the move the text describes is not legal here.
pub fn parse_move(rules: &Rules, pos: &Position, text: &str) -> Result<Move, ParseMoveError> {
    let notation = Notation::new(rules, pos);
    notation.read(text).cloned()
}

/// Text without what does not name a move: surrounding space, check
/// marks and annotations (`+`, `#`, `!`, `?`), `e.p.`; `0-0` read as
/// `O-O`.
fn clean(text: &str) -> String {
    let mut t = text.trim();
    loop {
        let before = t.len();
        t = t.trim_end_matches(['+', '#', '!', '?']).trim_end();
        if let Some(rest) = t.strip_suffix("e.p.") {
            t = rest.trim_end();
        }
        if t.len() == before {
            break;
        }
    }
    match t {
        "0-0" => "O-O".to_string(),
        "0-0-0" => "O-O-O".to_string(),
        _ => t.to_string(),
    }
}

/// Do the first characters of `t` spell two squares (`e2e4`, `a10b12`)?
fn looks_like_coordinates(t: &str) -> bool {
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

impl Notation<'_> {
    /// The legal turn `text` names.
    ///
    /// # Errors
    ///
    /// No legal turn has that text, or several do, with the reason.
    pub fn read(&self, text: &str) -> Result<&Move, ParseMoveError> {
        self.read_index(text).map(|i| &self.turns()[i])
    }

    /// The index of the legal turn `text` names.
    ///
    /// # Errors
    ///
    /// As [`Notation::read`].
    pub fn read_index(&self, text: &str) -> Result<usize, ParseMoveError> {
        let shown = text.trim();
        if shown.is_empty() {
            return fail(shown, "empty move");
        }
        let parts: Vec<String> = shown.split('&').map(clean).collect();
        if parts.iter().any(String::is_empty) {
            return fail(
                shown,
                "a turn in parts is written like `Nf3&Q@c1`, with nothing empty around `&`",
            );
        }
        let rules = self.rules();
        let pos = self.position();
        let g = rules.geometry;
        if pos.stage == crate::position::Stage::Setup {
            let (mut found, _) = self.turns_named(None, &parts[0]);
            if found.is_empty() {
                found = self.turns_named(None, &parts[0].to_ascii_lowercase()).0;
            }
            return match (&found[..], parts.len()) {
                (&[one], 1) => Ok(one),
                _ => Err(why_not_placement(rules, pos, shown)),
            };
        }
        // A promotion chosen first: `b1=N&...`.
        let choices: Vec<(Square, PieceKind)> = self.choices().collect();
        let mut rest: &[String] = &parts;
        let mut choice = None;
        if !choices.is_empty() {
            let first = &parts[0];
            let picked = first.split_once('=').and_then(|(sq, k)| {
                let sq = g.parse_square(sq)?;
                choices
                    .iter()
                    .find(|&&(s, kind)| s == sq && self.names_kind(k, kind))
                    .copied()
            });
            match picked {
                Some(c) if parts.len() > 1 => {
                    choice = Some(c);
                    rest = &parts[1..];
                }
                Some(_) => {
                    return fail(
                        shown,
                        format!(
                            "after the promotion comes the action, like `{}`",
                            self.example(|_| true)
                        ),
                    );
                }
                None => {
                    let (sq, _) = choices[0];
                    // An example with the action given, if it is one.
                    let example = choices
                        .iter()
                        .find_map(|&c| self.turns_named(Some(c), first).0.first().copied())
                        .map_or_else(|| self.example(|_| true), |i| self.san(i));
                    return fail(
                        shown,
                        format!(
                            "the pawn on {} was pushed onto its last rank: choose its promotion first, like `{example}`",
                            g.name(sq),
                        ),
                    );
                }
            }
        }
        if rest.len() > 2 {
            return fail(shown, "too many parts joined by `&`");
        }
        let action = &rest[0];
        let tail = rest.get(1).map(String::as_str);
        let (named, loose) = self.turns_named(choice, action);
        let found: Vec<usize> = named
            .iter()
            .copied()
            .filter(|&i| self.tail_fits(&self.turns()[i], tail))
            .collect();
        match found[..] {
            [one] => return Ok(one),
            [] => {}
            _ => return Err(self.ambiguous(shown, action, &found, loose)),
        }
        // The action is named, but not with what follows it.
        if !named.is_empty() {
            return fail(shown, self.wrong_tail(&named, action, tail));
        }
        if tail.is_some() && self.turns().iter().all(|m| m.drop.is_none()) {
            if rules.drops.as_ref().is_some_and(|d| d.from_reserve) {
                return fail(shown, "no reserve piece may be dropped this turn");
            }
            if self.turns().iter().all(|m| m.push.is_none()) {
                return fail(
                    shown,
                    "no part of this turn follows the action (no pawn to push, no promotion to choose)",
                );
            }
        }
        let here = match choice {
            Some((sq, k)) => {
                let mut p = pos.clone();
                p.resolve_pending(rules, sq, k);
                p
            }
            None => pos.clone(),
        };
        fail(shown, why_not(rules, &here, action))
    }

    /// The first turn (by `keep`) written out, as an example.
    fn example(&self, keep: impl Fn(&Move) -> bool) -> String {
        (0..self.turns().len())
            .find(|&i| keep(&self.turns()[i]))
            .map_or_else(String::new, |i| self.san(i))
    }

    /// Does `tail` (the part after the action, if any) fit turn `m`?
    fn tail_fits(&self, m: &Move, tail: Option<&str>) -> bool {
        let g = self.rules().geometry;
        match (tail, m.drop, m.push) {
            (None, None, None) => true,
            (Some(t), Some(sq), None) => {
                let (piece, square) = t.rsplit_once('@').unwrap_or(("", t));
                g.parse_square(square) == Some(sq)
                    && (piece.is_empty() || {
                        let r = &self.position().reserves[m.piece.color];
                        r.pieces
                            .get(r.front as usize)
                            .copied()
                            .flatten()
                            .is_some_and(|p| self.names_kind(piece, p.kind))
                    })
            }
            (Some(t), None, Some((from, to))) => {
                t == g.name(to) || *t == format!("{}{}", g.name(from), g.name(to))
            }
            _ => false,
        }
    }

    /// Why the turns `named` (whose action the text names) do not fit
    /// the part after the action.
    fn wrong_tail(&self, named: &[usize], action: &str, tail: Option<&str>) -> String {
        let turns = self.turns();
        let first = named[0];
        if turns[first].drop.is_some() && tail.is_none() {
            return format!(
                "a drop from the reserve is due this turn: add it, like `{}`",
                self.san(first)
            );
        }
        if turns[first].push.is_some() {
            let pushes: Vec<String> = named
                .iter()
                .map(|&i| {
                    let s = self.san(i);
                    s.rsplit_once('&').map_or(s.clone(), |(_, p)| p.to_string())
                })
                .collect();
            let mut pushes_unique = pushes.clone();
            pushes_unique.dedup();
            return match tail {
                None => format!(
                    "an enemy pawn must be pushed after it, like `{}` (pushes: {})",
                    self.san(first),
                    pushes_unique.join(", ")
                ),
                Some(t) => format!(
                    "`{t}` is not a push that may follow `{action}` (pushes: {})",
                    pushes_unique.join(", ")
                ),
            };
        }
        match tail {
            Some(t) if named.iter().all(|&i| turns[i].drop.is_none()) => {
                if self.rules().drops.as_ref().is_some_and(|d| d.from_reserve) {
                    if turns.iter().any(|m| m.drop.is_some()) {
                        format!("`{action}` cannot be followed by a drop (`{t}`) this turn")
                    } else {
                        "no reserve piece may be dropped this turn".to_string()
                    }
                } else {
                    format!("nothing follows `{action}` in a turn (`&{t}`)")
                }
            }
            Some(t) => format!("`{action}` followed by the drop `{t}` is not a legal turn"),
            None => format!(
                "a drop from the reserve is due this turn: add it, like `{}`",
                self.san(first)
            ),
        }
    }

    /// The error for a text that names several turns.
    fn ambiguous(&self, shown: &str, action: &str, found: &[usize], loose: bool) -> ParseMoveError {
        let rules = self.rules();
        let turns = self.turns();
        // A promotion not written: every candidate differs only in it.
        let first = &turns[found[0]];
        let only_promotion = loose
            && found.iter().all(|&i| {
                let m = &turns[i];
                m.promotion.is_some()
                    && m.from == first.from
                    && m.to == first.to
                    && m.drop == first.drop
                    && m.push == first.push
            });
        if only_promotion {
            let coordinates = looks_like_coordinates(action);
            let kinds: Vec<String> = found
                .iter()
                .filter_map(|&i| turns[i].promotion)
                .map(|k| {
                    if coordinates {
                        promo_token(rules, k)
                    } else {
                        format!("={}", super::symbols::san_symbol(rules, k))
                    }
                })
                .collect();
            return ParseMoveError {
                text: shown.to_string(),
                reason: format!("this move promotes: add one of {}", kinds.join(", ")),
            };
        }
        // A castling and a king's move between the same squares.
        let castles = found
            .iter()
            .any(|&i| matches!(turns[i].kind, MoveKind::Castle(_)));
        let mut names: Vec<String> = found.iter().map(|&i| self.san(i)).collect();
        names.sort();
        names.dedup();
        let reason = if castles && looks_like_coordinates(action) {
            format!("ambiguous: write it in SAN, {}", names.join(" or "))
        } else {
            format!("ambiguous: {}", names.join(" or "))
        };
        ParseMoveError {
            text: shown.to_string(),
            reason,
        }
    }
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
    from: Square,
    to: Square,
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
fn explain_illegal(rules: &Rules, pos: &Position, from: Square, to: Square) -> String {
    let g = rules.geometry;
    match pos.piece_at(from) {
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
            } else if pseudo.iter().any(|m| m.from == from && m.to == to) {
                if in_check(rules, pos, pos.side) {
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

const NOT_A_MOVE: &str = "not a move in SAN (like Nf3, exd5, e8=Q, O-O) or coordinates (like g1f3)";

/// Why no legal turn of `pos` has the action text `t` (already cleaned).
fn why_not(rules: &Rules, pos: &Position, t: &str) -> String {
    let legal = Notation::new(rules, pos);
    // A capture written without `x`, or a quiet move with one.
    if let Some(why) = capture_mark(&legal, t) {
        return why;
    }
    // Legal but for a preference (a compulsory capture, the die).
    let free = without_preferences(rules, pos);
    if free.active != pos.active || free.roll != pos.roll {
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
    // A move of the right shape that breaks a rule of the whole turn
    // (royal safety, a duty).
    let mut pseudo = Vec::new();
    pseudo_moves(rules, pos, &mut pseudo);
    let pseudo = Notation::with_turns(rules, pos, pseudo);
    if let Some(&i) = pseudo.turns_named(None, t).0.first() {
        let m = &pseudo.turns()[i];
        return explain_illegal(rules, pos, m.from, m.to);
    }
    if looks_like_coordinates(t) {
        return why_not_coordinates(rules, pos, t);
    }
    let why = if let Some((piece, square)) = t.split_once('@') {
        let Some(kind) = kind_of(rules, piece) else {
            return format!("`{piece}` is not a piece of {}", rules.name);
        };
        if rules.geometry.parse_square(square).is_none() {
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
            pos.side.title(),
            (!pos.side).title()
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
    let g = legal.rules().geometry;
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
        format!(
            "it captures {victim} on {}: a capture is written with `x`, `{written}`",
            g.name(m.to)
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
    (0..rules.pieces.len())
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
    let mut other = pos.clone();
    other.side = !pos.side;
    other.roll = None;
    other.pending = None;
    other.ep = None;
    other.rehash(rules);
    let notation = Notation::new(rules, &other);
    !notation.turns_named(None, t).0.is_empty()
}

/// Why the coordinates `t` name no legal move.
fn why_not_coordinates(rules: &Rules, pos: &Position, t: &str) -> String {
    let g = rules.geometry;
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
    let g = rules.geometry;
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
        return match (&rules.pocket, pos.piece_at(from)) {
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
    }
    if let Some(k) = new
        && kind_of(rules, k).is_none()
        && kind_of(rules, &k.to_ascii_uppercase()).is_none()
    {
        return format!("`{k}` is not a piece of {}", rules.name);
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
    if rules.geometry.parse_square(square).is_none() {
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
        return match rules.pawn_kind.iter().position(|&p| p) {
            Some(i) => format!(
                "no {} can reach {square}",
                rules.piece(PieceKind(i as u8)).name
            ),
            None => format!("no piece can reach {square}"),
        };
    }
    match kind_of(rules, symbol) {
        Some(k) => format!("no {} can reach {square}", rules.piece(k).name),
        None => format!("`{symbol}` is not a piece of {}", rules.name),
    }
}

/// Why `t` is not a placement of the marker stage (`rider@a4`).
fn why_not_placement(rules: &Rules, pos: &Position, t: &str) -> ParseMoveError {
    let legal = legal_moves(rules, pos);
    let fail = |t: &str, reason: String| ParseMoveError {
        text: t.to_string(),
        reason,
    };
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
