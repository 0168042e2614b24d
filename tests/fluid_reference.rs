//! An independent, brute-force reference model of **Fluid Chess**, written
//! from the rules reference `shared/rules/fluid.md` (seed text
//! `shared/seeds/004_c51a8ae3c5092ef4.txt`). It shares no code with the
//! engine (std only, no `use changeling::...`) so that it can later be used
//! to cross-check the engine's perft counts. It favours plain code over
//! speed.
//!
//! # Model
//!
//! * Board: 64 cells, each holding 0, 1 or 2 units; a unit is a colour and
//!   one of King, Rook, Bishop, Moo, Pawn (section 2). A cell's units are
//!   kept sorted (White before Black, then K R B N P) so that equal
//!   contents compare equal: stacks are unordered pairs (OQ-12). A Queen is
//!   exactly the stack {Bishop, Rook} of one colour (section 3, OQ-2).
//! * FEN dialect: standard FEN; a cell may be a parenthesised group such as
//!   `(RN)` (White rook + Moo) or `(Rn)` (mixed: White rook, Black Moo).
//!   `Q`/`q` means `(BR)`/`(br)`, `N`/`n` is the Moo. The reader accepts the
//!   units of a group in any order and a `Q` inside a group; the writer is
//!   canonical: a same-colour B+R pair is written `Q`/`q`, every other
//!   two-unit cell is a group in the order White's unit first, then
//!   K R B N P: `(KR)`, `(KN)`, `(RN)`, `(BN)`, `(RR)`, mixed `(Rn)`,
//!   `(Pb)`, `(Bk)`. A group holds exactly two units, so a mixed cell never
//!   contains a queen.
//! * Passable square for a single moving unit (section 2, OQ-3): empty, or
//!   exactly one unit that is friendly and not a pawn. Pawns never pass
//!   anything. A pair's path squares must be empty (OQ-4).
//! * Single-unit moves (5A): any unit of the side to move, alone or one of
//!   the two units of a stack or mixed cell, moves as if alone; landing per
//!   the capture table of section 6 (see `single_landings`).
//! * Pair moves (5B, OQ-4): two friendly units that share a cell move to any
//!   destination one of them reaches by its own pattern over empty
//!   intermediate squares; the destination must be empty or hold only enemy
//!   units, all captured. A pair with the King is allowed (OQ-6).
//! * Moo (OQ-7): the 8 knight targets, each through two possible
//!   intermediate squares (the orthogonal one and the diagonal one next to
//!   both start and target); at least one must be passable (empty for a
//!   pair).
//! * Castling (section 7, OQ-8): both orders are tried; the first piece must
//!   land on an empty square, the second passes the first and may land on a
//!   single friendly non-pawn unit. The King must not be in check and the
//!   squares it crosses and lands on must not be attacked in the position
//!   before castling. As it turns out, whenever both orders are legal both
//!   intermediate target squares are empty, so both orders always give the
//!   same position; they count once.
//! * Pawns (OQ-10): FIDE moves; a pawn moves forward only to an empty cell,
//!   captures diagonally (one enemy unit, or one chosen unit of an enemy
//!   stack, making a mixed cell; never into a mixed cell), en passant.
//!   Promotion per option (section 9, OQ-9): `standard` Q(=B+R)/R/B/N,
//!   `single` R/B/N, `doubled` B+R / B+N / R+N; a doubled piece is illegal on
//!   a mixed cell, so under `doubled` a promoting capture of one unit of a
//!   stack has no legal form at all.
//! * Attack (section 8): square `s` is attacked by side X when an X unit
//!   (possibly one unit of a stack or mixed cell) could make a single-unit
//!   capture onto `s`: its path squares must be passable for X (empty or a
//!   single X non-pawn unit; the text says "a single unit friendly to the
//!   attacker", we read it with section 2's passability, so an X pawn is a
//!   screen that blocks X's own rays). A non-pawn cannot capture into a cell
//!   also holding an X pawn, and an X pawn cannot capture into a cell that
//!   holds any X unit (the mixed-King case of section 8). The King is in
//!   check when its cell is attacked, also when stacked (OQ-6). A turn is
//!   legal when the mover's King is not attacked afterwards.
//!
//! # Counting (perft)
//!
//! A node's children are the distinct resulting positions of its legal
//! turns (board, side, castling rights, en passant square, clocks). We read
//! the rules as: a move is a set of choices (which unit or pair, the
//! destination, the captured unit, the promotion, the castling order), and
//! choices that cannot be told apart in the result are one move: the Moo's
//! two paths to one square, a pair destination reachable by both
//! components (OQ-4 "two of the same piece gain no additional moves"), the
//! two units of an R+R stack, choosing between two identical enemy units,
//! and the two castling orders (section 7, last line). Conversely every
//! pair of different choices in this model gives a different position, so
//! counting distinct positions is the same as counting distinct
//! (choices, result) turns.
//!
//! # Readings of ambiguous points
//!
//! * Castling rights: a right is lost when the King moves (alone or in a
//!   pair), when a Rook of that colour leaves its corner (alone or in a
//!   pair) or is captured there. Another unit leaving a corner or `e1`/`e8`
//!   keeps the right. Units are anonymous, so with two rooks stacked on a
//!   corner, any rook leaving it clears the right. Castling needs the right
//!   and a King on `e1`/`e8` and a Rook on the corner (possibly stacked).
//! * The en passant square is written after every double step (as in FEN),
//!   whether or not a capture is possible.
//! * Half-move clock: reset by pawn moves and by any capture.
//! * Pair paths (OQ-4) for a Moo component: at least one of the two
//!   intermediate squares must be empty. A King in a pair rides along any
//!   pair move, including a long rook or bishop slide (OQ-6).
//! * A pawn's own screens: section 8's "a single unit friendly to the
//!   attacker" is read as "passable for the attacker" (section 2), so an
//!   attacker's own pawn blocks its rays (see "Attack" above).
//! * A King may capture the enemy unit of a mixed cell whose other unit is a
//!   friendly non-pawn (section 6, row 3 applies to every non-pawn), and may
//!   join a single friendly non-pawn (OQ-6).
//! * Not modelled, as perft does not need them: the 50-move rule,
//!   repetition, and the mate / stalemate verdicts.
//!
//! # Recorded counts (model output, to be cross-checked against the engine)
//!
//! Start position: 29, 841, 26334, 823033 (depths 1-4; depths 1 and 2 were
//! derived by hand, the same under all three promotion options). The three
//! `MIDDLEGAMES` positions, depths 1-3: 68 / 5268 / 340183 (depth 1 by
//! hand), 54 / 4430 / 229601 (depth 1 by hand), 55 / 1077 / 59294 (depth 1
//! by hand).

use std::collections::{BTreeSet, HashSet};
use std::fmt::Write as _;

#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug)]
enum Colour {
    White,
    Black,
}

impl Colour {
    fn other(self) -> Colour {
        match self {
            Colour::White => Colour::Black,
            Colour::Black => Colour::White,
        }
    }
}

#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug)]
enum Kind {
    King,
    Rook,
    Bishop,
    Moo,
    Pawn,
}

#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug)]
struct Unit {
    colour: Colour,
    kind: Kind,
}

impl Unit {
    fn new(colour: Colour, kind: Kind) -> Unit {
        Unit { colour, kind }
    }

    fn letter(self) -> char {
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

    fn from_letter(c: char) -> Option<Unit> {
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
type Cell = [Option<Unit>; 2];

const EMPTY: Cell = [None, None];

fn cell_of(units: &[Unit]) -> Cell {
    assert!(units.len() <= 2, "a square holds at most two units");
    let mut v = units.to_vec();
    v.sort();
    [v.first().copied(), v.get(1).copied()]
}

fn units(cell: &Cell) -> Vec<Unit> {
    cell.iter().flatten().copied().collect()
}

fn count(cell: &Cell) -> usize {
    cell.iter().flatten().count()
}

fn with_removed(cell: &Cell, u: Unit) -> Cell {
    let mut v = units(cell);
    let i = v.iter().position(|&x| x == u).expect("unit to remove");
    v.remove(i);
    cell_of(&v)
}

fn contains(cell: &Cell, u: Unit) -> bool {
    cell.iter().flatten().any(|&x| x == u)
}

/// Text of one cell (non-empty): a letter, `Q`/`q`, or a group.
fn cell_text(cell: &Cell) -> String {
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

fn valid_cell(cell: &Cell) -> bool {
    match units(cell).as_slice() {
        [a, b] if a.colour == b.colour => a.kind != Kind::Pawn && b.kind != Kind::Pawn,
        [a, b] => !(a.kind == Kind::Pawn && b.kind == Kind::Pawn),
        _ => true,
    }
}

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Promotion {
    Standard,
    Single,
    Doubled,
}

#[derive(Clone, PartialEq, Eq, Hash, Debug)]
struct Position {
    board: [Cell; 64],
    side: Colour,
    /// White O-O, White O-O-O, Black O-O, Black O-O-O.
    castling: [bool; 4],
    ep: Option<usize>,
    halfmove: u32,
    fullmove: u32,
}

fn sq_name(sq: usize) -> String {
    format!("{}{}", (b'a' + (sq % 8) as u8) as char, sq / 8 + 1)
}

fn sq_parse(s: &str) -> Option<usize> {
    let b = s.as_bytes();
    if b.len() != 2 || !(b'a'..=b'h').contains(&b[0]) || !(b'1'..=b'8').contains(&b[1]) {
        return None;
    }
    Some((b[1] - b'1') as usize * 8 + (b[0] - b'a') as usize)
}

fn offset(sq: usize, df: i32, dr: i32) -> Option<usize> {
    let f = (sq % 8) as i32 + df;
    let r = (sq / 8) as i32 + dr;
    ((0..8).contains(&f) && (0..8).contains(&r)).then(|| (r * 8 + f) as usize)
}

fn parse_fen(fen: &str) -> Result<Position, String> {
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

fn placement(pos: &Position) -> String {
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

fn write_fen(pos: &Position) -> String {
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

const ORTHO: [(i32, i32); 4] = [(1, 0), (-1, 0), (0, 1), (0, -1)];
const DIAG: [(i32, i32); 4] = [(1, 1), (1, -1), (-1, 1), (-1, -1)];
const MOO: [(i32, i32); 8] = [
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
fn moo_middles(df: i32, dr: i32) -> [(i32, i32); 2] {
    if dr.abs() == 2 {
        [(0, dr / 2), (df, dr / 2)]
    } else {
        [(df / 2, 0), (df / 2, dr)]
    }
}

/// Passable for a single unit of `colour`: empty, or one friendly non-pawn.
fn passable(board: &[Cell; 64], sq: usize, colour: Colour) -> bool {
    match units(&board[sq]).as_slice() {
        [] => true,
        [u] => u.colour == colour && u.kind != Kind::Pawn,
        _ => false,
    }
}

/// Squares a non-pawn unit of `kind` reaches from `from`, with path squares
/// passable for a single unit (`pair == false`) or empty (`pair == true`).
/// Whether it may land there is decided by the caller.
fn reach(board: &[Cell; 64], from: usize, kind: Kind, colour: Colour, pair: bool) -> Vec<usize> {
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
fn single_landings(cell: &Cell, mover: Unit) -> Vec<(Cell, Option<Unit>)> {
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

fn corner_right(sq: usize, colour: Colour) -> Option<usize> {
    match (colour, sq) {
        (Colour::White, 7) => Some(0),
        (Colour::White, 0) => Some(1),
        (Colour::Black, 63) => Some(2),
        (Colour::Black, 56) => Some(3),
        _ => None,
    }
}

/// Update castling rights for `u` leaving (or being captured on) `sq`.
fn lose_rights(castling: &mut [bool; 4], u: Unit, sq: usize) {
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
fn attacked(board: &[Cell; 64], sq: usize, by: Colour) -> bool {
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

fn king_attacked(pos: &Position, colour: Colour) -> bool {
    let king = Unit::new(colour, Kind::King);
    (0..64).any(|sq| contains(&pos.board[sq], king) && attacked(&pos.board, sq, colour.other()))
}

/// A generated turn: a short description and the resulting position.
struct Turn {
    text: String,
    pos: Position,
}

fn finish(
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

fn promotion_choices(mode: Promotion, mixed: bool, colour: Colour) -> Vec<Vec<Unit>> {
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

fn pawn_turns(pos: &Position, from: usize, mode: Promotion, out: &mut Vec<Turn>) {
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

fn single_turns(pos: &Position, from: usize, u: Unit, out: &mut Vec<Turn>) {
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

fn pair_turns(pos: &Position, from: usize, out: &mut Vec<Turn>) {
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
fn castle_slide(
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

fn castling_turns(pos: &Position, out: &mut Vec<Turn>) {
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
fn legal_turns(pos: &Position, mode: Promotion) -> Vec<Turn> {
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

fn perft(pos: &Position, depth: u32, mode: Promotion) -> u64 {
    if depth == 0 {
        return 1;
    }
    let turns = legal_turns(pos, mode);
    if depth == 1 {
        return turns.len() as u64;
    }
    turns.iter().map(|t| perft(&t.pos, depth - 1, mode)).sum()
}

// ---------------------------------------------------------------------
// Test helpers
// ---------------------------------------------------------------------

const START: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

fn pos(fen: &str) -> Position {
    parse_fen(fen).unwrap_or_else(|e| panic!("{fen}: {e}"))
}

/// Descriptions of the legal turns whose text starts with `prefix`.
fn texts(fen: &str, mode: Promotion, prefix: &str) -> BTreeSet<String> {
    legal_turns(&pos(fen), mode)
        .into_iter()
        .map(|t| t.text)
        .filter(|t| t.starts_with(prefix))
        .collect()
}

fn set(items: &[&str]) -> BTreeSet<String> {
    items.iter().map(|s| s.to_string()).collect()
}

/// The resulting FEN of the unique turn described by `text`.
fn after(fen: &str, mode: Promotion, text: &str) -> String {
    let turns: Vec<Turn> = legal_turns(&pos(fen), mode)
        .into_iter()
        .filter(|t| t.text == text)
        .collect();
    assert_eq!(turns.len(), 1, "turn {text} in {fen}");
    write_fen(&turns[0].pos)
}

// ---------------------------------------------------------------------
// Tests
// ---------------------------------------------------------------------

const MIDDLEGAMES: [&str; 3] = [
    // White Moo+Bishop stack on e3, Black bishop+Moo stack on e6, queens.
    "r3k2r/pp3ppp/2p1(bn)q2/3pp3/1b1PP3/2N1(BN)Q2/PPP2PPP/R3K2R w KQkq - 4 9",
    // A mixed square (White rook + Black Moo) on d5, a King+Rook stack on g1.
    "2r2rk1/pp3pp1/2n1b2p/3(Rn)4/8/2Q1B3/PP3PPP/6(KR)1 b - - 0 18",
    // Black King stacked with a Moo on g8; promotion and en passant around.
    "3r2(kn)1/1P3ppp/8/2Pp4/8/5N2/5PPP/R1(BN)1K2R w KQ d6 0 22",
];

#[test]
fn reference_fen_round_trips() {
    let fens = [
        START,
        "4k3/8/8/3(Rn)4/8/8/8/4K3 w - - 0 1",
        "4k3/8/2(RN)5/8/3(Pb)4/8/8/(KR)7 b - - 3 40",
        "4k3/8/8/8/8/8/8/4K2R w K - 0 1",
        "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq e6 0 2",
        MIDDLEGAMES[0],
        MIDDLEGAMES[1],
        MIDDLEGAMES[2],
    ];
    for fen in fens {
        assert_eq!(write_fen(&pos(fen)), fen);
    }
    // Non-canonical input: group order, `(BR)` and `(RB)` are the Queen,
    // `(Nr)` is written White first.
    let p = pos("(rb)3k3/8/8/3(nR)4/8/8/8/(BR)3K3 w - - 0 1");
    assert_eq!(write_fen(&p), "q3k3/8/8/3(Rn)4/8/8/8/Q3K3 w - - 0 1");
    assert_eq!(
        pos("(BR)7/8/8/8/8/8/8/8 w - - 0 1"),
        pos("Q7/8/8/8/8/8/8/8 w - - 0 1")
    );
    // Illegal contents are refused: three units, a pawn in a stack, two pawns.
    for bad in [
        "(QN)7/8/8/8/8/8/8/8 w - - 0 1",
        "(RP)7/8/8/8/8/8/8/8 w - - 0 1",
        "(Pp)7/8/8/8/8/8/8/8 w - - 0 1",
        "(RNB)7/8/8/8/8/8/8/8 w - - 0 1",
    ] {
        assert!(parse_fen(bad).is_err(), "{bad}");
    }
}

// Section 6, row 1: a single unit takes a lone enemy unit.
#[test]
fn capture_single_takes_lone_enemy() {
    let fen = "k7/8/8/3n4/8/8/8/3RK3 w - - 0 1";
    assert_eq!(
        texts(fen, Promotion::Standard, "Rd1"),
        set(&[
            "Rd1a1", "Rd1b1", "Rd1c1", "Rd1d2", "Rd1d3", "Rd1d4", "Rd1xd5", "Rd1e1", "Rd1f1",
            "Rd1g1", "Rd1h1",
        ])
    );
    assert_eq!(
        after(fen, Promotion::Standard, "Rd1xd5"),
        "k7/8/8/3R4/8/8/8/4K3 b - - 0 1"
    );
}

// Section 6, row 2: a single unit takes one chosen unit of an enemy stack
// (here a queen) and shares the square with the survivor.
#[test]
fn capture_single_takes_one_unit_of_enemy_stack() {
    let fen = "k7/8/8/3q4/8/8/8/3RK3 w - - 0 1";
    assert_eq!(
        texts(fen, Promotion::Standard, "Rd1x"),
        set(&["Rd1xd5/b", "Rd1xd5/r"])
    );
    assert_eq!(
        after(fen, Promotion::Standard, "Rd1xd5/b"),
        "k7/8/8/3(Rr)4/8/8/8/4K3 b - - 0 1"
    );
    assert_eq!(
        after(fen, Promotion::Standard, "Rd1xd5/r"),
        "k7/8/8/3(Rb)4/8/8/8/4K3 b - - 0 1"
    );
    // Two identical victims are one choice.
    let fen = "k7/8/8/3(rr)4/8/8/8/3RK3 w - - 0 1";
    assert_eq!(texts(fen, Promotion::Standard, "Rd1x"), set(&["Rd1xd5/r"]));
}

// Section 6, row 3: a single non-pawn takes the enemy unit of a mixed square
// holding a friendly non-pawn; Bishop + Rook become a Queen (OQ-2).
#[test]
fn capture_into_mixed_square_makes_a_stack() {
    let fen = "7k/8/8/3(Bn)4/8/8/8/3RK3 w - - 0 1";
    assert_eq!(
        after(fen, Promotion::Standard, "Rd1xd5/n"),
        "7k/8/8/3Q4/8/8/8/4K3 b - - 0 1"
    );
    // The White bishop on the mixed square moves as if alone.
    assert_eq!(
        after(fen, Promotion::Standard, "Bd5h1"),
        "7k/8/8/3n4/8/8/8/3RK2B b - - 1 1"
    );
}

// Section 6, row 4: a mixed square whose friendly unit is a pawn cannot be
// entered, and a pawn cannot capture into a mixed square.
#[test]
fn capture_into_mixed_square_illegal_cases() {
    let fen = "k7/8/8/3(Pn)4/8/8/8/3RK3 w - - 0 1";
    assert_eq!(
        texts(fen, Promotion::Standard, "Rd1"),
        set(&[
            "Rd1a1", "Rd1b1", "Rd1c1", "Rd1d2", "Rd1d3", "Rd1d4", "Rd1e1", "Rd1f1", "Rd1g1",
            "Rd1h1",
        ])
    );
    let fen = "k7/8/8/3(Bn)4/2P5/8/8/4K3 w - - 0 1";
    assert_eq!(texts(fen, Promotion::Standard, "P"), set(&["Pc4c5"]));
}

// Section 6, rows 5-7: pairs take one or two enemy units, never a square
// with a friend; pair paths must be empty (OQ-4).
#[test]
fn capture_by_pair() {
    let fen = "7k/8/8/8/b7/8/8/(RN)3K3 w - - 0 1";
    assert_eq!(
        after(fen, Promotion::Standard, "(RN)a1xa4"),
        "7k/8/8/8/(RN)7/8/8/4K3 b - - 0 1"
    );
    let fen = "7k/8/8/8/q7/8/8/(RN)3K3 w - - 0 1";
    assert_eq!(
        after(fen, Promotion::Standard, "(RN)a1xa4"),
        "7k/8/8/8/(RN)7/8/8/4K3 b - - 0 1"
    );
    assert_eq!(
        texts(fen, Promotion::Standard, "Ra1x"),
        set(&["Ra1xa4/b", "Ra1xa4/r"])
    );
}

// Stack moves: together (pair), split (either unit alone), and the pair
// blocked by a friend it could join singly.
#[test]
fn stack_moves_together_and_split() {
    let fen = "7k/8/8/8/B7/8/8/(RN)3K3 w - - 0 1";
    let m = Promotion::Standard;
    assert_eq!(
        texts(fen, m, "(RN)a1"),
        set(&[
            "(RN)a1a2", "(RN)a1a3", "(RN)a1b1", "(RN)a1c1", "(RN)a1d1", "(RN)a1b3", "(RN)a1c2",
        ])
    );
    assert_eq!(texts(fen, m, "Na1"), set(&["Na1b3", "Na1c2"]));
    assert_eq!(
        texts(fen, m, "Ra1"),
        set(&[
            "Ra1a2", "Ra1a3", "Ra1a4", "Ra1a5", "Ra1a6", "Ra1a7", "Ra1a8", "Ra1b1", "Ra1c1",
            "Ra1d1", "Ra1e1", "Ra1f1", "Ra1g1", "Ra1h1",
        ])
    );
    // The rook joins the bishop: a Queen. The Moo stays behind.
    assert_eq!(after(fen, m, "Ra1a4"), "7k/8/8/8/Q7/8/8/N3K3 b - - 1 1");
    // The rook joins the King, then passes it.
    assert_eq!(after(fen, m, "Ra1e1"), "7k/8/8/8/B7/8/8/N3(KR)3 b - - 1 1");
    assert_eq!(after(fen, m, "Ra1h1"), "7k/8/8/8/B7/8/8/N3K2R b - - 1 1");
    assert_eq!(
        after(fen, m, "(RN)a1c2"),
        "7k/8/8/8/B7/8/2(RN)5/4K3 b - - 1 1"
    );
}

// OQ-2: the Queen splits into its Rook or its Bishop, or moves as a pair.
#[test]
fn queen_splits_into_bishop_and_rook() {
    let fen = "8/7k/8/8/3Q4/8/8/7K w - - 0 1";
    let m = Promotion::Standard;
    // 7 + 7 rook squares, 13 bishop squares, and their union as a pair.
    assert_eq!(texts(fen, m, "Rd4").len(), 14);
    assert_eq!(texts(fen, m, "Bd4").len(), 13);
    assert_eq!(texts(fen, m, "Qd4").len(), 27);
    assert_eq!(after(fen, m, "Rd4d8"), "3R4/7k/8/8/3B4/8/8/7K b - - 1 1");
    assert_eq!(after(fen, m, "Bd4a7"), "8/B6k/8/8/3R4/8/8/7K b - - 1 1");
    assert_eq!(after(fen, m, "Qd4g7"), "8/6Qk/8/8/8/8/8/7K b - - 1 1");
    assert_eq!(legal_turns(&pos(fen), m).len(), 14 + 13 + 27 + 3);
}

// Section 2 / OQ-3: pass through one friend or two friends in a row;
// blocked by a pawn, by an enemy (captured), by a stack.
#[test]
fn pass_through_cases() {
    let fen = "7k/3N4/3B4/8/2nR1(BN)2/3P4/8/7K w - - 0 1";
    assert_eq!(
        texts(fen, Promotion::Standard, "Rd4"),
        set(&["Rd4d5", "Rd4d6", "Rd4d7", "Rd4d8", "Rd4xc4", "Rd4e4"])
    );
    // The stack on f4 can neither be passed nor joined by the rook; the
    // pawn on d3 neither. The rook joining the Moo on d7 after passing the
    // bishop:
    assert_eq!(
        after(fen, Promotion::Standard, "Rd4d7"),
        "7k/3(RN)4/3B4/8/2n2(BN)2/3P4/8/7K b - - 1 1"
    );
    // A Moo has two paths (OQ-7): from b1 to c3 via b2 or c2. One blocked
    // path is enough; both blocked is not; one move even with both open.
    let m = Promotion::Standard;
    assert_eq!(
        texts("7k/8/8/8/8/8/1P6/1N5K w - - 0 1", m, "Nb1"),
        set(&["Nb1a3", "Nb1c3", "Nb1d2"])
    );
    assert_eq!(
        texts("7k/8/8/8/8/8/1PP5/1N5K w - - 0 1", m, "Nb1"),
        set(&["Nb1a3", "Nb1d2"])
    );
    // a3 needs b2 or a2; c3 needs b2 or c2; d2 needs c1 (Bishop: passable)
    // or c2.
    assert_eq!(
        texts("7k/8/8/8/8/8/PPP5/1NB4K w - - 0 1", m, "Nb1"),
        set(&["Nb1d2"])
    );
    assert_eq!(
        texts("7k/8/8/8/8/8/PPP5/1N(BN)4K w - - 0 1", m, "Nb1"),
        set(&[])
    );
}

// Choices that cannot be told apart are one move: the two rooks of an R+R
// stack, a pair destination reachable by both components, the Moo's two
// paths, and the two castling orders.
#[test]
fn identical_choices_count_once() {
    let m = Promotion::Standard;
    // Single rook: a2-a8 and b1-h1 (joining, then passing, the King): 14.
    // Pair: a2-a8, b1-d1: 10. King: d1 d2 e2 f1 f2: 5.
    let p = pos("7k/8/8/8/8/8/8/(RR)3K3 w - - 0 1");
    assert_eq!(legal_turns(&p, m).len(), 14 + 10 + 5);
    // Moo b1: a3, c3, d2 with both paths open; King h1: g1 g2 h2.
    let p = pos("7k/8/8/8/8/8/8/1N5K w - - 0 1");
    assert_eq!(legal_turns(&p, m).len(), 6);
    // King: 5; Rook: h2-h8, g1 f1 e1 (joins the King) d1 c1 b1 a1: 14;
    // O-O, legal in both orders: 1.
    let p = pos("4k3/8/8/8/8/8/8/4K2R w K - 0 1");
    assert_eq!(legal_turns(&p, m).len(), 5 + 14 + 1);
    // King + Rook pair stepping to d1 (both patterns) is one move.
    let fen = "4r2k/8/8/8/8/8/8/4(KR)3 w - - 0 1";
    let to_d1 = legal_turns(&pos(fen), m)
        .into_iter()
        .filter(|t| t.text == "(KR)e1d1")
        .count();
    assert_eq!(to_d1, 1);
}

// Section 7: both orders, the text's examples and the blocked cases.
#[test]
fn castling_orders_and_blocks() {
    let m = Promotion::Standard;
    // Moo on g1: only Rook first works; the King joins the Moo.
    let fen = "4k3/8/8/8/8/8/8/4K1NR w K - 0 1";
    assert_eq!(after(fen, m, "O-O"), "4k3/8/8/8/8/8/8/5R(KN)1 b - - 1 1");
    // Bishop on f1: only King first works; the Rook joins the bishop.
    let fen = "4k3/8/8/8/8/8/8/4KB1R w K - 0 1";
    assert_eq!(after(fen, m, "O-O"), "4k3/8/8/8/8/8/8/5QK1 b - - 1 1");
    // Both f1 and g1 empty: both orders are legal and give one move.
    let fen = "4k3/8/8/8/8/8/8/4K2R w K - 0 1";
    assert_eq!(after(fen, m, "O-O"), "4k3/8/8/8/8/8/8/5RK1 b - - 1 1");
    // Both occupied: neither order.
    assert!(texts("4k3/8/8/8/8/8/8/4KBNR w K - 0 1", m, "O-O").is_empty());
    // Queen on d1: O-O-O impossible in either order.
    assert!(texts("4k3/8/8/8/8/8/8/R2QK3 w Q - 0 1", m, "O-O-O").is_empty());
    // Moo b1 and bishop c1: Rook first passes both, King joins the bishop.
    let fen = "4k3/8/8/8/8/8/8/RNB1K3 w Q - 0 1";
    assert_eq!(after(fen, m, "O-O-O"), "4k3/8/8/8/8/8/8/1N(KB)R4 b - - 1 1");
    // A pawn or an enemy unit on the path blocks.
    assert!(texts("4k3/8/8/8/8/8/8/RP2K3 w Q - 0 1", m, "O-O-O").is_empty());
    assert!(texts("4k3/8/8/8/8/8/8/Rn2K3 w Q - 0 1", m, "O-O-O").is_empty());
    // A crossed square attacked: no castling (FIDE condition).
    assert!(texts("4kr2/8/8/8/8/8/8/4K2R w K - 0 1", m, "O-O").is_empty());
    // Black castles the same way; a Moo stacked with the rook stays on h8.
    let fen = "4k2(rn)/8/8/8/8/8/8/4K3 b k - 0 1";
    assert_eq!(after(fen, m, "O-O"), "5rkn/8/8/8/8/8/8/4K3 w - - 1 2");
}

// Section 9 / OQ-9: the three promotion options, with and without a
// capture of one unit of an enemy stack.
#[test]
fn promotion_options() {
    let fen = "k2(rn)4/4P3/8/8/8/8/8/4K3 w - - 0 1";
    assert_eq!(
        texts(fen, Promotion::Standard, "P"),
        set(&[
            "Pe7e8=Q",
            "Pe7e8=R",
            "Pe7e8=B",
            "Pe7e8=N",
            "Pe7xd8/r=R",
            "Pe7xd8/r=B",
            "Pe7xd8/r=N",
            "Pe7xd8/n=R",
            "Pe7xd8/n=B",
            "Pe7xd8/n=N",
        ])
    );
    assert_eq!(
        texts(fen, Promotion::Single, "P"),
        set(&[
            "Pe7e8=R",
            "Pe7e8=B",
            "Pe7e8=N",
            "Pe7xd8/r=R",
            "Pe7xd8/r=B",
            "Pe7xd8/r=N",
            "Pe7xd8/n=R",
            "Pe7xd8/n=B",
            "Pe7xd8/n=N",
        ])
    );
    // Doubled pieces only, and never 3 units on d8.
    assert_eq!(
        texts(fen, Promotion::Doubled, "P"),
        set(&["Pe7e8=Q", "Pe7e8=(BN)", "Pe7e8=(RN)"])
    );
    assert_eq!(
        after(fen, Promotion::Standard, "Pe7e8=Q"),
        "k2(rn)Q3/8/8/8/8/8/8/4K3 b - - 0 1"
    );
    assert_eq!(
        after(fen, Promotion::Standard, "Pe7xd8/r=N"),
        "k2(Nn)4/8/8/8/8/8/8/4K3 b - - 0 1"
    );
    assert_eq!(
        after(fen, Promotion::Doubled, "Pe7e8=(RN)"),
        "k2(rn)(RN)3/8/8/8/8/8/8/4K3 b - - 0 1"
    );
}

#[test]
fn en_passant() {
    let fen = "4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 2";
    assert_eq!(
        texts(fen, Promotion::Standard, "Pe5"),
        set(&["Pe5e6", "Pe5xd6ep"])
    );
    assert_eq!(
        after(fen, Promotion::Standard, "Pe5xd6ep"),
        "4k3/8/3P4/8/8/8/8/4K3 b - - 0 2"
    );
    assert_eq!(
        after(
            "4k3/3p4/8/4P3/8/8/8/4K3 b - - 0 1",
            Promotion::Standard,
            "pd7d5"
        ),
        "4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 2"
    );
}

// Section 8: attack rays pass a single non-pawn unit friendly to the
// attacker, so the Black rook checks through its own Moo; a pawn screen
// blocks.
#[test]
fn check_through_attackers_own_screen() {
    let m = Promotion::Standard;
    let fen = "4r2k/8/8/4n3/8/8/8/4K3 w - - 0 1";
    assert!(king_attacked(&pos(fen), Colour::White));
    assert_eq!(
        texts(fen, m, ""),
        set(&["Ke1d1", "Ke1f1", "Ke1d2", "Ke1f2"])
    );
    let fen = "4r2k/8/8/4p3/8/8/8/4K3 w - - 0 1";
    assert!(!king_attacked(&pos(fen), Colour::White));
    assert_eq!(texts(fen, m, "").len(), 5);
}

// OQ-6: a King in a stack is in check; the stack may flee as a pair, the
// rook may block or capture, the King may step out.
#[test]
fn king_in_stack_in_check() {
    let fen = "4r2k/8/8/8/8/8/8/4(KR)3 w - - 0 1";
    assert!(king_attacked(&pos(fen), Colour::White));
    assert_eq!(
        texts(fen, Promotion::Standard, ""),
        set(&[
            "Ke1d1",
            "Ke1f1",
            "Ke1d2",
            "Ke1f2",
            "Re1e2",
            "Re1e3",
            "Re1e4",
            "Re1e5",
            "Re1e6",
            "Re1e7",
            "Re1xe8",
            "(KR)e1a1",
            "(KR)e1b1",
            "(KR)e1c1",
            "(KR)e1d1",
            "(KR)e1f1",
            "(KR)e1g1",
            "(KR)e1h1",
            "(KR)e1d2",
            "(KR)e1f2",
            "(KR)e1xe8",
        ])
    );
}

// Section 8: a King on a mixed square is not attacked by an enemy pawn
// (it could not share the square with its own unit), but an enemy rook may
// take the King and stack with the survivor.
#[test]
fn king_on_mixed_square() {
    assert!(!king_attacked(
        &pos("k7/8/8/2p5/3(Kb)4/8/8/8 w - - 0 1"),
        Colour::White
    ));
    assert!(king_attacked(
        &pos("k2r4/8/8/8/3(Kb)4/8/8/8 w - - 0 1"),
        Colour::White
    ));
    // The survivor itself does not attack: a Black rook on the King's square.
    assert!(!king_attacked(
        &pos("k7/8/8/8/3(Kr)4/8/8/8 w - - 0 1"),
        Colour::White
    ));
}

// Start position, depth 1, by hand (29):
// * pawns: 8 single + 8 double steps = 16;
// * Rook a1: joins the Moo on b1 or the Bishop on c1 (passing b1); d1 is a
//   queen (two units), impassable: 2;
// * Rook h1: g1 (Moo), f1 (Bishop), e1 (King, passing g1 and f1): 3;
// * Queen d1 as a pair: every neighbour is occupied: 0. Its Rook alone: c1,
//   b1, a1 (passing, joining each) and e1, f1, g1, h1: 7. Its Bishop alone:
//   c2 and e2 are pawns: 0;
// * King e1: f1 (joins the Bishop); d1 holds two units: 1;
// * Moos: b1 to a3/c3 blocked (a2, b2, c2 pawns), to d2 via c1 open but d2
//   holds a pawn; g1 alike: 0. Bishops: 0. Castling: f1/g1 and d1 occupied:
//   0.
// 16 + 2 + 3 + 7 + 1 = 29. No White move reaches Black's half, so Black
// also has 29 replies: 29 * 29 = 841.
#[test]
fn start_position_perft_1_2() {
    let p = pos(START);
    let white: BTreeSet<String> = legal_turns(&p, Promotion::Standard)
        .into_iter()
        .map(|t| t.text)
        .collect();
    let mut expected = vec![
        "Ra1b1", "Ra1c1", "Rh1g1", "Rh1f1", "Rh1e1", "Rd1a1", "Rd1b1", "Rd1c1", "Rd1e1", "Rd1f1",
        "Rd1g1", "Rd1h1", "Ke1f1",
    ]
    .into_iter()
    .map(String::from)
    .collect::<BTreeSet<_>>();
    for f in "abcdefgh".chars() {
        expected.insert(format!("P{f}2{f}3"));
        expected.insert(format!("P{f}2{f}4"));
    }
    assert_eq!(white, expected);
    for mode in [Promotion::Standard, Promotion::Single, Promotion::Doubled] {
        assert_eq!(perft(&p, 1, mode), 29);
        assert_eq!(perft(&p, 2, mode), 841);
    }
}

#[test]
#[ignore = "slow: start position perft 3 and 4"]
fn start_position_perft_3_4() {
    // Model output, to be cross-checked against the engine.
    let p = pos(START);
    let d3 = perft(&p, 3, Promotion::Standard);
    println!("start perft 3 = {d3}");
    let d4 = perft(&p, 4, Promotion::Standard);
    println!("start perft 4 = {d4}");
    assert_eq!((d3, d4), (26334, 823033));
}

#[test]
fn middlegame_perft_1_2() {
    // Depth 1 of the first position checked by hand: 68 = Rooks 7 + 7
    // (each may join the other or the King), King 4 (d1 d2 e2 f1; the c3 Moo
    // is pinned by b4), O-O and O-O-O, pawns 9 (a3 a4 b3 g3 g4 h3 h4 dxe5
    // exd5), the e3 stack 5 (Bishop) + 5 (Moo: f5 g4 c4 f1 d1) + 10 (pair),
    // the queen 6 (Rook, two ways to take f6) + 4 (Bishop) + 9 (pair).
    // Depth 1 of the second (54: d5 Moo 9, c6 Moo 7, Bishop 6, pawns 9,
    // c8 Rook 13, f8 Rook 7, King 3) and third (55: a1 Rook 8, c1 stack
    // 7 + 4 + 11, King 4, h1 Rook 4, pawns 4 + 2 + 4 promotions, f3 Moo 6,
    // O-O) were also listed and checked by hand.
    // Depth 2 is model output, to be cross-checked against the engine.
    let counts: Vec<(u64, u64)> = MIDDLEGAMES
        .iter()
        .map(|fen| {
            let p = pos(fen);
            let c = (
                perft(&p, 1, Promotion::Standard),
                perft(&p, 2, Promotion::Standard),
            );
            println!("{fen}: perft 1 = {}, perft 2 = {}", c.0, c.1);
            c
        })
        .collect();
    assert_eq!(counts, vec![(68, 5268), (54, 4430), (55, 1077)]);
}

#[test]
#[ignore = "slow: middlegame perft 3"]
fn middlegame_perft_3() {
    // Model output, to be cross-checked against the engine.
    for fen in MIDDLEGAMES {
        println!(
            "{fen}: perft 3 = {}",
            perft(&pos(fen), 3, Promotion::Standard)
        );
    }
}

// Every position reached within two plies of the test positions is made of
// legal cells and survives a FEN round trip.
#[test]
fn generated_positions_are_well_formed() {
    let mut fens = vec![START];
    fens.extend(MIDDLEGAMES);
    for fen in fens {
        for t1 in legal_turns(&pos(fen), Promotion::Standard) {
            for t2 in legal_turns(&t1.pos, Promotion::Standard) {
                for p in [&t1.pos, &t2.pos] {
                    assert!(p.board.iter().all(valid_cell), "{}", write_fen(p));
                    assert_eq!(&pos(&write_fen(p)), p);
                }
            }
        }
    }
}
