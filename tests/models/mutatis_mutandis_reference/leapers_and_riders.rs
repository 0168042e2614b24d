//! The bent, circular, crooked and cylindrical movers, the Pao-Vao and
//! the Cannon Pawn.

use super::*;

impl Gen<'_> {
    pub(super) fn sissa(&mut self, from: usize, w: bool) {
        for &o in &W4 {
            for &d in &F4 {
                for n in 1..8 {
                    let dest = off(from, n * (o.0 + d.0), n * (o.1 + d.1));
                    let Some(dest) = dest else { continue };
                    let clear = |a: (i32, i32), bb: (i32, i32)| {
                        (1..=n)
                            .map(|i| off(from, i * a.0, i * a.1))
                            .chain(
                                (1..n).map(|j| off(from, n * a.0 + j * bb.0, n * a.1 + j * bb.1)),
                            )
                            .all(|s| s.is_some_and(|s| self.empty(s)))
                    };
                    if clear(o, d) || clear(d, o) {
                        self.land(from, dest, w);
                    }
                }
            }
        }
    }

    pub(super) fn rose(&mut self, from: usize, w: bool) {
        for i in 0..8 {
            for dir in [1, 7] {
                let mut s = from;
                for step in 0..7 {
                    let v = N8[(i + dir * step) % 8];
                    let Some(t) = off(s, v.0, v.1) else { break };
                    if !self.land(from, t, w) {
                        break;
                    }
                    s = t;
                }
            }
        }
    }

    pub(super) fn dancing_horse(&mut self, from: usize, w: bool) {
        self.leaps(from, w, &N8);
        for a in N8 {
            let Some(m) = off(from, a.0, a.1) else {
                continue;
            };
            if !self.empty(m) {
                continue;
            }
            for bb in N8 {
                if let Some(t) = off(m, bb.0, bb.1)
                    && t != from
                {
                    self.land(from, t, w);
                }
            }
        }
    }

    pub(super) fn octopus(&mut self, from: usize, w: bool) {
        let bent = |first: (i32, i32), seconds: [(i32, i32); 2], g: &mut Self| {
            let Some(m1) = off(from, first.0, first.1) else {
                return;
            };
            if !g.empty(m1) {
                return;
            }
            for e in seconds {
                let Some(m2) = off(m1, e.0, e.1) else {
                    continue;
                };
                if g.empty(m2) {
                    g.ride_from(from, m2, w, e);
                }
            }
        };
        for d in F4 {
            bent(d, outward_orth(d), self);
        }
        for o in W4 {
            bent(o, outward_diag(o), self);
        }
    }

    /// Gryphon (`first` diagonal, then outward orthogonal slides) and
    /// Aanca (orthogonal, then outward diagonal).
    pub(super) fn bent_slider(&mut self, from: usize, w: bool, diagonal_first: bool) {
        let firsts = if diagonal_first { F4 } else { W4 };
        for d in firsts {
            let Some(m) = off(from, d.0, d.1) else {
                continue;
            };
            if self.land(from, m, w) {
                let outs = if diagonal_first {
                    outward_orth(d)
                } else {
                    outward_diag(d)
                };
                for e in outs {
                    self.ride_from(from, m, w, e);
                }
            }
        }
    }

    /// The Dragon's spotted gryphon: a ferz step, then outward dabbaba
    /// leaps.
    pub(super) fn spotted_gryphon(&mut self, from: usize, w: bool) {
        for d in F4 {
            let Some(m) = off(from, d.0, d.1) else {
                continue;
            };
            if self.land(from, m, w) {
                for e in outward_orth(d) {
                    self.ride_from(from, m, w, (2 * e.0, 2 * e.1));
                }
            }
        }
    }

    /// Alternating paths a, b, a, b, ... (crooked pieces).
    pub(super) fn crooked(&mut self, from: usize, w: bool, a: (i32, i32), bb: (i32, i32)) {
        let mut s = from;
        for i in 0.. {
            let v = if i % 2 == 0 { a } else { bb };
            let Some(t) = off(s, v.0, v.1) else { break };
            if !self.land(from, t, w) {
                break;
            }
            s = t;
        }
    }

    pub(super) fn cylindrical(&mut self, from: usize, w: bool) {
        for (dx, dy) in F4 {
            let mut s = from;
            loop {
                let r = rank(s) + dy;
                if !(0..8).contains(&r) {
                    break;
                }
                let t = (r * 8 + (file(s) + dx).rem_euclid(8)) as usize;
                if !self.land(from, t, w) {
                    break;
                }
                s = t;
            }
        }
    }

    pub(super) fn paovao(&mut self, from: usize, w: bool) {
        self.passive(from);
        for (dx, dy) in K8 {
            let mut s = from;
            let mut screen = false;
            while let Some(t) = off(s, dx, dy) {
                s = t;
                if self.empty(t) {
                    continue;
                }
                if screen {
                    if capturable(self.b, t, w, false) {
                        self.emit(from, Some(t), bit(t));
                    }
                    break;
                }
                screen = true;
            }
        }
    }

    pub(super) fn cannon_pawn(&mut self, from: usize, w: bool) {
        for (dx, dy) in K8 {
            let Some(t) = off(from, dx, dy) else { continue };
            if self.empty(t) {
                self.emit(from, Some(t), 0);
            } else if let Some(t2) = off(t, dx, dy) {
                self.land(from, t2, w);
            }
        }
    }
}
