//! The brute-force reference models, each written from a rules text with
//! its own board and generator, and the tests that hold the engine to
//! them. One test binary (see `tests/README.md`); `cargo test --test
//! models MODULE::` runs one of them.

mod fluid_reference;
#[path = "../kit/mod.rs"]
mod kit;
mod metamorph_reference;
mod mutatis_mutandis_reference;
mod pocket_mutation_reference;
mod rococo_reference;
mod twelve_mutation_reference;
