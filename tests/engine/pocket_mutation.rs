//! Pocket Mutation Chess (`examples/variants/pocket-mutation.variant`,
//! embedded as `pocket-mutation`): one scenario per rule of
//! `../shared/rules/pocket-mutation.md`, each asserting the exact legal
//! moves or the exact position after a move. Pocketings are written `^h1`
//! (as it is) and `^h1=I` (as a Nightrider), drops `I@f4`.

use crate::kit::{after, position, strings};
use changeling::game::Game;
use changeling::movegen::legal_moves;
use changeling::notation::{parse_fen, to_fen, to_san};
use changeling::rules::Rules;
use changeling::variants::load;
use std::sync::Arc;

fn pmc() -> Arc<Rules> {
    load("pocket-mutation").expect("the embedded variant loads")
}

/// The legal moves in SAN, sorted, keeping those that `keep` accepts.
fn sans(rules: &Rules, fen: &str, keep: impl Fn(&str) -> bool) -> Vec<String> {
    let pos = position(rules, fen);
    let mut v: Vec<String> = legal_moves(rules, &pos)
        .iter()
        .map(|m| to_san(rules, &pos, m))
        .filter(|s| keep(s))
        .collect();
    v.sort();
    v
}

/// The pocketings of the piece on `square`.
fn pocketings(rules: &Rules, fen: &str, square: &str) -> Vec<String> {
    let from = format!("^{square}");
    sans(rules, fen, |s| {
        s.trim_end_matches(['+', '#']).split('=').next() == Some(from.as_str())
    })
}

#[test]
fn fen_with_pockets_round_trips() {
    let rules = pmc();
    for fen in [
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[] w - - 0 1",
        "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R[Ib] w - - 2 3",
        "4k3/8/8/8/8/8/8/4K3[z] b - - 0 40",
    ] {
        let pos = parse_fen(&rules, fen).unwrap();
        assert_eq!(to_fen(&rules, &pos), fen);
    }
    // The rules text's own spelling of empty pockets is read too.
    let pos = parse_fen(&rules, "4k3/8/8/8/8/8/8/4K3[-/-] w - - 0 1").unwrap();
    assert_eq!(to_fen(&rules, &pos), "4k3/8/8/8/8/8/8/4K3[] w - - 0 1");
    // One piece per pocket, and never a king.
    let full = parse_fen(&rules, "4k3/8/8/8/8/8/8/4K3[QR] w - - 0 1").unwrap_err();
    assert_eq!(full.message, "White's pocket holds at most 1 piece");
    assert!(parse_fen(&rules, "4k3/8/8/8/8/8/8/4K3[K] w - - 0 1").is_err());
}

/// A piece pocketed from ranks 1-7 may become any piece of its class,
/// itself included.
#[test]
fn mutation_stays_within_the_class() {
    let rules = pmc();
    let fen = "4k3/8/8/3Z4/2Q5/2R5/1NP5/4K3[] w - - 0 9";
    assert_eq!(pocketings(&rules, fen, "c2"), strings(&["^c2"]));
    assert_eq!(pocketings(&rules, fen, "b2"), strings(&["^b2", "^b2=B"]));
    assert_eq!(
        pocketings(&rules, fen, "c3"),
        strings(&["^c3", "^c3=D", "^c3=I"])
    );
    assert_eq!(
        pocketings(&rules, fen, "c4"),
        strings(&["^c4", "^c4=M", "^c4=U", "^c4=V"])
    );
    assert_eq!(pocketings(&rules, fen, "d5"), strings(&["^d5"]));
    assert_eq!(
        after(&rules, fen, "^c3=I"),
        "4k3/8/8/3Z4/2Q5/8/1NP5/4K3[I] b - - 1 9"
    );
}

/// From its own far rank a piece must go up exactly one class; the
/// AmazonRider, at the top, stays as it is. Black's far rank is rank 1.
#[test]
fn the_far_rank_promotes_one_class() {
    let rules = pmc();
    let fen = "1B2k1PZ/8/8/8/8/8/4K3/r5p1[] w - - 0 9";
    assert_eq!(
        pocketings(&rules, fen, "b8"),
        strings(&["^b8=D", "^b8=I", "^b8=R"])
    );
    // Taking the pawn off g8 opens the AmazonRider's line: check.
    assert_eq!(
        pocketings(&rules, fen, "g8"),
        strings(&["^g8=B+", "^g8=N+"])
    );
    assert_eq!(pocketings(&rules, fen, "h8"), strings(&["^h8"]));
    let black = "1B2k1PZ/8/8/8/8/8/4K3/r5p1[] b - - 0 9";
    assert_eq!(
        pocketings(&rules, black, "a1"),
        strings(&["^a1=A", "^a1=G"])
    );
    assert_eq!(
        pocketings(&rules, black, "g1"),
        strings(&["^g1=B", "^g1=N"])
    );
    // A promotion restarts the fifty-move count; a mutation does not.
    assert_eq!(
        after(&rules, "1B2k3/8/8/8/8/8/8/4K3[] w - - 30 40", "^b8=I"),
        "4k3/8/8/8/8/8/8/4K3[I] b - - 0 40"
    );
}

/// A pawn on the far rank does not promote by moving: it stands there
/// with no move until it is pocketed.
#[test]
fn pawns_do_not_promote_by_moving() {
    let rules = pmc();
    let fen = "P3k3/1P6/8/8/8/8/8/4K3[] w - - 0 9";
    let pawn_moves = sans(&rules, fen, |s| !s.starts_with('K') && !s.starts_with('^'));
    assert_eq!(pawn_moves, strings(&["b8"]));
    assert_eq!(
        after(&rules, fen, "b8"),
        "PP2k3/8/8/8/8/8/8/4K3[] b - - 1 9"
    );
}

/// Drops go on empty squares of ranks 1-7 (Black: 8-2), pawns too.
#[test]
fn drops_avoid_the_far_rank_and_occupied_squares() {
    let rules = pmc();
    let fen = "4k3/8/8/8/8/8/8/4K3[Pq] w - - 0 9";
    let drops = sans(&rules, fen, |s| s.starts_with("P@"));
    assert_eq!(drops.len(), 7 * 8 - 1, "{drops:?}");
    assert!(drops.contains(&"P@a1".to_string()));
    assert!(!drops.iter().any(|d| d.ends_with('8') || d == "P@e1"));
    let black = "4k3/8/8/8/8/8/8/4K3[Pq] b - - 0 9";
    let drops = sans(&rules, black, |s| s.starts_with("Q@"));
    assert_eq!(drops.len(), 7 * 8 - 1, "{drops:?}");
    assert!(!drops.iter().any(|d| d.ends_with('1')));
    assert!(drops.contains(&"Q@h8".to_string()));
}

/// White may not pocket on the first ply; Black may on its first move:
/// 20 moves, then 20 board moves and 26 pocketings (8 pawns, knights and
/// bishops 2 ways each, rooks 3 ways, the queen 4 ways).
#[test]
fn no_pocketing_on_whites_first_move() {
    let rules = pmc();
    let start = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[] w - - 0 1";
    assert_eq!(sans(&rules, start, |_| true).len(), 20);
    assert!(sans(&rules, start, |s| s.starts_with('^')).is_empty());
    let after_e4 = after(&rules, start, "e4");
    assert_eq!(sans(&rules, &after_e4, |s| s.starts_with('^')).len(), 26);
    assert_eq!(sans(&rules, &after_e4, |_| true).len(), 46);
    // A full pocket allows no pocketing.
    let full = "4k3/8/8/8/8/8/2R5/4K3[N] w - - 0 9";
    assert!(sans(&rules, full, |s| s.starts_with('^')).is_empty());
}

/// A pawn dropped on the first rank steps one square; on the second it
/// may step two, and an enemy pawn may take it en passant. (Pawn moves do
/// not restart the fifty-move count here.)
#[test]
fn dropped_pawns_step_by_rank_and_can_be_taken_en_passant() {
    let rules = pmc();
    let first = "4k3/8/8/8/8/8/8/P3K3[] w - - 0 9";
    assert_eq!(
        sans(&rules, first, |s| s.starts_with('a')),
        strings(&["a2"])
    );
    let mut game = Game::from_fen(rules.clone(), "4k3/8/8/8/3p4/8/8/4K3[P] w - - 0 9", 0).unwrap();
    for m in ["P@e2", "Kd7", "e4"] {
        game.play_text(m).unwrap_or_else(|e| panic!("{m}: {e}"));
    }
    assert_eq!(
        to_fen(&rules, game.position()),
        "8/3k4/8/8/3pP3/8/8/4K3[] b - e3 3 10"
    );
    game.play_text("dxe3").expect("en passant");
    assert_eq!(
        to_fen(&rules, game.position()),
        "8/3k4/8/8/8/4p3/8/4K3[] w - - 0 11"
    );
}

/// In check a drop may block; pocketing never helps (removing one's own
/// piece cannot lift a check), and a pinned piece cannot be pocketed.
#[test]
fn checks_are_answered_by_drops_never_by_pocketing() {
    let rules = pmc();
    let fen = "4r2k/8/8/8/8/8/8/R3K3[N] w - - 0 9";
    let drops = sans(&rules, fen, |s| s.contains('@'));
    assert_eq!(
        drops,
        strings(&["N@e2", "N@e3", "N@e4", "N@e5", "N@e6", "N@e7"])
    );
    let check = "4r2k/8/8/8/8/8/8/R3K3[] w - - 0 9";
    assert!(sans(&rules, check, |s| s.starts_with('^')).is_empty());
    let pinned = "4r2k/8/8/8/8/8/4B3/R3K3[] w - - 0 9";
    assert_eq!(pocketings(&rules, pinned, "e2"), Vec::<String>::new());
    assert_eq!(
        pocketings(&rules, pinned, "a1"),
        strings(&["^a1", "^a1=D", "^a1=I"])
    );
    // A drop can mate: the knight on c7 cannot be taken or blocked.
    let mate = "kr6/pp6/8/8/8/8/8/4K3[N] w - - 0 9";
    assert_eq!(
        sans(&rules, mate, |s| s.ends_with('#')),
        strings(&["N@c7#"])
    );
}

/// Pawn moves and drops leave the fifty-move count running; captures
/// restart it.
#[test]
fn the_fifty_move_count_ignores_pawn_moves_and_drops() {
    let rules = pmc();
    let fen = "4k3/8/8/3p4/8/8/4P3/4K3[N] w - - 7 20";
    assert_eq!(
        after(&rules, fen, "e4"),
        "4k3/8/8/3p4/4P3/8/8/4K3[N] b - - 8 20"
    );
    assert_eq!(
        after(&rules, fen, "N@c3"),
        "4k3/8/8/3p4/8/2N5/4P3/4K3[] b - - 8 20"
    );
    let capture = "4k3/8/8/3p4/4P3/8/8/4K3[] w - - 7 20";
    assert_eq!(
        after(&rules, capture, "exd5"),
        "4k3/8/8/3P4/8/8/8/4K3[] b - - 0 20"
    );
}

/// Section 6 and OQ-8: pocketing from the far rank restarts the
/// fifty-move count only when it promotes. The AmazonRider is of the top
/// class, so `^a8` takes it in as it is: nothing is promoted, the count
/// runs on to 100 plies and the game is drawn. A Rook from the same
/// square goes up a class and restarts it; a mutation elsewhere does not.
#[test]
fn pocketing_without_promotion_keeps_the_fifty_move_count() {
    let rules = pmc();
    let fen = "Z7/8/8/8/8/7k/8/K7[] w - - 99 60";
    assert_eq!(pocketings(&rules, fen, "a8"), strings(&["^a8"]));
    assert_eq!(
        after(&rules, fen, "^a8"),
        "8/8/8/8/8/7k/8/K7[Z] b - - 100 60"
    );
    let mut game = Game::from_fen(rules.clone(), fen, 0).unwrap();
    assert_eq!(game.outcome(), None);
    game.play_text("^a8").unwrap();
    assert_eq!(
        game.outcome().map(|o| o.to_string()),
        Some("1/2-1/2 (50-move rule)".to_string())
    );
    assert_eq!(
        after(&rules, "R7/8/8/8/8/7k/8/K7[] w - - 99 60", "^a8=A"),
        "8/8/8/8/8/7k/8/K7[A] b - - 0 60"
    );
    assert_eq!(
        after(&rules, "8/R7/8/8/8/7k/8/K7[] w - - 90 60", "^a7=I"),
        "8/8/8/8/8/7k/8/K7[I] b - - 91 60"
    );
}
