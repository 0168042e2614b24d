//! Transcript tests of `changeling play`: each `tests/repl/NAME.in` is fed
//! to the binary through a pipe and its output must equal `NAME.out`
//! (`BLESS=1 cargo test --test frontends repl::` rewrites the `.out` files). The
//! first line of an `.in` file may be `#! ARGS`: the command-line
//! arguments after `play` (default: none, the default variant). The
//! session runs in the crate root; `$SCRATCH` in a transcript names a
//! fresh temporary directory (saved games go there, never into the
//! checkout), and its path is written back as `$SCRATCH` in the output.
//!
//! Also: a few thousand lines of garbage leave the session answering and
//! the position unchanged.

use crate::kit::{play_session, scratch};
use std::path::Path;
use std::process::Command;

fn run(args: &[&str], input: &str) -> String {
    let out = play_session(args, Path::new(env!("CARGO_MANIFEST_DIR")), input);
    assert!(
        out.status.success(),
        "exit {:?}: {}",
        out.status,
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout).unwrap()
}

/// A fresh, empty temporary directory for the transcript `input`.
fn scratch_dir(input: &Path) -> std::path::PathBuf {
    let name = input.file_stem().unwrap().to_string_lossy();
    scratch(&format!("repl-{name}"))
}

#[test]
fn transcripts_match() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/repl");
    let mut inputs: Vec<_> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "in"))
        .collect();
    inputs.sort();
    assert!(inputs.len() >= 4, "only {} transcripts", inputs.len());
    let bless = std::env::var_os("BLESS").is_some();
    let mut failed = Vec::new();
    for input in inputs {
        let scratch = scratch_dir(&input);
        let root = scratch.display().to_string();
        let text = std::fs::read_to_string(&input)
            .unwrap()
            .replace("$SCRATCH", &root);
        let args: Vec<&str> = text
            .lines()
            .next()
            .and_then(|l| l.strip_prefix("#!"))
            .map(|a| a.split_whitespace().collect())
            .unwrap_or_default();
        let got = run(&args, &text).replace(&root, "$SCRATCH");
        let _ = std::fs::remove_dir_all(&scratch);
        let expected_path = input.with_extension("out");
        if bless {
            std::fs::write(&expected_path, &got).unwrap();
            continue;
        }
        let want = std::fs::read_to_string(&expected_path).unwrap_or_default();
        if got != want {
            failed.push(format!(
                "{}:\n--- want\n{want}\n--- got\n{got}",
                input.display()
            ));
        }
    }
    assert!(failed.is_empty(), "{}", failed.join("\n"));
}

/// A cornering morphs both pieces: the `also:` line says where the
/// partner went and what it became, not that it was removed.
#[test]
fn a_cornering_says_where_the_partner_went_and_what_it_became() {
    let fen = "4k3/8/8/8/8/8/8/R3K2R<-/-> w HA - 0 1";
    let out = run(
        &["mutatis-mutandis", "--fen", fen, "--pieces", "ascii"],
        "e1c1\nquit\n",
    );
    let line = "also: the king became a maoking on c1; the rook went from a1 to d1 and became a cylindricalbishop\n";
    assert!(out.contains(line), "{line:?} missing from:\n{out}");
    assert!(!out.contains("removed"), "{out}");
}

#[test]
fn garbage_never_breaks_the_session() {
    // Lines built from a seeded generator over an alphabet of move-ish
    // and command-ish pieces, then `fen`: the position must still be
    // the start position and the session must still answer.
    let pieces = [
        "e4",
        "Nf3",
        "O-O",
        "@",
        "=",
        "x",
        "undo",
        "redo 3",
        "moves",
        "moves zz9",
        "perft 0",
        "perft x",
        "setfen",
        "setfen 8/8",
        "show",
        "show piece",
        "show piece q9",
        "attacks",
        "attacks k0",
        "help nope",
        "history",
        "{",
        "}",
        "(",
        "\u{1F600}",
        "\t",
        "e9e10",
        "a1a1",
        "P@",
        "undo 99999999999999999999",
        "move",
        "new",
        "#",
        "e2e4:tag",
        "0-0-0-0",
        "Qxh7#",
        "quit_",
        "fen x",
        "variant y",
        "-",
        "99",
        "Z@z9",
    ];
    let mut seed: u64 = 0x9e37_79b9_7f4a_7c15;
    let mut input = String::new();
    for _ in 0..3000 {
        let mut line = String::new();
        for _ in 0..1 + (seed % 3) {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            // Legal moves are avoided: every piece above is refused in
            // the start position or is a query.
            line.push_str(pieces[(seed % pieces.len() as u64) as usize]);
            if seed % 5 == 0 {
                line.push(' ');
            }
        }
        input.push_str(&line);
        input.push('\n');
    }
    input.push_str("undo 100\nfen\n");
    let out = run(&["chess"], &input);
    assert!(
        out.trim_end()
            .ends_with("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"),
        "{}",
        &out[out.len().saturating_sub(600)..]
    );
}

#[test]
fn every_command_has_its_help_in_a_transcript() {
    let text =
        std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/repl/help.in"))
            .unwrap();
    for c in changeling::repl::COMMANDS {
        assert!(
            text.lines().any(|l| l == format!("help {}", c.name)),
            "tests/repl/help.in lacks `help {}`",
            c.name
        );
    }
}

/// With no variant named, `play` starts Mutatis Mutandis from a seed it
/// draws and prints; that seed given back gives the same setup.
#[test]
fn the_default_game_is_mutatis_mutandis_from_a_shown_seed() {
    let out = run(&[], "fen\n");
    let first = out.lines().next().unwrap();
    let seed: String = first
        .strip_prefix("random setup from seed ")
        .unwrap_or_else(|| panic!("{first}"))
        .chars()
        .take_while(char::is_ascii_digit)
        .collect();
    let fen = out.lines().last().unwrap().to_string();
    assert!(fen.contains("> w ") && fen.ends_with(" 0 1"), "{fen}");
    let again = run(&["mutatis-mutandis", "--seed", &seed], "fen\n");
    assert_eq!(again.lines().last(), Some(fen.as_str()));
    assert!(!again.starts_with("random setup"), "{again}");
}

/// A variant with dice draws its seed from the clock and prints it, as a
/// random setup does; the dice then follow that seed, so `--seed` with
/// the printed number rolls them again. A variant with nothing left to
/// chance prints no seed.
#[test]
fn a_game_with_dice_draws_and_shows_its_seed() {
    let input = "setfen rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 {h3:dice+} roll:2\nd4\nNc6\nfen\nhistory\n";
    let out = run(&["twelve-mutation"], input);
    let (first, rest) = out.split_once('\n').unwrap();
    let seed: String = first
        .strip_prefix("dice from seed ")
        .unwrap_or_else(|| panic!("{first}"))
        .chars()
        .take_while(char::is_ascii_digit)
        .collect();
    assert_eq!(
        first,
        format!("dice from seed {seed} (`--seed {seed}` plays it again)")
    );
    let again = run(&["twelve-mutation", "--seed", &seed], input);
    assert_eq!(again, rest);
    // With `--fen` the dice are still left to chance.
    let fen = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 {h3:dice+} roll:2";
    let out = run(&["twelve-mutation", "--fen", fen], "");
    assert!(out.starts_with("dice from seed "), "{out}");
    // Nothing to chance in chess: no seed line, seed 0.
    let out = run(&["chess"], "");
    assert!(out.starts_with(" 8  r n b q k b n r"), "{out}");
}

#[test]
fn the_computer_plays_a_game_out_against_itself() {
    // Depth-limited, so the game is the same every time: it ends by the
    // rules, each move announced with its score, depth and nodes.
    let out = run(&["chess", "--computer", "both", "--depth", "2"], "");
    let moves = out.matches("computer plays ").count();
    assert!(moves > 10, "{out}");
    assert!(out.contains("game over: "), "{out}");
    assert_eq!(
        out,
        run(&["chess", "--computer", "both", "--depth", "2"], "")
    );
    // Playing Black, it answers each move of White's at once.
    let out = run(
        &["chess", "--computer", "black", "--nodes", "500"],
        "e4\nd4\n",
    );
    assert_eq!(out.matches("computer plays ").count(), 2, "{out}");
}

/// `changeling list`: every embedded variant with one whole sentence,
/// from its file's opening comment, or, for a second variant in a file,
/// from the comment above its declaration.
#[test]
fn list_gives_one_full_sentence_per_variant() {
    let out = Command::new(env!("CARGO_BIN_EXE_changeling"))
        .arg("list")
        .output()
        .unwrap();
    assert!(out.status.success());
    let text = String::from_utf8(out.stdout).unwrap();
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len(), changeling::variants::EMBEDDED.len());
    for (line, (name, _)) in lines.iter().zip(changeling::variants::EMBEDDED) {
        let (listed, about) = line.split_once("  ").unwrap();
        assert_eq!(listed.trim(), *name);
        let about = about.trim();
        assert!(about.ends_with('.'), "{line}");
        assert!(!about[..about.len() - 1].contains(". "), "{line}");
    }
    assert!(lines.contains(
        &"pocket-mutation     Pocket Mutation Chess (Michael Nelson, 2003): chess with a one-piece pocket."
    ));
    assert!(lines.contains(
        &"fluid_single        Fluid Chess with Optional Rule 1: a pawn promotes to one unit only, as a Queen is two."
    ));
}

/// `changeling rules VARIANT` describes the rules in words: each line
/// below is read from the compiled rules of FIDE chess (the knight's
/// leap from `N`, the pawn's moves from `fmWfcFifmnD`, castling from the
/// castling section, the end from its defaults); a bad name is an error.
#[test]
fn rules_are_described_in_words() {
    let out = Command::new(env!("CARGO_BIN_EXE_changeling"))
        .args(["rules", "chess"])
        .output()
        .unwrap();
    assert!(out.status.success());
    let text = String::from_utf8(out.stdout).unwrap();
    for line in [
        "chess (embedded:chess), on a board of 8 files and 8 ranks.",
        "  N      knight: a knight's leap (worth 3) [N]",
        "  P      pawn: one square orthogonally straight forward to an empty square only; one square diagonally forward to capture only; two squares orthogonally straight forward, through empty squares only to an empty square only, on its first move only (follows the pawn rules; worth 1) [fmWfcFifmnD]",
        "  a pawn reaching its rank 8 promotes to queen, rook, bishop, knight",
        "  king_side: the royal e1-g1 and the partner h1-f1, the squares between empty, the royal not passing an attacked square",
        "  a side whose royal is attacked and that has no legal move loses",
        "  50 moves each without a capture or a pawn move are a draw",
    ] {
        assert!(
            text.lines().any(|l| l == line),
            "missing {line:?} in\n{text}"
        );
    }
    let twelve = Command::new(env!("CARGO_BIN_EXE_changeling"))
        .args(["rules", "twelve-mutation"])
        .output()
        .unwrap();
    let text = String::from_utf8(twelve.stdout).unwrap();
    assert!(
        text.lines()
            .any(|l| l == "  rider: a knight moves: slides along knight's leaps, any distance"),
        "{text}"
    );
    let bad = Command::new(env!("CARGO_BIN_EXE_changeling"))
        .args(["rules", "no-such-variant"])
        .output()
        .unwrap();
    assert_eq!(bad.status.code(), Some(2));
    assert!(!bad.stderr.is_empty());
}
