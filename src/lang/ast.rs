//! The typed AST of a variant file. Every node keeps its span and the
//! source's order.

use crate::diag::{Span, Spanned};

/// A parsed variant file.
#[derive(Clone, Debug, PartialEq)]
pub struct File {
    /// The variants in order of appearance.
    pub variants: Vec<VariantDecl>,
}

/// `variant NAME (: PARENT)? { ... }`.
#[derive(Clone, Debug, PartialEq)]
pub struct VariantDecl {
    /// The variant's name.
    pub name: Spanned<String>,
    /// The parent it inherits from, if any.
    pub parent: Option<Spanned<String>>,
    /// Its entries and sections.
    pub body: Block,
}

/// A `{ ... }` list of items.
#[derive(Clone, Debug, PartialEq)]
pub struct Block {
    /// Entries and sections in source order.
    pub items: Vec<Item>,
    /// The span of the whole block, braces included.
    pub span: Span,
}

/// One item of a block.
#[derive(Clone, Debug, PartialEq)]
pub enum Item {
    /// `key = value`.
    Entry(Entry),
    /// `kind name? { ... }`.
    Section(Section),
}

/// `key = value`.
#[derive(Clone, Debug, PartialEq)]
pub struct Entry {
    /// The key as written.
    pub key: Spanned<String>,
    /// The value.
    pub value: Spanned<Value>,
}

/// `kind name? { ... }`.
#[derive(Clone, Debug, PartialEq)]
pub struct Section {
    /// The section kind, e.g. `piece`.
    pub kind: Spanned<String>,
    /// The section's name, e.g. `knight`.
    pub name: Option<Spanned<String>>,
    /// Its contents.
    pub body: Block,
}

/// A value. The span of a [`Value::Str`] covers the text between the
/// quotes, so positions inside a string (a Betza letter) can be pointed at.
#[derive(Clone, Debug, PartialEq)]
pub enum Value {
    /// `"text"`, unescaped.
    Str(String),
    /// `42`.
    Int(i64),
    /// A bare name: `knight`, `true`, `e4`.
    Ident(String),
    /// `FILESxRANKS`.
    Dims(u32, u32),
    /// `from -> to`.
    Arrow(Spanned<String>, Spanned<String>),
    /// `[a, b]`.
    List(Vec<Spanned<Value>>),
}

impl Value {
    /// A phrase naming the value's type, for error messages.
    pub fn type_name(&self) -> &'static str {
        match self {
            Value::Str(_) => "a string",
            Value::Int(_) => "an integer",
            Value::Ident(_) => "a name",
            Value::Dims(..) => "a board size",
            Value::Arrow(..) => "a path `a -> b`",
            Value::List(_) => "a list",
        }
    }
}
