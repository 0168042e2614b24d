//! The `reserve` section: the pieces each side holds off the board, in
//! the order they are dropped.

use super::*;

/// Each side's reserve as a `reserve` section lists it, its problems
/// recorded.
pub(super) fn reserve_section(
    s: &Section,
    resolve: &script::Resolve<'_>,
    diags: &mut Vec<Diagnostic>,
) -> ByColor<Vec<PieceKind>> {
    let mut rr = Reader::new(&s.body, Scope::Reserve);
    let list = |e: &Entry, diags: &mut Vec<Diagnostic>| -> Vec<PieceKind> {
        let v: Vec<PieceKind> = get_list(e)
            .into_iter()
            .filter_map(|v| resolve(v, diags))
            .collect();
        if v.len() > crate::board::RESERVE_SLOTS {
            diags.push(Diagnostic::error(
                e.value.span,
                format!(
                    "a reserve holds at most {} pieces",
                    crate::board::RESERVE_SLOTS
                ),
            ));
        }
        v
    };
    let white = rr
        .take("pieces")
        .map(|e| list(e, diags))
        .unwrap_or_default();
    let black = rr
        .take("black")
        .map_or_else(|| white.clone(), |e| list(e, diags));
    if let Some(e) = rr.take("take") {
        match &e.value.node {
            Value::Ident(w) if w == "front" => {}
            _ => diags.push(
                Diagnostic::error(e.value.span, "only `take = front` is supported yet").with_note(
                    "drops take reserve pieces in their order; promotions take from the back",
                ),
            ),
        }
    }
    reject_subsections(&rr, "`reserve`", diags);
    reject_name(s, diags);
    rr.finish(diags);
    ByColor { white, black }
}
