"""speech-dispatcher's own "finished" signal, through accessible-output2's client.

speech-dispatcher tells a client when each of its messages has ended (END)
or was cut off (CANCEL) by SSIP event notifications, which the ``speechd``
client delivers on its communication thread. :class:`DispatcherVoice`
speaks through the ``SSIPClient`` that accessible-output2's
``SpeechDispatcher`` output already holds (so there is one connection, the
library's) and counts the messages not yet finished.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Final

from okey.speech.pending import Pending

# SSIP event names, as in speechd.CallbackType.
END: Final = "end"
CANCEL: Final = "cancel"


def dispatcher_client(output: Any) -> Any | None:
    """The speechd client of accessible-output2's speech-dispatcher output, else None."""
    try:
        from accessible_output2.outputs.speech_dispatcher import SpeechDispatcher
    except Exception:  # the library without its speech-dispatcher output
        return None
    if not isinstance(output, SpeechDispatcher):
        return None
    return getattr(output, "_client", None)


class DispatcherVoice:
    """Speaks through a speechd client and knows when its messages have finished."""

    def __init__(self, client: Any) -> None:
        self._client = client
        self._pending = Pending()

    def speak(self, text: str, *, interrupt: bool) -> None:
        """Queue text, or cancel what this client is saying first (as accessible-output2 does)."""
        if interrupt:
            self._client.cancel()
            # The server has cut them (its CANCEL events may still be on the way).
            self._pending.finish_all()
        token = self._pending.open()
        try:
            self._client.speak(text, callback=self._finisher(token), event_types=(END, CANCEL))
        except BaseException:
            self._pending.finish(token)
            raise

    def _finisher(self, token: int) -> Callable[..., None]:
        # Called on speechd's thread, under its lock: it must not talk to the server.
        def finished(event_type: str, **_details: object) -> None:
            del event_type
            self._pending.finish(token)

        return finished

    def busy(self) -> bool:
        """True while a message spoken here has neither ended nor been cut."""
        return not self._pending.quiet

    def wait_quiet(self, timeout: float) -> bool:
        return self._pending.wait_quiet(timeout)

    def release(self) -> None:
        """Forget what is in flight (closing): nobody waits for it any more."""
        self._pending.finish_all()
