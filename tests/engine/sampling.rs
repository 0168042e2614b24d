//! Drawing a random legal turn by judging candidates one by one agrees
//! with listing every legal turn: along seeded random games of every
//! embedded and catalogue variant, the candidates found legal are the
//! listed turns (met in any order), the first legal candidate exists
//! exactly when the list is not empty, the captures judged alone are the
//! listed captures, and every draw is a listed turn. Draws are uniform.

use crate::kit::{XorShift, catalog, position};
use changeling::game::{Game, Rng};
use changeling::movegen::{TurnPool, legal_moves, legal_turns_kept, reserve_drop_due};
use changeling::notation::to_fen;
use changeling::position::{Move, Position};
use changeling::rules::Rules;
use changeling::variants::{EMBEDDED, load};
use std::collections::HashMap;
use std::sync::Arc;

/// How many times each turn occurs in `turns`.
fn tally(turns: &[Move]) -> HashMap<&Move, usize> {
    let mut counts = HashMap::new();
    for m in turns {
        *counts.entry(m).or_insert(0) += 1;
    }
    counts
}

/// Checks the pool of `pos`, if it has one, against `legal`, its list:
/// the same turns, a first legal candidate exactly when there are turns,
/// and listed draws. Whether `pos` had a pool.
fn pool_agrees(rules: &Rules, pos: &Position, legal: &[Move], rng: &mut Rng) -> bool {
    let Some(pool) = TurnPool::new(rules, pos) else {
        return false;
    };
    let fen = to_fen(rules, pos);
    assert_eq!(tally(&pool.legal_turns(rules, pos)), tally(legal), "{fen}");
    // Ranked, captures met first: the same turns.
    let ranked: Vec<Move> = pool
        .legal_turns_by(rules, pos, |m| m.captured.is_some() as i32)
        .collect();
    assert_eq!(tally(&ranked), tally(legal), "{fen}");
    assert_eq!(pool.first(rules, pos).is_some(), !legal.is_empty(), "{fen}");
    // The captures alone, judged without the rest.
    if let Some((kept, any)) = legal_turns_kept(rules, pos, |m| m.captured.is_some()) {
        let captures: Vec<Move> = legal
            .iter()
            .filter(|m| m.captured.is_some())
            .copied()
            .collect();
        assert_eq!(tally(&kept), tally(&captures), "{fen}");
        assert_eq!(any, !legal.is_empty(), "{fen}");
    }
    for _ in 0..3 {
        match pool.draw(rules, pos, &mut |n| rng.below(n)) {
            Some(m) => assert!(legal.contains(&m), "{fen}: drew {m:?}"),
            None => assert!(legal.is_empty(), "{fen}: drew nothing"),
        }
    }
    true
}

/// Walks `games` random games of at most `plies` turns, checking the pool
/// against the list at every position; returns the positions that had a
/// pool (the others are listed only).
fn agrees(rules: &Arc<Rules>, games: u64, plies: usize) -> Vec<Position> {
    let mut pooled = Vec::new();
    for seed in 0..games {
        // A game, not a bare position: it rolls the die where one is due.
        let mut game = Game::new(rules.clone(), seed).unwrap();
        let mut walk = XorShift(seed * 7919 + 1);
        let mut rng = Rng::new(seed);
        for _ in 0..plies {
            let pos = game.position().clone();
            let legal = legal_moves(rules, &pos);
            if pool_agrees(rules, &pos, &legal, &mut rng) {
                pooled.push(pos);
            }
            if legal.is_empty() {
                break;
            }
            game.push(legal[walk.below(legal.len())]);
        }
    }
    pooled
}

#[test]
fn pools_agree_with_the_list_in_every_embedded_variant() {
    let mut pooled = HashMap::new();
    for &(name, _) in EMBEDDED {
        let rules = load(name).unwrap();
        pooled.insert(name, agrees(&rules, 6, 80).len());
    }
    // Where the seed variants play, most positions are drawn from.
    for name in [
        "chess",
        "twelve-mutation",
        "mutatis-mutandis",
        "pocket-mutation",
    ] {
        assert!(
            pooled[name] > 200,
            "{name}: {} positions pooled",
            pooled[name]
        );
    }
}

/// Twelve Mutation's mutators meet in many combinations (the die's lane
/// with pushes among them) only along longer games.
#[test]
fn pools_agree_with_the_list_along_long_twelve_mutation_games() {
    let rules = load("twelve-mutation").unwrap();
    assert!(agrees(&rules, 40, 300).len() > 5_000);
}

/// Mutatis Mutandis drops its reserve in windows: a drop may follow any
/// action, must on a window's last turn, and a pawn promotes by taking
/// the reserve's last piece. Whole games pass through open windows, due
/// drops and the reserve running out.
#[test]
fn pools_agree_with_the_list_through_mutatis_mutandis_reserve_windows() {
    let rules = load("mutatis-mutandis").unwrap();
    let pooled = agrees(&rules, 32, 250);
    let due = |d: Option<bool>| {
        pooled
            .iter()
            .filter(|p| reserve_drop_due(&rules, p) == d)
            .count()
    };
    let (open, due, closed) = (due(Some(false)), due(Some(true)), due(None));
    assert!(
        open > 800 && due > 10 && closed > 2_000,
        "{open} open, {due} due, {closed} closed"
    );
}

#[test]
fn pools_agree_with_the_list_in_every_catalogue_variant() {
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/examples/variants/catalog");
    let mut names: Vec<String> = std::fs::read_dir(dir)
        .unwrap()
        .filter_map(|e| {
            let path = e.ok()?.path();
            (path.extension()? == "variant")
                .then(|| path.file_stem()?.to_str().map(String::from))?
        })
        .collect();
    names.sort();
    assert!(names.len() > 70);
    let pooled: usize = names.iter().map(|n| agrees(&catalog(n), 3, 60).len()).sum();
    assert!(pooled > 5_000, "{pooled} positions pooled");
}

/// In check with three legal moves among some thirty candidates, each is
/// drawn about a third of the time: a refused candidate does not favour
/// the one drawn after it.
#[test]
fn draws_are_uniform() {
    let rules = load("chess").unwrap();
    let pos = position(&rules, "4k3/8/8/8/1b6/8/5P2/3QK1NR w K - 0 1");
    let legal = legal_moves(&rules, &pos);
    assert_eq!(legal.len(), 3, "{legal:?}");
    let pool = TurnPool::new(&rules, &pos).unwrap();
    let mut rng = Rng::new(11);
    let mut counts: HashMap<Move, usize> = HashMap::new();
    for _ in 0..30_000 {
        let m = pool.draw(&rules, &pos, &mut |n| rng.below(n)).unwrap();
        *counts.entry(m).or_insert(0) += 1;
    }
    assert_eq!(counts.len(), 3);
    for (m, n) in counts {
        assert!((9_000..=11_000).contains(&n), "{m:?} drawn {n} times");
    }
}

/// A pawn pushed onto its last rank waits for its owner's choice: the
/// candidates are each choice's actions, drawn among all of them alike.
/// With a queen on b1 Black has its 21 moves and the king's 5 steps; with
/// a rook 14 and 5, a bishop 7 and 5, a knight 3 and 5: 65 turns in all
/// (White has no pawn to push).
#[test]
fn a_pending_promotion_is_drawn_with_its_choices() {
    let rules = load("twelve-mutation").unwrap();
    let pos = position(
        &rules,
        "4k3/8/8/8/8/8/7K/1p6[] b - - 0 1 {a4:avalanche+} pending:b1",
    );
    let legal = legal_moves(&rules, &pos);
    assert_eq!(legal.len(), 65);
    let pool = TurnPool::new(&rules, &pos).expect("a pending choice is drawn from");
    assert_eq!(tally(&pool.legal_turns(&rules, &pos)), tally(&legal));
    let mut rng = Rng::new(5);
    let mut kinds: HashMap<_, usize> = HashMap::new();
    for _ in 0..13_000 {
        let m = pool.draw(&rules, &pos, &mut |n| rng.below(n)).unwrap();
        assert!(legal.contains(&m), "drew {m:?}");
        *kinds
            .entry(m.choice.expect("each turn chooses").1)
            .or_insert(0) += 1;
    }
    // Each choice's share is its turns' share: 26/65 of 13,000 is 5,200.
    let mut shares: Vec<usize> = kinds.into_values().collect();
    shares.sort();
    for (n, want) in shares.into_iter().zip([1_600, 2_400, 3_800, 5_200]) {
        assert!(n.abs_diff(want) < 300, "{n} draws where {want} expected");
    }
}

/// Reserve windows at their edges, each drawn as it is listed: a due drop
/// no turn can make (the actions alone stand), a due drop every turn must
/// make, and an attacked Wuss, which must move, in an open window and
/// with the drop due where only other pieces could make it (then there
/// is no legal turn: the due drop is preferred before the Wuss's duty
/// keeps its own moves).
#[test]
fn reserve_windows_are_drawn_at_their_edges() {
    let rules = load("mutatis-mutandis").unwrap();
    let mut rng = Rng::new(3);
    let cases = [
        (
            "k7/8/8/8/8/8/PPPPPPPP/RQBK{Paovao}BBR<{Amazon}/-> w - - 0 11",
            16,
            0,
        ),
        (
            "k7/8/8/8/8/8/PPP1PPPP/RQBK{Paovao}BBR<{Amazon}/-> w - - 0 12",
            0,
            10,
        ),
        // The Wuss's 20 queen steps, each alone or with a drop on the 7
        // empty first-rank squares (6 where it steps onto one).
        (
            "k7/8/8/8/1n6/8/{Wuss}7/7K<N/n> w - - 0 8",
            20,
            18 * 7 + 2 * 6,
        ),
        ("2k5/8/8/8/3{Wuss}3r/8/8/RNBQKBNR<N/n> w - - 0 11", 0, 0),
    ];
    for (fen, alone, dropping) in cases {
        let pos = position(&rules, fen);
        let legal = legal_moves(&rules, &pos);
        let with = legal.iter().filter(|m| m.drop.is_some()).count();
        assert_eq!((legal.len() - with, with), (alone, dropping), "{fen}");
        assert!(pool_agrees(&rules, &pos, &legal, &mut rng), "{fen}");
    }
}
