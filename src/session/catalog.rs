//! Variants compiled once ([`Rulebook`]) and the catalogue of built-in
//! ones: their names and texts, the defaults the front ends start
//! from, and the engine's settings as the command line and the match
//! runner spell them.

use super::{Error, Limits, Session, Severity, Start, VariantSource};
use crate::rules::Rules;
use serde::{Deserialize, Serialize};
use std::fmt;
use std::sync::Arc;

/// The variant a front end plays when none is named (FIDE chess).
pub const DEFAULT_VARIANT: &str = crate::variants::DEFAULT_VARIANT;

/// The variant `changeling play` plays when none is named.
pub const DEFAULT_PLAY_VARIANT: &str = crate::variants::DEFAULT_PLAY_VARIANT;

/// The deepest iteration a search makes, in plies.
pub const MAX_DEPTH: u32 = crate::search::MAX_DEPTH;

/// The names of the built-in variants, in the catalogue's order.
///
/// ```
/// use changeling::session::builtin_variants;
/// assert!(builtin_variants().any(|n| n == "chess"));
/// ```
pub fn builtin_variants() -> impl Iterator<Item = &'static str> {
    crate::variants::EMBEDDED.iter().map(|(name, _)| *name)
}

/// The text of the file that declares the built-in variant `name`.
pub fn builtin_text(name: &str) -> Option<&'static str> {
    crate::variants::embedded(name)
}

/// The built-in variant whose name is nearest to `name`, if one is near
/// enough to be what was meant.
pub fn nearest_variant_name(name: &str) -> Option<&'static str> {
    crate::variants::nearest_name(name)
}

/// A variant compiled once, shared by many sessions and threads:
/// cloning it is cheap, and [`Session::new`] begins a game of it.
///
/// ```
/// use changeling::session::{Rulebook, Session, Start, VariantSource};
/// let book = Rulebook::load(&VariantSource::Name("xiangqi".into()))?;
/// let v = book.variant();
/// assert_eq!((v.width, v.height), (9, 10));
/// let a = Session::new(&book, &Start::Setup)?;
/// let b = Session::new(&book, &Start::Seed(3))?;
/// assert!(a.rulebook().same(&b.rulebook()));
/// # Ok::<(), changeling::session::Error>(())
/// ```
#[derive(Clone, Debug)]
pub struct Rulebook(Arc<Rules>);

/// A variant that did not load, with every problem drawn as the command
/// line shows it (the lines of the text around each, marked).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct LoadFailure {
    /// The problems drawn, as text ending with a newline.
    pub report: String,
}

impl fmt::Display for LoadFailure {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.report)
    }
}

impl std::error::Error for LoadFailure {}

impl Rulebook {
    /// The rules of a variant, by name or from text.
    ///
    /// # Errors
    ///
    /// An unknown name (with the nearest built-in one), or every problem
    /// of the text.
    pub fn load(source: &VariantSource) -> Result<Rulebook, Error> {
        super::load_variant(source).map(Rulebook)
    }

    /// The variant `name_or_path` names as the command line takes it: a
    /// built-in name, a variant file (its last variant), or `FILE:NAME`.
    /// The file and the scripts it imports are read from the file
    /// system; a build without one (the browser's) knows the built-in
    /// names alone. Front ends without files use [`Rulebook::load`].
    ///
    /// # Errors
    ///
    /// Every problem of the file (or that it cannot be read), drawn.
    pub fn open(name_or_path: &str) -> Result<Rulebook, LoadFailure> {
        crate::variants::load(name_or_path)
            .map(Rulebook)
            .map_err(|e| LoadFailure {
                report: e.to_string(),
            })
    }

    /// The variant `name_or_path` names, as [`Rulebook::open`] reads
    /// it, changed: a child of it whose body is `changes`
    /// (`ending { fifty_move = 30 }`).
    ///
    /// ```
    /// use changeling::session::Rulebook;
    /// assert!(Rulebook::open_changed("chess", "ending { fifty_move = 30 }").is_ok());
    /// assert!(Rulebook::open_changed("chess", "ending { fifty_moves = 30 }").is_err());
    /// ```
    ///
    /// # Errors
    ///
    /// Every problem of the file or of the changes, drawn.
    pub fn open_changed(name_or_path: &str, changes: &str) -> Result<Rulebook, LoadFailure> {
        crate::variants::load_with(name_or_path, changes)
            .map(Rulebook)
            .map_err(|e| LoadFailure {
                report: e.to_string(),
            })
    }

    /// The rules, for the session and the front ends in this crate.
    pub(crate) fn rules(&self) -> &Arc<Rules> {
        &self.0
    }

    /// The variant's declared name.
    pub fn name(&self) -> String {
        self.0.name().clone()
    }

    /// The built-in name the variant was loaded by, if it was.
    pub fn builtin_name(&self) -> Option<&str> {
        self.0.source().strip_prefix("embedded:")
    }

    /// The name other engines know the variant by: its built-in name,
    /// else its declared one.
    pub fn engine_name(&self) -> String {
        crate::record::variant_name(&self.0)
    }

    /// Both are the same compiled rules (clones of one rulebook).
    pub fn same(&self, other: &Rulebook) -> bool {
        Arc::ptr_eq(&self.0, &other.0)
    }

    /// The setup position as FEN, as the variant declares it (a random
    /// setup's template).
    pub fn setup_fen(&self) -> String {
        self.0.setup().clone()
    }

    /// The setup is drawn at random (from a game's seed).
    pub fn random_setup(&self) -> bool {
        self.0.random_setup().is_some()
    }

    /// The variant: its board, kinds and mutators.
    pub fn variant(&self) -> super::Variant {
        super::variant_of(&self.0)
    }

    /// The rules in words, as `changeling rules` prints them.
    ///
    /// ```
    /// use changeling::session::{Rulebook, VariantSource};
    /// let book = Rulebook::load(&VariantSource::Name("pocket-mutation".into()))?;
    /// assert!(book.rules_in_words().contains("pocket"));
    /// # Ok::<(), changeling::session::Error>(())
    /// ```
    pub fn rules_in_words(&self) -> String {
        let words = crate::describe::rules_in_words(&self.0);
        // A hook failing while the rules are described is the
        // description's, not a game's.
        let _ = self.take_script_error();
        words
    }

    /// Gives the variant's scripts a fresh budget of operations, for a
    /// front end that answers commands one at a time (a protocol).
    pub fn begin_command(&self) {
        if let Some(host) = crate::movegen::hooks(&self.0) {
            host.begin_command();
        }
    }

    /// A failure of the variant's script hooks on this thread since the
    /// last one was taken, outside any session's calls (drawing a
    /// piece's moves, describing the rules).
    pub fn take_script_error(&self) -> Option<Error> {
        crate::movegen::hooks(&self.0)
            .and_then(|h| h.take_error())
            .map(|e| Error::Script {
                message: e.to_string(),
            })
    }
}

impl Session {
    /// A new game of the variant `rulebook`, begun as `start` says.
    ///
    /// # Errors
    ///
    /// The FEN does not read, or the variant's setup does not.
    pub fn new(rulebook: &Rulebook, start: &Start) -> Result<Session, Error> {
        Session::with_rules(rulebook.0.clone(), start)
    }

    /// The variant this session plays, to begin other games of it.
    pub fn rulebook(&self) -> Rulebook {
        Rulebook(self.game.rules().clone())
    }

    /// A copy of the game (its position, the turns played and the
    /// turns taken back) without the engine.
    pub fn replica(&self) -> Session {
        let mut copy = Session::of_game(self.game.clone(), self.seed);
        copy.redo = self.redo.clone();
        copy.xboard = self.xboard;
        copy
    }

    /// Makes the engine search with `features` (from
    /// [`parse_engine_settings`]); it starts afresh.
    pub fn set_engine_features(&mut self, features: EngineFeatures) {
        self.set_engine_options(features.0);
    }
}

/// The engine's search features (null move, reductions, ...), for
/// comparing engines that differ in one.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct EngineFeatures(crate::search::Options);

/// Limits and search features as the command line writes them after an
/// engine's name: `depth=6`, `nodes=N`, `time=S`, `null_move=on`, ...
/// joined by commas.
///
/// # Errors
///
/// A part that is not `KEY=VALUE`, an unknown key, or a value out of
/// range.
/// ```
/// use changeling::session::{parse_engine_settings, Limits};
/// let (limits, _) = parse_engine_settings("depth=6,null_move=on")?;
/// assert_eq!(limits, Some(Limits::depth(6)));
/// # Ok::<(), String>(())
/// ```
pub fn parse_engine_settings(spec: &str) -> Result<(Option<Limits>, EngineFeatures), String> {
    let (limits, options) = crate::search::parse_settings(spec)?;
    Ok((
        limits.as_ref().map(super::limits_of),
        EngineFeatures(options),
    ))
}

impl Limits {
    /// Iterations to `depth` plies.
    pub fn depth(depth: u32) -> Limits {
        Limits {
            depth: Some(depth),
            ..Limits::default()
        }
    }

    /// At most `nodes` nodes.
    pub fn nodes(nodes: u64) -> Limits {
        Limits {
            nodes: Some(nodes),
            ..Limits::default()
        }
    }

    /// At most `millis` milliseconds.
    pub fn millis(millis: u64) -> Limits {
        Limits {
            millis: Some(millis),
            ..Limits::default()
        }
    }
}

/// One problem of a variant's text, drawn as `changeling check` shows
/// it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Drawn {
    /// An error or a warning.
    pub severity: Severity,
    /// The problem with the lines around it, marked, ending with a
    /// newline.
    pub text: String,
}

/// Every error and warning of the variant file `text` (named `file`),
/// drawn; empty when it is clean. The scripts it imports are read from
/// the file system, next to `file` ([`super::check`] takes them as
/// text instead).
pub fn check_drawn(file: &str, text: &str) -> Vec<Drawn> {
    let (found, sources) = crate::variants::check_str(file, text);
    found
        .iter()
        .map(|d| Drawn {
            severity: if d.is_error() {
                Severity::Error
            } else {
                Severity::Warning
            },
            text: crate::diag::render(d, &sources),
        })
        .collect()
}
