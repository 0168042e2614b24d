//! The piece zoo (`examples/variants/zoo.variant`): exact destination sets
//! of every piece the seed variants need, on an empty board from a central
//! and a corner square, and in positions with blockers, screens, friends
//! and enemies. Counts and lists come from the definitions in
//! `../shared/rules`, worked out by hand (derivations beside them).

use crate::kit::{position, sorted};
use changeling::movegen::in_check;
use changeling::notation::parse_fen;
use changeling::rules::Rules;
use changeling::show::{Reach, in_position, on_empty_board};
use changeling::variants::load;
use changeling::{Color, Square};
use std::sync::Arc;

fn zoo() -> Arc<Rules> {
    load("examples/variants/zoo.variant").unwrap()
}

fn sq(rules: &Rules, name: &str) -> Square {
    rules.geometry().parse_square(name).unwrap()
}

/// Destinations of White's `piece` from `at` on an empty board, sorted
/// by name.
fn empty(rules: &Rules, piece: &str, at: &str) -> Vec<String> {
    let kind = rules
        .kind(piece)
        .unwrap_or_else(|| panic!("no piece {piece}"));
    let d = on_empty_board(rules, kind, Color::White, sq(rules, at));
    let mut v = d.squares(rules);
    v.sort();
    v
}

fn count(rules: &Rules, piece: &str, at: &str) -> usize {
    empty(rules, piece, at).len()
}

/// Destinations of the piece `X` stands for in `fen` (White's `piece` put
/// on `at`): quiet moves by name, captures as `xe5`.
fn in_fen(rules: &Rules, piece: &str, fen: &str, at: &str) -> Vec<String> {
    let token = rules
        .piece(rules.kind(piece).unwrap())
        .fen_token(Color::White);
    let fen = fen.replace(
        'X',
        &format!("{{{token}}}").replace("{{", "{").replace("}}", "}"),
    );
    let pos = position(rules, &fen);
    let d = in_position(rules, &pos, sq(rules, at)).unwrap();
    let mut v: Vec<String> = d
        .reach
        .iter()
        .map(|(s, r)| {
            let name = rules.geometry().name(*s);
            if *r == Reach::Capture {
                format!("x{name}")
            } else {
                name
            }
        })
        .collect();
    v.sort();
    v
}

#[test]
fn compounds_and_riders_on_an_empty_board() {
    let z = zoo();
    // (piece, from d4, from a1): rook 14/14, bishop 13/7, queen 27/21,
    // knight 8/2, king 8/3, nightrider 12/6 (b3 b5 b8 c2 c6 e2 e6 f3 f5
    // f8 h2 h6 / b3 c5 d7 c2 e3 g4); no knight square lies on a line, so
    // the parts add up.
    for (piece, d4, a1) in [
        ("amazon", 27 + 8, 21 + 2),
        ("chancellor", 14 + 8, 14 + 2),
        ("archbishop", 13 + 8, 7 + 2),
        ("nightrider", 12, 6),
        ("archbishoprider", 13 + 12, 7 + 6),
        ("chancellorrider", 14 + 12, 14 + 6),
        ("amazonrider", 27 + 12, 21 + 6),
        ("dragonking", 14 + 4, 14 + 1),
        ("dragonhorse", 13 + 4, 7 + 2),
        ("supercardinal", 13 + 8 + 4, 7 + 2 + 2),
        ("superchancellor", 14 + 8 + 4, 14 + 2 + 1),
        ("supercardinalrider", 13 + 12 + 4, 7 + 6 + 2),
        ("superchancellorrider", 14 + 12 + 4, 14 + 6 + 1),
        ("knightguard", 8 + 8, 3 + 2),
        ("knightwazir", 8 + 4, 2 + 2),
        ("knightferz", 8 + 4, 2 + 1),
        ("camel", 8, 2),
        // Camelrider: no camel ray fits twice from d4; from a1 b4 c7 d2 g3.
        ("camelrider", 8, 4),
        ("dabbabah", 4, 2),
        ("equusrex", 8 + 8, 3 + 2),
        ("camelrex", 8 + 8, 3 + 2),
        // Ferz + dabbabah + camel: 4 + 4 + 8 / 1 + 2 + 2.
        ("monoequusrex", 16, 5),
        // Hoppers on an empty board: only their quiet slides.
        ("pao", 14, 14),
        ("vao", 13, 7),
        ("paovao", 27, 21),
        // King steps (nothing to jump over).
        ("cannonpawn", 8, 3),
        ("wuss", 27, 21),
    ] {
        assert_eq!(count(&z, piece, "d4"), d4, "{piece} from d4");
        assert_eq!(count(&z, piece, "a1"), a1, "{piece} from a1");
    }
    assert_eq!(
        empty(&z, "nightrider", "d4"),
        sorted("b3 b5 b8 c2 c6 e2 e6 f3 f5 f8 h2 h6")
    );
    assert_eq!(empty(&z, "camelrider", "a1"), sorted("b4 c7 d2 g3"));
}

#[test]
fn bent_crooked_circular_and_multi_leg_on_an_empty_board() {
    let z = zoo();
    let cases = [
        // Gryphon: 4 ferz squares, then outward rook slides: to e5 3+3,
        // c5 2+3, e3 3+2, c3 2+2.
        (
            "gryphon",
            "d4",
            "a3 a5 b3 b5 c1 c2 c3 c5 c6 c7 c8 e1 e2 e3 e5 e6 e7 e8 f3 f5 g3 g5 h3 h5",
        ),
        ("gryphon", "a1", "b2 b3 b4 b5 b6 b7 b8 c2 d2 e2 f2 g2 h2"),
        // Aanca: 4 wazir squares, then outward bishop slides (3+3, 2+2,
        // 3+3, 2+2).
        (
            "aanca",
            "d4",
            "a2 a6 a8 b1 b3 b5 b7 c2 c4 c6 d3 d5 e2 e4 e6 f1 f3 f5 f7 g2 g6 g8 h1 h7",
        ),
        ("aanca", "a1", "a2 b1 b3 c2 c4 d3 d5 e4 e6 f5 f7 g6 g8 h7"),
        // Chainsaw: rook 14 + spotted gryphon 12 (4 ferz + one dabbabah
        // landing per outward direction).
        (
            "chainsaw",
            "d4",
            "a3 a4 a5 b4 c1 c3 c4 c5 c7 d1 d2 d3 d5 d6 d7 d8 e1 e3 e4 e5 e7 f4 g3 g4 g5 h4",
        ),
        // Crooked rook: 8 staircases (37 distinct squares).
        (
            "crookedrook",
            "d4",
            "a1 a2 a6 a7 a8 b1 b2 b3 b5 b6 b7 c2 c3 c4 c5 c6 d3 d5 e2 e3 e4 e5 e6 f1 f2 f3 f5 f6 f7 g1 g2 g6 g7 g8 h1 h7 h8",
        ),
        // Crooked bishop: zigzags of alternating diagonals.
        (
            "crookedbishop",
            "d4",
            "a3 a5 b4 c1 c3 c5 c7 d2 d6 d8 e1 e3 e5 e7 f4 g3 g5 h4",
        ),
        (
            "crookedbishop",
            "a1",
            "a3 a5 a7 b2 b4 b6 b8 c1 d2 e1 f2 g1 h2",
        ),
        // Rose: 8 knight squares + 6 two-leap squares.
        ("rose", "d4", "a1 a7 b3 b5 c2 c6 d8 e2 e6 f3 f5 g1 g7 h4"),
        ("rose", "a1", "a5 a7 b3 c2 c6 d4 e1 f3 g1"),
        // Hydra forms: crooked nightriders named by the sum of a pair.
        (
            "nn11",
            "d4",
            "a4 a7 b2 b3 b5 b6 c2 c3 c5 c6 c8 d1 d7 e2 e3 e5 e6 e8 f2 f3 f5 f6 g1 g4 g7 h3 h5",
        ),
        ("nn11", "a1", "b3 c2"),
        (
            "nn02",
            "d4",
            "a2 a6 b1 b3 b4 b5 b7 c2 c6 d2 d6 d8 e2 e6 f1 f3 f4 f5 f7 g2 g6 h4",
        ),
        (
            "nn31",
            "d4",
            "a3 a5 a8 b3 b5 c1 c2 c6 c7 e1 e2 e6 e7 f3 f5 g3 g5 g8 h1 h7",
        ),
        ("nn33", "d4", "a1 a7 b3 b5 c2 c6 e2 e6 f3 f5 g1 g7"),
        ("nn04", "d4", "b3 b5 c2 c6 d8 e2 e6 f3 f5 h4"),
        // Dancing horse: 8 knight squares + 26 two-leap squares.
        (
            "dancinghorse",
            "d4",
            "a1 a3 a5 a7 b3 b4 b5 b8 c1 c2 c3 c5 c6 c7 d2 d6 d8 e1 e2 e3 e5 e6 e7 f3 f4 f5 f8 g1 g3 g5 g7 h2 h4 h6",
        ),
        ("dancinghorse", "a1", "a3 a5 b3 b4 c1 c2 c5 d2 d4 e1 e3"),
        // Mao and Moo reach the knight squares on an empty board.
        ("mao", "d4", "b3 b5 c2 c6 e2 e6 f3 f5"),
        ("moo", "a1", "b3 c2"),
        // Cylindrical bishop: a and h files joined; the two upward rays
        // meet on h8.
        (
            "cylindricalbishop",
            "d4",
            "a1 a7 b2 b6 c3 c5 e3 e5 f2 f6 g1 g7 h8",
        ),
        (
            "cylindricalbishop",
            "a1",
            "b2 b8 c3 c7 d4 d6 e5 f4 f6 g3 g7 h2 h8",
        ),
        // Lame dabbabah-rider (the Monochromatic rook's moves).
        ("monorook", "d4", "b4 d2 d6 d8 f4 h4"),
        ("monorook", "a1", "a3 a5 a7 c1 e1 g1"),
        // Octopus: diagonal first, then two or more outward orthogonal
        // steps (g5 h5 e7 e8 a5 c7 c8 g3 h3 e1 a3 c1); orthogonal first,
        // then two or more outward diagonal steps (f7 g8 b7 a8 f1 b1 g6
        // h7 g2 h1 a6 a2).
        (
            "octopus",
            "d4",
            "g5 h5 e7 e8 a5 c7 c8 g3 h3 e1 a3 c1 f7 g8 b7 a8 f1 b1 g6 h7 g2 h1 a6 a2",
        ),
        // a1: via b2 d2-h2 and b4-b8; via a2 c4-g8; via b1 d3-h7.
        (
            "octopus",
            "a1",
            "d2 e2 f2 g2 h2 b4 b5 b6 b7 b8 c4 d5 e6 f7 g8 d3 e4 f5 g6 h7",
        ),
        // Chainsaw a1: the rook's 14 + b2, then d2 f2 h2 and b4 b6 b8.
        (
            "chainsaw",
            "a1",
            "a2 a3 a4 a5 a6 a7 a8 b1 c1 d1 e1 f1 g1 h1 b2 d2 f2 h2 b4 b6 b8",
        ),
        // Crooked rook a1: a2, b1, and the staircases a2-b2-b3-c3-...-h8
        // and b1-b2-c2-c3-...-h8.
        (
            "crookedrook",
            "a1",
            "a2 b1 b2 b3 c2 c3 c4 d3 d4 d5 e4 e5 e6 f5 f6 f7 g6 g7 g8 h7 h8",
        ),
        // NN02 a1: b3-c1-d3-e1-f3-g1-h3 and c2-a3-c4-a5-c6-a7-c8.
        ("nn02", "a1", "b3 c1 d3 e1 f3 g1 h3 c2 a3 c4 a5 c6 a7 c8"),
        // NN31 a1: b3-d2-e4-g3-h5 and c2-b4-d5-c7-e8.
        ("nn31", "a1", "b3 d2 e4 g3 h5 c2 b4 d5 c7 e8"),
        // NN33 a1: b3-d4-e6-g7 and c2-d4-f5-g7.
        ("nn33", "a1", "b3 d4 e6 g7 c2 f5"),
        // NN04 a1: b3-a5-b7 and c2-e1-g2.
        ("nn04", "a1", "b3 a5 b7 c2 e1 g2"),
        // Sissa: every rook square (14) and every nightrider square (12)
        // from d4; from a1 the rook's 14 and the nightrider's 6.
        (
            "sissa",
            "d4",
            "a4 b4 c4 e4 f4 g4 h4 d1 d2 d3 d5 d6 d7 d8 b3 b5 c2 c6 e2 e6 f3 f5 b8 f8 h2 h6",
        ),
        (
            "sissa",
            "a1",
            "a2 a3 a4 a5 a6 a7 a8 b1 c1 d1 e1 f1 g1 h1 b3 c5 d7 c2 e3 g4",
        ),
        // Squeen: the queen's 27 and the nightrider squares 12 / 21 + 6.
        (
            "squeen",
            "d4",
            "a4 b4 c4 e4 f4 g4 h4 d1 d2 d3 d5 d6 d7 d8 a1 b2 c3 e5 f6 g7 h8 a7 b6 c5 e3 f2 g1 b3 b5 c2 c6 e2 e6 f3 f5 b8 f8 h2 h6",
        ),
        (
            "squeen",
            "a1",
            "a2 a3 a4 a5 a6 a7 a8 b1 c1 d1 e1 f1 g1 h1 b2 c3 d4 e5 f6 g7 h8 b3 c5 d7 c2 e3 g4",
        ),
        ("mao", "a1", "b3 c2"),
        ("moo", "d4", "b3 b5 c2 c6 e2 e6 f3 f5"),
        // Rose h8: a1's set turned half round (a5 a7 b3 c2 c6 d4 e1 f3
        // g1 -> h4 h2 g6 f7 f3 e5 d8 c6 b8).
        ("rose", "h8", "h4 h2 g6 f7 f3 e5 d8 c6 b8"),
    ];
    for (piece, at, list) in cases {
        assert_eq!(empty(&z, piece, at), sorted(list), "{piece} from {at}");
    }
    // Counts alone where the list is long: octopus 12 + 12 / 20;
    // crooked rook a1 2 + 2 x (14 - 1) - ... = 21; NN02 a1 14; NN31 a1
    // 10; NN33 a1 6; NN04 a1 6; Sissa rook squares 14 + nightrider
    // squares 12 / 14 + 6; Squeen 27 + 12 / 21 + 6; chainsaw a1 14 + 7.
    for (piece, at, n) in [
        ("octopus", "d4", 24),
        ("octopus", "a1", 20),
        ("crookedrook", "a1", 21),
        ("nn02", "a1", 14),
        ("nn31", "a1", 10),
        ("nn33", "a1", 6),
        ("nn04", "a1", 6),
        ("sissa", "d4", 26),
        ("sissa", "a1", 20),
        ("squeen", "d4", 39),
        ("squeen", "a1", 27),
        ("chainsaw", "a1", 21),
        ("mao", "a1", 2),
        ("moo", "d4", 8),
    ] {
        assert_eq!(count(&z, piece, at), n, "{piece} from {at}");
    }
}

#[test]
fn pieces_among_blockers_screens_friends_and_enemies() {
    let z = zoo();
    let cases = [
        // Pao: screen d6 -> xd8; screen e4 -> xg4; b4 screen, a4 own.
        (
            "pao",
            "3r3k/8/3P4/8/Rb1Xp1n1/8/3P4/7K w - - 0 1",
            "d4",
            "d5 d3 c4 xd8 xg4",
        ),
        // Vao: e5 screen -> xg7; b6 screen -> xa7; e3 screen, f2 own.
        (
            "vao",
            "8/q5b1/1p6/4P2k/3X4/4n3/5P2/7K w - - 0 1",
            "d4",
            "c5 c3 b2 a1 xg7 xa7",
        ),
        (
            "paovao",
            "3r4/q5b1/1p1P4/4P2k/Rb1Xp1n1/4n3/3P1P2/7K w - - 0 1",
            "d4",
            "d5 d3 c4 c5 c3 b2 a1 xd8 xg4 xg7 xa7",
        ),
        // Cannon pawn: steps never capture; jumps over d5, c3, e3 land on
        // empty squares, over own e5 onto the f6 knight; over e4 onto own
        // f4 is no move.
        (
            "cannonpawn",
            "7k/8/5n2/3pP3/3XnP2/2P1p3/8/7K w - - 0 1",
            "d4",
            "c5 c4 d3 d6 b2 f2 xf6",
        ),
        // Gryphon: e5 taken on the first step, no going on; c3 own blocks.
        (
            "gryphon",
            "7k/2P5/8/n3p3/3X4/2P3r1/8/4N2K w - - 0 1",
            "d4",
            "xe5 c5 c6 b5 xa5 e3 f3 xg3 e2",
        ),
        (
            "aanca",
            "7k/8/8/3p4/3XN3/1p6/2P5/5b1K w - - 0 1",
            "d4",
            "xd5 d3 e2 xf1 c4 b5 a6 xb3",
        ),
        // Chainsaw: the dabbabah-rider skips f5 and e6.
        (
            "chainsaw",
            "7k/8/3Pp3/2n2P2/1P1X4/6r1/3p4/2b1N2K w - - 0 1",
            "d4",
            "d5 d3 xd2 e4 f4 g4 h4 c4 e5 g5 e7 xc5 e3 xg3 c3 a3 xc1",
        ),
        // Octopus: never stops on its first two squares; own h1 blocks.
        (
            "octopus",
            "7k/5q2/2p5/n3P3/3X4/7r/4N2P/7K w - - 0 1",
            "d4",
            "xa5 g3 xh3 a3 c1 xf7 b1 g6 h7 g2 a6 a2",
        ),
        // Crooked rook: f2 and b2 each reached by two paths.
        (
            "crookedrook",
            "7k/8/1P6/3p1P2/3X4/8/1p3b2/7K w - - 0 1",
            "d4",
            "xd5 e4 e5 e3 f3 xf2 d3 e2 c3 c2 xb2 c4 c5 b5 b3",
        ),
        (
            "crookedbishop",
            "7k/2n5/8/4p3/1P1X3r/8/8/K3N3 w - - 0 1",
            "d4",
            "xe5 c5 d6 xc7 e3 f4 g3 xh4 d2 c3 c1",
        ),
        // Nightrider: own e6 stops f8, the f5 capture stops h6.
        (
            "nightrider",
            "7k/8/4P3/5p2/3X4/8/8/7K w - - 0 1",
            "d4",
            "b3 b5 b8 c2 c6 e2 f3 xf5 h2",
        ),
        // Rose: own b3 cuts b3, a5 and the b3-d4-f3-g1 route.
        (
            "rose",
            "7k/8/2n5/8/8/1P6/8/X6K w - - 0 1",
            "a1",
            "c2 e1 d4 xc6",
        ),
        // g2 only by the five-leap route b4-c6-e7-g6-h4-g2.
        (
            "rose",
            "7k/8/8/8/1X3P2/8/8/4P2K w - - 0 1",
            "b4",
            "a2 a6 b8 c2 c6 d3 d5 e7 g6 h4 g2",
        ),
        (
            "nn02",
            "7k/8/8/8/8/3P2b1/8/3X3K w - - 0 1",
            "d1",
            "e3 f1 xg3 c3 b1 a3 f2 b2",
        ),
        (
            "nn11",
            "7k/8/8/2P1n3/3X4/8/8/7K w - - 0 1",
            "d4",
            "a4 b2 b3 b5 c2 c3 c6 d1 e2 e3 xe5 e6 f2 f3 f5 g1 g4 h3",
        ),
        (
            "nn31",
            "7k/8/8/1p6/8/8/X7/7K w - - 0 1",
            "a2",
            "b4 d3 e5 g4 h6 c3 d1 f2 c1 xb5",
        ),
        (
            "nn33",
            "7k/8/8/8/5n2/8/8/2X4K w - - 0 1",
            "c1",
            "d3 e2 xf4 b3 a2",
        ),
        (
            "nn04",
            "7k/8/4p3/5P2/3X4/8/8/7K w - - 0 1",
            "d4",
            "b3 b5 c2 c6 e2 xe6 f3 d8 h4",
        ),
        // Sissa: rook-first paths blocked at once; bishop-first ones reach
        // the rook squares behind the pawns (d6 = e5-f6-e6-d6).
        (
            "sissa",
            "k7/8/8/3P4/2PXP3/3P4/8/7K w - - 0 1",
            "d4",
            "a4 b3 b4 b5 b8 c2 c6 d1 d2 d6 d7 d8 e2 e6 f3 f4 f5 f8 g4 h2 h4 h6",
        ),
        // No c8: its paths pass own h3 or the Black king on h8.
        (
            "sissa",
            "7k/8/2p5/8/8/2X4P/8/7K w - - 0 1",
            "c3",
            "a2 a3 a4 a7 b1 b3 b5 c1 c2 c4 c5 xc6 c7 d1 d3 d5 e2 e3 e4 e7 f3 g1 g3 g5",
        ),
        // Dancing horse: e6 is taken but cannot be passed.
        (
            "dancinghorse",
            "7k/4p3/2P1p3/1P6/3X4/1P3P2/2P1P3/7K w - - 0 1",
            "d4",
            "xe6 f5 g7 h6 h4 g3 e3 d6 xe7",
        ),
        // Mao: d5 blocks c6/e6, the e4 knight blocks f5/f3. The Moo also
        // finds f3 through e3.
        (
            "mao",
            "7k/8/8/2PPR3/3Xp3/8/8/7K w - - 0 1",
            "d4",
            "b5 b3 c2 e2",
        ),
        (
            "moo",
            "7k/8/8/2PPR3/3Xp3/8/8/7K w - - 0 1",
            "d4",
            "b5 b3 c2 e2 f3",
        ),
        // Cylindrical bishop: a2 wraps to h3.
        (
            "cylindricalbishop",
            "7k/8/8/5P2/6p1/8/8/1X5K w - - 0 1",
            "b1",
            "a2 h3 xg4 c2 d3 e4",
        ),
        // Pawns.
        (
            "berolina",
            "7k/8/8/8/8/2pn4/3X4/7K w - - 0 1",
            "d2",
            "e3 f4 xd3",
        ),
        (
            "scorpion",
            "7k/8/8/1np5/3X4/8/8/7K w - - 0 1",
            "d4",
            "d5 xc5 f5",
        ),
        ("monopawn", "7k/8/8/8/8/3np3/3X4/7K w - - 0 1", "d2", "xe3"),
    ];
    for (piece, fen, at, list) in cases {
        assert_eq!(in_fen(&z, piece, fen, at), sorted(list), "{piece} in {fen}");
    }
}

#[test]
fn attack_can_differ_from_movement() {
    let z = zoo();
    // The Monochromatic rook on a1 moves only to a3 and c1 (even
    // distances), but attacks along the whole rank: the Black king on d1
    // is in check although the rook could not take it.
    let fen = "8/8/8/8/p7/8/7K/{Monorook}2k4 b - - 0 1";
    let pos = parse_fen(&z, fen).unwrap();
    assert!(in_check(&z, &pos, Color::Black));
    let d = in_position(&z, &pos, sq(&z, "a1")).unwrap();
    let mut moves = d.squares(&z);
    moves.sort();
    assert_eq!(moves, sorted("a3 c1"));
    // With the king on e1 instead (distance 4, a square it may move to)
    // it is in check too; on a7 behind the a4 pawn it is not.
    let pos = parse_fen(&z, "8/k7/8/8/p7/8/7K/{Monorook}7 b - - 0 1").unwrap();
    assert!(!in_check(&z, &pos, Color::Black));
    // The position where White is to move with Black in check is refused.
    assert!(parse_fen(&z, "8/8/8/8/p7/8/7K/{Monorook}2k4 w - - 0 1").is_err());
}

#[test]
fn black_pieces_mirror_white_ones() {
    let z = zoo();
    for piece in ["scorpion", "berolina", "gryphon", "octopus", "nn02", "rose"] {
        let kind = z.kind(piece).unwrap();
        let white = on_empty_board(&z, kind, Color::White, sq(&z, "c3"));
        let black = on_empty_board(&z, kind, Color::Black, sq(&z, "c6"));
        let flip = |d: &changeling::show::Diagram| {
            let mut v: Vec<String> = d
                .reach
                .iter()
                .map(|(s, _)| z.geometry().name(z.geometry().flip(*s)))
                .collect();
            v.sort();
            v
        };
        let mut w = white.squares(&z);
        w.sort();
        assert_eq!(flip(&black), w, "{piece}");
    }
}

#[test]
fn compounds_among_blockers_are_the_union_of_their_parts() {
    let z = zoo();
    // White X on d4; Black: rook f8, pawn d7, knight f6, pawn b4, knight
    // b2, king h8; White: pawn b6, pawn g4, pawn e3, rook d1, king h1.
    let fen = "5r1k/3p4/1P3n2/8/1p1X2P1/4P3/1n6/3R3K w - - 0 1";
    // The parts, derived by hand:
    // rook: up d5 d6 xd7; down d3 d2 (own d1); left c4 xb4; right e4 f4
    // (own g4).
    let r = "d5 d6 xd7 d3 d2 c4 xb4 e4 f4";
    // bishop: e5 xf6; c5 (own b6); own e3; c3 xb2.
    let b = "e5 xf6 c5 c3 xb2";
    // knight: all eight squares are empty.
    let n = "c6 e6 b5 f5 b3 f3 c2 e2";
    // nightrider: the knight squares, then e6-xf8, c6-b8, f5-h6, f3-h2
    // (the other rays leave the board).
    let nn = "c6 e6 b5 f5 b3 f3 c2 e2 xf8 b8 h6 h2";
    let w = "d5 d3 c4 e4";
    let f = "e5 c5 c3";
    // camel (1,3): all eight empty; no second camel leap fits.
    let c = "e7 c7 g5 a5 g3 a3 e1 c1";
    let d = "d6 d2 xb4 f4";
    let cases: [(&str, &[&str]); 20] = [
        ("amazon", &[r, b, n]),
        ("chancellor", &[r, n]),
        ("archbishop", &[b, n]),
        ("nightrider", &[nn]),
        ("archbishoprider", &[b, nn]),
        ("chancellorrider", &[r, nn]),
        ("amazonrider", &[r, b, nn]),
        ("dragonking", &[r, f]),
        ("dragonhorse", &[b, w]),
        ("supercardinal", &[b, n, w]),
        ("superchancellor", &[r, n, f]),
        ("supercardinalrider", &[b, nn, w]),
        ("superchancellorrider", &[r, nn, f]),
        ("knightguard", &[w, f, n]),
        ("knightwazir", &[n, w]),
        ("knightferz", &[n, f]),
        ("camel", &[c]),
        ("camelrider", &[c]),
        ("dabbabah", &[d]),
        ("equusrex", &[w, f, n]),
    ];
    for (piece, parts) in cases {
        let mut want: Vec<String> = parts.iter().flat_map(|p| sorted(p)).collect();
        want.sort();
        want.dedup();
        assert_eq!(in_fen(&z, piece, fen, "d4"), want, "{piece}");
    }
    // Ferz + dabbabah + camel, the attack-only wazir steps not moving.
    let mut want: Vec<String> = [f, d, c].iter().flat_map(|p| sorted(p)).collect();
    want.sort();
    assert_eq!(in_fen(&z, "monoequusrex", fen, "d4"), want);
    // The wuss slides like a queen to empty squares only.
    assert_eq!(
        in_fen(&z, "wuss", fen, "d4"),
        sorted("d5 d6 d3 d2 c4 e4 f4 e5 c5 c3")
    );
}

#[test]
fn compounds_on_an_empty_board_are_the_union_of_their_parts() {
    let z = zoo();
    // Parts from d4 and from a1 on an empty board, by hand.
    let part = |name: &str, at: &str| -> &'static str {
        match (name, at) {
            ("R", "d4") => "a4 b4 c4 e4 f4 g4 h4 d1 d2 d3 d5 d6 d7 d8",
            ("B", "d4") => "a1 b2 c3 e5 f6 g7 h8 a7 b6 c5 e3 f2 g1",
            ("N", "d4") => "b3 b5 c2 c6 e2 e6 f3 f5",
            // The (1,2), (2,1), (2,-1) and (-1,2) rays land twice.
            ("NN", "d4") => "b3 b5 c2 c6 e2 e6 f3 f5 b8 f8 h2 h6",
            ("W", "d4") => "d5 d3 c4 e4",
            ("F", "d4") => "c5 e5 c3 e3",
            ("C", "d4") => "c1 e1 c7 e7 a3 a5 g3 g5",
            ("D", "d4") => "d2 d6 b4 f4",
            ("R", "a1") => "a2 a3 a4 a5 a6 a7 a8 b1 c1 d1 e1 f1 g1 h1",
            ("B", "a1") => "b2 c3 d4 e5 f6 g7 h8",
            ("N", "a1") => "b3 c2",
            ("NN", "a1") => "b3 c5 d7 c2 e3 g4",
            ("W", "a1") => "a2 b1",
            ("F", "a1") => "b2",
            ("C", "a1") => "b4 d2",
            ("CC", "a1") => "b4 c7 d2 g3",
            ("CC", "d4") => "c1 e1 c7 e7 a3 a5 g3 g5",
            ("D", "a1") => "a3 c1",
            _ => panic!("no part {name} from {at}"),
        }
    };
    for (piece, parts) in [
        ("amazon", "R B N"),
        ("chancellor", "R N"),
        ("archbishop", "B N"),
        ("nightrider", "NN"),
        ("archbishoprider", "B NN"),
        ("chancellorrider", "R NN"),
        ("amazonrider", "R B NN"),
        ("dragonking", "R F"),
        ("dragonhorse", "B W"),
        ("supercardinal", "B N W"),
        ("superchancellor", "R N F"),
        ("supercardinalrider", "B NN W"),
        ("superchancellorrider", "R NN F"),
        ("knightguard", "W F N"),
        ("knightwazir", "N W"),
        ("knightferz", "N F"),
        ("camel", "C"),
        ("camelrider", "CC"),
        ("dabbabah", "D"),
        ("equusrex", "W F N"),
        ("camelrex", "W F C"),
        ("monoequusrex", "F D C"),
        ("pao", "R"),
        ("vao", "B"),
        ("paovao", "R B"),
        ("wuss", "R B"),
        ("cannonpawn", "W F"),
    ] {
        for at in ["d4", "a1"] {
            let mut want: Vec<String> = parts
                .split_whitespace()
                .flat_map(|p| sorted(part(p, at)))
                .collect();
            want.sort();
            want.dedup();
            assert_eq!(empty(&z, piece, at), want, "{piece} from {at}");
        }
    }
}

#[test]
fn squeen_is_queen_and_sissa() {
    let z = zoo();
    // Sissa's 22 squares in this position plus the 13 open bishop squares
    // (the queen's rook lines are all blocked by the own pawns).
    let fen = "k7/8/8/3P4/2PXP3/3P4/8/7K w - - 0 1";
    let sissa = "a4 b3 b4 b5 b8 c2 c6 d1 d2 d6 d7 d8 e2 e6 f3 f4 f5 f8 g4 h2 h4 h6";
    let bishop = "c5 b6 a7 e5 f6 g7 h8 c3 b2 a1 e3 f2 g1";
    let mut want: Vec<String> = sorted(sissa).into_iter().chain(sorted(bishop)).collect();
    want.sort();
    assert_eq!(in_fen(&z, "squeen", fen, "d4"), want);
}

#[test]
fn diagrams_tell_moving_from_capturing() {
    let z = zoo();
    let marks = |piece: &str, at: &str| -> String {
        let d = on_empty_board(&z, z.kind(piece).unwrap(), Color::White, sq(&z, at));
        d.reach
            .iter()
            .map(|(s, r)| format!("{}{}", z.geometry().name(*s), r.mark()))
            .collect::<Vec<_>>()
            .join(" ")
    };
    // The Monochromatic pawn: a two-square advance that never captures,
    // diagonal captures that never move.
    assert_eq!(marks("monopawn", "d4"), "c5x e5x d6o");
    // The Berolina pawn the other way round (no double step off rank 2).
    assert_eq!(marks("berolina", "d4"), "c5o d5x e5o");
    // The Scorpion's sideways knight leaps only move.
    assert_eq!(marks("scorpion", "d4"), "b5o c5x d5o e5x f5o");
    // From the second rank: the Berolina pawn's diagonal double step
    // (b4 f4) beside its single steps, the Monochromatic pawn's d4; near
    // the edge, the Scorpion's one sideways leap.
    assert_eq!(marks("berolina", "d2"), "c3o d3x e3o b4o f4o");
    assert_eq!(marks("monopawn", "d2"), "c3x e3x d4o");
    assert_eq!(marks("scorpion", "a4"), "a5o b5x c5o");
    // A knight moves and captures alike.
    assert_eq!(marks("knight", "a1"), "c2* b3*");
    let pao = on_empty_board(&z, z.kind("pao").unwrap(), Color::White, sq(&z, "d4"));
    assert!(pao.reach.iter().all(|r| r.1 == Reach::MoveOnly));
    // The diagram itself.
    let text = on_empty_board(&z, z.kind("knight").unwrap(), Color::White, sq(&z, "b1")).render(&z);
    let rows: Vec<&str> = text.lines().collect();
    assert_eq!(rows[5].trim_end(), "  3 *  .  *  .  .  .  .  .");
    assert_eq!(rows[7].trim_end(), "  1 .  @  .  .  .  .  .  .");
}

#[test]
fn every_quiet_two_square_pawn_advance_opens_en_passant() {
    let z = zoo();
    // The Monochromatic pawn advances two squares from any rank; the
    // square it passes may be taken en passant, as after a double step.
    let pos = parse_fen(&z, "4k3/8/4p3/8/3{Monopawn}4/8/8/4K3 w - - 0 1").unwrap();
    let moves = changeling::movegen::legal_moves(&z, &pos);
    let push = moves
        .iter()
        .find(|m| m.from == sq(&z, "d4") && m.to == sq(&z, "d6"))
        .expect("d4-d6");
    let mut after = pos.clone();
    after.play_unchecked(&z, push);
    assert_eq!(after.ep(), Some(sq(&z, "d5")));
    let replies = changeling::movegen::legal_moves(&z, &after);
    let ep = replies
        .iter()
        .find(|m| m.from == sq(&z, "e6") && m.to == sq(&z, "d5"))
        .expect("e6xd5 en passant");
    assert_eq!(
        ep.kind,
        changeling::position::MoveKind::EnPassant(sq(&z, "d6"))
    );
    // The Berolina pawn's diagonal double step passes c3 (b2-d4); a
    // Berolina pawn capturing straight takes there.
    let pos = parse_fen(&z, "4k3/8/8/8/8/8/1{Berolina}6/4K3 w - - 0 1").unwrap();
    let moves = changeling::movegen::legal_moves(&z, &pos);
    let mut v: Vec<String> = moves
        .iter()
        .filter(|m| m.from == sq(&z, "b2"))
        .map(|m| z.geometry().name(m.to))
        .collect();
    v.sort();
    assert_eq!(v, sorted("a3 c3 d4"));
}

#[test]
fn immunity_limits_who_may_capture() {
    let z = zoo();
    // Black Mamra on d5 (only pawns may take it), Black rook on e5. White
    // queen d4 next to both, White pawn c4 diagonally below d5, White
    // Mamra e4.
    let fen = "4k3/8/8/3{mamra}r3/2PQ{Mamra}3/8/8/4K3 w - - 0 1";
    // The queen takes the rook on e5 but not the Mamra on d5.
    assert_eq!(takes_in(&z, fen, "d4"), ["xe5"]);
    // The pawn takes the Mamra.
    assert_eq!(takes_in(&z, fen, "c4"), ["xd5"]);
    // A Mamra takes the rook, never the other Mamra.
    assert_eq!(takes_in(&z, fen, "e4"), ["xe5"]);
}

/// The captures of the piece on `at` in `fen` (White to move).
fn takes_in(rules: &Rules, fen: &str, at: &str) -> Vec<String> {
    let pos = position(rules, fen);
    let d = in_position(rules, &pos, sq(rules, at)).unwrap();
    let mut v: Vec<String> = d
        .reach
        .iter()
        .filter(|r| r.1 == Reach::Capture)
        .map(|r| format!("x{}", rules.geometry().name(r.0)))
        .collect();
    v.sort();
    v
}

#[test]
fn an_attacked_wuss_must_move() {
    let z = zoo();
    let froms = |fen: &str| -> Vec<String> {
        let pos = parse_fen(&z, fen).unwrap();
        let mut v: Vec<String> = changeling::movegen::legal_moves(&z, &pos)
            .iter()
            .map(|m| z.geometry().name(m.from))
            .collect();
        v.sort();
        v.dedup();
        v
    };
    // Not attacked: the king, the knight and the Wuss may all move.
    assert_eq!(
        froms("4k3/8/8/8/3{Wuss}4/8/8/1N2K3 w - - 0 1"),
        ["b1", "d4", "e1"]
    );
    // Attacked by the rook on d8: only the Wuss may move (the knight may
    // not block, nothing may take the rook).
    let fen = "3rk3/8/8/8/3{Wuss}4/8/8/1N2K3 w - - 0 1";
    assert_eq!(froms(fen), ["d4"]);
    let pos = parse_fen(&z, fen).unwrap();
    assert_eq!(
        changeling::movegen::legal_move_count(&z, &pos, &mut Vec::new()),
        changeling::movegen::legal_moves(&z, &pos).len() as u64
    );
    // Attacked by the knight on f5 and boxed in by its own pawns: no
    // legal move at all (the e4 pawn may not take the knight).
    assert_eq!(
        froms("4k3/8/8/2PPPn2/2P{Wuss}P3/2PPP3/8/4K3 w - - 0 1"),
        Vec::<String>::new()
    );
}
