//! The session's commands: name, usage, help and what each does. `help`
//! and the tests read this table.

use super::{Reply, Session};
use crate::session::{Error, Side};

/// One command.
pub struct Command {
    /// What is typed.
    pub name: &'static str,
    /// Another spelling.
    pub alias: Option<&'static str>,
    /// Its arguments, as shown by `help`.
    pub usage: &'static str,
    /// What it does.
    pub help: &'static str,
    /// Runs it with the rest of the line.
    pub run: fn(&mut Session, &str) -> Reply,
}

impl std::fmt::Debug for Command {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Command")
            .field("name", &self.name)
            .finish_non_exhaustive()
    }
}

/// Every command, in the order `help` lists them.
pub const COMMANDS: &[Command] = &[
    Command {
        name: "help",
        alias: Some("?"),
        usage: "help [COMMAND]",
        help: "lists the commands, or explains one",
        run: help,
    },
    Command {
        name: "move",
        alias: None,
        usage: "move MOVE",
        help: "plays a move in SAN (Nf3, exd5, e8=Q, O-O) or coordinates (g1f3, e7e8q), a drop (Q@e4) or a pocketing (^h1, ^h1=I); a bare move works too",
        run: play_move,
    },
    Command {
        name: "moves",
        alias: None,
        usage: "moves [SQUARE|PIECE]",
        help: "lists the legal moves, grouped by the piece that makes them; only those from SQUARE or of PIECE (a name or letter) when given",
        run: moves,
    },
    Command {
        name: "undo",
        alias: None,
        usage: "undo [N]",
        help: "takes back the last move, or the last N; against the computer, your last turn (or N) with the computer's replies",
        run: undo,
    },
    Command {
        name: "redo",
        alias: None,
        usage: "redo",
        help: "plays again the last move taken back",
        run: redo,
    },
    Command {
        name: "new",
        alias: None,
        usage: "new [--seed N]",
        help: "starts again from the start position; --seed N also reseeds chance events (dice, random choices)",
        run: new,
    },
    Command {
        name: "board",
        alias: None,
        usage: "board",
        help: "shows the board, the side to move and any check or result",
        run: board,
    },
    Command {
        name: "display",
        alias: None,
        usage: "display [ascii|unicode] [colour|plain]",
        help: "sets how the board is drawn: letters or chess glyphs, ANSI colours or plain text (the last move in [brackets]); shows the setting when bare",
        run: display,
    },
    Command {
        name: "flip",
        alias: None,
        usage: "flip",
        help: "turns the board round: Black's side at the bottom, or White's again",
        run: flip,
    },
    Command {
        name: "fen",
        alias: None,
        usage: "fen",
        help: "prints the position as FEN",
        run: fen,
    },
    Command {
        name: "setfen",
        alias: None,
        usage: "setfen FEN",
        help: "starts a game from the position FEN (the game in progress stays if FEN is bad)",
        run: setfen,
    },
    Command {
        name: "history",
        alias: None,
        usage: "history",
        help: "prints the moves played, numbered, in SAN",
        run: history,
    },
    Command {
        name: "attacks",
        alias: None,
        usage: "attacks SQUARE",
        help: "lists the pieces of each side that attack SQUARE",
        run: attacks,
    },
    Command {
        name: "show",
        alias: None,
        usage: "show piece NAME [SQUARE]",
        help: "draws where a piece moves: on an empty board, or from SQUARE in this position (* move or capture, o move only, x capture only)",
        run: show,
    },
    Command {
        name: "perft",
        alias: None,
        usage: "perft N",
        help: "counts the legal move sequences of N plies from here (1 to 8)",
        run: count,
    },
    Command {
        name: "explain",
        alias: None,
        usage: "explain MOVE",
        help: "lists what a legal move does, step by step (moves, captures, removals, swaps, changes of kind or owner), without playing it",
        run: super::explain::explain,
    },
    Command {
        name: "go",
        alias: None,
        usage: "go [depth N] [time S] [nodes N]",
        help: "the computer plays a move for the side to move, thinking within the limits given (default: as set by `computer`, 1 second at first)",
        run: super::computer::go,
    },
    Command {
        name: "hint",
        alias: None,
        usage: "hint [depth N] [time S] [nodes N]",
        help: "the move the computer would play, its score and expected line, without playing it",
        run: super::computer::hint,
    },
    Command {
        name: "analyse",
        alias: Some("analyze"),
        usage: "analyse [depth N] [time S] [nodes N]",
        help: "searches deeper and deeper, printing each depth's score, nodes, speed and line; Ctrl-C stops it",
        run: super::computer::analyse,
    },
    Command {
        name: "computer",
        alias: None,
        usage: "computer [white|black|both|off] [LIMITS]",
        help: "sets the sides the computer plays, moving on its turns, and how long it thinks (depth N, time S, nodes N); bare, says whom it plays",
        run: super::computer::computer,
    },
    Command {
        name: "save",
        alias: None,
        usage: "save FILE",
        help: "writes the game as PGN (the seven usual tags, then the variant, seed and start position) to a temporary file beside FILE, then renames it over FILE",
        run: save,
    },
    Command {
        name: "load",
        alias: None,
        usage: "load FILE",
        help: "reads the first game of a PGN file: its variant (FIDE chess when it names none), start position and moves; the game in progress stays if the file is bad",
        run: load_game,
    },
    Command {
        name: "svg",
        alias: None,
        usage: "svg FILE",
        help: "writes a picture of the position to FILE as SVG: the board as drawn (flipped after `flip`), the last move highlighted, hands, reserves, shared squares and markers",
        run: picture,
    },
    Command {
        name: "variant",
        alias: None,
        usage: "variant",
        help: "the rules in words: each piece's moves, promotion, castling, morphs, mutators, hands and drops, stacking, how the game ends",
        run: variant,
    },
    Command {
        name: "quit",
        alias: Some("exit"),
        usage: "quit",
        help: "ends the session (so does the end of input)",
        run: quit,
    },
];

fn say(text: impl Into<String>) -> Reply {
    Reply::say(text)
}

fn error(text: impl AsRef<str>) -> Reply {
    say(format!("error: {}\n", text.as_ref()))
}

fn help(_: &mut Session, rest: &str) -> Reply {
    if rest.is_empty() {
        let mut s = String::from("Enter a move (e4, Nf3, e7e8q) or a command:\n");
        for c in COMMANDS {
            s.push_str(&format!("  {:<26} {}\n", c.usage, c.help));
        }
        return say(s);
    }
    match COMMANDS
        .iter()
        .find(|c| c.name == rest || c.alias == Some(rest))
    {
        Some(c) => {
            let alias = c.alias.map_or(String::new(), |a| format!(" (also `{a}`)"));
            say(format!("{}{alias}: {}\n", c.usage, c.help))
        }
        None => error(format!("no command `{rest}`; `help` lists them")),
    }
}

fn play_move(s: &mut Session, rest: &str) -> Reply {
    if rest.is_empty() {
        return error("`move` needs a move, like `move e4`");
    }
    s.play(rest)
}

/// A turn as `moves` lists it: the text of its action, and the pushes
/// that may end it (for turns that push an enemy pawn).
type Listed = (String, Option<Vec<String>>);

fn moves(s: &mut Session, rest: &str) -> Reply {
    let filter = (!rest.is_empty()).then_some(rest);
    let legal = match s.session.listed_turns(filter) {
        Ok(l) => l,
        Err(_) => {
            return error(format!(
                "`{rest}` is neither a square nor a piece of {}",
                s.session.variant().name
            ));
        }
    };
    if legal.is_empty() {
        return say(if let Some(o) = s.session.outcome() {
            format!("no legal moves: the game is over, {o}\n")
        } else if !rest.is_empty() {
            format!(
                "{}, to move, has no legal move of `{rest}`\n",
                super::display::title(s.session.side())
            )
        } else {
            "no legal moves\n".to_string()
        });
    }
    // Group by the moving piece's square (drops by kind), in order.
    let mut groups: Vec<(String, Vec<Listed>)> = Vec::new();
    for m in &legal {
        let key = match &m.from {
            None => format!("{}@", m.board_symbol),
            Some(from) if m.placement => format!("@{from}"),
            Some(from) => format!("{}{from}", m.board_symbol),
        };
        let san = m.san.clone();
        // Turns that differ only in the push that ends them are listed
        // once, with their pushes: `Nf3&(d6 e6 f6)`.
        let (action, push) = match san.rsplit_once('&') {
            Some((a, p)) if m.pushes => (a.to_string(), Some(p.to_string())),
            _ => (san, None),
        };
        let at = match groups.iter().position(|(k, _)| *k == key) {
            Some(i) => i,
            None => {
                groups.push((key, Vec::new()));
                groups.len() - 1
            }
        };
        let group = &mut groups[at].1;
        match (
            group.iter_mut().find(|(a, p)| *a == action && p.is_some()),
            push,
        ) {
            (Some((_, Some(pushes))), Some(p)) => pushes.push(p),
            (_, push) => group.push((action, push.map(|p| vec![p]))),
        }
    }
    let mut out = String::new();
    for (k, v) in &groups {
        let list: Vec<String> = v
            .iter()
            .map(|(a, p)| match p {
                Some(p) => format!("{a}&({})", p.join(" ")),
                None => a.clone(),
            })
            .collect();
        out.push_str(&format!("{k}: {}\n", list.join(" ")));
    }
    out.push_str(&format!("{}\n", plural(legal.len(), "legal move")));
    say(out)
}

fn count_arg(rest: &str, default: usize, max: usize) -> Result<usize, String> {
    if rest.is_empty() {
        return Ok(default);
    }
    match rest.parse::<usize>() {
        Ok(n) if (1..=max).contains(&n) => Ok(n),
        _ => Err(format!("expected a number from 1 to {max}, not `{rest}`")),
    }
}

fn undo(s: &mut Session, rest: &str) -> Reply {
    let n = match count_arg(rest, 1, 10_000) {
        Ok(n) => n,
        Err(e) => return error(e),
    };
    // Against the computer, a turn of the person's is taken back with
    // the computer's replies to it, so the person is to move again.
    let person = match (s.computer.white, s.computer.black) {
        (true, false) => Some(Side::Black),
        (false, true) => Some(Side::White),
        _ => None,
    };
    let (mut turns, mut plies) = (0, 0);
    while turns < n {
        match s.session.undo() {
            Ok(()) => {
                plies += 1;
                if person.is_none_or(|p| s.session.side() == p) {
                    turns += 1;
                }
            }
            Err(_) => break,
        }
    }
    if plies == 0 {
        return say("nothing to undo\n");
    }
    let mut text = if plies == turns {
        format!("took back {plies}\n{}", s.status())
    } else {
        format!(
            "took back {plies} (the computer's replies too)\n{}",
            s.status()
        )
    };
    // Undone to where the computer is to move (it had the first move):
    // it moves again.
    text.push_str(&s.computer_turns());
    say(text)
}

fn redo(s: &mut Session, _: &str) -> Reply {
    match s.session.redo() {
        Ok(played) => say(format!(
            "played {}\n{}{}",
            played.san,
            s.aftermath(),
            s.status()
        )),
        Err(_) => say("nothing to redo\n"),
    }
}

fn new(s: &mut Session, rest: &str) -> Reply {
    let old_seed = s.session.seed();
    let mut seed = old_seed;
    let mut words = rest.split_whitespace();
    match (words.next(), words.next(), words.next()) {
        (None, _, _) => {}
        (Some("--seed"), Some(n), None) => match n.parse::<u64>() {
            Ok(n) => seed = n,
            Err(_) => {
                return error(format!(
                    "--seed needs a whole number from 0 to {}, not `{n}`",
                    u64::MAX
                ));
            }
        },
        (Some("--seed"), None, _) => return error("--seed needs a number, like `new --seed 7`"),
        _ => return error(format!("`new` takes only `--seed N`, not `{rest}`")),
    }
    // A game that began from the variant's random setup draws a new one
    // from the new seed; a position set by hand is kept.
    s.session.reseed(seed);
    say(format!("new game (seed {seed})\n{}", s.status()))
}

fn display(s: &mut Session, rest: &str) -> Reply {
    let mut style = s.style;
    for word in rest.split_whitespace() {
        match word {
            "ascii" => style.unicode = false,
            "unicode" => style.unicode = true,
            "colour" | "color" => style.colour = true,
            "plain" => style.colour = false,
            _ => {
                return error(format!(
                    "`display` takes ascii, unicode, colour or plain, not `{word}`"
                ));
            }
        }
    }
    s.style = style;
    let letters = if style.unicode { "unicode" } else { "ascii" };
    let colour = if style.colour { "colour" } else { "plain" };
    if rest.is_empty() {
        return say(format!("display {letters} {colour}\n"));
    }
    say(s.status())
}

fn flip(s: &mut Session, _: &str) -> Reply {
    s.style.flipped = !s.style.flipped;
    say(s.status())
}

fn board(s: &mut Session, _: &str) -> Reply {
    say(s.status())
}

fn fen(s: &mut Session, _: &str) -> Reply {
    say(format!("{}\n", s.session.fen()))
}

fn setfen(s: &mut Session, rest: &str) -> Reply {
    if rest.is_empty() {
        return error("`setfen` needs a FEN");
    }
    match s.session.set_fen(rest) {
        Ok(()) => say(s.status()),
        Err(Error::Fen { message }) => error(format!("{message}; the game is unchanged")),
        Err(e) => error(format!("{e}; the game is unchanged")),
    }
}

fn history(s: &mut Session, _: &str) -> Reply {
    let text = s.session.movetext();
    if text.is_empty() {
        return say("no moves yet\n");
    }
    say(format!("{text}\n"))
}

fn attacks(s: &mut Session, rest: &str) -> Reply {
    let Ok(sides) = s.session.attackers(rest) else {
        return error(format!(
            "`attacks` needs a square of this board, not `{rest}`"
        ));
    };
    let mut out = String::new();
    for (side, attackers) in [Side::White, Side::Black].into_iter().zip(sides) {
        let mut list: Vec<String> = attackers
            .iter()
            .map(|a| format!("{}{}", a.unit.board_symbol, a.square))
            .collect();
        list.sort();
        let name = super::display::title(side);
        if list.is_empty() {
            out.push_str(&format!("{name}: none\n"));
        } else {
            out.push_str(&format!("{name}: {}\n", list.join(" ")));
        }
    }
    say(out)
}

fn show(s: &mut Session, rest: &str) -> Reply {
    let mut words = rest.split_whitespace();
    if words.next() != Some("piece") {
        return error("usage: show piece NAME [SQUARE]");
    }
    let Some(name) = words.next() else {
        return error("usage: show piece NAME [SQUARE]");
    };
    let square = words.next();
    match s.session.piece_diagram(name, square) {
        Ok(Some(diagram)) => say(diagram.text),
        Ok(None) => error(format!("nothing to show on {}", square.unwrap_or_default())),
        Err(Error::NoSuchKind { kinds, .. }) => error(format!(
            "`{name}` is not a piece of {} (pieces: {kinds})",
            s.session.variant().name
        )),
        Err(Error::Move { message, .. }) => error(message),
        Err(e) => error(e.to_string()),
    }
}

fn count(s: &mut Session, rest: &str) -> Reply {
    let n = match count_arg(rest, 0, 8) {
        Ok(0) => return error("`perft` needs a depth from 1 to 8"),
        Ok(n) => n,
        Err(e) => return error(e),
    };
    match s.session.perft(n as u32) {
        Some(nodes) => say(format!("perft {n}: {nodes} nodes\n")),
        None => say("perft interrupted\n"),
    }
}

fn variant(s: &mut Session, _: &str) -> Reply {
    say(s.session.rules_in_words())
}

fn quit(_: &mut Session, _: &str) -> Reply {
    Reply {
        text: String::new(),
        quit: true,
    }
}

fn save(s: &mut Session, rest: &str) -> Reply {
    if rest.is_empty() {
        return error("`save` needs a file name");
    }
    let text = s.session.pgn();
    match crate::files::write_atomically(std::path::Path::new(rest), text.as_bytes()) {
        Ok(()) => say(format!(
            "saved {} to {rest}\n",
            plural(s.session.ply(), "move")
        )),
        Err(e) => error(format!("cannot write {rest}: {e}; nothing was written")),
    }
}

fn picture(s: &mut Session, rest: &str) -> Reply {
    if rest.is_empty() {
        return error("`svg` needs a file name");
    }
    let text = match s.session.svg(s.style.flipped, &[]) {
        Ok(t) => t,
        Err(e) => return error(e.to_string()),
    };
    match crate::files::write_atomically(std::path::Path::new(rest), text.as_bytes()) {
        Ok(()) => say(format!("wrote a picture of the position to {rest}\n")),
        Err(e) => error(format!("cannot write {rest}: {e}; nothing was written")),
    }
}

fn load_game(s: &mut Session, rest: &str) -> Reply {
    if rest.is_empty() {
        return error("`load` needs a file name");
    }
    let path = std::path::Path::new(rest);
    let text = match crate::files::read_record(path) {
        Ok(t) => t,
        Err(e) => return error(format!("{e}; the game in progress is unchanged")),
    };
    let dir = match path.parent() {
        Some(d) if !d.as_os_str().is_empty() => d,
        _ => std::path::Path::new("."),
    };
    match s.session.load_pgn_beside(&text, dir) {
        Ok(()) => say(format!(
            "loaded {} from {rest}\n{}",
            plural(s.session.ply(), "move"),
            s.status()
        )),
        Err(Error::Pgn { message }) => error(format!(
            "{rest}: {message}; the game in progress is unchanged"
        )),
        Err(e) => error(format!("{rest}: {e}; the game in progress is unchanged")),
    }
}

fn plural(n: usize, what: &str) -> String {
    if n == 1 {
        format!("1 {what}")
    } else {
        format!("{n} {what}s")
    }
}
