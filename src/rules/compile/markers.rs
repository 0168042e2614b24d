//! The `markers` section: where markers may lie, how many, who places
//! them first.

use super::*;

/// The `markers` section: candidate squares, how many, who places first.
pub(super) fn compile_markers(
    g: Geometry,
    s: &Section,
    diags: &mut Vec<Diagnostic>,
) -> Option<crate::rules::MarkerRules> {
    let mut mr = Reader::new(&s.body, Scope::Markers);
    let squares: Vec<Square> = mr
        .take("squares")
        .map(|e| {
            get_list(e)
                .into_iter()
                .filter_map(|v| square_value(g, v, diags))
                .collect()
        })
        .unwrap_or_default();
    let count = mr
        .take("count")
        .and_then(|e| get_int(e, 0, 16, diags))
        .unwrap_or(squares.len() as i64) as u8;
    let first = match mr.take("first") {
        None => Color::Black,
        Some(e) => match &e.value.node {
            Value::Ident(w) if w == "white" => Color::White,
            Value::Ident(w) if w == "black" => Color::Black,
            _ => {
                type_error(e, "`white` or `black`", diags);
                Color::Black
            }
        },
    };
    reject_subsections(&mr, "`markers`", diags);
    reject_name(s, diags);
    mr.finish(diags);
    if count as usize > squares.len() {
        diags.push(
            Diagnostic::error(
                s.kind.span,
                format!(
                    "{count} markers but only {} squares to put them on",
                    squares.len()
                ),
            )
            .with_help("list more `squares`, or lower `count`"),
        );
        return None;
    }
    Some(crate::rules::MarkerRules {
        squares,
        count,
        first,
    })
}

/// Markers need mutators to name, one each: `None` (with the diagnostic)
/// when there are too few.
pub(super) fn check_count(
    markers: Option<&crate::rules::MarkerRules>,
    markers_span: Option<Span>,
    mutators: &[crate::rules::Mutator],
    span: Span,
    diags: &mut Vec<Diagnostic>,
) -> Option<()> {
    let placeable = mutators.iter().filter(|m| !m.always_on).count();
    if let Some(m) = markers
        && m.count as usize > placeable
        && !mutators.is_empty()
    {
        diags.push(
            Diagnostic::error(
                markers_span.unwrap_or(span),
                format!(
                    "{} markers to place but only {placeable} mutators to name",
                    m.count,
                ),
            )
            .with_help("each marker names a different mutator, and an `always_on` one has none: lower `count` in `markers`"),
        );
        return None;
    }
    if markers.is_some() && mutators.is_empty() {
        diags.push(
            Diagnostic::error(span, "`markers` without any `mutator` to name")
                .with_help("declare the rule changes the markers switch: `mutator rider { piece knight { betza = \"NN\" } }`"),
        );
        return None;
    }
    Some(())
}
