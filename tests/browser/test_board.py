"""The browser board in a real browser: `changeling serve --port 0`,
opened in headless Chromium over WebDriver, played by clicks.

Needs Debian's `chromium` and `chromium-driver` and `pip install selenium
pytest`. Run from the repository's root after `cargo build`:

    pytest tests/browser

The program is `target/debug/changeling` under CARGO_TARGET_DIR (or
`target/`), or the one CHANGELING_BIN names.
"""

import os
import re
import shutil
import subprocess

import pytest
from selenium import webdriver
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.by import By
from selenium.webdriver.support import expected_conditions as ec
from selenium.webdriver.support.ui import WebDriverWait


def program():
    if os.environ.get("CHANGELING_BIN"):
        return os.environ["CHANGELING_BIN"]
    target = os.environ.get("CARGO_TARGET_DIR", "target")
    return os.path.join(target, "debug", "changeling")


@pytest.fixture(scope="module")
def server():
    proc = subprocess.Popen(
        [program(), "serve", "--port", "0"],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    line = proc.stdout.readline()
    found = re.search(r"http://\S+/", line)
    assert found, f"no address printed: {line!r}"
    yield found.group(0)
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
