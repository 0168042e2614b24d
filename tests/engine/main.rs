//! The engine's integration tests, gathered into one test binary so that
//! the crate and its dependencies are linked once (see `tests/README.md`).
//! Each module is one feature; `cargo test --test engine MODULE::` runs
//! one of them.

mod architecture;
mod blasts;
mod capture_modes;
mod catalog;
mod chess960;
mod diagnostics;
mod duplicates;
mod en_passant_ranks;
mod exotic;
mod first_move_rights;
mod game;
mod gating;
mod goals;
mod hands;
mod immobile_in_check;
mod in_place;
mod insufficient_material;
mod invariants;
mod janggi;
#[path = "../kit/mod.rs"]
mod kit;
mod koedem;
mod loading;
mod metamorph;
mod model;
mod morphing;
mod mutatis_mutandis;
mod mutatis_mutandis_scenarios;
mod notation;
mod orientation;
mod perft;
mod placement;
mod pocket_mutation;
mod promotion_limits;
mod promotion_sides;
mod random_setup;
mod records;
mod regions;
mod reserve;
mod reserve_drops;
mod royal_rules;
mod sampling;
mod script;
mod script_queries;
mod search;
mod search_tactics;
mod shogi;
mod turn_plan;
mod twelve_mutation;
mod variants;
mod walls;
mod xiangqi;
mod zoo;
