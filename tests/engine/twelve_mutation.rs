//! Twelve Mutation Chess scenarios on the shipped variant
//! (`examples/variants/twelve-mutation.variant`, embedded), one rule of
//! `../shared/rules/twelve-mutation.md` each: markers in FEN, a marker
//! flipped by a non-pawn leaving its square (never by a pawn, a capture or
//! an arrival), the change taking effect only after the flipping turn,
//! the mover's king judged under the new rules (OQ-2), and for each of
//! the twelve mutators: activation, effect, check, and deactivation; and
//! the listed interactions among them.

use crate::kit::{after, position, sorted};
use changeling::board::Color;
use changeling::movegen::{in_check, legal_moves};
use changeling::notation::{parse_fen, parse_move, to_fen, to_san, to_uci};
use changeling::rules::Rules;
use changeling::variants::load;
use std::sync::Arc;

fn tm() -> Arc<Rules> {
    load("twelve-mutation").expect("embedded")
}

/// The legal moves of `fen` from `from` (or all with `-`), in
/// coordinates, sorted.
fn moves(rules: &Rules, fen: &str, from: &str) -> Vec<String> {
    let pos = position(rules, fen);
    let mut v: Vec<String> = legal_moves(rules, &pos)
        .iter()
        .map(|m| to_uci(rules, m))
        .filter(|m| from == "-" || m.starts_with(from))
        .collect();
    v.sort();
    v
}

/// The marker field round-trips in placement order; bad fields are
/// refused with the reason; a marker's face changes the hash.
#[test]
fn markers_in_fen() {
    let r = tm();
    let fen = "4k3/8/8/8/R7/8/8/4K3[] w - - 0 1 {h5:cannon- a4:rider+}";
    let pos = parse_fen(&r, fen).unwrap();
    assert_eq!(to_fen(&r, &pos), fen);
    let other = parse_fen(
        &r,
        "4k3/8/8/8/R7/8/8/4K3[] w - - 0 1 {h5:cannon- a4:rider-}",
    )
    .unwrap();
    assert_ne!(pos.hash(), other.hash());
    // No markers: no field.
    let plain = parse_fen(&r, "4k3/8/8/8/R7/8/8/4K3[] w - - 0 1").unwrap();
    assert_eq!(to_fen(&r, &plain), "4k3/8/8/8/R7/8/8/4K3[] w - - 0 1");
    for (bad, why) in [
        ("{a4:rider}", "end with `+`"),
        ("{a4:ryder+}", "no mutator `ryder`"),
        ("{z9:rider+}", "not a square"),
        ("{a4:rider+ a4:cannon-}", "a second marker on a4"),
        ("{a4:rider+ a5:rider-}", "a second marker of `rider`"),
        ("{a4:rider+", "not closed"),
    ] {
        let e = parse_fen(&r, &format!("4k3/8/8/8/R7/8/8/4K3[] w - - 0 1 {bad}")).unwrap_err();
        assert!(e.message.contains(why), "{bad}: {}", e.message);
    }
    // A variant without mutators refuses markers.
    let chess = load("chess").unwrap();
    assert!(parse_fen(&chess, "4k3/8/8/8/8/8/8/4K3[] w - - 0 1 {a4:rider+}").is_err());
}

/// Section 5: a non-pawn leaving the square flips the marker, whoever it
/// belongs to; a pawn leaving, a capture on the square and an arrival do
/// not.
#[test]
fn what_flips_a_marker() {
    let r = tm();
    // The rook leaves a4: the marker flips.
    assert_eq!(
        after(&r, "4k3/8/8/8/R7/8/8/4K3[] w - - 0 1 {a4:rider-}", "a4b4"),
        "4k3/8/8/8/1R6/8/8/4K3[] b - - 1 1 {a4:rider+}"
    );
    // Black's king leaves g5: it flips too (back off).
    assert_eq!(
        after(&r, "8/8/8/6k1/8/8/8/4K3[] b - - 0 1 {g5:rider+}", "g5g6"),
        "8/8/6k1/8/8/8/8/4K3[] w - - 1 2 {g5:rider-}"
    );
    // A pawn leaving, a capture on the marker and an arrival: no flip.
    assert_eq!(
        after(&r, "4k3/8/8/8/P7/8/8/4K3[] w - - 0 1 {a4:rider-}", "a4a5"),
        "4k3/8/8/P7/8/8/8/4K3[] b - - 0 1 {a4:rider-}"
    );
    assert_eq!(
        after(&r, "4k3/8/8/8/n7/8/8/R3K3[] w - - 0 1 {a4:rider-}", "a1a4"),
        "4k3/8/8/8/R7/8/8/4K3[] b - - 0 1 {a4:rider-}"
    );
    // Castling: the rook leaves h1, the king e1; both markers flip.
    assert_eq!(
        after(
            &r,
            "4k3/8/8/8/8/8/8/4K2R[] w K - 0 1 {h1:cannon- e1:rider-}",
            "O-O"
        ),
        "4k3/8/8/8/8/8/8/5RK1[] b - - 1 1 {h1:cannon+ e1:rider+}"
    );
}

/// Section 4 and OQ-2: the flipping move is made under the old rules
/// (the knight leaving the Rider marker jumps once, as a knight), the
/// opponent's turn is played under the new ones, and the mover's king is
/// judged under the new ones too.
#[test]
fn a_change_takes_effect_after_the_turn() {
    let r = tm();
    let fen = "4k3/8/8/8/N7/8/8/4K3[] w - - 0 1 {a4:rider-}";
    // A knight's moves only, although they switch Rider on.
    assert_eq!(moves(&r, fen, "a4"), sorted("a4b2 a4b6 a4c3 a4c5"));
    let next = after(&r, fen, "a4c5");
    assert_eq!(next, "4k3/8/8/2N5/8/8/8/4K3[] b - - 1 1 {a4:rider+}");
    // The knight rides on White's next turn.
    let white_again = "4k3/8/8/2N5/8/8/8/4K3[] w - - 1 2 {a4:rider+}";
    assert_eq!(
        moves(&r, white_again, "c5"),
        sorted("c5a1 c5a4 c5a6 c5b3 c5b7 c5d3 c5d7 c5e4 c5e6 c5g3 c5g7")
    );
    // OQ-2: the rook's moves switch Rider on, and the black knight on c5
    // would then attack the King on e1 as a nightrider (c5-d3-e1): every
    // rook move is illegal, the King's are not.
    let fen = "4k3/8/8/2n5/R7/8/8/4K3[] w - - 0 1 {a4:rider-}";
    assert!(moves(&r, fen, "a4").is_empty());
    assert_eq!(moves(&r, fen, "e1"), sorted("e1d1 e1d2 e1e2 e1f1 e1f2"));
    // The other way: a rook in front of the King may leave the Rider
    // marker when that turns the nightrider on c5 back into a knight.
    let fen = "4k3/8/8/2n5/8/8/8/R3K3[] w - - 0 1 {a1:rider+}";
    assert!(parse_fen(&r, fen).is_ok_and(|p| in_check(&r, &p, Color::White)));
    assert_eq!(
        moves(&r, fen, "a1"),
        sorted("a1a2 a1a3 a1a4 a1a5 a1a6 a1a7 a1a8 a1b1 a1c1 a1d1")
    );
}

/// 6.4 Berolina: switched on by a rook leaving h4, Black's pawns at once
/// move diagonally and capture straight; the double step goes two squares
/// diagonally over an empty square and opens en passant for a straight
/// capture (OQ-7's example, f2-d4 passing e3); a pawn checks straight
/// ahead; switched off again, pawns are FIDE pawns.
#[test]
fn berolina() {
    let r = tm();
    let on = after(
        &r,
        "4k3/3p4/8/8/7R/8/8/4K3[] w - - 0 1 {h4:berolina-}",
        "h4h3",
    );
    assert_eq!(on, "4k3/3p4/8/8/8/7R/8/4K3[] b - - 1 1 {h4:berolina+}");
    assert_eq!(moves(&r, &on, "d7"), sorted("d7b5 d7c6 d7e6 d7f5"));
    let fen = "4k3/8/8/8/4p3/8/5P2/4K3[] w - - 0 1 {h5:berolina+}";
    assert_eq!(moves(&r, fen, "f2"), sorted("f2d4 f2e3 f2g3 f2h4"));
    let ep = after(&r, fen, "f2d4");
    assert_eq!(ep, "4k3/8/8/8/3Pp3/8/8/4K3[] b - e3d4 0 1 {h5:berolina+}");
    assert_eq!(
        after(&r, &ep, "e4e3"),
        "4k3/8/8/8/8/4p3/8/4K3[] w - - 0 2 {h5:berolina+}"
    );
    // A Berolina pawn checks the square straight ahead, not the diagonals.
    let check = |fen: &str| in_check(&r, &parse_fen(&r, fen).unwrap(), Color::White);
    assert!(check("4k3/8/8/8/8/8/4p3/4K3[] w - - 0 1 {h5:berolina+}"));
    assert!(!check("4k3/8/8/8/8/8/3p4/4K3[] w - - 0 1 {h5:berolina+}"));
    assert!(!check("4k3/8/8/8/8/8/4p3/4K3[] w - - 0 1 {h5:berolina-}"));
    // Off again when a piece leaves h5: FIDE pawns for Black.
    let off = after(
        &r,
        "4k3/3p4/8/7R/8/8/8/4K3[] w - - 0 1 {h5:berolina+}",
        "h5h4",
    );
    assert_eq!(moves(&r, &off, "d7"), sorted("d7d5 d7d6"));
}

/// 6.5 Cannon: rooks and bishops capture by hopping one screen of either
/// colour and never move past one; they check through exactly one
/// screen; castling is unchanged.
#[test]
fn cannon() {
    let r = tm();
    let fen = "4k3/8/n7/8/p7/8/8/R3K2R[] w K - 0 1 {h5:cannon+}";
    // Quiet up to the screen, the capture beyond it, no capture of it;
    // along the first rank quiet moves, and castling.
    assert_eq!(
        moves(&r, fen, "a1"),
        sorted("a1a2 a1a3 a1a6 a1b1 a1c1 a1d1")
    );
    assert!(moves(&r, fen, "e1").contains(&"e1g1".to_string()));
    let check = |fen: &str| in_check(&r, &parse_fen(&r, fen).unwrap(), Color::Black);
    assert!(check("k7/8/8/P7/8/8/8/R3K3[] b - - 0 1 {h5:cannon+}"));
    assert!(!check("k7/8/8/8/8/8/8/R3K3[] b - - 0 1 {h5:cannon+}"));
    assert!(!check("k7/p7/8/P7/8/8/8/R3K3[] b - - 0 1 {h5:cannon+}"));
    // The Vao on the diagonal.
    assert!(check("7k/8/5P2/8/8/8/8/B3K3[] b - - 0 1 {h5:cannon+}"));
    // Activation: the king leaves the marker; Black's rook becomes a Pao.
    let on = after(
        &r,
        "r3k3/8/8/8/p7/8/8/P3K3[] w - - 0 1 {e1:cannon-}",
        "e1e2",
    );
    assert_eq!(on, "r3k3/8/8/8/p7/8/4K3/P7[] b - - 1 1 {e1:cannon+}");
    assert_eq!(
        moves(&r, &on, "a8"),
        sorted("a8a1 a8a5 a8a6 a8a7 a8b8 a8c8 a8d8")
    );
}

/// 6.8 Equus Rex: the king also leaps as a knight, and kings may not
/// stand a knight's move apart.
#[test]
fn equus_rex() {
    let r = tm();
    let fen = "4k3/8/8/8/8/8/8/4K3[] w - - 0 1 {h5:equus_rex+}";
    assert_eq!(
        moves(&r, fen, "e1"),
        sorted("e1c2 e1d1 e1d2 e1d3 e1e2 e1f1 e1f2 e1f3 e1g2")
    );
    // Kings a knight's move apart attack each other: no such position.
    assert!(parse_fen(&r, "8/8/8/8/8/5k2/8/4K3[] w - - 0 1 {h5:equus_rex+}").is_err());
    assert!(parse_fen(&r, "8/8/8/8/8/5k2/8/4K3[] w - - 0 1 {h5:equus_rex-}").is_ok());
    // A king may not step a knight's move away from the other one.
    let fen = "8/8/8/8/4k3/8/8/4K3[] w - - 0 1 {h5:equus_rex+}";
    assert_eq!(moves(&r, fen, "e1"), sorted("e1c2 e1d1 e1e2 e1f1 e1g2"));
}

/// 6.9 Monochromatic: moves keep their square colour (rooks and queens
/// go an even distance orthogonally, the king steps diagonally or leaps
/// two, knights are camels, pawns always advance two, only kingside
/// castling), while checks ignore the colour rule.
#[test]
fn monochromatic() {
    let r = tm();
    let fen = "4k3/8/8/8/8/8/1P6/R3K2R[] w KQ - 0 1 {h5:monochromatic+}";
    assert_eq!(moves(&r, fen, "a1"), sorted("a1a3 a1a5 a1a7 a1c1"));
    assert_eq!(moves(&r, fen, "b2"), sorted("b2b4"));
    assert_eq!(
        moves(&r, fen, "e1"),
        // The dabbabah leap to g1 and castling share a coordinate name;
        // the long castling would move the rook an odd distance.
        sorted("e1c1 e1d2 e1e3 e1f2 e1g1 e1g1")
    );
    // Knights as camels.
    assert_eq!(
        moves(
            &r,
            "4k3/8/8/8/3N4/8/8/4K3[] w - - 0 1 {h5:monochromatic+}",
            "d4"
        ),
        sorted("d4a3 d4a5 d4c1 d4c7 d4e1 d4e7 d4g3 d4g5")
            .into_iter()
            .filter(|m| m != "d4e1")
            .collect::<Vec<_>>()
    );
    // A rook three squares away checks, though it could not move there.
    let check = |fen: &str| in_check(&r, &parse_fen(&r, fen).unwrap(), Color::Black);
    assert!(check("8/8/8/8/k7/8/8/R3K3[] b - - 0 1 {h5:monochromatic+}"));
    // And the king must still get out of it.
    assert_eq!(
        moves(
            &r,
            "8/8/8/8/k7/8/8/R3K3[] b - - 0 1 {h5:monochromatic+}",
            "-"
        ),
        sorted("a4b3 a4b5 a4c4")
    );
}

/// 6.10 Non-Prise: queens, rooks, bishops and knights may not take one
/// another but take pawns; they still give check and guard the king's
/// squares.
#[test]
fn non_prise() {
    let r = tm();
    let fen = "4k3/8/8/n7/8/8/8/R3K3[] w - - 0 1 {h5:non_prise+}";
    assert!(!moves(&r, fen, "a1").contains(&"a1a5".to_string()));
    let fen = "4k3/8/8/p7/8/8/8/R3K3[] w - - 0 1 {h5:non_prise+}";
    assert!(moves(&r, fen, "a1").contains(&"a1a5".to_string()));
    let check = |fen: &str| in_check(&r, &parse_fen(&r, fen).unwrap(), Color::Black);
    assert!(check("r3k3/8/8/8/8/8/8/4R1K1[] b - - 0 1 {h5:non_prise+}"));
    // The knight on d2 is guarded by the rook on d1's line: the king may
    // not take it, though the rook could not take a knight there.
    let fen = "8/8/8/8/8/8/3n4/3rK3[] w - - 0 1 {h5:non_prise+}";
    assert!(!moves(&r, fen, "e1").contains(&"e1d2".to_string()));
}

/// 6.11 Rider: a nightrider's check is blocked on a landing square
/// between.
#[test]
fn rider() {
    let r = tm();
    let fen = "4k3/8/8/2n5/8/7R/8/4K3[] w - - 0 1 {h5:rider+}";
    assert!(in_check(&r, &parse_fen(&r, fen).unwrap(), Color::White));
    assert_eq!(moves(&r, fen, "h3"), sorted("h3d3"));
}

/// Interactions (section 7) among the mutators the engine has: with
/// Monochromatic, Rider makes camelriders, Equus Rex adds the camel leap,
/// and Berolina pawns capture two squares straight ahead.
#[test]
fn interactions() {
    let r = tm();
    assert_eq!(
        moves(
            &r,
            "4k3/8/8/8/8/8/8/N3K3[] w - - 0 1 {h5:monochromatic+ h4:rider+}",
            "a1"
        ),
        sorted("a1b4 a1c7 a1d2 a1g3")
    );
    assert_eq!(
        moves(
            &r,
            "4k3/8/8/8/8/8/8/4K3[] w - - 0 1 {h5:monochromatic+ h4:equus_rex+}",
            "e1"
        ),
        sorted("e1b2 e1c1 e1d2 e1e3 e1f2 e1g1 e1h2 e1d4 e1f4")
    );
    assert_eq!(
        moves(
            &r,
            "4k3/8/8/8/2p5/8/2P5/4K3[] w - - 0 1 {h5:monochromatic+ h4:berolina+}",
            "c2"
        ),
        sorted("c2a4 c2b3 c2c4 c2d3 c2e4")
    );
}

/// Section 2 and OQ-1: before the first move the players place the
/// markers crossed out, Black first, each a mutator not yet placed on a
/// free square; then White moves. The placement stage is in the FEN.
#[test]
fn the_placement_stage() {
    let r = tm();
    let mut pos = changeling::game::start_position(&r, 0).unwrap();
    assert_eq!(
        to_fen(&r, &pos),
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[] b KQkq - 0 1 placing"
    );
    assert_eq!(legal_moves(&r, &pos).len(), 12 * 8);
    let mut texts = Vec::new();
    for (i, text) in [
        "rider@a4",
        "cannon@h5",
        "berolina@b4",
        "monochromatic@g5",
        "equus_rex@a5",
        "non_prise@h4",
        "atomic@b5",
        "drop@g4",
    ]
    .iter()
    .enumerate()
    {
        assert_eq!(
            pos.side(),
            if i % 2 == 0 {
                Color::Black
            } else {
                Color::White
            }
        );
        let mv = parse_move(&r, &pos, text).unwrap_or_else(|e| panic!("{text}: {e}"));
        texts.push(changeling::notation::to_san(&r, &pos, &mv));
        pos.play_unchecked(&r, &mv);
        assert_eq!(pos.hash(), pos.compute_hash(&r));
        let fen = to_fen(&r, &pos);
        assert_eq!(to_fen(&r, &parse_fen(&r, &fen).unwrap()), fen);
        if i == 1 {
            // The placed mutator and the used square are gone.
            assert_eq!(legal_moves(&r, &pos).len(), 10 * 6);
            assert!(parse_move(&r, &pos, "rider@b5").is_err());
            assert!(parse_move(&r, &pos, "zugzwang@b5").is_err());
            assert!(parse_move(&r, &pos, "cannon@a4").is_err());
            assert!(parse_move(&r, &pos, "e2e4").is_err());
        }
    }
    assert_eq!(texts[0], "rider@a4");
    assert_eq!(
        to_fen(&r, &pos),
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[] w KQkq - 0 1 \
         {a4:rider- h5:cannon- b4:berolina- g5:monochromatic- a5:equus_rex- h4:non_prise- \
         b5:atomic- g4:drop-}"
    );
    assert_eq!(legal_moves(&r, &pos).len(), 20);
}

/// The number of legal moves of `fen`.
fn count(rules: &Rules, fen: &str) -> usize {
    moves(rules, fen, "-").len()
}

/// Atomic (6.1, OQ-4): a capture removes the victim, the capturer and
/// every piece next to the victim's square, pawns and kings included; a
/// king's capture does not explode; en passant explodes around the taken
/// pawn; a move may not destroy its own king, and one that destroys the
/// enemy king is legal even from check and ends the game.
#[test]
fn atomic() {
    let r = tm();
    // Nxd5 takes the pawn and blows up c4, e4 and e6 with the knight.
    let fen = "7k/8/4b3/3p4/2p1P3/2N5/8/4K3[] w - - 0 1 {a1:atomic+}";
    assert_eq!(
        after(&r, fen, "c3d5"),
        "7k/8/8/8/8/8/8/4K3[] b - - 0 1 {a1:atomic+}"
    );
    // Crossed out: an ordinary capture.
    assert_eq!(
        after(&r, &fen.replace('+', "-"), "c3d5"),
        "7k/8/4b3/3N4/2p1P3/8/8/4K3[] b - - 0 1 {a1:atomic-}"
    );
    // A king's capture removes only its victim.
    assert_eq!(
        after(&r, "7k/8/8/8/8/8/3pP3/4K3[] w - - 0 1 {a1:atomic+}", "e1d2"),
        "7k/8/8/8/8/8/3KP3/8[] b - - 0 1 {a1:atomic+}"
    );
    // En passant: the blast is centred on d5, where the pawn was taken,
    // so the rook on c7 (next to d6, not to d5) survives.
    assert_eq!(
        after(
            &r,
            "4k3/2r5/2n1b3/3pP3/8/8/8/4K3[] w - d6 0 1 {h2:atomic+}",
            "e5d6"
        ),
        "4k3/2r5/8/8/8/8/8/4K3[] b - - 0 1 {h2:atomic+}"
    );
    // Bxd2 would take the checking pawn but blow up the own king on e1.
    let fen = "7k/8/8/8/1B6/8/3p4/4K3[] w - - 0 1 {a1:atomic+}";
    assert_eq!(moves(&r, fen, "b4"), Vec::<String>::new());
    assert_eq!(moves(&r, &fen.replace('+', "-"), "b4"), ["b4d2"]);
    // Bxg7 destroys the black king next to g7: legal though White stays
    // in check from e8, and Black, kingless, has lost.
    let fen = "4r1k1/6p1/8/8/8/8/8/B3K3[] w - - 0 1 {h2:atomic+}";
    assert_eq!(moves(&r, fen, "-"), sorted("a1e5 a1g7 e1d1 e1d2 e1f1 e1f2"));
    let end = after(&r, fen, "a1g7");
    assert_eq!(end, "4r3/8/8/8/8/8/8/4K3[] b - - 0 1 {h2:atomic+}");
    assert_eq!(count(&r, &end), 0);
    let mut game = changeling::game::Game::from_fen(r.clone(), fen, 0).unwrap();
    game.play_text("Bxg7").unwrap();
    assert!(
        matches!(
            game.outcome(),
            Some(changeling::game::Outcome::Decisive {
                winner: Color::White,
                ..
            })
        ),
        "{:?}",
        game.outcome()
    );
    // Check is a direct attack only: a capture next to the king that
    // would blow it up is a threat, not a check.
    let threat = "4k3/8/8/8/8/2n5/8/3QK3[] w - - 0 1 {h2:atomic+}";
    let pos = parse_fen(&r, threat).unwrap();
    assert!(!in_check(&r, &pos, Color::White));
}

/// Attack (6.2, OQ-5): a side with a legal capture must capture; a
/// capture that is illegal does not count.
#[test]
fn attack() {
    let r = tm();
    let fen = "4k3/8/8/8/3p4/5N2/8/4K3[] w - - 0 1 {h2:attack+}";
    assert_eq!(moves(&r, fen, "-"), ["f3d4"]);
    assert_eq!(count(&r, &fen.replace('+', "-")), 12);
    // En passant is a capture too.
    let fen = "4k3/8/8/3pP3/8/8/8/4K3[] w - d6 0 1 {h2:attack+}";
    assert_eq!(moves(&r, fen, "-"), ["e5d6"]);
    // The bishop's capture would expose the king on the e-file: no legal
    // capture, so every legal move may be played.
    let fen = "4r1k1/8/8/8/8/3p4/4B3/4K3[] w - - 0 1 {h2:attack+}";
    assert_eq!(moves(&r, fen, "-"), moves(&r, &fen.replace('+', "-"), "-"));
    assert!(!moves(&r, fen, "-").contains(&"e2d3".to_string()));
    // It takes effect after the flipping turn: the rook leaving h2 turns
    // Attack on, and Black must then take the rook.
    let fen = "4kn2/8/8/8/8/8/7R/4K3[] w - - 0 1 {h2:attack-}";
    let next = after(&r, fen, "h2h7");
    assert_eq!(next, "4kn2/7R/8/8/8/8/8/4K3[] b - - 1 1 {h2:attack+}");
    assert_eq!(moves(&r, &next, "-"), ["f8h7"]);
    assert_eq!(count(&r, &next.replace('+', "-")), 5);
}

/// Drop (6.7, OQ-10): a captured piece goes to the capturer's hand in
/// its colour (a promoted one as a pawn); a held piece may be dropped on
/// an empty square without a marker, a pawn not on its last rank; when
/// Drop turns off both hands are emptied for good.
#[test]
fn drop() {
    let r = tm();
    let fen = "4k3/8/8/3q4/8/8/8/3RK3[] w - - 0 1 {a4:drop+}";
    assert_eq!(
        after(&r, fen, "d1d5"),
        "4k3/8/8/3R4/8/8/8/4K3[Q] b - - 0 1 {a4:drop+}"
    );
    // Crossed out: no hand is fed.
    assert_eq!(
        after(&r, &fen.replace('+', "-"), "d1d5"),
        "4k3/8/8/3R4/8/8/8/4K3[] b - - 0 1 {a4:drop-}"
    );
    // A promoted queen enters the hand as a pawn; the mark is in FEN.
    assert_eq!(
        after(&r, "4k3/8/8/3q~4/8/8/8/3RK3[] w - - 0 1 {a4:drop+}", "d1d5"),
        "4k3/8/8/3R4/8/8/8/4K3[P] b - - 0 1 {a4:drop+}"
    );
    assert_eq!(
        after(&r, "4k3/1P6/8/8/8/8/8/4K3[] w - - 0 1 {a4:drop+}", "b7b8q"),
        "1Q~2k3/8/8/8/8/8/8/4K3[] b - - 0 1 {a4:drop+}"
    );
    // 61 free squares for a knight (two kings and a marker), 54 for a
    // pawn (not the eighth rank), besides the king's five moves.
    assert_eq!(
        count(&r, "4k3/8/8/8/8/8/8/4K3[Nr] w - - 0 1 {a4:drop+}"),
        61 + 5
    );
    assert_eq!(
        count(&r, "4k3/8/8/8/8/8/8/4K3[P] w - - 0 1 {a4:drop+}"),
        54 + 5
    );
    let drops = moves(&r, "4k3/8/8/8/8/8/8/4K3[N] w - - 0 1 {a4:drop+}", "N@");
    assert!(drops.contains(&"N@e4".to_string()) && !drops.contains(&"N@a4".to_string()));
    // A drop blocks a check.
    let fen = "4r1k1/8/8/8/8/8/8/K7[B] w - - 0 1 {h2:drop+}";
    assert!(count(&r, fen) > 0);
    let fen = "k3r3/8/8/8/8/8/8/4K3[B] w - - 0 1 {h2:drop+}";
    let drops: Vec<String> = moves(&r, fen, "B@");
    assert_eq!(drops, sorted("B@e2 B@e3 B@e4 B@e5 B@e6 B@e7"));
    // The rook leaving a4 turns Drop off: both hands are emptied.
    assert_eq!(
        after(&r, "4k3/8/8/8/R7/8/8/4K3[Nn] w - - 0 1 {a4:drop+}", "a4a8"),
        "R3k3/8/8/8/8/8/8/4K3[] b - - 1 1 {a4:drop-}"
    );
    // Turned on, captures feed hands from the next turn: the capture that
    // flips it on feeds nothing.
    assert_eq!(
        after(&r, "4k3/8/8/8/R7/8/8/r3K3[] w - - 0 1 {a4:drop-}", "a4a1"),
        "4k3/8/8/8/8/8/8/R3K3[] b - - 0 1 {a4:drop+}"
    );
}

/// The interactions of section 7 that involve Atomic, Attack and Drop.
#[test]
fn interactions_of_atomic_attack_and_drop() {
    let r = tm();
    // Atomic + Drop: only the direct victim enters the hand.
    assert_eq!(
        after(
            &r,
            "7k/8/4b3/3p4/2p1P3/2N5/8/4K3[] w - - 0 1 {a1:atomic+ a2:drop+}",
            "c3d5"
        ),
        "7k/8/8/8/8/8/8/4K3[P] b - - 0 1 {a1:atomic+ a2:drop+}"
    );
    // Atomic + Non-Prise: the knight may not take the knight, the pawn
    // may, and its blast removes the rook and knight next to the queen.
    let fen = "4k3/8/8/2qn4/2RP1N2/8/8/4K3[] w - - 0 1 {a1:atomic+ a2:non_prise+}";
    assert!(!moves(&r, fen, "f4").contains(&"f4d5".to_string()));
    assert_eq!(
        after(&r, fen, "d4c5"),
        "4k3/8/8/8/5N2/8/8/4K3[] b - - 0 1 {a1:atomic+ a2:non_prise+}"
    );
    // Attack + Drop: a drop is allowed only when nothing can be taken.
    let fen = "4k3/8/8/8/3p4/5N2/8/4K3[B] w - - 0 1 {h2:attack+ h3:drop+}";
    assert_eq!(moves(&r, fen, "-"), ["f3d4"]);
    let fen = "4k3/8/8/8/8/5N2/8/4K3[B] w - - 0 1 {h2:attack+ h3:drop+}";
    assert_eq!(count(&r, fen), 12 + 59);
    // Drop + Monochromatic: drops go on either colour.
    let fen = "4k3/8/8/8/8/8/8/4K3[N] w - - 0 1 {a4:drop+ a5:monochromatic+}";
    assert_eq!(moves(&r, fen, "N@").len(), 60);
}

/// The swaps among the legal moves of `fen` (coordinates, sorted): the
/// moves that are not there with the Swap marker crossed out.
fn swaps_of(rules: &Rules, fen: &str) -> Vec<String> {
    let plain = moves(rules, &fen.replace("swap+", "swap-"), "-");
    moves(rules, fen, "-")
        .into_iter()
        .filter(|m| !plain.contains(m))
        .collect()
}

/// Swap (6.12, OQ-15): instead of a move, two own pieces exchange
/// squares when one covers the other (the king too; Non-Prise aside; the
/// colour rule applies); a swapped pawn on its last rank promotes; both
/// markers a swap leaves flip; pawns double-step from their first rank;
/// a swap may answer a check; castling rights go with a swapped king.
#[test]
fn swap() {
    let r = tm();
    let fen = "4k3/8/8/8/8/8/3PB3/3QK2R w K - 0 1 {a4:swap+}";
    assert_eq!(swaps_of(&r, fen), sorted("d1d2 d1e1 d1e2 e1d2 e1e2 e1h1"));
    // Written with both pieces in SAN; the king's swap ends castling.
    let pos = parse_fen(&r, fen).unwrap();
    let mv = parse_move(&r, &pos, "Ke1<>Rh1").unwrap();
    assert_eq!(to_uci(&r, &mv), "e1h1");
    assert_eq!(
        after(&r, fen, "Ke1<>Rh1"),
        "4k3/8/8/8/8/8/3PB3/3QR2K[] b - - 1 1 {a4:swap+}"
    );
    // Non-Prise does not stop a queen covering a knight; Monochromatic
    // keeps colours (d1 and d2 differ, d1 and e2 agree).
    let fen = "4k3/8/8/8/8/8/3NB3/3QK3[] w - - 0 1 {a4:swap+ a5:non_prise+}";
    assert!(swaps_of(&r, fen).contains(&"d1d2".to_string()));
    let fen = "4k3/8/8/8/8/8/3PB3/3QK3[] w - - 0 1 {a4:swap+ a5:monochromatic+}";
    assert_eq!(swaps_of(&r, fen), sorted("d1e2 e1d2"));
    // With Cannon a rook covers the piece past its screen, not the
    // screen: the rook on a1 covers the bishop on e1 over the knight.
    let fen = "4k3/8/8/8/8/8/8/R1N1B2K[] w - - 0 1 {a4:swap+ a5:cannon+}";
    assert_eq!(swaps_of(&r, fen), sorted("a1e1"));
    // A pawn swapped onto its last rank promotes, its side choosing.
    let fen = "4R3/4P3/k7/8/8/8/8/4K3[] w - - 0 1 {a4:swap+}";
    assert_eq!(swaps_of(&r, fen), sorted("e7e8b e7e8n e7e8q e7e8r"));
    assert_eq!(
        after(&r, fen, "Pe7<>Re8=N"),
        "4N~3/4R3/k7/8/8/8/8/4K3[] b - - 1 1 {a4:swap+}"
    );
    // A swap flips the markers both pieces leave (here Swap's own).
    assert_eq!(
        after(
            &r,
            "4k3/8/8/8/8/8/4B3/3QK3[] w - - 0 1 {a4:cannon- d1:rider- e2:swap+}",
            "Qd1<>Be2"
        ),
        "4k3/8/8/8/8/8/4Q3/3BK3[] b - - 1 1 {a4:cannon- d1:rider+ e2:swap-}"
    );
    // Pawns double-step from their first rank while Swap is on.
    let fen = "4k3/8/8/8/8/8/8/P3K3[] w - - 0 1 {h5:swap+}";
    assert_eq!(moves(&r, fen, "a1"), ["a1a2", "a1a3"]);
    assert_eq!(moves(&r, &fen.replace('+', "-"), "a1"), ["a1a2"]);
    // Out of check by a swap: the knight on g2 covers the king.
    let fen = "4r1k1/8/8/8/8/8/6N1/4K3[] w - - 0 1 {a4:swap+}";
    assert!(moves(&r, fen, "-").contains(&"e1g2".to_string()));
    assert!(!moves(&r, &fen.replace('+', "-"), "-").contains(&"e1g2".to_string()));
}

/// Dice (6.6, OQ-9): with the die rolled (`roll:n` in FEN) a player who
/// can act from the lane (file and rank n) must: a move from it, a
/// castling whose rook or king is on it, a drop onto it; with nothing
/// there, anything. With Attack the order is lane captures, other lane
/// moves, any capture, anything. A game rolls from its seed and the ply,
/// so the same seed replays the same rolls.
#[test]
fn dice() {
    let r = tm();
    let start = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[] w KQkq - 0 1 {h3:dice+}";
    let two = format!("{start} roll:2");
    assert_eq!(count(&r, &two), 16 + 2);
    assert_eq!(to_fen(&r, &parse_fen(&r, &two).unwrap()), two);
    // Nothing on the c-file or the third rank: anything goes.
    let fen = "4k3/8/8/8/8/8/8/R3K3[] w - - 0 1 {h5:dice+}";
    assert_eq!(
        moves(&r, &format!("{fen} roll:3"), "-"),
        moves(&r, fen, "-")
    );
    // The rook on the h-file makes castling a lane move.
    let fen = "4k3/8/8/8/8/8/8/4K2R[] w K - 0 1 {a4:dice+} roll:8";
    assert_eq!(
        moves(&r, fen, "-"),
        sorted("e1g1 h1f1 h1g1 h1h2 h1h3 h1h4 h1h5 h1h6 h1h7 h1h8")
    );
    // Attack + Dice: a lane capture first...
    let fen = "4k3/p7/8/8/8/8/1N6/R3K3[] w - - 0 1 {h4:attack+ h5:dice+} roll:1";
    assert_eq!(moves(&r, fen, "-"), ["a1a7"]);
    // ...then other lane moves (the knight's capture is off the lane)...
    let fen = "4k3/8/8/2p5/8/1N6/8/R3K3[] w - - 0 1 {h4:attack+ h5:dice+}";
    let lane: Vec<String> = moves(&r, &format!("{fen} roll:1"), "-");
    assert!(!lane.contains(&"b3c5".to_string()));
    assert_eq!(lane.len(), 10 + 5);
    // ...then any capture.
    assert_eq!(moves(&r, &format!("{fen} roll:6"), "-"), ["b3c5"]);
    // Dice + Drop: a drop onto the lane counts (15 squares of file c and
    // rank 3), and leaves the king's moves out.
    let fen = "4k3/8/8/8/8/8/8/4K3[N] w - - 0 1 {a4:dice+ a5:drop+} roll:3";
    assert_eq!(count(&r, fen), 15);
    // Bad rolls are refused with the reason.
    for (bad, why) in [("roll:9", "from 1 to 8"), ("roll:x", "from 1 to 8")] {
        let e = parse_fen(&r, &format!("{start} {bad}")).unwrap_err();
        assert!(e.message.contains(why), "{bad}: {}", e.message);
    }
    let e = parse_fen(&r, &format!("{} roll:2", start.replace('+', "-"))).unwrap_err();
    assert!(e.message.contains("off"), "{}", e.message);
    // Rolls from the seed and the ply: replayed and taken back alike.
    let rolls = |seed: u64, plies: usize| -> Vec<u8> {
        let mut game = changeling::game::Game::from_fen(r.clone(), start, seed).unwrap();
        let mut seen = Vec::new();
        for _ in 0..plies {
            seen.push(game.position().roll().expect("Dice is on"));
            let mv = game.legal_moves()[0];
            game.push(mv);
        }
        seen
    };
    assert_eq!(rolls(7, 12), rolls(7, 12));
    assert_ne!(rolls(7, 12), rolls(8, 12));
    let mut game = changeling::game::Game::from_fen(r.clone(), start, 7).unwrap();
    let mv = game.legal_moves()[0];
    game.push(mv);
    let second = game.position().roll();
    game.undo();
    game.push(mv);
    assert_eq!(game.position().roll(), second);
}

/// A seeded random game from the start: random placements, then random
/// legal turns (with the game's own dice) until the game ends or
/// `max_plies` pass. At every ply the incremental hash equals one from
/// scratch, the FEN reads back to itself, and the side that just moved
/// is not left attacked (unless it destroyed the enemy king). Returns
/// the moves in coordinates with the rolls, and whether the game ended.
fn playout(r: &Arc<Rules>, seed: u64, max_plies: usize) -> (Vec<String>, bool) {
    let mut game = changeling::game::Game::new(r.clone(), seed).unwrap();
    let mut state = seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1;
    let mut record = Vec::new();
    for _ in 0..max_plies {
        if game.outcome().is_some() {
            return (record, true);
        }
        let pos = game.position().clone();
        assert_eq!(
            pos.hash(),
            pos.compute_hash(r),
            "hash at {}",
            to_fen(r, &pos)
        );
        let fen = to_fen(r, &pos);
        let back = parse_fen(r, &fen).unwrap_or_else(|e| panic!("{fen}: {e}"));
        assert_eq!(to_fen(r, &back), fen);
        let legal = game.legal_moves();
        assert!(!legal.is_empty(), "no moves but no outcome at {fen}");
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        let mv = legal[(state % legal.len() as u64) as usize];
        record.push(format!(
            "{}{}",
            to_uci(r, &mv),
            pos.roll().map_or(String::new(), |n| format!("/{n}"))
        ));
        game.push(mv);
        let after = game.position();
        let mover = !after.side();
        if after.stage() == changeling::position::Stage::Play
            && pos.stage() == changeling::position::Stage::Play
            && !(after.royals(after.side()).is_empty())
        {
            assert!(
                !in_check(r, after, mover),
                "{} left in check after {} at {fen}",
                mover.name(),
                record.last().unwrap()
            );
        }
    }
    (record, false)
}

/// Seeded random games with all eight markers placed: no panic, no
/// illegal position, the same seed gives the same game (dice included).
#[test]
fn seeded_playouts_with_all_markers() {
    let r = tm();
    for seed in 0..4 {
        let (a, _) = playout(&r, seed, 300);
        let (b, _) = playout(&r, seed, 300);
        assert_eq!(a, b, "seed {seed} does not reproduce");
        assert!(a.len() > 8, "seed {seed}");
    }
}

/// Many more: `cargo test --release --test engine twelve_mutation:: -- --ignored`
/// (`TM_GAMES=a..b` picks the seeds). Each game runs until it ends by
/// the rules.
#[test]
#[ignore]
fn seeded_playouts_many() {
    let r = tm();
    let range = std::env::var("TM_GAMES").ok();
    let (lo, hi) = range
        .as_deref()
        .and_then(|t| t.split_once(".."))
        .and_then(|(a, b)| Some((a.parse().ok()?, b.parse().ok()?)))
        .unwrap_or((0u64, 2000u64));
    let (mut plies, mut ended) = (0, 0);
    for seed in lo..hi {
        let (record, done) = playout(&r, seed, 5000);
        plies += record.len();
        ended += done as usize;
    }
    eprintln!(
        "{} games, {plies} plies, {ended} ended by the rules",
        hi - lo
    );
    assert_eq!(ended as u64, hi - lo);
}

/// Under Monochromatic the king's Dabbabah leap e1-g1 and castling share
/// the coordinates `e1g1`: the text is refused as ambiguous with both
/// SAN spellings, and SAN tells them apart.
#[test]
fn monochromatic_king_leap_and_castling_in_notation() {
    let r = tm();
    let fen = "4k3/8/8/8/8/8/8/4K2R[] w K - 0 1 {a4:monochromatic+}";
    let pos = parse_fen(&r, fen).unwrap();
    let e = parse_move(&r, &pos, "e1g1").unwrap_err();
    assert!(e.to_string().contains("Kg1 or O-O"), "{e}");
    assert_eq!(
        after(&r, fen, "Kg1"),
        "4k3/8/8/8/8/8/8/6KR[] b - - 1 1 {a4:monochromatic+}"
    );
    assert_eq!(
        after(&r, fen, "O-O"),
        "4k3/8/8/8/8/8/8/5RK1[] b - - 1 1 {a4:monochromatic+}"
    );
}

/// The parts after the action of each legal turn of `fen` whose action
/// is `action` (in SAN), sorted: the pushes that may follow it.
fn pushes_after(rules: &Rules, fen: &str, action: &str) -> Vec<String> {
    let pos = position(rules, fen);
    let mut v: Vec<String> = legal_moves(rules, &pos)
        .iter()
        .map(|m| to_san(rules, &pos, m).replace(['+', '#'], ""))
        .filter_map(|s| {
            let (a, p) = s.split_once('&')?;
            (a == action).then(|| p.to_string())
        })
        .collect();
    v.sort();
    v
}

/// Avalanche (6.3): after the action the mover pushes an enemy pawn one
/// step toward itself; it switches on and off with its marker, after the
/// flipping turn; a push resets the half-move clock and a pawn it brings
/// to the last rank is promoted by its owner, first thing next turn.
#[test]
fn avalanche() {
    let r = tm();
    // From the start: 20 actions, each followed by one of 8 pushes.
    let start = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[] w KQkq - 0 1 {a4:avalanche+}";
    assert_eq!(count(&r, start), 160);
    assert_eq!(
        after(&r, start, "Nf3&d6"),
        "rnbqkbnr/ppp1pppp/3p4/8/8/5N2/PPPPPPPP/RNBQKB1R[] b KQkq - 0 1 {a4:avalanche+}"
    );
    // The action alone is not a turn, and the error says what is missing.
    let pos = parse_fen(&r, start).unwrap();
    let e = parse_move(&r, &pos, "Nf3").unwrap_err().to_string();
    assert!(e.contains("an enemy pawn must be pushed"), "{e}");
    assert!(e.contains("Nf3&a6"), "{e}");
    // Coordinates, and the push written in full, name the same turn.
    let coords = parse_move(&r, &pos, "g1f3&d7d6").unwrap();
    assert_eq!(parse_move(&r, &pos, "Nf3&d7d6").unwrap(), coords);
    assert_eq!(to_uci(&r, &coords), "g1f3&d7d6");
    // Activation: the knight leaving a4 flips the marker; its own turn
    // pushes nothing, Black's turn pushes the white pawn.
    let off = "4k3/7p/8/8/N7/8/7P/4K3[] w - - 0 1 {a4:avalanche-}";
    assert!(moves(&r, off, "-").iter().all(|m| !m.contains('&')));
    let on = after(&r, off, "Nc5");
    assert_eq!(on, "4k3/7p/8/2N5/8/8/7P/4K3[] b - - 1 1 {a4:avalanche+}");
    assert_eq!(pushes_after(&r, &on, "Kd8"), ["h3"]);
    // Deactivation: leaving the marker again still pushes this turn (the
    // change waits for the end of the turn), and the next turn does not.
    let flipped = after(
        &r,
        "4k3/7p/8/8/N7/8/7P/4K3[] w - - 0 1 {a4:avalanche+}",
        "Nc5&h6",
    );
    assert_eq!(
        flipped,
        "4k3/8/7p/2N5/8/8/7P/4K3[] b - - 0 1 {a4:avalanche-}"
    );
    assert_eq!(moves(&r, &flipped, "-"), sorted("e8e7 e8f7 e8f8 e8d8 h6h5"));
    // With no enemy pawn to push, the action is the turn.
    let bare = "4k3/8/8/8/8/8/8/4K3[] w - - 7 1 {a4:avalanche+}";
    assert_eq!(count(&r, bare), 5);
    // A push is a pawn move: it resets the half-move clock.
    let quiet = "4k3/3p4/8/8/8/8/8/4K3[] w - - 7 1 {a4:avalanche+}";
    assert_eq!(
        after(&r, quiet, "Kd1&d6"),
        "4k3/8/3p4/8/8/8/8/3K4[] b - - 0 1 {a4:avalanche+}"
    );
    // A push opens no en passant, but the pawns it moves count for one
    // the action opens: after e2-e4, the pushed d-pawn may take on e3.
    let ep = "4k3/8/8/3p4/8/8/4P3/4K3[] w - - 0 1 {a4:avalanche+}";
    assert_eq!(
        after(&r, ep, "e4&d4"),
        "4k3/8/8/8/3pP3/8/8/4K3[] b - e3 0 1 {a4:avalanche+}"
    );
}

/// A pushed pawn keeps its promoted mark (`P~`): with Berolina on, the
/// push g1-f2 carries the mark to f2, the hash following it (`after`
/// checks it against the hash from scratch and the FEN read back); the
/// push resets the half-move clock.
#[test]
fn avalanche_pushes_a_promoted_pawn_with_its_mark() {
    let r = tm();
    let fen = "R5B~1/n4P~Q~1/Bq2Q~3/k2n4/1p2K3/6p1/1p1p3R/3Q1BP~1[] b - - 0 56 {a4:avalanche+ b5:berolina+}";
    assert_eq!(
        after(&r, fen, "d5e3&g1f2"),
        "R5B~1/n4P~Q~1/Bq2Q~3/k7/1p2K3/4n1p1/1p1p1P~1R/3Q1B2[] w - - 0 57 {a4:avalanche+ b5:berolina+}"
    );
}

/// Avalanche's check rules (6.3, 8, OQ-6): the action alone must be
/// legal, a push may not expose the pusher's king, not even through the
/// piece the owner may promote a pushed pawn to, and a player whose only
/// actions leave nothing but suicidal pushes loses.
#[test]
fn avalanche_check_rules() {
    let r = tm();
    // The d4 pawn shields the king from the bishop: after Kb2 the push
    // d4-d3 would expose it, so Kb2 is no turn.
    let fen = "4k2b/8/8/8/3p4/8/8/K7[] w - - 0 1 {a5:avalanche+}";
    assert_eq!(moves(&r, fen, "-"), sorted("a1a2&d4d3 a1b1&d4d3"));
    // The same with a2 and b1 covered by knights: Kb2 is the only legal
    // action and its only push is suicidal, so White has lost.
    let lost = "4k2b/8/8/8/1n1p4/8/3n4/K7[] w - - 0 1 {a5:avalanche+}";
    assert_eq!(count(&r, lost), 0);
    let game = changeling::game::Game::from_fen(r.clone(), lost, 0).unwrap();
    match game.outcome() {
        Some(changeling::game::Outcome::Decisive { winner, reason }) => {
            assert_eq!(winner, Color::Black);
            assert_eq!(reason, "every push exposes the king");
        }
        other => panic!("{other:?}"),
    }
    // Without the bishop behind the pawn, the push is harmless.
    let stale = "4k3/8/8/8/1n1p4/8/3n4/K7[] w - - 0 1 {a5:avalanche+}";
    assert_eq!(moves(&r, stale, "-"), ["a1b2&d4d3"]);
    // A push cannot answer a check: the rook's check must be met by the
    // action (the Berolina push d3-e2 would block it, but too late; the
    // Berolina pawn guards d2).
    let check = "4r2k/8/8/8/8/3p4/R7/4K3[] w - - 0 1 {a5:avalanche+ b5:berolina+}";
    let pos = parse_fen(&r, check).unwrap();
    assert!(in_check(&r, &pos, Color::White));
    let actions: std::collections::BTreeSet<String> = moves(&r, check, "-")
        .iter()
        .map(|m| m.split('&').next().unwrap().to_string())
        .collect();
    let expected: std::collections::BTreeSet<String> = ["e1d1", "e1f1", "e1f2", "a2e2"]
        .iter()
        .map(|s| s.to_string())
        .collect();
    assert_eq!(actions, expected);
    // A push onto the last rank is legal only if no promotion the owner
    // may choose would check: Kg1 with the pawn on b1 is refused (a queen
    // or rook there would attack g1).
    let promo = "4k3/8/8/8/8/8/1p6/7K[] w - - 5 1 {a4:avalanche+}";
    assert_eq!(moves(&r, promo, "-"), sorted("h1g2&b2b1 h1h2&b2b1"));
    let pending = after(&r, promo, "Kh2&b1");
    assert_eq!(
        pending,
        "4k3/8/8/8/8/8/7K/1p6[] b - - 0 1 {a4:avalanche+} pending:b1"
    );
    // The owner chooses first: four kinds, then the action (26 + 19 + 12
    // + 8 turns).
    assert_eq!(count(&r, &pending), 65);
    let pos = parse_fen(&r, &pending).unwrap();
    let e = parse_move(&r, &pos, "Kd7").unwrap_err().to_string();
    assert!(e.contains("choose its promotion first"), "{e}");
    assert_eq!(
        after(&r, &pending, "b1=N&Kd7"),
        "8/3k4/8/8/8/8/7K/1n~6[] w - - 1 2 {a4:avalanche+}"
    );
    assert_eq!(
        after(&r, &pending, "b1=Q&Qh7"),
        "4k3/7q~/8/8/8/8/7K/8[] w - - 1 2 {a4:avalanche+}"
    );
    // The field is checked.
    for (bad, why) in [
        ("pending:b2", "on its last rank"),
        ("pending:z9", "not a square"),
    ] {
        let e = parse_fen(&r, &pending.replace("pending:b1", bad)).unwrap_err();
        assert!(e.message.contains(why), "{bad}: {}", e.message);
    }
}

/// Avalanche with Berolina or Monochromatic pushes diagonally; with the
/// die rolled, a pawn on the lane is pushed if one can be.
#[test]
fn avalanche_interactions() {
    let r = tm();
    let fen = |set: &str| format!("4k3/8/8/3p4/8/8/8/4K3[] w - - 0 1 {{{set}}}");
    assert_eq!(pushes_after(&r, &fen("a4:avalanche+"), "Kd1"), ["d4"]);
    assert_eq!(
        pushes_after(&r, &fen("a4:avalanche+ a5:berolina+"), "Kd1"),
        ["c4", "e4"]
    );
    assert_eq!(
        pushes_after(&r, &fen("a4:avalanche+ a5:monochromatic+"), "Kd2"),
        ["c4", "e4"]
    );
    // Berolina flipped on by this very turn: the push is still straight.
    let flip = "4k3/8/8/3p4/N7/8/8/4K3[] w - - 0 1 {a4:berolina- a5:avalanche+}";
    assert_eq!(pushes_after(&r, flip, "Nc3"), ["d4"]);
    // Dice: the die shows 3, the lane is the c-file and the third rank;
    // the c7 pawn is pushed, not the f7 one.
    let dice = "4k3/2p2p2/8/8/8/8/8/2K5[] w - - 0 1 {a4:avalanche+ a5:dice+}";
    assert_eq!(pushes_after(&r, &format!("{dice} roll:3"), "Kd1"), ["c6"]);
    assert_eq!(pushes_after(&r, &format!("{dice} roll:6"), "Kd1"), ["f6"]);
    // No pawn on the lane: either may be pushed.
    assert_eq!(
        pushes_after(&r, &format!("{dice} roll:2"), "Kb1"),
        ["c6", "f6"]
    );
}
