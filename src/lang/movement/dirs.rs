//! Directions: which steps of an atom the direction letters keep
//! (absolute `f b l r v s`, pairs, chiral halves) and which turns the
//! relative letters of a leg name. What reading a component
//! (`expand.rs`) and reading its legs (`legs.rs`) share.

use super::paths;
use super::read::RawAtom;
use crate::diag::{Diagnostic, Span};

/// The shape of a leap: along a line, a diagonal, or neither.
#[derive(Clone, Copy, PartialEq, Eq)]
pub(super) enum Shape {
    Orthogonal,
    Diagonal,
    Oblique,
}

/// The shape of the leap `(a, b)`.
pub(super) fn shape(a: u8, b: u8) -> Shape {
    if a == 0 || b == 0 {
        Shape::Orthogonal
    } else if a == b {
        Shape::Diagonal
    } else {
        Shape::Oblique
    }
}

/// Does the direction letter `c` keep the step `(dx, dy)` of a leap of
/// shape `s`?
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

pub(super) fn vertical(c: char) -> bool {
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
pub(super) enum Group {
    One(char),
    Two(char, char),
    Half(char),
}

pub(super) fn group_matches(g: Group, s: Shape, d: (i8, i8)) -> bool {
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

/// The directions of a leg's atom, and whether it rides by itself.
pub(super) fn atom_dirs(atom: RawAtom, doubled: bool) -> (Vec<(i8, i8)>, bool) {
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
pub(super) fn direction_groups(
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
pub(super) fn filter_dirs(dirs: &mut Vec<(i8, i8)>, groups: &[Group]) {
    if !groups.is_empty() {
        dirs.retain(|&d| {
            let s = shape(d.0.unsigned_abs(), d.1.unsigned_abs());
            groups.iter().any(|&g| group_matches(g, s, d))
        });
    }
}

/// Turns (in eighths of a circle, counter-clockwise) named by the relative
/// direction letters of a leg after XBetza's `a`.
pub(super) fn relative_turns(mods: &[(char, Span)], errors: &mut Vec<Diagnostic>) -> Vec<i32> {
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
