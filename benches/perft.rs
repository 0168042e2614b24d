//! perft speed of FIDE chess defined as a variant file, side by side with
//! cozy-chess (a dedicated bitboard engine) on the same positions.
//!
//! `cargo bench --bench perft` (set `PERFT_BENCH_QUICK=1` for shallower
//! depths). Every run asserts its node count, so it never times a wrong
//! answer.

use changeling::movegen::perft;
use changeling::notation::parse_fen;
use changeling::variants::load;
use cozy_chess::Board;
use std::hint::black_box;
use std::time::Instant;

fn cozy_perft(board: &Board, depth: u32) -> u64 {
    let mut nodes = 0;
    if depth == 1 {
        board.generate_moves(|moves| {
            nodes += moves.len() as u64;
            false
        });
    } else {
        board.generate_moves(|moves| {
            for mv in moves {
                let mut child = board.clone();
                child.play_unchecked(mv);
                nodes += cozy_perft(&child, depth - 1);
            }
            false
        });
    }
    nodes
}

fn best_of<F: FnMut() -> u64>(runs: u32, mut f: F) -> (u64, f64) {
    let mut best = f64::INFINITY;
    let mut nodes = 0;
    for _ in 0..runs {
        let t = Instant::now();
        nodes = black_box(f());
        best = best.min(t.elapsed().as_secs_f64());
    }
    (nodes, best)
}

fn main() {
    let quick = std::env::var("PERFT_BENCH_QUICK").is_ok();
    let rules = load("chess").expect("embedded chess loads");
    let cases: [(&str, &str, u32, u64); 2] = if quick {
        [
            (
                "startpos",
                "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
                5,
                4_865_609,
            ),
            (
                "kiwipete",
                "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
                4,
                4_085_603,
            ),
        ]
    } else {
        [
            (
                "startpos",
                "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
                6,
                119_060_324,
            ),
            (
                "kiwipete",
                "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
                5,
                193_690_690,
            ),
        ]
    };
    let runs = if quick { 3 } else { 2 };
    println!(
        "{:<10} {:>5} {:>12} {:>10} {:>12} {:>10} {:>12} {:>7}",
        "position", "depth", "nodes", "ours s", "ours nps", "cozy s", "cozy nps", "ratio"
    );
    for (name, fen, depth, expected) in cases {
        let pos = parse_fen(&rules, fen).expect("bench FEN parses");
        let (n, ours) = best_of(runs, || perft(&rules, &pos, depth));
        assert_eq!(n, expected, "changeling perft {depth} of {name}");
        let board = Board::from_fen(fen, false).expect("cozy parses the FEN");
        let (m, cozy) = best_of(runs, || cozy_perft(&board, depth));
        assert_eq!(m, expected, "cozy-chess perft {depth} of {name}");
        println!(
            "{name:<10} {depth:>5} {n:>12} {ours:>10.3} {:>12.0} {cozy:>10.3} {:>12.0} {:>6.1}x",
            n as f64 / ours,
            m as f64 / cozy,
            ours / cozy
        );
    }
    script_bridge(quick);
}

/// The cost of the script bridge: the same position with Withdrawers
/// whose moves come from `scripts/withdrawer.rhai`, and with a native
/// stand-in (the same kind moving by its `betza`, "mQ", no script). The
/// trees differ a little (the native stand-in neither captures nor gives
/// check), so speeds are compared in nodes per second.
fn script_bridge(quick: bool) {
    let scripted = changeling::variants::load("tests/scripts/withdrawer.variant")
        .expect("the scripted variant loads");
    let text = std::fs::read_to_string("tests/scripts/withdrawer.variant")
        .expect("the variant file reads");
    let start = text.find("    script {").expect("a script section");
    let end = start + text[start..].find("    }\n").expect("its end") + 6;
    let native_text = format!("{}{}", &text[..start], &text[end..]);
    let native = changeling::variants::load_str("native.variant", &native_text)
        .expect("the native stand-in loads");
    let fen = "7k/8/8/8/8/8/8/W1W1K1WW w - - 0 1";
    let depth = if quick { 3 } else { 4 };
    let (n_native, t_native) = best_of(2, || {
        perft(&native, &parse_fen(&native, fen).expect("FEN"), depth)
    });
    let (n_script, t_script) = best_of(2, || {
        perft(&scripted, &parse_fen(&scripted, fen).expect("FEN"), depth)
    });
    println!();
    println!(
        "{:<10} {:>5} {:>12} {:>10} {:>12} {:>12} {:>10} {:>12} {:>7}",
        "bridge",
        "depth",
        "script n",
        "script s",
        "script nps",
        "native n",
        "native s",
        "native nps",
        "ratio"
    );
    let (nps_script, nps_native) = (n_script as f64 / t_script, n_native as f64 / t_native);
    println!(
        "{:<10} {depth:>5} {n_script:>12} {t_script:>10.3} {nps_script:>12.0} {n_native:>12} {t_native:>10.3} {nps_native:>12.0} {:>6.1}x",
        "withdrawer",
        nps_native / nps_script
    );
}
