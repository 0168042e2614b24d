//! Reading a [`Setup`]'s fields against the rules, one function per
//! field, into a validated [`Position`].

use super::board::{piece_token, placement};
use super::{FenField, ParseFenError, Setup, err};
use crate::board::{Color, Piece, Square, SquareSet};
use crate::movegen::{in_check, is_attacked};
use crate::position::{MAX_COUNTER, Position};
use crate::rules::{Rules, file_char};

impl Setup<'_> {
    /// Reads every field against `rules`, in the order each needs the
    /// ones before (castling rights before unmoved pieces, markers' forms
    /// before en passant, the stage before the die), and validates the
    /// result.
    ///
    /// # Errors
    ///
    /// The first problem found, naming the field.
    pub fn build(&self, rules: &Rules) -> Result<Position, ParseFenError> {
        let mut pos = Position::empty();
        // Hands may also come as one rank more than the board has, holding
        // no digit (`.../RNBQKBNR/Qn`, as lichess writes crazyhouse).
        let (board, hands) = match self.board.rsplit_once('/') {
            Some((board, last))
                if self.pockets.is_none()
                    && !last.contains(|c: char| c.is_ascii_digit())
                    && board.split('/').count() == rules.geometry().height as usize =>
            {
                (board, Some(last))
            }
            _ => (self.board, self.pockets),
        };
        placement(rules, &mut pos, board)?;
        if let Some(inner) = hands {
            pockets(rules, &mut pos, inner)?;
        }
        if let Some(inner) = self.reserves {
            reserves(rules, &mut pos, inner)?;
        }
        pos.set_side(rules, side(self.side)?);
        castling(rules, &mut pos, self.castling, self.moved)?;
        if let Some(text) = self.unmoved {
            unmoved(rules, &mut pos, text)?;
        }
        // Pieces take their forms under the markers' active set before en
        // passant is judged.
        if let Some(text) = &self.markers {
            read_markers(rules, &mut pos, text)?;
        } else if !rules.masks().always_on.is_empty() {
            pos.take_forms(rules);
        }
        // `0` is Fairy-Stockfish's way of writing no square in some of
        // its test positions; it is read as `-`.
        if let Some(ep) = self.en_passant
            && ep != "-"
            && ep != "0"
        {
            en_passant(rules, &mut pos, ep)?;
        }
        if let Some(h) = self.halfmove {
            pos.set_halfmove(counter(h, FenField::Halfmove)?);
        }
        if let Some(f) = self.fullmove {
            pos.set_fullmove(counter(f, FenField::Fullmove)?.max(1));
        }
        if let Some(text) = self.swap_ban {
            swap_ban(rules, &mut pos, text)?;
        }
        if self.placing {
            placing(rules, &mut pos)?;
        }
        if let Some(text) = self.roll {
            roll(rules, &mut pos, text)?;
        }
        if let Some(text) = self.pending {
            read_pending(rules, &mut pos, text)?;
        }
        if let Some(text) = self.passed {
            passed(rules, &mut pos, text)?;
        }
        checks(rules, &mut pos, self.checks_needed, self.checks_given)?;
        if let Some(text) = self.state {
            state(rules, &mut pos, text)?;
        }
        if let Some(text) = self.last {
            last_move(rules, &mut pos, text)?;
        }
        pos.rehash(rules);
        validate(rules, &pos)?;
        Ok(pos)
    }
}

/// The check counts of n-check: the checks each side still needs
/// (`needed`, `W+B`) or has given (`given`, `+W+B`); none given when
/// neither is written.
fn checks(
    rules: &Rules,
    pos: &mut Position,
    needed: Option<&str>,
    given: Option<&str>,
) -> Result<(), ParseFenError> {
    let limit = rules.ending().check_limit;
    let Some(text) = needed.or(given) else {
        return Ok(());
    };
    if limit == 0 {
        return err(
            FenField::Checks,
            format!("`{text}`: this variant counts no checks (its `ending` has no `check_limit`)"),
        );
    }
    let counts: Vec<u32> = text
        .trim_start_matches('+')
        .split('+')
        .map(|n| n.parse().unwrap_or(u32::MAX))
        .collect();
    for (color, &n) in [Color::White, Color::Black].iter().zip(&counts) {
        if n > u32::from(limit) {
            return err(
                FenField::Checks,
                format!("`{text}`: {} is more than the {limit} checks that win", n),
            );
        }
        let given = if needed.is_some() {
            limit - n as u8
        } else {
            n as u8
        };
        pos.set_checks(rules, *color, given);
    }
    Ok(())
}

/// The hands: pieces in brackets, `-` for an empty hand.
fn pockets(rules: &Rules, pos: &mut Position, inner: &str) -> Result<(), ParseFenError> {
    let mut rest = inner;
    while !rest.is_empty() {
        // `-` (an empty hand) and `/` (between White's and Black's,
        // as in `[-/-]`) carry nothing.
        if rest.starts_with(['-', '/']) {
            rest = &rest[1..];
            continue;
        }
        let (piece, len) = piece_token(rules, rest).map_err(|e| ParseFenError {
            field: FenField::Pockets,
            ..e
        })?;
        let room = rules
            .pocket()
            .as_ref()
            .map_or(crate::board::POCKET_SLOTS, |p| p.capacity as usize);
        if pos.pockets()[piece.color].len() >= room
            || !pos.add_to_pocket(rules, piece.color, piece.kind)
        {
            let side = if piece.color == Color::White {
                "White's"
            } else {
                "Black's"
            };
            return err(
                FenField::Pockets,
                format!(
                    "{side} pocket holds at most {room} piece{}",
                    if room == 1 { "" } else { "s" }
                ),
            );
        }
        // Only a setup phase of drops (a `drops` section taking from the
        // hand, Placement Chess) puts a royal on the board from a hand.
        let placing =
            rules.pocket().is_none() && rules.drops().as_ref().is_some_and(|d| !d.from_reserve);
        if rules.is_royal(piece.kind) && !placing {
            return err(FenField::Pockets, "a royal piece cannot be in hand");
        }
        rest = &rest[len..];
    }
    Ok(())
}

/// The reserve boards: `<W/B>`, each in drop order.
fn reserves(rules: &Rules, pos: &mut Position, inner: &str) -> Result<(), ParseFenError> {
    let sides: Vec<&str> = inner.split('/').collect();
    if sides.len() != 2 {
        return err(
            FenField::Reserves,
            "expected White's and Black's reserve, split by `/`, like `<QR-/qr->`",
        );
    }
    for (color, text) in [Color::White, Color::Black].into_iter().zip(sides) {
        pos.set_reserve(color, parse_reserve(rules, text, color)?);
    }
    Ok(())
}

/// The side to move: `w` (also when left out) or `b`.
fn side(field: Option<&str>) -> Result<Color, ParseFenError> {
    Ok(match field.unwrap_or("w") {
        "w" => Color::White,
        "b" => Color::Black,
        other => return err(FenField::Side, format!("`{other}`; expected `w` or `b`")),
    })
}

/// The castling field, then which pieces count as unmoved: those it
/// grants, pieces with first-move powers, less those `moved:` names.
fn castling(
    rules: &Rules,
    pos: &mut Position,
    field: Option<&str>,
    moved_list: Option<&str>,
) -> Result<(), ParseFenError> {
    let g = rules.geometry();
    let granted = match field {
        Some(castling) => castling_grants(rules, pos, castling)?,
        None => SquareSet::EMPTY,
    };
    for sq in granted.iter() {
        pos.set_unmoved(rules, sq, true);
    }
    if rules.kinds().uses_unmoved {
        // Pieces with initial-only moves count as unmoved (pawns only on
        // their double-step ranks), except castling pieces, whose state
        // the castling field gives, and those the `moved:` field names.
        let mut moved = SquareSet::EMPTY;
        if let Some(text) = moved_list {
            for name in text["moved:".len()..].split(',') {
                let Some(sq) = g.parse_square(name) else {
                    return err(
                        FenField::Moved,
                        format!("`{name}` in `{text}` is not a square"),
                    );
                };
                if !default_unmoved(rules, pos).contains(sq) && !granted.contains(sq) {
                    return err(
                        FenField::Moved,
                        format!(
                            "`{text}`: the piece on {name} would not count as unmoved anyway; name only pieces with first-move powers or that the castling field names"
                        ),
                    );
                }
                moved.insert(sq);
            }
        }
        for sq in default_unmoved(rules, pos).iter() {
            pos.set_unmoved(rules, sq, true);
        }
        for sq in moved.iter() {
            pos.set_unmoved(rules, sq, false);
        }
    } else if let Some(text) = moved_list {
        // Only a square the castling field names may be named.
        for name in text["moved:".len()..].split(',') {
            match g.parse_square(name) {
                Some(sq) if granted.contains(sq) => {
                    pos.set_unmoved(rules, sq, false);
                }
                Some(_) => {
                    return err(
                        FenField::Moved,
                        format!(
                            "`{text}`: the piece on {name} would not count as unmoved anyway; name only pieces that the castling field names"
                        ),
                    );
                }
                None => {
                    return err(
                        FenField::Moved,
                        format!("`{name}` in `{text}` is not a square"),
                    );
                }
            }
        }
    }
    Ok(())
}

/// `unmoved:e1`: pieces unmoved though nothing else says so.
fn unmoved(rules: &Rules, pos: &mut Position, text: &str) -> Result<(), ParseFenError> {
    let g = rules.geometry();
    for name in text["unmoved:".len()..].split(',') {
        let Some(sq) = g.parse_square(name) else {
            return err(
                FenField::Unmoved,
                format!("`{name}` in `{text}` is not a square"),
            );
        };
        if pos.is_empty(sq) {
            return err(
                FenField::Unmoved,
                format!("`{text}`: there is no piece on {name}"),
            );
        }
        if pos.unmoved().contains(sq) {
            return err(
                FenField::Unmoved,
                format!("`{text}`: the piece on {name} counts as unmoved anyway"),
            );
        }
        pos.set_unmoved(rules, sq, true);
    }
    Ok(())
}

/// The en passant field: `e3`, or `e3d4` naming the pawn that passed e3
/// (a Berolina pawn's double step passes a square diagonally behind it),
/// also read as `d4e3`.
fn en_passant(rules: &Rules, pos: &mut Position, ep: &str) -> Result<(), ParseFenError> {
    let g = rules.geometry();
    // `e3`, or `e3d4` naming the pawn that passed e3 too (a Berolina
    // pawn's double step passes a square diagonally behind it).
    let split = ep
        .char_indices()
        .skip(1)
        .find(|(_, c)| c.is_ascii_alphabetic())
        .map_or(ep.len(), |(i, _)| i);
    let Some(sq) = g.parse_square(&ep[..split]) else {
        return err(FenField::EnPassant, format!("`{ep}` is not a square"));
    };
    let named = if split < ep.len() {
        match g.parse_square(&ep[split..]) {
            Some(v) => Some(v),
            None => {
                return err(
                    FenField::EnPassant,
                    format!("`{}` in `{ep}` is not a square", &ep[split..]),
                );
            }
        }
    } else {
        None
    };
    // The two squares may come the other way round, the pawn first
    // (`c5d6`, as Fairy-Stockfish writes some Berolina positions).
    let (sq, named) = match named {
        Some(v) if !pos.is_empty(sq) && pos.is_empty(v) => (v, Some(sq)),
        other => (sq, other),
    };
    // The pawn that just moved passed `sq`: it stands one step further
    // in its own forward direction (straight ahead, or diagonally for
    // a Berolina pawn when the field does not name it).
    let mover = !pos.side();
    let forward = if mover == Color::White { 1 } else { -1 };
    let pawn_of_mover = |v: Square| {
        pos.piece_at(v)
            .is_some_and(|p| p.color == mover && rules.is_pawn(p.kind))
    };
    let candidates: Vec<Square> = [0, -1, 1]
        .iter()
        .filter_map(|&df| g.offset(sq, df, forward))
        .filter(|&v| pawn_of_mover(v))
        .collect();
    let victim = match named {
        Some(v) if candidates.contains(&v) => v,
        Some(v) => {
            return err(
                FenField::EnPassant,
                format!(
                    "no {} pawn on {} stands one step past {}",
                    mover.name(),
                    g.name(v),
                    g.name(sq)
                ),
            );
        }
        None => match candidates[..] {
            [] => {
                return err(
                    FenField::EnPassant,
                    format!("no {} pawn stands just past {ep}", mover.name()),
                );
            }
            [v, ..] if g.file(v) == g.file(sq) => v,
            [v] => v,
            _ => {
                return err(
                    FenField::EnPassant,
                    format!(
                        "two {} pawns stand just past {ep}: name the one that moved, like `{ep}{}`",
                        mover.name(),
                        g.name(candidates[0])
                    ),
                );
            }
        },
    };
    if !pos.is_empty(sq) {
        return err(FenField::EnPassant, format!("{} is not empty", g.name(sq)));
    }
    // Keep it only when a pawn could take (so equal positions hash equal).
    let capturable = pos.en_passant_possible(rules, sq, pos.side());
    if capturable && rules.pawns().en_passant {
        pos.set_ep(rules, Some((sq, victim)));
    }
    Ok(())
}

/// `swap:d4f4`: a swap of two enemies just made, which may not be swapped
/// straight back.
fn swap_ban(rules: &Rules, pos: &mut Position, text: &str) -> Result<(), ParseFenError> {
    let g = rules.geometry();
    let squares = &text["swap:".len()..];
    let split = squares
        .char_indices()
        .skip(1)
        .find(|(_, c)| c.is_ascii_alphabetic())
        .map(|(i, _)| i);
    let pair = split.and_then(|i| {
        Some((
            g.parse_square(&squares[..i])?,
            g.parse_square(&squares[i..])?,
        ))
    });
    let Some((a, b)) = pair else {
        return err(
            FenField::SwapBan,
            format!("`{text}`: expected two squares, like `swap:d4f4`"),
        );
    };
    let banned = |p: Piece| rules.kinds().no_swap_back.contains(p.kind);
    match (pos.piece_at(a), pos.piece_at(b)) {
        (Some(x), Some(y)) if x.color != y.color && banned(x) && banned(y) => {
            pos.set_swap_back(Some((a, b)));
        }
        _ => {
            return err(
                FenField::SwapBan,
                format!(
                    "`{text}`: a swap ban needs pieces of both sides on {} and {}, of kinds that may not swap back (`no_swap_back`)",
                    g.name(a),
                    g.name(b)
                ),
            );
        }
    }
    Ok(())
}

/// `placing`: markers are still being placed.
fn placing(rules: &Rules, pos: &mut Position) -> Result<(), ParseFenError> {
    match &rules.markers() {
        Some(m) if pos.markers().len < m.count => pos.set_stage(crate::position::Stage::Setup),
        Some(m) => {
            return err(
                FenField::Markers,
                format!("`placing`, but all {} markers lie on the board", m.count),
            );
        }
        None => return err(FenField::Markers, "`placing`: this variant has no markers"),
    }
    Ok(())
}

/// `roll:3`: the die, where a dice mutator is on.
fn roll(rules: &Rules, pos: &mut Position, text: &str) -> Result<(), ParseFenError> {
    let faces = rules.masks().dice_faces;
    let n = text["roll:".len()..].parse::<u8>().ok();
    if rules.masks().dice.is_empty() {
        return err(
            FenField::Roll,
            format!("`{text}`: {} rolls no die", rules.name()),
        );
    }
    if !pos.active().intersects(rules.masks().dice) || pos.stage() != crate::position::Stage::Play {
        return err(
            FenField::Roll,
            format!("`{text}`: no die is rolled here (its mutator is off)"),
        );
    }
    match n {
        Some(n) if (1..=faces).contains(&n) => pos.set_roll(Some(n)),
        _ => {
            return err(
                FenField::Roll,
                format!("`{text}`: the die shows a number from 1 to {faces}"),
            );
        }
    }
    Ok(())
}

/// `passed:1`: the turns passed in a row just before, where passing is
/// allowed (`1` or `2`).
fn passed(rules: &Rules, pos: &mut Position, text: &str) -> Result<(), ParseFenError> {
    if !rules.passing() {
        return err(
            FenField::Passed,
            format!("`{text}`: {} has no passing", rules.name()),
        );
    }
    match text["passed:".len()..].parse::<u8>() {
        Ok(n @ 1..=2) => pos.set_passes(rules, n),
        _ => {
            return err(
                FenField::Passed,
                format!("`{text}`: one or two turns may have been passed in a row"),
            );
        }
    }
    Ok(())
}

/// `state:charged=12,count=3`: the numbers of the script's state that
/// are not 0, by the names the variant's `state` list gives them.
fn state(rules: &Rules, pos: &mut Position, text: &str) -> Result<(), ParseFenError> {
    let names = rules.script().as_ref().map_or(&[][..], |s| &s.state[..]);
    if names.is_empty() {
        return err(
            FenField::State,
            format!("`{text}`: {} keeps no script state", rules.name()),
        );
    }
    let mut seen = [false; crate::rules::MAX_STATE];
    for item in text["state:".len()..].split(',') {
        let Some((name, value)) = item.split_once('=') else {
            return err(
                FenField::State,
                format!("`{item}`: write each number as NAME=VALUE, like `state:charged=12`"),
            );
        };
        let Some(slot) = names.iter().position(|n| n == name) else {
            return err(
                FenField::State,
                format!(
                    "`{name}` is no state of {} (it keeps {})",
                    rules.name(),
                    names.join(", ")
                ),
            );
        };
        let Ok(value) = value.parse::<i32>() else {
            return err(
                FenField::State,
                format!("`{item}`: the value of `{name}` is a whole number that fits 32 bits"),
            );
        };
        if std::mem::replace(&mut seen[slot], true) {
            return err(FenField::State, format!("`{name}` is given twice"));
        }
        pos.set_state(rules, slot, value);
    }
    Ok(())
}

/// `last:e2e4`: the squares of the last move, where the variant's script
/// reads it.
fn last_move(rules: &Rules, pos: &mut Position, text: &str) -> Result<(), ParseFenError> {
    if !crate::position::hashes_last_move(rules) {
        return err(
            FenField::LastMove,
            format!(
                "`{text}`: no rule of {} asks for the last move",
                rules.name()
            ),
        );
    }
    let g = rules.geometry();
    let body = &text["last:".len()..];
    let squares = (1..body.len())
        .filter(|&i| body.is_char_boundary(i))
        .find_map(|i| Some((g.parse_square(&body[..i])?, g.parse_square(&body[i..])?)));
    match squares {
        Some(pair) => {
            pos.set_last_move(rules, Some(pair));
            Ok(())
        }
        None => err(
            FenField::LastMove,
            format!("`{text}`: write the last move's two squares, like `last:e2e4`"),
        ),
    }
}

/// A move counter (`0` to [`MAX_COUNTER`]).
fn counter(text: &str, field: FenField) -> Result<u32, ParseFenError> {
    match text.parse::<u32>() {
        Ok(n) if n <= MAX_COUNTER => Ok(n),
        _ if !text.is_empty() && text.bytes().all(|b| b.is_ascii_digit()) => {
            err(field, format!("`{text}` is more than {MAX_COUNTER}"))
        }
        _ => err(field, format!("`{text}` is not a number")),
    }
}

/// Reads `pending:e8`: the side to move's pawn on its last rank, pushed
/// there by the opponent, whose promotion its owner chooses first.
fn read_pending(rules: &Rules, pos: &mut Position, text: &str) -> Result<(), ParseFenError> {
    let err = |reason: String| {
        Err(ParseFenError {
            field: FenField::Pending,
            message: reason,
        })
    };
    if rules.masks().pushes.is_empty() {
        return err(format!("`{text}`: {} pushes no pawns", rules.name()));
    }
    let name = &text["pending:".len()..];
    let Some(square) = rules.geometry().parse_square(name) else {
        return err(format!("`{text}`: `{name}` is not a square of the board"));
    };
    let side = pos.side();
    let pawn = pos
        .piece_at(square)
        .is_some_and(|p| p.color == side && rules.is_pawn(p.kind));
    if !pawn || !rules.pawns().promotion_zone[side].contains(square) {
        return err(format!(
            "`{text}`: a pending promotion needs a pawn of the side to move ({}) on its last rank there",
            side.name()
        ));
    }
    pos.set_pending(
        rules,
        Some(crate::position::Pending {
            choice: 0,
            color: side,
            square,
        }),
    );
    Ok(())
}

/// Reads the marker field into `pos` and puts every piece in its form
/// under the active set the faces give.
fn read_markers(rules: &Rules, pos: &mut Position, text: &str) -> Result<(), ParseFenError> {
    let g = rules.geometry();
    let inner = &text[1..text.len() - 1];
    if rules.mutators().is_empty() && !inner.trim().is_empty() {
        return err(
            FenField::Markers,
            format!("`{text}`: this variant has no mutators"),
        );
    }
    let names = || {
        rules
            .mutators()
            .iter()
            .map(|m| m.name.as_str())
            .collect::<Vec<_>>()
            .join(", ")
    };
    for entry in inner.split_whitespace() {
        let bad = |why: String| err(FenField::Markers, format!("`{entry}`: {why}"));
        let Some((square, rest)) = entry.split_once(':') else {
            return bad(
                "expected a square, `:`, a mutator and `+` or `-`, like `a4:rider-`".into(),
            );
        };
        let Some(sq) = g.parse_square(square) else {
            return bad(format!("`{square}` is not a square"));
        };
        let (name, up) = match (rest.strip_suffix('+'), rest.strip_suffix('-')) {
            (Some(n), _) => (n, true),
            (_, Some(n)) => (n, false),
            _ => return bad("end with `+` (active face up) or `-` (crossed out)".into()),
        };
        let Some(mutator) = rules.mutator_named(name) else {
            return bad(format!("no mutator `{name}` (mutators: {})", names()));
        };
        let m = pos.markers();
        if m.at(sq).is_some() {
            return bad(format!("a second marker on {square}"));
        }
        if m.holds(mutator) {
            return bad(format!("a second marker of `{name}`"));
        }
        let most = m.squares.len();
        if !pos.add_marker(rules, sq, mutator, up) {
            return bad(format!("at most {most} markers"));
        }
    }
    pos.take_forms(rules);
    Ok(())
}

/// Rejects positions the rules cannot continue from.
fn validate(rules: &Rules, pos: &Position) -> Result<(), ParseFenError> {
    let g = rules.geometry();
    let units = g
        .squares()
        .flat_map(|sq| pos.units_at(sq).into_iter().flatten().map(move |p| (sq, p)));
    for (sq, p) in units {
        if rules.is_pawn(p.kind)
            && rules.pawns().promotion_zone[p.color].contains(sq)
            && !rules.pawns().optional_zone[p.color].contains(sq)
            && !rules.promotion_choices(p).is_empty()
            && pos.pending().is_none_or(|w| w.square != sq)
        {
            return err(
                FenField::Position,
                format!(
                    "a {} pawn stands on its promotion square {}",
                    p.color.name(),
                    g.name(sq)
                ),
            );
        }
    }
    // Where captures explode, a side whose royal was blown up has lost,
    // whatever still attacks the winner's.
    // While markers are placed, White moves first once play begins.
    let mover = if pos.stage() == crate::position::Stage::Setup {
        Color::White
    } else {
        pos.side()
    };
    let game_over = !rules.masks().explode.is_empty() && pos.royals(mover).is_empty();
    if !game_over && in_check(rules, pos, !mover) {
        let sq: Vec<Square> = pos
            .royals(!mover)
            .iter()
            .filter(|&s| is_attacked(rules, pos, s, mover))
            .collect();
        let names: Vec<String> = sq.iter().map(|&s| g.name(s)).collect();
        let when = if pos.stage() == crate::position::Stage::Setup {
            " (white moves first once the markers are placed)"
        } else {
            ""
        };
        return err(
            FenField::Position,
            format!(
                "{} is not to move but its royal piece on {} is attacked{when}",
                (!mover).name(),
                names.join(", ")
            ),
        );
    }
    Ok(())
}

/// The squares a castling field marks as unmoved: both squares of every
/// rule a letter names whose pieces stand in place (the king square holding
/// a royal piece of the side, any piece where the variant has no royals;
/// the partner square a piece of the side). Several rules may share a
/// letter (kings on different files): the letter grants all those in
/// place.
pub(super) fn castling_grants(
    rules: &Rules,
    pos: &Position,
    field: &str,
) -> Result<SquareSet, ParseFenError> {
    let g = rules.geometry();
    let mut granted = SquareSet::EMPTY;
    if field == "-" {
        return Ok(granted);
    }
    let gating = rules.drops().as_ref().filter(|d| d.gating);
    for c in field.chars() {
        let color = if c.is_ascii_uppercase() {
            Color::White
        } else {
            Color::Black
        };
        let lc = c.to_ascii_lowercase();
        let named: Vec<_> = rules.castling()[color]
            .iter()
            .filter(|r| match lc {
                'k' => r.king_side,
                'q' => !r.king_side,
                // With gating, a file letter names a gate, except the
                // partner of a rule with free starts (Shredder-FEN).
                f => file_char(g.file(r.partner_from)) == f && (gating.is_none() || r.free),
            })
            .collect();
        // A gate, or a first-move right: the side's piece on that file
        // that no castling rule the letter names can use.
        let gate = (!matches!(lc, 'k' | 'q'))
            .then(|| {
                lettered_squares(rules, pos, color)
                    .iter()
                    .find(|&sq| file_char(g.file(sq)) == lc)
            })
            .flatten();
        if named.is_empty()
            && let Some(sq) = gate
        {
            granted.insert(sq);
            continue;
        }
        if named.is_empty() {
            return err(
                FenField::Castling,
                format!("`{c}` names no castling rule of {}", rules.name()),
            );
        }
        let fitting: Vec<&crate::rules::CastleRule> = named
            .iter()
            .copied()
            .filter(|r| rule_in_place(rules, pos, color, r))
            .collect();
        // Of rules with free starts, `K` and `Q` name the outermost partner.
        let reach =
            |r: &crate::rules::CastleRule| g.file(r.partner_from).abs_diff(g.file(r.king_from));
        let fitting: Vec<&crate::rules::CastleRule> = if matches!(lc, 'k' | 'q') {
            fitting
                .iter()
                .copied()
                .filter(|r| {
                    !r.free
                        || !fitting
                            .iter()
                            .any(|o| o.free && o.king_from == r.king_from && reach(o) > reach(r))
                })
                .collect()
        } else {
            fitting
        };
        if fitting.is_empty()
            && let Some(sq) = gate
        {
            granted.insert(sq);
            continue;
        }
        if fitting.is_empty() {
            let rule = named[0];
            if rule.free {
                return err(
                    FenField::Castling,
                    format!(
                        "`{c}` needs an unmoved {} royal piece and a {} {} beyond it on its rank",
                        color.name(),
                        color.name(),
                        rule.partner_piece
                            .map_or("piece", |k| rules.pieces()[k.index()].name.as_str()),
                    ),
                );
            }
            // The kinds the rule names, where it names them.
            let kind = |k: Option<crate::PieceKind>, or: &str| -> String {
                k.map_or_else(
                    || or.to_string(),
                    |k| rules.pieces()[k.index()].name.clone(),
                )
            };
            // Several rules may share the letter (kings on several files).
            let mut squares: Vec<Square> = named.iter().map(|r| r.king_from).collect();
            squares.sort_by_key(|&s| (g.rank(s), g.file(s)));
            squares.dedup();
            let mut starts: Vec<String> = squares.into_iter().map(|s| g.name(s)).collect();
            let last = starts.pop().unwrap_or_default();
            let starts = if starts.is_empty() {
                last
            } else {
                format!("{} or {last}", starts.join(", "))
            };
            return err(
                FenField::Castling,
                format!(
                    "`{c}` needs a {} {} on {} and a {} {} on {}",
                    color.name(),
                    kind(rule.king_piece, "royal piece"),
                    starts,
                    color.name(),
                    kind(rule.partner_piece, "piece"),
                    g.name(rule.partner_from)
                ),
            );
        }
        for rule in fitting {
            granted.insert(rule.king_from);
            granted.insert(rule.partner_from);
        }
    }
    Ok(granted)
}

/// Do the pieces of `color`'s castling rule `r` stand in place: the king
/// square holding the side's royal piece (any piece where the variant
/// has no royals), the partner square a piece of the side, each of the
/// kind the rule names, if it names one?
pub(super) fn rule_in_place(
    rules: &Rules,
    pos: &Position,
    color: Color,
    r: &crate::rules::CastleRule,
) -> bool {
    let any_royal = rules.pieces().iter().any(|p| p.royal);
    let of = |sq, kind: Option<crate::PieceKind>| {
        pos.piece_at(sq)
            .is_some_and(|p| p.color == color && kind.is_none_or(|k| p.kind == k))
    };
    pos.piece_at(r.king_from)
        .is_some_and(|p| rules.is_royal(p.kind) || !any_royal)
        && of(r.king_from, r.king_piece)
        && of(r.partner_from, r.partner_piece)
}

/// The squares of `color` whose unmoved state the castling field may
/// name by a file letter: with gating, its pieces on the gating squares;
/// with `initial_rights = castling_field`, its pieces with first-move
/// powers on its first rank.
pub(super) fn lettered_squares(rules: &Rules, pos: &Position, color: Color) -> SquareSet {
    let own = pos.occupied(color);
    let mut set = SquareSet::EMPTY;
    if let Some(d) = rules.drops().as_ref().filter(|d| d.gating) {
        set = d.zone[color].and(&own);
    }
    if rules.rights_in_castling_field() {
        let g = rules.geometry();
        let rank = if color == Color::White {
            0
        } else {
            g.height - 1
        };
        for sq in own.iter() {
            if g.rank(sq) == rank as i32
                && pos.piece_at(sq).is_some_and(|p| {
                    !rules.is_pawn(p.kind) && rules.kinds().tracks_unmoved[p.kind.index()]
                })
            {
                set.insert(sq);
            }
        }
    }
    set
}

/// The squares whose pieces a FEN counts as unmoved unless its `moved:`
/// field names them: pieces with first-move powers (pawns only on their
/// double-step ranks), castling squares aside.
pub(super) fn default_unmoved(rules: &Rules, pos: &Position) -> SquareSet {
    let castling = castling_squares(rules);
    pos.pieces()
        .filter(|&(sq, p)| {
            rules.kinds().tracks_unmoved[p.kind.index()]
                && !castling.contains(sq)
                && (!rules.rights_in_castling_field() || rules.is_pawn(p.kind))
                && (!rules.is_pawn(p.kind) || rules.pawns().double_step_zone[p.color].contains(sq))
        })
        .map(|(sq, _)| sq)
        .collect()
}

/// The squares the castling rules start from, both sides'.
pub(super) fn castling_squares(rules: &Rules) -> SquareSet {
    Color::ALL
        .iter()
        .flat_map(|&c| {
            rules.castling()[c]
                .iter()
                .flat_map(|r| [r.king_from, r.partner_from])
        })
        .collect()
}

/// One side's reserve: pieces in drop order, `-` for used ones, which
/// may only stand before the first piece held (dropped) or after the last
/// (taken by promotions).
fn parse_reserve(
    rules: &Rules,
    text: &str,
    color: Color,
) -> Result<crate::board::Reserve, ParseFenError> {
    let mut slots: Vec<Option<Piece>> = Vec::new();
    let mut rest = text;
    while !rest.is_empty() {
        if let Some(r) = rest.strip_prefix('-') {
            slots.push(None);
            rest = r;
            continue;
        }
        let (piece, len) = piece_token(rules, rest).map_err(|e| ParseFenError {
            field: FenField::Reserves,
            ..e
        })?;
        if piece.color != color {
            return err(
                FenField::Reserves,
                format!("{}'s reserve holds a piece of the other side", color.name()),
            );
        }
        slots.push(Some(piece));
        rest = &rest[len..];
    }
    if slots.len() > crate::board::RESERVE_SLOTS {
        return err(
            FenField::Reserves,
            format!(
                "a reserve holds at most {} pieces",
                crate::board::RESERVE_SLOTS
            ),
        );
    }
    let front = slots.iter().take_while(|s| s.is_none()).count();
    let back = slots.len() - slots.iter().rev().take_while(|s| s.is_none()).count();
    let back = back.max(front);
    if slots[front..back].iter().any(Option::is_none) {
        return err(
            FenField::Reserves,
            "a used place (`-`) may only come before or after the pieces still held",
        );
    }
    let mut r = crate::board::Reserve::default();
    for (i, p) in slots.iter().enumerate() {
        r.pieces[i] = *p;
    }
    r.front = front as u8;
    r.back = back as u8;
    r.len = slots.len() as u8;
    Ok(r)
}
