//! Reserve boards (`reserve` in the variant language, `<...>` in FEN) and
//! promotion by drop order (`promotion_source = reserve_back`), as
//! Mutatis Mutandis promotes (../shared/rules/mutatis-mutandis.md 10.3):
//! the promoted piece is the last one still held, the next promotion takes
//! the one before it, and with the reserve empty a pawn may not move onto
//! the last rank.

use crate::kit::{after, position};
use changeling::game::start_position;
use changeling::movegen::legal_moves;
use changeling::notation::{parse_fen, to_fen, to_uci};
use changeling::rules::Rules;
use changeling::variants::load;
use std::sync::Arc;

fn reserve() -> Arc<Rules> {
    load("tests/scripts/reserve.variant").expect("the test variant loads")
}

/// The a7 pawn's moves in coordinates, sorted.
fn pawn_moves(rules: &Rules, fen: &str) -> Vec<String> {
    let pos = position(rules, fen);
    let mut v: Vec<String> = legal_moves(rules, &pos)
        .iter()
        .filter(|m| rules.geometry().name(m.from) == "a7")
        .map(|m| to_uci(rules, m))
        .collect();
    v.sort();
    v
}

#[test]
fn the_start_fills_the_reserves_and_fen_round_trips() {
    let rules = reserve();
    let start = to_fen(&rules, &start_position(&rules, 0).unwrap());
    assert_eq!(start, "1r2k3/P7/8/8/8/8/p7/4K1R1<QRB/qrb> w - - 0 1");
    for fen in [
        "1r2k3/P7/8/8/8/8/p7/4K1R1<QRB/qrb> w - - 0 1",
        "1r2k3/P7/8/8/8/8/p7/4K1R1<-R-/q--> b - - 3 20",
        "1r2k3/P7/8/8/8/8/p7/4K1R1<---/---> w - - 0 9",
    ] {
        assert_eq!(to_fen(&rules, &parse_fen(&rules, fen).unwrap()), fen);
    }
    for (bad, why) in [
        (
            "4k3/8/8/8/8/8/8/4K3<Q-R/qrb> w - - 0 1",
            "a used place (`-`) may only come before or after the pieces still held",
        ),
        (
            "4k3/8/8/8/8/8/8/4K3<Qr/qrb> w - - 0 1",
            "white's reserve holds a piece of the other side",
        ),
        (
            "4k3/8/8/8/8/8/8/4K3<QRB> w - - 0 1",
            "expected White's and Black's reserve, split by `/`, like `<QR-/qr->`",
        ),
    ] {
        let e = parse_fen(&rules, bad).unwrap_err();
        assert_eq!(e.message.to_lowercase(), why.to_lowercase(), "{bad}");
    }
}

#[test]
fn promotions_take_the_reserve_from_the_back() {
    let rules = reserve();
    let fen = "1r2k3/P7/8/8/8/8/p7/4K1R1<QRB/qrb> w - - 0 1";
    // One promotion per move, to the bishop (the last piece held), by a
    // push or by taking the rook on b8.
    assert_eq!(pawn_moves(&rules, fen), ["a7a8b", "a7b8b"]);
    assert_eq!(
        after(&rules, fen, "a7a8b"),
        "Br2k3/8/8/8/8/8/p7/4K1R1<QR-/qrb> b - - 0 1"
    );
    // With the bishop used, the next promotion takes the rook.
    let partly = "1r2k3/P7/8/8/8/8/p7/4K1R1<-R-/qrb> w - - 0 1";
    assert_eq!(pawn_moves(&rules, partly), ["a7a8r", "a7b8r"]);
    assert_eq!(
        after(&rules, partly, "a7b8r"),
        "1R2k3/8/8/8/8/8/p7/4K1R1<---/qrb> b - - 0 1"
    );
    // Black promotes from its own reserve on rank 1.
    let black = "1r2k3/P7/8/8/8/8/p7/4K1R1<QRB/qr-> b - - 0 1";
    let pos = parse_fen(&rules, black).unwrap();
    let mut promos: Vec<String> = legal_moves(&rules, &pos)
        .iter()
        .filter(|m| rules.geometry().name(m.from) == "a2")
        .map(|m| to_uci(&rules, m))
        .collect();
    promos.sort();
    assert_eq!(promos, ["a2a1r"]);
}

#[test]
fn an_empty_reserve_forbids_the_last_rank() {
    let rules = reserve();
    assert!(pawn_moves(&rules, "1r2k3/P7/8/8/8/8/p7/4K1R1<---/qrb> w - - 0 1").is_empty());
    // Only the pawn is stuck: the rest of the side moves as usual.
    let pos = parse_fen(&rules, "1r2k3/P7/8/8/8/8/p7/4K1R1<---/qrb> w - - 0 1").unwrap();
    assert!(!legal_moves(&rules, &pos).is_empty());
}
