//! Fluid Chess (`examples/variants/fluid.variant`, embedded as `fluid`,
//! `fluid_single` and `fluid_doubled`): the engine checked against the
//! independent reference model in `model` (position by position: the
//! same resulting positions, the same number of moves), one
//! scenario per rule of `../shared/rules/fluid.md` in SAN, and seeded
//! random games played to their end.

use super::model::{self as fluid_model, Promotion};
use crate::kit::{after, position, sans, strings};
use changeling::game::{Game, Rng};
use changeling::movegen::{in_check, legal_moves, perft};
use changeling::notation::{parse_fen, parse_move, to_fen};
use changeling::rules::Rules;
use changeling::variants::load;
use changeling::{Color, Position};
use std::collections::BTreeSet;
use std::sync::Arc;

fn fluid(name: &str) -> Arc<Rules> {
    load(name).expect("the embedded variant loads")
}

/// The engine variant and the model's promotion option that go together.
const MODES: [(&str, Promotion); 3] = [
    ("fluid", Promotion::Standard),
    ("fluid_single", Promotion::Single),
    ("fluid_doubled", Promotion::Doubled),
];

/// A FEN's board, side and castling fields: what tells two children of
/// one position apart (the reference writes an en-passant square after
/// every double step, the engine only when a capture is possible).
/// The Paladin and Chancellor of `fluid_doubled` are written as stacks,
/// as the reference writes every stack but the Queen.
fn key(fen: &str) -> String {
    let mut fields: Vec<String> = as_stacks(fen)
        .split(' ')
        .take(3)
        .map(str::to_string)
        .collect();
    fields.truncate(3);
    fields.join(" ")
}

/// `fen` with the Paladin and Chancellor written as stacks.
fn as_stacks(fen: &str) -> String {
    let mut fields: Vec<String> = fen.split_whitespace().map(str::to_string).collect();
    fields[0] = fields[0]
        .replace('A', "(BN)")
        .replace('a', "(bn)")
        .replace('C', "(RN)")
        .replace('c', "(rn)");
    fields.join(" ")
}

/// The positions the engine's legal moves lead to, and how many moves.
fn engine_children(rules: &Rules, pos: &Position) -> (BTreeSet<String>, usize) {
    let moves = legal_moves(rules, pos);
    let children = moves
        .iter()
        .map(|m| {
            let mut child = pos.clone();
            child.play_unchecked(rules, m);
            key(&to_fen(rules, &child))
        })
        .collect();
    (children, moves.len())
}

/// The positions the model's legal turns lead to, and how many turns.
fn model_children(fen: &str, mode: Promotion) -> (BTreeSet<String>, usize) {
    let fen = as_stacks(fen);
    let pos = fluid_model::parse_fen(&fen).unwrap_or_else(|e| panic!("model: {fen}: {e}"));
    let turns = fluid_model::legal_turns(&pos, mode);
    let children = turns
        .iter()
        .map(|t| key(&fluid_model::write_fen(&t.pos)))
        .collect();
    (children, turns.len())
}

/// Engine and model agree on `fen`: the same set of resulting positions,
/// and each reached by exactly one move.
fn agree(rules: &Rules, mode: Promotion, fen: &str) {
    let pos = position(rules, fen);
    let (engine, moves) = engine_children(rules, &pos);
    let (model, turns) = model_children(fen, mode);
    let missing: Vec<&String> = model.difference(&engine).collect();
    let extra: Vec<&String> = engine.difference(&model).collect();
    assert!(
        missing.is_empty() && extra.is_empty(),
        "{} at {fen}: the engine misses {missing:?} and has extra {extra:?}",
        rules.name()
    );
    assert_eq!(
        moves,
        engine.len(),
        "{}: two moves lead to one position at {fen}",
        rules.name()
    );
    assert_eq!(turns, model.len(), "model duplicates at {fen}");
}

const START: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

const MIDDLEGAMES: [&str; 3] = [
    "r3k2r/pp3ppp/2p1(bn)q2/3pp3/1b1PP3/2N1(BN)Q2/PPP2PPP/R3K2R w KQkq - 4 9",
    "2r2rk1/pp3pp1/2n1b2p/3(Rn)4/8/2Q1B3/PP3PPP/6(KR)1 b - - 0 18",
    "3r2(kn)1/1P3ppp/8/2Pp4/8/5N2/5PPP/R1(BN)1K2R w KQ d6 0 22",
];

/// The positions of the scenarios below and of the reference's own
/// tests: every row of the capture table, passing, pairs, castling,
/// promotion, check.
const SCENARIOS: &[&str] = &[
    "k7/8/8/3n4/8/8/8/3RK3 w - - 0 1",
    "7k/8/8/3(Bn)4/8/8/8/3RK3 w - - 0 1",
    "7k/8/8/3q4/8/8/8/3RK3 w - - 0 1",
    "4k3/8/8/3(Rn)4/8/8/8/4K3 b - - 0 1",
    "4k3/8/8/3(Rn)4/8/8/8/3RK3 w - - 0 1",
    "4k3/8/8/3(Pb)4/8/8/3R4/4K3 w - - 0 1",
    "4k3/8/2p5/3(Pb)4/8/8/8/4K3 b - - 0 1",
    "k2(rn)4/4P3/8/8/8/8/8/4K3 w - - 0 1",
    "7k/8/8/8/(RN)7/8/8/4K3 b - - 0 1",
    "7k/8/8/8/b7/8/8/(RN)3K3 w - - 0 1",
    "7k/8/8/8/q7/8/8/(RN)3K3 w - - 0 1",
    "7k/8/8/8/B7/8/8/(RN)3K3 w - - 0 1",
    "7k/8/8/8/8/8/8/(RR)3K3 w - - 0 1",
    "7k/8/8/8/8/8/PPP5/1N(BN)4K w - - 0 1",
    "7k/8/8/8/8/8/PPP5/1NB4K w - - 0 1",
    "7k/8/8/8/8/8/1PP5/1N5K w - - 0 1",
    "7k/8/8/8/8/8/1P6/1N5K w - - 0 1",
    "7k/8/8/3Q4/8/8/8/4K3 b - - 0 1",
    "8/7k/8/8/3Q4/8/8/7K w - - 0 1",
    "7k/3N4/3B4/8/2nR1(BN)2/3P4/8/7K w - - 0 1",
    "4k3/8/8/8/8/8/8/4K2R w K - 0 1",
    "4k3/8/8/8/8/8/8/4K1NR w K - 0 1",
    "4k3/8/8/8/8/8/8/4KB1R w K - 0 1",
    "4k3/8/8/8/8/8/8/4KBNR w K - 0 1",
    "4k3/8/8/8/8/8/8/R2QK3 w Q - 0 1",
    "4k3/8/8/8/8/8/8/RNB1K3 w Q - 0 1",
    "4k3/8/8/8/8/8/8/RP2K3 w Q - 0 1",
    "4k3/8/8/8/8/8/8/Rn2K3 w Q - 0 1",
    "4kr2/8/8/8/8/8/8/4K2R w K - 0 1",
    "4k2(rn)/8/8/8/8/8/8/4K3 b k - 0 1",
    "7k/1P6/8/8/8/8/8/4K3 w - - 0 1",
    "2(rn)4k/1P6/8/8/8/8/8/4K3 w - - 0 1",
    "4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 2",
    "4r2k/8/8/4n3/8/8/8/4K3 w - - 0 1",
    "4r2k/8/8/4p3/8/8/8/4K3 w - - 0 1",
    "4r2k/8/8/8/8/8/8/4(KR)3 w - - 0 1",
    "k2r4/8/8/8/3(Kb)4/8/8/8 w - - 0 1",
    "4k3/8/8/8/8/8/8/(KR)6R w - - 0 1",
    "4R2(kn)/5ppp/6p1/8/8/8/8/6K1 b - - 0 1",
    "4k3/8/8/8/4N3/8/8/K3R3 b - - 0 1",
];

#[test]
fn engine_agrees_with_the_reference_on_every_scenario() {
    for (name, mode) in MODES {
        let rules = fluid(name);
        for fen in SCENARIOS.iter().chain(&MIDDLEGAMES).chain([&START]) {
            agree(&rules, mode, fen);
        }
    }
}

#[test]
fn engine_agrees_with_the_reference_in_seeded_random_games() {
    let mut compared = 0;
    for (i, (name, mode)) in MODES.into_iter().enumerate() {
        let rules = fluid(name);
        for seed in 0..40u64 {
            let mut rng = Rng::new(seed * 3 + i as u64);
            let mut pos = parse_fen(&rules, START).unwrap();
            for _ in 0..120 {
                let fen = to_fen(&rules, &pos);
                agree(&rules, mode, &fen);
                compared += 1;
                let moves = legal_moves(&rules, &pos);
                if moves.is_empty() {
                    break;
                }
                let mv = &moves[rng.below(moves.len() as u64) as usize];
                pos.play_unchecked(&rules, mv);
            }
        }
    }
    assert!(compared > 10_000, "{compared} positions compared");
}

/// Perft from the start to depth 3 by both, and the model's depth-2 counts
/// from each middlegame (deeper counts are in tests/perft/fluid.perft).
#[test]
fn perft_agrees_with_the_reference() {
    let rules = fluid("fluid");
    let start = parse_fen(&rules, START).unwrap();
    let model = fluid_model::parse_fen(START).unwrap();
    for depth in 1..=3 {
        assert_eq!(
            perft(&rules, &start, depth),
            fluid_model::perft(&model, depth, Promotion::Standard),
            "start, depth {depth}"
        );
    }
    for (name, mode) in MODES {
        let rules = fluid(name);
        for fen in MIDDLEGAMES {
            let pos = parse_fen(&rules, fen).unwrap();
            let model = fluid_model::parse_fen(fen).unwrap();
            assert_eq!(
                perft(&rules, &pos, 2),
                fluid_model::perft(&model, 2, mode),
                "{name} {fen}"
            );
        }
    }
}

/// Capture table, row 1: a lone Rook takes a lone Moo and stands alone.
/// Its other moves: up the d-file to the Moo, along the first rank to
/// a1 (checking along the a-file) and, through its own King (joining it
/// on e1), on to h1.
#[test]
fn a_lone_unit_takes_a_lone_enemy() {
    let rules = fluid("fluid");
    let fen = "k7/8/8/3n4/8/8/8/3RK3 w - - 0 1";
    assert_eq!(
        sans(&rules, fen, "d1"),
        strings(&[
            "Ra1+", "Rb1", "Rc1", "Rd2", "Rd3", "Rd4", "Re1", "Rf1", "Rg1", "Rh1", "Rxd5",
        ])
    );
    assert_eq!(after(&rules, fen, "Rxd5"), "k7/8/8/3R4/8/8/8/4K3 b - - 0 1");
    assert_eq!(
        after(&rules, fen, "Re1"),
        "k7/8/8/3n4/8/8/8/4(KR)3 b - - 1 1"
    );
}

/// Row 2: a lone capturer on an enemy Queen takes the half the player
/// names and shares the square with the other.
#[test]
fn a_lone_unit_takes_one_of_two_enemies_and_shares_the_square() {
    let rules = fluid("fluid");
    let fen = "7k/8/8/3q4/8/8/8/3RK3 w - - 0 1";
    let takes: Vec<String> = sans(&rules, fen, "d1")
        .into_iter()
        .filter(|m| m.contains('x'))
        .collect();
    assert_eq!(takes, strings(&["Rxd5/B", "Rxd5/R"]));
    assert_eq!(
        after(&rules, fen, "Rxd5/B"),
        "7k/8/8/3(Rr)4/8/8/8/4K3 b - - 0 1"
    );
    assert_eq!(
        after(&rules, fen, "Rxd5/R"),
        "7k/8/8/3(Rb)4/8/8/8/4K3 b - - 0 1"
    );
    // Coordinates name the victim too; the bare squares are ambiguous.
    assert_eq!(after(&rules, fen, "Rd1d5/R"), after(&rules, fen, "Rxd5/R"));
    let pos = parse_fen(&rules, fen).unwrap();
    // The old spelling of a pair, in parentheses, still reads.
    assert_eq!(
        after(&rules, "7k/8/8/8/b7/8/8/(RN)3K3 w - - 0 1", "(RN)xa4"),
        after(&rules, "7k/8/8/8/b7/8/8/(RN)3K3 w - - 0 1", "RNxa4")
    );
    for text in ["Rxd5", "d1d5"] {
        let e = parse_move(&rules, &pos, text).unwrap_err();
        assert_eq!(e.reason, "ambiguous: Rxd5/B or Rxd5/R", "{text}");
    }
}

/// Row 3: a lone piece takes the enemy of a shared square whose friend is
/// not a pawn: the Rook and the Bishop left there make a Queen. Row 4: not
/// where the friend is a pawn, nor with a pawn as the capturer.
#[test]
fn a_shared_square_is_taken_only_by_a_piece_whose_friend_is_no_pawn() {
    let rules = fluid("fluid");
    assert_eq!(
        after(&rules, "7k/8/8/3(Bn)4/8/8/8/3RK3 w - - 0 1", "Rxd5"),
        "7k/8/8/3Q4/8/8/8/4K3 b - - 0 1"
    );
    // The shared square d5 (White pawn, Black bishop) stops the Rook.
    assert_eq!(
        sans(&rules, "4k3/8/8/3(Pb)4/8/8/3R4/4K3 w - - 0 1", "d2"),
        strings(&[
            "Ra2", "Rb2", "Rc2", "Rd1", "Rd3", "Rd4", "Re2+", "Rf2", "Rg2", "Rh2"
        ])
    );
    // Black's pawn may not take the White pawn that shares d5 with its
    // own Bishop.
    assert_eq!(
        sans(&rules, "4k3/8/2p5/3(Pb)4/8/8/8/4K3 b - - 0 1", "c6"),
        strings(&["c5"])
    );
}

/// Rows 5 to 7: a pair takes a lone enemy and stays stacked, takes both
/// units of an enemy stack, and never moves onto or through a friend.
#[test]
fn a_pair_captures_everything_on_its_square_and_never_a_friend() {
    let rules = fluid("fluid");
    assert_eq!(
        after(&rules, "7k/8/8/8/b7/8/8/(RN)3K3 w - - 0 1", "RNxa4"),
        "7k/8/8/8/(RN)7/8/8/4K3 b - - 0 1"
    );
    assert_eq!(
        after(&rules, "7k/8/8/8/q7/8/8/(RN)3K3 w - - 0 1", "RNxa4"),
        "7k/8/8/8/(RN)7/8/8/4K3 b - - 0 1"
    );
    // With a friendly Bishop on a4: the pair moves as a Rook up to a3
    // and along the rank to d1 (not onto the King), and as a Moo to b3 and
    // c2. Alone, the Rook joins the Bishop (a Queen) or passes it to a8,
    // and joins or passes the King; the Moo moves as a Moo.
    let fen = "7k/8/8/8/B7/8/8/(RN)3K3 w - - 0 1";
    assert_eq!(
        sans(&rules, fen, "a1"),
        strings(&[
            "RNa2", "RNa3", "RNb1", "RNb3", "RNc1", "RNc2", "RNd1", "Nb3", "Nc2", "Ra2", "Ra3",
            "Ra4", "Ra5", "Ra6", "Ra7", "Ra8+", "Rb1", "Rc1", "Rd1", "Re1", "Rf1", "Rg1", "Rh1+",
        ])
    );
    assert_eq!(after(&rules, fen, "Ra4"), "7k/8/8/8/Q7/8/8/N3K3 b - - 1 1");
}

/// Passing: a Rook passes single friends (one after another), but not a
/// pawn, an enemy, or a stack; a Moo needs one of its two middle squares
/// passable.
#[test]
fn pieces_pass_single_friends_only() {
    let rules = fluid("fluid");
    assert_eq!(
        sans(&rules, "7k/8/8/8/8/8/8/RN1B3K w - - 0 1", "a1"),
        strings(&[
            "Ra2", "Ra3", "Ra4", "Ra5", "Ra6", "Ra7", "Ra8+", "Rb1", "Rc1", "Rd1", "Re1", "Rf1",
            "Rg1", "Rh1+",
        ])
    );
    // Its own pawn blocks the file.
    assert_eq!(
        sans(&rules, "7k/8/8/8/8/8/P7/R6K w - - 0 1", "a1"),
        strings(&["Rb1", "Rc1", "Rd1", "Re1", "Rf1", "Rg1", "Rh1+"])
    );
    // A Queen (two units) can be neither passed nor joined.
    assert_eq!(
        sans(&rules, "7k/8/8/8/8/8/8/R2Q3K w - - 0 1", "a1"),
        // (the Queen's Rook reaches b1 and c1 too).
        strings(&[
            "Ra2", "Ra3", "Ra4", "Ra5", "Ra6", "Ra7", "Ra8+", "Rab1", "Rac1"
        ])
    );
    // The Moo on b1: to a3 through a2 or b2, to c3 through b2 or c2, to d2
    // through c1 or c2.
    for (fen, moves) in [
        ("7k/8/8/8/8/8/PPP5/1N5K w - - 0 1", vec!["Nd2"]),
        ("7k/8/8/8/8/8/PPP5/1NB4K w - - 0 1", vec!["Nd2"]),
        ("7k/8/8/8/8/8/PPP5/1N(BN)4K w - - 0 1", vec![]),
        ("7k/8/8/8/8/8/1PP5/1N5K w - - 0 1", vec!["Na3", "Nd2"]),
    ] {
        assert_eq!(sans(&rules, fen, "b1"), strings(&moves), "{fen}");
    }
}

/// Two Rooks on one square: either leaves alone (joining the King or
/// passing it), or both move as one Rook over empty squares.
#[test]
fn a_stack_moves_together_or_splits() {
    let rules = fluid("fluid");
    let fen = "7k/8/8/8/8/8/8/(RR)3K3 w - - 0 1";
    assert_eq!(
        sans(&rules, fen, "a1"),
        strings(&[
            "RRa2", "RRa3", "RRa4", "RRa5", "RRa6", "RRa7", "RRa8+", "RRb1", "RRc1", "RRd1", "Ra2",
            "Ra3", "Ra4", "Ra5", "Ra6", "Ra7", "Ra8+", "Rb1", "Rc1", "Rd1", "Re1", "Rf1", "Rg1",
            "Rh1+",
        ])
    );
    assert_eq!(after(&rules, fen, "Rb1"), "7k/8/8/8/8/8/8/RR2K3 b - - 1 1");
    assert_eq!(
        after(&rules, fen, "RRb1"),
        "7k/8/8/8/8/8/8/1(RR)2K3 b - - 1 1"
    );
}

/// A Queen is a Bishop and a Rook: it moves as a queen, or either half
/// leaves the other behind.
#[test]
fn the_queen_splits_into_bishop_and_rook() {
    let rules = fluid("fluid");
    let fen = "4k3/8/8/8/3Q4/8/8/K7 w - - 0 1";
    assert_eq!(after(&rules, fen, "Qg7"), "4k3/6Q1/8/8/8/8/8/K7 b - - 1 1");
    assert_eq!(
        after(&rules, fen, "Bg7"),
        "4k3/6B1/8/8/3R4/8/8/K7 b - - 1 1"
    );
    assert_eq!(
        after(&rules, fen, "Rd7"),
        "4k3/3R4/8/8/3B4/8/8/K7 b - - 1 1"
    );
    // The Bishop may join its King; the pair may not.
    assert_eq!(
        after(&rules, fen, "Ba1"),
        "4k3/8/8/8/3R4/8/8/(KB)7 b - - 1 1"
    );
    assert!(!sans(&rules, fen, "d4").contains(&"Qa1".to_string()));
}

/// Castling slides both pieces, either first: the first must end on an
/// empty square, the second may pass it and join a single friend.
#[test]
fn castling_slides_in_either_order() {
    let rules = fluid("fluid");
    let castles = |fen: &str| -> Vec<String> {
        sans(&rules, fen, "")
            .into_iter()
            .filter(|m| m.starts_with("O-O"))
            .collect()
    };
    // Rook first (past the Moo on g1), then the King onto the Moo.
    let fen = "4k3/8/8/8/8/8/8/4K1NR w K - 0 1";
    assert_eq!(castles(fen), strings(&["O-O"]));
    assert_eq!(
        after(&rules, fen, "O-O"),
        "4k3/8/8/8/8/8/8/5R(KN)1 b - - 1 1"
    );
    // King first (past the Bishop on f1), then the Rook onto the Bishop:
    // a Queen.
    let fen = "4k3/8/8/8/8/8/8/4KB1R w K - 0 1";
    assert_eq!(after(&rules, fen, "O-O"), "4k3/8/8/8/8/8/8/5QK1 b - - 1 1");
    assert_eq!(
        after(&rules, fen, "Ke1g1"),
        "4k3/8/8/8/8/8/8/5QK1 b - - 1 1"
    );
    // Queen side, Rook first past the Moo and the Bishop.
    let fen = "4k3/8/8/8/8/8/8/RNB1K3 w Q - 0 1";
    assert_eq!(
        after(&rules, fen, "O-O-O"),
        "4k3/8/8/8/8/8/8/1N(KB)R4 b - - 1 1"
    );
    // Neither order: both landing squares taken; a Queen in the way; a
    // pawn or an enemy in the Rook's path; a crossed square attacked.
    for fen in [
        "4k3/8/8/8/8/8/8/4KBNR w K - 0 1",
        "4k3/8/8/8/8/8/8/R2QK3 w Q - 0 1",
        "4k3/8/8/8/8/8/8/RP2K3 w Q - 0 1",
        "4k3/8/8/8/8/8/8/Rn2K3 w Q - 0 1",
        "4kr2/8/8/8/8/8/8/4K2R w K - 0 1",
    ] {
        assert_eq!(castles(fen), Vec::<String>::new(), "{fen}");
    }
    // Black's Rook leaves its Moo behind on h8.
    assert_eq!(
        after(&rules, "4k2(rn)/8/8/8/8/8/8/4K3 b k - 0 1", "O-O"),
        "5rkn/8/8/8/8/8/8/4K3 w - - 1 2"
    );
}

/// The three promotion rules: a Queen (two units), Rook, Bishop or Moo;
/// single units only; doubled pieces only. Taking one unit of a stack
/// leaves a survivor, so no doubled piece fits there.
#[test]
fn each_promotion_option() {
    let quiet = "7k/1P6/8/8/8/8/8/4K3 w - - 0 1";
    let take = "2(rn)4k/1P6/8/8/8/8/8/4K3 w - - 0 1";
    let cases: [(&str, &[&str], &[&str]); 3] = [
        (
            "fluid",
            &["b8=B", "b8=N", "b8=Q+", "b8=R+"],
            &[
                "b8=B",
                "b8=N",
                "b8=Q",
                "b8=R",
                "bxc8/N=B",
                "bxc8/N=N",
                "bxc8/N=R+",
                "bxc8/R=B",
                "bxc8/R=N",
                "bxc8/R=R+",
            ],
        ),
        (
            "fluid_single",
            &["b8=B", "b8=N", "b8=R+"],
            &[
                "b8=B",
                "b8=N",
                "b8=R",
                "bxc8/N=B",
                "bxc8/N=N",
                "bxc8/N=R+",
                "bxc8/R=B",
                "bxc8/R=N",
                "bxc8/R=R+",
            ],
        ),
        (
            "fluid_doubled",
            &["b8=A", "b8=C+", "b8=Q+"],
            &["b8=A", "b8=C", "b8=Q"],
        ),
    ];
    for (name, quiet_moves, take_moves) in cases {
        let rules = fluid(name);
        assert_eq!(sans(&rules, quiet, "b7"), strings(quiet_moves), "{name}");
        assert_eq!(sans(&rules, take, "b7"), strings(take_moves), "{name}");
    }
    let rules = fluid("fluid");
    assert_eq!(
        after(&rules, quiet, "b8=Q"),
        "1Q5k/8/8/8/8/8/8/4K3 b - - 0 1"
    );
    assert_eq!(
        after(&rules, take, "bxc8/N=R"),
        "2(Rr)4k/8/8/8/8/8/8/4K3 b - - 0 1"
    );
    let rules = fluid("fluid_doubled");
    assert_eq!(
        after(&rules, quiet, "b8=C"),
        "1C5k/8/8/8/8/8/8/4K3 b - - 0 1"
    );
}

/// A King in a stack is in check when its square is attacked: the Rook
/// with it may block, the King may step away, or both may move as a pair
/// off the file (or take the checker). A stacked King can be mated.
#[test]
fn a_stacked_king_is_in_check_and_can_be_mated() {
    let rules = fluid("fluid");
    let fen = "4r2k/8/8/8/8/8/8/4(KR)3 w - - 0 1";
    let pos = parse_fen(&rules, fen).unwrap();
    assert!(in_check(&rules, &pos, Color::White));
    assert_eq!(
        sans(&rules, fen, ""),
        strings(&[
            "KRa1", "KRb1", "KRc1", "KRd1", "KRd2", "KRf1", "KRf2", "KRg1", "KRh1+", "KRxe8+",
            "Kd1", "Kd2", "Kf1", "Kf2", "Re2", "Re3", "Re4", "Re5", "Re6", "Re7", "Rxe8+",
        ])
    );
    // Mate with the King stacked: the Rook on e8 checks h8 across the
    // empty f8 and g8; the King can step only to g8, attacked; the Moo's
    // squares f7 and g6 hold pawns, so neither it nor the pair moves.
    let mate = "4R2(kn)/5ppp/6p1/8/8/8/8/6K1 b - - 0 1";
    let pos = parse_fen(&rules, mate).unwrap();
    assert!(in_check(&rules, &pos, Color::Black));
    assert!(legal_moves(&rules, &pos).is_empty());
    // A Rook checks through its own Moo.
    let pos = parse_fen(&rules, "4k3/8/8/8/4N3/8/8/K3R3 b - - 0 1").unwrap();
    assert!(in_check(&rules, &pos, Color::Black));
}

/// Bad text is refused with the reason, and the position is kept.
#[test]
fn stacks_in_fen_are_checked() {
    let rules = fluid("fluid");
    for (fen, why) in [
        (
            "(RP)3k3/8/8/8/8/8/8/4K3 w - - 0 1",
            "a pawn never shares a square with a friendly unit",
        ),
        (
            "(RNB)3k3/8/8/8/8/8/8/4K3 w - - 0 1",
            "3 units, but a square holds at most 2",
        ),
        (
            "(QN)3k3/8/8/8/8/8/8/4K3 w - - 0 1",
            "3 units, but a square holds at most 2",
        ),
    ] {
        let e = parse_fen(&rules, fen).unwrap_err();
        assert!(e.message.contains(why), "{fen}: {}", e.message);
    }
    // Any order in, canonical out; `(BR)` is the Queen.
    let pos = parse_fen(&rules, "(rb)3k3/8/8/3(nR)4/8/8/8/(BR)3K3 w - - 0 1").unwrap();
    assert_eq!(to_fen(&rules, &pos), "q3k3/8/8/3(Rn)4/8/8/8/Q3K3 w - - 0 1");
    // A stack cannot be written in a variant without stacking.
    let chess = load("chess").unwrap();
    let e = parse_fen(&chess, "(RN)3k3/8/8/8/8/8/8/4K3 w - - 0 1").unwrap_err();
    assert!(
        e.message.contains("need a variant with `capacity = 2`"),
        "{}",
        e.message
    );
}

/// Seeded random games played to their end: every game ends by a rule,
/// and at every ply the hash is right, the FEN round-trips, the mover's
/// King is safe, every square holds a legal content, and no unit appears
/// from nowhere (only a promotion to a Queen adds one).
#[test]
fn seeded_random_games_end_by_a_rule() {
    let rules = fluid("fluid");
    let units = |pos: &Position| -> usize {
        rules
            .geometry()
            .squares()
            .map(|sq| pos.unit_count(sq))
            .sum()
    };
    let mut plies = 0;
    for seed in 0..2000u64 {
        let mut game = Game::new(rules.clone(), seed).unwrap();
        let mut rng = Rng::new(seed ^ 0xf1d);
        let mut count = units(game.position());
        while game.outcome().is_none() {
            assert!(game.history().len() < 2000, "seed {seed}: no end");
            let legal = game.legal();
            let mv = legal[rng.below(legal.len() as u64) as usize];
            let mover = game.position().side();
            let queen = mv.promotion == rules.kind("queen");
            game.push(mv);
            plies += 1;
            let pos = game.position();
            let fen = to_fen(&rules, pos);
            assert!(!in_check(&rules, pos, mover), "seed {seed}: {fen}");
            assert_eq!(pos.hash(), pos.compute_hash(&rules), "seed {seed}: {fen}");
            let back =
                parse_fen(&rules, &fen).unwrap_or_else(|e| panic!("seed {seed}: {fen}: {e}"));
            assert_eq!(to_fen(&rules, &back), fen);
            for sq in rules.geometry().squares() {
                if let [Some(a), Some(b)] = pos.units_at(sq) {
                    let pawns =
                        usize::from(rules.is_pawn(a.kind)) + usize::from(rules.is_pawn(b.kind));
                    assert!(
                        if a.color == b.color {
                            pawns == 0
                        } else {
                            pawns < 2
                        },
                        "seed {seed}: {fen}"
                    );
                }
            }
            let now = units(pos);
            assert!(
                now <= count + usize::from(queen),
                "seed {seed}: units grew at {fen}"
            );
            count = now;
        }
        let end = game.outcome().unwrap().to_string();
        assert!(
            [
                "checkmate",
                "stalemate",
                "repetition",
                "50-move rule",
                "material"
            ]
            .iter()
            .any(|r| end.contains(r)),
            "seed {seed}: {end}"
        );
    }
    assert!(plies > 100_000, "{plies} plies");
}
