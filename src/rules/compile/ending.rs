//! The `ending` section: how a game ends (checkmate and stalemate
//! verdicts, the fifty-move rule and what restarts it, repetition, the
//! dead positions of `insufficient_material`, and the goals of other
//! games: checks to give, a region to reach, kinds to wipe out, a side
//! left bare).

use super::*;

/// Reads an `ending` section into `ending`, recording its problems.
pub(super) fn ending_section(
    s: &Section,
    ending: &mut Ending,
    by_name: &IndexMap<String, PieceKind>,
    pieces: &[PieceDef],
    geometry: Geometry,
    diags: &mut Vec<Diagnostic>,
) {
    let mut er = Reader::new(&s.body, Scope::Ending);
    if let Some(e) = er.take("checkmate") {
        ending.checkmate = verdict(e, diags).unwrap_or(Verdict::Loss);
    }
    if let Some(e) = er.take("stalemate") {
        ending.stalemate = verdict(e, diags).unwrap_or(Verdict::Draw);
    }
    if let Some(e) = er.take("fifty_move") {
        ending.fifty_move = get_int(e, 0, 10_000, diags).unwrap_or(50) as u32;
    }
    if let Some(e) = er.take("fifty_move_resets") {
        ending.fifty_pawn_resets = false;
        ending.fifty_promotion_resets = false;
        for v in get_list(e) {
            match &v.node {
                Value::Ident(w) if w == "capture" => {}
                Value::Ident(w) if w == "pawn_move" => ending.fifty_pawn_resets = true,
                Value::Ident(w) if w == "promotion" => ending.fifty_promotion_resets = true,
                _ => diags.push(
                    Diagnostic::error(v.span, "expected `capture`, `pawn_move` or `promotion`")
                        .with_note("captures always restart the count; list what else does"),
                ),
            }
        }
    }
    if let Some(e) = er.take("repetition") {
        ending.repetition = get_int(e, 0, 100, diags).unwrap_or(3) as u32;
        if ending.repetition == 1 {
            diags.push(
                Diagnostic::error(
                    e.value.span,
                    "`repetition = 1` would end every game at once",
                )
                .with_help("use 0 to turn repetition off, or 2 or more"),
            );
        }
    }
    if let Some(e) = er.take("insufficient_material") {
        ending.insufficient_material = get_list(e)
            .into_iter()
            .filter_map(|v| dead_material(v, by_name, pieces, diags))
            .collect();
    }
    goals(&mut er, ending, by_name, pieces, geometry, diags);
    reject_subsections(&er, "`ending`", diags);
    reject_name(s, diags);
    er.finish(diags);
}

/// The goals: `check_limit`, the flag keys, the extinction keys and
/// `bare`. A key that needs another (`flag_reply` without a region,
/// `extinction_count` without kinds) is an error on the key.
fn goals(
    er: &mut Reader<'_>,
    ending: &mut Ending,
    by_name: &IndexMap<String, PieceKind>,
    pieces: &[PieceDef],
    geometry: Geometry,
    diags: &mut Vec<Diagnostic>,
) {
    if let Some(e) = er.take("check_limit") {
        ending.check_limit = get_int(e, 0, 99, diags).unwrap_or(0) as u8;
        if ending.check_limit > 0 && !pieces.iter().any(|p| p.royal) {
            diags.push(
                Diagnostic::error(
                    e.key.span,
                    "`check_limit` counts checks, and this variant has no royal piece to check",
                )
                .with_help("declare a piece with `royal = true`, or remove `check_limit`"),
            );
        }
    }
    let flag_pieces = er.take("flag_pieces");
    let flag_squares = er.take("flag_squares");
    let flag_ranks = er.take("flag_ranks");
    let flag_reply = er.take("flag_reply");
    if let (Some(_), Some(r)) = (flag_squares, flag_ranks) {
        diags.push(
            Diagnostic::error(r.key.span, "both `flag_squares` and `flag_ranks`").with_help(
                "name the region once: squares for both sides, or ranks counted from each side",
            ),
        );
    }
    match (flag_pieces, flag_squares.or(flag_ranks)) {
        (Some(p), Some(q)) => {
            let mut kinds = KindSet::EMPTY;
            for k in kind_list(by_name, p, diags) {
                kinds.insert(k);
            }
            if matches!(&p.value.node, Value::List(items) if items.is_empty()) {
                diags.push(Diagnostic::error(
                    p.value.span,
                    "`flag_pieces` is empty: no piece could ever reach the flag squares",
                ));
            }
            let squares: ByColor<SquareSet> = if q.key.node == "flag_ranks" {
                let ranks = rank_list(q, geometry.height, diags);
                ByColor::new_with(|color| {
                    geometry
                        .squares()
                        .filter(|&sq| ranks.contains(&geometry.relative_rank(sq, color)))
                        .collect()
                })
            } else {
                let set: SquareSet = get_list(q)
                    .into_iter()
                    .filter_map(|v| square_value(geometry, v, diags))
                    .collect();
                ByColor::new_with(|_| set)
            };
            if squares[Color::White].is_empty() && matches!(q.value.node, Value::List(_)) {
                diags.push(Diagnostic::error(
                    q.value.span,
                    format!("`{}` is empty: no piece could ever reach it", q.key.node),
                ));
            }
            let reply = flag_reply.map_or(FlagReply::None, |e| match &e.value.node {
                Value::Ident(w) if w == "none" => FlagReply::None,
                Value::Ident(w) if w == "hold" => FlagReply::Hold,
                Value::Ident(w) if w == "equalise" => FlagReply::Equalise,
                Value::Ident(w) if w == "safe" => FlagReply::Safe,
                _ => {
                    type_error(e, "`none`, `hold`, `equalise` or `safe`", diags);
                    FlagReply::None
                }
            });
            ending.flag = Some(Flag {
                kinds,
                squares,
                reply,
            });
        }
        (Some(e), None) | (None, Some(e)) => {
            let (has, lacks) = if e.key.node == "flag_pieces" {
                ("flag_pieces", "flag_squares")
            } else {
                (e.key.node.as_str(), "flag_pieces")
            };
            diags.push(
                Diagnostic::error(e.key.span, format!("`{has}` without `{lacks}`"))
                    .with_note("a flag goal names the pieces (`flag_pieces`) and the squares they win on (`flag_squares`, or `flag_ranks`)"),
            );
        }
        (None, None) => {
            if let Some(e) = flag_reply {
                diags.push(
                    Diagnostic::error(e.key.span, "`flag_reply` without a flag goal")
                        .with_help("add `flag_pieces` and `flag_squares`, or remove `flag_reply`"),
                );
            }
        }
    }
    let count = er.take("extinction_count");
    let opponent = er.take("extinction_opponent_count");
    let extinct_verdict = er.take("extinction_verdict");
    if let Some(e) = er.take("extinction") {
        let kinds = kind_list(by_name, e, diags);
        if matches!(&e.value.node, Value::List(items) if items.is_empty()) {
            diags.push(
                Diagnostic::error(e.value.span, "`extinction` is empty: no kind could die out")
                    .with_help("list the kinds whose loss ends the game, or remove `extinction`"),
            );
        }
        ending.extinction = Some(Extinction {
            kinds,
            at_most: count.and_then(|c| get_int(c, 0, 64, diags)).unwrap_or(0) as u8,
            opponent_at_least: opponent.and_then(|c| get_int(c, 0, 64, diags)).unwrap_or(0) as u8,
            verdict: extinct_verdict
                .and_then(|v| verdict(v, diags))
                .unwrap_or(Verdict::Loss),
        });
    } else {
        for e in [count, opponent, extinct_verdict].into_iter().flatten() {
            diags.push(
                Diagnostic::error(e.key.span, format!("`{}` without `extinction`", e.key.node))
                    .with_help(
                        "list the kinds whose extinction ends the game: `extinction = [pawn]`",
                    ),
            );
        }
    }
    if let Some(e) = er.take("bare") {
        ending.bare = verdict(e, diags);
    }
}

fn verdict(e: &Entry, diags: &mut Vec<Diagnostic>) -> Option<Verdict> {
    match &e.value.node {
        Value::Ident(s) if s == "loss" => Some(Verdict::Loss),
        Value::Ident(s) if s == "win" => Some(Verdict::Win),
        Value::Ident(s) if s == "draw" => Some(Verdict::Draw),
        _ => {
            type_error(
                e,
                "`loss`, `win` or `draw` (the result for the side it happens to)",
                diags,
            );
            None
        }
    }
}

/// One `insufficient_material` pattern, `SIDE v SIDE [same_colour]`: a
/// side is `-` (its royals alone) or piece names, repeated for each
/// piece, `name*` for any number of that kind.
fn dead_material(
    v: &Spanned<Value>,
    by_name: &IndexMap<String, PieceKind>,
    pieces: &[PieceDef],
    diags: &mut Vec<Diagnostic>,
) -> Option<DeadMaterial> {
    const SHAPE: &str = "a pattern is `SIDE v SIDE`, like \"knight v -\" (a knight against nothing but royals) or \"bishop* v bishop* same_colour\"";
    let Value::Str(text) = &v.node else {
        diags.push(
            Diagnostic::error(
                v.span,
                format!(
                    "expected a material pattern in double quotes, found {}",
                    v.node.type_name()
                ),
            )
            .with_note(SHAPE),
        );
        return None;
    };
    // A word's own span where the string holds no escapes (the span is
    // the text between the quotes), else the whole string's.
    let plain = v.span.end as usize - v.span.start as usize == text.len();
    let word_span = |word: &str| -> Span {
        if !plain {
            return v.span;
        }
        let at = word.as_ptr() as usize - text.as_ptr() as usize;
        let start = v.span.start as usize + at;
        Span::new(v.span.file, start, start + word.len())
    };
    let mut out = DeadMaterial::default();
    let before = diags.len();
    let mut side = 0;
    let mut dash = [false; 2];
    let mut named = [false; 2];
    let mut v_seen = false;
    for word in text.split_whitespace() {
        if out.same_colour {
            diags.push(Diagnostic::error(
                word_span(word),
                "`same_colour` ends a pattern: nothing may follow it",
            ));
            break;
        }
        match word {
            "v" if v_seen => diags.push(
                Diagnostic::error(word_span(word), "a second `v`: a pattern has two sides")
                    .with_note(SHAPE),
            ),
            "v" => {
                v_seen = true;
                side = 1;
            }
            "same_colour" => out.same_colour = true,
            "-" => dash[side] = true,
            _ => {
                named[side] = true;
                let (name, open) = match word.strip_suffix('*') {
                    Some(n) => (n, true),
                    None => (word, false),
                };
                let Some(&kind) = by_name.get(name) else {
                    let mut d =
                        Diagnostic::error(word_span(word), format!("unknown piece `{name}`"));
                    if let Some(s) = suggest(name, by_name.keys().map(String::as_str)) {
                        d = d.with_help(format!("did you mean `{s}`?"));
                    }
                    diags.push(d);
                    continue;
                };
                if pieces[kind.index()].royal {
                    diags.push(
                        Diagnostic::error(
                            word_span(word),
                            format!(
                                "`{name}` is royal: a pattern lists the pieces beside the royals"
                            ),
                        )
                        .with_help("write a side with nothing but its royals as `-`"),
                    );
                    continue;
                }
                let m = &mut out.sides[side];
                if open {
                    if !m.open.contains(&kind) {
                        m.open.push(kind);
                    }
                } else {
                    match m.counts.iter_mut().find(|(k, _)| *k == kind) {
                        Some((_, n)) => *n = n.saturating_add(1),
                        None => m.counts.push((kind, 1)),
                    }
                }
            }
        }
    }
    if !v_seen {
        diags.push(
            Diagnostic::error(v.span, "a material pattern needs two sides joined by `v`")
                .with_note(SHAPE),
        );
    }
    for i in 0..2 {
        if v_seen && dash[i] == named[i] {
            let what = if dash[i] {
                "`-` stands for a side with nothing beside its royals: write `-` or the pieces, not both"
            } else {
                "a side is missing: write `-` for a side with nothing beside its royals"
            };
            diags.push(Diagnostic::error(v.span, what).with_note(SHAPE));
        }
    }
    (diags.len() == before).then_some(out)
}
