//! The `random_setup` section: squares filled at the start of each game
//! from listed pieces and a draw from a pool (and reserve places), with
//! the symmetry that gives Black its squares.

use super::*;

/// The random setup a `random_setup` section declares, its problems
/// recorded.
pub(super) fn random_setup_section(
    s: &Section,
    geometry: Geometry,
    resolve: &script::Resolve<'_>,
    diags: &mut Vec<Diagnostic>,
) -> super::super::RandomSetup {
    let mut rr = Reader::new(&s.body, Scope::RandomSetup);
    let squares: Vec<Square> = rr
        .take("squares")
        .map(|e| {
            get_list(e)
                .into_iter()
                .filter_map(|v| square_value(geometry, v, diags))
                .collect()
        })
        .unwrap_or_default();
    let kinds = |e: Option<&Entry>, diags: &mut Vec<Diagnostic>| -> Vec<PieceKind> {
        e.map(|e| {
            get_list(e)
                .into_iter()
                .filter_map(|v| resolve(v, diags))
                .collect()
        })
        .unwrap_or_default()
    };
    let pieces = kinds(rr.take("pieces"), diags);
    let draw_from = kinds(rr.take("draw_from"), diags);
    let draw_entry = rr.take("draw");
    let draw = draw_entry
        .and_then(|e| get_int(e, 0, 256, diags))
        .unwrap_or(0) as usize;
    let reserve_count = rr
        .take("reserve")
        .and_then(|e| get_int(e, 0, crate::board::RESERVE_SLOTS as i64, diags))
        .unwrap_or(0) as usize;
    let symmetry = match rr.take("symmetry") {
        None => super::super::Symmetry::Mirror,
        Some(e) => match &e.value.node {
            Value::Ident(w) if w == "mirror" => super::super::Symmetry::Mirror,
            Value::Ident(w) if w == "central" => super::super::Symmetry::Central,
            Value::Ident(w) if w == "none" => super::super::Symmetry::None,
            _ => {
                type_error(e, "`mirror`, `central` or `none`", diags);
                super::super::Symmetry::Mirror
            }
        },
    };
    let colours_entry = rr.take("opposite_colours");
    let opposite_colours = kinds(colours_entry, diags);
    let between_entry = rr.take("between");
    let between = between_entry.and_then(|e| match kinds(Some(e), diags)[..] {
        [inner, outer] if inner != outer => {
            if pieces.iter().filter(|&&k| k == outer).count() < 2 {
                diags.push(
                    Diagnostic::error(
                        e.value.span,
                        "`between` needs at least two pieces of its second kind in `pieces`",
                    )
                    .with_help("list them in `pieces`: `pieces = [king, rook, rook, ...]`"),
                );
            }
            Some((inner, outer))
        }
        _ => {
            diags.push(
                Diagnostic::error(e.value.span, "`between` takes two different kinds").with_help(
                    "the kind in the middle, then the kind on both sides: `[king, rook]`",
                ),
            );
            None
        }
    });
    reject_subsections(&rr, "`random_setup`", diags);
    reject_name(s, diags);
    rr.finish(diags);
    let span = s.kind.span;
    if draw > draw_from.len() {
        diags.push(Diagnostic::error(
            draw_entry.map_or(span, |e| e.value.span),
            format!(
                "cannot draw {draw} pieces from {} kind{}: each kind is drawn at most once",
                draw_from.len(),
                if draw_from.len() == 1 { "" } else { "s" }
            ),
        ));
    } else if pieces.len() + draw != squares.len() + reserve_count {
        diags.push(
            Diagnostic::error(span, format!(
                "the random setup places {} pieces ({} listed, {draw} drawn) on {} squares and {reserve_count} reserve places",
                pieces.len() + draw,
                pieces.len(),
                squares.len()
            ))
            .with_help("`pieces` and `draw` together must fill `squares` and the `reserve` exactly"),
        );
    }
    // Each kind kept on both colours must fit: half its pieces (the
    // pool's counted in full) on squares of one colour, the rest on the
    // other.
    if let Some(e) = colours_entry {
        let dark = squares.iter().filter(|&&q| geometry.is_dark(q)).count();
        let light = squares.len() - dark;
        for &k in &opposite_colours {
            let n = pieces.iter().chain(&draw_from).filter(|&&c| c == k).count();
            if n == 0 {
                diags.push(
                    Diagnostic::error(
                        e.value.span,
                        "`opposite_colours` names a kind the random setup never places",
                    )
                    .with_help("list it in `pieces` or `draw_from`"),
                );
            } else if n / 2 > dark.min(light) || n.div_ceil(2) > dark.max(light) {
                diags.push(
                    Diagnostic::error(
                        e.value.span,
                        format!(
                            "{n} pieces of a kind in `opposite_colours` cannot stand half on each colour: `squares` has {light} light and {dark} dark"
                        ),
                    )
                    .with_help("list squares of both colours in `squares`"),
                );
            }
        }
    }
    let mut seen = SquareSet::EMPTY;
    for &q in &squares {
        let mirror = symmetry.black_square(&geometry, q);
        if seen.contains(q) || squares.contains(&mirror) {
            diags.push(Diagnostic::error(
                span,
                format!(
                    "square {} is listed twice, or is also Black's",
                    geometry.name(q)
                ),
            ));
            break;
        }
        seen.insert(q);
    }
    super::super::RandomSetup {
        squares,
        pieces,
        draw_from,
        draw,
        symmetry,
        reserve: reserve_count,
        opposite_colours,
        between,
    }
}
