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

use super::rule_names::movement_phrase;
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
    /// Where the component is written.
    pub span: Span,
}

#[derive(Debug)]
struct Raw {
    mods: Vec<(char, Span)>,
    atom: RawAtom,
    atom_text: String,
    range: Option<u32>,
    span: Span,
    rider: bool,
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
                    format!(
                        "bad movement string: expected {}",
                        super::parser::join_or(&w)
                    )
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
        for p in comp.into_inner() {
            let ps = p.as_span();
            let pspan = at(ps.start(), ps.end() - ps.start());
            match p.as_rule() {
                Rule::modifier => mods.push((
                    p.as_str().chars().next().expect("modifier is one letter"),
                    pspan,
                )), // modifier
                Rule::atom => {
                    atom_text = p.as_str().to_string();
                    let inner = p.into_inner().next().expect("atom has one alternative"); // atom
                    atom = match inner.as_rule() {
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
                                errors
                                    .push(Diagnostic::error(pspan, "the leap (0,0) goes nowhere"));
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
                        r => unreachable!("parse_movement: atom alternative {r:?}"),
                    };
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
                r => unreachable!("parse_movement: component child {r:?}"),
            }
        }
        let Some(atom) = atom else { continue };
        // `NN`, `WW`: an atom repeated with nothing between turns the
        // previous component into a rider of that atom.
        if mods.is_empty()
            && range.is_none()
            && let Some(prev) = raws.last_mut()
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
        });
    }
    let mut atoms = Vec::new();
    for raw in &raws {
        match expand(raw) {
            Ok(mut a) => atoms.append(&mut a),
            Err(mut e) => errors.append(&mut e),
        }
    }
    if errors.is_empty() {
        Ok(atoms)
    } else {
        Err(errors)
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

/// All sign and order variants of the leap `(a, b)`.
fn all_dirs(a: u8, b: u8) -> Vec<(i8, i8)> {
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
    let mut errors = Vec::new();
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
            'a' => errors.push(
                Diagnostic::error(sp, "multi-leg moves (`a`) are not supported yet").with_help(
                    "write the legs as separate atoms where possible; multi-leg support is planned",
                ),
            ),
            'o' | 'z' | 'q' | 'e' | 'd' | 'u' | 'x' | 'y' | 't' | 'k' | 'w' => errors.push(
                Diagnostic::error(sp, format!("XBetza modifier `{c}` is not supported yet"))
                    .with_help("supported modifiers: f b l r v s h m c n j i g p"),
            ),
            _ => errors.push(
                Diagnostic::error(sp, format!("unknown modifier `{c}`"))
                    .with_help("supported modifiers: f b l r v s h m c n j i g p"),
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
        let style = match style_mod {
            Some(('p', _)) => Style::Hop,
            Some(_) => Style::Grasshopper,
            None if rider => Style::Ride,
            None => Style::Leap,
        };
        let mut dirs = all_dirs(a, b);
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
            if style != Style::Leap {
                errors.push(Diagnostic::error(
                    sp,
                    "`n` (lame) applies to leapers only: riders are always blocked",
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
        {
            errors.push(Diagnostic::error(
                sp,
                "`j` applies to riders only: a leaper always jumps",
            ));
        }
        let range = match raw.range {
            Some(r) => r.min(15) as u8,
            None if style == Style::Leap => 1,
            None => 0,
        };
        atoms.push(Atom {
            dirs,
            style,
            range,
            can_move,
            can_capture,
            lame: lame.is_some(),
            skip_first: skip_first.is_some(),
            initial,
            span: raw.span,
        });
    }
    if errors.is_empty() {
        Ok(atoms)
    } else {
        Err(errors)
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
        let e = parse_movement("aN", Span::default()).unwrap_err();
        assert!(e[0].message.contains("multi-leg"));
        let e = parse_movement("Y", Span::default()).unwrap_err();
        assert!(e[0].message.contains("unknown atom"));
    }

    #[test]
    fn lame_paths() {
        assert_eq!(lame_path(1, 2), vec![(0, 1)]);
        assert_eq!(lame_path(0, 2), vec![(0, 1)]);
        assert_eq!(lame_path(2, 2), vec![(1, 1)]);
        assert_eq!(lame_path(-1, 3), vec![(0, 1), (0, 2)]);
    }
}
