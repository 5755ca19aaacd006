"""Speech on a worker thread: a stuck or failing server never freezes the game."""

from __future__ import annotations

import threading
import time
from collections.abc import Callable

import pytest

from okey.speech import Speaker, SpeechMode
from okey.speech.background import BackgroundOutput, SpeechStuckError


class Recorder:
    """A speech output that records calls; it can be made to block or fail."""

    name = "Recorder"

    def __init__(self) -> None:
        self.spoken: list[tuple[str, bool]] = []
        self.release = threading.Event()
        self.release.set()
        self.fail = False
        self.closed = False

    def speak(self, text: str, *, interrupt: bool) -> None:
        self.release.wait()
        if self.fail:
            raise OSError("speech server gone")
        self.spoken.append((text, interrupt))

    def close(self) -> None:
        self.closed = True


def eventually(check: Callable[[], bool]) -> None:
    deadline = time.monotonic() + 5
    while not check():
        assert time.monotonic() < deadline
        time.sleep(0.01)


def test_messages_are_spoken_in_order_on_the_worker() -> None:
    inner = Recorder()
    output = BackgroundOutput(inner)
    for text in ("one", "two", "three"):
        output.speak(text, interrupt=False)
    eventually(lambda: len(inner.spoken) == 3)
    assert [text for text, _ in inner.spoken] == ["one", "two", "three"]
    output.close()
    assert inner.closed


def test_an_interrupt_goes_to_the_output_in_order() -> None:
    inner = Recorder()
    inner.release.clear()  # the server is busy with the first message
    output = BackgroundOutput(inner)
    output.speak("first", interrupt=False)
    output.speak("queued", interrupt=False)
    output.speak("answer", interrupt=True)
    inner.release.set()
    eventually(lambda: len(inner.spoken) == 3)
    assert inner.spoken == [("first", False), ("queued", False), ("answer", True)]
    output.close()


def test_a_stuck_server_never_blocks_and_is_dropped_once() -> None:
    inner = Recorder()
    inner.release.clear()  # never answers
    lines: list[str] = []
    speaker = Speaker(
        SpeechMode.AUTO, BackgroundOutput(inner, hang_after=0.05), printer=lines.append
    )

    def table() -> None:
        speaker.event_text("Round 1.")
        time.sleep(0.1)  # past hang_after: the server counts as stuck
        speaker.event_text("Your turn.")
        speaker.event_text("You draw red 5.")

    game = threading.Thread(target=table, daemon=True)
    game.start()
    game.join(10.0)  # a hang guard: the server answers nothing until released below
    assert not game.is_alive(), "the game waited on a stuck speech server"
    assert lines[:2] == ["Round 1.", "Your turn."]
    assert sum("Speech stopped working" in line for line in lines) == 1
    assert lines[-1] == "You draw red 5."
    assert speaker.backlog() == 0.0
    inner.release.set()
    speaker.close()


def test_a_failing_server_is_reported_on_the_next_message() -> None:
    inner = Recorder()
    inner.fail = True
    output = BackgroundOutput(inner)
    output.speak("hello", interrupt=False)
    eventually(lambda: output._failed is not None)
    with pytest.raises(SpeechStuckError):
        output.speak("again", interrupt=False)
    output.close()
