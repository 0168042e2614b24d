//! The programs as users run them: `changeling play` through a pipe and on
//! a pseudo-terminal, and `changeling run`/`merge`. One test binary (see
//! `tests/README.md`); `cargo test --test frontends MODULE::` runs one.

mod experiment;
mod repl;
mod scripts;
mod terminal;
