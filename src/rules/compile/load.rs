//! Reading variant files: parents resolved across files and the
//! embedded variants, each chain merged child over parent into one block.

use super::*;

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
pub(super) type DeclId = (u32, usize);

/// What following a declaration's parents finds. Each declaration is
/// resolved once and remembered, so resolving every variant of a file
/// takes time in proportion to the file, however long its chains are.
#[derive(Clone, Debug)]
pub(super) enum Ancestry {
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
///
/// Its rules lack what the layers above install in them (move
/// generation's capture probe, the script's hooks), so it is the crate's
/// own: the loaders of `variants` are the one way to rules, and each
/// installs everything before the rules leave it.
#[derive(Debug)]
pub(crate) struct Loader {
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
    /// Where the scripts variants name are read from, before the library.
    scripts: std::sync::Arc<dyn crate::files::ScriptSource>,
}

/// Where a variant's script is looked for: its source, then the library.
#[derive(Clone, Copy)]
pub(super) struct ScriptPlaces<'a> {
    /// The scripts given or on disk.
    pub source: &'a dyn crate::files::ScriptSource,
    /// The library built into the program.
    pub library: ScriptLibrary,
}

/// Finds a script of the built-in library by file name.
pub(crate) type ScriptLibrary = fn(&str) -> Option<&'static str>;

/// A variant compiled, with where its setup string is written (the caller
/// validates the setup, which needs the position layer, and installs what
/// the layers above give the rules).
#[derive(Debug)]
pub(crate) struct Compiled {
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
            scripts: crate::files::default_scripts(),
        }
    }

    /// The loader with `library` as the built-in script library, where a
    /// script is looked for after the variant's folder and `scripts/`.
    pub fn with_script_library(mut self, library: ScriptLibrary) -> Loader {
        self.library = library;
        self
    }

    /// The loader with `scripts` as where the scripts variants name are
    /// read from (the file system with the `native` feature, unless
    /// set; nothing without it), before the built-in library.
    pub fn with_scripts(
        mut self,
        scripts: std::sync::Arc<dyn crate::files::ScriptSource>,
    ) -> Loader {
        self.scripts = scripts;
        self
    }

    /// Where the scripts variants name are read from.
    pub fn scripts(&self) -> &std::sync::Arc<dyn crate::files::ScriptSource> {
        &self.scripts
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
            // A file that never spells the name cannot declare it: only
            // the others are parsed.
            if !self.embedded_ids.contains_key(listed) && !text.contains(name) {
                continue;
            }
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
        let compiled = compile_block(
            &decl_name,
            &source,
            &body,
            ScriptPlaces {
                source: self.scripts.as_ref(),
                library: self.library,
            },
            &mut self.diags,
        );
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
pub(super) fn check_duplicates(block: &Block, diags: &mut Vec<Diagnostic>) {
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
pub(super) enum ItemKey {
    Entry(String),
    Section(String, Option<String>),
}

/// A block being merged along an inheritance chain, its items indexed by
/// key, so that merging a child takes time in proportion to the child.
pub(super) struct Merged {
    span: Span,
    items: Vec<MergedItem>,
    /// Where the first item with each key is.
    index: std::collections::HashMap<ItemKey, usize>,
}

pub(super) enum MergedItem {
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
