//! The placement field: ranks of pieces, stacks and promoted marks.

use super::{FenField, ParseFenError, err};
use crate::board::{Color, Piece, Square};
use crate::position::Position;
use crate::rules::Rules;

/// Reads the placement field onto the empty `pos`.
pub(super) fn placement(
    rules: &Rules,
    pos: &mut Position,
    board: &str,
) -> Result<(), ParseFenError> {
    let g = rules.geometry();
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
            } else if c == '*' {
                let Some(sq) = g.square(file, rank) else {
                    return err(
                        FenField::Board,
                        format!("rank {} has more than {} squares", rank + 1, g.width),
                    );
                };
                if !rules.walls().contains(sq) {
                    return err(
                        FenField::Board,
                        format!(
                            "`*` (a wall) on {}, which is not one of this variant's walls",
                            g.name(sq)
                        ),
                    );
                }
                file += 1;
                rest = &rest[1..];
            } else if c == '~' {
                // The piece before came from a promotion.
                if rules.masks().tracks_promoted
                    && let Some(sq) = g.square(file - 1, rank)
                    && !pos.is_empty(sq)
                {
                    pos.set_promoted(rules, sq, true);
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
                stack(rules, pos, sq, &rest[1..end])?;
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
                if rules.walls().contains(sq) {
                    return err(
                        FenField::Board,
                        format!("a piece on {}, a wall (written `*`)", g.name(sq)),
                    );
                }
                place(rules, pos, sq, &units_of(rules, piece), &rest[..len])?;
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
    Ok(())
}

/// Reads one piece token at the start of `s`: a letter, `+P` or `{Code}`.
pub(super) fn piece_token(rules: &Rules, s: &str) -> Result<(Piece, usize), ParseFenError> {
    let (token, len) = if s.starts_with('{') {
        match s.find('}') {
            Some(end) => (&s[..=end], end + 1),
            None => return err(FenField::Board, "a `{` piece code is not closed with `}`"),
        }
    } else if s.len() >= 2 && s.starts_with('+') && s.as_bytes()[1].is_ascii_alphabetic() {
        // A promoted form: `+P`.
        (&s[..2], 2)
    } else {
        let c = s.chars().next().map_or(1, char::len_utf8);
        (&s[..c], c)
    };
    match rules.parse_piece_token(token) {
        Some((kind, color)) => Ok((Piece::new(kind, color), len)),
        None => {
            let known: Vec<String> = rules
                .pieces()
                .iter()
                .map(|p| p.fen_token(Color::White))
                .collect();
            err(
                FenField::Board,
                format!(
                    "`{token}` is not a piece of {} (pieces: {})",
                    rules.name(),
                    known.join(" ")
                ),
            )
        }
    }
}

/// Fills `sq` from the inside of a `(..)` group: two units in any order,
/// a composite kind's letter standing for its two units.
pub(super) fn stack(
    rules: &Rules,
    pos: &mut Position,
    sq: Square,
    inner: &str,
) -> Result<(), ParseFenError> {
    let name = rules.geometry().name(sq);
    if rules.capacity() < 2 {
        return err(
            FenField::Board,
            format!(
                "`({inner})` on {name}: stacks need a variant with `capacity = 2`; {} holds one piece per square",
                rules.name()
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
pub(super) fn units_of(rules: &Rules, piece: Piece) -> Vec<Piece> {
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
pub(super) fn place(
    rules: &Rules,
    pos: &mut Position,
    sq: Square,
    units: &[Piece],
    text: &str,
) -> Result<(), ParseFenError> {
    let name = rules.geometry().name(sq);
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
                rules.capacity()
            ),
        ),
    }
}
