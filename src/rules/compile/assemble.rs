//! The last pass: the other passes' results put together into [`Rules`],
//! whose tables `tables::finish` then builds.

use super::*;

/// What the passes before found, besides the sections' own results.
pub(super) struct Parts<'a> {
    pub(super) name: String,
    pub(super) source: String,
    pub(super) top: board::Top<'a>,
    pub(super) pieces: Vec<PieceDef>,
    pub(super) by_name: IndexMap<String, PieceKind>,
    pub(super) component_of: Vec<Vec<Option<PieceKind>>>,
    pub(super) class_of: Vec<Option<u8>>,
    pub(super) classes: Vec<Vec<PieceKind>>,
    pub(super) stacking: Option<crate::rules::Stacking>,
    pub(super) base_kinds: usize,
    pub(super) mutated: Mutated,
}

/// The rules, tables not yet built.
pub(super) fn rules(p: Parts<'_>, d: Declared<'_>) -> Rules {
    let pieces_len = p.pieces.len();
    // Per kind, the morph rules that list it.
    let morph_of = (0..pieces_len)
        .map(|k| {
            (0..d.morphs.len() as u8)
                .filter(|&m| d.morphs[m as usize].kinds.contains(&PieceKind(k as u8)))
                .collect()
        })
        .collect();
    Rules {
        name: p.name,
        source: p.source,
        geometry: p.top.geometry,
        walls: p.top.walls,
        drawn_lines: p.top.lines.clone(),
        pieces: p.pieces,
        by_name: p.by_name,
        pawns: d.pawns,
        castling: ByColor {
            black: castling::mirrored(&d.castles, p.top.geometry),
            white: d.castles,
        },
        ending: d.ending,
        setup: p.top.setup,
        capacity: p.top.capacity,
        stacking: p.stacking,
        phases: vec![PhaseDef {
            name: "action".to_string(),
            checkpoint: true,
        }],
        unmoved_relevant: SquareSet::EMPTY,
        tables: Default::default(),
        zobrist: crate::rules::Zobrist::new(0, 0, 0),
        shortcuts: Default::default(),
        script: d.script,
        extensions: Default::default(),
        symbol_cache: Default::default(),
        frozen_suicide: p.top.frozen_suicide,
        no_checks: p.top.no_checks,
        no_stranding: p.top.no_stranding,
        royal_rule: p.top.royal_rule,
        no_facing: p.top.no_facing,
        standoff: p.top.standoff,
        passing: p.top.passing,
        rights_in_castling_field: p.top.rights_in_castling_field,
        black_turned: p.top.black_turned,
        auras: crate::rules::Auras {
            capturable_by: Vec::new(),
            immunity: false,
            capture_limits: false,
            must_move: false,
            immobile_in_check: false,
            freezers: KindSet::EMPTY,
            freeze_mask: Vec::new(),
            protectors: KindSet::EMPTY,
        },
        kinds: crate::rules::KindFacts {
            royal: Vec::new(),
            pawn: Vec::new(),
            promoters: KindSet::EMPTY,
            no_swap_back: KindSet::EMPTY,
            tracks_unmoved: Vec::new(),
            uses_unmoved: false,
            scripted: d.scripted,
            any_scripted: false,
            script_only: d.script_only,
            script_reach: Vec::new(),
            morph_of,
            component_of: p.component_of,
            class_of: p.class_of,
            classes: p.classes,
            drop_zone: Default::default(),
            stranded: Default::default(),
            strands: false,
            rights_lost_to: false,
            drop_limits: false,
            promotion_limits: false,
            has_regions: false,
            region: Default::default(),
            allowed_at: Default::default(),
            dead_listed: KindSet::EMPTY,
            dead_most: None,
        },
        morphs: d.morphs,
        pocket: d.pocket,
        drops: d.drops,
        random_setup: d.random_setup,
        reserve: d.reserve,
        masks: crate::rules::MutatorMasks {
            always_on: mutator_mask(&p.mutated.mutators, |m| m.always_on),
            keep_colour: mutator_mask(&p.mutated.mutators, |m| m.keep_colour),
            explode: mutator_mask(&p.mutated.mutators, |m| m.explode),
            shaped_blasts: mutator_mask(&p.mutated.mutators, |m| {
                m.explode
                    && (!m.blast_spares.is_empty()
                        || !m.blast_immune.is_empty()
                        || m.blast_at_landing
                        || m.touching_royals_safe)
            }),
            touching_royals_safe: mutator_mask(&p.mutated.mutators, |m| {
                m.explode && m.touching_royals_safe
            }),
            must_capture: mutator_mask(&p.mutated.mutators, |m| m.must_capture),
            drops_from_captures: mutator_mask(&p.mutated.mutators, |m| m.drops),
            demotes: mutator_mask(&p.mutated.mutators, |m| m.drops && m.demote),
            keeps_captures: mutator_mask(&p.mutated.mutators, |m| m.drops && m.keep_captures),
            tracks_promoted: p.mutated.mutators.iter().any(|m| m.drops && m.demote),
            swaps: mutator_mask(&p.mutated.mutators, |m| m.swaps),
            pushes: mutator_mask(&p.mutated.mutators, |m| !m.push.is_empty()),
            push_patterns: p.mutated.push_patterns,
            dice: mutator_mask(&p.mutated.mutators, |m| m.dice > 0),
            dice_faces: p
                .mutated
                .mutators
                .iter()
                .map(|m| m.dice)
                .find(|&d| d > 0)
                .unwrap_or(0),
            extra_double_step: Vec::new(),
            extra_double_step_mask: mutator_mask(&p.mutated.mutators, |m| {
                !m.extra_double_step_ranks.is_empty()
            }),
        },
        mutators: p.mutated.mutators,
        markers: d.markers,
        forms: crate::rules::Forms {
            base_kinds: p.base_kinds,
            base_of: p.mutated.base_of,
            table: p.mutated.forms,
            in_play: Vec::new(),
        },
    }
}
