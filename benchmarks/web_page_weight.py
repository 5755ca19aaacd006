"""The page's weight: its HTML, JavaScript and CSS as okey serves them (the salon's script
with them, served where the page is a salon's), uncompressed
(goal: 100 KB at most; the page loads no other file, and no sounds: its cues are made by
Web Audio). Prints one JSON object. Run: ``uv run python benchmarks/web_page_weight.py``.
"""

from __future__ import annotations

import json
import sys

from okey.web.http import FILES, static_file
from okey.web.salon_door import FILES as SALON_FILES

GOAL = 100 * 1024


def main() -> int:
    sizes = {name: len(static_file(name)) for name in (*FILES.values(), *SALON_FILES.values())}
    total = sum(sizes.values())
    print(json.dumps({"bytes": sizes, "total": total, "goal": GOAL, "within": total <= GOAL}))
    return 0 if total <= GOAL else 1


if __name__ == "__main__":
    sys.exit(main())
