//! The legal actions of the side to move: moves, drops, castling and
//! swaps, kept when the mover's king survives them.

use super::*;
use std::collections::BTreeSet;

/// The legal actions of the side to move, as (action, child), generated
/// under the active set `A`, before Attack and Dice choose among them and
/// before any Avalanche push or pending choice. A side
/// whose king is gone has none: the game is over. A turn is legal if the
/// mover's king is still on the board and either the enemy king is gone
/// (an atomic win, even with the mover's king attacked) or the mover's
/// king is not attacked under the set the turn leaves; check is only a
/// direct attack. Under Drop a piece of the hand may go to any empty
/// square without a marker (either face), a pawn not on the dropper's
/// last rank, whatever the colour rule. Under Swap two own pieces X and Y
/// may exchange squares when X covers Y: X's pattern under `A` captures
/// on Y's square as the board stands (the king too, cannons over their
/// screens, pawns on their capture squares, Non-Prise ignored), and
/// under Monochromatic both squares have one colour; one turn per pair,
/// four when a pawn lands on its last rank (6.12, OQ-15).
pub(super) fn legal_actions(p: &Pos, cfg: Cfg) -> Vec<(Mv, Pos)> {
    let w = p.white;
    if !has_king(&p.b, w) {
        return Vec::new();
    }
    let mut moves = Vec::new();
    piece_moves(p, cfg, &mut moves);
    drops(p, &mut moves);
    castlings(p, &mut moves);
    swaps(p, cfg, &mut moves);
    moves
        .into_iter()
        .map(|m| (m, play(p, &m, cfg)))
        .filter(|(_, c)| has_king(&c.b, w) && (!has_king(&c.b, !w) || !in_check(&c.b, w, c.set())))
        .collect()
}

/// The moves of the side's pieces by their patterns under `A`: the
/// colour rule, the owner of the target, en passant and Non-Prise
/// applied, one move per promotion choice.
fn piece_moves(p: &Pos, cfg: Cfg, moves: &mut Vec<Mv>) {
    let set = p.set();
    let w = p.white;
    let mono = set & MONOCHROMATIC != 0;
    let mut out = Vec::new();
    for from in 0..64 {
        let Some((kind, pw)) = p.b[from] else {
            continue;
        };
        if pw != w {
            continue;
        }
        out.clear();
        dests(&p.b, from, set, cfg, &mut out);
        for d in &out {
            if mono && colour(from) != colour(d.to) {
                continue;
            }
            let mut victim = None;
            if d.cap {
                match p.b[d.to] {
                    None => match p.ep {
                        Some((e, v)) if kind == b'P' && e == d.to => victim = Some(v),
                        _ => continue,
                    },
                    Some((tk, tw)) => {
                        if tw == w {
                            continue;
                        }
                        let officer = |k: u8| b"QRBN".contains(&k);
                        if set & NON_PRISE != 0 && officer(kind) && officer(tk) {
                            continue;
                        }
                    }
                }
            }
            let promos: &[Option<u8>] = if kind == b'P' && rank(d.to) == if w { 7 } else { 0 } {
                &[Some(b'Q'), Some(b'R'), Some(b'B'), Some(b'N')]
            } else {
                &[None]
            };
            for &promo in promos {
                moves.push(Mv {
                    from,
                    to: d.to,
                    promo,
                    victim,
                    rook: None,
                    passed: d.passed,
                    drop: None,
                    swap: false,
                    choice: None,
                    push: None,
                });
            }
        }
    }
}

/// Drops: one turn per kind in hand and free square.
fn drops(p: &Pos, moves: &mut Vec<Mv>) {
    let w = p.white;
    if p.set() & DROP == 0 {
        return;
    }
    let last = if w { 7 } else { 0 };
    for (i, &n) in p.hands[usize::from(!w)].iter().enumerate() {
        if n == 0 {
            continue;
        }
        let kind = HAND[i];
        for to in 0..64 {
            if p.b[to].is_some()
                || p.markers.iter().any(|mk| mk.0 == to)
                || (kind == b'P' && rank(to) == last)
            {
                continue;
            }
            moves.push(Mv {
                from: to,
                to,
                promo: None,
                victim: None,
                rook: None,
                passed: None,
                drop: Some(kind),
                swap: false,
                choice: None,
                push: None,
            });
        }
    }
}

/// Castling: the king not in check, not passing or landing on an
/// attacked square under the current set; both pieces keep colour
/// under Monochromatic.
fn castlings(p: &Pos, moves: &mut Vec<Mv>) {
    let set = p.set();
    let w = p.white;
    let mono = set & MONOCHROMATIC != 0;
    for (i, &(kf, kt, rf, rt, _)) in CASTLING.iter().enumerate() {
        if (i < 2) != w || !p.castle[i] {
            continue;
        }
        if p.b[kf] != Some((b'K', w)) || p.b[rf] != Some((b'R', w)) {
            continue;
        }
        let (lo, hi) = (kf.min(rf), kf.max(rf));
        if (lo + 1..hi).any(|s| p.b[s].is_some()) {
            continue;
        }
        if mono && (colour(kf) != colour(kt) || colour(rf) != colour(rt)) {
            continue;
        }
        let (a, z) = (kf.min(kt), kf.max(kt));
        if (a..=z).any(|s| attacked(&p.b, s, !w, set)) {
            continue;
        }
        moves.push(Mv {
            from: kf,
            to: kt,
            promo: None,
            victim: None,
            rook: Some((rf, rt)),
            passed: None,
            drop: None,
            swap: false,
            choice: None,
            push: None,
        });
    }
}

/// Swaps: the capture landings of each own piece that hold an own
/// piece, one turn per unordered pair.
fn swaps(p: &Pos, cfg: Cfg, moves: &mut Vec<Mv>) {
    let set = p.set();
    let w = p.white;
    if set & SWAP == 0 {
        return;
    }
    let mono = set & MONOCHROMATIC != 0;
    let mut out = Vec::new();
    let mut pairs = BTreeSet::new();
    for x in 0..64 {
        if p.b[x].is_none_or(|q| q.1 != w) {
            continue;
        }
        out.clear();
        dests(&p.b, x, set, cfg, &mut out);
        for d in &out {
            if d.cap && p.b[d.to].is_some_and(|q| q.1 == w) && (!mono || colour(x) == colour(d.to))
            {
                pairs.insert((x.min(d.to), x.max(d.to)));
            }
        }
    }
    let last = if w { 7 } else { 0 };
    for (a, z) in pairs {
        let pawn_lands = |s: usize, t: usize| p.b[s].unwrap().0 == b'P' && rank(t) == last;
        let promos: &[Option<u8>] = if pawn_lands(a, z) || pawn_lands(z, a) {
            &[Some(b'Q'), Some(b'R'), Some(b'B'), Some(b'N')]
        } else {
            &[None]
        };
        for &promo in promos {
            moves.push(Mv {
                from: a,
                to: z,
                promo,
                victim: None,
                rook: None,
                passed: None,
                drop: None,
                swap: true,
                choice: None,
                push: None,
            });
        }
    }
}
