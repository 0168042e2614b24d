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
//!
//! Two terms look at the position itself:
//!
//! - mobility: a rider earns for each square it moves to now along its
//!   lines, above or below half of what it would reach there on an empty
//!   board; leapers' mobility is in their square tables, and scripted
//!   kinds are not asked (a script call per evaluation costs more than
//!   it tells).
//! - royal safety, while the other side has pieces: a royal is worth
//!   more for each friendly unit next to it, and less for each enemy
//!   piece (not pawn) near it, the nearer the more.

use crate::board::{Color, MAX_SQUARES, Piece, PieceKind, Square};
use crate::lang::movement::Style;
use crate::movegen::piece_moves;
use crate::position::Position;
use crate::rules::Rules;

/// A pawn, in the units of every score.
pub const PAWN: i32 = 100;

/// What the side to move gains by having the move.
const TEMPO: i32 = 10;

/// Centipawns per square of reach above a kind's average, for pieces.
const PLACE: i32 = 4;

/// Centipawns per square a rider moves to now.
const MOBILITY: i32 = 3;

/// Centipawns for each friendly unit next to a royal, in the opening.
const SHELTER: i32 = 12;

/// Centipawns against a royal per enemy piece, by its distance (0: next
/// to it), in the opening.
const PRESSURE: [i32; 4] = [24, 14, 6, 2];

/// Which of the positional terms are on (all, but for measuring each).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Terms {
    /// Mobility of riders.
    pub mobility: bool,
    /// Shelter of royals and enemy pieces near them.
    pub royal_safety: bool,
}

impl Default for Terms {
    fn default() -> Terms {
        Terms {
            mobility: true,
            royal_safety: true,
        }
    }
}

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
    /// Per kind: is its mobility counted (a rider, not a pawn, royal
    /// or scripted kind)?
    blockable: Vec<bool>,
    terms: Terms,
}

impl Eval {
    /// The evaluation for `rules`, `start` being a typical start position.
    pub fn new(rules: &Rules, start: &Position, terms: Terms) -> Eval {
        let n = rules.pieces().len();
        let blockable = (0..n)
            .map(|k| {
                !rules.pieces()[k].pawn
                    && !rules.pieces()[k].royal
                    && !rules.kinds().scripted[k]
                    && rules.pieces()[k].units.is_empty()
                    && rules.pieces()[k]
                        .atoms
                        .iter()
                        .any(|a| a.style == Style::Ride)
            })
            .collect();
        let mut eval = Eval {
            kinds: vec![None; n],
            reach: vec![None; n],
            opening_material: 0,
            blockable,
            terms,
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
        let mut opening = [0i32; 2];
        let mut endgame = [0i32; 2];
        let mut material = [0i32; 2];
        let mut pieces = 0;
        for (sq, p) in pos.units() {
            let t = self.table(rules, p.kind);
            // White's square for Black's (turning and mirroring are each
            // their own inverse).
            let at = rules.own_square(sq, p.color);
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
        if self.terms.mobility && rules.capacity() == 1 {
            for c in Color::ALL {
                // Whatever the phase.
                material[c as usize] += self.mobility_of(rules, pos, c);
            }
        }
        if self.terms.royal_safety {
            for c in Color::ALL {
                opening[c as usize] += self.safety_of(rules, pos, c);
            }
        }
        let score =
            |c: usize| material[c] + (opening[c] * phase + endgame[c] * (256 - phase)) / 256;
        let us = pos.side() as usize;
        score(us) - score(1 - us) + TEMPO
    }

    /// The mobility of `color`'s riders: per piece and line, the squares
    /// it moves to now less half those it would on an empty board.
    fn mobility_of(&self, rules: &Rules, pos: &Position, color: Color) -> i32 {
        let rays = &rules.tables().rays;
        let mut total = 0;
        for sq in pos.occupied(color).iter() {
            let Some(p) = pos.piece_at(sq) else {
                continue;
            };
            if !self.blockable[p.kind.index()] {
                continue;
            }
            for a in &rules.tables().moves_of[color][p.kind.index()] {
                if a.style != Style::Ride || a.initial || a.skip_first {
                    continue;
                }
                let ray = rays.ray(a.dir, sq);
                let ray = &ray[..ray.len().min(a.range as usize)];
                let mut now = 0;
                for &s in ray {
                    match pos.piece_at(s) {
                        None => now += i32::from(a.can_move),
                        Some(q) => {
                            now += i32::from(a.can_capture && q.color != color);
                            break;
                        }
                    }
                }
                total += 2 * now - ray.len() as i32;
            }
        }
        MOBILITY * total / 2
    }

    /// The safety of `color`'s royals: friendly units next to each, and
    /// enemy pieces (not pawns or royals) near it.
    fn safety_of(&mut self, rules: &Rules, pos: &Position, color: Color) -> i32 {
        let g = rules.geometry();
        let mut total = 0;
        for royal in pos.royals(color).iter() {
            for n in rules.tables().around[royal.index()].iter() {
                if pos.piece_at(n).is_some_and(|p| p.color == color) {
                    total += SHELTER;
                }
            }
            for sq in pos.occupied(!color).iter() {
                let Some(p) = pos.piece_at(sq) else {
                    continue;
                };
                if rules.is_pawn(p.kind) || rules.is_royal(p.kind) {
                    continue;
                }
                let d = (g.file(sq) - g.file(royal))
                    .abs()
                    .max((g.rank(sq) - g.rank(royal)).abs())
                    - 1;
                if let Some(&v) = PRESSURE.get(d as usize) {
                    total -= v;
                }
            }
        }
        total
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
            let hooks = crate::movegen::hooks(rules);
            if let Some(host) = hooks {
                host.set_probing(true);
            }
            let mut moves = Vec::new();
            let mut counts = vec![0; MAX_SQUARES];
            for sq in rules.geometry().squares() {
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
            // nothing about the game, so while probing its error is not
            // kept (and an error the game raised before is left for it).
            if let Some(host) = hooks {
                host.set_probing(false);
            }
            self.reach[k] = Some(counts);
        }
        self.reach[k].as_deref().expect("just counted")
    }

    /// The average reach of `kind` over the board, in hundredths, and
    /// whether it keeps to one colour of squares.
    fn mobility(&mut self, rules: &Rules, kind: PieceKind) -> (i32, bool) {
        let g = rules.geometry();
        let squares = g.len() as i32;
        let total: i32 = self.reach(rules, kind).iter().sum();
        let centre = g.centre();
        let mut pos = Position::empty();
        pos.put(rules, centre, Piece::new(kind, Color::White));
        pos.rehash(rules);
        let mut moves = Vec::new();
        let hooks = crate::movegen::hooks(rules);
        if let Some(host) = hooks {
            host.set_probing(true);
        }
        piece_moves(rules, &pos, centre, &mut moves);
        if let Some(host) = hooks {
            host.set_probing(false);
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
        let g = rules.geometry();
        let k = kind.index();
        let base = rules.forms().base_of[k];
        let declared = rules.pieces()[base.index()].value * PAWN;
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
        // Where pawns promote (in place, with `promotion_in_place`).
        let zone = if rules.pawns().in_place {
            rules.pawns().in_place_zone[Color::White]
        } else {
            rules.pawns().promotion_zone[Color::White]
        };
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
