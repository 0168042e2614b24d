//! Path moves: bent, crooked, circular and cylindrical pieces walking
//! the step programs compiled for them.

use super::*;

/// Walks the paths of `t` from `from`: every square must be empty to go
/// on; the piece may stop where the path allows it, on an empty square
/// or capturing an enemy.
pub(super) fn gen_paths<S: Sink>(
    rules: &Rules,
    pos: &Position,
    from: Square,
    piece: Piece,
    t: &PathGen,
    out: &mut S,
) {
    let pawn = rules.is_pawn(piece.kind);
    for path in t.paths(from) {
        for &(to, stop) in path {
            let code = pos.code_at(to);
            if code == 0 {
                if stop && t.can_move {
                    out.take(
                        rules,
                        pawn,
                        from,
                        to,
                        piece,
                        None,
                        MoveKind::Normal,
                        t.source,
                    );
                } else if stop && t.can_capture && pawn {
                    // A pawn's lame capture (a Berolina + Monochromatic
                    // pawn's two-square one) takes en passant too.
                    en_passant_onto(rules, pos, out, from, piece, to, t.source);
                }
                continue;
            }
            if stop
                && t.can_capture
                && let Some(victim) = Piece::from_code(code)
                    .filter(|p| p.color != piece.color && may_take(rules, pos, to, piece, *p))
            {
                out.take(
                    rules,
                    pawn,
                    from,
                    to,
                    piece,
                    Some(victim),
                    MoveKind::Normal,
                    t.source,
                );
            }
            break;
        }
    }
}
