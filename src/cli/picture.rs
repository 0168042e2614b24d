//! `changeling show position`: a position drawn as SVG, after moves given
//! on the command line, with the engine's line as arrows when asked; and
//! the writing that `show piece --svg` shares.

use crate::session::{Error, Rulebook};
use std::process::ExitCode;

/// What `show position` was asked for.
pub(super) struct PositionArgs<'a> {
    pub variant: &'a str,
    pub fen: Option<&'a str>,
    pub seed: u64,
    pub moves: Option<&'a str>,
    pub best: Option<u32>,
    pub flipped: bool,
    pub svg: &'a str,
}

/// Draws the position `args` names into its file.
pub(super) fn show_position(args: &PositionArgs) -> ExitCode {
    let rules = match Rulebook::open(args.variant) {
        Ok(r) => r,
        Err(e) => {
            eprint!("{e}");
            return ExitCode::from(2);
        }
    };
    let mut session = match super::start(&rules, args.fen, args.seed) {
        Ok(s) => s,
        Err(code) => return code,
    };
    for (i, text) in args.moves.unwrap_or("").split_whitespace().enumerate() {
        if let Err(e) = session.play(text) {
            eprintln!("error: move {} `{text}`: {e}", i + 1);
            return ExitCode::from(2);
        }
    }
    let mut arrows = Vec::new();
    if let Some(depth) = args.best {
        let limits = crate::session::Limits {
            depth: Some(depth),
            ..Default::default()
        };
        match session.search(&limits, &mut |_| {}) {
            Some(found) => arrows = found.arrows,
            None => eprintln!("note: the game is over, so there is no line to draw"),
        }
    }
    let picture = session.svg(args.flipped, &arrows);
    let failed = match session.take_script_error() {
        Some(Error::Script { message }) => Some(message),
        _ => match rules.take_script_error() {
            Some(Error::Script { message }) => Some(message),
            _ => None,
        },
    };
    if let Some(message) = failed {
        eprintln!("script error: {message}");
        return ExitCode::from(2);
    }
    match picture {
        Ok(text) => write(args.svg, &text),
        Err(e) => {
            eprintln!("error: {e}");
            ExitCode::from(2)
        }
    }
}

/// Writes `text` to `path` (standard output for `-`) through a temporary
/// file renamed over it, so a failed write leaves no half picture.
pub(super) fn write(path: &str, text: &str) -> ExitCode {
    if path == "-" {
        use std::io::Write as _;
        return match std::io::stdout().write_all(text.as_bytes()) {
            Ok(()) => ExitCode::SUCCESS,
            Err(e) if e.kind() == std::io::ErrorKind::BrokenPipe => ExitCode::SUCCESS,
            Err(e) => {
                eprintln!("error: cannot write the picture: {e}");
                ExitCode::from(2)
            }
        };
    }
    match crate::files::write_atomically(std::path::Path::new(path), text.as_bytes()) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("error: cannot write {path}: {e}");
            ExitCode::from(2)
        }
    }
}
