use super::*;

#[test]
fn scores_read_as_pawns_and_moves_to_mate() {
    assert_eq!(Score::from_internal(MATE - 1), Score::Mate(1));
    assert_eq!(Score::from_internal(MATE - 3), Score::Mate(2));
    assert_eq!(Score::from_internal(-(MATE - 2)), Score::Mate(-1));
    assert_eq!(Score::from_internal(-150), Score::Centipawns(-150));
    assert_eq!(Score::Centipawns(-150).to_string(), "-1.50");
    assert_eq!(Score::Mate(2).to_string(), "mate in 2");
    assert_eq!(Score::Mate(-1).to_string(), "mated in 1");
}

#[test]
fn mates_are_stored_from_the_node_and_read_back_from_the_root() {
    let s = MATE - 7;
    assert_eq!(from_table(to_table(s, 3), 5), MATE - 9);
    assert_eq!(from_table(to_table(-s, 3), 3), -s);
    assert_eq!(from_table(to_table(42, 3), 9), 42);
}

#[test]
fn a_pawn_changing_form_as_it_moves_is_quiet() {
    // Pawns of two forms that alternate as they move: a push changes
    // the pawn's kind (a promotion in the move) but not its worth.
    let text = r#"
        variant pawn_forms : chess {
            piece berolina { letter = O betza = "fmFfcWifmnA" pawn = true }
            morph pawns { cycle = [pawn, berolina] }
        }
    "#;
    let rules = crate::variants::load_str("pawn_forms", text).unwrap();
    let pos = crate::notation::parse_fen(&rules, "1r2k3/P7/8/8/8/8/4P3/4K3 w - - 0 1").unwrap();
    let mut engine = Engine::new(rules.clone());
    let moves = legal_moves(&rules, &pos);
    let name = |m: &Move| rules.pieces()[m.promotion.unwrap().index()].name.clone();
    let push = moves
        .iter()
        .find(|m| m.from.index() == 12 && m.to.index() == 28)
        .unwrap();
    assert_eq!(name(push), "berolina");
    assert!(promotes(&rules, push) && !engine.loud(&rules, push));
    // A promotion to a queen, with and without a capture, is loud.
    let to_queen: Vec<&Move> = moves
        .iter()
        .filter(|m| {
            m.from.index() == 48
                && m.promotion
                    .is_some_and(|k| rules.pieces()[k.index()].name == "queen")
        })
        .collect();
    assert_eq!(to_queen.len(), 2);
    assert!(to_queen.iter().all(|m| engine.loud(&rules, m)));
}
