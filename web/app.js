// changeling's browser board.
//
// The page knows no rule of any variant. Everything it shows comes from
// the answers of one protocol (src/web/protocol.rs): a game view holds the
// board, the legal turns with the squares a board needs to show them, the
// moves played and the outcome. A click on a piece shows the targets of
// its legal turns; a click on a target plays the turn, or, when several
// turns share the piece and the target (promotion choices, a victim on a
// shared square, a drop or a push that goes with the action), asks which.
//
// Every request goes through `call`, which talks to `changeling serve`
// or, in the static build, to a web worker running the WebAssembly build.
"use strict";

// ---------------------------------------------------------------------------
// The protocol

/**
 * Where requests go. Served by `changeling serve`, to `POST /api`; built
 * as a static page (web/build-static.sh marks it so), to the session
 * compiled to WebAssembly in a web worker, which answers the same JSON.
 */
const staticPage =
  document.querySelector('meta[name="changeling-mode"]')?.getAttribute("content") === "static";

/** The static page's worker and the answers it owes, by request number. */
const engine = { worker: null, next: 0, waiting: new Map() };

function worker() {
  if (!engine.worker) {
    engine.worker = new Worker("worker.js", { type: "module" });
    engine.worker.onmessage = (event) => {
      const { id, response } = event.data;
      const resolve = engine.waiting.get(id);
      engine.waiting.delete(id);
      if (resolve) resolve(response);
    };
    engine.worker.onerror = (event) => {
      const failure = {
        type: "error",
        error: { kind: "worker" },
        message: "the engine could not start: " + (event.message || "see the browser's console"),
      };
      for (const resolve of engine.waiting.values()) resolve(failure);
      engine.waiting.clear();
      engine.worker = null;
    };
  }
  return engine.worker;
}

/** Requests sent and not yet answered (0: the page is idle). */
let inFlight = 0;

/** Sends one request and returns its answer (an error answer included). */
async function call(request) {
  inFlight++;
  try {
    return await send(request);
  } finally {
    inFlight--;
  }
}

async function send(request) {
  if (staticPage) {
    return new Promise((resolve) => {
      const id = engine.next++;
      engine.waiting.set(id, resolve);
      worker().postMessage({ id, request });
    });
  }
  let response;
  try {
    response = await fetch("api", {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify(request),
    });
  } catch (e) {
    return { type: "error", error: { kind: "offline" }, message: "the server cannot be reached: " + e.message };
  }
  try {
    return await response.json();
  } catch (e) {
    return { type: "error", error: { kind: "bad_answer" }, message: "the server's answer is not JSON" };
  }
}

// ---------------------------------------------------------------------------
// What the page holds

const ui = {
  game: null, // the game's id
  view: null, // the last game view
  legend: null, // the variant: kinds and mutators
  tags: {}, // mutator name -> its short tag on markers
  flipped: false,
  // What is selected: {square} (a piece on the board), {hand: kind}
  // (a kind in the mover's hand), {reserve: true} (the reserve's next
  // piece), or null.
  selected: null,
  candidates: [], // the selection's turns
  // A second step: turns sharing their piece and target, told apart by
  // the square of a part (a drop's square, a pushed pawn's square).
  narrowing: null,
  arrows: [], // a hint's line, as [from, to] square names
  viewing: null, // {ply, board} while looking at a past position
  busy: false, // the engine is thinking
};

const $ = (id) => document.getElementById(id);
const SVG_NS = "http://www.w3.org/2000/svg";

/** An SVG element with attributes, appended to `parent` when given. */
function svg(tag, attrs, parent) {
  const e = document.createElementNS(SVG_NS, tag);
  for (const [k, v] of Object.entries(attrs || {})) e.setAttribute(k, v);
  if (parent) parent.appendChild(e);
  return e;
}

/** An HTML element with text and a class, appended to `parent`. */
function html(tag, text, cls, parent) {
  const e = document.createElement(tag);
  if (text !== undefined && text !== null) e.textContent = text;
  if (cls) e.className = cls;
  if (parent) parent.appendChild(e);
  return e;
}

function say(text, isError) {
  const s = $("message");
  s.textContent = text || "";
  s.className = isError ? "error" : "";
}

// ---------------------------------------------------------------------------
// Pieces

// The FIDE kinds are drawn as chess glyphs (solid ones; White's are the
// solid glyph in white under the outlined one), every other kind as its
// letters in a disc, as the SVG pictures draw them.
const GLYPHS = {
  king: ["\u2654", "\u265A"],
  queen: ["\u2655", "\u265B"],
  rook: ["\u2656", "\u265C"],
  bishop: ["\u2657", "\u265D"],
  knight: ["\u2658", "\u265E"],
  pawn: ["\u2659", "\u265F"],
};

/** The letters a disc shows for a unit: its FEN symbol without braces. */
function abbreviation(symbol) {
  const s = symbol.replace(/[{}~]/g, "");
  return (s.length > 3 ? s.slice(0, 3) : s).replace(/^./, (c) => c.toUpperCase());
}

/** Draws a unit ({kind, symbol, side}) centred on (cx, cy), `size` across. */
function drawUnit(parent, unit, cx, cy, size) {
  const g = svg("g", { class: "unit " + unit.side }, parent);
  const glyph = GLYPHS[unit.kind];
  if (glyph && !unit.symbol.startsWith("+")) {
    const font = size * 0.82;
    const at = { x: cx, y: cy + font * 0.35, "font-size": font, "text-anchor": "middle", class: "glyph" };
    if (unit.side === "white") {
      svg("text", { ...at, fill: "#ffffff" }, g).textContent = glyph[1];
      svg("text", { ...at, fill: "#000000" }, g).textContent = glyph[0];
    } else {
      svg("text", { ...at, fill: "#000000" }, g).textContent = glyph[1];
    }
  } else {
    // The board symbol the terminal shows (`Sis`), else the FEN symbol
    // cut short; White's and Black's alike, the circle tells them apart.
    const label = unit.board_symbol
      ? unit.board_symbol.replace(/^[a-z]/, (c) => c.toUpperCase())
      : abbreviation(unit.symbol);
    const white = unit.side === "white";
    svg("circle", { cx, cy, r: size * 0.4, fill: white ? "#ffffff" : "#222222", stroke: "#111111", "stroke-width": 1.5 }, g);
    const font = size * Math.min(0.46, 0.9 / Math.max(1, label.length));
    const t = svg("text", {
      x: cx, y: cy + font * 0.36, "font-size": font, "font-weight": "bold",
      "text-anchor": "middle", fill: white ? "#111111" : "#ffffff", class: "letters",
    }, g);
    t.textContent = label;
  }
  const title = svg("title", {}, g);
  title.textContent = unit.side + " " + unit.kind + (unit.promoted ? " (promoted)" : "");
  return g;
}

/** A small picture of a unit, for hands, reserves and lists. */
function unitIcon(unit, size) {
  const s = svg("svg", { viewBox: "0 0 40 40", width: size || 28, height: size || 28, class: "icon" });
  drawUnit(s, unit, 20, 20, 40);
  return s;
}

/** Each mutator's tag: the shortest prefix no other mutator shares. */
function mutatorTags(names) {
  const plain = names.map((n) => n.replace(/_/g, ""));
  const tags = {};
  names.forEach((name, i) => {
    const most = Math.min(plain[i].length, 4);
    let n = 1;
    while (n < most && plain.some((o, j) => j !== i && o.startsWith(plain[i].slice(0, n)))) n++;
    const t = plain[i].slice(0, n);
    tags[name] = t.charAt(0).toUpperCase() + t.slice(1);
  });
  return tags;
}

// ---------------------------------------------------------------------------
// Turns: which the board offers where

/** A turn that starts and ends nowhere else: passing, self-removal. */
function isSpecial(t) {
  return t.what === "pass" || t.what === "suicide" || (t.from !== null && t.from === t.to);
}

/** The turns of the selection. */
function turnsOf(selected, turns) {
  if (!selected) return [];
  if (selected.square) return turns.filter((t) => t.from === selected.square && !isSpecial(t));
  if (selected.hand) return turns.filter((t) => t.dropped && t.dropped[1] === "hand" && t.dropped[0] === selected.hand && t.from === null);
  if (selected.reserve) return turns.filter((t) => t.dropped && t.dropped[1] === "reserve" && t.from === null);
  return [];
}

/** Turns that begin on no square and need no selection (placing a marker). */
function looseTurns(turns) {
  return turns.filter((t) => t.from === null && !t.dropped && !isSpecial(t));
}

/** The square that tells a turn apart from others with its from and to:
 * the square of a drop that goes with it, or of a pawn it pushes. */
function partSquare(t) {
  for (const p of t.parts) {
    if (p.part === "drop") return p.square;
    if (p.part === "push") return p.from;
  }
  return null;
}

/** A turn in words, besides its SAN. */
function describe(t) {
  const words = [];
  if (t.dropped) words.push("drops a " + t.dropped[0] + " from the " + t.dropped[1]);
  if (t.captured) words.push("takes the " + t.captured.side + " " + t.captured.kind);
  if (t.promotion) words.push("becomes a " + t.promotion);
  for (const p of t.parts) {
    if (p.part === "drop") words.push("then drops " + (p.kind ? "a " + p.kind : "a piece") + " on " + p.square);
    if (p.part === "push") words.push("then pushes " + p.from + " to " + p.to);
    if (p.part === "choice") words.push("first makes the pawn on " + p.square + " a " + p.kind);
  }
  if (t.tag) words.push(":" + t.tag);
  if (words.length === 0) words.push(t.what);
  return words.join(", ");
}

// ---------------------------------------------------------------------------
// Drawing the board

const S = 60; // a square's side in board units
const M = 18; // the margin for the coordinates

/** The top left corner of a square (file, rank) on the drawing. */
function corner(board, file, rank) {
  const col = ui.flipped ? board.width - 1 - file : file;
  const row = ui.flipped ? rank : board.height - 1 - rank;
  return [M + col * S, row * S];
}

function drawBoard() {
  const board = ui.viewing ? ui.viewing.board : ui.view.board;
  const el = $("board");
  el.replaceChildren();
  el.setAttribute("viewBox", `0 0 ${M + board.width * S} ${board.height * S + M}`);
  const at = {};
  for (const q of board.squares) at[q.name] = q;
  const center = (name) => {
    const q = at[name];
    const [x, y] = corner(board, q.file, q.rank);
    return [x + S / 2, y + S / 2];
  };
  const last = board.last_move || [];
  const targets = new Map(); // square -> "move" | "part"
  if (!ui.viewing) {
    if (ui.narrowing) {
      for (const t of ui.narrowing) if (partSquare(t)) targets.set(partSquare(t), "part");
    } else if (ui.selected) {
      for (const t of ui.candidates) targets.set(t.to, "move");
    } else {
      // Nothing selected: show where turns that need no piece go (a
      // marker placed before play).
      for (const t of looseTurns(ui.view.turns)) targets.set(t.to, "move");
    }
  }

  // Squares, with the last move's and a checked royal's marked.
  for (const q of board.squares) {
    const [x, y] = corner(board, q.file, q.rank);
    let cls = (q.file + q.rank) % 2 === 0 ? "dark" : "light";
    if (q.wall) cls = "wall";
    else if (board.checked.includes(q.name)) cls += " checked";
    else if (last.includes(q.name)) cls += " last";
    if (ui.selected && ui.selected.square === q.name && !ui.viewing) cls += " selected";
    svg("rect", { x, y, width: S, height: S, class: "square " + cls }, el);
  }

  // Coordinates: files along the bottom, ranks down the left.
  const files = {};
  const ranks = {};
  for (const q of board.squares) {
    const m = q.name.match(/^([a-z]+)(\d+)$/);
    if (m) {
      files[q.file] = m[1];
      ranks[q.rank] = m[2];
    }
  }
  for (const [f, name] of Object.entries(files)) {
    const [x] = corner(board, Number(f), 0);
    svg("text", { x: x + S / 2, y: board.height * S + 13, class: "coord", "text-anchor": "middle" }, el).textContent = name;
  }
  for (const [r, name] of Object.entries(ranks)) {
    const [, y] = corner(board, 0, Number(r));
    svg("text", { x: M / 2, y: y + S / 2 + 4, class: "coord", "text-anchor": "middle" }, el).textContent = name;
  }

  // Units: one centred, two on a shared square smaller, the lower one to
  // the lower left.
  for (const q of board.squares) {
    const [x, y] = corner(board, q.file, q.rank);
    if (q.units.length === 1) {
      drawUnit(el, q.units[0], x + S / 2, y + S / 2, S);
    } else if (q.units.length >= 2) {
      drawUnit(el, q.units[0], x + S * 0.36, y + S * 0.64, S * 0.64);
      drawUnit(el, q.units[1], x + S * 0.64, y + S * 0.36, S * 0.64);
    }
    if (q.marker) {
      const tag = ui.tags[q.marker.mutator] || q.marker.mutator.slice(0, 2);
      const w = 6 + 7 * tag.length;
      const g = svg("g", { class: "marker " + (q.marker.on ? "on" : "off") }, el);
      svg("rect", { x: x + 2, y: y + 2, width: w, height: 14, rx: 3 }, g);
      svg("text", { x: x + 2 + w / 2, y: y + 13, "text-anchor": "middle" }, g).textContent = tag;
      svg("title", {}, g).textContent = q.marker.mutator + (q.marker.on ? " (on)" : " (off)");
    }
  }

  // Targets: a dot on an empty square, a ring around an occupied one;
  // the squares of a second step in another colour.
  for (const [name, kind] of targets) {
    if (!at[name]) continue;
    const [cx, cy] = center(name);
    if (at[name].units.length > 0) {
      svg("circle", { cx, cy, r: S * 0.44, class: "target ring " + kind }, el);
    } else {
      svg("circle", { cx, cy, r: S * 0.14, class: "target dot " + kind }, el);
    }
  }

  // A hint's line: the side to move's turns green, the replies orange,
  // each fainter than the one before.
  ui.arrows.forEach(([a, b], i) => {
    if (!at[a] || !at[b] || ui.viewing) return;
    const opacity = Math.max(0.25, 0.9 - i * 0.15);
    const cls = "arrow " + (i % 2 === 0 ? "mine" : "reply");
    const [x1, y1] = center(a);
    const [x2, y2] = center(b);
    if (a === b) {
      svg("circle", { cx: x1, cy: y1, r: S * 0.38, class: cls + " ringed", opacity }, el);
      return;
    }
    const len = Math.hypot(x2 - x1, y2 - y1);
    const [ux, uy] = [(x2 - x1) / len, (y2 - y1) / len];
    const head = S * 0.3;
    const [bx, by] = [x2 - ux * head, y2 - uy * head];
    const g = svg("g", { class: cls, opacity }, el);
    svg("line", { x1, y1, x2: bx, y2: by, "stroke-width": S * 0.12 }, g);
    const w = S * 0.16;
    svg("polygon", { points: `${x2},${y2} ${bx - uy * w},${by + ux * w} ${bx + uy * w},${by - ux * w}` }, g);
  });

  // Click areas on top of everything, one per square.
  for (const q of board.squares) {
    const [x, y] = corner(board, q.file, q.rank);
    const hit = svg("rect", { x, y, width: S, height: S, class: "hit", "data-square": q.name }, el);
    const title = q.units.map((u) => u.side + " " + u.kind).join(" and ");
    svg("title", {}, hit).textContent = q.name + (title ? ": " + title : "");
  }
}

/** Hands and reserve boards: Black's above the board, White's below
 * (swapped when flipped). */
function drawHoldings() {
  const board = ui.viewing ? ui.viewing.board : ui.view.board;
  const turns = ui.viewing ? [] : ui.view.turns;
  const sides = ui.flipped ? ["white", "black"] : ["black", "white"];
  [["holdings-top", sides[0]], ["holdings-bottom", sides[1]]].forEach(([id, side]) => {
    const box = $(id);
    box.replaceChildren();
    const index = side === "white" ? 0 : 1;
    const hand = board.hands[index];
    const reserve = board.reserves[index];
    if (hand.length === 0 && !reserve) return;
    html("span", side === "white" ? "White" : "Black", "who", box);
    for (const held of hand) {
      const b = html("button", null, "held", box);
      b.type = "button";
      b.dataset.hand = held.kind;
      b.dataset.side = side;
      b.title = held.count + " " + held.kind + " in " + side + "'s hand";
      b.appendChild(unitIcon({ kind: held.kind, symbol: held.symbol, board_symbol: held.board_symbol, side }));
      html("span", "\u00d7" + held.count, "count", b);
      const usable = side === board.side && turnsOf({ hand: held.kind }, turns).length > 0;
      b.disabled = !usable;
      if (ui.selected && ui.selected.hand === held.kind && side === board.side) b.classList.add("chosen");
      b.addEventListener("click", () => select({ hand: held.kind }));
    }
    if (reserve) {
      const r = html("span", null, "reserve", box);
      html("span", "reserve" + (reserve.window ? ` (own turns ${reserve.window[0]}\u2013${reserve.window[1]})` : "") + ":", "label", r);
      reserve.pieces.forEach((unit, i) => {
        if (i === 0) {
          const b = html("button", null, "held next", r);
          b.type = "button";
          b.dataset.reserve = side;
          b.title = "the next piece of " + side + "'s reserve: " + unit.kind;
          b.appendChild(unitIcon(unit));
          b.disabled = !(side === board.side && turnsOf({ reserve: true }, turns).length > 0);
          if (ui.selected && ui.selected.reserve && side === board.side) b.classList.add("chosen");
          b.addEventListener("click", () => select({ reserve: true }));
        } else {
          const s = html("span", null, "queued", r);
          s.title = unit.kind;
          s.appendChild(unitIcon(unit, 20));
        }
      });
    }
  });
}

// ---------------------------------------------------------------------------
// Everything else the page shows

function drawStatus() {
  const view = ui.view;
  const board = ui.viewing ? ui.viewing.board : view.board;
  const box = $("status");
  box.replaceChildren();
  const line = html("p", null, "line", box);
  if (clock.flagged && !ui.viewing) {
    const loser = clock.flagged === "white" ? "White" : "Black";
    html("strong", `${clock.flagged === "white" ? "0-1" : "1-0"} \u2014 ${loser} lost on time`, "result", line);
  } else if (view.outcome && !ui.viewing) {
    html("strong", `${resultOf(view.outcome)} \u2014 ${view.outcome.words}`, "result", line);
  } else {
    html("span", (board.side === "white" ? "White" : "Black") + (board.placing ? " places a marker" : " to move"), "turn", line);
    if (board.checked.length > 0) html("span", " \u2014 check", "check", line);
  }
  if (board.roll !== null) html("span", " \u00b7 die: " + board.roll, "roll", line);
  if (board.checks) html("span", ` \u00b7 checks given: White ${board.checks[0]}, Black ${board.checks[1]}`, null, line);
  if (board.pending) html("span", ` \u00b7 ${board.pending.side} chooses for ${board.pending.square}`, null, line);
  if (board.mutators.length > 0) {
    const m = html("p", "In force: ", "mutators", box);
    for (const name of board.mutators) html("span", name, "chip", m);
  }
  // The numbers the variant's script keeps in the position.
  if (board.state && board.state.length > 0) {
    const words = board.state.map(([name, value]) => `${name} ${value}`).join(" \u00b7 ");
    html("p", "Script state: " + words, "state", box);
  }
  if (view.script_error && !ui.viewing) say("script error: " + view.script_error.message, true);
}

function resultOf(outcome) {
  return outcome.winner === "white" ? "1-0" : outcome.winner === "black" ? "0-1" : "\u00bd-\u00bd";
}

function drawMoves() {
  const list = $("moves");
  list.replaceChildren();
  const start = html("li", null, "start", list);
  const b0 = html("button", "start", "ply", start);
  b0.type = "button";
  b0.dataset.ply = 0;
  b0.addEventListener("click", () => viewPly(0));
  // White's and Black's turns side by side, numbered by White's.
  let item = null;
  ui.view.moves.forEach((san, i) => {
    if (i % 2 === 0) {
      item = html("li", null, null, list);
      html("span", i / 2 + 1 + ".", "number", item);
    }
    const b = html("button", san, "ply", item);
    b.type = "button";
    b.dataset.ply = i + 1;
    if (ui.viewing && ui.viewing.ply === i + 1) b.classList.add("viewed");
    b.addEventListener("click", () => viewPly(i + 1));
  });
  list.scrollTop = list.scrollHeight;
  $("viewing").hidden = !ui.viewing;
  if (ui.viewing) {
    $("viewing-text").textContent = ui.viewing.ply === 0
      ? "Looking at the start position."
      : `Looking at the position after ${ui.view.moves[ui.viewing.ply - 1]}.`;
  }
}

/** A list item for a turn: play it, or explain it. */
function turnItem(list, t) {
  const li = html("li", null, null, list);
  const play = html("button", t.san, "san", li);
  play.type = "button";
  play.title = describe(t);
  play.addEventListener("click", () => playTurn(t));
  const why = html("button", "?", "why", li);
  why.type = "button";
  why.title = "explain " + t.san;
  why.addEventListener("click", () => explain(t.coordinates, t.san));
  html("span", describe(t), "what", li);
  return li;
}

function drawTurnLists() {
  const mine = $("turn-list");
  mine.replaceChildren();
  const special = $("special");
  special.replaceChildren();
  if (ui.viewing) return;
  for (const t of ui.narrowing || ui.candidates) turnItem(mine, t);
  for (const t of ui.view.turns.filter(isSpecial)) turnItem(special, t);
  if (!special.firstChild) html("li", "none", "note", special);
}

/** The chooser: the turns that share the clicked piece and target. */
function drawChooser(turns) {
  const box = $("chooser");
  const list = $("chooser-list");
  list.replaceChildren();
  if (!turns) {
    box.hidden = true;
    return;
  }
  $("chooser-title").textContent = ui.narrowing
    ? "Which turn? (or click a marked square)"
    : "Which turn?";
  for (const t of turns) turnItem(list, t);
  box.hidden = false;
}

function drawFen() {
  const fen = $("fen");
  if (document.activeElement !== fen) fen.value = (ui.viewing ? ui.viewing.board : ui.view.board).fen;
  const params = new URLSearchParams({ variant: ui.view.variant, fen: ui.view.board.fen, seed: ui.view.seed });
  $("link").href = "#" + params.toString();
}

function drawButtons() {
  const over = !!ui.view.outcome;
  $("undo").disabled = ui.busy || ui.view.moves.length === 0;
  $("redo").disabled = ui.busy || ui.view.redo === 0;
  $("go").disabled = ui.busy || over;
  $("hint").disabled = ui.busy || over;
}

function draw() {
  if (!ui.view) return;
  drawStatus();
  drawBoard();
  drawHoldings();
  drawMoves();
  drawTurnLists();
  drawFen();
  drawButtons();
  // When the first board was shown, for benches/browser.py.
  if (performance.getEntriesByName("first-board").length === 0) performance.mark("first-board");
}

// ---------------------------------------------------------------------------
// Acting

/** Takes a game view (or an error) the server answered. */
function take(answer) {
  if (answer.type === "error") {
    say(answer.message, true);
    return false;
  }
  if (answer.type === "game") {
    ui.view = answer;
    ui.game = answer.game;
    clearSelection();
    ui.viewing = null;
    ui.arrows = [];
    say("");
    clockAfter(answer);
    draw();
    if (answer.thought) $("thought").textContent = thoughtText(answer.thought, "The engine played");
  }
  return true;
}

function clearSelection() {
  ui.selected = null;
  ui.candidates = [];
  ui.narrowing = null;
  drawChooser(null);
}

function select(selected) {
  if (ui.viewing || ui.busy || clock.flagged) return;
  const turns = turnsOf(selected, ui.view.turns);
  clearSelection();
  if (turns.length > 0) {
    ui.selected = selected;
    ui.candidates = turns;
  }
  draw();
}

/** A click on a square of the board. */
function clickSquare(name) {
  if (ui.viewing || ui.busy || !ui.view || clock.flagged) return;
  const turns = ui.view.turns;
  if (ui.narrowing) {
    const narrowed = ui.narrowing.filter((t) => partSquare(t) === name);
    if (narrowed.length > 0) return choose(narrowed, true);
    clearSelection();
  }
  if (ui.selected) {
    const onto = ui.candidates.filter((t) => t.to === name);
    if (onto.length > 0) return choose(onto, false);
  }
  if (turnsOf({ square: name }, turns).length > 0) {
    if (ui.selected && ui.selected.square === name) {
      clearSelection();
      return draw();
    }
    return select({ square: name });
  }
  const loose = looseTurns(turns).filter((t) => t.to === name);
  if (loose.length > 0) return choose(loose, false);
  clearSelection();
  draw();
}

/** Plays the one turn among `turns`, or asks which. */
function choose(turns, narrowed) {
  if (turns.length === 1) return playTurn(turns[0]);
  // Turns told apart by a part's square: mark those squares on the
  // board; the list offers them all (the ones without such a part too).
  const squares = new Set(turns.map(partSquare).filter((s) => s !== null));
  const byPart = !narrowed && (squares.size > 1 || (squares.size === 1 && turns.some((t) => partSquare(t) === null)));
  ui.narrowing = byPart ? turns : null;
  if (!byPart) {
    ui.selected = null;
    ui.candidates = [];
  }
  draw();
  drawChooser(turns);
}

async function playTurn(t) {
  if (ui.busy || clock.flagged) return;
  take(await call({ op: "play", game: ui.game, index: t.index }));
  engineTurn();
}

async function playText(text) {
  if (!text.trim()) return;
  if (clock.flagged) return say("the game is over on time: a new game, or another clock", true);
  if (take(await call({ op: "play", game: ui.game, text: text.trim() }))) {
    $("move-text").value = "";
    engineTurn();
  }
}

async function explain(text, shown) {
  const box = $("explain");
  box.replaceChildren();
  const answer = await call({ op: "explain", game: ui.game, text });
  if (answer.type === "error") {
    html("p", answer.message, "error", box);
    return;
  }
  html("p", (shown || text) + ":", "head", box);
  const list = html("ol", null, "effects", box);
  for (const e of answer.effects) html("li", effectText(e), null, list);
  if (answer.effects.length === 0) html("li", "nothing changes on the board (a pass)", null, list);
}

/** One effect of a turn, in words, as the REPL's explain says them. */
function effectText(e) {
  switch (e.effect) {
    case "move": return `moves ${e.from} \u2192 ${e.to}`;
    case "capture": return `captures on ${e.square}`;
    case "remove": return `removes the unit on ${e.square}`;
    case "place": return `places a ${e.unit.side} ${e.unit.kind} on ${e.square}`;
    case "transform": return `turns the unit on ${e.square} into a ${e.kind}`;
    case "set_owner": return `gives the unit on ${e.square} to ${e.side}`;
    case "swap": return `swaps ${e.a} and ${e.b}`;
    case "to_hand": return `puts a ${e.kind} into ${e.side}'s hand`;
    case "from_hand": return `drops ${e.side}'s ${e.kind} from the hand on ${e.square}`;
    case "from_reserve": return `drops ${e.side}'s next reserve piece on ${e.square}`;
    case "clear_hand": return `empties ${e.side}'s hand`;
    case "place_marker": return `places the ${e.mutator} marker on ${e.square}`;
    case "flip_marker": return `turns over the marker on ${e.square}`;
    case "set_moved": return `marks the unit on ${e.square} as ${e.moved ? "moved" : "unmoved"}`;
    case "defer": return `leaves a choice to ${e.side}`;
    case "set_state": return `sets the script's ${e.name} to ${e.value}`;
    default: return JSON.stringify(e);
  }
}

function scoreText(score) {
  if ("mate" in score) return score.mate > 0 ? `mate in ${score.mate}` : `mated in ${-score.mate}`;
  const c = score.centipawns / 100;
  return (c > 0 ? "+" : "") + c.toFixed(2);
}

function thoughtText(t, lead) {
  return `${lead}: ${t.pv.join(" ")} (${scoreText(t.score)}, depth ${t.depth}, ${t.nodes} nodes)`;
}

function level() {
  return Number($("level").value);
}

function setBusy(busy) {
  ui.busy = busy;
  document.body.classList.toggle("busy", busy);
  drawButtons();
}

/** The engine plays a turn now. */
async function engineMove() {
  if (ui.busy || !ui.view || ui.view.outcome || clock.flagged) return;
  setBusy(true);
  $("thought").textContent = "The engine is thinking\u2026";
  const answer = await call({ op: "go", game: ui.game, level: level() });
  setBusy(false);
  take(answer);
  engineTurn();
}

/** The engine moves when the side to move is one it plays. */
function engineTurn() {
  const who = $("engine-side").value;
  if (!ui.view || ui.view.outcome || ui.viewing || who === "none") return;
  if (who === "both" || who === ui.view.board.side) setTimeout(engineMove, 150);
}

async function hint() {
  if (ui.busy || !ui.view) return;
  setBusy(true);
  $("thought").textContent = "The engine is thinking\u2026";
  const answer = await call({ op: "hint", game: ui.game, level: level() });
  setBusy(false);
  if (answer.type === "error") return say(answer.message, true);
  if (!answer.thought) return;
  ui.arrows = answer.thought.arrows;
  $("thought").textContent = thoughtText(answer.thought, "Hint");
  drawBoard();
}

async function viewPly(ply) {
  if (ply === ui.view.moves.length) {
    ui.viewing = null;
    return draw();
  }
  const answer = await call({ op: "view", game: ui.game, ply });
  if (answer.type === "error") return say(answer.message, true);
  clearSelection();
  ui.viewing = { ply, board: answer.board };
  draw();
}

async function newGame(variant, start) {
  const answer = await call({ op: "new", variant, start: start || "setup", game: ui.game || undefined });
  if (answer.type === "error" && answer.error.kind === "no_such_game") {
    ui.game = null;
    return newGame(variant, start);
  }
  if (answer.type !== "game") return take(answer);
  const legend = await call({ op: "variant", game: answer.game });
  if (legend.type === "variant") {
    ui.legend = legend.variant;
    ui.tags = mutatorTags(legend.variant.mutators);
  }
  $("thought").textContent = "";
  $("explain").replaceChildren();
  $("pgn").value = "";
  take(answer);
  setClock($("clock").value);
  drawRules();
  engineTurn();
}

// ---------------------------------------------------------------------------
// The clocks: a game clock kept by the page (minutes and an increment a
// move); the side whose time runs out loses, and the board takes no
// more turns until a new game or another clock.

const clock = { base: 0, increment: 0, left: { white: 0, black: 0 }, running: null, since: 0, timer: null, flagged: null };

/** Starts the clock `spec` ("SECONDS+INCREMENT", or "" for none) afresh. */
function setClock(spec) {
  clearInterval(clock.timer);
  clock.timer = null;
  clock.flagged = null;
  clock.running = null;
  const [base, increment] = (spec || "").split("+").map(Number);
  clock.base = spec ? base * 1000 : 0;
  clock.increment = spec ? increment * 1000 : 0;
  clock.left = { white: clock.base, black: clock.base };
  $("clocks").hidden = !spec;
  if (spec) {
    runClockFor(ui.view && !ui.view.outcome ? ui.view.board.side : null);
    clock.timer = setInterval(tickClock, 100);
  }
  drawClocks();
}

function runClockFor(side) {
  clock.since = performance.now();
  clock.running = side;
}

function tickClock() {
  if (!clock.running) return;
  const now = performance.now();
  const side = clock.running;
  clock.left[side] -= now - clock.since;
  clock.since = now;
  if (clock.left[side] <= 0) {
    clock.left[side] = 0;
    clock.flagged = side;
    clock.running = null;
    draw();
  }
  drawClocks();
}

/** After the board changed: the mover gets the increment, and the clock
 * of the side to move runs (none once the game is over). */
function clockAfter(answer) {
  if (!clock.base || clock.flagged) return;
  tickClock();
  if (answer.played && clock.running && clock.running !== answer.board.side) clock.left[clock.running] += clock.increment;
  runClockFor(answer.outcome ? null : answer.board.side);
  drawClocks();
}

function clockText(ms) {
  const s = Math.ceil(ms / 1000);
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, "0")}`;
}

function drawClocks() {
  for (const el of document.querySelectorAll("#clocks .clock")) {
    const side = el.dataset.side;
    el.textContent = `${side === "white" ? "White" : "Black"} ${clockText(clock.left[side])}`;
    el.classList.toggle("running", clock.running === side);
    el.classList.toggle("flagged", clock.flagged === side);
  }
}

// ---------------------------------------------------------------------------
// The rules in words, the pieces, and the variant editor

/** The rules in words and a button for each kind, for the game's variant. */
async function drawRules() {
  const answer = await call({ op: "rules", game: ui.game });
  $("rules-text").textContent = answer.type === "rules" ? answer.text : answer.message;
  const kinds = $("kinds");
  kinds.replaceChildren();
  $("piece-sheet").replaceChildren();
  for (const k of (ui.legend && ui.legend.kinds) || []) {
    const b = html("button", k.name, "kind", kinds);
    b.type = "button";
    b.dataset.kind = k.name;
    b.addEventListener("click", () => showPiece(k.name));
  }
}

/** A kind's moves in words and its diagram (an image: the SVG is shown,
 * never run). */
async function showPiece(name) {
  const box = $("piece-sheet");
  box.replaceChildren();
  const answer = await call({ op: "piece", game: ui.game, name });
  if (answer.type !== "piece") {
    html("p", answer.message, "error", box);
    return;
  }
  const sheet = answer.sheet;
  html("h3", `${sheet.name} (${sheet.letter})`, null, box);
  const img = html("img", null, "diagram", box);
  img.alt = "how the " + sheet.name + " moves";
  img.src = "data:image/svg+xml;charset=utf-8," + encodeURIComponent(sheet.svg);
  html("p", sheet.words, "words", box);
}

/** The editor's text and scripts as the protocol's variant source. */
function editorSource() {
  const scripts = {};
  for (const box of document.querySelectorAll("#scripts .script")) {
    const name = box.querySelector("input").value.trim();
    if (name) scripts[name] = box.querySelector("textarea").value;
  }
  return { text: { name: "editor.variant", text: $("editor").value, scripts } };
}

/** A script's name and text, edited beside the variant. */
function addScript(name, text) {
  const box = html("div", null, "script", $("scripts"));
  const label = html("label", "Script file ", null, box);
  const field = html("input", null, null, label);
  field.value = name || "";
  field.placeholder = "pieces.rhai";
  field.spellcheck = false;
  const remove = html("button", "Remove", null, box);
  remove.type = "button";
  remove.addEventListener("click", () => {
    box.remove();
    checkSoon();
  });
  const area = html("textarea", null, null, box);
  area.rows = 10;
  area.spellcheck = false;
  area.value = text || "";
  area.setAttribute("aria-label", "script text");
  field.addEventListener("input", checkSoon);
  area.addEventListener("input", checkSoon);
  return box;
}

let checking = null;

/** Checks the editor's text a moment after the last key. */
function checkSoon() {
  clearTimeout(checking);
  checking = setTimeout(checkEditor, 250);
}

async function checkEditor() {
  const answer = await call({ op: "check", variant: editorSource() });
  const list = $("diagnostics");
  list.replaceChildren();
  if (answer.type !== "check") {
    $("editor-status").textContent = answer.message;
    return;
  }
  const errors = answer.diagnostics.filter((d) => d.severity === "error").length;
  $("editor-status").textContent = answer.ok
    ? "No errors" + (answer.diagnostics.length ? ` (${answer.diagnostics.length} warnings)` : "") + ": ready to play."
    : `${errors} error${errors === 1 ? "" : "s"}`;
  for (const d of answer.diagnostics) {
    const li = html("li", null, d.severity, list);
    li.dataset.line = d.line;
    li.dataset.column = d.column;
    const where = html("button", `line ${d.line}, column ${d.column}`, "where", li);
    where.type = "button";
    where.addEventListener("click", () => selectLine(d.line, d.column));
    html("span", `${d.severity}: ${d.message}` + (d.help ? ` (${d.help})` : ""), null, li);
  }
}

/** Puts the editor's caret at a line and column (both from 1). */
function selectLine(line, column) {
  const field = $("editor");
  const lines = field.value.split("\n");
  let at = 0;
  for (let i = 0; i < line - 1 && i < lines.length; i++) at += lines[i].length + 1;
  const start = at + Math.max(0, column - 1);
  const end = at + (lines[line - 1] || "").length;
  field.focus();
  field.setSelectionRange(start, Math.max(start, end));
}

async function loadIntoEditor() {
  const answer = await call({ op: "source", name: $("variant").value });
  if (answer.type !== "source") return say(answer.message, true);
  $("editor").value = answer.text;
  $("scripts").replaceChildren();
  for (const [name, text] of Object.entries(answer.scripts || {})) addScript(name, text);
  checkEditor();
}

async function playEditor() {
  await checkEditor();
  const seed = Math.max(0, Math.floor(Number($("seed").value) || 0));
  await newGame(editorSource(), seed ? { seed } : "setup");
}

// ---------------------------------------------------------------------------
// Wiring

async function start() {
  for (let i = 1; i <= 8; i++) {
    const o = html("option", String(i), null, $("level"));
    o.value = i;
  }
  $("level").value = 3;
  const offered = await call({ op: "variants" });
  const menu = $("variant");
  if (offered.type === "variants") {
    for (const v of offered.variants) {
      const o = html("option", v.name + (v.origin === "file" ? " (file)" : ""), null, menu);
      o.value = v.name;
    }
    const first = offered.variants.find((v) => v.origin === "file");
    menu.value = first ? first.name : "chess";
  } else {
    say(offered.message, true);
  }

  $("board").addEventListener("click", (e) => {
    const sq = e.target.closest("[data-square]");
    if (sq) clickSquare(sq.dataset.square);
  });
  // Dragging a piece to a target is its two clicks. (A press and a
  // release on different squares make no click of their own.)
  let dragFrom = null;
  $("board").addEventListener("pointerdown", (e) => {
    const sq = e.target.closest("[data-square]");
    dragFrom = sq && e.button === 0 ? sq.dataset.square : null;
  });
  window.addEventListener("pointerup", (e) => {
    const from = dragFrom;
    dragFrom = null;
    if (!from) return;
    const under = document.elementFromPoint(e.clientX, e.clientY);
    const sq = under && under.closest("#board [data-square]");
    if (!sq || sq.dataset.square === from) return;
    if (!(ui.selected && ui.selected.square === from)) clickSquare(from);
    if (ui.selected && ui.selected.square === from) clickSquare(sq.dataset.square);
  });
  $("new-game").addEventListener("submit", (e) => {
    e.preventDefault();
    const seed = Math.max(0, Math.floor(Number($("seed").value) || 0));
    newGame(menu.value, seed ? { seed } : "setup");
  });
  $("type-move").addEventListener("submit", (e) => {
    e.preventDefault();
    playText($("move-text").value);
  });
  $("explain-typed").addEventListener("click", () => {
    const text = $("move-text").value.trim();
    if (text) explain(text);
  });
  $("chooser-cancel").addEventListener("click", () => {
    clearSelection();
    draw();
  });
  $("undo").addEventListener("click", async () => take(await call({ op: "undo", game: ui.game })));
  $("redo").addEventListener("click", async () => take(await call({ op: "redo", game: ui.game })));
  $("flip").addEventListener("click", () => {
    ui.flipped = !ui.flipped;
    draw();
  });
  $("hint").addEventListener("click", hint);
  $("go").addEventListener("click", engineMove);
  $("engine-side").addEventListener("change", engineTurn);
  $("clock").addEventListener("change", () => setClock($("clock").value));
  $("back-to-game").addEventListener("click", () => {
    ui.viewing = null;
    draw();
  });
  $("set-fen").addEventListener("click", async () => {
    take(await call({ op: "set_fen", game: ui.game, fen: $("fen").value.trim() }));
  });
  $("get-pgn").addEventListener("click", async () => {
    // A loss on the page's clock is the arbiter's result.
    const players = clock.flagged
      ? {
          adjudicated: [clock.flagged === "white" ? "0-1" : "1-0", (clock.flagged === "white" ? "White" : "Black") + " lost on time"],
        }
      : null;
    const answer = await call({ op: "pgn", game: ui.game, players });
    if (answer.type === "pgn") $("pgn").value = answer.pgn;
    else say(answer.message, true);
  });
  $("load-pgn").addEventListener("click", async () => {
    take(await call({ op: "load_pgn", game: ui.game, pgn: $("pgn").value }));
  });
  document.addEventListener("keydown", (e) => {
    const typing = ["INPUT", "TEXTAREA", "SELECT"].includes(document.activeElement.tagName);
    if (e.key === "Escape") {
      clearSelection();
      ui.viewing = null;
      draw();
      return;
    }
    if (typing || e.ctrlKey || e.metaKey || e.altKey) return;
    const keys = { u: "undo", r: "redo", f: "flip", h: "hint", g: "go" };
    if (keys[e.key]) {
      e.preventDefault();
      $(keys[e.key]).click();
    } else if (e.key === "/" || e.key === "m") {
      e.preventDefault();
      $("move-text").focus();
    }
  });

  $("editor").addEventListener("input", checkSoon);
  $("editor-load").addEventListener("click", loadIntoEditor);
  $("editor-play").addEventListener("click", playEditor);
  $("add-script").addEventListener("click", () => addScript().querySelector("input").focus());

  window.addEventListener("hashchange", fromLink);
  if (!(await fromLink())) await newGame(menu.value, "setup");
}

/** Begins the game a link names: `#variant=NAME&fen=FEN&seed=N` (the
 * FEN and the seed may be left out). False when the link names none. */
async function fromLink() {
  const params = new URLSearchParams(location.hash.slice(1));
  const variant = params.get("variant");
  if (!variant) return false;
  const menu = $("variant");
  if ([...menu.options].some((o) => o.value === variant)) menu.value = variant;
  const seed = Math.max(0, Math.floor(Number(params.get("seed")) || 0));
  $("seed").value = seed;
  const fen = params.get("fen");
  await newGame(variant, fen ? { fen: { fen, seed } } : { seed });
  return true;
}

start();
