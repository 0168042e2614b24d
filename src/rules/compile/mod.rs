//! From variant files to [`Rules`]: inheritance, semantic checks and
//! compilation. Every problem found is collected, sorted by position and
//! returned together.

mod castling;
mod drops;
mod ending;
mod pawns;
mod pieces;
use pieces::PieceSections;
mod pocket;
mod random_setup;
mod reserve;
mod script;

use super::{
    CastleRule, DeadMaterial, Ending, Geometry, MorphCondition, MorphRule, MorphTarget,
    MorphTrigger, PawnRules, PhaseDef, PieceDef, Promotes, Rules, Verdict,
};
use crate::board::{ByColor, Color, MAX_KINDS, PieceKind, Square, SquareSet};
use crate::diag::{Diagnostic, SourceMap, Span, Spanned, render, suggest};
use crate::lang::ast::{Block, Entry, File, Item, Section, Value};
use crate::lang::movement::{Style, parse_movement};
use crate::lang::parse_file;
use indexmap::IndexMap;
use std::fmt;

/// Sections the language reserves for mechanisms that later versions add;
/// using one today is an error that says so, never a silent skip.
/// The most diagnostics one load reports: a file with thousands of
/// problems is fixed from its first ones.
pub const MAX_DIAGNOSTICS: usize = 100;

const PLANNED_SECTIONS: &[(&str, &str)] = &[
    ("phase", "turn phases"),
    ("promotion", "promotion rules beyond pawns"),
];

const VARIANT_KEYS: &[&str] = &["board", "setup", "capacity", "frozen_suicide", "classes"];
const VARIANT_SECTIONS: &[&str] = &[
    "piece",
    "pawns",
    "castle",
    "ending",
    "morph",
    "pocket",
    "drops",
    "random_setup",
    "reserve",
    "script",
    "mutator",
    "markers",
    "stacking",
];
const MUTATOR_KEYS: &[&str] = &[
    "always_on",
    "keep_colour",
    "explode",
    "must_capture",
    "drops",
    "swaps",
    "extra_double_step_ranks",
    "dice",
    "push_enemy_pawn",
];
const MUTATOR_PIECE_KEYS: &[&str] = &["betza", "attacks", "captured_by"];
const MARKER_KEYS: &[&str] = &["squares", "count", "first"];
const RESERVE_KEYS: &[&str] = &["pieces", "black", "take"];
const RANDOM_KEYS: &[&str] = &[
    "squares",
    "pieces",
    "draw_from",
    "draw",
    "symmetry",
    "reserve",
];
const POCKET_KEYS: &[&str] = &[
    "capacity",
    "source",
    "mutate",
    "promote_ranks",
    "banned_plies",
];
const DROP_KEYS: &[&str] = &[
    "ranks",
    "pawn_ranks",
    "source",
    "mandatory",
    "first_window",
    "window_every",
    "window_length",
    "white_delay",
];
/// Keys of the planned design for drops that are not read yet.
const PLANNED_DROP_KEYS: &[&str] = &["when", "schedule", "if_impossible"];
const MORPH_KEYS: &[&str] = &[
    "into",
    "cycle",
    "pieces",
    "trigger",
    "condition",
    "target",
    "optional",
];
const SCRIPT_KEYS: &[&str] = &["file", "hooks", "pieces", "replace"];
const PIECE_KEYS: &[&str] = &[
    "letter",
    "betza",
    "attacks",
    "royal",
    "value",
    "pawn",
    "captured_by",
    "must_move_when_attacked",
    "freezes",
    "protects",
    "attacks_within",
    "promotes",
    "no_swap_back",
    "components",
    "units",
];
const PAWN_KEYS: &[&str] = &[
    "double_step_ranks",
    "en_passant",
    "promotion_ranks",
    "promotion_choices",
    "promotion_source",
    "double_step",
];
const CASTLE_KEYS: &[&str] = &["king", "partner", "empty", "safe"];
const STACKING_KEYS: &[&str] = &["pass_friends", "pairs"];
const ENDING_KEYS: &[&str] = &[
    "checkmate",
    "stalemate",
    "fifty_move",
    "fifty_move_resets",
    "repetition",
    "insufficient_material",
];

/// Why a variant could not be loaded: the diagnostics and the sources they
/// point into.
#[derive(Debug)]
pub struct LoadError {
    /// Every problem found, errors first by position.
    pub diagnostics: Vec<Diagnostic>,
    /// The files the spans point into.
    pub sources: SourceMap,
}

impl fmt::Display for LoadError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for d in &self.diagnostics {
            write!(f, "{}", render(d, &self.sources))?;
        }
        Ok(())
    }
}

impl std::error::Error for LoadError {}

/// Most ancestors a variant may have: its parent, the parent's parent, and
/// so on up to a variant without one. Real chains are a few levels deep
/// (`metamorph_optional : metamorph : chess`); the bound keeps compiling a
/// variant, which merges its whole chain, cheap whatever the file says.
pub const MAX_ANCESTORS: usize = 256;

/// A variant declaration: (file id, index among the file's variants).
type DeclId = (u32, usize);

/// What following a declaration's parents finds. Each declaration is
/// resolved once and remembered, so resolving every variant of a file
/// takes time in proportion to the file, however long its chains are.
#[derive(Clone, Debug)]
enum Ancestry {
    /// The parents end at a variant without one.
    Known {
        /// The declaration's parent.
        parent: Option<DeclId>,
        /// How many ancestors it has.
        depth: usize,
        /// The first declaration on the way up (itself included) with more
        /// than [`MAX_ANCESTORS`] ancestors, where the chain is refused.
        too_deep: Option<DeclId>,
    },
    /// A parent on the way up is unknown: the diagnostic, shared.
    Unknown(std::sync::Arc<Diagnostic>),
    /// The parents run into a cycle, which the parent reference at
    /// `closes` (naming `through`) closes when walking up from here.
    Cycle {
        /// The parent named where the cycle closes.
        through: String,
        /// That parent reference.
        closes: Span,
    },
}

/// Reads variant files, resolving parents in the same file first and then
/// among the embedded variants (by the names they declare, then by the
/// names they are listed under).
#[derive(Debug)]
pub struct Loader {
    /// Every file read so far.
    pub sources: SourceMap,
    files: Vec<Option<File>>,
    /// For each file, its variant names and where each is first declared.
    names: Vec<std::collections::HashMap<String, usize>>,
    embedded: &'static [(&'static str, &'static str)],
    /// The file id of each embedded file read so far, by listed name.
    embedded_ids: std::collections::HashMap<&'static str, u32>,
    /// Resolved ancestries.
    ancestry: std::collections::HashMap<DeclId, Ancestry>,
    diags: Vec<Diagnostic>,
    /// The script library built into the program, by file name.
    library: ScriptLibrary,
}

/// Finds a script of the built-in library by file name.
pub type ScriptLibrary = fn(&str) -> Option<&'static str>;

/// A variant compiled, with where its setup string is written (the caller
/// validates the setup, which needs the position layer).
#[derive(Debug)]
pub struct Compiled {
    /// The rules, setup not yet validated.
    pub rules: Rules,
    /// The span of the `setup` value.
    pub setup_span: Span,
}

impl Loader {
    /// A loader that knows the `embedded` variant files (name, text).
    pub fn new(embedded: &'static [(&'static str, &'static str)]) -> Loader {
        Loader {
            sources: SourceMap::new(),
            files: Vec::new(),
            names: Vec::new(),
            embedded,
            embedded_ids: std::collections::HashMap::new(),
            ancestry: std::collections::HashMap::new(),
            diags: Vec::new(),
            library: |_| None,
        }
    }

    /// The loader with `library` as the built-in script library, where a
    /// script is looked for after the variant's folder and `scripts/`.
    pub fn with_script_library(mut self, library: ScriptLibrary) -> Loader {
        self.library = library;
        self
    }

    /// Adds and parses a file; returns its id. A syntax error is recorded.
    pub fn add_file(&mut self, name: &str, text: &str) -> u32 {
        let id = self.sources.add(name, text);
        let mut names = std::collections::HashMap::new();
        match parse_file(text, id) {
            Ok(f) => {
                for (i, v) in f.variants.iter().enumerate() {
                    names.entry(v.name.node.clone()).or_insert(i);
                }
                self.files.push(Some(f));
            }
            Err(d) => {
                self.diags.push(*d);
                self.files.push(None);
            }
        }
        self.names.push(names);
        id
    }

    /// Names of the variants declared in file `id`.
    pub fn variant_names(&self, id: u32) -> Vec<String> {
        self.files
            .get(id as usize)
            .and_then(Option::as_ref)
            .map_or_else(Vec::new, |f| {
                f.variants.iter().map(|v| v.name.node.clone()).collect()
            })
    }

    /// Takes the diagnostics recorded so far, sorted by position: the
    /// first [`MAX_DIAGNOSTICS`], the last of them saying how many more
    /// there are.
    pub fn take_diagnostics(&mut self) -> Vec<Diagnostic> {
        let mut d = std::mem::take(&mut self.diags);
        d.sort_by_key(|d| (d.span.file, d.span.start, d.span.end));
        d.dedup();
        if d.len() > MAX_DIAGNOSTICS {
            let more = d.len() - MAX_DIAGNOSTICS;
            d.truncate(MAX_DIAGNOSTICS);
            if let Some(last) = d.last_mut() {
                last.notes.push(format!(
                    "{more} more problem(s) after this one are not shown"
                ));
            }
        }
        d
    }

    /// Records a diagnostic.
    pub fn push(&mut self, d: Diagnostic) {
        self.diags.push(d);
    }

    /// The file id of the embedded file listed as `listed`, read on first
    /// use.
    fn embedded_file(&mut self, listed: &'static str, text: &'static str) -> u32 {
        if let Some(&id) = self.embedded_ids.get(listed) {
            return id;
        }
        let before = self.diags.len();
        let id = self.add_file(&format!("embedded:{listed}"), text);
        self.diags.truncate(before); // an embedded file's own errors are reported when it is loaded itself
        self.embedded_ids.insert(listed, id);
        id
    }

    /// The variant a parent reference `name` in file `prefer` names: one
    /// declared in that file, else an embedded one by its declared name,
    /// else the embedded variant listed as `name` (`twelve-mutation`, as
    /// `changeling list` shows it), which is the one declared under that
    /// name in its file or else the file's last.
    fn find_decl(&mut self, name: &str, prefer: u32) -> Option<DeclId> {
        if let Some(&i) = self.names.get(prefer as usize)?.get(name) {
            return Some((prefer, i));
        }
        for &(listed, text) in self.embedded {
            let id = self.embedded_file(listed, text);
            if let Some(&i) = self.names[id as usize].get(name) {
                return Some((id, i));
            }
        }
        let &(listed, text) = self.embedded.iter().find(|(n, _)| *n == name)?;
        let id = self.embedded_file(listed, text);
        let count = self.files[id as usize].as_ref()?.variants.len();
        count.checked_sub(1).map(|last| (id, last))
    }

    /// Compiles variant `name` of file `file` (or its last variant).
    /// Returns `None` when errors were recorded.
    pub fn compile(&mut self, file: u32, name: Option<&str>) -> Option<Compiled> {
        let decls = &self.files.get(file as usize)?.as_ref()?.variants;
        let index = match name {
            Some(n) => match self.names[file as usize].get(n) {
                Some(&i) => i,
                None => {
                    let names: Vec<&str> = decls.iter().map(|v| v.name.node.as_str()).collect();
                    self.push(
                        Diagnostic::error(
                            Span::new(file, 0, 0),
                            format!("no variant named `{n}` in this file"),
                        )
                        .with_note(format!("it declares: {}", names.join(", "))),
                    );
                    return None;
                }
            },
            None if decls.is_empty() => {
                self.push(
                    Diagnostic::error(Span::new(file, 0, 0), "the file declares no variant")
                        .with_help("start with `variant NAME { ... }`"),
                );
                return None;
            }
            None => decls.len() - 1,
        };
        let chain = self.chain((file, index))?;
        let mut merged: Option<Merged> = None;
        for &(f, i) in &chain {
            let body = self.decl((f, i)).body.clone();
            check_duplicates(&body, &mut self.diags);
            match &mut merged {
                None => merged = Some(Merged::from(body)),
                Some(m) => m.merge(body),
            }
        }
        let (f, i) = *chain.last().expect("chain holds the variant itself");
        let decl_name = self.decl((f, i)).name.clone();
        let source = self
            .sources
            .get(f)
            .map_or_else(String::new, |(n, _)| n.to_string());
        let body = merged.expect("chain is not empty").into_block();
        let before = self.diags.len();
        let compiled = compile_block(&decl_name, &source, &body, self.library, &mut self.diags);
        if self.diags.len() > before || self.diags.iter().any(Diagnostic::is_error) {
            return None;
        }
        compiled
    }

    fn decl(&self, (file, index): DeclId) -> &crate::lang::ast::VariantDecl {
        &self.files[file as usize]
            .as_ref()
            .expect("decl lookups only reach parsed files")
            .variants[index]
    }

    /// The inheritance chain of a variant, root ancestor first, or `None`
    /// with the reason recorded.
    fn chain(&mut self, id: DeclId) -> Option<Vec<DeclId>> {
        match self.resolve(id) {
            Ancestry::Known {
                too_deep: Some(at), ..
            } => {
                let decl = self.decl(at);
                let parent = decl
                    .parent
                    .as_ref()
                    .expect("a variant with ancestors has a parent");
                let d = Diagnostic::error(
                    parent.span,
                    format!(
                        "inheritance too deep: `{}` has {} ancestors, and at most {MAX_ANCESTORS} are allowed",
                        decl.name.node,
                        MAX_ANCESTORS + 1
                    ),
                )
                .with_help("inherit from a variant nearer the root of the chain, or merge some of the variants in between");
                self.push(d);
                None
            }
            Ancestry::Known { .. } => {
                let mut chain = vec![id];
                let mut at = id;
                while let Some(Ancestry::Known {
                    parent: Some(p), ..
                }) = self.ancestry.get(&at)
                {
                    chain.push(*p);
                    at = *p;
                }
                chain.reverse();
                Some(chain)
            }
            Ancestry::Unknown(d) => {
                self.push((*d).clone());
                None
            }
            Ancestry::Cycle { through, closes } => {
                let name = &self.decl(id).name;
                let d = Diagnostic::error(
                    name.span,
                    format!(
                        "variant `{}` inherits from a cycle of parents through `{through}`",
                        name.node
                    ),
                )
                .with_secondary(closes, "the cycle closes here");
                self.push(d);
                None
            }
        }
    }

    /// The ancestry of `start`: walks up its parents to one already
    /// resolved (or a root, an unknown parent, a cycle), then records every
    /// declaration passed on the way.
    fn resolve(&mut self, start: DeclId) -> Ancestry {
        /// Where the walk up stopped.
        enum Top {
            /// The last declaration walked has no parent.
            Root,
            /// Its parent, already resolved.
            Parent(DeclId, Ancestry),
            /// Its parent is unknown.
            Unknown(std::sync::Arc<Diagnostic>),
            /// Its parent is the declaration walked at this index.
            Cycle(usize),
        }
        if let Some(a) = self.ancestry.get(&start) {
            return a.clone();
        }
        let mut path: Vec<DeclId> = Vec::new();
        let mut walked: std::collections::HashMap<DeclId, usize> = std::collections::HashMap::new();
        let mut at = start;
        let top = loop {
            walked.insert(at, path.len());
            path.push(at);
            let Some(parent) = self.decl(at).parent.clone() else {
                break Top::Root;
            };
            match self.find_decl(&parent.node, at.0) {
                None => break Top::Unknown(std::sync::Arc::new(self.unknown_parent(at, &parent))),
                Some(p) => {
                    if let Some(&j) = walked.get(&p) {
                        break Top::Cycle(j);
                    }
                    if let Some(a) = self.ancestry.get(&p) {
                        break Top::Parent(p, a.clone());
                    }
                    at = p;
                }
            }
        };
        let parent_ref = |this: &Loader, id: DeclId| {
            let p = this
                .decl(id)
                .parent
                .as_ref()
                .expect("walked declarations below the top have parents");
            (p.node.clone(), p.span)
        };
        let last = path.len() - 1;
        let mut above = match top {
            Top::Root => None,
            Top::Parent(p, a) => Some((p, a)),
            Top::Unknown(d) => Some((path[last], Ancestry::Unknown(d))),
            Top::Cycle(j) => {
                // Each declaration of the cycle meets itself again where
                // the reference to it closes the cycle; one below the
                // cycle meets the declaration it entered by.
                for i in j..=last {
                    let closing = if i > j { path[i - 1] } else { path[last] };
                    let (through, closes) = parent_ref(self, closing);
                    self.ancestry
                        .insert(path[i], Ancestry::Cycle { through, closes });
                }
                let (through, closes) = parent_ref(self, path[last]);
                for &id in &path[..j] {
                    self.ancestry.insert(
                        id,
                        Ancestry::Cycle {
                            through: through.clone(),
                            closes,
                        },
                    );
                }
                return self.ancestry[&start].clone();
            }
        };
        for &id in path.iter().rev() {
            let a = match above {
                None => Ancestry::Known {
                    parent: None,
                    depth: 0,
                    too_deep: None,
                },
                Some((
                    p,
                    Ancestry::Known {
                        depth, too_deep, ..
                    },
                )) => Ancestry::Known {
                    parent: Some(p),
                    depth: depth + 1,
                    too_deep: if depth == MAX_ANCESTORS {
                        Some(id)
                    } else {
                        too_deep
                    },
                },
                Some((_, other)) => other,
            };
            self.ancestry.insert(id, a.clone());
            above = Some((id, a));
        }
        self.ancestry[&start].clone()
    }

    /// The error for the parent reference `parent` of `at`, which names no
    /// known variant.
    fn unknown_parent(&self, at: DeclId, parent: &Spanned<String>) -> Diagnostic {
        let mut names: Vec<String> = self.embedded.iter().map(|(n, _)| n.to_string()).collect();
        names.extend(self.variant_names(at.0));
        let own = &self.decl(at).name.node;
        names.retain(|n| n != own);
        let mut d = Diagnostic::error(
            parent.span,
            format!("unknown parent variant `{}`", parent.node),
        )
        .with_note(format!("known variants: {}", names.join(", ")));
        if let Some(s) = suggest(&parent.node, names.iter().map(String::as_str)) {
            d = d.with_help(format!("did you mean `{s}`?"));
        }
        d
    }
}

/// Reports keys set twice and sections declared twice within one block.
fn check_duplicates(block: &Block, diags: &mut Vec<Diagnostic>) {
    let mut keys: IndexMap<&str, Span> = IndexMap::new();
    let mut sections: IndexMap<(String, Option<String>), Span> = IndexMap::new();
    for item in &block.items {
        match item {
            Item::Entry(e) => {
                if let Some(first) = keys.get(e.key.node.as_str()) {
                    diags.push(
                        Diagnostic::error(e.key.span, format!("key `{}` is set twice", e.key.node))
                            .with_secondary(*first, "first set here")
                            .with_help("remove one of them"),
                    );
                } else {
                    keys.insert(&e.key.node, e.key.span);
                }
            }
            Item::Section(s) => {
                let id = (s.kind.node.clone(), s.name.as_ref().map(|n| n.node.clone()));
                let span = s.name.as_ref().map_or(s.kind.span, |n| n.span);
                if let Some(first) = sections.get(&id) {
                    let what = match &s.name {
                        Some(n) => format!("`{} {}`", s.kind.node, n.node),
                        None => format!("`{}`", s.kind.node),
                    };
                    diags.push(
                        Diagnostic::error(span, format!("{what} is declared twice"))
                            .with_secondary(*first, "first defined here"),
                    );
                } else {
                    sections.insert(id, span);
                }
                check_duplicates(&s.body, diags);
            }
        }
    }
}

/// What a block item is matched by when a child block merges over its
/// parent's: an entry by its key, a section by its kind and name.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
enum ItemKey {
    Entry(String),
    Section(String, Option<String>),
}

/// A block being merged along an inheritance chain, its items indexed by
/// key, so that merging a child takes time in proportion to the child.
struct Merged {
    span: Span,
    items: Vec<MergedItem>,
    /// Where the first item with each key is.
    index: std::collections::HashMap<ItemKey, usize>,
}

enum MergedItem {
    Entry(Entry),
    Section {
        kind: Spanned<String>,
        name: Option<Spanned<String>>,
        body: Merged,
    },
}

impl MergedItem {
    fn key(&self) -> ItemKey {
        match self {
            MergedItem::Entry(e) => ItemKey::Entry(e.key.node.clone()),
            MergedItem::Section { kind, name, .. } => {
                ItemKey::Section(kind.node.clone(), name.as_ref().map(|n| n.node.clone()))
            }
        }
    }
}

impl Merged {
    fn from(block: Block) -> Merged {
        let mut m = Merged {
            span: block.span,
            items: Vec::with_capacity(block.items.len()),
            index: std::collections::HashMap::new(),
        };
        for item in block.items {
            m.push(match item {
                Item::Entry(e) => MergedItem::Entry(e),
                Item::Section(s) => MergedItem::Section {
                    kind: s.kind,
                    name: s.name,
                    body: Merged::from(s.body),
                },
            });
        }
        m
    }

    fn push(&mut self, item: MergedItem) {
        self.index.entry(item.key()).or_insert(self.items.len());
        self.items.push(item);
    }

    /// A child block over this one: entries replace the entry with the
    /// same key, sections with the same kind and name merge, new items
    /// append. The child's spans win, so errors point into the file being
    /// checked rather than its parent.
    fn merge(&mut self, child: Block) {
        for item in child.items {
            match item {
                Item::Entry(e) => match self.index.get(&ItemKey::Entry(e.key.node.clone())) {
                    Some(&i) => self.items[i] = MergedItem::Entry(e),
                    None => self.push(MergedItem::Entry(e)),
                },
                Item::Section(s) => {
                    let key = ItemKey::Section(
                        s.kind.node.clone(),
                        s.name.as_ref().map(|n| n.node.clone()),
                    );
                    match self.index.get(&key) {
                        Some(&i) => {
                            let MergedItem::Section { kind, name, body } = &mut self.items[i]
                            else {
                                unreachable!("Merged::merge: a section key indexes a section")
                            };
                            body.merge(s.body);
                            *kind = s.kind;
                            *name = s.name;
                        }
                        None => self.push(MergedItem::Section {
                            kind: s.kind,
                            name: s.name,
                            body: Merged::from(s.body),
                        }),
                    }
                }
            }
        }
    }

    fn into_block(self) -> Block {
        Block {
            span: self.span,
            items: self
                .items
                .into_iter()
                .map(|item| match item {
                    MergedItem::Entry(e) => Item::Entry(e),
                    MergedItem::Section { kind, name, body } => Item::Section(Section {
                        kind,
                        name,
                        body: body.into_block(),
                    }),
                })
                .collect(),
        }
    }
}

/// Takes entries by key and reports what nobody took.
struct Reader<'a> {
    entries: IndexMap<&'a str, &'a Entry>,
    sections: Vec<&'a Section>,
}

impl<'a> Reader<'a> {
    fn new(block: &'a Block) -> Reader<'a> {
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
        Reader { entries, sections }
    }

    fn take(&mut self, key: &str) -> Option<&'a Entry> {
        self.entries.shift_remove(key)
    }

    fn finish(self, known: &[&str], what: &str, diags: &mut Vec<Diagnostic>) {
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

/// The `stacking` section of a variant with `capacity = 2`, and the
/// checks that the rest of the variant is something stacking supports
/// (`others`: whether each other mechanism is declared, and its name).
fn compile_stacking(
    capacity: u8,
    capacity_entry: Option<&Entry>,
    section: Option<&Section>,
    others: &[(bool, &str)],
    pieces: &[PieceDef],
    diags: &mut Vec<Diagnostic>,
) -> Option<super::Stacking> {
    if capacity < 2 {
        if let Some(s) = section {
            diags.push(
                Diagnostic::error(s.kind.span, "a `stacking` section needs `capacity = 2`")
                    .with_help("add `capacity = 2` to the variant, or remove the section"),
            );
        }
        return None;
    }
    let mut st = super::Stacking {
        pass_friends: true,
        pairs: true,
    };
    if let Some(s) = section {
        let mut sr = Reader::new(&s.body);
        reject_subsections(&sr, "`stacking`", diags);
        if let Some(v) = sr.take("pass_friends").and_then(|e| get_bool(e, diags)) {
            st.pass_friends = v;
        }
        if let Some(v) = sr.take("pairs").and_then(|e| get_bool(e, diags)) {
            st.pairs = v;
        }
        sr.finish(STACKING_KEYS, "`stacking`", diags);
    }
    let span = capacity_entry.map(|e| e.value.span);
    let not_yet = |what: String, diags: &mut Vec<Diagnostic>| {
        if let Some(span) = span {
            diags.push(
                Diagnostic::error(span, format!("`capacity = 2` cannot be combined with {what} yet"))
                    .with_note("stacking supports leaps, lame leaps, rides, paths, pawns, castling and composite kinds"),
            );
        }
    };
    for &(declared, what) in others {
        if declared {
            not_yet(what.to_string(), diags);
        }
    }
    for p in pieces {
        if p.atoms
            .iter()
            .any(|a| matches!(a.style, Style::Hop | Style::Grasshopper))
        {
            not_yet(format!("hoppers (`{}`)", p.name), diags);
        }
        if p.freezes.is_some() || p.protects || p.must_move || p.captured_by.is_some() {
            not_yet(
                format!(
                    "auras, immunity or `must_move_when_attacked` (`{}`)",
                    p.name
                ),
                diags,
            );
        }
        if p.promotes != Promotes::Never {
            not_yet(format!("`promotes` (`{}`)", p.name), diags);
        }
    }
    Some(st)
}

fn reject_subsections(r: &Reader, what: &str, diags: &mut Vec<Diagnostic>) {
    for sub in &r.sections {
        diags.push(Diagnostic::error(
            sub.kind.span,
            format!("unexpected section `{}` inside {what}", sub.kind.node),
        ));
    }
}

fn reject_name(s: &Section, diags: &mut Vec<Diagnostic>) {
    if let Some(n) = &s.name {
        diags.push(
            Diagnostic::error(n.span, format!("`{}` takes no name", s.kind.node))
                .with_help(format!("write `{} {{ ... }}`", s.kind.node)),
        );
    }
}

fn type_error(e: &Entry, expected: &str, diags: &mut Vec<Diagnostic>) {
    diags.push(
        Diagnostic::error(e.value.span, format!("`{}` expects {expected}", e.key.node))
            .with_label(format!("this is {}", e.value.node.type_name())),
    );
}

fn get_int(e: &Entry, lo: i64, hi: i64, diags: &mut Vec<Diagnostic>) -> Option<i64> {
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

fn get_bool(e: &Entry, diags: &mut Vec<Diagnostic>) -> Option<bool> {
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

fn get_str<'a>(e: &'a Entry, diags: &mut Vec<Diagnostic>) -> Option<&'a str> {
    match &e.value.node {
        Value::Str(s) => Some(s),
        _ => {
            type_error(e, "a string in double quotes", diags);
            None
        }
    }
}

/// A list value; a single value counts as a list of one.
fn get_list(e: &Entry) -> Vec<&Spanned<Value>> {
    match &e.value.node {
        Value::List(items) => items.iter().collect(),
        _ => vec![&e.value],
    }
}

fn square_of(g: Geometry, v: &Spanned<String>, diags: &mut Vec<Diagnostic>) -> Option<Square> {
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
                super::file_char(g.width as i32 - 1),
                g.height
            )),
        );
    }
    sq
}

fn square_value(g: Geometry, v: &Spanned<Value>, diags: &mut Vec<Diagnostic>) -> Option<Square> {
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

fn compile_block(
    name: &Spanned<String>,
    source: &str,
    body: &Block,
    library: ScriptLibrary,
    diags: &mut Vec<Diagnostic>,
) -> Option<Compiled> {
    let mut r = Reader::new(body);
    let mut geometry = Geometry {
        width: 8,
        height: 8,
    };
    if let Some(e) = r.take("board") {
        match e.value.node {
            Value::Dims(w, h) if (1..=16).contains(&w) && (1..=16).contains(&h) => {
                geometry = Geometry {
                    width: w as u8,
                    height: h as u8,
                }
            }
            Value::Dims(w, h) => diags.push(
                Diagnostic::error(e.value.span, format!("board {w}x{h} is out of range"))
                    .with_help("boards have 1 to 16 files and 1 to 16 ranks"),
            ),
            _ => type_error(e, "a board size like `8x8` (files x ranks)", diags),
        }
    }
    let mut capacity = 1u8;
    let capacity_entry = r.take("capacity");
    if let Some(e) = capacity_entry
        && let Some(n) = get_int(e, 1, 2, diags)
    {
        capacity = n as u8;
    }
    let frozen_suicide = r
        .take("frozen_suicide")
        .and_then(|e| get_bool(e, diags))
        .unwrap_or(false);
    let setup = r.take("setup");
    let setup_fen = setup.and_then(|e| get_str(e, diags)).map(str::to_string);
    if setup.is_none() {
        diags.push(
            Diagnostic::error(name.span, format!("variant `{}` has no `setup`", name.node))
                .with_help("add `setup = \"<FEN>\"` with the start position"),
        );
    }

    // Pieces first: other sections refer to them by name.
    let PieceSections {
        mut pieces,
        capture_limits,
        within_keys,
        freeze_lists,
        component_lists,
        unit_lists,
        piece_spans,
    } = pieces::piece_sections(&r.sections, diags);
    let by_name: IndexMap<String, PieceKind> = pieces
        .iter()
        .enumerate()
        .map(|(i, p)| (p.name.clone(), PieceKind(i as u8)))
        .collect();
    if pieces.is_empty() {
        diags.push(
            Diagnostic::error(
                name.span,
                format!("variant `{}` declares no pieces", name.node),
            )
            .with_help("add `piece king { letter = K betza = \"K\" royal = true }`"),
        );
    }
    let resolve = |v: &Spanned<Value>, diags: &mut Vec<Diagnostic>| -> Option<PieceKind> {
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
    };
    for (i, e) in capture_limits {
        let mask = get_list(e)
            .into_iter()
            .filter_map(|v| resolve(v, diags))
            .fold(0u128, |m, k| m | 1 << k.index());
        if pieces[i].royal {
            diags.push(
                Diagnostic::error(
                    e.key.span,
                    "`captured_by` on a royal kind is not supported yet",
                )
                .with_note("check detection does not know immunity yet"),
            );
        }
        pieces[i].captured_by = Some(mask);
    }
    for (i, e) in freeze_lists {
        // `freezes = true`: every enemy kind; a list names the kinds.
        let mask = match &e.value.node {
            Value::Ident(s) if s == "true" => Some(u128::MAX),
            Value::Ident(s) if s == "false" => None,
            _ => Some(
                get_list(e)
                    .into_iter()
                    .filter_map(|v| resolve(v, diags))
                    .fold(0u128, |m, k| m | 1 << k.index()),
            ),
        };
        pieces[i].freezes = mask;
    }
    let mut component_of: Vec<Vec<Option<PieceKind>>> =
        pieces.iter().map(|p| vec![None; p.atoms.len()]).collect();
    for (i, e) in unit_lists {
        let kinds: Vec<PieceKind> = get_list(e)
            .into_iter()
            .filter_map(|v| resolve(v, diags))
            .collect();
        if capacity < 2 {
            diags.push(
                Diagnostic::error(
                    e.key.span,
                    "`units` makes a kind a stack of two units, which needs `capacity = 2`",
                )
                .with_help("add `capacity = 2` to the variant"),
            );
        } else if kinds.len() != 2 {
            diags.push(Diagnostic::error(
                e.value.span,
                format!(
                    "`units` lists {} kinds; a stack holds exactly two",
                    kinds.len()
                ),
            ));
        } else if let Some(bad) = kinds.iter().find(|k| {
            let p = &pieces[k.index()];
            p.pawn || p.royal || k.index() == i
        }) {
            diags.push(Diagnostic::error(
                e.value.span,
                format!(
                    "`{}` cannot be a unit of a stack: pawns, royals and the kind itself cannot",
                    pieces[bad.index()].name
                ),
            ));
        } else {
            pieces[i].units = kinds;
        }
    }
    for i in 0..pieces.len() {
        if let Some(k) = pieces[i]
            .units
            .iter()
            .find(|k| !pieces[k.index()].units.is_empty())
        {
            diags.push(Diagnostic::error(
                piece_spans[i],
                format!(
                    "`{}` is a stack of `{}`, which is itself a stack",
                    pieces[i].name,
                    pieces[k.index()].name
                ),
            ));
        }
    }
    for (i, e) in component_lists {
        let kinds: Vec<PieceKind> = get_list(e)
            .into_iter()
            .filter_map(|v| resolve(v, diags))
            .collect();
        component_of[i] = components_of_atoms(&pieces, i, &kinds, e, diags);
        pieces[i].components = kinds;
    }

    let mut class_of: Vec<Option<u8>> = vec![None; pieces.len()];
    let mut classes: Vec<Vec<PieceKind>> = Vec::new();
    if let Some(e) = r.take("classes") {
        for (i, v) in get_list(e).into_iter().enumerate() {
            let Value::List(items) = &v.node else {
                diags.push(
                    Diagnostic::error(
                        v.span,
                        format!("expected a list of pieces, found {}", v.node.type_name()),
                    )
                    .with_help(
                        "write `classes = [[pawn], [knight, bishop], [rook]]`, lowest class first",
                    ),
                );
                continue;
            };
            let mut class = Vec::new();
            for item in items {
                if let Some(k) = resolve(item, diags) {
                    if class_of[k.index()].is_some() {
                        diags.push(Diagnostic::error(
                            item.span,
                            format!("`{}` is in two classes", pieces[k.index()].name),
                        ));
                    }
                    class_of[k.index()] = Some(i as u8 + 1);
                    class.push(k);
                }
            }
            classes.push(class);
        }
    }
    let mut pawns = PawnRules {
        double_step_ranks: vec![2],
        en_passant: true,
        promotion_ranks: vec![geometry.height as i32],
        promotion_choices: pieces
            .iter()
            .enumerate()
            .filter(|(_, p)| !p.royal && !p.pawn)
            .map(|(i, _)| PieceKind(i as u8))
            .collect(),
        promotion_zone: ByColor::default(),
        double_step_zone: ByColor::default(),
        from_reserve: false,
        double_step_unmoved: false,
    };
    let mut reserve: Option<ByColor<Vec<PieceKind>>> = None;
    let mut castles: Vec<CastleRule> = Vec::new();
    let mut morphs: Vec<MorphRule> = Vec::new();
    let mut script: Option<super::ScriptDecl> = None;
    let mut scripted = vec![false; pieces.len()];
    let mut script_only = vec![false; pieces.len()];
    let mut ending = Ending {
        checkmate: Verdict::Loss,
        stalemate: Verdict::Draw,
        fifty_move: 50,
        repetition: 3,
        fifty_pawn_resets: true,
        fifty_promotion_resets: false,
        // Royals alone: the pattern "- v -".
        insufficient_material: vec![DeadMaterial::default()],
    };
    let mut random_setup: Option<super::RandomSetup> = None;
    let mut pocket: Option<super::PocketRules> = None;
    let mut drops: Option<super::DropRules> = None;
    let ranks = |e: &Entry, diags: &mut Vec<Diagnostic>| rank_list(e, geometry.height, diags);
    let zone = |e: &Entry, diags: &mut Vec<Diagnostic>| -> ByColor<SquareSet> {
        let ranks = ranks(e, diags);
        let white: SquareSet = geometry
            .squares()
            .filter(|&q| ranks.contains(&(geometry.rank(q) + 1)))
            .collect();
        ByColor {
            black: white.iter().map(|q| geometry.flip(q)).collect(),
            white,
        }
    };
    let mut mutator_sections: Vec<&Section> = Vec::new();
    let mut markers: Option<super::MarkerRules> = None;
    let mut markers_span = None;
    let mut stacking_section = None;
    for s in &r.sections {
        match s.kind.node.as_str() {
            "piece" => {}
            "mutator" => mutator_sections.push(s),
            "stacking" => stacking_section = Some(s),
            "markers" => {
                markers = compile_markers(geometry, s, diags);
                markers_span = Some(s.kind.span);
            }
            "pawns" => pawns::pawns_section(s, &mut pawns, geometry.height, &resolve, diags),
            "castle" => {
                if let Some(rule) = castling::castle_rule(s, castles.len(), geometry, diags) {
                    castles.push(rule);
                }
            }
            "ending" => ending::ending_section(s, &mut ending, &by_name, &pieces, diags),
            "pocket" => pocket = Some(pocket::pocket_section(s, &zone, diags)),
            "reserve" => reserve = Some(reserve::reserve_section(s, &resolve, diags)),
            "random_setup" => {
                random_setup = Some(random_setup::random_setup_section(
                    s, geometry, &resolve, diags,
                ));
            }
            "drops" => drops = Some(drops::drops_section(s, geometry, &zone, diags)),
            "morph" => {
                if let Some(m) = compile_morph(s, &pieces, &by_name, diags) {
                    morphs.push(m);
                }
            }
            "script" => {
                if let Some(decl) = script::script_section(
                    s,
                    source,
                    library,
                    &resolve,
                    (&mut scripted, &mut script_only),
                    diags,
                ) {
                    script = Some(decl);
                }
            }
            other => {
                if let Some((_, what)) = PLANNED_SECTIONS.iter().find(|(k, _)| *k == other) {
                    diags.push(
                        Diagnostic::error(s.kind.span, format!("`{other}` sections ({what}) are planned but not supported yet"))
                            .with_note("the form is reserved so files written for it keep working; see examples/variants/README.md"),
                    );
                } else {
                    let mut d =
                        Diagnostic::error(s.kind.span, format!("unknown section `{other}`"))
                            .with_note(format!(
                                "sections of a variant: {}",
                                VARIANT_SECTIONS.join(", ")
                            ));
                    if let Some(sug) = suggest(other, VARIANT_SECTIONS.iter().copied()) {
                        d = d.with_help(format!("did you mean `{sug}`?"));
                    }
                    diags.push(d);
                }
            }
        }
    }
    // A castling rule must name pieces the setup can provide; checked with
    // the setup. Here: its squares must differ.
    for c in &castles {
        if c.king_from == c.partner_from {
            diags.push(Diagnostic::error(
                body.span,
                format!(
                    "castling `{}`: king and partner start on the same square",
                    c.name
                ),
            ));
        }
    }
    for &(k, span) in &within_keys {
        if !scripted[k] {
            diags.push(
                Diagnostic::error(
                    span,
                    format!(
                        "`attacks_within` on `{}`, which is not scripted",
                        pieces[k].name
                    ),
                )
                .with_help("it bounds a scripted kind's `attacks` hook; list the kind under the script's `pieces` or `replace`"),
            );
        }
    }
    let stacking = compile_stacking(
        capacity,
        capacity_entry,
        stacking_section.copied(),
        &[
            (pocket.is_some(), "a `pocket`"),
            (drops.is_some(), "`drops`"),
            (reserve.is_some(), "a `reserve`"),
            (!mutator_sections.is_empty(), "mutators"),
            (markers.is_some(), "`markers`"),
            (!morphs.is_empty(), "morphs"),
            (script.is_some(), "a `script`"),
            (random_setup.is_some(), "a `random_setup`"),
            (frozen_suicide, "`frozen_suicide`"),
        ],
        &pieces,
        diags,
    );
    r.finish(VARIANT_KEYS, "a variant", diags);
    if diags.iter().any(Diagnostic::is_error) {
        return None;
    }
    let black_castles = castles
        .iter()
        .map(|c| CastleRule {
            name: c.name.clone(),
            king_from: geometry.flip(c.king_from),
            king_to: geometry.flip(c.king_to),
            partner_from: geometry.flip(c.partner_from),
            partner_to: geometry.flip(c.partner_to),
            empty: c.empty.iter().map(|q| geometry.flip(q)).collect(),
            safe: c.safe.iter().map(|&q| geometry.flip(q)).collect(),
            king_side: c.king_side,
            partner_kind: c.partner_kind,
        })
        .collect();
    let base_kinds = pieces.len();
    let mutated = compile_mutators(
        &mut pieces,
        &by_name,
        &mutator_sections,
        geometry.height,
        diags,
    );
    if diags.iter().any(Diagnostic::is_error) {
        return None;
    }
    let placeable = mutated.mutators.iter().filter(|m| !m.always_on).count();
    if let Some(m) = &markers
        && m.count as usize > placeable
        && !mutated.mutators.is_empty()
    {
        diags.push(
            Diagnostic::error(
                markers_span.unwrap_or(body.span),
                format!(
                    "{} markers to place but only {placeable} mutators to name",
                    m.count,
                ),
            )
            .with_help("each marker names a different mutator, and an `always_on` one has none: lower `count` in `markers`"),
        );
        return None;
    }
    if markers.is_some() && mutated.mutators.is_empty() {
        diags.push(
            Diagnostic::error(body.span, "`markers` without any `mutator` to name")
                .with_help("declare the rule changes the markers switch: `mutator rider { piece knight { betza = \"NN\" } }`"),
        );
        return None;
    }
    for _ in base_kinds..pieces.len() {
        scripted.push(false);
        script_only.push(false);
        component_of.push(Vec::new());
    }
    for k in base_kinds..pieces.len() {
        class_of.push(class_of[mutated.base_of[k].index()]);
    }
    let pieces_len = pieces.len();
    let mut rules = Rules {
        name: name.node.clone(),
        source: source.to_string(),
        geometry,
        pieces,
        by_name,
        pawns,
        castling: ByColor {
            white: castles,
            black: black_castles,
        },
        ending,
        setup: setup_fen.unwrap_or_default(),
        capacity,
        stacking,
        phases: vec![PhaseDef {
            name: "action".to_string(),
            checkpoint: true,
        }],
        unmoved_relevant: SquareSet::EMPTY,
        rays: super::Rays::default(),
        moves_of: ByColor::default(),
        leaps: ByColor::default(),
        attack: ByColor::default(),
        leap_attacks: ByColor::default(),
        zobrist: super::Zobrist::new(0, 0),
        pin_shortcut: false,
        may_repeat: ByColor::default(),
        script,
        bulk_count: false,
        extensions: Default::default(),
        script_reach: Vec::new(),
        promoters: 0,
        scripted,
        script_only,
        paths_of: ByColor::default(),
        path_attackers: ByColor::default(),
        royal_kind: Vec::new(),
        capturable_by: Vec::new(),
        immunity: false,
        capture_limits: false,
        must_move: false,
        freezers: 0,
        freeze_mask: Vec::new(),
        protectors: 0,
        frozen_suicide,
        pawn_kind: Vec::new(),
        uses_unmoved: false,
        tracks_unmoved: Vec::new(),
        no_swap_back: 0,
        morph_of: (0..pieces_len)
            .map(|k| {
                (0..morphs.len() as u8)
                    .filter(|&m| morphs[m as usize].kinds.contains(&PieceKind(k as u8)))
                    .collect()
            })
            .collect(),
        morphs,
        component_of,
        class_of,
        classes,
        pocket,
        drops,
        random_setup,
        reserve,
        always_on: mutator_mask(&mutated.mutators, |m| m.always_on),
        keep_colour: mutator_mask(&mutated.mutators, |m| m.keep_colour),
        explode: mutator_mask(&mutated.mutators, |m| m.explode),
        must_capture: mutator_mask(&mutated.mutators, |m| m.must_capture),
        drops_from_captures: mutator_mask(&mutated.mutators, |m| m.drops),
        tracks_promoted: mutated.mutators.iter().any(|m| m.drops),
        swaps: mutator_mask(&mutated.mutators, |m| m.swaps),
        pushes: mutator_mask(&mutated.mutators, |m| !m.push.is_empty()),
        push_patterns: mutated.push_patterns,
        dice: mutator_mask(&mutated.mutators, |m| m.dice > 0),
        dice_faces: mutated
            .mutators
            .iter()
            .map(|m| m.dice)
            .find(|&d| d > 0)
            .unwrap_or(0),
        extra_double_step: Vec::new(),
        extra_double_step_mask: mutator_mask(&mutated.mutators, |m| {
            !m.extra_double_step_ranks.is_empty()
        }),
        mutators: mutated.mutators,
        markers,
        base_kinds,
        base_of: mutated.base_of,
        forms: mutated.forms,
    };
    super::tables::finish(&mut rules);
    Some(Compiled {
        rules,
        setup_span: setup.map_or(name.span, |e| e.value.span),
    })
}

/// A list of relative rank numbers (1 = a side's own back rank) on a
/// board `height` ranks high, or diagnostics for the bad ones.
fn rank_list(e: &Entry, height: u8, diags: &mut Vec<Diagnostic>) -> Vec<i32> {
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

/// The mutators for which `has` holds, as a bit set.
fn mutator_mask(mutators: &[super::Mutator], has: impl Fn(&super::Mutator) -> bool) -> u32 {
    mutators
        .iter()
        .enumerate()
        .filter(|(_, m)| has(m))
        .fold(0, |mask, (i, _)| mask | 1 << i)
}

/// The kind called by the name `v`, or a diagnostic.
fn kind_value(
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
fn kind_list(
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

/// For each atom of `pieces[i]`, the one kind of `kinds` that has the same
/// movement component; every atom must belong to exactly one.
fn components_of_atoms(
    pieces: &[PieceDef],
    i: usize,
    kinds: &[PieceKind],
    e: &Entry,
    diags: &mut Vec<Diagnostic>,
) -> Vec<Option<PieceKind>> {
    // Compared without where they are written and with directions as sets.
    let shape = |a: &crate::lang::movement::Atom| {
        let mut a = a.clone();
        a.span = Span::default();
        a.dirs.sort_unstable();
        a
    };
    let piece = &pieces[i];
    piece
        .atoms
        .iter()
        .enumerate()
        .map(|(n, atom)| {
            let mine = shape(atom);
            let owners: Vec<PieceKind> = kinds
                .iter()
                .copied()
                .filter(|k| pieces[k.index()].atoms.iter().any(|a| shape(a) == mine))
                .collect();
            match owners[..] {
                [one] => Some(one),
                [] => {
                    if !atom.attack_only {
                        diags.push(
                            Diagnostic::error(
                                e.value.span,
                                format!(
                                    "part {} of `{}`'s movement `{}` belongs to none of its components",
                                    n + 1,
                                    piece.name,
                                    piece.betza
                                ),
                            )
                            .with_help("each component's `betza` must contain that part as written, e.g. a queen `Q` has the parts of a rook `R` and a bishop `B`"),
                        );
                    }
                    None
                }
                _ => {
                    let names: Vec<&str> =
                        owners.iter().map(|k| pieces[k.index()].name.as_str()).collect();
                    diags.push(Diagnostic::error(
                        e.value.span,
                        format!(
                            "part {} of `{}`'s movement belongs to several components ({}), so the one used is not known",
                            n + 1,
                            piece.name,
                            names.join(", ")
                        ),
                    ));
                    None
                }
            }
        })
        .collect()
}

/// A `morph NAME { ... }` section.
fn compile_morph(
    s: &Section,
    pieces: &[PieceDef],
    by_name: &IndexMap<String, PieceKind>,
    diags: &mut Vec<Diagnostic>,
) -> Option<MorphRule> {
    let name = s
        .name
        .as_ref()
        .map_or_else(|| "morph".to_string(), |n| n.node.clone());
    let mut mr = Reader::new(&s.body);
    let into = mr.take("into");
    let cycle = mr.take("cycle");
    let listed = mr.take("pieces");
    let trigger = mr.take("trigger");
    let condition = mr.take("condition");
    let target = mr.take("target");
    let optional = mr
        .take("optional")
        .and_then(|e| get_bool(e, diags))
        .unwrap_or(false);
    reject_subsections(&mr, "a morph", diags);
    mr.finish(MORPH_KEYS, "a morph", diags);
    let word = |e: &Entry, what: &str, allowed: &[&str], diags: &mut Vec<Diagnostic>| match &e
        .value
        .node
    {
        Value::Ident(w) if allowed.contains(&w.as_str()) => Some(w.clone()),
        Value::Ident(w) => {
            let mut d = Diagnostic::error(e.value.span, format!("unknown {what} `{w}`"))
                .with_note(format!("{what}s: {}", allowed.join(", ")));
            if let Some(sug) = suggest(w, allowed.iter().copied()) {
                d = d.with_help(format!("did you mean `{sug}`?"));
            }
            diags.push(d);
            None
        }
        _ => {
            type_error(e, &format!("one of {}", allowed.join(", ")), diags);
            None
        }
    };
    // A bad word is reported and the rest still checked.
    let trigger =
        match trigger.and_then(|e| word(e, "trigger", &["acted", "quiet", "capture"], diags)) {
            Some(w) if w == "quiet" => MorphTrigger::Quiet,
            Some(w) if w == "capture" => MorphTrigger::Capture,
            _ => MorphTrigger::Acted,
        };
    let condition = condition
        .and_then(|e| word(e, "condition", &["attacked_before"], diags))
        .map(|_| MorphCondition::AttackedBefore);
    let target_word = target.and_then(|e| {
        word(
            e,
            "target",
            &["listed", "next_in_cycle", "component_used"],
            diags,
        )
        .map(|w| (w, e))
    });
    let span = s.name.as_ref().map_or(s.kind.span, |n| n.span);
    let mut map: Vec<Option<PieceKind>> = vec![None; pieces.len()];
    let mut kinds = Vec::new();
    let target = match (into, cycle, listed) {
        (Some(e), None, None) => {
            for v in get_list(e) {
                let Value::Arrow(a, b) = &v.node else {
                    diags.push(
                        Diagnostic::error(
                            v.span,
                            format!("expected `piece -> piece`, found {}", v.node.type_name()),
                        )
                        .with_help("write `into = [knight -> queen, rook -> marshall]`"),
                    );
                    continue;
                };
                if let (Some(a), Some(b)) =
                    (kind_value(by_name, a, diags), kind_value(by_name, b, diags))
                {
                    if map[a.index()].is_some() {
                        diags.push(Diagnostic::error(
                            v.span,
                            format!("`{}` is given twice", pieces[a.index()].name),
                        ));
                    }
                    map[a.index()] = Some(b);
                    kinds.push(a);
                }
            }
            MorphTarget::Listed(map)
        }
        (None, Some(e), None) => {
            let cycle = kind_list(by_name, e, diags);
            if cycle.len() < 2 {
                diags.push(Diagnostic::error(
                    e.value.span,
                    "a cycle needs at least two kinds",
                ));
                return None;
            }
            for (i, &k) in cycle.iter().enumerate() {
                if map[k.index()].is_some() {
                    diags.push(Diagnostic::error(
                        e.value.span,
                        format!("`{}` is in the cycle twice", pieces[k.index()].name),
                    ));
                }
                map[k.index()] = Some(cycle[(i + 1) % cycle.len()]);
                kinds.push(k);
            }
            MorphTarget::Listed(map)
        }
        (None, None, Some(e)) => {
            kinds = kind_list(by_name, e, diags);
            for &k in &kinds {
                if pieces[k.index()].components.is_empty() {
                    diags.push(
                        Diagnostic::error(e.value.span, format!("`{}` declares no `components`", pieces[k.index()].name))
                            .with_help("a compound that turns into the part it moved as lists its parts: `components = [rook, bishop]`"),
                    );
                }
            }
            MorphTarget::ComponentUsed
        }
        _ => {
            diags.push(
                Diagnostic::error(span, format!("morph `{name}` needs exactly one of `into`, `cycle` or `pieces`"))
                    .with_help("`into = [knight -> queen]` maps kinds, `cycle = [a, b, c]` turns each into the next, `pieces = [queen]` with `target = component_used` turns a compound into the part it moved as"),
            );
            return None;
        }
    };
    if let Some((w, e)) = target_word {
        let fits = matches!(
            (w.as_str(), &target),
            ("component_used", MorphTarget::ComponentUsed)
        ) || (w != "component_used"
            && matches!(target, MorphTarget::Listed(_))
            && (w == "listed") == into.is_some());
        if !fits {
            diags.push(
                Diagnostic::error(
                    e.value.span,
                    format!("`target = {w}` does not fit this morph"),
                )
                .with_note(
                    "`into` is `listed`, `cycle` is `next_in_cycle`, `pieces` is `component_used`",
                ),
            );
        }
    } else if matches!(target, MorphTarget::ComponentUsed) {
        diags.push(
            Diagnostic::error(
                span,
                format!("morph `{name}` lists `pieces` but no `target`"),
            )
            .with_help("add `target = component_used`"),
        );
    }
    Some(MorphRule {
        name,
        trigger,
        condition,
        target,
        optional,
        kinds,
    })
}

/// What the `mutator` sections compile to.
struct Mutated {
    mutators: Vec<super::Mutator>,
    /// Push steps of `when` interactions, with the mutators they need.
    push_patterns: Vec<(u32, Vec<(i8, i8)>)>,
    base_of: Vec<PieceKind>,
    forms: Vec<PieceKind>,
}

/// A piece patch of a mutator (or of an interaction of several): the
/// parts of the declared kind it replaces.
struct PiecePatch {
    kind: PieceKind,
    betza: Option<(String, Vec<crate::lang::movement::Atom>)>,
    attacks: Option<Vec<crate::lang::movement::Atom>>,
    /// Declared kinds that may capture this one.
    captured_by: Option<Vec<PieceKind>>,
}

/// The patches that apply when every mutator of `when` is on.
struct PatchSet {
    when: u32,
    patches: Vec<PiecePatch>,
}

/// Most mutators a variant may declare (the active set indexes a table of
/// forms).
const MAX_MUTATORS: usize = 12;

/// Reads the `mutator` sections and adds, after the declared kinds, one
/// kind for each form a declared kind takes under some set of mutators:
/// mutators replace movement by switching a piece to its form, so move
/// generation and attacks need nothing new.
fn compile_mutators(
    pieces: &mut Vec<PieceDef>,
    by_name: &IndexMap<String, PieceKind>,
    sections: &[&Section],
    height: u8,
    diags: &mut Vec<Diagnostic>,
) -> Mutated {
    let base_kinds = pieces.len();
    let mut mutators: Vec<super::Mutator> = Vec::new();
    for s in sections {
        let Some(n) = &s.name else {
            diags.push(
                Diagnostic::error(s.kind.span, "a mutator needs a name")
                    .with_help("write `mutator rider { ... }`"),
            );
            continue;
        };
        if mutators.iter().any(|m| m.name == n.node) {
            diags.push(Diagnostic::error(
                n.span,
                format!("mutator `{}` is declared twice", n.node),
            ));
        }
        mutators.push(super::Mutator {
            name: n.node.clone(),
            always_on: false,
            keep_colour: false,
            explode: false,
            must_capture: false,
            drops: false,
            swaps: false,
            extra_double_step_ranks: Vec::new(),
            dice: 0,
            push: Vec::new(),
        });
    }
    if mutators.len() > MAX_MUTATORS {
        diags.push(Diagnostic::error(
            sections[MAX_MUTATORS].kind.span,
            format!("a variant may declare at most {MAX_MUTATORS} mutators"),
        ));
        mutators.truncate(MAX_MUTATORS);
    }
    let mut sets: Vec<PatchSet> = Vec::new();
    let mut when_pushes: Vec<(u32, Vec<(i8, i8)>)> = Vec::new();
    for (i, s) in sections.iter().take(mutators.len()).enumerate() {
        let mut mr = Reader::new(&s.body);
        if let Some(e) = mr.take("always_on") {
            mutators[i].always_on = get_bool(e, diags).unwrap_or(false);
        }
        if let Some(e) = mr.take("keep_colour") {
            mutators[i].keep_colour = get_bool(e, diags).unwrap_or(false);
        }
        if let Some(e) = mr.take("explode") {
            mutators[i].explode = get_bool(e, diags).unwrap_or(false);
        }
        if let Some(e) = mr.take("must_capture") {
            mutators[i].must_capture = get_bool(e, diags).unwrap_or(false);
        }
        if let Some(e) = mr.take("drops") {
            mutators[i].drops = get_bool(e, diags).unwrap_or(false);
        }
        if let Some(e) = mr.take("dice") {
            mutators[i].dice = get_int(e, 2, 64, diags).unwrap_or(0) as u8;
        }
        if let Some(e) = mr.take("swaps") {
            mutators[i].swaps = get_bool(e, diags).unwrap_or(false);
        }
        if let Some(e) = mr.take("extra_double_step_ranks") {
            mutators[i].extra_double_step_ranks = rank_list(e, height, diags);
        }
        if let Some(e) = mr.take("push_enemy_pawn") {
            mutators[i].push = push_steps(e, diags);
        }
        let mut own = Vec::new();
        for sub in &mr.sections {
            match sub.kind.node.as_str() {
                "piece" => {
                    if let Some(p) = piece_patch(sub, by_name, diags) {
                        own.push(p);
                    }
                }
                "when" => {
                    let Some(other) = &sub.name else {
                        diags.push(
                            Diagnostic::error(
                                sub.kind.span,
                                "`when` needs the other mutator's name",
                            )
                            .with_help("write `when rider { piece knight { betza = \"CC\" } }`"),
                        );
                        continue;
                    };
                    let Some(j) = mutators.iter().position(|m| m.name == other.node) else {
                        let mut d = Diagnostic::error(
                            other.span,
                            format!("unknown mutator `{}`", other.node),
                        );
                        if let Some(sug) =
                            suggest(&other.node, mutators.iter().map(|m| m.name.as_str()))
                        {
                            d = d.with_help(format!("did you mean `{sug}`?"));
                        }
                        diags.push(d);
                        continue;
                    };
                    if j == i {
                        diags.push(Diagnostic::error(
                            other.span,
                            "a mutator's `when` must name another mutator",
                        ));
                        continue;
                    }
                    let mut wr = Reader::new(&sub.body);
                    if let Some(e) = wr.take("push_enemy_pawn") {
                        if mutators[i].push.is_empty() {
                            diags.push(Diagnostic::error(
                                e.key.span,
                                format!(
                                    "`push_enemy_pawn` in `when` changes the push of `{}`, which has none",
                                    mutators[i].name
                                ),
                            ).with_help("give the mutator its own `push_enemy_pawn` first"));
                        } else {
                            when_pushes.push((1 << i | 1 << j, push_steps(e, diags)));
                        }
                    }
                    let mut patches = Vec::new();
                    for ps in &wr.sections {
                        if ps.kind.node == "piece" {
                            if let Some(p) = piece_patch(ps, by_name, diags) {
                                patches.push(p);
                            }
                        } else {
                            diags.push(Diagnostic::error(
                                ps.kind.span,
                                format!("unexpected section `{}` inside `when`", ps.kind.node),
                            ));
                        }
                    }
                    wr.sections.clear();
                    wr.finish(&["push_enemy_pawn"], "`when`", diags);
                    sets.push(PatchSet {
                        when: 1 << i | 1 << j,
                        patches,
                    });
                }
                other => diags.push(
                    Diagnostic::error(
                        sub.kind.span,
                        format!("unexpected section `{other}` inside a mutator"),
                    )
                    .with_note("a mutator holds `piece` patches and `when` interactions"),
                ),
            }
        }
        mr.sections.clear();
        mr.finish(MUTATOR_KEYS, "a mutator", diags);
        sets.push(PatchSet {
            when: 1 << i,
            patches: own,
        });
    }
    // Single mutators first, then interactions, each in file order: a
    // later patch overrides an earlier one's parts.
    sets.sort_by_key(|p| p.when.count_ones());
    let mut base_of: Vec<PieceKind> = (0..base_kinds).map(|k| PieceKind(k as u8)).collect();
    let mut forms = Vec::new();
    if mutators.is_empty() || diags.iter().any(Diagnostic::is_error) {
        return Mutated {
            mutators,
            push_patterns: Vec::new(),
            base_of,
            forms,
        };
    }
    // Each distinct list of patches applied to a kind is one form.
    let mut form_of: IndexMap<(usize, Vec<(usize, usize)>), PieceKind> = IndexMap::new();
    let mut captured: Vec<Option<Vec<PieceKind>>> = vec![None; base_kinds];
    for active in 0..1u32 << mutators.len() {
        for base in 0..base_kinds {
            let applied: Vec<(usize, usize)> = sets
                .iter()
                .enumerate()
                .filter(|(_, set)| set.when & active == set.when)
                .flat_map(|(si, set)| {
                    set.patches
                        .iter()
                        .enumerate()
                        .filter(|(_, p)| p.kind.index() == base)
                        .map(move |(pi, _)| (si, pi))
                })
                .collect();
            if applied.is_empty() {
                forms.push(PieceKind(base as u8));
                continue;
            }
            let key = (base, applied);
            if let Some(&k) = form_of.get(&key) {
                forms.push(k);
                continue;
            }
            if pieces.len() >= MAX_KINDS {
                diags.push(
                    Diagnostic::error(
                        sections[0].kind.span,
                        format!("the mutators give more than {MAX_KINDS} piece forms in all"),
                    )
                    .with_help("fewer mutators, or fewer kinds they change"),
                );
                return Mutated {
                    mutators,
                    push_patterns: Vec::new(),
                    base_of,
                    forms: Vec::new(),
                };
            }
            let mut def = pieces[base].clone();
            let mut by: Option<Vec<PieceKind>> = None;
            let mut names: u32 = 0;
            for &(si, pi) in &key.1 {
                let p = &sets[si].patches[pi];
                names |= sets[si].when;
                if let Some((text, atoms)) = &p.betza {
                    def.betza = text.clone();
                    let extra: Vec<_> = def
                        .atoms
                        .iter()
                        .filter(|a| a.attack_only)
                        .cloned()
                        .collect();
                    def.atoms = atoms.clone();
                    def.atoms.extend(extra);
                }
                if let Some(atoms) = &p.attacks {
                    def.atoms.retain(|a| !a.attack_only);
                    def.atoms.extend(atoms.iter().cloned());
                }
                if let Some(list) = &p.captured_by {
                    by = Some(list.clone());
                }
            }
            let tags: Vec<&str> = (0..mutators.len())
                .filter(|i| names >> i & 1 != 0)
                .map(|i| mutators[i].name.as_str())
                .collect();
            def.name = format!("{} ({})", pieces[base].name, tags.join(" + "));
            def.components = Vec::new();
            let k = PieceKind(pieces.len() as u8);
            pieces.push(def);
            base_of.push(PieceKind(base as u8));
            captured.push(by);
            form_of.insert(key, k);
            forms.push(k);
        }
    }
    // Immunity names declared kinds: it covers all their forms.
    let widen = |mask: u128, base_of: &[PieceKind]| -> u128 {
        (0..base_of.len())
            .filter(|&k| mask >> base_of[k].index() & 1 != 0)
            .fold(0u128, |m, k| m | 1 << k)
    };
    for k in 0..pieces.len() {
        if let Some(list) = &captured[k] {
            pieces[k].captured_by = Some(list.iter().fold(0u128, |m, b| m | 1 << b.index()));
        }
        if let Some(mask) = pieces[k].captured_by {
            pieces[k].captured_by = Some(widen(mask, &base_of));
        }
        if let Some(mask) = pieces[k].freezes
            && mask != u128::MAX
        {
            pieces[k].freezes = Some(widen(mask, &base_of));
        }
    }
    // A pushing mutator's own steps, then its interactions' (the later
    // entry wins where several apply).
    let mut push_patterns: Vec<(u32, Vec<(i8, i8)>)> = mutators
        .iter()
        .enumerate()
        .filter(|(_, m)| !m.push.is_empty())
        .map(|(i, m)| (1 << i, m.push.clone()))
        .collect();
    push_patterns.extend(when_pushes);
    Mutated {
        mutators,
        push_patterns,
        base_of,
        forms,
    }
}

/// A push (`push_enemy_pawn = "fmW"`): single non-capturing leaps, as
/// (file, rank) steps from the pawn owner's side.
fn push_steps(e: &Entry, diags: &mut Vec<Diagnostic>) -> Vec<(i8, i8)> {
    let Some(text) = get_str(e, diags) else {
        return Vec::new();
    };
    let atoms = match parse_movement(text, e.value.span) {
        Ok(a) => a,
        Err(mut errs) => {
            diags.append(&mut errs);
            return Vec::new();
        }
    };
    let mut steps = Vec::new();
    for a in atoms {
        let plain = a.style == Style::Leap && a.can_move && !a.can_capture && !a.initial;
        if !plain {
            diags.push(
                Diagnostic::error(a.span, "a push is a plain step onto an empty square")
                    .with_help("write a move-only leap, like `fmW` (straight forward) or `fmF` (diagonally forward)"),
            );
            continue;
        }
        for d in a.dirs {
            if !steps.contains(&d) {
                steps.push(d);
            }
        }
    }
    steps
}

/// The atoms of an `attacks` string: they attack (give check, guard) but
/// never move.
fn attack_only(atoms: Vec<crate::lang::movement::Atom>) -> Vec<crate::lang::movement::Atom> {
    atoms
        .into_iter()
        .map(|mut a| {
            a.attack_only = true;
            a.can_move = false;
            a.can_capture = true;
            a.initial = false;
            a
        })
        .collect()
}

/// One `piece KIND { betza = ... attacks = ... captured_by = [...] }`
/// inside a mutator or a `when`.
fn piece_patch(
    s: &Section,
    by_name: &IndexMap<String, PieceKind>,
    diags: &mut Vec<Diagnostic>,
) -> Option<PiecePatch> {
    let Some(n) = &s.name else {
        diags.push(
            Diagnostic::error(s.kind.span, "a piece patch needs the piece's name")
                .with_help("write `piece knight { betza = \"NN\" }`"),
        );
        return None;
    };
    let kind = kind_value(by_name, n, diags)?;
    let mut pr = Reader::new(&s.body);
    let movement = |key: &str, pr: &mut Reader, diags: &mut Vec<Diagnostic>| {
        let e = pr.take(key)?;
        let text = get_str(e, diags)?;
        match parse_movement(text, e.value.span) {
            Ok(a) => Some((text.to_string(), a)),
            Err(mut errs) => {
                diags.append(&mut errs);
                None
            }
        }
    };
    let betza = movement("betza", &mut pr, diags);
    let attacks = movement("attacks", &mut pr, diags).map(|(_, atoms)| attack_only(atoms));
    let captured_by = pr.take("captured_by").map(|e| kind_list(by_name, e, diags));
    reject_subsections(&pr, "a piece patch", diags);
    pr.finish(MUTATOR_PIECE_KEYS, "a piece patch", diags);
    Some(PiecePatch {
        kind,
        betza,
        attacks,
        captured_by,
    })
}

/// The `markers` section: candidate squares, how many, who places first.
fn compile_markers(
    g: Geometry,
    s: &Section,
    diags: &mut Vec<Diagnostic>,
) -> Option<super::MarkerRules> {
    let mut mr = Reader::new(&s.body);
    let squares: Vec<Square> = mr
        .take("squares")
        .map(|e| {
            get_list(e)
                .into_iter()
                .filter_map(|v| square_value(g, v, diags))
                .collect()
        })
        .unwrap_or_default();
    let count = mr
        .take("count")
        .and_then(|e| get_int(e, 0, 16, diags))
        .unwrap_or(squares.len() as i64) as u8;
    let first = match mr.take("first") {
        None => Color::Black,
        Some(e) => match &e.value.node {
            Value::Ident(w) if w == "white" => Color::White,
            Value::Ident(w) if w == "black" => Color::Black,
            _ => {
                type_error(e, "`white` or `black`", diags);
                Color::Black
            }
        },
    };
    reject_subsections(&mr, "`markers`", diags);
    reject_name(s, diags);
    mr.finish(MARKER_KEYS, "`markers`", diags);
    if count as usize > squares.len() {
        diags.push(
            Diagnostic::error(
                s.kind.span,
                format!(
                    "{count} markers but only {} squares to put them on",
                    squares.len()
                ),
            )
            .with_help("list more `squares`, or lower `count`"),
        );
        return None;
    }
    Some(super::MarkerRules {
        squares,
        count,
        first,
    })
}
