//! The session's commands: name, usage, help and what each does. `help`
//! and the tests read this table.

use super::{Reply, Session};
use crate::board::{Color, PieceKind};
use crate::game::Game;
use crate::movegen::{attackers_of, perft};
use crate::notation::{parse_fen, to_fen, to_san};
use crate::show::{Diagram, in_position, on_empty_board};

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
        help: "plays a move in SAN (Nf3, exd5, e8=Q, O-O) or coordinates (g1f3, e7e8q); a bare move works too",
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
        help: "takes back the last move, or the last N",
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
        usage: "new",
        help: "starts again from the start position",
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
        name: "variant",
        alias: None,
        usage: "variant",
        help: "summarises the rules: board, pieces and their movement, royals, script",
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

/// The kind named or lettered `text`.
fn kind_of(s: &Session, text: &str) -> Option<PieceKind> {
    let rules = s.game.rules();
    rules.kind(text).or_else(|| {
        rules
            .pieces
            .iter()
            .position(|p| p.letter.eq_ignore_ascii_case(text))
            .map(|i| PieceKind(i as u8))
    })
}

fn moves(s: &mut Session, rest: &str) -> Reply {
    let rules = s.game.rules().clone();
    let pos = s.game.position().clone();
    let g = rules.geometry;
    let mut legal = s.game.legal_moves();
    if !rest.is_empty() {
        if let Some(sq) = g.parse_square(rest) {
            legal.retain(|m| m.from == sq && !m.is_drop());
        } else if let Some(k) = kind_of(s, rest) {
            legal.retain(|m| m.piece.kind == k);
        } else {
            return error(format!(
                "`{rest}` is neither a square nor a piece of {}",
                rules.name
            ));
        }
    }
    if legal.is_empty() {
        return say(if let Some(o) = s.game.outcome() {
            format!("no legal moves: the game is over, {o}\n")
        } else {
            "no legal moves\n".to_string()
        });
    }
    // Group by the moving piece's square (drops by kind), in order.
    let mut groups: Vec<(String, Vec<String>)> = Vec::new();
    for m in &legal {
        let key = if m.is_drop() {
            format!("{}@", rules.piece(m.piece.kind).fen_token(m.piece.color))
        } else {
            format!(
                "{}{}",
                rules.piece(m.piece.kind).fen_token(m.piece.color),
                g.name(m.from)
            )
        };
        let san = to_san(&rules, &pos, m);
        match groups.iter_mut().find(|(k, _)| *k == key) {
            Some((_, v)) => v.push(san),
            None => groups.push((key, vec![san])),
        }
    }
    let mut out = String::new();
    for (k, v) in &groups {
        out.push_str(&format!("{k}: {}\n", v.join(" ")));
    }
    out.push_str(&format!("{} legal moves\n", legal.len()));
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
    let mut done = 0;
    while done < n {
        match s.game.undo() {
            Some(m) => {
                s.redo.push(m);
                done += 1;
            }
            None => break,
        }
    }
    if done == 0 {
        return say("nothing to undo\n");
    }
    say(format!("took back {done}\n{}", s.status()))
}

fn redo(s: &mut Session, _: &str) -> Reply {
    match s.redo.pop() {
        Some(m) => {
            let san = to_san(s.game.rules(), s.game.position(), &m);
            s.game.push(m);
            say(format!("played {san}\n{}", s.status()))
        }
        None => say("nothing to redo\n"),
    }
}

fn new(s: &mut Session, _: &str) -> Reply {
    let start = s.game.start().clone();
    s.game = Game::from_position(s.game.rules().clone(), start, s.seed);
    s.redo.clear();
    say(format!("new game\n{}", s.status()))
}

fn board(s: &mut Session, _: &str) -> Reply {
    say(s.status())
}

fn fen(s: &mut Session, _: &str) -> Reply {
    say(format!("{}\n", to_fen(s.game.rules(), s.game.position())))
}

fn setfen(s: &mut Session, rest: &str) -> Reply {
    if rest.is_empty() {
        return error("`setfen` needs a FEN");
    }
    let rules = s.game.rules().clone();
    match parse_fen(&rules, rest) {
        Ok(pos) => {
            s.game = Game::from_position(rules, pos, s.seed);
            s.redo.clear();
            say(s.status())
        }
        Err(e) => error(format!("{e}; the game is unchanged")),
    }
}

fn history(s: &mut Session, _: &str) -> Reply {
    let rules = s.game.rules();
    let mut out = String::new();
    for (i, (m, before)) in s.game.history().iter().enumerate() {
        let san = to_san(rules, before, m);
        let number = before.fullmove;
        if before.side == Color::White {
            if i > 0 {
                out.push(' ');
            }
            out.push_str(&format!("{number}. {san}"));
        } else if i == 0 {
            out.push_str(&format!("{number}... {san}"));
        } else {
            out.push_str(&format!(" {san}"));
        }
    }
    if out.is_empty() {
        return say("no moves yet\n");
    }
    out.push('\n');
    say(out)
}

fn attacks(s: &mut Session, rest: &str) -> Reply {
    let rules = s.game.rules();
    let g = rules.geometry;
    let Some(sq) = g.parse_square(rest) else {
        return error(format!(
            "`attacks` needs a square of this board, not `{rest}`"
        ));
    };
    let pos = s.game.position();
    let mut out = String::new();
    for color in [Color::White, Color::Black] {
        let mut list: Vec<String> = attackers_of(rules, pos, sq, color)
            .into_iter()
            .filter_map(|a| {
                let p = pos.piece_at(a)?;
                Some(format!(
                    "{}{}",
                    rules.piece(p.kind).fen_token(p.color),
                    g.name(a)
                ))
            })
            .collect();
        list.sort();
        let name = if color == Color::White {
            "White"
        } else {
            "Black"
        };
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
    let rules = s.game.rules().clone();
    let g = rules.geometry;
    let Some(kind) = kind_of(s, name) else {
        let names: Vec<&str> = rules.pieces.iter().map(|p| p.name.as_str()).collect();
        return error(format!(
            "`{name}` is not a piece of {} (pieces: {})",
            rules.name,
            names.join(", ")
        ));
    };
    let diagram: Diagram = match words.next() {
        Some(text) => {
            let Some(sq) = g.parse_square(text) else {
                return error(format!("`{text}` is not a square of this board"));
            };
            match s.game.position().piece_at(sq) {
                Some(p) if p.kind == kind => match in_position(&rules, s.game.position(), sq) {
                    Some(d) => d,
                    None => return error(format!("nothing to show on {text}")),
                },
                _ => on_empty_board(&rules, kind, Color::White, sq),
            }
        }
        None => {
            let centre = g
                .square((g.width as i32 - 1) / 2, (g.height as i32 - 1) / 2)
                .unwrap_or(crate::board::Square(0));
            on_empty_board(&rules, kind, Color::White, centre)
        }
    };
    say(diagram.render(&rules))
}

fn count(s: &mut Session, rest: &str) -> Reply {
    let n = match count_arg(rest, 0, 8) {
        Ok(0) => return error("`perft` needs a depth from 1 to 8"),
        Ok(n) => n,
        Err(e) => return error(e),
    };
    let nodes = perft(s.game.rules(), s.game.position(), n as u32);
    say(format!("perft {n}: {nodes} nodes\n"))
}

fn variant(s: &mut Session, _: &str) -> Reply {
    let rules = s.game.rules();
    let g = rules.geometry;
    let mut out = format!(
        "{} ({}), {}x{} board\n",
        rules.name, rules.source, g.width, g.height
    );
    for p in &rules.pieces {
        let mut notes = Vec::new();
        if p.royal {
            notes.push("royal");
        }
        if p.pawn {
            notes.push("pawn");
        }
        let k = rules.kind(&p.name);
        if k.is_some_and(|k| rules.scripted[k.index()]) {
            notes.push("scripted");
        }
        let notes = if notes.is_empty() {
            String::new()
        } else {
            format!(" ({})", notes.join(", "))
        };
        out.push_str(&format!(
            "  {:<4} {:<14} {}{notes}\n",
            p.fen_token(Color::White),
            p.name,
            p.betza
        ));
    }
    say(out)
}

fn quit(_: &mut Session, _: &str) -> Reply {
    Reply {
        text: String::new(),
        quit: true,
    }
}
