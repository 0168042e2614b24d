//! The built-in players' material search: a shallow alpha-beta over a
//! generic count of material, and the material values it counts.

use crate::board::Color;
use crate::movegen::{TurnPool, has_legal_move, in_check, legal_moves};
use crate::position::{Move, Position};
use crate::rules::{Rules, Verdict};

/// The deepest material search a player may ask for: deeper searches
/// are better run by the engine.
pub const MAX_DEPTH: u32 = 4;

const INFINITY: i32 = 1_000_000;
const MATE: i32 = 100_000;

/// Material values of a variant's kinds, in centipawns: a pawn 100, a
/// royal piece nothing, any other piece 40 per square it reaches from the
/// centre of an empty board (a knight 320, a rook 560, a queen 1080 on
/// 8x8), at least 50.
#[derive(Clone, Debug)]
pub struct Values(Vec<i32>);

impl Values {
    /// The values of `rules`' kinds.
    pub fn of_rules(rules: &Rules) -> Values {
        let centre = rules.geometry().centre();
        Values(
            (0..rules.pieces().len())
                .map(|k| {
                    let kind = crate::board::PieceKind(k as u8);
                    if rules.is_royal(kind) {
                        0
                    } else if rules.is_pawn(kind) {
                        100
                    } else {
                        let reach = crate::show::on_empty_board(rules, kind, Color::White, centre)
                            .reach
                            .len() as i32;
                        (40 * reach).max(50)
                    }
                })
                .collect(),
        )
    }

    /// The value of `kind` (its declared kind's).
    pub fn of(&self, rules: &Rules, kind: crate::board::PieceKind) -> i32 {
        self.0[rules.forms().base_of[kind.index()].index()]
    }

    /// Material of the side to move minus the other's: units on the board
    /// and pieces in hand.
    pub fn balance(&self, rules: &Rules, pos: &Position) -> i32 {
        let mut total = 0;
        for color in Color::ALL {
            let sign = if color == pos.side() { 1 } else { -1 };
            for sq in pos.occupied(color).iter() {
                for p in pos.units_at(sq).into_iter().flatten() {
                    if p.color == color {
                        total += sign * self.of(rules, p.kind);
                    }
                }
            }
            for (kind, _) in pos.pockets()[color].iter() {
                total += sign * self.of(rules, kind);
            }
        }
        total
    }
}

/// The turns of `legal` (those of `pos`) that score best for the side
/// to move, `depth` plies ahead (at least 1): captures of the most
/// valuable victims first, then in `legal`'s order.
pub fn best_turns<'a>(
    rules: &Rules,
    values: &Values,
    pos: &Position,
    legal: &'a [Move],
    depth: u32,
) -> Vec<&'a Move> {
    let mut scored = Vec::with_capacity(legal.len());
    let mut alpha = -INFINITY;
    for mv in ordered(rules, values, legal) {
        let mut next = pos.clone();
        next.play_unchecked(rules, mv);
        // A window one wider than the best so far keeps every move that
        // ties it exact.
        let score = -negamax(rules, values, &next, depth - 1, -INFINITY, -(alpha - 1));
        alpha = alpha.max(score);
        scored.push((score, mv));
    }
    scored
        .iter()
        .filter(|(s, _)| *s == alpha)
        .map(|(_, m)| *m)
        .collect()
}

/// Captures of the most valuable victims first, for earlier cut-offs.
fn ordered<'a>(rules: &Rules, values: &Values, moves: &'a [Move]) -> Vec<&'a Move> {
    let mut v: Vec<&Move> = moves.iter().collect();
    v.sort_by_key(|m| -m.captured.map_or(-1, |c| values.of(rules, c.kind)));
    v
}

/// The value of `pos` for its side to move, `depth` plies ahead.
fn negamax(
    rules: &Rules,
    values: &Values,
    pos: &Position,
    depth: u32,
    mut alpha: i32,
    beta: i32,
) -> i32 {
    let side = pos.side();
    if !rules.masks().explode.is_empty()
        && pos.royals(side).is_empty()
        && pos.royals(!side).count() > 0
    {
        return -MATE;
    }
    if depth == 0 {
        // A leaf only asks whether a turn exists (mate or stalemate).
        if !has_legal_move(rules, pos) {
            return no_turn(rules, pos, depth);
        }
        return values.balance(rules, pos);
    }
    let mut best = -INFINITY;
    let mut search = |mv: &Move, alpha: &mut i32| {
        let mut next = pos.clone();
        next.play_unchecked(rules, mv);
        let score = -negamax(rules, values, &next, depth - 1, -beta, -*alpha);
        best = best.max(score);
        *alpha = (*alpha).max(score);
        *alpha >= beta
    };
    // Where the candidates tell, each turn is judged only when searched:
    // a cut-off spares judging the rest. The order inside the tree
    // changes no score the root keeps.
    if let Some(pool) = TurnPool::new(rules, pos) {
        let capture = |m: &Move| m.captured.map_or(-1, |c| values.of(rules, c.kind));
        for mv in pool.legal_turns_by(rules, pos, capture) {
            if search(&mv, &mut alpha) {
                break;
            }
        }
    } else {
        for mv in ordered(rules, values, &legal_moves(rules, pos)) {
            if search(mv, &mut alpha) {
                break;
            }
        }
    }
    if best == -INFINITY {
        return no_turn(rules, pos, depth);
    }
    best
}

/// The score of `pos`, `depth` plies ahead, for its side to move, which
/// has no legal turn: the variant's verdict on checkmate or stalemate.
fn no_turn(rules: &Rules, pos: &Position, depth: u32) -> i32 {
    let verdict = if in_check(rules, pos, pos.side()) {
        rules.ending().checkmate
    } else {
        rules.ending().stalemate
    };
    match verdict {
        Verdict::Loss => -MATE - depth as i32,
        Verdict::Win => MATE + depth as i32,
        Verdict::Draw => 0,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::{Game, Rng};
    use crate::variants::{EMBEDDED, load};

    /// The value of `pos`, `depth` plies ahead, by looking at every legal
    /// turn: what the alpha-beta search must find with a full window.
    fn full_width(rules: &Rules, values: &Values, pos: &Position, depth: u32) -> i32 {
        let side = pos.side();
        if !rules.masks().explode.is_empty()
            && pos.royals(side).is_empty()
            && pos.royals(!side).count() > 0
        {
            return -MATE;
        }
        let moves = legal_moves(rules, pos);
        if moves.is_empty() {
            return no_turn(rules, pos, depth);
        }
        if depth == 0 {
            return values.balance(rules, pos);
        }
        moves
            .iter()
            .map(|m| {
                let mut next = pos.clone();
                next.play_unchecked(rules, m);
                -full_width(rules, values, &next, depth - 1)
            })
            .max()
            .unwrap()
    }

    #[test]
    fn the_search_finds_the_full_width_value() {
        // Along a random game of each embedded variant, every few plies,
        // the two-ply value with its cut-offs and turns judged lazily.
        for &(name, _) in EMBEDDED {
            let rules = load(name).unwrap();
            let values = Values::of_rules(&rules);
            let mut game = Game::new(rules.clone(), 3).unwrap();
            let mut rng = Rng::new(3);
            for ply in 0..16 {
                let legal = game.legal_moves();
                if legal.is_empty() {
                    break;
                }
                if ply % 5 == 0 {
                    let pos = game.position();
                    assert_eq!(
                        negamax(&rules, &values, pos, 2, -INFINITY, INFINITY),
                        full_width(&rules, &values, pos, 2),
                        "{name}, ply {ply}"
                    );
                }
                let mv = legal[rng.below(legal.len() as u64) as usize];
                game.push(mv);
            }
        }
    }
}
