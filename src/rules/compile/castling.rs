//! The `castle` sections: each a castling rule (king and partner paths,
//! the squares that must be empty and safe), checked for paths that
//! leave their rank, start together or end on one square.

use super::*;

/// The castling rule a `castle` section declares (the `index`th, for its
/// default name), or `None` after recording its problems.
pub(super) fn castle_rule(
    s: &Section,
    index: usize,
    geometry: Geometry,
    diags: &mut Vec<Diagnostic>,
) -> Option<CastleRule> {
    let cname = s
        .name
        .as_ref()
        .map_or_else(|| format!("castle{}", index + 1), |n| n.node.clone());
    let mut cr = Reader::new(&s.body, Scope::Castle);
    let path =
        |key: &str, cr: &mut Reader, diags: &mut Vec<Diagnostic>| -> Option<(Square, Square)> {
            let Some(e) = cr.take(key) else {
                diags.push(Diagnostic::error(
                    s.kind.span,
                    format!("castling `{cname}` needs `{key} = FROM -> TO`"),
                ));
                return None;
            };
            match &e.value.node {
                Value::Arrow(a, b) => Some((
                    square_of(geometry, a, diags)?,
                    square_of(geometry, b, diags)?,
                )),
                _ => {
                    type_error(e, "a path like `e1 -> g1`", diags);
                    None
                }
            }
        };
    let partner_span = cr.entries.get("partner").map(|e| e.value.span);
    let king = path("king", &mut cr, diags);
    let partner = path("partner", &mut cr, diags);
    let empty = cr.take("empty").map(|e| {
        get_list(e)
            .into_iter()
            .filter_map(|v| square_value(geometry, v, diags))
            .collect::<Vec<_>>()
    });
    let safe = cr.take("safe").map(|e| {
        get_list(e)
            .into_iter()
            .filter_map(|v| square_value(geometry, v, diags))
            .collect::<Vec<_>>()
    });
    reject_subsections(&cr, "a castling rule", diags);
    cr.finish(diags);
    if let (Some((kf, _)), Some((pf, _)), Some(ps)) = (king, partner, partner_span)
        && kf == pf
    {
        diags.push(
            Diagnostic::error(
                ps,
                format!("castling `{cname}`: king and partner start on the same square"),
            )
            .with_help("the partner is the piece the king castles with, e.g. `partner = h1 -> f1`"),
        );
        return None;
    }
    let (Some((kf, kt)), Some((pf, pt))) = (king, partner) else {
        return None;
    };
    if geometry.rank(kf) != geometry.rank(kt) || geometry.rank(pf) != geometry.rank(pt) {
        let span = s.name.as_ref().map_or(s.kind.span, |n| n.span);
        diags.push(
            Diagnostic::error(span, format!("castling `{cname}` leaves its rank"))
                .with_note("the king and the partner each move along their own rank"),
        );
        return None;
    }
    // Castling lifts both pieces and puts them down:
    // ending on one square would remove one of them.
    if kt == pt {
        let span = partner_span.unwrap_or(s.kind.span);
        diags.push(
            Diagnostic::error(
                span,
                format!(
                    "castling `{cname}`: king and partner both end on {}",
                    geometry.name(kt)
                ),
            )
            .with_note("castling puts each piece on its own square; one of them would be removed")
            .with_help("the partner usually ends beside the king, e.g. `king = e1 -> g1` with `partner = h1 -> f1`"),
        );
        return None;
    }
    let between = |a: Square, b: Square| -> Vec<Square> {
        let (lo, hi) = (
            geometry.file(a).min(geometry.file(b)),
            geometry.file(a).max(geometry.file(b)),
        );
        (lo..=hi)
            .filter_map(|f| geometry.square(f, geometry.rank(a)))
            .collect()
    };
    let empty_set: SquareSet = match empty {
        Some(v) => v.into_iter().collect(),
        None => between(kf, kt)
            .into_iter()
            .chain(between(pf, pt))
            .filter(|&q| q != kf && q != pf)
            .collect(),
    };
    Some(CastleRule {
        name: cname,
        king_from: kf,
        king_to: kt,
        partner_from: pf,
        partner_to: pt,
        empty: empty_set,
        safe: safe.unwrap_or_else(|| between(kf, kt)),
        king_side: geometry.file(pf) > geometry.file(kf),
        partner_kind: None,
    })
}

/// A castling rule must name pieces the setup can provide, which is
/// checked with the setup; here, that its two squares differ.
pub(super) fn check_squares(
    castles: &[CastleRule],
    walls: SquareSet,
    span: Span,
    diags: &mut Vec<Diagnostic>,
) {
    for c in castles {
        // A rule whose king or partner would start on a wall never
        // applies (no FEN can grant it); one that would pass a wall is
        // an error.
        let inert = walls.contains(c.king_from) || walls.contains(c.partner_from);
        let crossed = walls.contains(c.king_to)
            || walls.contains(c.partner_to)
            || !c.empty.and(&walls).is_empty()
            || c.safe.iter().any(|&s| walls.contains(s));
        if !inert && crossed {
            diags.push(Diagnostic::error(
                span,
                format!("castling `{}` crosses a wall square", c.name),
            ));
        }
        if c.king_from == c.partner_from {
            diags.push(Diagnostic::error(
                span,
                format!(
                    "castling `{}`: king and partner start on the same square",
                    c.name
                ),
            ));
        }
    }
}

/// White's castling rules mirrored for Black.
pub(super) fn mirrored(castles: &[CastleRule], geometry: Geometry) -> Vec<CastleRule> {
    castles
        .iter()
        .map(|c| CastleRule {
            name: c.name.clone(),
            king_from: geometry.flip(c.king_from),
            king_to: geometry.flip(c.king_to),
            partner_from: geometry.flip(c.partner_from),
            partner_to: geometry.flip(c.partner_to),
            empty: c.empty.iter().map(|q| geometry.flip(q)).collect(),
            safe: c.safe.iter().map(|&q| geometry.flip(q)).collect(),
            king_side: c.king_side,
            partner_kind: c.partner_kind,
        })
        .collect()
}
