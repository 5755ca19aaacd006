"""A player's sound pack in OGG (Vorbis), FLAC and MP3 as well as WAV: told by content,
decoded to the game's rate, and a bad one reported in the player's words."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pytest
from test_audio_pack import OWN, lines_at_start, write_wav

from okey.audio import Cue, load_pack
from okey.audio.pack import read_clip, sound_kind
from okey.audio.synth import RATE
from okey.messages import load_catalogue

SOUNDS = Path(__file__).parent / "fixtures" / "sounds"
# Made once: sox (tone.flac, tone.ogg: 0.25 s at 22.05 kHz, the OGG in stereo) and LAME
# (tone.mp3: 0.25 s at 32 kbit/s, which the encoder pads to 0.31 s).
TONES = {"flac": 0.25, "ogg": 0.25, "mp3": 0.3135}


@pytest.mark.parametrize("suffix", sorted(TONES))
def test_each_kind_is_decoded_to_the_games_rate(suffix: str) -> None:
    samples = read_clip(SOUNDS / f"tone.{suffix}")
    assert abs(len(samples) - TONES[suffix] * RATE) <= 0.01 * RATE
    assert max(samples) > 10000  # a tone, not silence


def test_the_kind_is_told_by_the_first_bytes() -> None:
    kinds = {path.suffix: sound_kind(path.read_bytes()) for path in SOUNDS.iterdir()}
    assert kinds == {".flac": "FLAC", ".ogg": "OGG", ".mp3": "MP3"}
    assert sound_kind(b"ID3\x04\x00") == "MP3"
    assert sound_kind(b"plain words") is None


def test_a_pack_mixes_kinds_and_a_misnamed_file_is_read_by_content(tmp_path: Path) -> None:
    shutil.copy(SOUNDS / "tone.ogg", tmp_path / "draw.ogg")
    shutil.copy(SOUNDS / "tone.flac", tmp_path / "Discard.FLAC")
    shutil.copy(SOUNDS / "tone.mp3", tmp_path / "take.mp3")
    shutil.copy(SOUNDS / "tone.flac", tmp_path / "chat.wav")  # FLAC inside, whatever its name
    write_wav(tmp_path / "your-turn.wav", 0.1)
    pack = load_pack(tmp_path)
    assert pack.problems == ()
    assert pack.own == {Cue.DRAW, Cue.DISCARD, Cue.TAKE, Cue.CHAT, Cue.YOUR_TURN}
    assert pack.clips[Cue.WIN_YOURS] == OWN[Cue.WIN_YOURS]


def test_two_files_for_one_cue_use_the_first_and_say_so(tmp_path: Path) -> None:
    shutil.copy(SOUNDS / "tone.flac", tmp_path / "draw.flac")
    write_wav(tmp_path / "draw.wav", 0.1)
    pack = load_pack(tmp_path)
    assert pack.own == {Cue.DRAW}
    assert abs(len(pack.clips[Cue.DRAW]) - 0.25 * RATE) <= 0.01 * RATE  # the FLAC
    assert [(problem.file, problem.reason) for problem in pack.problems] == [("draw.wav", "twice")]
    assert lines_at_start(tmp_path) == [
        "Sound pack: draw.wav is not used: draw.flac gives that cue its sound."
    ]


def test_a_damaged_or_foreign_file_is_reported(tmp_path: Path) -> None:
    (tmp_path / "draw.ogg").write_bytes(b"OggS" + bytes(200))  # an OGG page of nothing
    (tmp_path / "take.mp3").write_text("not a sound at all")
    flac = (SOUNDS / "tone.flac").read_bytes()
    (tmp_path / "chat.flac").write_bytes(flac[:4] + bytes(len(flac) - 4))
    pack = load_pack(tmp_path)
    reasons = {problem.file: (problem.reason, dict(problem.fields)) for problem in pack.problems}
    assert reasons == {
        "chat.flac": ("format_kind", {"kind": "FLAC"}),
        "draw.ogg": ("format_kind", {"kind": "OGG"}),
        "take.mp3": ("not_sound", {}),
    }
    assert pack.own == frozenset()
    lines = lines_at_start(tmp_path)
    assert (
        "Sound pack: take.mp3 is not used, it is not a sound file okey reads "
        "(WAV, OGG, FLAC or MP3); the game's own sound plays." in lines
    )
    assert (
        "Sound pack: draw.ogg is not used, its OGG sound is in a form that cannot be played; "
        "the game's own sound plays." in lines
    )
    turkish = load_catalogue("tr").text("audio.pack.reason.format_kind", kind="OGG")
    assert any(turkish in line for line in lines_at_start(tmp_path, "tr"))


def test_a_long_ogg_is_refused_by_its_length(tmp_path: Path) -> None:
    if shutil.which("sox") is None:
        pytest.skip("sox is not installed: no long OGG to make")
    long = tmp_path / "draw.ogg"
    subprocess.run(
        ["sox", "-n", "-r", "8000", "-c", "1", str(long), "synth", "4", "sine", "440"],
        check=True,
        timeout=60,
    )
    pack = load_pack(tmp_path)
    assert [(problem.reason, problem.fields["seconds"]) for problem in pack.problems] == [
        ("too_long", "4.0")
    ]
