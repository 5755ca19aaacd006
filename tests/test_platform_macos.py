"""macOS, simulated: VoiceOver through AppleScript when it allows it, ``say`` otherwise.

``sys.platform`` is patched to darwin; ``appscript`` (VoiceOver's AppleScript
dictionary) and the ``say`` processes are faked (tests/platform_fakes.py).
accessible-output2's own VoiceOver output runs against the fake unchanged.
"""

from __future__ import annotations

import subprocess
from collections.abc import Iterator
from typing import Any

import pytest
from platform_fakes import (
    FakeSay,
    install_macos,
    library_modules_restored,
    me,
    no_reader,
    wait_until,
)
from speech_samples import EN

from okey.speech import SpeechMode, make_speaker
from okey.speech import readers as reader_module
from okey.speech.readers import screen_reader, voiceover_running
from okey.speech.say import COMMAND, SayVoice

REFUSED = (
    "VoiceOver refuses okey, so okey speaks with say. To use VoiceOver, turn on "
    "Allow VoiceOver to be controlled with AppleScript."
)


@pytest.fixture(autouse=True)
def _library_modules() -> Iterator[None]:
    with library_modules_restored():
        yield


def test_voiceover_that_allows_applescript_speaks_on_the_speech_thread(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    mac = install_macos(monkeypatch)
    lines: list[str] = []
    speaker = make_speaker(
        SpeechMode.VOICE,
        printer=lines.append,
        verbosity="brief",
        reader_finder=no_reader,
        catalogue=EN,
    )
    assert speaker.route == "VoiceOver"
    speaker.event("event.your_turn")
    assert wait_until(lambda: bool(mac.voiceover.said()))
    speaker.close()
    assert mac.voiceover.said() == ["Your turn."]
    assert lines == ["Your turn."]  # no notice
    threads = mac.voiceover.threads()
    assert len(threads) == 1 and me() not in threads  # built, checked and spoken to there
    assert mac.say.processes == []


def test_voiceover_refusing_applescript_falls_back_to_say_and_names_the_setting(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    mac = install_macos(monkeypatch, allows_applescript=False)
    lines: list[str] = []
    speaker = make_speaker(
        SpeechMode.VOICE,
        printer=lines.append,
        verbosity="brief",
        reader_finder=no_reader,
        catalogue=EN,
    )
    assert speaker.route == "say"
    speaker.event("event.your_turn")
    assert wait_until(lambda: len(mac.say.heard()) == 2)
    assert speaker.wait_quiet(10.0)
    speaker.close()
    assert lines == [REFUSED, "Your turn."]
    assert mac.say.heard() == [REFUSED, "Your turn."]  # the notice is spoken too
    assert all(process.command == list(COMMAND) for process in mac.say.processes)
    assert mac.voiceover.said() == []


def test_detailed_notice_names_the_utility_and_the_permission(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    install_macos(monkeypatch, allows_applescript=False)
    lines: list[str] = []
    make_speaker(
        SpeechMode.VOICE, printer=lines.append, reader_finder=no_reader, catalogue=EN
    ).close()
    assert "VoiceOver Utility, General" in lines[0]
    assert "Allow VoiceOver to be controlled with AppleScript" in lines[0]
    assert "may control VoiceOver" in lines[0]


def test_without_voiceover_or_appscript_say_speaks(monkeypatch: pytest.MonkeyPatch) -> None:
    for options in ({"voiceover_running": False}, {"appscript": False}):
        mac = install_macos(monkeypatch, **options)
        lines: list[str] = []
        speaker = make_speaker(
            SpeechMode.AUTO,
            printer=lines.append,
            verbosity="brief",
            reader_finder=no_reader,
            catalogue=EN,
        )
        assert speaker.route == "say"
        speaker.event("event.your_turn")
        assert wait_until(lambda mac=mac: mac.say.heard() == ["Your turn."])  # type: ignore[misc]
        speaker.close()
        assert lines == ["Your turn."]


def test_auto_prints_only_while_voiceover_reads_the_terminal(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    mac = install_macos(monkeypatch)
    monkeypatch.setattr(reader_module, "voiceover_running", lambda: True)
    lines: list[str] = []
    speaker = make_speaker(
        SpeechMode.AUTO,
        printer=lines.append,
        verbosity="brief",
        reader_finder=screen_reader,
        catalogue=EN,
    )
    speaker.event("event.your_turn")
    speaker.close()
    assert lines == ["VoiceOver reads the game; okey does not speak as well.", "Your turn."]
    assert mac.voiceover.calls == [] and mac.say.processes == []


def test_voiceover_is_found_by_its_process() -> None:
    asked: list[list[str]] = []

    def pgrep(code: int) -> Any:
        def run(command: list[str], **options: Any) -> subprocess.CompletedProcess[bytes]:
            asked.append(command)
            return subprocess.CompletedProcess(command, code)

        return run

    def missing(command: list[str], **options: Any) -> Any:
        raise FileNotFoundError("pgrep")

    assert voiceover_running(pgrep(0))
    assert not voiceover_running(pgrep(1))
    assert not voiceover_running(missing)
    assert asked[0] == ["pgrep", "-x", "VoiceOver"]


# -- say --------------------------------------------------------------------------------


def test_say_queues_messages_and_an_interrupt_cuts_the_one_speaking() -> None:
    say = FakeSay(instant=False)
    voice = SayVoice(start=say)
    voice.speak("-n first, which is not an option", interrupt=False)
    voice.speak("second", interrupt=False)
    assert say.wait_started(1)
    assert wait_until(lambda: say.processes[0].heard != "")
    assert voice.busy()
    assert not voice.wait_quiet(0.01)
    voice.speak("answer", interrupt=True)  # ends "first", drops "second"
    assert say.processes[0].ended
    assert say.wait_started(2)
    assert wait_until(lambda: say.processes[1].heard == "answer")
    say.processes[1].release.set()
    assert voice.wait_quiet(10.0)
    assert not voice.busy()
    voice.close()
    assert say.heard() == ["-n first, which is not an option", "answer"]
    assert all(process.command == ["say", "-f", "-"] for process in say.processes)


def test_say_closes_cleanly_while_speaking() -> None:
    say = FakeSay(instant=False)
    voice = SayVoice(start=say)
    voice.speak("a long story", interrupt=False)
    assert say.wait_started(1)
    voice.close()
    assert say.processes[0].ended
    assert not voice.is_active()
    voice.speak("after closing", interrupt=False)  # ignored
    assert len(say.processes) == 1


def test_say_that_cannot_start_stops_speaking() -> None:
    def missing(command: list[str], **options: Any) -> Any:
        raise FileNotFoundError("say")

    voice = SayVoice(start=missing)
    voice.speak("hello", interrupt=False)
    assert wait_until(lambda: not voice.is_active())
    assert voice.wait_quiet(1.0)
    voice.close()
