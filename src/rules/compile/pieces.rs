//! The `piece` sections: each kind's name, letter, movement (Betza and
//! paths), royalty, value and the keys that later passes resolve once
//! every kind is known (immunity, freezing, components, units).

use super::*;
use crate::lang::movement::Atom;
use crate::lang::words::join_or;

/// The kinds the `piece` sections declare, with the entries that name
/// other kinds, kept for when every kind is known (each with its kind's
/// index).
pub(super) struct PieceSections<'a> {
    pub(super) pieces: Vec<PieceDef>,
    pub(super) capture_limits: Vec<(usize, &'a Entry)>,
    pub(super) within_keys: Vec<(usize, Span)>,
    pub(super) freeze_lists: Vec<(usize, &'a Entry)>,
    pub(super) component_lists: Vec<(usize, &'a Entry)>,
    /// Each pawn kind's own `promotion_choices`, with its kind's index.
    pub(super) choice_lists: Vec<(usize, &'a Entry)>,
    pub(super) unit_lists: Vec<(usize, &'a Entry)>,
    pub(super) piece_spans: Vec<Span>,
    /// Where each drop key (`drop_ranks`, `drop_file_limit`,
    /// `mate_by_drop`) is written, with its kind's index and the key.
    pub(super) drop_rank_keys: Vec<(usize, Span, &'static str)>,
    /// Each `unpromoted` key, with its kind's index.
    pub(super) unpromoted_keys: Vec<(usize, &'a Entry)>,
    /// Each `also_dropped_as` key, with its kind's index.
    pub(super) dropped_as_keys: Vec<(usize, &'a Entry)>,
    /// Each `initial_lost_to` key, with its kind's index.
    pub(super) lost_to_lists: Vec<(usize, &'a Entry)>,
    /// Each `cannot_hop` key, with its kind's index.
    pub(super) hop_lists: Vec<(usize, &'a Entry)>,
    pub(super) imitate_lists: Vec<(usize, &'a Entry)>,
    /// Where each `line_betza` key is written.
    pub(super) line_keys: Vec<Span>,
}

/// Reads every `piece` section of `sections`, recording their problems.
pub(super) fn piece_sections<'a>(
    sections: &[&'a Section],
    geometry: Geometry,
    diags: &mut Vec<Diagnostic>,
) -> PieceSections<'a> {
    let (width, height) = (geometry.width, geometry.height);
    let mut drop_rank_keys: Vec<(usize, Span, &'static str)> = Vec::new();
    let mut unpromoted_keys: Vec<(usize, &Entry)> = Vec::new();
    let mut dropped_as_keys: Vec<(usize, &Entry)> = Vec::new();
    let mut lost_to_lists: Vec<(usize, &Entry)> = Vec::new();
    let mut hop_lists: Vec<(usize, &Entry)> = Vec::new();
    let mut imitate_lists: Vec<(usize, &Entry)> = Vec::new();
    let mut line_keys: Vec<Span> = Vec::new();
    let mut immobile_keys: Vec<Span> = Vec::new();
    let mut pieces: Vec<PieceDef> = Vec::new();
    let mut capture_limits: Vec<(usize, &Entry)> = Vec::new();
    let mut within_keys: Vec<(usize, Span)> = Vec::new();
    let mut freeze_lists: Vec<(usize, &Entry)> = Vec::new();
    let mut component_lists: Vec<(usize, &Entry)> = Vec::new();
    let mut choice_lists: Vec<(usize, &Entry)> = Vec::new();
    let mut unit_lists: Vec<(usize, &Entry)> = Vec::new();
    let mut piece_spans: Vec<Span> = Vec::new();
    let mut letters: IndexMap<String, (Span, String)> = IndexMap::new();
    for s in sections.iter().filter(|s| s.kind.node == "piece") {
        let Some(pname) = &s.name else {
            diags.push(
                Diagnostic::error(s.kind.span, "a piece needs a name")
                    .with_help("write `piece knight { ... }`"),
            );
            continue;
        };
        if pieces.len() >= MAX_KINDS {
            diags.push(Diagnostic::error(
                pname.span,
                format!("too many piece kinds: at most {MAX_KINDS}"),
            ));
            continue;
        }
        let mut pr = Reader::new(&s.body, Scope::Piece);
        let letter = letter(&mut pr, pname, &mut letters, diags);
        let units_entry = pr.take("units");
        let (betza, mut atoms) = movement(&mut pr, pname, units_entry.is_some(), diags);
        let zone_start = atoms.len();
        let zone_ranks = zone_moves(&mut pr, pname, height, &mut atoms, diags);
        let line_start = atoms.len();
        line_keys.extend(line_moves(&mut pr, &mut atoms, diags));
        let royal = pr
            .take("royal")
            .and_then(|e| get_bool(e, diags))
            .unwrap_or(false);
        let pawn = pr
            .take("pawn")
            .and_then(|e| get_bool(e, diags))
            .unwrap_or(false);
        let value = pr
            .take("value")
            .and_then(|e| get_int(e, -1000, 1000, diags))
            .unwrap_or(0) as i32;
        for sub in &pr.sections {
            diags.push(Diagnostic::error(
                sub.kind.span,
                format!("unexpected section `{}` inside a piece", sub.kind.node),
            ));
        }
        let must_move = pr
            .take("must_move_when_attacked")
            .and_then(|e| get_bool(e, diags))
            .unwrap_or(false);
        if let Some(e) = pr.take("captured_by") {
            capture_limits.push((pieces.len(), e));
        }
        if let Some(e) = pr.take("freezes") {
            freeze_lists.push((pieces.len(), e));
        }
        if let Some(e) = pr.take("components") {
            component_lists.push((pieces.len(), e));
        }
        if let Some(e) = units_entry {
            unit_lists.push((pieces.len(), e));
        }
        let protects = pr
            .take("protects")
            .and_then(|e| get_bool(e, diags))
            .unwrap_or(false);
        let attacks_within = attacks_within(&mut pr, diags);
        if let Some(span) = attacks_within.as_ref().and_then(|(_, span)| *span) {
            within_keys.push((pieces.len(), span));
        }
        let attacks_within = attacks_within.map(|(atoms, _)| atoms);
        let promotes = promotes(&mut pr, pawn, diags);
        let capture = capture_mode(&mut pr, pawn, &atoms, zone_start, diags);
        let no_swap_back = pr
            .take("no_swap_back")
            .and_then(|e| get_bool(e, diags))
            .unwrap_or(false);
        let immobile_in_check = pr.take("immobile_in_check").is_some_and(|e| {
            immobile_keys.push(e.key.span);
            get_bool(e, diags).unwrap_or(false)
        });
        let drop_ranks = pr.take("drop_ranks").map(|e| {
            drop_rank_keys.push((pieces.len(), e.key.span, "drop_ranks"));
            rank_list(e, height, diags)
        });
        let drop_file_limit = pr.take("drop_file_limit").and_then(|e| {
            drop_rank_keys.push((pieces.len(), e.key.span, "drop_file_limit"));
            get_int(e, 1, i64::from(height), diags).map(|n| n as u8)
        });
        let mate_by_drop = pr.take("mate_by_drop").is_none_or(|e| {
            drop_rank_keys.push((pieces.len(), e.key.span, "mate_by_drop"));
            get_bool(e, diags).unwrap_or(true)
        });
        let promotion_limit = pr
            .take("promotion_limit")
            .and_then(|e| get_int(e, 1, 255, diags))
            .map(|n| n as u8);
        if let Some(e) = pr.take("unpromoted") {
            unpromoted_keys.push((pieces.len(), e));
        }
        if let Some(e) = pr.take("also_dropped_as") {
            drop_rank_keys.push((pieces.len(), e.key.span, "also_dropped_as"));
            dropped_as_keys.push((pieces.len(), e));
        }
        if let Some(e) = pr.take("promotion_choices") {
            if pawn || promotes != Promotes::Never {
                choice_lists.push((pieces.len(), e));
            } else {
                diags.push(
                    Diagnostic::error(
                        e.key.span,
                        "`promotion_choices` on a kind that does not promote",
                    )
                    .with_help(
                        "give the kind `pawn = true` or `promotes = true`, or list the choices in the `pawns` section",
                    ),
                );
            }
        }
        let initial_in_check = pr
            .take("initial_in_check")
            .and_then(|e| get_bool(e, diags))
            .unwrap_or(true);
        if let Some(e) = pr.take("initial_lost_to") {
            lost_to_lists.push((pieces.len(), e));
        }
        if let Some(e) = pr.take("cannot_hop") {
            hop_lists.push((pieces.len(), e));
        }
        if let Some(e) = pr.take("script_imitates") {
            if capture == Some(CaptureMode::Imitate) {
                imitate_lists.push((pieces.len(), e));
            } else {
                diags.push(
                    Diagnostic::error(
                        e.key.span,
                        "`script_imitates` on a kind that does not imitate",
                    )
                    .with_help(
                        "it names the enemies a `capture = imitate` kind leaves to the script",
                    ),
                );
            }
        }
        let region_ranks = pr.take("region_ranks").map(|e| rank_list(e, height, diags));
        let region_files = pr.take("region_files").map(|e| file_list(e, width, diags));
        pr.finish(diags);
        pieces.push(PieceDef {
            name: pname.node.clone(),
            letter: letter.unwrap_or_default(),
            betza,
            atoms,
            royal,
            value,
            pawn,
            captured_by: None,
            must_move,
            freezes: None,
            protects,
            components: Vec::new(),
            attacks_within,
            promotes,
            no_swap_back,
            capture,
            script_imitates: KindSet::EMPTY,
            units: Vec::new(),
            drop_ranks,
            promotion_choices: None,
            region_ranks,
            region_files,
            immobile_in_check,
            unpromoted: None,
            drop_file_limit,
            mate_by_drop,
            dropped_as: Vec::new(),
            promotion_limit,
            zone_ranks,
            zone_start,
            line_start,
            initial_in_check,
            initial_lost_to: KindSet::EMPTY,
            cannot_hop: KindSet::EMPTY,
        });
        piece_spans.push(pname.span);
    }
    // Without a royal kind no side is ever in check.
    if !pieces.iter().any(|p| p.royal) {
        for span in immobile_keys {
            diags.push(
                Diagnostic::error(span, "`immobile_in_check`, but no kind is royal")
                    .with_note("a side is in check only when one of its royal pieces is attacked"),
            );
        }
    }
    PieceSections {
        pieces,
        capture_limits,
        within_keys,
        freeze_lists,
        component_lists,
        choice_lists,
        unit_lists,
        piece_spans,
        drop_rank_keys,
        unpromoted_keys,
        dropped_as_keys,
        lost_to_lists,
        hop_lists,
        imitate_lists,
        line_keys,
    }
}

/// The `letter` key: ASCII letters and digits, starting with a letter,
/// unique ignoring case (`letters` holds those taken, with where and by
/// whom).
fn letter(
    pr: &mut Reader<'_>,
    pname: &Spanned<String>,
    letters: &mut IndexMap<String, (Span, String)>,
    diags: &mut Vec<Diagnostic>,
) -> Option<String> {
    match pr.take("letter") {
        Some(e) => {
            let text = match &e.value.node {
                Value::Ident(t) | Value::Str(t) => Some(t.clone()),
                _ => {
                    type_error(
                        e,
                        "a letter like `N` (or a longer code like `Giraffe`)",
                        diags,
                    );
                    None
                }
            };
            text.and_then(|t| {
            let plus = t.len() == 2 && t.starts_with('+') && t.as_bytes()[1].is_ascii_alphabetic();
            let ok = plus || t.chars().next().is_some_and(|c| c.is_ascii_alphabetic()) && t.chars().all(|c| c.is_ascii_alphanumeric());
            if !ok {
                diags.push(Diagnostic::error(e.value.span, format!("`{t}` cannot be a piece letter")).with_help("use ASCII letters and digits, starting with a letter, or `+` and a letter for a promoted form (`+P`)"));
                return None;
            }
            let key = t.to_ascii_lowercase();
            if let Some((first, owner)) = letters.get(&key) {
                diags.push(
                    Diagnostic::error(e.value.span, format!("piece letter `{t}` is already used by `{owner}`"))
                        .with_secondary(*first, "first used here")
                        .with_help("FEN tells the colours apart by case, so letters must differ ignoring case"),
                );
                return None;
            }
            letters.insert(key, (e.value.span, pname.node.clone()));
            Some(t)
        })
        }
        None => {
            diags.push(
                Diagnostic::error(
                    pname.span,
                    format!("piece `{}` has no `letter`", pname.node),
                )
                .with_help("add `letter = X`"),
            );
            None
        }
    }
}

/// The `betza` and `attacks` keys: the movement as written and its atoms
/// (none for a stack of `units`, which moves by its units' movements).
fn movement(
    pr: &mut Reader<'_>,
    pname: &Spanned<String>,
    stack: bool,
    diags: &mut Vec<Diagnostic>,
) -> (String, Vec<crate::lang::movement::Atom>) {
    let (betza, mut atoms) = match pr.take("betza") {
        Some(e) if stack => {
            diags.push(
                Diagnostic::error(
                    e.key.span,
                    format!(
                        "`{}` is a stack of `units`, so it has no `betza` of its own",
                        pname.node
                    ),
                )
                .with_help("each unit moves by its own kind's movement; remove `betza`"),
            );
            (String::new(), Vec::new())
        }
        None if stack => (String::new(), Vec::new()),
        Some(e) => match get_str(e, diags) {
            Some(text) => match parse_movement(text, e.value.span) {
                Ok(a) => (text.to_string(), a),
                Err(mut errs) => {
                    diags.append(&mut errs);
                    (text.to_string(), Vec::new())
                }
            },
            None => (String::new(), Vec::new()),
        },
        None => {
            diags.push(
                Diagnostic::error(
                    pname.span,
                    format!("piece `{}` has no `betza` movement", pname.node),
                )
                .with_help("add e.g. `betza = \"N\"`"),
            );
            (String::new(), Vec::new())
        }
    };
    if let Some(e) = pr.take("attacks")
        && let Some(text) = get_str(e, diags)
    {
        match parse_movement(text, e.value.span) {
            Ok(extra) => atoms.extend(attack_only(extra)),
            Err(mut errs) => diags.append(&mut errs),
        }
    }
    (betza, atoms)
}

/// The `zone_betza` and `zone_ranks` keys: plain leaps a kind adds to
/// its moves while it stands on those ranks (Xiangqi's soldier across the
/// river), appended to `atoms`; returns the ranks.
fn zone_moves(
    pr: &mut Reader<'_>,
    pname: &Spanned<String>,
    height: u8,
    atoms: &mut Vec<crate::lang::movement::Atom>,
    diags: &mut Vec<Diagnostic>,
) -> Option<Vec<i32>> {
    let betza = pr.take("zone_betza");
    let ranks = pr.take("zone_ranks");
    match (betza, ranks) {
        (Some(b), Some(r)) => {
            let text = get_str(b, diags)?;
            let extra = parse_movement(text, b.value.span)
                .map_err(|mut errs| diags.append(&mut errs))
                .ok()?;
            if extra
                .iter()
                .any(|a| a.style != Style::Leap || a.lame || a.initial || a.attack_only)
            {
                diags.push(
                    Diagnostic::error(b.value.span, "`zone_betza` takes plain leaps only")
                        .with_help("write steps and leaps such as \"sW\" or \"fN\""),
                );
                return None;
            }
            atoms.extend(extra);
            Some(rank_list(r, height, diags))
        }
        (Some(e), None) | (None, Some(e)) => {
            diags.push(
                Diagnostic::error(
                    e.key.span,
                    format!("`{}` of `{}` needs its partner", e.key.node, pname.node),
                )
                .with_note(
                    "`zone_betza` gives the leaps, `zone_ranks` where they apply: write both",
                ),
            );
            None
        }
        (None, None) => None,
    }
}

/// The `line_betza` key: moves a kind adds along the board's drawn
/// lines (`lines`), appended to `atoms`: Janggi's pieces on the palace
/// diagonals. Returns where the key is written, if it is.
fn line_moves(
    pr: &mut Reader<'_>,
    atoms: &mut Vec<crate::lang::movement::Atom>,
    diags: &mut Vec<Diagnostic>,
) -> Option<Span> {
    let e = pr.take("line_betza")?;
    let text = get_str(e, diags)?;
    let extra = parse_movement(text, e.value.span)
        .map_err(|mut errs| diags.append(&mut errs))
        .ok()?;
    if extra
        .iter()
        .any(|a| !matches!(a.style, Style::Leap | Style::Ride | Style::Hop) || a.lame || a.initial)
    {
        diags.push(
            Diagnostic::error(
                e.value.span,
                "`line_betza` takes leaps, rides and hops only",
            )
            .with_help("write steps, riders or cannons such as \"F\", \"B\" or \"pB\""),
        );
        return None;
    }
    atoms.extend(extra);
    Some(e.key.span)
}

/// The `attacks_within` key: plain leaps and rides bounding a scripted
/// kind's attacks (an empty text: no square), with where the key is
/// written unless the text is empty.
#[allow(clippy::type_complexity)]
fn attacks_within(
    pr: &mut Reader<'_>,
    diags: &mut Vec<Diagnostic>,
) -> Option<(Vec<crate::lang::movement::Atom>, Option<Span>)> {
    pr.take("attacks_within").and_then(|e| {
        let text = get_str(e, diags)?;
        if text.trim().is_empty() {
            return Some((Vec::new(), None));
        }
        let atoms = parse_movement(text, e.value.span)
            .map_err(|mut errs| diags.append(&mut errs))
            .ok()?;
        if atoms
            .iter()
            .any(|a| !matches!(a.style, Style::Leap | Style::Ride))
        {
            diags.push(
                Diagnostic::error(
                    e.value.span,
                    "`attacks_within` takes plain leaps and rides only",
                )
                .with_help("bound the reach with leapers and riders, e.g. \"Q\" or \"KN\""),
            );
            return None;
        }
        Some((atoms, Some(e.key.span)))
    })
}

/// The `capture` key: a capture mode, for a kind whose every move is a
/// quiet leap or ride along a straight line (`mQ`), written in `betza`.
fn capture_mode(
    pr: &mut Reader<'_>,
    pawn: bool,
    atoms: &[Atom],
    zone_start: usize,
    diags: &mut Vec<Diagnostic>,
) -> Option<CaptureMode> {
    let e = pr.take("capture")?;
    let names: Vec<String> = CaptureMode::ALL
        .iter()
        .map(|m| format!("`{}`", m.name()))
        .collect();
    let names: Vec<&str> = names.iter().map(String::as_str).collect();
    let mode = match &e.value.node {
        Value::Ident(w) => CaptureMode::named(w),
        _ => None,
    };
    let Some(mode) = mode else {
        type_error(e, &join_or(&names), diags);
        return None;
    };
    let plain = |a: &Atom| {
        matches!(a.style, Style::Leap | Style::Ride)
            && a.can_move
            && !a.can_capture
            && !a.lame
            && !a.skip_first
            && !a.initial
            && !a.attack_only
    };
    if pawn {
        diags.push(
            Diagnostic::error(e.key.span, "a pawn kind cannot have a capture mode")
                .with_help("drop `capture`, or `pawn = true`"),
        );
        return None;
    }
    if let Some(a) = atoms.iter().find(|a| !plain(a)) {
        diags.push(
            Diagnostic::error(
                a.span,
                format!(
                    "a piece that captures by {} moves only by quiet leaps and rides",
                    mode.words()
                ),
            )
            .with_note(
                "its captures come from its mode, so every move of it ends on an empty square",
            )
            .with_help("write its movement with `m` atoms only, such as `betza = \"mQ\"`"),
        );
        return None;
    }
    let unit = |a: &Atom| {
        a.dirs
            .iter()
            .all(|&(dx, dy)| dx.abs() <= 1 && dy.abs() <= 1)
    };
    if let Some(a) = atoms.iter().find(|a| mode.needs_steps() && !unit(a)) {
        diags.push(
            Diagnostic::error(
                a.span,
                format!(
                    "a piece that captures by {} moves along single steps only",
                    mode.words()
                ),
            )
            .with_note("its capture turns or slings along the eight king directions")
            .with_help("build its movement from `W` and `F` atoms, such as `mR` or `mK`"),
        );
        return None;
    }
    if atoms.len() > zone_start || atoms.is_empty() {
        diags.push(
            Diagnostic::error(
                e.key.span,
                format!(
                    "a piece that captures by {} needs its moves in `betza`",
                    mode.words()
                ),
            )
            .with_help(
                "write its movement as `betza = \"mQ\"`, with no `zone_betza` or `line_betza`",
            ),
        );
        return None;
    }
    Some(mode)
}

/// The `promotes` key, refused on a pawn kind.
fn promotes(pr: &mut Reader<'_>, pawn: bool, diags: &mut Vec<Diagnostic>) -> Promotes {
    let mut promotes = Promotes::Never;
    if let Some(e) = pr.take("promotes") {
        promotes = match &e.value.node {
            Value::Ident(w) if w == "true" => Promotes::Must,
            Value::Ident(w) if w == "false" => Promotes::Never,
            Value::Ident(w) if w == "optional" => Promotes::May,
            _ => {
                type_error(e, "`true`, `false` or `optional`", diags);
                Promotes::Never
            }
        };
        if promotes != Promotes::Never && pawn {
            diags.push(
                Diagnostic::error(e.key.span, "a pawn kind promotes by the pawn rules already")
                    .with_help("`promotes` is for other kinds that promote like a pawn; drop it"),
            );
        }
    }
    promotes
}
