//! The exotic pieces of the script library and the native auras
//! (`tests/scripts/exotic.variant`): exact legal moves in crowded
//! positions, the positions after their special moves, and the checks
//! they give or lift. The cases follow `../shared/rules/mutatis-mutandis.md`
//! sections 4.2, 4.24-4.28, 5, 6 and 8; the derivations are beside them.

use crate::kit::{after, position, sorted};
use changeling::Color;
use changeling::movegen::{in_check, legal_moves};
use changeling::notation::{parse_fen, to_uci};
use changeling::position::Effect;
use changeling::rules::Rules;
use changeling::variants::load;
use std::sync::Arc;

fn exotic() -> Arc<Rules> {
    load("tests/scripts/exotic.variant").unwrap()
}

/// The exotic variant with the Withdrawer, Advancer, Long Leaper and
/// Chameleon built in (`capture = ...`), the script imitating only the
/// Swapper, Archer and Secutor: the Chameleon's cases hold for it too.
fn exotic_built_in() -> Arc<Rules> {
    let file = "tests/scripts/exotic.variant";
    let mut text = std::fs::read_to_string(file).unwrap();
    for (from, to) in [
        (
            "letter = W betza = \"mQ\"",
            "letter = W betza = \"mQ\" capture = withdrawal",
        ),
        (
            "letter = V betza = \"mQ\"",
            "letter = V betza = \"mQ\" capture = approach",
        ),
        (
            "letter = L betza = \"mQ\"",
            "letter = L betza = \"mQ\" capture = leap",
        ),
        (
            "letter = C betza = \"mQ\"",
            "letter = C betza = \"mQ\" capture = imitate script_imitates = [swapper, archer, secutor]",
        ),
        (
            "replace = [withdrawer, advancer, long_leaper, chameleon]",
            "",
        ),
        (
            "pieces = [archer, swapper, maoking, oxybeles, secutor]",
            "pieces = [archer, swapper, maoking, oxybeles, secutor, chameleon]",
        ),
    ] {
        assert!(text.contains(from), "{from}");
        text = text.replace(from, to);
    }
    changeling::variants::load_str(file, &text).unwrap()
}

/// The exotic variant with every scripted piece built in (`capture =
/// ...`) and no script: every piece's cases hold for it too.
fn exotic_all_built_in() -> Arc<Rules> {
    let file = "tests/scripts/exotic.variant";
    let mut text = std::fs::read_to_string(file).unwrap();
    let modes = [
        ("W", "withdrawal"),
        ("V", "approach"),
        ("L", "leap"),
        ("A", "shoot"),
        ("S", "swap"),
        ("C", "imitate"),
        ("G", "recruit"),
        ("X", "sling"),
        ("T", "collide"),
    ];
    for (letter, mode) in modes {
        let from = format!("letter = {letter} betza = ");
        assert!(text.contains(&from), "{from}");
        text = text.replace(&from, &format!("capture = {mode} {from}"));
    }
    let script = text.find("    script {").unwrap();
    let end = script + text[script..].find("}\n").unwrap() + 2;
    text.replace_range(script..end, "");
    changeling::variants::load_str(file, &text).unwrap()
}

/// A move as `e2e4`, with `xSQ` for each square it captures on.
fn describe(rules: &Rules, m: &changeling::Move) -> String {
    let mut s = to_uci(rules, m);
    for e in m.effects(rules) {
        if let Effect::Capture { square, .. } = e {
            s.push('x');
            s.push_str(&rules.geometry().name(square));
        }
    }
    s
}

/// The legal moves of the piece on `from` (every legal move when `from`
/// is empty), described and sorted.
fn moves(rules: &Rules, fen: &str, from: &str) -> Vec<String> {
    let pos = position(rules, fen);
    let from = rules.geometry().parse_square(from);
    let mut v: Vec<String> = legal_moves(rules, &pos)
        .iter()
        .filter(|m| from.is_none_or(|f| m.from == f))
        .map(|m| describe(rules, m))
        .collect();
    v.sort();
    v
}

fn checked(rules: &Rules, fen: &str, color: Color) -> bool {
    in_check(rules, &position(rules, fen), color)
}

#[test]
fn immobilizer_freezes_and_frozen_pieces_may_only_commit_suicide() {
    let r = exotic();
    // White Immobilizer d4 freezes the Black knight on d5: the knight
    // neither moves nor captures; it may remove itself (frozen_suicide).
    let fen = "4k3/8/8/3n4/3I4/8/8/4K3 b - - 0 1";
    assert_eq!(moves(&r, fen, "-"), sorted("d5d5 e8d7 e8d8 e8e7 e8f7 e8f8"));
    assert_eq!(after(&r, fen, "d5d5"), "4k3/8/8/8/3I4/8/8/4K3 w - - 1 2");
    // The Immobilizer itself: passive queen moves (never onto a piece):
    // up is blocked by d5; the rest run to the edge or to a piece.
    let fen = "4k3/8/8/3n4/3I4/2P5/8/4K3 w - - 0 1";
    assert_eq!(
        moves(&r, fen, "d4"),
        sorted(
            "d4a4 d4b4 d4c4 d4e4 d4f4 d4g4 d4h4 d4d3 d4d2 d4d1 d4e5 d4f6 d4g7 d4h8 \
             d4c5 d4b6 d4a7 d4e3 d4f2 d4g1"
        )
    );
    // A frozen king cannot move either: alone with a frozen king, Black
    // has no move; not attacked, so that is stalemate, not mate.
    let fen = "8/8/8/8/8/3k4/3I4/4K3 b - - 0 1";
    assert_eq!(moves(&r, fen, "-"), Vec::<String>::new());
    assert!(!checked(&r, fen, Color::Black));
}

#[test]
fn an_immobilizer_next_to_a_checker_lifts_the_check() {
    let r = exotic();
    // The White rook on e1 would check the king on e8, but the Black
    // Immobilizer on d2 freezes it. The Immobilizer may only move where
    // it still touches e1 (d1, e2, f2) or blocks the file (e3); the
    // king's moves are all safe.
    let fen = "4k3/8/8/8/8/8/3i4/4R1K1 b - - 0 1";
    assert!(!checked(&r, fen, Color::Black));
    assert_eq!(
        moves(&r, fen, "-"),
        sorted("d2d1 d2e2 d2e3 d2f2 e8d7 e8d8 e8e7 e8f7 e8f8")
    );
    // With the Immobilizer away from the rook, it is check.
    assert!(checked(
        &r,
        "4k3/8/8/8/8/8/i7/4R1K1 b - - 0 1",
        Color::Black
    ));
}

#[test]
fn a_shield_protects_its_neighbours_and_lifts_check() {
    let r = exotic();
    // The rook on e8 aims at the king on e1, but the Shield on d1
    // protects it: no check. The Shield must stay next to the king (d2,
    // e2); the king may go to any square next to the Shield (d2, e2) or
    // off the file (f1, f2).
    let fen = "4r1k1/8/8/8/8/8/8/3HK3 w - - 0 1";
    assert!(!checked(&r, fen, Color::White));
    assert_eq!(moves(&r, fen, "-"), sorted("d1d2 d1e2 e1d2 e1e2 e1f1 e1f2"));
    assert!(checked(
        &r,
        "4r1k1/8/8/8/8/8/8/H3K3 w - - 0 1",
        Color::White
    ));
    // The Black bishop on a5 cannot take the knight on c3 beside the
    // Shield on d2, nor the Shield (no second Shield), which the rook on
    // d8 can take.
    let fen = "3rk3/8/8/b7/8/2N5/3H4/4K3 b - - 0 1";
    assert_eq!(moves(&r, fen, "a5"), sorted("a5b6 a5c7 a5b4"));
    assert!(moves(&r, fen, "d8").contains(&"d8d2xd2".to_string()));
    // With a second Shield beside it, the Shield is protected too.
    let fen = "3rk3/8/8/b7/8/2N5/3H4/3HK3 b - - 0 1";
    assert!(!moves(&r, fen, "d8").iter().any(|m| m.contains('x')));
}

#[test]
fn cannon_pawn_steps_and_leaps_over_adjacent_mounts() {
    let r = exotic();
    // Cannon Pawn d4: steps to the empty neighbours d5 d3 e4 c4 e3; leaps
    // over the mounts c5 (Black) to b6, e5 (White) to f6 (capturing the
    // Black knight there), c3 (White) to b2.
    let fen = "4k3/8/5n2/2p1P3/3Y4/2P5/8/4K3 w - - 0 1";
    assert_eq!(
        moves(&r, fen, "d4"),
        sorted("d4d5 d4d3 d4e4 d4c4 d4e3 d4b6 d4f6xf6 d4b2")
    );
    assert_eq!(
        after(&r, fen, "d4f6"),
        "4k3/8/5Y2/2p1P3/8/2P5/8/4K3 b - - 0 1"
    );
}

#[test]
fn chameleon_captures_each_enemy_the_way_it_captures() {
    for r in [exotic(), exotic_built_in(), exotic_all_built_in()] {
        chameleon_captures(&r);
    }
}

fn chameleon_captures(r: &Rules) {
    // Chameleon d4 among a Black Withdrawer c4, Advancer d5, Long Leaper
    // f6, knight b6 and pawn c3.
    // - East, away from the Withdrawer on c4: every move captures it.
    // - North-east: e5 quiet, then over the Long Leaper on f6 to g7, h8.
    // - The knight on b6 is no knight's leap away; the pawn on c3 is not
    //   where a White pawn on d4 captures; the Advancer on d5 is already
    //   adjacent (the Chameleon cannot stop in front of it).
    let fen = "4k3/8/1n3l2/3v4/2wC4/2p5/8/4K3 w - - 0 1";
    assert_eq!(
        moves(r, fen, "d4"),
        sorted(
            "d4e4xc4 d4f4xc4 d4g4xc4 d4h4xc4 d4e5 d4g7xf6 d4h8xf6 d4e3 d4f2 d4g1 \
             d4d3 d4d2 d4d1 d4c5"
        )
    );
    assert_eq!(
        after(r, fen, "d4h8"),
        "4k2C/8/1n6/3v4/2w5/2p5/8/4K3 b - - 0 1"
    );
    // Several captures in one move: withdrawing from the Withdrawer on
    // c4 to g4 stops in front of the Advancer on h4 and jumps the Long
    // Leaper on e4.
    let fen = "4k3/8/8/8/2wCl2v/8/8/4K3 w - - 0 1";
    assert_eq!(after(r, fen, "d4g4"), "4k3/8/8/8/6C1/8/8/4K3 b - - 0 1");
    // By imitation: the knight on e6 by a knight's leap, the pawn on e5
    // by a White pawn's capture, the rook on d8 by a rook's slide. The
    // Shield on a1 and the Immobilizer on h8 have no capture to imitate.
    let fen = "3r3i/8/4n3/4p3/3C4/8/8/h3K2k w - - 0 1";
    let caps: Vec<String> = moves(r, fen, "d4")
        .into_iter()
        .filter(|m| m.contains('x'))
        .collect();
    assert_eq!(caps, sorted("d4d8xd8 d4e5xe5 d4e6xe6"));
}

#[test]
fn chameleon_and_immobilizer_freeze_each_other_and_chameleon_checks_a_king() {
    for r in [exotic(), exotic_built_in(), exotic_all_built_in()] {
        chameleon_freezes_and_checks(&r);
    }
}

fn chameleon_freezes_and_checks(r: &Rules) {
    // Next to an enemy Immobilizer the Chameleon is frozen (suicide is
    // its only move), and so is the Immobilizer (likewise).
    let fen = "4k3/8/8/8/1s1C4/4i3/8/4K3 w - - 0 1";
    assert_eq!(moves(r, fen, "d4"), ["d4d4"]);
    let fen = "4k3/8/8/8/1s1C4/4i3/8/4K3 b - - 0 1";
    assert_eq!(moves(r, fen, "e3"), ["e3e3"]);
    // The Chameleon checks an adjacent king (by the king's own step).
    // Black's escapes: e4 f3 f4 d4 are out of its reach (d3 is next to
    // it, e2 d2 f2 next to the White king) and the Archer shoots it,
    // spotted by the king.
    let fen = "8/8/8/3a4/8/4k3/3C4/4K3 b - - 0 1";
    assert!(checked(r, fen, Color::Black));
    assert_eq!(moves(r, fen, "-"), sorted("d5d2xd2 e3d4 e3e4 e3f3 e3f4"));
    // It swaps with an enemy Swapper a clear line away.
    let fen = "4k3/8/8/8/1s1C4/8/8/4K3 w - - 0 1";
    assert_eq!(
        after(r, fen, "d4b4"),
        "4k3/8/8/8/1C1s4/8/8/4K3 b - - 1 1 swap:d4b4"
    );
}

#[test]
fn swapper_swaps_destroys_and_may_not_swap_back() {
    for r in [exotic(), exotic_all_built_in()] {
        // Swapper d4: passive queen moves, swaps with the first piece on each
        // line (rook f4, own pawn d3, knight b6); no enemy next to it.
        let fen = "4k3/8/1n6/8/3S1r2/3P4/8/4K3 w - - 0 1";
        assert_eq!(
            moves(&r, fen, "d4"),
            sorted(
                "d4d5 d4d6 d4d7 d4d8 d4e4 d4c4 d4b4 d4a4 d4e5 d4f6 d4g7 d4h8 d4e3 d4f2 \
             d4g1 d4c5 d4c3 d4b2 d4a1 d4f4 d4d3 d4b6"
            )
        );
        // A rook cannot swap back, so no ban is recorded.
        assert_eq!(
            after(&r, fen, "d4f4"),
            "4k3/8/1n6/8/3r1S2/3P4/8/4K3 b - - 1 1"
        );
        // Next to an enemy: swap or destroy both (tagged).
        let fen = "4k3/8/8/4n3/3S4/8/8/4K3 w - - 0 1";
        let m = moves(&r, fen, "d4");
        assert!(m.contains(&"d4e5".to_string()));
        assert!(m.contains(&"d4e5:destroyxe5".to_string()));
        assert_eq!(
            after(&r, fen, "d4e5:destroy"),
            "4k3/8/8/8/8/8/8/4K3 b - - 0 1"
        );
        // Swapping with an enemy Swapper bars the swap straight back.
        let fen = "4k3/8/8/8/3S2s1/8/8/4K3 w - - 0 1";
        let next = after(&r, fen, "d4g4");
        assert_eq!(next, "4k3/8/8/8/3s2S1/8/8/4K3 b - - 1 1 swap:d4g4");
        let pos = parse_fen(&r, fen).unwrap();
        let mv = legal_moves(&r, &pos)
            .into_iter()
            .find(|m| to_uci(&r, m) == "d4g4")
            .unwrap();
        let mut child = pos.clone();
        child.play_unchecked(&r, &mv);
        let back: Vec<String> = legal_moves(&r, &child)
            .iter()
            .filter(|m| r.geometry().name(m.from) == "d4")
            .map(|m| to_uci(&r, m))
            .collect();
        assert!(!back.contains(&"d4g4".to_string()), "{back:?}");
        // The FEN keeps the ban; without its last field the swap back is
        // allowed.
        assert!(!moves(&r, &next, "d4").contains(&"d4g4".to_string()));
        let lifted = next.trim_end_matches(" swap:d4g4");
        assert!(moves(&r, lifted, "d4").contains(&"d4g4".to_string()));
        // Mutual destruction threatens: a Swapper next to a king checks it.
        assert!(checked(&r, "8/8/8/8/8/8/3s4/4K2k w - - 0 1", Color::White));
    }
}

#[test]
fn maoking_recruits_instead_of_capturing_and_attacks_nothing() {
    for r in [exotic(), exotic_all_built_in()] {
        // Maoking e1 (royal, no other royal): steps to empty neighbours (d1
        // is covered by the rook on d2) and recruits the rook on d2 or the
        // knight on e2; it never captures.
        let fen = "4k3/8/8/8/8/8/3rn3/4G3 w - - 0 1";
        assert_eq!(moves(&r, fen, "e1"), sorted("e1f1 e1f2 e1d2 e1e2"));
        assert_eq!(after(&r, fen, "e1d2"), "4k3/8/8/8/8/8/3Rn3/4G3 b - - 1 1");
        // It attacks nothing: the Black king may stand next to it.
        let fen = "8/8/8/8/8/4k3/8/4G3 b - - 0 1";
        assert!(moves(&r, fen, "e3").contains(&"e3e2".to_string()));
        // A protected piece cannot be recruited.
        let fen = "4k3/8/8/8/8/4h3/3rn3/4G3 w - - 0 1";
        assert!(
            !moves(&r, fen, "e1")
                .iter()
                .any(|m| m == "e1e2" || m == "e1d2")
        );
    }
}

#[test]
fn oxybeles_slings_the_piece_behind_it() {
    for r in [exotic(), exotic_all_built_in()] {
        // Oxybeles d4 steps to its empty neighbours; stepping to e5 away from
        // the own knight on c3 slings it over to h8 (the far edge).
        let fen = "4k3/8/8/8/3X4/2N5/8/4K3 w - - 0 1";
        assert_eq!(
            moves(&r, fen, "d4"),
            sorted("d4d5 d4d3 d4e4 d4c4 d4e5 d4e3 d4c5 d4h8")
        );
        assert_eq!(after(&r, fen, "d4h8"), "4k2N/8/8/4X3/8/8/8/4K3 b - - 1 1");
        // Slinging the own pawn on d3 up the file captures the rook on d8.
        let fen = "3rk3/8/8/8/3X4/3P4/8/4K3 w - - 0 1";
        assert_eq!(
            moves(&r, fen, "d4"),
            sorted("d4d5 d4e4 d4c4 d4e5 d4e3 d4c5 d4c3 d4d8xd8")
        );
        // The sling is a threat: the same rook as a king is in check.
        assert!(checked(
            &r,
            "3k4/8/8/8/3X4/3P4/8/4K3 b - - 0 1",
            Color::Black
        ));
        // A Black pawn is never slung onto its own first rank (rank 8): the
        // Oxybeles on d5 steps to d6 and the pawn behind it on d4 would fly
        // over d7 to d8; it stops on d7.
        let fen = "4k3/8/8/3X4/3p4/8/8/4K3 w - - 0 1";
        assert!(moves(&r, fen, "d5").contains(&"d5d7".to_string()));
        assert!(!moves(&r, fen, "d5").contains(&"d5d8".to_string()));
    }
}

#[test]
fn secutor_collides_and_deflects_to_capture() {
    for r in [exotic(), exotic_all_built_in()] {
        // Secutor d4. West: c4, then the bishop on b4 is the obstacle; from
        // c4 the north-west diagonal b5, a6 reaches the knight on a6
        // (captured); south-west b3 a2 is empty. North: nothing to hit.
        // East: the pawn h4 is the obstacle; from g4, h5 and h3 are empty.
        // South: the own king d1 is the obstacle; from d2, e1 and c1 empty.
        let fen = "4k3/8/n7/8/1b1T3p/8/8/3K4 w - - 0 1";
        assert_eq!(
            moves(&r, fen, "d4"),
            sorted("d4d5 d4d6 d4d7 d4d8 d4d3 d4d2 d4e4 d4f4 d4g4 d4c4 d4a6xa6")
        );
        assert_eq!(after(&r, fen, "d4a6"), "4k3/8/T7/8/1b5p/8/8/3K4 b - - 0 1");
        // Colliding with a piece next to it: the obstacle on d5 sends it
        // along c5/e5 at once; the knight on f6 is taken.
        let fen = "4k3/8/5n2/3P4/3T4/8/8/3K4 w - - 0 1";
        assert!(moves(&r, fen, "d4").contains(&"d4f6xf6".to_string()));
    }
}

#[test]
fn mamra_falls_only_to_pawns_and_wuss_must_flee() {
    let r = exotic();
    // Black Mamra on d5, Black knight on c6 guarding nothing relevant.
    // The White queen on d1 cannot take the Mamra (it stops before it);
    // the pawn on e4 can.
    let fen = "4k3/8/2n5/3m4/4P3/8/8/3QK3 w - - 0 1";
    let queen = moves(&r, fen, "d1");
    assert!(queen.contains(&"d1d4".to_string()));
    assert!(!queen.iter().any(|m| m.starts_with("d1d5")));
    assert_eq!(moves(&r, fen, "e4"), sorted("e4e5 e4d5xd5"));
    assert_eq!(after(&r, fen, "e4d5"), "4k3/8/2n5/3P4/8/8/8/3QK3 b - - 0 1");
    // The Mamra itself takes like a king, next to the king it checks.
    let fen = "8/8/8/8/8/8/3m4/4K2k w - - 0 1";
    assert!(checked(&r, fen, Color::White));
    // The White Wuss on d4 is attacked by the rook on d8: White must
    // move it (only to empty squares off the d-file or onto squares the
    // rook does not reach), nothing else may move.
    let fen = "3r3k/8/8/8/3U4/8/8/K7 w - - 0 1";
    let all = moves(&r, fen, "-");
    assert!(all.iter().all(|m| m.starts_with("d4")), "{all:?}");
    assert!(!all.iter().any(|m| m.starts_with("d4d")), "{all:?}");
    assert_eq!(after(&r, fen, "d4e5"), "3r3k/8/8/4U3/8/8/8/K7 b - - 1 1");
}

#[test]
fn rococo_cannon_pawn_promotes_to_a_lost_piece() {
    let r = load("examples/variants/rococo.variant").unwrap();
    // White has lost its Advancer and a Long Leaper (the board holds one);
    // the Cannon Pawn on e8 steps to e9 (the enemy King's rank) and may
    // stay a Cannon Pawn or become an Advancer or a Long Leaper. e10 is
    // the rim: no step ends there without a capture.
    let fen = "10/1k8/4P5/10/10/10/10/10/1IW1KCL1S1/10 w - - 0 1";
    let pawn: Vec<String> = moves(&r, fen, "e8")
        .into_iter()
        .filter(|m| m.starts_with("e8e9"))
        .collect();
    assert_eq!(pawn, sorted("e8e9 e8e9a e8e9l"));
    assert_eq!(
        after(&r, fen, "e8e9a"),
        "10/1k2A5/10/10/10/10/10/10/1IW1KCL1S1/10 b - - 1 1"
    );
    assert!(!moves(&r, fen, "e8").iter().any(|m| m.starts_with("e8e10")));
}
