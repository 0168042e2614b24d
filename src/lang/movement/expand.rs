//! From raw components to atoms: modifiers read, directions filtered,
//! the style and range decided, path programs built.

use super::dirs::{Group, Shape, group_matches, shape, vertical};
use super::legs::{expand_bracket, expand_legs, lame_path};
use super::read::{Raw, RawAtom};
use super::{Atom, Style, paths};
use crate::diag::{Diagnostic, Span};
use crate::lang::paths::{MAX_STEPS, Step};

pub(super) const SUPPORTED: &str = "supported modifiers: f b l r v s h m c n j i g p, z q o (crooked, circular, cylindrical), a y (legs)";

/// The modifiers of one component, read.
struct Mods {
    groups: Vec<Group>,
    can_move: bool,
    can_capture: bool,
    /// `n`, where written.
    lame: Option<Span>,
    /// `j`, where written.
    skip_first: Option<Span>,
    initial: bool,
    /// `p` or `g`.
    style_mod: Option<(char, Span)>,
    /// `z`, `q` or `o`.
    path_mod: Option<(char, Span)>,
}

/// Reads a component's modifiers, reporting unknown and contradicting
/// ones.
fn read_modifiers(raw: &Raw, errors: &mut Vec<Diagnostic>) -> Mods {
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
    Mods {
        groups,
        can_move,
        can_capture,
        lame,
        skip_first,
        initial,
        style_mod,
        path_mod,
    }
}

/// The atoms of one component (a king or queen has two parts).
pub(super) fn expand(raw: &Raw) -> Result<Vec<Atom>, Vec<Diagnostic>> {
    if let Some(legs) = &raw.legs {
        return expand_bracket(raw, legs);
    }
    if raw.mods.iter().any(|m| m.0 == 'a') {
        return expand_legs(raw);
    }
    let mut errors = Vec::new();
    let mods = read_modifiers(raw, &mut errors);
    let parts: Vec<(u8, u8, bool)> = match raw.atom {
        RawAtom::Leap(a, b) => vec![(a, b, raw.rider)],
        RawAtom::King => vec![(0, 1, raw.rider), (1, 1, raw.rider)],
        RawAtom::Rook => vec![(0, 1, true)],
        RawAtom::Bishop => vec![(1, 1, true)],
        RawAtom::Queen => vec![(0, 1, true), (1, 1, true)],
    };
    let atoms = parts
        .into_iter()
        .map(|(a, b, rider)| part(raw, &mods, (a, b), rider, &mut errors))
        .collect();
    if errors.is_empty() {
        Ok(atoms)
    } else {
        Err(errors)
    }
}

/// One part `(a, b)` of a component under its modifiers.
fn part(
    raw: &Raw,
    mods: &Mods,
    (a, b): (u8, u8),
    rider: bool,
    errors: &mut Vec<Diagnostic>,
) -> Atom {
    let Mods {
        ref groups,
        can_move,
        can_capture,
        lame,
        skip_first,
        initial,
        style_mod,
        path_mod,
    } = *mods;
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
    for g in groups {
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
        programs = lame_programs(&dirs, raw.range);
    }
    if let Some((z, sp)) = path_mod {
        if lame.is_some() || skip_first.is_some() {
            errors.push(Diagnostic::error(
                sp,
                format!("`{z}` cannot be combined with `n` or `j`"),
            ));
        }
        wrap = z == 'o';
        programs = path_programs(raw, (z, sp), &dirs, (a, b), rider, errors);
    }
    Atom {
        dirs,
        style,
        range,
        can_move,
        can_capture,
        lame: lame.is_some() && style != Style::Path,
        skip_first: skip_first.is_some(),
        initial,
        programs,
        takes: Vec::new(),
        attack_only: false,
        wrap,
        span: raw.span,
    }
}

/// A lame rider's programs: each leap's straight path must be empty too.
fn lame_programs(dirs: &[(i8, i8)], range: Option<u32>) -> Vec<Vec<Step>> {
    let mut programs = Vec::new();
    let limit = range.map_or(MAX_STEPS, |r| r as usize);
    for &d in dirs {
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
    programs
}

/// The programs of a crooked (`z`), circular (`q`) or cylindrical (`o`)
/// component.
fn path_programs(
    raw: &Raw,
    (z, sp): (char, Span),
    dirs: &[(i8, i8)],
    (a, b): (u8, u8),
    rider: bool,
    errors: &mut Vec<Diagnostic>,
) -> Vec<Vec<Step>> {
    let limit = match raw.range {
        Some(r) => r as usize,
        None if z == 'o' && !rider => 1,
        None => MAX_STEPS,
    };
    match z {
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
            let p = paths::crooked(dirs, partners, limit);
            if p.is_empty() && errors.is_empty() {
                errors.push(Diagnostic::error(
                    sp,
                    "no two steps of this atom add up to that pair: the crooked rider has no move",
                ));
            }
            p
        }
        'q' => paths::circular(dirs, limit),
        _ => paths::straight(dirs, limit),
    }
}
