//! Pictures: `changeling show position --svg`, `show piece --svg` and the
//! session's `svg` command. Each picture is read by usvg and drawn to
//! pixels by resvg, and the squares' colours are read back: a1 dark, the
//! last move's squares highlighted, a checked king's square red. Text
//! needs fonts, which a test machine may lack, so what stands on a
//! square is checked through the `<title>` each square carries instead.

use crate::kit::{play_session, scratch};
use changeling::svg::{CHECKED, DARK, LAST_MOVE, LIGHT};
use resvg::{tiny_skia, usvg};
use std::path::Path;
use std::process::{Command, Output};

fn changeling(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_changeling"))
        .args(args)
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .output()
        .unwrap()
}

/// Runs `changeling ARGS --svg FILE` and returns the picture's text.
fn picture(name: &str, args: &[&str]) -> String {
    let dir = scratch(&format!("svg-{name}"));
    let file = dir.join(format!("{name}.svg"));
    let mut all = args.to_vec();
    let path = file.to_str().unwrap();
    all.extend(["--svg", path]);
    let out = changeling(&all);
    assert!(
        out.status.success(),
        "{args:?}: exit {:?}: {}",
        out.status,
        String::from_utf8_lossy(&out.stderr)
    );
    let text = std::fs::read_to_string(&file).unwrap();
    let _ = std::fs::remove_dir_all(&dir);
    text
}

/// A picture read by usvg and drawn by resvg at its natural size.
struct Drawn {
    tree: usvg::Tree,
    pixels: tiny_skia::Pixmap,
}

fn draw(text: &str) -> Drawn {
    let tree = usvg::Tree::from_str(text, &usvg::Options::default())
        .unwrap_or_else(|e| panic!("not an SVG usvg reads: {e}\n{text}"));
    let size = tree.size().to_int_size();
    let mut pixels = tiny_skia::Pixmap::new(size.width(), size.height()).unwrap();
    resvg::render(&tree, tiny_skia::Transform::default(), &mut pixels.as_mut());
    Drawn { tree, pixels }
}

impl Drawn {
    /// The colour drawn near the lower left corner of `square`, inside
    /// it, as `#rrggbb`: clear of the piece in the middle and of a
    /// marker's tag in the upper left.
    fn colour(&self, square: &str) -> String {
        let node = self
            .tree
            .node_by_id(square)
            .unwrap_or_else(|| panic!("no square `{square}` in the picture"));
        let r = node.abs_bounding_box();
        let (x, y) = ((r.x() + 3.0) as u32, (r.y() + r.height() - 3.0) as u32);
        let p = self.pixels.pixel(x, y).expect("inside the picture");
        assert_eq!(p.alpha(), 255, "{square} is opaque");
        format!("#{:02x}{:02x}{:02x}", p.red(), p.green(), p.blue())
    }

    /// Where `square`'s left edge is.
    fn left(&self, square: &str) -> f32 {
        self.tree.node_by_id(square).unwrap().abs_bounding_box().x()
    }
}

#[test]
fn squares_are_light_and_dark_and_the_last_move_is_marked() {
    let text = picture(
        "last-move",
        &[
            "show",
            "position",
            "--variant",
            "chess",
            "--moves",
            "e4 e5 Nf3",
        ],
    );
    let d = draw(&text);
    assert_eq!(d.colour("a1"), DARK);
    assert_eq!(d.colour("h1"), LIGHT);
    assert_eq!(d.colour("a8"), LIGHT);
    assert_eq!(d.colour("e2"), LIGHT, "an earlier move is not marked");
    assert_eq!(d.colour("g1"), LAST_MOVE);
    assert_eq!(d.colour("f3"), LAST_MOVE);
    assert!(text.contains("<title>f3: white knight</title>"), "{text}");
    assert!(text.contains("<title>e5: black pawn</title>"), "{text}");
    // White to move is drawn from White's side: the a-file on the left.
    assert!(d.left("a1") < d.left("h1"));
}

#[test]
fn a_checked_king_stands_on_red_and_flip_turns_the_board() {
    let text = picture(
        "checked",
        &[
            "show",
            "position",
            "--variant",
            "chess",
            "--moves",
            "f3 e5 g4 Qh4",
            "--flip",
        ],
    );
    let d = draw(&text);
    assert_eq!(d.colour("e1"), CHECKED);
    assert_eq!(d.colour("h4"), LAST_MOVE);
    assert_eq!(d.colour("a1"), DARK);
    assert!(
        d.left("a1") > d.left("h1"),
        "flipped: the a-file on the right"
    );
}

#[test]
fn the_engine_line_is_drawn_as_arrows() {
    let text = picture(
        "best",
        &[
            "show",
            "position",
            "--variant",
            "chess",
            "--fen",
            "6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1",
            "--best",
            "2",
        ],
    );
    let d = draw(&text);
    // Back-rank mate: the one arrow runs from a1's centre towards a8's.
    let line = text.find("<line ").expect("an arrow");
    let number = |name: &str| -> f32 {
        let at = line + text[line..].find(&format!(" {name}=\"")).unwrap() + name.len() + 3;
        let end = at + text[at..].find('"').unwrap();
        text[at..end].parse().unwrap()
    };
    let centre = |sq: &str| {
        let r = d.tree.node_by_id(sq).unwrap().abs_bounding_box();
        (r.x() + r.width() / 2.0, r.y() + r.height() / 2.0)
    };
    let (a1, a8) = (centre("a1"), centre("a8"));
    assert!((number("x1") - a1.0).abs() < 1.0 && (number("y1") - a1.1).abs() < 1.0);
    assert!((number("x2") - a8.0).abs() < 1.0 && number("y2") < a1.1 - 48.0 * 6.0);
    assert!(text.contains("<polygon"), "an arrow head: {text}");
}

#[test]
fn both_units_of_a_fluid_stack_are_drawn() {
    let text = picture(
        "fluid",
        &[
            "show",
            "position",
            "--variant",
            "fluid",
            "--moves",
            "e4 e5 Ne2 Ne7 Bfe2",
        ],
    );
    draw(&text);
    assert!(
        text.contains("<title>e2: white bishop and white knight</title>"),
        "{text}"
    );
    // A Rook and a Bishop of one side make a Queen, drawn as one.
    assert!(
        text.contains("<title>d1: white queen (rook and bishop)</title>"),
        "{text}"
    );
    assert!(text.contains('♗') && text.contains('♘'));
}

#[test]
fn twelve_mutation_markers_show_their_mutator_and_face() {
    let moves = "rider@a4 cannon@h5 berolina@b4 monochromatic@g5 equus_rex@a5 \
                 non_prise@h4 atomic@b5 drop@g4 b1c3 e7e6 c3a4 d7d6 a4c5";
    let text = picture(
        "twelve",
        &[
            "show",
            "position",
            "--variant",
            "twelve-mutation",
            "--seed",
            "0",
            "--moves",
            moves,
        ],
    );
    let d = draw(&text);
    assert!(
        text.contains("<title>a4: marker rider, face up (on)</title>"),
        "{text}"
    );
    assert!(
        text.contains("<title>h5: marker cannon, face down (off)</title>"),
        "{text}"
    );
    assert!(
        text.contains("<title>c5: white knight (rider)</title>"),
        "{text}"
    );
    // Tags: Rider is `R`; Atomic shares its first letters with Attack
    // and Avalanche.
    assert!(text.contains(">R</text>"), "{text}");
    assert!(text.contains(">Ato</text>"), "{text}");
    assert_eq!(d.colour("c5"), LAST_MOVE);
    assert_eq!(d.colour("a4"), LAST_MOVE);
}

#[test]
fn mutatis_mutandis_reserves_are_drawn_below_and_above() {
    let text = picture(
        "mutatis",
        &[
            "show",
            "position",
            "--variant",
            "mutatis-mutandis",
            "--seed",
            "7",
        ],
    );
    let d = draw(&text);
    assert_eq!(d.colour("a1"), DARK);
    assert!(
        text.contains("<title>White reserve (next first): "),
        "{text}"
    );
    assert!(
        text.contains("<title>Black reserve (next first): "),
        "{text}"
    );
}

#[test]
fn a_piece_diagram_marks_moves_and_captures() {
    let text = picture(
        "knight",
        &[
            "show",
            "piece",
            "knight",
            "--variant",
            "chess",
            "--at",
            "d4",
        ],
    );
    let d = draw(&text);
    assert_eq!(d.colour("d4"), LAST_MOVE, "the piece's own square");
    assert!(
        text.contains("<title>f5: move or capture</title>"),
        "{text}"
    );
    assert!(text.contains("<title>d4: white knight</title>"), "{text}");
    assert!(!text.contains("<title>d5:"), "{text}");

    let text = picture(
        "pawn",
        &[
            "show",
            "piece",
            "pawn",
            "--variant",
            "chess",
            "--at",
            "e4",
            "--fen",
            "4k3/8/8/3p4/8/8/8/4K3 w - - 0 1",
        ],
    );
    draw(&text);
    assert!(text.contains("<title>e5: move</title>"), "{text}");
    assert!(
        text.contains("<title>d5: black pawn, capture</title>"),
        "{text}"
    );
}

#[test]
fn the_session_writes_the_position_with_its_last_move() {
    let dir = scratch("svg-session");
    let file = dir.join("now.svg");
    let input = format!(
        "e4\nsvg {}\nsvg {}/no/such/dir/x.svg\n",
        file.display(),
        dir.display()
    );
    let out = play_session(&["chess"], Path::new(env!("CARGO_MANIFEST_DIR")), &input);
    let said = String::from_utf8_lossy(&out.stdout);
    assert!(out.status.success(), "{said}");
    assert!(
        said.contains("wrote a picture of the position to"),
        "{said}"
    );
    assert!(said.contains("error: cannot write"), "{said}");
    let d = draw(&std::fs::read_to_string(&file).unwrap());
    assert_eq!(d.colour("e2"), LAST_MOVE);
    assert_eq!(d.colour("e4"), LAST_MOVE);
    assert_eq!(d.colour("d4"), DARK);
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn any_board_size_up_to_sixteen_is_drawn() {
    let dir = scratch("svg-big-variant");
    let variant = dir.join("big.variant");
    std::fs::write(
        &variant,
        "variant big : chess {\n    board = 16x16\n    setup = \"k15/16/16/16/16/16/16/16/16/16/16/16/16/16/16/15K w - - 0 1\"\n}\n",
    )
    .unwrap();
    let text = picture(
        "big",
        &["show", "position", "--variant", variant.to_str().unwrap()],
    );
    let d = draw(&text);
    assert_eq!(d.colour("a1"), DARK);
    assert_eq!(d.colour("p16"), DARK);
    assert_eq!(d.colour("p1"), LIGHT);
    assert!(text.contains("<title>p1: white king</title>"), "{text}");
    let _ = std::fs::remove_dir_all(&dir);
}

/// The pictures in the README are what the commands beside them draw
/// today (`BLESS=1` rewrites them).
#[test]
fn the_readme_pictures_are_up_to_date() {
    let twelve = "rider@a4 cannon@h5 berolina@b4 monochromatic@g5 equus_rex@a5 \
                  non_prise@h4 atomic@b5 drop@g4 b1c3 e7e6 c3a4 d7d6 a4c5";
    let pictures: &[(&str, &[&str])] = &[
        (
            "mutatis-mutandis",
            &[
                "--variant",
                "mutatis-mutandis",
                "--seed",
                "7",
                "--best",
                "3",
            ],
        ),
        (
            "fluid",
            &["--variant", "fluid", "--moves", "e4 e5 Ne2 Ne7 Bfe2"],
        ),
        (
            "twelve-mutation",
            &["--variant", "twelve-mutation", "--moves", twelve],
        ),
    ];
    let readme =
        std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("README.md")).unwrap();
    let bless = std::env::var_os("BLESS").is_some();
    for (name, args) in pictures {
        let mut all = vec!["show", "position"];
        all.extend(*args);
        let drawn = picture(&format!("readme-{name}"), &all);
        let path = format!("examples/pictures/{name}.svg");
        assert!(
            readme.contains(&format!("]({path})")),
            "README shows {path}"
        );
        let file = Path::new(env!("CARGO_MANIFEST_DIR")).join(&path);
        if bless {
            std::fs::write(&file, &drawn).unwrap();
            continue;
        }
        let kept = std::fs::read_to_string(&file).unwrap();
        assert!(
            kept == drawn,
            "{path} is stale: run BLESS=1 cargo test --test frontends svg::"
        );
    }
}

/// Bad input: a clear error and a failing exit code, never a panic, and
/// no file left behind.
/// A renderer this machine must have: CI (`CHANGELING_RENDERERS=require`,
/// set by `.ci/run`, which installs them) fails without it; elsewhere the
/// check is left out with a note.
fn renderer_missing(what: &str) -> bool {
    let required = std::env::var("CHANGELING_RENDERERS").is_ok_and(|v| v == "require");
    assert!(
        !required,
        "{what} is missing, and CHANGELING_RENDERERS=require"
    );
    eprintln!("note: {what} is missing; that renderer is not checked");
    true
}

/// How many pixels of `square`'s middle (its inner three fifths, clear
/// of a marker's tag) differ clearly from the colour at its lower left
/// corner, the square's own: the ink of what stands there. `scale` is
/// the picture's pixels per SVG unit.
fn ink(tree: &usvg::Tree, pixels: &tiny_skia::Pixmap, square: &str, scale: f32) -> usize {
    let r = tree.node_by_id(square).unwrap().abs_bounding_box();
    let at = |x: f32, y: f32| {
        pixels
            .pixel((x * scale) as u32, (y * scale) as u32)
            .unwrap()
    };
    let ground = at(r.x() + 3.0, r.y() + r.height() - 3.0);
    let (x0, y0, w, h) = (
        r.x() + r.width() * 0.2,
        r.y() + r.height() * 0.2,
        r.width() * 0.6,
        r.height() * 0.6,
    );
    let mut n = 0;
    for j in 0..(h * scale) as u32 {
        for i in 0..(w * scale) as u32 {
            let p = at(x0 + i as f32 / scale, y0 + j as f32 / scale);
            let d = (p.red() as i32 - ground.red() as i32).abs()
                + (p.green() as i32 - ground.green() as i32).abs()
                + (p.blue() as i32 - ground.blue() as i32).abs();
            if d > 90 {
                n += 1;
            }
        }
    }
    n
}

/// The pieces are drawn, not only named in the titles, by resvg (with
/// the system's fonts), librsvg's `rsvg-convert` and ImageMagick: every
/// text names one font family (ImageMagick's own renderer drops a text
/// whose family is a list, which left the README's pictures as empty
/// boards), and in each renderer's pixels the squares of the first
/// rank's pieces and pawns hold ink where the empty middle squares hold
/// none. The FIDE kinds are glyphs and a fairy kind a lettered disc.
#[test]
fn pieces_show_in_resvg_librsvg_and_imagemagick() {
    let text = picture(
        "renderers",
        &["show", "position", "--variant", "capablanca"],
    );
    let families: Vec<&str> = text
        .split("font-family=\"")
        .skip(1)
        .map(|rest| &rest[..rest.find('"').unwrap()])
        .collect();
    assert!(!families.is_empty());
    for family in &families {
        assert!(
            !family.contains(',') && !family.contains('\''),
            "a list of families: {family}"
        );
    }
    let pieces = ["a1", "b1", "c1", "e1", "f1", "j1", "a2", "e7", "f8", "j8"];
    let empty = ["a4", "e4", "f5", "j5"];
    let check = |renderer: &str, tree: &usvg::Tree, pixels: &tiny_skia::Pixmap| {
        let scale = pixels.width() as f32 / tree.size().width();
        for square in pieces {
            let n = ink(tree, pixels, square, scale);
            assert!(n > 40, "{renderer}: {square} shows {n} pixels of ink");
        }
        for square in empty {
            assert_eq!(ink(tree, pixels, square, scale), 0, "{renderer}: {square}");
        }
    };
    let mut options = usvg::Options::default();
    options.fontdb_mut().load_system_fonts();
    let tree = usvg::Tree::from_str(&text, &usvg::Options::default()).unwrap();
    let has_font = options
        .fontdb
        .faces()
        .any(|f| f.families.iter().any(|(name, _)| name == "DejaVu Sans"));
    if has_font || !renderer_missing("the font DejaVu Sans") {
        let with_fonts = usvg::Tree::from_str(&text, &options).unwrap();
        let size = with_fonts.size().to_int_size();
        let mut pixels = tiny_skia::Pixmap::new(size.width(), size.height()).unwrap();
        resvg::render(
            &with_fonts,
            tiny_skia::Transform::default(),
            &mut pixels.as_mut(),
        );
        check("resvg", &tree, &pixels);
    }
    let dir = scratch("svg-renderers");
    let svg = dir.join("board.svg");
    std::fs::write(&svg, &text).unwrap();
    let external: [(&str, Vec<&str>); 2] = [
        ("rsvg-convert", vec!["-o", "rsvg.png", "board.svg"]),
        (
            "convert",
            vec!["board.svg", "-depth", "8", "PNG32:magick.png"],
        ),
    ];
    for (program, args) in external {
        let png = dir.join(
            args.iter()
                .find(|a| a.ends_with(".png"))
                .unwrap()
                .trim_start_matches("PNG32:"),
        );
        match Command::new(program).args(&args).current_dir(&dir).output() {
            Ok(out) if out.status.success() => {
                let pixels = tiny_skia::Pixmap::load_png(&png)
                    .unwrap_or_else(|e| panic!("{program} wrote no PNG: {e}"));
                check(program, &tree, &pixels);
            }
            Ok(out) => panic!("{program} failed: {}", String::from_utf8_lossy(&out.stderr)),
            Err(_) => {
                renderer_missing(program);
            }
        }
    }
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn bad_input_is_refused_with_an_error() {
    let dir = scratch("svg-errors");
    let file = dir.join("x.svg");
    let path = file.to_str().unwrap();
    let nowhere = dir.join("no/such/dir/x.svg");
    let cases: &[(&[&str], &str)] = &[
        (
            &[
                "show",
                "position",
                "--variant",
                "no-such-variant",
                "--svg",
                path,
            ],
            "",
        ),
        (
            &[
                "show",
                "position",
                "--variant",
                "chess",
                "--fen",
                "8/8/x",
                "--svg",
                path,
            ],
            "error",
        ),
        (
            &[
                "show",
                "position",
                "--variant",
                "chess",
                "--moves",
                "e4 e4",
                "--svg",
                path,
            ],
            "move 2 `e4`",
        ),
        (
            &[
                "show",
                "position",
                "--variant",
                "chess",
                "--svg",
                nowhere.to_str().unwrap(),
            ],
            "cannot write",
        ),
        (
            &[
                "show",
                "piece",
                "dragon",
                "--variant",
                "chess",
                "--svg",
                path,
            ],
            "not a piece",
        ),
        (
            &[
                "show",
                "piece",
                "knight",
                "--svg",
                nowhere.to_str().unwrap(),
            ],
            "cannot write",
        ),
    ];
    for (args, says) in cases {
        let out = changeling(args);
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(!out.status.success(), "{args:?} succeeded");
        assert_ne!(out.status.code(), Some(101), "{args:?} panicked: {err}");
        assert!(!err.contains("panicked"), "{args:?}: {err}");
        assert!(
            err.contains(says) && !err.trim().is_empty(),
            "{args:?}: {err}"
        );
        assert!(!Path::new(path).exists(), "{args:?} left a file");
    }
    let _ = std::fs::remove_dir_all(&dir);
}
