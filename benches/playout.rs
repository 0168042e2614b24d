//! Random-playout throughput: seeded games of uniformly random legal
//! turns, played to their end by the rules (checkmate, stalemate,
//! repetition, the fifty-move rule), for each variant that a designer
//! would run experiments on.
//!
//! `cargo bench --bench playout` (set `PLAYOUT_GAMES=N` for more or fewer
//! games per variant; default 8). Prints turns/s and games/s with turns
//! drawn as the `random` player draws them, turns/s again with each
//! turn picked from the full legal list, then the
//! same through the experiment runner (`changeling run`: a Rhai script,
//! random players, one and two threads).

use changeling::experiment::{Experiment, RunOptions, Shard, run};
use changeling::game::{Game, Rng};
use changeling::variants::load;
use std::sync::Arc;
use std::sync::atomic::AtomicBool;
use std::time::Instant;

const VARIANTS: [&str; 6] = [
    "chess",
    "metamorph",
    "pocket-mutation",
    "mutatis-mutandis",
    "twelve-mutation",
    "fluid",
];

/// The variants to play: those `PLAYOUT_ONLY` names (comma-separated),
/// else all of them.
fn chosen() -> Vec<&'static str> {
    match std::env::var("PLAYOUT_ONLY") {
        Ok(only) => VARIANTS
            .iter()
            .copied()
            .filter(|v| only.split(',').any(|o| o.trim() == *v))
            .collect(),
        Err(_) => VARIANTS.to_vec(),
    }
}

fn main() {
    let games: u64 = std::env::var("PLAYOUT_GAMES")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(8);
    println!(
        "{:<18} {:>6} {:>8} {:>9} {:>11} {:>9} {:>14}",
        "variant", "games", "turns", "seconds", "turns/s", "games/s", "listed turns/s"
    );
    for name in chosen() {
        let rules = load(name).expect("embedded variant");
        let (turns, secs) = playouts(&rules, games, Pick::Drawn);
        let (listed, listed_secs) = playouts(&rules, games, Pick::Listed);
        println!(
            "{:<18} {:>6} {:>8} {:>9.2} {:>11.0} {:>9.2} {:>14.0}",
            name,
            games,
            turns,
            secs,
            turns as f64 / secs,
            games as f64 / secs,
            listed as f64 / listed_secs
        );
    }
    runner(games);
}

/// How a random turn is chosen: drawn from candidates judged one by one
/// (as the `random` player does), or picked from the list of every legal
/// turn (the cost of listing them, as a search does).
#[derive(Clone, Copy, PartialEq)]
enum Pick {
    Drawn,
    Listed,
}

/// Plays `games` seeded random games; returns the turns played and the
/// seconds taken.
fn playouts(rules: &Arc<changeling::Rules>, games: u64, pick: Pick) -> (u64, f64) {
    let start = Instant::now();
    let mut turns = 0u64;
    for seed in 0..games {
        let mut game = Game::new(rules.clone(), seed).expect("setup");
        let mut rng = Rng::new(seed ^ 0x9e37_79b9);
        // The fifty-move and repetition rules end every game; the cap
        // only guards the benchmark against a rule change.
        loop {
            if pick == Pick::Listed {
                // Listed first, the list tells whether a turn exists.
                game.legal();
            }
            // Drawn before the game is asked whether it is over, as the
            // experiment runner's random player does: the draw tells it
            // that a move exists.
            let drawn = match pick {
                Pick::Drawn => game.random_move(&mut rng),
                Pick::Listed => None,
            };
            if game.outcome().is_some() || game.history().len() >= 20_000 {
                break;
            }
            let mv = match pick {
                Pick::Drawn => drawn.expect("a legal move"),
                Pick::Listed => {
                    let legal = game.legal();
                    legal[rng.below(legal.len() as u64) as usize]
                }
            };
            game.push(mv);
            turns += 1;
        }
    }
    (turns, start.elapsed().as_secs_f64())
}

/// Games/s of `changeling run` with random players, per variant.
fn runner(games: u64) {
    println!();
    println!(
        "{:<18} {:>6} {:>8} {:>14} {:>14}",
        "changeling run", "games", "turns", "games/s (1 t)", "games/s (2 t)"
    );
    for name in chosen() {
        let script = format!(
            "fn play_game(i, seed) {{\n    let r = play(game(variant(\"{name}\"), seed), \"random\", \"random\", #{{ max_turns: 20000 }});\n    #{{ plies: r.plies }}\n}}\n"
        );
        let exp = Experiment::compile("bench.rhai", &script, Arc::new(AtomicBool::new(false)))
            .expect("the benchmark script compiles");
        let mut rates = Vec::new();
        let mut turns = 0;
        for threads in [1, 2] {
            let opts = RunOptions {
                seed: 0,
                threads,
                shard: Shard::ALL,
                games: Some(games),
            };
            let start = Instant::now();
            let results = run(&exp, &opts, &mut |_, _| {}).expect("the benchmark runs");
            rates.push(games as f64 / start.elapsed().as_secs_f64());
            turns = results
                .rows
                .iter()
                .map(|r| r.values["plies"].as_int().unwrap_or(0))
                .sum::<i64>();
        }
        println!(
            "{:<18} {:>6} {:>8} {:>14.2} {:>14.2}",
            name, games, turns, rates[0], rates[1]
        );
    }
}
