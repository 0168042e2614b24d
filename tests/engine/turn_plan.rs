//! One plan per turn: the fast paths of move generation are an allow
//! list in the turn plan, so a turn rule the plan does not know leaves
//! every one of them off. Rules marked as having such a rule
//! (`Rules::with_unknown_turn_rule`) must give the same perft counts,
//! the same legal turns and the same counts of them as the rules
//! themselves, in FIDE chess and the five seed variants: the slow path
//! agrees with every shortcut it replaces.

use changeling::game::{Game, Rng};
use changeling::movegen::{TurnPool, has_legal_move, legal_move_count, legal_moves, perft};
use changeling::notation::{parse_fen, to_fen};
use changeling::position::{Move, Position};
use changeling::rules::{FastPath, Rules};
use changeling::variants::load;
use std::collections::HashMap;
use std::path::Path;
use std::sync::Arc;

/// The variants compared, each with its perft file.
const VARIANTS: [&str; 6] = [
    "chess",
    "mutatis-mutandis",
    "twelve-mutation",
    "pocket-mutation",
    "metamorph",
    "fluid",
];

/// Perft counts up to this many nodes are compared (the marked rules
/// take the slow path everywhere).
const NODES: u64 = 250_000;

/// The rules of `name` and the same rules with a turn rule the plan does
/// not know.
fn both(name: &str) -> (Arc<Rules>, Arc<Rules>) {
    let rules = load(name).unwrap();
    let marked = Arc::new((*rules).clone().with_unknown_turn_rule());
    (rules, marked)
}

/// How many times each turn occurs in `turns`.
fn tally(turns: &[Move]) -> HashMap<&Move, usize> {
    let mut counts = HashMap::new();
    for m in turns {
        *counts.entry(m).or_insert(0) += 1;
    }
    counts
}

/// The positions and counts of `tests/perft/NAME.perft`: (id, FEN,
/// depth, nodes).
fn perft_cases(name: &str) -> Vec<(String, String, u32, u64)> {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join(format!("tests/perft/{name}.perft"));
    let text = std::fs::read_to_string(&path).unwrap();
    let (mut id, mut fen) = (String::new(), String::new());
    let mut out = Vec::new();
    for line in text.lines().map(str::trim) {
        let (key, rest) = line.split_once(' ').unwrap_or((line, ""));
        match key {
            "variant" => assert_eq!(rest, name, "{name}.perft"),
            "id" => id = rest.to_string(),
            "fen" => fen = rest.to_string(),
            "perft" => {
                let (d, n) = rest.split_once(' ').unwrap();
                out.push((
                    id.clone(),
                    fen.clone(),
                    d.parse().unwrap(),
                    n.parse().unwrap(),
                ));
            }
            _ => {}
        }
    }
    out
}

/// The marked rules' plan allows no fast path in `pos`.
fn all_off(marked: &Rules, pos: &Position) {
    let plan = marked.plan(pos.active());
    for f in FastPath::ALL {
        assert!(!plan.allows(f), "{f:?} in {}", to_fen(marked, pos));
    }
}

#[test]
fn an_unknown_turn_rule_takes_the_slow_path_and_changes_no_perft_count() {
    let mut compared = 0;
    for name in VARIANTS {
        let (rules, marked) = both(name);
        for (id, fen, depth, nodes) in perft_cases(name) {
            if nodes > NODES {
                continue;
            }
            let pos = parse_fen(&rules, &fen).unwrap();
            let slow_pos = parse_fen(&marked, &fen).unwrap();
            all_off(&marked, &slow_pos);
            assert_eq!(
                perft(&rules, &pos, depth),
                nodes,
                "{name} {id} perft {depth}"
            );
            assert_eq!(
                perft(&marked, &slow_pos, depth),
                nodes,
                "{name} {id} perft {depth}, unknown turn rule"
            );
            compared += 1;
        }
    }
    assert!(compared >= 60, "only {compared} counts compared");
}

/// Along seeded random games, the marked rules list the same turns,
/// count as many, find a turn where the rules do, and draw from no pool
/// (the rules' own pool holds the listed turns).
#[test]
fn an_unknown_turn_rule_changes_no_legal_turn_along_random_games() {
    let mut scratch = Vec::new();
    for name in VARIANTS {
        let (rules, marked) = both(name);
        let mut fast_counted = 0;
        let mut drawn = 0;
        for seed in 0..6u64 {
            let mut game = Game::new(rules.clone(), seed).unwrap();
            let mut rng = Rng::new(seed ^ 0x5eed);
            for _ in 0..80 {
                let pos = game.position().clone();
                let fen = to_fen(&rules, &pos);
                all_off(&marked, &pos);
                let legal = legal_moves(&rules, &pos);
                let slow = legal_moves(&marked, &pos);
                assert_eq!(tally(&slow), tally(&legal), "{name}: {fen}");
                let count = legal_move_count(&rules, &pos, &mut scratch);
                assert_eq!(count, legal.len() as u64, "{name}: {fen}");
                assert_eq!(
                    legal_move_count(&marked, &pos, &mut scratch),
                    count,
                    "{name}: {fen}, unknown turn rule"
                );
                fast_counted += u64::from(rules.plan(pos.active()).allows(FastPath::Count));
                assert_eq!(
                    has_legal_move(&marked, &pos),
                    !legal.is_empty(),
                    "{name}: {fen}"
                );
                assert!(TurnPool::new(&marked, &pos).is_none(), "{name}: {fen}");
                if let Some(pool) = TurnPool::new(&rules, &pos) {
                    drawn += 1;
                    assert_eq!(
                        tally(&pool.legal_turns(&rules, &pos)),
                        tally(&legal),
                        "{fen}"
                    );
                }
                if legal.is_empty() || game.outcome().is_some() {
                    break;
                }
                game.push(legal[rng.below(legal.len() as u64) as usize]);
            }
        }
        // The rules themselves take the fast paths compared against.
        assert!(drawn > 0, "{name}: no position drawn from");
        if name == "chess" {
            assert!(fast_counted > 0, "{name}: no position counted in bulk");
        }
    }
}

/// FIDE chess knows every turn rule in force (none): its plan takes
/// every fast path, so the plan costs it no shortcut.
#[test]
fn fide_chess_takes_every_fast_path() {
    let rules = load("chess").unwrap();
    let pos = parse_fen(&rules, rules.setup()).unwrap();
    let plan = rules.plan(pos.active());
    assert_eq!(plan.rules(), changeling::rules::TurnRules::EMPTY);
    for f in FastPath::ALL {
        assert!(plan.allows(f), "{f:?}");
    }
}
