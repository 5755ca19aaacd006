"""The rig for the table tests: a real table, keys through prompt_toolkit's pipe input,
speech through a recording output, bots with no pause. The tests read what the table
said as lines (catalogue keys and their fields, :mod:`okey.table.lines`), and the
wording only in the golden transcripts. Its own tests check the rig."""

from __future__ import annotations

import asyncio
import contextlib
import random
import time
from collections.abc import Awaitable, Callable, Mapping
from dataclasses import dataclass, field
from functools import partial
from itertools import pairwise

from prompt_toolkit.input import PipeInput, create_pipe_input
from prompt_toolkit.output import DummyOutput
from sounds_support import Recorded

from okey.bots import Bot
from okey.engine.actions import Action, ShowIndicator
from okey.engine.deal import arrange_deck
from okey.engine.view import PlayerView
from okey.hand.notation import parse_tile, parse_tiles
from okey.messages import Catalogue, Verbosity, load_catalogue
from okey.rules import RuleSet, load_rules
from okey.speech import Speaker, SpeechMode
from okey.speech.speaker import FINISH_GRACE
from okey.table.controller import Saver, Table
from okey.table.lines import AndList, Capital, Field, Joined, Line, Speech
from okey.table.state.seat import Step
from okey.table.state.seats import default_names
from okey.table.state.session import new_session
from okey.table.state.settings import TableSettings
from okey.table.terminal.app import play_async

EN = load_catalogue("en")

BOT_NAMES = ["Ayşe", "Mehmet", "Zeynep"]  # left, across, right
KEYS = {
    "right": "\x1b[C",
    "left": "\x1b[D",
    "up": "\x1b[A",
    "down": "\x1b[B",
    "home": "\x1b[H",
    "end": "\x1b[F",
    "enter": "\r",
    "escape": "\x1b",
    "space": " ",
    "tab": "\t",
    "c-s": "\x13",
    "f1": "\x1bOP",
}
WAIT = 10.0  # seconds before a wait fails the test


@dataclass
class FakeOutput:
    """A speech output that records what it was asked to say."""

    name: str = "Fake speech"
    spoken: list[tuple[str, bool]] = field(default_factory=list)

    def speak(self, text: str, *, interrupt: bool) -> None:
        self.spoken.append((text, interrupt))

    def close(self) -> None:
        pass


@dataclass
class Rig:
    table: Table
    output: FakeOutput
    sounds: Recorded
    heard: list[tuple[Speech, bool]] = field(default_factory=list)  # lines, and interrupting

    def __post_init__(self) -> None:
        self.table.voice.listeners.append(lambda speech, cut: self.heard.append((speech, cut)))

    @property
    def lines(self) -> list[Speech]:
        """What the table said, as lines (the speaker's own answers are in ``said``)."""
        return [speech for speech, _ in self.heard]

    @property
    def keys(self) -> list[str]:
        """The catalogue key of each line (a joined line: its first part's)."""
        return [key_of(speech) for speech in self.lines]

    def last(self) -> Speech:
        return self.lines[-1]

    @property
    def said(self) -> list[str]:
        """Everything said, in words (the table's lines and the speaker's answers)."""
        return [text for text, _ in self.output.spoken]

    def text(self) -> str:
        return "\n".join(self.said)


def keys_in(value: Field) -> list[str]:
    """Every catalogue key a message uses, outermost first."""
    if isinstance(value, Line):
        return [value.key, *(key for part in value.fields.values() for key in keys_in(part))]
    if isinstance(value, Joined | AndList):
        return [key for part in value.parts for key in keys_in(part)]
    if isinstance(value, Capital):
        return keys_in(value.text)
    return []


def key_of(speech: Speech) -> str:
    return keys_in(speech)[0]


def parts(speech: Speech) -> tuple[Field, ...]:
    """The lines a message joins (a line alone: itself)."""
    return speech.parts if isinstance(speech, Joined) else (speech,)


def text(key: str, /, **fields: object) -> str:
    """A catalogue text in the detailed verbosity (for the tests that read a transcript)."""
    return EN.variant(key, Verbosity.DETAILED, **fields)


class ShowingBot:
    """Shows the indicator's twin when it can, else plays the first legal move's way."""

    name = "showing"

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng

    def choose(self, view: PlayerView) -> Action:
        if ShowIndicator() in view.legal:
            return ShowIndicator()
        return self.rng.choice([a for a in view.legal if a != ShowIndicator()])


def make_rig(
    *,
    rules: str | RuleSet = "classic",
    hands: Mapping[int, str] | None = None,
    indicator: str = "r5",
    pile_top: str = "",
    dealer: int = 0,
    seed: int = 1,
    verbosity: Verbosity = Verbosity.DETAILED,
    saver: Saver | None = None,
    now: Callable[[], float] = time.monotonic,
    bots: Mapping[int, Bot] | None = None,
    output: FakeOutput | None = None,
    speech_clock: Callable[[], float] = time.monotonic,
    finish_grace: float = FINISH_GRACE,
    catalogue: Catalogue = EN,
) -> Rig:
    """A table against random bots (or ``bots``); ``hands`` prepares the first deal
    (seat: tiles); ``output`` is the speech output to record with (its speaker timed by
    ``speech_clock``, giving up on a "finished" signal after ``finish_grace``)."""
    ruleset = load_rules(rules) if isinstance(rules, str) else rules
    players = ruleset.table.players
    names = default_names(players, 0, "You", BOT_NAMES)
    settings = TableSettings(
        rules=ruleset.name,
        you=0,
        names=list(names),
        levels=["" if seat == 0 else "random" for seat in range(players)],
        verbosity=verbosity,
        seed=seed,
        pace=0,
    )
    decks = None
    if hands is not None:
        deck = arrange_deck(
            players,
            dealer,
            parse_tile(indicator),
            {seat: parse_tiles(text) for seat, text in hands.items()},
            parse_tiles(pile_top),
            random.Random(seed),
        )
        decks = iter([deck])
    session = new_session(ruleset, settings, decks=decks, first_dealer=dealer)
    session.bots.update(bots or {})  # these seats' bots instead of the random ones
    recorder = output if output is not None else FakeOutput()
    sounds = Recorded()
    speaker = Speaker(
        SpeechMode.AUTO,
        recorder,
        printer=lambda _: None,
        verbosity=verbosity,
        clock=speech_clock,
        finish_grace=finish_grace,
        catalogue=catalogue,
    )
    table = Table(session, speaker, saver=saver, now=now)
    table.voice.use_sounds(sounds, table.settings)
    return Rig(table, recorder, sounds)


SAFETY_NET = 0.05  # seconds: a wait looks again this often even when nothing was heard


class Player:
    """Presses keys into the running table and waits for what it says.

    It is made in the table's event loop. A wait wakes when the table says something (a
    line, or the speaker's words) or handles a key, and looks again then; what changes
    silently (a bot's move said by nobody) is still found within :data:`SAFETY_NET`."""

    def __init__(self, rig: Rig, pipe: PipeInput) -> None:
        self.rig = rig
        self.pipe = pipe
        self.mark = 0
        self.said_mark = 0
        self._changed = asyncio.Event()
        loop = asyncio.get_running_loop()

        def changed() -> None:
            try:
                running = asyncio.get_running_loop()
            except RuntimeError:
                running = None
            if running is loop:
                self._changed.set()
            else:  # said from another thread (the speaker's)
                loop.call_soon_threadsafe(self._changed.set)

        rig.table.voice.listeners.append(lambda _speech, _cut: changed())
        output, table = rig.output, rig.table
        speak, press = output.speak, table.press

        def spoken(text: str, *, interrupt: bool) -> None:
            speak(text, interrupt=interrupt)
            changed()

        def pressed(key: str) -> None:
            try:
                press(key)
            finally:
                changed()

        output.speak = spoken  # type: ignore[method-assign]
        table.press = pressed  # type: ignore[method-assign]

    async def until(self, check: Callable[[], bool], what: str) -> None:
        deadline = time.monotonic() + WAIT
        while not check():
            if time.monotonic() > deadline:
                raise AssertionError(f"waited for {what}; heard:\n{self.rig.text()}")
            self._changed.clear()
            if check():
                return
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self._changed.wait(), SAFETY_NET)

    async def hear(self, text: str) -> str:
        """Wait until a message containing ``text`` is said, in words (after the last one
        heard this way): for tests of the words themselves (another language)."""

        def found() -> bool:
            return any(text in said for said in self.rig.said[self.said_mark :])

        await self.until(found, repr(text))
        said = self.rig.said
        index = next(i for i in range(self.said_mark, len(said)) if text in said[i])
        self.said_mark = index + 1
        return said[index]

    async def heard(self, key: str) -> Speech:
        """Wait until the table says a line of catalogue ``key`` (after the last one heard)."""

        def found() -> bool:
            return any(key in keys_in(said) for said in self.rig.lines[self.mark :])

        await self.until(found, repr(key))
        lines = self.rig.lines
        index = next(i for i in range(self.mark, len(lines)) if key in keys_in(lines[i]))
        self.mark = index + 1
        return lines[index]

    async def press(self, *keys: str) -> None:
        """Press keys one by one, each handled before the next."""
        table = self.rig.table
        for key in keys:
            wanted = table.presses + 1
            self.pipe.send_text(KEYS.get(key, key))
            await self.until(partial(_handled, table, wanted), f"the key {key!r}")
            if key == "escape":
                await asyncio.sleep(0)

    async def my_turn(self) -> None:
        """Wait until it is the player's move (or the round is over)."""
        session = self.rig.table.session
        await self.until(
            lambda: session.step() in (Step.PLAYER, Step.ROUND_OVER, Step.MATCH_OVER),
            "the player's turn",
        )

    def line(self) -> Speech:
        """The last line the table said."""
        return self.rig.lines[-1]

    def last(self) -> str:
        """The last thing said, in words (the speaker's own answers too)."""
        return self.rig.said[-1]


def _handled(table: Table, presses: int) -> bool:
    return table.presses >= presses


Script = Callable[[Player], Awaitable[None]]


DEAL_KEYS = ("table.round", "table.101.dealt")  # a deal said at Okey, at Okey 101


def play(rig: Rig, script: Script, *, pace: float = 0.0) -> None:
    """Run the table headless while ``script`` plays it; the table is left at the end."""

    async def main() -> None:
        with create_pipe_input() as pipe:
            task = asyncio.create_task(
                play_async(
                    rig.table,
                    pace=pace,
                    input=pipe,
                    output=DummyOutput(),
                )
            )
            player = Player(rig, pipe)
            try:
                await player.until(
                    lambda: any(key.startswith(DEAL_KEYS) for key in rig.keys), "the deal"
                )
                await asyncio.wait_for(script(player), WAIT * 3)
            finally:
                if not task.done():
                    rig.table.leave()
                await asyncio.wait_for(task, WAIT)

    asyncio.run(main())


def no_repeats(said: list[str]) -> list[str]:
    """Table messages said twice in a row (replies to keys may repeat on purpose)."""
    return [a for a, b in pairwise(said) if a == b]


# -- the rig's own tests ---------------------------------------------------------------


def test_the_rig_plays_keys_and_hears_the_table() -> None:
    rig = make_rig(hands={0: "r1 r2 r3"}, dealer=0)

    async def script(player: Player) -> None:
        hand = await player.heard("table.hand")
        assert isinstance(hand, Line)
        assert hand.fields["count"] == 15
        await player.press("right")
        assert player.line() == Line("table.focus", tile=parse_tile("r2"), position=2, count=15)
        await player.press("q", "y")

    play(rig, script)
    assert rig.table.leaving
    assert (Line("table.focus", tile=parse_tile("r2"), position=2, count=15), True) in rig.heard
    assert (text("table.focus", tile="red 2", position=2, count=15), True) in rig.output.spoken


def test_leaving_without_a_saver_still_ends_cleanly() -> None:
    rig = make_rig()

    async def script(player: Player) -> None:
        await player.press("c-c")

    play(rig, script)
    assert rig.table.leaving
    assert rig.table.farewell() == text("table.goodbye")
