//! What the layers above the rules install in them.
//!
//! The rules are compiled data and know no layer above them. A variant's
//! script implements traits that those layers define (`movegen::Hooks`
//! for moves and attacks, `position::AfterMove` for effects after a
//! move); the loader installs one value per trait here, and each layer
//! takes back its own by type. Nothing here names a script.

use std::any::{Any, TypeId};
use std::fmt;
use std::sync::Arc;

/// Values of distinct types, one per type, shared by every copy of the
/// rules.
#[derive(Clone, Default)]
pub struct Extensions {
    items: Vec<(TypeId, Arc<dyn Any + Send + Sync>)>,
}

impl Extensions {
    /// Installs `value`, replacing the value of its type if there was one.
    pub fn insert<T: Any + Send + Sync>(&mut self, value: T) {
        let id = TypeId::of::<T>();
        self.items.retain(|(t, _)| *t != id);
        self.items.push((id, Arc::new(value)));
    }

    /// The value of type `T`, if one is installed.
    #[inline]
    pub fn get<T: Any + Send + Sync>(&self) -> Option<&T> {
        let id = TypeId::of::<T>();
        self.items
            .iter()
            .find(|(t, _)| *t == id)
            .and_then(|(_, v)| v.downcast_ref::<T>())
    }

    /// Is nothing installed?
    pub fn is_empty(&self) -> bool {
        self.items.is_empty()
    }
}

impl fmt::Debug for Extensions {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Extensions({} installed)", self.items.len())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn one_value_per_type_taken_back_by_type() {
        let mut e = Extensions::default();
        assert!(e.get::<u8>().is_none() && e.is_empty());
        e.insert(3u8);
        e.insert(String::from("x"));
        e.insert(4u8);
        assert_eq!(e.get::<u8>(), Some(&4));
        assert_eq!(e.get::<String>().map(String::as_str), Some("x"));
        assert!(e.get::<u16>().is_none());
        let copy = e.clone();
        assert_eq!(copy.get::<u8>(), Some(&4));
    }
}
