//! The reference alone: the published FIDE counts and hand-derived move
//! sets and child positions for every form, blast, forced capture, drop,
//! hand, swap and lane.

use super::*;

#[test]
fn reference_fen_round_trips() {
    for text in [
        START,
        KIWIPETE,
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[] w KQkq - 0 1 {a4:rider- h2:berolina+ g5:cannon+}",
        "4k3/8/8/3pP3/8/8/8/4K3[] w - d6 0 3 {a8:non_prise- b8:equus_rex+ c8:monochromatic-}",
        "4k3/8/8/8/3Pp3/8/8/4K3[] b - e3d4 0 1 {a8:berolina+}",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[QNNPqp] w KQkq - 0 1 {a4:drop+}",
        "4k3/1Q~6/8/8/8/8/6n~1/4K3[RPb] b - - 3 40 {a4:atomic- h5:attack+ b5:drop+}",
        "4k3/8/8/8/8/8/7K/1p6[] b - - 0 1 {a4:avalanche+} pending:b1",
        "4k3/8/8/8/8/8/7K/1p6[] b - - 0 1 {a4:avalanche+ h4:dice+} roll:3 pending:b1",
    ] {
        assert_eq!(fen(&parse(text)), text);
    }
    // Without the hands field both hands are empty, and the writer adds
    // it; a right whose king or rook is missing is dropped.
    assert_eq!(
        fen(&parse("4k3/8/8/8/8/8/8/4K3 w KQkq - 0 1")),
        "4k3/8/8/8/8/8/8/4K3[] w - - 0 1"
    );
}

#[test]
fn reference_fide_perft() {
    let p = parse(START);
    for (d, n) in [(1, 20), (2, 400), (3, 8902)] {
        assert_eq!(reference_perft(&p, d, ENGINE), n, "start depth {d}");
    }
    let k = parse(KIWIPETE);
    for (d, n) in [(1, 48), (2, 2039)] {
        assert_eq!(reference_perft(&k, d, ENGINE), n, "Kiwipete depth {d}");
    }
}

/// Start to depth 4 and Kiwipete to depth 3 (release: a few seconds).
#[test]
#[ignore]
fn reference_fide_perft_deep() {
    assert_eq!(reference_perft(&parse(START), 4, ENGINE), 197_281);
    assert_eq!(reference_perft(&parse(KIWIPETE), 3, ENGINE), 97_862);
}

#[test]
fn reference_pawn_forms() {
    // FIDE: d2 steps and double-steps, takes c3 (a bishop on e3 is a
    // friend of nobody's capture here: it is Black's and diagonal too).
    let plain = "4k3/8/8/8/8/2b1b3/3P4/7K[] w - - 0 1";
    assert_eq!(moves_of(plain, "d2"), names("d3 d4 c3 e3"));
    // Berolina: diagonal moves and double steps, straight capture.
    let ber = "4k3/8/8/8/8/3b4/3P4/7K[] w - - 0 1 {a8:berolina+}";
    assert_eq!(moves_of(ber, "d2"), names("c3 e3 b4 f4 d3"));
    // The double step needs the passed square empty.
    let ber_blocked = "4k3/8/8/8/8/2b5/3P4/7K[] w - - 0 1 {a8:berolina+}";
    assert_eq!(moves_of(ber_blocked, "d2"), names("e3 f4"));
    // Monochromatic: two straight (middle empty) from any rank, diagonal
    // captures.
    let mono = "4k3/8/8/8/8/2b1b3/3P4/7K[] w - - 0 1 {a8:monochromatic+}";
    assert_eq!(moves_of(mono, "d2"), names("d4 c3 e3"));
    let mono3 = "4k3/8/8/8/8/3P4/8/7K[] w - - 0 1 {a8:monochromatic+}";
    assert_eq!(moves_of(mono3, "d3"), names("d5"));
    let mono_blocked = "4k3/8/8/8/3n4/3P4/8/7K[] w - - 0 1 {a8:monochromatic+}";
    assert_eq!(moves_of(mono_blocked, "d3"), Vec::<String>::new());
    // A Monochromatic pawn on the 6th promotes with its two-square step.
    let mono_promo = "8/8/3P4/8/8/8/k7/7K[] w - - 0 1 {a8:monochromatic+}";
    assert_eq!(moves_of(mono_promo, "d6"), names("d8Q d8R d8B d8N"));
    // Berolina + Monochromatic: diagonal moves, diagonal double step,
    // capture two straight with the middle empty.
    let bm = "4k3/8/8/8/3b4/8/3P4/7K[] w - - 0 1 {a8:berolina+ h8:monochromatic+}";
    assert_eq!(moves_of(bm, "d2"), names("c3 e3 b4 f4 d4"));
    let bm_blocked = "4k3/8/8/8/3b4/3n4/3P4/7K[] w - - 0 1 {a8:berolina+ h8:monochromatic+}";
    assert_eq!(moves_of(bm_blocked, "d2"), names("c3 e3 b4 f4"));
}

#[test]
fn reference_piece_forms() {
    // Pao: moves as a rook, captures over one screen of either colour.
    let pao = "k2n4/8/3P4/8/3R1p1b/8/8/7K[] w - - 0 1 {a2:cannon+}";
    assert_eq!(moves_of(pao, "d4"), names("a4 b4 c4 d1 d2 d3 d5 e4 d8 h4"));
    // Vao: a bishop's moves, captures over one diagonal screen.
    let vao = "k7/6n1/8/4P3/3B4/2p5/8/b6K[] w - - 0 1 {a2:cannon+}";
    assert_eq!(moves_of(vao, "d4"), names("c5 b6 a7 e3 f2 g1 g7 a1"));
    // Nightrider, camel, camelrider from a1.
    let n = |set: &str| format!("7k/8/8/8/8/8/8/N6K[] w - - 0 1 {{{set}}}");
    assert_eq!(moves_of(&n("h8:rider+"), "a1"), names("b3 c5 d7 c2 e3 g4"));
    assert_eq!(moves_of(&n("h8:monochromatic+"), "a1"), names("b4 d2"));
    assert_eq!(
        moves_of(&n("h8:monochromatic+ a8:rider+"), "a1"),
        names("b4 c7 d2 g3")
    );
    // A nightrider is blocked on its landing squares only.
    let blocked = "7k/8/8/2p5/8/4P3/PP6/N6K[] w - - 0 1 {h8:rider+}";
    assert_eq!(moves_of(blocked, "a1"), names("b3 c5 c2"));
    // Monochromatic queen: diagonals, orthogonal moves of even length.
    let q = "8/8/7k/8/3Q4/8/8/1K6[] w - - 0 1 {h1:monochromatic+}";
    assert_eq!(
        moves_of(q, "d4"),
        names("c3 b2 a1 e5 f6 g7 h8 c5 b6 a7 e3 f2 g1 d2 d6 d8 b4 f4 h4")
    );
    // Kings: Equus Rex, Monochromatic, both.
    let k = |set: &str| format!("8/8/8/8/4K3/8/8/k7[] w - - 0 1 {{{set}}}");
    assert_eq!(moves_of(&k("h8:equus_rex+"), "e4").len(), 16);
    assert_eq!(
        moves_of(&k("h8:monochromatic+"), "e4"),
        names("d3 f3 d5 f5 e2 e6 c4 g4")
    );
    assert_eq!(
        moves_of(&k("h8:monochromatic+ h1:equus_rex+"), "e4"),
        names("d3 f3 d5 f5 e2 e6 c4 g4 d7 f7 d1 f1 b5 b3 h5 h3")
    );
    // Kings may not stand a knight's move apart under Equus Rex.
    let er = "8/8/8/4k3/8/8/8/4K3[] w - - 0 1 {h8:equus_rex+}";
    assert_eq!(moves_of(er, "e1"), names("d1 d2 e2 f1 f2 c2 g2"));
    // Non-Prise: the queen may not take the knight, may take the pawn.
    let np = "k7/3n2p1/8/8/3Q4/8/8/7K[] w - - 0 1 {h8:non_prise+}";
    let qm = moves_of(np, "d4");
    assert_eq!(qm.len(), 24);
    assert!(qm.contains(&"g7".to_string()) && !qm.contains(&"d7".to_string()));
}

#[test]
fn reference_check_rules() {
    // Non-Prise pieces still give check: the knight cannot be taken by
    // the queen, so only the king's three moves remain.
    let np = "k7/8/3Q4/8/8/6n1/8/7K[] w - - 0 1";
    assert_eq!(children(&parse(np), ENGINE).len(), 4);
    let np = format!("{np} {{a2:non_prise+}}");
    assert_eq!(children(&parse(&np), ENGINE).len(), 3);
    // Monochromatic: the rook checks at an odd distance; the king moves
    // F and D.
    let mono = "4r2k/8/8/8/8/8/8/4K3[] w - - 0 1 {a4:monochromatic+}";
    assert_eq!(moves_of(mono, "e1"), names("c1 d2 f2 g1"));
    // Monochromatic castling: kingside only (g1 is also a Dabbabah leap).
    let castle = "r3k2r/8/8/8/8/8/8/R3K2R[] w KQkq - 0 1 {a4:monochromatic+}";
    assert_eq!(moves_of(castle, "e1"), names("c1 d2 e3 f2 g1 O-O"));
    let fide_castle = "r3k2r/8/8/8/8/8/8/R3K2R[] w KQkq - 0 1";
    assert_eq!(
        moves_of(fide_castle, "e1"),
        names("d1 d2 e2 f1 f2 O-O O-O-O")
    );
    // A Pao checks through one screen, and a second screen blocks.
    let pao = "4r2k/8/8/8/8/8/4B3/4K3[] w - - 0 1 {a4:cannon+}";
    assert!(in_check(&parse(pao).b, true, CANNON));
    let two = "4r2k/8/8/4p3/8/8/4B3/4K3[] w - - 0 1 {a4:cannon+}";
    assert!(!in_check(&parse(two).b, true, CANNON));
    // Berolina pawns check straight ahead.
    let ber = "7k/8/8/8/8/4p3/4K3/8[] w - - 0 1";
    assert!(in_check(&parse(ber).b, true, BEROLINA));
    assert!(!in_check(&parse(ber).b, true, 0));
}

#[test]
fn reference_flips_and_their_timing() {
    // The king leaving e1 turns Rider on: the knight on b5 then reaches
    // d1 as a nightrider, so d1 is refused (OQ-2).
    let on = "4k3/8/8/1n6/8/8/8/4K3[] w - - 0 1 {e1:rider-}";
    assert_eq!(moves_of(on, "e1"), names("d2 e2 f1 f2"));
    // With Rider on, leaving e1 turns it off: d1 is safe under the new
    // set.
    let off = "4k3/8/8/1n6/8/8/8/4K3[] w - - 0 1 {e1:rider+}";
    assert_eq!(moves_of(off, "e1"), names("d1 d2 e2 f1 f2"));
    // The rook leaving a1 turns Cannon on, and the rook on e8 would then
    // check through the bishop on e2: every rook move is illegal, and the
    // bishop is pinned; only the king's four moves remain.
    let pao = "4r2k/8/8/8/8/8/4B3/R3K3[] w - - 0 1 {a1:cannon-}";
    assert_eq!(children(&parse(pao), ENGINE).len(), 4);
    // The flips show in the child FEN; arrivals and pawn moves do not
    // flip, a capture on a marker does not flip.
    let castle = "4k3/8/8/8/8/8/8/4K2R[] w K - 0 1 {h1:monochromatic- e1:rider+}";
    let kids = child_fens(&parse(castle), ENGINE);
    assert!(kids.contains("4k3/8/8/8/8/8/8/5RK1[] b - - 1 1 {h1:monochromatic+ e1:rider-}"));
    assert!(kids.contains("4k3/8/8/8/8/8/8/4K1R1[] b - - 1 1 {h1:monochromatic+ e1:rider+}"));
    assert!(kids.contains("4k3/8/8/8/8/8/4K3/7R[] b - - 1 1 {h1:monochromatic- e1:rider-}"));
    let pawn = "4k3/8/8/8/8/8/3P4/4K3[] w - - 0 1 {d2:cannon- d4:rider-}";
    let kids = child_fens(&parse(pawn), ENGINE);
    assert!(kids.contains("4k3/8/8/8/3P4/8/8/4K3[] b - - 0 1 {d2:cannon- d4:rider-}"));
    let capture = "4k3/8/8/8/8/8/3r4/3RK3[] w - - 0 1 {d2:cannon-}";
    let kids = child_fens(&parse(capture), ENGINE);
    assert!(kids.contains("4k3/8/8/8/8/8/3R4/4K3[] b - - 0 1 {d2:cannon-}"));
    assert!(kids.contains("4k3/8/8/8/8/8/3K4/3R4[] b - - 0 1 {d2:cannon-}"));
}

#[test]
fn reference_en_passant() {
    // Berolina: f2-d4 passes e3; the pawn on e4 takes straight forward.
    let ber = "4k3/8/8/8/4p3/8/5P2/4K3[] w - - 0 1 {a8:berolina+}";
    let kids = child_fens(&parse(ber), ENGINE);
    let after = "4k3/8/8/8/3Pp3/8/8/4K3[] b - e3d4 0 1 {a8:berolina+}";
    assert!(kids.contains(after));
    let mut p = parse(ber);
    p = children(&p, ENGINE)
        .into_iter()
        .find(|c| fen(c) == after)
        .unwrap();
    let replies = child_fens(&p, ENGINE);
    assert!(replies.contains("4k3/8/8/8/8/4p3/8/4K3[] w - - 0 2 {a8:berolina+}"));
    // f2-h4 passes g3: no pawn can take there, no en-passant square.
    assert!(kids.contains("4k3/8/8/8/4p2P/8/8/4K3[] b - - 0 1 {a8:berolina+}"));
    // Monochromatic: the two-square advance (not an `i` move) opens en
    // passant too (OQ-7, generic form), from any rank.
    let mono = "4k3/8/8/8/3p4/8/4P3/4K3[] w - - 0 1 {a8:monochromatic+}";
    let plain = "4k3/8/8/8/3pP3/8/8/4K3[] b - - 0 1 {a8:monochromatic+}";
    let with_ep = "4k3/8/8/8/3pP3/8/8/4K3[] b - e3 0 1 {a8:monochromatic+}";
    let no_mono_ep = Cfg {
        mono_ep: false,
        ..RULES
    };
    assert!(child_fens(&parse(mono), no_mono_ep).contains(plain));
    assert!(child_fens(&parse(mono), RULES).contains(with_ep));
    let third = "4k3/8/8/3p4/8/4P3/8/4K3[] w - - 0 1 {a8:monochromatic+}";
    let kids = child_fens(&parse(third), RULES);
    assert!(kids.contains("4k3/8/8/3pP3/8/8/8/4K3[] b - e4 0 1 {a8:monochromatic+}"));
    // Berolina + Monochromatic: g2-e4 passes f3, and the pawn on f5
    // takes two straight forward onto f3 (f4 empty), removing e4.
    let bm = "4k3/8/8/5p2/8/8/6P1/4K3[] w - - 0 1 {a4:berolina+ a5:monochromatic+}";
    let after = "4k3/8/8/5p2/4P3/8/8/4K3[] b - f3e4 0 1 {a4:berolina+ a5:monochromatic+}";
    assert!(child_fens(&parse(bm), RULES).contains(after));
    let p = children(&parse(bm), RULES)
        .into_iter()
        .find(|c| fen(c) == after)
        .unwrap();
    assert!(
        child_fens(&p, RULES)
            .contains("4k3/8/8/8/8/5p2/8/4K3[] w - - 0 2 {a4:berolina+ a5:monochromatic+}")
    );
    // With f4 occupied the pattern does not reach f3.
    let blocked = "4k3/8/8/5p2/5N2/8/6P1/4K3[] w - - 0 1 {a4:berolina+ a5:monochromatic+}";
    assert!(
        child_fens(&parse(blocked), RULES)
            .contains("4k3/8/8/5p2/4PN2/8/8/4K3[] b - - 0 1 {a4:berolina+ a5:monochromatic+}")
    );
}

/// Atomic (6.1, OQ-4): a capture removes the victim, the capturer and
/// every piece on the squares next to the victim's square, pawns of both
/// sides included; a piece two squares away stays. The knight leaving d4
/// flips its marker, the pawn blasted off f6 does not (OQ-3).
#[test]
fn reference_atomic_blast() {
    let knight = "4k3/2p5/3ppp2/4pP2/3N4/8/8/4K3[] w - - 0 1 {a4:atomic+ d4:rider- f6:cannon-}";
    assert_eq!(
        after(knight, "d4e6"),
        "4k3/2p5/8/8/8/8/8/4K3[] b - - 0 1 {a4:atomic+ d4:rider+ f6:cannon-}"
    );
    // A king that captures removes only its victim and stays.
    let king = "4k3/8/8/8/8/8/3pP3/4K3[] w - - 0 1 {a4:atomic+}";
    assert_eq!(
        after(king, "e1d2"),
        "4k3/8/8/8/8/8/3KP3/8[] b - - 0 1 {a4:atomic+}"
    );
    // En passant: the blast is centred on d5, the passed pawn's square:
    // c6, e6, c4 and e4 go, the rook on d7 (next to the landing square
    // d6 only) stays.
    let ep = "4k3/3r4/2n1b3/3pP3/2P1N3/8/8/4K3[] w - d6 0 1 {a4:atomic+}";
    assert_eq!(
        after(ep, "e5d6"),
        "4k3/3r4/8/8/8/8/8/4K3[] b - - 0 1 {a4:atomic+}"
    );
    // A pawn taking onto the last rank is destroyed: the four promotion
    // choices lead to one position, and still count as four turns (with
    // four promotions on a8 and five king moves).
    let promo = "1n2k3/P7/8/8/8/8/8/4K3[] w - - 0 1 {h5:atomic+}";
    let kids = children(&parse(promo), ENGINE);
    assert_eq!(kids.len(), 13);
    let blast = "4k3/8/8/8/8/8/8/4K3[] b - - 0 1 {h5:atomic+}";
    assert_eq!(kids.iter().filter(|c| fen(c) == blast).count(), 4);
    // Without Atomic the capture promotes.
    let plain = children(&parse("1n2k3/P7/8/8/8/8/8/4K3[] w - - 0 1"), ENGINE);
    assert!(
        plain
            .iter()
            .any(|c| fen(c) == "1Q~2k3/8/8/8/8/8/8/4K3[] b - - 0 1")
    );
}

/// Atomic legality (6.1, 8, OQ-4): blowing up the enemy king wins even
/// from check, and the side without a king has no turn; a turn that
/// removes the mover's own king is illegal, also when the enemy king goes
/// with it; a possible blast is no check.
#[test]
fn reference_atomic_legality() {
    // White is in check from h1; Bxd7 blows up the king on e8.
    let win = "4k3/3p4/8/8/B7/8/8/4K2r[] w - - 0 1 {h5:atomic+}";
    assert_eq!(turn_names(win), names("a4d7 e1d2 e1e2 e1f2"));
    let gone = after(win, "a4d7");
    assert_eq!(gone, "8/8/8/8/8/8/8/4K2r[] b - - 0 1 {h5:atomic+}");
    assert_eq!(reference_perft(&parse(&gone), 1, ENGINE), 0);
    assert_eq!(reference_perft(&parse(&gone), 2, ENGINE), 0);
    // Rxd2 would blow up both kings, Kxd2 stands next to the king on c3.
    let both = "8/8/8/8/8/2k5/R2p4/4K3[] w - - 0 1 {h5:atomic+}";
    assert_eq!(turn_names(both), names("e1d1 e1e2 e1f1 e1f2"));
    // Without the king on c3, the king takes on d2 (no blast); Rxd2
    // still removes White's own king.
    let own = "4k3/8/8/8/8/8/R2p4/4K3[] w - - 0 1 {h5:atomic+}";
    assert_eq!(turn_names(own), names("e1d1 e1d2 e1e2 e1f1 e1f2"));
    // Bxd2 would blow up White's king, but that is not check: the king
    // may stay next to d2 (the pawn is pinned in the ordinary way).
    let threat = "4k3/8/8/b7/8/8/3P4/4K3[] w - - 0 1 {h5:atomic+}";
    assert_eq!(turn_names(threat), names("e1d1 e1e2 e1f1 e1f2"));
    // With Non-Prise the queen may not take a knight, but may take the
    // pawn on d4, and the blast then removes the knight on e4 (7).
    let np = "4k3/8/8/8/n2pn3/8/8/3QK3[] w - - 0 1 {h4:atomic+ h5:non_prise+}";
    let t = turn_names(np);
    assert!(t.contains(&"d1d4".to_string()) && !t.contains(&"d1a4".to_string()));
    assert_eq!(
        after(np, "d1d4"),
        "4k3/8/8/8/n7/8/8/4K3[] b - - 0 1 {h4:atomic+ h5:non_prise+}"
    );
}

/// Attack (6.2, OQ-5): a side with a legal capture must capture; castling
/// and drops are not captures; an illegal capture forces nothing.
#[test]
fn reference_attack_forces_captures() {
    let pawn = "4k3/8/8/3p4/4P3/8/8/R3K3[] w Q - 0 1 {h5:attack+}";
    assert_eq!(turn_names(pawn), names("e4d5"));
    assert_eq!(turn_names(&pawn.replace("attack+", "attack-")).len(), 18);
    // The pawn is pinned: no legal capture, everything legal is allowed.
    let pinned = "4r1k1/8/8/3p4/4P3/8/8/4K3[] w - - 0 1 {h5:attack+}";
    assert_eq!(turn_names(pinned), names("e4e5 e1d1 e1d2 e1e2 e1f1 e1f2"));
    // En passant is a capture.
    let ep = "4k3/8/8/3pP3/8/8/8/4K3[] w - d6 0 1 {h5:attack+}";
    assert_eq!(turn_names(ep), names("e5d6"));
    // With Atomic, Rxd2 would blow up White's king, so only Kxd2 counts;
    // with a king on c3 no capture is legal at all.
    let atomic = "4k3/8/8/8/8/8/R2p4/4K3[] w - - 0 1 {h4:atomic+ h5:attack+}";
    assert_eq!(turn_names(atomic), names("e1d2"));
    let none = "8/8/8/8/8/2k5/R2p4/4K3[] w - - 0 1 {h4:atomic+ h5:attack+}";
    assert_eq!(turn_names(none), names("e1d1 e1e2 e1f1 e1f2"));
    // With Drop: no drop while a capture is possible; otherwise the pawn
    // push, five king moves and the knight on each of the 59 empty
    // squares without a marker.
    let drops = "4k3/8/8/3p4/4P3/8/8/4K3[N] w - - 0 1 {h4:drop+ h5:attack+}";
    assert_eq!(turn_names(drops), names("e4d5"));
    let quiet = "4k3/8/8/8/4P3/8/8/4K3[N] w - - 0 1 {h4:drop+ h5:attack+}";
    assert_eq!(turn_names(quiet).len(), 65);
}

/// Drop (6.7, OQ-10): a piece of the hand goes to any empty square
/// without a marker (either face), a pawn not on the dropper's last rank
/// (its 1st is allowed), on either colour under Monochromatic; drops
/// block checks and flip nothing.
#[test]
fn reference_drops() {
    let hand = "4k3/8/8/8/8/8/8/4K3[NPp] w - - 0 1 {a4:drop+ h5:cannon-}";
    let t = turn_names(hand);
    // 60 knight drops, 53 pawn drops (not on the 7 free squares of the
    // 8th rank), 5 king moves.
    assert_eq!(t.len(), 118);
    for (name, legal) in [
        ("N@a4", false),
        ("N@h5", false),
        ("N@e8", false),
        ("P@d8", false),
        ("P@d1", true),
        ("P@d7", true),
        ("N@h8", true),
    ] {
        assert_eq!(t.contains(&name.to_string()), legal, "{name}");
    }
    assert_eq!(
        after(hand, "P@d2"),
        "4k3/8/8/8/8/8/3P4/4K3[Np] b - - 1 1 {a4:drop+ h5:cannon-}"
    );
    // No drops while Drop is off.
    assert_eq!(turn_names(&hand.replace("drop+", "drop-")).len(), 5);
    // A drop blocks the check from a1; under Monochromatic the drops go
    // on either colour, the king moving F and D.
    let check = "4k3/8/8/8/8/8/8/r3K3[R] w - - 0 1 {a4:drop+}";
    assert_eq!(turn_names(check), names("e1d2 e1e2 e1f2 R@b1 R@c1 R@d1"));
    let mono = "4k3/8/8/8/8/8/8/r3K3[R] w - - 0 1 {a4:drop+ a5:monochromatic+}";
    assert_eq!(turn_names(mono), names("e1d2 e1f2 e1e3 R@b1 R@c1 R@d1"));
    // A pawn on its 1st rank steps one square; from its 2nd it may step
    // two.
    assert_eq!(
        moves_of("4k3/8/8/8/8/8/8/3PK3[] w - - 0 1", "d1"),
        names("d2")
    );
    assert_eq!(
        moves_of("4k3/8/8/8/8/8/3P4/4K3[] w - - 0 1", "d2"),
        names("d3 d4")
    );
}

/// What enters a hand (6.1, 6.7, OQ-10): under Drop the direct victim, in
/// the capturer's colour, a promoted piece as a pawn; never Atomic
/// collateral, never a piece taken while Drop is off. Both hands are
/// emptied when Drop goes off at the end of a turn, even of the piece
/// taken in that turn.
#[test]
fn reference_hands() {
    // The promoted queen on d1 enters Black's hand as a pawn; the queen
    // that takes it back enters White's as a queen.
    let promoted = "3qk3/8/8/8/8/8/8/3Q~K3[] b - - 0 1 {a4:drop+}";
    let taken = after(promoted, "d8d1");
    assert_eq!(taken, "4k3/8/8/8/8/8/8/3qK3[p] w - - 0 2 {a4:drop+}");
    assert_eq!(
        after(&taken, "e1d1"),
        "4k3/8/8/8/8/8/8/3K4[Qp] b - - 0 2 {a4:drop+}"
    );
    // Drop off: nothing enters.
    assert_eq!(
        after(&promoted.replace("drop+", "drop-"), "d8d1"),
        "4k3/8/8/8/8/8/8/3qK3[] w - - 0 2 {a4:drop-}"
    );
    // Promotion marks: made by a promotion whatever the set, moved with
    // the piece.
    assert_eq!(
        after("4k3/P7/8/8/8/8/8/4K3[] w - - 0 1", "a7a8Q"),
        "Q~3k3/8/8/8/8/8/8/4K3[] b - - 0 1"
    );
    assert_eq!(
        after("4k3/8/8/8/8/8/8/Q~3K3[] w - - 0 1", "a1a5"),
        "4k3/8/8/Q~7/8/8/8/4K3[] b - - 1 1"
    );
    // Atomic + Drop: the pawn taken on d4 enters, the knight blasted off
    // e4 does not.
    let atomic = "4k3/8/8/8/n2pn3/8/8/3QK3[] w - - 0 1 {h4:atomic+ g4:drop+}";
    assert_eq!(
        after(atomic, "d1d4"),
        "4k3/8/8/8/n7/8/8/4K3[P] b - - 0 1 {h4:atomic+ g4:drop+}"
    );
    // The king leaving e1 turns Drop off: both hands are emptied, the
    // rook just taken on d2 included; a drop flips nothing.
    let off = "4k3/8/8/8/8/8/3r4/4K3[Qr] w - - 0 1 {e1:drop+}";
    assert_eq!(
        after(off, "e1d2"),
        "4k3/8/8/8/8/8/3K4/8[] b - - 0 1 {e1:drop-}"
    );
    assert_eq!(
        after(off, "e1f1"),
        "4k3/8/8/8/8/8/3r4/5K2[] b - - 1 1 {e1:drop-}"
    );
    assert_eq!(
        after(off, "Q@a1"),
        "4k3/8/8/8/8/8/3r4/Q3K3[r] b - - 1 1 {e1:drop+}"
    );
    // Turned on in this turn: the capture that does it fills no hand.
    let on = "4k3/8/8/8/8/8/3r4/4K3[] w - - 0 1 {e1:drop-}";
    assert_eq!(
        after(on, "e1d2"),
        "4k3/8/8/8/8/8/3K4/8[] b - - 0 1 {e1:drop+}"
    );
}

/// The swaps among the turns of `text`, by name, sorted.
fn swap_names(text: &str) -> Vec<String> {
    let mut v: Vec<String> = turns(&parse(text), ENGINE)
        .iter()
        .filter(|(m, _)| m.swap)
        .map(|(m, _)| turn_name(m))
        .collect();
    v.sort();
    v
}

/// Swap (6.12, OQ-15): in the FIDE array each piece covers its
/// neighbours as it would capture there, giving 19 swaps (a1a2 a1b1,
/// b1d2, c1b2 c1d2, the queen's five, the king's four others, f1e2 f1g2,
/// g1e2, g1h1 h1h2), each named from its lower square (a1 lowest, h8
/// highest); pawns cover only their capture squares.
#[test]
fn reference_swaps_from_the_start() {
    let start = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[] w KQkq - 0 1 {h3:swap+}";
    assert_eq!(
        swap_names(start),
        names(
            "a1a2 a1b1 b1d2 c1b2 c1d2 c1d1 d1e1 d1c2 d1d2 d1e2 e1f1 e1d2 e1e2 e1f2 f1e2 f1g2 \
             g1e2 g1h1 h1h2"
        )
    );
    assert_eq!(turn_names(start).len(), 39);
    assert_eq!(swap_names(&start.replace("swap+", "swap-")).len(), 0);
}

/// Swap (6.12, OQ-15, 7): the king takes part; Non-Prise is ignored;
/// under Monochromatic both squares have one colour; a Pao covers over
/// its screen (and no longer the screen); a swap answers a check; both
/// swapped squares give up castling; the half-move clock runs on, a pawn
/// swapped or not.
#[test]
fn reference_swap_rules() {
    let fen = "4k3/8/8/8/8/8/3PB3/3QK2R[] w K - 0 1 {a4:swap+}";
    assert_eq!(swap_names(fen), names("d1d2 d1e1 d1e2 e1d2 e1e2 e1h1"));
    assert_eq!(
        after(fen, "e1h1"),
        "4k3/8/8/8/8/8/3PB3/3QR2K[] b - - 1 1 {a4:swap+}"
    );
    let np = "4k3/8/8/8/8/8/3NB3/3QK3[] w - - 0 1 {a4:swap+ a5:non_prise+}";
    assert!(swap_names(np).contains(&"d1d2".to_string()));
    let mono = "4k3/8/8/8/8/8/3PB3/3QK3[] w - - 0 1 {a4:swap+ a5:monochromatic+}";
    assert_eq!(swap_names(mono), names("d1e2 e1d2"));
    let pao = "4k3/8/8/8/8/8/8/R1N1B2K[] w - - 0 1 {a4:swap+ a5:cannon+}";
    assert_eq!(swap_names(pao), names("a1e1"));
    assert_eq!(
        swap_names(&pao.replace("cannon+", "cannon-")),
        names("a1c1")
    );
    // In check from e8: the knight on g2 covers the king, and the king
    // on g2 is safe.
    let check = "4r1k1/8/8/8/8/8/6N1/4K3[] w - - 0 1 {a4:swap+}";
    assert_eq!(swap_names(check), names("e1g2"));
    assert_eq!(
        after(check, "e1g2"),
        "4r1k1/8/8/8/8/8/6K1/4N3[] b - - 1 1 {a4:swap+}"
    );
    // The rook on a1 swaps with the knight on b1: the queenside right
    // goes, the kingside stays.
    let rights = "r3k2r/8/8/8/8/8/8/RN2K2R[] w KQkq - 3 7 {a4:swap+}";
    assert_eq!(
        after(rights, "a1b1"),
        "r3k2r/8/8/8/8/8/8/NR2K2R[] b Kkq - 4 7 {a4:swap+}"
    );
    // A swap that would leave the king attacked is refused: the king
    // would stand on d1 in the rook's file.
    let attacked = "3rk3/8/8/8/8/8/8/3QK3[] w - - 0 1 {a4:swap+}";
    assert_eq!(swap_names(attacked), Vec::<String>::new());
    assert_eq!(swap_names(&attacked.replace("3rk3", "4k3")), names("d1e1"));
}

/// Swap (6.12, 5): a pawn swapped onto its last rank promotes, the four
/// choices four turns, the new piece marked `~`; promotion marks move
/// with the swapped pieces; each non-pawn piece flips the marker it
/// leaves (two at once), a pawn does not.
#[test]
fn reference_swap_promotions_and_markers() {
    let promo = "4R3/4P3/k7/8/8/8/8/4K3[] w - - 0 1 {a4:swap+}";
    assert_eq!(swap_names(promo), names("e7e8Q e7e8R e7e8B e7e8N"));
    assert_eq!(
        after(promo, "e7e8N"),
        "4N~3/4R3/k7/8/8/8/8/4K3[] b - - 1 1 {a4:swap+}"
    );
    // Black: the rook on d1 covers the pawn on d2, which lands on d1.
    let black = "4k3/8/8/8/8/8/3p4/3r2K1[] b - - 0 1 {a4:swap+}";
    assert_eq!(swap_names(black), names("d1d2Q d1d2R d1d2B d1d2N"));
    assert_eq!(
        after(black, "d1d2Q"),
        "4k3/8/8/8/8/8/3r4/3q~2K1[] w - - 1 2 {a4:swap+}"
    );
    let marks = "4k3/8/8/8/8/8/3P4/3Q~K3[] w - - 0 1 {a4:swap+}";
    assert_eq!(
        after(marks, "d1d2"),
        "4k3/8/8/8/8/8/3Q~4/3PK3[] b - - 1 1 {a4:swap+}"
    );
    let two = "4k3/8/8/8/8/8/4B3/3QK3[] w - - 0 1 {d1:cannon- e2:rider+ h5:swap+}";
    assert_eq!(
        after(two, "d1e2"),
        "4k3/8/8/8/8/8/4Q3/3BK3[] b - - 1 1 {d1:cannon+ e2:rider- h5:swap+}"
    );
    let pawn = "4k3/8/8/8/8/8/3P4/3RK3[] w - - 0 1 {d1:cannon- d2:rider- h5:swap+}";
    assert_eq!(
        after(pawn, "d1d2"),
        "4k3/8/8/8/8/8/3R4/3PK3[] b - - 1 1 {d1:cannon+ d2:rider- h5:swap+}"
    );
    // A swap off Swap's own marker ends Swap for the reply.
    let own = "4k3/8/8/8/8/8/4B3/3QK3[] w - - 0 1 {e2:swap+}";
    assert_eq!(
        after(own, "d1e2"),
        "4k3/8/8/8/8/8/4Q3/3BK3[] b - - 1 1 {e2:swap-}"
    );
}

/// OQ-7: while Swap is on, a pawn on its 1st rank double-steps too (the
/// Berolina pawn diagonally), and the passed square opens en passant.
#[test]
fn reference_first_rank_double_steps() {
    let fide = "4k3/8/8/8/8/1p6/8/P3K3[] w - - 0 1 {h5:swap+}";
    assert_eq!(moves_of(fide, "a1"), names("a2 a3"));
    assert_eq!(moves_of(&fide.replace("swap+", "swap-"), "a1"), names("a2"));
    let ep = after(fide, "a1a3");
    assert_eq!(ep, "4k3/8/8/8/8/Pp6/8/4K3[] b - a2 0 1 {h5:swap+}");
    assert_eq!(
        after(&ep, "b3a2"),
        "4k3/8/8/8/8/8/p7/4K3[] w - - 0 2 {h5:swap+}"
    );
    let ber = "4k3/8/8/8/8/8/8/3PK3[] w - - 0 1 {h5:swap+ a4:berolina+}";
    assert_eq!(moves_of(ber, "d1"), names("c2 b3 e2 f3"));
    // Black's pawn on the 8th rank.
    let black = "3pk3/8/8/8/8/8/8/4K3[] b - - 0 1 {h5:swap+}";
    assert_eq!(moves_of(black, "d8"), names("d7 d6"));
}

/// Dice (6.6, OQ-9): the lane is file and rank `n`; only lane turns,
/// unless there are none. From the FIDE array 6, 18, 2, 2, 2, 2, 4 and 2
/// turns for the rolls 1 to 8, 38 summed over the die; the roll is
/// written after the markers and spent by the move.
#[test]
fn reference_dice_lanes() {
    let start = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[] w KQkq - 0 1 {h3:dice+}";
    let per_roll: Vec<usize> = (1..=8)
        .map(|n| turn_names(&format!("{start} roll:{n}")).len())
        .collect();
    assert_eq!(per_roll, [6, 18, 2, 2, 2, 2, 4, 2]);
    assert_eq!(
        turn_names(&format!("{start} roll:1")),
        names("a2a3 a2a4 b1a3 b1c3 g1f3 g1h3")
    );
    assert_eq!(reference_perft(&parse(start), 1, ENGINE), 38);
    // Without the roll the moves are not filtered.
    assert_eq!(turn_names(start).len(), 20);
    let two = format!("{start} roll:2");
    assert_eq!(fen(&parse(&two)), two);
    assert_eq!(
        after(&two, "b1c3"),
        "rnbqkbnr/pppppppp/8/8/8/2N5/PPPPPPPP/R1BQKBNR[] b KQkq - 1 1 {h3:dice+}"
    );
    // Nothing on the c-file or the 3rd rank: everything.
    let empty = "4k3/8/8/8/8/8/8/R3K3[] w - - 0 1 {h5:dice+}";
    assert_eq!(turn_names(&format!("{empty} roll:3")), turn_names(empty));
    // Castling is a lane move with the rook (roll 8) or the king (roll 5)
    // on the lane; a swap with either piece on it.
    let castle = "4k3/8/8/8/8/8/8/4K2R[] w K - 0 1 {a4:dice+}";
    assert_eq!(
        turn_names(&format!("{castle} roll:8")),
        names("O-O h1g1 h1f1 h1h2 h1h3 h1h4 h1h5 h1h6 h1h7 h1h8")
    );
    assert_eq!(
        turn_names(&format!("{castle} roll:5")),
        names("O-O e1d1 e1d2 e1e2 e1f1 e1f2")
    );
    let swap = "4k3/8/8/8/8/8/8/4K2R[] w - - 0 1 {a4:dice+ a5:swap+}";
    assert_eq!(turn_names(&format!("{swap} roll:8")).len(), 9 + 1);
    assert_eq!(
        turn_names(&format!("{swap} roll:5")),
        names("e1h1 e1d1 e1d2 e1e2 e1f1 e1f2")
    );
}

/// Attack + Dice (6.2): lane captures, then other lane turns, then any
/// capture, then anything. The knight on b3 is on the lane for rolls 2
/// (b-file) and 3 (3rd rank) and takes on c5; rolls 1 and 5 put the rook
/// and king, or the king alone, on the lane without a capture there; the
/// other rolls leave the knight's capture.
#[test]
fn reference_attack_and_dice() {
    let fen = "4k3/8/8/2p5/8/1N6/8/R3K3[] w - - 0 1 {h4:attack+ h5:dice+}";
    let at = |n: u8| turn_names(&format!("{fen} roll:{n}"));
    for n in [2, 3, 4, 6, 7, 8] {
        assert_eq!(at(n), names("b3c5"), "roll {n}");
    }
    assert_eq!(at(1).len(), 10 + 5);
    assert!(!at(1).contains(&"b3c5".to_string()));
    assert_eq!(at(5), names("e1d1 e1d2 e1e2 e1f1 e1f2"));
    assert_eq!(reference_perft(&parse(fen), 1, ENGINE), 15 + 5 + 6);
    // A lane capture before the lane's quiet moves.
    let lane = "4k3/p7/8/8/8/8/1N6/R3K3[] w - - 0 1 {h4:attack+ h5:dice+} roll:1";
    assert_eq!(turn_names(lane), names("a1a7"));
    // Dice alone: the lane, captures or not.
    let dice = fen.replace("attack+", "attack-");
    assert_eq!(turn_names(&format!("{dice} roll:1")).len(), 15);
    assert_eq!(turn_names(&format!("{dice} roll:2")).len(), 5);
}

/// Dice + Drop (6.6, 7): a drop onto the lane is a lane turn; the king
/// off the lane has none. Roll 3: the 15 squares of file c and rank 3.
/// Roll 1: the king's five moves and the knight on file a and rank 1 but
/// the marker squares a4 and a5 (12).
#[test]
fn reference_dice_and_drops() {
    let fen = "4k3/8/8/8/8/8/8/4K3[N] w - - 0 1 {a4:dice+ a5:drop+}";
    let three = turn_names(&format!("{fen} roll:3"));
    assert_eq!(three.len(), 15);
    assert!(three.iter().all(|t| t.starts_with("N@")));
    let one = turn_names(&format!("{fen} roll:1"));
    assert_eq!(one.len(), 5 + 12);
    assert!(!one.contains(&"N@a4".to_string()) && one.contains(&"N@h1".to_string()));
}
