//! Every shipped variant file loads with zero diagnostics, as `changeling
//! check` would report them.

use changeling::diag::render;
use changeling::variants::{EMBEDDED, check_str, load};

#[test]
fn every_shipped_variant_checks_clean() {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("examples/variants");
    let mut checked = 0;
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.extension().is_none_or(|e| e != "variant") {
            continue;
        }
        let text = std::fs::read_to_string(&path).unwrap();
        let (diags, sources) = check_str(&path.to_string_lossy(), &text);
        let rendered: String = diags.iter().map(|d| render(d, &sources)).collect();
        assert!(diags.is_empty(), "{}:\n{rendered}", path.display());
        checked += 1;
    }
    assert!(checked >= 2);
}

#[test]
fn every_embedded_variant_loads_and_starts() {
    for (name, _) in EMBEDDED {
        let rules = load(name).unwrap_or_else(|e| panic!("{name}: {e}"));
        let game = changeling::Game::new(rules, 0).unwrap();
        assert!(
            !game.legal_moves().is_empty(),
            "{name} has no legal first move"
        );
    }
}

#[test]
fn capablanca_inherits_what_it_does_not_restate() {
    let rules = load("capablanca").unwrap();
    assert_eq!((rules.geometry().width, rules.geometry().height), (10, 8));
    // Six pieces from chess plus two of its own, in declaration order.
    let names: Vec<&str> = rules.by_name().keys().map(String::as_str).collect();
    assert_eq!(
        names,
        [
            "king",
            "queen",
            "rook",
            "bishop",
            "knight",
            "pawn",
            "archbishop",
            "chancellor"
        ]
    );
    assert_eq!(rules.ending().fifty_move, 50);
    assert_eq!(rules.castling().white.len(), 2);
    assert_eq!(
        rules.geometry().name(rules.castling().white[0].king_to),
        "i1"
    );
}

#[test]
fn castling_needs_free_destinations_whatever_the_empty_list_says() {
    // `empty` leaves out g1, where a white knight stands: no castling.
    let text = "variant v : chess {\n castle king_side { king = e1 -> g1 partner = h1 -> f1 empty = [f1] }\n setup = \"4k3/8/8/8/8/8/8/4K1NR w K - 0 1\"\n}";
    let rules = changeling::variants::load_str("v.variant", text).unwrap();
    let pos = changeling::notation::parse_fen(&rules, rules.setup()).unwrap();
    let moves = changeling::movegen::legal_moves(&rules, &pos);
    assert!(
        moves
            .iter()
            .all(|m| !matches!(m.kind, changeling::position::MoveKind::Castle(_)))
    );
}

#[test]
fn fen_castling_field_decides_castling_even_with_initial_moves() {
    // The `i` move of a non-pawn makes pieces unmoved by default, but the
    // castling pieces follow the FEN's castling field.
    let text = "variant v : chess {\n piece rook { betza = \"RifmW\" }\n setup = \"4k3/8/8/8/8/8/8/4K2R w - - 0 1\"\n}";
    let rules = changeling::variants::load_str("v.variant", text).unwrap();
    let pos = changeling::notation::parse_fen(&rules, rules.setup()).unwrap();
    let moves = changeling::movegen::legal_moves(&rules, &pos);
    assert!(
        moves
            .iter()
            .all(|m| !matches!(m.kind, changeling::position::MoveKind::Castle(_)))
    );
    assert_eq!(
        changeling::notation::to_fen(&rules, &pos),
        "4k3/8/8/8/8/8/8/4K2R w - - 0 1"
    );
}

#[test]
fn long_piece_codes_print_capitalised_for_white() {
    let text = "variant v : chess {\n piece zebra { letter = Zebra betza = \"Z\" }\n setup = \"4k3/8/8/8/8/8/{zebra}7/{Zebra}3K3 w - - 0 1\"\n}";
    let rules = changeling::variants::load_str("v.variant", text).unwrap();
    let pos = changeling::notation::parse_fen(&rules, rules.setup()).unwrap();
    assert_eq!(
        changeling::notation::to_fen(&rules, &pos),
        "4k3/8/8/8/8/8/{zebra}7/{Zebra}3K3 w - - 0 1"
    );
}
