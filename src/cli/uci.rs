//! `changeling uci`: the Universal Chess Interface, for GUIs and match
//! programs.
//!
//! The variant is chosen as Fairy-Stockfish names the options:
//! `setoption name UCI_Variant value NAME` (an embedded variant) or
//! `setoption name VariantPath value FILE` (a variant file; its last
//! variant, or `FILE:NAME`). Moves are in the coordinate form `play`
//! reads (`e2e4`, `e7e8q`, `P@e4`, parts of a turn joined by `&`).
//!
//! The search runs on its own thread and the session never waits for
//! it: `isready` (and `d`, and what is ignored) is answered while it
//! thinks, and any other command arriving during a search stops it first
//! (its `bestmove` is written), then runs, as `stop` followed by the
//! command would. The end of the
//! input is `quit`. Bad input never ends the session: it is answered with
//! `info string error: ...` and the position stays; a line longer than
//! [`crate::lines::MAX_LINE_BYTES`] is read to its end and refused
//! without being held.

use super::protocol::{Out, Protocol, say, serve};
use crate::lines::MAX_LINE_BYTES;
use crate::session::{
    Clock, DEFAULT_VARIANT, Error as SessionError, Limits, MAX_DEPTH, Rulebook, Score, Session,
    Side, Start, Thought, builtin_variants,
};
use std::io::{BufRead, Write};
use std::sync::{Arc, Mutex};
use std::thread::JoinHandle;
use std::time::Duration;

/// The session: the variant, the position with its moves, the engine.
struct Uci {
    out: Out,
    rules: Rulebook,
    /// The position and the moves to it, and the engine (away on the
    /// search thread, in a fork of the session, while it thinks).
    session: Session,
    hash_mb: usize,
    thinking: Option<JoinHandle<Session>>,
}

/// Runs the protocol over `input` until `quit` or its end.
pub fn run(input: impl BufRead, output: Box<dyn Write + Send>) {
    let rules = match Rulebook::open(DEFAULT_VARIANT) {
        Ok(r) => r,
        Err(e) => {
            let _ = writeln!(std::io::stderr(), "error: {e}");
            return;
        }
    };
    let out: Out = Arc::new(Mutex::new(output));
    let session = match Session::new(&rules, &Start::Setup) {
        Ok(s) => s,
        Err(e) => {
            say(&out, &format!("info string error: {e}"));
            return;
        }
    };
    let mut uci = Uci {
        out,
        rules,
        session,
        hash_mb: 16,
        thinking: None,
    };
    serve(input, &mut uci);
}

impl Protocol for Uci {
    /// Runs one command; false on `quit`.
    fn command(&mut self, line: &str) -> bool {
        self.rules.begin_command();
        let (word, rest) = line
            .split_once(char::is_whitespace)
            .map_or((line, ""), |(w, r)| (w, r.trim()));
        match word {
            // Answered while the search goes on, which they leave alone.
            "" | "ponderhit" | "debug" | "register" => {}
            "isready" => self.say("readyok"),
            // Not UCI, but what a person typing at it expects.
            "d" => self.say(&self.session.fen()),
            // The others stop a search in progress first.
            "quit" => {
                self.halt();
                return false;
            }
            "stop" => self.halt(),
            "uci" | "ucinewgame" | "setoption" | "position" | "go" => {
                self.halt();
                match word {
                    "uci" => self.identify(),
                    "ucinewgame" => self.session.clear_engine(),
                    "setoption" => self.set_option(rest),
                    "position" => self.position(rest),
                    _ => self.go(rest),
                }
            }
            _ => self.error(&format!("unknown command `{word}`")),
        }
        true
    }

    fn not_text(&self) {
        self.error("the line is not UTF-8 text");
    }

    fn too_long(&self) {
        self.error(&format!("the line is longer than {MAX_LINE_BYTES} bytes"));
    }
}

impl Uci {
    fn say(&self, line: &str) {
        say(&self.out, line);
    }

    /// Stops the search in progress, if any, and takes the engine back
    /// once it has written its `bestmove`.
    fn halt(&mut self) {
        if let Some(handle) = self.thinking.take() {
            self.session.stop_handle().stop();
            match handle.join() {
                Ok(fork) => self.session.join(fork),
                Err(_) => self.error("the search failed; a new engine takes over"),
            }
        }
    }

    /// A table of `hash_mb` MB for the engine, or of the largest half,
    /// quarter, ... of it that memory allows, which is then said and kept
    /// as the size.
    fn set_hash(&mut self) {
        let got = self.session.set_hash_mb(self.hash_mb);
        if got < self.hash_mb {
            self.say(&format!(
                "info string Hash: no memory for {} MB; the table has {got} MB",
                self.hash_mb
            ));
            self.hash_mb = got;
        }
    }

    fn error(&self, what: &str) {
        self.say(&format!("info string error: {what}"));
    }

    fn identify(&self) {
        self.say(&format!("id name changeling {}", env!("CARGO_PKG_VERSION")));
        self.say("id author the changeling authors");
        let names: Vec<String> = builtin_variants().map(|n| format!("var {n}")).collect();
        self.say(&format!(
            "option name UCI_Variant type combo default {DEFAULT_VARIANT} {}",
            names.join(" ")
        ));
        self.say("option name VariantPath type string default <empty>");
        self.say("option name Hash type spin default 16 min 1 max 4096");
        self.say("uciok");
    }

    fn set_option(&mut self, rest: &str) {
        let Some(spec) = rest.strip_prefix("name ") else {
            return self.error("write `setoption name NAME value VALUE`");
        };
        let (name, value) = match spec.split_once(" value ") {
            Some((n, v)) => (n.trim(), v.trim()),
            None => (spec.trim(), ""),
        };
        match name.to_ascii_lowercase().as_str() {
            "uci_variant" | "variantpath" => {
                if value.is_empty() || value == "<empty>" {
                    return;
                }
                let embedded = builtin_variants().any(|n| n == value);
                if name.eq_ignore_ascii_case("uci_variant") && !embedded {
                    let names: Vec<&str> = builtin_variants().collect();
                    return self.error(&format!(
                        "no variant `{value}` (variants: {}; VariantPath loads a file)",
                        names.join(", ")
                    ));
                }
                match Rulebook::open(value) {
                    Ok(rules) => match Session::new(&rules, &Start::Setup) {
                        Ok(mut session) => {
                            session.adopt_engine(&mut self.session);
                            self.rules = rules;
                            self.session = session;
                        }
                        Err(e) => self.error(&format!("`{value}`: {e}")),
                    },
                    Err(e) => {
                        let text = e.to_string();
                        self.error(&format!(
                            "cannot load `{value}`: {}",
                            text.trim().replace('\n', " | ")
                        ));
                    }
                }
            }
            "hash" => match value.parse::<usize>() {
                Ok(mb) if (1..=4096).contains(&mb) => {
                    // The old table goes before the new one is made.
                    self.session.clear_engine();
                    self.hash_mb = mb;
                    self.set_hash();
                }
                _ => self.error(&format!(
                    "Hash is a number of MB from 1 to 4096, not `{value}`"
                )),
            },
            _ => self.error(&format!("no option `{name}`")),
        }
    }

    fn position(&mut self, rest: &str) {
        let (setup, moves) = match rest.split_once(" moves") {
            Some((s, m)) => (s.trim(), m.trim()),
            None => (rest.trim(), ""),
        };
        let (start, fen) = if setup == "startpos" {
            (Start::Setup, "")
        } else if let Some(fen) = setup.strip_prefix("fen ") {
            let fen = fen.trim();
            let start = Start::Fen {
                fen: fen.to_string(),
                seed: 0,
            };
            (start, fen)
        } else {
            return self.error(&format!(
                "write `position startpos` or `position fen FEN`, then `moves ...`, not `{setup}`"
            ));
        };
        // The position in force stays until the new one is read whole.
        let mut session = match Session::new(&self.rules, &start) {
            Ok(s) => s,
            Err(SessionError::Fen { message }) => {
                return self.error(&format!("`{fen}`: {message}"));
            }
            Err(e) => return self.error(&e.to_string()),
        };
        for text in moves.split_whitespace() {
            match session.replay(text) {
                Ok(()) => {}
                Err(SessionError::GameOver { .. }) => {
                    return self.error(&format!("`{text}`: the game is already over"));
                }
                Err(e) => return self.error(&e.to_string()),
            }
        }
        session.adopt_engine(&mut self.session);
        self.session = session;
    }

    fn go(&mut self, rest: &str) {
        let limits = match go_limits(rest, self.session.side()) {
            Ok(l) => l,
            Err(e) => return self.error(&e),
        };
        if self.session.outcome().is_some() {
            self.say("info string the game is over");
            return self.say("bestmove (none)");
        }
        let mut fork = self.session.fork();
        let out = self.out.clone();
        let infinite = rest.split_whitespace().any(|w| w == "infinite");
        self.thinking = Some(std::thread::spawn(move || {
            let found = fork.search(&limits, &mut |t| say(&out, &info(t)));
            // Told to think without end, it answers only when stopped.
            let stop = fork.stop_handle();
            while infinite && !stop.stopped() {
                std::thread::sleep(Duration::from_millis(5));
            }
            match found.as_ref().and_then(|t| t.standard.first()) {
                Some(mv) => {
                    let mut line = format!("bestmove {mv}");
                    if let Some(reply) = found.as_ref().and_then(|t| t.standard.get(1)) {
                        line.push_str(&format!(" ponder {reply}"));
                    }
                    say(&out, &line);
                }
                None => say(&out, "bestmove (none)"),
            }
            fork
        }));
    }
}

/// An `info` line for a finished iteration.
fn info(t: &Thought) -> String {
    let ms = t.millis;
    let nps = (t.nodes * 1000).checked_div(ms).unwrap_or(0);
    let score = match t.score {
        Score::Centipawns(cp) => format!("cp {cp}"),
        Score::Mate(n) => format!("mate {n}"),
    };
    format!(
        "info depth {} score {score} nodes {} nps {nps} time {ms} pv {}",
        t.depth,
        t.nodes,
        t.standard.join(" ")
    )
}

/// The limits of a `go` command for `side` to move.
fn go_limits(rest: &str, side: Side) -> Result<Limits, String> {
    let words: Vec<&str> = rest.split_whitespace().collect();
    let mut limits = Limits::default();
    let (mut wtime, mut btime, mut winc, mut binc) = (None, None, 0u64, 0u64);
    let mut moves_to_go = None;
    let mut infinite = false;
    let mut i = 0;
    let number = |i: usize, what: &str| -> Result<u64, String> {
        words
            .get(i + 1)
            .and_then(|v| v.parse::<i64>().ok())
            .map(|v| v.max(0) as u64)
            .ok_or_else(|| format!("`go {what}` needs a whole number after it"))
    };
    while i < words.len() {
        let w = words[i];
        match w {
            "infinite" | "ponder" => {
                infinite |= w == "infinite";
                i += 1;
                continue;
            }
            "wtime" => wtime = Some(number(i, w)?),
            "btime" => btime = Some(number(i, w)?),
            "winc" => winc = number(i, w)?,
            "binc" => binc = number(i, w)?,
            "movestogo" => moves_to_go = Some(number(i, w)?.clamp(1, 1000) as u32),
            "movetime" => limits.millis = Some(number(i, w)?.max(1)),
            "depth" => limits.depth = Some(number(i, w)?.clamp(1, MAX_DEPTH as u64) as u32),
            "nodes" => limits.nodes = Some(number(i, w)?.max(1)),
            "mate" => {
                let n = number(i, w)?;
                limits.depth = Some((2 * n).clamp(1, MAX_DEPTH as u64) as u32);
            }
            "searchmoves" => return Err("`go searchmoves` is not supported".to_string()),
            _ => return Err(format!("`{w}` is not a part of `go`")),
        }
        i += 2;
    }
    let (time, inc) = match side {
        Side::White => (wtime, winc),
        Side::Black => (btime, binc),
    };
    if let Some(t) = time
        && !infinite
    {
        limits.clock = Some(Clock {
            left_millis: t,
            increment_millis: inc,
            moves_to_go,
        });
    }
    Ok(limits)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::session::Side as Color;

    #[test]
    fn go_reads_the_clock_of_the_side_to_move() {
        let l = go_limits("wtime 60000 btime 30000 winc 1000 binc 500", Color::Black).unwrap();
        assert_eq!(
            l.clock.map(|c| (c.left_millis, c.increment_millis)),
            Some((30000, 500))
        );
        let l = go_limits("depth 5 nodes 1000", Color::White).unwrap();
        assert_eq!((l.depth, l.nodes, l.clock), (Some(5), Some(1000), None));
        assert_eq!(
            go_limits("infinite", Color::White).unwrap(),
            Limits::default()
        );
        assert!(go_limits("depth", Color::White).is_err());
        assert!(go_limits("sideways 3", Color::White).is_err());
    }
}
