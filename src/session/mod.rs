//! The session: one API for every front end.
//!
//! A [`Session`] holds one game of one variant. Every argument and every
//! answer is plain data ([`data`]): names of squares and kinds as
//! strings, outcomes and errors as enums, all serializable with serde, so
//! that a terminal, a browser page or a Python program sees the same
//! values. No call reads a file, the terminal or the clock beyond the
//! search's own limit: a variant comes as a built-in name or as text with
//! its scripts as text.
//!
//! Errors are values returned by the call that caused them, the session
//! unchanged. A variant's script hook that fails answers as if it had
//! nothing to add (the turns stay those of the rules without it), so the
//! call still answers; the failure is kept by this session alone, never
//! by another game sharing the rules, and handed out by
//! [`Session::take_script_error`].
//!
//! ```
//! use changeling::session::{Session, Start, VariantSource, Reason, Side};
//!
//! let mut s = Session::load(&VariantSource::Name("chess".into()), &Start::Setup)?;
//! assert_eq!(s.turns().len(), 20);
//! for text in ["f3", "e5", "g4", "Qh4#"] {
//!     s.play(text)?;
//! }
//! let outcome = s.outcome().expect("the game is over");
//! assert_eq!(outcome.winner, Some(Side::Black));
//! assert_eq!(outcome.reason, Reason::Checkmate);
//! s.undo()?;
//! assert!(s.outcome().is_none());
//! # Ok::<(), changeling::session::Error>(())
//! ```

mod book;
mod catalog;
pub mod data;
mod diagram;
mod explain;
mod inspect;
mod pieces;
mod players;
mod queries;
mod words;

/// What a script hook has cost ([`Session::script_costs`]).
pub use crate::movegen::HookCost;
pub use book::MAX_BOOK_LINES;
pub use catalog::*;
pub use data::*;
pub use diagram::PieceDiagram;
pub use explain::{Aftermath, Explanation, Step, UnitAt};
pub use inspect::TurnInfo;
pub use pieces::KindMoves;
pub use players::{Dice, Player, Seat};
pub use queries::{ListedTurn, MoveDiagram, Reached};
pub use words::{fide_glyph, file_letter};

use crate::board::{Color, Piece, PieceKind, Square};
use crate::game::Game;
use crate::movegen::{hooks, is_attacked};
use crate::notation::{Notation, parse_fen, to_fen, to_uci};
use crate::position::{Move, MoveKind, Position};
use crate::rules::Rules;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};

/// A game of a variant, played and queried through plain data.
#[derive(Debug)]
pub struct Session {
    game: Game,
    /// Turns taken back by [`Session::undo`], the latest last.
    redo: Vec<Move>,
    seed: u64,
    engine: Option<crate::search::Engine>,
    /// The features and table size of the engine [`Session::search`]
    /// makes.
    engine_options: crate::search::Options,
    stop: Arc<AtomicBool>,
    /// A copy made by [`Session::fork`]: its searches leave the shared
    /// stop flag as the session that made it set it.
    forked: bool,
    /// [`Thought::standard`] spells a pass as XBoard does.
    xboard: bool,
    /// The first script failure of this session's calls not yet taken.
    script_error: std::sync::Mutex<Option<Error>>,
}

/// Stops a search running in another thread ([`Session::search`]).
#[derive(Clone, Debug)]
pub struct StopHandle(Arc<AtomicBool>);

impl StopHandle {
    /// Asks the search to end as soon as it can; it answers with what it
    /// found so far.
    pub fn stop(&self) {
        self.0.store(true, Ordering::Relaxed);
    }

    /// The search has been asked to stop (and not begun again since).
    pub fn stopped(&self) -> bool {
        self.0.load(Ordering::Relaxed)
    }
}

/// The rules of a variant, by name or from text.
///
/// # Errors
///
/// An unknown name (with the nearest built-in one), or every problem of
/// the text.
/// ```
/// use changeling::session::{load_variant, VariantSource};
/// let rules = load_variant(&VariantSource::Name("xiangqi".into()))?;
/// assert_eq!((rules.geometry().width, rules.geometry().height), (9, 10));
/// # Ok::<(), changeling::session::Error>(())
/// ```
#[doc(hidden)]
pub fn load_variant(source: &VariantSource) -> Result<Arc<Rules>, Error> {
    match source {
        VariantSource::Name(name) => {
            let Some(text) = crate::variants::embedded(name) else {
                let hint = crate::variants::nearest_name(name)
                    .map(|n| format!("; did you mean `{n}`?"))
                    .unwrap_or_default();
                return Err(Error::Variant {
                    problems: vec![Problem {
                        file: name.clone(),
                        line: 0,
                        column: 0,
                        message: format!("no built-in variant is called `{name}`{hint}"),
                    }],
                });
            };
            crate::variants::load_str(&format!("embedded:{name}"), text).map_err(load_error)
        }
        VariantSource::Text {
            name,
            text,
            scripts,
        } => crate::variants::load_text(name, text, scripts).map_err(load_error),
    }
}

/// Every error and warning of a variant's text (or a built-in
/// variant's), each at its line and column, as `changeling check` finds
/// them; empty when the text is clean. The scripts come as text: nothing
/// is read from a file.
///
/// ```
/// use changeling::session::{check, Severity, VariantSource};
/// let source = VariantSource::Text {
///     name: "mine.variant".into(),
///     text: "variant mine : chess {\n  boar = 8x8\n}\n".into(),
///     scripts: Default::default(),
/// };
/// let found = check(&source);
/// assert_eq!(found[0].severity, Severity::Error);
/// assert_eq!((found[0].line, found[0].column), (2, 3));
/// assert!(check(&VariantSource::Name("chess".into())).is_empty());
/// ```
pub fn check(source: &VariantSource) -> Vec<Diagnostic> {
    let (found, sources) = match source {
        VariantSource::Name(name) => match crate::variants::embedded(name) {
            Some(text) => crate::variants::check_str(&format!("embedded:{name}"), text),
            None => {
                return match load_variant(source) {
                    Err(Error::Variant { problems }) => problems
                        .into_iter()
                        .map(|p| Diagnostic {
                            severity: Severity::Error,
                            file: p.file,
                            line: p.line,
                            column: p.column,
                            end_line: p.line,
                            end_column: p.column,
                            message: p.message,
                            label: None,
                            notes: Vec::new(),
                            help: None,
                        })
                        .collect(),
                    _ => Vec::new(),
                };
            }
        },
        VariantSource::Text {
            name,
            text,
            scripts,
        } => crate::variants::check_text(name, text, scripts),
    };
    found
        .iter()
        .map(|d| {
            let file = sources
                .get(d.span.file)
                .map_or_else(String::new, |(n, _)| n.to_string());
            let (line, column) = sources.line_col(d.span.file, d.span.start);
            let (end_line, end_column) = sources.line_col(d.span.file, d.span.end);
            Diagnostic {
                severity: if d.is_error() {
                    Severity::Error
                } else {
                    Severity::Warning
                },
                file,
                line,
                column,
                end_line,
                end_column,
                message: d.message.clone(),
                label: d.label.clone(),
                notes: d.notes.clone(),
                help: d.help.clone(),
            }
        })
        .collect()
}

fn load_error(e: crate::rules::LoadError) -> Error {
    let problems = e
        .diagnostics
        .iter()
        .filter(|d| d.is_error())
        .map(|d| {
            let (file, line, column) = match e.sources.get(d.span.file) {
                Some((name, _)) => {
                    let (line, column) = e.sources.line_col(d.span.file, d.span.start);
                    (name.to_string(), line, column)
                }
                None => (String::new(), 0, 0),
            };
            Problem {
                file,
                line,
                column,
                message: d.message.clone(),
            }
        })
        .collect();
    Error::Variant { problems }
}

fn fen_error(e: impl std::fmt::Display) -> Error {
    Error::Fen {
        message: e.to_string(),
    }
}

impl Session {
    /// A new game of the variant `source`, begun as `start` says.
    ///
    /// # Errors
    ///
    /// The variant does not load, or the FEN does not read.
    /// ```
    /// use changeling::session::{Reason, Session, Start, VariantSource};
    /// let text = "variant tiny { board = 3x3 \
    ///     piece king { letter = K betza = \"K\" royal = true } \
    ///     setup = \"k2/3/2K w - - 0 1\" }";
    /// let source = VariantSource::Text {
    ///     name: "tiny.variant".into(),
    ///     text: text.into(),
    ///     scripts: Default::default(),
    /// };
    /// let s = Session::load(&source, &Start::Setup)?;
    /// // Two bare kings: a dead position.
    /// assert_eq!(s.outcome().unwrap().reason, Reason::DeadPosition);
    /// # Ok::<(), changeling::session::Error>(())
    /// ```
    pub fn load(source: &VariantSource, start: &Start) -> Result<Session, Error> {
        let rules = load_variant(source)?;
        Session::with_rules(rules, start)
    }

    /// A new game under rules a front end has already loaded.
    ///
    /// # Errors
    ///
    /// The FEN does not read, or the variant's setup does not.
    #[doc(hidden)]
    pub fn with_rules(rules: Arc<Rules>, start: &Start) -> Result<Session, Error> {
        let (game, seed) = begin(rules, start)?;
        Ok(Session::of_game(game, seed))
    }

    /// A session on a game a front end has already made; `seed` is the
    /// one it was begun with (for [`Session::new_game`] and records).
    #[doc(hidden)]
    pub fn of_game(game: Game, seed: u64) -> Session {
        Session {
            game,
            redo: Vec::new(),
            seed,
            engine: None,
            engine_options: crate::search::Options::default(),
            stop: Arc::new(AtomicBool::new(false)),
            forked: false,
            xboard: false,
            script_error: std::sync::Mutex::new(None),
        }
    }

    /// A copy of the game to search on another thread, which takes this
    /// session's engine (and what its tables have learnt) along and
    /// answers to its [`StopHandle`]. [`Session::join`] takes the engine
    /// back.
    ///
    /// ```
    /// use changeling::session::{Limits, Session, Start, VariantSource};
    /// let mut s = Session::load(&VariantSource::Name("chess".into()), &Start::Setup)?;
    /// let mut fork = s.fork();
    /// let thinking = std::thread::spawn(move || {
    ///     let found = fork.search(&Limits { depth: Some(2), ..Limits::default() }, &mut |_| {});
    ///     (fork, found)
    /// });
    /// let (fork, found) = thinking.join().unwrap();
    /// s.join(fork);
    /// s.play(&found.unwrap().best)?;
    /// assert_eq!(s.moves().len(), 1);
    /// # Ok::<(), changeling::session::Error>(())
    /// ```
    pub fn fork(&mut self) -> Session {
        self.stop.store(false, Ordering::Relaxed);
        Session {
            game: self.game.clone(),
            redo: self.redo.clone(),
            seed: self.seed,
            engine: self.engine.take(),
            engine_options: self.engine_options,
            stop: self.stop.clone(),
            forked: true,
            xboard: self.xboard,
            script_error: std::sync::Mutex::new(None),
        }
    }

    /// Takes back the engine a [`Session::fork`] took along, and a script
    /// failure it kept. The game stays this session's.
    pub fn join(&mut self, fork: Session) {
        if let Some(Error::Script { message }) = fork.take_script_error() {
            let mut slot = self
                .script_error
                .lock()
                .unwrap_or_else(std::sync::PoisonError::into_inner);
            slot.get_or_insert(Error::Script { message });
        }
        if fork.engine_options == self.engine_options {
            self.engine = fork.engine;
        }
    }

    /// Takes the engine settings of `other`, a session this one
    /// replaces, and its engine with what its tables learnt when both
    /// play the same rules.
    pub fn adopt_engine(&mut self, other: &mut Session) {
        self.engine_options = other.engine_options;
        self.xboard = other.xboard;
        let engine = other.engine.take();
        if Arc::ptr_eq(self.game.rules(), other.game.rules()) {
            self.engine = engine;
        }
    }

    /// Sets the size of the engine's table, in MB, and gives the size it
    /// got: the largest half, quarter, ... of it that memory allows. The
    /// engine starts afresh.
    pub fn set_hash_mb(&mut self, megabytes: usize) -> usize {
        self.engine_options.hash_mb = megabytes;
        let engine =
            crate::search::Engine::with_options(self.game.rules().clone(), self.engine_options);
        let got = engine.options.hash_mb;
        self.engine_options.hash_mb = got;
        self.engine = Some(engine);
        got
    }

    /// The engine's search features, for front ends that compare them.
    #[doc(hidden)]
    pub fn set_engine_options(&mut self, options: crate::search::Options) {
        self.engine_options = options;
        self.engine = None;
    }

    /// Makes `flag` the session's stop flag (one a front end raises on
    /// Ctrl-C, say): raised, it stops a search as [`StopHandle::stop`]
    /// does.
    pub fn set_stop_flag(&mut self, flag: Arc<AtomicBool>) {
        self.stop = flag;
        self.engine = None;
    }

    /// Forgets what the engine learnt (a new game for it).
    pub fn clear_engine(&mut self) {
        self.engine = None;
    }

    /// Spells a pass in [`Thought::standard`] as XBoard does (`@@@@`)
    /// rather than as UCI (the passing piece's square twice).
    pub fn set_xboard_spelling(&mut self, xboard: bool) {
        self.xboard = xboard;
    }

    /// Replaces the game by one a front end read or set up itself, begun
    /// with `seed`.
    #[doc(hidden)]
    pub fn set_game(&mut self, game: Game, seed: u64) {
        if !Arc::ptr_eq(game.rules(), self.game.rules()) {
            self.engine = None;
        }
        self.game = game;
        self.seed = seed;
        self.redo.clear();
    }

    /// The game, for front ends in this crate that draw it themselves.
    #[doc(hidden)]
    pub fn game(&self) -> &Game {
        &self.game
    }

    /// The variant's rules.
    #[doc(hidden)]
    pub fn rules(&self) -> &Arc<Rules> {
        self.game.rules()
    }

    /// The variant: its board, kinds and mutators.
    ///
    /// ```
    /// use changeling::session::{Session, Start, VariantSource};
    /// let s = Session::load(&VariantSource::Name("capablanca".into()), &Start::Setup)?;
    /// let v = s.variant();
    /// assert_eq!((v.width, v.height), (10, 8));
    /// assert!(v.kinds.iter().any(|k| k.name == "archbishop" && k.letter == "A"));
    /// # Ok::<(), changeling::session::Error>(())
    /// ```
    pub fn variant(&self) -> Variant {
        variant_of(self.game.rules())
    }

    /// The side to move.
    pub fn side(&self) -> Side {
        self.game.position().side().into()
    }

    /// The number of the full move being played (1 at the start).
    pub fn fullmove(&self) -> u32 {
        self.game.position().fullmove()
    }

    /// The number of legal turns, without spelling them.
    pub fn count_turns(&self) -> usize {
        self.scripted(|s| s.game.legal().len())
    }

    /// The rules in words: the board, the kinds and how they move, and
    /// every rule beyond FIDE chess's, as `changeling rules` prints them.
    ///
    /// ```
    /// use changeling::session::{Session, Start, VariantSource};
    /// let s = Session::load(&VariantSource::Name("pocket-mutation".into()), &Start::Setup)?;
    /// assert!(s.rules_in_words().contains("pocket"));
    /// # Ok::<(), changeling::session::Error>(())
    /// ```
    pub fn rules_in_words(&self) -> String {
        self.scripted(|s| crate::describe::rules_in_words(s.game.rules()))
    }

    /// A kind of piece (by name or letter) explained: its moves in words
    /// and a diagram of them from the middle of an empty board.
    ///
    /// # Errors
    ///
    /// No kind of the variant has that name or letter.
    /// ```
    /// use changeling::session::{Session, Start, VariantSource};
    /// let s = Session::load(&VariantSource::Name("capablanca".into()), &Start::Setup)?;
    /// let sheet = s.piece("archbishop")?;
    /// assert_eq!(sheet.letter, "A");
    /// assert!(sheet.svg.starts_with("<svg"));
    /// # Ok::<(), changeling::session::Error>(())
    /// ```
    pub fn piece(&self, name: &str) -> Result<PieceSheet, Error> {
        let rules = self.game.rules();
        let Some(kind) = crate::notation::kind_named(rules, name) else {
            let names: Vec<&str> = rules.pieces().iter().map(|p| p.name.as_str()).collect();
            return Err(Error::NoSuchKind {
                name: name.to_string(),
                kinds: names.join(", "),
            });
        };
        Ok(self.scripted(|_| {
            let def = rules.piece(kind);
            let centre = rules.geometry().centre();
            let diagram = crate::show::on_empty_board(rules, kind, Color::White, centre);
            PieceSheet {
                name: def.name.clone(),
                letter: def.letter.clone(),
                words: crate::describe::piece_in_words(rules, kind),
                svg: crate::svg::diagram(rules, &diagram),
            }
        }))
    }

    /// The seed the game was begun with.
    pub fn seed(&self) -> u64 {
        self.seed
    }

    /// Begins a new game of the same variant; the old one is dropped.
    ///
    /// # Errors
    ///
    /// The FEN does not read; the game in progress is kept.
    /// ```
    /// use changeling::session::{Session, Start, VariantSource};
    /// let mut s = Session::load(&VariantSource::Name("chess".into()), &Start::Setup)?;
    /// s.play("e4")?;
    /// s.new_game(&Start::Fen { fen: "4k3/8/8/8/8/8/8/4K2R w K - 0 1".into(), seed: 7 })?;
    /// assert!(s.turns().iter().any(|t| t.what == "castle"));
    /// # Ok::<(), changeling::session::Error>(())
    /// ```
    pub fn new_game(&mut self, start: &Start) -> Result<(), Error> {
        let (game, seed) = begin(self.game.rules().clone(), start)?;
        self.game = game;
        self.seed = seed;
        self.redo.clear();
        Ok(())
    }

    /// The legal turns, spelled, in a fixed order (the order
    /// [`Session::play_turn`] numbers them by).
    ///
    /// A script hook that fails while the turns are listed is kept for
    /// [`Session::take_script_error`].
    /// ```
    /// use changeling::session::{Session, Start, VariantSource};
    /// let s = Session::load(&VariantSource::Name("chess".into()), &Start::Setup)?;
    /// let t = s.turns().into_iter().find(|t| t.san == "Nf3").unwrap();
    /// assert_eq!((t.from.as_deref(), t.to.as_str(), t.coordinates.as_str()), (Some("g1"), "f3", "g1f3"));
    /// # Ok::<(), changeling::session::Error>(())
    /// ```
    pub fn turns(&self) -> Vec<Turn> {
        self.scripted(|s| {
            let rules = s.game.rules();
            let pos = s.game.position();
            let notation = Notation::with_turns(rules, pos, s.game.legal_moves());
            notation
                .turns()
                .iter()
                .enumerate()
                .map(|(i, mv)| {
                    let mut t = turn(rules, pos, mv, i, notation.san_with_check(i));
                    t.standard = standard(rules, mv, s.xboard);
                    t
                })
                .collect()
        })
    }

    /// Plays the turn `text` names, in SAN or coordinates.
    ///
    /// # Errors
    ///
    /// The game is over, or the text names no legal turn (the message
    /// says why); the game is unchanged.
    /// ```
    /// use changeling::session::{Error, Session, Start, VariantSource};
    /// let mut s = Session::load(&VariantSource::Name("chess".into()), &Start::Setup)?;
    /// assert_eq!(s.play("e2e4")?.san, "e4");
    /// assert!(matches!(s.play("e4"), Err(Error::Move { .. })));
    /// # Ok::<(), changeling::session::Error>(())
    /// ```
    pub fn play(&mut self, text: &str) -> Result<Played, Error> {
        // Reading refuses a turn once the game is over.
        let mv = self.read(text)?;
        Ok(self.push(mv))
    }

    /// Plays the turn numbered `index` in [`Session::turns`].
    ///
    /// # Errors
    ///
    /// The game is over, or there is no such turn; the game is
    /// unchanged.
    /// ```
    /// use changeling::session::{Session, Start, VariantSource};
    /// let mut s = Session::load(&VariantSource::Name("shogi".into()), &Start::Setup)?;
    /// let first = s.turns()[0].clone();
    /// assert_eq!(s.play_turn(first.index)?.san, first.san);
    /// # Ok::<(), changeling::session::Error>(())
    /// ```
    pub fn play_turn(&mut self, index: usize) -> Result<Played, Error> {
        self.ensure_going()?;
        let turns = self.scripted(|s| s.game.legal_moves());
        let Some(&mv) = turns.get(index) else {
            return Err(Error::NoSuchTurn {
                index,
                turns: turns.len(),
            });
        };
        Ok(self.push(mv))
    }

    fn ensure_going(&self) -> Result<(), Error> {
        match self.outcome() {
            Some(outcome) => Err(Error::GameOver { outcome }),
            None => Ok(()),
        }
    }

    /// Plays `mv`, legal here.
    pub(crate) fn push(&mut self, mv: Move) -> Played {
        let rules = self.game.rules().clone();
        let before = self.game.position().clone();
        // Spelled as `to_san` spells it, from the turns the game has
        // listed already.
        let (san, coordinates) = self.scripted(|s| {
            let san = if mv.placement().is_some() {
                crate::notation::to_san(&rules, &before, &mv)
            } else {
                let notation = Notation::with_turns(&rules, &before, s.game.legal().to_vec());
                notation.position_of(&mv).map_or_else(
                    || crate::notation::to_san(&rules, &before, &mv),
                    |i| notation.san_with_check(i),
                )
            };
            (san, to_uci(&rules, &mv))
        });
        self.scripted_mut(|s| s.game.push(mv));
        self.redo.clear();
        let outcome = self.scripted(|s| s.outcome());
        Played {
            san,
            coordinates,
            outcome,
        }
    }

    /// The legal turn `text` names, not played.
    fn read(&self, text: &str) -> Result<Move, Error> {
        let read = self.scripted(|s| s.game.read_turn(text));
        read.map_err(|e| match e {
            crate::game::PlayError::Move(e) => Error::Move {
                text: e.text,
                message: e.reason,
            },
            crate::game::PlayError::GameOver(_) => match self.outcome() {
                Some(outcome) => Error::GameOver { outcome },
                None => Error::Move {
                    text: text.to_string(),
                    message: "the game is over".to_string(),
                },
            },
        })
    }

    /// Plays the turn `text` names without spelling it or judging the
    /// game after it: for front ends that replay many turns at once (a
    /// UCI `position ... moves`), where [`Session::play`]'s SAN would
    /// cost a listing of every turn at each one.
    pub(crate) fn replay(&mut self, text: &str) -> Result<(), Error> {
        let mv = self.read(text)?;
        self.scripted_mut(|s| s.game.push(mv));
        self.redo.clear();
        Ok(())
    }

    /// Takes back the last turn; [`Session::redo`] plays it again.
    ///
    /// # Errors
    ///
    /// No turn has been played.
    /// ```
    /// use changeling::session::{Session, Start, VariantSource};
    /// let mut s = Session::load(&VariantSource::Name("chess".into()), &Start::Setup)?;
    /// s.play("d4")?;
    /// s.undo()?;
    /// assert_eq!(s.redo()?.san, "d4");
    /// # Ok::<(), changeling::session::Error>(())
    /// ```
    pub fn undo(&mut self) -> Result<(), Error> {
        let mv = self.game.undo().ok_or(Error::NothingToUndo)?;
        self.redo.push(mv);
        Ok(())
    }

    /// Plays again the last turn taken back.
    ///
    /// # Errors
    ///
    /// Nothing was taken back (or a turn was played since).
    pub fn redo(&mut self) -> Result<Played, Error> {
        let mv = self.redo.pop().ok_or(Error::NothingToRedo)?;
        let kept = std::mem::take(&mut self.redo);
        let played = self.push(mv);
        self.redo = kept;
        Ok(played)
    }

    /// How the game ended, if it has.
    pub fn outcome(&self) -> Option<Outcome> {
        self.game.ending().map(|e| Outcome {
            winner: e.winner.map(Side::from),
            reason: e.reason,
            words: e.words,
        })
    }

    /// The turns played, in SAN.
    pub fn moves(&self) -> Vec<String> {
        let rules = self.game.rules();
        self.game
            .history()
            .iter()
            .map(|(mv, before)| crate::notation::to_san(rules, before, mv))
            .collect()
    }

    /// The position as a board draws it.
    ///
    /// ```
    /// use changeling::session::{Session, Side, Start, VariantSource};
    /// let s = Session::load(&VariantSource::Name("chess".into()), &Start::Setup)?;
    /// let b = s.board();
    /// let e1 = b.squares.iter().find(|q| q.name == "e1").unwrap();
    /// assert_eq!((e1.units[0].kind.as_str(), e1.units[0].side), ("king", Side::White));
    /// # Ok::<(), changeling::session::Error>(())
    /// ```
    pub fn board(&self) -> Board {
        self.scripted(|s| board(s.game.rules(), s.game.position(), s.game.history().last()))
    }

    /// The position as FEN.
    pub fn fen(&self) -> String {
        to_fen(self.game.rules(), self.game.position())
    }

    /// Begins a new game from `fen`, keeping the seed.
    ///
    /// # Errors
    ///
    /// The FEN does not read; the game in progress is kept.
    /// ```
    /// use changeling::session::{Session, Start, VariantSource};
    /// let mut s = Session::load(&VariantSource::Name("chess".into()), &Start::Setup)?;
    /// s.set_fen("4k3/8/8/8/8/8/8/4K3 w - - 0 1")?;
    /// assert_eq!(s.fen(), "4k3/8/8/8/8/8/8/4K3 w - - 0 1");
    /// # Ok::<(), changeling::session::Error>(())
    /// ```
    pub fn set_fen(&mut self, fen: &str) -> Result<(), Error> {
        self.new_game(&Start::Fen {
            fen: fen.to_string(),
            seed: self.seed,
        })
    }

    /// The game as PGN, with its `Variant`, `Seed` and (when it did not
    /// begin at the setup) `FEN` tags.
    pub fn pgn(&self) -> String {
        self.pgn_with(&Players::default())
    }

    /// The game as PGN with the players' names, the event and round, and
    /// a result an arbiter gave where the rules gave none.
    pub fn pgn_with(&self, players: &Players) -> String {
        crate::record::write_pgn(&self.game, players)
    }

    /// The position the game began from, as FEN.
    pub fn start_fen(&self) -> String {
        to_fen(self.game.rules(), self.game.start())
    }

    /// The turns played, in the engine protocols' standard coordinates
    /// (see [`Session::set_xboard_spelling`]).
    pub fn standard_moves(&self) -> Vec<String> {
        let rules = self.game.rules();
        self.game
            .history()
            .iter()
            .map(|(mv, _)| standard(rules, mv, self.xboard))
            .collect()
    }

    /// The number of turns played.
    pub fn ply(&self) -> usize {
        self.game.history().len()
    }

    /// Replaces the game by the first game of a PGN record. The record's
    /// variant must be this session's or a built-in one.
    ///
    /// # Errors
    ///
    /// Bad syntax, an unknown variant, an illegal move (with its
    /// number); the game in progress is kept.
    /// ```
    /// use changeling::session::{Session, Start, VariantSource};
    /// let mut s = Session::load(&VariantSource::Name("chess".into()), &Start::Setup)?;
    /// s.play("e4")?;
    /// let pgn = s.pgn();
    /// let mut t = Session::load(&VariantSource::Name("chess".into()), &Start::Setup)?;
    /// t.load_pgn(&pgn)?;
    /// assert_eq!(t.moves(), ["e4"]);
    /// # Ok::<(), changeling::session::Error>(())
    /// ```
    pub fn load_pgn(&mut self, text: &str) -> Result<(), Error> {
        let rules = self.game.rules().clone();
        let sources = crate::record::Sources {
            current: Some(&rules),
            ..Default::default()
        };
        let game = crate::record::read_pgn(text, self.seed, sources)
            .map_err(|e| Error::Pgn { message: e.0 })?;
        self.game = game;
        self.redo.clear();
        Ok(())
    }

    /// What the turn `text` would do, as the list of its effects in
    /// order.
    ///
    /// # Errors
    ///
    /// The text names no legal turn.
    /// ```
    /// use changeling::session::{Effect, Session, Start, VariantSource};
    /// let s = Session::load(&VariantSource::Name("chess".into()), &Start::Setup)?;
    /// let effects = s.explain("Nf3")?;
    /// assert!(effects.contains(&Effect::Move { from: "g1".into(), to: "f3".into() }));
    /// # Ok::<(), changeling::session::Error>(())
    /// ```
    pub fn explain(&self, text: &str) -> Result<Vec<Effect>, Error> {
        let rules = self.game.rules();
        let pos = self.game.position();
        let mv = self.scripted(|_| crate::notation::parse_move(rules, pos, text));
        let mv = mv.map_err(|e| Error::Move {
            text: text.to_string(),
            message: e.reason,
        })?;
        Ok(mv.effects(rules).iter().map(|e| effect(rules, e)).collect())
    }

    /// The number of move paths of `depth` turns from the position
    /// (perft), or `None` when stopped through [`Session::stop_handle`].
    ///
    /// ```
    /// use changeling::session::{Session, Start, VariantSource};
    /// let s = Session::load(&VariantSource::Name("chess".into()), &Start::Setup)?;
    /// assert_eq!(s.perft(3), Some(8_902));
    /// # Ok::<(), changeling::session::Error>(())
    /// ```
    pub fn perft(&self, depth: u32) -> Option<u64> {
        self.stop.store(false, Ordering::Relaxed);
        self.scripted(|s| {
            crate::movegen::perft_until(s.game.rules(), s.game.position(), depth, &s.stop)
        })
    }

    /// What each hook of the variant's script has cost since it was
    /// loaded (questions asked, answered from memory, runs, time): empty
    /// for a variant without a script.
    pub fn script_costs(&self) -> Vec<HookCost> {
        crate::movegen::hooks(self.game.rules()).map_or_else(Vec::new, |h| h.costs())
    }

    /// Perft split by the first turn: each turn's coordinates and the
    /// paths that begin with it.
    ///
    /// ```
    /// use changeling::session::{Session, Start, VariantSource};
    /// let s = Session::load(&VariantSource::Name("chess".into()), &Start::Setup)?;
    /// let split = s.divide(2);
    /// assert_eq!(split.len(), 20);
    /// assert!(split.contains(&("g1f3".to_string(), 20)));
    /// # Ok::<(), changeling::session::Error>(())
    /// ```
    pub fn divide(&self, depth: u32) -> Vec<(String, u64)> {
        self.scripted(|s| {
            let rules = s.game.rules();
            crate::movegen::divide(rules, s.game.position(), depth.max(1))
                .into_iter()
                .map(|(m, n)| (to_uci(rules, &m), n))
                .collect()
        })
    }

    /// A handle that stops a running [`Session::search`] from another
    /// thread.
    pub fn stop_handle(&self) -> StopHandle {
        StopHandle(self.stop.clone())
    }

    /// Searches the position within `limits` (all unset: until stopped),
    /// calling `progress` after each finished iteration. `None` when the
    /// game is over.
    ///
    /// ```
    /// use changeling::session::{Limits, Session, Start, VariantSource};
    /// let mut s = Session::load(&VariantSource::Name("chess".into()), &Start::Fen {
    ///     fen: "6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1".into(), seed: 0 })?;
    /// let limits = Limits { depth: Some(3), ..Limits::default() };
    /// let found = s.search(&limits, &mut |_| {}).unwrap();
    /// assert_eq!(found.pv[0], "Ra8#");
    /// # Ok::<(), changeling::session::Error>(())
    /// ```
    pub fn search(
        &mut self,
        limits: &Limits,
        progress: &mut dyn FnMut(&Thought),
    ) -> Option<Thought> {
        if !self.forked {
            self.stop.store(false, Ordering::Relaxed);
        }
        let rules = self.game.rules().clone();
        let options = self.engine_options;
        let engine = self
            .engine
            .get_or_insert_with(|| crate::search::Engine::with_options(rules.clone(), options));
        engine.stop_on(self.stop.clone());
        let ms = crate::clock::Duration::from_millis;
        let limits = crate::search::Limits {
            depth: limits.depth,
            nodes: limits.nodes,
            time: limits.millis.map(ms),
            clock: limits
                .clock
                .map(|c| (ms(c.left_millis), ms(c.increment_millis))),
            moves_to_go: limits.clock.and_then(|c| c.moves_to_go),
        };
        let game = &self.game;
        let xboard = self.xboard;
        let (report, failure) = watched(&rules, || {
            engine.search(game, &limits, &mut |r| progress(&thought(game, r, xboard)))
        });
        self.keep(failure);
        report.map(|r| thought(&self.game, &r, xboard))
    }

    /// Searches within `limits` and plays the turn found; `None` when
    /// the game is over.
    ///
    /// ```
    /// use changeling::session::{Limits, Session, Start, VariantSource};
    /// let mut s = Session::load(&VariantSource::Name("chess".into()), &Start::Setup)?;
    /// let played = s.go(&Limits { nodes: Some(2000), ..Limits::default() }).unwrap();
    /// assert_eq!(s.moves(), [played.san.trim_end_matches(['+', '#'])]);
    /// # Ok::<(), changeling::session::Error>(())
    /// ```
    pub fn go(&mut self, limits: &Limits) -> Option<Played> {
        let found = self.search(limits, &mut |_| {})?;
        let index = self
            .turns()
            .iter()
            .position(|t| t.coordinates == found.best)?;
        self.play_turn(index).ok()
    }

    /// The position drawn as SVG: the board, what stands on it, hands
    /// and reserves, the last turn's squares, and `arrows` (pairs of
    /// square names, a line of play; both ends equal draws a ring).
    /// Black's side is at the bottom when `flipped`.
    ///
    /// # Errors
    ///
    /// An arrow names a square that is not on the board.
    ///
    /// ```
    /// use changeling::session::{Session, Start, VariantSource};
    /// let mut s = Session::load(&VariantSource::Name("chess".into()), &Start::Setup)?;
    /// s.play("e4")?;
    /// let svg = s.svg(false, &[("g1".into(), "f3".into())])?;
    /// assert!(svg.starts_with("<svg") && svg.contains("<title>e4: white pawn</title>"));
    /// # Ok::<(), changeling::session::Error>(())
    /// ```
    pub fn svg(&self, flipped: bool, arrows: &[(String, String)]) -> Result<String, Error> {
        let rules = self.game.rules();
        let g = rules.geometry();
        let square = |name: &str| {
            g.parse_square(name).ok_or_else(|| Error::Move {
                text: name.to_string(),
                message: format!("`{name}` is not a square of this board"),
            })
        };
        let arrows = arrows
            .iter()
            .map(|(a, b)| Ok((square(a)?, square(b)?)))
            .collect::<Result<Vec<_>, Error>>()?;
        let options = crate::svg::Options {
            last: self.game.history().last().map(|(m, _)| *m),
            arrows,
            flipped,
        };
        Ok(self.scripted(|s| crate::svg::position(rules, s.game.position(), &options)))
    }

    /// The first script failure of this session's calls since the last
    /// time it was taken, or else one a call that keeps none (an outcome,
    /// a FEN) left behind on this thread; `None` when there is neither.
    pub fn take_script_error(&self) -> Option<Error> {
        let kept = self
            .script_error
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
            .take();
        kept.or_else(|| {
            self.game.take_script_error().map(|e| Error::Script {
                message: e.to_string(),
            })
        })
    }

    /// Keeps a script's failure, unless one is kept already.
    fn keep(&self, failure: Option<crate::movegen::HookError>) {
        if let Some(e) = failure {
            let mut slot = self
                .script_error
                .lock()
                .unwrap_or_else(std::sync::PoisonError::into_inner);
            slot.get_or_insert(Error::Script {
                message: e.to_string(),
            });
        }
    }

    /// Like [`Session::scripted`], for work that changes the game.
    #[inline]
    fn scripted_mut<T>(&mut self, f: impl FnOnce(&mut Self) -> T) -> T {
        // A variant without a script has no failure to keep.
        if self.game.rules().script().is_none() {
            return f(self);
        }
        let rules = self.game.rules().clone();
        let (answer, failure) = watched(&rules, || f(self));
        self.keep(failure);
        answer
    }

    /// Runs `f`, keeping a script failure during it.
    #[inline]
    fn scripted<T>(&self, f: impl FnOnce(&Self) -> T) -> T {
        if self.game.rules().script().is_none() {
            return f(self);
        }
        let (answer, failure) = watched(self.game.rules(), || f(self));
        self.keep(failure);
        answer
    }
}

/// Runs `f` and tells the first failure of `rules`' script hooks on this
/// thread not yet told: one a step of this game's front end left just
/// before (reading the turn it then plays), else one during `f`.
fn watched<T>(rules: &Rules, f: impl FnOnce() -> T) -> (T, Option<crate::movegen::HookError>) {
    let h = hooks(rules);
    let left = h.and_then(|h| h.take_error());
    let answer = f();
    let during = h.and_then(|h| h.take_error());
    (answer, left.or(during))
}

/// `mv` in the engine protocols' standard coordinates.
fn standard(rules: &Rules, mv: &Move, xboard: bool) -> String {
    match xboard {
        true => crate::notation::to_xboard_standard(rules, mv),
        false => crate::notation::to_uci_standard(rules, mv),
    }
}

/// The variant `rules` make, as data.
pub(crate) fn variant_of(rules: &Rules) -> Variant {
    let short = crate::notation::symbol_table(rules);
    Variant {
        name: rules.name().clone(),
        width: rules.geometry().width,
        height: rules.geometry().height,
        kinds: rules
            .pieces()
            .iter()
            .zip(&short.1)
            .map(|(p, symbol)| Kind {
                name: p.name.clone(),
                letter: p.letter.clone(),
                symbol: symbol.clone(),
                betza: p.betza.clone(),
                royal: p.royal,
                value: p.value,
            })
            .collect(),
        mutators: rules.mutators().iter().map(|m| m.name.clone()).collect(),
        hands: rules.pocket().is_some(),
        dice: rules.has_chance(),
        stacks: rules.stacking().is_some(),
        capacity: rules.capacity().max(1),
        markers: rules.markers().is_some(),
    }
}

/// A game begun as `start` says, and its seed.
fn begin(rules: Arc<Rules>, start: &Start) -> Result<(Game, u64), Error> {
    match start {
        Start::Setup => Game::new(rules, 0).map(|g| (g, 0)).map_err(fen_error),
        Start::Seed(seed) => Game::new(rules, *seed)
            .map(|g| (g, *seed))
            .map_err(fen_error),
        Start::Fen { fen, seed } => {
            let pos = parse_fen(&rules, fen).map_err(fen_error)?;
            Ok((Game::from_position(rules, pos, *seed), *seed))
        }
    }
}

fn square(rules: &Rules, sq: Square) -> String {
    rules.geometry().name(sq)
}

fn kind_name(rules: &Rules, kind: PieceKind) -> String {
    rules.piece(kind).name.clone()
}

fn unit(rules: &Rules, piece: Piece, promoted: bool) -> Unit {
    unit_with(
        rules,
        &crate::notation::symbol_table(rules).1,
        piece,
        promoted,
    )
}

/// [`unit`] given the board's abbreviations `short`, worked out once
/// for a whole board.
fn unit_with(rules: &Rules, short: &[String], piece: Piece, promoted: bool) -> Unit {
    Unit {
        kind: kind_name(rules, piece.kind),
        symbol: rules.piece(piece.kind).fen_token(piece.color),
        board_symbol: crate::notation::board_symbol(short, piece),
        side: piece.color.into(),
        promoted,
    }
}

/// What a board needs to show the turn `mv` of `pos`.
fn turn(rules: &Rules, pos: &Position, mv: &Move, index: usize, san: String) -> Turn {
    let name = |sq| square(rules, sq);
    let mut dropped = None;
    let mut what = match mv.kind {
        MoveKind::Castle(_) => "castle",
        MoveKind::Drop => {
            dropped = Some((kind_name(rules, mv.piece.kind), DropSource::Hand));
            "drop"
        }
        MoveKind::Pocket => "pocket",
        MoveKind::EnPassant(_) => "capture",
        _ if mv.captured.is_some() => "capture",
        _ => "move",
    };
    if let MoveKind::Effects(list) = mv.kind {
        let effects = list.effects();
        what = if effects.is_empty() {
            "pass"
        } else if mv.placement().is_some() {
            "placement"
        } else if matches!(*effects, [crate::position::Effect::Remove { square, .. }] if square == mv.from)
        {
            "suicide"
        } else {
            "effects"
        };
        for e in effects.iter() {
            match *e {
                crate::position::Effect::FromPocket { kind, square, .. } if square == mv.to => {
                    dropped = Some((kind_name(rules, kind), DropSource::Hand));
                    what = "drop";
                }
                crate::position::Effect::FromReserve { square, color, .. } if square == mv.to => {
                    let next = pos.reserves()[color].remaining().next();
                    let kind = next.map_or_else(String::new, |p| kind_name(rules, p.kind));
                    dropped = Some((kind, DropSource::Reserve));
                    what = "drop";
                }
                _ => {}
            }
        }
    }
    let from = match what {
        "drop" | "placement" => None,
        _ => Some(name(mv.from)),
    };
    let mut parts = Vec::new();
    if let Some((sq, kind)) = mv.choice {
        parts.push(Part::Choice {
            square: name(sq),
            kind: kind_name(rules, kind),
        });
    }
    if let Some(sq) = mv.drop {
        let (kind, source) = match mv.gate {
            Some(k) => (Some(kind_name(rules, k)), DropSource::Hand),
            None => (
                pos.reserves()[mv.piece.color]
                    .remaining()
                    .next()
                    .map(|p| kind_name(rules, p.kind)),
                DropSource::Reserve,
            ),
        };
        parts.push(Part::Drop {
            square: name(sq),
            kind,
            source,
        });
    }
    if let Some((a, b)) = mv.push {
        parts.push(Part::Push {
            from: name(a),
            to: name(b),
        });
    }
    let tag = match mv.origin {
        crate::position::Origin::Tag(t) => hooks(rules).and_then(|h| h.tag(t)),
        crate::position::Origin::Destroy => Some("destroy".to_string()),
        _ => None,
    };
    Turn {
        index,
        san,
        coordinates: to_uci(rules, mv),
        standard: String::new(),
        what: what.to_string(),
        from,
        to: name(mv.to),
        piece: kind_name(rules, mv.piece.kind),
        dropped,
        promotion: mv.promotion.map(|k| kind_name(rules, k)),
        captured: mv.captured.map(|p| unit(rules, p, false)),
        parts,
        tag,
    }
}

/// The position as data.
fn board(rules: &Rules, pos: &Position, last: Option<&(Move, Position)>) -> Board {
    let g = rules.geometry();
    let table = crate::notation::symbol_table(rules);
    let short = &table.1;
    let markers = pos.markers();
    let promoted = pos.promoted();
    let mutator = |i: u8| {
        rules
            .mutators()
            .get(i as usize)
            .map_or_else(String::new, |m| m.name.clone())
    };
    let mut squares = Vec::with_capacity(g.len());
    for rank in 0..g.height as i32 {
        for file in 0..g.width as i32 {
            let Some(sq) = g.square(file, rank) else {
                continue;
            };
            let [lower, upper] = pos.units_at(sq);
            let units = [lower, upper]
                .iter()
                .flatten()
                .map(|&p| unit_with(rules, short, p, promoted.contains(sq)))
                .collect();
            let composite = match (lower, upper) {
                (Some(p), Some(q)) => rules
                    .composite_of(p, q)
                    .map(|k| unit_with(rules, short, Piece::new(k, p.color), false)),
                _ => None,
            };
            let marker = (0..markers.len as usize)
                .find(|&i| markers.squares[i] == sq.0)
                .map(|i| Marker {
                    mutator: mutator(markers.mutators[i]),
                    on: markers.faces >> i & 1 != 0,
                });
            squares.push(SquareData {
                name: square(rules, sq),
                file: file as u8,
                rank: rank as u8,
                wall: rules.walls().contains(sq),
                units,
                composite,
                marker,
            });
        }
    }
    let placed = (0..markers.len as usize)
        .map(|i| PlacedMarker {
            square: square(rules, Square(markers.squares[i])),
            mutator: mutator(markers.mutators[i]),
            on: markers.faces >> i & 1 != 0,
        })
        .collect();
    // In the hand's own order (kind order, promoted pieces after), one
    // entry per kind and promoted bit.
    let hands = Color::ALL.map(|color| {
        let mut held: Vec<Held> = Vec::new();
        let mut runs: Vec<(PieceKind, bool)> = Vec::new();
        for (kind, promoted) in pos.pockets()[color].iter() {
            match runs.iter().position(|&r| r == (kind, promoted)) {
                Some(i) => held[i].count += 1,
                None => {
                    runs.push((kind, promoted));
                    held.push(Held {
                        kind: kind_name(rules, kind),
                        symbol: rules.piece(kind).fen_token(color),
                        board_symbol: crate::notation::board_symbol(short, Piece { kind, color }),
                        promoted,
                        count: 1,
                    });
                }
            }
        }
        held
    });
    let has_hands = rules.pocket().is_some()
        || pos.active().intersects(rules.masks().drops_from_captures)
        || Color::ALL.iter().any(|&c| !pos.pockets()[c].is_empty());
    let reserves = Color::ALL.map(|color| {
        let r = &pos.reserves()[color];
        if r.len == 0 {
            return None;
        }
        let window = rules
            .drops()
            .as_ref()
            .filter(|d| d.from_reserve)
            .and_then(|d| d.schedule)
            .map(|s| s.window(u32::from(r.front) + 1, color));
        Some(ReserveData {
            pieces: r
                .remaining()
                .map(|p| unit_with(rules, short, p, false))
                .collect(),
            window,
        })
    });
    let side = pos.side();
    let checked = pos
        .royals(side)
        .iter()
        .filter(|&sq| is_attacked(rules, pos, sq, !side))
        .map(|sq| square(rules, sq))
        .collect();
    let checks = (rules.ending().check_limit > 0).then(|| {
        let c = pos.checks();
        [c.white, c.black]
    });
    let placing = pos.stage() == crate::position::Stage::Setup;
    let placement = rules
        .markers()
        .as_ref()
        .filter(|_| placing)
        .map(|m| Placement {
            placed: markers.len,
            needed: m.count,
            example: crate::movegen::legal_moves(rules, pos)
                .first()
                .map_or_else(String::new, |mv| to_uci(rules, mv)),
        });
    let reserve_drop = crate::movegen::reserve_drop_due(rules, pos).map(|due| match due {
        true => ReserveDrop::Must,
        false => ReserveDrop::May,
    });
    let die_hint = pos
        .roll()
        .filter(|&roll| u16::from(roll) <= u16::from(g.width.min(g.height)))
        .map(|roll| DieHint {
            file: crate::rules::file_char(i32::from(roll) - 1).to_string(),
            rank: roll,
        });
    // The kinds in play, in declaration order.
    let mut in_play = vec![false; rules.pieces().len()];
    let held = Color::ALL.into_iter().flat_map(|c| {
        pos.pockets()[c]
            .iter()
            .map(|(k, _)| k)
            .chain(pos.reserves()[c].remaining().map(|p| p.kind))
    });
    for kind in pos.units().map(|(_, p)| p.kind).chain(held) {
        if let Some(seen) = in_play.get_mut(kind.index()) {
            *seen = true;
        }
    }
    let legend = in_play
        .iter()
        .enumerate()
        .filter(|&(_, &seen)| seen)
        .map(|(k, _)| LegendEntry {
            kind: kind_name(rules, PieceKind(k as u8)),
            symbol: short[k].clone(),
        })
        .collect();
    Board {
        variant: rules.name().clone(),
        width: g.width,
        height: g.height,
        squares,
        side: side.into(),
        placing,
        fullmove: pos.fullmove(),
        halfmove: pos.halfmove(),
        hands,
        has_hands,
        reserves,
        mutators: rules.mutator_names(pos.active()),
        roll: pos.roll(),
        die_hint,
        markers: placed,
        placement,
        reserve_drop,
        pending: pos.pending().map(|p| PendingChoice {
            side: p.color.into(),
            square: square(rules, p.square),
        }),
        last_move: last.map(|(mv, _)| {
            let from = if mv.is_drop() { mv.to } else { mv.from };
            (square(rules, from), square(rules, mv.to))
        }),
        checked,
        in_check: crate::movegen::in_check(rules, pos, side),
        legend,
        checks,
        state: rules.script().as_ref().map_or_else(Vec::new, |s| {
            s.state
                .iter()
                .zip(pos.state())
                .map(|(n, &v)| (n.clone(), v))
                .collect()
        }),
        fen: to_fen(rules, pos),
    }
}

/// One effect as data.
fn effect(rules: &Rules, e: &crate::position::Effect) -> Effect {
    use crate::position::Effect as E;
    let name = |sq| square(rules, sq);
    match *e {
        E::MovePiece { from, to, .. } => Effect::Move {
            from: name(from),
            to: name(to),
        },
        E::Capture { square, .. } => Effect::Capture {
            square: name(square),
        },
        E::Remove { square, .. } => Effect::Remove {
            square: name(square),
        },
        E::Place { square, piece } => Effect::Place {
            square: name(square),
            unit: unit(rules, piece, false),
        },
        E::Transform { square, kind, .. } => Effect::Transform {
            square: name(square),
            kind: kind_name(rules, kind),
        },
        E::SetOwner { square, color, .. } => Effect::SetOwner {
            square: name(square),
            side: color.into(),
        },
        E::Swap(a, b) => Effect::Swap {
            a: name(a),
            b: name(b),
        },
        E::ToPocket { color, kind } => Effect::ToHand {
            side: color.into(),
            kind: kind_name(rules, kind),
        },
        E::FromPocket {
            color,
            kind,
            square,
        } => Effect::FromHand {
            side: color.into(),
            kind: kind_name(rules, kind),
            square: name(square),
        },
        E::FromReserve { color, square, .. } => Effect::FromReserve {
            side: color.into(),
            square: name(square),
        },
        E::ClearPocket(color) => Effect::ClearHand { side: color.into() },
        E::PlaceMarker { square, mutator } => Effect::PlaceMarker {
            square: name(square),
            mutator: rules
                .mutators()
                .get(mutator as usize)
                .map_or_else(String::new, |m| m.name.clone()),
        },
        E::FlipMarker(square) => Effect::FlipMarker {
            square: name(square),
        },
        E::SetMoved { square, moved, .. } => Effect::SetMoved {
            square: name(square),
            moved,
        },
        E::SetState { slot, value } => Effect::SetState {
            name: state_name(rules, slot),
            value,
        },
        E::Defer { color, .. } => Effect::Defer { side: color.into() },
    }
}

/// The name of the script's state `slot` (its number, where the variant
/// names none there).
pub(crate) fn state_name(rules: &Rules, slot: u8) -> String {
    rules
        .script()
        .as_ref()
        .and_then(|s| s.state.get(usize::from(slot)))
        .cloned()
        .unwrap_or_else(|| slot.to_string())
}

/// A search report as data.
fn thought(game: &Game, r: &crate::search::Report, xboard: bool) -> Thought {
    let rules = game.rules();
    let mut pos = game.position().clone();
    let mut pv = Vec::new();
    let mut line = Vec::new();
    for (i, mv) in r.pv.iter().enumerate() {
        let san = crate::notation::to_san(rules, &pos, mv);
        let number = match pos.side() {
            Color::White => format!("{}. ", pos.fullmove()),
            Color::Black if i == 0 => format!("{}... ", pos.fullmove()),
            Color::Black => String::new(),
        };
        line.push(format!("{number}{san}"));
        pv.push(san);
        pos.play_unchecked(rules, mv);
    }
    Thought {
        depth: r.depth,
        score: match r.score {
            crate::search::Score::Centipawns(c) => Score::Centipawns(c),
            crate::search::Score::Mate(n) => Score::Mate(n),
        },
        nodes: r.nodes,
        millis: r.elapsed.as_millis() as u64,
        line: line.join(" "),
        best: r.pv.first().map_or_else(String::new, |m| to_uci(rules, m)),
        standard: r.pv.iter().map(|m| standard(rules, m, xboard)).collect(),
        arrows: r
            .pv
            .iter()
            .map(|m| {
                let from = if m.is_drop() { m.to } else { m.from };
                (square(rules, from), square(rules, m.to))
            })
            .collect(),
        end: match r.score {
            crate::search::Score::Mate(_) => {
                let mut g = game.clone();
                for &mv in &r.pv {
                    if g.outcome().is_some() {
                        break;
                    }
                    g.push(mv);
                }
                g.ending().map(|e| Outcome {
                    winner: e.winner.map(Side::from),
                    reason: e.reason,
                    words: e.words,
                })
            }
            crate::search::Score::Centipawns(_) => None,
        },
        pv,
    }
}

/// The session's limits for limits a front end read as the search's.
pub(crate) fn limits_of(l: &crate::search::Limits) -> Limits {
    let ms = |d: crate::clock::Duration| d.as_millis().clamp(1, u128::from(u64::MAX)) as u64;
    Limits {
        depth: l.depth,
        nodes: l.nodes,
        millis: l.time.map(ms),
        clock: l.clock.map(|(left, inc)| Clock {
            left_millis: left.as_millis().min(u128::from(u64::MAX)) as u64,
            increment_millis: inc.as_millis().min(u128::from(u64::MAX)) as u64,
            moves_to_go: l.moves_to_go,
        }),
    }
}
