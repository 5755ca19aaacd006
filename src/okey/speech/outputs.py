"""Speech backends: accessible-output2's ``Auto``, built quietly and probed.

accessible-output2 prints "Cannot find ..." to stdout while ``Auto()`` is
built and then speaks into the void when no output works. Here it is built
with stdout and stderr captured, and an output counts only if one of its
outputs is active (for speech-dispatcher: the client connected).
When that output is speech-dispatcher, messages go through its client with
"finished" notifications, so the output can say when it is quiet.
"""

from __future__ import annotations

import contextlib
import io
from collections.abc import Iterator
from contextlib import contextmanager, redirect_stderr, redirect_stdout
from dataclasses import dataclass
from typing import Any, Protocol, runtime_checkable

from okey.messages import DEFAULT_LANGUAGE, current_language
from okey.speech.dispatcher import DispatcherVoice, ask_language, dispatcher_client


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


@contextmanager
def quiet() -> Iterator[io.StringIO]:
    """Capture what is printed to stdout and stderr inside the block."""
    sink = io.StringIO()
    with redirect_stdout(sink), redirect_stderr(sink):
        yield sink


def _is_active(output: Any) -> bool:
    try:
        return bool(output.is_active())
    except Exception:  # a broken output is an inactive one
        return False


def _close(output: Any) -> None:
    close = getattr(output, "close", None)
    if close is None:
        return
    with contextlib.suppress(Exception), quiet():  # best effort: the speech may be gone
        close()


class Ao2Output:
    """accessible-output2's ``Auto``: the first active output speaks each message."""

    def __init__(self, auto: Any) -> None:
        self._auto = auto
        self._closed = False
        # Made once, here, so the worker thread and the game thread share them.
        self._voices: dict[int, DispatcherVoice] = {}
        language = current_language()
        for output in auto.outputs:
            client = dispatcher_client(output)
            if client is not None:
                self._voices[id(output)] = DispatcherVoice(client)
                if language != DEFAULT_LANGUAGE:
                    ask_language(client, language)

    def _active(self) -> Any | None:
        for output in self._auto.outputs:
            if _is_active(output):
                return output
        return None

    def _voice(self) -> DispatcherVoice | None:
        """The voice with a "finished" signal, when speech-dispatcher is the one speaking."""
        return self._voices.get(id(self._active()))

    @property
    def name(self) -> str:
        """The name of the output that speaks now ("Linux Speech Dispatcher", "NVDA")."""
        output = self._active()
        return "" if output is None else str(getattr(output, "name", type(output).__name__))

    def speak(self, text: str, *, interrupt: bool) -> None:
        voice = self._voice()
        if voice is None:
            self._auto.speak(text, interrupt=interrupt)
        else:
            voice.speak(text, interrupt=interrupt)

    def busy(self) -> bool | None:
        """speech-dispatcher's own answer; None for every other output."""
        voice = self._voice()
        return None if voice is None else voice.busy()

    def wait_quiet(self, timeout: float) -> bool | None:
        voice = self._voice()
        return None if voice is None else voice.wait_quiet(timeout)

    def close(self) -> None:
        """Close every output that can be closed (old speechd hangs at exit otherwise)."""
        if self._closed:
            return
        self._closed = True
        for voice in self._voices.values():
            voice.release()
        for output in self._auto.outputs:
            _close(output)


@dataclass(frozen=True, slots=True)
class Probe:
    """The result of looking for speech: an output, or None, and what the library printed."""

    output: Ao2Output | None
    diagnostics: str


def probe_system_output() -> Probe:
    """Build ``Auto`` quietly and keep it only if one of its outputs works."""
    with quiet() as sink:
        try:
            from accessible_output2.outputs.auto import Auto

            auto = Auto()
        except Exception as error:  # e.g. macOS without appscript raises ImportError
            print(f"{type(error).__name__}: {error}")
            return Probe(None, sink.getvalue())
        if not any(_is_active(output) for output in auto.outputs):
            for output in auto.outputs:
                _close(output)
            return Probe(None, sink.getvalue())
    return Probe(Ao2Output(auto), sink.getvalue())


def open_system_output() -> Ao2Output | None:
    """The player's screen reader or system speech, or None when nothing speaks."""
    return probe_system_output().output
