//! Legality where pieces hop: with hoppers a quiet move can create a
//! screen, so pins say too little, but whether a ray attacks the royal
//! depends only on the ray up to its second piece. Out of check, a move
//! that touches none of those squares on a ray an enemy could attack
//! along leaves the royal safe; the others are judged on the board as
//! the move leaves it, without playing it.

use super::attack::{atom_attacker, atom_attacks_after, is_attacked_after, leap_attacker};
use super::*;

/// What the screen test knows about the side to move's single royal.
pub(super) struct Screens {
    king: Square,
    /// The watched rays: each attack atom of the enemy that could attack
    /// the royal after one move, with the squares of its ray from the
    /// royal up to and including the ray's second piece.
    rays: Vec<(usize, SquareSet)>,
    /// The squares of all watched rays.
    lines: SquareSet,
    /// Is the royal attacked now?
    checked: bool,
    /// Squares with a marker: a move off one may flip it and change the
    /// rules, so it is played out.
    marked: SquareSet,
    /// Captures explode: they remove more than their victim, so they are
    /// played out.
    explode: bool,
}

impl Screens {
    /// `None` where the test is unsound: several royals, or pieces whose
    /// captures are more than leaps, rides and hops.
    pub(super) fn new(rules: &Rules, pos: &Position) -> Option<Screens> {
        let us = pos.side();
        let royals = pos.royals(us);
        let plan = rules.plan(pos.active());
        if !plan.allows(FastPath::Screens)
            || royals.count() != 1
            || plan.has(TurnRule::StrandedPawns)
        {
            return None;
        }
        let king = royals.iter().next()?;
        let rays = watched_rays(rules, pos, king, !us);
        // An atom attacks from one of its ray's first two pieces, so only
        // a watched one can attack now.
        let atoms = &rules.tables().attack[!us];
        let checked = leap_attacker(rules, pos, king, !us).is_some()
            || rays
                .iter()
                .any(|&(i, _)| atom_attacker(rules, pos, king, !us, &atoms[i]).is_some());
        Some(Screens {
            king,
            lines: rays.iter().fold(SquareSet::EMPTY, |all, (_, s)| all | *s),
            rays,
            checked,
            marked: if plan.has(TurnRule::Mutators) {
                pos.markers().covered()
            } else {
                SquareSet::EMPTY
            },
            explode: plan.has(TurnRule::Blasts),
        })
    }

    /// Is the royal attacked?
    pub(super) fn is_check(&self) -> bool {
        self.checked
    }

    /// How many legal moves there are, out of check
    /// ([`legal_move_count`]): the moves of a piece off the watched rays
    /// are counted, those onto them judged as they come.
    pub(super) fn count(&self, rules: &Rules, pos: &Position, scratch: &mut Vec<Move>) -> u64 {
        scratch.clear();
        let mut count = ScreenCount {
            screens: self,
            pos,
            n: 0,
        };
        for from in pos.occupied(pos.side()).iter() {
            let Some(piece) = pos.piece_at(from) else {
                continue;
            };
            if from == self.king
                || self.lines.contains(from)
                || self.marked.contains(from)
                || rules.tables().may_repeat[piece.color][piece.kind.index()]
            {
                let start = scratch.len();
                piece_moves(rules, pos, from, scratch);
                retain_from(scratch, start, |m| self.is_legal(rules, pos, m));
            } else {
                gen_piece(rules, pos, from, piece, &mut count);
            }
        }
        let start = scratch.len();
        castling_moves(rules, pos, scratch);
        retain_from(scratch, start, |m| !leaves_royal_attacked(rules, pos, m));
        if hands_in_play(rules, pos) {
            // A drop may put a screen down: each is judged on the board
            // it leaves.
            legal_hand_moves(rules, pos, scratch, None);
        }
        count.n + scratch.len() as u64
    }

    /// Is `m`, one of this position's pseudo-legal moves, legal?
    ///
    /// An ordinary move changes the board on two squares only: its
    /// origin empties and its target holds the mover, the enemy there
    /// (if any) taken. Out of check, enemy leapers cannot come closer,
    /// and a ray's attack is a function of the ray up to its second
    /// piece, its attacker one of the ray's first three pieces: only the
    /// watched rays whose squares the move touches can change.
    pub(super) fn is_legal(&self, rules: &Rules, pos: &Position, m: &Move) -> bool {
        let ordinary = matches!(m.kind, MoveKind::Normal | MoveKind::DoubleStep)
            && !(self.explode && m.is_capture());
        if !ordinary || self.marked.contains(m.from) {
            !leaves_royal_attacked(rules, pos, m)
        } else {
            self.is_safe_step(rules, pos, m.from, m.to)
        }
    }

    /// Is an ordinary move from `from` (no marker there) to `to` legal?
    fn is_safe_step(&self, rules: &Rules, pos: &Position, from: Square, to: Square) -> bool {
        let them = !pos.side();
        if from == self.king {
            !is_attacked_after(rules, pos, to, them, Some(from), None)
        } else if self.checked {
            !is_attacked_after(rules, pos, self.king, them, Some(from), Some(to))
        } else if !self.lines.contains(from) && !self.lines.contains(to) {
            true
        } else {
            let atoms = &rules.tables().attack[them];
            !self.rays.iter().any(|&(i, line)| {
                (line.contains(from) || line.contains(to))
                    && atom_attacks_after(
                        rules,
                        pos,
                        self.king,
                        them,
                        &atoms[i],
                        Some(from),
                        Some(to),
                    )
            })
        }
    }
}

/// The attack atoms of `by` (other than plain leaps) that could attack
/// `king` after one move of the other side, each with its ray from
/// `king` up to and including the ray's second piece. The move adds
/// none of `by`'s pieces and takes at most one piece off the ray, so
/// the attacker after it is one of the ray's first three pieces now.
fn watched_rays(rules: &Rules, pos: &Position, king: Square, by: Color) -> Vec<(usize, SquareSet)> {
    let in_play = rules.forms().in_play(pos.active());
    let mut rays = Vec::new();
    for (i, a) in rules.tables().attack[by].iter().enumerate() {
        if !a.kinds.intersects(in_play) {
            continue;
        }
        let (mut line, mut pieces, mut armed) = (SquareSet::EMPTY, 0, false);
        for &s in rules.tables().rays.ray(a.dir, king) {
            if pieces < 2 {
                line.insert(s);
            }
            if let Some(p) = pos.piece_at(s) {
                armed |= p.color == by && a.kinds.contains(p.kind);
                pieces += 1;
                if pieces == 3 {
                    break;
                }
            }
        }
        if armed {
            rays.push((i, line));
        }
    }
    rays
}

/// Counts the legal moves of a piece off the watched rays and off the
/// markers, out of check: its ordinary moves that end off the rays too
/// need no test, the others are judged by [`Screens::is_legal`].
struct ScreenCount<'a> {
    screens: &'a Screens,
    pos: &'a Position,
    n: u64,
}

impl Sink for ScreenCount<'_> {
    fn take_move(&mut self, rules: &Rules, mv: Move) {
        self.n += u64::from(self.screens.is_legal(rules, self.pos, &mv));
    }

    #[inline(always)]
    fn take(
        &mut self,
        rules: &Rules,
        pawn: bool,
        from: Square,
        to: Square,
        piece: Piece,
        captured: Option<Piece>,
        kind: MoveKind,
        atom: u8,
    ) {
        let ordinary = matches!(kind, MoveKind::Normal | MoveKind::DoubleStep)
            && !(self.screens.explode && captured.is_some());
        let promotes = pawn && rules.pawns().promotion_zone[piece.color].contains(to);
        if !ordinary || (promotes && self.screens.lines.contains(to)) {
            let mut one = Vec::with_capacity(1);
            one.take(rules, pawn, from, to, piece, captured, kind, atom);
            for m in &one {
                self.take_move(rules, *m);
            }
        } else if promotes {
            self.n += rules.promotion_choices(piece).len() as u64;
        } else if !self.screens.lines.contains(to) {
            self.n += 1;
        } else {
            let safe = self.screens.is_safe_step(rules, self.pos, from, to);
            self.n += u64::from(safe);
        }
    }
}
