"""Windows, simulated: COM on one speech thread, each output on its own, NVDA and JAWS found.

``sys.platform`` is patched to win32 and pywin32's COM, NVDA's controller DLL
and ``win32gui`` are faked (tests/platform_fakes.py): the fakes refuse a COM
call from a thread that has not initialised COM, or from another thread than
the object's own, as COM does. accessible-output2's own output classes (NVDA,
JAWS, SAPI 5 and the others) run against them unchanged.
"""

from __future__ import annotations

import sys
import threading
from collections.abc import Iterator

import pytest
from platform_fakes import (
    ComError,
    ComObject,
    ComWorld,
    install_windows,
    library_modules_restored,
    me,
    no_reader,
    wait_until,
)
from speech_samples import EN

from okey.speech import Speaker, SpeechMode, make_speaker
from okey.speech import readers as reader_module
from okey.speech.com import com_apartment
from okey.speech.outputs import probe_system_output
from okey.speech.readers import UNNAMED, nvda_running, screen_reader, windows_screen_reader


@pytest.fixture(autouse=True)
def _library_modules() -> Iterator[None]:
    with library_modules_restored():
        yield


def speak_a_little(speaker: Speaker) -> None:
    speaker.event("event.your_turn")
    speaker.reply("speech.sounds_on")
    assert speaker.route  # asked on the game thread: answered without calling COM
    speaker.backlog()
    speaker.status()


def test_the_fake_refuses_com_from_a_thread_that_did_not_initialise_it(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    windows = install_windows(monkeypatch)
    with pytest.raises(ComError):
        windows.com.ensure_dispatch("SAPI.SPVoice")  # this thread never initialised COM
    made: list[object] = []

    def build() -> None:
        with com_apartment():
            made.append(windows.com.ensure_dispatch("SAPI.SPVoice"))

    worker = threading.Thread(target=build)
    worker.start()
    worker.join()
    voice = made[0]
    with pytest.raises(ComError):  # made in the worker's apartment, called from here
        voice.Speak("hello", 1)  # type: ignore[attr-defined]


def test_jaws_and_sapi_are_built_and_used_on_one_com_thread(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    windows = install_windows(monkeypatch, jaws_running=True)
    lines: list[str] = []
    speaker = make_speaker(
        SpeechMode.VOICE, printer=lines.append, reader_finder=no_reader, catalogue=EN
    )
    assert speaker.route == "JAWS"
    speak_a_little(speaker)
    jaws = next(made for made in windows.com.objects if made.progid == "FreedomSci.JawsApi")
    assert wait_until(lambda: len(jaws.said()) >= 3)
    speaker.close()

    worker = jaws.built_on
    assert worker != me()
    assert windows.com.threads_used() == {worker}  # JAWS, SAPI 5 and its voices: one thread
    assert windows.com.ever_initialised == [worker]  # COM initialised there, and only there
    assert windows.com.uninitialised == [worker]  # and released there once all was closed
    assert [text.strip() for text in jaws.said()][:2] == [
        "Your turn: draw from the middle or take the discard on your left.",
        "Sounds on.",
    ]
    assert lines[0].startswith("Your turn")  # no notice: speech was found


def test_nvda_speaks_through_its_controller_on_the_speech_thread(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    windows = install_windows(monkeypatch, nvda_running=True, jaws=False)
    speaker = make_speaker(
        SpeechMode.VOICE, printer=lambda _: None, reader_finder=no_reader, catalogue=EN
    )
    assert speaker.route == "NVDA"
    speak_a_little(speaker)
    assert wait_until(lambda: len(windows.nvda.said()) >= 3)
    speaker.close()
    threads = windows.nvda.threads()
    assert len(threads) == 1 and me() not in threads
    names = [name for name, _, _ in windows.nvda.calls]
    assert "cancelSpeech" in names  # the reply cut off the event
    assert windows.nvda.said()[:2] == [
        "Your turn: draw from the middle or take the discard on your left.",
        "Sounds on.",
    ]
    assert windows.com.threads_used() <= threads  # SAPI 5, built too, on the same thread


def test_an_x64_dll_on_arm64_and_a_broken_com_cache_leave_sapi_speaking(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    windows = install_windows(monkeypatch, nvda_running=True)
    windows.dll_error["nvdaControllerClient64.dll"] = OSError(
        "[WinError 193] %1 is not a valid Win32 application"
    )

    def vanished(world: ComWorld) -> ComObject:
        raise FileNotFoundError("the gen_py cache folder is gone")

    monkeypatch.setitem(windows.com.installed, "FreedomSci.JawsApi", vanished)
    probe = probe_system_output()  # accessible-output2's Auto would have kept nothing
    assert probe.output is None  # not on this thread: COM was never initialised here
    assert "SAPI 5: " in probe.diagnostics

    speaker = make_speaker(
        SpeechMode.VOICE, printer=lambda _: None, reader_finder=no_reader, catalogue=EN
    )
    assert speaker.route == "SAPI 5"
    speaker.event("event.your_turn")
    voice = next(made for made in windows.com.objects if made.progid == "SAPI.SPVoice")
    assert wait_until(lambda: bool(voice.said()))
    speaker.close()
    assert any("Your turn" in text for text in voice.said())


def test_without_pywin32_the_com_outputs_are_skipped_and_nvda_still_speaks(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The library's own package imports every Windows output: one that cannot be
    imported must not hide NVDA."""
    windows = install_windows(monkeypatch, nvda_running=True, pywin32=False)
    probe = probe_system_output()
    assert probe.output is not None
    assert probe.output.name == "NVDA"
    assert "JAWS: ModuleNotFoundError" in probe.diagnostics
    assert "SAPI 5: ModuleNotFoundError" in probe.diagnostics
    probe.output.speak("hello", interrupt=False)
    probe.output.close()
    assert windows.nvda.said() == ["hello"]


# -- finding a screen reader that reads the console --------------------------------------


class Controller:
    def __init__(self, answer: int | Exception) -> None:
        self.answer = answer

    def nvdaController_testIfRunning(self) -> int:
        if isinstance(self.answer, Exception):
            raise self.answer
        return self.answer


def windows_of(*classes: str) -> reader_module.WindowFinder:
    return lambda window_class, title: window_class in classes


def test_nvda_is_found_by_its_controller_else_by_its_window() -> None:
    assert nvda_running(lambda: Controller(0), windows_of())
    assert not nvda_running(lambda: Controller(1722), windows_of("wxWindowClassNR"))

    def arm64() -> Controller:
        raise OSError("[WinError 193] %1 is not a valid Win32 application")

    assert nvda_running(arm64, windows_of("wxWindowClassNR"))
    assert not nvda_running(arm64, windows_of())
    assert not nvda_running(lambda: Controller(RuntimeError("broken")), windows_of())


def test_windows_names_nvda_jaws_or_another_reader() -> None:
    stopped = lambda: Controller(1722)  # noqa: E731
    assert windows_screen_reader(lambda: Controller(0), windows_of(), lambda: False) == "NVDA"
    assert windows_screen_reader(stopped, windows_of("JFWUI2"), lambda: False) == "JAWS"
    assert windows_screen_reader(stopped, windows_of(), lambda: True) == UNNAMED  # Narrator
    assert windows_screen_reader(stopped, windows_of(), lambda: False) is None

    def broken() -> bool:
        raise OSError("no user32")

    assert windows_screen_reader(stopped, windows_of(), broken) is None


def test_auto_prints_only_while_nvda_reads_the_console(monkeypatch: pytest.MonkeyPatch) -> None:
    windows = install_windows(monkeypatch, nvda_running=True)
    monkeypatch.setattr(reader_module, "_find_window", windows.find_window)
    monkeypatch.setattr(reader_module, "_screen_reader_flag", lambda: True)
    assert screen_reader() == "NVDA"  # sys.platform is win32: the Windows checks run

    def no_lookup() -> None:
        raise AssertionError("no speech is looked for while NVDA reads the console")

    lines: list[str] = []
    speaker = make_speaker(
        SpeechMode.AUTO,
        printer=lines.append,
        verbosity="brief",
        output_factory=no_lookup,
        reader_finder=screen_reader,  # what make_speaker asks by default
        catalogue=EN,
    )
    speaker.event("event.your_turn")
    speaker.close()
    assert lines == ["NVDA reads the game; okey does not speak as well.", "Your turn."]
    assert not speaker.speaking
    assert windows.com.objects == []  # nothing was built

    windows.nvda.running = False
    assert screen_reader() == UNNAMED  # the flag Windows keeps for screen readers is set
    lines.clear()
    make_speaker(
        SpeechMode.AUTO,
        printer=lines.append,
        verbosity="brief",
        reader_finder=screen_reader,
        catalogue=EN,
    ).close()
    assert lines == ["A screen reader reads the game; okey does not speak as well."]


def test_the_platform_decides_which_checks_run(monkeypatch: pytest.MonkeyPatch) -> None:
    asked: list[str] = []

    def check(platform: str, answer: object) -> object:
        def checked() -> object:
            asked.append(platform)
            return answer

        return checked

    monkeypatch.setattr(reader_module, "windows_screen_reader", check("win", None))
    monkeypatch.setattr(reader_module, "voiceover_running", check("mac", True))
    monkeypatch.setattr(reader_module, "terminal_screen_reader", check("linux", None))
    assert screen_reader("win32") is None
    assert screen_reader("darwin") == "VoiceOver"
    assert screen_reader("linux") is None
    assert asked == ["win", "mac", "linux"]
    assert sys.platform != "win32"  # patched only inside the tests that fake Windows
