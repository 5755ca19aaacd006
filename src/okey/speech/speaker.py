"""The Speaker: everything the game says goes through it.

Each message is rendered from the catalogue at the current verbosity, kept
in the history, spoken (in ``auto`` mode), printed as a plain line through
the front end's printer and appended to the transcript. Table events queue
behind what is being said; replies to the player's keys interrupt it.
``backlog``, ``quiet`` and ``wait_quiet`` tell whether the voice is done:
from the output's own "finished" signal where it has one
(speech-dispatcher), else from an estimate of the speech queued.
"""

from __future__ import annotations

import contextlib
import threading
import time
from collections.abc import Callable, Iterator
from types import TracebackType

from okey.errors import render
from okey.messages import Catalogue, Verbosity
from okey.speech.history import Edge, History, HistoryRead
from okey.speech.keys import SpeechCommand
from okey.speech.modes import SpeechMode
from okey.speech.outputs import FinishSignal, SpeechOutput
from okey.speech.transcript import Transcript
from okey.speech.utterance import Message, Text, Utterance

Printer = Callable[[str], None]
"""Shows one message as a plain line (default: print it to stdout)."""


def print_line(text: str) -> None:
    print(text, flush=True)


def print_line_if_possible(text: str) -> None:
    """Print after a full-screen front end has closed; the terminal may be gone too
    (SIGHUP), and then there is nobody to tell."""
    with contextlib.suppress(OSError, ValueError):
        print_line(text)


_STATUS_KEYS = {
    SpeechMode.SCREEN_READER: "speech.status.screen_reader",
    SpeechMode.OFF: "speech.status.off",
}
_VERBOSITY_KEYS = {
    Verbosity.BRIEF: "speech.now_brief",
    Verbosity.DETAILED: "speech.now_detailed",
}
_EDGE_KEYS = {Edge.OLDEST: "history.oldest", Edge.NEWEST: "history.newest"}


# A typical synthesiser at its default rate (espeak-ng: 175 words a minute).
CHARACTERS_PER_SECOND = 15.0
SECONDS_PER_MESSAGE = 0.3
# The "finished" signal counts as lost when the voice is still busy this long after
# the estimate's end plus, again, the time it had been busy by then (a voice half as fast).
FINISH_GRACE = 3.0
# While the signal says "busy" past the estimate, callers look again this often.
QUIET_POLL = 0.05


def estimate_seconds(text: str) -> float:
    """How long a synthesiser at its default rate takes to say text: the fallback estimate."""
    return SECONDS_PER_MESSAGE + len(text) / CHARACTERS_PER_SECOND


class Speaker:
    """Says, prints, records and recalls what the game tells the player.

    ``output`` speaks only in ``auto`` mode; the speaker owns it and closes
    it in ``close()``. Build one with ``make_speaker``; tests pass a fake
    output here directly, and may pass a ``clock`` and a shorter
    ``finish_grace`` (how long past the estimate a "finished" signal that
    does not come is waited for).
    """

    def __init__(
        self,
        mode: SpeechMode,
        output: SpeechOutput | None = None,
        *,
        printer: Printer = print_line,
        transcript: Transcript | None = None,
        verbosity: Verbosity = Verbosity.DETAILED,
        sounds: bool = True,
        catalogue: Catalogue,
        history: History | None = None,
        clock: Callable[[], float] = time.monotonic,
        finish_grace: float = FINISH_GRACE,
    ) -> None:
        self._mode = mode
        self._owned_output = output
        self._output = output if mode is SpeechMode.AUTO else None
        self._clock = clock
        self._finish_grace = finish_grace
        self._voiced_until = 0.0  # when the estimate says the queued speech ends
        self._run_start = 0.0  # when that stretch of speech began
        self._give_up_at = 0.0
        self._signal_lost = False
        self._printer = printer
        self._transcript = transcript
        self._verbosity = verbosity
        self._sounds = sounds
        self._catalogue = catalogue
        self._history = history if history is not None else History()
        self._lock = threading.RLock()
        self._answering: bool | None = None  # inside one_answer: has it interrupted yet
        self._ahead: list[str] = []  # said before the front end: not said again
        self._saying_ahead = False
        self._closed = False

    # What the player hears

    def say(self, utterance: Utterance, *, interrupt: bool = False) -> str:
        """Say a message and keep it in the history; returns the text said."""
        with self._lock:
            if self._answering is not None:  # one answer: only its first message cuts in
                cut = interrupt and not self._answering
                self._answering = self._answering or interrupt
                interrupt = cut
            text = utterance.render(self._catalogue, self._verbosity)
            if self._saying_ahead:
                self._ahead.append(text)
            elif text in self._ahead:  # the front end's first words, said already
                self._ahead.remove(text)
                return text
            self._history.append(text)
            self._deliver(text, interrupt=interrupt)
            return text

    @contextlib.contextmanager
    def ahead(self) -> Iterator[None]:
        """While it lasts, what is said is the front end's first words, said before it
        has loaded (a blind player hears the game start at once): each such line, when
        the front end says it, is then neither spoken, printed, kept nor written again."""
        with self._lock:
            outer, self._saying_ahead = self._saying_ahead, True
            try:
                yield
            finally:
                self._saying_ahead = outer

    @contextlib.contextmanager
    def one_answer(self) -> Iterator[None]:
        """While it lasts, the messages said make one answer: only the first one that
        would interrupt does; the others queue behind it."""
        with self._lock:
            outer = self._answering
            if outer is None:
                self._answering = False
        try:
            yield
        finally:
            with self._lock:
                if outer is None:
                    self._answering = None

    def event(self, key: str, /, **fields: object) -> str:
        """A table event: queued behind what is being said."""
        return self.say(Message.of(key, **fields))

    def reply(self, key: str, /, **fields: object) -> str:
        """An answer to the player's key: cuts off what is being said."""
        return self.say(Message.of(key, **fields), interrupt=True)

    def event_text(self, text: str) -> str:
        """A table event already put together from catalogue texts."""
        return self.say(Text(text))

    def reply_text(self, text: str) -> str:
        """An answer already put together from catalogue texts."""
        return self.say(Text(text), interrupt=True)

    # History keys: each read interrupts and is not added to the history

    def older(self) -> str:
        return self._read(self._history.older())

    def newer(self) -> str:
        return self._read(self._history.newer())

    def oldest(self) -> str:
        return self._read(self._history.oldest())

    def newest(self) -> str:
        return self._read(self._history.newest())

    def _read(self, read: HistoryRead) -> str:
        with self._lock:
            if read.text is None:
                text = self._catalogue.text("history.empty")
            elif read.edge is None:
                text = read.text
            else:
                text = self._catalogue.text(_EDGE_KEYS[read.edge], text=read.text)
            self._deliver(text, interrupt=True)
            return text

    # Settings

    @property
    def mode(self) -> SpeechMode:
        return self._mode

    @property
    def speaking(self) -> bool:
        """True when messages are voiced by an output (``auto`` mode with a route)."""
        return self._output is not None

    @property
    def route(self) -> str | None:
        """The name of the output that speaks, or None."""
        return self._output.name if self._output is not None else None

    @property
    def verbosity(self) -> Verbosity:
        return self._verbosity

    @property
    def catalogue(self) -> Catalogue:
        """The player's language: every text this speaker says, and the table's."""
        return self._catalogue

    @property
    def sounds(self) -> bool:
        """Whether sounds are on, as the speech status says (the table's cues are played
        by :class:`okey.audio.Sounds`, which the table turns on and off with this)."""
        return self._sounds

    @property
    def history(self) -> History:
        return self._history

    def set_verbosity(self, verbosity: Verbosity, *, announce: bool = False) -> None:
        self._verbosity = verbosity
        if announce:
            self.reply(_VERBOSITY_KEYS[verbosity])

    def toggle_verbosity(self) -> Verbosity:
        """Switch brief and detailed, and say which is now on."""
        other = Verbosity.BRIEF if self._verbosity is Verbosity.DETAILED else Verbosity.DETAILED
        self.set_verbosity(other, announce=True)
        return other

    def set_sounds(self, on: bool, *, announce: bool = False) -> None:
        self._sounds = on
        if announce:
            self.reply("speech.sounds_on" if on else "speech.sounds_off")

    def toggle_sounds(self) -> bool:
        """Turn sounds on or off, and say which."""
        self.set_sounds(not self._sounds, announce=True)
        return self._sounds

    def status(self) -> str:
        """Say the speech settings: route, verbosity, sounds."""
        if self._mode is not SpeechMode.AUTO:
            mode = self._catalogue.text(_STATUS_KEYS[self._mode])
        elif self._output is None:
            mode = self._catalogue.text("speech.status.auto_no_route")
        else:
            mode = self._catalogue.text("speech.status.auto", route=self._output.name)
        return self.reply(
            "speech.status",
            mode=mode,
            verbosity=self._catalogue.text(_VERBOSITY_KEYS[self._verbosity]),
            sounds=self._catalogue.text(
                "speech.sounds_on" if self._sounds else "speech.sounds_off"
            ),
        )

    def run(self, command: SpeechCommand) -> None:
        """Carry out a speech key's command."""
        actions: dict[SpeechCommand, Callable[[], object]] = {
            SpeechCommand.OLDER: self.older,
            SpeechCommand.NEWER: self.newer,
            SpeechCommand.OLDEST: self.oldest,
            SpeechCommand.NEWEST: self.newest,
            SpeechCommand.TOGGLE_VERBOSITY: self.toggle_verbosity,
            SpeechCommand.TOGGLE_SOUNDS: self.toggle_sounds,
            SpeechCommand.STATUS: self.status,
        }
        actions[command]()

    # The front end and the end

    def attach(self, *, printer: Printer | None = None) -> None:
        """Route lines to the front end once it has the screen."""
        if printer is not None:
            self._printer = printer

    def close(self) -> None:
        """Close the output and the transcript; the speaker then only prints."""
        with self._lock:
            if self._closed:
                return
            self._closed = True
            self._output = None
            if self._owned_output is not None:
                self._owned_output.close()
            if self._transcript is not None:
                self._transcript.close(self._catalogue)

    def __enter__(self) -> Speaker:
        return self

    def __exit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        traceback: TracebackType | None,
    ) -> None:
        self.close()

    # Delivery

    def _deliver(self, text: str, *, interrupt: bool) -> None:
        lost = self._speak(text, interrupt=interrupt)
        self._printer(text)
        if self._transcript is not None:
            self._transcript.write(text)
            failed = self._transcript.take_notice()
            if failed is not None:  # the transcript stopped: shown once, kept in history
                shown = render(failed, self._catalogue)
                self._history.append(shown)
                self._printer(shown)
        if lost:
            notice = self._catalogue.variant("speech.lost", self._verbosity)
            self._history.append(notice)
            self._printer(notice)
            if self._transcript is not None:
                self._transcript.write(notice)

    # Waiting for the voice

    def backlog(self) -> float:
        """Seconds of speech still to be heard; 0.0 once the voice is quiet.

        The table lets bots wait for this, so a listener hears every move in
        turn. With a "finished" signal it is 0.0 exactly when the output says
        so (until then the estimate, at least ``QUIET_POLL``); otherwise it is
        estimated from the length of what was queued.
        """
        output = self._output
        if output is None:
            return 0.0
        estimate = max(0.0, self._voiced_until - self._clock())
        busy = self._heard_busy(output)
        if busy is None:
            return estimate
        return max(estimate, QUIET_POLL) if busy else 0.0

    @property
    def quiet(self) -> bool:
        """True when nothing said is still to be heard."""
        return self.backlog() == 0.0

    @property
    def finish_signal(self) -> bool:
        """True while quiet comes from the output's own "finished" signal, not the estimate."""
        output = self._output
        return output is not None and self._heard_busy(output) is not None

    def wait_quiet(self, timeout: float) -> bool:
        """Block at most ``timeout`` seconds until the voice is quiet; True if it is.

        For callers outside an event loop; the table polls ``backlog`` instead.
        """
        deadline = self._clock() + timeout
        while (backlog := self.backlog()) > 0.0:
            now = self._clock()
            if now >= deadline:
                return False
            step = min(backlog, deadline - now)
            output = self._output
            if isinstance(output, FinishSignal) and self.finish_signal:
                # Woken by the signal itself, but never past the point of giving up on it.
                output.wait_quiet(min(step, max(0.0, self._give_up_at - now)))
            else:
                time.sleep(step)
        return True

    def _heard_busy(self, output: SpeechOutput) -> bool | None:
        """The output's own answer to "still speaking?", or None: estimate instead.

        A signal that stays busy far past the estimate is given up on, once and
        silently: a report that never comes must not keep the game waiting.
        """
        if self._signal_lost or not isinstance(output, FinishSignal):
            return None
        busy = output.busy()
        if busy and self._clock() > self._give_up_at:
            self._signal_lost = True
            return None
        return busy

    def _speak(self, text: str, *, interrupt: bool) -> bool:
        """Voice text; returns True if the output just failed (it is then dropped)."""
        output = self._output
        if output is None:
            return False
        now = self._clock()
        busy = self._heard_busy(output)
        idle = interrupt or busy is False
        start = now if idle else max(now, self._voiced_until)
        # A new stretch of speech begins only when the voice is really idle: a signal
        # still saying "busy" past the estimate is a slow voice, not a quiet one.
        if idle or (busy is None and start <= now):
            self._run_start = now
        self._voiced_until = start + estimate_seconds(text)
        run = self._voiced_until - self._run_start
        self._give_up_at = self._voiced_until + run + self._finish_grace
        try:
            output.speak(text, interrupt=interrupt)
        except Exception:  # any failure of a third-party output: carry on printing
            self._output = None
            with contextlib.suppress(Exception):  # the output is broken already
                output.close()
            return True
        return False
