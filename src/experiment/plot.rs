//! The results table drawn as SVG charts (`run --plot DIR`):
//! `win_rates.svg`, White's wins, the draws and Black's wins of each
//! condition as bars with their 95% intervals as error bars, and
//! `lengths.svg`, a histogram of the game lengths in plies for each
//! condition, all on the same bins and the same length axis.
//!
//! plotters lays out the axes, ticks, labels and legend; its SVG backend
//! writes into memory and the file is then saved atomically, as every
//! output is.

use super::Results;
use super::table::Table;
use plotters::prelude::*;
use std::path::Path;

/// The bars' colours: White's wins, draws, Black's wins.
const OUTCOME_COLORS: [RGBColor; 3] = [
    RGBColor(230, 171, 2),
    RGBColor(160, 160, 160),
    RGBColor(60, 84, 136),
];
/// The outcomes, in the order of the table's shares.
const OUTCOMES: [&str; 3] = ["White wins", "draws", "Black wins"];
/// Width given to each condition on the win-rate chart, in pixels.
const CONDITION_WIDTH: u32 = 120;
/// One histogram panel's size, in pixels.
const PANEL: (u32, u32) = (420, 300);
/// Histogram panels side by side.
const PANEL_COLUMNS: usize = 3;

/// Draws `table` (of `results`) into `dir`, made if missing: the charts
/// its data allows, `win_rates.svg` when the rows have results and
/// `lengths.svg` when they have lengths. Gives the files written.
///
/// # Errors
///
/// No games, neither results nor lengths to draw, or the directory or a
/// file cannot be written.
pub fn write(table: &Table, results: &Results, dir: &Path) -> Result<Vec<String>, String> {
    if table.conditions.is_empty() {
        return Err("--plot: there are no games to draw".to_string());
    }
    let mut charts = Vec::new();
    if table.has_results {
        charts.push(("win_rates.svg", win_rates(table, results)?));
    }
    if table.bins > 0 {
        charts.push(("lengths.svg", lengths(table, results)?));
    }
    if charts.is_empty() {
        return Err(format!(
            "--plot: the rows have neither a `{}` nor a `{}` to draw",
            super::table::RESULT_KEY,
            super::table::PLIES_KEY
        ));
    }
    prepare(dir)?;
    let mut written = Vec::new();
    for (name, svg) in charts {
        let path = dir.join(name);
        crate::files::write_atomically(&path, svg.as_bytes())
            .map_err(|e| format!("cannot write `{}`: {e}", path.display()))?;
        written.push(path.display().to_string());
    }
    Ok(written)
}

/// Makes `dir` for the charts, so that a directory that cannot be made
/// is reported before any game is played.
///
/// # Errors
///
/// The directory cannot be made.
pub fn prepare(dir: &Path) -> Result<(), String> {
    std::fs::create_dir_all(dir)
        .map_err(|e| format!("cannot make the directory `{}`: {e}", dir.display()))
}

/// A drawing error as text.
fn failed<E: std::error::Error + Send + Sync>(e: DrawingAreaErrorKind<E>) -> String {
    format!("cannot draw the chart: {e}")
}

/// The run a chart comes from, for its caption: the script's file name
/// (its folder would crowd the caption) and the seed.
fn run_name(results: &Results) -> String {
    let script = std::path::Path::new(&results.script)
        .file_name()
        .map_or_else(
            || results.script.clone(),
            |n| n.to_string_lossy().into_owned(),
        );
    format!("{script}, seed {}", results.seed)
}

/// Bars of each outcome's share per condition, with error bars from the
/// interval's low end to its high end.
fn win_rates(table: &Table, results: &Results) -> Result<String, String> {
    let n = table.conditions.len();
    let width = (CONDITION_WIDTH * n as u32 + 160).max(640);
    let mut svg = String::new();
    {
        let root = SVGBackend::with_string(&mut svg, (width, 480)).into_drawing_area();
        root.fill(&WHITE).map_err(failed)?;
        // Each condition's centre at a multiple of 100 (integers, whose
        // labels the formatter names), its three bars around it.
        let span = 100 * n as i32;
        let keys: Vec<i32> = (0..span).step_by(100).collect();
        let mut chart = ChartBuilder::on(&root)
            .caption(
                format!("Results with 95% intervals: {}", run_name(results)),
                ("sans-serif", 18),
            )
            .margin(12)
            .x_label_area_size(40)
            .y_label_area_size(56)
            .build_cartesian_2d((-50..span - 50).with_key_points(keys), 0.0..100.0)
            .map_err(failed)?;
        let names: Vec<String> = table.conditions.iter().map(|c| c.name()).collect();
        chart
            .configure_mesh()
            .disable_x_mesh()
            .light_line_style(TRANSPARENT)
            .x_label_formatter(&|&x| match usize::try_from(x) {
                Ok(x) if x % 100 == 0 => names.get(x / 100).cloned().unwrap_or_default(),
                _ => String::new(),
            })
            .y_desc("% of games")
            .y_label_formatter(&|y| format!("{y:.0}"))
            .draw()
            .map_err(failed)?;
        for (k, (&outcome, &color)) in OUTCOMES.iter().zip(&OUTCOME_COLORS).enumerate() {
            // Three bars a condition, side by side around its key point.
            let left = |i: usize| 100 * i as i32 - 36 + 24 * k as i32;
            let shares: Vec<(usize, [f64; 3])> = table
                .conditions
                .iter()
                .enumerate()
                .filter_map(|(i, c)| {
                    let s = c.shares()?[k];
                    Some((i, [100.0 * s.low, 100.0 * s.p, 100.0 * s.high]))
                })
                .collect();
            chart
                .draw_series(shares.iter().map(|&(i, [_, p, _])| {
                    Rectangle::new([(left(i), 0.0), (left(i) + 22, p)], color.filled())
                }))
                .map_err(failed)?
                .label(outcome)
                .legend(move |(x, y)| {
                    Rectangle::new([(x, y - 5), (x + 12, y + 5)], color.filled())
                });
            chart
                .draw_series(shares.iter().map(|&(i, [low, p, high])| {
                    ErrorBar::new_vertical(left(i) + 11, low, p, high, BLACK.stroke_width(1), 8)
                }))
                .map_err(failed)?;
        }
        chart
            .configure_series_labels()
            .position(SeriesLabelPosition::UpperRight)
            .background_style(WHITE.mix(0.85))
            .border_style(BLACK)
            .draw()
            .map_err(failed)?;
        root.present().map_err(failed)?;
    }
    Ok(svg)
}

/// A histogram of the lengths per condition, one panel each, on the
/// table's bins.
fn lengths(table: &Table, results: &Results) -> Result<String, String> {
    let n = table.conditions.len();
    let columns = n.min(PANEL_COLUMNS);
    let rows = n.div_ceil(columns);
    let size = (PANEL.0 * columns as u32, PANEL.1 * rows as u32 + 40);
    let top = table.conditions.iter().flat_map(|c| &c.lengths).max();
    let top = top.copied().unwrap_or(0).max(1) as f64 * 1.1;
    let (_, last) = table.bin_range(table.bins - 1);
    let end = last as f64 + 1.0;
    let mut svg = String::new();
    {
        let root = SVGBackend::with_string(&mut svg, size).into_drawing_area();
        root.fill(&WHITE).map_err(failed)?;
        let root = root
            .titled(
                &format!("Game lengths in plies: {}", run_name(results)),
                ("sans-serif", 18),
            )
            .map_err(failed)?;
        for (c, area) in table
            .conditions
            .iter()
            .zip(root.split_evenly((rows, columns)))
        {
            let mut chart = ChartBuilder::on(&area)
                .caption(c.name(), ("sans-serif", 16))
                .margin(10)
                .x_label_area_size(44)
                .y_label_area_size(44)
                .build_cartesian_2d(0.0..end, 0.0..top)
                .map_err(failed)?;
            chart
                .configure_mesh()
                .disable_x_mesh()
                .light_line_style(TRANSPARENT)
                .x_desc("plies")
                .x_label_formatter(&|x| format!("{x:.0}"))
                .y_desc("games")
                .y_label_formatter(&|y| format!("{y:.0}"))
                .draw()
                .map_err(failed)?;
            chart
                .draw_series(c.lengths.iter().enumerate().map(|(i, &count)| {
                    let (from, to) = table.bin_range(i);
                    Rectangle::new(
                        [(from as f64, 0.0), (to as f64 + 1.0, count as f64)],
                        OUTCOME_COLORS[2].mix(0.8).filled(),
                    )
                }))
                .map_err(failed)?;
        }
        root.present().map_err(failed)?;
    }
    Ok(svg)
}
