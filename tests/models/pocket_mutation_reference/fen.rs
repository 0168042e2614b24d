//! The reference's FEN reader (placement, pockets, side, en passant, move
//! number) and the key children are compared by.

use super::*;

/// Reads the placement field, without the pockets.
fn parse_board(placement: &str, fen: &str) -> [Option<Piece>; 64] {
    let mut board = [None; 64];
    let rows: Vec<&str> = placement.split('/').collect();
    assert_eq!(rows.len(), 8, "eight ranks in {fen}");
    for (i, row) in rows.iter().enumerate() {
        let mut f = 0;
        for c in row.chars() {
            if let Some(n) = c.to_digit(10) {
                f += n as usize;
                continue;
            }
            let kind = c.to_ascii_uppercase();
            assert!(known(kind), "unknown piece {c} in {fen}");
            assert!(f < 8, "rank too long in {fen}");
            board[(7 - i) * 8 + f] = Some((kind, c.is_ascii_uppercase()));
            f += 1;
        }
        assert_eq!(f, 8, "rank of the wrong length in {fen}");
    }
    board
}

/// Reads the inside of the brackets: upper case for White's pocket, lower
/// case for Black's, `-` and `/` for nothing (so `[Ib]`, `[b]`, `[]` and
/// `[-/-]` all work).
fn parse_pockets(inside: &str, fen: &str) -> [Option<char>; 2] {
    let mut pockets = [None; 2];
    for c in inside.chars().filter(|c| !"-/".contains(*c)) {
        let kind = c.to_ascii_uppercase();
        assert!(known(kind) && kind != 'K', "no {c} in a pocket: {fen}");
        let slot = &mut pockets[side(c.is_ascii_uppercase())];
        assert!(slot.is_none(), "two pieces in one pocket: {fen}");
        *slot = Some(kind);
    }
    pockets
}

/// Reads a FEN: placement with optional pockets in brackets, side,
/// castling (always `-`), en-passant square, half-move clock (ignored)
/// and full-move number (1 if absent).
pub(super) fn parse(fen: &str) -> Pos {
    let mut fields = fen.split_whitespace();
    let first = fields.next().unwrap_or_else(|| panic!("empty FEN"));
    let (placement, pockets) = match first.split_once('[') {
        Some((placement, rest)) => {
            let inside = rest.strip_suffix(']');
            let inside = inside.unwrap_or_else(|| panic!("pockets not closed in {fen}"));
            (placement, parse_pockets(inside, fen))
        }
        None => (first, [None; 2]),
    };
    let white = match fields.next() {
        None | Some("w") => true,
        Some("b") => false,
        Some(s) => panic!("side {s} in {fen}"),
    };
    let castling = fields.next().unwrap_or("-");
    assert_eq!(castling, "-", "castling rights in {fen}: the game has none");
    let ep = fields.next().filter(|s| *s != "-").map(named);
    let _halfmove = fields.next();
    let fullmove = fields.next().map_or(1, |s| {
        s.parse()
            .unwrap_or_else(|e| panic!("full-move {s} in {fen}: {e}"))
    });
    Pos {
        board: parse_board(placement, fen),
        pockets,
        white,
        ep,
        fullmove,
    }
}

/// A piece's FEN letter.
fn letter(kind: char, white: bool) -> char {
    if white {
        kind
    } else {
        kind.to_ascii_lowercase()
    }
}

/// The placement field of a FEN, without the pockets.
fn placement(board: &[Option<Piece>; 64]) -> String {
    let mut rows = Vec::new();
    for r in (0..8).rev() {
        let (mut row, mut empty) = (String::new(), 0);
        for f in 0..8 {
            match board[r * 8 + f] {
                None => empty += 1,
                Some((kind, white)) => {
                    if empty > 0 {
                        row.push_str(&empty.to_string());
                        empty = 0;
                    }
                    row.push(letter(kind, white));
                }
            }
        }
        if empty > 0 {
            row.push_str(&empty.to_string());
        }
        rows.push(row);
    }
    rows.join("/")
}

/// Placement, both pockets and side to move: what the comparisons look
/// at, such as `4k3/8/8/8/8/8/8/4K3[Qq] w`.
pub(super) fn key(p: &Pos) -> String {
    let white = p.pockets[0].map(|k| letter(k, true));
    let black = p.pockets[1].map(|k| letter(k, false));
    let pockets: String = white.into_iter().chain(black).collect();
    let side = if p.white { 'w' } else { 'b' };
    format!("{}[{pockets}] {side}", placement(&p.board))
}
