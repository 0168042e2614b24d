//! Reading what scripts return: moves (maps) and effects, checked against
//! the position before anything is built. Every problem is a message for
//! the script's author; nothing here panics on any input.

use super::ScriptHost;
use super::board::parse_color;
use crate::board::{Piece, Square};
use crate::movegen::may_take;
use crate::position::{Effect, EffectList, Move, MoveKind, Origin, Position};
use crate::rules::Rules;
use rhai::{Array, Dynamic, INT, Map};

const MOVE_FIELDS: &str = "to, captures, effects, tag, promote";
const EFFECT_FORMS: &str = "#{ move: [a, b] }, #{ capture: sq }, #{ remove: sq }, \
     #{ swap: [a, b] }, #{ owner: sq, color: \"white\" }, #{ transform: sq, kind: \"name\" }, \
     #{ set: \"name\", value: n }";

fn square(rules: &Rules, v: &Dynamic, what: &str) -> Result<Square, String> {
    let s = v
        .as_int()
        .map_err(|t| format!("{what} must be a square number, not {t}"))?;
    if (0..rules.geometry().len() as INT).contains(&s) {
        Ok(Square(s as u8))
    } else {
        Err(format!("{what} {s} is off the board"))
    }
}

fn pair(rules: &Rules, v: &Dynamic, what: &str) -> Result<(Square, Square), String> {
    let list = v
        .clone()
        .try_cast::<Array>()
        .filter(|a| a.len() == 2)
        .ok_or_else(|| format!("`{what}` takes two squares, like [a, b]"))?;
    Ok((
        square(rules, &list[0], what)?,
        square(rules, &list[1], what)?,
    ))
}

/// Reads one move of the piece `piece` on `from`.
pub(super) fn read_move(
    host: &ScriptHost,
    rules: &Rules,
    pos: &Position,
    from: Square,
    piece: Piece,
    item: Dynamic,
) -> Result<Move, String> {
    let g = rules.geometry();
    if item.is_int() {
        // A square alone: a move there, to an empty square.
        let to = square(rules, &item, "a move's square")?;
        if to == from {
            return Err("a move that neither moves nor captures".to_string());
        }
        if !pos.is_empty(to) {
            return Err(format!("moves to {}, which is occupied", g.name(to)));
        }
        let effects = vec![Effect::MovePiece { from, to, unit: 0 }];
        return Ok(effects_move(
            pos,
            from,
            to,
            piece,
            effects,
            None,
            Origin::Other,
        ));
    }
    let map = item
        .try_cast::<Map>()
        .ok_or("each move must be a square, or a map like #{ to: sq, captures: [sq] }")?;
    for key in map.keys() {
        if !MOVE_FIELDS.split(", ").any(|f| f == key.as_str()) {
            return Err(format!(
                "unknown move field `{key}` (fields: {MOVE_FIELDS})"
            ));
        }
    }
    let to = square(rules, map.get("to").ok_or("a move without `to`")?, "`to`")?;
    let origin = match map.get("tag") {
        None => Origin::Other,
        Some(t) => {
            let t = t
                .clone()
                .into_string()
                .map_err(|t| format!("`tag` must be a string, not {t}"))?;
            if t.is_empty()
                || t.len() > 8
                || !t
                    .chars()
                    .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit())
            {
                return Err(format!(
                    "tag `{t}` must be 1 to 8 lower-case letters or digits"
                ));
            }
            Origin::Tag(host.intern_tag(&t)?)
        }
    };
    let effects = if let Some(list) = map.get("effects") {
        if map.contains_key("captures") {
            return Err("a move has either `captures` or `effects`, not both".into());
        }
        let list = list
            .clone()
            .try_cast::<Array>()
            .ok_or("`effects` must be an array of effects")?;
        if list.is_empty() {
            return Err("a move with no effects".into());
        }
        read_effects(rules, pos, Some((from, piece)), list)?
    } else {
        let mut effects = Vec::new();
        if let Some(caps) = map.get("captures") {
            let caps = caps
                .clone()
                .try_cast::<Array>()
                .ok_or("`captures` must be an array of squares")?;
            for c in caps {
                let sq = square(rules, &c, "a capture square")?;
                check_capture(rules, pos, piece, sq)?;
                effects.push(Effect::Capture {
                    square: sq,
                    unit: 0,
                    by: Some(from),
                });
            }
        }
        if to != from {
            let captured_there = effects
                .iter()
                .any(|e| matches!(e, Effect::Capture { square, .. } if *square == to));
            if !pos.is_empty(to) && !captured_there {
                return Err(format!("moves to {}, which is occupied", g.name(to)));
            }
            effects.push(Effect::MovePiece { from, to, unit: 0 });
        } else if effects.is_empty() {
            return Err("a move that neither moves nor captures".to_string());
        }
        effects
    };
    let mut effects = effects;
    let promotion = match map.get("promote") {
        None => None,
        Some(_) if map.contains_key("effects") => {
            return Err(
                "`promote` goes with `to` and `captures`; with `effects`, add a `transform`".into(),
            );
        }
        Some(k) => {
            let name = k
                .clone()
                .into_string()
                .map_err(|t| format!("`promote` must be a piece name, not {t}"))?;
            let kind = rules
                .kind(&name)
                .ok_or_else(|| format!("`promote` to `{name}`, which is no piece here"))?;
            if to == from {
                return Err("`promote` needs a move to another square".into());
            }
            effects.push(Effect::Transform {
                square: to,
                unit: 0,
                kind,
            });
            Some(kind)
        }
    };
    Ok(effects_move(
        pos, from, to, piece, effects, promotion, origin,
    ))
}

/// The move of `piece` from `from`, named by `to`, that is `effects`.
fn effects_move(
    pos: &Position,
    from: Square,
    to: Square,
    piece: Piece,
    effects: Vec<Effect>,
    promotion: Option<crate::board::PieceKind>,
    origin: Origin,
) -> Move {
    let captured = effects.iter().find_map(|e| match e {
        Effect::Capture { square, .. } => pos.piece_at(*square),
        _ => None,
    });
    Move {
        from,
        to,
        piece,
        captured,
        promotion,
        kind: MoveKind::Effects(EffectList::new(effects)),
        origin,
        drop: None,
        push: None,
        choice: None,
        gate: None,
    }
}

/// `piece` may capture what stands on `sq` in `pos`: an enemy, not immune
/// to it, not protected.
fn check_capture(rules: &Rules, pos: &Position, piece: Piece, sq: Square) -> Result<(), String> {
    let g = rules.geometry();
    let victim = pos
        .piece_at(sq)
        .filter(|v| v.color != piece.color)
        .ok_or_else(|| format!("captures {}, which holds no enemy", g.name(sq)))?;
    if !may_take(rules, pos, sq, piece, victim) {
        return Err(format!(
            "captures the {} on {}, which cannot be captured (immune or protected; \
             ask `board.can_capture(from, sq)` first)",
            rules.piece(victim.kind).name,
            g.name(sq)
        ));
    }
    Ok(())
}

/// Reads a list of effects, checking each against the position as the
/// earlier ones leave it. `mover` is the acting piece and its square
/// (captures are its captures); `None` for `after_move`, whose captures
/// are by nobody in particular.
pub(super) fn read_effects(
    rules: &Rules,
    pos: &Position,
    mover: Option<(Square, Piece)>,
    list: Array,
) -> Result<Vec<Effect>, String> {
    let g = rules.geometry();
    let mut now = pos.clone();
    let mut out = Vec::new();
    for item in list {
        let map = item
            .try_cast::<Map>()
            .ok_or_else(|| format!("each effect must be a map: {EFFECT_FORMS}"))?;
        let verb = [
            "move",
            "capture",
            "remove",
            "swap",
            "owner",
            "transform",
            "set",
        ]
        .into_iter()
        .find(|v| map.contains_key(*v))
        .ok_or_else(|| format!("an effect must be one of {EFFECT_FORMS}"))?;
        let allowed: &[&str] = match verb {
            "owner" => &["owner", "color"],
            "transform" => &["transform", "kind"],
            "set" => &["set", "value"],
            v => &[v][..0],
        };
        for key in map.keys() {
            if key.as_str() != verb && !allowed.contains(&key.as_str()) {
                return Err(format!(
                    "unexpected field `{key}` in a `{verb}` effect ({EFFECT_FORMS})"
                ));
            }
        }
        let arg = &map[verb];
        let occupied = |s: Square, now: &Position| -> Result<Piece, String> {
            now.piece_at(s)
                .ok_or_else(|| format!("`{verb}` on {}, which is empty", g.name(s)))
        };
        let e = match verb {
            "move" => {
                let (a, b) = pair(rules, arg, "move")?;
                occupied(a, &now)?;
                if !now.is_empty(b) {
                    return Err(format!(
                        "`move` from {} to {}, which is occupied",
                        g.name(a),
                        g.name(b)
                    ));
                }
                Effect::MovePiece {
                    from: a,
                    to: b,
                    unit: 0,
                }
            }
            "capture" => {
                let s = square(rules, arg, "`capture`")?;
                occupied(s, &now)?;
                if let Some((_, piece)) = mover {
                    check_capture(rules, pos, piece, s)?;
                }
                Effect::Capture {
                    square: s,
                    unit: 0,
                    by: mover.map(|m| m.0),
                }
            }
            "remove" => {
                let s = square(rules, arg, "`remove`")?;
                occupied(s, &now)?;
                Effect::Remove { square: s, unit: 0 }
            }
            "swap" => {
                let (a, b) = pair(rules, arg, "swap")?;
                if a == b || (now.is_empty(a) && now.is_empty(b)) {
                    return Err("`swap` needs two different squares, not both empty".into());
                }
                Effect::Swap(a, b)
            }
            "set" => {
                let name = arg
                    .clone()
                    .into_string()
                    .map_err(|t| format!("`set` names a state, not {t}"))?;
                let slot = rules
                    .script()
                    .as_ref()
                    .and_then(|s| s.state_slot(&name))
                    .ok_or_else(|| {
                        format!(
                            "`set` of `{name}`, which is no state of this variant (declare it in `script {{ state = [...] }}`)"
                        )
                    })?;
                let value = map
                    .get("value")
                    .ok_or_else(|| format!("`set` of `{name}` needs `value: n`"))?
                    .as_int()
                    .map_err(|t| format!("the `value` of `{name}` must be a number, not {t}"))?;
                let value = i32::try_from(value).map_err(|_| {
                    format!("the `value` of `{name}`, {value}, does not fit 32 bits")
                })?;
                Effect::SetState {
                    slot: slot as u8,
                    value,
                }
            }
            "owner" => {
                let s = square(rules, arg, "`owner`")?;
                occupied(s, &now)?;
                let c = map
                    .get("color")
                    .and_then(|c| c.clone().into_string().ok())
                    .and_then(|c| parse_color(&c))
                    .ok_or("`owner` needs `color: \"white\"` or `\"black\"`")?;
                Effect::SetOwner {
                    square: s,
                    unit: 0,
                    color: c,
                }
            }
            _ => {
                let s = square(rules, arg, "`transform`")?;
                occupied(s, &now)?;
                let name = map
                    .get("kind")
                    .and_then(|k| k.clone().into_string().ok())
                    .ok_or("`transform` needs `kind: \"name\"`")?;
                let kind = rules
                    .kind(&name)
                    .ok_or_else(|| format!("`transform` to `{name}`, which is no piece here"))?;
                Effect::Transform {
                    square: s,
                    unit: 0,
                    kind,
                }
            }
        };
        now.apply_effect(rules, &e);
        out.push(e);
    }
    Ok(out)
}
