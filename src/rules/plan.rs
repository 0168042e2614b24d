//! The turn plan: which turn-level rules are in force under each active
//! mutator set, and which fast paths of move generation are sound there.
//!
//! Listing the legal turns (`movegen::turns`), drawing one at random
//! (`movegen::sample`), counting them (`movegen::legality`) and the
//! legality shortcuts (pins, screens, drops judged without playing them)
//! all read one [`TurnPlan`], derived here once per active set when the
//! rules are finished. Each fast path is an allow list
//! ([`FastPath::allowed`]): it is taken only where every turn rule in
//! force is one it was written for. A turn rule the plan does not know
//! ([`TurnRule::Unknown`], or any rule added to [`TurnRule`] and to no
//! allow list) leaves every fast path off, so turns are listed and judged
//! by copy-make.
//!
//! [`derive`] reads every field of [`Rules`], [`MutatorMasks`],
//! [`Auras`], [`DropRules`] and [`KindFacts`] by name (destructured
//! without `..`): a field added to one of them does not compile until it
//! is named here, as a turn rule or as none.

use super::{Auras, DropRules, KindFacts, MutatorMasks, PieceDef, RoyalRule, Rules, hooks};
use crate::board::{KindSet, MutatorSet, PieceKind};
use crate::lang::movement::Style;

/// A rule that shapes a whole turn, or that the legality shortcuts must
/// know of: one bit of a [`TurnRules`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[repr(u8)]
pub enum TurnRule {
    /// The variant has mutators: a move may flip a marker and change the
    /// rules its legality is judged by.
    Mutators,
    /// Markers are placed before the game (the setup stage).
    Placement,
    /// Captures may explode a royal: a side left without one has no turn.
    BlownRoyal,
    /// Goals end the game (checks given, a region, extinction, a bare
    /// royal, two passes).
    Goals,
    /// A pawn may promote where it stands as a turn of its own.
    InPlace,
    /// Two own pieces may swap squares.
    Swaps,
    /// Every piece moved keeps its square's colour.
    KeepColour,
    /// Pieces may be played from a hand.
    Hands,
    /// The variant declares hands (`pocket`).
    Pockets,
    /// A piece in hand enters as a gate behind a piece leaving its square.
    Gating,
    /// Reserve boards: the next reserve piece is dropped after an action.
    ReserveDrops,
    /// Pawns promote from the back of the reserve; a move may not strand
    /// one.
    StrandedPawns,
    /// An enemy pawn is pushed after the action.
    Pushes,
    /// A side may pass.
    Passing,
    /// Royals facing each other must be parted (bikjang).
    Standoff,
    /// While the hand holds a piece, a drop of one must be played.
    MandatoryDrops,
    /// No move may give check.
    NoChecks,
    /// Captures are preferred (compulsory).
    MustCapture,
    /// The die's lane is preferred.
    Dice,
    /// A threatened piece of some kind must move.
    MustMove,
    /// In check, pieces of some kind move only to take the checker.
    ImmobileInCheck,
    /// The script filters the legal turns.
    ScriptFilter,
    /// The variant has a script.
    Script,
    /// Some kind may not mate by a drop.
    DropLimits,
    /// Captures explode.
    Blasts,
    /// Blasts with their own rules (spared kinds, immune kinds, en
    /// passant blasts, touching royals).
    ShapedBlasts,
    /// Touching royals cannot be attacked (under a blast rule).
    TouchingRoyalsSafe,
    /// Pieces morph after moving.
    Morphs,
    /// Kinds other than pawns promote.
    Promoters,
    /// Promotion choices are limited by what has been captured.
    PromotionLimits,
    /// Moves that strand a piece are refused.
    Strands,
    /// Some kinds drop on squares of one colour only.
    OppositeColourDrops,
    /// Promotion is optional on some ranks.
    OptionalPromotion,
    /// Squares hold more than one unit.
    Stacks,
    /// Only a side's last royal is royal.
    RoyalRule,
    /// Royals may not face each other.
    NoFacing,
    /// Lines are drawn on the board.
    DrawnLines,
    /// Some kind may not serve as a hopper's screen.
    RefusedScreens,
    /// Kinds are confined to regions.
    Regions,
    /// Some kind freezes its neighbours.
    Freezers,
    /// Some kind protects its neighbours.
    Protectors,
    /// Some kind's moves or attacks come from the script.
    ScriptedPieces,
    /// The script changes the position after a move.
    ScriptAfterMove,
    /// A kind in play captures by more than plain leaps and rides (a hop,
    /// or more): pins do not see it.
    HopCaptures,
    /// A kind in play captures in a way screens do not follow (a lame
    /// leap, or more).
    LegCaptures,
    /// A rule no part of move generation knows: for tests, which show
    /// that such a rule leaves every fast path off
    /// ([`Rules::with_unknown_turn_rule`]).
    #[doc(hidden)]
    Unknown,
}

/// A set of [`TurnRule`]s.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct TurnRules(u64);

impl TurnRules {
    /// No rule.
    pub const EMPTY: TurnRules = TurnRules(0);

    /// The set of `rules`.
    pub const fn of(rules: &[TurnRule]) -> TurnRules {
        let mut bits = 0;
        let mut i = 0;
        while i < rules.len() {
            bits |= 1 << rules[i] as u8;
            i += 1;
        }
        TurnRules(bits)
    }

    /// Is `rule` in the set?
    #[inline]
    pub const fn has(self, rule: TurnRule) -> bool {
        self.0 & (1 << rule as u8) != 0
    }

    /// Is any rule of `other` in the set?
    #[inline]
    pub const fn intersects(self, other: TurnRules) -> bool {
        self.0 & other.0 != 0
    }

    /// Is every rule of the set in `allowed`?
    #[inline]
    pub const fn within(self, allowed: TurnRules) -> bool {
        self.0 & !allowed.0 == 0
    }

    /// The set with `rule`.
    pub const fn with(self, rule: TurnRule) -> TurnRules {
        TurnRules(self.0 | 1 << rule as u8)
    }

    /// The set without the rules of `other`.
    pub const fn minus(self, other: TurnRules) -> TurnRules {
        TurnRules(self.0 & !other.0)
    }

    /// The set with `rule` where `on` holds.
    fn with_if(self, rule: TurnRule, on: bool) -> TurnRules {
        if on { self.with(rule) } else { self }
    }
}

/// A shortcut of move generation, sound only under some turn rules.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[repr(u8)]
pub enum FastPath {
    /// Ordinary moves judged by the checks on and the pins to the single
    /// royal, not played out.
    Pins,
    /// Moves judged by the rays from the single royal up to their second
    /// piece (hoppers' screens), not played out.
    Screens,
    /// A position's moves counted without being built (perft's last
    /// ply), judged by pins or screens.
    Count,
    /// The count judged by screens where pins are not sound.
    ScreenCount,
    /// A random legal turn drawn from candidates judged one by one
    /// (`movegen::TurnPool`), not from the list of every legal turn.
    Draw,
    /// The draw with a reserve drop window open.
    ReserveDraw,
    /// A drop from the hand judged by screens, not played out.
    ScreenedDrops,
    /// An action's pushes bounded by the enemy pawns standing now,
    /// without playing it.
    PushBound,
    /// A reserve drop judged on the board the action leaves, the turn
    /// not played out again.
    ReserveDropOnChild,
}

impl FastPath {
    /// Every fast path.
    pub const ALL: [FastPath; 9] = [
        FastPath::Pins,
        FastPath::Screens,
        FastPath::Count,
        FastPath::ScreenCount,
        FastPath::Draw,
        FastPath::ReserveDraw,
        FastPath::ScreenedDrops,
        FastPath::PushBound,
        FastPath::ReserveDropOnChild,
    ];

    /// The turn rules this fast path was written for: it is taken only
    /// where every rule in force is one of them (and where the paths it
    /// builds on are taken: counting builds on pins or screens, the
    /// count by screens on counting, the reserve window's draw on the
    /// draw, screened drops on screens).
    pub const fn allowed(self) -> TurnRules {
        ALLOWED[self as usize]
    }
}

/// Each fast path's allow list, by [`FastPath`] (see
/// [`FastPath::allowed`]), worked out when the crate compiles.
const ALLOWED: [TurnRules; FastPath::ALL.len()] = {
    let mut table = [TurnRules::EMPTY; FastPath::ALL.len()];
    let mut i = 0;
    while i < table.len() {
        // `ALL` lists the paths in their order.
        assert!(FastPath::ALL[i] as usize == i);
        table[i] = allow_list(FastPath::ALL[i]);
        i += 1;
    }
    table
};

/// The allow list of `f`.
const fn allow_list(f: FastPath) -> TurnRules {
    use TurnRule as R;
    match f {
        // Pins judge an action: what follows it (a push, a drop, a
        // preference, a filter) is judged apart. A move off a marker
        // and an exploding capture are played out.
        FastPath::Pins => PIN_WORLD.minus(TurnRules::of(&[R::HopCaptures])),
        // Screens know hops too, but not a lame leap's legs.
        FastPath::Screens => PIN_WORLD.minus(TurnRules::of(&[R::LegCaptures])),
        // Counting skips what turns a piece's moves into turns.
        FastPath::Count => TurnRules::of(&[
            R::Mutators,
            R::Placement,
            R::BlownRoyal,
            R::Goals,
            R::Hands,
            R::Pockets,
            R::DropLimits,
            R::Blasts,
            R::Script,
            R::HopCaptures,
            R::LegCaptures,
        ]),
        // Screens do not judge exploding captures.
        FastPath::ScreenCount => allow_list(FastPath::Count).minus(TurnRules::of(&[R::Blasts])),
        // The candidates judged one by one are the legal turns unless
        // a rule looks at the whole list (a filter, a duty to drop,
        // no checks), or adds turns of its own (passes, in-place
        // promotions, gates).
        FastPath::Draw => KNOWN.minus(TurnRules::of(&[
            R::NoChecks,
            R::Passing,
            R::Standoff,
            R::InPlace,
            R::Gating,
            R::MandatoryDrops,
            R::ScriptFilter,
        ])),
        // A reserve window is drawn where the drop is the only thing
        // added to a board action.
        FastPath::ReserveDraw => allow_list(FastPath::Draw).minus(TurnRules::of(&[
            R::Pushes,
            R::Swaps,
            R::KeepColour,
            R::Pockets,
        ])),
        // A drop only adds a piece, but a pawn may be stranded and a
        // blast's touching royals are more than screens know.
        FastPath::ScreenedDrops => allow_list(FastPath::Screens)
            .minus(TurnRules::of(&[R::StrandedPawns, R::TouchingRoyalsSafe])),
        // A morph or a script may add an enemy pawn.
        FastPath::PushBound => KNOWN.minus(TurnRules::of(&[R::Morphs, R::Script])),
        // Under mutators the drop may flip a marker.
        FastPath::ReserveDropOnChild => KNOWN.minus(TurnRules::of(&[R::Mutators])),
    }
}

/// Every turn rule move generation knows.
const KNOWN: TurnRules = {
    use TurnRule as R;
    TurnRules::of(&[
        R::Mutators,
        R::Placement,
        R::BlownRoyal,
        R::Goals,
        R::InPlace,
        R::Swaps,
        R::KeepColour,
        R::Hands,
        R::Pockets,
        R::Gating,
        R::ReserveDrops,
        R::StrandedPawns,
        R::Pushes,
        R::Passing,
        R::Standoff,
        R::MandatoryDrops,
        R::NoChecks,
        R::MustCapture,
        R::Dice,
        R::MustMove,
        R::ImmobileInCheck,
        R::ScriptFilter,
        R::Script,
        R::DropLimits,
        R::Blasts,
        R::ShapedBlasts,
        R::TouchingRoyalsSafe,
        R::Morphs,
        R::Promoters,
        R::PromotionLimits,
        R::Strands,
        R::OppositeColourDrops,
        R::OptionalPromotion,
        R::Stacks,
        R::RoyalRule,
        R::NoFacing,
        R::DrawnLines,
        R::RefusedScreens,
        R::Regions,
        R::Freezers,
        R::Protectors,
        R::ScriptedPieces,
        R::ScriptAfterMove,
        R::HopCaptures,
        R::LegCaptures,
    ])
};

/// The rules under which a royal is exposed only along the lines pins
/// and screens walk: one unit a square, every royal kept, no drawn line,
/// refused screen, region, aura, scripted piece or script after a move,
/// and blasts of the plain kind only.
const PIN_WORLD: TurnRules = {
    use TurnRule as R;
    TurnRules::of(&[
        R::Mutators,
        R::Placement,
        R::BlownRoyal,
        R::Goals,
        R::InPlace,
        R::Swaps,
        R::KeepColour,
        R::Hands,
        R::Pockets,
        R::Gating,
        R::ReserveDrops,
        R::StrandedPawns,
        R::Pushes,
        R::Passing,
        R::MandatoryDrops,
        R::NoChecks,
        R::MustCapture,
        R::Dice,
        R::MustMove,
        R::ImmobileInCheck,
        R::ScriptFilter,
        R::Script,
        R::DropLimits,
        R::Blasts,
        R::Morphs,
        R::Promoters,
        R::PromotionLimits,
        R::Strands,
        R::OppositeColourDrops,
        R::OptionalPromotion,
        R::HopCaptures,
        R::LegCaptures,
    ])
};

/// The turn rules in force under one active mutator set, and the fast
/// paths sound there: the rules in the low bits, the fast paths from
/// bit [`TurnPlan::FAST`] on.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct TurnPlan(u64);

// Every turn rule has a bit below the fast paths'.
const _: () = assert!((TurnRule::Unknown as u32) < TurnPlan::FAST);
const _: () = assert!(TurnPlan::FAST + FastPath::ALL.len() as u32 <= 64);

impl TurnPlan {
    /// The bit of the first fast path.
    pub const FAST: u32 = 48;

    /// The plan of the turn rules `rules`: each fast path whose allow
    /// list holds them all, and whose paths it builds on are taken.
    pub fn new(rules: TurnRules) -> TurnPlan {
        let ok = |f: FastPath| rules.within(f.allowed());
        let pins = ok(FastPath::Pins);
        let screens = ok(FastPath::Screens);
        let count = ok(FastPath::Count) && (pins || screens);
        let draw = ok(FastPath::Draw);
        let taken = [
            (FastPath::Pins, pins),
            (FastPath::Screens, screens),
            (FastPath::Count, count),
            (FastPath::ScreenCount, count && ok(FastPath::ScreenCount)),
            (FastPath::Draw, draw),
            (FastPath::ReserveDraw, draw && ok(FastPath::ReserveDraw)),
            (
                FastPath::ScreenedDrops,
                screens && ok(FastPath::ScreenedDrops),
            ),
            (FastPath::PushBound, ok(FastPath::PushBound)),
            (
                FastPath::ReserveDropOnChild,
                ok(FastPath::ReserveDropOnChild),
            ),
        ];
        let mut bits = rules.0;
        for (f, on) in taken {
            bits |= u64::from(on) << (TurnPlan::FAST + f as u32);
        }
        TurnPlan(bits)
    }

    /// Is `rule` in force?
    #[inline(always)]
    pub fn has(&self, rule: TurnRule) -> bool {
        self.0 & (1 << rule as u8) != 0
    }

    /// Is any rule of `rules` in force?
    #[inline(always)]
    pub fn has_any(&self, rules: TurnRules) -> bool {
        self.0 & rules.0 != 0
    }

    /// Is the fast path `f` sound?
    #[inline(always)]
    pub fn allows(&self, f: FastPath) -> bool {
        self.0 & (1 << (TurnPlan::FAST + f as u32)) != 0
    }

    /// The turn rules in force.
    pub fn rules(&self) -> TurnRules {
        TurnRules(self.0 & ((1 << TurnPlan::FAST) - 1))
    }
}

/// The plans of a variant's rules, one per active mutator set (one in
/// all without mutators), and the fast paths sound whatever the set.
#[derive(Clone, Debug, Default)]
pub struct TurnPlans {
    /// Pin-based legality is sound in every position: no mutators, and
    /// the one plan allows [`FastPath::Pins`].
    pub(crate) pins: bool,
    /// As `pins`, for [`FastPath::Screens`].
    pub(crate) screens: bool,
    /// The plan while no mutator is on (read without an index: in a
    /// variant without mutators, the only one).
    none: TurnPlan,
    /// The plan of each active set, by its bits.
    by_active: Vec<TurnPlan>,
}

impl TurnPlans {
    /// The plan while the mutators of `active` are on.
    #[inline(always)]
    pub fn of(&self, active: MutatorSet) -> &TurnPlan {
        if active.is_empty() {
            &self.none
        } else {
            &self.by_active[active.bits() as usize]
        }
    }

    /// May a position's moves be counted without being built while the
    /// mutators of `active` are on?
    #[cfg(test)]
    pub(crate) fn bulk_under(&self, active: MutatorSet) -> bool {
        self.of(active).allows(FastPath::Count)
    }

    /// Is screen-based legality sound while the mutators of `active` are
    /// on?
    #[cfg(test)]
    pub(crate) fn screens_under(&self, active: MutatorSet) -> bool {
        self.of(active).allows(FastPath::Screens)
    }

    /// Are pin-based legality shortcuts sound while the mutators of
    /// `active` are on?
    #[cfg(test)]
    pub(crate) fn pins_under(&self, active: MutatorSet) -> bool {
        self.of(active).allows(FastPath::Pins)
    }

    /// Every active set's plan with `rule` added.
    fn adding(&mut self, rule: TurnRule) {
        for plan in &mut self.by_active {
            *plan = TurnPlan::new(plan.rules().with(rule));
        }
        self.none = self.by_active[0];
        self.pins = self.by_active.len() == 1 && self.by_active[0].allows(FastPath::Pins);
        self.screens = self.by_active.len() == 1 && self.by_active[0].allows(FastPath::Screens);
    }
}

impl Rules {
    /// The turn plan while the mutators of `active` are on.
    #[inline(always)]
    pub fn plan(&self, active: MutatorSet) -> &TurnPlan {
        self.shortcuts.of(active)
    }

    /// These rules with a turn rule no part of move generation knows
    /// added to every plan: every fast path is off, and turns are listed
    /// and judged by copy-make. For tests that show that the fast paths
    /// change no count.
    #[doc(hidden)]
    pub fn with_unknown_turn_rule(mut self) -> Rules {
        self.shortcuts.adding(TurnRule::Unknown);
        self
    }
}

/// The plans of `rules`, whose forms and kind facts are finished: every
/// field of the rules read by name, each either a turn rule or none.
pub(super) fn derive(rules: &Rules) -> TurnPlans {
    let Rules {
        name: _,
        source: _,
        geometry: _,
        // Walls block lines and legs as the tables know.
        walls: _,
        drawn_lines,
        capacity,
        // The stacking rules matter only where `capacity` is more than 1.
        stacking: _,
        pieces,
        by_name: _,
        pawns,
        // Castling is played out (every fast path judges it on a copy).
        castling: _,
        morphs,
        // A frozen piece's suicide needs freezers.
        frozen_suicide: _,
        no_checks,
        // Stranding is refused as moves are generated.
        no_stranding: _,
        royal_rule,
        no_facing,
        standoff,
        passing,
        rights_in_castling_field: _,
        black_turned: _,
        ending,
        phases: _,
        setup: _,
        random_setup: _,
        reserve,
        pocket,
        drops,
        mutators,
        markers,
        script,
        // What the loader installs answers the script's declared hooks.
        extensions: _,
        symbol_cache: _,
        kinds,
        forms,
        auras,
        masks,
        tables: _,
        shortcuts: _,
        unmoved_relevant: _,
        zobrist: _,
    } = rules;
    let MutatorMasks {
        always_on: _,
        keep_colour,
        explode,
        shaped_blasts,
        touching_royals_safe,
        must_capture,
        drops_from_captures,
        // What a capture puts in a hand changes no turn of this position.
        demotes: _,
        keeps_captures: _,
        tracks_promoted: _,
        dice,
        dice_faces: _,
        swaps,
        // Read through `Rules::push_steps`, per active set.
        pushes: _,
        push_patterns: _,
        // Initial double steps are moves of their own, generated.
        extra_double_step: _,
        extra_double_step_mask: _,
    } = masks;
    let Auras {
        // Immunity and capture bans are honoured by generation and by
        // the attack view alike.
        capturable_by: _,
        immunity: _,
        capture_limits: _,
        must_move,
        immobile_in_check,
        freezers,
        freeze_mask: _,
        protectors,
    } = auras;
    let KindFacts {
        royal,
        pawn: _,
        promoters,
        no_swap_back: _,
        tracks_unmoved: _,
        uses_unmoved: _,
        scripted: _,
        any_scripted,
        script_only: _,
        script_reach: _,
        morph_of: _,
        component_of: _,
        class_of: _,
        classes: _,
        drop_zone: _,
        stranded: _,
        strands,
        rights_lost_to: _,
        drop_limits,
        promotion_limits,
        has_regions,
        dead_listed: _,
        dead_most: _,
        region: _,
        allowed_at: _,
    } = kinds;
    let (gating, mandatory_drops, opposite_colours, from_reserve) = match drops {
        Some(DropRules {
            from_reserve,
            // When a window opens, and where, is read as drops are due.
            schedule: _,
            mandatory,
            mandatory_kinds: _,
            opposite_colours,
            castling_drops: _,
            gating,
            zone: _,
            pawn_zone: _,
        }) => (
            *gating,
            *mandatory && !*from_reserve,
            !opposite_colours.is_empty(),
            *from_reserve,
        ),
        None => (false, false, false, false),
    };
    use TurnRule as R;
    // What holds whatever the active set.
    let declares = |hook| script.as_ref().is_some_and(|s| s.declares(hook));
    let fixed = TurnRules::EMPTY
        .with_if(R::Mutators, !mutators.is_empty())
        .with_if(R::Placement, markers.is_some())
        .with_if(R::BlownRoyal, !explode.is_empty() && royal.contains(&true))
        .with_if(R::Goals, ending.has_goals() || *passing)
        .with_if(R::InPlace, pawns.in_place)
        .with_if(R::Pockets, pocket.is_some())
        .with_if(R::Gating, gating)
        .with_if(R::ReserveDrops, reserve.is_some() || from_reserve)
        .with_if(R::StrandedPawns, pawns.from_reserve())
        .with_if(R::Passing, *passing)
        .with_if(R::Standoff, *standoff)
        .with_if(R::MandatoryDrops, mandatory_drops)
        .with_if(R::NoChecks, *no_checks)
        .with_if(R::MustMove, *must_move)
        .with_if(R::ImmobileInCheck, *immobile_in_check)
        .with_if(R::ScriptFilter, declares(hooks::FILTER_MOVES))
        .with_if(R::Script, script.is_some())
        .with_if(R::DropLimits, *drop_limits)
        .with_if(R::Morphs, !morphs.is_empty())
        .with_if(R::Promoters, !promoters.is_empty())
        .with_if(R::PromotionLimits, *promotion_limits)
        .with_if(R::Strands, *strands)
        .with_if(R::OppositeColourDrops, opposite_colours)
        .with_if(
            R::OptionalPromotion,
            !pawns.optional_promotion_ranks.is_empty(),
        )
        .with_if(R::Stacks, *capacity != 1)
        .with_if(R::RoyalRule, *royal_rule != RoyalRule::Each)
        .with_if(R::NoFacing, *no_facing)
        .with_if(R::DrawnLines, !drawn_lines.is_empty())
        .with_if(
            R::RefusedScreens,
            pieces.iter().any(|p| !p.cannot_hop.is_empty()),
        )
        .with_if(R::Regions, *has_regions)
        .with_if(R::Freezers, !freezers.is_empty())
        .with_if(R::Protectors, !protectors.is_empty())
        .with_if(R::ScriptedPieces, *any_scripted)
        .with_if(R::ScriptAfterMove, declares(hooks::AFTER_MOVE));
    // Pins see every capture that is a leap (lame ones too, whose leg
    // pins) or a plain ride; screens see hops too, but not lame leaps.
    let plain = capturing_only(pieces, &[Style::Leap, Style::Ride], true);
    let screened = capturing_only(
        pieces,
        &[Style::Leap, Style::Ride, Style::Hop, Style::Grasshopper],
        false,
    );
    let every = KindSet::from_iter((0..pieces.len()).map(|k| PieceKind(k as u8)));
    let sets = if mutators.is_empty() {
        1
    } else {
        1u32 << mutators.len()
    };
    let by_active: Vec<TurnPlan> = (0..sets)
        .map(|bits| {
            let active = MutatorSet::from_bits(bits);
            let kinds = forms.in_play(active) & every;
            let present = fixed
                .with_if(R::Swaps, active.intersects(*swaps))
                .with_if(R::KeepColour, active.intersects(*keep_colour))
                .with_if(
                    R::Hands,
                    pocket.is_some() || drops.is_some() || active.intersects(*drops_from_captures),
                )
                .with_if(R::Pushes, rules.push_steps(active).is_some())
                .with_if(R::MustCapture, active.intersects(*must_capture))
                .with_if(R::Dice, active.intersects(*dice))
                .with_if(R::Blasts, active.intersects(*explode))
                .with_if(R::ShapedBlasts, active.intersects(*shaped_blasts))
                .with_if(
                    R::TouchingRoyalsSafe,
                    active.intersects(*touching_royals_safe),
                )
                .with_if(R::HopCaptures, plain & kinds != kinds)
                .with_if(R::LegCaptures, screened & kinds != kinds);
            TurnPlan::new(present)
        })
        .collect();
    let one = (by_active.len() == 1).then(|| by_active[0]);
    TurnPlans {
        pins: one.is_some_and(|p| p.allows(FastPath::Pins)),
        screens: one.is_some_and(|p| p.allows(FastPath::Screens)),
        none: by_active[0],
        by_active,
    }
}

/// The kinds that capture only by atoms of `styles`, none of them lame
/// (but for leaps, where `lame_leaps`), skipping its first square or
/// initial-only. Move-only atoms (the pawn's lame double step) never
/// attack.
fn capturing_only(pieces: &[PieceDef], styles: &[Style], lame_leaps: bool) -> KindSet {
    pieces
        .iter()
        .enumerate()
        .filter(|(_, p)| {
            // A locust atom captures on the way whatever its last leg.
            p.atoms
                .iter()
                .filter(|a| a.can_capture || a.style == Style::Locust)
                .all(|a| {
                    styles.contains(&a.style)
                        && (!a.lame || (lame_leaps && a.style == Style::Leap))
                        && !a.skip_first
                        && !a.initial
                })
        })
        .map(|(k, _)| PieceKind(k as u8))
        .collect()
}
