//! Mutatis Mutandis scenarios on the shipped variant
//! (`examples/variants/mutatis-mutandis.variant`, embedded), one rule of
//! `../shared/rules/mutatis-mutandis.md` each: every row of the cornering
//! table with both pieces morphing, actors and passive pieces, the drop
//! windows at their edges (a full home row carrying the duty over), drops
//! giving check and mate, promotion from a partly used reserve and the
//! last rank refused with it empty, the Mamra and the Wuss changing
//! royalty, and the Wuss mated while the King is safe.

use crate::kit::{after, cornerings, turns};
use changeling::game::Game;
use changeling::movegen::legal_moves;
use changeling::notation::{parse_fen, to_fen, to_san};
use changeling::rules::Rules;
use changeling::variants::load;
use std::sync::Arc;

fn mm() -> Arc<Rules> {
    load("mutatis-mutandis").expect("embedded")
}

/// Section 9, row by row: where the King stands decides the partner and
/// who moves; both pieces morph (King to Maoking, Rook to Cylindrical
/// Bishop, a Hydra in the corner to its second form).
#[test]
fn every_row_of_the_cornering_table() {
    let r = mm();
    let cases = [
        // (first rank before, rights, turns, first rank after each; the
        // other corner piece stays unmoved, as the FEN says)
        ("RK6", "A", vec![("b1b1", "1{Maoking}{Cylbishop}5")]),
        ("R1K5", "A", vec![("c1c1", "2{Maoking}{Cylbishop}4")]),
        (
            "R2K3R",
            "HA",
            vec![
                ("d1b1", "1{Maoking}{Cylbishop}4R<-/-> b - - 1 1 unmoved:h1"),
                ("d1f1", "R3{Cylbishop}{Maoking}2<-/-> b - - 1 1 unmoved:a1"),
            ],
        ),
        (
            "R3K2R",
            "HA",
            vec![
                ("e1c1", "2{Maoking}{Cylbishop}3R<-/-> b - - 1 1 unmoved:h1"),
                ("e1g1", "R4{Cylbishop}{Maoking}1<-/-> b - - 1 1 unmoved:a1"),
            ],
        ),
        ("5K1R", "H", vec![("f1f1", "4{Cylbishop}{Maoking}2")]),
        ("6KR", "H", vec![("g1g1", "5{Cylbishop}{Maoking}1")]),
        ("{Hydra}K6", "A", vec![("b1b1", "1{Maoking}{NNa}5")]),
    ];
    for (rank, rights, expect) in cases {
        let fen = format!("4k3/8/8/8/8/8/8/{rank}<-/-> w {rights} - 0 1");
        let want: Vec<&str> = expect.iter().map(|e| e.0).collect();
        assert_eq!(cornerings(&r, &fen), want, "{fen}");
        for (uci, result) in expect {
            let want = if result.contains(' ') {
                format!("4k3/8/8/8/8/8/8/{result}")
            } else {
                format!("4k3/8/8/8/8/8/8/{result}<-/-> b - - 1 1")
            };
            assert_eq!(after(&r, &fen, uci), want, "{fen} {uci}");
        }
    }
    // Kings on a1 and h1 have no cornering; neither has a King with no
    // unmoved piece in the corner.
    for rank in ["K6R", "R6K", "1K6"] {
        let fen = format!("4k3/8/8/8/8/8/8/{rank}<-/-> w - - 0 1");
        assert!(cornerings(&r, &fen).is_empty(), "{fen}");
    }
    // Black does the same on the eighth rank.
    let fen = "r2k3r/8/8/8/8/8/8/4K3<-/-> b ha - 0 1";
    assert_eq!(cornerings(&r, fen), ["d8b8", "d8f8"]);
    assert_eq!(
        after(&r, fen, "d8f8"),
        "r3{cylbishop}{maoking}2/8/8/8/8/8/8/4K3<-/-> w - - 1 2 unmoved:a8"
    );
}

/// Cornering needs both pieces unmoved, the King in King form and not in
/// check, the listed squares empty, and a moving King not crossing an
/// attacked square.
#[test]
fn cornering_refused() {
    let r = mm();
    let none = |fen: &str| assert!(cornerings(&r, fen).is_empty(), "{fen}");
    // c1 occupied in the b1 case.
    none("4k3/8/8/8/8/8/8/RKN5<-/-> w A - 0 1");
    // In check from the rook on b8.
    none("1r2k3/8/8/8/8/8/8/RK6<-/-> w A - 0 1");
    // A Maoking never corners.
    none("4k3/8/8/8/8/8/8/R{Maoking}6<-/-> w - - 0 1");
    // The right belongs to an unmoved King: a FEN granting it to a Wuss
    // or a Maoking on the King's square is refused, saying why.
    for royal in ["{Wuss}", "{Maoking}"] {
        let fen = format!("k7/8/8/8/8/8/8/6{royal}R w H - 0 5");
        let err = parse_fen(&r, &fen).unwrap_err().to_string();
        assert_eq!(
            err,
            "invalid FEN (castling): `H` needs a white king on d1, e1, f1 or g1 and a white piece on h1",
            "{fen}"
        );
    }
    // The d1 King may not cross c1 while the c8 rook attacks it; the
    // other way stays open.
    assert_eq!(
        cornerings(&r, "2r1k3/8/8/8/8/8/8/R2K3R<-/-> w HA - 0 1"),
        ["d1f1"]
    );
    // The King that stays (g1) needs no safe path for the partner's jump.
    assert_eq!(
        cornerings(&r, "4kr2/8/8/8/8/8/8/6KR<-/-> w H - 0 1"),
        ["g1g1"]
    );
}

/// Section 6.3: the actor morphs, passive pieces do not. A Swapper's
/// partner, a slung piece and a recruited piece keep their kind; a shot
/// leaves the Archer where it stands, as a Long Leaper.
#[test]
fn actors_morph_and_passive_pieces_do_not() {
    let r = mm();
    // The Swapper swaps with the enemy knight: it becomes a Chameleon, the
    // knight stays a knight (and, not being a Swapper or Chameleon, may
    // swap back at once: no ban).
    assert_eq!(
        after(&r, "4k3/8/8/8/3{Swapper}1n2/8/8/4K3<-/-> w - - 0 1", "d4f4"),
        "4k3/8/8/8/3n1{Chameleon}2/8/8/4K3<-/-> b - - 1 1"
    );
    // The Oxybeles steps d4-e5 and slings the rook from c3 to h8 (the
    // first square of the line that is not empty is off the board): the
    // Oxybeles becomes a Secutor, the rook stays a rook.
    assert_eq!(
        after(&r, "k7/8/8/8/3{Oxybeles}4/2R5/8/4K3<-/-> w - - 0 1", "d4h8"),
        "k6R/8/8/4{Secutor}3/8/8/8/4K3<-/-> b - - 1 1"
    );
    // The Archer on d2 shoots the knight on d4 and becomes a Long Leaper.
    assert_eq!(
        after(&r, "4k3/8/8/8/3n4/8/3{Archer}4/4K3<-/-> w - - 0 1", "d2d4"),
        "4k3/8/8/8/8/8/3{Longleaper}4/4K3<-/-> b - - 0 1"
    );
    // A dropped piece does not morph in the turn it comes in, while the
    // mover does (the King becomes a Maoking). The knight is unmoved, on
    // a castling square.
    assert_eq!(
        after(&r, "4k3/8/8/8/8/8/8/4K3<N/-> w - - 0 11", "Kd2&N@e1"),
        "4k3/8/8/8/8/8/3{Maoking}4/4N3<-/-> b - - 1 11 unmoved:e1"
    );
}

/// Section 10.1: the first reserve piece comes in on Black's own turns
/// 6-10 and White's 7-11. Too early there is no drop; on the first turn
/// of the window a drop is a choice; on the last it is a duty. A full
/// home row where nothing can leave carries the duty over, and once a
/// square can be freed every turn must free one and drop there.
#[test]
fn drop_windows_at_their_edges_and_a_full_home_row() {
    let r = mm();
    let drops = |fen: &str| -> (usize, usize) {
        let pos = parse_fen(&r, fen).unwrap();
        let legal = legal_moves(&r, &pos);
        let with = legal.iter().filter(|m| m.drop.is_some()).count();
        (with, legal.len() - with)
    };
    let kings = "k7/8/8/8/8/8/8/7K<N/n>";
    // Three king moves; with a drop, on the seven or eight first-rank
    // squares then empty (7 after Kg1, 8 after Kg2 or Kh2).
    let both = 7 + 8 + 8;
    // White: turn 6 too early, 7 a choice, 11 a duty.
    assert_eq!(drops(&format!("{kings} w - - 0 6")), (0, 3));
    assert_eq!(drops(&format!("{kings} w - - 0 7")), (both, 3));
    assert_eq!(drops(&format!("{kings} w - - 0 11")), (both, 0));
    // Black: turn 5 too early, 6 a choice, 10 a duty, 12 overdue.
    assert_eq!(drops(&format!("{kings} b - - 0 5")), (0, 3));
    assert_eq!(drops(&format!("{kings} b - - 0 6")), (both, 3));
    assert_eq!(drops(&format!("{kings} b - - 0 10")), (both, 0));
    assert_eq!(drops(&format!("{kings} b - - 0 12")), (both, 0));
    // A turn typed without its due drop is refused, saying so.
    let due = parse_fen(&r, &format!("{kings} w - - 0 11")).unwrap();
    for text in ["Kg2", "h1g2"] {
        let e = changeling::notation::parse_move(&r, &due, text).unwrap_err();
        assert!(
            e.to_string()
                .contains("a drop from the reserve is due this turn"),
            "{e}"
        );
    }
    // A full first rank that nothing can leave (the pawns wall it in):
    // the due drop cannot be made, so the sixteen pawn steps stand alone.
    let full = "k7/8/8/8/8/8/PPPPPPPP/RQBK{Paovao}BBR<{Amazon}/-> w - - 0 11";
    assert_eq!(drops(full), (0, 16));
    // Overdue on a later turn, with d2 empty: the King may step there and
    // the Bishop and the Pao Vao ride out through it; as turns with the
    // drop now exist, every turn must be one of those, dropping on the
    // square left.
    let open = "k7/8/8/8/8/8/PPP1PPPP/RQBK{Paovao}BBR<{Amazon}/-> w - - 0 12";
    assert_eq!(
        turns(&r, open),
        [
            "c1d2&@c1", "c1e3&@c1", "c1f4&@c1", "c1g5&@c1", "c1h6&@c1", "d1d2&@d1", "e1a5&@e1",
            "e1b4&@e1", "e1c3&@e1", "e1d2&@e1"
        ]
    );
}

/// Section 10.2: a drop may give check, and mate.
#[test]
fn drops_give_check_and_mate() {
    let r = mm();
    // White's King steps and the reserve Rook comes in on h1: mate, as the
    // Black King has h7 on the file, g8 and g7 are its own, and nothing of
    // Black's can reach the h-file or h1.
    let fen = "6rk/6p1/8/8/8/8/8/4K3<R{Amazon}/qr> w - - 0 7";
    let mut game = Game::from_fen(r.clone(), fen, 0).unwrap();
    let mv = game.play_text("Kd2&R@h1").expect("legal");
    assert_eq!(to_san(&r, &game.history()[0].1, &mv), "Kd2&R@h1#");
    assert_eq!(game.outcome().unwrap().to_string(), "1-0 (checkmate)");
    // Every checking turn is a King step with the Rook on h1, and mates.
    let pos = parse_fen(&r, fen).unwrap();
    let mut checks: Vec<String> = legal_moves(&r, &pos)
        .iter()
        .map(|m| to_san(&r, &pos, m))
        .filter(|s| s.ends_with('+') || s.ends_with('#'))
        .collect();
    checks.sort();
    assert_eq!(
        checks,
        [
            "Kd1&R@h1#",
            "Kd2&R@h1#",
            "Ke2&R@h1#",
            "Kf1&R@h1#",
            "Kf2&R@h1#"
        ]
    );
}

/// Section 10.3: promotions take the reserve from the back, whatever the
/// drops have used at the front, and the new piece keeps its reserve form
/// (no morph). A Pawn, a Berolina and a Scorpion each promote; with the
/// reserve used up no pawn form may reach the last rank.
#[test]
fn promotion_takes_the_reserve_from_the_back() {
    let r = mm();
    // The first piece has been dropped; the Rook is the last one held.
    // (Turn 3: no drop is due, so the turns carry none.)
    assert_eq!(
        after(&r, "k7/4P3/8/8/8/8/8/7K<-N{Amazon}R/qr> w - - 0 3", "e7e8"),
        "k3R3/8/8/8/8/8/8/7K<-N{Amazon}-/qr> b - - 0 3"
    );
    // Next the Amazon, for a Berolina stepping diagonally.
    assert_eq!(
        after(
            &r,
            "k7/3{Berolina}4/8/8/8/8/8/7K<-N{Amazon}-/qr> w - - 0 3",
            "d7c8"
        ),
        "k1{Amazon}5/8/8/8/8/8/8/7K<-N--/qr> b - - 0 3"
    );
    // Then the Knight, the last piece, for a Scorpion's sideways leap.
    assert_eq!(
        after(
            &r,
            "k7/4{Scorpion}3/8/8/8/8/8/7K<-N--/qr> w - - 0 3",
            "e7g8"
        ),
        "k5N1/8/8/8/8/8/8/7K<----/qr> b - - 0 3"
    );
    // Black promotes on the first rank from Black's own reserve.
    assert_eq!(
        after(&r, "k7/8/8/8/8/8/4p3/7K<QR/q{hydra}> b - - 0 3", "e2e1"),
        "k7/8/8/8/8/8/8/4{hydra}2K<QR/q-> w - - 0 4"
    );
    // Nothing left: the pawn forms on the seventh rank cannot move on.
    for pawn in ["P", "{Berolina}", "{Scorpion}"] {
        let fen = format!("k7/4{pawn}3/8/8/8/8/8/7K<----/qr> w - - 0 3");
        assert_eq!(turns(&r, &fen), ["h1g1", "h1g2", "h1h2"], "{fen}");
    }
}

/// Sections 4.24, 4.25 and 8: the Mamra is not royal but only a pawn form
/// may take it; it may not step where it would be attacked, because it
/// arrives as a Wuss, which is royal. An attacked Wuss must move, and
/// anywhere, as it arrives as a Mamra. Attacked and unable to move, the
/// Wuss is mated though the King is safe.
#[test]
fn the_mamra_and_the_wuss() {
    let r = mm();
    // Only the pawn may take the Mamra; the rook on d1 may not.
    let fen = "4k3/8/8/3{mamra}4/4P3/8/8/3RK3<-/-> w - - 0 1";
    let onto_d5: Vec<String> = turns(&r, fen)
        .into_iter()
        .filter(|t| t.ends_with("d5"))
        .collect();
    assert_eq!(onto_d5, ["e4d5"]);
    // The Mamra steps away from the rook's file only.
    let fen = "4k3/8/8/3{mamra}4/8/8/8/2R1K3<-/-> b - - 0 1";
    let mamra: Vec<String> = turns(&r, fen)
        .into_iter()
        .filter(|t| t.starts_with("d5"))
        .collect();
    assert_eq!(mamra, ["d5d4", "d5d6", "d5e4", "d5e5", "d5e6"]);
    assert_eq!(
        after(&r, fen, "d5e5"),
        "4k3/8/8/4{wuss}3/8/8/8/2R1K3<-/-> w - - 1 2"
    );
    // The attacked Wuss must move: its 26 queen steps and nothing else,
    // the d-file included (it arrives as a Mamra, which the rook cannot
    // take).
    let fen = "4k3/8/8/3{wuss}4/8/8/8/3RK3<-/-> b - - 0 1";
    let legal = turns(&r, fen);
    assert_eq!(legal.len(), 26, "{legal:?}");
    assert!(legal.iter().all(|t| t.starts_with("d5")), "{legal:?}");
    let pos = parse_fen(&r, fen).unwrap();
    let e = changeling::notation::parse_move(&r, &pos, "Kf8").unwrap_err();
    assert!(
        e.to_string()
            .contains("your wuss on d5 is attacked and must move"),
        "{e}"
    );
    assert_eq!(
        after(&r, fen, "d5d2"),
        "4k3/8/8/8/8/8/3{mamra}4/3RK3<-/-> w - - 1 2"
    );
    // Mated Wuss: the knight attacks it, its own pieces wall it in, and
    // nothing else may move (not even the pawn that could take the knight).
    let fen = "4k3/8/8/8/8/1n6/PP6/{Wuss}P2K3<-/-> w - - 0 1";
    let game = Game::from_fen(r.clone(), fen, 0).unwrap();
    assert!(game.legal().is_empty());
    assert_eq!(game.outcome().unwrap().to_string(), "0-1 (checkmate)");
    // Without the knight White plays on.
    let free = "4k3/8/8/8/8/8/PP6/{Wuss}P2K3<-/-> w - - 0 1";
    assert!(!turns(&r, free).is_empty());
}

/// The swap-back ban (section 5.3) is part of the position: FEN writes it
/// as a seventh field, reads it back, and the reply may not undo the
/// swap; a ban that names no swapped pair is refused.
#[test]
fn the_swap_back_ban_is_in_the_fen() {
    let r = mm();
    // Black's Swapper swaps with White's; White's may not swap straight
    // back (d4 with f4) on the reply.
    let fen = after(
        &r,
        "4k3/8/8/8/3{swapper}1{Swapper}2/8/8/4K3<-/-> b - - 0 1",
        "d4f4",
    );
    assert_eq!(
        fen,
        "4k3/8/8/8/3{Swapper}1{chameleon}2/8/8/4K3<-/-> w - - 1 2 swap:d4f4"
    );
    let pos = parse_fen(&r, &fen).unwrap();
    assert_eq!(to_fen(&r, &pos), fen);
    let lifted = parse_fen(&r, fen.trim_end_matches(" swap:d4f4")).unwrap();
    assert!(!turns(&r, &fen).contains(&"d4f4".to_string()));
    assert!(turns(&r, &to_fen(&r, &lifted)).contains(&"d4f4".to_string()));
    for bad in [
        "4k3/8/8/8/8/8/8/4K3<-/-> w - - 0 1 swap:d4f4",
        "4k3/8/8/8/8/8/8/4K3<-/-> w - - 0 1 swap:e1",
        "4k3/8/8/8/8/8/8/4K3<-/-> w - - 0 1 swip:e1e8",
    ] {
        assert!(parse_fen(&r, bad).is_err(), "{bad}");
    }
}

/// Section 4.29: only a Pawn that has never moved double-steps. The
/// Swapper b2 swaps with its own Pawn c3, which lands on its second rank
/// having moved: the FEN names it (`moved:b2`), reads it back, and the
/// Pawn has the single step only. A Pawn dropped there has not moved, and
/// `moved:` may name only a Pawn on its second rank.
#[test]
fn a_displaced_pawn_has_no_double_step() {
    let r = mm();
    let fen = after(&r, "4k3/8/8/8/8/2P5/1{Swapper}6/4K3<-/-> w - - 0 3", "b2c3");
    assert_eq!(
        fen,
        "4k3/8/8/8/8/2{Chameleon}5/1P6/4K3<-/-> b - - 1 3 moved:b2"
    );
    assert_eq!(to_fen(&r, &parse_fen(&r, &fen).unwrap()), fen);
    let pawn = |fen: &str| -> Vec<String> {
        turns(&r, fen)
            .into_iter()
            .filter(|t| t.starts_with("b2"))
            .collect()
    };
    let white = fen.replace(" b - - 1 3", " w - - 1 4");
    assert_eq!(pawn(&white), ["b2b3"]);
    // The same Pawn, not named, has never moved.
    let fresh = white.trim_end_matches(" moved:b2");
    assert_eq!(pawn(fresh), ["b2b3", "b2b4"]);
    for bad in [
        "4k3/8/8/8/8/8/1P6/4K3<-/-> w - - 0 1 moved:b3",
        "4k3/8/8/8/8/8/1P6/4K3<-/-> w - - 0 1 moved:e1",
        "4k3/8/8/8/8/8/1P6/4K3<-/-> w - - 0 1 moved:b2 moved:b2",
    ] {
        assert!(parse_fen(&r, bad).is_err(), "{bad}");
    }
}

/// Pieces that leave their squares by a swap have moved: a corner piece
/// swapped away (or swapped in) gives no cornering (section 9).
#[test]
fn a_swap_ends_the_cornering_right() {
    let r = mm();
    let fen = "4k3/8/8/8/7{Swapper}/8/8/4K2R<-/-> w K - 0 1";
    assert_eq!(cornerings(&r, fen), ["e1g1"]);
    let next = after(&r, fen, "h4h1");
    // The King has not moved: a piece dropped on h1 could corner with it.
    assert_eq!(
        next,
        "4k3/8/8/8/7R/8/8/4K2{Chameleon}<-/-> b - - 1 1 unmoved:e1"
    );
    let pos = parse_fen(&r, &next).unwrap();
    assert!(
        !pos.unmoved()
            .contains(r.geometry().parse_square("h1").unwrap())
    );
}

/// The pawn that takes en passant is the actor and morphs (section 6.3).
#[test]
fn the_en_passant_capturer_morphs() {
    let r = mm();
    let fen = "4k3/8/8/3{berolina}P3/8/8/8/4K3<-/-> w - d6 0 2";
    assert_eq!(
        after(&r, fen, "e5d6"),
        "4k3/8/3{Berolina}4/8/8/8/8/4K3<-/-> b - - 0 2"
    );
}

/// A pawn form that may not reach the last rank (its reserve is empty)
/// cannot take there, so it gives no check there (sections 8.2, 10.3).
#[test]
fn a_pawn_with_nothing_to_promote_to_gives_no_check() {
    let r = mm();
    let check = |fen: &str| {
        let pos = parse_fen(&r, fen).unwrap();
        changeling::movegen::in_check(&r, &pos, changeling::Color::Black)
    };
    assert!(!check("3k4/4P3/8/8/8/8/8/4K3<--/qr> b - - 0 1"));
    assert!(check("3k4/4P3/8/8/8/8/8/4K3<-R/qr> b - - 0 1"));
    // The King may then step onto a square the pawn would take on.
    let legal = turns(&r, "6k1/4P3/8/8/8/8/8/4K3<--/qr> b - - 0 1");
    assert!(legal.contains(&"g8f8".to_string()), "{legal:?}");
    let legal = turns(&r, "6k1/4P3/8/8/8/8/8/4K3<-R/qr> b - - 0 1");
    assert!(!legal.contains(&"g8f8".to_string()), "{legal:?}");
}

/// Section 9: the King may not corner across a square a scripted piece
/// attacks, though the square is empty. The Black Secutor c2 slides to
/// e2, meets the f2 Pawn and turns down onto f1 (section 4.28): a King
/// on f1 would be taken, so e1-g1 is refused. Without the Pawn the
/// Secutor meets nothing and f1 is safe again. The Chameleon next to d1
/// takes a King there by a King's step (section 5.2), which shuts the
/// long cornering.
#[test]
fn scripted_attackers_guard_empty_squares() {
    use changeling::Color::Black;
    use changeling::movegen::{attackers_of, is_attacked};
    let r = mm();
    let fen = "k7/8/8/8/8/8/2{secutor}2P2/4K2R<-/-> w H - 0 20";
    assert_eq!(
        turns(&r, fen),
        [
            "e1d1", "e1d2", "e1e2", "f2f3", "f2f4", "h1f1", "h1g1", "h1h2", "h1h3", "h1h4", "h1h5",
            "h1h6", "h1h7", "h1h8"
        ]
    );
    let pos = parse_fen(&r, fen).unwrap();
    let f1 = r.geometry().parse_square("f1").unwrap();
    let c2 = r.geometry().parse_square("c2").unwrap();
    assert!(is_attacked(&r, &pos, f1, Black));
    assert_eq!(attackers_of(&r, &pos, f1, Black), [c2]);
    // No obstacle on the second rank: no collision, f1 is safe.
    let open = "k7/8/8/8/8/8/2{secutor}5/4K2R<-/-> w H - 0 20";
    assert_eq!(cornerings(&r, open), ["e1g1"]);
    let pos = parse_fen(&r, open).unwrap();
    assert!(!is_attacked(&r, &pos, f1, Black));
    // The Chameleon c2 guards d1 (and c1, b1) against a King.
    let fen = "7k/8/8/8/8/8/2{chameleon}5/R3K3<-/-> w A - 0 20";
    assert!(cornerings(&r, fen).is_empty());
    let fen = "7k/8/8/8/8/8/1{chameleon}6/R3K3<-/-> w A - 0 20";
    assert!(cornerings(&r, fen).is_empty());
    let fen = "7k/8/8/8/8/8/{chameleon}7/R3K3<-/-> w A - 0 20";
    assert_eq!(cornerings(&r, fen), ["e1c1"]);
}

/// Every kind whose captures are scripted guards the squares a cornering
/// King crosses, each in its own way: the Archer shoots along its lines,
/// the Advancer and the Withdrawer capture by approach and withdrawal,
/// the Swapper destroys, the Oxybeles slings the Knight in front of it.
/// Without the scripted piece the same position offers the cornering.
#[test]
fn every_scripted_attacker_stops_a_cornering() {
    let r = mm();
    for (guarded, open) in [
        ("k7/8/8/8/8/5{archer}2/8/4K2R", "k7/8/8/8/8/8/8/4K2R"),
        ("k7/8/8/8/5{advancer}2/8/8/4K2R", "k7/8/8/8/8/8/8/4K2R"),
        ("k7/8/8/8/8/8/6{withdrawer}1/4K2R", "k7/8/8/8/8/8/8/4K2R"),
        ("k7/8/8/8/8/8/6{swapper}1/4K2R", "k7/8/8/8/8/8/8/4K2R"),
        ("k7/8/8/8/5n2/5{oxybeles}2/8/4K2R", "k7/8/8/8/5n2/8/8/4K2R"),
    ] {
        let with = format!("{guarded}<-/q> w H - 0 20");
        assert!(cornerings(&r, &with).is_empty(), "{with}");
        let without = format!("{open}<-/q> w H - 0 20");
        assert_eq!(cornerings(&r, &without), ["e1g1"], "{without}");
    }
}
