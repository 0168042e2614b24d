//! Goals: the ways a variant's `ending` ends a game other than by mate
//! or a draw rule (checks given, a region reached, a kind wiped out, a
//! side left bare), judged on the position before any move is generated.
//! A position where one is reached has no legal move.

use super::*;
use crate::board::PieceKind;
use crate::rules::{Extinction, Flag, FlagReply, Verdict};

/// A goal reached, and by whom.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Goal {
    /// `side` has given its `n`th check (`check_limit`).
    Checks {
        /// Who gave them.
        side: Color,
        /// How many.
        n: u8,
    },
    /// A piece of `side` of a flag kind stands on a flag square.
    Flag {
        /// Whose piece.
        side: Color,
        /// Its kind.
        kind: PieceKind,
        /// Where it stands.
        square: Square,
        /// It stayed there through the opponent's reply (`flag_reply =
        /// hold`, or an arrival Black did not answer).
        held: bool,
    },
    /// Black answered White's arrival by arriving too.
    BothFlags,
    /// `side` has `count` pieces of `kind` left, board and hand, no more
    /// than `extinction_count`.
    Extinct {
        /// Whose kind.
        side: Color,
        /// The kind.
        kind: PieceKind,
        /// How many are left.
        count: u8,
    },
    /// `side` has nothing but its royals (nothing at all without them).
    Bare {
        /// The side left bare.
        side: Color,
    },
    /// A side passed while the royals faced each other (`facing_royals =
    /// bikjang`), or both sides passed in a row (`passing`): a draw.
    Passed {
        /// The royals faced each other.
        facing: bool,
    },
    /// The variant's script declared the result (`game_result`), for
    /// the reason numbered `reason` ([`Hooks::reason`]).
    Script {
        /// The reason's number.
        reason: u16,
    },
}

/// A game ended by a goal: the winner (`None` for a draw) and the goal.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct GoalEnd {
    /// Who won, if anybody.
    pub winner: Option<Color>,
    /// What happened.
    pub goal: Goal,
}

impl Goal {
    /// What happened, in words: "White gave the third check", "Black's
    /// king reached d5", "White has no queen left".
    pub fn describe(&self, rules: &Rules) -> String {
        let name = |k: PieceKind| rules.piece(k).name.clone();
        match *self {
            Goal::Checks { side, n } => format!("{} gave the {} check", side.title(), ordinal(n)),
            Goal::Flag {
                side,
                kind,
                square,
                held,
            } => format!(
                "{}'s {} {} {}",
                side.title(),
                name(kind),
                if held { "held" } else { "reached" },
                rules.geometry().name(square)
            ),
            Goal::BothFlags => "both sides reached the flag squares".to_string(),
            Goal::Extinct { side, kind, count } => match count {
                0 => format!("{} has no {} left", side.title(), name(kind)),
                1 => format!("{} has only one {} left", side.title(), name(kind)),
                n => format!("{} has only {n} {}s left", side.title(), name(kind)),
            },
            Goal::Passed { facing: true } => {
                "a side passed while the royals faced each other".to_string()
            }
            Goal::Passed { facing: false } => "both sides passed".to_string(),
            Goal::Script { reason } => hooks(rules)
                .and_then(|h| h.reason(reason))
                .unwrap_or_else(|| "the script ended the game".to_string()),
            Goal::Bare { side } => {
                if rules.kinds().royal.contains(&true) {
                    format!("{} has nothing left but royal pieces", side.title())
                } else {
                    format!("{} has no pieces left", side.title())
                }
            }
        }
    }
}

/// "first", "second", ... "tenth", then "11th", "12th", ...
fn ordinal(n: u8) -> String {
    const WORDS: [&str; 10] = [
        "first", "second", "third", "fourth", "fifth", "sixth", "seventh", "eighth", "ninth",
        "tenth",
    ];
    match n {
        1..=10 => WORDS[n as usize - 1].to_string(),
        _ => format!("{n}th"),
    }
}

/// The winner a verdict for `side` gives.
fn winner(verdict: Verdict, side: Color) -> Option<Color> {
    match verdict {
        Verdict::Loss => Some(!side),
        Verdict::Win => Some(side),
        Verdict::Draw => None,
    }
}

/// Has the game ended by one of the variant's goals? Judged in this
/// order: extinction and bareness (of the side that just moved, then of
/// the side to move), the flag region, the checks given, then the result
/// a script declares (`game_result`). `None` at once for a variant
/// without goals or a script.
#[inline]
pub fn goal_reached(rules: &Rules, pos: &Position) -> Option<GoalEnd> {
    if !(rules.ending().has_goals() || rules.passing() || rules.script().is_some())
        || pos.stage() == crate::position::Stage::Setup
    {
        return None;
    }
    goal_of(rules, pos)
}

// Out of line, so that `goal_reached` stays the small check a variant
// without goals pays at every ply.
#[inline(never)]
fn goal_of(rules: &Rules, pos: &Position) -> Option<GoalEnd> {
    let e = &rules.ending();
    let side = pos.side();
    if pos.passes() > 0 {
        let facing = rules.standoff() && royals_facing(rules, pos, side);
        if facing || pos.passes() >= 2 {
            return Some(GoalEnd {
                winner: None,
                goal: Goal::Passed { facing },
            });
        }
    }
    for c in [!side, side] {
        if let Some(x) = &e.extinction
            && let Some((kind, count)) = extinct(rules, pos, c, x)
        {
            return Some(GoalEnd {
                winner: winner(x.verdict, c),
                goal: Goal::Extinct {
                    side: c,
                    kind,
                    count,
                },
            });
        }
        if let Some(v) = e.bare
            && is_bare(rules, pos, c)
        {
            return Some(GoalEnd {
                winner: winner(v, c),
                goal: Goal::Bare { side: c },
            });
        }
    }
    if let Some(f) = &e.flag
        && let Some(end) = flag_goal(rules, pos, f)
    {
        return Some(end);
    }
    let given = pos.checks()[!side];
    if e.check_limit > 0 && given >= e.check_limit {
        return Some(GoalEnd {
            winner: Some(!side),
            goal: Goal::Checks {
                side: !side,
                n: given,
            },
        });
    }
    if let Some(h) = hooks(rules)
        && h.has(crate::rules::hooks::GAME_RESULT)
        && let Some((winner, reason)) = h.game_result(pos)
    {
        return Some(GoalEnd {
            winner,
            goal: Goal::Script { reason },
        });
    }
    None
}

/// The first kind of `x` that `color` has no more than `x.at_most` of
/// while the other side has at least `x.opponent_at_least`, with the
/// count (pieces on the board, in their declared kinds, and in hand).
fn extinct(rules: &Rules, pos: &Position, color: Color, x: &Extinction) -> Option<(PieceKind, u8)> {
    x.kinds.iter().find_map(|&kind| {
        let n = held(rules, pos, color, kind);
        (n <= x.at_most as usize
            && (x.opponent_at_least == 0
                || held(rules, pos, !color, kind) >= usize::from(x.opponent_at_least)))
        .then_some((kind, n as u8))
    })
}

/// How many pieces of the declared `kind` `color` has on the board
/// (whatever form they have now) and in hand.
fn held(rules: &Rules, pos: &Position, color: Color, kind: PieceKind) -> usize {
    let base = &rules.forms().base_of;
    let on_board: usize = pos
        .occupied(color)
        .iter()
        .map(|sq| {
            pos.units_at(sq)
                .into_iter()
                .flatten()
                .filter(|p| p.color == color && base[p.kind.index()] == kind)
                .count()
        })
        .sum();
    on_board + pos.pockets()[color].count(kind)
}

/// Has `color` nothing but royal pieces, on the board (both units of a
/// shared square counted) and in hand?
fn is_bare(rules: &Rules, pos: &Position, color: Color) -> bool {
    if !pos.pockets()[color].is_empty() {
        return false;
    }
    if rules.capacity() == 1 {
        return pos.occupied(color) == pos.royals(color);
    }
    pos.units()
        .all(|(_, p)| p.color != color || rules.is_royal(p.kind))
}

/// The first piece of `color` of a flag kind on a flag square.
#[inline]
fn on_flag(pos: &Position, color: Color, f: &Flag) -> Option<(PieceKind, Square)> {
    pos.occupied(color)
        .and(&f.squares[color])
        .iter()
        .find_map(|sq| {
            pos.piece_at(sq)
                .filter(|p| p.color == color && f.kinds.contains(p.kind))
                .map(|p| (p.kind, sq))
        })
}

/// The flag goal (see [`FlagReply`]).
fn flag_goal(rules: &Rules, pos: &Position, f: &Flag) -> Option<GoalEnd> {
    let side = pos.side();
    let flag = |c: Color, held: bool| {
        on_flag(pos, c, f).map(|(kind, square)| Goal::Flag {
            side: c,
            kind,
            square,
            held,
        })
    };
    let win = |goal: Goal| {
        Some(GoalEnd {
            winner: match goal {
                Goal::Flag { side, .. } => Some(side),
                _ => None,
            },
            goal,
        })
    };
    match f.reply {
        FlagReply::Safe => {
            let safe = |c: Color| {
                pos.occupied(c).and(&f.squares[c]).iter().find_map(|sq| {
                    pos.piece_at(sq)
                        .filter(|p| {
                            p.color == c
                                && f.kinds.contains(p.kind)
                                && !is_attacked(rules, pos, sq, !c)
                        })
                        .map(|p| (p.kind, sq))
                })
            };
            let mover = safe(side);
            let other = safe(!side);
            match (mover, other) {
                (Some(_), Some(_)) => Some(GoalEnd {
                    winner: None,
                    goal: Goal::BothFlags,
                }),
                (Some((kind, square)), None) => win(Goal::Flag {
                    side,
                    kind,
                    square,
                    held: true,
                }),
                (None, Some((kind, square))) => win(Goal::Flag {
                    side: !side,
                    kind,
                    square,
                    held: false,
                }),
                (None, None) => None,
            }
        }
        FlagReply::None => flag(!side, false).and_then(win),
        FlagReply::Hold => flag(side, true).and_then(win),
        FlagReply::Equalise => {
            if let Some(goal) = flag(side, true) {
                // Black's reply came, and White is still there.
                if side == Color::White && on_flag(pos, Color::Black, f).is_some() {
                    return Some(GoalEnd {
                        winner: None,
                        goal: Goal::BothFlags,
                    });
                }
                return win(goal);
            }
            let goal = flag(!side, false)?;
            if side == Color::Black && may_arrive(rules, pos, f) {
                return None;
            }
            win(goal)
        }
    }
}

/// Has the side to move a legal move that puts a piece of a flag kind on
/// a flag square?
fn may_arrive(rules: &Rules, pos: &Position, f: &Flag) -> bool {
    let mut moves = Vec::new();
    turns(rules, pos, &mut moves);
    if rules.no_checks() {
        moves.retain(|m| !gives_check(rules, pos, m));
    }
    moves
        .iter()
        .any(|m| f.kinds.contains(m.piece.kind) && f.squares[pos.side()].contains(m.to))
}

/// Does `mv` leave a royal of the opponent attacked?
pub fn gives_check(rules: &Rules, pos: &Position, mv: &Move) -> bool {
    let mut child = pos.clone();
    child.play_unchecked(rules, mv);
    in_check(rules, &child, !pos.side())
}
