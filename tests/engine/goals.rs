//! The goals of `ending` and the no-check rule, on the catalogue files
//! that use them (`examples/variants/catalog/`): three-check's counts
//! (FEN in both forms, hash, the game won by the third check), King of
//! the Hill's centre, Racing Kings' rank with Black's equalising reply
//! and its ban on checks, Jeson Mor's knight holding e5, Three Kings'
//! and Kinglet's extinction, Coregal's royal queens, `bare`, and the
//! antichess family (compulsory captures from an always-on mutator).
//! Their EPD files' counts are checked by `catalog.rs`.

use crate::kit::{after, catalog, outcome_after, position, turns};
use changeling::Game;
use changeling::board::Color;
use changeling::game::Outcome;
use changeling::movegen::perft;
use changeling::notation::{parse_fen, to_fen};
use changeling::variants::{load, load_str};

fn won(winner: Color, reason: &str) -> Option<Outcome> {
    Some(Outcome::Decisive {
        winner,
        reason: reason.to_string(),
    })
}

fn drawn(reason: &str) -> Option<Outcome> {
    Some(Outcome::Draw {
        reason: reason.to_string(),
    })
}

#[test]
fn three_check_counts_read_in_both_forms_and_are_hashed() {
    let r = catalog("3check");
    let needed = position(&r, "7r/1p4p1/pk3p2/RN6/8/P5Pp/3p1P1P/4R1K1 w - - 1+3 1 39");
    let given = position(&r, "7r/1p4p1/pk3p2/RN6/8/P5Pp/3p1P1P/4R1K1 w - - 1 39 +2+0");
    assert_eq!(needed.hash(), given.hash());
    assert_eq!(needed.checks().white, 2);
    assert_eq!(needed.checks().black, 0);
    assert_eq!(
        to_fen(&r, &given),
        "7r/1p4p1/pk3p2/RN6/8/P5Pp/3p1P1P/4R1K1 w - - 1+3 1 39"
    );
    let fresh = position(&r, "7r/1p4p1/pk3p2/RN6/8/P5Pp/3p1P1P/4R1K1 w - - 3+3 1 39");
    assert_ne!(fresh.hash(), needed.hash());
    // The start position needs three checks each.
    let start = Game::new(r.clone(), 0).unwrap();
    assert!(to_fen(&r, start.position()).contains(" KQkq - 3+3 0 1"));
}

#[test]
fn three_check_counts_a_check_and_not_a_quiet_move() {
    let r = catalog("3check");
    let fen = "4k3/8/8/8/8/8/8/R3K3 w - - 3+3 0 1";
    assert_eq!(after(&r, fen, "a1a8"), "R3k3/8/8/8/8/8/8/4K3 b - - 2+3 1 1");
    assert_eq!(after(&r, fen, "a1a7"), "4k3/R7/8/8/8/8/8/4K3 b - - 3+3 1 1");
    // A discovered double check counts once.
    let fen = "4k3/8/8/8/8/8/4N3/4RK2 w - - 3+3 0 1";
    assert_eq!(
        after(&r, fen, "e2d4"),
        "4k3/8/8/8/3N4/8/8/4RK2 b - - 2+3 1 1"
    );
    assert_eq!(
        after(&r, fen, "e2f4"),
        "4k3/8/8/8/5N2/8/8/4RK2 b - - 2+3 1 1"
    );
}

#[test]
fn the_third_check_wins_and_ends_the_game() {
    let r = catalog("3check");
    let fen = "4k3/8/8/8/8/8/8/R3K3 w - - 1+3 0 1";
    assert_eq!(
        outcome_after(&r, fen, &["Ra8+"]),
        won(Color::White, "White gave the third check")
    );
    let end = position(&r, "R3k3/8/8/8/8/8/8/4K3 b - - 0+3 1 1");
    assert!(turns(&r, "R3k3/8/8/8/8/8/8/4K3 b - - 0+3 1 1").is_empty());
    assert_eq!(perft(&r, &end, 1), 0);
    // Two checks given: the game goes on.
    assert_eq!(
        outcome_after(&r, "4k3/8/8/8/8/8/8/R3K3 w - - 2+3 0 1", &["Ra8+"]),
        None
    );
    // A lone knight can still give three checks.
    assert_eq!(
        outcome_after(&r, "4k3/8/8/8/8/8/8/4KN2 w - - 3+3 0 1", &[]),
        None
    );
    // Checkmate still wins as checkmate.
    assert_eq!(
        outcome_after(&r, "6k1/5ppp/8/8/8/8/8/R3K3 w - - 3+3 0 1", &["Ra8#"]),
        won(Color::White, "checkmate")
    );
}

#[test]
fn check_counts_are_refused_where_they_do_not_belong() {
    let chess = load("chess").unwrap();
    let e = parse_fen(&chess, "4k3/8/8/8/8/8/8/R3K3 w - - 3+3 0 1").unwrap_err();
    assert_eq!(
        e.to_string(),
        "invalid FEN (check counts): `3+3`: this variant counts no checks (its `ending` has no `check_limit`)"
    );
    let r = catalog("3check");
    let e = parse_fen(&r, "4k3/8/8/8/8/8/8/R3K3 w - - 4+3 0 1").unwrap_err();
    assert_eq!(
        e.to_string(),
        "invalid FEN (check counts): `4+3`: 4 is more than the 3 checks that win"
    );
    let e = parse_fen(&r, "4k3/8/8/8/8/8/8/R3K3 w - - 3+3 0 1 +0+0").unwrap_err();
    assert!(e.to_string().contains("the checks are given twice"), "{e}");
}

#[test]
fn king_of_the_hill_is_won_on_a_centre_square() {
    let r = catalog("kingofthehill");
    let fen = "4k3/8/8/8/8/3K4/8/8 w - - 0 1";
    assert_eq!(
        outcome_after(&r, fen, &["Kd4"]),
        won(Color::White, "White's king reached d4")
    );
    assert_eq!(outcome_after(&r, fen, &["Kc4"]), None);
    assert!(turns(&r, "4k3/8/8/8/3K4/8/8/8 b - - 1 1").is_empty());
    // A lone king against a lone king still races for the hill.
    assert_eq!(outcome_after(&r, fen, &[]), None);
    assert_eq!(
        outcome_after(&r, "8/8/4k3/8/8/8/8/K7 b - - 0 1", &["Ke5"]),
        won(Color::Black, "Black's king reached e5")
    );
}

#[test]
fn racing_kings_refuses_every_move_that_gives_check() {
    let r = catalog("racingkings");
    assert_eq!(
        turns(&r, "8/6k1/8/8/8/8/8/K6R w - - 0 1"),
        crate::kit::sorted("a1a2 a1b1 a1b2 h1b1 h1c1 h1d1 h1e1 h1f1 h1h2 h1h3 h1h4 h1h5 h1h6 h1h8")
    );
}

#[test]
fn racing_kings_lets_black_equalise_after_white_arrives() {
    let r = catalog("racingkings");
    let fen = "8/1k4K1/8/8/8/8/8/8 w - - 0 1";
    // Black can answer on the eighth rank: the game goes on.
    assert_eq!(outcome_after(&r, fen, &["Kg8"]), None);
    assert_eq!(
        outcome_after(&r, fen, &["Kg8", "Kb8"]),
        drawn("both sides reached the flag squares")
    );
    assert_eq!(
        outcome_after(&r, fen, &["Kg8", "Kb6"]),
        won(Color::White, "White's king held g8")
    );
    // Black too far: White's arrival wins at once.
    assert_eq!(
        outcome_after(&r, "8/6K1/1k6/8/8/8/8/8 w - - 0 1", &["Kg8"]),
        won(Color::White, "White's king reached g8")
    );
    // Black arriving first wins at once, White's answer or not.
    assert_eq!(
        outcome_after(&r, "8/1k4K1/8/8/8/8/8/8 b - - 0 1", &["Kb8"]),
        won(Color::Black, "Black's king reached b8")
    );
}

#[test]
fn jeson_mor_is_won_by_a_knight_that_holds_e5() {
    let r = catalog("jesonmor");
    let fen = "n8/9/9/9/9/9/3N5/9/9 w - - 0 1";
    assert_eq!(outcome_after(&r, fen, &["d3e5"]), None);
    assert_eq!(
        outcome_after(&r, fen, &["d3e5", "a9b7"]),
        won(Color::White, "White's knight held e5")
    );
    // A knight taken on e5 wins nothing; the taker must hold it in turn.
    let fen = "9/9/5n3/9/9/9/3N5/9/N8 w - - 0 1";
    assert_eq!(outcome_after(&r, fen, &["d3e5", "f7e5"]), None);
    // A side with no move loses.
    assert_eq!(
        outcome_after(&r, "9/9/9/9/9/9/9/9/N8 b - - 0 1", &[]),
        won(Color::White, "stalemate")
    );
}

#[test]
fn three_kings_is_lost_with_the_first_king() {
    let r = catalog("threekings");
    let fen = "k3k2k/8/8/7Q/8/8/8/K3K2K w - - 0 1";
    assert_eq!(
        outcome_after(&r, fen, &["Qxh8"]),
        won(Color::White, "Black has only 2 kings left")
    );
    // Kings are not royal: one may step into attack.
    assert!(turns(&r, "k3k2k/8/8/8/8/8/1r6/K3K2K w - - 0 1").contains(&"a1b1".to_string()));
}

#[test]
fn kinglet_is_lost_with_the_last_pawn() {
    let r = catalog("kinglet");
    assert_eq!(
        outcome_after(&r, "4k3/4p3/8/8/8/8/3P4/4QK2 w - - 0 1", &["Qxe7"]),
        won(Color::White, "Black has no pawn left")
    );
    // Promoting the last pawn loses too; pawns become kings only.
    assert_eq!(
        outcome_after(&r, "4k3/3P4/8/8/8/8/4p3/5K2 w - - 0 1", &["d8=K"]),
        won(Color::Black, "White has no pawn left")
    );
    assert_eq!(
        turns(&r, "8/3P4/8/8/8/8/4p3/5K2 w - - 0 1")
            .into_iter()
            .filter(|m| m.starts_with("d7"))
            .collect::<Vec<_>>(),
        vec!["d7d8k".to_string()]
    );
}

#[test]
fn coregal_queens_may_not_be_left_attacked() {
    let r = catalog("coregal");
    // The queen on d1 is attacked by the rook: it must step off the
    // file, not onto d8 beside the king, and no king move can help.
    assert_eq!(
        turns(&r, "3rk3/8/8/8/8/8/8/3QK3 w - - 0 1"),
        crate::kit::sorted("d1a1 d1b1 d1c1 d1c2 d1b3 d1a4 d1e2 d1f3 d1g4 d1h5")
    );
}

#[test]
fn a_bare_royal_loses_where_the_ending_says() {
    let r = load_str(
        "bare.variant",
        "variant bare : chess { ending { bare = loss } }",
    )
    .unwrap();
    assert_eq!(
        outcome_after(&r, "4k3/8/8/8/8/8/3n4/3QK3 w - - 0 1", &["Qxd2"]),
        won(Color::White, "Black has nothing left but royal pieces")
    );
    assert!(turns(&r, "4k3/8/8/8/8/8/3Q4/4K3 b - - 0 1").is_empty());
}

#[test]
fn antichess_is_won_by_losing_everything() {
    let r = catalog("antichess");
    // A capture is compulsory: the pawn must take.
    assert_eq!(turns(&r, "8/8/8/8/8/1p6/P7/8 w - - 0 1"), vec!["a2b3"]);
    assert_eq!(
        outcome_after(&r, "8/8/8/8/8/1p6/P7/8 w - - 0 1", &["axb3"]),
        won(Color::Black, "Black has no pieces left")
    );
    // A side with no move wins.
    assert_eq!(
        outcome_after(&r, "8/8/8/8/8/p7/P7/8 w - - 0 1", &[]),
        won(Color::White, "stalemate")
    );
}

#[test]
fn codrus_is_won_by_losing_the_king() {
    let r = catalog("codrus");
    assert_eq!(
        outcome_after(&r, "8/8/8/8/8/8/3K4/3k4 w - - 0 1", &["Kxd1"]),
        won(Color::Black, "Black has no king left")
    );
}

#[test]
fn losers_is_won_by_being_mated() {
    let r = catalog("losers");
    assert_eq!(
        outcome_after(&r, "6k1/5ppp/8/8/8/8/8/R3K3 w - - 0 1", &["Ra8#"]),
        won(Color::Black, "checkmate")
    );
}

#[test]
fn extinction_is_lost_with_the_last_piece_of_a_kind() {
    let r = catalog("extinction960");
    assert_eq!(
        outcome_after(
            &r,
            "rnb1kbnr/pppppppp/8/3q4/3Q4/8/PPPPPPPP/RNB1KBNR w - - 0 1",
            &["Qxd5"]
        ),
        won(Color::White, "Black has no queen left")
    );
}

/// Seeded random games of every catalogue variant: at every ply the
/// incremental hash equals one computed from scratch, the FEN reads back
/// to the same FEN and hash, counting equals listing, and a position
/// without legal moves has an outcome.
#[test]
fn catalog_random_games_keep_invariants() {
    use changeling::game::Rng;
    use changeling::movegen::{legal_move_count, legal_moves};
    let dir = format!("{}/examples/variants/catalog", env!("CARGO_MANIFEST_DIR"));
    let mut names: Vec<String> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|x| x == "variant"))
        .map(|p| p.file_stem().unwrap().to_string_lossy().into_owned())
        .collect();
    names.sort();
    assert!(names.len() >= 12, "{names:?}");
    let mut ended = 0;
    let mut scratch = Vec::new();
    for name in &names {
        let r = catalog(name);
        for seed in 0..6u64 {
            let mut g = Game::new(r.clone(), seed).unwrap();
            let mut rng = Rng::new(seed ^ 0x90a1);
            for _ in 0..160 {
                let pos = g.position().clone();
                let fen = to_fen(&r, &pos);
                assert_eq!(pos.hash(), pos.compute_hash(&r), "{name}: hash at {fen}");
                let back = parse_fen(&r, &fen).unwrap_or_else(|e| panic!("{name}: {fen}: {e}"));
                assert_eq!(to_fen(&r, &back), fen, "{name}");
                assert_eq!(back.hash(), pos.hash(), "{name}: hash of {fen} read back");
                let listed = legal_moves(&r, &pos);
                assert_eq!(
                    legal_move_count(&r, &pos, &mut scratch),
                    listed.len() as u64,
                    "{name}: {fen}"
                );
                if let Some(o) = g.outcome() {
                    assert!(!o.to_string().is_empty());
                    ended += 1;
                    break;
                }
                assert!(
                    !listed.is_empty(),
                    "{name}: no move and no outcome at {fen}"
                );
                let m = listed[rng.below(listed.len() as u64) as usize];
                g.push(m);
            }
        }
    }
    assert!(ended > 10, "only {ended} games ended");
}
