//! Position text (FEN with extensions) and move text (coordinates, SAN),
//! and game records (PGN).

mod coords;
mod fen;
mod movetext;
mod refusal;
mod spell;
mod stacks;
mod symbols;

pub(crate) use coords::move_tag;
pub use coords::{to_uci, to_uci_standard, to_xboard_standard};
pub use fen::{FenField, ParseFenError, Setup, parse_fen, to_fen};
pub(crate) use movetext::read_quick;
pub use movetext::{parse_move, parse_san, parse_uci, to_san};
pub use refusal::ParseMoveError;
pub use spell::{Notation, spellings};
pub(crate) use stacks::describe as describe_stacked;
pub(crate) use symbols::symbol_table;
pub use symbols::{abbreviations, board_symbol, fide_glyph, kind_named, san_symbol};

/// The texts of a pass (`passing`): `pass` as written, then the null
/// moves of other notations, read too.
const PASS_SPELLINGS: [&str; 4] = ["pass", "--", "@@@@", "0000"];

/// Is `mv`'s change of kind one that every such move makes (a forced
/// morph with no condition, like a cycle's), so that notation need not
/// write it? A pawn's promotion is always written.
pub(crate) fn silent_morph(rules: &crate::rules::Rules, mv: &crate::position::Move) -> bool {
    use crate::rules::{MorphTarget, MorphTrigger};
    let Some(to) = mv.promotion else {
        return false;
    };
    if mv.is_pocketing()
        || mv.kind == crate::position::MoveKind::Promote
        || rules.is_pawn(mv.piece.kind)
            && rules.pawns().promotion_zone[mv.piece.color].contains(mv.to)
    {
        return false;
    }
    rules.kinds().morph_of[mv.piece.kind.index()].iter().any(|&r| {
        let rule = &rules.morphs()[r as usize];
        rule.trigger == MorphTrigger::Acted
            && rule.condition.is_none()
            && !rule.optional
            && matches!(&rule.target, MorphTarget::Listed(map) if map[mv.piece.kind.index()] == Some(to))
    })
}
