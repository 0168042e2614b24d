//! Twelve Mutation Chess (`examples/variants/twelve-mutation.variant`): a
//! brute-force reference for the markers and all twelve mutators
//! (Atomic, Attack, Avalanche, Berolina, Cannon, Dice, Drop, Equus Rex,
//! Monochromatic, Non-Prise, Rider, Swap), simple rather than fast,
//! written from the rules text `../shared/rules/twelve-mutation.md`
//! (sections 1-5, 6.1-6.12, 7, 8 and the readings OQ-2 to OQ-16). It
//! shares no code with the engine: its own
//! board, FEN reader and writer (in the engine's dialect, so child
//! positions are compared as strings), move, drop and swap generator for
//! every form, attack test, blasts, hands, marker flips and their timing,
//! the die's lane, Avalanche pushes and pending promotions, and legality
//! judged under the set the turn leaves.
//!
//! The rules as modelled:
//! * FIDE chess plus markers. A marker names a mutator and shows `+`
//!   (active) or `-`; markers never block. A marker flips when a non-pawn
//!   piece of either side leaves its square by its own move (both
//!   castling pieces included, and an atomic capturer that is then
//!   destroyed); captures on it, blasts, drops, arrivals and pawn moves
//!   never flip it.
//! * The turn is generated under the set `A` active at its start; the
//!   mover's king must be safe under the set `A'` the turn leaves (OQ-2),
//!   and `A'` rules the reply.
//! * Forms (section 3): Berolina pawns `fmFfcWifmnA`; Cannon rooks and
//!   bishops `mRcpR`, `mBcpB`; Equus Rex king `KN`; Monochromatic knight
//!   `C`, king `KD`, pawn `fmnDfcF`; Rider knight `NN`; with two mutators
//!   `CC` (Monochromatic + Rider), `KDC` (Monochromatic + Equus Rex),
//!   `fmFifmnAfcnD` (Monochromatic + Berolina). Non-Prise forbids a
//!   queen, rook, bishop or knight to take one of those four.
//! * Monochromatic: every move (both castling pieces too) ends on the
//!   colour it starts from; attacks ignore that (OQ-12), and Non-Prise
//!   does not limit attacks (OQ-13).
//! * En passant after a two-square advance (the `i` double step from the
//!   2nd rank, or the Monochromatic advance from any rank, OQ-7; not
//!   after one that promotes, which leaves no pawn to take); the
//!   passed square is written only when an enemy pawn's capture pattern
//!   (under the reply's set) reaches it. A pawn on its 1st rank (dropped
//!   there) has no `i` double step.
//! * Atomic (6.1, OQ-4): a capture (en passant too) removes its victim,
//!   then, unless the capturer is a king, the capturer and every piece on
//!   the up to 8 squares next to the victim's square (the passed pawn's
//!   for en passant), either colour, pawns and kings included. A pawn
//!   taking onto its last rank is destroyed (its four promotion choices
//!   remain four turns). A turn that removes the mover's king is illegal;
//!   one that removes the enemy king is legal even with the mover's king
//!   attacked; a side without its king has no turn. Check is only a
//!   direct attack.
//! * Attack (6.2, OQ-5): a side with a legal turn that takes an enemy
//!   piece directly (en passant, cannon, king and atomic captures
//!   included) must play one; drops and castling take nothing.
//! * Drop (6.7, OQ-10): while Drop is in `A`, the direct victim of a
//!   capture goes to the capturer's hand in the capturer's colour (a
//!   piece that came from a promotion, written `Q~`, as a pawn; a king
//!   never, and no atomic collateral); a player may instead drop a piece
//!   of the hand on an empty square without a marker, a pawn not on the
//!   dropper's last rank, on either colour under Monochromatic. A drop is
//!   not a pawn move for the half-move clock. If Drop is in `A` and not
//!   in `A'`, both hands are emptied at the end of the turn.
//! * Swap (6.12, OQ-15): while Swap is in `A`, instead of a move two own
//!   pieces X and Y exchange squares when X covers Y: X could capture an
//!   enemy on Y's square under `A` as the board stands (the king too,
//!   cannons over one screen, pawns on their capture squares; Non-Prise
//!   ignored); under Monochromatic both squares have one colour. One turn
//!   per pair, named from the lower square (`e1h1`); a pawn brought to
//!   its last rank promotes (four turns, `e7e8Q`, marked `~`). Each
//!   non-pawn piece of the two flips the marker it leaves; castling
//!   rights go with both squares; promotion marks move with the pieces;
//!   it takes nothing (Attack), is no pawn move for the half-move clock,
//!   and must leave the mover's king safe under `A'`. While Swap is in
//!   `A` a pawn on its 1st rank has the `i` double step too (OQ-7).
//! * Dice (6.6, OQ-9): while Dice is in `A` the die shows `n` (1 to 8,
//!   `roll:n` after the markers in FEN, spent by the turn); the lane is
//!   file `n` (a = 1) and rank `n`. A turn is on the lane if a drop lands
//!   on it, a castling's king or rook starts on it, a swap has either
//!   square on it, or any other move starts on it. Among the legal turns
//!   the first non-empty tier is played: without Attack the lane turns;
//!   with Attack (6.2) lane captures, other lane turns, any capture;
//!   then everything, so the die never empties a non-empty list (8). In
//!   perft a die not yet rolled is summed over its eight rolls.
//! * Avalanche (6.3, OQ-6): while Avalanche is in `A` a turn is the
//!   action (any turn above, legal by itself) and then a push: one pawn
//!   of the opponent, in the position the action leaves (flips, `A'`,
//!   hands and all), goes one step forward as its owner sees it onto an
//!   empty square, straight, or diagonally when Berolina or
//!   Monochromatic is in `A`; never a capture or a double step. Each
//!   push is a turn of its own, legal when the mover's king is not
//!   attacked under `A'` after the whole turn and, for a pawn pushed onto
//!   its last rank, whichever of queen, rook, bishop or knight it would
//!   become. An action after which no pawn can be pushed, or that blows
//!   up the enemy king, stands alone; one whose every push is illegal is
//!   no turn (and a side with no turn but such an action loses, OQ-6 c).
//!   With the die rolled, pushes of pawns starting on the lane are kept
//!   if there are any; Attack and Dice judge the action. A push resets
//!   the half-move clock, flips nothing and opens no en passant; an
//!   action's double step opens it as the board stands after the push
//!   (not with the pushed pawn on the passed square). A pawn pushed onto
//!   its last rank stays a pawn (`pending:b1` in FEN, after the roll);
//!   its owner's turns start with the choice of a queen, rook, bishop or
//!   knight (marked `~`) in its place, each choice with every turn from
//!   there a turn of its own. In perft a die not yet rolled is summed
//!   roll by roll, the pushes as well as the actions.
//! * FEN: the hands after the placement in brackets, always written
//!   (`[]` when empty), White's pieces then Black's, each in the order
//!   Q R B N P; `~` after a piece that came from a promotion (the mark is
//!   kept whatever the set, moves with its piece and goes with it).
//!
//! `Cfg` says which reading is played: `RULES` follows OQ-7 literally
//! (every two-square advance opens en passant, and a Berolina +
//! Monochromatic pawn's lame capture reaches the square), `ENGINE` is the
//! engine's, now the same. A pawn's two-square advance that promotes
//! (Monochromatic) opens no en passant in either.
//!
//! The `reference_*` tests check the reference alone: the published FIDE
//! counts and hand-derived move sets and child positions for every form,
//! blast, forced capture, drop, hand, swap, lane, push and pending
//! choice. The `engine_*` tests compare it with the engine: child
//! positions (FEN text) at every node and perft counts for positions with
//! different active sets (pieces in hand too, the die rolled or compared
//! roll by roll, pending choices) and with markers flipping inside the
//! tree, the child sets along given lines and at every ply of seeded
//! random games with random markers (the die rolled for both alike), the
//! engine's `every_push_suicidal`,
//! and `tests/perft/twelve-mutation.perft`, whose every count the
//! reference must reproduce. Slow parts, in release, with `cargo test
//! --release --test models twelve_mutation_reference:: -- --ignored`.
//!
//! The model: the state here, `fen`, the movement `patterns`, `turns`
//! played, the legal `actions`, Avalanche `pushes`, and the `choice`
//! Attack and Dice make (with perft). The tests: `self_tests`,
//! `perft_file`, `engine_tests`, `random_games` and `avalanche_tests`,
//! sharing `helpers`.

mod actions;
mod avalanche_tests;
mod choice;
mod engine_tests;
mod fen;
mod helpers;
mod patterns;
mod perft_file;
mod pushes;
mod random_games;
mod self_tests;
mod turns;

use actions::*;
use choice::*;
use engine_tests::*;
use fen::*;
use helpers::*;
use patterns::*;
use pushes::*;
use turns::*;

// ---------------------------------------------------------------------
// Mutators and readings
// ---------------------------------------------------------------------

/// A set of mutators, one bit each.
type Set = u16;

const BEROLINA: Set = 1;
const CANNON: Set = 2;
const EQUUS_REX: Set = 4;
const MONOCHROMATIC: Set = 8;
const NON_PRISE: Set = 16;
const RIDER: Set = 32;
const ATOMIC: Set = 64;
const ATTACK: Set = 128;
const DROP: Set = 256;
const SWAP: Set = 512;
const DICE: Set = 1024;
const AVALANCHE: Set = 2048;

/// The mutators by their FEN names.
const MUTATORS: [(&str, Set); 12] = [
    ("atomic", ATOMIC),
    ("attack", ATTACK),
    ("avalanche", AVALANCHE),
    ("berolina", BEROLINA),
    ("cannon", CANNON),
    ("dice", DICE),
    ("drop", DROP),
    ("equus_rex", EQUUS_REX),
    ("monochromatic", MONOCHROMATIC),
    ("non_prise", NON_PRISE),
    ("rider", RIDER),
    ("swap", SWAP),
];

fn mutator_name(m: Set) -> &'static str {
    MUTATORS.iter().find(|x| x.1 == m).unwrap().0
}

/// Which reading the reference plays.
#[derive(Clone, Copy, Debug)]
struct Cfg {
    /// The Monochromatic pawn's two-square advance (`fmnD`, from any
    /// rank) opens en passant like any other (OQ-7, generic form).
    mono_ep: bool,
    /// A pawn's lame capture (the Berolina + Monochromatic `fcnD`, two
    /// straight with the middle empty) reaches the en-passant square like
    /// its other captures (OQ-7: "any enemy pawn whose capture pattern
    /// reaches that square").
    lame_ep: bool,
}

/// The engine's reading, the same as the rules'.
const ENGINE: Cfg = Cfg {
    mono_ep: true,
    lame_ep: true,
};

/// OQ-7 as written.
const RULES: Cfg = Cfg {
    mono_ep: true,
    lame_ep: true,
};

// ---------------------------------------------------------------------
// Board
// ---------------------------------------------------------------------

/// A piece: its FIDE letter (upper case) and whether it is White's.
type Piece = (u8, bool);

/// A position. Squares are numbered a1 = 0, b1 = 1, ..., h8 = 63.
#[derive(Clone, PartialEq, Eq, Debug)]
struct Pos {
    b: [Option<Piece>; 64],
    white: bool,
    /// Castling rights K, Q, k, q.
    castle: [bool; 4],
    /// The en-passant square and the pawn that passed it.
    ep: Option<(usize, usize)>,
    half: u32,
    full: u32,
    /// The markers in placement order: square, mutator, active face up.
    markers: Vec<(usize, Set, bool)>,
    /// The hands, White's then Black's: how many of each kind of `HAND`.
    hands: [[u8; 5]; 2],
    /// The squares of the pieces that came from a promotion, one bit
    /// each; the mark moves with its piece.
    promoted: u64,
    /// The die rolled for the side to move (1 to 8), only while Dice is
    /// active; `None` when it is still to be rolled.
    roll: Option<u8>,
    /// The square of a pawn of the side to move that an Avalanche push
    /// brought to its last rank: its owner chooses what it becomes as
    /// the first part of the turn (`pending:b1` in FEN, OQ-6).
    pending: Option<usize>,
}

/// The kinds a hand holds, in the order the FEN writes them.
const HAND: [u8; 5] = *b"QRBNP";

fn hand_index(kind: u8) -> usize {
    HAND.iter()
        .position(|&k| k == kind)
        .expect("a kind that can be in hand")
}

impl Pos {
    /// The mutators whose markers show the active face.
    fn set(&self) -> Set {
        self.markers
            .iter()
            .filter(|m| m.2)
            .fold(0, |acc, m| acc | m.1)
    }
}

fn file(s: usize) -> i32 {
    (s % 8) as i32
}

fn rank(s: usize) -> i32 {
    (s / 8) as i32
}

fn off(s: usize, df: i32, dr: i32) -> Option<usize> {
    let (f, r) = (file(s) + df, rank(s) + dr);
    ((0..8).contains(&f) && (0..8).contains(&r)).then(|| (r * 8 + f) as usize)
}

/// Light squares 1, dark squares 0.
fn colour(s: usize) -> i32 {
    (file(s) + rank(s)) % 2
}

fn sq_name(s: usize) -> String {
    format!("{}{}", (b'a' + (s % 8) as u8) as char, s / 8 + 1)
}

fn parse_sq(t: &str) -> usize {
    let b = t.as_bytes();
    assert!(b.len() == 2, "bad square {t}");
    let (f, r) = (b[0] - b'a', b[1] - b'1');
    assert!(f < 8 && r < 8, "bad square {t}");
    (r * 8 + f) as usize
}
