"""Pictures of the browser board for the README: a game of each seed
variant some turns in (seeded random play through the page's own
requests), a piece selected with its targets shown.

    cargo build
    python3 tests/browser/screenshots.py [OUT]      (default web/screenshots)
"""

import os
import sys

sys.path.insert(0, os.path.dirname(__file__))

import test_board as t  # noqa: E402

# Variant, plies, and a condition the position must meet (JavaScript of
# the game view `g`), so that each picture shows what the variant adds.
SHOTS = [
    ("mutatis-mutandis", 14, "g.board.reserves.some((r) => r && r.pieces.length > 0)"),
    ("twelve-mutation", 40, "g.board.mutators.length > 0"),
    ("fluid", 16, "g.board.squares.some((q) => q.units.length > 1)"),
    ("pocket-mutation", 18, "g.board.hands.some((h) => h.length > 0)"),
    ("metamorph", 16, "true"),
]


def main():
    out = sys.argv[1] if len(sys.argv) > 1 else "web/screenshots"
    os.makedirs(out, exist_ok=True)
    proc, found = t.started([t.program(), "serve", "--port", "0"], r"http://\S+/")
    gen = t.browser.__wrapped__()
    browser = next(gen)
    browser.set_window_size(1280, 1600)
    try:
        for variant, plies, condition in SHOTS:
            wait = t.open_variant(browser, found.group(0), variant)
            pick = f"g.moves.length >= {plies} && ({condition}) ? g.turns.find((u) => u.from && u.from !== u.to) : null"
            got = t.find(browser, variant, pick)
            t.load_game(browser, wait, got["pgn"], got["plies"])
            t.square(browser, got["turn"]["from"]).click()
            t.idle(browser, wait)
            path = os.path.join(out, f"{variant}.png")
            browser.find_element(t.By.ID, "play").screenshot(path)
            print(path)
    finally:
        browser.quit()
        proc.terminate()


if __name__ == "__main__":
    main()
