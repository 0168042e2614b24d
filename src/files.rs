//! Reading the files a user or a game record names: variant files,
//! scripts, records and experiment outputs.
//!
//! Every read is bounded: only regular files (a FIFO or a device would
//! block or never end), at most a stated size, UTF-8 text without NUL
//! bytes. Paths taken from a file (a script's `import`, a record's
//! variant) are kept inside the folder they are looked up in, links
//! included. Nothing here quotes a file's content.

use std::fmt;
use std::io::Read;
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

#[cfg(test)]
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
