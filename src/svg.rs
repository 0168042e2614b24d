//! Pictures: a position, or a piece's move diagram, drawn as SVG text.
//!
//! A picture is one self-contained SVG file: no scripts, no external
//! fonts or images, so it shows the same in a browser, in a README and in
//! a renderer. Its size is its natural size in pixels (a square is
//! [`SQUARE`] units wide), so a renderer at scale 1 puts every square on
//! whole pixels.
//!
//! What is drawn, and how:
//!
//! - squares light ([`LIGHT`]) and dark ([`DARK`]), a1 dark; the last
//!   move's squares in [`LAST_MOVE`] and a checked royal's in
//!   [`CHECKED`], walls in [`WALL`]; files along the bottom, ranks down
//!   the left;
//! - the six FIDE kinds, found by the piece's name, as chess glyphs; every
//!   other kind as its board abbreviation (the one the terminal draws) in
//!   a disc, white or black by side;
//! - both units of a shared square, smaller, the lower one to the lower
//!   left; a pair that makes a composite (a Rook and a Bishop making a
//!   Queen) as the composite;
//! - a marker as a tag in its square's top left corner naming its
//!   mutator (the shortest prefix no other mutator shares), filled when
//!   face up;
//! - hands and reserve boards as rows of pieces, Black's above the board
//!   and White's below (swapped when the picture is flipped);
//! - arrows for a line of play, the side to move's in green and the
//!   replies in orange, each fainter than the one before.
//!
//! Every square and holding has a `<title>` spelling out what stands
//! there, which viewers show on hovering and tests read.

use crate::board::{Color, Piece, Square};
use crate::movegen::is_attacked;
use crate::notation::{abbreviations, fide_glyph, to_fen};
use crate::position::{Move, Position};
use crate::rules::{Geometry, Rules, file_char};
use crate::show::{Diagram, Reach};
use std::fmt::Write as _;

/// The side of a square, in picture units (pixels at the natural size).
pub const SQUARE: u32 = 48;
/// The light squares' fill.
pub const LIGHT: &str = "#f0d9b5";
/// The dark squares' fill (a1 is dark).
pub const DARK: &str = "#b58863";
/// The fill of a wall square (`walls`).
pub const WALL: &str = "#4a4a4a";
/// The fill of the last move's squares, and of the square a diagram's
/// piece stands on.
pub const LAST_MOVE: &str = "#cdd16a";
/// The fill of a royal's square when it stands attacked on its side's
/// turn.
pub const CHECKED: &str = "#e0705c";
/// Markers' tags.
const MARKER: &str = "#b03060";
/// Arrows: the side to move's, then the replies'.
const ARROWS: [&str; 2] = ["#1f7a3a", "#c8600f"];
/// A diagram's move dots and capture rings.
const MOVE_DOT: &str = "#2f6fbf";
const CAPTURE_RING: &str = "#c0392b";
/// The font family of every text: one family, which has the chess
/// glyphs. A list of families is dropped whole by renderers that take
/// the attribute as one name (ImageMagick's own renderer leaves an empty
/// board); browsers find the glyphs in another font where it is missing.
const FONTS: &str = "DejaVu Sans";

/// What a position's picture shows besides the position.
#[derive(Clone, Debug, Default)]
pub struct Options {
    /// The move that led here: its squares are highlighted.
    pub last: Option<Move>,
    /// Arrows, drawn in order (a line of play): from a square to a
    /// square; one with both ends equal (a drop) is a ring.
    pub arrows: Vec<(Square, Square)>,
    /// Black's side at the bottom.
    pub flipped: bool,
}

/// The picture of `pos`: the board, what stands on it, the hands and
/// reserves, and what `options` adds.
///
/// # Examples
///
/// ```
/// use changeling::{svg, variants::load};
/// let rules = load("chess")?;
/// let pos = changeling::game::start_position(&rules, 0)?;
/// let text = svg::position(&rules, &pos, &svg::Options::default());
/// assert!(text.starts_with("<svg"));
/// assert!(text.contains("<title>e1: white king</title>"));
/// # Ok::<_, Box<dyn std::error::Error>>(())
/// ```
pub fn position(rules: &Rules, pos: &Position, options: &Options) -> String {
    let short = abbreviations(rules);
    let (top_color, bottom_color) = if options.flipped {
        (Color::White, Color::Black)
    } else {
        (Color::Black, Color::White)
    };
    let per_line = per_line(rules.geometry());
    let top = holdings(rules, pos, top_color);
    let bottom = holdings(rules, pos, bottom_color);
    let top_height: f64 = top.iter().map(|h| h.height(per_line)).sum();
    let board = Board::new(rules.geometry(), options.flipped, top_height);
    let bottom_height: f64 = bottom.iter().map(|h| h.height(per_line)).sum();
    let title = format!(
        "{}, {} to move: {}",
        rules.name(),
        pos.side().name(),
        to_fen(rules, pos)
    );
    let mut out = Canvas::new(board.width(), board.bottom() + bottom_height + PAD, &title);

    let marked = |sq: Square| {
        options
            .last
            .is_some_and(|m| m.to == sq || (!m.is_drop() && m.from == sq))
    };
    let checked = |sq: Square| {
        pos.royals(pos.side()).contains(sq) && is_attacked(rules, pos, sq, !pos.side())
    };
    board.squares(&mut out, |sq| {
        if rules.walls().contains(sq) {
            Some(WALL)
        } else if checked(sq) {
            Some(CHECKED)
        } else if marked(sq) {
            Some(LAST_MOVE)
        } else {
            None
        }
    });
    board.coordinates(&mut out);

    let g = rules.geometry();
    let tags = mutator_tags(rules);
    let markers = pos.markers();
    for sq in g.squares() {
        let (x, y) = board.corner(sq);
        let units = pos.units_at(sq);
        let marker = (0..markers.len as usize).find(|&i| markers.squares[i] == sq.0);
        if units == [None, None] && marker.is_none() {
            continue;
        }
        let mut said = Vec::new();
        out.open_group();
        let (cx, cy) = (x + HALF, y + HALF);
        match units {
            [Some(p), Some(q)] => match rules.composite_of(p, q) {
                Some(k) => {
                    said.push(format!(
                        "{} ({} and {})",
                        full_name(rules, Piece::new(k, p.color)),
                        rules.piece(p.kind).name,
                        rules.piece(q.kind).name
                    ));
                    out.unit(rules, &short, Piece::new(k, p.color), cx, cy, S);
                }
                None => {
                    said.push(format!(
                        "{} and {}",
                        full_name(rules, p),
                        full_name(rules, q)
                    ));
                    let small = S * 0.62;
                    let off = S * 0.2;
                    out.unit(rules, &short, p, cx - off, cy + off, small);
                    out.unit(rules, &short, q, cx + off, cy - off, small);
                }
            },
            [Some(p), None] | [None, Some(p)] => {
                said.push(full_name(rules, p));
                out.unit(rules, &short, p, cx, cy, S);
            }
            [None, None] => {}
        }
        if let Some(i) = marker {
            let on = markers.faces & (1 << i) != 0;
            let m = usize::from(markers.mutators[i]);
            let name = rules.mutators().get(m).map_or("?", |m| m.name.as_str());
            let tag = tags.get(m).map_or("?", String::as_str);
            said.push(format!(
                "marker {name}, {}",
                if on {
                    "face up (on)"
                } else {
                    "face down (off)"
                }
            ));
            out.tag(x + 2.0, y + 2.0, tag, on);
        }
        out.line(&format!(
            "<title>{}: {}</title>",
            g.name(sq),
            escape(&said.join("; "))
        ));
        out.close_group();
    }

    for (i, &(from, to)) in options.arrows.iter().enumerate() {
        let colour = ARROWS[i % 2];
        let opacity = (0.85 - 0.15 * i as f64).max(0.35);
        let (a, b) = (board.centre(from), board.centre(to));
        out.arrow(a, b, colour, opacity);
    }

    let mut y = PAD;
    for h in &top {
        h.draw(&mut out, rules, &short, board.left, y, per_line);
        y += h.height(per_line);
    }
    let mut y = board.bottom();
    for h in &bottom {
        h.draw(&mut out, rules, &short, board.left, y, per_line);
        y += h.height(per_line);
    }
    out.finish()
}

/// The picture of a move diagram ([`crate::show`]): the board it was
/// made on, the piece's square highlighted, a dot where it moves, a ring
/// where it captures (both where it does either) and a small wedge in
/// the corner where it gets there over a piece.
pub fn diagram(rules: &Rules, diagram: &Diagram) -> String {
    let short = abbreviations(rules);
    let g = rules.geometry();
    let board = Board::new(g, false, 0.0);
    let def = rules.piece(diagram.piece.kind);
    let title = format!(
        "{} {} on {}: {} squares",
        diagram.piece.color.title(),
        def.name,
        g.name(diagram.from),
        diagram.reach.len()
    );
    let mut out = Canvas::new(board.width(), board.bottom() + PAD, &title);
    board.squares(&mut out, |sq| {
        if rules.walls().contains(sq) {
            Some(WALL)
        } else {
            (sq == diagram.from).then_some(LAST_MOVE)
        }
    });
    board.coordinates(&mut out);
    for sq in g.squares() {
        let (x, y) = board.corner(sq);
        let (cx, cy) = (x + HALF, y + HALF);
        let marks: Vec<Reach> = diagram
            .reach
            .iter()
            .filter(|r| r.0 == sq)
            .map(|r| r.1)
            .collect();
        let piece = diagram.position.piece_at(sq);
        if marks.is_empty() && piece.is_none() {
            continue;
        }
        out.open_group();
        let mut said = Vec::new();
        if let Some(p) = piece {
            said.push(full_name(rules, p));
            out.unit(rules, &short, p, cx, cy, S);
        }
        let moves = marks
            .iter()
            .any(|r| matches!(r, Reach::Both | Reach::MoveOnly | Reach::Move));
        let takes = marks
            .iter()
            .any(|r| matches!(r, Reach::Both | Reach::CaptureOnly | Reach::Capture));
        if takes {
            out.line(&format!(
                "<circle cx=\"{cx}\" cy=\"{cy}\" r=\"{}\" fill=\"none\" stroke=\"{CAPTURE_RING}\" stroke-width=\"4\" opacity=\"0.85\"/>",
                S * 0.42
            ));
        }
        if moves {
            out.line(&format!(
                "<circle cx=\"{cx}\" cy=\"{cy}\" r=\"{}\" fill=\"{MOVE_DOT}\" opacity=\"0.8\"/>",
                S * 0.14
            ));
        }
        match (moves, takes) {
            (true, true) => said.push("move or capture".to_string()),
            (true, false) => said.push("move".to_string()),
            (false, true) => said.push("capture".to_string()),
            (false, false) => {}
        }
        if diagram.jumps.contains(&sq) {
            let (r, t) = (x + S - 3.0, y + 3.0);
            out.line(&format!(
                "<polygon points=\"{},{t} {r},{t} {r},{}\" fill=\"{MOVE_DOT}\"/>",
                r - S * 0.3,
                t + S * 0.3
            ));
            said.push("over a piece".to_string());
        }
        out.line(&format!(
            "<title>{}: {}</title>",
            g.name(sq),
            escape(&said.join(", "))
        ));
        out.close_group();
    }
    out.finish()
}

/// A square's side as a float, and half of it.
const S: f64 = SQUARE as f64;
const HALF: f64 = S / 2.0;
/// The margin round the picture.
const PAD: f64 = 6.0;
/// The band for the rank numbers (left) and file letters (below).
const BAND: f64 = 20.0;
/// A held piece's size, and its row's height.
const HELD: f64 = 30.0;
/// The height of a holding's caption line.
const CAPTION: f64 = 16.0;

/// Where the board lies in the picture.
struct Board {
    g: Geometry,
    flipped: bool,
    left: f64,
    top: f64,
}

impl Board {
    fn new(g: Geometry, flipped: bool, above: f64) -> Board {
        Board {
            g,
            flipped,
            left: PAD + BAND,
            top: PAD + above,
        }
    }

    fn width(&self) -> f64 {
        self.left + f64::from(self.g.width) * S + PAD
    }

    /// Just below the file letters.
    fn bottom(&self) -> f64 {
        self.top + f64::from(self.g.height) * S + BAND
    }

    /// The column and row `sq` is drawn in, from the top left.
    fn cell(&self, sq: Square) -> (i32, i32) {
        let (file, rank) = (self.g.file(sq), self.g.rank(sq));
        let (w, h) = (i32::from(self.g.width), i32::from(self.g.height));
        if self.flipped {
            (w - 1 - file, rank)
        } else {
            (file, h - 1 - rank)
        }
    }

    fn corner(&self, sq: Square) -> (f64, f64) {
        let (col, row) = self.cell(sq);
        (
            self.left + f64::from(col) * S,
            self.top + f64::from(row) * S,
        )
    }

    fn centre(&self, sq: Square) -> (f64, f64) {
        let (x, y) = self.corner(sq);
        (x + HALF, y + HALF)
    }

    /// Every square, filled by `special` or else light or dark; each rect
    /// has its square's name as its id.
    fn squares(&self, out: &mut Canvas, special: impl Fn(Square) -> Option<&'static str>) {
        for sq in self.g.squares() {
            let (x, y) = self.corner(sq);
            let dark = self.g.is_dark(sq);
            let fill = special(sq).unwrap_or(if dark { DARK } else { LIGHT });
            out.line(&format!(
                "<rect id=\"{}\" x=\"{x}\" y=\"{y}\" width=\"{S}\" height=\"{S}\" fill=\"{fill}\"/>",
                self.g.name(sq)
            ));
        }
    }

    fn coordinates(&self, out: &mut Canvas) {
        let style = format!(
            "font-family=\"{FONTS}\" font-size=\"13\" fill=\"#555\" text-anchor=\"middle\""
        );
        for file in 0..i32::from(self.g.width) {
            let Some(sq) = self.g.square(file, 0) else {
                continue;
            };
            let (x, _) = self.corner(sq);
            out.line(&format!(
                "<text x=\"{}\" y=\"{}\" {style}>{}</text>",
                x + HALF,
                self.top + f64::from(self.g.height) * S + 15.0,
                file_char(file)
            ));
        }
        for rank in 0..i32::from(self.g.height) {
            let Some(sq) = self.g.square(0, rank) else {
                continue;
            };
            let (_, y) = self.corner(sq);
            out.line(&format!(
                "<text x=\"{}\" y=\"{}\" {style}>{}</text>",
                PAD + BAND / 2.0,
                y + HALF + 5.0,
                rank + 1
            ));
        }
    }
}

/// How many held pieces fit on a line beside the board.
fn per_line(g: Geometry) -> usize {
    ((f64::from(g.width) * S / HELD) as usize).max(1)
}

/// One row of held pieces: a hand or a reserve board.
struct Holding {
    caption: String,
    pieces: Vec<Piece>,
}

impl Holding {
    fn height(&self, per_line: usize) -> f64 {
        CAPTION + HELD * self.pieces.len().div_ceil(per_line).max(1) as f64 + 4.0
    }

    fn draw(
        &self,
        out: &mut Canvas,
        rules: &Rules,
        short: &[String],
        left: f64,
        top: f64,
        per_line: usize,
    ) {
        out.open_group();
        let names: Vec<String> = self.pieces.iter().map(|&p| full_name(rules, p)).collect();
        let list = if names.is_empty() {
            "nothing".to_string()
        } else {
            names.join(", ")
        };
        out.line(&format!(
            "<title>{}: {}</title>",
            escape(&self.caption),
            escape(&list)
        ));
        let caption = if self.pieces.is_empty() {
            format!("{}: nothing", self.caption)
        } else {
            self.caption.clone()
        };
        out.line(&format!(
            "<text x=\"{left}\" y=\"{}\" font-family=\"{FONTS}\" font-size=\"12\" fill=\"#333\">{}</text>",
            top + 12.0,
            escape(&caption)
        ));
        for (i, &p) in self.pieces.iter().enumerate() {
            let (col, row) = (i % per_line, i / per_line);
            let cx = left + HELD * (col as f64 + 0.5);
            let cy = top + CAPTION + HELD * (row as f64 + 0.5);
            out.unit(rules, short, p, cx, cy, HELD);
        }
        out.close_group();
    }
}

/// A side's hand (when the variant has hands or the side holds
/// something) and reserve board (when either side has one).
fn holdings(rules: &Rules, pos: &Position, color: Color) -> Vec<Holding> {
    let mut v = Vec::new();
    if rules.pocket().is_some()
        || pos.active().intersects(rules.masks().drops_from_captures)
        || !pos.pockets().white.is_empty()
        || !pos.pockets().black.is_empty()
    {
        v.push(Holding {
            caption: format!("{} in hand", color.title()),
            pieces: pos.pockets()[color]
                .iter()
                .map(|(kind, _)| Piece::new(kind, color))
                .collect(),
        });
    }
    if !pos.reserves().white.is_empty() || !pos.reserves().black.is_empty() {
        v.push(Holding {
            caption: format!("{} reserve (next first)", color.title()),
            pieces: pos.reserves()[color].remaining().collect(),
        });
    }
    v
}

/// `white knight`.
fn full_name(rules: &Rules, p: Piece) -> String {
    format!("{} {}", p.color.name(), rules.piece(p.kind).name)
}

/// Each mutator's tag: the shortest prefix of its name (one letter at
/// least, four at most) that no other mutator's name starts with, its
/// first letter in capitals.
pub fn mutator_tags(rules: &Rules) -> Vec<String> {
    let names: Vec<Vec<char>> = rules
        .mutators()
        .iter()
        .map(|m| m.name.chars().filter(|c| *c != '_').collect())
        .collect();
    names
        .iter()
        .enumerate()
        .map(|(i, name)| {
            let most = name.len().min(4);
            if most == 0 {
                return "?".to_string();
            }
            let n = (1..=most)
                .find(|&n| {
                    names
                        .iter()
                        .enumerate()
                        .all(|(j, other)| j == i || !other.starts_with(&name[..n]))
                })
                .unwrap_or(most);
            let mut tag: String = name[..n].iter().collect();
            if let Some(first) = tag.chars().next() {
                tag.replace_range(..first.len_utf8(), &first.to_uppercase().to_string());
            }
            tag
        })
        .collect()
}

/// `x` rounded to tenths, which print without a long tail of digits.
fn tenths(x: f64) -> f64 {
    (x * 10.0).round() / 10.0
}

/// Escapes text for XML content and attributes.
fn escape(text: &str) -> String {
    let mut s = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '&' => s.push_str("&amp;"),
            '<' => s.push_str("&lt;"),
            '>' => s.push_str("&gt;"),
            '"' => s.push_str("&quot;"),
            '\'' => s.push_str("&apos;"),
            c => s.push(c),
        }
    }
    s
}

/// The SVG being written.
struct Canvas {
    text: String,
}

impl Canvas {
    /// An empty white picture of the given size whose first child is its
    /// `title`, as accessibility tools expect.
    fn new(width: f64, height: f64, title: &str) -> Canvas {
        let mut text = String::new();
        let _ = writeln!(
            text,
            "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{width}\" height=\"{height}\" viewBox=\"0 0 {width} {height}\">"
        );
        let _ = writeln!(text, "<title>{}</title>", escape(title));
        let _ = writeln!(
            text,
            "<rect width=\"{width}\" height=\"{height}\" fill=\"#ffffff\"/>"
        );
        Canvas { text }
    }

    fn line(&mut self, s: &str) {
        self.text.push_str(s);
        self.text.push('\n');
    }

    fn open_group(&mut self) {
        self.line("<g>");
    }

    fn close_group(&mut self) {
        self.line("</g>");
    }

    fn finish(mut self) -> String {
        self.line("</svg>");
        self.text
    }

    /// A piece centred on (`cx`, `cy`), `size` across: a glyph for the
    /// FIDE kinds, else its abbreviation in a disc.
    fn unit(&mut self, rules: &Rules, short: &[String], p: Piece, cx: f64, cy: f64, size: f64) {
        let (cx, cy) = (tenths(cx), tenths(cy));
        let def = rules.piece(p.kind);
        if let Some(solid) = fide_glyph(&def.name, Color::Black) {
            let font = tenths(size * 0.82);
            let base = tenths(cy + font * 0.35);
            let at = format!(
                "x=\"{cx}\" y=\"{base}\" font-family=\"{FONTS}\" font-size=\"{font:.1}\" text-anchor=\"middle\""
            );
            match p.color {
                // The solid glyph in white under the outlined one, so a
                // White piece is white on a dark square too.
                Color::White => {
                    let outline = fide_glyph(&def.name, Color::White).unwrap_or(solid);
                    self.line(&format!("<text {at} fill=\"#ffffff\">{solid}</text>"));
                    self.line(&format!("<text {at} fill=\"#000000\">{outline}</text>"));
                }
                Color::Black => {
                    self.line(&format!("<text {at} fill=\"#000000\">{solid}</text>"));
                }
            }
            return;
        }
        let label = &short[p.kind.index()];
        let (disc, ink) = match p.color {
            Color::White => ("#ffffff", "#111111"),
            Color::Black => ("#222222", "#ffffff"),
        };
        let r = size * 0.4;
        self.line(&format!(
            "<circle cx=\"{cx}\" cy=\"{cy}\" r=\"{r:.1}\" fill=\"{disc}\" stroke=\"#111111\" stroke-width=\"1.5\"/>"
        ));
        let font = size
            * match label.chars().count() {
                0 | 1 => 0.46,
                2 => 0.36,
                3 => 0.28,
                _ => 0.22,
            };
        self.line(&format!(
            "<text x=\"{cx}\" y=\"{:.1}\" font-family=\"{FONTS}\" font-size=\"{font:.1}\" font-weight=\"bold\" text-anchor=\"middle\" fill=\"{ink}\">{}</text>",
            cy + font * 0.36,
            escape(label)
        ));
    }

    /// A marker's tag with its top left corner at (`x`, `y`).
    fn tag(&mut self, x: f64, y: f64, text: &str, on: bool) {
        let width = 6.0 + 7.0 * text.chars().count() as f64;
        let (fill, ink) = if on {
            (MARKER, "#ffffff")
        } else {
            ("#ffffff", MARKER)
        };
        self.line(&format!(
            "<rect x=\"{x}\" y=\"{y}\" width=\"{width}\" height=\"14\" rx=\"3\" fill=\"{fill}\" stroke=\"{MARKER}\" stroke-width=\"1.5\"/>"
        ));
        self.line(&format!(
            "<text x=\"{}\" y=\"{}\" font-family=\"{FONTS}\" font-size=\"11\" font-weight=\"bold\" text-anchor=\"middle\" fill=\"{ink}\">{}</text>",
            x + width / 2.0,
            y + 11.0,
            escape(text)
        ));
    }

    /// An arrow from centre `a` to centre `b`; a ring when they are the
    /// same square.
    fn arrow(&mut self, a: (f64, f64), b: (f64, f64), colour: &str, opacity: f64) {
        let (dx, dy) = (b.0 - a.0, b.1 - a.1);
        let length = (dx * dx + dy * dy).sqrt();
        if length < 1.0 {
            self.line(&format!(
                "<circle cx=\"{}\" cy=\"{}\" r=\"{:.1}\" fill=\"none\" stroke=\"{colour}\" stroke-width=\"5\" opacity=\"{opacity:.2}\"/>",
                b.0,
                b.1,
                S * 0.42
            ));
            return;
        }
        let (ux, uy) = (dx / length, dy / length);
        let head = S * 0.38;
        let half = S * 0.22;
        let (tip_x, tip_y) = (b.0 - ux * S * 0.08, b.1 - uy * S * 0.08);
        let (base_x, base_y) = (tip_x - ux * head, tip_y - uy * head);
        self.line(&format!(
            "<g opacity=\"{opacity:.2}\"><line x1=\"{:.1}\" y1=\"{:.1}\" x2=\"{base_x:.1}\" y2=\"{base_y:.1}\" stroke=\"{colour}\" stroke-width=\"{:.1}\" stroke-linecap=\"round\"/><polygon points=\"{tip_x:.1},{tip_y:.1} {:.1},{:.1} {:.1},{:.1}\" fill=\"{colour}\"/></g>",
            a.0,
            a.1,
            S * 0.16,
            base_x - uy * half,
            base_y + ux * half,
            base_x + uy * half,
            base_y - ux * half,
        ));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn mutator_tags_are_the_shortest_unshared_prefixes() {
        let rules = crate::variants::load("twelve-mutation").unwrap();
        let tags = mutator_tags(&rules);
        let tag = |name: &str| {
            let i = rules
                .mutators()
                .iter()
                .position(|m| m.name == name)
                .unwrap();
            tags[i].clone()
        };
        assert_eq!(tag("atomic"), "Ato");
        assert_eq!(tag("attack"), "Att");
        assert_eq!(tag("avalanche"), "Av");
        assert_eq!(tag("dice"), "Di");
        assert_eq!(tag("drop"), "Dr");
        assert_eq!(tag("rider"), "R");
    }

    #[test]
    fn escape_covers_the_five_xml_characters() {
        assert_eq!(
            escape("<a & 'b' \"c\">"),
            "&lt;a &amp; &apos;b&apos; &quot;c&quot;&gt;"
        );
    }
}
