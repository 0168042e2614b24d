//! The Fluid Chess reference model: a brute-force generator written from
//! the rules reference alone, sharing no code with the engine (see
//! `tests/models/fluid_reference.rs` for what it models and how it counts).
//! Used by `tests/models/fluid_reference.rs` (its own tests) and `tests/models/fluid.rs`
//! (the engine checked against it).

#![allow(dead_code)]

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

// ---------------------------------------------------------------------
// Movement
// ---------------------------------------------------------------------

pub(crate) const ORTHO: [(i32, i32); 4] = [(1, 0), (-1, 0), (0, 1), (0, -1)];
pub(crate) const DIAG: [(i32, i32); 4] = [(1, 1), (1, -1), (-1, 1), (-1, -1)];
pub(crate) const MOO: [(i32, i32); 8] = [
    (1, 2),
    (-1, 2),
    (1, -2),
    (-1, -2),
    (2, 1),
    (2, -1),
    (-2, 1),
    (-2, -1),
];

/// The two intermediate squares of a Moo step by (df, dr): the orthogonal
/// one and the diagonal one (OQ-7).
pub(crate) fn moo_middles(df: i32, dr: i32) -> [(i32, i32); 2] {
    if dr.abs() == 2 {
        [(0, dr / 2), (df, dr / 2)]
    } else {
        [(df / 2, 0), (df / 2, dr)]
    }
}

/// Passable for a single unit of `colour`: empty, or one friendly non-pawn.
pub(crate) fn passable(board: &[Cell; 64], sq: usize, colour: Colour) -> bool {
    match units(&board[sq]).as_slice() {
        [] => true,
        [u] => u.colour == colour && u.kind != Kind::Pawn,
        _ => false,
    }
}

/// Squares a non-pawn unit of `kind` reaches from `from`, with path squares
/// passable for a single unit (`pair == false`) or empty (`pair == true`).
/// Whether it may land there is decided by the caller.
pub(crate) fn reach(
    board: &[Cell; 64],
    from: usize,
    kind: Kind,
    colour: Colour,
    pair: bool,
) -> Vec<usize> {
    let pass = |sq: usize| {
        if pair {
            count(&board[sq]) == 0
        } else {
            passable(board, sq, colour)
        }
    };
    let mut out = Vec::new();
    match kind {
        Kind::King => {
            for (df, dr) in ORTHO.iter().chain(DIAG.iter()) {
                out.extend(offset(from, *df, *dr));
            }
        }
        Kind::Rook | Kind::Bishop => {
            let dirs = if kind == Kind::Rook { ORTHO } else { DIAG };
            for (df, dr) in dirs {
                let mut sq = from;
                while let Some(next) = offset(sq, df, dr) {
                    out.push(next);
                    if !pass(next) {
                        break;
                    }
                    sq = next;
                }
            }
        }
        Kind::Moo => {
            for (df, dr) in MOO {
                let Some(to) = offset(from, df, dr) else {
                    continue;
                };
                let open = moo_middles(df, dr)
                    .iter()
                    .any(|&(mf, mr)| offset(from, mf, mr).is_some_and(pass));
                if open {
                    out.push(to);
                }
            }
        }
        Kind::Pawn => unreachable!("pawns are handled separately"),
    }
    out
}

/// Section 6 for a single unit `mover` arriving on a cell: every legal
/// result as (new cell contents, captured unit). Identical victims give one
/// result.
pub(crate) fn single_landings(cell: &Cell, mover: Unit) -> Vec<(Cell, Option<Unit>)> {
    let c = mover.colour;
    let non_pawn = mover.kind != Kind::Pawn;
    match units(cell).as_slice() {
        [] => vec![(cell_of(&[mover]), None)],
        [v] if v.colour == c => {
            if non_pawn && v.kind != Kind::Pawn {
                vec![(cell_of(&[*v, mover]), None)]
            } else {
                vec![]
            }
        }
        [v] => vec![(cell_of(&[mover]), Some(*v))],
        [a, b] if a.colour == c && b.colour == c => vec![],
        [a, b] if a.colour != c && b.colour != c => {
            let mut out = vec![(cell_of(&[*b, mover]), Some(*a))];
            if a != b {
                out.push((cell_of(&[*a, mover]), Some(*b)));
            }
            out
        }
        [a, b] => {
            let (friend, enemy) = if a.colour == c { (a, b) } else { (b, a) };
            if non_pawn && friend.kind != Kind::Pawn {
                vec![(cell_of(&[*friend, mover]), Some(*enemy))]
            } else {
                vec![]
            }
        }
        _ => unreachable!(),
    }
}

pub(crate) fn corner_right(sq: usize, colour: Colour) -> Option<usize> {
    match (colour, sq) {
        (Colour::White, 7) => Some(0),
        (Colour::White, 0) => Some(1),
        (Colour::Black, 63) => Some(2),
        (Colour::Black, 56) => Some(3),
        _ => None,
    }
}

/// Update castling rights for `u` leaving (or being captured on) `sq`.
pub(crate) fn lose_rights(castling: &mut [bool; 4], u: Unit, sq: usize) {
    let base = if u.colour == Colour::White { 0 } else { 2 };
    match u.kind {
        Kind::King => {
            castling[base] = false;
            castling[base + 1] = false;
        }
        Kind::Rook => {
            if let Some(i) = corner_right(sq, u.colour) {
                castling[i] = false;
            }
        }
        _ => {}
    }
}

/// Is `sq` attacked by `by` (section 8)? Equivalent to: some `by` unit can
/// make a single-unit capture of a non-`by` unit standing on `sq`.
pub(crate) fn attacked(board: &[Cell; 64], sq: usize, by: Colour) -> bool {
    let target = units(&board[sq]);
    let has_by_pawn = target
        .iter()
        .any(|u| u.colour == by && u.kind == Kind::Pawn);
    let has_by_unit = target.iter().any(|u| u.colour == by);
    let has = |s: usize, kind: Kind| contains(&board[s], Unit::new(by, kind));
    if !has_by_pawn {
        for (df, dr) in ORTHO.iter().chain(DIAG.iter()) {
            if offset(sq, *df, *dr).is_some_and(|s| has(s, Kind::King)) {
                return true;
            }
        }
        for (dirs, kind) in [(ORTHO, Kind::Rook), (DIAG, Kind::Bishop)] {
            for (df, dr) in dirs {
                let mut s = sq;
                while let Some(next) = offset(s, df, dr) {
                    if has(next, kind) {
                        return true;
                    }
                    if !passable(board, next, by) {
                        break;
                    }
                    s = next;
                }
            }
        }
        for (df, dr) in MOO {
            let Some(from) = offset(sq, -df, -dr) else {
                continue;
            };
            if has(from, Kind::Moo)
                && moo_middles(df, dr)
                    .iter()
                    .any(|&(mf, mr)| offset(from, mf, mr).is_some_and(|m| passable(board, m, by)))
            {
                return true;
            }
        }
    }
    if !has_by_unit {
        let back = if by == Colour::White { -1 } else { 1 };
        for df in [-1, 1] {
            if offset(sq, df, back).is_some_and(|s| has(s, Kind::Pawn)) {
                return true;
            }
        }
    }
    false
}

pub(crate) fn king_attacked(pos: &Position, colour: Colour) -> bool {
    let king = Unit::new(colour, Kind::King);
    (0..64).any(|sq| contains(&pos.board[sq], king) && attacked(&pos.board, sq, colour.other()))
}

/// A generated turn: a short description and the resulting position.
pub(crate) struct Turn {
    pub(crate) text: String,
    pub(crate) pos: Position,
}

pub(crate) fn finish(
    pos: &Position,
    mut next: Position,
    reset_clock: bool,
    text: String,
    out: &mut Vec<Turn>,
) {
    next.side = pos.side.other();
    next.halfmove = if reset_clock { 0 } else { pos.halfmove + 1 };
    next.fullmove = pos.fullmove + u32::from(pos.side == Colour::Black);
    if !king_attacked(&next, pos.side) {
        out.push(Turn { text, pos: next });
    }
}

pub(crate) fn promotion_choices(mode: Promotion, mixed: bool, colour: Colour) -> Vec<Vec<Unit>> {
    let u = |k| Unit::new(colour, k);
    let singles = vec![
        vec![u(Kind::Rook)],
        vec![u(Kind::Bishop)],
        vec![u(Kind::Moo)],
    ];
    let doubles = vec![
        vec![u(Kind::Bishop), u(Kind::Rook)],
        vec![u(Kind::Bishop), u(Kind::Moo)],
        vec![u(Kind::Rook), u(Kind::Moo)],
    ];
    match mode {
        Promotion::Standard if mixed => singles,
        Promotion::Standard => {
            let mut v = vec![doubles[0].clone()];
            v.extend(singles);
            v
        }
        Promotion::Single => singles,
        Promotion::Doubled if mixed => vec![],
        Promotion::Doubled => doubles,
    }
}

pub(crate) fn pawn_turns(pos: &Position, from: usize, mode: Promotion, out: &mut Vec<Turn>) {
    let c = pos.side;
    let pawn = Unit::new(c, Kind::Pawn);
    let (dir, start_rank, last_rank) = if c == Colour::White {
        (1, 1, 7)
    } else {
        (-1, 6, 0)
    };
    let name = |to: usize, capture: bool, victim: &str, promo: &str| {
        let x = if capture { "x" } else { "" };
        format!(
            "{}{}{x}{}{victim}{promo}",
            pawn.letter(),
            sq_name(from),
            sq_name(to)
        )
    };
    // Arrivals: (to, resulting cell with the pawn, captured unit, text suffix).
    let mut arrivals: Vec<(usize, Cell, Option<Unit>, String)> = Vec::new();
    if let Some(to) = offset(from, 0, dir) {
        if count(&pos.board[to]) == 0 {
            arrivals.push((to, cell_of(&[pawn]), None, String::new()));
            if from / 8 == start_rank {
                let to2 = offset(to, 0, dir).unwrap();
                if count(&pos.board[to2]) == 0 {
                    let mut next = pos.clone();
                    next.board[from] = with_removed(&pos.board[from], pawn);
                    next.board[to2] = cell_of(&[pawn]);
                    next.ep = Some(to);
                    finish(pos, next, true, name(to2, false, "", ""), out);
                }
            }
        }
    }
    for df in [-1, 1] {
        let Some(to) = offset(from, df, dir) else {
            continue;
        };
        if Some(to) == pos.ep && count(&pos.board[to]) == 0 {
            let victim_sq = offset(to, 0, -dir).unwrap();
            let victim = Unit::new(c.other(), Kind::Pawn);
            if contains(&pos.board[victim_sq], victim) {
                let mut next = pos.clone();
                next.board[from] = with_removed(&pos.board[from], pawn);
                next.board[to] = cell_of(&[pawn]);
                next.board[victim_sq] = with_removed(&pos.board[victim_sq], victim);
                next.ep = None;
                finish(pos, next, true, name(to, true, "", "ep"), out);
            }
            continue;
        }
        for (cell, victim) in single_landings(&pos.board[to], pawn) {
            if let Some(v) = victim {
                let suffix = if count(&pos.board[to]) == 2 {
                    format!("/{}", v.letter())
                } else {
                    String::new()
                };
                arrivals.push((to, cell, Some(v), suffix));
            }
        }
    }
    for (to, cell, victim, suffix) in arrivals {
        let capture = victim.is_some();
        let rest: Vec<Unit> = units(&cell).into_iter().filter(|&u| u != pawn).collect();
        let choices: Vec<Option<Vec<Unit>>> = if to / 8 == last_rank {
            promotion_choices(mode, !rest.is_empty(), c)
                .into_iter()
                .map(Some)
                .collect()
        } else {
            vec![None]
        };
        for choice in choices {
            let mut next = pos.clone();
            next.board[from] = with_removed(&pos.board[from], pawn);
            let (new_cell, promo) = match &choice {
                None => (cell, String::new()),
                Some(promoted) => {
                    let mut all = rest.clone();
                    all.extend(promoted.iter().copied());
                    let text = format!("={}", cell_text(&cell_of(promoted)));
                    (cell_of(&all), text)
                }
            };
            next.board[to] = new_cell;
            if let Some(v) = victim {
                lose_rights(&mut next.castling, v, to);
            }
            next.ep = None;
            finish(pos, next, true, name(to, capture, &suffix, &promo), out);
        }
    }
}

pub(crate) fn single_turns(pos: &Position, from: usize, u: Unit, out: &mut Vec<Turn>) {
    for to in reach(&pos.board, from, u.kind, u.colour, false) {
        let before = count(&pos.board[to]);
        for (cell, victim) in single_landings(&pos.board[to], u) {
            let mut next = pos.clone();
            next.board[from] = with_removed(&pos.board[from], u);
            next.board[to] = cell;
            lose_rights(&mut next.castling, u, from);
            if let Some(v) = victim {
                lose_rights(&mut next.castling, v, to);
            }
            next.ep = None;
            let text = match victim {
                None => format!("{}{}{}", u.letter(), sq_name(from), sq_name(to)),
                Some(v) if before == 2 => {
                    format!(
                        "{}{}x{}/{}",
                        u.letter(),
                        sq_name(from),
                        sq_name(to),
                        v.letter()
                    )
                }
                Some(_) => format!("{}{}x{}", u.letter(), sq_name(from), sq_name(to)),
            };
            finish(pos, next, victim.is_some(), text, out);
        }
    }
}

pub(crate) fn pair_turns(pos: &Position, from: usize, out: &mut Vec<Turn>) {
    let pair = units(&pos.board[from]);
    let mut targets = BTreeSet::new();
    for u in &pair {
        targets.extend(reach(&pos.board, from, u.kind, u.colour, true));
    }
    for to in targets {
        let victims = units(&pos.board[to]);
        if victims.iter().any(|v| v.colour == pos.side) {
            continue;
        }
        let mut next = pos.clone();
        next.board[from] = EMPTY;
        next.board[to] = pos.board[from];
        for u in &pair {
            lose_rights(&mut next.castling, *u, from);
        }
        for v in &victims {
            lose_rights(&mut next.castling, *v, to);
        }
        next.ep = None;
        let x = if victims.is_empty() { "" } else { "x" };
        let text = format!(
            "{}{}{x}{}",
            cell_text(&pos.board[from]),
            sq_name(from),
            sq_name(to)
        );
        finish(pos, next, !victims.is_empty(), text, out);
    }
}

/// Slide `u` from `from` to `to` along the back rank: every square between
/// must be passable. Returns the landing cell or `None`.
pub(crate) fn castle_slide(
    board: &[Cell; 64],
    from: usize,
    to: usize,
    u: Unit,
    must_be_empty: bool,
) -> Option<Cell> {
    let (lo, hi) = if from < to { (from, to) } else { (to, from) };
    if !(lo + 1..hi).all(|s| passable(board, s, u.colour)) {
        return None;
    }
    let target = units(&board[to]);
    match target.as_slice() {
        [] => Some(cell_of(&[u])),
        [v] if !must_be_empty && v.colour == u.colour && v.kind != Kind::Pawn => {
            Some(cell_of(&[*v, u]))
        }
        _ => None,
    }
}

pub(crate) fn castling_turns(pos: &Position, out: &mut Vec<Turn>) {
    let c = pos.side;
    let base = if c == Colour::White { 0 } else { 56 };
    let right0 = if c == Colour::White { 0 } else { 2 };
    let king = Unit::new(c, Kind::King);
    let rook = Unit::new(c, Kind::Rook);
    let e = base + 4;
    // (right, rook from, king to, rook to, king crosses, name)
    let sides = [
        (right0, base + 7, base + 6, base + 5, base + 5, "O-O"),
        (right0 + 1, base, base + 2, base + 3, base + 3, "O-O-O"),
    ];
    for (right, rook_from, king_to, rook_to, crossed, text) in sides {
        if !pos.castling[right]
            || !contains(&pos.board[e], king)
            || !contains(&pos.board[rook_from], rook)
        {
            continue;
        }
        let enemy = c.other();
        if [e, crossed, king_to]
            .iter()
            .any(|&s| attacked(&pos.board, s, enemy))
        {
            continue;
        }
        let mut results: Vec<Position> = Vec::new();
        for king_first in [false, true] {
            let moves = if king_first {
                [(king, e, king_to), (rook, rook_from, rook_to)]
            } else {
                [(rook, rook_from, rook_to), (king, e, king_to)]
            };
            let mut board = pos.board;
            let mut ok = true;
            for (i, (u, from, to)) in moves.into_iter().enumerate() {
                board[from] = with_removed(&board[from], u);
                match castle_slide(&board, from, to, u, i == 0) {
                    Some(cell) => board[to] = cell,
                    None => {
                        ok = false;
                        break;
                    }
                }
            }
            if ok {
                let mut next = pos.clone();
                next.board = board;
                next.castling[right0] = false;
                next.castling[right0 + 1] = false;
                next.ep = None;
                if !results.contains(&next) {
                    results.push(next);
                }
            }
        }
        for next in results {
            finish(pos, next, false, text.to_string(), out);
        }
    }
}

/// All legal turns, one per distinct resulting position (see the module doc).
pub(crate) fn legal_turns(pos: &Position, mode: Promotion) -> Vec<Turn> {
    let mut all = Vec::new();
    for from in 0..64 {
        let cell = pos.board[from];
        let mine: Vec<Unit> = units(&cell)
            .into_iter()
            .filter(|u| u.colour == pos.side)
            .collect();
        let mut seen = Vec::new();
        for &u in &mine {
            if seen.contains(&u) {
                continue;
            }
            seen.push(u);
            if u.kind == Kind::Pawn {
                pawn_turns(pos, from, mode, &mut all);
            } else {
                single_turns(pos, from, u, &mut all);
            }
        }
        if mine.len() == 2 {
            pair_turns(pos, from, &mut all);
        }
    }
    castling_turns(pos, &mut all);
    let mut seen = HashSet::new();
    all.retain(|t| seen.insert(t.pos.clone()));
    all
}

pub(crate) fn perft(pos: &Position, depth: u32, mode: Promotion) -> u64 {
    if depth == 0 {
        return 1;
    }
    let turns = legal_turns(pos, mode);
    if depth == 1 {
        return turns.len() as u64;
    }
    turns.iter().map(|t| perft(&t.pos, depth - 1, mode)).sum()
}
