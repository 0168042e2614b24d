//! What a text front end asks of a position beyond its board and turns:
//! the legal turns with what groups them, the pieces attacking a square,
//! where a kind moves, the moves played as movetext; and the changes it
//! makes: a new seed, a record read beside its file.

use super::{Error, Limits, Session, Side, UnitAt};
use crate::board::Color;
use crate::game::Game;
use crate::notation::{Notation, to_san, to_uci};
use crate::position::Position;
use crate::rules::Rules;
use serde::{Deserialize, Serialize};
use std::sync::Arc;

/// A legal turn as a list of moves groups it ([`Session::listed_turns`]).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ListedTurn {
    /// The turn in SAN, with its check sign.
    pub san: String,
    /// The turn in coordinates (`g1f3`).
    pub coordinates: String,
    /// The name of the mover's kind.
    pub kind: String,
    /// The mover's symbol on a text board (`N`, `n`, `Sis`).
    pub board_symbol: String,
    /// The square it acts from; `None` for a drop from the hand.
    pub from: Option<String>,
    /// It places a marker (the marker-placement stage).
    pub placement: bool,
    /// It ends by pushing an enemy pawn (the SAN ends `&` and the push).
    pub pushes: bool,
}

/// Where a piece may go from a square ([`Session::piece_diagram`]).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct MoveDiagram {
    /// The kind shown.
    pub kind: String,
    /// Its side.
    pub side: Side,
    /// The square it stands on.
    pub from: String,
    /// Each square it reaches, in square order.
    pub reach: Vec<Reached>,
    /// The diagram as text: the board from White's side, the piece as
    /// `@`, other pieces by their board symbols, the marks of `reach`
    /// (`^` after a jump).
    pub text: String,
}

/// A square a piece reaches.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Reached {
    /// The square.
    pub square: String,
    /// How: `*` moves there and captures there, `o` only moves there,
    /// `x` only captures there.
    pub mark: char,
    /// It gets there by jumping over an occupied square.
    pub jump: bool,
}

impl Session {
    /// The legal turns in the order the rules list them, each with what
    /// groups it in a list of moves; with `filter`, only those from the
    /// square it names or of the kind it names (by name or letter).
    ///
    /// # Errors
    ///
    /// The filter names neither a square nor a kind of the variant.
    /// ```
    /// use changeling::session::{Session, Start, VariantSource};
    /// let s = Session::load(&VariantSource::Name("chess".into()), &Start::Setup)?;
    /// let knight = s.listed_turns(Some("g1"))?;
    /// assert_eq!(knight.len(), 2);
    /// assert_eq!((knight[0].board_symbol.as_str(), knight[0].from.as_deref()), ("N", Some("g1")));
    /// assert_eq!(s.listed_turns(Some("N"))?.len(), 4);
    /// assert!(s.listed_turns(Some("z9")).is_err());
    /// # Ok::<(), changeling::session::Error>(())
    /// ```
    pub fn listed_turns(&self, filter: Option<&str>) -> Result<Vec<ListedTurn>, Error> {
        let rules = self.game.rules();
        let g = rules.geometry();
        let pos = self.game.position();
        self.scripted(|s| {
            let all = s.game.legal_moves();
            let mut legal = all.clone();
            if let Some(text) = filter {
                if let Some(sq) = g.parse_square(text) {
                    legal.retain(|m| m.from == sq && !m.is_drop());
                } else if let Some(k) = crate::notation::kind_named(rules, text) {
                    legal.retain(|m| m.piece.kind == k);
                } else {
                    return Err(no_such_kind(rules, text));
                }
            }
            let notation = Notation::with_turns(rules, pos, all);
            let short = &crate::notation::symbol_table(rules).1;
            Ok(legal
                .iter()
                .map(|m| ListedTurn {
                    san: notation
                        .position_of(m)
                        .map_or_else(|| to_san(rules, pos, m), |i| notation.san_with_check(i)),
                    coordinates: to_uci(rules, m),
                    kind: rules.piece(m.piece.kind).name.clone(),
                    board_symbol: crate::notation::board_symbol(short, m.piece),
                    from: (!m.is_drop()).then(|| g.name(m.from)),
                    placement: m.placement().is_some(),
                    pushes: m.push.is_some(),
                })
                .collect())
        })
    }

    /// The names of the variant's kinds, as a kind is looked up by name.
    pub fn kind_names(&self) -> Vec<String> {
        self.game.rules().by_name().keys().cloned().collect()
    }

    /// The units of each side (White's first) that attack the square
    /// named `square`.
    ///
    /// # Errors
    ///
    /// No square of the board has that name.
    /// ```
    /// use changeling::session::{Session, Start, VariantSource};
    /// let s = Session::load(&VariantSource::Name("chess".into()), &Start::Setup)?;
    /// let [white, black] = s.attackers("f3")?;
    /// let mut by: Vec<String> = white.iter().map(|a| a.square.clone()).collect();
    /// by.sort();
    /// assert_eq!(by, ["e2", "g1", "g2"]);
    /// assert!(black.is_empty());
    /// # Ok::<(), changeling::session::Error>(())
    /// ```
    pub fn attackers(&self, square: &str) -> Result<[Vec<UnitAt>; 2], Error> {
        let rules = self.game.rules();
        let g = rules.geometry();
        let sq = g.parse_square(square).ok_or_else(|| not_a_square(square))?;
        let pos = self.game.position();
        Ok(self.scripted(|_| {
            Color::ALL.map(|color| {
                crate::movegen::attackers_of(rules, pos, sq, color)
                    .into_iter()
                    .filter_map(|a| {
                        Some(UnitAt {
                            square: g.name(a),
                            unit: super::unit(rules, pos.piece_at(a)?, false),
                        })
                    })
                    .collect()
            })
        }))
    }

    /// Where the kind `name` (a name or letter) moves: from `square` in
    /// this position when a unit of that kind stands there, else from
    /// `square` (the middle of the board when `None`) on an empty board,
    /// as White's. `None` when the unit on `square` has nothing to show.
    ///
    /// # Errors
    ///
    /// No kind has that name, or no square that name.
    /// ```
    /// use changeling::session::{Session, Start, VariantSource};
    /// let s = Session::load(&VariantSource::Name("chess".into()), &Start::Setup)?;
    /// let d = s.piece_diagram("knight", Some("g1"))?.unwrap();
    /// let to: Vec<&str> = d.reach.iter().map(|r| r.square.as_str()).collect();
    /// assert_eq!(to, ["f3", "h3"]);
    /// assert!(d.text.contains('@'));
    /// # Ok::<(), changeling::session::Error>(())
    /// ```
    pub fn piece_diagram(
        &self,
        name: &str,
        square: Option<&str>,
    ) -> Result<Option<MoveDiagram>, Error> {
        let rules = self.game.rules();
        let g = rules.geometry();
        let kind = crate::notation::kind_named(rules, name).ok_or_else(|| Error::NoSuchKind {
            name: name.to_string(),
            kinds: kind_list(rules),
        })?;
        let pos = self.game.position();
        let diagram =
            match square {
                Some(text) => {
                    let sq = g.parse_square(text).ok_or_else(|| not_a_square(text))?;
                    match pos.piece_at(sq) {
                        Some(p) if p.kind == kind => {
                            self.scripted(|_| crate::show::in_position(rules, pos, sq))
                        }
                        _ => Some(self.scripted(|_| {
                            crate::show::on_empty_board(rules, kind, Color::White, sq)
                        })),
                    }
                }
                None => Some(self.scripted(|_| {
                    crate::show::on_empty_board(rules, kind, Color::White, g.centre())
                })),
            };
        Ok(diagram.map(|d| MoveDiagram {
            kind: rules.piece(d.piece.kind).name.clone(),
            side: d.piece.color.into(),
            from: g.name(d.from),
            reach: d
                .reach
                .iter()
                .map(|&(sq, r)| Reached {
                    square: g.name(sq),
                    mark: r.mark(),
                    jump: d.jumps.contains(&sq),
                })
                .collect(),
            text: d.render(rules),
        }))
    }

    /// The turns played, numbered, in SAN, as a record's movetext writes
    /// them (`1. e4 e5 2. Nf3`); empty before the first turn.
    pub fn movetext(&self) -> String {
        crate::record::movetext_tokens(&self.game).join(" ")
    }

    /// Begins the game again with `seed`: a game that began from the
    /// variant's random setup draws a new one from it, a position set by
    /// hand is kept.
    ///
    /// ```
    /// use changeling::session::{Session, Start, VariantSource};
    /// let mut s = Session::load(&VariantSource::Name("atomic960".into()), &Start::Seed(1))?;
    /// let first = s.fen();
    /// s.reseed(2);
    /// assert_eq!(s.seed(), 2);
    /// assert_ne!(s.fen(), first);
    /// # Ok::<(), changeling::session::Error>(())
    /// ```
    pub fn reseed(&mut self, seed: u64) {
        let rules = self.game.rules().clone();
        let mut start = self.game.start().clone();
        let old = self.seed;
        if rules.random_setup().is_some()
            && let Ok(drawn) = crate::game::start_position(&rules, old)
            && crate::notation::to_fen(&rules, &drawn) == crate::notation::to_fen(&rules, &start)
            && let Ok(fresh) = crate::game::start_position(&rules, seed)
        {
            start = fresh;
        }
        self.set_game(Game::from_position(rules, start, seed), seed);
    }

    /// Replaces the game by the first game of a PGN record read from a
    /// file in `dir`, where a variant file the record names is looked
    /// for; the record's seed becomes the session's.
    ///
    /// # Errors
    ///
    /// As [`Session::load_pgn`]; the game in progress is kept.
    #[doc(hidden)]
    pub fn load_pgn_beside(&mut self, text: &str, dir: &std::path::Path) -> Result<(), Error> {
        let sources = crate::record::Sources {
            dir: Some(dir),
            current: Some(self.game.rules()),
        };
        let game = crate::record::read_pgn(text, self.seed, sources)
            .map_err(|e| Error::Pgn { message: e.0 })?;
        let seed = game.seed;
        self.set_game(game, seed);
        Ok(())
    }

    /// A session on `start` under rules a front end has loaded itself.
    #[doc(hidden)]
    pub fn from_position(rules: Arc<Rules>, start: Position, seed: u64) -> Session {
        Session::of_game(Game::from_position(rules, start, seed), seed)
    }

    /// A front end's command begins: the budget of work the variant's
    /// scripts may do for one command starts again.
    pub fn begin_command(&self) {
        if let Some(host) = crate::movegen::hooks(self.game.rules()) {
            host.begin_command();
        }
    }
}

impl Limits {
    /// Reads limits as a person types them: `depth N`, `time S` (seconds,
    /// fractions allowed), `nodes N`, any of them in any order; `None`
    /// when `text` is blank.
    ///
    /// # Errors
    ///
    /// A word that is none of these, or a number out of range
    /// ([`Error::Limits`]).
    /// ```
    /// use changeling::session::Limits;
    /// let l = Limits::parse("depth 4 time 0.5")?.unwrap();
    /// assert_eq!((l.depth, l.millis), (Some(4), Some(500)));
    /// assert_eq!(Limits::parse("")?, None);
    /// assert!(Limits::parse("depth").is_err());
    /// # Ok::<(), changeling::session::Error>(())
    /// ```
    pub fn parse(text: &str) -> Result<Option<Limits>, Error> {
        match crate::search::parse_limits(text) {
            Ok(limits) => Ok(limits.as_ref().map(super::limits_of)),
            Err(message) => Err(Error::Limits { message }),
        }
    }
}

/// `text` names no square of the board.
fn not_a_square(text: &str) -> Error {
    Error::Move {
        text: text.to_string(),
        message: format!("`{text}` is not a square of this board"),
    }
}

/// `text` names no kind of `rules`.
fn no_such_kind(rules: &Rules, text: &str) -> Error {
    Error::NoSuchKind {
        name: text.to_string(),
        kinds: kind_list(rules),
    }
}

/// The names of the kinds of `rules`, joined by commas.
fn kind_list(rules: &Rules) -> String {
    let names: Vec<&str> = rules.pieces().iter().map(|p| p.name.as_str()).collect();
    names.join(", ")
}

#[cfg(test)]
mod tests {
    use super::super::{Start, VariantSource};
    use super::*;

    fn chess() -> Session {
        Session::load(&VariantSource::Name("chess".into()), &Start::Setup).expect("chess")
    }

    /// Every answer of the text front end's queries goes through JSON
    /// and comes back the same.
    #[test]
    fn the_answers_are_plain_data() {
        fn round<T: Serialize + for<'a> Deserialize<'a> + PartialEq + std::fmt::Debug>(t: T) {
            let json = serde_json::to_string(&t).expect("serializes");
            assert_eq!(
                serde_json::from_str::<T>(&json).expect("reads"),
                t,
                "{json}"
            );
        }
        let mut s = chess();
        round(s.listed_turns(None).unwrap());
        round(s.attackers("f3").unwrap());
        round(s.piece_diagram("knight", Some("g1")).unwrap());
        round(s.explain_turn("Nf3").unwrap());
        s.set_fen("4k3/1P6/8/8/8/8/8/4K3 w - - 0 1").unwrap();
        s.play("b8=Q+").unwrap();
        let after = s.last_turn_aftermath().expect("a promotion");
        assert_eq!(after.changed, ["the pawn became a queen on b8"]);
        round(after);
        round(Limits::parse("depth 3 nodes 10").unwrap());
    }

    #[test]
    fn a_bad_square_or_kind_is_an_error_not_a_panic() {
        let s = chess();
        assert!(matches!(s.attackers("i9"), Err(Error::Move { .. })));
        assert!(matches!(
            s.piece_diagram("dragon", None),
            Err(Error::NoSuchKind { .. })
        ));
        assert!(matches!(
            s.piece_diagram("knight", Some("")),
            Err(Error::Move { .. })
        ));
        assert!(matches!(
            s.listed_turns(Some("zz")),
            Err(Error::NoSuchKind { .. })
        ));
        // A knight asked for on a square a pawn holds: from there on an
        // empty board.
        let d = s.piece_diagram("knight", Some("e2")).unwrap().unwrap();
        assert_eq!(d.from, "e2");
        assert_eq!(d.reach.len(), 6);
        assert!(matches!(
            Limits::parse("depth 0"),
            Err(Error::Limits { .. })
        ));
    }
}
