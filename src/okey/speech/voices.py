"""A voice of the game's language for the system speech of macOS and Windows.

speech-dispatcher is asked for a language (``dispatcher.ask_language``); the others
are chosen a voice here, on the speech thread, when the game speaks another language
than English (English keeps the voice the player chose for the whole system):

- macOS's ``say`` lists its voices with ``say -v '?'``, one a line: the name (which
  may hold spaces and brackets), the locale (``tr_TR``), then ``#`` and a sample
  sentence. The first voice whose locale is the language's is passed as ``say -v``.
- SAPI 5 voices carry a ``Language`` attribute: Windows language ids in hexadecimal,
  separated by ``;`` (``41F`` is Turkish, Turkey); the low ten bits are the language
  itself (``0x1F``, Turkish), whatever its country. The first such voice becomes the
  output's ``Voice``.

Where no voice of the language is installed the default voice speaks, and the probe's
diagnostics say so (docs/speech.md tells how to add one).
"""

from __future__ import annotations

import re
import subprocess
from collections.abc import Callable, Sequence
from typing import Any, Final

from okey.messages import DEFAULT_LANGUAGE

LIST_VOICES: Final = ("say", "-v", "?")
LIST_TIMEOUT: Final = 2.0  # say lists its voices in a fraction of a second

# The primary language ids of Windows (the low ten bits of a LANGID).
WINDOWS_LANGUAGES: Final = {"en": 0x09, "tr": 0x1F}

_SAY_LINE = re.compile(r"^(?P<name>\S.*?)\s+(?P<locale>[a-z]{2,3}(?:[_-][A-Za-z0-9]+)*)\s+#")

Runner = Callable[[Sequence[str]], str]
"""Runs a command and gives its standard output (``say -v '?'``; a test's fake)."""


def _run(command: Sequence[str]) -> str:
    done = subprocess.run(
        list(command),
        capture_output=True,
        timeout=LIST_TIMEOUT,
        check=False,
        stdin=subprocess.DEVNULL,
    )
    return done.stdout.decode("utf-8", errors="replace")


def say_voices(listing: str) -> list[tuple[str, str]]:
    """The (name, locale) of each voice in the output of ``say -v '?'``."""
    voices: list[tuple[str, str]] = []
    for line in listing.splitlines():
        found = _SAY_LINE.match(line)
        if found:
            voices.append((found["name"], found["locale"]))
    return voices


def speaks(locale: str, language: str) -> bool:
    """Whether a locale (``tr_TR``, ``tr-TR``, ``tr``) is of ``language`` (``tr``)."""
    return re.split(r"[_-]", locale, maxsplit=1)[0].lower() == language.lower()


def say_voice(language: str, run: Runner | None = None) -> str | None:
    """The name of an installed ``say`` voice of ``language``; None for English (the
    system's own voice speaks), when there is none, or when ``say`` cannot list them."""
    if language == DEFAULT_LANGUAGE:
        return None
    try:
        listing = (run or _run)(LIST_VOICES)
    except (OSError, subprocess.SubprocessError):
        return None
    return next((name for name, locale in say_voices(listing) if speaks(locale, language)), None)


def windows_language_ids(attribute: str) -> list[int]:
    """The language ids of a SAPI voice's ``Language`` attribute (``"41F;409"``)."""
    ids: list[int] = []
    for part in attribute.split(";"):
        try:
            ids.append(int(part.strip(), 16))
        except ValueError:
            continue
    return ids


def choose_sapi_voice(output: Any, language: str) -> str | None:
    """Make a SAPI 5 output (accessible-output2's, built on this thread) speak with a
    voice of ``language``; its description, or None when there is none (the default
    voice speaks on) or the language is English (the system's voice is kept)."""
    wanted = WINDOWS_LANGUAGES.get(language)
    if language == DEFAULT_LANGUAGE or wanted is None:
        return None
    voice = output.object
    for token in voice.GetVoices():
        try:
            ids = windows_language_ids(str(token.GetAttribute("Language")))
        except Exception:  # a voice without the attribute: not ours to choose
            continue
        if any(found & 0x3FF == wanted for found in ids):
            voice.Voice = token
            # SAPI does not move the audio to a new voice by itself (as the library's
            # own set_voice does it).
            voice.AudioOutput = voice.AudioOutput
            return str(token.GetDescription())
    return None
