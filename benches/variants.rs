//! perft speed of the rules the seed variants add (drops, explosions,
//! riders, hoppers, a wider board), each as a ratio against FIDE chess
//! measured in the same run, by changeling and by Fairy-Stockfish.
//!
//! `cargo bench --bench variants` (set `VARIANTS_BENCH_QUICK=1` for
//! shallower depths). Fairy-Stockfish is the Debian package
//! `fairy-stockfish` (`/usr/games/fairy-stockfish`), or the program named
//! by `FAIRY_STOCKFISH`; without it only changeling's columns are filled.
//! It is driven as an external process over UCI (`go perft`), timed from
//! the command to its `Nodes searched` line. Where both play the same
//! rules the two node counts must agree, and changeling's is always
//! checked against the count it gave when the row was written.

use changeling::movegen::perft;
use changeling::notation::parse_fen;
use changeling::variants::load;
use std::hint::black_box;
use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, ChildStdout, Command, Stdio};
use std::time::Instant;

/// One row: a variant, a position, a depth, and what each program calls
/// them.
struct Case {
    /// The row's name.
    name: &'static str,
    /// changeling's variant (embedded name or file).
    variant: &'static str,
    /// Fairy-Stockfish's variant name.
    fsf: &'static str,
    /// Whether the two play the same rules (then the counts must agree).
    same_rules: bool,
    fen: &'static str,
    /// Depth in full runs and in quick runs.
    depth: (u32, u32),
    /// changeling's node count at each depth.
    nodes: (u64, u64),
}

const KIWIPETE: &str = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";
const START: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

const CASES: &[Case] = &[
    Case {
        name: "chess",
        variant: "chess",
        fsf: "chess",
        same_rules: true,
        fen: KIWIPETE,
        depth: (4, 3),
        nodes: (4_085_603, 97_862),
    },
    Case {
        name: "crazyhouse",
        variant: "benches/variants/crazyhouse.variant",
        fsf: "crazyhouse1",
        same_rules: true,
        fen: "r1bqk2r/pppp1ppp/2n1p3/4P3/1b1Pn3/2NB1N2/PPP2PPP/R1BQK2R[] b KQkq - 0 1",
        depth: (4, 3),
        nodes: (2_096_601, 58_354),
    },
    Case {
        name: "atomic",
        variant: "benches/variants/atomic.variant",
        fsf: "atomic",
        same_rules: false,
        fen: KIWIPETE,
        depth: (4, 3),
        nodes: (3_468_599, 87_624),
    },
    Case {
        name: "nightrider",
        variant: "benches/variants/nightrider.variant",
        fsf: "nightrider",
        same_rules: true,
        fen: START,
        depth: (5, 4),
        nodes: (12_273_896, 419_019),
    },
    Case {
        name: "grasshopper",
        variant: "benches/variants/grasshopper.variant",
        fsf: "grasshopper",
        same_rules: true,
        fen: "rnbqkbnr/gggggggg/pppppppp/8/8/PPPPPPPP/GGGGGGGG/RNBQKBNR w KQkq - 0 1",
        depth: (4, 3),
        nodes: (635_298, 22_314),
    },
    Case {
        name: "pao/vao",
        variant: "benches/variants/paovao.variant",
        fsf: "paovao",
        same_rules: true,
        fen: START,
        depth: (5, 4),
        nodes: (7_627_313, 286_832),
    },
    Case {
        name: "capablanca",
        variant: "capablanca",
        fsf: "capablanca",
        same_rules: true,
        fen: "rnabqkbcnr/pppppppppp/10/10/10/10/PPPPPPPPPP/RNABQKBCNR w KQkq - 0 1",
        depth: (4, 3),
        nodes: (805_128, 25_228),
    },
];

/// Fairy-Stockfish, started once and asked for perft counts.
struct Fsf {
    child: Child,
    input: ChildStdin,
    output: BufReader<ChildStdout>,
}

impl Fsf {
    fn start() -> Option<Fsf> {
        let program = std::env::var("FAIRY_STOCKFISH").unwrap_or_else(|_| {
            if std::path::Path::new("/usr/games/fairy-stockfish").exists() {
                "/usr/games/fairy-stockfish".into()
            } else {
                "fairy-stockfish".into()
            }
        });
        let mut child = Command::new(&program)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .ok()?;
        let input = child.stdin.take()?;
        let output = BufReader::new(child.stdout.take()?);
        let mut fsf = Fsf {
            child,
            input,
            output,
        };
        let ini = std::fs::canonicalize("benches/variants/fsf.ini").ok()?;
        fsf.send(&format!(
            "uci\nsetoption name VariantPath value {}",
            ini.display()
        ));
        fsf.wait_for("uciok")?;
        Some(fsf)
    }

    fn send(&mut self, text: &str) {
        let _ = writeln!(self.input, "{text}");
        let _ = self.input.flush();
    }

    /// Reads lines up to one starting with `prefix`, and returns it.
    fn wait_for(&mut self, prefix: &str) -> Option<String> {
        let mut line = String::new();
        loop {
            line.clear();
            if self.output.read_line(&mut line).ok()? == 0 {
                return None;
            }
            if line.starts_with(prefix) {
                return Some(line.trim().to_string());
            }
        }
    }

    /// perft `depth` of `fen` in `variant`: nodes and seconds.
    fn perft(&mut self, variant: &str, fen: &str, depth: u32) -> Option<(u64, f64)> {
        self.send(&format!(
            "setoption name UCI_Variant value {variant}\nposition fen {fen}\nisready"
        ));
        self.wait_for("readyok")?;
        let t = Instant::now();
        self.send(&format!("go perft {depth}"));
        let line = self.wait_for("Nodes searched")?;
        let seconds = t.elapsed().as_secs_f64();
        let nodes = line.rsplit(' ').next()?.parse().ok()?;
        Some((nodes, seconds))
    }
}

impl Drop for Fsf {
    fn drop(&mut self) {
        self.send("quit");
        let _ = self.child.wait();
    }
}

fn main() {
    let quick = std::env::var("VARIANTS_BENCH_QUICK").is_ok();
    let runs = if quick { 3 } else { 2 };
    let mut fsf = Fsf::start();
    if fsf.is_none() {
        println!("Fairy-Stockfish not found: its columns stay empty");
    }
    println!(
        "{:<12} {:>5} {:>10} {:>12} {:>7} {:>10} {:>12} {:>7} {:>8}",
        "variant",
        "depth",
        "nodes",
        "ours nps",
        "/chess",
        "fsf nodes",
        "fsf nps",
        "/chess",
        "time o/f"
    );
    let mut chess = None;
    for case in CASES {
        let (depth, expected) = if quick {
            (case.depth.1, case.nodes.1)
        } else {
            (case.depth.0, case.nodes.0)
        };
        let rules = load(case.variant).expect("the variant loads");
        let pos = parse_fen(&rules, case.fen).expect("the FEN parses");
        let mut ours = f64::INFINITY;
        let mut n = 0;
        for _ in 0..runs {
            let t = Instant::now();
            n = black_box(perft(&rules, &pos, depth));
            ours = ours.min(t.elapsed().as_secs_f64());
        }
        assert_eq!(n, expected, "changeling perft {depth} of {}", case.name);
        let theirs = fsf.as_mut().and_then(|f| {
            let mut best: Option<(u64, f64)> = None;
            for _ in 0..runs {
                let (m, t) = f.perft(case.fsf, case.fen, depth)?;
                best = Some(best.map_or((m, t), |(_, b)| (m, b.min(t))));
            }
            best
        });
        // Where the counts should agree and do not, this Fairy-Stockfish
        // plays other rules under that name (builds differ: the Debian
        // package's nightrider is not the source build's): its time says
        // nothing about these rules.
        let theirs = match theirs {
            Some((m, _)) if case.same_rules && m != n => {
                println!(
                    "({}: Fairy-Stockfish counts {m}, not {n}: its build plays other rules; its columns stay empty)",
                    case.name
                );
                None
            }
            theirs => theirs,
        };
        let nps = n as f64 / ours;
        let fsf_nps = theirs.map(|(m, t)| m as f64 / t);
        let (chess_nps, chess_fsf) = *chess.get_or_insert((nps, fsf_nps));
        let cell = |x: Option<f64>, width: usize, digits: usize| {
            x.map_or(format!("{:>width$}", "-"), |x| {
                format!("{x:>width$.digits$}")
            })
        };
        println!(
            "{:<12} {depth:>5} {n:>10} {nps:>12.0} {:>6.2}x {:>10} {} {} {}",
            case.name,
            nps / chess_nps,
            theirs.map_or("-".to_string(), |(m, _)| m.to_string()),
            cell(fsf_nps, 12, 0),
            cell(fsf_nps.zip(chess_fsf).map(|(a, b)| a / b), 6, 2) + "x",
            cell(fsf_nps.map(|f| f / nps), 7, 2) + "x",
        );
    }
}
