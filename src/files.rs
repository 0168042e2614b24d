//! Reading the files a user or a game record names: variant files,
//! scripts, records and experiment outputs; and where a variant's scripts
//! come from ([`ScriptSource`]): the file system ([`Disk`], with the
//! `native` feature) or texts given in memory ([`ScriptTexts`], always).
//!
//! Every read is bounded: only regular files (a FIFO or a device would
//! block or never end), at most a stated size, UTF-8 text without NUL
//! bytes. Paths taken from a file (a script's `import`, a record's
//! variant) are kept inside the folder they are looked up in, links
//! included. Nothing here quotes a file's content. Without the `native`
//! feature nothing here touches the file system.

use std::collections::BTreeMap;
use std::fmt;
#[cfg(feature = "native")]
use std::io::Read;
#[cfg(feature = "native")]
use std::path::Path;

/// The size of the largest variant file or script read: far above any
/// real one, far below what would exhaust memory.
pub const MAX_SOURCE_BYTES: u64 = 16 << 20;

/// Why a file could not be read as text.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ReadError {
    /// The path as given.
    pub path: String,
    /// What is wrong.
    pub failure: ReadFailure,
}

/// What is wrong with a file that could not be read as text.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ReadFailure {
    /// Missing, unreadable: the system's words.
    Io(String),
    /// A folder, a FIFO, a device.
    NotRegular,
    /// More bytes than the stated limit.
    TooLarge(u64),
    /// A NUL byte: a binary file.
    NotText,
    /// Not UTF-8.
    NotUtf8,
}

impl fmt::Display for ReadError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let path = &self.path;
        match &self.failure {
            ReadFailure::Io(e) => write!(f, "cannot read {path}: {e}"),
            ReadFailure::NotRegular => write!(f, "{path} is not a regular file"),
            ReadFailure::TooLarge(max) => write!(f, "{path} is larger than {}", size(*max)),
            ReadFailure::NotText => write!(f, "{path} is not a text file"),
            ReadFailure::NotUtf8 => write!(f, "{path} is not UTF-8 text"),
        }
    }
}

impl std::error::Error for ReadError {}

/// Reads the regular file `path` as UTF-8 text of at most `max_bytes`,
/// never reading more than one byte past that.
///
/// # Errors
///
/// The file is missing or unreadable, is not a regular file, is larger
/// than `max_bytes`, holds a NUL byte or is not UTF-8.
#[cfg(feature = "native")]
pub fn read_text(path: &Path, max_bytes: u64) -> Result<String, ReadError> {
    let fail = |failure: ReadFailure| ReadError {
        path: path.display().to_string(),
        failure,
    };
    let io = |e: std::io::Error| fail(ReadFailure::Io(e.to_string()));
    let meta = std::fs::metadata(path).map_err(io)?;
    if !meta.is_file() {
        return Err(fail(ReadFailure::NotRegular));
    }
    let file = std::fs::File::open(path).map_err(io)?;
    let mut bytes = Vec::new();
    file.take(max_bytes + 1)
        .read_to_end(&mut bytes)
        .map_err(io)?;
    if bytes.len() as u64 > max_bytes {
        return Err(fail(ReadFailure::TooLarge(max_bytes)));
    }
    if bytes.contains(&0) {
        return Err(fail(ReadFailure::NotText));
    }
    String::from_utf8(bytes).map_err(|_| fail(ReadFailure::NotUtf8))
}

/// Does `path` lead out of `folder` (through `..` or a link)? Paths that
/// do not exist lead nowhere.
#[cfg(feature = "native")]
pub fn leads_out(path: &Path, folder: &Path) -> bool {
    matches!(
        (path.canonicalize(), folder.canonicalize()),
        (Ok(inside), Ok(folder)) if !inside.starts_with(&folder)
    )
}

/// `bytes` in words: "16 MiB", "1 GiB".
fn size(bytes: u64) -> String {
    if bytes >= 1 << 30 && bytes % (1 << 30) == 0 {
        format!("{} GiB", bytes >> 30)
    } else if bytes >= 1 << 20 {
        format!("{} MiB", bytes >> 20)
    } else {
        format!("{bytes} bytes")
    }
}

/// What looking for a script found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Lookup {
    /// The script: the name shown in messages and its text.
    Found {
        /// The name messages show (`scripts/pieces.rhai`, `pieces.rhai`).
        shown: String,
        /// The script's text.
        text: String,
    },
    /// Not there: in words, where it was looked for (or what was tried).
    Missing(String),
    /// There, but it may not be read: why.
    Refused(String),
}

/// Where a script is, for the scripts it imports: what tells it from
/// other scripts, and the folder its imports are looked up in first.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Place {
    /// Tells two scripts apart (a canonical path, a given name).
    pub key: String,
    /// The folder its own imports are looked in first.
    pub folder: String,
}

/// Where the scripts a variant names come from: its `script` section's
/// `file` and the scripts those import. The names reaching a source are
/// checked first (relative, no `..`, ending in `.rhai`). Whatever a
/// source does not have is looked for in the built-in script library
/// next, by its caller.
pub trait ScriptSource: fmt::Debug + Send + Sync {
    /// The script `name` that the `script` section of a variant read
    /// from `variant` (its source name, `embedded:NAME` for a built-in
    /// one) names. [`Lookup::Missing`] says what was tried.
    fn variant_script(&self, variant: &str, name: &str) -> Lookup;
    /// The script `name` that a script found here, in `folder`
    /// ([`ScriptSource::place`]), imports; `None` for a script of the
    /// built-in library. [`Lookup::Missing`] says where it was looked
    /// for, as in "no `x.rhai` beside it, under scripts/".
    fn imported_script(&self, folder: Option<&str>, name: &str) -> Lookup;
    /// Where the script this source found under the name `shown` is.
    fn place(&self, shown: &str) -> Place;
    /// How to give a variant the script it misses, for a message.
    fn help(&self) -> &'static str;
}

/// Scripts given as text, by the names the variant file and the imports
/// write (`pieces.rhai`; an `import "advancer"` finds `advancer.rhai`),
/// with no file system at all. An import is looked for beside the
/// importing script (`sub/a.rhai` importing `b` finds `sub/b.rhai`),
/// then by its name alone.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct ScriptTexts(BTreeMap<String, String>);

impl ScriptTexts {
    /// No scripts: only the built-in library is there.
    pub fn new() -> ScriptTexts {
        ScriptTexts::default()
    }

    /// Adds the script `name` with its text (replacing one of that name).
    pub fn insert(&mut self, name: impl Into<String>, text: impl Into<String>) {
        self.0.insert(name.into(), text.into());
    }

    fn found(&self, name: &str) -> Option<Lookup> {
        self.0.get(name).map(|text| Lookup::Found {
            shown: name.to_string(),
            text: text.clone(),
        })
    }
}

impl From<BTreeMap<String, String>> for ScriptTexts {
    fn from(scripts: BTreeMap<String, String>) -> ScriptTexts {
        ScriptTexts(scripts)
    }
}

impl ScriptSource for ScriptTexts {
    fn variant_script(&self, _variant: &str, name: &str) -> Lookup {
        self.found(name).unwrap_or_else(|| {
            let given: Vec<&str> = self.0.keys().map(String::as_str).collect();
            Lookup::Missing(if given.is_empty() {
                "not among the scripts given (none were given)".to_string()
            } else {
                format!("not among the scripts given ({})", given.join(", "))
            })
        })
    }

    fn imported_script(&self, folder: Option<&str>, name: &str) -> Lookup {
        let beside = folder
            .filter(|f| !f.is_empty())
            .map(|f| format!("{f}/{name}"));
        beside
            .and_then(|b| self.found(&b))
            .or_else(|| self.found(name))
            .unwrap_or_else(|| Lookup::Missing("among the scripts given".to_string()))
    }

    fn place(&self, shown: &str) -> Place {
        Place {
            key: shown.to_string(),
            folder: shown
                .rsplit_once('/')
                .map_or_else(String::new, |(f, _)| f.to_string()),
        }
    }

    fn help(&self) -> &'static str {
        "give the script's text under the name the variant file writes"
    }
}

/// Scripts read from the file system: a variant's beside the variant
/// file, then under `scripts/`; an import beside the importing script,
/// then under `scripts/`. Bounded reads ([`read_text`]) that stay inside
/// those folders, links included.
#[cfg(feature = "native")]
#[derive(Clone, Copy, Debug, Default)]
pub struct Disk;

#[cfg(feature = "native")]
impl ScriptSource for Disk {
    fn variant_script(&self, variant: &str, name: &str) -> Lookup {
        let name = Path::new(name);
        // An embedded variant has no folder of its own.
        let beside =
            (!variant.starts_with("embedded:")).then(|| match Path::new(variant).parent() {
                Some(d) if !d.as_os_str().is_empty() => d.to_path_buf(),
                _ => Path::new(".").to_path_buf(),
            });
        let mut tried = Vec::new();
        for dir in beside
            .into_iter()
            .chain([Path::new("scripts").to_path_buf()])
        {
            let candidate = dir.join(name);
            if leads_out(&candidate, &dir) {
                return Lookup::Refused(format!(
                    "{} leads out of {}",
                    candidate.display(),
                    dir.display()
                ));
            }
            // A script beside a variant in the working folder is named
            // `piece.rhai`, not `./piece.rhai`.
            let shown = candidate.strip_prefix(".").unwrap_or(&candidate);
            match read_text(&candidate, MAX_SOURCE_BYTES) {
                Ok(text) => {
                    return Lookup::Found {
                        shown: shown.display().to_string(),
                        text,
                    };
                }
                Err(e) => tried.push(match e.failure {
                    ReadFailure::Io(why) => format!("{}: {why}", candidate.display()),
                    _ => e.to_string(),
                }),
            }
        }
        Lookup::Missing(tried.join("; "))
    }

    fn imported_script(&self, folder: Option<&str>, name: &str) -> Lookup {
        let mut candidates = Vec::new();
        if let Some(dir) = folder {
            candidates.push(Path::new(dir).join(name));
        }
        candidates.push(Path::new("scripts").join(name));
        for path in candidates {
            if !path.exists() {
                continue;
            }
            let shown = path.display().to_string();
            let folder = path.parent().unwrap_or(Path::new("."));
            if leads_out(&path, folder) {
                return Lookup::Refused(format!("`{shown}` is a link leading out of its folder"));
            }
            return match read_text(&path, MAX_SOURCE_BYTES) {
                Ok(text) => Lookup::Found { shown, text },
                Err(e) => Lookup::Refused(e.to_string()),
            };
        }
        Lookup::Missing("beside it, under scripts/".to_string())
    }

    fn place(&self, shown: &str) -> Place {
        let path = Path::new(shown);
        Place {
            key: std::fs::canonicalize(path)
                .map_or_else(|_| shown.to_string(), |p| p.display().to_string()),
            folder: path
                .parent()
                .map(|p| p.display().to_string())
                .unwrap_or_default(),
        }
    }

    fn help(&self) -> &'static str {
        "scripts are looked up beside the variant file, then in scripts/"
    }
}

/// The source scripts come from when none is given: the file system
/// with the `native` feature, else none (the built-in library only).
pub fn default_scripts() -> std::sync::Arc<dyn ScriptSource> {
    #[cfg(feature = "native")]
    let source = std::sync::Arc::new(Disk);
    #[cfg(not(feature = "native"))]
    let source = std::sync::Arc::new(ScriptTexts::new());
    source
}

/// The largest game record (PGN) a front end reads: a game of a few
/// thousand moves is well below it.
pub const MAX_RECORD_BYTES: u64 = 16 << 20;

/// Reads the game record (PGN) at `path` as text, refusing files larger
/// than [`MAX_RECORD_BYTES`] and files that are not UTF-8 text, without
/// reading more than that.
///
/// # Errors
///
/// The file cannot be read, is too large, or is not text: the message
/// says which.
#[cfg(feature = "native")]
pub fn read_record(path: &Path) -> Result<String, String> {
    read_text(path, MAX_RECORD_BYTES).map_err(|e| match e.failure {
        ReadFailure::TooLarge(_) => format!("{e}: not a game record"),
        _ => e.to_string(),
    })
}

#[cfg(feature = "native")]
/// Writes `bytes` to `path` so that `path` holds either its old content
/// or all of the new, whatever happens (a crash, a kill, another save at
/// the same time): a fresh temporary file of a unique name in the same
/// folder, flushed and synced, then renamed over `path`.
///
/// A symbolic link is followed: the file it leads to is replaced, and
/// the link stays. Only a regular file is ever replaced: a device, a
/// FIFO, a socket or a folder is refused, and so is a link that leads
/// nowhere. The new file has the old one's permissions, or for a new
/// file the ones the umask leaves of read and write for everyone.
///
/// # Errors
///
/// The folder cannot be written, `path` is not a regular file, or the
/// disk fails; `path` is left as it was and no temporary file remains.
pub fn write_atomically(path: &Path, bytes: &[u8]) -> std::io::Result<()> {
    use std::io::Write;
    let target = save_target(path)?;
    let path = target.as_path();
    let dir = match path.parent() {
        Some(d) if !d.as_os_str().is_empty() => d,
        _ => Path::new("."),
    };
    let old = std::fs::metadata(path).ok();
    let mut builder = tempfile::Builder::new();
    builder.prefix(".changeling-save-").suffix(".tmp");
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        // Created with read and write for everyone less the umask, as
        // any new file; an old file's own permissions are set below.
        builder.permissions(std::fs::Permissions::from_mode(0o666));
    }
    let mut tmp = builder.tempfile_in(dir)?;
    tmp.write_all(bytes)?;
    if let Some(old) = &old {
        tmp.as_file().set_permissions(old.permissions())?;
    }
    tmp.as_file().sync_all()?;
    tmp.persist(path).map_err(|e| e.error)?;
    // The rename itself reaches the disk with the folder.
    if let Ok(d) = std::fs::File::open(dir) {
        let _ = d.sync_all();
    }
    Ok(())
}

#[cfg(feature = "native")]
/// The file a save to `path` replaces: `path` itself, or the file a
/// symbolic link at `path` leads to; an error for anything that is not a
/// regular file or a name not yet taken.
fn save_target(path: &Path) -> std::io::Result<std::path::PathBuf> {
    use std::io::{Error, ErrorKind};
    let meta = match std::fs::symlink_metadata(path) {
        Ok(m) => m,
        Err(e) if e.kind() == ErrorKind::NotFound => return Ok(path.to_path_buf()),
        Err(e) => return Err(e),
    };
    let (target, meta) = if meta.file_type().is_symlink() {
        match std::fs::canonicalize(path) {
            Ok(t) => {
                let m = std::fs::metadata(&t)?;
                (t, m)
            }
            Err(_) => {
                return Err(Error::new(
                    ErrorKind::InvalidInput,
                    "it is a symbolic link that leads nowhere",
                ));
            }
        }
    } else {
        (path.to_path_buf(), meta)
    };
    let kind = meta.file_type();
    if kind.is_file() {
        return Ok(target);
    }
    let what = if kind.is_dir() {
        "a folder"
    } else {
        special_kind(&kind)
    };
    Err(Error::new(
        ErrorKind::InvalidInput,
        format!("it is {what}, not a regular file"),
    ))
}

#[cfg(feature = "native")]
/// What kind of special file `kind` is, in words.
fn special_kind(kind: &std::fs::FileType) -> &'static str {
    #[cfg(unix)]
    {
        use std::os::unix::fs::FileTypeExt;
        if kind.is_char_device() || kind.is_block_device() {
            return "a device";
        }
        if kind.is_fifo() {
            return "a FIFO";
        }
        if kind.is_socket() {
            return "a socket";
        }
    }
    let _ = kind;
    "a special file"
}

#[cfg(all(test, feature = "native"))]
mod tests {
    use super::*;

    fn scratch() -> tempfile::TempDir {
        tempfile::tempdir().expect("a temporary directory")
    }

    #[test]
    fn reads_text_and_refuses_the_rest() {
        let dir = scratch();
        let p = dir.path().join("a.variant");
        std::fs::write(&p, "variant a {}").unwrap();
        assert_eq!(read_text(&p, 100).unwrap(), "variant a {}");
        let e = read_text(&p, 5).unwrap_err();
        assert_eq!(e.failure, ReadFailure::TooLarge(5));
        assert_eq!(
            e.to_string(),
            format!("{} is larger than 5 bytes", p.display())
        );
        std::fs::write(&p, b"a\0b").unwrap();
        assert_eq!(
            read_text(&p, 100).unwrap_err().failure,
            ReadFailure::NotText
        );
        std::fs::write(&p, [0xff, 0xfe]).unwrap();
        assert_eq!(
            read_text(&p, 100).unwrap_err().failure,
            ReadFailure::NotUtf8
        );
        let e = read_text(dir.path(), 100).unwrap_err();
        assert_eq!(e.failure, ReadFailure::NotRegular);
        assert!(read_text(&dir.path().join("none"), 100).is_err());
    }

    #[cfg(unix)]
    #[test]
    fn a_fifo_or_a_device_is_refused_without_blocking() {
        let dir = scratch();
        let fifo = dir.path().join("f.rhai");
        let made = std::process::Command::new("mkfifo")
            .arg(&fifo)
            .status()
            .is_ok_and(|s| s.success());
        if made {
            let e = read_text(&fifo, 100).unwrap_err();
            assert_eq!(e.failure, ReadFailure::NotRegular);
        }
        let e = read_text(Path::new("/dev/zero"), 100).unwrap_err();
        assert_eq!(e.to_string(), "/dev/zero is not a regular file");
    }

    #[cfg(unix)]
    #[test]
    fn links_out_of_the_folder_are_seen() {
        let dir = scratch();
        let inner = dir.path().join("in");
        std::fs::create_dir(&inner).unwrap();
        std::fs::write(dir.path().join("secret.txt"), "x").unwrap();
        std::fs::write(inner.join("ok.rhai"), "x").unwrap();
        std::os::unix::fs::symlink(dir.path().join("secret.txt"), inner.join("leak.rhai")).unwrap();
        assert!(leads_out(&inner.join("leak.rhai"), &inner));
        assert!(!leads_out(&inner.join("ok.rhai"), &inner));
        assert!(leads_out(&inner.join("../secret.txt"), &inner));
        assert!(!leads_out(&inner.join("missing.rhai"), &inner));
    }
}
