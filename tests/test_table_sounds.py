"""The table you can hear: each move's cue from the seat that made it, the turn, a finish
within reach, the clock's warning, the ends of a round and of the match; off plays
nothing; brief mode lets a cue stand for its words only where it says them all; the
volume keys and setting. With recorded sounds (:class:`sounds_support.Recorded`), the
real :class:`okey.audio.Sounds` on a device the test drains, and a real headless
PulseAudio (skipped without it, except under CI)."""

from __future__ import annotations

import os
import time
from collections.abc import Iterator, Mapping
from pathlib import Path

import pytest
from sounds_support import DrainedDevice, Recorded, real_sounds
from test_audio_support import (
    PulseServer,
    Recorder,
    missing_tools,
    pulse_server,
    rms,
    trim,
    wait_for,
)
from test_table_rig import Rig, make_rig

from okey.audio import Cue, CuePlayer, Position, Sounds, State
from okey.bots import Bot
from okey.bots.level import throw, winning_discard
from okey.cli import build_parser, main
from okey.commands.play import table_sounds
from okey.engine.actions import Action, Discard, DrawFromPile, TakeDiscard
from okey.engine.events import (
    Discarded,
    DrawReason,
    Drew,
    Event,
    MatchOver,
    RoundDrawn,
    RoundWon,
    ShowedIndicator,
    TookDiscard,
)
from okey.engine.view import Phase, PlayerView
from okey.hand.notation import parse_tile
from okey.hand.scoring import FinishKind
from okey.messages import Verbosity, load_catalogue
from okey.preferences import load, settings_path
from okey.rules import load_rules
from okey.speech import Speaker, SpeechMode
from okey.table.input import router
from okey.table.input.chatting import chat
from okey.table.keys import KEYMAP, Command
from okey.table.lines import Line
from okey.table.output.cues import event_cues
from okey.table.state.seat import Step
from okey.table.state.seats import Seats

EN = load_catalogue("en")

WINNING = "r1 r2 r3 b4 b5 b6 k7 k8 k9 k10 y10 y11 y12 y13"  # 14 tiles in runs: any 15th ends it
HEARD = 0.003  # RMS above the null sink's silence


class Scripted:
    """A bot that finishes when it can, else takes the discard (``take``) or draws, and
    discards its first tile."""

    name = "scripted"

    def __init__(self, *, take: bool = False) -> None:
        self.take = take

    def choose(self, view: PlayerView) -> Action:
        if view.phase is Phase.DRAW:
            return TakeDiscard() if self.take and TakeDiscard() in view.legal else DrawFromPile()
        winning = winning_discard(view)
        if winning is not None:
            return throw(view, winning)
        return next(a for a in view.legal if isinstance(a, Discard))


def table_bots() -> dict[int, Bot]:
    """The right player (seat 1) opens, the one across takes it, the left one draws."""
    return {1: Scripted(), 2: Scripted(take=True), 3: Scripted()}


def rig_with(
    sounds: CuePlayer,
    *,
    hands: Mapping[int, str] | None = None,
    pile_top: str = "",
    bots: Mapping[int, Bot] | None = None,
    verbosity: Verbosity = Verbosity.DETAILED,
) -> Rig:
    """A table whose right player deals, with red 6 the okey, playing ``sounds``."""
    rig = make_rig(
        dealer=1, indicator="r5", hands=hands, pile_top=pile_top, bots=bots, verbosity=verbosity
    )
    rig.table.voice.use_sounds(sounds, rig.table.settings)
    return rig


def bots_play(rig: Rig) -> None:
    while rig.table.state.step is Step.BOT:
        rig.table.play_bot()


# -- each cue from its seat -------------------------------------------------------------


def test_a_draw_a_take_a_discard_and_a_win_each_come_from_their_seat() -> None:
    sounds = Recorded()
    rig = rig_with(sounds, hands={0: WINNING}, pile_top="k13 y1", bots=table_bots())
    table = rig.table
    table.begin()
    bots_play(rig)
    assert sounds.played == [
        (Cue.DISCARD, Position.RIGHT),  # the dealer, on the right, opens
        (Cue.TAKE, Position.ACROSS),  # across takes it
        (Cue.DISCARD, Position.ACROSS),
        (Cue.DRAW, Position.LEFT),  # the left player draws from the pile
        (Cue.DISCARD, Position.LEFT),
        (Cue.YOUR_TURN, Position.OWN),
    ]
    sounds.played.clear()
    table.press("p")  # yellow 1: any tile finishes this hand
    assert sounds.played == [(Cue.DRAW, Position.OWN), (Cue.WIN_POSSIBLE, Position.OWN)]
    sounds.played.clear()
    table.press("f")  # the finishing tile is laid in the middle: no discard
    assert "table.won.you" in rig.keys
    assert sounds.played == [(Cue.WIN_YOURS, Position.OWN)]


def test_the_left_player_s_win_comes_from_the_left() -> None:
    sounds = Recorded()
    rig = rig_with(sounds, hands={3: WINNING}, pile_top="k13", bots=table_bots())
    rig.table.begin()
    bots_play(rig)
    assert "table.won.other" in rig.keys
    assert sounds.played[-2:] == [(Cue.DRAW, Position.LEFT), (Cue.WIN_OTHER, Position.LEFT)]


def test_drawing_the_okey_has_its_own_cue_and_your_discard_comes_from_the_middle() -> None:
    sounds = Recorded()
    rig = rig_with(sounds, hands={}, pile_top="k13 r6", bots=table_bots())  # red 6 is the okey
    rig.table.begin()
    bots_play(rig)
    sounds.played.clear()
    rig.table.press("p")
    assert sounds.played[0] == (Cue.OKEY_DRAWN, Position.OWN)
    sounds.played.clear()
    rig.table.press("home")
    rig.table.press("enter")
    assert sounds.played[0] == (Cue.DISCARD, Position.OWN)
    bots_play(rig)
    assert sounds.played[1] == (Cue.DRAW, Position.RIGHT)


def test_sounds_off_plays_none() -> None:
    device = DrainedDevice()
    heard: list[str] = []
    sounds = real_sounds(lambda: device, heard)
    try:
        rig = rig_with(sounds, hands={0: WINNING}, pile_top="k13 y1", bots=table_bots())
        table = rig.table
        table.press("b")
        assert rig.last() == Line("speech.sounds_off") and not sounds.enabled
        table.begin()
        bots_play(rig)
        table.press("p")
        table.press("f")
        assert "table.won.you" in rig.keys
        assert sounds.wait_idle(2)
        assert sounds.mixer.cues_started == 0 and device.pull is None  # never started
        assert heard == []
        table.press("b")  # on again: the next move is heard
        assert rig.last() == Line("speech.sounds_on") and sounds.enabled
    finally:
        sounds.close()


def test_the_left_player_s_draw_is_louder_on_the_left() -> None:
    """The real player and mixer, on a device the test drains: the left player's draw
    and discard come out louder on the left channel, the right player's on the right."""
    device = DrainedDevice()
    sounds = real_sounds(lambda: device, volume=10, clock=lambda: 0.0)  # frames, not time
    try:
        rig = rig_with(sounds, bots={1: Scripted(), 2: Scripted(), 3: Scripted()})
        table = rig.table
        table.begin()
        levels = {}
        for seat in (1, 2, 3):
            assert table.state.step is Step.BOT
            table.play_bot()
            assert wait_for(lambda: device.pull is not None)
            time.sleep(0.05)  # every cue of the move handed to the mixer
            # The move's draw and discard, before the turn's cue (0.3 s on) that the left
            # player's move brings: the cues of one change sound one after another.
            levels[seat] = rms(device.drain(int(44100 * 0.3)))
            device.drain(44100)
        right, across, left = levels[1], levels[2], levels[3]
        assert left[0] > 4 * left[1] > 0, left  # about 16 dB: clearly from the left
        assert right[1] > 4 * right[0] > 0, right
        assert abs(across[0] - across[1]) < 0.1 * across[0], across  # the middle
    finally:
        sounds.close()


# -- which event plays what --------------------------------------------------------------


def _seats(rules: str = "classic") -> Seats:
    table = load_rules(rules).table
    return Seats(table, 0, tuple(str(seat) for seat in range(table.players)))


def test_each_event_s_cue_and_place() -> None:
    y1, r6 = parse_tile("y1"), parse_tile("r6")
    events: list[Event] = [
        Drew(3, None, 40),
        Discarded(3, y1),
        TookDiscard(0, 3, y1),
        Drew(0, r6, 39),  # the player's own okey
        ShowedIndicator(2, y1, 1, (0, 1, 3), (19, 19, 20, 19)),
    ]
    assert event_cues(events, _seats(), r6) == [
        (Cue.DRAW, Position.LEFT),
        (Cue.DISCARD, Position.LEFT),
        (Cue.TAKE, Position.OWN),
        (Cue.OKEY_DRAWN, Position.OWN),
        (Cue.INDICATOR_SHOWN, Position.ACROSS),
    ]
    assert event_cues([Drew(1, None, 38)], _seats(), r6) == [(Cue.DRAW, Position.RIGHT)]


def _won(seat: int) -> RoundWon:
    tile = parse_tile("y1")
    return RoundWon(seat, tile, FinishKind.COMBINATIONS, False, False, (), 2, (1, 2), (20,) * 4)


def test_a_win_is_yours_when_your_side_wins_and_the_match_s_end_replaces_the_round_s() -> None:
    partners = _seats("partners")
    assert event_cues([_won(2)], partners, None) == [(Cue.WIN_YOURS, Position.ACROSS)]
    assert event_cues([_won(1)], partners, None) == [(Cue.WIN_OTHER, Position.RIGHT)]
    assert event_cues([_won(2)], _seats(), None) == [(Cue.WIN_OTHER, Position.ACROSS)]
    drawn = RoundDrawn(DrawReason.DECLINED, (20, 20, 20, 20))
    assert event_cues([drawn], _seats(), None) == [(Cue.ROUND_OVER, Position.OWN)]
    over = MatchOver((), (0, 20, 20, 20))
    assert event_cues([Discarded(3, parse_tile("y1")), _won(3), over], _seats(), None) == [
        (Cue.DISCARD, Position.LEFT),
        (Cue.MATCH_OVER, Position.OWN),
    ]
    assert event_cues([drawn, over], _seats(), None) == [(Cue.MATCH_OVER, Position.OWN)]


# -- brief mode: a cue instead of words, only where it says them all ---------------------


def _turn_lines(rig: Rig) -> list[Line]:
    """The lines of the others' moves and of the turn, as the table said them."""
    keys = ("table.turn.", "table.drew", "table.your_turn.")
    return [
        line
        for line in rig.lines
        if isinstance(line, Line) and line.key.startswith(keys) and line.key != "table.turn.open"
    ]


@pytest.mark.parametrize(
    ("verbosity", "audible", "alone"),
    [
        (Verbosity.BRIEF, True, True),
        (Verbosity.BRIEF, False, False),  # no device: the words stay
        (Verbosity.DETAILED, True, False),  # never in detailed mode
    ],
)
def test_in_brief_mode_the_draw_and_the_turn_are_heard_instead_of_said(
    verbosity: Verbosity, audible: bool, alone: bool
) -> None:
    sounds = Recorded(audible=audible)
    rig = rig_with(
        sounds, hands={0: WINNING}, pile_top="k13 y1", bots=table_bots(), verbosity=verbosity
    )
    rig.table.begin()
    bots_play(rig)
    keys = [line.key for line in _turn_lines(rig)]
    said = rig.said
    if alone:
        assert keys == ["table.turn.take", "table.turn.discard", "table.your_turn.take.heard"]
        assert said[-3:] == ["Left: red 10.", "red 10 or pile.", "red 10 finishes."]
    else:
        assert keys == ["table.turn.take", "table.turn.pile", "table.your_turn.take"]
        assert "draws from the pile" in said[-3] or "pile, red 10" in said[-3]
        assert said[-2].startswith("Your turn")
    assert (Cue.DRAW, Position.LEFT) in sounds.played  # the cue plays either way


@pytest.mark.parametrize("verbosity", list(Verbosity))
def test_a_draw_told_alone_goes_without_saying_in_brief_mode(verbosity: Verbosity) -> None:
    sounds = Recorded(audible=True)
    rig = rig_with(
        sounds, hands={3: WINNING}, pile_top="k13", bots=table_bots(), verbosity=verbosity
    )
    rig.table.begin()
    bots_play(rig)
    assert "table.won.other" in rig.keys  # the left player drew, then finished
    assert ("table.drew" in rig.keys) is (verbosity is Verbosity.DETAILED)
    assert sounds.played[-2:] == [(Cue.DRAW, Position.LEFT), (Cue.WIN_OTHER, Position.LEFT)]


def test_the_cue_stands_alone_only_while_it_is_heard() -> None:
    sounds = Recorded(audible=True)
    rig = rig_with(
        sounds, hands={0: WINNING}, pile_top="k13 y1", bots=table_bots(), verbosity=Verbosity.BRIEF
    )
    rig.table.press("b")  # sounds off: the words come back
    rig.table.begin()
    bots_play(rig)
    assert [line.key for line in _turn_lines(rig)][-2:] == [
        "table.turn.pile",
        "table.your_turn.take",
    ]
    assert sounds.played == []


# -- the clock's warning, chat -------------------------------------------------------------


def test_the_clock_s_warning_has_its_cue_and_asking_the_time_has_none() -> None:
    sounds = Recorded()
    clock = [0.0]
    rig = make_rig(rules="salon", dealer=0, seed=3, now=lambda: clock[0])
    table = rig.table
    table.voice.use_sounds(sounds, table.settings)
    table.begin()
    sounds.played.clear()
    table.tick()  # the turn's words heard: the clock starts
    clock[0] = 9.0
    table.tick()
    table.press("e")  # "11 seconds left" asked for: words only
    assert rig.last() == Line("table.time_left", seconds=11) and sounds.played == []
    clock[0] = 10.5
    table.tick()  # the dealer's first move is a discard: the discard phase's warning
    assert rig.last() == Line("table.time_left.discard", seconds=10)
    assert sounds.played == [(Cue.TIMER_WARNING, Position.OWN)]


def test_a_chat_message_comes_from_its_sender() -> None:
    sounds = Recorded()
    rig = rig_with(sounds)
    said = Line("table.drew", label="Left", name="Ayşe", where="on your left")
    chat(rig.table, 3, said)
    assert sounds.played == [(Cue.CHAT, Position.LEFT)]
    assert rig.last() == said


# -- the volume ------------------------------------------------------------------------------


def test_f3_and_f4_change_the_volume_and_let_it_be_heard() -> None:
    sounds = Recorded(volume=9)
    rig = rig_with(sounds)
    table = rig.table
    table.press("f4")
    assert rig.last() == Line("table.volume", level=10, most=10)
    assert sounds.played == [(Cue.DISCARD, Position.OWN)]  # heard at the new level
    assert rig.said[-1] == "Volume 10 of 10."
    table.press("f4")
    assert rig.last() == Line("table.volume.loudest", level=10)
    for _ in range(10):
        table.press("f3")
    assert sounds.volume == 0 and rig.last() == Line("table.volume.silent")
    assert len(sounds.played) == 11  # none at 0
    table.press("b")
    table.press("f4")
    assert rig.last() == Line("table.volume.sounds_off", level=1, most=10)
    assert rig.said[-1] == "Volume 1 of 10; sounds are off, B turns them on."
    table.press("v")
    table.press("b")
    table.press("f3")
    assert rig.said[-1] == "Volume 0: silent."
    table.press("f4")
    assert rig.said[-1] == "Volume 1."  # brief


def test_the_volume_keys_are_in_the_one_key_table() -> None:
    assert KEYMAP["f3"] is Command.SOFTER and KEYMAP["f4"] is Command.LOUDER
    assert router.HANDLERS[Command.SOFTER] is router.HANDLERS[Command.LOUDER]


def test_the_volume_setting_is_where_games_start(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    assert main(["settings", "volume", "4"]) == 0
    assert capsys.readouterr().out.splitlines() == ["volume: 4"]
    assert main(["settings", "volume", "11"]) == 2
    assert capsys.readouterr().err.strip() == (
        "okey: volume cannot be 11 (it can be: 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10)"
    )
    args = build_parser(EN, load(settings_path())).parse_args(["play", "--no-sounds"])
    speaker = Speaker(SpeechMode.OFF, printer=lambda _: None, catalogue=EN)
    sounds = table_sounds(args, speaker, enabled=False)
    try:
        assert sounds.volume == 4
        assert sounds.state is State.OFF  # --no-sounds: no device is opened
    finally:
        sounds.close()
    args = build_parser(EN, {}).parse_args(["play"])
    sounds = table_sounds(args, speaker, enabled=True)
    try:
        assert sounds.volume == 7
        assert sounds.state is State.OFF  # the device opens at the first cue, not at start
        sounds.play(Cue.DRAW)
        assert wait_for(lambda: sounds.state is State.READY)  # the tests' null backend
        assert sounds.device_name == "Null"
    finally:
        sounds.close()


# -- a real device: a headless PulseAudio ----------------------------------------------------


@pytest.fixture(scope="module")
def pulse() -> Iterator[PulseServer]:
    """A headless PulseAudio with a null sink, recorded (test_audio_support.py); the game
    finds it as it would the player's."""
    missing = missing_tools()
    if missing:
        if os.environ.get("CI"):
            pytest.fail(f"{', '.join(missing)} missing, and CI must have them (.ci/run)")
        pytest.skip(f"{', '.join(missing)} not installed (apt-get install pulseaudio-utils ...)")
    with pulse_server() as server:
        yield server


def test_a_bot_s_draw_on_the_left_is_heard_on_the_left(pulse: PulseServer) -> None:
    recorder = pulse.recorder
    assert isinstance(recorder, Recorder)
    heard: list[str] = []
    sounds = Sounds(
        bell=lambda: heard.append("bell"),
        on_notice=lambda key, /, **fields: heard.append(key),
        volume=10,
        max_lag=5.0,  # a loaded machine may start a cue late: here none is dropped
        open_wait=5.0,
    )
    try:
        assert sounds.state is State.READY and sounds.device_name == "PulseAudio", heard
        rig = rig_with(sounds, hands={}, bots={1: Scripted(), 2: Scripted(), 3: Scripted()})
        table = rig.table
        table.begin()
        table.play_bot()  # the right player opens
        table.play_bot()  # across
        assert sounds.wait_idle(5)
        time.sleep(0.1)
        start = time.perf_counter()
        table.play_bot()  # the left player draws and discards; then the turn's own cue
        assert sounds.wait_idle(5)
        # The draw and the discard: the first 0.28 s of sound, not yet the turn's cue
        # (0.32 s on in the device's frames, whenever the loaded machine delivers them).
        sound = trim(recorder.played(start, 5))
        left, right = rms(sound[: int(44100 * 0.28) * 4])
        print(f"the left player's move on the null sink: RMS left {left:.4f}, right {right:.4f}")
        assert left > HEARD and left > 3 * right, (left, right)
        assert sounds.wait_idle(5)
        assert heard == []
    finally:
        sounds.close()
