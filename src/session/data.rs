//! The session's plain data: everything that goes in and out of a
//! [`super::Session`], each type serializable, so that a front end in
//! another language (a browser page, a Python program) gets the same
//! values a Rust front end does.

use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;
use std::fmt;

pub use crate::game::Reason;
pub use crate::record::Players;

/// Which side.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Side {
    /// The first player.
    White,
    /// The second player.
    Black,
}

impl From<crate::board::Color> for Side {
    fn from(c: crate::board::Color) -> Side {
        match c {
            crate::board::Color::White => Side::White,
            crate::board::Color::Black => Side::Black,
        }
    }
}

impl std::ops::Not for Side {
    type Output = Side;

    /// The other side.
    fn not(self) -> Side {
        match self {
            Side::White => Side::Black,
            Side::Black => Side::White,
        }
    }
}

impl From<Side> for crate::board::Color {
    fn from(s: Side) -> crate::board::Color {
        match s {
            Side::White => crate::board::Color::White,
            Side::Black => crate::board::Color::Black,
        }
    }
}

/// Where a variant comes from.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum VariantSource {
    /// A built-in variant by name (`chess`, `mutatis_mutandis`, ...).
    Name(String),
    /// A variant file's text; the last variant it declares is played.
    Text {
        /// The file's name, for error messages (`my.variant`).
        name: String,
        /// Its text.
        text: String,
        /// The scripts it imports, by the path the file writes
        /// (`scripts/mine.rhai`), each as text. Built-in scripts need no
        /// entry.
        scripts: BTreeMap<String, String>,
    },
}

/// How a game begins.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Start {
    /// The variant's setup with seed 0 (its random setup drawn from it,
    /// and its chance events).
    Setup,
    /// The variant's setup drawn from this seed, which also decides
    /// the game's chance events.
    Seed(u64),
    /// A position given as FEN; `seed` decides chance events.
    Fen {
        /// The position.
        fen: String,
        /// The seed of chance events.
        seed: u64,
    },
}

/// An error: what went wrong in the call that returned it. The session
/// is unchanged by a call that fails.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum Error {
    /// The variant does not load.
    Variant {
        /// Every problem, each with its place.
        problems: Vec<Problem>,
    },
    /// A FEN that cannot be read.
    Fen {
        /// Why.
        message: String,
    },
    /// A PGN record that cannot be read or replayed.
    Pgn {
        /// Why.
        message: String,
    },
    /// The text names no legal turn here.
    Move {
        /// The text given.
        text: String,
        /// Why it names none.
        message: String,
    },
    /// No turn has this number in [`super::Session::turns`].
    NoSuchTurn {
        /// The number given.
        index: usize,
        /// How many turns there are.
        turns: usize,
    },
    /// The game has ended; no turn can be played.
    GameOver {
        /// How it ended.
        outcome: Outcome,
    },
    /// Nothing to take back.
    NothingToUndo,
    /// Nothing to play again.
    NothingToRedo,
    /// No kind of the variant has this name or letter.
    NoSuchKind {
        /// The name asked for.
        name: String,
        /// The variant's kinds, joined by commas.
        kinds: String,
    },
    /// The variant's script failed while this call ran; the position is
    /// the one before the call.
    Script {
        /// The script's message, with its file, line and function.
        message: String,
    },
    /// A search limit that cannot be used.
    Limits {
        /// Why.
        message: String,
    },
    /// A built-in player's name that does not parse, or a seat that
    /// cannot play.
    Player {
        /// Why.
        message: String,
    },
    /// A line of a book of openings that is neither a position nor
    /// turns playable from the start.
    Book {
        /// Its line, from 1.
        line: usize,
        /// Why.
        message: String,
    },
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Error::Variant { problems } => {
                let lines: Vec<String> = problems.iter().map(ToString::to_string).collect();
                write!(f, "{}", lines.join("\n"))
            }
            Error::Fen { message } => write!(f, "bad FEN: {message}"),
            Error::Pgn { message } => write!(f, "bad record: {message}"),
            Error::Move { text, message } => write!(f, "`{text}`: {message}"),
            Error::NoSuchTurn { index, turns } => {
                write!(f, "there is no turn {index}: there are {turns}")
            }
            Error::GameOver { outcome } => write!(f, "the game is over: {outcome}"),
            Error::NothingToUndo => write!(f, "nothing to undo"),
            Error::NothingToRedo => write!(f, "nothing to redo"),
            Error::NoSuchKind { name, kinds } => {
                write!(f, "`{name}` is not a kind of this variant (kinds: {kinds})")
            }
            Error::Script { message } => write!(f, "script error: {message}"),
            Error::Limits { message } => write!(f, "bad search limits: {message}"),
            Error::Player { message } => f.write_str(message),
            Error::Book { line, message } => write!(f, "line {line}: {message}"),
        }
    }
}

impl std::error::Error for Error {}

/// One problem of a variant file.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Problem {
    /// The file it is in.
    pub file: String,
    /// Its line, from 1 (0 when it has no place).
    pub line: usize,
    /// Its column, from 1 (0 when it has no place).
    pub column: usize,
    /// What is wrong.
    pub message: String,
}

impl fmt::Display for Problem {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.line > 0 {
            write!(
                f,
                "{}:{}:{}: {}",
                self.file, self.line, self.column, self.message
            )
        } else {
            write!(f, "{}: {}", self.file, self.message)
        }
    }
}

/// How serious a [`Diagnostic`] is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Severity {
    /// The variant cannot be played.
    Error,
    /// It can, but probably not as meant.
    Warning,
}

/// One finding of [`super::check`] on a variant's text, with the place
/// it points at, as `changeling check` prints it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Diagnostic {
    /// An error or a warning.
    pub severity: Severity,
    /// The file it is in (the name the text was given, or a script's).
    pub file: String,
    /// Its first line, from 1 (0 when it has no place).
    pub line: usize,
    /// Its first column in characters, from 1 (0 when it has no place).
    pub column: usize,
    /// The line it ends on.
    pub end_line: usize,
    /// The column just past its end (equal to `column` for a point).
    pub end_column: usize,
    /// What is wrong.
    pub message: String,
    /// What the place shows, said under it.
    pub label: Option<String>,
    /// Notes, in order.
    pub notes: Vec<String>,
    /// What to write instead.
    pub help: Option<String>,
}

/// How a game ended.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Outcome {
    /// Who won; `None` for a draw.
    pub winner: Option<Side>,
    /// Why, as a value to match on.
    pub reason: Reason,
    /// Why, in words for people: `checkmate`, `White gave the third
    /// check`, `insufficient material: K vs K`.
    pub words: String,
}

impl Outcome {
    /// The PGN result token: `1-0`, `0-1` or `1/2-1/2`.
    pub fn result(&self) -> &'static str {
        match self.winner {
            Some(Side::White) => "1-0",
            Some(Side::Black) => "0-1",
            None => "1/2-1/2",
        }
    }
}

impl fmt::Display for Outcome {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} ({})", self.result(), self.words)
    }
}

/// One unit on a square.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Unit {
    /// Its kind's name (`knight`).
    pub kind: String,
    /// Its letter as FEN writes it for its side (`N`, `n`, `+p`).
    pub symbol: String,
    /// Its symbol on a text board: a one-letter code as it is, a longer
    /// code cut to a short abbreviation that no other kind uses (`Sis` for
    /// `Sissa`); White's as written, Black's in lower case (`N`, `n`,
    /// `Sis`, `sis`). Move text accepts it too.
    pub board_symbol: String,
    /// Whose it is.
    pub side: Side,
    /// It was promoted (it goes back to its base kind when captured into
    /// a hand).
    pub promoted: bool,
}

/// A marker on a square.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Marker {
    /// The mutator it switches.
    pub mutator: String,
    /// It shows its active face.
    pub on: bool,
}

/// One square of the board.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SquareData {
    /// Its name (`e4`).
    pub name: String,
    /// Its file, from 0 (file a).
    pub file: u8,
    /// Its rank, from 0 (rank 1).
    pub rank: u8,
    /// A wall: never occupied, part of no move.
    pub wall: bool,
    /// Its units, bottom first (two on a shared square).
    pub units: Vec<Unit>,
    /// On a shared square whose two units make a composite kind the
    /// variant declares (a Queen of Bishop and Rook): that kind, of the
    /// bottom unit's side, which a board may draw instead of the pair.
    pub composite: Option<Unit>,
    /// The marker on it, if any.
    pub marker: Option<Marker>,
}

/// A marker on the board, with its square.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct PlacedMarker {
    /// Its square (`d4`).
    pub square: String,
    /// The mutator it switches.
    pub mutator: String,
    /// It shows its active face.
    pub on: bool,
}

/// What a side holds off the board: pieces of one kind, promoted or not.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Held {
    /// The kind's name.
    pub kind: String,
    /// Its FEN letter for the side.
    pub symbol: String,
    /// Its symbol on a text board for the side (see
    /// [`Unit::board_symbol`]).
    pub board_symbol: String,
    /// They were promoted before they were captured (where the variant
    /// keeps that in hand).
    pub promoted: bool,
    /// How many.
    pub count: usize,
}

/// A side's reserve board: pieces dropped in order.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ReserveData {
    /// The pieces not yet dropped, next first (the first is the next to
    /// drop).
    pub pieces: Vec<Unit>,
    /// The own turns in which the next piece may be dropped, first and
    /// last, when the variant schedules reserve drops.
    pub window: Option<(u32, u32)>,
}

/// Whether the side to move drops from its reserve this turn.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum ReserveDrop {
    /// It may drop its next reserve piece after its action.
    May,
    /// It must drop it, if any turn can.
    Must,
}

/// Markers being placed before play.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Placement {
    /// How many markers are down.
    pub placed: u8,
    /// How many the game places.
    pub needed: u8,
    /// One placement the side to move may make, in coordinates
    /// (`M1@d4`), to show how one is written; empty when there is none.
    pub example: String,
}

/// Where the die tells the side to move to act from, if it is able.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct DieHint {
    /// The file of the number rolled (`c` for a 3).
    pub file: String,
    /// The rank of the number rolled (from 1).
    pub rank: u8,
}

/// A kind in play, as a legend explains it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct LegendEntry {
    /// The kind's name (`sissa`).
    pub kind: String,
    /// White's symbol on a text board (`Sis`); Black's is its lower
    /// case.
    pub symbol: String,
}

/// A choice the rules leave to a player before play goes on.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct PendingChoice {
    /// Who chooses.
    pub side: Side,
    /// The square it concerns.
    pub square: String,
}

/// A position, as a board needs it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Board {
    /// The variant's name.
    pub variant: String,
    /// Files.
    pub width: u8,
    /// Ranks.
    pub height: u8,
    /// Every square, rank 1 first, file a first within a rank.
    pub squares: Vec<SquareData>,
    /// Who moves.
    pub side: Side,
    /// Markers are still being placed before play.
    pub placing: bool,
    /// The number of the full move (from 1).
    pub fullmove: u32,
    /// Plies since the last capture or pawn move (or what the variant
    /// counts for its move-count rule).
    pub halfmove: u32,
    /// Each side's hand (pocket), white first, in kind order (those
    /// promoted after the rest); empty lists when the variant has none.
    pub hands: [Vec<Held>; 2],
    /// Hands are in use here, so a board shows them even when empty: the
    /// variant has them, a mutator on fills them, or one holds a piece.
    pub has_hands: bool,
    /// Each side's reserve board, white first.
    pub reserves: [Option<ReserveData>; 2],
    /// The mutators in force.
    pub mutators: Vec<String>,
    /// The die, when the variant rolls one.
    pub roll: Option<u8>,
    /// Where the die tells the side to move to act from (the file and
    /// the rank of the number), when the board has that many files and
    /// ranks.
    pub die_hint: Option<DieHint>,
    /// The markers on the board, in the order they were placed.
    pub markers: Vec<PlacedMarker>,
    /// Markers are being placed before play: how many are down, how many
    /// go down, and an example.
    pub placement: Option<Placement>,
    /// Whether the side to move drops from its reserve this turn (none
    /// when it cannot yet, or has no reserve drops).
    pub reserve_drop: Option<ReserveDrop>,
    /// A choice waiting for a player.
    pub pending: Option<PendingChoice>,
    /// The squares of the last turn (from, to), if a turn was played;
    /// for a drop, both are the square it landed on.
    pub last_move: Option<(String, String)>,
    /// Royal pieces of the side to move that stand attacked.
    pub checked: Vec<String>,
    /// The side to move is in check as its variant counts it (with
    /// several royals, by the variant's royal rule).
    pub in_check: bool,
    /// The kinds in play (on the board, in hands and in reserves), in the
    /// order the variant declares them, with their symbols.
    pub legend: Vec<LegendEntry>,
    /// Checks given by each side, white first, when the variant counts
    /// them.
    pub checks: Option<[u8; 2]>,
    /// The script's state, each number by its name, in the order the
    /// variant declares them (empty when it declares none).
    pub state: Vec<(String, i32)>,
    /// The position as FEN.
    pub fen: String,
}

/// Where a dropped piece comes from.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum DropSource {
    /// The mover's hand (pocket).
    Hand,
    /// The mover's reserve board.
    Reserve,
}

/// A part of a turn beyond its action.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "part", rename_all = "snake_case")]
pub enum Part {
    /// A drop from the reserve (or, gating, from the hand) after the
    /// action.
    Drop {
        /// Where to.
        square: String,
        /// The kind (for a gate, the held kind; else the reserve's next).
        kind: Option<String>,
        /// From the hand or the reserve.
        source: DropSource,
    },
    /// A push of an enemy pawn after the action.
    Push {
        /// From.
        from: String,
        /// To.
        to: String,
    },
    /// The kind chosen, before the action, for the mover's pawn that the
    /// opponent pushed onto its last rank.
    Choice {
        /// The pawn's square.
        square: String,
        /// The kind chosen.
        kind: String,
    },
}

/// One legal turn, with what a board needs to show it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Turn {
    /// Its number in this position's list (play it with
    /// [`super::Session::play_turn`]).
    pub index: usize,
    /// Its SAN, as unambiguous as the position needs, with `+` or `#`.
    pub san: String,
    /// Its coordinate spelling (`e2e4`, `P@e4`, `e7e8q`).
    pub coordinates: String,
    /// The standard coordinates the engine protocols speak (UCI and
    /// XBoard, as Fairy-Stockfish writes them); see
    /// [`Session::set_xboard_spelling`](super::Session::set_xboard_spelling).
    pub standard: String,
    /// What it is: `move`, `capture`, `castle`, `drop`, `pocket`,
    /// `pass`, `suicide`, `placement`, `effects`.
    pub what: String,
    /// The square the acting piece leaves (for a drop, none).
    pub from: Option<String>,
    /// The square it reaches (for a drop, where it lands).
    pub to: String,
    /// The acting piece's kind.
    pub piece: String,
    /// A drop: what is dropped and from where.
    pub dropped: Option<(String, DropSource)>,
    /// The kind a piece promotes to (or, pocketing, changes to).
    pub promotion: Option<String>,
    /// On a shared square, the unit captured (the victim chosen).
    pub captured: Option<Unit>,
    /// The parts after (or before) the action.
    pub parts: Vec<Part>,
    /// The script's tag of a scripted move (`:name`), if any.
    pub tag: Option<String>,
}

/// A turn that was played.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Played {
    /// Its SAN, as spelled before it was played.
    pub san: String,
    /// Its coordinates.
    pub coordinates: String,
    /// The outcome, if the turn ended the game.
    pub outcome: Option<Outcome>,
}

/// One elementary change a turn makes, in order.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "effect", rename_all = "snake_case")]
pub enum Effect {
    /// A unit moves.
    Move {
        /// From.
        from: String,
        /// To.
        to: String,
    },
    /// A unit is captured (and may go to a hand).
    Capture {
        /// Where.
        square: String,
    },
    /// A unit is removed without being captured (a blast, a suicide).
    Remove {
        /// Where.
        square: String,
    },
    /// A piece is put on a square.
    Place {
        /// Where.
        square: String,
        /// What.
        unit: Unit,
    },
    /// A unit changes kind.
    Transform {
        /// Where.
        square: String,
        /// Into what.
        kind: String,
    },
    /// A unit changes side.
    SetOwner {
        /// Where.
        square: String,
        /// Its new side.
        side: Side,
    },
    /// Two squares trade contents.
    Swap {
        /// One.
        a: String,
        /// The other.
        b: String,
    },
    /// A kind goes into a hand.
    ToHand {
        /// Whose.
        side: Side,
        /// What.
        kind: String,
    },
    /// A kind is dropped from a hand.
    FromHand {
        /// Whose.
        side: Side,
        /// What.
        kind: String,
        /// Where to.
        square: String,
    },
    /// A reserve piece is dropped.
    FromReserve {
        /// Whose.
        side: Side,
        /// Where to.
        square: String,
    },
    /// A hand is emptied.
    ClearHand {
        /// Whose.
        side: Side,
    },
    /// A marker is placed.
    PlaceMarker {
        /// Where.
        square: String,
        /// Its mutator.
        mutator: String,
    },
    /// A marker is turned over.
    FlipMarker {
        /// Where.
        square: String,
    },
    /// A unit's has-moved state is set.
    SetMoved {
        /// Where.
        square: String,
        /// It has moved.
        moved: bool,
    },
    /// A number of the script's state is set.
    SetState {
        /// Its name (the variant's `state` list).
        name: String,
        /// The new value.
        value: i32,
    },
    /// A choice is handed to a player.
    Defer {
        /// Who chooses.
        side: Side,
    },
}

/// When a search stops (a field left out of the data is unset).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct Limits {
    /// Iterations of at most this many plies.
    pub depth: Option<u32>,
    /// At most this many nodes (the same answer on every machine).
    pub nodes: Option<u64>,
    /// At most this many milliseconds.
    pub millis: Option<u64>,
    /// A game clock: the search takes its share of the time left.
    pub clock: Option<Clock>,
}

/// The mover's clock, for a search that budgets its own time.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Clock {
    /// Milliseconds left for the rest of the game (or until `moves_to_go`).
    pub left_millis: u64,
    /// Milliseconds added after each move.
    pub increment_millis: u64,
    /// Moves to play before the clock gets more time, if it does.
    pub moves_to_go: Option<u32>,
}

/// A score for the side to move.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Score {
    /// Centipawns.
    Centipawns(i32),
    /// Mate in this many moves; negative when the side to move is mated.
    Mate(i32),
}

impl fmt::Display for Score {
    /// `+0.35` (pawns), `mate in 3`, `mated in 2`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Score::Centipawns(cp) => write!(f, "{:+.2}", f64::from(cp) / 100.0),
            Score::Mate(n) if n >= 0 => write!(f, "mate in {n}"),
            Score::Mate(n) => write!(f, "mated in {}", -n),
        }
    }
}

/// A search's finding so far (after an iteration) or at its end.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Thought {
    /// The depth finished, in plies.
    pub depth: u32,
    /// The score for the side to move.
    pub score: Score,
    /// Nodes searched.
    pub nodes: u64,
    /// Milliseconds since the search began.
    pub millis: u64,
    /// The principal variation in SAN, best turn first.
    pub pv: Vec<String>,
    /// The principal variation numbered as in a game (`12. Nf3 Nc6
    /// 13. d4`, or `12... Nc6 13. d4` from Black's move).
    pub line: String,
    /// The best turn's coordinates.
    pub best: String,
    /// The principal variation in the standard coordinates the engine
    /// protocols speak (UCI and XBoard, as Fairy-Stockfish writes them).
    pub standard: Vec<String>,
    /// How the game ends at the end of the principal variation, when
    /// the score is a forced win or loss and the line reaches the end.
    pub end: Option<Outcome>,
    /// The squares of each turn of the principal variation, from and to
    /// (a drop's both ends are its square), for drawing it as arrows.
    pub arrows: Vec<(String, String)>,
}

/// One kind of piece explained: its moves in words and drawn.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct PieceSheet {
    /// Its name.
    pub name: String,
    /// White's letter.
    pub letter: String,
    /// How it moves, in words.
    pub words: String,
    /// White's piece alone in the middle of the board, the squares it
    /// moves to and takes on marked, as SVG.
    pub svg: String,
}

/// A kind of piece, as a legend shows it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Kind {
    /// Its name (`knight`).
    pub name: String,
    /// White's FEN letter (`N`); Black's is its lower case.
    pub letter: String,
    /// White's symbol on a text board (see [`Unit::board_symbol`]).
    pub symbol: String,
    /// Its moves in Betza notation, as declared (empty when it moves
    /// only by script).
    pub betza: String,
    /// It must be kept from capture.
    pub royal: bool,
    /// Its value in centipawns, declared or estimated.
    pub value: i32,
}

/// What a front end shows about a variant before a move is made.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Variant {
    /// Its name.
    pub name: String,
    /// Files.
    pub width: u8,
    /// Ranks.
    pub height: u8,
    /// Its kinds, in declaration order.
    pub kinds: Vec<Kind>,
    /// Its mutators, by name.
    pub mutators: Vec<String>,
    /// Captured pieces go to hands and may be dropped.
    pub hands: bool,
    /// The variant rolls a die.
    pub dice: bool,
    /// Up to two units may share a square.
    pub stacks: bool,
    /// The most units a square holds (1, or 2 with stacks).
    pub capacity: u8,
    /// Mutator markers are placed on the board before play.
    pub markers: bool,
}
