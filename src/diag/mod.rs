//! Diagnostics: everything that points into a source file.
//!
//! A [`Diagnostic`] carries a severity, a message, a primary [`Span`] and
//! optional secondary labels, notes and help. Line and column are computed
//! only when rendering ([`render`]), and printed 1-based.

mod render;

pub use render::{SourceMap, render};

/// A byte range in one source file.
///
/// `file` indexes a [`SourceMap`]; `start` and `end` are byte offsets into
/// that file's text (`start <= end`). Spans never store line or column:
/// those are derived when a diagnostic is rendered.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub struct Span {
    /// Index of the file in the [`SourceMap`].
    pub file: u32,
    /// First byte of the range.
    pub start: u32,
    /// One past the last byte of the range.
    pub end: u32,
}

impl Span {
    /// A span over `start..end` of file `file`.
    pub fn new(file: u32, start: usize, end: usize) -> Span {
        Span {
            file,
            start: start as u32,
            end: end as u32,
        }
    }

    /// The sub-span `offset..offset+len` relative to this span's start.
    pub fn sub(self, offset: usize, len: usize) -> Span {
        let start = self.start + offset as u32;
        Span {
            file: self.file,
            start,
            end: (start + len as u32).min(self.end.max(start + len as u32)),
        }
    }
}

/// A value with the span of the text it came from.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Spanned<T> {
    /// The value.
    pub node: T,
    /// Where it was written.
    pub span: Span,
}

impl<T> Spanned<T> {
    /// Wraps `node` with `span`.
    pub fn new(node: T, span: Span) -> Spanned<T> {
        Spanned { node, span }
    }
}

/// How serious a diagnostic is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Severity {
    /// The file cannot be used.
    Error,
    /// The file works but probably not as intended.
    Warning,
}

/// One problem found in a source file.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Diagnostic {
    /// Error or warning.
    pub severity: Severity,
    /// One-line description, lower case, no final full stop.
    pub message: String,
    /// Where the problem is.
    pub span: Span,
    /// Text printed under the caret, if any.
    pub label: Option<String>,
    /// Other places worth seeing ("first defined here").
    pub secondary: Vec<(Span, String)>,
    /// Free-form notes.
    pub notes: Vec<String>,
    /// A suggestion of what to write instead.
    pub help: Option<String>,
}

impl Diagnostic {
    /// An error at `span`.
    pub fn error(span: Span, message: impl Into<String>) -> Diagnostic {
        Diagnostic {
            severity: Severity::Error,
            message: message.into(),
            span,
            label: None,
            secondary: Vec::new(),
            notes: Vec::new(),
            help: None,
        }
    }

    /// A warning at `span`.
    pub fn warning(span: Span, message: impl Into<String>) -> Diagnostic {
        Diagnostic {
            severity: Severity::Warning,
            ..Diagnostic::error(span, message)
        }
    }

    /// Adds a label printed under the caret.
    pub fn with_label(mut self, label: impl Into<String>) -> Diagnostic {
        self.label = Some(label.into());
        self
    }

    /// Adds a secondary span with its note.
    pub fn with_secondary(mut self, span: Span, note: impl Into<String>) -> Diagnostic {
        self.secondary.push((span, note.into()));
        self
    }

    /// Adds a note.
    pub fn with_note(mut self, note: impl Into<String>) -> Diagnostic {
        self.notes.push(note.into());
        self
    }

    /// Adds a help line.
    pub fn with_help(mut self, help: impl Into<String>) -> Diagnostic {
        self.help = Some(help.into());
        self
    }

    /// True for errors.
    pub fn is_error(&self) -> bool {
        self.severity == Severity::Error
    }
}

/// Suggests the candidate closest to `word` (edit distance at most 2, or a
/// case-insensitive match), for "did you mean" hints.
pub fn suggest<'a>(word: &str, candidates: impl IntoIterator<Item = &'a str>) -> Option<&'a str> {
    let mut best: Option<(usize, &str)> = None;
    for c in candidates {
        let d = if c.eq_ignore_ascii_case(word) {
            0
        } else {
            edit_distance(word, c)
        };
        let limit = if word.len() <= 3 { 1 } else { 2 };
        if d <= limit && best.is_none_or(|(bd, _)| d < bd) {
            best = Some((d, c));
        }
    }
    best.map(|(_, c)| c)
}

fn edit_distance(a: &str, b: &str) -> usize {
    let a: Vec<char> = a.chars().collect();
    let b: Vec<char> = b.chars().collect();
    let mut prev: Vec<usize> = (0..=b.len()).collect();
    for (i, ca) in a.iter().enumerate() {
        let mut cur = vec![i + 1; b.len() + 1];
        for (j, cb) in b.iter().enumerate() {
            let cost = usize::from(ca != cb);
            cur[j + 1] = (prev[j] + cost).min(prev[j + 1] + 1).min(cur[j] + 1);
        }
        prev = cur;
    }
    prev[b.len()]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn suggest_finds_close_keys() {
        assert_eq!(suggest("leter", ["letter", "royal"]), Some("letter"));
        assert_eq!(suggest("zzz", ["letter", "royal"]), None);
    }
}
