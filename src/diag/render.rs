//! The one renderer for every file-located diagnostic.

use super::{Diagnostic, Severity, Span};
use std::fmt::Write;

/// The texts that spans point into, by file index.
#[derive(Clone, Debug, Default)]
pub struct SourceMap {
    files: Vec<SourceFile>,
}

#[derive(Clone, Debug)]
struct SourceFile {
    name: String,
    text: String,
    /// Byte offset of the start of each line, so that placing a span
    /// costs a binary search, however many diagnostics a file has.
    line_starts: Vec<usize>,
}

impl SourceMap {
    /// An empty map.
    pub fn new() -> SourceMap {
        SourceMap::default()
    }

    /// Adds a file and returns its index for [`Span::file`].
    pub fn add(&mut self, name: impl Into<String>, text: impl Into<String>) -> u32 {
        let text = text.into();
        let line_starts = std::iter::once(0)
            .chain(text.match_indices('\n').map(|(i, _)| i + 1))
            .collect();
        self.files.push(SourceFile {
            name: name.into(),
            text,
            line_starts,
        });
        (self.files.len() - 1) as u32
    }

    /// The name and text of file `id`.
    pub fn get(&self, id: u32) -> Option<(&str, &str)> {
        self.files
            .get(id as usize)
            .map(|f| (f.name.as_str(), f.text.as_str()))
    }

    /// 1-based line and column (in characters) of a byte offset.
    pub fn line_col(&self, id: u32, offset: u32) -> (usize, usize) {
        let Some(f) = self.files.get(id as usize) else {
            return (1, 1);
        };
        let offset = floor_char_boundary(&f.text, (offset as usize).min(f.text.len()));
        let line = f.line_starts.partition_point(|&start| start <= offset);
        let line_start = f.line_starts[line - 1];
        let col = f.text[line_start..offset].chars().count() + 1;
        (line, col)
    }

    /// The text of 1-based line `line` of file `id`, without its end.
    fn line(&self, id: u32, line: usize) -> &str {
        let Some(f) = self.files.get(id as usize) else {
            return "";
        };
        let Some(&start) = f.line_starts.get(line.wrapping_sub(1)) else {
            return "";
        };
        let end = f.line_starts.get(line).map_or(f.text.len(), |&e| e - 1);
        f.text[start..end.max(start)].trim_end_matches('\r')
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
    let line_text = sources.line(span.file, line);
    let width = line.to_string().len();
    let pad = " ".repeat(width);
    // Underline to the end of the span, clipped to this line; at least one caret.
    let start = floor_char_boundary(text, (span.start as usize).min(text.len()));
    let end = floor_char_boundary(text, (span.end as usize).min(text.len())).max(start);
    let in_line = text[start..end].split('\n').next().unwrap_or("");
    let carets = in_line.chars().count().max(1);
    // A line longer than `LONG` is shown around the caret only: at most
    // `SHOWN` characters before and after it.
    const LONG: usize = 200;
    const SHOWN: usize = 80;
    let chars = line_text.chars().count();
    let skip = if chars <= LONG {
        0
    } else {
        (col - 1).saturating_sub(SHOWN)
    };
    let carets = carets.min(2 * SHOWN);
    let take = if chars <= LONG {
        chars
    } else {
        (col - 1 - skip) + carets + SHOWN
    };
    let mut shown: String = line_text.chars().skip(skip).take(take).collect();
    let mut lead = col - 1 - skip;
    if skip > 0 {
        shown.insert_str(0, "...");
        lead += 3;
    }
    if skip + take < chars {
        shown.push_str("...");
    }
    let _ = writeln!(out, "{pad} |");
    let _ = writeln!(out, "{line} | {shown}");
    let marker = format!("{}{}", " ".repeat(lead), "^".repeat(carets));
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
