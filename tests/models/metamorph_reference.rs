//! Metamorph Chess (`examples/variants/metamorph.variant` and
//! `metamorph_optional.variant`): a brute-force reference move generator,
//! simple rather than fast, written from the rules text
//! `../shared/rules/metamorph.md` (its readings OQ-1 to OQ-8). It shares no
//! code with the engine: its own board, FEN reader, attack test and move
//! generator. The counts in `tests/perft/metamorph.perft` are the common
//! answer of the engine and this reference.
//!
//! With morphing switched off and promotion to Q, R, B or N the reference
//! plays FIDE chess, and `reference_fide_perft` checks it against the
//! published counts before the metamorph rules are trusted. The
//! `reference_*` tests use the reference alone (`cargo test --test
//! metamorph_reference reference_`); `metamorph_perft_file_*` check it
//! against the perft file and `engine_*` compare it with the engine.

use changeling::movegen::{legal_moves, perft};
use changeling::notation::{parse_fen, to_fen};
use changeling::variants::load;
use std::sync::Arc;

/// The engine's variant files: mandatory and optional metamorphosis.
const VARIANT: &str = "examples/variants/metamorph.variant";
const OPTIONAL_VARIANT: &str = "examples/variants/metamorph_optional.variant";

const START: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
const KIWIPETE: &str = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";

/// A piece: its kind as an upper-case FEN letter, and whether it is White's.
type Piece = (char, bool);

/// A position. Squares are numbered a1 = 0, b1 = 1, ..., h8 = 63.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
struct Pos {
    board: [Option<Piece>; 64],
    /// White is to move.
    white: bool,
    /// Castling rights: White king side, White queen side, Black king
    /// side, Black queen side.
    castle: [bool; 4],
    /// The square a pawn just skipped with a double step.
    ep: Option<usize>,
}

/// Which rules the reference plays.
#[derive(Clone, Copy, Debug)]
struct Rules {
    /// Metamorphosis of attacked simple pieces and demotion of capturing
    /// compound pieces.
    morph: bool,
    /// OQ-2 read the other way: a metamorphosis may also be declined.
    optional: bool,
    /// What a pawn on the last rank may become.
    promotions: &'static [char],
}

/// Plain FIDE chess.
const FIDE: Rules = Rules {
    morph: false,
    optional: false,
    promotions: &['Q', 'R', 'B', 'N'],
};

/// Metamorph Chess as chosen in metamorph.md (mandatory metamorphosis).
const METAMORPH: Rules = Rules {
    morph: true,
    optional: false,
    promotions: &['R', 'B', 'N'],
};

/// Metamorph Chess with optional metamorphosis.
const OPTIONAL: Rules = Rules {
    optional: true,
    ..METAMORPH
};

/// The three ways a non-royal piece other than the pawn moves.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Part {
    Rook,
    Bishop,
    Knight,
}

const ORTHOGONAL: [(i32, i32); 4] = [(1, 0), (-1, 0), (0, 1), (0, -1)];
const DIAGONAL: [(i32, i32); 4] = [(1, 1), (1, -1), (-1, 1), (-1, -1)];
#[rustfmt::skip]
const LEAPS: [(i32, i32); 8] = [
    (1, 2), (2, 1), (2, -1), (1, -2), (-1, -2), (-2, -1), (-2, 1), (-1, 2),
];

/// The King's eight steps.
fn king_steps() -> impl Iterator<Item = &'static (i32, i32)> {
    ORTHOGONAL.iter().chain(&DIAGONAL)
}

impl Part {
    /// The simple piece that moves this way.
    fn letter(self) -> char {
        match self {
            Part::Rook => 'R',
            Part::Bishop => 'B',
            Part::Knight => 'N',
        }
    }

    fn vectors(self) -> &'static [(i32, i32)] {
        match self {
            Part::Rook => &ORTHOGONAL,
            Part::Bishop => &DIAGONAL,
            Part::Knight => &LEAPS,
        }
    }

    /// Rook and bishop moves go on until blocked; knight moves are leaps.
    fn slides(self) -> bool {
        self != Part::Knight
    }
}

/// The ways a kind moves (the King and the Pawn have none of these).
fn parts(kind: char) -> &'static [Part] {
    match kind {
        'R' => &[Part::Rook],
        'B' => &[Part::Bishop],
        'N' => &[Part::Knight],
        'Q' => &[Part::Rook, Part::Bishop],
        'M' => &[Part::Rook, Part::Knight],
        'A' => &[Part::Bishop, Part::Knight],
        _ => &[],
    }
}

/// What a simple piece becomes when it escapes an attack (section 3).
fn morphed(kind: char) -> Option<char> {
    match kind {
        'N' => Some('Q'),
        'B' => Some('A'),
        'R' => Some('M'),
        _ => None,
    }
}

/// Queen, Marshall and Paladin: the pieces that demote when capturing.
fn compound(kind: char) -> bool {
    matches!(kind, 'Q' | 'M' | 'A')
}

fn file(sq: usize) -> i32 {
    (sq % 8) as i32
}

fn rank(sq: usize) -> i32 {
    (sq / 8) as i32
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

/// Reads a FEN: placement, side, castling rights and en-passant square.
/// The clocks are ignored.
fn parse(fen: &str) -> Pos {
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
fn letter(kind: char, white: bool) -> char {
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
fn key(p: &Pos) -> String {
    let side = if p.white { 'w' } else { 'b' };
    format!("{} {side}", placement(&p.board))
}

/// Whether a piece of side `by_white` could capture on `sq` by its normal
/// movement (OQ-1): pawns' diagonal captures, the King, pinned pieces.
fn attacked(board: &[Option<Piece>; 64], sq: usize, by_white: bool) -> bool {
    let is = |s: Option<usize>, kind: char| s.is_some_and(|s| board[s] == Some((kind, by_white)));
    // A White pawn attacks the rank above it, a Black pawn the rank below.
    let behind = if by_white { -1 } else { 1 };
    if is(step(sq, -1, behind), 'P') || is(step(sq, 1, behind), 'P') {
        return true;
    }
    if king_steps().any(|&(df, dr)| is(step(sq, df, dr), 'K')) {
        return true;
    }
    for part in [Part::Rook, Part::Bishop, Part::Knight] {
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

/// The castling rights a move from or to `sq` takes away.
fn clear_rights(castle: &mut [bool; 4], sq: usize) {
    match sq {
        4 => (castle[0], castle[1]) = (false, false),
        7 => castle[0] = false,
        0 => castle[1] = false,
        60 => (castle[2], castle[3]) = (false, false),
        63 => castle[2] = false,
        56 => castle[3] = false,
        _ => {}
    }
}

/// The position after the piece on `from` goes to `to` and stands there
/// as `kind`: the other side to move, no en-passant square.
fn after(p: &Pos, from: usize, to: usize, kind: char) -> Pos {
    let mut c = *p;
    c.board[from] = None;
    c.board[to] = Some((kind, p.white));
    clear_rights(&mut c.castle, from);
    clear_rights(&mut c.castle, to);
    c.white = !p.white;
    c.ep = None;
    c
}

/// Moves of the Knight, Bishop, Rook, Queen, Marshall and Paladin on
/// `from`, with metamorphosis and demotion (section 4).
fn piece_moves(p: &Pos, rules: Rules, from: usize, kind: char, out: &mut Vec<Pos>) {
    // Judged once, before the move, on the starting square (OQ-1, OQ-8).
    let escapes = match morphed(kind) {
        Some(new) if rules.morph && attacked(&p.board, from, !p.white) => Some(new),
        _ => None,
    };
    for &part in parts(kind) {
        for &(df, dr) in part.vectors() {
            let mut s = step(from, df, dr);
            while let Some(to) = s {
                match p.board[to] {
                    None => {
                        if let Some(new) = escapes {
                            out.push(after(p, from, to, new));
                        }
                        if escapes.is_none() || rules.optional {
                            out.push(after(p, from, to, kind));
                        }
                    }
                    Some((_, white)) => {
                        if white != p.white {
                            let lands = if rules.morph && compound(kind) {
                                part.letter()
                            } else {
                                kind
                            };
                            out.push(after(p, from, to, lands));
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

/// King steps and castling (a King move: the rook never morphs, OQ-6).
fn king_moves(p: &Pos, from: usize, out: &mut Vec<Pos>) {
    for &(df, dr) in king_steps() {
        if let Some(to) = step(from, df, dr)
            && p.board[to].is_none_or(|(_, w)| w != p.white)
        {
            out.push(after(p, from, to, 'K'));
        }
    }
    let (home, rights) = if p.white { (4, 0) } else { (60, 2) };
    if from != home || attacked(&p.board, home, !p.white) {
        return;
    }
    let empty = |squares: &[usize]| squares.iter().all(|&s| p.board[s].is_none());
    let safe = |squares: &[usize]| squares.iter().all(|&s| !attacked(&p.board, s, !p.white));
    let rook = Some(('R', p.white));
    if p.castle[rights]
        && p.board[home + 3] == rook
        && empty(&[home + 1, home + 2])
        && safe(&[home + 1, home + 2])
    {
        let mut c = after(p, home, home + 2, 'K');
        c.board[home + 3] = None;
        c.board[home + 1] = rook;
        out.push(c);
    }
    if p.castle[rights + 1]
        && p.board[home - 4] == rook
        && empty(&[home - 1, home - 2, home - 3])
        && safe(&[home - 1, home - 2])
    {
        let mut c = after(p, home, home - 2, 'K');
        c.board[home - 4] = None;
        c.board[home - 1] = rook;
        out.push(c);
    }
}

/// Pawn pushes, double steps, captures, en passant and promotion (to
/// `rules.promotions`; the new piece does not morph, OQ-5).
fn pawn_moves(p: &Pos, rules: Rules, from: usize, out: &mut Vec<Pos>) {
    let (ahead, start, last) = if p.white { (1, 1, 7) } else { (-1, 6, 0) };
    let arrive = |to: usize, out: &mut Vec<Pos>| {
        if rank(to) == last {
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
        if rank(from) == start
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

/// The positions after every move of the side to move, its King's
/// safety not yet considered.
fn moves(p: &Pos, rules: Rules) -> Vec<Pos> {
    let mut out = Vec::new();
    for from in 0..64 {
        match p.board[from] {
            Some(('P', w)) if w == p.white => pawn_moves(p, rules, from, &mut out),
            Some(('K', w)) if w == p.white => king_moves(p, from, &mut out),
            Some((kind, w)) if w == p.white => piece_moves(p, rules, from, kind, &mut out),
            _ => {}
        }
    }
    out
}

/// The positions after every legal move: the mover's King is not
/// attacked once the move (and any transformation) is made.
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

/// Without morphing, and promoting to Q, R, B or N, the reference plays
/// FIDE chess: the published counts of the start position, Kiwipete and
/// positions 3 and 4 of the Chess Programming Wiki.
#[test]
fn reference_fide_perft() {
    assert_eq!(counts(START, FIDE, 4), [20, 400, 8902, 197_281]);
    assert_eq!(counts(KIWIPETE, FIDE, 3), [48, 2039, 97_862]);
    let third = "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1";
    assert_eq!(counts(third, FIDE, 4), [14, 191, 2812, 43_238]);
    let fourth = "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1";
    assert_eq!(counts(fourth, FIDE, 3), [6, 264, 9467]);
}

/// The children of `fen`, each as placement and side, sorted.
fn children(fen: &str, rules: Rules) -> Vec<String> {
    let mut out: Vec<String> = legal(&parse(fen), rules).iter().map(key).collect();
    out.sort();
    out
}

/// How many children contain `letter` in their placement.
fn with(kids: &[String], letter: char) -> usize {
    kids.iter().filter(|k| k.contains(letter)).count()
}

/// Knight d4 attacked by the rook d8: all 8 knight moves are quiet and
/// arrive as Queens; the King has a2, b1, b2.
#[test]
fn reference_attacked_knight_quiet_move_becomes_queen() {
    let fen = "3r3k/8/8/8/3N4/8/8/K7 w - - 0 1";
    let kids = children(fen, METAMORPH);
    assert_eq!(kids.len(), 11);
    assert_eq!(with(&kids, 'Q'), 8);
    assert_eq!(with(&kids, 'N'), 3);
    assert!(kids.contains(&"3r3k/8/8/5Q2/8/8/8/K7 b".to_string()));
    assert!(!kids.contains(&"3r3k/8/8/5N2/8/8/8/K7 b".to_string()));
    // As chess nothing changes.
    assert_eq!(with(&children(fen, FIDE), 'Q'), 0);
}

/// Knight d4 not attacked, only defended by its own rook d1 (OQ-8):
/// knight 8, rook 8 (b1 c1 d2 d3 e1-h1), King 3, nothing transforms.
#[test]
fn reference_unattacked_knight_stays_knight() {
    let kids = children("7k/8/8/8/3N4/8/8/K2R4 w - - 0 1", METAMORPH);
    assert_eq!(kids.len(), 19);
    assert_eq!(with(&kids, 'Q') + with(&kids, 'M'), 0);
    assert!(kids.contains(&"7k/8/8/5N2/8/8/8/K2R4 b".to_string()));
}

/// Knight d4 attacked by the rook d8 takes the bishop f5 and stays a
/// Knight; its 7 quiet moves give Queens; the King has a2 and b2 (the
/// bishop covers b1).
#[test]
fn reference_attacked_knight_capturing_stays_knight() {
    let fen = "3r3k/8/8/5b2/3N4/8/8/K7 w - - 0 1";
    let kids = children(fen, METAMORPH);
    assert_eq!(kids.len(), 10);
    assert_eq!(with(&kids, 'Q'), 7);
    assert!(kids.contains(&"3r3k/8/8/5N2/8/8/8/K7 b".to_string()));
    assert!(!kids.contains(&"3r3k/8/8/5Q2/8/8/8/K7 b".to_string()));
}

/// Rook c5 attacked only by the bishop e7, which is pinned to its King
/// by the queen e2: the attack still counts (OQ-1), so all 14 rook moves
/// (all quiet) give Marshalls. Rc5-c8=M even gives check (OQ-7).
#[test]
fn reference_rook_attacked_by_pinned_bishop_morphs() {
    let p = parse("4k3/4b3/8/2R5/8/8/4Q3/K7 w - - 0 1");
    let kids = legal(&p, METAMORPH);
    let rook_moved = |c: &&Pos| c.board[named("c5")].is_none();
    let marshall = |c: &&Pos| c.board.contains(&Some(('M', true)));
    assert_eq!(kids.iter().filter(rook_moved).count(), 14);
    assert_eq!(kids.iter().filter(marshall).count(), 14);
    let keys: Vec<String> = kids.iter().map(key).collect();
    assert!(keys.contains(&"4k3/4b3/8/7M/8/8/4Q3/K7 b".to_string()));
    assert!(in_check(&parse("2M1k3/4b3/8/8/8/8/4Q3/K7 b").board, false));
}

/// Rook h1 attacked by the rook h8. Castling moves it quietly but is a
/// King move, so it stays a Rook (OQ-6); its own quiet moves give
/// Marshalls, its capture stays a Rook. King 5 + castling, rook 8 + 1.
#[test]
fn reference_castling_never_morphs_the_rook() {
    let kids = children("4k2r/8/8/8/8/8/8/4K2R w K - 0 1", METAMORPH);
    assert_eq!(kids.len(), 15);
    assert!(kids.contains(&"4k2r/8/8/8/8/8/8/5RK1 b".to_string()));
    assert!(!kids.contains(&"4k2r/8/8/8/8/8/8/5MK1 b".to_string()));
    assert!(kids.contains(&"4k2r/8/8/8/8/8/8/4KM2 b".to_string()));
    assert!(kids.contains(&"4k2R/8/8/8/8/8/8/4K3 b".to_string()));
    assert_eq!(with(&kids, 'M'), 8);
}

/// Queen d4 (attacked by the knight e6): Qxd7 along the file gives a
/// Rook, Qxg7 along the diagonal a Bishop; quiet moves keep the Queen.
#[test]
fn reference_queen_demotes_by_capture_direction() {
    let kids = children("7k/3n2n1/4n3/8/3Q4/8/8/K7 w - - 0 1", METAMORPH);
    assert!(kids.contains(&"7k/3R2n1/4n3/8/8/8/8/K7 b".to_string()));
    assert!(kids.contains(&"7k/3n2B1/4n3/8/8/8/8/K7 b".to_string()));
    assert!(!kids.contains(&"7k/3Q2n1/4n3/8/8/8/8/K7 b".to_string()));
    assert!(!kids.contains(&"7k/3n2Q1/4n3/8/8/8/8/K7 b".to_string()));
    // Every child but the two captures still has three knights and a Queen.
    assert_eq!(with(&kids, 'Q') + 2, kids.len());
}

/// Marshall d4: Mxd7 along the file gives a Rook, Mxf5 by a knight leap
/// a Knight.
#[test]
fn reference_marshall_demotes_by_capture_direction() {
    let kids = children("7k/3n4/8/5b2/3M4/8/8/K7 w - - 0 1", METAMORPH);
    assert!(kids.contains(&"7k/3R4/8/5b2/8/8/8/K7 b".to_string()));
    assert!(kids.contains(&"7k/3n4/8/5N2/8/8/8/K7 b".to_string()));
    assert!(!kids.contains(&"7k/3M4/8/5b2/8/8/8/K7 b".to_string()));
    assert!(!kids.contains(&"7k/3n4/8/5M2/8/8/8/K7 b".to_string()));
}

/// Paladin d4: Axe6 by a knight leap gives a Knight, Axf6 along the
/// diagonal a Bishop.
#[test]
fn reference_paladin_demotes_by_capture_direction() {
    let kids = children("7k/8/4rn2/8/3A4/8/8/K7 w - - 0 1", METAMORPH);
    assert!(kids.contains(&"7k/8/4Nn2/8/8/8/8/K7 b".to_string()));
    assert!(kids.contains(&"7k/8/4rB2/8/8/8/8/K7 b".to_string()));
    assert!(!kids.contains(&"7k/8/4An2/8/8/8/8/K7 b".to_string()));
    assert!(!kids.contains(&"7k/8/4rA2/8/8/8/8/K7 b".to_string()));
}

/// Pawn b7 (attacked by the bishop c6) promotes on b8 or by taking a8,
/// to R, B or N each (6); the King has 3. Nothing becomes Q, M or A.
#[test]
fn reference_pawn_promotes_to_rook_bishop_or_knight_only() {
    let fen = "n6k/1P6/2b5/8/8/8/8/K7 w - - 0 1";
    let kids = children(fen, METAMORPH);
    assert_eq!(kids.len(), 9);
    for piece in ['R', 'B', 'N'] {
        assert!(kids.contains(&format!("n{piece}5k/8/2b5/8/8/8/8/K7 b")));
        assert!(kids.contains(&format!("{piece}6k/8/2b5/8/8/8/8/K7 b")));
    }
    assert_eq!(with(&kids, 'Q') + with(&kids, 'M') + with(&kids, 'A'), 0);
    assert_eq!(children(fen, FIDE).len(), 11);
}

/// Attacks by a pawn and by a King count; the King counts even when the
/// square is defended (OQ-1). Each time the knight's 8 moves give Queens.
#[test]
fn reference_pawn_and_king_attacks_count() {
    let by_pawn = children("7k/8/3p4/4N3/8/8/8/K7 w - - 0 1", METAMORPH);
    assert_eq!((by_pawn.len(), with(&by_pawn, 'Q')), (11, 8));
    let by_king = children("8/8/5k2/4N3/3P4/8/8/K7 w - - 0 1", METAMORPH);
    assert_eq!((by_king.len(), with(&by_king, 'Q')), (12, 8));
}

/// With the optional reading each quiet move of an attacked simple piece
/// is there twice, transformed and not; captures and unattacked pieces
/// are as before.
#[test]
fn reference_optional_metamorphosis_doubles_escapes() {
    let kids = children("3r3k/8/8/8/3N4/8/8/K7 w - - 0 1", OPTIONAL);
    assert_eq!(kids.len(), 19);
    assert!(kids.contains(&"3r3k/8/8/5Q2/8/8/8/K7 b".to_string()));
    assert!(kids.contains(&"3r3k/8/8/5N2/8/8/8/K7 b".to_string()));
    let count = |fen: &str| children(fen, OPTIONAL).len();
    assert_eq!(count("3r3k/8/8/5b2/3N4/8/8/K7 w - - 0 1"), 17);
    assert_eq!(count("7k/8/8/8/3N4/8/8/K2R4 w - - 0 1"), 19);
    // Castling is still one move: 5 King steps, castling, 8 rook moves
    // twice, one capture.
    assert_eq!(count("4k2r/8/8/8/8/8/8/4K2R w K - 0 1"), 23);
}

/// Prints the reference's Metamorph counts and times, for building
/// `tests/perft/metamorph.perft`:
/// `cargo test --test models metamorph_reference::reference_counts -- --ignored --nocapture`.
#[test]
#[ignore = "prints counts, checks nothing"]
fn reference_counts() {
    for (name, fen, depth) in [("start", START, 4), ("kiwipete", KIWIPETE, 3)] {
        let p = parse(fen);
        for d in 1..=depth {
            let t = std::time::Instant::now();
            let n = reference_perft(&p, METAMORPH, d);
            println!("{name} perft {d} {n} ({:.2?})", t.elapsed());
        }
    }
}

/// The engine's rules from a variant file.
fn engine(path: &str) -> Arc<changeling::Rules> {
    load(path).unwrap_or_else(|e| panic!("{path}:\n{e}"))
}

/// Engine perft equals reference perft at depths 1 to `depth`.
fn agree(fen: &str, depth: u32) {
    let rules = engine(VARIANT);
    let pos = parse_fen(&rules, fen).unwrap_or_else(|e| panic!("{fen}: {e}"));
    let p = parse(fen);
    for d in 1..=depth {
        assert_eq!(
            perft(&rules, &pos, d),
            reference_perft(&p, METAMORPH, d),
            "{fen} depth {d}"
        );
    }
}

#[test]
fn engine_start_position_agrees_with_the_reference() {
    agree(&engine(VARIANT).setup, 4);
}

#[test]
fn engine_kiwipete_agrees_with_the_reference() {
    agree(KIWIPETE, 3);
}

/// Marshalls and Paladins on both sides, castling still possible.
#[test]
fn engine_compound_pieces_agree_with_the_reference() {
    agree(
        "r1a1k2r/ppp2ppp/2n2m2/3pp3/1b2P3/2NP1N2/PPPM1PPP/R1A1KB1R w KQkq - 0 1",
        3,
    );
}

/// The counts of `tests/perft/metamorph.perft` up to `limit` nodes:
/// (FEN, depth, nodes).
fn file_counts(limit: u64) -> Vec<(String, u32, u64)> {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/perft/metamorph.perft");
    let text = std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{path}: {e}"));
    let mut fen = String::new();
    let mut out = Vec::new();
    for line in text.lines().map(str::trim) {
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
            _ => {}
        }
    }
    out
}

fn file_agrees_with_the_reference(limit: u64) {
    let counts = file_counts(limit);
    assert!(!counts.is_empty(), "no counts up to {limit} nodes");
    for (fen, depth, nodes) in counts {
        assert_eq!(
            reference_perft(&parse(&fen), METAMORPH, depth),
            nodes,
            "{fen} depth {depth}"
        );
    }
}

#[test]
fn metamorph_perft_file_agrees_with_the_reference() {
    file_agrees_with_the_reference(2_000_000);
}

/// Every count of the file: `cargo test --release --test
/// metamorph_reference -- --ignored`.
#[test]
#[ignore = "slow: every count of the file"]
fn metamorph_perft_file_in_full_agrees_with_the_reference() {
    file_agrees_with_the_reference(u64::MAX);
}

/// Placement and side of an engine position, from its FEN.
fn engine_key(rules: &changeling::Rules, pos: &changeling::Position) -> String {
    let fen = to_fen(rules, pos);
    let fields: Vec<&str> = fen.split_whitespace().take(2).collect();
    fields.join(" ")
}

/// Seeded random games from the start of the variant file `path`: at
/// every position on the way, the boards after each legal move must be
/// the same for the engine and for the reference playing `reference`.
fn playouts(path: &str, reference: Rules, mut seed: u64) {
    let rules = engine(path);
    let mut next = move |n: usize| {
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        (seed % n as u64) as usize
    };
    for _game in 0..20 {
        let mut pos = parse_fen(&rules, &rules.setup).unwrap_or_else(|e| panic!("setup: {e}"));
        for _ply in 0..80 {
            let fen = to_fen(&rules, &pos);
            let found = legal_moves(&rules, &pos);
            let mut ours: Vec<String> = found
                .iter()
                .map(|m| {
                    let mut c = pos.clone();
                    c.play_unchecked(&rules, m);
                    engine_key(&rules, &c)
                })
                .collect();
            let mut theirs: Vec<String> = legal(&parse(&fen), reference).iter().map(key).collect();
            ours.sort();
            theirs.sort();
            assert_eq!(ours, theirs, "moves differ in {fen}");
            if found.is_empty() {
                break;
            }
            pos.play_unchecked(&rules, &found[next(found.len())]);
        }
    }
}

#[test]
fn engine_playouts_agree_move_by_move_with_the_reference() {
    playouts(VARIANT, METAMORPH, 0x2545_f491_4f6c_dd1d);
}

#[test]
fn engine_optional_playouts_agree_move_by_move_with_the_reference() {
    playouts(OPTIONAL_VARIANT, OPTIONAL, 0x9e37_79b9_7f4a_7c15);
}
