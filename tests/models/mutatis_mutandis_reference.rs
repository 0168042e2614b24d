//! Mutatis Mutandis (`examples/variants/mutatis-mutandis.variant`): a
//! brute-force reference, simple rather than fast, written from the rules
//! text `../shared/rules/mutatis-mutandis.md` (sections 3-10, with the
//! readings of section 11). It shares no code with the engine: its own
//! board, FEN reader and writer, move generator for all 49 forms, attack
//! test (any action that removes a royal, 8.2), freezing, immunity,
//! morphs of the actors, cornering, Wuss duty, drop schedule with
//! windows, duty and carry-over, promotion from the back of the reserve
//! (optional for the Cannon Pawn) and the swap-back ban.
//!
//! A piece carries its kind, its colour and whether it has left its
//! square (for the Pawn's double step and cornering). The FEN text is the
//! engine's dialect (reserves `<W/B>`, cornering letters `A`/`H`, and a
//! tagged fields `swap:d4d6` for the swap-back ban and `moved:b2` for a
//! Pawn displaced onto its second rank), so child positions are compared
//! as strings.
//!
//! `Cfg` says which reading the reference plays: `RULES` is the rules
//! text; `ENGINE` adds the engine's known departures from it (each one
//! shown by an `engine_*` test that fails against `RULES` while the
//! departure stands, and is ignored until it is fixed), so that the
//! comparisons can go on past them. None stands now: `ENGINE` equals
//! `RULES`.
//!
//! The `reference_*` tests check the reference alone on hand-derived
//! move sets. The `engine_*` tests compare it with the engine: perft from
//! the seeded setups, child sets and perft 2 in drop-window and exotic
//! positions, and the set of child positions at every ply of seeded
//! random games. The default run takes well under a minute in release
//! (`cargo test --release --test models mutatis_mutandis_reference::`).
//!
//! Slow parts, each by name after `cargo test --release --test
//! mutatis_mutandis_reference -- --ignored`:
//! `engine_perft_from_seeded_setups_deep` (depth 4, about 25 s) and
//! `engine_random_games_agree_move_by_move_many` (1000 games to their
//! end, 2-3 s a game; `MM_GAMES=a..b` picks seeds, `MM_KEEP_GOING=1`
//! reports every failing game), and `perft_file_in_full` (every count of
//! `tests/perft/mutatis-mutandis.perft`, about 80 s).

use changeling::game::{Game, Rng, start_position};
use changeling::movegen::{legal_moves, perft};
use changeling::notation::{parse_fen, to_fen};
use changeling::variants::load;
use std::collections::{BTreeSet, HashSet};
use std::sync::Arc;

// ---------------------------------------------------------------------
// Kinds
// ---------------------------------------------------------------------

/// Every form of every cycle, in the order of `TABLE`.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, PartialOrd, Ord)]
#[repr(u8)]
enum K {
    King,
    Maoking,
    Queen,
    Sissa,
    Amazon,
    Squeen,
    Abrider,
    Chainsaw,
    Nightrider,
    Rose,
    Chancellor,
    Archbishop,
    Dancinghorse,
    Octopus,
    Dragonking,
    Dragonhorse,
    Knight,
    Knightguard,
    Gryphon,
    Aanca,
    Crookedrook,
    Crookedbishop,
    Rook,
    Cylbishop,
    Knightwazir,
    Knightferz,
    Paovao,
    Cannonpawn,
    Chameleon,
    Swapper,
    Longleaper,
    Archer,
    Withdrawer,
    Advancer,
    Immobilizer,
    Shield,
    Mamra,
    Wuss,
    Hydra,
    Nn11,
    Nn02,
    Nn31,
    Nn33,
    Nn04,
    Oxybeles,
    Secutor,
    Pawn,
    Berolina,
    Scorpion,
}
use K::*;

/// Each kind, its FEN code (White's spelling) and the form it becomes
/// after it acts (section 3).
const TABLE: [(K, &str, K); 49] = [
    (King, "K", Maoking),
    (Maoking, "Maoking", King),
    (Queen, "Q", Sissa),
    (Sissa, "Sissa", Queen),
    (Amazon, "Amazon", Squeen),
    (Squeen, "Squeen", Amazon),
    (Abrider, "Archbishoprider", Chainsaw),
    (Chainsaw, "Chainsaw", Abrider),
    (Nightrider, "Nightrider", Rose),
    (Rose, "Rose", Nightrider),
    (Chancellor, "Chancellor", Archbishop),
    (Archbishop, "Archbishop", Chancellor),
    (Dancinghorse, "Dancinghorse", Octopus),
    (Octopus, "Octopus", Dancinghorse),
    (Dragonking, "Dragonking", Dragonhorse),
    (Dragonhorse, "Dragonhorse", Dragonking),
    (Knight, "N", Knightguard),
    (Knightguard, "Knightguard", Knight),
    (Gryphon, "Gryphon", Aanca),
    (Aanca, "Aanca", Gryphon),
    (Crookedrook, "Crookedrook", Crookedbishop),
    (Crookedbishop, "Crookedbishop", Crookedrook),
    (Rook, "R", Cylbishop),
    (Cylbishop, "Cylbishop", Rook),
    (Knightwazir, "Knightwazir", Knightferz),
    (Knightferz, "Knightferz", Knightwazir),
    (Paovao, "Paovao", Cannonpawn),
    (Cannonpawn, "Cannonpawn", Paovao),
    (Chameleon, "Chameleon", Swapper),
    (Swapper, "Swapper", Chameleon),
    (Longleaper, "Longleaper", Archer),
    (Archer, "Archer", Longleaper),
    (Withdrawer, "Withdrawer", Advancer),
    (Advancer, "Advancer", Withdrawer),
    (Immobilizer, "Immobilizer", Shield),
    (Shield, "Shield", Immobilizer),
    (Mamra, "Mamra", Wuss),
    (Wuss, "Wuss", Mamra),
    (Hydra, "Hydra", Nn11),
    (Nn11, "NNa", Nn02),
    (Nn02, "NNb", Nn31),
    (Nn31, "NNc", Nn33),
    (Nn33, "NNd", Nn04),
    (Nn04, "NNe", Hydra),
    (Oxybeles, "Oxybeles", Secutor),
    (Secutor, "Secutor", Oxybeles),
    (Pawn, "P", Berolina),
    (Berolina, "Berolina", Scorpion),
    (Scorpion, "Scorpion", Pawn),
];

fn code(k: K) -> &'static str {
    TABLE[k as usize].1
}

fn next_form(k: K) -> K {
    TABLE[k as usize].2
}

fn token(k: K, white: bool) -> String {
    let c = code(k);
    let s = if white {
        c.to_string()
    } else {
        c.to_ascii_lowercase()
    };
    if c.len() == 1 { s } else { format!("{{{s}}}") }
}

fn kind_of(name: &str) -> Option<K> {
    TABLE
        .iter()
        .find(|(_, c, _)| c.eq_ignore_ascii_case(name))
        .map(|e| e.0)
}

fn is_pawn_form(k: K) -> bool {
    matches!(k, Pawn | Berolina | Scorpion)
}

fn is_royal(k: K) -> bool {
    matches!(k, King | Maoking | Wuss)
}

// ---------------------------------------------------------------------
// Board and position
// ---------------------------------------------------------------------

#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
struct Pc {
    k: K,
    w: bool,
    moved: bool,
}

type Board = [Option<Pc>; 64];

/// One side's reserve in drop order; the pieces still held are
/// `slots[front..back]` (drops take the front, promotions the back).
#[derive(Clone, PartialEq, Eq, Hash, Debug)]
struct Reserve {
    slots: Vec<K>,
    front: usize,
    back: usize,
}

#[derive(Clone, PartialEq, Eq, Hash, Debug)]
struct Pos {
    b: Board,
    white: bool,
    /// White's reserve, then Black's.
    res: [Reserve; 2],
    /// The square a Pawn's double step passed, and the pawn.
    ep: Option<(usize, usize)>,
    half: u32,
    full: u32,
    /// Two enemies that just swapped (a Swapper and a Swapper or
    /// Chameleon): they may not swap straight back.
    ban: Option<(usize, usize)>,
}

/// The reading of the rules the reference plays.
#[derive(Clone, Copy, Debug)]
struct Cfg {
    /// A Cannon Pawn arriving on the last rank by its own move may promote
    /// (sections 5.1 and 10.3).
    cannon_promotes: bool,
    /// The engine's double step as it was: a Pawn on its second rank could
    /// make it even when it was displaced there (swapped, slung,
    /// recruited); section 4.29 asks for a pawn that has never moved
    /// (fixed; kept to show the difference). See
    /// `engine_displaced_pawn_has_no_double_step`.
    displaced_pawn_double_steps: bool,
    /// The engine's ban as it was: every swap of two enemies banned the
    /// swap back (and showed in the FEN), not only a Swapper's with a
    /// Swapper or Chameleon (5.3). Only the text differed: no other pair
    /// can swap back (fixed; kept to show the difference).
    ban_any_enemy_swap: bool,
    /// The engine's attack test as it was: a slung pawn form attacked the
    /// last rank even when its side's reserve was empty and the sling could
    /// not be made (fixed; kept to show the difference). See
    /// `engine_slung_pawn_with_nothing_to_promote_to_gives_no_check`.
    sling_attacks_without_promotion: bool,
    /// The engine's Chameleon as it was: imitating a pawn form's capture
    /// onto its last rank needed a piece in its side's reserve, as if it
    /// were a pawn (fixed; kept to show the difference). See
    /// `engine_chameleon_imitating_a_pawn_ignores_the_reserve`.
    chameleon_pawn_capture_needs_reserve: bool,
}

/// The rules as written (section 11's readings).
const RULES: Cfg = Cfg {
    cannon_promotes: true,
    displaced_pawn_double_steps: false,
    ban_any_enemy_swap: false,
    sling_attacks_without_promotion: false,
    chameleon_pawn_capture_needs_reserve: false,
};

/// The engine's readings where it departs from the rules, so that the
/// comparisons go on past the differences already known (none now).
const ENGINE: Cfg = Cfg {
    cannon_promotes: true,
    displaced_pawn_double_steps: false,
    ban_any_enemy_swap: false,
    sling_attacks_without_promotion: false,
    chameleon_pawn_capture_needs_reserve: false,
};

fn file(s: usize) -> i32 {
    (s % 8) as i32
}

fn rank(s: usize) -> i32 {
    (s / 8) as i32
}

fn off(s: usize, df: i32, dr: i32) -> Option<usize> {
    let (f, r) = (file(s) + df, rank(s) + dr);
    ((0..8).contains(&f) && (0..8).contains(&r)).then(|| (r * 8 + f) as usize)
}

fn sq_name(s: usize) -> String {
    format!("{}{}", (b'a' + (s % 8) as u8) as char, s / 8 + 1)
}

fn parse_sq(t: &str) -> Option<usize> {
    let b = t.as_bytes();
    if b.len() != 2 || !(b'a'..=b'h').contains(&b[0]) || !(b'1'..=b'8').contains(&b[1]) {
        return None;
    }
    Some(((b[1] - b'1') * 8 + (b[0] - b'a')) as usize)
}

fn bit(s: usize) -> u64 {
    1u64 << s
}

/// A (file, rank) offset.
type Vec2 = (i32, i32);
/// A list of offsets.
type Steps = &'static [Vec2];

const W4: [(i32, i32); 4] = [(1, 0), (-1, 0), (0, 1), (0, -1)];
const F4: [(i32, i32); 4] = [(1, 1), (1, -1), (-1, 1), (-1, -1)];
const K8: [(i32, i32); 8] = [
    (1, 0),
    (-1, 0),
    (0, 1),
    (0, -1),
    (1, 1),
    (1, -1),
    (-1, 1),
    (-1, -1),
];
/// Knight vectors in the Rose's circular order v0..v7.
const N8: [(i32, i32); 8] = [
    (1, 2),
    (2, 1),
    (2, -1),
    (1, -2),
    (-1, -2),
    (-2, -1),
    (-2, 1),
    (-1, 2),
];

/// The outward orthogonals of a diagonal step.
fn outward_orth(d: (i32, i32)) -> [(i32, i32); 2] {
    [(d.0, 0), (0, d.1)]
}

/// The outward diagonals of an orthogonal step.
fn outward_diag(o: (i32, i32)) -> [(i32, i32); 2] {
    let p = (o.1.abs(), o.0.abs());
    [(o.0 + p.0, o.1 + p.1), (o.0 - p.0, o.1 - p.1)]
}

/// The Hydra's crooked nightrider forms: the partners of knight vector
/// `a` (section 4.26), from the pair(s) given with a = (1,2), closed under
/// the eight symmetries of the board.
fn partners(k: K, a: (i32, i32)) -> Vec<(i32, i32)> {
    let bases: &[(i32, i32)] = match k {
        Nn11 => &[(-2, -1)],
        Nn02 => &[(1, -2)],
        Nn31 => &[(-2, 1), (2, -1)],
        Nn33 => &[(2, 1)],
        Nn04 => &[(-1, 2)],
        _ => &[],
    };
    let syms: [fn(Vec2) -> Vec2; 8] = [
        |(x, y)| (x, y),
        |(x, y)| (-x, y),
        |(x, y)| (x, -y),
        |(x, y)| (-x, -y),
        |(x, y)| (y, x),
        |(x, y)| (-y, x),
        |(x, y)| (y, -x),
        |(x, y)| (-y, -x),
    ];
    let mut out = Vec::new();
    for &b in bases {
        for t in syms {
            let (ta, tb) = (t((1, 2)), t(b));
            for (x, y) in [(ta, tb), (tb, ta)] {
                if x == a && !out.contains(&y) {
                    out.push(y);
                }
            }
        }
    }
    out
}

fn shielded(b: &Board, s: usize) -> bool {
    let Some(p) = b[s] else { return false };
    K8.iter().any(|&(dx, dy)| {
        off(s, dx, dy).is_some_and(|n| matches!(b[n], Some(q) if q.k == Shield && q.w == p.w))
    })
}

/// May a piece of `by` remove the piece on `s` by capture? `pawn` says
/// whether the capture is a pawn form's own pawn capture (section 6.1).
fn capturable(b: &Board, s: usize, by: bool, pawn: bool) -> bool {
    match b[s] {
        Some(p) if p.w != by => !shielded(b, s) && (p.k != Mamra || pawn),
        _ => false,
    }
}

fn frozen(b: &Board, s: usize) -> bool {
    let Some(p) = b[s] else { return false };
    K8.iter().any(|&(dx, dy)| {
        off(s, dx, dy).is_some_and(|n| match b[n] {
            Some(q) if q.w != p.w => q.k == Immobilizer || (p.k == Immobilizer && q.k == Chameleon),
            _ => false,
        })
    })
}

fn last_rank(white: bool) -> i32 {
    if white { 7 } else { 0 }
}

fn home_rank(white: bool) -> i32 {
    if white { 0 } else { 7 }
}

fn forward(white: bool) -> i32 {
    if white { 1 } else { -1 }
}

// ---------------------------------------------------------------------
// FEN
// ---------------------------------------------------------------------

/// Cornering table (section 9), for White; Black uses rank 8. Each row:
/// King's file, partner's file, files that must be empty, the King's and
/// the partner's files after.
const CORNERING: [(i32, i32, &[i32], i32, i32); 8] = [
    (1, 0, &[2], 1, 2),
    (2, 0, &[1, 3], 2, 3),
    (3, 0, &[1, 2], 1, 2),
    (3, 7, &[4, 5, 6], 5, 4),
    (4, 0, &[1, 2, 3], 2, 3),
    (4, 7, &[5, 6], 6, 5),
    (5, 7, &[6, 4], 5, 4),
    (6, 7, &[5], 6, 5),
];

fn parse_token(s: &str) -> (K, bool, usize) {
    if let Some(rest) = s.strip_prefix('{') {
        let end = rest.find('}').expect("closed brace");
        let name = &rest[..end];
        let k = kind_of(name).unwrap_or_else(|| panic!("unknown piece {name}"));
        (
            k,
            name.starts_with(|c: char| c.is_ascii_uppercase()),
            end + 2,
        )
    } else {
        let c = s.chars().next().unwrap();
        let k = kind_of(&c.to_string()).unwrap_or_else(|| panic!("unknown piece {c}"));
        (k, c.is_ascii_uppercase(), 1)
    }
}

/// Reads a FEN as the engine's FEN reader does: a cornering letter marks
/// as unmoved both squares of every rule of that letter whose king square
/// holds a royal piece of the side and whose corner holds a piece of the
/// side; `unmoved:` names other unmoved pieces.
fn parse(fen: &str) -> Pos {
    parse_with(fen, false)
}

/// Reads the engine's seeded start position: only a King's own rules
/// count as unmoved (the engine's start gives the rights by the draw).
fn parse_start(fen: &str) -> Pos {
    parse_with(fen, true)
}

fn parse_with(fen: &str, start: bool) -> Pos {
    let fields: Vec<&str> = fen.split_whitespace().collect();
    let (placement, reserves) = match fields[0].find('<') {
        Some(i) => (
            &fields[0][..i],
            Some(&fields[0][i + 1..fields[0].len() - 1]),
        ),
        None => (fields[0], None),
    };
    let mut b: Board = [None; 64];
    for (i, row) in placement.split('/').enumerate() {
        let r = 7 - i;
        let mut f = 0usize;
        let mut rest = row;
        while !rest.is_empty() {
            let c = rest.chars().next().unwrap();
            if c.is_ascii_digit() {
                f += c.to_digit(10).unwrap() as usize;
                rest = &rest[1..];
            } else {
                let (k, w, len) = parse_token(rest);
                b[r * 8 + f] = Some(Pc { k, w, moved: true });
                f += 1;
                rest = &rest[len..];
            }
        }
        assert_eq!(f, 8, "rank {} of {fen}", r + 1);
    }
    let mut res = [
        Reserve {
            slots: vec![],
            front: 0,
            back: 0,
        },
        Reserve {
            slots: vec![],
            front: 0,
            back: 0,
        },
    ];
    if let Some(inner) = reserves {
        for (side, text) in inner.split('/').enumerate() {
            let mut slots = Vec::new();
            let mut held = Vec::new();
            let mut rest = text;
            while !rest.is_empty() {
                if let Some(r) = rest.strip_prefix('-') {
                    slots.push(Queen);
                    held.push(false);
                    rest = r;
                } else {
                    let (k, _, len) = parse_token(rest);
                    slots.push(k);
                    held.push(true);
                    rest = &rest[len..];
                }
            }
            let front = held.iter().take_while(|h| !**h).count();
            let back = held.len() - held.iter().rev().take_while(|h| !**h).count();
            res[side] = Reserve {
                slots,
                front,
                back: back.max(front),
            };
        }
    }
    let white = fields.get(1).is_none_or(|s| *s == "w");
    // Pawns on their own second rank have not moved, unless the engine's
    // `moved:` field names them.
    let moved: Vec<usize> = fields
        .iter()
        .skip(6)
        .filter_map(|t| t.strip_prefix("moved:"))
        .flat_map(|t| t.split(','))
        .map(|n| parse_sq(n).unwrap())
        .collect();
    for (s, p) in b.iter_mut().enumerate() {
        if let Some(p) = p
            && p.k == Pawn
            && rank(s) == home_rank(p.w) + forward(p.w)
        {
            p.moved = moved.contains(&s);
        }
    }
    if let Some(c) = fields.get(2) {
        for ch in c.chars().filter(|&c| c != '-') {
            let w = ch.is_ascii_uppercase();
            let pf = if ch.eq_ignore_ascii_case(&'a') { 0 } else { 7 };
            let r = home_rank(w) * 8;
            for &(kf, partner, ..) in &CORNERING {
                let (ks, ps) = ((r + kf) as usize, (r + partner) as usize);
                let own = |s: usize| b[s].is_some_and(|p| p.w == w);
                let king = b[ks]
                    .is_some_and(|p| p.w == w && if start { p.k == King } else { is_royal(p.k) });
                if partner == pf && king && own(ps) {
                    for s in [ks, ps] {
                        if let Some(p) = &mut b[s] {
                            p.moved = false;
                        }
                    }
                }
            }
        }
    }
    // The engine's `moved:` field also corrects what the castling field
    // marks.
    for &s in &moved {
        if let Some(p) = &mut b[s] {
            p.moved = true;
        }
    }
    // The engine's `unmoved:` field.
    for t in fields.iter().skip(6) {
        if let Some(list) = t.strip_prefix("unmoved:") {
            for n in list.split(',') {
                if let Some(p) = &mut b[parse_sq(n).unwrap()] {
                    p.moved = false;
                }
            }
        }
    }
    let ep = fields
        .get(3)
        .and_then(|t| parse_sq(t))
        .map(|s| (s, off(s, 0, forward(!white)).unwrap()));
    Pos {
        b,
        white,
        res,
        ep,
        half: fields.get(4).map_or(0, |s| s.parse().unwrap()),
        full: fields.get(5).map_or(1, |s| s.parse().unwrap()),
        ban: fields.iter().skip(6).find_map(|t| {
            let sq = t.strip_prefix("swap:")?;
            Some((parse_sq(&sq[..2])?, parse_sq(&sq[2..])?))
        }),
    }
}

/// The squares a reader of the castling field marks as unmoved: for
/// each letter written, both squares of every cornering rule of that
/// letter whose king square holds a royal piece of the side and whose
/// corner holds a piece of the side (moved or not: a Wuss on a king
/// square counts, which the FEN then corrects with `moved:`).
fn granted_squares(b: &Board) -> Vec<usize> {
    let mut out = Vec::new();
    for ch in castling_field(b).chars().filter(|&c| c != '-') {
        let w = ch.is_ascii_uppercase();
        let pf = if ch.eq_ignore_ascii_case(&'a') { 0 } else { 7 };
        let r = home_rank(w) * 8;
        for &(kf, partner, ..) in &CORNERING {
            let (ks, ps) = ((r + kf) as usize, (r + partner) as usize);
            if partner == pf
                && b[ks].is_some_and(|p| p.w == w && is_royal(p.k))
                && b[ps].is_some_and(|p| p.w == w)
            {
                out.extend([ks, ps]);
            }
        }
    }
    out
}

fn castling_field(b: &Board) -> String {
    let mut s = String::new();
    for w in [true, false] {
        let r = home_rank(w) * 8;
        for (letter, pf) in [('h', 7), ('a', 0)] {
            let any = CORNERING.iter().any(|&(kf, partner, ..)| {
                let (ks, ps) = ((r + kf) as usize, (r + partner) as usize);
                partner == pf
                    && b[ks].is_some_and(|p| p.w == w && is_royal(p.k) && !p.moved)
                    && b[ps].is_some_and(|p| p.w == w && !p.moved)
            });
            if any {
                s.push(if w {
                    letter.to_ascii_uppercase()
                } else {
                    letter
                });
            }
        }
    }
    if s.is_empty() { "-".to_string() } else { s }
}

fn fen(p: &Pos) -> String {
    let mut s = String::new();
    for r in (0..8).rev() {
        let mut empty = 0;
        for f in 0..8 {
            match p.b[r * 8 + f] {
                None => empty += 1,
                Some(pc) => {
                    if empty > 0 {
                        s.push_str(&empty.to_string());
                        empty = 0;
                    }
                    s.push_str(&token(pc.k, pc.w));
                }
            }
        }
        if empty > 0 {
            s.push_str(&empty.to_string());
        }
        if r > 0 {
            s.push('/');
        }
    }
    s.push('<');
    for (side, r) in p.res.iter().enumerate() {
        if side == 1 {
            s.push('/');
        }
        for (i, &k) in r.slots.iter().enumerate() {
            if i >= r.front && i < r.back {
                s.push_str(&token(k, side == 0));
            } else {
                s.push('-');
            }
        }
    }
    s.push('>');
    let ep = p.ep.map_or("-".to_string(), |(s, _)| sq_name(s));
    // The engine's seventh field: a swap that may not be undone at once.
    let ban = p.ban.map_or(String::new(), |(a, b)| {
        format!(" swap:{}{}", sq_name(a), sq_name(b))
    });
    // The engine's `moved:` field: Pawns on their own second rank that
    // have moved (displaced there), in square order.
    let granted = granted_squares(&p.b);
    let moved: Vec<String> = (0..64)
        .filter(|&s| {
            p.b[s].is_some_and(|pc| {
                let pawn_home = pc.k == Pawn && rank(s) == home_rank(pc.w) + forward(pc.w);
                pc.moved && (pawn_home || granted.contains(&s))
            })
        })
        .map(sq_name)
        .collect();
    let moved = if moved.is_empty() {
        String::new()
    } else {
        format!(" moved:{}", moved.join(","))
    };
    // The engine's `unmoved:` field: unmoved pieces that neither the
    // castling field nor the Pawn's home rank accounts for (a King whose
    // corner piece has moved, a piece dropped onto the first rank).
    let unmoved: Vec<String> = (0..64)
        .filter(|&s| {
            p.b[s].is_some_and(|pc| {
                let pawn_home = pc.k == Pawn && rank(s) == home_rank(pc.w) + forward(pc.w);
                !(pc.moved || granted.contains(&s) || pawn_home)
            })
        })
        .map(sq_name)
        .collect();
    let unmoved = if unmoved.is_empty() {
        String::new()
    } else {
        format!(" unmoved:{}", unmoved.join(","))
    };
    format!(
        "{s} {} {} {ep} {} {}{ban}{moved}{unmoved}",
        if p.white { 'w' } else { 'b' },
        castling_field(&p.b),
        p.half,
        p.full
    )
}

// ---------------------------------------------------------------------
// Actions
// ---------------------------------------------------------------------

/// One normal action, before promotion, morph and drop.
#[derive(Clone, Debug)]
struct Act {
    b: Board,
    /// Squares whose pieces the action removed by capture.
    caps: u64,
    /// Squares (after the action) of the pieces that morph.
    actors: Vec<usize>,
    /// The mover is a pawn form (the fifty-move count restarts).
    pawn_mover: bool,
    /// A Cannon Pawn's own move ended on its last rank here.
    cannon_arrival: Option<usize>,
    ep: Option<(usize, usize)>,
    swap: Option<(usize, usize)>,
    /// A move of the Wuss from this square.
    wuss_from: Option<usize>,
    /// A Chameleon's capture imitating a pawn form.
    pawn_imitation: bool,
}

struct Gen<'a> {
    b: &'a Board,
    cfg: Cfg,
    ep: Option<(usize, usize)>,
    ban: Option<(usize, usize)>,
    /// Only actions that capture are wanted (attack test).
    attack: bool,
    out: Vec<Act>,
}

impl Gen<'_> {
    fn empty(&self, s: usize) -> bool {
        self.b[s].is_none()
    }

    /// The piece on `from` goes to `to` (or stays put when `to` is
    /// `from`, or leaves the board when `None`), removing `caps`.
    fn emit(&mut self, from: usize, to: Option<usize>, caps: u64) {
        if self.attack && caps == 0 {
            return;
        }
        let mut b = *self.b;
        let pc = b[from].expect("a piece acts");
        let mut m = caps;
        while m != 0 {
            b[m.trailing_zeros() as usize] = None;
            m &= m - 1;
        }
        b[from] = None;
        if let Some(t) = to {
            // A shooter stays where it is: it has not left its square
            // (section 9 counts only pieces that left their squares).
            b[t] = Some(Pc {
                moved: pc.moved || t != from,
                ..pc
            });
        }
        let cannon_arrival =
            to.filter(|&t| pc.k == Cannonpawn && t != from && rank(t) == last_rank(pc.w));
        self.out.push(Act {
            b,
            caps,
            actors: to.into_iter().collect(),
            pawn_mover: is_pawn_form(pc.k),
            cannon_arrival,
            ep: None,
            swap: None,
            wuss_from: (pc.k == Wuss).then_some(from),
            pawn_imitation: false,
        });
    }

    /// Default target rule: an empty square or a capturable enemy.
    /// Returns whether the square was empty.
    fn land(&mut self, from: usize, to: usize, w: bool) -> bool {
        if self.empty(to) {
            self.emit(from, Some(to), 0);
            true
        } else {
            if capturable(self.b, to, w, false) {
                self.emit(from, Some(to), bit(to));
            }
            false
        }
    }

    fn leaps(&mut self, from: usize, w: bool, vs: &[(i32, i32)]) {
        for &(dx, dy) in vs {
            if let Some(t) = off(from, dx, dy) {
                self.land(from, t, w);
            }
        }
    }

    /// Slides (step 1) or rides (longer vectors) from `start`, the piece
    /// standing on `from`.
    fn ride_from(&mut self, from: usize, start: usize, w: bool, v: (i32, i32)) {
        let mut s = start;
        while let Some(t) = off(s, v.0, v.1) {
            if !self.land(from, t, w) {
                break;
            }
            s = t;
        }
    }

    fn rides(&mut self, from: usize, w: bool, vs: &[(i32, i32)]) {
        for &v in vs {
            self.ride_from(from, from, w, v);
        }
    }

    /// Empty squares along K8 lines, no capture.
    fn passive(&mut self, from: usize) {
        for &(dx, dy) in &K8 {
            let mut s = from;
            while let Some(t) = off(s, dx, dy) {
                if !self.empty(t) {
                    break;
                }
                self.emit(from, Some(t), 0);
                s = t;
            }
        }
    }

    fn sissa(&mut self, from: usize, w: bool) {
        for &o in &W4 {
            for &d in &F4 {
                for n in 1..8 {
                    let dest = off(from, n * (o.0 + d.0), n * (o.1 + d.1));
                    let Some(dest) = dest else { continue };
                    let clear = |a: (i32, i32), bb: (i32, i32)| {
                        (1..=n)
                            .map(|i| off(from, i * a.0, i * a.1))
                            .chain(
                                (1..n).map(|j| off(from, n * a.0 + j * bb.0, n * a.1 + j * bb.1)),
                            )
                            .all(|s| s.is_some_and(|s| self.empty(s)))
                    };
                    if clear(o, d) || clear(d, o) {
                        self.land(from, dest, w);
                    }
                }
            }
        }
    }

    fn rose(&mut self, from: usize, w: bool) {
        for i in 0..8 {
            for dir in [1, 7] {
                let mut s = from;
                for step in 0..7 {
                    let v = N8[(i + dir * step) % 8];
                    let Some(t) = off(s, v.0, v.1) else { break };
                    if !self.land(from, t, w) {
                        break;
                    }
                    s = t;
                }
            }
        }
    }

    fn dancing_horse(&mut self, from: usize, w: bool) {
        self.leaps(from, w, &N8);
        for a in N8 {
            let Some(m) = off(from, a.0, a.1) else {
                continue;
            };
            if !self.empty(m) {
                continue;
            }
            for bb in N8 {
                if let Some(t) = off(m, bb.0, bb.1)
                    && t != from
                {
                    self.land(from, t, w);
                }
            }
        }
    }

    fn octopus(&mut self, from: usize, w: bool) {
        let bent = |first: (i32, i32), seconds: [(i32, i32); 2], g: &mut Self| {
            let Some(m1) = off(from, first.0, first.1) else {
                return;
            };
            if !g.empty(m1) {
                return;
            }
            for e in seconds {
                let Some(m2) = off(m1, e.0, e.1) else {
                    continue;
                };
                if g.empty(m2) {
                    g.ride_from(from, m2, w, e);
                }
            }
        };
        for d in F4 {
            bent(d, outward_orth(d), self);
        }
        for o in W4 {
            bent(o, outward_diag(o), self);
        }
    }

    /// Gryphon (`first` diagonal, then outward orthogonal slides) and
    /// Aanca (orthogonal, then outward diagonal).
    fn bent_slider(&mut self, from: usize, w: bool, diagonal_first: bool) {
        let firsts = if diagonal_first { F4 } else { W4 };
        for d in firsts {
            let Some(m) = off(from, d.0, d.1) else {
                continue;
            };
            if self.land(from, m, w) {
                let outs = if diagonal_first {
                    outward_orth(d)
                } else {
                    outward_diag(d)
                };
                for e in outs {
                    self.ride_from(from, m, w, e);
                }
            }
        }
    }

    /// The Dragon's spotted gryphon: a ferz step, then outward dabbaba
    /// leaps.
    fn spotted_gryphon(&mut self, from: usize, w: bool) {
        for d in F4 {
            let Some(m) = off(from, d.0, d.1) else {
                continue;
            };
            if self.land(from, m, w) {
                for e in outward_orth(d) {
                    self.ride_from(from, m, w, (2 * e.0, 2 * e.1));
                }
            }
        }
    }

    /// Alternating paths a, b, a, b, ... (crooked pieces).
    fn crooked(&mut self, from: usize, w: bool, a: (i32, i32), bb: (i32, i32)) {
        let mut s = from;
        for i in 0.. {
            let v = if i % 2 == 0 { a } else { bb };
            let Some(t) = off(s, v.0, v.1) else { break };
            if !self.land(from, t, w) {
                break;
            }
            s = t;
        }
    }

    fn cylindrical(&mut self, from: usize, w: bool) {
        for (dx, dy) in F4 {
            let mut s = from;
            loop {
                let r = rank(s) + dy;
                if !(0..8).contains(&r) {
                    break;
                }
                let t = (r * 8 + (file(s) + dx).rem_euclid(8)) as usize;
                if !self.land(from, t, w) {
                    break;
                }
                s = t;
            }
        }
    }

    fn paovao(&mut self, from: usize, w: bool) {
        self.passive(from);
        for (dx, dy) in K8 {
            let mut s = from;
            let mut screen = false;
            while let Some(t) = off(s, dx, dy) {
                s = t;
                if self.empty(t) {
                    continue;
                }
                if screen {
                    if capturable(self.b, t, w, false) {
                        self.emit(from, Some(t), bit(t));
                    }
                    break;
                }
                screen = true;
            }
        }
    }

    fn cannon_pawn(&mut self, from: usize, w: bool) {
        for (dx, dy) in K8 {
            let Some(t) = off(from, dx, dy) else { continue };
            if self.empty(t) {
                self.emit(from, Some(t), 0);
            } else if let Some(t2) = off(t, dx, dy) {
                self.land(from, t2, w);
            }
        }
    }

    fn withdrawer(&mut self, from: usize, w: bool) {
        for (dx, dy) in K8 {
            let behind = off(from, -dx, -dy).filter(|&s| capturable(self.b, s, w, false));
            let caps = behind.map_or(0, bit);
            let mut s = from;
            while let Some(t) = off(s, dx, dy) {
                if !self.empty(t) {
                    break;
                }
                self.emit(from, Some(t), caps);
                s = t;
            }
        }
    }

    fn advancer(&mut self, from: usize, w: bool) {
        for (dx, dy) in K8 {
            let mut s = from;
            while let Some(t) = off(s, dx, dy) {
                if !self.empty(t) {
                    break;
                }
                let caps = off(t, dx, dy)
                    .filter(|&n| capturable(self.b, n, w, false))
                    .map_or(0, bit);
                self.emit(from, Some(t), caps);
                s = t;
            }
        }
    }

    fn long_leaper(&mut self, from: usize, w: bool) {
        for (dx, dy) in K8 {
            let mut jumped = 0u64;
            let mut cur = off(from, dx, dy);
            while let Some(s) = cur {
                if self.empty(s) {
                    self.emit(from, Some(s), jumped);
                    cur = off(s, dx, dy);
                    continue;
                }
                match off(s, dx, dy) {
                    Some(n) if self.empty(n) && capturable(self.b, s, w, false) => {
                        jumped |= bit(s);
                        cur = Some(n);
                    }
                    _ => break,
                }
            }
        }
    }

    /// A friendly piece (not the shooter) that spots `t` (section 5.5).
    fn spotted(&self, t: usize, w: bool, shooter: usize) -> bool {
        K8.iter().any(|&(dx, dy)| {
            let own = |s: Option<usize>| {
                s.is_some_and(|s| s != shooter && self.b[s].is_some_and(|p| p.w == w))
            };
            own(off(t, dx, dy))
                || (off(t, dx, dy).is_some_and(|m| self.empty(m)) && own(off(t, 2 * dx, 2 * dy)))
        })
    }

    fn archer_shots(&mut self, from: usize, w: bool) {
        for (dx, dy) in K8 {
            let mut s = from;
            let mut dist = 0;
            while let Some(t) = off(s, dx, dy) {
                dist += 1;
                s = t;
                if self.empty(t) {
                    continue;
                }
                if capturable(self.b, t, w, false) && (dist <= 2 || self.spotted(t, w, from)) {
                    self.emit(from, Some(from), bit(t));
                }
                break;
            }
        }
    }

    fn secutor(&mut self, from: usize, w: bool) {
        for o in W4 {
            let mut s = from;
            while let Some(n) = off(s, o.0, o.1) {
                if self.empty(n) {
                    self.emit(from, Some(n), 0);
                    s = n;
                    continue;
                }
                // `n` is the obstacle; deflect from `s`.
                for g in outward_diag(o) {
                    let mut d = s;
                    while let Some(t) = off(d, g.0, g.1) {
                        d = t;
                        if self.empty(t) {
                            continue;
                        }
                        if capturable(self.b, t, w, false) {
                            self.emit(from, Some(t), bit(t));
                        }
                        break;
                    }
                }
                break;
            }
        }
    }

    fn oxybeles(&mut self, from: usize, w: bool) {
        for (dx, dy) in K8 {
            let Some(to) = off(from, dx, dy) else {
                continue;
            };
            if !self.empty(to) {
                continue;
            }
            self.emit(from, Some(to), 0);
            let Some(behind) = off(from, -dx, -dy) else {
                continue;
            };
            let Some(proj) = self.b[behind] else { continue };
            // The projectile's flight; a pawn form never reaches its own
            // first rank.
            let allowed = |s: usize| !is_pawn_form(proj.k) || rank(s) != home_rank(proj.w);
            let mut land = None;
            let mut caps = 0;
            let mut s = to;
            loop {
                match off(s, dx, dy).filter(|&t| allowed(t)) {
                    Some(t) if self.empty(t) => {
                        land = Some(t);
                        s = t;
                    }
                    Some(t) => {
                        if capturable(self.b, t, w, false) {
                            land = Some(t);
                            caps = bit(t);
                        }
                        break;
                    }
                    None => break,
                }
            }
            let Some(land) = land else { continue };
            if self.attack && caps == 0 {
                continue;
            }
            let mut b = *self.b;
            let oxy = b[from].unwrap();
            b[from] = None;
            b[behind] = None;
            b[to] = Some(Pc { moved: true, ..oxy });
            b[land] = Some(Pc {
                moved: true,
                ..proj
            });
            self.out.push(Act {
                b,
                caps,
                actors: vec![to],
                pawn_mover: false,
                cannon_arrival: None,
                ep: None,
                swap: None,
                wuss_from: None,
                pawn_imitation: false,
            });
        }
    }

    fn banned(&self, a: usize, b: usize) -> bool {
        self.ban
            .is_some_and(|(x, y)| (x, y) == (a, b) || (x, y) == (b, a))
    }

    /// The piece on `from` and the one on `t` change places; `caps` are
    /// removed as well (a Chameleon's withdrawal and approach).
    fn swap(&mut self, from: usize, t: usize, caps: u64) {
        if self.attack && caps == 0 {
            return;
        }
        let mut b = *self.b;
        let (me, other) = (b[from].unwrap(), b[t].unwrap());
        let mut m = caps;
        while m != 0 {
            b[m.trailing_zeros() as usize] = None;
            m &= m - 1;
        }
        b[from] = Some(Pc {
            moved: true,
            ..other
        });
        b[t] = Some(Pc { moved: true, ..me });
        let ban = other.w != me.w
            && (self.cfg.ban_any_enemy_swap || matches!(other.k, Swapper | Chameleon));
        self.out.push(Act {
            b,
            caps,
            actors: vec![t],
            pawn_mover: false,
            cannon_arrival: None,
            ep: None,
            swap: ban.then_some((from, t)),
            wuss_from: None,
            pawn_imitation: false,
        });
    }

    fn swapper(&mut self, from: usize, w: bool) {
        self.passive(from);
        for (dx, dy) in K8 {
            let mut s = from;
            let mut adjacent = true;
            while let Some(t) = off(s, dx, dy) {
                s = t;
                if self.empty(t) {
                    adjacent = false;
                    continue;
                }
                if !self.banned(from, t) {
                    self.swap(from, t, 0);
                }
                if adjacent && capturable(self.b, t, w, false) {
                    self.emit(from, None, bit(t));
                }
                break;
            }
        }
    }

    fn maoking(&mut self, from: usize, w: bool) {
        for (dx, dy) in K8 {
            let Some(t) = off(from, dx, dy) else { continue };
            match self.b[t] {
                None => self.emit(from, Some(t), 0),
                // Recruiting respects immunity (Shield, Mamra).
                Some(p)
                    if !self.attack
                        && p.w != w
                        && !is_royal(p.k)
                        && capturable(self.b, t, w, false) =>
                {
                    let mut b = *self.b;
                    b[t] = Some(Pc {
                        w,
                        moved: true,
                        ..p
                    });
                    self.out.push(Act {
                        b,
                        caps: 0,
                        actors: vec![from],
                        pawn_mover: false,
                        cannon_arrival: None,
                        ep: None,
                        swap: None,
                        wuss_from: None,
                        pawn_imitation: false,
                    });
                }
                _ => {}
            }
        }
    }

    fn pawn(&mut self, from: usize, k: K, w: bool, imitating: bool) {
        let f = forward(w);
        let second = rank(from) == home_rank(w) + f;
        let unmoved = second
            && !imitating
            && (!self.b[from].unwrap().moved
                || (k == Pawn && self.cfg.displaced_pawn_double_steps));
        let (quiet, capture): (Steps, Steps) = match k {
            Berolina => (&[(1, 1), (-1, 1)], &[(0, 1)]),
            _ => (&[(0, 1)], &[(1, 1), (-1, 1)]),
        };
        for &(dx, dy) in quiet {
            let Some(t) = off(from, dx, dy * f) else {
                continue;
            };
            if !self.empty(t) {
                continue;
            }
            self.emit(from, Some(t), 0);
            if unmoved
                && let Some(t2) = off(t, dx, dy * f)
                && self.empty(t2)
            {
                self.emit(from, Some(t2), 0);
                if k == Pawn
                    && let Some(last) = self.out.last_mut()
                {
                    // Recorded only when an enemy pawn could take.
                    let them = !w;
                    let fe = forward(them);
                    let can = [(1, -fe), (-1, -fe)].iter().any(|&(a, c)| {
                        off(t, a, c).is_some_and(|q| {
                            self.b[q].is_some_and(|p| p.w == them && matches!(p.k, Pawn | Scorpion))
                        })
                    }) || off(t, 0, -fe)
                        .is_some_and(|q| self.b[q].is_some_and(|p| p.w == them && p.k == Berolina));
                    if can {
                        last.ep = Some((t, t2));
                    }
                }
            }
        }
        if k == Scorpion {
            for dx in [2, -2] {
                if let Some(t) = off(from, dx, f)
                    && self.empty(t)
                {
                    self.emit(from, Some(t), 0);
                }
            }
        }
        for &(dx, dy) in capture {
            let Some(t) = off(from, dx, dy * f) else {
                continue;
            };
            if capturable(self.b, t, w, true) {
                self.emit(from, Some(t), bit(t));
            }
            if k != Berolina
                && !imitating
                && let Some((skipped, victim)) = self.ep
                && skipped == t
                && self.empty(t)
                && capturable(self.b, victim, w, true)
            {
                self.emit(from, Some(t), bit(victim));
            }
        }
    }

    /// Moves of a piece of kind `k` and colour `w` standing on `from`
    /// (the board's piece there may be a Chameleon imitating `k`).
    fn kind_moves(&mut self, from: usize, k: K, w: bool, imitating: bool) {
        match k {
            King => self.leaps(from, w, &K8),
            Maoking => self.maoking(from, w),
            Queen => self.rides(from, w, &K8),
            Sissa => self.sissa(from, w),
            Amazon => {
                self.rides(from, w, &K8);
                self.leaps(from, w, &N8);
            }
            Squeen => {
                self.rides(from, w, &K8);
                self.sissa(from, w);
            }
            Abrider => {
                self.rides(from, w, &F4);
                let v: Vec<_> = N8.to_vec();
                self.rides(from, w, &v);
            }
            Chainsaw => {
                self.rides(from, w, &W4);
                self.spotted_gryphon(from, w);
            }
            Nightrider => self.rides(from, w, &N8),
            Rose => self.rose(from, w),
            Chancellor => {
                self.rides(from, w, &W4);
                self.leaps(from, w, &N8);
            }
            Archbishop => {
                self.rides(from, w, &F4);
                self.leaps(from, w, &N8);
            }
            Dancinghorse => self.dancing_horse(from, w),
            Octopus => self.octopus(from, w),
            Dragonking => {
                self.rides(from, w, &W4);
                self.leaps(from, w, &F4);
            }
            Dragonhorse => {
                self.rides(from, w, &F4);
                self.leaps(from, w, &W4);
            }
            Knight | Hydra => self.leaps(from, w, &N8),
            Knightguard => {
                self.leaps(from, w, &N8);
                self.leaps(from, w, &K8);
            }
            Gryphon => self.bent_slider(from, w, true),
            Aanca => self.bent_slider(from, w, false),
            Crookedrook => {
                for o in W4 {
                    for p in [(o.1, o.0), (-o.1, -o.0)] {
                        self.crooked(from, w, o, p);
                    }
                }
            }
            Crookedbishop => {
                for d in F4 {
                    for p in [(d.1, -d.0), (-d.1, d.0)] {
                        self.crooked(from, w, d, p);
                    }
                }
            }
            Rook => self.rides(from, w, &W4),
            Cylbishop => self.cylindrical(from, w),
            Knightwazir => {
                self.leaps(from, w, &N8);
                self.leaps(from, w, &W4);
            }
            Knightferz => {
                self.leaps(from, w, &N8);
                self.leaps(from, w, &F4);
            }
            Paovao => self.paovao(from, w),
            Cannonpawn => self.cannon_pawn(from, w),
            Chameleon => self.chameleon(from, w),
            Swapper => self.swapper(from, w),
            Longleaper => self.long_leaper(from, w),
            Archer => {
                self.passive(from);
                self.archer_shots(from, w);
            }
            Withdrawer => self.withdrawer(from, w),
            Advancer => self.advancer(from, w),
            Immobilizer | Shield | Wuss => self.passive(from),
            Mamra => self.leaps(from, w, &K8),
            Nn11 | Nn02 | Nn31 | Nn33 | Nn04 => {
                for a in N8 {
                    for bb in partners(k, a) {
                        self.crooked(from, w, a, bb);
                    }
                }
            }
            Oxybeles => self.oxybeles(from, w),
            Secutor => self.secutor(from, w),
            Pawn | Berolina | Scorpion => self.pawn(from, k, w, imitating),
        }
    }

    fn enemy_kind(&self, s: Option<usize>, w: bool, k: K) -> Option<usize> {
        s.filter(|&s| self.b[s].is_some_and(|p| p.w != w && p.k == k))
    }

    fn chameleon(&mut self, from: usize, w: bool) {
        let cap = |g: &Self, s: Option<usize>, k: K| {
            g.enemy_kind(s, w, k)
                .filter(|&s| capturable(g.b, s, w, false))
                .map_or(0, bit)
        };
        for (dx, dy) in K8 {
            let withdraw = cap(self, off(from, -dx, -dy), Withdrawer);
            let mut jumped = 0u64;
            let mut cur = off(from, dx, dy);
            while let Some(s) = cur {
                if self.empty(s) {
                    let approach = cap(self, off(s, dx, dy), Advancer);
                    self.emit(from, Some(s), jumped | withdraw | approach);
                    cur = off(s, dx, dy);
                    continue;
                }
                let next = off(s, dx, dy);
                if cap(self, Some(s), Longleaper) != 0 && next.is_some_and(|n| self.empty(n)) {
                    jumped |= bit(s);
                    cur = next;
                    continue;
                }
                if jumped == 0 && self.enemy_kind(Some(s), w, Swapper).is_some() {
                    if !self.banned(from, s) {
                        let approach = cap(self, next, Advancer);
                        self.swap(from, s, withdraw | approach);
                    }
                    if off(from, dx, dy) == Some(s) && capturable(self.b, s, w, false) {
                        self.emit(from, None, bit(s));
                    }
                }
                break;
            }
            // Cannon Pawn: over an adjacent mount.
            if let Some(m) = off(from, dx, dy)
                && !self.empty(m)
            {
                let t = cap(self, off(m, dx, dy), Cannonpawn);
                if t != 0 {
                    self.emit(from, Some(t.trailing_zeros() as usize), t);
                }
            }
            // King form, adjacent.
            let t = cap(self, off(from, dx, dy), King);
            if t != 0 {
                self.emit(from, Some(t.trailing_zeros() as usize), t);
            }
        }
        // Every other enemy kind, by its own capture.
        let mut kinds: Vec<K> = self
            .b
            .iter()
            .flatten()
            .filter(|p| p.w != w)
            .map(|p| p.k)
            .filter(|k| {
                !matches!(
                    k,
                    Withdrawer
                        | Advancer
                        | Longleaper
                        | Swapper
                        | Cannonpawn
                        | King
                        | Immobilizer
                        | Chameleon
                        | Shield
                        | Wuss
                        | Maoking
                        | Mamra
                        | Oxybeles
                )
            })
            .collect();
        kinds.sort();
        kinds.dedup();
        for k in kinds {
            let mut sub = Gen {
                b: self.b,
                cfg: self.cfg,
                ep: None,
                ban: None,
                attack: true,
                out: Vec::new(),
            };
            sub.kind_moves(from, k, w, true);
            for mut a in sub.out {
                a.pawn_imitation = is_pawn_form(k);
                let one = a.caps.count_ones() == 1;
                let victim = a.caps.trailing_zeros() as usize;
                if one && self.b[victim].is_some_and(|p| p.k == k && p.w != w) {
                    self.out.push(a);
                }
            }
        }
    }
}

/// Every action of `w` (no cornering), frozen suicides included unless
/// only captures are wanted.
fn actions(p: &Pos, w: bool, attack: bool, cfg: Cfg) -> Vec<Act> {
    let mut g = Gen {
        b: &p.b,
        cfg,
        ep: p.ep,
        ban: p.ban,
        attack,
        out: Vec::new(),
    };
    for from in 0..64 {
        let Some(pc) = p.b[from] else { continue };
        if pc.w != w {
            continue;
        }
        if frozen(&p.b, from) {
            if !attack && !is_royal(pc.k) {
                let mut b = p.b;
                b[from] = None;
                g.out.push(Act {
                    b,
                    caps: 0,
                    actors: vec![],
                    pawn_mover: false,
                    cannon_arrival: None,
                    ep: None,
                    swap: None,
                    wuss_from: None,
                    pawn_imitation: false,
                });
            }
            continue;
        }
        g.kind_moves(from, pc.k, w, false);
    }
    g.out
}

/// Squares whose pieces `by` could remove by some capture now.
fn attacked_squares(b: &Board, by: bool, empty: [bool; 2], cfg: Cfg) -> u64 {
    let none = Reserve {
        slots: vec![],
        front: 0,
        back: 0,
    };
    let p = Pos {
        b: *b,
        white: by,
        res: [none.clone(), none],
        ep: None,
        half: 0,
        full: 1,
        ban: None,
    };
    actions(&p, by, true, RULES)
        .iter()
        // A pawn form may not reach its last rank with its side's reserve
        // empty, so such an action removes nothing (8.2 counts only the
        // actions the opponent has).
        .filter(|a| {
            (cfg.sling_attacks_without_promotion && !a.pawn_mover)
                || !a.b.iter().enumerate().any(|(s, q)| {
                    q.is_some_and(|q| {
                        is_pawn_form(q.k) && rank(s) == last_rank(q.w) && empty[usize::from(!q.w)]
                    })
                })
        })
        .fold(0, |acc, a| acc | a.caps)
}

/// Which reserves are empty: White's, Black's.
fn empties(res: &[Reserve; 2]) -> [bool; 2] {
    [res[0].front >= res[0].back, res[1].front >= res[1].back]
}

fn royals(b: &Board, w: bool) -> u64 {
    (0..64)
        .filter(|&s| b[s].is_some_and(|p| p.w == w && is_royal(p.k)))
        .fold(0, |acc, s| acc | bit(s))
}

/// Is a royal of `w` attacked, both reserves holding pieces?
fn in_check(b: &Board, w: bool) -> bool {
    in_check_with(b, w, [false; 2], RULES)
}

fn in_check_with(b: &Board, w: bool, empty: [bool; 2], cfg: Cfg) -> bool {
    let r = royals(b, w);
    r != 0 && attacked_squares(b, !w, empty, cfg) & r != 0
}

fn cornerings(p: &Pos, cfg: Cfg) -> Vec<Act> {
    let w = p.white;
    let r = home_rank(w) * 8;
    let mut out = Vec::new();
    for &(kf, pf, empty, kt, pt) in &CORNERING {
        let (ks, ps) = ((r + kf) as usize, (r + pf) as usize);
        let king = p.b[ks].filter(|q| q.w == w && !q.moved && q.k == King);
        let partner = p.b[ps].filter(|q| q.w == w && !q.moved);
        let (Some(king), Some(partner)) = (king, partner) else {
            continue;
        };
        if frozen(&p.b, ks) || frozen(&p.b, ps) {
            continue;
        }
        if empty.iter().any(|&f| p.b[(r + f) as usize].is_some()) {
            continue;
        }
        if in_check_with(&p.b, w, empties(&p.res), cfg) {
            continue;
        }
        // The King may not cross or land on an attacked square. As in
        // FIDE castling, "attacked" is judged in the position before the
        // cornering: the King still stands on its square (and blocks what
        // it blocks), and a King placed on the square tested shows whether
        // it could be removed there (immunity counts).
        let (a, z) = (kf.min(kt), kf.max(kt));
        let crossed: Vec<usize> = (a..=z)
            .filter(|&f| f != kf)
            .map(|f| (r + f) as usize)
            .collect();
        let unsafe_square = crossed.iter().any(|&x| {
            let mut b = p.b;
            b[x] = Some(king);
            attacked_squares(&b, !w, empties(&p.res), cfg) & bit(x) != 0
        });
        if unsafe_square {
            continue;
        }
        let mut b = p.b;
        b[ks] = None;
        b[ps] = None;
        let (kto, pto) = ((r + kt) as usize, (r + pt) as usize);
        b[kto] = Some(Pc {
            moved: true,
            ..king
        });
        b[pto] = Some(Pc {
            moved: true,
            ..partner
        });
        out.push(Act {
            b,
            caps: 0,
            actors: vec![kto, pto],
            pawn_mover: false,
            cannon_arrival: None,
            ep: None,
            swap: None,
            wuss_from: None,
            pawn_imitation: false,
        });
    }
    out
}

/// The drop duty of the side to move: (may drop, must drop).
fn drop_state(p: &Pos) -> (bool, bool) {
    let r = &p.res[usize::from(!p.white)];
    if r.front >= r.back {
        return (false, false);
    }
    let k = r.front as u32 + 1;
    let (start, end) = if p.white {
        (5 * k + 2, 5 * k + 6)
    } else {
        (5 * k + 1, 5 * k + 5)
    };
    (p.full >= start, p.full >= end)
}

/// Every legal turn of the side to move, as the positions after it.
fn children(p: &Pos, cfg: Cfg) -> Vec<Pos> {
    let w = p.white;
    let me = usize::from(!w);
    let mut acts = actions(p, w, false, cfg);
    acts.extend(cornerings(p, cfg));
    // The Wuss duty (8.3.4).
    let wusses: u64 = (0..64)
        .filter(|&s| p.b[s].is_some_and(|q| q.w == w && q.k == Wuss))
        .fold(0, |a, s| a | bit(s));
    if wusses != 0 {
        let hit = attacked_squares(&p.b, !w, empties(&p.res), cfg) & wusses;
        if hit != 0 {
            acts.retain(|a| a.wuss_from.is_some_and(|s| hit & bit(s) != 0));
        }
    }
    let (may_drop, must_drop) = drop_state(p);
    let mut with_drop = Vec::new();
    let mut without = Vec::new();
    let mut seen = HashSet::new();
    for a in acts {
        // Promotions: every pawn form on its last rank, from the back of
        // its side's reserve; none left forbids the action.
        let mut b = a.b;
        let mut res = p.res.clone();
        let mut promoted = 0u64;
        let mut ok = true;
        for (s, slot) in b.iter_mut().enumerate() {
            if let Some(q) = *slot
                && is_pawn_form(q.k)
                && rank(s) == last_rank(q.w)
            {
                let r = &mut res[usize::from(!q.w)];
                if r.back > r.front {
                    r.back -= 1;
                    *slot = Some(Pc {
                        k: r.slots[r.back],
                        ..q
                    });
                    promoted |= bit(s);
                } else {
                    ok = false;
                }
            }
        }
        if !ok {
            continue;
        }
        if cfg.chameleon_pawn_capture_needs_reserve
            && a.pawn_imitation
            && a.actors.iter().any(|&t| rank(t) == last_rank(w))
            && res[me].front >= res[me].back
        {
            continue;
        }
        let mut variants = vec![(b, res.clone(), promoted)];
        if cfg.cannon_promotes
            && let Some(t) = a.cannon_arrival
            && res[me].back > res[me].front
        {
            let mut b2 = b;
            let mut r2 = res.clone();
            r2[me].back -= 1;
            b2[t] = Some(Pc {
                k: r2[me].slots[r2[me].back],
                ..b[t].unwrap()
            });
            variants.push((b2, r2, promoted | bit(t)));
        }
        for (mut b, res, promoted) in variants {
            for &s in &a.actors {
                if promoted & bit(s) == 0
                    && let Some(q) = &mut b[s]
                {
                    q.k = next_form(q.k);
                }
            }
            let capture = a.caps != 0;
            let base = Pos {
                b,
                white: !w,
                res,
                ep: a.ep,
                half: if capture || a.pawn_mover {
                    0
                } else {
                    p.half + 1
                },
                full: p.full + u32::from(!w),
                ban: a.swap,
            };
            let mut options = vec![(base.clone(), false)];
            // A promotion may have taken the last piece.
            if may_drop && base.res[me].front < base.res[me].back {
                let hr = home_rank(w) * 8;
                for f in 0..8 {
                    let s = (hr + f) as usize;
                    if base.b[s].is_none() {
                        let mut c = base.clone();
                        let r = &mut c.res[me];
                        c.b[s] = Some(Pc {
                            k: r.slots[r.front],
                            w,
                            moved: false,
                        });
                        r.front += 1;
                        options.push((c, true));
                    }
                }
            }
            for (c, dropped) in options {
                if in_check_with(&c.b, w, empties(&c.res), cfg) || !seen.insert(c.clone()) {
                    continue;
                }
                if dropped {
                    with_drop.push(c);
                } else {
                    without.push(c);
                }
            }
        }
    }
    if must_drop && !with_drop.is_empty() {
        return with_drop;
    }
    without.extend(with_drop);
    without
}

fn reference_perft(p: &Pos, depth: u32, cfg: Cfg) -> u64 {
    if depth == 0 {
        return 1;
    }
    let kids = children(p, cfg);
    if depth == 1 {
        return kids.len() as u64;
    }
    kids.iter()
        .map(|c| reference_perft(c, depth - 1, cfg))
        .sum()
}

fn child_fens(p: &Pos, cfg: Cfg) -> BTreeSet<String> {
    children(p, cfg).iter().map(fen).collect()
}

// ---------------------------------------------------------------------
// Reference self tests
// ---------------------------------------------------------------------

/// The destinations of the piece on `from` in `fen` (quiet moves and
/// captures by displacement), as sorted square names.
fn dests(fen_text: &str, from: &str) -> Vec<String> {
    let p = parse(fen_text);
    let s = parse_sq(from).unwrap();
    let pc = p.b[s].unwrap();
    let mut g = Gen {
        b: &p.b,
        cfg: RULES,
        ep: p.ep,
        ban: p.ban,
        attack: false,
        out: Vec::new(),
    };
    g.kind_moves(s, pc.k, pc.w, false);
    let mut out: Vec<String> = g
        .out
        .iter()
        .filter_map(|a| (0..64).find(|&t| t != s && a.b[t].is_some() && p.b[t] != a.b[t]))
        .map(sq_name)
        .collect();
    out.sort();
    out.dedup();
    out
}

/// Square names, sorted, each once.
fn names(list: &str) -> Vec<String> {
    let mut v: Vec<String> = list.split_whitespace().map(str::to_string).collect();
    v.sort();
    v.dedup();
    v
}

#[test]
fn reference_fen_round_trips() {
    for f in [
        "{chancellor}k{longleaper}{withdrawer}{archbishoprider}{oxybeles}{dancinghorse}{immobilizer}/pppppppp/8/8/8/8/PPPPPPPP/{Chancellor}K{Longleaper}{Withdrawer}{Archbishoprider}{Oxybeles}{Dancinghorse}{Immobilizer}<{Paovao}{Nightrider}Q/{paovao}{nightrider}q> w Aa - 0 1",
        "k7/8/8/8/8/8/8/7K<--Q-/-r--> b - - 3 14",
        "r3k2r/8/8/3pP3/8/8/8/R3K2R<Q/q> w HAha d6 0 9",
    ] {
        assert_eq!(fen(&parse(f)), f);
    }
}

#[test]
fn reference_every_kind_has_a_code_and_a_cycle() {
    for (i, (k, _, _)) in TABLE.iter().enumerate() {
        assert_eq!(*k as usize, i);
        assert_eq!(kind_of(code(*k)), Some(*k));
    }
    // The Hydra's cycle has six forms; every other cycle two or three.
    let mut k = Hydra;
    for _ in 0..6 {
        k = next_form(k);
    }
    assert_eq!(k, Hydra);
    // NN11, NN02, NN33 and NN04 give each knight vector one partner, the
    // Quintessence two.
    for a in N8 {
        for f in [Nn11, Nn02, Nn33, Nn04] {
            assert_eq!(partners(f, a).len(), 1, "{f:?} {a:?}");
        }
        assert_eq!(partners(Nn31, a).len(), 2);
    }
}

#[test]
fn reference_riders_and_leapers_on_an_open_board() {
    let lone = |t: &str, sq: &str| {
        let f = sq.as_bytes()[0] - b'a';
        let r = (sq.as_bytes()[1] - b'1') as usize;
        let mut rows = vec!["8".to_string(); 8];
        let row = 7 - r;
        let left = f as usize;
        let right = 7 - left;
        let mut s = String::new();
        if left > 0 {
            s.push_str(&left.to_string());
        }
        s.push_str(t);
        if right > 0 {
            s.push_str(&right.to_string());
        }
        rows[row] = s;
        format!("{}<-/-> w - - 0 1", rows.join("/"))
    };
    let count = |t: &str, sq: &str| dests(&lone(t, sq), sq).len();
    // Queen 27 from d4; Knight 8; Knight-guard 8 + 8.
    assert_eq!(count("Q", "d4"), 27);
    assert_eq!(count("N", "d4"), 8);
    assert_eq!(count("{Knightguard}", "d4"), 16);
    // The Sissa on a1 with White Knights on b1 and b2: every path of
    // the (2,1) family and of the a-file starts on b1 or b2, so those are
    // gone; the (1,2) family goes up the a-file (b3, c5, d7), and rank 1
    // from d1 on by a2.. then back down the diagonal (c1 would need b2).
    assert_eq!(
        dests("5k1K/8/8/8/8/8/1N6/{Sissa}N6<-/-> w - - 0 1", "a1"),
        names("b3 c5 d7 d1 e1 f1 g1 h1")
    );
    // On an open board from a1: c2 e3 g4, b3 c5 d7, the a-file and rank 1.
    assert_eq!(
        dests("5k1K/8/8/8/8/8/8/{Sissa}7<-/-> w - - 0 1", "a1"),
        names("c2 e3 g4 b3 c5 d7 a2 a3 a4 a5 a6 a7 a8 b1 c1 d1 e1 f1 g1 h1")
    );
    // Rose from b4 reaches e7 and the whole clockwise circle.
    let rose = dests(&lone("{Rose}", "b4"), "b4");
    for s in ["c6", "e7", "g6", "h4", "g2", "e1", "c2", "d5"] {
        assert!(rose.contains(&s.to_string()), "{s}");
    }
    // Crooked Rook from e4: the seed's path e5 f5 f6 g6 g7 h7 h8.
    let cr = dests(&lone("{Crookedrook}", "e4"), "e4");
    for s in ["e5", "f5", "f6", "g6", "g7", "h7", "h8"] {
        assert!(cr.contains(&s.to_string()), "{s}");
    }
    // Crooked Bishop from b1: a2 b3 a4 b5 a6 b7 a8 and the mirror path.
    let cb = dests(&lone("{Crookedbishop}", "b1"), "b1");
    assert_eq!(
        cb,
        names("a2 b3 a4 b5 a6 b7 a8 c2 b3 c4 b5 c6 b7 c8 d1 e2 f1 g2 h1")
    );
    // Cylindrical Bishop from b1: a2 h3 g4 f5 e6 d7 c8, and c2 .. h7
    // then across the joined edge to a8.
    assert_eq!(
        dests(&lone("{Cylbishop}", "b1"), "b1"),
        names("a2 h3 g4 f5 e6 d7 c8 c2 d3 e4 f5 g6 h7 a8")
    );
    // Octopus from d4 (4.13), never a knight or adjacent square.
    // Diagonal first, then two or more outward orthogonal steps:
    // (1,1): g5 h5, e7 e8; (1,-1): g3 h3, e1; (-1,1): a5, c7 c8;
    // (-1,-1): a3, c1. Orthogonal first, then two or more outward
    // diagonal steps: (1,0): g6 h7, g2 h1; (-1,0): a6, a2; (0,1): f7 g8,
    // b7 a8; (0,-1): f1, b1.
    let oct = dests(&lone("{Octopus}", "d4"), "d4");
    assert_eq!(
        oct,
        names(
            "g5 h5 e7 e8 g3 h3 e1 a5 c7 c8 a3 c1 \
             g6 h7 g2 h1 a6 a2 f7 g8 b7 a8 f1 b1"
        )
    );
    // NN02 from d1: d1-b2-d3-b4-d5-b6-d7-b8 and d1-e3-f1-g3-h1.
    let nn02 = dests(&lone("{NNb}", "d1"), "d1");
    for s in [
        "b2", "d3", "b4", "d5", "b6", "d7", "b8", "e3", "f1", "g3", "h1",
    ] {
        assert!(nn02.contains(&s.to_string()), "{s}");
    }
    // NN33 from c1: c1-d3-f4-g6 and c1-e2-f4-h5.
    let nn33 = dests(&lone("{NNd}", "c1"), "c1");
    for s in ["d3", "f4", "g6", "e2", "h5"] {
        assert!(nn33.contains(&s.to_string()), "{s}");
    }
    // NN31 from a2: a2-c3-b5-d6-c8 and a2-c3-d1.
    let nn31 = dests(&lone("{NNc}", "a2"), "a2");
    for s in ["c3", "b5", "d6", "c8", "d1"] {
        assert!(nn31.contains(&s.to_string()), "{s}");
    }
    // Dancing Horse from d4: knight squares plus the two-leap squares
    // (all of them on an open board, not d4 itself).
    let dh = dests(&lone("{Dancinghorse}", "d4"), "d4");
    assert!(!dh.contains(&"d4".to_string()));
    assert!(dh.contains(&"e5".to_string()) && dh.contains(&"d8".to_string()));
    // Gryphon from d4: 4 first steps, then outward rook slides.
    let gr = dests(&lone("{Gryphon}", "d4"), "d4");
    assert_eq!(
        gr,
        names(
            "e5 f5 g5 h5 e6 e7 e8 e3 f3 g3 h3 e2 e1 c5 b5 a5 c6 c7 c8 \
             c3 b3 a3 c2 c1"
        )
    );
    // Chainsaw from a1: rook 14 + b2 then d2 f2 h2 and b4 b6 b8.
    let cs = dests(&lone("{Chainsaw}", "a1"), "a1");
    assert_eq!(cs.len(), 14 + 1 + 6);
}

#[test]
fn reference_pao_vao_cannon_pawn_and_secutor() {
    // Pao Vao d4, screens: White pawn d6, Black rook d8 (captured),
    // Black knight f6 (screen) with Black queen h8 beyond (captured).
    let f = "3r3q/8/3P1n2/8/3{Paovao}4/8/8/K6k<-/-> w - - 0 1";
    let d = dests(f, "d4");
    assert!(d.contains(&"d8".to_string()) && d.contains(&"h8".to_string()));
    assert!(!d.contains(&"d6".to_string()) && !d.contains(&"f6".to_string()));
    // Cannon Pawn d4 with a White knight on d5 and a Black rook on d6:
    // the leap captures d6; e5 is a step.
    let f = "K6k/8/3r4/3N4/3{Cannonpawn}4/8/8/8<-/-> w - - 0 1";
    assert_eq!(dests(f, "d4"), names("c3 c4 c5 d3 d6 e3 e4 e5"));
    // Secutor d1 on an otherwise open file: a Black pawn on d5 is the
    // obstacle; it deflects from d4 to e5.. and c5..: capture the Black
    // rook on f6 and the White knight b6 (own, not captured).
    let f = "K6k/8/1N3r2/3p4/8/8/8/3{Secutor}4<-/-> w - - 0 1";
    let d = dests(f, "d1");
    assert!(d.contains(&"f6".to_string()));
    assert!(!d.contains(&"b6".to_string()) && !d.contains(&"d5".to_string()));
}

#[test]
fn reference_rococo_pieces() {
    // Long Leaper d1, Black pawns on e2 and h5: it jumps e2 and lands on
    // f3 or g4.
    let f = "K6k/8/8/7p/8/8/4p3/3{Longleaper}4<-/-> w - - 0 1";
    let p = parse(f);
    let mut g = Gen {
        b: &p.b,
        cfg: RULES,
        ep: None,
        ban: None,
        attack: true,
        out: vec![],
    };
    g.kind_moves(3, Longleaper, true, false);
    // Landing on f3 or g4 captures e2; h5 cannot be jumped (no square
    // beyond it).
    assert_eq!(g.out.len(), 2);
    // Archer d1 shooting up the d-file: a Black rook on d4 (distance 3)
    // needs a spotter; a White knight on e5 spots it.
    let no = "K6k/8/8/8/3r4/8/8/3{Archer}4<-/-> w - - 0 1";
    let yes = "K6k/8/8/4N3/3r4/8/8/3{Archer}4<-/-> w - - 0 1";
    let shots = |f: &str| {
        let p = parse(f);
        actions(&p, true, true, RULES)
            .iter()
            .filter(|a| a.caps & bit(parse_sq("d4").unwrap()) != 0)
            .count()
    };
    assert_eq!(shots(no), 0);
    assert_eq!(shots(yes), 1);
    // Withdrawer moving away from an adjacent Black knight captures it.
    let f = "K6k/8/8/8/3n4/3{Withdrawer}4/8/8<-/-> w - - 0 1";
    let p = parse(f);
    let caps: Vec<_> = actions(&p, true, false, RULES)
        .iter()
        .filter(|a| a.b[parse_sq("d3").unwrap()].is_none() && a.caps != 0)
        .map(|a| a.caps)
        .collect();
    assert_eq!(caps.len(), 2, "d2 and d1 withdraw from d4");
}

#[test]
fn reference_check_rules() {
    // A Maoking next to the Black King gives no check; a Mamra does.
    assert!(!in_check(
        &parse("8/8/8/3k4/3{Maoking}4/8/8/8<-/-> b - - 0 1").b,
        false
    ));
    assert!(in_check(
        &parse("8/8/8/3k4/3{Mamra}4/8/8/7K<-/-> b - - 0 1").b,
        false
    ));
    // A Shield next to the King makes it uncheckable.
    assert!(!in_check(
        &parse("8/8/3{shield}4/3k4/3{Mamra}4/8/8/7K<-/-> b - - 0 1").b,
        false
    ));
    // A frozen Mamra gives no check.
    assert!(!in_check(
        &parse("8/8/8/3k4/3{Mamra}4/3{immobilizer}4/8/7K<-/-> b - - 0 1").b,
        false
    ));
    // A Swapper next to the King checks by mutual destruction.
    assert!(in_check(
        &parse("8/8/8/3k4/3{Swapper}4/8/8/7K<-/-> b - - 0 1").b,
        false
    ));
    // An Oxybeles with a White rook behind it on d2, stepping d3-d4,
    // slings the rook into the King on d7.
    assert!(in_check(
        &parse("8/3k4/8/8/8/3{Oxybeles}4/3R4/7K<-/-> b - - 0 1").b,
        false
    ));
    // The same with a Black pawn behind (either side may be slung).
    assert!(in_check(
        &parse("8/3k4/8/8/8/3{Oxybeles}4/3p4/7K<-/-> b - - 0 1").b,
        false
    ));
}

#[test]
fn reference_wuss_duty_and_cornering() {
    // White's Wuss on d4 is attacked by the Black rook on d8: every turn
    // moves the Wuss (8 directions of empty squares, minus none).
    let p = parse("3r3k/8/8/8/3{Wuss}4/8/8/K7<-/-> w - - 0 1");
    let kids = children(&p, RULES);
    assert!(!kids.is_empty());
    assert!(kids.iter().all(|c| c.b[parse_sq("d4").unwrap()].is_none()));
    // The moved Wuss is a Mamra.
    assert!(
        kids.iter()
            .all(|c| c.b.iter().flatten().any(|q| q.k == Mamra))
    );
    // Cornering with the King on e1 both ways: O-O gives Maoking g1 and
    // the partner (a Rook) morphed into a Cylindrical Bishop on f1.
    let p = parse("4k3/8/8/8/8/8/8/R3K2R<-/-> w HA - 0 1");
    let fens = child_fens(&p, RULES);
    // The other Rook keeps its unmoved state, which the FEN names.
    assert!(fens.contains("4k3/8/8/8/8/8/8/R4{Cylbishop}{Maoking}1<-/-> b - - 1 1 unmoved:a1"));
    assert!(fens.contains("4k3/8/8/8/8/8/8/2{Maoking}{Cylbishop}3R<-/-> b - - 1 1 unmoved:h1"));
    // King on b1: the partner jumps from a1 to c1.
    let p = parse("1k6/8/8/8/8/8/8/NK6<-/-> w A - 0 1");
    assert!(
        child_fens(&p, RULES).contains("1k6/8/8/8/8/8/8/1{Maoking}{Knightguard}5<-/-> b - - 1 1")
    );
}

#[test]
fn reference_drops_and_promotion() {
    let kings = "k7/8/8/8/8/8/8/7K";
    let drops = |fen_text: &str| {
        let p = parse(fen_text);
        let kids = children(&p, RULES);
        (
            kids.len(),
            kids.iter()
                .filter(|c| c.res[usize::from(!p.white)].front > p.res[usize::from(!p.white)].front)
                .count(),
        )
    };
    // White's turn 6: no drop yet (3 king moves).
    assert_eq!(drops(&format!("{kings}<QR/qr> w - - 0 6")), (3, 0));
    // Turn 7: optional; 3 King moves, each also with a drop on an empty
    // first-rank square: Kh2 and Kg2 leave 8, Kg1 leaves 7.
    assert_eq!(
        drops(&format!("{kings}<QR/qr> w - - 0 7")),
        (3 + 8 + 8 + 7, 23)
    );
    // Turn 11, the last of the window: the drop is compulsory.
    assert_eq!(drops(&format!("{kings}<QR/qr> w - - 0 11")), (23, 23));
    // Black: window 6-10 (Ka7, Kb7 leave 8 squares of rank 8, Kb8 7).
    assert_eq!(drops(&format!("{kings}<QR/qr> b - - 0 5")), (3, 0));
    assert_eq!(drops(&format!("{kings}<QR/qr> b - - 0 10")), (23, 23));
    // Second piece waits for the first window shift: turn 11 is before
    // White's second window (12-16).
    assert_eq!(drops(&format!("{kings}<-R/-r> w - - 0 11")), (3, 0));
    // Promotion takes the back of the reserve.
    let p = parse("k7/4P3/8/8/8/8/8/7K<QR/qr> w - - 0 1");
    assert!(child_fens(&p, RULES).contains("k3R3/8/8/8/8/8/8/7K<Q-/qr> b - - 0 1"));
    // With the reserve empty the pawn may not step onto the last rank.
    let p = parse("k7/4P3/8/8/8/8/8/7K<--/qr> w - - 0 1");
    assert_eq!(children(&p, RULES).len(), 3);
}

// ---------------------------------------------------------------------
// Comparison with the engine
// ---------------------------------------------------------------------

fn rules() -> Arc<changeling::rules::Rules> {
    load("mutatis-mutandis").expect("embedded")
}

fn engine_children(
    rules: &changeling::rules::Rules,
    pos: &changeling::position::Position,
) -> Vec<(String, changeling::position::Position)> {
    legal_moves(rules, pos)
        .iter()
        .map(|m| {
            let mut c = pos.clone();
            c.play_unchecked(rules, m);
            (to_fen(rules, &c), c)
        })
        .collect()
}

/// Compares the child positions of `ours` and the engine's `pos`.
fn same_children(
    rules: &changeling::rules::Rules,
    pos: &changeling::position::Position,
    ours: &Pos,
    cfg: Cfg,
) -> Result<(), String> {
    let theirs: BTreeSet<String> = engine_children(rules, pos)
        .into_iter()
        .map(|(f, _)| f)
        .collect();
    let mine = child_fens(ours, cfg);
    if theirs == mine {
        return Ok(());
    }
    let only_engine: Vec<_> = theirs.difference(&mine).collect();
    let only_ref: Vec<_> = mine.difference(&theirs).collect();
    Err(format!(
        "in {}\n  engine only ({}): {:#?}\n  reference only ({}): {:#?}",
        to_fen(rules, pos),
        only_engine.len(),
        only_engine.iter().take(8).collect::<Vec<_>>(),
        only_ref.len(),
        only_ref.iter().take(8).collect::<Vec<_>>()
    ))
}

/// Child sets compared at every node to `depth - 1`, and the perft
/// counts to `depth`.
fn compare_tree(fen_text: &str, depth: u32, cfg: Cfg) {
    let rules = rules();
    let pos = parse_fen(&rules, fen_text).unwrap_or_else(|e| panic!("{fen_text}: {e}"));
    let ours = parse(fen_text);
    assert_eq!(fen(&ours), to_fen(&rules, &pos), "FEN text differs");
    fn walk(
        rules: &changeling::rules::Rules,
        pos: &changeling::position::Position,
        ours: &Pos,
        depth: u32,
        cfg: Cfg,
    ) {
        if depth == 0 {
            return;
        }
        if let Err(e) = same_children(rules, pos, ours, cfg) {
            panic!("{e}");
        }
        if depth == 1 {
            return;
        }
        let mine = children(ours, cfg);
        for (f, c) in engine_children(rules, pos) {
            let o = mine.iter().find(|m| fen(m) == f).unwrap();
            walk(rules, &c, o, depth - 1, cfg);
        }
    }
    walk(&rules, &pos, &ours, depth, cfg);
    for d in 1..=depth {
        assert_eq!(
            perft(&rules, &pos, d),
            reference_perft(&ours, d, cfg),
            "perft {d} of {fen_text}"
        );
    }
}

/// The counts both computations give for the seeded setups (seed: depth
/// 1, 2, 3, 4): 1: 27, 678, 21517, 683717; 2: 22, 459, 11991, 311289;
/// 3: 30, 892, 30280, 1007809.
fn seed_perft(depth: u32) {
    let rules = rules();
    for seed in 1..=3u64 {
        let pos = start_position(&rules, seed).unwrap();
        let text = to_fen(&rules, &pos);
        let ours = parse_start(&text);
        assert_eq!(fen(&ours), text);
        for d in 1..=depth {
            let engine = perft(&rules, &pos, d);
            let reference = reference_perft(&ours, d, RULES);
            println!("seed {seed} depth {d}: engine {engine}, reference {reference}");
            assert_eq!(engine, reference, "seed {seed} depth {d}: {text}");
        }
    }
}

#[test]
fn engine_perft_from_seeded_setups() {
    seed_perft(2);
}

/// Depths 3 and 4: `cargo test --release --test
/// mutatis_mutandis_reference -- --ignored engine_perft_from_seeded_setups_deep
/// --nocapture` (prints the counts).
#[test]
#[ignore]
fn engine_perft_from_seeded_setups_deep() {
    seed_perft(4);
}

/// Every count of `tests/perft/mutatis-mutandis.perft` up to `limit`
/// nodes, computed by the reference under the rules' reading.
fn perft_file_agrees(limit: u64) {
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/perft/mutatis-mutandis.perft"
    );
    let text = std::fs::read_to_string(path).unwrap();
    let (mut id, mut pos) = (String::new(), None);
    let mut checked = 0;
    for line in text.lines() {
        if let Some(rest) = line.strip_prefix("id ") {
            id = rest.to_string();
        } else if let Some(rest) = line.strip_prefix("fen ") {
            pos = Some(parse(rest));
        } else if let Some(rest) = line.strip_prefix("perft ") {
            let mut it = rest.split_whitespace();
            let depth: u32 = it.next().unwrap().parse().unwrap();
            let nodes: u64 = it.next().unwrap().parse().unwrap();
            if nodes > limit {
                continue;
            }
            let p = pos.as_ref().expect("a fen before its counts");
            assert_eq!(
                reference_perft(p, depth, RULES),
                nodes,
                "{id} perft {depth}"
            );
            checked += 1;
        }
    }
    assert!(checked >= 20, "only {checked} counts checked");
}

/// The file's counts up to 40,000 nodes.
#[test]
fn perft_file_agrees_with_the_reference() {
    perft_file_agrees(40_000);
}

/// All of them: `cargo test --release --test models mutatis_mutandis_reference::
/// -- --ignored perft_file_in_full`.
#[test]
#[ignore]
fn perft_file_in_full_agrees_with_the_reference() {
    perft_file_agrees(u64::MAX);
}

/// Random games from the seeded setups: at every ply the engine's child
/// positions (FEN text) equal the reference's. The reference follows the
/// game with its own position (it keeps the moved flags and the ban).
fn playouts(games: std::ops::Range<u64>, max_plies: usize, cfg: Cfg) {
    let rules = rules();
    // Exploring: `MM_KEEP_GOING=1` reports every failing game, not only
    // the first; `MM_GAMES=a..b` picks the seeds.
    let keep_going = std::env::var("MM_KEEP_GOING").is_ok();
    let games = match std::env::var("MM_GAMES") {
        Ok(r) => {
            let (a, b) = r.split_once("..").expect("a..b");
            a.parse().unwrap()..b.parse().unwrap()
        }
        Err(_) => games,
    };
    let mut failures = 0;
    for seed in games {
        if seed % 100 == 99 {
            println!("seed {seed}: {failures} games with differences so far");
        }
        let mut game = Game::new(rules.clone(), seed).unwrap();
        let mut rng = Rng::new(seed ^ 0x00c0_ffee);
        let mut ours = parse_start(&to_fen(&rules, game.position()));
        for ply in 0..max_plies {
            if game.outcome().is_some() {
                break;
            }
            let pos = game.position().clone();
            if let Err(e) = same_children(&rules, &pos, &ours, cfg) {
                let unmoved: Vec<String> = (0..64)
                    .filter(|&s| ours.b[s].is_some_and(|q| !q.moved))
                    .map(sq_name)
                    .collect();
                let msg = format!("seed {seed} ply {ply}: {e}\n  unmoved (reference): {unmoved:?}");
                if keep_going {
                    println!("{msg}");
                    failures += 1;
                    break;
                }
                panic!("{msg}");
            }
            let legal = legal_moves(&rules, &pos);
            if legal.is_empty() {
                break;
            }
            let mv = legal[rng.below(legal.len() as u64) as usize].clone();
            game.push(mv);
            let f = to_fen(&rules, game.position());
            ours = children(&ours, cfg)
                .into_iter()
                .find(|c| fen(c) == f)
                .expect("the engine's move is one of the reference's");
        }
    }
    assert_eq!(failures, 0, "games with differences");
}

#[test]
fn engine_random_games_agree_move_by_move() {
    playouts(0..3, 400, ENGINE);
}

/// A thousand games to their end (about 2 s a game): `cargo test
/// --release --test models mutatis_mutandis_reference:: -- --ignored
/// engine_random_games_agree_move_by_move_many`.
#[test]
#[ignore]
fn engine_random_games_agree_move_by_move_many() {
    playouts(0..1000, 2000, ENGINE);
}

/// `text` with the side to move, the fullmove number and the first
/// `used` reserve places of White and Black marked as used.
fn retimed(text: &str, side: char, full: u32, used: (usize, usize)) -> String {
    let fields: Vec<&str> = text.split_whitespace().collect();
    let (board, reserves) = fields[0].split_once('<').unwrap();
    let inner = reserves.trim_end_matches('>');
    let (w, b) = inner.split_once('/').unwrap();
    let mark = |r: &str, n: usize| {
        let mut out = String::new();
        let mut rest = r;
        let mut i = 0;
        while !rest.is_empty() {
            let len = if rest.starts_with('{') {
                rest.find('}').unwrap() + 1
            } else {
                1
            };
            out.push_str(if i < n { "-" } else { &rest[..len] });
            rest = &rest[len..];
            i += 1;
        }
        out
    };
    format!(
        "{board}<{}/{}> {side} {} - {} {full}",
        mark(w, used.0),
        mark(b, used.1),
        fields[2],
        fields[4]
    )
}

/// The seed-1 setup (full first ranks, pawns in front) around the drop
/// windows: before, at the opening, inside, on the last turn (a due drop
/// needs a vacated first-rank square), overdue, and the second piece's
/// window with the first one used.
#[test]
fn engine_drop_windows_from_a_full_home_row() {
    let rules = rules();
    let start = to_fen(&rules, &start_position(&rules, 1).unwrap());
    for (side, full, used) in [
        ('w', 5, (0, 0)),
        ('w', 6, (0, 0)),
        ('w', 7, (0, 0)),
        ('w', 11, (0, 0)),
        ('w', 14, (0, 0)),
        ('b', 5, (0, 0)),
        ('b', 6, (0, 0)),
        ('b', 10, (0, 0)),
        ('w', 11, (1, 1)),
        ('w', 12, (1, 1)),
        ('w', 16, (1, 1)),
        ('b', 15, (1, 1)),
        ('b', 16, (2, 2)),
    ] {
        let text = retimed(&start, side, full, used);
        compare_tree(&text, 2, ENGINE);
    }
}

/// Middle-game positions (16 and 30 random plies into seeded games, home
/// rows partly empty) moved around the windows the same way.
#[test]
fn engine_drop_windows_in_the_middle_game() {
    let rules = rules();
    for (seed, plies) in [(4u64, 16), (5, 30), (6, 24)] {
        let mut game = Game::new(rules.clone(), seed).unwrap();
        let mut rng = Rng::new(seed);
        for _ in 0..plies {
            let legal = legal_moves(&rules, game.position());
            if legal.is_empty() || game.outcome().is_some() {
                break;
            }
            game.push(legal[rng.below(legal.len() as u64) as usize].clone());
        }
        let text = to_fen(&rules, game.position());
        let side = if game.position().side == changeling::Color::White {
            'w'
        } else {
            'b'
        };
        let before: Vec<(u32, (usize, usize))> = if side == 'w' {
            vec![
                (6, (0, 0)),
                (7, (0, 0)),
                (11, (0, 0)),
                (12, (1, 0)),
                (17, (1, 1)),
            ]
        } else {
            vec![
                (5, (0, 0)),
                (6, (0, 0)),
                (10, (0, 0)),
                (11, (0, 1)),
                (16, (1, 1)),
            ]
        };
        for (full, used) in before {
            compare_tree(&retimed(&text, side, full, used), 2, ENGINE);
        }
    }
}

/// Only the King corners (section 9: "the King is in King form"): here
/// the White King is on e1 and a Rook (dropped, so unmoved) on b1 next to
/// a Knight on a1, and the b1 cornering must not be offered. The engine
/// offered it at first (seeded game 0, ply 19: a dropped Amazon on g8
/// cornered with the Long Leaper on h8); it has been fixed since.
#[test]
fn engine_corners_only_with_the_king() {
    compare_tree("4k3/8/8/8/8/8/8/NR2K3<-/-> w A - 0 1", 1, RULES);
}

/// A swap ends the cornering right (OQ-22: "any earlier displacement,
/// even a passive one, removes the right"): after the Swapper a2 swaps
/// with the Rook a1, the FEN loses `A`. The engine kept both squares'
/// unmoved state at first (seed 0, ply 28, then a cornering at ply 54
/// with the swapped-in piece); fixed since.
#[test]
fn engine_swap_ends_the_cornering_right() {
    compare_tree("4k3/8/8/8/8/8/{Swapper}7/R3K3<-/-> w A - 0 1", 1, RULES);
}

/// A Cannon Pawn reaching the last rank by its own move may promote
/// (sections 5.1 and 10.3): from the back of the reserve, or stay and
/// become a Pao Vao.
#[test]
fn engine_cannon_pawn_promotion_is_optional() {
    compare_tree("k7/3{Cannonpawn}4/8/8/8/8/8/7K<QR/qr> w - - 0 1", 2, RULES);
}

/// A Pawn or Scorpion taking en passant morphs like any mover (6.3 /
/// OQ-1): a Berolina on d6. The engine kept the Pawn at first (found in
/// seeded games); fixed since.
#[test]
fn engine_en_passant_capturer_morphs() {
    compare_tree("4k3/8/8/3{berolina}P3/8/8/8/4K3<-/-> w - d6 0 9", 1, RULES);
}

/// No double step for a Berolina or Scorpion on its second rank (here a
/// Scorpion b2 and a Berolina d2). The engine allowed b2-b4, d2-f4 and
/// d2-b4 at first (found in seeded games); fixed since.
/// Section 4.29 allows it only to a pawn that has never moved; a
/// Berolina or Scorpion has always moved (or was displaced, swapped,
/// slung or recruited, OQ-30) to stand there, and OQ-25 opens en passant
/// only after a Pawn's double step.
#[test]
fn engine_double_step_only_for_unmoved_pawns() {
    compare_tree(
        "4k3/8/8/8/8/8/1{Scorpion}1{Berolina}4/4K3<-/-> w - - 0 9",
        1,
        RULES,
    );
}

/// Every action of the piece on `from`, as (destination, captured
/// squares), sorted.
fn acts_of(fen_text: &str, from: &str) -> Vec<(String, Vec<String>)> {
    let p = parse(fen_text);
    let s = parse_sq(from).unwrap();
    let pc = p.b[s].unwrap();
    let mut g = Gen {
        b: &p.b,
        cfg: RULES,
        ep: p.ep,
        ban: p.ban,
        attack: false,
        out: Vec::new(),
    };
    g.kind_moves(s, pc.k, pc.w, false);
    let mut out: Vec<(String, Vec<String>)> = g
        .out
        .iter()
        .map(|a| {
            let to = a.actors.first().map_or("-".to_string(), |&t| sq_name(t));
            let caps = (0..64)
                .filter(|&q| a.caps & bit(q) != 0)
                .map(sq_name)
                .collect();
            (to, caps)
        })
        .collect();
    out.sort();
    out
}

#[test]
fn reference_chameleon_captures_each_victim_its_own_way() {
    // White Chameleon d4; Black Withdrawer d3, Advancer d7, Knight f5,
    // Rook a4, Mamra e4, Pawn e5. Up the d-file it withdraws from d3 (d5)
    // and also approaches d7 (d6); it takes the Knight by a knight leap,
    // the Rook by a rook slide, the Pawn by White's pawn capture; the
    // Mamra is immune. Quiet: c4 b4, c5 b6 a7, e3 f2 g1, c3 b2 a1.
    let f = "7k/3{advancer}4/8/4pn2/r2{Chameleon}{mamra}3/3{withdrawer}4/8/7K<-/-> w - - 0 1";
    let acts = acts_of(f, "d4");
    let caps: Vec<_> = acts.iter().filter(|a| !a.1.is_empty()).cloned().collect();
    let v = |t: &str, c: &[&str]| {
        (
            t.to_string(),
            c.iter().map(|s| s.to_string()).collect::<Vec<_>>(),
        )
    };
    assert_eq!(
        caps,
        vec![
            v("a4", &["a4"]),
            v("d5", &["d3"]),
            v("d6", &["d3", "d7"]),
            v("e5", &["e5"]),
            v("f5", &["f5"]),
        ]
    );
    assert_eq!(acts.len(), 5 + 11);
}

#[test]
fn reference_oxybeles_secutor_swapper_maoking() {
    // The sling of section 4.27: the Oxybeles d6 steps to d7 and the pawn
    // behind it on d5 flies to d8, promotes to the back of the reserve
    // (R); the Oxybeles becomes a Secutor; the pawn does not morph.
    let p = parse("k7/8/3{Oxybeles}4/3P4/8/8/8/7K<QR/qr> w - - 0 1");
    assert!(child_fens(&p, RULES).contains("k2R4/3{Secutor}4/8/8/8/8/8/7K<Q-/qr> b - - 1 1"));
    // With the reserve empty that sling is impossible, the step stays:
    // 7 steps in all (d5 is occupied), none of them a sling.
    let p = parse("k7/8/3{Oxybeles}4/3P4/8/8/8/7K<--/qr> w - - 0 1");
    let d6 = parse_sq("d6").unwrap();
    assert_eq!(
        children(&p, RULES)
            .iter()
            .filter(|c| c.b[d6].is_none() && c.b[parse_sq("h1").unwrap()].is_some())
            .count(),
        7
    );
    // Secutor a1, obstacle the own pawn on a4: it deflects from a3 to b4,
    // c5, d6 and captures the Black knight on e7; the own pawn is not
    // taken. Quiet: a2 a3, b1..h1 (the king is on h8).
    let acts = acts_of("4k2K/4n3/8/8/P7/8/8/{Secutor}7<-/-> w - - 0 1", "a1");
    let caps: Vec<_> = acts.iter().filter(|a| !a.1.is_empty()).collect();
    assert_eq!(caps, vec![&("e7".to_string(), vec!["e7".to_string()])]);
    assert_eq!(acts.len(), 1 + 2 + 7);
    // Swapper d4: swaps with the first piece on each line (own knight
    // d5, Black rook d1, Black pawn e5 adjacent), destroys the adjacent
    // Black pawn with itself.
    let acts = acts_of("7k/8/8/3Np3/3{Swapper}4/8/8/3r3K<-/-> w - - 0 1", "d4");
    let capturing: Vec<_> = acts.iter().filter(|a| !a.1.is_empty()).collect();
    assert_eq!(capturing, vec![&("-".to_string(), vec!["e5".to_string()])]);
    let swaps = acts
        .iter()
        .filter(|a| ["d5", "d1", "e5"].contains(&a.0.as_str()) && a.1.is_empty())
        .count();
    assert_eq!(swaps, 3);
    // Maoking d4 next to a Black knight (recruited), a Black Mamra
    // (immune) and a Black knight next to a Black Shield (immune). The
    // White Shield on d3 keeps the Maoking safe from the Mamra.
    let p = parse("7k/8/2{shield}5/2n1n3/3{Maoking}{mamra}3/3{Shield}4/8/8<-/-> w - - 0 1");
    let kids = child_fens(&p, RULES);
    assert!(
        kids.contains("7k/8/2{shield}5/2n1N3/3K{mamra}3/3{Shield}4/8/8<-/-> b - - 1 1"),
        "{kids:#?}"
    );
    assert!(!kids.iter().any(|k| k.contains("2N1n3")));
}

/// Hand-made positions around the exotic pieces, compared to depth 2
/// (child sets at the root and at every child, and perft 2). Early turn
/// numbers keep drops out of these; the drop tests cover them.
#[test]
fn engine_exotic_positions_agree() {
    for f in [
        // Slings: a White Oxybeles with an enemy knight behind it, a Black
        // Oxybeles with a White pawn behind it (pawn limits, promotion).
        "4k3/8/2p5/3{oxybeles}4/4P3/1{Oxybeles}6/1n6/4K3<QR/qr> w - - 0 3",
        "4k3/8/2p5/3{oxybeles}4/4P3/1{Oxybeles}6/1n6/4K3<QR/qr> b - - 0 3",
        // A Chameleon and an enemy Swapper (swap, mutual destruction, the
        // swap-back ban on the next turn).
        "4k3/8/3{swapper}4/8/3{Chameleon}4/8/8/4K3<-/-> w - - 0 20",
        "4k3/8/8/3{swapper}4/3{Swapper}4/8/8/4K3<-/-> w - - 0 20",
        // Archer, Long Leaper, Withdrawer, Advancer, Immobilizer, Shield.
        "r3k3/1{longleaper}6/8/3{Archer}4/2n1{withdrawer}3/8/1{Advancer}2{immobilizer}3/{Shield}3K3<-/-> w - - 0 20",
        "r3k3/1{longleaper}6/8/3{Archer}4/2n1{withdrawer}3/8/1{Advancer}2{immobilizer}3/{Shield}3K3<-/-> b - - 0 20",
        // The Wuss duty; Mamra immunity but for pawn captures; Maoking.
        "3rk3/8/8/8/3{Wuss}4/8/8/4K3<-/-> w - - 0 20",
        "4k3/8/3{Wuss}4/8/3{mamra}1p2/4P3/8/3{Maoking}4<-/-> b - - 0 20",
        "4k3/8/8/2n1n3/3{Maoking}{mamra}2p/3{Shield}4/8/8<-/-> w - - 0 20",
        // Freezing both ways and frozen suicide.
        "4k3/8/8/3{immobilizer}4/3{Chameleon}N3/8/8/4K3<-/-> w - - 0 20",
        // Cannon Pawn, Pao Vao, Secutor, Hydra forms, Rose, Octopus, Sissa,
        // crooked pieces, Cylindrical Bishop, Dragon.
        "{paovao}3k2{nna}/1{Cannonpawn}4{rose}1/2{octopus}5/{Secutor}2{sissa}4/3{NNc}{NNd}3/1{crookedbishop}4{Chainsaw}{Cylbishop}/{NNe}5{Crookedrook}1/4K2{NNb}<QR/qr> w - - 0 3",
        "{paovao}3k2{nna}/1{Cannonpawn}4{rose}1/2{octopus}5/{Secutor}2{sissa}4/3{NNc}{NNd}3/1{crookedbishop}4{Chainsaw}{Cylbishop}/{NNe}5{Crookedrook}1/4K2{NNb}<QR/qr> b - - 0 3",
        // Pawn forms: promotion by a Scorpion leap and by a capture, a
        // Berolina's forward capture, en passant.
        "1n2k3/2P1{Scorpion}3/8/3p{berolina}3/3{Berolina}4/8/8/4K3<QR/qr> w - - 0 3",
        "4k3/8/8/3{berolina}P3/8/8/8/4K3<-/-> w - d6 0 20",
        // A Black pawn next to the King with Black's reserve empty (it may
        // not reach rank 1, so it gives no check), and with one piece.
        "4k3/8/8/8/8/8/3p4/R3K3<R/--> w - - 0 20",
        "4k3/8/8/8/8/8/3p4/R3K3<R/r-> w - - 0 20",
        // Cornering d1-b1 (partner a1 to c1) while a Squeen's Sissa path
        // e1-d1-c1-b1 would reach b1 were the King not on d1 (seeded game
        // 338, ply 198).
        "{crookedrook}qk{dragonking}{mamra}{chancellor}{immobilizer}1/{paovao}2{berolina}1{secutor}2/7P/{Scorpion}3{dragonking}3/1{squeen}2{Cannonpawn}{scorpion}2/4{Oxybeles}r2/1{cannonpawn}{octopus}1NP2/{Mamra}2K2{Dragonhorse}{Immobilizer}<----------------/----------------> w A - 1 100",
        // Cornering d1-f1 with a drop on the King's square (seeded game
        // 516, ply 22).
        "{dancinghorse}r{chancellor}k1{amazon}n{longleaper}/2p1pp1p/3{berolina}2{berolina}1/1{berolina}2{Amazon}2{chancellor}/6{Berolina}{Berolina}/{Archer}{nnb}3{Knightguard}1{Archbishop}/PPPPPP2/1R{paovao}K3{Dancinghorse}<-{Chancellor}Q{Paovao}{Mamra}{Archbishoprider}{Dragonking}{Gryphon}{Withdrawer}{Knightwazir}{Chameleon}{Oxybeles}{Amazon}{Nightrider}{Crookedrook}{Immobilizer}/--q{paovao}{mamra}{archbishoprider}{dragonking}{gryphon}{withdrawer}{knightwazir}{chameleon}{oxybeles}{amazon}{nightrider}{crookedrook}{immobilizer}> w Hha - 1 12",
        // Cornering past a square a Shield protects.
        "4kr2/8/8/8/8/8/6{Shield}1/4K2R<-/-> w H - 0 20",
        "r3k2r/8/8/8/8/8/8/R3K2R<-/-> w HAha - 0 20",
    ] {
        compare_tree(f, 2, ENGINE);
    }
}

/// White's reserve is empty, so the Scorpion on e7 may not capture onto
/// rank 8 (10.3). Read literally, 8.2 counts only actions the opponent
/// has, so f8 is safe for the Black King (with a drop on d8 or e8 blocking
/// the Rook). The engine counted the Scorpion's attack at first; it
/// follows this reading since.
#[test]
fn engine_pawn_with_nothing_to_promote_to_gives_no_check() {
    compare_tree(
        "1nR1k3/4{Scorpion}3/8/3p{berolina}3/3{Berolina}4/8/8/Q3K3<--/qr> b - - 0 20",
        1,
        RULES,
    );
}

/// Disagreement (a reading): a Pawn swapped onto its second rank (the
/// Swapper on b2 takes the c3 Pawn's place) has moved, so section 4.29
/// ("has never moved") gives it no double step; the engine used to decide
/// by the rank and let it go b2-b4 (found in seeded games: seed 26, ply
/// 26, the c2 Pawn swapped to d2, then d2-d4). The variant now declares
/// `double_step = unmoved`, and the FEN names such a pawn (`moved:b2`).
#[test]
fn engine_displaced_pawn_has_no_double_step() {
    compare_tree("4k3/8/8/8/8/2P5/1{Swapper}6/4K3<-/-> w - - 0 3", 3, RULES);
}

/// Disagreement: White's reserve is empty, so the Oxybeles d6 may not
/// step to c7 slinging the Scorpion from e5 onto b8 (10.3; the engine
/// refuses that sling as a move too). By 8.2 the Black King on b8 is then
/// not attacked and the Rook may move; the engine used to count the
/// sling as a check. Found in seeded games (seed 34, ply 181: a Mamra refused b8).
#[test]
fn engine_slung_pawn_with_nothing_to_promote_to_gives_no_check() {
    compare_tree(
        "1k6/8/3{Oxybeles}4/4{Scorpion}3/8/8/r7/4K3<--/--> b - - 0 20",
        1,
        RULES,
    );
}

/// Difference in the text only: the swap-back ban (5.3) binds a Swapper
/// and an enemy Swapper or Chameleon; after the Swapper swaps with an
/// enemy pawn the engine used to record `swap:d3d4` in the FEN. No other
/// pair could swap back, so the moves were the same, but the positions
/// differed as text (and for repetition) for one ply. The ban now binds
/// only kinds declared `no_swap_back`.
#[test]
fn engine_ban_only_after_swapper_swaps() {
    compare_tree("4k3/8/8/8/3p4/3{Swapper}4/8/4K3<-/-> w - - 0 3", 1, RULES);
}

/// Disagreement: a Chameleon imitating a pawn form's capture is not a
/// pawn, so it may capture onto its last rank whatever its reserve holds
/// (10.3 restricts pawn forms only; 5.2 has the Chameleon carry out the
/// victim's capture step). Here Black's reserve is empty and the Black
/// Chameleon e2 takes the White Berolina e1 by a Berolina's straight
/// capture; the engine allows it with a piece in the reserve (first
/// position) and refuses it with none (second). Found in seeded games (seed 398, ply 267).
#[test]
fn engine_chameleon_imitating_a_pawn_ignores_the_reserve() {
    compare_tree(
        "k7/8/8/8/8/8/4{chameleon}3/4{Berolina}2K<-/-q> b - - 0 40",
        1,
        RULES,
    );
    compare_tree(
        "k7/8/8/8/8/8/4{chameleon}3/4{Berolina}2K<-/--> b - - 0 40",
        1,
        RULES,
    );
}

/// Disagreement (fixed): the Black Oxybeles c4 can step to c3 and sling
/// the Scorpion c5 down the c-file, so c1 is attacked (a King standing
/// there would be taken) and the White King d1 may not corner across it
/// with the a1 piece (section 9). The engine's Oxybeles counted only
/// squares holding a victim as attacked, so an empty c1 looked safe.
/// Found in seeded games (seed 849, ply 42).
#[test]
fn engine_oxybeles_sling_line_guards_the_cornering_path() {
    compare_tree(
        "1{longleaper}{mamra}{paovao}{maoking}{knightwazir}{archbishoprider}n/2ppp3/1{rose}1P3{knightwazir}/{berolina}1{scorpion}2{Mamra}{Knightferz}{berolina}/1{crookedrook}{oxybeles}3{scorpion}1/3{Amazon}{Longleaper}2{Berolina}/1P1PPPNP/{Nightrider}2K{Archbishoprider}{Crookedbishop}{Oxybeles}{Knightwazir}<---{Paovao}{Paovao}{Crookedrook}{Immobilizer}{Dancinghorse}{Chameleon}QR{Hydra}{Dragonking}{Chancellor}{Gryphon}{Withdrawer}/----{paovao}{crookedrook}{immobilizer}{dancinghorse}{chameleon}qr{hydra}{dragonking}{chancellor}{gryphon}{withdrawer}> w HA - 0 22",
        1,
        RULES,
    );
}

/// Disagreement (fixed): the Black Secutor c2 slides to e2, meets the f2
/// Pawn and turns down onto f1, so a King on f1 would be taken (section
/// 4.28) and the King e1 may not corner to g1 across it (section 9). The
/// engine asked scripted attackers only about squares holding a piece,
/// and the Secutor's collision needs one to end on, so f1 looked safe.
/// The Chameleon next to d1 guards the long cornering's path the same
/// way (it takes a King by a King's step).
#[test]
fn engine_scripted_attackers_guard_empty_cornering_squares() {
    let secutor = "k7/8/8/8/8/8/2{secutor}2P2/4K2R<-/-> w H - 0 20";
    assert!(cornerings(&parse(secutor), RULES).is_empty());
    compare_tree(secutor, 2, RULES);
    let chameleon = "7k/8/8/8/8/8/2{chameleon}5/R3K3<-/-> w A - 0 20";
    assert!(cornerings(&parse(chameleon), RULES).is_empty());
    compare_tree(chameleon, 2, RULES);
}
