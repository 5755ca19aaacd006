"""Write the game's own cues as WAV files: ``python -m okey.audio.render [FOLDER]``.

The files in ``okey/audio/pack`` are made this way (a test checks that they still
match the recipes in :mod:`okey.audio.synth`); run it again after changing a recipe.
A folder given on the command line gets the same files, a start for a pack of your own.
"""

from __future__ import annotations

import sys
import wave
from array import array
from pathlib import Path

from okey.audio.cues import Cue
from okey.audio.synth import RATE, render

SHIPPED = Path(__file__).with_name("pack")


def write_wav(path: Path, samples: array[int]) -> None:
    """16-bit mono PCM at :data:`RATE` (little-endian, as WAV files are)."""
    data = array("h", samples)
    if sys.byteorder == "big":
        data.byteswap()
    with wave.open(str(path), "wb") as out:
        out.setnchannels(1)
        out.setsampwidth(2)
        out.setframerate(RATE)
        out.writeframes(data.tobytes())


def main(argv: list[str] | None = None) -> int:
    args = sys.argv[1:] if argv is None else argv
    folder = Path(args[0]) if args else SHIPPED
    folder.mkdir(parents=True, exist_ok=True)
    for cue in Cue:
        write_wav(folder / f"{cue.value}.wav", render(cue))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
