//! `en_passant_ranks` on the built-in `horde`: White's pawns may double-
//! step from their first rank too, but only a double step from the
//! second rank may be taken en passant. Exact moves and FENs.

use crate::kit::{after, sorted, turns};
use changeling::rules::Rules;
use changeling::variants::load;
use std::sync::Arc;

fn horde() -> Arc<Rules> {
    load("horde").unwrap_or_else(|e| panic!("horde: {e}"))
}

/// The legal turns of `fen` that start on `from`, sorted.
fn from(rules: &Rules, fen: &str, from: &str) -> Vec<String> {
    turns(rules, fen)
        .into_iter()
        .filter(|t| t.starts_with(from))
        .collect()
}

const FEN: &str = "k7/5p2/4p2P/3p2P1/2p2P2/1p2P2P/p2P2P1/2P2P2 w - - 0 1";

#[test]
fn a_double_step_from_the_first_rank_opens_no_en_passant() {
    let rules = horde();
    let next = after(&rules, FEN, "c1c3");
    assert_eq!(next, "k7/5p2/4p2P/3p2P1/2p2P2/1pP1P2P/p2P2P1/5P2 b - - 0 1");
    // The b3 pawn may not take on c2.
    assert_eq!(from(&rules, &next, "b3"), sorted("b3b2"));
}

#[test]
fn a_double_step_from_the_second_rank_does() {
    let rules = horde();
    let next = after(&rules, FEN, "d2d4");
    assert_eq!(
        next,
        "k7/5p2/4p2P/3p2P1/2pP1P2/1p2P2P/p5P1/2P2P2 b - d3 0 1"
    );
    assert_eq!(from(&rules, &next, "c4"), sorted("c4c3 c4d3"));
}
