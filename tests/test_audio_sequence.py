"""Cues one after another (a move's draw, then its discard), the bell a front end gives,
and the backends ``$OKEY_AUDIO_BACKEND`` names."""

from __future__ import annotations

import time
from array import array

import pytest
from sounds_support import PACK, DrainedDevice, real_sounds
from test_audio_support import rms, wait_for

from okey.audio import Cue, DeviceError, Position, State
from okey.audio.device import BACKEND_VAR, backends_wanted, open_default
from okey.audio.mixer import Mixer
from okey.audio.player import CUE_GAP, LONGEST_STEP
from okey.audio.synth import RATE


def _left(data: bytes) -> list[int]:  # the mixer's own byte order
    samples = array("h", data)
    return list(samples[0::2])


def test_a_delayed_cue_begins_after_its_silence() -> None:
    mixer = Mixer()
    clip = array("h", [1000] * 100)
    mixer.add(clip, 1.0, 1.0, delay=250)
    out = _left(mixer.pull(200)) + _left(mixer.pull(200))
    assert out[:250] == [0] * 250
    assert out[250:350] == [1000] * 100
    assert mixer.busy is False


def test_play_all_sounds_the_cues_one_after_another() -> None:
    device = DrainedDevice()
    sounds = real_sounds(lambda: device, volume=10, clock=lambda: 0.0)
    try:
        sounds.play_all([(Cue.DRAW, Position.LEFT), (Cue.DISCARD, Position.RIGHT)])
        assert wait_for(lambda: device.pull is not None)
        time.sleep(0.05)  # the second cue handed to the mixer too
        data = device.drain(RATE)
        draw = len(PACK.clips[Cue.DRAW])
        second = round((min(draw / RATE, LONGEST_STEP) + CUE_GAP) * RATE)
        # 5 ms windows: the draw is louder on the left until the discard begins on the
        # right, after the draw and a short gap.
        window = RATE // 200
        levels = [rms(data[4 * i : 4 * (i + window)]) for i in range(0, RATE, window)]
        sounding = [i * window for i, (left, right) in enumerate(levels) if left + right > 0.01]
        on_right = [i * window for i, (left, right) in enumerate(levels) if right > 2 * left > 0]
        first = levels[sounding[0] // window]
        assert sounding[0] < 0.05 * RATE and first[0] > 2 * first[1]  # the draw's hiss swells in
        assert second - window < on_right[0] <= second + window, (second, on_right[0])
        assert sounds.seconds(Cue.DRAW) == draw / RATE
    finally:
        sounds.close()


def test_the_front_end_s_bell_rings_once_it_is_attached() -> None:
    rung: list[str] = []

    def no_device() -> DrainedDevice:
        raise DeviceError("none here")

    sounds = real_sounds(no_device, rung)
    assert sounds.state is State.BELL and rung == ["audio.no_device"]
    sounds.play(Cue.YOUR_TURN)
    sounds.attach_bell(lambda: rung.append("screen"))
    sounds.play_all([(Cue.DRAW, Position.LEFT), (Cue.YOUR_TURN, Position.OWN)])
    assert rung == ["audio.no_device", "bell", "screen"]  # the bell for the turn only
    sounds.close()


def test_the_backends_the_variable_names(monkeypatch: pytest.MonkeyPatch) -> None:
    assert backends_wanted({BACKEND_VAR: " alsa, PulseAudio ,"}) == ["ALSA", "PULSEAUDIO"]
    assert backends_wanted({}) == []
    monkeypatch.setenv(BACKEND_VAR, "nonesuch")
    with pytest.raises(DeviceError, match="no audio backend called NONESUCH"):
        open_default()
    monkeypatch.setenv(BACKEND_VAR, "null")  # asked for by name: a device, heard nowhere
    device = open_default()
    try:
        assert device.name == "Null"
    finally:
        device.close()
