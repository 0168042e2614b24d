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
