//! Move text: coordinate notation (`e2e4`, `e7e8q`, `Q@e4`) and SAN
//! (`Nf3`, `exd5`, `e8=Q`, `O-O`, `Q@e4`, `Sid3`), read and written
//! through one table of spellings per position ([`Notation`]).
//!
//! Reading accepts what a PGN reader accepts: check marks and
//! annotations (`Nf3+`, `e4!?`), over-disambiguated SAN (`Nbc3`,
//! `Ng1f3`, `Ng1-f3`), `0-0` for `O-O`, `e8Q` for `e8=Q`, `e.p.`. A text
//! that names no legal turn is refused with the reason: a capture written
//! without `x` or a quiet move with one, a pinned piece, a check not
//! answered, a compulsory capture, a duty, a move of the other side.

use super::coords::{looks_like_coordinates, promo_token, standard_forms, uci_action};
use super::refusal::{ParseMoveError, why_not, why_not_placement};
use super::spell::{Notation, check_mark};
use crate::board::{PieceKind, Square};
use crate::position::{Move, MoveKind, Position};
use crate::rules::Rules;

fn fail<T>(text: &str, reason: impl Into<String>) -> Result<T, ParseMoveError> {
    Err(ParseMoveError {
        text: text.to_string(),
        reason: reason.into(),
    })
}

/// The move in SAN: `Nf3`, `exd5`, `Rad1`, `e8=Q`, `O-O`, `Q@e4`,
/// `Sid3`, with `+` or `#`.
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
            turns.push(*mv);
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
    let turns = crate::movegen::legal_moves(rules, pos);
    if let Some(m) = read_quick(rules, pos, &turns, text) {
        return Ok(m);
    }
    let notation = Notation::with_turns(rules, pos, turns);
    notation.read(text).cloned()
}

/// The turn of `turns` (the legal turns of `pos`) that a plain move text
/// names, found without spelling every turn, which costs a hundred
/// times as much in a long record: coordinates equal to one turn's
/// (`g1f3`, `e7e8q`), or SAN ending on a square (`Nf3`, `exd5`, `e8=Q`,
/// `N@f3`), read among the turns that land there and the turns made of
/// effect lists (which may name another square). `None` for anything
/// else (castling, turns in parts, stacks, placements, a text that
/// several turns or none fit): the full reader then decides, and says
/// why a text is refused.
pub(crate) fn read_quick(
    rules: &Rules,
    pos: &Position,
    turns: &[Move],
    text: &str,
) -> Option<Move> {
    if pos.stage() == crate::position::Stage::Setup || rules.capacity() > 1 {
        return None;
    }
    let t = clean(text);
    if t.is_empty()
        || !t
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || b == b'=' || b == b'@')
    {
        return None;
    }
    if looks_like_coordinates(&t) {
        // `+` and `-` after coordinates are promotion marks (`b2g7+`),
        // not a check: the full reader tells them apart.
        if text.trim_end().ends_with(['+', '-', '#']) {
            return None;
        }
        // Every coordinate form begins with the mover's square.
        let b = t.as_bytes();
        let end = 1 + b[1..].iter().take_while(|c| c.is_ascii_digit()).count();
        let from = rules.geometry().parse_square(&t[..end])?;
        let mut found = None;
        for m in turns {
            if (m.from == from || matches!(m.kind, MoveKind::Castle(_)))
                && super::coords::to_uci(rules, m) == t
            {
                if found.is_some() {
                    return None;
                }
                found = Some(*m);
            }
        }
        return found;
    }
    let body = t.split_once('=').map_or(t.as_str(), |(b, _)| b);
    let b = body.as_bytes();
    let digits = b.iter().rev().take_while(|c| c.is_ascii_digit()).count();
    if digits == 0 || digits + 1 > b.len() || !b[b.len() - digits - 1].is_ascii_lowercase() {
        return None;
    }
    let sq = rules
        .geometry()
        .parse_square(&body[b.len() - digits - 1..])?;
    // Turns of a kind one of whose symbols begins the text (a pawn's is
    // empty: the text begins with a file), landing on the square; turns
    // made of effect lists always, as they may be spelled otherwise.
    let symbols = super::symbols::symbol_table(rules);
    let named = |m: &Move| {
        let k = m.piece.kind;
        if rules.is_pawn(k) && !m.is_drop() && t.starts_with(|c: char| c.is_ascii_lowercase()) {
            return true;
        }
        symbols.2[k.index()]
            .iter()
            .any(|f| t.starts_with(f.as_str()))
    };
    let near: Vec<Move> = turns
        .iter()
        .filter(|m| matches!(m.kind, MoveKind::Effects(_)) || (m.to == sq && named(m)))
        .copied()
        .collect();
    if near.is_empty() {
        return None;
    }
    let notation = Notation::with_turns(rules, pos, near);
    notation.read(&t).ok().copied()
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
        let g = rules.geometry();
        // The standard coordinates first: there `b2g7+` is a promotion,
        // not a move with a check mark.
        if pos.stage() != crate::position::Stage::Setup
            && let Some(i) = self.standard_index(shown)
        {
            return Ok(i);
        }
        if pos.stage() == crate::position::Stage::Setup {
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
            if rules.drops().as_ref().is_some_and(|d| d.from_reserve) {
                return fail(shown, "no reserve piece may be dropped this turn");
            }
            if rules.drops().as_ref().is_some_and(|d| d.gating) {
                return fail(
                    shown,
                    "no piece can be gated this turn: gating follows the first move of a piece from the drop ranks, with a piece of that kind in the hand",
                );
            }
            if self.turns().iter().all(|m| m.push.is_none()) {
                return fail(
                    shown,
                    "no part of this turn follows the action (no pawn to push, no promotion to choose)",
                );
            }
        }
        match choice {
            Some((sq, k)) => {
                let mut here = pos.clone();
                here.resolve_pending(rules, sq, k);
                fail(shown, why_not(&Notation::new(rules, &here), action))
            }
            None => fail(shown, why_not(self, action)),
        }
    }

    /// The one legal turn whose standard coordinates (see
    /// [`super::to_uci_standard`]) are `text`; `=` after them, which
    /// some programs write for a promotion declined (`b2g7=`), is read
    /// as nothing.
    fn standard_index(&self, text: &str) -> Option<usize> {
        let starts_like_one = text.contains('@') || looks_like_coordinates(text);
        if !starts_like_one {
            return None;
        }
        let rules = self.rules();
        let find = |t: &str| -> Option<usize> {
            let mut hits = (0..self.turns().len()).filter(|&i| {
                standard_forms(rules, &self.turns()[i])
                    .iter()
                    .any(|f| f == t)
            });
            let first = hits.next()?;
            hits.next().is_none().then_some(first)
        };
        find(text).or_else(|| find(text.strip_suffix('=')?))
    }

    /// The first turn (by `keep`) written out, as an example.
    fn example(&self, keep: impl Fn(&Move) -> bool) -> String {
        (0..self.turns().len())
            .find(|&i| keep(&self.turns()[i]))
            .map_or_else(String::new, |i| self.san(i))
    }

    /// Does `tail` (the part after the action, if any) fit turn `m`?
    fn tail_fits(&self, m: &Move, tail: Option<&str>) -> bool {
        let g = self.rules().geometry();
        match (tail, m.drop, m.push) {
            (None, None, None) => true,
            (Some(t), Some(sq), None) if m.gate.is_some() => {
                // Gating names the piece, unless the hand holds one kind.
                let (piece, square) = t.rsplit_once('@').unwrap_or(("", t));
                let mut held: Vec<PieceKind> = self.position().pockets()[m.piece.color]
                    .iter()
                    .map(|(k, _)| k)
                    .collect();
                held.dedup();
                let kinds = held.len();
                g.parse_square(square) == Some(sq)
                    && m.gate.is_some_and(|k| {
                        if piece.is_empty() {
                            kinds == 1
                        } else {
                            self.names_kind(piece, k)
                        }
                    })
            }
            (Some(t), Some(sq), None) => {
                let (piece, square) = t.rsplit_once('@').unwrap_or(("", t));
                g.parse_square(square) == Some(sq)
                    && (piece.is_empty() || {
                        let r = &self.position().reserves()[m.piece.color];
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
                if self
                    .rules()
                    .drops()
                    .as_ref()
                    .is_some_and(|d| d.from_reserve)
                {
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
