//! A turn (move, drop or swap, with an Avalanche push and a pending
//! choice) and playing it under the set active at its start.

use super::*;

/// A turn: a move (from, to, promotion, en-passant victim, castling rook
/// from and to, the square a double step passes), a drop of the kind
/// `drop` from the hand onto `to` (`from` is `to` then), or a swap of the
/// pieces on `from` and `to` (`from` the lower square; `promo` the kind
/// a pawn swapped onto its last rank becomes). Under Avalanche the turn
/// also carries the kind `choice` a pending pawn of the mover became
/// first, and the `push` (from, to) of an enemy pawn after the action.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(super) struct Mv {
    pub(super) from: usize,
    pub(super) to: usize,
    pub(super) promo: Option<u8>,
    pub(super) victim: Option<usize>,
    pub(super) rook: Option<(usize, usize)>,
    pub(super) passed: Option<usize>,
    pub(super) drop: Option<u8>,
    pub(super) swap: bool,
    pub(super) choice: Option<u8>,
    pub(super) push: Option<(usize, usize)>,
}

impl Mv {
    /// The square of the piece the move takes directly in `p` (the
    /// passed pawn's for en passant); drops, castling and swaps take
    /// nothing.
    pub(super) fn taken(&self, p: &Pos) -> Option<usize> {
        if self.drop.is_some() || self.rook.is_some() || self.swap {
            return None;
        }
        self.victim.or(p.b[self.to].map(|_| self.to))
    }
}

/// Plays `m` (no legality test) under the set active at the start of the
/// turn, `A`:
/// * a drop puts the piece from the hand on its square, flips nothing
///   and is not a pawn move for the half-move clock;
/// * a capture removes its victim; under Drop the victim goes to the
///   capturer's hand in the capturer's colour, as a pawn if it came from
///   a promotion;
/// * under Atomic a capture by any piece but the king also removes the
///   capturer and every piece on the squares next to the victim's square
///   (the passed pawn's square for en passant), kings and pawns included,
///   and none of those enters a hand; a pawn taking onto its last rank is
///   destroyed like any capturer (each promotion choice still a turn);
/// * the markers left by non-pawn pieces by their own move flip (an
///   atomic capturer's too); blasts, captures and drops flip nothing;
/// * castling rights go with any piece leaving, taken from or blasted off
///   the king's or rook's square; promotion marks move with their piece
///   and go with it; en passant, clocks;
/// * a swap exchanges its two pieces with their promotion marks; a pawn
///   it brings to its last rank becomes the chosen kind (and is marked
///   as promoted); each non-pawn piece of the two flips the marker it
///   leaves; castling rights go with both squares; it is neither a
///   capture nor a pawn move for the half-move clock;
/// * the die rolled for the turn is spent;
/// * at the end of the turn, if Drop was in `A` and is not in the set the
///   turn leaves, both hands are emptied.
pub(super) fn play(p: &Pos, m: &Mv, cfg: Cfg) -> Pos {
    let set = p.set();
    let side = usize::from(!p.white);
    let bit = |s: usize| 1u64 << s;
    let mut c = p.clone();
    let mut reset = false;
    if let Some(k) = m.drop {
        c.hands[side][hand_index(k)] -= 1;
        c.b[m.to] = Some((k, p.white));
        c.promoted &= !bit(m.to);
    } else if m.swap {
        let (a, z) = (m.from, m.to);
        let (pa, pz) = (p.b[a].unwrap(), p.b[z].unwrap());
        c.b[a] = Some(pz);
        c.b[z] = Some(pa);
        let marked = |s: usize| p.promoted & bit(s) != 0;
        c.promoted &= !(bit(a) | bit(z));
        if marked(a) {
            c.promoted |= bit(z);
        }
        if marked(z) {
            c.promoted |= bit(a);
        }
        if let Some(k) = m.promo {
            let last = if p.white { 7 } else { 0 };
            let s = if pa.0 == b'P' && rank(z) == last {
                z
            } else {
                a
            };
            c.b[s] = Some((k, p.white));
            c.promoted |= bit(s);
        }
        for mk in c.markers.iter_mut() {
            if (mk.0 == a && pa.0 != b'P') || (mk.0 == z && pz.0 != b'P') {
                mk.2 = !mk.2;
            }
        }
        for (i, &(kf, _, rf, _, _)) in CASTLING.iter().enumerate() {
            if [a, z].contains(&kf) || [a, z].contains(&rf) {
                c.castle[i] = false;
            }
        }
    } else {
        let piece = c.b[m.from].unwrap();
        let taken = m.taken(p);
        let mut left = vec![m.from];
        let mut touched = vec![m.from, m.to];
        let was_promoted = p.promoted & bit(m.from) != 0 || m.promo.is_some();
        if let Some(v) = taken {
            let (kind, _) = p.b[v].unwrap();
            if set & DROP != 0 && kind != b'K' {
                let kind = if p.promoted & bit(v) != 0 { b'P' } else { kind };
                c.hands[side][hand_index(kind)] += 1;
            }
            c.b[v] = None;
            c.promoted &= !bit(v);
            reset = true;
        }
        c.b[m.from] = None;
        c.promoted &= !bit(m.from);
        c.b[m.to] = Some(m.promo.map_or(piece, |k| (k, piece.1)));
        if was_promoted {
            c.promoted |= bit(m.to);
        }
        if let Some((rf, rt)) = m.rook {
            let r = c.b[rf].take();
            c.b[rt] = r;
            if p.promoted & bit(rf) != 0 {
                c.promoted = c.promoted & !bit(rf) | bit(rt);
            }
            left.push(rf);
            touched.extend([rf, rt]);
        }
        if set & ATOMIC != 0
            && piece.0 != b'K'
            && let Some(v) = taken
        {
            let mut gone = vec![m.to];
            gone.extend(ORTH.iter().chain(&DIAG).filter_map(|d| off(v, d.0, d.1)));
            for s in gone {
                c.b[s] = None;
                c.promoted &= !bit(s);
                touched.push(s);
            }
        }
        if piece.0 != b'P' {
            for mk in c.markers.iter_mut() {
                if left.contains(&mk.0) {
                    mk.2 = !mk.2;
                }
            }
        }
        for (i, &(kf, _, rf, _, _)) in CASTLING.iter().enumerate() {
            if touched.contains(&kf) || touched.contains(&rf) {
                c.castle[i] = false;
            }
        }
        reset |= piece.0 == b'P';
    }
    c.half = if reset { 0 } else { p.half + 1 };
    if !p.white {
        c.full += 1;
    }
    c.white = !p.white;
    c.roll = None;
    c.pending = None;
    if set & DROP != 0 && c.set() & DROP == 0 {
        c.hands = [[0; 5]; 2];
    }
    c.ep = None;
    // An advance that promotes leaves no pawn to take in passing.
    if let Some(e) = m.passed
        && m.promo.is_none()
        && can_take_en_passant(&c, e, cfg)
    {
        c.ep = Some((e, m.to));
    }
    c
}

/// Whether the king of `white` stands on `b`.
pub(super) fn has_king(b: &Board, white: bool) -> bool {
    b.contains(&Some((b'K', white)))
}
