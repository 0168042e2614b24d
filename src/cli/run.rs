//! `changeling run` and `changeling merge`: experiments on the command
//! line, with a progress bar on a terminal and Ctrl-C keeping what was
//! played.

use crate::experiment::{Experiment, ExperimentError, Results, RunOptions, Shard, merge};
use std::io::{IsTerminal, Write};
use std::process::ExitCode;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Instant;

/// The largest shard output `merge` reads: a run of millions of games
/// with rows of a few hundred bytes.
const MAX_PART_BYTES: u64 = 2 << 30;

/// What `run` was asked.
#[derive(Debug, clap::Args)]
pub struct Args {
    /// The experiment script (Rhai), defining `play_game(i, seed)`.
    script: String,
    /// The run's seed: game i's seed comes from it and i alone.
    #[arg(long, default_value_t = 0)]
    seed: u64,
    /// Worker threads [default: one per core]; the results do not depend
    /// on it.
    #[arg(long)]
    threads: Option<usize>,
    /// Write the rows and the summary to this file: `.jsonl` (JSON Lines;
    /// `-` for standard output) or `.csv` (the summary goes to
    /// `NAME.summary.csv`).
    #[arg(long)]
    out: Option<String>,
    /// Play only shard I of N (the games i with i % N == I - 1); `changeling
    /// merge` combines the shards' .jsonl outputs. `auto` (or `auto/N`)
    /// takes it from a Slurm job array or a Kubernetes Indexed Job, as
    /// does a run given no --shard inside one (see examples/cluster/).
    #[arg(long, value_name = "I/N")]
    shard: Option<String>,
    /// Play this many games instead of the script's `games()`.
    #[arg(long)]
    games: Option<u64>,
    /// Draw the results as SVG charts in this directory (made if
    /// missing): `win_rates.svg` and `lengths.svg`.
    #[arg(long, value_name = "DIR")]
    plot: Option<String>,
    /// Print nothing but errors: the results go only to `--out` (and
    /// `--plot`), one of which is then required.
    #[arg(long, short)]
    quiet: bool,
}

/// Where results go: JSON Lines or CSV, by the file's extension.
enum Format {
    Jsonl,
    Csv,
}

fn format_of(out: &str) -> Result<Format, String> {
    if out == "-" || out.ends_with(".jsonl") || out.ends_with(".json") {
        Ok(Format::Jsonl)
    } else if out.ends_with(".csv") {
        Ok(Format::Csv)
    } else {
        Err(format!(
            "`{out}`: the output's name must end in .jsonl (JSON Lines) or .csv (or be - for JSON Lines on standard output)"
        ))
    }
}

/// Writes `results` to `out` (and, for CSV, the table and the script's
/// summary beside it); says where on standard error unless `quiet`.
fn write(results: &Results, out: &str, quiet: bool) -> Result<(), String> {
    let put = |path: &str, text: &str| {
        if path == "-" {
            let _ = std::io::stdout().write_all(text.as_bytes());
            Ok(())
        } else {
            crate::files::write_atomically(std::path::Path::new(path), text.as_bytes())
                .map_err(|e| format!("cannot write `{path}`: {e}"))
        }
    };
    match format_of(out)? {
        Format::Jsonl => put(out, &results.to_jsonl())?,
        Format::Csv => {
            put(out, &results.rows_csv())?;
            let stem = out.trim_end_matches(".csv");
            let table = format!("{stem}.summary.csv");
            put(&table, &results.table().csv())?;
            let script = format!("{stem}.script-summary.csv");
            put(&script, &results.script_summary_csv())?;
            if !quiet {
                eprintln!(
                    "wrote {} rows to {out}, the table to {table} and the script's summary to {script}",
                    results.rows.len()
                );
            }
            return Ok(());
        }
    }
    if out != "-" && !quiet {
        eprintln!("wrote {} rows and the summary to {out}", results.rows.len());
    }
    Ok(())
}

/// A one-line progress bar on standard error: games done, rate, ETA.
struct Progress {
    start: Instant,
    shown: bool,
    last: Option<Instant>,
}

impl Progress {
    fn update(&mut self, done: usize, total: usize) {
        let now = Instant::now();
        if self
            .last
            .is_some_and(|t| now.duration_since(t).as_millis() < 200)
            && done < total
        {
            return;
        }
        self.last = Some(now);
        self.shown = true;
        let secs = self.start.elapsed().as_secs_f64();
        let rate = done as f64 / secs.max(1e-9);
        let width = 30;
        let filled = (done * width).checked_div(total).unwrap_or(width);
        let eta = if done == 0 {
            "--:--".to_string()
        } else {
            let left = ((total - done) as f64 / rate) as u64;
            format!("{}:{:02}", left / 60, left % 60)
        };
        eprint!(
            "\r[{}{}] {done}/{total} games  {rate:.1} games/s  ETA {eta} ",
            "#".repeat(filled),
            ".".repeat(width - filled)
        );
        let _ = std::io::stderr().flush();
    }

    fn finish(&self) {
        if self.shown {
            eprintln!();
        }
    }
}

/// `changeling run`.
pub fn run(args: Args) -> ExitCode {
    if let Some(out) = &args.out
        && let Err(e) = format_of(out)
    {
        eprintln!("error: {e}");
        return ExitCode::from(2);
    }
    if args.quiet && args.out.is_none() && args.plot.is_none() {
        eprintln!(
            "error: with -q the results are written only to --out FILE (or --plot DIR): give one"
        );
        return ExitCode::from(2);
    }
    if let Some(dir) = &args.plot
        && let Err(e) = crate::experiment::plot::prepare(std::path::Path::new(dir))
    {
        eprintln!("error: {e}");
        return ExitCode::from(2);
    }
    let shard = match Shard::choose(args.shard.as_deref(), &|k| std::env::var(k).ok()) {
        Ok((shard, from)) => {
            if let Some(from) = from
                && !args.quiet
            {
                eprintln!("shard {shard}, from {from}");
            }
            shard
        }
        Err(e) => {
            eprintln!("error: {e}");
            return ExitCode::from(2);
        }
    };
    let stop = Arc::new(AtomicBool::new(false));
    let raised = stop.clone();
    // Ctrl-C stops the script code running: the games in progress (the
    // rows so far are kept and summarized), or the script's top level,
    // `games()` or `summarize(rows)` (nothing is written).
    let _ = ctrlc::set_handler(move || raised.store(true, Ordering::Relaxed));
    let exp = match Experiment::load(&args.script, stop.clone()) {
        Ok(e) => e,
        Err(e) => return failed(&e),
    };
    let threads = args
        .threads
        .unwrap_or_else(|| std::thread::available_parallelism().map_or(1, |n| n.get()))
        .max(1);
    let opts = RunOptions {
        seed: args.seed,
        threads,
        shard,
        games: args.games,
    };
    let bar = !args.quiet && std::io::stderr().is_terminal();
    let mut progress = Progress {
        start: Instant::now(),
        shown: false,
        last: None,
    };
    let started = Instant::now();
    let result = crate::experiment::run(&exp, &opts, &mut |done, total| {
        if bar {
            progress.update(done, total);
        }
    });
    progress.finish();
    let results = match result {
        Ok(r) => r,
        Err(e) => return failed(&e),
    };
    let secs = started.elapsed().as_secs_f64();
    if results.stopped {
        eprintln!(
            "stopped after {} of {} games; the results keep them",
            results.rows.len(),
            results.games
        );
    }
    if !args.quiet {
        eprintln!(
            "{} games in {secs:.2} s ({:.1} games/s, {threads} thread{})",
            results.rows.len(),
            results.rows.len() as f64 / secs.max(1e-9),
            if threads == 1 { "" } else { "s" }
        );
    }
    let to = Outputs {
        out: args.out.as_deref(),
        plot: args.plot.as_deref(),
        quiet: args.quiet,
    };
    let code = finish(&results, &to);
    if results.stopped && code == ExitCode::SUCCESS {
        // Interrupted, as a shell reports Ctrl-C.
        return ExitCode::from(130);
    }
    code
}

/// Reports an experiment that failed (exit code 2) or was stopped
/// (130, as a shell reports Ctrl-C).
fn failed(e: &ExperimentError) -> ExitCode {
    if e.stopped {
        eprintln!("{e}");
        ExitCode::from(130)
    } else {
        eprintln!("error: {e}");
        ExitCode::from(2)
    }
}

/// Where the results go.
struct Outputs<'a> {
    /// `--out`: a file, or `-` for standard output.
    out: Option<&'a str>,
    /// `--plot`: a directory for the charts.
    plot: Option<&'a str>,
    /// `-q`: nothing on the terminal but errors.
    quiet: bool,
}

/// Writes the results where asked, the table on standard output unless
/// the results themselves go there or `quiet`, then the charts.
fn finish(results: &Results, to: &Outputs) -> ExitCode {
    if let Some(out) = to.out
        && let Err(e) = write(results, out, to.quiet)
    {
        eprintln!("error: {e}");
        return ExitCode::from(2);
    }
    let table = results.table();
    // The table before the charts, so that it is shown even when they
    // cannot be drawn.
    if to.out != Some("-") && !to.quiet {
        let _ = writeln!(std::io::stdout(), "{}", table.text(results));
    }
    if let Some(dir) = to.plot {
        match crate::experiment::plot::write(&table, results, std::path::Path::new(dir)) {
            Ok(files) if !to.quiet => eprintln!("wrote the charts {}", files.join(" and ")),
            Ok(_) => {}
            Err(e) => {
                eprintln!("error: {e}");
                return ExitCode::from(2);
            }
        }
    }
    ExitCode::SUCCESS
}

/// `changeling merge`.
pub fn merge_files(
    files: &[String],
    script: Option<&str>,
    out: Option<&str>,
    plot: Option<&str>,
) -> ExitCode {
    if let Some(out) = out
        && let Err(e) = format_of(out)
    {
        eprintln!("error: {e}");
        return ExitCode::from(2);
    }
    let mut parts = Vec::new();
    for f in files {
        match crate::files::read_text(std::path::Path::new(f), MAX_PART_BYTES) {
            Ok(t) => parts.push((f.clone(), t)),
            Err(e) => {
                eprintln!("error: {e}");
                return ExitCode::from(2);
            }
        }
    }
    match merge(&parts, script) {
        Ok(results) => {
            if results.stopped {
                eprintln!(
                    "note: the shards hold {} of the run's {} games (some were stopped early)",
                    results.rows.len(),
                    results.games
                );
            }
            let to = Outputs {
                out,
                plot,
                quiet: false,
            };
            finish(&results, &to)
        }
        Err(e) => {
            eprintln!("error: {e}");
            ExitCode::from(2)
        }
    }
}
