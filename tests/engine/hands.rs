//! Hands fed by captures (a drops mutator): where each kind may be
//! dropped (`drop_ranks`), and what a captured promoted piece enters the
//! hand as (`demote`), on the built-in `crazyhouse`, `loop` and
//! `chessgi`, with exact move sets and the FEN after each move.

use crate::kit::{after, position, turns};
use changeling::notation::to_fen;
use changeling::rules::Rules;
use changeling::variants::{load, load_str};
use std::sync::Arc;

fn variant(name: &str) -> Arc<Rules> {
    load(name).unwrap_or_else(|e| panic!("{name}: {e}"))
}

/// The drops of `letter` (`P@e4`) among the legal turns of `fen`, sorted.
fn drops(rules: &Rules, fen: &str, letter: char) -> Vec<String> {
    let prefix = format!("{letter}@");
    turns(rules, fen)
        .into_iter()
        .filter(|t| t.starts_with(&prefix))
        .collect()
}

/// `letter@sq` for every square of `ranks` (absolute, 1 to 8) but those
/// in `except`, sorted.
fn drop_set(letter: char, ranks: &[u8], except: &[&str]) -> Vec<String> {
    let mut v = Vec::new();
    for &rank in ranks {
        for file in 'a'..='h' {
            let sq = format!("{file}{rank}");
            if !except.contains(&sq.as_str()) {
                v.push(format!("{letter}@{sq}"));
            }
        }
    }
    v.sort();
    v
}

#[test]
fn crazyhouse_pawns_drop_on_ranks_two_to_seven_only() {
    let rules = variant("crazyhouse");
    let fen = "4k3/8/8/8/8/8/8/4K3[Pn] w - - 0 1";
    assert_eq!(
        drops(&rules, fen, 'P'),
        drop_set('P', &[2, 3, 4, 5, 6, 7], &[])
    );
    // Black's count mirrors White's: its ranks 2 to 7 are ranks 7 to 2.
    let fen = "4k3/8/8/8/8/8/8/4K3[np] b - - 0 1";
    assert_eq!(
        drops(&rules, fen, 'P'),
        drop_set('P', &[2, 3, 4, 5, 6, 7], &[])
    );
    // Other kinds drop on every empty square, the back ranks included.
    assert_eq!(
        drops(&rules, fen, 'N'),
        drop_set('N', &[1, 2, 3, 4, 5, 6, 7, 8], &["e1", "e8"])
    );
    // The published count this rule fixes: seven first-rank pawn drops
    // a side fewer than with pawns barred from the last rank only.
    let pos = position(&rules, "2k5/8/8/8/8/8/8/4K3[QRBNPqrbnp] w - - 0 1");
    assert_eq!(changeling::movegen::perft(&rules, &pos, 1), 301);
}

#[test]
fn loop_bars_the_same_ranks_and_chessgi_opens_the_first() {
    let fen = "4k3/8/8/8/8/8/8/4K3[P] w - - 0 1";
    let middle = drop_set('P', &[2, 3, 4, 5, 6, 7], &[]);
    assert_eq!(drops(&variant("loop"), fen, 'P'), middle);
    let mut chessgi = drop_set('P', &[1, 2, 3, 4, 5, 6, 7], &["e1"]);
    chessgi.sort();
    assert_eq!(drops(&variant("chessgi"), fen, 'P'), chessgi);
}

#[test]
fn a_promoted_piece_is_marked_and_keeps_its_mark_as_it_moves() {
    let rules = variant("crazyhouse");
    // The promotion marks the new queen, and FEN writes the mark.
    let promoted = after(&rules, "4k3/8/8/8/8/8/Kp6/8[] b - - 0 1", "b2b1q");
    assert_eq!(promoted, "4k3/8/8/8/8/8/K7/1q~6[] w - - 0 2");
    // The mark moves with the piece.
    let moved = after(&rules, &promoted, "a2a3");
    let moved = after(&rules, &moved, "b1b5");
    assert_eq!(moved, "4k3/8/8/1q~6/8/K7/8/8[] w - - 2 3");
    // A position read with the mark differs from one without it.
    let marked = position(&rules, "4k3/1Q~6/8/8/8/8/8/K7[] w - - 0 1");
    let plain = position(&rules, "4k3/1Q6/8/8/8/8/8/K7[] w - - 0 1");
    assert_ne!(marked.hash(), plain.hash());
    assert_eq!(to_fen(&rules, &marked), "4k3/1Q~6/8/8/8/8/8/K7[] w - - 0 1");
}

#[test]
fn crazyhouse_demotes_a_captured_promoted_piece_and_loop_does_not() {
    let fen = "4k3/1Q~6/8/8/4b3/8/Kpp5/8[] b - - 0 1";
    // Crazyhouse: the promoted queen enters Black's hand as a pawn.
    assert_eq!(
        after(&variant("crazyhouse"), fen, "e4b7"),
        "4k3/1b6/8/8/8/8/Kpp5/8[p] w - - 0 2"
    );
    // An unmarked queen enters as a queen.
    assert_eq!(
        after(&variant("crazyhouse"), &fen.replace("Q~", "Q"), "e4b7"),
        "4k3/1b6/8/8/8/8/Kpp5/8[q] w - - 0 2"
    );
    // Loop Chess and Chessgi: as the queen it is; the mark is read and
    // not written, as nothing depends on it.
    for name in ["loop", "chessgi"] {
        let rules = variant(name);
        assert_eq!(
            after(&rules, fen, "e4b7"),
            "4k3/1b6/8/8/8/8/Kpp5/8[q] w - - 0 2",
            "{name}"
        );
        assert_eq!(
            after(&rules, "4k3/8/8/8/8/8/Kp6/8[] b - - 0 1", "b2b1q"),
            "4k3/8/8/8/8/8/K7/1q6[] w - - 0 2",
            "{name}"
        );
    }
}

#[test]
fn drop_ranks_narrow_a_drops_section_too() {
    // A `drops` section allows ranks 1 to 4; the knight's own ranks are 3
    // and 4, so it drops on their empty squares only.
    let rules = load_str(
        "narrow.variant",
        r#"variant narrow : chess {
            pocket { capacity = 1 }
            drops { ranks = [1, 2, 3, 4] }
            piece knight { drop_ranks = [3, 4] }
            setup = "4k3/8/8/8/8/8/8/4K3[N] w - - 0 1"
        }"#,
    )
    .unwrap_or_else(|e| panic!("{e}"));
    let fen = "4k3/8/8/8/3p4/8/8/4K3[N] w - - 0 1";
    assert_eq!(drops(&rules, fen, 'N'), drop_set('N', &[3, 4], &["d4"]));
    let fen = "4k3/8/8/8/8/8/8/4K3[n] b - - 0 1";
    assert_eq!(drops(&rules, fen, 'N'), drop_set('N', &[5, 6], &[]));
}

/// Pocket Knight (built in as `pocketknight`): the setup's knights are
/// dropped on any empty square, but a capture keeps nothing
/// (`keep_captures = false`), so the hands empty for good.
#[test]
fn pocketknight_hands_hold_only_what_the_setup_gave() {
    let r = variant("pocketknight");
    let start = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[Nn] w KQkq - 0 1";
    assert_eq!(drops(&r, start, 'N'), drop_set('N', &[3, 4, 5, 6], &[]));
    // 1. e4 d5 2. exd5: White's capture leaves both hands as they were.
    let fen = after(&r, start, "e2e4");
    let fen = after(&r, &fen, "d7d5");
    let fen = after(&r, &fen, "e4d5");
    assert_eq!(
        fen,
        "rnbqkbnr/ppp1pppp/8/3P4/8/8/PPPP1PPP/RNBQKBNR[Nn] b KQkq - 0 2"
    );
    // Once dropped, a knight is gone from the hand.
    let fen = after(&r, &fen, "N@c6");
    assert_eq!(
        fen,
        "rnbqkbnr/ppp1pppp/2n5/3P4/8/8/PPPP1PPP/RNBQKBNR[N] w KQkq - 1 3"
    );
    assert_eq!(drops(&r, &fen, 'n'), Vec::<String>::new());
}
