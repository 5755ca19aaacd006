"""The game's own cues, made in code: tones, taps and noise in pure Python.

Each cue is a recipe of a few struck notes (sines with partials, dying away) and
short bursts of filtered noise. :func:`render` turns a recipe into 16-bit mono
samples at :data:`RATE`, every cue brought to the same loudness (ITU-R BS.1770
K-weighting, the loudest 100 ms), so none is much louder than another.
``python -m okey.audio.render`` writes them into the pack the package ships.
"""

from __future__ import annotations

import math
import random
from array import array
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Final

from okey.audio.cues import Cue

RATE: Final = 44100
TARGET_LOUDNESS: Final = -16.0  # LKFS over the loudest 100 ms
PEAK: Final = 0.89  # -1 dBFS: no cue is louder than this, whatever the loudness says
WINDOW: Final = 0.1  # seconds: the loudness window (short sounds are heard as quieter)
FADE: Final = 0.005  # seconds of raised-cosine fade in at the start of a sound
RELEASE: Final = 0.4  # the part of a note, at its end, over which it fades out

Samples = list[float]
Partials = Sequence[tuple[float, float]]  # (ratio to the fundamental, level)

BELL: Final[Partials] = ((1.0, 1.0), (2.0, 0.32), (3.0, 0.12), (4.2, 0.05))
GLASS: Final[Partials] = ((1.0, 1.0), (2.76, 0.22), (5.4, 0.06))
WOOD: Final[Partials] = ((1.0, 1.0), (2.57, 0.35), (4.1, 0.1))
BRASS: Final[Partials] = ((1.0, 1.0), (2.0, 0.55), (3.0, 0.35), (4.0, 0.18), (5.0, 0.08))
MELLOW: Final[Partials] = ((1.0, 1.0), (2.0, 0.18))
REED: Final[Partials] = ((1.0, 1.0), (3.0, 0.2), (5.0, 0.07))
PURE: Final[Partials] = ((1.0, 1.0),)


def _count(seconds: float) -> int:
    return round(seconds * RATE)


def _fade(samples: Samples, release: float, seconds: float = FADE) -> Samples:
    """Raised-cosine fades: in over ``seconds``, out over the last ``release`` part of the
    sound, so that nothing starts with a click or stops short."""
    fade_in = min(_count(seconds), len(samples) // 2)
    for i in range(fade_in):
        samples[i] *= 0.5 - 0.5 * math.cos(math.pi * i / fade_in)
    fade_out = max(fade_in, round(len(samples) * release))
    for i in range(fade_out):
        samples[-1 - i] *= 0.5 - 0.5 * math.cos(math.pi * i / fade_out)
    return samples


def note(
    freq: float,
    seconds: float,
    *,
    partials: Partials = BELL,
    attack: float = 0.004,
    tau: float = 0.12,
    glide: float = 1.0,
    tremolo: tuple[float, float] = (0.0, 0.0),
) -> Samples:
    """A struck tone: each partial a sine that rises in ``attack`` seconds and then dies
    away with time constant ``tau`` (higher partials sooner, as in a struck bar); the
    pitch slides smoothly to ``freq * glide`` over the note; ``tremolo`` is (rate in Hz,
    depth 0..1)."""
    n = _count(seconds)
    out = [0.0] * n
    rate, depth = tremolo
    phase = 0.0
    attack_n = max(1, _count(attack))
    decays = [(ratio, level, 1.0 / (tau / math.sqrt(ratio))) for ratio, level in partials]
    for i in range(n):
        t = i / RATE
        phase += 2.0 * math.pi * freq * glide ** (i / n) / RATE
        value = 0.0
        for ratio, level, k in decays:
            value += level * math.sin(ratio * phase) * math.exp(-t * k)
        if i < attack_n:
            value *= math.sin(0.5 * math.pi * i / attack_n) ** 2
        if depth:
            value *= 1.0 - depth * (0.5 - 0.5 * math.cos(2.0 * math.pi * rate * t))
        out[i] = value
    return _fade(out, RELEASE)


@dataclass(frozen=True, slots=True)
class Biquad:
    """A second-order filter (normalised: a0 = 1)."""

    b0: float
    b1: float
    b2: float
    a1: float
    a2: float

    def run(self, samples: Samples) -> Samples:
        x1 = x2 = y1 = y2 = 0.0
        out = [0.0] * len(samples)
        b0, b1, b2, a1, a2 = self.b0, self.b1, self.b2, self.a1, self.a2
        for i, x in enumerate(samples):
            y = b0 * x + b1 * x1 + b2 * x2 - a1 * y1 - a2 * y2
            x2, x1, y2, y1 = x1, x, y1, y
            out[i] = y
        return out


def bandpass(centre: float, q: float) -> Biquad:
    """A band-pass filter, 0 dB at ``centre`` (the audio EQ cookbook's form)."""
    w = 2.0 * math.pi * centre / RATE
    alpha = math.sin(w) / (2.0 * q)
    a0 = 1.0 + alpha
    return Biquad(alpha / a0, 0.0, -alpha / a0, -2.0 * math.cos(w) / a0, (1.0 - alpha) / a0)


def noise(
    seconds: float,
    centre: float,
    *,
    q: float = 1.2,
    attack: float = 0.001,
    tau: float = 0.01,
    swell: bool = False,
    seed: int = 1,
) -> Samples:
    """A burst of band-passed noise (a tap's transient, a tile's slide); the same seed
    gives the same burst. ``swell`` makes it rise to its end instead of dying away."""
    rng = random.Random(seed)
    n = _count(seconds)
    band = bandpass(centre, q)  # twice: a steeper band, less hiss
    raw = band.run(band.run([rng.uniform(-1.0, 1.0) for _ in range(n)]))
    attack_n = max(1, _count(attack))
    for i in range(n):
        raw[i] *= (i / n) ** 2 if swell else math.exp(-i / RATE / tau) * min(1.0, i / attack_n)
    return _fade(raw, 0.0 if swell else RELEASE, 0.002)


def mix(*layers: tuple[float, Samples, float]) -> Samples:
    """Layers of (start in seconds, samples, gain) added into one."""
    length = max(_count(start) + len(samples) for start, samples, _ in layers)
    out = [0.0] * length
    for start, samples, gain in layers:
        offset = _count(start)
        for i, value in enumerate(samples):
            out[offset + i] += gain * value
    return out


# -- loudness (ITU-R BS.1770: K-weighting, then mean square) -------------------------


def _k_weighting() -> tuple[Biquad, Biquad]:
    """BS.1770's two stages (a high shelf, then a high pass) designed for :data:`RATE`
    from the analogue prototypes behind the standard's 48 kHz coefficients."""
    gain_db, f0, q = 3.999843853973347, 1681.974450955533, 0.7071752369554196
    k = math.tan(math.pi * f0 / RATE)
    vh = 10.0 ** (gain_db / 20.0)
    vb = vh**0.4996667741545416
    a0 = 1.0 + k / q + k * k
    shelf = Biquad(
        (vh + vb * k / q + k * k) / a0,
        2.0 * (k * k - vh) / a0,
        (vh - vb * k / q + k * k) / a0,
        2.0 * (k * k - 1.0) / a0,
        (1.0 - k / q + k * k) / a0,
    )
    f0, q = 38.13547087602444, 0.5003270373238773
    k = math.tan(math.pi * f0 / RATE)
    a0 = 1.0 + k / q + k * k
    high_pass = Biquad(1.0, -2.0, 1.0, 2.0 * (k * k - 1.0) / a0, (1.0 - k / q + k * k) / a0)
    return shelf, high_pass


def loudness(samples: Sequence[float]) -> float:
    """The loudest :data:`WINDOW` of a mono sound, in LKFS (-inf for silence)."""
    shelf, high_pass = _k_weighting()
    weighted = high_pass.run(shelf.run(list(samples)))
    window = _count(WINDOW)
    padded = weighted + [0.0] * max(0, window - len(weighted))
    sums = [0.0]
    for value in padded:
        sums.append(sums[-1] + value * value)
    hop = _count(0.01)
    loudest = max(
        (sums[start + window] - sums[start]) / window
        for start in range(0, len(padded) - window + 1, hop)
    )
    return -0.691 + 10.0 * math.log10(loudest) if loudest > 0 else -math.inf


def normalised(samples: Samples) -> Samples:
    """Scaled to :data:`TARGET_LOUDNESS`, or less if its peak would pass :data:`PEAK`."""
    level = loudness(samples)
    peak = max(abs(value) for value in samples)
    gain = min(10.0 ** ((TARGET_LOUDNESS - level) / 20.0), PEAK / peak)
    return [value * gain for value in samples]


def to_pcm16(samples: Sequence[float]) -> array[int]:
    """16-bit signed samples, rounded and clipped."""
    return array("h", (max(-32768, min(32767, round(value * 32767.0))) for value in samples))


# -- the recipes -----------------------------------------------------------------------


def _your_turn() -> Samples:
    """Two soft bell notes rising a fourth (E5, A5): your move."""
    return mix(
        (0.0, note(659.26, 0.16, tau=0.09), 0.8),
        (0.09, note(880.0, 0.19, tau=0.11), 1.0),
    )


def _draw() -> Samples:
    """A tile slid off the pile: a short hiss rising into a light wooden tock."""
    return mix(
        (0.0, noise(0.045, 2600.0, q=0.8, swell=True, seed=11), 0.25),
        (0.04, noise(0.02, 3400.0, q=1.5, tau=0.003, seed=12), 0.5),
        (0.04, note(1180.0, 0.06, partials=WOOD, attack=0.001, tau=0.018), 1.0),
    )


def _take() -> Samples:
    """A discard picked up: two quick taps, high then lower."""
    return mix(
        (0.0, noise(0.015, 3800.0, tau=0.003, seed=21), 0.45),
        (0.0, note(1480.0, 0.05, partials=WOOD, attack=0.001, tau=0.015), 0.9),
        (0.065, noise(0.015, 3000.0, tau=0.003, seed=22), 0.45),
        (0.065, note(1110.0, 0.06, partials=WOOD, attack=0.001, tau=0.018), 1.0),
    )


def _discard() -> Samples:
    """A tile laid down: a lower, firmer clack whose pitch drops as it settles."""
    return mix(
        (0.0, noise(0.03, 1800.0, q=0.9, tau=0.006, seed=31), 0.7),
        (0.0, note(620.0, 0.1, partials=WOOD, attack=0.001, tau=0.03, glide=0.82), 1.0),
    )


def _okey_drawn() -> Samples:
    """The joker: three quick glassy notes up a major chord (C6, E6, G6)."""
    return mix(
        (0.0, note(1046.5, 0.09, partials=GLASS, tau=0.05), 0.7),
        (0.055, note(1318.5, 0.09, partials=GLASS, tau=0.05), 0.8),
        (0.11, note(1568.0, 0.15, partials=GLASS, tau=0.07), 1.0),
    )


def _win_possible() -> Samples:
    """A finish within reach: a rising, trembling major third that asks to be heard."""
    return mix(
        (0.0, note(587.33, 0.27, partials=MELLOW, tau=0.3, glide=1.335, tremolo=(14.0, 0.5)), 1),
        (0.0, note(739.99, 0.27, partials=MELLOW, tau=0.3, glide=1.335, tremolo=(14.0, 0.5)), 1),
    )


def _win_yours() -> Samples:
    """Your win: a bright fanfare up C major (C5, E5, G5, C6), the last note held."""
    return mix(
        (0.0, note(523.25, 0.12, partials=BRASS, attack=0.008, tau=0.09), 0.8),
        (0.075, note(659.26, 0.12, partials=BRASS, attack=0.008, tau=0.09), 0.85),
        (0.15, note(783.99, 0.12, partials=BRASS, attack=0.008, tau=0.09), 0.9),
        (0.225, note(1046.5, 0.36, partials=BRASS, attack=0.01, tau=0.22), 1.0),
    )


def _win_other() -> Samples:
    """Another player's win: three mellow notes going down (G4, E4, C4)."""
    return mix(
        (0.0, note(392.0, 0.16, partials=MELLOW, tau=0.12), 0.9),
        (0.1, note(329.63, 0.16, partials=MELLOW, tau=0.12), 0.9),
        (0.2, note(261.63, 0.24, partials=MELLOW, tau=0.16), 1.0),
    )


def _indicator_shown() -> Samples:
    """The indicator's twin shown: the same high glass note struck twice (D6)."""
    return mix(
        (0.0, note(1174.66, 0.09, partials=GLASS, attack=0.002, tau=0.04), 1.0),
        (0.085, note(1174.66, 0.13, partials=GLASS, attack=0.002, tau=0.06), 1.0),
    )


def _round_over() -> Samples:
    """A round ends: a C major chord of soft bells, strummed upwards, dying away."""
    return mix(
        (0.0, note(261.63, 0.38, partials=BELL, attack=0.02, tau=0.16), 1.0),
        (0.025, note(329.63, 0.355, partials=BELL, attack=0.02, tau=0.16), 0.9),
        (0.05, note(392.0, 0.33, partials=BELL, attack=0.02, tau=0.16), 0.8),
    )


def _match_over() -> Samples:
    """The match ends: a closing cadence, an F major chord resolving to C major."""
    chord_one = [349.23, 440.0, 523.25]
    chord_two = [261.63, 329.63, 392.0, 523.25]
    layers = [(0.0, note(f, 0.3, partials=BELL, attack=0.01, tau=0.2), 0.7) for f in chord_one]
    layers += [(0.28, note(f, 0.52, partials=BELL, attack=0.01, tau=0.3), 0.7) for f in chord_two]
    return mix(*layers)


def _timer_warning() -> Samples:
    """Time is running out: two short reedy beeps (B5)."""
    beep = note(987.77, 0.06, partials=REED, attack=0.003, tau=0.5)
    return mix((0.0, beep, 1.0), (0.11, list(beep), 1.0))


def _chat() -> Samples:
    """A chat message: a bubble's blip, a pure tone leaping up an octave."""
    return mix(
        (0.0, note(520.0, 0.07, partials=PURE, attack=0.003, tau=0.05, glide=2.0), 1.0),
        (0.06, note(1040.0, 0.05, partials=PURE, attack=0.002, tau=0.02, glide=1.2), 0.5),
    )


RECIPES: Final[dict[Cue, Callable[[], Samples]]] = {
    Cue.YOUR_TURN: _your_turn,
    Cue.DRAW: _draw,
    Cue.TAKE: _take,
    Cue.DISCARD: _discard,
    Cue.OKEY_DRAWN: _okey_drawn,
    Cue.WIN_POSSIBLE: _win_possible,
    Cue.WIN_YOURS: _win_yours,
    Cue.WIN_OTHER: _win_other,
    Cue.INDICATOR_SHOWN: _indicator_shown,
    Cue.ROUND_OVER: _round_over,
    Cue.MATCH_OVER: _match_over,
    Cue.TIMER_WARNING: _timer_warning,
    Cue.CHAT: _chat,
}


def render(cue: Cue) -> array[int]:
    """A cue as 16-bit mono samples at :data:`RATE`, at the common loudness."""
    return to_pcm16(normalised(RECIPES[cue]()))
