//! The browser board's wire protocol: a [`Request`] in, a [`Response`]
//! out, both JSON, mapped onto the session API.
//!
//! A [`State`] holds several games, each under an id the `new` request
//! hands out. Every request that changes a game answers with a
//! [`GameView`]: the board, the legal turns, the moves played and the
//! outcome, so that the page redraws after one round trip. A request
//! that fails answers [`Response::Error`] with the session's [`Error`]
//! (or a [`RequestError`] for a request that names nothing usable), and
//! leaves every game as it was.
//!
//! Nothing here reads a file or the clock: the same code answers the
//! page from `changeling serve` and, compiled to WebAssembly, from a web
//! worker.
//!
//! ```
//! use changeling::web::protocol::{State, handle_json};
//! let mut state = State::new();
//! let answer = handle_json(&mut state, r#"{"op":"new","variant":"chess"}"#);
//! let view: serde_json::Value = serde_json::from_str(&answer).unwrap();
//! assert_eq!(view["type"], "game");
//! assert_eq!(view["turns"].as_array().unwrap().len(), 20);
//! let id = view["game"].as_str().unwrap();
//! let answer = handle_json(&mut state, &format!(r#"{{"op":"play","game":"{id}","text":"e4"}}"#));
//! assert!(answer.contains(r#""moves":["e4"]"#));
//! ```

use crate::session::{
    self, Board, Diagnostic, Effect, Error, Limits, Outcome, PieceSheet, Played, Players, Rulebook,
    Session, Severity, Start, Thought, Turn, Variant, VariantSource,
};
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;
use std::sync::{Mutex, PoisonError};

/// The most games a [`State`] keeps; a new game beyond it replaces the
/// one used least recently.
pub const MAX_GAMES: usize = 64;

/// The nodes the engine searches a move at each level, from level 1:
/// node limits, so that a level plays the same on every machine.
pub const LEVELS: [u64; 8] = [
    100, 1_000, 5_000, 20_000, 60_000, 200_000, 600_000, 2_000_000,
];

/// The level used when a search request gives no limit.
pub const DEFAULT_LEVEL: u8 = 3;

/// The most nodes any search of the protocol runs.
pub const MAX_NODES: u64 = 50_000_000;

/// The most milliseconds any search of the protocol runs.
pub const MAX_MILLIS: u64 = 60_000;

/// A variant named in a request: a name (one the state offers, or a
/// built-in one) or, as the session takes it, a text with its scripts.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(untagged)]
pub enum VariantRef {
    /// `"chess"`.
    Name(String),
    /// `{"text": {"name": ..., "text": ..., "scripts": {...}}}` or
    /// `{"name": "chess"}`.
    Source(VariantSource),
}

/// One request, tagged by `op`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "op", rename_all = "snake_case")]
pub enum Request {
    /// The variants offered: the ones the state was given, then every
    /// built-in one. Answers [`Response::Variants`].
    Variants,
    /// A new game. Answers [`Response::Game`] with a new id, or, when
    /// `game` names a game, replaces that game and keeps its id.
    New {
        /// The variant.
        variant: VariantRef,
        /// How it begins: `"setup"`, `{"seed": N}` or
        /// `{"fen": {"fen": ..., "seed": N}}` (default: the setup).
        #[serde(default)]
        start: Option<Start>,
        /// The game to replace, if any.
        #[serde(default)]
        game: Option<String>,
    },
    /// Everything the page draws. Answers [`Response::Game`].
    State {
        /// The game.
        game: String,
    },
    /// The variant's board size, kinds and mutators. Answers
    /// [`Response::Variant`].
    Variant {
        /// The game.
        game: String,
    },
    /// The legal turns. Answers [`Response::Turns`].
    Turns {
        /// The game.
        game: String,
    },
    /// Plays a turn named by `text` (SAN or coordinates) or by its
    /// `index` in the turns. Answers [`Response::Game`].
    Play {
        /// The game.
        game: String,
        /// The turn in SAN or coordinates.
        #[serde(default)]
        text: Option<String>,
        /// The turn's number in the turns listed.
        #[serde(default)]
        index: Option<usize>,
    },
    /// Takes back the last turn. Answers [`Response::Game`].
    Undo {
        /// The game.
        game: String,
    },
    /// Plays the last turn taken back again. Answers [`Response::Game`].
    Redo {
        /// The game.
        game: String,
    },
    /// The position as data. Answers [`Response::Board`].
    Board {
        /// The game.
        game: String,
    },
    /// How the game ended, if it has. Answers [`Response::Outcome`].
    Outcome {
        /// The game.
        game: String,
    },
    /// The turns played, in SAN. Answers [`Response::Moves`].
    Moves {
        /// The game.
        game: String,
    },
    /// The position as FEN. Answers [`Response::Fen`].
    Fen {
        /// The game.
        game: String,
    },
    /// Begins the game again from a FEN. Answers [`Response::Game`].
    SetFen {
        /// The game.
        game: String,
        /// The position.
        fen: String,
    },
    /// The game as PGN. Answers [`Response::Pgn`].
    Pgn {
        /// The game.
        game: String,
        /// The players' names, the event and round, and a result the
        /// page gave where the rules gave none (a loss on time).
        #[serde(default)]
        players: Option<Players>,
    },
    /// Replaces the game by a PGN record's. Answers [`Response::Game`].
    LoadPgn {
        /// The game.
        game: String,
        /// The record.
        pgn: String,
    },
    /// What a turn would do, as its effects. Answers
    /// [`Response::Explain`].
    Explain {
        /// The game.
        game: String,
        /// The turn in SAN or coordinates.
        text: String,
    },
    /// The engine plays a turn. Answers [`Response::Game`] with the
    /// engine's `thought`.
    Go {
        /// The game.
        game: String,
        /// A level from 1 to 8 ([`LEVELS`]); wins over `limits`.
        #[serde(default)]
        level: Option<u8>,
        /// Limits of the search (default: level [`DEFAULT_LEVEL`]).
        #[serde(default)]
        limits: Option<Limits>,
    },
    /// The engine's line, not played: a hint. Answers
    /// [`Response::Thought`].
    Hint {
        /// The game.
        game: String,
        /// As for `go`.
        #[serde(default)]
        level: Option<u8>,
        /// As for `go`.
        #[serde(default)]
        limits: Option<Limits>,
    },
    /// The position drawn as SVG. Answers [`Response::Svg`].
    Svg {
        /// The game.
        game: String,
        /// Black's side at the bottom.
        #[serde(default)]
        flipped: bool,
        /// Arrows, as pairs of square names.
        #[serde(default)]
        arrows: Vec<(String, String)>,
    },
    /// The position after the first `ply` turns of the game, to look
    /// at. Answers [`Response::View`].
    View {
        /// The game.
        game: String,
        /// Turns from the start (0: the start position).
        ply: usize,
    },
    /// A variant's problems at line and column. Answers
    /// [`Response::Check`].
    Check {
        /// The variant.
        variant: VariantRef,
    },
    /// An offered variant's text, to begin editing from. Answers
    /// [`Response::Source`].
    Source {
        /// The variant's name in the menu.
        name: String,
    },
    /// The rules in words. Answers [`Response::Rules`].
    Rules {
        /// The game.
        game: String,
    },
    /// A kind of piece explained, with its move diagram. Answers
    /// [`Response::Piece`].
    Piece {
        /// The game.
        game: String,
        /// The kind's name or letter.
        name: String,
    },
    /// Forgets a game. Answers [`Response::Closed`].
    Close {
        /// The game.
        game: String,
    },
}

/// A variant the page may offer in its menu.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Offered {
    /// The name to ask for it by in `new`.
    pub name: String,
    /// Where it comes from: `file` (given to the server) or `builtin`.
    pub origin: String,
}

/// Everything the page needs to redraw a game.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct GameView {
    /// The game's id.
    pub game: String,
    /// The variant, by the name it was asked for.
    pub variant: String,
    /// The seed the game was begun with.
    pub seed: u64,
    /// The position.
    pub board: Board,
    /// The legal turns, in the order `play`'s `index` counts.
    pub turns: Vec<Turn>,
    /// The turns played, in SAN.
    pub moves: Vec<String>,
    /// How the game ended, if it has.
    pub outcome: Option<Outcome>,
    /// How many turns `redo` can play again.
    pub redo: usize,
    /// The turn this request played, if any.
    pub played: Option<Played>,
    /// The engine's finding, after `go`.
    pub thought: Option<Thought>,
    /// A variant script's failure during this request (the game goes on
    /// as if the failing hook had nothing to add).
    pub script_error: Option<Error>,
}

/// A request that names nothing usable.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum RequestError {
    /// The request is not JSON, or not a request.
    BadRequest {
        /// Why.
        message: String,
    },
    /// No game has this id (never made, closed, or replaced as the
    /// least recently used).
    NoSuchGame {
        /// The id given.
        game: String,
    },
    /// The game has not that many turns.
    NoSuchPly {
        /// The ply asked for.
        ply: usize,
        /// The turns played.
        plies: usize,
    },
}

impl std::fmt::Display for RequestError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            RequestError::BadRequest { message } => write!(f, "bad request: {message}"),
            RequestError::NoSuchGame { game } => write!(f, "there is no game `{game}`"),
            RequestError::NoSuchPly { ply, plies } => {
                write!(f, "there is no turn {ply}: {plies} have been played")
            }
        }
    }
}

/// Why a request failed: the session's error, or the request's own.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(untagged)]
pub enum Failure {
    /// The session refused the call.
    Session(Error),
    /// The request named nothing usable.
    Request(RequestError),
}

impl std::fmt::Display for Failure {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Failure::Session(e) => e.fmt(f),
            Failure::Request(e) => e.fmt(f),
        }
    }
}

impl From<Error> for Failure {
    fn from(e: Error) -> Failure {
        Failure::Session(e)
    }
}

impl From<RequestError> for Failure {
    fn from(e: RequestError) -> Failure {
        Failure::Request(e)
    }
}

/// One answer, tagged by `type`.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum Response {
    /// The variants offered.
    Variants {
        /// Given ones first, then the built-in ones.
        variants: Vec<Offered>,
    },
    /// A game, as the page draws it.
    Game(Box<GameView>),
    /// A variant's legend.
    Variant {
        /// The variant.
        variant: Variant,
    },
    /// The legal turns.
    Turns {
        /// In the order `play`'s `index` counts.
        turns: Vec<Turn>,
    },
    /// The position.
    Board {
        /// As data.
        board: Board,
    },
    /// How the game ended.
    Outcome {
        /// `null` while it goes on.
        outcome: Option<Outcome>,
    },
    /// The turns played.
    Moves {
        /// In SAN.
        moves: Vec<String>,
    },
    /// The position as FEN.
    Fen {
        /// The FEN.
        fen: String,
    },
    /// The game as PGN.
    Pgn {
        /// The record.
        pgn: String,
    },
    /// What a turn would do.
    Explain {
        /// The turn as asked.
        text: String,
        /// Its effects, in order.
        effects: Vec<Effect>,
    },
    /// The engine's finding.
    Thought {
        /// `null` when the game is over.
        thought: Option<Thought>,
    },
    /// The position drawn.
    Svg {
        /// The picture.
        svg: String,
    },
    /// A position of the game's past.
    View {
        /// Turns from the start.
        ply: usize,
        /// The position after them.
        board: Board,
    },
    /// A variant's problems.
    Check {
        /// No error (warnings may remain).
        ok: bool,
        /// Errors and warnings, in the order of the text.
        diagnostics: Vec<Diagnostic>,
    },
    /// A variant's text.
    Source {
        /// Its name.
        name: String,
        /// The text of its file.
        text: String,
        /// The scripts it was given with, by the path the file writes
        /// (none for a built-in variant: built-in scripts need none).
        scripts: BTreeMap<String, String>,
    },
    /// The rules in words.
    Rules {
        /// As `changeling rules` prints them.
        text: String,
    },
    /// A kind of piece explained.
    Piece {
        /// Its moves in words and drawn.
        sheet: PieceSheet,
    },
    /// A game was forgotten.
    Closed {
        /// Its id.
        game: String,
    },
    /// The request failed; every game is as it was.
    Error {
        /// Why, as a value.
        error: Failure,
        /// Why, in words.
        message: String,
    },
}

impl Response {
    /// The answer for `failure`.
    pub fn error(failure: impl Into<Failure>) -> Response {
        let error = failure.into();
        let message = error.to_string();
        Response::Error { error, message }
    }
}

/// A game kept by a [`State`].
#[derive(Debug)]
struct Entry {
    session: Session,
    /// The variant's name as asked for.
    variant: String,
    /// Turns `redo` can play again: counted here as the session counts
    /// them (an undo adds one, a redo takes one, anything else that
    /// changes the game clears them).
    redo: usize,
    /// When it was last used, by the state's request counter.
    used: u64,
}

/// The games of one page (or of every page of one server), by id, and
/// the variants they may be played in.
#[derive(Debug, Default)]
pub struct State {
    games: BTreeMap<String, Entry>,
    /// Ids handed out so far.
    made: u64,
    /// Requests answered so far: the clock of "least recently used".
    requests: u64,
    /// Variants given to the state (files named to the server), in
    /// order, by name.
    offered: Vec<(String, VariantSource)>,
    /// Rules already loaded, by the name asked for.
    rules: BTreeMap<String, Rulebook>,
}

impl State {
    /// No games; every built-in variant offered.
    pub fn new() -> State {
        State::default()
    }

    /// Offers the variant `source` under `name`, before the built-in
    /// ones (and instead of a built-in one of that name).
    ///
    /// # Errors
    ///
    /// The variant does not load; nothing is offered then.
    pub fn offer(&mut self, name: &str, source: VariantSource) -> Result<(), Error> {
        let rules = Rulebook::load(&source)?;
        self.offered.retain(|(n, _)| n != name);
        self.offered.push((name.to_string(), source));
        self.rules.insert(name.to_string(), rules);
        Ok(())
    }

    /// The variants offered, given ones first.
    pub fn variants(&self) -> Vec<Offered> {
        let given = self.offered.iter().map(|(n, _)| Offered {
            name: n.clone(),
            origin: "file".to_string(),
        });
        let builtin = session::builtin_variants()
            .filter(|n| !self.offered.iter().any(|(o, _)| o == n))
            .map(|n| Offered {
                name: n.to_string(),
                origin: "builtin".to_string(),
            });
        given.chain(builtin).collect()
    }

    /// The number of games kept.
    pub fn games(&self) -> usize {
        self.games.len()
    }

    /// The rules of the variant `name`: offered, else built in.
    fn rules_named(&mut self, name: &str) -> Result<Rulebook, Error> {
        if let Some(r) = self.rules.get(name) {
            return Ok(r.clone());
        }
        let rules = Rulebook::load(&VariantSource::Name(name.to_string()))?;
        self.rules.insert(name.to_string(), rules.clone());
        Ok(rules)
    }

    /// A new session of `variant`, and the name it goes by.
    fn begin(&mut self, variant: &VariantRef, start: &Start) -> Result<(Session, String), Error> {
        match variant {
            VariantRef::Name(name) | VariantRef::Source(VariantSource::Name(name)) => {
                let rules = self.rules_named(name)?;
                Ok((Session::new(&rules, start)?, name.clone()))
            }
            VariantRef::Source(source) => {
                let s = Session::load(source, start)?;
                let name = s.rulebook().name();
                Ok((s, name))
            }
        }
    }

    /// The game `id`, marked as used.
    fn entry(&mut self, id: &str) -> Result<&mut Entry, RequestError> {
        self.requests += 1;
        let now = self.requests;
        let entry = self
            .games
            .get_mut(id)
            .ok_or_else(|| RequestError::NoSuchGame {
                game: id.to_string(),
            })?;
        entry.used = now;
        Ok(entry)
    }

    /// Keeps `entry` under a new id, making room first.
    fn insert(&mut self, entry: Entry) -> String {
        while self.games.len() >= MAX_GAMES {
            let oldest = self
                .games
                .iter()
                .min_by_key(|(_, e)| e.used)
                .map(|(id, _)| id.clone());
            match oldest {
                Some(id) => self.games.remove(&id),
                None => break,
            };
        }
        self.made += 1;
        let id = format!("g{}", self.made);
        self.games.insert(id.clone(), entry);
        id
    }
}

/// The view of the game `id` after a request, with what it played and
/// thought.
fn view(id: &str, e: &Entry, played: Option<Played>, thought: Option<Thought>) -> Response {
    let s = &e.session;
    let board = s.board();
    let turns = s.turns();
    let script_error = s.take_script_error();
    Response::Game(Box::new(GameView {
        game: id.to_string(),
        variant: e.variant.clone(),
        seed: s.seed(),
        board,
        turns,
        moves: s.moves(),
        outcome: s.outcome(),
        redo: e.redo,
        played,
        thought,
        script_error,
    }))
}

/// The search limits a request asks for: a level's nodes, else the
/// limits given, else the default level's; every search bounded by
/// [`MAX_NODES`] and [`MAX_MILLIS`].
///
/// # Errors
///
/// A level out of 1 to 8, or a depth out of 1 to the engine's deepest.
pub fn limits(level: Option<u8>, given: Option<Limits>) -> Result<Limits, Error> {
    let level_nodes = |level: u8| {
        LEVELS
            .get(usize::from(level).wrapping_sub(1))
            .copied()
            .ok_or_else(|| Error::Limits {
                message: format!("the level is a whole number from 1 to {}", LEVELS.len()),
            })
    };
    let mut limits = match (level, given) {
        (Some(level), _) => Limits {
            nodes: Some(level_nodes(level)?),
            ..Limits::default()
        },
        (None, Some(l)) if l != Limits::default() => l,
        _ => Limits {
            nodes: Some(level_nodes(DEFAULT_LEVEL)?),
            ..Limits::default()
        },
    };
    if let Some(d) = limits.depth
        && !(1..=session::MAX_DEPTH).contains(&d)
    {
        return Err(Error::Limits {
            message: format!(
                "the depth is a whole number from 1 to {}",
                session::MAX_DEPTH
            ),
        });
    }
    limits.nodes = Some(limits.nodes.unwrap_or(MAX_NODES).clamp(1, MAX_NODES));
    limits.millis = Some(limits.millis.unwrap_or(MAX_MILLIS).clamp(1, MAX_MILLIS));
    Ok(limits)
}

/// Plays the turn a search found (none when the game is over) and
/// answers the game with the engine's thought.
fn play_found(game: &str, e: &mut Entry, thought: Option<Thought>) -> Result<Response, Failure> {
    let index = thought.as_ref().and_then(|t| {
        e.session
            .turns()
            .iter()
            .position(|turn| turn.coordinates == t.best)
    });
    let played = match index {
        Some(i) => Some(e.session.play_turn(i)?),
        None => None,
    };
    if played.is_some() {
        e.redo = 0;
    }
    Ok(view(game, e, played, thought))
}

/// Answers `request` for a state that several threads share (the
/// server's). A search (`go`, `hint`) runs on a fork of its game with the
/// state unlocked, so that every other request, of this game or another,
/// is answered meanwhile; if the game changed while the engine thought,
/// the answer says so and nothing is played.
pub fn handle_shared(state: &Mutex<State>, request: Request) -> Response {
    let lock = || state.lock().unwrap_or_else(PoisonError::into_inner);
    let (game, level, given, go) = match request {
        Request::Go {
            game,
            level,
            limits,
        } => (game, level, limits, true),
        Request::Hint {
            game,
            level,
            limits,
        } => (game, level, limits, false),
        other => return handle(&mut lock(), other),
    };
    let searched = || -> Result<Response, Failure> {
        let limits = limits(level, given)?;
        let (mut fork, before) = {
            let mut st = lock();
            let e = st.entry(&game)?;
            if go && let Some(outcome) = e.session.outcome() {
                return Err(Error::GameOver { outcome }.into());
            }
            (e.session.fork(), (e.session.ply(), e.session.fen()))
        };
        let thought = fork.search(&limits, &mut |_| {});
        let mut st = lock();
        let e = st.entry(&game)?;
        e.session.join(fork);
        if (e.session.ply(), e.session.fen()) != before {
            return Err(RequestError::BadRequest {
                message: "the game changed while the engine thought: ask again".to_string(),
            }
            .into());
        }
        if go {
            play_found(&game, e, thought)
        } else {
            Ok(Response::Thought { thought })
        }
    };
    searched().unwrap_or_else(Response::error)
}

/// Answers `request`. A request that fails leaves every game as it was.
pub fn handle(state: &mut State, request: Request) -> Response {
    match answer(state, request) {
        Ok(r) => r,
        Err(f) => Response::error(f),
    }
}

/// Answers a request given as JSON with JSON; text that is no request
/// answers a `bad_request` error.
pub fn handle_json(state: &mut State, text: &str) -> String {
    let response = match serde_json::from_str::<Request>(text) {
        Ok(request) => handle(state, request),
        Err(e) => Response::error(RequestError::BadRequest {
            message: e.to_string(),
        }),
    };
    to_json(&response)
}

/// `response` as JSON.
pub fn to_json(response: &Response) -> String {
    serde_json::to_string(response).unwrap_or_else(|e| {
        // Unreachable with these types (no map has keys that are not
        // strings); answered as an error all the same.
        format!(
            r#"{{"type":"error","error":{{"kind":"bad_request","message":{}}},"message":{}}}"#,
            serde_json::Value::from(e.to_string()),
            serde_json::Value::from(e.to_string())
        )
    })
}

fn answer(state: &mut State, request: Request) -> Result<Response, Failure> {
    Ok(match request {
        Request::Variants => Response::Variants {
            variants: state.variants(),
        },
        Request::New {
            variant,
            start,
            game,
        } => {
            // The game replaced must exist before anything is loaded.
            if let Some(id) = &game {
                state.entry(id)?;
            }
            let (session, name) = state.begin(&variant, &start.unwrap_or(Start::Setup))?;
            state.requests += 1;
            let entry = Entry {
                session,
                variant: name,
                redo: 0,
                used: state.requests,
            };
            let id = match game {
                Some(id) => {
                    state.games.insert(id.clone(), entry);
                    id
                }
                None => state.insert(entry),
            };
            let e = state.entry(&id)?;
            view(&id, e, None, None)
        }
        Request::State { game } => view(&game, state.entry(&game)?, None, None),
        Request::Variant { game } => Response::Variant {
            variant: state.entry(&game)?.session.variant(),
        },
        Request::Turns { game } => Response::Turns {
            turns: state.entry(&game)?.session.turns(),
        },
        Request::Play { game, text, index } => {
            let e = state.entry(&game)?;
            let played = match (text, index) {
                (Some(text), _) => e.session.play(&text)?,
                (None, Some(index)) => e.session.play_turn(index)?,
                (None, None) => {
                    return Err(RequestError::BadRequest {
                        message: "`play` needs a `text` or an `index`".to_string(),
                    }
                    .into());
                }
            };
            e.redo = 0;
            view(&game, e, Some(played), None)
        }
        Request::Undo { game } => {
            let e = state.entry(&game)?;
            e.session.undo()?;
            e.redo += 1;
            view(&game, e, None, None)
        }
        Request::Redo { game } => {
            let e = state.entry(&game)?;
            let played = e.session.redo()?;
            e.redo = e.redo.saturating_sub(1);
            view(&game, e, Some(played), None)
        }
        Request::Board { game } => Response::Board {
            board: state.entry(&game)?.session.board(),
        },
        Request::Outcome { game } => Response::Outcome {
            outcome: state.entry(&game)?.session.outcome(),
        },
        Request::Moves { game } => Response::Moves {
            moves: state.entry(&game)?.session.moves(),
        },
        Request::Fen { game } => Response::Fen {
            fen: state.entry(&game)?.session.fen(),
        },
        Request::SetFen { game, fen } => {
            let e = state.entry(&game)?;
            e.session.set_fen(&fen)?;
            e.redo = 0;
            view(&game, e, None, None)
        }
        Request::Pgn { game, players } => Response::Pgn {
            pgn: state
                .entry(&game)?
                .session
                .pgn_with(&players.unwrap_or_default()),
        },
        Request::LoadPgn { game, pgn } => {
            let e = state.entry(&game)?;
            e.session.load_pgn(&pgn)?;
            e.redo = 0;
            view(&game, e, None, None)
        }
        Request::Explain { game, text } => {
            let effects = state.entry(&game)?.session.explain(&text)?;
            Response::Explain { text, effects }
        }
        Request::Go {
            game,
            level,
            limits: given,
        } => {
            let limits = limits(level, given)?;
            let e = state.entry(&game)?;
            if let Some(outcome) = e.session.outcome() {
                return Err(Error::GameOver { outcome }.into());
            }
            let thought = e.session.search(&limits, &mut |_| {});
            play_found(&game, e, thought)?
        }
        Request::Hint {
            game,
            level,
            limits: given,
        } => {
            let limits = limits(level, given)?;
            let e = state.entry(&game)?;
            Response::Thought {
                thought: e.session.search(&limits, &mut |_| {}),
            }
        }
        Request::Svg {
            game,
            flipped,
            arrows,
        } => Response::Svg {
            svg: state.entry(&game)?.session.svg(flipped, &arrows)?,
        },
        Request::Source { name } => {
            let given = state.offered.iter().find_map(|(n, s)| match s {
                VariantSource::Text { text, scripts, .. } if *n == name => {
                    Some((text.clone(), scripts.clone()))
                }
                _ => None,
            });
            let builtin = || session::builtin_text(&name).map(|t| (t.to_string(), BTreeMap::new()));
            match given.or_else(builtin) {
                Some((text, scripts)) => Response::Source {
                    name,
                    text,
                    scripts,
                },
                None => {
                    return Err(RequestError::BadRequest {
                        message: format!("no variant `{name}` is offered"),
                    }
                    .into());
                }
            }
        }
        Request::Rules { game } => Response::Rules {
            text: state.entry(&game)?.session.rules_in_words(),
        },
        Request::Piece { game, name } => Response::Piece {
            sheet: state.entry(&game)?.session.piece(&name)?,
        },
        Request::View { game, ply } => {
            let e = state.entry(&game)?;
            let s = &e.session;
            let plies = s.ply();
            if ply > plies {
                return Err(RequestError::NoSuchPly { ply, plies }.into());
            }
            // A copy of the game, taken back to that ply: the position
            // exactly as it was, dice and hands included.
            let mut past = s.replica();
            for _ in ply..plies {
                past.undo()?;
            }
            Response::View {
                ply,
                board: past.board(),
            }
        }
        Request::Check { variant } => {
            let source = match variant {
                VariantRef::Name(name) | VariantRef::Source(VariantSource::Name(name)) => state
                    .offered
                    .iter()
                    .find(|(n, _)| *n == name)
                    .map_or(VariantSource::Name(name), |(_, s)| s.clone()),
                VariantRef::Source(source) => source,
            };
            let diagnostics = session::check(&source);
            Response::Check {
                ok: !diagnostics.iter().any(|d| d.severity == Severity::Error),
                diagnostics,
            }
        }
        Request::Close { game } => {
            state.entry(&game)?;
            state.games.remove(&game);
            Response::Closed { game }
        }
    })
}
