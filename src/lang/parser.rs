//! Parses variant files with `grammar/variant.pest`.

use super::ast::{Block, Entry, File, Item, Section, Value, VariantDecl};
use super::words::join_or;
use crate::diag::{Diagnostic, Span, Spanned};
use pest::Parser;
use pest::error::{ErrorVariant, InputLocation};
use pest::iterators::Pair;

/// The generated parser for the variant language.
mod generated {
    #![allow(missing_docs)] // pest_derive's generated items
    #[derive(Debug, pest_derive::Parser)]
    #[grammar = "grammar/variant.pest"]
    pub struct VariantParser;
}
pub use generated::Rule;
pub(crate) use generated::VariantParser;

/// Deepest nesting of `{` and `[` a variant file may use. Real files need
/// a few levels (variant, section, subsection, list); the bound keeps the
/// recursive-descent parser, and everything that walks the tree after it,
/// within a small stack whatever the input.
pub const MAX_NESTING: usize = 64;

/// Parses a variant file. `file` is the id spans will carry.
///
/// # Errors
///
/// A syntax error stops parsing and is returned as one diagnostic naming
/// what was expected at that point. So is nesting deeper than
/// `MAX_NESTING` (64), found before the grammar runs.
pub fn parse_file(text: &str, file: u32) -> Result<File, Box<Diagnostic>> {
    check_nesting(text, file)?;
    let mut pairs = VariantParser::parse(Rule::file, text)
        .map_err(|e| Box::new(syntax_error(&e, file, text.len())))?;
    let top = pairs.next().expect("parse of Rule::file yields one pair"); // file
    let mut variants = Vec::new();
    for pair in top.into_inner() {
        if pair.as_rule() == Rule::variant_decl {
            variants.push(parse_variant_decl(pair, file));
        }
    }
    Ok(File { variants })
}

/// Refuses a text whose `{` and `[` nest deeper than [`MAX_NESTING`],
/// pointing at the first bracket too many. Strings and comments are
/// skipped as the grammar reads them, so the depth counted here is at least
/// the depth the parser would reach.
fn check_nesting(text: &str, file: u32) -> Result<(), Box<Diagnostic>> {
    let bytes = text.as_bytes();
    let mut depth = 0usize;
    let mut i = 0;
    while i < bytes.len() {
        match bytes[i] {
            b'"' => {
                // string: ends at the closing quote or, unclosed, at the
                // line's end; `\` escapes any character.
                i += 1;
                while i < bytes.len() && !matches!(bytes[i], b'"' | b'\n' | b'\r') {
                    i += if bytes[i] == b'\\' { 2 } else { 1 };
                }
            }
            b'#' => i = line_end(bytes, i),
            b'/' if bytes.get(i + 1) == Some(&b'/') => i = line_end(bytes, i),
            b'/' if bytes.get(i + 1) == Some(&b'*') => {
                // An unclosed block comment is a syntax error at its `/`,
                // before anything after it is parsed.
                match text[i + 2..].find("*/") {
                    Some(n) => i += n + 3,
                    None => return Ok(()),
                }
            }
            b'{' | b'[' => {
                depth += 1;
                if depth > MAX_NESTING {
                    let what = bytes[i] as char;
                    return Err(Box::new(
                        Diagnostic::error(
                            Span::new(file, i, i + 1),
                            format!("nesting too deep: this `{what}` opens level {depth}, and at most {MAX_NESTING} levels of `{{` and `[` are allowed"),
                        )
                        .with_help("a variant needs only a few levels (variant, section, list); is a closing bracket missing?"),
                    ));
                }
            }
            b'}' | b']' => depth = depth.saturating_sub(1),
            _ => {}
        }
        i += 1;
    }
    Ok(())
}

/// The index of the line break ending the line that holds `i` (or the
/// text's length).
fn line_end(bytes: &[u8], i: usize) -> usize {
    bytes[i..]
        .iter()
        .position(|&b| b == b'\n' || b == b'\r')
        .map_or(bytes.len(), |n| i + n)
}

fn span(pair: &Pair<Rule>, file: u32) -> Span {
    let s = pair.as_span();
    Span::new(file, s.start(), s.end())
}

fn parse_variant_decl(pair: Pair<Rule>, file: u32) -> VariantDecl {
    let mut inner = pair.into_inner();
    let _kw = inner.next(); // kw_variant
    let name = inner.next().expect("variant_decl has a name"); // ident
    let name = Spanned::new(name.as_str().to_string(), span(&name, file));
    let mut parent = None;
    let mut body = None;
    for p in inner {
        match p.as_rule() {
            Rule::parent => {
                let id = p.into_inner().nth(1).expect("parent has an ident"); // colon ident
                parent = Some(Spanned::new(id.as_str().to_string(), span(&id, file)));
            }
            Rule::block => body = Some(parse_block(p, file)),
            r => unreachable!(
                "parse_variant_decl: grammar allows only parent and block here, got {r:?}"
            ),
        }
    }
    VariantDecl {
        name,
        parent,
        body: body.expect("variant_decl ends with a block"),
    } // block
}

fn parse_block(pair: Pair<Rule>, file: u32) -> Block {
    let block_span = span(&pair, file);
    let mut items = Vec::new();
    for p in pair.into_inner() {
        match p.as_rule() {
            Rule::entry => items.push(Item::Entry(parse_entry(p, file))),
            Rule::section => items.push(Item::Section(parse_section(p, file))),
            _ => {} // braces
        }
    }
    Block {
        items,
        span: block_span,
    }
}

fn parse_entry(pair: Pair<Rule>, file: u32) -> Entry {
    let mut inner = pair.into_inner();
    let key = inner.next().expect("entry starts with ident"); // ident
    let _eq = inner.next(); // equals
    let value = inner.next().expect("entry ends with value"); // value
    Entry {
        key: Spanned::new(key.as_str().to_string(), span(&key, file)),
        value: parse_value(value, file),
    }
}

fn parse_section(pair: Pair<Rule>, file: u32) -> Section {
    let mut kind = None;
    let mut name = None;
    let mut body = None;
    for p in pair.into_inner() {
        match p.as_rule() {
            Rule::ident if kind.is_none() => {
                kind = Some(Spanned::new(p.as_str().to_string(), span(&p, file)))
            }
            Rule::ident => name = Some(Spanned::new(p.as_str().to_string(), span(&p, file))),
            Rule::block => body = Some(parse_block(p, file)),
            r => unreachable!("parse_section: grammar allows idents and a block, got {r:?}"),
        }
    }
    Section {
        kind: kind.expect("section starts with ident"), // ident
        name,
        body: body.expect("section ends with block"), // block
    }
}

fn parse_value(pair: Pair<Rule>, file: u32) -> Spanned<Value> {
    let inner = pair.into_inner().next().expect("value has one alternative"); // value
    let sp = span(&inner, file);
    match inner.as_rule() {
        Rule::string => {
            let text = inner.into_inner().nth(1).expect("string has inner text"); // quote string_inner quote
            let sp = span(&text, file);
            Spanned::new(Value::Str(unescape(text.as_str())), sp)
        }
        Rule::integer => match inner.as_str().parse::<i64>() {
            Ok(n) => Spanned::new(Value::Int(n), sp),
            // Too large for i64: keep it as a name so the compiler reports
            // "expected an integer" with the span.
            Err(_) => Spanned::new(Value::Ident(inner.as_str().to_string()), sp),
        },
        Rule::ident => Spanned::new(Value::Ident(inner.as_str().to_string()), sp),
        Rule::dimensions => {
            let (a, b) = inner
                .as_str()
                .split_once('x')
                .expect("dimensions contain x"); // dimensions
            let a = a.parse().unwrap_or(u32::MAX);
            let b = b.parse().unwrap_or(u32::MAX);
            Spanned::new(Value::Dims(a, b), sp)
        }
        Rule::arrow => {
            let mut it = inner.into_inner();
            let a = it.next().expect("arrow: first ident"); // ident
            let _op = it.next(); // arrow_op
            let b = it.next().expect("arrow: second ident"); // ident
            Spanned::new(
                Value::Arrow(
                    Spanned::new(a.as_str().to_string(), span(&a, file)),
                    Spanned::new(b.as_str().to_string(), span(&b, file)),
                ),
                sp,
            )
        }
        Rule::list => {
            let items = inner
                .into_inner()
                .filter(|p| p.as_rule() == Rule::value)
                .map(|p| parse_value(p, file))
                .collect();
            Spanned::new(Value::List(items), sp)
        }
        r => unreachable!("parse_value: value has no alternative {r:?}"),
    }
}

fn unescape(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    let mut chars = s.chars();
    while let Some(c) = chars.next() {
        if c == '\\' {
            match chars.next() {
                Some('n') => out.push('\n'),
                Some('t') => out.push('\t'),
                Some(other) => out.push(other),
                None => {}
            }
        } else {
            out.push(c);
        }
    }
    out
}

fn syntax_error(e: &pest::error::Error<Rule>, file: u32, len: usize) -> Diagnostic {
    let (start, end) = match e.location {
        InputLocation::Pos(p) => (p, p + 1),
        InputLocation::Span((a, b)) => (a, b),
    };
    let message = match &e.variant {
        ErrorVariant::ParsingError {
            positives,
            negatives,
        } => {
            let mut wanted: Vec<&str> = positives.iter().map(|r| phrase(*r)).collect();
            wanted.dedup();
            if wanted.is_empty() && !negatives.is_empty() {
                let not: Vec<&str> = negatives.iter().map(|r| phrase(*r)).collect();
                format!("unexpected {}", join_or(&not))
            } else {
                format!("syntax error: expected {}", join_or(&wanted))
            }
        }
        ErrorVariant::CustomError { message } => message.clone(),
    };
    let d = Diagnostic::error(Span::new(file, start, end), message);
    if start >= len {
        d.with_note("the file ends here: is a closing `}` missing?")
    } else {
        d
    }
}

/// The phrase for a rule of the variant grammar.
fn phrase(rule: Rule) -> &'static str {
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::diag::{SourceMap, render};

    #[test]
    fn parses_entries_sections_and_values() {
        let f = parse_file(
            "variant x : chess {\n board = 10x8\n piece k { letter = K betza = \"K\" royal = true }\n castle a { king = e1 -> g1 }\n l = [1, b, \"c\"]\n}",
            0,
        )
        .unwrap();
        let v = &f.variants[0];
        assert_eq!(v.name.node, "x");
        assert_eq!(v.parent.as_ref().unwrap().node, "chess");
        assert_eq!(v.body.items.len(), 4);
        let Item::Entry(e) = &v.body.items[0] else {
            panic!()
        };
        assert_eq!(e.value.node, Value::Dims(10, 8));
        let Item::Section(s) = &v.body.items[1] else {
            panic!()
        };
        assert_eq!(s.kind.node, "piece");
        assert_eq!(s.body.items.len(), 3);
    }

    #[test]
    fn string_span_covers_inner_text() {
        let text = "variant x { betza = \"fmW\" }";
        let f = parse_file(text, 0).unwrap();
        let Item::Entry(e) = &f.variants[0].body.items[0] else {
            panic!()
        };
        assert_eq!(
            &text[e.value.span.start as usize..e.value.span.end as usize],
            "fmW"
        );
    }

    #[test]
    fn missing_value_names_what_was_expected() {
        let text = "variant x {\n  board = \n}";
        let d = parse_file(text, 0).unwrap_err();
        let mut map = SourceMap::new();
        map.add("t.variant", text);
        let out = render(&d, &map);
        assert!(
            out.starts_with("error: syntax error: expected a value\n  --> t.variant:3:1\n"),
            "{out}"
        );
    }

    /// A file whose `{` and `[` nest `depth` levels: the variant's block
    /// holding a list of lists.
    fn nested(depth: usize) -> String {
        let lists = depth - 1;
        format!(
            "variant x {{\n  k = {}{}\n}}\n",
            "[".repeat(lists),
            "]".repeat(lists)
        )
    }

    #[test]
    fn nesting_up_to_the_limit_parses() {
        let f = parse_file(&nested(MAX_NESTING), 0).unwrap();
        assert_eq!(f.variants.len(), 1);
    }

    #[test]
    fn nesting_beyond_the_limit_is_refused_where_it_starts() {
        let text = nested(MAX_NESTING + 1);
        let d = parse_file(&text, 0).unwrap_err();
        let mut map = SourceMap::new();
        map.add("t.variant", &text);
        let out = render(&d, &map);
        // `k = ` then 63 brackets open levels 2 to 64; the 64th bracket,
        // at column 7 + 63, opens level 65.
        assert!(
            out.starts_with("error: nesting too deep: this `[` opens level 65, and at most 64 levels of `{` and `[` are allowed\n  --> t.variant:2:70\n"),
            "{out}"
        );
    }

    #[test]
    fn ten_thousand_brackets_are_an_error_not_a_crash() {
        let text = format!(
            "variant x {{ k = {}{} }}",
            "[".repeat(10_000),
            "]".repeat(10_000)
        );
        let d = parse_file(&text, 0).unwrap_err();
        assert_eq!(d.span.start as usize, text.find('[').unwrap() + 63);
    }

    #[test]
    fn brackets_in_strings_and_comments_do_not_nest() {
        let deep = "[".repeat(100);
        let text = format!(
            "// {deep}\n# {deep}\n/* {deep} */\nvariant x {{\n  s = \"{deep}\\\"{deep}\"\n}}\n"
        );
        let f = parse_file(&text, 0).unwrap();
        assert_eq!(f.variants.len(), 1);
    }
}
