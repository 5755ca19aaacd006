"""Finding speech quietly: accessible-output2's Auto, real and faked."""

from __future__ import annotations

import sys
from dataclasses import dataclass, field
from pathlib import Path

import pytest
from speech_support import FakeAuto

from okey.speech import Ao2Output, SpeechMode, make_speaker, probe_system_output

SPEECHD_VARIABLES = ("SPEECHD_ADDRESS", "SPEECHD_SOCKET", "SPEECHD_HOST", "SPEECHD_PORT")


@dataclass
class FakeAo2:
    """One accessible-output2 output, chatty like the real ones."""

    name: str
    active: bool = True
    spoken: list[tuple[str, bool]] = field(default_factory=list)
    closed: int = 0
    broken: bool = False

    def is_active(self) -> bool:
        if self.broken:
            raise RuntimeError("DLL not found")
        return self.active

    def speak(self, text: str, interrupt: bool = False) -> None:
        self.spoken.append((text, interrupt))

    def close(self) -> None:
        self.closed += 1
        print("closing noise")
        if self.broken:
            raise RuntimeError("already gone")


def test_ao2_output_speaks_through_the_first_active_output() -> None:
    broken = FakeAo2("Broken", broken=True)
    asleep = FakeAo2("Asleep", active=False)
    awake = FakeAo2("Awake")
    output = Ao2Output(FakeAuto([asleep, awake]))
    assert output.name == "Awake"
    output.speak("hello", interrupt=False)
    output.speak("stop", interrupt=True)
    assert awake.spoken == [("hello", False), ("stop", True)]
    assert Ao2Output(FakeAuto([broken, asleep])).name == ""


def test_ao2_output_closes_every_output_once_quietly(capfd: pytest.CaptureFixture[str]) -> None:
    outputs = [FakeAo2("A", broken=True), FakeAo2("B")]
    output = Ao2Output(FakeAuto(outputs))
    output.close()
    output.close()
    assert [o.closed for o in outputs] == [1, 1]
    assert capfd.readouterr() == ("", "")


def test_probe_keeps_auto_when_an_output_works(
    monkeypatch: pytest.MonkeyPatch, capfd: pytest.CaptureFixture[str]
) -> None:
    import accessible_output2.outputs.auto as auto_module

    def chatty_auto() -> FakeAuto:
        print("Cannot find espeak.core. Please install python-espeak or python3-espeak.")
        return FakeAuto([FakeAo2("Linux ESpeak", active=False), FakeAo2("Fake Speechd")])

    monkeypatch.setattr(auto_module, "Auto", chatty_auto)
    probe = probe_system_output()
    assert probe.output is not None
    assert probe.output.name == "Fake Speechd"
    assert "Cannot find espeak.core" in probe.diagnostics
    assert capfd.readouterr() == ("", "")


def test_probe_finds_nothing_when_no_output_is_active(
    monkeypatch: pytest.MonkeyPatch, capfd: pytest.CaptureFixture[str]
) -> None:
    import accessible_output2.outputs.auto as auto_module

    outputs = [FakeAo2("Linux Speech Dispatcher", active=False)]
    monkeypatch.setattr(auto_module, "Auto", lambda: FakeAuto(outputs))
    assert probe_system_output().output is None
    assert outputs[0].closed == 1
    assert capfd.readouterr() == ("", "")


def test_probe_survives_auto_raising(
    monkeypatch: pytest.MonkeyPatch, capfd: pytest.CaptureFixture[str]
) -> None:
    import accessible_output2.outputs.auto as auto_module

    def failing_auto() -> FakeAuto:
        print("noise before failing", file=sys.stderr)
        raise ImportError("No module named 'appscript'")

    monkeypatch.setattr(auto_module, "Auto", failing_auto)
    probe = probe_system_output()
    assert probe.output is None
    assert "appscript" in probe.diagnostics
    assert "noise before failing" in probe.diagnostics
    assert capfd.readouterr() == ("", "")


@pytest.mark.skipif(sys.platform != "linux", reason="the no-route case is staged on Linux")
def test_real_auto_without_speech_dispatcher_is_quiet_and_says_so_once(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path, capfd: pytest.CaptureFixture[str]
) -> None:
    """The real library, with speech-dispatcher out of reach: no noise, one plain notice."""
    runtime = tmp_path / "run"
    runtime.mkdir(mode=0o700)
    monkeypatch.setenv("HOME", str(tmp_path))
    monkeypatch.setenv("XDG_RUNTIME_DIR", str(runtime))
    monkeypatch.setenv("SPEECHD_CMD", str(tmp_path / "no-speech-dispatcher"))
    for name in SPEECHD_VARIABLES:
        monkeypatch.delenv(name, raising=False)
    lines: list[str] = []
    speaker = make_speaker(SpeechMode.AUTO, printer=lines.append, verbosity="brief")
    speaker.event("event.your_turn")
    speaker.close()
    assert lines == ["No speech found; printing only.", "Your turn."]
    assert not speaker.speaking
    assert capfd.readouterr() == ("", "")
