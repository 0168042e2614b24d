//! Every legal turn as the position after it: morphs, promotion from the
//! reserve, drops and the Wuss duty; perft.

use super::*;
use std::collections::{BTreeSet, HashSet};

/// Every legal turn of the side to move, as the positions after it.
pub(super) fn children(p: &Pos, cfg: Cfg) -> Vec<Pos> {
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

pub(super) fn reference_perft(p: &Pos, depth: u32, cfg: Cfg) -> u64 {
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

pub(super) fn child_fens(p: &Pos, cfg: Cfg) -> BTreeSet<String> {
    children(p, cfg).iter().map(fen).collect()
}
