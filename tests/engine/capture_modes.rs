//! The built-in capture modes (`capture = withdrawal`, `shoot`, `swap`
//! ...) against the script library's pieces (`scripts/withdrawer.rhai`,
//! `archer.rhai` ...), which the same variants used before: seeded random games of each variant, played
//! in both forms at once, must offer the same legal turns (with the
//! squares each captures on), reach the same positions and end alike.

use crate::kit::XorShift;
use changeling::notation::{to_fen, to_uci};
use changeling::position::Effect;
use changeling::rules::Rules;
use changeling::variants::{embedded, load, load_str};
use changeling::{Game, Move};
use std::collections::BTreeMap;
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

/// The variant `name` (embedded, or a file) with its mode pieces
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
/// `oSQ` for each piece it recruits and `sSQ` for each swap, sorted, with
/// the turn.
fn turns(game: &Game) -> Vec<(String, Move)> {
    let rules = game.rules();
    let mut v: Vec<(String, Move)> = game
        .legal_moves()
        .into_iter()
        .map(|m| {
            let mut s = to_uci(rules, &m);
            for e in m.effects(rules) {
                let (mark, square) = match e {
                    Effect::Capture { square, .. } => ('x', square),
                    Effect::SetOwner { square, .. } => ('o', square),
                    Effect::Swap(_, square) => ('s', square),
                    _ => continue,
                };
                s.push(mark);
                s.push_str(&rules.geometry().name(square));
            }
            (s, m)
        })
        .collect();
    v.sort_by(|x, y| x.0.cmp(&y.0));
    v
}

/// Plays `games` seeded random games of `a` and `b` side by side, at
/// most `plies` turns each, checking that they agree turn by turn.
/// Returns, for each kind in `movers`, how many of the turns compared
/// were captures, recruitments or swaps by a piece of that kind.
fn agree(
    a: &Arc<Rules>,
    b: &Arc<Rules>,
    games: u64,
    plies: usize,
    movers: &[&str],
) -> BTreeMap<String, usize> {
    let mut counts = BTreeMap::new();
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
            for (s, m) in &ta {
                let name = a.piece(m.piece.kind).name.as_str();
                if s.contains(['x', 'o', 's']) && movers.contains(&name) {
                    *counts.entry(name.to_string()).or_insert(0) += 1;
                }
            }
            let i = rng.below(ta.len());
            ga.push(ta[i].1);
            gb.push(tb[i].1);
        }
    }
    counts
}

/// Mutatis Mutandis with its mode pieces scripted, as it was before the
/// modes existed: `scripts/pieces.rhai` and the reach each script
/// declared.
pub(crate) fn mutatis_mutandis_scripted() -> Arc<Rules> {
    scripted_twin(
        "mutatis-mutandis",
        &[
            ("capture = withdrawal", "attacks_within = \"K\""),
            ("capture = approach", "attacks_within = \"Q\""),
            ("capture = leap", "attacks_within = \"Q\""),
            ("capture = imitate", ""),
            ("capture = recruit", "attacks_within = \"\""),
            ("capture = swap", "attacks_within = \"K\""),
            ("capture = shoot", "attacks_within = \"Q\""),
            ("capture = sling", "attacks_within = \"Q\""),
            ("capture = collide", ""),
            (
                "    frozen_suicide = true",
                "    script {\n        file = \"pieces.rhai\"\n        hooks = [extra_moves, attacks]\n        \
                 pieces = [archer, swapper, maoking, oxybeles, secutor]\n        \
                 replace = [withdrawer, advancer, long_leaper, chameleon]\n    }\n    frozen_suicide = true",
            ),
        ],
    )
}

#[test]
fn mutatis_mutandis_modes_play_as_the_scripts_did() {
    let native = load("mutatis-mutandis").unwrap();
    let twin = mutatis_mutandis_scripted();
    let compared = agree(&native, &twin, 12, 120, MODE_PIECES);
    // Every mode piece's special turns were compared.
    for kind in MODE_PIECES {
        assert!(
            compared.contains_key(*kind),
            "no {kind} capture compared: {compared:?}"
        );
    }
}

/// The kinds whose captures the tests count.
const MODE_PIECES: &[&str] = &[
    "withdrawer",
    "advancer",
    "long_leaper",
    "chameleon",
    "swapper",
    "archer",
    "secutor",
    "oxybeles",
    "maoking",
];

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
            ("capture = imitate ", ""),
            ("capture = swap ", ""),
            (
                "pieces = [cannonpawn]",
                "pieces = [swapper, cannonpawn]\n        replace = [chameleon, withdrawer, advancer, long_leaper]",
            ),
        ],
    );
    let compared = agree(&native, &twin, 6, 150, MODE_PIECES);
    for kind in [
        "withdrawer",
        "advancer",
        "long_leaper",
        "chameleon",
        "swapper",
    ] {
        assert!(
            compared.contains_key(kind),
            "no {kind} capture compared: {compared:?}"
        );
    }
}
