//! Built-in players, for games programs play to their end (experiments,
//! books of openings): uniform random, greedy (captures first), a
//! shallow material search and the engine. Each seat draws its choices
//! from its own seeded stream, so a game is the same whatever thread
//! plays it.

use super::{Error, Session};
use crate::game::Rng;
use crate::position::Move;
use crate::search::material::{self, Values};
use crate::search::{Engine, Options};
use std::fmt;
use std::sync::Arc;
use std::sync::atomic::AtomicBool;

/// A seeded stream of random numbers (xoshiro256**), the same on every
/// machine.
///
/// ```
/// use changeling::session::Dice;
/// let (mut a, mut b) = (Dice::new(9), Dice::new(9));
/// let rolls: Vec<u64> = (0..5).map(|_| a.below(6)).collect();
/// assert_eq!(rolls, (0..5).map(|_| b.below(6)).collect::<Vec<_>>());
/// assert!(rolls.iter().all(|&r| r < 6));
/// ```
#[derive(Clone, Debug)]
pub struct Dice(Rng);

impl Dice {
    /// The stream of `seed`.
    pub fn new(seed: u64) -> Dice {
        Dice(Rng::new(seed))
    }

    /// A number from 0 to `n - 1`, each as likely (0 when `n` is 0).
    pub fn below(&mut self, n: u64) -> u64 {
        if n == 0 { 0 } else { self.0.below(n) }
    }
}

/// A built-in player.
///
/// ```
/// use changeling::session::Player;
/// assert!(Player::parse("search:3").is_ok());
/// assert!(Player::parse("engine:nodes=500").is_ok());
/// assert!(Player::parse("search:9").is_err());
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Player(Kind);

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Kind {
    /// Any legal turn, uniformly.
    Random,
    /// A capture of the most valuable victim when there is one, else
    /// any turn.
    Greedy,
    /// Alpha-beta to this many plies over material.
    Search(u32),
    /// The engine within these limits, with these features.
    Engine(crate::search::Limits, Options),
}

impl Player {
    /// The deepest `search:N` player.
    pub const MAX_DEPTH: u32 = material::MAX_DEPTH;
    /// The nodes an `engine` player searches when its name sets no
    /// limit.
    pub const ENGINE_NODES: u64 = 10_000;

    /// `random`, `greedy`, `search` (two plies), `search:N`, `engine`
    /// ([`Player::ENGINE_NODES`] nodes a turn), or `engine:` with
    /// settings separated by commas: the limits `depth=N`, `nodes=N`,
    /// `time=S` and features switched off, `FEATURE=off`
    /// (`engine:depth=6`, `engine:nodes=50000,null_move=off`).
    ///
    /// # Errors
    ///
    /// [`Error::Player`]: any other name, a depth out of 1 to
    /// [`Player::MAX_DEPTH`], or a limit the engine cannot take.
    pub fn parse(name: &str) -> Result<Player, Error> {
        let fail = |message: String| Error::Player { message };
        let nodes = crate::search::Limits::nodes(Player::ENGINE_NODES);
        if name == "engine" {
            return Ok(Player(Kind::Engine(nodes, Options::default())));
        }
        if let Some(spec) = name.strip_prefix("engine:") {
            let (limits, options) =
                crate::search::parse_settings(spec).map_err(|e| fail(format!("`{name}`: {e}")))?;
            return Ok(Player(Kind::Engine(limits.unwrap_or(nodes), options)));
        }
        let max = Player::MAX_DEPTH;
        match name {
            "random" => Ok(Player(Kind::Random)),
            "greedy" => Ok(Player(Kind::Greedy)),
            "search" => Ok(Player(Kind::Search(2))),
            _ => match name.strip_prefix("search:").map(str::parse::<u32>) {
                Some(Ok(d)) if (1..=max).contains(&d) => Ok(Player(Kind::Search(d))),
                Some(_) => Err(fail(format!(
                    "`{name}`: the search depth must be a whole number from 1 to {max}"
                ))),
                None => Err(fail(format!(
                    "`{name}` is not a player (players: \"random\", \"greedy\", \"search\", \"search:N\", \"engine\", \"engine:depth=N\", \"engine:nodes=N\", \"engine:time=S\")"
                ))),
            },
        }
    }
}

impl fmt::Display for Player {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.0 {
            Kind::Random => f.write_str("random"),
            Kind::Greedy => f.write_str("greedy"),
            Kind::Search(d) => write!(f, "search:{d}"),
            Kind::Engine(..) => f.write_str("engine"),
        }
    }
}

/// One side's player in a game a program plays: a built-in player with
/// its random stream and, for the engine, its tables from turn to turn;
/// or a seat whose turns its owner chooses ([`Session::offered_turns`]).
#[derive(Debug)]
pub struct Seat {
    player: Option<Player>,
    dice: Dice,
    engine: Option<Box<Engine>>,
    stop: Option<Arc<AtomicBool>>,
    /// A random player's turn, drawn by [`Session::ready`].
    ahead: Option<Move>,
    values: Option<Arc<Values>>,
}

impl Seat {
    /// A seat for `player`, its choices drawn from `dice`.
    pub fn new(player: Player, dice: Dice) -> Seat {
        Seat {
            player: Some(player),
            dice,
            engine: None,
            stop: None,
            ahead: None,
            values: None,
        }
    }

    /// A seat whose turns its owner chooses.
    pub fn chosen_by_caller() -> Seat {
        Seat {
            player: None,
            dice: Dice::new(0),
            engine: None,
            stop: None,
            ahead: None,
            values: None,
        }
    }

    /// The built-in player, if the seat has one.
    pub fn player(&self) -> Option<Player> {
        self.player
    }

    /// An engine player's searches end early when `flag` is raised.
    pub fn set_stop_flag(&mut self, flag: Arc<AtomicBool>) {
        if let Some(e) = &mut self.engine {
            e.stop_on(flag.clone());
        }
        self.stop = Some(flag);
    }
}

impl Session {
    /// Readies `seat` for the side to move's turn, to be asked before
    /// [`Session::outcome`]: a random player draws its turn now (the
    /// draw tells the game a turn exists, sparing a listing of them
    /// all); the other seats have the turns listed, which they will
    /// choose from.
    pub fn ready(&self, seat: &mut Seat) {
        seat.ahead = None;
        if matches!(seat.player, Some(Player(Kind::Random))) {
            seat.ahead = self.scripted(|s| s.game.random_move(&mut seat.dice.0));
        } else {
            self.scripted(|s| {
                s.game.legal();
            });
        }
    }

    /// Lets `seat`'s built-in player choose the side to move's turn and
    /// plays it, spelling nothing.
    ///
    /// ```
    /// use changeling::session::{Dice, Player, Seat, Session, Start, VariantSource};
    /// let mut s = Session::load(&VariantSource::Name("chess".into()), &Start::Setup)?;
    /// let mut seats = [Player::parse("greedy")?, Player::parse("random")?]
    ///     .map(|p| Seat::new(p, Dice::new(7)));
    /// while s.outcome().is_none() && s.ply() < 40 {
    ///     let seat = &mut seats[s.ply() % 2];
    ///     s.ready(seat);
    ///     s.play_seat(seat)?;
    /// }
    /// assert!(s.ply() <= 40);
    /// # Ok::<(), changeling::session::Error>(())
    /// ```
    ///
    /// # Errors
    ///
    /// The game is over, or the seat has no built-in player.
    pub fn play_seat(&mut self, seat: &mut Seat) -> Result<(), Error> {
        let Some(Player(kind)) = seat.player else {
            return Err(Error::Player {
                message: "this seat's turns are chosen by its owner".to_string(),
            });
        };
        if let Some(mv) = seat.ahead.take() {
            self.push_quietly(mv);
            return Ok(());
        }
        self.ensure_going()?;
        let mv = self.scripted(|s| s.choose(kind, seat));
        match mv {
            Some(mv) => {
                self.push_quietly(mv);
                Ok(())
            }
            None => Err(Error::NoSuchTurn { index: 0, turns: 0 }),
        }
    }

    /// The turn `kind` chooses here, or `None` when there is none.
    fn choose(&self, kind: Kind, seat: &mut Seat) -> Option<Move> {
        let game = &self.game;
        if kind == Kind::Random
            && let Some(mv) = game.random_move(&mut seat.dice.0)
        {
            return Some(mv);
        }
        let legal = game.legal();
        if legal.is_empty() {
            return None;
        }
        let rules = game.rules();
        let values = match kind {
            Kind::Greedy | Kind::Search(_) => Some(
                seat.values
                    .get_or_insert_with(|| Arc::new(Values::of_rules(rules)))
                    .clone(),
            ),
            Kind::Random | Kind::Engine(..) => None,
        };
        let rng = &mut seat.dice.0;
        let pick = |rng: &mut Rng, moves: &[&Move]| *moves[rng.below(moves.len() as u64) as usize];
        Some(match (kind, values) {
            (Kind::Greedy, Some(values)) => {
                let worth = |m: &Move| m.captured.map(|v| values.of(rules, v.kind));
                let best = legal.iter().filter_map(worth).max();
                let moves: Vec<&Move> = match best {
                    Some(best) => legal.iter().filter(|m| worth(m) == Some(best)).collect(),
                    None => legal.iter().collect(),
                };
                pick(rng, &moves)
            }
            (Kind::Search(depth), Some(values)) => {
                let moves = material::best_turns(rules, &values, game.position(), legal, depth);
                pick(rng, &moves)
            }
            (Kind::Engine(limits, options), _) => {
                let stop = seat.stop.clone();
                let engine = seat.engine.get_or_insert_with(|| {
                    let mut e = Engine::with_options(rules.clone(), options);
                    if let Some(flag) = stop {
                        e.stop_on(flag);
                    }
                    Box::new(e)
                });
                engine
                    .search(game, &limits, &mut |_| {})
                    .and_then(|r| r.pv.first().copied())
                    .unwrap_or(legal[0])
            }
            _ => legal[rng.below(legal.len() as u64) as usize],
        })
    }

    /// Plays up to `plies` random turns drawn from `dice`, stopping
    /// before one that would end the game, then makes the position
    /// reached the game's start (the turns are not the game's): an
    /// opening drawn at random.
    ///
    /// ```
    /// use changeling::session::{Dice, Session, Start, VariantSource};
    /// let mut s = Session::load(&VariantSource::Name("chess".into()), &Start::Seed(4))?;
    /// s.random_opening(6, &mut Dice::new(4))?;
    /// // The position reached is the game's start: no turn is the game's.
    /// assert_eq!((s.ply(), s.start_fen()), (0, s.fen()));
    /// assert_ne!(s.fen(), "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1");
    /// # Ok::<(), changeling::session::Error>(())
    /// ```
    ///
    /// # Errors
    ///
    /// The position reached does not read back from its FEN (a fault of
    /// the variant's FEN, reported rather than played on).
    pub fn random_opening(&mut self, plies: usize, dice: &mut Dice) -> Result<(), Error> {
        if plies == 0 {
            return Ok(());
        }
        for _ in 0..plies {
            let Some(mv) = self.scripted(|s| s.game.random_move(&mut dice.0)) else {
                break;
            };
            let mut next = self.game.clone();
            self.scripted_mut(|_| next.push(mv));
            if self.scripted(|_| next.outcome()).is_some() {
                break;
            }
            self.game = next;
        }
        let reached = self.fen();
        let seed = self.seed;
        self.new_game(&super::Start::Fen {
            fen: reached.clone(),
            seed,
        })
        .map_err(|e| {
            let why = match e {
                Error::Fen { message } => message,
                other => other.to_string(),
            };
            Error::Fen {
                message: format!("the opening's position `{reached}` does not read back: {why}"),
            }
        })
    }

    /// The material value of each declared kind, in centipawns, as the
    /// built-in players count it: a pawn 100, a royal piece nothing, any
    /// other piece 40 for each square it reaches from the centre of an
    /// empty board (a knight 320, a rook 560, a queen 1080 on 8x8), at
    /// least 50.
    ///
    /// ```
    /// use changeling::session::{Session, Start, VariantSource};
    /// let s = Session::load(&VariantSource::Name("chess".into()), &Start::Setup)?;
    /// let values = s.material_values();
    /// assert!(values.contains(&("knight".to_string(), 320)));
    /// assert!(values.contains(&("queen".to_string(), 1080)));
    /// # Ok::<(), changeling::session::Error>(())
    /// ```
    pub fn material_values(&self) -> Vec<(String, i32)> {
        let rules = self.game.rules();
        let values = Values::of_rules(rules);
        (0..rules.forms().base_kinds)
            .map(|k| {
                let kind = crate::board::PieceKind(k as u8);
                (rules.piece(kind).name.clone(), values.of(rules, kind))
            })
            .collect()
    }
}
