"""How soon after a message has been heard does the Speaker call the voice quiet?

A private, headless speech-dispatcher (tests/speechd_headless.py) speaks
through the game's own Speaker (accessible-output2, espeak-ng, ALSA) into a
player that takes the sound at a sound card's pace and notes when each bit
has been played. For each of a set of short table messages, said one at a
time: the message's end is when its last sound was played; the real signal
is when ``wait_quiet`` returns (speech-dispatcher's END); the estimate is
when the length-based estimate, the fallback for every other route, would
have said quiet. Positive: after the end; negative: too early, the bots would
move while the message was still being heard. Prints one JSON object.

Needs speech-dispatcher, speech-dispatcher-espeak-ng and sox (as the tests).
Mostly waiting, not computing: about a minute for 20 messages.
Run: ``uv run python benchmarks/speech_quiet.py [--messages N]``.
"""

from __future__ import annotations

import argparse
import itertools
import json
import shutil
import statistics
import sys
import time
from pathlib import Path

# The headless speech-dispatcher helper lives with the tests.
sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))

from speechd_headless import (
    Headless,
    missing_software,
    new_root,
    private_environment,
    start_player,
    write_config,
)

from okey.messages import load_catalogue
from okey.speech import Speaker, SpeechMode, make_speaker
from okey.speech.speaker import estimate_seconds
from okey.tiles import Colour, Tile

EN = load_catalogue("en")

WAIT = 30.0  # seconds before one message counts as lost
SEATS = (("Left", "on your left", "Ayşe"), ("Across", "across", "Mehmet"))


def messages(count: int) -> list[tuple[str, dict[str, object]]]:
    """Short table events: discards of different tiles, and whose turn it is."""
    faces = itertools.product(Colour, range(1, 14, 3))
    said: list[tuple[str, dict[str, object]]] = []
    for index, ((colour, number), (seat, where, name)) in enumerate(
        zip(faces, itertools.cycle(SEATS), strict=False)
    ):
        if len(said) >= count:
            break
        if index % 4 == 3:
            said.append(("event.your_turn", {}))
        tile = EN.tile(Tile.face(colour, number))
        said.append(("event.discard", {"seat": seat, "where": where, "name": name, "tile": tile}))
    return said[:count]


def last_played(setup: Headless) -> float:
    """When the last sound was played, once the player has stopped taking more."""
    seen = -1
    deadline = time.monotonic() + WAIT
    while (count := len(setup.played())) != seen and time.monotonic() < deadline:
        seen = count
        time.sleep(0.3)
    return setup.played()[-1][0]


def measure(speaker: Speaker, setup: Headless, count: int) -> dict[str, list[float]]:
    real: list[float] = []
    estimate: list[float] = []
    heard: list[float] = []
    for key, fields in messages(count):
        started = time.monotonic()
        text = speaker.event(key, **fields)
        estimated_end = started + estimate_seconds(text)
        if not speaker.wait_quiet(WAIT) or not speaker.finish_signal:
            raise SystemExit(f"no END from speech-dispatcher for {text!r}")
        quiet_at = time.monotonic()
        end = last_played(setup)
        real.append(quiet_at - end)
        estimate.append(estimated_end - end)
        heard.append(end - started)
    return {"real": real, "estimate": estimate, "heard": heard}


def summary(values: list[float]) -> dict[str, float]:
    return {
        "median_s": round(statistics.median(values), 3),
        "min_s": round(min(values), 3),
        "max_s": round(max(values), 3),
    }


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--messages", type=int, default=20)
    args = parser.parse_args()
    what = missing_software()
    if what is not None:
        print(f"{what} is not installed", file=sys.stderr)
        return 1
    setup = write_config(new_root(), paced=True)
    player = start_player(setup)
    try:
        with private_environment(setup):
            speaker = make_speaker(SpeechMode.AUTO, None, lambda _line: None, catalogue=EN)
            try:
                if not speaker.finish_signal:
                    print("speech-dispatcher did not start", file=sys.stderr)
                    return 1
                speaker.event_text("Ready.")  # the module's first start is not measured
                speaker.wait_quiet(WAIT)
                last_played(setup)
                found = measure(speaker, setup, args.messages)
            finally:
                speaker.close()
    finally:
        setup.kill()
        player.kill()
        player.wait(WAIT)
        shutil.rmtree(setup.root, ignore_errors=True)
    estimate = found["estimate"]
    report = {
        "messages": args.messages,
        "heard_s": summary(found["heard"]),
        "quiet_after_end": {
            "real_signal": summary(found["real"]),
            "estimate": summary(estimate),
            "estimate_median_abs_s": round(statistics.median(abs(v) for v in estimate), 3),
            "estimate_too_early": sum(v < 0 for v in estimate),
        },
    }
    print(json.dumps(report, indent=2))
    return 0


if __name__ == "__main__":
    sys.exit(main())
