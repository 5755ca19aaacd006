"""The game's own cues: shipped as made by their recipes, short, equally loud, distinct,
and read back by the audio library's own decoder as they were written."""

from __future__ import annotations

import math
import wave
from array import array
from importlib import resources
from itertools import combinations
from pathlib import Path

import miniaudio
import pytest

from okey.audio import BELL_CUES, STANDALONE, Cue, load_pack
from okey.audio.render import main as render_main
from okey.audio.synth import PEAK, RATE, TARGET_LOUDNESS, loudness, render

SHIPPED = resources.files("okey.audio") / "pack"
PACK = load_pack(None).clips


def shipped_bytes(cue: Cue) -> bytes:
    return (SHIPPED / f"{cue.value}.wav").read_bytes()


@pytest.mark.parametrize("cue", list(Cue))
def test_each_shipped_cue_is_what_its_recipe_makes(cue: Cue) -> None:
    made = render(cue)
    shipped = PACK[cue]
    assert len(made) == len(shipped)
    # math.sin and math.exp may differ in their last bit between C libraries
    assert max(abs(a - b) for a, b in zip(made, shipped, strict=True)) <= 1


@pytest.mark.parametrize("cue", list(Cue))
def test_each_shipped_file_is_16_bit_mono_at_the_games_rate(cue: Cue) -> None:
    with (SHIPPED / f"{cue.value}.wav").open("rb") as stream, wave.open(stream) as wav:
        assert (wav.getnchannels(), wav.getsampwidth(), wav.getframerate()) == (1, 2, RATE)
        assert wav.getcomptype() == "NONE"


@pytest.mark.parametrize("cue", list(Cue))
def test_the_libraries_decoder_reads_each_cue_as_written(cue: Cue) -> None:
    decoded = miniaudio.decode(
        shipped_bytes(cue),
        output_format=miniaudio.SampleFormat.SIGNED16,
        nchannels=1,
        sample_rate=RATE,
    )
    assert array("h", decoded.samples) == PACK[cue]


def test_the_pack_folder_holds_the_cues_and_nothing_else() -> None:
    names = sorted(entry.name for entry in SHIPPED.iterdir() if entry.is_file())
    assert names == sorted(f"{cue.value}.wav" for cue in Cue)


def test_cues_are_short() -> None:
    seconds = {cue: len(PACK[cue]) / RATE for cue in Cue}
    assert max(seconds.values()) <= 0.8
    short = [cue for cue, length in seconds.items() if length < 0.3]
    assert len(short) > len(Cue) * 2 / 3, seconds
    assert all(seconds[cue] < 0.3 for cue in STANDALONE | BELL_CUES)


@pytest.mark.parametrize("cue", list(Cue))
def test_each_cue_is_at_the_common_loudness_and_never_clips(cue: Cue) -> None:
    samples = [value / 32767 for value in PACK[cue]]
    peak = max(abs(value) for value in samples)
    assert peak <= PEAK + 1e-4
    if peak < PEAK - 1e-3:  # not held back by its peak
        assert abs(loudness(samples) - TARGET_LOUDNESS) < 0.1


@pytest.mark.parametrize("cue", list(Cue))
def test_each_cue_starts_and_ends_in_silence(cue: Cue) -> None:
    samples = PACK[cue]
    assert abs(samples[0]) < 50 and abs(samples[-1]) < 50  # no click at either end


def _fingerprint(samples: array[int]) -> list[float]:
    """Energy in eight time slices by twelve bands (Goertzel, 150 Hz to 6 kHz), the
    whole scaled to length 1: a rough picture of how a cue sounds."""
    bands = [150.0 * (40.0 ** (k / 11)) for k in range(12)]
    step = 2  # every other sample is enough below 6 kHz for a rough picture
    values = [samples[i] / 32768 for i in range(0, len(samples), step)]
    rate = RATE / step
    slices = 8
    length = max(1, len(values) // slices)
    picture = []
    for s in range(slices):
        part = values[s * length : (s + 1) * length]
        for freq in bands:
            coeff = 2.0 * math.cos(2.0 * math.pi * freq / rate)
            s1 = s2 = 0.0
            for value in part:
                s1, s2 = value + coeff * s1 - s2, s1
            picture.append(math.sqrt(max(0.0, s1 * s1 + s2 * s2 - coeff * s1 * s2)))
    norm = math.sqrt(sum(value * value for value in picture)) or 1.0
    return [value / norm for value in picture]


def test_no_two_cues_sound_alike() -> None:
    """A proxy for "distinct by ear": no two cues have much the same pitches at much the
    same moments (the closest pair, another's win and round over, is at 0.71)."""
    prints = {cue: _fingerprint(PACK[cue]) for cue in Cue}
    for one, other in combinations(Cue, 2):
        similarity = sum(a * b for a, b in zip(prints[one], prints[other], strict=True))
        assert similarity < 0.8, (one, other, similarity)


def test_render_writes_the_same_files_into_a_folder(tmp_path: Path) -> None:
    assert render_main([str(tmp_path)]) == 0
    for cue in Cue:
        with wave.open(str(tmp_path / f"{cue.value}.wav")) as wav:
            written = array("h", wav.readframes(wav.getnframes()))
        assert len(written) == len(PACK[cue])
