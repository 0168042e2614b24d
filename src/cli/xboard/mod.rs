//! `changeling xboard`: the Chess Engine Communication Protocol (CECP,
//! version 2), as XBoard and WinBoard speak it.
//!
//! XBoard knows FIDE chess (`normal`), Capablanca chess and crazyhouse
//! by name; the other variants (the embedded ones and the files named on
//! the command line) are offered by their own names and announced with
//! XBoard's `setup` command: the piece images standing for the kinds,
//! the board size, the holdings and the start position, followed by a
//! `piece` command for each kind XBoard cannot know (see [`pieces`]).
//! XBoard then draws their board and leaves judging moves to the engine.
//! State XBoard cannot show (stacks, markers, reserve boards, turns in
//! several parts) stays with the engine; such moves are written as
//! `play` writes coordinates, which XBoard may refuse to read.
//!
//! As in `changeling uci`, the search runs on a thread of its own: `?`
//! (move now) and `quit` are answered while it thinks, and any other
//! command waits for its move.

mod pieces;

use super::protocol::{Out, Session, say, serve};
use crate::board::Color;
use crate::game::{Game, Outcome};
use crate::notation::{parse_fen, parse_move, to_fen, to_xboard_standard};
use crate::position::Move;
use crate::rules::Rules;
use crate::search::{Engine, Limits, MAX_DEPTH, Report, Score};
use crate::variants::{EMBEDDED, load};
use std::io::{BufRead, Write};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::thread::JoinHandle;
use std::time::Duration;

/// The variants XBoard plays by its own rules when named.
const KNOWN: [&str; 3] = ["normal", "capablanca", "crazyhouse"];

/// XBoard's name of an embedded variant, and back.
fn xboard_name(name: &str) -> &str {
    if name == "chess" { "normal" } else { name }
}

fn our_name(name: &str) -> &str {
    if name == "normal" { "chess" } else { name }
}

/// The session.
struct Xboard {
    out: Out,
    /// The variants loaded from files, by name.
    files: Vec<(String, Arc<Rules>)>,
    rules: Arc<Rules>,
    game: Game,
    engine: Option<Engine>,
    /// The side the engine plays, or none in force mode.
    engine_side: Option<Color>,
    post: bool,
    /// `st`: seconds a move; `sd`: depth; the clocks in centiseconds.
    move_time: Option<Duration>,
    depth: Option<u32>,
    clock: Option<Duration>,
    increment: Duration,
    moves_per_session: u32,
    stop: Arc<AtomicBool>,
    /// The search in progress, giving back the engine and its move.
    thinking: Option<JoinHandle<(Engine, Option<Move>)>>,
}

/// Runs the protocol over `input` until `quit` or its end, offering the
/// variants of `paths` besides the embedded ones.
pub fn run(input: impl BufRead, output: Box<dyn Write + Send>, paths: &[String]) {
    let out: Out = Arc::new(Mutex::new(output));
    let mut files = Vec::new();
    for path in paths {
        match load(path) {
            Ok(r) => files.push((r.name.to_ascii_lowercase(), r)),
            Err(e) => {
                let text = e.to_string();
                say(
                    &out,
                    &format!("# cannot load {path}: {}", text.trim().replace('\n', " | ")),
                );
            }
        }
    }
    let rules = match load("chess") {
        Ok(r) => r,
        Err(e) => return say(&out, &format!("Error (cannot load chess): {e}")),
    };
    let game = match Game::new(rules.clone(), 0) {
        Ok(g) => g,
        Err(e) => return say(&out, &format!("Error (bad start): {e}")),
    };
    let mut x = Xboard {
        out,
        files,
        rules,
        game,
        engine: None,
        engine_side: Some(Color::Black),
        post: false,
        move_time: None,
        depth: None,
        clock: None,
        increment: Duration::ZERO,
        moves_per_session: 0,
        stop: Arc::new(AtomicBool::new(false)),
        thinking: None,
    };
    serve(input, &mut x);
}

impl Session for Xboard {
    /// Waits for the search in progress and plays its move.
    fn finish(&mut self) {
        if let Some(handle) = self.thinking.take() {
            match handle.join() {
                Ok((engine, mv)) => {
                    self.engine = Some(engine);
                    if let Some(mv) = mv {
                        self.game.push(mv);
                    }
                }
                Err(_) => self.say("Error (search failed): a new engine takes over"),
            }
        }
    }

    /// Runs one command; false on `quit`.
    fn command(&mut self, line: &str) -> bool {
        if let Some(host) = crate::movegen::hooks(&self.rules) {
            host.begin_command();
        }
        let (word, rest) = line
            .split_once(char::is_whitespace)
            .map_or((line, ""), |(w, r)| (w, r.trim()));
        match word {
            "" => return true,
            "quit" => {
                self.stop.store(true, Ordering::Relaxed);
                self.finish();
                return false;
            }
            "?" => {
                self.stop.store(true, Ordering::Relaxed);
                self.finish();
                return true;
            }
            _ => self.finish(),
        }
        match word {
            "xboard" | "accepted" | "rejected" | "random" | "hard" | "easy" | "computer"
            | "name" | "rating" | "ics" | "draw" | "bk" | "exit" | "." => {}
            "protover" => self.features(),
            "new" => {
                self.reset(self.rules.clone());
                self.engine_side = Some(Color::Black);
                self.depth = None;
                self.move_time = None;
            }
            "variant" => self.variant(rest),
            "force" | "result" => self.engine_side = None,
            "go" => {
                self.engine_side = Some(self.game.position().side());
                self.think();
            }
            "playother" => self.engine_side = Some(!self.game.position().side()),
            "usermove" => self.user_move(rest),
            "setboard" => match parse_fen(&self.rules, rest) {
                Ok(pos) => self.game = Game::from_position(self.rules.clone(), pos, 0),
                Err(e) => self.say(&format!("tellusererror Illegal position: {e}")),
            },
            "level" => self.level(rest),
            "st" => match rest.parse::<f64>() {
                Ok(t) if t.is_finite() && t > 0.0 && t <= 86_400.0 => {
                    self.move_time = Some(Duration::from_secs_f64(t));
                }
                _ => self.say(&format!("Error (bad time): st {rest}")),
            },
            "sd" => match rest.parse::<u32>() {
                Ok(d) if (1..=MAX_DEPTH).contains(&d) => self.depth = Some(d),
                _ => self.say(&format!("Error (bad depth): sd {rest}")),
            },
            "time" => match rest.parse::<u64>() {
                Ok(cs) => self.clock = Some(Duration::from_millis(cs * 10)),
                Err(_) => self.say(&format!("Error (bad time): time {rest}")),
            },
            "otim" => {}
            "undo" => {
                self.game.undo();
            }
            "remove" => {
                self.game.undo();
                self.game.undo();
            }
            "ping" => self.say(&format!("pong {rest}")),
            "post" => self.post = true,
            "nopost" => self.post = false,
            "hint" => {
                if let Some(mv) = self.game.legal_moves().first() {
                    let text = to_xboard_standard(&self.rules, mv);
                    self.say(&format!("Hint: {text}"));
                }
            }
            _ => {
                // A bare move, as protocol version 1 sends them.
                if parse_move(&self.rules, self.game.position(), line).is_ok() {
                    self.user_move(line);
                } else {
                    self.say(&format!("Error (unknown command): {word}"));
                }
            }
        }
        true
    }

    fn not_text(&self) {
        self.say("Error (not UTF-8): the line");
    }
}

impl Xboard {
    fn say(&self, line: &str) {
        say(&self.out, line);
    }

    fn features(&self) {
        let names: Vec<&str> = EMBEDDED
            .iter()
            .map(|(n, _)| xboard_name(n))
            .chain(self.files.iter().map(|(n, _)| n.as_str()))
            .collect();
        self.say(&format!(
            "feature ping=1 setboard=1 usermove=1 time=1 draw=0 sigint=0 sigterm=0 reuse=1 analyze=0 colors=0 san=0 myname=\"changeling {}\" variants=\"{}\"",
            env!("CARGO_PKG_VERSION"),
            names.join(",")
        ));
        self.say("feature done=1");
    }

    fn reset(&mut self, rules: Arc<Rules>) {
        match Game::new(rules.clone(), 0) {
            Ok(game) => {
                if !Arc::ptr_eq(&rules, &self.rules) {
                    self.engine = None;
                }
                self.rules = rules;
                self.game = game;
            }
            Err(e) => self.say(&format!("Error (bad start): {e}")),
        }
    }

    fn variant(&mut self, name: &str) {
        let loaded = if let Some((_, rules)) = self.files.iter().find(|(n, _)| n == name) {
            Ok(rules.clone())
        } else {
            let ours = our_name(name);
            if !EMBEDDED.iter().any(|(n, _)| *n == ours) {
                return self.say(&format!("Error (unknown variant): {name}"));
            }
            load(ours)
        };
        match loaded {
            Ok(rules) => {
                self.reset(rules);
                if !KNOWN.contains(&name) {
                    self.announce();
                }
            }
            Err(e) => {
                let text = e.to_string();
                let text = text.trim().replace('\n', " | ");
                self.say(&format!("Error (cannot load {name}): {text}"));
            }
        }
    }

    /// XBoard's `setup` command for a variant it does not know (the
    /// piece images, the board's size, the holdings and the start
    /// position, on the `fairy` rules), then the kinds' moves.
    fn announce(&self) {
        let g = self.rules.geometry;
        let fen = to_fen(&self.rules, self.game.position());
        let told = pieces::announce(&self.rules);
        let hands = self.rules.pocket.is_some()
            || self.rules.drops.is_some()
            || !self.rules.masks.drops_from_captures.is_empty();
        // XBoard's holdings hold at most a rank a kind, beside a board
        // of at most 16 files with them.
        let room = if usize::from(g.width) + 4 <= 16 {
            usize::from(g.height)
        } else {
            0
        };
        let holdings = if hands { told.hand_kinds.min(room) } else { 0 };
        self.say(&format!(
            "setup ({}) {}x{}+{holdings}_fairy {fen}",
            told.table, g.width, g.height
        ));
        if hands && holdings < told.hand_kinds {
            self.say(&format!(
                "# XBoard's holdings show {holdings} of the {} kinds a hand may hold",
                told.hand_kinds
            ));
        }
        for line in &told.lines {
            self.say(line);
        }
    }

    fn level(&mut self, rest: &str) {
        let parts: Vec<&str> = rest.split_whitespace().collect();
        let [mps, base, inc] = parts[..] else {
            return self.say(&format!("Error (bad level): level {rest}"));
        };
        let minutes = |t: &str| -> Option<f64> {
            match t.split_once(':') {
                Some((m, s)) => Some(m.parse::<f64>().ok()? * 60.0 + s.parse::<f64>().ok()?),
                None => Some(t.parse::<f64>().ok()? * 60.0),
            }
        };
        match (mps.parse::<u32>(), minutes(base), inc.parse::<f64>()) {
            (Ok(m), Some(b), Ok(i)) if b.is_finite() && i.is_finite() && b >= 0.0 && i >= 0.0 => {
                self.moves_per_session = m;
                self.clock = Some(Duration::from_secs_f64(b.min(1e7)));
                self.increment = Duration::from_secs_f64(i.min(1e5));
                self.move_time = None;
            }
            _ => self.say(&format!("Error (bad level): level {rest}")),
        }
    }

    fn user_move(&mut self, text: &str) {
        if self.game.outcome().is_some() {
            return self.say(&format!("Illegal move (the game is over): {text}"));
        }
        match parse_move(&self.rules, self.game.position(), text) {
            Ok(mv) if self.game.legal().contains(&mv) => {
                self.game.push(mv);
                if !self.announce_end() && self.engine_side == Some(self.game.position().side()) {
                    self.think();
                }
            }
            _ => self.say(&format!("Illegal move: {text}")),
        }
    }

    /// Says the result when the game is over; true then.
    fn announce_end(&self) -> bool {
        match self.game.outcome() {
            Some(o) => {
                self.say(&result_line(&o));
                true
            }
            None => false,
        }
    }

    /// Starts the engine's search for the side to move.
    fn think(&mut self) {
        if self.announce_end() {
            return;
        }
        let limits = if let Some(d) = self.depth {
            Limits::depth(d)
        } else if let Some(t) = self.move_time {
            Limits {
                time: Some(t),
                ..Limits::default()
            }
        } else if let Some(c) = self.clock {
            let played = self.game.position().fullmove().saturating_sub(1);
            Limits {
                clock: Some((c, self.increment)),
                moves_to_go: (self.moves_per_session > 0)
                    .then(|| self.moves_per_session - played % self.moves_per_session),
                ..Limits::default()
            }
        } else {
            Limits::time(5.0)
        };
        let mut engine = self
            .engine
            .take()
            .unwrap_or_else(|| Engine::new(self.rules.clone()));
        self.stop.store(false, Ordering::Relaxed);
        engine.stop_on(self.stop.clone());
        let mut game = self.game.clone();
        let out = self.out.clone();
        let rules = self.rules.clone();
        let post = self.post;
        self.thinking = Some(std::thread::spawn(move || {
            let found = engine.search(&game, &limits, &mut |r| {
                if post {
                    say(&out, &thinking(&rules, r));
                }
            });
            let mv = found.and_then(|r| r.pv.first().copied());
            if let Some(mv) = mv {
                say(&out, &format!("move {}", to_xboard_standard(&rules, &mv)));
                game.push(mv);
                if let Some(o) = game.outcome() {
                    say(&out, &result_line(&o));
                }
            }
            (engine, mv)
        }));
    }
}

/// `1-0 {checkmate}`.
fn result_line(o: &Outcome) -> String {
    match o {
        Outcome::Decisive {
            winner: Color::White,
            reason,
        } => format!("1-0 {{{reason}}}"),
        Outcome::Decisive { reason, .. } => format!("0-1 {{{reason}}}"),
        Outcome::Draw { reason } => format!("1/2-1/2 {{{reason}}}"),
    }
}

/// A line of thinking output: ply, score, time in centiseconds, nodes,
/// the principal variation.
fn thinking(rules: &Rules, r: &Report) -> String {
    let score = match r.score {
        Score::Centipawns(cp) => cp,
        Score::Mate(n) if n >= 0 => 100_000 + n,
        Score::Mate(n) => -100_000 + n,
    };
    let pv: Vec<String> = r.pv.iter().map(|m| to_xboard_standard(rules, m)).collect();
    format!(
        "{} {score} {} {} {}",
        r.depth,
        r.elapsed.as_millis() / 10,
        r.nodes,
        pv.join(" ")
    )
}
