//! Avalanche: each action followed by a push of an enemy pawn, the
//! pending choice of a pawn pushed onto its last rank, and the turns
//! whose every push exposes the king.

use super::*;

/// The legal turns of the side to move, as (turn, child), before Attack
/// and Dice choose among them (but with the die's say on the push, 6.3).
pub(super) fn legal_turns(p: &Pos, cfg: Cfg) -> Vec<(Mv, Pos)> {
    turns_and_suicide(p, cfg).0
}

/// The legal turns of the side to move (see `legal_turns`), and whether
/// some legal action was left out because every push after it would
/// expose the mover's king (OQ-6 c).
///
/// A pending pawn of the mover (`pending:`) first becomes a queen, rook,
/// bishop or knight, marked as promoted: the turns are the union over the
/// four choices of the turns from the position with that piece, each
/// choice a turn of its own.
fn turns_and_suicide(p: &Pos, cfg: Cfg) -> (Vec<(Mv, Pos)>, bool) {
    let Some(sq) = p.pending else {
        return with_pushes(p, cfg);
    };
    let mut all = Vec::new();
    let mut suicide = false;
    for k in *b"QRBN" {
        let mut q = p.clone();
        q.b[sq] = Some((k, p.white));
        q.promoted |= 1u64 << sq;
        q.pending = None;
        let (list, s) = with_pushes(&q, cfg);
        suicide |= s;
        all.extend(list.into_iter().map(|(m, c)| {
            (
                Mv {
                    choice: Some(k),
                    ..m
                },
                c,
            )
        }));
    }
    (all, suicide)
}

/// The squares an Avalanche push may take the pawn on `from` to in `c`
/// (the pawn's owner to move there): one step forward as its owner sees
/// it onto an empty square, straight, or diagonally when Berolina or
/// Monochromatic is in `set` (the set at the start of the pushing turn);
/// never a capture, never a double step.
fn push_targets(c: &Pos, from: usize, set: Set) -> Vec<usize> {
    let (kind, owner) = c.b[from].unwrap();
    assert_eq!(kind, b'P');
    let fwd = if owner { 1 } else { -1 };
    let mono = set & MONOCHROMATIC != 0;
    let dfs: &[i32] = if set & (BEROLINA | MONOCHROMATIC) != 0 {
        &[-1, 1]
    } else {
        &[0]
    };
    dfs.iter()
        .filter_map(|&df| off(from, df, fwd))
        .filter(|&to| c.b[to].is_none() && (!mono || colour(from) == colour(to)))
        .collect()
}

/// The position after the action `m` (whose child is `c1`) and the push
/// of the pawn on `from` to `to`: the pawn moves (with any mark), the
/// half-move clock is reset, nothing flips; the push opens no en passant,
/// and the action's double step opens it only as the board stands after
/// the push (not when the pushed pawn stands on the passed square). A
/// pawn pushed onto its last rank stays a pawn, pending its owner's
/// choice.
pub(super) fn push(c1: &Pos, m: &Mv, from: usize, to: usize, cfg: Cfg) -> Pos {
    let mut c = c1.clone();
    c.b[to] = c.b[from].take();
    if c.promoted & (1u64 << from) != 0 {
        c.promoted = c.promoted & !(1u64 << from) | 1u64 << to;
    }
    c.half = 0;
    c.ep = None;
    if let Some(e) = m.passed
        && m.promo.is_none()
        && c.b[e].is_none()
        && can_take_en_passant(&c, e, cfg)
    {
        c.ep = Some((e, m.to));
    }
    // The owner of the pawn is the side to move in `c`.
    if rank(to) == if c.white { 7 } else { 0 } {
        c.pending = Some(to);
    }
    c
}

/// Whether the king of `white` is safe in `c` (after a push, under the
/// set `c` leaves active): not attacked, and, if a pawn stands pending
/// on its last rank, not attacked whichever of the four pieces it
/// becomes (OQ-6 b).
fn safe_after_push(c: &Pos, white: bool) -> bool {
    let set = c.set();
    if in_check(&c.b, white, set) {
        return false;
    }
    let Some(sq) = c.pending else {
        return true;
    };
    b"QRBN".iter().all(|&k| {
        let mut b = c.b;
        b[sq] = Some((k, !white));
        !in_check(&b, white, set)
    })
}

/// The legal turns of a position without a pending pawn: the legal
/// actions, each followed, while Avalanche is in `A`, by a push of an
/// enemy pawn (6.3, OQ-6). An action that destroys the enemy king, or
/// after which no pawn can be pushed, stands alone; otherwise each push
/// after it is a turn if the mover's king is safe after the whole turn
/// (`safe_after_push`), and with the die rolled only the safe pushes of
/// pawns starting on the lane are kept if there are any. The flag says
/// whether some action lost every push that way.
fn with_pushes(p: &Pos, cfg: Cfg) -> (Vec<(Mv, Pos)>, bool) {
    let actions = legal_actions(p, cfg);
    let set = p.set();
    if set & AVALANCHE == 0 {
        return (actions, false);
    }
    let w = p.white;
    let lane = p.roll.filter(|_| set & DICE != 0);
    let on_lane =
        |s: usize| lane.is_some_and(|n| file(s) == i32::from(n) - 1 || rank(s) == i32::from(n) - 1);
    let mut out = Vec::new();
    let mut suicide = false;
    for (m, c1) in actions {
        if !has_king(&c1.b, !w) {
            out.push((m, c1));
            continue;
        }
        let mut candidates = Vec::new();
        for from in 0..64 {
            if c1.b[from] == Some((b'P', !w)) {
                for to in push_targets(&c1, from, set) {
                    candidates.push((from, to));
                }
            }
        }
        if candidates.is_empty() {
            out.push((m, c1));
            continue;
        }
        let legal: Vec<(Mv, Pos)> = candidates
            .into_iter()
            .map(|(from, to)| {
                let c2 = push(&c1, &m, from, to, cfg);
                let turn = Mv {
                    push: Some((from, to)),
                    ..m
                };
                (turn, c2)
            })
            .filter(|(_, c2)| safe_after_push(c2, w))
            .collect();
        if legal.is_empty() {
            suicide = true;
            continue;
        }
        let lane_only = legal.iter().any(|(t, _)| on_lane(t.push.unwrap().0));
        out.extend(
            legal
                .into_iter()
                .filter(|(t, _)| !lane_only || on_lane(t.push.unwrap().0)),
        );
    }
    (out, suicide)
}

/// The reference's `every_push_suicidal`: the side to move has no legal
/// turn, but some legal action whose every push would expose its king
/// (it loses as if checkmated, OQ-6 c).
pub(super) fn every_push_suicidal(p: &Pos, cfg: Cfg) -> bool {
    let (list, suicide) = turns_and_suicide(p, cfg);
    list.is_empty() && suicide
}
