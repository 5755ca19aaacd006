"""Speech outputs: the protocols, and the platform's outputs probed and spoken through.

:func:`probe_system_output` builds each of the platform's outputs on its own
(``routes.py``) and keeps them if one is active (for speech-dispatcher: the
client connected). :class:`Ao2Output` then speaks each message through the
first active one, as accessible-output2's ``Auto`` would. When that output is
speech-dispatcher, messages go through its client with "finished"
notifications, so the output can say when it is quiet; ``say`` on macOS has
the same signal.

Both are made, called and closed on the speech worker's thread only
(``background.py``): on Windows their COM objects belong to it. What another
thread may ask (the name, the "finished" signal) is answered without calling
the outputs.
"""

from __future__ import annotations

import contextlib
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, Protocol, runtime_checkable

from okey.messages import DEFAULT_LANGUAGE
from okey.speech.dispatcher import DispatcherVoice, ask_language, dispatcher_client
from okey.speech.routes import build_outputs
from okey.speech.utterance import Message
from okey.speech.voiceover import voiceover_refuses


class SpeechOutput(Protocol):
    """Something that speaks: a screen reader, system speech, or a test fake."""

    @property
    def name(self) -> str: ...

    def speak(self, text: str, *, interrupt: bool) -> None:
        """Speak text: queued after what is being said, or cutting it off."""

    def close(self) -> None: ...


@runtime_checkable
class FinishSignal(Protocol):
    """An output that can tell when what it was given has really been spoken.

    Both methods answer None when the output cannot tell (its route has no
    such signal); the caller then estimates.
    """

    def busy(self) -> bool | None:
        """True while something is still being spoken, False once all is quiet."""

    def wait_quiet(self, timeout: float) -> bool | None:
        """Wait at most ``timeout`` seconds for quiet; True when it came."""


class NoActiveOutputError(OSError):
    """None of the outputs speaks any more (the screen reader was closed)."""


# Friendlier names for the library's outputs that name themselves in lower case.
_NAMES = {"sapi5": "SAPI 5", "jaws": "JAWS"}


def output_name(output: Any) -> str:
    name = str(getattr(output, "name", type(output).__name__))
    return _NAMES.get(name, name)


def is_active(output: Any) -> bool:
    try:
        return bool(output.is_active())
    except Exception:  # a broken output is an inactive one
        return False


def _close(output: Any) -> None:
    close = getattr(output, "close", None)
    if close is None:
        return
    with contextlib.suppress(Exception):  # best effort: the speech may be gone
        close()


class Ao2Output:
    """The first active output speaks each message, as accessible-output2's ``Auto``.

    Takes the outputs built (best first), or anything with their list as
    ``outputs`` (an ``Auto``).
    """

    def __init__(self, outputs: Sequence[Any] | Any, language: str = DEFAULT_LANGUAGE) -> None:
        found = getattr(outputs, "outputs", outputs)
        self._outputs: list[Any] = list(found)
        self._closed = False
        # Made once, here, so the worker thread and the game thread share them.
        self._voices: dict[int, DispatcherVoice] = {}
        self._signals: dict[int, FinishSignal] = {}
        for output in self._outputs:
            client = dispatcher_client(output)
            if client is not None:
                voice = DispatcherVoice(client)
                self._voices[id(output)] = self._signals[id(output)] = voice
                if language != DEFAULT_LANGUAGE:
                    ask_language(client, language)
            elif isinstance(output, FinishSignal):
                self._signals[id(output)] = output
        self._current: Any | None = None
        self._name = ""
        self._choose()

    def _choose(self) -> Any | None:
        """The first active output, now; remembered with its name for other threads."""
        for output in self._outputs:
            if is_active(output):
                self._current, self._name = output, output_name(output)
                return output
        self._current, self._name = None, ""
        return None

    @property
    def name(self) -> str:
        """The name of the output that spoke last ("Linux Speech Dispatcher", "NVDA")."""
        return self._name

    def speak(self, text: str, *, interrupt: bool) -> None:
        output = self._choose()
        if output is None:
            raise NoActiveOutputError("no speech output is active")
        voice = self._voices.get(id(output))
        if voice is None:
            output.speak(text, interrupt=interrupt)
        else:
            voice.speak(text, interrupt=interrupt)

    def _signal(self) -> FinishSignal | None:
        current = self._current
        return None if current is None else self._signals.get(id(current))

    def busy(self) -> bool | None:
        """The speaking output's own answer (speech-dispatcher, say); None for the others."""
        signal = self._signal()
        return None if signal is None else signal.busy()

    def wait_quiet(self, timeout: float) -> bool | None:
        signal = self._signal()
        return None if signal is None else signal.wait_quiet(timeout)

    def close(self) -> None:
        """Close every output that can be closed (old speechd hangs at exit otherwise)."""
        if self._closed:
            return
        self._closed = True
        for voice in self._voices.values():
            voice.release()
        for output in self._outputs:
            _close(output)


@dataclass(frozen=True, slots=True)
class Probe:
    """The result of looking for speech: an output, or None; why outputs were skipped;
    and what the player is to be told once (a notice said before the game starts)."""

    output: SpeechOutput | None
    diagnostics: str = ""
    notices: tuple[Message, ...] = ()


def probe_system_output(platform: str | None = None, language: str = DEFAULT_LANGUAGE) -> Probe:
    """Build the platform's outputs on this thread; keep them if one of them speaks
    (speech-dispatcher asked for a voice of ``language``, the game's).

    On macOS, VoiceOver that runs but does not allow AppleScript to control it is
    left out (``say`` speaks instead) and the notice names the setting.
    """
    built = build_outputs(platform, language)
    outputs = built.outputs
    notices: list[Message] = []
    refusing = [output for output in outputs if voiceover_refuses(output)]
    if refusing:
        for output in refusing:
            _close(output)
        outputs = [output for output in outputs if output not in refusing]
        notices.append(Message.of("speech.voiceover_refused"))
        built.failures.append("VoiceOver: AppleScript control is not allowed")
    if not any(is_active(output) for output in outputs):
        for output in built.outputs:
            _close(output)
        return Probe(None, built.diagnostics(), tuple(notices))
    return Probe(Ao2Output(outputs, language), built.diagnostics(), tuple(notices))


def open_system_output() -> SpeechOutput | None:
    """The player's screen reader or system speech, or None when nothing speaks.

    Built on the calling thread; the game itself uses ``background.open_background_output``.
    """
    return probe_system_output().output
