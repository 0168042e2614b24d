//! Drops from the reserve board on a schedule, after the turn's action
//! (`tests/scripts/reserve_drops.variant`), as Mutatis Mutandis drops
//! (../shared/rules/mutatis-mutandis.md 10.1-10.2): nothing before the
//! window, a free choice inside it, a duty on its last turn and while
//! overdue, a carry-over when no turn can drop, drops that give or block
//! check, and the order of the pieces.

use crate::kit::{after, position};
use changeling::movegen::legal_moves;
use changeling::notation::{parse_fen, parse_move, to_san, to_uci};
use changeling::rules::Rules;
use changeling::variants::load;
use std::sync::Arc;

fn drops() -> Arc<Rules> {
    load("tests/scripts/reserve_drops.variant").expect("the test variant loads")
}

/// (turns without a drop, turns with one).
fn counts(rules: &Rules, fen: &str) -> (usize, usize) {
    let pos = position(rules, fen);
    let legal = legal_moves(rules, &pos);
    let with = legal.iter().filter(|m| m.drop.is_some()).count();
    (legal.len() - with, with)
}

/// The lone kings: a king move leaves 7 empty first-rank squares when it
/// stays on rank 1 (d1, f1) and 8 when it leaves it (d2, e2, f2).
const KINGS: &str = "4k3/8/8/8/8/8/8/4K3";

#[test]
fn drops_wait_for_the_window_then_become_a_duty() {
    let r = drops();
    // White's queen window is turns 3-4.
    assert_eq!(counts(&r, &format!("{KINGS}<QR/qr> w - - 0 2")), (5, 0));
    assert_eq!(
        counts(&r, &format!("{KINGS}<QR/qr> w - - 0 3")),
        (5, 2 * 7 + 3 * 8)
    );
    assert_eq!(counts(&r, &format!("{KINGS}<QR/qr> w - - 0 4")), (0, 38));
    // Overdue on turn 6: still a duty (the rook waits for the queen).
    assert_eq!(counts(&r, &format!("{KINGS}<QR/qr> w - - 0 6")), (0, 38));
    // Black's windows open a turn earlier: the queen on turns 2-3.
    assert_eq!(counts(&r, &format!("{KINGS}<QR/qr> b - - 0 1")), (5, 0));
    assert_eq!(counts(&r, &format!("{KINGS}<QR/qr> b - - 0 2")), (5, 38));
    assert_eq!(counts(&r, &format!("{KINGS}<QR/qr> b - - 0 3")), (0, 38));
    // With the queen dropped, the rook's window is White's turns 5-6.
    assert_eq!(counts(&r, &format!("{KINGS}<-R/qr> w - - 0 4")), (5, 0));
    assert_eq!(counts(&r, &format!("{KINGS}<-R/qr> w - - 0 5")), (5, 38));
    assert_eq!(counts(&r, &format!("{KINGS}<-R/qr> w - - 0 6")), (0, 38));
    // Nothing left: nothing to drop.
    assert_eq!(counts(&r, &format!("{KINGS}<--/qr> w - - 0 9")), (5, 0));
}

#[test]
fn a_drop_follows_the_action_in_the_same_turn() {
    let r = drops();
    let fen = format!("{KINGS}<QR/qr> w - - 0 3");
    // The queen goes on e1 after the king leaves it, and checks.
    let pos = parse_fen(&r, &fen).unwrap();
    let mv = parse_move(&r, &pos, "Kd2&Q@e1").unwrap();
    assert_eq!(to_san(&r, &pos, &mv), "Kd2&Q@e1+");
    assert_eq!(to_uci(&r, &mv), "e1d2&@e1");
    assert_eq!(
        after(&r, &fen, "e1d2&@e1"),
        "4k3/8/8/8/8/8/3K4/4Q3<-R/qr> b - - 1 3 unmoved:e1"
    );
    assert_eq!(
        after(&r, &fen, "Kd2&@e1+"),
        "4k3/8/8/8/8/8/3K4/4Q3<-R/qr> b - - 1 3 unmoved:e1"
    );
    // Not before the window, and not on a square the action leaves full.
    assert!(
        parse_move(
            &r,
            &parse_fen(&r, &format!("{KINGS}<QR/qr> w - - 0 2")).unwrap(),
            "Kd2&Q@e1"
        )
        .is_err()
    );
    assert!(parse_move(&r, &pos, "Kd1&Q@d1").is_err());
}

#[test]
fn a_drop_may_block_a_check_the_action_leaves() {
    let r = drops();
    // The rook on a1 checks along the first rank: a pawn move alone is
    // illegal, but with a drop on b1, c1 or d1 it answers the check.
    let fen = "4k3/8/8/8/8/8/7P/r3K3<QR/qr> w - - 0 3";
    let pos = parse_fen(&r, fen).unwrap();
    let legal = legal_moves(&r, &pos);
    let pawn: Vec<String> = {
        let mut v: Vec<String> = legal
            .iter()
            .filter(|m| r.geometry().name(m.from) == "h2")
            .map(|m| to_uci(&r, m))
            .collect();
        v.sort();
        v
    };
    assert_eq!(
        pawn,
        [
            "h2h3&@b1", "h2h3&@c1", "h2h3&@d1", "h2h4&@b1", "h2h4&@c1", "h2h4&@d1"
        ]
    );
}

#[test]
fn a_full_home_row_carries_the_duty_over() {
    let r = drops();
    // Nothing on the first rank can move, so no turn can drop: the pawns
    // move freely and the queen stays overdue.
    let fen = "4k3/8/8/8/8/8/PPPPPPPP/RRBQKBRR<QR/qr> w - - 0 6";
    assert_eq!(counts(&r, fen), (16, 0));
    let next = after(&r, fen, "a3");
    assert_eq!(next, "4k3/8/8/8/8/P7/1PPPPPPP/RRBQKBRR<QR/qr> b - - 0 6");
}

#[test]
fn promotion_takes_the_back_while_drops_take_the_front() {
    let r = drops();
    // White promotes on a8 to the rook (the back), then drops the queen
    // (the front) in the same turn; nothing is left.
    let fen = "4k3/P7/8/8/8/8/8/4K3<QR/qr> w - - 0 3";
    assert_eq!(
        after(&r, fen, "a8=R&Q@a1"),
        "R3k3/8/8/8/8/8/8/Q3K3<--/qr> b - - 0 3 unmoved:a1"
    );
}
