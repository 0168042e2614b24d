//! The layering of ARCHITECTURE.md, held against the code: every
//! `crate::` path in `src/` (outside unit tests) must point to a module
//! listed before the one it is written in, or be a listed exception.

use std::collections::BTreeSet;
use std::path::Path;

/// The layers, lowest first, and the allowed exceptions, as
/// ARCHITECTURE.md lists them in its `layers` and `exceptions` blocks.
fn document() -> (Vec<String>, BTreeSet<(String, String)>) {
    let text =
        std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("ARCHITECTURE.md"))
            .expect("ARCHITECTURE.md");
    let block = |name: &str| -> Vec<String> {
        let open = format!("```{name}\n");
        let start = text
            .find(&open)
            .unwrap_or_else(|| panic!("no `{name}` block"))
            + open.len();
        let end = start + text[start..].find("```").expect("block closed");
        text[start..end]
            .lines()
            .filter(|l| !l.trim().is_empty())
            .map(str::to_string)
            .collect()
    };
    let layers = block("layers")
        .iter()
        .map(|l| l.split_whitespace().next().unwrap().to_string())
        .collect();
    let exceptions = block("exceptions")
        .iter()
        .map(|l| {
            let mut words = l.split_whitespace();
            let from = words.next().unwrap().to_string();
            assert_eq!(words.next(), Some("->"), "{l}");
            (from, words.next().unwrap().to_string())
        })
        .collect();
    (layers, exceptions)
}

/// The modules a line of code names through `crate::` (grouped
/// imports, `crate::{a::X, b::Y}`, included).
fn named(line: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut rest = line;
    while let Some(i) = rest.find("crate::") {
        rest = &rest[i + "crate::".len()..];
        if let Some(group) = rest.strip_prefix('{') {
            let end = group.find('}').unwrap_or(group.len());
            for item in group[..end].split(',') {
                let word: String = item
                    .trim()
                    .chars()
                    .take_while(|c| c.is_ascii_alphanumeric() || *c == '_')
                    .collect();
                out.push(word);
            }
        } else {
            out.push(
                rest.chars()
                    .take_while(|c| c.is_ascii_alphanumeric() || *c == '_')
                    .collect(),
            );
        }
    }
    out.retain(|w| !w.is_empty() && w.chars().next().is_some_and(|c| c.is_ascii_lowercase()));
    out
}

/// Every (from, to) module edge of `src/`, with a place for each.
fn edges(src: &Path) -> Vec<(String, String, String)> {
    let mut out = Vec::new();
    let mut stack = vec![src.to_path_buf()];
    while let Some(dir) = stack.pop() {
        for entry in std::fs::read_dir(&dir).unwrap() {
            let path = entry.unwrap().path();
            if path.is_dir() {
                stack.push(path);
                continue;
            }
            let rel = path.strip_prefix(src).unwrap();
            let file = rel.to_string_lossy().replace('\\', "/");
            if !file.ends_with(".rs")
                || ["lib.rs", "main.rs"].contains(&file.as_str())
                || file.ends_with("/tests.rs")
            {
                continue;
            }
            let module = file
                .split('/')
                .next()
                .unwrap()
                .trim_end_matches(".rs")
                .to_string();
            let text = std::fs::read_to_string(&path).unwrap();
            for (n, line) in text.lines().enumerate() {
                let code = line.trim_start();
                if code.starts_with("#[cfg(test)]") {
                    break;
                }
                if code.starts_with("//") {
                    continue;
                }
                for to in named(line) {
                    if to != module {
                        out.push((module.clone(), to, format!("src/{file}:{}", n + 1)));
                    }
                }
            }
        }
    }
    out
}

/// The edges the document does not allow, as messages.
fn violations(
    layers: &[String],
    exceptions: &BTreeSet<(String, String)>,
    edges: &[(String, String, String)],
) -> Vec<String> {
    let level = |m: &str| layers.iter().position(|l| l == m);
    let mut out = Vec::new();
    for (from, to, place) in edges {
        let allowed = match (level(from), level(to)) {
            (Some(a), Some(b)) => b < a || exceptions.contains(&(from.clone(), to.clone())),
            _ => false,
        };
        if !allowed {
            out.push(format!(
                "{place}: `{from}` uses `{to}`, which ARCHITECTURE.md does not allow"
            ));
        }
    }
    out
}

#[test]
fn every_use_points_down_the_documented_layers() {
    let (layers, exceptions) = document();
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let found = edges(&src);
    assert!(found.len() > 100, "too few edges read: {}", found.len());
    let bad = violations(&layers, &exceptions, &found);
    assert!(bad.is_empty(), "{}", bad.join("\n"));
    // Every exception is still needed: one removed is struck from the list.
    for (from, to) in &exceptions {
        assert!(
            found.iter().any(|(f, t, _)| f == from && t == to),
            "the exception `{from} -> {to}` is no longer used: remove it from ARCHITECTURE.md"
        );
    }
    // Every module of src/ has its place.
    let modules: BTreeSet<&String> = found.iter().map(|(f, _, _)| f).collect();
    for m in modules {
        assert!(
            layers.contains(m),
            "`{m}` is not in ARCHITECTURE.md's layers"
        );
    }
}

/// The check itself fails on an upward edge, an unlisted module and an
/// edge written in a grouped import.
#[test]
fn an_upward_use_is_refused() {
    let (layers, exceptions) = document();
    let edge = |from: &str, line: &str| -> Vec<(String, String, String)> {
        named(line)
            .into_iter()
            .map(|to| (from.to_string(), to, "src/x.rs:1".to_string()))
            .collect()
    };
    assert!(
        violations(
            &layers,
            &exceptions,
            &edge("movegen", "use crate::rules::Rules;")
        )
        .is_empty()
    );
    let up = violations(
        &layers,
        &exceptions,
        &edge("rules", "use crate::repl::Session;"),
    );
    assert_eq!(
        up,
        ["src/x.rs:1: `rules` uses `repl`, which ARCHITECTURE.md does not allow"]
    );
    let grouped = edge(
        "position",
        "use crate::{board::Square, script::ScriptHost};",
    );
    assert_eq!(violations(&layers, &exceptions, &grouped).len(), 1);
    let unknown = violations(
        &layers,
        &exceptions,
        &edge("oracle", "use crate::rules::Rules;"),
    );
    assert_eq!(unknown.len(), 1);
}
