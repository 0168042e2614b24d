//! The game loop of `changeling play`. On a terminal it is a line editor
//! (rustyline) with a prompt, tab completion, a history kept between
//! sessions, Ctrl-C to drop the line or stop a long command and Ctrl-D to
//! leave. On a pipe it reads one line at a time and answers each with no
//! prompt and no colour, so it can be scripted. Either way every line goes
//! to [`crate::repl::Session`].

use crate::repl::{Computer, Session, Shown, Style};
use crate::session::Limits;
use crate::session::{Error, Rulebook, Session as GameSession, Start};
use rustyline::completion::Completer;
use rustyline::error::ReadlineError;
use rustyline::highlight::Highlighter;
use rustyline::hint::Hinter;
use rustyline::history::DefaultHistory;
use rustyline::validate::Validator;
use rustyline::{Context, Editor, Helper};
use std::io::{BufRead, IsTerminal, Write};
use std::path::PathBuf;
use std::process::ExitCode;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};

/// When to colour the board.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum When {
    /// On a terminal, unless `NO_COLOR` is set.
    Auto,
    /// Always.
    Always,
    /// Never.
    Never,
}

/// Letters or glyphs.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum Pieces {
    /// Chess glyphs on a terminal, letters on a pipe.
    Auto,
    /// Letters, as in FEN.
    Ascii,
    /// Chess glyphs for the FIDE kinds.
    Unicode,
}

/// The sides the computer plays.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum Sides {
    /// White.
    White,
    /// Black.
    Black,
    /// Both: it plays the game out against itself.
    Both,
}

/// The computer's limits from `--time`, `--depth` and `--nodes`: one
/// second a move when none is given.
///
/// # Errors
///
/// A time that is not a number of seconds above 0.
pub fn limits(time: Option<f64>, depth: Option<u32>, nodes: Option<u64>) -> Result<Limits, String> {
    if let Some(t) = time
        && !(t.is_finite() && t > 0.0 && t <= 86_400.0)
    {
        return Err(format!(
            "--time is a number of seconds above 0 and at most 86400, not {t}"
        ));
    }
    Ok(match (time, depth, nodes) {
        (None, None, None) => Limits::millis(1000),
        _ => Limits {
            millis: time.map(|t| (std::time::Duration::from_secs_f64(t).as_millis() as u64).max(1)),
            depth,
            nodes,
            ..Limits::default()
        },
    })
}

/// How the session looks.
#[derive(Clone, Copy, Debug)]
pub struct Looks {
    /// Letters or glyphs.
    pub pieces: Pieces,
    /// Colours.
    pub colour: When,
}

/// The seed of a game started without `--seed`: drawn by `clock` (and
/// printed, so the game can be played again) when something in it is left
/// to chance, a random setup (unless `--fen` gives the start) or dice;
/// 0 when nothing is, so such games never print a seed.
pub fn drawn_seed(rules: &Rulebook, fen_given: bool, clock: impl FnOnce() -> u64) -> u64 {
    let setup = !fen_given && rules.random_setup();
    let chance = rules.variant().dice;
    let what = match (setup, chance) {
        (false, false) => return 0,
        (true, false) => "random setup",
        (false, true) => "dice",
        (true, true) => "random setup and dice",
    };
    let seed = clock();
    println!("{what} from seed {seed} (`--seed {seed}` plays it again)");
    seed
}

/// Runs the session until `quit`, end of input or Ctrl-D.
pub fn run(
    rules: &Rulebook,
    fen: Option<&str>,
    seed: u64,
    looks: Looks,
    computer: Computer,
) -> ExitCode {
    let start = match fen {
        Some(fen) => Start::Fen {
            fen: fen.to_string(),
            seed,
        },
        None => Start::Seed(seed),
    };
    let game = match GameSession::new(rules, &start) {
        Ok(g) => g,
        Err(e) => {
            match e {
                Error::Fen { message } => eprintln!("error: {message}"),
                other => eprintln!("error: {other}"),
            }
            return ExitCode::from(2);
        }
    };
    let terminal = std::io::stdin().is_terminal() && std::io::stdout().is_terminal();
    let mut session = Session::on(game);
    // A human playing Black against the computer sees the board from
    // Black's side.
    let flipped = computer.white && !computer.black;
    session.set_computer(computer);
    session.style = Style {
        flipped,
        unicode: match looks.pieces {
            Pieces::Auto => terminal,
            Pieces::Ascii => false,
            Pieces::Unicode => true,
        },
        colour: match looks.colour {
            When::Auto => terminal && std::env::var_os("NO_COLOR").is_none(),
            When::Always => true,
            When::Never => false,
        },
    };
    if terminal {
        match interactive(session) {
            Ok(()) => ExitCode::SUCCESS,
            Err(e) => {
                eprintln!("error: the terminal failed: {e}");
                ExitCode::FAILURE
            }
        }
    } else {
        piped(session);
        ExitCode::SUCCESS
    }
}

/// One response per line of standard input.
fn piped(mut session: Session) {
    let stdin = std::io::stdin();
    let mut out = std::io::stdout();
    session.show_progress(Box::new(|shown| {
        if let Shown::Said(text) = shown {
            let mut out = std::io::stdout();
            let _ = write!(out, "{text}");
            let _ = out.flush();
        }
    }));
    let _ = write!(out, "{}", session.status());
    let _ = write!(out, "{}", session.computer_turns());
    for line in stdin.lock().lines() {
        // A line that is not UTF-8 is refused like any bad input.
        let Ok(line) = line else {
            let _ = writeln!(out, "error: the line is not UTF-8 text");
            continue;
        };
        let reply = session.execute(&line);
        let _ = write!(out, "{}", reply.text);
        let _ = out.flush();
        if reply.quit {
            break;
        }
    }
}

/// The line editor's view of the session: it completes from it.
struct Lines {
    session: Session,
}

impl Completer for Lines {
    type Candidate = String;

    fn complete(
        &self,
        line: &str,
        pos: usize,
        _: &Context<'_>,
    ) -> rustyline::Result<(usize, Vec<String>)> {
        Ok(self.session.complete(line, pos))
    }
}

impl Hinter for Lines {
    type Hint = String;
}
impl Highlighter for Lines {}
impl Validator for Lines {}
impl Helper for Lines {}

/// Where the line history is kept: `$CHANGELING_HISTORY`, else
/// `$XDG_STATE_HOME/changeling/history`, else
/// `~/.local/state/changeling/history`.
fn history_file() -> Option<PathBuf> {
    if let Some(p) = std::env::var_os("CHANGELING_HISTORY") {
        return (!p.is_empty()).then(|| PathBuf::from(p));
    }
    let state = std::env::var_os("XDG_STATE_HOME")
        .filter(|p| !p.is_empty())
        .map(PathBuf::from)
        .or_else(|| {
            std::env::var_os("HOME")
                .filter(|p| !p.is_empty())
                .map(|h| PathBuf::from(h).join(".local/state"))
        })?;
    Some(state.join("changeling").join("history"))
}

/// The terminal loop.
fn interactive(mut session: Session) -> rustyline::Result<()> {
    // Ctrl-C while a command runs raises the flag the session watches;
    // while a line is being edited the editor takes it as a key instead.
    let stop = Arc::new(AtomicBool::new(false));
    let raised = stop.clone();
    if ctrlc::set_handler(move || raised.store(true, Ordering::Relaxed)).is_ok() {
        session.stop_on(stop);
    }
    // The engine's line as it thinks, on one line rewritten in place.
    session.show_progress(Box::new(|shown| {
        let mut out = std::io::stdout();
        match shown {
            Shown::Thinking(line) => {
                let width = 100;
                let cut: String = line.chars().take(width).collect();
                let _ = write!(out, "\r\x1b[K{cut}");
            }
            Shown::Done => {
                let _ = write!(out, "\r\x1b[K");
            }
            Shown::Said(text) => {
                let _ = write!(out, "\r\x1b[K{text}");
            }
        }
        let _ = out.flush();
    }));
    let mut out = std::io::stdout();
    let _ = write!(out, "{}", session.status());
    let _ = writeln!(
        out,
        "`help` lists the commands; Tab completes; Ctrl-D leaves."
    );
    let _ = write!(out, "{}", session.computer_turns());
    let mut editor: Editor<Lines, DefaultHistory> = Editor::new()?;
    editor.set_helper(Some(Lines { session }));
    let history = history_file();
    if let Some(path) = &history {
        // No history yet is the normal first run.
        let _ = editor.load_history(path);
    }
    loop {
        let prompt = match editor.helper() {
            Some(lines) => lines.session.prompt(),
            None => "> ".to_string(),
        };
        match editor.readline(&prompt) {
            Ok(line) => {
                if !line.trim().is_empty() {
                    let _ = editor.add_history_entry(line.as_str());
                    save_history(&mut editor, history.as_ref());
                }
                let Some(lines) = editor.helper_mut() else {
                    break;
                };
                let reply = lines.session.execute(&line);
                let _ = write!(out, "{}", reply.text);
                let _ = out.flush();
                if reply.quit {
                    break;
                }
            }
            // Ctrl-C drops the line being typed.
            Err(ReadlineError::Interrupted) => continue,
            Err(ReadlineError::Eof) => break,
            Err(e) => return Err(e),
        }
    }
    Ok(())
}

fn save_history(editor: &mut Editor<Lines, DefaultHistory>, path: Option<&PathBuf>) {
    let Some(path) = path else { return };
    if let Some(dir) = path.parent() {
        let _ = std::fs::create_dir_all(dir);
    }
    // A history that cannot be written must not end the game.
    let _ = editor.save_history(path);
}
