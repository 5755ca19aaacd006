"""The seat seam: a table over a seat it knows only through SeatLink (as a client of a table
server would know its seat) says exactly what a table over the local session says."""

from __future__ import annotations

from collections.abc import Sequence

import pytest
from table_support import Thrower
from test_table_rig import FakeOutput, make_rig

from okey.engine.actions import Action, Discard, DrawFromPile, TimeOut
from okey.engine.events import Discarded, Drew, Event
from okey.hand.notation import parse_tile
from okey.messages import load_catalogue
from okey.review import RoundReview
from okey.rules import RuleSet
from okey.speech import Speaker, SpeechMode
from okey.table.controller import Table
from okey.table.lines import Speech
from okey.table.state.seat import Done, Outcome, Refused, SeatLink, SeatView, Step
from okey.table.state.session import TableSession
from okey.table.state.settings import TableSettings

EN = load_catalogue("en")

HAND = "r1 k5 y9 b2 b7 k11 k12 y3 y4 r9 b10 b10 k1 y1 r2"  # no okey (indicator r5)


class Relay:
    """A seat seen only through the seam: every call goes to a session the table does not
    hold (a table server's, here in the same process); the others' turns come as events."""

    def __init__(self, session: TableSession) -> None:
        self._far = session

    @property
    def you(self) -> int:
        return self._far.you

    @property
    def rules(self) -> RuleSet:
        return self._far.rules

    @property
    def settings(self) -> TableSettings:
        return self._far.settings

    @property
    def version(self) -> int:
        return self._far.version

    def step(self) -> Step:
        return self._far.step()

    def view(self) -> SeatView | None:
        return self._far.view()

    def seen(self) -> Sequence[Event]:
        return self._far.seen()

    def act(self, action: Action) -> Outcome:
        return self._far.act(action)

    def deal(self) -> Outcome:
        return self._far.deal()

    def review(self, number: int) -> RoundReview:
        return self._far.review(number)


def _heard(table: Table) -> list[Speech]:
    heard: list[Speech] = []
    table.voice.listeners.append(lambda speech, _: heard.append(speech))
    return heard


def test_a_relayed_seat_says_what_the_local_seat_says() -> None:
    keys = ["a", "c", "end", "enter", "n", "w", "p", "h", "enter", "l", "z", "s", "u", "j"]
    local = make_rig(hands={0: HAND}, indicator="r5", dealer=0, seed=9)
    far = make_rig(hands={0: HAND}, indicator="r5", dealer=0, seed=9).table.session
    seat: SeatLink = Relay(far)
    relayed = Table(
        seat, Speaker(SpeechMode.AUTO, FakeOutput(), printer=lambda _: None, catalogue=EN)
    )
    heard = _heard(relayed)
    for table in (local.table, relayed):
        table.begin()
    for key in keys:
        for table in (local.table, relayed):
            table.press(key)
        while far.step() is Step.BOT:  # the server plays the others and sends their moves
            relayed.heard(far.bot_turn())
        while local.table.state.step is Step.BOT:
            local.table.play_bot()
    assert heard == local.lines
    assert len(heard) > 20
    with pytest.raises(TypeError):  # the others are played where the match is, not here
        getattr(relayed, "session")  # noqa: B009


def test_the_seat_answers_a_move_with_its_events_or_the_engines_reason() -> None:
    rig = make_rig(hands={0: HAND}, indicator="r5", dealer=0)
    session = rig.table.session
    session.deal()
    refused = session.act(DrawFromPile())
    assert refused == Refused("must_discard")  # the dealer holds 15: discard first
    done = session.act(Discard(parse_tile("r1")))
    assert isinstance(done, Done) and isinstance(done.events[0], Discarded)
    assert session.act(TimeOut()) == Refused("not_your_turn")


def test_the_others_draws_reach_the_seat_as_it_may_know_them() -> None:
    rig = make_rig(hands={0: HAND}, indicator="r5", dealer=0, bots={1: Thrower()})
    table = rig.table
    table.begin()
    table.press("enter")
    table.play_bot()
    drew = [e for e in table.session.seen() if isinstance(e, Drew)]
    assert [e.seat for e in drew] == [1]
    assert drew[0].tile is None  # the player never learns what another seat drew
