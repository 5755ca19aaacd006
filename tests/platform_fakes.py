# ruff: noqa: RUF001  (Turkish text has a dotless i, which is no confusable here)
"""Windows and macOS as the speech layer meets them, faked for a Linux test run.

There is no Windows or macOS machine here, so their speech routes run against
fakes of the platform modules that behave as the real ones do where it
matters, and record which thread built and used each object:

- COM (pywin32: ``pythoncom``, ``pywintypes``, ``win32com.client.gencache``):
  a thread must call ``CoInitialize(Ex)`` before it creates or calls a COM
  object, or it gets ``CO_E_NOTINITIALIZED``; an object made in one thread's
  (single-threaded) apartment and called from another gives
  ``RPC_E_WRONG_THREAD``. JAWS (``FreedomSci.JawsApi``) and SAPI 5
  (``SAPI.SPVoice``) are such objects; ``win32gui.FindWindow`` finds JAWS's
  window when it runs.
- NVDA's controller client DLL (``nvdaControllerClient64.dll``):
  ``nvdaController_testIfRunning`` answers 0 when NVDA runs, an RPC error
  code otherwise; ``speakText`` and ``cancelSpeech``.
- ``appscript`` (macOS): ``app("voiceover")``, whose ``output`` fails with
  a CommandError when "Allow VoiceOver to be controlled with AppleScript" is off.
- ``say``: a process fed the words on standard input; ``say -v '?'`` lists voices.

What each library asks to know its platform is patched together: okey's own code
reads ``sys.platform``; accessible-output2 (which outputs its package imports, 32 or
64-bit DLLs), libloader and platform_utils call ``platform.system()``,
``platform.architecture()`` and ``platform.machine()`` (``pretend_platform``;
tests/test_platform_fakes.py checks that the libraries ask nothing else). Python's own
pointer size (``struct.calcsize("P")``, libloader) cannot be faked: it is 64-bit here,
as on a 64-bit Windows or Mac.

pywin32 generates Python wrappers for a COM class's type library the first time
``EnsureDispatch`` meets it (``gencache``); ``ComWorld.generated`` holds the classes
whose wrappers exist, and ``gate`` holds a generation back until the test lets it go.
"""

from __future__ import annotations

import contextlib
import sys
import threading
import time
import types
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from typing import Any

import pytest

CO_E_NOTINITIALIZED = -2147221008
RPC_E_WRONG_THREAD = -2147417842
REGDB_E_CLASSNOTREG = -2147221164
RPC_S_SERVER_UNAVAILABLE = 1722


class ComError(Exception):
    """pywintypes.com_error: (hresult, text, excepinfo, argerror)."""


def me() -> int:
    return threading.get_ident()


def pretend_platform(
    monkeypatch: pytest.MonkeyPatch,
    platform_name: str,
    system: str,
    machine: str,
    architecture: tuple[str, str],
) -> None:
    """Make this process look like another system to okey and to the speech libraries."""
    import platform

    monkeypatch.setattr(sys, "platform", platform_name)
    monkeypatch.setattr(platform, "system", lambda: system)
    monkeypatch.setattr(platform, "machine", lambda: machine)
    monkeypatch.setattr(platform, "architecture", lambda *args, **kwargs: architecture)


@dataclass
class ComWorld:
    """COM on one fake Windows machine: which threads initialised it, and its objects."""

    installed: dict[str, Callable[[ComWorld], ComObject]] = field(default_factory=dict)
    voices: list[tuple[str, str]] = field(
        default_factory=lambda: [("Microsoft Zira Desktop", "409")]
    )  # SAPI 5's voices: description, Language attribute
    generated: set[str] = field(default_factory=set)  # classes with pywin32 wrappers
    generations: list[tuple[str, int]] = field(default_factory=list)
    generating: threading.Event = field(default_factory=threading.Event)
    gate: threading.Event = field(default_factory=threading.Event)
    initialised: dict[int, int] = field(default_factory=dict)  # thread -> CoInitialize count
    ever_initialised: list[int] = field(default_factory=list)
    uninitialised: list[int] = field(default_factory=list)
    objects: list[ComObject] = field(default_factory=list)
    jaws_running: bool = False

    # pythoncom

    def co_initialize_ex(self, flags: int = 0) -> None:
        del flags
        self.initialised[me()] = self.initialised.get(me(), 0) + 1
        self.ever_initialised.append(me())

    def co_uninitialize(self) -> None:
        self.initialised[me()] -= 1
        self.uninitialised.append(me())

    def require(self) -> None:
        if not self.initialised.get(me()):
            raise ComError(CO_E_NOTINITIALIZED, "CoInitialize has not been called.", None, None)

    # win32com.client.gencache

    def ensure_dispatch(self, progid: str) -> ComObject:
        self.require()
        make = self.installed.get(progid)
        if make is None:
            raise ComError(REGDB_E_CLASSNOTREG, "Class not registered", None, None)
        if progid not in self.generated:  # first use: makepy writes and compiles wrappers
            self.generations.append((progid, me()))
            self.generating.set()
            self.gate.wait(30.0)
            self.generated.add(progid)
        made = make(self)
        self.objects.append(made)
        return made

    # pywintypes.IID and gencache.GetModuleForCLSID

    def iid(self, progid: str) -> str:
        if progid not in self.installed:
            raise ComError(REGDB_E_CLASSNOTREG, "Invalid class string", None, None)
        return "{" + progid + "}"

    def module_for_clsid(self, clsid: str) -> types.ModuleType | None:
        progid = clsid.strip("{}")
        return _module(f"win32com.gen_py.{progid}") if progid in self.generated else None

    def threads_used(self) -> set[int]:
        """Every thread that built or called any COM object."""
        return {thread for made in self.objects for thread in made.threads()}


class ComObject:
    """An apartment-threaded COM object: usable only from the thread that made it."""

    def __init__(self, world: ComWorld, progid: str) -> None:
        self.world = world
        self.progid = progid
        self.built_on = me()
        self.calls: list[tuple[str, tuple[Any, ...], int]] = []

    def _call(self, method: str, *args: Any) -> None:
        if me() != self.built_on:
            raise ComError(
                RPC_E_WRONG_THREAD,
                "The application called an interface that was marshalled for a different thread.",
                None,
                None,
            )
        self.world.require()
        self.calls.append((method, args, me()))

    def threads(self) -> set[int]:
        return {self.built_on} | {thread for _, _, thread in self.calls}

    def said(self) -> list[str]:
        return [str(args[0]) for method, args, _ in self.calls if method in SPEAKING and args[0]]


SPEAKING = ("SayString", "Speak", "speakText")


class JawsApi(ComObject):
    def __init__(self, world: ComWorld) -> None:
        super().__init__(world, "FreedomSci.JawsApi")

    def SayString(self, text: str, interrupt: object) -> bool:
        self._call("SayString", text, interrupt)
        return self.world.jaws_running

    def RunFunction(self, call: str) -> bool:
        self._call("RunFunction", call)
        return self.world.jaws_running


class VoiceToken(ComObject):
    def __init__(self, world: ComWorld, description: str, language: str = "409") -> None:
        super().__init__(world, "SAPI.SpObjectToken")
        self.description = description
        self.language = language

    def GetDescription(self) -> str:
        self._call("GetDescription")
        return self.description

    def GetAttribute(self, name: str) -> str:
        self._call("GetAttribute", name)
        if name != "Language":
            raise ComError(-2147201021, "SPERR_NOT_FOUND", None, None)
        return self.language


class SpVoice(ComObject):
    def __init__(self, world: ComWorld) -> None:
        super().__init__(world, "SAPI.SPVoice")
        self.Voice: VoiceToken | None = None  # the default voice until one is set
        self.AudioOutput: object = "default audio"

    def GetVoices(self) -> list[VoiceToken]:
        self._call("GetVoices")
        tokens = [VoiceToken(self.world, name, language) for name, language in self.world.voices]
        self.world.objects.extend(tokens)
        return tokens

    def Speak(self, text: str, flags: int) -> int:
        self._call("Speak", text, flags)
        return 1


def _module(name: str, **attributes: Any) -> types.ModuleType:
    module = types.ModuleType(name)
    for key, value in attributes.items():
        setattr(module, key, value)
    return module


@dataclass
class NvdaDll:
    """NVDA's controller client: answers as the real DLL does, and records the threads."""

    running: bool = True
    calls: list[tuple[str, tuple[Any, ...], int]] = field(default_factory=list)

    def _record(self, name: str, *args: Any) -> int:
        self.calls.append((name, args, me()))
        return 0 if self.running else RPC_S_SERVER_UNAVAILABLE

    def __getattr__(self, name: str) -> Any:
        if not name.startswith("nvdaController_"):
            raise AttributeError(name)
        function: Any = lambda *args: self._record(name.removeprefix("nvdaController_"), *args)  # noqa: E731
        function.argtypes = None
        object.__setattr__(self, name, function)
        return function

    def threads(self) -> set[int]:
        return {thread for _, _, thread in self.calls}

    def said(self) -> list[str]:
        return [str(args[0]) for name, args, _ in self.calls if name == "speakText"]


LIBRARY_MODULES = ("accessible_output2.outputs", "libloader")


def _library_modules() -> dict[str, Any]:
    # A copy first: a thread left by an earlier test (speech, sound) may import meanwhile.
    modules = sys.modules.copy()
    return {name: module for name, module in modules.items() if name.startswith(LIBRARY_MODULES)}


@contextlib.contextmanager
def library_modules_restored() -> Iterator[None]:
    """accessible-output2's output modules as they were before, whatever a test imported
    against its fakes (use it in an autouse fixture around every platform test)."""
    saved = _library_modules()
    try:
        yield
    finally:
        for name in _library_modules():
            sys.modules.pop(name, None)
        sys.modules.update(saved)


def forget_library_modules() -> None:
    """Make accessible-output2's output modules import again, against the fakes."""
    for name in _library_modules():
        sys.modules.pop(name, None)


@dataclass
class Ole32:
    """ole32.dll, as okey.speech.com calls it where pywin32 is missing."""

    com: ComWorld

    def CoInitializeEx(self, reserved: object, flags: int) -> int:
        self.com.co_initialize_ex(flags)
        return 0  # S_OK

    def CoUninitialize(self) -> None:
        self.com.co_uninitialize()


@dataclass
class FakeWindows:
    """A Windows machine: COM, pywin32's modules, NVDA's DLL; ``sys.platform`` is win32."""

    com: ComWorld
    nvda: NvdaDll
    dll_error: dict[str, BaseException] = field(default_factory=dict)
    loaded: list[tuple[str, int]] = field(default_factory=list)

    def load_library(self, name: str, cdll: bool = False) -> Any:
        del cdll
        self.loaded.append((name, me()))
        if name in self.dll_error:
            raise self.dll_error[name]
        if name.startswith("nvdaControllerClient"):
            return self.nvda
        if name.lower() == "ole32":
            return Ole32(self.com)
        raise OSError(f"[WinError 126] The specified module could not be found: {name!r}")

    def win_dll(self, name: str, *args: Any, **kwargs: Any) -> Any:
        """``ctypes.WinDLL``, which only Windows has."""
        return self.load_library(name)

    def find_window(self, window_class: str, title: str | None) -> int:
        del title
        return 0x1234 if window_class == "JFWUI2" and self.com.jaws_running else 0


def install_windows(
    monkeypatch: pytest.MonkeyPatch,
    *,
    jaws: bool = True,
    jaws_running: bool = False,
    sapi: bool = True,
    nvda_running: bool = False,
    pywin32: bool = True,
    first_use: bool = False,
) -> FakeWindows:
    """Patch this process into a fake Windows for the speech layer; undone after the test.

    ``first_use``: pywin32 has generated no COM wrappers yet (a generation waits for
    ``windows.com.gate``); otherwise they exist and nothing waits."""
    import accessible_output2

    com = ComWorld(jaws_running=jaws_running)
    if jaws:
        com.installed["FreedomSci.JawsApi"] = JawsApi
    if sapi:
        com.installed["SAPI.SPVoice"] = SpVoice
    if not first_use:
        com.generated.update(com.installed)
        com.gate.set()
    windows = FakeWindows(com, NvdaDll(running=nvda_running))
    pretend_platform(monkeypatch, "win32", "Windows", "AMD64", ("64bit", "WindowsPE"))
    import ctypes  # what only Windows's ctypes has (libloader reads it when imported)

    monkeypatch.setattr(ctypes, "WinDLL", windows.win_dll, raising=False)
    monkeypatch.setattr(ctypes, "WINFUNCTYPE", ctypes.CFUNCTYPE, raising=False)
    forget_library_modules()
    if pywin32:
        gencache = _module(
            "win32com.client.gencache",
            is_readonly=False,
            GetGeneratePath=lambda: None,
            EnsureDispatch=com.ensure_dispatch,
            GetModuleForCLSID=com.module_for_clsid,
        )
        client = _module("win32com.client", gencache=gencache)
        modules: dict[str, Any] = {
            "pywintypes": _module("pywintypes", com_error=ComError, IID=com.iid),
            "pythoncom": _module(
                "pythoncom",
                CoInitializeEx=com.co_initialize_ex,
                CoInitialize=com.co_initialize_ex,
                CoUninitialize=com.co_uninitialize,
                COINIT_APARTMENTTHREADED=2,
            ),
            "win32com": _module("win32com", client=client),
            "win32com.client": client,
            "win32com.client.gencache": gencache,
            "win32gui": _module("win32gui", FindWindow=windows.find_window),
        }
    else:
        modules = dict.fromkeys(("pywintypes", "pythoncom", "win32com", "win32gui"))
    for name, module in modules.items():
        monkeypatch.setitem(sys.modules, name, module)
    monkeypatch.setattr(accessible_output2, "load_library", windows.load_library)
    from okey.speech.routes import output_module  # the package as okey imports it

    base = output_module("base")
    monkeypatch.setattr(base, "load_library", windows.load_library)
    return windows


# macOS


class CommandError(Exception):
    """appscript.reference.CommandError."""


@dataclass
class VoiceOverApp:
    """``appscript.app("voiceover")``: VoiceOver's AppleScript dictionary, in part."""

    running: bool = True
    allows_applescript: bool = True
    built_on: int = field(default_factory=me)
    calls: list[tuple[str, str, int]] = field(default_factory=list)

    def isrunning(self) -> bool:
        self.calls.append(("isrunning", "", me()))
        return self.running

    def output(self, text: str) -> None:
        self.calls.append(("output", text, me()))
        if not self.allows_applescript:
            raise CommandError("VoiceOver got an error: AppleEvent handler failed. (-10000)")

    def said(self) -> list[str]:
        return [text for name, text, _ in self.calls if name == "output" and text]

    def threads(self) -> set[int]:
        return {self.built_on} | {thread for _, _, thread in self.calls}


@dataclass
class SayProcess:
    """One ``say`` process: its words come on standard input."""

    command: list[str]
    started_on: int
    heard: str = ""
    ended: bool = False
    release: threading.Event = field(default_factory=threading.Event)

    def communicate(self, data: bytes) -> tuple[bytes, bytes]:
        self.heard = data.decode("utf-8")
        self.release.wait(10.0)  # speaking takes as long as the test says
        self.ended = True
        return b"", b""

    def terminate(self) -> None:
        self.ended = True
        self.release.set()


@dataclass
class FakeSay:
    """Starts fake ``say`` processes; ``instant`` ones end as soon as they are fed."""

    instant: bool = True
    processes: list[SayProcess] = field(default_factory=list)
    started: threading.Condition = field(default_factory=threading.Condition)

    def __call__(self, command: list[str], **options: Any) -> SayProcess:
        del options
        process = SayProcess(list(command), me())
        if self.instant:
            process.release.set()
        with self.started:
            self.processes.append(process)
            self.started.notify_all()
        return process

    def heard(self) -> list[str]:
        return [process.heard for process in self.processes if process.heard]

    def wait_started(self, count: int, timeout: float = 10.0) -> bool:
        with self.started:
            return self.started.wait_for(lambda: len(self.processes) >= count, timeout)


# What ``say -v '?'`` prints on a Mac with a few voices (names with spaces and brackets).
SAY_VOICES = """\
Albert              en_US    # Hello! My name is Albert.
Eddy (English (US)) en_US    # Hello! My name is Eddy.
Samantha            en_US    # Hello! My name is Samantha.
Amélie              fr_CA    # Bonjour! Je m'appelle Amélie.
"""
TURKISH_VOICES = """\
Eddy (Turkish (Türkiye)) tr_TR    # Merhaba! Benim adım Eddy.
Yelda               tr_TR    # Merhaba, benim adım Yelda.
"""


@dataclass
class FakeMac:
    voiceover: VoiceOverApp
    say: FakeSay
    voices: str = SAY_VOICES
    listed: list[tuple[str, ...]] = field(default_factory=list)

    def list_voices(self, command: Any) -> str:
        self.listed.append(tuple(command))
        return self.voices


def install_macos(
    monkeypatch: pytest.MonkeyPatch,
    *,
    voiceover_running: bool = True,
    allows_applescript: bool = True,
    appscript: bool = True,
) -> FakeMac:
    """Patch this process into a fake Mac for the speech layer; undone after the test."""
    from okey.speech import routes, say, voices

    mac = FakeMac(VoiceOverApp(voiceover_running, allows_applescript), FakeSay())
    pretend_platform(monkeypatch, "darwin", "Darwin", "arm64", ("64bit", ""))
    forget_library_modules()

    def app(name: str) -> VoiceOverApp:
        assert name.lower() == "voiceover"
        mac.voiceover.built_on = me()
        return mac.voiceover

    module = _module("appscript", app=app) if appscript else None
    monkeypatch.setitem(sys.modules, "appscript", module)
    monkeypatch.setattr(say, "say_available", lambda: True)
    monkeypatch.setattr(routes, "say_available", lambda: True)
    monkeypatch.setattr(
        routes, "SayVoice", lambda voice=None: say.SayVoice(start=mac.say, voice=voice)
    )
    monkeypatch.setattr(voices, "_run", mac.list_voices)
    return mac


def no_reader() -> None:
    """A screen-reader finder that finds none (the speech is chosen by mode alone)."""
    return None


def wait_until(check: Callable[[], bool], timeout: float = 10.0) -> bool:
    deadline = time.monotonic() + timeout
    while not check():
        if time.monotonic() > deadline:
            return False
        time.sleep(0.005)
    return True
