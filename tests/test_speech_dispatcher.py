"""Real speech-dispatcher, headless: words the game says reach it and make sound.

The recipe is the one in ../shared/NOTES.md: a private HOME and
XDG_RUNTIME_DIR, a speechd.conf that logs everything (LogLevel 5) and
speaks with espeak-ng through ALSA, and an .asoundrc whose default device
is the ALSA file plugin writing raw audio to a file (speechd_headless.py).
The game's Speaker autospawns the server through accessible-output2; the
tests then read the server's log for the DATA lines of the words, ask sox
for the RMS of the audio, and wait for the server's END: with the sound
played at a sound card's pace, the Speaker turns quiet only once the words
have been played. Without the software the tests skip, except under CI (the
CI environment variable set), where .ci/run installs it and missing
software fails them.
"""

from __future__ import annotations

import os
import shutil
import threading
import time
from collections.abc import Callable, Iterator
from typing import NoReturn, TypeVar

import pytest
from speech_samples import EN
from speechd_headless import (
    Headless,
    missing_software,
    new_root,
    private_environment,
    start_player,
    write_config,
)

from okey.speech import Speaker, SpeechMode, make_speaker
from okey.tiles import Colour, Tile

T = TypeVar("T")

DEADLINE = 10.0
"""Seconds any one step may take before the test fails instead of hanging."""

SLACK = 0.25
"""Seconds of sound the paced player may still hold when the server reports an end
(its pipe, 4 KiB, is 0.09 s of sound; ALSA's own buffer adds a little)."""


def missing(what: str) -> NoReturn:
    """Skip for a missing tool, or fail under CI, which installs it."""
    if os.environ.get("CI"):
        pytest.fail(f"{what} is missing, and CI must have it (.ci/run installs it)")
    pytest.skip(
        f"{what} is not installed (apt-get install speech-dispatcher "
        "speech-dispatcher-espeak-ng espeak-ng sox)"
    )


def require_software() -> None:
    what = missing_software()
    if what is not None:
        missing(what)


def within(seconds: float, action: Callable[[], T]) -> T:
    """Run action in a thread; fail the test if it has not returned in time."""
    results: list[T] = []
    errors: list[BaseException] = []

    def run() -> None:
        try:
            results.append(action())
        except BaseException as error:
            errors.append(error)

    thread = threading.Thread(target=run, daemon=True)
    thread.start()
    thread.join(seconds)
    if thread.is_alive():
        pytest.fail(f"speech did not return within {seconds} s")
    if errors:
        raise errors[0]
    return results[0]


def headless_server(paced: bool) -> Iterator[Headless]:
    require_software()
    setup = write_config(new_root(), paced=paced)
    player = start_player(setup) if paced else None
    try:
        with private_environment(setup):
            yield setup
    finally:
        setup.kill()
        if player is not None:
            player.kill()
            player.wait(DEADLINE)
        shutil.rmtree(setup.root, ignore_errors=True)


@pytest.fixture
def headless() -> Iterator[Headless]:
    """Sound written to a file as fast as it comes."""
    yield from headless_server(paced=False)


@pytest.fixture
def paced() -> Iterator[Headless]:
    """Sound taken at the pace of a sound card, so a message lasts as long as its words."""
    yield from headless_server(paced=True)


def wait_for(condition: Callable[[], bool], seconds: float = DEADLINE) -> bool:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if condition():
            return True
        time.sleep(0.05)
    return condition()


def settled(setup: Headless) -> float:
    """Seconds of sound played once the player has stopped taking more."""
    last = -1.0
    deadline = time.monotonic() + DEADLINE
    while (seconds := setup.audio_seconds()) != last and time.monotonic() < deadline:
        last = seconds
        time.sleep(0.2)
    return seconds


def test_words_reach_speech_dispatcher_and_make_sound(
    headless: Headless, capfd: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    # The client registers a message's callback only after the server's answer, and
    # drops an END that came first. Here no callback is ever registered, as if every
    # END won that race: the voice must hear the END all the same.
    monkeypatch.setattr(
        "speechd.client._CallbackHandler.add_callback", lambda *_args, **_kwargs: None
    )
    lines: list[str] = []
    red5 = EN.tile(Tile.face(Colour.RED, 5))
    discard = {"seat": "Left", "where": "on your left", "name": "Ayşe", "tile": red5}

    def speak() -> tuple[Speaker, list[str]]:
        speaker = make_speaker(SpeechMode.AUTO, headless.transcript, lines.append, catalogue=EN)
        said = [
            speaker.event("event.discard", **discard),
            speaker.event("event.your_turn"),
            speaker.reply("speech.sounds_on"),
        ]
        return speaker, said

    speaker, said = within(DEADLINE, speak)
    try:
        assert speaker.speaking, f"no speech route; printed {lines}"
        assert speaker.route == "Linux Speech Dispatcher"
        assert said[0] == "Ayşe, on your left, discarded red 5"
        assert lines == said  # no "No speech found" notice, and every message printed

        assert wait_for(lambda: said[-1] in headless.data_lines()), (
            f"server log {headless.log} lacks the words; DATA lines: {headless.data_lines()}"
        )
        spoken = [line for line in headless.data_lines() if line in said]
        assert spoken == said  # in order, exact words
        # The reply interrupted: a CANCEL reached the server before its words.
        data = headless.data_lines()
        assert "CANCEL self" in data[data.index(said[1]) : data.index(said[2])]

        assert wait_for(lambda: headless.rms() > 0), "speech-dispatcher made no sound"
        # The server's END for the reply (the events before it were cancelled), heard
        # though its callback was never registered: quiet came from it, not from giving up.
        assert speaker.wait_quiet(DEADLINE), "speech-dispatcher never said it had finished"
        assert speaker.finish_signal
    finally:
        within(DEADLINE, speaker.close)

    assert headless.transcript.read_text(encoding="utf-8").splitlines() == said
    assert capfd.readouterr() == ("", "")  # accessible-output2 printed nothing


def test_quiet_comes_with_the_real_end_once_the_words_were_played(paced: Headless) -> None:
    lines: list[str] = []
    speaker = within(
        DEADLINE,
        lambda: make_speaker(SpeechMode.AUTO, None, lines.append, verbosity="brief", catalogue=EN),
    )
    try:
        assert speaker.route == "Linux Speech Dispatcher", f"no speech route; printed {lines}"
        assert speaker.finish_signal
        started = time.monotonic()
        said = speaker.event("event.your_turn")
        assert not speaker.quiet
        assert speaker.wait_quiet(DEADLINE), "speech-dispatcher never said it had finished"
        took = time.monotonic() - started
        at_end = paced.audio_seconds()
        assert speaker.finish_signal  # quiet came from the server, not from giving up on it
        assert said in paced.data_lines()
        total = settled(paced)
        assert total > 0.3, f"only {total:.2f} s of sound for {said!r}"
        # The server said END with at most the player's pipe of sound still to play.
        assert total - at_end <= SLACK, f"END with {total - at_end:.2f} s of sound to come"
        assert took >= total - SLACK, f"quiet after {took:.2f} s; the sound lasts {total:.2f} s"
    finally:
        within(DEADLINE, speaker.close)
