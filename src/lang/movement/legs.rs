//! Multi-leg moves: XBetza's `a` legs and bracketed legs, as path
//! programs.

use super::dirs::{atom_dirs, direction_groups, filter_dirs, relative_turns};
use super::read::{Raw, RawLeg};
use super::{Atom, Style, paths};
use crate::diag::{Diagnostic, Span};
use crate::lang::paths::{Join, Leg, Step, Turn};

/// XBetza multi-leg moves: `a` separates the legs, each leg's direction
/// letters after the first are relative to the leg before, and `y` makes
/// the next leg ride.
pub(super) fn expand_legs(raw: &Raw) -> Result<Vec<Atom>, Vec<Diagnostic>> {
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
        let (mut take, mut pass) = (None, false);
        for (c, sp) in rest {
            match c {
                'm' if last => can_move = true,
                'c' if last => can_capture = true,
                'm' => pass = true,
                'c' => take = Some(sp),
                'x' | 'e' | 't' | 'd' => errors.push(
                    Diagnostic::error(
                        sp,
                        format!("`{c}` on a leg is not supported yet"),
                    )
                    .with_help("a leg before the last may capture on the square it ends on with `c` (a locust capture, `cafmF`); write other captures on the way in a script"),
                ),
                'y' if !last => next_rides = !rides,
                'y' => errors.push(Diagnostic::error(sp, "`y` needs a leg after it")),
                'i' => initial = true,
                _ => errors.push(
                    Diagnostic::error(sp, format!("`{c}` is not supported in a multi-leg move"))
                        .with_help("multi-leg moves take direction letters, m, c, y and i"),
                ),
            }
        }
        if let (Some(sp), true) = (take, pass) {
            errors.push(
                Diagnostic::error(sp, "`m` and `c` on one leg before the last is not supported")
                    .with_help("`c` alone: the leg ends on an enemy, which is captured; `m` alone (or neither): on an empty square"),
            );
        }
        legs.push(Leg {
            dirs,
            turn,
            ride,
            min: 1,
            join: Join::Pass,
            take: take.is_some(),
        });
    }
    legs_atom(raw, &legs, (can_move, can_capture), initial, errors)
}

/// Bracketed multi-leg moves: `[F?R]`, `[W-F-B]`, `[R=*B]`.
pub(super) fn expand_bracket(raw: &Raw, raw_legs: &[RawLeg]) -> Result<Vec<Atom>, Vec<Diagnostic>> {
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
            take: false,
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
    let Some(programs) = paths::legs_with_takes(legs) else {
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
    let (programs, takes): (Vec<Vec<Step>>, Vec<Vec<u8>>) = programs.into_iter().unzip();
    let locust = takes.iter().any(|t| !t.is_empty());
    Ok(vec![path_atom(
        raw,
        legs[0].dirs.clone(),
        (programs, if locust { takes } else { Vec::new() }),
        can_move || both,
        can_capture || both,
        initial,
    )])
}

fn path_atom(
    raw: &Raw,
    dirs: Vec<(i8, i8)>,
    (programs, takes): (Vec<Vec<Step>>, Vec<Vec<u8>>),
    can_move: bool,
    can_capture: bool,
    initial: bool,
) -> Atom {
    Atom {
        dirs,
        style: if takes.is_empty() {
            Style::Path
        } else {
            Style::Locust
        },
        range: 0,
        can_move,
        can_capture,
        lame: false,
        skip_first: false,
        initial,
        programs,
        takes,
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
