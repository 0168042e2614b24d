//! `morph` sections: what a piece becomes, when and on what condition.

use super::*;

/// A `morph NAME { ... }` section.
pub(super) fn compile_morph(
    s: &Section,
    pieces: &[PieceDef],
    by_name: &IndexMap<String, PieceKind>,
    diags: &mut Vec<Diagnostic>,
) -> Option<MorphRule> {
    let name = s
        .name
        .as_ref()
        .map_or_else(|| "morph".to_string(), |n| n.node.clone());
    let mut mr = Reader::new(&s.body, Scope::Morph);
    let into = mr.take("into");
    let cycle = mr.take("cycle");
    let listed = mr.take("pieces");
    let trigger = mr.take("trigger");
    let condition = mr.take("condition");
    let target = mr.take("target");
    let optional = mr
        .take("optional")
        .and_then(|e| get_bool(e, diags))
        .unwrap_or(false);
    reject_subsections(&mr, "a morph", diags);
    mr.finish(diags);
    // A bad word is reported and the rest still checked.
    let trigger =
        match trigger.and_then(|e| word(e, "trigger", &["acted", "quiet", "capture"], diags)) {
            Some(w) if w == "quiet" => MorphTrigger::Quiet,
            Some(w) if w == "capture" => MorphTrigger::Capture,
            _ => MorphTrigger::Acted,
        };
    let condition = condition
        .and_then(|e| word(e, "condition", &["attacked_before"], diags))
        .map(|_| MorphCondition::AttackedBefore);
    let target_word = target.and_then(|e| {
        word(
            e,
            "target",
            &["listed", "next_in_cycle", "component_used"],
            diags,
        )
        .map(|w| (w, e))
    });
    let span = s.name.as_ref().map_or(s.kind.span, |n| n.span);
    let mut kinds = Vec::new();
    let target = match (into, cycle, listed) {
        (Some(e), None, None) => {
            MorphTarget::Listed(into_map(e, pieces, by_name, &mut kinds, diags))
        }
        (None, Some(e), None) => {
            MorphTarget::Listed(cycle_map(e, pieces, by_name, &mut kinds, diags)?)
        }
        (None, None, Some(e)) => {
            kinds = kind_list(by_name, e, diags);
            for &k in &kinds {
                if pieces[k.index()].components.is_empty() {
                    diags.push(
                        Diagnostic::error(e.value.span, format!("`{}` declares no `components`", pieces[k.index()].name))
                            .with_help("a compound that turns into the part it moved as lists its parts: `components = [rook, bishop]`"),
                    );
                }
            }
            MorphTarget::ComponentUsed
        }
        _ => {
            diags.push(
                Diagnostic::error(span, format!("morph `{name}` needs exactly one of `into`, `cycle` or `pieces`"))
                    .with_help("`into = [knight -> queen]` maps kinds, `cycle = [a, b, c]` turns each into the next, `pieces = [queen]` with `target = component_used` turns a compound into the part it moved as"),
            );
            return None;
        }
    };
    if let Some((w, e)) = target_word {
        let fits = matches!(
            (w.as_str(), &target),
            ("component_used", MorphTarget::ComponentUsed)
        ) || (w != "component_used"
            && matches!(target, MorphTarget::Listed(_))
            && (w == "listed") == into.is_some());
        if !fits {
            diags.push(
                Diagnostic::error(
                    e.value.span,
                    format!("`target = {w}` does not fit this morph"),
                )
                .with_note(
                    "`into` is `listed`, `cycle` is `next_in_cycle`, `pieces` is `component_used`",
                ),
            );
        }
    } else if matches!(target, MorphTarget::ComponentUsed) {
        diags.push(
            Diagnostic::error(
                span,
                format!("morph `{name}` lists `pieces` but no `target`"),
            )
            .with_help("add `target = component_used`"),
        );
    }
    Some(MorphRule {
        name,
        trigger,
        condition,
        target,
        optional,
        kinds,
    })
}

/// One of a few words (`trigger = quiet`), or a diagnostic naming them.
fn word(e: &Entry, what: &str, allowed: &[&str], diags: &mut Vec<Diagnostic>) -> Option<String> {
    match &e.value.node {
        Value::Ident(w) if allowed.contains(&w.as_str()) => Some(w.clone()),
        Value::Ident(w) => {
            let mut d = Diagnostic::error(e.value.span, format!("unknown {what} `{w}`"))
                .with_note(format!("{what}s: {}", allowed.join(", ")));
            if let Some(sug) = suggest(w, allowed.iter().copied()) {
                d = d.with_help(format!("did you mean `{sug}`?"));
            }
            diags.push(d);
            None
        }
        _ => {
            type_error(e, &format!("one of {}", allowed.join(", ")), diags);
            None
        }
    }
}

/// `into = [knight -> queen, ...]`: what each listed kind becomes.
fn into_map(
    e: &Entry,
    pieces: &[PieceDef],
    by_name: &IndexMap<String, PieceKind>,
    kinds: &mut Vec<PieceKind>,
    diags: &mut Vec<Diagnostic>,
) -> Vec<Option<PieceKind>> {
    let mut map: Vec<Option<PieceKind>> = vec![None; pieces.len()];
    for v in get_list(e) {
        let Value::Arrow(a, b) = &v.node else {
            diags.push(
                Diagnostic::error(
                    v.span,
                    format!("expected `piece -> piece`, found {}", v.node.type_name()),
                )
                .with_help("write `into = [knight -> queen, rook -> marshall]`"),
            );
            continue;
        };
        if let (Some(a), Some(b)) = (kind_value(by_name, a, diags), kind_value(by_name, b, diags)) {
            if map[a.index()].is_some() {
                diags.push(Diagnostic::error(
                    v.span,
                    format!("`{}` is given twice", pieces[a.index()].name),
                ));
            }
            map[a.index()] = Some(b);
            kinds.push(a);
        }
    }
    map
}

/// `cycle = [a, b, c]`: each kind becomes the next, the last the first
/// (`None` for a cycle of fewer than two kinds).
fn cycle_map(
    e: &Entry,
    pieces: &[PieceDef],
    by_name: &IndexMap<String, PieceKind>,
    kinds: &mut Vec<PieceKind>,
    diags: &mut Vec<Diagnostic>,
) -> Option<Vec<Option<PieceKind>>> {
    let mut map: Vec<Option<PieceKind>> = vec![None; pieces.len()];
    let cycle = kind_list(by_name, e, diags);
    if cycle.len() < 2 {
        diags.push(Diagnostic::error(
            e.value.span,
            "a cycle needs at least two kinds",
        ));
        return None;
    }
    for (i, &k) in cycle.iter().enumerate() {
        if map[k.index()].is_some() {
            diags.push(Diagnostic::error(
                e.value.span,
                format!("`{}` is in the cycle twice", pieces[k.index()].name),
            ));
        }
        map[k.index()] = Some(cycle[(i + 1) % cycle.len()]);
        kinds.push(k);
    }
    Some(map)
}
