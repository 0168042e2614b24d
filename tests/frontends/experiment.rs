//! `changeling run` and `changeling merge`: reproducible results whatever
//! the threads, shards that merge into the run, script errors located,
//! the experiment API's answers in known positions, and the example
//! experiments at a small size.

use crate::kit::scratch;
use changeling::experiment::{Experiment, RunOptions, Shard, run};
use std::path::{Path, PathBuf};
use std::process::{Command, Output};
use std::sync::Arc;
use std::sync::atomic::AtomicBool;

/// The program, outside any scheduler (a test run inside a Slurm array
/// would otherwise play one shard of every run).
fn bin() -> Command {
    let mut c = Command::new(env!("CARGO_BIN_EXE_changeling"));
    for var in SCHEDULER_VARS {
        c.env_remove(var);
    }
    c
}

const SCHEDULER_VARS: [&str; 5] = [
    "SLURM_ARRAY_TASK_ID",
    "SLURM_ARRAY_TASK_COUNT",
    "SLURM_ARRAY_TASK_MIN",
    "SLURM_ARRAY_TASK_STEP",
    "JOB_COMPLETION_INDEX",
];

fn changeling(args: &[&str], dir: &Path) -> Output {
    bin().args(args).current_dir(dir).output().unwrap()
}

fn ok(out: &Output) -> String {
    assert!(
        out.status.success(),
        "failed: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout.clone()).unwrap()
}

/// Random setups (Mutatis Mutandis), every kind of player, and
/// per-turn data, so that any dependence on threads would show.
const MIXED: &str = r#"
fn games() { 10 }

fn play_game(i, seed) {
    let names = ["mutatis-mutandis", "chess", "twelve-mutation", "fluid", "pocket-mutation"];
    let v = variant(names[i % 5]);
    let hunter = |p| {
        let moves = p.moves;
        for m in moves { if m.check { return m; } }
        moves[p.random(moves.len())]
    };
    let players = ["random", "greedy", "search:1", hunter, "engine:nodes=300"];
    let r = play(game(v, seed), players[i % 5], players[(i + 2) % 5], #{ max_turns: 40 });
    let checks = 0;
    for t in r.turns { if t.check { checks += 1; } }
    #{ variant: v.name, result: r.result, plies: r.plies, checks: checks, last: r.fen,
       moves: r.moves, share: checks / to_float(r.plies + 1) }
}

fn summarize(rows) {
    #{ results: wdl(column(rows, "result")), plies: mean(column(rows, "plies")),
       by_variant: histogram(column(rows, "variant")) }
}
"#;

#[test]
fn the_same_seed_gives_the_same_bytes_with_one_or_two_threads() {
    let dir = scratch("threads");
    std::fs::write(dir.join("mixed.rhai"), MIXED).unwrap();
    let one = changeling(
        &[
            "run",
            "mixed.rhai",
            "--seed",
            "7",
            "--threads",
            "1",
            "--out",
            "one.jsonl",
        ],
        &dir,
    );
    let two = changeling(
        &[
            "run",
            "mixed.rhai",
            "--seed",
            "7",
            "--threads",
            "2",
            "--out",
            "two.jsonl",
        ],
        &dir,
    );
    assert_eq!(ok(&one), ok(&two), "the printed summaries differ");
    let a = std::fs::read_to_string(dir.join("one.jsonl")).unwrap();
    let b = std::fs::read_to_string(dir.join("two.jsonl")).unwrap();
    assert_eq!(a, b);
    // A run line, ten games in order, a summary.
    let lines: Vec<&str> = a.lines().collect();
    assert_eq!(lines.len(), 12);
    assert!(lines[0].starts_with(r#"{"type":"run","script":"mixed.rhai","#));
    for (i, line) in lines[1..11].iter().enumerate() {
        assert!(
            line.starts_with(&format!(r#"{{"type":"game","game":{i},"seed":"#)),
            "{line}"
        );
    }
    assert!(lines[11].starts_with(r#"{"type":"summary","rows":10,"#));
    // Another seed gives other games.
    let other = changeling(
        &["run", "mixed.rhai", "--seed", "8", "--out", "other.jsonl"],
        &dir,
    );
    ok(&other);
    assert_ne!(std::fs::read_to_string(dir.join("other.jsonl")).unwrap(), a);
}

/// `Shard::choose` over a made-up environment.
fn shard_in(text: Option<&str>, vars: &[(&str, &str)]) -> Result<(String, Option<String>), String> {
    let env = |k: &str| {
        vars.iter()
            .find(|(name, _)| *name == k)
            .map(|(_, v)| v.to_string())
    };
    Shard::choose(text, &env).map(|(s, from)| (s.to_string(), from))
}

#[test]
fn the_shard_comes_from_the_scheduler() {
    let shard = |text, vars| shard_in(text, vars).map(|(s, _)| s);
    // No scheduler: the whole run, or the shard asked for.
    assert_eq!(shard(None, &[]), Ok("1/1".to_string()));
    assert_eq!(shard(Some("2/5"), &[]), Ok("2/5".to_string()));
    // A Slurm array numbered from 1, from 0, and by steps of 4.
    let from_one = [
        ("SLURM_ARRAY_TASK_ID", "3"),
        ("SLURM_ARRAY_TASK_COUNT", "8"),
        ("SLURM_ARRAY_TASK_MIN", "1"),
    ];
    assert_eq!(
        shard_in(None, &from_one),
        Ok(("3/8".to_string(), Some("SLURM_ARRAY_TASK_ID=3".to_string())))
    );
    assert_eq!(shard(Some("auto"), &from_one), Ok("3/8".to_string()));
    let from_zero = [
        ("SLURM_ARRAY_TASK_ID", "0"),
        ("SLURM_ARRAY_TASK_COUNT", "4"),
        ("SLURM_ARRAY_TASK_MIN", "0"),
    ];
    assert_eq!(shard(None, &from_zero), Ok("1/4".to_string()));
    let stepped = [
        ("SLURM_ARRAY_TASK_ID", "8"),
        ("SLURM_ARRAY_TASK_COUNT", "4"),
        ("SLURM_ARRAY_TASK_MIN", "0"),
        ("SLURM_ARRAY_TASK_STEP", "4"),
    ];
    assert_eq!(shard(None, &stepped), Ok("3/4".to_string()));
    // An explicit shard wins over the scheduler's.
    assert_eq!(shard(Some("1/2"), &from_one), Ok("1/2".to_string()));
    // A Kubernetes Indexed Job tells the index, from 0, not the count.
    let k8s = [("JOB_COMPLETION_INDEX", "5")];
    assert_eq!(shard(Some("auto/16"), &k8s), Ok("6/16".to_string()));
    let err = shard(None, &k8s).unwrap_err();
    assert!(err.contains("--shard auto/N"), "{err}");
    // Numbers that make no shard.
    assert!(
        shard(Some("auto"), &[])
            .unwrap_err()
            .contains("neither is set")
    );
    assert!(shard(Some("auto/0"), &k8s).is_err());
    assert!(shard(Some("auto/4"), &[("JOB_COMPLETION_INDEX", "4")]).is_err());
    assert!(
        shard(
            None,
            &[
                ("SLURM_ARRAY_TASK_ID", "x"),
                ("SLURM_ARRAY_TASK_COUNT", "2")
            ]
        )
        .is_err()
    );
    assert!(
        shard(
            None,
            &[
                ("SLURM_ARRAY_TASK_ID", "5"),
                ("SLURM_ARRAY_TASK_COUNT", "2")
            ]
        )
        .is_err()
    );
}

#[test]
fn a_run_inside_a_slurm_array_plays_its_shard() {
    let dir = scratch("slurm");
    std::fs::write(dir.join("mixed.rhai"), MIXED).unwrap();
    let out = bin()
        .args(["run", "mixed.rhai", "--seed", "3", "--out", "part.jsonl"])
        .env("SLURM_ARRAY_TASK_ID", "1")
        .env("SLURM_ARRAY_TASK_COUNT", "3")
        .env("SLURM_ARRAY_TASK_MIN", "0")
        .current_dir(&dir)
        .output()
        .unwrap();
    ok(&out);
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains("shard 2/3, from SLURM_ARRAY_TASK_ID=1"),
        "{err}"
    );
    ok(&changeling(
        &[
            "run",
            "mixed.rhai",
            "--seed",
            "3",
            "--shard",
            "2/3",
            "--out",
            "asked.jsonl",
        ],
        &dir,
    ));
    assert_eq!(
        std::fs::read_to_string(dir.join("part.jsonl")).unwrap(),
        std::fs::read_to_string(dir.join("asked.jsonl")).unwrap()
    );
}

/// examples/cluster/parallel.sh, the GNU parallel recipe, gives the
/// bytes of a single run. Without GNU parallel the test says so and
/// passes, unless `CHANGELING_REQUIRE_PARALLEL` is set (as `.ci/run`
/// sets it).
#[test]
fn the_gnu_parallel_recipe_merges_into_the_run() {
    let have = Command::new("parallel")
        .arg("--version")
        .output()
        .is_ok_and(|o| o.status.success());
    if !have {
        assert!(
            std::env::var_os("CHANGELING_REQUIRE_PARALLEL").is_none(),
            "GNU parallel is not installed"
        );
        eprintln!("skipped: GNU parallel is not installed (apt-get install parallel)");
        return;
    }
    let dir = scratch("parallel");
    std::fs::write(dir.join("mixed.rhai"), MIXED).unwrap();
    let recipe = Path::new(env!("CARGO_MANIFEST_DIR")).join("examples/cluster/parallel.sh");
    let mut c = Command::new("bash");
    c.arg(&recipe)
        .args(["mixed.rhai", "4", "merged.jsonl", "--seed", "3"])
        .env("CHANGELING", env!("CARGO_BIN_EXE_changeling"))
        .current_dir(&dir);
    for var in SCHEDULER_VARS {
        c.env_remove(var);
    }
    ok(&c.output().unwrap());
    ok(&changeling(
        &["run", "mixed.rhai", "--seed", "3", "--out", "whole.jsonl"],
        &dir,
    ));
    assert_eq!(
        std::fs::read_to_string(dir.join("merged.jsonl")).unwrap(),
        std::fs::read_to_string(dir.join("whole.jsonl")).unwrap()
    );
}

#[test]
fn shards_merge_into_the_unsharded_run() {
    let dir = scratch("shards");
    std::fs::write(dir.join("mixed.rhai"), MIXED).unwrap();
    let whole = changeling(
        &["run", "mixed.rhai", "--seed", "3", "--out", "whole.jsonl"],
        &dir,
    );
    let whole_summary = ok(&whole);
    for shard in ["1/3", "2/3", "3/3"] {
        let file = format!("part{}.jsonl", &shard[..1]);
        ok(&changeling(
            &[
                "run",
                "mixed.rhai",
                "--seed",
                "3",
                "--shard",
                shard,
                "--out",
                &file,
            ],
            &dir,
        ));
    }
    let part1 = std::fs::read_to_string(dir.join("part1.jsonl")).unwrap();
    // Shard 1/3 plays games 0, 3, 6 and 9.
    let games: Vec<&str> = part1
        .lines()
        .filter(|l| l.contains(r#""type":"game""#))
        .map(|l| l.split(',').nth(1).unwrap())
        .collect();
    assert_eq!(
        games,
        [r#""game":0"#, r#""game":3"#, r#""game":6"#, r#""game":9"#]
    );
    let merged = changeling(
        &[
            "merge",
            "part3.jsonl",
            "part1.jsonl",
            "part2.jsonl",
            "--out",
            "merged.jsonl",
        ],
        &dir,
    );
    assert_eq!(ok(&merged), whole_summary);
    assert_eq!(
        std::fs::read_to_string(dir.join("merged.jsonl")).unwrap(),
        std::fs::read_to_string(dir.join("whole.jsonl")).unwrap()
    );
    // CSV from the merge equals CSV from the run.
    ok(&changeling(
        &["run", "mixed.rhai", "--seed", "3", "--out", "whole.csv"],
        &dir,
    ));
    ok(&changeling(
        &[
            "merge",
            "part1.jsonl",
            "part2.jsonl",
            "part3.jsonl",
            "--out",
            "merged.csv",
        ],
        &dir,
    ));
    for (a, b) in [
        ("whole.csv", "merged.csv"),
        ("whole.summary.csv", "merged.summary.csv"),
        ("whole.script-summary.csv", "merged.script-summary.csv"),
    ] {
        assert_eq!(
            std::fs::read_to_string(dir.join(a)).unwrap(),
            std::fs::read_to_string(dir.join(b)).unwrap()
        );
    }
    // A missing shard, a shard twice, and outputs of different runs.
    let missing = changeling(&["merge", "part1.jsonl", "part2.jsonl"], &dir);
    assert_eq!(missing.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&missing.stderr).contains("shard 3/3 is missing"));
    let twice = changeling(
        &[
            "merge",
            "part1.jsonl",
            "part1.jsonl",
            "part2.jsonl",
            "part3.jsonl",
        ],
        &dir,
    );
    assert!(String::from_utf8_lossy(&twice.stderr).contains("shard 1/3 is given twice"));
    ok(&changeling(
        &[
            "run",
            "mixed.rhai",
            "--seed",
            "4",
            "--shard",
            "3/3",
            "--out",
            "seed4.jsonl",
        ],
        &dir,
    ));
    let mixed = changeling(
        &["merge", "part1.jsonl", "part2.jsonl", "seed4.jsonl"],
        &dir,
    );
    assert!(String::from_utf8_lossy(&mixed.stderr).contains("are not shards of one run"));
    // A changed script is refused: its summary could differ.
    std::fs::write(dir.join("mixed.rhai"), format!("{MIXED}\n// changed\n")).unwrap();
    let changed = changeling(
        &["merge", "part1.jsonl", "part2.jsonl", "part3.jsonl"],
        &dir,
    );
    assert!(String::from_utf8_lossy(&changed.stderr).contains("has changed since the run"));
}

/// Runs `script` (as `bad.rhai`) and returns its exit code and standard
/// error.
fn failing(name: &str, script: &str) -> (Option<i32>, String, PathBuf) {
    let dir = scratch(name);
    std::fs::write(dir.join("bad.rhai"), script).unwrap();
    let out = changeling(&["run", "bad.rhai", "--out", "out.jsonl"], &dir);
    (
        out.status.code(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
        dir,
    )
}

#[test]
fn a_script_error_names_the_script_and_line_and_stops_cleanly() {
    // A runtime error in a function called by play_game, in game 5 only.
    let (code, err, dir) = failing(
        "runtime",
        "fn games() { 8 }\nfn helper(x) {\n    x.no_such_method()\n}\nfn play_game(i, seed) {\n    if i == 5 { helper(i); }\n    #{ i: i }\n}\n",
    );
    assert_eq!(code, Some(2));
    assert!(
        err.contains("error: bad.rhai:3:7: Function not found: no_such_method"),
        "{err}"
    );
    assert!(err.contains("in `helper`, called at line 6"), "{err}");
    assert!(
        !dir.join("out.jsonl").exists(),
        "no results are written after an error"
    );

    let (code, err, _) = failing("syntax", "fn play_game(i, seed) {\n    let x = ;\n}\n");
    assert_eq!(code, Some(2));
    assert!(err.contains("error: bad.rhai:2:13: syntax error"), "{err}");

    let (_, err, _) = failing(
        "variant",
        "fn play_game(i, seed) {\n  variant(\"no-such-variant\")\n}\n",
    );
    assert!(
        err.contains("bad.rhai:2:3: variant(\"no-such-variant\"): not an embedded variant, nor a file ending in `.variant`"),
        "{err}"
    );

    let (_, err, _) = failing(
        "override",
        "fn play_game(i, seed) {\n  variant(\"chess\", #{ ending: #{ fifty_moves: 3 } })\n}\n",
    );
    assert!(
        err.contains("bad.rhai:2:3: cannot load variant `chess`"),
        "{err}"
    );
    assert!(err.contains("fifty_moves"), "{err}");

    let (_, err, _) = failing(
        "player",
        "fn play_game(i, seed) {\n  play(game(variant(\"chess\"), seed), \"random\", \"clever\")\n}\n",
    );
    assert!(
        err.contains("bad.rhai:2:3: `clever` is not a player"),
        "{err}"
    );

    let (_, err, _) = failing("row", "fn play_game(i, seed) { [1, 2] }\n");
    assert!(err.contains("returned array"), "{err}");

    let (_, err, _) = failing("reserved", "fn play_game(i, seed) { #{ seed: seed } }\n");
    assert!(
        err.contains("the key `seed`, which the runner writes itself"),
        "{err}"
    );

    let (_, err, _) = failing(
        "record",
        "fn play_game(i, seed) { #{ r: [play(game(variant(\"chess\"), seed), \"random\", \"random\", #{ max_turns: 2 })] } }\n",
    );
    assert!(
        err.contains("play_game's row holds a Record under `r`"),
        "{err}"
    );

    let (_, err, _) = failing("none", "fn games() { 3 }\n");
    assert!(err.contains("defines no `fn play_game(i, seed)`"), "{err}");
}

/// Plays `body` (the inside of `play_game`) once and returns its row as
/// JSON.
fn row_of(body: &str) -> String {
    let text = format!("fn games() {{ 1 }}\nfn play_game(i, seed) {{\n{body}\n}}\n");
    let exp = Experiment::compile("test.rhai", &text, Arc::new(AtomicBool::new(false))).unwrap();
    let opts = RunOptions {
        seed: 0,
        threads: 1,
        shard: Shard::ALL,
        games: None,
    };
    let results = run(&exp, &opts, &mut |_, _| {}).unwrap();
    let line = results.to_jsonl().lines().nth(1).unwrap().to_string();
    // Drop the runner's own keys.
    let start = line.find(r#","seed":"#).unwrap();
    let rest = &line[start + 8..];
    format!("{{{}", &rest[rest.find(',').unwrap() + 1..])
}

#[test]
fn a_record_tells_what_each_turn_did() {
    // Scholar's mate: a one-ply search finds it.
    let row = row_of(
        r#"let v = variant("chess");
        let g = game(v, 0, "r1bqkbnr/pppp1ppp/2n5/4p3/2B1P3/5Q2/PPPP1PPP/RNB1K1NR w KQkq - 4 4");
        let r = play(g, "search:1", "random");
        let t = r.turns[0];
        #{ result: r.result, winner: r.winner, reason: r.reason, plies: r.plies, moves: r.moves,
           san: t.san, uci: t.uci, side: t.side, piece: t.piece, captured: t.captured,
           check: t.check, checkers: t.checkers, decisive: r.decisive }"#,
    );
    assert_eq!(
        row,
        r#"{"captured":["pawn"],"check":true,"checkers":["queen"],"decisive":true,"moves":["Qxf7#"],"piece":"queen","plies":1,"reason":"checkmate","result":"1-0","san":"Qxf7#","side":"white","uci":"f3f7","winner":"white"}"#
    );
}

#[test]
fn greedy_takes_the_most_valuable_piece() {
    // The knight on c4 may take a pawn (b2), a rook (d6) or a queen (b6).
    let row = row_of(
        r#"let g = game(variant("chess"), 0, "4k3/8/1q1r4/8/2N5/8/1p6/4K3 w - - 0 1");
        let r = play(g, "greedy", "random", #{ max_turns: 1 });
        #{ first: r.moves[0], result: r.result, reason: r.reason }"#,
    );
    assert_eq!(
        row,
        r#"{"first":"Nxb6","reason":"turn limit","result":"*"}"#
    );
}

#[test]
fn overrides_change_the_rules_of_a_loaded_variant() {
    // A knight each (not dead material): the fifty-move rule shortened to
    // two moves ends the game after four plies; as text or as a map.
    for v in [
        r#"variant("chess", "ending { fifty_move = 2 }")"#,
        r#"variant("chess", #{ ending: #{ fifty_move: 2 } })"#,
    ] {
        let row = row_of(&format!(
            r#"let v = {v};
            let r = play(game(v, 0, "4k1n1/8/8/8/8/8/8/4K1N1 w - - 0 1"), "random", "random");
            #{{ name: v.name, plies: r.plies, reason: r.reason, result: r.result }}"#
        ));
        assert_eq!(
            row,
            r#"{"name":"chess-changed","plies":4,"reason":"2-move rule","result":"1/2-1/2"}"#
        );
    }
    // A mutator forced on: Atomic rules every turn, and its marker is not
    // placed.
    let row = row_of(
        r#"let v = variant("twelve-mutation", #{ "mutator atomic": #{ always_on: true } });
        let r = play(game(v, 1), "random", "random", #{ max_turns: 30 });
        let on = 0;
        let placed = [];
        for t in r.turns {
            if t.mutators_before.contains("atomic") { on += 1; }
            if t.san.contains("@") { placed.push(t.san.split("@")[0]); }
        }
        #{ on: on, plies: r.plies, atomic_placed: placed.contains("atomic"), placed: placed.len() }"#,
    );
    assert_eq!(
        row,
        r#"{"atomic_placed":false,"on":30,"placed":8,"plies":30}"#
    );
    // The drop schedule of Mutatis Mutandis: the first reserve drop of
    // the game (Black's, who has the first window) comes on Black's turn
    // 4 at the earliest, not turn 6.
    let row = row_of(
        r#"let first = [];
        for v in [variant("mutatis-mutandis"), variant("mutatis-mutandis", #{ drops: #{ first_window: 4 } })] {
            let earliest = 1000;
            for s in 0..6 {
                let r = play(game(v, s), "random", "random", #{ max_turns: 30 });
                for t in r.turns { if t.drop != "" && t.ply < earliest { earliest = t.ply; } }
            }
            first.push(earliest);
        }
        #{ first_drop_ply: first }"#,
    );
    // Black's turn n is ply 2n: the windows open at plies 12 and 8.
    assert_eq!(row, r#"{"first_drop_ply":[12,8]}"#);
}

#[test]
fn the_example_experiments_run_at_a_small_size() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let dir = scratch("examples");
    let expect: &[(&str, &[&str])] = &[
        (
            "engine_strength.rhai",
            &["\"chess\"", "\"engine_score\"", "\"fluid\""],
        ),
        (
            "engine_features.rhai",
            &["\"null_move\"", "\"full_engine_score\"", "\"pvs\""],
        ),
        (
            "seed_variants.rhai",
            &[
                "\"chess random\"",
                "\"fluid greedy\"",
                "\"mutatis-mutandis random\"",
            ],
        ),
        (
            "mutatis_checks.rhai",
            &["\"checks_by_cycle\"", "\"share_of_checks\"", "\"cycles\""],
        ),
        (
            "twelve_mutators.rhai",
            &["\"atomic\"", "\"decisive_when_active\"", "\"avalanche\""],
        ),
        (
            "check_hunter.rhai",
            &[
                "\"hunter_score\"",
                "\"mutatis-mutandis\"",
                "\"hunter_checks\"",
            ],
        ),
        (
            "drop_schedule.rhai",
            &["\"drops from turn 4\"", "\"drops from turn 6\""],
        ),
    ];
    let mut found = Vec::new();
    for entry in std::fs::read_dir(root.join("examples/experiments")).unwrap() {
        let p = entry.unwrap().path();
        if p.extension().is_some_and(|e| e == "rhai") {
            found.push(p.file_name().unwrap().to_string_lossy().into_owned());
        }
    }
    found.sort();
    let mut listed: Vec<String> = expect.iter().map(|(f, _)| f.to_string()).collect();
    listed.sort();
    assert_eq!(found, listed, "every example experiment is run here");
    // The engine's experiments, small: a few nodes a move, short games.
    let small = [
        ("\"engine:time=0.5\"", "\"engine:nodes=200\""),
        ("\"search:4\"", "\"search:1\""),
        ("fn nodes() { 20000 }", "fn nodes() { 200 }"),
        ("fn max_turns() { 400 }", "fn max_turns() { 30 }"),
        ("fn max_turns() { 300 }", "fn max_turns() { 30 }"),
    ];
    for (file, keys) in expect {
        let mut text =
            std::fs::read_to_string(root.join("examples/experiments").join(file)).unwrap();
        for (from, to) in small {
            text = text.replace(from, to);
        }
        let script = dir.join(file);
        std::fs::write(&script, text).unwrap();
        let out = changeling(
            &[
                "run",
                script.to_str().unwrap(),
                "--games",
                "12",
                "--out",
                "out.jsonl",
            ],
            &dir,
        );
        let table = ok(&out);
        assert!(
            table.contains("Wins and draws: % of the games"),
            "{file}: no table in\n{table}"
        );
        let text = std::fs::read_to_string(dir.join("out.jsonl")).unwrap();
        let summary = text.lines().last().unwrap();
        for k in *keys {
            assert!(summary.contains(k), "{file}: no {k} in\n{summary}");
        }
        let games = text
            .lines()
            .filter(|l| l.contains(r#""type":"game""#))
            .count();
        assert_eq!(games, 12, "{file}");
    }
}

#[test]
fn scripts_get_the_same_limits_in_debug_and_release_builds() {
    // Recursion 60 calls deep, in a game and in the summary.
    let deep = "fn depth(n) { if n == 0 { 0 } else { 1 + depth(n - 1) } }\n";
    let text = format!(
        "{deep}fn games() {{ depth(2) }}\nfn play_game(i, seed) {{ #{{ d: depth(60) }} }}\nfn summarize(rows) {{ #{{ d: depth(60) + rows.len() }} }}\n"
    );
    let exp = Experiment::compile("deep.rhai", &text, Arc::new(AtomicBool::new(false))).unwrap();
    let opts = RunOptions {
        seed: 0,
        threads: 2,
        shard: Shard::ALL,
        games: None,
    };
    let results = run(&exp, &opts, &mut |_, _| {}).unwrap();
    let jsonl = results.to_jsonl();
    assert_eq!(jsonl.lines().count(), 4, "{jsonl}");
    assert!(jsonl.contains(r#""d":60"#), "{jsonl}");
    assert_eq!(
        jsonl.lines().last(),
        Some(r#"{"type":"summary","rows":2,"summary":{"d":62}}"#)
    );
    // Deeper than the limit: an error that says so, not a crash.
    let text = format!("{deep}fn play_game(i, seed) {{ #{{ d: depth(100) }} }}\n");
    let exp = Experiment::compile("deeper.rhai", &text, Arc::new(AtomicBool::new(false))).unwrap();
    let err = run(&exp, &opts, &mut |_, _| {}).unwrap_err().to_string();
    assert_eq!(
        err,
        "deeper.rhai: too many nested function calls (more than 64: endless recursion?)"
    );
}

#[test]
fn script_functions_play_and_watch_games() {
    // Fool's mate, the moves given as text by two closures.
    let row = row_of(
        r#"let r = play(game(variant("chess"), 0), |p| ["f3", "g4"][p.ply / 2],
                     |p| ["e5", "Qh4#"][p.ply / 2]);
        #{ result: r.result, reason: r.reason, moves: r.moves, white: r.white, black: r.black }"#,
    );
    assert_eq!(
        row,
        r#"{"black":"script","moves":["f3","e5","g4","Qh4#"],"reason":"checkmate","result":"0-1","white":"script"}"#
    );

    // A named function choosing among the turns offered, by what they do:
    // of the queen's checking captures (Qxe5+, Qxf7#) the mate.
    let row = row_of(
        r##"let g = game(variant("chess"), 0, "r1bqkb1r/pppp1ppp/2n2n2/4p2Q/2B1P3/8/PPPP1PPP/RNB1K1NR w KQkq - 4 4");
        let r = play(g, Fn("queen_check"), "random");
        #{ moves: r.moves, reason: r.reason, white: r.white }
    }
    fn queen_check(p) {
        let picked = p.moves.filter(|m| m.check && m.capture && m.piece == "queen"
                                        && m.san.ends_with("#"));
        if p.side != "white" || p.ply != 0 || p.in_check || !p.fen.starts_with("r1bqkb1r/") {
            throw `wrong view: ${p}`;
        }
        picked[0]"##,
    );
    assert_eq!(
        row,
        r#"{"moves":["Qxf7#"],"reason":"checkmate","white":"queen_check"}"#
    );

    // `on_turn` sees each turn as it is played; `false` ends the game.
    // The game cut at the first capture is the uncut game's beginning.
    let row = row_of(
        r#"let g = game(variant("chess"), seed);
        let whole = play(g, "random", "random", #{ max_turns: 200 });
        let seen = [];
        let cut = play(g, "random", "random", #{ max_turns: 200, on_turn: |t| {
            seen.push(t.san);
            !t.capture
        }});
        let first = whole.turns.filter(|t| t.capture)[0].ply;
        #{ same: whole.moves.extract(0, first) == cut.moves, cut_at: cut.plies == first,
           seen: seen == cut.moves, reason: cut.reason, result: cut.result }"#,
    );
    assert_eq!(
        row,
        r#"{"cut_at":true,"reason":"on_turn","result":"*","same":true,"seen":true}"#
    );

    // Wrong answers are errors that say what was expected.
    for (player, message) in [
        (
            "|p| 25",
            "the white player returned 25, but there are 20 moves (0 to 19)",
        ),
        (
            "|p| \"Ke2\"",
            "the white player returned `Ke2`, not a legal move here",
        ),
        (
            "|p| ()",
            "the white player returned nothing; return one of `p.moves`, its index, or a move as text",
        ),
        (
            "7",
            "a player is a name (\"random\", \"greedy\", \"search:N\", \"engine\", \"engine:depth=N\") or a function (`|p| p.moves[0]`), not a whole number",
        ),
    ] {
        let text = format!(
            "fn play_game(i, seed) {{\n  let r = play(game(variant(\"chess\"), seed), {player}, \"random\");\n  #{{ r: r.result }}\n}}\n"
        );
        let exp = Experiment::compile("bad.rhai", &text, Arc::new(AtomicBool::new(false))).unwrap();
        let opts = RunOptions {
            seed: 0,
            threads: 1,
            shard: Shard::ALL,
            games: Some(1),
        };
        let err = run(&exp, &opts, &mut |_, _| {}).unwrap_err().to_string();
        assert!(err.starts_with("bad.rhai:2:11: "), "{err}");
        assert!(err.contains(message), "{err}");
    }
}

/// Compiles `text` (as `exp.rhai`) and runs it on one thread: the results
/// or the error.
fn outcome(
    text: &str,
    games: Option<u64>,
) -> Result<changeling::experiment::Results, changeling::experiment::ExperimentError> {
    let exp = Experiment::compile("exp.rhai", text, Arc::new(AtomicBool::new(false)))?;
    let opts = RunOptions {
        seed: 0,
        threads: 1,
        shard: Shard::ALL,
        games,
    };
    run(&exp, &opts, &mut |_, _| {})
}

#[test]
fn an_experiment_importing_itself_is_an_error_not_a_crash() {
    let dir = scratch("self-import");
    let path = dir.join("me.rhai");
    std::fs::write(
        &path,
        "import \"me\" as me;\nfn play_game(i, seed) { #{} }\n",
    )
    .unwrap();
    let shown = path.display().to_string();
    let e = Experiment::load(&shown, Arc::new(AtomicBool::new(false))).unwrap_err();
    assert_eq!(
        e.to_string(),
        format!(
            "{shown}: import \"me\" in `{shown}`: `{shown}` imports itself ({shown} -> {shown})"
        )
    );
    // Through the binary: exit code 2, not an abort.
    let out = changeling(&["run", "me.rhai"], &dir);
    assert_eq!(out.status.code(), Some(2));
    assert_eq!(
        String::from_utf8_lossy(&out.stderr),
        "error: me.rhai: import \"me\" in `me.rhai`: `me.rhai` imports itself (me.rhai -> me.rhai)\n"
    );
    // A helper beside the script is found, and absolute paths are refused.
    std::fs::write(dir.join("helper.rhai"), "fn row(i) { #{ twice: 2 * i } }\n").unwrap();
    std::fs::write(
        dir.join("uses.rhai"),
        "fn games() { 2 }\nfn play_game(i, seed) { import \"helper\" as h; h::row(i) }\n",
    )
    .unwrap();
    let text = ok(&changeling(&["run", "uses.rhai", "--out", "-"], &dir));
    assert!(
        text.contains(r#""game":1,"seed":3264177979190560,"twice":2}"#),
        "{text}"
    );
    let e = outcome(
        "import \"/etc/passwd\" as p;\nfn play_game(i, seed) { #{} }\n",
        None,
    )
    .unwrap_err();
    assert_eq!(
        e.to_string(),
        "exp.rhai: import \"/etc/passwd\" in `exp.rhai`: an absolute path; an import names a script beside the importing one or in the script library (`import \"advancer\"`)"
    );
}

#[test]
fn experiments_have_size_limits_and_a_game_limit() {
    let play = |body: &str| {
        outcome(
            &format!("fn games() {{ 1 }}\nfn play_game(i, seed) {{\n{body}\n}}\n"),
            None,
        )
        .unwrap_err()
        .to_string()
    };
    assert_eq!(
        play("let a = []; a.pad(2000000000, 0); #{}"),
        "exp.rhai: Size of array/BLOB too large: an array holds at most 16777216 items, counting the values nested in it"
    );
    assert_eq!(
        play("let s = \"ab\"; loop { s += s; }"),
        "exp.rhai: Length of string too large: a string holds at most 67108864 bytes, counting the values nested in it"
    );
    assert_eq!(
        play("let m = #{}; for k in 0..40 { m = #{ inner: m }; } m"),
        "exp.rhai: play_game's row nests arrays or maps more than 32 deep under `inner`"
    );
    let e = outcome(
        "fn games() { 1000000000000 }\nfn play_game(i, seed) { #{} }\n",
        None,
    )
    .unwrap_err();
    assert_eq!(
        e.to_string(),
        "exp.rhai: games() returned 1000000000000, but a run plays at most 1000000 games (split a larger study into runs with different seeds)"
    );
    let e = outcome("fn play_game(i, seed) { #{} }\n", Some(100_000_000)).unwrap_err();
    assert_eq!(
        e.to_string(),
        "--games 100000000: a run plays at most 1000000 games (split a larger study into runs with different seeds)"
    );
    let dir = scratch("game-limit");
    std::fs::write(dir.join("ok.rhai"), "fn play_game(i, seed) { #{} }\n").unwrap();
    let out = changeling(&["run", "ok.rhai", "--games", "100000000"], &dir);
    assert_eq!(out.status.code(), Some(2));
    assert_eq!(
        String::from_utf8_lossy(&out.stderr),
        "error: --games 100000000: a run plays at most 1000000 games (split a larger study into runs with different seeds)\n"
    );
}

/// Waits until process `pid` catches SIGINT (bit 2 of `SigCgt` in
/// `/proc/PID/status`): a SIGINT sent before the handler is installed
/// kills the process instead, so the test waits for the handler, not for
/// a time that a loaded machine might overrun. Elsewhere than Linux, a
/// second's pause.
fn wait_for_sigint_handler(pid: u32) {
    let path = format!("/proc/{pid}/status");
    if std::fs::metadata(&path).is_err() {
        std::thread::sleep(std::time::Duration::from_secs(1));
        return;
    }
    for _ in 0..6000 {
        let caught = std::fs::read_to_string(&path).ok().and_then(|status| {
            let mask = status.lines().find_map(|l| l.strip_prefix("SigCgt:"))?;
            u64::from_str_radix(mask.trim(), 16).ok()
        });
        if caught.is_some_and(|m| m & 0b10 != 0) {
            return;
        }
        std::thread::sleep(std::time::Duration::from_millis(10));
    }
    panic!("process {pid} never caught SIGINT");
}

#[test]
fn the_stop_flag_ends_a_script_anywhere() {
    // Raised from another thread while the script loops: at its top
    // level, in games(), in summarize(rows).
    let stopped = |text: &str| {
        let stop = Arc::new(AtomicBool::new(false));
        let raise = stop.clone();
        let raiser = std::thread::spawn(move || {
            std::thread::sleep(std::time::Duration::from_millis(300));
            raise.store(true, std::sync::atomic::Ordering::Relaxed);
        });
        let opts = RunOptions {
            seed: 0,
            threads: 1,
            shard: Shard::ALL,
            games: None,
        };
        let e = Experiment::compile("loop.rhai", text, stop)
            .and_then(|exp| run(&exp, &opts, &mut |_, _| {}))
            .unwrap_err();
        raiser.join().unwrap();
        assert!(e.stopped, "{e}");
        e.to_string()
    };
    assert_eq!(
        stopped("let n = 0;\nloop { n += 1; }\nfn play_game(i, seed) { #{} }\n"),
        "loop.rhai: stopped while running the script's top level; nothing was played"
    );
    assert_eq!(
        stopped("fn games() { loop {} }\nfn play_game(i, seed) { #{} }\n"),
        "loop.rhai: stopped in `games()`; nothing was played"
    );
    assert_eq!(
        stopped(
            "fn games() { 3 }\nfn play_game(i, seed) { #{} }\nfn summarize(rows) { loop {} }\n"
        ),
        "loop.rhai: stopped in `summarize(rows)`, before the summary was made; nothing was written"
    );
    // The binary exits with 130 and says so.
    let dir = scratch("stop");
    std::fs::write(
        dir.join("top.rhai"),
        "loop {}\nfn play_game(i, seed) { #{} }\n",
    )
    .unwrap();
    let child = bin()
        .args(["run", "top.rhai"])
        .current_dir(&dir)
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    wait_for_sigint_handler(child.id());
    let _ = Command::new("kill")
        .args(["-INT", &child.id().to_string()])
        .status();
    let out = child.wait_with_output().unwrap();
    assert_eq!(out.status.code(), Some(130));
    assert_eq!(
        String::from_utf8_lossy(&out.stderr),
        "top.rhai: stopped while running the script's top level; nothing was played\n"
    );
}

#[test]
fn nan_and_infinities_survive_a_merge() {
    let dir = scratch("nan");
    std::fs::write(
        dir.join("nan.rhai"),
        "fn games() { 4 }\nfn play_game(i, seed) { #{ n: 0.0 / 0.0, p: 1.0 / 0.0, m: -1.0 / 0.0, c: 'x', i: i } }\nfn summarize(rows) { #{ rows: rows.len(), n: rows[0].n, chars: count(column(rows, \"c\"), \"x\") } }\n",
    )
    .unwrap();
    ok(&changeling(
        &["run", "nan.rhai", "--out", "whole.jsonl"],
        &dir,
    ));
    for i in ["1", "2"] {
        ok(&changeling(
            &[
                "run",
                "nan.rhai",
                "--shard",
                &format!("{i}/2"),
                "--out",
                &format!("part{i}.jsonl"),
            ],
            &dir,
        ));
    }
    ok(&changeling(
        &[
            "merge",
            "part1.jsonl",
            "part2.jsonl",
            "--out",
            "merged.jsonl",
        ],
        &dir,
    ));
    let whole = std::fs::read_to_string(dir.join("whole.jsonl")).unwrap();
    assert_eq!(
        std::fs::read_to_string(dir.join("merged.jsonl")).unwrap(),
        whole
    );
    let lines: Vec<&str> = whole.lines().collect();
    assert_eq!(
        lines[1],
        r#"{"type":"game","game":0,"seed":3860219105561013,"c":"x","i":0,"m":-Infinity,"n":NaN,"p":Infinity}"#
    );
    // A character reads back as text: the summary counts it either way.
    assert_eq!(
        lines[5],
        r#"{"type":"summary","rows":4,"summary":{"chars":4,"n":NaN,"rows":4}}"#
    );
    // CSV: the same words, and `rows` once in the summary.
    ok(&changeling(
        &["run", "nan.rhai", "--out", "whole.csv"],
        &dir,
    ));
    assert_eq!(
        std::fs::read_to_string(dir.join("whole.csv"))
            .unwrap()
            .lines()
            .nth(1),
        Some("0,3860219105561013,x,0,-Infinity,NaN,Infinity")
    );
    assert_eq!(
        std::fs::read_to_string(dir.join("whole.script-summary.csv")).unwrap(),
        "key,value\nchars,4\nn,NaN\nrows,4\n"
    );
    // The default summary counts rows too: written once.
    std::fs::write(
        dir.join("plain.rhai"),
        "fn games() { 2 }\nfn play_game(i, seed) { #{ x: i } }\n",
    )
    .unwrap();
    ok(&changeling(
        &["run", "plain.rhai", "--out", "plain.csv"],
        &dir,
    ));
    assert_eq!(
        std::fs::read_to_string(dir.join("plain.script-summary.csv")).unwrap(),
        "key,value\nrows,2\nx,0.5\n"
    );
}

#[test]
fn aggregation_helpers_never_overflow() {
    let row = row_of(r#"#{ sum: sum([9223372036854775807, 1]), small: sum([2, 3]) }"#);
    assert_eq!(row, r#"{"small":5,"sum":9.223372036854776e18}"#);
    for (call, message) in [
        (
            "histogram([-1.0e300, 1.0e300], 1)",
            "more than 100000 bins: choose a wider bin",
        ),
        (
            "histogram([1, 0.0 / 0.0], 1)",
            "histogram: NaN cannot go in a bin",
        ),
        (
            "histogram([9223372036854775807], 2)",
            "a bin edge of 4611686018427387904 * 2 is beyond the whole numbers",
        ),
        ("game_seed(-1)", "game_seed(-1): games are numbered from 0"),
    ] {
        let e = outcome(
            &format!("fn games() {{ 1 }}\nfn play_game(i, seed) {{\n    #{{ x: {call} }}\n}}\n"),
            None,
        )
        .unwrap_err();
        assert_eq!(e.to_string(), format!("exp.rhai:3:11: {message}"), "{call}");
    }
}

/// Two conditions of short seeded games: the same
/// games, hence the same table, on every run.
const TABLE: &str = r#"
fn games() { 12 }

fn conditions() { "players" }

fn play_game(i, seed) {
    let who = ["random", "greedy"][i % 2];
    let r = play(game(variant("chess"), seed), who, who, #{ max_turns: 200 });
    #{ players: who, result: r.result, plies: r.plies }
}
"#;

#[test]
fn the_summary_is_a_table_of_the_conditions() {
    let dir = scratch("table");
    std::fs::write(dir.join("table.rhai"), TABLE).unwrap();
    let out = changeling(&["run", "table.rhai", "--seed", "5"], &dir);
    assert_eq!(ok(&out), TABLE_TEXT);
    // Without `conditions()`, one line for every game.
    std::fs::write(
        dir.join("one.rhai"),
        TABLE.replace("fn conditions() { \"players\" }\n", ""),
    )
    .unwrap();
    let out = ok(&changeling(&["run", "one.rhai", "--seed", "5"], &dir));
    assert_eq!(
        out.lines().nth(1).unwrap().split_whitespace().next(),
        Some("condition")
    );
    assert!(
        out.lines().nth(2).unwrap().starts_with("all games  "),
        "{out}"
    );
    // A bad `conditions()` is an error naming it.
    std::fs::write(
        dir.join("bad.rhai"),
        TABLE.replace("fn conditions() { \"players\" }", "fn conditions() { [1] }"),
    )
    .unwrap();
    let bad = changeling(&["run", "bad.rhai"], &dir);
    assert_eq!(bad.status.code(), Some(2));
    assert!(
        String::from_utf8_lossy(&bad.stderr).contains("conditions() must return a row key"),
        "{}",
        String::from_utf8_lossy(&bad.stderr)
    );
}

const TABLE_TEXT: &str = "\
table.rhai, seed 5: 12 games\n\
players  games       White wins              draws        Black wins  unfinished  mean plies\n\
random       6  0.0% (0.0-39.0)    0.0% (0.0-39.0)  16.7% (3.0-56.4)           5       198.7\n\
greedy       6  0.0% (0.0-39.0)  83.3% (43.6-97.0)   0.0% (0.0-39.0)           1       139.0\n\
Wins and draws: % of the games, 95% Wilson interval in brackets.\n\
Unfinished: games with no result (`*`, e.g. stopped by max_turns).\n\
Plies are half-moves: one turn of one side.\n";

#[test]
fn quiet_prints_nothing_and_needs_an_output() {
    let dir = scratch("quiet");
    std::fs::write(dir.join("table.rhai"), TABLE).unwrap();
    let out = changeling(&["run", "table.rhai", "-q", "--out", "out.jsonl"], &dir);
    assert!(out.status.success());
    assert_eq!(String::from_utf8_lossy(&out.stdout), "");
    assert_eq!(String::from_utf8_lossy(&out.stderr), "");
    assert_eq!(
        std::fs::read_to_string(dir.join("out.jsonl"))
            .unwrap()
            .lines()
            .count(),
        14
    );
    // `--out -`: the JSON Lines alone on standard output.
    let out = changeling(&["run", "table.rhai", "--quiet", "--out", "-"], &dir);
    let text = ok(&out);
    assert!(text.lines().all(|l| l.starts_with("{\"type\":")), "{text}");
    assert_eq!(String::from_utf8_lossy(&out.stderr), "");
    // With nowhere to put the results, -q is refused before any game.
    let out = changeling(&["run", "table.rhai", "-q"], &dir);
    assert_eq!(out.status.code(), Some(2));
    assert_eq!(String::from_utf8_lossy(&out.stdout), "");
    assert!(
        String::from_utf8_lossy(&out.stderr)
            .contains("with -q the results are written only to --out")
    );
}

#[test]
fn the_csv_summary_has_a_column_per_number() {
    let dir = scratch("csv-table");
    std::fs::write(dir.join("table.rhai"), TABLE).unwrap();
    ok(&changeling(
        &["run", "table.rhai", "--seed", "5", "--out", "t.csv", "-q"],
        &dir,
    ));
    let table = std::fs::read_to_string(dir.join("t.summary.csv")).unwrap();
    let lines: Vec<&str> = table.lines().collect();
    assert_eq!(lines.len(), 3, "{table}");
    assert_eq!(lines[0], CSV_HEAD);
    assert_eq!(lines[1], CSV_RANDOM);
    assert!(!table.contains('{') && !table.contains('['), "{table}");
    // The script's summary, flat: arrays by index, no JSON in a cell.
    std::fs::write(
        dir.join("bins.rhai"),
        "fn games() { 3 }\nfn play_game(i, seed) { #{ x: i } }\nfn summarize(rows) { #{ bins: histogram(column(rows, \"x\"), 2), none: [] } }\n",
    )
    .unwrap();
    ok(&changeling(&["run", "bins.rhai", "--out", "b.csv"], &dir));
    assert_eq!(
        std::fs::read_to_string(dir.join("b.script-summary.csv")).unwrap(),
        "key,value\nrows,3\nbins.0.count,2\nbins.0.from,0\nbins.0.to,2\nbins.1.count,1\nbins.1.from,2\nbins.1.to,4\nnone,\n"
    );
}

/// The text of each `<text>` element of `svg`, trimmed.
fn svg_texts(svg: &str) -> Vec<String> {
    svg.split("<text")
        .skip(1)
        .filter_map(|t| {
            let body = &t[t.find('>')? + 1..];
            Some(body[..body.find("</text>")?].trim().to_string())
        })
        .collect()
}

const CSV_HEAD: &str = "players,games,white,draws,black,unfinished,white_share,white_low,white_high,draw_share,draw_low,draw_high,black_share,black_low,black_high,mean_plies,plies_0_19,plies_20_39,plies_40_59,plies_60_79,plies_80_99,plies_100_119,plies_120_139,plies_140_159,plies_160_179,plies_180_199,plies_200_219";
const CSV_RANDOM: &str = "random,6,0,0,1,5,0.0,0.0,0.390334,0.0,0.0,0.390334,0.166667,0.030053,0.563503,198.666667,0,0,0,0,0,0,0,0,0,1,5";

#[test]
fn plots_are_svg_charts_of_the_table() {
    let dir = scratch("plot");
    std::fs::write(dir.join("table.rhai"), TABLE).unwrap();
    let out = changeling(
        &["run", "table.rhai", "--seed", "5", "--plot", "charts", "-q"],
        &dir,
    );
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert_eq!(String::from_utf8_lossy(&out.stdout), "");
    for name in ["win_rates.svg", "lengths.svg"] {
        let svg = std::fs::read_to_string(dir.join("charts").join(name)).unwrap();
        assert!(
            svg.starts_with("<svg "),
            "{name}: {}",
            &svg[..svg.len().min(80)]
        );
        assert!(svg.trim_end().ends_with("</svg>"), "{name}");
        assert_eq!(svg.matches("<text").count(), svg.matches("</text>").count());
        let texts = svg_texts(&svg);
        for condition in ["random", "greedy"] {
            assert!(
                texts.iter().any(|t| t == condition),
                "{name}: no {condition} in {texts:?}"
            );
        }
        assert!(
            texts.iter().any(|t| t.ends_with("table.rhai, seed 5")),
            "{name}: no title in {texts:?}"
        );
    }
    let rates = std::fs::read_to_string(dir.join("charts/win_rates.svg")).unwrap();
    let texts = svg_texts(&rates);
    for outcome in ["White wins", "draws", "Black wins"] {
        assert!(texts.iter().any(|t| t == outcome), "no legend {outcome}");
    }
    // Each outcome's colour on a bar per condition and on the legend's
    // swatch; an error bar, marked at the share, for each bar.
    for colour in ["#E6AB02", "#A0A0A0", "#3C5488"] {
        let bars = format!("fill=\"{colour}\"");
        assert_eq!(rates.matches(&bars).count(), 2 + 1, "{colour}");
    }
    assert_eq!(rates.matches("<circle").count(), 6);
    // A histogram panel per condition, one bar per bin in each.
    let lengths = std::fs::read_to_string(dir.join("charts/lengths.svg")).unwrap();
    assert_eq!(lengths.matches("<rect").count(), 1 + 2 * 11, "{lengths}");
    // Into a path that cannot be a directory: a clear error, before any
    // game is played, and no panic.
    std::fs::write(dir.join("file"), "").unwrap();
    let out = changeling(&["run", "table.rhai", "--plot", "file/charts"], &dir);
    assert_eq!(out.status.code(), Some(2));
    assert_eq!(String::from_utf8_lossy(&out.stdout), "");
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains("error: cannot make the directory `file/charts`"),
        "{err}"
    );
    assert!(!err.contains("panicked"), "{err}");
    // Nothing to draw: the table is printed, then the error.
    std::fs::write(
        dir.join("bare.rhai"),
        "fn games() { 2 }\nfn play_game(i, seed) { #{ x: i } }\n",
    )
    .unwrap();
    let out = changeling(&["run", "bare.rhai", "--plot", "bare"], &dir);
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stdout).starts_with("bare.rhai, seed 0: 2 games\n"));
    assert!(
        String::from_utf8_lossy(&out.stderr)
            .contains("error: --plot: the rows have neither a `result` nor a `plies` to draw")
    );
}

#[test]
fn sleep_and_rows_of_too_many_keys_are_refused() {
    // `sleep` would hold a game up, deaf to Ctrl-C.
    let e = outcome(
        "fn play_game(i, seed) {\n    sleep(30);\n    #{}\n}\n",
        None,
    )
    .unwrap_err();
    assert_eq!(
        e.to_string(),
        "exp.rhai:2:10: syntax error: `sleep` is not available to scripts: it would hold up the command without doing any work"
    );
    let e = outcome(
        "fn games() { 1 }\nfn play_game(i, seed) {\n    Fn(\"sleep\").call(30);\n    #{}\n}\n",
        None,
    )
    .unwrap_err();
    assert!(e.to_string().starts_with("exp.rhai:3:"), "{e}");
    assert!(
        e.to_string()
            .contains("`sleep` is not available to scripts"),
        "{e}"
    );
    // A row is one game's record: at most 4,096 keys.
    let row = |n: u32| {
        outcome(
            &format!(
                "fn games() {{ 1 }}\nfn play_game(i, seed) {{\n    let m = #{{}};\n    for k in 0..{n} {{ m[`k${{k}}`] = k; }}\n    m\n}}\n"
            ),
            None,
        )
    };
    assert_eq!(row(4096).unwrap().rows[0].values.len(), 4096);
    assert_eq!(
        row(4097).unwrap_err().to_string(),
        format!(
            "exp.rhai: play_game(0, {}) returned a row of 4097 keys; a row holds at most 4096 (put a long list under one key, as an array)",
            changeling::experiment::game_seed(0, 0)
        )
    );
}

#[test]
fn variant_reads_only_variant_files_in_the_scripts_folder() {
    let dir = scratch("variant-folder");
    std::fs::write(
        dir.join("mine.variant"),
        "variant mine : chess {\n    setup = \"4k3/8/8/8/8/8/8/4K2R w K - 0 1\"\n}\n",
    )
    .unwrap();
    std::fs::create_dir_all(dir.join("sub")).unwrap();
    std::fs::write(dir.join("sub/secret.txt"), "top secret line\n").unwrap();
    #[cfg(unix)]
    std::os::unix::fs::symlink(dir.join("sub/secret.txt"), dir.join("sub/leak.variant")).unwrap();
    let run_in = |script: &str| {
        std::fs::write(dir.join("exp.rhai"), script).unwrap();
        let out = changeling(
            &["run", "exp.rhai", "--games", "1", "--out", "out.jsonl"],
            &dir,
        );
        (
            out.status.code(),
            String::from_utf8_lossy(&out.stderr).into_owned(),
        )
    };
    let (code, err) = run_in(
        "fn play_game(i, seed) {\n    #{ fen: game(variant(\"mine.variant\"), seed).fen }\n}\n",
    );
    assert_eq!(code, Some(0), "{err}");
    let rows = std::fs::read_to_string(dir.join("out.jsonl")).unwrap();
    assert!(
        rows.contains("\"fen\":\"4k3/8/8/8/8/8/8/4K2R w K - 0 1\""),
        "{rows}"
    );
    let why = "a script names an embedded variant (`changeling list`) or a `.variant` file in its own folder (`my.variant`, `my.variant:name`)";
    for (spec, reason) in [
        ("/etc/passwd", "a path is not accepted"),
        ("sub/secret.txt", "a path is not accepted"),
        ("../variant-folder/mine.variant", "a path is not accepted"),
        (
            "exp.rhai",
            "not an embedded variant, nor a file ending in `.variant`",
        ),
    ] {
        let (code, err) = run_in(&format!(
            "fn play_game(i, seed) {{\n    variant(\"{spec}\");\n    #{{}}\n}}\n"
        ));
        assert_eq!(code, Some(2), "{err}");
        assert_eq!(
            err.lines().next().unwrap(),
            format!("error: exp.rhai:2:5: variant(\"{spec}\"): {reason}; {why}"),
        );
        assert!(
            !err.contains("root:") && !err.contains("top secret"),
            "{err}"
        );
    }
    #[cfg(unix)]
    {
        std::fs::create_dir_all(dir.join("inner")).unwrap();
        std::fs::write(
            dir.join("inner/exp.rhai"),
            "fn play_game(i, seed) {\n    variant(\"leak.variant\");\n    #{}\n}\n",
        )
        .unwrap();
        std::os::unix::fs::symlink(dir.join("sub/secret.txt"), dir.join("inner/leak.variant"))
            .unwrap();
        let out = changeling(&["run", "inner/exp.rhai", "--games", "1"], &dir);
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(
            err.contains(
                "variant(\"leak.variant\"): the file is a link leading out of the script's folder"
            ),
            "{err}"
        );
        assert!(!err.contains("top secret"), "{err}");
    }
}

/// Engine players limited by nodes play the same game from the same
/// start; half the games here vary their openings.
const OPENINGS: &str = r#"
fn games() { 12 }
fn conditions() { "how" }
fn play_game(i, seed) {
    let v = variant("chess");
    let g = if i % 2 == 0 { game(v, seed) } else { game(v, seed, #{ opening: #{ random_plies: 4 } }) };
    let r = play(g, "engine:nodes=100", "engine:nodes=100", #{ max_turns: 12 });
    #{ how: if i % 2 == 0 { "fixed" } else { "opening" }, start: g.fen, moves: r.moves }
}
"#;

#[test]
fn openings_vary_the_games_and_repeated_games_are_warned_of() {
    let exp =
        Experiment::compile("openings.rhai", OPENINGS, Arc::new(AtomicBool::new(false))).unwrap();
    let results = |threads| {
        let opts = RunOptions {
            seed: 0,
            threads,
            shard: Shard::ALL,
            games: None,
        };
        run(&exp, &opts, &mut |_, _| {}).unwrap()
    };
    let one = results(1);
    // The openings come from the games' seeds alone.
    assert_eq!(one.to_jsonl(), results(2).to_jsonl());
    let table = one.table();
    let counts: Vec<(u64, u64, u64)> = table
        .conditions
        .iter()
        .map(|c| (c.games, c.played, c.distinct))
        .collect();
    assert_eq!(counts, [(6, 6, 1), (6, 6, 6)]);
    let text = table.text(&one);
    let warnings: Vec<&str> = text.lines().filter(|l| l.starts_with("warning")).collect();
    assert_eq!(
        warnings,
        [
            "warning: condition fixed: its 6 games were only 1 distinct game: the same moves from the same start repeat; deterministic players need varied openings, e.g. game(v, seed, #{ opening: #{ random_plies: 4 } })"
        ]
    );
    // Each opening is four random turns from the start.
    let chess = changeling::variants::load("chess").unwrap();
    for r in one.rows.iter().filter(|r| r.game % 2 == 1) {
        let fen = r.values["start"].to_string();
        let pos = changeling::notation::parse_fen(&chess, &fen).unwrap();
        assert_eq!(pos.fullmove(), 3, "{fen}");
    }

    // A list of FENs: drawn by the seed, or cycled through by `cycle`.
    let a = "4k3/8/8/8/8/8/8/4K2R w K - 0 1";
    let b = "4k3/8/8/8/8/8/8/R3K3 w Q - 0 1";
    let fens = |opening: &str| {
        let text = format!(
            "fn games() {{ 6 }}\nfn play_game(i, seed) {{\n    #{{ fen: game(variant(\"chess\"), seed, #{{ opening: {opening} }}).fen }}\n}}\n"
        );
        outcome(&text, None).map(|r| {
            r.rows
                .iter()
                .map(|r| r.values["fen"].to_string())
                .collect::<Vec<_>>()
        })
    };
    assert_eq!(
        fens(&format!("#{{ fens: [\"{a}\", \"{b}\"], cycle: i }}")).unwrap(),
        [a, b, a, b, a, b]
    );
    let drawn = fens(&format!("#{{ fens: [\"{a}\", \"{b}\"] }}")).unwrap();
    assert!(drawn.iter().all(|f| f == a || f == b), "{drawn:?}");
    assert!(
        drawn.contains(&a.to_string()) && drawn.contains(&b.to_string()),
        "{drawn:?}"
    );
    assert_eq!(
        fens("#{ random_plie: 4 }").unwrap_err().to_string(),
        "exp.rhai:3:13: `random_plie` is not an option of an opening (options: random_plies, fens, cycle)"
    );
}
