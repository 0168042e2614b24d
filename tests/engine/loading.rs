//! Loading variant files whatever they hold: every input is either
//! refused with a clear error that says where, or loaded in time
//! proportional to its size.

use crate::kit::{after, scratch};
use changeling::diag::render;
use changeling::movegen::{legal_moves, perft};
use changeling::notation::parse_fen;
use changeling::variants::{check_str, embedded, load, load_str, load_untrusted, load_with};
use std::path::Path;
use std::process::Command;

/// Every diagnostic of `check_str`, rendered.
fn checked(source: &str, text: &str) -> String {
    let (diags, sources) = check_str(source, text);
    diags.iter().map(|d| render(d, &sources)).collect()
}

/// Runs the binary in `dir`; returns (exit code, stderr).
fn changeling(dir: &Path, args: &[&str]) -> (Option<i32>, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_changeling"))
        .current_dir(dir)
        .args(args)
        .stdin(std::process::Stdio::null())
        .output()
        .unwrap();
    (
        out.status.code(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

/// `variant v0 : chess { }` then `variant vN : vN-1 { }` up to `v{n-1}`:
/// `vN` has N + 1 ancestors.
fn chain(n: usize) -> String {
    let mut text = String::from("variant v0 : chess { }\n");
    for i in 1..n {
        text.push_str(&format!("variant v{i} : v{} {{ }}\n", i - 1));
    }
    text
}

// ------------------------------------------------------------- nesting

#[test]
fn ten_thousand_nested_brackets_are_an_error_not_a_crash() {
    let dir = scratch("nesting");
    let text = format!(
        "variant deep : chess {{\n    k = {}{}\n}}\n",
        "[".repeat(10_000),
        "]".repeat(10_000)
    );
    std::fs::write(dir.join("deep.variant"), &text).unwrap();
    let first = "error: nesting too deep: this `[` opens level 65, and at most 64 levels of `{` and `[` are allowed\n  --> deep.variant:2:72\n";
    for args in [
        &["check", "deep.variant"][..],
        &["perft", "1", "--variant", "deep.variant"],
        &["play", "deep.variant"],
    ] {
        let (code, stderr) = changeling(&dir, args);
        assert!(
            code.is_some_and(|c| c != 0 && c != 134),
            "{args:?}: exit {code:?}\n{stderr}"
        );
        assert!(stderr.starts_with(first), "{args:?}:\n{stderr}");
    }
}

// ---------------------------------------------------------- inheritance

#[test]
fn a_chain_of_256_ancestors_loads_and_one_more_is_refused() {
    // v255 has 256 ancestors (v254 ... v0 and chess).
    let rules = load_str("chain.variant", &chain(256)).unwrap();
    assert_eq!(rules.name(), "v255");
    let text = chain(257);
    let e = load_str("chain.variant", &text).unwrap_err();
    assert_eq!(
        e.to_string(),
        "error: inheritance too deep: `v256` has 257 ancestors, and at most 256 are allowed\n  \
         --> chain.variant:257:16\n    |\n\
         257 | variant v256 : v255 { }\n    |                ^^^^\n\
         help: inherit from a variant nearer the root of the chain, or merge some of the variants in between\n"
    );
}

#[test]
fn a_twenty_thousand_deep_chain_is_checked_at_once() {
    // Every variant below v255 is refused, all for the one reason, which
    // is reported once. Resolving the parents used to take time cubic in
    // the chain's length (27 s for 3,000 variants).
    let text = chain(20_000);
    let (diags, _) = check_str("chain.variant", &text);
    assert_eq!(diags.len(), 1, "{diags:?}");
    assert_eq!(
        diags[0].message,
        "inheritance too deep: `v256` has 257 ancestors, and at most 256 are allowed"
    );
}

#[test]
fn a_long_chain_is_resolved_once_for_all_its_variants() {
    // 256 variants, each compiled with its whole chain: every one is
    // clean.
    let (diags, _) = check_str("chain.variant", &chain(256));
    assert!(diags.is_empty(), "{diags:?}");
}

#[test]
fn a_variant_below_a_cycle_is_reported_with_the_cycle() {
    let text = "variant a : b { }\nvariant b : a { }\nvariant c : a { }\n";
    assert_eq!(
        checked("cycle.variant", text),
        "error: variant `a` inherits from a cycle of parents through `a`\n  \
         --> cycle.variant:1:9\n  |\n1 | variant a : b { }\n  |         ^\n\
         note: the cycle closes here\n  --> cycle.variant:2:13\n\
         error: variant `b` inherits from a cycle of parents through `b`\n  \
         --> cycle.variant:2:9\n  |\n2 | variant b : a { }\n  |         ^\n\
         note: the cycle closes here\n  --> cycle.variant:1:13\n\
         error: variant `c` inherits from a cycle of parents through `a`\n  \
         --> cycle.variant:3:9\n  |\n3 | variant c : a { }\n  |         ^\n\
         note: the cycle closes here\n  --> cycle.variant:2:13\n"
    );
}

#[test]
fn parents_are_found_by_the_names_list_shows() {
    for (listed, declared) in [
        ("twelve-mutation", "twelve_mutation"),
        ("mutatis-mutandis", "mutatis_mutandis"),
        ("pocket-mutation", "pocket_mutation"),
        ("fluid_single", "fluid_single"),
    ] {
        for parent in [listed, declared] {
            let text = format!("variant mine : {parent} {{ }}\n");
            let mine =
                load_str("mine.variant", &text).unwrap_or_else(|e| panic!("`: {parent}`: {e}"));
            let original = load(listed).unwrap();
            assert_eq!(mine.name(), "mine");
            assert_eq!(original.name(), declared);
            assert_eq!(mine.setup(), original.setup(), "{parent}");
            assert_eq!(mine.pieces().len(), original.pieces().len(), "{parent}");
            let start = parse_fen(&mine, mine.setup()).unwrap();
            let first = parse_fen(&original, original.setup()).unwrap();
            assert_eq!(
                legal_moves(&mine, &start).len(),
                legal_moves(&original, &first).len(),
                "{parent}"
            );
        }
    }
}

// ------------------------------------------------------------ movement

/// A variant with a piece `Z` of movement `betza` on d4 facing two kings.
fn one_piece(betza: &str) -> String {
    format!(
        "variant p : chess {{\n    piece z {{ letter = Z betza = \"{betza}\" }}\n    setup = \"4k3/8/8/8/3Z4/8/8/K7 w - - 0 1\"\n}}\n"
    )
}

#[test]
fn a_thirty_thousand_letter_movement_string_is_refused_at_once() {
    // `perft 2` with this piece took 47 s. The error points at the first
    // character past the limit: column 35 + 256.
    let betza = "WF".repeat(15_000);
    let (diags, _) = check_str("long.variant", &one_piece(&betza));
    assert_eq!(diags.len(), 1);
    let d = &diags[0];
    assert_eq!(
        d.message,
        "movement string too long: 30000 characters, at most 256"
    );
    assert_eq!(d.label.as_deref(), Some("character 257 is here"));
    let text = one_piece(&betza);
    let inside = text.find("WFWF").unwrap();
    assert_eq!(
        (d.span.start as usize, d.span.end as usize),
        (inside + 256, inside + 257)
    );
    assert_eq!(
        d.help.as_deref(),
        Some("write each part once: a part written twice adds no move")
    );
}

#[test]
fn a_part_written_many_times_is_one_part() {
    // 256 letters, `WF` again and again: the king's eight moves, each
    // once, as with `K`. (`KK` would be a rider.)
    let many = load_str("many.variant", &one_piece(&"WF".repeat(128))).unwrap();
    let one = load_str("one.variant", &one_piece("K")).unwrap();
    let z = many.kind("z").unwrap();
    assert_eq!(many.piece(z).atoms.len(), 2, "W and F, once each");
    let start = parse_fen(&many, many.setup()).unwrap();
    let moves: Vec<_> = legal_moves(&many, &start)
        .into_iter()
        .filter(|m| m.piece.kind == z)
        .collect();
    assert_eq!(moves.len(), 8);
    for depth in 1..=2 {
        assert_eq!(
            perft(&many, &start, depth),
            perft(&one, &parse_fen(&one, one.setup()).unwrap(), depth)
        );
    }
}

#[test]
fn a_multi_leg_move_with_too_many_paths_is_refused() {
    // Four legs of any-direction riders: 60^3 x 4 paths. Expanding them
    // used to run for minutes.
    let out = checked("legs.variant", &one_piece("[*WW-*WW-*WW-*WW]"));
    assert_eq!(
        out,
        "error: this multi-leg move has too many paths to expand\n  \
         --> legs.variant:2:35\n  |\n\
         2 |     piece z { letter = Z betza = \"[*WW-*WW-*WW-*WW]\" }\n  \
         |                                   ^^^^^^^^^^^^^^^^^\n\
         note: expanding its legs would take more than 65536 steps; each rider leg multiplies the paths by its directions and lengths\n\
         help: use fewer rider legs, or fewer directions on them\n"
    );
}

// -------------------------------------------------------------- scripts

/// A variant in `dir` whose script is `file`.
fn with_script(dir: &Path, file: &str) -> String {
    let text = format!(
        "variant s : chess {{\n    script {{\n        file = \"{file}\"\n        hooks = [after_move]\n    }}\n}}\n"
    );
    let path = dir.join("s.variant");
    std::fs::write(&path, &text).unwrap();
    match load(path.to_str().unwrap()) {
        Ok(_) => "loaded".to_string(),
        Err(e) => e.to_string(),
    }
}

#[test]
fn script_files_stay_in_the_variants_folder_and_the_library() {
    let root = scratch("scripts");
    let dir = root.join("variants");
    std::fs::create_dir_all(dir.join("sub")).unwrap();
    let secret = "let TOP_SECRET_LINE = 42;\nsyntax error here\n";
    std::fs::write(root.join("secret.rhai"), secret).unwrap();
    std::fs::write(root.join("secret.txt"), secret).unwrap();
    std::fs::write(dir.join("notes.txt"), secret).unwrap();
    std::fs::write(
        dir.join("sub/fine.rhai"),
        "fn after_move(board, mv) { [] }\n",
    )
    .unwrap();
    let absolute = root.join("secret.rhai");
    for (file, why) in [
        (absolute.to_str().unwrap(), "it is an absolute path"),
        ("../secret.rhai", "it leaves the folder with `..`"),
        ("sub/../../secret.rhai", "it leaves the folder with `..`"),
        ("notes.txt", "a script's name ends in `.rhai`"),
        ("../secret.txt", "it leaves the folder with `..`"),
    ] {
        let out = with_script(&dir, file);
        assert!(
            out.starts_with(&format!("error: script `{file}` is not allowed: {why}\n")),
            "{file}: {out}"
        );
        assert!(!out.contains("TOP_SECRET"), "{file}: {out}");
        assert!(!out.contains("syntax error here"), "{file}: {out}");
    }
    assert_eq!(with_script(&dir, "sub/fine.rhai"), "loaded");
    #[cfg(unix)]
    {
        std::os::unix::fs::symlink(root.join("secret.rhai"), dir.join("link.rhai")).unwrap();
        let out = with_script(&dir, "link.rhai");
        assert!(
            out.starts_with("error: script `link.rhai` is not allowed: "),
            "{out}"
        );
        assert!(out.contains("leads out of"), "{out}");
        assert!(!out.contains("TOP_SECRET"), "{out}");
    }
}

#[test]
fn a_parent_named_by_a_path_shows_nothing_of_that_file() {
    let dir = scratch("parent-path");
    std::fs::write(dir.join("secret.txt"), "TOP_SECRET_LINE\n").unwrap();
    let secret = dir.join("secret.txt");
    let text = format!("variant x : {} {{ }}\n", secret.display());
    let path = dir.join("x.variant");
    std::fs::write(&path, &text).unwrap();
    let e = load(path.to_str().unwrap()).unwrap_err().to_string();
    assert!(e.starts_with("error: syntax error: expected "), "{e}");
    assert!(!e.contains("TOP_SECRET"), "{e}");
}

/// Thousands of problems: the first hundred are reported, the last of
/// them saying how many more there are, and a line of thousands of
/// characters is shown around the caret only. Placing each diagnostic
/// used to scan the file from its start, and each showed its whole line.
#[test]
fn thousands_of_problems_are_reported_by_the_hundred() {
    let mut text = String::from("variant a {\n");
    for i in 0..20_000 {
        text.push_str(&format!("    unknownkey{i} = 1\n"));
    }
    text.push_str("}\n");
    let (diags, sources) = check_str("many.variant", &text);
    assert_eq!(diags.len(), changeling::rules::MAX_DIAGNOSTICS);
    let last = diags.last().unwrap();
    assert!(
        last.notes
            .iter()
            .any(|n| n.ends_with(" more problem(s) after this one are not shown")),
        "{:?}",
        last.notes
    );
    let shown = render(last, &sources);
    assert!(shown.contains("  --> many.variant:"), "{shown}");
    // One line of 5,000 pieces: every rendered line stays short.
    let pieces: Vec<String> = (0..5_000).map(|i| format!("piece p{i} {{ }}")).collect();
    let text = format!("variant a {{ {} }}", pieces.join(" "));
    let out = checked("oneline.variant", &text);
    assert!(out.lines().all(|l| l.chars().count() < 250), "a long line");
    assert!(
        out.contains("1 | ...") && out.contains("..."),
        "{}",
        &out[..2000.min(out.len())]
    );
}

/// A variant is named the same way wherever one is asked for: `check`
/// takes an embedded name as `play` does (a file of that name first),
/// and a name a typo away from an embedded one, or the start of only
/// one, is answered with that name.
#[test]
fn embedded_names_are_accepted_and_typos_answered() {
    let dir = scratch("names");
    let (code, err) = changeling(&dir, &["check", "chess"]);
    assert_eq!((code, err.as_str()), (Some(0), ""));
    let (code, err) = changeling(&dir, &["check", "mutatis"]);
    assert_eq!(code, Some(2));
    assert!(
        err.ends_with("help: did you mean the embedded variant `mutatis-mutandis`?\n"),
        "{err}"
    );
    let (code, err) = changeling(&dir, &["play", "mutatis"]);
    assert_eq!(code, Some(2));
    assert!(
        err.contains("help: did you mean `mutatis-mutandis`?"),
        "{err}"
    );
    let (code, err) = changeling(&dir, &["perft", "1", "--variant", "chesss"]);
    assert_eq!(code, Some(2));
    assert!(err.contains("help: did you mean `chess`?"), "{err}");
    // A file by an embedded name is the file.
    std::fs::write(dir.join("chess"), "variant chess : nosuch { }\n").unwrap();
    let (code, _) = changeling(&dir, &["check", "chess"]);
    assert_eq!(code, Some(1));
    // A name near nothing lists the embedded variants.
    let (_, err) = changeling(&dir, &["play", "qqqqqqqqqq"]);
    assert!(err.contains("embedded variants: chess, "), "{err}");
    let _ = std::fs::remove_dir_all(&dir);
}

// ------------------------------------------------- scripts given as text

/// Every script of the library folder `scripts/`, by file name.
fn library_texts() -> std::collections::BTreeMap<String, String> {
    let mut scripts = std::collections::BTreeMap::new();
    for entry in std::fs::read_dir("scripts").unwrap() {
        let path = entry.unwrap().path();
        if path.extension().is_some_and(|x| x == "rhai") {
            let name = path.file_name().unwrap().to_str().unwrap().to_string();
            scripts.insert(name, std::fs::read_to_string(&path).unwrap());
        }
    }
    scripts
}

#[test]
fn a_scripted_variant_loads_from_text_and_scripts_given_as_text() {
    use changeling::variants::load_text;
    // Rococo's script imports `pieces`, which imports the pieces' own
    // scripts: every one comes from the map.
    let file = "examples/variants/rococo.variant";
    let from_disk = load(file).unwrap();
    let text = std::fs::read_to_string(file).unwrap();
    let scripts = library_texts();
    let from_text = load_text("rococo.variant", &text, &scripts).unwrap();
    let decl = |r: &changeling::Rules| r.script().as_ref().unwrap().file.clone();
    assert_eq!(decl(&from_disk), "scripts/rococo.rhai");
    assert_eq!(decl(&from_text), "rococo.rhai");
    let start = parse_fen(&from_text, from_text.setup()).unwrap();
    assert_eq!(from_text.setup(), from_disk.setup());
    for depth in 1..=2 {
        assert_eq!(
            perft(&from_text, &start, depth),
            perft(&from_disk, &start, depth),
            "depth {depth}"
        );
    }
    // The imports are read from the map before the built-in library:
    // a broken `pieces.rhai` given there is the one reported.
    let mut broken = scripts.clone();
    broken.insert("pieces.rhai".into(), "fn oops( {\n".into());
    let e = load_text("rococo.variant", &text, &broken)
        .unwrap_err()
        .to_string();
    assert!(e.contains("in the imported `pieces.rhai`, line 1: "), "{e}");
}

#[test]
fn a_script_missing_from_the_texts_given_is_named() {
    use changeling::variants::load_text;
    let scripts = std::collections::BTreeMap::from([(
        "main.rhai".to_string(),
        "import \"helper\" as h;\nfn after_move(board, mv) { h::none() }\n".to_string(),
    )]);
    let variant = |file: &str| {
        format!(
            "variant s : chess {{\n    script {{\n        file = \"{file}\"\n        hooks = [after_move]\n    }}\n}}\n"
        )
    };
    let e = load_text("s.variant", &variant("nowhere.rhai"), &scripts).unwrap_err();
    assert_eq!(e.diagnostics.len(), 1, "{e}");
    assert_eq!(
        e.diagnostics[0].message,
        "cannot read script `nowhere.rhai`: not among the scripts given (main.rhai)"
    );
    let e = load_text("s.variant", &variant("main.rhai"), &scripts).unwrap_err();
    assert_eq!(e.diagnostics.len(), 1, "{e}");
    assert_eq!(
        e.diagnostics[0].message,
        "main.rhai: import \"helper\" in `main.rhai`: no `helper.rhai` among the scripts given or in the built-in library"
    );
    // Given, beside the importing script in its folder: found there.
    let scripts = std::collections::BTreeMap::from([
        (
            "sub/main.rhai".to_string(),
            "import \"helper\" as h;\nfn after_move(board, mv) { h::none() }\n".to_string(),
        ),
        (
            "sub/helper.rhai".to_string(),
            "fn none() { [] }\n".to_string(),
        ),
    ]);
    let rules = load_text("s.variant", &variant("sub/main.rhai"), &scripts).unwrap();
    let start = parse_fen(&rules, rules.setup()).unwrap();
    assert_eq!(perft(&rules, &start, 2), 400);
}

/// Every public loader gives whole rules: with the capture probe that
/// playing a move asks of move generation installed, a check counts in
/// three-check and a Berolina double step records its en passant square
/// (under a mutator, found only by generating the pawns' captures). Rules
/// without it counted no check and recorded no square.
#[test]
fn every_loader_installs_what_playing_a_move_needs() {
    let catalogued = format!(
        "{}/examples/variants/catalog/3check.variant",
        env!("CARGO_MANIFEST_DIR")
    );
    for (how, loaded) in [
        ("load", load("3check")),
        ("load (a file)", load(&catalogued)),
        (
            "load_str",
            load_str("3check.variant", embedded("3check").unwrap()),
        ),
        ("load_with", load_with("3check", "")),
        ("load_untrusted", load_untrusted("3check", None)),
    ] {
        let r = loaded.unwrap_or_else(|e| panic!("{how}: {e}"));
        assert_eq!(
            after(&r, "4k3/8/8/8/8/8/8/R3K3 w - - 3+3 0 1", "a1a8"),
            "R3k3/8/8/8/8/8/8/4K3 b - - 2+3 1 1",
            "{how}"
        );
    }
    let tm = "twelve-mutation";
    for (how, loaded) in [
        ("load", load(tm)),
        ("load_str", load_str("tm.variant", embedded(tm).unwrap())),
        ("load_with", load_with(tm, "")),
        ("load_untrusted", load_untrusted(tm, None)),
    ] {
        let r = loaded.unwrap_or_else(|e| panic!("{how}: {e}"));
        assert_eq!(
            after(
                &r,
                "4k3/8/8/8/4p3/8/5P2/4K3[] w - - 0 1 {h5:berolina+}",
                "f2d4"
            ),
            "4k3/8/8/8/3Pp3/8/8/4K3[] b - e3d4 0 1 {h5:berolina+}",
            "{how}"
        );
    }
}
