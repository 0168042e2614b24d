//! Words shared by the syntax errors of both grammars. Each grammar's
//! file names its own rules (`phrase`, `movement_phrase`): the matches are
//! exhaustive on purpose, so adding a grammar rule does not compile until
//! someone writes its phrase.

/// `a`, `a or b`, `a, b or c`.
pub(crate) fn join_or(items: &[&str]) -> String {
    match items {
        [] => "something else".to_string(),
        [one] => one.to_string(),
        [rest @ .., last] => format!("{} or {last}", rest.join(", ")),
    }
}
