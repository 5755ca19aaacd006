"""The rig for ear101's tests: an Okey 101 match played by the 101 bots, told to one seat,
and a real table over it that the status keys, the browsing mode and the screen read.

The table's own session cannot play 101 on this branch (moves101 teaches it), so the rig's
session shows the table the match's ``table_view`` and plays every seat by the 101 bots;
the tests drive it by the seat's actions, never by keys.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field

from test_table_rig import BOT_NAMES, FakeOutput

from okey.engine.events import Event, seen_by
from okey.engine.match import Match
from okey.games.okey101.levels import Level101, make_bot101
from okey.games.okey101.view import View101
from okey.messages import Catalogue, Verbosity, load_catalogue
from okey.rules import RuleSet, load_rules
from okey.speech import Speaker, SpeechMode
from okey.table.controller import Table
from okey.table.lines import Speech
from okey.table.output.narration import TableNarrator
from okey.table.output.words import Words
from okey.table.state.seats import Seats, default_names
from okey.table.state.session import TableSession
from okey.table.state.settings import TableSettings

EN = load_catalogue("en")
TR = load_catalogue("tr")
RULES = load_rules("101")
NAMES = default_names(4, 0, "You", BOT_NAMES)
MOST_MOVES = 3000


class Session101(TableSession):
    """A session that shows the table Okey 101's view and plays every seat by a bot."""

    players: dict[int, Level101]

    def view(self) -> View101 | None:
        if not self.match.started:
            return None
        view = self.match.table_view(self.you)
        assert isinstance(view, View101)
        return view

    def play(self, seat: int) -> list[Event]:
        """One move of ``seat``'s bot; the events the player saw."""
        view = self.match.table_view(seat)
        assert isinstance(view, View101)
        return self._seen(self.match.apply(seat, self.players[seat].choose(view)))


@dataclass
class Rig101:
    table: Table
    session: Session101
    output: FakeOutput
    heard: list[Speech] = field(default_factory=list)

    @property
    def view(self) -> View101:
        view = self.session.view()
        assert view is not None
        return view

    def refresh(self) -> View101:
        """The table's state built again, and the rack following the hand."""
        state = self.table.refresh()
        view = state.seen
        assert isinstance(view, View101)
        self.table.update_rack(view)
        return view


def make_rig101(
    *, seed: int = 1, level: str = "medium", verbosity: Verbosity = Verbosity.DETAILED,
    catalogue: Catalogue = EN, rules: RuleSet = RULES,
) -> Rig101:  # fmt: skip
    settings = TableSettings(
        rules=rules.name,
        you=0,
        names=list(NAMES),
        levels=["" if seat == 0 else "random" for seat in range(4)],
        verbosity=verbosity,
        seed=seed,
        pace=0,
    )
    match = Match(rules, random.Random(seed), first_dealer=1)
    session = Session101(match, settings, {}, bots={})
    session.players = {s: make_bot101(level, random.Random(f"{seed}:{s}")) for s in range(4)}
    output = FakeOutput()
    speaker = Speaker(
        SpeechMode.AUTO, output, printer=lambda _: None, verbosity=verbosity, catalogue=catalogue
    )
    table = Table(session, speaker)
    rig = Rig101(table, session, output)
    table.voice.listeners.append(lambda speech, _: rig.heard.append(speech))
    return rig


@dataclass(frozen=True)
class Batch:
    """One move's events as the player saw them, and the player's view after it."""

    events: tuple[Event, ...]
    view: View101


def batches(match: Match, players: dict[int, Level101], you: int = 0) -> Iterator[Batch]:
    """Deal and play the match's rounds to its end, one move at a time."""
    for _ in range(MOST_MOVES):
        if match.over:
            return
        if match.round_over:
            events = match.start_round()
        elif match.turn == you:  # the player's moves one by one, as the table makes them
            events = match.apply(you, players[you].choose(_view(match, you)))
        else:  # another seat's whole turn, as the table hears it
            seat = match.turn
            events = []
            while not match.round_over and match.turn == seat:
                events += match.apply(seat, players[seat].choose(_view(match, seat)))
        mine = match.table_view(you)
        assert isinstance(mine, View101)
        shown = tuple(e for e in (seen_by(event, you) for event in events) if e is not None)
        yield Batch(shown, mine)
    raise AssertionError("the match never ended")


def _view(match: Match, seat: int) -> View101:
    view = match.table_view(seat)
    assert isinstance(view, View101)
    return view


def bot_match(
    seed: int, level: str = "medium", rules: RuleSet = RULES
) -> tuple[Match, dict[int, Level101]]:
    match = Match(rules, random.Random(seed), first_dealer=1)
    players = {s: make_bot101(level, random.Random(f"{seed}:{s}")) for s in range(4)}
    return match, players


def words_for(catalogue: Catalogue, verbosity: Verbosity, okey: object = None) -> Words:
    words = Words(Seats(RULES.table, 0, NAMES), verbosity, catalogue)
    return words


def narrator() -> TableNarrator:
    return TableNarrator(Seats(RULES.table, 0, NAMES))


def test_the_rig_plays_a_101_match_to_its_end_and_the_table_reads_its_view() -> None:
    match, players = bot_match(5)
    seen = [event for batch in batches(match, players) for event in batch.events]
    assert match.over and seen
    rig = make_rig101(seed=3)
    rig.session.deal()
    assert isinstance(rig.refresh(), View101)


def play_until(rig: Rig101, reached: Callable[[View101], bool]) -> View101:
    """Deal, then play every seat's moves by the bots until ``reached(view)``."""
    session = rig.session
    if not session.match.started:
        session.deal()
    view = rig.refresh()
    for _ in range(MOST_MOVES):
        if reached(view):
            return view
        if session.match.round_over:
            raise AssertionError("the round ended before the state wanted")
        session.play(session.match.turn)
        view = rig.refresh()
    raise AssertionError("the state wanted was never reached")


def crowded(view: View101) -> bool:
    """Many combinations on the table, at the player's turn."""
    return len(view.melds) + len(view.pairs) >= 14 and view.turn == view.seat
