//! The Fluid Chess reference model: a brute-force generator written from
//! the rules reference alone, sharing no code with the engine (see
//! `super` for what it models and how it counts): cells, units and
//! positions with their FEN here, the movement in `moves`, the turns in
//! `turns`.

#![allow(dead_code)]

mod moves;
mod turns;

pub(crate) use moves::*;
pub(crate) use turns::*;

use std::collections::{BTreeSet, HashSet};
use std::fmt::Write as _;

#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug)]
pub(crate) enum Colour {
    White,
    Black,
}

impl Colour {
    pub(crate) fn other(self) -> Colour {
        match self {
            Colour::White => Colour::Black,
            Colour::Black => Colour::White,
        }
    }
}

#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug)]
pub(crate) enum Kind {
    King,
    Rook,
    Bishop,
    Moo,
    Pawn,
}

#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug)]
pub(crate) struct Unit {
    pub(crate) colour: Colour,
    pub(crate) kind: Kind,
}

impl Unit {
    pub(crate) fn new(colour: Colour, kind: Kind) -> Unit {
        Unit { colour, kind }
    }

    pub(crate) fn letter(self) -> char {
        let c = match self.kind {
            Kind::King => 'K',
            Kind::Rook => 'R',
            Kind::Bishop => 'B',
            Kind::Moo => 'N',
            Kind::Pawn => 'P',
        };
        match self.colour {
            Colour::White => c,
            Colour::Black => c.to_ascii_lowercase(),
        }
    }

    pub(crate) fn from_letter(c: char) -> Option<Unit> {
        let colour = if c.is_ascii_uppercase() {
            Colour::White
        } else {
            Colour::Black
        };
        let kind = match c.to_ascii_uppercase() {
            'K' => Kind::King,
            'R' => Kind::Rook,
            'B' => Kind::Bishop,
            'N' => Kind::Moo,
            'P' => Kind::Pawn,
            _ => return None,
        };
        Some(Unit::new(colour, kind))
    }
}

/// The contents of one square, sorted, `Some` before `None`.
pub(crate) type Cell = [Option<Unit>; 2];

pub(crate) const EMPTY: Cell = [None, None];

pub(crate) fn cell_of(units: &[Unit]) -> Cell {
    assert!(units.len() <= 2, "a square holds at most two units");
    let mut v = units.to_vec();
    v.sort();
    [v.first().copied(), v.get(1).copied()]
}

pub(crate) fn units(cell: &Cell) -> Vec<Unit> {
    cell.iter().flatten().copied().collect()
}

pub(crate) fn count(cell: &Cell) -> usize {
    cell.iter().flatten().count()
}

pub(crate) fn with_removed(cell: &Cell, u: Unit) -> Cell {
    let mut v = units(cell);
    let i = v.iter().position(|&x| x == u).expect("unit to remove");
    v.remove(i);
    cell_of(&v)
}

pub(crate) fn contains(cell: &Cell, u: Unit) -> bool {
    cell.iter().flatten().any(|&x| x == u)
}

/// Text of one cell (non-empty): a letter, `Q`/`q`, or a group.
pub(crate) fn cell_text(cell: &Cell) -> String {
    let v = units(cell);
    match v.as_slice() {
        [u] => u.letter().to_string(),
        [a, b] if a.colour == b.colour && a.kind == Kind::Rook && b.kind == Kind::Bishop => {
            if a.colour == Colour::White { "Q" } else { "q" }.to_string()
        }
        [a, b] => format!("({}{})", a.letter(), b.letter()),
        _ => String::new(),
    }
}

pub(crate) fn valid_cell(cell: &Cell) -> bool {
    match units(cell).as_slice() {
        [a, b] if a.colour == b.colour => a.kind != Kind::Pawn && b.kind != Kind::Pawn,
        [a, b] => !(a.kind == Kind::Pawn && b.kind == Kind::Pawn),
        _ => true,
    }
}

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) enum Promotion {
    Standard,
    Single,
    Doubled,
}

#[derive(Clone, PartialEq, Eq, Hash, Debug)]
pub(crate) struct Position {
    pub(crate) board: [Cell; 64],
    pub(crate) side: Colour,
    /// White O-O, White O-O-O, Black O-O, Black O-O-O.
    pub(crate) castling: [bool; 4],
    pub(crate) ep: Option<usize>,
    pub(crate) halfmove: u32,
    pub(crate) fullmove: u32,
}

pub(crate) fn sq_name(sq: usize) -> String {
    format!("{}{}", (b'a' + (sq % 8) as u8) as char, sq / 8 + 1)
}

pub(crate) fn sq_parse(s: &str) -> Option<usize> {
    let b = s.as_bytes();
    if b.len() != 2 || !(b'a'..=b'h').contains(&b[0]) || !(b'1'..=b'8').contains(&b[1]) {
        return None;
    }
    Some((b[1] - b'1') as usize * 8 + (b[0] - b'a') as usize)
}

pub(crate) fn offset(sq: usize, df: i32, dr: i32) -> Option<usize> {
    let f = (sq % 8) as i32 + df;
    let r = (sq / 8) as i32 + dr;
    ((0..8).contains(&f) && (0..8).contains(&r)).then(|| (r * 8 + f) as usize)
}

pub(crate) fn parse_fen(fen: &str) -> Result<Position, String> {
    let fields: Vec<&str> = fen.split_whitespace().collect();
    if fields.len() != 6 {
        return Err(format!("expected 6 fields in {fen:?}"));
    }
    let mut board = [EMPTY; 64];
    let ranks: Vec<&str> = fields[0].split('/').collect();
    if ranks.len() != 8 {
        return Err("expected 8 ranks".into());
    }
    for (i, text) in ranks.iter().enumerate() {
        let rank = 7 - i;
        let mut file = 0usize;
        let mut chars = text.chars();
        while let Some(c) = chars.next() {
            let mut group = Vec::new();
            if let Some(d) = c.to_digit(10) {
                file += d as usize;
                continue;
            } else if c == '(' {
                loop {
                    match chars.next() {
                        Some(')') => break,
                        Some(x) => group.push(x),
                        None => return Err("unclosed group".into()),
                    }
                }
            } else {
                group.push(c);
            }
            let mut us = Vec::new();
            for x in group {
                if x == 'Q' || x == 'q' {
                    let colour = if x == 'Q' {
                        Colour::White
                    } else {
                        Colour::Black
                    };
                    us.push(Unit::new(colour, Kind::Bishop));
                    us.push(Unit::new(colour, Kind::Rook));
                } else {
                    us.push(Unit::from_letter(x).ok_or(format!("bad unit {x:?}"))?);
                }
            }
            if us.is_empty() || us.len() > 2 || file >= 8 {
                return Err(format!("bad square in rank {text:?}"));
            }
            let cell = cell_of(&us);
            if !valid_cell(&cell) {
                return Err(format!("illegal contents in rank {text:?}"));
            }
            board[rank * 8 + file] = cell;
            file += 1;
        }
        if file != 8 {
            return Err(format!("rank {text:?} does not have 8 files"));
        }
    }
    let side = match fields[1] {
        "w" => Colour::White,
        "b" => Colour::Black,
        s => return Err(format!("bad side {s:?}")),
    };
    let mut castling = [false; 4];
    if fields[2] != "-" {
        for c in fields[2].chars() {
            let i = "KQkq".find(c).ok_or(format!("bad castling {c:?}"))?;
            castling[i] = true;
        }
    }
    let ep = if fields[3] == "-" {
        None
    } else {
        Some(sq_parse(fields[3]).ok_or("bad en passant square")?)
    };
    let halfmove = fields[4].parse().map_err(|_| "bad half-move clock")?;
    let fullmove = fields[5].parse().map_err(|_| "bad move number")?;
    Ok(Position {
        board,
        side,
        castling,
        ep,
        halfmove,
        fullmove,
    })
}

pub(crate) fn placement(pos: &Position) -> String {
    let mut out = String::new();
    for rank in (0..8).rev() {
        let mut empty = 0;
        for file in 0..8 {
            let cell = &pos.board[rank * 8 + file];
            if count(cell) == 0 {
                empty += 1;
            } else {
                if empty > 0 {
                    write!(out, "{empty}").unwrap();
                    empty = 0;
                }
                out.push_str(&cell_text(cell));
            }
        }
        if empty > 0 {
            write!(out, "{empty}").unwrap();
        }
        if rank > 0 {
            out.push('/');
        }
    }
    out
}

pub(crate) fn write_fen(pos: &Position) -> String {
    let side = if pos.side == Colour::White { "w" } else { "b" };
    let mut castling: String = "KQkq"
        .chars()
        .zip(pos.castling)
        .filter(|&(_, on)| on)
        .map(|(c, _)| c)
        .collect();
    if castling.is_empty() {
        castling.push('-');
    }
    let ep = pos.ep.map_or("-".to_string(), sq_name);
    format!(
        "{} {side} {castling} {ep} {} {}",
        placement(pos),
        pos.halfmove,
        pos.fullmove
    )
}
