"""The real "speech finished" signal: speech-dispatcher's END and CANCEL, faked.

A fake speechd client stands in for the one accessible-output2 holds: it
answers ``speak`` with a message id and fires END or CANCEL on a thread of
its own, as speechd does, or never fires at all.
"""

from __future__ import annotations

import sys
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from types import SimpleNamespace
from typing import Any

import accessible_output2.outputs.speech_dispatcher as ao2_dispatcher
import pytest
from accessible_output2.outputs.speech_dispatcher import SpeechDispatcher
from speech_support import FakeAuto, FakeClock

from okey.messages import load_catalogue
from okey.speech import (
    QUIET_POLL,
    Ao2Output,
    FinishSignal,
    Speaker,
    SpeechMode,
    SpeechOutput,
)
from okey.speech.background import BackgroundOutput
from okey.speech.dispatcher import CANCEL, END, DispatcherVoice
from okey.speech.pending import Pending
from okey.speech.speaker import estimate_seconds

EN = load_catalogue("en")

WAIT = 10.0  # seconds before a wait fails the test

Callback = Callable[..., None]


class FakeConnection:
    """speechd's connection as far as events go: one handler called for every event."""

    def __init__(self, handler: Callback) -> None:
        self._callback: Callback | None = handler

    def set_callback(self, callback: Callback | None) -> None:
        self._callback = callback


class FakeClient:
    """speechd's SSIPClient as the game uses it: speak with callbacks, cancel, close.

    As in speechd, each event goes through the connection's handler, which calls
    the callback registered for its message id and drops it when there is none;
    a message's callback is registered only after the server has answered SPEAK.
    ``connection=False`` is a client whose connection cannot be reached.
    """

    CLIENT_ID = 7

    def __init__(self, *, fires: bool = True, connection: bool = True) -> None:
        self.fires = fires  # False: the server never reports anything
        self.spoken: list[str] = []
        self.calls: list[str] = []
        self.queued: list[int] = []  # message ids the server has not finished
        self.callbacks: dict[int, Callback] = {}  # registered, as speechd's handler holds them
        self.event_types: list[tuple[str, ...]] = []
        self.early: str | None = None  # END or CANCEL: reported before the callback is registered
        self.block = threading.Event()
        self.block.set()
        self._ids = 0
        if connection:
            self._conn = FakeConnection(self._handle)

    def speak(
        self, text: str, callback: Callback | None = None, event_types: Any = None
    ) -> tuple[int, str, tuple[str, ...]]:
        self.block.wait()
        self._ids += 1
        self.spoken.append(text)
        self.calls.append(f"speak {text}")
        self.queued.append(self._ids)
        if self.early is not None:  # the race speechd's own TODO describes, lost
            self.queued.remove(self._ids)
            self._fire([self._ids], self.early)
        if callback is not None:
            self.callbacks[self._ids] = callback
            self.event_types.append(tuple(event_types))
        return 225, "OK MESSAGE QUEUED", (str(self._ids),)

    def cancel(self) -> None:
        self.calls.append("cancel")
        cancelled, self.queued = self.queued, []
        self._fire(cancelled, CANCEL)

    def end(self, count: int = 1) -> None:
        """The oldest ``count`` messages have been spoken to the end."""
        ended, self.queued = self.queued[:count], self.queued[count:]
        self._fire(ended, END)

    def report(self, message: int, event: str) -> None:
        """The server reports an event for one message id, whatever became of it."""
        self._fire([message], event)

    def close(self) -> None:
        self.calls.append("close")

    def _fire(self, ids: list[int], event: str) -> None:
        if not self.fires:
            return

        def deliver() -> None:
            for message in ids:
                connection = getattr(self, "_conn", None)
                handler = self._handle if connection is None else connection._callback
                if handler is not None:
                    handler(message, self.CLIENT_ID, event)

        # speechd calls back on its own communication thread.
        thread = threading.Thread(target=deliver)
        thread.start()
        thread.join(WAIT)

    def _handle(self, message: int, client_id: int, event: str, **details: object) -> None:
        """speechd's _CallbackHandler: the message's callback, if it has one yet."""
        assert client_id == self.CLIENT_ID
        callback = self.callbacks.get(message)
        if callback is not None:
            callback(event, **details)
        if event in (END, CANCEL):
            self.callbacks.pop(message, None)


@pytest.fixture(autouse=True)
def _the_library_module_these_fakes_subclass(monkeypatch: pytest.MonkeyPatch) -> None:
    """accessible-output2's speech-dispatcher module as this file imported it: a platform
    test may have had the library import again against its fakes, and okey must then
    check its outputs against the class these fakes subclass."""
    monkeypatch.setitem(sys.modules, ao2_dispatcher.__name__, ao2_dispatcher)


SPEECHD_NAMES = SimpleNamespace(
    CallbackType=SimpleNamespace(BEGIN="begin", END="end", CANCEL="cancel")
)
"""The names accessible-output2 takes from speechd (speechd.CallbackType's values)."""


class FakeDispatcher(SpeechDispatcher):  # type: ignore[misc]
    """accessible-output2's speech-dispatcher output, holding a fake client."""

    def __init__(self, client: FakeClient) -> None:
        # accessible-output2 imports speechd in a real output's __init__, as a global its
        # speak reads: unless a real output was made earlier in this process (the order of
        # the tests), give that global speechd's callback names.
        SpeechDispatcher.speak.__globals__.setdefault("speechd", SPEECHD_NAMES)
        self._client = client
        self.closed = 0

    def close(self) -> None:
        self.closed += 1
        self._client.close()


@dataclass
class OtherOutput:
    """Any other accessible-output2 output (a screen reader): no finished signal."""

    name: str = "NVDA"
    spoken: list[tuple[str, bool]] = field(default_factory=list)

    def is_active(self) -> bool:
        return True

    def speak(self, text: str, interrupt: bool = False) -> None:
        self.spoken.append((text, interrupt))

    def close(self) -> None:
        pass


def dispatcher_speaker(
    client: FakeClient, *, clock: Callable[[], float] = time.monotonic, **options: Any
) -> tuple[Speaker, list[str]]:
    lines: list[str] = []
    output = Ao2Output(FakeAuto([FakeDispatcher(client)]))
    speaker = Speaker(
        SpeechMode.AUTO, output, printer=lines.append, clock=clock, catalogue=EN, **options
    )
    return speaker, lines


LONG = "Ayşe, on your left, draws from the pile and discards black 9."
STORY = "A very long story. " * 50  # an estimate of a minute, far past WAIT


# -- Pending and the voice -------------------------------------------------------------


def test_pending_counts_open_messages_and_wakes_a_waiter() -> None:
    pending = Pending()
    assert pending.quiet
    first, second = pending.open(), pending.open()
    assert not pending.quiet
    pending.finish(first)
    pending.finish(first)  # a late second report changes nothing
    assert not pending.quiet
    assert not pending.wait_quiet(0.0)
    timer = threading.Timer(0.01, pending.finish, [second])
    timer.start()
    assert pending.wait_quiet(WAIT)
    timer.join()
    pending.open()
    pending.finish_all()
    assert pending.quiet


@pytest.mark.parametrize("connection", [True, False], ids=["every-event", "callbacks-only"])
def test_the_voice_is_busy_until_end_arrives_on_another_thread(connection: bool) -> None:
    client = FakeClient(connection=connection)
    voice = DispatcherVoice(client)
    assert not voice.busy()
    voice.speak("one", interrupt=False)
    voice.speak("two", interrupt=False)
    assert client.event_types == [(END, CANCEL), (END, CANCEL)]
    assert voice.busy()
    client.end()
    assert voice.busy()  # "two" is still being spoken
    client.end()
    assert not voice.busy()
    assert voice.wait_quiet(0.0)
    assert not client.callbacks  # speechd's own handler still had every END


@pytest.mark.parametrize("event", [END, CANCEL])
def test_a_report_that_beats_the_callback_still_finishes_the_message(event: str) -> None:
    client = FakeClient()
    voice = DispatcherVoice(client)
    voice.speak("one", interrupt=False)
    client.early = event
    voice.speak("two", interrupt=False)  # reported before speechd registered its callback
    assert voice.busy()  # "one" is still being spoken
    client.end()
    assert not voice.busy()


def test_a_late_cancel_for_a_cut_message_leaves_the_answer_pending() -> None:
    client = FakeClient(fires=False)
    voice = DispatcherVoice(client)
    voice.speak("one", interrupt=False)
    voice.speak("answer", interrupt=True)
    client.fires = True
    client.report(1, CANCEL)  # the server's CANCEL for "one", after the answer's id came
    assert voice.busy()
    client.end()
    assert not voice.busy()


def test_a_client_shaped_otherwise_is_left_to_its_callbacks() -> None:
    client = FakeClient(connection=False)  # no handler to hear every event through
    voice = DispatcherVoice(client)
    client.early = END
    voice.speak("one", interrupt=False)
    # As with speechd alone: the END came before anyone listened (the Speaker gives up).
    assert voice.busy()
    client.early = None
    voice.speak("two", interrupt=True)
    client.end()
    assert not voice.busy()


def test_an_interrupt_cancels_first_and_only_the_new_message_is_pending() -> None:
    client = FakeClient(fires=False)  # even with no CANCEL events coming back
    voice = DispatcherVoice(client)
    voice.speak("one", interrupt=False)
    voice.speak("answer", interrupt=True)
    assert client.calls == ["speak one", "cancel", "speak answer"]
    assert voice.busy()
    client.fires = True
    client.end()
    assert not voice.busy()


def test_cancel_events_finish_messages() -> None:
    client = FakeClient()
    voice = DispatcherVoice(client)
    voice.speak("one", interrupt=False)
    client.cancel()  # another client's interrupt, or the server's priorities
    assert not voice.busy()


def test_a_failing_speak_leaves_nothing_pending() -> None:
    class Broken(FakeClient):
        def speak(
            self, text: str, callback: Callback | None = None, event_types: Any = None
        ) -> Any:
            raise OSError("Speech Dispatcher connection lost.")

    voice = DispatcherVoice(Broken())
    with pytest.raises(OSError):
        voice.speak("one", interrupt=False)
    assert not voice.busy()


# -- accessible-output2's Auto, and the worker thread ------------------------------------


def test_ao2_output_speaks_through_the_dispatcher_client_it_already_holds() -> None:
    client = FakeClient()
    dispatcher = FakeDispatcher(client)
    output = Ao2Output(FakeAuto([dispatcher]))
    assert isinstance(output, FinishSignal)
    output.speak("hello", interrupt=False)
    output.speak("stop", interrupt=True)
    assert client.calls == ["speak hello", "cancel", "speak stop"]
    assert output.busy() is True
    client.end()
    assert output.busy() is False
    assert output.wait_quiet(0.0) is True
    output.speak("cut by closing", interrupt=False)
    output.close()
    assert output.busy() is False  # nobody waits for speech that was closed
    assert dispatcher.closed == 1


def test_other_outputs_have_no_signal_and_speak_as_before() -> None:
    other = OtherOutput()
    output = Ao2Output(FakeAuto([other, FakeDispatcher(FakeClient())]))
    output.speak("hello", interrupt=True)
    assert other.spoken == [("hello", True)]
    assert output.busy() is None
    assert output.wait_quiet(1.0) is None


def test_a_message_waiting_for_the_worker_counts_as_being_spoken() -> None:
    client = FakeClient()
    client.block.clear()  # the server is slow to take the message
    output = BackgroundOutput.around(Ao2Output(FakeAuto([FakeDispatcher(client)])))
    output.speak("hello", interrupt=False)
    assert output.busy() is True
    assert output.wait_quiet(0.01) is False
    client.block.set()
    deadline = time.monotonic() + WAIT
    while not client.queued:
        assert time.monotonic() < deadline
        time.sleep(0.001)
    timer = threading.Timer(0.01, client.end)
    timer.start()
    assert output.wait_quiet(WAIT) is True
    timer.join()
    assert output.busy() is False
    output.close()


def test_the_worker_knows_nothing_when_its_output_has_no_signal() -> None:
    output = BackgroundOutput.around(Ao2Output(FakeAuto([OtherOutput()])))
    output.speak("hello", interrupt=False)
    assert output.busy() is None
    assert output.wait_quiet(1.0) is None
    output.close()


# -- the Speaker ------------------------------------------------------------------------


def test_backlog_follows_the_signal_not_the_estimate() -> None:
    clock = FakeClock()
    client = FakeClient()
    speaker, _ = dispatcher_speaker(client, clock=clock)
    assert speaker.finish_signal
    assert speaker.quiet
    speaker.event_text(LONG)
    assert speaker.backlog() == pytest.approx(estimate_seconds(LONG))
    client.end()  # spoken sooner than estimated
    assert speaker.backlog() == 0.0
    assert speaker.quiet
    assert speaker.finish_signal


def test_quiet_comes_from_an_end_that_beat_the_callback() -> None:
    clock = FakeClock()
    client = FakeClient()
    client.early = END  # every message, as a fast server on a loaded machine may do
    speaker, _ = dispatcher_speaker(client, clock=clock)
    speaker.event_text("Your turn.")
    assert speaker.quiet
    assert speaker.finish_signal
    speaker.event_text(LONG)
    assert speaker.wait_quiet(0.0)
    assert speaker.finish_signal


def test_a_voice_slower_than_the_estimate_is_waited_for() -> None:
    clock = FakeClock()
    client = FakeClient()
    speaker, _ = dispatcher_speaker(client, clock=clock)
    speaker.event_text("Your turn.")
    clock.now += estimate_seconds("Your turn.") + 1.0  # the estimate says quiet; the voice is not
    assert speaker.backlog() == QUIET_POLL
    assert not speaker.quiet
    client.end()
    assert speaker.quiet


def test_a_voice_half_as_fast_as_the_estimate_keeps_its_signal() -> None:
    """A second message queued after the first's estimate, while the voice still speaks it."""
    clock = FakeClock()
    client = FakeClient()
    speaker, _ = dispatcher_speaker(client, clock=clock)
    began = clock.now
    speaker.event_text(LONG)
    clock.now += estimate_seconds(LONG) + 0.5  # the estimate says quiet; the voice is not
    speaker.event_text("Your turn.")
    # Each message takes twice its estimate: LONG ends, then "Your turn." is heard.
    clock.now = began + 2 * estimate_seconds(LONG)
    client.end()
    clock.now += 2 * estimate_seconds("Your turn.") - 0.01
    assert speaker.backlog() == QUIET_POLL  # still speaking, and still trusted
    assert speaker.finish_signal
    client.end()
    assert speaker.quiet
    assert speaker.finish_signal


def test_after_quiet_a_new_message_is_estimated_from_now() -> None:
    clock = FakeClock()
    client = FakeClient()
    speaker, _ = dispatcher_speaker(client, clock=clock)
    speaker.event_text(LONG)
    client.end()
    speaker.event_text("Your turn.")  # not queued behind the estimate of LONG
    assert speaker.backlog() == pytest.approx(estimate_seconds("Your turn."))


def test_a_signal_that_never_comes_is_given_up_once_and_silently() -> None:
    clock = FakeClock()
    client = FakeClient(fires=False)
    speaker, lines = dispatcher_speaker(client, clock=clock, finish_grace=2.0)
    speaker.event_text("Round 1.")
    speaker.event_text("Your turn.")
    run = estimate_seconds("Round 1.") + estimate_seconds("Your turn.")
    clock.now += run + run + 2.0  # the estimate's end, its length again, and the grace
    assert speaker.backlog() == QUIET_POLL  # still trusting the signal
    clock.now += 0.01
    assert speaker.backlog() == 0.0  # given up: the estimate has long said quiet
    assert not speaker.finish_signal
    assert lines == ["Round 1.", "Your turn."]  # nothing said about it
    client.fires = True
    speaker.event_text("Ayşe discards red 5.")
    client.end(3)
    # From now on the estimate alone, even though events come again.
    assert speaker.backlog() == pytest.approx(estimate_seconds("Ayşe discards red 5."))
    assert not speaker.finish_signal


def test_wait_quiet_wakes_on_end(monkeypatch: pytest.MonkeyPatch) -> None:
    """With a clock that stands still, neither the estimate nor giving up can end the wait."""
    client = FakeClient()
    output = Ao2Output(FakeAuto([FakeDispatcher(client)]))
    waiting = threading.Event()
    woken: list[bool | None] = []

    def wait_on_the_signal(timeout: float) -> bool | None:
        waiting.set()
        woken.append(Ao2Output.wait_quiet(output, timeout))
        return woken[-1]

    monkeypatch.setattr(output, "wait_quiet", wait_on_the_signal)
    speaker = Speaker(
        SpeechMode.AUTO, output, printer=lambda _: None, clock=FakeClock(), catalogue=EN
    )
    speaker.event_text(STORY)
    answers: list[bool] = []
    waiter = threading.Thread(
        target=lambda: answers.append(speaker.wait_quiet(3600.0)), daemon=True
    )
    waiter.start()
    assert waiting.wait(WAIT), "wait_quiet did not wait on the signal"
    time.sleep(0.05)  # let it block (an END before that proves less, but never fails)
    client.end()
    waiter.join(WAIT)  # a hang guard, far shorter than the estimate: only the END ends this
    assert not waiter.is_alive(), "the END did not wake wait_quiet"
    assert answers == [True]
    assert woken[-1] is True  # the signal's own wait came back quiet
    assert speaker.finish_signal  # and the signal was not given up


def test_wait_quiet_never_hangs_on_a_signal_that_never_comes() -> None:
    client = FakeClient(fires=False)
    speaker, _ = dispatcher_speaker(client, finish_grace=0.0)
    speaker.event_text("a")
    assert speaker.wait_quiet(WAIT)  # gave up after about twice the estimate
    assert not speaker.finish_signal
    assert speaker.quiet


def test_wait_quiet_times_out_while_the_voice_speaks() -> None:
    client = FakeClient()
    speaker, _ = dispatcher_speaker(client)
    speaker.event_text(LONG)
    assert not speaker.wait_quiet(0.01)
    client.end()
    assert speaker.wait_quiet(0.0)


def test_without_a_signal_the_estimate_is_used() -> None:
    clock = FakeClock()
    other = OtherOutput()
    output: SpeechOutput = Ao2Output(FakeAuto([other]))
    speaker = Speaker(SpeechMode.AUTO, output, printer=lambda _: None, clock=clock, catalogue=EN)
    assert not speaker.finish_signal
    speaker.event_text("Your turn.")
    assert speaker.backlog() == pytest.approx(estimate_seconds("Your turn."))
    clock.now += estimate_seconds("Your turn.")
    assert speaker.quiet
    assert speaker.wait_quiet(0.0)


def test_printing_modes_are_always_quiet() -> None:
    client = FakeClient(fires=False)
    output = Ao2Output(FakeAuto([FakeDispatcher(client)]))
    speaker = Speaker(SpeechMode.SCREEN_READER, output, printer=lambda _: None, catalogue=EN)
    speaker.event_text(LONG)
    assert speaker.quiet
    assert not speaker.finish_signal
    assert speaker.wait_quiet(0.0)


def test_closing_leaves_nothing_to_wait_for() -> None:
    client = FakeClient(fires=False)
    speaker, _ = dispatcher_speaker(client)
    speaker.event_text(LONG)
    assert not speaker.quiet
    speaker.close()
    assert speaker.quiet
    assert client.calls[-1] == "close"
