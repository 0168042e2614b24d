//! Random-playout throughput: seeded games of uniformly random legal
//! turns, played to their end by the rules (checkmate, stalemate,
//! repetition, the fifty-move rule), for each variant that a designer
//! would run experiments on.
//!
//! `cargo bench --bench playout` (set `PLAYOUT_GAMES=N` for more or fewer
//! games per variant; default 8). Prints turns/s and games/s.

use changeling::game::{Game, Rng};
use changeling::variants::load;
use std::time::Instant;

fn main() {
    let games: u64 = std::env::var("PLAYOUT_GAMES")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(8);
    println!(
        "{:<18} {:>6} {:>8} {:>9} {:>11} {:>9}",
        "variant", "games", "turns", "seconds", "turns/s", "games/s"
    );
    for name in [
        "chess",
        "metamorph",
        "pocket-mutation",
        "mutatis-mutandis",
        "fluid",
    ] {
        let rules = load(name).expect("embedded variant");
        let start = Instant::now();
        let mut turns = 0u64;
        for seed in 0..games {
            let mut game = Game::new(rules.clone(), seed).expect("setup");
            let mut rng = Rng::new(seed ^ 0x9e37_79b9);
            // The fifty-move and repetition rules end every game; the cap
            // only guards the benchmark against a rule change.
            while game.outcome().is_none() && game.history().len() < 20_000 {
                let legal = game.legal();
                let mv = legal[rng.below(legal.len() as u64) as usize].clone();
                game.push(mv);
                turns += 1;
            }
        }
        let secs = start.elapsed().as_secs_f64();
        println!(
            "{:<18} {:>6} {:>8} {:>9.2} {:>11.0} {:>9.2}",
            name,
            games,
            turns,
            secs,
            turns as f64 / secs,
            games as f64 / secs
        );
    }
}
