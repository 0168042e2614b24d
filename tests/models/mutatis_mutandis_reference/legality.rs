//! A side's actions, the attack test (any action that removes a royal),
//! cornering and the drop schedule.

use super::*;

/// Every action of `w` (no cornering), frozen suicides included unless
/// only captures are wanted.
pub(super) fn actions(p: &Pos, w: bool, attack: bool, cfg: Cfg) -> Vec<Act> {
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
pub(super) fn attacked_squares(b: &Board, by: bool, empty: [bool; 2], cfg: Cfg) -> u64 {
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
pub(super) fn empties(res: &[Reserve; 2]) -> [bool; 2] {
    [res[0].front >= res[0].back, res[1].front >= res[1].back]
}

fn royals(b: &Board, w: bool) -> u64 {
    (0..64)
        .filter(|&s| b[s].is_some_and(|p| p.w == w && is_royal(p.k)))
        .fold(0, |acc, s| acc | bit(s))
}

/// Is a royal of `w` attacked, both reserves holding pieces?
pub(super) fn in_check(b: &Board, w: bool) -> bool {
    in_check_with(b, w, [false; 2], RULES)
}

pub(super) fn in_check_with(b: &Board, w: bool, empty: [bool; 2], cfg: Cfg) -> bool {
    let r = royals(b, w);
    r != 0 && attacked_squares(b, !w, empty, cfg) & r != 0
}

pub(super) fn cornerings(p: &Pos, cfg: Cfg) -> Vec<Act> {
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
pub(super) fn drop_state(p: &Pos) -> (bool, bool) {
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
