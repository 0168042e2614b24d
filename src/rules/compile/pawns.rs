//! The `pawns` section: double steps, en passant, and where and into what
//! pawns promote (from a list, or from the back of the reserve).

use super::*;

/// Reads a `pawns` section into `pawns`, recording its problems.
pub(super) fn pawns_section(
    s: &Section,
    pawns: &mut PawnRules,
    geometry: Geometry,
    resolve: &script::Resolve<'_>,
    diags: &mut Vec<Diagnostic>,
) {
    let ranks = |e: &Entry, diags: &mut Vec<Diagnostic>| rank_list(e, geometry.height, diags);
    let mut pr = Reader::new(&s.body, Scope::Pawns);
    if let Some(e) = pr.take("double_step_ranks") {
        pawns.double_step_ranks = ranks(e, diags);
    }
    if let Some(e) = pr.take("double_step_squares") {
        pawns.double_step_squares = get_list(e)
            .into_iter()
            .filter_map(|v| square_value(geometry, v, diags))
            .collect();
    }
    if let Some(e) = pr.take("double_step") {
        match &e.value.node {
            Value::Ident(w) if w == "rank" => pawns.double_step = DoubleStep::Rank,
            Value::Ident(w) if w == "unmoved" => pawns.double_step = DoubleStep::Unmoved,
            _ => type_error(e, "`rank` or `unmoved`", diags),
        }
    }
    if let Some(e) = pr.take("en_passant") {
        pawns.en_passant = get_bool(e, diags).unwrap_or(true);
    }
    if let Some(e) = pr.take("en_passant_ranks") {
        pawns.en_passant_ranks = Some(ranks(e, diags));
        if !pawns.en_passant {
            diags.push(
                Diagnostic::error(e.key.span, "`en_passant_ranks` with `en_passant = false`")
                    .with_note("no double step opens en passant, from any rank"),
            );
        }
    }
    if let Some(e) = pr.take("promotion_ranks") {
        pawns.promotion_ranks = ranks(e, diags);
        pawns.promotion_squares = None;
    }
    if let Some(e) = pr.take("promotion_squares") {
        let squares = get_list(e)
            .into_iter()
            .filter_map(|v| square_value(geometry, v, diags))
            .collect();
        pawns.promotion_squares = Some(squares);
    }
    let choices = |e: &Entry, diags: &mut Vec<Diagnostic>| -> Vec<PieceKind> {
        get_list(e)
            .into_iter()
            .filter_map(|v| resolve(v, diags))
            .collect()
    };
    if let Some(e) = pr.take("promotion_choices") {
        let list = choices(e, diags);
        pawns.promotion_choices = ByColor::new_with(|_| list.clone());
    }
    // One side's own choices replace the shared list for that side.
    let mut own = Vec::new();
    for (key, color) in [
        ("white_promotion_choices", Color::White),
        ("black_promotion_choices", Color::Black),
    ] {
        if let Some(e) = pr.take(key) {
            pawns.promotion_choices[color] = choices(e, diags);
            own.push(e);
        }
    }
    if let Some(e) = pr.take("promotion_source") {
        match &e.value.node {
            Value::Ident(w) if w == "choices" => pawns.promotion_source = PromotionSource::Choices,
            Value::Ident(w) if w == "reserve_back" => {
                pawns.promotion_source = PromotionSource::ReserveBack
            }
            _ => type_error(e, "`choices` or `reserve_back`", diags),
        }
    }
    if let Some(e) = pr.take("optional_promotion_ranks") {
        let list = ranks(e, diags);
        if let Some(r) = list.iter().find(|r| !pawns.promotion_ranks.contains(r)) {
            diags.push(
                Diagnostic::error(
                    e.value.span,
                    format!("rank {r} is not one of the pawns' `promotion_ranks`"),
                )
                .with_help("list the optional ranks in `promotion_ranks` too"),
            );
        } else if pawns.promotion_squares.is_some() {
            diags.push(Diagnostic::error(
                e.key.span,
                "`optional_promotion_ranks` with `promotion_squares`",
            ));
        } else if pawns.promotion_source == PromotionSource::ReserveBack {
            diags.push(Diagnostic::error(
                e.key.span,
                "`optional_promotion_ranks` with `promotion_source = reserve_back`",
            ));
        }
        pawns.optional_promotion_ranks = list;
    }
    if let Some(e) = pr.take("promote_from_zone") {
        pawns.promote_from_zone = get_bool(e, diags).unwrap_or(false);
    }
    if let Some(e) = pr.take("promotion_in_place") {
        pawns.in_place = get_bool(e, diags).unwrap_or(false);
        let clash = if pawns.promotion_source == PromotionSource::ReserveBack {
            Some("`promotion_source = reserve_back`")
        } else if !pawns.optional_promotion_ranks.is_empty() {
            Some("`optional_promotion_ranks`")
        } else if pawns.promote_from_zone {
            Some("`promote_from_zone`")
        } else {
            None
        };
        if let Some(other) = clash.filter(|_| pawns.in_place) {
            diags.push(Diagnostic::error(
                e.key.span,
                format!("`promotion_in_place` with {other}"),
            ));
        }
    }
    // The two refinements of an in-place promotion.
    let in_place_only = |e: &Entry, diags: &mut Vec<Diagnostic>| {
        if !pawns.in_place {
            diags.push(
                Diagnostic::error(
                    e.key.span,
                    format!("`{}` without `promotion_in_place = true`", e.key.node),
                )
                .with_note("it refines promotions made in place, instead of a move"),
            );
        }
    };
    if let Some(e) = pr.take("promotion_attacks") {
        in_place_only(e, diags);
        pawns.in_place_quiet = super::board::illegal(e, diags);
    }
    if let Some(e) = pr.take("last_pawn_anywhere") {
        in_place_only(e, diags);
        pawns.last_pawn_anywhere = get_bool(e, diags).unwrap_or(false);
    }
    if pawns.promotion_source == PromotionSource::ReserveBack {
        for e in own {
            diags.push(
                Diagnostic::error(
                    e.key.span,
                    format!("`{}` with `promotion_source = reserve_back`", e.key.node),
                )
                .with_note("pawns then promote to their reserve's last piece, never to a choice"),
            );
        }
    }
    reject_subsections(&pr, "`pawns`", diags);
    reject_name(s, diags);
    pr.finish(diags);
}
