//! Piece symbols in move text.
//!
//! SAN names a piece by its code in capitals: `N` for a one-letter code,
//! `SISSA` for a longer one, so the symbol always ends where the
//! lower-case square (or disambiguating file) begins, and a game record
//! stays within what PGN allows in a move (no `{}` around codes, which PGN
//! reads as a comment). Reading accepts more: the code as FEN writes it
//! for White (`Sissa`, `{Sissa}`) and the short abbreviation the board is
//! drawn with (`Sis`, `SIS`).

use crate::board::{Color, PieceKind};
use crate::rules::{Rules, file_char};

/// The symbol move text writes for `kind`: its code in capitals.
pub fn san_symbol(rules: &Rules, kind: PieceKind) -> String {
    rules.piece(kind).letter.to_ascii_uppercase()
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

/// Every symbol move text accepts for `kind`, the written one
/// ([`san_symbol`]) first. `short` is [`abbreviations`].
pub fn symbol_forms(rules: &Rules, short: &[String], kind: PieceKind) -> Vec<String> {
    let def = rules.piece(kind);
    let mut forms = vec![san_symbol(rules, kind)];
    if def.letter.chars().count() > 1 {
        let braced = def.fen_token(Color::White);
        let plain = braced.trim_matches(['{', '}']).to_string();
        let abbreviation = short[kind.index()].clone();
        let candidates = [
            plain,
            braced,
            abbreviation.to_ascii_uppercase(),
            abbreviation,
        ];
        for f in candidates {
            if !forms.contains(&f) {
                forms.push(f);
            }
        }
    }
    forms
}

/// White's board symbol per kind: one-letter codes as they are; longer
/// codes cut to the shortest prefix (two letters at least) that no other
/// kind uses, nor another symbol with a file letter or `x` added, in
/// declaration order, so a board of fifty kinds stays
/// narrow. Move text accepts these symbols too.
pub fn abbreviations(rules: &Rules) -> Vec<String> {
    let singles: Vec<String> = rules
        .pieces
        .iter()
        .filter(|p| p.letter.chars().count() == 1)
        .map(|p| p.letter.to_ascii_uppercase())
        .collect();
    // An abbreviation is no other symbol followed by a file letter or
    // `x`, which move text would read as that symbol disambiguated or
    // capturing (`Drag` beside `Dr`, where `Dra` would be read as `Dr`
    // from the a-file).
    let files: Vec<char> = (0..i32::from(rules.geometry.width))
        .map(file_char)
        .collect();
    let tail = |c: char| c == 'x' || files.contains(&c);
    let mut used: Vec<String> = Vec::new();
    rules
        .pieces
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
            let prefixes = || (2..=chars.len()).map(|n| chars[..n].iter().collect::<String>());
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
