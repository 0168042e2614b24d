//! Avalanche: the reference's pushes, promotions by push and suicidal
//! pushes by hand, and the engine held to them.

use super::*;
use changeling::notation::parse_fen;

const AVALANCHE_START: &str =
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[] w KQkq - 0 1 {a4:avalanche+}";

/// From the start every one of the 20 actions is followed by one of the
/// 8 pushes of a black pawn (a7-a6 ... h7-h6): 160 turns; the push resets
/// the half-move clock and opens no en passant.
#[test]
fn reference_avalanche_from_the_start() {
    let p = parse(AVALANCHE_START);
    assert_eq!(reference_perft(&p, 1, ENGINE), 160);
    assert_eq!(
        after(AVALANCHE_START, "g1f3&e7e6"),
        "rnbqkbnr/pppp1ppp/4p3/8/8/5N2/PPPPPPPP/RNBQKB1R[] b KQkq - 0 1 {a4:avalanche+}"
    );
    // Black's reply pushes a white pawn one step toward Black.
    let next = after(AVALANCHE_START, "e2e4&d7d6");
    assert_eq!(
        next,
        "rnbqkbnr/ppp1pppp/3p4/8/4P3/8/PPPPPPPP/RNBQKBNR[] b KQkq - 0 1 {a4:avalanche+}"
            .replace("PPPPPPPP/RNBQ", "PPPP1PPP/RNBQ")
    );
    let names = turn_names(&next);
    assert!(names.contains(&"c8h3&e4e5".to_string()));
    assert!(names.contains(&"g8f6&a2a3".to_string()));
    assert!(!names.iter().any(|n| n.contains("a2a4")));
}

/// A push may not uncover a check on the mover's king: the c3 pawn
/// shields e1 from the bishop on a5, so after a knight move only h6-h5
/// may follow; Kd1 cannot be followed by c3-c2 either (the pawn would
/// attack d1); the king's other moves allow both pushes. Kd2 is attacked
/// by the pawn as an action already.
#[test]
fn reference_avalanche_push_may_not_expose_the_king() {
    let fen = "4k3/8/7p/b7/8/2p4N/8/4K3[] w - - 0 1 {a4:avalanche+}";
    assert_eq!(
        turn_names(fen),
        names(
            "h3f2&h6h5 h3f4&h6h5 h3g1&h6h5 h3g5&h6h5 e1d1&h6h5 \
             e1e2&c3c2 e1e2&h6h5 e1f1&c3c2 e1f1&h6h5 e1f2&c3c2 e1f2&h6h5"
        )
    );
}

/// A pawn pushed onto its last rank: the push is legal only if the
/// mover's king is safe whatever the owner makes of it. After Kd1 the
/// queen or rook on b1 would check, after Kd2 the knight, after Kf1 the
/// queen or rook: only Ke2 and Kf2 remain. The pawn stays a pawn,
/// `pending:b1`, and the owner's turns start with the four choices.
#[test]
fn reference_avalanche_promotion_by_push() {
    let fen = "4k3/8/8/8/8/8/1p6/4K3[] w - - 0 1 {a4:avalanche+}";
    assert_eq!(turn_names(fen), names("e1e2&b2b1 e1f2&b2b1"));
    let p = parse(fen);
    assert!(!every_push_suicidal(&p, ENGINE));
    let child = after(fen, "e1e2&b2b1");
    assert_eq!(
        child,
        "4k3/8/8/8/8/8/4K3/1p6[] b - - 0 1 {a4:avalanche+} pending:b1"
    );
    assert_eq!(fen_round_trip(&child), child);
    // Black: each of the four choices, then a move of the new piece or
    // the king (no white pawn to push).
    let list = turns(&parse(&child), ENGINE);
    let per_choice = |k: u8| list.iter().filter(|(m, _)| m.choice == Some(k)).count();
    // Queen on b1: the diagonals (a2; c2 to h7), the file (b2 to b8)
    // and the rank (a1; c1 to h1); the black king's 5 moves.
    let queen = 1 + 6 + 7 + 1 + 6;
    let king = 5;
    assert_eq!(per_choice(b'Q'), queen + king);
    assert_eq!(per_choice(b'R'), 7 + 7 + king);
    assert_eq!(per_choice(b'B'), 7 + king);
    assert_eq!(per_choice(b'N'), 3 + king);
    assert_eq!(
        after(&child, "=N&b1d2"),
        "4k3/8/8/8/8/8/3n~K3/8[] w - - 1 2 {a4:avalanche+}"
    );
}

/// OQ-6 (c): White's only actions are Kb1 (then the only push a3-a2
/// checks b1) and b2xa3 (then the only push b3-b2 checks a1): no turn,
/// and every push is suicidal, so White loses. Without a pushable pawn
/// after the action, the action stands alone.
#[test]
fn reference_avalanche_every_push_suicidal() {
    let lost = "4k3/8/8/8/8/pp6/1P6/K7[] w - - 0 1 {h5:avalanche+}";
    assert!(turn_names(lost).is_empty());
    assert!(every_push_suicidal(&parse(lost), ENGINE));
    let plain = lost.replace("avalanche+", "avalanche-");
    assert_eq!(turn_names(&plain), names("a1b1 b2a3"));
    assert!(!every_push_suicidal(&parse(&plain), ENGINE));
    // Only the blocked b3 pawn: Kb1 alone, b2xa3 then b3-b2 checks.
    let alone = "4k3/8/8/8/8/1p6/1P6/K7[] w - - 0 1 {h5:avalanche+}";
    assert_eq!(turn_names(alone), names("a1b1"));
}

/// Atomic: Qd1xd7 blows up the black king (e8 is next to d7) with the
/// queen on d8 and the pawn on e7, so the turn is the action alone. Any
/// other action is followed by a push of d7 or e7.
#[test]
fn reference_avalanche_atomic_win_has_no_push() {
    let fen = "3qk3/3pp3/8/8/8/8/4P3/3QK3[] w - - 0 1 {a4:avalanche+ h5:atomic+}";
    let t = turn_names(fen);
    assert!(t.contains(&"d1d7".to_string()));
    assert!(!t.iter().any(|n| n.starts_with("d1d7&")));
    assert_eq!(
        after(fen, "d1d7"),
        "8/8/8/8/8/8/4P3/4K3[] b - - 0 1 {a4:avalanche+ h5:atomic+}"
    );
    assert!(
        t.iter()
            .filter(|n| !n.starts_with("d1d7"))
            .all(|n| n.ends_with("&d7d6") || n.ends_with("&e7e6"))
    );
}

/// With Berolina (or Monochromatic) the push is diagonal: d4-c3 or
/// d4-e3, and after Ke2 only d4-c3 (from e3 the pawn would attack e2).
#[test]
fn reference_avalanche_berolina_pushes_diagonally() {
    let fen = "4k3/8/8/8/3p4/8/8/4K3[] w - - 0 1 {h5:avalanche+ h4:berolina+}";
    assert_eq!(
        turn_names(fen),
        names(
            "e1d1&d4c3 e1d1&d4e3 e1d2&d4c3 e1d2&d4e3 e1e2&d4c3 \
             e1f1&d4c3 e1f1&d4e3 e1f2&d4c3 e1f2&d4e3"
        )
    );
    // Monochromatic: the king moves to d2 f2 c1 g1 (e3 is attacked);
    // after Kd2 both pushes attack d2, after Kf2 d4-e3 attacks f2.
    let mono = fen.replace("berolina", "monochromatic");
    assert_eq!(
        turn_names(&mono),
        names("e1c1&d4c3 e1c1&d4e3 e1f2&d4c3 e1g1&d4c3 e1g1&d4e3")
    );
}

/// Dice: the pushed pawn starts on the lane if a legal push of one
/// does. Roll 2 (b-file, rank 2): White's six pawn moves, each then
/// b7-b6; roll 7 (rank 7): everything, each with all three pushes; roll
/// 6 (f-file): everything, each with f7-f6.
#[test]
fn reference_avalanche_dice_lane_pushes() {
    let fen = "4k3/pp3p2/8/8/8/8/PPP5/4K3[] w - - 0 1 {h5:avalanche+ h4:dice+}";
    let at = |n: u8| turn_names(&format!("{fen} roll:{n}"));
    assert_eq!(
        at(2),
        names("a2a3&b7b6 a2a4&b7b6 b2b3&b7b6 b2b4&b7b6 c2c3&b7b6 c2c4&b7b6")
    );
    assert_eq!(at(7).len(), 11 * 3);
    assert_eq!(at(6).len(), 11);
    assert!(at(6).iter().all(|n| n.ends_with("&f7f6")));
    // Not rolled: every roll's turns summed.
    let sum: usize = (1..=8).map(|n| at(n).len()).sum();
    assert_eq!(reference_perft(&parse(fen), 1, ENGINE), sum as u64);
}

/// En passant after a double step is judged after the push: b5-b4
/// brings a taker next to c4 (`c3` written); with the only black pawn
/// on b4, b4-b3 takes it away. Berolina: c2-e4 passes d3; pushing c4 to
/// d3 fills the passed square (nothing written), c4-b3 leaves d4 to take
/// straight on d3.
#[test]
fn reference_avalanche_en_passant_after_the_push() {
    let into = "4k3/8/8/1p6/8/8/2P5/4K3[] w - - 0 1 {h5:avalanche+}";
    assert_eq!(
        after(into, "c2c4&b5b4"),
        "4k3/8/8/8/1pP5/8/8/4K3[] b - c3 0 1 {h5:avalanche+}"
    );
    let away = "4k3/8/8/8/1p6/8/2P5/4K3[] w - - 0 1 {h5:avalanche+}";
    assert_eq!(
        after(away, "c2c4&b4b3"),
        "4k3/8/8/8/2P5/1p6/8/4K3[] b - - 0 1 {h5:avalanche+}"
    );
    let ber = "4k3/8/8/8/2pp4/8/2P5/4K3[] w - - 0 1 {h5:avalanche+ h4:berolina+}";
    assert_eq!(
        after(ber, "c2e4&c4d3"),
        "4k3/8/8/8/3pP3/3p4/8/4K3[] b - - 0 1 {h5:avalanche+ h4:berolina+}"
    );
    assert_eq!(
        after(ber, "c2e4&c4b3"),
        "4k3/8/8/8/3pP3/1p6/8/4K3[] b - d3e4 0 1 {h5:avalanche+ h4:berolina+}"
    );
}

fn fen_round_trip(text: &str) -> String {
    fen(&parse(text))
}

/// Positions for Avalanche: alone and with the mutators that change the
/// push or the turn around it, pawns about to be pushed onto their last
/// rank, a pending choice, and Avalanche flipping on and off inside the
/// tree. Few pawns, so that depth 2 stays fast.
const AVALANCHE_SETS: [(&str, &str); 19] = [
    ("avalanche, start", AVALANCHE_START),
    (
        "avalanche, few pawns",
        "r3k3/pp6/8/3p4/4P3/8/PPP5/4K2R[] w Kq - 0 1 {h5:avalanche+}",
    ),
    (
        "avalanche, a double step and en passant after the push",
        "4k3/8/8/8/1p1p4/8/2P5/4K3[] w - - 0 1 {h5:avalanche+}",
    ),
    (
        "avalanche+berolina",
        "4k3/ppp5/8/8/3p4/8/3PP3/4K3[] w - - 0 1 {h5:avalanche+ h4:berolina+}",
    ),
    (
        "avalanche+monochromatic",
        "4k3/ppp5/8/8/3p4/8/3PP3/4K3[] w - - 0 1 {h5:avalanche+ h4:monochromatic+}",
    ),
    (
        "avalanche+berolina+monochromatic",
        "4k3/ppp5/8/8/3p4/8/3PP3/4K3[] w - - 0 1 {h5:avalanche+ h4:monochromatic+ g4:berolina+}",
    ),
    (
        "avalanche+dice, roll 2",
        "4k3/pp3p2/8/8/8/8/PPP5/4K3[] w - - 0 1 {h5:avalanche+ h4:dice+} roll:2",
    ),
    (
        "avalanche+dice, no roll",
        "4k3/pp3p2/8/8/8/8/PPP5/4K3[] w - - 0 1 {h5:avalanche+ h4:dice+}",
    ),
    (
        "avalanche+dice+attack, no roll",
        "4k3/pp3p2/8/1P6/8/8/P1P5/4K3[] w - - 0 1 {h5:avalanche+ h4:dice+ a4:attack+}",
    ),
    (
        "avalanche+atomic",
        "3qk3/3pp3/8/8/8/8/3PP3/3QK3[] w - - 0 1 {a4:avalanche+ h5:atomic+}",
    ),
    (
        "avalanche+atomic, the enemy king blown up",
        "3qk3/3pp3/8/8/8/8/4P3/3QK3[] w - - 0 1 {a4:avalanche+ h5:atomic+}",
    ),
    (
        "avalanche+drop",
        "4k3/pp6/8/8/8/8/PP6/4K3[Nn] w - - 0 1 {a4:avalanche+ h5:drop+}",
    ),
    (
        "avalanche+cannon+equus_rex",
        "4k3/pp6/8/8/8/8/PP6/R3K2B[] w - - 0 1 {a4:avalanche+ h5:cannon+ g5:equus_rex+}",
    ),
    (
        "avalanche, a pawn pushed onto its last rank",
        "4k3/8/8/8/8/8/1p6/4K3[] w - - 0 1 {a4:avalanche+}",
    ),
    (
        "avalanche, pawns near both last ranks",
        "4k3/1P6/8/8/8/8/6p1/R3K3[] b Q - 0 1 {a4:avalanche+}",
    ),
    (
        "avalanche, pending",
        "4k3/8/8/8/8/8/2P4K/1p6[] b - - 0 1 {a4:avalanche+} pending:b1",
    ),
    (
        "avalanche, pending with the die",
        "4k3/8/8/8/8/8/2P4K/1p6[] b - - 0 1 {a4:avalanche+ h4:dice+} pending:b1",
    ),
    (
        "flips: avalanche on and off",
        "4k3/pp1n4/8/8/8/5N2/PP6/4K3[] w - - 0 1 {f3:avalanche- d7:berolina-}",
    ),
    (
        "flips: avalanche off under a leaving knight",
        "4k3/pp1n4/8/8/8/5N2/PP6/4K3[] w - - 0 1 {f3:avalanche+ d7:monochromatic-}",
    ),
];

#[test]
fn engine_agrees_with_avalanche() {
    for text in [
        "4k3/8/8/1p6/8/8/2P5/4K3[] w - - 0 1 {h5:avalanche+}",
        "4k3/8/8/8/1p6/8/2P5/4K3[] w - - 0 1 {h5:avalanche+}",
        "4k3/8/8/8/2pp4/8/2P5/4K3[] w - - 0 1 {h5:avalanche+ h4:berolina+}",
        "4k3/8/8/8/3p4/8/8/4K3[] w - - 0 1 {h5:avalanche+ h4:monochromatic+}",
    ] {
        compare_tree(text, 3, ENGINE);
    }
    compare_sets(&AVALANCHE_SETS, 2, ENGINE);
}

/// Depth 3 for every position.
#[test]
#[ignore]
fn engine_agrees_with_avalanche_deep() {
    compare_sets(&AVALANCHE_SETS, 3, ENGINE);
}

/// The engine's `every_push_suicidal` agrees with the reference's, and
/// both have no turn there.
#[test]
fn engine_every_push_suicidal() {
    let rules = rules();
    for (text, lost) in [
        ("4k3/8/8/8/8/pp6/1P6/K7[] w - - 0 1 {h5:avalanche+}", true),
        ("4k3/8/8/8/8/1p6/1P6/K7[] w - - 0 1 {h5:avalanche+}", false),
        ("4k3/8/8/8/8/pp6/1P6/K7[] w - - 0 1 {h5:avalanche-}", false),
        ("4k3/8/8/8/8/8/1p6/4K3[] w - - 0 1 {a4:avalanche+}", false),
        (AVALANCHE_START, false),
    ] {
        let pos = parse_fen(&rules, text).unwrap();
        let ours = parse(text);
        assert_eq!(every_push_suicidal(&ours, ENGINE), lost, "{text}");
        assert_eq!(
            changeling::movegen::every_push_suicidal(&rules, &pos),
            lost,
            "engine: {text}"
        );
        compare_tree(text, 2, ENGINE);
    }
}
