//! Variants read from the file system, for the front ends that run on
//! an operating system (built only with the `native` feature).

use super::{Error, Session, Start, load_error};

impl Session {
    /// A new game of the variant `spec` names: a built-in variant by
    /// name, or a variant file by path (`path`, or `path:name` for one
    /// of the file's variants), its scripts read from beside it. With
    /// `changes`, the game's variant is a child of that one whose body
    /// is `changes` (`ending { fifty_move = 30 }`).
    ///
    /// ```
    /// use changeling::session::{Session, Start};
    /// let s = Session::load_from_disk("chess", Some("ending { fifty_move = 30 }"), &Start::Setup);
    /// assert!(s.is_ok());
    /// ```
    ///
    /// # Errors
    ///
    /// The file cannot be read, or the variant (with its changes) does
    /// not load; every problem at its line and column.
    pub fn load_from_disk(
        spec: &str,
        changes: Option<&str>,
        start: &Start,
    ) -> Result<Session, Error> {
        let rules = match changes {
            None => crate::variants::load(spec),
            Some(body) => crate::variants::load_with(spec, body),
        }
        .map_err(load_error)?;
        Session::with_rules(rules, start)
    }
}
