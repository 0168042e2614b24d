//! Koedem on the catalogue's file: non-royal kings that a side holding
//! one must drop before anything else (`mandatory = [king]`), hands fed
//! only from outside the board, and the game lost by the side left
//! without a king only once the other side holds two
//! (`extinction_opponent_count`). Exact move sets and outcomes.

use crate::kit::{after, catalog, outcome_after, turns};
use changeling::board::Color;
use changeling::game::Outcome;

#[test]
fn a_held_king_is_dropped_first() {
    let r = catalog("koedem");
    let fen = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNB2BNR[KQ] w kq - 0 1";
    let all = turns(&r, fen);
    // Thirty-two squares of ranks 3 to 6 and d1, e1: king drops only.
    assert_eq!(all.len(), 34);
    assert!(all.iter().all(|t| t.starts_with("K@")));
    // Once the king is down, the queen may wait in hand.
    let next = after(&r, fen, "K@e1");
    assert_eq!(
        next,
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNB1KBNR[Q] b kq - 1 1"
    );
    let later = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNB1KBNR[Q] w KQkq - 0 1";
    let all = turns(&r, later);
    // Twenty moves, the king's step to d1 and the queen on 33 squares.
    assert_eq!(all.len(), 20 + 1 + 33);
    assert!(all.contains(&"Q@d1".to_string()) && all.contains(&"e2e4".to_string()));
}

#[test]
fn a_king_may_be_left_attacked_and_captured() {
    let r = catalog("koedem");
    // The rook pins nothing: the king on e1 may step into the queen's
    // line, and the queen may take it.
    let fen = "4k3/4q3/8/8/8/8/8/3K4[] w - - 0 1";
    assert!(turns(&r, fen).contains(&"d1e1".to_string()));
    assert_eq!(
        after(&r, "4k3/4q3/8/8/8/8/8/4K3[] b - - 0 1", "e7e1"),
        "4k3/8/8/8/8/8/8/4q3 w - - 0 2"
    );
}

#[test]
fn a_side_without_a_king_loses_once_the_other_holds_two() {
    let r = catalog("koedem");
    // Black takes White's only king while holding two: White has none
    // left.
    assert_eq!(
        outcome_after(&r, "k3k3/4q3/8/8/8/8/8/4K3[] b - - 0 1", &["e7e1"]),
        Some(Outcome::Decisive {
            winner: Color::Black,
            reason: "White has no king left".to_string(),
        })
    );
    // With only one king, Black's capture does not end the game (White's
    // pawn still has a move).
    assert_eq!(
        outcome_after(&r, "4k3/4q3/8/8/8/8/P7/4K3[] b - - 0 1", &["e7e1"]),
        None
    );
}

#[test]
fn a_move_refused_for_the_duty_says_so() {
    let r = catalog("koedem");
    let fen = "4k3/4q3/8/8/8/8/8/4K3[kq] b - - 0 1";
    let mut g = changeling::Game::from_fen(r.clone(), fen, 0).expect("a position");
    for text in ["e7e1", "Q@d4"] {
        let err = g.play_text(text).expect_err("refused").to_string();
        assert_eq!(
            err,
            format!("`{text}`: while your hand holds a king, a turn must drop one")
        );
    }
    assert_eq!(changeling::notation::to_fen(&r, g.position()), fen);
}
