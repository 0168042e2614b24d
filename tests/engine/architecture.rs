//! The layering of ARCHITECTURE.md, held against the code. Every path in
//! `src/` outside unit tests that names another module of the crate,
//! directly (`crate::rules::Rules`, `super::super::board::Square`) or
//! through a re-export (`crate::Rules`, which `lib.rs` takes from
//! `rules`), must point to a module listed before the one it is written
//! in, or be a listed exception. And the files of one module must not use
//! each other in a circle.
//!
//! The source is read whole: comments, strings and character literals are
//! blanked first, and each item under `#[cfg(test)]` (a `mod tests`, a
//! test-only function) is skipped, wherever in the file it stands.

use std::collections::{BTreeMap, BTreeSet};
use std::path::Path;

/// The non-empty lines of ARCHITECTURE.md's block named `name`.
fn block(name: &str) -> Vec<String> {
    let text =
        std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("ARCHITECTURE.md"))
            .expect("ARCHITECTURE.md");
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
}

/// The layers, lowest first, and the allowed exceptions, as
/// ARCHITECTURE.md lists them in its `layers` and `exceptions` blocks.
fn document() -> (Vec<String>, BTreeSet<(String, String)>) {
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

/// The circles ARCHITECTURE.md still allows (its `circles` block): for
/// each, the files under `src/` a circle may run through.
fn allowed_circles() -> Vec<BTreeSet<String>> {
    block("circles")
        .iter()
        .map(|l| {
            let mut words = l.split_whitespace();
            let module = words.next().unwrap();
            words.map(|f| format!("{module}/{f}")).collect()
        })
        .collect()
}

/// `text` with its comments, string literals and character literals
/// blanked, each of their characters a space but newlines kept, so that
/// lines still count and no brace or path inside them is read.
fn code_only(text: &str) -> String {
    let c: Vec<char> = text.chars().collect();
    let mut out = String::with_capacity(text.len());
    let blank = |out: &mut String, ch: char| out.push(if ch == '\n' { '\n' } else { ' ' });
    let ident = |ch: char| ch.is_alphanumeric() || ch == '_';
    let mut i = 0;
    while i < c.len() {
        let at = |k: usize| c.get(k).copied().unwrap_or('\0');
        if at(i) == '/' && at(i + 1) == '/' {
            while i < c.len() && c[i] != '\n' {
                blank(&mut out, c[i]);
                i += 1;
            }
        } else if at(i) == '/' && at(i + 1) == '*' {
            let mut depth = 0;
            while i < c.len() {
                if at(i) == '/' && at(i + 1) == '*' {
                    depth += 1;
                    out.push_str("  ");
                    i += 2;
                } else if at(i) == '*' && at(i + 1) == '/' {
                    depth -= 1;
                    out.push_str("  ");
                    i += 2;
                    if depth == 0 {
                        break;
                    }
                } else {
                    blank(&mut out, c[i]);
                    i += 1;
                }
            }
        } else if (at(i) == 'r' || (at(i) == 'b' && at(i + 1) == 'r'))
            && (i == 0 || !ident(c[i - 1]))
            && {
                let mut k = i + if at(i) == 'b' { 2 } else { 1 };
                while at(k) == '#' {
                    k += 1;
                }
                at(k) == '"'
            }
        {
            // A raw string: `r#"..."#`.
            let mut k = i + if at(i) == 'b' { 2 } else { 1 };
            let mut hashes = 0;
            while at(k) == '#' {
                hashes += 1;
                k += 1;
            }
            for &ch in &c[i..=k] {
                blank(&mut out, ch);
            }
            i = k + 1;
            while i < c.len() {
                if c[i] == '"' && (1..=hashes).all(|h| at(i + h) == '#') {
                    for _ in 0..=hashes {
                        out.push(' ');
                    }
                    i += hashes + 1;
                    break;
                }
                blank(&mut out, c[i]);
                i += 1;
            }
        } else if at(i) == '"' {
            out.push(' ');
            i += 1;
            while i < c.len() && c[i] != '"' {
                if c[i] == '\\' {
                    blank(&mut out, c[i]);
                    i += 1;
                }
                if i < c.len() {
                    blank(&mut out, c[i]);
                    i += 1;
                }
            }
            out.push(' ');
            i += 1;
        } else if at(i) == '\'' && (at(i + 1) == '\\' || at(i + 2) == '\'') {
            // A character literal (`'{'`, `'\''`, `'\u{7b}'`); a lifetime
            // (`'a`) is left as it is.
            out.push(' ');
            i += 1;
            while i < c.len() && c[i] != '\'' {
                if c[i] == '\\' {
                    out.push(' ');
                    i += 1;
                }
                if i < c.len() {
                    blank(&mut out, c[i]);
                    i += 1;
                }
            }
            out.push(' ');
            i += 1;
        } else {
            out.push(c[i]);
            i += 1;
        }
    }
    out
}

/// `code` (blanked by [`code_only`]) with every item under `#[cfg(test)]`
/// blanked too: a `mod tests { ... }` or `mod tests;`, a test-only
/// function or import, wherever it stands.
fn without_tests(code: &str) -> String {
    let mut c: Vec<char> = code.chars().collect();
    let mark: Vec<char> = "#[cfg(test)]".chars().collect();
    let mut i = 0;
    while i + mark.len() <= c.len() {
        if c[i..i + mark.len()] != mark[..] {
            i += 1;
            continue;
        }
        // The item runs to its `;` or to the brace closing its first `{`;
        // a closing bracket of the enclosing item ends it too (a field).
        let mut end = i + mark.len();
        let mut depth = 0i32;
        while end < c.len() {
            match c[end] {
                '{' | '(' | '[' => depth += 1,
                '}' | ')' | ']' => {
                    depth -= 1;
                    if depth < 0 {
                        break;
                    }
                    if depth == 0 && c[end] == '}' {
                        end += 1;
                        break;
                    }
                }
                ';' if depth == 0 => {
                    end += 1;
                    break;
                }
                _ => {}
            }
            end += 1;
        }
        let end = end.min(c.len());
        for ch in &mut c[i..end] {
            if *ch != '\n' {
                *ch = ' ';
            }
        }
        i = end;
    }
    c.into_iter().collect()
}

/// A token of blanked code: a word, `::`, or one other character.
#[derive(Clone, Debug, PartialEq)]
enum Token {
    Word(String),
    Path,
    Punct(char),
}

/// The tokens of `code`, each with its line (1-based).
fn tokens(code: &str) -> Vec<(Token, usize)> {
    let c: Vec<char> = code.chars().collect();
    let mut out = Vec::new();
    let mut line = 1;
    let mut i = 0;
    while i < c.len() {
        let ch = c[i];
        if ch == '\n' {
            line += 1;
            i += 1;
        } else if ch.is_whitespace() {
            i += 1;
        } else if ch.is_alphanumeric() || ch == '_' {
            let start = i;
            while i < c.len() && (c[i].is_alphanumeric() || c[i] == '_') {
                i += 1;
            }
            out.push((Token::Word(c[start..i].iter().collect()), line));
        } else if ch == ':' && c.get(i + 1) == Some(&':') {
            out.push((Token::Path, line));
            i += 2;
        } else {
            out.push((Token::Punct(ch), line));
            i += 1;
        }
    }
    out
}

/// One `use` item's paths: each leaf of its tree as a path with the name
/// it binds (`None` for a glob), grouped imports expanded.
fn use_tree(
    toks: &[(Token, usize)],
    i: &mut usize,
    prefix: &[String],
) -> Vec<(Vec<String>, Option<String>)> {
    let mut out = Vec::new();
    let mut path = prefix.to_vec();
    while *i < toks.len() {
        match &toks[*i].0 {
            Token::Word(w) if w == "as" => {
                *i += 1;
                if let Some((Token::Word(alias), _)) = toks.get(*i) {
                    out.push((path.clone(), Some(alias.clone())));
                    *i += 1;
                }
                return out;
            }
            Token::Word(w) => {
                path.push(w.clone());
                *i += 1;
            }
            Token::Path => *i += 1,
            Token::Punct('*') => {
                *i += 1;
                out.push((path.clone(), None));
                return out;
            }
            Token::Punct('{') => {
                *i += 1;
                loop {
                    match toks.get(*i).map(|t| &t.0) {
                        Some(Token::Punct('}')) => {
                            *i += 1;
                            return out;
                        }
                        Some(Token::Punct(',')) => *i += 1,
                        None => return out,
                        _ => out.extend(use_tree(toks, i, &path)),
                    }
                }
            }
            _ => break,
        }
    }
    // `self` in a group binds the group's own path.
    if path.last().map(String::as_str) == Some("self") {
        path.pop();
    }
    if let Some(last) = path.last().cloned()
        && path.len() > prefix.len()
    {
        out.push((path, Some(last)));
    }
    out
}

/// What one file holds, as far as the check needs it.
#[derive(Debug, Default)]
struct Source {
    /// Each path its code names (`use` leaves and paths in expressions
    /// and types), with its line; `use` leaves marked as such and as
    /// re-exports when public.
    paths: Vec<(Vec<String>, usize, Use)>,
    /// The names its `use` items bind, and the paths they stand for
    /// (globs under `*`).
    binds: BTreeMap<String, Vec<Vec<String>>>,
    /// The names it defines.
    defines: BTreeSet<String>,
}

/// How a path is written.
#[derive(Clone, Copy, Debug, PartialEq)]
enum Use {
    /// In code (an expression, a type).
    Code,
    /// In a private `use` item.
    Import,
    /// In a public `use` item (`pub`, `pub(crate)`, `pub(super)`): a
    /// re-export, the module's face rather than its code.
    Reexport,
}

/// Reads blanked, test-free code.
fn read_source(code: &str) -> Source {
    let toks = tokens(code);
    let mut s = Source::default();
    let word = |k: usize| match toks.get(k) {
        Some((Token::Word(w), _)) => Some(w.as_str()),
        _ => None,
    };
    let mut i = 0;
    while i < toks.len() {
        let line = toks[i].1;
        match word(i) {
            Some("use") => {
                let public = i > 0
                    && (word(i - 1) == Some("pub")
                        || (toks[i - 1].0 == Token::Punct(')')
                            && (1..=4).any(|b| i > b && word(i - b) == Some("pub"))));
                i += 1;
                let leaves = use_tree(&toks, &mut i, &[]);
                for (path, bound) in leaves {
                    let how = if public { Use::Reexport } else { Use::Import };
                    s.binds
                        .entry(bound.unwrap_or_else(|| "*".into()))
                        .or_default()
                        .push(path.clone());
                    s.paths.push((path, line, how));
                }
                continue;
            }
            Some(
                "fn" | "struct" | "enum" | "trait" | "type" | "const" | "static" | "mod" | "union"
                | "macro_rules",
            ) => {
                let k = if toks.get(i + 1).map(|t| &t.0) == Some(&Token::Punct('!')) {
                    i + 2
                } else {
                    i + 1
                };
                if let Some(name) = word(k) {
                    s.defines.insert(name.to_string());
                }
                i += 1;
                continue;
            }
            Some(w) if toks.get(i + 1).map(|t| &t.0) == Some(&Token::Path) => {
                // A path in code: words joined by `::` (a turbofish or a
                // group ends it).
                let after_path = i > 0 && toks[i - 1].0 == Token::Path;
                let mut path = vec![w.to_string()];
                let mut k = i + 1;
                while toks.get(k).map(|t| &t.0) == Some(&Token::Path) {
                    match word(k + 1) {
                        Some(next) => {
                            path.push(next.to_string());
                            k += 2;
                        }
                        None => break,
                    }
                }
                if !after_path {
                    s.paths.push((path, line, Use::Code));
                }
                i = k;
                continue;
            }
            _ => {}
        }
        i += 1;
    }
    s
}

/// Every file of `src/` but unit tests, by module path (`[]` for
/// `lib.rs`, `["notation", "spell"]` for `notation/spell/mod.rs`), with
/// its path and what it holds.
struct Crate {
    files: BTreeMap<Vec<String>, (String, Source)>,
    /// Paths already resolved, by (module, path); a path being resolved
    /// is `None` meanwhile, which ends a circle of glob imports.
    memo: std::cell::RefCell<BTreeMap<Asked, Found>>,
    /// Modules whose insides are not followed: a path into one ends
    /// there, whatever it re-exports (the session's API, for the front
    /// ends).
    opaque: BTreeSet<String>,
}

/// A path as written in a module: (module, path).
type Asked = (Vec<String>, Vec<String>);

/// Where a path leads: the file module of its item, and whether the item
/// was seen there (or only the file reached); `None` out of the crate.
type Found = Option<(Vec<String>, bool)>;

impl Crate {
    /// Reads `(path under src/, text)` pairs.
    fn new(texts: &[(String, String)]) -> Crate {
        let mut files = BTreeMap::new();
        for (file, text) in texts {
            let Some(stem) = file.strip_suffix(".rs") else {
                continue;
            };
            if file == "main.rs" || file == "tests.rs" || file.ends_with("/tests.rs") {
                continue;
            }
            let mut module: Vec<String> = stem.split('/').map(str::to_string).collect();
            if module.last().map(String::as_str) == Some("mod") || file == "lib.rs" {
                module.pop();
            }
            let source = read_source(&without_tests(&code_only(text)));
            files.insert(module, (file.clone(), source));
        }
        Crate {
            files,
            memo: Default::default(),
            opaque: BTreeSet::new(),
        }
    }

    /// The crate as the front ends see it: a path into `session` ends
    /// there, the core types it hands on being its API.
    fn seen_through_the_session(texts: &[(String, String)]) -> Crate {
        let mut krate = Crate::new(texts);
        krate.opaque.insert("session".to_string());
        krate
    }

    /// The file module that `path`, written in module `at`, names: the
    /// file its item is defined in, found through imports and re-exports
    /// (and whether the item was found there, or only the file). `None`
    /// for a path out of the crate (the standard library, a dependency, a
    /// local type's variant) or one that cannot be followed.
    fn resolve(&self, at: &[String], path: &[String], depth: usize) -> Found {
        if depth > 8 || path.is_empty() {
            return None;
        }
        let key = (at.to_vec(), path.to_vec());
        if let Some(known) = self.memo.borrow().get(&key) {
            return known.clone();
        }
        self.memo.borrow_mut().insert(key.clone(), None);
        let found = self.resolve_anew(at, path, depth);
        self.memo.borrow_mut().insert(key, found.clone());
        found
    }

    /// [`Crate::resolve`], not yet remembered.
    fn resolve_anew(&self, at: &[String], path: &[String], depth: usize) -> Found {
        let mut base: Vec<String>;
        let mut rest = path;
        match path[0].as_str() {
            "crate" => {
                base = Vec::new();
                rest = &path[1..];
            }
            "self" => {
                base = at.to_vec();
                rest = &path[1..];
            }
            "super" => {
                base = at.to_vec();
                while rest.first().map(String::as_str) == Some("super") {
                    base.pop()?;
                    rest = &rest[1..];
                }
            }
            first => {
                let mut child = at.to_vec();
                child.push(first.to_string());
                if self.files.contains_key(&child) {
                    base = at.to_vec();
                } else {
                    let (_, src) = self.files.get(at)?;
                    if let Some(bound) = src.binds.get(first).and_then(|b| b.first()) {
                        // A name this file imports: follow its import.
                        let mut whole = bound.clone();
                        whole.extend(path[1..].iter().cloned());
                        return self.resolve(at, &whole, depth + 1);
                    }
                    // A name a glob import may bring: taken only where
                    // the glob's module is seen to hold it.
                    return src.binds.get("*").into_iter().flatten().find_map(|glob| {
                        let mut whole = glob.clone();
                        whole.extend(path.iter().cloned());
                        self.resolve(at, &whole, depth + 1)
                            .filter(|(_, known)| *known)
                    });
                }
            }
        }
        self.walk(base, rest, depth)
    }

    /// From file module `cur`, down `rest`: into child files while they
    /// exist, then to where the first other name is defined or bound.
    fn walk(&self, mut cur: Vec<String>, rest: &[String], depth: usize) -> Found {
        for (k, seg) in rest.iter().enumerate() {
            let mut child = cur.clone();
            child.push(seg.clone());
            if self.files.contains_key(&child) {
                cur = child;
                if self.opaque.contains(&cur[0]) {
                    return Some((cur[..1].to_vec(), true));
                }
                continue;
            }
            let (_, src) = self.files.get(&cur)?;
            if src.defines.contains(seg) {
                return Some((cur, true));
            }
            if let Some(bound) = src.binds.get(seg).and_then(|b| b.first()) {
                let mut whole = bound.clone();
                whole.extend(rest[k + 1..].iter().cloned());
                return self.resolve(&cur, &whole, depth + 1).or(Some((cur, true)));
            }
            // Through a glob: the first glob whose module holds the name.
            for glob in src.binds.get("*").into_iter().flatten() {
                let mut whole = glob.clone();
                whole.extend(rest[k..].iter().cloned());
                if let Some(found) = self.resolve(&cur, &whole, depth + 1)
                    && found.1
                {
                    return Some(found);
                }
            }
            return Some((cur, false));
        }
        Some((cur, true))
    }

    /// Every edge between files: (from, to, how, place).
    fn file_edges(&self) -> Vec<(Vec<String>, Vec<String>, Use, String)> {
        let mut out = Vec::new();
        for (module, (file, src)) in &self.files {
            if module.is_empty() {
                continue; // lib.rs: the crate's face
            }
            for (path, line, how) in &src.paths {
                if let Some((to, _)) = self.resolve(module, path, 0)
                    && &to != module
                    && !to.is_empty()
                {
                    out.push((module.clone(), to, *how, format!("src/{file}:{line}")));
                }
            }
        }
        out
    }
}

/// Every (from, to) module edge of the crate read from `texts`, with a
/// place for each.
fn module_edges(texts: &[(String, String)]) -> Vec<(String, String, String)> {
    edges_of(&Crate::new(texts))
}

/// [`module_edges`] with the session's API taken as the session's.
fn front_end_edges(texts: &[(String, String)]) -> Vec<(String, String, String)> {
    edges_of(&Crate::seen_through_the_session(texts))
}

fn edges_of(krate: &Crate) -> Vec<(String, String, String)> {
    krate
        .file_edges()
        .into_iter()
        .filter(|(from, to, _, _)| from[0] != to[0])
        .map(|(from, to, _, place)| (from[0].clone(), to[0].clone(), place))
        .collect()
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

/// The circles among the files of one module: file A uses file B when its
/// code or its private imports name an item of B (re-exports, a module's
/// face, are not its code). A module's `mod.rs` is left out: it holds what
/// its files share and hands their items on, so its ties to them run both
/// ways by design. Each circle as its files, sorted.
fn circles(krate: &Crate) -> Vec<Vec<String>> {
    let mut next: BTreeMap<&Vec<String>, BTreeSet<&Vec<String>>> = BTreeMap::new();
    let edges = krate.file_edges();
    for (from, to, how, _) in &edges {
        let root = |m: &Vec<String>| krate.files[m].0.ends_with("mod.rs");
        if from[0] == to[0] && *how != Use::Reexport && !root(from) && !root(to) {
            next.entry(from).or_default().insert(to);
        }
    }
    // Two files are on one circle when each reaches the other.
    let reach = |start: &Vec<String>| -> BTreeSet<Vec<String>> {
        let mut seen = BTreeSet::new();
        let mut stack = vec![start.clone()];
        while let Some(m) = stack.pop() {
            for n in next.get(&m).into_iter().flatten() {
                if seen.insert((*n).clone()) {
                    stack.push((*n).clone());
                }
            }
        }
        seen
    };
    let mut found: BTreeSet<Vec<String>> = BTreeSet::new();
    for m in next.keys() {
        let from_m = reach(m);
        if !from_m.contains(*m) {
            continue;
        }
        let mut circle: Vec<String> = from_m
            .iter()
            .filter(|n| reach(n).contains(*m))
            .map(|n| krate.files[n].0.clone())
            .collect();
        circle.sort();
        found.insert(circle);
    }
    found.into_iter().collect()
}

/// Every `.rs` file under `src/`, as (path under `src/`, text).
fn sources() -> Vec<(String, String)> {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut out = Vec::new();
    let mut stack = vec![src.clone()];
    while let Some(dir) = stack.pop() {
        for entry in std::fs::read_dir(&dir).unwrap() {
            let path = entry.unwrap().path();
            if path.is_dir() {
                stack.push(path);
            } else if path.extension().is_some_and(|e| e == "rs") {
                let rel = path.strip_prefix(&src).unwrap();
                let file = rel.to_string_lossy().replace('\\', "/");
                out.push((file, std::fs::read_to_string(&path).unwrap()));
            }
        }
    }
    out.sort();
    out
}

#[test]
fn every_use_points_down_the_documented_layers() {
    let (layers, exceptions) = document();
    let found = module_edges(&sources());
    assert!(found.len() > 1000, "too few edges read: {}", found.len());
    let bad = violations(&layers, &exceptions, &found);
    assert!(bad.is_empty(), "{}", bad.join("\n"));
    // Every exception is still needed: one removed is struck from the list.
    for (from, to) in &exceptions {
        assert!(
            found.iter().any(|(f, t, _)| f == from && t == to),
            "the exception `{from} -> {to}` is no longer used: remove it from ARCHITECTURE.md"
        );
    }
    // Every module of src/ has its place, and every layer is a module.
    let modules: BTreeSet<&String> = found.iter().flat_map(|(f, t, _)| [f, t]).collect();
    for m in &modules {
        assert!(
            layers.contains(m),
            "`{m}` is not in ARCHITECTURE.md's layers"
        );
    }
    for l in &layers {
        assert!(
            modules.contains(l),
            "ARCHITECTURE.md lists `{l}`, which no path names"
        );
    }
}

/// The front ends (ARCHITECTURE.md's `front-ends` block) reach below
/// `session` only into the modules of its `reach` block.
#[test]
fn front_ends_reach_the_core_through_the_session() {
    let fronts: BTreeSet<String> = block("front-ends")
        .iter()
        .flat_map(|l| l.split_whitespace().map(str::to_string))
        .collect();
    let reach = reach();
    let found = front_end_edges(&sources());
    let mut bad = front_end_violations(&fronts, &reach, &found);
    // Nor through the session's hidden calls that hand out core types,
    // kept for the tests.
    for (file, text) in sources() {
        if !fronts.iter().any(|f| file.starts_with(&format!("{f}/"))) {
            continue;
        }
        let code = without_tests(&code_only(&text));
        for (i, line) in code.lines().enumerate() {
            for call in HIDDEN_CORE_CALLS {
                if line.contains(call) {
                    bad.push(format!(
                        "src/{file}:{}: `{call}` hands out the core's types",
                        i + 1
                    ));
                }
            }
        }
    }
    assert!(bad.is_empty(), "{}", bad.join("\n"));
    for (m, only) in &reach {
        assert!(
            found.iter().any(|(f, t, _)| fronts.contains(f)
                && t == m
                && only.as_ref().is_none_or(|o| o.contains(f))),
            "no front end uses `{m}`: strike it from the `reach` block"
        );
    }
}

/// The session's calls that take or give the core's types, hidden from
/// its documentation and kept for the tests: no front end calls them.
const HIDDEN_CORE_CALLS: [&str; 8] = [
    ".game()",
    ".rules()",
    "of_game(",
    "set_game(",
    "with_rules(",
    "load_variant(",
    "from_position(",
    "set_engine_options(",
];

/// ARCHITECTURE.md's `reach` block: each module front ends may use
/// below the session, with the front ends it is only for, if named
/// (`script (experiment) why`).
fn reach() -> BTreeMap<String, Option<BTreeSet<String>>> {
    block("reach")
        .iter()
        .map(|l| {
            let mut words = l.split_whitespace();
            let module = words.next().unwrap().to_string();
            let only = words.next().and_then(|w| w.strip_prefix('(')).map(|w| {
                w.trim_end_matches(')')
                    .split(',')
                    .map(str::to_string)
                    .collect()
            });
            (module, only)
        })
        .collect()
}

/// The edges from a front end to a module neither a front end nor in
/// `reach`, as messages.
fn front_end_violations(
    fronts: &BTreeSet<String>,
    reach: &BTreeMap<String, Option<BTreeSet<String>>>,
    edges: &[(String, String, String)],
) -> Vec<String> {
    let allowed = |from: &String, to: &String| match reach.get(to) {
        Some(None) => true,
        Some(Some(only)) => only.contains(from),
        None => fronts.contains(to),
    };
    edges
        .iter()
        .filter(|(from, to, _)| fronts.contains(from) && !allowed(from, to))
        .map(|(from, to, place)| {
            format!("{place}: the front end `{from}` uses `{to}`; front ends reach the core through `session`")
        })
        .collect()
}

/// The front-end check fails on a front end naming a core module, even
/// through a `lib.rs` re-export, and passes the session.
#[test]
fn a_front_end_reaching_past_the_session_is_refused() {
    let fronts: BTreeSet<String> = ["repl".to_string(), "cli".to_string()].into();
    let reach: BTreeMap<String, Option<BTreeSet<String>>> = [
        ("board".to_string(), None),
        ("rules".to_string(), Some(["cli".to_string()].into())),
    ]
    .into();
    let check = |file: &str, text: &str| {
        let edges = front_end_edges(&synthetic(&[(file, text)]));
        front_end_violations(&fronts, &reach, &edges)
    };
    // `rules` is for `cli` alone.
    assert_eq!(check("repl/x.rs", "use crate::rules::Rules;\n").len(), 1);
    assert_eq!(check("repl/x.rs", "use crate::Rules;\n").len(), 1);
    assert_eq!(
        check("repl/x.rs", "fn f() -> crate::rules::Rules { todo!() }\n").len(),
        1
    );
    assert!(check("cli/x.rs", "use crate::rules::Rules;\n").is_empty());
    assert!(check("repl/x.rs", "use crate::board::Square;\n").is_empty());
}

#[test]
fn no_files_of_a_module_use_each_other_in_a_circle() {
    let krate = Crate::new(&sources());
    let found = circles(&krate);
    let allowed = allowed_circles();
    let bad: Vec<String> = found
        .iter()
        .filter(|c| !allowed.iter().any(|a| c.iter().all(|f| a.contains(f))))
        .map(|c| c.join(" <-> "))
        .collect();
    assert!(
        bad.is_empty(),
        "files that use each other in a circle, which ARCHITECTURE.md does not allow:\n{}",
        bad.join("\n")
    );
    // Every allowed circle is still there: one broken is struck off.
    for a in &allowed {
        assert!(
            found
                .iter()
                .any(|c| c.iter().filter(|f| a.contains(*f)).count() >= 2),
            "the circle through {a:?} is gone: remove it from ARCHITECTURE.md"
        );
    }
}

/// A small crate for the checker's own tests: `lib.rs` re-exporting
/// `Rules` from `rules` and `Session` from `repl`, and the files given.
fn synthetic(files: &[(&str, &str)]) -> Vec<(String, String)> {
    let mut texts = vec![
        (
            "lib.rs".to_string(),
            "pub mod board;\npub mod rules;\npub mod repl;\n\
             pub use repl::Session;\npub use rules::Rules;\n"
                .to_string(),
        ),
        ("board/mod.rs".into(), "pub struct Square;\n".into()),
        ("rules/mod.rs".into(), "pub struct Rules;\n".into()),
        ("repl/mod.rs".into(), "pub struct Session;\n".into()),
    ];
    texts.extend(files.iter().map(|(f, t)| (f.to_string(), t.to_string())));
    texts
}

/// The check fails on an upward `use`: written plainly, in a group,
/// through a `lib.rs` re-export, after a unit-test module, and from a
/// module that is not listed; a downward one and one inside a test module
/// pass.
#[test]
fn an_upward_use_is_refused() {
    let (layers, exceptions) = document();
    let check = |file: &str, text: &str| -> Vec<String> {
        let edges = module_edges(&synthetic(&[(file, text)]));
        violations(&layers, &exceptions, &edges)
    };
    assert_eq!(
        check("position/mod.rs", "use crate::rules::Rules;\n"),
        [""; 0]
    );
    assert_eq!(
        check("rules/compile.rs", "use crate::repl::Session;\n"),
        ["src/rules/compile.rs:1: `rules` uses `repl`, which ARCHITECTURE.md does not allow"]
    );
    assert_eq!(
        check(
            "position/mod.rs",
            "use crate::{board::Square, repl::Session};\n"
        )
        .len(),
        1
    );
    // Through the crate root's re-export, in code rather than an import.
    assert_eq!(
        check(
            "board/set.rs",
            "fn size(r: &crate::Rules) -> usize {\n    0\n}\n"
        ),
        ["src/board/set.rs:1: `board` uses `rules`, which ARCHITECTURE.md does not allow"]
    );
    // Below a unit-test module the file is still read; inside it, not.
    let text = "use crate::board::Square;\n\
                #[cfg(test)]\n\
                mod tests {\n    use crate::repl::Session;\n    fn f() { let _ = '}'; }\n}\n\
                // crate::repl::Session in a comment\n\
                const S: &str = \"crate::repl::Session\";\n\
                pub fn g() -> super::super::repl::Session {\n    todo!()\n}\n";
    assert_eq!(
        check("rules/late.rs", text),
        ["src/rules/late.rs:9: `rules` uses `repl`, which ARCHITECTURE.md does not allow"]
    );
    assert_eq!(check("oracle.rs", "use crate::rules::Rules;\n").len(), 1);
}

/// The circle check finds two files of one module that use each other,
/// through the module's re-export too, and not a file that only uses the
/// other.
#[test]
fn a_circle_of_files_is_found() {
    let files = [
        (
            "rules/mod.rs",
            "mod a;\nmod b;\npub use b::helper;\npub struct Rules;\n",
        ),
        ("rules/a.rs", "use super::helper;\npub fn top() {}\n"),
        ("rules/b.rs", "pub fn helper() {\n    super::a::top();\n}\n"),
    ];
    let krate = Crate::new(&synthetic(&files));
    assert_eq!(circles(&krate), [["rules/a.rs", "rules/b.rs"]]);
    let files = [files[0], files[1], ("rules/b.rs", "pub fn helper() {}\n")];
    assert!(circles(&Crate::new(&synthetic(&files))).is_empty());
}
