//! Castling by the variant's declared rules.

use super::*;

pub(super) fn castling_moves(rules: &Rules, pos: &Position, out: &mut Vec<Move>) {
    let us = pos.side();
    for (i, c) in rules.castling()[us].iter().enumerate() {
        if !pos.unmoved().contains(c.king_from) || !pos.unmoved().contains(c.partner_from) {
            continue;
        }
        let (Some(king), Some(partner)) = (pos.piece_at(c.king_from), pos.piece_at(c.partner_from))
        else {
            continue;
        };
        // The king of a castling is the side's royal piece, where the
        // variant has royals: an unmoved piece of another kind on its
        // square (one dropped there) is not.
        if king.color != us
            || partner.color != us
            || c.partner_piece.is_some_and(|k| partner.kind != k)
            || c.king_piece.is_some_and(|k| king.kind != k)
            || (!rules.is_royal(king.kind) && rules.pieces().iter().any(|p| p.royal))
        {
            continue;
        }
        if !rules.auras().freezers.is_empty()
            && (frozen(rules, pos, c.king_from, king)
                || frozen(rules, pos, c.partner_from, partner))
        {
            continue;
        }
        if c.empty.iter().any(|s| !pos.is_empty(s)) {
            continue;
        }
        // Both destinations must be free (or be where the two pieces start),
        // whatever a custom `empty` list says.
        let free = |s: Square| s == c.king_from || s == c.partner_from || pos.is_empty(s);
        if !free(c.king_to) || !free(c.partner_to) {
            continue;
        }
        // A passed square is asked about with the king standing in on it
        // (it has not left its own square yet). Where touching royals
        // make the start safe, the king has left it: a rider's line
        // through the start square counts.
        let attacked = |view: &Position, s: Square| {
            !super::attack::shielded_by_touch(rules, view, s, us)
                && is_attacked_as(rules, view, s, !us, king.kind)
        };
        let lift = pos.active().intersects(rules.masks().touching_royals_safe);
        if c.safe
            .iter()
            .any(|&s| (s == c.king_from || !lift) && attacked(pos, s))
        {
            continue;
        }
        if lift && c.safe.iter().any(|&s| s != c.king_from) {
            let mut lifted = pos.clone();
            lifted.take(rules, c.king_from);
            if c.safe
                .iter()
                .any(|&s| s != c.king_from && attacked(&lifted, s))
            {
                continue;
            }
        }
        out.push(Move {
            from: c.king_from,
            to: c.king_to,
            piece: king,
            captured: None,
            promotion: None,
            kind: MoveKind::Castle(i as u8),
            origin: Origin::Other,
            drop: None,
            push: None,
            choice: None,
            gate: None,
        });
    }
}
