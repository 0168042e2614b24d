//! Captures by withdrawal, approach and leap as built-in capture modes
//! (`capture = withdrawal` ...) against the script library's Withdrawer,
//! Advancer and Long Leaper (`scripts/withdrawer.rhai` ...), which the
//! same variants used before: seeded random games of each variant, played
//! in both forms at once, must offer the same legal turns (with the
//! squares each captures on), reach the same positions and end alike.

use crate::kit::XorShift;
use changeling::notation::{to_fen, to_uci};
use changeling::position::Effect;
use changeling::rules::Rules;
use changeling::variants::{embedded, load, load_str};
use changeling::{Game, Move};
use std::sync::Arc;

/// `text` with each `(from, to)` replaced, every one of them found.
fn rewrite(text: &str, edits: &[(&str, &str)]) -> String {
    let mut out = text.to_string();
    for (from, to) in edits {
        assert!(out.contains(from), "`{from}` is not in the variant");
        out = out.replace(from, to);
    }
    out
}

/// The variant `name` (embedded, or a file) with its three mode pieces
/// scripted again by `edits`, as they were before the modes existed.
fn scripted_twin(name: &str, edits: &[(&str, &str)]) -> Arc<Rules> {
    let text = match embedded(name) {
        Some(text) => text.to_string(),
        None => std::fs::read_to_string(name).unwrap_or_else(|e| panic!("{name}: {e}")),
    };
    let twin = rewrite(&text, edits);
    load_str(name, &twin).unwrap_or_else(|e| panic!("{e}"))
}

/// Each legal turn as `e2e4`, with `xSQ` for each square it captures on,
/// sorted, with the turn.
fn turns(game: &Game) -> Vec<(String, Move)> {
    let rules = game.rules();
    let mut v: Vec<(String, Move)> = game
        .legal_moves()
        .into_iter()
        .map(|m| {
            let mut s = to_uci(rules, &m);
            for e in m.effects(rules) {
                if let Effect::Capture { square, .. } = e {
                    s.push('x');
                    s.push_str(&rules.geometry.name(square));
                }
            }
            (s, m)
        })
        .collect();
    v.sort_by(|x, y| x.0.cmp(&y.0));
    v
}

/// Plays `games` seeded random games of `a` and `b` side by side, at
/// most `plies` turns each, checking that they agree turn by turn.
/// Returns how many of the turns compared were captures by a piece of a
/// kind in `movers`.
fn agree(a: &Arc<Rules>, b: &Arc<Rules>, games: u64, plies: usize, movers: &[&str]) -> usize {
    let mut mode_captures = 0;
    for seed in 0..games {
        let mut ga = Game::new(a.clone(), seed).unwrap();
        let mut gb = Game::new(b.clone(), seed).unwrap();
        let mut rng = XorShift(seed * 7919 + 17);
        for ply in 0..plies {
            let fen = to_fen(a, ga.position());
            assert_eq!(fen, to_fen(b, gb.position()), "seed {seed}, ply {ply}");
            assert_eq!(ga.outcome(), gb.outcome(), "outcome of {fen}");
            let (ta, tb) = (turns(&ga), turns(&gb));
            let texts = |t: &[(String, Move)]| t.iter().map(|x| x.0.clone()).collect::<Vec<_>>();
            assert_eq!(texts(&ta), texts(&tb), "turns of {fen}");
            if ga.outcome().is_some() || ta.is_empty() {
                break;
            }
            mode_captures += ta
                .iter()
                .filter(|(s, m)| {
                    s.contains('x') && movers.contains(&a.piece(m.piece.kind).name.as_str())
                })
                .count();
            let i = rng.below(ta.len());
            ga.push(ta[i].1);
            gb.push(tb[i].1);
        }
    }
    mode_captures
}

#[test]
fn mutatis_mutandis_modes_play_as_the_scripts_did() {
    let native = load("mutatis-mutandis").unwrap();
    let twin = scripted_twin(
        "mutatis-mutandis",
        &[
            ("capture = withdrawal", "attacks_within = \"K\""),
            ("capture = approach", "attacks_within = \"Q\""),
            ("capture = leap", "attacks_within = \"Q\""),
            (
                "capture = imitate  script_imitates = [swapper, archer, secutor]",
                "",
            ),
            (
                "pieces = [archer, swapper, maoking, oxybeles, secutor, chameleon]",
                "pieces = [archer, swapper, maoking, oxybeles, secutor]\n        replace = [withdrawer, advancer, long_leaper, chameleon]",
            ),
        ],
    );
    let compared = agree(
        &native,
        &twin,
        12,
        120,
        &["withdrawer", "advancer", "long_leaper", "chameleon"],
    );
    assert!(compared > 0, "no capture by a mode piece was compared");
}

#[test]
fn rococo_modes_play_as_the_scripts_did() {
    let file = "examples/variants/rococo.variant";
    let native = load(file).unwrap();
    let twin = scripted_twin(
        file,
        &[
            ("capture = withdrawal ", ""),
            ("capture = approach ", ""),
            ("capture = leap ", ""),
            ("capture = imitate script_imitates = [swapper] ", ""),
            (
                "pieces = [swapper, cannonpawn, chameleon]",
                "pieces = [swapper, cannonpawn]\n        replace = [chameleon, withdrawer, advancer, long_leaper]",
            ),
        ],
    );
    let compared = agree(
        &native,
        &twin,
        6,
        150,
        &["withdrawer", "advancer", "long_leaper", "chameleon"],
    );
    assert!(compared > 0, "no capture by a mode piece was compared");
}
