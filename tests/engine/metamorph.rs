//! Metamorph Chess (`examples/variants/metamorph.variant`, embedded as
//! `metamorph`): one scenario per rule of `../shared/rules/metamorph.md`,
//! each asserting the exact legal moves (in SAN, where a change of kind is
//! written `=X`) or the exact position after a move. The derivations are
//! beside the cases.

use crate::kit::{after, sans, strings};
use changeling::game::Game;
use changeling::movegen::in_check;
use changeling::notation::{parse_fen, parse_move, to_fen, to_san};
use changeling::rules::Rules;
use changeling::variants::load;
use std::sync::Arc;

fn metamorph() -> Arc<Rules> {
    load("metamorph").expect("the embedded variant loads")
}

/// The Knight on c3 stands attacked by the pawn on d4: every quiet move
/// turns it into a Queen (rule 4.1), checks included (from b5 and a4
/// along the diagonal, from e2 and e4 along the file).
#[test]
fn an_attacked_knight_moving_quietly_becomes_a_queen() {
    let rules = metamorph();
    let fen = "4k3/8/8/8/3p4/2N5/8/4K3 w - - 0 1";
    assert_eq!(
        sans(&rules, fen, "c3"),
        strings(&[
            "Na2=Q", "Na4=Q+", "Nb1=Q", "Nb5=Q+", "Nd1=Q", "Nd5=Q", "Ne2=Q+", "Ne4=Q+",
        ])
    );
    assert_eq!(
        after(&rules, fen, "Nb5"),
        "4k3/8/8/1Q6/3p4/8/8/4K3 b - - 1 1"
    );
    assert_eq!(
        after(&rules, fen, "c3b5"),
        "4k3/8/8/1Q6/3p4/8/8/4K3 b - - 1 1"
    );
}

/// Without the pawn nothing attacks the Knight, so it stays a Knight.
#[test]
fn an_unattacked_knight_stays_a_knight() {
    let rules = metamorph();
    let fen = "4k3/8/8/8/8/2N5/8/4K3 w - - 0 1";
    assert_eq!(
        sans(&rules, fen, "c3"),
        strings(&["Na2", "Na4", "Nb1", "Nb5", "Nd1", "Nd5", "Ne2", "Ne4"])
    );
}

/// A piece defended by its own side is not attacked (OQ-8): the Bishop
/// on d2 guards the Knight, nothing changes.
#[test]
fn being_defended_is_not_being_attacked() {
    let rules = metamorph();
    let fen = "4k3/8/8/8/8/2N5/3B4/4K3 w - - 0 1";
    assert!(sans(&rules, fen, "c3").iter().all(|m| !m.contains('=')));
}

/// Capturing never changes a simple piece, attacked or not: the attacked
/// Knight takes on b5 and stays a Knight; its quiet moves still change.
#[test]
fn an_attacked_knight_that_captures_stays_a_knight() {
    let rules = metamorph();
    let fen = "4k3/8/8/1r6/3p4/2N5/8/4K3 w - - 0 1";
    let moves = sans(&rules, fen, "c3");
    assert!(moves.contains(&"Nxb5".to_string()), "{moves:?}");
    assert!(moves.contains(&"Nd5=Q".to_string()), "{moves:?}");
    assert_eq!(
        after(&rules, fen, "Nxb5"),
        "4k3/8/8/1N6/3p4/8/8/4K3 b - - 0 1"
    );
}

/// A pinned attacker still attacks (OQ-1): the Bishop on e7 may not move
/// off the e-file, yet its attack on c5 turns the Rook into a Marshall.
#[test]
fn a_pinned_attacker_still_counts() {
    let rules = metamorph();
    let fen = "4k3/4b3/8/2R5/8/8/8/4RK2 w - - 0 1";
    let moves = sans(&rules, fen, "c5");
    assert_eq!(moves.len(), 14, "{moves:?}");
    assert!(
        moves
            .iter()
            .all(|m| m.ends_with("=M") || m.ends_with("=M+")),
        "{moves:?}"
    );
    assert!(moves.contains(&"Rc8=M+".to_string()), "{moves:?}");
}

/// The Bishop on b5 is attacked by the Rook on b8: its quiet moves make a
/// Paladin (Bishop + Knight), which gives check at once from d7 by a
/// knight leap to f8; from c6 it leaps to e7 and d8, no check.
#[test]
fn an_attacked_bishop_becomes_a_paladin_and_checks_at_once() {
    let rules = metamorph();
    let fen = "1r3k2/8/8/1B6/8/8/8/4K3 w - - 0 1";
    let moves = sans(&rules, fen, "b5");
    assert!(moves.contains(&"Bd7=A+".to_string()), "{moves:?}");
    assert!(moves.contains(&"Bd3=A".to_string()), "{moves:?}");
    assert!(moves.contains(&"Bc6=A".to_string()), "{moves:?}");
    assert_eq!(moves.len(), 9, "{moves:?}");
    assert_eq!(
        after(&rules, fen, "Bd3"),
        "1r3k2/8/8/8/8/3A4/8/4K3 b - - 1 1"
    );
    let pos = parse_fen(&rules, &after(&rules, fen, "Bd7")).unwrap();
    assert!(in_check(&rules, &pos, changeling::Color::Black));
}

/// Castling is the King's move (OQ-6): the Rook on h1, attacked by the
/// Rook on h8, castles as a Rook; its own quiet moves make a Marshall.
#[test]
fn castling_never_changes_the_rook() {
    let rules = metamorph();
    let fen = "4k2r/8/8/8/8/8/8/4K2R w K - 0 1";
    assert_eq!(after(&rules, fen, "O-O"), "4k2r/8/8/8/8/8/8/5RK1 b - - 1 1");
    let moves = sans(&rules, fen, "h1");
    assert!(moves.contains(&"Rh2=M".to_string()), "{moves:?}");
    // Capturing on h8 keeps the Rook a Rook.
    assert!(moves.contains(&"Rxh8+".to_string()), "{moves:?}");
}

/// A Queen that captures becomes the piece it captured as (OQ-4):
/// diagonally a Bishop, along a line a Rook; quiet moves keep the Queen.
#[test]
fn a_queen_capturing_becomes_a_bishop_or_a_rook() {
    let rules = metamorph();
    let fen = "4k3/8/5p2/8/3Q2r1/8/8/4K3 w - - 0 1";
    let moves = sans(&rules, fen, "d4");
    assert!(moves.contains(&"Qxf6=B".to_string()), "{moves:?}");
    assert!(moves.contains(&"Qxg4=R".to_string()), "{moves:?}");
    assert!(moves.contains(&"Qd5".to_string()), "{moves:?}");
    assert_eq!(
        after(&rules, fen, "Qxf6"),
        "4k3/8/5B2/8/6r1/8/8/4K3 b - - 0 1"
    );
    assert_eq!(
        after(&rules, fen, "d4g4"),
        "4k3/8/5p2/8/6R1/8/8/4K3 b - - 0 1"
    );
}

/// A Marshall capturing by a knight leap becomes a Knight, along a line a
/// Rook; a Paladin by a leap a Knight, diagonally a Bishop.
#[test]
fn marshall_and_paladin_become_the_part_they_captured_with() {
    let rules = metamorph();
    let fen = "4k3/8/2p5/8/3M2r1/8/8/4K3 w - - 0 1";
    assert_eq!(
        after(&rules, fen, "Mxc6"),
        "4k3/8/2N5/8/6r1/8/8/4K3 b - - 0 1"
    );
    assert_eq!(
        after(&rules, fen, "Mxg4"),
        "4k3/8/2p5/8/6R1/8/8/4K3 b - - 0 1"
    );
    let fen = "4k3/8/2p2p2/8/3A4/8/8/4K3 w - - 0 1";
    assert_eq!(
        after(&rules, fen, "Axc6"),
        "4k3/8/2N2p2/8/8/8/8/4K3 b - - 0 1"
    );
    assert_eq!(
        after(&rules, fen, "Axf6"),
        "4k3/8/2p2B2/8/8/8/8/4K3 b - - 0 1"
    );
}

/// Compounds never change on quiet moves, attacked or not (4, "things
/// that never transform").
#[test]
fn compounds_moving_quietly_stay_compounds() {
    let rules = metamorph();
    let fen = "4k3/8/8/8/3Q4/8/8/3rK3 w - - 0 1";
    let moves = sans(&rules, fen, "d4");
    assert!(
        moves.iter().all(|m| !m.contains('=') || m.contains('x')),
        "{moves:?}"
    );
}

/// Pawns promote to Rook, Bishop or Knight only (OQ-5), and the new piece
/// does not change on the promoting move even when attacked there.
#[test]
fn pawns_promote_to_simple_pieces_only() {
    let rules = metamorph();
    let fen = "1r2k3/P7/8/8/8/8/8/4K3 w - - 0 1";
    assert_eq!(
        sans(&rules, fen, "a7"),
        strings(&["a8=B", "a8=N", "a8=R", "axb8=B", "axb8=N", "axb8=R+"])
    );
    let pos = parse_fen(&rules, fen).unwrap();
    let queen = parse_move(&rules, &pos, "a8=Q");
    assert!(queen.is_err());
}

/// The changed piece counts for check at once (OQ-7): the Knight on e6,
/// attacked by the pawn on f7, leaps to d8 as a Queen and mates on the
/// back rank.
#[test]
fn a_knight_escaping_as_a_queen_mates() {
    let rules = metamorph();
    let fen = "k7/pp3p2/4N3/8/8/8/8/4K3 w - - 0 1";
    let mut game = Game::from_fen(rules.clone(), fen, 0).unwrap();
    let mv = game.play_text("Nd8").expect("Nd8 is legal");
    assert_eq!(
        to_san(&rules, &parse_fen(&rules, fen).unwrap(), &mv),
        "Nd8=Q#"
    );
    let outcome = game.outcome().expect("the game is over");
    assert_eq!(outcome.to_string(), "1-0 (checkmate)");
}

/// A demoted piece gives check as what it became: the Queen takes f7 as a
/// Bishop, which checks the King on e8 from f7.
#[test]
fn a_queen_capturing_checks_as_a_bishop() {
    let rules = metamorph();
    let mut game = Game::new(rules.clone(), 0).unwrap();
    for m in ["e4", "e5", "Qh5", "Nc6"] {
        game.play_text(m).unwrap();
    }
    let before = game.position().clone();
    let mv = game.play_text("Qxf7").unwrap();
    assert_eq!(to_san(&rules, &before, &mv), "Qxf7=B+");
    assert_eq!(
        to_fen(&rules, game.position()),
        "r1bqkbnr/pppp1Bpp/2n5/4p3/4P3/8/PPPP1PPP/RNB1KBNR b KQkq - 0 3"
    );
    // The King takes the Bishop: it is not defended.
    game.play_text("Kxf7").unwrap();
}

/// The optional reading (metamorph_optional): both the plain and the
/// changing move exist, told apart by `=Q`.
#[test]
fn the_optional_reading_offers_both_moves() {
    let rules = load("metamorph_optional").unwrap();
    let fen = "4k3/8/8/8/3p4/2N5/8/4K3 w - - 0 1";
    let moves = sans(&rules, fen, "c3");
    assert_eq!(moves.len(), 16, "{moves:?}");
    assert!(moves.contains(&"Nb5".to_string()) && moves.contains(&"Nb5=Q+".to_string()));
    assert_eq!(
        after(&rules, fen, "Nb5"),
        "4k3/8/8/1N6/3p4/8/8/4K3 b - - 1 1"
    );
    assert_eq!(
        after(&rules, fen, "Nb5=Q"),
        "4k3/8/8/1Q6/3p4/8/8/4K3 b - - 1 1"
    );
}
