//! A piece's moves drawn from one square, alone on the board or in a
//! position: what `changeling show piece` prints.

use super::{Error, Rulebook, Side};
use crate::board::{Color, Piece};
use crate::show::Reach;
use serde::{Deserialize, Serialize};

/// Where a piece may go from one square, as text and data.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct PieceDiagram {
    /// The kind's name.
    pub name: String,
    /// Its FEN symbol for the side shown.
    pub symbol: String,
    /// Its moves in Betza notation, as declared.
    pub betza: String,
    /// The square it stands on.
    pub square: String,
    /// The board drawn as text, the piece and the squares it reaches
    /// marked (`@` the piece; on an empty board `*` move or capture, `o`
    /// move only, `x` capture only; in a position `o` move, `x`
    /// capture, `*` both, `^` over a piece).
    pub text: String,
    /// Each square it reaches, in square order, and whether it captures
    /// there (in a position; on an empty board always false).
    pub reach: Vec<(String, bool)>,
    /// The diagram as SVG, when asked for.
    pub svg: Option<String>,
}

impl Rulebook {
    /// The moves of the kind `name` (a name or a letter) of `side` from
    /// the square `at` (the middle of the board when `None`): on an
    /// empty board, or put on that square of the position `fen` with
    /// its side to move. Drawn as SVG too when `svg`.
    ///
    /// A script hook that fails while the moves are found is kept for
    /// [`Rulebook::take_script_error`].
    ///
    /// # Errors
    ///
    /// No such kind ([`Error::NoSuchKind`]), no such square
    /// ([`Error::Move`], with the square as the text), or a FEN that
    /// does not read ([`Error::Fen`]).
    /// ```
    /// use changeling::session::{Rulebook, Side, VariantSource};
    /// let book = Rulebook::load(&VariantSource::Name("chess".into()))?;
    /// let d = book.piece_diagram("knight", Side::White, Some("a1"), None, false)?;
    /// assert_eq!(d.reach, [("c2".to_string(), false), ("b3".to_string(), false)]);
    /// # Ok::<(), changeling::session::Error>(())
    /// ```
    pub fn piece_diagram(
        &self,
        name: &str,
        side: Side,
        at: Option<&str>,
        fen: Option<&str>,
        svg: bool,
    ) -> Result<PieceDiagram, Error> {
        let rules = self.rules();
        let Some(kind) = crate::notation::kind_named(rules, name) else {
            let names: Vec<&str> = rules.pieces().iter().map(|p| p.name.as_str()).collect();
            return Err(Error::NoSuchKind {
                name: name.to_string(),
                kinds: names.join(", "),
            });
        };
        let g = rules.geometry();
        let from = match at {
            Some(text) => g.parse_square(text).ok_or_else(|| Error::Move {
                text: text.to_string(),
                message: format!(
                    "`{text}` is not a square of this {}x{} board",
                    g.width, g.height
                ),
            })?,
            None => g.centre(),
        };
        let color = Color::from(side);
        let diagram = match fen {
            None => crate::show::on_empty_board(rules, kind, color, from),
            Some(f) => {
                let mut pos = crate::notation::parse_fen(rules, f).map_err(|e| Error::Fen {
                    message: e.to_string(),
                })?;
                pos.take(rules, from);
                pos.put(rules, from, Piece::new(kind, color));
                pos.set_side(rules, color);
                crate::show::in_position(rules, &pos, from).ok_or_else(|| Error::Move {
                    text: g.name(from),
                    message: "no piece stands there".to_string(),
                })?
            }
        };
        let def = rules.piece(kind);
        Ok(PieceDiagram {
            name: def.name.clone(),
            symbol: def.fen_token(color),
            betza: def.betza.clone(),
            square: g.name(from),
            text: diagram.render(rules),
            reach: diagram
                .reach
                .iter()
                .map(|(s, r)| (g.name(*s), *r == Reach::Capture))
                .collect(),
            svg: svg.then(|| crate::svg::diagram(rules, &diagram)),
        })
    }
}
