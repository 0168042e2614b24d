//! `explain`: what a move does, step by step. The move's own effects come
//! first; then everything the rules make of them, found by comparing the
//! position after those effects with the position after the whole turn:
//! blast victims, changes of kind (morphs, promotions from the reserve,
//! both castling pieces, the forms mutators give), hands filled or
//! emptied, reserves used, markers turned over and mutators switched, a
//! choice left to the opponent.

use super::{Reply, Session};
use crate::board::{Color, MutatorSet, Piece, PieceKind, Square};
use crate::movegen::is_attacked;
use crate::notation::{Notation, to_san};
use crate::position::{Move, MoveKind, Position};
use crate::rules::{MorphCondition, MorphTarget, MorphTrigger, Rules};

/// `name` with its indefinite article: "a knight", "an oxybeles".
fn a(name: &str) -> String {
    let vowel = name
        .chars()
        .next()
        .is_some_and(|c| "aeiouAEIOU".contains(c));
    format!("{} {name}", if vowel { "an" } else { "a" })
}

fn say(text: impl Into<String>) -> Reply {
    Reply::say(text)
}

fn error(text: impl AsRef<str>) -> Reply {
    say(format!("error: {}\n", text.as_ref()))
}

/// `explain MOVE`: what a legal move does, step by step, without playing
/// it: the move's own effects, then what the rules make of them.
pub(super) fn explain(s: &mut Session, rest: &str) -> Reply {
    if rest.is_empty() {
        return error("`explain` needs a move, like `explain e4`");
    }
    let rules = s.session.game().rules().clone();
    let pos = s.session.game().position().clone();
    let notation = Notation::with_turns(&rules, &pos, s.session.game().legal_moves());
    let mv = match notation.read(rest) {
        Ok(m) => *m,
        Err(e) => return error(e.to_string()),
    };
    let mut now = pos.clone();
    let san = notation
        .position_of(&mv)
        .map_or_else(|| to_san(&rules, &pos, &mv), |i| notation.san_with_check(i));
    let mut out = format!("{san}:\n");
    if rules.stacking().is_some() {
        for (i, line) in crate::notation::describe_stacked(&rules, &pos, &mv)
            .iter()
            .enumerate()
        {
            out.push_str(&format!("  {}. {line}\n", i + 1));
        }
        return say(out);
    }
    for (i, e) in mv.effects(&rules).iter().enumerate() {
        let line = effect_line(&rules, &pos, &mv, &now, e);
        out.push_str(&format!("  {}. {line}\n", i + 1));
        now.apply_effect(&rules, e);
    }
    let mut played = pos.clone();
    played.play_unchecked(&rules, &mv);
    let mut n = mv.effects(&rules).len();
    for line in consequences(&rules, &pos, &mv, &now, &played) {
        n += 1;
        out.push_str(&format!("  {n}. {line}\n"));
    }
    say(out)
}

/// One effect of `mv` (played from `pos`) in words, as it applies to
/// `now`, the position with the effects before it applied.
fn effect_line(
    rules: &Rules,
    pos: &Position,
    mv: &crate::position::Move,
    now: &Position,
    e: &crate::position::Effect,
) -> String {
    use crate::position::Effect;
    let g = rules.geometry();
    let name = |p: Option<Piece>| named(rules, p);
    match e {
        Effect::MovePiece { from, to, .. } if from == to => {
            format!("{} stays on {}", name(now.piece_at(*from)), g.name(*from))
        }
        Effect::MovePiece { from, to, .. } => format!(
            "{} goes from {} to {}",
            name(now.piece_at(*from)),
            g.name(*from),
            g.name(*to)
        ),
        Effect::Capture { square, .. } => {
            format!(
                "{} on {} is captured",
                name(now.piece_at(*square)),
                g.name(*square)
            )
        }
        Effect::Remove { square, .. } => {
            format!(
                "{} on {} is {}",
                name(now.piece_at(*square)),
                g.name(*square),
                if mv.is_pocketing() {
                    "taken off the board"
                } else {
                    "removed"
                }
            )
        }
        Effect::Place { square, piece } => {
            format!("{} is put on {}", name(Some(*piece)), g.name(*square))
        }
        Effect::Transform { square, kind, .. } => format!(
            "{} on {} becomes {}{}",
            name(now.piece_at(*square)),
            g.name(*square),
            a(&rules.piece(*kind).name),
            why_changed(rules, pos, mv, *kind)
        ),
        Effect::SetOwner { square, color, .. } => format!(
            "{} on {} changes sides to {}",
            name(now.piece_at(*square)),
            g.name(*square),
            color.title()
        ),
        Effect::Swap(a, b) => format!(
            "{} on {} and {} on {} change places",
            name(now.piece_at(*a)),
            g.name(*a),
            name(now.piece_at(*b)),
            g.name(*b)
        ),
        Effect::ToPocket { color, kind } => {
            let why = if !mv.is_pocketing() || mv.promotion.is_none() {
                String::new()
            } else if rules
                .pocket()
                .as_ref()
                .is_some_and(|p| p.promote_zone[*color].contains(mv.from))
            {
                " (promoted a class up, from the far rank)".to_string()
            } else {
                " (changed within its class)".to_string()
            };
            format!(
                "a {} {} goes into {}'s pocket{why}",
                color.title(),
                rules.piece(*kind).name,
                color.title()
            )
        }
        Effect::FromPocket {
            color,
            kind,
            square,
        } => format!(
            "{} drops {} from the pocket on {}",
            color.title(),
            a(&rules.piece(*kind).name),
            g.name(*square)
        ),
        Effect::FromReserve {
            color,
            index,
            square,
        } => {
            let r = &now.reserves()[*color];
            let at = if *index == crate::position::NEXT_IN_RESERVE {
                r.front
            } else {
                *index
            };
            let what = r
                .pieces
                .get(at as usize)
                .copied()
                .flatten()
                .map_or("piece".to_string(), |p| rules.piece(p.kind).name.clone());
            format!(
                "{} drops its reserve {} (number {} in the drop order) on {}",
                color.title(),
                what,
                at + 1,
                g.name(*square)
            )
        }
        Effect::ClearPocket(color) => format!("{}'s pocket is emptied", color.title()),
        Effect::PlaceMarker { square, mutator } => format!(
            "{} places the marker of {} on {}",
            pos.side().title(),
            rules.mutators()[*mutator as usize].name,
            g.name(*square)
        ),
        Effect::FlipMarker(square) => format!("the marker on {} turns over", g.name(*square)),
        Effect::SetMoved { square, moved, .. } => format!(
            "{} on {} counts as {}",
            name(now.piece_at(*square)),
            g.name(*square),
            if *moved { "moved" } else { "unmoved" }
        ),
        Effect::Defer { color, .. } => format!("{} has a choice to make", color.title()),
    }
}

/// "White knight", or "nothing".
fn named(rules: &Rules, p: Option<Piece>) -> String {
    p.map_or_else(
        || "nothing".to_string(),
        |p| format!("{} {}", p.color.title(), rules.piece(p.kind).name),
    )
}

/// What the rules make of `mv` beyond its own effects: the differences
/// between `now` (the position after the move's effects) and `played`
/// (after the whole turn), in words.
fn consequences(
    rules: &Rules,
    before: &Position,
    mv: &Move,
    now: &Position,
    played: &Position,
) -> Vec<String> {
    let g = rules.geometry();
    let mut lines = Vec::new();
    let mutators = |set: MutatorSet| -> String {
        let on: Vec<&str> = (0..rules.mutators().len())
            .filter(|&i| set.contains(i))
            .map(|i| rules.mutators()[i].name.as_str())
            .collect();
        if on.is_empty() {
            "none".to_string()
        } else {
            on.join(", ")
        }
    };
    for sq in g.squares() {
        let (a, b) = (now.piece_at(sq), played.piece_at(sq));
        match (a, b) {
            (Some(a), None) => lines.push(format!(
                "{} on {} is {}",
                named(rules, Some(a)),
                g.name(sq),
                if !rules.masks().explode.is_empty() && mv.is_capture() {
                    "destroyed by the blast"
                } else {
                    "removed"
                }
            )),
            (None, Some(b)) => lines.push(format!(
                "{} is put on {}",
                named(rules, Some(b)),
                g.name(sq)
            )),
            (Some(a), Some(b)) if a.color != b.color => lines.push(format!(
                "{} on {} changes sides",
                named(rules, Some(a)),
                g.name(sq)
            )),
            (Some(a), Some(b)) if a.kind != b.kind => {
                let why = change_reason(rules, before, mv, now, played, sq, a, b.kind);
                lines.push(format!(
                    "{} on {} becomes {}{why}",
                    named(rules, Some(a)),
                    g.name(sq),
                    self::a(&rules.piece(b.kind).name)
                ));
            }
            _ => {}
        }
    }
    for color in Color::ALL {
        let held = |p: &Position, k: usize| p.pockets()[color].count(PieceKind(k as u8));
        let gained: Vec<String> = (0..rules.pieces().len())
            .filter(|&k| held(played, k) > held(now, k))
            .map(|k| rules.piece(PieceKind(k as u8)).name.clone())
            .collect();
        let lost = (0..rules.pieces().len()).any(|k| held(played, k) < held(now, k));
        if lost && played.pockets()[color].is_empty() {
            lines.push(format!("{}'s hand is emptied", color.title()));
        }
        for k in gained {
            lines.push(format!("{} goes into {}'s hand", a(&k), color.title()));
        }
        let (r0, r1) = (&now.reserves()[color], &played.reserves()[color]);
        if r1.back < r0.back
            && let Some(p) = r0.pieces.get(r1.back as usize).copied().flatten()
        {
            lines.push(format!(
                "the last piece of {}'s reserve, {}, is used",
                color.title(),
                a(&rules.piece(p.kind).name)
            ));
        }
    }
    let m0 = now.markers();
    let m1 = played.markers();
    for i in 0..m1.len.min(m0.len) as usize {
        if (m0.faces ^ m1.faces) >> i & 1 != 0 {
            let name = &rules.mutators()[m1.mutators[i] as usize].name;
            lines.push(format!(
                "the marker on {} turns over: {name} is {}",
                g.name(Square(m1.squares[i])),
                if m1.faces >> i & 1 != 0 { "on" } else { "off" }
            ));
        }
    }
    if played.active() != before.active() {
        lines.push(format!(
            "mutators on from the next turn: {} (were: {})",
            mutators(played.active()),
            mutators(before.active())
        ));
    }
    if let Some(p) = played.pending()
        && now.pending() != played.pending()
    {
        lines.push(format!(
            "{} chooses what the pawn on {} becomes, first thing next turn",
            p.color.title(),
            g.name(p.square)
        ));
    }
    if let Some((a, b)) = played.swap_back()
        && now.swap_back() != played.swap_back()
    {
        lines.push(format!(
            "the pieces on {} and {} may not swap straight back",
            g.name(a),
            g.name(b)
        ));
    }
    lines
}

/// Why the piece `was` on `sq` became `kind` at the end of the turn.
#[allow(clippy::too_many_arguments)]
fn change_reason(
    rules: &Rules,
    before: &Position,
    mv: &Move,
    now: &Position,
    played: &Position,
    sq: Square,
    was: Piece,
    kind: PieceKind,
) -> String {
    if played.active() != now.active() && rules.forms().form(was.kind, played.active()) == kind {
        return " (its form under the mutators now on)".to_string();
    }
    if rules.is_pawn(was.kind) && rules.pawns().promotion_zone[was.color].contains(sq) {
        return if rules.pawns().from_reserve() {
            format!(
                " (promotion on reaching the last rank: the last piece of {}'s reserve)",
                was.color.title()
            )
        } else {
            " (promotion on reaching the last rank)".to_string()
        };
    }
    if let MoveKind::Castle(_) = mv.kind {
        let rule = rules.kinds().morph_of[was.kind.index()].iter().find_map(|&r| {
            let rule = &rules.morphs()[r as usize];
            matches!(&rule.target, MorphTarget::Listed(map) if map[was.kind.index()] == Some(kind))
                .then_some(&rule.name)
        });
        return match rule {
            Some(name) => format!(" (morph {name}: castles)"),
            None => String::new(),
        };
    }
    if sq == mv.to || before.piece_at(mv.from) == Some(was) {
        return why_changed(rules, before, mv, kind);
    }
    String::new()
}

/// Which morph rule changed the moving piece into `kind`, and why, for
/// `explain`: ` (morph escape: attacked on c3, captures nothing)`.
fn why_changed(rules: &Rules, pos: &Position, mv: &Move, kind: PieceKind) -> String {
    let promotes = mv.kind == MoveKind::Promote
        || rules.is_pawn(mv.piece.kind)
            && rules.pawns().promotion_zone[mv.piece.color].contains(mv.to);
    if promotes {
        return if rules.pawns().from_reserve() {
            format!(
                " (promotion: the last piece of {}'s reserve)",
                mv.piece.color.title()
            )
        } else {
            " (promotion)".to_string()
        };
    }
    let g = rules.geometry();
    for rule in rules
        .morphs()
        .iter()
        .filter(|r| r.kinds.contains(&mv.piece.kind))
    {
        let (fits, how) = match rule.trigger {
            MorphTrigger::Acted => (true, "moves"),
            MorphTrigger::Quiet => (!mv.is_capture(), "captures nothing"),
            MorphTrigger::Capture => (mv.is_capture(), "captures"),
        };
        let target = match &rule.target {
            MorphTarget::Listed(map) => map[mv.piece.kind.index()],
            MorphTarget::ComponentUsed => mv
                .origin
                .atom()
                .and_then(|a| rules.component_by_atom(mv.piece.kind, a)),
        };
        if !fits || target != Some(kind) {
            continue;
        }
        let mut reasons = Vec::new();
        if rule.condition == Some(MorphCondition::AttackedBefore) {
            if !is_attacked(rules, pos, mv.from, !mv.piece.color) {
                continue;
            }
            reasons.push(format!("attacked on {}", g.name(mv.from)));
        }
        reasons.push(how.to_string());
        if rule.target == MorphTarget::ComponentUsed {
            reasons.push(format!("moving as {}", a(&rules.piece(kind).name)));
        }
        return format!(" (morph {}: {})", rule.name, reasons.join(", "));
    }
    String::new()
}
