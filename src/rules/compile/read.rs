//! Reading a block's entries: typed getters that report a wrong value
//! where it is written, and a reader that reports keys nobody took.

use super::*;

/// Takes entries by key and reports what nobody took.
pub(super) struct Reader<'a> {
    scope: Scope,
    pub(super) entries: IndexMap<&'a str, &'a Entry>,
    pub(super) sections: Vec<&'a Section>,
}

impl<'a> Reader<'a> {
    /// A reader of `block`, a block of the `scope`'s kind.
    pub(super) fn new(block: &'a Block, scope: Scope) -> Reader<'a> {
        let mut entries = IndexMap::new();
        let mut sections = Vec::new();
        for item in &block.items {
            match item {
                Item::Entry(e) => {
                    entries.entry(e.key.node.as_str()).or_insert(e);
                }
                Item::Section(s) => sections.push(s),
            }
        }
        Reader {
            scope,
            entries,
            sections,
        }
    }

    /// The entry for `key`, which the scope's row of the key table lists.
    pub(super) fn take(&mut self, key: &str) -> Option<&'a Entry> {
        debug_assert!(
            self.scope.reads(key),
            "`{key}` is read in {} but missing from the key table",
            self.scope.shape().what
        );
        self.entries.shift_remove(key)
    }

    /// Reports every entry nobody took as an unknown key.
    pub(super) fn finish(self, diags: &mut Vec<Diagnostic>) {
        let Shape {
            what, keys: known, ..
        } = self.scope.shape();
        for (key, e) in self.entries {
            let mut d = Diagnostic::error(e.key.span, format!("unknown key `{key}` in {what}"))
                .with_note(format!("keys of {what}: {}", known.join(", ")));
            if let Some(s) = suggest(key, known.iter().copied()) {
                d = d.with_help(format!("did you mean `{s}`?"));
            }
            diags.push(d);
        }
    }
}

pub(super) fn reject_subsections(r: &Reader, what: &str, diags: &mut Vec<Diagnostic>) {
    for sub in &r.sections {
        diags.push(Diagnostic::error(
            sub.kind.span,
            format!("unexpected section `{}` inside {what}", sub.kind.node),
        ));
    }
}

pub(super) fn reject_name(s: &Section, diags: &mut Vec<Diagnostic>) {
    if let Some(n) = &s.name {
        diags.push(
            Diagnostic::error(n.span, format!("`{}` takes no name", s.kind.node))
                .with_help(format!("write `{} {{ ... }}`", s.kind.node)),
        );
    }
}

pub(super) fn type_error(e: &Entry, expected: &str, diags: &mut Vec<Diagnostic>) {
    diags.push(
        Diagnostic::error(e.value.span, format!("`{}` expects {expected}", e.key.node))
            .with_label(format!("this is {}", e.value.node.type_name())),
    );
}

pub(super) fn get_int(e: &Entry, lo: i64, hi: i64, diags: &mut Vec<Diagnostic>) -> Option<i64> {
    match e.value.node {
        Value::Int(n) if (lo..=hi).contains(&n) => Some(n),
        Value::Int(n) => {
            diags.push(Diagnostic::error(
                e.value.span,
                format!("`{}` must be between {lo} and {hi}, not {n}", e.key.node),
            ));
            None
        }
        _ => {
            type_error(e, "an integer", diags);
            None
        }
    }
}

pub(super) fn get_bool(e: &Entry, diags: &mut Vec<Diagnostic>) -> Option<bool> {
    match &e.value.node {
        Value::Ident(s) if s == "true" => Some(true),
        Value::Ident(s) if s == "false" => Some(false),
        _ => {
            diags.push(
                Diagnostic::error(
                    e.value.span,
                    format!("`{}` expects `true` or `false`", e.key.node),
                )
                .with_label(format!("this is {}", e.value.node.type_name()))
                .with_help(format!(
                    "write `{} = true` or `{} = false`, without quotes",
                    e.key.node, e.key.node
                )),
            );
            None
        }
    }
}

pub(super) fn get_str<'a>(e: &'a Entry, diags: &mut Vec<Diagnostic>) -> Option<&'a str> {
    match &e.value.node {
        Value::Str(s) => Some(s),
        _ => {
            type_error(e, "a string in double quotes", diags);
            None
        }
    }
}

/// A list value; a single value counts as a list of one.
pub(super) fn get_list(e: &Entry) -> Vec<&Spanned<Value>> {
    match &e.value.node {
        Value::List(items) => items.iter().collect(),
        _ => vec![&e.value],
    }
}

pub(super) fn square_of(
    g: Geometry,
    v: &Spanned<String>,
    diags: &mut Vec<Diagnostic>,
) -> Option<Square> {
    let sq = g.parse_square(&v.node);
    if sq.is_none() {
        diags.push(
            Diagnostic::error(
                v.span,
                format!(
                    "`{}` is not a square of this {}x{} board",
                    v.node, g.width, g.height
                ),
            )
            .with_help(format!(
                "this board has files a-{} and ranks 1-{}",
                crate::rules::file_char(g.width as i32 - 1),
                g.height
            )),
        );
    }
    sq
}

pub(super) fn square_value(
    g: Geometry,
    v: &Spanned<Value>,
    diags: &mut Vec<Diagnostic>,
) -> Option<Square> {
    match &v.node {
        Value::Ident(s) => square_of(g, &Spanned::new(s.clone(), v.span), diags),
        other => {
            diags.push(Diagnostic::error(
                v.span,
                format!("expected a square like `e1`, found {}", other.type_name()),
            ));
            None
        }
    }
}

/// A list of relative rank numbers (1 = a side's own back rank) on a
/// board `height` ranks high, or diagnostics for the bad ones.
pub(super) fn rank_list(e: &Entry, height: u8, diags: &mut Vec<Diagnostic>) -> Vec<i32> {
    get_list(e)
        .into_iter()
        .filter_map(|v| match v.node {
            Value::Int(n) if n >= 1 && n <= height as i64 => Some(n as i32),
            _ => {
                diags.push(
                    Diagnostic::error(v.span, format!("expected a rank number from 1 to {height}"))
                        .with_note("ranks count from each side's own back rank"),
                );
                None
            }
        })
        .collect()
}

/// The files of a `region_files` list, from 0 (the a-file), each written
/// as its letter (`[d, e, f]`); a diagnostic for anything else.
pub(super) fn file_list(e: &Entry, width: u8, diags: &mut Vec<Diagnostic>) -> Vec<i32> {
    get_list(e)
        .into_iter()
        .filter_map(|v| {
            let file = match &v.node {
                Value::Ident(s) if s.len() == 1 => {
                    let c = s.as_bytes()[0];
                    c.is_ascii_lowercase().then(|| i32::from(c - b'a'))
                }
                _ => None,
            };
            let last = char::from(b'a' + width.saturating_sub(1));
            match file {
                Some(f) if f < i32::from(width) => Some(f),
                _ => {
                    diags.push(Diagnostic::error(
                        v.span,
                        format!("expected a file letter from a to {last}"),
                    ));
                    None
                }
            }
        })
        .collect()
}

/// The kind called by the name `v`, or a diagnostic.
pub(super) fn kind_value(
    by_name: &IndexMap<String, PieceKind>,
    v: &Spanned<String>,
    diags: &mut Vec<Diagnostic>,
) -> Option<PieceKind> {
    let k = by_name.get(&v.node).copied();
    if k.is_none() {
        let mut d = Diagnostic::error(v.span, format!("unknown piece `{}`", v.node));
        if let Some(s) = suggest(&v.node, by_name.keys().map(String::as_str)) {
            d = d.with_help(format!("did you mean `{s}`?"));
        }
        diags.push(d);
    }
    k
}

/// The names in a list value, each checked to be a piece.
pub(super) fn kind_list(
    by_name: &IndexMap<String, PieceKind>,
    e: &Entry,
    diags: &mut Vec<Diagnostic>,
) -> Vec<PieceKind> {
    get_list(e)
        .into_iter()
        .filter_map(|v| match &v.node {
            Value::Ident(n) => kind_value(
                by_name,
                &Spanned {
                    node: n.clone(),
                    span: v.span,
                },
                diags,
            ),
            other => {
                diags.push(Diagnostic::error(
                    v.span,
                    format!("expected a piece name, found {}", other.type_name()),
                ));
                None
            }
        })
        .collect()
}

/// The kind a piece-name value names, or a diagnostic (with the nearest
/// name when there is one).
pub(super) fn kind_of(
    by_name: &IndexMap<String, PieceKind>,
    v: &Spanned<Value>,
    diags: &mut Vec<Diagnostic>,
) -> Option<PieceKind> {
    let Value::Ident(n) = &v.node else {
        diags.push(Diagnostic::error(
            v.span,
            format!("expected a piece name, found {}", v.node.type_name()),
        ));
        return None;
    };
    let k = by_name.get(n).copied();
    if k.is_none() {
        let mut d = Diagnostic::error(v.span, format!("unknown piece `{n}`"));
        if let Some(s) = suggest(n, by_name.keys().map(String::as_str)) {
            d = d.with_help(format!("did you mean `{s}`?"));
        }
        diags.push(d);
    }
    k
}
