//! The position model has room for what later variants need: effect
//! lists, pockets, reserves, markers, stacks and phases. These tests pin
//! down how effects change a position.

use changeling::board::{Color, Piece, Square};
use changeling::notation::{parse_fen, to_fen};
use changeling::position::{Effect, EffectList, Move, MoveKind, Origin};
use changeling::variants::load;

#[test]
fn effect_lists_apply_in_order() {
    let rules = load("chess").unwrap();
    let g = rules.geometry();
    let sq = |s: &str| g.parse_square(s).unwrap();
    let mut pos = parse_fen(&rules, "4k3/8/8/8/8/8/8/R3K2N w - - 0 1").unwrap();
    let queen = rules.kind("queen").unwrap();
    let effects: Vec<Effect> = vec![
        Effect::Swap(sq("a1"), sq("h1")),
        Effect::Transform {
            square: sq("a1"),
            unit: 0,
            kind: queen,
        },
        Effect::SetOwner {
            square: sq("h1"),
            unit: 0,
            color: Color::Black,
        },
        Effect::ToPocket {
            color: Color::White,
            kind: rules.kind("knight").unwrap(),
        },
    ];
    let mv = Move {
        from: sq("a1"),
        to: sq("h1"),
        piece: Piece::new(rules.kind("rook").unwrap(), Color::White),
        captured: None,
        promotion: None,
        kind: MoveKind::Effects(EffectList::new(effects.clone())),
        origin: Origin::Other,
        drop: None,
        push: None,
        choice: None,
        gate: None,
    };
    assert_eq!(mv.effects(&rules), effects.to_vec());
    pos.play_unchecked(&rules, &mv);
    assert_eq!(to_fen(&rules, &pos), "4k3/8/8/8/8/8/8/Q3K2r[N] b - - 1 1");
    assert_eq!(pos.hash(), pos.compute_hash(&rules));
    // A drop from the pocket, also as an effect list.
    let mut p2 = pos.clone();
    p2.apply_effect(
        &rules,
        &Effect::FromPocket {
            color: Color::White,
            kind: rules.kind("knight").unwrap(),
            square: Square(sq("d4").0),
        },
    );
    assert_eq!(to_fen(&rules, &p2), "4k3/8/8/8/3N4/8/8/Q3K2r b - - 1 1");
    assert_eq!(p2.hash(), p2.compute_hash(&rules));
}

#[test]
fn ordinary_moves_spell_out_their_effects() {
    let rules = load("chess").unwrap();
    let g = rules.geometry();
    let pos = parse_fen(&rules, "r3k3/1P6/8/8/8/8/8/4K2R w K - 0 1").unwrap();
    let moves = changeling::movegen::legal_moves(&rules, &pos);
    let promo = moves
        .iter()
        .find(|m| g.name(m.to) == "a8" && m.promotion == rules.kind("queen"))
        .unwrap();
    assert_eq!(
        promo.effects(&rules),
        vec![
            Effect::Capture {
                square: promo.to,
                unit: 0,
                by: Some(promo.from)
            },
            Effect::MovePiece {
                from: promo.from,
                to: promo.to,
                unit: 0
            },
            Effect::Transform {
                square: promo.to,
                unit: 0,
                kind: rules.kind("queen").unwrap()
            },
        ]
    );
    let castle = moves
        .iter()
        .find(|m| matches!(m.kind, MoveKind::Castle(_)))
        .unwrap();
    let names: Vec<String> = castle
        .effects(&rules)
        .iter()
        .map(|e| match e {
            Effect::MovePiece { from, to, .. } => format!("{}-{}", g.name(*from), g.name(*to)),
            other => format!("{other:?}"),
        })
        .collect();
    assert_eq!(names, ["e1-g1", "h1-f1"]);
}

#[test]
fn rules_have_one_action_phase_and_capacity_one() {
    let rules = load("chess").unwrap();
    assert_eq!(rules.capacity(), 1);
    assert_eq!(rules.phases().len(), 1);
    assert_eq!(rules.phases()[0].name, "action");
    let pos = parse_fen(&rules, rules.setup()).unwrap();
    assert!(pos.upper().squares.is_empty());
    assert_eq!(pos.markers().len, 0);
    assert_eq!(pos.active(), 0);
    assert!(pos.reserves().white.is_empty());
}
