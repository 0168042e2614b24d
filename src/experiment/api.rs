//! What experiment scripts can call: `variant`, `game`, `play`, and the
//! finished game's record, turn by turn.

use super::players::{Player, Values};
use super::stats;
use crate::board::{Color, PieceKind};
use crate::game::{Game, Outcome, Rng};
use crate::movegen::{attackers_of, in_check};
use crate::notation::{to_fen, to_san, to_uci};
use crate::position::{Move, MoveKind, Position};
use crate::rules::Rules;
use rhai::{Array, Dynamic, Engine, EvalAltResult, INT, Map};
use std::collections::HashMap;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Arc, Mutex};

type Fallible<T> = Result<T, Box<EvalAltResult>>;

/// A game stops here unless the script asks for more (`max_turns`).
pub const DEFAULT_MAX_TURNS: INT = 1000;

/// A loaded variant, with its material values.
#[derive(Clone, Debug)]
pub struct Variant {
    rules: Arc<Rules>,
    values: Arc<Values>,
}

impl Variant {
    fn new(rules: Arc<Rules>) -> Variant {
        let values = Arc::new(Values::of_rules(&rules));
        Variant { rules, values }
    }

    fn names(&self, kinds: impl Iterator<Item = PieceKind>) -> Array {
        kinds.map(|k| Dynamic::from(name(&self.rules, k))).collect()
    }
}

/// The declared name of `kind` (a mutator's form goes by its kind's).
fn name(rules: &Rules, kind: PieceKind) -> String {
    rules.pieces[rules.base_of[kind.index()].index()]
        .name
        .clone()
}

fn color_name(c: Color) -> &'static str {
    match c {
        Color::White => "white",
        Color::Black => "black",
    }
}

/// A game to be played: a variant and a start (the same start each time
/// it is played).
#[derive(Clone, Debug)]
pub struct GameStart {
    game: Game,
    variant: Variant,
}

/// A finished (or stopped) game.
#[derive(Clone, Debug)]
pub struct Record(Arc<RecordData>);

#[derive(Debug)]
struct RecordData {
    rules: Arc<Rules>,
    start: Position,
    turns: Vec<(Move, Position)>,
    end: Position,
    outcome: Option<Outcome>,
    white: String,
    black: String,
}

impl RecordData {
    fn after(&self, i: usize) -> &Position {
        self.turns.get(i + 1).map_or(&self.end, |(_, p)| p)
    }
}

/// One turn of a record.
#[derive(Clone, Debug)]
pub struct Turn {
    record: Arc<RecordData>,
    index: usize,
}

impl Turn {
    fn mv(&self) -> &Move {
        &self.record.turns[self.index].0
    }
    fn before(&self) -> &Position {
        &self.record.turns[self.index].1
    }
    fn after(&self) -> &Position {
        self.record.after(self.index)
    }
    fn rules(&self) -> &Rules {
        &self.record.rules
    }

    /// The enemy units gone after the turn, by declared kind.
    fn captured(&self) -> Array {
        let rules = self.rules();
        let enemy = !self.before().side;
        let tally = |pos: &Position| {
            let mut n = vec![0i32; rules.pieces.len()];
            for sq in pos.occupied(enemy).iter() {
                for p in pos.units_at(sq).into_iter().flatten() {
                    if p.color == enemy {
                        n[rules.base_of[p.kind.index()].index()] += 1;
                    }
                }
            }
            n
        };
        let (before, after) = (tally(self.before()), tally(self.after()));
        let mut out = Array::new();
        for (k, (b, a)) in before.iter().zip(&after).enumerate() {
            for _ in 0..(b - a).max(0) {
                out.push(Dynamic::from(rules.pieces[k].name.clone()));
            }
        }
        out
    }

    /// The pieces giving check after the turn.
    fn checkers(&self) -> Array {
        let rules = self.rules();
        let pos = self.after();
        let side = pos.side;
        let mut out = Array::new();
        for royal in pos.royals(side).iter() {
            let mut squares = attackers_of(rules, pos, royal, !side);
            squares.sort_by_key(|s| s.0);
            squares.dedup();
            for sq in squares {
                for p in pos.units_at(sq).into_iter().flatten() {
                    if p.color == !side {
                        out.push(Dynamic::from(name(rules, p.kind)));
                    }
                }
            }
        }
        out
    }

    /// The piece that arrived by a drop this turn (from the hand or, after
    /// the action, from the reserve).
    fn dropped(&self) -> String {
        let mv = self.mv();
        let sq = match (&mv.kind, mv.drop) {
            (MoveKind::Drop, _) => mv.to,
            (_, Some(sq)) => sq,
            _ => return String::new(),
        };
        self.after()
            .piece_at(sq)
            .map_or_else(String::new, |p| name(self.rules(), p.kind))
    }

    /// The kind a non-pawn mover changed into (a morph), or a pawn
    /// promoted to.
    fn change(&self, pawn: bool) -> String {
        let mv = self.mv();
        match mv.promotion {
            Some(k) if self.rules().is_pawn(mv.piece.kind) == pawn => name(self.rules(), k),
            _ => String::new(),
        }
    }
}

fn mutator_names(rules: &Rules, active: u32) -> Array {
    rules
        .mutators
        .iter()
        .enumerate()
        .filter(|(i, _)| active >> i & 1 != 0)
        .map(|(_, m)| Dynamic::from(m.name.clone()))
        .collect()
}

/// State shared by every script call of a run.
#[derive(Debug)]
pub struct Shared {
    variants: Mutex<HashMap<String, Variant>>,
    /// Raised to stop: games in progress end with an error.
    pub stop: Arc<AtomicBool>,
    /// The run's seed, for `game_seed(i)`.
    pub seed: AtomicU64,
    /// Games are being played: a raised `stop` ends scripts only then,
    /// so the summary of the games so far is still made.
    pub playing: AtomicBool,
}

impl Shared {
    /// Fresh state watching `stop`.
    pub fn new(stop: Arc<AtomicBool>) -> Shared {
        Shared {
            variants: Mutex::new(HashMap::new()),
            stop,
            seed: AtomicU64::new(0),
            playing: AtomicBool::new(false),
        }
    }
}

/// Keys of the variant language whose values are strings (all others take
/// names, numbers, lists or sections).
const STRING_KEYS: &[&str] = &[
    "setup",
    "betza",
    "attacks",
    "protects",
    "attacks_within",
    "file",
    "push_enemy_pawn",
];

/// A Rhai value as a value of the variant language.
fn value_text(key: &str, v: &Dynamic) -> Result<String, String> {
    if let Ok(b) = v.as_bool() {
        Ok(b.to_string())
    } else if let Ok(i) = v.as_int() {
        Ok(i.to_string())
    } else if let Some(a) = v.read_lock::<Array>() {
        let items: Result<Vec<String>, String> = a.iter().map(|x| value_text(key, x)).collect();
        Ok(format!("[{}]", items?.join(", ")))
    } else if v.is_string() {
        let s = v.to_string();
        let bare = !STRING_KEYS.contains(&key)
            && !s.is_empty()
            && s.chars()
                .all(|c| c.is_ascii_alphanumeric() || c == '_' || c == '-');
        Ok(if bare {
            s
        } else {
            format!("\"{}\"", s.replace('\\', "\\\\").replace('"', "\\\""))
        })
    } else {
        Err(format!(
            "`{key}`: a {} cannot be a value of the variant language (use a number, true/false, a name or text, or an array)",
            v.type_name()
        ))
    }
}

/// Overrides given as a map, as the body of a child variant: a map value
/// is a section (`drops: #{first_window: 4}`, `"piece knight": #{...}`).
fn body_text(map: &Map, out: &mut String, indent: usize) -> Result<(), String> {
    let pad = "    ".repeat(indent);
    for (k, v) in map {
        if let Some(inner) = v.read_lock::<Map>() {
            out.push_str(&format!("{pad}{k} {{\n"));
            body_text(&inner, out, indent + 1)?;
            out.push_str(&format!("{pad}}}\n"));
        } else {
            out.push_str(&format!("{pad}{k} = {}\n", value_text(k, v)?));
        }
    }
    Ok(())
}

fn load_variant(shared: &Shared, spec: &str, body: Option<String>) -> Fallible<Variant> {
    // One copy per thread: a variant's script engine is then never
    // shared, and threads do not contend for its reference counts.
    let key = format!(
        "{spec}\u{0}{}\u{0}{:?}",
        body.as_deref().unwrap_or(""),
        std::thread::current().id()
    );
    if let Some(v) = shared.variants.lock().map_err(|_| "poisoned")?.get(&key) {
        return Ok(v.clone());
    }
    let loaded = match &body {
        None => crate::variants::load(spec),
        Some(b) => crate::variants::load_with(spec, b),
    };
    let rules = loaded.map_err(|e| {
        format!(
            "cannot load variant `{spec}`:\n{}",
            e.to_string().trim_end()
        )
    })?;
    let v = Variant::new(rules);
    shared
        .variants
        .lock()
        .map_err(|_| "poisoned")?
        .insert(key, v.clone());
    Ok(v)
}

/// A seed for a player's choices: its own stream per game and side.
fn player_rng(game_seed: u64, color: Color) -> Rng {
    Rng::new(
        game_seed ^ 0x7a1e_5eed_0000_0000 ^ (color as u64 + 1).wrapping_mul(0x9E37_79B9_7F4A_7C15),
    )
}

fn play(
    shared: &Shared,
    start: &GameStart,
    white: &str,
    black: &str,
    opts: &Map,
) -> Fallible<Record> {
    let mut max_turns = DEFAULT_MAX_TURNS;
    for (k, v) in opts {
        match k.as_str() {
            "max_turns" => {
                max_turns = v
                    .as_int()
                    .ok()
                    .filter(|&n| n >= 0)
                    .ok_or("`max_turns` must be a whole number, 0 or more")?;
            }
            other => {
                return Err(
                    format!("`{other}` is not an option of play (options: max_turns)").into(),
                );
            }
        }
    }
    let players = [Player::parse(white)?, Player::parse(black)?];
    let mut rngs = [
        player_rng(start.game.seed, Color::White),
        player_rng(start.game.seed, Color::Black),
    ];
    let mut game = start.game.clone();
    let values = &start.variant.values;
    let mut outcome = game.outcome();
    while outcome.is_none() && (game.history().len() as INT) < max_turns {
        if shared.stop.load(Ordering::Relaxed) {
            return Err("stopped".into());
        }
        let side = game.position().side as usize;
        let mv = players[side].choose(&game, values, &mut rngs[side]);
        game.push(mv);
        outcome = game.outcome();
    }
    if let Some(e) = game.rules().script.as_ref().and_then(|h| h.take_error()) {
        return Err(format!("the variant's script failed: {e}").into());
    }
    Ok(Record(Arc::new(RecordData {
        rules: game.rules().clone(),
        start: game.start().clone(),
        turns: game.history().to_vec(),
        end: game.position().clone(),
        outcome,
        white: white.to_string(),
        black: black.to_string(),
    })))
}

fn result_text(o: &Option<Outcome>) -> &'static str {
    match o {
        Some(Outcome::Decisive {
            winner: Color::White,
            ..
        }) => "1-0",
        Some(Outcome::Decisive {
            winner: Color::Black,
            ..
        }) => "0-1",
        Some(Outcome::Draw { .. }) => "1/2-1/2",
        None => "*",
    }
}

/// Registers the types and functions of the experiment API.
pub fn register(engine: &mut Engine, shared: Arc<Shared>) {
    stats::register(engine);

    let s = shared.clone();
    engine.register_fn("game_seed", move |i: INT| {
        super::game_seed(s.seed.load(Ordering::Relaxed), i as u64) as INT
    });
    let s = shared.clone();
    engine.register_fn("variant", move |spec: &str| load_variant(&s, spec, None));
    let s = shared.clone();
    engine.register_fn("variant", move |spec: &str, changes: Map| {
        let mut body = String::new();
        body_text(&changes, &mut body, 1)?;
        load_variant(&s, spec, Some(body))
    });
    let s = shared.clone();
    engine.register_fn("variant", move |spec: &str, body: &str| {
        load_variant(&s, spec, Some(body.to_string()))
    });

    engine
        .register_type_with_name::<Variant>("Variant")
        .register_get("name", |v: &mut Variant| v.rules.name.clone())
        .register_get("pieces", |v: &mut Variant| {
            v.names((0..v.rules.base_kinds).map(|k| PieceKind(k as u8)))
        })
        .register_get("mutators", |v: &mut Variant| {
            mutator_names(&v.rules, u32::MAX)
        })
        .register_get("morphs", |v: &mut Variant| {
            let mut m = Map::new();
            for r in &v.rules.morphs {
                m.insert(
                    r.name.as_str().into(),
                    Dynamic::from_array(v.names(r.kinds.iter().copied())),
                );
            }
            m
        })
        .register_fn("value", |v: &mut Variant, piece: &str| -> Fallible<INT> {
            let kind = v
                .rules
                .kind_named(piece)
                .ok_or_else(|| format!("`{piece}` is not a piece of {}", v.rules.name))?;
            Ok(v.values.of(&v.rules, kind) as INT)
        })
        .register_fn("to_string", |v: &mut Variant| {
            format!("variant {}", v.rules.name)
        });

    engine.register_fn("game", |v: Variant, seed: INT| -> Fallible<GameStart> {
        let game = Game::new(v.rules.clone(), seed as u64).map_err(|e| e.to_string())?;
        Ok(GameStart { game, variant: v })
    });
    engine.register_fn(
        "game",
        |v: Variant, seed: INT, fen: &str| -> Fallible<GameStart> {
            let game = Game::from_fen(v.rules.clone(), fen, seed as u64)
                .map_err(|e| format!("bad FEN: {e}"))?;
            Ok(GameStart { game, variant: v })
        },
    );
    engine
        .register_type_with_name::<GameStart>("Game")
        .register_get("fen", |g: &mut GameStart| {
            to_fen(g.game.rules(), g.game.position())
        })
        .register_get("seed", |g: &mut GameStart| g.game.seed as INT)
        .register_fn("to_string", |g: &mut GameStart| {
            format!("game {}", to_fen(g.game.rules(), g.game.position()))
        });

    let s = shared.clone();
    engine.register_fn("play", move |g: GameStart, white: &str, black: &str| {
        play(&s, &g, white, black, &Map::new())
    });
    let s = shared;
    engine.register_fn(
        "play",
        move |g: GameStart, white: &str, black: &str, opts: Map| play(&s, &g, white, black, &opts),
    );

    engine
        .register_type_with_name::<Record>("Record")
        .register_get("result", |r: &mut Record| {
            result_text(&r.0.outcome).to_string()
        })
        .register_get("winner", |r: &mut Record| match &r.0.outcome {
            Some(Outcome::Decisive { winner, .. }) => color_name(*winner).to_string(),
            _ => String::new(),
        })
        .register_get("decisive", |r: &mut Record| {
            matches!(r.0.outcome, Some(Outcome::Decisive { .. }))
        })
        .register_get("reason", |r: &mut Record| match &r.0.outcome {
            Some(Outcome::Decisive { reason, .. } | Outcome::Draw { reason }) => reason.clone(),
            None => "turn limit".to_string(),
        })
        .register_get("plies", |r: &mut Record| r.0.turns.len() as INT)
        .register_get("white", |r: &mut Record| r.0.white.clone())
        .register_get("black", |r: &mut Record| r.0.black.clone())
        .register_get("start_fen", |r: &mut Record| to_fen(&r.0.rules, &r.0.start))
        .register_get("fen", |r: &mut Record| to_fen(&r.0.rules, &r.0.end))
        .register_get("moves", |r: &mut Record| -> Array {
            r.0.turns
                .iter()
                .map(|(mv, before)| Dynamic::from(to_san(&r.0.rules, before, mv)))
                .collect()
        })
        .register_get("turns", |r: &mut Record| -> Array {
            (0..r.0.turns.len())
                .map(|index| {
                    Dynamic::from(Turn {
                        record: r.0.clone(),
                        index,
                    })
                })
                .collect()
        })
        .register_fn("to_string", |r: &mut Record| {
            format!(
                "{} after {} plies",
                result_text(&r.0.outcome),
                r.0.turns.len()
            )
        });

    engine
        .register_type_with_name::<Turn>("Turn")
        .register_get("ply", |t: &mut Turn| t.index as INT + 1)
        .register_get("side", |t: &mut Turn| {
            color_name(t.before().side).to_string()
        })
        .register_get("san", |t: &mut Turn| to_san(t.rules(), t.before(), t.mv()))
        .register_get("uci", |t: &mut Turn| to_uci(t.rules(), t.mv()))
        .register_get("piece", |t: &mut Turn| name(t.rules(), t.mv().piece.kind))
        .register_get("capture", |t: &mut Turn| !t.captured().is_empty())
        .register_get("captured", |t: &mut Turn| t.captured())
        .register_get("promotion", |t: &mut Turn| t.change(true))
        .register_get("morph", |t: &mut Turn| t.change(false))
        .register_get("drop", |t: &mut Turn| t.dropped())
        .register_get("check", |t: &mut Turn| {
            let pos = t.after();
            in_check(t.rules(), pos, pos.side)
        })
        .register_get("checkers", |t: &mut Turn| t.checkers())
        .register_get("mutators", |t: &mut Turn| {
            mutator_names(t.rules(), t.after().active)
        })
        .register_get("mutators_before", |t: &mut Turn| {
            mutator_names(t.rules(), t.before().active)
        })
        .register_get("fen", |t: &mut Turn| to_fen(t.rules(), t.after()))
        .register_fn("to_string", |t: &mut Turn| {
            format!("{}. {}", t.index + 1, to_san(t.rules(), t.before(), t.mv()))
        });
}
