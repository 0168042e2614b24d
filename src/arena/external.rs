//! An external engine driven over UCI or the XBoard protocol: a child
//! process, its answers read on a thread of their own so that every
//! wait has a deadline.
//!
//! A line the engine writes that is not UTF-8 text, or that is longer
//! than [`MAX_LINE_BYTES`] (read to its end and dropped, never held), is
//! passed over where the match waits for an acknowledgement (`uciok`,
//! `readyok`, features) and loses the game where it waits for a move.

use crate::lines::{Line, MAX_LINE_BYTES, read_line};
use std::io::{BufReader, Write};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{Receiver, RecvTimeoutError, channel};
use std::time::{Duration, Instant};

/// A running UCI engine.
pub struct External {
    child: Child,
    input: ChildStdin,
    /// Its lines, or what is wrong with one.
    lines: Receiver<Result<String, String>>,
    /// Its `id name`, or the command that started it.
    pub name: String,
}

impl std::fmt::Debug for External {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("External")
            .field("name", &self.name)
            .finish_non_exhaustive()
    }
}

impl External {
    /// Starts `command` as an XBoard engine: `xboard`, `protover 2`, and
    /// its features until `done=1` (or two seconds, for engines of the
    /// first version). Whether it wants `usermove` before moves and
    /// takes `setboard` is noted.
    ///
    /// # Errors
    ///
    /// The program cannot be started.
    pub fn start_xboard(command: &[String]) -> Result<(External, bool, bool), String> {
        let mut engine = External::spawn(command)?;
        engine.send("xboard")?;
        engine.send("protover 2")?;
        let deadline = Instant::now() + Duration::from_secs(2);
        let (mut usermove, mut setboard) = (false, false);
        while let Ok(line) = engine.next_text(deadline) {
            if let Some(features) = line.strip_prefix("feature ") {
                usermove |= features.contains("usermove=1");
                setboard |= features.contains("setboard=1");
                if let Some(i) = features.find("myname=\"") {
                    let rest = &features[i + 8..];
                    if let Some(end) = rest.find('"') {
                        engine.name = rest[..end].to_string();
                    }
                }
                // Every feature is accepted as offered.
                if features.contains("done=1") {
                    break;
                }
            }
        }
        Ok((engine, usermove, setboard))
    }

    /// Sends `go`-like commands and waits until `deadline` for the
    /// engine's `move M`.
    ///
    /// # Errors
    ///
    /// No move by the deadline, the engine ended, or it claimed an
    /// illegal move of the other side's.
    pub fn xboard_move(&mut self, deadline: Instant) -> Result<String, String> {
        loop {
            let line = self.next_line(deadline)?;
            let line = line.trim();
            if let Some(mv) = line.strip_prefix("move ") {
                return Ok(mv.trim().to_string());
            }
            // An `Error` answers some other command; a refused move is
            // the game's end.
            if line.starts_with("Illegal move") {
                return Err(format!("{} answered `{line}`", self.name));
            }
        }
    }

    fn spawn(command: &[String]) -> Result<External, String> {
        let (program, args) = command
            .split_first()
            .ok_or_else(|| "an external engine needs a command".to_string())?;
        let mut child = Command::new(program)
            .args(args)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .map_err(|e| format!("cannot start `{program}`: {e}"))?;
        let input = child.stdin.take().ok_or("no standard input")?;
        let output = child.stdout.take().ok_or("no standard output")?;
        let (send, lines) = channel();
        std::thread::spawn(move || {
            let mut output = BufReader::new(output);
            loop {
                let line = match read_line(&mut output, MAX_LINE_BYTES) {
                    Ok(Some(Line::Text(line))) => Ok(line),
                    Ok(Some(Line::NotText)) => {
                        Err("wrote a line that is not UTF-8 text".to_string())
                    }
                    Ok(Some(Line::TooLong)) => {
                        Err(format!("wrote a line longer than {MAX_LINE_BYTES} bytes"))
                    }
                    Ok(None) | Err(_) => break,
                };
                if send.send(line).is_err() {
                    break;
                }
            }
        });
        Ok(External {
            child,
            input,
            lines,
            name: program.clone(),
        })
    }

    /// Starts `command` (a program and its arguments), sends `uci`, then
    /// the options, and waits until it is ready.
    ///
    /// # Errors
    ///
    /// The program cannot be started, or does not answer the handshake
    /// within ten seconds.
    pub fn start(command: &[String], options: &[(String, String)]) -> Result<External, String> {
        let mut engine = External::spawn(command)?;
        engine.send("uci")?;
        let wait = Duration::from_secs(10);
        loop {
            let line = engine.next_text(Instant::now() + wait)?;
            if let Some(name) = line.strip_prefix("id name ") {
                engine.name = name.trim().to_string();
            }
            if line.trim() == "uciok" {
                break;
            }
        }
        for (name, value) in options {
            engine.send(&format!("setoption name {name} value {value}"))?;
        }
        engine.ready()?;
        Ok(engine)
    }

    /// Sends one line.
    ///
    /// # Errors
    ///
    /// The engine has closed its input (it has ended).
    pub fn send(&mut self, line: &str) -> Result<(), String> {
        writeln!(self.input, "{line}")
            .and_then(|()| self.input.flush())
            .map_err(|e| format!("{} stopped reading: {e}", self.name))
    }

    /// The next line it writes, waiting until `deadline`.
    ///
    /// # Errors
    ///
    /// Nothing came by the deadline, the engine ended, or the line is
    /// not UTF-8 text or is too long.
    pub fn next_line(&mut self, deadline: Instant) -> Result<String, String> {
        let left = deadline.saturating_duration_since(Instant::now());
        match self.lines.recv_timeout(left) {
            Ok(Ok(line)) => Ok(line),
            Ok(Err(what)) => Err(format!("{} {what}", self.name)),
            Err(RecvTimeoutError::Timeout) => Err(format!("{} did not answer in time", self.name)),
            Err(RecvTimeoutError::Disconnected) => Err(format!("{} ended", self.name)),
        }
    }

    /// The next line of text it writes, passing over lines that are not
    /// text or are too long, waiting until `deadline`.
    ///
    /// # Errors
    ///
    /// Nothing came by the deadline, or the engine ended.
    pub fn next_text(&mut self, deadline: Instant) -> Result<String, String> {
        loop {
            let left = deadline.saturating_duration_since(Instant::now());
            match self.lines.recv_timeout(left) {
                Ok(Ok(line)) => return Ok(line),
                Ok(Err(_)) => {}
                Err(RecvTimeoutError::Timeout) => {
                    return Err(format!("{} did not answer in time", self.name));
                }
                Err(RecvTimeoutError::Disconnected) => return Err(format!("{} ended", self.name)),
            }
        }
    }

    /// `isready`, and waits for `readyok`.
    ///
    /// # Errors
    ///
    /// No `readyok` within ten seconds.
    pub fn ready(&mut self) -> Result<(), String> {
        self.send("isready")?;
        let deadline = Instant::now() + Duration::from_secs(10);
        while self.next_text(deadline)?.trim() != "readyok" {}
        Ok(())
    }

    /// Sends `go ARGS` and returns the move text of its `bestmove`,
    /// waiting until `deadline`.
    ///
    /// # Errors
    ///
    /// No `bestmove` by the deadline, or the engine ended.
    pub fn best_move(&mut self, go: &str, deadline: Instant) -> Result<String, String> {
        self.send(&format!("go {go}"))?;
        loop {
            let line = self.next_line(deadline)?;
            if let Some(rest) = line.strip_prefix("bestmove") {
                return Ok(rest.split_whitespace().next().unwrap_or("").to_string());
            }
        }
    }
}

impl Drop for External {
    fn drop(&mut self) {
        let _ = self.send("quit");
        // Give it a moment to leave on its own, then make sure.
        let until = Instant::now() + Duration::from_millis(500);
        while Instant::now() < until {
            if let Ok(Some(_)) = self.child.try_wait() {
                return;
            }
            std::thread::sleep(Duration::from_millis(10));
        }
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}
