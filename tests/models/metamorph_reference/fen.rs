//! The reference's FEN reader and the key children are compared by.

use super::*;

/// Reads a FEN: placement, side, castling rights and en-passant square.
/// The clocks are ignored.
pub(super) fn parse(fen: &str) -> Pos {
    let mut fields = fen.split_whitespace();
    let placement = fields.next().unwrap_or_else(|| panic!("empty FEN"));
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
            assert!("KQRBNPMA".contains(kind), "unknown piece {c} in {fen}");
            assert!(f < 8, "rank too long in {fen}");
            board[(7 - i) * 8 + f] = Some((kind, c.is_ascii_uppercase()));
            f += 1;
        }
        assert_eq!(f, 8, "rank of the wrong length in {fen}");
    }
    let white = match fields.next() {
        None | Some("w") => true,
        Some("b") => false,
        Some(s) => panic!("side {s} in {fen}"),
    };
    let rights = fields.next().unwrap_or("-");
    let known = rights.chars().all(|c| "KQkq-".contains(c));
    assert!(known, "castling {rights} in {fen}");
    let castle = ['K', 'Q', 'k', 'q'].map(|c| rights.contains(c));
    let ep = fields.next().filter(|s| *s != "-").map(named);
    Pos {
        board,
        white,
        castle,
        ep,
    }
}

/// A piece's FEN letter.
pub(super) fn letter(kind: char, white: bool) -> char {
    if white {
        kind
    } else {
        kind.to_ascii_lowercase()
    }
}

/// The placement field of a FEN.
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

/// Placement and side to move: what the comparisons look at.
pub(super) fn key(p: &Pos) -> String {
    let side = if p.white { 'w' } else { 'b' };
    format!("{} {side}", placement(&p.board))
}
