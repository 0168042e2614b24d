//! The rules in words: what `changeling rules VARIANT` and the REPL's
//! `variant` print. Everything is read from the compiled rules, so a
//! variant file is described as the program plays it: each kind's moves
//! in plain language (from its Betza atoms), promotion, castling, morph
//! cycles, mutators and what they do, markers, hands, reserves and their
//! schedule, stacking, auras, and how the game ends.

use crate::board::{Color, MutatorSet, PieceKind};
use crate::lang::movement::{Atom, Style};
use crate::rules::{CaptureMode, MorphTarget, MorphTrigger, PieceDef, Promotes, Rules, Verdict};

/// The whole description, in sections, for a reader who knows chess.
pub fn rules_in_words(rules: &Rules) -> String {
    let g = rules.geometry();
    let mut s = format!(
        "{} ({}), on a board of {} files and {} ranks.\n",
        rules.name(),
        rules.source(),
        g.width,
        g.height
    );
    s.push_str(
        "\nPieces (White's symbol, as the board and moves write it; Black's is the lower case):\n",
    );
    if rules.black_turned() {
        s.push_str(
            "  (moves as White's; Black's are turned half a turn, so its left is White's right)\n",
        );
    }
    if !rules.drawn_lines().is_empty() {
        let lines: Vec<String> = rules
            .drawn_lines()
            .iter()
            .map(|&(a, b)| format!("{}-{}", g.name(a), g.name(b)))
            .collect();
        s.push_str(&format!(
            "  (lines drawn on the board: {})\n",
            lines.join(", ")
        ));
    }
    let short = crate::notation::abbreviations(rules);
    for (k, p) in rules
        .pieces()
        .iter()
        .enumerate()
        .take(rules.forms().base_kinds)
    {
        let kind = PieceKind(k as u8);
        let token = p.fen_token(Color::White);
        let fen = if token == short[k] {
            String::new()
        } else {
            format!(" (FEN {token})")
        };
        s.push_str(&format!(
            "  {:<6} {}{fen}: {}\n",
            short[k],
            p.name,
            piece_in_words(rules, kind)
        ));
    }
    for section in [
        pawns(rules),
        castling(rules),
        morphs(rules),
        mutators(rules),
        hands(rules),
        stacking(rules),
        ending(rules),
    ]
    .into_iter()
    .flatten()
    {
        s.push('\n');
        s.push_str(&section);
    }
    s
}

/// One kind in a sentence or two: its moves, then what else is special
/// about it (royal, pawn rules, script, auras, immunity).
pub fn piece_in_words(rules: &Rules, kind: PieceKind) -> String {
    let p = rules.piece(kind);
    let mut parts = Vec::new();
    if let Some(mode) = p.capture {
        parts.push(
            match mode {
                CaptureMode::Withdrawal => {
                    "captures by withdrawal: moving straight away from an adjacent enemy takes it"
                }
                CaptureMode::Approach => {
                    "captures by approach: stopping right before an enemy takes it"
                }
                CaptureMode::Leap => {
                    "captures by leaping: it jumps enemies along its line, each with an empty square behind, and takes them"
                }
                CaptureMode::Imitate => {
                    "captures each enemy the way that enemy captures (an imitator)"
                }
                CaptureMode::Shoot => {
                    "captures by shooting: it takes the first piece along a line without moving, from three squares on only when a friend spots the target"
                }
                CaptureMode::Swap => {
                    "swaps with the first piece along a line, of either side, or destroys an adjacent enemy and itself (`:destroy`)"
                }
                CaptureMode::Collide => {
                    "captures by collision: it slides to the first piece in the way, turns 45 degrees before it and takes the first enemy met"
                }
                CaptureMode::Sling => {
                    "captures by slinging: stepping, it throws the piece behind it over itself along the line, to land or take"
                }
                CaptureMode::Recruit => {
                    "recruits instead of moving: an adjacent enemy it could take, not royal, becomes its own"
                }
            }
            .to_string(),
        );
    } else if rules.kinds().scripted[kind.index()] {
        parts.push(format!(
            "moves as the variant's script says (`show piece {}` draws it)",
            p.name
        ));
    }
    if !p.units.is_empty() {
        let units: Vec<&str> = p
            .units
            .iter()
            .map(|&u| rules.piece(u).name.as_str())
            .collect();
        parts.push(format!(
            "two units on one square ({}), moving as either",
            units.join(" and ")
        ));
    }
    let split = p.zone_start.min(p.atoms.len());
    let moves = movement_in_words(&p.atoms[..split]);
    if !moves.is_empty() {
        parts.push(moves);
    }
    let line_start = p.line_start.clamp(split, p.atoms.len());
    if let Some(ranks) = &p.zone_ranks {
        let extra = movement_in_words(&p.atoms[split..line_start]);
        let ranks: Vec<String> = ranks.iter().map(i32::to_string).collect();
        parts.push(format!("on ranks {}: also {extra}", ranks.join(", ")));
    }
    if line_start < p.atoms.len() {
        let extra = movement_in_words(&p.atoms[line_start..]);
        parts.push(format!("along the drawn lines: also {extra}"));
    }
    if !p.cannot_hop.is_empty() {
        parts.push(format!(
            "never hopping over a {}",
            kind_names(rules, p.cannot_hop.iter(), " or ")
        ));
    }
    let mut notes = Vec::new();
    if p.royal {
        notes.push(
            match rules.royal_rule() {
                crate::rules::RoyalRule::Each => "royal: it may not be left attacked",
                crate::rules::RoyalRule::LastOne => {
                    "royal when it is its side's last royal piece: then it may not be left attacked"
                }
                crate::rules::RoyalRule::DupleCheck => {
                    "royal: its side may not leave all its royal pieces attacked at once"
                }
            }
            .to_string(),
        );
    }
    if p.pawn {
        notes.push("follows the pawn rules".to_string());
    }
    // A kind's own choices name what it becomes (shogi's `+` forms).
    let into = p.promotion_choices.as_ref().map_or(String::new(), |own| {
        format!(" to {}", kind_names(rules, own.iter().copied(), " or "))
    });
    let zone = if rules.pawns().promote_from_zone {
        "on entering, leaving or moving within the promotion zone"
    } else {
        "in the promotion zone"
    };
    match p.promotes {
        Promotes::Must => notes.push(format!("promotes{into} {zone}")),
        Promotes::May => notes.push(format!("may promote{into} {zone}")),
        Promotes::Never => {}
    }
    if p.region_ranks.is_some() || p.region_files.is_some() {
        let mut within = Vec::new();
        if let Some(ranks) = &p.region_ranks {
            let r: Vec<String> = ranks.iter().map(i32::to_string).collect();
            within.push(format!("ranks {}", r.join(", ")));
        }
        if let Some(files) = &p.region_files {
            let f: Vec<String> = files
                .iter()
                .map(|&f| crate::rules::file_char(f).to_string())
                .collect();
            within.push(format!("files {}", f.join(", ")));
        }
        notes.push(format!("keeps to {}", within.join(" and ")));
    }
    if let Some(base) = p.unpromoted {
        notes.push(format!(
            "captured, it goes to the hand as a {}",
            rules.piece(base).name
        ));
    }
    if let Some(limit) = p.promotion_limit {
        notes.push(format!(
            "promoted to only while its side has fewer than {limit}"
        ));
    }
    if let Some(limit) = p.drop_file_limit {
        notes.push(format!(
            "not dropped on a file already holding {limit} of its side's {}s",
            p.name
        ));
    }
    if !p.mate_by_drop {
        notes.push("may not give mate by a drop".to_string());
    }
    if !p.initial_in_check {
        notes.push("may not make its first-move moves while in check".to_string());
    }
    if !p.initial_lost_to.is_empty() {
        notes.push(format!(
            "loses its first-move moves once an enemy {} moves onto its rank or file",
            kind_names(rules, p.initial_lost_to.iter(), " or ")
        ));
    }
    if !p.dropped_as.is_empty() {
        notes.push(format!(
            "may be dropped as a {}",
            kind_names(rules, p.dropped_as.iter().copied(), " or ")
        ));
    }
    if let Some(kinds) = p.freezes {
        let list = kind_list(rules, kinds);
        notes.push(if list == "any piece" {
            "freezes the enemy pieces next to it".to_string()
        } else {
            format!("freezes the enemy {list} next to it")
        });
    }
    if p.protects {
        notes.push("friends next to it cannot be captured".to_string());
    }
    if let Some(by) = p.captured_by {
        notes.push(format!("only {} may capture it", kind_list(rules, by)));
    }
    if p.must_move {
        notes.push("when attacked, its side must move it (or another such piece)".to_string());
    }
    if p.value != 0 {
        notes.push(format!("worth {}", p.value));
    }
    let mut s = if parts.is_empty() {
        "does not move".to_string()
    } else {
        parts.join("; ")
    };
    if !notes.is_empty() {
        s.push_str(&format!(" ({})", notes.join("; ")));
    }
    s.push_str(&format!(" [{}]", p.betza));
    s
}

/// The names of `kinds`, joined with `separator`.
fn kind_names(
    rules: &Rules,
    kinds: impl IntoIterator<Item = PieceKind>,
    separator: &str,
) -> String {
    kinds
        .into_iter()
        .map(|k| rules.piece(k).name.as_str())
        .collect::<Vec<_>>()
        .join(separator)
}

/// The names of the declared kinds in `set`, or "any piece".
fn kind_list(rules: &Rules, set: crate::board::KindSet) -> String {
    let names: Vec<&str> = (0..rules.forms().base_kinds)
        .map(|k| PieceKind(k as u8))
        .filter(|&k| set.contains(k))
        .map(|k| rules.piece(k).name.as_str())
        .collect();
    if names.len() == rules.forms().base_kinds {
        "any piece".to_string()
    } else {
        names.join(", ")
    }
}

/// A piece's movement atoms in words, joined with semicolons.
pub fn movement_in_words(atoms: &[Atom]) -> String {
    atoms
        .iter()
        .map(atom_in_words)
        .collect::<Vec<_>>()
        .join("; ")
}

/// A locust atom in words: where its first leg goes, how many enemies it
/// takes on the way, and on how many paths.
fn locust_words(atom: &Atom) -> String {
    let most = atom.takes.iter().map(Vec::len).max().unwrap_or(0);
    let first = atom
        .programs
        .first()
        .and_then(|p| p.first())
        .map(|&(dx, dy, _)| {
            let (a, b) = (dx.abs().min(dy.abs()), dx.abs().max(dy.abs()));
            leap_name(a, b).map_or_else(|| format!("a ({a}, {b}) leap"), str::to_string)
        })
        .unwrap_or_default();
    let taken = if most == 1 {
        "the enemy it ends on".to_string()
    } else {
        format!("the enemy it ends on (up to {most} in one move)")
    };
    let last = match (atom.can_move, atom.can_capture) {
        (true, false) => "an empty square",
        (false, true) => "an enemy, which it takes too",
        _ => "an empty square or an enemy, which it takes too",
    };
    format!(
        "in legs, the first {first}: each leg before the last takes {taken}, the last ends on {last} ({} paths)",
        atom.programs.len()
    )
}

/// The usual name of a leap of `(a, b)` squares (`a <= b`).
fn leap_name(a: i8, b: i8) -> Option<&'static str> {
    Some(match (a, b) {
        (0, 1) => "one square orthogonally",
        (1, 1) => "one square diagonally",
        (1, 2) => "a knight's leap",
        (0, 2) => "two squares orthogonally",
        (2, 2) => "two squares diagonally",
        (0, 3) => "three squares orthogonally",
        (1, 3) => "a camel's leap (1, 3)",
        (2, 3) => "a zebra's leap (2, 3)",
        (3, 3) => "three squares diagonally",
        (1, 4) => "a giraffe's leap (1, 4)",
        _ => return None,
    })
}

/// The line a rider follows, by its step.
fn line_name(a: i8, b: i8) -> String {
    match (a, b) {
        (0, 1) => "orthogonally".to_string(),
        (1, 1) => "diagonally".to_string(),
        (1, 2) => "along knight's leaps".to_string(),
        _ => format!("in steps of ({a}, {b})"),
    }
}

/// Which way the directions of an atom point, when not every way.
fn directions(dirs: &[(i8, i8)]) -> Option<String> {
    let forward = dirs.iter().all(|&(_, dy)| dy > 0);
    let backward = dirs.iter().all(|&(_, dy)| dy < 0);
    let sideways = dirs.iter().all(|&(_, dy)| dy == 0);
    let vertical = dirs.iter().all(|&(dx, _)| dx == 0);
    let not_back = dirs.iter().all(|&(_, dy)| dy >= 0);
    let not_forward = dirs.iter().all(|&(_, dy)| dy <= 0);
    let side = if dirs.iter().all(|&(dx, _)| dx < 0) {
        Some("to the left")
    } else if dirs.iter().all(|&(dx, _)| dx > 0) {
        Some("to the right")
    } else {
        None
    };
    let way = if forward && vertical {
        "straight forward"
    } else if backward && vertical {
        "straight backward"
    } else if forward {
        "forward"
    } else if backward {
        "backward"
    } else if sideways {
        return Some(side.unwrap_or("sideways").to_string());
    } else if vertical {
        "forward or backward"
    } else if not_back {
        "forward or sideways"
    } else if not_forward {
        "backward or sideways"
    } else {
        return side.map(str::to_string);
    };
    Some(match side {
        Some(side) => format!("{way} {side}"),
        None => way.to_string(),
    })
}

/// How many directions a shape has on an open board.
fn full_count(a: i8, b: i8) -> usize {
    if a == 0 || a == b { 4 } else { 8 }
}

/// One atom in words.
fn atom_in_words(atom: &Atom) -> String {
    let mut shape: Vec<(i8, i8)> = atom
        .dirs
        .iter()
        .map(|&(dx, dy)| {
            let (a, b) = (dx.abs(), dy.abs());
            (a.min(b), a.max(b))
        })
        .collect();
    shape.sort_unstable();
    shape.dedup();
    let partial = shape.len() == 1 && atom.dirs.len() < full_count(shape[0].0, shape[0].1);
    let way = if partial {
        directions(&atom.dirs).map(|w| format!(" {w}"))
    } else {
        None
    }
    .unwrap_or_default();
    let shapes = |name: &dyn Fn(i8, i8) -> String| -> String {
        shape
            .iter()
            .map(|&(a, b)| name(a, b))
            .collect::<Vec<_>>()
            .join(" or ")
    };
    let range = match atom.range {
        0 => "any distance".to_string(),
        1 => "one step".to_string(),
        n => format!("up to {n} steps"),
    };
    let mut s = match atom.style {
        Style::Leap => {
            let what = shapes(&|a, b| {
                leap_name(a, b).map_or_else(|| format!("a ({a}, {b}) leap"), str::to_string)
            });
            // A straight leap of more than one square passes squares
            // between: over them, or (lame) only through empty ones.
            let straight = shape.iter().all(|&(a, b)| b > 1 && (a == 0 || a == b));
            let between = match (straight, atom.lame) {
                (true, true) => ", through empty squares only",
                (true, false) => ", jumping",
                (false, true) => ", not over an occupied square",
                (false, false) => "",
            };
            format!("{what}{way}{between}")
        }
        Style::Ride => {
            let skip = if atom.skip_first {
                ", skipping the first square"
            } else {
                ""
            };
            format!(
                "slides {}{way}, {range}{skip}",
                shapes(&|a, b| line_name(a, b))
            )
        }
        Style::Hop => format!(
            "along lines {}{way} over exactly one piece to a square beyond it",
            shapes(&|a, b| line_name(a, b))
        ),
        Style::Grasshopper => format!(
            "along lines {}{way} to the square just beyond the first piece met",
            shapes(&|a, b| line_name(a, b))
        ),
        Style::Path => format!("along bent or crooked paths ({} ways)", atom.programs.len()),
        Style::Locust => locust_words(atom),
    };
    let mode = match (atom.can_move, atom.can_capture) {
        _ if atom.style == Style::Locust => "",
        (true, false) => " to an empty square only",
        (false, true) => " to capture only",
        _ => "",
    };
    s.push_str(mode);
    if atom.initial {
        s.push_str(", on its first move only");
    }
    if atom.attack_only {
        s = format!("attacks (but never moves) {s}");
    }
    s
}

/// Promotion, double steps and en passant.
fn pawns(rules: &Rules) -> Option<String> {
    if !rules.pieces().iter().any(|p| p.pawn) {
        return None;
    }
    let p = &rules.pawns();
    let mut s = String::from("Pawns:\n");
    let images = if rules.black_turned() {
        "White; Black's the turned images"
    } else {
        "White; Black's the mirror images"
    };
    if !p.promotion_ranks.is_empty() {
        let names = |color: Color| -> String {
            let choices: Vec<&str> = p.promotion_choices[color]
                .iter()
                .map(|&k| rules.piece(k).name.as_str())
                .collect();
            if choices.is_empty() {
                "nothing".to_string()
            } else {
                choices.join(", ")
            }
        };
        let ranks: Vec<String> = p.promotion_ranks.iter().map(i32::to_string).collect();
        let (white, black) = (names(Color::White), names(Color::Black));
        let to = if white == black {
            white
        } else {
            format!("{white} (White), {black} (Black)")
        };
        match &p.promotion_squares {
            Some(squares) => {
                let g = rules.geometry();
                let names: Vec<String> = squares.iter().map(|&sq| g.name(sq)).collect();
                if p.in_place {
                    s.push_str(&format!(
                        "  a pawn standing on {} ({images}) may, as its turn, become {to} there \
                         or on an empty square the new piece could move to\n",
                        names.join(", "),
                    ));
                } else {
                    s.push_str(&format!(
                        "  a pawn reaching {} ({images}) promotes to {to}\n",
                        names.join(", "),
                    ));
                }
            }
            None if p.in_place => s.push_str(&format!(
                "  a pawn standing on its rank {} may, as its turn, become {to} there \
                 or on an empty square the new piece could move to\n",
                ranks.join(" or "),
            )),
            None => s.push_str(&format!(
                "  a pawn reaching its rank {} promotes to {to}\n",
                ranks.join(" or "),
            )),
        }
        if p.in_place_quiet {
            s.push_str(
                "  such a promotion may not give check, nor the new piece attack an enemy piece\n",
            );
        }
        if p.last_pawn_anywhere {
            s.push_str("  a side's only pawn may promote so from any square\n");
        }
        for def in rules.pieces().iter().filter(|d| d.pawn) {
            if let Some(own) = &def.promotion_choices {
                let names: Vec<&str> = own.iter().map(|&k| rules.piece(k).name.as_str()).collect();
                let list = if names.is_empty() {
                    "nothing".to_string()
                } else {
                    names.join(", ")
                };
                s.push_str(&format!("  a {} promotes to {list} instead\n", def.name));
            }
        }
    }
    if !p.double_step_ranks.is_empty() || !p.double_step_squares.is_empty() {
        let ranks: Vec<String> = p.double_step_ranks.iter().map(i32::to_string).collect();
        let squares: Vec<String> = p
            .double_step_squares
            .iter()
            .map(|&sq| rules.geometry().name(sq))
            .collect();
        let from = match (ranks.is_empty(), squares.is_empty()) {
            (false, true) => format!("its rank {}", ranks.join(" or ")),
            (true, false) => format!("{} ({images})", squares.join(", ")),
            _ => format!(
                "its rank {} and from {} ({images})",
                ranks.join(" or "),
                squares.join(", ")
            ),
        };
        s.push_str(&format!(
            "  from {from} a pawn may make its initial moves\n"
        ));
    }
    if p.en_passant {
        s.push_str("  a pawn that passes an enemy pawn's capture square may be taken en passant\n");
    }
    Some(s)
}

/// Castling, when the variant has it.
fn castling(rules: &Rules) -> Option<String> {
    let g = rules.geometry();
    let white = &rules.castling()[Color::White];
    if white.is_empty() {
        return None;
    }
    let mut s = String::from("Castling (White's; Black's mirrors it):\n");
    let name = |k: Option<crate::PieceKind>, article: &str, or: &str| {
        k.map_or_else(
            || or.to_string(),
            |k| format!("{article} {}", rules.piece(k).name),
        )
    };
    let mut free_done: Vec<&str> = Vec::new();
    for c in white {
        let castler = name(c.king_piece, "the", "the royal");
        let partner = name(c.partner_piece, "a", "the partner");
        let safety = if c.safe.is_empty() {
            "even through attacked squares"
        } else {
            "the royal not passing an attacked square"
        };
        if c.free {
            // One line for all the pairs of squares the section stands for.
            if free_done.contains(&c.name.as_str()) {
                continue;
            }
            free_done.push(&c.name);
            let towards = if c.king_side { "higher" } else { "lower" };
            s.push_str(&format!(
                "  {}: {castler} from any square of its rank to {}, and {partner} from any square beyond it on the {towards} files to {}, the squares they cross empty, {safety}\n",
                c.name,
                g.name(c.king_to),
                g.name(c.partner_to)
            ));
            continue;
        }
        s.push_str(&format!(
            "  {}: {castler} {}-{} and {partner} {}-{}, the squares between empty, {safety}\n",
            c.name,
            g.name(c.king_from),
            g.name(c.king_to),
            g.name(c.partner_from),
            g.name(c.partner_to)
        ));
    }
    Some(s)
}

/// The morph rules, each with its cycles written out (`pawn > berolina >
/// ... > pawn`).
fn morphs(rules: &Rules) -> Option<String> {
    if rules.morphs().is_empty() {
        return None;
    }
    let mut s = String::from("Morphs (a piece changes kind after its move):\n");
    for m in rules.morphs() {
        let when = match m.trigger {
            MorphTrigger::Acted => "after every move",
            MorphTrigger::Quiet => "after a move that captures nothing",
            MorphTrigger::Capture => "after a capture",
        };
        let attacked = if m.condition.is_some() {
            ", if it stood attacked before the move"
        } else {
            ""
        };
        let optional = if m.optional {
            " (the player may decline)"
        } else {
            ""
        };
        s.push_str(&format!("  {}: {when}{attacked}{optional}:\n", m.name));
        match &m.target {
            MorphTarget::ComponentUsed => {
                let kinds: Vec<&str> = m
                    .kinds
                    .iter()
                    .map(|&k| rules.piece(k).name.as_str())
                    .collect();
                s.push_str(&format!(
                    "    {} become the component they moved as\n",
                    kinds.join(", ")
                ));
            }
            MorphTarget::Listed(to) => {
                for chain in chains(&m.kinds, to) {
                    let names: Vec<&str> = chain
                        .iter()
                        .map(|&k| rules.piece(k).name.as_str())
                        .collect();
                    s.push_str(&format!("    {}\n", names.join(" > ")));
                }
            }
        }
    }
    Some(s)
}

/// The kinds of a morph rule as chains: each cycle once (ending where it
/// began), then each path into a cycle or to a kind that does not morph.
fn chains(kinds: &[PieceKind], to: &[Option<PieceKind>]) -> Vec<Vec<PieceKind>> {
    let next = |k: PieceKind| to.get(k.index()).copied().flatten();
    let mut told: Vec<PieceKind> = Vec::new();
    let mut out = Vec::new();
    // Heads first: kinds nothing morphs into start a chain.
    let mut starts: Vec<PieceKind> = kinds
        .iter()
        .copied()
        .filter(|&k| !kinds.iter().any(|&j| next(j) == Some(k)))
        .collect();
    let rest: Vec<PieceKind> = kinds
        .iter()
        .copied()
        .filter(|k| !starts.contains(k))
        .collect();
    starts.extend(rest);
    for start in starts {
        if told.contains(&start) {
            continue;
        }
        let mut chain = vec![start];
        told.push(start);
        let mut at = start;
        while let Some(n) = next(at) {
            chain.push(n);
            if told.contains(&n) || !kinds.contains(&n) {
                break;
            }
            told.push(n);
            at = n;
        }
        out.push(chain);
    }
    out
}

/// Each mutator with what it does, and the markers that switch them.
fn mutators(rules: &Rules) -> Option<String> {
    if rules.mutators().is_empty() {
        return None;
    }
    let mut s =
        String::from("Mutators (changes of the rules, on while their marker is face up):\n");
    for (i, m) in rules.mutators().iter().enumerate() {
        let mut does = Vec::new();
        if m.explode {
            does.push("a capture also removes the capturer and every piece next to the victim's square (a royal's capture does not explode)".to_string());
        }
        if m.must_capture {
            does.push("a side that can capture must".to_string());
        }
        if m.drops {
            does.push(
                "captured pieces go to the capturer's hand and may be dropped on empty squares"
                    .to_string(),
            );
        }
        if m.keep_colour {
            does.push("every move ends on a square of the colour it starts on".to_string());
        }
        if m.swaps {
            does.push(
                "instead of moving, a player may swap two own pieces when one covers the other"
                    .to_string(),
            );
        }
        if m.dice > 0 {
            does.push(format!(
                "a die of {} faces is rolled before each turn; the player must act from the file or rank rolled if able",
                m.dice
            ));
        }
        if !m.push.is_empty() {
            does.push("after the move, the mover pushes one enemy pawn a step".to_string());
        }
        if !m.extra_double_step_ranks.is_empty() {
            let ranks: Vec<String> = m
                .extra_double_step_ranks
                .iter()
                .map(i32::to_string)
                .collect();
            does.push(format!(
                "pawns may also make their initial moves from rank {}",
                ranks.join(" or ")
            ));
        }
        let alone = MutatorSet::from_bits(1 << i);
        for k in 0..rules.forms().base_kinds {
            let base = PieceKind(k as u8);
            let form = rules.forms().form(base, alone);
            if form != base {
                let (was, def): (&PieceDef, &PieceDef) = (rules.piece(base), rules.piece(form));
                if def.betza != was.betza {
                    does.push(format!(
                        "a {} moves: {}",
                        was.name,
                        movement_in_words(&def.atoms)
                    ));
                }
                if def.captured_by != was.captured_by {
                    does.push(format!(
                        "a {} may be captured only by {}",
                        was.name,
                        kind_list(rules, def.captured_by.unwrap_or(crate::board::KindSet::ALL))
                    ));
                }
            }
        }
        if does.is_empty() {
            does.push("nothing the compiled rules show (a scripted rule)".to_string());
        }
        let on = if m.always_on { " (always on)" } else { "" };
        s.push_str(&format!("  {}{on}: {}\n", m.name, does.join("; ")));
    }
    if let Some(markers) = &rules.markers() {
        let g = rules.geometry();
        let squares: Vec<String> = markers.squares.iter().map(|&q| g.name(q)).collect();
        s.push_str(&format!(
            "  {} markers are placed before play, {} first, on {}; a marker flips when a piece other than a pawn leaves its square, and the faces up at the end of a turn rule the next\n",
            markers.count,
            markers.first.name(),
            squares.join(" ")
        ));
    }
    Some(s)
}

/// Where White's drops go, in words: any empty square, or one of the
/// ranks the zone fills (each side's own count), or of its squares.
fn drop_squares(rules: &Rules, zone: &crate::board::SquareSet) -> String {
    let g = rules.geometry();
    let open: Vec<crate::board::Square> = g
        .squares()
        .filter(|&q| !rules.walls().contains(q))
        .collect();
    if open.iter().all(|&q| zone.contains(q)) {
        return "any empty square".to_string();
    }
    let ranks: Vec<i32> = (0..g.height as i32)
        .filter(|&r| {
            g.squares()
                .filter(|&q| g.rank(q) == r)
                .any(|q| zone.contains(q))
        })
        .collect();
    if open
        .iter()
        .filter(|&&q| ranks.contains(&g.rank(q)))
        .all(|&q| zone.contains(q))
    {
        let mut names: Vec<String> = ranks.iter().map(|r| (r + 1).to_string()).collect();
        match names.pop() {
            Some(last) if !names.is_empty() => {
                format!(
                    "an empty square of its ranks {} or {last}",
                    names.join(", ")
                )
            }
            last => format!("an empty square of its rank {}", last.unwrap_or_default()),
        }
    } else {
        let names: Vec<String> = zone.iter().map(|q| g.name(q)).collect();
        format!(
            "on {} (White's; Black's the mirror images)",
            names.join(", ")
        )
    }
}

/// Hands, pockets, reserves and their drops.
fn hands(rules: &Rules) -> Option<String> {
    let mut s = String::new();
    if let Some(p) = &rules.pocket() {
        s.push_str(&format!(
            "  instead of moving, a player may take one of their own pieces into a pocket holding {}{}; a later turn drops it on an empty square\n",
            p.capacity,
            if p.mutate {
                ", changing it into any piece of its value class (of the next class up from the far rank)"
            } else {
                ""
            }
        ));
    }
    if let Some(d) = &rules.drops() {
        if d.from_reserve {
            s.push_str("  each side has a reserve board whose pieces are dropped in their order, after the turn's move\n");
            if let Some(w) = d.schedule {
                s.push_str(&format!(
                    "  the reserve's first piece may be dropped from Black's own turn {} (White's {}), each next one {} turns later, each for {} turns{}\n",
                    w.first,
                    w.first + w.white_delay,
                    w.every,
                    w.length,
                    if d.mandatory {
                        "; a piece still in the reserve at the end of its window must be dropped"
                    } else {
                        ""
                    }
                ));
            }
        } else if d.gating {
            s.push_str("  a piece held in hand enters only by gating: when a piece of the drop ranks makes its first move, a held piece may be put on the square it left, in the same turn (after castling, on the king's square or the partner's)\n");
        } else {
            s.push_str(&format!(
                "  a piece held in hand may be dropped on {} as a turn\n",
                drop_squares(rules, &d.zone[Color::White])
            ));
            if d.pawn_zone[Color::White] != d.zone[Color::White]
                && rules.pieces().iter().any(|p| p.pawn)
            {
                s.push_str(&format!(
                    "  a pawn may be dropped only on {}\n",
                    drop_squares(rules, &d.pawn_zone[Color::White])
                ));
            }
            for def in rules.pieces().iter().take(rules.forms().base_kinds) {
                if let Some(ranks) = &def.drop_ranks {
                    let ranks: Vec<String> = ranks.iter().map(i32::to_string).collect();
                    s.push_str(&format!(
                        "  a {} may be dropped only on its rank {}\n",
                        def.name,
                        ranks.join(" or ")
                    ));
                }
            }
            if d.mandatory && d.mandatory_kinds.is_empty() {
                s.push_str("  while the hand holds a piece, a turn must drop one if it can\n");
            } else if d.mandatory {
                s.push_str(&format!(
                    "  while the hand holds a {0}, nothing else is dropped and a turn must drop a {0} if it can\n",
                    kind_names(rules, d.mandatory_kinds.iter().copied(), " or ")
                ));
            }
            if !d.opposite_colours.is_empty() {
                s.push_str(&format!(
                    "  each side's {}s must end half on light and half on dark squares\n",
                    kind_names(rules, d.opposite_colours.iter().copied(), ", ")
                ));
            }
            if !d.castling_drops.is_empty() {
                s.push_str(&format!(
                    "  a {} dropped on its castling square counts as unmoved, so the pair may castle\n",
                    kind_names(rules, d.castling_drops.iter().copied(), " or ")
                ));
            }
        }
    }
    (!s.is_empty()).then(|| format!("Hands and drops:\n{s}"))
}

/// Shared squares.
fn stacking(rules: &Rules) -> Option<String> {
    if rules.capacity() < 2 {
        return None;
    }
    let mut s =
        String::from("Stacking:\n  two friendly pieces other than pawns may share a square\n");
    if let Some(st) = rules.stacking() {
        if st.pass_friends {
            s.push_str("  a lone piece may pass through a square holding one friendly piece\n");
        }
        if st.pairs {
            s.push_str("  two pieces on one square may move together, by either one's moves, over empty squares only\n");
        }
    }
    Some(s)
}

/// The goals of the `ending` and the ban on checks, a line each.
fn goals(rules: &Rules, s: &mut String) {
    let e = &rules.ending();
    let verdict = |v: Verdict| match v {
        Verdict::Loss => "loses",
        Verdict::Win => "wins",
        Verdict::Draw => "draws",
    };
    let names =
        |kinds: &mut dyn Iterator<Item = crate::board::PieceKind>| kind_names(rules, kinds, " or ");
    if rules.no_checks() {
        s.push_str("  no move may give check\n");
    }
    if e.check_limit > 0 {
        s.push_str(&format!(
            "  a side that gives check {} times wins\n",
            e.check_limit
        ));
    }
    if let Some(f) = &e.flag {
        let name_all = |set: &crate::board::SquareSet| -> Vec<String> {
            set.iter().map(|q| rules.geometry().name(q)).collect()
        };
        let squares = if f.squares[Color::White] == f.squares[Color::Black] {
            name_all(&f.squares[Color::White]).join(", ")
        } else {
            format!(
                "{} (White), {} (Black)",
                name_all(&f.squares[Color::White]).join(", "),
                name_all(&f.squares[Color::Black]).join(", ")
            )
        };
        let how = match f.reply {
            crate::rules::FlagReply::Safe => "wins once no enemy piece attacks it there",
            crate::rules::FlagReply::None => "wins at once",
            crate::rules::FlagReply::Hold => "wins if it is still there at its side's next turn",
            crate::rules::FlagReply::Equalise => {
                "wins, unless White got there and Black can follow at once, which draws"
            }
        };
        s.push_str(&format!(
            "  a {} reaching {} {how}\n",
            names(&mut f.kinds.iter()),
            squares
        ));
    }
    if let Some(x) = &e.extinction {
        let kinds = names(&mut x.kinds.iter().copied());
        let what = if x.at_most == 0 {
            format!("no {kinds}")
        } else {
            format!("at most {} pieces of kind {kinds}", x.at_most)
        };
        let until = if x.opponent_at_least > 0 {
            format!(
                ", once the other side holds {} of them,",
                x.opponent_at_least
            )
        } else {
            String::new()
        };
        s.push_str(&format!(
            "  a side with {what} left{until} {}\n",
            verdict(x.verdict)
        ));
    }
    if let Some(v) = e.bare {
        s.push_str(&format!(
            "  a side with nothing but its royal pieces {}\n",
            verdict(v)
        ));
    }
}

/// How a game ends.
fn ending(rules: &Rules) -> Option<String> {
    let e = &rules.ending();
    let verdict = |v: Verdict| match v {
        Verdict::Loss => "loses",
        Verdict::Win => "wins",
        Verdict::Draw => "draws",
    };
    let mut s = String::from("The end:\n");
    if rules.pieces().iter().any(|p| p.royal) {
        s.push_str(&format!(
            "  a side whose royal is attacked and that has no legal move {}\n",
            verdict(e.checkmate)
        ));
        s.push_str("  a side that has lost its royal loses\n");
        if rules.no_facing() {
            s.push_str("  the royals may not face each other on an open file\n");
        }
        if rules.standoff() {
            s.push_str(
                "  royals facing each other on an open file must be parted at once, unless the side to move passes, which draws\n",
            );
        }
        if rules.no_stranding() {
            s.push_str("  no piece may move or be dropped where it could never move again\n");
        }
        s.push_str(&format!(
            "  a side not in check with no legal move {}\n",
            verdict(e.stalemate)
        ));
    } else {
        s.push_str(&format!(
            "  a side with no legal move {}\n",
            verdict(e.stalemate)
        ));
    }
    if rules.passing() {
        s.push_str("  a side not in check may pass its turn; two passes in a row draw\n");
    }
    goals(rules, &mut s);
    if e.repetition > 0 {
        s.push_str(&format!(
            "  the same position {} times is a draw\n",
            e.repetition
        ));
    }
    if e.fifty_move > 0 {
        s.push_str(&format!(
            "  {} moves each without a capture{} are a draw\n",
            e.fifty_move,
            if e.fifty_pawn_resets {
                " or a pawn move"
            } else {
                ""
            }
        ));
    }
    if !e.insufficient_material.is_empty() {
        s.push_str("  a board on which neither side can mate is a draw\n");
    }
    if rules.script().is_some() {
        s.push_str("  the variant's script may add rules of its own\n");
    }
    Some(s)
}
