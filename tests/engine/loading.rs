//! Loading variant files whatever they hold: every input is either
//! refused with a clear error that says where, or loaded in time
//! proportional to its size.

use std::path::{Path, PathBuf};
use std::process::Command;

/// A fresh directory for one test's files.
fn scratch(name: &str) -> PathBuf {
    let dir =
        std::env::temp_dir().join(format!("changeling-loading-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
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
