//! Promotion choices per side (`white_promotion_choices`,
//! `black_promotion_choices`) on the built-in `chigorin` and
//! `sortofalmost`: each side's pawn is offered its own army's pieces, as
//! exact move sets, and the position after each promotion.

use crate::kit::{after, sorted, turns};
use changeling::rules::Rules;
use changeling::variants::{load, load_str};
use std::sync::Arc;

fn variant(name: &str) -> Arc<Rules> {
    load(name).unwrap_or_else(|e| panic!("{name}: {e}"))
}

/// The legal turns of `fen` that start on `from`, sorted.
fn from(rules: &Rules, fen: &str, from: &str) -> Vec<String> {
    turns(rules, fen)
        .into_iter()
        .filter(|t| t.starts_with(from))
        .collect()
}

#[test]
fn chigorin_sides_promote_to_their_own_armies() {
    let rules = variant("chigorin");
    // White: chancellor, rook or knight.
    let white = "8/1k5P/8/8/8/3K4/p7/8 w - - 0 1";
    assert_eq!(from(&rules, white, "h7"), sorted("h7h8c h7h8r h7h8n"));
    assert_eq!(
        after(&rules, white, "h7h8c"),
        "7C/1k6/8/8/8/3K4/p7/8 b - - 0 1"
    );
    // Black: queen, rook or bishop.
    let black = "8/1k5P/8/8/8/3K4/p7/8 b - - 0 1";
    assert_eq!(from(&rules, black, "a2"), sorted("a2a1q a2a1r a2a1b"));
    assert_eq!(
        after(&rules, black, "a2a1b"),
        "8/1k5P/8/8/8/3K4/8/b7 w - - 0 2"
    );
}

#[test]
fn sortofalmost_white_has_the_chancellor_and_black_the_queen() {
    let rules = variant("sortofalmost");
    let white = "8/1k5P/8/8/8/3K4/p7/8 w - - 0 1";
    assert_eq!(from(&rules, white, "h7"), sorted("h7h8c h7h8r h7h8b h7h8n"));
    let black = "8/1k5P/8/8/8/3K4/p7/8 b - - 0 1";
    assert_eq!(from(&rules, black, "a2"), sorted("a2a1q a2a1r a2a1b a2a1n"));
}

#[test]
fn one_side_without_choices_keeps_its_pawns_off_the_last_rank() {
    // White's list is empty: its pawn on the seventh rank cannot move
    // on, and a White pawn standing on the eighth is accepted; Black's
    // pawns still promote, to the shared list.
    let rules = load_str(
        "one_side.variant",
        r#"variant one_side : chess {
            pawns {
                promotion_choices = [queen, knight]
                white_promotion_choices = []
            }
            setup = "4k3/7P/8/8/8/8/p7/4K3 w - - 0 1"
        }"#,
    )
    .unwrap_or_else(|e| panic!("{e}"));
    let fen = "4k3/7P/8/8/8/8/p7/4K3 w - - 0 1";
    assert_eq!(from(&rules, fen, "h7"), Vec::<String>::new());
    let fen = "4k3/7P/8/8/8/8/p7/4K3 b - - 0 1";
    assert_eq!(from(&rules, fen, "a2"), sorted("a2a1q a2a1n"));
    assert!(changeling::notation::parse_fen(&rules, "3Pk3/8/8/8/8/8/8/4K3 b - - 0 1").is_ok());
    assert!(changeling::notation::parse_fen(&rules, "4k3/8/8/8/8/8/8/3pK3 w - - 0 1").is_err());
}

/// Wolf Chess (built in as `wolf`): the pawn's own `promotion_choices`
/// add the elephant, the sergeant keeps the `pawns` list; both
/// double-step from their second rank and from b3, c3, f3 and g3
/// (`double_step_squares`, mirrored for Black), not from d3 or e3.
#[test]
fn choices_and_double_steps_per_pawn_kind() {
    let r = variant("wolf");
    let fen = "8/k5SP/8/8/8/8/8/8/8/7K w - - 0 1";
    assert_eq!(
        from(&r, fen, "h9"),
        sorted("h9h10b h9h10e h9h10f h9h10q h9h10r h9h10w")
    );
    assert_eq!(
        from(&r, fen, "g9"),
        sorted(
            "g9g10b g9g10f g9g10q g9g10r g9g10w g9h10b g9h10f g9h10q g9h10r g9h10w g9f10b g9f10f g9f10q g9f10r g9f10w"
        )
    );
    let start = "qwfrbbnk/pssppssp/1pp2pp1/8/8/8/8/1PP2PP1/PSSPPSSP/KNBBRFWQ w - - 0 1";
    assert_eq!(from(&r, start, "c3"), sorted("c3c4 c3c5"));
    let third = "qwfrbbnk/pssppssp/1pp2pp1/8/8/8/8/1PP1PPP1/PSSP1SSP/KNBBRFWQ w - - 0 1";
    assert_eq!(from(&r, third, "e3"), sorted("e3e4"));
    let black = start.replace(" w ", " b ");
    assert_eq!(from(&r, &black, "b8"), sorted("b8b7 b8b6"));
}
