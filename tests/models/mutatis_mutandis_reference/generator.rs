//! One action (`Act`) and the generator that collects a piece's actions
//! (`Gen`): landing, leaping, riding.

use super::*;

/// One normal action, before promotion, morph and drop.
#[derive(Clone, Debug)]
pub(super) struct Act {
    pub(super) b: Board,
    /// Squares whose pieces the action removed by capture.
    pub(super) caps: u64,
    /// Squares (after the action) of the pieces that morph.
    pub(super) actors: Vec<usize>,
    /// The mover is a pawn form (the fifty-move count restarts).
    pub(super) pawn_mover: bool,
    /// A Cannon Pawn's own move ended on its last rank here.
    pub(super) cannon_arrival: Option<usize>,
    pub(super) ep: Option<(usize, usize)>,
    pub(super) swap: Option<(usize, usize)>,
    /// A move of the Wuss from this square.
    pub(super) wuss_from: Option<usize>,
    /// A Chameleon's capture imitating a pawn form.
    pub(super) pawn_imitation: bool,
}

pub(super) struct Gen<'a> {
    pub(super) b: &'a Board,
    pub(super) cfg: Cfg,
    pub(super) ep: Option<(usize, usize)>,
    pub(super) ban: Option<(usize, usize)>,
    /// Only actions that capture are wanted (attack test).
    pub(super) attack: bool,
    pub(super) out: Vec<Act>,
}

impl Gen<'_> {
    pub(super) fn empty(&self, s: usize) -> bool {
        self.b[s].is_none()
    }

    /// The piece on `from` goes to `to` (or stays put when `to` is
    /// `from`, or leaves the board when `None`), removing `caps`.
    pub(super) fn emit(&mut self, from: usize, to: Option<usize>, caps: u64) {
        if self.attack && caps == 0 {
            return;
        }
        let mut b = *self.b;
        let pc = b[from].expect("a piece acts");
        let mut m = caps;
        while m != 0 {
            b[m.trailing_zeros() as usize] = None;
            m &= m - 1;
        }
        b[from] = None;
        if let Some(t) = to {
            // A shooter stays where it is: it has not left its square
            // (section 9 counts only pieces that left their squares).
            b[t] = Some(Pc {
                moved: pc.moved || t != from,
                ..pc
            });
        }
        let cannon_arrival =
            to.filter(|&t| pc.k == Cannonpawn && t != from && rank(t) == last_rank(pc.w));
        self.out.push(Act {
            b,
            caps,
            actors: to.into_iter().collect(),
            pawn_mover: is_pawn_form(pc.k),
            cannon_arrival,
            ep: None,
            swap: None,
            wuss_from: (pc.k == Wuss).then_some(from),
            pawn_imitation: false,
        });
    }

    /// Default target rule: an empty square or a capturable enemy.
    /// Returns whether the square was empty.
    pub(super) fn land(&mut self, from: usize, to: usize, w: bool) -> bool {
        if self.empty(to) {
            self.emit(from, Some(to), 0);
            true
        } else {
            if capturable(self.b, to, w, false) {
                self.emit(from, Some(to), bit(to));
            }
            false
        }
    }

    pub(super) fn leaps(&mut self, from: usize, w: bool, vs: &[(i32, i32)]) {
        for &(dx, dy) in vs {
            if let Some(t) = off(from, dx, dy) {
                self.land(from, t, w);
            }
        }
    }

    /// Slides (step 1) or rides (longer vectors) from `start`, the piece
    /// standing on `from`.
    pub(super) fn ride_from(&mut self, from: usize, start: usize, w: bool, v: (i32, i32)) {
        let mut s = start;
        while let Some(t) = off(s, v.0, v.1) {
            if !self.land(from, t, w) {
                break;
            }
            s = t;
        }
    }

    pub(super) fn rides(&mut self, from: usize, w: bool, vs: &[(i32, i32)]) {
        for &v in vs {
            self.ride_from(from, from, w, v);
        }
    }

    /// Empty squares along K8 lines, no capture.
    pub(super) fn passive(&mut self, from: usize) {
        for &(dx, dy) in &K8 {
            let mut s = from;
            while let Some(t) = off(s, dx, dy) {
                if !self.empty(t) {
                    break;
                }
                self.emit(from, Some(t), 0);
                s = t;
            }
        }
    }
}
