"""Sounds, the table's interface: never blocks, falls back to the bell with one notice,
stops the device when quiet, obeys volume and on/off, and says which cues may stand
alone. Fakes stand for the device where a failure has to be made; the real library
plays through its null backend (its own rendering, paced like a sound card) and, with
no server to reach, fails as a missing device does."""

from __future__ import annotations

import math
import threading
from array import array
from pathlib import Path
from typing import Any

import pytest
from test_audio_support import wait_for

from okey.audio import (
    BELL_CUES,
    STANDALONE,
    VOLUME_STEPS,
    Cue,
    DeviceError,
    MiniaudioDevice,
    Position,
    Sounds,
    State,
    load_pack,
    volume_gain,
)
from okey.audio.device import DeviceOpener, Pull

PACK = load_pack(None)
DEADLINE = 5.0


class FakeDevice:
    """A device the test drives: it pulls only when told to."""

    name = "fake"

    def __init__(self, *, fail_start: bool = False) -> None:
        self.pull: Pull | None = None
        self.starts = 0
        self.stops = 0
        self.closed = False
        self.fail_start = fail_start

    def start(self, pull: Pull) -> None:
        if self.fail_start:
            raise DeviceError("it broke")
        self.pull = pull
        self.starts += 1

    def stop(self) -> None:
        self.pull = None
        self.stops += 1

    def close(self) -> None:
        self.closed = True


class Heard:
    """What the player was told, and how often the bell rang (and on which thread)."""

    def __init__(self) -> None:
        self.notices: list[str] = []
        self.bells = 0
        self.threads: set[threading.Thread] = set()

    def notice(self, key: str, /, **fields: object) -> None:
        self.threads.add(threading.current_thread())
        self.notices.append(key)

    def bell(self) -> None:
        self.threads.add(threading.current_thread())
        self.bells += 1


def make(heard: Heard, device: DeviceOpener, **options: Any) -> Sounds:
    return Sounds(bell=heard.bell, on_notice=heard.notice, pack=PACK, open_device=device, **options)


def no_device() -> FakeDevice:
    raise DeviceError("no device here")


def test_no_device_rings_the_bell_for_the_cues_that_ask_for_action_and_says_so_once() -> None:
    heard = Heard()
    sounds = make(heard, no_device)
    for _ in range(2):
        for cue in Cue:
            sounds.play(cue, Position.LEFT)
    assert heard.notices == ["audio.no_device"]
    assert heard.bells == 2 * len(BELL_CUES)
    assert sounds.state is State.BELL
    assert not any(sounds.stands_alone(cue) for cue in Cue)
    sounds.close()


def test_the_real_library_with_no_server_to_reach_falls_back_to_the_bell(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capfd: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setenv("PULSE_SERVER", f"unix:{tmp_path}/no-server")
    heard = Heard()
    sounds = make(heard, lambda: MiniaudioDevice(["PULSEAUDIO"]))
    sounds.play(Cue.YOUR_TURN)
    sounds.play(Cue.DRAW)
    sounds.close()
    assert heard.notices == ["audio.no_device"]
    assert heard.bells == 1
    assert capfd.readouterr().err == ""  # nothing from the C libraries on the screen


def test_the_libraries_own_rendering_plays_each_cue_to_its_end() -> None:
    heard = Heard()
    # A loaded machine may open the device, or run the worker, later than a player
    # would accept (those cues are dropped by design): here every cue must play.
    sounds = make(heard, lambda: MiniaudioDevice(["NULL"]), max_lag=DEADLINE, open_wait=DEADLINE)
    assert sounds.state is State.READY and sounds.device_name == "Null"
    frames = 0
    for cue, position in ((Cue.DRAW, Position.RIGHT), (Cue.MATCH_OVER, Position.LEFT)):
        sounds.play(cue, position)
        assert sounds.wait_idle(DEADLINE)
        frames += len(PACK.clips[cue])
        assert sounds.mixer.frames_out == frames
    assert sounds.mixer.cues_started == 2
    assert heard.notices == [] and heard.bells == 0
    sounds.close()


def test_notices_and_the_bell_come_on_the_callers_thread() -> None:
    gate = threading.Event()

    def slow_no_device() -> FakeDevice:
        gate.wait(DEADLINE)
        return no_device()

    heard = Heard()
    sounds = make(heard, slow_no_device, open_wait=0.0)
    gate.set()
    assert wait_for(lambda: sounds.state is State.BELL)
    assert heard.notices == []  # waiting for the caller's next call
    sounds.play(Cue.YOUR_TURN)
    assert heard.notices == ["audio.no_device"] and heard.bells == 1
    assert heard.threads == {threading.current_thread()}
    sounds.close()


def test_play_never_waits_for_the_device() -> None:
    release = threading.Event()

    class Stuck(FakeDevice):
        def start(self, pull: Pull) -> None:
            release.wait(DEADLINE)
            super().start(pull)

    device = Stuck()
    heard = Heard()
    sounds = make(heard, lambda: device)
    for _ in range(20):
        sounds.play(Cue.DRAW)  # the worker is stuck in start(): these only queue
    assert not release.is_set() and device.starts == 0
    release.set()
    assert wait_for(lambda: device.starts == 1)
    sounds.close()


def test_a_device_that_fails_to_start_hands_over_to_the_bell() -> None:
    heard = Heard()
    sounds = make(heard, lambda: FakeDevice(fail_start=True))
    sounds.play(Cue.DRAW)
    assert wait_for(lambda: sounds.state is State.BELL)
    sounds.play(Cue.WIN_POSSIBLE)
    sounds.play(Cue.WIN_POSSIBLE)
    assert heard.notices == ["audio.failed"] and heard.bells == 2
    sounds.close()


def test_a_device_that_stops_asking_for_sound_counts_as_failed() -> None:
    device = FakeDevice()  # started, but never pulls
    heard = Heard()
    sounds = make(heard, lambda: device, stall=0.1)
    sounds.play(Cue.DRAW)
    assert wait_for(lambda: sounds.state is State.BELL)
    assert device.closed
    sounds.play(Cue.TIMER_WARNING)
    assert heard.notices == ["audio.failed"] and heard.bells == 1
    sounds.close()


def test_the_device_stops_when_quiet_and_starts_again_for_the_next_cue() -> None:
    device = FakeDevice()
    sounds = make(Heard(), lambda: device, idle_stop=0.05)
    sounds.play(Cue.CHAT)
    assert wait_for(lambda: device.pull is not None)
    while device.pull is not None and sounds.mixer.busy:
        device.pull(441)
    assert wait_for(lambda: device.stops == 1)
    sounds.play(Cue.CHAT)
    assert wait_for(lambda: device.starts == 2)
    sounds.close()
    assert device.closed


def pulled(sounds: Sounds, device: FakeDevice, cue: Cue, position: Position) -> array[int]:
    """Play a cue and pull all of it from the fake device."""
    sounds.play(cue, position)
    assert wait_for(lambda: device.pull is not None and sounds.mixer.busy)
    out = array("h")
    while sounds.mixer.busy:
        assert device.pull is not None
        out.frombytes(device.pull(441))
    return out


def level(samples: array[int]) -> float:
    return math.sqrt(sum(value * value for value in samples) / len(samples))


def test_the_volume_scales_the_cue_in_steps_of_3_db() -> None:
    device = FakeDevice()
    sounds = make(Heard(), lambda: device, volume=VOLUME_STEPS, idle_stop=60.0)
    loud = pulled(sounds, device, Cue.DISCARD, Position.OWN)
    assert sounds.softer() == VOLUME_STEPS - 1
    soft = pulled(sounds, device, Cue.DISCARD, Position.OWN)
    assert 20 * math.log10(level(soft) / level(loud)) == pytest.approx(-3.0, abs=0.05)
    left = pulled(sounds, device, Cue.DISCARD, Position.LEFT)
    assert level(left[0::2]) > 4 * level(left[1::2])
    sounds.close()


def test_volume_runs_from_silent_to_full_in_steps() -> None:
    assert volume_gain(0) == 0.0
    assert volume_gain(VOLUME_STEPS) == 1.0
    assert volume_gain(VOLUME_STEPS - 2) == pytest.approx(10 ** (-6 / 20))
    sounds = make(Heard(), FakeDevice, volume=1)
    assert sounds.softer() == 0
    assert sounds.softer() == 0
    assert sounds.set_volume(99) == VOLUME_STEPS
    assert sounds.louder() == VOLUME_STEPS
    assert sounds.set_volume(4) == 4 and sounds.volume == 4
    sounds.close()


def test_volume_0_and_sounds_off_play_nothing_not_even_the_bell() -> None:
    heard = Heard()
    sounds = make(heard, no_device)
    heard.notices.clear()
    sounds.set_volume(0)
    sounds.play(Cue.YOUR_TURN)
    sounds.set_volume(5)
    sounds.set_enabled(False)
    sounds.play(Cue.YOUR_TURN)
    assert heard.bells == 0
    sounds.set_enabled(True)
    sounds.play(Cue.YOUR_TURN)
    assert heard.bells == 1
    sounds.close()


def recording_opener() -> tuple[list[FakeDevice], DeviceOpener]:
    """A device opener, and the devices it has opened."""
    opened: list[FakeDevice] = []

    def opener() -> FakeDevice:
        opened.append(FakeDevice())
        return opened[-1]

    return opened, opener


def test_sounds_off_from_the_start_opens_no_device_until_turned_on() -> None:
    opened, opener = recording_opener()
    sounds = make(Heard(), opener, enabled=False)
    sounds.play(Cue.DRAW)
    assert sounds.state is State.OFF and opened == []
    sounds.set_enabled(True)
    assert wait_for(lambda: sounds.state is State.READY)
    sounds.play(Cue.DRAW)
    assert wait_for(lambda: opened[0].starts == 1)
    sounds.close()


def test_a_device_opened_at_the_first_sound_is_not_opened_before_it() -> None:
    opened, opener = recording_opener()
    sounds = make(Heard(), opener, at_first_sound=True)
    assert sounds.state is State.OFF and opened == []
    assert not sounds.stands_alone(Cue.DRAW)  # nothing is heard yet
    sounds.play(Cue.DRAW)
    assert wait_for(lambda: bool(opened) and opened[0].starts == 1)
    assert wait_for(lambda: sounds.state is State.READY) and sounds.stands_alone(Cue.DRAW)
    sounds.close()


def test_no_device_found_at_the_first_sound_rings_the_bell_from_then_on() -> None:
    heard = Heard()
    sounds = make(heard, no_device, at_first_sound=True)
    assert heard.notices == []
    sounds.play(Cue.YOUR_TURN)
    assert wait_for(lambda: sounds.state is State.BELL)
    rung = heard.bells  # the first cue's too, if the device failed before it was queued
    sounds.play(Cue.YOUR_TURN)
    assert heard.notices == ["audio.no_device"] and heard.bells == rung + 1
    sounds.close()


def test_only_the_cues_that_say_it_all_stand_alone_and_only_while_heard() -> None:
    sounds = make(Heard(), FakeDevice)
    assert {cue for cue in Cue if sounds.stands_alone(cue)} == STANDALONE
    assert Cue.DRAW in STANDALONE and Cue.DISCARD not in STANDALONE
    sounds.set_volume(0)
    assert not sounds.stands_alone(Cue.DRAW)
    sounds.set_volume(3)
    sounds.set_enabled(False)
    assert not sounds.stands_alone(Cue.DRAW)
    sounds.close()


def test_a_cue_that_could_not_start_in_time_is_dropped_not_played_late() -> None:
    now = [0.0]
    gate = threading.Event()

    def slow_opener() -> FakeDevice:
        gate.wait(DEADLINE)
        return device

    device = FakeDevice()
    sounds = make(Heard(), slow_opener, clock=lambda: now[0], open_wait=0.0)
    sounds.play(Cue.DRAW)  # asked at 0.0, while the device is still opening
    now[0] = 1.0
    sounds.play(Cue.CHAT)  # asked at 1.0
    gate.set()
    assert wait_for(lambda: device.starts == 1)
    assert device.pull is not None
    first = device.pull(len(PACK.clips[Cue.CHAT]) + 10)
    assert len(first) == 4 * len(PACK.clips[Cue.CHAT])  # the chat only: the draw was dropped
    sounds.close()


def test_close_ends_the_worker_and_may_be_called_twice() -> None:
    before = {thread for thread in threading.enumerate() if thread.name == "okey-sounds"}
    device = FakeDevice()
    sounds = make(Heard(), lambda: device)
    sounds.play(Cue.DRAW)
    sounds.close()
    sounds.close()
    assert device.closed and sounds.state is State.CLOSED
    after = {thread for thread in threading.enumerate() if thread.name == "okey-sounds"}
    assert after <= before
    sounds.play(Cue.DRAW)  # after close: nothing, and no error
