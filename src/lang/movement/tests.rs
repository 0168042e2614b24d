//! Tests of movement strings.

use super::*;

fn dirs(s: &str) -> Vec<(i8, i8)> {
    let atoms = parse_movement(s, Span::default()).unwrap();
    let mut v: Vec<(i8, i8)> = atoms.iter().flat_map(|a| a.dirs.clone()).collect();
    v.sort();
    v
}

#[test]
fn knight_direction_groups() {
    assert_eq!(dirs("N").len(), 8);
    assert_eq!(dirs("fN"), vec![(-2, 1), (-1, 2), (1, 2), (2, 1)]);
    assert_eq!(dirs("ffN"), vec![(-1, 2), (1, 2)]);
    assert_eq!(dirs("fsN"), vec![(-2, 1), (2, 1)]);
    assert_eq!(dirs("frN"), vec![(2, 1)]);
    assert_eq!(dirs("rfN"), vec![(1, 2)]);
    assert_eq!(dirs("vN"), vec![(-1, -2), (-1, 2), (1, -2), (1, 2)]);
    assert_eq!(dirs("hrN"), vec![(-2, 1), (-1, -2), (1, 2), (2, -1)]);
}

#[test]
fn pawn_parts() {
    let atoms = parse_movement("fmWfcFifmnD", Span::default()).unwrap();
    assert_eq!(atoms.len(), 3);
    assert_eq!(atoms[0].dirs, vec![(0, 1)]);
    assert!(atoms[0].can_move && !atoms[0].can_capture);
    assert_eq!(atoms[1].dirs.len(), 2);
    assert!(atoms[2].initial && atoms[2].lame && atoms[2].dirs == vec![(0, 2)]);
}

#[test]
fn riders_and_shorthands() {
    let q = parse_movement("Q", Span::default()).unwrap();
    assert!(q.iter().all(|a| a.style == Style::Ride && a.range == 0));
    let nn = parse_movement("NN", Span::default()).unwrap();
    assert_eq!(nn.len(), 1);
    assert_eq!(nn[0].style, Style::Ride);
    let qn = parse_movement("QN", Span::default()).unwrap();
    assert_eq!(qn.len(), 3);
    assert_eq!(qn[2].style, Style::Leap);
    let r4 = parse_movement("R4", Span::default()).unwrap();
    assert_eq!(r4[0].range, 4);
    let cannon = parse_movement("mRcpR", Span::default()).unwrap();
    assert_eq!(cannon[1].style, Style::Hop);
}

#[test]
fn rejects_with_pointed_errors() {
    let e = parse_movement("fN!", Span::default()).unwrap_err();
    assert_eq!((e[0].span.start, e[0].span.end), (2, 3));
    let e = parse_movement("uN", Span::default()).unwrap_err();
    assert!(e[0].message.contains("`u`"));
    let e = parse_movement("nW", Span::default()).unwrap_err();
    assert!(e[0].message.contains("one-step"));
    let e = parse_movement("uN", Span::default()).unwrap_err();
    assert_eq!((e[0].span.start, e[0].span.end), (0, 1));
    let e = parse_movement("Y", Span::default()).unwrap_err();
    assert!(e[0].message.contains("unknown atom"));
}

fn error(s: &str) -> String {
    let e = parse_movement(s, Span::default()).unwrap_err();
    e.iter()
        .map(|d| d.message.clone())
        .collect::<Vec<_>>()
        .join("; ")
}

#[test]
fn path_modifiers_and_legs_are_checked() {
    assert!(error("zqR").contains("`z` and `q` contradict"));
    assert!(error("pzR").contains("cannot be combined with `z`"));
    assert!(error("jzR").contains("cannot be combined with `n` or `j`"));
    assert!(error("z(1,4)N").contains("no two steps"));
    assert!(error("mcaW").contains("`m` and `c` on one leg before the last"));
    assert!(error("xafmF").contains("`x` on a leg is not supported yet"));
    // `c` on a leg before the last: a capture on the way.
    let a = &parse_movement("cafmF", Span::default()).unwrap()[0];
    assert_eq!(a.style, Style::Locust);
    assert_eq!((a.can_move, a.can_capture), (true, false));
    assert_eq!(a.programs.len(), 4);
    assert!(a.takes.iter().all(|t| t == &[0]));
    assert!(a.programs.iter().all(|p| p.len() == 2 && !p[0].2 && p[1].2));
    assert!(error("ayW").contains("`y` needs a leg after it"));
    assert!(error("apW").contains("not supported in a multi-leg move"));
    assert!(error("afxW").contains("`x` on a leg is not supported yet"));
    assert!(error("aW3").contains("range"));
    assert!(error("[F-cW-R]").contains("last leg"));
    assert!(error("[F-fR]").contains("first leg only"));
    assert!(error("[F-RN]").contains("one atom"));
    assert!(error("[F?R?]").contains("bad movement string"));
    assert!(error("[F]").contains("bad movement string"));
    assert!(error("nR").contains("one-step"));
}

#[test]
fn path_programs() {
    // Mao: a wazir step (passed), then one diagonal step outward.
    let mao = parse_movement("afsW", Span::default()).unwrap();
    assert_eq!(mao[0].style, Style::Path);
    assert_eq!(mao[0].programs.len(), 8);
    assert!(mao[0].programs.contains(&vec![(0, 1, false), (1, 1, true)]));
    // The same in brackets.
    let bracket = parse_movement("[W-F]", Span::default()).unwrap();
    let mut a = mao[0].programs.clone();
    let mut b = bracket[0].programs.clone();
    a.sort();
    b.sort();
    assert_eq!(a, b);
    // Rose: 8 starts x 2 senses, 7 leaps each.
    let rose = parse_movement("qN", Span::default()).unwrap();
    assert_eq!(rose[0].programs.len(), 16);
    assert!(rose[0].programs.iter().all(|p| p.len() == 7));
    // Quintessence (zN): each knight step has two perpendicular partners.
    let q = parse_movement("zN", Span::default()).unwrap();
    assert_eq!(q[0].programs.len(), 16);
    // NN33: each has one partner, summing to (3,3).
    let nn33 = parse_movement("z(3,3)N", Span::default()).unwrap();
    assert_eq!(nn33[0].programs.len(), 8);
    assert!(nn33[0].programs[0][..2].iter().all(|s| s.2));
    // A lame dabbabah-rider passes the middle of every leap.
    let ndd = parse_movement("nDD", Span::default()).unwrap();
    assert_eq!(
        ndd[0].programs[0][..4],
        [(0, 1, false), (0, 1, true), (0, 1, false), (0, 1, true)]
    );
    // `p` on a leaper hops the adjacent square only.
    let g = parse_movement("gK", Span::default()).unwrap();
    assert!(
        g.iter()
            .all(|a| a.style == Style::Grasshopper && a.range == 1)
    );
}

#[test]
fn lame_paths() {
    assert_eq!(lame_path(1, 2), vec![(0, 1)]);
    assert_eq!(lame_path(0, 2), vec![(0, 1)]);
    assert_eq!(lame_path(2, 2), vec![(1, 1)]);
    assert_eq!(lame_path(-1, 3), vec![(0, 1), (0, 2)]);
}
