//! Engine matches (`changeling match`): changeling's engine against
//! itself or against external UCI engines, in any variant they share,
//! with changeling as the arbiter.
//!
//! Games come in pairs from one opening (seeded random plies from the
//! start, or a FEN from a list), the engines swapping colours. The
//! arbiter plays every move on its own board: a move that is not legal
//! loses, as does running out of time on a clock; a game longer than
//! the limit is drawn. Games run on several threads; each thread has its
//! own engines, started once and told of every new game.

mod external;

pub use external::External;

use crate::session::{
    Clock, Dice, EngineFeatures as Options, Error as SessionError, Limits, Players, Rulebook,
    Session, Side, Start, parse_engine_settings as parse_settings,
};
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::mpsc;
use std::time::{Duration, Instant};

/// Who plays: changeling's engine, or an external UCI engine.
#[derive(Clone, Debug, PartialEq)]
pub enum Contender {
    /// changeling's own engine, with limits of its own overriding the
    /// match's (`changeling:depth=6`) and its search features.
    Own {
        /// Its name in the records.
        name: String,
        /// Its own limits, if any.
        limits: Option<Limits>,
        /// Its search features.
        options: Options,
    },
    /// A program speaking UCI.
    Uci {
        /// The command and its arguments.
        command: Vec<String>,
        /// Options set after the handshake.
        options: Vec<(String, String)>,
    },
    /// A program speaking the XBoard protocol (CECP).
    Xboard {
        /// The command and its arguments.
        command: Vec<String>,
    },
}

impl Contender {
    /// `changeling`, `changeling:SETTINGS` (limits and features, as
    /// [`parse_settings`] reads them: `changeling:depth=6,null_move=on`),
    /// `uci:COMMAND[,OPTION=VALUE...]` (the command split at spaces:
    /// `uci:stockfish,UCI_LimitStrength=true,UCI_Elo=1800`), or
    /// `xboard:COMMAND` (`xboard:fairymax`).
    ///
    /// # Errors
    ///
    /// Any other form, or limits the engine cannot take.
    pub fn parse(spec: &str) -> Result<Contender, String> {
        if spec == "changeling" {
            return Ok(Contender::Own {
                name: spec.to_string(),
                limits: None,
                options: Options::default(),
            });
        }
        if let Some(rest) = spec.strip_prefix("changeling:") {
            let (limits, options) = parse_settings(rest).map_err(|e| format!("`{spec}`: {e}"))?;
            return Ok(Contender::Own {
                name: spec.to_string(),
                limits,
                options,
            });
        }
        if let Some(rest) = spec.strip_prefix("xboard:") {
            let command: Vec<String> = rest.split_whitespace().map(str::to_string).collect();
            if command.is_empty() {
                return Err(format!(
                    "`{spec}`: name the engine's program after `xboard:`"
                ));
            }
            return Ok(Contender::Xboard { command });
        }
        if let Some(rest) = spec.strip_prefix("uci:") {
            let mut parts = rest.split(',');
            let command: Vec<String> = parts
                .next()
                .unwrap_or("")
                .split_whitespace()
                .map(str::to_string)
                .collect();
            if command.is_empty() {
                return Err(format!("`{spec}`: name the engine's program after `uci:`"));
            }
            let mut options = Vec::new();
            for part in parts {
                let Some((k, v)) = part.split_once('=') else {
                    return Err(format!(
                        "`{spec}`: `{part}` is not an option; write NAME=VALUE"
                    ));
                };
                options.push((k.trim().to_string(), v.trim().to_string()));
            }
            return Ok(Contender::Uci { command, options });
        }
        Err(format!(
            "`{spec}` is not an engine: write `changeling`, `changeling:depth=N` (or nodes=N, time=S), `uci:PROGRAM[,OPTION=VALUE...]` or `xboard:PROGRAM`"
        ))
    }
}

/// How long each move may take.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Control {
    /// A clock per side: the time for the game and the increment per move.
    Clock(Duration, Duration),
    /// A fixed time per move.
    MoveTime(Duration),
    /// A fixed depth per move.
    Depth(u32),
    /// A fixed number of nodes per move.
    Nodes(u64),
}

/// What a match plays.
#[derive(Clone, Debug)]
pub struct Settings {
    /// The variant.
    pub rules: Rulebook,
    /// Games in all (rounded up to pairs).
    pub games: usize,
    /// The time control.
    pub control: Control,
    /// Random plies from the start for each pair's opening.
    pub opening_plies: usize,
    /// Openings as FENs, used in turn instead of random plies.
    pub openings: Vec<String>,
    /// The match's seed.
    pub seed: u64,
    /// Games played at once.
    pub concurrency: usize,
    /// A game still going after this many plies is drawn.
    pub max_plies: usize,
}

/// One finished game.
#[derive(Clone, Debug)]
pub struct Played {
    /// Its number, from 0.
    pub index: usize,
    /// The first contender had White.
    pub first_white: bool,
    /// The first contender's score: 1, 0.5 or 0.
    pub score: f64,
    /// Why it ended.
    pub reason: String,
    /// The game as PGN.
    pub pgn: String,
}

/// How many of `played` differ: a game repeats another when the same
/// contender has White, from the same start, with the same moves (as
/// engines limited by depth or nodes play from one opening).
pub fn distinct(played: &[Played]) -> usize {
    let mut seen = std::collections::BTreeSet::new();
    for p in played {
        let start = p.pgn.lines().find(|l| l.starts_with("[FEN "));
        let moves: Vec<&str> = p.pgn.lines().filter(|l| !l.starts_with('[')).collect();
        seen.insert((p.first_white, start, moves));
    }
    seen.len()
}

/// Wins, draws and losses of the first contender.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Tally {
    /// Games won.
    pub wins: usize,
    /// Games drawn.
    pub draws: usize,
    /// Games lost.
    pub losses: usize,
}

impl Tally {
    /// Games played.
    pub fn games(&self) -> usize {
        self.wins + self.draws + self.losses
    }

    /// The score as a fraction of the games.
    pub fn score(&self) -> f64 {
        (self.wins as f64 + self.draws as f64 / 2.0) / self.games().max(1) as f64
    }

    /// The Elo difference the score implies, with the bounds of its 95%
    /// interval (from the spread of the game scores); infinite where the
    /// score or a bound is 0 or 1.
    pub fn elo(&self) -> (f64, f64, f64) {
        let n = self.games().max(1) as f64;
        let s = self.score();
        let var = (self.wins as f64 * (1.0 - s).powi(2)
            + self.draws as f64 * (0.5 - s).powi(2)
            + self.losses as f64 * s.powi(2))
            / n;
        let margin = 1.96 * (var / n).sqrt();
        let elo = |x: f64| -> f64 {
            if x <= 0.0 {
                f64::NEG_INFINITY
            } else if x >= 1.0 {
                f64::INFINITY
            } else {
                -400.0 * (1.0 / x - 1.0).log10()
            }
        };
        (elo(s), elo(s - margin), elo(s + margin))
    }

    fn add(&mut self, score: f64) {
        if score > 0.75 {
            self.wins += 1;
        } else if score < 0.25 {
            self.losses += 1;
        } else {
            self.draws += 1;
        }
    }
}

/// `d` in whole milliseconds.
fn millis(d: Duration) -> u64 {
    d.as_millis().min(u128::from(u64::MAX)) as u64
}

/// A contender ready to play: an engine of changeling's or a process.
enum Seat {
    /// changeling's engine, kept in a session of its own between moves,
    /// and its own limits.
    Own(Box<Session>, Option<Limits>),
    Uci(Box<External>),
    /// An XBoard engine, whether it wants `usermove` before moves and
    /// whether it takes `setboard`.
    Xboard(Box<External>, bool, bool),
}

impl Seat {
    fn start(who: &Contender, rules: &Rulebook) -> Result<Seat, String> {
        match who {
            Contender::Own {
                limits, options, ..
            } => {
                let mut own = Session::new(rules, &Start::Setup).map_err(|e| e.to_string())?;
                own.set_engine_features(*options);
                Ok(Seat::Own(Box::new(own), *limits))
            }
            Contender::Uci { command, options } => {
                let mut ext = External::start(command, options)?;
                if rules.builtin_name() != Some("chess") {
                    let name = rules.engine_name();
                    ext.send(&format!("setoption name UCI_Variant value {name}"))?;
                    ext.ready()?;
                }
                Ok(Seat::Uci(Box::new(ext)))
            }
            Contender::Xboard { command } => {
                let (ext, usermove, setboard) = External::start_xboard(command)?;
                Ok(Seat::Xboard(Box::new(ext), usermove, setboard))
            }
        }
    }

    fn new_game(&mut self, rules: &Rulebook) -> Result<(), String> {
        match self {
            Seat::Own(own, _) => {
                own.clear_engine();
                Ok(())
            }
            Seat::Uci(ext) => {
                ext.send("ucinewgame")?;
                ext.ready()
            }
            Seat::Xboard(ext, ..) => xboard_reset(ext, rules),
        }
    }

    /// The move for the side to move on the arbiter's `board`, with
    /// `clocks` left (White's first), as the seat wrote it.
    fn think(
        &mut self,
        board: &mut Session,
        control: Control,
        clocks: [Duration; 2],
    ) -> Result<String, String> {
        let rules = board.rulebook();
        let side = usize::from(board.side() == Side::Black);
        match self {
            Seat::Own(engine, own) => {
                let limits = own.unwrap_or(match control {
                    Control::Clock(_, inc) => Limits {
                        clock: Some(Clock {
                            left_millis: millis(clocks[side]),
                            increment_millis: millis(inc),
                            moves_to_go: None,
                        }),
                        ..Limits::default()
                    },
                    Control::MoveTime(t) => Limits::millis(millis(t).max(1)),
                    Control::Depth(d) => Limits::depth(d),
                    Control::Nodes(n) => Limits::nodes(n),
                });
                // The board's game with this seat's engine.
                let mut fork = board.fork();
                fork.adopt_engine(engine);
                let found = fork.search(&limits, &mut |_| {});
                engine.adopt_engine(&mut fork);
                // In SAN: coordinates may name two turns (a king's step of two
                // squares and castling, where a mutator lets it).
                found
                    .map(|t| t.pv.first().cloned().unwrap_or(t.best))
                    .ok_or_else(|| "no move".to_string())
            }
            Seat::Uci(ext) => {
                let mut line = format!("position fen {}", board.start_fen());
                board.set_xboard_spelling(false);
                let moves = board.standard_moves();
                if !moves.is_empty() {
                    line.push_str(" moves");
                    for mv in moves {
                        line.push(' ');
                        line.push_str(&mv);
                    }
                }
                ext.send(&line)?;
                let ms = |d: Duration| d.as_millis();
                let (go, wait) = match control {
                    Control::Clock(_, inc) => (
                        format!(
                            "wtime {} btime {} winc {} binc {}",
                            ms(clocks[0]),
                            ms(clocks[1]),
                            ms(inc),
                            ms(inc)
                        ),
                        clocks[side] + Duration::from_secs(2),
                    ),
                    Control::MoveTime(t) => (
                        format!("movetime {}", ms(t)),
                        t * 3 + Duration::from_secs(5),
                    ),
                    Control::Depth(d) => (format!("depth {d}"), Duration::from_secs(600)),
                    Control::Nodes(n) => (format!("nodes {n}"), Duration::from_secs(600)),
                };
                ext.best_move(&go, Instant::now() + wait)
            }
            Seat::Xboard(ext, usermove, setboard) => {
                // The whole game again from its start, in force mode,
                // then the clock and `go`; `force` after its move.
                xboard_reset(ext, &rules)?;
                let start = board.start_fen();
                if start != rules.setup_fen() {
                    if !*setboard {
                        return Err(format!(
                            "{} cannot be given a position (no setboard)",
                            ext.name
                        ));
                    }
                    ext.send(&format!("setboard {start}"))?;
                }
                let prefix = if *usermove { "usermove " } else { "" };
                board.set_xboard_spelling(true);
                for mv in board.standard_moves() {
                    ext.send(&format!("{prefix}{mv}"))?;
                }
                let cs = |d: Duration| d.as_millis() / 10;
                let wait = match control {
                    Control::Clock(base, inc) => {
                        ext.send(&format!(
                            "level 0 {}:{:02} {}",
                            base.as_secs() / 60,
                            base.as_secs() % 60,
                            inc.as_secs_f64()
                        ))?;
                        ext.send(&format!("time {}", cs(clocks[side])))?;
                        ext.send(&format!("otim {}", cs(clocks[1 - side])))?;
                        clocks[side] + Duration::from_secs(2)
                    }
                    Control::MoveTime(t) => {
                        ext.send(&format!("st {}", t.as_secs_f64().ceil().max(1.0)))?;
                        t * 3 + Duration::from_secs(5)
                    }
                    Control::Depth(d) => {
                        ext.send(&format!("sd {d}"))?;
                        Duration::from_secs(600)
                    }
                    Control::Nodes(_) => {
                        return Err(format!("{} takes no node limit over XBoard", ext.name));
                    }
                };
                ext.send("go")?;
                let text = ext.xboard_move(Instant::now() + wait)?;
                ext.send("force")?;
                Ok(text)
            }
        }
    }
}

/// `new`, the variant (outside FIDE chess) and `force`: an XBoard engine
/// at the start, waiting for moves.
fn xboard_reset(ext: &mut External, rules: &Rulebook) -> Result<(), String> {
    ext.send("new")?;
    if rules.builtin_name() != Some("chess") {
        ext.send(&format!("variant {}", rules.engine_name()))?;
    }
    ext.send("force")
}

/// The opening of pair `pair`: a FEN of the list in turn, or random
/// plies from the variant's start drawn from the match's seed (kept as
/// moves of the game, so an engine is told them as moves).
fn opening(settings: &Settings, pair: usize) -> Result<Session, String> {
    let rules = &settings.rules;
    let seed = settings.seed ^ (pair as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15);
    if !settings.openings.is_empty() {
        let fen = &settings.openings[pair % settings.openings.len()];
        let start = Start::Fen {
            fen: fen.clone(),
            seed,
        };
        return Session::new(rules, &start).map_err(|e| match e {
            SessionError::Fen { message } => format!("opening `{fen}`: {message}"),
            e => format!("opening `{fen}`: {e}"),
        });
    }
    let mut rng = Dice::new(seed);
    let fresh = || Session::new(rules, &Start::Seed(seed)).map_err(|e| e.to_string());
    // A few tries for random plies that do not end the game.
    for _ in 0..16 {
        let mut board = fresh()?;
        for _ in 0..settings.opening_plies {
            let turns = board.count_turns();
            if turns == 0 {
                break;
            }
            if board.play_turn(rng.below(turns as u64) as usize).is_err() {
                break;
            }
        }
        if board.outcome().is_none() {
            return Ok(board);
        }
    }
    fresh()
}

/// Plays game `index` between `seats` (the first contender's first).
fn play_one(
    settings: &Settings,
    index: usize,
    names: &[String; 2],
    seats: &mut [Seat; 2],
) -> Result<Played, String> {
    let rules = &settings.rules;
    let first_white = index % 2 == 0;
    // The arbiter's board: the game, kept in a session.
    let mut session = opening(settings, index / 2)?;
    for seat in seats.iter_mut() {
        seat.new_game(rules)?;
    }
    // The seat of each colour: White's first.
    let of = |side: Side| -> usize { usize::from((side == Side::White) != first_white) };
    let (base, inc) = match settings.control {
        Control::Clock(base, inc) => (base, inc),
        _ => (Duration::ZERO, Duration::ZERO),
    };
    let mut clocks = [base, base];
    let mut verdict: Option<(Side, String)> = None;
    let mut drawn: Option<String> = None;
    while session.outcome().is_none() {
        if session.ply() >= settings.max_plies {
            drawn = Some(format!(
                "adjudicated a draw after {} plies",
                settings.max_plies
            ));
            break;
        }
        let side = session.side();
        let seat = of(side);
        let began = Instant::now();
        let answer = seats[seat].think(&mut session, settings.control, clocks);
        let took = began.elapsed();
        let text = match answer {
            Ok(text) => text,
            Err(e) => {
                verdict = Some((!side, format!("{} lost by forfeit: {e}", names[seat])));
                break;
            }
        };
        if let Control::Clock(..) = settings.control {
            let c = &mut clocks[usize::from(side == Side::Black)];
            // A little grace for the time a process takes to answer.
            if took > *c + Duration::from_millis(100) {
                verdict = Some((!side, format!("{} lost on time", names[seat])));
                break;
            }
            *c = c.saturating_sub(took) + inc;
        }
        match session.play(&text) {
            Ok(_) => {}
            Err(SessionError::Move { message, .. }) => {
                let who = &names[seat];
                verdict = Some((
                    !side,
                    format!("{who} lost by forfeit: {who} played `{text}`: {message}"),
                ));
                break;
            }
            Err(e) => {
                verdict = Some((!side, format!("{} lost by forfeit: {e}", names[seat])));
                break;
            }
        }
    }
    let (result, reason, adjudicated) = match (session.outcome(), verdict, drawn) {
        (Some(o), _, _) => (o.winner, o.words, None),
        (None, Some((winner, why)), _) => {
            let token = if winner == Side::White { "1-0" } else { "0-1" };
            (Some(winner), why.clone(), Some((token.to_string(), why)))
        }
        (None, None, why) => {
            let why = why.unwrap_or_else(|| "unfinished".to_string());
            (None, why.clone(), Some(("1/2-1/2".to_string(), why)))
        }
    };
    let score = match result {
        None => 0.5,
        Some(w) if (w == Side::White) == first_white => 1.0,
        Some(_) => 0.0,
    };
    let (white, black) = if first_white {
        (&names[0], &names[1])
    } else {
        (&names[1], &names[0])
    };
    let players = Players {
        white: Some(white.clone()),
        black: Some(black.clone()),
        event: Some("changeling match".to_string()),
        round: Some((index + 1).to_string()),
        adjudicated,
    };
    Ok(Played {
        index,
        first_white,
        score,
        reason,
        pgn: session.pgn_with(&players),
    })
}

/// The name a contender goes by in the records.
fn name_of(who: &Contender) -> String {
    match who {
        Contender::Own { name, .. } => name.clone(),
        Contender::Xboard { command } => command.join(" "),
        Contender::Uci { command, options } => {
            let mut s = command.join(" ");
            for (k, v) in options {
                s.push_str(&format!(" {k}={v}"));
            }
            s
        }
    }
}

/// Plays the match, calling `each` with every game as it ends (in the
/// order they end) and the tally so far. Stops early, keeping the games
/// played, when `stop` is raised.
///
/// # Errors
///
/// An engine cannot be started, or an opening is not a position of the
/// variant.
pub fn play_match(
    settings: &Settings,
    contenders: [&Contender; 2],
    stop: &AtomicBool,
    each: &mut dyn FnMut(&Played, &Tally),
) -> Result<(Tally, Vec<Played>), String> {
    let names = [name_of(contenders[0]), name_of(contenders[1])];
    let games = settings.games.div_ceil(2) * 2;
    let next = AtomicUsize::new(0);
    let (send, receive) = mpsc::channel::<Result<Played, String>>();
    let threads = settings.concurrency.clamp(1, games.max(1));
    let mut tally = Tally::default();
    let mut played = Vec::new();
    let mut failure = None;
    std::thread::scope(|scope| {
        for _ in 0..threads {
            let send = send.clone();
            let next = &next;
            let names = &names;
            scope.spawn(move || {
                let mut seats = match (
                    Seat::start(contenders[0], &settings.rules),
                    Seat::start(contenders[1], &settings.rules),
                ) {
                    (Ok(a), Ok(b)) => [a, b],
                    (Err(e), _) | (_, Err(e)) => {
                        let _ = send.send(Err(e));
                        return;
                    }
                };
                loop {
                    if stop.load(Ordering::Relaxed) {
                        return;
                    }
                    let i = next.fetch_add(1, Ordering::Relaxed);
                    if i >= games {
                        return;
                    }
                    let result = play_one(settings, i, names, &mut seats);
                    let failed = result.is_err();
                    if send.send(result).is_err() || failed {
                        return;
                    }
                }
            });
        }
        drop(send);
        for result in receive {
            match result {
                Ok(p) => {
                    tally.add(p.score);
                    each(&p, &tally);
                    played.push(p);
                }
                Err(e) => {
                    failure.get_or_insert(e);
                    stop.store(true, Ordering::Relaxed);
                }
            }
        }
    });
    if let Some(e) = failure {
        return Err(e);
    }
    played.sort_by_key(|p| p.index);
    Ok((tally, played))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn contenders_are_read_from_their_specs() {
        assert_eq!(
            Contender::parse("uci:stockfish -x,UCI_Elo=1800").unwrap(),
            Contender::Uci {
                command: vec!["stockfish".into(), "-x".into()],
                options: vec![("UCI_Elo".into(), "1800".into())],
            }
        );
        assert_eq!(
            Contender::parse("changeling:depth=3").unwrap(),
            Contender::Own {
                name: "changeling:depth=3".into(),
                limits: Some(Limits::depth(3)),
                options: Options::default(),
            }
        );
        assert!(Contender::parse("uci:").is_err());
        assert!(Contender::parse("gnuchess").is_err());
        assert!(Contender::parse("changeling:depth=0").is_err());
    }

    #[test]
    fn the_elo_estimate_follows_the_score() {
        let even = Tally {
            wins: 10,
            draws: 0,
            losses: 10,
        };
        let (e, lo, hi) = even.elo();
        assert!(e.abs() < 1e-9);
        assert!(lo < -100.0 && hi > 100.0, "{lo} {hi}");
        let three_quarters = Tally {
            wins: 15,
            draws: 0,
            losses: 5,
        };
        // 75% is 400 * log10(3), about 191 Elo.
        assert!((three_quarters.elo().0 - 190.85).abs() < 0.1);
        let all = Tally {
            wins: 4,
            draws: 0,
            losses: 0,
        };
        assert_eq!(all.elo().0, f64::INFINITY);
    }
}
