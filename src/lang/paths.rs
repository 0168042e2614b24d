//! Path programs: the step lists behind bent, crooked, circular,
//! cylindrical and other multi-leg moves.
//!
//! A program is a list of [`Step`]s from the origin, in White's frame. A
//! piece walking it must find every square empty until it stops; it may
//! stop only where a step says so, moving to an empty square or capturing
//! there (the move's mode decides which), and it goes no further than the
//! first occupied square. A destination reachable by several programs is
//! one move, reachable when any of them is open.

/// One step of a program: the offset from the previous square and whether
/// the piece may end its move there.
pub type Step = (i8, i8, bool);

/// Most steps a program takes (enough to cross a 16x16 board in any
/// zigzag).
pub const MAX_STEPS: usize = 32;

/// The eight compass directions, counter-clockwise from straight ahead.
const COMPASS: [(i8, i8); 8] = [
    (0, 1),
    (-1, 1),
    (-1, 0),
    (-1, -1),
    (0, -1),
    (1, -1),
    (1, 0),
    (1, 1),
];

/// Every sign and order variant of the leap `(a, b)`: eight for an
/// oblique leap, four for an orthogonal or diagonal one.
pub fn leap_dirs(a: u8, b: u8) -> Vec<(i8, i8)> {
    let (a, b) = (a as i8, b as i8);
    let mut v = Vec::new();
    for (x, y) in [(a, b), (b, a)] {
        for sx in [1, -1] {
            for sy in [1, -1] {
                let d = (x * sx, y * sy);
                if !v.contains(&d) {
                    v.push(d);
                }
            }
        }
    }
    v
}

/// The vectors of the leap shape of `d`, counter-clockwise by angle.
pub fn circle(d: (i8, i8)) -> Vec<(i8, i8)> {
    let mut v = leap_dirs(d.0.unsigned_abs(), d.1.unsigned_abs());
    v.sort_by(|p, q| {
        let ap = (p.1 as f64).atan2(p.0 as f64);
        let aq = (q.1 as f64).atan2(q.0 as f64);
        ap.total_cmp(&aq)
    });
    v
}

/// `d` turned by `notches` eighths of a circle counter-clockwise. Straight
/// and diagonal vectors turn through the compass keeping their length in
/// steps (a wazir turned by one notch is a ferz); oblique ones move to the
/// next vector of their own shape by angle (a knight's eight directions).
pub fn rotate(d: (i8, i8), notches: i32) -> (i8, i8) {
    let (dx, dy) = d;
    if dx == 0 || dy == 0 || dx.abs() == dy.abs() {
        let k = dx.abs().max(dy.abs());
        let unit = (dx.signum(), dy.signum());
        let i = COMPASS.iter().position(|&c| c == unit).unwrap_or(0) as i32;
        let (ux, uy) = COMPASS[(i + notches).rem_euclid(8) as usize];
        (ux * k, uy * k)
    } else {
        let c = circle(d);
        let i = c.iter().position(|&e| e == d).unwrap_or(0) as i32;
        c[(i + notches).rem_euclid(c.len() as i32) as usize]
    }
}

/// Crooked (`z`) programs: alternate `a` with each partner `b` in
/// `partners(a)`, stopping anywhere, at most `limit` steps.
pub fn crooked(
    starts: &[(i8, i8)],
    partners: impl Fn((i8, i8)) -> Vec<(i8, i8)>,
    limit: usize,
) -> Vec<Vec<Step>> {
    let mut out = Vec::new();
    for &a in starts {
        for b in partners(a) {
            let steps = (0..limit)
                .map(|i| {
                    let d = if i % 2 == 0 { a } else { b };
                    (d.0, d.1, true)
                })
                .collect();
            out.push(steps);
        }
    }
    out
}

/// Circular (`q`) programs: each step turns one notch further, in either
/// sense, for at most one step fewer than a full circle.
pub fn circular(starts: &[(i8, i8)], limit: usize) -> Vec<Vec<Step>> {
    let mut out = Vec::new();
    for &a in starts {
        let ring = circle(a);
        let i = ring.iter().position(|&e| e == a).unwrap_or(0) as i32;
        let n = ring.len() as i32;
        for sense in [1, -1] {
            let steps = (0..(n - 1).min(limit as i32))
                .map(|k| {
                    let d = ring[(i + sense * k).rem_euclid(n) as usize];
                    (d.0, d.1, true)
                })
                .collect();
            out.push(steps);
        }
    }
    out
}

/// Straight riding programs (`o`, where the board wraps).
pub fn straight(starts: &[(i8, i8)], limit: usize) -> Vec<Vec<Step>> {
    starts
        .iter()
        .map(|&d| (0..limit).map(|_| (d.0, d.1, true)).collect())
        .collect()
}

/// Which way a leg after the first may point, given the previous leg's
/// direction.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Turn {
    /// Any of the leg's directions (the origin excepted).
    Any,
    /// Directions less than 90 degrees from the previous leg.
    Outward,
    /// The previous direction turned by one of these notch counts
    /// (XBetza's relative directions after `a`).
    Notches(Vec<i32>),
}

/// How a leg ends.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Join {
    /// The squares are passed: they must be empty.
    Pass,
    /// The piece may stop on the squares of this leg, or go on.
    MayStop,
    /// Passed, and the next leg takes exactly as many steps.
    Equal,
}

/// One leg of a multi-leg move.
#[derive(Clone, Debug)]
pub struct Leg {
    /// The leg's own directions (for the first leg: after direction
    /// modifiers; for later legs: all of the atom's, filtered by `turn`).
    pub dirs: Vec<(i8, i8)>,
    /// How its direction depends on the previous leg (ignored for the
    /// first leg).
    pub turn: Turn,
    /// Repeats its step (a rider leg).
    pub ride: bool,
    /// At least this many steps.
    pub min: usize,
    /// How it joins the next leg (ignored for the last).
    pub join: Join,
    /// The square it ends on must hold an enemy, which is captured, and
    /// the move goes on from there (a locust capture; not for the last
    /// leg).
    pub take: bool,
}

/// Most steps a rider leg of a multi-leg move takes: a leg goes one way,
/// and sixteen steps one way leave a 16x16 board.
pub const MAX_LEG_STEPS: usize = 15;

/// Most work, in steps written, that expanding one multi-leg move may
/// take. Each rider leg multiplies the paths by its directions and
/// lengths, so a few legs of any-direction riders (`[*WW-*WW-*WW-*WW]`)
/// would run to billions of paths; real pieces stay far below (the Sissa's
/// `[R=*B]` takes about 4,000).
pub const MAX_LEG_WORK: usize = 1 << 16;

/// The programs of a multi-leg move, or `None` when expanding them would
/// take more than [`MAX_LEG_WORK`] steps.
pub fn legs(legs: &[Leg]) -> Option<Vec<Vec<Step>>> {
    Some(legs_with_takes(legs)?.into_iter().map(|(p, _)| p).collect())
}

/// The programs of a multi-leg move, each with the indices of its steps
/// that capture on the way (where a leg with [`Leg::take`] ends), or
/// `None` as for [`legs`].
pub fn legs_with_takes(legs: &[Leg]) -> Option<Vec<(Vec<Step>, Vec<u8>)>> {
    let mut out = Vec::new();
    let mut budget = MAX_LEG_WORK;
    let mut walker = Walker {
        legs,
        prefix: Vec::new(),
        takes: Vec::new(),
        out: &mut out,
        budget: &mut budget,
    };
    walker.walk(0, None, 0)?;
    out.retain(|(p, _)| p.iter().any(|s| s.2));
    Some(out)
}

/// What expanding a multi-leg move carries from leg to leg.
struct Walker<'a> {
    legs: &'a [Leg],
    prefix: Vec<Step>,
    takes: Vec<u8>,
    out: &'a mut Vec<(Vec<Step>, Vec<u8>)>,
    budget: &'a mut usize,
}

impl Walker<'_> {
    fn walk(&mut self, k: usize, prev: Option<(i8, i8)>, prev_count: usize) -> Option<()> {
        let legs = self.legs;
        let leg = &legs[k];
        let last = k + 1 == legs.len();
        let equal = k > 0 && legs[k - 1].join == Join::Equal;
        let dirs: Vec<(i8, i8)> = match (prev, &leg.turn) {
            (None, _) | (Some(_), Turn::Any) => leg.dirs.clone(),
            (Some(p), Turn::Outward) => leg
                .dirs
                .iter()
                .copied()
                .filter(|d| p.0 as i32 * d.0 as i32 + p.1 as i32 * d.1 as i32 > 0)
                .collect(),
            (Some(p), Turn::Notches(ns)) => {
                let mut v: Vec<(i8, i8)> = ns.iter().map(|&n| rotate(p, n)).collect();
                v.dedup();
                v
            }
        };
        let (min, max) = if equal {
            (prev_count, prev_count)
        } else if leg.ride {
            (leg.min.max(1), MAX_LEG_STEPS)
        } else {
            (1, 1)
        };
        for d in dirs {
            let mark = self.prefix.len();
            for n in 1..=max.min(MAX_LEG_STEPS) {
                *self.budget = self.budget.checked_sub(1)?;
                let stop = if last {
                    n >= min
                } else {
                    leg.join == Join::MayStop && n >= min && !leg.take
                };
                self.prefix.push((d.0, d.1, stop));
                if !last && n >= min {
                    if leg.take {
                        self.takes.push((self.prefix.len() - 1) as u8);
                    }
                    self.walk(k + 1, Some(d), n)?;
                    if leg.take {
                        self.takes.pop();
                    }
                }
            }
            if last {
                *self.budget = self.budget.checked_sub(self.prefix.len())?;
                self.out.push((self.prefix.clone(), self.takes.clone()));
            }
            self.prefix.truncate(mark);
        }
        Some(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rotation() {
        assert_eq!(rotate((0, 1), 1), (-1, 1));
        assert_eq!(rotate((0, 1), -1), (1, 1));
        assert_eq!(rotate((1, 1), 1), (0, 1));
        assert_eq!(rotate((0, 2), 2), (-2, 0));
        assert_eq!(rotate((1, 2), 1), (-1, 2));
        assert_eq!(rotate((1, 2), -1), (2, 1));
    }

    #[test]
    fn gryphon_legs() {
        let p = legs(&[
            Leg {
                dirs: vec![(1, 1)],
                turn: Turn::Any,
                ride: false,
                min: 1,
                join: Join::Pass,
                take: false,
            },
            Leg {
                dirs: vec![(0, 1), (1, 0), (0, -1), (-1, 0)],
                turn: Turn::Outward,
                ride: true,
                min: 1,
                join: Join::Pass,
                take: false,
            },
        ])
        .unwrap();
        assert_eq!(p.len(), 2);
        assert_eq!(p[0][0], (1, 1, false));
        assert!(
            p.iter()
                .all(|s| s.len() == 1 + MAX_LEG_STEPS && s[1..].iter().all(|x| x.2))
        );
    }

    fn any_rider_leg() -> Leg {
        Leg {
            dirs: vec![(0, 1), (1, 0), (0, -1), (-1, 0)],
            turn: Turn::Any,
            ride: true,
            min: 1,
            join: Join::Pass,
            take: false,
        }
    }

    #[test]
    fn too_many_legs_stop_expanding() {
        // Two legs: 4 x 15 first legs, each followed by a rider in 4
        // directions (one program each, with every square a stop): 240.
        assert_eq!(
            legs(&[any_rider_leg(), any_rider_leg()]).unwrap().len(),
            240
        );
        // Four legs would be 60^3 x 4, about 860,000 programs.
        assert_eq!(legs(&vec![any_rider_leg(); 4]), None);
    }
}
