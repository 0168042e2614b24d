//! The evaluation: what a position is worth to the side to move, in
//! centipawns, worked out from the rules alone.
//!
//! Every kind gets a value and a table of squares the first time the
//! evaluation meets it, so a variant with fifty kinds pays only for the
//! ones in play:
//!
//! - its value is the file's `value` (pawns = 1); a kind without one is
//!   valued by its reach: the squares it moves to from each square of an
//!   empty board, on average, less for a piece bound to one colour of
//!   squares. A form a mutator gives a declared kind is valued in
//!   proportion to that kind, by the two reaches.
//! - its square table rewards squares from which it reaches more than on
//!   average; a pawn's rewards progress towards the promotion zone; a
//!   royal's keeps it back while the other side has pieces and brings it
//!   out when it has few.
//!
//! Material counts every unit of a stack and every piece in a hand, pocket
//! or reserve.

use crate::board::{Color, MAX_SQUARES, Piece, PieceKind, Square};
use crate::movegen::piece_moves;
use crate::position::Position;
use crate::rules::Rules;

/// A pawn, in the units of every score.
pub const PAWN: i32 = 100;

/// What the side to move gains by having the move.
const TEMPO: i32 = 10;

/// Centipawns per square of reach above a kind's average, for pieces.
const PLACE: i32 = 4;

/// A kind's value and square tables.
#[derive(Clone, Debug)]
struct KindTable {
    /// Centipawns; 0 for a royal kind.
    value: i32,
    /// Per square, White's: the opening bonus and the endgame bonus.
    opening: Vec<i32>,
    endgame: Vec<i32>,
}

/// The evaluation of one variant, its tables filled as kinds are met.
#[derive(Clone, Debug)]
pub struct Eval {
    kinds: Vec<Option<KindTable>>,
    /// Reach per kind and square, on an empty board, as White.
    reach: Vec<Option<Vec<i32>>>,
    /// The pieces' material (royals and pawns aside) of both sides at the
    /// variant's start: the measure of how far a game has gone.
    opening_material: i32,
}

impl Eval {
    /// The evaluation for `rules`, `start` being a typical start position.
    pub fn new(rules: &Rules, start: &Position) -> Eval {
        let n = rules.pieces.len();
        let mut eval = Eval {
            kinds: vec![None; n],
            reach: vec![None; n],
            opening_material: 0,
        };
        let mut total = 0;
        for (_, p) in start.units() {
            total += eval.piece_material(rules, p.kind);
        }
        for color in Color::ALL {
            for p in start.reserves()[color].remaining() {
                total += eval.piece_material(rules, p.kind);
            }
        }
        eval.opening_material = total.max(1);
        eval
    }

    /// The value of `kind`, in centipawns (a royal: 0).
    pub fn value(&mut self, rules: &Rules, kind: PieceKind) -> i32 {
        self.table(rules, kind).value
    }

    /// The material a kind adds to the game's phase: pieces only.
    fn piece_material(&mut self, rules: &Rules, kind: PieceKind) -> i32 {
        if rules.is_pawn(kind) || rules.is_royal(kind) {
            0
        } else {
            self.value(rules, kind)
        }
    }

    /// `pos` for its side to move.
    pub fn evaluate(&mut self, rules: &Rules, pos: &Position) -> i32 {
        let g = rules.geometry;
        let mut opening = [0i32; 2];
        let mut endgame = [0i32; 2];
        let mut material = [0i32; 2];
        let mut pieces = 0;
        for (sq, p) in pos.units() {
            let t = self.table(rules, p.kind);
            let at = match p.color {
                Color::White => sq,
                Color::Black => g.flip(sq),
            };
            let c = p.color as usize;
            material[c] += t.value;
            opening[c] += t.opening[at.index()];
            endgame[c] += t.endgame[at.index()];
            if !rules.is_pawn(p.kind) && !rules.is_royal(p.kind) {
                pieces += t.value;
            }
        }
        for color in Color::ALL {
            let c = color as usize;
            for (kind, _) in pos.pockets()[color].iter() {
                material[c] += self.value(rules, kind);
            }
            for p in pos.reserves()[color].remaining() {
                let v = self.value(rules, p.kind);
                material[c] += v;
                if !rules.is_pawn(p.kind) && !rules.is_royal(p.kind) {
                    pieces += v;
                }
            }
        }
        // 256 at the start, 0 with no pieces left.
        let phase = (256 * pieces / self.opening_material).clamp(0, 256);
        let score =
            |c: usize| material[c] + (opening[c] * phase + endgame[c] * (256 - phase)) / 256;
        let us = pos.side() as usize;
        score(us) - score(1 - us) + TEMPO
    }

    fn table(&mut self, rules: &Rules, kind: PieceKind) -> &KindTable {
        let k = kind.index();
        if self.kinds[k].is_none() {
            let t = self.build(rules, kind);
            self.kinds[k] = Some(t);
        }
        self.kinds[k].as_ref().expect("just built")
    }

    /// How many squares `kind` reaches from each square of an empty board.
    fn reach(&mut self, rules: &Rules, kind: PieceKind) -> &[i32] {
        let k = kind.index();
        if self.reach[k].is_none() {
            let mut moves = Vec::new();
            let mut counts = vec![0; MAX_SQUARES];
            for sq in rules.geometry.squares() {
                let mut pos = Position::empty();
                pos.put(rules, sq, Piece::new(kind, Color::White));
                pos.rehash(rules);
                moves.clear();
                piece_moves(rules, &pos, sq, &mut moves);
                let mut to: Vec<Square> = moves.iter().map(|m| m.to).collect();
                to.sort_unstable_by_key(|s| s.0);
                to.dedup();
                counts[sq.index()] = to.len() as i32;
            }
            // A script asked about an empty board may fail; that says
            // nothing about the game, so its error is not kept.
            if let Some(host) = crate::movegen::hooks(rules) {
                let _ = host.take_error();
            }
            self.reach[k] = Some(counts);
        }
        self.reach[k].as_deref().expect("just counted")
    }

    /// The average reach of `kind` over the board, in hundredths, and
    /// whether it keeps to one colour of squares.
    fn mobility(&mut self, rules: &Rules, kind: PieceKind) -> (i32, bool) {
        let g = rules.geometry;
        let squares = g.len() as i32;
        let total: i32 = self.reach(rules, kind).iter().sum();
        let centre = g.centre();
        let mut pos = Position::empty();
        pos.put(rules, centre, Piece::new(kind, Color::White));
        pos.rehash(rules);
        let mut moves = Vec::new();
        piece_moves(rules, &pos, centre, &mut moves);
        if let Some(host) = crate::movegen::hooks(rules) {
            let _ = host.take_error();
        }
        let shade = |sq: Square| (g.file(sq) + g.rank(sq)) % 2;
        let bound = !moves.is_empty() && moves.iter().all(|m| shade(m.to) == shade(centre));
        (100 * total / squares.max(1), bound)
    }

    /// The estimated value of a kind from its reach alone.
    fn estimate(&mut self, rules: &Rules, kind: PieceKind) -> i32 {
        let (avg, bound) = self.mobility(rules, kind);
        let v = PAWN + 35 * avg / 100;
        if bound { v * 85 / 100 } else { v }
    }

    fn build(&mut self, rules: &Rules, kind: PieceKind) -> KindTable {
        let g = rules.geometry;
        let k = kind.index();
        let base = rules.forms.base_of[k];
        let declared = rules.pieces[base.index()].value * PAWN;
        let value = if rules.is_royal(kind) {
            0
        } else if declared != 0 && base == kind {
            declared
        } else if declared != 0 {
            // A form: its declared kind's value, scaled by the reaches.
            let own = self.estimate(rules, kind);
            let of_base = self.estimate(rules, base).max(1);
            declared * own / of_base
        } else if rules.is_pawn(kind) {
            PAWN
        } else {
            self.estimate(rules, kind)
        };
        let reach = self.reach(rules, kind).to_vec();
        let squares: Vec<Square> = g.squares().collect();
        let average =
            squares.iter().map(|s| reach[s.index()]).sum::<i32>() / squares.len().max(1) as i32;
        let mut opening = vec![0; MAX_SQUARES];
        let mut endgame = vec![0; MAX_SQUARES];
        let zone = rules.pawns.promotion_zone[Color::White];
        for &sq in &squares {
            let centred = reach[sq.index()] - average;
            let i = sq.index();
            if rules.is_royal(kind) {
                opening[i] = -6 * centred;
                endgame[i] = 5 * centred;
            } else if rules.is_pawn(kind) && !zone.is_empty() {
                let distance = zone
                    .iter()
                    .map(|z| (g.rank(z) - g.rank(sq)).abs())
                    .min()
                    .unwrap_or(0);
                let near = (5 - distance).max(0);
                let file_centre =
                    (g.width as i32 - 1) - (2 * g.file(sq) - (g.width as i32 - 1)).abs();
                opening[i] = 4 * near * near + 2 * file_centre * (6 - distance).max(0);
                endgame[i] = 8 * near * near;
            } else {
                opening[i] = PLACE * centred;
                endgame[i] = PLACE * centred / 2;
            }
        }
        KindTable {
            value,
            opening,
            endgame,
        }
    }
}
