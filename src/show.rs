//! Move diagrams: where a piece may go from a square, on an empty board or
//! in a given position. `changeling show piece` prints them.

use crate::board::{Color, Piece, PieceKind, Square};
use crate::lang::movement::Style;
use crate::movegen::piece_moves;
use crate::position::{Move, Position};
use crate::rules::Rules;

/// What a piece may do on one square.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Reach {
    /// Move there when it is empty and capture there (empty-board view).
    Both,
    /// Only move there (it never captures there).
    MoveOnly,
    /// Only capture there.
    CaptureOnly,
    /// Move there (position view).
    Move,
    /// Capture there (position view).
    Capture,
}

impl Reach {
    /// The diagram mark.
    pub fn mark(self) -> char {
        match self {
            Reach::Both => '*',
            Reach::MoveOnly | Reach::Move => 'o',
            Reach::CaptureOnly | Reach::Capture => 'x',
        }
    }
}

/// A piece's reach from one square.
#[derive(Clone, Debug)]
pub struct Diagram {
    /// The piece shown.
    pub piece: Piece,
    /// Where it stands.
    pub from: Square,
    /// Each square it reaches, in square order.
    pub reach: Vec<(Square, Reach)>,
    /// Destinations reached by jumping over an occupied square (hops, and
    /// leaps whose straight path is occupied), in square order.
    pub jumps: Vec<Square>,
    /// The board the moves were generated on.
    pub position: Position,
}

/// Puts `piece` on the empty square `sq`: a kind with `units` as its two
/// units.
fn place(rules: &Rules, pos: &mut Position, sq: Square, piece: Piece) {
    let units: Vec<Piece> = rules
        .piece(piece.kind)
        .units
        .iter()
        .map(|&k| Piece::new(k, piece.color))
        .collect();
    if units.is_empty() {
        pos.put(rules, sq, piece);
    } else {
        pos.set_units(rules, sq, &units);
    }
}

fn moves_from(rules: &Rules, pos: &Position, from: Square) -> Vec<Move> {
    let mut v = Vec::new();
    piece_moves(rules, pos, from, &mut v);
    v
}

/// Does `m`, a locust move (XBetza `c` on a leg before the last), take
/// the piece on `sq` on its way?
fn takes_on_the_way(rules: &Rules, m: &Move, sq: Square) -> bool {
    let locust = m.origin.atom().is_some_and(|i| {
        rules
            .piece(m.piece.kind)
            .atoms
            .get(usize::from(i))
            .is_some_and(|a| a.style == crate::lang::movement::Style::Locust)
    });
    locust
        && m.effects(rules)
            .iter()
            .any(|e| matches!(e, crate::position::Effect::Capture { square, .. } if *square == sq))
}

/// The reach of `kind` of `color` from `from` on an otherwise empty board:
/// a square is a move target if the piece may move there, a capture
/// target if it may capture an enemy standing there alone.
pub fn on_empty_board(rules: &Rules, kind: PieceKind, color: Color, from: Square) -> Diagram {
    let piece = Piece::new(kind, color);
    let mut pos = Position::empty();
    pos.set_side(rules, color);
    place(rules, &mut pos, from, piece);
    pos.set_unmoved(rules, from, true);
    pos.rehash(rules);
    let quiet: Vec<Square> = moves_from(rules, &pos, from).iter().map(|m| m.to).collect();
    let mut reach = Vec::new();
    for sq in rules.geometry().squares() {
        if sq == from {
            continue;
        }
        let mut probe = pos.clone();
        place(rules, &mut probe, sq, Piece::new(kind, !color));
        let takes = moves_from(rules, &probe, from)
            .iter()
            .any(|m| m.to == sq && m.captured.is_some() || takes_on_the_way(rules, m, sq));
        let moves = quiet.contains(&sq);
        match (moves, takes) {
            (true, true) => reach.push((sq, Reach::Both)),
            (true, false) => reach.push((sq, Reach::MoveOnly)),
            (false, true) => reach.push((sq, Reach::CaptureOnly)),
            (false, false) => {}
        }
    }
    Diagram {
        piece,
        from,
        reach,
        jumps: Vec::new(),
        position: pos,
    }
}

/// The reach of the piece on `from` in `pos` (its own royal's safety not
/// considered).
pub fn in_position(rules: &Rules, pos: &Position, from: Square) -> Option<Diagram> {
    let piece = pos.piece_at(from)?;
    let moves = moves_from(rules, pos, from);
    let mut reach: Vec<(Square, Reach)> = Vec::new();
    let mut jumps = Vec::new();
    for m in &moves {
        let r = if m.captured.is_some() {
            Reach::Capture
        } else {
            Reach::Move
        };
        if !reach.contains(&(m.to, r)) {
            reach.push((m.to, r));
        }
        if jumped(rules, pos, m) && !jumps.contains(&m.to) {
            jumps.push(m.to);
        }
    }
    reach.sort_by_key(|r| r.0);
    jumps.sort();
    Some(Diagram {
        piece,
        from,
        reach,
        jumps,
        position: pos.clone(),
    })
}

/// Did `m` pass over an occupied square? Hops always do; a leap does when
/// a square of its straight (lame) path is occupied.
fn jumped(rules: &Rules, pos: &Position, m: &Move) -> bool {
    let def = rules.piece(m.piece.kind);
    let Some(atom) = m.origin.atom().and_then(|a| def.atoms.get(usize::from(a))) else {
        return false;
    };
    match atom.style {
        Style::Hop | Style::Grasshopper => true,
        Style::Leap => {
            let g = rules.geometry();
            let (dx, dy) = (g.file(m.to) - g.file(m.from), g.rank(m.to) - g.rank(m.from));
            crate::lang::movement::lame_path(dx as i8, dy as i8)
                .iter()
                .any(|&(x, y)| {
                    g.offset(m.from, x as i32, y as i32)
                        .is_some_and(|s| !pos.is_empty(s))
                })
        }
        _ => false,
    }
}

impl Diagram {
    /// The squares reached, by name, in square order.
    pub fn squares(&self, rules: &Rules) -> Vec<String> {
        self.reach
            .iter()
            .map(|(s, _)| rules.geometry().name(*s))
            .collect()
    }

    /// The diagram as text: the board from White's side, the piece shown
    /// as `@`, other pieces by the board's symbols (`Sis` for a long
    /// code), and the marks ([`Reach::mark`], `^` after a jump).
    pub fn render(&self, rules: &Rules) -> String {
        let g = rules.geometry();
        let short = crate::notation::abbreviations(rules);
        // Cells as wide as the widest symbol on the board, and a space.
        let width = self
            .position
            .occupied(Color::White)
            .iter()
            .chain(self.position.occupied(Color::Black).iter())
            .filter_map(|sq| self.position.piece_at(sq))
            .map(|p| short[p.kind.index()].chars().count())
            .max()
            .unwrap_or(1)
            .max(2)
            + 1;
        let mut s = String::new();
        for rank in (0..g.height as i32).rev() {
            s.push_str(&format!("{:>3} ", rank + 1));
            for file in 0..g.width as i32 {
                let sq = g.square(file, rank).expect("on the board");
                let marks: Vec<char> = self
                    .reach
                    .iter()
                    .filter(|r| r.0 == sq)
                    .map(|r| r.1.mark())
                    .collect();
                let cell = if let Some(&m) = marks.first() {
                    let m = if marks.len() > 1 { '*' } else { m };
                    if self.jumps.contains(&sq) {
                        format!("{m}^")
                    } else {
                        m.to_string()
                    }
                } else if sq == self.from {
                    "@".to_string()
                } else if let Some(p) = self.position.piece_at(sq) {
                    crate::notation::board_symbol(&short, p)
                } else {
                    ".".to_string()
                };
                s.push_str(&format!("{cell:<width$}"));
            }
            s.push('\n');
        }
        s.push_str("    ");
        for file in 0..g.width as i32 {
            s.push_str(&format!("{:<width$}", crate::rules::file_char(file)));
        }
        s.push('\n');
        s
    }
}
