//! Golden tests for diagnostics: every `tests/diagnostics/NAME.variant` is
//! a malformed variant file, and `NAME.stderr` beside it holds exactly what
//! `changeling check` prints for it (the rendering of every diagnostic).
//!
//! Run with `BLESS=1 cargo test --test engine diagnostics::` to rewrite the
//! `.stderr` files from the current output, then review the diff.

use changeling::diag::render;
use changeling::variants::check_str;
use std::fmt::Write as _;
use std::path::{Path, PathBuf};
use std::process::Command;

/// The directory of the cases, relative to the package root (also the
/// source name used in rendered paths).
const DIR: &str = "tests/diagnostics";

/// Fewest cases the suite accepts, so a lost directory cannot pass quietly.
const MIN_CASES: usize = 12;

fn root() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

/// Every `*.variant` case, sorted by file name.
fn cases() -> Vec<PathBuf> {
    let dir = root().join(DIR);
    let mut v: Vec<PathBuf> = std::fs::read_dir(&dir)
        .unwrap_or_else(|e| panic!("cannot read {}: {e}", dir.display()))
        .map(|entry| entry.expect("directory entry").path())
        .filter(|p| p.extension().is_some_and(|x| x == "variant"))
        .collect();
    v.sort();
    v
}

fn stem(path: &Path) -> String {
    path.file_stem()
        .expect("case has a file name")
        .to_string_lossy()
        .into_owned()
}

/// Checks a case as `changeling check tests/diagnostics/NAME.variant`
/// would: (number of diagnostics, number of errors, rendered output).
fn run_case(name: &str) -> (usize, usize, String) {
    let path = root().join(DIR).join(format!("{name}.variant"));
    let text = std::fs::read_to_string(&path)
        .unwrap_or_else(|e| panic!("cannot read {}: {e}", path.display()));
    let source = format!("{DIR}/{name}.variant");
    let (diags, sources) = check_str(&source, &text);
    let rendered: String = diags.iter().map(|d| render(d, &sources)).collect();
    let errors = diags.iter().filter(|d| d.is_error()).count();
    (diags.len(), errors, rendered)
}

#[test]
fn diagnostics_match_stderr_files() {
    let bless = std::env::var("BLESS").is_ok_and(|v| v == "1");
    let cases = cases();
    assert!(
        cases.len() >= MIN_CASES,
        "expected at least {MIN_CASES} cases in {DIR}, found {}",
        cases.len()
    );
    let mut failures = String::new();
    for path in &cases {
        let name = stem(path);
        let (_, errors, actual) = run_case(&name);
        if errors == 0 {
            let _ = writeln!(
                failures,
                "{DIR}/{name}.variant: expected at least one error diagnostic, got none; output:\n{actual}"
            );
        }
        let expected_path = path.with_extension("stderr");
        if bless {
            std::fs::write(&expected_path, &actual)
                .unwrap_or_else(|e| panic!("cannot write {}: {e}", expected_path.display()));
            continue;
        }
        let expected = match std::fs::read_to_string(&expected_path) {
            Ok(t) => t,
            Err(e) => {
                let _ = writeln!(
                    failures,
                    "{DIR}/{name}.stderr: cannot read ({e}); run with BLESS=1 to create it"
                );
                continue;
            }
        };
        // Tolerate CRLF checkouts of the expected files.
        if expected.replace("\r\n", "\n") != actual {
            let _ = writeln!(
                failures,
                "{DIR}/{name}.variant: output differs from {name}.stderr\n\
                 --- expected ---\n{expected}--- actual ---\n{actual}--- end ---"
            );
        }
    }
    assert!(
        failures.is_empty(),
        "diagnostic cases failed (rerun with BLESS=1 to accept the new output):\n\n{failures}"
    );
}

#[test]
fn several_errors_are_all_reported() {
    let (count, errors, rendered) = run_case("several_errors_together");
    assert!(
        count >= 3 && errors >= 3,
        "several_errors_together: expected at least 3 error diagnostics, got {count} ({errors} errors):\n{rendered}"
    );
}

#[test]
fn check_binary_reports_and_exits() {
    let bin = env!("CARGO_BIN_EXE_changeling");

    let bad = format!("{DIR}/unknown_key.variant");
    let out = Command::new(bin)
        .current_dir(root())
        .args(["check", &bad])
        .output()
        .expect("run changeling check");
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(
        !out.status.success(),
        "`changeling check {bad}` should fail, exited with {}; stderr:\n{stderr}",
        out.status
    );
    let (_, _, rendered) = run_case("unknown_key");
    assert!(
        stderr.contains(&rendered),
        "`changeling check {bad}` should print the same diagnostics as check_str;\n\
         --- check_str ---\n{rendered}--- stderr ---\n{stderr}"
    );
    let located = stderr.lines().any(|l| {
        l.trim_start()
            .strip_prefix("--> ")
            .and_then(|loc| loc.strip_prefix(&bad))
            .and_then(|rest| rest.strip_prefix(':'))
            .and_then(|rest| rest.split_once(':'))
            .is_some_and(|(line, col)| {
                line.parse::<usize>().is_ok() && col.parse::<usize>().is_ok()
            })
    });
    assert!(
        located,
        "stderr should point at `{bad}:LINE:COL`; stderr:\n{stderr}"
    );

    let good = "examples/variants/chess.variant";
    let out = Command::new(bin)
        .current_dir(root())
        .args(["check", good])
        .output()
        .expect("run changeling check");
    assert!(
        out.status.success(),
        "`changeling check {good}` should succeed, exited with {}; stderr:\n{}",
        out.status,
        String::from_utf8_lossy(&out.stderr)
    );
}
