"""Speech on a worker thread: a stuck or failing server never freezes the game."""

from __future__ import annotations

import contextlib
import threading
import time
from collections.abc import Callable, Iterator

import pytest
from speech_samples import EN

from okey.speech import Message, Probe, Speaker, SpeechMode, background, make_speaker, routes
from okey.speech.background import BackgroundOutput, SpeechStuckError, open_background_output


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
    output = BackgroundOutput.around(inner)
    for text in ("one", "two", "three"):
        output.speak(text, interrupt=False)
    eventually(lambda: len(inner.spoken) == 3)
    assert [text for text, _ in inner.spoken] == ["one", "two", "three"]
    output.close()
    assert inner.closed


def test_an_interrupt_goes_to_the_output_in_order() -> None:
    inner = Recorder()
    inner.release.clear()  # the server is busy with the first message
    output = BackgroundOutput.around(inner)
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
        SpeechMode.AUTO,
        BackgroundOutput.around(inner, hang_after=0.05),
        printer=lines.append,
        catalogue=EN,
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
    output = BackgroundOutput.around(inner)
    output.speak("hello", interrupt=False)
    eventually(lambda: output._failed is not None)
    with pytest.raises(SpeechStuckError):
        output.speak("again", interrupt=False)
    output.close()


# -- the probe, on the worker and with a time limit ----------------------------------------


class ThreadRecorder(Recorder):
    """Records the thread of every call, and of its own making."""

    def __init__(self) -> None:
        super().__init__()
        self.threads: list[tuple[str, int]] = [("built", threading.get_ident())]

    def speak(self, text: str, *, interrupt: bool) -> None:
        self.threads.append(("speak", threading.get_ident()))
        super().speak(text, interrupt=interrupt)

    def close(self) -> None:
        self.threads.append(("close", threading.get_ident()))
        super().close()


def test_the_output_is_built_used_and_closed_on_the_worker_only() -> None:
    made: list[ThreadRecorder] = []
    entered: list[int] = []

    @contextlib.contextmanager
    def setup() -> Iterator[None]:
        entered.append(threading.get_ident())
        yield
        entered.append(threading.get_ident())

    def prober() -> Probe:
        made.append(ThreadRecorder())
        return Probe(made[0])

    output = BackgroundOutput(prober, setup=setup)
    assert output.wait_ready(5.0) is not None
    output.speak("hello", interrupt=False)
    eventually(lambda: bool(made[0].spoken))
    output.close()
    assert {thread for _, thread in made[0].threads} == {output.thread.ident}
    assert [what for what, _ in made[0].threads] == ["built", "speak", "close"]
    assert entered == [output.thread.ident] * 2  # COM's apartment: around all of it
    assert threading.get_ident() != output.thread.ident


def test_a_probe_that_does_not_answer_in_time_means_printing_and_one_notice() -> None:
    answer = threading.Event()
    late = ThreadRecorder()

    def stuck() -> Probe:
        answer.wait(10.0)
        return Probe(late)

    started = time.monotonic()
    probe = open_background_output(0.2, stuck)
    assert 0.15 <= time.monotonic() - started < 2.0
    assert probe.output is None
    assert probe.notices == (Message.of("speech.no_answer", seconds="0.2"),)
    answer.set()
    eventually(lambda: late.closed)  # found too late: closed unused
    assert late.spoken == []


def test_a_server_being_started_is_given_longer() -> None:
    def starting() -> Probe:
        routes._server_starts()  # what speech-dispatcher's connection does first
        time.sleep(0.4)
        return Probe(Recorder())

    probe = open_background_output(0.1, starting, start_timeout=5.0)
    assert probe.output is not None
    probe.output.close()


def test_the_speaker_says_once_that_speech_did_not_answer() -> None:
    answer = threading.Event()

    def stuck() -> Probe:
        answer.wait(10.0)
        return Probe(None)

    lines: list[str] = []
    speaker = make_speaker(
        SpeechMode.AUTO,
        printer=lines.append,
        output_factory=lambda: open_background_output(0.05, stuck),
        reader_finder=lambda: None,
        catalogue=EN,
    )
    speaker.event("event.your_turn")
    speaker.close()
    answer.set()
    assert lines[0].startswith("Speech did not answer within 0.05 seconds; printing only.")
    assert lines[1:] == ["Your turn: draw from the middle or take the discard on your left."]
    assert not speaker.speaking


def test_a_probe_started_early_is_taken_and_its_time_counts_from_then() -> None:
    answer = threading.Event()
    made: list[Recorder] = []

    def slow() -> Probe:
        answer.wait(10.0)
        made.append(Recorder())
        return Probe(made[-1])

    background.start_early(slow)
    background.start_early(slow)  # once is enough
    time.sleep(0.3)
    started = time.monotonic()
    probe = background.open_background_output(0.4)  # 0.3 s of it spent already
    assert time.monotonic() - started < 0.3
    assert probe.output is None and background._early == []
    answer.set()
    eventually(lambda: bool(made) and made[0].closed)
    assert len(made) == 1

    background.start_early(lambda: Probe(Recorder()))
    taken = background.open_background_output()
    assert isinstance(taken.output, BackgroundOutput)
    taken.output.close()


def test_a_failing_probe_is_no_speech() -> None:
    def broken() -> Probe:
        raise RuntimeError("the DLL is for another machine")

    probe = open_background_output(5.0, broken)
    assert probe.output is None
    assert "RuntimeError: the DLL is for another machine" in probe.diagnostics
