//! `import "name"` for variant and experiment scripts: resolved once,
//! when the script is compiled, and embedded in it.
//!
//! A name is looked up where the script source finds it
//! ([`crate::files::ScriptSource`]: on disk, beside the file that imports
//! it, then under `scripts/`; or among the scripts given as text), then
//! in the copy of the script library built into the binary. Only `.rhai` files are read, never an absolute path or one
//! that climbs out of the importer's directory (`..`), and nothing of a
//! file's content appears in an error unless it is a script. Imports may
//! nest [`MAX_IMPORT_DEPTH`] deep; a script that imports itself, directly
//! or through others, is an error naming the chain.

use crate::files::{Lookup, ScriptSource};
use rhai::{AST, Engine, EvalAltResult, Module, Position, Scope, Shared};
use std::path::Path;
use std::sync::{Arc, Mutex};

/// How deep imports may nest (a script importing one that imports
/// another, ...).
pub const MAX_IMPORT_DEPTH: usize = 8;

/// Where a script being compiled lives.
#[derive(Clone, Debug)]
struct Frame {
    /// The name shown in messages (`scripts/pieces.rhai`,
    /// `embedded:pieces.rhai`).
    shown: String,
    /// What tells two scripts apart: the canonical path, or the shown
    /// name of an embedded script.
    key: String,
    /// The folder its own imports are looked up in first (`None` for
    /// an embedded script, which imports from the library only).
    dir: Option<String>,
}

/// The frame of the script shown as `shown`, which `scripts` found
/// (or the library, for `embedded:NAME`).
fn frame(scripts: &dyn ScriptSource, shown: &str) -> Frame {
    if shown.starts_with("embedded:") {
        return Frame {
            shown: shown.to_string(),
            key: shown.to_string(),
            dir: None,
        };
    }
    let place = scripts.place(shown);
    Frame {
        shown: shown.to_string(),
        key: place.key,
        dir: Some(place.folder),
    }
}

/// The file name an import names (`advancer` and `advancer.rhai` give
/// `advancer.rhai`), or why it may not be imported.
fn file_name(path: &str) -> Result<String, String> {
    if path.is_empty() {
        return Err("names no script".into());
    }
    if path.starts_with(['/', '\\']) || Path::new(path).is_absolute() || path.contains(':') {
        return Err(
            "an absolute path; an import names a script beside the importing one or in the script library (`import \"advancer\"`)"
                .into(),
        );
    }
    if path.split(['/', '\\']).any(|part| part == "..") {
        return Err(
            "leaves the importing script's directory (`..`); an import names a script beside the importing one or in the script library"
                .into(),
        );
    }
    let last = path.rsplit('/').next().unwrap_or(path);
    if last.is_empty() || path.contains('\\') {
        return Err(
            "not a script's name (write `import \"name\"` or `import \"dir/name\"`)".into(),
        );
    }
    match last.rsplit_once('.') {
        None => Ok(format!("{path}.rhai")),
        Some((_, "rhai")) => Ok(path.to_string()),
        Some(_) => Err("not a Rhai script: only `.rhai` files can be imported".into()),
    }
}

/// The state of one compilation's imports.
#[derive(Debug)]
struct Library {
    /// Where imported scripts are read from, before the built-in library.
    scripts: Arc<dyn ScriptSource>,
    /// The scripts being compiled, the outermost first.
    stack: Mutex<Vec<Frame>>,
    /// The first import refused, with why.
    refused: Mutex<Option<String>>,
    /// Every script imported so far: the name it was imported by, its
    /// key and its module.
    done: Mutex<Vec<(String, String, Shared<Module>)>>,
}

/// The modules a compiled script imports, by the names they were
/// imported by. Rhai resolves an `import` inside an imported script's
/// function when it runs, with the importing script's resolver and then
/// the engine's: this one, which reads no file.
#[derive(Debug)]
struct Compiled(Vec<(String, String, Shared<Module>)>);

impl rhai::ModuleResolver for Compiled {
    fn resolve(
        &self,
        _: &Engine,
        _: Option<&str>,
        path: &str,
        pos: Position,
    ) -> Result<Shared<Module>, Box<EvalAltResult>> {
        self.0
            .iter()
            .find(|(p, _, _)| p == path)
            .map(|(_, _, m)| m.clone())
            .ok_or_else(|| Box::new(EvalAltResult::ErrorModuleNotFound(path.to_string(), pos)))
    }
}

/// The module resolver used while a script compiles.
#[derive(Debug)]
struct Resolver(Arc<Library>);

impl Library {
    /// The script `name` (a checked file name) as imported from `from`:
    /// its shown name and text, or where it was looked for.
    fn find(&self, from: &Frame, name: &str) -> Result<Result<(String, String), String>, String> {
        match self.scripts.imported_script(from.dir.as_deref(), name) {
            Lookup::Found { shown, text } => Ok(Ok((shown, text))),
            Lookup::Refused(why) => Err(why),
            Lookup::Missing(places) => Ok(super::embedded_script(name)
                .map(|t| (format!("embedded:{name}"), t.to_string()))
                .ok_or(places)),
        }
    }

    /// Records a refusal of `import "path"` in `from` and gives the error
    /// that stops the compilation.
    fn refuse(&self, from: &Frame, path: &str, why: &str) -> Box<EvalAltResult> {
        let message = format!("import \"{path}\" in `{}`: {why}", from.shown);
        if let Ok(mut r) = self.refused.lock()
            && r.is_none()
        {
            *r = Some(message.clone());
        }
        Box::new(EvalAltResult::ErrorRuntime(message.into(), Position::NONE))
    }

    fn resolve(&self, engine: &Engine, path: &str) -> Result<Shared<Module>, Box<EvalAltResult>> {
        let from = {
            let stack = self.stack.lock().map_err(|_| "import state poisoned")?;
            stack.last().cloned().ok_or("no importing script")?
        };
        let name = file_name(path).map_err(|why| self.refuse(&from, path, &why))?;
        let (shown, text) = match self
            .find(&from, &name)
            .map_err(|why| self.refuse(&from, path, &why))?
        {
            Ok(found) => found,
            Err(places) => {
                let why = format!("no `{name}` {places} or in the built-in library");
                return Err(self.refuse(&from, path, &why));
            }
        };
        let next = frame(self.scripts.as_ref(), &shown);
        {
            let done = self.done.lock().map_err(|_| "import state poisoned")?;
            if let Some((_, key, module)) = done.iter().find(|(p, _, _)| p == path) {
                if *key == next.key {
                    return Ok(module.clone());
                }
                // Imports inside functions are resolved by name alone
                // when they run: one name, one script.
                let why = format!(
                    "`{path}` is already imported as another script (`{key}`); give one of them another name"
                );
                return Err(self.refuse(&from, path, &why));
            }
        }
        {
            let mut stack = self.stack.lock().map_err(|_| "import state poisoned")?;
            let mut chain: Vec<&str> = stack.iter().map(|f| f.shown.as_str()).collect();
            chain.push(&next.shown);
            let chain = chain.join(" -> ");
            if stack.iter().any(|f| f.key == next.key) {
                let why = format!("`{}` imports itself ({chain})", next.shown);
                return Err(self.refuse(&from, path, &why));
            }
            if stack.len() > MAX_IMPORT_DEPTH {
                let why = format!("imports nest more than {MAX_IMPORT_DEPTH} deep ({chain})");
                return Err(self.refuse(&from, path, &why));
            }
            stack.push(next);
        }
        // The imported script's own imports are resolved now, by this
        // resolver (the engine's), relative to it.
        let result = engine
            .compile_into_self_contained(&Scope::new(), &text)
            .and_then(|ast| Module::eval_ast_as_new(Scope::new(), &ast, engine));
        if let Ok(mut stack) = self.stack.lock() {
            stack.pop();
        }
        match result {
            Ok(module) => {
                let module = Shared::new(module);
                if let Ok(mut done) = self.done.lock() {
                    let key = frame(self.scripts.as_ref(), &shown).key;
                    done.push((path.to_string(), key, module.clone()));
                }
                Ok(module)
            }
            Err(e) => Err(Box::new(EvalAltResult::ErrorInModule(
                shown,
                e,
                Position::NONE,
            ))),
        }
    }
}

impl rhai::ModuleResolver for Resolver {
    fn resolve(
        &self,
        engine: &Engine,
        _source: Option<&str>,
        path: &str,
        _pos: Position,
    ) -> Result<Shared<Module>, Box<EvalAltResult>> {
        self.0.resolve(engine, path)
    }
}

/// Why a script did not compile.
#[derive(Debug)]
pub enum Failure {
    /// An import was refused or not found: the message names the import,
    /// the importing script and why.
    Import(String),
    /// A syntax error in the script itself (its position is in it).
    Syntax(Box<EvalAltResult>),
    /// An imported script failed to compile or to run its top level: the
    /// message names it.
    Imported(String),
}

/// Compiles `source`, the script shown as `file` (a path, or
/// `embedded:NAME` for one of the built-in library), with its imports
/// resolved and embedded: afterwards the engine resolves imports from
/// what was compiled, so a script reads no file while it runs. Imports
/// are read from [`crate::files::default_scripts`].
///
/// # Errors
///
/// A syntax error, or an import that is refused, missing or fails.
pub fn compile(engine: &mut Engine, file: &str, source: &str) -> Result<AST, Failure> {
    compile_with(engine, file, source, crate::files::default_scripts())
}

/// Compiles `source` as [`compile`] does, its imports read from
/// `scripts` (where `file` was found), then from the built-in library.
///
/// # Errors
///
/// A syntax error, or an import that is refused, missing or fails.
pub fn compile_with(
    engine: &mut Engine,
    file: &str,
    source: &str,
    scripts: Arc<dyn ScriptSource>,
) -> Result<AST, Failure> {
    let library = Arc::new(Library {
        stack: Mutex::new(vec![frame(scripts.as_ref(), file)]),
        scripts,
        refused: Mutex::new(None),
        done: Mutex::new(Vec::new()),
    });
    engine.set_module_resolver(Resolver(library.clone()));
    let compiled = engine.compile_into_self_contained(&Scope::new(), source);
    let done = library
        .done
        .lock()
        .map(|mut d| std::mem::take(&mut *d))
        .unwrap_or_default();
    engine.set_module_resolver(Compiled(done));
    compiled.map_err(|e| {
        if let Some(m) = library.refused.lock().ok().and_then(|mut r| r.take()) {
            return Failure::Import(m);
        }
        let EvalAltResult::ErrorInModule(..) = &*e else {
            return Failure::Syntax(e);
        };
        let mut inner: &EvalAltResult = &e;
        let mut name = String::new();
        while let EvalAltResult::ErrorInModule(n, next, _) = inner {
            name.clone_from(n);
            inner = next;
        }
        let why = match inner {
            EvalAltResult::ErrorParsing(p, pos) => {
                format!("line {}: syntax error: {p}", pos.line().unwrap_or(0))
            }
            other => match other.position().line() {
                Some(line) => {
                    let text = other.to_string();
                    let suffix = format!(" ({})", other.position());
                    let text = text.strip_suffix(&suffix).unwrap_or(&text).to_string();
                    format!("line {line}: {text}")
                }
                None => other.to_string(),
            },
        };
        Failure::Imported(format!("in the imported `{name}`, {why}"))
    })
}
