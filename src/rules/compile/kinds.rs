//! Keys of one piece that name other kinds, resolved once every kind is
//! known.

use super::*;

/// For each atom of `pieces[i]`, the one kind of `kinds` that has the same
/// movement component; every atom must belong to exactly one.
pub(super) fn components_of_atoms(
    pieces: &[PieceDef],
    i: usize,
    kinds: &[PieceKind],
    e: &Entry,
    diags: &mut Vec<Diagnostic>,
) -> Vec<Option<PieceKind>> {
    // Compared without where they are written and with directions as sets.
    let shape = |a: &crate::lang::movement::Atom| {
        let mut a = a.clone();
        a.span = Span::default();
        a.dirs.sort_unstable();
        a
    };
    let piece = &pieces[i];
    piece
        .atoms
        .iter()
        .enumerate()
        .map(|(n, atom)| {
            let mine = shape(atom);
            let owners: Vec<PieceKind> = kinds
                .iter()
                .copied()
                .filter(|k| pieces[k.index()].atoms.iter().any(|a| shape(a) == mine))
                .collect();
            match owners[..] {
                [one] => Some(one),
                [] => {
                    if !atom.attack_only {
                        diags.push(
                            Diagnostic::error(
                                e.value.span,
                                format!(
                                    "part {} of `{}`'s movement `{}` belongs to none of its components",
                                    n + 1,
                                    piece.name,
                                    piece.betza
                                ),
                            )
                            .with_help("each component's `betza` must contain that part as written, e.g. a queen `Q` has the parts of a rook `R` and a bishop `B`"),
                        );
                    }
                    None
                }
                _ => {
                    let names: Vec<&str> =
                        owners.iter().map(|k| pieces[k.index()].name.as_str()).collect();
                    diags.push(Diagnostic::error(
                        e.value.span,
                        format!(
                            "part {} of `{}`'s movement belongs to several components ({}), so the one used is not known",
                            n + 1,
                            piece.name,
                            names.join(", ")
                        ),
                    ));
                    None
                }
            }
        })
        .collect()
}

/// Resolves the keys of `piece` sections that name other kinds
/// (`captured_by`, `freezes`, `units`, `components`) now that every kind
/// is known; returns, per kind and atom, the component the atom belongs
/// to.
pub(super) fn resolve_kind_keys(
    kinds: &mut PieceSections<'_>,
    capacity: u8,
    resolve: &script::Resolve<'_>,
    diags: &mut Vec<Diagnostic>,
) -> Vec<Vec<Option<PieceKind>>> {
    let pieces = &mut kinds.pieces;
    let piece_spans = &kinds.piece_spans;
    for &(i, e) in &kinds.capture_limits {
        let mask = get_list(e)
            .into_iter()
            .filter_map(|v| resolve(v, diags))
            .collect();
        if pieces[i].royal {
            diags.push(
                Diagnostic::error(
                    e.key.span,
                    "`captured_by` on a royal kind is not supported yet",
                )
                .with_note("check detection does not know immunity yet"),
            );
        }
        pieces[i].captured_by = Some(mask);
    }
    for &(i, e) in &kinds.hop_lists {
        pieces[i].cannot_hop = get_list(e)
            .into_iter()
            .filter_map(|v| resolve(v, diags))
            .collect();
    }
    for &(i, e) in &kinds.imitate_lists {
        pieces[i].script_imitates = get_list(e)
            .into_iter()
            .filter_map(|v| resolve(v, diags))
            .collect();
    }
    for &(i, e) in &kinds.lost_to_lists {
        pieces[i].initial_lost_to = get_list(e)
            .into_iter()
            .filter_map(|v| resolve(v, diags))
            .collect();
    }
    for &(i, e) in &kinds.freeze_lists {
        // `freezes = true`: every enemy kind; a list names the kinds.
        let mask = match &e.value.node {
            Value::Ident(s) if s == "true" => Some(KindSet::ALL),
            Value::Ident(s) if s == "false" => None,
            _ => Some(
                get_list(e)
                    .into_iter()
                    .filter_map(|v| resolve(v, diags))
                    .collect(),
            ),
        };
        pieces[i].freezes = mask;
    }
    let mut component_of: Vec<Vec<Option<PieceKind>>> =
        pieces.iter().map(|p| vec![None; p.atoms.len()]).collect();
    for &(i, e) in &kinds.unit_lists {
        let kinds: Vec<PieceKind> = get_list(e)
            .into_iter()
            .filter_map(|v| resolve(v, diags))
            .collect();
        if capacity < 2 {
            diags.push(
                Diagnostic::error(
                    e.key.span,
                    "`units` makes a kind a stack of two units, which needs `capacity = 2`",
                )
                .with_help("add `capacity = 2` to the variant"),
            );
        } else if kinds.len() != 2 {
            diags.push(Diagnostic::error(
                e.value.span,
                format!(
                    "`units` lists {} kinds; a stack holds exactly two",
                    kinds.len()
                ),
            ));
        } else if let Some(bad) = kinds.iter().find(|k| {
            let p = &pieces[k.index()];
            p.pawn || p.royal || k.index() == i
        }) {
            diags.push(Diagnostic::error(
                e.value.span,
                format!(
                    "`{}` cannot be a unit of a stack: pawns, royals and the kind itself cannot",
                    pieces[bad.index()].name
                ),
            ));
        } else {
            pieces[i].units = kinds;
        }
    }
    for i in 0..pieces.len() {
        if let Some(k) = pieces[i]
            .units
            .iter()
            .find(|k| !pieces[k.index()].units.is_empty())
        {
            diags.push(Diagnostic::error(
                piece_spans[i],
                format!(
                    "`{}` is a stack of `{}`, which is itself a stack",
                    pieces[i].name,
                    pieces[k.index()].name
                ),
            ));
        }
    }
    for &(i, e) in &kinds.component_lists {
        let kinds: Vec<PieceKind> = get_list(e)
            .into_iter()
            .filter_map(|v| resolve(v, diags))
            .collect();
        component_of[i] = components_of_atoms(pieces, i, &kinds, e, diags);
        pieces[i].components = kinds;
    }
    for &(i, e) in &kinds.choice_lists {
        let choices: Vec<PieceKind> = get_list(e)
            .into_iter()
            .filter_map(|v| resolve(v, diags))
            .collect();
        pieces[i].promotion_choices = Some(choices);
    }
    for &(i, e) in &kinds.unpromoted_keys {
        let Some(k) = resolve(&e.value, diags) else {
            continue;
        };
        if k.index() == i {
            diags.push(Diagnostic::error(
                e.value.span,
                format!("`{}` cannot be its own unpromoted form", pieces[i].name),
            ));
        } else if pieces[k.index()].royal {
            diags.push(Diagnostic::error(
                e.value.span,
                format!(
                    "`{}` is royal: it cannot enter a hand",
                    pieces[k.index()].name
                ),
            ));
        } else {
            pieces[i].unpromoted = Some(k);
        }
    }
    for &(i, e) in &kinds.dropped_as_keys {
        for v in get_list(e) {
            let Some(k) = resolve(v, diags) else {
                continue;
            };
            if pieces[k.index()].unpromoted != Some(PieceKind(i as u8)) {
                diags.push(
                    Diagnostic::error(
                        v.span,
                        format!(
                            "`{}` is not a promoted form of `{}`",
                            pieces[k.index()].name,
                            pieces[i].name
                        ),
                    )
                    .with_help(format!(
                        "give `{}` the key `unpromoted = {}`",
                        pieces[k.index()].name,
                        pieces[i].name
                    )),
                );
            } else if !pieces[i].dropped_as.contains(&k) {
                pieces[i].dropped_as.push(k);
            }
        }
    }
    component_of
}

/// The `classes` key: value classes, lowest first. Returns each kind's
/// class number (from 1) and the kinds of each class.
pub(super) fn classes(
    entry: Option<&Entry>,
    pieces: &[PieceDef],
    resolve: &script::Resolve<'_>,
    diags: &mut Vec<Diagnostic>,
) -> (Vec<Option<u8>>, Vec<Vec<PieceKind>>) {
    let mut class_of: Vec<Option<u8>> = vec![None; pieces.len()];
    let mut classes: Vec<Vec<PieceKind>> = Vec::new();
    if let Some(e) = entry {
        for (i, v) in get_list(e).into_iter().enumerate() {
            let Value::List(items) = &v.node else {
                diags.push(
                    Diagnostic::error(
                        v.span,
                        format!("expected a list of pieces, found {}", v.node.type_name()),
                    )
                    .with_help(
                        "write `classes = [[pawn], [knight, bishop], [rook]]`, lowest class first",
                    ),
                );
                continue;
            };
            let mut class = Vec::new();
            for item in items {
                if let Some(k) = resolve(item, diags) {
                    if class_of[k.index()].is_some() {
                        diags.push(Diagnostic::error(
                            item.span,
                            format!("`{}` is in two classes", pieces[k.index()].name),
                        ));
                    }
                    class_of[k.index()] = Some(i as u8 + 1);
                    class.push(k);
                }
            }
            classes.push(class);
        }
    }
    (class_of, classes)
}

/// A kind with a capture mode makes its moves as a scripted kind does
/// (each move a list of effects, its attacks asked of it square by
/// square), by the built-in mode instead of a script: it is marked so.
/// It may not also be scripted, except that an imitator may take the
/// script's `pieces` (not `replace`) for the enemies the script knows.
pub(super) fn hook_capture_modes(
    pieces: &[PieceDef],
    spans: &[Span],
    (scripted, script_only): (&mut [bool], &mut [bool]),
    diags: &mut Vec<Diagnostic>,
) {
    for (k, p) in pieces.iter().enumerate() {
        let Some(mode) = p.capture else {
            continue;
        };
        // Listed under the script's `pieces` (not `replace`).
        let extra = scripted[k] && !script_only[k];
        if scripted[k] && !(extra && mode == CaptureMode::Imitate) {
            diags.push(
                Diagnostic::error(
                    spans[k],
                    format!(
                        "`{}` captures by {} and is scripted too",
                        p.name,
                        mode.words()
                    ),
                )
                .with_help(if mode == CaptureMode::Imitate {
                    "an imitator may be listed under the script's `pieces` (for the scripted enemies it imitates), not `replace`"
                } else {
                    "take it out of the script's `pieces` and `replace`, or drop its `capture`"
                }),
            );
        }
        let leaves_to_script = !p.script_imitates.is_empty();
        if mode == CaptureMode::Imitate && extra != leaves_to_script {
            let message = if extra {
                format!(
                    "`{}` is listed under the script's `pieces`, but its `script_imitates` names no kind",
                    p.name
                )
            } else {
                format!(
                    "`{}` leaves kinds to the script (`script_imitates`), but the script does not list it",
                    p.name
                )
            };
            diags.push(Diagnostic::error(spans[k], message).with_help(
                "list the imitator under the script's `pieces` and name the enemy kinds the script imitates in `script_imitates`, or neither",
            ));
        }
        scripted[k] = true;
        script_only[k] = true;
    }
}

/// `attacks_within` bounds a scripted kind's attacks: refused on any
/// other kind.
pub(super) fn check_within(
    within_keys: &[(usize, Span)],
    scripted: &[bool],
    pieces: &[PieceDef],
    diags: &mut Vec<Diagnostic>,
) {
    for &(k, span) in within_keys {
        if !scripted[k] {
            diags.push(
                Diagnostic::error(
                    span,
                    format!(
                        "`attacks_within` on `{}`, which is not scripted",
                        pieces[k].name
                    ),
                )
                .with_help("it bounds a scripted kind's `attacks` hook; list the kind under the script's `pieces` or `replace`"),
            );
        }
    }
}
