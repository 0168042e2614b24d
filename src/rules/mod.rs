//! The compiled rule model: [`Rules`], built once from a variant file and
//! shared read-only (`Arc<Rules>`).

mod compile;
pub mod extensions;
mod geometry;
pub mod hooks;
mod tables;
mod zobrist;

pub use compile::{Compiled, LoadError, Loader, MAX_DIAGNOSTICS};
pub use geometry::{Geometry, Rays, file_char};
pub use tables::{AttackAtom, GenAtom, LeapAttacks, LeapTable, PathGen};
pub use zobrist::Zobrist;

use crate::board::{ByColor, Color, Piece, PieceKind, Square, SquareSet};
use crate::lang::movement::Atom;
use indexmap::IndexMap;

/// The definition of one kind of piece.
#[derive(Clone, Debug)]
pub struct PieceDef {
    /// Its name in the variant file (`knight`).
    pub name: String,
    /// Its FEN letter as White's (`N`), or a longer code (`Sissa`, written
    /// `{Sissa}` in FEN). Black's is the lower-case form.
    pub letter: String,
    /// The movement string as written.
    pub betza: String,
    /// Its movement components, from White's side.
    pub atoms: Vec<Atom>,
    /// Royal: no move may leave any royal piece of the mover attacked, and
    /// a side with no legal move while a royal is attacked is checkmated.
    pub royal: bool,
    /// Material value (pawns = 1), for display and players.
    pub value: i32,
    /// Follows the pawn rules: promotion, en passant, rank-based double
    /// steps, resets the 50-move counter.
    pub pawn: bool,
    /// Immunity: only these kinds (bit per kind) may capture this kind
    /// (`captured_by`); `None`: any kind may.
    pub captured_by: Option<u128>,
    /// When a piece of this kind is attacked, its side must move one of
    /// its attacked pieces of such kinds (the Wuss).
    pub must_move: bool,
    /// Aura: the enemy kinds (bit per kind) this kind freezes when
    /// adjacent (`freezes`); `None`: it freezes nothing.
    pub freezes: Option<u128>,
    /// Aura: friendly pieces adjacent to this kind cannot be captured
    /// (`protects`).
    pub protects: bool,
    /// The simple kinds a compound is made of (`components = [rook,
    /// bishop]`), for morphs that turn it into the one it moved as.
    pub components: Vec<PieceKind>,
    /// For a scripted kind: the leaps and rides (on an empty board) that
    /// bound where its `attacks` hook can answer yes (`attacks_within`);
    /// `None`: anywhere.
    pub attacks_within: Option<Vec<Atom>>,
    /// A kind that is not a pawn but promotes by the pawns' rules when its
    /// own move ends in the promotion zone (`promotes = true`, or
    /// `optional` to leave it the player's choice).
    pub promotes: Promotes,
    /// When two enemy pieces of such kinds swap places, the swap may not
    /// be undone on the next turn (`no_swap_back = true`: the Swapper).
    pub no_swap_back: bool,
    /// A composite kind is a name for a stack of two units of these kinds
    /// (`units = [bishop, rook]`: Fluid Chess's queen): it never stands
    /// on a square as one unit, but is written, shown and promoted to as
    /// one. Empty for every other kind.
    pub units: Vec<PieceKind>,
}

/// How units share squares in a variant with `capacity = 2`. Two friendly
/// units that are not pawns may share a square; a unit of each colour
/// shares one only when a lone capturer took one unit of an enemy pair.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Stacking {
    /// A lone unit that is not a pawn may pass through a square holding
    /// exactly one friendly unit that is not a pawn (`pass_friends`).
    pub pass_friends: bool,
    /// Two friendly units on one square may move together, by either
    /// one's moves, over empty squares only, capturing everything on an
    /// all-enemy destination (`pairs`).
    pub pairs: bool,
}

/// Whether a piece that is not a pawn promotes (`promotes`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Promotes {
    /// It never promotes.
    #[default]
    Never,
    /// It must, on reaching the promotion zone by its own move.
    Must,
    /// It may, on reaching the promotion zone by its own move.
    May,
}

impl PieceDef {
    /// The FEN token for this kind in `color`: `N`, `n`, `{Sissa}`, `{sissa}`.
    pub fn fen_token(&self, color: Color) -> String {
        // White's code starts with a capital (`Sissa`), Black's is all
        // lower case (`sissa`); one-letter codes are just `N` / `n`.
        let s = match color {
            Color::White => {
                let mut c = self.letter.chars();
                c.next().map_or_else(String::new, |f| {
                    f.to_ascii_uppercase().to_string() + c.as_str()
                })
            }
            Color::Black => self.letter.to_ascii_lowercase(),
        };
        if self.letter.chars().count() == 1 {
            s
        } else {
            format!("{{{s}}}")
        }
    }
}

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
    /// Kinds a pawn may promote to.
    pub promotion_choices: Vec<PieceKind>,
    /// `promotion_ranks` as squares, per side.
    pub promotion_zone: ByColor<SquareSet>,
    /// `double_step_ranks` as squares, per side.
    pub double_step_zone: ByColor<SquareSet>,
    /// A pawn promotes to the last piece of its side's reserve board
    /// (`promotion_source = reserve_back`) instead of a choice; with the
    /// reserve empty it may not move onto the promotion ranks.
    pub from_reserve: bool,
    /// Only a pawn that has not moved since the game began (or since it
    /// was dropped) may double-step (`double_step = unmoved`); otherwise
    /// any pawn standing on a double-step rank may (`double_step = rank`,
    /// the default), however it got there.
    pub double_step_unmoved: bool,
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
    /// A side that can capture must (`must_capture`).
    pub must_capture: bool,
    /// Captured pieces go to the capturer's hand and may be dropped on
    /// empty squares without a marker; both hands empty when it turns
    /// off (`drops`).
    pub drops: bool,
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
    pub mandatory: bool,
    /// Empty squares a piece may be dropped on, per side.
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
    /// The component the move was made as (see [`PieceDef::components`]).
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
    /// Where the variant names the file, for the script's load errors.
    pub span: crate::diag::Span,
}

impl ScriptDecl {
    /// Does the variant declare `hook`?
    pub fn declares(&self, hook: hooks::Hook) -> bool {
        self.hooks.iter().any(|h| h == hook.name)
    }
}

/// The compiled, immutable rules of one variant.
#[derive(Clone, Debug)]
pub struct Rules {
    /// The variant's name.
    pub name: String,
    /// Where it came from (file name or `embedded:NAME`).
    pub source: String,
    /// Board size.
    pub geometry: Geometry,
    /// Piece kinds, indexed by [`PieceKind`].
    pub pieces: Vec<PieceDef>,
    /// Piece kinds by name, in declaration order.
    pub by_name: IndexMap<String, PieceKind>,
    /// Pawn rules.
    pub pawns: PawnRules,
    /// Castling moves per side (Black's mirrored from White's).
    pub castling: ByColor<Vec<CastleRule>>,
    /// End conditions.
    pub ending: Ending,
    /// The start position as FEN.
    pub setup: String,
    /// Pieces one square may hold: 1, or 2 for stacking variants.
    pub capacity: u8,
    /// How units share squares, when `capacity` is 2.
    pub stacking: Option<Stacking>,
    /// The phases of a turn.
    pub phases: Vec<PhaseDef>,
    /// Squares whose raw unmoved bit is hashed (all squares when a non-pawn
    /// has initial-only moves; castling rights are hashed separately).
    pub unmoved_relevant: SquareSet,
    pub(crate) rays: Rays,
    pub(crate) moves_of: ByColor<Vec<Vec<GenAtom>>>,
    pub(crate) leaps: ByColor<Vec<Vec<LeapTable>>>,
    /// Attack patterns other than plain leaps.
    pub(crate) attack: ByColor<Vec<AttackAtom>>,
    /// Plain leap attacks, reversed per target square.
    pub(crate) leap_attacks: ByColor<LeapAttacks>,
    pub(crate) zobrist: Zobrist,
    /// Pin-based legality shortcuts are sound: only leapers and plain
    /// riders, capacity 1 (see `tables::finish`).
    pub(crate) pin_shortcut: bool,
    /// A position's moves may be counted without being built: nothing
    /// declared turns a piece's moves into other turns (see
    /// `tables::finish`). Positions with a push or a pending choice are
    /// still listed.
    pub(crate) bulk_count: bool,
    /// Kinds whose atoms share a direction, so one target may be reached
    /// twice and generated moves need de-duplication.
    pub(crate) may_repeat: ByColor<Vec<bool>>,
    /// The variant's script as declared (its file, text and hooks), if it
    /// declares one. The loader compiles it and installs the hooks in
    /// [`Rules::extensions`].
    pub script: Option<ScriptDecl>,
    /// What layers above the rules install in them: the script's hooks,
    /// as the traits `movegen` and `position` define (see
    /// ARCHITECTURE.md). Empty in a variant without a script.
    pub extensions: extensions::Extensions,
    /// Kinds whose moves and attacks also go through the script.
    pub scripted: Vec<bool>,
    /// Per kind and colour, per square: where a scripted kind's attacks can
    /// reach from there (`attacks_within`); `None`: no bound.
    pub script_reach: Vec<Option<ByColor<Vec<SquareSet>>>>,
    /// Kinds (bit per kind) that are not pawns but promote (`promotes`).
    pub promoters: u128,
    /// Kinds whose moves come only from the script (their `betza` moves
    /// are not generated).
    pub script_only: Vec<bool>,
    /// Path moves (bent, crooked, circular, cylindrical) per kind.
    pub(crate) paths_of: ByColor<Vec<Vec<PathGen>>>,
    /// Bit `k` set: kind `k` captures along a path (so attacks need a
    /// forward look from such pieces).
    pub(crate) path_attackers: ByColor<u128>,
    pub(crate) royal_kind: Vec<bool>,
    /// Per victim kind, the kinds that may capture it (all bits set when
    /// unrestricted).
    pub(crate) capturable_by: Vec<u128>,
    /// Some kind is immune to some capturers.
    pub(crate) immunity: bool,
    /// Captures may be refused: immunity or protectors.
    pub(crate) capture_limits: bool,
    /// Some kind has `must_move_when_attacked`.
    pub(crate) must_move: bool,
    /// Bit `k` set: kind `k` freezes adjacent enemies (see `freeze_mask`).
    pub(crate) freezers: u128,
    /// Per freezer kind, the enemy kinds it freezes.
    pub(crate) freeze_mask: Vec<u128>,
    /// Bit `k` set: kind `k` protects adjacent friends from capture.
    pub(crate) protectors: u128,
    /// A frozen non-royal piece may remove itself as its turn's action.
    pub frozen_suicide: bool,
    pub(crate) pawn_kind: Vec<bool>,
    /// Some kind's `i` moves are gated by the unmoved bit (see
    /// `tracks_unmoved`).
    pub(crate) uses_unmoved: bool,
    /// Per kind: its `i` moves are gated by the unmoved bit (non-pawns
    /// with initial moves, and pawns under `double_step = unmoved`). Only
    /// such pieces carry the bit, apart from castling pieces.
    pub(crate) tracks_unmoved: Vec<bool>,
    /// Bit `k` set: kind `k` has `no_swap_back`.
    pub(crate) no_swap_back: u128,
    /// Value classes: per kind, its class number (from 1), if any.
    pub class_of: Vec<Option<u8>>,
    /// The kinds of each class, class 1 first.
    pub classes: Vec<Vec<PieceKind>>,
    /// The reserve boards a game starts with (drop order, White's then
    /// Black's), when the variant declares them.
    pub reserve: Option<ByColor<Vec<PieceKind>>>,
    /// Mutators: named patches of the rules, switched on and off by
    /// markers (bit `i` of a position's active set is `mutators[i]`).
    pub mutators: Vec<Mutator>,
    /// Where markers may lie and how many, when the variant has them.
    pub markers: Option<MarkerRules>,
    /// How many kinds the variant declares; kinds from here on are the
    /// forms mutators give them (a knight under Rider), never written or
    /// typed: they carry their declared kind's letter.
    pub base_kinds: usize,
    /// Per kind: the declared kind it is a form of (itself if declared).
    pub base_of: Vec<PieceKind>,
    /// The form of each declared kind under each active set:
    /// `forms[active * base_kinds + kind]`. Empty without mutators.
    pub(crate) forms: Vec<PieceKind>,
    /// Bit `i` set: mutator `i` is on whatever the markers.
    pub(crate) always_on: u32,
    /// Bit `i` set: mutator `i` makes moves keep their square colour.
    pub(crate) keep_colour: u32,
    /// Bit `i` set: mutator `i` makes captures explode.
    pub(crate) explode: u32,
    /// Bit `i` set: mutator `i` makes captures compulsory.
    pub(crate) must_capture: u32,
    /// Bit `i` set: mutator `i` feeds hands with captures and allows
    /// drops.
    pub(crate) drops_from_captures: u32,
    /// Bit `i` set: mutator `i` rolls a die before each turn.
    pub(crate) dice: u32,
    /// The die's faces (the first dice mutator's).
    pub dice_faces: u8,
    /// Bit `i` set: mutator `i` allows swaps.
    pub(crate) swaps: u32,
    /// Bit `i` set: mutator `i` makes the mover push an enemy pawn after
    /// the action.
    pub(crate) pushes: u32,
    /// The push steps, each with the mutators that must be on for it
    /// (a pushing mutator's own, then its `when` interactions); the last
    /// that applies wins.
    pub(crate) push_patterns: Vec<(u32, Vec<(i8, i8)>)>,
    /// Per mutator with `extra_double_step_ranks`: its bit and the
    /// squares (per side) it adds to the pawns' double-step zone.
    pub(crate) extra_double_step: Vec<(u32, ByColor<SquareSet>)>,
    /// The bits of `extra_double_step`.
    pub(crate) extra_double_step_mask: u32,
    /// Which pieces came from a promotion is tracked (written `Q~`):
    /// some mutator feeds hands, where they enter as pawns.
    pub(crate) tracks_promoted: bool,
    /// A random setup, if the variant draws its start position.
    pub random_setup: Option<RandomSetup>,
    /// Hands, if the variant has them.
    pub pocket: Option<PocketRules>,
    /// Drops from the hand, if the variant has them.
    pub drops: Option<DropRules>,
    /// Morph rules, in declaration order.
    pub morphs: Vec<MorphRule>,
    /// Per kind, the indices of the morph rules that apply to it (the
    /// first whose trigger and condition hold is used).
    pub(crate) morph_of: Vec<Vec<u8>>,
    /// Per kind and atom (as the `atom` numbers of moves
    /// them), the component kind that atom belongs to.
    pub(crate) component_of: Vec<Vec<Option<PieceKind>>>,
}

impl Rules {
    /// The composite kind (`units`) made of the units `a` and `b` when
    /// they are one colour's, if one is declared.
    pub fn composite_of(&self, a: Piece, b: Piece) -> Option<PieceKind> {
        if a.color != b.color {
            return None;
        }
        self.pieces
            .iter()
            .position(|p| {
                p.units.len() == 2
                    && (p.units[0] == a.kind && p.units[1] == b.kind
                        || p.units[0] == b.kind && p.units[1] == a.kind)
            })
            .map(|i| PieceKind(i as u8))
    }

    /// The kind named `name`.
    pub fn kind(&self, name: &str) -> Option<PieceKind> {
        self.by_name.get(name).copied()
    }

    /// What a piece of `kind` becomes after castling (a quiet move of both
    /// pieces): the first morph for it that is forced, has no condition
    /// and lists its target.
    pub fn castling_morph(&self, kind: PieceKind) -> Option<PieceKind> {
        self.morph_of[kind.index()].iter().find_map(|&r| {
            let rule = &self.morphs[r as usize];
            let fits =
                !rule.optional && rule.condition.is_none() && rule.trigger != MorphTrigger::Capture;
            match (&rule.target, fits) {
                (MorphTarget::Listed(map), true) => map[kind.index()],
                _ => None,
            }
        })
    }

    /// The component kind that atom `atom` of `kind` belongs to, for
    /// morphs with `target = component_used`.
    pub fn component_by_atom(&self, kind: PieceKind, atom: u8) -> Option<PieceKind> {
        self.component_of[kind.index()]
            .get(atom as usize)
            .copied()
            .flatten()
    }

    /// The kinds a piece of `kind` may become when pocketed from `from`
    /// by `color`: its class (itself included) or, from the promotion
    /// zone, the next class (itself at the top class); only itself when
    /// nothing mutates.
    pub fn pocket_choices(&self, kind: PieceKind, color: Color, from: Square) -> Vec<PieceKind> {
        let Some(p) = &self.pocket else {
            return Vec::new();
        };
        let class = self.class_of[kind.index()];
        match class {
            Some(c) if p.promote_zone[color].contains(from) => match self.classes.get(c as usize) {
                Some(next) => next.clone(),
                None => vec![kind],
            },
            Some(c) if p.mutate => self.classes[c as usize - 1].clone(),
            _ => vec![kind],
        }
    }

    /// The kind called `text` by name (`knight`) or by FEN letter or code
    /// in either case (`N`, `n`), as players type it.
    pub fn kind_named(&self, text: &str) -> Option<PieceKind> {
        self.kind(text).or_else(|| {
            self.pieces
                .iter()
                .position(|p| p.letter.eq_ignore_ascii_case(text))
                .map(|i| PieceKind(i as u8))
        })
    }

    /// The steps of the enemy-pawn push that follows the action under
    /// the `active` set (from the pawn owner's side), if one is due.
    pub fn push_steps(&self, active: u32) -> Option<&[(i8, i8)]> {
        if active & self.pushes == 0 {
            return None;
        }
        self.push_patterns
            .iter()
            .rev()
            .find(|(when, _)| active & when == *when)
            .map(|(_, steps)| steps.as_slice())
    }

    /// The form `kind` (or the kind it is a form of) takes while the
    /// mutators of `active` are on.
    #[inline]
    pub fn form(&self, kind: PieceKind, active: u32) -> PieceKind {
        if self.forms.is_empty() {
            return kind;
        }
        let base = self.base_of[kind.index()].index();
        self.forms[active as usize * self.base_kinds + base]
    }

    /// The mutator called `name` (any case).
    pub fn mutator_named(&self, name: &str) -> Option<u8> {
        self.mutators
            .iter()
            .position(|m| m.name.eq_ignore_ascii_case(name))
            .map(|i| i as u8)
    }

    /// The definition of `kind`.
    pub fn piece(&self, kind: PieceKind) -> &PieceDef {
        &self.pieces[kind.index()]
    }

    /// The kind a piece that came from a promotion is demoted to when it
    /// enters a hand: the first declared pawn kind.
    pub fn demoted_kind(&self) -> Option<PieceKind> {
        (0..self.base_kinds)
            .map(|k| PieceKind(k as u8))
            .find(|&k| self.is_pawn(k))
    }

    /// Is anything in a game left to chance (a mutator that rolls a
    /// die)? A game of such a variant needs a seed of its own.
    pub fn has_chance(&self) -> bool {
        self.dice != 0
    }

    /// The lane of a die roll: the squares of the file and of the rank
    /// numbered `roll` (from 1: file a, rank 1).
    pub fn lane(&self, roll: u8) -> SquareSet {
        let g = self.geometry;
        let n = roll as i32 - 1;
        g.squares()
            .filter(|&sq| g.file(sq) == n || g.rank(sq) == n)
            .collect()
    }

    /// Is `kind` royal?
    #[inline]
    pub fn is_royal(&self, kind: PieceKind) -> bool {
        self.royal_kind[kind.index()]
    }

    /// Does `kind` follow the pawn rules?
    #[inline]
    pub fn is_pawn(&self, kind: PieceKind) -> bool {
        self.pawn_kind[kind.index()]
    }

    /// The kind whose FEN letter (either case) or `{code}` is `token`,
    /// with the colour the case implies.
    pub fn parse_piece_token(&self, token: &str) -> Option<(PieceKind, Color)> {
        let inner = token
            .strip_prefix('{')
            .and_then(|t| t.strip_suffix('}'))
            .unwrap_or(token);
        let first = inner.chars().next()?;
        let color = if first.is_uppercase() {
            Color::White
        } else {
            Color::Black
        };
        let kind = self.pieces.iter().position(|p| {
            p.letter.eq_ignore_ascii_case(inner)
                && (p.letter.chars().count() == 1) == (inner.chars().count() == 1)
        })?;
        Some((PieceKind(kind as u8), color))
    }
}
