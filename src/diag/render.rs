//! The one renderer for every file-located diagnostic.

use super::{Diagnostic, Severity, Span};
use std::fmt::Write;

/// The texts that spans point into, by file index.
#[derive(Clone, Debug, Default)]
pub struct SourceMap {
    files: Vec<(String, String)>,
}

impl SourceMap {
    /// An empty map.
    pub fn new() -> SourceMap {
        SourceMap::default()
    }

    /// Adds a file and returns its index for [`Span::file`].
    pub fn add(&mut self, name: impl Into<String>, text: impl Into<String>) -> u32 {
        self.files.push((name.into(), text.into()));
        (self.files.len() - 1) as u32
    }

    /// The name and text of file `id`.
    pub fn get(&self, id: u32) -> Option<(&str, &str)> {
        self.files
            .get(id as usize)
            .map(|(n, t)| (n.as_str(), t.as_str()))
    }

    /// 1-based line and column (in characters) of a byte offset.
    pub fn line_col(&self, id: u32, offset: u32) -> (usize, usize) {
        let Some((_, text)) = self.get(id) else {
            return (1, 1);
        };
        let offset = (offset as usize).min(text.len());
        let offset = floor_char_boundary(text, offset);
        let before = &text[..offset];
        let line = before.matches('\n').count() + 1;
        let line_start = before.rfind('\n').map_or(0, |i| i + 1);
        let col = text[line_start..offset].chars().count() + 1;
        (line, col)
    }
}

fn floor_char_boundary(text: &str, mut i: usize) -> usize {
    while i > 0 && !text.is_char_boundary(i) {
        i -= 1;
    }
    i
}

/// Renders one diagnostic in the house format:
///
/// ```text
/// error: piece letter `N` is already used by `knight`
///   --> examples/variants/mutation.variant:14:12
///    |
/// 14 |     letter = N
///    |              ^
/// note: first defined here
///   --> examples/variants/mutation.variant:6:12
/// ```
pub fn render(d: &Diagnostic, sources: &SourceMap) -> String {
    let mut out = String::new();
    let sev = match d.severity {
        Severity::Error => "error",
        Severity::Warning => "warning",
    };
    let _ = writeln!(out, "{sev}: {}", d.message);
    snippet(&mut out, d.span, d.label.as_deref(), sources);
    for (span, note) in &d.secondary {
        let _ = writeln!(out, "note: {note}");
        location(&mut out, *span, sources);
    }
    for note in &d.notes {
        let _ = writeln!(out, "note: {note}");
    }
    if let Some(help) = &d.help {
        let _ = writeln!(out, "help: {help}");
    }
    out
}

fn location(out: &mut String, span: Span, sources: &SourceMap) {
    let name = sources.get(span.file).map_or("<unknown>", |(n, _)| n);
    let (line, col) = sources.line_col(span.file, span.start);
    let _ = writeln!(out, "  --> {name}:{line}:{col}");
}

fn snippet(out: &mut String, span: Span, label: Option<&str>, sources: &SourceMap) {
    location(out, span, sources);
    let Some((_, text)) = sources.get(span.file) else {
        return;
    };
    let (line, col) = sources.line_col(span.file, span.start);
    // An error at the very end of the file sits on an empty last line.
    let line_text = text.lines().nth(line - 1).unwrap_or("");
    let line_text = line_text.trim_end_matches('\r');
    let width = line.to_string().len();
    let pad = " ".repeat(width);
    // Underline to the end of the span, clipped to this line; at least one caret.
    let start = floor_char_boundary(text, (span.start as usize).min(text.len()));
    let end = floor_char_boundary(text, (span.end as usize).min(text.len())).max(start);
    let in_line = text[start..end].split('\n').next().unwrap_or("");
    let carets = in_line.chars().count().max(1);
    let _ = writeln!(out, "{pad} |");
    let _ = writeln!(out, "{line} | {line_text}");
    let marker = format!("{}{}", " ".repeat(col - 1), "^".repeat(carets));
    match label {
        Some(l) => {
            let _ = writeln!(out, "{pad} | {marker} {l}");
        }
        None => {
            let _ = writeln!(out, "{pad} | {marker}");
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn renders_line_column_and_caret() {
        let mut map = SourceMap::new();
        let id = map.add("x.variant", "variant a {\n  boar = 8x8\n}\n");
        let d = Diagnostic::error(Span::new(id, 14, 18), "unknown key `boar`")
            .with_help("did you mean `board`?");
        let text = render(&d, &map);
        assert_eq!(
            text,
            "error: unknown key `boar`\n  --> x.variant:2:3\n  |\n2 |   boar = 8x8\n  |   ^^^^\nhelp: did you mean `board`?\n"
        );
    }
}
