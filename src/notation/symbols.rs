//! Piece symbols in move text.
//!
//! Move text and the board name a piece alike: a one-letter code as it
//! is (`N`), a longer code by the abbreviation the board draws and its
//! legend explains (`Sis` for `Sissa`). Abbreviations are chosen so that
//! none reads as another symbol followed by a file letter or `x`, so the
//! symbol always ends where the square (or disambiguating file) begins,
//! and a game record stays within what PGN allows in a move (no `{}`
//! around codes, which PGN reads as a comment). Reading accepts more: the
//! code in capitals (`SISSA`, as records written before abbreviations
//! were used spell it), the code as FEN writes it for White (`Sissa`,
//! `{Sissa}`) and the abbreviation in capitals (`SIS`).

use crate::board::{Color, Piece, PieceKind};
use crate::rules::{Rules, file_char};

/// The symbol move text writes for `kind`: its one-letter code in
/// capitals, or the abbreviation the board draws for a longer code.
pub fn san_symbol(rules: &Rules, kind: PieceKind) -> String {
    let def = rules.piece(kind);
    if def.letter.chars().count() == 1 {
        return def.letter.to_ascii_uppercase();
    }
    written(rules, &abbreviations(rules), kind)
}

/// The written symbol of `kind` given the [`abbreviations`] `short`: the
/// abbreviation, or the code in capitals where no abbreviation was free
/// (the braced fallback would read as a PGN comment).
fn written(rules: &Rules, short: &[String], kind: PieceKind) -> String {
    let abbreviation = &short[kind.index()];
    if abbreviation.starts_with('{') {
        rules.piece(kind).letter.to_ascii_uppercase()
    } else {
        abbreviation.clone()
    }
}

/// The kind a person names in a command (`moves Chan`, `show piece
/// sis`): its name, its code, or the board's abbreviation, in any case.
pub fn kind_named(rules: &Rules, text: &str) -> Option<PieceKind> {
    rules.kind_named(text).or_else(|| {
        abbreviations(rules)
            .iter()
            .position(|a| a.trim_matches(['{', '}']).eq_ignore_ascii_case(text))
            .map(|k| PieceKind(k as u8))
    })
}

/// The board's symbol of `piece` given the [`abbreviations`] `short`:
/// White's as it is, Black's in lower case (`Sis`, `sis`).
pub fn board_symbol(short: &[String], piece: Piece) -> String {
    let s = &short[piece.kind.index()];
    match piece.color {
        Color::White => s.clone(),
        Color::Black => s.to_ascii_lowercase(),
    }
}

/// The chess glyph of a FIDE kind (`♔` for White's king, `♚` for
/// Black's), found by the piece's name so that a variant's own `N` (say, a
/// Nightrider) keeps its letter. `None` for every other kind.
pub fn fide_glyph(name: &str, color: Color) -> Option<char> {
    let i = ["king", "queen", "rook", "bishop", "knight", "pawn"]
        .iter()
        .position(|n| name.eq_ignore_ascii_case(n))?;
    let set = match color {
        Color::White => ['♔', '♕', '♖', '♗', '♘', '♙'],
        Color::Black => ['♚', '♛', '♜', '♝', '♞', '♟'],
    };
    Some(set[i])
}

/// The board's [`abbreviations`] and every kind's [`symbol_forms`]
/// (fields 1 and 2), worked out once per rules and kept in them.
pub(crate) fn symbol_table(rules: &Rules) -> std::borrow::Cow<'_, crate::rules::SymbolCache> {
    let make = || {
        let short = abbreviations(rules);
        let forms = (0..rules.pieces().len())
            .map(|k| symbol_forms(rules, &short, PieceKind(k as u8)))
            .collect();
        let letters = rules.pieces().iter().map(|p| p.letter.clone()).collect();
        (letters, short, forms)
    };
    let cached = rules.symbol_cache().get_or_init(make);
    let fresh = cached.0.len() == rules.pieces().len()
        && cached
            .0
            .iter()
            .zip(rules.pieces())
            .all(|(l, p)| *l == p.letter);
    if fresh {
        std::borrow::Cow::Borrowed(cached)
    } else {
        // A copy of the rules whose pieces changed after the table was
        // kept: made again for this call.
        std::borrow::Cow::Owned(make())
    }
}

/// Every symbol move text accepts for `kind`, the written one
/// ([`san_symbol`]) first. `short` is [`abbreviations`].
pub fn symbol_forms(rules: &Rules, short: &[String], kind: PieceKind) -> Vec<String> {
    let def = rules.piece(kind);
    if def.letter.chars().count() == 1 {
        return vec![def.letter.to_ascii_uppercase()];
    }
    let braced = def.fen_token(Color::White);
    let plain = braced.trim_matches(['{', '}']).to_string();
    let abbreviation = short[kind.index()].clone();
    let candidates = [
        written(rules, short, kind),
        def.letter.to_ascii_uppercase(),
        plain,
        braced,
        abbreviation.to_ascii_uppercase(),
        abbreviation,
    ];
    let mut forms: Vec<String> = Vec::new();
    for f in candidates {
        if !forms.contains(&f) {
            forms.push(f);
        }
    }
    forms
}

/// White's board symbol per kind: one-letter codes as they are; longer
/// codes cut to the shortest prefix (two letters at least) that no other
/// kind uses, nor another symbol with a file letter or `x` added, and
/// that does not end in `x` (read as a capture), in declaration order, so a board of fifty kinds stays
/// narrow. Move text accepts these symbols too.
pub fn abbreviations(rules: &Rules) -> Vec<String> {
    let singles: Vec<String> = rules
        .pieces()
        .iter()
        .filter(|p| p.letter.chars().count() == 1)
        .map(|p| p.letter.to_ascii_uppercase())
        .collect();
    // An abbreviation is no other symbol followed by a file letter or
    // `x`, which move text would read as that symbol disambiguated or
    // capturing (`Drag` beside `Dr`, where `Dra` would be read as `Dr`
    // from the a-file).
    let files: Vec<char> = (0..i32::from(rules.geometry().width))
        .map(file_char)
        .collect();
    let tail = |c: char| c == 'x' || files.contains(&c);
    let mut used: Vec<String> = Vec::new();
    rules
        .pieces()
        .iter()
        .map(|p| {
            if p.letter.chars().count() == 1 {
                return p.letter.to_ascii_uppercase();
            }
            let code: String = p
                .fen_token(Color::White)
                .trim_matches(['{', '}'])
                .to_string();
            let chars: Vec<char> = code.chars().collect();
            let taken = |s: &str| {
                used.iter()
                    .chain(&singles)
                    .any(|u| u.eq_ignore_ascii_case(s))
            };
            let extends = |long: &str, short: &str| {
                long.len() == short.len() + 1
                    && long[..short.len()].eq_ignore_ascii_case(short)
                    && long.ends_with(tail)
            };
            // No abbreviation ends in `x`, which move text reads as a
            // capture (`Oxd2` would be `O` taking on d2, not the
            // Oxybeles stepping there).
            let prefixes = || {
                (2..=chars.len())
                    .map(|n| chars[..n].iter().collect::<String>())
                    .filter(|s| !s.ends_with(['x', 'X']))
            };
            // Codes that themselves differ by a file letter (`NNa`,
            // `NNb`) keep the shortest free prefix: move text tells them
            // apart as it tells apart two pieces of one kind.
            let short = prefixes()
                .find(|s| {
                    !taken(s)
                        && !used
                            .iter()
                            .chain(&singles)
                            .any(|u| extends(s, u) || extends(u, s))
                })
                .or_else(|| prefixes().find(|s| !taken(s)))
                .unwrap_or_else(|| format!("{{{code}}}"));
            used.push(short.clone());
            short
        })
        .collect()
}
