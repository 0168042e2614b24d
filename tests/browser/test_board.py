"""The browser board in a real browser, driven over WebDriver: the page
served by `changeling serve --port 0`, and the same page built as a
static site (web/build-static.sh: the session in WebAssembly in a web
worker) served by any static server. Every test runs against both.

Needs Debian's `chromium` and `chromium-driver` and `pip install selenium
pytest`. From the repository's root, after `cargo build`:

    pytest tests/browser

The program is `target/debug/changeling` under CARGO_TARGET_DIR (or
`target/`), or the one CHANGELING_BIN names. The static build is tested
when CHANGELING_STATIC names its directory (`web/build-static.sh DIR`);
`.ci/run` builds it and sets it.
"""

import json
import os
import re
import shutil
import subprocess
import sys

import pytest
from selenium import webdriver
from selenium.common.exceptions import StaleElementReferenceException
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.by import By
from selenium.webdriver.support import expected_conditions as ec
from selenium.webdriver.support.ui import WebDriverWait


def program():
    if os.environ.get("CHANGELING_BIN"):
        return os.environ["CHANGELING_BIN"]
    target = os.environ.get("CARGO_TARGET_DIR", "target")
    return os.path.join(target, "debug", "changeling")


def started(command, pattern):
    """A server started by `command`, and the address it prints."""
    proc = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    line = proc.stdout.readline()
    found = re.search(pattern, line)
    if not found:
        proc.kill()
        raise AssertionError(f"no address printed by {command[0]}: {line!r} {proc.stderr.read()!r}")
    return proc, found


SITES = ["serve", "static"]


@pytest.fixture(scope="module", params=SITES)
def server(request):
    if request.param == "serve":
        proc, found = started([program(), "serve", "--port", "0"], r"http://\S+/")
        address = found.group(0)
        # Loopback only, unless told otherwise.
        assert address.startswith("http://127.0.0.1:"), address
    else:
        site = os.environ.get("CHANGELING_STATIC")
        if not site:
            pytest.skip("CHANGELING_STATIC names no static build (web/build-static.sh DIR)")
        proc, found = started(
            [sys.executable, "-u", "-m", "http.server", "0", "--bind", "127.0.0.1", "--directory", site],
            r"port (\d+)",
        )
        address = f"http://127.0.0.1:{found.group(1)}/"
    yield address
    proc.terminate()
    proc.wait(timeout=10)


@pytest.fixture(scope="module")
def browser():
    options = webdriver.ChromeOptions()
    for arg in ["--headless=new", "--no-sandbox", "--disable-dev-shm-usage", "--window-size=1200,1000"]:
        options.add_argument(arg)
    binary = shutil.which("chromium") or shutil.which("chromium-browser")
    if binary:
        options.binary_location = binary
    options.set_capability("goog:loggingPrefs", {"browser": "ALL"})
    driver_path = shutil.which("chromedriver") or "/usr/bin/chromedriver"
    driver = webdriver.Chrome(service=Service(driver_path), options=options)
    driver.set_script_timeout(120)
    yield driver
    driver.quit()


def square(browser, name):
    return browser.find_element(By.CSS_SELECTOR, f'#board rect.hit[data-square="{name}"]')


def moves(browser):
    """The move list's moves in SAN, read at once (the list is redrawn
    after every turn)."""
    return browser.execute_script(
        "return [...document.querySelectorAll('#moves button.ply')].map((b) => b.textContent)"
    )[1:]


def test_e2_e4_by_two_clicks_on_fide_chess(server, browser):
    browser.get(server)
    wait = WebDriverWait(browser, 10)
    wait.until(ec.presence_of_element_located((By.CSS_SELECTOR, '#board rect.hit[data-square="e2"]')))
    assert browser.find_element(By.ID, "variant").get_attribute("value") == "chess"
    square(browser, "e2").click()
    # The pawn's two targets are shown.
    wait.until(lambda b: len(b.find_elements(By.CSS_SELECTOR, "#board .target")) == 2)
    square(browser, "e4").click()
    wait.until(lambda b: moves(b) == ["e4"])
    assert "Black to move" in browser.find_element(By.ID, "status").text
    # Nothing was refused by the page's policy, and nothing failed.
    errors = [e for e in browser.get_log("browser") if e["level"] == "SEVERE"]
    assert errors == []


def test_a_move_typed_and_a_promotion_chosen(server, browser):
    browser.get(server + "#variant=chess&fen=7k%2F4P3%2F8%2F8%2F8%2F8%2Fp7%2F4K3+w+-+-+0+1&seed=0")
    wait = WebDriverWait(browser, 10)
    # The page shows the linked position (on a page already open, once
    # the link's game has begun).
    wait.until(lambda b: b.find_element(By.ID, "fen").get_attribute("value") == "7k/4P3/8/8/8/8/p7/4K3 w - - 0 1")
    square(browser, "e7").click()
    square(browser, "e8").click()
    chooser = wait.until(ec.visibility_of_element_located((By.ID, "chooser")))
    options = [b.text for b in chooser.find_elements(By.CSS_SELECTOR, "button.san")]
    assert sorted(options) == ["e8=B", "e8=N", "e8=Q+", "e8=R+"]
    next(b for b in chooser.find_elements(By.CSS_SELECTOR, "button.san") if b.text == "e8=N").click()
    wait.until(lambda b: moves(b) == ["e8=N"])
    field = browser.find_element(By.ID, "move-text")
    field.send_keys("Kh7\n")
    wait.until(lambda b: moves(b) == ["e8=N", "Kh7"])


# ---------------------------------------------------------------------------
# The seed variants, played by clicks.
#
# A test looks for a position where the kind of turn it wants is legal:
# seeded random games (captures preferred half the time, to bring pieces
# together) played through the page's own `call`, so through the server
# or the worker alike. The seed variants' games are then played in the
# page from their start by clicks, turn by turn (the other kinds of turn
# load theirs by PGN); the turn wanted is played by clicks on the board,
# the hands, the chooser or the list of special turns; and the page's
# position must then be the one the same turn gives when played by
# number.

FIND = """
const [variant, done] = [arguments[0], arguments[arguments.length - 1]];
const pick = (g) => (%s);
(async () => {
  let x = 0x9E3779B97F4A7C15n;
  const below = (n) => {
    x ^= (x << 13n) & 0xFFFFFFFFFFFFFFFFn; x ^= x >> 7n; x ^= (x << 17n) & 0xFFFFFFFFFFFFFFFFn;
    return Number(x %% BigInt(n));
  };
  let g = await call({ op: "new", variant, start: { seed: 0 } });
  for (let game = 0; game < 40; game++) {
    const line = [];
    for (let ply = 0; ply < 300 && !g.outcome && g.turns.length > 0; ply++) {
      const turn = pick(g);
      if (turn) {
        const pgn = (await call({ op: "pgn", game: g.game })).pgn;
        // What the turn gives, played by number: the page's game must
        // reach the same.
        const after = await call({ op: "play", game: g.game, index: turn.index });
        await call({ op: "close", game: g.game });
        return done({ pgn, turn, plies: g.moves.length, seed: game, line, after });
      }
      const captures = g.turns.filter((t) => t.captured);
      const pool = captures.length > 0 && below(2) === 0 ? captures : g.turns;
      const chosen = pool[below(pool.length)];
      line.push(chosen.coordinates);
      g = await call({ op: "play", game: g.game, index: chosen.index });
      if (g.type === "error") return done({ error: g.message });
    }
    g = await call({ op: "new", variant, start: { seed: game + 1 }, game: g.game });
  }
  done({ error: "no such position in 40 games" });
})().catch((e) => done({ error: String(e) }));
"""


def find(browser, variant, pick):
    """A game of `variant` reaching a position where the JavaScript
    expression `pick` (of the game view `g`) gives a turn."""
    found = browser.execute_async_script(FIND % pick, variant)
    assert found and "error" not in found, found
    return found


def page_call(browser, request):
    return browser.execute_async_script(
        "const done = arguments[arguments.length - 1]; call(arguments[0]).then(done, (e) => done({ error: String(e) }));",
        request,
    )


def open_variant(browser, server, variant, seed=None):
    """A fresh page (nothing left of the test before) on a new game of
    `variant` (begun from `seed`, when given)."""
    browser.get("about:blank")
    browser.get(server + "#variant=" + variant + ("" if seed is None else f"&seed={seed}"))
    wait = WebDriverWait(browser, 30)
    wait.until(
        lambda b: b.execute_script(
            "return typeof ui !== 'undefined' && ui.view !== null && ui.view.variant === arguments[0] && inFlight === 0",
            variant,
        )
    )
    assert browser.find_element(By.ID, "variant").get_attribute("value") == variant
    return wait


def load_game(browser, wait, pgn, plies):
    """The PGN, pasted and loaded as a person would."""
    box = browser.find_element(By.ID, "pgn")
    browser.execute_script("arguments[0].value = arguments[1];", box, pgn)
    browser.find_element(By.ID, "load-pgn").click()
    wait.until(lambda b: len(moves(b)) == plies)


def idle(browser, wait):
    """Waits until every request the page sent is answered (and drawn)."""
    wait.until(lambda b: b.execute_script("return inFlight === 0"))


def play_game_by_clicks(browser, server, variant, found):
    """The game `found` reached, played from its start by clicks, turn
    by turn, on a fresh page begun with the same seed."""
    wait = open_variant(browser, server, variant, found["seed"])
    for ply, coordinates in enumerate(found["line"]):
        turn = browser.execute_script(
            "return ui.view.turns.find((t) => t.coordinates === arguments[0]) || null", coordinates
        )
        assert turn, f"ply {ply}: no turn {coordinates} on the page"
        click_turn(browser, wait, turn)
        wait.until(lambda b: len(moves(b)) == ply + 1)
        idle(browser, wait)
    assert len(moves(browser)) == found["plies"]
    return wait


def visible(browser, element_id):
    return browser.execute_script(f"return !document.getElementById('{element_id}').hidden")


def click_san(wait, css, san):
    """Clicks the button of `css` that shows `san`, looked for again
    while the page redraws its buttons."""

    def attempt(b):
        try:
            button = next((x for x in b.find_elements(By.CSS_SELECTOR, css) if x.text == san), None)
            if button is None:
                return False
            button.click()
            return True
        except StaleElementReferenceException:
            return False

    wait.until(attempt)


def click_turn(browser, wait, turn):
    """Plays `turn` (as the game view lists it) by clicks."""
    side = browser.execute_script("return ui.view.board.side")
    special = turn["what"] in ("pass", "suicide") or (turn["from"] is not None and turn["from"] == turn["to"])
    if special:
        idle(browser, wait)
        click_san(wait, "#special button.san", turn["san"])
        return
    if turn["from"] is None and turn["dropped"]:
        kind, source = turn["dropped"]
        if source == "hand":
            css = f'button.held[data-hand="{kind}"][data-side="{side}"]'
        else:
            css = f'button.held.next[data-reserve="{side}"]'
        browser.find_element(By.CSS_SELECTOR, css).click()
        wait.until(lambda b: b.find_elements(By.CSS_SELECTOR, "#board .target"))
    elif turn["from"] is not None:
        square(browser, turn["from"]).click()
        wait.until(lambda b: b.find_elements(By.CSS_SELECTOR, "#board .target"))
    square(browser, turn["to"]).click()
    idle(browser, wait)
    # A drop or a push that goes with the action: its square, marked on
    # the board.
    part = next((p for p in turn["parts"] if p["part"] in ("drop", "push")), None)
    if part and visible(browser, "chooser") and browser.execute_script("return ui.narrowing !== null"):
        square(browser, part["square"] if part["part"] == "drop" else part["from"]).click()
        idle(browser, wait)
    # Turns still alike on the board (a promotion, a victim, a pair or a
    # single unit): the chooser, by SAN.
    if visible(browser, "chooser"):
        click_san(wait, "#chooser button.san", turn["san"])


def play_by_clicks(browser, wait, found):
    """Plays the turn found by clicks, and checks the page's game
    against the same turn played by number where it was found."""
    turn = found["turn"]
    before = len(moves(browser))
    click_turn(browser, wait, turn)
    wait.until(lambda b: len(moves(b)) == before + 1)
    assert moves(browser)[-1].rstrip("+#") == turn["san"].rstrip("+#")
    page = page_call(browser, {"op": "fen", "game": browser.execute_script("return ui.game")})
    expected = found["after"]
    assert expected["type"] == "game", expected
    assert page["fen"] == expected["board"]["fen"]
    return expected


def no_errors(browser):
    errors = [e for e in browser.get_log("browser") if e["level"] == "SEVERE"]
    assert errors == []


def test_mutatis_mutandis_an_action_with_its_reserve_drop(server, browser):
    wait = open_variant(browser, server, "mutatis-mutandis")
    found = find(
        browser,
        "mutatis-mutandis",
        "g.turns.find((t) => t.from !== null && t.parts.some((p) => p.part === 'drop' && p.source === 'reserve'))",
    )
    wait = play_game_by_clicks(browser, server, "mutatis-mutandis", found)
    after = play_by_clicks(browser, wait, found)
    assert after["played"]["san"] == found["turn"]["san"]
    no_errors(browser)


def test_twelve_mutation_a_marker_placed_and_a_move_under_a_mutator(server, browser):
    wait = open_variant(browser, server, "twelve-mutation")
    assert "places a marker" in browser.find_element(By.ID, "status").text
    found = find(browser, "twelve-mutation", "g.turns.find((t) => t.what === 'placement')")
    wait = play_game_by_clicks(browser, server, "twelve-mutation", found)
    play_by_clicks(browser, wait, found)
    found = find(
        browser,
        "twelve-mutation",
        "g.board.mutators.length > 0 && g.board.side === 'white' ? g.turns.find((t) => t.from !== null && t.what === 'move') : null",
    )
    wait = play_game_by_clicks(browser, server, "twelve-mutation", found)
    chips = [c.text for c in browser.find_elements(By.CSS_SELECTOR, "#status .mutators .chip")]
    assert chips and all(chips), chips
    play_by_clicks(browser, wait, found)
    no_errors(browser)


def test_fluid_a_pair_move_and_a_victim_chosen(server, browser):
    wait = open_variant(browser, server, "fluid")
    # The queen is a bishop and a rook on one square: the pair moves as
    # a queen, or either leaves alone.
    found = find(
        browser,
        "fluid",
        "g.turns.find((t) => t.san.startsWith('Q') && t.from !== null && g.turns.some((u) => u !== t && u.from === t.from && u.to === t.to))",
    )
    wait = play_game_by_clicks(browser, server, "fluid", found)
    play_by_clicks(browser, wait, found)
    # A single unit taking on a square of two enemy units: the mover
    # chooses the victim.
    found = find(
        browser,
        "fluid",
        "g.turns.find((a) => a.captured && g.turns.some((b) => b !== a && b.from === a.from && b.to === a.to && b.captured && b.captured.kind !== a.captured.kind))",
    )
    wait = play_game_by_clicks(browser, server, "fluid", found)
    play_by_clicks(browser, wait, found)
    no_errors(browser)


def test_pocket_mutation_a_piece_pocketed_then_dropped(server, browser):
    wait = open_variant(browser, server, "pocket-mutation")
    found = find(browser, "pocket-mutation", "g.turns.find((t) => t.what === 'pocket')")
    wait = play_game_by_clicks(browser, server, "pocket-mutation", found)
    play_by_clicks(browser, wait, found)
    found = find(browser, "pocket-mutation", "g.turns.find((t) => t.dropped && t.dropped[1] === 'hand')")
    wait = play_game_by_clicks(browser, server, "pocket-mutation", found)
    play_by_clicks(browser, wait, found)
    no_errors(browser)


def test_metamorph_a_promotion_by_escape(server, browser):
    wait = open_variant(browser, server, "metamorph")
    found = find(browser, "metamorph", "g.turns.find((t) => t.promotion && t.piece !== 'pawn')")
    wait = play_game_by_clicks(browser, server, "metamorph", found)
    after = play_by_clicks(browser, wait, found)
    # The piece that escaped stands on its square as its new kind.
    target = next(q for q in after["board"]["squares"] if q["name"] == found["turn"]["to"])
    assert [u["kind"] for u in target["units"]] == [found["turn"]["promotion"]]
    no_errors(browser)


def test_the_engine_replies(server, browser):
    wait = open_variant(browser, server, "chess")
    square(browser, "e2").click()
    square(browser, "e4").click()
    wait.until(lambda b: moves(b) == ["e4"])
    browser.find_element(By.ID, "go").click()
    wait.until(lambda b: len(moves(b)) == 2)
    assert "White to move" in browser.find_element(By.ID, "status").text
    no_errors(browser)


TINY = """variant tiny {
  board = 4x4
  piece king { letter = K betza = "K" royal = true }
  piece rook { letter = R betza = "R"%s }
  setup = "k3/3r/1R2/2K1 w - - 0 1"
}
"""


def test_the_editor_shows_an_error_at_its_line_then_plays_the_variant(server, browser):
    wait = open_variant(browser, server, "chess")
    browser.find_element(By.CSS_SELECTOR, "#editor-box summary").click()
    editor = browser.find_element(By.ID, "editor")
    editor.send_keys(TINY % " oops")
    # The problem, at its line and column, as soon as typing stops.
    wait.until(lambda b: b.find_elements(By.CSS_SELECTOR, "#diagnostics li.error"))
    item = browser.find_element(By.CSS_SELECTOR, "#diagnostics li.error")
    assert (item.get_attribute("data-line"), item.get_attribute("data-column")) == ("4", "44")
    assert "line 4, column 44" in item.text
    # Clicking it puts the caret on that line.
    item.find_element(By.CSS_SELECTOR, "button.where").click()
    caret = browser.execute_script("return arguments[0].selectionStart", editor)
    assert editor.get_attribute("value")[:caret].count("\n") == 3
    # Corrected, it has no error and plays.
    browser.execute_script("arguments[0].value = arguments[1]; arguments[0].dispatchEvent(new Event('input'));", editor, TINY % "")
    wait.until(lambda b: "No errors" in b.find_element(By.ID, "editor-status").text)
    assert browser.find_elements(By.CSS_SELECTOR, "#diagnostics li.error") == []
    browser.find_element(By.ID, "editor-play").click()
    wait.until(lambda b: len(b.find_elements(By.CSS_SELECTOR, "#board rect.hit")) == 16)
    idle(browser, wait)
    square(browser, "b2").click()
    square(browser, "b4").click()
    wait.until(lambda b: moves(b) == ["Rb4+"])
    # Its rules in words and a piece's diagram.
    browser.find_element(By.CSS_SELECTOR, "#rules-box summary").click()
    assert "on a board of 4 files and 4 ranks" in browser.find_element(By.ID, "rules-text").text
    browser.find_element(By.CSS_SELECTOR, '#kinds button[data-kind="rook"]').click()
    wait.until(lambda b: b.find_elements(By.CSS_SELECTOR, "#piece-sheet img.diagram"))
    assert browser.find_element(By.CSS_SELECTOR, "#piece-sheet img.diagram").get_attribute("src").startswith("data:image/svg+xml")
    no_errors(browser)


BERSERK = """variant berserk : chess {
  piece berserker { letter = Z betza = "KN" }
  script {
    file = "berserker.rhai"
    hooks = [extra_moves, attacks, after_move]
    pieces = [berserker]
    state = [white_charged, black_charged]
  }
  setup = "k7/7p/8/4p3/4Z3/8/8/7K w - - 0 1"
}
"""


def test_a_scripts_state_shows_under_the_board(server, browser):
    # Berserker chess from the editor: the built-in script charges the
    # Berserker that captures, and the page shows the charge.
    wait = open_variant(browser, server, "chess")
    browser.find_element(By.CSS_SELECTOR, "#editor-box summary").click()
    editor = browser.find_element(By.ID, "editor")
    browser.execute_script("arguments[0].value = arguments[1]; arguments[0].dispatchEvent(new Event('input'));", editor, BERSERK)
    wait.until(lambda b: "No errors" in b.find_element(By.ID, "editor-status").text)
    browser.find_element(By.ID, "editor-play").click()
    wait.until(lambda b: "white_charged 0" in b.find_element(By.CSS_SELECTOR, "#status p.state").text)
    idle(browser, wait)
    square(browser, "e4").click()
    square(browser, "e5").click()
    wait.until(lambda b: moves(b) == ["Zxe5"])
    state = browser.find_element(By.CSS_SELECTOR, "#status p.state").text
    assert state == "Script state: white_charged 37 \u00b7 black_charged 0", state
    no_errors(browser)


def test_a_piece_dragged_to_its_target(server, browser):
    wait = open_variant(browser, server, "chess")
    ActionChains(browser).drag_and_drop(square(browser, "g1"), square(browser, "f3")).perform()
    wait.until(lambda b: moves(b) == ["Nf3"])
    # A drag to a square the piece cannot reach plays nothing.
    ActionChains(browser).drag_and_drop(square(browser, "g8"), square(browser, "g5")).perform()
    idle(browser, wait)
    assert moves(browser) == ["Nf3"]
    no_errors(browser)


def test_a_clock_runs_for_the_side_to_move_and_its_fall_ends_the_game(server, browser):
    from selenium.webdriver.support.ui import Select

    wait = open_variant(browser, server, "chess")
    Select(browser.find_element(By.ID, "clock")).select_by_visible_text("3+2")
    assert not browser.find_element(By.ID, "clocks").get_attribute("hidden")
    assert browser.execute_script("return clock.running") == "white"
    square(browser, "e2").click()
    square(browser, "e4").click()
    wait.until(lambda b: moves(b) == ["e4"])
    assert browser.execute_script("return clock.running") == "black"
    # Black's time all but gone: it falls, and the board takes no turn.
    browser.execute_script("clock.left.black = 30")
    wait.until(lambda b: "Black lost on time" in b.find_element(By.ID, "status").text)
    assert "1-0" in browser.find_element(By.ID, "status").text
    square(browser, "e7").click()
    assert browser.find_elements(By.CSS_SELECTOR, "#board .target") == []
    # The record says so.
    browser.find_element(By.ID, "get-pgn").click()
    wait.until(lambda b: "Black lost on time" in b.find_element(By.ID, "pgn").get_attribute("value"))
    assert '[Result "1-0"]' in browser.find_element(By.ID, "pgn").get_attribute("value")
    # A new game begins with the clock afresh.
    browser.find_element(By.CSS_SELECTOR, "#new-game button[type=submit]").click()
    wait.until(lambda b: moves(b) == [] and b.execute_script("return clock.flagged === null && clock.running === 'white'"))
    Select(browser.find_element(By.ID, "clock")).select_by_visible_text("none")
    assert browser.find_element(By.ID, "clocks").get_attribute("hidden")
    no_errors(browser)


def test_a_phone_sized_screen_and_no_other_host(server, browser):
    browser.set_window_size(390, 844)
    try:
        wait = open_variant(browser, server, "mutatis-mutandis")
        # Nothing wider than the screen: the board scales down.
        widths = browser.execute_script(
            "return [document.documentElement.scrollWidth, window.innerWidth,"
            " document.getElementById('board').getBoundingClientRect().right]"
        )
        assert widths[0] <= widths[1] and widths[2] <= widths[1], widths
        square(browser, "c1").click()
        wait.until(lambda b: b.find_elements(By.CSS_SELECTOR, "#board .target"))
        # Every request went to the page's own host.
        hosts = browser.execute_script(
            "return [...new Set(performance.getEntriesByType('resource').map((e) => new URL(e.name).origin))]"
        )
        origin = browser.execute_script("return location.origin")
        assert set(hosts) <= {origin}, hosts
        no_errors(browser)
    finally:
        browser.set_window_size(1200, 1000)


# Every other kind of turn a variant has, played by clicks the same way:
# the variant where random play meets it, and how to know it.
KINDS_OF_TURN = {
    "pawn-push-after-the-action": ("twelve-mutation", "g.turns.find((t) => t.parts.some((p) => p.part === 'push'))"),
    "promotion-chosen-first": ("twelve-mutation", "g.turns.find((t) => t.parts.some((p) => p.part === 'choice'))"),
    "a-piece-removing-itself": ("mutatis-mutandis", "g.turns.find((t) => t.what === 'suicide')"),
    "a-scripted-move-with-a-tag": ("mutatis-mutandis", "g.turns.find((t) => t.tag !== null && t.what !== 'suicide')"),
    "passing": ("janggi", "g.turns.find((t) => t.what === 'pass')"),
    "a-swap": (
        "mutatis-mutandis",
        "g.turns.find((t) => t.piece === 'swapper' && t.what === 'effects' && t.tag === null && t.captured === null"
        " && g.board.squares.some((q) => q.name === t.to && q.units.length > 0))",
    ),
    "a-gate-from-the-hand": (
        "seirawan",
        "g.turns.find((t) => t.parts.some((p) => p.part === 'drop' && p.source === 'hand'))",
    ),
}


@pytest.mark.parametrize("kind", sorted(KINDS_OF_TURN))
def test_every_kind_of_turn_is_played_by_clicks(server, browser, kind):
    variant, pick = KINDS_OF_TURN[kind]
    wait = open_variant(browser, server, variant)
    found = find(browser, variant, pick)
    load_game(browser, wait, found["pgn"], found["plies"])
    play_by_clicks(browser, wait, found)
    no_errors(browser)


SCRIPTED = """variant tiny {
  board = 4x4
  piece king { letter = K betza = "K" royal = true }
  piece rook { letter = R betza = "R" }
  script {
    file = "tiny.rhai"
    hooks = [extra_moves]
    pieces = [rook]
  }
  setup = "k3/3r/1R2/2K1 w - - 0 1"
}
"""

# The rook may also step one square up and to the right.
TINY_SCRIPT = """fn extra_moves(board, from) {
    let ray = board.ray(from, 1, 1);
    if ray.is_empty() || !board.is_empty(ray[0]) {
        return [];
    }
    [#{ to: ray[0] }]
}
"""


def test_the_editor_takes_the_variant_s_script_as_text(server, browser):
    wait = open_variant(browser, server, "chess")
    browser.find_element(By.CSS_SELECTOR, "#editor-box summary").click()
    editor = browser.find_element(By.ID, "editor")
    set_text = "arguments[0].value = arguments[1]; arguments[0].dispatchEvent(new Event('input'));"
    browser.execute_script(set_text, editor, SCRIPTED)
    # The script is named but not given: an error, at the variant's line.
    wait.until(lambda b: b.find_elements(By.CSS_SELECTOR, "#diagnostics li.error"))
    assert "tiny.rhai" in browser.find_element(By.ID, "diagnostics").text
    browser.find_element(By.ID, "add-script").click()
    box = browser.find_element(By.CSS_SELECTOR, "#scripts .script")
    browser.execute_script(set_text, box.find_element(By.TAG_NAME, "input"), "tiny.rhai")
    browser.execute_script(set_text, box.find_element(By.TAG_NAME, "textarea"), TINY_SCRIPT)
    wait.until(lambda b: "No errors" in b.find_element(By.ID, "editor-status").text)
    browser.find_element(By.ID, "editor-play").click()
    wait.until(lambda b: len(b.find_elements(By.CSS_SELECTOR, "#board rect.hit")) == 16)
    idle(browser, wait)
    # The scripted step is a target of the rook, and plays.
    square(browser, "b2").click()
    targets = browser.execute_script("return ui.candidates.map((t) => t.to)")
    assert "c3" in targets, targets
    square(browser, "c3").click()
    wait.until(lambda b: len(moves(b)) == 1)
    assert moves(b := browser)[0].startswith("R") and "c3" in moves(b)[0]
    no_errors(browser)


def test_the_move_list_undo_redo_flip_fen_and_a_checkmate(server, browser):
    wait = open_variant(browser, server, "chess")
    for a, b in [("f2", "f3"), ("e7", "e5"), ("g2", "g4"), ("d8", "h4")]:
        square(browser, a).click()
        square(browser, b).click()
        idle(browser, wait)
    assert moves(browser) == ["f3", "e5", "g4", "Qh4#"]
    status = browser.find_element(By.ID, "status").text
    assert "0-1" in status and "checkmate" in status, status
    fen = "rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3"
    assert browser.find_element(By.ID, "fen").get_attribute("value") == fen
    # A past position, looked at and left.
    next(b for b in browser.find_elements(By.CSS_SELECTOR, "#moves button.ply") if b.text == "f3").click()
    wait.until(lambda b: "after f3" in b.find_element(By.ID, "viewing-text").text)
    assert browser.find_elements(By.CSS_SELECTOR, '#board .unit') and not browser.execute_script(
        "return ui.viewing.board.squares.some((q) => q.name === 'h4' && q.units.length > 0)"
    )
    browser.find_element(By.ID, "back-to-game").click()
    # Undo, redo.
    browser.find_element(By.ID, "undo").click()
    wait.until(lambda b: moves(b) == ["f3", "e5", "g4"])
    browser.find_element(By.ID, "redo").click()
    wait.until(lambda b: moves(b) == ["f3", "e5", "g4", "Qh4#"])
    # Flip: a1 is drawn at the top right.
    left = lambda name: float(square(browser, name).get_attribute("x"))
    top = lambda name: float(square(browser, name).get_attribute("y"))
    assert left("a1") < left("h1") and top("a1") > top("a8")
    browser.find_element(By.ID, "flip").click()
    wait.until(lambda b: left("a1") > left("h1") and top("a1") < top("a8"))
    no_errors(browser)
