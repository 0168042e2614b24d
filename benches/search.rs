//! Search speed: node-limited searches of the engine (`go`, `hint`, the
//! `engine` player) from positions of every embedded variant, as nodes
//! per second and as a ratio to FIDE chess searched in the same run.
//!
//! `cargo bench --bench search` (set `SEARCH_NODES=N` for the nodes of
//! each search; default 200,000). Each variant is searched from its
//! start position and from the positions after 10 and 30 random turns
//! of a seeded game, three searches in all; a search limited by nodes
//! does the same work on every machine, so only the time differs.
//!
//! `SEARCH_DEPTH=N` searches each position to depth N instead of a node
//! count: the nodes column is then the size of the tree, which pruning
//! in the search (quiescence's above all) shrinks.

use changeling::game::{Game, Rng};
use changeling::search::{Engine, Limits};
use changeling::variants::{EMBEDDED, load};
use std::time::Instant;

/// The positions searched: the start, then after 10 and 30 random turns.
fn positions(name: &str) -> Vec<Game> {
    let rules = load(name).expect("embedded variant");
    let mut out = Vec::new();
    let mut game = Game::new(rules, 7).expect("setup");
    let mut rng = Rng::new(0x5ea_7c4);
    out.push(game.clone());
    for turn in 1..=30 {
        if game.outcome().is_some() {
            break;
        }
        let legal = game.legal();
        let mv = legal[rng.below(legal.len() as u64) as usize];
        game.push(mv);
        if (turn == 10 || turn == 30) && game.outcome().is_none() {
            out.push(game.clone());
        }
    }
    out
}

/// Nodes searched and seconds taken over `name`'s positions.
fn measure(name: &str, limits: &Limits) -> (u64, f64) {
    let mut total = 0;
    let mut secs = 0.0;
    for game in positions(name) {
        let mut engine = Engine::new(game.rules().clone());
        let t = Instant::now();
        let found = engine
            .search(&game, limits, &mut |_| {})
            .expect("a game that is not over");
        secs += t.elapsed().as_secs_f64();
        total += found.nodes;
    }
    (total, secs)
}

fn main() {
    let setting = |key: &str| std::env::var(key).ok().and_then(|v| v.parse().ok());
    let limits = match setting("SEARCH_DEPTH") {
        Some(depth) => Limits::depth(depth as u32),
        None => Limits::nodes(setting("SEARCH_NODES").unwrap_or(200_000)),
    };
    println!(
        "{:<20} {:>10} {:>9} {:>11} {:>10}",
        "variant", "nodes", "seconds", "nodes/s", "over chess"
    );
    let (n, s) = measure("chess", &limits);
    let chess = n as f64 / s;
    println!(
        "{:<20} {:>10} {:>9.3} {:>11.0} {:>10}",
        "chess", n, s, chess, "1.00x"
    );
    for &(name, _) in EMBEDDED.iter().filter(|(n, _)| *n != "chess") {
        let (n, s) = measure(name, &limits);
        let nps = n as f64 / s;
        println!(
            "{:<20} {:>10} {:>9.3} {:>11.0} {:>9.2}x",
            name,
            n,
            s,
            nps,
            nps / chess
        );
    }
}
