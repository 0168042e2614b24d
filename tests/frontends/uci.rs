//! `changeling uci` as a GUI drives it: sessions written to its standard
//! input, its answers read back. The numbers that depend on the machine
//! (`time`, `nps`) are left out of what is compared.

use changeling::notation::{parse_fen, parse_move};
use changeling::variants::load;
use std::path::Path;

/// The session's answers to `lines` (see `kit::protocol_session`).
fn session(lines: &[&str]) -> Vec<String> {
    crate::kit::protocol_session("uci", lines)
}

/// The `info` lines without their time and speed.
fn steady(line: &str) -> String {
    let words: Vec<&str> = line.split(' ').collect();
    let mut out = Vec::new();
    let mut i = 0;
    while i < words.len() {
        if matches!(words[i], "time" | "nps") {
            i += 2;
            continue;
        }
        out.push(words[i]);
        i += 1;
    }
    out.join(" ")
}

fn bestmove(out: &[String]) -> Vec<&str> {
    out.iter()
        .filter_map(|l| l.strip_prefix("bestmove "))
        .map(|l| l.split(' ').next().unwrap())
        .collect()
}

#[test]
fn the_handshake_names_the_engine_and_its_options() {
    let out = session(&["uci", "isready", "quit"]);
    assert_eq!(
        out[0],
        format!("id name changeling {}", env!("CARGO_PKG_VERSION"))
    );
    assert!(out.iter().any(|l| {
        l.starts_with("option name UCI_Variant type combo default chess var chess var capablanca")
    }));
    assert!(out.contains(&"option name VariantPath type string default <empty>".to_string()));
    let n = out.len();
    assert_eq!(out[n - 2..], ["uciok", "readyok"]);
}

#[test]
fn a_mate_is_announced_and_played() {
    let out = session(&[
        "position fen 6k1/5ppp/8/8/8/8/5PPP/3R2K1 w - - 0 1",
        "go depth 2",
        "#await bestmove",
    ]);
    let info: Vec<String> = out.iter().map(|l| steady(l)).collect();
    assert_eq!(
        info,
        [
            "info depth 1 score mate 1 nodes 42 pv d1d8",
            "info depth 2 score mate 1 nodes 100 pv d1d8",
            "bestmove d1d8",
        ]
    );
}

#[test]
fn moves_after_startpos_are_played_and_bad_ones_refused() {
    let out = session(&[
        "position startpos moves e2e4 e7e5 g1f3",
        "d",
        "position startpos moves e2e4 e2e4",
        "d",
        "position fen 8/8/8/8 w - - 0 1",
        "d",
        "go sideways",
        "frobnicate",
    ]);
    let after = "rnbqkbnr/pppp1ppp/8/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R b KQkq - 1 2";
    assert_eq!(out[0], after);
    assert!(out[1].starts_with("info string error: "), "{}", out[1]);
    assert!(out[1].contains("e2e4"), "{}", out[1]);
    assert_eq!(out[2], after, "a refused move keeps the position");
    assert!(
        out[3].starts_with("info string error: `8/8/8/8 w - - 0 1`: invalid FEN"),
        "{}",
        out[3]
    );
    assert_eq!(out[4], after);
    assert_eq!(
        out[5],
        "info string error: `sideways` is not a part of `go`"
    );
    assert_eq!(out[6], "info string error: unknown command `frobnicate`");
}

#[test]
fn a_drop_variant_is_chosen_by_name_and_drops_are_played() {
    // Pocket Mutation: the knight in White's pocket mates on f7 (the
    // smothered mate of tests/engine/search_tactics.rs).
    let out = session(&[
        "setoption name UCI_Variant value pocket-mutation",
        "position fen 6rk/6pp/8/8/8/8/8/K7[N] w - - 0 20",
        "go depth 2",
        "#await bestmove",
        "setoption name UCI_Variant value bughouse",
    ]);
    assert_eq!(bestmove(&out), ["N@f7"]);
    assert!(out.iter().any(|l| l.contains("score mate 1")));
    assert!(
        out.last()
            .unwrap()
            .starts_with("info string error: no variant `bughouse`")
    );
}

#[test]
fn a_variant_file_is_loaded_by_path() {
    let file = Path::new(env!("CARGO_MANIFEST_DIR")).join("examples/variants/capablanca.variant");
    let out = session(&[
        &format!("setoption name VariantPath value {}", file.display()),
        "position startpos",
        "d",
        "go depth 2",
        "#await bestmove",
        "setoption name VariantPath value /no/such/file.variant",
        "d",
    ]);
    let rules = load("capablanca").unwrap();
    let start = parse_fen(&rules, &out[0]).unwrap();
    assert_eq!(rules.geometry().width, 10);
    let best = bestmove(&out);
    assert_eq!(best.len(), 1);
    assert!(parse_move(&rules, &start, best[0]).is_ok(), "{}", best[0]);
    let refused = out.iter().find(|l| l.contains("cannot load")).unwrap();
    assert!(refused.starts_with("info string error: "), "{refused}");
    assert_eq!(out.last().unwrap(), &out[0], "a bad file keeps the variant");
}

#[test]
fn stop_ends_an_infinite_search_with_a_legal_move() {
    let out = session(&[
        "position startpos moves d2d4",
        "go infinite",
        "#sleep 300",
        "stop",
        "isready",
    ]);
    let best = bestmove(&out);
    assert_eq!(best.len(), 1);
    let rules = load("chess").unwrap();
    let mut pos = parse_fen(
        &rules,
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    )
    .unwrap();
    let d4 = parse_move(&rules, &pos, "d2d4").unwrap();
    pos.play_unchecked(&rules, &d4);
    assert!(parse_move(&rules, &pos, best[0]).is_ok(), "{}", best[0]);
    assert_eq!(out.last().unwrap(), "readyok");
    // The answer came after the stop, not before: infinite means so.
    assert!(out.iter().filter(|l| l.starts_with("info depth")).count() >= 2);
}

#[test]
fn shogi_moves_are_written_and_read_as_variant_programs_write_them() {
    // Fairy-Stockfish's coordinates: a promotion is `+` after the
    // squares (`b2h8+`), not the promoted piece's letter.
    let out = session(&[
        "setoption name UCI_Variant value shogi",
        "position fen 4k4/7r1/9/9/9/9/9/1B7/4K4[] w - - 0 1",
        "go depth 1",
        "position startpos moves c3c4 g7g6 b2h8+ g9h8 B@e5",
        "d",
        "position startpos moves c3c4 g7g6 b2h8",
        "d",
    ]);
    assert_eq!(bestmove(&out), ["b2h8+"]);
    assert!(out.iter().any(|l| l.ends_with(" pv b2h8+")), "{out:?}");
    assert!(
        out.contains(
            &"lnsgkg1nl/1r5s1/pppppp1pp/6p2/4B4/2P6/PP1PPPPPP/7R1/LNSGKGSNL[b] b - - 1 3"
                .to_string()
        ),
        "{out:?}"
    );
    // Without the `+` the bishop stays a bishop.
    assert_eq!(
        out.last().unwrap(),
        "lnsgkgsnl/1r5B1/pppppp1pp/6p2/9/2P6/PP1PPPPPP/7R1/LNSGKGSNL[B] b - - 0 2"
    );
}

#[test]
fn janggi_passes_and_seirawan_gating_are_written_as_variant_programs_write_them() {
    let out = session(&[
        "setoption name UCI_Variant value seirawan",
        "position startpos moves g1f3 g8f6 e2e3 e7e6 f1e2 f8e7 h1e1h",
        "d",
        "setoption name UCI_Variant value janggi",
        "position startpos moves e2e2 e9e9",
        "d",
    ]);
    assert_eq!(
        out[0],
        "rnbqk2r/ppppbppp/4pn2/8/8/4PN2/PPPPBPPP/RNBQ1RKH[Ehe] b ABCDkqbcd - 3 4"
    );
    assert!(out[1].starts_with("rnba1abnr/4k4/"), "{}", out[1]);
}

/// The legal turns of chess's start after `moves`, in coordinates.
fn legal_after(moves: &[&str]) -> Vec<String> {
    let rules = load("chess").unwrap();
    let mut pos = parse_fen(&rules, rules.setup()).unwrap();
    for m in moves {
        let mv = parse_move(&rules, &pos, m).unwrap();
        pos.play_unchecked(&rules, &mv);
    }
    changeling::movegen::legal_moves(&rules, &pos)
        .iter()
        .map(|m| changeling::notation::to_uci(&rules, m))
        .collect()
}

/// A command sent while the engine thinks without end is not held up
/// behind the search: `position` stops it (its `bestmove` is written, a
/// legal move of the position searched), then sets the position, which
/// `d` shows; `stop` and `quit` after it are read and the session ends.
/// Sent all at once, with no pause: the outputs compared do not depend
/// on how far the search got.
#[test]
fn a_command_during_an_infinite_search_stops_it_and_runs() {
    let out = session(&[
        "go infinite",
        "position startpos moves e2e4",
        "d",
        "stop",
        "quit",
    ]);
    let best = bestmove(&out);
    assert_eq!(best.len(), 1, "{out:?}");
    assert!(legal_after(&[]).contains(&best[0].to_string()), "{out:?}");
    let n = out.len();
    assert!(out[n - 2].starts_with("bestmove "), "{out:?}");
    assert_eq!(
        out[n - 1],
        "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1"
    );
    // A second `go` during the first: the first answers, then the second.
    let out = session(&[
        "go infinite",
        "go depth 1",
        "#await bestmove",
        "#await bestmove",
    ]);
    assert_eq!(bestmove(&out).len(), 2, "{out:?}");
}

/// The end of the input is `quit`: a search without end, or one that
/// would take ages, is stopped with its `bestmove`, and the engine ends
/// (the kit fails a session that does not).
#[test]
fn the_end_of_the_input_stops_a_search_and_ends_the_session() {
    for go in ["go infinite", "go depth 999", "go movetime 86400000"] {
        let out = session(&["position startpos moves d2d4", go]);
        let best = bestmove(&out);
        assert_eq!(best.len(), 1, "{go}: {out:?}");
        assert!(
            legal_after(&["d2d4"]).contains(&best[0].to_string()),
            "{go}: {out:?}"
        );
        assert!(
            out.last().unwrap().starts_with("bestmove "),
            "{go}: {out:?}"
        );
    }
}

/// `Hash` at its advertised maximum where memory is short (an address
/// space of 1.25 GiB, under which 4096 MB and 2048 MB tables cannot be
/// made): the table is halved until it fits, and that is said; the
/// engine then searches.
#[test]
fn a_hash_too_large_for_memory_is_shrunk_and_said() {
    let mut shell = std::process::Command::new("sh");
    shell.args([
        "-c",
        "ulimit -v 1310720 && exec \"$0\" uci",
        env!("CARGO_BIN_EXE_changeling"),
    ]);
    let out = crate::kit::session_of(
        shell,
        &[
            "setoption name Hash value 4096",
            "isready",
            "go depth 1",
            "#await bestmove",
            "setoption name Hash value 5000",
        ],
    );
    assert_eq!(
        out[..2],
        [
            "info string Hash: no memory for 4096 MB; the table has 1024 MB",
            "readyok"
        ]
    );
    assert_eq!(bestmove(&out).len(), 1, "{out:?}");
    assert_eq!(
        out.last().unwrap(),
        "info string error: Hash is a number of MB from 1 to 4096, not `5000`"
    );
}

/// A line of 3 MB (over the 1 MiB limit) is refused, read to its end
/// without being held, and the next line answered.
#[test]
fn an_overlong_line_is_refused_and_the_next_one_read() {
    let long = format!("position startpos moves {}", "e2e4 ".repeat(600_000));
    let out = session(&[&long, "d", "isready"]);
    assert_eq!(
        out,
        [
            "info string error: the line is longer than 1048576 bytes",
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
            "readyok",
        ]
    );
}

/// A variant with a second castling on the king's wing (the king stays,
/// the rook comes to f1): both are played from the coordinates written
/// for them (`e1g1`, `e1e1`).
#[test]
fn two_castlings_on_one_wing_are_read_from_their_coordinates() {
    let dir = crate::kit::scratch("uci-castles");
    let file = dir.join("odd.variant");
    std::fs::write(
        &file,
        "variant odd : chess {\n castle odd { king = e1 -> e1  partner = h1 -> f1 }\n}\n",
    )
    .unwrap();
    let fen = "4k3/8/8/8/8/8/8/4K2R w K - 0 1";
    let out = session(&[
        &format!("setoption name VariantPath value {}", file.display()),
        &format!("position fen {fen} moves e1g1"),
        "d",
        &format!("position fen {fen} moves e1e1"),
        "d",
    ]);
    assert_eq!(
        out,
        [
            "4k3/8/8/8/8/8/8/5RK1 b - - 1 1",
            "4k3/8/8/8/8/8/8/4KR2 b - - 1 1"
        ]
    );
}
