"""A table played by a fixed policy of keys, with no screen and no clock of its own: what
the golden transcripts record (see ``test_golden.py``).

The policy reads only the session's step and the player's view to choose the next keys,
so the same seed always gives the same keys and the same words. Bots move at once.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from dataclasses import dataclass, field

from sounds_support import Recorded

from okey.engine.view import Phase
from okey.messages import Catalogue, Verbosity, load_catalogue
from okey.rules import load_rules
from okey.saves import SaveData
from okey.speech import Speaker, SpeechMode
from okey.table.controller import Table
from okey.table.state.persist import session_from_save
from okey.table.state.seats import default_names
from okey.table.state.session import Step, new_session
from okey.table.state.settings import TableSettings

EN = load_catalogue("en")

BOT_NAMES = ["Ayşe", "Mehmet", "Zeynep"]
MOST_STEPS = 5000

# Reading keys pressed on the player's turns, one group a turn in rotation, so that every
# status key, the rack's movement, sorting, help, the menu and the history are heard.
READING = [
    ["a", "i", "c", "n", "w"],
    ["l", "r", "o", "m", "z"],
    ["s", "right", "right", "down", "up", "home", "end"],
    ["h", "h", "?", "e"],
    ["escape", "down", "down", "up", "escape"],
    [",", ",", ".", "<", ">"],
    ["v", "a", "v", "b", "b"],
    ["u", "f2", "c", "c"],
    ["s", "s", "s", "z", "down", "down"],
]


@dataclass
class Recorder:
    """A speech output that keeps what it was asked to say, and how."""

    name: str = "Golden speech"
    spoken: list[tuple[str, bool]] = field(default_factory=list)

    def speak(self, text: str, *, interrupt: bool) -> None:
        self.spoken.append((text, interrupt))

    def close(self) -> None:
        pass


@dataclass
class Played:
    table: Table
    output: Recorder
    sounds: Recorded
    clock: list[float]

    def transcript(self) -> str:
        """One line a message: ``>`` for an answer that interrupts, ``-`` for the table's."""
        lines = [f"{'>' if interrupt else '-'} {text}" for text, interrupt in self.output.spoken]
        return "\n".join(lines) + "\n"


def new_table(rules: str, seed: int, levels: tuple[str, ...], catalogue: Catalogue = EN) -> Played:
    ruleset = load_rules(rules)
    players = ruleset.table.players
    settings = TableSettings(
        rules=ruleset.name,
        you=0,
        names=list(default_names(players, 0, "You", BOT_NAMES)),
        levels=["", *levels[: players - 1]],
        verbosity=Verbosity.DETAILED,
        seed=seed,
        pace=0,
    )
    session = new_session(ruleset, settings)
    output = Recorder()
    sounds = Recorded()
    speaker = Speaker(
        SpeechMode.AUTO,
        output,
        printer=lambda _: None,
        verbosity=Verbosity.DETAILED,
        catalogue=catalogue,
    )
    clock = [0.0]
    table = Table(session, speaker, now=lambda: clock[0])
    table.voice.use_sounds(sounds, table.settings)
    return Played(table, output, sounds, clock)


def _turn_keys(played: Played, rng: random.Random, turn: int) -> Iterator[str]:
    """The keys of one of the player's moves: some reading keys, then the move."""
    table = played.table
    yield from READING[turn % len(READING)]
    view = table.state.view
    assert view is not None
    if view.phase is Phase.PILE_OUT:
        yield rng.choice(["t", "x", "d"])
        return
    if view.phase is Phase.DRAW:
        choice = rng.choice(["p", "t", "d", "dp", "dt", "dx"])
        yield from ("d", choice[1]) if len(choice) == 2 else (choice,)
        return
    if rng.random() < 0.5:
        yield "f"
    yield from rng.choice([["end"], ["home"], ["home", "right", "right"], ["end", "left"]])
    yield rng.choice(["enter", "space"])


def play_by_keys(
    played: Played,
    *,
    rounds: int,
    seed: int,
    timeouts: int = 0,
    after_round: tuple[str, ...] = ("j", "c", "c", "w"),
    resumed: bool = False,
) -> None:
    """Play ``rounds`` rounds: the bots at once, the player by the policy's keys.

    ``timeouts``: on that many of the player's first turns, the clock runs out instead
    (the table's clock is moved past the timer) before any key is pressed.
    """
    table = played.table
    rng = random.Random(f"golden-keys:{seed}")
    if resumed:
        table.reopen()
    else:
        table.begin()
    turn = 0
    timed_out = 0
    finished = 0
    for _ in range(MOST_STEPS):
        step = table.session.step()
        if step is Step.BOT:
            table.play_bot()
        elif step is Step.AUTOPILOT:
            table.play_autopilot()
            if table.session.step() is not Step.AUTOPILOT:
                table.press("enter")  # take the seat back
        elif step is Step.PLAYER:
            if timed_out < timeouts:
                timed_out += 1
                played.clock[0] += 5.0
                table.tick()
                played.clock[0] += 1000.0
                table.tick()
                continue
            before = table.session.version
            for key in _turn_keys(played, rng, turn):
                table.press(key)
                if table.asking is not None:  # the okey warning: keep it once, then throw
                    table.press(rng.choice(["y", "n"]))
                if table.session.version != before:
                    break
            if table.session.version == before:  # nothing was moved: throw the last tile
                table.press("end")
                table.press("enter")
                if table.asking is not None:
                    table.press("y")
            turn += 1
        elif step is Step.ROUND_OVER:
            finished += 1
            for key in after_round:
                table.press(key)
            if finished >= rounds:
                break
            table.press("enter")
        else:
            for key in after_round:
                table.press(key)
            break
    else:  # pragma: no cover - a policy that never ends is a broken test
        raise AssertionError("the golden game did not end")
    table.press("q")
    table.press("y")


def resumed_table(data: SaveData) -> Played:
    """A table built again from a save, speaking to a recorder, with a still clock."""
    session = session_from_save(data, catalogue=EN)
    output = Recorder()
    sounds = Recorded()
    speaker = Speaker(
        SpeechMode.AUTO,
        output,
        printer=lambda _: None,
        verbosity=session.settings.verbosity,
        catalogue=EN,
    )
    clock = [0.0]
    table = Table(session, speaker, now=lambda: clock[0])
    table.voice.use_sounds(sounds, table.settings)
    return Played(table, output, sounds, clock)
