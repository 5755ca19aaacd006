"""Sound packs: the game's own cues, and the player's sound files that replace some of them.

A player's pack is a folder of WAV, OGG (Vorbis), FLAC or MP3 files named after the
cues (``draw.wav``, ``your-turn.ogg``, ...): ``$OKEY_SOUNDS`` when set, else
``sounds`` in the user's data folder. Each file is checked when the game starts; one
that cannot be used is reported with its reason and the game's own cue plays instead,
the others are used. A file's kind is told by its first bytes, not by its name.
"""

from __future__ import annotations

import os
import wave
from array import array
from collections.abc import Mapping
from dataclasses import dataclass, field
from importlib import resources
from pathlib import Path
from typing import Final

import platformdirs

from okey.audio.cues import Cue
from okey.audio.synth import RATE
from okey.errors import Phrase

ENV_VAR: Final = "OKEY_SOUNDS"
SUFFIX: Final = ".wav"  # the shipped cues' files, and the names said to the player
SUFFIXES: Final = (".wav", ".ogg", ".flac", ".mp3")  # what a player's pack may hold
TWICE: Final = "twice"  # a second file for one cue (draw.ogg beside draw.wav)
MAX_SECONDS: Final = 3.0
MAX_BYTES: Final = 4 * 1024 * 1024


@dataclass(frozen=True, slots=True)
class Problem:
    """A file of the player's pack that is not used, and why (a catalogue key, its fields)."""

    file: str
    reason: str
    fields: Mapping[str, object] = field(default_factory=dict)

    def phrase(self) -> Phrase:
        """The reason, worded in the player's language when it is said."""
        return Phrase(f"audio.pack.reason.{self.reason}", **self.fields)

    def notice(self) -> tuple[str, dict[str, object]]:
        """What the player is told of it: a catalogue key and its fields. A second file
        for a cue names the one that plays; any other says why the game's own sound does."""
        if self.reason == TWICE:
            return "audio.pack.twice", {"file": self.file, "other": self.fields["other"]}
        return "audio.pack.bad_file", {"file": self.file, "reason": self.phrase()}


class PackFileError(ValueError):
    """A sound file that cannot be used; ``reason`` names the catalogue text saying why."""

    def __init__(self, reason: str, **fields: object) -> None:
        super().__init__(reason)
        self.reason = reason
        self.fields = fields


@dataclass(frozen=True, slots=True)
class Pack:
    """A sound for every cue: 16-bit mono samples at :data:`okey.audio.synth.RATE`."""

    clips: Mapping[Cue, array[int]]
    folder: Path | None = None  # the player's folder that was looked in
    own: frozenset[Cue] = frozenset()  # the cues whose sound came from it
    problems: tuple[Problem, ...] = ()


def pack_folder(environ: Mapping[str, str] | None = None) -> Path:
    """Where the player's own sounds are looked for (the folder may not exist)."""
    env = os.environ if environ is None else environ
    if env.get(ENV_VAR):
        return Path(env[ENV_VAR]).expanduser()
    return Path(platformdirs.user_data_dir("okey")) / "sounds"


def shipped() -> dict[Cue, array[int]]:
    """The game's own cues, as shipped in ``okey/audio/pack``."""
    folder = resources.files("okey.audio") / "pack"
    clips: dict[Cue, array[int]] = {}
    for cue in Cue:
        with (folder / f"{cue.value}{SUFFIX}").open("rb") as stream, wave.open(stream) as wav:
            samples = array("h", wav.readframes(wav.getnframes()))
        clips[cue] = _native(samples)
    return clips


def _native(samples: array[int]) -> array[int]:
    """WAV samples are little-endian: turn them round on a big-endian machine."""
    if array("h", [1]).tobytes() != b"\x01\x00":
        samples.byteswap()
    return samples


def sound_kind(data: bytes) -> str | None:
    """The kind of sound file ``data`` is by its first bytes ("WAV", "OGG", "FLAC",
    "MP3"), or None when it is none of them."""
    if len(data) >= 12 and data[:4] == b"RIFF" and data[8:12] == b"WAVE":
        return "WAV"
    if data[:4] == b"OggS":
        return "OGG"
    if data[:4] == b"fLaC":
        return "FLAC"
    if data[:3] == b"ID3" or (len(data) >= 2 and data[0] == 0xFF and data[1] & 0xE0 == 0xE0):
        return "MP3"  # an ID3 tag, or an MPEG audio frame's sync bits
    return None


def _info(kind: str, data: bytes) -> object:
    """What the decoder reads of the file's header (its duration first of all)."""
    import miniaudio  # the decoder: converts rate, format and channels

    reader = {
        "WAV": miniaudio.wav_get_info,
        "OGG": miniaudio.vorbis_get_info,
        "FLAC": miniaudio.flac_get_info,
        "MP3": miniaudio.mp3_get_info,
    }[kind]
    return reader(data)


def read_clip(path: Path) -> array[int]:
    """A player's sound file as 16-bit mono samples at the game's rate; PackFileError
    says why it cannot be used (unreadable, not a sound file, a format that cannot be
    played, too long). Any rate, sample format and channel count the decoder knows is
    accepted."""
    try:
        size = path.stat().st_size
        if size > MAX_BYTES:
            raise PackFileError("too_big", most=MAX_BYTES // (1024 * 1024))
        data = path.read_bytes()
    except OSError as exc:
        raise PackFileError("unreadable", error=exc.strerror or type(exc).__name__) from None
    kind = sound_kind(data)
    if kind is None:
        raise PackFileError("not_wav" if path.suffix.lower() == SUFFIX else "not_sound")
    import miniaudio

    try:
        seconds = float(_info(kind, data).duration)  # type: ignore[attr-defined]
        if seconds > MAX_SECONDS:
            raise PackFileError("too_long", seconds=f"{seconds:.1f}", most=f"{MAX_SECONDS:g}")
        decoded = miniaudio.decode(
            data, output_format=miniaudio.SampleFormat.SIGNED16, nchannels=1, sample_rate=RATE
        )
    except PackFileError:
        raise
    except Exception:  # the decoder's wrapper raises more than its own errors on a damaged file
        if kind == "WAV":
            raise PackFileError("format") from None
        raise PackFileError("format_kind", kind=kind) from None
    samples = array("h", decoded.samples)
    if not samples:
        raise PackFileError("empty")
    return samples


def load_pack(folder: Path | None = None) -> Pack:
    """The shipped cues, with those the player's folder holds in their place. A missing
    folder is no problem; a bad file is reported in ``problems`` and not used."""
    clips = shipped()
    if folder is None or not folder.exists():
        return Pack(clips, folder)
    if not folder.is_dir():
        return Pack(clips, folder, problems=(Problem(str(folder), "not_folder"),))
    names = {cue.value: cue for cue in Cue}
    own: set[Cue] = set()
    given: dict[Cue, str] = {}  # the file each cue's sound came from
    problems: list[Problem] = []
    try:
        entries = sorted(folder.iterdir())
    except OSError as exc:
        error = exc.strerror or type(exc).__name__
        return Pack(clips, folder, problems=(Problem(str(folder), "unreadable", {"error": error}),))
    for path in entries:
        if path.suffix.lower() not in SUFFIXES:
            continue
        cue = names.get(path.stem.lower())
        if cue is None:
            known = ", ".join(f"{name}{SUFFIX}" for name in names)
            problems.append(Problem(path.name, "unknown", {"known": known}))
            continue
        if cue in given:  # draw.ogg and draw.wav: the first by name is used
            problems.append(Problem(path.name, TWICE, {"other": given[cue]}))
            continue
        try:
            clips[cue] = read_clip(path)
        except PackFileError as exc:
            problems.append(Problem(path.name, exc.reason, exc.fields))
            continue
        own.add(cue)
        given[cue] = path.name
    return Pack(clips, folder, frozenset(own), tuple(problems))
