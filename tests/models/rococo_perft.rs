//! Rococo as published (`examples/variants/rococo.variant`): perft from
//! the start position and from middle-game positions, computed twice: by
//! the engine (native Cannon Pawns and Immobilizers, scripted pieces from
//! `scripts/pieces.rhai`, the edge and king-capture rules from
//! `scripts/rococo.rhai`) and by the brute-force reference below, written
//! from the rules text with none of the engine's code. The counts in
//! `tests/perft/rococo.perft` are the two computations' common answer.
//!
//! The reference follows `../shared/rules/mutatis-mutandis.md` section 5
//! for the pieces (Rococo's own) and the Rococo page for the board:
//! edge squares may be passed over or ended on only when a capture (or a
//! swap) needs it, and then as few as that capture needs; the King is
//! captured, not mated, so a side without its King has no move.

use changeling::movegen::perft;
use changeling::notation::parse_fen;
use changeling::variants::load;

const N: i32 = 10;
type Board = [Option<(char, bool)>; 100];

const DIRS: [(i32, i32); 8] = [
    (0, 1),
    (1, 1),
    (1, 0),
    (1, -1),
    (0, -1),
    (-1, -1),
    (-1, 0),
    (-1, 1),
];

fn at(sq: usize, dx: i32, dy: i32) -> Option<usize> {
    let (f, r) = ((sq as i32 % N) + dx, (sq as i32 / N) + dy);
    ((0..N).contains(&f) && (0..N).contains(&r)).then(|| (r * N + f) as usize)
}

fn is_edge(sq: usize) -> bool {
    let (f, r) = (sq as i32 % N, sq as i32 / N);
    f == 0 || r == 0 || f == N - 1 || r == N - 1
}

/// Reads a FEN's placement and side ("10" and other multi-digit counts).
pub fn parse(fen: &str) -> (Board, bool) {
    let mut b: Board = [None; 100];
    let mut parts = fen.split(' ');
    for (i, row) in parts.next().unwrap().split('/').enumerate() {
        let rank = (N as usize) - 1 - i;
        let mut file = 0;
        let mut digits = String::new();
        for c in row.chars() {
            if c.is_ascii_digit() {
                digits.push(c);
                continue;
            }
            if !digits.is_empty() {
                file += digits.parse::<usize>().unwrap();
                digits.clear();
            }
            b[rank * N as usize + file] = Some((c.to_ascii_uppercase(), c.is_ascii_uppercase()));
            file += 1;
        }
    }
    (b, parts.next() == Some("w"))
}

/// A generated move: the board after it, the squares it passes over and
/// ends on (for the edge rule), what it wins (captured squares and a
/// swapped square), and the piece's start.
struct Gen {
    after: Board,
    from: usize,
    path: Vec<usize>,
    gain: Vec<usize>,
    swap: Option<usize>,
}

fn enemy(b: &Board, sq: usize, white: bool) -> bool {
    matches!(b[sq], Some((_, w)) if w != white)
}

fn enemy_of(b: &Board, sq: Option<usize>, white: bool, kind: char) -> Option<usize> {
    sq.filter(|&s| b[s] == Some((kind, !white)))
}

fn frozen(b: &Board, sq: usize) -> bool {
    let Some((kind, white)) = b[sq] else {
        return false;
    };
    DIRS.iter().any(|&(dx, dy)| {
        at(sq, dx, dy).is_some_and(|n| match b[n] {
            Some(('I', w)) => w != white,
            Some(('C', w)) => w != white && kind == 'I',
            _ => false,
        })
    })
}

/// Squares strictly between two squares on a line.
fn between(a: usize, b: usize) -> Vec<usize> {
    let (dx, dy) = (
        (b as i32 % N) - (a as i32 % N),
        (b as i32 / N) - (a as i32 / N),
    );
    if !(dx == 0 || dy == 0 || dx.abs() == dy.abs()) {
        return Vec::new();
    }
    let steps = dx.abs().max(dy.abs());
    (1..steps)
        .filter_map(|i| at(a, dx.signum() * i, dy.signum() * i))
        .collect()
}

fn moves(b: &Board, white: bool) -> Vec<Gen> {
    let mut out = Vec::new();
    for from in 0..100 {
        let Some((kind, w)) = b[from] else { continue };
        if w != white {
            continue;
        }
        if frozen(b, from) {
            if kind != 'K' {
                let mut after = *b;
                after[from] = None;
                out.push(Gen {
                    after,
                    from,
                    path: vec![],
                    gain: vec![],
                    swap: None,
                });
            }
            continue;
        }
        // Cannon Pawn moves that may promote: (square, captures).
        let mut promoted: Vec<(usize, Vec<usize>)> = Vec::new();
        // Moves the piece to `to` (or off the board), removing `caps`.
        let mut add = |to: Option<usize>, caps: Vec<usize>, swap: Option<usize>| {
            let mut after = *b;
            for &c in &caps {
                after[c] = None;
            }
            let mut path = Vec::new();
            match (to, swap) {
                (Some(t), Some(s)) => {
                    after[from] = b[s];
                    after[t] = b[from];
                    path = between(from, t);
                    path.push(t);
                }
                (Some(t), None) => {
                    after[from] = None;
                    after[t] = b[from];
                    path = between(from, t);
                    path.push(t);
                }
                (None, _) => after[from] = None,
            }
            let mut gain = caps;
            gain.sort();
            out.push(Gen {
                after,
                from,
                path,
                gain,
                swap,
            });
        };
        for &(dx, dy) in &DIRS {
            let step = at(from, dx, dy);
            match kind {
                'K' => {
                    if let Some(t) = step {
                        if b[t].is_none() {
                            add(Some(t), vec![], None);
                        } else if enemy(b, t, white) {
                            add(Some(t), vec![t], None);
                        }
                    }
                }
                'P' => {
                    let Some(s) = step else { continue };
                    let (to, caps) = if b[s].is_none() {
                        (s, vec![])
                    } else {
                        match at(s, dx, dy) {
                            Some(t) if b[t].is_none() => (t, vec![]),
                            Some(t) if enemy(b, t, white) => (t, vec![t]),
                            _ => continue,
                        }
                    };
                    add(Some(to), caps.clone(), None);
                    promoted.push((to, caps));
                }
                'I' | 'W' | 'A' | 'S' | 'C' | 'L' => {
                    // Along the line: empty landing squares, with the
                    // captures each kind makes there.
                    let withdraw = match kind {
                        'W' => at(from, -dx, -dy).filter(|&s| enemy(b, s, white)),
                        'C' => enemy_of(b, at(from, -dx, -dy), white, 'W'),
                        _ => None,
                    };
                    let mut jumped: Vec<usize> = Vec::new();
                    let mut sq = step;
                    while let Some(s) = sq {
                        if b[s].is_none() {
                            let mut caps = jumped.clone();
                            caps.extend(withdraw);
                            let beyond = at(s, dx, dy);
                            match kind {
                                'A' => caps.extend(beyond.filter(|&t| enemy(b, t, white))),
                                'C' => caps.extend(enemy_of(b, beyond, white, 'A')),
                                _ => {}
                            }
                            add(Some(s), caps, None);
                            sq = beyond;
                            continue;
                        }
                        let leaps = match kind {
                            'L' => enemy(b, s, white),
                            'C' => b[s] == Some(('L', !white)),
                            _ => false,
                        };
                        match at(s, dx, dy) {
                            Some(t) if leaps && b[t].is_none() => {
                                jumped.push(s);
                                sq = Some(t);
                                continue;
                            }
                            _ => {}
                        }
                        // The first piece on the line: swaps.
                        if jumped.is_empty() {
                            let swaps = match kind {
                                'S' => true,
                                'C' => b[s] == Some(('S', !white)),
                                _ => false,
                            };
                            if swaps {
                                let mut caps: Vec<usize> = withdraw.into_iter().collect();
                                if kind == 'C' {
                                    caps.extend(enemy_of(b, at(s, dx, dy), white, 'A'));
                                }
                                add(Some(s), caps, Some(s));
                            }
                            let adjacent = step == Some(s);
                            let destroys = match kind {
                                'S' => enemy(b, s, white),
                                'C' => b[s] == Some(('S', !white)),
                                _ => false,
                            };
                            if adjacent && destroys {
                                add(None, vec![s], None);
                            }
                            // The Chameleon's King and Cannon Pawn captures.
                            if kind == 'C' && adjacent && b[s] == Some(('K', !white)) {
                                add(Some(s), vec![s], None);
                            }
                        }
                        break;
                    }
                    if kind == 'C'
                        && let Some(s) = step
                        && b[s].is_some()
                        && let Some(t) = enemy_of(b, at(s, dx, dy), white, 'P')
                    {
                        add(Some(t), vec![t], None);
                    }
                }
                _ => panic!("the reference knows K P I W A S C L, not {kind}"),
            }
        }
        // Promotion: on the last two ranks, to a kind the side has lost.
        let last = if white { N - 1 } else { 0 };
        for (to, caps) in promoted {
            if (to as i32 / N - last).abs() > 1 {
                continue;
            }
            for (k, start) in ARMY {
                let now = b.iter().filter(|&&p| p == Some((k, white))).count();
                if now >= start {
                    continue;
                }
                let mut after = *b;
                for &c in &caps {
                    after[c] = None;
                }
                after[from] = None;
                after[to] = Some((k, white));
                let mut path = between(from, to);
                path.push(to);
                let mut gain = caps.clone();
                gain.sort();
                out.push(Gen {
                    after,
                    from,
                    path,
                    gain,
                    swap: None,
                });
            }
        }
    }
    out
}

/// The pieces besides King and Cannon Pawns each side starts with.
const ARMY: [(char, usize); 6] = [('I', 1), ('C', 1), ('W', 1), ('A', 1), ('L', 2), ('S', 1)];

/// Two enemies that just swapped, who may not swap straight back.
type Ban = Option<(usize, usize)>;

/// The moves of `white` under Rococo's board rules, each with the ban it
/// leaves.
fn legal(b: &Board, white: bool, ban: Ban) -> Vec<(Board, Ban)> {
    if !b.contains(&Some(('K', white))) {
        return Vec::new();
    }
    let reverses = |m: &Gen| {
        m.swap
            .zip(ban)
            .is_some_and(|(s, (x, y))| (m.from, s) == (x, y) || (s, m.from) == (x, y))
    };
    let all: Vec<Gen> = moves(b, white)
        .into_iter()
        .filter(|m| !reverses(m))
        .collect();
    let edges = |m: &Gen| m.path.iter().filter(|&&s| is_edge(s)).count();
    let wins = |m: &Gen| !m.gain.is_empty() || m.swap.is_some();
    all.iter()
        .filter(|m| {
            let e = edges(m);
            e == 0
                || (wins(m)
                    && all
                        .iter()
                        .filter(|o| o.from == m.from && o.gain == m.gain && o.swap == m.swap)
                        .all(|o| edges(o) >= e))
        })
        .map(|m| {
            let next_ban = m
                .swap
                .filter(|&s| b[s].is_some_and(|(_, w)| w != white))
                .map(|s| (m.from, s));
            (m.after, next_ban)
        })
        .collect()
}

fn reference_perft(b: &Board, white: bool, ban: Ban, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    legal(b, white, ban)
        .iter()
        .map(|(n, nb)| reference_perft(n, !white, *nb, depth - 1))
        .sum()
}

fn agree(fen: &str, depth: u32) {
    let rules = load("examples/variants/rococo.variant").unwrap();
    let pos = parse_fen(&rules, fen).unwrap_or_else(|e| panic!("{fen}: {e}"));
    let (b, white) = parse(fen);
    for d in 1..=depth {
        assert_eq!(
            perft(&rules, &pos, d),
            reference_perft(&b, white, None, d),
            "{fen} depth {d}"
        );
    }
}

/// The counts of `tests/perft/rococo.perft` (which `tests/engine/perft.rs`
/// checks against the engine) up to `limit` nodes: (FEN, depth, nodes).
fn file_counts(limit: u64) -> Vec<(String, u32, u64)> {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/perft/rococo.perft");
    let mut fen = String::new();
    let mut out = Vec::new();
    for line in std::fs::read_to_string(path).unwrap().lines() {
        if let Some(f) = line.strip_prefix("fen ") {
            fen = f.to_string();
        } else if let Some(p) = line.strip_prefix("perft ") {
            let (d, n) = p.split_once(' ').unwrap();
            let (d, n) = (d.parse().unwrap(), n.parse().unwrap());
            if n <= limit {
                out.push((fen.clone(), d, n));
            }
        }
    }
    out
}

fn reference_agrees_with_the_file(limit: u64) {
    let counts = file_counts(limit);
    assert!(counts.len() >= 7, "only {} counts", counts.len());
    for (fen, depth, nodes) in counts {
        let (b, white) = parse(&fen);
        assert_eq!(
            reference_perft(&b, white, None, depth),
            nodes,
            "{fen} depth {depth}"
        );
    }
}

#[test]
fn rococo_perft_file_agrees_with_the_reference() {
    reference_agrees_with_the_file(30_000);
}

/// Every count, depth 3 included (the reference makes about a million
/// nodes a second in release): `cargo test --release --test
/// rococo_perft -- --ignored`.
#[test]
#[ignore]
fn rococo_perft_file_agrees_with_the_reference_deep() {
    reference_agrees_with_the_file(u64::MAX);
}

/// The engine and the reference agree at depth 2 from the start.
#[test]
fn rococo_start_position_agrees_with_the_reference() {
    let rules = load("examples/variants/rococo.variant").unwrap();
    agree(&rules.setup, 2);
}

fn show(b: &Board) -> String {
    (0..N as usize)
        .rev()
        .map(|r| {
            (0..N as usize)
                .map(|f| match b[r * N as usize + f] {
                    Some((k, true)) => k,
                    Some((k, false)) => k.to_ascii_lowercase(),
                    None => '.',
                })
                .collect::<String>()
        })
        .collect::<Vec<_>>()
        .join("/")
}

/// Random games from the start: at every position on the way, the boards
/// after each legal move must be the same for the engine and the
/// reference.
#[test]
fn rococo_playouts_agree_with_the_reference_move_by_move() {
    let rules = load("examples/variants/rococo.variant").unwrap();
    let mut seed: u64 = 0x2545_f491_4f6c_dd1d;
    let mut next = move |n: usize| {
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        (seed % n as u64) as usize
    };
    for _game in 0..12 {
        let mut pos = parse_fen(&rules, &rules.setup).unwrap();
        for _ply in 0..60 {
            let fen = changeling::notation::to_fen(&rules, &pos);
            let (b, white) = parse(&fen);
            let legal_moves = changeling::movegen::legal_moves(&rules, &pos);
            let mut ours: Vec<String> = legal_moves
                .iter()
                .map(|m| {
                    let mut c = pos.clone();
                    c.play_unchecked(&rules, m);
                    show(&parse(&changeling::notation::to_fen(&rules, &c)).0)
                })
                .collect();
            let ban = pos.swap_back.map(|(a, b)| (a.index(), b.index()));
            let mut theirs: Vec<String> =
                legal(&b, white, ban).iter().map(|(n, _)| show(n)).collect();
            ours.sort();
            theirs.sort();
            assert_eq!(ours, theirs, "moves differ in {fen}");
            if legal_moves.is_empty() {
                break;
            }
            let m = &legal_moves[next(legal_moves.len())];
            pos.play_unchecked(&rules, m);
        }
    }
}
