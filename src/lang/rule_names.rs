//! Human phrases for grammar rules, used in syntax errors.
//!
//! The matches are exhaustive on purpose: adding a grammar rule does not
//! compile until someone writes its phrase.

use super::movement::Rule as MRule;
use super::parser::Rule;

/// The phrase for a rule of the variant grammar.
pub fn phrase(rule: Rule) -> &'static str {
    match rule {
        Rule::EOI => "end of file",
        Rule::file => "a variant file",
        Rule::variant_decl => "a variant declaration",
        Rule::parent => "`: parent`",
        Rule::block => "a `{ ... }` block",
        Rule::entry => "an entry `key = value`",
        Rule::section => "a section `name { ... }`",
        Rule::value => "a value",
        Rule::list => "a list `[...]`",
        Rule::arrow => "a path `a -> b`",
        Rule::dimensions => "a board size like `8x8`",
        Rule::string => "a string",
        Rule::string_inner => "string text",
        Rule::integer => "an integer",
        Rule::ident => "a name",
        Rule::kw_variant => "`variant`",
        Rule::open_brace => "`{`",
        Rule::close_brace => "`}`",
        Rule::open_bracket => "`[`",
        Rule::close_bracket => "`]`",
        Rule::equals => "`=`",
        Rule::colon => "`:`",
        Rule::comma => "`,`",
        Rule::arrow_op => "`->`",
        Rule::quote => "`\"`",
        Rule::WHITESPACE => "whitespace",
        Rule::COMMENT => "a comment",
    }
}

/// The phrase for a rule of the movement grammar.
pub fn movement_phrase(rule: MRule) -> &'static str {
    match rule {
        MRule::EOI => "end of the movement string",
        MRule::movement => "a movement string",
        MRule::component => "a movement component",
        MRule::modifier => "a modifier letter",
        MRule::atom => "an atom (a capital letter or `(a,b)`)",
        MRule::atom_letter => "an atom letter",
        MRule::leap => "a leap `(a,b)`",
        MRule::range => "a range",
        MRule::number => "a number",
        MRule::pair_sum => "a crooked pair `z(a,b)`",
        MRule::bracket => "a bracketed multi-leg move `[F?R]`",
        MRule::leg => "a leg of a multi-leg move",
        MRule::leg_sep => "`-`, `?` or `=` between legs",
        MRule::any_dir => "`*`",
    }
}
