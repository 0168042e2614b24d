//! Path tables: the step programs of bent, crooked, circular and
//! cylindrical atoms (see [`crate::lang::paths`]) walked from every
//! square into absolute paths.

use super::Geometry;
use crate::board::{ByColor, Color, Square, SquareSet};
use crate::lang::movement::Atom;
use crate::lang::paths::Step;

/// The moves of one locust atom (XBetza `c` on a leg before the last) of
/// a kind and colour: its step programs in that colour's frame, walked
/// from the piece's square as it moves (see
/// [`Style::Locust`](crate::lang::movement::Style::Locust)).
#[derive(Clone, Debug, Default)]
pub struct LocustGen {
    /// May end on an empty square.
    pub can_move: bool,
    /// May end by capturing there too.
    pub can_capture: bool,
    /// Only as an initial move.
    pub initial: bool,
    /// Attacks this way, never moves.
    pub attack_only: bool,
    /// Index of the source atom in the piece definition.
    pub source: u8,
    /// The programs: steps from the origin, each with whether the piece
    /// may stop there.
    pub programs: Vec<Vec<Step>>,
    /// Per program, its steps that must land on an enemy and take it.
    pub takes: Vec<Vec<u8>>,
    /// Per square: the squares its moves from there may take on, on the
    /// way or where they stop, blockers aside.
    reach: Vec<SquareSet>,
}

impl LocustGen {
    /// `atom`'s moves for `color` (Black's ranks negated, and its files
    /// too where Black's side of the board is turned).
    pub fn new(
        atom: &Atom,
        (g, walls): (Geometry, SquareSet),
        color: Color,
        black_turned: bool,
        source: u8,
    ) -> LocustGen {
        let black = color == Color::Black;
        let programs = atom
            .programs
            .iter()
            .map(|p| {
                p.iter()
                    .map(|&(dx, dy, stop)| match (black, black_turned) {
                        (false, _) => (dx, dy, stop),
                        (true, false) => (dx, -dy, stop),
                        (true, true) => (-dx, -dy, stop),
                    })
                    .collect()
            })
            .collect();
        let mut t = LocustGen {
            can_move: atom.can_move,
            can_capture: atom.can_capture,
            initial: atom.initial,
            attack_only: atom.attack_only,
            source,
            programs,
            takes: atom.takes.clone(),
            reach: Vec::with_capacity(g.len()),
        };
        for from in g.squares() {
            let mut reach = SquareSet::EMPTY;
            for (prog, takes) in t.programs() {
                let mut at = from;
                for (i, &(dx, dy, stop)) in prog.iter().enumerate() {
                    let Some(sq) = g
                        .offset(at, i32::from(dx), i32::from(dy))
                        .filter(|s| !walls.contains(*s))
                    else {
                        break;
                    };
                    at = sq;
                    if takes.contains(&(i as u8)) || stop && t.can_capture {
                        reach.insert(sq);
                    }
                }
            }
            t.reach.push(reach);
        }
        t
    }

    /// Where its moves from `sq` may take, blockers aside.
    #[inline]
    pub fn reach(&self, sq: Square) -> SquareSet {
        self.reach[sq.index()]
    }

    /// Its programs, each with the steps that take on the way.
    pub fn programs(&self) -> impl Iterator<Item = (&[Step], &[u8])> + '_ {
        self.programs
            .iter()
            .zip(&self.takes)
            .map(|(p, t)| (&p[..], &t[..]))
    }
}

/// The path moves of one atom of a kind and colour: for every square, the
/// paths from it as absolute squares, each with whether the piece may
/// stop there (see [`crate::lang::paths`]).
#[derive(Clone, Debug, Default)]
pub struct PathGen {
    /// May end on an empty square.
    pub can_move: bool,
    /// May capture.
    pub can_capture: bool,
    /// Only as an initial move.
    pub initial: bool,
    /// Attacks this way, never moves.
    pub attack_only: bool,
    /// Index of the source atom in the piece definition.
    pub source: u8,
    start: Vec<u32>,
    spans: Vec<(u32, u32)>,
    steps: Vec<(Square, bool)>,
    /// Per square: where the paths from there may end, blockers aside.
    ends: Vec<SquareSet>,
}

impl PathGen {
    /// The paths from `sq`.
    #[inline]
    pub fn paths(&self, sq: Square) -> impl Iterator<Item = &[(Square, bool)]> + '_ {
        let i = sq.index();
        self.spans[self.start[i] as usize..self.start[i + 1] as usize]
            .iter()
            .map(|&(a, b)| &self.steps[a as usize..b as usize])
    }

    /// Where the paths from `sq` may end, blockers aside.
    #[inline]
    pub fn ends(&self, sq: Square) -> SquareSet {
        self.ends[sq.index()]
    }

    /// White's table of `atom`'s programs, its modes left unset.
    fn build(atom: &Atom, g: Geometry, walls: SquareSet) -> PathGen {
        let mut t = PathGen {
            start: Vec::with_capacity(g.len() + 1),
            ..PathGen::default()
        };
        let programs = fitting(atom, g);
        // Where files do not wrap, two paths from one square are equal
        // exactly when their programs agree on every step walked: the
        // prefixes walked, numbered as the nodes of a trie, tell repeats
        // apart without comparing squares.
        let prefixes = (!atom.wrap).then(|| Prefixes::of(&programs));
        let mut seen = vec![usize::MAX; prefixes.as_ref().map_or(0, |p| p.nodes)];
        let mut found = Vec::with_capacity(programs.len());
        let mut scratch = Scratch::default();
        for (n, sq) in g.squares().enumerate() {
            t.start.push(t.spans.len() as u32);
            let first = t.steps.len();
            let origin = (sq, g.file(sq), g.rank(sq));
            found.clear();
            for (i, prog) in programs.iter().enumerate() {
                let a = t.steps.len();
                walk(g, (atom.wrap, walls), origin, prog, &mut t.steps);
                let walked = t.steps.len() - a;
                if walked == 0 {
                    continue;
                }
                match &prefixes {
                    Some(p) => {
                        let node = p.node(i, walked);
                        if seen[node] == n {
                            t.steps.truncate(a);
                        } else {
                            seen[node] = n;
                            t.spans.push((a as u32, t.steps.len() as u32));
                        }
                    }
                    None => found.push((a, t.steps.len())),
                }
            }
            if prefixes.is_none() {
                t.keep_distinct(first, &found, &mut scratch);
            }
            // The square's paths were just walked: where they end.
            let mut ends = SquareSet::EMPTY;
            for &(s, stop) in &t.steps[first..] {
                if stop {
                    ends.insert(s);
                }
            }
            t.ends.push(ends);
        }
        t.start.push(t.spans.len() as u32);
        t
    }

    /// Black's table from White's: the paths from a square's mirror
    /// image, mirrored. A program walked with its ranks negated visits the
    /// mirror images of the squares it visits from the mirrored square.
    fn mirrored(&self, g: Geometry) -> PathGen {
        let mut t = PathGen {
            start: Vec::with_capacity(self.start.len()),
            spans: Vec::with_capacity(self.spans.len()),
            steps: Vec::with_capacity(self.steps.len()),
            ..PathGen::default()
        };
        for sq in g.squares() {
            t.start.push(t.spans.len() as u32);
            for path in self.paths(g.flip(sq)) {
                let a = t.steps.len() as u32;
                t.steps
                    .extend(path.iter().map(|&(s, stop)| (g.flip(s), stop)));
                t.spans.push((a, t.steps.len() as u32));
            }
            t.ends
                .push(self.ends(g.flip(sq)).iter().map(|s| g.flip(s)).collect());
        }
        t.start.push(t.spans.len() as u32);
        t
    }

    /// Appends the paths `found` (ranges of `steps` from `first` on, one
    /// square's, in program order, where files wrap) to the spans, each only the first time
    /// it occurs, and closes the gaps the repeats leave. Sorting finds the
    /// repeats without hashing or copying every path.
    fn keep_distinct(&mut self, first: usize, found: &[(usize, usize)], scratch: &mut Scratch) {
        let steps = &self.steps;
        let Scratch { order, repeat } = scratch;
        order.clear();
        order.extend(0..found.len());
        order.sort_unstable_by(|&i, &j| {
            let (p, q) = (found[i], found[j]);
            steps[p.0..p.1].cmp(&steps[q.0..q.1]).then(i.cmp(&j))
        });
        // Equal paths are now next to each other, the first one first.
        repeat.clear();
        repeat.resize(found.len(), false);
        for w in order.windows(2) {
            let (p, q) = (found[w[0]], found[w[1]]);
            if steps[p.0..p.1] == steps[q.0..q.1] {
                repeat[w[1]] = true;
            }
        }
        let mut end = first;
        for (&(a, b), _) in found.iter().zip(repeat.iter()).filter(|(_, r)| !**r) {
            self.steps.copy_within(a..b, end);
            self.spans.push((end as u32, (end + b - a) as u32));
            end += b - a;
        }
        self.steps.truncate(end);
    }
}

/// The path tables built so far, by the programs they walk: kinds often
/// share an atom (a compound and its parts, the forms mutators make), and
/// Black's table is White's mirrored, so each walk is expanded once.
pub(super) struct PathTables<'a> {
    built: Vec<(&'a Atom, ByColor<PathGen>)>,
    /// Squares no path enters or passes.
    walls: SquareSet,
    /// Black's paths are White's turned half a turn (`black_turned`).
    turned: bool,
}

impl<'a> PathTables<'a> {
    /// No tables yet, on a board with `walls`, Black's paths `turned` or
    /// mirrored.
    pub(super) fn new(walls: SquareSet, turned: bool) -> PathTables<'a> {
        PathTables {
            built: Vec::new(),
            walls,
            turned,
        }
    }

    /// The table of `atom` (atom `source` of its kind) for `color`.
    pub(super) fn get(&mut self, atom: &'a Atom, g: Geometry, color: Color, source: u8) -> PathGen {
        let same = |(a, _): &(&Atom, _)| a.wrap == atom.wrap && a.programs == atom.programs;
        let i = match self.built.iter().position(same) {
            Some(i) => i,
            None => {
                let white = PathGen::build(atom, g, self.walls);
                let symmetric = !self.turned
                    && g.squares()
                        .all(|sq| self.walls.contains(sq) == self.walls.contains(g.flip(sq)));
                let black = if symmetric {
                    white.mirrored(g)
                } else {
                    // Walls that are not their own mirror image, or Black
                    // turned: walk Black's own programs, their ranks (and
                    // files, turned) negated.
                    let mut turned = atom.clone();
                    for prog in &mut turned.programs {
                        for step in prog.iter_mut() {
                            step.1 = -step.1;
                            if self.turned {
                                step.0 = -step.0;
                            }
                        }
                    }
                    PathGen::build(&turned, g, self.walls)
                };
                self.built.push((atom, ByColor { white, black }));
                self.built.len() - 1
            }
        };

        PathGen {
            can_move: atom.can_move,
            can_capture: atom.can_capture,
            initial: atom.initial,
            attack_only: atom.attack_only,
            source,
            ..self.built[i].1[color].clone()
        }
    }
}

/// Programs' prefixes as the nodes of a trie: two prefixes have one node
/// exactly when they are equal step for step.
struct Prefixes {
    /// Where each program's nodes start in `ids`.
    start: Vec<usize>,
    /// The node of each program's prefix of one step, two steps, ...
    ids: Vec<usize>,
    /// How many nodes there are.
    nodes: usize,
}

impl Prefixes {
    /// Numbers the prefixes in sorted order, where a program shares with
    /// the one before it exactly the prefixes it shares with any earlier.
    fn of(programs: &[&[Step]]) -> Prefixes {
        let mut start = Vec::with_capacity(programs.len());
        let mut total = 0;
        for prog in programs {
            start.push(total);
            total += prog.len();
        }
        let mut ids = vec![0; total];
        let mut order: Vec<usize> = (0..programs.len()).collect();
        order.sort_unstable_by(|&a, &b| programs[a].cmp(programs[b]));
        let mut nodes = 1;
        let mut previous: Option<usize> = None;
        for &i in &order {
            let shared = previous.map_or(0, |j| {
                let (p, q) = (programs[i], programs[j]);
                p.iter().zip(q).take_while(|(x, y)| x == y).count()
            });
            for k in 0..programs[i].len() {
                ids[start[i] + k] = match previous {
                    Some(j) if k < shared => ids[start[j] + k],
                    _ => {
                        nodes += 1;
                        nodes - 1
                    }
                };
            }
            previous = Some(i);
        }
        Prefixes { start, ids, nodes }
    }

    /// The node of program `i`'s first `len` steps (`len` at least 1).
    fn node(&self, i: usize, len: usize) -> usize {
        self.ids[self.start[i] + len - 1]
    }
}

/// Buffers reused from square to square while paths are deduplicated.
#[derive(Default)]
struct Scratch {
    /// Indices of one square's paths, sorted by content.
    order: Vec<usize>,
    /// Whether each path repeats an earlier one.
    repeat: Vec<bool>,
}

/// `atom`'s programs cut to what can fit on the board, each once. A step
/// that takes the piece as many files (where they do not wrap) or ranks
/// from its origin as the board has is off the board from every square,
/// so no walk gets past it; a program left with no stop has no path, and
/// one equal to an earlier one would only repeat its paths.
fn fitting(atom: &Atom, g: Geometry) -> Vec<&[Step]> {
    let (w, h) = (i32::from(g.width), i32::from(g.height));
    let cuts: Vec<&[Step]> = atom
        .programs
        .iter()
        .map(|prog| {
            let (mut x, mut y, mut end) = (0, 0, 0);
            for (i, &(dx, dy, stop)) in prog.iter().enumerate() {
                x += i32::from(dx);
                y += i32::from(dy);
                if y.abs() >= h || (!atom.wrap && x.abs() >= w) {
                    break;
                }
                if stop {
                    end = i + 1;
                }
            }
            &prog[..end]
        })
        .collect();
    // Equal cuts are next to each other once sorted, the first one first.
    let mut order: Vec<usize> = (0..cuts.len()).collect();
    order.sort_unstable_by(|&a, &b| cuts[a].cmp(cuts[b]).then(a.cmp(&b)));
    let mut keep = vec![true; cuts.len()];
    for w in order.windows(2) {
        if cuts[w[0]] == cuts[w[1]] {
            keep[w[1]] = false;
        }
    }
    cuts.into_iter()
        .zip(keep)
        .filter(|(cut, keep)| *keep && !cut.is_empty())
        .map(|(cut, _)| cut)
        .collect()
}

/// Appends to `out` the squares program `prog` visits from `sq` (on
/// `file` and `rank`; files wrapping if `wrap`), up to the board's edge,
/// a wall or a return to `sq`, without the squares after its last stop.
fn walk(
    g: Geometry,
    (wrap, walls): (bool, SquareSet),
    (sq, mut file, mut rank): (Square, i32, i32),
    prog: &[Step],
    out: &mut Vec<(Square, bool)>,
) {
    let (w, h) = (i32::from(g.width), i32::from(g.height));
    let mut end = out.len();
    for &(dx, dy, stop) in prog {
        file += i32::from(dx);
        rank += i32::from(dy);
        if wrap {
            file = file.rem_euclid(w);
        }
        if file < 0 || file >= w || rank < 0 || rank >= h {
            break;
        }
        let next = Square((rank * w + file) as u8);
        if next == sq || walls.contains(next) {
            break;
        }
        out.push((next, stop));
        if stop {
            end = out.len();
        }
    }
    out.truncate(end);
}
