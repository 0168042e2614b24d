//! Playing moves where a square holds up to two units (`capacity = 2`).

use super::{Move, MoveKind, Position};
use crate::board::{Piece, Square};
use crate::rules::Rules;

impl Position {
    /// Plays `mv` in a stacking variant: units leave and join squares one
    /// by one, a captured unit leaves its square, and a square's unmoved
    /// bit goes only when its own piece leaves or is taken (a castling
    /// king or partner, or a kind whose first move matters), not when a
    /// guest that joined it does.
    pub(crate) fn play_stacked(&mut self, rules: &Rules, mv: &Move) {
        let us = self.side;
        self.set_ep(rules, None);
        let pawn = rules.is_pawn(mv.piece.kind);
        let mut irreversible = rules.ending().fifty_pawn_resets && pawn || mv.captured.is_some();
        match &mv.kind {
            MoveKind::Castle(i) => {
                let c = &rules.castling()[us][*i as usize];
                let partner = self
                    .units_at(c.partner_from)
                    .into_iter()
                    .flatten()
                    .find(|p| p.color == us && Some(p.kind) == c.partner_kind);
                self.leave(rules, c.king_from, mv.piece);
                if let Some(p) = partner {
                    self.leave(rules, c.partner_from, p);
                    self.arrive(rules, c.partner_to, p);
                }
                self.arrive(rules, c.king_to, mv.piece);
                irreversible = false;
            }
            MoveKind::Pair(second, second_victim) => {
                self.leave(rules, mv.from, mv.piece);
                self.leave(rules, mv.from, *second);
                for v in [mv.captured, *second_victim].into_iter().flatten() {
                    self.leave(rules, mv.to, v);
                }
                self.arrive(rules, mv.to, mv.piece);
                self.arrive(rules, mv.to, *second);
            }
            kind => {
                self.leave(rules, mv.from, mv.piece);
                let victim_square = match kind {
                    MoveKind::EnPassant(sq) => *sq,
                    _ => mv.to,
                };
                if let Some(v) = mv.captured {
                    self.leave(rules, victim_square, v);
                }
                match mv.promotion {
                    Some(k) if !rules.piece(k).units.is_empty() => {
                        for &u in &rules.piece(k).units {
                            self.arrive(rules, mv.to, Piece::new(u, us));
                        }
                    }
                    Some(k) => self.arrive(rules, mv.to, Piece::new(k, us)),
                    None => self.arrive(rules, mv.to, mv.piece),
                }
                if *kind == MoveKind::DoubleStep {
                    self.open_stacked_en_passant(rules, mv);
                }
            }
        }
        if mv.promotion.is_some() && rules.ending().fifty_promotion_resets {
            irreversible = true;
        }
        self.pass_turn(rules, irreversible);
        if rules.ending().check_limit > 0 {
            self.count_check(rules, us);
        }
    }

    /// `unit` leaves `sq` (moving away or captured there).
    fn leave(&mut self, rules: &Rules, sq: Square, unit: Piece) {
        self.remove_unit(rules, sq, unit);
        if self.is_resident(rules, sq, unit) {
            self.set_unmoved(rules, sq, false);
        }
    }

    /// `unit` arrives on `sq`: an empty square's unmoved bit goes, a
    /// joined unit keeps its own.
    fn arrive(&mut self, rules: &Rules, sq: Square, unit: Piece) {
        if self.is_empty(sq) {
            self.set_unmoved(rules, sq, false);
        }
        self.add_unit(rules, sq, unit);
    }

    /// Is `unit` the piece whose unmoved bit `sq` carries: the king or
    /// partner of a castling from `sq`, or a kind whose first move
    /// matters?
    fn is_resident(&self, rules: &Rules, sq: Square, unit: Piece) -> bool {
        rules.kinds().tracks_unmoved[unit.kind.index()]
            || rules.castling()[unit.color].iter().any(|c| {
                c.king_from == sq && rules.is_royal(unit.kind)
                    || c.partner_from == sq && c.partner_kind == Some(unit.kind)
            })
    }

    /// After a double step, records the passed square when an enemy pawn
    /// could take on it (a pawn may be one unit of a shared square).
    fn open_stacked_en_passant(&mut self, rules: &Rules, mv: &Move) {
        if !rules.pawns().en_passant || mv.promotion.is_some() {
            return;
        }
        let Some(passed) = self.passed_square(rules, mv) else {
            return;
        };
        let them = !mv.piece.color;
        let takes = rules.tables().leap_attacks[them]
            .of(passed)
            .iter()
            .any(|&(src, kinds)| {
                self.units_at(src)
                    .into_iter()
                    .flatten()
                    .any(|p| p.color == them && rules.is_pawn(p.kind) && kinds.contains(p.kind))
            });
        if takes {
            self.set_ep(rules, Some((passed, mv.to)));
        }
    }
}
