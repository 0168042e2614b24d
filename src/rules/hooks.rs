//! Every script hook: its function name, parameters and when it fires.
//! This list drives the load-time check, the documentation
//! (`scripts/README.md`) and the tests.

/// One hook a variant may name in its `script { hooks = [...] }`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Hook {
    /// Its place in [`ALL`]: hooks are told apart by it, without
    /// comparing names where it counts.
    pub index: u8,
    /// The script function's name.
    pub name: &'static str,
    /// Its parameters, by name.
    pub params: &'static [&'static str],
    /// When it is called and what it returns.
    pub when: &'static str,
}

/// Extra moves of a scripted piece.
pub const EXTRA_MOVES: Hook = Hook {
    index: 0,
    name: "extra_moves",
    params: &["board", "from"],
    when: "for each piece of a scripted kind while moves are generated; returns an array of moves (maps with `to` and optionally `captures`)",
};

/// Whether a scripted piece attacks a square.
pub const ATTACKS: Hook = Hook {
    index: 1,
    name: "attacks",
    params: &["board", "from", "target"],
    when: "for each piece of a scripted kind when a square's safety is asked (check, castling); returns true or false",
};

/// A constraint on the legal moves of a turn.
pub const FILTER_MOVES: Hook = Hook {
    index: 2,
    name: "filter_moves",
    params: &["board", "moves"],
    when: "once per position, after the legal moves are found; gets them as maps (`index`, `from`, `to`, `kind`, `captures`, `drop`, `tag`) and returns those it keeps",
};

/// Effects that follow every move.
pub const AFTER_MOVE: Hook = Hook {
    index: 3,
    name: "after_move",
    params: &["board", "move"],
    when: "after each move is played, before the turn passes (so before legality is judged); gets the position after the move and the move as a map, and returns an array of effects",
};

/// A result the script declares.
pub const GAME_RESULT: Hook = Hook {
    index: 4,
    name: "game_result",
    params: &["board"],
    when: "once per position, before its moves are generated (after the variant's own goals, before mate); returns `()` while the game goes on, or `#{ winner: \"white\" | \"black\" | \"none\", reason: \"...\" }` to end it",
};

/// Every hook, in documentation order (each at its `index`).
pub const ALL: &[Hook] = &[EXTRA_MOVES, ATTACKS, FILTER_MOVES, AFTER_MOVE, GAME_RESULT];

#[cfg(test)]
mod tests {
    #[test]
    fn every_hook_is_at_its_index() {
        for (i, h) in super::ALL.iter().enumerate() {
            assert_eq!(usize::from(h.index), i, "{}", h.name);
        }
    }
}
