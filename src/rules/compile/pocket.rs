//! The `pocket` section: a one-piece pocket filled by pocketing own pieces,
//! its capacity, mutation within a class, the ranks that promote a class
//! up, and the plies on which pocketing is banned.

use super::*;

/// The squares of the ranks an entry lists, for each side.
pub(super) type Zone<'a> = dyn Fn(&Entry, &mut Vec<Diagnostic>) -> ByColor<SquareSet> + 'a;

/// The pocket a `pocket` section declares, its problems recorded.
pub(super) fn pocket_section(
    s: &Section,
    zone: &Zone<'_>,
    diags: &mut Vec<Diagnostic>,
) -> super::super::PocketRules {
    let mut pr = Reader::new(&s.body, Scope::Pocket);
    let capacity = pr
        .take("capacity")
        .and_then(|e| get_int(e, 1, crate::board::POCKET_SLOTS as i64, diags))
        .unwrap_or(1) as u8;
    if let Some(e) = pr.take("source") {
        match &e.value.node {
            Value::Ident(w) if w == "own" => {}
            Value::Ident(w) if w == "captures" => diags.push(
                Diagnostic::error(e.value.span, "`source = captures` (captured pieces going to hand) is planned but not supported yet")
                    .with_note("`source = own`: the player pockets one of their own pieces as a move"),
            ),
            _ => type_error(e, "`own`", diags),
        }
    }
    let mutate = match pr.take("mutate") {
        Some(e) => match &e.value.node {
            Value::Ident(w) if w == "class" => true,
            Value::Ident(w) if w == "none" => false,
            _ => {
                type_error(e, "`class` or `none`", diags);
                false
            }
        },
        None => false,
    };
    let promote_zone = pr
        .take("promote_ranks")
        .map(|e| zone(e, diags))
        .unwrap_or_default();
    let banned_plies = pr
        .take("banned_plies")
        .map(|e| {
            get_list(e)
                .into_iter()
                .filter_map(|v| match v.node {
                    Value::Int(n) if n >= 1 => Some(n as u32),
                    _ => {
                        diags.push(Diagnostic::error(
                            v.span,
                            "expected a ply number from 1 (White's first move)",
                        ));
                        None
                    }
                })
                .collect()
        })
        .unwrap_or_default();
    reject_subsections(&pr, "`pocket`", diags);
    reject_name(s, diags);
    pr.finish(diags);
    super::super::PocketRules {
        capacity,
        mutate,
        promote_zone,
        banned_plies,
    }
}
