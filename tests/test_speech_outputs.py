"""Finding speech: each output built on its own, the real library and faked parts (Linux)."""

from __future__ import annotations

import sys
import types
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest
from speech_samples import EN
from speech_support import FakeAuto

from okey.speech import Ao2Output, Speaker, SpeechMode, make_speaker, probe_system_output
from okey.speech.outputs import NoActiveOutputError
from okey.speech.routes import build_outputs, connect_speech_dispatcher, on_server_start

SPEECHD_VARIABLES = ("SPEECHD_ADDRESS", "SPEECHD_SOCKET", "SPEECHD_HOST", "SPEECHD_PORT")


@dataclass
class FakeAo2:
    """One accessible-output2 output."""

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
        if self.broken:
            raise RuntimeError("already gone")


def test_ao2_output_speaks_through_the_first_active_output() -> None:
    broken = FakeAo2("Broken", broken=True)
    asleep = FakeAo2("Asleep", active=False)
    awake = FakeAo2("Awake")
    output = Ao2Output([broken, asleep, awake])
    assert output.name == "Awake"
    output.speak("hello", interrupt=False)
    output.speak("stop", interrupt=True)
    assert awake.spoken == [("hello", False), ("stop", True)]
    assert Ao2Output(FakeAuto([broken, asleep])).name == ""  # an Auto's outputs do as well


def test_ao2_output_follows_the_reader_that_starts_and_stops() -> None:
    reader, system = FakeAo2("NVDA", active=False), FakeAo2("sapi5")
    output = Ao2Output([reader, system])
    assert output.name == "SAPI 5"
    reader.active = True  # NVDA started during the game
    output.speak("one", interrupt=False)
    assert (output.name, reader.spoken) == ("NVDA", [("one", False)])


def test_ao2_output_closes_every_output_once() -> None:
    outputs = [FakeAo2("A", broken=True), FakeAo2("B")]
    output = Ao2Output(outputs)
    output.close()
    output.close()
    assert [o.closed for o in outputs] == [1, 1]


def test_no_active_output_any_more_is_speech_lost_once() -> None:
    reader = FakeAo2("NVDA")
    lines: list[str] = []
    speaker = Speaker(SpeechMode.AUTO, Ao2Output([reader]), printer=lines.append, catalogue=EN)
    speaker.event_text("one")
    reader.active = False  # the screen reader was closed, and nothing else speaks
    with pytest.raises(NoActiveOutputError):
        Ao2Output([reader]).speak("x", interrupt=False)
    speaker.event_text("two")
    speaker.event_text("three")
    assert lines == ["one", "two", "Speech stopped working; printing only.", "three"]
    assert reader.spoken == [("one", False)]


# -- building the outputs of Linux, one by one ---------------------------------------------


class FakeClient:
    def __init__(self, name: str, **options: Any) -> None:
        self.name, self.options = name, options

    def close(self) -> None:
        pass


def fake_speechd(*, refuses: int = 0, error: type[Exception] | None = None) -> Any:
    """A ``speechd`` module: the first ``refuses`` clients find no server; ``error``
    is raised by every client."""
    module: Any = types.ModuleType("speechd")

    class SSIPCommunicationError(Exception):
        pass

    made: list[dict[str, Any]] = []

    def client(name: str, **options: Any) -> FakeClient:
        made.append(options)
        if error is not None:
            raise error("the cache folder vanished")
        if len(made) <= refuses:
            raise SSIPCommunicationError("Can't open socket using method unix_socket")
        return FakeClient(name, **options)

    module.SSIPClient = client
    module.SSIPCommunicationError = SSIPCommunicationError
    module.made = made
    return module


def without_espeak(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "espeak", None)
    monkeypatch.setitem(sys.modules, "espeak.core", None)


def test_without_speechd_or_espeak_there_is_no_speech_and_nothing_printed(
    monkeypatch: pytest.MonkeyPatch, capfd: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setitem(sys.modules, "speechd", None)
    without_espeak(monkeypatch)
    probe = probe_system_output("linux")
    assert probe.output is None
    assert "speech-dispatcher: ModuleNotFoundError" in probe.diagnostics
    assert "espeak: ModuleNotFoundError" in probe.diagnostics
    assert capfd.readouterr() == ("", "")  # the library's "Cannot find ..." is never printed


def test_a_connected_speech_dispatcher_is_kept(monkeypatch: pytest.MonkeyPatch) -> None:
    speechd = fake_speechd()
    monkeypatch.setitem(sys.modules, "speechd", speechd)
    without_espeak(monkeypatch)
    probe = probe_system_output("linux")
    assert probe.output is not None
    assert probe.output.name == "Linux Speech Dispatcher"
    assert speechd.made == [{"autospawn": False}]  # a running server: nothing started
    assert "espeak" in probe.diagnostics
    probe.output.close()


def test_one_output_failing_in_any_way_leaves_the_others(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "speechd", fake_speechd(error=FileNotFoundError))
    core: Any = types.ModuleType("espeak.core")
    package: Any = types.ModuleType("espeak")
    package.core = core
    monkeypatch.setitem(sys.modules, "espeak", package)
    monkeypatch.setitem(sys.modules, "espeak.core", core)
    built = build_outputs("linux")
    assert [output.name for output in built.outputs] == ["Linux ESpeak"]
    assert built.failures == ["speech-dispatcher: FileNotFoundError: the cache folder vanished"]


def test_a_server_is_started_only_when_none_runs_and_the_thread_is_told_first() -> None:
    speechd = fake_speechd(refuses=1)
    told: list[int] = []
    on_server_start(lambda: told.append(len(speechd.made)))
    try:
        client = connect_speech_dispatcher(speechd)
    finally:
        on_server_start(None)
    assert isinstance(client, FakeClient)
    assert speechd.made == [{"autospawn": False}, {}]  # then speechd's own autospawn
    assert told == [1]


@pytest.mark.skipif(sys.platform != "linux", reason="the no-route case is staged on Linux")
def test_real_library_without_speech_dispatcher_is_quiet_and_says_so_once(
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
    speaker = make_speaker(SpeechMode.AUTO, printer=lines.append, verbosity="brief", catalogue=EN)
    speaker.event("event.your_turn")
    speaker.close()
    assert lines == ["No speech found; printing only.", "Your turn."]
    assert not speaker.speaking
    assert capfd.readouterr() == ("", "")
