//! Syntax only: the pest grammars to a typed, spanned AST. Names stay
//! strings here; `rules` resolves them.

pub mod ast;
pub mod movement;
mod parser;
pub mod paths;
pub(crate) mod words;

pub use parser::parse_file;
