//! Betza / XBetza movement strings, parsed with `grammar/movement.pest`
//! and normalised into [`Atom`]s: directions, style, range and mode.
//!
//! Coordinates are from White's side: `dy > 0` is forward. Black's moves
//! are mirrored by the compiler.
//!
//! Supported now: leaper atoms `W F D N A H C Z G` and any `(a,b)`;
//! shorthands `K` (`WF`), `R` (`WW`), `B` (`FF`), `Q` (`RB`); riders by a
//! doubled atom (`NN`) or a range (`W0` unlimited, `R4` at most four);
//! modifiers `f b l r v s` (directions, also paired: `fr`, `ff`, `fs`),
//! `hl`/`hr` (chiral halves of oblique atoms), `m`/`c` (move or capture
//! only), `n` (lame leaper), `j` (rider skips its first square), `i`
//! (initial move only), `g` (grasshopper), `p` (cannon / hopper);
//! multi-leg `a` moves (with `c` on a leg before the last for a capture
//! on the way) and bracketed legs; the crooked, circular and cylindrical
//! forms `z`, `q`, `o`. Other XBetza modifiers are rejected with an
//! error naming them.

use super::paths::{self, Step};
use super::words::join_or;
use crate::diag::{Diagnostic, Span};
use pest::Parser;

mod dirs;
mod expand;
mod legs;
mod read;
#[cfg(test)]
mod tests;

use expand::expand;
pub use legs::lame_path;

/// The generated parser for movement strings.
mod generated {
    #![allow(missing_docs)] // pest_derive's generated items
    #[derive(Debug, pest_derive::Parser)]
    #[grammar = "grammar/movement.pest"]
    pub struct MovementParser;
}
pub(crate) use generated::MovementParser;
pub use generated::Rule;

/// How an atom travels.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Style {
    /// One leap.
    Leap,
    /// Repeated leaps through empty squares.
    Ride,
    /// Rides to and over exactly one screen, then on to the destination
    /// (`p`, the cannon).
    Hop,
    /// Rides to the first piece and lands just beyond it (`g`).
    Grasshopper,
    /// Walks step programs ([`Atom::programs`]): bent, crooked, circular,
    /// cylindrical and other multi-leg moves.
    Path,
    /// Walks step programs as [`Style::Path`] does, and captures on the
    /// way: each square a leg before the last ends on ([`Atom::takes`])
    /// must hold an enemy, which the move captures (XBetza's `c` on a
    /// leg before the last, a locust capture).
    Locust,
}

/// One normalised movement component.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Atom {
    /// Allowed steps, from White's side.
    pub dirs: Vec<(i8, i8)>,
    /// How it travels.
    pub style: Style,
    /// Most steps for riders and hoppers (0: unlimited). For `p` and `g`
    /// the range bounds the distance to the screen.
    pub range: u8,
    /// May it move to an empty square?
    pub can_move: bool,
    /// May it capture?
    pub can_capture: bool,
    /// Lame leaper: the path squares must be empty.
    pub lame: bool,
    /// Rider that skips its first square (`j`).
    pub skip_first: bool,
    /// Only as the piece's initial move.
    pub initial: bool,
    /// For [`Style::Path`] and [`Style::Locust`]: every way the piece
    /// may travel.
    pub programs: Vec<Vec<Step>>,
    /// For [`Style::Locust`]: per program, the indices of its steps
    /// that capture on the way (each must land on an enemy).
    pub takes: Vec<Vec<u8>>,
    /// Attacks (gives check, guards) this way but never moves this way
    /// (a piece's `attacks` string).
    pub attack_only: bool,
    /// For [`Style::Path`]: files wrap around (the a- and last file are
    /// joined).
    pub wrap: bool,
    /// Where the component is written.
    pub span: Span,
}

impl Atom {
    /// Do the two atoms move the same way (wherever they are written)?
    pub fn same_movement(&self, other: &Atom) -> bool {
        // Destructured so that a new field cannot be forgotten here.
        let Atom {
            dirs,
            style,
            range,
            can_move,
            can_capture,
            lame,
            skip_first,
            initial,
            programs,
            takes,
            attack_only,
            wrap,
            span: _,
        } = self;
        *dirs == other.dirs
            && *style == other.style
            && *range == other.range
            && *can_move == other.can_move
            && *can_capture == other.can_capture
            && *lame == other.lame
            && *skip_first == other.skip_first
            && *initial == other.initial
            && *attack_only == other.attack_only
            && *wrap == other.wrap
            && *programs == other.programs
            && *takes == other.takes
    }
}

/// Longest movement string accepted, in characters. The longest real ones
/// are a few dozen (`fmWfcFfsmNifmnD`); the bound keeps compiling a piece,
/// and generating its moves, in proportion to what a piece can be.
pub const MAX_MOVEMENT_LENGTH: usize = 256;

/// Parses a movement string. `span` is where its text sits in the file
/// (the inside of the quotes), so errors point at the offending letter.
///
/// # Errors
///
/// Every problem found, each with a span inside the string.
pub fn parse_movement(text: &str, span: Span) -> Result<Vec<Atom>, Vec<Diagnostic>> {
    if let Some((first_over, c)) = text.char_indices().nth(MAX_MOVEMENT_LENGTH) {
        let length = text.chars().count();
        let at = Span::new(
            span.file,
            span.start as usize + first_over,
            span.start as usize + first_over + c.len_utf8(),
        );
        return Err(vec![
            Diagnostic::error(
                at,
                format!(
                    "movement string too long: {length} characters, at most {MAX_MOVEMENT_LENGTH}"
                ),
            )
            .with_label(format!("character {} is here", MAX_MOVEMENT_LENGTH + 1))
            .with_help("write each part once: a part written twice adds no move"),
        ]);
    }
    let at = |start: usize, len: usize| {
        Span::new(
            span.file,
            span.start as usize + start,
            span.start as usize + start + len,
        )
    };
    if text.trim().is_empty() {
        return Err(vec![
            Diagnostic::error(span, "empty movement string")
                .with_help("write a Betza string such as \"N\" or \"fmWfcF\""),
        ]);
    }
    let pairs = match MovementParser::parse(Rule::movement, text) {
        Ok(p) => p,
        Err(e) => return Err(vec![read::syntax_error(text, &e, at)]),
    };
    let mut errors = Vec::new();
    let raws = read::components(pairs, at, &mut errors);
    let mut atoms: Vec<Atom> = Vec::new();
    for raw in &raws {
        match expand(raw) {
            Ok(a) => {
                // A part written twice (`NN` aside, which rides) adds no
                // move: keep the first, so tables never hold repeats.
                for atom in a {
                    if !atoms.iter().any(|b| b.same_movement(&atom)) {
                        atoms.push(atom);
                    }
                }
            }
            Err(mut e) => errors.append(&mut e),
        }
    }
    if errors.is_empty() {
        Ok(atoms)
    } else {
        Err(errors)
    }
}
