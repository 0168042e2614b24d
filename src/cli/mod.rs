//! The command line (clap): `play`, `perft`, `check`, `list`.

mod play;

use crate::movegen::{divide, perft};
use crate::notation::{parse_fen, to_uci};
use crate::variants::{DEFAULT_VARIANT, EMBEDDED, check_str, load};
use crate::{diag::render, position::Position, rules::Rules};
use clap::{Parser, Subcommand};
use std::process::ExitCode;
use std::sync::Arc;
use std::time::Instant;

/// Prints a line to standard output, ignoring a closed pipe (`| head`)
/// instead of panicking.
macro_rules! out {
    ($($arg:tt)*) => {{
        use std::io::Write as _;
        let _ = writeln!(std::io::stdout(), $($arg)*);
    }};
}

/// changeling: a scriptable chess-variant interpreter.
#[derive(Debug, Parser)]
#[command(name = "changeling", version, about, long_about = None)]
pub struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Debug, Subcommand)]
enum Command {
    /// Play a game on the terminal (moves in SAN or coordinates).
    Play {
        /// Embedded variant name or variant file.
        #[arg(default_value = DEFAULT_VARIANT)]
        variant: String,
        /// Start from this position instead of the variant's setup.
        #[arg(long)]
        fen: Option<String>,
        /// Seed for chance events and random setups.
        #[arg(long, default_value_t = 0)]
        seed: u64,
    },
    /// Count the leaves of the legal move tree to DEPTH.
    Perft {
        /// Depth in plies.
        depth: u32,
        /// Embedded variant name or variant file.
        #[arg(long, default_value = DEFAULT_VARIANT)]
        variant: String,
        /// Position to start from (default: the variant's setup).
        #[arg(long)]
        fen: Option<String>,
        /// Print the count below each legal first move.
        #[arg(long)]
        divide: bool,
        /// Repeat the run this many times and report the best speed.
        #[arg(long, value_name = "RUNS")]
        bench: Option<u32>,
    },
    /// Check a variant file: exit 0 only when it has no problem.
    Check {
        /// The variant file.
        file: String,
    },
    /// List the embedded variants.
    List,
}

/// Runs the command line; the exit code reports success.
pub fn run() -> ExitCode {
    let cli = Cli::parse();
    match cli.command {
        Command::Play { variant, fen, seed } => match setup(&variant, fen.as_deref()) {
            Ok((rules, pos)) => play::run(rules, pos, seed),
            Err(code) => code,
        },
        Command::Perft {
            depth,
            variant,
            fen,
            divide: split,
            bench,
        } => {
            let (rules, pos) = match setup(&variant, fen.as_deref()) {
                Ok(x) => x,
                Err(code) => return code,
            };
            if split {
                let t = Instant::now();
                let mut total = 0;
                for (m, n) in divide(&rules, &pos, depth.max(1)) {
                    out!("{} {n}", to_uci(&rules, &m));
                    total += n;
                }
                report(total, t.elapsed().as_secs_f64());
            } else {
                let runs = bench.unwrap_or(1).max(1);
                let mut best = f64::INFINITY;
                let mut nodes = 0;
                for _ in 0..runs {
                    let t = Instant::now();
                    nodes = perft(&rules, &pos, depth);
                    best = best.min(t.elapsed().as_secs_f64());
                }
                report(nodes, best);
            }
            ExitCode::SUCCESS
        }
        Command::Check { file } => {
            let text = match std::fs::read_to_string(&file) {
                Ok(t) => t,
                Err(e) => {
                    eprintln!("error: cannot read `{file}`: {e}");
                    return ExitCode::from(2);
                }
            };
            let (diags, sources) = check_str(&file, &text);
            for d in &diags {
                eprint!("{}", render(d, &sources));
            }
            let errors = diags.iter().filter(|d| d.is_error()).count();
            if diags.is_empty() {
                out!("{file}: ok");
                ExitCode::SUCCESS
            } else {
                eprintln!(
                    "{file}: {errors} error(s), {} warning(s)",
                    diags.len() - errors
                );
                ExitCode::FAILURE
            }
        }
        Command::List => {
            for (name, text) in EMBEDDED {
                let about = text
                    .lines()
                    .next()
                    .unwrap_or("")
                    .trim_start_matches(['/', ' ']);
                out!("{name:12} {about}");
            }
            ExitCode::SUCCESS
        }
    }
}

fn report(nodes: u64, secs: f64) {
    out!("nodes {nodes}");
    out!("time {:.3} s", secs);
    out!("nps {:.0}", nodes as f64 / secs.max(1e-9));
}

/// Loads a variant and its start (or given) position, printing errors.
fn setup(variant: &str, fen: Option<&str>) -> Result<(Arc<Rules>, Position), ExitCode> {
    let rules = load(variant).map_err(|e| {
        eprint!("{e}");
        ExitCode::from(2)
    })?;
    let pos = parse_fen(&rules, fen.unwrap_or(&rules.setup)).map_err(|e| {
        eprintln!("error: {e}");
        ExitCode::from(2)
    })?;
    Ok((rules, pos))
}
