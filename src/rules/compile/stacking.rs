//! The `stacking` section, and what stacking cannot be combined with.

use super::*;

/// The `stacking` section of a variant with `capacity = 2`, and the
/// checks that the rest of the variant is something stacking supports
/// (`others`: whether each other mechanism is declared, and its name).
pub(super) fn compile_stacking(
    capacity: u8,
    capacity_entry: Option<&Entry>,
    section: Option<&Section>,
    others: &[(bool, &str)],
    pieces: &[PieceDef],
    diags: &mut Vec<Diagnostic>,
) -> Option<crate::rules::Stacking> {
    if capacity < 2 {
        if let Some(s) = section {
            diags.push(
                Diagnostic::error(s.kind.span, "a `stacking` section needs `capacity = 2`")
                    .with_help("add `capacity = 2` to the variant, or remove the section"),
            );
        }
        return None;
    }
    let mut st = crate::rules::Stacking {
        pass_friends: true,
        pairs: true,
    };
    if let Some(s) = section {
        let mut sr = Reader::new(&s.body, Scope::Stacking);
        reject_subsections(&sr, "`stacking`", diags);
        if let Some(v) = sr.take("pass_friends").and_then(|e| get_bool(e, diags)) {
            st.pass_friends = v;
        }
        if let Some(v) = sr.take("pairs").and_then(|e| get_bool(e, diags)) {
            st.pairs = v;
        }
        sr.finish(diags);
    }
    let span = capacity_entry.map(|e| e.value.span);
    let not_yet = |what: String, diags: &mut Vec<Diagnostic>| {
        if let Some(span) = span {
            diags.push(
                Diagnostic::error(span, format!("`capacity = 2` cannot be combined with {what} yet"))
                    .with_note("stacking supports leaps, lame leaps, rides, paths, pawns, castling and composite kinds"),
            );
        }
    };
    for &(declared, what) in others {
        if declared {
            not_yet(what.to_string(), diags);
        }
    }
    for p in pieces {
        if p.atoms
            .iter()
            .any(|a| matches!(a.style, Style::Hop | Style::Grasshopper))
        {
            not_yet(format!("hoppers (`{}`)", p.name), diags);
        }
        if p.atoms.iter().any(|a| a.style == Style::Locust) {
            not_yet(format!("captures on the way (`{}`)", p.name), diags);
        }
        if p.freezes.is_some() || p.protects || p.must_move || p.captured_by.is_some() {
            not_yet(
                format!(
                    "auras, immunity or `must_move_when_attacked` (`{}`)",
                    p.name
                ),
                diags,
            );
        }
        if p.promotes != Promotes::Never {
            not_yet(format!("`promotes` (`{}`)", p.name), diags);
        }
    }
    Some(st)
}
