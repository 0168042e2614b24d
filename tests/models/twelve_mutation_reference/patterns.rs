//! Movement patterns: every landing of each form under the active set
//! (leaps, rides, cannon captures, the pawn forms), the attack test and
//! who may take en passant.

use super::*;

/// One landing of a pattern: the square, whether it is a capture (the
/// square is occupied, or a pawn's capture-only leap lands on an empty
/// square: an en-passant candidate), and the square passed by a double
/// step that opens en passant.
#[derive(Clone, Copy, Debug)]
pub(super) struct Dest {
    pub(super) to: usize,
    pub(super) cap: bool,
    pub(super) passed: Option<usize>,
}

#[derive(Clone, Copy, PartialEq)]
enum Mode {
    Both,
    Move,
    Capture,
}

pub(super) type Board = [Option<Piece>; 64];

pub(super) const ORTH: [(i32, i32); 4] = [(1, 0), (-1, 0), (0, 1), (0, -1)];
pub(super) const DIAG: [(i32, i32); 4] = [(1, 1), (1, -1), (-1, 1), (-1, -1)];
const KNIGHT: [(i32, i32); 8] = [
    (1, 2),
    (2, 1),
    (2, -1),
    (1, -2),
    (-1, -2),
    (-2, -1),
    (-2, 1),
    (-1, 2),
];
const CAMEL: [(i32, i32); 8] = [
    (1, 3),
    (3, 1),
    (3, -1),
    (1, -3),
    (-1, -3),
    (-3, -1),
    (-3, 1),
    (-1, 3),
];
const DABBABAH: [(i32, i32); 4] = [(2, 0), (-2, 0), (0, 2), (0, -2)];

/// A single leap by `v`; `lame` is a square (as an offset) that must be
/// empty (`n`), `passed` the square a double step passes.
fn leap(
    b: &Board,
    from: usize,
    v: (i32, i32),
    mode: Mode,
    lame: Option<(i32, i32)>,
    passed: Option<(i32, i32)>,
    out: &mut Vec<Dest>,
) {
    let Some(to) = off(from, v.0, v.1) else {
        return;
    };
    if let Some(m) = lame
        && b[off(from, m.0, m.1).unwrap()].is_some()
    {
        return;
    }
    let passed = passed.map(|m| off(from, m.0, m.1).unwrap());
    match (b[to], mode) {
        (None, Mode::Move | Mode::Both) => out.push(Dest {
            to,
            cap: false,
            passed,
        }),
        (None, Mode::Capture) | (Some(_), Mode::Capture | Mode::Both) => out.push(Dest {
            to,
            cap: true,
            passed: None,
        }),
        (Some(_), Mode::Move) => {}
    }
}

/// A rider along `v` (slider or nightrider): every landing before the
/// last must be empty.
fn ride(b: &Board, from: usize, v: (i32, i32), mode: Mode, out: &mut Vec<Dest>) {
    let mut s = from;
    while let Some(t) = off(s, v.0, v.1) {
        if b[t].is_some() {
            if mode == Mode::Both {
                out.push(Dest {
                    to: t,
                    cap: true,
                    passed: None,
                });
            }
            return;
        }
        out.push(Dest {
            to: t,
            cap: false,
            passed: None,
        });
        s = t;
    }
}

/// A cannon capture along `v`: over exactly one screen of either colour,
/// onto the first piece beyond it.
fn cannon(b: &Board, from: usize, v: (i32, i32), out: &mut Vec<Dest>) {
    let mut s = from;
    let mut screen = false;
    while let Some(t) = off(s, v.0, v.1) {
        if b[t].is_some() {
            if screen {
                out.push(Dest {
                    to: t,
                    cap: true,
                    passed: None,
                });
                return;
            }
            screen = true;
        }
        s = t;
    }
}

/// Every landing of the piece on `from` under the set `set`, before the
/// colour rule, Non-Prise and the owner of the target are considered.
pub(super) fn dests(b: &Board, from: usize, set: Set, cfg: Cfg, out: &mut Vec<Dest>) {
    let (kind, w) = b[from].unwrap();
    let (ber, mono) = (set & BEROLINA != 0, set & MONOCHROMATIC != 0);
    match kind {
        b'P' => {
            let f = if w { 1 } else { -1 };
            // The `i` double step: from the 2nd rank, and under Swap from
            // the 1st as well.
            let second = rank(from) == if w { 1 } else { 6 }
                || (set & SWAP != 0 && rank(from) == if w { 0 } else { 7 });
            let diag_moves = |out: &mut Vec<Dest>| {
                for df in [-1, 1] {
                    leap(b, from, (df, f), Mode::Move, None, None, out);
                }
            };
            let diag_double = |out: &mut Vec<Dest>| {
                if second {
                    for df in [-1, 1] {
                        let mid = Some((df, f));
                        leap(b, from, (2 * df, 2 * f), Mode::Move, mid, mid, out);
                    }
                }
            };
            match (ber, mono) {
                (false, false) => {
                    leap(b, from, (0, f), Mode::Move, None, None, out);
                    if second {
                        let mid = Some((0, f));
                        leap(b, from, (0, 2 * f), Mode::Move, mid, mid, out);
                    }
                    for df in [-1, 1] {
                        leap(b, from, (df, f), Mode::Capture, None, None, out);
                    }
                }
                (true, false) => {
                    diag_moves(out);
                    diag_double(out);
                    leap(b, from, (0, f), Mode::Capture, None, None, out);
                }
                (false, true) => {
                    let mid = Some((0, f));
                    let passed = if cfg.mono_ep { mid } else { None };
                    leap(b, from, (0, 2 * f), Mode::Move, mid, passed, out);
                    for df in [-1, 1] {
                        leap(b, from, (df, f), Mode::Capture, None, None, out);
                    }
                }
                (true, true) => {
                    diag_moves(out);
                    diag_double(out);
                    let mid = Some((0, f));
                    leap(b, from, (0, 2 * f), Mode::Capture, mid, None, out);
                }
            }
        }
        b'N' => {
            let vs = if mono { &CAMEL } else { &KNIGHT };
            for &v in vs {
                if set & RIDER != 0 {
                    ride(b, from, v, Mode::Both, out);
                } else {
                    leap(b, from, v, Mode::Both, None, None, out);
                }
            }
        }
        b'B' | b'R' => {
            let vs = if kind == b'B' { &DIAG } else { &ORTH };
            for &v in vs {
                if set & CANNON != 0 {
                    ride(b, from, v, Mode::Move, out);
                    cannon(b, from, v, out);
                } else {
                    ride(b, from, v, Mode::Both, out);
                }
            }
        }
        b'Q' => {
            for &v in ORTH.iter().chain(&DIAG) {
                ride(b, from, v, Mode::Both, out);
            }
        }
        b'K' => {
            for &v in ORTH.iter().chain(&DIAG) {
                leap(b, from, v, Mode::Both, None, None, out);
            }
            if mono {
                for &v in &DABBABAH {
                    leap(b, from, v, Mode::Both, None, None, out);
                }
            }
            if set & EQUUS_REX != 0 {
                for &v in if mono { &CAMEL } else { &KNIGHT } {
                    leap(b, from, v, Mode::Both, None, None, out);
                }
            }
        }
        _ => unreachable!(),
    }
}

/// Whether a piece of `by` attacks `t` under `set`: could capture there
/// if an enemy stood there (colour rule and Non-Prise ignored).
pub(super) fn attacked(b: &Board, t: usize, by: bool, set: Set) -> bool {
    let mut bb = *b;
    if bb[t].is_none() {
        bb[t] = Some((b'X', !by));
    }
    let mut out = Vec::new();
    (0..64).any(|s| {
        if bb[s].is_none_or(|p| p.1 != by) {
            return false;
        }
        out.clear();
        dests(&bb, s, set, ENGINE, &mut out);
        out.iter().any(|d| d.to == t && d.cap)
    })
}

pub(super) fn in_check(b: &Board, white: bool, set: Set) -> bool {
    let Some(k) = (0..64).find(|&s| b[s] == Some((b'K', white))) else {
        return false;
    };
    attacked(b, k, !white, set)
}

/// Whether a pawn of the side to move could take en passant on `e`: its
/// capture pattern under the active set reaches it.
pub(super) fn can_take_en_passant(p: &Pos, e: usize, cfg: Cfg) -> bool {
    let set = p.set();
    if !cfg.lame_ep && set & (BEROLINA | MONOCHROMATIC) == BEROLINA | MONOCHROMATIC {
        return false;
    }
    let mut out = Vec::new();
    (0..64).any(|s| {
        if p.b[s] != Some((b'P', p.white)) {
            return false;
        }
        out.clear();
        dests(&p.b, s, set, cfg, &mut out);
        out.iter().any(|d| d.to == e && d.cap)
    })
}
