"""The player's sound pack: found where documented, each file checked, bad ones reported
with a clear line, good ones used, the game's own cues for the rest."""

from __future__ import annotations

import math
import wave
from array import array
from pathlib import Path

import platformdirs
import pytest

from okey.audio import Cue, Sounds, load_pack, pack_folder
from okey.audio.pack import ENV_VAR, MAX_BYTES, shipped
from okey.audio.synth import RATE
from okey.messages import Verbosity, load_catalogue
from okey.speech.utterance import Message

OWN = shipped()


def write_wav(
    path: Path, seconds: float, *, rate: int = RATE, channels: int = 1, width: int = 2
) -> None:
    frames = round(seconds * rate)
    peak = (1 << (8 * width - 1)) - 1
    values = [round(0.5 * peak * math.sin(2 * math.pi * 440 * i / rate)) for i in range(frames)]
    data = bytearray()
    for value in values:
        one = bytes([value + 128]) if width == 1 else value.to_bytes(width, "little", signed=True)
        data += one * channels
    with wave.open(str(path), "wb") as out:
        out.setnchannels(channels)
        out.setsampwidth(width)
        out.setframerate(rate)
        out.writeframes(bytes(data))


def test_the_folder_is_the_environment_variable_else_the_user_data_folder(tmp_path: Path) -> None:
    assert pack_folder({ENV_VAR: str(tmp_path)}) == tmp_path
    assert pack_folder({}) == Path(platformdirs.user_data_dir("okey")) / "sounds"


def test_no_folder_means_the_games_own_cues(tmp_path: Path) -> None:
    pack = load_pack(tmp_path / "none")
    assert pack.clips == OWN
    assert pack.problems == () and pack.own == frozenset()


def test_a_players_files_replace_those_cues_whatever_their_rate_and_channels(
    tmp_path: Path,
) -> None:
    write_wav(tmp_path / "draw.wav", 0.2, rate=48000, channels=2)
    write_wav(tmp_path / "Your-Turn.WAV", 0.1, rate=22050, width=1)
    (tmp_path / "README.txt").write_text("my pack")  # not a WAV file: not looked at
    pack = load_pack(tmp_path)
    assert pack.problems == ()
    assert pack.own == {Cue.DRAW, Cue.YOUR_TURN}
    assert abs(len(pack.clips[Cue.DRAW]) - 0.2 * RATE) <= 2  # resampled to the game's rate
    assert abs(len(pack.clips[Cue.YOUR_TURN]) - 0.1 * RATE) <= 2
    assert max(pack.clips[Cue.DRAW]) > 10000
    assert pack.clips[Cue.DISCARD] == OWN[Cue.DISCARD]


def bad_pack(folder: Path) -> None:
    """One good file and one of each kind of bad one."""
    write_wav(folder / "chat.wav", 0.1)
    (folder / "discard.wav").write_text("not a sound at all")
    (folder / "take.wav").write_bytes(b"RIFF\x24\x00\x00\x00WAVEfmt garbage and more garbage")
    write_wav(folder / "round-over.wav", 4.0)
    write_wav(folder / "win-other.wav", 0.0)
    (folder / "draw.wav").mkdir()
    with (folder / "match-over.wav").open("wb") as big:
        big.write(b"RIFF")
        big.truncate(MAX_BYTES + 1)
    write_wav(folder / "yourturn.wav", 0.1)


def test_each_bad_file_is_reported_with_its_reason_and_the_others_used(tmp_path: Path) -> None:
    bad_pack(tmp_path)
    pack = load_pack(tmp_path)
    reasons = {problem.file: problem.reason for problem in pack.problems}
    assert reasons == {
        "discard.wav": "not_wav",
        "take.wav": "format",
        "round-over.wav": "too_long",
        "win-other.wav": "empty",
        "draw.wav": "unreadable",
        "match-over.wav": "too_big",
        "yourturn.wav": "unknown",
    }
    assert pack.own == {Cue.CHAT}
    for cue in Cue:
        if cue is not Cue.CHAT:
            assert pack.clips[cue] == OWN[cue], cue


def test_a_folder_that_is_a_file_is_reported(tmp_path: Path) -> None:
    (tmp_path / "sounds").write_text("")
    pack = load_pack(tmp_path / "sounds")
    assert [problem.reason for problem in pack.problems] == ["not_folder"]
    assert pack.clips == OWN


def lines_at_start(folder: Path, language: str = "en") -> list[str]:
    """What the player hears of the pack in ``folder``, as the speaker words it."""
    lines: list[str] = []
    catalogue = load_catalogue(language)

    def notice(key: str, /, **fields: object) -> None:
        lines.append(Message.of(key, **fields).render(catalogue, Verbosity.DETAILED))

    sounds = Sounds(
        bell=lambda: None,
        on_notice=notice,
        folder=folder,
        enabled=False,
    )
    sounds.close()
    return lines


def test_the_player_hears_a_clear_line_for_each_bad_file_at_start(tmp_path: Path) -> None:
    bad_pack(tmp_path)
    lines = lines_at_start(tmp_path)
    assert len(lines) == 7
    assert (
        "Sound pack: discard.wav is not used, it is not a WAV file; the game's own sound plays."
        in lines
    )
    assert (
        "Sound pack: round-over.wav is not used, it lasts 4.0 seconds, at most 3 are allowed; "
        "the game's own sound plays." in lines
    )
    unknown = next(line for line in lines if line.startswith("Sound pack: yourturn.wav"))
    assert "your-turn.wav" in unknown
    unreadable = next(line for line in lines if line.startswith("Sound pack: draw.wav"))
    assert "it cannot be read (Is a directory)" in unreadable


def test_the_lines_are_said_in_the_players_language(tmp_path: Path) -> None:
    (tmp_path / "discard.wav").write_text("not a sound at all")
    english = lines_at_start(tmp_path)
    turkish_catalogue = load_catalogue("tr")
    reason = turkish_catalogue.text("audio.pack.reason.not_wav")
    turkish = lines_at_start(tmp_path, "tr")
    bad = turkish_catalogue.text("audio.pack.bad_file", file="discard.wav", reason=reason)
    assert turkish == [bad]
    assert turkish != english


def test_the_environment_variable_finds_the_pack(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    write_wav(tmp_path / "chat.wav", 0.05)
    monkeypatch.setenv(ENV_VAR, str(tmp_path))
    sounds = Sounds(bell=lambda: None, on_notice=lambda key, /, **fields: None, enabled=False)
    assert sounds.pack.own == {Cue.CHAT} and sounds.pack.folder == tmp_path
    assert array("h", sounds.pack.clips[Cue.CHAT]) != OWN[Cue.CHAT]
    sounds.close()
