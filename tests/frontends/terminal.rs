//! `changeling play` on a pseudo-terminal: the line editor's prompt, tab
//! completion of a move, Ctrl-C dropping a line and stopping a long perft,
//! Ctrl-D leaving, and the history kept for the next session.
#![cfg(unix)]

use rexpect::reader::Options;
use rexpect::session::{PtySession, spawn_with_options};
use std::path::Path;
use std::process::Command;
use std::time::Duration;

fn start(history: &Path) -> PtySession {
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_changeling"));
    cmd.args(["play", "chess", "--pieces", "ascii", "--colour", "never"])
        .env("CHANGELING_HISTORY", history)
        .env("TERM", "xterm")
        .env_remove("NO_COLOR");
    spawn_with_options(
        cmd,
        Options::new()
            .timeout_ms(Some(60_000))
            // rexpect's filter swallows text after some private-mode
            // sequences the editor writes (`ESC [?2026l`), so none is
            // stripped; the phrases looked for have no escapes inside.
            .strip_ansi_escape_codes(false),
    )
    .expect("the binary starts on a pseudo-terminal")
}

/// Waits for `prompt`, then a moment more: keys sent before the editor has
/// the terminal in raw mode would be taken as a cooked line.
fn prompt(p: &mut PtySession, prompt: &str) {
    p.exp_string(prompt)
        .unwrap_or_else(|e| panic!("waiting for `{prompt}`: {e}"));
    std::thread::sleep(Duration::from_millis(300));
}

/// Sends Ctrl-C until `needle` appears. Each command clears the stop
/// flag as it starts, so a Ctrl-C that lands before the command runs is
/// lost; sending again until the command answers keeps the verdict from
/// depending on how busy the machine is (it fails only after a minute
/// of Ctrl-Cs).
fn interrupt_until(p: &mut PtySession, needle: &str) {
    let mut seen = String::new();
    for _ in 0..600 {
        p.send_control('c').expect("ctrl-c");
        for _ in 0..20 {
            match p.try_read() {
                Some(c) => {
                    seen.push(c);
                    if seen.ends_with(needle) {
                        return;
                    }
                }
                None => std::thread::sleep(Duration::from_millis(5)),
            }
        }
    }
    panic!("no `{needle}` after a minute of Ctrl-C; the terminal showed:\n{seen}");
}

/// Types `text` (rexpect buffers what is sent until a flush).
fn keys(p: &mut PtySession, text: &str) {
    p.send(text).expect("the terminal takes keys");
    p.flush().expect("the keys reach the program");
}

#[test]
fn completion_interrupts_and_history_on_a_terminal() {
    let dir = std::env::temp_dir().join(format!("changeling-tty-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    let history = dir.join("state").join("history");

    let mut p = start(&history);
    prompt(&mut p, "1. White> ");

    // Tab completes the only move that begins `Nf`.
    keys(&mut p, "Nf");
    keys(&mut p, "\t");
    keys(&mut p, "\r");
    p.exp_string("played Nf3")
        .expect("the completed move is played");
    prompt(&mut p, "1... Black> ");

    // Ctrl-C drops a half-typed line; nothing is played.
    keys(&mut p, "e7e5 and some garbage");
    p.send_control('c').expect("ctrl-c");
    prompt(&mut p, "1... Black> ");

    // Ctrl-C stops a perft that would take minutes, and the game goes on.
    p.send_line("perft 7").expect("perft");
    interrupt_until(&mut p, "perft interrupted");
    prompt(&mut p, "1... Black> ");
    // Ctrl-C stops an endless analysis; it prints the best move found.
    p.send_line("analyse depth 60").expect("analyse");
    // Once it has reported a depth it is running, so one Ctrl-C stops it.
    p.exp_string("depth  1")
        .expect("the analysis reports its first depth");
    p.send_control('c').expect("ctrl-c");
    p.exp_string("best ")
        .expect("the analysis stops with its best move");
    prompt(&mut p, "1... Black> ");
    p.send_line("fen").expect("fen");
    p.exp_string("rnbqkbnr/pppppppp/8/8/8/5N2/PPPPPPPP/RNBQKB1R b KQkq - 1 1")
        .expect("the position is the one after Nf3");

    // Ctrl-D leaves.
    prompt(&mut p, "1... Black> ");
    p.send_control('d').expect("ctrl-d");
    p.exp_eof().expect("the program ends");

    let kept = std::fs::read_to_string(&history).expect("the history file is written");
    let lines: Vec<&str> = kept.lines().filter(|l| !l.starts_with('#')).collect();
    assert_eq!(
        lines,
        ["Nf3", "perft 7", "analyse depth 60", "fen"],
        "history file:\n{kept}"
    );

    // The next session recalls the last line with the up arrow.
    let mut p = start(&history);
    prompt(&mut p, "1. White> ");
    keys(&mut p, "\x1b[A");
    keys(&mut p, "\r");
    p.exp_string("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1")
        .expect("`fen` recalled from the last session");
    p.send_line("quit").expect("quit");
    p.exp_eof().expect("the program ends");
    let _ = std::fs::remove_dir_all(&dir);
}
