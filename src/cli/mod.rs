//! The command line (clap): `play`, `perft`, `check`, `list`, `show`,
//! `run`, `merge`, `uci`, `xboard`, `match`, `serve`.

mod lab;
mod openings;
mod picture;
mod play;
mod protocol;
mod run;
mod uci;
mod xboard;

use crate::session::{
    DEFAULT_PLAY_VARIANT, DEFAULT_VARIANT, Error as SessionError, Rulebook, Session, Severity,
    Side, Start, builtin_text, builtin_variants, check_drawn, nearest_variant_name,
};
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
        #[arg(default_value = DEFAULT_PLAY_VARIANT)]
        variant: String,
        /// Start from this position instead of the variant's setup.
        #[arg(long)]
        fen: Option<String>,
        /// Seed of the random setup (for variants that draw one) and of
        /// chance events such as dice [default: drawn from the clock for
        /// a random setup or a variant with chance, and shown; 0
        /// otherwise].
        #[arg(long)]
        seed: Option<u64>,
        /// Pieces as letters or chess glyphs (auto: glyphs on a terminal).
        #[arg(long, value_enum, default_value_t = play::Pieces::Auto)]
        pieces: play::Pieces,
        /// Colours (auto: on a terminal, unless NO_COLOR is set).
        #[arg(long, value_enum, default_value_t = play::When::Auto)]
        colour: play::When,
        /// The sides the computer plays (it moves on its turns; `go`,
        /// `hint` and `analyse` work either way).
        #[arg(long, value_enum)]
        computer: Option<play::Sides>,
        /// The computer's thinking time per move, in seconds [default: 1].
        #[arg(long, value_name = "SECONDS", conflicts_with_all = ["depth", "nodes"])]
        time: Option<f64>,
        /// Let the computer search this many plies a move instead.
        #[arg(long, value_parser = clap::value_parser!(u32).range(1..=crate::session::MAX_DEPTH as i64))]
        depth: Option<u32>,
        /// Let the computer search this many nodes a move instead.
        #[arg(long, value_parser = clap::value_parser!(u64).range(1..))]
        nodes: Option<u64>,
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
        /// Seed of the start position, for variants with a random setup.
        #[arg(long, default_value_t = 0)]
        seed: u64,
    },
    /// Check a variant file: exit 0 only when it has no problem.
    Check {
        /// The variant file, or the name of an embedded variant.
        file: String,
    },
    /// List the embedded variants.
    List,
    /// Run an experiment script: play its games on all cores and write a
    /// row per game and a summary (see examples/experiments/).
    Run(run::Args),
    /// What a piece is worth in pawns, with its 95% interval, by the
    /// imbalance method: the holder keeps the piece and gives up
    /// comparison material, the other side gives up the piece; colours
    /// swapped in each pair of games; node-limited engines; calibrated by
    /// pawn odds (a pawn more given up by the side that scores more until
    /// the score crosses 50%). Games are played until the interval is as
    /// narrow as --precision asks.
    Value(lab::ValueArgs),
    /// A variant's report card by self-play: first-move advantage and
    /// draw rate at two or more strengths, game lengths and the share cut
    /// by the move cap, decisiveness and lead changes, a strength ladder,
    /// and how often and where each rule fires (as heat maps with --html).
    Balance(lab::BalanceArgs),
    /// Did a rule change matter? Two versions of a variant (two files, or
    /// one and --set changes) play the same openings from the same seeds;
    /// a sequential test (SPRT) on the difference in White's score stops
    /// when it is decided, with the differences in draw rate and length.
    Compare(lab::CompareArgs),
    /// Speak the UCI protocol on standard input and output, for chess GUIs
    /// and match programs (variants through the UCI_Variant and
    /// VariantPath options).
    Uci,
    /// Speak the XBoard/WinBoard protocol (CECP version 2) on standard
    /// input and output.
    Xboard {
        /// Variant files to offer besides the embedded variants, each by
        /// the name its file declares.
        variants: Vec<String>,
    },
    /// Play engines against each other: changeling's engine
    /// (`changeling`, `changeling:depth=N`) or external UCI engines
    /// (`uci:PROGRAM[,OPTION=VALUE...]`), colours alternated, openings
    /// shared by each pair of games; prints the score and an Elo estimate.
    Match(MatchArgs),
    /// Merge the .jsonl outputs of a run's shards into the run's results.
    Merge {
        /// The shards' outputs, in any order.
        #[arg(required = true)]
        files: Vec<String>,
        /// The experiment script [default: the path the outputs name].
        #[arg(long)]
        script: Option<String>,
        /// Write the merged rows and summary here (.jsonl or .csv).
        #[arg(long)]
        out: Option<String>,
        /// Draw the results as SVG charts in this directory.
        #[arg(long, value_name = "DIR")]
        plot: Option<String>,
    },
    /// Describe a variant's rules in words: each piece's moves, promotion,
    /// castling, morphs, mutators, hands and drops, stacking, the end.
    Rules {
        /// Embedded variant name or variant file.
        #[arg(default_value = DEFAULT_PLAY_VARIANT)]
        variant: String,
    },
    /// Write a book of starting positions the engine judges close to
    /// level: the variant's start (its random setup drawn anew for each
    /// where it has one) and a few random turns, each scored by a
    /// node-limited search (the same on every machine). One FEN a line,
    /// then `; cp SCORE`.
    Openings {
        /// Embedded variant name or variant file.
        variant: String,
        /// Positions wanted.
        #[arg(long, default_value_t = 20, value_parser = clap::value_parser!(u64).range(1..=100_000))]
        count: u64,
        /// Random turns from the start.
        #[arg(long, default_value_t = 6, value_parser = clap::value_parser!(u64).range(0..=200))]
        plies: u64,
        /// Nodes of the search that scores each position.
        #[arg(long, default_value_t = 20_000, value_parser = clap::value_parser!(u64).range(1..=100_000_000))]
        nodes: u64,
        /// The largest score kept either way, in centipawns.
        #[arg(long, default_value_t = 40, value_parser = clap::value_parser!(i64).range(0..=10_000))]
        margin: i64,
        /// The seed of the draws.
        #[arg(long, default_value_t = 1)]
        seed: u64,
        /// Write the book to FILE (`-`: standard output, the default).
        #[arg(long, value_name = "FILE")]
        out: Option<String>,
    },
    /// Play in the browser: serve the board on this machine and print
    /// its address.
    Serve {
        /// Variants to offer first (embedded names or variant files), besides
        /// every embedded variant.
        variants: Vec<String>,
        /// The port to listen on (0: any free port, printed).
        #[arg(long, default_value_t = 8080)]
        port: u16,
        /// The address to listen on. Only this machine can reach the
        /// default one; another address lets other machines play too.
        #[arg(long, default_value = "127.0.0.1")]
        host: String,
    },
    /// Show what something of a variant looks like.
    Show {
        #[command(subcommand)]
        what: ShowWhat,
    },
}

#[derive(Debug, clap::Args)]
struct MatchArgs {
    /// The first engine: `changeling`, `changeling:depth=N` (or nodes=N,
    /// time=S), or `uci:PROGRAM[,OPTION=VALUE...]`.
    first: String,
    /// The second engine, written the same way.
    second: String,
    /// Embedded variant name or variant file.
    #[arg(long, default_value = DEFAULT_VARIANT)]
    variant: String,
    /// Games to play (rounded up to an even number: each opening is
    /// played with both colours).
    #[arg(long, default_value_t = 10, value_parser = clap::value_parser!(u64).range(1..=100_000))]
    games: u64,
    /// A clock per side: seconds for the game plus seconds added per move
    /// (`60+0.5`).
    #[arg(long, value_name = "BASE+INC", conflicts_with_all = ["movetime", "depth", "nodes"])]
    tc: Option<String>,
    /// Seconds per move [default: 0.1 when no other control is given].
    #[arg(long, value_name = "SECONDS", conflicts_with_all = ["depth", "nodes"])]
    movetime: Option<f64>,
    /// A fixed depth per move.
    #[arg(long, value_parser = clap::value_parser!(u32).range(1..=crate::session::MAX_DEPTH as i64), conflicts_with = "nodes")]
    depth: Option<u32>,
    /// A fixed number of nodes per move.
    #[arg(long, value_parser = clap::value_parser!(u64).range(1..))]
    nodes: Option<u64>,
    /// Random plies from the start for each pair's opening.
    #[arg(long, default_value_t = 8)]
    opening_plies: usize,
    /// A book of openings used in turn instead: a FEN a line (as
    /// `changeling openings` writes them) or turns from the start
    /// (`1. e4 e5 2. Nf3`); `#` begins a comment line.
    #[arg(long, value_name = "FILE")]
    openings: Option<String>,
    /// The match's seed (openings, dice).
    #[arg(long, default_value_t = 0)]
    seed: u64,
    /// Games played at once.
    #[arg(long, default_value_t = 1, value_parser = clap::value_parser!(u64).range(1..=256))]
    concurrency: u64,
    /// Draw a game still going after this many plies.
    #[arg(long, default_value_t = 400)]
    max_plies: usize,
    /// Write every game to this PGN file.
    #[arg(long, value_name = "FILE")]
    pgn: Option<String>,
}

#[derive(Debug, Subcommand)]
enum ShowWhat {
    /// A move diagram of a piece: `*` move or capture, `o` move only, `x`
    /// capture only; with --fen, `o` moves and `x` captures in that
    /// position, `^` after a mark when the move jumps over a piece.
    Piece {
        /// The piece's name or letter.
        name: String,
        /// Embedded variant name or variant file.
        #[arg(long, default_value = DEFAULT_VARIANT)]
        variant: String,
        /// The square it stands on (default: a central square).
        #[arg(long)]
        at: Option<String>,
        /// Show its moves in this position (it is put on --at).
        #[arg(long)]
        fen: Option<String>,
        /// Show Black's piece instead of White's.
        #[arg(long)]
        black: bool,
        /// Write the diagram as an SVG picture to FILE (`-`: standard
        /// output) instead of printing it.
        #[arg(long, value_name = "FILE")]
        svg: Option<String>,
    },
    /// A picture of a position as SVG: the board, the last move, hands,
    /// reserves, shared squares and markers, and with --best the
    /// engine's line as arrows.
    Position {
        /// Embedded variant name or variant file.
        #[arg(long, default_value = DEFAULT_VARIANT)]
        variant: String,
        /// Start from this position instead of the variant's setup.
        #[arg(long)]
        fen: Option<String>,
        /// Seed of the start position, for variants with a random setup.
        #[arg(long, default_value_t = 0)]
        seed: u64,
        /// Moves to play first, in SAN or coordinates, separated by
        /// spaces (`"e4 e5 Nf3"`); the last one is highlighted.
        #[arg(long, value_name = "MOVES")]
        moves: Option<String>,
        /// Draw the engine's principal variation, searched to this depth,
        /// as arrows.
        #[arg(long, value_name = "DEPTH", value_parser = clap::value_parser!(u32).range(1..=crate::session::MAX_DEPTH as i64))]
        best: Option<u32>,
        /// Black's side at the bottom.
        #[arg(long)]
        flip: bool,
        /// Write the picture to FILE (`-`: standard output).
        #[arg(long, value_name = "FILE")]
        svg: String,
    },
}

/// Runs the command line; the exit code reports success.
pub fn run() -> ExitCode {
    let cli = Cli::parse();
    match cli.command {
        Command::Play {
            variant,
            fen,
            seed,
            pieces,
            colour,
            computer,
            time,
            depth,
            nodes,
        } => {
            let limits = match play::limits(time, depth, nodes) {
                Ok(l) => l,
                Err(e) => {
                    eprintln!("error: {e}");
                    return ExitCode::from(2);
                }
            };
            let rules = match Rulebook::open(&variant) {
                Ok(r) => r,
                Err(e) => {
                    eprint!("{e}");
                    return ExitCode::from(2);
                }
            };
            let seed = match seed {
                Some(seed) => seed,
                None => play::drawn_seed(&rules, fen.is_some(), clock_seed),
            };
            let computer = crate::repl::Computer {
                white: matches!(computer, Some(play::Sides::White | play::Sides::Both)),
                black: matches!(computer, Some(play::Sides::Black | play::Sides::Both)),
                limits,
            };
            play::run(
                &rules,
                fen.as_deref(),
                seed,
                play::Looks { pieces, colour },
                computer,
            )
        }
        Command::Perft {
            depth,
            variant,
            fen,
            divide: split,
            bench,
            seed,
        } => {
            let session = match setup(&variant, fen.as_deref(), seed) {
                Ok(s) => s,
                Err(code) => return code,
            };
            if split {
                let t = Instant::now();
                let mut total = 0;
                for (m, n) in session.divide(depth) {
                    out!("{m} {n}");
                    total += n;
                }
                report(total, t.elapsed().as_secs_f64());
            } else {
                let runs = bench.unwrap_or(1).max(1);
                let mut best = f64::INFINITY;
                let mut nodes = 0;
                for _ in 0..runs {
                    let t = Instant::now();
                    nodes = session.perft(depth).unwrap_or(0);
                    best = best.min(t.elapsed().as_secs_f64());
                }
                report(nodes, best);
                if bench.is_some() {
                    script_costs(&session.script_costs(), runs);
                }
            }
            ExitCode::SUCCESS
        }
        Command::Check { file } => {
            // A file by that name first, else the embedded variant.
            let embedded = (!std::path::Path::new(&file).exists())
                .then(|| builtin_text(&file))
                .flatten();
            let text = match embedded {
                Some(text) => text.to_string(),
                None => match crate::files::read_text(
                    std::path::Path::new(&file),
                    crate::files::MAX_SOURCE_BYTES,
                ) {
                    Ok(t) => t,
                    Err(e) => {
                        eprintln!("error: {e}");
                        if let Some(near) = nearest_variant_name(&file) {
                            eprintln!("help: did you mean the embedded variant `{near}`?");
                        }
                        return ExitCode::from(2);
                    }
                },
            };
            let diags = check_drawn(&file, &text);
            for d in &diags {
                eprint!("{}", d.text);
            }
            let errors = diags
                .iter()
                .filter(|d| d.severity == Severity::Error)
                .count();
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
        Command::Show {
            what:
                ShowWhat::Piece {
                    name,
                    variant,
                    at,
                    fen,
                    black,
                    svg,
                },
        } => show_piece(
            &name,
            &variant,
            at.as_deref(),
            fen.as_deref(),
            black,
            svg.as_deref(),
        ),
        Command::Show {
            what:
                ShowWhat::Position {
                    variant,
                    fen,
                    seed,
                    moves,
                    best,
                    flip,
                    svg,
                },
        } => picture::show_position(&picture::PositionArgs {
            variant: &variant,
            fen: fen.as_deref(),
            seed,
            moves: moves.as_deref(),
            best,
            flipped: flip,
            svg: &svg,
        }),
        Command::Run(args) => run::run(args),
        Command::Value(args) => lab::value_command(args),
        Command::Balance(args) => lab::balance_command(args),
        Command::Compare(args) => lab::compare_command(args),
        Command::Match(args) => play_match(args),
        Command::Xboard { variants } => {
            xboard::run(
                std::io::stdin().lock(),
                Box::new(std::io::stdout()),
                &variants,
            );
            ExitCode::SUCCESS
        }
        Command::Serve {
            variants,
            port,
            host,
        } => crate::web::serve::serve(&variants, &host, port),
        Command::Uci => {
            uci::run(std::io::stdin().lock(), Box::new(std::io::stdout()));
            ExitCode::SUCCESS
        }
        Command::Merge {
            files,
            script,
            out,
            plot,
        } => run::merge_files(&files, script.as_deref(), out.as_deref(), plot.as_deref()),
        Command::Openings {
            variant,
            count,
            plies,
            nodes,
            margin,
            seed,
            out,
        } => {
            let ask = openings::Ask {
                count: count as usize,
                plies: plies as usize,
                nodes,
                margin: margin as i32,
                seed,
            };
            openings::run(&variant, &ask, out.as_deref())
        }
        Command::Rules { variant } => match Rulebook::open(&variant) {
            Ok(rules) => {
                out!("{}", rules.rules_in_words().trim_end());
                ExitCode::SUCCESS
            }
            Err(e) => {
                eprint!("{e}");
                ExitCode::from(2)
            }
        },
        Command::List => {
            let width = builtin_variants().map(str::len).max().unwrap_or(0);
            for name in builtin_variants() {
                let text = builtin_text(name).unwrap_or("");
                out!("{name:width$}  {}", about(name, text));
            }
            ExitCode::SUCCESS
        }
    }
}

/// What `changeling list` says of the variant `name` of a file: the
/// first sentence of the file's opening comment, or, for a variant
/// declared after the file's first, of the comment just above it.
fn about(name: &str, text: &str) -> String {
    let lines: Vec<&str> = text.lines().collect();
    let declares = |l: &str, n: Option<&str>| {
        l.strip_prefix("variant ").is_some_and(|rest| {
            let declared = rest.split([' ', ':', '{']).next().unwrap_or("");
            n.is_none_or(|n| declared == n)
        })
    };
    let first = lines.iter().position(|l| declares(l, None));
    match lines.iter().position(|l| declares(l, Some(name))) {
        Some(at) if Some(at) != first => {
            let mut start = at;
            while start > 0 && lines[start - 1].trim_start().starts_with("//") {
                start -= 1;
            }
            first_sentence(&lines[start..at])
        }
        _ => first_sentence(&lines),
    }
}

/// The first sentence of a comment at the start of `lines`, its lines
/// joined (the paragraph ends at a blank comment line or at `Rules:`).
fn first_sentence(lines: &[&str]) -> String {
    let mut joined = String::new();
    for line in lines {
        let Some(body) = line.trim_start().strip_prefix("//") else {
            break;
        };
        let body = body.trim();
        if body.is_empty() || body.starts_with("Rules") {
            break;
        }
        if !joined.is_empty() {
            joined.push(' ');
        }
        joined.push_str(body);
    }
    match joined.find(". ") {
        Some(i) => joined[..=i].to_string(),
        None => joined,
    }
}

fn show_piece(
    name: &str,
    variant: &str,
    at: Option<&str>,
    fen: Option<&str>,
    black: bool,
    svg: Option<&str>,
) -> ExitCode {
    let rules = match Rulebook::open(variant) {
        Ok(r) => r,
        Err(e) => {
            eprint!("{e}");
            return ExitCode::from(2);
        }
    };
    let side = if black { Side::Black } else { Side::White };
    let diagram = match rules.piece_diagram(name, side, at, fen, svg.is_some()) {
        Ok(d) => d,
        Err(SessionError::NoSuchKind { name, kinds }) => {
            eprintln!(
                "error: `{name}` is not a piece of {} (pieces: {kinds})",
                rules.name()
            );
            return ExitCode::from(2);
        }
        Err(SessionError::Move { message, .. } | SessionError::Fen { message }) => {
            eprintln!("error: {message}");
            return ExitCode::from(2);
        }
        Err(e) => {
            eprintln!("error: {e}");
            return ExitCode::from(2);
        }
    };
    if let (Some(path), Some(picture)) = (svg, &diagram.svg) {
        let code = picture::write(path, picture);
        if let Some(e) = rules.take_script_error() {
            eprintln!("{e}");
        }
        return code;
    }
    out!(
        "{} ({}) \"{}\" on {}: {} squares",
        diagram.name,
        diagram.symbol,
        diagram.betza,
        diagram.square,
        diagram.reach.len()
    );
    out!("{}", diagram.text.trim_end());
    out!(
        "{}",
        if fen.is_some() {
            "@ the piece, o move, x capture, * both, ^ over a piece"
        } else {
            "@ the piece, * move or capture, o move only, x capture only"
        }
    );
    let list: Vec<String> = diagram
        .reach
        .iter()
        .map(|(s, capture)| format!("{}{s}", if *capture { "x" } else { "" }))
        .collect();
    out!("{}", list.join(" "));
    if let Some(e) = rules.take_script_error() {
        eprintln!("{e}");
    }
    ExitCode::SUCCESS
}

fn report(nodes: u64, secs: f64) {
    out!("nodes {nodes}");
    out!("time {:.3} s", secs);
    out!("nps {:.0}", nodes as f64 / secs.max(1e-9));
}

/// Loads a variant and its start (or given) position, printing errors.
/// A seed from the clock, for a game nobody asked to reproduce.
fn clock_seed() -> u64 {
    let now = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .unwrap_or_default();
    // Small enough to type back.
    (now.as_secs() ^ u64::from(now.subsec_nanos())) % 1_000_000
}

fn setup(variant: &str, fen: Option<&str>, seed: u64) -> Result<Session, ExitCode> {
    let rules = Rulebook::open(variant).map_err(|e| {
        eprint!("{e}");
        ExitCode::from(2)
    })?;
    start(&rules, fen, seed)
}

/// A game from the position `fen` gives, or from the variant's start
/// for `seed`.
fn start(rules: &Rulebook, fen: Option<&str>, seed: u64) -> Result<Session, ExitCode> {
    let start = match fen {
        Some(fen) => Start::Fen {
            fen: fen.to_string(),
            seed,
        },
        None => Start::Seed(seed),
    };
    Session::new(rules, &start).map_err(|e| {
        match e {
            SessionError::Fen { message } => eprintln!("error: {message}"),
            e => eprintln!("error: {e}"),
        }
        ExitCode::from(2)
    })
}

/// `changeling match`.
fn play_match(args: MatchArgs) -> ExitCode {
    use crate::arena::{Contender, Control, Settings};
    use std::io::IsTerminal;
    let fail = |e: String| {
        eprintln!("error: {e}");
        ExitCode::from(2)
    };
    let rules = match Rulebook::open(&args.variant) {
        Ok(r) => r,
        Err(e) => {
            eprint!("{e}");
            return ExitCode::from(2);
        }
    };
    let contenders = match (
        Contender::parse(&args.first),
        Contender::parse(&args.second),
    ) {
        (Ok(a), Ok(b)) => [a, b],
        (Err(e), _) | (_, Err(e)) => return fail(e),
    };
    let seconds = |text: &str, what: &str| -> Result<std::time::Duration, String> {
        match text.trim().parse::<f64>() {
            Ok(t) if t.is_finite() && (0.0..=86_400.0).contains(&t) => {
                Ok(std::time::Duration::from_secs_f64(t))
            }
            _ => Err(format!(
                "{what} is a number of seconds from 0 to 86400, not `{text}`"
            )),
        }
    };
    let control = if let Some(tc) = &args.tc {
        let (base, inc) = tc.split_once('+').unwrap_or((tc, "0"));
        match (
            seconds(base, "--tc's base"),
            seconds(inc, "--tc's increment"),
        ) {
            (Ok(b), Ok(i)) if !b.is_zero() => Control::Clock(b, i),
            (Ok(_), Ok(_)) => return fail("--tc needs a base time above 0".to_string()),
            (Err(e), _) | (_, Err(e)) => return fail(e),
        }
    } else if let Some(d) = args.depth {
        Control::Depth(d)
    } else if let Some(n) = args.nodes {
        Control::Nodes(n)
    } else {
        match seconds(&args.movetime.unwrap_or(0.1).to_string(), "--movetime") {
            Ok(t) if !t.is_zero() => Control::MoveTime(t),
            Ok(_) => return fail("--movetime needs a time above 0".to_string()),
            Err(e) => return fail(e),
        }
    };
    let openings = match &args.openings {
        None => Vec::new(),
        Some(path) => {
            let text = match crate::files::read_text(std::path::Path::new(path), 16 << 20) {
                Ok(text) => text,
                Err(e) => return fail(format!("cannot read {path}: {e}")),
            };
            match rules.read_book(&text) {
                Ok(fens) => fens,
                Err(e) => return fail(format!("{path}: {e}")),
            }
        }
    };
    let settings = Settings {
        rules,
        games: args.games as usize,
        control,
        opening_plies: args.opening_plies,
        openings,
        seed: args.seed,
        concurrency: args.concurrency as usize,
        max_plies: args.max_plies.max(1),
    };
    let stop = Arc::new(std::sync::atomic::AtomicBool::new(false));
    let raised = stop.clone();
    let _ = ctrlc::set_handler(move || raised.store(true, std::sync::atomic::Ordering::Relaxed));
    let terminal = std::io::stderr().is_terminal();
    let total = settings.games.div_ceil(2) * 2;
    let result = crate::arena::play_match(
        &settings,
        [&contenders[0], &contenders[1]],
        &stop,
        &mut |p, t| {
            let line = format!(
                "game {:>4}/{total}: {} {} ({})  score {:.1}/{} (+{} ={} -{})",
                t.games(),
                if p.first_white {
                    "first as White"
                } else {
                    "first as Black"
                },
                match p.score {
                    s if s > 0.75 => "won",
                    s if s < 0.25 => "lost",
                    _ => "drew",
                },
                p.reason,
                t.score() * t.games() as f64,
                t.games(),
                t.wins,
                t.draws,
                t.losses
            );
            if terminal {
                eprint!("\r\x1b[K{line}");
            } else {
                eprintln!("{line}");
            }
        },
    );
    if terminal {
        eprintln!();
    }
    let (tally, played) = match result {
        Ok(x) => x,
        Err(e) => return fail(e),
    };
    if let Some(path) = &args.pgn {
        let text: String = played.iter().map(|p| format!("{}\n", p.pgn)).collect();
        if let Err(e) = crate::files::write_atomically(std::path::Path::new(path), text.as_bytes())
        {
            return fail(format!("cannot write {path}: {e}"));
        }
    }
    let (elo, lo, hi) = tally.elo();
    // No "-0" for an even score.
    let (elo, lo, hi) = (elo + 0.0, lo + 0.0, hi + 0.0);
    out!(
        "{} against {}: +{} ={} -{} in {} games, score {:.1}%",
        args.first,
        args.second,
        tally.wins,
        tally.draws,
        tally.losses,
        tally.games(),
        100.0 * tally.score()
    );
    out!("Elo difference {elo:+.0} (95% interval {lo:+.0} to {hi:+.0})");
    let differ = crate::arena::distinct(&played);
    if differ < played.len() {
        eprintln!(
            "warning: only {differ} of the {} games differ: the same moves from the same start repeat, so the score counts some games twice; engines limited by depth or nodes need more openings (--opening-plies N, or a larger --openings book)",
            played.len()
        );
    }
    ExitCode::SUCCESS
}

/// What each script hook cost over `runs` runs of `perft --bench`: its
/// questions, the share answered from memory, its runs and their time.
fn script_costs(costs: &[crate::session::HookCost], runs: u32) {
    if costs.is_empty() {
        return;
    }
    out!("script hooks, over {runs} run(s):");
    out!(
        "  {:<13} {:>12} {:>12} {:>10} {:>9} {:>10}",
        "hook",
        "asked",
        "from memory",
        "runs",
        "time",
        "per run"
    );
    for c in costs {
        let memory = if c.asked == 0 {
            "-".to_string()
        } else {
            format!("{:.0}%", 100.0 * c.remembered as f64 / c.asked as f64)
        };
        let per_run = if c.runs == 0 {
            "-".to_string()
        } else {
            format!("{:.1} us", 1e6 * c.seconds / c.runs as f64)
        };
        out!(
            "  {:<13} {:>12} {:>12} {:>10} {:>7.2} s {:>10}",
            c.hook,
            c.asked,
            memory,
            c.runs,
            c.seconds,
            per_run
        );
    }
}
