//! Game records: PGN, written so that PGN readers can read it, and read
//! back into the same game.
//!
//! A record has the Seven Tag Roster (`Event`, `Site`, `Date`, `Round`,
//! `White`, `Black`, `Result`), then, as lichess and pychess write them,
//! `Variant` (left out for FIDE chess), `SetUp "1"` and `FEN` when the
//! game starts elsewhere than the variant's setup; changeling adds
//! `VariantSource` (the variant file, for variants not built in) and
//! `Seed` (which decides random setups and dice). The moves are SAN as
//! [`crate::notation::to_san`] writes it, which uses nothing PGN reserves
//! (`{}`, `;`, `()`, `$`, `<>`): a kind with a longer code is written as
//! the board's abbreviation (`Sid3`). Each die roll is a comment before its turn,
//! `{roll:3}`, which reading checks against the seed.
//!
//! Reading takes any PGN: comments, `;` comments, `%` lines, variations
//! and NAGs are skipped, move numbers may stand alone or before a move,
//! and move text is read as the REPL reads it (`Nbd2`, `Ng1f3`, `e4!?`).

use crate::board::Color;
use crate::game::{Game, Outcome};
use crate::notation::{parse_fen, to_fen};
use crate::rules::Rules;
use std::path::Path;
use std::sync::Arc;

pub use crate::files::MAX_RECORD_BYTES;

/// The PGN result token of `outcome`.
pub fn result_token(outcome: Option<&Outcome>) -> &'static str {
    match outcome {
        Some(Outcome::Decisive {
            winner: Color::White,
            ..
        }) => "1-0",
        Some(Outcome::Decisive { .. }) => "0-1",
        Some(Outcome::Draw { .. }) => "1/2-1/2",
        None => "*",
    }
}

/// The name a record gives `rules`' variant: the name `changeling list`
/// shows for a built-in variant, else the variant's own name.
pub fn variant_name(rules: &Rules) -> String {
    rules
        .source()
        .strip_prefix("embedded:")
        .map_or_else(|| rules.name().clone(), str::to_string)
}

/// Today's date as PGN writes it (`2026.11.25`), from the clock, or
/// from `SOURCE_DATE_EPOCH` when that is set (for reproducible files).
pub fn today() -> String {
    let secs = std::env::var("SOURCE_DATE_EPOCH")
        .ok()
        .and_then(|s| s.trim().parse::<u64>().ok())
        .unwrap_or_else(|| {
            crate::clock::SystemTime::now()
                .duration_since(crate::clock::UNIX_EPOCH)
                .map_or(0, |d| d.as_secs())
        });
    let (y, m, d) = civil_date(secs / 86_400);
    format!("{y:04}.{m:02}.{d:02}")
}

/// The proleptic Gregorian date of day `days` since 1970-01-01.
fn civil_date(days: u64) -> (u64, u64, u64) {
    // Eras of 400 years (146,097 days), counted from 0000-03-01.
    let z = days + 719_468;
    let era = z / 146_097;
    let doe = z % 146_097;
    let yoe = (doe - doe / 1_460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let d = doy - (153 * mp + 2) / 5 + 1;
    let m = if mp < 10 { mp + 3 } else { mp - 9 };
    let y = yoe + era * 400 + u64::from(m <= 2);
    (y, m, d)
}

/// A tag value with `\` and `"` escaped, on one line.
fn escape(value: &str) -> String {
    value
        .replace('\\', "\\\\")
        .replace('"', "\\\"")
        .replace(['\n', '\r'], " ")
}

/// Who played, for the `White` and `Black` tags (`?` when unknown), and
/// what an arbiter decided beyond the rules.
#[derive(Clone, Debug, Default, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct Players {
    /// White's name.
    pub white: Option<String>,
    /// Black's name.
    pub black: Option<String>,
    /// The `Event` tag (default `changeling game`).
    pub event: Option<String>,
    /// The `Round` tag (default `-`).
    pub round: Option<String>,
    /// A result the arbiter gave where the rules gave none (a loss on
    /// time, an illegal move, a long game adjudicated): the result token
    /// and the `Termination` tag.
    pub adjudicated: Option<(String, String)>,
}

/// The game as PGN.
pub fn write_pgn(game: &Game, players: &Players) -> String {
    let rules = game.rules();
    let result = match (&players.adjudicated, game.outcome()) {
        (Some((token, _)), None) => token.as_str(),
        (_, outcome) => result_token(outcome.as_ref()),
    };
    let mut tags: Vec<(&str, String)> = vec![
        (
            "Event",
            players
                .event
                .clone()
                .unwrap_or_else(|| "changeling game".into()),
        ),
        ("Site", "?".to_string()),
        ("Date", today()),
        ("Round", players.round.clone().unwrap_or_else(|| "-".into())),
        ("White", players.white.clone().unwrap_or_else(|| "?".into())),
        ("Black", players.black.clone().unwrap_or_else(|| "?".into())),
        ("Result", result.to_string()),
    ];
    if let (Some((_, why)), None) = (&players.adjudicated, game.outcome()) {
        tags.push(("Termination", why.clone()));
    }
    let name = variant_name(rules);
    if rules.source() != "embedded:chess" {
        tags.push(("Variant", name));
    }
    if !rules.source().starts_with("embedded:") {
        let file = Path::new(rules.source()).file_name().map_or_else(
            || rules.source().clone(),
            |f| f.to_string_lossy().into_owned(),
        );
        tags.push(("VariantSource", file));
    }
    // The seed replays the dice and draws the setup; other games need none.
    if rules.has_chance() || rules.random_setup().is_some() {
        tags.push(("Seed", game.seed.to_string()));
    }
    let start = to_fen(rules, game.start());
    if start != *rules.setup() {
        tags.push(("SetUp", "1".to_string()));
        tags.push(("FEN", start));
    }
    let mut out = String::new();
    for (k, v) in tags {
        out.push_str(&format!("[{k} \"{}\"]\n", escape(&v)));
    }
    out.push('\n');
    let mut tokens = movetext_tokens(game);
    tokens.push(result.to_string());
    // Lines of at most 79 characters.
    let mut line = String::new();
    for t in tokens {
        if !line.is_empty() && line.len() + 1 + t.len() > 79 {
            out.push_str(&line);
            out.push('\n');
            line.clear();
        }
        if !line.is_empty() {
            line.push(' ');
        }
        line.push_str(&t);
    }
    out.push_str(&line);
    out.push('\n');
    out
}

/// The moves of `game` as numbered SAN, one token per move number,
/// comment and move.
pub fn movetext_tokens(game: &Game) -> Vec<String> {
    let rules = game.rules();
    let mut out = Vec::new();
    for (i, (m, before)) in game.history().iter().enumerate() {
        let number = before.fullmove();
        if before.side() == Color::White {
            out.push(format!("{number}."));
        } else if i == 0 {
            out.push(format!("{number}..."));
        }
        // The die rolled for the turn, as a comment before it.
        if let Some(n) = before.roll() {
            out.push(format!("{{roll:{n}}}"));
        }
        out.push(crate::notation::to_san(rules, before, m));
    }
    out
}

#[cfg(feature = "native")]
pub use crate::files::write_atomically;

/// Why a record could not be read; the game in progress is kept.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RecordError(pub String);

impl std::fmt::Display for RecordError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for RecordError {}

fn bad<T>(message: impl Into<String>) -> Result<T, RecordError> {
    Err(RecordError(message.into()))
}

/// Reads the file `path` as text, refusing files larger than
/// [`MAX_RECORD_BYTES`] and files that are not UTF-8 text, without
/// reading more than that.
///
/// # Errors
///
/// The file cannot be read, is too large, or is not text.
#[cfg(feature = "native")]
pub fn read_text_file(path: &Path) -> Result<String, RecordError> {
    crate::files::read_record(path).map_err(RecordError)
}

/// A record split into its tags and movetext tokens (comments kept as
/// `{...}` tokens; variations, NAGs and `;` comments dropped).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Pgn {
    /// The tags, in order.
    pub tags: Vec<(String, String)>,
    /// Moves, move numbers, comments and the result.
    pub tokens: Vec<String>,
}

impl Pgn {
    /// The value of tag `name`.
    pub fn tag(&self, name: &str) -> Option<&str> {
        self.tags
            .iter()
            .find(|(k, _)| k == name)
            .map(|(_, v)| v.as_str())
    }
}

/// Splits the first game of `text` into tags and tokens.
///
/// # Errors
///
/// A malformed tag, an unclosed comment or variation, a stray `)`.
pub fn parse_pgn(text: &str) -> Result<Pgn, RecordError> {
    let mut pgn = Pgn::default();
    let chars: Vec<char> = text.chars().collect();
    let mut i = 0;
    let mut line = 1;
    let mut in_moves = false;
    let mut depth = 0usize;
    let at_line_start = |i: usize| i == 0 || chars[i - 1] == '\n';
    while i < chars.len() {
        let c = chars[i];
        if c == '\n' {
            line += 1;
            i += 1;
            continue;
        }
        if c.is_whitespace() {
            i += 1;
            continue;
        }
        // `%` at the start of a line escapes the whole line.
        if c == '%' && at_line_start(i) {
            while i < chars.len() && chars[i] != '\n' {
                i += 1;
            }
            continue;
        }
        if c == ';' {
            while i < chars.len() && chars[i] != '\n' {
                i += 1;
            }
            continue;
        }
        if c == '{' {
            let start = i;
            let start_line = line;
            while i < chars.len() && chars[i] != '}' {
                if chars[i] == '\n' {
                    line += 1;
                }
                i += 1;
            }
            if i == chars.len() {
                return bad(format!(
                    "line {start_line}: a comment `{{` is not closed with `}}`"
                ));
            }
            if depth == 0 {
                pgn.tokens.push(chars[start..=i].iter().collect());
            }
            i += 1;
            continue;
        }
        if c == '[' && !in_moves {
            let start_line = line;
            let mut j = i + 1;
            let mut tag = String::new();
            while j < chars.len() && !chars[j].is_whitespace() && chars[j] != '"' {
                tag.push(chars[j]);
                j += 1;
            }
            while j < chars.len() && chars[j] != '"' && chars[j] != '\n' {
                j += 1;
            }
            if tag.is_empty()
                || !tag.chars().all(|c| c.is_ascii_alphanumeric() || c == '_')
                || j >= chars.len()
                || chars[j] != '"'
            {
                return bad(format!(
                    "line {start_line}: a tag is written `[Name \"value\"]`"
                ));
            }
            j += 1;
            let mut value = String::new();
            while j < chars.len() && chars[j] != '"' {
                if chars[j] == '\\' && j + 1 < chars.len() {
                    j += 1;
                }
                if chars[j] == '\n' {
                    return bad(format!(
                        "line {start_line}: the value of tag `{tag}` is not closed"
                    ));
                }
                value.push(chars[j]);
                j += 1;
            }
            j += 1;
            while j < chars.len() && chars[j] != ']' && chars[j] != '\n' {
                j += 1;
            }
            if j >= chars.len() || chars[j] != ']' {
                return bad(format!(
                    "line {start_line}: tag `{tag}` is not closed with `]`"
                ));
            }
            pgn.tags.push((tag, value));
            i = j + 1;
            continue;
        }
        if c == '(' {
            depth += 1;
            in_moves = true;
            i += 1;
            continue;
        }
        if c == ')' {
            if depth == 0 {
                return bad(format!("line {line}: `)` closes no variation"));
            }
            depth -= 1;
            i += 1;
            continue;
        }
        // A token: up to whitespace or a delimiter.
        let start = i;
        while i < chars.len()
            && !chars[i].is_whitespace()
            && !matches!(chars[i], '{' | '}' | '(' | ')' | ';' | '[' | ']')
        {
            i += 1;
        }
        if i == start {
            // A lone `]` or `}`.
            return bad(format!("line {line}: unexpected `{c}`"));
        }
        in_moves = true;
        let token: String = chars[start..i].iter().collect();
        if depth > 0 || token.starts_with('$') || token == "e.p." {
            continue;
        }
        let result = ["1-0", "0-1", "1/2-1/2", "*"].contains(&token.as_str());
        pgn.tokens.push(token);
        // The result ends the game; a second game may follow.
        if result {
            break;
        }
    }
    if depth > 0 {
        return bad("a variation `(` is not closed with `)`");
    }
    Ok(pgn)
}

/// Where a record's variant may come from.
#[derive(Clone, Copy, Debug, Default)]
pub struct Sources<'a> {
    /// The directory of the record file: a variant file it names is
    /// looked for there, and nowhere else.
    pub dir: Option<&'a Path>,
    /// The variant being played, used when the record names it.
    pub current: Option<&'a Arc<Rules>>,
}

/// The variant a record names: its `VariantSource` file (a bare file name,
/// found beside the record), the variant being played when the names
/// agree, or a built-in variant; FIDE chess without a `Variant` tag.
fn record_variant(pgn: &Pgn, sources: Sources) -> Result<Arc<Rules>, RecordError> {
    let name = pgn.tag("Variant");
    if let Some(current) = sources.current {
        let same = |n: &str| {
            n.eq_ignore_ascii_case(&variant_name(current)) || n.eq_ignore_ascii_case(current.name())
        };
        if name.is_some_and(same) {
            return Ok(current.clone());
        }
    }
    if let Some(file) = pgn.tag("VariantSource")
        && !file.starts_with("embedded:")
        && crate::variants::embedded(file).is_none()
    {
        return variant_file(file, name, sources.dir);
    }
    let name = match name {
        None => "chess",
        // lichess writes `From Position` for FIDE chess from a FEN.
        Some(n)
            if ["standard", "chess", "fide", "from position"]
                .contains(&n.to_ascii_lowercase().as_str()) =>
        {
            "chess"
        }
        Some(n) => n,
    };
    let listed = |n: &str| {
        crate::variants::EMBEDDED.iter().map(|(e, _)| *e).find(|e| {
            e.replace('_', "-")
                .eq_ignore_ascii_case(&n.replace('_', "-"))
        })
    };
    match listed(name) {
        Some(e) => {
            crate::variants::load(e).map_err(|err| RecordError(format!("variant `{e}`: {err}")))
        }
        None => {
            let names: Vec<&str> = crate::variants::EMBEDDED.iter().map(|(n, _)| *n).collect();
            bad(format!(
                "the record's variant `{name}` is neither built in ({}) nor the one being played; start `changeling play` with its variant file, then load the record",
                names.join(", ")
            ))
        }
    }
}

/// The variant file `file` (`name.variant`, or `name.variant:variant`),
/// looked for in `dir` only ([`crate::variants::load_untrusted`]); the
/// variant `name` of it when the record names one.
fn variant_file(
    file: &str,
    name: Option<&str>,
    dir: Option<&Path>,
) -> Result<Arc<Rules>, RecordError> {
    let load = |spec: &str| crate::variants::load_untrusted(spec, dir);
    let loaded = match name {
        Some(n) if !file.contains(':') => load(&format!("{file}:{n}")).or_else(|_| load(file)),
        _ => load(file),
    };
    loaded.map_err(|e| {
        let first = e.diagnostics.first().map_or("", |d| d.message.as_str());
        if first.starts_with("cannot load variant `") {
            // Refused before anything was read: the reason is safe to show.
            RecordError(format!("the record's variant file: {first}"))
        } else {
            // Never shown: lines of a file the record named.
            RecordError(format!(
                "the record's variant file `{file}` does not load ({} problem{}; `changeling check` on it lists them)",
                e.diagnostics.len(),
                if e.diagnostics.len() == 1 { "" } else { "s" },
            ))
        }
    })
}

/// Reads the first game of a PGN into a game.
///
/// # Errors
///
/// Bad syntax, an unknown variant, a bad FEN tag, a move that is not
/// legal (with its number), or a `{roll:n}` the seed does not roll.
pub fn read_pgn(text: &str, default_seed: u64, sources: Sources) -> Result<Game, RecordError> {
    let pgn = parse_pgn(text)?;
    let rules = record_variant(&pgn, sources)?;
    let seed = match pgn.tag("Seed") {
        None => default_seed,
        Some(s) => s
            .trim()
            .parse()
            .map_err(|_| RecordError(format!("[Seed \"{s}\"]: not a number")))?,
    };
    let fen = pgn.tag("FEN").filter(|_| pgn.tag("SetUp") != Some("0"));
    let mut game = match fen {
        Some(f) => {
            let start = parse_fen(&rules, f).map_err(|e| RecordError(format!("[FEN]: {e}")))?;
            Game::from_position(rules, start, seed)
        }
        None => Game::new(rules, seed).map_err(|e| RecordError(e.to_string()))?,
    };
    for token in &pgn.tokens {
        if let Some(body) = token.strip_prefix('{') {
            let body = body.trim_end_matches('}').trim();
            if let Some(n) = body.strip_prefix("roll:") {
                let want: Option<u8> = n.trim().parse().ok();
                let rolled = game.position().roll();
                if want.is_none() || rolled != want {
                    return bad(format!(
                        "move {}: the record says {{roll:{}}}, but the seed rolls {}",
                        game.history().len() + 1,
                        n.trim(),
                        rolled.map_or("no die".to_string(), |r| r.to_string())
                    ));
                }
            }
            continue;
        }
        if ["1-0", "0-1", "1/2-1/2", "*"].contains(&token.as_str()) {
            break;
        }
        // Move numbers (`12.`, `12...`) stand alone or before the move.
        let mv = token.trim_start_matches(|c: char| c.is_ascii_digit() || c == '.');
        if mv.is_empty() {
            continue;
        }
        game.play_text(mv).map_err(|e| {
            // A file with no tags whose first move does not read is not a
            // record at all: nothing of it is shown.
            if pgn.tags.is_empty() && game.history().is_empty() {
                return RecordError(
                    "not a game record: it has no PGN tags, and its first move does not read"
                        .to_string(),
                );
            }
            RecordError(format!(
                "move {} ({}): {e}",
                game.history().len() + 1,
                number(game.position(), mv)
            ))
        })?;
    }
    Ok(game)
}

/// `12. Nf3` or `12... Nf6`: where `text` stands in the game.
fn number(pos: &crate::Position, text: &str) -> String {
    match pos.side() {
        Color::White => format!("{}. {text}", pos.fullmove()),
        Color::Black => format!("{}... {text}", pos.fullmove()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const DICE: &str = "[Variant \"twelve-mutation\"]\n[Seed \"0\"]\n[FEN \"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[] w KQkq - 0 1 {h3:dice+ a4:swap+} roll:2\"]\n\n";

    /// A record's `{roll:n}` comments are checked against the seed's
    /// rolls; other comments are skipped; the result is not a move.
    #[test]
    fn roll_comments_are_checked() {
        let read = |moves: &str| read_pgn(&format!("{DICE}{moves}"), 0, Sources::default());
        let game = read("1. {roll:2} d4 {a comment} *\n").unwrap();
        assert_eq!(game.history().len(), 1);
        let e = read("1. {roll:5} d4 *\n").unwrap_err();
        assert_eq!(
            e.0,
            "move 1: the record says {roll:5}, but the seed rolls 2"
        );
        let e = read("1. {roll:2 d4\n").unwrap_err();
        assert_eq!(e.0, "line 5: a comment `{` is not closed with `}`");
        let game = read("1. d4 1-0\n").unwrap();
        assert_eq!(game.history().len(), 1);
    }

    /// A file that is no record is refused without quoting it; a record
    /// with tags, or one whose first move read, names the bad move.
    #[test]
    fn a_file_that_is_no_record_is_not_quoted() {
        let read = |text: &str| read_pgn(text, 0, Sources::default()).unwrap_err().0;
        let passwd = "root:x:0:0:root:/root:/bin/bash\nuser:x:1000:1000::/home/user:/bin/sh\n";
        assert_eq!(
            read(passwd),
            "not a game record: it has no PGN tags, and its first move does not read"
        );
        assert!(read("1. e4 e5 2. Kxe8\n").starts_with("move 3 (2. Kxe8): "));
        assert!(read("[Event \"x\"]\n\n1. e9\n").starts_with("move 1 (1. e9): "));
    }

    /// Everything PGN allows around the moves is skipped: `;` comments,
    /// `%` lines, nested variations, NAGs, `e.p.`, move numbers glued to
    /// moves; a second game after the result is not read.
    #[test]
    fn pgn_syntax_around_the_moves() {
        let text = "[Event \"a \\\"quoted\\\" name\"]\n[Result \"*\"]\n% an escaped line\n\n1.e4 $1 e5 ; to the end of the line\n2. Nf3 (2. f4 exf4 (2... d5)) 2... Nc6!? {x} 3. Bb5 a6 *\n\n[Event \"second\"]\n1. d4 *\n";
        let pgn = parse_pgn(text).unwrap();
        assert_eq!(pgn.tag("Event"), Some("a \"quoted\" name"));
        assert_eq!(
            pgn.tokens,
            [
                "1.e4", "e5", "2.", "Nf3", "2...", "Nc6!?", "{x}", "3.", "Bb5", "a6", "*"
            ]
        );
        let game = read_pgn(text, 0, Sources::default()).unwrap();
        assert_eq!(game.history().len(), 6);
        assert_eq!(
            parse_pgn("1. e4 )").unwrap_err().0,
            "line 1: `)` closes no variation"
        );
        assert_eq!(
            parse_pgn("1. e4 (e5").unwrap_err().0,
            "a variation `(` is not closed with `)`"
        );
        assert_eq!(
            parse_pgn("[Event \"x\"\n").unwrap_err().0,
            "line 1: tag `Event` is not closed with `]`"
        );
    }

    /// The calendar from day numbers, leap years and centuries included.
    #[test]
    fn dates() {
        assert_eq!(civil_date(0), (1970, 1, 1));
        assert_eq!(civil_date(11_016), (2000, 2, 29));
        assert_eq!(civil_date(20_782), (2026, 11, 25));
        assert_eq!(civil_date(47_541), (2100, 3, 1));
    }
}
