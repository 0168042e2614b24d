//! `mutator` sections: named patches of pieces and rules, the forms each
//! patched kind takes under each set of active mutators.

use super::*;

/// The mutators for which `has` holds.
pub(super) fn mutator_mask(
    mutators: &[crate::rules::Mutator],
    has: impl Fn(&crate::rules::Mutator) -> bool,
) -> MutatorSet {
    mutators
        .iter()
        .enumerate()
        .filter(|(_, m)| has(m))
        .map(|(i, _)| i)
        .collect()
}

/// What the `mutator` sections compile to.
pub(super) struct Mutated {
    pub(super) mutators: Vec<crate::rules::Mutator>,
    /// Push steps of `when` interactions, with the mutators they need.
    pub(super) push_patterns: Vec<(MutatorSet, Vec<(i8, i8)>)>,
    pub(super) base_of: Vec<PieceKind>,
    pub(super) forms: Vec<PieceKind>,
}

/// A piece patch of a mutator (or of an interaction of several): the
/// parts of the declared kind it replaces.
pub(super) struct PiecePatch {
    pub(super) kind: PieceKind,
    pub(super) betza: Option<(String, Vec<crate::lang::movement::Atom>)>,
    pub(super) attacks: Option<Vec<crate::lang::movement::Atom>>,
    /// Declared kinds that may capture this one.
    pub(super) captured_by: Option<Vec<PieceKind>>,
}

/// The patches that apply when every mutator of `when` is on.
pub(super) struct PatchSet {
    pub(super) when: MutatorSet,
    pub(super) patches: Vec<PiecePatch>,
}

/// Most mutators a variant may declare (the active set indexes a table of
/// forms).
pub(super) const MAX_MUTATORS: usize = 12;

/// Reads the `mutator` sections and adds, after the declared kinds, one
/// kind for each form a declared kind takes under some set of mutators:
/// mutators replace movement by switching a piece to its form, so move
/// generation and attacks need nothing new.
pub(super) fn compile_mutators(
    pieces: &mut Vec<PieceDef>,
    by_name: &IndexMap<String, PieceKind>,
    sections: &[&Section],
    height: u8,
    diags: &mut Vec<Diagnostic>,
) -> Mutated {
    let base_kinds = pieces.len();
    let mut mutators = declare(sections, diags);
    let mut sets: Vec<PatchSet> = Vec::new();
    let mut when_pushes: Vec<(MutatorSet, Vec<(i8, i8)>)> = Vec::new();
    for (i, s) in sections.iter().take(mutators.len()).enumerate() {
        let mut mr = Reader::new(&s.body, Scope::Mutator);
        read_flags(&mut mr, &mut mutators[i], height, diags);
        blast_keys(&mut mr, &mut mutators[i], by_name, diags);
        let mut own = Vec::new();
        for sub in &mr.sections {
            match sub.kind.node.as_str() {
                "piece" => {
                    if let Some(p) = piece_patch(sub, by_name, diags) {
                        own.push(p);
                    }
                }
                "when" => {
                    if let Some((set, push)) = when_section(sub, i, &mutators, by_name, diags) {
                        sets.push(set);
                        when_pushes.extend(push);
                    }
                }
                other => diags.push(
                    Diagnostic::error(
                        sub.kind.span,
                        format!("unexpected section `{other}` inside a mutator"),
                    )
                    .with_note("a mutator holds `piece` patches and `when` interactions"),
                ),
            }
        }
        mr.sections.clear();
        mr.finish(diags);
        sets.push(PatchSet {
            when: MutatorSet::of(i),
            patches: own,
        });
    }
    // Single mutators first, then interactions, each in file order: a
    // later patch overrides an earlier one's parts.
    sets.sort_by_key(|p| p.when.len());
    let mut base_of: Vec<PieceKind> = (0..base_kinds).map(|k| PieceKind(k as u8)).collect();
    if mutators.is_empty() || diags.iter().any(Diagnostic::is_error) {
        return Mutated {
            mutators,
            push_patterns: Vec::new(),
            base_of,
            forms: Vec::new(),
        };
    }
    let Some(forms) = make_forms(pieces, &mut base_of, &mutators, &sets, sections, diags) else {
        return Mutated {
            mutators,
            push_patterns: Vec::new(),
            base_of,
            forms: Vec::new(),
        };
    };
    // A pushing mutator's own steps, then its interactions' (the later
    // entry wins where several apply).
    let mut push_patterns: Vec<(MutatorSet, Vec<(i8, i8)>)> = mutators
        .iter()
        .enumerate()
        .filter(|(_, m)| !m.push.is_empty())
        .map(|(i, m)| (MutatorSet::of(i), m.push.clone()))
        .collect();
    push_patterns.extend(when_pushes);
    Mutated {
        mutators,
        push_patterns,
        base_of,
        forms,
    }
}

/// The mutators the sections declare, each named once, at most
/// [`MAX_MUTATORS`].
fn declare(sections: &[&Section], diags: &mut Vec<Diagnostic>) -> Vec<crate::rules::Mutator> {
    let mut mutators: Vec<crate::rules::Mutator> = Vec::new();
    for s in sections {
        let Some(n) = &s.name else {
            diags.push(
                Diagnostic::error(s.kind.span, "a mutator needs a name")
                    .with_help("write `mutator rider { ... }`"),
            );
            continue;
        };
        if mutators.iter().any(|m| m.name == n.node) {
            diags.push(Diagnostic::error(
                n.span,
                format!("mutator `{}` is declared twice", n.node),
            ));
        }
        mutators.push(crate::rules::Mutator {
            name: n.node.clone(),
            always_on: false,
            keep_colour: false,
            explode: false,
            blast_spares: KindSet::EMPTY,
            blast_immune: KindSet::EMPTY,
            blast_at_landing: false,
            touching_royals_safe: false,
            must_capture: false,
            drops: false,
            demote: true,
            keep_captures: true,
            swaps: false,
            extra_double_step_ranks: Vec::new(),
            dice: 0,
            push: Vec::new(),
        });
    }
    if mutators.len() > MAX_MUTATORS {
        diags.push(Diagnostic::error(
            sections[MAX_MUTATORS].kind.span,
            format!("a variant may declare at most {MAX_MUTATORS} mutators"),
        ));
        mutators.truncate(MAX_MUTATORS);
    }
    mutators
}

/// A mutator's own keys.
fn read_flags(
    mr: &mut Reader<'_>,
    m: &mut crate::rules::Mutator,
    height: u8,
    diags: &mut Vec<Diagnostic>,
) {
    if let Some(e) = mr.take("always_on") {
        m.always_on = get_bool(e, diags).unwrap_or(false);
    }
    if let Some(e) = mr.take("keep_colour") {
        m.keep_colour = get_bool(e, diags).unwrap_or(false);
    }
    if let Some(e) = mr.take("explode") {
        m.explode = get_bool(e, diags).unwrap_or(false);
    }
    if let Some(e) = mr.take("must_capture") {
        m.must_capture = get_bool(e, diags).unwrap_or(false);
    }
    if let Some(e) = mr.take("drops") {
        m.drops = get_bool(e, diags).unwrap_or(false);
    }
    if let Some(e) = mr.take("demote") {
        m.demote = get_bool(e, diags).unwrap_or(true);
        if !m.drops {
            diags.push(
                Diagnostic::error(
                    e.key.span,
                    format!(
                        "`demote` in mutator `{}`, which does not feed hands with captures",
                        m.name
                    ),
                )
                .with_help("`demote` says what a captured promoted piece enters the hand as; add `drops = true`"),
            );
        }
    }
    if let Some(e) = mr.take("keep_captures") {
        m.keep_captures = get_bool(e, diags).unwrap_or(true);
        if !m.drops {
            diags.push(
                Diagnostic::error(
                    e.key.span,
                    format!("`keep_captures` in mutator `{}`, which has no drops", m.name),
                )
                .with_help("`keep_captures` says whether captures feed the hands drops come from; add `drops = true`"),
            );
        }
    }
    if let Some(e) = mr.take("dice") {
        m.dice = get_int(e, 2, 64, diags).unwrap_or(0) as u8;
    }
    if let Some(e) = mr.take("swaps") {
        m.swaps = get_bool(e, diags).unwrap_or(false);
    }
    if let Some(e) = mr.take("extra_double_step_ranks") {
        m.extra_double_step_ranks = rank_list(e, height, diags);
    }
    if let Some(e) = mr.take("push_enemy_pawn") {
        m.push = push_steps(e, diags);
    }
}

/// A mutator's keys that shape its blasts (`blast_spares`,
/// `blast_immune`, `en_passant_blast`, `touching_royals_safe`), each
/// only with `explode = true`.
fn blast_keys(
    mr: &mut Reader<'_>,
    m: &mut crate::rules::Mutator,
    by_name: &IndexMap<String, PieceKind>,
    diags: &mut Vec<Diagnostic>,
) {
    let mut written = Vec::new();
    if let Some(e) = mr.take("blast_spares") {
        m.blast_spares = kind_list(by_name, e, diags).into_iter().collect();
        written.push(e);
    }
    if let Some(e) = mr.take("blast_immune") {
        m.blast_immune = kind_list(by_name, e, diags).into_iter().collect();
        written.push(e);
    }
    if let Some(e) = mr.take("en_passant_blast") {
        match &e.value.node {
            Value::Ident(w) if w == "victim" => m.blast_at_landing = false,
            Value::Ident(w) if w == "landing" => m.blast_at_landing = true,
            _ => type_error(e, "`victim` or `landing`", diags),
        }
        written.push(e);
    }
    if let Some(e) = mr.take("touching_royals_safe") {
        m.touching_royals_safe = get_bool(e, diags).unwrap_or(false);
        written.push(e);
    }
    if !m.explode {
        for e in written {
            diags.push(
                Diagnostic::error(
                    e.key.span,
                    format!(
                        "`{}` in mutator `{}`, whose captures do not explode",
                        e.key.node, m.name
                    ),
                )
                .with_help("add `explode = true`"),
            );
        }
    }
}

/// A `when OTHER { ... }` interaction inside mutator `i`: its piece
/// patches, and its push (with both mutators) if it changes
/// the push.
#[allow(clippy::type_complexity)]
fn when_section(
    sub: &Section,
    i: usize,
    mutators: &[crate::rules::Mutator],
    by_name: &IndexMap<String, PieceKind>,
    diags: &mut Vec<Diagnostic>,
) -> Option<(PatchSet, Option<(MutatorSet, Vec<(i8, i8)>)>)> {
    let Some(other) = &sub.name else {
        diags.push(
            Diagnostic::error(sub.kind.span, "`when` needs the other mutator's name")
                .with_help("write `when rider { piece knight { betza = \"CC\" } }`"),
        );
        return None;
    };
    let Some(j) = mutators.iter().position(|m| m.name == other.node) else {
        let mut d = Diagnostic::error(other.span, format!("unknown mutator `{}`", other.node));
        if let Some(sug) = suggest(&other.node, mutators.iter().map(|m| m.name.as_str())) {
            d = d.with_help(format!("did you mean `{sug}`?"));
        }
        diags.push(d);
        return None;
    };
    if j == i {
        diags.push(Diagnostic::error(
            other.span,
            "a mutator's `when` must name another mutator",
        ));
        return None;
    }
    let mut wr = Reader::new(&sub.body, Scope::When);
    let mut push = None;
    if let Some(e) = wr.take("push_enemy_pawn") {
        if mutators[i].push.is_empty() {
            diags.push(
                Diagnostic::error(
                    e.key.span,
                    format!(
                        "`push_enemy_pawn` in `when` changes the push of `{}`, which has none",
                        mutators[i].name
                    ),
                )
                .with_help("give the mutator its own `push_enemy_pawn` first"),
            );
        } else {
            push = Some((MutatorSet::of(i) | MutatorSet::of(j), push_steps(e, diags)));
        }
    }
    let mut patches = Vec::new();
    for ps in &wr.sections {
        if ps.kind.node == "piece" {
            if let Some(p) = piece_patch(ps, by_name, diags) {
                patches.push(p);
            }
        } else {
            diags.push(Diagnostic::error(
                ps.kind.span,
                format!("unexpected section `{}` inside `when`", ps.kind.node),
            ));
        }
    }
    wr.sections.clear();
    wr.finish(diags);
    Some((
        PatchSet {
            when: MutatorSet::of(i) | MutatorSet::of(j),
            patches,
        },
        push,
    ))
}

/// Adds to `pieces` one kind for each distinct list of patches applied
/// to a declared kind under some set of active mutators, and returns the
/// form of each declared kind under each set (`None` past [`MAX_KINDS`],
/// with the diagnostic).
fn make_forms(
    pieces: &mut Vec<PieceDef>,
    base_of: &mut Vec<PieceKind>,
    mutators: &[crate::rules::Mutator],
    sets: &[PatchSet],
    sections: &[&Section],
    diags: &mut Vec<Diagnostic>,
) -> Option<Vec<PieceKind>> {
    let base_kinds = base_of.len();
    let mut forms = Vec::new();
    // Each distinct list of patches applied to a kind is one form.
    let mut form_of: IndexMap<(usize, Vec<(usize, usize)>), PieceKind> = IndexMap::new();
    let mut captured: Vec<Option<Vec<PieceKind>>> = vec![None; base_kinds];
    let relevant = relevant_mutators(sets, base_kinds);
    for active in MutatorSet::all_of_first(mutators.len()) {
        for base in 0..base_kinds {
            // The patches that apply depend only on the active mutators
            // they name: under any other set the kind takes the form it
            // has under that set's relevant part, a set already visited.
            let seen = active & relevant[base];
            if seen != active {
                forms.push(forms[seen.bits() as usize * base_kinds + base]);
                continue;
            }
            let applied: Vec<(usize, usize)> = sets
                .iter()
                .enumerate()
                .filter(|(_, set)| active.contains_all(set.when))
                .flat_map(|(si, set)| {
                    set.patches
                        .iter()
                        .enumerate()
                        .filter(|(_, p)| p.kind.index() == base)
                        .map(move |(pi, _)| (si, pi))
                })
                .collect();
            if applied.is_empty() {
                forms.push(PieceKind(base as u8));
                continue;
            }
            let key = (base, applied);
            if let Some(&k) = form_of.get(&key) {
                forms.push(k);
                continue;
            }
            if pieces.len() >= MAX_KINDS {
                diags.push(
                    Diagnostic::error(
                        sections[0].kind.span,
                        format!("the mutators give more than {MAX_KINDS} piece forms in all"),
                    )
                    .with_help("fewer mutators, or fewer kinds they change"),
                );
                return None;
            }
            let mut def = pieces[base].clone();
            let mut by: Option<Vec<PieceKind>> = None;
            let mut names = MutatorSet::EMPTY;
            for &(si, pi) in &key.1 {
                let p = &sets[si].patches[pi];
                names |= sets[si].when;
                if let Some((text, atoms)) = &p.betza {
                    def.betza = text.clone();
                    let extra: Vec<_> = def
                        .atoms
                        .iter()
                        .filter(|a| a.attack_only)
                        .cloned()
                        .collect();
                    def.atoms = atoms.clone();
                    def.atoms.extend(extra);
                }
                if let Some(atoms) = &p.attacks {
                    def.atoms.retain(|a| !a.attack_only);
                    def.atoms.extend(atoms.iter().cloned());
                }
                if p.betza.is_some() || p.attacks.is_some() {
                    // The patched movement replaces the kind's zone and
                    // line moves too: every atom applies everywhere.
                    def.zone_ranks = None;
                    def.zone_start = def.atoms.len();
                    def.line_start = def.atoms.len();
                }
                if let Some(list) = &p.captured_by {
                    by = Some(list.clone());
                }
            }
            let tags: Vec<&str> = (0..mutators.len())
                .filter(|&i| names.contains(i))
                .map(|i| mutators[i].name.as_str())
                .collect();
            def.name = format!("{} ({})", pieces[base].name, tags.join(" + "));
            def.components = Vec::new();
            let k = PieceKind(pieces.len() as u8);
            pieces.push(def);
            base_of.push(PieceKind(base as u8));
            captured.push(by);
            form_of.insert(key, k);
            forms.push(k);
        }
    }
    // Immunity names declared kinds: it covers all their forms.
    let widen = |mask: KindSet, base_of: &[PieceKind]| -> KindSet {
        (0..base_of.len())
            .filter(|&k| mask.contains(base_of[k]))
            .map(|k| PieceKind(k as u8))
            .collect()
    };
    for k in 0..pieces.len() {
        if let Some(list) = &captured[k] {
            pieces[k].captured_by = Some(list.iter().copied().collect());
        }
        if let Some(mask) = pieces[k].captured_by {
            pieces[k].captured_by = Some(widen(mask, base_of));
        }
        if let Some(mask) = pieces[k].freezes
            && mask != KindSet::ALL
        {
            pieces[k].freezes = Some(widen(mask, base_of));
        }
    }
    Some(forms)
}

/// For each declared kind, the mutators named by the patch sets that
/// patch it.
fn relevant_mutators(sets: &[PatchSet], base_kinds: usize) -> Vec<MutatorSet> {
    let mut relevant = vec![MutatorSet::EMPTY; base_kinds];
    for set in sets {
        for p in &set.patches {
            relevant[p.kind.index()] |= set.when;
        }
    }
    relevant
}

/// A push (`push_enemy_pawn = "fmW"`): single non-capturing leaps, as
/// (file, rank) steps from the pawn owner's side.
pub(super) fn push_steps(e: &Entry, diags: &mut Vec<Diagnostic>) -> Vec<(i8, i8)> {
    let Some(text) = get_str(e, diags) else {
        return Vec::new();
    };
    let atoms = match parse_movement(text, e.value.span) {
        Ok(a) => a,
        Err(mut errs) => {
            diags.append(&mut errs);
            return Vec::new();
        }
    };
    let mut steps = Vec::new();
    for a in atoms {
        let plain = a.style == Style::Leap && a.can_move && !a.can_capture && !a.initial;
        if !plain {
            diags.push(
                Diagnostic::error(a.span, "a push is a plain step onto an empty square")
                    .with_help("write a move-only leap, like `fmW` (straight forward) or `fmF` (diagonally forward)"),
            );
            continue;
        }
        for d in a.dirs {
            if !steps.contains(&d) {
                steps.push(d);
            }
        }
    }
    steps
}

/// The atoms of an `attacks` string: they attack (give check, guard) but
/// never move.
pub(super) fn attack_only(
    atoms: Vec<crate::lang::movement::Atom>,
) -> Vec<crate::lang::movement::Atom> {
    atoms
        .into_iter()
        .map(|mut a| {
            a.attack_only = true;
            a.can_move = false;
            a.can_capture = true;
            a.initial = false;
            a
        })
        .collect()
}

/// One `piece KIND { betza = ... attacks = ... captured_by = [...] }`
/// inside a mutator or a `when`.
pub(super) fn piece_patch(
    s: &Section,
    by_name: &IndexMap<String, PieceKind>,
    diags: &mut Vec<Diagnostic>,
) -> Option<PiecePatch> {
    let Some(n) = &s.name else {
        diags.push(
            Diagnostic::error(s.kind.span, "a piece patch needs the piece's name")
                .with_help("write `piece knight { betza = \"NN\" }`"),
        );
        return None;
    };
    let kind = kind_value(by_name, n, diags)?;
    let mut pr = Reader::new(&s.body, Scope::MutatorPiece);
    let movement = |key: &str, pr: &mut Reader, diags: &mut Vec<Diagnostic>| {
        let e = pr.take(key)?;
        let text = get_str(e, diags)?;
        match parse_movement(text, e.value.span) {
            Ok(a) => Some((text.to_string(), a)),
            Err(mut errs) => {
                diags.append(&mut errs);
                None
            }
        }
    };
    let betza = movement("betza", &mut pr, diags);
    let attacks = movement("attacks", &mut pr, diags).map(|(_, atoms)| attack_only(atoms));
    let captured_by = pr.take("captured_by").map(|e| kind_list(by_name, e, diags));
    reject_subsections(&pr, "a piece patch", diags);
    pr.finish(diags);
    Some(PiecePatch {
        kind,
        betza,
        attacks,
        captured_by,
    })
}
