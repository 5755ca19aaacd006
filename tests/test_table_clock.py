"""The turn clock is the player's time, not the game's (issue 16): it starts once the
turn's words are heard (or at the player's first key), the help, the rules and the
Escape menu hold it, its warning comes in each phase, a timeout says what it closed,
and a longer turn can be chosen (``okey play --timer``, the ``timer`` setting)."""

from __future__ import annotations

import asyncio
from dataclasses import dataclass

import pytest
from test_table_rig import FakeOutput, Player, Rig, keys_in, make_rig, play

from okey.cli import build_parser
from okey.commands.play import timed, turn_seconds
from okey.engine.view import Phase
from okey.messages import load_catalogue
from okey.preferences import PreferencesError, check
from okey.rules import load_rules
from okey.table.controller import Table
from okey.table.lines import Line
from okey.table.state.clock import TurnClock
from okey.table.state.seat import Step

LEFT = 3


def _salon(dealer: int = 0, seed: int = 3) -> tuple[Table, list[float], Rig]:
    """A salon table at the player's turn, with a clock of its own."""
    clock = [0.0]
    rig = make_rig(rules="salon", dealer=dealer, seed=seed, now=lambda: clock[0])
    table = rig.table
    table.begin()
    while table.state.step is Step.BOT:
        table.play_bot()
    assert table.state.step is Step.PLAYER
    return table, clock, rig


def test_the_clock_waits_for_the_turns_words_to_be_heard() -> None:
    table, clock, _rig = _salon()
    clock[0] = 50.0
    table.tick(heard=False)  # the voice is still saying the turn
    assert not table.clock.running and table.clock.left(clock[0]) == 20
    table.tick(heard=True)
    assert table.clock.running and table.clock.left(clock[0]) == 20
    clock[0] = 69.0
    table.tick(heard=False)  # once running, speech no longer holds it
    assert table.clock.left(clock[0]) == 1


def test_a_key_starts_the_clock_the_voice_was_holding() -> None:
    table, clock, _rig = _salon()
    clock[0] = 5.0
    table.press("a")  # the player acts before the words end
    assert table.clock.running
    clock[0] = 15.0
    table.tick(heard=False)
    assert table.clock.left(clock[0]) == 10


@pytest.mark.parametrize("key", ["h", "?"])
def test_the_help_and_the_rules_hold_the_clock_while_they_are_said(key: str) -> None:
    table, clock, _rig = _salon()
    table.tick()
    clock[0] = 9.0
    table.press(key)
    assert not table.clock.running and table.clock.left(clock[0]) == 11
    clock[0] = 200.0
    table.tick(heard=False)  # the help is long: no time is charged while it is said
    assert table.state.step is Step.PLAYER and table.clock.left(clock[0]) == 11
    table.tick(heard=True)
    assert table.clock.running and table.clock.left(clock[0]) == 11


def test_the_escape_menu_holds_the_clock_until_it_closes() -> None:
    table, clock, _rig = _salon()
    table.tick()
    clock[0] = 9.0
    table.press("escape")
    assert table.menu is not None and table.clock.held
    clock[0] = 500.0
    table.press("down")
    table.tick(heard=True)
    assert table.state.step is Step.PLAYER and not table.clock.running
    table.press("escape")  # closed: the time goes on once that is heard
    assert table.menu is None and not table.clock.held
    table.tick(heard=True)
    assert table.clock.running and table.clock.left(clock[0]) == 11


def test_the_warning_comes_again_in_the_discard_phase() -> None:
    table, clock, rig = _salon(dealer=LEFT, seed=4)
    view = table.state.view
    assert view is not None and view.phase is Phase.DRAW
    table.tick()
    clock[0] = 10.5
    table.tick()
    assert rig.last() == Line("table.time_left", seconds=10)  # drawing
    clock[0] = 12.2
    table.press("p")
    table.tick()
    assert rig.last() == Line("table.time_left.discard", seconds=8)  # and again, discarding


def test_a_timeout_closes_the_take_or_draw_question_and_says_so() -> None:
    table, clock, rig = _salon(dealer=LEFT, seed=4)
    table.tick()
    table.press("d")
    assert table.menu is not None and table.menu.choice  # the choice does not hold it
    clock[0] = 100.0
    table.tick()
    assert table.menu is None
    told = [key for key in rig.keys if key.startswith("table.timeout")]
    assert told == ["table.timeout.you.question"]  # said once, with the timeout
    assert rig.said[rig.keys.index("table.timeout.you.question")].startswith(
        "Time ran out: the question is closed"
    )


def test_a_timeout_at_a_table_whose_clock_is_not_held_closes_the_menu_and_says_so(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # A server's clock runs for every seat: there the menu does not hold it.
    monkeypatch.setattr(Table, "holds_clock", property(lambda self: False))
    table, clock, rig = _salon(dealer=LEFT, seed=4)
    table.tick()
    table.press("escape")
    assert table.menu is not None and not table.menu.choice
    clock[0] = 100.0
    table.tick()
    assert table.menu is None
    told = [key for key in rig.keys if key.startswith("table.timeout")]
    assert told == ["table.timeout.you.menu"]
    table.press("h")  # the keys are the table's again, not the menu's
    assert rig.keys[-1] != "table.menu.help"


def test_the_choice_of_a_longer_turn() -> None:
    salon = load_rules("salon")
    assert timed(salon, turn_seconds("60")).play.timer_seconds == 60
    assert timed(salon, turn_seconds("rules")) == salon
    assert timed(salon, None) == salon
    classic = load_rules("classic")
    assert timed(classic, 60) == classic  # a table without a timer keeps none
    for bad in ("4", "601", "soon", "1.5"):
        with pytest.raises(ValueError):
            turn_seconds(bad)
    assert check("timer", "90") == "90"
    with pytest.raises(PreferencesError):
        check("timer", "7")
    parser = build_parser(load_catalogue("en"), {"timer": "90"})
    assert parser.parse_args(["play"]).timer == "90"
    assert parser.parse_args(["play", "--timer", "45"]).timer == "45"


def test_the_turn_clock_by_itself() -> None:
    clock = TurnClock(20)
    clock.begin()
    assert clock.armed and not clock.running
    clock.pause(3.0, hold=True)  # held before it started
    clock.start(10.0)
    assert not clock.running
    clock.release()
    clock.start(10.0)
    assert clock.running and clock.left(15.0) == 15
    clock.pause(15.0)
    assert clock.armed and clock.left(99.0) == 15
    clock.stop()
    assert not clock.waiting and clock.left(0.0) == 0


@dataclass
class _SlowVoice(FakeOutput):
    """A voice that is busy from the first thing it is given until told it is done (its
    "finished" signal)."""

    speaking: bool = False

    def speak(self, text: str, *, interrupt: bool) -> None:
        super().speak(text, interrupt=interrupt)
        self.speaking = True

    def busy(self) -> bool | None:
        return self.speaking

    def wait_quiet(self, timeout: float) -> bool | None:
        return not self.speaking


def test_the_front_end_starts_the_clock_once_the_voice_is_quiet() -> None:
    voice = _SlowVoice()
    rig = make_rig(rules="salon", dealer=0, seed=3, output=voice, finish_grace=600.0)

    async def script(player: Player) -> None:
        await player.my_turn()
        await asyncio.sleep(0.3)
        assert rig.table.clock.armed  # still saying the turn
        voice.speaking = False
        await player.until(lambda: rig.table.clock.running, "the clock to start")
        await player.press("q", "y")

    play(rig, script)
    assert "table.your_turn.open" in [key for line in rig.lines for key in keys_in(line)]
