# ruff: noqa: RUF001  (Turkish text has a dotless i, which is no confusable here)
"""The Windows and macOS fakes are faithful where the libraries look, pywin32's first use
of a COM class does not make working speech "not answer", and system speech speaks the
game's language (SAPI 5's voice, ``say -v``).

See tests/platform_fakes.py for what is faked and how; docs/speech.md for what was
tested for real and what only here.
"""

from __future__ import annotations

import importlib
import re
import sys
import threading
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
from platform_fakes import (
    SAY_VOICES,
    TURKISH_VOICES,
    SpVoice,
    install_macos,
    install_windows,
    library_modules_restored,
    me,
    wait_until,
)
from speech_samples import EN

from okey.speech import SpeechMode, make_speaker
from okey.speech.background import open_background_output
from okey.speech.outputs import probe_system_output
from okey.speech.say import COMMAND
from okey.speech.utterance import Message
from okey.speech.voices import say_voice, say_voices, speaks, windows_language_ids

# Every way the speech libraries ask which system they run on, and what the fakes answer.
ANSWERED = {
    "platform.system(": "pretend_platform",
    "platform.architecture(": "pretend_platform",
    "platform.machine(": "pretend_platform",
    "sys.platform": "pretend_platform (okey's own code)",
    "struct.calcsize": "the real one: 64-bit here as on a 64-bit Windows or Mac",
}
ASKING = re.compile(
    r"platform\.[a-z_0-9]+\(|sys\.platform|os\.name|sys\.getwindowsversion|struct\.calcsize"
)
LIBRARIES = ("accessible_output2", "libloader", "platform_utils")


@pytest.fixture(autouse=True)
def _library_modules() -> Iterator[None]:
    with library_modules_restored():
        yield


def test_the_libraries_ask_only_what_the_fakes_answer() -> None:
    """A new version of a library that checks its platform another way fails here, so
    that the fakes learn it before they run its code on the wrong branch."""
    asked: dict[str, set[str]] = {}
    for name in LIBRARIES:
        folder = Path(importlib.import_module(name).__file__ or "").parent
        for source in folder.rglob("*.py"):
            for found in ASKING.findall(source.read_text(encoding="utf-8", errors="replace")):
                asked.setdefault(found, set()).add(f"{name}/{source.name}")
    assert "platform.system(" in asked  # the scan reads the real sources
    unanswered = {how: where for how, where in asked.items() if how not in ANSWERED}
    assert unanswered == {}


def test_the_fake_windows_runs_the_librarys_own_windows_start_up(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    install_windows(monkeypatch)
    import platform

    assert (sys.platform, platform.system(), platform.machine()) == ("win32", "Windows", "AMD64")
    package = importlib.import_module("accessible_output2.outputs")
    for output in ("nvda", "jaws", "sapi5", "window_eyes", "zdsr"):  # its Windows branch
        assert hasattr(package, output), output
    assert not hasattr(package, "speech_dispatcher")
    com = importlib.import_module("libloader.com")
    assert com.load_com.__name__ == "_load_com"  # the library's gen_py-mending wrapper
    assert not package.nvda.NVDA().is_32bit  # platform.architecture(): the 64-bit DLL


def test_the_fake_mac_runs_the_librarys_own_mac_start_up(monkeypatch: pytest.MonkeyPatch) -> None:
    install_macos(monkeypatch)
    package = importlib.import_module("accessible_output2.outputs")
    assert hasattr(package, "voiceover")
    assert not hasattr(package, "speech_dispatcher") and not hasattr(package, "nvda")


# -- pywin32's first use of SAPI 5 and JAWS ------------------------------------------------


def let_go_after(windows_gate: threading.Event, started: float, seconds: float) -> None:
    """Let the generation end once the probe's short limit has surely passed."""

    def release() -> None:
        wait_until(lambda: time.monotonic() > started + seconds)
        windows_gate.set()

    threading.Thread(target=release, daemon=True).start()


def test_generating_the_wrappers_on_first_use_gets_the_longer_limit(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    windows = install_windows(monkeypatch, first_use=True, jaws=False)
    started = time.monotonic()
    let_go_after(windows.com.gate, started, 0.5)
    probe = open_background_output(0.2, start_timeout=30.0)  # 0.2 s: shorter than it takes
    assert time.monotonic() - started >= 0.5
    assert probe.output is not None and probe.notices == ()
    probe.output.speak("hello", interrupt=False)
    voice = next(made for made in windows.com.objects if isinstance(made, SpVoice))
    assert wait_until(lambda: any("hello" in said for said in voice.said()))
    probe.output.close()
    [(generated, thread)] = windows.com.generations
    assert generated == "SAPI.SPVoice" and thread != me()


def test_speech_still_being_set_up_is_not_said_to_have_failed(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    windows = install_windows(monkeypatch, first_use=True, jaws=False)
    lines: list[str] = []
    speaker = make_speaker(
        SpeechMode.AUTO,
        printer=lines.append,
        output_factory=lambda: open_background_output(0.05, start_timeout=0.2),
        reader_finder=lambda: None,
        catalogue=EN,
    )
    speaker.event("event.your_turn")
    speaker.close()
    windows.com.gate.set()
    assert lines[0] == EN.text("speech.first_use")
    assert not any("did not answer" in line for line in lines)
    assert not speaker.speaking


def test_wrappers_made_before_mean_the_usual_limit(monkeypatch: pytest.MonkeyPatch) -> None:
    windows = install_windows(monkeypatch, first_use=False)
    probe = open_background_output(2.0, start_timeout=30.0)
    assert probe.output is not None
    probe.output.close()
    assert windows.com.generations == []


def test_a_stuck_generation_still_ends_in_one_notice(monkeypatch: pytest.MonkeyPatch) -> None:
    windows = install_windows(monkeypatch, first_use=True)
    probe = open_background_output(0.05, start_timeout=0.3)
    assert probe.output is None
    assert probe.notices == (Message.of("speech.first_use"),)
    windows.com.gate.set()


# -- the game's language for system speech --------------------------------------------------


def sapi_voice(windows_objects: list[object]) -> SpVoice:
    return next(made for made in windows_objects if isinstance(made, SpVoice))


def test_sapi_speaks_turkish_with_a_turkish_voice(monkeypatch: pytest.MonkeyPatch) -> None:
    windows = install_windows(monkeypatch, jaws=False)
    windows.com.voices.append(("Microsoft Tolga Desktop", "41F"))
    probe = open_background_output(5.0, language="tr")
    assert probe.output is not None
    probe.output.close()
    voice = sapi_voice(list(windows.com.objects))
    assert voice.Voice is not None and voice.Voice.description == "Microsoft Tolga Desktop"


def test_sapi_keeps_the_players_voice_in_english_or_without_a_turkish_one(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    windows = install_windows(monkeypatch, jaws=False)
    windows.com.voices.append(("Microsoft Tolga Desktop", "41F"))
    probe = open_background_output(5.0)
    assert probe.output is not None
    probe.output.close()
    assert sapi_voice(list(windows.com.objects)).Voice is None

    windows = install_windows(monkeypatch, jaws=False)
    probe = open_background_output(5.0, language="tr")
    assert probe.output is not None  # the default voice speaks on
    assert "SAPI 5: no voice of tr" in probe.diagnostics
    probe.output.close()


def test_say_speaks_turkish_with_a_turkish_voice(monkeypatch: pytest.MonkeyPatch) -> None:
    mac = install_macos(monkeypatch, voiceover_running=False)
    mac.voices = SAY_VOICES + TURKISH_VOICES
    probe = probe_system_output(language="tr")
    assert probe.output is not None and probe.output.name == "say"
    probe.output.speak("Sıra sende.", interrupt=False)
    assert mac.say.wait_started(1)
    probe.output.close()
    assert mac.say.processes[0].command == ["say", "-v", "Eddy (Turkish (Türkiye))", "-f", "-"]
    assert mac.listed == [("say", "-v", "?")]


def test_say_keeps_the_system_voice_in_english_or_without_a_turkish_one(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    mac = install_macos(monkeypatch, voiceover_running=False)
    probe = probe_system_output()
    assert probe.output is not None
    probe.output.speak("Your turn.", interrupt=False)
    assert mac.say.wait_started(1)
    probe.output.close()
    assert mac.say.processes[0].command == list(COMMAND)
    assert mac.listed == []  # English: the voices are not even listed

    mac = install_macos(monkeypatch, voiceover_running=False)
    probe = probe_system_output(language="tr")
    assert probe.output is not None
    assert "say: no voice of tr" in probe.diagnostics
    probe.output.close()


def test_say_voices_are_read_from_its_listing() -> None:
    voices = say_voices(SAY_VOICES + TURKISH_VOICES + "a line of something else\n")
    assert voices[1] == ("Eddy (English (US))", "en_US")
    assert voices[-2:] == [("Eddy (Turkish (Türkiye))", "tr_TR"), ("Yelda", "tr_TR")]
    assert len(voices) == 6
    assert speaks("tr_TR", "tr") and speaks("tr-TR", "TR") and not speaks("fr_CA", "tr")
    assert say_voice("tr", lambda command: TURKISH_VOICES) == "Eddy (Turkish (Türkiye))"
    assert say_voice("tr", lambda command: SAY_VOICES) is None

    def missing(command: object) -> str:
        raise FileNotFoundError("say")

    assert say_voice("tr", missing) is None


def test_windows_language_ids_are_read_from_the_attribute() -> None:
    assert windows_language_ids("41F;409") == [0x41F, 0x409]
    assert windows_language_ids("junk; 41f") == [0x41F]
