//! `changeling openings VARIANT`: a book of starting positions the
//! engine judges close to level, for experiments and matches whose
//! games should differ.
//!
//! Each candidate is the variant's start (its random setup drawn from
//! the candidate's own seed, where it has one) followed by a few random
//! turns; a node-limited search, the same on every machine, scores it,
//! and it is kept when the score is within the margin and the game goes
//! on. Everything goes through the session API.

use crate::session::{Limits, Rulebook, Score, Session, Start};

/// What `openings` is asked for.
#[derive(Clone, Debug)]
pub struct Ask {
    /// Positions wanted.
    pub count: usize,
    /// Random turns from the start.
    pub plies: usize,
    /// Nodes of the search that scores each.
    pub nodes: u64,
    /// The largest score kept either way, in centipawns.
    pub margin: i32,
    /// The seed of the draws.
    pub seed: u64,
}

/// Candidates tried for each position wanted before giving up.
const TRIES_EACH: usize = 50;

/// One number from `x`: SplitMix64, so that candidate `i`'s draws depend
/// on the seed and `i` alone.
fn mix(mut x: u64) -> u64 {
    x = x.wrapping_add(0x9E37_79B9_7F4A_7C15);
    x = (x ^ (x >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    x = (x ^ (x >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    x ^ (x >> 31)
}

/// The book: FEN lines, each with its score (`; cp 12`), in the order
/// found; fewer than asked when the tries run out.
///
/// # Errors
///
/// The variant's start does not read.
pub fn book(
    rules: &Rulebook,
    ask: &Ask,
    progress: &mut dyn FnMut(usize, usize),
) -> Result<Vec<(String, i32)>, String> {
    let mut found: Vec<(String, i32)> = Vec::new();
    let limits = Limits {
        nodes: Some(ask.nodes.max(1)),
        ..Limits::default()
    };
    for i in 0..ask.count.saturating_mul(TRIES_EACH) {
        if found.len() >= ask.count {
            break;
        }
        progress(found.len(), i);
        let seed = mix(ask.seed ^ mix(i as u64));
        let mut s = Session::new(rules, &Start::Seed(seed)).map_err(|e| e.to_string())?;
        let mut draw = seed;
        for _ in 0..ask.plies {
            let n = s.count_turns();
            if n == 0 || s.outcome().is_some() {
                break;
            }
            draw = mix(draw);
            if s.play_turn((draw % n as u64) as usize).is_err() {
                break;
            }
        }
        if s.outcome().is_some() || s.count_turns() == 0 {
            continue;
        }
        let Some(thought) = s.search(&limits, &mut |_| {}) else {
            continue;
        };
        let Score::Centipawns(cp) = thought.score else {
            continue;
        };
        let fen = s.fen();
        if cp.abs() <= ask.margin && !found.iter().any(|(f, _)| *f == fen) {
            found.push((fen, cp));
        }
    }
    progress(found.len(), ask.count.saturating_mul(TRIES_EACH));
    Ok(found)
}

/// Runs the command: the book to `out` (or standard output), progress
/// on standard error when it is a terminal.
pub fn run(variant: &str, ask: &Ask, out: Option<&str>) -> std::process::ExitCode {
    use std::io::IsTerminal;
    use std::process::ExitCode;
    let rules = match Rulebook::open(variant) {
        Ok(r) => r,
        Err(e) => {
            eprint!("{e}");
            return ExitCode::from(2);
        }
    };
    let terminal = std::io::stderr().is_terminal();
    let mut progress = |kept: usize, tried: usize| {
        if terminal {
            eprint!("\r{kept} of {} kept, {tried} tried", ask.count);
        }
    };
    let book = match book(&rules, ask, &mut progress) {
        Ok(b) => b,
        Err(e) => {
            eprintln!("error: {e}");
            return ExitCode::from(2);
        }
    };
    if terminal {
        eprintln!();
    }
    let mut text = String::new();
    for (fen, cp) in &book {
        text.push_str(&format!("{fen} ; cp {cp}\n"));
    }
    let written = super::picture::write(out.unwrap_or("-"), &text);
    if written != ExitCode::SUCCESS {
        return written;
    }
    if book.len() < ask.count {
        eprintln!(
            "warning: only {} of {} positions were within {} centipawns after {} tries; widen --margin or change --plies",
            book.len(),
            ask.count,
            ask.margin,
            ask.count * TRIES_EACH
        );
    }
    ExitCode::SUCCESS
}
