//! Drawing a position for the session: the board with coordinates, the
//! last move and any checked royal marked, then whatever else the position
//! holds (hands, reserve boards, stacks, markers, mutators, the die).
//!
//! Two choices shape the drawing ([`Style`]): letters or chess glyphs, and
//! ANSI colours or plain text. Plain text marks the last move with
//! brackets, so a transcript still shows it: `[P]`.

use crate::board::{Color, Piece, Square};
use crate::movegen::is_attacked;
use crate::position::{Move, Position};
use crate::rules::{Rules, file_char};

/// How the board is drawn.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Style {
    /// Chess glyphs (♔ ♚ …) for the six FIDE kinds and `·` for an empty
    /// square; letters otherwise.
    pub unicode: bool,
    /// ANSI colours: pieces by side, the last move and a checked royal on
    /// coloured backgrounds.
    pub colour: bool,
}

const RESET: &str = "\x1b[0m";
const DIM: &str = "\x1b[2m";
const WHITE_PIECE: &str = "\x1b[1;97m";
const BLACK_PIECE: &str = "\x1b[1;33m";
const LAST_MOVE: &str = "\x1b[44m";
const CHECKED: &str = "\x1b[41m";

/// The glyph of a FIDE kind, found by the piece's name so that a variant's
/// own `N` (say, a Nightrider) keeps its letter.
fn glyph(name: &str, color: Color) -> Option<char> {
    let i = ["king", "queen", "rook", "bishop", "knight", "pawn"]
        .iter()
        .position(|n| name.eq_ignore_ascii_case(n))?;
    let set = match color {
        Color::White => ['♔', '♕', '♖', '♗', '♘', '♙'],
        Color::Black => ['♚', '♛', '♜', '♝', '♞', '♟'],
    };
    Some(set[i])
}

/// The symbol of a piece in `style`: a glyph, its one-letter code, or a
/// short unique abbreviation of a longer code (the legend spells it out).
/// `short` is [`abbreviations`], worked out once per drawing.
fn symbol(rules: &Rules, short: &[String], piece: Piece, style: Style) -> String {
    let def = rules.piece(piece.kind);
    if style.unicode
        && let Some(g) = glyph(&def.name, piece.color)
    {
        return g.to_string();
    }
    let short = &short[piece.kind.index()];
    match piece.color {
        Color::White => short.clone(),
        Color::Black => short.to_ascii_lowercase(),
    }
}

/// The board, White at the bottom: ranks down the left, files along the
/// bottom, the last move's squares marked.
pub fn board(rules: &Rules, pos: &Position, last: Option<&Move>, style: Style) -> String {
    let g = rules.geometry;
    // Every cell is as wide as the widest symbol, so `Sis` lines up.
    let short = crate::notation::abbreviations(rules);
    let width = short
        .iter()
        .map(|a| a.chars().count())
        .max()
        .unwrap_or(1)
        .max(1)
        + usize::from(rules.capacity > 1);
    let marked = |sq: Square| last.is_some_and(|m| m.to == sq || (!m.is_drop() && m.from == sq));
    let checked = |sq: Square| {
        pos.royals(pos.side()).contains(sq) && is_attacked(rules, pos, sq, !pos.side())
    };
    let mut s = String::new();
    for rank in (0..g.height as i32).rev() {
        let label = format!("{:>2} ", rank + 1);
        if style.colour {
            s.push_str(&format!("{DIM}{label}{RESET}"));
        } else {
            s.push_str(&label);
        }
        let mut before_marked = false;
        for file in 0..g.width as i32 {
            let sq = g.square(file, rank);
            let here = sq.is_some_and(marked);
            let (text, piece) = match sq.map(|sq| pos.units_at(sq)) {
                // A stack: its composite's symbol (a Queen of Bishop and
                // Rook), or the lower unit's marked with `+`.
                Some([Some(p), Some(q)]) => match rules.composite_of(p, q) {
                    Some(k) => (
                        symbol(rules, &short, Piece::new(k, p.color), style),
                        Some(p),
                    ),
                    None => (format!("{}+", symbol(rules, &short, p, style)), Some(p)),
                },
                Some([Some(p), None]) => (symbol(rules, &short, p, style), Some(p)),
                _ if style.unicode => ("·".to_string(), None),
                _ => (".".to_string(), None),
            };
            let pad = width.saturating_sub(text.chars().count());
            let text = format!("{text}{}", " ".repeat(pad));
            if style.colour {
                s.push(' ');
                let background = match sq {
                    Some(sq) if piece.is_some() && checked(sq) => CHECKED,
                    _ if here => LAST_MOVE,
                    _ => "",
                };
                let fore = match piece {
                    Some(p) if p.color == Color::White => WHITE_PIECE,
                    Some(_) => BLACK_PIECE,
                    None => DIM,
                };
                s.push_str(&format!("{background}{fore}{text}{RESET}"));
            } else {
                s.push(match (before_marked, here) {
                    (true, true) => '|',
                    (false, true) => '[',
                    (true, false) => ']',
                    (false, false) => ' ',
                });
                s.push_str(&text);
            }
            before_marked = here;
        }
        if !style.colour && before_marked {
            s.push(']');
        }
        s.push('\n');
    }
    let mut files = String::from("   ");
    for file in 0..g.width as i32 {
        files.push(' ');
        files.push(file_char(file));
        files.push_str(&" ".repeat(width - 1));
    }
    if style.colour {
        s.push_str(&format!("{DIM}{}{RESET}\n", files.trim_end()));
    } else {
        s.push_str(files.trim_end());
        s.push('\n');
    }
    s
}

/// Lines for what the position holds beyond the board, each only when
/// there is something to show.
pub fn extras(rules: &Rules, pos: &Position, style: Style) -> String {
    let g = rules.geometry;
    let short = crate::notation::abbreviations(rules);
    let mut s = String::new();
    let token = |kind, color| symbol(rules, &short, Piece { kind, color }, style);
    if rules.pocket.is_some()
        || pos.active().intersects(rules.masks.drops_from_captures)
        || !pos.pockets().white.is_empty()
        || !pos.pockets().black.is_empty()
    {
        for color in [Color::White, Color::Black] {
            let held: Vec<String> = pos.pockets()[color]
                .iter()
                .map(|(k, _)| token(k, color))
                .collect();
            let held = if held.is_empty() {
                "nothing".to_string()
            } else {
                held.join(" ")
            };
            s.push_str(&format!("{} in hand: {held}\n", color.title()));
        }
    }
    if !pos.reserves().white.is_empty() || !pos.reserves().black.is_empty() {
        for color in [Color::White, Color::Black] {
            let left: Vec<String> = pos.reserves()[color]
                .remaining()
                .map(|p| symbol(rules, &short, p, style))
                .collect();
            let window = rules
                .drops
                .as_ref()
                .filter(|d| d.from_reserve)
                .and_then(|d| d.schedule)
                .map(|s| {
                    let (open, last) = s.window(u32::from(pos.reserves()[color].front) + 1, color);
                    format!(", its window: own turns {open} to {last}")
                })
                .unwrap_or_default();
            let line = match left.first() {
                Some(next) => format!("{} (next to drop: {next}{window})", left.join(" ")),
                None => "empty".to_string(),
            };
            s.push_str(&format!("{} reserve: {line}\n", color.title()));
        }
    }
    if pos.upper().len > 0 {
        let stacks: Vec<String> = pos
            .upper()
            .squares
            .iter()
            .filter_map(|sq| {
                let top = pos.upper_at(sq)?;
                let bottom = pos.piece_at(sq)?;
                let composite = rules
                    .composite_of(bottom, top)
                    .map(|k| format!(" ({})", rules.piece(k).name))
                    .unwrap_or_default();
                Some(format!(
                    "{} {}+{}{composite}",
                    g.name(sq),
                    symbol(rules, &short, bottom, style),
                    symbol(rules, &short, top, style)
                ))
            })
            .collect();
        s.push_str(&format!("shared squares: {}\n", stacks.join(", ")));
    }
    let markers = pos.markers();
    if markers.len > 0 {
        let list: Vec<String> = (0..markers.len as usize)
            .map(|i| {
                let sq = Square(markers.squares[i]);
                let face = if markers.faces & (1 << i) != 0 {
                    "on"
                } else {
                    "off"
                };
                let name = rules
                    .mutators
                    .get(markers.mutators[i] as usize)
                    .map_or("?", |m| m.name.as_str());
                format!("{} {name} ({face})", g.name(sq))
            })
            .collect();
        s.push_str(&format!("markers: {}\n", list.join(", ")));
    }
    if !pos.active().is_empty() {
        let on: Vec<String> = pos
            .active()
            .iter()
            .map(|i| {
                rules
                    .mutators
                    .get(i)
                    .map_or_else(|| i.to_string(), |m| m.name.clone())
            })
            .collect();
        s.push_str(&format!("mutators on: {}\n", on.join(", ")));
    }
    if pos.stage() == crate::position::Stage::Setup
        && let Some(m) = &rules.markers
    {
        let example = crate::movegen::legal_moves(rules, pos)
            .first()
            .map_or_else(String::new, |mv| crate::notation::to_uci(rules, mv));
        s.push_str(&format!(
            "placing markers: {} places one ({} of {} down), like `{example}`\n",
            pos.side().title(),
            markers.len,
            m.count,
        ));
    }
    if let Some(due) = crate::movegen::reserve_drop_due(rules, pos) {
        let side = pos.side().title();
        if due {
            s.push_str(&format!("{side} must drop this turn if any turn can\n"));
        } else {
            s.push_str(&format!("{side} may drop this turn\n"));
        }
    }
    if let Some(roll) = pos.roll() {
        let g = rules.geometry;
        let file = crate::rules::file_char(roll as i32 - 1);
        if (roll as u16) <= g.width.min(g.height) as u16 {
            s.push_str(&format!(
                "die: {roll} (act from file {file} or rank {roll} if able)\n"
            ));
        } else {
            s.push_str(&format!("die: {roll}\n"));
        }
    }
    s
}

/// The royals of `pos.side()` that stand attacked, named for a checkmate:
/// `White's King on e1`.
pub fn attacked_royals(rules: &Rules, pos: &Position) -> Vec<String> {
    let g = rules.geometry;
    pos.royals(pos.side())
        .iter()
        .filter(|&sq| is_attacked(rules, pos, sq, !pos.side()))
        .filter_map(|sq| {
            let p = pos.piece_at(sq)?;
            Some(format!(
                "{}'s {} on {}",
                p.color.title(),
                rules.piece(p.kind).name,
                g.name(sq)
            ))
        })
        .collect()
}

/// For variants beyond the six FIDE kinds, the symbols on the board and
/// what they stand for (White's symbol; Black's is the lower case).
pub fn legend(rules: &Rules, pos: &Position, style: Style) -> Option<String> {
    if rules.pieces.len() <= 6 {
        return None;
    }
    let mut used: Vec<crate::board::PieceKind> = Vec::new();
    for (_, p) in pos.pieces() {
        if !used.contains(&p.kind) {
            used.push(p.kind);
        }
    }
    // Only the six FIDE kinds in play: nothing to explain.
    if used
        .iter()
        .all(|&k| glyph(&rules.piece(k).name, Color::White).is_some())
    {
        return None;
    }
    used.sort_by_key(|k| k.index());
    let short = crate::notation::abbreviations(rules);
    let items: Vec<String> = used
        .iter()
        .map(|&kind| {
            let piece = Piece {
                kind,
                color: Color::White,
            };
            format!(
                "{} {}",
                symbol(rules, &short, piece, style),
                rules.piece(kind).name
            )
        })
        .collect();
    Some(format!("   {}\n", items.join(", ")))
}
