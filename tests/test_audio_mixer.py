"""The mixer: cues panned and added exactly, as the device asks for them."""

from __future__ import annotations

from array import array

from hypothesis import given
from hypothesis import strategies as st

from okey.audio.device import _feed
from okey.audio.mixer import MAX_VOICES, UNITY, Mixer


def samples(data: bytes) -> list[int]:
    return list(array("h", data))


def test_nothing_to_play_gives_no_bytes_at_once() -> None:
    assert Mixer().pull(441) == b""


def test_one_cue_is_panned_by_its_gains() -> None:
    mixer = Mixer()
    mixer.add(array("h", [1000, -2000, 32767, -32768]), 1.0, 0.5)
    assert samples(mixer.pull(4)) == [1000, 500, -2000, -1000, 32767, 16383, -32768, -16384]


def test_a_cue_is_handed_over_period_by_period_and_ends_short() -> None:
    mixer = Mixer()
    mixer.add(array("h", range(1, 11)), 1.0, 1.0)
    pulled = [samples(mixer.pull(4)) for _ in range(4)]
    assert pulled == [
        [1, 1, 2, 2, 3, 3, 4, 4],
        [5, 5, 6, 6, 7, 7, 8, 8],
        [9, 9, 10, 10],
        [],
    ]
    assert mixer.frames_out == 10
    assert not mixer.busy


def test_overlapping_cues_add_up_and_clip() -> None:
    mixer = Mixer()
    mixer.add(array("h", [30000, 1000, 1000]), 1.0, 0.0)
    mixer.add(array("h", [30000, -500]), 1.0, 1.0)
    assert samples(mixer.pull(3)) == [32767, 30000, 500, -500, 1000, 0]


def test_too_many_cues_at_once_drop_the_oldest() -> None:
    mixer = Mixer()
    for level in range(MAX_VOICES + 2):
        mixer.add(array("h", [level]), 1.0, 1.0)
    left = samples(mixer.pull(1))[0]
    assert left == sum(range(2, MAX_VOICES + 2))


def test_clear_silences_at_once() -> None:
    mixer = Mixer()
    mixer.add(array("h", [5] * 100), 1.0, 1.0)
    mixer.pull(10)
    mixer.clear()
    assert mixer.pull(10) == b""


def test_the_callback_never_lets_an_error_out() -> None:
    def broken(frames: int) -> bytes:
        raise RuntimeError("boom")

    feed = _feed(broken)
    assert next(feed) == b""
    assert feed.send(441) == b""
    assert feed.send(441) == b""


def reference_mix(cues: list[tuple[list[int], int, int]]) -> list[int]:
    """Slow and plain: every cue from frame 0, panned, summed, clipped."""
    length = max(len(clip) for clip, _, _ in cues)
    out = []
    for frame in range(length):
        for channel in (1, 2):
            total = sum(
                clip[frame] * gains[channel - 1] for clip, *gains in cues if frame < len(clip)
            )
            out.append(max(-32768, min(32767, total >> 15)))
    return out


@given(
    st.lists(
        st.tuples(
            st.lists(st.integers(-32768, 32767), min_size=1, max_size=300),
            st.integers(0, UNITY),
            st.integers(0, UNITY),
        ),
        min_size=1,
        max_size=4,
    ),
    st.lists(st.integers(1, 120), min_size=1, max_size=10),
)
def test_the_mixer_matches_a_plain_reference(
    cues: list[tuple[list[int], int, int]], periods: list[int]
) -> None:
    mixer = Mixer()
    for clip, left, right in cues:
        mixer.add(array("h", clip), left / UNITY, right / UNITY)
    out: list[int] = []
    turn = 0
    while mixer.busy:
        frames = periods[turn % len(periods)]
        chunk = samples(mixer.pull(frames))
        # a short chunk is padded with silence by the library
        out += chunk + [0] * (2 * frames - len(chunk)) if mixer.busy else chunk
        turn += 1
    expected = reference_mix(cues)
    assert out == expected
