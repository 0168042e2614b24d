//! `changeling value`, `balance` and `compare`: the laboratory on the
//! command line, with progress on a terminal, Ctrl-C keeping what was
//! played, rows as JSON Lines or CSV, shards and their merge.

use crate::experiment::Shard;
use crate::lab::stats::{Sprt, Verdict, Z95};
use crate::lab::{self, Bench, Game, balance, compare, value};
use crate::session::Rulebook;
use std::collections::BTreeMap;
use std::io::IsTerminal;
use std::process::ExitCode;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Instant;

/// How the games are played, for every lab command.
#[derive(Debug, clap::Args)]
pub struct Common {
    /// Nodes each engine searches per move (the same games on every
    /// machine).
    #[arg(long, default_value_t = 2000, value_parser = clap::value_parser!(u64).range(1..=100_000_000))]
    nodes: u64,
    /// Random plies from each start before the engines play.
    #[arg(long, default_value_t = 4, value_parser = clap::value_parser!(u64).range(0..=200))]
    opening_plies: u64,
    /// Draw a game still going after this many plies (counted as cut).
    #[arg(long, default_value_t = 300, value_parser = clap::value_parser!(u64).range(1..=100_000))]
    max_plies: u64,
    /// Give a game to the side both engines score this many centipawns
    /// ahead for 8 plies running; 0 never.
    #[arg(long, default_value_t = 1000, value_parser = clap::value_parser!(i64).range(0..=100_000))]
    adjudicate: i64,
    /// Games played at once [default: one per core]; the results do not
    /// depend on it.
    #[arg(long, value_parser = clap::value_parser!(u64).range(1..=1024))]
    threads: Option<u64>,
    /// The seed every game's seed comes from.
    #[arg(long, default_value_t = 0)]
    seed: u64,
    /// Openings from a book, used in turn: a FEN a line (as `changeling
    /// openings` writes them) or turns from the start.
    #[arg(long, value_name = "FILE")]
    book: Option<String>,
    /// Write every game as a row: `.jsonl` (JSON Lines; `-` for standard
    /// output) or `.csv`.
    #[arg(long, value_name = "FILE")]
    out: Option<String>,
    /// Play only shard I of N of a fixed plan (the games i with i % N ==
    /// I - 1) and write its rows to --out; `--merge` reads the shards'
    /// rows back. `auto` (or `auto/N`) takes it from a Slurm job array or
    /// a Kubernetes Indexed Job (see examples/cluster/).
    #[arg(long, value_name = "I/N")]
    shard: Option<String>,
    /// Play nothing: read the rows of these shards' `--out` files and
    /// report on them, as the single run would.
    #[arg(long, value_name = "FILE", num_args = 1..)]
    merge: Vec<String>,
}

fn fail(message: impl std::fmt::Display) -> ExitCode {
    eprintln!("error: {message}");
    ExitCode::from(2)
}

fn open(variant: &str) -> Result<Rulebook, ExitCode> {
    Rulebook::open(variant).map_err(|e| {
        eprint!("{e}");
        ExitCode::from(2)
    })
}

/// The lab's settings from the command line, and the shard to play.
fn bench(rules: &Rulebook, c: &Common) -> Result<(Bench, Shard), ExitCode> {
    let book = match &c.book {
        None => Vec::new(),
        Some(path) => {
            let text = crate::files::read_text(std::path::Path::new(path), 16 << 20)
                .map_err(|e| fail(format!("cannot read {path}: {e}")))?;
            rules
                .read_book(&text)
                .map_err(|e| fail(format!("{path}: {e}")))?
        }
    };
    let (shard, from) =
        Shard::choose(c.shard.as_deref(), &|k| std::env::var(k).ok()).map_err(fail)?;
    if let Some(from) = from {
        eprintln!("playing shard {shard} (from {from})");
    }
    if shard != Shard::ALL && c.out.is_none() {
        return Err(fail("a shard's rows go to --out; name the file"));
    }
    if let Some(out) = &c.out
        && !(out == "-" || out.ends_with(".jsonl") || out.ends_with(".csv"))
    {
        return Err(fail(format!(
            "--out {out}: name a .jsonl or .csv file, or `-`"
        )));
    }
    let threads = c.threads.map_or_else(
        || std::thread::available_parallelism().map_or(1, |n| n.get()),
        |t| t as usize,
    );
    Ok((
        Bench {
            nodes: c.nodes,
            max_plies: c.max_plies as usize,
            opening_plies: c.opening_plies as usize,
            adjudicate: c.adjudicate as i32,
            threads,
            seed: c.seed,
            book,
        },
        shard,
    ))
}

/// The variant `name` names, the lab's settings and the shard to play.
fn open_bench(name: &str, c: &Common) -> Result<(Rulebook, Bench, Shard), ExitCode> {
    let rules = open(name)?;
    let (bench, shard) = bench(&rules, c)?;
    Ok((rules, bench, shard))
}

/// The stop flag Ctrl-C raises.
fn stop_flag() -> Arc<AtomicBool> {
    let stop = Arc::new(AtomicBool::new(false));
    let raised = stop.clone();
    let _ = ctrlc::set_handler(move || raised.store(true, Ordering::Relaxed));
    stop
}

/// A progress line rewritten in place, on a terminal only.
fn progress_line() -> impl FnMut(&str) {
    let terminal = std::io::stderr().is_terminal();
    move |line: &str| {
        if terminal {
            eprint!("\r\x1b[K{line}");
        }
    }
}

fn end_progress() {
    if std::io::stderr().is_terminal() {
        eprint!("\r\x1b[K");
    }
}

/// Rows read from the `--merge` files, in plan order.
fn merged(files: &[String]) -> Result<Vec<Game>, ExitCode> {
    let mut games = Vec::new();
    for f in files {
        let text = crate::files::read_text(std::path::Path::new(f), 2 << 30)
            .map_err(|e| fail(format!("cannot read {f}: {e}")))?;
        games.extend(lab::from_jsonl(f, &text).map_err(fail)?);
    }
    games.sort_by(|a, b| a.index.cmp(&b.index).then(a.label.cmp(&b.label)));
    let before = games.len();
    games.dedup_by(|a, b| a.index == b.index && a.label == b.label);
    if games.len() < before {
        eprintln!(
            "warning: {} rows appear in more than one file; each is counted once",
            before - games.len()
        );
    }
    Ok(games)
}

/// Writes the rows to `--out`, if named.
fn write_rows(out: Option<&str>, games: &[Game]) -> Result<(), ExitCode> {
    let Some(out) = out else {
        return Ok(());
    };
    let text = if out.ends_with(".csv") {
        lab::to_csv(games)
    } else {
        lab::to_jsonl(games)
    };
    match super::picture::write(out, &text) {
        ExitCode::SUCCESS => Ok(()),
        code => Err(code),
    }
}

/// Plays the games of `plan` in `shard` and writes their rows.
fn play_shard(
    rulebooks: &[Rulebook],
    plan: &[(u64, String, lab::Spec)],
    bench: &Bench,
    shard: Shard,
    out: Option<&str>,
) -> ExitCode {
    let mine: Vec<_> = plan
        .iter()
        .enumerate()
        .filter(|(i, _)| *i as u64 % shard.count == shard.index - 1)
        .map(|(_, s)| s.clone())
        .collect();
    let stop = stop_flag();
    let total = mine.len();
    let mut show = progress_line();
    let began = Instant::now();
    let games = match lab::play_all(rulebooks, &mine, bench.threads, &stop, &mut |n| {
        show(&format!("shard {shard}: {n} of {total} games"))
    }) {
        Ok(g) => g,
        Err(e) => return fail(e),
    };
    end_progress();
    eprintln!(
        "shard {shard}: {} games in {:.1} s",
        games.len(),
        began.elapsed().as_secs_f64()
    );
    match write_rows(out, &games) {
        Ok(()) => ExitCode::SUCCESS,
        Err(code) => code,
    }
}

/// What `value` was asked.
#[derive(Debug, clap::Args)]
pub struct ValueArgs {
    /// Embedded variant name or variant file.
    variant: String,
    /// The piece to value (its name or letter); leave it out with --all.
    piece: Option<String>,
    /// What the holder gives up for it: kinds joined by `+`, each with
    /// its count (`3P`, `N+2P`) [default: pawns near the engine's guess;
    /// with --all, for a piece guessed above four and a half pawns, the
    /// pieces valued before it that fit and a few pawns].
    #[arg(long, value_name = "MATERIAL")]
    against: Option<String>,
    /// For a piece not on the board at the start: the holder's piece of
    /// this kind becomes the piece valued, and the other side keeps its
    /// own (with --all, chosen for every piece not on the board).
    #[arg(long, value_name = "KIND")]
    replacing: Option<String>,
    /// Value every kind but the royal ones and the pawn, cheapest first,
    /// each against pawns or a kind valued before it.
    #[arg(long)]
    all: bool,
    /// The half-width of the 95% interval wanted, in pawns: games are
    /// played until it is reached (or --max-games).
    #[arg(long, default_value_t = 0.3)]
    precision: f64,
    /// Games at most, for each piece.
    #[arg(long, default_value_t = 4000, value_parser = clap::value_parser!(u64).range(2..=10_000_000))]
    max_games: u64,
    /// Pairs of games added to a level at a time.
    #[arg(long, default_value_t = 50, value_parser = clap::value_parser!(u64).range(1..=1_000_000))]
    batch: u64,
    /// A fixed plan instead of walking the levels: the pawn-odds levels
    /// FROM..TO (`-1..2`), with --pairs pairs each; shards need one.
    #[arg(long, value_name = "FROM..TO", allow_hyphen_values = true)]
    levels: Option<String>,
    /// Pairs at each level of a fixed plan.
    #[arg(long, default_value_t = 100, value_parser = clap::value_parser!(u64).range(1..=10_000_000))]
    pairs: u64,
    /// Draw the values (with --all) or the levels' scores as an SVG chart.
    #[arg(long, value_name = "FILE")]
    chart: Option<String>,
    #[command(flatten)]
    common: Common,
}

fn parse_levels(text: &str) -> Result<(i32, i32), String> {
    let bad = || format!("--levels `{text}`: write FROM..TO, two whole numbers (`-1..2`)");
    let (a, b) = text.split_once("..").ok_or_else(bad)?;
    let (a, b) = (
        a.trim().parse::<i32>().map_err(|_| bad())?,
        b.trim().parse::<i32>().map_err(|_| bad())?,
    );
    if a > b || b - a > 40 || a < -40 || b > 40 {
        return Err(bad());
    }
    Ok((a, b))
}

/// Runs `value`.
pub fn value_command(args: ValueArgs) -> ExitCode {
    let (rules, bench, shard) = match open_bench(&args.variant, &args.common) {
        Ok(b) => b,
        Err(code) => return code,
    };
    if !(args.precision > 0.0 && args.precision.is_finite()) {
        return fail("--precision is a number of pawns above 0");
    }
    let kinds = match value::kinds(&rules) {
        Ok(k) => k,
        Err(e) => return fail(e),
    };
    let pieces: Vec<value::KindInfo> = if args.all {
        if args.piece.is_some() || args.against.is_some() {
            return fail("--all values every kind: leave out the piece and --against");
        }
        let mut v: Vec<_> = kinds
            .iter()
            .filter(|k| !k.royal && k.name != "pawn")
            .cloned()
            .collect();
        v.sort_by_key(|k| k.guess);
        v
    } else {
        let Some(p) = &args.piece else {
            return fail("name the piece to value, or give --all");
        };
        match value::parse_material(&kinds, p) {
            Ok(m) if m.0.len() == 1 && m.0[0].1 == 1 => vec![m.0[0].0.clone()],
            Ok(_) => return fail(format!("`{p}`: name one piece")),
            Err(e) => {
                // A royal piece reads as an error of material; say why.
                if let Some(k) = kinds
                    .iter()
                    .find(|k| k.royal && (k.name.eq_ignore_ascii_case(p) || k.letter == *p))
                {
                    return fail(format!(
                        "the {} is royal: losing it ends the game, so it has no value in pawns",
                        k.name
                    ));
                }
                return fail(e);
            }
        }
    };
    if pieces.is_empty() {
        return fail("the variant has no kind to value but royal ones and the pawn");
    }
    let fixed = match args.levels.as_deref().map(parse_levels).transpose() {
        Ok(f) => f,
        Err(e) => return fail(e),
    };
    if (shard != Shard::ALL || !args.common.merge.is_empty()) && fixed.is_none() {
        return fail(
            "a shard, or a merge of shards, plays a fixed plan: give --levels FROM..TO (and --pairs)",
        );
    }
    if shard != Shard::ALL && pieces.len() > 1 {
        return fail("shard one piece at a time, not --all");
    }
    // The kinds on the board at the start (in some setups where the setup
    // is random), which can be given up; and those on it in every setup,
    // the only ones another piece is set against.
    let mut present = std::collections::BTreeSet::new();
    let mut always = std::collections::BTreeSet::new();
    for k in &kinds {
        let (some, all) = value::presence(&rules, &bench, k);
        if some {
            present.insert(k.name.clone());
        }
        if all {
            always.insert(k.name.clone());
        }
    }
    let stop = stop_flag();
    // Pieces valued so far: the value and its half-interval.
    let mut known: BTreeMap<String, (f64, f64)> = BTreeMap::new();
    let mut table: Vec<Priced> = Vec::new();
    let mut rows: Vec<Game> = Vec::new();
    let began = Instant::now();
    for piece in pieces {
        let replaces = match &args.replacing {
            Some(text) => match value::parse_material(&kinds, text) {
                Ok(m) if m.0.len() == 1 && m.0[0].1 == 1 => Some(m.0[0].0.clone()),
                Ok(_) => return fail(format!("--replacing `{text}`: name one piece")),
                Err(e) => return fail(e),
            },
            None => None,
        };
        let usable: BTreeMap<String, (f64, f64)> = known
            .iter()
            .filter(|(k, _)| always.contains(*k))
            .map(|(k, v)| (k.clone(), *v))
            .collect();
        let (replaces, against) = match (&args.against, replaces) {
            (Some(text), r) => (r, value::parse_material(&kinds, text)),
            (None, Some(r)) => (Some(r), Ok(value::Material::default())),
            (None, None) if args.all && !present.contains(&piece.name) => {
                match value::default_replacement(&kinds, &piece, &usable) {
                    Ok((r, m)) => (Some(r), Ok(m)),
                    Err(e) => (None, Err(e)),
                }
            }
            (None, None) => (None, value::default_against(&kinds, &piece, &usable)),
        };
        let against = match against {
            Ok(m) => m,
            Err(e) => return fail(e),
        };
        let ask = value::Ask {
            piece: piece.clone(),
            replaces,
            against,
            precision: args.precision,
            max_games: args.max_games as usize,
            batch: args.batch as usize,
        };
        let valued = if let Some(levels) = fixed {
            let plan = match value::fixed_plan(&rules, &bench, &ask, levels, args.pairs) {
                Ok(p) => p,
                Err(e) => return fail(e),
            };
            if shard != Shard::ALL {
                return play_shard(
                    std::slice::from_ref(&rules),
                    &plan,
                    &bench,
                    shard,
                    args.common.out.as_deref(),
                );
            }
            let games = if args.common.merge.is_empty() {
                let mut show = progress_line();
                let total = plan.len();
                match lab::play_all(
                    std::slice::from_ref(&rules),
                    &plan,
                    bench.threads,
                    &stop,
                    &mut |n| show(&format!("{}: {n} of {total} games", piece.name)),
                ) {
                    Ok(g) => g,
                    Err(e) => return fail(e),
                }
            } else {
                match merged(&args.common.merge) {
                    Ok(g) => g,
                    Err(code) => return code,
                }
            };
            value::from_games(&ask, games, None)
        } else {
            let mut show = progress_line();
            match value::value(&rules, &bench, &ask, &stop, &mut show) {
                Ok(v) => v,
                Err(e) if args.all => {
                    end_progress();
                    eprintln!("warning: {}: {e}", piece.name);
                    continue;
                }
                Err(e) => {
                    end_progress();
                    return fail(format!("{}: {e}", piece.name));
                }
            }
        };
        end_progress();
        // The material's worth in pawns, where every part of it is known.
        let mut worth = Some((ask.against.pawns() as f64, 0.0));
        let replaced = ask.replaces.iter().map(|k| (k.clone(), 1usize));
        for (k, n) in ask.against.pieces().cloned().chain(replaced) {
            if k.name == "pawn" {
                worth = worth.map(|(w, var)| (w + n as f64, var));
                continue;
            }
            let n = n as f64;
            worth = match (worth, known.get(&k.name)) {
                (Some((w, var)), Some((v, h))) => Some((w + v * n, var + (h * n / Z95).powi(2))),
                _ => None,
            };
        }
        let absolute = match (valued.found, worth) {
            (Some(f), Some((w, var))) => {
                let half = (f.half.powi(2) + var * Z95.powi(2)).sqrt();
                known.insert(piece.name.clone(), (w + f.beyond, half));
                Some((w + f.beyond, half))
            }
            _ => None,
        };
        let worth = worth.map(|(w, _)| w);
        print!("{}", valued_text(&rules, &bench, &valued, absolute, worth));
        rows.extend(valued.games.iter().cloned());
        table.push(Priced {
            valued,
            absolute,
            worth,
        });
        if stop.load(Ordering::Relaxed) {
            break;
        }
    }
    if args.all {
        println!(
            "\n{}",
            all_table(&rules, &table, began.elapsed().as_secs_f64())
        );
    }
    let repeated: usize = table.iter().map(|p| lab::repeats(&p.valued.games).0).sum();
    if repeated > 0 {
        eprintln!(
            "warning: {repeated} of {} games repeat another game of the same piece and level move for move; the intervals count them as if they differed. Raise --opening-plies or give --book",
            rows.len()
        );
    }
    if let Some(path) = &args.chart {
        let svg = if args.all {
            let bars: Vec<_> = table
                .iter()
                .filter_map(|p| {
                    let name = p.valued.piece.name.clone();
                    p.absolute.map(|(x, h)| (name, x, x - h, x + h))
                })
                .collect();
            let max = bars.iter().map(|b| b.3).fold(1.0f64, f64::max).ceil();
            lab::bar_chart(&bars, "pawns", max, 1.0, "")
        } else {
            let Some(Priced { valued: v, .. }) = table.first() else {
                return ExitCode::SUCCESS;
            };
            let bars: Vec<_> = v
                .scores()
                .iter()
                .map(|(k, e)| {
                    let (lo, hi) = e.bounds();
                    (format!("level {k:+}"), e.mean, lo.max(0.0), hi.min(1.0))
                })
                .collect();
            lab::bar_chart(&bars, "holder's score", 1.0, 0.5, "%")
        };
        let code = super::picture::write(path, &svg);
        if code != ExitCode::SUCCESS {
            return code;
        }
    }
    if let Err(code) = write_rows(args.common.out.as_deref(), &rows) {
        return code;
    }
    ExitCode::SUCCESS
}

fn valued_text(
    rules: &Rulebook,
    bench: &Bench,
    v: &value::Valued,
    absolute: Option<(f64, f64)>,
    worth: Option<f64>,
) -> String {
    let mut t = String::new();
    let name = &v.piece.name;
    match (v.found, absolute) {
        (_, Some((x, h))) => t.push_str(&format!(
            "{name} in {}: {x:.2} pawns (95% interval {:.2} to {:.2}), against {}\n",
            rules.name(),
            x - h,
            x + h,
            v.against_words()
        )),
        (Some(f), None) => t.push_str(&format!(
            "{name} in {}: {} {:+.2} pawns (95% interval {:+.2} to {:+.2})\n",
            rules.name(),
            v.against_words(),
            f.beyond,
            f.beyond - f.half,
            f.beyond + f.half
        )),
        (None, _) => {
            let said = match (value::bound(&v.scores()), worth) {
                (Some((above, k)), Some(w)) => format!(
                    "{} {:.2} pawns",
                    if above { "more than" } else { "less than" },
                    w + f64::from(k)
                ),
                (Some((above, k)), None) => format!(
                    "{} {} {k:+} pawns",
                    v.against_words(),
                    if above { "more than" } else { "less than" }
                ),
                (None, _) => "no value: the scores cross 50% back and forth".into(),
            };
            t.push_str(&format!("{name} in {}: {said}\n", rules.name()));
        }
    }
    t.push_str("  level  holder gives up                      pairs  holder's score (95%)\n");
    for (k, e) in v.scores() {
        let a = v.against_words();
        let gives = match k {
            0 => a,
            1 => format!("{a} + 1 more pawn"),
            k if k > 0 => format!("{a} + {k} more pawns"),
            -1 => format!("{a}; the other side 1 pawn"),
            k => format!("{a}; the other side {} pawns", -k),
        };
        let (lo, hi) = e.bounds();
        t.push_str(&format!(
            "  {k:>+5}  {gives:<36} {:>5}  {:.1}% ({:.1}-{:.1})\n",
            e.n,
            100.0 * e.mean,
            100.0 * lo.max(0.0),
            100.0 * hi.min(1.0)
        ));
    }
    let (repeated, _) = lab::repeats(&v.games);
    t.push_str(&format!(
        "  {} games at {} nodes a move, {repeated} repeated\n",
        v.games.len(),
        bench.nodes
    ));
    if let Some(n) = &v.note {
        t.push_str(&format!("  note: {n}\n"));
    }
    t
}

/// A piece valued, its value and interval in pawns, and the worth of
/// the material it was set against, where every part of it is known.
struct Priced {
    valued: value::Valued,
    absolute: Option<(f64, f64)>,
    worth: Option<f64>,
}

fn all_table(rules: &Rulebook, table: &[Priced], secs: f64) -> String {
    let mut t = format!(
        "piece values in {} (pawns, 95% interval)\n{:<20} {:>7} {:>17} {:>7}  against\n",
        rules.name(),
        "piece",
        "value",
        "interval",
        "games"
    );
    for Priced {
        valued: v,
        absolute: a,
        worth,
    } in table
    {
        let (value, interval) = match (a, v.found, value::bound(&v.scores()), worth) {
            (Some((x, h)), ..) => (format!("{x:.2}"), format!("{:.2} to {:.2}", x - h, x + h)),
            (None, Some(f), ..) => (
                format!("{:+.2}", f.beyond),
                format!("{:+.2} to {:+.2}", f.beyond - f.half, f.beyond + f.half),
            ),
            (None, None, Some((true, k)), Some(w)) => (
                format!(">{:.1}", w + f64::from(k)),
                "above every level".into(),
            ),
            (None, None, Some((false, k)), Some(w)) => (
                format!("<{:.1}", w + f64::from(k)),
                "below every level".into(),
            ),
            _ => ("-".into(), "no crossing".into()),
        };
        t.push_str(&format!(
            "{:<20} {value:>7} {interval:>17} {:>7}  {}\n",
            v.piece.name,
            v.games.len(),
            v.against_words()
        ));
    }
    t.push_str(&format!("{secs:.0} s\n"));
    t
}

/// What `balance` was asked.
#[derive(Debug, clap::Args)]
pub struct BalanceArgs {
    /// Embedded variant name or variant file.
    variant: String,
    /// Games at each strength, each from its own opening.
    #[arg(long, default_value_t = 200, value_parser = clap::value_parser!(u64).range(1..=10_000_000))]
    games: u64,
    /// The strengths, in nodes per move, two or more [default: --nodes
    /// and four times it].
    #[arg(long, value_name = "N,N,...", value_delimiter = ',')]
    strengths: Vec<u64>,
    /// Pairs on each rung of the strength ladder (0 for no ladder).
    #[arg(long, default_value_t = 50, value_parser = clap::value_parser!(u64).range(0..=10_000_000))]
    ladder_pairs: u64,
    /// Write the report card as a self-contained HTML page with its
    /// charts.
    #[arg(long, value_name = "FILE")]
    html: Option<String>,
    #[command(flatten)]
    common: Common,
}

/// Runs `balance`.
pub fn balance_command(args: BalanceArgs) -> ExitCode {
    let (rules, bench, shard) = match open_bench(&args.variant, &args.common) {
        Ok(b) => b,
        Err(code) => return code,
    };
    let mut strengths = args.strengths.clone();
    if strengths.is_empty() {
        strengths = vec![bench.nodes, bench.nodes.saturating_mul(4)];
    }
    if strengths.contains(&0) {
        return fail("--strengths are nodes per move, 1 or more");
    }
    strengths.sort_unstable();
    strengths.dedup();
    let ask = balance::Ask {
        games: args.games,
        strengths,
        ladder_pairs: args.ladder_pairs,
    };
    let plan = balance::specs(&bench, &ask);
    if shard != Shard::ALL {
        return play_shard(
            std::slice::from_ref(&rules),
            &plan,
            &bench,
            shard,
            args.common.out.as_deref(),
        );
    }
    let began = Instant::now();
    let games = if args.common.merge.is_empty() {
        let stop = stop_flag();
        let mut show = progress_line();
        let total = plan.len();
        match lab::play_all(
            std::slice::from_ref(&rules),
            &plan,
            bench.threads,
            &stop,
            &mut |n| show(&format!("{n} of {total} games")),
        ) {
            Ok(g) => g,
            Err(e) => return fail(e),
        }
    } else {
        match merged(&args.common.merge) {
            Ok(g) => g,
            Err(code) => return code,
        }
    };
    end_progress();
    let card = balance::card(&rules, &ask, games);
    print!("{}", card.text());
    if args.common.merge.is_empty() {
        println!(
            "{} games in {:.1} s",
            card.games.len(),
            began.elapsed().as_secs_f64()
        );
    }
    if let Some(path) = &args.html {
        let code = super::picture::write(path, &card.html());
        if code != ExitCode::SUCCESS {
            return code;
        }
    }
    match write_rows(args.common.out.as_deref(), &card.games) {
        Ok(()) => ExitCode::SUCCESS,
        Err(code) => code,
    }
}

/// What `compare` was asked.
#[derive(Debug, clap::Args)]
pub struct CompareArgs {
    /// Version A: an embedded variant name or a variant file.
    a: String,
    /// Version B: another variant file [default: A changed by --set].
    b: Option<String>,
    /// B is A with these changes, in the variant language (`ending {
    /// fifty_move = 30 }`).
    #[arg(long, value_name = "CHANGES")]
    set: Option<String>,
    /// The difference in White's score worth finding (0.05: five
    /// points in a hundred).
    #[arg(long, default_value_t = 0.05)]
    delta: f64,
    /// The chance of finding a difference where there is none.
    #[arg(long, default_value_t = 0.05)]
    alpha: f64,
    /// The chance of missing a difference of --delta.
    #[arg(long, default_value_t = 0.05)]
    beta: f64,
    /// Games at most (pairs of one game under each version).
    #[arg(long, default_value_t = 4000, value_parser = clap::value_parser!(u64).range(2..=10_000_000))]
    max_games: u64,
    /// Pairs played between looks at the test.
    #[arg(long, default_value_t = 32, value_parser = clap::value_parser!(u64).range(1..=1_000_000))]
    batch: u64,
    /// Draw White's score and the draw rate under each version, with
    /// their intervals, as an SVG chart.
    #[arg(long, value_name = "FILE")]
    chart: Option<String>,
    #[command(flatten)]
    common: Common,
}

/// Runs `compare`.
pub fn compare_command(args: CompareArgs) -> ExitCode {
    let a = match open(&args.a) {
        Ok(r) => r,
        Err(code) => return code,
    };
    let b = match (&args.b, &args.set) {
        (Some(_), Some(_)) => {
            return fail("give version B as a file or as --set changes, not both");
        }
        (Some(path), None) => match open(path) {
            Ok(r) => r,
            Err(code) => return code,
        },
        (None, Some(changes)) => match Rulebook::open_changed(&args.a, changes) {
            Ok(r) => r,
            Err(e) => {
                eprint!("{}", e.report);
                return ExitCode::from(2);
            }
        },
        (None, None) => return fail("name version B (a variant file) or give --set CHANGES"),
    };
    let (bench, shard) = match bench(&a, &args.common) {
        Ok(b) => b,
        Err(code) => return code,
    };
    let ok = |x: f64| x > 0.0 && x < 0.5;
    if !(args.delta > 0.0 && args.delta <= 1.0 && ok(args.alpha) && ok(args.beta)) {
        return fail("--delta is above 0 and at most 1; --alpha and --beta between 0 and 0.5");
    }
    let test = Sprt {
        delta: args.delta,
        alpha: args.alpha,
        beta: args.beta,
    };
    let versions = [a, b];
    let max_pairs = args.max_games / 2;
    let stop = stop_flag();
    let began = Instant::now();
    let found = if shard != Shard::ALL {
        let plan = compare::specs(&bench, 0, max_pairs);
        return play_shard(&versions, &plan, &bench, shard, args.common.out.as_deref());
    } else if !args.common.merge.is_empty() {
        match merged(&args.common.merge) {
            Ok(g) => compare::findings(&test, g),
            Err(code) => return code,
        }
    } else {
        let mut show = progress_line();
        match compare::compare(
            &versions, &bench, &test, args.batch, max_pairs, &stop, &mut show,
        ) {
            Ok(f) => f,
            Err(e) => return fail(e),
        }
    };
    end_progress();
    print!("{}", compared_text(&versions, &test, &found));
    if let (_, Some(w)) = lab::repeats(&found.games) {
        eprintln!("{w}");
    }
    if let Some(path) = &args.chart {
        let mut bars = Vec::new();
        for (v, name) in ["A", "B"].into_iter().enumerate() {
            let label = compare::label(v);
            let games: Vec<&Game> = found.games.iter().filter(|g| g.label == label).collect();
            let n = games.len() as u64;
            if let Some(e) =
                lab::stats::Estimate::of(&games.iter().map(|g| g.white).collect::<Vec<_>>())
            {
                let (lo, hi) = e.bounds();
                bars.push((format!("{name}: White"), e.mean, lo.max(0.0), hi.min(1.0)));
            }
            let draws = games.iter().filter(|g| g.white == 0.5).count() as u64;
            if let Some(w) = lab::stats::wilson(draws, n) {
                bars.push((format!("{name}: draws"), w.p, w.low, w.high));
            }
        }
        let code = super::picture::write(path, &lab::bar_chart(&bars, "share", 1.0, 0.5, "%"));
        if code != ExitCode::SUCCESS {
            return code;
        }
    }
    if args.common.merge.is_empty() {
        println!("{:.1} s", began.elapsed().as_secs_f64());
    }
    match write_rows(args.common.out.as_deref(), &found.games) {
        Ok(()) => ExitCode::SUCCESS,
        Err(code) => code,
    }
}

fn compared_text(versions: &[Rulebook; 2], test: &Sprt, f: &compare::Compared) -> String {
    let mut t = String::new();
    let pairs = f.games.len() / 2;
    let verdict = match f.verdict {
        Verdict::NoDifference => format!(
            "no difference: White's score differs by less than {:.1} points in a hundred",
            100.0 * test.delta
        ),
        Verdict::Higher => "B gives White more".to_string(),
        Verdict::Lower => "B gives White less".to_string(),
        Verdict::Open => "undecided: the games ran out before the test decided".to_string(),
    };
    t.push_str(&format!(
        "A: {}\nB: {}\n{verdict} (after {pairs} pairs; SPRT at {:.0}% false alarms, {:.0}% misses)\n",
        versions[0].name(),
        versions[1].name(),
        100.0 * test.alpha,
        100.0 * test.beta
    ));
    let line = |name: &str, e: &Option<crate::lab::stats::Estimate>, scale: f64, unit: &str| {
        e.map_or(String::new(), |e| {
            let (lo, hi) = e.bounds();
            format!(
                "  {name:<28} {:+.2}{unit} (95% interval {:+.2} to {:+.2})\n",
                e.mean * scale,
                lo * scale,
                hi * scale
            )
        })
    };
    for (v, e) in f.white.iter().enumerate() {
        if let Some(e) = e {
            t.push_str(&format!(
                "  White's score under {}: {:.1}% ± {:.1}\n",
                ["A", "B"][v],
                100.0 * e.mean,
                100.0 * e.half
            ));
        }
    }
    t.push_str("B minus A:\n");
    t.push_str(&line("White's score", &f.white_diff, 100.0, " points"));
    t.push_str(&line("draw rate", &f.draw_diff, 100.0, " points"));
    t.push_str(&line("length", &f.length_diff, 1.0, " plies"));
    t.push_str(&format!(
        "  log-likelihood ratios {:+.2} (B higher), {:+.2} (B lower); bounds {:.2}, {:.2}\n",
        f.llr.0, f.llr.1, f.bounds.0, f.bounds.1
    ));
    if f.identical == pairs && pairs > 0 {
        t.push_str("  every pair played the same game under both versions\n");
    }
    t
}
