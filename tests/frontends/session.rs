//! The session API: the same games through it and through the REPL, its
//! data as JSON, and its errors as values.

use super::kit::XorShift;
use changeling::session::{Error, Limits, Part, Reason, Session, Side, Start, Turn, VariantSource};
use std::collections::BTreeMap;

fn named(name: &str) -> VariantSource {
    VariantSource::Name(name.to_string())
}

fn session(name: &str) -> Session {
    Session::load(&named(name), &Start::Setup).unwrap()
}

const SEED_VARIANTS: [&str; 6] = [
    "chess",
    "mutatis-mutandis",
    "twelve-mutation",
    "pocket-mutation",
    "metamorph",
    "fluid",
];

/// The REPL's game as the core holds it, for comparing positions.
trait ReplGame {
    fn game(&self) -> &changeling::game::Game;
}

impl ReplGame for changeling::repl::Session {
    fn game(&self) -> &changeling::game::Game {
        self.session().game()
    }
}

/// A seeded random game of each seed variant, played turn by turn
/// through the session and, by the session's SAN, through the REPL: the
/// two see the same position after every turn, and the session's board
/// data agrees with the REPL's game.
#[test]
fn the_session_and_the_repl_play_the_same_games() {
    for (v, name) in SEED_VARIANTS.iter().enumerate() {
        for seed in [1u64, 2] {
            let mut s = Session::load(&named(name), &Start::Seed(seed)).unwrap();
            let rules = s.rules().clone();
            let start = s.game().start().clone();
            let mut repl =
                changeling::repl::Session::on(Session::from_position(rules, start, seed));
            let mut rng = XorShift(0x5e55_1011 + seed * 7 + v as u64);
            for ply in 0..60 {
                assert_eq!(
                    s.fen(),
                    changeling::notation::to_fen(repl.game().rules(), repl.game().position()),
                    "{name} seed {seed}, ply {ply}"
                );
                let board = s.board();
                assert_eq!(board.fen, s.fen());
                let turns = s.turns();
                if s.outcome().is_some() {
                    assert!(turns.is_empty() || s.play_turn(0).is_err());
                    break;
                }
                let t = &turns[rng.below(turns.len())];
                let played = s.play_turn(t.index).unwrap();
                assert_eq!(played.san, t.san, "{name} ply {ply}");
                let reply = repl.execute(&t.san);
                assert!(
                    reply.text.starts_with("played "),
                    "{name} ply {ply}: {} gave {}",
                    t.san,
                    reply.text
                );
            }
            assert_eq!(s.moves().len(), repl.game().history().len());
        }
    }
}

/// Every turn's coordinates name that turn again, and its SAN too.
#[test]
fn every_turn_reads_back_from_its_spellings() {
    for name in SEED_VARIANTS {
        let mut s = session(name);
        let mut rng = XorShift(99);
        for _ in 0..12 {
            let turns = s.turns();
            if turns.is_empty() {
                break;
            }
            for t in &turns {
                for text in [&t.san, &t.coordinates] {
                    let fen = s.fen();
                    s.play(text)
                        .unwrap_or_else(|e| panic!("{name}: {text}: {e}"));
                    let after = s.fen();
                    s.undo().unwrap();
                    assert_eq!(s.fen(), fen);
                    s.play_turn(t.index).unwrap();
                    assert_eq!(s.fen(), after, "{name}: {text} is not turn {}", t.index);
                    s.undo().unwrap();
                }
            }
            s.play_turn(rng.below(turns.len())).unwrap();
        }
    }
}

#[test]
fn outcomes_are_typed_values() {
    let mut s = session("chess");
    for m in ["f3", "e5", "g4", "Qh4#"] {
        s.play(m).unwrap();
    }
    let o = s.outcome().unwrap();
    assert_eq!(
        (o.winner, o.reason, o.result()),
        (Some(Side::Black), Reason::Checkmate, "0-1")
    );
    assert_eq!(
        serde_json::to_string(&o).unwrap(),
        r#"{"winner":"black","reason":"checkmate","words":"checkmate"}"#
    );
    // A turn after the end is refused, with the outcome.
    assert_eq!(s.play("a3"), Err(Error::GameOver { outcome: o }));

    let mut s = Session::load(
        &named("chess"),
        &Start::Fen {
            fen: "7k/5Q2/6K1/8/8/8/8/8 w - - 0 1".into(),
            seed: 0,
        },
    )
    .unwrap();
    s.play("Qe7").unwrap();
    assert!(s.outcome().is_none());
    s.set_fen("7k/4Q3/6K1/8/8/8/8/8 w - - 0 1").unwrap();
    s.play("Qf7").unwrap();
    let o = s.outcome().unwrap();
    assert_eq!((o.winner, o.reason), (None, Reason::Stalemate));

    let mut s = session("3check");
    for m in [
        "e4", "e5", "Bc4", "Nc6", "Bxf7+", "Kxf7", "Qh5+", "Ke7", "Qxe5+",
    ] {
        s.play(m).unwrap();
    }
    let o = s.outcome().unwrap();
    assert_eq!((o.winner, o.reason), (Some(Side::White), Reason::NCheck));
    assert_eq!(o.words, "White gave the third check");

    let mut s = session("kingofthehill");
    for m in [
        "e4", "e5", "Ke2", "Ke7", "Ke3", "Ke6", "Kf3", "Kf6", "Kg3", "Kg6",
    ] {
        s.play(m).unwrap();
    }
    s.set_fen("8/8/8/8/8/4K3/8/k7 w - - 0 1").unwrap();
    s.play("Ke4").unwrap();
    assert_eq!(s.outcome().unwrap().reason, Reason::FlagRegion);

    let mut s = Session::load(
        &named("chess"),
        &Start::Fen {
            fen: "8/8/8/8/8/3k4/3p4/3K4 w - - 0 1".into(),
            seed: 0,
        },
    )
    .unwrap();
    s.play("Kxd2").unwrap_err();
    s.set_fen("8/8/8/8/5k2/8/3p4/3K4 w - - 0 1").unwrap();
    s.play("Kxd2").unwrap();
    assert_eq!(s.outcome().unwrap().reason, Reason::DeadPosition);
}

#[test]
fn errors_are_values_and_leave_the_game_as_it_was() {
    let mut s = session("chess");
    let fen = s.fen();
    match s.play("e5") {
        Err(Error::Move { text, message }) => {
            assert_eq!(text, "e5");
            assert!(message.contains("e5"), "{message}");
        }
        other => panic!("{other:?}"),
    }
    assert_eq!(
        s.play_turn(20),
        Err(Error::NoSuchTurn {
            index: 20,
            turns: 20
        })
    );
    assert_eq!(s.undo(), Err(Error::NothingToUndo));
    assert_eq!(s.redo(), Err(Error::NothingToRedo));
    assert!(matches!(s.set_fen("8/8 w"), Err(Error::Fen { .. })));
    assert!(matches!(s.load_pgn("1. e5"), Err(Error::Pgn { .. })));
    assert_eq!(s.fen(), fen);

    match Session::load(&named("mutatis"), &Start::Setup) {
        Err(Error::Variant { problems }) => {
            assert!(
                problems[0].message.contains("mutatis-mutandis"),
                "{problems:?}"
            )
        }
        other => panic!("{other:?}"),
    }
    let text = "variant broken {\n  board = 8x8\n  piece king { letter = K betza = \"K\" royal = nonsense }\n}\n";
    match Session::load(
        &VariantSource::Text {
            name: "broken.variant".into(),
            text: text.into(),
            scripts: BTreeMap::new(),
        },
        &Start::Setup,
    ) {
        Err(Error::Variant { problems }) => {
            assert!(!problems.is_empty());
            assert_eq!(problems[0].file, "broken.variant");
            assert!(problems[0].line >= 1, "{problems:?}");
        }
        other => panic!("{other:?}"),
    }
    // Every error serializes, tagged by its kind.
    let e = Error::NoSuchTurn { index: 3, turns: 2 };
    assert_eq!(
        serde_json::to_string(&e).unwrap(),
        r#"{"kind":"no_such_turn","index":3,"turns":2}"#
    );
}

#[test]
fn undo_and_redo_walk_the_game() {
    let mut s = session("chess");
    s.play("e4").unwrap();
    s.play("e5").unwrap();
    let after = s.fen();
    s.undo().unwrap();
    s.undo().unwrap();
    assert_eq!(s.moves(), Vec::<String>::new());
    assert_eq!(s.redo().unwrap().san, "e4");
    assert_eq!(s.redo().unwrap().san, "e5");
    assert_eq!(s.fen(), after);
    s.undo().unwrap();
    s.play("c5").unwrap();
    assert_eq!(s.redo(), Err(Error::NothingToRedo));
    assert_eq!(s.moves(), ["e4", "c5"]);
}

#[test]
fn the_board_is_data_a_renderer_can_use() {
    let mut s = session("crazyhouse");
    for m in ["e4", "d5", "exd5", "Qxd5"] {
        s.play(m).unwrap();
    }
    let b = s.board();
    assert_eq!((b.width, b.height, b.squares.len()), (8, 8, 64));
    assert_eq!(b.squares[0].name, "a1");
    let d5 = b.squares.iter().find(|q| q.name == "d5").unwrap();
    assert_eq!(d5.units[0].kind, "queen");
    assert_eq!(d5.units[0].side, Side::Black);
    assert_eq!(b.hands[0].len(), 1);
    assert_eq!(
        (b.hands[0][0].kind.as_str(), b.hands[0][0].count),
        ("pawn", 1)
    );
    assert_eq!(b.hands[1][0].symbol, "p");
    assert_eq!(b.last_move, Some(("d8".into(), "d5".into())));
    assert_eq!(b.side, Side::White);
    let drops: Vec<Turn> = s.turns().into_iter().filter(|t| t.what == "drop").collect();
    assert!(!drops.is_empty());
    assert!(
        drops
            .iter()
            .all(|t| t.from.is_none() && t.dropped.is_some())
    );
    let json = serde_json::to_string(&b).unwrap();
    let back: changeling::session::Board = serde_json::from_str(&json).unwrap();
    assert_eq!(back, b);

    // Shared squares: two units on one square, bottom first.
    let mut s = session("fluid");
    let mut rng = XorShift(5);
    let mut stacked = false;
    for _ in 0..80 {
        let b = s.board();
        if b.squares.iter().any(|q| q.units.len() == 2) {
            stacked = true;
            break;
        }
        let turns = s.turns();
        if turns.is_empty() {
            break;
        }
        s.play_turn(rng.below(turns.len())).unwrap();
    }
    assert!(stacked, "no stack formed in 80 random plies of fluid");
}

#[test]
fn multi_part_turns_list_their_parts() {
    // Seirawan: gating a held piece onto the square a piece leaves.
    let s = session("seirawan");
    let mut s2 = Session::with_rules(s.rules().clone(), &Start::Setup).unwrap();
    for m in ["e4", "e5", "Nf3", "Nc6"] {
        s2.play(m).unwrap();
    }
    let gated: Vec<Turn> = s2
        .turns()
        .into_iter()
        .filter(|t| t.parts.iter().any(|p| matches!(p, Part::Drop { .. })))
        .collect();
    assert!(!gated.is_empty());
    assert!(gated.iter().all(|t| t.parts.iter().any(|p| matches!(
        p,
        Part::Drop {
            source: changeling::session::DropSource::Hand,
            kind: Some(_),
            ..
        }
    ))));
}

#[test]
fn explain_lists_the_effects_of_a_turn() {
    let mut s = session("chess");
    for m in ["e4", "d5"] {
        s.play(m).unwrap();
    }
    let effects = s.explain("exd5").unwrap();
    let json = serde_json::to_string(&effects).unwrap();
    assert!(
        json.contains(r#"{"effect":"capture","square":"d5"}"#),
        "{json}"
    );
    assert!(
        json.contains(r#"{"effect":"move","from":"e4","to":"d5"}"#),
        "{json}"
    );
    assert!(matches!(s.explain("Ke3"), Err(Error::Move { .. })));
}

#[test]
fn a_node_limited_search_gives_the_same_answer_every_time() {
    let mut a = session("chess");
    let mut b = session("chess");
    let limits = Limits {
        nodes: Some(3000),
        ..Limits::default()
    };
    let mut seen = Vec::new();
    let x = a.search(&limits, &mut |t| seen.push(t.depth)).unwrap();
    let y = b.search(&limits, &mut |_| {}).unwrap();
    assert_eq!(
        (x.best.clone(), x.nodes, x.pv.clone()),
        (y.best, y.nodes, y.pv)
    );
    assert!(!seen.is_empty());
    assert!(a.turns().iter().any(|t| t.coordinates == x.best));
    // A stop raised before the search starts again is cleared by it;
    // one raised from another thread ends a search without limits.
    let stop = a.stop_handle();
    let t = std::thread::spawn(move || {
        std::thread::sleep(std::time::Duration::from_millis(50));
        stop.stop();
    });
    let found = a.search(&Limits::default(), &mut |_| {});
    t.join().unwrap();
    assert!(found.is_some());
}

#[test]
fn a_fork_searches_on_another_thread_and_gives_the_engine_back() {
    let mut s = session("chess");
    s.play("e4").unwrap();
    let mut fork = s.fork();
    let stop = s.stop_handle();
    let (tx, rx) = std::sync::mpsc::channel();
    let thinking = std::thread::spawn(move || {
        // No limits: only the stop ends it.
        let found = fork.search(&Limits::default(), &mut |t| {
            let _ = tx.send(t.depth);
        });
        (fork, found)
    });
    // A stop raised before the fork's search begins is not lost.
    stop.stop();
    let _ = rx.recv();
    let (fork, found) = thinking.join().unwrap();
    s.join(fork);
    let found = found.unwrap();
    let turn = s
        .turns()
        .into_iter()
        .find(|t| t.coordinates == found.best)
        .unwrap();
    assert_eq!(found.standard[0], turn.standard);
    s.play(&found.best).unwrap();
    assert_eq!(s.moves().len(), 2);
    // A clock limit is data too.
    let limits: Limits =
        serde_json::from_str(r#"{"clock": {"left_millis": 1000, "increment_millis": 0}}"#).unwrap();
    assert_eq!(limits.clock.unwrap().left_millis, 1000);
    assert_eq!(limits.depth, None);
}

#[test]
fn pgn_and_fen_go_out_and_come_back() {
    let mut s = session("pocket-mutation");
    let mut rng = XorShift(17);
    for _ in 0..30 {
        let turns = s.turns();
        if turns.is_empty() {
            break;
        }
        s.play_turn(rng.below(turns.len())).unwrap();
    }
    let pgn = s.pgn();
    let fen = s.fen();
    let mut t = Session::with_rules(s.rules().clone(), &Start::Setup).unwrap();
    t.load_pgn(&pgn).unwrap();
    assert_eq!(t.fen(), fen);
    assert_eq!(t.moves(), s.moves());
    let mut u = Session::with_rules(s.rules().clone(), &Start::Setup).unwrap();
    u.set_fen(&fen).unwrap();
    assert_eq!(u.fen(), fen);
}

/// A variant given as text with its script as text; the script fails
/// once its ghost stands on e4.
fn ghost() -> VariantSource {
    let text = "variant s : chess {\n    piece ghost { letter = G betza = \"W\" }\n    script {\n        file = \"ghost.rhai\"\n        hooks = [extra_moves]\n        pieces = [ghost]\n    }\n    setup = \"4k3/8/8/8/3G4/8/8/4K3 w - - 0 1\"\n}\n";
    let script = "fn extra_moves(board, from) {\n    if from == 28 { throw \"the ghost reached e4\"; }\n    []\n}\n";
    VariantSource::Text {
        name: "ghost.variant".into(),
        text: text.into(),
        scripts: BTreeMap::from([("ghost.rhai".to_string(), script.to_string())]),
    }
}

#[test]
fn a_script_error_belongs_to_the_session_that_raised_it() {
    use std::sync::Barrier;
    let rules = changeling::session::load_variant(&ghost()).unwrap();
    // One session takes the ghost to e4 and raises the error; the other,
    // sharing the compiled rules, asks for its errors after that.
    let raised = Barrier::new(2);
    let reports: Vec<(String, usize, Option<Error>)> = std::thread::scope(|s| {
        let handles: Vec<_> = [("quiet", "d4d5"), ("failing", "d4e4")]
            .into_iter()
            .map(|(name, first)| {
                let (rules, raised) = (rules.clone(), &raised);
                s.spawn(move || {
                    let mut session = Session::with_rules(rules, &Start::Setup).unwrap();
                    session.play(first).unwrap();
                    if name == "quiet" {
                        raised.wait();
                    }
                    session.play("Kd8").unwrap();
                    let turns = session.turns().len();
                    if name == "failing" {
                        raised.wait();
                    }
                    (name.to_string(), turns, session.take_script_error())
                })
            })
            .collect();
        handles.into_iter().map(|h| h.join().unwrap()).collect()
    });
    assert_eq!(
        reports,
        [
            ("quiet".to_string(), 9, None),
            (
                "failing".to_string(),
                9,
                Some(Error::Script {
                    message: "ghost.rhai:2: in `extra_moves`: the ghost reached e4".into()
                })
            ),
        ]
    );
    // A script the text names but the map lacks is an error naming it.
    let VariantSource::Text { name, text, .. } = ghost() else {
        unreachable!()
    };
    let missing = VariantSource::Text {
        name,
        text,
        scripts: BTreeMap::new(),
    };
    match Session::load(&missing, &Start::Setup) {
        Err(Error::Variant { problems }) => {
            assert!(
                problems.iter().any(|p| p.message.contains("ghost.rhai")),
                "{problems:?}"
            )
        }
        other => panic!("{other:?}"),
    }
}

/// Seeded garbage through every entry point that takes text: each call
/// answers (an error or a value), never panics, and a refused call
/// leaves the game where it was.
#[test]
fn garbage_in_is_refused_and_the_game_kept() {
    const PIECES: &[&str] = &[
        "e4",
        "Nf3",
        "O-O",
        "P@e4",
        "e7e8q",
        "&",
        "@",
        "(",
        ")",
        "[",
        "]",
        "{",
        "}",
        "/",
        " ",
        "w",
        "b",
        "-",
        "+",
        "#",
        "=",
        "x",
        ":",
        "0",
        "9",
        "99999999999999999999",
        "K",
        "k",
        "\u{e9}",
        "\u{1F600}",
        "\0",
        "\n",
        "1.",
        "*",
        "1-0",
        "[FEN \"",
        "\"]",
        "variant",
        "piece",
        "betza",
        "setup",
        "script",
        "file",
        "=",
        "\"",
        "h",
        "z",
        "16",
        "17x17",
    ];
    let mut rng = XorShift(0x6a7b);
    let junk = |rng: &mut XorShift| -> String {
        (0..rng.below(12))
            .map(|_| PIECES[rng.below(PIECES.len())])
            .collect()
    };
    for name in ["chess", "fluid", "mutatis-mutandis", "crazyhouse"] {
        let mut s = session(name);
        s.play_turn(0).unwrap();
        for _ in 0..300 {
            let text = junk(&mut rng);
            let fen = s.fen();
            let moves = s.moves();
            if s.play(&text).is_ok() {
                s.undo().unwrap();
            }
            let _ = s.explain(&text);
            if s.set_fen(&text).is_ok() || s.load_pgn(&text).is_ok() {
                // Something readable (a record without a `Variant` tag
                // is FIDE chess): a fresh game again.
                s = session(name);
                s.play_turn(0).unwrap();
                continue;
            }
            let _ = s.svg(rng.below(2) == 0, &[(text.clone(), text.clone())]);
            assert_eq!((s.fen(), s.moves()), (fen, moves), "{name}: {text:?}");
        }
        let _ = Session::load(
            &VariantSource::Text {
                name: "junk.variant".into(),
                text: junk(&mut rng),
                scripts: BTreeMap::from([("x.rhai".to_string(), junk(&mut rng))]),
            },
            &Start::Setup,
        );
        let _ = Session::load(&VariantSource::Name(junk(&mut rng)), &Start::Seed(3));
    }
}

/// The board data carries what a text board draws beyond the units:
/// board symbols, a stack's composite, the marker-placement stage, a
/// reserve's next piece and window, and the kinds in play for a legend.
#[test]
fn the_board_data_has_what_a_text_board_draws() {
    let fluid = session("fluid");
    let b = fluid.board();
    let d1 = b.squares.iter().find(|q| q.name == "d1").unwrap();
    let symbols: Vec<&str> = d1.units.iter().map(|u| u.board_symbol.as_str()).collect();
    assert_eq!(symbols, ["R", "B"]);
    let queen = d1.composite.as_ref().unwrap();
    assert_eq!(
        (queen.kind.as_str(), queen.board_symbol.as_str(), queen.side),
        ("queen", "Q", Side::White)
    );
    assert_eq!(fluid.variant().capacity, 2);

    let twelve = session("twelve-mutation");
    let b = twelve.board();
    assert_eq!(b.side, Side::Black);
    let placing = b.placement.unwrap();
    assert_eq!(
        (placing.placed, placing.needed, placing.example.as_str()),
        (0, 8, "atomic@a4")
    );
    assert!(twelve.variant().markers);

    let mutatis = Session::load(&named("mutatis-mutandis"), &Start::Seed(7)).unwrap();
    let b = mutatis.board();
    let white = b.reserves[0].as_ref().unwrap();
    assert_eq!(white.pieces[0].board_symbol, "Pao");
    assert_eq!(white.window, Some((7, 11)));
    let black = b.reserves[1].as_ref().unwrap();
    assert_eq!(
        (black.pieces[0].board_symbol.as_str(), black.window),
        ("pao", Some((6, 10)))
    );
    assert_eq!(b.reserve_drop, None);
    let a1 = b.squares.iter().find(|q| q.name == "a1").unwrap();
    assert_eq!(a1.units[0].board_symbol, "Chan");
    let legend: Vec<String> = b
        .legend
        .iter()
        .map(|e| format!("{} {}", e.symbol, e.kind))
        .collect();
    assert_eq!(
        legend.join(", "),
        "K king, Q queen, R rook, N knight, P pawn, Am amazon, Ar archbishoprider, \
         Ni nightrider, Chan chancellor, Da dancinghorse, Dr dragonking, Gr gryphon, \
         Cr crookedrook, Kni knightwazir, Pao paovao, Cham chameleon, Lo long_leaper, \
         Wi withdrawer, Im immobilizer, Mam mamra, Hy hydra, Oxy oxybeles"
    );

    let chess = session("chess");
    let b = chess.board();
    assert!(!b.in_check && !b.has_hands && b.die_hint.is_none() && b.markers.is_empty());
    assert_eq!(b.legend.len(), 6);
}

/// A book's lines: FENs with their comments, turns from the start with
/// move numbers and a result, castling written with zeros; a bad line
/// refused at its number, the session's error a value.
#[test]
fn a_book_is_read_line_by_line() {
    use changeling::session::Rulebook;
    let chess = Rulebook::load(&named("chess")).unwrap();
    let fens = chess
        .read_book(
            "# openings\n\n\
             1.e4 e5 2.Nf3 Nc6 3.Bc4 Bc5 4.0-0 1/2-1/2\n\
             8/8/8/8/8/8/8/K6k w - - 0 1 ; bare kings\n",
        )
        .unwrap();
    assert_eq!(
        fens,
        [
            "r1bqk1nr/pppp1ppp/2n5/2b1p3/2B1P3/5N2/PPPP1PPP/RNBQ1RK1 b kq - 5 4",
            "8/8/8/8/8/8/8/K6k w - - 0 1"
        ]
    );
    let line_of = |text: &str| match chess.read_book(text) {
        Err(Error::Book { line, .. }) => line,
        other => panic!("{other:?}"),
    };
    assert_eq!(line_of("1. e4\n1. e5\n"), 2);
    assert_eq!(line_of("e4\n\n8/8/8 w - - 0 1\n"), 3);
    assert_eq!(line_of("# nothing\n"), 0);
}
