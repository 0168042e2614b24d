//! Every form of every cycle: its FEN code, the form it becomes after
//! it acts, and which forms are pawns and royals.

use super::*;

/// Every form of every cycle, in the order of `TABLE`.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, PartialOrd, Ord)]
#[repr(u8)]
pub(super) enum K {
    King,
    Maoking,
    Queen,
    Sissa,
    Amazon,
    Squeen,
    Abrider,
    Chainsaw,
    Nightrider,
    Rose,
    Chancellor,
    Archbishop,
    Dancinghorse,
    Octopus,
    Dragonking,
    Dragonhorse,
    Knight,
    Knightguard,
    Gryphon,
    Aanca,
    Crookedrook,
    Crookedbishop,
    Rook,
    Cylbishop,
    Knightwazir,
    Knightferz,
    Paovao,
    Cannonpawn,
    Chameleon,
    Swapper,
    Longleaper,
    Archer,
    Withdrawer,
    Advancer,
    Immobilizer,
    Shield,
    Mamra,
    Wuss,
    Hydra,
    Nn11,
    Nn02,
    Nn31,
    Nn33,
    Nn04,
    Oxybeles,
    Secutor,
    Pawn,
    Berolina,
    Scorpion,
}

/// Each kind, its FEN code (White's spelling) and the form it becomes
/// after it acts (section 3).
pub(super) const TABLE: [(K, &str, K); 49] = [
    (King, "K", Maoking),
    (Maoking, "Maoking", King),
    (Queen, "Q", Sissa),
    (Sissa, "Sissa", Queen),
    (Amazon, "Amazon", Squeen),
    (Squeen, "Squeen", Amazon),
    (Abrider, "Archbishoprider", Chainsaw),
    (Chainsaw, "Chainsaw", Abrider),
    (Nightrider, "Nightrider", Rose),
    (Rose, "Rose", Nightrider),
    (Chancellor, "Chancellor", Archbishop),
    (Archbishop, "Archbishop", Chancellor),
    (Dancinghorse, "Dancinghorse", Octopus),
    (Octopus, "Octopus", Dancinghorse),
    (Dragonking, "Dragonking", Dragonhorse),
    (Dragonhorse, "Dragonhorse", Dragonking),
    (Knight, "N", Knightguard),
    (Knightguard, "Knightguard", Knight),
    (Gryphon, "Gryphon", Aanca),
    (Aanca, "Aanca", Gryphon),
    (Crookedrook, "Crookedrook", Crookedbishop),
    (Crookedbishop, "Crookedbishop", Crookedrook),
    (Rook, "R", Cylbishop),
    (Cylbishop, "Cylbishop", Rook),
    (Knightwazir, "Knightwazir", Knightferz),
    (Knightferz, "Knightferz", Knightwazir),
    (Paovao, "Paovao", Cannonpawn),
    (Cannonpawn, "Cannonpawn", Paovao),
    (Chameleon, "Chameleon", Swapper),
    (Swapper, "Swapper", Chameleon),
    (Longleaper, "Longleaper", Archer),
    (Archer, "Archer", Longleaper),
    (Withdrawer, "Withdrawer", Advancer),
    (Advancer, "Advancer", Withdrawer),
    (Immobilizer, "Immobilizer", Shield),
    (Shield, "Shield", Immobilizer),
    (Mamra, "Mamra", Wuss),
    (Wuss, "Wuss", Mamra),
    (Hydra, "Hydra", Nn11),
    (Nn11, "NNa", Nn02),
    (Nn02, "NNb", Nn31),
    (Nn31, "NNc", Nn33),
    (Nn33, "NNd", Nn04),
    (Nn04, "NNe", Hydra),
    (Oxybeles, "Oxybeles", Secutor),
    (Secutor, "Secutor", Oxybeles),
    (Pawn, "P", Berolina),
    (Berolina, "Berolina", Scorpion),
    (Scorpion, "Scorpion", Pawn),
];

pub(super) fn code(k: K) -> &'static str {
    TABLE[k as usize].1
}

pub(super) fn next_form(k: K) -> K {
    TABLE[k as usize].2
}

pub(super) fn token(k: K, white: bool) -> String {
    let c = code(k);
    let s = if white {
        c.to_string()
    } else {
        c.to_ascii_lowercase()
    };
    if c.len() == 1 { s } else { format!("{{{s}}}") }
}

pub(super) fn kind_of(name: &str) -> Option<K> {
    TABLE
        .iter()
        .find(|(_, c, _)| c.eq_ignore_ascii_case(name))
        .map(|e| e.0)
}

pub(super) fn is_pawn_form(k: K) -> bool {
    matches!(k, Pawn | Berolina | Scorpion)
}

pub(super) fn is_royal(k: K) -> bool {
    matches!(k, King | Maoking | Wuss)
}
