//! A move reached two ways is one move (DESIGN.md, "Moves are effect
//! lists"): pieces whose leap lands where their slide or hop also goes
//! (`tests/perft/overlap.variant`), and drops that both a `drops` section
//! and a drops mutator allow (`tests/perft/drops.variant`). Move lists are
//! compared with their repeats, so a move listed twice fails.

use crate::kit::{position, sorted};
use changeling::movegen::{legal_moves, perft};
use changeling::notation::{parse_fen, to_uci};
use changeling::rules::Rules;
use changeling::variants::load;
use std::sync::Arc;

fn overlap() -> Arc<Rules> {
    load("tests/perft/overlap.variant").unwrap()
}

/// The legal moves of the piece on `from` in `fen`: `d6` for a quiet
/// move, `xd6` for a capture, sorted, repeats kept.
fn moves_from(rules: &Rules, fen: &str, from: &str) -> Vec<String> {
    let pos = position(rules, fen);
    let from = rules.geometry().parse_square(from).unwrap();
    let mut v: Vec<String> = legal_moves(rules, &pos)
        .iter()
        .filter(|m| m.from == from && !m.is_drop())
        .map(|m| {
            let x = if m.captured.is_some() { "x" } else { "" };
            format!("{x}{}", rules.geometry().name(m.to))
        })
        .collect();
    v.sort();
    v
}

/// Perft at the last ply counts moves without building them; both ways
/// must agree, without repeats.
fn counts_agree(rules: &Rules, fen: &str) {
    let pos = position(rules, fen);
    let moves = legal_moves(rules, &pos);
    let distinct: std::collections::HashSet<_> = moves.iter().collect();
    assert_eq!(distinct.len(), moves.len(), "{fen}: a move is listed twice");
    assert_eq!(perft(rules, &pos, 1), moves.len() as u64, "{fen}");
}

#[test]
fn rook_dabbaba_on_an_empty_board_has_the_rooks_fourteen_moves() {
    // The dabbaba's d6, d2, b4 and f4 are rook squares too.
    let r = overlap();
    assert_eq!(
        moves_from(&r, "4k3/8/8/8/3X4/8/8/4K3 w - - 0 1", "d4"),
        sorted("a4 b4 c4 e4 f4 g4 h4 d1 d2 d3 d5 d6 d7 d8")
    );
    counts_agree(&r, "4k3/8/8/8/3X4/8/8/4K3 w - - 0 1");
}

#[test]
fn rook_dabbaba_jumps_where_its_slide_is_blocked() {
    // Up: the own knight on d5 stops the slide; the leap takes on d6.
    // Left: c4, then b4 taken by the slide and by the leap: one capture.
    // Right: e4, then the own knight on f4 (the leap lands on it: none).
    // Down: d3, then d2 taken both ways: one capture.
    let r = overlap();
    let fen = "4k3/8/3n4/3N4/1n1X1N2/8/3n4/4K3 w - - 0 1";
    assert_eq!(moves_from(&r, fen, "d4"), sorted("xd6 c4 xb4 e4 d3 xd2"));
    counts_agree(&r, fen);
}

#[test]
fn bishop_alfil_and_queen_dabbaba() {
    let r = overlap();
    // The bishop-alfil on d4: the bishop's 13 squares, the alfil's four
    // (b2, b6, f2, f6) among them.
    assert_eq!(
        moves_from(&r, "4k3/8/8/8/3Y4/8/8/7K w - - 0 1", "d4"),
        sorted("a1 b2 c3 e5 f6 g7 h8 a7 b6 c5 e3 f2 g1")
    );
    // With a friend on e5 and an enemy on c3: the alfil jumps to f6
    // (and no further, the slide stops at e5), the capture on c3 is
    // the bishop's alone, b2 is out of the slide's reach and the
    // alfil's b2 leap jumps c3.
    assert_eq!(
        moves_from(&r, "4k3/8/8/4N3/3Y4/2n5/8/K7 w - - 0 1", "d4"),
        sorted("f6 xc3 b2 a7 b6 c5 e3 f2 g1")
    );
    // The queen-dabbaba on d4: the queen's 27 squares.
    let z = moves_from(&r, "8/7k/8/8/3Z4/8/8/1K6 w - - 0 1", "d4");
    assert_eq!(z.len(), 27, "{z:?}");
    counts_agree(&r, "4k3/8/8/4N3/3Y4/2n5/8/K7 w - - 0 1");
    counts_agree(&r, "8/7k/8/8/3Z4/8/8/1K6 w - - 0 1");
}

#[test]
fn cannon_dabbaba_captures_over_a_screen_once() {
    // mRcpRD on d4. Up: d5 holds a screen, the enemy on d6 is taken by
    // the hop and by the leap: one capture. Left: c4 empty, b4 empty (a
    // slide and a leap to the same square: one move), a4. Right: the
    // enemy on e4 cannot be taken (the cannon captures only by hopping,
    // the leap lands on f4), f4 empty by the leap. Down: d3, d2 (slide
    // and leap, one move), d1.
    let r = overlap();
    let fen = "4k3/8/3n4/3P4/3Op3/8/8/K7 w - - 0 1";
    assert_eq!(
        moves_from(&r, fen, "d4"),
        sorted("xd6 c4 b4 a4 f4 d3 d2 d1")
    );
    counts_agree(&r, fen);
}

#[test]
fn a_piece_without_overlap_is_unchanged() {
    // The perft counts of the FIDE pieces (tests/perft/chess.perft) stay;
    // here a rook beside the rook-dabbaba keeps its 14 moves.
    let r = overlap();
    let fen = "4k3/8/8/8/3X4/8/R7/4K3 w - - 0 1";
    assert_eq!(moves_from(&r, fen, "a2").len(), 14);
}

// ---------------------------------------------------------------- drops

#[test]
fn a_drop_allowed_by_the_section_and_the_mutator_is_one_move() {
    let r = load("tests/perft/drops.variant").unwrap();
    let fen = "4k3/8/8/8/8/8/8/4K3[NP] w - - 0 1";
    let pos = parse_fen(&r, fen).unwrap();
    let moves = legal_moves(&r, &pos);
    let drops: Vec<String> = moves
        .iter()
        .filter(|m| m.is_drop())
        .map(|m| to_uci(&r, m))
        .collect();
    let distinct: std::collections::HashSet<&String> = drops.iter().collect();
    assert_eq!(distinct.len(), drops.len(), "{drops:?}");
    // The knight on every empty square; the pawn off rank 8, rank 1 too
    // (the mutator's rule).
    let knight = drops.iter().filter(|d| d.starts_with("N@")).count();
    let pawn: Vec<&String> = drops.iter().filter(|d| d.starts_with("P@")).collect();
    assert_eq!(knight, 62);
    assert_eq!(pawn.len(), 55);
    assert!(drops.contains(&"P@a1".to_string()));
    assert!(!drops.contains(&"P@a8".to_string()));
    assert_eq!(perft(&r, &pos, 1), 122);
}
