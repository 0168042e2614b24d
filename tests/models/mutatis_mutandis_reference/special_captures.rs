//! Pieces that capture other than by replacement: the Rococo pieces, the
//! shooters, the swappers and the Maoking.

use super::*;

impl Gen<'_> {
    pub(super) fn withdrawer(&mut self, from: usize, w: bool) {
        for (dx, dy) in K8 {
            let behind = off(from, -dx, -dy).filter(|&s| capturable(self.b, s, w, false));
            let caps = behind.map_or(0, bit);
            let mut s = from;
            while let Some(t) = off(s, dx, dy) {
                if !self.empty(t) {
                    break;
                }
                self.emit(from, Some(t), caps);
                s = t;
            }
        }
    }

    pub(super) fn advancer(&mut self, from: usize, w: bool) {
        for (dx, dy) in K8 {
            let mut s = from;
            while let Some(t) = off(s, dx, dy) {
                if !self.empty(t) {
                    break;
                }
                let caps = off(t, dx, dy)
                    .filter(|&n| capturable(self.b, n, w, false))
                    .map_or(0, bit);
                self.emit(from, Some(t), caps);
                s = t;
            }
        }
    }

    pub(super) fn long_leaper(&mut self, from: usize, w: bool) {
        for (dx, dy) in K8 {
            let mut jumped = 0u64;
            let mut cur = off(from, dx, dy);
            while let Some(s) = cur {
                if self.empty(s) {
                    self.emit(from, Some(s), jumped);
                    cur = off(s, dx, dy);
                    continue;
                }
                match off(s, dx, dy) {
                    Some(n) if self.empty(n) && capturable(self.b, s, w, false) => {
                        jumped |= bit(s);
                        cur = Some(n);
                    }
                    _ => break,
                }
            }
        }
    }

    /// A friendly piece (not the shooter) that spots `t` (section 5.5).
    fn spotted(&self, t: usize, w: bool, shooter: usize) -> bool {
        K8.iter().any(|&(dx, dy)| {
            let own = |s: Option<usize>| {
                s.is_some_and(|s| s != shooter && self.b[s].is_some_and(|p| p.w == w))
            };
            own(off(t, dx, dy))
                || (off(t, dx, dy).is_some_and(|m| self.empty(m)) && own(off(t, 2 * dx, 2 * dy)))
        })
    }

    pub(super) fn archer_shots(&mut self, from: usize, w: bool) {
        for (dx, dy) in K8 {
            let mut s = from;
            let mut dist = 0;
            while let Some(t) = off(s, dx, dy) {
                dist += 1;
                s = t;
                if self.empty(t) {
                    continue;
                }
                if capturable(self.b, t, w, false) && (dist <= 2 || self.spotted(t, w, from)) {
                    self.emit(from, Some(from), bit(t));
                }
                break;
            }
        }
    }

    pub(super) fn secutor(&mut self, from: usize, w: bool) {
        for o in W4 {
            let mut s = from;
            while let Some(n) = off(s, o.0, o.1) {
                if self.empty(n) {
                    self.emit(from, Some(n), 0);
                    s = n;
                    continue;
                }
                // `n` is the obstacle; deflect from `s`.
                for g in outward_diag(o) {
                    let mut d = s;
                    while let Some(t) = off(d, g.0, g.1) {
                        d = t;
                        if self.empty(t) {
                            continue;
                        }
                        if capturable(self.b, t, w, false) {
                            self.emit(from, Some(t), bit(t));
                        }
                        break;
                    }
                }
                break;
            }
        }
    }

    pub(super) fn oxybeles(&mut self, from: usize, w: bool) {
        for (dx, dy) in K8 {
            let Some(to) = off(from, dx, dy) else {
                continue;
            };
            if !self.empty(to) {
                continue;
            }
            self.emit(from, Some(to), 0);
            let Some(behind) = off(from, -dx, -dy) else {
                continue;
            };
            let Some(proj) = self.b[behind] else { continue };
            // The projectile's flight; a pawn form never reaches its own
            // first rank.
            let allowed = |s: usize| !is_pawn_form(proj.k) || rank(s) != home_rank(proj.w);
            let mut land = None;
            let mut caps = 0;
            let mut s = to;
            loop {
                match off(s, dx, dy).filter(|&t| allowed(t)) {
                    Some(t) if self.empty(t) => {
                        land = Some(t);
                        s = t;
                    }
                    Some(t) => {
                        if capturable(self.b, t, w, false) {
                            land = Some(t);
                            caps = bit(t);
                        }
                        break;
                    }
                    None => break,
                }
            }
            let Some(land) = land else { continue };
            if self.attack && caps == 0 {
                continue;
            }
            let mut b = *self.b;
            let oxy = b[from].unwrap();
            b[from] = None;
            b[behind] = None;
            b[to] = Some(Pc { moved: true, ..oxy });
            b[land] = Some(Pc {
                moved: true,
                ..proj
            });
            self.out.push(Act {
                b,
                caps,
                actors: vec![to],
                pawn_mover: false,
                cannon_arrival: None,
                ep: None,
                swap: None,
                wuss_from: None,
                pawn_imitation: false,
            });
        }
    }

    pub(super) fn banned(&self, a: usize, b: usize) -> bool {
        self.ban
            .is_some_and(|(x, y)| (x, y) == (a, b) || (x, y) == (b, a))
    }

    /// The piece on `from` and the one on `t` change places; `caps` are
    /// removed as well (a Chameleon's withdrawal and approach).
    pub(super) fn swap(&mut self, from: usize, t: usize, caps: u64) {
        if self.attack && caps == 0 {
            return;
        }
        let mut b = *self.b;
        let (me, other) = (b[from].unwrap(), b[t].unwrap());
        let mut m = caps;
        while m != 0 {
            b[m.trailing_zeros() as usize] = None;
            m &= m - 1;
        }
        b[from] = Some(Pc {
            moved: true,
            ..other
        });
        b[t] = Some(Pc { moved: true, ..me });
        let ban = other.w != me.w
            && (self.cfg.ban_any_enemy_swap || matches!(other.k, Swapper | Chameleon));
        self.out.push(Act {
            b,
            caps,
            actors: vec![t],
            pawn_mover: false,
            cannon_arrival: None,
            ep: None,
            swap: ban.then_some((from, t)),
            wuss_from: None,
            pawn_imitation: false,
        });
    }

    pub(super) fn swapper(&mut self, from: usize, w: bool) {
        self.passive(from);
        for (dx, dy) in K8 {
            let mut s = from;
            let mut adjacent = true;
            while let Some(t) = off(s, dx, dy) {
                s = t;
                if self.empty(t) {
                    adjacent = false;
                    continue;
                }
                if !self.banned(from, t) {
                    self.swap(from, t, 0);
                }
                if adjacent && capturable(self.b, t, w, false) {
                    self.emit(from, None, bit(t));
                }
                break;
            }
        }
    }

    pub(super) fn maoking(&mut self, from: usize, w: bool) {
        for (dx, dy) in K8 {
            let Some(t) = off(from, dx, dy) else { continue };
            match self.b[t] {
                None => self.emit(from, Some(t), 0),
                // Recruiting respects immunity (Shield, Mamra).
                Some(p)
                    if !self.attack
                        && p.w != w
                        && !is_royal(p.k)
                        && capturable(self.b, t, w, false) =>
                {
                    let mut b = *self.b;
                    b[t] = Some(Pc {
                        w,
                        moved: true,
                        ..p
                    });
                    self.out.push(Act {
                        b,
                        caps: 0,
                        actors: vec![from],
                        pawn_mover: false,
                        cannon_arrival: None,
                        ep: None,
                        swap: None,
                        wuss_from: None,
                        pawn_imitation: false,
                    });
                }
                _ => {}
            }
        }
    }
}
