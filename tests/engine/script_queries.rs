//! What scripts may ask of the board beyond single squares (`royals`,
//! `pieces`, `first`, `attackers`, `move_number`) and the result a
//! script declares (`game_result`): exact move sets and endings, and
//! remembered answers that follow what was asked.

use crate::kit::{position, scratch};
use changeling::board::Color;
use changeling::game::{Game, Reason};
use changeling::movegen::legal_moves;
use changeling::rules::Rules;
use changeling::search::{Engine, Limits};
use changeling::variants::load_str;
use std::sync::Arc;

/// A variant of chess with a ghost (`G`, a wazir) whose script is
/// `script`, declaring `hooks`.
fn ghost_variant(name: &str, script: &str, hooks: &str) -> Arc<Rules> {
    ghost_variant_with(name, script, hooks, "")
}

/// As [`ghost_variant`], with `more` added to the `script` section.
fn ghost_variant_with(name: &str, script: &str, hooks: &str, more: &str) -> Arc<Rules> {
    let dir = scratch(&format!("queries-{name}"));
    std::fs::write(dir.join("ghost.rhai"), script).unwrap();
    let text = format!(
        "variant s : chess {{\n    piece ghost {{ letter = G betza = \"W\" }}\n    script {{\n        file = \"ghost.rhai\"\n        hooks = [{hooks}]\n        pieces = [ghost]\n        {more}\n    }}\n    setup = \"4k3/8/8/8/3G4/8/8/4K3 w - - 0 1\"\n}}\n"
    );
    let path = dir.join("ghost.variant");
    load_str(path.to_str().unwrap(), &text).unwrap_or_else(|e| panic!("{e}"))
}

/// The ghost's destinations from `from`, sorted, as square names.
fn ghost_moves(rules: &Rules, fen: &str, from: &str) -> Vec<String> {
    let pos = position(rules, fen);
    let from = rules.geometry().parse_square(from).unwrap();
    let mut v: Vec<String> = legal_moves(rules, &pos)
        .iter()
        .filter(|m| m.from == from)
        .map(|m| rules.geometry().name(m.to))
        .collect();
    v.sort();
    v.dedup();
    v
}

fn names(list: &str) -> Vec<String> {
    let mut v: Vec<String> = list.split_whitespace().map(String::from).collect();
    v.sort();
    v
}

/// The ghost also jumps to the empty squares next to its own king,
/// found with `royals` (the way a Coordinator finds it).
const NEXT_TO_KING: &str = r#"
fn extra_moves(board, from) {
    let moves = [];
    for k in board.royals(board.color(from)) {
        for n in board.neighbours(k) {
            if board.is_empty(n) { moves.push(#{ to: n }); }
        }
    }
    moves
}
"#;

#[test]
fn royals_finds_the_kings_and_answers_follow_them() {
    let rules = ghost_variant("royals", NEXT_TO_KING, "extra_moves");
    // King e1: d1 d2 e2 f2 f1 besides the wazir steps c4 e4 d5 d3.
    let e1 = "4k3/8/8/8/3G4/8/8/4K3 w - - 0 1";
    // The same board with the king on a1: a2 b1 b2 instead.
    let a1 = "4k3/8/8/8/3G4/8/8/K7 w - - 0 1";
    for _ in 0..2 {
        assert_eq!(
            ghost_moves(&rules, e1, "d4"),
            names("c4 d1 d2 d3 d5 e2 e4 f1 f2")
        );
        assert_eq!(ghost_moves(&rules, a1, "d4"), names("a2 b1 b2 c4 d3 d5 e4"));
    }
}

/// The ghost also jumps to the squares next to the enemy's knights,
/// found with `pieces`.
const NEXT_TO_KNIGHTS: &str = r#"
fn extra_moves(board, from) {
    let enemy = if board.color(from) == "white" { "black" } else { "white" };
    let moves = [];
    for k in board.pieces("knight", enemy) {
        for n in board.neighbours(k) {
            if board.is_empty(n) { moves.push(#{ to: n }); }
        }
    }
    moves
}
"#;

#[test]
fn pieces_finds_a_kind_of_one_side_and_answers_follow_them() {
    let rules = ghost_variant("pieces", NEXT_TO_KNIGHTS, "extra_moves");
    // Black knight on h8: g8 g7 h7; White's own knight on a8 is not asked.
    let one = "N3k2n/8/8/8/3G4/8/8/4K3 w - - 0 1";
    // The black knight moved to h1 (the ghost's own squares unchanged).
    let moved = "N3k3/8/8/8/3G4/8/8/4K2n w - - 0 1";
    // A second one on a1.
    let two = "N3k2n/8/8/8/3G4/8/8/n3K3 w - - 0 1";
    for _ in 0..2 {
        assert_eq!(
            ghost_moves(&rules, one, "d4"),
            names("c4 d3 d5 e4 g7 g8 h7")
        );
        assert_eq!(
            ghost_moves(&rules, moved, "d4"),
            names("c4 d3 d5 e4 g1 g2 h2")
        );
        assert_eq!(
            ghost_moves(&rules, two, "d4"),
            names("a2 b1 b2 c4 d3 d5 e4 g7 g8 h7")
        );
    }
}

/// The ghost also slides like a rook, up to the first piece in each
/// direction (`first`) and captures it when it is an enemy.
const FIRST: &str = r#"
fn extra_moves(board, from) {
    let moves = [];
    for d in [[1, 0], [-1, 0], [0, 1], [0, -1]] {
        let stop = board.first(from, d[0], d[1]);
        let to = board.offset(from, d[0], d[1]);
        while to >= 0 && to != stop {
            moves.push(#{ to: to });
            to = board.offset(to, d[0], d[1]);
        }
        if stop >= 0 && board.can_capture(from, stop) {
            moves.push(#{ to: stop, captures: [stop] });
        }
    }
    moves
}
"#;

#[test]
fn first_finds_the_first_piece_along_a_line() {
    let rules = ghost_variant("first", FIRST, "extra_moves");
    // d4: up to d7's pawn (taken), down to d1, left to c4 (its own
    // pawn on b4 is not taken), right to h4.
    let fen = "4k3/3p4/8/8/1P1G4/8/8/4K3 w - - 0 1";
    assert_eq!(
        ghost_moves(&rules, fen, "d4"),
        names("c4 d1 d2 d3 d5 d6 d7 e4 f4 g4 h4")
    );
}

#[test]
fn the_board_answers_attackers_and_the_move_number() {
    // Through a hook that ends the game when the ghost is attacked
    // twice: the reason names the attackers and the move number.
    let script = r#"
fn game_result(board) {
    for g in board.pieces("ghost", "white") {
        let by = board.attackers(g, "black");
        if by.len() >= 2 {
            let what = by.map(|a| a.kind + "@" + board.name(a.from));
            return #{ winner: "black", reason: "ghost taken in a pincer by " + what + " at move " + board.move_number() };
        }
    }
}
"#;
    let rules = ghost_variant("attackers", script, "game_result");
    // d4 attacked by the knight on f5 and the rook on d8: over.
    let pincer = "3rk3/8/8/5n2/3G4/8/8/4K3 w - - 0 12";
    let game = Game::from_fen(rules.clone(), pincer, 0).unwrap();
    let end = game.ending().expect("the script ends the game");
    assert_eq!(end.winner, Some(Color::Black));
    assert_eq!(end.reason, Reason::Script);
    assert_eq!(
        end.words,
        "ghost taken in a pincer by [\"knight@f5\", \"rook@d8\"] at move 12"
    );
    assert!(game.legal_moves().is_empty(), "an ended game has no moves");
    // One attacker: the game goes on.
    let one = "4k3/8/8/5n2/3G4/8/8/4K3 w - - 0 12";
    let game = Game::from_fen(rules, one, 0).unwrap();
    assert_eq!(game.ending(), None);
    assert!(game.take_script_error().is_none());
}

/// The ghost's side wins when the ghost reaches the last rank; a ghost
/// on the a-file draws.
const RACE: &str = r#"
fn game_result(board) {
    for side in ["white", "black"] {
        for g in board.pieces("ghost", side) {
            let last = if side == "white" { board.height() - 1 } else { 0 };
            if board.rank(g) == last {
                return #{ winner: side, reason: side + "'s ghost reached the last rank" };
            }
            if board.file(g) == 0 {
                return #{ winner: "none", reason: "a ghost on the a-file" };
            }
        }
    }
}
"#;

#[test]
fn a_script_declares_the_result_and_the_engine_plays_for_it() {
    let rules = ghost_variant("race", RACE, "game_result");
    let fen = "4k3/3G4/8/8/8/8/8/4K3 w - - 0 1";
    let mut game = Game::from_fen(rules.clone(), fen, 0).unwrap();
    assert_eq!(game.ending(), None);
    // The engine sees the win one move away.
    let mut engine = Engine::new(rules.clone());
    let report = engine
        .search(&game, &Limits::depth(3), &mut |_| {})
        .expect("a move");
    assert_eq!(changeling::notation::to_uci(&rules, &report.pv[0]), "d7d8");
    assert_eq!(report.score.to_string(), "mate in 1");
    game.play_text("d7d8").unwrap();
    let end = game.ending().unwrap();
    assert_eq!(
        (end.winner, end.reason, end.words.as_str()),
        (
            Some(Color::White),
            Reason::Script,
            "white's ghost reached the last rank"
        )
    );
    assert_eq!(
        game.outcome().unwrap().to_string(),
        "1-0 (white's ghost reached the last rank)"
    );
    // Undone, the game goes on; a draw the other way.
    game.undo();
    assert_eq!(game.ending(), None);
    let mut draw = Game::from_fen(rules, "4k3/8/8/8/1G6/8/8/4K3 w - - 0 1", 0).unwrap();
    draw.play_text("b4a4").unwrap();
    let end = draw.ending().unwrap();
    assert_eq!(
        (end.winner, end.reason, end.words.as_str()),
        (None, Reason::Script, "a ghost on the a-file")
    );
}

#[test]
fn a_malformed_result_is_an_error_and_ends_nothing() {
    for (script, why) in [
        ("fn game_result(board) { 3 }", "must return () or a map"),
        (
            "fn game_result(board) { #{ winner: \"blue\", reason: \"x\" } }",
            "`winner` is \"blue\"",
        ),
        (
            "fn game_result(board) { #{ winner: \"white\" } }",
            "`reason` is missing",
        ),
        (
            "fn game_result(board) { #{ winner: \"white\", reason: \"\" } }",
            "`reason` must be 1 to 200 characters",
        ),
        (
            "fn game_result(board) { #{ winner: \"white\", reason: \"x\", score: 1 } }",
            "`score` is not one of its keys",
        ),
    ] {
        let rules = ghost_variant("malformed", script, "game_result");
        let game = Game::from_fen(rules, "4k3/8/8/8/3G4/8/8/4K3 w - - 0 1", 0).unwrap();
        assert_eq!(game.ending(), None, "{script}");
        assert!(!game.legal_moves().is_empty());
        let err = game.take_script_error().expect("an error").to_string();
        assert!(
            err.contains("in `game_result`") && err.contains(why),
            "{script}: {err}"
        );
    }
}

/// Coordinator chess with the Coordinator's script `file` (under
/// `tests/scripts/` or `scripts/`).
fn coordinator(file: &str) -> Arc<Rules> {
    let text = std::fs::read_to_string("examples/variants/coordinator.variant")
        .unwrap()
        .replace("\"coordinator.rhai\"", &format!("\"{file}\""));
    load_str("tests/scripts/coordinator_test.variant", &text).unwrap_or_else(|e| panic!("{e}"))
}

/// What seeded random games with several versions of one variant met:
/// moves of the scripted kind that captured, positions in check, and
/// the most pieces one legal move of that kind captures.
#[derive(Debug, Default)]
struct Met {
    captures: usize,
    checks: usize,
    most_taken: usize,
}

/// Plays `seeds` random games of `plies` with every version in `rules`
/// (the first one's random moves, played in all), holding their legal
/// moves equal at every ply; `kind` is the scripted kind.
fn same_moves_in_random_games(rules: &[Arc<Rules>], kind: &str, seeds: u64, plies: usize) -> Met {
    use changeling::game::Rng;
    use changeling::notation::to_uci;
    let kind = rules[0].kind(kind).unwrap();
    let mut met = Met::default();
    for seed in 0..seeds {
        let mut games: Vec<Game> = rules
            .iter()
            .map(|r| Game::new(r.clone(), 0).unwrap())
            .collect();
        let mut rng = Rng::new(seed);
        for _ in 0..plies {
            let sets: Vec<Vec<String>> = games
                .iter()
                .map(|g| {
                    let mut v: Vec<String> = g
                        .legal_moves()
                        .iter()
                        .map(|m| to_uci(g.rules(), m))
                        .collect();
                    v.sort();
                    v
                })
                .collect();
            let fen = changeling::notation::to_fen(&rules[0], games[0].position());
            for (i, set) in sets.iter().enumerate().skip(1) {
                assert_eq!(&sets[0], set, "{}, seed {seed}: {fen}", rules[i].source());
            }
            for m in games[0]
                .legal_moves()
                .iter()
                .filter(|m| m.piece.kind == kind)
            {
                let taken = m
                    .effects(&rules[0])
                    .iter()
                    .filter(|e| matches!(e, changeling::position::Effect::Capture { .. }))
                    .count();
                met.most_taken = met.most_taken.max(taken);
            }
            let Some(mv) = games[0].random_move(&mut rng) else {
                break;
            };
            if mv.piece.kind == kind && mv.captured.is_some() {
                met.captures += 1;
            }
            let text = to_uci(&rules[0], &mv);
            for g in &mut games {
                g.play_text(&text).unwrap();
            }
            if changeling::movegen::in_check(
                &rules[0],
                games[0].position(),
                games[0].position().side(),
            ) {
                met.checks += 1;
            }
            for g in &games {
                assert!(g.take_script_error().is_none());
            }
        }
    }
    met
}

#[test]
fn the_coordinator_scripts_give_the_same_moves_in_seeded_random_games() {
    // The guide's (the King found with `royals`, captures looked up, an
    // attack found by at most three short slides), the naive one (the
    // King found by scanning every square) and the plain one (every
    // stop worked out, attacks by walking all eight lines).
    let rules = [
        coordinator("coordinator.rhai"),
        coordinator("coordinator_naive.rhai"),
        coordinator("coordinator_plain.rhai"),
    ];
    let met = same_moves_in_random_games(&rules, "coordinator", 12, 80);
    // The games reached what the scripts differ on.
    assert!(met.captures >= 5, "{met:?}");
    assert!(met.checks >= 20, "{met:?}");
}

/// Jumper chess with the jumper's script `file`.
fn jumper(file: &str) -> Arc<Rules> {
    let text = std::fs::read_to_string("examples/variants/jumper.variant")
        .unwrap()
        .replace("\"jumper.rhai\"", &format!("\"{file}\""));
    load_str("tests/scripts/jumper_test.variant", &text).unwrap_or_else(|e| panic!("{e}"))
}

#[test]
fn the_jumper_scripts_give_the_same_moves_in_seeded_random_games() {
    // The guide's (chains walked once, attacks only where a jump can
    // take) and the naive one (attacks by generating every move).
    let rules = [jumper("jumper.rhai"), jumper("jumper_naive.rhai")];
    let met = same_moves_in_random_games(&rules, "jumper", 16, 100);
    // Jumps were played, chains of three were legal, kings were checked.
    assert!(met.captures >= 2, "{met:?}");
    assert!(met.most_taken == 3, "{met:?}");
    assert!(met.checks >= 10, "{met:?}");
}

#[test]
fn the_advancer_scripts_and_the_built_in_advancer_give_the_same_moves() {
    // The guide's (`scripts/advancer.rhai`), the naive one (attacks by
    // generating every move) and the built-in `capture = approach`.
    let load = |file: &str| {
        let text = std::fs::read_to_string(file).unwrap();
        load_str(file, &text).unwrap_or_else(|e| panic!("{e}"))
    };
    let rules = [
        load("tests/scripts/advancer_chess.variant"),
        load("tests/scripts/advancer_naive.variant"),
        load("tests/scripts/advancer_native.variant"),
    ];
    let met = same_moves_in_random_games(&rules, "advancer", 12, 80);
    assert!(met.captures >= 2, "{met:?}");
    assert!(met.checks >= 10, "{met:?}");
}

#[test]
fn the_jumper_jumps_chains_of_up_to_three() {
    let rules = jumper("jumper.rhai");
    // Enemies on d4, d6, f6 and b4 around the jumper on c3: one jump
    // (e5), then on to c7 over d6 or g7 over f6; from c7 nothing more
    // (b6 holds nothing), from g7 no enemy; b4 jumps to a5.
    let fen = "4k3/8/3p1p2/8/1p1p4/2J5/8/4K3 w - - 0 1";
    let pos = position(&rules, fen);
    let from = rules.geometry().parse_square("c3").unwrap();
    let mut got: Vec<(String, Vec<String>)> = legal_moves(&rules, &pos)
        .iter()
        .filter(|m| m.from == from)
        .map(|m| {
            let mut taken: Vec<String> = m
                .effects(&rules)
                .iter()
                .filter_map(|e| match e {
                    changeling::position::Effect::Capture { square, .. } => {
                        Some(rules.geometry().name(*square))
                    }
                    _ => None,
                })
                .collect();
            taken.sort();
            (changeling::notation::to_uci(&rules, m), taken)
        })
        .collect();
    got.sort();
    let want: Vec<(String, Vec<String>)> = [
        ("c3a5", vec!["b4"]),
        ("c3b2", vec![]),
        ("c3c7", vec!["d4", "d6"]),
        ("c3d2", vec![]),
        ("c3e5", vec!["d4"]),
        ("c3g7", vec!["d4", "f6"]),
    ]
    .iter()
    .map(|(m, t)| (m.to_string(), t.iter().map(|s| s.to_string()).collect()))
    .collect();
    assert_eq!(got, want);
    // Three jumps: d4, d6 and b6 from c3 end on a5 by way of e5 and c7,
    // where the single jump over b4 also lands: the two are told apart
    // by their first landing square.
    let fen = "4k3/8/1p1p4/8/1p1p4/2J5/8/4K3 w - - 0 1";
    let sans: Vec<String> = crate::kit::turns(&rules, fen)
        .into_iter()
        .filter(|t| t.starts_with("c3a5"))
        .collect();
    assert_eq!(sans, ["c3a5:a5", "c3a5:e5"]);
}

#[test]
fn each_hooks_cost_is_counted_and_perft_bench_shows_it() {
    use changeling::session::{Session, Start, VariantSource};
    let text = std::fs::read_to_string("examples/variants/coordinator.variant").unwrap();
    let source = VariantSource::Text {
        name: "coordinator.variant".into(),
        text,
        scripts: Default::default(),
    };
    let session = Session::load(&source, &Start::Setup).unwrap();
    // The count the plain script (tests/scripts/coordinator_plain.rhai)
    // gives too.
    assert_eq!(session.perft(3), Some(8_900));
    let costs = session.script_costs();
    let names: Vec<&str> = costs.iter().map(|c| c.hook).collect();
    assert_eq!(names, ["extra_moves", "attacks"]);
    for c in &costs {
        // Every question is answered from memory or by a run.
        assert_eq!(c.asked, c.remembered + c.runs, "{c:?}");
        assert!(c.runs > 0, "{c:?}");
    }
    // A variant without a script has no costs.
    let chess = Session::load(&VariantSource::Name("chess".into()), &Start::Setup).unwrap();
    assert!(chess.script_costs().is_empty());
    // `perft --bench` prints them.
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_changeling"))
        .args([
            "perft",
            "3",
            "--variant",
            "examples/variants/coordinator.variant",
        ])
        .args(["--bench", "2"])
        .output()
        .unwrap();
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(out.status.success(), "{text}");
    assert!(text.contains("nodes 8900"), "{text}");
    assert!(text.contains("script hooks, over 2 run(s):"), "{text}");
    for hook in ["extra_moves", "attacks"] {
        assert!(
            text.lines().any(|l| l.trim_start().starts_with(hook)),
            "{text}"
        );
    }
}

/// Berserker chess (examples/variants/berserker.variant), whose script
/// keeps each side's charged Berserker in the position's state.
fn berserker() -> Arc<Rules> {
    let path = "examples/variants/berserker.variant";
    let text = std::fs::read_to_string(path).unwrap();
    load_str(path, &text).unwrap_or_else(|e| panic!("{e}"))
}

/// The squares one king or knight step from `sq` on an 8x8 board.
fn kn_steps(sq: (i32, i32)) -> Vec<(i32, i32)> {
    let mut out = Vec::new();
    for dx in -2i32..=2 {
        for dy in -2i32..=2 {
            let king = dx.abs() <= 1 && dy.abs() <= 1 && (dx, dy) != (0, 0);
            let knight = dx.abs() * dy.abs() == 2;
            let (x, y) = (sq.0 + dx, sq.1 + dy);
            if (king || knight) && (0..8).contains(&x) && (0..8).contains(&y) {
                out.push((x, y));
            }
        }
    }
    out
}

fn sq_name((x, y): (i32, i32)) -> String {
    format!("{}{}", (b'a' + x as u8) as char, y + 1)
}

#[test]
fn the_state_gives_a_charged_berserker_its_double_step() {
    let rules = berserker();
    // The Berserker on d4 (square 27), the kings out of its reach.
    let board = "7k/8/8/8/3Z4/8/8/7K w - - 0 1";
    let one: Vec<(i32, i32)> = kn_steps((3, 3));
    let single: Vec<String> = one.iter().map(|&s| sq_name(s)).collect();
    assert_eq!(ghost_moves(&rules, board, "d4"), sorted_names(&single));
    // Charged: every square two steps away as well (the first step
    // lands on an empty square, and the board is empty but for kings).
    let charged = "7k/8/8/8/3Z4/8/8/7K w - - 0 1 state:white_charged=28";
    let mut both: Vec<String> = one
        .iter()
        .flat_map(|&m| kn_steps(m))
        .chain(one.iter().copied())
        .filter(|&s| s != (3, 3) && s != (7, 7))
        .map(sq_name)
        .collect();
    both.sort();
    both.dedup();
    assert_eq!(ghost_moves(&rules, charged, "d4"), both);
    // The charge is Black's, or stands on another square: no double step.
    for other in [
        "7k/8/8/8/3Z4/8/8/7K w - - 0 1 state:black_charged=28",
        "7k/8/8/8/3Z4/8/8/7K w - - 0 1 state:white_charged=29",
    ] {
        assert_eq!(ghost_moves(&rules, other, "d4"), sorted_names(&single));
    }
    // A charged Berserker gives check two steps away (d4-e5-f7).
    let check = "8/5k2/8/8/3Z4/8/8/7K b - - 0 1 state:white_charged=28";
    let pos = position(&rules, check);
    assert!(changeling::movegen::in_check(&rules, &pos, Color::Black));
    let quiet = "8/5k2/8/8/3Z4/8/8/7K b - - 0 1";
    assert!(!changeling::movegen::in_check(
        &rules,
        &position(&rules, quiet),
        Color::Black
    ));
    // The state is part of the key and of the FEN, which reads back.
    assert_ne!(pos.hash(), position(&rules, quiet).hash());
    assert_eq!(pos.hash(), pos.compute_hash(&rules));
    assert_eq!(changeling::notation::to_fen(&rules, &pos), check);
}

fn sorted_names(list: &[String]) -> Vec<String> {
    let mut v = list.to_vec();
    v.sort();
    v.dedup();
    v
}

#[test]
fn the_state_follows_play_undo_and_a_saved_game() {
    use changeling::session::{Session, Start};
    let rules = berserker();
    let fen = "k7/7p/8/4p3/4Z3/8/8/7K w - - 0 1";
    let mut s = Session::with_rules(
        rules.clone(),
        &Start::Fen {
            fen: fen.into(),
            seed: 0,
        },
    )
    .unwrap();
    s.play("Zxe5").unwrap();
    // e5 is square 36: charged there.
    assert_eq!(
        s.fen(),
        "k7/7p/8/4Z3/8/8/8/7K b - - 0 1 state:white_charged=37"
    );
    let state = |s: &Session| s.board().state;
    assert_eq!(
        state(&s),
        vec![
            ("white_charged".to_string(), 37),
            ("black_charged".to_string(), 0)
        ]
    );
    s.play("h6").unwrap();
    // A double step spends the charge (e5-f6-g8, g8 is two steps).
    let turns: Vec<String> = s.turns().iter().map(|t| t.san.clone()).collect();
    assert!(turns.contains(&"Zg8".to_string()), "{turns:?}");
    let e = s.explain_turn("Zg8").unwrap();
    assert!(
        e.steps
            .iter()
            .any(|st| st.words == "the script's `white_charged` becomes 0 (was 37)"),
        "{e:?}"
    );
    s.play("Zg8").unwrap();
    assert_eq!(state(&s)[0].1, 0);
    // Undo brings the charge back; redo spends it again.
    s.undo().unwrap();
    assert_eq!(state(&s)[0].1, 37);
    s.redo().unwrap();
    assert_eq!(state(&s)[0].1, 0);
    s.undo().unwrap();
    // A saved game (PGN) loads back to the same position, state and all.
    let pgn = s.pgn();
    let mut t = Session::with_rules(rules.clone(), &Start::Setup).unwrap();
    t.load_pgn(&pgn).unwrap();
    assert_eq!(t.fen(), s.fen());
    assert_eq!(
        t.fen(),
        "k7/8/7p/4Z3/8/8/8/7K w - - 0 2 state:white_charged=37"
    );
    assert_eq!(t.turns().len(), s.turns().len());
    // A position set from FEN keeps it too.
    let mut u = Session::with_rules(rules, &Start::Setup).unwrap();
    u.set_fen(&s.fen()).unwrap();
    assert_eq!(u.fen(), s.fen());
    assert_eq!(u.turns().len(), s.turns().len());
}

#[test]
fn state_and_last_move_fields_are_checked() {
    let rules = berserker();
    for (fen, why) in [
        (
            "4k3/8/8/8/8/8/8/4K3 w - - 0 1 state:charge=3",
            "`charge` is no state",
        ),
        (
            "4k3/8/8/8/8/8/8/4K3 w - - 0 1 state:white_charged",
            "NAME=VALUE",
        ),
        (
            "4k3/8/8/8/8/8/8/4K3 w - - 0 1 state:white_charged=x",
            "whole number",
        ),
        (
            "4k3/8/8/8/8/8/8/4K3 w - - 0 1 state:white_charged=1,white_charged=2",
            "given twice",
        ),
        ("4k3/8/8/8/8/8/8/4K3 w - - 0 1 last:e2e4", "no rule of"),
    ] {
        let err = changeling::notation::parse_fen(&rules, fen)
            .expect_err(fen)
            .to_string();
        assert!(err.contains(why), "{fen}: {err}");
    }
    let plain = ghost_variant("no-state", NEXT_TO_KING, "extra_moves");
    let err = changeling::notation::parse_fen(&plain, "4k3/8/8/8/8/8/8/4K3 w - - 0 1 state:x=1")
        .unwrap_err()
        .to_string();
    assert!(err.contains("keeps no script state"), "{err}");
    // A state named twice, or something else than a name, is refused
    // when the variant loads.
    let dir = scratch("state-decl");
    std::fs::write(dir.join("ghost.rhai"), "fn extra_moves(board, from) { [] }").unwrap();
    for (list, why) in [
        ("[a, a]", "the state `a` is named twice"),
        ("[a, \"b\"]", "expected a state name"),
        ("[a, b, c, d, e, f, g, h, i]", "at most 8 numbers"),
    ] {
        let text = format!(
            "variant s : chess {{\n    piece ghost {{ letter = G betza = \"W\" }}\n    script {{\n        file = \"ghost.rhai\"\n        hooks = [extra_moves]\n        pieces = [ghost]\n        state = {list}\n    }}\n}}\n"
        );
        let path = dir.join("s.variant");
        let err = load_str(path.to_str().unwrap(), &text)
            .unwrap_err()
            .to_string();
        assert!(err.contains(why), "{list}: {err}");
    }
}

#[test]
fn a_bad_set_effect_is_an_error_and_changes_nothing() {
    for (effect, why) in [
        (
            r#"#{ set: "nothing", value: 1 }"#,
            "`set` of `nothing`, which is no state",
        ),
        (r#"#{ set: "n" }"#, "needs `value: n`"),
        (
            r#"#{ set: "n", value: 5000000000 }"#,
            "does not fit 32 bits",
        ),
        (r#"#{ set: "n", value: "x" }"#, "must be a number"),
    ] {
        let script = format!("fn after_move(board, mv) {{ [{effect}] }}");
        let rules = ghost_variant_with("bad-set", &script, "after_move", "state = [n]");
        let mut game = Game::from_fen(rules.clone(), "4k3/8/8/8/3G4/8/8/4K3 w - - 0 1", 0).unwrap();
        game.play_text("d4d5").unwrap();
        assert_eq!(game.position().state()[0], 0, "{effect}");
        let err = game.take_script_error().expect("an error").to_string();
        assert!(
            err.contains("after_move") && err.contains(why),
            "{effect}: {err}"
        );
    }
}

/// The ghost may also jump back to the square the last move left, if it
/// is empty: a move that depends on the last move.
const FOLLOWS: &str = r#"
fn extra_moves(board, from) {
    let last = board.last_move();
    if last == () || last.from == last.to || !board.is_empty(last.from) { return []; }
    [last.from]
}
"#;

#[test]
fn last_move_is_asked_and_kept_in_the_key_and_the_fen() {
    let rules = ghost_variant("last", FOLLOWS, "extra_moves");
    let start = "4k3/8/8/8/3G4/8/8/4K3 b - - 0 1";
    let wazir = names("c4 d3 d5 e4");
    assert_eq!(
        ghost_moves(&rules, &start.replace(" b ", " w "), "d4"),
        wazir
    );
    let mut game = Game::from_fen(rules.clone(), start, 0).unwrap();
    game.play_text("e8f7").unwrap();
    // Black's king left e8: the ghost may go there.
    let fen = changeling::notation::to_fen(&rules, game.position());
    assert_eq!(fen, "8/5k2/8/8/3G4/8/8/4K3 w - - 1 2 last:e8f7");
    assert_eq!(ghost_moves(&rules, &fen, "d4"), names("c4 d3 d5 e4 e8"));
    // The same board reached by another move differs in key and moves.
    let other = "8/5k2/8/8/3G4/8/8/4K3 w - - 1 2 last:g8f7";
    assert_ne!(
        position(&rules, &fen).hash(),
        position(&rules, other).hash()
    );
    assert_eq!(ghost_moves(&rules, other, "d4"), names("c4 d3 d5 e4 g8"));
    let err = changeling::notation::parse_fen(&rules, "4k3/8/8/8/3G4/8/8/4K3 w - - 0 1 last:e9")
        .unwrap_err()
        .to_string();
    assert!(err.contains("two squares"), "{err}");
}

/// A legal move as what it does: from, to, the squares it captures on,
/// sorted, and the kind it promotes to (the same move however it is
/// written or tagged).
fn deed(rules: &Rules, m: &changeling::position::Move) -> (u8, u8, Vec<u8>, Option<String>) {
    let mut taken: Vec<u8> = m
        .effects(rules)
        .iter()
        .filter_map(|e| match e {
            changeling::position::Effect::Capture { square, .. } => Some(square.0),
            _ => None,
        })
        .collect();
    taken.sort_unstable();
    let promotion = m.promotion.map(|k| rules.piece(k).name.clone());
    (m.from.0, m.to.0, taken, promotion)
}

#[test]
fn the_jumper_in_xbetza_makes_the_scripts_moves_in_seeded_random_games() {
    use changeling::game::Rng;
    let text = std::fs::read_to_string("tests/scripts/jumper_xbetza.variant").unwrap();
    let xbetza =
        load_str("tests/scripts/jumper_xbetza.variant", &text).unwrap_or_else(|e| panic!("{e}"));
    let script = jumper("jumper.rhai");
    let kind = xbetza.kind("jumper").unwrap();
    let (mut chains, mut most, mut checks) = (0, 0, 0);
    for seed in 0..16 {
        let mut games = [
            Game::new(script.clone(), 0).unwrap(),
            Game::new(xbetza.clone(), 0).unwrap(),
        ];
        let mut rng = Rng::new(seed);
        for _ in 0..100 {
            let sets: Vec<Vec<_>> = games
                .iter()
                .map(|g| {
                    let mut v: Vec<_> =
                        g.legal_moves().iter().map(|m| deed(g.rules(), m)).collect();
                    v.sort();
                    v.dedup();
                    v
                })
                .collect();
            let fen = changeling::notation::to_fen(&xbetza, games[1].position());
            assert_eq!(sets[0], sets[1], "seed {seed}: {fen}");
            for m in games[1]
                .legal_moves()
                .iter()
                .filter(|m| m.piece.kind == kind)
            {
                let n = deed(&xbetza, m).2.len();
                chains += usize::from(n > 0);
                most = most.max(n);
            }
            let Some(mv) = games[1].random_move(&mut rng) else {
                break;
            };
            let want = deed(&xbetza, &mv);
            let theirs = games[0]
                .legal_moves()
                .into_iter()
                .find(|m| deed(&script, m) == want)
                .expect("the same move");
            games[0].push(theirs);
            games[1].push(mv);
            checks += usize::from(changeling::movegen::in_check(
                &xbetza,
                games[1].position(),
                games[1].position().side(),
            ));
        }
    }
    assert!(
        chains >= 20 && most == 3 && checks >= 10,
        "{chains} {most} {checks}"
    );
}

#[test]
fn a_locust_leg_takes_what_it_ends_on_and_gives_check() {
    let text = std::fs::read_to_string("tests/scripts/jumper_xbetza.variant").unwrap();
    let rules =
        load_str("tests/scripts/jumper_xbetza.variant", &text).unwrap_or_else(|e| panic!("{e}"));
    // The enemy King on d4 may be jumped from c3 (to e5): check.
    let pos = position(&rules, "8/8/8/8/3k4/2J5/8/4K3 b - - 0 1");
    assert!(changeling::movegen::in_check(&rules, &pos, Color::Black));
    // Not when e5, the landing square, is taken.
    let pos = position(&rules, "8/8/8/4p3/3k4/2J5/8/4K3 b - - 0 1");
    assert!(!changeling::movegen::in_check(&rules, &pos, Color::Black));
    // A friend is never jumped; an enemy once only.
    let fen = "4k3/8/8/8/1P1p4/2J5/8/4K3 w - - 0 1";
    let mut got: Vec<String> = crate::kit::turns(&rules, fen)
        .into_iter()
        .filter(|t| t.starts_with("c3"))
        .collect();
    got.sort();
    assert_eq!(got, ["c3b2", "c3d2", "c3e5"]);
    // Its diagram: a step or a jump (taking the enemy next to it) on
    // each diagonal.
    let book = changeling::session::Rulebook::load(&changeling::session::VariantSource::Text {
        name: "jumper_xbetza.variant".into(),
        text: text.clone(),
        scripts: Default::default(),
    })
    .unwrap();
    let d = book
        .piece_diagram(
            "jumper",
            changeling::session::Side::White,
            Some("d4"),
            None,
            false,
        )
        .unwrap();
    let marked: Vec<&str> = d.text.lines().filter(|l| l.contains('*')).collect();
    assert_eq!(
        marked,
        [
            "  5 .  .  *  .  *  .  .  .  ",
            "  3 .  .  *  .  *  .  .  .  "
        ]
    );
    // An XBetza leg with another modifier is refused, saying why.
    let bad = text.replace("mFcafmFcafmavscafmFcafmavscafmavscafmF", "mFxafmF");
    let err = load_str("tests/scripts/jumper_xbetza.variant", &bad)
        .unwrap_err()
        .to_string();
    assert!(err.contains("`x` on a leg is not supported yet"), "{err}");
}
