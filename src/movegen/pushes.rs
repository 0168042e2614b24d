//! Pushes: the enemy pawn an action must push one step on
//! (`push_enemy_pawn`), found after each action and judged.

use super::*;

/// Pairs each legal action in `out` with every push of an enemy pawn
/// that may follow it (`push_enemy_pawn`, by `steps`): one step forward,
/// as the pawn's owner sees it, onto an empty square, of the same colour
/// under a `keep_colour` mutator. A pair is legal when it leaves the
/// mover's royal unattacked whatever the owner of a pawn pushed onto its
/// last rank chooses; with the die rolled, pawns on the lane are pushed
/// if any can be. An action after which no pawn can be pushed stands
/// alone, and so does one that destroys the enemy royal (the game is
/// over). True when some action was left out because every push after
/// it is suicidal.
#[cold]
pub(super) fn add_pushes(
    rules: &Rules,
    pos: &Position,
    steps: &[(i8, i8)],
    out: &mut Vec<Move>,
) -> bool {
    let pushing = Pushing::new(rules, pos, steps);
    let lane = match pos.roll() {
        Some(n) if pos.active().intersects(rules.masks().dice) => Some(rules.lane(n)),
        _ => None,
    };
    let mut suicide = false;
    let mut pushes = Vec::new();
    let actions = std::mem::take(out);
    for a in actions {
        let mut acted = pushing.act(&a, &mut pushes);
        if acted.alone || pushes.is_empty() {
            out.push(a);
            continue;
        }
        let start = out.len();
        for &push in &pushes {
            if pushing.is_safe(&a, &mut acted, push) {
                out.push(Move {
                    push: Some((push.0, push.1)),
                    ..a
                });
            }
        }
        if out.len() == start {
            suicide = true;
        } else if let Some(lane) = lane
            && out[start..]
                .iter()
                .any(|m| m.push.is_some_and(|(f, _)| lane.contains(f)))
        {
            retain_from(out, start, |m| {
                m.push.is_some_and(|(f, _)| lane.contains(f))
            });
        }
    }
    suicide
}

/// A push: the enemy pawn's square, the square it is pushed to, and its
/// kind.
pub(super) type Push = (Square, Square, PieceKind);

/// What finding and judging the pushes after an action needs, worked out
/// once per position.
pub(super) struct Pushing<'a> {
    rules: &'a Rules,
    pos: &'a Position,
    steps: &'a [(i8, i8)],
    colour: bool,
    forward: i32,
    /// Nothing attacks only from its first square, and a pawn stands on
    /// no more than one unit: a push not onto the last rank (where its
    /// owner would choose a promotion) is judged on the board the action
    /// left, with that pawn moved.
    on_board: bool,
    /// Pins are sound (every capture a leap or plain ride): a push after
    /// a legal action that flipped no marker can attack the royal only by
    /// opening a line (or a lame leap's leg) through the pawn's first
    /// square, or by the pawn's own attack from its second.
    plain: bool,
    /// Screens are sound instead (hops too): the pawn's second square may
    /// also become a hopper's screen.
    screened: bool,
    /// An ordinary move or a drop off no marker, nothing exploding, is
    /// not played at all: it empties its origin and fills its target,
    /// and the pushes are found and judged on that board.
    unplayed: bool,
    marked: SquareSet,
    /// The kinds that attack other than by a plain leap: from its new
    /// square such a pawn may reach the royal along a line.
    reaching: KindSet,
}

/// The board an action leaves: played on a copy, or, for an ordinary
/// move or drop not played, the squares it empties and fills.
pub(super) struct Acted {
    after: Option<Position>,
    flipped: bool,
    royals: SquareSet,
    vacated: Option<Square>,
    /// The action destroyed an enemy royal: it stands alone.
    pub(super) alone: bool,
}

impl<'a> Pushing<'a> {
    pub(super) fn new(rules: &'a Rules, pos: &'a Position, steps: &'a [(i8, i8)]) -> Pushing<'a> {
        let them = !pos.side();
        let plan = rules.plan(pos.active());
        let plain = plan.allows(FastPath::Pins);
        let screened = !plain && plan.allows(FastPath::Screens);
        let on_board =
            rules.capacity() == 1 && !rules.tables().attack[them].iter().any(|a| a.initial);
        Pushing {
            rules,
            pos,
            steps,
            colour: pos.active().intersects(rules.masks().keep_colour),
            forward: if them == Color::White { 1 } else { -1 },
            on_board,
            plain,
            screened,
            unplayed: (plain || screened)
                && on_board
                && !pos
                    .active()
                    .intersects(rules.masks().explode | rules.masks().touching_royals_safe),
            marked: pos.markers().covered(),
            reaching: rules.tables().attack[them]
                .iter()
                .fold(KindSet::EMPTY, |all, a| all | a.kinds),
        }
    }

    /// The board the legal action `a` leaves, with the pushes that may
    /// follow it in `pushes` (none where it destroyed the enemy royal).
    pub(super) fn act(&self, a: &Move, pushes: &mut Vec<Push>) -> Acted {
        let (rules, pos) = (self.rules, self.pos);
        let us = pos.side();
        let them = !us;
        let light = self.unplayed
            && matches!(
                a.kind,
                MoveKind::Normal | MoveKind::DoubleStep | MoveKind::Drop
            )
            && a.promotion.is_none()
            && !self.marked.contains(a.from);
        let vacated = (a.kind != MoveKind::Drop).then_some(a.from);
        let after = (!light).then(|| {
            let mut after = pos.clone();
            after.play_unchecked(rules, a);
            after
        });
        pushes.clear();
        let (flipped, royals, enemies) = match &after {
            Some(after) => (
                after.active() != pos.active(),
                after.royals(us),
                after.occupied(them),
            ),
            None => {
                let mut royals = pos.royals(us);
                if royals.contains(a.from) && vacated.is_some() {
                    royals.remove(a.from);
                    royals.insert(a.to);
                }
                let mut enemies = pos.occupied(them);
                enemies.remove(a.to);
                (false, royals, enemies)
            }
        };
        let alone = after.as_ref().is_some_and(|after| {
            pos.active().intersects(rules.masks().explode)
                && after.royals(them).count() < pos.royals(them).count()
        });
        if !alone {
            let empty = |s: Square| match &after {
                Some(after) => after.is_empty(s),
                None => s != a.to && (Some(s) == vacated || pos.is_empty(s)),
            };
            // Unplayed, the enemy's pieces other than the one taken stand
            // where they stood.
            let board = after.as_ref().unwrap_or(pos);
            let g = rules.geometry();
            for from in enemies.iter() {
                let Some(pawn) = board.piece_at(from).filter(|p| rules.is_pawn(p.kind)) else {
                    continue;
                };
                for &(df, dr) in self.steps {
                    let Some(to) = g.offset(from, i32::from(df), i32::from(dr) * self.forward)
                    else {
                        continue;
                    };
                    let same = (g.file(from) + g.rank(from) - g.file(to) - g.rank(to)) % 2 == 0;
                    if empty(to) && (!self.colour || same) {
                        pushes.push((from, to, pawn.kind));
                    }
                }
            }
        }
        Acted {
            after,
            flipped,
            royals,
            vacated,
            alone,
        }
    }

    /// Does the legal action `a`, which left `acted`, followed by `push`
    /// leave the mover's royal unattacked?
    pub(super) fn is_safe(&self, a: &Move, acted: &mut Acted, (from, to, pawn): Push) -> bool {
        let (rules, pos) = (self.rules, self.pos);
        let us = pos.side();
        let them = !us;
        if !self.on_board || rules.pawns().promotion_zone[them].contains(to) {
            return push_is_safe(
                rules,
                pos,
                &Move {
                    push: Some((from, to)),
                    ..*a
                },
            );
        }
        if !self.exposable(acted, from, to, pawn) {
            return true;
        }
        match &mut acted.after {
            Some(after) => {
                let Some(pawn) = after.take(rules, from) else {
                    return false;
                };
                after.put(rules, to, pawn);
                let safe = !in_check(rules, after, us);
                after.take(rules, to);
                after.put(rules, from, pawn);
                safe
            }
            None => !acted.royals.iter().any(|r| {
                is_attacked_after_push(rules, pos, r, them, (acted.vacated, a.to), (from, to))
            }),
        }
    }

    /// May pushing `pawn` from `from` to `to` attack the royal, where the
    /// action before it left it unattacked?
    fn exposable(&self, acted: &Acted, from: Square, to: Square, pawn: PieceKind) -> bool {
        let rules = self.rules;
        let them = !self.pos.side();
        !(self.plain || self.screened)
            || acted.flipped
            || acted.royals.iter().any(|r| {
                let lines = &rules.tables().lines[r.index()];
                lines.contains(from)
                    || ((self.screened || self.reaching.contains(pawn)) && lines.contains(to))
                    || rules.tables().leap_attacks[them]
                        .of(r)
                        .iter()
                        .any(|&(s, kinds)| s == to && kinds.contains(pawn))
            })
    }
}

/// Does the turn `mv` (an action and a push) leave the mover's royal
/// unattacked, for every choice the owner of a pawn pushed onto its last
/// rank may make?
pub(super) fn push_is_safe(rules: &Rules, pos: &Position, mv: &Move) -> bool {
    let us = pos.side();
    let mut child = pos.clone();
    child.play_unchecked(rules, mv);
    if in_check(rules, &child, us) {
        return false;
    }
    let Some(p) = child.pending() else {
        return true;
    };
    pending_choices(rules, &child, &p).iter().all(|&k| {
        let mut promoted = child.clone();
        promoted.resolve_pending(rules, p.square, k);
        !in_check(rules, &promoted, us)
    })
}
