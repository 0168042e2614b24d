//! The reference alone: the FIDE counts with morphing off, and a scenario
//! per rule.

use super::*;

/// Reference perft of `fen` for depths 1, 2, ...
fn counts(fen: &str, rules: Rules, depth: u32) -> Vec<u64> {
    let p = parse(fen);
    (1..=depth).map(|d| reference_perft(&p, rules, d)).collect()
}

/// Without morphing, and promoting to Q, R, B or N, the reference plays
/// FIDE chess: the published counts of the start position, Kiwipete and
/// positions 3 and 4 of the Chess Programming Wiki.
#[test]
fn reference_fide_perft() {
    assert_eq!(counts(START, FIDE, 4), [20, 400, 8902, 197_281]);
    assert_eq!(counts(KIWIPETE, FIDE, 3), [48, 2039, 97_862]);
    let third = "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1";
    assert_eq!(counts(third, FIDE, 4), [14, 191, 2812, 43_238]);
    let fourth = "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1";
    assert_eq!(counts(fourth, FIDE, 3), [6, 264, 9467]);
}

/// The children of `fen`, each as placement and side, sorted.
fn children(fen: &str, rules: Rules) -> Vec<String> {
    let mut out: Vec<String> = legal(&parse(fen), rules).iter().map(key).collect();
    out.sort();
    out
}

/// How many children contain `letter` in their placement.
fn with(kids: &[String], letter: char) -> usize {
    kids.iter().filter(|k| k.contains(letter)).count()
}

/// Knight d4 attacked by the rook d8: all 8 knight moves are quiet and
/// arrive as Queens; the King has a2, b1, b2.
#[test]
fn reference_attacked_knight_quiet_move_becomes_queen() {
    let fen = "3r3k/8/8/8/3N4/8/8/K7 w - - 0 1";
    let kids = children(fen, METAMORPH);
    assert_eq!(kids.len(), 11);
    assert_eq!(with(&kids, 'Q'), 8);
    assert_eq!(with(&kids, 'N'), 3);
    assert!(kids.contains(&"3r3k/8/8/5Q2/8/8/8/K7 b".to_string()));
    assert!(!kids.contains(&"3r3k/8/8/5N2/8/8/8/K7 b".to_string()));
    // As chess nothing changes.
    assert_eq!(with(&children(fen, FIDE), 'Q'), 0);
}

/// Knight d4 not attacked, only defended by its own rook d1 (OQ-8):
/// knight 8, rook 8 (b1 c1 d2 d3 e1-h1), King 3, nothing transforms.
#[test]
fn reference_unattacked_knight_stays_knight() {
    let kids = children("7k/8/8/8/3N4/8/8/K2R4 w - - 0 1", METAMORPH);
    assert_eq!(kids.len(), 19);
    assert_eq!(with(&kids, 'Q') + with(&kids, 'M'), 0);
    assert!(kids.contains(&"7k/8/8/5N2/8/8/8/K2R4 b".to_string()));
}

/// Knight d4 attacked by the rook d8 takes the bishop f5 and stays a
/// Knight; its 7 quiet moves give Queens; the King has a2 and b2 (the
/// bishop covers b1).
#[test]
fn reference_attacked_knight_capturing_stays_knight() {
    let fen = "3r3k/8/8/5b2/3N4/8/8/K7 w - - 0 1";
    let kids = children(fen, METAMORPH);
    assert_eq!(kids.len(), 10);
    assert_eq!(with(&kids, 'Q'), 7);
    assert!(kids.contains(&"3r3k/8/8/5N2/8/8/8/K7 b".to_string()));
    assert!(!kids.contains(&"3r3k/8/8/5Q2/8/8/8/K7 b".to_string()));
}

/// Rook c5 attacked only by the bishop e7, which is pinned to its King
/// by the queen e2: the attack still counts (OQ-1), so all 14 rook moves
/// (all quiet) give Marshalls. Rc5-c8=M even gives check (OQ-7).
#[test]
fn reference_rook_attacked_by_pinned_bishop_morphs() {
    let p = parse("4k3/4b3/8/2R5/8/8/4Q3/K7 w - - 0 1");
    let kids = legal(&p, METAMORPH);
    let rook_moved = |c: &&Pos| c.board[named("c5")].is_none();
    let marshall = |c: &&Pos| c.board.contains(&Some(('M', true)));
    assert_eq!(kids.iter().filter(rook_moved).count(), 14);
    assert_eq!(kids.iter().filter(marshall).count(), 14);
    let keys: Vec<String> = kids.iter().map(key).collect();
    assert!(keys.contains(&"4k3/4b3/8/7M/8/8/4Q3/K7 b".to_string()));
    assert!(in_check(&parse("2M1k3/4b3/8/8/8/8/4Q3/K7 b").board, false));
}

/// Rook h1 attacked by the rook h8. Castling moves it quietly but is a
/// King move, so it stays a Rook (OQ-6); its own quiet moves give
/// Marshalls, its capture stays a Rook. King 5 + castling, rook 8 + 1.
#[test]
fn reference_castling_never_morphs_the_rook() {
    let kids = children("4k2r/8/8/8/8/8/8/4K2R w K - 0 1", METAMORPH);
    assert_eq!(kids.len(), 15);
    assert!(kids.contains(&"4k2r/8/8/8/8/8/8/5RK1 b".to_string()));
    assert!(!kids.contains(&"4k2r/8/8/8/8/8/8/5MK1 b".to_string()));
    assert!(kids.contains(&"4k2r/8/8/8/8/8/8/4KM2 b".to_string()));
    assert!(kids.contains(&"4k2R/8/8/8/8/8/8/4K3 b".to_string()));
    assert_eq!(with(&kids, 'M'), 8);
}

/// Queen d4 (attacked by the knight e6): Qxd7 along the file gives a
/// Rook, Qxg7 along the diagonal a Bishop; quiet moves keep the Queen.
#[test]
fn reference_queen_demotes_by_capture_direction() {
    let kids = children("7k/3n2n1/4n3/8/3Q4/8/8/K7 w - - 0 1", METAMORPH);
    assert!(kids.contains(&"7k/3R2n1/4n3/8/8/8/8/K7 b".to_string()));
    assert!(kids.contains(&"7k/3n2B1/4n3/8/8/8/8/K7 b".to_string()));
    assert!(!kids.contains(&"7k/3Q2n1/4n3/8/8/8/8/K7 b".to_string()));
    assert!(!kids.contains(&"7k/3n2Q1/4n3/8/8/8/8/K7 b".to_string()));
    // Every child but the two captures still has three knights and a Queen.
    assert_eq!(with(&kids, 'Q') + 2, kids.len());
}

/// Marshall d4: Mxd7 along the file gives a Rook, Mxf5 by a knight leap
/// a Knight.
#[test]
fn reference_marshall_demotes_by_capture_direction() {
    let kids = children("7k/3n4/8/5b2/3M4/8/8/K7 w - - 0 1", METAMORPH);
    assert!(kids.contains(&"7k/3R4/8/5b2/8/8/8/K7 b".to_string()));
    assert!(kids.contains(&"7k/3n4/8/5N2/8/8/8/K7 b".to_string()));
    assert!(!kids.contains(&"7k/3M4/8/5b2/8/8/8/K7 b".to_string()));
    assert!(!kids.contains(&"7k/3n4/8/5M2/8/8/8/K7 b".to_string()));
}

/// Paladin d4: Axe6 by a knight leap gives a Knight, Axf6 along the
/// diagonal a Bishop.
#[test]
fn reference_paladin_demotes_by_capture_direction() {
    let kids = children("7k/8/4rn2/8/3A4/8/8/K7 w - - 0 1", METAMORPH);
    assert!(kids.contains(&"7k/8/4Nn2/8/8/8/8/K7 b".to_string()));
    assert!(kids.contains(&"7k/8/4rB2/8/8/8/8/K7 b".to_string()));
    assert!(!kids.contains(&"7k/8/4An2/8/8/8/8/K7 b".to_string()));
    assert!(!kids.contains(&"7k/8/4rA2/8/8/8/8/K7 b".to_string()));
}

/// Pawn b7 (attacked by the bishop c6) promotes on b8 or by taking a8,
/// to R, B or N each (6); the King has 3. Nothing becomes Q, M or A.
#[test]
fn reference_pawn_promotes_to_rook_bishop_or_knight_only() {
    let fen = "n6k/1P6/2b5/8/8/8/8/K7 w - - 0 1";
    let kids = children(fen, METAMORPH);
    assert_eq!(kids.len(), 9);
    for piece in ['R', 'B', 'N'] {
        assert!(kids.contains(&format!("n{piece}5k/8/2b5/8/8/8/8/K7 b")));
        assert!(kids.contains(&format!("{piece}6k/8/2b5/8/8/8/8/K7 b")));
    }
    assert_eq!(with(&kids, 'Q') + with(&kids, 'M') + with(&kids, 'A'), 0);
    assert_eq!(children(fen, FIDE).len(), 11);
}

/// Attacks by a pawn and by a King count; the King counts even when the
/// square is defended (OQ-1). Each time the knight's 8 moves give Queens.
#[test]
fn reference_pawn_and_king_attacks_count() {
    let by_pawn = children("7k/8/3p4/4N3/8/8/8/K7 w - - 0 1", METAMORPH);
    assert_eq!((by_pawn.len(), with(&by_pawn, 'Q')), (11, 8));
    let by_king = children("8/8/5k2/4N3/3P4/8/8/K7 w - - 0 1", METAMORPH);
    assert_eq!((by_king.len(), with(&by_king, 'Q')), (12, 8));
}

/// With the optional reading each quiet move of an attacked simple piece
/// is there twice, transformed and not; captures and unattacked pieces
/// are as before.
#[test]
fn reference_optional_metamorphosis_doubles_escapes() {
    let kids = children("3r3k/8/8/8/3N4/8/8/K7 w - - 0 1", OPTIONAL);
    assert_eq!(kids.len(), 19);
    assert!(kids.contains(&"3r3k/8/8/5Q2/8/8/8/K7 b".to_string()));
    assert!(kids.contains(&"3r3k/8/8/5N2/8/8/8/K7 b".to_string()));
    let count = |fen: &str| children(fen, OPTIONAL).len();
    assert_eq!(count("3r3k/8/8/5b2/3N4/8/8/K7 w - - 0 1"), 17);
    assert_eq!(count("7k/8/8/8/3N4/8/8/K2R4 w - - 0 1"), 19);
    // Castling is still one move: 5 King steps, castling, 8 rook moves
    // twice, one capture.
    assert_eq!(count("4k2r/8/8/8/8/8/8/4K2R w K - 0 1"), 23);
}

/// Prints the reference's Metamorph counts and times, for building
/// `tests/perft/metamorph.perft`:
/// `cargo test --test models metamorph_reference::self_tests::reference_counts --
/// --ignored --nocapture`.
#[test]
#[ignore = "prints counts, checks nothing"]
fn reference_counts() {
    for (name, fen, depth) in [("start", START, 4), ("kiwipete", KIWIPETE, 3)] {
        let p = parse(fen);
        for d in 1..=depth {
            let t = std::time::Instant::now();
            let n = reference_perft(&p, METAMORPH, d);
            println!("{name} perft {d} {n} ({:.2?})", t.elapsed());
        }
    }
}
