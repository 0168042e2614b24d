//! The engine held to the reference: perft from the seeded setups, the
//! perft file, and seeded random games.

use super::*;
use crate::kit::engine_children;
use changeling::game::{Game, Rng, start_position};
use changeling::movegen::{legal_moves, perft};
use changeling::notation::{parse_fen, to_fen};
use changeling::variants::load;
use std::collections::BTreeSet;
use std::sync::Arc;

pub(super) fn rules() -> Arc<changeling::rules::Rules> {
    load("mutatis-mutandis").expect("embedded")
}

/// Compares the child positions of `ours` and the engine's `pos`.
fn same_children(
    rules: &changeling::rules::Rules,
    pos: &changeling::position::Position,
    ours: &Pos,
    cfg: Cfg,
) -> Result<(), String> {
    let theirs: BTreeSet<String> = engine_children(rules, pos)
        .into_iter()
        .map(|(f, _)| f)
        .collect();
    let mine = child_fens(ours, cfg);
    if theirs == mine {
        return Ok(());
    }
    let only_engine: Vec<_> = theirs.difference(&mine).collect();
    let only_ref: Vec<_> = mine.difference(&theirs).collect();
    Err(format!(
        "in {}\n  engine only ({}): {:#?}\n  reference only ({}): {:#?}",
        to_fen(rules, pos),
        only_engine.len(),
        only_engine.iter().take(8).collect::<Vec<_>>(),
        only_ref.len(),
        only_ref.iter().take(8).collect::<Vec<_>>()
    ))
}

/// Child sets compared at every node to `depth - 1`, and the perft
/// counts to `depth`.
pub(super) fn compare_tree(fen_text: &str, depth: u32, cfg: Cfg) {
    let rules = rules();
    let pos = parse_fen(&rules, fen_text).unwrap_or_else(|e| panic!("{fen_text}: {e}"));
    let ours = parse(fen_text);
    assert_eq!(fen(&ours), to_fen(&rules, &pos), "FEN text differs");
    fn walk(
        rules: &changeling::rules::Rules,
        pos: &changeling::position::Position,
        ours: &Pos,
        depth: u32,
        cfg: Cfg,
    ) {
        if depth == 0 {
            return;
        }
        if let Err(e) = same_children(rules, pos, ours, cfg) {
            panic!("{e}");
        }
        if depth == 1 {
            return;
        }
        let mine = children(ours, cfg);
        for (f, c) in engine_children(rules, pos) {
            let o = mine.iter().find(|m| fen(m) == f).unwrap();
            walk(rules, &c, o, depth - 1, cfg);
        }
    }
    walk(&rules, &pos, &ours, depth, cfg);
    for d in 1..=depth {
        assert_eq!(
            perft(&rules, &pos, d),
            reference_perft(&ours, d, cfg),
            "perft {d} of {fen_text}"
        );
    }
}

/// The counts both computations give for the seeded setups (seed: depth
/// 1, 2, 3, 4): 1: 27, 678, 21517, 683717; 2: 22, 459, 11991, 311289;
/// 3: 30, 892, 30280, 1007809.
fn seed_perft(depth: u32) {
    let rules = rules();
    for seed in 1..=3u64 {
        let pos = start_position(&rules, seed).unwrap();
        let text = to_fen(&rules, &pos);
        let ours = parse_start(&text);
        assert_eq!(fen(&ours), text);
        for d in 1..=depth {
            let engine = perft(&rules, &pos, d);
            let reference = reference_perft(&ours, d, RULES);
            println!("seed {seed} depth {d}: engine {engine}, reference {reference}");
            assert_eq!(engine, reference, "seed {seed} depth {d}: {text}");
        }
    }
}

#[test]
fn engine_perft_from_seeded_setups() {
    seed_perft(2);
}

/// Depths 3 and 4: `cargo test --release --test models
/// mutatis_mutandis_reference:: -- --ignored engine_perft_from_seeded_setups_deep
/// --nocapture` (prints the counts).
#[test]
#[ignore]
fn engine_perft_from_seeded_setups_deep() {
    seed_perft(4);
}

/// Every count of `tests/perft/mutatis-mutandis.perft` up to `limit`
/// nodes, computed by the reference under the rules' reading.
fn perft_file_agrees(limit: u64) {
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/perft/mutatis-mutandis.perft"
    );
    let text = std::fs::read_to_string(path).unwrap();
    let (mut id, mut pos) = (String::new(), None);
    let mut checked = 0;
    for line in text.lines() {
        if let Some(rest) = line.strip_prefix("id ") {
            id = rest.to_string();
        } else if let Some(rest) = line.strip_prefix("fen ") {
            pos = Some(parse(rest));
        } else if let Some(rest) = line.strip_prefix("perft ") {
            let mut it = rest.split_whitespace();
            let depth: u32 = it.next().unwrap().parse().unwrap();
            let nodes: u64 = it.next().unwrap().parse().unwrap();
            if nodes > limit {
                continue;
            }
            let p = pos.as_ref().expect("a fen before its counts");
            assert_eq!(
                reference_perft(p, depth, RULES),
                nodes,
                "{id} perft {depth}"
            );
            checked += 1;
        }
    }
    assert!(checked >= 20, "only {checked} counts checked");
}

/// The file's counts up to 40,000 nodes.
#[test]
fn perft_file_agrees_with_the_reference() {
    perft_file_agrees(40_000);
}

/// All of them: `cargo test --release --test models mutatis_mutandis_reference::
/// -- --ignored perft_file_in_full`.
#[test]
#[ignore]
fn perft_file_in_full_agrees_with_the_reference() {
    perft_file_agrees(u64::MAX);
}

/// Random games from the seeded setups: at every ply the engine's child
/// positions (FEN text) equal the reference's. The reference follows the
/// game with its own position (it keeps the moved flags and the ban).
fn playouts(games: std::ops::Range<u64>, max_plies: usize, cfg: Cfg) {
    let rules = rules();
    // Exploring: `MM_KEEP_GOING=1` reports every failing game, not only
    // the first; `MM_GAMES=a..b` picks the seeds.
    let keep_going = std::env::var("MM_KEEP_GOING").is_ok();
    let games = match std::env::var("MM_GAMES") {
        Ok(r) => {
            let (a, b) = r.split_once("..").expect("a..b");
            a.parse().unwrap()..b.parse().unwrap()
        }
        Err(_) => games,
    };
    let mut failures = 0;
    for seed in games {
        if seed % 100 == 99 {
            println!("seed {seed}: {failures} games with differences so far");
        }
        let mut game = Game::new(rules.clone(), seed).unwrap();
        let mut rng = Rng::new(seed ^ 0x00c0_ffee);
        let mut ours = parse_start(&to_fen(&rules, game.position()));
        for ply in 0..max_plies {
            if game.outcome().is_some() {
                break;
            }
            let pos = game.position().clone();
            if let Err(e) = same_children(&rules, &pos, &ours, cfg) {
                let unmoved: Vec<String> = (0..64)
                    .filter(|&s| ours.b[s].is_some_and(|q| !q.moved))
                    .map(sq_name)
                    .collect();
                let msg = format!("seed {seed} ply {ply}: {e}\n  unmoved (reference): {unmoved:?}");
                if keep_going {
                    println!("{msg}");
                    failures += 1;
                    break;
                }
                panic!("{msg}");
            }
            let legal = legal_moves(&rules, &pos);
            if legal.is_empty() {
                break;
            }
            let mv = legal[rng.below(legal.len() as u64) as usize];
            game.push(mv);
            let f = to_fen(&rules, game.position());
            ours = children(&ours, cfg)
                .into_iter()
                .find(|c| fen(c) == f)
                .expect("the engine's move is one of the reference's");
        }
    }
    assert_eq!(failures, 0, "games with differences");
}

#[test]
fn engine_random_games_agree_move_by_move() {
    playouts(0..3, 400, ENGINE);
}

/// A thousand games to their end (about 2 s a game): `cargo test
/// --release --test models mutatis_mutandis_reference:: -- --ignored
/// engine_random_games_agree_move_by_move_many`.
#[test]
#[ignore]
fn engine_random_games_agree_move_by_move_many() {
    playouts(0..1000, 2000, ENGINE);
}
