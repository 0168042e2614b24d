//! The read-only position view scripts receive, and its helper library.
//!
//! Squares are integers (`rank * width + file`), `-1` for "none"; colours
//! and kinds are strings. Every function answers for any argument: a bad
//! square gives `-1`, `""`, `false` or an empty array, never an error,
//! so a script's own checks decide what is wrong.

use super::memo::Reads;
use crate::board::{Color, Piece, PieceKind, Square};
use crate::movegen;
use crate::position::{Effect, Move, Position};
use crate::rules::Rules;
use rhai::{Array, Dynamic, Engine, INT};
use std::sync::Arc;

/// What a script sees: a snapshot of the position and the variant's
/// native rules (its script left out, so helpers never call back into
/// scripts). Copies share the snapshot and the log of what the call has
/// read, which decides whether its answer may be remembered.
#[derive(Clone, Debug)]
pub struct Board {
    pos: Arc<Position>,
    rules: Arc<Rules>,
    /// The names of the script's state, by slot.
    state: Arc<[String]>,
    reads: Arc<Reads>,
}

/// The colour's name as scripts write it.
pub fn color_name(c: Color) -> &'static str {
    match c {
        Color::White => "white",
        Color::Black => "black",
    }
}

/// The colour a script named (`"white"`, `"black"`).
pub fn parse_color(s: &str) -> Option<Color> {
    match s {
        "white" => Some(Color::White),
        "black" => Some(Color::Black),
        _ => None,
    }
}

impl Board {
    pub(crate) fn new(rules: Arc<Rules>, state: Arc<[String]>, pos: &Position) -> Board {
        Board {
            pos: Arc::new(pos.clone()),
            rules,
            state,
            reads: Arc::default(),
        }
    }

    /// What the calls given this board (or its copies) have read.
    pub(crate) fn reads(&self) -> &Reads {
        &self.reads
    }

    /// The piece on `sq`, noted as read.
    fn at(&self, sq: Square) -> Option<Piece> {
        self.reads.square(sq);
        self.pos.piece_at(sq)
    }

    /// Is `sq` empty? Noted as read.
    fn empty(&self, sq: Square) -> bool {
        self.reads.square(sq);
        self.pos.is_empty(sq)
    }

    /// Notes `sq` as read, and its neighbours where pieces of `kinds`
    /// (freezers or protectors) exist, whose auras reach it from there.
    fn around(&self, sq: Square, kinds: crate::board::KindSet) {
        self.reads.square(sq);
        if kinds.is_empty() {
            return;
        }
        for n in self.rules.geometry().neighbours(sq) {
            self.reads.square(n);
        }
    }

    pub(crate) fn sq(&self, s: INT) -> Option<Square> {
        (0..self.rules.geometry().len() as INT)
            .contains(&s)
            .then_some(Square(s as u8))
    }

    /// A step `(dx, dy)` that may stay on the board: both no longer than
    /// the board (any longer one leaves it, so no arithmetic on it can
    /// overflow).
    fn step(&self, dx: INT, dy: INT) -> Option<(i32, i32)> {
        let g = &self.rules.geometry();
        let fits = |d: INT, size: INT| (-size..=size).contains(&d);
        (fits(dx, g.width as INT) && fits(dy, g.height as INT)).then_some((dx as i32, dy as i32))
    }

    fn piece(&self, s: INT) -> Option<Piece> {
        self.sq(s).and_then(|sq| self.at(sq))
    }

    fn squares(list: impl IntoIterator<Item = Square>) -> Array {
        list.into_iter()
            .map(|s| Dynamic::from(s.index() as INT))
            .collect()
    }

    /// The squares the piece on `from` would capture on if it were of
    /// kind `kind` (same colour), by its native moves; empty when `kind`
    /// is unknown or `from` empty.
    fn captures_as(&self, kind: &str, from: INT) -> Array {
        let (Some(sq), Some(k)) = (self.sq(from), self.rules.kind(kind)) else {
            return Array::new();
        };
        self.reads.whole();
        Board::squares(movegen::captures_as(&self.rules, &self.pos, sq, k, true))
    }

    /// The enemy pieces of kind `kind` that the piece on `from` could
    /// capture by that kind's own captures ([`Board::captures_as`]) and
    /// may capture ([`movegen::may_take`]): an imitator's captures of them.
    fn takes_like(&self, kind: &str, from: INT) -> Array {
        let (Some(sq), Some(k)) = (self.sq(from), self.rules.kind(kind)) else {
            return Array::new();
        };
        self.reads.whole();
        Board::squares(movegen::takes_like(&self.rules, &self.pos, sq, k, true))
    }
}

/// A move as scripts see it in `filter_moves` and `after_move`.
pub(crate) fn move_map(rules: &Rules, mv: &Move, index: usize) -> rhai::Map {
    let mut m = rhai::Map::new();
    let captures: Array = mv
        .effects(rules)
        .iter()
        .filter_map(|e| match e {
            Effect::Capture { square, .. } => Some(Dynamic::from(square.index() as INT)),
            _ => None,
        })
        .collect();
    m.insert("index".into(), Dynamic::from(index as INT));
    m.insert("from".into(), Dynamic::from(mv.from.index() as INT));
    m.insert("to".into(), Dynamic::from(mv.to.index() as INT));
    m.insert(
        "kind".into(),
        Dynamic::from(rules.piece(mv.piece.kind).name.clone()),
    );
    m.insert("captures".into(), Dynamic::from(captures));
    m.insert("drop".into(), Dynamic::from(mv.is_drop()));
    let tag = crate::notation::move_tag(rules, mv);
    m.insert("tag".into(), Dynamic::from(tag.unwrap_or_default()));
    m
}

/// Registers `Board` and its functions.
pub(crate) fn register(e: &mut Engine) {
    e.register_type_with_name::<Board>("Board")
        .register_fn("width", |b: &mut Board| b.rules.geometry().width as INT)
        .register_fn("height", |b: &mut Board| b.rules.geometry().height as INT)
        .register_fn("side", |b: &mut Board| {
            b.reads.side();
            color_name(b.pos.side()).to_string()
        })
        .register_fn("history_len", |b: &mut Board| {
            b.reads.turns();
            INT::from(b.pos.turns().white) + INT::from(b.pos.turns().black)
        })
        .register_fn("move_number", |b: &mut Board| {
            b.reads.turns();
            INT::from(b.pos.fullmove())
        })
        .register_fn("state", |b: &mut Board, name: &str| -> Result<INT, Box<rhai::EvalAltResult>> {
            // A number of the script's state, by its name in the
            // variant's `state` list.
            let slot = b
                .state
                .iter()
                .position(|s| s == name)
                .ok_or_else(|| {
                    format!("`{name}` is no state of this variant (declare it in `script {{ state = [...] }}`)")
                })?;
            b.reads.state();
            Ok(INT::from(b.pos.state()[slot]))
        })
        .register_fn("last_move", |b: &mut Board| {
            // The last move's squares as `#{ from, to }` (a drop's `from`
            // is its square), or `()` before the first move.
            b.reads.last_move();
            b.pos.last_move().map_or(Dynamic::UNIT, |(from, to)| {
                let mut m = rhai::Map::new();
                m.insert("from".into(), Dynamic::from(from.index() as INT));
                m.insert("to".into(), Dynamic::from(to.index() as INT));
                Dynamic::from(m)
            })
        })
        .register_fn("mutators", |b: &mut Board| {
            // Active mutators by number (every remembered answer is
            // kept with them, so reading them costs nothing).
            b.pos
                .active()
                .iter()
                .map(|i| Dynamic::from(i as INT))
                .collect::<Array>()
        })
        .register_fn("square", |b: &mut Board, name: &str| {
            b.rules
                .geometry()
                .parse_square(name)
                .map_or(-1, |s| s.index() as INT)
        })
        .register_fn("name", |b: &mut Board, s: INT| {
            b.sq(s)
                .map_or_else(String::new, |sq| b.rules.geometry().name(sq))
        })
        .register_fn("file", |b: &mut Board, s: INT| {
            b.sq(s).map_or(-1, |sq| b.rules.geometry().file(sq) as INT)
        })
        .register_fn("rank", |b: &mut Board, s: INT| {
            b.sq(s).map_or(-1, |sq| b.rules.geometry().rank(sq) as INT)
        })
        .register_fn("offset", |b: &mut Board, s: INT, dx: INT, dy: INT| {
            let (Some(sq), Some((dx, dy))) = (b.sq(s), b.step(dx, dy)) else {
                return -1;
            };
            b.rules
                .geometry()
                .offset(sq, dx, dy)
                .map_or(-1, |t| t.index() as INT)
        })
        .register_fn("direction", |b: &mut Board, s: INT, to: INT| {
            // The unit step from `s` toward `to` along a file, rank or
            // diagonal, or nothing where `to` is on none of them.
            let (Some(s), Some(to)) = (b.sq(s), b.sq(to)) else {
                return Array::new();
            };
            let g = &b.rules.geometry();
            let dx = g.file(to) as INT - g.file(s) as INT;
            let dy = g.rank(to) as INT - g.rank(s) as INT;
            if (dx, dy) == (0, 0) || (dx != 0 && dy != 0 && dx.abs() != dy.abs()) {
                return Array::new();
            }
            vec![Dynamic::from(dx.signum()), Dynamic::from(dy.signum())]
        })
        .register_fn("neighbours", |b: &mut Board, s: INT| {
            b.sq(s).map_or_else(Array::new, |sq| {
                Board::squares(b.rules.geometry().neighbours(sq))
            })
        })
        .register_fn("ray", |b: &mut Board, s: INT, dx: INT, dy: INT| {
            // The squares from `s` (excluded) in steps of (dx, dy) up to
            // and including the first occupied one, or to the edge.
            let mut out = Array::new();
            let (Some(mut sq), Some((dx, dy))) = (b.sq(s), b.step(dx, dy)) else {
                return out;
            };
            if dx == 0 && dy == 0 {
                return out;
            }
            while let Some(t) = b.rules.geometry().offset(sq, dx, dy) {
                out.push(Dynamic::from(t.index() as INT));
                if !b.empty(t) {
                    break;
                }
                sq = t;
            }
            out
        })
        .register_fn("is_empty", |b: &mut Board, s: INT| {
            b.sq(s).is_some_and(|sq| b.empty(sq))
        })
        .register_fn("kind", |b: &mut Board, s: INT| {
            b.piece(s)
                .map_or_else(String::new, |p| b.rules.piece(p.kind).name.clone())
        })
        .register_fn("color", |b: &mut Board, s: INT| {
            b.piece(s)
                .map_or_else(String::new, |p| color_name(p.color).to_string())
        })
        .register_fn("royal", |b: &mut Board, s: INT| {
            // Only whether a royal stands there is read, so a scan of
            // the board for the king is remembered like `royals`.
            b.sq(s).is_some_and(|sq| {
                b.reads.royal_at(sq);
                b.pos.royals(Color::White).contains(sq) || b.pos.royals(Color::Black).contains(sq)
            })
        })
        .register_fn("is_pawn", |b: &mut Board, s: INT| {
            b.piece(s).is_some_and(|p| b.rules.is_pawn(p.kind))
        })
        // May the piece on `s` end a move on `to`? Not a pawn on its
        // promotion ranks when promotions come from an empty reserve.
        .register_fn("may_arrive", |b: &mut Board, s: INT, to: INT| {
            let (Some(p), Some(to)) = (b.piece(s), b.sq(to)) else {
                return false;
            };
            b.reads.reserves();
            b.pos.may_arrive(&b.rules, p, to)
        })
        .register_fn("forward", |_: &mut Board, color: &str| -> INT {
            if color == "black" { -1 } else { 1 }
        })
        .register_fn("can_capture", |b: &mut Board, from: INT, s: INT| {
            let (Some(a), Some(sq)) = (b.piece(from), b.sq(s)) else {
                return false;
            };
            b.around(sq, b.rules.auras().protectors);
            b.pos.piece_at(sq).is_some_and(|v| {
                v.color != a.color && movegen::may_take(&b.rules, &b.pos, sq, a, v)
            })
        })
        .register_fn("is_frozen", |b: &mut Board, s: INT| {
            b.sq(s).is_some_and(|sq| {
                b.around(sq, b.rules.auras().freezers);
                b.pos
                    .piece_at(sq)
                    .is_some_and(|p| movegen::frozen(&b.rules, &b.pos, sq, p))
            })
        })
        .register_fn("is_protected", |b: &mut Board, s: INT| {
            b.sq(s).is_some_and(|sq| {
                b.around(sq, b.rules.auras().protectors);
                b.pos
                    .piece_at(sq)
                    .is_some_and(|p| movegen::protected(&b.rules, &b.pos, sq, p.color))
            })
        })
        .register_fn("attacked", |b: &mut Board, s: INT, by: &str| {
            let (Some(sq), Some(c)) = (b.sq(s), parse_color(by)) else {
                return false;
            };
            b.reads.whole();
            movegen::is_attacked(&b.rules, &b.pos, sq, c)
        })
        .register_fn("captures_as", |b: &mut Board, kind: &str, from: INT| {
            b.captures_as(kind, from)
        })
        .register_fn("takes_like", |b: &mut Board, kind: &str, from: INT| {
            b.takes_like(kind, from)
        })
        .register_fn("capture_mode", |b: &mut Board, s: INT| {
            // The capture mode of the piece on `s` ("" for none, or no
            // piece).
            b.piece(s)
                .and_then(|p| b.rules.piece(p.kind).capture)
                .map_or("", |m| m.name())
                .to_string()
        })
        .register_fn("royals", |b: &mut Board, color: &str| {
            // The squares of `color`'s royal pieces.
            let Some(c) = parse_color(color) else {
                return Array::new();
            };
            b.reads.royals();
            Board::squares(b.pos.royals(c).iter())
        })
        .register_fn("pieces", |b: &mut Board, kind: &str, color: &str| {
            // The squares of `color`'s pieces of `kind`, in square order.
            let (Some(k), Some(c)) = (b.rules.kind(kind), parse_color(color)) else {
                return Array::new();
            };
            let piece = Piece::new(k, c);
            b.reads.piece(piece);
            let code = piece.code();
            Board::squares(
                b.pos
                    .occupied(c)
                    .iter()
                    .filter(|&s| b.pos.code_at(s) == code),
            )
        })
        .register_fn("first", |b: &mut Board, s: INT, dx: INT, dy: INT| {
            // The first occupied square from `s` (excluded) in steps of
            // (dx, dy), or -1 where the line runs off the board first.
            let (Some(mut sq), Some((dx, dy))) = (b.sq(s), b.step(dx, dy)) else {
                return -1;
            };
            if dx == 0 && dy == 0 {
                return -1;
            }
            while let Some(t) = b.rules.geometry().offset(sq, dx, dy) {
                if !b.empty(t) {
                    return t.index() as INT;
                }
                sq = t;
            }
            -1
        })
        .register_fn("attackers", |b: &mut Board, s: INT, by: &str| {
            // `by`'s pieces that attack `s` by the native moves, each as
            // `#{ from, kind }`, in square order.
            let (Some(sq), Some(c)) = (b.sq(s), parse_color(by)) else {
                return Array::new();
            };
            b.reads.whole();
            let mut from = movegen::attackers_of(&b.rules, &b.pos, sq, c);
            from.sort_unstable_by_key(|s| s.0);
            from.into_iter()
                .filter_map(|f| {
                    let p = b.pos.piece_at(f)?;
                    let mut m = rhai::Map::new();
                    m.insert("from".into(), Dynamic::from(f.index() as INT));
                    m.insert(
                        "kind".into(),
                        Dynamic::from(b.rules.piece(p.kind).name.clone()),
                    );
                    Some(Dynamic::from(m))
                })
                .collect::<Array>()
        })
        .register_fn("kinds", |b: &mut Board, color: &str| {
            // The kinds of `color`'s pieces, each once, in square order.
            let Some(c) = parse_color(color) else {
                return Array::new();
            };
            let mut seen: Vec<PieceKind> = Vec::new();
            for sq in b.rules.geometry().squares() {
                b.reads.square(sq);
                if let Some(p) = b.pos.piece_at(sq).filter(|p| p.color == c)
                    && !seen.contains(&p.kind)
                {
                    seen.push(p.kind);
                }
            }
            seen.into_iter()
                .map(|k| Dynamic::from(b.rules.piece(k).name.clone()))
                .collect::<Array>()
        });
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::notation::parse_fen;

    /// Evaluates `expr` with `board` bound to `fen` in `variant`.
    fn eval(variant: &str, fen: &str, expr: &str) -> String {
        let rules = crate::variants::load(variant).unwrap();
        let pos = parse_fen(&rules, fen).unwrap();
        let mut e = Engine::new();
        register(&mut e);
        let mut scope = rhai::Scope::new();
        scope.push("board", Board::new(rules, Arc::new([]), &pos));
        e.eval_with_scope::<Dynamic>(&mut scope, expr)
            .unwrap()
            .to_string()
    }

    #[test]
    fn the_board_view_answers_from_the_position() {
        let fen = "4k3/8/8/8/8/5n2/4P3/4K3 w - - 0 1";
        let e4 = "board.square(\"e4\")";
        assert_eq!(
            eval("chess", fen, "board.width() * 100 + board.height()"),
            "808"
        );
        assert_eq!(eval("chess", fen, "board.side()"), "white");
        assert_eq!(eval("chess", fen, "board.history_len()"), "0");
        assert_eq!(eval("chess", fen, "board.mutators()"), "[]");
        assert_eq!(eval("chess", fen, &format!("board.name({e4})")), "e4");
        assert_eq!(eval("chess", fen, "board.neighbours(0)"), "[1, 8, 9]");
        // From e1 up the file: e2 holds the pawn, so the ray stops there.
        assert_eq!(eval("chess", fen, "board.ray(4, 0, 1)"), "[12]");
        assert_eq!(eval("chess", fen, "board.ray(4, 0, 0)"), "[]");
        assert_eq!(
            eval(
                "chess",
                fen,
                "[board.royal(4), board.royal(12), board.is_pawn(12)]"
            ),
            "[true, false, true]"
        );
        // The knight on f3 attacks e1 (check) and the pawn may take it.
        assert_eq!(eval("chess", fen, "board.attacked(4, \"black\")"), "true");
        assert_eq!(eval("chess", fen, "board.can_capture(12, 21)"), "true");
        assert_eq!(eval("chess", fen, "board.can_capture(4, 12)"), "false");
        // As a knight, the king on e1 would take on f3; as a rook, nothing.
        assert_eq!(
            eval("chess", fen, "board.captures_as(\"knight\", 4)"),
            "[21]"
        );
        assert_eq!(eval("chess", fen, "board.captures_as(\"rook\", 4)"), "[]");
        assert_eq!(eval("chess", fen, "board.captures_as(\"dragon\", 4)"), "[]");
        // Taking like a kind takes only pieces of that kind: as a king,
        // the pawn on e2 would capture on f3, but the knight there is no
        // king.
        assert_eq!(
            eval("chess", fen, "board.takes_like(\"knight\", 4)"),
            "[21]"
        );
        assert_eq!(
            eval("chess", fen, "board.captures_as(\"king\", 12)"),
            "[21]"
        );
        assert_eq!(eval("chess", fen, "board.takes_like(\"king\", 12)"), "[]");
        // Each side's kinds once, in square order (f3 before e8).
        assert_eq!(
            eval("chess", fen, "board.kinds(\"black\")"),
            "[\"knight\", \"king\"]"
        );
        assert_eq!(
            eval(
                "chess",
                fen,
                "board.kinds(\"white\") + board.kinds(\"green\")"
            ),
            "[\"king\", \"pawn\"]"
        );
        // Bad squares answer, never fail.
        assert_eq!(
            eval(
                "chess",
                fen,
                "[board.kind(500), board.offset(-3, 1, 1), board.is_frozen(99)]"
            ),
            "[\"\", -1, false]"
        );
    }

    #[test]
    fn integers_of_any_size_are_off_the_board() {
        // Steps and squares beyond any board give `-1` or nothing; before,
        // `offset(7, 2147483647, 0)` overflowed (a panic in debug builds).
        let fen = "4k3/8/8/8/8/5n2/4P3/4K3 w - - 0 1";
        assert_eq!(
            eval(
                "chess",
                fen,
                "[board.offset(7, 2147483647, 0), board.offset(7, -2147483648, 0), \
                 board.offset(0, 9223372036854775807, 1), board.offset(0, 1, -9223372036854775807 - 1), \
                 board.offset(0, 8, 0), board.offset(0, 7, 7), board.offset(63, -7, -7)]"
            ),
            "[-1, -1, -1, -1, -1, 63, 0]"
        );
        assert_eq!(
            eval(
                "chess",
                fen,
                "[board.ray(0, 2147483647, 0), board.ray(0, 0, -9223372036854775807 - 1), \
                 board.ray(0, 4294967296, 1), board.ray(4, 0, 8), board.ray(4, 0, 7)]"
            ),
            "[[], [], [], [], [60]]"
        );
        assert_eq!(
            eval(
                "chess",
                fen,
                "[board.name(9223372036854775807), board.file(-9223372036854775807 - 1), \
                 board.captures_as(\"king\", 4294967300), board.may_arrive(12, 2147483648), \
                 board.history_len(), board.takes_like(\"king\", -1)]"
            ),
            "[\"\", -1, [], false, 0, []]"
        );
    }

    #[test]
    fn auras_show_in_the_board_view() {
        let v = "tests/scripts/exotic.variant";
        // White Immobilizer d4 freezes the Black knight d5; the Black
        // Shield on e6 protects it.
        let fen = "4k3/8/4h3/3n4/3I4/8/8/4K3 w - - 0 1";
        let d5 = 35;
        assert_eq!(
            eval(
                v,
                fen,
                &format!("[board.is_frozen({d5}), board.is_protected({d5})]")
            ),
            "[true, true]"
        );
        assert_eq!(
            eval(v, fen, &format!("board.can_capture(27, {d5})")),
            "false"
        );
    }
}
