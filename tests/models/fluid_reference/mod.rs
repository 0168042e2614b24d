//! An independent, brute-force reference model of **Fluid Chess**, written
//! from the rules reference `shared/rules/fluid.md` (seed text
//! `shared/seeds/004_c51a8ae3c5092ef4.txt`). It shares no code with the
//! engine (std only, no `use changeling::...`) so that it can later be used
//! to cross-check the engine's perft counts. It favours plain code over
//! speed.
//!
//! # Model
//!
//! * Board: 64 cells, each holding 0, 1 or 2 units; a unit is a colour and
//!   one of King, Rook, Bishop, Moo, Pawn (section 2). A cell's units are
//!   kept sorted (White before Black, then K R B N P) so that equal
//!   contents compare equal: stacks are unordered pairs (OQ-12). A Queen is
//!   exactly the stack {Bishop, Rook} of one colour (section 3, OQ-2).
//! * FEN dialect: standard FEN; a cell may be a parenthesised group such as
//!   `(RN)` (White rook + Moo) or `(Rn)` (mixed: White rook, Black Moo).
//!   `Q`/`q` means `(BR)`/`(br)`, `N`/`n` is the Moo. The reader accepts the
//!   units of a group in any order and a `Q` inside a group; the writer is
//!   canonical: a same-colour B+R pair is written `Q`/`q`, every other
//!   two-unit cell is a group in the order White's unit first, then
//!   K R B N P: `(KR)`, `(KN)`, `(RN)`, `(BN)`, `(RR)`, mixed `(Rn)`,
//!   `(Pb)`, `(Bk)`. A group holds exactly two units, so a mixed cell never
//!   contains a queen.
//! * Passable square for a single moving unit (section 2, OQ-3): empty, or
//!   exactly one unit that is friendly and not a pawn. Pawns never pass
//!   anything. A pair's path squares must be empty (OQ-4).
//! * Single-unit moves (5A): any unit of the side to move, alone or one of
//!   the two units of a stack or mixed cell, moves as if alone; landing per
//!   the capture table of section 6 (see `single_landings`).
//! * Pair moves (5B, OQ-4): two friendly units that share a cell move to any
//!   destination one of them reaches by its own pattern over empty
//!   intermediate squares; the destination must be empty or hold only enemy
//!   units, all captured. A pair with the King is allowed (OQ-6).
//! * Moo (OQ-7): the 8 knight targets, each through two possible
//!   intermediate squares (the orthogonal one and the diagonal one next to
//!   both start and target); at least one must be passable (empty for a
//!   pair).
//! * Castling (section 7, OQ-8): both orders are tried; the first piece must
//!   land on an empty square, the second passes the first and may land on a
//!   single friendly non-pawn unit. The King must not be in check and the
//!   squares it crosses and lands on must not be attacked in the position
//!   before castling. As it turns out, whenever both orders are legal both
//!   intermediate target squares are empty, so both orders always give the
//!   same position; they count once.
//! * Pawns (OQ-10): FIDE moves; a pawn moves forward only to an empty cell,
//!   captures diagonally (one enemy unit, or one chosen unit of an enemy
//!   stack, making a mixed cell; never into a mixed cell), en passant.
//!   Promotion per option (section 9, OQ-9): `standard` Q(=B+R)/R/B/N,
//!   `single` R/B/N, `doubled` B+R / B+N / R+N; a doubled piece is illegal on
//!   a mixed cell, so under `doubled` a promoting capture of one unit of a
//!   stack has no legal form at all.
//! * Attack (section 8): square `s` is attacked by side X when an X unit
//!   (possibly one unit of a stack or mixed cell) could make a single-unit
//!   capture onto `s`: its path squares must be passable for X (empty or a
//!   single X non-pawn unit; the text says "a single unit friendly to the
//!   attacker", we read it with section 2's passability, so an X pawn is a
//!   screen that blocks X's own rays). A non-pawn cannot capture into a cell
//!   also holding an X pawn, and an X pawn cannot capture into a cell that
//!   holds any X unit (the mixed-King case of section 8). The King is in
//!   check when its cell is attacked, also when stacked (OQ-6). A turn is
//!   legal when the mover's King is not attacked afterwards.
//!
//! # Counting (perft)
//!
//! A node's children are the distinct resulting positions of its legal
//! turns (board, side, castling rights, en passant square, clocks). We read
//! the rules as: a move is a set of choices (which unit or pair, the
//! destination, the captured unit, the promotion, the castling order), and
//! choices that cannot be told apart in the result are one move: the Moo's
//! two paths to one square, a pair destination reachable by both
//! components (OQ-4 "two of the same piece gain no additional moves"), the
//! two units of an R+R stack, choosing between two identical enemy units,
//! and the two castling orders (section 7, last line). Conversely every
//! pair of different choices in this model gives a different position, so
//! counting distinct positions is the same as counting distinct
//! (choices, result) turns.
//!
//! # Readings of ambiguous points
//!
//! * Castling rights: a right is lost when the King moves (alone or in a
//!   pair), when a Rook of that colour leaves its corner (alone or in a
//!   pair) or is captured there. Another unit leaving a corner or `e1`/`e8`
//!   keeps the right. Units are anonymous, so with two rooks stacked on a
//!   corner, any rook leaving it clears the right. Castling needs the right
//!   and a King on `e1`/`e8` and a Rook on the corner (possibly stacked).
//! * The en passant square is written after every double step (as in FEN),
//!   whether or not a capture is possible.
//! * Half-move clock: reset by pawn moves and by any capture.
//! * Pair paths (OQ-4) for a Moo component: at least one of the two
//!   intermediate squares must be empty. A King in a pair rides along any
//!   pair move, including a long rook or bishop slide (OQ-6).
//! * A pawn's own screens: section 8's "a single unit friendly to the
//!   attacker" is read as "passable for the attacker" (section 2), so an
//!   attacker's own pawn blocks its rays (see "Attack" above).
//! * A King may capture the enemy unit of a mixed cell whose other unit is a
//!   friendly non-pawn (section 6, row 3 applies to every non-pawn), and may
//!   join a single friendly non-pawn (OQ-6).
//! * Not modelled, as perft does not need them: the 50-move rule,
//!   repetition, and the mate / stalemate verdicts.
//!
//! # Recorded counts (model output, to be cross-checked against the engine)
//!
//! Start position: 29, 841, 26334, 823033 (depths 1-4; depths 1 and 2 were
//! derived by hand, the same under all three promotion options). The three
//! `MIDDLEGAMES` positions, depths 1-3: 68 / 5268 / 340183 (depth 1 by
//! hand), 54 / 4430 / 229601 (depth 1 by hand), 55 / 1077 / 59294 (depth 1
//! by hand).
//!
//! The `model` (its cells and positions, then `moves` and `turns`), its
//! own `self_tests`, and the `engine_tests` holding the engine to it.

mod engine_tests;
mod model;
mod self_tests;
