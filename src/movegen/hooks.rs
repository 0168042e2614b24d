//! What move generation asks of a variant's script, as a trait: the
//! script bridge implements it and the loader installs it in the rules'
//! extensions, so that this layer never names the script.

use crate::board::Square;
use crate::position::{Move, Position};
use crate::rules::Rules;
use crate::rules::hooks::Hook;
use std::fmt;
use std::sync::Arc;

/// A script failure, with where it happened.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct HookError {
    /// The script file.
    pub file: String,
    /// The hook function.
    pub function: String,
    /// Line in the script (0 when unknown).
    pub line: usize,
    /// What went wrong.
    pub message: String,
}

impl fmt::Display for HookError {
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

impl std::error::Error for HookError {}

/// What one hook has cost since the variant was loaded: the questions
/// asked of it, those answered from memory (see `scripts/README.md`),
/// the script's runs and the time they took.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct HookCost {
    /// The hook's name.
    pub hook: &'static str,
    /// Questions asked.
    pub asked: u64,
    /// Of those, answered from memory without running the script.
    pub remembered: u64,
    /// Runs of the script's function.
    pub runs: u64,
    /// Their time, in seconds.
    pub seconds: f64,
}

/// The hooks a variant's script answers while moves are generated. A
/// failing hook answers as if it had nothing to add, and keeps its error
/// for [`Hooks::take_error`] on the thread that called it; the game in
/// progress is kept.
pub trait Hooks: Send + Sync + fmt::Debug {
    /// Did the variant declare `hook`?
    fn has(&self, hook: Hook) -> bool;
    /// The moves of the scripted piece on `from`, beyond its own.
    fn extra_moves(&self, rules: &Rules, pos: &Position, from: Square) -> Vec<Move>;
    /// Does the scripted piece on `from` attack `target`?
    fn attacks(&self, pos: &Position, from: Square, target: Square) -> bool;
    /// Keeps the legal `moves` the script allows.
    fn filter_moves(&self, rules: &Rules, pos: &Position, moves: &mut Vec<Move>);
    /// The name of the move tag numbered `number` (`Origin::Tag`), if any.
    fn tag(&self, number: u8) -> Option<String>;
    /// The result the script declares in `pos`, if it declares one: the
    /// winner (`None` for a draw) and the number of its reason
    /// ([`Hooks::reason`]).
    fn game_result(&self, _pos: &Position) -> Option<(Option<crate::board::Color>, u16)> {
        None
    }
    /// The reason numbered `number` that [`Hooks::game_result`] gave.
    fn reason(&self, _number: u16) -> Option<String> {
        None
    }
    /// What each declared hook has cost so far, on every thread.
    fn costs(&self) -> Vec<HookCost> {
        Vec::new()
    }
    /// The first error a hook raised on this thread since the last call
    /// on this thread, if any: games sharing the rules on other threads
    /// keep their own.
    fn take_error(&self) -> Option<HookError>;
    /// A front end's command begins: the budget of script work one
    /// command may use starts again.
    fn begin_command(&self) {}
    /// While `on`, the hooks are asked about positions of no game (an
    /// empty board, to rate a piece): their failures say nothing about
    /// the script and do not count towards disabling a hook.
    fn set_probing(&self, _on: bool) {}
}

/// Move generation as position asks it ([`crate::position::CaptureProbe`]).
#[derive(Debug)]
struct Generator;

impl crate::position::CaptureProbe for Generator {
    fn captures_onto(
        &self,
        rules: &Rules,
        pos: &Position,
        from: Square,
        to: Square,
        buf: &mut Vec<Move>,
    ) -> bool {
        super::captures_onto(rules, pos, from, to, buf)
    }

    fn in_check(&self, rules: &Rules, pos: &Position, color: crate::board::Color) -> bool {
        super::in_check(rules, pos, color)
    }
}

/// Installs in `rules` what playing a move asks of move generation.
/// Every loaded variant has it.
pub fn install(rules: &mut Rules) {
    let probe: Arc<dyn crate::position::CaptureProbe> = Arc::new(Generator);
    rules.extensions_mut().insert(probe);
}

/// The hooks installed in `rules`, if the variant has a script.
#[inline]
pub fn hooks(rules: &Rules) -> Option<&dyn Hooks> {
    // A variant without a script answers at once.
    rules.script().as_ref()?;
    rules
        .extensions()
        .get::<Arc<dyn Hooks>>()
        .map(|h| h.as_ref())
}
