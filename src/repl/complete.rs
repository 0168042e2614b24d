//! Tab completion for the terminal: what may come next at the cursor,
//! worked out from the session alone so it is tested without a terminal.
//!
//! The first word completes to a command or a legal move; later words to
//! what that command takes (a command name after `help`, a piece name after
//! `show piece`, a square or piece after `moves`, a move after `move` and
//! `explain`, a file after `save`, `load` and `svg`).

use super::{COMMANDS, Session};

/// The words `display` takes.
pub const DISPLAY_WORDS: &[&str] = &["ascii", "unicode", "colour", "plain"];

impl Session {
    /// Completions of the word that ends at byte `cursor` of `line`: where
    /// that word starts, and the candidates for it, sorted.
    pub fn complete(&self, line: &str, cursor: usize) -> (usize, Vec<String>) {
        let Some(head) = line.get(..cursor) else {
            return (cursor, Vec::new());
        };
        let start = head.rfind(char::is_whitespace).map_or(0, |i| {
            i + head[i..].chars().next().map_or(1, char::len_utf8)
        });
        let word = &head[start..];
        let before: Vec<&str> = head[..start].split_whitespace().collect();
        let mut found: Vec<String> = match before.as_slice() {
            [] => {
                let mut all: Vec<String> = COMMANDS.iter().map(|c| c.name.to_string()).collect();
                all.extend(self.move_texts());
                all
            }
            ["help" | "?"] => COMMANDS.iter().map(|c| c.name.to_string()).collect(),
            ["move" | "explain"] => self.move_texts(),
            ["moves"] => self.move_sources(),
            ["show"] => vec!["piece".to_string()],
            ["show", "piece"] => self.session.kind_names(),
            ["display", ..] => DISPLAY_WORDS.iter().map(|w| w.to_string()).collect(),
            ["save" | "load" | "svg"] => files(word),
            _ => Vec::new(),
        };
        found.retain(|c| c.starts_with(word));
        found.sort();
        found.dedup();
        (start, found)
    }

    /// Every legal move, in SAN and in coordinates.
    fn move_texts(&self) -> Vec<String> {
        if self.session.outcome().is_some() {
            return Vec::new();
        }
        let turns = self.session.listed_turns(None).unwrap_or_default();
        turns
            .into_iter()
            .flat_map(|t| [t.san, t.coordinates])
            .collect()
    }

    /// Squares with a legal move, and the names of the kinds that have one.
    fn move_sources(&self) -> Vec<String> {
        let turns = self.session.listed_turns(None).unwrap_or_default();
        turns
            .into_iter()
            .flat_map(|t| t.from.into_iter().chain([t.kind]))
            .collect()
    }
}

/// Paths that extend `word`: the entries of its directory, folders with a
/// trailing `/`.
fn files(word: &str) -> Vec<String> {
    let (dir, _) = word.rsplit_once('/').unwrap_or(("", word));
    let read = if dir.is_empty() {
        std::fs::read_dir(".")
    } else {
        std::fs::read_dir(format!("{dir}/"))
    };
    let Ok(entries) = read else {
        return Vec::new();
    };
    entries
        .flatten()
        .filter_map(|e| {
            let name = e.file_name().into_string().ok()?;
            let slash = if e.path().is_dir() { "/" } else { "" };
            Some(if dir.is_empty() && !word.starts_with('/') {
                format!("{name}{slash}")
            } else {
                format!("{dir}/{name}{slash}")
            })
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use crate::repl::Session;
    use crate::session::{Start, VariantSource};

    fn session() -> Session {
        let chess = VariantSource::Name("chess".into());
        Session::on(crate::session::Session::load(&chess, &Start::Setup).expect("chess"))
    }

    #[test]
    fn first_word_completes_commands_and_moves() {
        let s = session();
        assert_eq!(s.complete("Nf", 2), (0, vec!["Nf3".to_string()]));
        assert_eq!(
            s.complete("e2e", 3),
            (0, vec!["e2e3".to_string(), "e2e4".to_string()])
        );
        assert_eq!(s.complete("un", 2), (0, vec!["undo".to_string()]));
    }

    #[test]
    fn later_words_complete_what_the_command_takes() {
        let s = session();
        assert_eq!(s.complete("help pe", 7), (5, vec!["perft".to_string()]));
        assert_eq!(
            s.complete("show piece kn", 13),
            (11, vec!["knight".to_string()])
        );
        assert_eq!(s.complete("show pi", 7), (5, vec!["piece".to_string()]));
        assert_eq!(
            s.complete("moves g", 7),
            (6, vec!["g1".to_string(), "g2".to_string()])
        );
        assert_eq!(s.complete("explain Na", 10), (8, vec!["Na3".to_string()]));
        assert_eq!(s.complete("perft 3", 7), (6, Vec::new()));
    }

    #[test]
    fn a_cursor_inside_a_character_completes_nothing() {
        let s = session();
        assert_eq!(s.complete("é", 1), (1, Vec::new()));
        assert_eq!(s.complete("x", 9), (9, Vec::new()));
    }
}
