//! Betza / XBetza movement strings, parsed with `grammar/movement.pest`
//! and normalised into [`Atom`]s: directions, style, range and mode.
//!
//! Coordinates are from White's side: `dy > 0` is forward. Black's moves
//! are mirrored by the compiler.
//!
//! Supported now: leaper atoms `W F D N A H C Z G` and any `(a,b)`;
//! shorthands `K` (`WF`), `R` (`WW`), `B` (`FF`), `Q` (`RB`); riders by a
//! doubled atom (`NN`) or a range (`W0` unlimited, `R4` at most four);
//! modifiers `f b l r v s` (directions, also paired: `fr`, `ff`, `fs`),
//! `hl`/`hr` (chiral halves of oblique atoms), `m`/`c` (move or capture
//! only), `n` (lame leaper), `j` (rider skips its first square), `i`
//! (initial move only), `g` (grasshopper), `p` (cannon / hopper). Multi-leg
//! `a` and the crooked / cylindrical XBetza modifiers are rejected with an
//! error naming them.

use super::paths::{self, Join, Leg, MAX_STEPS, Step, Turn};
use super::words::join_or;
use crate::diag::{Diagnostic, Span};
use pest::Parser;
use pest::error::{ErrorVariant, InputLocation};

/// The generated parser for movement strings.
mod generated {
    #![allow(missing_docs)] // pest_derive's generated items
    #[derive(Debug, pest_derive::Parser)]
    #[grammar = "grammar/movement.pest"]
    pub struct MovementParser;
}
pub(crate) use generated::MovementParser;
pub use generated::Rule;

/// How an atom travels.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Style {
    /// One leap.
    Leap,
    /// Repeated leaps through empty squares.
    Ride,
    /// Rides to and over exactly one screen, then on to the destination
    /// (`p`, the cannon).
    Hop,
    /// Rides to the first piece and lands just beyond it (`g`).
    Grasshopper,
    /// Walks step programs ([`Atom::programs`]): bent, crooked, circular,
    /// cylindrical and other multi-leg moves.
    Path,
}

/// One normalised movement component.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Atom {
    /// Allowed steps, from White's side.
    pub dirs: Vec<(i8, i8)>,
    /// How it travels.
    pub style: Style,
    /// Most steps for riders and hoppers (0: unlimited). For `p` and `g`
    /// the range bounds the distance to the screen.
    pub range: u8,
    /// May it move to an empty square?
    pub can_move: bool,
    /// May it capture?
    pub can_capture: bool,
    /// Lame leaper: the path squares must be empty.
    pub lame: bool,
    /// Rider that skips its first square (`j`).
    pub skip_first: bool,
    /// Only as the piece's initial move.
    pub initial: bool,
    /// For [`Style::Path`]: every way the piece may travel.
    pub programs: Vec<Vec<Step>>,
    /// Attacks (gives check, guards) this way but never moves this way
    /// (a piece's `attacks` string).
    pub attack_only: bool,
    /// For [`Style::Path`]: files wrap around (the a- and last file are
    /// joined).
    pub wrap: bool,
    /// Where the component is written.
    pub span: Span,
}

impl Atom {
    /// Do the two atoms move the same way (wherever they are written)?
    pub fn same_movement(&self, other: &Atom) -> bool {
        // Destructured so that a new field cannot be forgotten here.
        let Atom {
            dirs,
            style,
            range,
            can_move,
            can_capture,
            lame,
            skip_first,
            initial,
            programs,
            attack_only,
            wrap,
            span: _,
        } = self;
        *dirs == other.dirs
            && *style == other.style
            && *range == other.range
            && *can_move == other.can_move
            && *can_capture == other.can_capture
            && *lame == other.lame
            && *skip_first == other.skip_first
            && *initial == other.initial
            && *attack_only == other.attack_only
            && *wrap == other.wrap
            && *programs == other.programs
    }
}

/// Longest movement string accepted, in characters. The longest real ones
/// are a few dozen (`fmWfcFfsmNifmnD`); the bound keeps compiling a piece,
/// and generating its moves, in proportion to what a piece can be.
pub const MAX_MOVEMENT_LENGTH: usize = 256;

#[derive(Debug)]
struct Raw {
    mods: Vec<(char, Span)>,
    atom: RawAtom,
    atom_text: String,
    range: Option<u32>,
    span: Span,
    rider: bool,
    /// `z(a,b)`: the sum of a crooked rider's two alternating steps.
    pair: Option<(u8, u8)>,
    /// A bracketed multi-leg move.
    legs: Option<Vec<RawLeg>>,
}

/// One leg of a bracketed move as written.
#[derive(Debug)]
struct RawLeg {
    any: bool,
    mods: Vec<(char, Span)>,
    atom: RawAtom,
    rider: bool,
    /// The separator after this leg.
    join: Join,
    span: Span,
}

#[derive(Clone, Copy, Debug)]
enum RawAtom {
    Leap(u8, u8),
    King,
    Queen,
    Rook,
    Bishop,
}

/// Parses a movement string. `span` is where its text sits in the file
/// (the inside of the quotes), so errors point at the offending letter.
///
/// # Errors
///
/// Every problem found, each with a span inside the string.
pub fn parse_movement(text: &str, span: Span) -> Result<Vec<Atom>, Vec<Diagnostic>> {
    if let Some((first_over, c)) = text.char_indices().nth(MAX_MOVEMENT_LENGTH) {
        let length = text.chars().count();
        let at = Span::new(
            span.file,
            span.start as usize + first_over,
            span.start as usize + first_over + c.len_utf8(),
        );
        return Err(vec![
            Diagnostic::error(
                at,
                format!(
                    "movement string too long: {length} characters, at most {MAX_MOVEMENT_LENGTH}"
                ),
            )
            .with_label(format!("character {} is here", MAX_MOVEMENT_LENGTH + 1))
            .with_help("write each part once: a part written twice adds no move"),
        ]);
    }
    let at = |start: usize, len: usize| {
        Span::new(
            span.file,
            span.start as usize + start,
            span.start as usize + start + len,
        )
    };
    if text.trim().is_empty() {
        return Err(vec![
            Diagnostic::error(span, "empty movement string")
                .with_help("write a Betza string such as \"N\" or \"fmWfcF\""),
        ]);
    }
    let pairs = match MovementParser::parse(Rule::movement, text) {
        Ok(p) => p,
        Err(e) => {
            let pos = match e.location {
                InputLocation::Pos(p) => p,
                InputLocation::Span((a, _)) => a,
            };
            let msg = match &e.variant {
                ErrorVariant::ParsingError { positives, .. } if !positives.is_empty() => {
                    let mut w: Vec<&str> = positives.iter().map(|r| movement_phrase(*r)).collect();
                    w.dedup();
                    format!("bad movement string: expected {}", join_or(&w))
                }
                _ => "bad movement string".to_string(),
            };
            let found = text[pos.min(text.len())..].chars().next();
            let mut d = Diagnostic::error(at(pos, found.map_or(1, char::len_utf8)), msg);
            if let Some(c) = found {
                d = d.with_label(format!("`{c}` is not allowed here"));
            }
            return Err(vec![d.with_help("movement strings use Betza notation: modifiers in lower case, then an atom (e.g. \"fmWfcF\")")]);
        }
    };
    let mut errors = Vec::new();
    let mut raws: Vec<Raw> = Vec::new();
    let top = pairs
        .into_iter()
        .next()
        .expect("movement rule yields one pair"); // movement
    for comp in top.into_inner().filter(|p| p.as_rule() == Rule::component) {
        let cs = comp.as_span();
        let cspan = at(cs.start(), cs.end() - cs.start());
        let mut mods = Vec::new();
        let mut atom = None;
        let mut atom_text = String::new();
        let mut range = None;
        let mut pair = None;
        let mut legs = None;
        for p in comp.into_inner() {
            let ps = p.as_span();
            let pspan = at(ps.start(), ps.end() - ps.start());
            match p.as_rule() {
                Rule::modifier => mods.push((
                    p.as_str().chars().next().expect("modifier is one letter"),
                    pspan,
                )), // modifier
                Rule::pair_sum => {
                    mods.push(('z', at(ps.start(), 1)));
                    let leap = p.into_inner().next().expect("pair_sum holds a leap");
                    if let Some(RawAtom::Leap(x, y)) = read_atom_inner(leap, pspan, &mut errors) {
                        pair = Some((x, y));
                    }
                }
                Rule::atom => {
                    atom_text = p.as_str().to_string();
                    let inner = p.into_inner().next().expect("atom has one alternative"); // atom
                    atom = read_atom_inner(inner, pspan, &mut errors);
                }
                Rule::range => {
                    range = Some(p.as_str().parse::<u32>().unwrap_or(u32::MAX));
                    if range.is_some_and(|r| r > 15) {
                        errors.push(Diagnostic::error(
                            pspan,
                            "range too long: at most 15 steps fit on a board",
                        ));
                    }
                }
                Rule::bracket => {
                    let mut list: Vec<RawLeg> = Vec::new();
                    for q in p.into_inner() {
                        let qs = q.as_span();
                        let qspan = at(qs.start(), qs.end() - qs.start());
                        match q.as_rule() {
                            Rule::leg => {
                                let mut leg = RawLeg {
                                    any: false,
                                    mods: Vec::new(),
                                    atom: RawAtom::King,
                                    rider: false,
                                    join: Join::Pass,
                                    span: qspan,
                                };
                                let mut seen: Vec<String> = Vec::new();
                                let mut ok = true;
                                for r in q.into_inner() {
                                    let rs = r.as_span();
                                    let rspan = at(rs.start(), rs.end() - rs.start());
                                    match r.as_rule() {
                                        Rule::any_dir => leg.any = true,
                                        Rule::modifier => leg.mods.push((
                                            r.as_str().chars().next().expect("one letter"),
                                            rspan,
                                        )),
                                        Rule::atom => {
                                            let text = r.as_str().to_string();
                                            let inner = r.into_inner().next().expect("atom");
                                            match read_atom_inner(inner, rspan, &mut errors) {
                                                Some(a) if seen.is_empty() => leg.atom = a,
                                                Some(_) if seen[0] == text => leg.rider = true,
                                                Some(_) => {
                                                    errors.push(Diagnostic::error(
                                                        rspan,
                                                        "a leg has one atom, or one atom doubled into a rider (`DD`)",
                                                    ));
                                                    ok = false;
                                                }
                                                None => ok = false,
                                            }
                                            seen.push(text);
                                        }
                                        r => unreachable!("parse_movement: leg child {r:?}"),
                                    }
                                }
                                if ok {
                                    list.push(leg);
                                } else {
                                    list.clear();
                                    break;
                                }
                            }
                            Rule::leg_sep => {
                                if let Some(last) = list.last_mut() {
                                    last.join = match q.as_str() {
                                        "?" => Join::MayStop,
                                        "=" => Join::Equal,
                                        _ => Join::Pass,
                                    };
                                }
                            }
                            r => unreachable!("parse_movement: bracket child {r:?}"),
                        }
                    }
                    if !list.is_empty() {
                        legs = Some(list);
                        atom = Some(RawAtom::King);
                        atom_text = ps.as_str().to_string();
                    }
                }
                r => unreachable!("parse_movement: component child {r:?}"),
            }
        }
        let Some(atom) = atom else { continue };
        // `NN`, `WW`: an atom repeated with nothing between turns the
        // previous component into a rider of that atom.
        if mods.is_empty()
            && range.is_none()
            && legs.is_none()
            && let Some(prev) = raws.last_mut()
            && prev.legs.is_none()
            && prev.atom_text == atom_text
            && !prev.rider
            && prev.range.is_none()
            && matches!(atom, RawAtom::Leap(..) | RawAtom::King)
        {
            prev.rider = true;
            prev.span = Span {
                end: cspan.end,
                ..prev.span
            };
            continue;
        }
        raws.push(Raw {
            mods,
            atom,
            atom_text,
            range,
            span: cspan,
            rider: false,
            pair,
            legs,
        });
    }
    let mut atoms: Vec<Atom> = Vec::new();
    for raw in &raws {
        match expand(raw) {
            Ok(a) => {
                // A part written twice (`NN` aside, which rides) adds no
                // move: keep the first, so tables never hold repeats.
                for atom in a {
                    if !atoms.iter().any(|b| b.same_movement(&atom)) {
                        atoms.push(atom);
                    }
                }
            }
            Err(mut e) => errors.append(&mut e),
        }
    }
    if errors.is_empty() {
        Ok(atoms)
    } else {
        Err(errors)
    }
}

const SUPPORTED: &str = "supported modifiers: f b l r v s h m c n j i g p, z q o (crooked, circular, cylindrical), a y (legs)";

/// Reads an `atom_letter` or `leap` pair, reporting bad ones.
fn read_atom_inner(
    inner: pest::iterators::Pair<'_, Rule>,
    pspan: Span,
    errors: &mut Vec<Diagnostic>,
) -> Option<RawAtom> {
    match inner.as_rule() {
        Rule::atom_letter => match atom_letter(inner.as_str()) {
            Some(a) => Some(a),
            None => {
                errors.push(
                    Diagnostic::error(pspan, format!("unknown atom `{}`", inner.as_str()))
                        .with_help("atoms are W F D N A H C Z G K Q R B, or a leap written (a,b)"),
                );
                None
            }
        },
        Rule::leap => {
            let nums: Vec<u32> = inner
                .into_inner()
                .map(|n| n.as_str().parse().unwrap_or(u32::MAX))
                .collect();
            let (a, b) = (nums[0], nums[1]);
            if a == 0 && b == 0 {
                errors.push(Diagnostic::error(pspan, "the leap (0,0) goes nowhere"));
                None
            } else if a > 15 || b > 15 {
                errors.push(Diagnostic::error(
                    pspan,
                    "leap too long: boards are at most 16 squares wide",
                ));
                None
            } else {
                Some(RawAtom::Leap(a.min(b) as u8, a.max(b) as u8))
            }
        }
        r => unreachable!("read_atom_inner: atom alternative {r:?}"),
    }
}

fn atom_letter(s: &str) -> Option<RawAtom> {
    Some(match s {
        "W" => RawAtom::Leap(0, 1),
        "F" => RawAtom::Leap(1, 1),
        "D" => RawAtom::Leap(0, 2),
        "N" => RawAtom::Leap(1, 2),
        "A" => RawAtom::Leap(2, 2),
        "H" => RawAtom::Leap(0, 3),
        "C" => RawAtom::Leap(1, 3),
        "Z" => RawAtom::Leap(2, 3),
        "G" => RawAtom::Leap(3, 3),
        "K" => RawAtom::King,
        "Q" => RawAtom::Queen,
        "R" => RawAtom::Rook,
        "B" => RawAtom::Bishop,
        _ => return None,
    })
}

#[derive(Clone, Copy, PartialEq, Eq)]
enum Shape {
    Orthogonal,
    Diagonal,
    Oblique,
}

fn shape(a: u8, b: u8) -> Shape {
    if a == 0 || b == 0 {
        Shape::Orthogonal
    } else if a == b {
        Shape::Diagonal
    } else {
        Shape::Oblique
    }
}

fn single(c: char, s: Shape, (dx, dy): (i8, i8)) -> bool {
    match c {
        'f' => dy > 0,
        'b' => dy < 0,
        'l' => dx < 0,
        'r' => dx > 0,
        'v' => match s {
            Shape::Orthogonal => dx == 0,
            Shape::Oblique => dy.abs() > dx.abs(),
            Shape::Diagonal => true,
        },
        's' => match s {
            Shape::Orthogonal => dy == 0,
            Shape::Oblique => dx.abs() > dy.abs(),
            Shape::Diagonal => true,
        },
        _ => false,
    }
}

fn vertical(c: char) -> bool {
    matches!(c, 'f' | 'b' | 'v')
}

fn major(c: char, (dx, dy): (i8, i8)) -> bool {
    let narrow = dy.abs() > dx.abs();
    match c {
        'f' => narrow && dy > 0,
        'b' => narrow && dy < 0,
        'v' => narrow,
        'l' => !narrow && dx < 0,
        'r' => !narrow && dx > 0,
        's' => !narrow,
        _ => false,
    }
}

/// A direction group: one letter, or a vertical/horizontal pair (`fr`,
/// `fs`), a doubled letter (`ff`), or a chiral half (`hl`, `hr`).
#[derive(Clone, Copy, Debug)]
enum Group {
    One(char),
    Two(char, char),
    Half(char),
}

fn group_matches(g: Group, s: Shape, d: (i8, i8)) -> bool {
    match g {
        Group::One(c) => single(c, s, d),
        Group::Two(x, y) => match s {
            Shape::Diagonal => single(x, s, d) && single(y, s, d),
            Shape::Orthogonal => single(x, s, d) || single(y, s, d),
            Shape::Oblique => major(y, d) && (vertical(x) == vertical(y) || single(x, s, d)),
        },
        Group::Half(c) => {
            let (dx, dy) = d;
            let narrow = dy.abs() > dx.abs();
            let chir = (dx as i32 * dy as i32).signum() * if narrow { 1 } else { -1 };
            (chir > 0) == (c == 'r')
        }
    }
}

fn expand(raw: &Raw) -> Result<Vec<Atom>, Vec<Diagnostic>> {
    if let Some(legs) = &raw.legs {
        return expand_bracket(raw, legs);
    }
    if raw.mods.iter().any(|m| m.0 == 'a') {
        return expand_legs(raw);
    }
    let mut errors = Vec::new();
    let mut path_mod: Option<(char, Span)> = None;
    let mut groups = Vec::new();
    let (mut can_move, mut can_capture) = (false, false);
    let (mut lame, mut skip_first, mut initial) = (None, None, false);
    let mut style_mod: Option<(char, Span)> = None;
    let dir_letter = |c: char| matches!(c, 'f' | 'b' | 'l' | 'r' | 'v' | 's');
    let mut i = 0;
    while i < raw.mods.len() {
        let (c, sp) = raw.mods[i];
        let next = raw.mods.get(i + 1).map(|m| m.0);
        match c {
            'f' | 'b' | 'l' | 'r' | 'v' | 's' => {
                let pairs =
                    next.is_some_and(|n| dir_letter(n) && (vertical(c) != vertical(n) || c == n));
                if pairs {
                    groups.push(Group::Two(c, next.unwrap_or(c)));
                    i += 1;
                } else {
                    groups.push(Group::One(c));
                }
            }
            'h' => match next {
                Some(n @ ('l' | 'r')) => {
                    groups.push(Group::Half(n));
                    i += 1;
                }
                _ => errors.push(
                    Diagnostic::error(sp, "`h` must be followed by `l` or `r`")
                        .with_help("`hl` and `hr` pick the two chiral halves of an oblique atom"),
                ),
            },
            'm' => can_move = true,
            'c' => can_capture = true,
            'n' => lame = Some(sp),
            'j' => skip_first = Some(sp),
            'i' => initial = true,
            'p' | 'g' => {
                if let Some((prev, _)) = style_mod
                    && prev != c
                {
                    errors.push(
                        Diagnostic::error(sp, "`p` and `g` contradict each other")
                            .with_help("`p` is a cannon-like hopper, `g` a grasshopper; use one"),
                    );
                }
                style_mod = Some((c, sp));
            }
            'z' | 'q' | 'o' => {
                if let Some((prev, _)) = path_mod
                    && prev != c
                {
                    errors.push(
                        Diagnostic::error(sp, format!("`{prev}` and `{c}` contradict each other"))
                            .with_help("`z` is crooked, `q` circular, `o` cylindrical; use one"),
                    );
                }
                path_mod = Some((c, sp));
            }
            'e' | 'd' | 'u' | 'x' | 'y' | 't' | 'k' | 'w' => errors.push(
                Diagnostic::error(sp, format!("XBetza modifier `{c}` is not supported"))
                    .with_help(SUPPORTED),
            ),
            _ => errors.push(
                Diagnostic::error(sp, format!("unknown modifier `{c}`")).with_help(SUPPORTED),
            ),
        }
        i += 1;
    }
    if !can_move && !can_capture {
        can_move = true;
        can_capture = true;
    }
    let parts: Vec<(u8, u8, bool)> = match raw.atom {
        RawAtom::Leap(a, b) => vec![(a, b, raw.rider)],
        RawAtom::King => vec![(0, 1, raw.rider), (1, 1, raw.rider)],
        RawAtom::Rook => vec![(0, 1, true)],
        RawAtom::Bishop => vec![(1, 1, true)],
        RawAtom::Queen => vec![(0, 1, true), (1, 1, true)],
    };
    let mut atoms = Vec::new();
    for (a, b, rider) in parts {
        let s = shape(a, b);
        let rider = rider || raw.range.is_some();
        let style = match (path_mod, style_mod) {
            (Some((z, _)), Some((c, sp))) => {
                errors.push(Diagnostic::error(
                    sp,
                    format!("`{c}` cannot be combined with `{z}`"),
                ));
                Style::Path
            }
            (Some(_), None) => Style::Path,
            (None, Some(('p', _))) if rider => Style::Hop,
            // On a leaper, `p` and `g` both hop over the piece one leap
            // away and land one leap beyond it.
            (None, Some(_)) => Style::Grasshopper,
            (None, None) if rider => Style::Ride,
            (None, None) => Style::Leap,
        };
        let mut dirs = paths::leap_dirs(a, b);
        if !groups.is_empty() {
            dirs.retain(|&d| groups.iter().any(|&g| group_matches(g, s, d)));
        }
        for g in &groups {
            if let Group::Half(_) = g
                && s != Shape::Oblique
            {
                errors.push(Diagnostic::error(
                    raw.span,
                    "`hl`/`hr` apply only to oblique atoms such as N or C",
                ));
            }
        }
        if dirs.is_empty() && errors.is_empty() {
            errors.push(
                Diagnostic::error(raw.span, "these direction modifiers leave no move")
                    .with_help("check the combination of f b l r v s"),
            );
        }
        if let Some(sp) = lame {
            if style != Style::Leap && style != Style::Ride {
                errors.push(Diagnostic::error(
                    sp,
                    "`n` (lame) applies to leapers and riders only",
                ));
            } else if a.max(b) < 2 {
                errors.push(Diagnostic::error(
                    sp,
                    "`n` makes no sense on a one-step atom: it has no path to block",
                ));
            }
        }
        if let Some(sp) = skip_first
            && style != Style::Ride
            && path_mod.is_none()
        {
            errors.push(Diagnostic::error(
                sp,
                "`j` applies to riders only: a leaper always jumps",
            ));
        }
        let range = match raw.range {
            Some(r) => r.min(15) as u8,
            None if style == Style::Leap => 1,
            None if style == Style::Grasshopper && !rider => 1,
            None => 0,
        };
        let mut programs = Vec::new();
        let mut wrap = false;
        let mut style = style;
        if lame.is_some() && style == Style::Ride && a.max(b) >= 2 {
            // A lame rider: every leap's straight path must be empty too.
            style = Style::Path;
            let limit = raw.range.map_or(MAX_STEPS, |r| r as usize);
            for &d in &dirs {
                let mut leap: Vec<Step> = Vec::new();
                let mut at = (0i8, 0i8);
                for (x, y) in lame_path(d.0, d.1) {
                    leap.push((x - at.0, y - at.1, false));
                    at = (x, y);
                }
                leap.push((d.0 - at.0, d.1 - at.1, true));
                programs.push(
                    leap.iter()
                        .copied()
                        .cycle()
                        .take(leap.len() * limit)
                        .collect(),
                );
            }
        }
        if let Some((z, sp)) = path_mod {
            let limit = match raw.range {
                Some(r) => r as usize,
                None if z == 'o' && !rider => 1,
                None => MAX_STEPS,
            };
            if lame.is_some() || skip_first.is_some() {
                errors.push(Diagnostic::error(
                    sp,
                    format!("`{z}` cannot be combined with `n` or `j`"),
                ));
            }
            programs = match z {
                'z' => {
                    let all = paths::leap_dirs(a, b);
                    let pair = raw.pair;
                    let partners = |d: (i8, i8)| -> Vec<(i8, i8)> {
                        all.iter()
                            .copied()
                            .filter(|&e| match pair {
                                Some((x, y)) => {
                                    let (sx, sy) = ((d.0 + e.0).abs(), (d.1 + e.1).abs());
                                    e != d && (sx.min(sy), sx.max(sy)) == (x as i8, y as i8)
                                }
                                None => d.0 as i32 * e.0 as i32 + d.1 as i32 * e.1 as i32 == 0,
                            })
                            .collect()
                    };
                    let p = paths::crooked(&dirs, partners, limit);
                    if p.is_empty() && errors.is_empty() {
                        errors.push(Diagnostic::error(
                            sp,
                            "no two steps of this atom add up to that pair: the crooked rider has no move",
                        ));
                    }
                    p
                }
                'q' => paths::circular(&dirs, limit),
                _ => {
                    wrap = true;
                    paths::straight(&dirs, limit)
                }
            };
        }
        atoms.push(Atom {
            dirs,
            style,
            range,
            can_move,
            can_capture,
            lame: lame.is_some() && style != Style::Path,
            skip_first: skip_first.is_some(),
            initial,
            programs,
            attack_only: false,
            wrap,
            span: raw.span,
        });
    }
    if errors.is_empty() {
        Ok(atoms)
    } else {
        Err(errors)
    }
}

/// The directions of a leg's atom, and whether it rides by itself.
fn atom_dirs(atom: RawAtom, doubled: bool) -> (Vec<(i8, i8)>, bool) {
    let king = || {
        let mut v = paths::leap_dirs(0, 1);
        v.extend(paths::leap_dirs(1, 1));
        v
    };
    match atom {
        RawAtom::Leap(a, b) => (paths::leap_dirs(a, b), doubled),
        RawAtom::King => (king(), doubled),
        RawAtom::Rook => (paths::leap_dirs(0, 1), true),
        RawAtom::Bishop => (paths::leap_dirs(1, 1), true),
        RawAtom::Queen => (king(), true),
    }
}

/// Splits the direction letters (absolute: `f b l r v s`, pairs, `hl`
/// `hr`) from the other modifiers of one leg.
fn direction_groups(
    mods: &[(char, Span)],
    errors: &mut Vec<Diagnostic>,
) -> (Vec<Group>, Vec<(char, Span)>) {
    let dir_letter = |c: char| matches!(c, 'f' | 'b' | 'l' | 'r' | 'v' | 's');
    let mut groups = Vec::new();
    let mut rest = Vec::new();
    let mut i = 0;
    while i < mods.len() {
        let (c, sp) = mods[i];
        let next = mods.get(i + 1).map(|m| m.0);
        match c {
            _ if dir_letter(c) => {
                if next.is_some_and(|n| dir_letter(n) && (vertical(c) != vertical(n) || c == n)) {
                    groups.push(Group::Two(c, next.unwrap_or(c)));
                    i += 1;
                } else {
                    groups.push(Group::One(c));
                }
            }
            'h' => match next {
                Some(n @ ('l' | 'r')) => {
                    groups.push(Group::Half(n));
                    i += 1;
                }
                _ => errors.push(Diagnostic::error(sp, "`h` must be followed by `l` or `r`")),
            },
            _ => rest.push((c, sp)),
        }
        i += 1;
    }
    (groups, rest)
}

/// Keeps the directions matching any of `groups` (all when there are none).
fn filter_dirs(dirs: &mut Vec<(i8, i8)>, groups: &[Group]) {
    if !groups.is_empty() {
        dirs.retain(|&d| {
            let s = shape(d.0.unsigned_abs(), d.1.unsigned_abs());
            groups.iter().any(|&g| group_matches(g, s, d))
        });
    }
}

/// Turns (in eighths of a circle, counter-clockwise) named by the relative
/// direction letters of a leg after XBetza's `a`.
fn relative_turns(mods: &[(char, Span)], errors: &mut Vec<Diagnostic>) -> Vec<i32> {
    let mut turns = Vec::new();
    let mut i = 0;
    while i < mods.len() {
        let (c, sp) = mods[i];
        let next = mods.get(i + 1).map(|m| m.0);
        let pair = |x: char, y: char| (c == x && next == Some(y)) || (c == y && next == Some(x));
        let (add, used): (&[i32], usize) = if pair('f', 'l') {
            (&[1], 2)
        } else if pair('f', 'r') {
            (&[-1], 2)
        } else if pair('f', 's') {
            (&[1, -1], 2)
        } else if pair('b', 'l') {
            (&[3], 2)
        } else if pair('b', 'r') {
            (&[-3], 2)
        } else if pair('b', 's') {
            (&[3, -3], 2)
        } else {
            match c {
                'f' => (&[0], 1),
                'b' => (&[4], 1),
                'l' => (&[2], 1),
                'r' => (&[-2], 1),
                's' => (&[2, -2], 1),
                'v' => (&[0, 4], 1),
                _ => {
                    errors.push(Diagnostic::error(
                        sp,
                        format!("`{c}` is not a relative direction (after `a`: f b l r s v and pairs such as fs)"),
                    ));
                    (&[], 1)
                }
            }
        };
        turns.extend_from_slice(add);
        i += used;
    }
    if turns.is_empty() {
        // No letter: any way but straight back.
        turns = vec![0, 1, 2, 3, -3, -2, -1];
    }
    turns
}

/// XBetza multi-leg moves: `a` separates the legs, each leg's direction
/// letters after the first are relative to the leg before, and `y` makes
/// the next leg ride.
fn expand_legs(raw: &Raw) -> Result<Vec<Atom>, Vec<Diagnostic>> {
    let mut errors = Vec::new();
    let mut split: Vec<Vec<(char, Span)>> = vec![Vec::new()];
    for &(c, sp) in &raw.mods {
        if c == 'a' {
            split.push(Vec::new());
        } else {
            split.last_mut().expect("one leg at least").push((c, sp));
        }
    }
    if raw.range.is_some() {
        errors.push(Diagnostic::error(
            raw.span,
            "a range cannot follow a multi-leg (`a`) move",
        ));
    }
    let (all, rides) = atom_dirs(raw.atom, raw.rider);
    let (mut can_move, mut can_capture, mut initial) = (false, false, false);
    let mut legs: Vec<Leg> = Vec::new();
    let mut next_rides = rides;
    let n = split.len();
    for (k, mods) in split.iter().enumerate() {
        let last = k + 1 == n;
        let (turn, dirs, rest) = if k == 0 {
            let (groups, rest) = direction_groups(mods, &mut errors);
            let mut dirs = all.clone();
            filter_dirs(&mut dirs, &groups);
            (Turn::Any, dirs, rest)
        } else {
            let (dir_mods, rest): (Vec<_>, Vec<_>) = mods
                .iter()
                .partition(|m| matches!(m.0, 'f' | 'b' | 'l' | 'r' | 's' | 'v'));
            (
                Turn::Notches(relative_turns(&dir_mods, &mut errors)),
                Vec::new(),
                rest,
            )
        };
        let ride = next_rides;
        next_rides = rides;
        for (c, sp) in rest {
            match c {
                'm' if last => can_move = true,
                'c' if last => can_capture = true,
                'm' => {}
                'c' => errors.push(Diagnostic::error(
                    sp,
                    "capturing on a leg before the last is not supported",
                )),
                'y' if !last => next_rides = !rides,
                'y' => errors.push(Diagnostic::error(sp, "`y` needs a leg after it")),
                'i' => initial = true,
                _ => errors.push(
                    Diagnostic::error(sp, format!("`{c}` is not supported in a multi-leg move"))
                        .with_help("multi-leg moves take direction letters, m, c, y and i"),
                ),
            }
        }
        legs.push(Leg {
            dirs,
            turn,
            ride,
            min: 1,
            join: Join::Pass,
        });
    }
    legs_atom(raw, &legs, (can_move, can_capture), initial, errors)
}

/// Bracketed multi-leg moves: `[F?R]`, `[W-F-B]`, `[R=*B]`.
fn expand_bracket(raw: &Raw, raw_legs: &[RawLeg]) -> Result<Vec<Atom>, Vec<Diagnostic>> {
    let mut errors = Vec::new();
    let (mut can_move, mut can_capture, mut initial) = (false, false, false);
    let mut legs = Vec::new();
    let n = raw_legs.len();
    for (k, rl) in raw_legs.iter().enumerate() {
        let last = k + 1 == n;
        let (mut dirs, ride) = atom_dirs(rl.atom, rl.rider);
        let (groups, rest) = direction_groups(&rl.mods, &mut errors);
        if k == 0 {
            filter_dirs(&mut dirs, &groups);
        } else if !groups.is_empty() {
            errors.push(
                Diagnostic::error(
                    rl.span,
                    "direction letters are allowed on the first leg only",
                )
                .with_help("later legs turn outward, or any way when written with `*`"),
            );
        }
        for (c, sp) in rest {
            match c {
                'm' if last => can_move = true,
                'c' if last => can_capture = true,
                'i' => initial = true,
                'm' | 'c' => errors.push(Diagnostic::error(
                    sp,
                    "`m` and `c` belong on the last leg: earlier legs only pass",
                )),
                _ => errors.push(
                    Diagnostic::error(sp, format!("`{c}` is not supported in a bracketed leg"))
                        .with_help(
                            "a leg takes direction letters (first leg), m, c (last leg) and i",
                        ),
                ),
            }
        }
        if last && rl.join != Join::Pass {
            errors.push(Diagnostic::error(
                rl.span,
                "the last leg cannot be followed by `?` or `=`",
            ));
        }
        legs.push(Leg {
            dirs,
            turn: if rl.any { Turn::Any } else { Turn::Outward },
            ride,
            min: 1,
            join: rl.join,
        });
    }
    legs_atom(raw, &legs, (can_move, can_capture), initial, errors)
}

/// The atom of a multi-leg move, once its legs are read: moves and
/// captures unless `m` or `c` said otherwise, and at least one path.
fn legs_atom(
    raw: &Raw,
    legs: &[Leg],
    (can_move, can_capture): (bool, bool),
    initial: bool,
    mut errors: Vec<Diagnostic>,
) -> Result<Vec<Atom>, Vec<Diagnostic>> {
    let both = !can_move && !can_capture;
    let Some(programs) = paths::legs(legs) else {
        errors.push(
            Diagnostic::error(raw.span, "this multi-leg move has too many paths to expand")
                .with_note(format!(
                    "expanding its legs would take more than {} steps; each rider leg multiplies the paths by its directions and lengths",
                    paths::MAX_LEG_WORK
                ))
                .with_help("use fewer rider legs, or fewer directions on them"),
        );
        return Err(errors);
    };
    if programs.is_empty() && errors.is_empty() {
        errors.push(Diagnostic::error(
            raw.span,
            "this multi-leg move has no path",
        ));
    }
    if !errors.is_empty() {
        return Err(errors);
    }
    Ok(vec![path_atom(
        raw,
        legs[0].dirs.clone(),
        programs,
        can_move || both,
        can_capture || both,
        initial,
    )])
}

fn path_atom(
    raw: &Raw,
    dirs: Vec<(i8, i8)>,
    programs: Vec<Vec<Step>>,
    can_move: bool,
    can_capture: bool,
    initial: bool,
) -> Atom {
    Atom {
        dirs,
        style: Style::Path,
        range: 0,
        can_move,
        can_capture,
        lame: false,
        skip_first: false,
        initial,
        programs,
        attack_only: false,
        wrap: false,
        span: raw.span,
    }
}

/// The squares a lame leap `(dx, dy)` passes through, from the origin:
/// orthogonal steps along the longer axis until the rest is diagonal, then
/// diagonal steps (so the lame knight is the Mao).
pub fn lame_path(dx: i8, dy: i8) -> Vec<(i8, i8)> {
    let mut path = Vec::new();
    let (mut x, mut y) = (0i8, 0i8);
    loop {
        let (rx, ry) = (dx - x, dy - y);
        if rx.abs() <= 1 && ry.abs() <= 1 {
            break;
        }
        if rx.abs() == ry.abs() {
            x += rx.signum();
            y += ry.signum();
        } else if rx.abs() > ry.abs() {
            x += rx.signum();
        } else {
            y += ry.signum();
        }
        path.push((x, y));
    }
    path
}

/// The phrase for a rule of the movement grammar.
fn movement_phrase(rule: Rule) -> &'static str {
    match rule {
        Rule::EOI => "end of the movement string",
        Rule::movement => "a movement string",
        Rule::component => "a movement component",
        Rule::modifier => "a modifier letter",
        Rule::atom => "an atom (a capital letter or `(a,b)`)",
        Rule::atom_letter => "an atom letter",
        Rule::leap => "a leap `(a,b)`",
        Rule::range => "a range",
        Rule::number => "a number",
        Rule::pair_sum => "a crooked pair `z(a,b)`",
        Rule::bracket => "a bracketed multi-leg move `[F?R]`",
        Rule::leg => "a leg of a multi-leg move",
        Rule::leg_sep => "`-`, `?` or `=` between legs",
        Rule::any_dir => "`*`",
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn dirs(s: &str) -> Vec<(i8, i8)> {
        let atoms = parse_movement(s, Span::default()).unwrap();
        let mut v: Vec<(i8, i8)> = atoms.iter().flat_map(|a| a.dirs.clone()).collect();
        v.sort();
        v
    }

    #[test]
    fn knight_direction_groups() {
        assert_eq!(dirs("N").len(), 8);
        assert_eq!(dirs("fN"), vec![(-2, 1), (-1, 2), (1, 2), (2, 1)]);
        assert_eq!(dirs("ffN"), vec![(-1, 2), (1, 2)]);
        assert_eq!(dirs("fsN"), vec![(-2, 1), (2, 1)]);
        assert_eq!(dirs("frN"), vec![(2, 1)]);
        assert_eq!(dirs("rfN"), vec![(1, 2)]);
        assert_eq!(dirs("vN"), vec![(-1, -2), (-1, 2), (1, -2), (1, 2)]);
        assert_eq!(dirs("hrN"), vec![(-2, 1), (-1, -2), (1, 2), (2, -1)]);
    }

    #[test]
    fn pawn_parts() {
        let atoms = parse_movement("fmWfcFifmnD", Span::default()).unwrap();
        assert_eq!(atoms.len(), 3);
        assert_eq!(atoms[0].dirs, vec![(0, 1)]);
        assert!(atoms[0].can_move && !atoms[0].can_capture);
        assert_eq!(atoms[1].dirs.len(), 2);
        assert!(atoms[2].initial && atoms[2].lame && atoms[2].dirs == vec![(0, 2)]);
    }

    #[test]
    fn riders_and_shorthands() {
        let q = parse_movement("Q", Span::default()).unwrap();
        assert!(q.iter().all(|a| a.style == Style::Ride && a.range == 0));
        let nn = parse_movement("NN", Span::default()).unwrap();
        assert_eq!(nn.len(), 1);
        assert_eq!(nn[0].style, Style::Ride);
        let qn = parse_movement("QN", Span::default()).unwrap();
        assert_eq!(qn.len(), 3);
        assert_eq!(qn[2].style, Style::Leap);
        let r4 = parse_movement("R4", Span::default()).unwrap();
        assert_eq!(r4[0].range, 4);
        let cannon = parse_movement("mRcpR", Span::default()).unwrap();
        assert_eq!(cannon[1].style, Style::Hop);
    }

    #[test]
    fn rejects_with_pointed_errors() {
        let e = parse_movement("fN!", Span::default()).unwrap_err();
        assert_eq!((e[0].span.start, e[0].span.end), (2, 3));
        let e = parse_movement("uN", Span::default()).unwrap_err();
        assert!(e[0].message.contains("`u`"));
        let e = parse_movement("nW", Span::default()).unwrap_err();
        assert!(e[0].message.contains("one-step"));
        let e = parse_movement("uN", Span::default()).unwrap_err();
        assert_eq!((e[0].span.start, e[0].span.end), (0, 1));
        let e = parse_movement("Y", Span::default()).unwrap_err();
        assert!(e[0].message.contains("unknown atom"));
    }

    fn error(s: &str) -> String {
        let e = parse_movement(s, Span::default()).unwrap_err();
        e.iter()
            .map(|d| d.message.clone())
            .collect::<Vec<_>>()
            .join("; ")
    }

    #[test]
    fn path_modifiers_and_legs_are_checked() {
        assert!(error("zqR").contains("`z` and `q` contradict"));
        assert!(error("pzR").contains("cannot be combined with `z`"));
        assert!(error("jzR").contains("cannot be combined with `n` or `j`"));
        assert!(error("z(1,4)N").contains("no two steps"));
        assert!(error("caW").contains("before the last"));
        assert!(error("ayW").contains("`y` needs a leg after it"));
        assert!(error("apW").contains("not supported in a multi-leg move"));
        assert!(error("afxW").contains("`x` is not supported in a multi-leg move"));
        assert!(error("aW3").contains("range"));
        assert!(error("[F-cW-R]").contains("last leg"));
        assert!(error("[F-fR]").contains("first leg only"));
        assert!(error("[F-RN]").contains("one atom"));
        assert!(error("[F?R?]").contains("bad movement string"));
        assert!(error("[F]").contains("bad movement string"));
        assert!(error("nR").contains("one-step"));
    }

    #[test]
    fn path_programs() {
        // Mao: a wazir step (passed), then one diagonal step outward.
        let mao = parse_movement("afsW", Span::default()).unwrap();
        assert_eq!(mao[0].style, Style::Path);
        assert_eq!(mao[0].programs.len(), 8);
        assert!(mao[0].programs.contains(&vec![(0, 1, false), (1, 1, true)]));
        // The same in brackets.
        let bracket = parse_movement("[W-F]", Span::default()).unwrap();
        let mut a = mao[0].programs.clone();
        let mut b = bracket[0].programs.clone();
        a.sort();
        b.sort();
        assert_eq!(a, b);
        // Rose: 8 starts x 2 senses, 7 leaps each.
        let rose = parse_movement("qN", Span::default()).unwrap();
        assert_eq!(rose[0].programs.len(), 16);
        assert!(rose[0].programs.iter().all(|p| p.len() == 7));
        // Quintessence (zN): each knight step has two perpendicular partners.
        let q = parse_movement("zN", Span::default()).unwrap();
        assert_eq!(q[0].programs.len(), 16);
        // NN33: each has one partner, summing to (3,3).
        let nn33 = parse_movement("z(3,3)N", Span::default()).unwrap();
        assert_eq!(nn33[0].programs.len(), 8);
        assert!(nn33[0].programs[0][..2].iter().all(|s| s.2));
        // A lame dabbabah-rider passes the middle of every leap.
        let ndd = parse_movement("nDD", Span::default()).unwrap();
        assert_eq!(
            ndd[0].programs[0][..4],
            [(0, 1, false), (0, 1, true), (0, 1, false), (0, 1, true)]
        );
        // `p` on a leaper hops the adjacent square only.
        let g = parse_movement("gK", Span::default()).unwrap();
        assert!(
            g.iter()
                .all(|a| a.style == Style::Grasshopper && a.range == 1)
        );
    }

    #[test]
    fn lame_paths() {
        assert_eq!(lame_path(1, 2), vec![(0, 1)]);
        assert_eq!(lame_path(0, 2), vec![(0, 1)]);
        assert_eq!(lame_path(2, 2), vec![(1, 1)]);
        assert_eq!(lame_path(-1, 3), vec![(0, 1), (0, 2)]);
    }
}
