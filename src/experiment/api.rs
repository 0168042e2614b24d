//! What experiment scripts can call: `variant`, `game`, `play`, and the
//! finished game's record, turn by turn (its types in `record.rs`).

pub use super::record::{Record, Turn};
use super::record::{RecordData, array, color_name};
use super::stats;
use crate::session::{Dice, Error, Player, Rulebook, Seat, Session, Side, Start};
use rhai::{Array, Dynamic, Engine, EvalAltResult, FnPtr, INT, Map, NativeCallContext};
use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Arc, Mutex};

type Fallible<T> = Result<T, Box<EvalAltResult>>;

/// A game stops here unless the script asks for more (`max_turns`).
pub const DEFAULT_MAX_TURNS: INT = 1000;

/// A loaded variant, with its material values: a game at its setup,
/// from which the games of the variant are begun.
#[derive(Clone, Debug)]
pub struct Variant {
    template: Arc<Session>,
    values: Arc<Vec<(String, i32)>>,
}

impl Variant {
    fn new(template: Session) -> Variant {
        let values = Arc::new(template.material_values());
        Variant {
            template: Arc::new(template),
            values,
        }
    }

    /// A game of this variant, begun as `start` says.
    fn begin(&self, start: &Start) -> Result<Session, String> {
        Session::new(&self.template.rulebook(), start).map_err(|e| match e {
            Error::Fen { message } => message,
            other => other.to_string(),
        })
    }
}

/// A game to be played: a variant and a start (the same start each time
/// it is played).
#[derive(Clone, Debug)]
pub struct GameStart {
    session: Arc<Session>,
}

/// The most random plies an opening may have.
pub const MAX_OPENING_PLIES: INT = 1_000;

/// The random stream of a game's opening (apart from the players').
fn opening_dice(game_seed: u64) -> Dice {
    Dice::new(game_seed ^ 0x09e1_1a65_0be1_0000)
}

/// `game(v, seed, #{ ... })`: the start the options describe. `fen` is
/// the start position; `opening` varies it: `fens` (a FEN drawn by the
/// seed, or the one at `cycle % len` when `cycle` is given), then
/// `random_plies` random turns drawn from the seed. The opening's
/// position is the game's start (its turns are not the game's), so
/// every game of one seed has the same opening whatever the threads.
fn start_with(v: Variant, seed: INT, opts: &Map) -> Fallible<GameStart> {
    let seed = seed as u64;
    let mut fen: Option<String> = None;
    let mut plies: INT = 0;
    let mut rng = opening_dice(seed);
    for (k, val) in opts {
        match k.as_str() {
            "fen" => fen = Some(text_of("fen", val)?),
            "opening" => {
                let opening = val.read_lock::<Map>().ok_or_else(|| {
                    format!(
                        "`opening` must be a map (`#{{ random_plies: 4 }}`, `#{{ fens: [...] }}`), not {}",
                        what(val)
                    )
                })?;
                let mut fens: Option<Vec<String>> = None;
                let mut cycle: Option<INT> = None;
                for (k, val) in opening.iter() {
                    match k.as_str() {
                        "random_plies" => {
                            plies = val
                                .as_int()
                                .ok()
                                .filter(|n| (0..=MAX_OPENING_PLIES).contains(n))
                                .ok_or_else(|| {
                                    format!("`random_plies` must be a whole number from 0 to {MAX_OPENING_PLIES}")
                                })?;
                        }
                        "fens" => {
                            let list = val
                                .read_lock::<Array>()
                                .ok_or("`fens` must be an array of FENs (text)")?;
                            let list: Vec<String> = list
                                .iter()
                                .map(|f| text_of("fens", f))
                                .collect::<Fallible<_>>()?;
                            if list.is_empty() {
                                return Err("`fens` is empty: give at least one FEN".into());
                            }
                            fens = Some(list);
                        }
                        "cycle" => {
                            cycle = Some(val.as_int().ok().filter(|&n| n >= 0).ok_or(
                                "`cycle` must be a whole number, 0 or more (the game's number)",
                            )?);
                        }
                        other => {
                            return Err(format!(
                                "`{other}` is not an option of an opening (options: random_plies, fens, cycle)"
                            )
                            .into());
                        }
                    }
                }
                match (fens, cycle) {
                    (Some(list), Some(i)) => fen = Some(list[(i as usize) % list.len()].clone()),
                    (Some(list), None) => {
                        fen = Some(list[rng.below(list.len() as u64) as usize].clone());
                    }
                    (None, Some(_)) => {
                        return Err("`cycle` picks one of `fens`: give them too".into());
                    }
                    (None, None) => {}
                }
            }
            other => {
                return Err(
                    format!("`{other}` is not an option of game (options: fen, opening)").into(),
                );
            }
        }
    }
    let mut session = match &fen {
        Some(f) => v
            .begin(&Start::Fen {
                fen: f.clone(),
                seed,
            })
            .map_err(|e| format!("bad FEN `{f}`: {e}"))?,
        None => v.begin(&Start::Seed(seed))?,
    };
    if plies > 0 {
        session
            .random_opening(plies as usize, &mut rng)
            .map_err(|e| match e {
                Error::Fen { message } => message,
                other => other.to_string(),
            })?;
    }
    Ok(GameStart {
        session: Arc::new(session),
    })
}

/// `val` as text, or an error naming `key`.
fn text_of(key: &str, val: &Dynamic) -> Fallible<String> {
    if val.is_string() {
        Ok(val.to_string())
    } else {
        Err(format!("`{key}` must be text (a FEN), not {}", what(val)).into())
    }
}

/// Is `file` a name alone, with no folder (nor `..`) in it?
fn a_plain_name(file: &str) -> bool {
    let mut parts = Path::new(file).components();
    matches!(
        (parts.next(), parts.next()),
        (Some(std::path::Component::Normal(_)), None)
    ) && !file.contains(['/', '\\'])
}

/// State shared by every script call of a run.
#[derive(Debug)]
pub struct Shared {
    variants: Mutex<HashMap<String, Variant>>,
    /// Books read, by file and variant.
    books: Mutex<HashMap<String, Array>>,
    /// Raised to stop: the script code running ends with an error.
    pub stop: Arc<AtomicBool>,
    /// The run's seed, for `game_seed(i)`.
    pub seed: AtomicU64,
    /// The script's folder: the only one `variant(file)` reads from.
    folder: PathBuf,
}

impl Shared {
    /// Fresh state watching `stop`, for the script at `path`.
    pub fn new(stop: Arc<AtomicBool>, path: &str) -> Shared {
        let folder = match Path::new(path).parent() {
            Some(p) if !p.as_os_str().is_empty() => p.to_path_buf(),
            _ => PathBuf::from("."),
        };
        Shared {
            variants: Mutex::new(HashMap::new()),
            books: Mutex::new(HashMap::new()),
            stop,
            seed: AtomicU64::new(0),
            folder,
        }
    }

    /// The openings of the book `file` (in the script's folder) for
    /// `v`, each as a FEN: `book(v, file)`.
    fn book(&self, v: &Variant, file: &str) -> Fallible<Array> {
        let key = format!("{file}\u{0}{}", v.template.variant().name);
        if let Some(fens) = self.books.lock().map_err(|_| "poisoned")?.get(&key) {
            return Ok(fens.clone());
        }
        let plain = Path::new(file);
        let single = a_plain_name(file);
        let refuse = |why: &str| {
            format!("book(v, \"{file}\"): {why}; a book is a file in the script's own folder")
        };
        if !single {
            return Err(refuse("a path is not accepted").into());
        }
        let path = self.folder.join(plain);
        if crate::files::leads_out(&path, &self.folder) {
            return Err(refuse("the file is a link leading out of the script's folder").into());
        }
        let text = crate::files::read_text(&path, crate::files::MAX_RECORD_BYTES)
            .map_err(|e| format!("book(v, \"{file}\"): {e}"))?;
        let fens = v
            .template
            .rulebook()
            .read_book(&text)
            .map_err(|e| format!("book(v, \"{file}\"): {e}"))?;
        let fens = array(fens);
        self.books
            .lock()
            .map_err(|_| "poisoned")?
            .insert(key, fens.clone());
        Ok(fens)
    }

    /// What `variant(spec)` loads: an embedded variant's name as it is,
    /// a `.variant` file (`file.variant` or `file.variant:name`) in the
    /// script's folder as its path there.
    ///
    /// # Errors
    ///
    /// Any other name (a path, another kind of file, a link leading out
    /// of the folder); the file is never read, so its content is never
    /// shown.
    fn resolve(&self, spec: &str) -> Result<String, String> {
        if crate::session::builtin_text(spec).is_some() {
            return Ok(spec.to_string());
        }
        let (file, name) = match spec.split_once(':') {
            Some((file, name)) => (file, Some(name)),
            None => (spec, None),
        };
        let plain = Path::new(file);
        let single = a_plain_name(file);
        let refuse = |why: &str| {
            format!(
                "variant(\"{spec}\"): {why}; a script names an embedded variant (`changeling list`) or a `.variant` file in its own folder (`my.variant`, `my.variant:name`)"
            )
        };
        if !single {
            return Err(refuse("a path is not accepted"));
        }
        if plain.extension().is_none_or(|x| x != "variant") {
            return Err(refuse(
                "not an embedded variant, nor a file ending in `.variant`",
            ));
        }
        let path = self.folder.join(plain);
        if crate::files::leads_out(&path, &self.folder) {
            return Err(refuse(
                "the file is a link leading out of the script's folder",
            ));
        }
        let path = path.display().to_string();
        Ok(match name {
            Some(name) => format!("{path}:{name}"),
            None => path,
        })
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
    value_text_at(key, v, 0)
}

fn value_text_at(key: &str, v: &Dynamic, depth: usize) -> Result<String, String> {
    if depth > MAX_OVERRIDE_DEPTH {
        return Err(format!(
            "`{key}`: lists nest more than {MAX_OVERRIDE_DEPTH} deep"
        ));
    }
    if let Ok(b) = v.as_bool() {
        Ok(b.to_string())
    } else if let Ok(i) = v.as_int() {
        Ok(i.to_string())
    } else if let Some(a) = v.read_lock::<Array>() {
        let items: Result<Vec<String>, String> =
            a.iter().map(|x| value_text_at(key, x, depth + 1)).collect();
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

/// How deep sections of overrides may nest (the variant language has
/// sections inside sections, not more).
const MAX_OVERRIDE_DEPTH: usize = 4;

/// Overrides given as a map, as the body of a child variant: a map value
/// is a section (`drops: #{first_window: 4}`, `"piece knight": #{...}`).
fn body_text(map: &Map, out: &mut String, indent: usize) -> Result<(), String> {
    if indent > MAX_OVERRIDE_DEPTH {
        return Err(format!(
            "overrides nest sections more than {MAX_OVERRIDE_DEPTH} deep"
        ));
    }
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

/// How many loaded variants are kept for reuse (each thread's copies
/// counted).
const MAX_KEPT_VARIANTS: usize = 1_024;

fn open_variant(shared: &Shared, spec: &str, body: Option<String>) -> Fallible<Variant> {
    let spec = &shared.resolve(spec)?;
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
        None => Rulebook::open(spec),
        Some(b) => Rulebook::open_changed(spec, b),
    };
    let book = loaded.map_err(|e| {
        format!(
            "cannot load variant `{spec}`:\n{}",
            e.to_string().trim_end()
        )
    })?;
    let template = Session::new(&book, &Start::Setup).map_err(|e| e.to_string())?;
    let v = Variant::new(template);
    let mut kept = shared.variants.lock().map_err(|_| "poisoned")?;
    // A script making ever new variants keeps only the first ones.
    if kept.len() < MAX_KEPT_VARIANTS {
        kept.insert(key, v.clone());
    }
    Ok(v)
}

/// A seed for a player's choices: its own stream per game and side.
fn player_dice(game_seed: u64, side: Side) -> Dice {
    let n = match side {
        Side::White => 1u64,
        Side::Black => 2,
    };
    Dice::new(game_seed ^ 0x7a1e_5eed_0000_0000 ^ n.wrapping_mul(0x9E37_79B9_7F4A_7C15))
}

/// Who plays a side: a built-in player, or a script function choosing
/// from the turns on offer.
struct SidePlayer {
    seat: Seat,
    script: Option<(FnPtr, Arc<Mutex<Dice>>)>,
}

impl SidePlayer {
    fn new(who: &Dynamic, dice: Dice) -> Fallible<(SidePlayer, String)> {
        if let Some(f) = who.read_lock::<FnPtr>() {
            let name = if f.fn_name().starts_with("anon$") {
                "script".to_string()
            } else {
                f.fn_name().to_string()
            };
            let script = Some((f.clone(), Arc::new(Mutex::new(dice))));
            Ok((
                SidePlayer {
                    seat: Seat::chosen_by_caller(),
                    script,
                },
                name,
            ))
        } else if who.is_string() {
            let name = who.to_string();
            let player = Player::parse(&name).map_err(|e| e.to_string())?;
            Ok((
                SidePlayer {
                    seat: Seat::new(player, dice),
                    script: None,
                },
                name,
            ))
        } else {
            Err(format!(
                "a player is a name (\"random\", \"greedy\", \"search:N\", \"engine\", \"engine:depth=N\") or a function (`|p| p.moves[0]`), not {}",
                what(who)
            )
            .into())
        }
    }

    /// Plays the side to move's turn in `session`.
    fn play(&mut self, ctx: &NativeCallContext, session: &mut Session) -> Fallible<()> {
        let Some((f, dice)) = &self.script else {
            return session
                .play_seat(&mut self.seat)
                .map_err(|e| e.to_string().into());
        };
        let offered = session.offered_turns();
        let moves: Array = offered
            .iter()
            .map(|t| Dynamic::from(Turn(t.clone())))
            .collect();
        let side = color_name(session.side());
        let view = Choice {
            fen: session.fen(),
            side,
            ply: session.ply(),
            in_check: session.in_check(),
            moves: moves.clone(),
            dice: dice.clone(),
        };
        let answer: Dynamic = f.call_within_context(ctx, (view,))?;
        if let Some(t) = answer.read_lock::<Turn>() {
            return session.play_offered(&t.0).map_err(|_| {
                format!(
                    "the {side} player returned `{}`, a turn of another position; return one of `p.moves`",
                    t.0.san()
                )
                .into()
            });
        }
        if let Ok(i) = answer.as_int() {
            let turn = usize::try_from(i)
                .ok()
                .and_then(|i| offered.get(i))
                .ok_or_else(|| {
                    format!(
                        "the {side} player returned {i}, but there are {} moves (0 to {})",
                        moves.len(),
                        moves.len().saturating_sub(1)
                    )
                })?;
            return session.play_offered(turn).map_err(|e| e.to_string().into());
        }
        if answer.is_string() {
            let text = answer.to_string();
            return session.replay(&text).map_err(|e| {
                format!("the {side} player returned `{text}`, not a legal move here: {e}").into()
            });
        }
        let got = if answer.is_unit() {
            "nothing".to_string()
        } else {
            format!("{} `{answer}`", what(&answer))
        };
        Err(format!(
            "the {side} player returned {got}; return one of `p.moves`, its index, or a move as text"
        )
        .into())
    }
}

/// A value's type as a script writer names it.
fn what(v: &Dynamic) -> String {
    let name = if v.is_int() {
        "a whole number"
    } else if v.is_float() {
        "a decimal number"
    } else if v.is_string() || v.is_char() {
        "text"
    } else if v.is_bool() {
        "a boolean"
    } else if v.is_unit() {
        "()"
    } else if v.is_array() {
        "an array"
    } else if v.is_map() {
        "a map"
    } else {
        return format!("a {}", v.type_name().rsplit("::").next().unwrap_or("value"));
    };
    name.to_string()
}

/// What a script player sees: the position and its legal turns.
#[derive(Clone, Debug)]
pub struct Choice {
    fen: String,
    side: &'static str,
    ply: usize,
    in_check: bool,
    moves: Array,
    dice: Arc<Mutex<Dice>>,
}

/// Calls `on_turn` with the turn just played; `false` ends the game.
fn on_turn(ctx: &NativeCallContext, f: &FnPtr, session: &Session) -> Fallible<bool> {
    let Some(turn) = session
        .ply()
        .checked_sub(1)
        .and_then(|p| session.played_turn(p))
    else {
        return Ok(true);
    };
    let answer: Dynamic = f.call_within_context(ctx, (Turn(turn),))?;
    Ok(answer.as_bool().unwrap_or(true))
}

fn play(
    ctx: &NativeCallContext,
    shared: &Shared,
    start: &GameStart,
    white: &Dynamic,
    black: &Dynamic,
    opts: &Map,
) -> Fallible<Record> {
    let mut max_turns = DEFAULT_MAX_TURNS;
    let mut watch = None;
    for (k, v) in opts {
        match k.as_str() {
            "max_turns" => {
                max_turns = v
                    .as_int()
                    .ok()
                    .filter(|&n| n >= 0)
                    .ok_or("`max_turns` must be a whole number, 0 or more")?;
            }
            "on_turn" => {
                watch = Some(v.read_lock::<FnPtr>().map(|f| f.clone()).ok_or_else(|| {
                    format!("`on_turn` must be a function (`|t| ...`), not {}", what(v))
                })?);
            }
            other => {
                return Err(format!(
                    "`{other}` is not an option of play (options: max_turns, on_turn)"
                )
                .into());
            }
        }
    }
    let seed = start.session.seed();
    let (white_seat, white_name) = SidePlayer::new(white, player_dice(seed, Side::White))?;
    let (black_seat, black_name) = SidePlayer::new(black, player_dice(seed, Side::Black))?;
    let mut seats = [white_seat, black_seat];
    // An engine's search ends early when the run is stopped; the game
    // then stops at its next turn.
    for s in &mut seats {
        s.seat.set_stop_flag(shared.stop.clone());
    }
    let index = |side: Side| match side {
        Side::White => 0,
        Side::Black => 1,
    };
    let mut session = start.session.replica();
    // A game is a command: its script work has a budget of its own.
    session.begin_command();
    // The seat to move is readied before the game is asked whether it
    // is over: a random player's draw tells it that a turn exists.
    session.ready(&mut seats[index(session.side())].seat);
    let mut outcome = session.outcome();
    let mut cut = None;
    while outcome.is_none() {
        if (session.ply() as INT) >= max_turns {
            cut = Some("turn limit");
            break;
        }
        if shared.stop.load(Ordering::Relaxed) {
            return Err("stopped".into());
        }
        seats[index(session.side())].play(ctx, &mut session)?;
        session.ready(&mut seats[index(session.side())].seat);
        outcome = session.outcome();
        if let Some(f) = &watch
            && !on_turn(ctx, f, &session)?
        {
            if outcome.is_none() {
                cut = Some("on_turn");
            }
            break;
        }
    }
    if let Some(e) = session.take_script_error() {
        let why = match e {
            Error::Script { message } => message,
            other => other.to_string(),
        };
        return Err(format!("the variant's script failed: {why}").into());
    }
    note_played(&session);
    Ok(Record(Arc::new(RecordData {
        session,
        outcome,
        cut,
        white: white_name,
        black: black_name,
    })))
}

thread_local! {
    /// The games `play` finished on this thread since [`take_played`]:
    /// each one's start and moves, hashed.
    static PLAYED: std::cell::RefCell<Vec<u64>> = const { std::cell::RefCell::new(Vec::new()) };
}

/// Notes `game`'s start and moves, so that the runner can tell when
/// games repeat.
fn note_played(session: &Session) {
    use std::hash::{Hash, Hasher};
    // The default hasher with its fixed keys: the same number on every
    // run and thread.
    let mut h = std::collections::hash_map::DefaultHasher::new();
    session.start_fen().hash(&mut h);
    // Moves as text: their numbers inside the program may depend on
    // the order in which threads met them.
    for mv in session.coordinates_played() {
        mv.hash(&mut h);
    }
    let print = h.finish();
    PLAYED.with(|p| p.borrow_mut().push(print));
}

/// The games played on this thread since the last call (see
/// [`note_played`]), as one number; `None` when none was.
pub(super) fn take_played() -> Option<u64> {
    use std::hash::{Hash, Hasher};
    let played = PLAYED.with(|p| std::mem::take(&mut *p.borrow_mut()));
    if played.is_empty() {
        return None;
    }
    let mut h = std::collections::hash_map::DefaultHasher::new();
    played.hash(&mut h);
    Some(h.finish())
}

/// Registers the types and functions of the experiment API.
pub fn register(engine: &mut Engine, shared: Arc<Shared>) {
    stats::register(engine);

    let s = shared.clone();
    engine.register_fn("game_seed", move |i: INT| -> Fallible<INT> {
        let i =
            u64::try_from(i).map_err(|_| format!("game_seed({i}): games are numbered from 0"))?;
        Ok(super::game_seed(s.seed.load(Ordering::Relaxed), i) as INT)
    });
    let s = shared.clone();
    engine.register_fn("book", move |v: Variant, file: &str| s.book(&v, file));
    let s = shared.clone();
    engine.register_fn("variant", move |spec: &str| open_variant(&s, spec, None));
    let s = shared.clone();
    engine.register_fn("variant", move |spec: &str, changes: Map| {
        let mut body = String::new();
        body_text(&changes, &mut body, 1)?;
        open_variant(&s, spec, Some(body))
    });
    let s = shared.clone();
    engine.register_fn("variant", move |spec: &str, body: &str| {
        open_variant(&s, spec, Some(body.to_string()))
    });

    engine
        .register_type_with_name::<Variant>("Variant")
        .register_get("name", |v: &mut Variant| v.template.variant().name)
        .register_get("pieces", |v: &mut Variant| {
            array(v.template.declared_kinds())
        })
        .register_get("mutators", |v: &mut Variant| {
            array(v.template.mutator_names())
        })
        .register_get("morphs", |v: &mut Variant| {
            let mut m = Map::new();
            for (name, kinds) in v.template.morph_groups() {
                m.insert(name.as_str().into(), Dynamic::from_array(array(kinds)));
            }
            m
        })
        .register_fn("value", |v: &mut Variant, piece: &str| -> Fallible<INT> {
            let name = v.template.declared_kind(piece);
            name.and_then(|name| v.values.iter().find(|(n, _)| *n == name))
                .map(|(_, value)| *value as INT)
                .ok_or_else(|| {
                    format!("`{piece}` is not a piece of {}", v.template.variant().name).into()
                })
        })
        .register_fn("to_string", |v: &mut Variant| {
            format!("variant {}", v.template.variant().name)
        });

    engine.register_fn("game", |v: Variant, seed: INT| -> Fallible<GameStart> {
        let session = v.begin(&Start::Seed(seed as u64))?;
        Ok(GameStart {
            session: Arc::new(session),
        })
    });
    engine.register_fn(
        "game",
        |v: Variant, seed: INT, fen: &str| -> Fallible<GameStart> {
            let session = v
                .begin(&Start::Fen {
                    fen: fen.to_string(),
                    seed: seed as u64,
                })
                .map_err(|e| format!("bad FEN: {e}"))?;
            Ok(GameStart {
                session: Arc::new(session),
            })
        },
    );
    engine.register_fn("game", |v: Variant, seed: INT, opts: Map| {
        start_with(v, seed, &opts)
    });
    engine
        .register_type_with_name::<GameStart>("Game")
        .register_get("fen", |g: &mut GameStart| g.session.fen())
        .register_get("seed", |g: &mut GameStart| g.session.seed() as INT)
        .register_fn("to_string", |g: &mut GameStart| {
            format!("game {}", g.session.fen())
        });

    let s = shared.clone();
    engine.register_fn(
        "play",
        move |ctx: NativeCallContext, g: GameStart, white: Dynamic, black: Dynamic| {
            play(&ctx, &s, &g, &white, &black, &Map::new())
        },
    );
    let s = shared;
    engine.register_fn(
        "play",
        move |ctx: NativeCallContext, g: GameStart, white: Dynamic, black: Dynamic, opts: Map| {
            play(&ctx, &s, &g, &white, &black, &opts)
        },
    );

    engine
        .register_type_with_name::<Choice>("Position")
        .register_get("moves", |c: &mut Choice| c.moves.clone())
        .register_get("side", |c: &mut Choice| c.side.to_string())
        .register_get("ply", |c: &mut Choice| c.ply as INT)
        .register_get("fen", |c: &mut Choice| c.fen.clone())
        .register_get("in_check", |c: &mut Choice| c.in_check)
        .register_fn("random", |c: &mut Choice, n: INT| -> Fallible<INT> {
            let n = u64::try_from(n)
                .ok()
                .filter(|&n| n > 0)
                .ok_or_else(|| format!("random({n}): the bound must be 1 or more"))?;
            let mut dice = c.dice.lock().map_err(|_| "poisoned")?;
            Ok(dice.below(n) as INT)
        })
        .register_fn("to_string", |c: &mut Choice| format!("position {}", c.fen));

    super::record::register(engine);
}
