//! Random setups (`random_setup` in the variant language): drawn from a
//! seed, the same on every machine, with the declared pieces on the
//! declared squares and Black related to White by the declared symmetry.

use changeling::game::start_position;
use changeling::notation::to_fen;
use changeling::rules::Rules;
use changeling::variants::{load, load_str};

fn back_rank(fen: &str, rank_from_top: usize) -> String {
    fen.split(['/', ' '])
        .nth(rank_from_top)
        .unwrap()
        .to_string()
}

fn sorted(s: &str) -> Vec<char> {
    let mut v: Vec<char> = s.to_ascii_uppercase().chars().collect();
    v.sort_unstable();
    v
}

fn fen(rules: &Rules, seed: u64) -> String {
    to_fen(rules, &start_position(rules, seed).unwrap())
}

#[test]
fn a_seed_gives_one_setup_everywhere() {
    let rules = load("tests/scripts/shuffle.variant").unwrap();
    // Pinned so that a change to the generator or the shuffle shows: the
    // same seed must give the same game on every machine and version.
    assert_eq!(
        fen(&rules, 7),
        "rkbrannb/pppppppp/8/8/8/8/PPPPPPPP/RKBRANNB w - - 0 1"
    );
    assert_eq!(fen(&rules, 7), fen(&rules, 7));
    let distinct: std::collections::BTreeSet<String> = (0..50).map(|s| fen(&rules, s)).collect();
    assert!(
        distinct.len() > 40,
        "only {} setups from 50 seeds",
        distinct.len()
    );
}

#[test]
fn the_declared_pieces_fill_the_declared_squares_mirrored() {
    let rules = load("tests/scripts/shuffle.variant").unwrap();
    let mut drawn = std::collections::BTreeSet::new();
    for seed in 0..200 {
        let f = fen(&rules, seed);
        let white = back_rank(&f, 7);
        let black = back_rank(&f, 0);
        assert_eq!(black, white.to_ascii_lowercase(), "mirror in {f}");
        let pieces = sorted(&white);
        let extra: Vec<char> = pieces
            .iter()
            .copied()
            .filter(|c| !"KRRBBNN".contains(*c))
            .collect();
        assert_eq!(extra.len(), 1, "one drawn piece in {f}");
        drawn.insert(extra[0]);
        let mut without = pieces.clone();
        without.retain(|c| *c != extra[0]);
        assert_eq!(without, sorted("BBKNNRR"), "{f}");
    }
    // Every kind of the pool is drawn sometimes.
    assert_eq!(drawn.into_iter().collect::<String>(), "ACQ");
}

#[test]
fn central_symmetry_and_independent_sides() {
    let text = |symmetry: &str| {
        format!(
            "variant s : chess {{ random_setup {{ squares = [a1, b1, c1, d1, e1, f1, g1, h1] \
             pieces = [king, queen, rook, rook, bishop, bishop, knight, knight] \
             symmetry = {symmetry} }} setup = \"8/pppppppp/8/8/8/8/PPPPPPPP/8 w - - 0 1\" }}"
        )
    };
    let rules = load_str("central", &text("central")).unwrap();
    for seed in 0..20 {
        let f = fen(&rules, seed);
        let white = back_rank(&f, 7);
        let black: String = back_rank(&f, 0).chars().rev().collect();
        assert_eq!(black, white.to_ascii_lowercase(), "central in {f}");
    }
    let rules = load_str("none", &text("none")).unwrap();
    let differ = (0..20)
        .map(|s| fen(&rules, s))
        .filter(|f| back_rank(f, 0) != back_rank(f, 7).to_ascii_lowercase())
        .count();
    assert!(
        differ > 15,
        "independent sides differ in only {differ} of 20"
    );
}

#[test]
fn castling_follows_the_draw() {
    // A castling rule is granted when its king square holds the royal
    // piece and its partner square a piece of the same side (any kind, as
    // in cornering): here, whenever the king is drawn on e1.
    let rules = load("tests/scripts/shuffle.variant").unwrap();
    let mut granted = 0;
    for seed in 0..300 {
        let f = fen(&rules, seed);
        let king_on_e = back_rank(&f, 7).as_bytes()[4] == b'K';
        let castling = f.split(' ').nth(2).unwrap();
        assert_eq!(castling == "KQkq", king_on_e, "{f}");
        assert_eq!(castling == "-", !king_on_e, "{f}");
        granted += usize::from(king_on_e);
    }
    assert!(
        granted > 10,
        "the king stood on e1 in only {granted} of 300"
    );
}

#[test]
fn a_random_setup_can_fill_the_reserve_boards() {
    let text = "variant s : chess { random_setup { squares = [a1, b1, c1, d1, e1, f1, g1, h1] \
        pieces = [king, queen, rook, rook, bishop, bishop, knight, knight] \
        draw_from = [queen, rook, bishop, knight] draw = 3 reserve = 3 } \
        setup = \"8/pppppppp/8/8/8/8/PPPPPPPP/8 w - - 0 1\" }";
    let rules = load_str("reserve", text).unwrap();
    for seed in 0..50 {
        let f = fen(&rules, seed);
        let (_, reserves) = f.split_once('<').unwrap();
        let (white, rest) = reserves.split_once('/').unwrap();
        let black = rest.split_once('>').unwrap().0;
        assert_eq!(white.len(), 3, "{f}");
        assert_eq!(black, white.to_ascii_lowercase(), "{f}");
        // Board and reserve together: the listed pieces and three drawn.
        let rank1 = back_rank(&f, 7);
        let rank1 = rank1.split('<').next().unwrap();
        let all = format!("{rank1}{white}");
        assert_eq!(all.len(), 11, "{f}");
        assert_eq!(all.matches('K').count(), 1, "{f}");
    }
}

/// Chess960's constraints on the catalogue's Atomic960 and Extinction960
/// (`opposite_colours = [bishop]`, `between = [king, rook]`): over many
/// seeds every setup keeps both, Black mirrors White, both sides may
/// castle both ways, and the setups differ.
#[test]
fn chess960_setups_keep_their_constraints() {
    for name in [
        "atomic960",
        "examples/variants/catalog/extinction960.variant",
    ] {
        let rules = load(name).unwrap();
        let mut seen = std::collections::HashSet::new();
        for seed in 0..200 {
            let fen = fen(&rules, seed);
            let white = back_rank(&fen, 7);
            let black = back_rank(&fen, 0);
            assert_eq!(white.to_ascii_lowercase(), black, "{fen}");
            let files: Vec<char> = white.chars().collect();
            assert_eq!(sorted(&white), sorted("KQRRBBNN"), "{fen}");
            let at = |c: char| -> Vec<usize> { (0..8).filter(|&i| files[i] == c).collect() };
            let bishops = at('B');
            assert_ne!(bishops[0] % 2, bishops[1] % 2, "{fen}");
            let (king, rooks) = (at('K')[0], at('R'));
            assert!(rooks[0] < king && king < rooks[1], "{fen}");
            assert!(fen.contains(" w KQkq - 0 1"), "{fen}");
            seen.insert(white);
        }
        // 960 setups in all: two hundred draws give well over a hundred.
        assert!(seen.len() > 150, "{name}: {} setups", seen.len());
    }
}
