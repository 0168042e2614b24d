//! FEN import and export.
//!
//! Standard FEN (`board side castling ep halfmove fullmove`; the two
//! counters may be omitted) with these extensions:
//!
//! * ranks and files beyond 8 and 9+ empty squares: multi-digit numbers
//!   (`10/10/...` on a 10-wide board), ranks listed top first as usual;
//! * piece codes longer than one letter in braces: `{Sissa}` for White,
//!   `{sissa}` for Black;
//! * a promoted marker `~` after a piece is accepted (crazyhouse-style);
//! * hands (pockets) in brackets after the board: `.../RNBQKBNR[Qn]`;
//! * stacks, in variants with `capacity = 2`: a square holding two units
//!   is written as a parenthesised group, lower unit first, e.g. `(RN)`
//!   for a White rook with a White knight on top, `(Rn)` for a square
//!   shared by a White rook and a Black knight; `(R)` is the same as `R`;
//! * castling as `KQkq` (by side of the partner) or X-FEN file letters
//!   (`HAha`), each naming one of the variant's castling rules.

use crate::board::{Color, Piece, Square, SquareSet};
use crate::movegen::{in_check, is_attacked};
use crate::position::Position;
use crate::rules::{Rules, file_char};
use std::fmt;

/// The FEN field an error is in.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FenField {
    /// Piece placement.
    Board,
    /// Hands in brackets.
    Pockets,
    /// Reserve boards in angle brackets.
    Reserves,
    /// Side to move.
    Side,
    /// Castling rights.
    Castling,
    /// En-passant square.
    EnPassant,
    /// Half-move clock.
    Halfmove,
    /// Full-move number.
    Fullmove,
    /// The swap that may not be undone at once (`swap:d4f4`).
    SwapBan,
    /// Pieces that would count as unmoved where they stand but have
    /// moved (`moved:c2,f7`).
    Moved,
    /// Pieces that have not moved although neither the castling field
    /// nor their kind says so (`unmoved:e1`).
    Unmoved,
    /// Mutator markers and their faces (`{a4:rider+ h5:cannon-}`).
    Markers,
    /// The die rolled for the side to move (`roll:3`).
    Roll,
    /// The side to move's pawn pushed onto its last rank, waiting for its
    /// promotion (`pending:e8`).
    Pending,
    /// The position as a whole (e.g. the side not to move is in check).
    Position,
}

impl fmt::Display for FenField {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            FenField::Board => "board",
            FenField::Pockets => "pockets",
            FenField::Reserves => "reserves",
            FenField::Side => "side to move",
            FenField::Castling => "castling",
            FenField::EnPassant => "en passant",
            FenField::Halfmove => "half-move clock",
            FenField::Fullmove => "full-move number",
            FenField::SwapBan => "swap ban",
            FenField::Moved => "moved pieces",
            FenField::Unmoved => "unmoved pieces",
            FenField::Markers => "markers",
            FenField::Roll => "roll",
            FenField::Pending => "pending promotion",
            FenField::Position => "position",
        })
    }
}

/// Why a FEN was rejected: the field and the reason.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParseFenError {
    /// Which field.
    pub field: FenField,
    /// What is wrong with it.
    pub message: String,
}

impl fmt::Display for ParseFenError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "invalid FEN ({}): {}", self.field, self.message)
    }
}

impl std::error::Error for ParseFenError {}

fn err<T>(field: FenField, message: impl Into<String>) -> Result<T, ParseFenError> {
    Err(ParseFenError {
        field,
        message: message.into(),
    })
}

/// Reads one piece token at the start of `s`: a letter or `{Code}`.
fn piece_token(rules: &Rules, s: &str) -> Result<(Piece, usize), ParseFenError> {
    let (token, len) = if s.starts_with('{') {
        match s.find('}') {
            Some(end) => (&s[..=end], end + 1),
            None => return err(FenField::Board, "a `{` piece code is not closed with `}`"),
        }
    } else {
        let c = s.chars().next().map_or(1, char::len_utf8);
        (&s[..c], c)
    };
    match rules.parse_piece_token(token) {
        Some((kind, color)) => Ok((Piece::new(kind, color), len)),
        None => {
            let known: Vec<String> = rules
                .pieces
                .iter()
                .map(|p| p.fen_token(Color::White))
                .collect();
            err(
                FenField::Board,
                format!(
                    "`{token}` is not a piece of {} (pieces: {})",
                    rules.name,
                    known.join(" ")
                ),
            )
        }
    }
}

/// Fills `sq` from the inside of a `(..)` group: two units in any order,
/// a composite kind's letter standing for its two units.
fn stack(rules: &Rules, pos: &mut Position, sq: Square, inner: &str) -> Result<(), ParseFenError> {
    let name = rules.geometry.name(sq);
    if rules.capacity < 2 {
        return err(
            FenField::Board,
            format!(
                "`({inner})` on {name}: stacks need a variant with `capacity = 2`; {} holds one piece per square",
                rules.name
            ),
        );
    }
    let mut units = Vec::new();
    let mut rest = inner;
    while !rest.is_empty() {
        let (piece, len) = piece_token(rules, rest)?;
        units.extend(units_of(rules, piece));
        rest = &rest[len..];
    }
    place(rules, pos, sq, &units, &format!("({inner})"))
}

/// The units `piece` stands for: itself, or a composite kind's two.
fn units_of(rules: &Rules, piece: Piece) -> Vec<Piece> {
    let units = &rules.piece(piece.kind).units;
    if units.is_empty() {
        vec![piece]
    } else {
        units.iter().map(|&k| Piece::new(k, piece.color)).collect()
    }
}

/// Puts `units`, written `text`, on the empty square `sq`: checks that the
/// square may hold them (two friendly units that are not pawns, or one of
/// each colour).
fn place(
    rules: &Rules,
    pos: &mut Position,
    sq: Square,
    units: &[Piece],
    text: &str,
) -> Result<(), ParseFenError> {
    let name = rules.geometry.name(sq);
    match units {
        [] => err(FenField::Board, format!("empty stack `()` on {name}")),
        [one] => {
            pos.put(rules, sq, *one);
            Ok(())
        }
        [a, b] => {
            if a.color == b.color && (rules.is_pawn(a.kind) || rules.is_pawn(b.kind)) {
                return err(
                    FenField::Board,
                    format!(
                        "`{text}` on {name}: a pawn never shares a square with a friendly unit"
                    ),
                );
            }
            if pos.set_units(rules, sq, &[*a, *b]) {
                Ok(())
            } else {
                err(
                    FenField::Board,
                    format!(
                        "too many stacks at {name}: a position holds at most {}",
                        crate::position::MAX_STACKS
                    ),
                )
            }
        }
        _ => err(
            FenField::Board,
            format!(
                "`{text}` on {name}: {} units, but a square holds at most {}",
                units.len(),
                rules.capacity
            ),
        ),
    }
}

/// How a square's contents are written: a piece's token, a composite
/// kind's letter for its two units, or the two units in parentheses.
pub fn cell_token(rules: &Rules, pos: &Position, sq: Square) -> Option<String> {
    let token = |p: Piece| rules.piece(p.kind).fen_token(p.color);
    match pos.units_at(sq) {
        [None, _] => None,
        [Some(a), None] => Some(token(a)),
        [Some(a), Some(b)] => Some(match rules.composite_of(a, b) {
            Some(k) => rules.piece(k).fen_token(a.color),
            None => format!("({}{})", token(a), token(b)),
        }),
    }
}

/// Parses a FEN for `rules` into a validated position.
///
/// # Errors
///
/// The first problem found, naming the field.
pub fn parse_fen(rules: &Rules, text: &str) -> Result<Position, ParseFenError> {
    let g = rules.geometry;
    let mut fields: Vec<&str> = text.split_whitespace().collect();
    if fields.is_empty() {
        return err(FenField::Board, "empty FEN");
    }
    // Markers, after the board: `{a4:rider+ h5:cannon-}` (it may hold
    // spaces, so it is taken out before the fields are counted).
    let mut marker_text = None;
    if let Some(open) = fields
        .iter()
        .skip(1)
        .position(|f| f.starts_with('{'))
        .map(|i| i + 1)
    {
        let Some(close) = (open..fields.len()).find(|&i| fields[i].ends_with('}')) else {
            return err(
                FenField::Markers,
                "the marker field `{` is not closed with `}`",
            );
        };
        marker_text = Some(fields[open..=close].join(" "));
        fields.drain(open..=close);
    }
    // Tagged fields may follow the six: `swap:d4f4` names the squares of a
    // swap of two enemies just made, which may not be swapped straight
    // back; `moved:c2,f7` names pieces that have moved although they stand
    // where a piece counts as unmoved (a pawn swapped onto its second
    // rank under `double_step = unmoved`).
    let mut swap_ban = None;
    let mut moved_list = None;
    let mut unmoved_list = None;
    let mut roll_text = None;
    let mut pending_text = None;
    let mut placing = false;
    for &f in fields.iter().skip(6) {
        if f == "placing" {
            placing = true;
            continue;
        }
        let slot = if f.starts_with("swap:") {
            &mut swap_ban
        } else if f.starts_with("moved:") {
            &mut moved_list
        } else if f.starts_with("unmoved:") {
            &mut unmoved_list
        } else if f.starts_with("roll:") {
            &mut roll_text
        } else if f.starts_with("pending:") {
            &mut pending_text
        } else {
            return err(
                FenField::Position,
                format!(
                    "`{f}`: a FEN has six fields, and after them only `swap:` (a swap ban like `swap:d4f4`), `moved:` (like `moved:c2,f7`), `unmoved:` (like `unmoved:e1`), `roll:` (the die, like `roll:3`), `pending:` (a pushed pawn awaiting promotion, like `pending:e8`), `placing` or markers (like `{{a4:rider-}}`)"
                ),
            );
        };
        if slot.replace(f).is_some() {
            return err(
                FenField::Position,
                format!("`{f}`: that field is given twice"),
            );
        }
    }
    let mut pos = Position::empty();
    // Reserve boards last: `<W/B>`, each in drop order, `-` for a piece
    // already used (dropped from the front, promoted from the back).
    let (placement, reserves) = match fields[0].find('<') {
        Some(i) => {
            let Some(inner) = fields[0][i + 1..].strip_suffix('>') else {
                return err(FenField::Reserves, "`<` is not closed with `>`");
            };
            (&fields[0][..i], Some(inner))
        }
        None => (fields[0], None),
    };
    let (board, pockets) = match placement.find('[') {
        Some(i) => {
            let rest = &placement[i + 1..];
            let Some(inner) = rest.strip_suffix(']') else {
                return err(FenField::Pockets, "`[` is not closed with `]`");
            };
            (&placement[..i], Some(inner))
        }
        None => (placement, None),
    };
    let ranks: Vec<&str> = board.split('/').collect();
    if ranks.len() != g.height as usize {
        return err(
            FenField::Board,
            format!("{} ranks; the board has {}", ranks.len(), g.height),
        );
    }
    for (i, rank_text) in ranks.iter().enumerate() {
        let rank = g.height as i32 - 1 - i as i32;
        let mut file = 0i32;
        let mut rest = *rank_text;
        while !rest.is_empty() {
            let c = rest.chars().next().expect("rest is not empty");
            if c.is_ascii_digit() {
                let n_len = rest.bytes().take_while(u8::is_ascii_digit).count();
                let n: i32 = rest[..n_len].parse().unwrap_or(i32::MAX);
                if n == 0 {
                    return err(
                        FenField::Board,
                        format!("rank {}: 0 empty squares", rank + 1),
                    );
                }
                file = file.saturating_add(n);
                rest = &rest[n_len..];
            } else if c == '~' {
                // The piece before came from a promotion.
                if rules.tracks_promoted
                    && let Some(sq) = g.square(file - 1, rank)
                    && !pos.is_empty(sq)
                {
                    pos.promoted.insert(sq);
                }
                rest = &rest[1..];
            } else if c == '(' {
                let Some(end) = rest.find(')') else {
                    return err(FenField::Board, "a `(` stack is not closed with `)`");
                };
                let Some(sq) = g.square(file, rank) else {
                    return err(
                        FenField::Board,
                        format!("rank {} has more than {} squares", rank + 1, g.width),
                    );
                };
                stack(rules, &mut pos, sq, &rest[1..end])?;
                file += 1;
                rest = &rest[end + 1..];
            } else {
                let (piece, len) = piece_token(rules, rest)?;
                let Some(sq) = g.square(file, rank) else {
                    return err(
                        FenField::Board,
                        format!("rank {} has more than {} squares", rank + 1, g.width),
                    );
                };
                place(rules, &mut pos, sq, &units_of(rules, piece), &rest[..len])?;
                file += 1;
                rest = &rest[len..];
            }
            if file > g.width as i32 {
                return err(
                    FenField::Board,
                    format!("rank {} has more than {} squares", rank + 1, g.width),
                );
            }
        }
        if file != g.width as i32 {
            return err(
                FenField::Board,
                format!(
                    "rank {} has {} squares; the board is {} wide",
                    rank + 1,
                    file,
                    g.width
                ),
            );
        }
    }
    if let Some(inner) = pockets {
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
                .pocket
                .as_ref()
                .map_or(crate::board::POCKET_SLOTS, |p| p.capacity as usize);
            if pos.pockets[piece.color].len() >= room
                || !pos.pockets[piece.color].push(piece.kind, false)
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
            if rules.is_royal(piece.kind) {
                return err(FenField::Pockets, "a royal piece cannot be in hand");
            }
            rest = &rest[len..];
        }
    }
    if let Some(inner) = reserves {
        let sides: Vec<&str> = inner.split('/').collect();
        if sides.len() != 2 {
            return err(
                FenField::Reserves,
                "expected White's and Black's reserve, split by `/`, like `<QR-/qr->`",
            );
        }
        for (color, text) in [Color::White, Color::Black].into_iter().zip(sides) {
            pos.reserves[color] = parse_reserve(rules, text, color)?;
        }
    }
    pos.side = match fields.get(1).copied().unwrap_or("w") {
        "w" => Color::White,
        "b" => Color::Black,
        other => return err(FenField::Side, format!("`{other}`; expected `w` or `b`")),
    };
    let granted = match fields.get(2) {
        Some(&castling) => castling_grants(rules, &pos, castling)?,
        None => SquareSet::EMPTY,
    };
    for sq in granted.iter() {
        pos.unmoved.insert(sq);
    }
    if rules.uses_unmoved {
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
                if !default_unmoved(rules, &pos).contains(sq) && !granted.contains(sq) {
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
        for sq in default_unmoved(rules, &pos).iter() {
            pos.unmoved.insert(sq);
        }
        for sq in moved.iter() {
            pos.unmoved.remove(sq);
        }
    } else if let Some(text) = moved_list {
        // Only a square the castling field names may be named.
        for name in text["moved:".len()..].split(',') {
            match g.parse_square(name) {
                Some(sq) if granted.contains(sq) => {
                    pos.unmoved.remove(sq);
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
    if let Some(text) = unmoved_list {
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
            if pos.unmoved.contains(sq) {
                return err(
                    FenField::Unmoved,
                    format!("`{text}`: the piece on {name} counts as unmoved anyway"),
                );
            }
            pos.unmoved.insert(sq);
        }
    }
    // Pieces take their forms under the markers' active set before en
    // passant is judged.
    if let Some(text) = &marker_text {
        read_markers(rules, &mut pos, text)?;
    } else if rules.always_on != 0 {
        pos.take_forms(rules);
    }
    if let Some(&ep) = fields.get(3)
        && ep != "-"
    {
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
        // The pawn that just moved passed `sq`: it stands one step further
        // in its own forward direction (straight ahead, or diagonally for
        // a Berolina pawn when the field does not name it).
        let mover = !pos.side;
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
        let capturable = pos.en_passant_possible(rules, sq, pos.side);
        if capturable && rules.pawns.en_passant {
            pos.ep = Some(sq);
            pos.ep_victim = Some(victim);
        }
    }
    if let Some(&h) = fields.get(4) {
        pos.halfmove = counter(h, FenField::Halfmove)?;
    }
    if let Some(&f) = fields.get(5) {
        pos.fullmove = counter(f, FenField::Fullmove)?.max(1);
    }
    if let Some(text) = swap_ban {
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
        let banned = |p: Piece| rules.no_swap_back & (1u128 << p.kind.index()) != 0;
        match (pos.piece_at(a), pos.piece_at(b)) {
            (Some(x), Some(y)) if x.color != y.color && banned(x) && banned(y) => {
                pos.swap_back = Some((a, b));
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
    }
    if placing {
        match &rules.markers {
            Some(m) if pos.markers.len < m.count => pos.stage = crate::position::Stage::Setup,
            Some(m) => {
                return err(
                    FenField::Markers,
                    format!("`placing`, but all {} markers lie on the board", m.count),
                );
            }
            None => return err(FenField::Markers, "`placing`: this variant has no markers"),
        }
    }
    if let Some(text) = roll_text {
        let faces = rules.dice_faces;
        let n = text["roll:".len()..].parse::<u8>().ok();
        if rules.dice == 0 {
            return err(
                FenField::Roll,
                format!("`{text}`: {} rolls no die", rules.name),
            );
        }
        if pos.active & rules.dice == 0 || pos.stage != crate::position::Stage::Play {
            return err(
                FenField::Roll,
                format!("`{text}`: no die is rolled here (its mutator is off)"),
            );
        }
        match n {
            Some(n) if (1..=faces).contains(&n) => pos.roll = Some(n),
            _ => {
                return err(
                    FenField::Roll,
                    format!("`{text}`: the die shows a number from 1 to {faces}"),
                );
            }
        }
    }
    if let Some(text) = pending_text {
        read_pending(rules, &mut pos, text)?;
    }
    pos.rehash(rules);
    validate(rules, &pos)?;
    Ok(pos)
}

pub use crate::position::MAX_COUNTER;

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
    if rules.pushes == 0 {
        return err(format!("`{text}`: {} pushes no pawns", rules.name));
    }
    let name = &text["pending:".len()..];
    let Some(square) = rules.geometry.parse_square(name) else {
        return err(format!("`{text}`: `{name}` is not a square of the board"));
    };
    let side = pos.side;
    let pawn = pos
        .piece_at(square)
        .is_some_and(|p| p.color == side && rules.is_pawn(p.kind));
    if !pawn || !rules.pawns.promotion_zone[side].contains(square) {
        return err(format!(
            "`{text}`: a pending promotion needs a pawn of the side to move ({}) on its last rank there",
            side.name()
        ));
    }
    pos.pending = Some(crate::position::Pending {
        choice: 0,
        color: side,
        square,
    });
    Ok(())
}

/// Reads the marker field into `pos` and puts every piece in its form
/// under the active set the faces give.
fn read_markers(rules: &Rules, pos: &mut Position, text: &str) -> Result<(), ParseFenError> {
    let g = rules.geometry;
    let inner = &text[1..text.len() - 1];
    if rules.mutators.is_empty() && !inner.trim().is_empty() {
        return err(
            FenField::Markers,
            format!("`{text}`: this variant has no mutators"),
        );
    }
    let names = || {
        rules
            .mutators
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
        let m = &mut pos.markers;
        if m.at(sq).is_some() {
            return bad(format!("a second marker on {square}"));
        }
        if m.holds(mutator) {
            return bad(format!("a second marker of `{name}`"));
        }
        if m.len as usize == m.squares.len() {
            return bad(format!("at most {} markers", m.squares.len()));
        }
        let i = m.len as usize;
        m.squares[i] = sq.0;
        m.mutators[i] = mutator;
        if up {
            m.faces |= 1 << i;
        }
        m.len += 1;
    }
    pos.take_forms(rules);
    Ok(())
}

/// Rejects positions the rules cannot continue from.
fn validate(rules: &Rules, pos: &Position) -> Result<(), ParseFenError> {
    let g = rules.geometry;
    let units = g
        .squares()
        .flat_map(|sq| pos.units_at(sq).into_iter().flatten().map(move |p| (sq, p)));
    for (sq, p) in units {
        if rules.is_pawn(p.kind)
            && rules.pawns.promotion_zone[p.color].contains(sq)
            && !rules.pawns.promotion_choices.is_empty()
            && pos.pending.is_none_or(|w| w.square != sq)
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
    let mover = if pos.stage == crate::position::Stage::Setup {
        Color::White
    } else {
        pos.side
    };
    let game_over = rules.explode != 0 && pos.royals(mover).is_empty();
    if !game_over && in_check(rules, pos, !mover) {
        let sq: Vec<Square> = pos
            .royals(!mover)
            .iter()
            .filter(|&s| is_attacked(rules, pos, s, mover))
            .collect();
        let names: Vec<String> = sq.iter().map(|&s| g.name(s)).collect();
        let when = if pos.stage == crate::position::Stage::Setup {
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

/// Writes `pos` as FEN.
pub fn to_fen(rules: &Rules, pos: &Position) -> String {
    let g = rules.geometry;
    let mut s = String::new();
    for rank in (0..g.height as i32).rev() {
        let mut empty = 0;
        for file in 0..g.width as i32 {
            let sq = g.square(file, rank).expect("loop stays on the board");
            match cell_token(rules, pos, sq) {
                None => empty += 1,
                Some(token) => {
                    if empty > 0 {
                        s.push_str(&empty.to_string());
                        empty = 0;
                    }
                    s.push_str(&token);
                    if pos.promoted.contains(sq) {
                        s.push('~');
                    }
                }
            }
        }
        if empty > 0 {
            s.push_str(&empty.to_string());
        }
        if rank > 0 {
            s.push('/');
        }
    }
    if rules.pocket.is_some()
        || rules.drops_from_captures != 0
        || !pos.pockets.white.is_empty()
        || !pos.pockets.black.is_empty()
    {
        s.push('[');
        for color in Color::ALL {
            for (k, _) in pos.pockets[color].iter() {
                s.push_str(&rules.piece(k).fen_token(color));
            }
        }
        s.push(']');
    }
    let has_reserves = rules.reserve.is_some()
        || rules.random_setup.as_ref().is_some_and(|r| r.reserve > 0)
        || Color::ALL.iter().any(|&c| pos.reserves[c].len > 0);
    if has_reserves {
        s.push('<');
        for color in Color::ALL {
            if color == Color::Black {
                s.push('/');
            }
            let r = &pos.reserves[color];
            for i in 0..r.len {
                match r.pieces[i as usize] {
                    Some(p) if i >= r.front && i < r.back => {
                        s.push_str(&rules.piece(p.kind).fen_token(color));
                    }
                    _ => s.push('-'),
                }
            }
        }
        s.push('>');
    }
    s.push(' ');
    s.push(pos.side.char());
    s.push(' ');
    let any_royal = rules.pieces.iter().any(|p| p.royal);
    let mut castling = String::new();
    let mut granted = SquareSet::EMPTY;
    for color in Color::ALL {
        let list = &rules.castling[color];
        for r in list {
            // A right is written only where its pieces stand: the king
            // square holds the side's royal piece (any piece where the
            // variant has no royals), the partner square a piece of the
            // side.
            let in_place = pos
                .piece_at(r.king_from)
                .is_some_and(|p| p.color == color && (rules.is_royal(p.kind) || !any_royal))
                && pos
                    .piece_at(r.partner_from)
                    .is_some_and(|p| p.color == color);
            if in_place && pos.unmoved.contains(r.king_from) && pos.unmoved.contains(r.partner_from)
            {
                granted.insert(r.king_from);
                granted.insert(r.partner_from);
                let same_side = list.iter().filter(|o| o.king_side == r.king_side).count();
                let c = if same_side > 1 {
                    file_char(g.file(r.partner_from))
                } else if r.king_side {
                    'k'
                } else {
                    'q'
                };
                castling.push(if color == Color::White {
                    c.to_ascii_uppercase()
                } else {
                    c
                });
            }
        }
    }
    // Conventional order: K before Q within a side.
    let (mut white, mut black): (Vec<char>, Vec<char>) =
        castling.chars().partition(char::is_ascii_uppercase);
    let order = |c: &char| match c.to_ascii_lowercase() {
        'k' => 0,
        'q' => 1,
        f => 2 + (b'z' - f as u8) as i32,
    };
    white.sort_by_key(order);
    black.sort_by_key(order);
    // Rules that share a partner file share a letter.
    white.dedup();
    black.dedup();
    let castling: String = white.into_iter().chain(black).collect();
    s.push_str(if castling.is_empty() { "-" } else { &castling });
    // What a reader of the field marks unmoved: the letters may name more
    // rules than the ones in force (kings on several squares).
    let granted = castling_grants(rules, pos, &castling).unwrap_or(granted);
    s.push(' ');
    match pos.ep {
        Some(sq) => {
            s.push_str(&g.name(sq));
            // The pawn that passed it, when not straight ahead of it.
            if let Some(v) = pos.ep_victim
                && g.file(v) != g.file(sq)
            {
                s.push_str(&g.name(v));
            }
        }
        None => s.push('-'),
    }
    s.push_str(&format!(" {} {}", pos.halfmove, pos.fullmove));
    let m = &pos.markers;
    if m.len > 0 {
        let list: Vec<String> = (0..m.len as usize)
            .map(|i| {
                format!(
                    "{}:{}{}",
                    g.name(Square(m.squares[i])),
                    rules.mutators[m.mutators[i] as usize].name,
                    if m.faces >> i & 1 != 0 { '+' } else { '-' }
                )
            })
            .collect();
        s.push_str(&format!(" {{{}}}", list.join(" ")));
    }
    if pos.stage == crate::position::Stage::Setup {
        s.push_str(" placing");
    }
    if let Some((a, b)) = pos.swap_back {
        s.push_str(&format!(" swap:{}{}", g.name(a), g.name(b)));
    }
    if let Some(n) = pos.roll {
        s.push_str(&format!(" roll:{n}"));
    }
    if let Some(p) = pos.pending {
        s.push_str(&format!(" pending:{}", g.name(p.square)));
    }
    let defaults = if rules.uses_unmoved {
        default_unmoved(rules, pos)
    } else {
        SquareSet::EMPTY
    };
    let moved: Vec<String> = defaults
        .or(&granted)
        .iter()
        .filter(|&sq| !pos.unmoved.contains(sq))
        .map(|sq| g.name(sq))
        .collect();
    if !moved.is_empty() {
        s.push_str(&format!(" moved:{}", moved.join(",")));
    }
    // Unmoved pieces that neither the castling field nor their kind
    // accounts for, where that can matter: a king whose partner has
    // moved, when a piece dropped from the reserve may become its partner
    // again, and any piece whose state the position's key holds.
    let regained = rules.drops.as_ref().is_some_and(|d| d.from_reserve);
    let castling_squares: SquareSet = Color::ALL
        .iter()
        .flat_map(|&c| {
            rules.castling[c]
                .iter()
                .flat_map(|r| [r.king_from, r.partner_from])
        })
        .collect();
    let unmoved: Vec<String> = pos
        .unmoved
        .iter()
        .filter(|&sq| {
            !pos.is_empty(sq)
                && !granted.contains(sq)
                && !defaults.contains(sq)
                && (rules.unmoved_relevant.contains(sq)
                    || regained && castling_squares.contains(sq))
        })
        .map(|sq| g.name(sq))
        .collect();
    if !unmoved.is_empty() {
        s.push_str(&format!(" unmoved:{}", unmoved.join(",")));
    }
    s
}

/// The squares a castling field marks as unmoved: both squares of every
/// rule a letter names whose pieces stand in place (the king square holding
/// a royal piece of the side, any piece where the variant has no royals;
/// the partner square a piece of the side). Several rules may share a
/// letter (kings on different files): the letter grants all those in
/// place.
fn castling_grants(rules: &Rules, pos: &Position, field: &str) -> Result<SquareSet, ParseFenError> {
    let g = rules.geometry;
    let mut granted = SquareSet::EMPTY;
    if field == "-" {
        return Ok(granted);
    }
    let any_royal = rules.pieces.iter().any(|p| p.royal);
    for c in field.chars() {
        let color = if c.is_ascii_uppercase() {
            Color::White
        } else {
            Color::Black
        };
        let lc = c.to_ascii_lowercase();
        let named: Vec<_> = rules.castling[color]
            .iter()
            .filter(|r| match lc {
                'k' => r.king_side,
                'q' => !r.king_side,
                f => file_char(g.file(r.partner_from)) == f,
            })
            .collect();
        if named.is_empty() {
            return err(
                FenField::Castling,
                format!("`{c}` names no castling rule of {}", rules.name),
            );
        }
        let own = |sq| pos.piece_at(sq).is_some_and(|p| p.color == color);
        let royal = |sq| {
            pos.piece_at(sq)
                .is_some_and(|p| p.color == color && (rules.is_royal(p.kind) || !any_royal))
        };
        let fitting: Vec<_> = named
            .iter()
            .filter(|r| royal(r.king_from) && own(r.partner_from))
            .collect();
        if fitting.is_empty() {
            let rule = named[0];
            return err(
                FenField::Castling,
                format!(
                    "`{c}` needs a {} royal piece on {} and a {} piece on {}",
                    color.name(),
                    g.name(rule.king_from),
                    color.name(),
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

/// The squares whose pieces a FEN counts as unmoved unless its `moved:`
/// field names them: pieces with first-move powers (pawns only on their
/// double-step ranks), castling squares aside.
fn default_unmoved(rules: &Rules, pos: &Position) -> SquareSet {
    let castling: SquareSet = Color::ALL
        .iter()
        .flat_map(|&c| {
            rules.castling[c]
                .iter()
                .flat_map(|r| [r.king_from, r.partner_from])
        })
        .collect();
    pos.pieces()
        .filter(|&(sq, p)| {
            rules.tracks_unmoved[p.kind.index()]
                && !castling.contains(sq)
                && (!rules.is_pawn(p.kind) || rules.pawns.double_step_zone[p.color].contains(sq))
        })
        .map(|(sq, _)| sq)
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
