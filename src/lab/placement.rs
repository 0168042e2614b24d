//! The board field of a FEN as squares of tokens, for taking pieces off
//! a start: `N`, `{Name}` (a piece of a longer name), `+P` (promoted),
//! `(kr)` (a stack), read as they stand; only whole single pieces are
//! ever taken.

/// A FEN's board, rank by rank from the top, and the rest of the FEN
/// (a hand or reserve after the board, then the other fields).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Placement {
    ranks: Vec<Vec<Option<String>>>,
    rest: String,
}

impl Placement {
    /// Reads the board of `fen`.
    ///
    /// # Errors
    ///
    /// A token left open (`{`, `(`) or ranks of different widths.
    pub fn parse(fen: &str) -> Result<Placement, String> {
        let fen = fen.trim();
        let end = fen.find([' ', '[', '<']).unwrap_or(fen.len());
        let (board, rest) = fen.split_at(end);
        let mut ranks = Vec::new();
        for text in board.split('/') {
            let mut squares = Vec::new();
            let chars: Vec<char> = text.chars().collect();
            let mut i = 0;
            while i < chars.len() {
                let c = chars[i];
                if c.is_ascii_digit() {
                    let mut n = 0usize;
                    while i < chars.len() && chars[i].is_ascii_digit() {
                        n = n * 10 + chars[i].to_digit(10).unwrap_or(0) as usize;
                        i += 1;
                    }
                    squares.extend(std::iter::repeat_n(None, n));
                    continue;
                }
                let mut token = String::new();
                // Prefixes: `+` promoted.
                while i < chars.len() && chars[i] == '+' {
                    token.push('+');
                    i += 1;
                }
                let Some(&c) = chars.get(i) else {
                    return Err(format!("`{text}` ends in `+`"));
                };
                let close = match c {
                    '{' => Some('}'),
                    '(' => Some(')'),
                    _ => None,
                };
                match close {
                    Some(close) => {
                        let Some(len) = chars[i..].iter().position(|&x| x == close) else {
                            return Err(format!("`{text}`: `{c}` is never closed"));
                        };
                        token.extend(&chars[i..=i + len]);
                        i += len + 1;
                    }
                    None => {
                        token.push(c);
                        i += 1;
                    }
                }
                // Suffixes: `~` promoted (crazyhouse).
                while i < chars.len() && chars[i] == '~' {
                    token.push('~');
                    i += 1;
                }
                squares.push(Some(token));
            }
            ranks.push(squares);
        }
        let width = ranks.first().map_or(0, Vec::len);
        if ranks.iter().any(|r| r.len() != width) {
            return Err(format!("the ranks of `{board}` are not all {width} wide"));
        }
        Ok(Placement {
            ranks,
            rest: rest.to_string(),
        })
    }

    /// The FEN again, with what was taken off.
    pub fn fen(&self) -> String {
        let mut out = String::new();
        for (r, rank) in self.ranks.iter().enumerate() {
            if r > 0 {
                out.push('/');
            }
            let mut empty = 0;
            for sq in rank {
                match sq {
                    None => empty += 1,
                    Some(t) => {
                        if empty > 0 {
                            out.push_str(&empty.to_string());
                            empty = 0;
                        }
                        out.push_str(t);
                    }
                }
            }
            if empty > 0 {
                out.push_str(&empty.to_string());
            }
        }
        out.push_str(&self.rest);
        out
    }

    /// The squares holding exactly `token`, as (rank from the top, file),
    /// ordered from the owner's side: for White (upper-case tokens) from
    /// the bottom rank up, for Black from the top down, files from a; so
    /// that the i-th of White's and of Black's stand mirrored in a
    /// symmetric start.
    pub fn find(&self, token: &str) -> Vec<(usize, usize)> {
        let mut found = Vec::new();
        for (r, rank) in self.ranks.iter().enumerate() {
            for (f, sq) in rank.iter().enumerate() {
                if sq.as_deref() == Some(token) {
                    found.push((r, f));
                }
            }
        }
        if white_token(token) {
            found.sort_by_key(|&(r, f)| (std::cmp::Reverse(r), f));
        }
        found
    }

    /// Takes the piece off `square`.
    pub fn take(&mut self, square: (usize, usize)) {
        if let Some(sq) = self
            .ranks
            .get_mut(square.0)
            .and_then(|r| r.get_mut(square.1))
        {
            *sq = None;
        }
    }

    /// Puts `token` on `square`, replacing what stands there.
    pub fn put(&mut self, square: (usize, usize), token: &str) {
        if let Some(sq) = self
            .ranks
            .get_mut(square.0)
            .and_then(|r| r.get_mut(square.1))
        {
            *sq = Some(token.to_string());
        }
    }

    /// The castling field (the third) emptied: a piece taken off may
    /// have been a castling partner.
    pub fn without_castling(&self) -> Placement {
        let mut fields: Vec<&str> = self.rest.split(' ').collect();
        // `rest` begins with the hand (if any), then " w KQkq ...".
        if fields.len() > 2 {
            fields[2] = "-";
        }
        Placement {
            ranks: self.ranks.clone(),
            rest: fields.join(" "),
        }
    }
}

/// The token of a kind whose White letter is `letter`, for `white` or
/// Black: `N`/`n`, `{Name}`/`{name}`.
pub fn token_of(letter: &str, white: bool) -> String {
    let l = if white {
        letter.to_string()
    } else {
        letter.to_lowercase()
    };
    if l.chars().count() == 1 {
        l
    } else {
        format!("{{{l}}}")
    }
}

/// Whether `token` is White's (its first letter upper case).
fn white_token(token: &str) -> bool {
    token
        .chars()
        .find(|c| c.is_alphabetic())
        .is_some_and(char::is_uppercase)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_fen_reads_and_writes_back() {
        for fen in [
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
            "1nbr(kr)bnr/pp1p1p2/5b2/2p1p1pp/2P3P1/3P4/PP1NPP1P/2QQKBNR w Kk - 1 7",
            "{paovao}1{withdrawer}r/1p2/4/{Paovao}3<{Oxybeles}N/{oxybeles}n> w h - 0 4",
            "lnsgk/5/5/5/+PNSGK[Pp] w - - 0 1",
            "rnabqkbcnr/2pppppppp/10/pp8/10/P1PPP1P3/1P2KP1PPP/RNABQ1BCNR w kq - 0 7",
        ] {
            assert_eq!(Placement::parse(fen).unwrap().fen(), fen);
        }
        assert!(Placement::parse("r{oo/8 w - -").is_err());
        assert!(Placement::parse("rr/3 w - -").is_err());
    }

    #[test]
    fn pieces_are_found_from_their_owners_side_and_taken() {
        let mut p =
            Placement::parse("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1").unwrap();
        assert_eq!(p.find("N"), vec![(7, 1), (7, 6)]);
        assert_eq!(p.find("n"), vec![(0, 1), (0, 6)]);
        assert_eq!(p.find("P")[0], (6, 0));
        p.take((7, 1));
        p.take((0, 6));
        assert_eq!(
            p.without_castling().fen(),
            "rnbqkb1r/pppppppp/8/8/8/8/PPPPPPPP/R1BQKBNR w - - 0 1"
        );
        p.put((7, 3), "{Amazon}");
        assert!(
            p.fen()
                .starts_with("rnbqkb1r/pppppppp/8/8/8/8/PPPPPPPP/R1B{Amazon}KBNR ")
        );
        assert_eq!(token_of("Maoking", false), "{maoking}");
        assert_eq!(token_of("N", true), "N");
    }
}
