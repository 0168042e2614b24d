//! Drawing a position for the session: the board with coordinates, the
//! last move and any checked royal marked, then whatever else the position
//! holds (hands, reserve boards, stacks, markers, mutators, the die).
//!
//! Two choices shape the drawing ([`Style`]): letters or chess glyphs, and
//! ANSI colours or plain text. Plain text marks the last move with
//! brackets, so a transcript still shows it: `[P]`.

use crate::board::{Color, Piece, Square};
use crate::movegen::is_attacked;
use crate::notation::fide_glyph;
use crate::position::{Move, MoveKind, Position};
use crate::rules::{Rules, file_char};

/// How the board is drawn.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Style {
    /// Chess glyphs (♔ ♚ …) for the six FIDE kinds and `·` for an empty
    /// square; letters otherwise.
    pub unicode: bool,
    /// ANSI colours: pieces by side, light and dark squares, the last
    /// move and a checked royal on coloured backgrounds.
    pub colour: bool,
    /// Black's side at the bottom.
    pub flipped: bool,
}

const RESET: &str = "\x1b[0m";
const DIM: &str = "\x1b[2m";
const WHITE_PIECE: &str = "\x1b[1;97m";
const BLACK_PIECE: &str = "\x1b[1;33m";
const DIM_FORE: &str = "\x1b[22;90m";
const LIGHT: &str = "\x1b[48;5;246m";
const DARK: &str = "\x1b[48;5;240m";
const LAST_MOVE: &str = "\x1b[44m";
const CHECKED: &str = "\x1b[41m";

/// The symbol of a piece in `style`: a glyph, its one-letter code, or a
/// short unique abbreviation of a longer code (the legend spells it out).
/// `short` is [`abbreviations`], worked out once per drawing.
fn symbol(rules: &Rules, short: &[String], piece: Piece, style: Style) -> String {
    let def = rules.piece(piece.kind);
    if style.unicode
        && let Some(g) = fide_glyph(&def.name, piece.color)
    {
        return g.to_string();
    }
    crate::notation::board_symbol(short, piece)
}

/// The board, White at the bottom (Black's side with `style.flipped`):
/// ranks down the left, files along the bottom, the last move's squares
/// marked. Every unit of a shared square is drawn (lower first), a
/// marker shows its face after the square's piece (`*` on, `'` off),
/// and with colours the squares are light and dark.
pub fn board(rules: &Rules, pos: &Position, last: Option<&Move>, style: Style) -> String {
    let g = rules.geometry();
    // Every cell is as wide as the widest content, so `Sis` lines up.
    let short = crate::notation::abbreviations(rules);
    let one = short
        .iter()
        .map(|a| a.chars().count())
        .max()
        .unwrap_or(1)
        .max(1);
    let width = one * rules.capacity().max(1) as usize + usize::from(rules.markers().is_some());
    let marked = |sq: Square| last.is_some_and(|m| m.to == sq || (!m.is_drop() && m.from == sq));
    let checked = |sq: Square| {
        pos.royals(pos.side()).contains(sq) && is_attacked(rules, pos, sq, !pos.side())
    };
    let paint = |text: &str, piece: Option<Piece>| -> String {
        if !style.colour {
            return text.to_string();
        }
        let fore = match piece {
            Some(p) if p.color == Color::White => WHITE_PIECE,
            Some(_) => BLACK_PIECE,
            None => DIM_FORE,
        };
        format!("{fore}{text}")
    };
    let ranks: Vec<i32> = if style.flipped {
        (0..g.height as i32).collect()
    } else {
        (0..g.height as i32).rev().collect()
    };
    let files: Vec<i32> = if style.flipped {
        (0..g.width as i32).rev().collect()
    } else {
        (0..g.width as i32).collect()
    };
    let mut s = String::new();
    for &rank in &ranks {
        let label = format!("{:>2} ", rank + 1);
        if style.colour {
            s.push_str(&format!("{DIM}{label}{RESET}"));
        } else {
            s.push_str(&label);
        }
        let mut before_marked = false;
        for &file in &files {
            let sq = g.square(file, rank);
            let here = sq.is_some_and(marked);
            // The cell's units, each drawn in its side's colour; a
            // composite stack (a Queen of Bishop and Rook) as its
            // composite.
            let (mut text, mut shown, first) = match sq.map(|sq| pos.units_at(sq)) {
                Some([Some(p), Some(q)]) => match rules.composite_of(p, q) {
                    Some(k) => {
                        let t = symbol(rules, &short, Piece::new(k, p.color), style);
                        (paint(&t, Some(p)), t.chars().count(), Some(p))
                    }
                    None => {
                        let (a, b) = (
                            symbol(rules, &short, p, style),
                            symbol(rules, &short, q, style),
                        );
                        let n = a.chars().count() + b.chars().count();
                        (
                            format!("{}{}", paint(&a, Some(p)), paint(&b, Some(q))),
                            n,
                            Some(p),
                        )
                    }
                },
                Some([Some(p), None]) => {
                    let t = symbol(rules, &short, p, style);
                    (paint(&t, Some(p)), t.chars().count(), Some(p))
                }
                _ => {
                    let wall = sq.is_some_and(|sq| rules.walls().contains(sq));
                    let t = match (wall, style.unicode) {
                        (true, true) => "▓",
                        (true, false) => "#",
                        (false, true) => "·",
                        (false, false) => ".",
                    };
                    (paint(t, None), 1, None)
                }
            };
            if let Some(face) = sq.and_then(|sq| marker_face(pos, sq)) {
                let t = if face { "*" } else { "'" };
                text.push_str(&paint(t, None));
                shown += 1;
            }
            text.push_str(&" ".repeat(width.saturating_sub(shown)));
            if style.colour {
                let background = match sq {
                    Some(sq) if first.is_some() && checked(sq) => CHECKED,
                    _ if here => LAST_MOVE,
                    _ if (file + rank) % 2 == 0 => DARK,
                    _ => LIGHT,
                };
                s.push_str(&format!("{background} {text}{RESET}"));
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
    let mut labels = String::from("   ");
    for &file in &files {
        labels.push(' ');
        labels.push(file_char(file));
        labels.push_str(&" ".repeat(width - 1));
    }
    if style.colour {
        s.push_str(&format!("{DIM}{}{RESET}\n", labels.trim_end()));
    } else {
        s.push_str(labels.trim_end());
        s.push('\n');
    }
    s
}

/// The face of the marker on `sq`, if one lies there: `true` when on.
fn marker_face(pos: &Position, sq: Square) -> Option<bool> {
    let markers = pos.markers();
    (0..markers.len as usize)
        .find(|&i| markers.squares[i] == sq.0)
        .map(|i| markers.faces & (1 << i) != 0)
}

/// Lines for what the position holds beyond the board, each only when
/// there is something to show.
pub fn extras(rules: &Rules, pos: &Position, style: Style) -> String {
    let g = rules.geometry();
    let short = crate::notation::abbreviations(rules);
    let mut s = String::new();
    let token = |kind, color| symbol(rules, &short, Piece { kind, color }, style);
    if rules.pocket().is_some()
        || pos.active().intersects(rules.masks().drops_from_captures)
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
                .drops()
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
                    .mutators()
                    .get(markers.mutators[i] as usize)
                    .map_or("?", |m| m.name.as_str());
                format!("{} {name} ({face})", g.name(sq))
            })
            .collect();
        s.push_str(&format!("markers: {}\n", list.join(", ")));
    }
    if !pos.active().is_empty() {
        let on = rules.mutator_names(pos.active());
        s.push_str(&format!("mutators on: {}\n", on.join(", ")));
    }
    if pos.stage() == crate::position::Stage::Setup
        && let Some(m) = &rules.markers()
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
        let g = rules.geometry();
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
    let g = rules.geometry();
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

/// For variants beyond the six FIDE kinds, the symbols on the board, in
/// hands and in reserves, and what they stand for (White's symbol;
/// Black's is the lower case); and what a marker's sign means.
pub fn legend(rules: &Rules, pos: &Position, style: Style) -> Option<String> {
    let mut markers = String::new();
    if pos.markers().len > 0 {
        markers.push_str("   after a piece: * a marker face up (its mutator on), ' face down\n");
    }
    if !rules.walls().is_empty() {
        let wall = if style.unicode { "▓" } else { "#" };
        markers.push_str(&format!(
            "   {wall} a wall: no piece stands on it or moves through it\n"
        ));
    }
    if rules.pieces().len() <= 6 {
        return (!markers.is_empty()).then_some(markers);
    }
    let mut used: Vec<crate::board::PieceKind> = Vec::new();
    let held = Color::ALL.into_iter().flat_map(|c| {
        pos.pockets()[c]
            .iter()
            .map(|(k, _)| k)
            .chain(pos.reserves()[c].remaining().map(|p| p.kind))
    });
    for kind in pos.units().map(|(_, p)| p.kind).chain(held) {
        if !used.contains(&kind) {
            used.push(kind);
        }
    }
    // Only the six FIDE kinds in play: nothing to explain.
    if used
        .iter()
        .all(|&k| fide_glyph(&rules.piece(k).name, Color::White).is_some())
    {
        return (!markers.is_empty()).then_some(markers);
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
    Some(format!("   {}\n{markers}", items.join(", ")))
}

/// What a move did beyond moving its piece, in one line (`None` when
/// nothing): kinds that changed (a morph, a promotion, a piece promoted
/// because it was attacked), pieces removed beyond the one captured (a
/// blast, a scripted capture), and the mutators on after a marker flip.
/// `before` is the position the move `mv` was played from.
pub fn aftermath(rules: &Rules, before: &Position, mv: &Move, after: &Position) -> Option<String> {
    let g = rules.geometry();
    let name = |p: Piece| format!("{} {}", p.color.name(), rules.piece(p.kind).name);
    let units = |pos: &Position, sq: Square| -> Vec<Piece> {
        pos.units_at(sq).into_iter().flatten().collect()
    };
    let flipped = before.active() != after.active();
    // A new form of the same declared kind, given by the mutators now on:
    // said by naming them.
    let reformed = |a: Piece, b: Piece| {
        flipped && rules.forms().base_of[a.kind.index()] == rules.forms().base_of[b.kind.index()]
    };
    let mut changed = Vec::new();
    let mut gone: Vec<(Square, Piece)> = Vec::new();
    let mut came: Vec<(Square, Piece)> = Vec::new();
    for sq in g.squares() {
        let (was, now) = (units(before, sq), units(after, sq));
        if was == now {
            continue;
        }
        // One unit of a side becoming another kind of the same side.
        if was.len() == 1
            && now.len() == 1
            && was[0].color == now[0].color
            && was[0].kind != now[0].kind
            && sq != mv.to
            && sq != mv.from
        {
            if reformed(was[0], now[0]) {
                continue;
            }
            changed.push(format!(
                "the {} on {} became {}",
                rules.piece(was[0].kind).name,
                g.name(sq),
                with_article(&rules.piece(now[0].kind).name)
            ));
            continue;
        }
        gone.extend(was.iter().filter(|p| !now.contains(p)).map(|&p| (sq, p)));
        came.extend(now.iter().filter(|p| !was.contains(p)).map(|&p| (sq, p)));
    }
    // The mover leaves and arrives, perhaps as another kind; or is gone
    // with its victim (a blast).
    let arrived = came
        .iter()
        .position(|&(sq, p)| sq == mv.to && p.color == mv.piece.color);
    if arrived.is_none() && mv.captured.is_some() && after.piece_at(mv.to).is_none() {
        gone.push((mv.to, mv.piece));
    }
    if let Some(i) = arrived {
        let (sq, p) = came.remove(i);
        if p.kind != mv.piece.kind && !reformed(p, mv.piece) {
            changed.push(format!(
                "the {} became {} on {}",
                rules.piece(mv.piece.kind).name,
                with_article(&rules.piece(p.kind).name),
                g.name(sq)
            ));
        }
    }
    if let Some(i) = gone
        .iter()
        .position(|&(sq, p)| sq == mv.from && p == mv.piece)
    {
        gone.remove(i);
    }
    // A castling partner that changed kind on its way (a cornering that
    // morphs it): where it went and what it became.
    if let MoveKind::Castle(i) = mv.kind
        && let Some(c) = rules.castling()[mv.piece.color].get(i as usize)
        && let Some(gi) = gone
            .iter()
            .position(|&(sq, p)| sq == c.partner_from && p.color == mv.piece.color)
        && let Some(ci) = came
            .iter()
            .position(|&(sq, p)| sq == c.partner_to && p.color == mv.piece.color)
        && gone[gi].1.kind != came[ci].1.kind
    {
        let ((from, was), (to, now)) = (gone.remove(gi), came.remove(ci));
        if !reformed(was, now) {
            changed.push(format!(
                "the {} went from {} to {} and became a {}",
                rules.piece(was.kind).name,
                g.name(from),
                g.name(to),
                rules.piece(now.kind).name
            ));
        }
    }
    // A piece that moved along (a castling partner, a pushed pawn).
    came.retain(|&(_, p)| match gone.iter().position(|&(_, q)| q == p) {
        Some(i) => {
            gone.remove(i);
            false
        }
        None => true,
    });
    // The piece the move captured.
    if let Some(victim) = mv.captured
        && let Some(i) = gone
            .iter()
            .position(|&(sq, q)| q == victim && sq == mv.to)
            .or_else(|| gone.iter().position(|&(_, q)| q == victim))
    {
        gone.remove(i);
    }
    let mut said = changed;
    if !gone.is_empty() {
        let list: Vec<String> = gone
            .iter()
            .map(|&(sq, p)| format!("{} on {}", name(p), g.name(sq)))
            .collect();
        said.push(format!("removed: {}", list.join(", ")));
    }
    if flipped {
        let on: Vec<&str> = after
            .active()
            .iter()
            .filter_map(|i| rules.mutators().get(i).map(|m| m.name.as_str()))
            .collect();
        said.push(if on.is_empty() {
            "no mutator is on now".to_string()
        } else {
            format!("mutators on now: {}", on.join(", "))
        });
    }
    (!said.is_empty()).then(|| format!("also: {}\n", said.join("; ")))
}

/// `name` after `a` or `an`, as it is said: `an octopus`, `an amazon`,
/// `a unicorn`, `a knight`.
pub(crate) fn with_article(name: &str) -> String {
    let lower = name.to_ascii_lowercase();
    let vowel = lower.starts_with(['a', 'e', 'i', 'o'])
        || (lower.starts_with('u')
            && !["uni", "use", "usu", "uti"]
                .iter()
                .any(|p| lower.starts_with(p)));
    format!("{} {name}", if vowel { "an" } else { "a" })
}
