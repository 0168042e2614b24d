//! Pocket Mutation Chess (`examples/variants/pocket-mutation.variant`): a
//! brute-force reference move generator, simple rather than fast, written
//! from the rules text `../shared/rules/pocket-mutation.md` (its readings
//! OQ-1 to OQ-11; the class table of OQ-1 is the piece list). It shares no
//! code with the engine: its own board, FEN reader, attack test and move
//! generator. The counts in `tests/perft/pocket-mutation.perft` are meant
//! to be the common answer of the engine and this reference.
//!
//! With the pockets switched off and promotion to Q, R, B or N the
//! reference plays FIDE chess without castling, and `reference_fide_perft`
//! checks it against the published counts before the pocket rules are
//! trusted. The `reference_*` tests use the reference alone (`cargo test
//! --test models pocket_mutation_reference::reference_`);
//! `pocket_mutation_perft_file_*` check it against the perft file and
//! `engine_*` compare it with the engine.

use changeling::movegen::{legal_moves, perft};
use changeling::notation::{parse_fen, to_fen};
use changeling::variants::load;
use std::sync::Arc;

/// The engine's variant file.
const VARIANT: &str = "examples/variants/pocket-mutation.variant";

/// The start: the FIDE array, both pockets empty, no castling (OQ-9).
const START: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[] w - - 0 1";

/// Both pockets full, White's with a Nightrider, Black's with a Bishop.
const POCKETS: &str = "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R[Ib] w - - 2 3";

/// Bare kings with a Queen in each pocket, on White's first move.
const QUEENS: &str = "4k3/8/8/8/8/8/8/4K3[Qq] w - - 0 1";

/// Pawns on their own 8th rank and on their 2nd, en passant possible;
/// White may pocket (and promote the pawns b8 and h8), Black may drop.
const EIGHTH_RANKS: &str = "rPb1k2P/pp3ppp/8/3pP3/8/8/PPP2PPP/p1B1K1Np[q] w - d6 0 12";

/// The same board with Black to move: Black may pocket (and promote the
/// pawns a1 and h1), White may drop.
const BLACK_EIGHTH_RANKS: &str = "rPb1k2P/pp3ppp/8/3pP3/8/8/PPP2PPP/p1B1K1Np[N] b - - 0 12";

/// White's first move in a position of its own: the pocket is empty but
/// may not be used yet; from White's second move on it may.
const FIRST_MOVE: &str = "r3k3/1p6/8/8/8/8/1P6/R3K3[] w - - 0 1";

/// A piece: its kind as an upper-case FEN letter, and whether it is White's.
type Piece = (char, bool);

/// A position. Squares are numbered a1 = 0, b1 = 1, ..., h8 = 63.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
struct Pos {
    board: [Option<Piece>; 64],
    /// The pockets, White's then Black's: one kind or nothing (OQ-10).
    pockets: [Option<char>; 2],
    /// White is to move.
    white: bool,
    /// The square a pawn just skipped with a double step.
    ep: Option<usize>,
    /// The full-move number: 1 until Black has made its first move.
    fullmove: u32,
}

/// Which rules the reference plays.
#[derive(Clone, Copy, Debug)]
struct Rules {
    /// Pocketing and drops (section 4, moves 2 and 3).
    pockets: bool,
    /// What a pawn arriving on its last rank by a move may become; with
    /// none it stays a pawn (section 5).
    promotions: &'static [char],
}

/// Plain FIDE chess (no castling: the reference knows none).
const FIDE: Rules = Rules {
    pockets: false,
    promotions: &['Q', 'R', 'B', 'N'],
};

/// Pocket Mutation Chess as chosen in pocket-mutation.md.
const POCKET: Rules = Rules {
    pockets: true,
    promotions: &[],
};

/// The value classes 1 to 8 (OQ-1), lowest first, each as its pieces'
/// letters in alphabetical order. The King is in none.
const CLASSES: [&str; 8] = ["P", "BN", "DIR", "AG", "MQUV", "FWX", "HT", "Z"];

/// The ways a piece other than the pawn moves (section 3): the parts a
/// compound is made of.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Part {
    /// Orthogonal slide.
    Rook,
    /// Diagonal slide.
    Bishop,
    /// One knight leap.
    Knight,
    /// Knight leaps repeated in one direction, blocked only on the
    /// squares it lands on.
    Nightrider,
    /// One orthogonal step.
    Wazir,
    /// One diagonal step.
    Ferz,
}

const PARTS: [Part; 6] = [
    Part::Rook,
    Part::Bishop,
    Part::Knight,
    Part::Nightrider,
    Part::Wazir,
    Part::Ferz,
];

const ORTHOGONAL: [(i32, i32); 4] = [(1, 0), (-1, 0), (0, 1), (0, -1)];
const DIAGONAL: [(i32, i32); 4] = [(1, 1), (1, -1), (-1, 1), (-1, -1)];
#[rustfmt::skip]
const LEAPS: [(i32, i32); 8] = [
    (1, 2), (2, 1), (2, -1), (1, -2), (-1, -2), (-2, -1), (-2, 1), (-1, 2),
];

impl Part {
    fn vectors(self) -> &'static [(i32, i32)] {
        match self {
            Part::Rook | Part::Wazir => &ORTHOGONAL,
            Part::Bishop | Part::Ferz => &DIAGONAL,
            Part::Knight | Part::Nightrider => &LEAPS,
        }
    }

    /// Riders go on until blocked; the others make one step or leap.
    fn slides(self) -> bool {
        matches!(self, Part::Rook | Part::Bishop | Part::Nightrider)
    }
}

/// The parts of each kind, after the Betza column of section 3 ("Super"
/// adds the King's steps the piece lacks, "Rider" the Nightrider). The
/// pawn has none; the King is a Wazir and a Ferz.
fn parts(kind: char) -> &'static [Part] {
    use Part::{Bishop, Ferz, Knight, Nightrider, Rook, Wazir};
    match kind {
        'K' => &[Wazir, Ferz],
        'N' => &[Knight],
        'B' => &[Bishop],
        'R' => &[Rook],
        'I' => &[Nightrider],
        'D' => &[Bishop, Wazir],
        'A' => &[Bishop, Knight],
        'G' => &[Rook, Ferz],
        'Q' => &[Rook, Bishop],
        'M' => &[Rook, Knight],
        'U' => &[Bishop, Nightrider],
        'V' => &[Bishop, Knight, Wazir],
        'F' => &[Rook, Nightrider],
        'W' => &[Rook, Knight, Ferz],
        'X' => &[Bishop, Nightrider, Wazir],
        'T' => &[Rook, Bishop, Knight],
        'H' => &[Rook, Nightrider, Ferz],
        'Z' => &[Rook, Bishop, Nightrider],
        _ => &[],
    }
}

/// The class of a kind, counted from 0 (the pawn) to 7 (the AmazonRider).
fn class(kind: char) -> usize {
    CLASSES
        .iter()
        .position(|c| c.contains(kind))
        .unwrap_or_else(|| panic!("{kind} belongs to no class"))
}

/// What a piece may be pocketed as: any kind of its own class, or, taken
/// from its owner's 8th rank, any kind of the next class; the AmazonRider
/// has no next class and stays (section 4, OQ-2, OQ-11).
fn pocket_kinds(kind: char, from_last_rank: bool) -> &'static str {
    let c = class(kind);
    if from_last_rank {
        CLASSES[(c + 1).min(CLASSES.len() - 1)]
    } else {
        CLASSES[c]
    }
}

/// The pocket of a side: 0 for White, 1 for Black.
fn side(white: bool) -> usize {
    usize::from(!white)
}

fn file(sq: usize) -> i32 {
    (sq % 8) as i32
}

fn rank(sq: usize) -> i32 {
    (sq / 8) as i32
}

/// The rank of `sq` counted from the side of `white`'s player: 0 is its
/// own 1st rank, 7 its own 8th.
fn own_rank(sq: usize, white: bool) -> i32 {
    if white { rank(sq) } else { 7 - rank(sq) }
}

/// The square `df` files and `dr` ranks away, if it is on the board.
fn step(sq: usize, df: i32, dr: i32) -> Option<usize> {
    let (f, r) = (file(sq) + df, rank(sq) + dr);
    ((0..8).contains(&f) && (0..8).contains(&r)).then(|| (r * 8 + f) as usize)
}

/// A square from its name, such as `e4`.
fn named(name: &str) -> usize {
    let b = name.as_bytes();
    assert!(b.len() == 2, "not a square: {name}");
    let (f, r) = (b[0].wrapping_sub(b'a'), b[1].wrapping_sub(b'1'));
    assert!(f < 8 && r < 8, "not a square: {name}");
    r as usize * 8 + f as usize
}

/// Whether `kind` is a letter of this game (the 18 classed kinds or K).
fn known(kind: char) -> bool {
    kind == 'K' || CLASSES.iter().any(|c| c.contains(kind))
}

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
fn parse(fen: &str) -> Pos {
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
fn key(p: &Pos) -> String {
    let white = p.pockets[0].map(|k| letter(k, true));
    let black = p.pockets[1].map(|k| letter(k, false));
    let pockets: String = white.into_iter().chain(black).collect();
    let side = if p.white { 'w' } else { 'b' };
    format!("{}[{pockets}] {side}", placement(&p.board))
}

/// Whether a piece of side `by_white` attacks `sq`: a pawn diagonally
/// forward, or any other piece by one of its parts. Every part's vectors
/// come in opposite pairs, so each ray is followed outward from `sq`.
fn attacked(board: &[Option<Piece>; 64], sq: usize, by_white: bool) -> bool {
    let pawn = Some(('P', by_white));
    // A White pawn attacks the rank above it, a Black pawn the rank below.
    let behind = if by_white { -1 } else { 1 };
    if [-1, 1]
        .iter()
        .any(|&df| step(sq, df, behind).is_some_and(|s| board[s] == pawn))
    {
        return true;
    }
    for part in PARTS {
        for &(df, dr) in part.vectors() {
            let mut s = step(sq, df, dr);
            while let Some(t) = s {
                if let Some((kind, white)) = board[t] {
                    if white == by_white && parts(kind).contains(&part) {
                        return true;
                    }
                    break;
                }
                if !part.slides() {
                    break;
                }
                s = step(t, df, dr);
            }
        }
    }
    false
}

/// Whether side `white`'s King is attacked (no King: never).
fn in_check(board: &[Option<Piece>; 64], white: bool) -> bool {
    (0..64).any(|sq| board[sq] == Some(('K', white)) && attacked(board, sq, !white))
}

/// The position once the side to move has moved, before the board and
/// pockets change: the other side to move, no en-passant square, the
/// full-move number one higher after Black's move.
fn pass(p: &Pos) -> Pos {
    let mut c = *p;
    c.white = !p.white;
    c.ep = None;
    if !p.white {
        c.fullmove += 1;
    }
    c
}

/// The position after the piece on `from` goes to `to` (capturing what
/// stands there, which is simply removed) and stands there as `kind`.
fn after(p: &Pos, from: usize, to: usize, kind: char) -> Pos {
    let mut c = pass(p);
    c.board[from] = None;
    c.board[to] = Some((kind, p.white));
    c
}

/// Board moves of any piece but the pawn on `from`, the King included.
fn piece_moves(p: &Pos, from: usize, kind: char, out: &mut Vec<Pos>) {
    for &part in parts(kind) {
        for &(df, dr) in part.vectors() {
            let mut s = step(from, df, dr);
            while let Some(to) = s {
                match p.board[to] {
                    None => out.push(after(p, from, to, kind)),
                    Some((_, white)) => {
                        if white != p.white {
                            out.push(after(p, from, to, kind));
                        }
                        break;
                    }
                }
                if !part.slides() {
                    break;
                }
                s = step(to, df, dr);
            }
        }
    }
}

/// Pawn moves (section 5, OQ-5): one step, two from the own 2nd rank
/// whatever brought the pawn there, diagonal captures, en passant after
/// any double step. A pawn on its 8th rank has no move; one arriving
/// there becomes one of `rules.promotions`, or stays a pawn if none.
fn pawn_moves(p: &Pos, rules: Rules, from: usize, out: &mut Vec<Pos>) {
    let ahead = if p.white { 1 } else { -1 };
    let arrive = |to: usize, out: &mut Vec<Pos>| {
        if own_rank(to, p.white) == 7 && !rules.promotions.is_empty() {
            for &kind in rules.promotions {
                out.push(after(p, from, to, kind));
            }
        } else {
            out.push(after(p, from, to, 'P'));
        }
    };
    if let Some(one) = step(from, 0, ahead)
        && p.board[one].is_none()
    {
        arrive(one, out);
        if own_rank(from, p.white) == 1
            && let Some(two) = step(one, 0, ahead)
            && p.board[two].is_none()
        {
            let mut c = after(p, from, two, 'P');
            c.ep = Some(one);
            out.push(c);
        }
    }
    for df in [-1, 1] {
        let Some(to) = step(from, df, ahead) else {
            continue;
        };
        match p.board[to] {
            Some((_, white)) if white != p.white => arrive(to, out),
            None if p.ep == Some(to) => {
                let mut c = after(p, from, to, 'P');
                c.board[(rank(from) * 8 + file(to)) as usize] = None;
                out.push(c);
            }
            _ => {}
        }
    }
}

/// Pocketing (section 4, move 2): with an empty pocket, any own piece but
/// the King leaves the board for the pocket as any kind it may become.
/// Never on White's first move of the game (OQ-6).
fn pocketings(p: &Pos, out: &mut Vec<Pos>) {
    let me = side(p.white);
    if p.pockets[me].is_some() || (p.white && p.fullmove == 1) {
        return;
    }
    for from in 0..64 {
        let Some((kind, white)) = p.board[from] else {
            continue;
        };
        if white != p.white || kind == 'K' {
            continue;
        }
        for new in pocket_kinds(kind, own_rank(from, p.white) == 7).chars() {
            let mut c = pass(p);
            c.board[from] = None;
            c.pockets[me] = Some(new);
            out.push(c);
        }
    }
}

/// Drops (section 4, move 3; OQ-4): the pocketed piece goes to any empty
/// square off its owner's 8th rank, pawns included.
fn drops(p: &Pos, out: &mut Vec<Pos>) {
    let me = side(p.white);
    let Some(kind) = p.pockets[me] else {
        return;
    };
    for to in 0..64 {
        if p.board[to].is_none() && own_rank(to, p.white) != 7 {
            let mut c = pass(p);
            c.board[to] = Some((kind, p.white));
            c.pockets[me] = None;
            out.push(c);
        }
    }
}

/// The positions after every move of the side to move, its King's safety
/// not yet considered.
fn moves(p: &Pos, rules: Rules) -> Vec<Pos> {
    let mut out = Vec::new();
    for from in 0..64 {
        match p.board[from] {
            Some(('P', w)) if w == p.white => pawn_moves(p, rules, from, &mut out),
            Some((kind, w)) if w == p.white => piece_moves(p, from, kind, &mut out),
            _ => {}
        }
    }
    if rules.pockets {
        pocketings(p, &mut out);
        drops(p, &mut out);
    }
    out
}

/// The positions after every legal move: the mover's King is not
/// attacked once the move is made (section 4, OQ-7).
fn legal(p: &Pos, rules: Rules) -> Vec<Pos> {
    moves(p, rules)
        .into_iter()
        .filter(|c| !in_check(&c.board, p.white))
        .collect()
}

fn reference_perft(p: &Pos, rules: Rules, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    legal(p, rules)
        .iter()
        .map(|c| reference_perft(c, rules, depth - 1))
        .sum()
}

/// Reference perft of `fen` for depths 1, 2, ...
fn counts(fen: &str, rules: Rules, depth: u32) -> Vec<u64> {
    let p = parse(fen);
    (1..=depth).map(|d| reference_perft(&p, rules, d)).collect()
}

/// The children of `p`, each as placement, pockets and side, sorted.
fn children_of(p: &Pos, rules: Rules) -> Vec<String> {
    let mut out: Vec<String> = legal(p, rules).iter().map(key).collect();
    out.sort();
    out
}

/// The children of `fen`, each as placement, pockets and side, sorted.
fn children(fen: &str, rules: Rules) -> Vec<String> {
    children_of(&parse(fen), rules)
}

/// Whether `kids` has the child `k`.
fn has(kids: &[String], k: &str) -> bool {
    kids.iter().any(|c| c == k)
}

/// The legal child of `p` with key `k`: one move of a game.
fn play(p: &Pos, k: &str) -> Pos {
    let kids = legal(p, POCKET);
    let found = kids.iter().find(|c| key(c) == k);
    *found.unwrap_or_else(|| panic!("{k} is not a child of {}", key(p)))
}

/// How many legal children of `fen` have `from` empty and the mover's
/// pocket unchanged: the board moves of the piece standing on `from`.
fn moves_from(fen: &str, rules: Rules, from: &str) -> usize {
    let p = parse(fen);
    let me = side(p.white);
    let from = named(from);
    let kids = legal(&p, rules);
    kids.iter()
        .filter(|c| c.board[from].is_none() && c.pockets[me] == p.pockets[me])
        .count()
}

/// The kinds the side to move, its pocket empty, can pocket: sorted, one
/// letter per pocketing move.
fn pocketed(fen: &str) -> String {
    let p = parse(fen);
    let me = side(p.white);
    assert_eq!(p.pockets[me], None, "{fen}");
    let mut kinds: Vec<char> = legal(&p, POCKET)
        .iter()
        .filter_map(|c| c.pockets[me])
        .collect();
    kinds.sort_unstable();
    kinds.into_iter().collect()
}

/// Without pockets, and promoting to Q, R, B or N, the reference plays
/// FIDE chess: the published counts of position 3 of the Chess
/// Programming Wiki and of the start position, castling rights taken away
/// (castling could happen only from depth 5 on).
#[test]
fn reference_fide_perft() {
    let third = "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1";
    assert_eq!(counts(third, FIDE, 4), [14, 191, 2812, 43_238]);
    let start = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w - - 0 1";
    assert_eq!(counts(start, FIDE, 4), [20, 400, 8902, 197_281]);
}

/// Every kind alone on d4 of an empty board (kings b1 and g8, out of all
/// its lines), counted by hand from its parts: Rook 14, Bishop 13, Knight
/// 8, Nightrider 12 (e6 f8, f5 h6, f3 h2, e2, c2, b3, b5, c6 b8), Wazir
/// 4, Ferz 4; the pawn has d5.
#[test]
fn reference_each_kind_on_an_empty_board() {
    #[rustfmt::skip]
    let expected = [
        ('P', 1), ('N', 8), ('B', 13), ('R', 14), ('I', 12), ('D', 17),
        ('A', 21), ('G', 18), ('Q', 27), ('M', 22), ('U', 25), ('V', 25),
        ('F', 26), ('W', 26), ('X', 29), ('T', 35), ('H', 30), ('Z', 39),
    ];
    for (kind, n) in expected {
        let fen = format!("6k1/8/8/8/3{kind}4/8/8/1K6 w - - 0 1");
        assert_eq!(moves_from(&fen, FIDE, "d4"), n, "{kind} on d4");
    }
    // All moves, the King's included (a1: 3 steps, b1: 5).
    let count = |fen: &str| legal(&parse(fen), FIDE).len();
    assert_eq!(count("7k/8/8/8/3I4/8/8/K7 w - - 0 1"), 12 + 3);
    assert_eq!(count("6k1/8/8/8/3D4/8/8/1K6 w - - 0 1"), 17 + 5);
    assert_eq!(count("6k1/8/8/8/3Z4/8/8/1K6 w - - 0 1"), 39 + 5);
}

/// A Nightrider is blocked only where it lands: an enemy on e6 is taken
/// and stops the line to f8, an own pawn on f5 closes f5 and h6, the
/// pawns on d5 and e4 are in no line. 12 - 1 - 2 = 9.
#[test]
fn reference_nightrider_blocked_only_on_landing_squares() {
    let fen = "7k/8/4p3/3P1P2/3IP3/8/8/K7 w - - 0 1";
    assert_eq!(moves_from(fen, FIDE, "d4"), 9);
    let kids = children(fen, FIDE);
    assert!(has(&kids, "7k/8/4I3/3P1P2/4P3/8/8/K7[] b"));
    assert!(!has(&kids, "5I1k/8/4p3/3P1P2/4P3/8/8/K7[] b"));
    assert!(has(&kids, "1I5k/8/4p3/3P1P2/4P3/8/8/K7[] b"));
    // Its attack reaches g4 from a1 by c2 and e3, unless e3 is occupied.
    let g4 = named("g4");
    // Pawns on b2 and d3, between the landing squares, do not block it.
    assert!(attacked(
        &parse("8/8/8/8/6k1/3P4/1P6/I6K b").board,
        g4,
        true
    ));
    assert!(!attacked(&parse("8/8/8/8/6k1/4P3/8/I6K b").board, g4, true));
}

/// The Super pieces step like a King but are not royal: each SuperRook
/// on g1 and h1 attacks the other, and White may leave its own attacked.
#[test]
fn reference_super_pieces_attack_but_are_not_royal() {
    let fen = "7k/8/8/8/8/8/K7/6gG w - - 0 2";
    let p = parse(fen);
    // G h1 reaches g2 by its diagonal step, g1's by its rook part.
    assert!(attacked(&p.board, named("g2"), true));
    assert!(attacked(&p.board, named("g2"), false));
    assert!(!attacked(&p.board, named("g3"), true));
    assert!(attacked(&p.board, named("h1"), false));
    // The King steps away (a3, b3, b2; a1 and b1 are on the rank of g1).
    let kids = children(fen, POCKET);
    assert!(has(&kids, "7k/8/8/8/8/K7/8/6gG[] b"));
    assert!(!has(&kids, "7k/8/8/8/8/8/8/K5gG[] b"));
    assert!(has(&kids, "7k/8/8/8/8/8/K7/6G1[] b"));
}

/// The piece list of OQ-1: pocketed from the own 3rd rank a piece may be
/// any kind of its class (its own included); from the own 8th rank any
/// kind of the next class, the AmazonRider staying an AmazonRider.
#[test]
fn reference_mutation_choices_by_class() {
    #[rustfmt::skip]
    let expected = [
        ('P', "P", "BN"),
        ('N', "BN", "DIR"), ('B', "BN", "DIR"),
        ('R', "DIR", "AG"), ('I', "DIR", "AG"), ('D', "DIR", "AG"),
        ('A', "AG", "MQUV"), ('G', "AG", "MQUV"),
        ('Q', "MQUV", "FWX"), ('M', "MQUV", "FWX"),
        ('U', "MQUV", "FWX"), ('V', "MQUV", "FWX"),
        ('F', "FWX", "HT"), ('W', "FWX", "HT"), ('X', "FWX", "HT"),
        ('T', "HT", "Z"), ('H', "HT", "Z"),
        ('Z', "Z", "Z"),
    ];
    for (kind, kept, promoted) in expected {
        let third = format!("8/8/8/8/8/3{kind}4/7k/K7 w - - 0 2");
        assert_eq!(pocketed(&third), kept, "{kind} from d3");
        let eighth = format!("3{kind}4/8/8/8/8/8/7k/K7 w - - 0 2");
        assert_eq!(pocketed(&eighth), promoted, "{kind} from d8");
    }
}

/// A rook on a3: three pocketing moves, as R, I or D, beside its 14 board
/// moves and the King's 5 (d1 d2 e2 f2 f1).
#[test]
fn reference_rook_pocketed_as_rook_nightrider_or_superbishop() {
    let kids = children("4k3/8/8/8/8/R7/8/4K3[] w - - 0 2", POCKET);
    for kind in ['R', 'I', 'D'] {
        assert!(has(&kids, &format!("4k3/8/8/8/8/8/8/4K3[{kind}] b")));
    }
    assert_eq!(kids.len(), 3 + 14 + 5);
}

/// From the own 8th rank the change is a promotion and compulsory: a
/// Bishop on c8 only becomes R, I or D, a pawn on d8 N or B (and has no
/// board move). For Black the 8th rank is rank 1.
#[test]
fn reference_pocketing_from_the_eighth_rank_promotes() {
    let bishop = children("2B4k/8/8/8/8/8/8/K7 w - - 0 2", POCKET);
    let promoted = bishop.iter().filter(|k| !k.contains("[]")).count();
    let expected = ["R", "I", "D"].map(|k| format!("7k/8/8/8/8/8/8/K7[{k}] b"));
    assert_eq!(promoted, 3);
    for k in &expected {
        assert!(has(&bishop, k), "{k}");
    }
    let pawn = children("3P3k/8/8/8/8/8/8/K7 w - - 0 2", POCKET);
    // Pocketed as N or B; the King's a2, b1, b2; no pawn move.
    assert_eq!(pawn.len(), 2 + 3);
    assert!(has(&pawn, "7k/8/8/8/8/8/8/K7[N] b"));
    assert!(has(&pawn, "7k/8/8/8/8/8/8/K7[B] b"));
    assert_eq!(pocketed("4k3/8/8/8/8/8/K7/7r b - - 0 2"), "AG");
    assert_eq!(pocketed("4k2r/8/8/8/8/8/8/K7 b - - 0 2"), "DIR");
    assert_eq!(pocketed("4k3/8/8/8/8/8/8/K2p4 b - - 0 2"), "BN");
}

/// Pawns never promote by moving: d7-d8 and d7xc8 leave pawns on the 8th
/// rank. Pawn 2, King 3, pocketing the pawn (from rank 7: a pawn) 1; as
/// FIDE chess each pawn move is four promotions.
#[test]
fn reference_pawn_reaching_the_eighth_rank_stays_a_pawn() {
    let fen = "2n4k/3P4/8/8/8/8/8/K7 w - - 0 2";
    let kids = children(fen, POCKET);
    assert_eq!(kids.len(), 2 + 3 + 1);
    assert!(has(&kids, "2nP3k/8/8/8/8/8/8/K7[] b"));
    assert!(has(&kids, "2P4k/8/8/8/8/8/8/K7[] b"));
    assert!(has(&kids, "2n4k/8/8/8/8/8/8/K7[P] b"));
    assert_eq!(children(fen, FIDE).len(), 8 + 3);
}

/// Drops go to every empty square but the dropper's own 8th rank: 62
/// empty squares, 7 of them on that rank, so 55 drops and 5 King moves.
#[test]
fn reference_drop_squares() {
    let white = parse("4k3/8/8/8/8/8/8/4K3[N] w - - 0 2");
    let kids = legal(&white, POCKET);
    assert_eq!(kids.len(), 55 + 5);
    let on = |c: &Pos, r: usize| (r * 8..r * 8 + 8).any(|s| c.board[s] == Some(('N', true)));
    assert!(!kids.iter().any(|c| on(c, 7)));
    assert_eq!(kids.iter().filter(|c| on(c, 0)).count(), 7);
    // The pocket is full: no pocketing; only the King's moves keep it.
    assert_eq!(kids.iter().filter(|c| c.pockets[0] == Some('N')).count(), 5);
    let black = legal(&parse("4k3/8/8/8/8/8/8/4K3[n] b - - 0 2"), POCKET);
    assert_eq!(black.len(), 55 + 5);
    let low = |c: &Pos| (0..8).any(|s| c.board[s] == Some(('N', false)));
    assert!(!black.iter().any(low));
    assert!(
        black
            .iter()
            .any(|c| c.board[named("e2")] == Some(('N', false)))
    );
}

/// Pawns are dropped like the rest: on the own 1st rank (7 squares) but
/// not on the 8th; a full pocket allows no pocketing, so with a rook on
/// the board the count is drops, King and rook moves only.
#[test]
fn reference_pawn_drops() {
    let kids = legal(&parse("7k/8/8/8/8/8/8/7K[P] w - - 0 2"), POCKET);
    assert_eq!(kids.len(), 55 + 3);
    let pawns_on = |r: usize| {
        kids.iter()
            .filter(|c| (r * 8..r * 8 + 8).any(|s| c.board[s] == Some(('P', true))))
            .count()
    };
    assert_eq!((pawns_on(0), pawns_on(1), pawns_on(7)), (7, 8, 0));
    // Rook a1: 6 + 7 board moves (b1-g1, a2-a8), 54 drops, 3 King moves.
    let with_rook = children("7k/8/8/8/8/8/8/R6K[P] w - - 0 2", POCKET);
    assert_eq!(with_rook.len(), 13 + 54 + 3);
}

/// White may not pocket on its very first move (20 moves, as in chess);
/// Black may: after 1.e4, 20 board moves and 26 pocketings (pawns 8 x 1,
/// knights 2 x 2, bishops 2 x 2, rooks 2 x 3, queen 1 x 4). From move 2
/// White has them as well. A drop on move 1 is allowed.
#[test]
fn reference_no_pocketing_on_whites_first_move() {
    assert_eq!(children(START, POCKET).len(), 20);
    let after_e4 = "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR[] b - e3 0 1";
    let kids = children(after_e4, POCKET);
    assert_eq!(kids.len(), 20 + 8 + 4 + 4 + 6 + 4);
    assert_eq!(kids.iter().filter(|k| k.contains("[]")).count(), 20);
    for q in ['q', 'm', 'u', 'v'] {
        let k = format!("rnb1kbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR[{q}] w");
        assert!(has(&kids, &k), "{k}");
    }
    let later = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[] w - - 0 2";
    assert_eq!(children(later, POCKET).len(), 46);
    // Any position with White to move on move 1: rook 10, pawn 2, King 5;
    // on move 2 also the rook's 3 pocketings and the pawn's 1.
    assert_eq!(children(FIRST_MOVE, POCKET).len(), 17);
    let second = FIRST_MOVE.replace(" 0 1", " 0 2");
    assert_eq!(children(&second, POCKET).len(), 17 + 3 + 1);
    // Queen drops on 55 squares and 5 King moves on White's first move.
    assert_eq!(children(QUEENS, POCKET).len(), 60);
    // After one move from the start White's pocket is usable.
    let p = play(
        &parse(START),
        "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR[] b",
    );
    let p = play(&p, "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR[] w");
    assert_eq!(legal(&p, POCKET).len(), 29 + 26);
}

/// A pawn on its own 1st rank (after a drop) steps one square and
/// captures diagonally; the same holds for Black on rank 8.
#[test]
fn reference_pawn_on_the_first_rank_single_steps() {
    let kids = children("7k/8/8/8/8/8/2n5/3P3K w - - 0 2", POCKET);
    assert!(has(&kids, "7k/8/8/8/8/8/2nP4/7K[] b"));
    assert!(has(&kids, "7k/8/8/8/8/8/2P5/7K[] b"));
    assert!(!has(&kids, "7k/8/8/8/8/3P4/2n5/7K[] b"));
    assert_eq!(
        moves_from("7k/8/8/8/8/8/2n5/3P3K w - - 0 2", POCKET, "d1"),
        2
    );
    // Black pawn d8: d7, its King g8 g7 h7, pocketing it (as a pawn).
    let black = children("3p3k/8/8/8/8/8/8/7K b - - 0 2", POCKET);
    assert_eq!(black.len(), 1 + 3 + 1);
    assert!(has(&black, "7k/3p4/8/8/8/8/8/7K[] w"));
    assert!(has(&black, "7k/8/8/8/8/8/8/7K[p] w"));
}

/// A pawn dropped on its 2nd rank may double-step, and the double step
/// allows en passant: for White (P@d2, d2-d4, then e4xd3) and for Black
/// (p@e7, e7-e5, then d5xe6).
#[test]
fn reference_dropped_pawn_double_step_and_en_passant() {
    let p = parse("7k/8/8/8/4p3/8/8/7K[P] w - - 0 5");
    let p = play(&p, "7k/8/8/8/4p3/8/3P4/7K[] b");
    let p = play(&p, "6k1/8/8/8/4p3/8/3P4/7K[] w");
    assert!(has(&children_of(&p, POCKET), "6k1/8/8/8/4p3/3P4/8/7K[] b"));
    let p = play(&p, "6k1/8/8/8/3Pp3/8/8/7K[] b");
    assert_eq!(p.ep, Some(named("d3")));
    assert!(has(&children_of(&p, POCKET), "6k1/8/8/8/8/3p4/8/7K[] w"));

    let p = parse("4k3/8/8/3P4/8/8/8/4K3[p] b - - 0 5");
    let p = play(&p, "4k3/4p3/8/3P4/8/8/8/4K3[] w");
    let p = play(&p, "4k3/4p3/8/3P4/8/8/8/3K4[] b");
    let p = play(&p, "4k3/8/8/3Pp3/8/8/8/3K4[] w");
    assert!(has(&children_of(&p, POCKET), "4k3/8/4P3/8/8/8/8/3K4[] b"));
    // Without the double step there is no en passant.
    let quiet = children("4k3/8/8/3Pp3/8/8/8/3K4[] w - - 0 8", POCKET);
    assert!(!has(&quiet, "4k3/8/4P3/8/8/8/8/3K4[] b"));
}

/// In check from the rook e8: a drop may block (e2 to e7), pocketing
/// never helps, and a pinned piece can neither move nor be pocketed.
#[test]
fn reference_check_evasions() {
    let drop = children("4r2k/8/8/8/8/8/8/4K3[N] w - - 0 2", POCKET);
    assert_eq!(drop.len(), 4 + 6);
    assert!(has(&drop, "4r2k/8/8/4N3/8/8/8/4K3[] b"));
    // The rook a1 cannot block; pocketing it leaves the check.
    let pocket = children("4r2k/8/8/8/8/8/8/R3K3[] w - - 0 2", POCKET);
    assert_eq!(pocket.len(), 4);
    assert!(pocket.iter().all(|k| k.contains("[]")));
    // The bishop e2 is pinned: only the King's d1, d2, f1, f2.
    let pinned = legal(&parse("4r2k/8/8/8/8/8/4B3/4K3[] w - - 0 2"), POCKET);
    assert_eq!(pinned.len(), 4);
    let bishop = Some(('B', true));
    assert!(pinned.iter().all(|c| c.board[named("e2")] == bishop));
}

/// Pocketing may give a discovered check; a drop may give mate, and no
/// pocketing or drop of the defender helps against it.
#[test]
fn reference_pocketing_checks_and_drop_mates() {
    let p = parse("4k3/8/8/8/4B3/8/8/K3R3[] w - - 0 2");
    let c = play(&p, "4k3/8/8/8/8/8/8/K3R3[N] b");
    assert!(in_check(&c.board, false));
    for (fen, k) in [
        (
            "7k/8/6K1/8/8/8/8/8[Q] w - - 0 9",
            "7k/6Q1/6K1/8/8/8/8/8[] b",
        ),
        (
            "7k/8/6K1/8/8/8/8/8[Qr] w - - 0 9",
            "7k/6Q1/6K1/8/8/8/8/8[r] b",
        ),
    ] {
        let mate = play(&parse(fen), k);
        assert!(in_check(&mate.board, false));
        assert!(legal(&mate, POCKET).is_empty(), "{k}");
    }
}

/// A capture removes the captured piece; it goes to no pocket.
#[test]
fn reference_captured_pieces_leave_the_game() {
    let kids = children("4k3/8/8/8/8/8/n7/R3K3[] w - - 0 2", POCKET);
    assert!(has(&kids, "4k3/8/8/8/8/8/R7/4K3[] b"));
    assert!(!kids.iter().any(|k| k.contains("[n]") || k.contains("[N]")));
    assert_eq!(kids.iter().filter(|k| k.contains("[R] b")).count(), 1);
}

/// Distinct moves give distinct positions, so comparing sorted children
/// also compares moves.
#[test]
fn reference_children_are_distinct() {
    for fen in [START, POCKETS, QUEENS, EIGHTH_RANKS, BLACK_EIGHTH_RANKS] {
        let mut kids = children(fen, POCKET);
        let n = kids.len();
        kids.dedup();
        assert_eq!(kids.len(), n, "{fen}");
    }
}

/// Prints the reference's counts and times, for building
/// `tests/perft/pocket-mutation.perft`: `cargo test --release --test
/// pocket_mutation_reference reference_counts -- --ignored --nocapture`.
#[test]
#[ignore = "prints counts, checks nothing"]
fn reference_counts() {
    for (name, fen, depth) in [
        ("start", START, 4),
        ("pockets", POCKETS, 3),
        ("queens", QUEENS, 3),
        ("eighth-ranks", EIGHTH_RANKS, 3),
        ("black-eighth-ranks", BLACK_EIGHTH_RANKS, 3),
        ("first-move", FIRST_MOVE, 3),
    ] {
        let p = parse(fen);
        for d in 1..=depth {
            let t = std::time::Instant::now();
            let n = reference_perft(&p, POCKET, d);
            println!("{name} perft {d} {n} ({:.2?})", t.elapsed());
        }
    }
}

/// The engine's rules from the variant file.
fn engine() -> Arc<changeling::Rules> {
    load(VARIANT).unwrap_or_else(|e| panic!("{VARIANT}:\n{e}"))
}

/// Engine perft equals reference perft at depths 1 to `depth`.
fn agree(fen: &str, depth: u32) {
    let rules = engine();
    let pos = parse_fen(&rules, fen).unwrap_or_else(|e| panic!("{fen}: {e}"));
    let p = parse(fen);
    for d in 1..=depth {
        assert_eq!(
            perft(&rules, &pos, d),
            reference_perft(&p, POCKET, d),
            "{fen} depth {d}"
        );
    }
}

#[test]
fn engine_start_position_agrees_with_the_reference() {
    let setup = engine().setup.clone();
    let (given, start) = (parse(&setup), parse(START));
    assert_eq!((key(&given), given.fullmove), (key(&start), 1), "{setup}");
    agree(&setup, 3);
}

/// One ply deeper (2,284,941 nodes): `cargo test --release --test
/// pocket_mutation_reference -- --ignored`.
#[test]
#[ignore = "slow: start position to depth 4"]
fn engine_start_position_to_depth_4_agrees_with_the_reference() {
    agree(START, 4);
}

#[test]
fn engine_full_pockets_agree_with_the_reference() {
    agree(POCKETS, 3);
    agree(QUEENS, 3);
}

#[test]
fn engine_eighth_rank_pawns_agree_with_the_reference() {
    agree(EIGHTH_RANKS, 3);
    agree(BLACK_EIGHTH_RANKS, 3);
}

#[test]
fn engine_first_move_ban_agrees_with_the_reference() {
    agree(FIRST_MOVE, 3);
}

/// The counts of `tests/perft/pocket-mutation.perft` up to `limit`
/// nodes: (FEN, depth, nodes).
fn file_counts(limit: u64) -> Vec<(String, u32, u64)> {
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/perft/pocket-mutation.perft"
    );
    let text = std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{path}: {e}"));
    let mut fen = String::new();
    let mut out = Vec::new();
    for line in text.lines().map(str::trim) {
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let (word, rest) = line.split_once(' ').unwrap_or((line, ""));
        match word {
            "fen" => fen = rest.to_string(),
            "perft" => {
                let (d, n) = rest.split_once(' ').unwrap_or_else(|| panic!("{line}"));
                let depth = d.parse().unwrap_or_else(|e| panic!("{line}: {e}"));
                let nodes = n.parse().unwrap_or_else(|e| panic!("{line}: {e}"));
                if nodes <= limit {
                    out.push((fen.clone(), depth, nodes));
                }
            }
            "variant" | "limit" | "id" => {}
            _ => panic!("{path}: unknown line {line}"),
        }
    }
    out
}

fn file_agrees_with_the_reference(limit: u64) {
    let counts = file_counts(limit);
    assert!(!counts.is_empty(), "no counts up to {limit} nodes");
    for (fen, depth, nodes) in counts {
        assert_eq!(
            reference_perft(&parse(&fen), POCKET, depth),
            nodes,
            "{fen} depth {depth}"
        );
    }
}

#[test]
fn pocket_mutation_perft_file_agrees_with_the_reference() {
    file_agrees_with_the_reference(2_000_000);
}

/// Every count of the file: `cargo test --release --test
/// pocket_mutation_reference -- --ignored`.
#[test]
#[ignore = "slow: every count of the file"]
fn pocket_mutation_perft_file_in_full_agrees_with_the_reference() {
    file_agrees_with_the_reference(u64::MAX);
}

/// Placement, pockets and side of an engine position, read back from its
/// FEN by the reference's own reader.
fn engine_key(rules: &changeling::Rules, pos: &changeling::Position) -> String {
    key(&parse(&to_fen(rules, pos)))
}

/// Seeded random games from `fen`, each move chosen uniformly among the
/// legal ones (pocketings and drops are many, so the pockets fill and
/// empty often): at every position on the way, the children (placement,
/// pockets, side) must be the same for the engine and the reference. The
/// games must have played at least `traffic` pocketings and as many drops.
fn playouts(fen: &str, mut seed: u64, traffic: usize) {
    let rules = engine();
    let mut next = move |n: usize| {
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        (seed % n as u64) as usize
    };
    // Pocketings and drops played.
    let (mut pocketed, mut dropped) = (0, 0);
    for _game in 0..20 {
        let mut pos = parse_fen(&rules, fen).unwrap_or_else(|e| panic!("{fen}: {e}"));
        for _ply in 0..80 {
            let here = to_fen(&rules, &pos);
            let found = legal_moves(&rules, &pos);
            let mut ours: Vec<String> = found
                .iter()
                .map(|m| {
                    let mut c = pos.clone();
                    c.play_unchecked(&rules, m);
                    engine_key(&rules, &c)
                })
                .collect();
            let theirs = children_of(&parse(&here), POCKET);
            ours.sort();
            if ours != theirs {
                let extra: Vec<&String> = ours.iter().filter(|k| !theirs.contains(k)).collect();
                let missing: Vec<&String> = theirs.iter().filter(|k| !ours.contains(k)).collect();
                panic!(
                    "moves differ in {here}\nengine only: {extra:#?}\nreference only: {missing:#?}\n\
                     ({} against {} children)",
                    ours.len(),
                    theirs.len()
                );
            }
            if found.is_empty() {
                break;
            }
            pos.play_unchecked(&rules, &found[next(found.len())]);
            let (before, now) = (parse(&here), parse(&to_fen(&rules, &pos)));
            let me = side(before.white);
            match (before.pockets[me], now.pockets[me]) {
                (None, Some(_)) => pocketed += 1,
                (Some(_), None) => dropped += 1,
                _ => {}
            }
        }
    }
    assert!(
        pocketed >= traffic && dropped >= traffic,
        "{pocketed} pocketings and {dropped} drops in the games"
    );
}

#[test]
fn engine_playouts_agree_move_by_move_with_the_reference() {
    playouts(START, 0x2545_f491_4f6c_dd1d, 100);
}

#[test]
fn engine_playouts_from_full_pockets_agree_move_by_move_with_the_reference() {
    playouts(POCKETS, 0x9e37_79b9_7f4a_7c15, 100);
}
