"""The browser board's speed, in headless Chromium: for `changeling serve`
(the release binary) and for the static build (the session in
WebAssembly in a web worker), on FIDE chess and Mutatis Mutandis.

    cargo build --release
    web/build-static.sh target/site
    python3 benches/browser.py [--runs N]

For each site and variant it reports, as the median of N page loads:
  * first board: from the start of the page's navigation to the first
    board drawn (the page's `first-board` mark);
  * first targets: then one click on a piece with legal turns until its
    targets are drawn and painted;
  * click: a click on a piece, answered (targets drawn and painted),
    over every piece of the side to move with legal turns;
  * turn: a turn played (the request, its answer and the redraw).
FIDE chess in the same run is the reference. The static build's size is
reported raw and gzipped.
"""

import argparse
import gzip
import os
import re
import shutil
import statistics
import subprocess
import sys

from selenium import webdriver
from selenium.webdriver.chrome.service import Service

MEASURE = """
const done = arguments[arguments.length - 1];
const painted = () => new Promise((r) => requestAnimationFrame(() => setTimeout(r, 0)));
(async () => {
  while (typeof ui === "undefined" || !ui.view || inFlight > 0) await new Promise((r) => setTimeout(r, 5));
  await painted();
  const first = performance.getEntriesByName("first-board")[0].startTime;
  const side = ui.view.board.side;
  const pieces = [...new Set(ui.view.turns.filter((t) => t.from && t.from !== t.to).map((t) => t.from))];
  const clicks = [];
  for (const sq of pieces) {
    clearSelection();
    draw();
    await painted();
    const t0 = performance.now();
    clickSquare(sq);
    await painted();
    clicks.push(performance.now() - t0);
  }
  clearSelection();
  draw();
  const turn = ui.view.turns.find((t) => t.from && t.from !== t.to);
  const t0 = performance.now();
  await playTurn(turn);
  await painted();
  const played = performance.now() - t0;
  done({ first, firstTargets: first + clicks[0], clicks, played, side });
})().catch((e) => done({ error: String(e) }));
"""


def started(command, pattern):
    proc = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    line = proc.stdout.readline()
    found = re.search(pattern, line)
    if not found:
        proc.kill()
        sys.exit(f"no address from {command[0]}: {line!r}")
    return proc, found


def browser():
    options = webdriver.ChromeOptions()
    for arg in ["--headless=new", "--no-sandbox", "--disable-dev-shm-usage", "--window-size=1200,1000"]:
        options.add_argument(arg)
    options.binary_location = shutil.which("chromium") or "/usr/bin/chromium"
    driver = webdriver.Chrome(service=Service(shutil.which("chromedriver") or "/usr/bin/chromedriver"), options=options)
    driver.set_script_timeout(120)
    return driver


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--bin", default=os.path.join(os.environ.get("CARGO_TARGET_DIR", "target"), "release", "changeling"))
    parser.add_argument("--site", default="target/site")
    args = parser.parse_args()
    serve, found = started([args.bin, "serve", "--port", "0"], r"http://\S+/")
    sites = {"serve": found.group(0)}
    static, found = started(
        [sys.executable, "-u", "-m", "http.server", "0", "--bind", "127.0.0.1", "--directory", args.site], r"port (\d+)"
    )
    sites["static"] = f"http://127.0.0.1:{found.group(1)}/"
    driver = browser()
    try:
        print(f"{'site':7} {'variant':17} {'first board':>12} {'first targets':>14} {'click (median, max)':>20} {'turn':>9}")
        for site, address in sites.items():
            for variant in ["chess", "mutatis-mutandis"]:
                runs = []
                for _ in range(args.runs):
                    # A new page each time: nothing cached in the page.
                    driver.get("about:blank")
                    driver.get(address + "#variant=" + variant)
                    r = driver.execute_async_script(MEASURE)
                    if "error" in r:
                        sys.exit(r["error"])
                    runs.append(r)
                med = lambda key: statistics.median(r[key] for r in runs)
                clicks = [c for r in runs for c in r["clicks"]]
                print(
                    f"{site:7} {variant:17} {med('first'):9.0f} ms {med('firstTargets'):11.0f} ms "
                    f"{statistics.median(clicks):9.1f}, {max(clicks):5.1f} ms {med('played'):6.0f} ms"
                )
    finally:
        driver.quit()
        serve.terminate()
        static.terminate()
    wasm = os.path.join(args.site, "pkg", "changeling_web_bg.wasm")
    total = sum(os.path.getsize(os.path.join(d, f)) for d, _, fs in os.walk(args.site) for f in fs)
    packed = sum(
        len(gzip.compress(open(os.path.join(d, f), "rb").read(), 9)) for d, _, fs in os.walk(args.site) for f in fs
    )
    print(f"static build: {total / 1024:.0f} KB ({packed / 1024:.0f} KB gzipped); the module {os.path.getsize(wasm) / 1024:.0f} KB")


if __name__ == "__main__":
    main()
