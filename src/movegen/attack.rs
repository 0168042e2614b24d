//! The attack view: is a square attacked, is a royal in check.
//!
//! The general rule (a royal is attacked when it would be the direct victim
//! of a capture) is computed backwards from the target through the reverse
//! attack atoms; `tests` compares it with forward generation.

use super::{frozen, initial_ok, lame_clear, locust_attacks, mode_attacks, protected};
use crate::board::{Color, Piece, PieceKind, Square, SquareSet};
use crate::lang::movement::Style;
use crate::position::Position;
use crate::rules::{AttackAtom, Rules};

#[inline]
fn attacker_on(rules: &Rules, pos: &Position, a: &AttackAtom, src: Square, by: Color) -> bool {
    attacker_on_board(rules, pos, a, src, by, |s| !pos.is_empty(s))
}

/// [`attacker_on`] on a board where `occupied` tells which squares hold
/// a piece (the legs of a lame leap must be empty there).
#[inline(always)]
fn attacker_on_board(
    rules: &Rules,
    pos: &Position,
    a: &AttackAtom,
    src: Square,
    by: Color,
    occupied: impl Fn(Square) -> bool,
) -> bool {
    let Some(p) = pos.piece_at(src) else {
        return false;
    };
    if p.color != by || !a.kinds.contains(p.kind) {
        return false;
    }
    if a.initial && !initial_ok(rules, pos, src, p) {
        return false;
    }
    a.lame.is_empty() || lame_clear(rules, src, &a.lame, occupied)
}

#[inline]
pub(super) fn leap_attacker(
    rules: &Rules,
    pos: &Position,
    sq: Square,
    by: Color,
) -> Option<Square> {
    let leaps = &rules.tables().leap_attacks[by];
    if rules.capacity() == 1 && !leaps.from(sq).intersects(&pos.occupied(by)) {
        return None;
    }
    for &(src, kinds) in leaps.of(sq) {
        if let Some(p) = pos.piece_at(src)
            && p.color == by
            && kinds.contains(p.kind)
        {
            return Some(src);
        }
    }
    None
}

/// The squares from which `by` attacks `sq`, each once per attack pattern.
/// Frozen pieces attack nothing, and nothing attacks a square next to a
/// protector of the other side.
pub fn attackers_of(rules: &Rules, pos: &Position, sq: Square, by: Color) -> Vec<Square> {
    if rules.capacity() > 1 {
        return super::stack::attackers(rules, pos, sq, by);
    }
    if protected(rules, pos, sq, !by) {
        return Vec::new();
    }
    let active = |s: Square| can_attack_now(rules, pos, s, sq);
    let mut v = native_attackers(rules, pos, sq, by);
    v.retain(|&s| active(s));
    if rules.kinds().any_scripted {
        let mut view = VictimView::new(sq, by, None);
        for s in pos.occupied(by).iter() {
            if !v.contains(&s)
                && view.asks(rules, pos, s)
                && active(s)
                && view.script_attacks_from(rules, pos, s)
            {
                v.push(s);
            }
        }
    }
    v
}

/// May the piece on `src` take on `sq` now, its geometry aside? Not when
/// frozen, nor a pawn whose promotion there would come from an empty
/// reserve (it may not move onto its last ranks).
fn can_attack_now(rules: &Rules, pos: &Position, src: Square, sq: Square) -> bool {
    pos.piece_at(src)
        .is_some_and(|p| pos.may_arrive(rules, p, sq) && !frozen(rules, pos, src, p))
}

/// The squares from which `by` attacks `sq` by native moves, auras aside.
fn native_attackers(rules: &Rules, pos: &Position, sq: Square, by: Color) -> Vec<Square> {
    let mut v = Vec::new();
    any_native_attacker(rules, pos, sq, by, |s| {
        if !v.contains(&s) {
            v.push(s);
        }
        false
    });
    v
}

/// Does `f` accept a square from which `by` attacks `sq` by native moves,
/// auras aside? Asked of each such square (a square may be asked twice)
/// until one is accepted.
fn any_native_attacker(
    rules: &Rules,
    pos: &Position,
    sq: Square,
    by: Color,
    mut f: impl FnMut(Square) -> bool,
) -> bool {
    for &(src, kinds) in rules.tables().leap_attacks[by].of(sq) {
        if let Some(p) = pos.piece_at(src)
            && p.color == by
            && kinds.contains(p.kind)
            && f(src)
        {
            return true;
        }
    }
    for a in &rules.tables().attack[by] {
        if let Some(s) = atom_attacker(rules, pos, sq, by, a)
            && f(s)
        {
            return true;
        }
    }
    if !rules.tables().path_attackers[by].is_empty()
        && path_sources(rules, pos, sq, by).any(|src| path_attacks(rules, pos, src, sq) && f(src))
    {
        return true;
    }
    !rules.tables().locust_attackers[by].is_empty()
        && locust_sources(rules, pos, by).any(|src| locust_attacks(rules, pos, src, sq) && f(src))
}

/// The pieces of `by` that may take on the way (XBetza locust legs).
#[inline]
fn locust_sources(rules: &Rules, pos: &Position, by: Color) -> impl Iterator<Item = Square> {
    let kinds = rules.tables().locust_attackers[by];
    pos.occupied(by)
        .iter()
        .filter(move |&s| pos.piece_at(s).is_some_and(|p| kinds.contains(p.kind)))
}

/// The pieces of `by` from which a capturing path may end on `sq`.
#[inline]
fn path_sources(
    rules: &Rules,
    pos: &Position,
    sq: Square,
    by: Color,
) -> impl Iterator<Item = Square> {
    pos.occupied(by)
        .and(&rules.tables().path_sources[by][sq.index()])
        .iter()
}

/// `is_attacked` with auras: native attackers first, then scripted ones,
/// each only if not frozen, stopping at the first.
fn is_attacked_with_auras(
    rules: &Rules,
    pos: &Position,
    sq: Square,
    by: Color,
    victim: Option<PieceKind>,
) -> bool {
    if protected(rules, pos, sq, !by) {
        return false;
    }
    let active = |s: Square| can_attack_now(rules, pos, s, sq);
    if any_native_attacker(rules, pos, sq, by, active) {
        return true;
    }
    if !rules.kinds().any_scripted {
        return false;
    }
    let mut view = VictimView::new(sq, by, victim);
    pos.occupied(by)
        .iter()
        .any(|s| view.asks(rules, pos, s) && active(s) && view.script_attacks_from(rules, pos, s))
}

/// Is `sq` attacked by `by`: would a piece of the other side standing
/// there be the direct victim of a capture by `by` under the attack view?
/// An empty square is asked about as the square of a royal of the other
/// side (see [`is_attacked_as`]).
pub fn is_attacked(rules: &Rules, pos: &Position, sq: Square, by: Color) -> bool {
    attacked(rules, pos, sq, by, None)
}

/// Would a piece of kind `victim` of the other side be attacked by `by`
/// on `sq`? The same as [`is_attacked`] on an occupied square; on an
/// empty one it is the question castling asks of each square its king
/// passes, the king standing in. Native attackers need no victim (their
/// reverse tables do not look at it), but a scripted `attacks` hook is
/// asked with that piece on `sq`: a script's capture may need a victim
/// to exist (the Secutor's collision ends on the first piece met), and
/// a hook may take it that `target` is not empty.
pub fn is_attacked_as(
    rules: &Rules,
    pos: &Position,
    sq: Square,
    by: Color,
    victim: PieceKind,
) -> bool {
    attacked(rules, pos, sq, by, Some(victim))
}

fn attacked(
    rules: &Rules,
    pos: &Position,
    sq: Square,
    by: Color,
    victim: Option<PieceKind>,
) -> bool {
    if !rules.auras().freezers.is_empty()
        || !rules.auras().protectors.is_empty()
        || rules.pawns().from_reserve()
        || rules.capacity() > 1
    {
        if rules.capacity() > 1 {
            return super::stack::attacked(rules, pos, sq, by);
        }
        return is_attacked_with_auras(rules, pos, sq, by, victim);
    }
    leap_attacker(rules, pos, sq, by).is_some()
        || atom_attacks(rules, pos, sq, by)
        || (!rules.tables().path_attackers[by].is_empty()
            && path_sources(rules, pos, sq, by).any(|src| path_attacks(rules, pos, src, sq)))
        || (!rules.tables().locust_attackers[by].is_empty()
            && locust_sources(rules, pos, by).any(|src| locust_attacks(rules, pos, src, sq)))
        || (rules.kinds().any_scripted && {
            let mut view = VictimView::new(sq, by, victim);
            pos.occupied(by)
                .iter()
                .any(|src| view.script_attacks_from(rules, pos, src))
        })
}

/// Does an attack atom (other than a plain leap) of `by` reach `sq`?
/// Under mutators only the atoms of the kinds in play under the active
/// set are walked.
#[inline]
fn atom_attacks(rules: &Rules, pos: &Position, sq: Square, by: Color) -> bool {
    let atoms = &rules.tables().attack[by];
    let hit = |a: &AttackAtom| atom_attacker(rules, pos, sq, by, a).is_some();
    if rules.kinds().has_regions {
        // Only kinds whose region holds the square attack it.
        let mut kinds = rules.kinds().allowed_at[by][sq.index()];
        if !rules.forms().in_play.is_empty() {
            kinds = kinds & rules.forms().in_play(pos.active());
        }
        let allowed = |p: Piece| kinds.contains(p.kind);
        return atoms.iter().any(|a| {
            a.kinds.intersects(kinds)
                && atom_attacker(rules, pos, sq, by, a)
                    .is_some_and(|src| pos.piece_at(src).is_some_and(allowed))
        });
    }
    if rules.forms().in_play.is_empty() {
        atoms.iter().any(hit)
    } else {
        let kinds = rules.forms().in_play(pos.active());
        atoms.iter().any(|a| a.kinds.intersects(kinds) && hit(a))
    }
}

/// What a scripted `attacks` hook is asked about `sq`, attacked by `by`:
/// the position itself when `sq` holds a piece, else the position with a
/// stand-in of the other side on `sq` (built once, when the first
/// scripted attacker is asked). The stand-in is `victim` when the caller
/// knows who would stand there (castling's king), else a royal kind of
/// the other side (the one on the board, else the variant's first), else
/// the variant's pawn (which no kind is immune to).
struct VictimView {
    sq: Square,
    by: Color,
    victim: Option<PieceKind>,
    probe: Option<Option<Box<Position>>>,
}

impl VictimView {
    fn new(sq: Square, by: Color, victim: Option<PieceKind>) -> VictimView {
        VictimView {
            sq,
            by,
            victim,
            probe: None,
        }
    }

    fn stand_in(&self, rules: &Rules, pos: &Position) -> Option<PieceKind> {
        let them = !self.by;
        self.victim
            .or_else(|| {
                let royal = pos.royals(them).iter().next()?;
                pos.piece_at(royal).map(|p| p.kind)
            })
            .or_else(|| {
                (0..rules.pieces().len())
                    .map(|k| PieceKind(k as u8))
                    .find(|&k| rules.is_royal(k))
            })
            .or_else(|| rules.demoted_kind())
    }

    /// Might the piece on `src` attack the square by a hook: is it of a
    /// kind with a capture mode, or a scripted kind with an `attacks`
    /// hook, the square within the reach its kind declares?
    fn asks(&self, rules: &Rules, pos: &Position, src: Square) -> bool {
        pos.piece_at(src).is_some_and(|p| {
            rules.kinds().scripted[p.kind.index()]
                && rules.kinds().script_reach[p.kind.index()]
                    .as_ref()
                    .is_none_or(|reach| reach[p.color][src.index()].contains(self.sq))
                && (rules.pieces()[p.kind.index()].capture.is_some()
                    || super::hooks(rules).is_some_and(|h| h.has(crate::rules::hooks::ATTACKS)))
        })
    }

    /// Does the piece on `src` (of a scripted kind) attack the square,
    /// by its capture mode or as its script says?
    fn script_attacks_from(&mut self, rules: &Rules, pos: &Position, src: Square) -> bool {
        let sq = self.sq;
        if !self.asks(rules, pos, src) {
            return false;
        }
        let Some(kind) = pos.piece_at(src).map(|p| p.kind.index()) else {
            return false;
        };
        let mode = rules.pieces()[kind].capture;
        // The script is asked for its own kinds; an imitator's attacks
        // are the engine's.
        let host =
            super::hooks(rules).filter(|h| mode.is_none() && h.has(crate::rules::hooks::ATTACKS));
        let ask = |pos: &Position| {
            mode.is_some_and(|mode| mode_attacks(rules, pos, src, sq, mode))
                || host.is_some_and(|h| h.attacks(pos, src, sq))
        };
        if !pos.is_empty(sq) {
            return ask(pos);
        }
        if self.probe.is_none() {
            let kind = self.stand_in(rules, pos);
            self.probe = Some(kind.map(|kind| {
                let mut probe = Box::new(pos.clone());
                probe.put(rules, sq, Piece::new(kind, !self.by));
                probe
            }));
        }
        match self.probe.as_ref().and_then(|p| p.as_deref()) {
            Some(probe) => ask(probe),
            None => ask(pos),
        }
    }
}

/// Does the piece on `src` capture on `sq` along one of its paths (looked
/// at forwards: paths have no cheap reverse)?
fn path_attacks(rules: &Rules, pos: &Position, src: Square, sq: Square) -> bool {
    let Some(p) = pos.piece_at(src) else {
        return false;
    };
    if !rules.tables().path_attackers[p.color].contains(p.kind)
        || !rules.tables().path_reach[p.color][p.kind.index()][src.index()].contains(sq)
    {
        return false;
    }
    if !rules.in_region(p, sq) {
        return false;
    }
    rules.tables().paths_of[p.color][p.kind.index()]
        .iter()
        .filter(|t| t.can_capture && (!t.initial || initial_ok(rules, pos, src, p)))
        .any(|t| {
            t.paths(src).any(|path| {
                for &(s, stop) in path {
                    if s == sq {
                        return stop;
                    }
                    if !pos.is_empty(s) {
                        return false;
                    }
                }
                false
            })
        })
}

/// Would `sq` be attacked by `by` if the square `vacated` were empty? Only
/// for leaps (lame ones too) and plain rides, the pin shortcut's world:
/// it answers "may
/// the royal on `vacated` step to `sq`" without making the move.
pub(crate) fn is_attacked_vacating(
    rules: &Rules,
    pos: &Position,
    sq: Square,
    by: Color,
    vacated: Square,
) -> bool {
    if leap_attacker(rules, pos, sq, by).is_some() {
        return true;
    }
    let in_play = rules.forms().in_play(pos.active());
    for a in &rules.tables().attack[by] {
        if !a.kinds.intersects(in_play) {
            continue;
        }
        match a.style {
            Style::Leap => {
                // The royal's own square may be a leg of the leap.
                let occupied = |s: Square| s != vacated && !pos.is_empty(s);
                if let Some(src) = rules.tables().rays.step(a.dir, sq)
                    && attacker_on_board(rules, pos, a, src, by, occupied)
                {
                    return true;
                }
            }
            _ => {
                for (i, &s) in rules.tables().rays.ray(a.dir, sq).iter().enumerate() {
                    if i >= a.range as usize {
                        break;
                    }
                    if s == vacated || pos.is_empty(s) {
                        continue;
                    }
                    if attacker_on(rules, pos, a, s, by) {
                        return true;
                    }
                    break;
                }
            }
        }
    }
    false
}

#[inline]
pub(super) fn atom_attacker(
    rules: &Rules,
    pos: &Position,
    sq: Square,
    by: Color,
    a: &AttackAtom,
) -> Option<Square> {
    let occupied = |s: Square| !pos.is_empty(s);
    let attacker = |s: Square| attacker_on(rules, pos, a, s, by);
    atom_attacker_on(rules, sq, a, occupied, attacker, |s| screen_ok(pos, a, s))
}

/// May the piece on `s` serve atom `a` as its screen (`cannot_hop`)?
#[inline]
fn screen_ok(pos: &Position, a: &AttackAtom, s: Square) -> bool {
    !super::refused_screen(pos, a.bad_screens, s)
}

/// [`screen_ok`] on the board after a move, where `stays` tells which of
/// `pos`'s pieces are still there. A mover's new square is refused as a
/// screen where screens are refused at all; such variants never ask
/// (refused screens turn the shortcuts that ask this off).
#[inline]
fn after_screen_ok(
    pos: &Position,
    a: &AttackAtom,
    s: Square,
    stays: impl Fn(Square) -> bool,
) -> bool {
    a.bad_screens.is_empty() || (stays(s) && screen_ok(pos, a, s))
}

/// The square from which atom `a` attacks `sq` on a board where
/// `occupied` tells which squares hold a piece, `attacker` which of
/// them hold a piece attacking that way and `screen` which may serve a
/// hop as its screen.
#[inline(always)]
fn atom_attacker_on(
    rules: &Rules,
    sq: Square,
    a: &AttackAtom,
    occupied: impl Fn(Square) -> bool,
    attacker: impl Fn(Square) -> bool,
    screen: impl Fn(Square) -> bool,
) -> Option<Square> {
    match a.style {
        Style::Leap => {
            let src = rules.tables().rays.step(a.dir, sq)?;
            attacker(src).then_some(src)
        }
        Style::Ride => {
            let ray = rules.tables().rays.ray(a.dir, sq);
            let (i, &s) = ray.iter().enumerate().find(|&(_, &s)| occupied(s))?;
            let limit = a.range as usize;
            if a.skip_first {
                // The attacker's first square neither blocks nor may be
                // landed on: the attacker is at distance >= 2, and the
                // first occupied square may be that skipped square.
                if i >= 1 && i < limit && attacker(s) {
                    return Some(s);
                }
                let &next = ray.get(i + 1)?;
                return (i + 1 < limit && occupied(next) && attacker(next)).then_some(next);
            }
            (i < limit && attacker(s)).then_some(s)
        }
        Style::Hop => {
            let ray = rules.tables().rays.ray(a.dir, sq);
            let i = ray.iter().position(|&s| occupied(s))?;
            let j = i + 1 + ray[i + 1..].iter().position(|&s| occupied(s))?;
            (j - i <= a.range as usize && screen(ray[i]) && attacker(ray[j])).then_some(ray[j])
        }
        // Looked at forwards, in `path_attacks` and `locust_attacks`.
        Style::Path | Style::Locust => None,
        Style::Grasshopper => {
            let ray = rules.tables().rays.ray(a.dir, sq);
            if !occupied(*ray.first()?) {
                return None;
            }
            let j = 1 + ray[1..].iter().position(|&s| occupied(s))?;
            (j <= a.range as usize && attacker(ray[j])).then_some(ray[j])
        }
    }
}

/// Would `sq` be attacked by `by` after a move that empties `vacated`
/// (none for a drop) and puts a piece of the other side on `filled`
/// (capturing what stood there), if any? Asked without playing the move,
/// and only where screens are sound ([`crate::rules::Shortcuts`]): every
/// capture a leap, ride, hop or grasshopper, none lame, skipping or
/// initial-only.
pub(super) fn is_attacked_after(
    rules: &Rules,
    pos: &Position,
    sq: Square,
    by: Color,
    vacated: Option<Square>,
    filled: Option<Square>,
) -> bool {
    let (occupied, stays) = after_move(pos, vacated, filled);
    attacked_on(rules, pos, sq, by, occupied, stays)
}

/// The board after a move that empties `vacated` and puts a piece on
/// `filled`: which squares hold a piece, and which of `pos`'s pieces are
/// still there.
#[inline(always)]
fn after_move(
    pos: &Position,
    vacated: Option<Square>,
    filled: Option<Square>,
) -> (
    impl Fn(Square) -> bool + Copy + '_,
    impl Fn(Square) -> bool + Copy,
) {
    (
        move |s| Some(s) != vacated && (Some(s) == filled || !pos.is_empty(s)),
        move |s| Some(s) != vacated && Some(s) != filled,
    )
}

/// Would `sq` be attacked by `by` once every piece on `gone` were taken
/// off the board? Asked as [`is_attacked_after`] is, and where it is.
pub(super) fn is_attacked_without(
    rules: &Rules,
    pos: &Position,
    sq: Square,
    by: Color,
    gone: SquareSet,
) -> bool {
    attacked_on(
        rules,
        pos,
        sq,
        by,
        |s| !gone.contains(s) && !pos.is_empty(s),
        |s| !gone.contains(s),
    )
}

/// Is `sq` attacked by `by` on the board `pos` would be if `occupied`
/// told which squares hold a piece and `stays` which of its pieces are
/// still there?
#[inline(always)]
fn attacked_on(
    rules: &Rules,
    pos: &Position,
    sq: Square,
    by: Color,
    occupied: impl Fn(Square) -> bool + Copy,
    stays: impl Fn(Square) -> bool + Copy,
) -> bool {
    if rules.tables().leap_attacks[by]
        .of(sq)
        .iter()
        .any(|&(src, kinds)| {
            stays(src)
                && pos
                    .piece_at(src)
                    .is_some_and(|p| p.color == by && kinds.contains(p.kind))
        })
    {
        return true;
    }
    let in_play = rules.forms().in_play(pos.active());
    rules.tables().attack[by].iter().any(|a| {
        a.kinds.intersects(in_play)
            && atom_attacker_on(
                rules,
                sq,
                a,
                occupied,
                |s| stays(s) && attacker_on_board(rules, pos, a, s, by, occupied),
                |s| after_screen_ok(pos, a, s, stays),
            )
            .is_some()
    })
}

/// Would `sq` be attacked by `by` after a turn whose action empties
/// `vacated` (if any) and puts a piece of the other side on `filled`
/// (taking what stood there), and whose push then moves `by`'s pawn on
/// `from` to the empty `to`? Asked without playing the turn, and only
/// where pins are sound: every capture a leap (lame ones too) or a plain
/// ride, none initial-only.
pub(super) fn is_attacked_after_push(
    rules: &Rules,
    pos: &Position,
    sq: Square,
    by: Color,
    (vacated, filled): (Option<Square>, Square),
    (from, to): (Square, Square),
) -> bool {
    let (after, left) = after_move(pos, vacated, Some(filled));
    let occupied = move |s: Square| s != from && (s == to || after(s));
    let stays = move |s: Square| s != from && left(s);
    if attacked_on(rules, pos, sq, by, occupied, stays) {
        return true;
    }
    // The pushed pawn, from its new square.
    let Some(pawn) = pos.piece_at(from) else {
        return false;
    };
    rules.tables().leap_attacks[by]
        .of(sq)
        .iter()
        .any(|&(s, kinds)| s == to && kinds.contains(pawn.kind))
        || rules.tables().attack[by].iter().any(|a| {
            a.kinds.contains(pawn.kind)
                && atom_attacker_on(
                    rules,
                    sq,
                    a,
                    occupied,
                    |s| s == to && (a.lame.is_empty() || lame_clear(rules, s, &a.lame, occupied)),
                    |s| after_screen_ok(pos, a, s, stays),
                )
                .is_some()
        })
}

/// [`is_attacked_after`] for the one attack atom `a`.
pub(super) fn atom_attacks_after(
    rules: &Rules,
    pos: &Position,
    sq: Square,
    by: Color,
    a: &AttackAtom,
    vacated: Option<Square>,
    filled: Option<Square>,
) -> bool {
    let (occupied, stays) = after_move(pos, vacated, filled);
    let attacker = |s: Square| stays(s) && attacker_on_board(rules, pos, a, s, by, occupied);
    let screen = |s: Square| after_screen_ok(pos, a, s, stays);
    atom_attacker_on(rules, sq, a, occupied, attacker, screen).is_some()
}

/// Is `color` in check: is any of its royal pieces attacked (by the
/// variant's `royal_rule`: its last one only, or all of several at
/// once)?
pub fn in_check(rules: &Rules, pos: &Position, color: Color) -> bool {
    let royals = pos.royals(color);
    let attacked = |sq| royal_attacked(rules, pos, sq, color);
    match rules.royal_rule() {
        crate::rules::RoyalRule::Each => royals.iter().any(attacked),
        crate::rules::RoyalRule::LastOne => royals.count() == 1 && royals.iter().any(attacked),
        crate::rules::RoyalRule::DupleCheck => !royals.is_empty() && royals.iter().all(attacked),
    }
}

/// Is the royal of `color` standing (or passing) on `sq` attacked? Where
/// touching royals are safe (`touching_royals_safe`), not while an enemy
/// royal stands next to `sq`: taking it would blow that one up too.
#[inline]
pub fn royal_attacked(rules: &Rules, pos: &Position, sq: Square, color: Color) -> bool {
    if shielded_by_touch(rules, pos, sq, color) {
        return false;
    }
    if rules.no_facing() && faces_enemy_royal(rules, pos, sq, color) {
        return true;
    }
    is_attacked(rules, pos, sq, !color)
}

/// Is a royal of `color` on `sq` out of reach because it would touch an
/// enemy royal there (`touching_royals_safe`)?
#[inline]
pub(crate) fn shielded_by_touch(rules: &Rules, pos: &Position, sq: Square, color: Color) -> bool {
    pos.active().intersects(rules.masks().touching_royals_safe)
        && !rules.tables().around[sq.index()]
            .and(&pos.royals(!color))
            .is_empty()
}

/// Does a royal of `color` face an enemy royal on an open file
/// (`facing_royals`)?
pub fn royals_facing(rules: &Rules, pos: &Position, color: Color) -> bool {
    pos.royals(color)
        .iter()
        .any(|sq| faces_enemy_royal(rules, pos, sq, color))
}

/// Does the first piece up or down the file from `sq` belong to the
/// enemy of `color` and is it royal (`facing_royals = illegal`)?
fn faces_enemy_royal(rules: &Rules, pos: &Position, sq: Square, color: Color) -> bool {
    let g = rules.geometry();
    let enemy = pos.royals(!color);
    [1, -1].into_iter().any(|dy| {
        let mut at = sq;
        while let Some(next) = g.offset(at, 0, dy) {
            if !pos.is_empty(next) {
                return enemy.contains(next);
            }
            at = next;
        }
        false
    })
}
