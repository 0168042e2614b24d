//! The rules of each part of a variant, as compiled: pawns, mutators and
//! markers, castling, endings, random setups, hands, drops, morphs and
//! the script as declared.

use super::{Geometry, hooks};
use crate::board::{ByColor, Color, KindSet, PieceKind, Square, SquareSet};

/// Pawn rules, shared by every kind declared with `pawn = true`.
#[derive(Clone, Debug)]
pub struct PawnRules {
    /// Relative ranks (1 = own back rank) from which `i` moves are allowed.
    pub double_step_ranks: Vec<i32>,
    /// Whether a pawn passing an enemy pawn's capture square may be taken
    /// en passant.
    pub en_passant: bool,
    /// Relative ranks on which a pawn promotes.
    pub promotion_ranks: Vec<i32>,
    /// Kinds a pawn may promote to, per side (`promotion_choices`, and
    /// `white_promotion_choices` and `black_promotion_choices` for one
    /// side).
    pub promotion_choices: ByColor<Vec<PieceKind>>,
    /// White's squares from which `i` moves are allowed besides those on
    /// `double_step_ranks` (`double_step_squares`; Black's are their
    /// mirror images).
    pub double_step_squares: Vec<Square>,
    /// White's promotion squares when they are not whole ranks
    /// (`promotion_squares`; Black's are their mirror or turned images), in place
    /// of `promotion_ranks`.
    pub promotion_squares: Option<Vec<Square>>,
    /// `promotion_ranks` (or `promotion_squares`) as squares, per side.
    pub promotion_zone: ByColor<SquareSet>,
    /// `double_step_ranks` as squares, per side.
    pub double_step_zone: ByColor<SquareSet>,
    /// Relative ranks from which a double step opens en passant
    /// (`en_passant_ranks`); `None`: every rank.
    pub en_passant_ranks: Option<Vec<i32>>,
    /// `en_passant_ranks` as squares, per side (every square without
    /// them).
    pub en_passant_zone: ByColor<SquareSet>,
    /// What a pawn promotes to (`promotion_source`).
    pub promotion_source: PromotionSource,
    /// Which pawns may double-step (`double_step`).
    pub double_step: DoubleStep,
    /// A promoting kind's move that starts in the promotion zone promotes
    /// too, wherever it ends (`promote_from_zone`: shogi).
    pub promote_from_zone: bool,
    /// Promotion ranks on which a pawn may also decline to promote
    /// (`optional_promotion_ranks`: Grand Chess's eighth and ninth).
    pub optional_promotion_ranks: Vec<i32>,
    /// `optional_promotion_ranks` as squares, per side.
    pub optional_zone: ByColor<SquareSet>,
    /// Pawns promote as a turn of their own, never by moving
    /// (`promotion_in_place`: Sittuyin): a pawn on [`Self::in_place_zone`]
    /// becomes one of its choices on its square or on an empty square the
    /// new piece could move to. `promotion_zone` is then empty.
    pub in_place: bool,
    /// With `in_place`: the promotion may not give check, nor the new
    /// piece attack an enemy piece (`promotion_attacks = illegal`).
    pub in_place_quiet: bool,
    /// With `in_place`: a side's only pawn may promote from any square
    /// (`last_pawn_anywhere`).
    pub last_pawn_anywhere: bool,
    /// With `in_place`: where a pawn may promote, per side.
    pub in_place_zone: ByColor<SquareSet>,
}

impl PawnRules {
    /// Does a pawn promote to the back of its reserve board? (A
    /// question, not a conversion, whatever the name's `from_` says.)
    #[inline]
    #[allow(clippy::wrong_self_convention)]
    pub fn from_reserve(&self) -> bool {
        self.promotion_source == PromotionSource::ReserveBack
    }

    /// May only unmoved pawns double-step?
    #[inline]
    pub fn double_step_unmoved(&self) -> bool {
        self.double_step == DoubleStep::Unmoved
    }
}

/// What a pawn promotes to (`promotion_source`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PromotionSource {
    /// One of the promotion choices (`choices`, the default).
    Choices,
    /// The last piece of its side's reserve board (`reserve_back`); with
    /// the reserve empty it may not move onto the promotion ranks.
    ReserveBack,
}

/// Which pawns may double-step (`double_step`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum DoubleStep {
    /// Any pawn standing on a double-step rank, however it got there
    /// (`rank`, the default).
    Rank,
    /// Only a pawn that has not moved since the game began or since it
    /// was dropped (`unmoved`).
    Unmoved,
}

/// A mutator: a named patch of the rules (`mutator rider { ... }`). Its
/// piece patches are compiled into the rules' table of forms.
#[derive(Clone, Debug)]
pub struct Mutator {
    /// The section's name (`rider`), also its name in FEN.
    pub name: String,
    /// On all game long, whatever the markers (`always_on`); its marker is
    /// not placed.
    pub always_on: bool,
    /// Every move must end on a square of the colour it starts on (drops
    /// are free); attacks and checks ignore the rule (`keep_colour`).
    pub keep_colour: bool,
    /// A capture also removes the capturer and every piece next to the
    /// victim's square (a royal capturer is spared and nothing explodes)
    /// (`explode`).
    pub explode: bool,
    /// Bystanders of these kinds (next to the blast's centre) survive a
    /// blast (`blast_spares`: atomic's pawns).
    pub blast_spares: KindSet,
    /// Pieces of these kinds are never removed by a blast, the capturer
    /// included (`blast_immune`: Atomar's kings).
    pub blast_immune: KindSet,
    /// An en-passant blast is centred where the capturer lands, not on
    /// the taken pawn (`en_passant_blast = landing`).
    pub blast_at_landing: bool,
    /// A royal next to an enemy royal cannot be attacked: taking it would
    /// blow up the taker's own (`touching_royals_safe`).
    pub touching_royals_safe: bool,
    /// A side that can capture must (`must_capture`).
    pub must_capture: bool,
    /// Captured pieces go to the capturer's hand and may be dropped on
    /// empty squares without a marker; both hands empty when it turns
    /// off (`drops`).
    pub drops: bool,
    /// With `drops`: a captured piece that came from a promotion enters
    /// the hand as a pawn (`demote`, the default); otherwise as its kind.
    pub demote: bool,
    /// With `drops`: a captured piece enters the capturer's hand
    /// (`keep_captures`, the default); otherwise hands hold only what
    /// the position gives them.
    pub keep_captures: bool,
    /// Instead of a move, a player may exchange two of their own pieces
    /// when one covers the other (could capture an enemy standing on its
    /// square) (`swaps`).
    pub swaps: bool,
    /// Relative ranks from which pawns may also make their initial
    /// moves while the mutator is on (`extra_double_step_ranks`).
    pub extra_double_step_ranks: Vec<i32>,
    /// A die with this many faces is rolled before each turn while the
    /// mutator is on (0: none); the lane is the file and the rank of the
    /// number rolled, and the player must act from it if able (`dice`).
    pub dice: u8,
    /// After the action the mover must push one enemy pawn by one of
    /// these steps (from the pawn owner's side, (file, rank)), onto an
    /// empty square, when some pawn can be pushed (`push_enemy_pawn`).
    pub push: Vec<(i8, i8)>,
}

/// Markers (`markers { ... }`): two-faced tokens naming mutators; a
/// marker flips when a non-pawn piece leaves its square, and the faces up
/// at the end of a turn are the active set for the next.
#[derive(Clone, Debug)]
pub struct MarkerRules {
    /// The squares markers may be placed on.
    pub squares: Vec<Square>,
    /// How many markers a game places.
    pub count: u8,
    /// Who places the first marker; the sides alternate.
    pub first: Color,
}

/// One castling move for one side.
#[derive(Clone, Debug)]
pub struct CastleRule {
    /// The section's name (`king_side`).
    pub name: String,
    /// Where the king starts.
    pub king_from: Square,
    /// Where the king ends.
    pub king_to: Square,
    /// Where the partner (rook) starts.
    pub partner_from: Square,
    /// Where the partner ends.
    pub partner_to: Square,
    /// Squares that must be empty (the king and partner themselves excepted).
    pub empty: SquareSet,
    /// Squares the opponent must not attack (the king's path).
    pub safe: Vec<Square>,
    /// True when the partner starts on a higher file than the king (`O-O`).
    pub king_side: bool,
    /// With `capacity = 2`: the partner's kind (the one on its square in
    /// the setup), which tells it from a unit stacked with it.
    pub partner_kind: Option<PieceKind>,
    /// The kind the partner must be (`partner_kind = rook`), if declared.
    pub partner_piece: Option<PieceKind>,
    /// The kind the castling piece must be (`king_kind = king`), if
    /// declared; otherwise a royal piece, any piece without royals.
    pub king_piece: Option<PieceKind>,
    /// One of the rules a section with free starts (`king = any -> g1`)
    /// stands for: FEN's `K` and `Q` then name the outermost partner.
    pub free: bool,
}

/// What a game-ending condition means for the side it happens to.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Verdict {
    /// That side loses.
    Loss,
    /// That side wins.
    Win,
    /// Nobody wins.
    Draw,
}

/// End conditions.
#[derive(Clone, Debug)]
pub struct Ending {
    /// Result for the side that is checkmated.
    pub checkmate: Verdict,
    /// Result for the side that is stalemated.
    pub stalemate: Verdict,
    /// Moves per side without capture or pawn move that draw (0: never).
    pub fifty_move: u32,
    /// Occurrences of one position that draw (0: never).
    pub repetition: u32,
    /// A pawn's move restarts the fifty-move count (as in FIDE chess).
    pub fifty_pawn_resets: bool,
    /// A promotion (a pawn's, or a pocketing that moves a piece up a
    /// class) restarts it.
    pub fifty_promotion_resets: bool,
    /// Material that can never give mate (`insufficient_material`): a
    /// position whose board matches one of these, with nothing in any
    /// hand, pocket or reserve, is drawn. By default only royals alone.
    pub insufficient_material: Vec<DeadMaterial>,
    /// n-check (`check_limit`): a side that has given check this many
    /// times wins; 0 counts no checks.
    pub check_limit: u8,
    /// A region to reach (`flag_pieces`, `flag_squares`, `flag_reply`).
    pub flag: Option<Flag>,
    /// Kinds whose extinction ends the game (`extinction`).
    pub extinction: Option<Extinction>,
    /// The result for a side left with nothing but its royals (`bare`;
    /// nothing at all for a side without royals).
    pub bare: Option<Verdict>,
}

impl Ending {
    /// Does the variant end games by a goal of its own (checks given, a
    /// region reached, a kind extinct, a side bared), judged before
    /// moves are generated?
    #[inline]
    pub fn has_goals(&self) -> bool {
        self.check_limit > 0
            || self.flag.is_some()
            || self.extinction.is_some()
            || self.bare.is_some()
    }
}

/// A region whose reaching wins: a piece of one of `kinds` standing on
/// one of `squares` (the same squares for both sides).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Flag {
    /// The kinds that count (`flag_pieces`).
    pub kinds: KindSet,
    /// The squares each side must reach (`flag_squares`, the same for
    /// both; `flag_ranks`, counted from each side).
    pub squares: ByColor<SquareSet>,
    /// What the opponent may answer (`flag_reply`).
    pub reply: FlagReply,
}

/// What the opponent may do after a side reaches its flag region.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FlagReply {
    /// Nothing: reaching the region wins at once (King of the Hill).
    None,
    /// One reply: the side wins if a piece of its flag kinds still
    /// stands in the region when its next turn comes (Jeson Mor's
    /// knight on e5).
    Hold,
    /// White's arrival may be answered by Black's: it wins at once
    /// unless Black can arrive too with its next move; Black then moves,
    /// and arriving draws, anything else loses (Racing Kings). Black's
    /// arrival wins at once.
    Equalise,
    /// A side wins once a piece of its flag kinds stands in its region
    /// and no enemy piece attacks it there, whoever is to move; an
    /// attacked arrival plays on (Dobutsu shogi's lion).
    Safe,
}

/// Extinction: a side that keeps `at_most` or fewer pieces (board and
/// hand) of one of `kinds` gets `verdict`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Extinction {
    /// The kinds watched (`extinction`), as declared kinds.
    pub kinds: Vec<PieceKind>,
    /// How few count as extinct (`extinction_count`, default 0).
    pub at_most: u8,
    /// The verdict stands only while the other side has at least this
    /// many of the kind (`extinction_opponent_count`, default 0: always;
    /// Koedem's 2: both kings).
    pub opponent_at_least: u8,
    /// The result for the side whose kind died out
    /// (`extinction_verdict`, default `loss`).
    pub verdict: Verdict,
}

/// One `insufficient_material` pattern: the pieces one side has beside
/// its royals, against the other side's, in either order.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct DeadMaterial {
    /// The two sides' material.
    pub sides: [SideMaterial; 2],
    /// Every piece but the royals stands on squares of one colour.
    pub same_colour: bool,
}

/// One side's material in a [`DeadMaterial`] pattern, royals aside.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct SideMaterial {
    /// How many pieces of each listed kind: exactly that many, or at
    /// least that many for an `open` kind. Kinds not listed: none.
    pub counts: Vec<(PieceKind, u8)>,
    /// Kinds that may come in any number (`bishop*`).
    pub open: Vec<PieceKind>,
}

impl SideMaterial {
    /// Does a side holding `have[k]` non-royal pieces of each kind `k`
    /// fit this material?
    pub fn fits(&self, have: &[u32]) -> bool {
        have.iter().enumerate().all(|(k, &n)| {
            let kind = PieceKind(k as u8);
            let want = self
                .counts
                .iter()
                .find(|&&(c, _)| c == kind)
                .map_or(0, |&(_, w)| u32::from(w));
            if self.open.contains(&kind) {
                n >= want
            } else {
                n == want
            }
        })
    }
}

impl DeadMaterial {
    /// The most non-royal pieces, both sides together, that can match;
    /// `None` where a side may hold any number of some kind.
    pub fn most(&self) -> Option<u32> {
        self.sides.iter().try_fold(0, |total, side| {
            side.open
                .is_empty()
                .then(|| total + side.counts.iter().map(|&(_, n)| u32::from(n)).sum::<u32>())
        })
    }

    /// Does a board with `white[k]` and `black[k]` non-royal pieces of
    /// each kind `k` match, the sides either way round? `one_colour`:
    /// all those pieces stand on squares of one colour.
    pub fn matches(&self, white: &[u32], black: &[u32], one_colour: bool) -> bool {
        let [a, b] = &self.sides;
        (!self.same_colour || one_colour)
            && (a.fits(white) && b.fits(black) || b.fits(white) && a.fits(black))
    }
}

/// One phase of a turn. Every variant so far has the single phase
/// `action`; later variants declare more (a roll, a drop, a push).
#[derive(Clone, Debug)]
pub struct PhaseDef {
    /// Its name.
    pub name: String,
    /// Whether a legality checkpoint follows it.
    pub checkpoint: bool,
}

/// How Black's random setup relates to White's.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Symmetry {
    /// The same piece on the same file (ranks mirrored).
    Mirror,
    /// The same piece on the square turned half a turn about the centre.
    Central,
    /// Black shuffled on its own.
    None,
}

impl Symmetry {
    /// Black's square for White's `sq` (with `None`, where Black's own
    /// shuffle goes: the mirrored square).
    pub fn black_square(self, g: &Geometry, sq: Square) -> Square {
        match self {
            Symmetry::Central => g.rotate(sq),
            Symmetry::Mirror | Symmetry::None => g.flip(sq),
        }
    }
}

/// A start position drawn at random from a seed: pieces shuffled over
/// squares, over the variant's `setup`.
#[derive(Clone, Debug)]
pub struct RandomSetup {
    /// White's squares to fill.
    pub squares: Vec<Square>,
    /// Pieces that are always placed.
    pub pieces: Vec<PieceKind>,
    /// Kinds to draw more pieces from, each at most once.
    pub draw_from: Vec<PieceKind>,
    /// How many to draw.
    pub draw: usize,
    /// How many of the shuffled pieces go to the reserve board (in drop
    /// order) after `squares` are filled.
    pub reserve: usize,
    /// Black's setup from White's.
    pub symmetry: Symmetry,
    /// Kinds whose pieces on `squares` must stand half on light and half
    /// on dark squares (`opposite_colours`: Chess960's bishops).
    pub opposite_colours: Vec<PieceKind>,
    /// Each piece of the first kind on `squares` stands between two of
    /// the second by file (`between = [king, rook]`: Chess960).
    pub between: Option<(PieceKind, PieceKind)>,
}

impl RandomSetup {
    /// Do the first pieces of `chosen`, on `squares` in order, keep the
    /// constraints (`opposite_colours`, `between`)?
    pub fn fits(&self, g: &Geometry, chosen: &[PieceKind]) -> bool {
        let placed = || self.squares.iter().zip(chosen);
        let colours_even = self.opposite_colours.iter().all(|&k| {
            let (mut light, mut dark) = (0usize, 0usize);
            for (&sq, _) in placed().filter(|&(_, &c)| c == k) {
                if g.is_dark(sq) {
                    dark += 1;
                } else {
                    light += 1;
                }
            }
            light.abs_diff(dark) <= 1
        });
        let between = self.between.is_none_or(|(inner, outer)| {
            let files: Vec<i32> = placed()
                .filter(|&(_, &c)| c == outer)
                .map(|(&sq, _)| g.file(sq))
                .collect();
            placed().filter(|&(_, &c)| c == inner).all(|(&sq, _)| {
                let f = g.file(sq);
                files.iter().any(|&o| o < f) && files.iter().any(|&o| o > f)
            })
        });
        colours_even && between
    }
}

/// Hands: a pocket per side, filled by the player's own pocketing moves.
#[derive(Clone, Debug)]
pub struct PocketRules {
    /// Most pieces one pocket holds.
    pub capacity: u8,
    /// A pocketed piece may become any kind of its class.
    pub mutate: bool,
    /// Squares (per side) from which a pocketed piece must become a kind
    /// of the next class.
    pub promote_zone: ByColor<SquareSet>,
    /// Plies of the game (1: White's first move, 2: Black's first) on
    /// which no piece may be pocketed.
    pub banned_plies: Vec<u32>,
}

/// When a side's reserve pieces may be dropped: piece `k` (from 1) opens
/// its window on the side's own turn `first + (k - 1) * every` (White's
/// `white_delay` turns later) for `length` turns.
#[derive(Clone, Copy, Debug)]
pub struct DropSchedule {
    /// Own turn on which the first piece's window opens (Black's).
    pub first: u32,
    /// Turns between one piece's window and the next.
    pub every: u32,
    /// Turns a window lasts.
    pub length: u32,
    /// How many turns later White's windows open.
    pub white_delay: u32,
}

impl DropSchedule {
    /// The own turns (first, last) of piece `k`'s window (from 1) for
    /// `color`.
    pub fn window(&self, k: u32, color: Color) -> (u32, u32) {
        let delay = if color == Color::White {
            self.white_delay
        } else {
            0
        };
        let open = self.first + (k.saturating_sub(1)) * self.every + delay;
        (open, open + self.length.saturating_sub(1))
    }
}

/// Where pocketed pieces may be dropped.
#[derive(Clone, Debug)]
pub struct DropRules {
    /// Drops come from the reserve board, in its order, and accompany the
    /// turn's action (after it); otherwise from the pocket, as the whole
    /// turn.
    pub from_reserve: bool,
    /// Reserve drops: their windows (every turn when absent).
    pub schedule: Option<DropSchedule>,
    /// Reserve drops: on the last turn of its window (and after, while it
    /// is overdue) a piece must be dropped if any legal turn drops it.
    /// Drops from the hand: while the hand holds a piece, a turn must be
    /// a drop if one is legal (Placement Chess).
    pub mandatory: bool,
    /// Drops from the hand: the kinds `mandatory` is about
    /// (`mandatory = [king]`: Koedem); while the hand holds one, other
    /// kinds are not dropped, and a turn must drop one if it can. Empty:
    /// every kind.
    pub mandatory_kinds: Vec<PieceKind>,
    /// Kinds whose pieces a side must be able to keep on squares of both
    /// colours, half each (`opposite_colours`: Placement Chess's
    /// bishops): no drop may make that impossible.
    pub opposite_colours: Vec<PieceKind>,
    /// Kinds that count as unmoved when dropped on a castling start
    /// square, so that castling rights come with them
    /// (`castling_drops`: Placement Chess's king and rooks).
    pub castling_drops: Vec<PieceKind>,
    /// Gating (`gating = true`): held pieces enter only onto the square a
    /// piece leaves on its first move from `zone` (the turn's action),
    /// never by a drop of their own.
    pub gating: bool,
    /// Empty squares a piece may be dropped on, per side (with `gating`,
    /// the squares it may be gated on).
    pub zone: ByColor<SquareSet>,
    /// The same for pawns.
    pub pawn_zone: ByColor<SquareSet>,
}

/// Which moves of a piece a morph rule looks at.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MorphTrigger {
    /// Every move of the piece.
    Acted,
    /// Moves that capture nothing.
    Quiet,
    /// Moves that capture.
    Capture,
}

/// A further condition on the moving piece.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MorphCondition {
    /// The piece stood attacked on its starting square before the move
    /// (the attack view used for check: pinned attackers count).
    AttackedBefore,
}

/// What a piece becomes.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum MorphTarget {
    /// A kind per kind (indexed by [`PieceKind`]; `None`: not this rule's).
    Listed(Vec<Option<PieceKind>>),
    /// The component the move was made as (see [`PieceDef::components`](super::PieceDef::components)).
    ComponentUsed,
}

/// A morph rule: after a move of one of its kinds that meets the trigger
/// and condition, the piece arrives as another kind. It is generated as
/// the move's promotion, so notation writes it (`Nc3=Q`) and the
/// opponent's check is judged with the new kind.
#[derive(Clone, Debug)]
pub struct MorphRule {
    /// Its name in the variant file.
    pub name: String,
    /// Which moves.
    pub trigger: MorphTrigger,
    /// A further condition, if any.
    pub condition: Option<MorphCondition>,
    /// What the piece becomes.
    pub target: MorphTarget,
    /// The player may decline: the move exists with and without it.
    pub optional: bool,
    /// The kinds it applies to.
    pub kinds: Vec<PieceKind>,
}

/// The most named numbers a script's state may hold (`state = [...]`).
pub const MAX_STATE: usize = 8;

/// A variant's script as its file declares it: read, not yet compiled.
#[derive(Clone, Debug)]
pub struct ScriptDecl {
    /// The script's name as messages show it (`piece.rhai`,
    /// `embedded:mutatis-mutandis.rhai`).
    pub file: String,
    /// Its text.
    pub text: String,
    /// The hooks the variant declares, as written.
    pub hooks: Vec<String>,
    /// The names of the position's script state (`state = [...]`): whole
    /// numbers the position carries, hashes and writes in FEN, all 0 at
    /// the start, set by the script's `set` effects.
    pub state: Vec<String>,
    /// Does the script ask for the last move (`board.last_move()`)? Then
    /// the position's key and FEN hold it, since moves may depend on it.
    pub reads_last_move: bool,
    /// Where the variant names the file, for the script's load errors.
    pub span: crate::diag::Span,
}

impl ScriptDecl {
    /// Does the variant declare `hook`?
    pub fn declares(&self, hook: hooks::Hook) -> bool {
        self.hooks.iter().any(|h| h == hook.name)
    }

    /// The slot of the state named `name`, if the variant declares it.
    pub fn state_slot(&self, name: &str) -> Option<usize> {
        self.state.iter().position(|s| s == name)
    }
}
