//! The pawn forms, a kind's moves by its form, and the Chameleon
//! imitating its victims.

use super::*;

impl Gen<'_> {
    fn pawn(&mut self, from: usize, k: K, w: bool, imitating: bool) {
        let f = forward(w);
        let second = rank(from) == home_rank(w) + f;
        let unmoved = second
            && !imitating
            && (!self.b[from].unwrap().moved
                || (k == Pawn && self.cfg.displaced_pawn_double_steps));
        let (quiet, capture): (Steps, Steps) = match k {
            Berolina => (&[(1, 1), (-1, 1)], &[(0, 1)]),
            _ => (&[(0, 1)], &[(1, 1), (-1, 1)]),
        };
        for &(dx, dy) in quiet {
            let Some(t) = off(from, dx, dy * f) else {
                continue;
            };
            if !self.empty(t) {
                continue;
            }
            self.emit(from, Some(t), 0);
            if unmoved
                && let Some(t2) = off(t, dx, dy * f)
                && self.empty(t2)
            {
                self.emit(from, Some(t2), 0);
                if k == Pawn
                    && let Some(last) = self.out.last_mut()
                {
                    // Recorded only when an enemy pawn could take.
                    let them = !w;
                    let fe = forward(them);
                    let can = [(1, -fe), (-1, -fe)].iter().any(|&(a, c)| {
                        off(t, a, c).is_some_and(|q| {
                            self.b[q].is_some_and(|p| p.w == them && matches!(p.k, Pawn | Scorpion))
                        })
                    }) || off(t, 0, -fe)
                        .is_some_and(|q| self.b[q].is_some_and(|p| p.w == them && p.k == Berolina));
                    if can {
                        last.ep = Some((t, t2));
                    }
                }
            }
        }
        if k == Scorpion {
            for dx in [2, -2] {
                if let Some(t) = off(from, dx, f)
                    && self.empty(t)
                {
                    self.emit(from, Some(t), 0);
                }
            }
        }
        for &(dx, dy) in capture {
            let Some(t) = off(from, dx, dy * f) else {
                continue;
            };
            if capturable(self.b, t, w, true) {
                self.emit(from, Some(t), bit(t));
            }
            if k != Berolina
                && !imitating
                && let Some((skipped, victim)) = self.ep
                && skipped == t
                && self.empty(t)
                && capturable(self.b, victim, w, true)
            {
                self.emit(from, Some(t), bit(victim));
            }
        }
    }

    /// Moves of a piece of kind `k` and colour `w` standing on `from`
    /// (the board's piece there may be a Chameleon imitating `k`).
    pub(super) fn kind_moves(&mut self, from: usize, k: K, w: bool, imitating: bool) {
        match k {
            King => self.leaps(from, w, &K8),
            Maoking => self.maoking(from, w),
            Queen => self.rides(from, w, &K8),
            Sissa => self.sissa(from, w),
            Amazon => {
                self.rides(from, w, &K8);
                self.leaps(from, w, &N8);
            }
            Squeen => {
                self.rides(from, w, &K8);
                self.sissa(from, w);
            }
            Abrider => {
                self.rides(from, w, &F4);
                let v: Vec<_> = N8.to_vec();
                self.rides(from, w, &v);
            }
            Chainsaw => {
                self.rides(from, w, &W4);
                self.spotted_gryphon(from, w);
            }
            Nightrider => self.rides(from, w, &N8),
            Rose => self.rose(from, w),
            Chancellor => {
                self.rides(from, w, &W4);
                self.leaps(from, w, &N8);
            }
            Archbishop => {
                self.rides(from, w, &F4);
                self.leaps(from, w, &N8);
            }
            Dancinghorse => self.dancing_horse(from, w),
            Octopus => self.octopus(from, w),
            Dragonking => {
                self.rides(from, w, &W4);
                self.leaps(from, w, &F4);
            }
            Dragonhorse => {
                self.rides(from, w, &F4);
                self.leaps(from, w, &W4);
            }
            Knight | Hydra => self.leaps(from, w, &N8),
            Knightguard => {
                self.leaps(from, w, &N8);
                self.leaps(from, w, &K8);
            }
            Gryphon => self.bent_slider(from, w, true),
            Aanca => self.bent_slider(from, w, false),
            Crookedrook => {
                for o in W4 {
                    for p in [(o.1, o.0), (-o.1, -o.0)] {
                        self.crooked(from, w, o, p);
                    }
                }
            }
            Crookedbishop => {
                for d in F4 {
                    for p in [(d.1, -d.0), (-d.1, d.0)] {
                        self.crooked(from, w, d, p);
                    }
                }
            }
            Rook => self.rides(from, w, &W4),
            Cylbishop => self.cylindrical(from, w),
            Knightwazir => {
                self.leaps(from, w, &N8);
                self.leaps(from, w, &W4);
            }
            Knightferz => {
                self.leaps(from, w, &N8);
                self.leaps(from, w, &F4);
            }
            Paovao => self.paovao(from, w),
            Cannonpawn => self.cannon_pawn(from, w),
            Chameleon => self.chameleon(from, w),
            Swapper => self.swapper(from, w),
            Longleaper => self.long_leaper(from, w),
            Archer => {
                self.passive(from);
                self.archer_shots(from, w);
            }
            Withdrawer => self.withdrawer(from, w),
            Advancer => self.advancer(from, w),
            Immobilizer | Shield | Wuss => self.passive(from),
            Mamra => self.leaps(from, w, &K8),
            Nn11 | Nn02 | Nn31 | Nn33 | Nn04 => {
                for a in N8 {
                    for bb in partners(k, a) {
                        self.crooked(from, w, a, bb);
                    }
                }
            }
            Oxybeles => self.oxybeles(from, w),
            Secutor => self.secutor(from, w),
            Pawn | Berolina | Scorpion => self.pawn(from, k, w, imitating),
        }
    }

    fn enemy_kind(&self, s: Option<usize>, w: bool, k: K) -> Option<usize> {
        s.filter(|&s| self.b[s].is_some_and(|p| p.w != w && p.k == k))
    }

    fn chameleon(&mut self, from: usize, w: bool) {
        let cap = |g: &Self, s: Option<usize>, k: K| {
            g.enemy_kind(s, w, k)
                .filter(|&s| capturable(g.b, s, w, false))
                .map_or(0, bit)
        };
        for (dx, dy) in K8 {
            let withdraw = cap(self, off(from, -dx, -dy), Withdrawer);
            let mut jumped = 0u64;
            let mut cur = off(from, dx, dy);
            while let Some(s) = cur {
                if self.empty(s) {
                    let approach = cap(self, off(s, dx, dy), Advancer);
                    self.emit(from, Some(s), jumped | withdraw | approach);
                    cur = off(s, dx, dy);
                    continue;
                }
                let next = off(s, dx, dy);
                if cap(self, Some(s), Longleaper) != 0 && next.is_some_and(|n| self.empty(n)) {
                    jumped |= bit(s);
                    cur = next;
                    continue;
                }
                if jumped == 0 && self.enemy_kind(Some(s), w, Swapper).is_some() {
                    if !self.banned(from, s) {
                        let approach = cap(self, next, Advancer);
                        self.swap(from, s, withdraw | approach);
                    }
                    if off(from, dx, dy) == Some(s) && capturable(self.b, s, w, false) {
                        self.emit(from, None, bit(s));
                    }
                }
                break;
            }
            // Cannon Pawn: over an adjacent mount.
            if let Some(m) = off(from, dx, dy)
                && !self.empty(m)
            {
                let t = cap(self, off(m, dx, dy), Cannonpawn);
                if t != 0 {
                    self.emit(from, Some(t.trailing_zeros() as usize), t);
                }
            }
            // King form, adjacent.
            let t = cap(self, off(from, dx, dy), King);
            if t != 0 {
                self.emit(from, Some(t.trailing_zeros() as usize), t);
            }
        }
        // Every other enemy kind, by its own capture.
        let mut kinds: Vec<K> = self
            .b
            .iter()
            .flatten()
            .filter(|p| p.w != w)
            .map(|p| p.k)
            .filter(|k| {
                !matches!(
                    k,
                    Withdrawer
                        | Advancer
                        | Longleaper
                        | Swapper
                        | Cannonpawn
                        | King
                        | Immobilizer
                        | Chameleon
                        | Shield
                        | Wuss
                        | Maoking
                        | Mamra
                        | Oxybeles
                )
            })
            .collect();
        kinds.sort();
        kinds.dedup();
        for k in kinds {
            let mut sub = Gen {
                b: self.b,
                cfg: self.cfg,
                ep: None,
                ban: None,
                attack: true,
                out: Vec::new(),
            };
            sub.kind_moves(from, k, w, true);
            for mut a in sub.out {
                a.pawn_imitation = is_pawn_form(k);
                let one = a.caps.count_ones() == 1;
                let victim = a.caps.trailing_zeros() as usize;
                if one && self.b[victim].is_some_and(|p| p.k == k && p.w != w) {
                    self.out.push(a);
                }
            }
        }
    }
}
