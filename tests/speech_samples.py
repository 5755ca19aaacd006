"""English for the speech layer's own tests, with two sample messages of its own.

The speech layer says catalogue messages without knowing what they mean; its tests
need a message with a brief and a detailed text, and one with fields. The game's
catalogue has no test-only messages, so these two live here: an English catalogue
with them, the game's English behind it for everything else.
"""

from __future__ import annotations

from okey.messages import Catalogue, Entry, Verbosity, load_catalogue

_BRIEF, _DETAILED = Verbosity.BRIEF.value, Verbosity.DETAILED.value

SAMPLES = {
    (_BRIEF, "event.your_turn"): "Your turn.",
    (_DETAILED, "event.your_turn"): (
        "Your turn: draw from the middle or take the discard on your left."
    ),
    (_BRIEF, "event.discard"): "{seat}: {tile}",
    (_DETAILED, "event.discard"): "{name}, {where}, discarded {tile}",
}

EN = Catalogue(
    "en",
    {where: Entry((text,)) for where, text in SAMPLES.items()},
    fallback=load_catalogue("en"),
)
