//! Load time of every embedded variant: parsing its file and its parents,
//! compiling the rules and their tables, and compiling its script, timed
//! inside the process (no process start-up), with FIDE chess as the
//! reference measured in the same run.
//!
//! `cargo bench --bench load` (set `LOAD_RUNS=N` for more or fewer loads
//! per variant; default 31, the median is shown; `LOAD_ONLY=a,b` for
//! some variants only).

use changeling::variants::{EMBEDDED, load};
use std::hint::black_box;
use std::time::Instant;

/// The median time of `runs` loads of `name`, in milliseconds.
fn median_ms(name: &str, runs: usize) -> f64 {
    let mut times: Vec<f64> = (0..runs)
        .map(|_| {
            let start = Instant::now();
            let rules = black_box(load(name).expect("embedded variant"));
            let ms = start.elapsed().as_secs_f64() * 1e3;
            drop(rules);
            ms
        })
        .collect();
    times.sort_by(f64::total_cmp);
    times[times.len() / 2]
}

fn main() {
    let runs: usize = std::env::var("LOAD_RUNS")
        .ok()
        .and_then(|v| v.parse().ok())
        .filter(|&n| n > 0)
        .unwrap_or(31);
    let only = std::env::var("LOAD_ONLY").ok();
    let chosen = |name: &str| {
        only.as_deref()
            .is_none_or(|o| o.split(',').any(|v| v.trim() == name))
    };
    // Warm the allocator and the page cache once before timing.
    median_ms("chess", 3);
    let chess = median_ms("chess", runs);
    println!("{:<24} {:>10} {:>10}", "variant", "ms", "/chess");
    let mut rows: Vec<(&str, f64)> = EMBEDDED
        .iter()
        .map(|(name, _)| *name)
        .filter(|name| chosen(name))
        .map(|name| (name, median_ms(name, runs)))
        .collect();
    rows.sort_by(|a, b| b.1.total_cmp(&a.1));
    for (name, ms) in rows {
        println!("{:<24} {:>10.3} {:>9.2}x", name, ms, ms / chess);
    }
    println!("{:<24} {:>10.3} {:>9.2}x", "(chess, reference)", chess, 1.0);
}
