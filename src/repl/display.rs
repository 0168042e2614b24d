//! Drawing a position for the session: the board with coordinates, the
//! last move and any checked royal marked, then whatever else the position
//! holds (hands, reserve boards, stacks, markers, mutators, the die).
//!
//! Two choices shape the drawing ([`Style`]): letters or chess glyphs, and
//! ANSI colours or plain text. Plain text marks the last move with
//! brackets, so a transcript still shows it: `[P]`.

use crate::session::{
    Aftermath, Board, ReserveDrop, Side, SquareData, Variant, fide_glyph, file_letter,
};

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

/// The symbol of a unit of `kind` (its name) and `side` in `style`: a
/// glyph for a FIDE kind, else `board_symbol`, its one-letter code or
/// the short abbreviation of a longer code (the legend spells it out).
fn symbol(kind: &str, side: Side, board_symbol: &str, style: Style) -> String {
    if style.unicode
        && let Some(g) = fide_glyph(kind, side)
    {
        return g.to_string();
    }
    board_symbol.to_string()
}

/// The symbol of `unit` in `style` (see [`symbol`]).
fn unit_symbol(unit: &crate::session::Unit, style: Style) -> String {
    symbol(&unit.kind, unit.side, &unit.board_symbol, style)
}

/// The square of `b` on `file` and `rank`, if on the board.
fn square_at(b: &Board, file: i32, rank: i32) -> Option<&SquareData> {
    if file < 0 || rank < 0 || file >= i32::from(b.width) || rank >= i32::from(b.height) {
        return None;
    }
    b.squares
        .get((rank * i32::from(b.width) + file) as usize)
        .filter(|q| i32::from(q.file) == file && i32::from(q.rank) == rank)
        .or_else(|| {
            b.squares
                .iter()
                .find(|q| i32::from(q.file) == file && i32::from(q.rank) == rank)
        })
}

/// The board, White at the bottom (Black's side with `style.flipped`):
/// ranks down the left, files along the bottom, the last move's squares
/// marked. Every unit of a shared square is drawn (lower first), a
/// marker shows its face after the square's piece (`*` on, `'` off),
/// and with colours the squares are light and dark.
pub fn board(b: &Board, variant: &Variant, style: Style) -> String {
    // Every cell is as wide as the widest content, so `Sis` lines up.
    let one = variant
        .kinds
        .iter()
        .map(|k| k.symbol.chars().count())
        .max()
        .unwrap_or(1)
        .max(1);
    let width = one * usize::from(variant.capacity.max(1)) + usize::from(variant.markers);
    let marked = |q: &SquareData| {
        b.last_move
            .as_ref()
            .is_some_and(|(from, to)| *to == q.name || *from == q.name)
    };
    let checked = |q: &SquareData| b.checked.contains(&q.name);
    let paint = |text: &str, side: Option<Side>| -> String {
        if !style.colour {
            return text.to_string();
        }
        let fore = match side {
            Some(Side::White) => WHITE_PIECE,
            Some(Side::Black) => BLACK_PIECE,
            None => DIM_FORE,
        };
        format!("{fore}{text}")
    };
    let ranks: Vec<i32> = if style.flipped {
        (0..i32::from(b.height)).collect()
    } else {
        (0..i32::from(b.height)).rev().collect()
    };
    let files: Vec<i32> = if style.flipped {
        (0..i32::from(b.width)).rev().collect()
    } else {
        (0..i32::from(b.width)).collect()
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
            let sq = square_at(b, file, rank);
            let here = sq.is_some_and(marked);
            // The cell's units, each drawn in its side's colour; a
            // composite stack (a Queen of Bishop and Rook) as its
            // composite.
            let units = sq.map_or(&[][..], |q| &q.units[..]);
            let (mut text, mut shown) = match (units, sq.and_then(|q| q.composite.as_ref())) {
                ([p, _], Some(c)) => {
                    let t = unit_symbol(c, style);
                    (paint(&t, Some(p.side)), t.chars().count())
                }
                ([p, q], None) => {
                    let (a, z) = (unit_symbol(p, style), unit_symbol(q, style));
                    let n = a.chars().count() + z.chars().count();
                    (
                        format!("{}{}", paint(&a, Some(p.side)), paint(&z, Some(q.side))),
                        n,
                    )
                }
                ([p], _) => {
                    let t = unit_symbol(p, style);
                    (paint(&t, Some(p.side)), t.chars().count())
                }
                _ => {
                    let wall = sq.is_some_and(|q| q.wall);
                    let t = match (wall, style.unicode) {
                        (true, true) => "▓",
                        (true, false) => "#",
                        (false, true) => "·",
                        (false, false) => ".",
                    };
                    (paint(t, None), 1)
                }
            };
            let occupied = matches!(units.len(), 1 | 2);
            if let Some(marker) = sq.and_then(|q| q.marker.as_ref()) {
                let t = if marker.on { "*" } else { "'" };
                text.push_str(&paint(t, None));
                shown += 1;
            }
            text.push_str(&" ".repeat(width.saturating_sub(shown)));
            if style.colour {
                let background = match sq {
                    Some(q) if occupied && checked(q) => CHECKED,
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
        labels.push(file_letter(file as u8));
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

/// `White` or `Black`.
pub(super) fn title(side: Side) -> &'static str {
    side.title()
}

/// Lines for what the position holds beyond the board, each only when
/// there is something to show.
pub fn extras(b: &Board, style: Style) -> String {
    let mut s = String::new();
    let sides = [Side::White, Side::Black];
    if b.has_hands {
        for (side, hand) in sides.into_iter().zip(&b.hands) {
            let held: Vec<String> = hand
                .iter()
                .flat_map(|h| {
                    let t = symbol(&h.kind, side, &h.board_symbol, style);
                    std::iter::repeat_n(t, h.count)
                })
                .collect();
            let held = if held.is_empty() {
                "nothing".to_string()
            } else {
                held.join(" ")
            };
            s.push_str(&format!("{} in hand: {held}\n", title(side)));
        }
    }
    if b.reserves.iter().flatten().any(|r| !r.pieces.is_empty()) {
        for (side, reserve) in sides.into_iter().zip(&b.reserves) {
            let (left, window): (Vec<String>, String) = match reserve {
                Some(r) => (
                    r.pieces.iter().map(|p| unit_symbol(p, style)).collect(),
                    r.window
                        .map(|(open, last)| format!(", its window: own turns {open} to {last}"))
                        .unwrap_or_default(),
                ),
                None => (Vec::new(), String::new()),
            };
            let line = match left.first() {
                Some(next) => format!("{} (next to drop: {next}{window})", left.join(" ")),
                None => "empty".to_string(),
            };
            s.push_str(&format!("{} reserve: {line}\n", title(side)));
        }
    }
    let stacks: Vec<String> = b
        .squares
        .iter()
        .filter_map(|q| {
            let [bottom, top] = &q.units[..] else {
                return None;
            };
            let composite = q
                .composite
                .as_ref()
                .map(|c| format!(" ({})", c.kind))
                .unwrap_or_default();
            Some(format!(
                "{} {}+{}{composite}",
                q.name,
                unit_symbol(bottom, style),
                unit_symbol(top, style)
            ))
        })
        .collect();
    if !stacks.is_empty() {
        s.push_str(&format!("shared squares: {}\n", stacks.join(", ")));
    }
    if !b.markers.is_empty() {
        let list: Vec<String> = b
            .markers
            .iter()
            .map(|m| {
                let face = if m.on { "on" } else { "off" };
                let name = if m.mutator.is_empty() {
                    "?"
                } else {
                    &m.mutator
                };
                format!("{} {name} ({face})", m.square)
            })
            .collect();
        s.push_str(&format!("markers: {}\n", list.join(", ")));
    }
    if !b.mutators.is_empty() {
        s.push_str(&format!("mutators on: {}\n", b.mutators.join(", ")));
    }
    if let Some(p) = &b.placement {
        s.push_str(&format!(
            "placing markers: {} places one ({} of {} down), like `{}`\n",
            title(b.side),
            p.placed,
            p.needed,
            p.example,
        ));
    }
    if let Some(drop) = b.reserve_drop {
        let side = title(b.side);
        match drop {
            ReserveDrop::Must => {
                s.push_str(&format!("{side} must drop this turn if any turn can\n"));
            }
            ReserveDrop::May => s.push_str(&format!("{side} may drop this turn\n")),
        }
    }
    if let Some(roll) = b.roll {
        match &b.die_hint {
            Some(hint) => s.push_str(&format!(
                "die: {roll} (act from file {} or rank {} if able)\n",
                hint.file, hint.rank
            )),
            None => s.push_str(&format!("die: {roll}\n")),
        }
    }
    if !b.state.is_empty() {
        let list: Vec<String> = b.state.iter().map(|(n, v)| format!("{n} = {v}")).collect();
        s.push_str(&format!("script state: {}\n", list.join(", ")));
    }
    s
}

/// The royals of the side to move that stand attacked, named for a
/// checkmate: `White's King on e1`.
pub fn attacked_royals(b: &Board) -> Vec<String> {
    b.squares
        .iter()
        .filter(|q| b.checked.contains(&q.name))
        .filter_map(|q| {
            let p = q.units.first()?;
            Some(format!("{}'s {} on {}", title(p.side), p.kind, q.name))
        })
        .collect()
}

/// For variants beyond the six FIDE kinds, the symbols on the board, in
/// hands and in reserves, and what they stand for (White's symbol;
/// Black's is the lower case); and what a marker's sign means.
pub fn legend(b: &Board, variant: &Variant, style: Style) -> Option<String> {
    let mut markers = String::new();
    if !b.markers.is_empty() {
        markers.push_str("   after a piece: * a marker face up (its mutator on), ' face down\n");
    }
    if b.squares.iter().any(|q| q.wall) {
        let wall = if style.unicode { "▓" } else { "#" };
        markers.push_str(&format!(
            "   {wall} a wall: no piece stands on it or moves through it\n"
        ));
    }
    // Only the six FIDE kinds in play: nothing to explain.
    if variant.kinds.len() <= 6
        || b.legend
            .iter()
            .all(|e| fide_glyph(&e.kind, Side::White).is_some())
    {
        return (!markers.is_empty()).then_some(markers);
    }
    let items: Vec<String> = b
        .legend
        .iter()
        .map(|e| {
            format!(
                "{} {}",
                symbol(&e.kind, Side::White, &e.symbol, style),
                e.kind
            )
        })
        .collect();
    Some(format!("   {}\n{markers}", items.join(", ")))
}

/// What a move did beyond moving its piece, in one line: kinds that changed, pieces removed beyond the one captured,
/// and the mutators on after a marker flip.
pub fn aftermath(after: &Aftermath) -> String {
    let mut said = after.changed.clone();
    if !after.removed.is_empty() {
        let list: Vec<String> = after
            .removed
            .iter()
            .map(|r| format!("{} {} on {}", r.unit.side.name(), r.unit.kind, r.square))
            .collect();
        said.push(format!("removed: {}", list.join(", ")));
    }
    if let Some(on) = &after.mutators {
        said.push(if on.is_empty() {
            "no mutator is on now".to_string()
        } else {
            format!("mutators on now: {}", on.join(", "))
        });
    }
    format!("also: {}\n", said.join("; "))
}
