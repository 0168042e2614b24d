//! The reference alone, on hand-derived move sets.

use super::*;

/// The destinations of the piece on `from` in `fen` (quiet moves and
/// captures by displacement), as sorted square names.
fn dests(fen_text: &str, from: &str) -> Vec<String> {
    let p = parse(fen_text);
    let s = parse_sq(from).unwrap();
    let pc = p.b[s].unwrap();
    let mut g = Gen {
        b: &p.b,
        cfg: RULES,
        ep: p.ep,
        ban: p.ban,
        attack: false,
        out: Vec::new(),
    };
    g.kind_moves(s, pc.k, pc.w, false);
    let mut out: Vec<String> = g
        .out
        .iter()
        .filter_map(|a| (0..64).find(|&t| t != s && a.b[t].is_some() && p.b[t] != a.b[t]))
        .map(sq_name)
        .collect();
    out.sort();
    out.dedup();
    out
}

/// Square names, sorted, each once.
fn names(list: &str) -> Vec<String> {
    let mut v: Vec<String> = list.split_whitespace().map(str::to_string).collect();
    v.sort();
    v.dedup();
    v
}

#[test]
fn reference_fen_round_trips() {
    for f in [
        "{chancellor}k{longleaper}{withdrawer}{archbishoprider}{oxybeles}{dancinghorse}{immobilizer}/pppppppp/8/8/8/8/PPPPPPPP/{Chancellor}K{Longleaper}{Withdrawer}{Archbishoprider}{Oxybeles}{Dancinghorse}{Immobilizer}<{Paovao}{Nightrider}Q/{paovao}{nightrider}q> w Aa - 0 1",
        "k7/8/8/8/8/8/8/7K<--Q-/-r--> b - - 3 14",
        "r3k2r/8/8/3pP3/8/8/8/R3K2R<Q/q> w HAha d6 0 9",
    ] {
        assert_eq!(fen(&parse(f)), f);
    }
}

#[test]
fn reference_every_kind_has_a_code_and_a_cycle() {
    for (i, (k, _, _)) in TABLE.iter().enumerate() {
        assert_eq!(*k as usize, i);
        assert_eq!(kind_of(code(*k)), Some(*k));
    }
    // The Hydra's cycle has six forms; every other cycle two or three.
    let mut k = Hydra;
    for _ in 0..6 {
        k = next_form(k);
    }
    assert_eq!(k, Hydra);
    // NN11, NN02, NN33 and NN04 give each knight vector one partner, the
    // Quintessence two.
    for a in N8 {
        for f in [Nn11, Nn02, Nn33, Nn04] {
            assert_eq!(partners(f, a).len(), 1, "{f:?} {a:?}");
        }
        assert_eq!(partners(Nn31, a).len(), 2);
    }
}

#[test]
fn reference_riders_and_leapers_on_an_open_board() {
    let lone = |t: &str, sq: &str| {
        let f = sq.as_bytes()[0] - b'a';
        let r = (sq.as_bytes()[1] - b'1') as usize;
        let mut rows = vec!["8".to_string(); 8];
        let row = 7 - r;
        let left = f as usize;
        let right = 7 - left;
        let mut s = String::new();
        if left > 0 {
            s.push_str(&left.to_string());
        }
        s.push_str(t);
        if right > 0 {
            s.push_str(&right.to_string());
        }
        rows[row] = s;
        format!("{}<-/-> w - - 0 1", rows.join("/"))
    };
    let count = |t: &str, sq: &str| dests(&lone(t, sq), sq).len();
    // Queen 27 from d4; Knight 8; Knight-guard 8 + 8.
    assert_eq!(count("Q", "d4"), 27);
    assert_eq!(count("N", "d4"), 8);
    assert_eq!(count("{Knightguard}", "d4"), 16);
    // The Sissa on a1 with White Knights on b1 and b2: every path of
    // the (2,1) family and of the a-file starts on b1 or b2, so those are
    // gone; the (1,2) family goes up the a-file (b3, c5, d7), and rank 1
    // from d1 on by a2.. then back down the diagonal (c1 would need b2).
    assert_eq!(
        dests("5k1K/8/8/8/8/8/1N6/{Sissa}N6<-/-> w - - 0 1", "a1"),
        names("b3 c5 d7 d1 e1 f1 g1 h1")
    );
    // On an open board from a1: c2 e3 g4, b3 c5 d7, the a-file and rank 1.
    assert_eq!(
        dests("5k1K/8/8/8/8/8/8/{Sissa}7<-/-> w - - 0 1", "a1"),
        names("c2 e3 g4 b3 c5 d7 a2 a3 a4 a5 a6 a7 a8 b1 c1 d1 e1 f1 g1 h1")
    );
    // Rose from b4 reaches e7 and the whole clockwise circle.
    let rose = dests(&lone("{Rose}", "b4"), "b4");
    for s in ["c6", "e7", "g6", "h4", "g2", "e1", "c2", "d5"] {
        assert!(rose.contains(&s.to_string()), "{s}");
    }
    // Crooked Rook from e4: the seed's path e5 f5 f6 g6 g7 h7 h8.
    let cr = dests(&lone("{Crookedrook}", "e4"), "e4");
    for s in ["e5", "f5", "f6", "g6", "g7", "h7", "h8"] {
        assert!(cr.contains(&s.to_string()), "{s}");
    }
    // Crooked Bishop from b1: a2 b3 a4 b5 a6 b7 a8 and the mirror path.
    let cb = dests(&lone("{Crookedbishop}", "b1"), "b1");
    assert_eq!(
        cb,
        names("a2 b3 a4 b5 a6 b7 a8 c2 b3 c4 b5 c6 b7 c8 d1 e2 f1 g2 h1")
    );
    // Cylindrical Bishop from b1: a2 h3 g4 f5 e6 d7 c8, and c2 .. h7
    // then across the joined edge to a8.
    assert_eq!(
        dests(&lone("{Cylbishop}", "b1"), "b1"),
        names("a2 h3 g4 f5 e6 d7 c8 c2 d3 e4 f5 g6 h7 a8")
    );
    // Octopus from d4 (4.13), never a knight or adjacent square.
    // Diagonal first, then two or more outward orthogonal steps:
    // (1,1): g5 h5, e7 e8; (1,-1): g3 h3, e1; (-1,1): a5, c7 c8;
    // (-1,-1): a3, c1. Orthogonal first, then two or more outward
    // diagonal steps: (1,0): g6 h7, g2 h1; (-1,0): a6, a2; (0,1): f7 g8,
    // b7 a8; (0,-1): f1, b1.
    let oct = dests(&lone("{Octopus}", "d4"), "d4");
    assert_eq!(
        oct,
        names(
            "g5 h5 e7 e8 g3 h3 e1 a5 c7 c8 a3 c1 \
             g6 h7 g2 h1 a6 a2 f7 g8 b7 a8 f1 b1"
        )
    );
    // NN02 from d1: d1-b2-d3-b4-d5-b6-d7-b8 and d1-e3-f1-g3-h1.
    let nn02 = dests(&lone("{NNb}", "d1"), "d1");
    for s in [
        "b2", "d3", "b4", "d5", "b6", "d7", "b8", "e3", "f1", "g3", "h1",
    ] {
        assert!(nn02.contains(&s.to_string()), "{s}");
    }
    // NN33 from c1: c1-d3-f4-g6 and c1-e2-f4-h5.
    let nn33 = dests(&lone("{NNd}", "c1"), "c1");
    for s in ["d3", "f4", "g6", "e2", "h5"] {
        assert!(nn33.contains(&s.to_string()), "{s}");
    }
    // NN31 from a2: a2-c3-b5-d6-c8 and a2-c3-d1.
    let nn31 = dests(&lone("{NNc}", "a2"), "a2");
    for s in ["c3", "b5", "d6", "c8", "d1"] {
        assert!(nn31.contains(&s.to_string()), "{s}");
    }
    // Dancing Horse from d4: knight squares plus the two-leap squares
    // (all of them on an open board, not d4 itself).
    let dh = dests(&lone("{Dancinghorse}", "d4"), "d4");
    assert!(!dh.contains(&"d4".to_string()));
    assert!(dh.contains(&"e5".to_string()) && dh.contains(&"d8".to_string()));
    // Gryphon from d4: 4 first steps, then outward rook slides.
    let gr = dests(&lone("{Gryphon}", "d4"), "d4");
    assert_eq!(
        gr,
        names(
            "e5 f5 g5 h5 e6 e7 e8 e3 f3 g3 h3 e2 e1 c5 b5 a5 c6 c7 c8 \
             c3 b3 a3 c2 c1"
        )
    );
    // Chainsaw from a1: rook 14 + b2 then d2 f2 h2 and b4 b6 b8.
    let cs = dests(&lone("{Chainsaw}", "a1"), "a1");
    assert_eq!(cs.len(), 14 + 1 + 6);
}

#[test]
fn reference_pao_vao_cannon_pawn_and_secutor() {
    // Pao Vao d4, screens: White pawn d6, Black rook d8 (captured),
    // Black knight f6 (screen) with Black queen h8 beyond (captured).
    let f = "3r3q/8/3P1n2/8/3{Paovao}4/8/8/K6k<-/-> w - - 0 1";
    let d = dests(f, "d4");
    assert!(d.contains(&"d8".to_string()) && d.contains(&"h8".to_string()));
    assert!(!d.contains(&"d6".to_string()) && !d.contains(&"f6".to_string()));
    // Cannon Pawn d4 with a White knight on d5 and a Black rook on d6:
    // the leap captures d6; e5 is a step.
    let f = "K6k/8/3r4/3N4/3{Cannonpawn}4/8/8/8<-/-> w - - 0 1";
    assert_eq!(dests(f, "d4"), names("c3 c4 c5 d3 d6 e3 e4 e5"));
    // Secutor d1 on an otherwise open file: a Black pawn on d5 is the
    // obstacle; it deflects from d4 to e5.. and c5..: capture the Black
    // rook on f6 and the White knight b6 (own, not captured).
    let f = "K6k/8/1N3r2/3p4/8/8/8/3{Secutor}4<-/-> w - - 0 1";
    let d = dests(f, "d1");
    assert!(d.contains(&"f6".to_string()));
    assert!(!d.contains(&"b6".to_string()) && !d.contains(&"d5".to_string()));
}

#[test]
fn reference_rococo_pieces() {
    // Long Leaper d1, Black pawns on e2 and h5: it jumps e2 and lands on
    // f3 or g4.
    let f = "K6k/8/8/7p/8/8/4p3/3{Longleaper}4<-/-> w - - 0 1";
    let p = parse(f);
    let mut g = Gen {
        b: &p.b,
        cfg: RULES,
        ep: None,
        ban: None,
        attack: true,
        out: vec![],
    };
    g.kind_moves(3, Longleaper, true, false);
    // Landing on f3 or g4 captures e2; h5 cannot be jumped (no square
    // beyond it).
    assert_eq!(g.out.len(), 2);
    // Archer d1 shooting up the d-file: a Black rook on d4 (distance 3)
    // needs a spotter; a White knight on e5 spots it.
    let no = "K6k/8/8/8/3r4/8/8/3{Archer}4<-/-> w - - 0 1";
    let yes = "K6k/8/8/4N3/3r4/8/8/3{Archer}4<-/-> w - - 0 1";
    let shots = |f: &str| {
        let p = parse(f);
        actions(&p, true, true, RULES)
            .iter()
            .filter(|a| a.caps & bit(parse_sq("d4").unwrap()) != 0)
            .count()
    };
    assert_eq!(shots(no), 0);
    assert_eq!(shots(yes), 1);
    // Withdrawer moving away from an adjacent Black knight captures it.
    let f = "K6k/8/8/8/3n4/3{Withdrawer}4/8/8<-/-> w - - 0 1";
    let p = parse(f);
    let caps: Vec<_> = actions(&p, true, false, RULES)
        .iter()
        .filter(|a| a.b[parse_sq("d3").unwrap()].is_none() && a.caps != 0)
        .map(|a| a.caps)
        .collect();
    assert_eq!(caps.len(), 2, "d2 and d1 withdraw from d4");
}

#[test]
fn reference_check_rules() {
    // A Maoking next to the Black King gives no check; a Mamra does.
    assert!(!in_check(
        &parse("8/8/8/3k4/3{Maoking}4/8/8/8<-/-> b - - 0 1").b,
        false
    ));
    assert!(in_check(
        &parse("8/8/8/3k4/3{Mamra}4/8/8/7K<-/-> b - - 0 1").b,
        false
    ));
    // A Shield next to the King makes it uncheckable.
    assert!(!in_check(
        &parse("8/8/3{shield}4/3k4/3{Mamra}4/8/8/7K<-/-> b - - 0 1").b,
        false
    ));
    // A frozen Mamra gives no check.
    assert!(!in_check(
        &parse("8/8/8/3k4/3{Mamra}4/3{immobilizer}4/8/7K<-/-> b - - 0 1").b,
        false
    ));
    // A Swapper next to the King checks by mutual destruction.
    assert!(in_check(
        &parse("8/8/8/3k4/3{Swapper}4/8/8/7K<-/-> b - - 0 1").b,
        false
    ));
    // An Oxybeles with a White rook behind it on d2, stepping d3-d4,
    // slings the rook into the King on d7.
    assert!(in_check(
        &parse("8/3k4/8/8/8/3{Oxybeles}4/3R4/7K<-/-> b - - 0 1").b,
        false
    ));
    // The same with a Black pawn behind (either side may be slung).
    assert!(in_check(
        &parse("8/3k4/8/8/8/3{Oxybeles}4/3p4/7K<-/-> b - - 0 1").b,
        false
    ));
}

#[test]
fn reference_wuss_duty_and_cornering() {
    // White's Wuss on d4 is attacked by the Black rook on d8: every turn
    // moves the Wuss (8 directions of empty squares, minus none).
    let p = parse("3r3k/8/8/8/3{Wuss}4/8/8/K7<-/-> w - - 0 1");
    let kids = children(&p, RULES);
    assert!(!kids.is_empty());
    assert!(kids.iter().all(|c| c.b[parse_sq("d4").unwrap()].is_none()));
    // The moved Wuss is a Mamra.
    assert!(
        kids.iter()
            .all(|c| c.b.iter().flatten().any(|q| q.k == Mamra))
    );
    // Cornering with the King on e1 both ways: O-O gives Maoking g1 and
    // the partner (a Rook) morphed into a Cylindrical Bishop on f1.
    let p = parse("4k3/8/8/8/8/8/8/R3K2R<-/-> w HA - 0 1");
    let fens = child_fens(&p, RULES);
    // The other Rook keeps its unmoved state, which the FEN names.
    assert!(fens.contains("4k3/8/8/8/8/8/8/R4{Cylbishop}{Maoking}1<-/-> b - - 1 1 unmoved:a1"));
    assert!(fens.contains("4k3/8/8/8/8/8/8/2{Maoking}{Cylbishop}3R<-/-> b - - 1 1 unmoved:h1"));
    // King on b1: the partner jumps from a1 to c1.
    let p = parse("1k6/8/8/8/8/8/8/NK6<-/-> w A - 0 1");
    assert!(
        child_fens(&p, RULES).contains("1k6/8/8/8/8/8/8/1{Maoking}{Knightguard}5<-/-> b - - 1 1")
    );
}

#[test]
fn reference_drops_and_promotion() {
    let kings = "k7/8/8/8/8/8/8/7K";
    let drops = |fen_text: &str| {
        let p = parse(fen_text);
        let kids = children(&p, RULES);
        (
            kids.len(),
            kids.iter()
                .filter(|c| c.res[usize::from(!p.white)].front > p.res[usize::from(!p.white)].front)
                .count(),
        )
    };
    // White's turn 6: no drop yet (3 king moves).
    assert_eq!(drops(&format!("{kings}<QR/qr> w - - 0 6")), (3, 0));
    // Turn 7: optional; 3 King moves, each also with a drop on an empty
    // first-rank square: Kh2 and Kg2 leave 8, Kg1 leaves 7.
    assert_eq!(
        drops(&format!("{kings}<QR/qr> w - - 0 7")),
        (3 + 8 + 8 + 7, 23)
    );
    // Turn 11, the last of the window: the drop is compulsory.
    assert_eq!(drops(&format!("{kings}<QR/qr> w - - 0 11")), (23, 23));
    // Black: window 6-10 (Ka7, Kb7 leave 8 squares of rank 8, Kb8 7).
    assert_eq!(drops(&format!("{kings}<QR/qr> b - - 0 5")), (3, 0));
    assert_eq!(drops(&format!("{kings}<QR/qr> b - - 0 10")), (23, 23));
    // Second piece waits for the first window shift: turn 11 is before
    // White's second window (12-16).
    assert_eq!(drops(&format!("{kings}<-R/-r> w - - 0 11")), (3, 0));
    // Promotion takes the back of the reserve.
    let p = parse("k7/4P3/8/8/8/8/8/7K<QR/qr> w - - 0 1");
    assert!(child_fens(&p, RULES).contains("k3R3/8/8/8/8/8/8/7K<Q-/qr> b - - 0 1"));
    // With the reserve empty the pawn may not step onto the last rank.
    let p = parse("k7/4P3/8/8/8/8/8/7K<--/qr> w - - 0 1");
    assert_eq!(children(&p, RULES).len(), 3);
}

/// Every action of the piece on `from`, as (destination, captured
/// squares), sorted.
fn acts_of(fen_text: &str, from: &str) -> Vec<(String, Vec<String>)> {
    let p = parse(fen_text);
    let s = parse_sq(from).unwrap();
    let pc = p.b[s].unwrap();
    let mut g = Gen {
        b: &p.b,
        cfg: RULES,
        ep: p.ep,
        ban: p.ban,
        attack: false,
        out: Vec::new(),
    };
    g.kind_moves(s, pc.k, pc.w, false);
    let mut out: Vec<(String, Vec<String>)> = g
        .out
        .iter()
        .map(|a| {
            let to = a.actors.first().map_or("-".to_string(), |&t| sq_name(t));
            let caps = (0..64)
                .filter(|&q| a.caps & bit(q) != 0)
                .map(sq_name)
                .collect();
            (to, caps)
        })
        .collect();
    out.sort();
    out
}

#[test]
fn reference_chameleon_captures_each_victim_its_own_way() {
    // White Chameleon d4; Black Withdrawer d3, Advancer d7, Knight f5,
    // Rook a4, Mamra e4, Pawn e5. Up the d-file it withdraws from d3 (d5)
    // and also approaches d7 (d6); it takes the Knight by a knight leap,
    // the Rook by a rook slide, the Pawn by White's pawn capture; the
    // Mamra is immune. Quiet: c4 b4, c5 b6 a7, e3 f2 g1, c3 b2 a1.
    let f = "7k/3{advancer}4/8/4pn2/r2{Chameleon}{mamra}3/3{withdrawer}4/8/7K<-/-> w - - 0 1";
    let acts = acts_of(f, "d4");
    let caps: Vec<_> = acts.iter().filter(|a| !a.1.is_empty()).cloned().collect();
    let v = |t: &str, c: &[&str]| {
        (
            t.to_string(),
            c.iter().map(|s| s.to_string()).collect::<Vec<_>>(),
        )
    };
    assert_eq!(
        caps,
        vec![
            v("a4", &["a4"]),
            v("d5", &["d3"]),
            v("d6", &["d3", "d7"]),
            v("e5", &["e5"]),
            v("f5", &["f5"]),
        ]
    );
    assert_eq!(acts.len(), 5 + 11);
}

#[test]
fn reference_oxybeles_secutor_swapper_maoking() {
    // The sling of section 4.27: the Oxybeles d6 steps to d7 and the pawn
    // behind it on d5 flies to d8, promotes to the back of the reserve
    // (R); the Oxybeles becomes a Secutor; the pawn does not morph.
    let p = parse("k7/8/3{Oxybeles}4/3P4/8/8/8/7K<QR/qr> w - - 0 1");
    assert!(child_fens(&p, RULES).contains("k2R4/3{Secutor}4/8/8/8/8/8/7K<Q-/qr> b - - 1 1"));
    // With the reserve empty that sling is impossible, the step stays:
    // 7 steps in all (d5 is occupied), none of them a sling.
    let p = parse("k7/8/3{Oxybeles}4/3P4/8/8/8/7K<--/qr> w - - 0 1");
    let d6 = parse_sq("d6").unwrap();
    assert_eq!(
        children(&p, RULES)
            .iter()
            .filter(|c| c.b[d6].is_none() && c.b[parse_sq("h1").unwrap()].is_some())
            .count(),
        7
    );
    // Secutor a1, obstacle the own pawn on a4: it deflects from a3 to b4,
    // c5, d6 and captures the Black knight on e7; the own pawn is not
    // taken. Quiet: a2 a3, b1..h1 (the king is on h8).
    let acts = acts_of("4k2K/4n3/8/8/P7/8/8/{Secutor}7<-/-> w - - 0 1", "a1");
    let caps: Vec<_> = acts.iter().filter(|a| !a.1.is_empty()).collect();
    assert_eq!(caps, vec![&("e7".to_string(), vec!["e7".to_string()])]);
    assert_eq!(acts.len(), 1 + 2 + 7);
    // Swapper d4: swaps with the first piece on each line (own knight
    // d5, Black rook d1, Black pawn e5 adjacent), destroys the adjacent
    // Black pawn with itself.
    let acts = acts_of("7k/8/8/3Np3/3{Swapper}4/8/8/3r3K<-/-> w - - 0 1", "d4");
    let capturing: Vec<_> = acts.iter().filter(|a| !a.1.is_empty()).collect();
    assert_eq!(capturing, vec![&("-".to_string(), vec!["e5".to_string()])]);
    let swaps = acts
        .iter()
        .filter(|a| ["d5", "d1", "e5"].contains(&a.0.as_str()) && a.1.is_empty())
        .count();
    assert_eq!(swaps, 3);
    // Maoking d4 next to a Black knight (recruited), a Black Mamra
    // (immune) and a Black knight next to a Black Shield (immune). The
    // White Shield on d3 keeps the Maoking safe from the Mamra.
    let p = parse("7k/8/2{shield}5/2n1n3/3{Maoking}{mamra}3/3{Shield}4/8/8<-/-> w - - 0 1");
    let kids = child_fens(&p, RULES);
    assert!(
        kids.contains("7k/8/2{shield}5/2n1N3/3K{mamra}3/3{Shield}4/8/8<-/-> b - - 1 1"),
        "{kids:#?}"
    );
    assert!(!kids.iter().any(|k| k.contains("2N1n3")));
}
