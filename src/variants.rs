//! Loading variants: embedded files, files on disk, text with its scripts
//! given as text ([`load_text`]), and the full check (syntax, semantics,
//! and the setup validated against its own rules).
//!
//! Without the `native` feature nothing here reads a file: variants load
//! by embedded name or from text.

use crate::diag::{Diagnostic, SourceMap};
use crate::notation::parse_fen;
use crate::rules::{LoadError, Loader, Rules};
use std::collections::BTreeMap;
use std::path::Path;
use std::sync::Arc;

/// The variant files built into the binary: (name, text).
pub const EMBEDDED: &[(&str, &str)] = &[
    ("chess", include_str!("../examples/variants/chess.variant")),
    (
        "capablanca",
        include_str!("../examples/variants/capablanca.variant"),
    ),
    (
        "metamorph",
        include_str!("../examples/variants/metamorph.variant"),
    ),
    (
        "metamorph_optional",
        include_str!("../examples/variants/metamorph_optional.variant"),
    ),
    (
        "pocket-mutation",
        include_str!("../examples/variants/pocket-mutation.variant"),
    ),
    (
        "mutatis-mutandis",
        include_str!("../examples/variants/mutatis-mutandis.variant"),
    ),
    (
        "twelve-mutation",
        include_str!("../examples/variants/twelve-mutation.variant"),
    ),
    ("fluid", include_str!("../examples/variants/fluid.variant")),
    (
        "fluid_single",
        include_str!("../examples/variants/fluid.variant"),
    ),
    (
        "fluid_doubled",
        include_str!("../examples/variants/fluid.variant"),
    ), // The catalogue (examples/variants/catalog/README.md): the variants
    // whose moves are all written and which pass their perft files.
    (
        "3check",
        include_str!("../examples/variants/catalog/3check.variant"),
    ),
    (
        "ai-wok",
        include_str!("../examples/variants/catalog/ai-wok.variant"),
    ),
    (
        "almost",
        include_str!("../examples/variants/catalog/almost.variant"),
    ),
    (
        "amazon",
        include_str!("../examples/variants/catalog/amazon.variant"),
    ),
    (
        "antichess",
        include_str!("../examples/variants/catalog/antichess.variant"),
    ),
    (
        "asean",
        include_str!("../examples/variants/catalog/asean.variant"),
    ),
    (
        "atomar",
        include_str!("../examples/variants/catalog/atomar.variant"),
    ),
    (
        "atomic",
        include_str!("../examples/variants/catalog/atomic.variant"),
    ),
    (
        "atomic960",
        include_str!("../examples/variants/catalog/atomic960.variant"),
    ),
    (
        "berolina",
        include_str!("../examples/variants/catalog/berolina.variant"),
    ),
    (
        "cambodian",
        include_str!("../examples/variants/catalog/cambodian.variant"),
    ),
    (
        "centaur",
        include_str!("../examples/variants/catalog/centaur.variant"),
    ),
    (
        "chancellor",
        include_str!("../examples/variants/catalog/chancellor.variant"),
    ),
    (
        "chessgi",
        include_str!("../examples/variants/catalog/chessgi.variant"),
    ),
    (
        "chigorin",
        include_str!("../examples/variants/catalog/chigorin.variant"),
    ),
    (
        "codrus",
        include_str!("../examples/variants/catalog/codrus.variant"),
    ),
    (
        "coregal",
        include_str!("../examples/variants/catalog/coregal.variant"),
    ),
    (
        "courier",
        include_str!("../examples/variants/catalog/courier.variant"),
    ),
    (
        "crazyhouse",
        include_str!("../examples/variants/catalog/crazyhouse.variant"),
    ),
    (
        "dobutsu",
        include_str!("../examples/variants/catalog/dobutsu.variant"),
    ),
    (
        "embassy",
        include_str!("../examples/variants/catalog/embassy.variant"),
    ),
    (
        "euroshogi",
        include_str!("../examples/variants/catalog/euroshogi.variant"),
    ),
    (
        "extinction960",
        include_str!("../examples/variants/catalog/extinction960.variant"),
    ),
    (
        "giveaway",
        include_str!("../examples/variants/catalog/giveaway.variant"),
    ),
    (
        "grand",
        include_str!("../examples/variants/catalog/grand.variant"),
    ),
    (
        "grasshopper",
        include_str!("../examples/variants/catalog/grasshopper.variant"),
    ),
    (
        "gustav3",
        include_str!("../examples/variants/catalog/gustav3.variant"),
    ),
    (
        "hoppelpoppel",
        include_str!("../examples/variants/catalog/hoppelpoppel.variant"),
    ),
    (
        "horde",
        include_str!("../examples/variants/catalog/horde.variant"),
    ),
    (
        "janggi",
        include_str!("../examples/variants/catalog/janggi.variant"),
    ),
    (
        "janus",
        include_str!("../examples/variants/catalog/janus.variant"),
    ),
    (
        "jesonmor",
        include_str!("../examples/variants/catalog/jesonmor.variant"),
    ),
    (
        "karouk",
        include_str!("../examples/variants/catalog/karouk.variant"),
    ),
    (
        "kinglet",
        include_str!("../examples/variants/catalog/kinglet.variant"),
    ),
    (
        "kingofthehill",
        include_str!("../examples/variants/catalog/kingofthehill.variant"),
    ),
    (
        "knightmate",
        include_str!("../examples/variants/catalog/knightmate.variant"),
    ),
    (
        "koedem",
        include_str!("../examples/variants/catalog/koedem.variant"),
    ),
    (
        "kyotoshogi",
        include_str!("../examples/variants/catalog/kyotoshogi.variant"),
    ),
    (
        "legan",
        include_str!("../examples/variants/catalog/legan.variant"),
    ),
    (
        "loop",
        include_str!("../examples/variants/catalog/loop.variant"),
    ),
    (
        "losalamos",
        include_str!("../examples/variants/catalog/losalamos.variant"),
    ),
    (
        "losers",
        include_str!("../examples/variants/catalog/losers.variant"),
    ),
    (
        "makpong",
        include_str!("../examples/variants/catalog/makpong.variant"),
    ),
    (
        "makruk",
        include_str!("../examples/variants/catalog/makruk.variant"),
    ),
    (
        "manchu",
        include_str!("../examples/variants/catalog/manchu.variant"),
    ),
    (
        "micro",
        include_str!("../examples/variants/catalog/micro.variant"),
    ),
    (
        "minishogi",
        include_str!("../examples/variants/catalog/minishogi.variant"),
    ),
    (
        "modern",
        include_str!("../examples/variants/catalog/modern.variant"),
    ),
    (
        "newzealand",
        include_str!("../examples/variants/catalog/newzealand.variant"),
    ),
    (
        "nocheckatomic",
        include_str!("../examples/variants/catalog/nocheckatomic.variant"),
    ),
    (
        "nightrider",
        include_str!("../examples/variants/catalog/nightrider.variant"),
    ),
    (
        "omicron",
        include_str!("../examples/variants/catalog/omicron.variant"),
    ),
    (
        "opulent",
        include_str!("../examples/variants/catalog/opulent.variant"),
    ),
    (
        "pawnback",
        include_str!("../examples/variants/catalog/pawnback.variant"),
    ),
    (
        "pawnsideways",
        include_str!("../examples/variants/catalog/pawnsideways.variant"),
    ),
    (
        "perfect",
        include_str!("../examples/variants/catalog/perfect.variant"),
    ),
    (
        "placement",
        include_str!("../examples/variants/catalog/placement.variant"),
    ),
    (
        "pocketknight",
        include_str!("../examples/variants/catalog/pocketknight.variant"),
    ),
    (
        "racingkings",
        include_str!("../examples/variants/catalog/racingkings.variant"),
    ),
    (
        "seirawan",
        include_str!("../examples/variants/catalog/seirawan.variant"),
    ),
    (
        "seirawan960",
        include_str!("../examples/variants/catalog/seirawan960.variant"),
    ),
    (
        "shako",
        include_str!("../examples/variants/catalog/shako.variant"),
    ),
    (
        "shatar",
        include_str!("../examples/variants/catalog/shatar.variant"),
    ),
    (
        "shatranj",
        include_str!("../examples/variants/catalog/shatranj.variant"),
    ),
    (
        "shogi",
        include_str!("../examples/variants/catalog/shogi.variant"),
    ),
    (
        "shoshogi",
        include_str!("../examples/variants/catalog/shoshogi.variant"),
    ),
    (
        "shouse",
        include_str!("../examples/variants/catalog/shouse.variant"),
    ),
    (
        "sittuyin",
        include_str!("../examples/variants/catalog/sittuyin.variant"),
    ),
    (
        "sortofalmost",
        include_str!("../examples/variants/catalog/sortofalmost.variant"),
    ),
    (
        "spartan",
        include_str!("../examples/variants/catalog/spartan.variant"),
    ),
    (
        "tencubed",
        include_str!("../examples/variants/catalog/tencubed.variant"),
    ),
    (
        "threekings",
        include_str!("../examples/variants/catalog/threekings.variant"),
    ),
    (
        "torishogi",
        include_str!("../examples/variants/catalog/torishogi.variant"),
    ),
    (
        "torpedo",
        include_str!("../examples/variants/catalog/torpedo.variant"),
    ),
    (
        "troitzky",
        include_str!("../examples/variants/catalog/troitzky.variant"),
    ),
    (
        "wolf",
        include_str!("../examples/variants/catalog/wolf.variant"),
    ),
    (
        "xiangqi",
        include_str!("../examples/variants/catalog/xiangqi.variant"),
    ),
    (
        "yarishogi",
        include_str!("../examples/variants/catalog/yarishogi.variant"),
    ),
];

/// The variant used when none is named.
pub const DEFAULT_VARIANT: &str = "chess";

/// The variant `changeling play` starts when none is named.
pub const DEFAULT_PLAY_VARIANT: &str = "mutatis-mutandis";

/// The text of an embedded variant file.
pub fn embedded(name: &str) -> Option<&'static str> {
    EMBEDDED.iter().find(|(n, _)| *n == name).map(|(_, t)| *t)
}

/// The embedded variant whose name is nearest to `name`, a name that is
/// none of them: one a typo away, or the only one that begins with it
/// (`mutatis` for `mutatis-mutandis`). `None` for a path or a name near
/// none.
pub fn nearest_name(name: &str) -> Option<&'static str> {
    if name.contains(['/', '\\']) || name.ends_with(".variant") {
        return None;
    }
    let names = || EMBEDDED.iter().map(|(n, _)| *n);
    if let Some(near) = crate::diag::suggest(name, names()) {
        return Some(near);
    }
    let lower = name.to_ascii_lowercase();
    let mut starting = names().filter(|n| lower.len() >= 3 && n.starts_with(lower.as_str()));
    match (starting.next(), starting.next()) {
        (Some(only), None) => Some(only),
        _ => None,
    }
}

/// A loader that knows the embedded variants and the script library.
fn loader() -> Loader {
    Loader::new(EMBEDDED).with_script_library(crate::script::embedded_script)
}

/// Compiles the variant's script, if it declares one, and installs its
/// hooks in `rules`; the script's problems are the loader's diagnostics.
fn install_script(loader: &mut Loader, rules: &mut Rules) -> Option<()> {
    let Some(decl) = &rules.script() else {
        return Some(());
    };
    // The board helpers see the rules without the script, so a helper
    // never calls back into a hook.
    let mut native = rules.clone();
    native.clear_script();
    let declared: Vec<&str> = decl.hooks.iter().map(String::as_str).collect();
    let scripts = loader.scripts().clone();
    match crate::script::ScriptHost::load_with(
        &decl.file,
        &decl.text,
        &declared,
        Arc::new(native),
        scripts,
    ) {
        Ok(host) => {
            crate::script::install(rules, host);
            Some(())
        }
        Err(problems) => {
            for p in problems {
                let at = if p.line > 0 {
                    format!("{}:{}: ", decl.file, p.line)
                } else {
                    format!("{}: ", decl.file)
                };
                loader.push(Diagnostic::error(decl.span, format!("{at}{}", p.message)));
            }
            None
        }
    }
}

fn compile(loader: &mut Loader, id: u32, name: Option<&str>) -> Option<Rules> {
    let mut compiled = loader.compile(id, name)?;
    crate::movegen::install(&mut compiled.rules);
    install_script(loader, &mut compiled.rules)?;
    match parse_fen(&compiled.rules, compiled.rules.setup()) {
        Ok(start) => {
            let mut rules = compiled.rules;
            if rules.stacking().is_some() {
                castling_partners(&mut rules, &start);
            }
            Some(rules)
        }
        Err(e) => {
            loader.push(
                Diagnostic::error(compiled.setup_span, format!("the setup is not a valid position of this variant: {} field: {}", e.field, e.message))
                    .with_help("a FEN lists ranks from the top, pieces by their `letter`, then side, castling, en passant and counters"),
            );
            None
        }
    }
}

/// In a stacking variant, a castling partner is told from a unit stacked
/// with it by its kind: the one on its square in the setup.
fn castling_partners(rules: &mut Rules, start: &crate::Position) {
    for color in crate::board::Color::ALL {
        for i in 0..rules.castling()[color].len() {
            let sq = rules.castling()[color][i].partner_from;
            rules.castling_mut()[color][i].partner_kind = start
                .units_at(sq)
                .into_iter()
                .flatten()
                .find(|p| p.color == color && !rules.is_royal(p.kind))
                .map(|p| p.kind);
        }
    }
}

/// Loads the last variant declared in `text` (named `source` in errors).
///
/// # Errors
///
/// Every problem found, with the sources to render them.
pub fn load_str(source: &str, text: &str) -> Result<Arc<Rules>, LoadError> {
    load_named(source, text, None)
}

/// Loads the last variant declared in `text` (named `source` in errors),
/// with the scripts it names given as text in `scripts`, by the names the
/// variant file writes (`file = "rococo.rhai"`) and the names imports
/// write (`import "pieces"` finds `pieces.rhai`), and the built-in
/// script library after them. Reads no file.
///
/// ```
/// use std::collections::BTreeMap;
/// let text = "variant quiet : chess {\n  script { file = \"quiet.rhai\" hooks = [filter_moves] }\n}\n";
/// let scripts = BTreeMap::from([(
///     "quiet.rhai".to_string(),
///     "fn filter_moves(board, moves) { moves }".to_string(),
/// )]);
/// let rules = changeling::variants::load_text("quiet.variant", text, &scripts).unwrap();
/// assert_eq!(rules.name(), "quiet");
/// ```
///
/// # Errors
///
/// Every problem found, with the sources to render them; a script not
/// given (nor in the library) is one, naming it.
pub fn load_text(
    source: &str,
    text: &str,
    scripts: &BTreeMap<String, String>,
) -> Result<Arc<Rules>, LoadError> {
    let texts = crate::files::ScriptTexts::from(scripts.clone());
    load_by(loader().with_scripts(Arc::new(texts)), source, text, None)
}

/// Loads the variant `name` declared in `text`, or the last one when
/// `name` is `None` (or, for an embedded file, not declared in it).
fn load_named(source: &str, text: &str, name: Option<&str>) -> Result<Arc<Rules>, LoadError> {
    load_by(loader(), source, text, name)
}

/// [`load_named`] with `loader`.
fn load_by(
    mut loader: Loader,
    source: &str,
    text: &str,
    name: Option<&str>,
) -> Result<Arc<Rules>, LoadError> {
    let id = loader.add_file(source, text);
    let name = name.filter(|n| loader.variant_names(id).iter().any(|v| v == n));
    match compile(&mut loader, id, name) {
        Some(r) => Ok(Arc::new(r)),
        None => Err(LoadError {
            diagnostics: loader.take_diagnostics(),
            sources: loader.sources,
        }),
    }
}

/// Loads an embedded variant by name, or a variant file by path (its last
/// variant, or the one named after a colon: `my.variant:fast`).
///
/// # Errors
///
/// Unknown name and unreadable file are reported as a diagnostic; a file
/// with problems returns them all.
pub fn load(name_or_path: &str) -> Result<Arc<Rules>, LoadError> {
    if let Some(text) = embedded(name_or_path) {
        return load_named(
            &format!("embedded:{name_or_path}"),
            text,
            Some(name_or_path),
        );
    }
    load_file(name_or_path)
}

/// Loads a variant file by path, as [`load`] does.
#[cfg(feature = "native")]
fn load_file(name_or_path: &str) -> Result<Arc<Rules>, LoadError> {
    if let Some((path, name)) = name_or_path.rsplit_once(':')
        && !std::path::Path::new(name_or_path).exists()
        && let Ok(text) = read_source(path)
    {
        let mut loader = loader();
        let id = loader.add_file(path, &text);
        let names = loader.variant_names(id);
        if !names.iter().any(|n| n == name) {
            let d = Diagnostic::error(
                crate::diag::Span::new(id, 0, 0),
                format!("`{path}` declares no variant `{name}`"),
            )
            .with_note(format!("its variants: {}", names.join(", ")));
            return Err(LoadError {
                diagnostics: vec![d],
                sources: loader.sources,
            });
        }
        return load_named(path, &text, Some(name));
    }
    match read_source(name_or_path) {
        Ok(text) => load_str(name_or_path, &text),
        Err(e) => Err(unreadable(name_or_path, &e)),
    }
}

/// Without a file system, a name that is no embedded variant is unknown.
#[cfg(not(feature = "native"))]
fn load_file(name: &str) -> Result<Arc<Rules>, LoadError> {
    Err(unreadable(
        name,
        "not an embedded variant, and this build reads no files",
    ))
}

/// The error of [`load`] for a variant that cannot be read (`why`).
fn unreadable(name_or_path: &str, why: &str) -> LoadError {
    let mut sources = SourceMap::new();
    let id = sources.add(name_or_path, "");
    let names: Vec<&str> = EMBEDDED.iter().map(|(n, _)| *n).collect();
    let mut d = Diagnostic::error(
        crate::diag::Span::new(id, 0, 0),
        format!("cannot read variant `{name_or_path}`: {why}"),
    );
    match nearest_name(name_or_path) {
        Some(near) => d = d.with_help(format!("did you mean `{near}`?")),
        None => d = d.with_note(format!("embedded variants: {}", names.join(", "))),
    }
    LoadError {
        diagnostics: vec![d],
        sources,
    }
}

/// Reads a variant file, bounded ([`crate::files::read_text`]): the
/// system's words when it cannot be opened, else what is wrong with it.
#[cfg(feature = "native")]
fn read_source(path: &str) -> Result<String, String> {
    crate::files::read_text(std::path::Path::new(path), crate::files::MAX_SOURCE_BYTES).map_err(
        |e| match e.failure {
            crate::files::ReadFailure::Io(why) => why,
            _ => e.to_string(),
        },
    )
}

/// Loads a variant named by untrusted data, such as a game record's
/// variant tag: an embedded variant by the name `changeling list` shows
/// (`twelve-mutation`) or the name its file declares (`twelve_mutation`),
/// or the name of a `.variant` file in `dir`, with no directory part,
/// optionally followed by `:NAME` to pick one of its variants.
///
/// Anything else (a path, `..`, an absolute name, another extension, a
/// link leading out of `dir`, any file name when `dir` is `None`) is
/// refused before anything is read, so a record can make the program read
/// only variant files the user keeps beside it, and never show the lines
/// of another file in an error.
///
/// # Errors
///
/// A refused or unknown name, as one diagnostic; a variant file with
/// problems returns them all.
pub fn load_untrusted(name: &str, dir: Option<&Path>) -> Result<Arc<Rules>, LoadError> {
    if embedded(name).is_some() {
        return load(name);
    }
    for &(listed, text) in EMBEDDED {
        let mut loader = loader();
        let id = loader.add_file(&format!("embedded:{listed}"), text);
        if loader.variant_names(id).iter().any(|n| n == name) {
            return load_named(&format!("embedded:{listed}"), text, Some(name));
        }
    }
    let (file, variant) = match name.split_once(':') {
        Some((file, variant)) => (file, Some(variant)),
        None => (name, None),
    };
    let plain = Path::new(file);
    let mut parts = plain.components();
    let single = matches!(
        (parts.next(), parts.next()),
        (Some(std::path::Component::Normal(_)), None)
    );
    let why = if !single || file.contains(['/', '\\']) {
        Some("only a file name without folders is accepted")
    } else if plain.extension().is_none_or(|x| x != "variant") {
        Some("a variant file's name ends in `.variant`")
    } else if dir.is_none() {
        Some("no folder to look for variant files in")
    } else {
        None
    };
    let dir = match (why, dir) {
        (None, Some(dir)) => dir,
        (why, _) => {
            return Err(refused(
                name,
                why.unwrap_or("no folder to look for variant files in"),
            ));
        }
    };
    read_untrusted(name, &dir.join(plain), dir, variant)
}

/// Reads and loads the variant file `path` in `dir` for
/// [`load_untrusted`] (`name` as given; `variant`, the one it names).
#[cfg(feature = "native")]
fn read_untrusted(
    name: &str,
    path: &Path,
    dir: &Path,
    variant: Option<&str>,
) -> Result<Arc<Rules>, LoadError> {
    if crate::files::leads_out(path, dir) {
        return Err(refused(
            name,
            "the file is a link leading out of its folder",
        ));
    }
    let text = match crate::files::read_text(path, crate::files::MAX_SOURCE_BYTES) {
        Ok(text) => text,
        Err(e) => return Err(refused(name, &e.to_string())),
    };
    let source = path.display().to_string();
    match variant {
        None => load_str(&source, &text),
        Some(v) => {
            let mut loader = loader();
            let id = loader.add_file(&source, &text);
            if loader.variant_names(id).iter().any(|n| n == v) {
                load_named(&source, &text, Some(v))
            } else {
                Err(refused(
                    name,
                    &format!("{source} declares no variant `{v}`"),
                ))
            }
        }
    }
}

/// Without a file system no variant file is read.
#[cfg(not(feature = "native"))]
fn read_untrusted(
    name: &str,
    _path: &Path,
    _dir: &Path,
    _variant: Option<&str>,
) -> Result<Arc<Rules>, LoadError> {
    Err(refused(name, "this build reads no files"))
}

/// The error of [`load_untrusted`] for `name`, with the reason. Control
/// characters are shown escaped: the name comes from outside.
fn refused(name: &str, why: &str) -> LoadError {
    let printable = |s: &str| -> String {
        s.chars()
            .map(|c| {
                if c.is_control() {
                    c.escape_unicode().to_string()
                } else {
                    c.to_string()
                }
            })
            .collect()
    };
    let (name, why) = (printable(name), printable(why));
    let mut sources = SourceMap::new();
    let id = sources.add(name.as_str(), "");
    let names: Vec<&str> = EMBEDDED.iter().map(|(n, _)| *n).collect();
    let d = Diagnostic::error(
        crate::diag::Span::new(id, 0, 0),
        format!("cannot load variant `{name}`: {why}"),
    )
    .with_note(format!("embedded variants: {}", names.join(", ")));
    LoadError {
        diagnostics: vec![d],
        sources,
    }
}

/// Loads a variant as [`load`] does, changed by `body`: entries and
/// sections of the variant language applied on top of it, as a child
/// variant would (`drops { first_window = 4 }`). Errors point into `body`.
///
/// # Errors
///
/// The variant cannot be loaded, or `body` has problems.
pub fn load_with(name_or_path: &str, body: &str) -> Result<Arc<Rules>, LoadError> {
    let base = load(name_or_path)?;
    let (source, text) = match embedded(name_or_path) {
        Some(text) => (format!("embedded:{name_or_path}"), text.to_string()),
        None => file_text(name_or_path),
    };
    let child = format!("{}-changed", base.name());
    let text = format!(
        "{text}\n\nvariant {child} : {} {{\n{body}\n}}\n",
        base.name()
    );
    load_named(&source, &text, Some(&child))
}

/// The source name and text of the variant file `name_or_path` names,
/// which [`load`] has just read.
#[cfg(feature = "native")]
fn file_text(name_or_path: &str) -> (String, String) {
    let path = match name_or_path.rsplit_once(':') {
        Some((path, _)) if !std::path::Path::new(name_or_path).exists() => path,
        _ => name_or_path,
    };
    let text = read_source(path).unwrap_or_default();
    (path.to_string(), text)
}

/// Without a file system only embedded variants load, so there is no
/// file to read.
#[cfg(not(feature = "native"))]
fn file_text(name_or_path: &str) -> (String, String) {
    (name_or_path.to_string(), String::new())
}

/// Checks every variant in `text`: all diagnostics, sorted, and the
/// sources to render them. Empty means clean.
pub fn check_str(source: &str, text: &str) -> (Vec<Diagnostic>, SourceMap) {
    check_by(loader(), source, text)
}

/// Checks every variant in `text` as [`check_str`] does, with the
/// scripts it names given as text ([`load_text`]): reads no file.
pub fn check_text(
    source: &str,
    text: &str,
    scripts: &BTreeMap<String, String>,
) -> (Vec<Diagnostic>, SourceMap) {
    let texts = crate::files::ScriptTexts::from(scripts.clone());
    check_by(loader().with_scripts(Arc::new(texts)), source, text)
}

/// [`check_str`] with `loader`.
fn check_by(mut loader: Loader, source: &str, text: &str) -> (Vec<Diagnostic>, SourceMap) {
    let id = loader.add_file(source, text);
    let names = loader.variant_names(id);
    if names.is_empty() {
        // Reports "declares no variant" unless a syntax error came first.
        compile(&mut loader, id, None);
    }
    for name in names {
        compile(&mut loader, id, Some(&name));
    }
    let d = loader.take_diagnostics();
    (d, loader.sources)
}

#[cfg(all(test, feature = "native"))]
mod tests {
    use super::*;

    /// A fresh directory for one test's files.
    fn scratch(name: &str) -> std::path::PathBuf {
        let dir =
            std::env::temp_dir().join(format!("changeling-variants-{}-{name}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        dir
    }

    /// The message of the one diagnostic of a refused load.
    fn refusal(name: &str, dir: Option<&Path>) -> String {
        let e = load_untrusted(name, dir).unwrap_err();
        assert_eq!(e.diagnostics.len(), 1, "{name}: {e}");
        e.diagnostics[0].message.clone()
    }

    #[test]
    fn untrusted_names_reach_embedded_variants_and_files_in_the_folder_only() {
        // Embedded, by the listed name and by the declared one.
        assert_eq!(
            load_untrusted("twelve-mutation", None).unwrap().name(),
            "twelve_mutation"
        );
        assert_eq!(
            load_untrusted("twelve_mutation", None).unwrap().name(),
            "twelve_mutation"
        );
        assert_eq!(load_untrusted("chess", None).unwrap().name(), "chess");

        let root = scratch("untrusted");
        let dir = root.join("games");
        std::fs::create_dir_all(dir.join("sub")).unwrap();
        let mine = "variant mine : chess { }\nvariant other : capablanca { }\n";
        std::fs::write(dir.join("mine.variant"), mine).unwrap();
        std::fs::write(dir.join("sub/deep.variant"), mine).unwrap();
        std::fs::write(root.join("outside.variant"), mine).unwrap();
        std::fs::write(dir.join("notes.txt"), "TOP_SECRET_LINE\n").unwrap();
        std::fs::write(dir.join("bad.variant"), "TOP_SECRET_LINE\n").unwrap();

        // A file in the folder: its last variant, or the one named.
        let d = Some(dir.as_path());
        assert_eq!(load_untrusted("mine.variant", d).unwrap().name(), "other");
        assert_eq!(
            load_untrusted("mine.variant:mine", d).unwrap().name(),
            "mine"
        );

        let no_folders = "only a file name without folders is accepted";
        let absolute = root.join("outside.variant");
        for (name, why) in [
            ("sub/deep.variant", no_folders.to_string()),
            ("../outside.variant", no_folders.to_string()),
            (absolute.to_str().unwrap(), no_folders.to_string()),
            ("..", no_folders.to_string()),
            ("", no_folders.to_string()),
            (
                "notes.txt",
                "a variant file's name ends in `.variant`".to_string(),
            ),
            (
                "missing.variant",
                format!(
                    "cannot read {}: No such file or directory (os error 2)",
                    dir.join("missing.variant").display()
                ),
            ),
            (
                "mine.variant:nothing",
                format!(
                    "{} declares no variant `nothing`",
                    dir.join("mine.variant").display()
                ),
            ),
        ] {
            assert_eq!(
                refusal(name, d),
                format!("cannot load variant `{name}`: {why}"),
                "{name}"
            );
        }
        assert_eq!(
            refusal("x\u{1b}[2J.txt", d),
            "cannot load variant `x\\u{1b}[2J.txt`: a variant file's name ends in `.variant`"
        );
        assert_eq!(
            refusal("mine.variant", None),
            "cannot load variant `mine.variant`: no folder to look for variant files in"
        );
        // A file that is not a variant is never read unless it is named
        // like one; one that is shows its own lines, as variant files do.
        let e = load_untrusted("notes.txt", d).unwrap_err().to_string();
        assert!(!e.contains("TOP_SECRET"), "{e}");
        #[cfg(unix)]
        {
            std::os::unix::fs::symlink(root.join("outside.variant"), dir.join("link.variant"))
                .unwrap();
            assert_eq!(
                refusal("link.variant", d),
                "cannot load variant `link.variant`: the file is a link leading out of its folder"
            );
        }
    }
}
