//! Blasts with their own rules (the mutator keys `blast_spares`,
//! `blast_immune`, `en_passant_blast`, `touching_royals_safe`) on the
//! catalogue's atomic chess, Atomar and No-check Atomic: what a capture
//! removes (the FEN after it), where an en-passant blast is centred,
//! touching kings, and the same captures under Twelve Mutation Chess's
//! plain blast for contrast.

use crate::kit::{after, catalog, position, sorted, turns};
use changeling::Game;
use changeling::board::Color;
use changeling::game::Outcome;
use changeling::movegen::in_check;

#[test]
fn atomic_blasts_spare_the_pawns_around_but_not_the_capturer() {
    let r = catalog("atomic");
    // The knight takes the d5 pawn: the c4 bishop next to it goes, the
    // pawns on c6 and e6 stay, the knight goes too.
    let fen = "4k3/8/2p1p3/3p4/2b5/4N3/8/4K3 w - - 0 1";
    assert_eq!(after(&r, fen, "e3d5"), "4k3/8/2p1p3/8/8/8/8/4K3 b - - 0 1");
    // A pawn that captures goes with its victim.
    let fen = "4k3/8/8/3n4/4P3/8/8/4K3 w - - 0 1";
    assert_eq!(after(&r, fen, "e4d5"), "4k3/8/8/8/8/8/8/4K3 b - - 0 1");
}

#[test]
fn an_en_passant_blast_is_centred_where_the_capturer_lands() {
    // The knight on c7 touches d6, where the pawn lands, but not d5,
    // where the taken pawn stood.
    let fen = "4k3/2n5/8/3pP3/8/8/8/4K3 w - d6 0 1";
    let r = catalog("atomic");
    assert_eq!(after(&r, fen, "e5d6"), "4k3/8/8/8/8/8/8/4K3 b - - 0 1");
    // Twelve Mutation Chess's Atomic centres it on the taken pawn.
    let tm = changeling::variants::load_str(
        "plain_blast",
        "variant plain_blast : chess { mutator atomic { explode = true always_on = true } }",
    )
    .unwrap();
    assert_eq!(after(&tm, fen, "e5d6"), "4k3/2n5/8/8/8/8/8/4K3 b - - 0 1");
}

#[test]
fn touching_kings_are_never_in_check() {
    let r = catalog("atomic");
    // The rook on d1 attacks d5, but the black king touches the white
    // one: no check, and it may step along the d-file beside it.
    let fen = "8/8/8/3kK3/8/8/8/3R4 b - - 0 1";
    assert!(!in_check(&r, &position(&r, fen), Color::Black));
    assert_eq!(turns(&r, fen), sorted("d5c4 d5c5 d5c6 d5d4 d5d6 d5e4 d5e6"));
    // Apart, the rook checks, and the d-file is closed.
    let fen = "8/8/8/3k4/8/8/8/3R3K b - - 0 1";
    assert!(in_check(&r, &position(&r, fen), Color::Black));
    assert_eq!(turns(&r, fen), sorted("d5c4 d5c5 d5c6 d5e4 d5e5 d5e6"));
}

#[test]
fn a_capture_may_not_blow_up_the_own_king_but_may_the_enemy_one() {
    let r = catalog("atomic");
    // Taking on d2 would destroy White's king on e1.
    let fen = "4k3/8/8/8/8/8/3n4/3RK3 w - - 0 1";
    assert!(!turns(&r, fen).contains(&"d1d2".to_string()));
    // Taking on d7 destroys Black's king beside it: White wins.
    let fen = "4k3/3n4/8/8/8/8/8/3RK3 w - - 0 1";
    let mut g = Game::from_fen(r.clone(), fen, 0).unwrap();
    g.play_text("d1d7").unwrap();
    assert!(matches!(
        g.outcome(),
        Some(Outcome::Decisive {
            winner: Color::White,
            ..
        })
    ));
}

#[test]
fn atomar_kings_survive_blasts_and_do_not_take_each_other() {
    let r = catalog("atomar");
    // The rook takes the knight next to Black's king: the king stays.
    let fen = "4k3/3n4/8/8/8/8/8/3RK3 w - - 0 1";
    assert_eq!(after(&r, fen, "d1d7"), "4k3/8/8/8/8/8/8/4K3 b - - 0 1");
    // A king that takes survives its own blast, which takes the others.
    let fen = "4k3/8/8/8/8/8/2bn4/4K3 w - - 0 1";
    assert_eq!(after(&r, fen, "e1d2"), "4k3/8/8/8/8/8/3K4/8 b - - 0 1");
    // Touching kings may not take each other.
    let fen = "8/8/8/3kK3/8/8/8/8 w - - 0 1";
    assert!(!turns(&r, fen).contains(&"e5d5".to_string()));
}

#[test]
fn no_check_atomic_lets_a_king_be_left_attacked_or_blown_up() {
    let r = catalog("nocheckatomic");
    // The rook attacks the king: no check, every king move stands.
    let fen = "3k4/8/8/8/8/8/8/3RK3 b - - 0 1";
    let moves = turns(&r, fen);
    assert!(moves.contains(&"d8d7".to_string()), "{moves:?}");
    // A king that captures blows itself up and loses.
    let fen = "4k3/4N3/8/8/8/8/8/4K3 b - - 0 1";
    let mut g = Game::from_fen(r.clone(), fen, 0).unwrap();
    g.play_text("e8e7").unwrap();
    assert_eq!(
        g.outcome(),
        Some(Outcome::Decisive {
            winner: Color::White,
            reason: "Black has no king left".to_string(),
        })
    );
}
