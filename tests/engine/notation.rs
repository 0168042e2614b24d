//! FEN and move text: round trips, exact errors, no panics on bad input.

use changeling::game::Game;
use changeling::notation::{
    FenField, parse_fen, parse_move, parse_san, parse_uci, to_fen, to_san, to_uci, to_uci_standard,
    to_xboard_standard,
};
use changeling::variants::load;

const KIWIPETE: &str = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";

#[test]
fn fen_round_trips() {
    let rules = load("chess").unwrap();
    for fen in [
        rules.setup().as_str(),
        KIWIPETE,
        "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
        "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
        "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3",
        "r3k3/8/8/8/8/8/8/4K2R b Kq - 12 40",
    ] {
        let pos = parse_fen(&rules, fen).unwrap();
        assert_eq!(to_fen(&rules, &pos), fen);
    }
    let capa = load("capablanca").unwrap();
    let pos = parse_fen(&capa, capa.setup()).unwrap();
    assert_eq!(to_fen(&capa, &pos), *capa.setup());
}

#[test]
fn en_passant_square_is_kept_only_when_a_pawn_can_take() {
    let rules = load("chess").unwrap();
    // After 1. e4 no black pawn can take on e3: the field is dropped.
    let pos = parse_fen(
        &rules,
        "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1",
    )
    .unwrap();
    assert_eq!(pos.ep(), None);
    assert!(to_fen(&rules, &pos).contains(" b KQkq - 0 1"));
}

/// A Berolina pawn's en-passant field names the square passed and the
/// pawn (`d6c5`); Fairy-Stockfish also writes it the other way round
/// (`c5d6`). Both read as the same position.
#[test]
fn berolina_en_passant_field_reads_either_way_round() {
    let text = "variant b : chess {\n piece pawn { betza = \"fmFfcWifmnA\" }\n}";
    let rules = changeling::variants::load_str("b.variant", text).unwrap();
    let board = "rnbqkbnr/pppp1ppp/8/2pP4/8/8/PPP1PPPP/RNBQKBNR w KQkq";
    let a = parse_fen(&rules, &format!("{board} d6c5 0 2")).unwrap();
    let b = parse_fen(&rules, &format!("{board} c5d6 0 2")).unwrap();
    let fen = to_fen(&rules, &a);
    assert_eq!(fen, format!("{board} d6c5 0 2"));
    assert_eq!(to_fen(&rules, &b), fen);
    assert_eq!(a.hash(), b.hash());
}

/// Hands written as one rank more than the board has (`.../RNBQKBNR/Qn`,
/// lichess's crazyhouse form) read as the bracketed form; a ninth rank
/// with a digit is still a wrong number of ranks.
#[test]
fn hands_read_as_an_extra_rank() {
    let text = "variant h : chess {\n mutator drop { drops = true always_on = true }\n}";
    let rules = changeling::variants::load_str("h.variant", text).unwrap();
    let board = "2k5/8/8/8/8/8/8/4K3";
    let bracketed = parse_fen(&rules, &format!("{board}[QRBNPqrbnp] w - - 0 1")).unwrap();
    let ranked = parse_fen(&rules, &format!("{board}/QRBNPqrbnp w - - 0 1")).unwrap();
    assert_eq!(to_fen(&rules, &ranked), to_fen(&rules, &bracketed));
    assert_eq!(ranked.hash(), bracketed.hash());
    let empty = parse_fen(&rules, &format!("{board}/ w - - 0 1")).unwrap();
    assert_eq!(to_fen(&rules, &empty), format!("{board}[] w - - 0 1"));
    let e = parse_fen(&rules, &format!("{board}/8 w - - 0 1")).unwrap_err();
    assert_eq!(e.field, FenField::Board);
}

#[test]
fn bad_fens_name_the_field() {
    let rules = load("chess").unwrap();
    let cases: &[(&str, FenField, &str)] = &[
        ("", FenField::Board, "empty FEN"),
        (
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP w KQkq - 0 1",
            FenField::Board,
            "7 ranks; the board has 8",
        ),
        (
            "rnbqkbnr/pppppppp/9/8/8/8/PPPPPPPP/RNBQKBNR w - - 0 1",
            FenField::Board,
            "rank 6 has more than 8 squares",
        ),
        (
            "rnbqkbnr/ppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w - - 0 1",
            FenField::Board,
            "rank 7 has 7 squares; the board is 8 wide",
        ),
        (
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNX w - - 0 1",
            FenField::Board,
            "`X` is not a piece of chess (pieces: K Q R B N P)",
        ),
        (
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR x - - 0 1",
            FenField::Side,
            "`x`; expected `w` or `b`",
        ),
        (
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBN1 w K - 0 1",
            FenField::Castling,
            "`K` needs a white royal piece on e1 and a white piece on h1",
        ),
        (
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w X - 0 1",
            FenField::Castling,
            "`X` names no castling rule of chess",
        ),
        (
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w - z9 0 1",
            FenField::EnPassant,
            "`z9` is not a square",
        ),
        (
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w - e6 0 1",
            FenField::EnPassant,
            "no black pawn stands just past e6",
        ),
        (
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w - - x 1",
            FenField::Halfmove,
            "`x` is not a number",
        ),
        (
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w - - 0 -1",
            FenField::Fullmove,
            "`-1` is not a number",
        ),
        (
            "4k3/8/8/8/8/8/8/4K2R w - - 0 1 passed:1",
            FenField::Passed,
            "`passed:1`: chess has no passing",
        ),
        (
            "4k3/8/8/8/8/8/8/4K2R w - - 0 1 extra",
            FenField::Position,
            "`extra`: a FEN has six fields, and after them only `swap:` (a swap ban like `swap:d4f4`), `moved:` (like `moved:c2,f7`), `unmoved:` (like `unmoved:e1`), `roll:` (the die, like `roll:3`), `pending:` (a pushed pawn awaiting promotion, like `pending:e8`), `passed:` (turns just passed, like `passed:1`), `state:` (a script's state, like `state:charged=12`), `last:` (the last move, like `last:e2e4`), `placing` or markers (like `{a4:rider-}`)",
        ),
        (
            "4k2R/8/8/8/8/8/8/4K3 w - - 0 1",
            FenField::Position,
            "black is not to move but its royal piece on e8 is attacked",
        ),
        (
            "P3k3/8/8/8/8/8/8/4K3 w - - 0 1",
            FenField::Position,
            "a white pawn stands on its promotion square a8",
        ),
        (
            "rnbqkbnr/pppppppp/{Zebra}7/8/8/8/PPPPPPPP/RNBQKBNR w - - 0 1",
            FenField::Board,
            "`{Zebra}` is not a piece of chess (pieces: K Q R B N P)",
        ),
        (
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/{Zebra",
            FenField::Board,
            "a `{` piece code is not closed with `}`",
        ),
        (
            "4k3/8/8/8/8/8/8/4K3 w - - 4294967295 1",
            FenField::Halfmove,
            "`4294967295` is more than 1000000",
        ),
        (
            "4k3/8/8/8/8/8/8/4K3 w - - 0 4294967295",
            FenField::Fullmove,
            "`4294967295` is more than 1000000",
        ),
        (
            "4k3/8/8/8/8/8/8/4K3 w - - 0 99999999999999999999",
            FenField::Fullmove,
            "`99999999999999999999` is more than 1000000",
        ),
        (
            "4k3/8/8/3q4/8/3Q4/8/4K3 w - - 0 1 swap:d5d3",
            FenField::SwapBan,
            "`swap:d5d3`: a swap ban needs pieces of both sides on d5 and d3, of kinds that may not swap back (`no_swap_back`)",
        ),
    ];
    for (fen, field, message) in cases {
        let e = parse_fen(&rules, fen).unwrap_err();
        assert_eq!((e.field, e.message.as_str()), (*field, *message), "{fen}");
    }
}

/// What a FEN may not hold in the other variants: a pawn on its last rank
/// inside a stack, a check on the side that does not move first while
/// markers are placed; the biggest counters read back and play on.
#[test]
fn bad_positions_of_every_kind_are_refused() {
    let fluid = load("fluid").unwrap();
    let e = parse_fen(&fluid, "(Pn)3k3/8/8/8/8/8/8/4K3 w - - 0 1").unwrap_err();
    assert_eq!(
        (e.field, e.message.as_str()),
        (
            FenField::Position,
            "a white pawn stands on its promotion square a8"
        )
    );
    // A Black pawn is the upper unit of a square it shares with White.
    let e = parse_fen(&fluid, "4k3/8/8/8/8/8/8/(Np)3K3 w - - 0 1").unwrap_err();
    assert_eq!(
        (e.field, e.message.as_str()),
        (
            FenField::Position,
            "a black pawn stands on its promotion square a1"
        )
    );
    let e = parse_fen(&fluid, "4k3/8/8/3q4/8/3Q4/8/4K3 w - - 0 1 swap:d5d3").unwrap_err();
    assert_eq!(e.field, FenField::SwapBan);
    let tm = load("twelve-mutation").unwrap();
    // Black places a marker while White's rook attacks Black's king: play
    // would begin with White to move and Black in check.
    let e = parse_fen(&tm, "4k2R/8/8/8/8/8/8/4K3[] b - - 0 1 placing").unwrap_err();
    assert_eq!(
        (e.field, e.message.as_str()),
        (
            FenField::Position,
            "black is not to move but its royal piece on e8 is attacked (white moves first once the markers are placed)"
        )
    );
    // White in check while Black places is a position play can start from.
    assert!(parse_fen(&tm, "4k3/8/8/8/8/8/8/4K2r[] b - - 0 1 placing").is_ok());
    // The largest counters: written back the same, and a move plays on
    // with the counters kept at the largest, so its FEN reads back.
    let chess = load("chess").unwrap();
    let fen = "4k3/8/8/8/8/8/8/4K3 b - - 1000000 1000000";
    let mut pos = parse_fen(&chess, fen).unwrap();
    assert_eq!(to_fen(&chess, &pos), fen);
    let m = parse_move(&chess, &pos, "Kd7").unwrap();
    pos.play_unchecked(&chess, &m);
    let after = "8/3k4/8/8/8/8/8/4K3 w - - 1000000 1000000";
    assert_eq!(to_fen(&chess, &pos), after);
    assert_eq!(to_fen(&chess, &parse_fen(&chess, after).unwrap()), after);
}

#[test]
fn garbage_fens_never_panic() {
    let rules = load("chess").unwrap();
    let mut x: u64 = 0x1234_5678;
    let alphabet = b"rnbqkpRNBQKP12345678/ wb-KQkqe3~{}[]9x0";
    for _ in 0..20_000 {
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        let len = (x % 60) as usize;
        let s: String = (0..len)
            .map(|i| {
                let v = x.rotate_left(i as u32 * 5);
                alphabet[(v % alphabet.len() as u64) as usize] as char
            })
            .collect();
        let _ = parse_fen(&rules, &s);
    }
}

#[test]
fn coordinate_and_san_text() {
    let rules = load("chess").unwrap();
    let pos = parse_fen(&rules, KIWIPETE).unwrap();
    let castle = parse_uci(&rules, &pos, "e1g1").unwrap();
    assert_eq!(to_san(&rules, &pos, &castle), "O-O");
    assert_eq!(to_uci(&rules, &castle), "e1g1");
    assert_eq!(
        parse_san(&rules, &pos, "O-O-O").unwrap(),
        parse_uci(&rules, &pos, "e1c1").unwrap()
    );
    assert_eq!(parse_san(&rules, &pos, "0-0").unwrap(), castle);
    let m = parse_move(&rules, &pos, "Bxa6").unwrap();
    assert_eq!(to_uci(&rules, &m), "e2a6");
    let m = parse_move(&rules, &pos, "Qxf6").unwrap();
    assert_eq!(to_san(&rules, &pos, &m), "Qxf6");
    // Both rooks reach d1: disambiguation by file.
    let rooks = parse_fen(&rules, "4k3/8/8/8/8/8/4K3/R6R w - - 0 1").unwrap();
    let m = parse_move(&rules, &rooks, "Rad1").unwrap();
    assert_eq!(to_san(&rules, &rooks, &m), "Rad1");
    let e = parse_move(&rules, &rooks, "Rd1").unwrap_err();
    assert_eq!(e.reason, "ambiguous: Rad1 or Rhd1");
    // Promotion text and check marks.
    let promo = parse_fen(&rules, "8/1P2k3/8/8/8/8/8/4K3 w - - 0 1").unwrap();
    let m = parse_move(&rules, &promo, "b8=Q").unwrap();
    assert_eq!(to_uci(&rules, &m), "b7b8q");
    assert_eq!(parse_move(&rules, &promo, "b7b8q").unwrap(), m);
    let e = parse_move(&rules, &promo, "b7b8").unwrap_err();
    assert_eq!(e.reason, "this move promotes: add one of q, r, b, n");
    let mate = parse_fen(&rules, "6k1/5ppp/8/8/8/8/8/R3K3 w - - 0 1").unwrap();
    let m = parse_move(&rules, &mate, "a1a8").unwrap();
    assert_eq!(to_san(&rules, &mate, &m), "Ra8#");
}

#[test]
fn illegal_move_text_says_why() {
    let rules = load("chess").unwrap();
    let start = parse_fen(&rules, rules.setup()).unwrap();
    let reason = |pos, t: &str| parse_move(&rules, pos, t).unwrap_err().reason;
    assert_eq!(reason(&start, "e3e4"), "there is no piece on e3");
    assert_eq!(
        reason(&start, "e7e5"),
        "the pawn on e7 is not yours: white is to move"
    );
    assert_eq!(reason(&start, "e2e5"), "the pawn on e2 cannot move to e5");
    assert_eq!(reason(&start, "e2e9"), "`e9` is not on the board");
    assert_eq!(
        reason(&start, "e2_e4"),
        "not a move in SAN (like Nf3, exd5, e8=Q, O-O) or coordinates (like g1f3)"
    );
    assert_eq!(
        reason(&start, "Nf6"),
        "no knight can reach f6: White is to move, and `Nf6` is a move of Black"
    );
    assert_eq!(
        reason(&start, "e5"),
        "no pawn can reach e5: White is to move, and `e5` is a move of Black"
    );
    assert_eq!(reason(&start, "Nd4"), "no knight can reach d4");
    let pinned = parse_fen(&rules, "4k3/4r3/8/8/8/8/4N3/4K3 w - - 0 1").unwrap();
    assert_eq!(
        reason(&pinned, "Nc3"),
        "the knight on e2 cannot go to c3: it would expose your royal piece to capture"
    );
    let check = parse_fen(&rules, "4k3/4r3/8/8/8/8/8/3NK3 w - - 0 1").unwrap();
    assert_eq!(
        reason(&check, "Ke2"),
        "the king on e1 cannot go to e2: you are in check and it does not get you out"
    );
    assert_eq!(
        reason(&check, "Nc3"),
        "the knight on d1 cannot go to c3: you are in check and it does not get you out"
    );
    assert_eq!(reason(&start, "Q@e4"), "no queen can be dropped on e4 here");
    let pinned = parse_fen(&rules, "4k3/4r3/8/8/8/8/4N3/4K3 w - - 0 1").unwrap();
    assert_eq!(
        reason(&pinned, "e2c3"),
        "the knight on e2 cannot go to c3: it would expose your royal piece to capture"
    );
    let check = parse_fen(&rules, "4k3/4r3/8/8/8/8/8/3NK3 w - - 0 1").unwrap();
    assert_eq!(
        reason(&check, "d1c3"),
        "the knight on d1 cannot go to c3: you are in check and it does not get you out"
    );
    for junk in [
        "",
        "   ",
        "@",
        "e",
        "e2",
        "zz",
        "e2e4e4",
        "Q@",
        "@e4",
        "O-O-O-O",
        "\u{1F600}",
        "a99a1",
        "{x}@e4",
    ] {
        assert!(parse_move(&rules, &start, junk).is_err(), "{junk:?}");
    }
}

/// Chess rules with two units allowed per square (the stacking rules
/// themselves are not declared in the language yet).
fn stacking_chess() -> changeling::rules::Rules {
    let rules =
        changeling::variants::load_str("s.variant", "variant s : chess { capacity = 2 }").unwrap();
    (*rules).clone()
}

#[test]
fn stacks_round_trip_and_hash_as_two_units() {
    let rules = stacking_chess();
    let fen = "r1bqkb1r/pppppppp/8/8/8/8/PPPPPPPP/(RN)1BQKB(Nr)1 w kq - 0 1";
    let pos = parse_fen(&rules, fen).unwrap();
    assert_eq!(to_fen(&rules, &pos), fen);
    let sq = |name: &str| rules.geometry().parse_square(name).unwrap();
    let lower = pos.piece_at(sq("a1")).unwrap();
    let upper = pos.upper_at(sq("a1")).unwrap();
    assert_eq!(rules.piece(lower.kind).name, "rook");
    assert_eq!(rules.piece(upper.kind).name, "knight");
    let mixed = pos.upper_at(sq("g1")).unwrap();
    assert_eq!(
        (rules.piece(mixed.kind).name.as_str(), mixed.color),
        ("rook", changeling::board::Color::Black)
    );
    assert_eq!(pos.upper_at(sq("e1")), None);
    assert_eq!(pos.hash(), pos.compute_hash(&rules));
    // A stack is an unordered pair: written in any order, it is kept and
    // written in one order and hashes the same; it differs from its lower
    // unit alone.
    let swapped = parse_fen(
        &rules,
        "r1bqkb1r/pppppppp/8/8/8/8/PPPPPPPP/(NR)1BQKB(rN)1 w kq - 0 1",
    )
    .unwrap();
    assert_eq!(swapped.hash(), pos.hash());
    assert_eq!(to_fen(&rules, &swapped), fen);
    let alone = parse_fen(
        &rules,
        "r1bqkb1r/pppppppp/8/8/8/8/PPPPPPPP/R1BQKB(Nr)1 w kq - 0 1",
    )
    .unwrap();
    assert_ne!(alone.hash(), pos.hash());
    // A one-unit group is the plain piece.
    let single = parse_fen(
        &rules,
        "r1bqkb1r/pppppppp/8/8/8/8/PPPPPPPP/(R)1BQKB(Nr)1 w kq - 0 1",
    )
    .unwrap();
    assert_eq!(single.hash(), alone.hash());
    // Taking the upper unit leaves the lower one.
    let mut taken = pos.clone();
    assert_eq!(taken.take_upper(&rules, sq("a1")), Some(upper));
    assert_eq!(taken.hash(), alone.hash());
    assert_eq!(taken.piece_at(sq("a1")), Some(lower));
}

#[test]
fn bad_stacks_are_errors_naming_the_square() {
    let chess = load("chess").unwrap();
    let e = parse_fen(&chess, "4k3/8/8/8/8/8/8/(RN)3K3 w - - 0 1").unwrap_err();
    assert_eq!(e.field, FenField::Board);
    assert!(
        e.message.contains("a1") && e.message.contains("capacity = 2"),
        "{e}"
    );
    let rules = stacking_chess();
    for (fen, needle) in [
        ("4k3/8/8/8/8/8/8/(RNB)3K3 w - - 0 1", "3 units"),
        ("4k3/8/8/8/8/8/8/()4K3 w - - 0 1", "empty stack"),
        ("4k3/8/8/8/8/8/8/(RN3K3 w - - 0 1", "not closed"),
        ("4k3/8/8/8/8/8/8/(RX)3K3 w - - 0 1", "`X` is not a piece"),
        ("4k3/8/8/8/8/8/8/(RN)4K3 w - - 0 1", "more than 8 squares"),
    ] {
        let e = parse_fen(&rules, fen).unwrap_err();
        assert_eq!(e.field, FenField::Board, "{fen}");
        assert!(e.message.contains(needle), "{fen}: {e}");
    }
}

/// Move text as PGN readers accept it: over-disambiguated SAN, the long
/// form, annotations and check marks, `0-0`, `e8Q`, `e.p.`.
#[test]
fn reading_accepts_what_pgn_readers_write() {
    let rules = load("chess").unwrap();
    let start = parse_fen(&rules, rules.setup()).unwrap();
    let nf3 = parse_move(&rules, &start, "Nf3").unwrap();
    for text in [
        "Ngf3", "N1f3", "Ng1f3", "Ng1-f3", "Nf3!", "Nf3?!", "Nf3!!", "Nf3+", "g1f3", " Nf3 ",
    ] {
        assert_eq!(parse_move(&rules, &start, text), Ok(nf3), "{text}");
    }
    let nc3 = parse_move(&rules, &start, "Nc3").unwrap();
    assert_eq!(parse_move(&rules, &start, "Nbc3"), Ok(nc3));
    let promo = parse_fen(&rules, "8/1P2k3/8/8/8/8/8/4K3 w - - 0 1").unwrap();
    let q = parse_move(&rules, &promo, "b8=Q").unwrap();
    assert_eq!(parse_move(&rules, &promo, "b8Q"), Ok(q));
    assert_eq!(parse_move(&rules, &promo, "b7b8=Q+"), Ok(q));
    let e = parse_move(&rules, &promo, "b8").unwrap_err();
    assert_eq!(e.reason, "this move promotes: add one of =Q, =R, =B, =N");
    let ep = parse_fen(&rules, "4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1").unwrap();
    let m = parse_move(&rules, &ep, "exd6").unwrap();
    assert_eq!(parse_move(&rules, &ep, "exd6 e.p."), Ok(m));
    assert_eq!(parse_move(&rules, &ep, "exd6e.p.+"), Ok(m));
    // Ranks of two digits are not taken for castling zeros.
    let grand = changeling::variants::load_str(
        "tall",
        "variant tall : chess { board = 8x10 setup = \"4k3/8/8/8/8/8/8/8/8/R3K3 w Q - 0 1\" }",
    )
    .unwrap();
    let pos = parse_fen(&grand, grand.setup()).unwrap();
    let m = parse_move(&grand, &pos, "Ra10+").unwrap();
    assert_eq!(to_san(&grand, &pos, &m), "Ra10+");
    assert_eq!(to_uci(&grand, &m), "a1a10");
}

/// A refused move says what is really wrong with it.
#[test]
fn refusals_give_the_real_reason() {
    let rules = load("chess").unwrap();
    let pos = parse_fen(&rules, "4k3/8/8/3p4/8/8/8/4K1N1 w - - 0 1").unwrap();
    let reason = |t: &str| parse_move(&rules, &pos, t).unwrap_err().reason;
    assert_eq!(
        reason("Nxf3"),
        "there is nothing to capture on f3: the move is `Nf3`"
    );
    let pos = parse_fen(&rules, "4k3/8/8/3p4/8/4N3/8/4K3 w - - 0 1").unwrap();
    let reason = |t: &str| parse_move(&rules, &pos, t).unwrap_err().reason;
    assert_eq!(
        reason("Nd5"),
        "it captures the black pawn on d5: a capture is written with `x`, `Nxd5`"
    );
    assert_eq!(reason("Qd5"), "no queen can reach d5");
    assert_eq!(reason("Zd5"), "`Z` is not a piece of chess");
    assert_eq!(reason("Nd9"), "`d9` is not a square of this board");
}

/// SAN tells apart every piece form that reaches a square: two pawn
/// kinds, Berolina pawns moving diagonally, a piece that changes kind and
/// one that does not; the text written reads back.
#[test]
fn san_tells_every_form_apart() {
    let tm = load("twelve-mutation").unwrap();
    let pos = parse_fen(&tm, "4k3/8/8/8/8/8/2P1P3/4K3[] w - - 0 1 {a4:berolina+}").unwrap();
    let sans: Vec<String> = legal_moves_san(&tm, &pos);
    assert!(sans.contains(&"cd3".to_string()) && sans.contains(&"ed3".to_string()));
    let e = parse_move(&tm, &pos, "d3").unwrap_err();
    assert_eq!(e.reason, "ambiguous: cd3 or ed3");
    // Metamorph: the attacked knight on c3 turns queen on e2; the one on
    // g1 stays a knight there. Both are named by their file.
    let mm = load("metamorph").unwrap();
    let pos = parse_fen(&mm, "4k3/8/8/b7/8/2N5/8/6NK w - - 0 1").unwrap();
    let sans = legal_moves_san(&mm, &pos);
    assert!(sans.contains(&"Nce2=Q".to_string()), "{sans:?}");
    assert!(sans.contains(&"Nge2".to_string()), "{sans:?}");
    // Mutatis Mutandis writes a long code as the board draws it, its
    // abbreviation; the code in capitals (as older records write it), the
    // FEN braces and the abbreviation in capitals are read too.
    let mmut = load("mutatis-mutandis").unwrap();
    let pos = parse_fen(&mmut, "4k3/8/8/8/8/8/8/{Sissa}3K3<-/-> w - - 0 1").unwrap();
    let sans = legal_moves_san(&mmut, &pos);
    assert!(sans.contains(&"Sib3".to_string()), "{sans:?}");
    let m = parse_move(&mmut, &pos, "Sib3").unwrap();
    let short = &changeling::notation::abbreviations(&mmut)[m.piece.kind.index()];
    assert_eq!(short, "Si");
    for text in [
        "{Sissa}b3",
        "Sissab3",
        "SISSAb3",
        "SIb3",
        "SISSAa1b3",
        "Sia1b3",
    ] {
        assert_eq!(parse_move(&mmut, &pos, text), Ok(m), "{text}");
    }
}

/// Move text writes what the board draws, and every symbol drawn can be
/// typed: each kind of Mutatis Mutandis on d4 has its board abbreviation
/// as its symbol and, pawn forms aside (`e5`), its SAN begins with it;
/// the abbreviation in front of a pawn form's move (`Bee5`), in capitals,
/// and the code in capitals (`BEROLINAe5`, as older records write it)
/// name the same move.
#[test]
fn every_board_abbreviation_can_be_typed() {
    let mm = load("mutatis-mutandis").unwrap();
    let short = changeling::notation::abbreviations(&mm);
    for (k, def) in mm.pieces().iter().enumerate() {
        let kind = changeling::PieceKind(k as u8);
        let token = def.fen_token(changeling::Color::White);
        // The black king where this kind does not attack it.
        let (fen, pos) = ["k7", "7k", "1k6", "6k1"]
            .iter()
            .find_map(|black| {
                let fen = format!("{black}/8/8/8/3{token}4/8/8/7K<-/-> w - - 0 20");
                parse_fen(&mm, &fen).ok().map(|pos| (fen, pos))
            })
            .unwrap_or_else(|| panic!("{}: no square for the black king", def.name));
        let d4 = mm.geometry().parse_square("d4").unwrap();
        let n = changeling::notation::Notation::new(&mm, &pos);
        let i = (0..n.turns().len())
            .find(|&i| n.turns()[i].from == d4)
            .unwrap_or_else(|| panic!("{fen}: no move from d4"));
        let san = n.san(i);
        let symbol = changeling::notation::san_symbol(&mm, kind);
        assert_eq!(symbol, short[k], "{}", def.name);
        if !def.pawn {
            assert!(san.starts_with(&short[k]), "{}: {san}", def.name);
        }
        let rest = san.strip_prefix(symbol.as_str()).unwrap_or(&san);
        for typed in [
            format!("{}{rest}", short[k]),
            format!("{}{rest}", short[k].to_ascii_uppercase()),
            format!("{}{rest}", def.letter.to_ascii_uppercase()),
        ] {
            assert_eq!(
                parse_move(&mm, &pos, &typed).as_ref(),
                Ok(&n.turns()[i]),
                "{} ({typed}) in {fen}",
                def.name
            );
        }
    }
}

/// Every legal move's SAN, without check marks.
fn legal_moves_san(rules: &changeling::Rules, pos: &changeling::Position) -> Vec<String> {
    let n = changeling::notation::Notation::new(rules, pos);
    (0..n.turns().len()).map(|i| n.san(i)).collect()
}

/// Drops and pocketings carry check marks, and read back with them.
#[test]
fn check_marks_on_drops_and_pocketings_read_back() {
    let rules = load("pocket-mutation").unwrap();
    let pos = parse_fen(&rules, "4k3/8/8/8/8/8/8/4K3[Q] w - - 0 1").unwrap();
    let m = parse_move(&rules, &pos, "Q@e2").unwrap();
    assert_eq!(to_san(&rules, &pos, &m), "Q@e2+");
    assert_eq!(parse_move(&rules, &pos, "Q@e2+"), Ok(m));
    // Pocketing the knight uncovers the queen's check.
    let pos = parse_fen(&rules, "4k3/8/8/8/4N3/8/4Q3/K7[] w - - 0 10").unwrap();
    let m = parse_move(&rules, &pos, "^e4").unwrap();
    assert_eq!(to_san(&rules, &pos, &m), "^e4+");
    assert_eq!(parse_move(&rules, &pos, "^e4+"), Ok(m));
}

/// Seeded garbage built from pieces of real move text, in positions of
/// every seed variant with multi-part turns, stacks, codes and markers:
/// every text is read without a panic, and a refusal always has a reason.
#[test]
fn garbage_move_text_never_panics() {
    let pieces = [
        "N",
        "x",
        "e4",
        "&",
        "@",
        "=",
        "Q",
        "O-O",
        "0-0-0",
        "^",
        "=>",
        "+",
        "#",
        "!",
        "?",
        "/",
        "~",
        "<>",
        ":",
        "(",
        ")",
        "{",
        "}",
        "SISSA",
        "Sissa",
        "e.p.",
        "a10",
        "z9",
        "1",
        "-",
        "é",
        "\u{1F600}",
        " ",
        "d",
        "2",
        "RN",
        "rider",
        "h1",
    ];
    let cases = [
        ("chess", None),
        (
            "mutatis-mutandis",
            Some("4k3/pppppppp/8/8/8/8/PPPPPPP1/4K2R<R/r> w H - 0 6"),
        ),
        (
            "twelve-mutation",
            Some("4k3/3p4/8/8/8/8/7K/1p6[] b - - 0 1 {a4:avalanche+} pending:b1"),
        ),
        ("fluid", None),
        (
            "pocket-mutation",
            Some("4k3/8/8/8/4N3/8/4Q3/K7[R] w - - 0 10"),
        ),
    ];
    let mut x: u64 = 0x9E37_79B9_7F4A_7C15;
    for (variant, fen) in cases {
        let rules = load(variant).unwrap();
        let pos = parse_fen(&rules, fen.unwrap_or(rules.setup())).unwrap();
        for _ in 0..400 {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            let text: String = (0..(x % 5) as usize)
                .map(|i| pieces[(x.rotate_left(7 * i as u32) % pieces.len() as u64) as usize])
                .collect();
            if let Err(e) = parse_move(&rules, &pos, &text) {
                assert!(!e.reason.is_empty(), "{variant}: {text:?}");
            }
        }
    }
}

/// Text is read and refused at the cost of a few listings of the legal
/// turns, counted (`movegen::listings`), never timed: in a 602-turn
/// Mutatis Mutandis position, writing every SAN and reading one back
/// list the turns once or twice, and refusing a typo (which spells the
/// turns of a few positions to say why) a few times. Reading used to list the legal
/// turns once per candidate (hundreds of times: a typo took 4.7 s). The
/// timings are in benches/README.md (`cargo bench --bench movetext`).
#[test]
fn move_text_costs_a_few_generations_of_the_moves() {
    use changeling::movegen::{legal_moves, listings};
    fn counted<T>(f: impl FnOnce() -> T) -> (T, u64) {
        let before = listings();
        let out = f();
        (out, listings() - before)
    }
    let mm = load("mutatis-mutandis").unwrap();
    let fen = "{hydra}2{chameleon}4/1{archbishop}r1p{cannonpawn}{maoking}1/{berolina}2P2{archer}{berolina}/2{scorpion}{Gryphon}2{aanca}{scorpion}/{Berolina}3{amazon}3/{Cannonpawn}1{Berolina}1p1{Archer}1/{Swapper}{advancer}3PPP/1{sissa}2{Hydra}{Maoking}{Amazon}{Withdrawer}<-----{Dragonking}{Oxybeles}{Immobilizer}{Hydra}R{Dancinghorse}{Withdrawer}{Crookedrook}{Knightwazir}{Mamra}N/-----{dragonking}{oxybeles}{immobilizer}{hydra}r{dancinghorse}{withdrawer}{crookedrook}{knightwazir}{mamra}n> b - - 2 31 unmoved:e1,g1,h1,a8,d8";
    let pos = parse_fen(&mm, fen).unwrap();
    let (turns, generate) = counted(|| legal_moves(&mm, &pos));
    assert_eq!((turns.len(), generate), (602, 1));
    let (sans, write) = counted(|| {
        let n = changeling::notation::Notation::new(&mm, &pos);
        (0..n.turns().len()).map(|i| n.san(i)).collect::<Vec<_>>()
    });
    assert_eq!(sans.len(), 602);
    assert!(
        write <= 2,
        "writing every SAN listed the turns {write} times"
    );
    // Reading a turn back lists the turns once.
    for (i, san) in sans.iter().enumerate().step_by(30) {
        let (read, reading) = counted(|| parse_move(&mm, &pos, san));
        assert_eq!(read.unwrap(), turns[i], "{san}");
        assert!(
            reading <= 2,
            "reading `{san}` listed the turns {reading} times"
        );
    }
    let (refused, typo) = counted(|| parse_move(&mm, &pos, "Qd4"));
    assert!(refused.is_err());
    assert!(typo <= 5, "refusing a typo listed the turns {typo} times");
}

/// No abbreviated board symbol ends in `x`, which move text reads as a
/// capture: the
/// Oxybeles is `Oxy` (`Oxd2` was its quiet step, read as `O` taking on
/// d2), in every embedded variant.
#[test]
fn no_abbreviation_ends_in_x() {
    use changeling::notation::abbreviations;
    for (name, _) in changeling::variants::EMBEDDED {
        let rules = load(name).unwrap();
        // One-letter symbols are the variant's own letters.
        for short in abbreviations(&rules).iter().filter(|s| s.len() > 1) {
            assert!(!short.ends_with(['x', 'X']), "{name}: `{short}`");
        }
    }
    let mm = load("mutatis-mutandis").unwrap();
    let oxybeles = mm.kind("oxybeles").unwrap();
    assert_eq!(abbreviations(&mm)[oxybeles.index()], "Oxy");
    let pos = parse_fen(&mm, "4k3/8/8/8/8/8/8/3{Oxybeles}K3<-/-> w - - 0 1").unwrap();
    let step = parse_move(&mm, &pos, "Oxyd2").unwrap();
    assert_eq!(to_uci(&mm, &step), "d1d2");
}

/// Reading a plain move text takes a shortcut (coordinates compared with
/// the turns that start on their square, SAN spelled among the turns
/// that land on its square), which costs a few microseconds a ply in a
/// long record where spelling every turn cost 165. The shortcut reads
/// what the full reader reads: in seeded random games of every embedded
/// variant, each legal turn's SAN and coordinates (eight turns drawn where
/// there are many), and the same texts
/// with the piece or the square changed, give the same turn (or the same
/// refusal) through `parse_move` as through `Notation::read`.
#[test]
fn the_quick_reader_reads_what_the_full_reader_reads() {
    use crate::kit::XorShift;
    use changeling::Game;
    use changeling::notation::Notation;
    let mut compared = 0;
    for (name, _) in changeling::variants::EMBEDDED {
        let rules = load(name).unwrap();
        let mut game = Game::new(rules.clone(), 3).unwrap();
        let mut rng = XorShift(0x9e37_79b9 ^ name.len() as u64);
        for _ in 0..10 {
            if game.outcome().is_some() {
                break;
            }
            let pos = game.position().clone();
            let full = Notation::new(&rules, &pos);
            let n = full.turns().len();
            // Every turn where there are few, else a dozen drawn.
            let picked: Vec<usize> = if n <= 24 {
                (0..n).collect()
            } else {
                (0..8).map(|_| rng.below(n)).collect()
            };
            for i in picked {
                let m = &full.turns()[i];
                let san = full.san(i);
                let mut texts = vec![san.clone(), to_uci(&rules, m)];
                // Another piece letter, another last rank digit.
                if let Some(rest) = san.strip_prefix(|c: char| c.is_ascii_uppercase()) {
                    texts.push(format!("Q{rest}"));
                    texts.push(format!("N{rest}"));
                    texts.push(rest.to_string());
                }
                if let Some(last) = san.chars().last().filter(char::is_ascii_digit) {
                    let other = if last == '1' { '2' } else { '1' };
                    texts.push(format!("{}{other}", &san[..san.len() - 1]));
                }
                for text in texts {
                    let quick = parse_move(&rules, &pos, &text).ok();
                    let slow = full.read(&text).ok().copied();
                    assert_eq!(quick, slow, "{name}: `{text}` in {}", to_fen(&rules, &pos));
                    compared += 1;
                }
            }
            let legal = game.legal_moves();
            let m = legal[rng.below(legal.len())];
            game.push(m);
        }
    }
    assert!(compared > 5_000, "{compared}");
}

/// Plays `line` (standard coordinates, as Fairy-Stockfish writes and
/// reads them) from `variant`'s start: each text reads as a legal turn
/// that is written back the same, and every legal turn of every position
/// on the way reads back from its own standard text.
fn standard_line(variant: &str, line: &[&str]) -> Game {
    let rules = load(variant).unwrap();
    let mut game = Game::new(rules.clone(), 0).unwrap();
    for text in line {
        round_trip_all(&game);
        let mv = game
            .play_text(text)
            .unwrap_or_else(|e| panic!("{variant}: `{text}` refused: {e:?}"));
        assert_eq!(to_uci_standard(&rules, &mv), *text, "{variant}");
    }
    round_trip_all(&game);
    game
}

fn round_trip_all(game: &Game) {
    let rules = game.rules();
    for mv in game.legal_moves() {
        let text = to_uci_standard(rules, &mv);
        let back = parse_uci(rules, game.position(), &text)
            .unwrap_or_else(|e| panic!("`{text}` does not read back: {e}"));
        assert_eq!(back, mv, "`{text}` reads as another turn");
    }
}

/// The standard texts of the legal turns of `game`'s position.
fn standard_texts(game: &Game) -> Vec<String> {
    let rules = game.rules();
    game.legal_moves()
        .iter()
        .map(|m| to_uci_standard(rules, m))
        .collect()
}

#[test]
fn shogi_promotion_is_a_plus_and_declining_it_is_plain() {
    // The bishop takes on h8: `b2h8+` promotes, `b2h8` does not.
    let game = standard_line("shogi", &["c3c4", "g7g6"]);
    let texts = standard_texts(&game);
    assert!(texts.contains(&"b2h8+".to_string()), "{texts:?}");
    assert!(texts.contains(&"b2h8".to_string()), "{texts:?}");
    // The REPL's own form still reads; `=` declines.
    let rules = game.rules();
    let pos = game.position();
    let promoted = parse_uci(rules, pos, "b2h8+").unwrap();
    assert_eq!(parse_uci(rules, pos, "b2h8+b").unwrap(), promoted);
    assert_eq!(to_uci(rules, &promoted), "b2h8+b");
    assert_eq!(
        parse_uci(rules, pos, "b2h8=").unwrap(),
        parse_uci(rules, pos, "b2h8").unwrap()
    );
    assert_ne!(parse_uci(rules, pos, "b2h8").unwrap(), promoted);
    // A drop of the piece taken.
    standard_line("shogi", &["c3c4", "g7g6", "b2h8+", "g9h8", "B@e5"]);
}

#[test]
fn crazyhouse_drops_are_the_piece_at_the_square() {
    standard_line("crazyhouse", &["e2e4", "d7d5", "e4d5", "g8f6", "P@e6"]);
}

#[test]
fn seirawan_gating_appends_the_piece_and_castling_gates_either_side() {
    standard_line("seirawan", &["g1f3h"]);
    let before = ["g1f3", "g8f6", "e2e3", "e7e6", "f1e2", "f8e7"];
    // On the king's square: the king's move and the piece; on the
    // rook's: the rook's square first.
    for castle in ["e1g1e", "e1g1h", "h1e1e", "h1e1h", "e1g1"] {
        let mut line = before.to_vec();
        line.push(castle);
        standard_line("seirawan", &line);
    }
    // The REPL's form of the same turn still reads.
    let game = standard_line("seirawan", &before);
    let rules = game.rules();
    let by_repl = parse_uci(rules, game.position(), "e1g1&H@h1").unwrap();
    assert_eq!(to_uci_standard(rules, &by_repl), "h1e1h");
    assert_eq!(parse_uci(rules, game.position(), "h1e1h").unwrap(), by_repl);
}

#[test]
fn shouse_drops_and_gates_in_one_game() {
    standard_line("shouse", &["e2e4", "d7d5", "e4d5", "g8f6h", "P@e6"]);
}

#[test]
fn xiangqi_tenth_rank_is_written_10() {
    standard_line("xiangqi", &["h3e3", "h10g8", "a1a2", "a10a9"]);
}

#[test]
fn capablanca_castling_is_the_king_move() {
    standard_line(
        "capablanca",
        &[
            "h2h3", "h7h6", "g1h2", "g8h7", "i1j3", "i8j6", "h1i3", "h8i6", "f1i1",
        ],
    );
    // A pawn promotes with the kind's letter.
    let rules = load("capablanca").unwrap();
    let pos = parse_fen(&rules, "5k4/1P8/10/10/10/10/10/5K4 w - - 0 1").unwrap();
    let game = Game::from_position(rules.clone(), pos, 0);
    let texts = standard_texts(&game);
    for p in ["b7b8q", "b7b8c", "b7b8a", "b7b8r", "b7b8b", "b7b8n"] {
        assert!(texts.contains(&p.to_string()), "{p} not in {texts:?}");
    }
    round_trip_all(&game);
}

#[test]
fn janggi_pass_is_the_king_square_twice() {
    let game = standard_line("janggi", &["e2e2", "e9e9"]);
    let rules = load("janggi").unwrap();
    let start = Game::new(rules.clone(), 0).unwrap();
    let pass = start
        .legal_moves()
        .into_iter()
        .find(|m| m.is_pass())
        .unwrap();
    assert_eq!(to_xboard_standard(&rules, &pass), "@@@@");
    assert_eq!(parse_uci(&rules, start.position(), "@@@@").unwrap(), pass);
    drop(game);
}

/// The standard texts of every legal turn of `fen` (the variant's start
/// when empty), sorted.
fn standard_listing(variant: &str, fen: &str) -> Vec<String> {
    let rules = load(variant).unwrap();
    let fen = if fen.is_empty() {
        rules.setup().clone()
    } else {
        fen.to_string()
    };
    let pos = parse_fen(&rules, &fen).unwrap();
    let game = Game::from_position(rules, pos, 0);
    round_trip_all(&game);
    let mut texts = standard_texts(&game);
    texts.sort();
    texts
}

#[test]
fn kyotoshogi_turns_over_with_plus_and_minus_as_fairy_stockfish_lists() {
    // `go perft 1` of Fairy-Stockfish (kyotoshogi), its texts sorted.
    let start = "a1a2- a1b2- b1a2+ b1b2+ b1c2+ c1b2 c1c2 c1d2 d1c2- d1d2- d1e2- e1e2+";
    assert_eq!(
        standard_listing("kyotoshogi", ""),
        start.split(' ').collect::<Vec<_>>()
    );
    // Drops either way up: `P@b1` and `+P@b1`.
    let drops = "+P@a2 +P@a3 +P@a4 +P@b1 +P@b2 +P@b3 +P@b4 +P@b5 +P@c1 +P@c2 +P@c4 +P@c5 +P@d1 +P@d2 +P@d3 +P@d4 +P@d5 +P@e1 +P@e2 +P@e3 +P@e4 +P@e5 P@a2 P@a3 P@a4 P@b1 P@b2 P@b3 P@b4 P@b5 P@c1 P@c2 P@c4 P@c5 P@d1 P@d2 P@d3 P@d4 P@d5 P@e1 P@e2 P@e3 P@e4 P@e5 a1a2 a1b1 a1b2";
    assert_eq!(
        standard_listing("kyotoshogi", "k4/5/2p2/5/K4[Pp] w - - 0 1"),
        drops.split(' ').collect::<Vec<_>>()
    );
}

/// Castling rules that share a wing, a side's start or a king's step:
/// every legal turn's coordinates read back to that turn. Two castlings
/// on one wing are both `O-O` (told apart as `O-O:1`, `O-O:2`) with their
/// own coordinates (`e1g1`, `e1e1`); rules written alike (`e1e1` twice)
/// and a castling that is also a king's step (`e1f1`) carry the rule's
/// name (`e1e1:odd_long`, `e1f1:step`), and the bare text still names
/// the one turn it can.
#[test]
fn every_castling_is_written_in_coordinates_that_read_back() {
    use changeling::notation::Notation;
    let odd = changeling::variants::load_str(
        "odd.variant",
        "variant odd : chess {\n castle odd { king = e1 -> e1  partner = h1 -> f1 }\n}",
    )
    .unwrap();
    let many = changeling::variants::load_str(
        "many.variant",
        "variant many : chess {\n castle odd_short { king = e1 -> e1  partner = h1 -> f1 }\n castle odd_long { king = e1 -> e1  partner = a1 -> d1 }\n castle step { king = e1 -> f1  partner = h1 -> e1 }\n}",
    )
    .unwrap();
    let fens = [
        "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1",
        "r3k2r/8/8/8/8/8/8/R3K2R b KQkq - 0 1",
        "r3k2r/pppppppp/8/8/8/8/PPPPPPPP/R3K2R w KQkq - 0 1",
        "4k2r/8/8/8/8/8/8/4K2R w Kk - 0 1",
    ];
    let mut castlings = 0;
    for (rules, name) in [(&odd, "odd"), (&many, "many")] {
        for fen in fens {
            let pos = parse_fen(rules, fen).unwrap();
            let notation = Notation::new(rules, &pos);
            for (i, m) in notation.turns().iter().enumerate() {
                let text = to_uci(rules, m);
                assert_eq!(
                    notation.read(&text),
                    Ok(m),
                    "{name}: {fen}: `{text}` ({})",
                    notation.san(i)
                );
                castlings +=
                    usize::from(matches!(m.kind, changeling::position::MoveKind::Castle(_)));
            }
        }
    }
    assert!(castlings >= 10, "{castlings}");
    // What is written for each castling of the full rank.
    let written = |rules: &changeling::Rules, fen: &str| -> Vec<(String, String)> {
        let pos = parse_fen(rules, fen).unwrap();
        let n = Notation::new(rules, &pos);
        let mut v: Vec<(String, String)> = (0..n.turns().len())
            .filter(|&i| matches!(n.turns()[i].kind, changeling::position::MoveKind::Castle(_)))
            .map(|i| (n.san(i).to_string(), to_uci(rules, &n.turns()[i])))
            .collect();
        v.sort();
        v
    };
    let pair = |a: &str, b: &str| (a.to_string(), b.to_string());
    assert_eq!(
        written(&odd, fens[0]),
        [
            pair("O-O-O", "e1c1"),
            pair("O-O:1", "e1g1"),
            pair("O-O:2", "e1e1")
        ]
    );
    assert_eq!(
        written(&many, fens[0]),
        [
            pair("O-O-O:1", "e1c1"),
            pair("O-O-O:2", "e1e1:odd_long"),
            pair("O-O:1", "e1g1"),
            pair("O-O:2", "e1e1:odd_short"),
            pair("O-O:3", "e1f1:step"),
        ]
    );
    // Bare, `e1f1` is the king's step; `e1e1` names two castlings; where
    // only one of them can be played, it is that one.
    let pos = parse_fen(&many, fens[0]).unwrap();
    let step = parse_move(&many, &pos, "e1f1").unwrap();
    assert!(
        matches!(step.kind, changeling::position::MoveKind::Normal),
        "{step:?}"
    );
    assert!(
        parse_move(&many, &pos, "e1e1")
            .unwrap_err()
            .reason
            .starts_with("ambiguous"),
    );
    let pos = parse_fen(&many, fens[3]).unwrap();
    assert_eq!(
        parse_move(&many, &pos, "e1e1"),
        parse_move(&many, &pos, "e1e1:odd_short")
    );
}
