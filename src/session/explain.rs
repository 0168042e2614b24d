//! A turn explained, and what the last turn did beyond moving its piece.
//!
//! [`Session::explain_turn`] lists what a legal turn does, step by step,
//! without playing it: the turn's own effects first, then everything the
//! rules make of them, found by comparing the position after those
//! effects with the position after the whole turn (blast victims,
//! changes of kind: morphs, promotions from the reserve, both castling
//! pieces, the forms mutators give; hands filled or emptied, reserves
//! used, markers turned over and mutators switched, a choice left to the
//! opponent). [`Session::last_turn_aftermath`] says what the turn just
//! played did beyond moving its piece.

use super::{Effect, Error, Session, Unit};
use crate::board::{Color, MutatorSet, Piece, PieceKind, Square};
use crate::movegen::is_attacked;
use crate::notation::{Notation, to_san};
use crate::position::{Move, MoveKind, Position};
use crate::rules::{MorphCondition, MorphTarget, MorphTrigger, Rules};
use serde::{Deserialize, Serialize};

/// What a turn does, step by step ([`Session::explain_turn`]).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Explanation {
    /// The turn in SAN, with its check sign.
    pub san: String,
    /// Its steps in order: the turn's own effects, then what the rules
    /// make of them.
    pub steps: Vec<Step>,
}

/// One step of a turn.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Step {
    /// The turn's own effect this step is; `None` for what the rules
    /// make of the effects (a blast victim, a promotion, a marker
    /// turned over) and for the steps of a turn on shared squares.
    pub effect: Option<Effect>,
    /// The step in words: `White knight goes from g1 to f3`.
    pub words: String,
}

/// What a turn did beyond moving its piece
/// ([`Session::last_turn_aftermath`]).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Aftermath {
    /// Kinds that changed, in words: a morph, a promotion, a piece
    /// promoted because it was attacked (`the pawn became a queen on
    /// e8`).
    pub changed: Vec<String>,
    /// Units removed beyond the one captured (a blast, a scripted
    /// capture), each with its square.
    pub removed: Vec<UnitAt>,
    /// The mutators on after the turn, when it switched any (empty when
    /// it switched them all off).
    pub mutators: Option<Vec<String>>,
}

/// A unit on a square: one a turn removed, one that attacks a square.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct UnitAt {
    /// Where it stood.
    pub square: String,
    /// What it was.
    pub unit: Unit,
}

impl Session {
    /// What the legal turn `text` (SAN or coordinates) does, step by
    /// step, without playing it.
    ///
    /// # Errors
    ///
    /// The text names no legal turn here.
    /// ```
    /// use changeling::session::{Effect, Session, Start, VariantSource};
    /// let s = Session::load(&VariantSource::Name("atomic".into()), &Start::Fen {
    ///     fen: "4k3/8/8/3p4/4P3/8/8/4K3 w - - 0 1".into(), seed: 0 })?;
    /// let e = s.explain_turn("exd5")?;
    /// assert_eq!(e.san, "exd5");
    /// let capture = Some(Effect::Capture { square: "d5".into() });
    /// let step = e.steps.iter().find(|s| s.effect == capture).unwrap();
    /// assert_eq!(step.words, "Black pawn on d5 is captured");
    /// assert!(e.steps.iter().any(|s| s.effect.is_none() && s.words.contains("blast")));
    /// # Ok::<(), changeling::session::Error>(())
    /// ```
    pub fn explain_turn(&self, text: &str) -> Result<Explanation, Error> {
        self.scripted(|s| {
            explain(
                s.game.rules(),
                s.game.position(),
                s.game.legal_moves(),
                text,
            )
        })
    }

    /// What the last turn played did beyond moving its piece: kinds that
    /// changed, units removed beyond the one captured, the mutators on
    /// after a switch; `None` when nothing (or no turn was played).
    ///
    /// ```
    /// use changeling::session::{Session, Start, VariantSource};
    /// let mut s = Session::load(&VariantSource::Name("atomic".into()), &Start::Fen {
    ///     fen: "4k3/8/2n5/3p4/4P3/8/8/4K3 w - - 0 1".into(), seed: 0 })?;
    /// assert!(s.last_turn_aftermath().is_none());
    /// s.play("exd5")?;
    /// let after = s.last_turn_aftermath().expect("a blast");
    /// assert_eq!(after.removed[0].square, "c6");
    /// assert_eq!(after.removed[0].unit.kind, "knight");
    /// # Ok::<(), changeling::session::Error>(())
    /// ```
    pub fn last_turn_aftermath(&self) -> Option<Aftermath> {
        let (mv, before) = self.game.history().last()?;
        aftermath(self.game.rules(), before, mv, self.game.position())
    }
}

/// `name` with its indefinite article: "a knight", "an oxybeles".
fn a(name: &str) -> String {
    let vowel = name
        .chars()
        .next()
        .is_some_and(|c| "aeiouAEIOU".contains(c));
    format!("{} {name}", if vowel { "an" } else { "a" })
}

/// The turn `text` of `pos` explained; `legal` are its legal turns.
fn explain(
    rules: &Rules,
    pos: &Position,
    legal: Vec<Move>,
    text: &str,
) -> Result<Explanation, Error> {
    let notation = Notation::with_turns(rules, pos, legal);
    let mv = match notation.read(text) {
        Ok(m) => *m,
        Err(e) => {
            return Err(Error::Move {
                text: e.text,
                message: e.reason,
            });
        }
    };
    let san = notation
        .position_of(&mv)
        .map_or_else(|| to_san(rules, pos, &mv), |i| notation.san_with_check(i));
    let mut steps = Vec::new();
    if rules.stacking().is_some() {
        for words in crate::notation::describe_stacked(rules, pos, &mv) {
            steps.push(Step {
                effect: None,
                words,
            });
        }
        return Ok(Explanation { san, steps });
    }
    let mut now = pos.clone();
    for e in mv.effects(rules).iter() {
        steps.push(Step {
            effect: Some(super::effect(rules, e)),
            words: effect_line(rules, pos, &mv, &now, e),
        });
        now.apply_effect(rules, e);
    }
    let mut played = pos.clone();
    played.play_unchecked(rules, &mv);
    for words in consequences(rules, pos, &mv, &now, &played) {
        steps.push(Step {
            effect: None,
            words,
        });
    }
    Ok(Explanation { san, steps })
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
        Effect::SetState { slot, value } => format!(
            "the script's `{}` becomes {value}",
            super::state_name(rules, *slot)
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
    for (slot, (&was, &is)) in now.state().iter().zip(played.state()).enumerate() {
        if was != is {
            lines.push(format!(
                "the script's `{}` becomes {is} (was {was})",
                super::state_name(rules, slot as u8)
            ));
        }
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

/// What a move did beyond moving its piece, in one line (`None` when
/// nothing): kinds that changed (a morph, a promotion, a piece promoted
/// because it was attacked), pieces removed beyond the one captured (a
/// blast, a scripted capture), and the mutators on after a marker flip.
/// `before` is the position the move `mv` was played from.
fn aftermath(rules: &Rules, before: &Position, mv: &Move, after: &Position) -> Option<Aftermath> {
    let g = rules.geometry();
    let units = |pos: &Position, sq: Square| -> Vec<Piece> {
        pos.units_at(sq).into_iter().flatten().collect()
    };
    let flipped = before.active() != after.active();
    // A new form of the same declared kind, given by the mutators now on:
    // said by naming them.
    let reformed = |a: Piece, b: Piece| {
        flipped && rules.forms().base_of[a.kind.index()] == rules.forms().base_of[b.kind.index()]
    };
    let mut changed = Vec::new();
    let mut gone: Vec<(Square, Piece)> = Vec::new();
    let mut came: Vec<(Square, Piece)> = Vec::new();
    for sq in g.squares() {
        let (was, now) = (units(before, sq), units(after, sq));
        if was == now {
            continue;
        }
        // One unit of a side becoming another kind of the same side.
        if was.len() == 1
            && now.len() == 1
            && was[0].color == now[0].color
            && was[0].kind != now[0].kind
            && sq != mv.to
            && sq != mv.from
        {
            if reformed(was[0], now[0]) {
                continue;
            }
            changed.push(format!(
                "the {} on {} became {}",
                rules.piece(was[0].kind).name,
                g.name(sq),
                with_article(&rules.piece(now[0].kind).name)
            ));
            continue;
        }
        gone.extend(was.iter().filter(|p| !now.contains(p)).map(|&p| (sq, p)));
        came.extend(now.iter().filter(|p| !was.contains(p)).map(|&p| (sq, p)));
    }
    // The mover leaves and arrives, perhaps as another kind; or is gone
    // with its victim (a blast).
    let arrived = came
        .iter()
        .position(|&(sq, p)| sq == mv.to && p.color == mv.piece.color);
    if arrived.is_none() && mv.captured.is_some() && after.piece_at(mv.to).is_none() {
        gone.push((mv.to, mv.piece));
    }
    if let Some(i) = arrived {
        let (sq, p) = came.remove(i);
        if p.kind != mv.piece.kind && !reformed(p, mv.piece) {
            changed.push(format!(
                "the {} became {} on {}",
                rules.piece(mv.piece.kind).name,
                with_article(&rules.piece(p.kind).name),
                g.name(sq)
            ));
        }
    }
    if let Some(i) = gone
        .iter()
        .position(|&(sq, p)| sq == mv.from && p == mv.piece)
    {
        gone.remove(i);
    }
    // A castling partner that changed kind on its way (a cornering that
    // morphs it): where it went and what it became.
    if let MoveKind::Castle(i) = mv.kind
        && let Some(c) = rules.castling()[mv.piece.color].get(i as usize)
        && let Some(gi) = gone
            .iter()
            .position(|&(sq, p)| sq == c.partner_from && p.color == mv.piece.color)
        && let Some(ci) = came
            .iter()
            .position(|&(sq, p)| sq == c.partner_to && p.color == mv.piece.color)
        && gone[gi].1.kind != came[ci].1.kind
    {
        let ((from, was), (to, now)) = (gone.remove(gi), came.remove(ci));
        if !reformed(was, now) {
            changed.push(format!(
                "the {} went from {} to {} and became a {}",
                rules.piece(was.kind).name,
                g.name(from),
                g.name(to),
                rules.piece(now.kind).name
            ));
        }
    }
    // A piece that moved along (a castling partner, a pushed pawn).
    came.retain(|&(_, p)| match gone.iter().position(|&(_, q)| q == p) {
        Some(i) => {
            gone.remove(i);
            false
        }
        None => true,
    });
    // The piece the move captured.
    if let Some(victim) = mv.captured
        && let Some(i) = gone
            .iter()
            .position(|&(sq, q)| q == victim && sq == mv.to)
            .or_else(|| gone.iter().position(|&(_, q)| q == victim))
    {
        gone.remove(i);
    }
    let removed: Vec<UnitAt> = gone
        .iter()
        .map(|&(sq, p)| UnitAt {
            square: g.name(sq),
            unit: super::unit(rules, p, false),
        })
        .collect();
    let mutators = flipped.then(|| {
        after
            .active()
            .iter()
            .filter_map(|i| rules.mutators().get(i).map(|m| m.name.clone()))
            .collect()
    });
    (!changed.is_empty() || !removed.is_empty() || mutators.is_some()).then_some(Aftermath {
        changed,
        removed,
        mutators,
    })
}

/// `name` after `a` or `an`, as it is said: `an octopus`, `an amazon`,
/// `a unicorn`, `a knight`.
fn with_article(name: &str) -> String {
    let lower = name.to_ascii_lowercase();
    let vowel = lower.starts_with(['a', 'e', 'i', 'o'])
        || (lower.starts_with('u')
            && !["uni", "use", "usu", "uti"]
                .iter()
                .any(|p| lower.starts_with(p)));
    format!("{} {name}", if vowel { "an" } else { "a" })
}
