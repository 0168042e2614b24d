//! The `drops` section: where dropped pieces may go (all pieces, and
//! pawns apart), whether they come from the hand or the reserve, and a
//! reserve's drop windows and duty.

use super::*;

/// The drop rules a `drops` section declares, its problems recorded.
pub(super) fn drops_section(
    s: &Section,
    geometry: Geometry,
    zone: &pocket::Zone<'_>,
    by_name: &IndexMap<String, PieceKind>,
    diags: &mut Vec<Diagnostic>,
) -> super::super::DropRules {
    let mut dr = Reader::new(&s.body, Scope::Drops);
    for key in Scope::Drops.shape().planned {
        if let Some(e) = dr.take(key) {
            diags.push(
                Diagnostic::error(
                    e.key.span,
                    format!("`{key}` in `drops` is planned but not supported yet"),
                )
                .with_note("today a drop is the whole turn, on any empty square of `ranks`"),
            );
        }
    }
    let all = || ByColor {
        white: geometry.squares().collect(),
        black: geometry.squares().collect(),
    };
    let zone_all = dr.take("ranks").map_or_else(all, |e| zone(e, diags));
    let pawn_zone = dr.take("pawn_ranks").map_or(zone_all, |e| zone(e, diags));
    let from_reserve = match dr.take("source") {
        None => false,
        Some(e) => match &e.value.node {
            Value::Ident(w) if w == "pocket" => false,
            Value::Ident(w) if w == "reserve" => true,
            _ => {
                type_error(e, "`pocket` or `reserve`", diags);
                false
            }
        },
    };
    // `true`, `false`, or the kinds a held piece of which must be dropped.
    let (mandatory, mandatory_kinds) = match dr.take("mandatory") {
        None => (false, Vec::new()),
        Some(e) if matches!(e.value.node, Value::List(_)) => {
            let kinds = kind_list(by_name, e, diags);
            if from_reserve {
                diags.push(
                    Diagnostic::error(
                        e.value.span,
                        "a list of kinds applies to drops from the hand",
                    )
                    .with_help("reserve drops take `mandatory = true`"),
                );
            } else if kinds.is_empty() {
                diags.push(
                    Diagnostic::error(e.value.span, "`mandatory` lists no kind")
                        .with_help("name the kinds that must be dropped, or write `false`"),
                );
            }
            (!kinds.is_empty(), kinds)
        }
        Some(e) => (get_bool(e, diags).unwrap_or(false), Vec::new()),
    };
    let turn = |key: &str, dr: &mut Reader, diags: &mut Vec<Diagnostic>| {
        dr.take(key)
            .and_then(|e| get_int(e, 0, 10_000, diags))
            .map(|n| n as u32)
    };
    let first = turn("first_window", &mut dr, diags);
    let every = turn("window_every", &mut dr, diags);
    let length = turn("window_length", &mut dr, diags);
    let white_delay = turn("white_delay", &mut dr, diags);
    let schedule = first.map(|first| super::super::DropSchedule {
        first: first.max(1),
        every: every.unwrap_or(1).max(1),
        length: length.unwrap_or(1).max(1),
        white_delay: white_delay.unwrap_or(0),
    });
    if !from_reserve && schedule.is_some() {
        diags.push(Diagnostic::error(
            s.kind.span,
            "drop windows apply to `source = reserve`",
        ));
    }
    let opposite_colours = dr
        .take("opposite_colours")
        .map(|e| {
            if from_reserve {
                diags.push(Diagnostic::error(
                    e.key.span,
                    "`opposite_colours` applies to drops from the hand",
                ));
            }
            kind_list(by_name, e, diags)
        })
        .unwrap_or_default();
    let castling_drops = dr
        .take("castling_drops")
        .map(|e| {
            if from_reserve {
                diags.push(Diagnostic::error(
                    e.key.span,
                    "`castling_drops` applies to drops from the hand",
                ));
            }
            kind_list(by_name, e, diags)
        })
        .unwrap_or_default();
    let gating = dr
        .take("gating")
        .and_then(|e| {
            let on = get_bool(e, diags)?;
            if on && from_reserve {
                diags.push(Diagnostic::error(
                    e.key.span,
                    "`gating` puts pieces from the hand; it cannot be used with `source = reserve`",
                ));
            }
            Some(on)
        })
        .unwrap_or(false);
    reject_subsections(&dr, "`drops`", diags);
    reject_name(s, diags);
    dr.finish(diags);
    super::super::DropRules {
        from_reserve,
        schedule,
        mandatory,
        mandatory_kinds,
        opposite_colours,
        castling_drops,
        gating,
        zone: zone_all,
        pawn_zone,
    }
}

/// Checks each kind's `drop_ranks` (`keys`: where each is written): the
/// variant must drop from hands (`hand_drops`: a `drops` section taking
/// from the hand, or a mutator with `drops = true`), and a pawn may not be
/// dropped where it would stand on its promotion ranks.
pub(super) fn check_drop_ranks(
    keys: &[(usize, Span, &'static str)],
    pieces: &[PieceDef],
    pawns: &PawnRules,
    hand_drops: bool,
    diags: &mut Vec<Diagnostic>,
) {
    for &(k, span, key) in keys {
        let piece = &pieces[k];
        if !hand_drops {
            diags.push(
                Diagnostic::error(
                    span,
                    format!(
                        "`{key}` of `{}`, but nothing is dropped from a hand",
                        piece.name
                    ),
                )
                .with_help("add a `drops` section, or a mutator with `drops = true`"),
            );
            continue;
        }
        if key != "drop_ranks" {
            continue;
        }
        let ranks = piece.drop_ranks.as_deref().unwrap_or_default();
        if piece.pawn
            && let Some(r) = ranks.iter().find(|r| pawns.promotion_ranks.contains(r))
        {
            diags.push(
                Diagnostic::error(
                    span,
                    format!(
                        "`drop_ranks` of `{}` lists rank {r}, one of the pawns' promotion ranks",
                        piece.name
                    ),
                )
                .with_note("a pawn dropped there could never move"),
            );
        }
    }
}
