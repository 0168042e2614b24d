//! The `script` section: the script file, read beside the variant or
//! from the library (never from elsewhere), the hooks it declares and the
//! kinds it scripts. The script is compiled by the loader, not here.

use super::*;
use crate::files::Lookup;
use crate::rules::ScriptDecl;

/// Finds the kind a value names, recording a problem if none.
pub(super) type Resolve<'a> =
    dyn Fn(&Spanned<Value>, &mut Vec<Diagnostic>) -> Option<PieceKind> + 'a;

/// The script a `script` section declares, or `None` after recording its
/// problems; marks the kinds it scripts (`pieces`) and those whose moves
/// come from it alone (`replace`).
pub(super) fn script_section(
    s: &Section,
    source: &str,
    scripts: ScriptPlaces<'_>,
    resolve: &Resolve<'_>,
    (scripted, script_only): (&mut [bool], &mut [bool]),
    diags: &mut Vec<Diagnostic>,
) -> Option<ScriptDecl> {
    let mut sr = Reader::new(&s.body, Scope::Script);
    let file = sr.take("file");
    let hooks: Vec<(String, Span)> = sr
        .take("hooks")
        .map(|e| {
            get_list(e)
                .into_iter()
                .filter_map(|v| match &v.node {
                    Value::Ident(n) => Some((n.clone(), v.span)),
                    other => {
                        diags.push(Diagnostic::error(
                            v.span,
                            format!("expected a hook name, found {}", other.type_name()),
                        ));
                        None
                    }
                })
                .collect()
        })
        .unwrap_or_default();
    let state = sr
        .take("state")
        .map(|e| state_names(e, diags))
        .unwrap_or_default();
    if let Some(e) = sr.take("pieces") {
        for k in get_list(e).into_iter().filter_map(|v| resolve(v, diags)) {
            scripted[k.index()] = true;
        }
    }
    if let Some(e) = sr.take("replace") {
        for k in get_list(e).into_iter().filter_map(|v| resolve(v, diags)) {
            scripted[k.index()] = true;
            script_only[k.index()] = true;
        }
    }
    reject_subsections(&sr, "`script`", diags);
    reject_name(s, diags);
    sr.finish(diags);
    let Some(file) = file else {
        diags.push(
            Diagnostic::error(s.kind.span, "`script` needs a `file`").with_help(
                "add `file = \"NAME.rhai\"` (looked up beside the variant file, then in scripts/)",
            ),
        );
        return None;
    };
    let path = get_str(file, diags)?;
    // Hook names are checked here; the functions, once the
    // loader compiles the script.
    for (hook, span) in &hooks {
        if !crate::rules::hooks::ALL.iter().any(|h| h.name == hook) {
            let known: Vec<&str> = crate::rules::hooks::ALL.iter().map(|h| h.name).collect();
            let mut d = Diagnostic::error(
                *span,
                format!("unknown hook `{hook}` (hooks: {})", known.join(", ")),
            );
            if let Some(sug) = suggest(hook, known.iter().copied()) {
                d = d.with_help(format!("did you mean `{sug}`?"));
            }
            diags.push(d);
        }
    }
    match read_script(source, path, scripts) {
        Err(ScriptFileError::Refused(why)) => diags.push(
            Diagnostic::error(
                file.value.span,
                format!("script `{path}` is not allowed: {why}"),
            )
            .with_help(
                "name a `.rhai` file beside the variant file or in scripts/, e.g. `file = \"pieces.rhai\"`",
            ),
        ),
        Err(ScriptFileError::Missing(why)) => diags.push(
            Diagnostic::error(
                file.value.span,
                format!("cannot read script `{path}`: {why}"),
            )
            .with_help(scripts.source.help()),
        ),
        Ok((shown, text)) => {
            let reads_last_move = text.contains("last_move");
            return Some(ScriptDecl {
                file: shown,
                text,
                hooks: hooks.iter().map(|h| h.0.clone()).collect(),
                state,
                reads_last_move,
                span: file.value.span,
            });
        }
    }
    None
}

/// The names a `state = [...]` list declares: identifiers, each once, at
/// most [`MAX_STATE`](crate::rules::MAX_STATE).
fn state_names(e: &Entry, diags: &mut Vec<Diagnostic>) -> Vec<String> {
    let mut names: Vec<String> = Vec::new();
    for v in get_list(e) {
        match &v.node {
            Value::Ident(n) if names.contains(n) => diags.push(Diagnostic::error(
                v.span,
                format!("the state `{n}` is named twice"),
            )),
            Value::Ident(_) if names.len() == crate::rules::MAX_STATE => {
                diags.push(
                    Diagnostic::error(
                        v.span,
                        format!(
                            "a script's state holds at most {} numbers",
                            crate::rules::MAX_STATE
                        ),
                    )
                    .with_help("keep several small numbers in one (e.g. a square and a count as square * 100 + count)"),
                );
            }
            Value::Ident(n) => names.push(n.clone()),
            other => diags.push(
                Diagnostic::error(
                    v.span,
                    format!("expected a state name, found {}", other.type_name()),
                )
                .with_help("name each number the position carries: `state = [charged, count]`"),
            ),
        }
    }
    names
}

/// Why a script named in a variant file was not read.
enum ScriptFileError {
    /// The name is not one a variant file may use (the reason).
    Refused(String),
    /// No such script where scripts are looked for (what was tried).
    Missing(String),
}

/// Reads a script named in a variant file: from the loader's source
/// (on disk: beside the variant file, then in `scripts/`), then from the
/// library built into the program. Returns the name shown in messages
/// and the text.
///
/// Only a relative name ending in `.rhai` that stays inside those folders
/// is read (no absolute path, no `..`, no link leading out), so a variant
/// file cannot make the program read any other file, nor show its lines
/// in an error.
fn read_script(
    variant_source: &str,
    path: &str,
    scripts: ScriptPlaces<'_>,
) -> Result<(String, String), ScriptFileError> {
    use std::path::{Component, Path};
    let name = Path::new(path);
    if name.is_absolute() || name.has_root() {
        return Err(ScriptFileError::Refused("it is an absolute path".into()));
    }
    if name
        .components()
        .any(|c| matches!(c, Component::ParentDir | Component::Prefix(_)))
    {
        return Err(ScriptFileError::Refused(
            "it leaves the folder with `..`".into(),
        ));
    }
    if name.extension().is_none_or(|x| x != "rhai") {
        return Err(ScriptFileError::Refused(
            "a script's name ends in `.rhai`".into(),
        ));
    }
    let tried = match scripts.source.variant_script(variant_source, path) {
        Lookup::Found { shown, text } => return Ok((shown, text)),
        Lookup::Refused(why) => return Err(ScriptFileError::Refused(why)),
        Lookup::Missing(tried) => tried,
    };
    if let Some(text) = (scripts.library)(path) {
        return Ok((format!("embedded:{path}"), text.to_string()));
    }
    Err(ScriptFileError::Missing(tried))
}
