//! Writing positions as FEN.

use super::fields::{castling_grants, castling_squares, default_unmoved};
use crate::board::{Color, Piece, Square, SquareSet};
use crate::position::Position;
use crate::rules::{Rules, file_char};

/// How a square's contents are written: a piece's token, a composite
/// kind's letter for its two units, or the two units in parentheses.
pub(super) fn cell_token(rules: &Rules, pos: &Position, sq: Square) -> Option<String> {
    let token = |p: Piece| rules.piece(p.kind).fen_token(p.color);
    match pos.units_at(sq) {
        [None, _] => None,
        [Some(a), None] => Some(token(a)),
        [Some(a), Some(b)] => Some(match rules.composite_of(a, b) {
            Some(k) => rules.piece(k).fen_token(a.color),
            None => format!("({}{})", token(a), token(b)),
        }),
    }
}

/// Writes `pos` as FEN.
pub fn to_fen(rules: &Rules, pos: &Position) -> String {
    let g = rules.geometry();
    let mut s = String::new();
    placement(rules, pos, &mut s);
    hands(rules, pos, &mut s);
    s.push(' ');
    s.push(pos.side().char());
    s.push(' ');
    let (castling, granted) = castling(rules, pos);
    s.push_str(if castling.is_empty() { "-" } else { &castling });
    s.push(' ');
    match pos.ep() {
        Some(sq) => {
            s.push_str(&g.name(sq));
            // The pawn that passed it, when not straight ahead of it.
            if let Some(v) = pos.ep_victim()
                && g.file(v) != g.file(sq)
            {
                s.push_str(&g.name(v));
            }
        }
        None => s.push('-'),
    }
    let limit = rules.ending().check_limit;
    if limit > 0 {
        let given = pos.checks();
        s.push_str(&format!(
            " {}+{}",
            limit.saturating_sub(given.white),
            limit.saturating_sub(given.black)
        ));
    }
    s.push_str(&format!(" {} {}", pos.halfmove(), pos.fullmove()));
    tags(rules, pos, granted, &mut s);
    s
}

/// The placement field.
fn placement(rules: &Rules, pos: &Position, s: &mut String) {
    let g = rules.geometry();
    for rank in (0..g.height as i32).rev() {
        let mut empty = 0;
        for file in 0..g.width as i32 {
            let sq = g.square(file, rank).expect("loop stays on the board");
            if rules.walls().contains(sq) {
                if empty > 0 {
                    s.push_str(&empty.to_string());
                    empty = 0;
                }
                s.push('*');
                continue;
            }
            match cell_token(rules, pos, sq) {
                None => empty += 1,
                Some(token) => {
                    if empty > 0 {
                        s.push_str(&empty.to_string());
                        empty = 0;
                    }
                    s.push_str(&token);
                    if pos.promoted().contains(sq) {
                        s.push('~');
                    }
                }
            }
        }
        if empty > 0 {
            s.push_str(&empty.to_string());
        }
        if rank > 0 {
            s.push('/');
        }
    }
}

/// Hands in brackets and reserves in angle brackets, where the variant
/// has them.
fn hands(rules: &Rules, pos: &Position, s: &mut String) {
    if rules.pocket().is_some()
        || !rules.masks().drops_from_captures.is_empty()
        || !pos.pockets().white.is_empty()
        || !pos.pockets().black.is_empty()
    {
        s.push('[');
        for color in Color::ALL {
            for (k, _) in pos.pockets()[color].iter() {
                s.push_str(&rules.piece(k).fen_token(color));
            }
        }
        s.push(']');
    }
    let has_reserves = rules.reserve().is_some()
        || rules.random_setup().as_ref().is_some_and(|r| r.reserve > 0)
        || Color::ALL.iter().any(|&c| pos.reserves()[c].len > 0);
    if has_reserves {
        s.push('<');
        for color in Color::ALL {
            if color == Color::Black {
                s.push('/');
            }
            let r = &pos.reserves()[color];
            for i in 0..r.len {
                match r.pieces[i as usize] {
                    Some(p) if i >= r.front && i < r.back => {
                        s.push_str(&rules.piece(p.kind).fen_token(color));
                    }
                    _ => s.push('-'),
                }
            }
        }
        s.push('>');
    }
}

/// The castling field, and the squares whose pieces it marks unmoved.
fn castling(rules: &Rules, pos: &Position) -> (String, SquareSet) {
    let g = rules.geometry();
    let mut castling = String::new();
    let mut granted = SquareSet::EMPTY;
    for color in Color::ALL {
        let list = &rules.castling()[color];
        for r in list {
            // A right is written only where its pieces stand.
            if super::fields::rule_in_place(rules, pos, color, r)
                && pos.unmoved().contains(r.king_from)
                && pos.unmoved().contains(r.partner_from)
            {
                granted.insert(r.king_from);
                granted.insert(r.partner_from);
                let same_side = list.iter().filter(|o| o.king_side == r.king_side).count();
                // With free starts, `K` and `Q` name the outermost partner
                // of its kind (X-FEN); an inner one is named by its file.
                let inner = r.free
                    && g.squares().any(|q| {
                        g.rank(q) == g.rank(r.partner_from)
                            && (g.file(q) > g.file(r.partner_from)) == r.king_side
                            && q != r.partner_from
                            && pos.piece_at(q).is_some_and(|p| {
                                p.color == color && Some(p.kind) == r.partner_piece
                            })
                    });
                let c = if (same_side > 1 && !r.free) || inner {
                    file_char(g.file(r.partner_from))
                } else if r.king_side {
                    'k'
                } else {
                    'q'
                };
                castling.push(if color == Color::White {
                    c.to_ascii_uppercase()
                } else {
                    c
                });
            }
        }
    }
    // Conventional order: K before Q within a side.
    let (mut white, mut black): (Vec<char>, Vec<char>) =
        castling.chars().partition(char::is_ascii_uppercase);
    let order = |c: &char| match c.to_ascii_lowercase() {
        'k' => 0,
        'q' => 1,
        f => 2 + (b'z' - f as u8) as i32,
    };
    white.sort_by_key(order);
    black.sort_by_key(order);
    // Rules that share a partner file share a letter.
    white.dedup();
    black.dedup();
    // Then the gates and first-move rights not written as castling
    // rights, by file from the a-file (`KQBCDFG`).
    for (color, letters) in [(Color::White, &mut white), (Color::Black, &mut black)] {
        let lettered = super::fields::lettered_squares(rules, pos, color);
        let mut files: Vec<char> = lettered
            .and(&pos.unmoved())
            .iter()
            .filter(|&q| !granted.contains(q))
            .map(|q| file_char(g.file(q)))
            .collect();
        files.sort_unstable();
        files.dedup();
        letters.extend(files.into_iter().map(|c| {
            if color == Color::White {
                c.to_ascii_uppercase()
            } else {
                c
            }
        }));
    }
    let castling: String = white.into_iter().chain(black).collect();
    // What a reader of the field marks unmoved: the letters may name more
    // rules than the ones in force (kings on several squares).
    let granted = castling_grants(rules, pos, &castling).unwrap_or(granted);
    (castling, granted)
}

/// The tagged fields after the six: markers, `placing`, `swap:`, `roll:`,
/// `pending:`, `passed:`, `moved:` and `unmoved:`, each only where it
/// says something.
fn tags(rules: &Rules, pos: &Position, granted: SquareSet, s: &mut String) {
    let g = rules.geometry();
    let m = pos.markers();
    if m.len > 0 {
        let list: Vec<String> = (0..m.len as usize)
            .map(|i| {
                format!(
                    "{}:{}{}",
                    g.name(Square(m.squares[i])),
                    rules.mutators()[m.mutators[i] as usize].name,
                    if m.faces >> i & 1 != 0 { '+' } else { '-' }
                )
            })
            .collect();
        s.push_str(&format!(" {{{}}}", list.join(" ")));
    }
    if pos.stage() == crate::position::Stage::Setup {
        s.push_str(" placing");
    }
    if let Some((a, b)) = pos.swap_back() {
        s.push_str(&format!(" swap:{}{}", g.name(a), g.name(b)));
    }
    if let Some(n) = pos.roll() {
        s.push_str(&format!(" roll:{n}"));
    }
    if let Some(p) = pos.pending() {
        s.push_str(&format!(" pending:{}", g.name(p.square)));
    }
    if pos.passes() > 0 {
        s.push_str(&format!(" passed:{}", pos.passes()));
    }
    if let Some(script) = rules.script() {
        let set: Vec<String> = script
            .state
            .iter()
            .zip(pos.state())
            .filter(|&(_, &v)| v != 0)
            .map(|(n, v)| format!("{n}={v}"))
            .collect();
        if !set.is_empty() {
            s.push_str(&format!(" state:{}", set.join(",")));
        }
    }
    if let Some((a, b)) = pos.last_move()
        && crate::position::hashes_last_move(rules)
    {
        s.push_str(&format!(" last:{}{}", g.name(a), g.name(b)));
    }
    let defaults = if rules.kinds().uses_unmoved {
        default_unmoved(rules, pos)
    } else {
        SquareSet::EMPTY
    };
    let moved: Vec<String> = defaults
        .or(&granted)
        .iter()
        .filter(|&sq| !pos.unmoved().contains(sq))
        .map(|sq| g.name(sq))
        .collect();
    if !moved.is_empty() {
        s.push_str(&format!(" moved:{}", moved.join(",")));
    }
    // Unmoved pieces that neither the castling field nor their kind
    // accounts for, where that can matter: a king whose partner has
    // moved, when a piece dropped from the reserve may become its partner
    // again, and any piece whose state the position's key holds.
    let regained = rules.drops().as_ref().is_some_and(|d| d.from_reserve);
    let castling_squares = castling_squares(rules);
    let unmoved: Vec<String> = pos
        .unmoved()
        .iter()
        .filter(|&sq| {
            !pos.is_empty(sq)
                && !granted.contains(sq)
                && !defaults.contains(sq)
                && (rules.unmoved_relevant().contains(sq)
                    || regained && castling_squares.contains(sq))
        })
        .map(|sq| g.name(sq))
        .collect();
    if !unmoved.is_empty() {
        s.push_str(&format!(" unmoved:{}", unmoved.join(",")));
    }
}
