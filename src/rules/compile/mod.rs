//! From variant files to [`Rules`]: inheritance, semantic checks and
//! compilation. Every problem found is collected, sorted by position and
//! returned together.

mod assemble;
mod board;
mod castling;
mod drops;
mod ending;
mod keys;
mod kinds;
mod load;
mod markers;
mod morphs;
mod mutators;
mod pawns;
mod pieces;
mod read;
mod stacking;
use pieces::PieceSections;
mod pocket;
mod random_setup;
mod reserve;
mod script;

use keys::{PLANNED_SECTIONS, Scope, Shape};
pub use load::LoadError;
use load::ScriptPlaces;
pub(crate) use load::{Compiled, Loader};
use markers::*;
use morphs::*;
use mutators::*;
use read::*;

use super::{
    CaptureMode, CastleRule, DeadMaterial, DoubleStep, Ending, Extinction, Flag, FlagReply,
    Geometry, MorphCondition, MorphRule, MorphTarget, MorphTrigger, PawnRules, PhaseDef, PieceDef,
    Promotes, PromotionSource, Rules, Verdict,
};
use crate::board::{ByColor, Color, KindSet, MAX_KINDS, MutatorSet, PieceKind, Square, SquareSet};
use crate::diag::{Diagnostic, SourceMap, Span, Spanned, render, suggest};
use crate::lang::ast::{Block, Entry, File, Item, Section, Value};
use crate::lang::movement::{Style, parse_movement};
use crate::lang::parse_file;
use indexmap::IndexMap;
use std::fmt;

/// The most diagnostics one load reports: a file with thousands of
/// problems is fixed from its first ones.
pub const MAX_DIAGNOSTICS: usize = 100;

/// Compiles one variant's merged block: the variant's own keys, then the
/// pieces (every other section names them), the keys that name other
/// kinds, every other section, the checks that span sections, the
/// mutators' forms, and finally the tables.
fn compile_block(
    name: &Spanned<String>,
    source: &str,
    body: &Block,
    scripts: ScriptPlaces<'_>,
    diags: &mut Vec<Diagnostic>,
) -> Option<Compiled> {
    let mut r = Reader::new(body, Scope::Variant);
    let top = board::variant_keys(&mut r, name, diags);
    let setup_span = top.setup_span;
    let mut kinds = pieces::piece_sections(&r.sections, top.geometry, diags);
    if top.lines.is_empty() {
        for &span in &kinds.line_keys {
            diags.push(
                Diagnostic::error(span, "`line_betza`, but the board has no `lines`")
                    .with_help("draw the lines its moves follow: `lines = [d1 -> f3, f1 -> d3]`"),
            );
        }
    }
    if kinds.pieces.is_empty() {
        diags.push(
            Diagnostic::error(
                name.span,
                format!("variant `{}` declares no pieces", name.node),
            )
            .with_help("add `piece king { letter = K betza = \"K\" royal = true }`"),
        );
    }
    let by_name: IndexMap<String, PieceKind> = kinds
        .pieces
        .iter()
        .enumerate()
        .map(|(i, p)| (p.name.clone(), PieceKind(i as u8)))
        .collect();
    let resolve = |v: &Spanned<Value>, diags: &mut Vec<Diagnostic>| kind_of(&by_name, v, diags);
    let mut component_of = kinds::resolve_kind_keys(&mut kinds, top.capacity, &resolve, diags);
    let (mut class_of, classes) = kinds::classes(r.take("classes"), &kinds.pieces, &resolve, diags);
    let mut found = Declared::defaults(top.geometry, &kinds.pieces);
    found.read(
        &r.sections,
        source,
        scripts,
        &by_name,
        &kinds.pieces,
        &resolve,
        diags,
    );
    castling::check_squares(&mut found.castles, top.walls, body.span, diags);
    if top.black_turned && !found.castles.is_empty() {
        // Black's castling is White's mirrored; turned, it would need
        // rules of its own.
        diags.push(
            Diagnostic::error(
                top.black_turned_span.unwrap_or(body.span),
                "castling with `black_orientation = turned` is not supported",
            )
            .with_note("Black's castling rules are White's mirrored, never turned")
            .with_help(
                "write the variant without castling rules (not as a child of one that has them)",
            ),
        );
    }
    kinds::hook_capture_modes(
        &kinds.pieces,
        &kinds.piece_spans,
        (&mut found.scripted, &mut found.script_only),
        diags,
    );
    kinds::check_within(&kinds.within_keys, &found.scripted, &kinds.pieces, diags);
    let stacking = stacking::compile_stacking(
        top.capacity,
        top.capacity_entry,
        found.stacking_section,
        &found.others(top.frozen_suicide),
        &kinds.pieces,
        diags,
    );
    r.finish(diags);
    if diags.iter().any(Diagnostic::is_error) {
        return None;
    }
    let mut pieces = kinds.pieces;
    let base_kinds = pieces.len();
    let mutated = compile_mutators(
        &mut pieces,
        &by_name,
        &found.mutator_sections,
        top.geometry.height,
        diags,
    );
    drops::check_drop_ranks(
        &kinds.drop_rank_keys,
        &pieces,
        &found.pawns,
        found.drops.as_ref().is_some_and(|d| !d.from_reserve)
            || mutated.mutators.iter().any(|m| m.drops),
        diags,
    );
    if diags.iter().any(Diagnostic::is_error) {
        return None;
    }
    markers::check_count(
        found.markers.as_ref(),
        found.markers_span,
        &mutated.mutators,
        body.span,
        diags,
    )?;
    // The forms mutators add are scripted, classed and made of components
    // as their declared kinds are.
    for k in base_kinds..pieces.len() {
        found.scripted.push(pieces[k].capture.is_some());
        found.script_only.push(pieces[k].capture.is_some());
        component_of.push(Vec::new());
        class_of.push(class_of[mutated.base_of[k].index()]);
    }
    let mut rules = assemble::rules(
        assemble::Parts {
            name: name.node.clone(),
            source: source.to_string(),
            top,
            pieces,
            by_name,
            component_of,
            class_of,
            classes,
            stacking,
            base_kinds,
            mutated,
        },
        found,
    );
    super::tables::finish(&mut rules);
    Some(Compiled { rules, setup_span })
}

/// What the sections other than `piece` declare, each with its default
/// when the variant leaves it out.
struct Declared<'a> {
    geometry: Geometry,
    pawns: PawnRules,
    castles: Vec<CastleRule>,
    /// How many `castle` sections were read (for default names).
    castle_sections: usize,
    ending: Ending,
    morphs: Vec<MorphRule>,
    script: Option<super::ScriptDecl>,
    /// Per kind: its moves and attacks also go through the script.
    scripted: Vec<bool>,
    /// Per kind: its moves come only from the script.
    script_only: Vec<bool>,
    random_setup: Option<super::RandomSetup>,
    pocket: Option<super::PocketRules>,
    drops: Option<super::DropRules>,
    reserve: Option<ByColor<Vec<PieceKind>>>,
    mutator_sections: Vec<&'a Section>,
    markers: Option<super::MarkerRules>,
    markers_span: Option<Span>,
    stacking_section: Option<&'a Section>,
}

impl<'a> Declared<'a> {
    /// Everything left out: FIDE pawns and endings, nothing else.
    fn defaults(geometry: Geometry, pieces: &[PieceDef]) -> Declared<'a> {
        Declared {
            geometry,
            pawns: PawnRules {
                double_step_ranks: vec![2],
                en_passant: true,
                promotion_ranks: vec![geometry.height as i32],
                promotion_choices: ByColor::new_with(|_| {
                    pieces
                        .iter()
                        .enumerate()
                        .filter(|(_, p)| !p.royal && !p.pawn)
                        .map(|(i, _)| PieceKind(i as u8))
                        .collect()
                }),
                promotion_squares: None,
                double_step_squares: Vec::new(),
                promotion_zone: ByColor::default(),
                double_step_zone: ByColor::default(),
                en_passant_ranks: None,
                en_passant_zone: ByColor::default(),
                promotion_source: PromotionSource::Choices,
                promote_from_zone: false,
                optional_promotion_ranks: Vec::new(),
                optional_zone: ByColor::default(),
                double_step: DoubleStep::Rank,
                in_place: false,
                in_place_quiet: false,
                last_pawn_anywhere: false,
                in_place_zone: ByColor::default(),
            },
            castles: Vec::new(),
            castle_sections: 0,
            ending: Ending {
                checkmate: Verdict::Loss,
                stalemate: Verdict::Draw,
                fifty_move: 50,
                repetition: 3,
                fifty_pawn_resets: true,
                fifty_promotion_resets: false,
                // Royals alone: the pattern "- v -".
                insufficient_material: vec![DeadMaterial::default()],
                check_limit: 0,
                flag: None,
                extinction: None,
                bare: None,
            },
            morphs: Vec::new(),
            script: None,
            scripted: vec![false; pieces.len()],
            script_only: vec![false; pieces.len()],
            random_setup: None,
            pocket: None,
            drops: None,
            reserve: None,
            mutator_sections: Vec::new(),
            markers: None,
            markers_span: None,
            stacking_section: None,
        }
    }

    /// Reads every section of a variant but its pieces, each by its pass.
    #[allow(clippy::too_many_arguments)] // the passes' shared inputs, each used
    fn read(
        &mut self,
        sections: &[&'a Section],
        source: &str,
        scripts: ScriptPlaces<'_>,
        by_name: &IndexMap<String, PieceKind>,
        pieces: &[PieceDef],
        resolve: &script::Resolve<'_>,
        diags: &mut Vec<Diagnostic>,
    ) {
        let geometry = self.geometry;
        let ranks = |e: &Entry, diags: &mut Vec<Diagnostic>| rank_list(e, geometry.height, diags);
        let zone = |e: &Entry, diags: &mut Vec<Diagnostic>| -> ByColor<SquareSet> {
            let ranks = ranks(e, diags);
            let white: SquareSet = geometry
                .squares()
                .filter(|&q| ranks.contains(&(geometry.rank(q) + 1)))
                .collect();
            ByColor {
                black: white.iter().map(|q| geometry.flip(q)).collect(),
                white,
            }
        };
        for &s in sections {
            match s.kind.node.as_str() {
                "piece" => {}
                "mutator" => self.mutator_sections.push(s),
                "stacking" => self.stacking_section = Some(s),
                "markers" => {
                    self.markers = compile_markers(geometry, s, diags);
                    self.markers_span = Some(s.kind.span);
                }
                "pawns" => pawns::pawns_section(s, &mut self.pawns, geometry, resolve, diags),
                "castle" => {
                    self.castles.extend(castling::castle_rules(
                        s,
                        self.castle_sections,
                        geometry,
                        resolve,
                        diags,
                    ));
                    self.castle_sections += 1;
                }
                "ending" => {
                    ending::ending_section(s, &mut self.ending, by_name, pieces, geometry, diags)
                }
                "pocket" => self.pocket = Some(pocket::pocket_section(s, &zone, diags)),
                "reserve" => self.reserve = Some(reserve::reserve_section(s, resolve, diags)),
                "random_setup" => {
                    self.random_setup = Some(random_setup::random_setup_section(
                        s, geometry, resolve, diags,
                    ));
                }
                "drops" => {
                    self.drops = Some(drops::drops_section(s, geometry, &zone, by_name, diags))
                }
                "morph" => {
                    if let Some(m) = compile_morph(s, pieces, by_name, diags) {
                        self.morphs.push(m);
                    }
                }
                "script" => {
                    if let Some(decl) = script::script_section(
                        s,
                        source,
                        scripts,
                        resolve,
                        (&mut self.scripted, &mut self.script_only),
                        diags,
                    ) {
                        self.script = Some(decl);
                    }
                }
                other => unknown_section(s, other, diags),
            }
        }
    }

    /// Whether each mechanism stacking cannot be combined with yet is
    /// declared, and how to name it.
    fn others(&self, frozen_suicide: bool) -> [(bool, &'static str); 9] {
        [
            (self.pocket.is_some(), "a `pocket`"),
            (self.drops.is_some(), "`drops`"),
            (self.reserve.is_some(), "a `reserve`"),
            (!self.mutator_sections.is_empty(), "mutators"),
            (self.markers.is_some(), "`markers`"),
            (!self.morphs.is_empty(), "morphs"),
            (self.script.is_some(), "a `script`"),
            (self.random_setup.is_some(), "a `random_setup`"),
            (frozen_suicide, "`frozen_suicide`"),
        ]
    }
}

/// A section no pass reads: planned for later, or unknown.
fn unknown_section(s: &Section, other: &str, diags: &mut Vec<Diagnostic>) {
    if let Some((_, what)) = PLANNED_SECTIONS.iter().find(|(k, _)| *k == other) {
        diags.push(
            Diagnostic::error(s.kind.span, format!("`{other}` sections ({what}) are planned but not supported yet"))
                .with_note("the form is reserved so files written for it keep working; see examples/variants/README.md"),
        );
    } else {
        let mut d = Diagnostic::error(s.kind.span, format!("unknown section `{other}`")).with_note(
            format!(
                "sections of a variant: {}",
                keys::variant_sections().collect::<Vec<_>>().join(", ")
            ),
        );
        if let Some(sug) = suggest(other, keys::variant_sections()) {
            d = d.with_help(format!("did you mean `{sug}`?"));
        }
        diags.push(d);
    }
}
