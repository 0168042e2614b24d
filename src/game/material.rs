//! Dead positions: material that can never give mate, as the variant's
//! `insufficient_material` patterns describe it.

use crate::board::{ByColor, Color, MAX_KINDS, PieceKind};
use crate::position::Position;
use crate::rules::Rules;

/// Why `pos` is drawn for want of material (`king and knight against
/// king`), or `None` while either side could still mate. A piece in any
/// hand, pocket or reserve can still come in, so then nothing is dead.
pub(crate) fn insufficient_material(rules: &Rules, pos: &Position) -> Option<String> {
    let patterns = &rules.ending().insufficient_material;
    if patterns.is_empty()
        || Color::ALL
            .iter()
            .any(|&c| !pos.pockets()[c].is_empty() || !pos.reserves()[c].is_empty())
    {
        return None;
    }
    // Most positions hold more pieces than any pattern: each square of a
    // side's without its royal holds one of its other pieces at least.
    let at_least: usize = Color::ALL
        .iter()
        .map(|&c| pos.occupied(c).minus(&pos.royals(c)).count())
        .sum();
    if rules
        .kinds()
        .dead_most
        .is_some_and(|most| at_least > most as usize)
    {
        return None;
    }
    // Nor can a pattern match while a piece of a kind none lists stands
    // on the board (a pawn, a rook, in chess).
    let listed = rules.kinds().dead_listed;
    let unlisted = |c: Color| {
        pos.occupied(c)
            .minus(&pos.royals(c))
            .iter()
            .any(|sq| pos.piece_at(sq).is_some_and(|p| !listed.contains(p.kind)))
    };
    if Color::ALL.into_iter().any(unlisted) {
        return None;
    }
    let n = rules.pieces().len();
    let mut have = ByColor {
        white: [0u32; MAX_KINDS],
        black: [0u32; MAX_KINDS],
    };
    let mut colours = [false; 2];
    let g = rules.geometry();
    for (sq, p) in pos.units() {
        if !rules.is_royal(p.kind) {
            have[p.color][p.kind.index()] += 1;
            colours[((g.file(sq) + g.rank(sq)) % 2) as usize] = true;
        }
    }
    let one_colour = !(colours[0] && colours[1]);
    patterns
        .iter()
        .any(|d| d.matches(&have.white[..n], &have.black[..n], one_colour))
        .then(|| describe(rules, pos))
}

/// `king and 2 bishops against king and bishop`: each side's pieces,
/// royals included, White's first.
fn describe(rules: &Rules, pos: &Position) -> String {
    let side = |color: Color| -> String {
        let mut counts: Vec<(usize, u32)> = Vec::new();
        for (_, p) in pos.units().filter(|(_, p)| p.color == color) {
            match counts.iter_mut().find(|(k, _)| *k == p.kind.index()) {
                Some((_, n)) => *n += 1,
                None => counts.push((p.kind.index(), 1)),
            }
        }
        // Royals first, then the others in the variant's order.
        counts.sort_by_key(|&(k, _)| (!rules.is_royal(PieceKind(k as u8)), k));
        let words: Vec<String> = counts
            .iter()
            .map(|&(k, n)| {
                let name = rules.pieces()[k].name.replace('_', " ");
                match n {
                    1 => name,
                    _ if name.ends_with('s') => format!("{n} {name}es"),
                    _ => format!("{n} {name}s"),
                }
            })
            .collect();
        match words.as_slice() {
            [] => "nothing".to_string(),
            [one] => one.clone(),
            [rest @ .., last] => format!("{} and {last}", rest.join(", ")),
        }
    };
    format!("{} against {}", side(Color::White), side(Color::Black))
}
