"""From a key pressed in the page to its line in the page's live region, on loopback
(goal: a median of 50 ms at most). Debian's chromium, driven by Playwright, joins a table
of okey's own server (in this process's thread), starts the match, and presses I (the
indicator) ``--presses`` times at the rack, one after the other; the page itself times
each, from the keydown to the line appended to its log (performance.now). Prints one
JSON object with the median, p99 and max in ms, and the load average. Run:
``uv run python benchmarks/web_latency.py [--presses 100]``.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))

from web_support import CHROMIUM, WebPlayer, serving

WATCH = """() => {
  window.latencies = []; let pressed = 0;
  document.addEventListener("keydown", () => { pressed = performance.now(); }, true);
  new MutationObserver(() => {
    if (pressed) { window.latencies.push(performance.now() - pressed); pressed = 0; }
  }).observe(document.getElementById("log"), {childList: true});
}"""


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--presses", type=int, default=100)
    args = parser.parse_args()
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright, serving("classic") as server:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox"])
        page = browser.new_page()
        page.goto(server.link)
        player = WebPlayer(page)
        player.join("Deniz")
        player.start()
        page.evaluate(WATCH)
        for count in range(1, args.presses + 1):
            player.focus_rack()
            page.keyboard.press("i")

            def told(wanted: int = count) -> bool:
                return int(page.evaluate("window.latencies.length")) >= wanted

            player.wait(told, "the line")
        ms = sorted(page.evaluate("window.latencies"))
        browser.close()
    report = {
        "presses": len(ms),
        "median_ms": round(statistics.median(ms), 2),
        "p99_ms": round(ms[min(len(ms) - 1, int(len(ms) * 0.99))], 2),
        "max_ms": round(ms[-1], 2),
        "goal_ms": 50,
        "load_average": os.getloadavg()[0],
    }
    print(json.dumps(report))
    return 0


if __name__ == "__main__":
    sys.exit(main())
