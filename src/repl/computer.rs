//! The computer opponent in the session: `go`, `hint`, `analyse` and
//! `computer`, and the moves it makes on its own turns.

use super::{Reply, Session};
use crate::session::{Error, Limits, Reason, Score, Side, Thought};

/// Who the computer plays and how long it thinks.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Computer {
    /// It plays White.
    pub white: bool,
    /// It plays Black.
    pub black: bool,
    /// How long it thinks, for its own moves, `go`, `hint` and `analyse`.
    pub limits: Limits,
}

impl Default for Computer {
    fn default() -> Computer {
        Computer {
            white: false,
            black: false,
            limits: Limits {
                millis: Some(1000),
                ..Limits::default()
            },
        }
    }
}

impl Computer {
    /// Whether it plays `side`.
    pub fn plays(&self, side: Side) -> bool {
        match side {
            Side::White => self.white,
            Side::Black => self.black,
        }
    }
}

/// What the session shows while a command runs.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Shown<'a> {
    /// The search's latest line (a terminal rewrites one progress line).
    Thinking(&'a str),
    /// The search ended: the progress line goes.
    Done,
    /// Text to print now, before the command's reply (each move of a
    /// game the computer plays against itself).
    Said(&'a str),
}

/// Where the thinking is shown as it goes.
pub(super) struct Progress(pub Box<dyn FnMut(Shown<'_>) + Send>);

impl std::fmt::Debug for Progress {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("Progress")
    }
}

/// One iteration as `analyse` prints it.
fn describe(t: &Thought) -> String {
    let secs = t.millis as f64 / 1000.0;
    let nps = if secs > 0.0 {
        t.nodes as f64 / secs
    } else {
        0.0
    };
    format!(
        "depth {:>2}  {:>9}  {:>10} nodes  {:>7.0} n/s  {:>6.2} s  {}",
        t.depth,
        t.score.to_string(),
        t.nodes,
        nps,
        secs,
        t.line
    )
}

impl Session {
    /// Sets who the computer plays and how long it thinks.
    pub fn set_computer(&mut self, computer: Computer) {
        self.computer = computer;
    }

    /// Shows the thinking as it goes, and the moves of a game the
    /// computer plays against itself as they are made.
    pub fn show_progress(&mut self, show: Box<dyn FnMut(Shown<'_>) + Send>) {
        self.progress = Some(Progress(show));
    }

    /// Searches the current position; `None` when the game is over or the
    /// search was stopped before it had a move.
    fn think(&mut self, limits: &Limits, every: bool) -> (Option<Thought>, Vec<String>) {
        let mut lines = Vec::new();
        let mut progress = self.progress.take();
        let found = self.session.search(limits, &mut |t| {
            let text = describe(t);
            if let Some(Progress(show)) = &mut progress {
                show(Shown::Thinking(&text));
            }
            if every {
                lines.push(text);
            }
        });
        if let Some(Progress(show)) = &mut progress {
            show(Shown::Done);
        }
        self.progress = progress;
        (found.filter(|t| !t.pv.is_empty()), lines)
    }

    /// Plays the engine's move; the text says what it played.
    fn computer_move(&mut self, limits: &Limits) -> Result<String, String> {
        if let Some(o) = self.session.outcome() {
            return Err(format!("the game is over: {o}; `undo` or `new` to go on"));
        }
        let (found, _) = self.think(limits, false);
        let Some(r) = found else {
            return Err("the search found no move".to_string());
        };
        let score = score_text(&r);
        let san = self.session.play(&r.best).map_err(|e| e.to_string())?.san;
        Ok(format!(
            "computer plays {san} ({score}, depth {}, {} nodes)\n{}",
            r.depth,
            r.nodes,
            self.aftermath()
        ))
    }

    /// The computer's moves while it is to move (after a move of the
    /// player's, or at the start): the text of each and the board.
    pub fn computer_turns(&mut self) -> String {
        let mut out = String::new();
        let limits = self.computer.limits;
        let mut played = false;
        while self.session.outcome().is_none() && self.computer.plays(self.session.side()) {
            if self.stopped() {
                out.push_str("stopped; the computer moves again after your move or on `go`\n");
                break;
            }
            match self.computer_move(&limits) {
                Ok(text) => {
                    out.push_str(&text);
                    played = true;
                }
                Err(e) => {
                    out.push_str(&format!("error: {e}\n"));
                    break;
                }
            }
            if self.computer.white && self.computer.black {
                out.push_str(&self.status());
                if let Some(Progress(show)) = &mut self.progress {
                    // Both sides are the computer's: show each move now.
                    show(Shown::Said(&std::mem::take(&mut out)));
                }
                played = false;
            }
        }
        if played {
            out.push_str(&self.status());
        }
        out
    }

    fn stopped(&self) -> bool {
        self.stop
            .as_ref()
            .is_some_and(|s| s.load(std::sync::atomic::Ordering::Relaxed))
    }
}

/// The limits a command gives, else the computer's own; the error as
/// the reply.
fn limits_or_default(s: &Session, rest: &str) -> Result<Limits, Reply> {
    match Limits::parse(rest) {
        Ok(l) => Ok(l.unwrap_or(s.computer.limits)),
        Err(Error::Limits { message }) => Err(Reply::say(format!("error: {message}\n"))),
        Err(e) => Err(Reply::say(format!("error: {e}\n"))),
    }
}

pub(super) fn go(s: &mut Session, rest: &str) -> Reply {
    let limits = match limits_or_default(s, rest) {
        Ok(l) => l,
        Err(reply) => return reply,
    };
    match s.computer_move(&limits) {
        Ok(text) => {
            let mut text = format!("{text}{}", s.status());
            text.push_str(&s.computer_turns());
            Reply::say(text)
        }
        Err(e) => Reply::say(format!("error: {e}\n")),
    }
}

/// A search's score as the player reads it: a forced win or loss that
/// ends by another rule than checkmate (the third check, a royal blown
/// up, a flag square reached) says how it ends, not "mate".
fn score_text(t: &Thought) -> String {
    if let (Score::Mate(n), Some(end)) = (t.score, &t.end)
        && end.winner.is_some()
        && end.reason != Reason::Checkmate
    {
        let reason = &end.words;
        return if n >= 0 {
            format!("wins in {n} - {reason}")
        } else {
            format!("loses in {} - {reason}", -n)
        };
    }
    t.score.to_string()
}

pub(super) fn hint(s: &mut Session, rest: &str) -> Reply {
    let limits = match limits_or_default(s, rest) {
        Ok(l) => l,
        Err(reply) => return reply,
    };
    if let Some(o) = s.session.outcome() {
        return Reply::say(format!("no hint: the game is over, {o}\n"));
    }
    let (found, _) = s.think(&limits, false);
    match found {
        Some(r) => Reply::say(format!(
            "hint: {} ({}, depth {}): {}\n",
            r.pv[0],
            score_text(&r),
            r.depth,
            r.line
        )),
        _ => Reply::say("no hint: the search was stopped before it found a move\n"),
    }
}

pub(super) fn analyse(s: &mut Session, rest: &str) -> Reply {
    let limits = match limits_or_default(s, rest) {
        Ok(l) => l,
        Err(reply) => return reply,
    };
    if let Some(o) = s.session.outcome() {
        return Reply::say(format!("nothing to analyse: the game is over, {o}\n"));
    }
    let (found, lines) = s.think(&limits, true);
    let mut text = lines.join("\n");
    if !text.is_empty() {
        text.push('\n');
    }
    match found {
        Some(r) => {
            text.push_str(&format!("best {} ({})\n", r.pv[0], score_text(&r)));
        }
        _ => text.push_str("stopped before a move was found\n"),
    }
    Reply::say(text)
}

pub(super) fn computer(s: &mut Session, rest: &str) -> Reply {
    let (who, limits) = rest
        .split_once(char::is_whitespace)
        .map_or((rest, ""), |(w, l)| (w, l.trim()));
    let (white, black) = match who {
        "" => {
            let c = s.computer;
            let sides = match (c.white, c.black) {
                (false, false) => "nobody",
                (true, false) => "White",
                (false, true) => "Black",
                (true, true) => "both sides",
            };
            return Reply::say(format!("the computer plays {sides}\n"));
        }
        "white" => (true, false),
        "black" => (false, true),
        "both" => (true, true),
        "off" | "none" => (false, false),
        _ => {
            return Reply::say(format!(
                "error: `{who}` is not a side (`computer white|black|both|off [depth N|time S|nodes N]`)\n"
            ));
        }
    };
    let limits = match limits_or_default(s, limits) {
        Ok(l) => l,
        Err(reply) => return reply,
    };
    s.computer = Computer {
        white,
        black,
        limits,
    };
    let mut text = String::from("ok\n");
    text.push_str(&s.computer_turns());
    Reply::say(text)
}
