//! The programs as users run them: `changeling play` through a pipe and on
//! a pseudo-terminal, and `changeling run`/`merge`. One test binary (see
//! `tests/README.md`); `cargo test --test frontends MODULE::` runs one.

mod experiment;
#[path = "../kit/mod.rs"]
mod kit;
mod lab;
mod matches;
mod openings;
mod repl;
mod scripts;
mod session;
mod svg;
mod terminal;
mod uci;
mod web;
mod xboard;
