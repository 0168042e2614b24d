//! Game ends: checkmate, stalemate, the 50-move rule and repetition.

use changeling::Game;
use changeling::board::Color;
use changeling::game::{Outcome, PlayError};
use changeling::variants::load;

fn game(fen: Option<&str>) -> Game {
    let rules = load("chess").unwrap();
    match fen {
        Some(f) => Game::from_fen(rules, f, 0).unwrap(),
        None => Game::new(rules, 0).unwrap(),
    }
}

#[test]
fn fools_mate_ends_the_game_and_refuses_moves() {
    let mut g = game(None);
    for m in ["f3", "e5", "g4", "Qh4#"] {
        g.play_text(m).unwrap();
    }
    let won = Outcome::Decisive {
        winner: Color::Black,
        reason: "checkmate".into(),
    };
    assert_eq!(g.outcome(), Some(won.clone()));
    assert_eq!(g.play_text("e4"), Err(PlayError::GameOver(won)));
    assert!(g.legal_moves().is_empty());
    g.undo();
    assert_eq!(g.outcome(), None);
    assert_eq!(g.legal_moves().len(), 30);
}

#[test]
fn stalemate_is_a_draw() {
    let g = game(Some("7k/5Q2/6K1/8/8/8/8/8 b - - 0 1"));
    assert_eq!(
        g.outcome(),
        Some(Outcome::Draw {
            reason: "stalemate".into()
        })
    );
}

#[test]
fn fifty_moves_without_capture_or_pawn_move_draw() {
    let mut g = game(Some("4k3/8/8/8/8/8/8/R3K3 w - - 99 80"));
    assert_eq!(g.outcome(), None);
    g.play_text("Ra2").unwrap();
    assert_eq!(
        g.outcome(),
        Some(Outcome::Draw {
            reason: "50-move rule".into()
        })
    );
}

#[test]
fn threefold_repetition_draws() {
    let mut g = game(None);
    let cycle = ["Nf3", "Nf6", "Ng1", "Ng8"];
    for m in cycle {
        g.play_text(m).unwrap();
    }
    assert_eq!(g.repetitions(), 2);
    assert_eq!(g.outcome(), None);
    for m in cycle {
        g.play_text(m).unwrap();
    }
    assert_eq!(g.repetitions(), 3);
    assert_eq!(
        g.outcome(),
        Some(Outcome::Draw {
            reason: "repetition".into()
        })
    );
}

#[test]
fn lost_castling_rights_make_a_different_position() {
    // The king walks out and back: same board, but castling is gone, so
    // the start position does not repeat.
    let mut g = game(Some("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1"));
    for m in ["Kf1", "Kf8", "Ke1", "Ke8", "Kf1", "Kf8", "Ke1", "Ke8"] {
        g.play_text(m).unwrap();
    }
    assert_eq!(g.repetitions(), 2);
    assert_eq!(g.outcome(), None);
}
