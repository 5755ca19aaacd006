"""Real audio, headless: the game's cues through miniaudio into a PulseAudio null sink,
recorded by parec (the recipe of ../shared/NOTES.md, in test_audio_support.py).

Each test plays through the same ``Sounds`` the table uses and reads what the sink
really played: that each cue makes sound, that a neighbour's cue comes from their
side, that the device stops when quiet and starts again. Without pulseaudio the tests
skip, except under CI (the CI variable set), where .ci/run installs it.
"""

from __future__ import annotations

import os
import time
from collections.abc import Iterator
from functools import partial

import pytest
from test_audio_support import (
    PulseServer,
    Recorder,
    missing_tools,
    pulse_server,
    rms,
    trim,
    wait_for,
)

from okey.audio import Cue, Position, Sounds, State, load_pack, position_of
from okey.audio.synth import RATE

HEARD = 0.003  # RMS (full scale 1) above the null sink's silence, 0.0
DEADLINE = 5.0


@pytest.fixture(scope="module")
def pulse() -> Iterator[PulseServer]:
    missing = missing_tools()
    if missing:
        what = ", ".join(missing)
        if os.environ.get("CI"):
            pytest.fail(f"{what} missing, and CI must have them (.ci/run installs them)")
        pytest.skip(f"{what} not installed (apt-get install pulseaudio pulseaudio-utils)")
    with pulse_server() as server:
        yield server


@pytest.fixture
def recorder(pulse: PulseServer) -> Recorder:
    assert pulse.recorder is not None
    return pulse.recorder


@pytest.fixture
def sounds(pulse: PulseServer) -> Iterator[Sounds]:
    notices: list[str] = []
    player = Sounds(
        bell=lambda: None,
        on_notice=lambda key, /, **fields: notices.append(key),
        pack=load_pack(None),
        volume=10,
        idle_stop=0.3,
        max_lag=DEADLINE,  # a loaded machine may start a cue late: here none is dropped
        open_wait=DEADLINE,
    )
    assert player.state is State.READY, notices
    assert player.device_name == "PulseAudio"
    yield player
    player.close()


def heard(recorder: Recorder, sounds: Sounds, cue: Cue, position: Position) -> tuple[float, float]:
    """Play a cue and return the (left, right) RMS of what the sink played of it (from
    its first sounding frame to its last, so the silence around it does not count)."""
    start = time.perf_counter()
    sounds.play(cue, position)
    assert sounds.wait_idle(DEADLINE)
    return rms(trim(recorder.played(start, DEADLINE)))


def sounding(recorder: Recorder, start: float) -> bool:
    return recorder.onset(start) is not None


def test_every_cue_is_heard(recorder: Recorder, sounds: Sounds) -> None:
    for cue in Cue:
        start = time.perf_counter()
        sounds.play(cue)
        # the first sound is enough to hear it; then the next one
        assert wait_for(partial(sounding, recorder, start), DEADLINE), cue
        time.sleep(0.05)
        sounds.mixer.clear()
        left, right = rms(recorder.since(start))
        assert left > HEARD and right > HEARD, (cue, left, right)
        time.sleep(0.03)


def test_the_left_players_cue_is_louder_on_the_left(recorder: Recorder, sounds: Sounds) -> None:
    left_seat = 3  # at four seats, the player before seat 0
    assert position_of(left_seat, 0, 4) is Position.LEFT
    left, right = heard(recorder, sounds, Cue.DISCARD, position_of(left_seat, 0, 4))
    assert left > HEARD and left > 4 * right, (left, right)


def test_the_right_players_cue_is_louder_on_the_right(recorder: Recorder, sounds: Sounds) -> None:
    assert position_of(1, 0, 4) is Position.RIGHT
    left, right = heard(recorder, sounds, Cue.DISCARD, position_of(1, 0, 4))
    assert right > HEARD and right > 4 * left, (left, right)


def test_own_and_across_are_in_the_middle_across_softer(recorder: Recorder, sounds: Sounds) -> None:
    own = heard(recorder, sounds, Cue.TAKE, Position.OWN)
    across = heard(recorder, sounds, Cue.TAKE, Position.ACROSS)
    for left, right in (own, across):
        assert left > HEARD and abs(left - right) < 0.05 * left
    assert 0.6 < across[0] / own[0] < 0.8  # -3 dB


def test_the_device_stops_when_quiet_and_starts_for_the_next_cue(
    pulse: PulseServer, recorder: Recorder, sounds: Sounds
) -> None:
    assert heard(recorder, sounds, Cue.CHAT, Position.OWN)[0] > HEARD
    assert wait_for(lambda: pulse.okey_streams() == [True])  # stopped: corked, no callbacks
    assert heard(recorder, sounds, Cue.CHAT, Position.OWN)[0] > HEARD
    assert pulse.okey_streams() == [False]


def test_a_cue_is_played_at_its_length(recorder: Recorder, sounds: Sounds) -> None:
    start = time.perf_counter()
    sounds.play(Cue.MATCH_OVER)
    assert sounds.wait_idle(DEADLINE)
    sound = trim(recorder.played(start, DEADLINE))
    assert sound
    played = len(sound) / 4 / RATE
    assert abs(played - len(load_pack(None).clips[Cue.MATCH_OVER]) / RATE) < 0.02


def test_closing_leaves_no_stream_behind(pulse: PulseServer) -> None:
    player = Sounds(
        bell=lambda: None, on_notice=lambda key, /, **fields: None, pack=load_pack(None)
    )
    player.play(Cue.DRAW)
    assert wait_for(lambda: pulse.okey_streams() == [False])
    player.close()
    assert pulse.okey_streams() == []
