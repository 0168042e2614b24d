//! The compiled rule model: [`Rules`], built once from a variant file and
//! shared read-only (`Arc<Rules>`).

mod compile;
pub mod extensions;
mod geometry;
pub mod hooks;
mod paths;
mod plan;
mod sections;
mod tables;
mod zobrist;

// The loader makes rules that still lack what the layers above install
// (move generation's capture probe, the script's hooks): only
// `variants`, which installs them, may use it, so that no half-built
// rules leave the crate.
pub(crate) use compile::Loader;
pub use compile::{LoadError, MAX_DIAGNOSTICS};
pub use geometry::{Geometry, Rays, file_char};
pub use paths::{LocustGen, PathGen};
pub use plan::{FastPath, TurnPlan, TurnPlans, TurnRule, TurnRules};
pub use sections::*;
pub use tables::{AttackAtom, GenAtom, LeapAttacks, LeapTable, ModeLine};
pub use zobrist::Zobrist;

use crate::board::{ByColor, Color, KindSet, MutatorSet, Piece, PieceKind, Square, SquareSet};
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
    /// Immunity: only these kinds may capture this kind
    /// (`captured_by`); `None`: any kind may.
    pub captured_by: Option<KindSet>,
    /// When a piece of this kind is attacked, its side must move one of
    /// its attacked pieces of such kinds (the Wuss).
    pub must_move: bool,
    /// Aura: the enemy kinds this kind freezes when
    /// adjacent (`freezes`); `None`: it freezes nothing.
    pub freezes: Option<KindSet>,
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
    /// How it captures when not by replacement (`capture = withdrawal`,
    /// `approach` or `leap`): along the lines of its moves, which all end
    /// on empty squares.
    pub capture: Option<CaptureMode>,
    /// For an imitator: the enemy kinds the variant's script imitates
    /// (`script_imitates`); the engine imitates the others.
    pub script_imitates: KindSet,
    /// A composite kind is a name for a stack of two units of these kinds
    /// (`units = [bishop, rook]`: Fluid Chess's queen): it never stands
    /// on a square as one unit, but is written, shown and promoted to as
    /// one. Empty for every other kind.
    pub units: Vec<PieceKind>,
    /// The ranks (each side's own count) on which a piece of this kind
    /// may be dropped from a hand (`drop_ranks`); `None`: wherever the
    /// drop rules allow.
    pub drop_ranks: Option<Vec<i32>>,
    /// What a pawn of this kind may promote to (`promotion_choices` in
    /// its piece section), in place of the `pawns` section's list;
    /// `None`: that list.
    pub promotion_choices: Option<Vec<PieceKind>>,
    /// The ranks (each side's own count) a piece of this kind may move,
    /// capture and be dropped onto (`region_ranks`); `None`: every rank.
    pub region_ranks: Option<Vec<i32>>,
    /// The files (from 0, the a-file) a piece of this kind may move,
    /// capture and be dropped onto (`region_files`); `None`: every file.
    pub region_files: Option<Vec<i32>>,
    /// A piece of this kind may not move while its side is in check
    /// (`immobile_in_check`: Makpong's king).
    pub immobile_in_check: bool,
    /// The kind this one is the promoted form of (`unpromoted`): a
    /// captured piece of this kind enters a hand as that kind.
    pub unpromoted: Option<PieceKind>,
    /// A piece of this kind may not be dropped on a file that already
    /// holds this many of its side's pieces of the kind
    /// (`drop_file_limit`: shogi's pawns, 1).
    pub drop_file_limit: Option<u8>,
    /// A drop of this kind may checkmate (`mate_by_drop`; shogi's pawn:
    /// `false`).
    pub mate_by_drop: bool,
    /// The promoted forms a held piece of this kind may also be dropped
    /// as (`also_dropped_as`); each has this kind as its `unpromoted`.
    pub dropped_as: Vec<PieceKind>,
    /// A piece may promote into this kind only while its side has fewer
    /// than this many of it on the board (`promotion_limit`).
    pub promotion_limit: Option<u8>,
    /// The ranks (each side's own count) from which the atoms from
    /// `zone_start` on apply (`zone_ranks`); `None`: no such atoms.
    pub zone_ranks: Option<Vec<i32>>,
    /// The index of the first atom of `zone_betza` in `atoms` (its
    /// length when there are none).
    pub zone_start: usize,
    /// The index of the first atom of `line_betza` in `atoms`: those
    /// from here on move only along the board's drawn lines.
    pub line_start: usize,
    /// Its first-move (`i`) moves may be made in check
    /// (`initial_in_check = false`: Cambodian chess's king leap).
    pub initial_in_check: bool,
    /// Enemy kinds that end its first-move rights by moving onto its rank
    /// or file (`initial_lost_to = [rook]`: Cambodian chess's king).
    pub initial_lost_to: KindSet,
    /// Kinds its hops may not use as a screen (`cannot_hop = [cannon]`:
    /// Janggi's cannon).
    pub cannot_hop: KindSet,
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

/// Which royal pieces a side must keep from attack (`royal_rule`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum RoyalRule {
    /// Every one: a move may not leave any royal piece attacked.
    #[default]
    Each,
    /// Only a side's last royal piece is royal: while it has several,
    /// any may be left attacked and taken (Sho Shogi's king and crown
    /// prince).
    LastOne,
    /// As `LastOne`, and a move may not leave all of several royal
    /// pieces attacked at once (Spartan Chess's two kings: duple check).
    DupleCheck,
}

/// A way of capturing other than by replacement, along the lines a piece
/// moves on (the Ultima / Rococo family). The piece's moves end on empty
/// squares; the mode says which enemies a move takes, compulsorily.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CaptureMode {
    /// Moving straight away from an adjacent enemy takes it (the
    /// Withdrawer).
    Withdrawal,
    /// Stopping right in front of an enemy, moving toward it, takes it
    /// (the Advancer).
    Approach,
    /// Along the line it may jump enemies, each with an empty square
    /// right behind, taking every one it jumps (the Long Leaper).
    Leap,
    /// It takes each enemy the way that enemy captures: along its lines
    /// an enemy of a line mode (withdrawal, approach, leap) by that mode
    /// (several in one move), an enemy swapper by a swap or mutual
    /// destruction, a shooter or a collider by that mode, any other by
    /// that kind's own `betza` captures from its square (the Chameleon).
    /// It never takes an imitator, a slinger or a recruiter; the kinds in
    /// its `script_imitates` are the script's to imitate.
    Imitate,
    /// Instead of moving it shoots the first piece along one of its
    /// lines, an enemy it may take, and stays: from two squares away or
    /// nearer always, from farther only when another friendly piece spots
    /// the target (stands next to it, or two squares from it along a line
    /// with the square between empty). The Archer.
    Shoot,
    /// It exchanges squares with the first piece along one of its lines,
    /// of either side (not a capture), or removes an adjacent enemy it may
    /// take together with itself (tagged `destroy`). The Swapper.
    Swap,
    /// It slides along a line up to the square before the first piece in
    /// the way, turns 45 degrees onto a line that keeps going the same way,
    /// slides on, and takes the first piece met there if it is an enemy it
    /// may take, going straight to its square. Its lines are single steps.
    /// The Secutor.
    Collide,
    /// Stepping one square along a line, it slings the piece right behind
    /// it (either side) over itself: that piece flies on along the line to
    /// the last empty square before the first piece in the way, or takes
    /// that piece if it is an enemy the slinger may take. A pawn is never
    /// slung onto its own first rank, nor where it may not arrive. Its
    /// lines are single steps. The Oxybeles.
    Sling,
    /// Instead of moving it turns the first piece along one of its lines,
    /// an enemy it may take and no royal, into its own, in place. It
    /// attacks nothing. The Maoking.
    Recruit,
}

impl CaptureMode {
    /// Every mode, in the order variant-file errors list their names.
    pub const ALL: [CaptureMode; 9] = [
        CaptureMode::Withdrawal,
        CaptureMode::Approach,
        CaptureMode::Leap,
        CaptureMode::Imitate,
        CaptureMode::Shoot,
        CaptureMode::Swap,
        CaptureMode::Collide,
        CaptureMode::Sling,
        CaptureMode::Recruit,
    ];

    /// The mode's name in variant files. Every mode has one: the match
    /// names each, so a new mode does not compile until it is named.
    pub fn name(self) -> &'static str {
        match self {
            CaptureMode::Withdrawal => "withdrawal",
            CaptureMode::Approach => "approach",
            CaptureMode::Leap => "leap",
            CaptureMode::Imitate => "imitate",
            CaptureMode::Shoot => "shoot",
            CaptureMode::Swap => "swap",
            CaptureMode::Collide => "collide",
            CaptureMode::Sling => "sling",
            CaptureMode::Recruit => "recruit",
        }
    }

    /// The mode a variant file names `name`, if any.
    pub fn named(name: &str) -> Option<CaptureMode> {
        CaptureMode::ALL.into_iter().find(|m| m.name() == name)
    }

    /// The mode in words, after "captures by".
    pub fn words(self) -> &'static str {
        match self {
            CaptureMode::Withdrawal => "withdrawal",
            CaptureMode::Approach => "approach",
            CaptureMode::Leap => "leaping",
            CaptureMode::Imitate => "imitation",
            CaptureMode::Shoot => "shooting",
            CaptureMode::Swap => "swapping",
            CaptureMode::Collide => "collision",
            CaptureMode::Sling => "slinging",
            CaptureMode::Recruit => "recruiting",
        }
    }

    /// Do its lines have to be single steps (a turn or a sling needs
    /// the step's neighbours)?
    pub fn needs_steps(self) -> bool {
        match self {
            CaptureMode::Collide | CaptureMode::Sling => true,
            CaptureMode::Withdrawal
            | CaptureMode::Approach
            | CaptureMode::Leap
            | CaptureMode::Imitate
            | CaptureMode::Shoot
            | CaptureMode::Swap
            | CaptureMode::Recruit => false,
        }
    }
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
    /// Is the letter a promoted form's code, `+` and a letter (`+P`,
    /// written so in FEN without braces)?
    pub fn is_plus_code(&self) -> bool {
        self.letter.len() == 2 && self.letter.starts_with('+')
    }

    /// The FEN token for this kind in `color`: `N`, `n`, `+P`, `+p`,
    /// `{Sissa}`, `{sissa}`.
    pub fn fen_token(&self, color: Color) -> String {
        if self.is_plus_code() {
            return match color {
                Color::White => self.letter.to_ascii_uppercase(),
                Color::Black => self.letter.to_ascii_lowercase(),
            };
        }
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

/// The tables move generation and attack detection read, per colour and
/// per square, built once by `tables::finish`.
#[derive(Clone, Debug, Default)]
pub struct MoveTables {
    /// The board's rays: each interned direction's steps from each square.
    pub(crate) rays: Rays,
    /// Per colour and kind: the generator atoms other than plain leaps.
    pub(crate) moves_of: ByColor<Vec<Vec<GenAtom>>>,
    /// Per colour and kind: the lines of a kind with a capture mode
    /// (empty for others).
    pub(crate) mode_lines: ByColor<Vec<Vec<ModeLine>>>,
    /// The eight single steps' direction ids, when a kind shoots (its
    /// shots are spotted from a target's surroundings); else empty.
    pub(crate) unit_dirs: Vec<u16>,
    /// Per colour and kind: plain leaps, as targets per square, by mode.
    pub(crate) leaps: ByColor<Vec<Vec<LeapTable>>>,
    /// Attack patterns other than plain leaps.
    pub(crate) attack: ByColor<Vec<AttackAtom>>,
    /// Plain leap attacks, reversed per target square.
    pub(crate) leap_attacks: ByColor<LeapAttacks>,
    /// Kinds whose atoms share a direction, so one target may be reached
    /// twice and generated moves need de-duplication.
    pub(crate) may_repeat: ByColor<Vec<bool>>,
    /// Path moves (bent, crooked, circular, cylindrical) per kind.
    pub(crate) paths_of: ByColor<Vec<Vec<PathGen>>>,
    /// Moves that capture on the way (XBetza locust legs) per kind.
    pub(crate) locusts_of: ByColor<Vec<Vec<LocustGen>>>,
    /// The kinds with such moves (so attacks need a forward look from
    /// such pieces).
    pub(crate) locust_attackers: ByColor<KindSet>,
    /// The kinds that capture along a path (so attacks need a forward
    /// look from such pieces).
    pub(crate) path_attackers: ByColor<KindSet>,
    /// Per colour, kind and square: where the kind's capturing paths from
    /// that square may end, blockers aside (empty for other kinds).
    pub(crate) path_reach: ByColor<Vec<Vec<SquareSet>>>,
    /// Per colour and target square: the squares from which some kind's
    /// capturing path may end on it, the union of `path_reach` reversed.
    pub(crate) path_sources: ByColor<Vec<SquareSet>>,
    /// Per square: the squares next to it.
    pub(crate) around: Vec<SquareSet>,
    /// The squares of a1's colour (the board's colours alternate along
    /// ranks and files).
    pub(crate) a1_colour: SquareSet,
    /// Per square: the squares on the lines an attack other than a plain
    /// leap may come along to it, with the sources and legs of lame
    /// leaps onto it (so taking pieces off elsewhere opens none).
    pub(crate) lines: Vec<SquareSet>,
}

/// What the mutators do, each as the set of mutators that do it (empty
/// without mutators): a position's active set intersected with one says
/// whether the rule is on.
#[derive(Clone, Debug, Default)]
pub struct MutatorMasks {
    /// The mutators on whatever the markers.
    pub(crate) always_on: MutatorSet,
    /// The mutators that make moves keep their square colour.
    pub(crate) keep_colour: MutatorSet,
    /// The mutators that make captures explode.
    pub(crate) explode: MutatorSet,
    /// Exploding mutators with their own blast rules (`blast_spares`,
    /// `blast_immune`, `en_passant_blast`, `touching_royals_safe`), under
    /// which the pin shortcut, which knows plain blasts only, is off.
    pub(crate) shaped_blasts: MutatorSet,
    /// Exploding mutators under which touching royals cannot be
    /// attacked (`touching_royals_safe`).
    pub(crate) touching_royals_safe: MutatorSet,
    /// The mutators that make captures compulsory.
    pub(crate) must_capture: MutatorSet,
    /// The mutators that feed hands with captures and allow
    /// drops.
    pub(crate) drops_from_captures: MutatorSet,
    /// The mutators with `drops` under which a captured piece that came
    /// from a promotion enters the hand as a pawn (`demote`).
    pub(crate) demotes: MutatorSet,
    /// Mutators with drops whose captures feed the hands
    /// (`keep_captures`).
    pub(crate) keeps_captures: MutatorSet,
    /// Which pieces came from a promotion is tracked (written `Q~`):
    /// some mutator feeds hands, where such pieces enter as pawns.
    pub(crate) tracks_promoted: bool,
    /// The mutators that roll a die before each turn.
    pub(crate) dice: MutatorSet,
    /// The die's faces (the first dice mutator's).
    pub(crate) dice_faces: u8,
    /// The mutators that allow swaps.
    pub(crate) swaps: MutatorSet,
    /// The mutators that make the mover push an enemy pawn after
    /// the action.
    pub(crate) pushes: MutatorSet,
    /// The push steps, each with the mutators that must be on for it
    /// (a pushing mutator's own, then its `when` interactions); the last
    /// that applies wins.
    pub(crate) push_patterns: Vec<(MutatorSet, Vec<(i8, i8)>)>,
    /// Per mutator with `extra_double_step_ranks`: its set and the
    /// squares (per side) it adds to the pawns' double-step zone.
    pub(crate) extra_double_step: Vec<(MutatorSet, ByColor<SquareSet>)>,
    /// The mutators of `extra_double_step`.
    pub(crate) extra_double_step_mask: MutatorSet,
}

/// What pieces do to captures and moves around them, derived once from
/// the piece definitions: immunity, protection, freezing, and the duty to
/// move a piece that is attacked.
#[derive(Clone, Debug, Default)]
pub struct Auras {
    /// Per victim kind, the kinds that may capture it (every kind when
    /// unrestricted).
    pub(crate) capturable_by: Vec<KindSet>,
    /// Some kind is immune to some capturers.
    pub(crate) immunity: bool,
    /// Captures may be refused: immunity or protectors.
    pub(crate) capture_limits: bool,
    /// Some kind has `must_move_when_attacked`.
    pub(crate) must_move: bool,
    /// Some kind has `immobile_in_check`.
    pub(crate) immobile_in_check: bool,
    /// The kinds that freeze adjacent enemies (see `freeze_mask`).
    pub(crate) freezers: KindSet,
    /// Per freezer kind, the enemy kinds it freezes.
    pub(crate) freeze_mask: Vec<KindSet>,
    /// The kinds that protect adjacent friends from capture.
    pub(crate) protectors: KindSet,
}

/// What each kind is and does, as flags, sets and lists indexed by
/// [`PieceKind`], derived once from the piece definitions and the
/// sections that name kinds (the script, morphs, classes), so play and
/// move generation look a kind up rather than read its definition.
#[derive(Clone, Debug, Default)]
pub struct KindFacts {
    /// Per kind: it is royal (see [`PieceDef::royal`]).
    pub(crate) royal: Vec<bool>,
    /// Per kind: it follows the pawn rules (see [`PieceDef::pawn`]).
    pub(crate) pawn: Vec<bool>,
    /// Kinds that are not pawns but promote (`promotes`).
    pub promoters: KindSet,
    /// The kinds with `no_swap_back`.
    pub(crate) no_swap_back: KindSet,
    /// Per kind: its `i` moves are gated by the unmoved bit (non-pawns
    /// with initial moves, and pawns under `double_step = unmoved`). Only
    /// such pieces carry the bit, apart from castling pieces.
    pub(crate) tracks_unmoved: Vec<bool>,
    /// Some kind's `i` moves are gated by the unmoved bit (see
    /// `tracks_unmoved`).
    pub(crate) uses_unmoved: bool,
    /// Per kind: its moves and attacks also go through a hook: the
    /// script's, or its built-in capture mode ([`PieceDef::capture`]).
    pub scripted: Vec<bool>,
    /// Some kind is scripted (`scripted`): attack tests ask such pieces
    /// square by square.
    pub(crate) any_scripted: bool,
    /// Per kind: its moves come only from the script or its capture mode
    /// (its `betza` moves are not generated as such).
    pub script_only: Vec<bool>,
    /// Per kind and colour, per square: where a scripted kind's attacks can
    /// reach from there (`attacks_within`); `None`: no bound.
    pub script_reach: Vec<Option<ByColor<Vec<SquareSet>>>>,
    /// Per kind, the indices of the morph rules that apply to it (the
    /// first whose trigger and condition hold is used).
    pub(crate) morph_of: Vec<Vec<u8>>,
    /// Per kind and atom of its movement (a move's `atom`), the
    /// component kind that atom belongs to.
    pub(crate) component_of: Vec<Vec<Option<PieceKind>>>,
    /// Value classes: per kind, its class number (from 1), if any.
    pub class_of: Vec<Option<u8>>,
    /// The kinds of each class (`classes`), class 1 first.
    pub classes: Vec<Vec<PieceKind>>,
    /// Per colour and kind: the squares a piece of that kind may be
    /// dropped on (its `drop_ranks`, every square without them), before
    /// the drop rules and the board's occupancy narrow them.
    pub(crate) drop_zone: ByColor<Vec<SquareSet>>,
    /// Per colour and kind: the squares from which a piece of that kind
    /// has no move on an empty board, with `stranded_pieces = illegal`
    /// (empty otherwise). A move that would leave it there must promote.
    pub(crate) stranded: ByColor<Vec<SquareSet>>,
    /// Some kind has a square in `stranded`.
    pub(crate) strands: bool,
    /// Some kind loses its first-move rights to enemy moves
    /// (`initial_lost_to`).
    pub(crate) rights_lost_to: bool,
    /// Some kind limits its drops per file (`drop_file_limit`) or may
    /// not mate by a drop (`mate_by_drop = false`).
    pub(crate) drop_limits: bool,
    /// Some kind has a `promotion_limit`.
    pub(crate) promotion_limits: bool,
    /// Some kind is confined to a region (`region_ranks`,
    /// `region_files`).
    pub(crate) has_regions: bool,
    /// The kinds some `insufficient_material` pattern lists: while a
    /// piece of another kind (royals aside) stands on the board, no
    /// pattern matches.
    pub(crate) dead_listed: KindSet,
    /// The most pieces beside the royals that any such pattern allows,
    /// `None` where one allows any number.
    pub(crate) dead_most: Option<u32>,
    /// Per colour and kind: the squares a piece of that kind may move,
    /// capture and attack on (every square without a region). Empty
    /// without regions.
    pub(crate) region: ByColor<Vec<SquareSet>>,
    /// Per colour and square: the kinds whose region holds the square.
    /// Empty without regions.
    pub(crate) allowed_at: ByColor<Vec<KindSet>>,
}

/// The forms mutators give the declared kinds (a knight under Rider):
/// kinds of their own, numbered after the declared ones, never written or
/// typed, that carry their declared kind's letter. Without mutators every
/// kind is declared and its own form.
#[derive(Clone, Debug, Default)]
pub struct Forms {
    /// How many kinds the variant declares; kinds from here on are forms.
    pub base_kinds: usize,
    /// Per kind: the declared kind it is a form of (itself if declared).
    pub base_of: Vec<PieceKind>,
    /// The form of each declared kind under each active set:
    /// `table[active.bits() * base_kinds + kind]`. Empty where no mutator
    /// gives a kind a new form.
    pub(crate) table: Vec<PieceKind>,
    /// Per active set, the kinds that may stand on the board under it:
    /// the forms of the declared kinds. Empty without mutators.
    pub(crate) in_play: Vec<KindSet>,
}

impl Forms {
    /// The form `kind` (or the kind it is a form of) takes while the
    /// mutators of `active` are on.
    #[inline]
    pub fn form(&self, kind: PieceKind, active: MutatorSet) -> PieceKind {
        if self.table.is_empty() {
            return kind;
        }
        let base = self.base_of[kind.index()].index();
        self.table[active.bits() as usize * self.base_kinds + base]
    }

    /// The kinds that may stand on the board while the mutators of
    /// `active` are on (every kind without mutators).
    #[inline]
    pub fn in_play(&self, active: MutatorSet) -> KindSet {
        match self.in_play.get(active.bits() as usize) {
            Some(&kinds) => kinds,
            None => KindSet::ALL,
        }
    }
}

/// What [`Rules::symbol_cache`] holds: the piece letters it was made
/// from, the board's abbreviations and the symbol forms of each kind.
pub(crate) type SymbolCache = (Vec<String>, Vec<String>, Vec<Vec<String>>);

/// The compiled, immutable rules of one variant.
///
/// Rules come only from the loaders of [`crate::variants`] (`load`,
/// `load_str`, `load_with`, `load_untrusted`), which all take one path:
/// compile, then install what the layers above give the rules (move
/// generation's capture probe, which counts checks and records en
/// passant; the script's hooks), then validate the setup. So every
/// `Rules` a program holds is whole:
///
/// ```
/// use changeling::{Game, variants};
/// let rules = variants::load("3check")?;
/// let mut game = Game::new(rules, 0)?;
/// for text in ["e4", "e5", "Bc4", "Nc6", "Bxf7+"] {
///     game.play_text(text)?;
/// }
/// assert_eq!(game.position().checks().white, 1);
/// # Ok::<_, Box<dyn std::error::Error>>(())
/// ```
///
/// The compiler's own loader, which leaves that installing to its caller,
/// is not part of the public interface:
///
/// ```compile_fail
/// let mut loader = changeling::rules::Loader::new(&[]);
/// let file = loader.add_file("x.variant", "variant x : chess { }");
/// let half_built = loader.compile(file, None);
/// ```
#[derive(Clone, Debug)]
pub struct Rules {
    /// The variant's name.
    pub(in crate::rules) name: String,
    /// Where it came from (file name or `embedded:NAME`).
    pub(in crate::rules) source: String,
    /// Board size.
    pub(in crate::rules) geometry: Geometry,
    /// Wall squares (`walls`): part of no move, never occupied, blocking
    /// every line and leg through them; FEN writes them `*`.
    pub(in crate::rules) walls: SquareSet,
    /// The lines drawn on the board (`lines`), each from one square to
    /// another: the moves of a kind's `line_betza` follow them.
    pub(in crate::rules) drawn_lines: Vec<(Square, Square)>,
    /// Pieces one square may hold: 1, or 2 for stacking variants.
    pub(in crate::rules) capacity: u8,
    /// How units share squares, when `capacity` is 2.
    pub(in crate::rules) stacking: Option<Stacking>,
    /// Piece kinds, indexed by [`PieceKind`].
    pub(in crate::rules) pieces: Vec<PieceDef>,
    /// Piece kinds by name, in declaration order.
    pub(in crate::rules) by_name: IndexMap<String, PieceKind>,
    /// Pawn rules.
    pub(in crate::rules) pawns: PawnRules,
    /// Castling moves per side (Black's mirrored from White's).
    pub(in crate::rules) castling: ByColor<Vec<CastleRule>>,
    /// Morph rules, in declaration order.
    pub(in crate::rules) morphs: Vec<MorphRule>,
    /// A frozen non-royal piece may remove itself as its turn's action.
    pub(in crate::rules) frozen_suicide: bool,
    /// No move may give check (`giving_check = illegal`).
    pub(in crate::rules) no_checks: bool,
    /// No move or drop may leave its piece on a square from which its
    /// kind has no move on an empty board (`stranded_pieces = illegal`);
    /// the squares are `kinds.stranded`.
    pub(in crate::rules) no_stranding: bool,
    /// Which royal pieces of a side must be kept from attack
    /// (`royal_rule`).
    pub(in crate::rules) royal_rule: RoyalRule,
    /// Two royals of opposite sides may not face each other on an open
    /// file (`facing_royals = illegal`: Xiangqi's flying general).
    pub(in crate::rules) no_facing: bool,
    /// Two royals of opposite sides facing each other on an open file
    /// must be parted by the side to move, unless it passes; a pass while
    /// they face ends the game drawn (`facing_royals = bikjang`).
    pub(in crate::rules) standoff: bool,
    /// A side may pass its turn when not in check; two passes in a row
    /// end the game drawn (`passing = true`).
    pub(in crate::rules) passing: bool,
    /// The FEN castling field names the first-move rights of the pieces
    /// on each side's first rank by file letters
    /// (`initial_rights = castling_field`: Cambodian chess's `DEde`).
    pub(in crate::rules) rights_in_castling_field: bool,
    /// Black's pieces move as White's turned half a turn instead of
    /// mirrored top to bottom, and squares given from White's side are
    /// turned too (`black_orientation = turned`: Legan chess).
    pub(in crate::rules) black_turned: bool,
    /// End conditions.
    pub(in crate::rules) ending: Ending,
    /// The phases of a turn.
    pub(in crate::rules) phases: Vec<PhaseDef>,
    /// The start position as FEN.
    pub(in crate::rules) setup: String,
    /// A random setup, if the variant draws its start position.
    pub(in crate::rules) random_setup: Option<RandomSetup>,
    /// The reserve boards a game starts with (drop order, White's then
    /// Black's), when the variant declares them.
    pub(in crate::rules) reserve: Option<ByColor<Vec<PieceKind>>>,
    /// Hands, if the variant has them.
    pub(in crate::rules) pocket: Option<PocketRules>,
    /// Drops from the hand, if the variant has them.
    pub(in crate::rules) drops: Option<DropRules>,
    /// Mutators: named patches of the rules, switched on and off by
    /// markers (bit `i` of a position's active set is `mutators[i]`).
    pub(in crate::rules) mutators: Vec<Mutator>,
    /// Where markers may lie and how many, when the variant has them.
    pub(in crate::rules) markers: Option<MarkerRules>,
    /// The variant's script as declared (its file, text and hooks), if it
    /// declares one. The loader compiles it and installs the hooks in
    /// [`Rules::extensions`].
    pub(in crate::rules) script: Option<ScriptDecl>,
    /// What layers above the rules install in them: the script's hooks,
    /// as the traits `movegen` and `position` define (see
    /// ARCHITECTURE.md). Empty in a variant without a script.
    pub(in crate::rules) extensions: extensions::Extensions,
    /// The board's abbreviation of each kind and every symbol move text
    /// accepts for it, worked out by `notation` the first time it spells
    /// a move, beside the piece letters they were made from (a copy of
    /// the rules with other pieces works them out again).
    pub(in crate::rules) symbol_cache: std::sync::OnceLock<SymbolCache>,

    // Derived from the parts above when the variant is compiled, by the
    // compiler's passes and `tables::finish`.
    /// What each kind is and does, read from the definitions once.
    pub(in crate::rules) kinds: KindFacts,
    /// The forms the mutators give the declared kinds.
    pub(in crate::rules) forms: Forms,
    /// What pieces do to captures and moves around them.
    pub(in crate::rules) auras: Auras,
    /// What the mutators do, as the sets of those that do each thing.
    pub(in crate::rules) masks: MutatorMasks,
    /// The per-square tables move generation and attack detection read.
    pub(in crate::rules) tables: MoveTables,
    /// The turn plan of each active mutator set: the turn rules in force
    /// and the shortcuts move generation may take under them.
    pub(in crate::rules) shortcuts: TurnPlans,
    /// Squares whose raw unmoved bit is hashed (all squares when a non-pawn
    /// has initial-only moves; castling rights are hashed separately).
    pub(in crate::rules) unmoved_relevant: SquareSet,
    /// The hash keys of every feature of a position that changes its
    /// legal turns.
    pub(in crate::rules) zobrist: Zobrist,
}

/// The writes the loader makes once the rules are compiled: it installs
/// what the layers above define (the capture probe, the script's hooks)
/// and compiles the script against a copy of the rules without it.
impl Rules {
    /// What layers above install, for the loader.
    pub(crate) fn extensions_mut(&mut self) -> &mut extensions::Extensions {
        &mut self.extensions
    }

    /// Castling rules, for the loader to tell stacked partners apart.
    pub(crate) fn castling_mut(&mut self) -> &mut ByColor<Vec<CastleRule>> {
        &mut self.castling
    }

    /// The same rules without their script, for the script's own board
    /// helpers (so that a helper never calls back into a hook).
    pub(crate) fn clear_script(&mut self) {
        self.script = None;
    }
}

impl Rules {
    /// The variant's name.
    #[inline]
    pub fn name(&self) -> &String {
        &self.name
    }

    /// Where it came from (file name or `embedded:NAME`).
    #[inline]
    pub fn source(&self) -> &String {
        &self.source
    }

    /// Board size.
    #[inline]
    pub fn geometry(&self) -> Geometry {
        self.geometry
    }

    /// Wall squares (`walls`): part of no move, never occupied, blocking
    /// every line and leg through them; FEN writes them `*`.
    #[inline]
    pub fn walls(&self) -> SquareSet {
        self.walls
    }

    /// The lines drawn on the board (`lines`), each from one square to
    /// another: the moves of a kind's `line_betza` follow them.
    #[inline]
    pub fn drawn_lines(&self) -> &Vec<(Square, Square)> {
        &self.drawn_lines
    }

    /// Pieces one square may hold: 1, or 2 for stacking variants.
    #[inline]
    pub fn capacity(&self) -> u8 {
        self.capacity
    }

    /// How units share squares, when `capacity` is 2.
    #[inline]
    pub fn stacking(&self) -> &Option<Stacking> {
        &self.stacking
    }

    /// Piece kinds, indexed by [`PieceKind`].
    #[inline]
    pub fn pieces(&self) -> &Vec<PieceDef> {
        &self.pieces
    }

    /// Piece kinds by name, in declaration order.
    #[inline]
    pub fn by_name(&self) -> &IndexMap<String, PieceKind> {
        &self.by_name
    }

    /// Pawn rules.
    #[inline]
    pub fn pawns(&self) -> &PawnRules {
        &self.pawns
    }

    /// Castling moves per side (Black's mirrored from White's).
    #[inline]
    pub fn castling(&self) -> &ByColor<Vec<CastleRule>> {
        &self.castling
    }

    /// Morph rules, in declaration order.
    #[inline]
    pub fn morphs(&self) -> &Vec<MorphRule> {
        &self.morphs
    }

    /// A frozen non-royal piece may remove itself as its turn's action.
    #[inline]
    pub fn frozen_suicide(&self) -> bool {
        self.frozen_suicide
    }

    /// No move may give check (`giving_check = illegal`).
    #[inline]
    pub fn no_checks(&self) -> bool {
        self.no_checks
    }

    /// No move or drop may leave its piece on a square from which its
    /// kind has no move on an empty board (`stranded_pieces = illegal`);
    /// the squares are `kinds.stranded`.
    #[inline]
    pub fn no_stranding(&self) -> bool {
        self.no_stranding
    }

    /// Which royal pieces of a side must be kept from attack
    /// (`royal_rule`).
    #[inline]
    pub fn royal_rule(&self) -> RoyalRule {
        self.royal_rule
    }

    /// Two royals of opposite sides may not face each other on an open
    /// file (`facing_royals = illegal`: Xiangqi's flying general).
    #[inline]
    pub fn no_facing(&self) -> bool {
        self.no_facing
    }

    /// Two royals of opposite sides facing each other on an open file
    /// must be parted by the side to move, unless it passes; a pass while
    /// they face ends the game drawn (`facing_royals = bikjang`).
    #[inline]
    pub fn standoff(&self) -> bool {
        self.standoff
    }

    /// A side may pass its turn when not in check; two passes in a row
    /// end the game drawn (`passing = true`).
    #[inline]
    pub fn passing(&self) -> bool {
        self.passing
    }

    /// The FEN castling field names the first-move rights of the pieces
    /// on each side's first rank by file letters
    /// (`initial_rights = castling_field`: Cambodian chess's `DEde`).
    #[inline]
    pub fn rights_in_castling_field(&self) -> bool {
        self.rights_in_castling_field
    }

    /// Black's pieces move as White's turned half a turn instead of
    /// mirrored top to bottom, and squares given from White's side are
    /// turned too (`black_orientation = turned`: Legan chess).
    #[inline]
    pub fn black_turned(&self) -> bool {
        self.black_turned
    }

    /// End conditions.
    #[inline]
    pub fn ending(&self) -> &Ending {
        &self.ending
    }

    /// The phases of a turn.
    #[inline]
    pub fn phases(&self) -> &Vec<PhaseDef> {
        &self.phases
    }

    /// The start position as FEN.
    #[inline]
    pub fn setup(&self) -> &String {
        &self.setup
    }

    /// A random setup, if the variant draws its start position.
    #[inline]
    pub fn random_setup(&self) -> &Option<RandomSetup> {
        &self.random_setup
    }

    /// The reserve boards a game starts with (drop order, White's then
    /// Black's), when the variant declares them.
    #[inline]
    pub fn reserve(&self) -> &Option<ByColor<Vec<PieceKind>>> {
        &self.reserve
    }

    /// Hands, if the variant has them.
    #[inline]
    pub fn pocket(&self) -> &Option<PocketRules> {
        &self.pocket
    }

    /// Drops from the hand, if the variant has them.
    #[inline]
    pub fn drops(&self) -> &Option<DropRules> {
        &self.drops
    }

    /// Mutators: named patches of the rules, switched on and off by
    /// markers (bit `i` of a position's active set is `mutators[i]`).
    #[inline]
    pub fn mutators(&self) -> &Vec<Mutator> {
        &self.mutators
    }

    /// Where markers may lie and how many, when the variant has them.
    #[inline]
    pub fn markers(&self) -> &Option<MarkerRules> {
        &self.markers
    }

    /// The variant's script as declared (its file, text and hooks), if it
    /// declares one. The loader compiles it and installs the hooks in
    /// [`Rules::extensions`].
    #[inline]
    pub fn script(&self) -> &Option<ScriptDecl> {
        &self.script
    }

    /// What layers above the rules install in them: the script's hooks,
    /// as the traits `movegen` and `position` define (see
    /// ARCHITECTURE.md). Empty in a variant without a script.
    #[inline]
    pub fn extensions(&self) -> &extensions::Extensions {
        &self.extensions
    }

    /// The board's abbreviation of each kind and every symbol move text
    /// accepts for it, worked out by `notation` the first time it spells
    /// a move, beside the piece letters they were made from (a copy of
    /// the rules with other pieces works them out again).
    #[inline]
    pub(crate) fn symbol_cache(&self) -> &std::sync::OnceLock<SymbolCache> {
        &self.symbol_cache
    }

    /// What each kind is and does, read from the definitions once.
    #[inline]
    pub fn kinds(&self) -> &KindFacts {
        &self.kinds
    }

    /// The forms the mutators give the declared kinds.
    #[inline]
    pub fn forms(&self) -> &Forms {
        &self.forms
    }

    /// What pieces do to captures and moves around them.
    #[inline]
    pub(crate) fn auras(&self) -> &Auras {
        &self.auras
    }

    /// What the mutators do, as the sets of those that do each thing.
    #[inline]
    pub(crate) fn masks(&self) -> &MutatorMasks {
        &self.masks
    }

    /// The per-square tables move generation and attack detection read.
    #[inline]
    pub(crate) fn tables(&self) -> &MoveTables {
        &self.tables
    }

    /// Squares whose raw unmoved bit is hashed (all squares when a non-pawn
    /// has initial-only moves; castling rights are hashed separately).
    #[inline]
    pub fn unmoved_relevant(&self) -> SquareSet {
        self.unmoved_relevant
    }

    /// The turn plan of each active mutator set: the turn rules in force
    /// and the shortcuts move generation may take under them (for the
    /// unit tests; move generation reads a set's plan through `plan`).
    #[inline]
    #[cfg(test)]
    pub(crate) fn shortcuts(&self) -> &TurnPlans {
        &self.shortcuts
    }

    /// The hash keys of every feature of a position that changes its
    /// legal turns.
    #[inline]
    pub(crate) fn zobrist(&self) -> &Zobrist {
        &self.zobrist
    }
}

impl Rules {
    /// `color`'s square for White's `sq`: itself for White, for Black its
    /// mirror image, or its half-turned image with `black_turned`.
    pub fn own_square(&self, sq: Square, color: Color) -> Square {
        self.geometry.own_square(sq, color, self.black_turned)
    }

    /// The names of the mutators in `active`, in declaration order (a
    /// number for one the rules do not declare).
    pub fn mutator_names(&self, active: MutatorSet) -> Vec<String> {
        active
            .iter()
            .map(|i| {
                self.mutators
                    .get(i)
                    .map_or_else(|| i.to_string(), |m| m.name.clone())
            })
            .collect()
    }

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
        self.kinds.morph_of[kind.index()].iter().find_map(|&r| {
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
        self.kinds.component_of[kind.index()]
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
        let classes = &self.kinds.classes;
        match self.kinds.class_of[kind.index()] {
            Some(c) if p.promote_zone[color].contains(from) => match classes.get(c as usize) {
                Some(next) => next.clone(),
                None => vec![kind],
            },
            Some(c) if p.mutate => classes[c as usize - 1].clone(),
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
    pub fn push_steps(&self, active: MutatorSet) -> Option<&[(i8, i8)]> {
        if !active.intersects(self.masks.pushes) {
            return None;
        }
        self.masks
            .push_patterns
            .iter()
            .rev()
            .find(|(when, _)| active.contains_all(*when))
            .map(|(_, steps)| steps.as_slice())
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
        (0..self.forms.base_kinds)
            .map(|k| PieceKind(k as u8))
            .find(|&k| self.is_pawn(k))
    }

    /// Is anything in a game left to chance (a mutator that rolls a
    /// die)? A game of such a variant needs a seed of its own.
    pub fn has_chance(&self) -> bool {
        !self.masks.dice.is_empty()
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

    /// The squares an exploding capture on `square` empties, the
    /// capturer having landed on `to` (the same square but for en
    /// passant): `to` and every square next to `square`.
    pub fn blast(&self, square: Square, to: Square) -> SquareSet {
        let mut set = self.tables.around[square.index()];
        set.insert(to);
        set
    }

    /// The exploding mutator on under `active` that shapes its blasts
    /// (`blast_spares` ...), if any.
    pub fn shaped_blast(&self, active: MutatorSet) -> Option<&Mutator> {
        if !active.intersects(self.masks.shaped_blasts) {
            return None;
        }
        active.iter().map(|i| &self.mutators[i]).find(|m| m.explode)
    }

    /// Is `kind` royal?
    #[inline]
    pub fn is_royal(&self, kind: PieceKind) -> bool {
        self.kinds.royal[kind.index()]
    }

    /// Does `kind` follow the pawn rules?
    #[inline]
    pub fn is_pawn(&self, kind: PieceKind) -> bool {
        self.kinds.pawn[kind.index()]
    }

    /// May `piece` stand on `sq` by its region (`region_ranks`,
    /// `region_files`)? Always, where no kind has one.
    #[inline]
    pub fn in_region(&self, piece: Piece, sq: Square) -> bool {
        !self.kinds.has_regions || self.kinds.region[piece.color][piece.kind.index()].contains(sq)
    }

    /// What a pawn `piece` may promote to: its kind's own choices, else
    /// its side's (`pawns`).
    #[inline]
    pub fn promotion_choices(&self, piece: Piece) -> &[PieceKind] {
        match &self.pieces[piece.kind.index()].promotion_choices {
            Some(own) => own,
            None => &self.pawns.promotion_choices[piece.color],
        }
    }

    /// The kind whose FEN letter (either case) or `{code}` is `token`,
    /// with the colour the case implies.
    pub fn parse_piece_token(&self, token: &str) -> Option<(PieceKind, Color)> {
        let inner = token
            .strip_prefix('{')
            .and_then(|t| t.strip_suffix('}'))
            .unwrap_or(token);
        // The case of the first letter (after a promoted form's `+`).
        let first = inner.chars().find(|c| *c != '+')?;
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

#[cfg(test)]
mod tests {
    use super::CaptureMode;

    #[test]
    fn every_capture_mode_reads_back_from_its_own_name() {
        let mut names: Vec<&str> = CaptureMode::ALL.iter().map(|m| m.name()).collect();
        for m in CaptureMode::ALL {
            assert!(!m.name().is_empty());
            assert_eq!(CaptureMode::named(m.name()), Some(m));
        }
        names.sort_unstable();
        names.dedup();
        assert_eq!(names.len(), CaptureMode::ALL.len());
        assert_eq!(CaptureMode::named("replacement"), None);
    }
}
