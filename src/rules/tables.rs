//! Per-direction, per-square tables and the `finish` step that derives
//! every fast-path flag from the piece definitions.

use super::paths::PathTables;
use super::{LocustGen, PathGen, PieceDef, Rays, Rules};
use crate::board::{ByColor, Color, KindSet, MutatorSet, PieceKind, Square, SquareSet};
use crate::lang::movement::{Style, lame_path};

/// One generator step for a kind and colour: a direction with how to
/// travel it. Built from a piece's [`crate::lang::movement::Atom`]s with
/// Black's mirrored.
#[derive(Clone, Debug)]
pub struct GenAtom {
    /// Direction id in [`Rays`].
    pub dir: u16,
    /// How it travels.
    pub style: Style,
    /// Most steps (riders) or most steps to the screen (hoppers); 255 for
    /// unlimited.
    pub range: u8,
    /// May end on an empty square.
    pub can_move: bool,
    /// May capture.
    pub can_capture: bool,
    /// Only as an initial move (pawns: from a double-step rank).
    pub initial: bool,
    /// Rider that skips its first square.
    pub skip_first: bool,
    /// For lame leapers, the path squares relative to the origin.
    pub lame: Vec<(i8, i8)>,
    /// A pawn's quiet two-square advance along a line (`D` or `A` shape),
    /// which opens en passant on the square it passes, initial or not.
    pub double_step: bool,
    /// Index of the source atom in the piece definition.
    pub source: u8,
    /// The squares it moves from, for an atom of a kind's `zone_betza`
    /// (always a plain leap, so only ever in a leap table); `None`:
    /// every square.
    pub from: Option<SquareSet>,
    /// Kinds a hop may not use as its screen (the kind's `cannot_hop`).
    pub bad_screens: KindSet,
}

/// One line of a kind with a capture mode ([`super::CaptureMode`]): a
/// direction it moves along, the opposite one (where a withdrawal's
/// victim stands), and how far it goes.
#[derive(Clone, Copy, Debug)]
pub struct ModeLine {
    /// Direction id in [`Rays`].
    pub dir: u16,
    /// The opposite direction's id.
    pub back: u16,
    /// Most steps (1 for a leap, 255 for unlimited).
    pub range: u8,
    /// Index of the source atom in the piece definition.
    pub source: u8,
    /// For a single step: the two directions 45 degrees either side of
    /// it (a collider's turns).
    pub turns: Option<[u16; 2]>,
}

impl GenAtom {
    /// Does `self` generate every move `other` does: the same direction and
    /// travel, and at least its modes?
    fn covers(&self, other: &GenAtom) -> bool {
        self.dir == other.dir
            && self.style == other.style
            && self.range == other.range
            && self.initial == other.initial
            && self.skip_first == other.skip_first
            && self.lame == other.lame
            && self.double_step == other.double_step
            && self.from == other.from
            && self.bad_screens == other.bad_screens
            && (self.can_move || !other.can_move)
            && (self.can_capture || !other.can_capture)
    }

    /// Every square this atom could end on from `sq`, whatever stands
    /// where (a superset of its moves in any position).
    fn reach(&self, rays: &Rays, sq: crate::board::Square) -> SquareSet {
        let ray = rays.ray(self.dir, sq);
        let range = usize::from(self.range);
        let squares: &[crate::board::Square] = match self.style {
            Style::Leap => &ray[..ray.len().min(1)],
            Style::Ride => {
                let first = usize::from(self.skip_first).min(ray.len());
                &ray[first..ray.len().min(range)]
            }
            // Beyond a screen or hurdle on the ray, never its first square.
            Style::Hop => &ray[ray.len().min(1)..],
            Style::Grasshopper => &ray[ray.len().min(1)..ray.len().min(range + 1)],
            Style::Path | Style::Locust => &[],
        };
        squares.iter().copied().collect()
    }
}

/// Can two of a kind's atoms make the same move: both reach a square in
/// a mode they share (`RD`: the rook's two-square slide and the dabbaba's
/// leap onto an empty square)? Then the kind's moves are deduplicated
/// when generated; otherwise, as for every FIDE piece, they need not be.
/// (Path moves always are: one path atom can reach a square twice.)
fn overlapping(g: super::Geometry, rays: &Rays, list: &[GenAtom]) -> bool {
    // Every atom reaches squares along its own direction from the square
    // it starts on, so two can meet only along one line, one way, and in
    // a mode both have; most kinds have no such pair.
    let parallel = |a: &GenAtom, b: &GenAtom| {
        let ((ax, ay), (bx, by)) = (rays.dir(a.dir), rays.dir(b.dir));
        let (ax, ay, bx, by) = (i32::from(ax), i32::from(ay), i32::from(bx), i32::from(by));
        ax * by == ay * bx && ax * bx + ay * by > 0
    };
    let shares =
        |a: &GenAtom, b: &GenAtom| (a.can_move && b.can_move) || (a.can_capture && b.can_capture);
    let may_meet = list
        .iter()
        .enumerate()
        .any(|(i, a)| list[..i].iter().any(|b| shares(a, b) && parallel(a, b)));
    if !may_meet {
        return false;
    }
    g.squares().any(|sq| {
        let mut moves = SquareSet::EMPTY;
        let mut captures = SquareSet::EMPTY;
        list.iter().any(|a| {
            let reach = a.reach(rays, sq);
            let met = (a.can_move && !reach.and(&moves).is_empty())
                || (a.can_capture && !reach.and(&captures).is_empty());
            if a.can_move {
                moves |= reach;
            }
            if a.can_capture {
                captures |= reach;
            }
            met
        })
    })
}

/// The plain leaps of one kind and colour with the same mode, merged into
/// one target list per square (a knight is one table, not eight atoms).
#[derive(Clone, Debug, Default)]
pub struct LeapTable {
    /// May end on an empty square.
    pub can_move: bool,
    /// May capture.
    pub can_capture: bool,
    start: Vec<u32>,
    targets: Vec<(crate::board::Square, u8)>,
}

impl LeapTable {
    /// Targets from `sq`, each with the source atom index.
    #[inline]
    pub fn from(&self, sq: crate::board::Square) -> &[(crate::board::Square, u8)] {
        let i = sq.index();
        &self.targets[self.start[i] as usize..self.start[i + 1] as usize]
    }
}

/// One reverse attack pattern: from a target square, where to look for an
/// attacker, and which kinds attack that way.
#[derive(Clone, Debug)]
pub struct AttackAtom {
    /// Direction id from the target back towards the attacker.
    pub dir: u16,
    /// How the attacker travels.
    pub style: Style,
    /// As in [`GenAtom::range`].
    pub range: u8,
    /// Rider that skips its first square.
    pub skip_first: bool,
    /// Lame path relative to the attacker.
    pub lame: Vec<(i8, i8)>,
    /// Only attackers allowed their initial moves count.
    pub initial: bool,
    /// The kinds that attack this way.
    pub kinds: KindSet,
    /// As in [`GenAtom::from`]: the squares it attacks from.
    pub from: Option<SquareSet>,
    /// As in [`GenAtom::bad_screens`].
    pub bad_screens: KindSet,
}

impl AttackAtom {
    /// The squares a lame leap of this atom from `src` passes over (its
    /// legs), `None` where one is off the board or a wall.
    pub(crate) fn legs(
        &self,
        g: super::Geometry,
        walls: &SquareSet,
        src: Square,
    ) -> Option<SquareSet> {
        let mut set = SquareSet::EMPTY;
        for &(dx, dy) in &self.lame {
            let s = g.offset(src, i32::from(dx), i32::from(dy))?;
            if walls.contains(s) {
                return None;
            }
            set.insert(s);
        }
        Some(set)
    }
}

/// For each target square, the squares a plain leap attack can come from,
/// each with the kinds that attack that way (the reverse of all plain
/// capturing leaps of one side, merged).
#[derive(Clone, Debug, Default)]
pub struct LeapAttacks {
    start: Vec<u32>,
    sources: Vec<(crate::board::Square, KindSet)>,
    /// Per square, the squares of its sources as a set.
    from: Vec<SquareSet>,
}

impl LeapAttacks {
    /// Possible attacker squares of `sq`, with the attacking kinds.
    #[inline]
    pub fn of(&self, sq: crate::board::Square) -> &[(crate::board::Square, KindSet)] {
        let i = sq.index();
        &self.sources[self.start[i] as usize..self.start[i + 1] as usize]
    }

    /// The squares of [`LeapAttacks::of`] as a set: where none holds a
    /// piece of the attacking side, no leap attacks `sq`.
    #[inline]
    pub fn from(&self, sq: crate::board::Square) -> &SquareSet {
        &self.from[sq.index()]
    }
}

/// Fills the derived tables of `rules`: generator and attack tables, the
/// pawn zones, royal flags, hash keys and the fast-path flags.
pub fn finish(rules: &mut Rules) {
    move_tables(rules);
    kind_flags(rules);
    zones(rules);
    fast_paths(rules);
    rules.zobrist = super::Zobrist::new(
        rules.pieces.len(),
        rules.geometry.len(),
        rules.castling.white.len() + rules.castling.black.len(),
    );
}

/// Where each path-capturing kind's capturing paths may end from each
/// square, and reversed, per target square, the squares some such path
/// may come from: the attack test walks only paths that may end on its
/// square.
#[allow(clippy::type_complexity)]
fn path_reach(
    g: super::Geometry,
    paths: &ByColor<Vec<Vec<PathGen>>>,
    attackers: &ByColor<KindSet>,
) -> (ByColor<Vec<Vec<SquareSet>>>, ByColor<Vec<SquareSet>>) {
    let mut reach: ByColor<Vec<Vec<SquareSet>>> = ByColor::default();
    let mut sources: ByColor<Vec<SquareSet>> = ByColor::default();
    for color in Color::ALL {
        if attackers[color].is_empty() {
            continue;
        }
        // Per square, where some kind's capturing paths from there end.
        let mut any = vec![SquareSet::EMPTY; g.len()];
        for (k, tables) in paths[color].iter().enumerate() {
            if !attackers[color].contains(PieceKind(k as u8)) {
                reach[color].push(Vec::new());
                continue;
            }
            let mut of_kind = vec![SquareSet::EMPTY; g.len()];
            for from in g.squares() {
                let ends = &mut of_kind[from.index()];
                for t in tables.iter().filter(|t| t.can_capture) {
                    *ends |= t.ends(from);
                }
                any[from.index()] |= *ends;
            }
            reach[color].push(of_kind);
        }
        sources[color] = vec![SquareSet::EMPTY; g.len()];
        for from in g.squares() {
            for s in any[from.index()].iter() {
                sources[color][s.index()].insert(from);
            }
        }
    }
    (reach, sources)
}

/// The per-kind generator tables (leap tables, other atoms, paths) and
/// the attack tables, per colour.
fn move_tables(rules: &mut Rules) {
    let g = rules.geometry;
    let mut rays = Rays::with_walls(g, rules.walls).with_lines(rules.drawn_lines.clone());
    let mut gen_tables: ByColor<Vec<Vec<GenAtom>>> = ByColor::default();
    let mut leap_tables: ByColor<Vec<Vec<LeapTable>>> = ByColor::default();
    let mut attack: ByColor<Vec<AttackAtom>> = ByColor::default();
    let mut repeats: ByColor<Vec<bool>> = ByColor::default();
    let mut path_tables: ByColor<Vec<Vec<PathGen>>> = ByColor::default();
    let mut path_attackers: ByColor<KindSet> = ByColor::default();
    let mut locust_tables: ByColor<Vec<Vec<LocustGen>>> = ByColor::default();
    let mut locust_attackers: ByColor<KindSet> = ByColor::default();
    let mut path_cache = PathTables::new(rules.walls, rules.black_turned);
    let mut mode_lines: ByColor<Vec<Vec<ModeLine>>> = ByColor::default();
    for color in Color::ALL {
        for (k, def) in rules.pieces.iter().enumerate() {
            mode_lines[color].push(lines_of_mode(g, &mut rays, def, color, rules.black_turned));
            let mut list: Vec<GenAtom> = Vec::new();
            let mut paths: Vec<PathGen> = Vec::new();
            let mut locusts: Vec<LocustGen> = Vec::new();
            // The squares from which the kind's `zone_betza` leaps apply.
            let zone: Option<SquareSet> = def.zone_ranks.as_ref().map(|ranks| {
                g.squares()
                    .filter(|&sq| ranks.contains(&g.relative_rank(sq, color)))
                    .collect()
            });
            for (ai, atom) in def.atoms.iter().enumerate() {
                if atom.style == Style::Locust {
                    // Every locust move captures on the way.
                    locusts.push(LocustGen::new(
                        atom,
                        (g, rules.walls),
                        color,
                        rules.black_turned,
                        ai as u8,
                    ));
                    locust_attackers[color].insert(PieceKind(k as u8));
                    continue;
                }
                if atom.style == Style::Path {
                    paths.push(path_cache.get(atom, g, color, ai as u8));
                    if atom.can_capture {
                        path_attackers[color].insert(PieceKind(k as u8));
                    }
                    continue;
                }
                let zoned = (def.zone_start..def.line_start).contains(&ai);
                add_dirs(
                    g,
                    &mut rays,
                    atom,
                    (color, rules.black_turned, k, ai),
                    AtomPlace {
                        pawn: def.pawn,
                        from: if zoned { zone } else { None },
                        on_lines: ai >= def.line_start,
                        bad_screens: def.cannot_hop,
                    },
                    &mut list,
                    &mut attack[color],
                );
            }
            let moving_paths = paths.iter().any(|p| !p.attack_only) || !locusts.is_empty();
            locust_tables[color].push(locusts);
            // Two atoms along one direction repeat moves only in a mode
            // both have (`mRcpR` never does).
            let twice = |a: &GenAtom, b: &GenAtom| {
                a.dir == b.dir && ((a.can_move && b.can_move) || (a.can_capture && b.can_capture))
            };
            repeats[color].push(
                moving_paths
                    || list
                        .iter()
                        .enumerate()
                        .any(|(i, a)| list[..i].iter().any(|b| twice(a, b)))
                    || overlapping(g, &rays, &list),
            );
            path_tables[color].push(paths);
            let tables = leap_tables_of(g, &rays, &mut list);
            leap_tables[color].push(tables);
            gen_tables[color].push(list);
        }
        // Cheap checks first: single leaps, then rides.
        attack[color].sort_by_key(|a| (a.style != Style::Leap, a.initial));
    }
    rules.tables.leap_attacks = ByColor::new_with(|color| {
        let mut t = LeapAttacks::default();
        for sq in g.squares() {
            t.start.push(t.sources.len() as u32);
            let first = t.sources.len();
            for a in attack[color]
                .iter()
                .filter(|a| a.style == Style::Leap && !a.initial && a.lame.is_empty())
            {
                if let Some(src) = rays.step(a.dir, sq)
                    && a.from.is_none_or(|z| z.contains(src))
                {
                    match t.sources[first..].iter_mut().find(|(s, _)| *s == src) {
                        Some(entry) => entry.1 |= a.kinds,
                        None => t.sources.push((src, a.kinds)),
                    }
                }
            }
            t.from
                .push(t.sources[first..].iter().map(|&(s, _)| s).collect());
        }
        t.start.push(t.sources.len() as u32);
        t
    });
    for color in Color::ALL {
        attack[color].retain(|a| !(a.style == Style::Leap && !a.initial && a.lame.is_empty()));
    }
    rules.tables.may_repeat = repeats;
    (rules.tables.path_reach, rules.tables.path_sources) =
        path_reach(g, &path_tables, &path_attackers);
    rules.tables.paths_of = path_tables;
    rules.tables.locusts_of = locust_tables;
    rules.tables.locust_attackers = locust_attackers;
    rules.tables.path_attackers = path_attackers;
    rules.tables.leaps = leap_tables;
    if rules
        .pieces
        .iter()
        .any(|p| p.capture == Some(super::CaptureMode::Shoot))
    {
        rules.tables.unit_dirs = [
            (0, 1),
            (1, 1),
            (1, 0),
            (1, -1),
            (0, -1),
            (-1, -1),
            (-1, 0),
            (-1, 1),
        ]
        .into_iter()
        .map(|d| rays.intern(g, d))
        .collect();
    }
    rules.tables.rays = rays;
    rules.tables.moves_of = gen_tables;
    rules.tables.mode_lines = mode_lines;
    rules.tables.attack = attack;
    rules.tables.around = g.squares().map(|sq| g.around(sq)).collect();
    rules.tables.a1_colour = g
        .squares()
        .filter(|&sq| (g.file(sq) + g.rank(sq)) % 2 == 0)
        .collect();
    rules.tables.lines = g
        .squares()
        .map(|sq| {
            let mut set = SquareSet::EMPTY;
            for a in Color::ALL.iter().flat_map(|&c| &rules.tables.attack[c]) {
                if a.style == Style::Leap {
                    // A leap kept here (lame or initial-only): its source
                    // and legs.
                    if let Some(src) = rules.tables.rays.step(a.dir, sq)
                        && let Some(legs) = a.legs(g, &rules.walls, src)
                    {
                        set.insert(src);
                        set |= legs;
                    }
                } else {
                    for &s in rules
                        .tables
                        .rays
                        .ray(a.dir, sq)
                        .iter()
                        .take(a.range as usize)
                    {
                        set.insert(s);
                    }
                }
            }
            set
        })
        .collect();
}

/// Where an atom of a kind applies: whether the kind is a pawn, the
/// squares it moves from (`zone_betza`), whether it follows the drawn
/// lines (`line_betza`), and the screens its hops refuse.
struct AtomPlace {
    pawn: bool,
    from: Option<SquareSet>,
    on_lines: bool,
    bad_screens: KindSet,
}

/// Adds the directions of `atom` (atom `ai` of kind `k`, for `color`) to
/// the kind's generator atoms `list` and, where it captures, to the
/// colour's attack atoms (looked at from the target, so reversed).
/// The lines of `def` for `color` if it has a capture mode: each
/// direction of its leaps and rides (the compiler allows no others).
fn lines_of_mode(
    g: super::Geometry,
    rays: &mut Rays,
    def: &PieceDef,
    color: Color,
    turned: bool,
) -> Vec<ModeLine> {
    if def.capture.is_none() {
        return Vec::new();
    }
    let flip = |(dx, dy): (i8, i8)| match color {
        Color::White => (dx, dy),
        Color::Black if turned => (-dx, -dy),
        Color::Black => (dx, -dy),
    };
    // Only a collider's or slinger's lines need their turns.
    let steps = def.capture.is_some_and(|m| m.needs_steps());
    let mut lines = Vec::new();
    for (ai, atom) in def.atoms.iter().enumerate() {
        let range = match atom.style {
            Style::Leap => 1,
            Style::Ride if atom.range == 0 => 255,
            Style::Ride => atom.range,
            _ => continue,
        };
        for &d in &atom.dirs {
            let (dx, dy) = flip(d);
            let turns = match (dx, dy) {
                _ if !steps => None,
                (x, 0) if x.abs() == 1 => Some([(x, 1), (x, -1)]),
                (0, y) if y.abs() == 1 => Some([(1, y), (-1, y)]),
                (x, y) if x.abs() == 1 && y.abs() == 1 => Some([(x, 0), (0, y)]),
                _ => None,
            };
            lines.push(ModeLine {
                dir: rays.intern(g, (dx, dy)),
                back: rays.intern(g, (-dx, -dy)),
                range,
                source: ai as u8,
                turns: turns.map(|[a, b]| [rays.intern(g, a), rays.intern(g, b)]),
            });
        }
    }
    lines
}

fn add_dirs(
    g: super::Geometry,
    rays: &mut Rays,
    atom: &crate::lang::movement::Atom,
    (color, turned, k, ai): (Color, bool, usize, usize),
    place: AtomPlace,
    list: &mut Vec<GenAtom>,
    attack: &mut Vec<AttackAtom>,
) {
    let AtomPlace {
        pawn,
        from,
        on_lines,
        bad_screens,
    } = place;
    let bad_screens = if atom.style == Style::Hop {
        bad_screens
    } else {
        KindSet::EMPTY
    };
    let mut intern = |d: (i8, i8)| {
        if on_lines {
            rays.intern_on_lines(g, d)
        } else {
            rays.intern(g, d)
        }
    };
    let flip = |(dx, dy): (i8, i8)| match color {
        Color::White => (dx, dy),
        Color::Black if turned => (-dx, -dy),
        Color::Black => (dx, -dy),
    };
    for &d in &atom.dirs {
        let d = flip(d);
        let dir = intern(d);
        let range = if atom.range == 0 { 255 } else { atom.range };
        let lame = if atom.lame {
            lame_path(d.0, d.1)
        } else {
            Vec::new()
        };
        if !atom.attack_only {
            let a = GenAtom {
                dir,
                style: atom.style,
                range,
                can_move: atom.can_move,
                can_capture: atom.can_capture,
                initial: atom.initial,
                skip_first: atom.skip_first,
                lame: lame.clone(),
                double_step: pawn
                    && atom.can_move
                    && atom.style == Style::Leap
                    && d.0 % 2 == 0
                    && d.1 % 2 == 0
                    && d.0.abs().max(d.1.abs()) == 2,
                source: ai as u8,
                from,
                bad_screens,
            };
            // A direction already there with the same travel
            // and at least these modes (`KW`: the W of K) adds
            // nothing.
            if !list.iter().any(|b| b.covers(&a)) {
                list.push(a);
            }
        }
        if atom.can_capture {
            let back = intern((-d.0, -d.1));
            let table = &mut *attack;
            match table.iter_mut().find(|a| {
                a.dir == back
                    && a.style == atom.style
                    && a.range == range
                    && a.skip_first == atom.skip_first
                    && a.lame == lame
                    && a.initial == atom.initial
                    && a.from == from
                    && a.bad_screens == bad_screens
            }) {
                Some(a) => a.kinds.insert(PieceKind(k as u8)),
                None => table.push(AttackAtom {
                    dir: back,
                    style: atom.style,
                    range,
                    skip_first: atom.skip_first,
                    lame,
                    initial: atom.initial,
                    kinds: KindSet::of(PieceKind(k as u8)),
                    from,
                    bad_screens,
                }),
            }
        }
    }
}

/// Moves the plain leaps of `list` (no lame path, not initial-only) into
/// per-square tables, one per mode.
fn leap_tables_of(g: super::Geometry, rays: &Rays, list: &mut Vec<GenAtom>) -> Vec<LeapTable> {
    let simple =
        |a: &GenAtom| a.style == Style::Leap && !a.initial && a.lame.is_empty() && !a.double_step;
    let mut tables: Vec<LeapTable> = Vec::new();
    for mode in [(true, true), (true, false), (false, true)] {
        let group: Vec<&GenAtom> = list
            .iter()
            .filter(|a| simple(a) && (a.can_move, a.can_capture) == mode)
            .collect();
        if group.is_empty() {
            continue;
        }
        let mut t = LeapTable {
            can_move: mode.0,
            can_capture: mode.1,
            ..LeapTable::default()
        };
        for sq in g.squares() {
            t.start.push(t.targets.len() as u32);
            for a in &group {
                if a.from.is_some_and(|z| !z.contains(sq)) {
                    continue;
                }
                if let Some(to) = rays.step(a.dir, sq) {
                    t.targets.push((to, a.source));
                }
            }
        }
        t.start.push(t.targets.len() as u32);
        tables.push(t);
    }
    list.retain(|a| !simple(a));
    tables
}

/// What the definitions say of each kind: the derived parts of
/// [`super::KindFacts`] and [`super::Auras`].
fn kind_flags(rules: &mut Rules) {
    let g = rules.geometry;
    rules.kinds.royal = rules.pieces.iter().map(|p| p.royal).collect();
    rules.kinds.any_scripted = rules.kinds.scripted.contains(&true);
    let patterns = &rules.ending.insufficient_material;
    rules.kinds.dead_listed = patterns
        .iter()
        .flat_map(|d| &d.sides)
        .flat_map(|side| side.counts.iter().map(|(k, _)| k).chain(&side.open))
        .copied()
        .collect();
    rules.kinds.dead_most = patterns
        .iter()
        .try_fold(0, |most, d| Some(d.most()?.max(most)));
    rules.kinds.script_reach = rules
        .pieces
        .iter()
        .map(|p| {
            let derived;
            let atoms = match (&p.attacks_within, p.capture) {
                (Some(atoms), _) => atoms,
                (None, Some(super::CaptureMode::Imitate | super::CaptureMode::Collide)) => {
                    return None;
                }
                (None, Some(mode)) => {
                    derived = mode_reach(&p.atoms, mode);
                    &derived
                }
                (None, None) => return None,
            };
            Some(ByColor::new_with(|color| {
                g.squares()
                    .map(|from| reach_on_empty_board(g, atoms, (color, rules.black_turned), from))
                    .collect()
            }))
        })
        .collect();
    rules.auras.capturable_by = rules
        .pieces
        .iter()
        .map(|p| p.captured_by.unwrap_or(KindSet::ALL))
        .collect();
    rules.auras.immunity = rules.pieces.iter().any(|p| p.captured_by.is_some());
    rules.auras.must_move = rules.pieces.iter().any(|p| p.must_move);
    rules.auras.immobile_in_check = rules.pieces.iter().any(|p| p.immobile_in_check);
    rules.auras.freeze_mask = rules
        .pieces
        .iter()
        .map(|p| p.freezes.unwrap_or_default())
        .collect();
    rules.auras.freezers = kinds_where(&rules.pieces, |p| p.freezes.is_some_and(|m| !m.is_empty()));
    rules.auras.protectors = kinds_where(&rules.pieces, |p| p.protects);
    rules.kinds.promoters = kinds_where(&rules.pieces, |p| p.promotes != super::Promotes::Never);
    rules.auras.capture_limits = rules.auras.immunity || !rules.auras.protectors.is_empty();
    rules.kinds.pawn = rules.pieces.iter().map(|p| p.pawn).collect();
    rules.kinds.no_swap_back = kinds_where(&rules.pieces, |p| p.no_swap_back);
    let by_bit = rules.pawns.double_step_unmoved();
    rules.kinds.rights_lost_to = rules.pieces.iter().any(|p| !p.initial_lost_to.is_empty());
    rules.kinds.tracks_unmoved = rules
        .pieces
        .iter()
        .map(|p| (!p.pawn || by_bit) && p.atoms.iter().any(|a| a.initial))
        .collect();
    rules.kinds.uses_unmoved = rules.kinds.tracks_unmoved.iter().any(|&t| t);
}

/// The pawns' promotion and double-step zones, and the double-step zones
/// mutators add.
fn zones(rules: &mut Rules) {
    let g = rules.geometry;
    let zone = |ranks: &[i32], color: Color| -> SquareSet {
        g.squares()
            .filter(|&sq| ranks.contains(&g.relative_rank(sq, color)))
            .collect()
    };
    let turned = rules.black_turned;
    for color in Color::ALL {
        // Squares given from White's side, and their mirror (or turned)
        // images for Black.
        let own = |squares: &[Square]| -> SquareSet {
            squares
                .iter()
                .map(|&sq| g.own_square(sq, color, turned))
                .collect()
        };
        rules.pawns.promotion_zone[color] = match &rules.pawns.promotion_squares {
            Some(squares) => own(squares),
            None => zone(&rules.pawns.promotion_ranks, color),
        };
        if rules.pawns.in_place {
            // Moves never promote: the zone is where a pawn promotes in
            // place.
            rules.pawns.in_place_zone[color] = rules.pawns.promotion_zone[color];
            rules.pawns.promotion_zone[color] = SquareSet::EMPTY;
        }
        rules.pawns.optional_zone[color] = zone(&rules.pawns.optional_promotion_ranks, color);
        rules.pawns.double_step_zone[color] =
            zone(&rules.pawns.double_step_ranks, color).or(&own(&rules.pawns.double_step_squares));
        rules.pawns.en_passant_zone[color] = match &rules.pawns.en_passant_ranks {
            Some(ranks) => zone(ranks, color),
            None => g.squares().collect(),
        };
        rules.kinds.drop_zone[color] = rules
            .pieces
            .iter()
            .map(|p| match &p.drop_ranks {
                Some(ranks) => zone(ranks, color),
                None => g.squares().collect(),
            })
            .collect();
    }
    if !rules.walls.is_empty() {
        let open: SquareSet = g
            .squares()
            .filter(|&sq| !rules.walls.contains(sq))
            .collect();
        for color in Color::ALL {
            for zone in &mut rules.kinds.drop_zone[color] {
                *zone = zone.and(&open);
            }
        }
    }
    regions(rules);
    stranding(rules);
    rules.kinds.promotion_limits = rules.pieces.iter().any(|p| p.promotion_limit.is_some());
    rules.kinds.drop_limits = rules
        .pieces
        .iter()
        .any(|p| p.drop_file_limit.is_some() || !p.mate_by_drop);
    rules.masks.extra_double_step = rules
        .mutators
        .iter()
        .enumerate()
        .filter(|(_, m)| !m.extra_double_step_ranks.is_empty())
        .map(|(i, m)| {
            let ranks = &m.extra_double_step_ranks;
            (
                MutatorSet::of(i),
                ByColor::new_with(|color| zone(ranks, color)),
            )
        })
        .collect();
}

/// With `stranded_pieces = illegal`: per colour and kind, the squares
/// from which the kind has no leap or ride on an empty board (its
/// initial moves aside); drops there are taken out of its drop zone. A
/// kind with other moves (hops, paths, a script) is never stranded.
fn stranding(rules: &mut Rules) {
    if !rules.no_stranding {
        return;
    }
    let g = rules.geometry;
    for color in Color::ALL {
        let stranded: Vec<SquareSet> = rules
            .pieces
            .iter()
            .enumerate()
            .map(|(k, p)| {
                let moving: Vec<_> = p
                    .atoms
                    .iter()
                    .filter(|a| !a.attack_only && !a.initial && (a.can_move || a.can_capture))
                    .cloned()
                    .collect();
                let plain = moving
                    .iter()
                    .all(|a| matches!(a.style, Style::Leap | Style::Ride));
                if !plain || !p.units.is_empty() || rules.kinds.scripted[k] {
                    return SquareSet::EMPTY;
                }
                g.squares()
                    .filter(|&sq| {
                        reach_on_empty_board(g, &moving, (color, rules.black_turned), sq).is_empty()
                    })
                    .collect()
            })
            .collect();
        for (zone, dead) in rules.kinds.drop_zone[color].iter_mut().zip(&stranded) {
            *zone = zone.minus(dead);
        }
        rules.kinds.strands |= stranded.iter().any(|s| !s.is_empty());
        rules.kinds.stranded[color] = stranded;
    }
}

/// The squares each kind is confined to (`region_ranks`,
/// `region_files`): its drops are narrowed to them, and the reverse leap
/// tables no longer list a kind as attacking a square outside its
/// region. Moves and other attacks are filtered where they are made
/// (`movegen`).
fn regions(rules: &mut Rules) {
    let g = rules.geometry;
    rules.kinds.has_regions = rules
        .pieces
        .iter()
        .any(|p| p.region_ranks.is_some() || p.region_files.is_some());
    if !rules.kinds.has_regions {
        return;
    }
    for color in Color::ALL {
        let region: Vec<SquareSet> = rules
            .pieces
            .iter()
            .map(|p| {
                g.squares()
                    .filter(|&sq| {
                        p.region_ranks
                            .as_ref()
                            .is_none_or(|r| r.contains(&g.relative_rank(sq, color)))
                            && p.region_files
                                .as_ref()
                                .is_none_or(|f| f.contains(&g.file(sq)))
                    })
                    .collect()
            })
            .collect();
        for (zone, allowed) in rules.kinds.drop_zone[color].iter_mut().zip(&region) {
            *zone = zone.and(allowed);
        }
        let allowed_at: Vec<KindSet> = g
            .squares()
            .map(|sq| {
                KindSet::from_iter(
                    (0..rules.pieces.len())
                        .filter(|&k| region[k].contains(sq))
                        .map(|k| PieceKind(k as u8)),
                )
            })
            .collect();
        let leaps = &mut rules.tables.leap_attacks[color];
        for sq in g.squares() {
            let (a, b) = (
                leaps.start[sq.index()] as usize,
                leaps.start[sq.index() + 1] as usize,
            );
            for entry in &mut leaps.sources[a..b] {
                entry.1 = entry.1 & allowed_at[sq.index()];
            }
        }
        rules.kinds.region[color] = region;
        rules.kinds.allowed_at[color] = allowed_at;
    }
}

/// Which unmoved bits are hashed, the forms in play, and the turn plans
/// ([`super::TurnPlans`]): the turn rules of each active set and the
/// fast paths sound under them.
fn fast_paths(rules: &mut Rules) {
    let g = rules.geometry;
    // Castling rights are hashed as rights (both pieces unmoved), not as
    // raw bits; raw unmoved bits matter only for initial moves.
    // Where only pawns track the bit, only their double-step ranks.
    rules.unmoved_relevant = if !rules.kinds.uses_unmoved {
        SquareSet::EMPTY
    } else if rules
        .pieces
        .iter()
        .zip(&rules.kinds.tracks_unmoved)
        .any(|(p, &t)| t && !p.pawn)
    {
        SquareSet::first(g.len())
    } else {
        rules.pawns.double_step_zone[Color::White].or(&rules.pawns.double_step_zone[Color::Black])
    };
    // Gates are unmoved pieces of the gating zone.
    if let Some(d) = rules.drops.as_ref().filter(|d| d.gating) {
        rules.unmoved_relevant = rules
            .unmoved_relevant
            .or(&d.zone[Color::White])
            .or(&d.zone[Color::Black]);
    }
    // Under mutators the kinds in play, and so the soundness of pins,
    // depend on the active set (`plan.rs`).
    // Mutators that give no kind a new form (drops, explosions) leave
    // every piece as declared: without a table, play never re-forms.
    let forms = &mut rules.forms;
    if forms.base_kinds > 0
        && forms.table.chunks(forms.base_kinds).all(|row| {
            row.iter()
                .enumerate()
                .all(|(base, &kind)| kind.index() == base)
        })
    {
        forms.table.clear();
    }
    rules.forms.in_play = in_play(&rules.forms);
    // The turn plans and the fast paths they allow (`plan.rs`).
    rules.shortcuts = super::plan::derive(rules);
}

/// Atoms whose reach on an empty board bounds where a kind with capture
/// mode `mode` and movement `atoms` may capture: the square behind each
/// step for a withdrawal, one square past each line's end for an
/// approach or a leap, the lines themselves for a shot, their first
/// squares for a swapper's destruction, whole lines for a sling, nothing
/// for a recruiter. A collider's and an imitator's captures have no such
/// bound (a turn off the line; the way each victim captures), so theirs
/// is every square. The match names every mode, so that a new mode does
/// not compile until its bound is written: one too small misses a check.
fn mode_reach(
    atoms: &[crate::lang::movement::Atom],
    mode: super::CaptureMode,
) -> Vec<crate::lang::movement::Atom> {
    use super::CaptureMode as M;
    use crate::lang::movement::Atom;
    let each = |change: fn(&mut Atom)| -> Vec<Atom> {
        atoms
            .iter()
            .map(|a| {
                let mut a = a.clone();
                change(&mut a);
                a
            })
            .collect()
    };
    match mode {
        M::Withdrawal => each(|a| {
            a.style = Style::Leap;
            a.dirs = a.dirs.iter().map(|&(dx, dy)| (-dx, -dy)).collect();
        }),
        M::Approach | M::Leap => each(|a| {
            a.range = match (a.style, a.range) {
                (Style::Leap, _) => 2,
                (_, 0) => 0,
                (_, n) => n.saturating_add(1),
            };
            a.style = Style::Ride;
        }),
        M::Shoot => atoms.to_vec(),
        M::Swap => each(|a| a.style = Style::Leap),
        M::Sling => each(|a| {
            a.style = Style::Ride;
            a.range = 0;
        }),
        M::Recruit => Vec::new(),
        M::Imitate | M::Collide => {
            // One leap to every square of the largest board.
            let far = crate::board::MAX_FILES.max(crate::board::MAX_RANKS) as i8 - 1;
            let dirs = (-far..=far)
                .flat_map(|dx| (-far..=far).map(move |dy| (dx, dy)))
                .filter(|&d| d != (0, 0))
                .collect();
            vec![Atom {
                dirs,
                style: Style::Leap,
                range: 1,
                can_move: false,
                can_capture: true,
                lame: false,
                skip_first: false,
                initial: false,
                programs: Vec::new(),
                takes: Vec::new(),
                attack_only: true,
                wrap: false,
                span: Default::default(),
            }]
        }
    }
}

/// The squares `atoms` (leaps and rides) reach from `from` on an empty
/// board, for `color`.
fn reach_on_empty_board(
    g: crate::rules::Geometry,
    atoms: &[crate::lang::movement::Atom],
    (color, turned): (Color, bool),
    from: crate::board::Square,
) -> SquareSet {
    let mut set = SquareSet::EMPTY;
    for atom in atoms {
        for &(dx, dy) in &atom.dirs {
            let (dx, dy) = match color {
                Color::White => (dx, dy),
                Color::Black if turned => (-dx, -dy),
                Color::Black => (dx, -dy),
            };
            let range = match (atom.style, atom.range) {
                (Style::Leap, _) => 1,
                (_, 0) => usize::MAX,
                (_, n) => usize::from(n),
            };
            let mut at = from;
            for _ in 0..range {
                match g.offset(at, i32::from(dx), i32::from(dy)) {
                    Some(next) => {
                        set.insert(next);
                        at = next;
                    }
                    None => break,
                }
            }
        }
    }
    set
}

/// Per active set, the kinds its forms give the declared kinds (empty
/// without mutators).
fn in_play(forms: &super::Forms) -> Vec<KindSet> {
    if forms.table.is_empty() || forms.base_kinds == 0 {
        return Vec::new();
    }
    forms
        .table
        .chunks(forms.base_kinds)
        .map(|row| row.iter().copied().collect())
        .collect()
}

/// The kinds whose definition satisfies `f`.
fn kinds_where(pieces: &[PieceDef], f: impl Fn(&PieceDef) -> bool) -> KindSet {
    pieces
        .iter()
        .enumerate()
        .filter(|(_, p)| f(p))
        .map(|(k, _)| PieceKind(k as u8))
        .collect()
}
