//! The reference alone: the FIDE counts with pockets off, every kind on an
//! empty board, and a scenario per rule.

use super::*;

/// Reference perft of `fen` for depths 1, 2, ...
fn counts(fen: &str, rules: Rules, depth: u32) -> Vec<u64> {
    let p = parse(fen);
    (1..=depth).map(|d| reference_perft(&p, rules, d)).collect()
}

/// The children of `p`, each as placement, pockets and side, sorted.
pub(super) fn children_of(p: &Pos, rules: Rules) -> Vec<String> {
    let mut out: Vec<String> = legal(p, rules).iter().map(key).collect();
    out.sort();
    out
}

/// The children of `fen`, each as placement, pockets and side, sorted.
fn children(fen: &str, rules: Rules) -> Vec<String> {
    children_of(&parse(fen), rules)
}

/// Whether `kids` has the child `k`.
fn has(kids: &[String], k: &str) -> bool {
    kids.iter().any(|c| c == k)
}

/// The legal child of `p` with key `k`: one move of a game.
fn play(p: &Pos, k: &str) -> Pos {
    let kids = legal(p, POCKET);
    let found = kids.iter().find(|c| key(c) == k);
    *found.unwrap_or_else(|| panic!("{k} is not a child of {}", key(p)))
}

/// How many legal children of `fen` have `from` empty and the mover's
/// pocket unchanged: the board moves of the piece standing on `from`.
fn moves_from(fen: &str, rules: Rules, from: &str) -> usize {
    let p = parse(fen);
    let me = side(p.white);
    let from = named(from);
    let kids = legal(&p, rules);
    kids.iter()
        .filter(|c| c.board[from].is_none() && c.pockets[me] == p.pockets[me])
        .count()
}

/// The kinds the side to move, its pocket empty, can pocket: sorted, one
/// letter per pocketing move.
fn pocketed(fen: &str) -> String {
    let p = parse(fen);
    let me = side(p.white);
    assert_eq!(p.pockets[me], None, "{fen}");
    let mut kinds: Vec<char> = legal(&p, POCKET)
        .iter()
        .filter_map(|c| c.pockets[me])
        .collect();
    kinds.sort_unstable();
    kinds.into_iter().collect()
}

/// Without pockets, and promoting to Q, R, B or N, the reference plays
/// FIDE chess: the published counts of position 3 of the Chess
/// Programming Wiki and of the start position, castling rights taken away
/// (castling could happen only from depth 5 on).
#[test]
fn reference_fide_perft() {
    let third = "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1";
    assert_eq!(counts(third, FIDE, 4), [14, 191, 2812, 43_238]);
    let start = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w - - 0 1";
    assert_eq!(counts(start, FIDE, 4), [20, 400, 8902, 197_281]);
}

/// Every kind alone on d4 of an empty board (kings b1 and g8, out of all
/// its lines), counted by hand from its parts: Rook 14, Bishop 13, Knight
/// 8, Nightrider 12 (e6 f8, f5 h6, f3 h2, e2, c2, b3, b5, c6 b8), Wazir
/// 4, Ferz 4; the pawn has d5.
#[test]
fn reference_each_kind_on_an_empty_board() {
    #[rustfmt::skip]
    let expected = [
        ('P', 1), ('N', 8), ('B', 13), ('R', 14), ('I', 12), ('D', 17),
        ('A', 21), ('G', 18), ('Q', 27), ('M', 22), ('U', 25), ('V', 25),
        ('F', 26), ('W', 26), ('X', 29), ('T', 35), ('H', 30), ('Z', 39),
    ];
    for (kind, n) in expected {
        let fen = format!("6k1/8/8/8/3{kind}4/8/8/1K6 w - - 0 1");
        assert_eq!(moves_from(&fen, FIDE, "d4"), n, "{kind} on d4");
    }
    // All moves, the King's included (a1: 3 steps, b1: 5).
    let count = |fen: &str| legal(&parse(fen), FIDE).len();
    assert_eq!(count("7k/8/8/8/3I4/8/8/K7 w - - 0 1"), 12 + 3);
    assert_eq!(count("6k1/8/8/8/3D4/8/8/1K6 w - - 0 1"), 17 + 5);
    assert_eq!(count("6k1/8/8/8/3Z4/8/8/1K6 w - - 0 1"), 39 + 5);
}

/// A Nightrider is blocked only where it lands: an enemy on e6 is taken
/// and stops the line to f8, an own pawn on f5 closes f5 and h6, the
/// pawns on d5 and e4 are in no line. 12 - 1 - 2 = 9.
#[test]
fn reference_nightrider_blocked_only_on_landing_squares() {
    let fen = "7k/8/4p3/3P1P2/3IP3/8/8/K7 w - - 0 1";
    assert_eq!(moves_from(fen, FIDE, "d4"), 9);
    let kids = children(fen, FIDE);
    assert!(has(&kids, "7k/8/4I3/3P1P2/4P3/8/8/K7[] b"));
    assert!(!has(&kids, "5I1k/8/4p3/3P1P2/4P3/8/8/K7[] b"));
    assert!(has(&kids, "1I5k/8/4p3/3P1P2/4P3/8/8/K7[] b"));
    // Its attack reaches g4 from a1 by c2 and e3, unless e3 is occupied.
    let g4 = named("g4");
    // Pawns on b2 and d3, between the landing squares, do not block it.
    assert!(attacked(
        &parse("8/8/8/8/6k1/3P4/1P6/I6K b").board,
        g4,
        true
    ));
    assert!(!attacked(&parse("8/8/8/8/6k1/4P3/8/I6K b").board, g4, true));
}

/// The Super pieces step like a King but are not royal: each SuperRook
/// on g1 and h1 attacks the other, and White may leave its own attacked.
#[test]
fn reference_super_pieces_attack_but_are_not_royal() {
    let fen = "7k/8/8/8/8/8/K7/6gG w - - 0 2";
    let p = parse(fen);
    // G h1 reaches g2 by its diagonal step, g1's by its rook part.
    assert!(attacked(&p.board, named("g2"), true));
    assert!(attacked(&p.board, named("g2"), false));
    assert!(!attacked(&p.board, named("g3"), true));
    assert!(attacked(&p.board, named("h1"), false));
    // The King steps away (a3, b3, b2; a1 and b1 are on the rank of g1).
    let kids = children(fen, POCKET);
    assert!(has(&kids, "7k/8/8/8/8/K7/8/6gG[] b"));
    assert!(!has(&kids, "7k/8/8/8/8/8/8/K5gG[] b"));
    assert!(has(&kids, "7k/8/8/8/8/8/K7/6G1[] b"));
}

/// The piece list of OQ-1: pocketed from the own 3rd rank a piece may be
/// any kind of its class (its own included); from the own 8th rank any
/// kind of the next class, the AmazonRider staying an AmazonRider.
#[test]
fn reference_mutation_choices_by_class() {
    #[rustfmt::skip]
    let expected = [
        ('P', "P", "BN"),
        ('N', "BN", "DIR"), ('B', "BN", "DIR"),
        ('R', "DIR", "AG"), ('I', "DIR", "AG"), ('D', "DIR", "AG"),
        ('A', "AG", "MQUV"), ('G', "AG", "MQUV"),
        ('Q', "MQUV", "FWX"), ('M', "MQUV", "FWX"),
        ('U', "MQUV", "FWX"), ('V', "MQUV", "FWX"),
        ('F', "FWX", "HT"), ('W', "FWX", "HT"), ('X', "FWX", "HT"),
        ('T', "HT", "Z"), ('H', "HT", "Z"),
        ('Z', "Z", "Z"),
    ];
    for (kind, kept, promoted) in expected {
        let third = format!("8/8/8/8/8/3{kind}4/7k/K7 w - - 0 2");
        assert_eq!(pocketed(&third), kept, "{kind} from d3");
        let eighth = format!("3{kind}4/8/8/8/8/8/7k/K7 w - - 0 2");
        assert_eq!(pocketed(&eighth), promoted, "{kind} from d8");
    }
}

/// A rook on a3: three pocketing moves, as R, I or D, beside its 14 board
/// moves and the King's 5 (d1 d2 e2 f2 f1).
#[test]
fn reference_rook_pocketed_as_rook_nightrider_or_superbishop() {
    let kids = children("4k3/8/8/8/8/R7/8/4K3[] w - - 0 2", POCKET);
    for kind in ['R', 'I', 'D'] {
        assert!(has(&kids, &format!("4k3/8/8/8/8/8/8/4K3[{kind}] b")));
    }
    assert_eq!(kids.len(), 3 + 14 + 5);
}

/// From the own 8th rank the change is a promotion and compulsory: a
/// Bishop on c8 only becomes R, I or D, a pawn on d8 N or B (and has no
/// board move). For Black the 8th rank is rank 1.
#[test]
fn reference_pocketing_from_the_eighth_rank_promotes() {
    let bishop = children("2B4k/8/8/8/8/8/8/K7 w - - 0 2", POCKET);
    let promoted = bishop.iter().filter(|k| !k.contains("[]")).count();
    let expected = ["R", "I", "D"].map(|k| format!("7k/8/8/8/8/8/8/K7[{k}] b"));
    assert_eq!(promoted, 3);
    for k in &expected {
        assert!(has(&bishop, k), "{k}");
    }
    let pawn = children("3P3k/8/8/8/8/8/8/K7 w - - 0 2", POCKET);
    // Pocketed as N or B; the King's a2, b1, b2; no pawn move.
    assert_eq!(pawn.len(), 2 + 3);
    assert!(has(&pawn, "7k/8/8/8/8/8/8/K7[N] b"));
    assert!(has(&pawn, "7k/8/8/8/8/8/8/K7[B] b"));
    assert_eq!(pocketed("4k3/8/8/8/8/8/K7/7r b - - 0 2"), "AG");
    assert_eq!(pocketed("4k2r/8/8/8/8/8/8/K7 b - - 0 2"), "DIR");
    assert_eq!(pocketed("4k3/8/8/8/8/8/8/K2p4 b - - 0 2"), "BN");
}

/// Pawns never promote by moving: d7-d8 and d7xc8 leave pawns on the 8th
/// rank. Pawn 2, King 3, pocketing the pawn (from rank 7: a pawn) 1; as
/// FIDE chess each pawn move is four promotions.
#[test]
fn reference_pawn_reaching_the_eighth_rank_stays_a_pawn() {
    let fen = "2n4k/3P4/8/8/8/8/8/K7 w - - 0 2";
    let kids = children(fen, POCKET);
    assert_eq!(kids.len(), 2 + 3 + 1);
    assert!(has(&kids, "2nP3k/8/8/8/8/8/8/K7[] b"));
    assert!(has(&kids, "2P4k/8/8/8/8/8/8/K7[] b"));
    assert!(has(&kids, "2n4k/8/8/8/8/8/8/K7[P] b"));
    assert_eq!(children(fen, FIDE).len(), 8 + 3);
}

/// Drops go to every empty square but the dropper's own 8th rank: 62
/// empty squares, 7 of them on that rank, so 55 drops and 5 King moves.
#[test]
fn reference_drop_squares() {
    let white = parse("4k3/8/8/8/8/8/8/4K3[N] w - - 0 2");
    let kids = legal(&white, POCKET);
    assert_eq!(kids.len(), 55 + 5);
    let on = |c: &Pos, r: usize| (r * 8..r * 8 + 8).any(|s| c.board[s] == Some(('N', true)));
    assert!(!kids.iter().any(|c| on(c, 7)));
    assert_eq!(kids.iter().filter(|c| on(c, 0)).count(), 7);
    // The pocket is full: no pocketing; only the King's moves keep it.
    assert_eq!(kids.iter().filter(|c| c.pockets[0] == Some('N')).count(), 5);
    let black = legal(&parse("4k3/8/8/8/8/8/8/4K3[n] b - - 0 2"), POCKET);
    assert_eq!(black.len(), 55 + 5);
    let low = |c: &Pos| (0..8).any(|s| c.board[s] == Some(('N', false)));
    assert!(!black.iter().any(low));
    assert!(
        black
            .iter()
            .any(|c| c.board[named("e2")] == Some(('N', false)))
    );
}

/// Pawns are dropped like the rest: on the own 1st rank (7 squares) but
/// not on the 8th; a full pocket allows no pocketing, so with a rook on
/// the board the count is drops, King and rook moves only.
#[test]
fn reference_pawn_drops() {
    let kids = legal(&parse("7k/8/8/8/8/8/8/7K[P] w - - 0 2"), POCKET);
    assert_eq!(kids.len(), 55 + 3);
    let pawns_on = |r: usize| {
        kids.iter()
            .filter(|c| (r * 8..r * 8 + 8).any(|s| c.board[s] == Some(('P', true))))
            .count()
    };
    assert_eq!((pawns_on(0), pawns_on(1), pawns_on(7)), (7, 8, 0));
    // Rook a1: 6 + 7 board moves (b1-g1, a2-a8), 54 drops, 3 King moves.
    let with_rook = children("7k/8/8/8/8/8/8/R6K[P] w - - 0 2", POCKET);
    assert_eq!(with_rook.len(), 13 + 54 + 3);
}

/// White may not pocket on its very first move (20 moves, as in chess);
/// Black may: after 1.e4, 20 board moves and 26 pocketings (pawns 8 x 1,
/// knights 2 x 2, bishops 2 x 2, rooks 2 x 3, queen 1 x 4). From move 2
/// White has them as well. A drop on move 1 is allowed.
#[test]
fn reference_no_pocketing_on_whites_first_move() {
    assert_eq!(children(START, POCKET).len(), 20);
    let after_e4 = "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR[] b - e3 0 1";
    let kids = children(after_e4, POCKET);
    assert_eq!(kids.len(), 20 + 8 + 4 + 4 + 6 + 4);
    assert_eq!(kids.iter().filter(|k| k.contains("[]")).count(), 20);
    for q in ['q', 'm', 'u', 'v'] {
        let k = format!("rnb1kbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR[{q}] w");
        assert!(has(&kids, &k), "{k}");
    }
    let later = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[] w - - 0 2";
    assert_eq!(children(later, POCKET).len(), 46);
    // Any position with White to move on move 1: rook 10, pawn 2, King 5;
    // on move 2 also the rook's 3 pocketings and the pawn's 1.
    assert_eq!(children(FIRST_MOVE, POCKET).len(), 17);
    let second = FIRST_MOVE.replace(" 0 1", " 0 2");
    assert_eq!(children(&second, POCKET).len(), 17 + 3 + 1);
    // Queen drops on 55 squares and 5 King moves on White's first move.
    assert_eq!(children(QUEENS, POCKET).len(), 60);
    // After one move from the start White's pocket is usable.
    let p = play(
        &parse(START),
        "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR[] b",
    );
    let p = play(&p, "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR[] w");
    assert_eq!(legal(&p, POCKET).len(), 29 + 26);
}

/// A pawn on its own 1st rank (after a drop) steps one square and
/// captures diagonally; the same holds for Black on rank 8.
#[test]
fn reference_pawn_on_the_first_rank_single_steps() {
    let kids = children("7k/8/8/8/8/8/2n5/3P3K w - - 0 2", POCKET);
    assert!(has(&kids, "7k/8/8/8/8/8/2nP4/7K[] b"));
    assert!(has(&kids, "7k/8/8/8/8/8/2P5/7K[] b"));
    assert!(!has(&kids, "7k/8/8/8/8/3P4/2n5/7K[] b"));
    assert_eq!(
        moves_from("7k/8/8/8/8/8/2n5/3P3K w - - 0 2", POCKET, "d1"),
        2
    );
    // Black pawn d8: d7, its King g8 g7 h7, pocketing it (as a pawn).
    let black = children("3p3k/8/8/8/8/8/8/7K b - - 0 2", POCKET);
    assert_eq!(black.len(), 1 + 3 + 1);
    assert!(has(&black, "7k/3p4/8/8/8/8/8/7K[] w"));
    assert!(has(&black, "7k/8/8/8/8/8/8/7K[p] w"));
}

/// A pawn dropped on its 2nd rank may double-step, and the double step
/// allows en passant: for White (P@d2, d2-d4, then e4xd3) and for Black
/// (p@e7, e7-e5, then d5xe6).
#[test]
fn reference_dropped_pawn_double_step_and_en_passant() {
    let p = parse("7k/8/8/8/4p3/8/8/7K[P] w - - 0 5");
    let p = play(&p, "7k/8/8/8/4p3/8/3P4/7K[] b");
    let p = play(&p, "6k1/8/8/8/4p3/8/3P4/7K[] w");
    assert!(has(&children_of(&p, POCKET), "6k1/8/8/8/4p3/3P4/8/7K[] b"));
    let p = play(&p, "6k1/8/8/8/3Pp3/8/8/7K[] b");
    assert_eq!(p.ep, Some(named("d3")));
    assert!(has(&children_of(&p, POCKET), "6k1/8/8/8/8/3p4/8/7K[] w"));

    let p = parse("4k3/8/8/3P4/8/8/8/4K3[p] b - - 0 5");
    let p = play(&p, "4k3/4p3/8/3P4/8/8/8/4K3[] w");
    let p = play(&p, "4k3/4p3/8/3P4/8/8/8/3K4[] b");
    let p = play(&p, "4k3/8/8/3Pp3/8/8/8/3K4[] w");
    assert!(has(&children_of(&p, POCKET), "4k3/8/4P3/8/8/8/8/3K4[] b"));
    // Without the double step there is no en passant.
    let quiet = children("4k3/8/8/3Pp3/8/8/8/3K4[] w - - 0 8", POCKET);
    assert!(!has(&quiet, "4k3/8/4P3/8/8/8/8/3K4[] b"));
}

/// In check from the rook e8: a drop may block (e2 to e7), pocketing
/// never helps, and a pinned piece can neither move nor be pocketed.
#[test]
fn reference_check_evasions() {
    let drop = children("4r2k/8/8/8/8/8/8/4K3[N] w - - 0 2", POCKET);
    assert_eq!(drop.len(), 4 + 6);
    assert!(has(&drop, "4r2k/8/8/4N3/8/8/8/4K3[] b"));
    // The rook a1 cannot block; pocketing it leaves the check.
    let pocket = children("4r2k/8/8/8/8/8/8/R3K3[] w - - 0 2", POCKET);
    assert_eq!(pocket.len(), 4);
    assert!(pocket.iter().all(|k| k.contains("[]")));
    // The bishop e2 is pinned: only the King's d1, d2, f1, f2.
    let pinned = legal(&parse("4r2k/8/8/8/8/8/4B3/4K3[] w - - 0 2"), POCKET);
    assert_eq!(pinned.len(), 4);
    let bishop = Some(('B', true));
    assert!(pinned.iter().all(|c| c.board[named("e2")] == bishop));
}

/// Pocketing may give a discovered check; a drop may give mate, and no
/// pocketing or drop of the defender helps against it.
#[test]
fn reference_pocketing_checks_and_drop_mates() {
    let p = parse("4k3/8/8/8/4B3/8/8/K3R3[] w - - 0 2");
    let c = play(&p, "4k3/8/8/8/8/8/8/K3R3[N] b");
    assert!(in_check(&c.board, false));
    for (fen, k) in [
        (
            "7k/8/6K1/8/8/8/8/8[Q] w - - 0 9",
            "7k/6Q1/6K1/8/8/8/8/8[] b",
        ),
        (
            "7k/8/6K1/8/8/8/8/8[Qr] w - - 0 9",
            "7k/6Q1/6K1/8/8/8/8/8[r] b",
        ),
    ] {
        let mate = play(&parse(fen), k);
        assert!(in_check(&mate.board, false));
        assert!(legal(&mate, POCKET).is_empty(), "{k}");
    }
}

/// A capture removes the captured piece; it goes to no pocket.
#[test]
fn reference_captured_pieces_leave_the_game() {
    let kids = children("4k3/8/8/8/8/8/n7/R3K3[] w - - 0 2", POCKET);
    assert!(has(&kids, "4k3/8/8/8/8/8/R7/4K3[] b"));
    assert!(!kids.iter().any(|k| k.contains("[n]") || k.contains("[N]")));
    assert_eq!(kids.iter().filter(|k| k.contains("[R] b")).count(), 1);
}

/// Distinct moves give distinct positions, so comparing sorted children
/// also compares moves.
#[test]
fn reference_children_are_distinct() {
    for fen in [START, POCKETS, QUEENS, EIGHTH_RANKS, BLACK_EIGHTH_RANKS] {
        let mut kids = children(fen, POCKET);
        let n = kids.len();
        kids.dedup();
        assert_eq!(kids.len(), n, "{fen}");
    }
}

/// Prints the reference's counts and times, for building
/// `tests/perft/pocket-mutation.perft`: `cargo test --release --test
/// models pocket_mutation_reference::self_tests::reference_counts -- --ignored
/// --nocapture`.
#[test]
#[ignore = "prints counts, checks nothing"]
fn reference_counts() {
    for (name, fen, depth) in [
        ("start", START, 4),
        ("pockets", POCKETS, 3),
        ("queens", QUEENS, 3),
        ("eighth-ranks", EIGHTH_RANKS, 3),
        ("black-eighth-ranks", BLACK_EIGHTH_RANKS, 3),
        ("first-move", FIRST_MOVE, 3),
    ] {
        let p = parse(fen);
        for d in 1..=depth {
            let t = std::time::Instant::now();
            let n = reference_perft(&p, POCKET, d);
            println!("{name} perft {d} {n} ({:.2?})", t.elapsed());
        }
    }
}
