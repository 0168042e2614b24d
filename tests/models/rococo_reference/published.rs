//! Rococo as published (`examples/variants/rococo.variant`): a brute-force
//! reference written from the rules text with none of the engine's code,
//! which `perft` holds to the engine (native Cannon Pawns and
//! Immobilizers, the other pieces by their built-in capture modes, the
//! edge and king-capture rules from `scripts/rococo.rhai`). The counts in
//! `tests/perft/rococo.perft` are the two computations' common answer.
//!
//! The reference follows `../shared/rules/mutatis-mutandis.md` section 5
//! for the pieces (Rococo's own) and the Rococo page for the board:
//! edge squares may be passed over or ended on only when a capture (or a
//! swap) needs it, and then as few as that capture needs; the King is
//! captured, not mated, so a side without its King has no move.

pub(super) const N: i32 = 10;
pub(super) type Board = [Option<(char, bool)>; 100];

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
pub(super) fn parse(fen: &str) -> (Board, bool) {
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

/// The moves of one piece (on `from`, of `white`), collected in `out`.
struct Mover<'a> {
    b: &'a Board,
    from: usize,
    white: bool,
    out: &'a mut Vec<Gen>,
}

impl Mover<'_> {
    /// Moves the piece to `to` (or off the board), removing `caps`; with
    /// `swap`, the piece on `swap` goes to the piece's start.
    fn add(&mut self, to: Option<usize>, caps: Vec<usize>, swap: Option<usize>) {
        let (b, from) = (self.b, self.from);
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
        self.out.push(Gen {
            after,
            from,
            path,
            gain,
            swap,
        });
    }

    /// The King: one step to an empty square or onto an enemy.
    fn king(&mut self, step: Option<usize>) {
        let (b, white) = (self.b, self.white);
        if let Some(t) = step {
            if b[t].is_none() {
                self.add(Some(t), vec![], None);
            } else if enemy(b, t, white) {
                self.add(Some(t), vec![t], None);
            }
        }
    }

    /// The Cannon Pawn: one step, or a hop over the piece next to it onto
    /// an empty square or an enemy; each is also kept in `promoted`, as a
    /// move that may promote.
    fn cannon_pawn(
        &mut self,
        (dx, dy): (i32, i32),
        step: Option<usize>,
        promoted: &mut Vec<(usize, Vec<usize>)>,
    ) {
        let (b, white) = (self.b, self.white);
        let Some(s) = step else { return };
        let (to, caps) = if b[s].is_none() {
            (s, vec![])
        } else {
            match at(s, dx, dy) {
                Some(t) if b[t].is_none() => (t, vec![]),
                Some(t) if enemy(b, t, white) => (t, vec![t]),
                _ => return,
            }
        };
        self.add(Some(to), caps.clone(), None);
        promoted.push((to, caps));
    }

    /// The pieces that move along lines (`dx`, `dy`): the Immobilizer,
    /// Withdrawer, Advancer, Swapper, Long Leaper and the Chameleon
    /// imitating whichever enemy it captures.
    fn along_line(&mut self, kind: char, (dx, dy): (i32, i32), step: Option<usize>) {
        let (b, from, white) = (self.b, self.from, self.white);
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
                self.add(Some(s), caps, None);
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
                    self.add(Some(s), caps, Some(s));
                }
                let adjacent = step == Some(s);
                let destroys = match kind {
                    'S' => enemy(b, s, white),
                    'C' => b[s] == Some(('S', !white)),
                    _ => false,
                };
                if adjacent && destroys {
                    self.add(None, vec![s], None);
                }
                // The Chameleon's King and Cannon Pawn captures.
                if kind == 'C' && adjacent && b[s] == Some(('K', !white)) {
                    self.add(Some(s), vec![s], None);
                }
            }
            break;
        }
        if kind == 'C'
            && let Some(s) = step
            && b[s].is_some()
            && let Some(t) = enemy_of(b, at(s, dx, dy), white, 'P')
        {
            self.add(Some(t), vec![t], None);
        }
    }

    /// Promotion: on the last two ranks, to a kind the side has lost.
    fn promotions(&mut self, promoted: Vec<(usize, Vec<usize>)>) {
        let (b, from, white) = (self.b, self.from, self.white);
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
                self.out.push(Gen {
                    after,
                    from,
                    path,
                    gain,
                    swap: None,
                });
            }
        }
    }
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
        let mut m = Mover {
            b,
            from,
            white,
            out: &mut out,
        };
        // Cannon Pawn moves that may promote: (square, captures).
        let mut promoted: Vec<(usize, Vec<usize>)> = Vec::new();
        for &(dx, dy) in &DIRS {
            let step = at(from, dx, dy);
            match kind {
                'K' => m.king(step),
                'P' => m.cannon_pawn((dx, dy), step, &mut promoted),
                'I' | 'W' | 'A' | 'S' | 'C' | 'L' => m.along_line(kind, (dx, dy), step),
                _ => panic!("the reference knows K P I W A S C L, not {kind}"),
            }
        }
        m.promotions(promoted);
    }
    out
}

/// The pieces besides King and Cannon Pawns each side starts with.
const ARMY: [(char, usize); 6] = [('I', 1), ('C', 1), ('W', 1), ('A', 1), ('L', 2), ('S', 1)];

/// Two enemies that just swapped, who may not swap straight back.
pub(super) type Ban = Option<(usize, usize)>;

/// The moves of `white` under Rococo's board rules, each with the ban it
/// leaves.
pub(super) fn legal(b: &Board, white: bool, ban: Ban) -> Vec<(Board, Ban)> {
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

pub(super) fn reference_perft(b: &Board, white: bool, ban: Ban, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    legal(b, white, ban)
        .iter()
        .map(|(n, nb)| reference_perft(n, !white, *nb, depth - 1))
        .sum()
}
