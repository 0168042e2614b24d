//! The turn driver: a game's history, its chance events and its outcome.

mod material;
mod rng;

pub(crate) use material::insufficient_material;
pub use rng::Rng;

use crate::board::{Color, Piece, Reserve};
use crate::movegen::{TurnPool, goal_reached, in_check, legal_moves};
use crate::notation::{ParseFenError, ParseMoveError, parse_fen, parse_move};
use crate::position::{Move, Position};
use crate::rules::{Rules, Symmetry, Verdict};
use std::fmt;
use std::sync::{Arc, PoisonError};

/// How a game ended.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Outcome {
    /// Won by `winner`, with the reason.
    Decisive {
        /// Who won.
        winner: Color,
        /// Why, e.g. "checkmate".
        reason: String,
    },
    /// Drawn, with the reason.
    Draw {
        /// Why, e.g. "stalemate".
        reason: String,
    },
}

impl fmt::Display for Outcome {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Outcome::Decisive {
                winner: Color::White,
                reason,
            } => write!(f, "1-0 ({reason})"),
            Outcome::Decisive {
                winner: Color::Black,
                reason,
            } => write!(f, "0-1 ({reason})"),
            Outcome::Draw { reason } => write!(f, "1/2-1/2 ({reason})"),
        }
    }
}

/// Why a game ended, as a value to match on (never a string to
/// compare).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Reason {
    /// The side to move is in check and has no legal turn.
    Checkmate,
    /// The side to move is not in check and has no legal turn.
    Stalemate,
    /// Every turn is a push that leaves the own king attacked.
    EveryPushExposesTheKing,
    /// A royal piece was destroyed (an explosion took it).
    RoyalDestroyed,
    /// A side gave the checks the variant asks for (`check_limit`).
    NCheck,
    /// A piece reached (or held) the flag region.
    FlagRegion,
    /// Both sides reached the flag region.
    BothFlags,
    /// A side's kind was wiped out (`extinction`).
    Extinction,
    /// A side has nothing left but royal pieces, or nothing at all.
    BareRoyal,
    /// Both sides passed in a row.
    BothPassed,
    /// A side passed while the royals faced each other.
    FacingRoyals,
    /// Neither side can win (insufficient material).
    DeadPosition,
    /// The move-count draw rule (`fifty_move`).
    FiftyMove,
    /// The same position arose the variant's number of times.
    Repetition,
    /// Ended from outside the rules: a turn limit, a forfeit, a referee.
    Adjudication,
    /// The variant's script declared the result (`game_result`).
    Script,
}

/// How a game ended: the winner, the reason as a value, and in words.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Ending {
    /// Who won; `None` for a draw.
    pub winner: Option<Color>,
    /// Why.
    pub reason: Reason,
    /// Why, in words: "checkmate", "White gave the third check".
    pub words: String,
}

impl Ending {
    /// The ending as an [`Outcome`], the reason in words.
    pub fn outcome(self) -> Outcome {
        match self.winner {
            Some(winner) => Outcome::Decisive {
                winner,
                reason: self.words,
            },
            None => Outcome::Draw { reason: self.words },
        }
    }
}

/// Why a move was refused; the game is unchanged.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PlayError {
    /// The text is not a legal move here.
    Move(ParseMoveError),
    /// The game has already ended.
    GameOver(Outcome),
}

impl fmt::Display for PlayError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PlayError::Move(e) => e.fmt(f),
            PlayError::GameOver(o) => write!(f, "the game is over: {o}"),
        }
    }
}

impl std::error::Error for PlayError {}

/// The variant's start position: its `setup`, with the squares of a
/// `random_setup` filled from `seed` (the same seed gives the same setup
/// on every machine). Castling is granted wherever a rule's king and
/// partner squares hold pieces of their side after the draw.
///
/// # Errors
///
/// The variant's setup FEN is invalid (the loader rejects such variants,
/// so only hand-built rules reach this).
pub fn start_position(rules: &Rules, seed: u64) -> Result<Position, ParseFenError> {
    let mut pos = parse_fen(rules, rules.setup())?;
    if let Some(reserve) = &rules.reserve()
        && Color::ALL.iter().all(|&c| pos.reserves()[c].len == 0)
    {
        for color in Color::ALL {
            let pieces: Vec<Piece> = reserve[color]
                .iter()
                .map(|&k| Piece::new(k, color))
                .collect();
            pos.set_reserve(color, Reserve::with(&pieces));
        }
    }
    // Markers are placed before the first move, the `first` side
    // beginning, unless the setup already has them.
    if let Some(m) = &rules.markers()
        && m.count > pos.markers().len
    {
        pos.set_stage(crate::position::Stage::Setup);
        pos.set_side(rules, m.first);
    }
    let Some(r) = &rules.random_setup() else {
        return Ok(pos);
    };
    let g = rules.geometry();
    // Setups use their own stream, apart from chance events in play.
    let mut rng = Rng::new(seed ^ 0x5e70_5e70_5e70_5e70);
    let draw = |rng: &mut Rng| -> Vec<crate::board::PieceKind> {
        let mut pool = r.draw_from.clone();
        let mut chosen = r.pieces.clone();
        for _ in 0..r.draw {
            let i = rng.below(pool.len() as u64) as usize;
            chosen.push(pool.swap_remove(i));
        }
        // Fisher-Yates over the squares.
        for i in (1..chosen.len()).rev() {
            let j = rng.below(i as u64 + 1) as usize;
            chosen.swap(i, j);
        }
        // Royal pieces start on the board, never in the reserve: each
        // trades places with a random non-royal piece of the board.
        let n = r.squares.len();
        for i in n..chosen.len() {
            if rules.is_royal(chosen[i]) {
                let board: Vec<usize> = (0..n).filter(|&j| !rules.is_royal(chosen[j])).collect();
                if !board.is_empty() {
                    let j = board[rng.below(board.len() as u64) as usize];
                    chosen.swap(i, j);
                }
            }
        }
        chosen
    };
    // Draws that break a constraint are drawn again (a setup without
    // constraints keeps its first draw, so its seeds stay as they were).
    let fitting = |rng: &mut Rng| {
        let mut chosen = draw(rng);
        for _ in 0..100_000 {
            if r.fits(&g, &chosen) {
                break;
            }
            chosen = draw(rng);
        }
        chosen
    };
    let white = fitting(&mut rng);
    let black = if r.symmetry == Symmetry::None {
        fitting(&mut rng)
    } else {
        white.clone()
    };
    if r.reserve > 0 {
        let n = r.squares.len();
        for (color, drawn) in [(Color::White, &white), (Color::Black, &black)] {
            let pieces: Vec<Piece> = drawn[n..n + r.reserve]
                .iter()
                .map(|&k| Piece::new(k, color))
                .collect();
            pos.set_reserve(color, Reserve::with(&pieces));
        }
    }
    for (i, &sq) in r.squares.iter().enumerate() {
        let theirs = r.symmetry.black_square(&g, sq);
        for (at, kind, color) in [
            (sq, white[i], Color::White),
            (theirs, black[i], Color::Black),
        ] {
            pos.take(rules, at);
            pos.put(rules, at, Piece::new(kind, color));
        }
    }
    // Castling follows the draw, whatever the setup's FEN granted.
    for color in Color::ALL {
        for c in &rules.castling()[color] {
            pos.set_unmoved(rules, c.king_from, false);
            pos.set_unmoved(rules, c.partner_from, false);
        }
    }
    if rules.kinds().uses_unmoved {
        for &sq in &r.squares {
            for sq in [sq, r.symmetry.black_square(&g, sq)] {
                let tracks = pos
                    .piece_at(sq)
                    .is_some_and(|p| rules.kinds().tracks_unmoved[p.kind.index()]);
                pos.set_unmoved(rules, sq, tracks);
            }
        }
    }
    for color in Color::ALL {
        for c in &rules.castling()[color] {
            let own = |sq| pos.piece_at(sq).is_some_and(|p| p.color == color);
            let kind_at = |sq| pos.piece_at(sq).map(|p| p.kind);
            let king = match c.king_piece {
                Some(k) => kind_at(c.king_from) == Some(k),
                None => kind_at(c.king_from).is_some_and(|k| rules.is_royal(k)),
            };
            let partner = c
                .partner_piece
                .is_none_or(|k| kind_at(c.partner_from) == Some(k));
            if own(c.king_from) && king && own(c.partner_from) && partner {
                pos.set_unmoved(rules, c.king_from, true);
                pos.set_unmoved(rules, c.partner_from, true);
            }
        }
    }
    pos.rehash(rules);
    Ok(pos)
}

/// A turn pool no longer wanted, its buffers kept for the next one; a
/// copy of the game starts without one.
#[derive(Debug, Default)]
struct Spare(std::sync::Mutex<Option<TurnPool>>);

impl Clone for Spare {
    fn clone(&self) -> Spare {
        Spare::default()
    }
}

/// A game in progress: rules, start position, moves played, and the
/// seeded random generator for chance events (kept here, not in the
/// position, so a cloning searcher cannot foresee a roll).
#[derive(Clone, Debug)]
pub struct Game {
    rules: Arc<Rules>,
    start: Position,
    position: Position,
    history: Vec<(Move, Position)>,
    /// The legal moves of `position`, worked out when first asked for.
    legal: std::sync::OnceLock<Vec<Move>>,
    /// The candidate moves of `position`, where legal moves are drawn or
    /// looked for one by one rather than listed (`None` where only the
    /// list tells).
    pool: std::sync::OnceLock<Option<TurnPool>>,
    /// Whether `position` has a legal move, where that was asked before
    /// the list was wanted.
    movable: std::sync::OnceLock<bool>,
    /// The pool of the last position, its buffers kept for the next.
    spare: Spare,
    /// The seed this game's chance events come from.
    pub seed: u64,
    /// The generator for chance events.
    pub rng: Rng,
}

impl Game {
    /// A game from the variant's start position.
    ///
    /// # Errors
    ///
    /// The variant's setup FEN is invalid (the loader rejects such
    /// variants, so only hand-built rules reach this).
    pub fn new(rules: Arc<Rules>, seed: u64) -> Result<Game, ParseFenError> {
        let start = start_position(&rules, seed)?;
        Ok(Game::from_position(rules, start, seed))
    }

    /// A game from a given position.
    pub fn from_position(rules: Arc<Rules>, start: Position, seed: u64) -> Game {
        let mut game = Game {
            rules,
            position: start.clone(),
            start,
            history: Vec::new(),
            legal: std::sync::OnceLock::new(),
            pool: std::sync::OnceLock::new(),
            movable: std::sync::OnceLock::new(),
            spare: Spare::default(),
            seed,
            rng: Rng::new(seed),
        };
        game.roll_if_due();
        game.start = game.position.clone();
        game
    }

    /// A game from a FEN.
    ///
    /// # Errors
    ///
    /// The FEN is invalid for these rules.
    pub fn from_fen(rules: Arc<Rules>, fen: &str, seed: u64) -> Result<Game, ParseFenError> {
        let start = parse_fen(&rules, fen)?;
        Ok(Game::from_position(rules, start, seed))
    }

    /// The rules.
    pub fn rules(&self) -> &Arc<Rules> {
        &self.rules
    }

    /// The first error the variant's script raised on this thread since
    /// the last time it was asked, if any: with one game to a thread (or
    /// a game's steps each followed by this question), the error this
    /// game's own steps raised. A failing hook answers as if it had
    /// nothing to add, so the game stays playable; games sharing these
    /// rules on other threads never see this error.
    pub fn take_script_error(&self) -> Option<crate::movegen::HookError> {
        crate::movegen::hooks(&self.rules).and_then(|h| h.take_error())
    }

    /// The current position.
    pub fn position(&self) -> &Position {
        &self.position
    }

    /// The start position.
    pub fn start(&self) -> &Position {
        &self.start
    }

    /// The moves played, each with the position before it.
    pub fn history(&self) -> &[(Move, Position)] {
        &self.history
    }

    /// Legal moves now (none once the game is over).
    pub fn legal_moves(&self) -> Vec<Move> {
        if self.outcome().is_some() {
            Vec::new()
        } else {
            self.legal().to_vec()
        }
    }

    /// The legal moves of the current position by the rules of movement,
    /// whether or not a draw rule has ended the game; kept until the
    /// position changes.
    pub fn legal(&self) -> &[Move] {
        self.legal
            .get_or_init(|| legal_moves(&self.rules, &self.position))
    }

    /// A legal move of the current position drawn uniformly at random
    /// (by the rules of movement, like [`Game::legal`]), or `None` when
    /// there is none. Where the list is not known yet, candidates drawn
    /// at random are judged one by one until one is legal: much cheaper
    /// than listing every legal move, with the same chance for each.
    ///
    /// A move drawn also tells [`Game::outcome`] that the position has
    /// one: a random player that draws before asking whether the game
    /// is over spares the search for a first legal move.
    pub fn random_move(&self, rng: &mut Rng) -> Option<Move> {
        let pick = |legal: &[Move], rng: &mut Rng| {
            (!legal.is_empty()).then(|| legal[rng.below(legal.len() as u64) as usize])
        };
        if let Some(legal) = self.legal.get() {
            return pick(legal, rng);
        }
        let drawn = match self.pool() {
            Some(pool) => pool.draw(&self.rules, &self.position, &mut |n| rng.below(n)),
            None => pick(self.legal(), rng),
        };
        if drawn.is_some() {
            // Already known, it is known to be the same.
            let _ = self.movable.set(true);
        }
        drawn
    }

    /// The candidate moves of the current position, where they tell its
    /// legal moves one by one.
    fn pool(&self) -> Option<&TurnPool> {
        self.pool
            .get_or_init(|| {
                let spare = self.spare.0.lock().ok().and_then(|mut s| s.take());
                TurnPool::reusing(&self.rules, &self.position, spare)
            })
            .as_ref()
    }

    /// Has the current position a legal move (by the rules of movement)?
    fn movable(&self) -> bool {
        if let Some(legal) = self.legal.get() {
            return !legal.is_empty();
        }
        *self.movable.get_or_init(|| match self.pool() {
            Some(pool) => pool.first(&self.rules, &self.position).is_some(),
            None => !self.legal().is_empty(),
        })
    }

    /// Plays a move given as text (coordinates or SAN).
    ///
    /// # Errors
    ///
    /// The game is over, or the text is not a legal move; the game is
    /// unchanged either way.
    pub fn play_text(&mut self, text: &str) -> Result<Move, PlayError> {
        let mv = self.read_turn(text)?;
        self.push(mv);
        Ok(mv)
    }

    /// The legal turn `text` names (SAN or coordinates), not played.
    ///
    /// # Errors
    ///
    /// The game is over, or the text names no legal turn here.
    pub fn read_turn(&self, text: &str) -> Result<Move, PlayError> {
        if let Some(o) = self.outcome() {
            return Err(PlayError::GameOver(o));
        }
        let mv = if self.position.stage() == crate::position::Stage::Setup {
            parse_move(&self.rules, &self.position, text).map_err(PlayError::Move)?
        } else if let Some(m) =
            crate::notation::read_quick(&self.rules, &self.position, self.legal(), text)
        {
            m
        } else {
            let notation = crate::notation::Notation::with_turns(
                &self.rules,
                &self.position,
                self.legal().to_vec(),
            );
            *notation.read(text).map_err(PlayError::Move)?
        };
        Ok(mv)
    }

    /// Plays a move known to be legal here.
    pub fn push(&mut self, mv: Move) {
        let before = self.position.clone();
        self.position.play_unchecked(&self.rules, &mv);
        self.history.push((mv, before));
        self.roll_if_due();
        self.forget_moves();
    }

    /// Forgets what was worked out about the moves of a position that
    /// has just changed.
    fn forget_moves(&mut self) {
        self.legal = std::sync::OnceLock::new();
        if let Some(Some(pool)) = self.pool.take() {
            *self
                .spare
                .0
                .get_mut()
                .unwrap_or_else(PoisonError::into_inner) = Some(pool);
        }
        self.movable = std::sync::OnceLock::new();
    }

    /// Rolls the die for the side to move when a `dice` mutator is on and
    /// no roll is there yet. The roll comes from the game's seed and the
    /// number of moves played, so the same seed gives the same rolls, and
    /// taking a move back and playing it again rolls the same number.
    fn roll_if_due(&mut self) {
        let pos = &mut self.position;
        if pos.roll().is_none()
            && pos.active().intersects(self.rules.masks().dice)
            && pos.stage() == crate::position::Stage::Play
        {
            let ply = self.history.len() as u64;
            let mut rng =
                Rng::new(self.seed ^ 0xd1ce_0000_0000_0000 ^ ply.wrapping_mul(0x9E37_79B9));
            pos.set_roll(Some(
                1 + rng.below(self.rules.masks().dice_faces as u64) as u8,
            ));
        }
    }

    /// Takes back the last move; returns it.
    pub fn undo(&mut self) -> Option<Move> {
        let (mv, before) = self.history.pop()?;
        self.position = before;
        self.forget_moves();
        Some(mv)
    }

    /// How many times the current position has occurred (this one included).
    pub fn repetitions(&self) -> usize {
        let h = self.position.hash();
        1 + self
            .history
            .iter()
            .rev()
            .take(self.position.halfmove() as usize)
            .filter(|(_, p)| p.hash() == h && p.same_position(&self.position, &self.rules))
            .count()
    }

    /// The outcome, if the game has ended.
    pub fn outcome(&self) -> Option<Outcome> {
        self.ending().map(Ending::outcome)
    }

    /// How the game ended, if it has: the winner, the reason as a value
    /// and in words.
    pub fn ending(&self) -> Option<Ending> {
        let rules = &self.rules;
        let pos = &self.position;
        let side = pos.side();
        let end = |winner: Option<Color>, reason: Reason, words: String| {
            Some(Ending {
                winner,
                reason,
                words,
            })
        };
        let verdict = |v: Verdict, reason: Reason, words: &str| {
            let winner = match v {
                Verdict::Loss => Some(!side),
                Verdict::Win => Some(side),
                Verdict::Draw => None,
            };
            end(winner, reason, words.to_string())
        };
        if !rules.masks().explode.is_empty()
            && pos.royals(side).is_empty()
            && pos.royals(!side).count() > 0
        {
            return end(
                Some(!side),
                Reason::RoyalDestroyed,
                "royal piece destroyed".to_string(),
            );
        }
        if let Some(goal) = goal_reached(rules, pos) {
            use crate::movegen::Goal;
            let reason = match goal.goal {
                Goal::Checks { .. } => Reason::NCheck,
                Goal::Flag { .. } => Reason::FlagRegion,
                Goal::BothFlags => Reason::BothFlags,
                Goal::Extinct { .. } => Reason::Extinction,
                Goal::Bare { .. } => Reason::BareRoyal,
                Goal::Passed { facing: true } => Reason::FacingRoyals,
                Goal::Passed { facing: false } => Reason::BothPassed,
                Goal::Script { .. } => Reason::Script,
            };
            return end(goal.winner, reason, goal.goal.describe(rules));
        }
        if !self.movable() {
            return if crate::movegen::every_push_suicidal(rules, pos) {
                verdict(
                    rules.ending().checkmate,
                    Reason::EveryPushExposesTheKing,
                    "every push exposes the king",
                )
            } else if in_check(rules, pos, side) {
                verdict(rules.ending().checkmate, Reason::Checkmate, "checkmate")
            } else {
                verdict(rules.ending().stalemate, Reason::Stalemate, "stalemate")
            };
        }
        if let Some(what) = material::insufficient_material(rules, pos) {
            return end(
                None,
                Reason::DeadPosition,
                format!("insufficient material: {what}"),
            );
        }
        if rules.ending().fifty_move > 0 && pos.halfmove() >= 2 * rules.ending().fifty_move {
            return end(
                None,
                Reason::FiftyMove,
                format!("{}-move rule", rules.ending().fifty_move),
            );
        }
        if rules.ending().repetition > 0 && self.repetitions() >= rules.ending().repetition as usize
        {
            return end(None, Reason::Repetition, "repetition".to_string());
        }
        None
    }
}
