//! The shogi family's mechanisms, on the catalogue's files: each kind's
//! own promoted form (`promotion_choices` on a kind that `promotes`,
//! letters `+P` in FEN and move text), promotion on leaving the zone
//! (`promote_from_zone`), pieces that may not be stranded
//! (`stranded_pieces`), captured promoted pieces entering the hand
//! unpromoted (`unpromoted`), the pawn-drop rules (`drop_file_limit`,
//! `mate_by_drop`), drops in a promoted form (`also_dropped_as`) and the
//! flag of Dobutsu Shogi's lion (`flag_ranks`, `flag_reply = safe`), with
//! exact move sets and the FEN after each move.

use crate::kit::{after, catalog, outcome_after, position, sorted, turns, turns_from};
use changeling::board::Color;
use changeling::game::Outcome;
use changeling::movegen::legal_moves;

/// `letter@sq` for every square of a `width` x `height` board on
/// `ranks` (absolute), but those on `files_out` and those in `taken`,
/// sorted.
fn drops_on(
    letter: &str,
    width: u8,
    ranks: &[u8],
    files_out: &[char],
    taken: &[&str],
) -> Vec<String> {
    let mut v = Vec::new();
    for &rank in ranks {
        for file in (b'a'..b'a' + width).map(char::from) {
            let sq = format!("{file}{rank}");
            if !files_out.contains(&file) && !taken.contains(&sq.as_str()) {
                v.push(format!("{letter}@{sq}"));
            }
        }
    }
    v.sort();
    v
}

#[test]
fn a_silver_may_promote_entering_leaving_or_within_the_zone() {
    let r = catalog("shogi");
    // From c6 (outside the zone) the steps onto rank 7 may promote, the
    // steps back may not.
    let fen = "4k4/9/9/2S6/9/9/9/9/4K4[] w - - 0 1";
    assert_eq!(
        turns_from(&r, fen, "c6"),
        sorted("c6b5 c6b7 c6b7+s c6c7 c6c7+s c6d5 c6d7 c6d7+s")
    );
    // From c7 (inside it) every move may promote, the steps out included.
    let fen = "4k4/9/2S6/9/9/9/9/9/4K4[] w - - 0 1";
    assert_eq!(
        turns_from(&r, fen, "c7"),
        sorted("c7b6 c7b6+s c7b8 c7b8+s c7c8 c7c8+s c7d6 c7d6+s c7d8 c7d8+s")
    );
    // The promoted silver moves as a gold, and FEN writes it `+S`.
    let fen2 = after(&r, fen, "c7c8+s");
    assert_eq!(fen2, "4k4/2+S6/9/9/9/9/9/9/4K4[] b - - 1 1");
    let back = fen2.replace(" b ", " w ");
    assert_eq!(
        turns_from(&r, &back, "c8"),
        sorted("c8b8 c8b9 c8c7 c8c9 c8d8 c8d9")
    );
}

#[test]
fn a_piece_that_could_never_move_again_must_promote() {
    let r = catalog("shogi");
    // A pawn and a lance reaching the last rank, a knight the last two:
    // only the promoting moves stay.
    let fen = "4k4/2P6/9/9/9/9/9/9/4K4[] w - - 0 1";
    assert_eq!(turns_from(&r, fen, "c8"), sorted("c8c9+p"));
    let fen = "4k4/9/9/9/9/9/9/L8/4K4[] w - - 0 1";
    let lance = turns_from(&r, fen, "a2");
    assert!(lance.contains(&"a2a9+l".to_string()), "{lance:?}");
    assert!(!lance.contains(&"a2a9".to_string()), "{lance:?}");
    assert!(lance.contains(&"a2a8".to_string()), "{lance:?}");
    assert!(lance.contains(&"a2a8+l".to_string()), "{lance:?}");
    let fen = "4k4/9/9/2N6/9/9/9/9/4K4[] w - - 0 1";
    assert_eq!(turns_from(&r, fen, "c6"), sorted("c6b8+n c6d8+n"));
    let fen = "4k4/9/9/9/2N6/9/9/9/4K4[] w - - 0 1";
    assert_eq!(turns_from(&r, fen, "c5"), sorted("c5b7 c5b7+n c5d7 c5d7+n"));
    // Nor is a pawn, lance or knight dropped where it could not move.
    let fen = "4k4/9/9/9/9/9/9/9/4K4[N] w - - 0 1";
    let knights = turns_from(&r, fen, "N@");
    assert_eq!(
        knights,
        drops_on("N", 9, &[1, 2, 3, 4, 5, 6, 7], &[], &["e1"])
    );
}

#[test]
fn a_captured_promoted_piece_enters_the_hand_unpromoted() {
    let r = catalog("shogi");
    let fen = "4k4/9/9/4p4/4+P4/9/9/9/4K4[] b - - 0 1";
    assert_eq!(
        after(&r, fen, "e6e5"),
        "4k4/9/9/9/4p4/9/9/9/4K4[p] w - - 0 2"
    );
    // And a dragon as a rook.
    let fen = "4k4/9/9/4p4/4+R4/9/9/9/4K4[] b - - 0 1";
    assert_eq!(
        after(&r, fen, "e6e5"),
        "4k4/9/9/9/4p4/9/9/9/4K4[r] w - - 0 2"
    );
}

#[test]
fn no_pawn_is_dropped_beside_an_unpromoted_pawn_of_its_side() {
    let r = catalog("shogi");
    // White's pawn on e3 closes the e-file to its drops; rank 9 is
    // closed to pawns (they could not move there). A tokin does not
    // count, nor does Black's pawn.
    let fen = "4k4/9/9/9/2+P6/9/4P4/6p2/4K4[P] w - - 0 1";
    assert_eq!(
        turns_from(&r, fen, "P@"),
        drops_on("P", 9, &[1, 2, 3, 4, 5, 6, 7, 8], &['e'], &["c5", "g2"])
    );
    // Tori Shogi allows two swallows of a side on a file, not three.
    let r = catalog("torishogi");
    let fen = "3k3/7/7/2S4/2S4/3S3/3K3[S] w - - 0 1";
    let drops = turns_from(&r, fen, "S@");
    assert!(!drops.iter().any(|d| d.starts_with("S@c")), "{drops:?}");
    assert!(drops.contains(&"S@d4".to_string()), "{drops:?}");
}

#[test]
fn a_pawn_drop_may_check_but_not_mate() {
    let r = catalog("shogi");
    // The gold on e7 guards d8, e8 and f8; the lances cannot reach e8.
    // A pawn dropped on e8 would mate: it is not allowed. A gold dropped
    // there mates, and is.
    let fen = "3lkl3/9/4G4/9/9/9/9/9/4K4[PG] w - - 0 1";
    let all = turns(&r, fen);
    assert!(!all.contains(&"P@e8".to_string()));
    assert!(all.contains(&"G@e8".to_string()));
    assert!(all.contains(&"P@a8".to_string()));
    let mated = position(&r, &after(&r, fen, "G@e8"));
    assert!(legal_moves(&r, &mated).is_empty());
    // Without the gold the king takes the pawn: the check is allowed.
    let fen = "3lkl3/9/9/9/9/9/9/9/4K4[P] w - - 0 1";
    assert!(turns(&r, fen).contains(&"P@e8".to_string()));
}

#[test]
fn euroshogi_promotion_is_compulsory_in_and_out_of_the_zone() {
    let r = catalog("euroshogi");
    // A knight (ffN and sideways steps) on c5 leaving for rank 7 must
    // promote; its sideways steps stay outside and do not.
    let fen = "4k3/8/8/2N5/8/8/8/4K3[] w - - 0 1";
    assert_eq!(turns_from(&r, fen, "c5"), sorted("c5b5 c5b7+n c5d5 c5d7+n"));
    // A rook in the zone promotes on every move, leaving it or not.
    let fen = "4k3/8/R7/8/8/8/8/4K3[] w - - 0 1";
    let rook = turns_from(&r, fen, "a6");
    assert!(!rook.is_empty());
    assert!(rook.iter().all(|t| t.ends_with("+r")), "{rook:?}");
}

#[test]
fn kyoto_pieces_turn_over_and_drop_either_way_up() {
    let r = catalog("kyotoshogi");
    // The pawn turns into its rook side as it moves (a forced change,
    // which coordinates leave out).
    let fen = "k4/5/5/2P2/4K[] w - - 0 1";
    assert_eq!(turns_from(&r, fen, "c2"), sorted("c2c3"));
    assert_eq!(after(&r, fen, "c2c3"), "k4/5/2+P2/5/4K[] b - - 1 1");
    // A held pawn drops as a pawn or as its rook side, each empty square
    // once each way; either leaves the hand empty.
    let fen = "k4/5/5/5/4K[P] w - - 0 1";
    let mut expected = drops_on("P", 5, &[1, 2, 3, 4, 5], &[], &["a5", "e1"]);
    expected.extend(drops_on("+P", 5, &[1, 2, 3, 4, 5], &[], &["a5", "e1"]));
    expected.sort();
    let mut drops: Vec<String> = turns(&r, fen)
        .into_iter()
        .filter(|t| t.contains('@'))
        .collect();
    drops.sort();
    assert_eq!(drops, expected);
    assert_eq!(after(&r, fen, "+P@c3"), "k4/5/2+P2/5/4K[] b - - 1 1");
    assert_eq!(after(&r, fen, "P@c3"), "k4/5/2P2/5/4K[] b - - 1 1");
}

#[test]
fn micro_pieces_turn_over_only_when_they_capture() {
    let r = catalog("micro");
    let fen = "k3/4/1p2/1R2/3K[] w - - 0 1";
    let rook = turns_from(&r, fen, "b2");
    assert!(rook.contains(&"b2b3+r".to_string()), "{rook:?}");
    assert!(!rook.contains(&"b2b3".to_string()), "{rook:?}");
    assert!(rook.contains(&"b2a2".to_string()), "{rook:?}");
    assert!(!rook.contains(&"b2a2+r".to_string()), "{rook:?}");
    // The captured pawn enters White's hand.
    assert_eq!(after(&r, fen, "b2b3+r"), "k3/4/1+R2/4/3K[P] b - - 0 1");
}

#[test]
fn dobutsu_lion_wins_on_the_far_rank_only_unattacked() {
    let r = catalog("dobutsu");
    let won = |reason: &str| {
        Some(Outcome::Decisive {
            winner: Color::White,
            reason: reason.to_string(),
        })
    };
    // Nothing attacks b4: the lion's arrival wins at once.
    let fen = "3/1L1/l2/3[] w - - 0 1";
    assert_eq!(
        outcome_after(&r, fen, &["b3b4"]),
        won("White's lion reached b4")
    );
    // The giraffe on a4 attacks b4: play goes on, and the lion wins as
    // soon as the giraffe steps away without taking it.
    let fen = "g2/1L1/l2/3[] w - - 0 1";
    assert_eq!(outcome_after(&r, fen, &["b3b4"]), None);
    assert_eq!(outcome_after(&r, fen, &["b3b4", "a2b2"]), None);
    assert_eq!(
        outcome_after(&r, fen, &["b3b4", "a4a3"]),
        won("White's lion held b4")
    );
    // Black's far rank is rank 1, where its lion wins; White's lion
    // there wins nothing.
    let fen = "3/1L1/l2/3[] b - - 0 1";
    assert_eq!(
        outcome_after(&r, fen, &["a2a1"]),
        Some(Outcome::Decisive {
            winner: Color::Black,
            reason: "Black's lion reached a1".to_string(),
        })
    );
    let fen = "l2/3/1L1/3[] w - - 0 1";
    assert_eq!(outcome_after(&r, fen, &["b2b1"]), None);
    // Taking the lion wins by extinction.
    let fen = "3/3/1l1/1L1[] b - - 0 1";
    assert_eq!(
        outcome_after(&r, fen, &["b2b1"]),
        Some(Outcome::Decisive {
            winner: Color::Black,
            reason: "White has no lion left".to_string(),
        })
    );
}
