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
//! As in `changeling uci`, the search runs on a thread of its own and
//! the session never waits for it. While the engine thinks on its move,
//! `?` makes it move at once, and `ping` is answered after a move made
//! at once; commands that only set something for later (`post`, `level`,
//! `time`, ...) or ask (`hint`) leave the search alone; any other command
//! abandons it without a move (the position it was for is being changed)
//! and then runs. The end of the input is `quit`.
//!
//! Analysis (`analyze`, CECP version 2): the engine searches the current
//! position without moving, posting its thinking lines, and starts again
//! on each change (a move, `undo`, `new`, `setboard`) until `exit`; `.`
//! asks for a `stat01:` line, and `ping` is answered at once.

mod pieces;

use super::protocol::{Out, Protocol, hold, say, serve, write_line};
use crate::lines::MAX_LINE_BYTES;
use crate::session::{
    Clock, Error as SessionError, Limits, MAX_DEPTH, Outcome, Rulebook, Score, Session, Side,
    Start, Thought, builtin_variants,
};
use std::io::{BufRead, Write};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::thread::JoinHandle;
use std::time::{Duration, Instant};

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
    files: Vec<(String, Rulebook)>,
    rules: Rulebook,
    /// The position and the moves to it, and the engine (away on the
    /// search thread, in a fork of the session, while it thinks).
    session: Session,
    /// The side the engine plays, or none in force mode.
    engine_side: Option<Side>,
    /// `post`: thinking lines are written (read by the search as it goes).
    post: Arc<AtomicBool>,
    /// In analysis mode (`analyze` until `exit`).
    analyzing: bool,
    /// `st`: seconds a move; `sd`: depth; the clocks in centiseconds.
    move_time: Option<Duration>,
    depth: Option<u32>,
    clock: Option<Duration>,
    increment: Duration,
    moves_per_session: u32,
    /// Raised with the output held: the search in progress writes and
    /// plays no move.
    abort: Arc<AtomicBool>,
    /// What the search in progress has done, for `.`.
    progress: Arc<Mutex<Progress>>,
    /// The search in progress, giving back the fork of the session it
    /// searched and the move it wrote (in coordinates), if it wrote one.
    thinking: Option<JoinHandle<(Session, Option<String>)>>,
}

/// How far a search has gone: its start, and its last finished depth.
#[derive(Clone, Copy, Debug)]
struct Progress {
    started: Instant,
    depth: u32,
    nodes: u64,
}

/// How a search in progress is ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Halt {
    /// At once, making its move (`?`).
    Move,
    /// At once, without a move.
    Abandon,
}

/// Runs the protocol over `input` until `quit` or its end, offering the
/// variants of `paths` besides the embedded ones.
pub fn run(input: impl BufRead, output: Box<dyn Write + Send>, paths: &[String]) {
    let out: Out = Arc::new(Mutex::new(output));
    let mut files = Vec::new();
    for path in paths {
        match Rulebook::open(path) {
            Ok(r) => files.push((r.name().to_ascii_lowercase(), r)),
            Err(e) => {
                let text = e.to_string();
                say(
                    &out,
                    &format!("# cannot load {path}: {}", text.trim().replace('\n', " | ")),
                );
            }
        }
    }
    let rules = match Rulebook::open("chess") {
        Ok(r) => r,
        Err(e) => return say(&out, &format!("Error (cannot load chess): {e}")),
    };
    let mut session = match Session::new(&rules, &Start::Setup) {
        Ok(s) => s,
        Err(e) => return say(&out, &format!("Error (bad start): {e}")),
    };
    session.set_xboard_spelling(true);
    let mut x = Xboard {
        out,
        files,
        rules,
        session,
        engine_side: Some(Side::Black),
        post: Arc::new(AtomicBool::new(false)),
        analyzing: false,
        move_time: None,
        depth: None,
        clock: None,
        increment: Duration::ZERO,
        moves_per_session: 0,
        abort: Arc::new(AtomicBool::new(false)),
        progress: Arc::new(Mutex::new(Progress {
            started: Instant::now(),
            depth: 0,
            nodes: 0,
        })),
        thinking: None,
    };
    serve(input, &mut x);
}

impl Protocol for Xboard {
    /// Runs one command; false on `quit`.
    fn command(&mut self, line: &str) -> bool {
        self.rules.begin_command();
        let (word, rest) = line
            .split_once(char::is_whitespace)
            .map_or((line, ""), |(w, r)| (w, r.trim()));
        // A search that has ended has its move played before anything
        // looks at the position.
        if self.thinking.as_ref().is_some_and(JoinHandle::is_finished) {
            self.halt(Halt::Move);
        }
        // What leaves a search in progress alone.
        match word {
            "exit" if !self.analyzing => return true,
            "" | "xboard" | "accepted" | "rejected" | "random" | "hard" | "easy" | "computer"
            | "name" | "rating" | "ics" | "draw" | "bk" | "otim" => return true,
            "post" | "nopost" => {
                self.post.store(word == "post", Ordering::Relaxed);
                return true;
            }
            "level" => return self.level(rest),
            "st" => return self.st(rest),
            "sd" => return self.sd(rest),
            "time" => return self.time(rest),
            "hint" => return self.hint(),
            "." => return self.status(),
            "?" => {
                // Move now; analysis has no move to make.
                if !self.analyzing {
                    self.halt(Halt::Move);
                }
                return true;
            }
            // Pondering or analysing, `ping` is answered at once; thinking
            // on a move, after the move, made at once.
            "ping" if self.analyzing => {
                self.say(&format!("pong {rest}"));
                return true;
            }
            "ping" => {
                self.halt(Halt::Move);
                self.say(&format!("pong {rest}"));
                return true;
            }
            _ => {}
        }
        // Anything else changes what a search would be for: it is
        // abandoned, without a move, and the command runs.
        self.halt(Halt::Abandon);
        match word {
            "quit" => return false,
            "protover" => self.features(),
            "new" => {
                self.reset(self.rules.clone());
                self.engine_side = (!self.analyzing).then_some(Side::Black);
                self.depth = None;
                self.move_time = None;
            }
            "variant" => self.variant(rest),
            "force" | "result" => self.engine_side = None,
            "go" => {
                self.analyzing = false;
                self.engine_side = Some(self.session.side());
                self.think();
            }
            "playother" => {
                self.analyzing = false;
                self.engine_side = Some(!self.session.side());
            }
            "analyze" => {
                self.analyzing = true;
                self.engine_side = None;
            }
            "exit" => self.analyzing = false,
            "usermove" => self.user_move(rest),
            "setboard" => {
                let start = Start::Fen {
                    fen: rest.to_string(),
                    seed: 0,
                };
                match Session::new(&self.rules, &start) {
                    Ok(mut session) => {
                        session.adopt_engine(&mut self.session);
                        self.session = session;
                    }
                    Err(SessionError::Fen { message }) => {
                        self.say(&format!("tellusererror Illegal position: {message}"));
                    }
                    Err(e) => self.say(&format!("tellusererror Illegal position: {e}")),
                }
            }
            "undo" => {
                let _ = self.session.undo();
            }
            "remove" => {
                let _ = self.session.undo();
                let _ = self.session.undo();
            }
            _ => {
                // A bare move, as protocol version 1 sends them.
                match self.session.play(line) {
                    Ok(_) => self.moved(),
                    Err(SessionError::GameOver { .. }) => {
                        self.say(&format!("Illegal move (the game is over): {line}"));
                    }
                    Err(_) => self.say(&format!("Error (unknown command): {word}")),
                }
            }
        }
        // Analysis starts again on whatever the command left.
        if self.analyzing && self.thinking.is_none() {
            self.analyse();
        }
        true
    }

    fn not_text(&self) {
        self.say("Error (not UTF-8): the line");
    }

    fn too_long(&self) {
        self.say(&format!(
            "Error (line too long): more than {MAX_LINE_BYTES} bytes"
        ));
    }
}

impl Xboard {
    fn say(&self, line: &str) {
        say(&self.out, line);
    }

    fn features(&self) {
        let mut names: Vec<&str> = builtin_variants().map(xboard_name).collect();
        names.extend(self.files.iter().map(|(n, _)| n.as_str()));
        self.say(&format!(
            "feature ping=1 setboard=1 usermove=1 time=1 draw=0 sigint=0 sigterm=0 reuse=1 analyze=1 colors=0 san=0 myname=\"changeling {}\" variants=\"{}\"",
            env!("CARGO_PKG_VERSION"),
            names.join(",")
        ));
        self.say("feature done=1");
    }

    fn reset(&mut self, rules: Rulebook) {
        match Session::new(&rules, &Start::Setup) {
            Ok(mut session) => {
                session.adopt_engine(&mut self.session);
                self.rules = rules;
                self.session = session;
            }
            Err(e) => self.say(&format!("Error (bad start): {e}")),
        }
    }

    fn variant(&mut self, name: &str) {
        let loaded = if let Some((_, rules)) = self.files.iter().find(|(n, _)| n == name) {
            Ok(rules.clone())
        } else {
            let ours = our_name(name);
            if !builtin_variants().any(|n| n == ours) {
                return self.say(&format!("Error (unknown variant): {name}"));
            }
            Rulebook::open(ours)
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
        let v = self.rules.variant();
        let fen = self.session.fen();
        let told = pieces::announce(&self.rules.kinds_for_xboard());
        let hands = self.rules.holds_pieces();
        // XBoard's holdings hold at most a rank a kind, beside a board
        // of at most 16 files with them.
        let room = if usize::from(v.width) + 4 <= 16 {
            usize::from(v.height)
        } else {
            0
        };
        let holdings = if hands { told.hand_kinds.min(room) } else { 0 };
        self.say(&format!(
            "setup ({}) {}x{}+{holdings}_fairy {fen}",
            told.table, v.width, v.height
        ));
        if hands && holdings < told.hand_kinds {
            self.say(&format!(
                "# XBoard's holdings show {holdings} of the {} kinds a hand may hold",
                told.hand_kinds
            ));
        }
        // XBoard's `fairy` holdings take a captured piece as it stands;
        // here one that came from a promotion is a pawn again in the
        // hand, whose drop XBoard then refuses. No parent variant tells
        // XBoard that rule without rules of its own coming with it.
        if holdings > 0 && self.rules.demotes_in_hand() {
            self.say(
                "# a captured promoted piece enters the hand as a pawn; XBoard's holdings keep it as it stands and refuse that pawn's drop",
            );
        }
        for line in &told.lines {
            self.say(line);
        }
    }

    /// Ends the search in progress, if any: the move it makes is
    /// played, or (abandoned) it makes none.
    fn halt(&mut self, how: Halt) {
        let Some(handle) = self.thinking.take() else {
            return;
        };
        if how == Halt::Abandon {
            // Held, so that the search either wrote its move before this
            // or sees the flag and writes none.
            let _w = hold(&self.out);
            self.abort.store(true, Ordering::Relaxed);
        }
        self.session.stop_handle().stop();
        match handle.join() {
            Ok((fork, mv)) => {
                self.session.join(fork);
                if let Some(mv) = mv {
                    // The fork has played it: it is legal here.
                    let _ = self.session.play(&mv);
                }
            }
            Err(_) => self.say("Error (search failed): a new engine takes over"),
        }
    }

    /// `level MPS BASE INC`; true (the session goes on).
    fn level(&mut self, rest: &str) -> bool {
        let parts: Vec<&str> = rest.split_whitespace().collect();
        let [mps, base, inc] = parts[..] else {
            self.say(&format!("Error (bad level): level {rest}"));
            return true;
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
        true
    }

    /// `st SECONDS`; true.
    fn st(&mut self, rest: &str) -> bool {
        match rest.parse::<f64>() {
            Ok(t) if t.is_finite() && t > 0.0 && t <= 86_400.0 => {
                self.move_time = Some(Duration::from_secs_f64(t));
            }
            _ => self.say(&format!("Error (bad time): st {rest}")),
        }
        true
    }

    /// `sd DEPTH`; true.
    fn sd(&mut self, rest: &str) -> bool {
        match rest.parse::<u32>() {
            Ok(d) if (1..=MAX_DEPTH).contains(&d) => self.depth = Some(d),
            _ => self.say(&format!("Error (bad depth): sd {rest}")),
        }
        true
    }

    /// `time CENTISECONDS`; true.
    fn time(&mut self, rest: &str) -> bool {
        match rest.parse::<u64>() {
            Ok(cs) => self.clock = Some(Duration::from_millis(cs.saturating_mul(10))),
            Err(_) => self.say(&format!("Error (bad time): time {rest}")),
        }
        true
    }

    /// `hint`: a legal move; true.
    fn hint(&self) -> bool {
        if let Some(t) = self.session.turns().first() {
            self.say(&format!("Hint: {}", t.standard));
        }
        true
    }

    /// `.` in analysis: `stat01: TIME NODES DEPTH MOVES-LEFT MOVES`, the
    /// time in centiseconds since the search began, the nodes and depth
    /// of its last finished iteration (whose moves were all searched);
    /// ignored otherwise. True.
    fn status(&self) -> bool {
        if self.analyzing {
            let p = *self
                .progress
                .lock()
                .unwrap_or_else(std::sync::PoisonError::into_inner);
            self.say(&format!(
                "stat01: {} {} {} 0 {}",
                p.started.elapsed().as_millis() / 10,
                p.nodes,
                p.depth,
                self.session.count_turns()
            ));
        }
        true
    }

    fn user_move(&mut self, text: &str) {
        match self.session.play(text) {
            Ok(_) => self.moved(),
            Err(SessionError::GameOver { .. }) => {
                self.say(&format!("Illegal move (the game is over): {text}"));
            }
            Err(_) => self.say(&format!("Illegal move: {text}")),
        }
    }

    /// After the opponent's move: the result, or the engine's turn.
    fn moved(&mut self) {
        if !self.announce_end() && self.engine_side == Some(self.session.side()) {
            self.think();
        }
    }

    /// Says the result when the game is over (not while analysing,
    /// where XBoard judges); true then.
    fn announce_end(&self) -> bool {
        if self.analyzing {
            return self.session.outcome().is_some();
        }
        match self.session.outcome() {
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
        let ms = |d: Duration| d.as_millis().min(u128::from(u64::MAX)) as u64;
        let limits = if let Some(d) = self.depth {
            Limits::depth(d)
        } else if let Some(t) = self.move_time {
            Limits::millis(ms(t).max(1))
        } else if let Some(c) = self.clock {
            let played = self.session.fullmove().saturating_sub(1);
            Limits {
                clock: Some(Clock {
                    left_millis: ms(c),
                    increment_millis: ms(self.increment),
                    moves_to_go: (self.moves_per_session > 0)
                        .then(|| self.moves_per_session - played % self.moves_per_session),
                }),
                ..Limits::default()
            }
        } else {
            Limits::millis(5000)
        };
        self.search(limits, false);
    }

    /// Starts analysing the current position (if the game goes on).
    fn analyse(&mut self) {
        if self.session.outcome().is_none() {
            self.search(Limits::default(), true);
        }
    }

    /// Starts a search of the current position within `limits` on a
    /// thread of its own: thinking on a move (writing and playing it at
    /// the end, unless abandoned) or analysing (writing every thinking
    /// line, moving never).
    fn search(&mut self, limits: Limits, analysis: bool) {
        self.abort.store(false, Ordering::Relaxed);
        *self
            .progress
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner) = Progress {
            started: Instant::now(),
            depth: 0,
            nodes: 0,
        };
        let mut fork = self.session.fork();
        let out = self.out.clone();
        let post = self.post.clone();
        let abort = self.abort.clone();
        let progress = self.progress.clone();
        self.thinking = Some(std::thread::spawn(move || {
            let found = fork.search(&limits, &mut |t| {
                if let Ok(mut p) = progress.lock() {
                    p.depth = t.depth;
                    p.nodes = t.nodes;
                }
                if analysis || post.load(Ordering::Relaxed) {
                    say(&out, &thinking(t));
                }
            });
            if analysis {
                return (fork, None);
            }
            let mut w = hold(&out);
            if abort.load(Ordering::Relaxed) {
                return (fork, None);
            }
            let Some(found) = found else {
                return (fork, None);
            };
            let (Some(text), Ok(_)) = (found.standard.first(), fork.play(&found.best)) else {
                return (fork, None);
            };
            write_line(&mut w, &format!("move {text}"));
            if let Some(o) = fork.outcome() {
                write_line(&mut w, &result_line(&o));
            }
            drop(w);
            (fork, Some(found.best))
        }));
    }
}

/// `1-0 {checkmate}`.
fn result_line(o: &Outcome) -> String {
    format!("{} {{{}}}", o.result(), o.words)
}

/// A line of thinking output: ply, score, time in centiseconds, nodes,
/// the principal variation.
fn thinking(t: &Thought) -> String {
    let score = match t.score {
        Score::Centipawns(cp) => cp,
        Score::Mate(n) if n >= 0 => 100_000 + n,
        Score::Mate(n) => -100_000 + n,
    };
    format!(
        "{} {score} {} {} {}",
        t.depth,
        t.millis / 10,
        t.nodes,
        t.standard.join(" ")
    )
}
