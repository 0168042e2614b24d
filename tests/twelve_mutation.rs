//! Twelve Mutation Chess scenarios on the shipped variant
//! (`examples/variants/twelve-mutation.variant`, embedded), one rule of
//! `../shared/rules/twelve-mutation.md` each: markers in FEN, a marker
//! flipped by a non-pawn leaving its square (never by a pawn, a capture or
//! an arrival), the change taking effect only after the flipping turn,
//! the mover's king judged under the new rules (OQ-2), and for each
//! mutator the engine has so far (Berolina, Cannon, Equus Rex,
//! Monochromatic, Non-Prise, Rider): activation, effect, check, and
//! deactivation; and the listed interactions among them.

use changeling::board::Color;
use changeling::movegen::{in_check, legal_moves};
use changeling::notation::{parse_fen, parse_move, to_fen, to_uci};
use changeling::rules::Rules;
use changeling::variants::load;
use std::sync::Arc;

fn tm() -> Arc<Rules> {
    load("twelve-mutation").expect("embedded")
}

/// The legal moves of `fen` from `from` (or all with `-`), in
/// coordinates, sorted.
fn moves(rules: &Rules, fen: &str, from: &str) -> Vec<String> {
    let pos = parse_fen(rules, fen).unwrap_or_else(|e| panic!("{fen}: {e}"));
    let mut v: Vec<String> = legal_moves(rules, &pos)
        .iter()
        .map(|m| to_uci(rules, m))
        .filter(|m| from == "-" || m.starts_with(from))
        .collect();
    v.sort();
    v
}

/// The FEN after the legal move `text`, the hash checked against one
/// computed from scratch and the FEN read back.
fn after(rules: &Rules, fen: &str, text: &str) -> String {
    let pos = parse_fen(rules, fen).unwrap_or_else(|e| panic!("{fen}: {e}"));
    let mv = parse_move(rules, &pos, text).unwrap_or_else(|e| panic!("{text} in {fen}: {e}"));
    let mut next = pos.clone();
    next.play_unchecked(rules, &mv);
    assert_eq!(next.hash(), next.compute_hash(rules), "hash after {text}");
    let out = to_fen(rules, &next);
    let back = parse_fen(rules, &out).unwrap_or_else(|e| panic!("{out}: {e}"));
    assert_eq!(back.hash(), next.hash(), "hash of {out} read back");
    assert_eq!(to_fen(rules, &back), out);
    out
}

fn sorted(list: &str) -> Vec<String> {
    let mut v: Vec<String> = list.split_whitespace().map(str::to_string).collect();
    v.sort();
    v
}

/// The marker field round-trips in placement order; bad fields are
/// refused with the reason; a marker's face changes the hash.
#[test]
fn markers_in_fen() {
    let r = tm();
    let fen = "4k3/8/8/8/R7/8/8/4K3 w - - 0 1 {h5:cannon- a4:rider+}";
    let pos = parse_fen(&r, fen).unwrap();
    assert_eq!(to_fen(&r, &pos), fen);
    let other = parse_fen(&r, "4k3/8/8/8/R7/8/8/4K3 w - - 0 1 {h5:cannon- a4:rider-}").unwrap();
    assert_ne!(pos.hash(), other.hash());
    // No markers: no field.
    let plain = parse_fen(&r, "4k3/8/8/8/R7/8/8/4K3 w - - 0 1").unwrap();
    assert_eq!(to_fen(&r, &plain), "4k3/8/8/8/R7/8/8/4K3 w - - 0 1");
    for (bad, why) in [
        ("{a4:rider}", "end with `+`"),
        ("{a4:ryder+}", "no mutator `ryder`"),
        ("{z9:rider+}", "not a square"),
        ("{a4:rider+ a4:cannon-}", "a second marker on a4"),
        ("{a4:rider+ a5:rider-}", "a second marker of `rider`"),
        ("{a4:rider+", "not closed"),
    ] {
        let e = parse_fen(&r, &format!("4k3/8/8/8/R7/8/8/4K3 w - - 0 1 {bad}")).unwrap_err();
        assert!(e.message.contains(why), "{bad}: {}", e.message);
    }
    // A variant without mutators refuses markers.
    let chess = load("chess").unwrap();
    assert!(parse_fen(&chess, "4k3/8/8/8/8/8/8/4K3 w - - 0 1 {a4:rider+}").is_err());
}

/// Section 5: a non-pawn leaving the square flips the marker, whoever it
/// belongs to; a pawn leaving, a capture on the square and an arrival do
/// not.
#[test]
fn what_flips_a_marker() {
    let r = tm();
    // The rook leaves a4: the marker flips.
    assert_eq!(
        after(&r, "4k3/8/8/8/R7/8/8/4K3 w - - 0 1 {a4:rider-}", "a4b4"),
        "4k3/8/8/8/1R6/8/8/4K3 b - - 1 1 {a4:rider+}"
    );
    // Black's king leaves g5: it flips too (back off).
    assert_eq!(
        after(&r, "8/8/8/6k1/8/8/8/4K3 b - - 0 1 {g5:rider+}", "g5g6"),
        "8/8/6k1/8/8/8/8/4K3 w - - 1 2 {g5:rider-}"
    );
    // A pawn leaving, a capture on the marker and an arrival: no flip.
    assert_eq!(
        after(&r, "4k3/8/8/8/P7/8/8/4K3 w - - 0 1 {a4:rider-}", "a4a5"),
        "4k3/8/8/P7/8/8/8/4K3 b - - 0 1 {a4:rider-}"
    );
    assert_eq!(
        after(&r, "4k3/8/8/8/n7/8/8/R3K3 w - - 0 1 {a4:rider-}", "a1a4"),
        "4k3/8/8/8/R7/8/8/4K3 b - - 0 1 {a4:rider-}"
    );
    // Castling: the rook leaves h1, the king e1; both markers flip.
    assert_eq!(
        after(
            &r,
            "4k3/8/8/8/8/8/8/4K2R w K - 0 1 {h1:cannon- e1:rider-}",
            "O-O"
        ),
        "4k3/8/8/8/8/8/8/5RK1 b - - 1 1 {h1:cannon+ e1:rider+}"
    );
}

/// Section 4 and OQ-2: the flipping move is made under the old rules
/// (the knight leaving the Rider marker jumps once, as a knight), the
/// opponent's turn is played under the new ones, and the mover's king is
/// judged under the new ones too.
#[test]
fn a_change_takes_effect_after_the_turn() {
    let r = tm();
    let fen = "4k3/8/8/8/N7/8/8/4K3 w - - 0 1 {a4:rider-}";
    // A knight's moves only, although they switch Rider on.
    assert_eq!(moves(&r, fen, "a4"), sorted("a4b2 a4b6 a4c3 a4c5"));
    let next = after(&r, fen, "a4c5");
    assert_eq!(next, "4k3/8/8/2N5/8/8/8/4K3 b - - 1 1 {a4:rider+}");
    // The knight rides on White's next turn.
    let white_again = "4k3/8/8/2N5/8/8/8/4K3 w - - 1 2 {a4:rider+}";
    assert_eq!(
        moves(&r, white_again, "c5"),
        sorted("c5a1 c5a4 c5a6 c5b3 c5b7 c5d3 c5d7 c5e4 c5e6 c5g3 c5g7")
    );
    // OQ-2: the rook's moves switch Rider on, and the black knight on c5
    // would then attack the King on e1 as a nightrider (c5-d3-e1): every
    // rook move is illegal, the King's are not.
    let fen = "4k3/8/8/2n5/R7/8/8/4K3 w - - 0 1 {a4:rider-}";
    assert!(moves(&r, fen, "a4").is_empty());
    assert_eq!(moves(&r, fen, "e1"), sorted("e1d1 e1d2 e1e2 e1f1 e1f2"));
    // The other way: a rook in front of the King may leave the Rider
    // marker when that turns the nightrider on c5 back into a knight.
    let fen = "4k3/8/8/2n5/8/8/8/R3K3 w - - 0 1 {a1:rider+}";
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
        "4k3/3p4/8/8/7R/8/8/4K3 w - - 0 1 {h4:berolina-}",
        "h4h3",
    );
    assert_eq!(on, "4k3/3p4/8/8/8/7R/8/4K3 b - - 1 1 {h4:berolina+}");
    assert_eq!(moves(&r, &on, "d7"), sorted("d7b5 d7c6 d7e6 d7f5"));
    let fen = "4k3/8/8/8/4p3/8/5P2/4K3 w - - 0 1 {h5:berolina+}";
    assert_eq!(moves(&r, fen, "f2"), sorted("f2d4 f2e3 f2g3 f2h4"));
    let ep = after(&r, fen, "f2d4");
    assert_eq!(ep, "4k3/8/8/8/3Pp3/8/8/4K3 b - e3d4 0 1 {h5:berolina+}");
    assert_eq!(
        after(&r, &ep, "e4e3"),
        "4k3/8/8/8/8/4p3/8/4K3 w - - 0 2 {h5:berolina+}"
    );
    // A Berolina pawn checks the square straight ahead, not the diagonals.
    let check = |fen: &str| in_check(&r, &parse_fen(&r, fen).unwrap(), Color::White);
    assert!(check("4k3/8/8/8/8/8/4p3/4K3 w - - 0 1 {h5:berolina+}"));
    assert!(!check("4k3/8/8/8/8/8/3p4/4K3 w - - 0 1 {h5:berolina+}"));
    assert!(!check("4k3/8/8/8/8/8/4p3/4K3 w - - 0 1 {h5:berolina-}"));
    // Off again when a piece leaves h5: FIDE pawns for Black.
    let off = after(
        &r,
        "4k3/3p4/8/7R/8/8/8/4K3 w - - 0 1 {h5:berolina+}",
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
    let fen = "4k3/8/n7/8/p7/8/8/R3K2R w K - 0 1 {h5:cannon+}";
    // Quiet up to the screen, the capture beyond it, no capture of it;
    // along the first rank quiet moves, and castling.
    assert_eq!(
        moves(&r, fen, "a1"),
        sorted("a1a2 a1a3 a1a6 a1b1 a1c1 a1d1")
    );
    assert!(moves(&r, fen, "e1").contains(&"e1g1".to_string()));
    let check = |fen: &str| in_check(&r, &parse_fen(&r, fen).unwrap(), Color::Black);
    assert!(check("k7/8/8/P7/8/8/8/R3K3 b - - 0 1 {h5:cannon+}"));
    assert!(!check("k7/8/8/8/8/8/8/R3K3 b - - 0 1 {h5:cannon+}"));
    assert!(!check("k7/p7/8/P7/8/8/8/R3K3 b - - 0 1 {h5:cannon+}"));
    // The Vao on the diagonal.
    assert!(check("7k/8/5P2/8/8/8/8/B3K3 b - - 0 1 {h5:cannon+}"));
    // Activation: the king leaves the marker; Black's rook becomes a Pao.
    let on = after(&r, "r3k3/8/8/8/p7/8/8/P3K3 w - - 0 1 {e1:cannon-}", "e1e2");
    assert_eq!(on, "r3k3/8/8/8/p7/8/4K3/P7 b - - 1 1 {e1:cannon+}");
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
    let fen = "4k3/8/8/8/8/8/8/4K3 w - - 0 1 {h5:equus_rex+}";
    assert_eq!(
        moves(&r, fen, "e1"),
        sorted("e1c2 e1d1 e1d2 e1d3 e1e2 e1f1 e1f2 e1f3 e1g2")
    );
    // Kings a knight's move apart attack each other: no such position.
    assert!(parse_fen(&r, "8/8/8/8/8/5k2/8/4K3 w - - 0 1 {h5:equus_rex+}").is_err());
    assert!(parse_fen(&r, "8/8/8/8/8/5k2/8/4K3 w - - 0 1 {h5:equus_rex-}").is_ok());
    // A king may not step a knight's move away from the other one.
    let fen = "8/8/8/8/4k3/8/8/4K3 w - - 0 1 {h5:equus_rex+}";
    assert_eq!(moves(&r, fen, "e1"), sorted("e1c2 e1d1 e1e2 e1f1 e1g2"));
}

/// 6.9 Monochromatic: moves keep their square colour (rooks and queens
/// go an even distance orthogonally, the king steps diagonally or leaps
/// two, knights are camels, pawns always advance two, only kingside
/// castling), while checks ignore the colour rule.
#[test]
fn monochromatic() {
    let r = tm();
    let fen = "4k3/8/8/8/8/8/1P6/R3K2R w KQ - 0 1 {h5:monochromatic+}";
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
            "4k3/8/8/8/3N4/8/8/4K3 w - - 0 1 {h5:monochromatic+}",
            "d4"
        ),
        sorted("d4a3 d4a5 d4c1 d4c7 d4e1 d4e7 d4g3 d4g5")
            .into_iter()
            .filter(|m| m != "d4e1")
            .collect::<Vec<_>>()
    );
    // A rook three squares away checks, though it could not move there.
    let check = |fen: &str| in_check(&r, &parse_fen(&r, fen).unwrap(), Color::Black);
    assert!(check("8/8/8/8/k7/8/8/R3K3 b - - 0 1 {h5:monochromatic+}"));
    // And the king must still get out of it.
    assert_eq!(
        moves(&r, "8/8/8/8/k7/8/8/R3K3 b - - 0 1 {h5:monochromatic+}", "-"),
        sorted("a4b3 a4b5 a4c4")
    );
}

/// 6.10 Non-Prise: queens, rooks, bishops and knights may not take one
/// another but take pawns; they still give check and guard the king's
/// squares.
#[test]
fn non_prise() {
    let r = tm();
    let fen = "4k3/8/8/n7/8/8/8/R3K3 w - - 0 1 {h5:non_prise+}";
    assert!(!moves(&r, fen, "a1").contains(&"a1a5".to_string()));
    let fen = "4k3/8/8/p7/8/8/8/R3K3 w - - 0 1 {h5:non_prise+}";
    assert!(moves(&r, fen, "a1").contains(&"a1a5".to_string()));
    let check = |fen: &str| in_check(&r, &parse_fen(&r, fen).unwrap(), Color::Black);
    assert!(check("r3k3/8/8/8/8/8/8/4R1K1 b - - 0 1 {h5:non_prise+}"));
    // The knight on d2 is guarded by the rook on d1's line: the king may
    // not take it, though the rook could not take a knight there.
    let fen = "8/8/8/8/8/8/3n4/3rK3 w - - 0 1 {h5:non_prise+}";
    assert!(!moves(&r, fen, "e1").contains(&"e1d2".to_string()));
}

/// 6.11 Rider: a nightrider's check is blocked on a landing square
/// between.
#[test]
fn rider() {
    let r = tm();
    let fen = "4k3/8/8/2n5/8/7R/8/4K3 w - - 0 1 {h5:rider+}";
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
            "4k3/8/8/8/8/8/8/N3K3 w - - 0 1 {h5:monochromatic+ h4:rider+}",
            "a1"
        ),
        sorted("a1b4 a1c7 a1d2 a1g3")
    );
    assert_eq!(
        moves(
            &r,
            "4k3/8/8/8/8/8/8/4K3 w - - 0 1 {h5:monochromatic+ h4:equus_rex+}",
            "e1"
        ),
        sorted("e1b2 e1c1 e1d2 e1e3 e1f2 e1g1 e1h2 e1d4 e1f4")
    );
    assert_eq!(
        moves(
            &r,
            "4k3/8/8/8/2p5/8/2P5/4K3 w - - 0 1 {h5:monochromatic+ h4:berolina+}",
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
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR b KQkq - 0 1 placing"
    );
    assert_eq!(legal_moves(&r, &pos).len(), 6 * 8);
    let mut texts = Vec::new();
    for (i, text) in [
        "rider@a4",
        "cannon@h5",
        "berolina@b4",
        "monochromatic@g5",
        "equus_rex@a5",
        "non_prise@h4",
    ]
    .iter()
    .enumerate()
    {
        assert_eq!(
            pos.side,
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
            assert_eq!(legal_moves(&r, &pos).len(), 4 * 6);
            assert!(parse_move(&r, &pos, "rider@b5").is_err());
            assert!(parse_move(&r, &pos, "atomic@b5").is_err());
            assert!(parse_move(&r, &pos, "cannon@a4").is_err());
            assert!(parse_move(&r, &pos, "e2e4").is_err());
        }
    }
    assert_eq!(texts[0], "rider@a4");
    assert_eq!(
        to_fen(&r, &pos),
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 \
         {a4:rider- h5:cannon- b4:berolina- g5:monochromatic- a5:equus_rex- h4:non_prise-}"
    );
    assert_eq!(legal_moves(&r, &pos).len(), 20);
}
