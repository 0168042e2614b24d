//! `explain`: what a move does, step by step, as the session explains it
//! ([`crate::session::Session::explain_turn`]): the move's own effects,
//! then what the rules make of them, numbered.

use super::{Reply, Session};

/// `explain MOVE`: what a legal move does, step by step, without playing
/// it: the move's own effects, then what the rules make of them.
pub(super) fn explain(s: &mut Session, rest: &str) -> Reply {
    if rest.is_empty() {
        return Reply::say("error: `explain` needs a move, like `explain e4`\n");
    }
    match s.session.explain_turn(rest) {
        Ok(e) => {
            let mut out = format!("{}:\n", e.san);
            for (i, step) in e.steps.iter().enumerate() {
                out.push_str(&format!("  {}. {}\n", i + 1, step.words));
            }
            Reply::say(out)
        }
        Err(e) => Reply::say(format!("error: {e}\n")),
    }
}
