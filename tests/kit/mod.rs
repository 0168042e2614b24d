//! The helper kit the scenario tests share: a position from a FEN, the
//! position after a move, the legal turns of a position and the sets
//! they are compared with. Each helper panics with the FEN and the move
//! text when its input is wrong, and checks what every scenario relies
//! on: the hash after a move equals the hash computed from scratch, and
//! the FEN written reads back to the same FEN and hash.
//!
//! Included by each test binary (`#[path = "../kit/mod.rs"] mod kit;`);
//! a binary uses only some of the helpers.
#![allow(dead_code)]

use changeling::movegen::legal_moves;
use changeling::notation::{parse_fen, parse_move, to_fen, to_san, to_uci};
use changeling::position::{Move, MoveKind, Position};
use changeling::rules::Rules;
use std::path::PathBuf;

/// The catalogue's variant `name`, loaded from
/// `examples/variants/catalog/NAME.variant` (most are built in too, but
/// the file is what the catalogue tests).
pub fn catalog(name: &str) -> std::sync::Arc<Rules> {
    let path = format!(
        "{}/examples/variants/catalog/{name}.variant",
        env!("CARGO_MANIFEST_DIR")
    );
    changeling::variants::load(&path).unwrap_or_else(|e| panic!("{path}: {e}"))
}

/// The position `fen` describes.
pub fn position(rules: &Rules, fen: &str) -> Position {
    parse_fen(rules, fen).unwrap_or_else(|e| panic!("{fen}: {e}"))
}

/// The legal turn `text` names in `pos`: its coordinates exactly as
/// written (`f3g3`, `e7e8q`; where two turns share them, the one that
/// captures), or failing that, any move text `parse_move` reads (SAN,
/// `f3g3:destroy`).
pub fn turn(rules: &Rules, pos: &Position, text: &str) -> Move {
    let legal = legal_moves(rules, pos);
    if let Some(m) = legal
        .iter()
        .filter(|m| to_uci(rules, m) == text)
        .max_by_key(|m| m.captured.is_some())
    {
        return *m;
    }
    parse_move(rules, pos, text).unwrap_or_else(|e| {
        let all: Vec<String> = legal.iter().map(|m| to_uci(rules, m)).collect();
        panic!("{text} in {}: {e}; legal: {all:?}", to_fen(rules, pos))
    })
}

/// The FEN after the turn `text` ([`turn`]) is played from `fen`, with
/// the hash checked against one computed from scratch and the FEN read
/// back to the same FEN and hash.
pub fn after(rules: &Rules, fen: &str, text: &str) -> String {
    let mut pos = position(rules, fen);
    let mv = turn(rules, &pos, text);
    pos.play_unchecked(rules, &mv);
    assert_eq!(
        pos.hash(),
        pos.compute_hash(rules),
        "hash after {text} in {fen}"
    );
    let out = to_fen(rules, &pos);
    let back = parse_fen(rules, &out).unwrap_or_else(|e| panic!("{out} (after {text}): {e}"));
    assert_eq!(back.hash(), pos.hash(), "hash of {out} read back");
    assert_eq!(to_fen(rules, &back), out, "{out} read back");
    out
}

/// The legal turns of `fen` in coordinates, sorted.
pub fn turns(rules: &Rules, fen: &str) -> Vec<String> {
    let pos = position(rules, fen);
    let mut v: Vec<String> = legal_moves(rules, &pos)
        .iter()
        .map(|m| to_uci(rules, m))
        .collect();
    v.sort();
    v
}

/// The legal turns of `fen` whose coordinates start with `prefix` (a
/// square, `P@`), sorted.
pub fn turns_from(rules: &Rules, fen: &str, prefix: &str) -> Vec<String> {
    turns(rules, fen)
        .into_iter()
        .filter(|t| t.starts_with(prefix))
        .collect()
}

/// The outcome of the game after `moves` (SAN or coordinates) are
/// played from `fen`, each checked legal.
pub fn outcome_after(
    rules: &std::sync::Arc<Rules>,
    fen: &str,
    moves: &[&str],
) -> Option<changeling::game::Outcome> {
    let mut g =
        changeling::Game::from_fen(rules.clone(), fen, 0).unwrap_or_else(|e| panic!("{fen}: {e}"));
    for m in moves {
        g.play_text(m)
            .unwrap_or_else(|e| panic!("{m} in {fen}: {e}"));
    }
    g.outcome()
}

/// The legal turns of `fen` in SAN, sorted: those of the piece on `from`,
/// or all of them when `from` names no square (`"-"`).
pub fn sans(rules: &Rules, fen: &str, from: &str) -> Vec<String> {
    let pos = position(rules, fen);
    let from = rules.geometry().parse_square(from);
    let mut v: Vec<String> = legal_moves(rules, &pos)
        .iter()
        .filter(|m| from.is_none_or(|f| m.from == f))
        .map(|m| to_san(rules, &pos, m))
        .collect();
    v.sort();
    v
}

/// The castling turns of `fen` (a cornering, in Mutatis Mutandis), the
/// king's from-to in coordinates, sorted.
pub fn cornerings(rules: &Rules, fen: &str) -> Vec<String> {
    let pos = position(rules, fen);
    let mut v: Vec<String> = legal_moves(rules, &pos)
        .iter()
        .filter(|m| matches!(m.kind, MoveKind::Castle(_)))
        .map(|m| to_uci(rules, m))
        .collect();
    v.sort();
    v
}

/// The engine's children of `pos`: for each legal move, in the engine's
/// order, the FEN after it and the position.
pub fn engine_children(rules: &Rules, pos: &Position) -> Vec<(String, Position)> {
    legal_moves(rules, pos)
        .iter()
        .map(|m| {
            let mut c = pos.clone();
            c.play_unchecked(rules, m);
            (to_fen(rules, &c), c)
        })
        .collect()
}

/// The words of `list`, sorted: an expected set of moves or squares
/// written as one text.
pub fn sorted(list: &str) -> Vec<String> {
    let mut v: Vec<String> = list.split_whitespace().map(str::to_string).collect();
    v.sort();
    v
}

/// `list` as owned strings, sorted: an expected set written as a list.
pub fn strings(list: &[&str]) -> Vec<String> {
    let mut v: Vec<String> = list.iter().map(|s| s.to_string()).collect();
    v.sort();
    v
}

/// A small xorshift generator (shifts 13, 7, 17) for seeded random
/// games: a seed gives the same games on every machine.
pub struct XorShift(pub u64);

impl XorShift {
    /// The next number of the sequence, reduced below `n`.
    pub fn below(&mut self, n: usize) -> usize {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        (self.0 % n as u64) as usize
    }
}

/// A fresh, empty directory `changeling-PID-NAME` in the system's
/// temporary directory, for one test's files; `name` tells apart the
/// tests of one binary.
pub fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("changeling-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// `changeling play ARGS` run in `dir` with `input` on its standard input
/// (written from a thread, so a long input never blocks on a full
/// pipe), once it has ended: its status, standard output and standard
/// error.
pub fn play_session(args: &[&str], dir: &std::path::Path, input: &str) -> std::process::Output {
    use std::io::Write;
    use std::process::{Command, Stdio};
    let mut child = Command::new(env!("CARGO_BIN_EXE_changeling"))
        .arg("play")
        .args(args)
        .current_dir(dir)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut stdin = child.stdin.take().unwrap();
    let text = input.to_string();
    let writer = std::thread::spawn(move || {
        let _ = stdin.write_all(text.as_bytes());
    });
    let out = child.wait_with_output().unwrap();
    writer.join().unwrap();
    out
}

/// The answers of `changeling MODE` (`uci`, `xboard`, and any arguments
/// after it, split at spaces) to `lines`, sent in order on its standard
/// input; the input is closed after the last, which ends the session
/// (see [`session_of`] for `#sleep` and `#await`).
pub fn protocol_session(mode: &str, lines: &[&str]) -> Vec<String> {
    let mut command = std::process::Command::new(env!("CARGO_BIN_EXE_changeling"));
    command.args(mode.split_whitespace());
    session_of(command, lines)
}

/// The answers of `command` to `lines`, sent in order on its standard
/// input; the input is closed after the last, and the program must then
/// end, successfully. `#sleep MS` waits instead of sending a line;
/// `#await PREFIX` waits until an answer beginning with PREFIX comes
/// after those already awaited (so `go`, `#await bestmove`, then the
/// next command, leaves the search its time, on any machine). Only a
/// program that hangs meets the guard: five minutes for any wait.
pub fn session_of(mut command: std::process::Command, lines: &[&str]) -> Vec<String> {
    use std::io::{BufRead, BufReader, Write};
    use std::process::Stdio;
    use std::sync::mpsc::channel;
    use std::time::{Duration, Instant};
    let guard = Duration::from_secs(300);
    let mut child = command
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .unwrap();
    let output = child.stdout.take().unwrap();
    let (send, answers) = channel::<String>();
    let reader = std::thread::spawn(move || {
        for line in BufReader::new(output).lines() {
            let Ok(line) = line else { break };
            if send.send(line).is_err() {
                break;
            }
        }
    });
    let mut out: Vec<String> = Vec::new();
    let mut awaited = 0;
    let mut input = child.stdin.take().unwrap();
    for line in lines {
        if let Some(ms) = line.strip_prefix("#sleep ") {
            std::thread::sleep(Duration::from_millis(ms.parse().unwrap()));
            continue;
        }
        if let Some(prefix) = line.strip_prefix("#await ") {
            let until = Instant::now() + guard;
            loop {
                if let Some(at) = out[awaited..].iter().position(|l| l.starts_with(prefix)) {
                    awaited += at + 1;
                    break;
                }
                let left = until.saturating_duration_since(Instant::now());
                match answers.recv_timeout(left) {
                    Ok(l) => out.push(l),
                    Err(e) => {
                        let _ = child.kill();
                        panic!("no answer beginning `{prefix}` ({e}): {out:?}");
                    }
                }
            }
            continue;
        }
        writeln!(input, "{line}").unwrap();
        input.flush().unwrap();
    }
    drop(input);
    let until = Instant::now() + guard;
    loop {
        let left = until.saturating_duration_since(Instant::now());
        match answers.recv_timeout(left) {
            Ok(l) => out.push(l),
            Err(std::sync::mpsc::RecvTimeoutError::Disconnected) => break,
            Err(e) => {
                let _ = child.kill();
                panic!("the session did not end after its input ({e}): {out:?}");
            }
        }
    }
    reader.join().unwrap();
    assert!(child.wait().unwrap().success(), "{out:?}");
    out
}
