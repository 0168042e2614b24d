//! The `castle` sections: each a castling rule (king and partner paths,
//! the squares that must be empty and safe), checked for paths that
//! leave their rank, start together or end on one square.

use super::*;

/// The castling rules a `castle` section declares (the `index`th, for
/// its default name): one, or with free starts (`king = any -> g1`) one
/// for each pair of start squares on the rank; none after recording its
/// problems.
pub(super) fn castle_rules(
    s: &Section,
    index: usize,
    geometry: Geometry,
    resolve: &script::Resolve<'_>,
    diags: &mut Vec<Diagnostic>,
) -> Vec<CastleRule> {
    let cname = s
        .name
        .as_ref()
        .map_or_else(|| format!("castle{}", index + 1), |n| n.node.clone());
    let mut cr = Reader::new(&s.body, Scope::Castle);
    // A path's start is a square, or `None` for `any`.
    type Path = (Option<Square>, Square);
    let path = |key: &str, cr: &mut Reader, diags: &mut Vec<Diagnostic>| -> Option<Path> {
        let Some(e) = cr.take(key) else {
            diags.push(Diagnostic::error(
                s.kind.span,
                format!("castling `{cname}` needs `{key} = FROM -> TO`"),
            ));
            return None;
        };
        match &e.value.node {
            Value::Arrow(a, b) => {
                let from = match a.node.as_str() {
                    "any" => None,
                    _ => Some(square_of(geometry, a, diags)?),
                };
                Some((from, square_of(geometry, b, diags)?))
            }
            _ => {
                type_error(e, "a path like `e1 -> g1` or `any -> g1`", diags);
                None
            }
        }
    };
    let partner_span = cr.entries.get("partner").map(|e| e.value.span);
    let section_span = s.name.as_ref().map_or(s.kind.span, |n| n.span);
    let king = path("king", &mut cr, diags);
    let partner = path("partner", &mut cr, diags);
    let squares = |key: &str, cr: &mut Reader, diags: &mut Vec<Diagnostic>| {
        cr.take(key).map(|e| {
            let list = get_list(e)
                .into_iter()
                .filter_map(|v| square_value(geometry, v, diags))
                .collect::<Vec<_>>();
            (list, e.key.span)
        })
    };
    let empty = squares("empty", &mut cr, diags);
    let safe = squares("safe", &mut cr, diags);
    let partner_entry = cr.take("partner_kind");
    let partner_named = partner_entry.is_some();
    let partner_piece = partner_entry.and_then(|e| resolve(&e.value, diags));
    let king_piece = cr.take("king_kind").and_then(|e| resolve(&e.value, diags));
    reject_subsections(&cr, "a castling rule", diags);
    cr.finish(diags);
    let (Some((kf, kt)), Some((pf, pt))) = (king, partner) else {
        return Vec::new();
    };
    if kf.is_some_and(|k| geometry.rank(k) != geometry.rank(kt))
        || pf.is_some_and(|p| geometry.rank(p) != geometry.rank(pt))
    {
        diags.push(
            Diagnostic::error(section_span, format!("castling `{cname}` leaves its rank"))
                .with_note("the king and the partner each move along their own rank"),
        );
        return Vec::new();
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
        return Vec::new();
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
    let rule = |kf: Square, pf: Square, free: bool| CastleRule {
        name: cname.clone(),
        king_from: kf,
        king_to: kt,
        partner_from: pf,
        partner_to: pt,
        empty: match &empty {
            Some((v, _)) => v.iter().copied().collect(),
            None => between(kf, kt)
                .into_iter()
                .chain(between(pf, pt))
                .filter(|&q| q != kf && q != pf)
                .collect(),
        },
        // With free starts the end square is left to the check after the
        // move: the partner may land between it and an attacker.
        safe: safe.as_ref().map_or_else(
            || {
                let mut path = between(kf, kt);
                if free && kf != kt {
                    path.retain(|&q| q != kt);
                }
                path
            },
            |(v, _)| v.clone(),
        ),
        king_side: geometry.file(pf) > geometry.file(kf),
        partner_kind: None,
        partner_piece,
        king_piece,
        free,
    };
    match (kf, pf) {
        (Some(kf), Some(pf)) => {
            if kf == pf {
                diags.push(
                    Diagnostic::error(
                        partner_span.unwrap_or(s.kind.span),
                        format!("castling `{cname}`: king and partner start on the same square"),
                    )
                    .with_help(
                        "the partner is the piece the king castles with, e.g. `partner = h1 -> f1`",
                    ),
                );
                return Vec::new();
            }
            vec![rule(kf, pf, false)]
        }
        (None, None) => {
            let mut bad = |span: Span, what: &str| {
                diags.push(
                    Diagnostic::error(span, format!("castling `{cname}`: {what}"))
                        .with_note("with `any` starts the squares follow from where the king and the partner stand"),
                );
            };
            let listed = safe.as_ref().filter(|(v, _)| !v.is_empty());
            if let Some((_, span)) = empty.as_ref().or(listed) {
                bad(
                    *span,
                    "with `any` starts `empty` cannot be given, and `safe` only as `[]`",
                );
                return Vec::new();
            }
            if partner_piece.is_none() {
                if partner_named {
                    // Its unknown name is reported already.
                    return Vec::new();
                }
                bad(
                    section_span,
                    "`any` starts need `partner_kind`, the kind the king castles with (`partner_kind = rook`)",
                );
                return Vec::new();
            }
            if geometry.rank(kt) != geometry.rank(pt) {
                bad(
                    section_span,
                    "with `any` starts the king and the partner end on one rank",
                );
                return Vec::new();
            }
            // The partner ends on the king's inner side: `king = any -> g1`
            // with `partner = any -> f1` castles with a partner beyond the
            // king towards the h-file.
            let outward = geometry.file(pt) < geometry.file(kt);
            let rank: Vec<Square> = (0..geometry.width as i32)
                .filter_map(|f| geometry.square(f, geometry.rank(kt)))
                .collect();
            let mut rules = Vec::new();
            for &k in &rank {
                for &p in &rank {
                    let beyond = if outward {
                        geometry.file(p) > geometry.file(k)
                    } else {
                        geometry.file(p) < geometry.file(k)
                    };
                    if beyond {
                        rules.push(rule(k, p, true));
                    }
                }
            }
            rules
        }
        _ => {
            diags.push(
                Diagnostic::error(
                    section_span,
                    format!("castling `{cname}`: either both starts are `any` or neither"),
                )
                .with_help("`king = any -> g1` with `partner = any -> f1` castles from wherever the two stand"),
            );
            Vec::new()
        }
    }
}

/// A castling rule must name pieces the setup can provide, which is
/// checked with the setup; here, that its two squares differ.
pub(super) fn check_squares(
    castles: &mut Vec<CastleRule>,
    walls: SquareSet,
    span: Span,
    diags: &mut Vec<Diagnostic>,
) {
    // Of the rules `any` starts stand for, those that meet a wall drop out.
    castles.retain(|c| {
        !c.free
            || !(walls.contains(c.king_from)
                || walls.contains(c.partner_from)
                || walls.contains(c.king_to)
                || walls.contains(c.partner_to)
                || !c.empty.and(&walls).is_empty()
                || c.safe.iter().any(|&s| walls.contains(s)))
    });
    for c in castles.iter() {
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
            partner_piece: c.partner_piece,
            king_piece: c.king_piece,
            free: c.free,
        })
        .collect()
}
