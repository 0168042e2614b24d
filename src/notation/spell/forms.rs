//! Spellings of the turns that are not a piece going from one square to
//! another: markers placed, pieces pocketed, castling, swaps; and the
//! loose spellings and promotion forms every spelling shares.

use super::{Level, Spelled};
use crate::board::{Color, PieceKind, Square};
use crate::position::{Effect, Move, MoveKind, Position};
use crate::rules::Rules;

/// Every way to write promoting to `k`: its symbols, and the code in
/// lower case as coordinates write it (`e7e8q`), with and without braces.
pub(super) fn promotion_forms(rules: &Rules, kinds: &[Vec<String>], k: PieceKind) -> Vec<String> {
    let mut forms: Vec<String> = kinds[k.index()].clone();
    // Coordinates write the code in lower case (`e7e8q`).
    let lower = rules.piece(k).fen_token(Color::Black);
    for f in [lower.clone(), lower.trim_matches(['{', '}']).to_string()] {
        if !forms.contains(&f) {
            forms.push(f);
        }
    }
    forms
}

/// A marker placed: `rider@d4`.
pub(super) fn spell_placement(rules: &Rules, sq: Square, mutator: u8) -> Spelled {
    let g = rules.geometry();
    let text = format!("{}@{}", rules.mutators()[mutator as usize].name, g.name(sq));
    let lower = text.to_ascii_lowercase();
    Spelled {
        who: vec![String::new()],
        exact: vec![(Level::Bare, text.clone())],
        whole: if lower == text {
            Vec::new()
        } else {
            vec![lower]
        },
        ..Spelled::default()
    }
}

/// A piece pocketed from its square, `^h1` (`^h1=R` in its new form).
pub(super) fn spell_pocketing(rules: &Rules, mv: &Move, kinds: &[Vec<String>]) -> Spelled {
    let g = rules.geometry();
    let promo_forms = |k: PieceKind| promotion_forms(rules, kinds, k);
    let square = g.name(mv.from);
    let into: Vec<String> = match mv.promotion {
        Some(k) => promo_forms(k).iter().map(|f| format!("={f}")).collect(),
        None => vec![String::new()],
    };
    let mut exact: Vec<(Level, String)> = into
        .iter()
        .enumerate()
        .map(|(n, i)| {
            let level = if n == 0 { Level::Bare } else { Level::Other };
            (level, format!("^{square}{i}"))
        })
        .collect();
    // `^h1=R` names a pocketing that keeps the rook as it is too.
    if mv.promotion.is_none() {
        for f in &kinds[mv.piece.kind.index()] {
            exact.push((Level::Other, format!("^{square}={f}")));
        }
    }
    let kept_or_new = match mv.promotion {
        Some(k) => promo_forms(k),
        None => vec![String::new()],
    };
    let square = &square;
    let kept_or_new = &kept_or_new;
    let whole = kinds[mv.piece.kind.index()]
        .iter()
        .flat_map(|w| kept_or_new.iter().map(move |k| format!("{w}{square}=>{k}")))
        .collect();
    Spelled {
        who: vec![String::new()],
        exact,
        whole,
        ..Spelled::default()
    }
}

/// Castling: `O-O`, `O-O-O`, or the coordinates (with free starts also
/// the king's own move, `g1g1` beside `g1h1`; written with the rule's
/// name, `e1f1:short`, also without it).
pub(super) fn spell_castle(rules: &Rules, mv: &Move, i: u8, coordinates: String) -> Spelled {
    let g = rules.geometry();
    let side = if rules.castling()[mv.piece.color][i as usize].king_side {
        "O-O"
    } else {
        "O-O-O"
    };
    let mut whole = vec![coordinates];
    if rules.stacking().is_some() {
        whole.push(format!("{}{}", g.name(mv.from), g.name(mv.to)));
    }
    // With free starts the coordinates are the king taking its partner;
    // the king's own move is read too, loosely: where the king may also
    // step to that square (a Chess960 king on d8 and rook on b8, castling
    // to c8), the text is that step.
    let mut loose_whole = Vec::new();
    if rules.castling()[mv.piece.color][i as usize].free {
        loose_whole.push(format!("{}{}", g.name(mv.from), g.name(mv.to)));
    }
    // Written with the rule's name (`e1e1:odd`, where the bare text could
    // name another turn), it is read bare too, loosely: where nothing
    // else answers to that text.
    let base =
        crate::notation::coords::castle_base(rules, &rules.castling()[mv.piece.color][i as usize]);
    if !whole.contains(&base) && !loose_whole.contains(&base) {
        loose_whole.push(base);
    }
    Spelled {
        who: vec![String::new()],
        exact: vec![(Level::Bare, side.to_string())],
        whole,
        loose_whole,
        ..Spelled::default()
    }
}

/// Loose spellings: a change of kind left out (a morph the rules force, a
/// promotion with one kind to go to), a silent morph written out, a
/// victim left out. `[capture, to, tag, plain_to]` are the parts the
/// exact spellings use.
#[allow(clippy::too_many_arguments)] // the parts of one spelling
pub(super) fn loose_forms(
    rules: &Rules,
    mv: &Move,
    kinds: &[Vec<String>],
    levels: &[(Level, String)],
    promotions: &[String],
    victims: &[String],
    [capture, to, tag, plain_to]: [&str; 4],
    silent: bool,
) -> (Vec<String>, Vec<String>) {
    let promo_forms = |k: PieceKind| promotion_forms(rules, kinds, k);
    let mut loose = Vec::new();
    let mut loose_whole = Vec::new();
    if let Some(k) = mv.promotion {
        let bare_tail = format!("{capture}{to}{}{tag}", victims[0]);
        if silent {
            for f in promo_forms(k) {
                for (_, prefix) in levels {
                    loose.push(format!("{prefix}{capture}{to}{}={f}{tag}", victims[0]));
                }
                loose_whole.push(format!("{plain_to}{f}{tag}"));
            }
        } else {
            for (_, prefix) in levels {
                loose.push(format!("{prefix}{bare_tail}"));
            }
            loose_whole.push(format!("{plain_to}{tag}"));
        }
    }
    if victims.len() > 1 || !victims[0].is_empty() {
        for (_, prefix) in levels {
            for promotion in promotions {
                loose.push(format!("{prefix}{capture}{to}{promotion}{tag}"));
            }
        }
    }
    (loose, loose_whole)
}

/// A swap of two own pieces (a `swaps` mutator): both pieces with their
/// squares, `Qd1~Be2` (`Qd1<>Be2` is read too), and a swapped pawn's
/// promotion, `Pe7~Re8=Q`.
pub(super) fn swap(
    rules: &Rules,
    pos: &Position,
    mv: &Move,
    kinds: &[Vec<String>],
    promo_forms: &dyn Fn(PieceKind) -> Vec<String>,
) -> Option<Spelled> {
    let MoveKind::Effects(list) = mv.kind else {
        return None;
    };
    let Some(&Effect::Swap(a, b)) = list.effects().first() else {
        return None;
    };
    if !pos.active().intersects(rules.masks().swaps) {
        return None;
    }
    let g = rules.geometry();
    let named = |sq: Square| -> Vec<String> {
        pos.piece_at(sq).map_or(vec![String::new()], |p| {
            kinds[p.kind.index()]
                .iter()
                .map(|f| format!("{f}{}", g.name(sq)))
                .collect()
        })
    };
    let promotions: Vec<String> = match mv.promotion {
        Some(k) => promo_forms(k).iter().map(|f| format!("={f}")).collect(),
        None => vec![String::new()],
    };
    let mut exact = Vec::new();
    for sep in ["~", "<>"] {
        for x in named(a) {
            for y in named(b) {
                for p in &promotions {
                    let level = if exact.is_empty() {
                        Level::Bare
                    } else {
                        Level::Other
                    };
                    exact.push((level, format!("{x}{sep}{y}{p}")));
                }
            }
        }
    }
    Some(Spelled {
        who: vec![String::new()],
        exact,
        ..Spelled::default()
    })
}
