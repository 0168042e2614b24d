//! Dead positions: material that can never give mate ends the game drawn.
//! Royals alone are dead by default; chess declares the FIDE cases in
//! its `insufficient_material` list; each shipped variant keeps only what
//! its own rules make dead (hands, pockets and reserves count as
//! material).

use changeling::Game;
use changeling::game::{Outcome, PlayError};
use changeling::rules::Rules;
use changeling::variants::{load, load_str};
use std::sync::Arc;

/// The outcome of `fen` in `variant`, as text (`-` while the game goes
/// on).
fn outcome(rules: &Arc<Rules>, fen: &str) -> String {
    let g = Game::from_fen(rules.clone(), fen, 0).unwrap_or_else(|e| panic!("{fen}: {e}"));
    g.outcome()
        .map_or_else(|| "-".to_string(), |o| o.to_string())
}

fn drawn(what: &str) -> String {
    format!("1/2-1/2 (insufficient material: {what})")
}

/// FIDE chess: king against king, a lone minor piece against a king, and
/// bishops (any number, either side) all on squares of one colour; as
/// python-chess and lichess judge insufficient material for both sides.
#[test]
fn chess_declares_the_fide_dead_positions() {
    let chess = load("chess").unwrap();
    let cases = [
        ("4k3/8/8/8/8/8/8/4K3 w - - 0 1", drawn("king against king")),
        (
            "4k3/8/8/8/8/8/8/4KN2 b - - 0 1",
            drawn("king and knight against king"),
        ),
        (
            "4k3/8/8/3n4/8/8/8/4K3 w - - 0 1",
            drawn("king against king and knight"),
        ),
        (
            "4k3/8/8/8/8/8/8/2B1K3 w - - 0 1",
            drawn("king and bishop against king"),
        ),
        // c1 and f8 are both dark squares.
        (
            "4kb2/8/8/8/8/8/8/2B1K3 w - - 0 1",
            drawn("king and bishop against king and bishop"),
        ),
        // c1, e3 and d8: all dark.
        (
            "3bk3/8/8/8/8/4B3/8/2B1K3 w - - 0 1",
            drawn("king and 2 bishops against king and bishop"),
        ),
        // Bishops on both colours, two knights, knight against knight or
        // bishop, a pawn, a rook: mate remains possible.
        ("4k3/8/8/8/8/8/8/2B1KB2 w - - 0 1", "-".to_string()),
        ("2b1k3/8/8/8/8/8/8/2B1K3 w - - 0 1", "-".to_string()),
        ("4k3/8/8/8/8/8/8/1N2K1N1 w - - 0 1", "-".to_string()),
        ("4k1n1/8/8/8/8/8/8/4K1N1 w - - 0 1", "-".to_string()),
        ("4kb2/8/8/8/8/8/8/4K1N1 w - - 0 1", "-".to_string()),
        ("4k3/8/8/8/8/8/4P3/4K3 w - - 0 1", "-".to_string()),
        ("4k3/8/8/8/8/8/8/R3K3 w - - 0 1", "-".to_string()),
    ];
    for (fen, want) in cases {
        assert_eq!(outcome(&chess, fen), want, "{fen}");
    }
}

/// The game ends on the capture that leaves dead material, and refuses
/// moves after it.
#[test]
fn the_capture_that_leaves_dead_material_ends_the_game() {
    let chess = load("chess").unwrap();
    let mut g = Game::from_fen(chess, "4k3/8/8/8/8/8/4r3/4K3 w - - 0 1", 0).unwrap();
    assert_eq!(g.outcome(), None);
    g.play_text("Kxe2").unwrap();
    let draw = Outcome::Draw {
        reason: "insufficient material: king against king".into(),
    };
    assert_eq!(g.outcome(), Some(draw.clone()));
    assert_eq!(g.play_text("Kd7"), Err(PlayError::GameOver(draw)));
}

/// Capablanca inherits chess's list: a lone knight is still dead there.
#[test]
fn capablanca_inherits_the_chess_list() {
    let capablanca = load("capablanca").unwrap();
    assert_eq!(
        outcome(&capablanca, "5k4/10/10/10/10/10/10/5K2N1 w - - 0 1"),
        drawn("king and knight against king")
    );
    assert_eq!(
        outcome(&capablanca, "5k4/10/10/10/10/10/10/5K2A1 w - - 0 1"),
        "-"
    );
}

/// Royals alone are dead in a variant that declares nothing, but not
/// while a hand or a pocket holds a piece; a variant may turn the rule
/// off with an empty list.
#[test]
fn royals_alone_are_dead_unless_material_can_come_in() {
    let text = "variant bare : chess { ending { insufficient_material = [] } }";
    let none = load_str("bare.variant", text).unwrap();
    assert_eq!(outcome(&none, "4k3/8/8/8/8/8/8/4K3 w - - 0 1"), "-");
    // Rococo's King is not royal (kings capture kings there): bare kings
    // are not royals alone.
    let rococo = load("examples/variants/rococo.variant").unwrap();
    assert_eq!(
        outcome(&rococo, "10/10/4k5/10/10/10/10/4K5/10/10 w - - 0 1"),
        "-"
    );
    // A variant of its own, with no parent and no list: royals alone
    // are dead, a rook is not.
    let text = "variant bare {
        board = 8x8
        piece king { letter = K betza = \"K\" royal = true }
        piece rook { letter = R betza = \"R\" }
        setup = \"4k3/8/8/8/8/8/8/R3K3 w - - 0 1\"
    }";
    let own = load_str("bare.variant", text).unwrap();
    assert_eq!(
        outcome(&own, "4k3/8/8/8/8/8/8/4K3 w - - 0 1"),
        drawn("king against king")
    );
    assert_eq!(outcome(&own, "4k3/8/8/8/8/8/8/R3K3 w - - 0 1"), "-");
    let fluid = load("fluid").unwrap();
    assert_eq!(
        outcome(&fluid, "4k3/8/8/8/8/8/8/4K3 w - - 0 1"),
        drawn("king against king")
    );
    // Pocket Mutation (section 6): king against king with both pockets
    // empty; a knight in a pocket or on the board can still promote.
    let pmc = load("pocket-mutation").unwrap();
    assert_eq!(
        outcome(&pmc, "4k3/8/8/8/8/8/8/4K3[] w - - 0 1"),
        drawn("king against king")
    );
    assert_eq!(outcome(&pmc, "4k3/8/8/8/8/8/8/4K3[n] w - - 0 1"), "-");
    assert_eq!(outcome(&pmc, "4k3/8/8/8/8/8/8/4KN2[] w - - 0 1"), "-");
}

/// Metamorph: only kings alone. A lone knight attacked by the king
/// escapes as a queen, which mates.
#[test]
fn metamorph_keeps_only_bare_kings() {
    let m = load("metamorph").unwrap();
    assert_eq!(
        outcome(&m, "4k3/8/8/8/8/8/8/4K3 w - - 0 1"),
        drawn("king against king")
    );
    let fen = "4k3/8/8/8/8/8/3n4/4K3 b - - 0 1";
    assert_eq!(outcome(&m, fen), "-");
    assert_eq!(outcome(&m, "4k3/8/8/8/8/8/8/2B1K3 w - - 0 1"), "-");
    let mut g = Game::from_fen(m, fen, 0).unwrap();
    g.play_text("Nf3=Q").unwrap();
    assert_eq!(
        changeling::notation::to_fen(g.rules(), g.position()),
        "4k3/8/8/8/8/5q2/8/4K3 w - - 1 2"
    );
}

/// Twelve Mutation: kings alone (hands empty) are dead, nothing more.
/// Under Equus Rex king and bishop mate a king, so the chess patterns
/// are not inherited.
#[test]
fn twelve_mutation_keeps_only_bare_kings_with_empty_hands() {
    let t = load("twelve-mutation").unwrap();
    assert_eq!(
        outcome(&t, "8/8/8/8/k1K5/8/8/8[] w - - 0 40 {h5:equus_rex-}"),
        drawn("king against king")
    );
    // The kings' Equus Rex form is named as such.
    assert_eq!(
        outcome(&t, "8/8/8/8/k1K5/8/8/8[] w - - 0 40 {h5:equus_rex+}"),
        drawn("king (equus rex) against king (equus rex)")
    );
    assert_eq!(
        outcome(&t, "8/8/8/8/k1K5/8/8/8[Q] w - - 0 40 {h5:drop+}"),
        "-"
    );
    assert_eq!(
        outcome(&t, "8/8/8/8/k1K5/8/8/3B4[] b - - 0 40 {h5:equus_rex+}"),
        "1-0 (checkmate)"
    );
    assert_eq!(
        outcome(&t, "8/8/8/8/k1K5/8/8/3B4[] b - - 0 40 {h5:equus_rex-}"),
        "-"
    );
}

/// Mutatis Mutandis: nothing is dead, royals alone included. A Maoking
/// steps next to the enemy Maoking and arrives as a King: mate.
#[test]
fn mutatis_mutandis_royals_alone_can_mate() {
    let mm = load("mutatis-mutandis").unwrap();
    let fen = "{maoking}7/8/2{Maoking}5/8/8/8/8/8<-/-> w - - 0 30";
    assert_eq!(outcome(&mm, fen), "-");
    let mut g = Game::from_fen(mm, fen, 0).unwrap();
    g.play_text("c6b7").unwrap();
    assert_eq!(
        g.outcome().map(|o| o.to_string()).as_deref(),
        Some("1-0 (checkmate)")
    );
}

/// The patterns are read with the variant: names, `-`, `name*`, a second
/// side and `same_colour` last, each mistake reported where it stands.
#[test]
fn patterns_are_checked_when_the_variant_loads() {
    let ok = "variant v : chess { ending { insufficient_material = [\"knight knight v -\", \"rook* v rook*\"] } }";
    let rules = load_str("v.variant", ok).unwrap();
    assert_eq!(
        outcome(&rules, "4k3/8/8/8/8/8/8/1N2KN2 w - - 0 1"),
        drawn("king and 2 knights against king")
    );
    assert_eq!(
        outcome(&rules, "r3k3/8/8/8/8/8/8/4KR1R w - - 0 1"),
        drawn("king and 2 rooks against king and rook")
    );
    assert_eq!(outcome(&rules, "4k3/8/8/8/8/8/8/4KN2 w - - 0 1"), "-");
    for (pattern, message) in [
        ("knight", "a material pattern needs two sides joined by `v`"),
        ("knigt v -", "unknown piece `knigt`"),
        ("king v -", "`king` is royal"),
        ("- knight v -", "write `-` or the pieces, not both"),
        ("knight v", "a side is missing"),
        ("v v -", "a second `v`"),
        ("bishop same_colour v -", "`same_colour` ends a pattern"),
    ] {
        let text =
            format!("variant v : chess {{ ending {{ insufficient_material = [\"{pattern}\"] }} }}");
        let err = load_str("v.variant", &text).unwrap_err().to_string();
        assert!(err.contains(message), "{pattern}: {err}");
    }
}
