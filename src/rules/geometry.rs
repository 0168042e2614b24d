//! Board geometry: square names and per-square ray tables.

use crate::board::{Color, Square, SquareSet};

/// The board's size and the conversions that depend on it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Geometry {
    /// Number of files (columns), 1..=16.
    pub width: u8,
    /// Number of ranks (rows), 1..=16.
    pub height: u8,
}

impl Geometry {
    /// Number of squares.
    pub fn len(&self) -> usize {
        self.width as usize * self.height as usize
    }

    /// True for a board with no squares (never produced by the compiler).
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// The square at 0-based `file` and `rank`, if on the board.
    pub fn square(&self, file: i32, rank: i32) -> Option<Square> {
        if file < 0 || rank < 0 || file >= self.width as i32 || rank >= self.height as i32 {
            return None;
        }
        Some(Square((rank * self.width as i32 + file) as u8))
    }

    /// 0-based file of `sq`.
    pub fn file(&self, sq: Square) -> i32 {
        sq.0 as i32 % self.width as i32
    }

    /// 0-based rank of `sq`.
    pub fn rank(&self, sq: Square) -> i32 {
        sq.0 as i32 / self.width as i32
    }

    /// 1-based rank of `sq` counted from `color`'s own back rank.
    pub fn relative_rank(&self, sq: Square, color: Color) -> i32 {
        match color {
            Color::White => self.rank(sq) + 1,
            Color::Black => self.height as i32 - self.rank(sq),
        }
    }

    /// `sq` moved by `(dx, dy)`, if still on the board.
    pub fn offset(&self, sq: Square, dx: i32, dy: i32) -> Option<Square> {
        self.square(self.file(sq) + dx, self.rank(sq) + dy)
    }

    /// The central square (towards a1 when the middle falls between
    /// squares): where a piece is drawn by default.
    pub fn centre(&self) -> Square {
        Square(
            ((self.height as i32 - 1) / 2 * self.width as i32 + (self.width as i32 - 1) / 2) as u8,
        )
    }

    /// The squares next to `sq` (orthogonally or diagonally), as a set.
    pub fn around(&self, sq: Square) -> SquareSet {
        let mut set = SquareSet::EMPTY;
        for n in self.neighbours(sq) {
            set.insert(n);
        }
        set
    }

    /// The up to eight squares next to `sq` (a king's step away).
    pub fn neighbours(&self, sq: Square) -> impl Iterator<Item = Square> + use<> {
        let g = *self;
        const STEPS: [(i32, i32); 8] = [
            (-1, -1),
            (0, -1),
            (1, -1),
            (-1, 0),
            (1, 0),
            (-1, 1),
            (0, 1),
            (1, 1),
        ];
        STEPS
            .into_iter()
            .filter_map(move |(dx, dy)| g.offset(sq, dx, dy))
    }

    /// The square mirrored top to bottom (White's square for Black).
    pub fn flip(&self, sq: Square) -> Square {
        Square(((self.height as i32 - 1 - self.rank(sq)) * self.width as i32 + self.file(sq)) as u8)
    }

    /// Is `sq` a dark square (a1's colour)?
    pub fn is_dark(&self, sq: Square) -> bool {
        (self.file(sq) + self.rank(sq)) % 2 == 0
    }

    /// The square turned half a turn about the board's centre.
    pub fn rotate(&self, sq: Square) -> Square {
        Square(
            ((self.height as i32 - 1 - self.rank(sq)) * self.width as i32
                + (self.width as i32 - 1 - self.file(sq))) as u8,
        )
    }

    /// `color`'s square for White's `sq`: itself for White, for Black its
    /// mirror image, or its half-turned image if Black is `turned`.
    pub fn own_square(&self, sq: Square, color: Color, turned: bool) -> Square {
        match color {
            Color::White => sq,
            Color::Black if turned => self.rotate(sq),
            Color::Black => self.flip(sq),
        }
    }

    /// Name like `e4`, `j10`.
    pub fn name(&self, sq: Square) -> String {
        format!("{}{}", file_char(self.file(sq)), self.rank(sq) + 1)
    }

    /// Parses a square name like `e4` or `p16`.
    pub fn parse_square(&self, s: &str) -> Option<Square> {
        let mut chars = s.chars();
        let f = chars.next()?;
        if !f.is_ascii_lowercase() {
            return None;
        }
        let digits = chars.as_str();
        if digits.is_empty()
            || digits.len() > 2
            || !digits.bytes().all(|b| b.is_ascii_digit())
            || digits.starts_with('0')
        {
            return None;
        }
        let rank: i32 = digits.parse().ok()?;
        self.square(f as i32 - 'a' as i32, rank - 1)
    }

    /// Every square in index order.
    pub fn squares(&self) -> impl Iterator<Item = Square> + use<> {
        (0..self.len()).map(|i| Square(i as u8))
    }
}

/// The letter of a 0-based file.
pub fn file_char(file: i32) -> char {
    (b'a' + file.clamp(0, 25) as u8) as char
}

/// Every distinct step direction the variant uses, and for each direction
/// and square the squares along the ray to the board's edge.
#[derive(Clone, Debug, Default)]
pub struct Rays {
    /// Squares no ray enters or passes.
    walls: SquareSet,
    /// The lines drawn on the board (`lines`), each from one square to
    /// another along a straight line.
    drawn: Vec<(Square, Square)>,
    /// Each direction's step, and whether its rays follow the drawn lines.
    dirs: Vec<((i8, i8), bool)>,
    squares: usize,
    start: Vec<u32>,
    len: Vec<u8>,
    data: Vec<Square>,
    /// Each ray's squares as a set, by direction and square.
    sets: Vec<SquareSet>,
    /// Whether each direction's rays run to higher square indices (a
    /// ray is straight, so its first piece is the set's lowest or
    /// highest).
    ascending: Vec<bool>,
}

impl Rays {
    /// Tables for `geometry`, with no directions yet.
    pub fn new(geometry: Geometry) -> Rays {
        Rays {
            squares: geometry.len(),
            ..Rays::default()
        }
    }

    /// Tables for `geometry` whose rays stop before `walls`: a leap onto
    /// a wall has no square, a ride ends at the last square before one.
    pub fn with_walls(geometry: Geometry, walls: SquareSet) -> Rays {
        Rays {
            walls,
            ..Rays::new(geometry)
        }
    }

    /// These tables with `drawn` as the board's lines, along which the
    /// directions of [`Rays::intern_on_lines`] run.
    pub fn with_lines(self, drawn: Vec<(Square, Square)>) -> Rays {
        Rays { drawn, ..self }
    }

    /// The id of direction `d`, adding its rays if new.
    pub fn intern(&mut self, geometry: Geometry, d: (i8, i8)) -> u16 {
        self.intern_as(geometry, d, false)
    }

    /// The id of direction `d` along the drawn lines only: each step of
    /// its rays goes between two squares of one line parallel to `d`, so
    /// a ray from a square on no such line is empty.
    pub fn intern_on_lines(&mut self, geometry: Geometry, d: (i8, i8)) -> u16 {
        self.intern_as(geometry, d, true)
    }

    fn intern_as(&mut self, geometry: Geometry, d: (i8, i8), on_lines: bool) -> u16 {
        if let Some(i) = self.dirs.iter().position(|&x| x == (d, on_lines)) {
            return i as u16;
        }
        self.dirs.push((d, on_lines));
        // A step up the board, or along the rank to higher files, goes
        // to a higher index (ranks are stored one after another).
        self.ascending.push(d.1 > 0 || (d.1 == 0 && d.0 > 0));
        for sq in geometry.squares() {
            self.start.push(self.data.len() as u32);
            let mut n = 0u8;
            let mut set = SquareSet::EMPTY;
            let mut cur = sq;
            while let Some(next) = geometry.offset(cur, d.0 as i32, d.1 as i32) {
                if self.walls.contains(next)
                    || (on_lines && !self.drawn.iter().any(|&l| along(geometry, l, cur, next)))
                {
                    break;
                }
                self.data.push(next);
                set.insert(next);
                cur = next;
                n += 1;
            }
            self.len.push(n);
            self.sets.push(set);
        }
        (self.dirs.len() - 1) as u16
    }

    /// The step of direction `id`.
    pub fn dir(&self, id: u16) -> (i8, i8) {
        self.dirs[id as usize].0
    }

    /// Squares from `sq` (exclusive) along direction `id` to the edge.
    #[inline]
    pub fn ray(&self, id: u16, sq: Square) -> &[Square] {
        let i = id as usize * self.squares + sq.index();
        let s = self.start[i] as usize;
        &self.data[s..s + self.len[i] as usize]
    }

    /// The squares of [`Rays::ray`] as a set.
    #[inline]
    pub fn set(&self, id: u16, sq: Square) -> &SquareSet {
        &self.sets[id as usize * self.squares + sq.index()]
    }

    /// The first square of `occupied` along direction `id` from `sq`
    /// (exclusive), if any.
    #[inline]
    pub fn first_in(&self, id: u16, sq: Square, occupied: &SquareSet) -> Option<Square> {
        let hit = self.set(id, sq).and(occupied);
        if self.ascending[id as usize] {
            hit.lowest()
        } else {
            hit.highest()
        }
    }

    /// The first square along direction `id`, if any.
    #[inline]
    pub fn step(&self, id: u16, sq: Square) -> Option<Square> {
        let i = id as usize * self.squares + sq.index();
        if self.len[i] == 0 {
            None
        } else {
            Some(self.data[self.start[i] as usize])
        }
    }
}

/// Do `a` and `b` both lie on the drawn line `(p, q)`, and is the step
/// between them parallel to it?
fn along(g: Geometry, (p, q): (Square, Square), a: Square, b: Square) -> bool {
    let at = |s: Square| (g.file(s), g.rank(s));
    let ((px, py), (qx, qy)) = (at(p), at(q));
    let (lx, ly) = (qx - px, qy - py);
    let on = |s: Square| {
        let (x, y) = at(s);
        let (vx, vy) = (x - px, y - py);
        let dot = vx * lx + vy * ly;
        vx * ly == vy * lx && (0..=lx * lx + ly * ly).contains(&dot)
    };
    let (ax, ay) = at(a);
    let (bx, by) = at(b);
    on(a) && on(b) && (bx - ax) * ly == (by - ay) * lx
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_round_trip_on_large_boards() {
        let g = Geometry {
            width: 16,
            height: 16,
        };
        for sq in g.squares() {
            assert_eq!(g.parse_square(&g.name(sq)), Some(sq));
        }
        assert_eq!(g.parse_square("q1"), None);
        assert_eq!(g.parse_square("a17"), None);
        assert_eq!(g.parse_square("a0"), None);
        assert_eq!(g.parse_square("a01"), None);
    }

    #[test]
    fn rays_stop_at_the_edge() {
        let g = Geometry {
            width: 8,
            height: 8,
        };
        let mut r = Rays::new(g);
        let up = r.intern(g, (0, 1));
        let a1 = g.parse_square("a1").unwrap();
        assert_eq!(r.ray(up, a1).len(), 7);
        let knight = r.intern(g, (1, 2));
        assert_eq!(r.step(knight, g.parse_square("h1").unwrap()), None);
        assert_eq!(r.intern(g, (0, 1)), up);
    }

    /// The first piece found from a ray's set is the one its walk meets,
    /// on boards of several shapes, with walls, in every direction.
    #[test]
    fn first_in_a_ray_is_the_first_walked() {
        let mut seed = 0x2545_f491_4f6c_dd1du64;
        let mut next = move || {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            seed
        };
        for (width, height) in [(8, 8), (10, 8), (16, 16), (5, 12)] {
            let g = Geometry { width, height };
            let mut walls = SquareSet::EMPTY;
            walls.insert(Square(9));
            let mut r = Rays::with_walls(g, walls);
            let dirs: Vec<u16> = [(0, 1), (1, 0), (-1, -1), (1, -2), (-2, 1), (0, -3), (-1, 0)]
                .into_iter()
                .map(|d| r.intern(g, d))
                .collect();
            for _ in 0..50 {
                let occupied =
                    SquareSet([next() & next(), next() & next(), next(), next() & next()]);
                for &d in &dirs {
                    for sq in g.squares() {
                        let walked = r.ray(d, sq).iter().copied().find(|&s| occupied.contains(s));
                        assert_eq!(r.first_in(d, sq, &occupied), walked, "{width}x{height}");
                        let set: SquareSet = r.ray(d, sq).iter().copied().collect();
                        assert_eq!(*r.set(d, sq), set);
                    }
                }
            }
        }
    }
}
