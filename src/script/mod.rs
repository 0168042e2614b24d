//! The Rhai bridge: variant scripts compiled once per load, called through
//! a fixed list of hooks ([`hooks`]) inside a sandbox ([`limits`]).
//!
//! Scripts see a read-only [`Board`] and return plain data (moves as maps),
//! which the engine checks and turns into effect lists. A hook that fails
//! (a runtime error, a limit, a malformed answer) yields nothing and
//! records a [`ScriptError`] naming the script, function and line; callers
//! collect it with [`ScriptHost::take_error`]. The position is never
//! touched by a script.

pub mod hooks;
pub mod limits;

use crate::board::{Color, Piece, Square};
use crate::position::{Effect, Move, MoveKind, Position};
use crate::rules::Geometry;
use hooks::Hook;
use rhai::{AST, Array, CallFnOptions, Dynamic, Engine, INT, Map, Scope};
use std::fmt;
use std::sync::{Arc, Mutex};

/// A script failure, with where it happened.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ScriptError {
    /// The script file.
    pub file: String,
    /// The hook function.
    pub function: String,
    /// Line in the script (0 when unknown).
    pub line: usize,
    /// What went wrong.
    pub message: String,
}

impl fmt::Display for ScriptError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.line > 0 {
            write!(
                f,
                "{}:{}: in `{}`: {}",
                self.file, self.line, self.function, self.message
            )
        } else {
            write!(f, "{}: in `{}`: {}", self.file, self.function, self.message)
        }
    }
}

impl std::error::Error for ScriptError {}

/// What a script sees: a snapshot of the position, with names.
#[derive(Clone, Debug)]
pub struct Board {
    pos: Position,
    geometry: Geometry,
    names: Arc<Vec<String>>,
}

impl Board {
    fn sq(&self, s: INT) -> Option<Square> {
        (0..self.geometry.len() as INT)
            .contains(&s)
            .then_some(Square(s as u8))
    }

    fn piece(&self, s: INT) -> Option<Piece> {
        self.sq(s).and_then(|sq| self.pos.piece_at(sq))
    }
}

fn color_name(c: Color) -> &'static str {
    match c {
        Color::White => "white",
        Color::Black => "black",
    }
}

/// A variant's compiled script and the hooks it declared.
pub struct ScriptHost {
    engine: Engine,
    ast: AST,
    file: String,
    hooks: Vec<Hook>,
    names: Arc<Vec<String>>,
    error: Mutex<Option<ScriptError>>,
    /// Line of each hook's definition, for errors that carry no position
    /// (the operations limit).
    def_lines: Vec<(&'static str, usize)>,
}

impl fmt::Debug for ScriptHost {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("ScriptHost")
            .field("file", &self.file)
            .field(
                "hooks",
                &self.hooks.iter().map(|h| h.name).collect::<Vec<_>>(),
            )
            .finish_non_exhaustive()
    }
}

/// Why a script could not be loaded: each problem with a line when known.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LoadProblem {
    /// Line in the script (0: the script as a whole).
    pub line: usize,
    /// What is wrong.
    pub message: String,
}

fn engine() -> Engine {
    let mut e = Engine::new();
    limits::apply(&mut e);
    e.register_type_with_name::<Board>("Board")
        .register_fn("width", |b: &mut Board| b.geometry.width as INT)
        .register_fn("height", |b: &mut Board| b.geometry.height as INT)
        .register_fn("side", |b: &mut Board| color_name(b.pos.side).to_string())
        .register_fn("square", |b: &mut Board, name: &str| {
            b.geometry
                .parse_square(name)
                .map_or(-1, |s| s.index() as INT)
        })
        .register_fn("name", |b: &mut Board, s: INT| {
            b.sq(s).map_or_else(String::new, |sq| b.geometry.name(sq))
        })
        .register_fn("file", |b: &mut Board, s: INT| {
            b.sq(s).map_or(-1, |sq| b.geometry.file(sq) as INT)
        })
        .register_fn("rank", |b: &mut Board, s: INT| {
            b.sq(s).map_or(-1, |sq| b.geometry.rank(sq) as INT)
        })
        .register_fn("offset", |b: &mut Board, s: INT, dx: INT, dy: INT| {
            let (Some(sq), Ok(dx), Ok(dy)) = (b.sq(s), i32::try_from(dx), i32::try_from(dy)) else {
                return -1;
            };
            b.geometry
                .offset(sq, dx, dy)
                .map_or(-1, |t| t.index() as INT)
        })
        .register_fn("is_empty", |b: &mut Board, s: INT| {
            b.sq(s).is_some_and(|sq| b.pos.is_empty(sq))
        })
        .register_fn("kind", |b: &mut Board, s: INT| {
            b.piece(s)
                .map_or_else(String::new, |p| b.names[p.kind.index()].clone())
        })
        .register_fn("color", |b: &mut Board, s: INT| {
            b.piece(s)
                .map_or_else(String::new, |p| color_name(p.color).to_string())
        })
        .register_fn("forward", |_: &mut Board, color: &str| -> INT {
            if color == "black" { -1 } else { 1 }
        });
    e
}

impl ScriptHost {
    /// Compiles `source` (read from `file`) and checks that every hook in
    /// `declared` exists with the right number of parameters.
    ///
    /// # Errors
    ///
    /// Syntax errors, undefined variables, unknown hook names and missing
    /// or mismatched hook functions, each with a line where known.
    pub fn load(
        file: &str,
        source: &str,
        declared: &[&str],
        names: Vec<String>,
    ) -> Result<ScriptHost, Vec<LoadProblem>> {
        let mut engine = engine();
        // `import "name"` reads `name.rhai` beside the script, then under
        // scripts/, once, while compiling; the modules are embedded in the
        // AST and the engine reads no file afterwards.
        let mut resolvers = rhai::module_resolvers::ModuleResolversCollection::new();
        if let Some(dir) = std::path::Path::new(file).parent() {
            resolvers.push(rhai::module_resolvers::FileModuleResolver::new_with_path(
                dir,
            ));
        }
        resolvers.push(rhai::module_resolvers::FileModuleResolver::new_with_path(
            "scripts",
        ));
        engine.set_module_resolver(resolvers);
        let compiled = engine.compile_into_self_contained(&Scope::new(), source);
        engine.set_module_resolver(rhai::module_resolvers::DummyModuleResolver::new());
        let ast = compiled.map_err(|e| {
            vec![LoadProblem {
                line: e.position().line().unwrap_or(0),
                message: match &*e {
                    rhai::EvalAltResult::ErrorParsing(p, _) => p.to_string(),
                    other => other.to_string(),
                },
            }]
        })?;
        let mut problems = Vec::new();
        let mut hooks = Vec::new();
        for &name in declared {
            let Some(hook) = hooks::ALL.iter().find(|h| h.name == name) else {
                let known: Vec<&str> = hooks::ALL.iter().map(|h| h.name).collect();
                problems.push(LoadProblem {
                    line: 0,
                    message: format!("unknown hook `{name}` (hooks: {})", known.join(", ")),
                });
                continue;
            };
            let found: Vec<_> = ast.iter_functions().filter(|f| f.name == name).collect();
            if found.is_empty() {
                problems.push(LoadProblem {
                    line: 0,
                    message: format!(
                        "the script has no function `{name}({})`, which the variant declares",
                        hook.params.join(", ")
                    ),
                });
            } else if !found.iter().any(|f| f.params.len() == hook.params.len()) {
                problems.push(LoadProblem {
                    line: 0,
                    message: format!(
                        "`{name}` takes {} parameters ({}), but the script's takes {}",
                        hook.params.len(),
                        hook.params.join(", "),
                        found[0].params.len()
                    ),
                });
            } else {
                hooks.push(*hook);
            }
        }
        if !problems.is_empty() {
            return Err(problems);
        }
        let def_lines = hooks
            .iter()
            .map(|h| {
                let needle = format!("fn {}(", h.name);
                let line = source
                    .lines()
                    .position(|l| l.trim_start().starts_with(&needle))
                    .map_or(0, |i| i + 1);
                (h.name, line)
            })
            .collect();
        Ok(ScriptHost {
            engine,
            ast,
            file: file.to_string(),
            hooks,
            names: Arc::new(names),
            error: Mutex::new(None),
            def_lines,
        })
    }

    /// Did the variant declare `hook`?
    pub fn has(&self, hook: Hook) -> bool {
        self.hooks.contains(&hook)
    }

    /// The first error since the last call, if any.
    pub fn take_error(&self) -> Option<ScriptError> {
        self.error.lock().map_or(None, |mut e| e.take())
    }

    fn fail(&self, hook: Hook, line: usize, message: String) {
        if let Ok(mut e) = self.error.lock()
            && e.is_none()
        {
            *e = Some(ScriptError {
                file: self.file.clone(),
                function: hook.name.to_string(),
                line,
                message,
            });
        }
    }

    fn board(&self, geometry: Geometry, pos: &Position) -> Board {
        Board {
            pos: pos.clone(),
            geometry,
            names: self.names.clone(),
        }
    }

    fn call(&self, hook: Hook, args: impl rhai::FuncArgs) -> Option<Dynamic> {
        let mut scope = Scope::new();
        let options = CallFnOptions::new().eval_ast(false).rewind_scope(true);
        match self
            .engine
            .call_fn_with_options::<Dynamic>(options, &mut scope, &self.ast, hook.name, args)
        {
            Ok(v) => Some(v),
            Err(e) => {
                // The innermost error says where it happened; the outer
                // ones wrap it in the calls that led there.
                let mut inner: &rhai::EvalAltResult = &e;
                let mut line = inner.position().line().unwrap_or(0);
                while let rhai::EvalAltResult::ErrorInFunctionCall(_, _, next, _) = inner {
                    inner = next;
                    line = inner.position().line().unwrap_or(line);
                }
                if line == 0 {
                    line = self
                        .def_lines
                        .iter()
                        .find(|d| d.0 == hook.name)
                        .map_or(0, |d| d.1);
                }
                self.fail(hook, line, inner.to_string());
                None
            }
        }
    }

    /// The extra moves of the piece on `from` (empty on failure, which is
    /// recorded).
    pub fn extra_moves(&self, geometry: Geometry, pos: &Position, from: Square) -> Vec<Move> {
        let hook = hooks::EXTRA_MOVES;
        let Some(piece) = pos.piece_at(from) else {
            return Vec::new();
        };
        let board = self.board(geometry, pos);
        let Some(answer) = self.call(hook, (board, from.index() as INT)) else {
            return Vec::new();
        };
        let Some(list) = answer.try_cast::<Array>() else {
            self.fail(hook, 0, "must return an array of moves".to_string());
            return Vec::new();
        };
        let mut out = Vec::new();
        for item in list {
            match self.read_move(geometry, pos, from, piece, item) {
                Ok(m) => out.push(m),
                Err(message) => {
                    self.fail(hook, 0, message);
                    return Vec::new();
                }
            }
        }
        out
    }

    fn read_move(
        &self,
        g: Geometry,
        pos: &Position,
        from: Square,
        piece: Piece,
        item: Dynamic,
    ) -> Result<Move, String> {
        let square = |v: &Dynamic, what: &str| -> Result<Square, String> {
            let s = v
                .as_int()
                .map_err(|t| format!("{what} must be a square number, not {t}"))?;
            if (0..g.len() as INT).contains(&s) {
                Ok(Square(s as u8))
            } else {
                Err(format!("{what} {s} is off the board"))
            }
        };
        let map = item
            .try_cast::<Map>()
            .ok_or("each move must be a map like #{ to: sq, captures: [sq] }")?;
        let to = square(map.get("to").ok_or("a move without `to`")?, "`to`")?;
        let mut effects = Vec::new();
        let mut captured = None;
        if let Some(caps) = map.get("captures") {
            let caps = caps
                .clone()
                .try_cast::<Array>()
                .ok_or("`captures` must be an array of squares")?;
            for c in caps {
                let sq = square(&c, "a capture square")?;
                let victim = pos
                    .piece_at(sq)
                    .filter(|v| v.color != piece.color)
                    .ok_or_else(|| format!("captures {}, which holds no enemy", g.name(sq)))?;
                captured.get_or_insert(victim);
                effects.push(Effect::Capture {
                    square: sq,
                    unit: 0,
                    by: Some(from),
                });
            }
        }
        for key in map.keys() {
            if key != "to" && key != "captures" {
                return Err(format!("unknown move field `{key}` (fields: to, captures)"));
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
        Ok(Move {
            from,
            to,
            piece,
            captured,
            promotion: None,
            kind: MoveKind::Effects(Arc::new(effects)),
            atom: 255,
        })
    }

    /// Does the piece on `from` attack `target`? (False on failure, which
    /// is recorded.)
    pub fn attacks(
        &self,
        geometry: Geometry,
        pos: &Position,
        from: Square,
        target: Square,
    ) -> bool {
        let hook = hooks::ATTACKS;
        let board = self.board(geometry, pos);
        match self.call(hook, (board, from.index() as INT, target.index() as INT)) {
            Some(v) => match v.as_bool() {
                Ok(b) => b,
                Err(t) => {
                    self.fail(hook, 0, format!("must return true or false, not {t}"));
                    false
                }
            },
            None => false,
        }
    }
}
