//! The one table of what the language's blocks contain: each block's
//! keys, and which sections a variant may hold. Every reader takes its
//! keys from here, reports the others as unknown with these names, and
//! (in debug builds) refuses to read a key the table does not list, so
//! the table and the passes cannot drift apart.

/// A block of the language, as far as its keys go.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Scope {
    Variant,
    Piece,
    Pawns,
    Castle,
    Ending,
    Morph,
    Pocket,
    Drops,
    RandomSetup,
    Reserve,
    Script,
    Mutator,
    MutatorPiece,
    When,
    Markers,
    Stacking,
}

/// What the table says of one scope.
pub(super) struct Shape {
    /// The section's keyword inside a variant, for the sections a variant
    /// holds directly.
    pub(super) section: Option<&'static str>,
    /// How messages name the block.
    pub(super) what: &'static str,
    /// The keys read today.
    pub(super) keys: &'static [&'static str],
    /// Keys the language reserves for later: reading one is an error that
    /// says so.
    pub(super) planned: &'static [&'static str],
}

const fn shape(
    section: Option<&'static str>,
    what: &'static str,
    keys: &'static [&'static str],
) -> Shape {
    Shape {
        section,
        what,
        keys,
        planned: &[],
    }
}

/// Indexed by [`Scope`], in its order.
const SHAPES: [Shape; 16] = [
    shape(
        None,
        "a variant",
        &[
            "board",
            "setup",
            "capacity",
            "frozen_suicide",
            "classes",
            "giving_check",
            "walls",
            "stranded_pieces",
            "royal_rule",
            "facing_royals",
            "initial_rights",
            "black_orientation",
            "lines",
            "passing",
        ],
    ),
    shape(
        Some("piece"),
        "a piece",
        &[
            "letter",
            "betza",
            "attacks",
            "royal",
            "value",
            "pawn",
            "captured_by",
            "must_move_when_attacked",
            "freezes",
            "protects",
            "attacks_within",
            "promotes",
            "no_swap_back",
            "capture",
            "script_imitates",
            "components",
            "units",
            "drop_ranks",
            "promotion_choices",
            "region_ranks",
            "region_files",
            "immobile_in_check",
            "unpromoted",
            "drop_file_limit",
            "mate_by_drop",
            "initial_in_check",
            "initial_lost_to",
            "also_dropped_as",
            "promotion_limit",
            "zone_betza",
            "zone_ranks",
            "line_betza",
            "cannot_hop",
        ],
    ),
    shape(
        Some("pawns"),
        "`pawns`",
        &[
            "double_step_ranks",
            "double_step_squares",
            "en_passant",
            "en_passant_ranks",
            "promotion_ranks",
            "promotion_squares",
            "promotion_choices",
            "white_promotion_choices",
            "black_promotion_choices",
            "promotion_source",
            "double_step",
            "promote_from_zone",
            "optional_promotion_ranks",
            "promotion_in_place",
            "promotion_attacks",
            "last_pawn_anywhere",
        ],
    ),
    shape(
        Some("castle"),
        "a castling rule",
        &[
            "king",
            "partner",
            "empty",
            "safe",
            "partner_kind",
            "king_kind",
        ],
    ),
    shape(
        Some("ending"),
        "`ending`",
        &[
            "checkmate",
            "stalemate",
            "fifty_move",
            "fifty_move_resets",
            "repetition",
            "insufficient_material",
            "check_limit",
            "flag_pieces",
            "flag_squares",
            "flag_ranks",
            "flag_reply",
            "extinction",
            "extinction_count",
            "extinction_opponent_count",
            "extinction_verdict",
            "bare",
        ],
    ),
    shape(
        Some("morph"),
        "a morph",
        &[
            "into",
            "cycle",
            "pieces",
            "trigger",
            "condition",
            "target",
            "optional",
        ],
    ),
    shape(
        Some("pocket"),
        "`pocket`",
        &[
            "capacity",
            "source",
            "mutate",
            "promote_ranks",
            "banned_plies",
        ],
    ),
    Shape {
        section: Some("drops"),
        what: "`drops`",
        keys: &[
            "ranks",
            "pawn_ranks",
            "source",
            "mandatory",
            "opposite_colours",
            "castling_drops",
            "gating",
            "first_window",
            "window_every",
            "window_length",
            "white_delay",
        ],
        planned: &["when", "schedule", "if_impossible"],
    },
    shape(
        Some("random_setup"),
        "`random_setup`",
        &[
            "squares",
            "pieces",
            "draw_from",
            "draw",
            "symmetry",
            "reserve",
            "opposite_colours",
            "between",
        ],
    ),
    shape(Some("reserve"), "`reserve`", &["pieces", "black", "take"]),
    shape(
        Some("script"),
        "`script`",
        &["file", "hooks", "pieces", "replace", "state"],
    ),
    shape(
        Some("mutator"),
        "a mutator",
        &[
            "always_on",
            "keep_colour",
            "explode",
            "blast_spares",
            "blast_immune",
            "en_passant_blast",
            "touching_royals_safe",
            "must_capture",
            "drops",
            "demote",
            "keep_captures",
            "swaps",
            "extra_double_step_ranks",
            "dice",
            "push_enemy_pawn",
        ],
    ),
    shape(None, "a piece patch", &["betza", "attacks", "captured_by"]),
    shape(None, "`when`", &["push_enemy_pawn"]),
    shape(Some("markers"), "`markers`", &["squares", "count", "first"]),
    shape(Some("stacking"), "`stacking`", &["pass_friends", "pairs"]),
];

/// Sections the language reserves for mechanisms that later versions add;
/// using one today is an error that says so, never a silent skip.
pub(super) const PLANNED_SECTIONS: &[(&str, &str)] = &[
    ("phase", "turn phases"),
    ("promotion", "promotion rules beyond pawns"),
];

impl Scope {
    /// What the table says of this scope.
    pub(super) fn shape(self) -> &'static Shape {
        &SHAPES[self as usize]
    }

    /// Whether a reader of this scope may take `key`.
    pub(super) fn reads(self, key: &str) -> bool {
        let s = self.shape();
        s.keys.contains(&key) || s.planned.contains(&key)
    }
}

/// The sections a variant may hold, in the table's order.
pub(super) fn variant_sections() -> impl Iterator<Item = &'static str> + Clone {
    SHAPES.iter().filter_map(|s| s.section)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_scope_has_its_own_row() {
        let scopes = [
            (Scope::Variant, "a variant"),
            (Scope::Piece, "a piece"),
            (Scope::Pawns, "`pawns`"),
            (Scope::Castle, "a castling rule"),
            (Scope::Ending, "`ending`"),
            (Scope::Morph, "a morph"),
            (Scope::Pocket, "`pocket`"),
            (Scope::Drops, "`drops`"),
            (Scope::RandomSetup, "`random_setup`"),
            (Scope::Reserve, "`reserve`"),
            (Scope::Script, "`script`"),
            (Scope::Mutator, "a mutator"),
            (Scope::MutatorPiece, "a piece patch"),
            (Scope::When, "`when`"),
            (Scope::Markers, "`markers`"),
            (Scope::Stacking, "`stacking`"),
        ];
        assert_eq!(scopes.len(), SHAPES.len());
        for (scope, what) in scopes {
            assert_eq!(scope.shape().what, what, "{scope:?}");
        }
    }

    #[test]
    fn no_key_is_listed_twice_in_one_block() {
        for s in &SHAPES {
            let mut all: Vec<&str> = s.keys.iter().chain(s.planned).copied().collect();
            all.sort_unstable();
            let n = all.len();
            all.dedup();
            assert_eq!(all.len(), n, "{}", s.what);
        }
    }
}
