"""The speech routes of each platform, each built on its own.

accessible-output2's ``Auto`` builds every output class of the platform and
catches only the library's own ``OutputError``: any other exception from one
of them (an x64-only DLL on ARM64 Windows, a COM cache folder that vanished)
leaves no speech at all. Here each class is built by itself, in the
library's order of priority, and only the one that fails is skipped; why it
failed is kept for troubleshooting.

The library's speech-dispatcher and espeak outputs print "Cannot find ..." to
stdout when their module is missing; they are built here through small
subclasses that raise instead, so nothing is printed from the speech thread.
On macOS, after VoiceOver, okey's own ``say`` voice is the system route.

speech-dispatcher is first asked without starting it: a server that runs
answers in milliseconds, and one that accepts and never answers is caught by
the probe's short time limit. Only when no server is there is it started
(speechd's own autospawn), which loads its voices and can take a second or
two; the thread building the outputs is told first (:func:`on_server_start`),
so that the probe may wait longer for a server being started.

On Windows, the first time JAWS's or SAPI 5's COM class is used, pywin32 generates
Python wrappers for its type library (``win32com.client.gencache``: SAPI 5's is about
300 kB of Python, written and compiled), which can take longer than the probe's usual
limit. When they are not generated yet, the thread is told first (:func:`on_first_use`)
and the probe waits as long as for a server being started.
"""

from __future__ import annotations

import importlib
import importlib.util
import sys
import threading
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, Final

from okey.messages import DEFAULT_LANGUAGE
from okey.speech.say import SayVoice, say_available
from okey.speech.voices import choose_sapi_voice, say_voice

PACKAGE: Final = "accessible_output2.outputs"

# The library's output modules on each platform, as its own package imports them.
WINDOWS: Final = (
    "nvda",
    "jaws",
    "sapi5",
    "window_eyes",
    "system_access",
    "dolphin",
    "pc_talker",
    "zdsr",
)
MACOS: Final = ("voiceover",)
LINUX: Final = ("speech_dispatcher", "e_speak")

SYSTEM_PRIORITY: Final = 101  # the library's priority for system speech (SAPI 5, espeak)
CLIENT_NAME: Final = "okey"  # how speech-dispatcher's log names this client


def module_names(platform: str) -> tuple[str, ...]:
    """The library's output modules for ``platform`` (a ``sys.platform`` value)."""
    if platform == "win32":
        return WINDOWS
    if platform == "darwin":
        return MACOS
    return LINUX


@dataclass(slots=True)
class Built:
    """The outputs that could be built, best first, and why the others could not."""

    outputs: list[Any] = field(default_factory=list)
    failures: list[str] = field(default_factory=list)

    def diagnostics(self) -> str:
        return "\n".join(self.failures)


def _bare_package() -> None:
    """Make the library's output package importable without running its ``__init__``.

    On Windows that ``__init__`` imports every output module, so one that cannot be
    imported (pywin32 missing) would hide all the others."""
    if PACKAGE in sys.modules:
        return
    importlib.import_module("accessible_output2")
    spec = importlib.util.find_spec(PACKAGE)
    if spec is None or spec.loader is None:
        raise ImportError(f"no module named {PACKAGE}")
    sys.modules[PACKAGE] = importlib.util.module_from_spec(spec)


def output_module(name: str) -> Any:
    """The library's module for one output (``nvda``), importing only what it needs."""
    try:
        importlib.import_module(PACKAGE)
    except Exception:  # one broken output module must not hide the others
        sys.modules.pop(PACKAGE, None)
        _bare_package()
    return importlib.import_module(f"{PACKAGE}.{name}")


# The library's COM outputs and the classes each asks pywin32 for (its load_com calls).
COM_CLASSES: Final = {
    "jaws": ("FreedomSci.JawsApi", "jfwapi"),
    "sapi5": ("SAPI.SPVoice",),
    "window_eyes": ("gwspeak.speak",),
}

_told = threading.local()  # what this thread is to be told of a slow start, by its kind


def _tell(kind: str) -> None:
    callback: Callable[[], None] | None = getattr(_told, kind, None)
    if callback is not None:
        callback()


def on_server_start(callback: Callable[[], None] | None) -> None:
    """Call ``callback`` when, on this thread, a speech server has to be started first."""
    _told.server_start = callback


def _server_starts() -> None:
    _tell("server_start")


def on_first_use(callback: Callable[[], None] | None) -> None:
    """Call ``callback`` when, on this thread, pywin32 has COM wrappers to generate first."""
    _told.first_use = callback


def _first_use() -> None:
    _tell("first_use")


def com_wrappers_missing(classes: tuple[str, ...]) -> bool:
    """True when the first of ``classes`` that is installed has no pywin32 wrappers yet,
    so that building its output will generate them. False without pywin32, when none is
    installed (the output fails at once) or when they were generated before."""
    try:
        pywintypes: Any = importlib.import_module("pywintypes")
        gencache: Any = importlib.import_module("win32com.client.gencache")
    except ImportError:
        return False
    for name in classes:
        try:
            clsid = pywintypes.IID(name)  # the registry: com_error when it is not installed
        except Exception:
            continue
        try:
            return gencache.GetModuleForCLSID(clsid) is None
        except Exception:  # a damaged cache: it will be generated again
            return True
    return False


def connect_speech_dispatcher(speechd: Any) -> Any:
    """A client of the running server; else, once the thread was told, of one started now."""
    try:
        return speechd.SSIPClient(CLIENT_NAME, autospawn=False)
    except speechd.SSIPCommunicationError:  # no server there (yet): start one
        _server_starts()
        return speechd.SSIPClient(CLIENT_NAME)


def _speech_dispatcher() -> Any:
    """The library's speech-dispatcher output, connected, or an exception saying why not.

    The client connects first (a server being started then starts while the library
    loads), and is then handed to the library's output."""
    import speechd  # ImportError: speechd-unofficial (or python3-speechd) is missing

    client = connect_speech_dispatcher(speechd)
    try:
        module = output_module("speech_dispatcher")
    except BaseException:
        client.close()
        raise
    module.speechd = speechd  # the output's methods use the module its own __init__ sets

    def hold(self: Any) -> None:
        self._client = client

    quiet = type("QuietSpeechDispatcher", (module.SpeechDispatcher,), {"__init__": hold})
    return quiet()


def _espeak() -> Any:
    module = output_module("e_speak")
    core = importlib.import_module("espeak.core")

    def load(self: Any) -> None:
        self._ec = core

    quiet = type("QuietESpeak", (module.ESpeak,), {"__init__": load})
    return quiet()


def _library_output(name: str) -> Callable[[], Any]:
    def build() -> Any:
        return output_module(name).output_class()

    return build


_OWN_BUILDERS: Final[dict[str, Callable[[], Any]]] = {
    "speech_dispatcher": _speech_dispatcher,
    "e_speak": _espeak,
}


LABELS: Final = {
    "nvda": "NVDA",
    "jaws": "JAWS",
    "sapi5": "SAPI 5",
    "window_eyes": "Window-Eyes",
    "system_access": "System Access",
    "dolphin": "Dolphin",
    "pc_talker": "PC-Talker",
    "zdsr": "ZDSR",
    "voiceover": "VoiceOver",
    "speech_dispatcher": "speech-dispatcher",
    "e_speak": "espeak",
}


def _label(name: str) -> str:
    return LABELS.get(name, name)


def _voice_of(name: str, output: Any, language: str, built: Built) -> None:
    """SAPI 5 speaks with a voice of ``language`` where one is installed."""
    if name != "sapi5" or language == DEFAULT_LANGUAGE:
        return
    try:
        chosen = choose_sapi_voice(output, language)
    except Exception as error:  # the voice stays the default one
        built.failures.append(f"SAPI 5 voice: {type(error).__name__}: {error}")
        return
    if chosen is None:
        built.failures.append(f"SAPI 5: no voice of {language}; the default voice speaks")


def build_outputs(platform: str | None = None, language: str = DEFAULT_LANGUAGE) -> Built:
    """Build every output of the platform on this thread; skip each one that fails.
    System speech (SAPI 5, ``say``) speaks ``language`` where it has a voice for it.

    Call it on the thread that will use the outputs (COM initialised, on Windows).
    """
    chosen = platform or sys.platform
    built = Built()
    ranked: list[tuple[int, int, Any]] = []
    for order, name in enumerate(module_names(chosen)):
        build = _OWN_BUILDERS.get(name, _library_output(name))
        if name in COM_CLASSES and com_wrappers_missing(COM_CLASSES[name]):
            _first_use()
        try:
            output = build()
        except Exception as error:  # any failure of one output skips that one only
            built.failures.append(f"{_label(name)}: {type(error).__name__}: {error}")
            continue
        _voice_of(name, output, language, built)
        ranked.append((int(getattr(output, "priority", 100)), order, output))
    if chosen == "darwin":
        if say_available():
            voice = say_voice(language)
            if voice is None and language != DEFAULT_LANGUAGE:
                built.failures.append(f"say: no voice of {language}; the default voice speaks")
            ranked.append((SYSTEM_PRIORITY, len(ranked), SayVoice(voice=voice)))
        else:
            built.failures.append("say: the say command is not there")
    built.outputs = [output for _, _, output in sorted(ranked, key=lambda item: item[:2])]
    return built
