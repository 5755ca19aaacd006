"""speech-dispatcher's own "finished" signal, through accessible-output2's client.

speech-dispatcher tells a client when each of its messages has ended (END)
or was cut off (CANCEL) by SSIP event notifications, which the ``speechd``
client delivers on its communication thread. :class:`DispatcherVoice`
speaks through the ``SSIPClient`` that accessible-output2's
``SpeechDispatcher`` output already holds (so there is one connection, the
library's) and counts the messages not yet finished.

The client registers a message's callback only once the server has
answered SPEAK with the message's id, and drops an event that comes before
(a short message on a fast server can end first). So the voice also hears
every END and CANCEL as it arrives, by message id, through the handler the
client's connection calls for each event, and closes a message reported
before its id was known as soon as the id is. A client without that
handler (another version of ``speechd``) is left as it is: the callbacks
alone tell, and a lost END is given up on by the Speaker.
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from typing import Any, Final

from okey.speech.pending import Pending

# SSIP event names, as in speechd.CallbackType.
END: Final = "end"
CANCEL: Final = "cancel"
FINISHED: Final = (END, CANCEL)

Hearer = Callable[[object, object], None]
"""Told (message id, event type) for every event, on speechd's thread."""


def dispatcher_client(output: Any) -> Any | None:
    """The speechd client of accessible-output2's speech-dispatcher output, else None."""
    try:
        from accessible_output2.outputs.speech_dispatcher import SpeechDispatcher
    except Exception:  # the library without its speech-dispatcher output
        return None
    if not isinstance(output, SpeechDispatcher):
        return None
    return getattr(output, "_client", None)


def ask_language(client: Any, language: str) -> bool:
    """Ask speech-dispatcher for a voice of ``language`` ("tr"); False when it refuses
    or the client cannot be asked (the default voice then goes on speaking)."""
    set_language = getattr(client, "set_language", None)
    if not callable(set_language):
        return False
    try:
        set_language(language)
    except Exception:  # an old or broken server: speak on in the default voice
        return False
    return True


def hear_every_event(client: Any, hear: Hearer) -> bool:
    """Tell ``hear`` of each event before the client's own handler; False if it cannot.

    speechd's connection calls one handler, ``(msg_id, client_id, type, **details)``,
    for every event; it has no public way to add a second, so the handler is
    wrapped through the connection's ``set_callback``. Anything shaped otherwise
    is left untouched.
    """
    connection = getattr(client, "_conn", None)
    handler = getattr(connection, "_callback", None)
    set_callback = getattr(connection, "set_callback", None)
    if not callable(handler) or not callable(set_callback):
        return False

    def on_event(*args: Any, **details: Any) -> None:
        if len(args) >= 3:
            hear(args[0], args[2])
        handler(*args, **details)

    set_callback(on_event)
    return True


def message_id(reply: Any) -> int | None:
    """The id in the server's answer to SPEAK, ``(225, "OK MESSAGE QUEUED", ("42",))``."""
    try:
        return int(reply[2][0])
    except (TypeError, IndexError, ValueError):
        return None


class DispatcherVoice:
    """Speaks through a speechd client and knows when its messages have finished."""

    def __init__(self, client: Any) -> None:
        self._client = client
        self._pending = Pending()
        self._lock = threading.Lock()  # guards the two below, shared with speechd's thread
        self._tokens: dict[int, int] = {}  # message id -> open token
        self._early: set[int] = set()  # ids reported finished before SPEAK's answer came
        self._hears_all = hear_every_event(client, self._heard)

    def speak(self, text: str, *, interrupt: bool) -> None:
        """Queue text, or cancel what this client is saying first (as accessible-output2 does)."""
        if interrupt:
            self._client.cancel()
            # The server has cut them (its CANCEL events may still be on the way).
            self._forget_all()
        token = self._pending.open()
        try:
            reply = self._client.speak(text, callback=self._finisher(token), event_types=FINISHED)
        except BaseException:
            self._pending.finish(token)
            raise
        if self._hears_all:
            self._claim(message_id(reply), token)

    def _claim(self, message: int | None, token: int) -> None:
        """The server has answered with the message's id: close it if it has finished already."""
        if message is None:
            return  # the callback alone will tell
        with self._lock:
            early = message in self._early
            # Ids rise (one counter in the server), so older reports can no longer match.
            self._early = {other for other in self._early if other > message}
            if not early:
                self._tokens[message] = token
        if early:
            self._pending.finish(token)

    def _heard(self, message: object, event_type: object) -> None:
        # speechd's thread, before its own handler: it must not talk to the server.
        if event_type not in FINISHED or not isinstance(message, int):
            return
        with self._lock:
            token = self._tokens.pop(message, None)
            if token is None:
                self._early.add(message)
        if token is not None:
            self._pending.finish(token)

    def _finisher(self, token: int) -> Callable[..., None]:
        # Called on speechd's thread, under its lock: it must not talk to the server.
        def finished(event_type: str, **_details: object) -> None:
            del event_type
            self._pending.finish(token)

        return finished

    def _forget_all(self) -> None:
        with self._lock:
            self._tokens.clear()
        self._pending.finish_all()

    def busy(self) -> bool:
        """True while a message spoken here has neither ended nor been cut."""
        return not self._pending.quiet

    def wait_quiet(self, timeout: float) -> bool:
        return self._pending.wait_quiet(timeout)

    def release(self) -> None:
        """Forget what is in flight (closing): nobody waits for it any more."""
        self._forget_all()
