"""Events in words, from the message catalogue (for replays, transcripts and tests)."""

from __future__ import annotations

from collections.abc import Sequence

from okey.engine.events import (
    AutopilotChanged,
    Dealt,
    DeclaredPairs,
    DeclinedDiscard,
    DiceThrown,
    Discarded,
    Drew,
    Event,
    IndicatorTurned,
    MatchOver,
    RoundDrawn,
    RoundStarted,
    RoundWon,
    ShowedIndicator,
    TimedOut,
    TookDiscard,
    TurnedToOkey,
)
from okey.engine.traditional import passed_over
from okey.hand.combinations import GroupKind
from okey.hand.tiles import Tile
from okey.messages import CATALOGUE, Catalogue


def dice_variant(throw: int, position: int) -> str:
    """The ending of the key that tells the second throw: "" (the thrown tile is the
    indicator), ".passed" or ".passed2" (one or two false jokers passed over), then
    ".wrap" when the count went past the stack's top to its bottom. The texts have the
    fields ``tile`` (the throw), ``second`` (the second false joker's place) and
    ``position`` (the indicator's), or their ``_nth`` ordinals at the table."""
    passed = len(passed_over(throw, position))
    if not passed:
        return ""
    return (".passed" if passed == 1 else ".passed2") + (".wrap" if position < throw else "")


_GROUP_KEYS = {
    GroupKind.RUN: "hand.group.run",
    GroupKind.SET: "hand.group.set",
    GroupKind.PAIR: "hand.group.pair",
}


class Narrator:
    """Turns events into sentences; remembers the round's okey to name tiles fully."""

    def __init__(self, names: Sequence[str], catalogue: Catalogue = CATALOGUE) -> None:
        self.names = list(names)
        self.catalogue = catalogue
        self.okey: Tile | None = None
        self.thrown = False  # this round was dealt from stacks: the dice line told the rest

    def name(self, seat: int) -> str:
        text = self.catalogue.text
        if seat < len(self.names) and self.names[seat]:
            return text("engine.seat.named", seat=seat, name=self.names[seat])
        return text("engine.seat", seat=seat)

    def tile(self, tile: Tile) -> str:
        return self.catalogue.tile(tile, self.okey)

    def seats(self, seats: Sequence[int]) -> str:
        return ", ".join(self.name(seat) for seat in seats)

    def score_list(self, scores: Sequence[int]) -> str:
        """Each seat's name and score: "seat 0 18, seat 1 20, ..."."""
        text = self.catalogue.text
        return ", ".join(
            text("engine.event.score", name=self.name(seat), score=score)
            for seat, score in enumerate(scores)
        )

    def scores(self, scores: Sequence[int]) -> str:
        return self.catalogue.text("engine.event.scores", scores=self.score_list(scores))

    def story(self, events: Sequence[Event]) -> list[str]:
        """What a listener hears for a stream of events, in order: a round dealt from
        stacks is opened by the seat after the thrower, who built the stacks, so its first
        line does not say the opener dealt (the dice follow the round's start)."""
        said: list[str] = []
        for index, event in enumerate(events):
            following = events[index + 1] if index + 1 < len(events) else None
            said += self.lines(event, stacks=isinstance(following, DiceThrown))
        return said

    def lines(self, event: Event, *, stacks: bool = False) -> list[str]:
        """What a listener hears for one event (an empty list: nothing); ``stacks``: a
        round that starts is dealt from stacks, with dice."""
        text = self.catalogue.text
        if isinstance(event, RoundStarted):
            self.thrown = False
            key = "engine.event.round_started" + (".stacks" if stacks else "")
            return [text(key, number=event.number, name=self.name(event.dealer))]
        if isinstance(event, DiceThrown):
            self.thrown = True
            dice = event.dice
            passed = passed_over(dice.tile, event.position)
            return [
                text(
                    "engine.event.dice" + dice_variant(dice.tile, event.position),
                    name=self.name(event.seat),
                    stack=dice.stack,
                    tile=dice.tile,
                    second=passed[-1] if passed else dice.tile,
                    position=event.position,
                )
            ]
        if isinstance(event, IndicatorTurned):
            self.okey = event.okey
            said = [
                text(
                    "engine.event.indicator",
                    indicator=self.catalogue.tile(event.indicator),
                    okey=self.catalogue.tile(event.okey),
                    pile=event.pile_count,
                )
            ]
            if event.turned_back and not self.thrown:
                said.insert(0, text("engine.event.turned_back", count=event.turned_back))
            return said
        if isinstance(event, Dealt):
            tiles = self.catalogue.tiles(list(event.hand), self.okey)
            return [text("engine.event.dealt", name=self.name(event.seat), tiles=tiles)]
        if isinstance(event, Drew):
            if event.tile is None:
                return [text("engine.event.drew_hidden", name=self.name(event.seat))]
            return [
                text("engine.event.drew", name=self.name(event.seat), tile=self.tile(event.tile))
            ]
        if isinstance(event, TookDiscard):
            return [
                text(
                    "engine.event.took",
                    name=self.name(event.seat),
                    tile=self.tile(event.tile),
                    source=self.name(event.source),
                )
            ]
        if isinstance(event, Discarded):
            return [
                text(
                    "engine.event.discarded", name=self.name(event.seat), tile=self.tile(event.tile)
                )
            ]
        if isinstance(event, ShowedIndicator):
            return [
                text(
                    "engine.event.showed",
                    name=self.name(event.seat),
                    tile=self.tile(event.tile),
                    losers=self.seats(event.losers),
                    penalty=event.penalty,
                ),
                self.scores(event.scores),
            ]
        if isinstance(event, TurnedToOkey):
            return [text("engine.event.turned_to_okey", name=self.name(event.seat))]
        if isinstance(event, DeclaredPairs):
            return [text("engine.event.declared_pairs", name=self.name(event.seat))]
        if isinstance(event, DeclinedDiscard):
            return [
                text(
                    "engine.event.declined", name=self.name(event.seat), tile=self.tile(event.tile)
                )
            ]
        if isinstance(event, TimedOut):
            return [
                text("engine.event.timed_out", name=self.name(event.seat), count=event.in_a_row)
            ]
        if isinstance(event, AutopilotChanged):
            key = "engine.event.autopilot_on" if event.on else "engine.event.autopilot_off"
            return [text(key, name=self.name(event.seat))]
        if isinstance(event, RoundWon):
            return self._won(event)
        if isinstance(event, RoundDrawn):
            return [text(f"engine.event.drawn.{event.reason.value}"), self.scores(event.scores)]
        if isinstance(event, MatchOver):
            said = [text("engine.event.match_over")]
            for standing in event.standings:
                said.append(
                    text(
                        "engine.event.standing",
                        place=standing.place,
                        names=self.seats(standing.seats),
                        score=standing.score,
                    )
                )
            return said
        return []  # pragma: no cover - every event is handled above

    def _won(self, event: RoundWon) -> list[str]:
        text = self.catalogue.text
        kind = text(f"kind.{event.kind.value}")
        said = [
            text(
                "engine.event.won",
                name=self.name(event.seat),
                kind=kind,
                tile=self.tile(event.tile),
            )
        ]
        if event.okey_discard:
            said.append(text("engine.event.won.okey"))
        if event.colored:
            said.append(text("engine.event.won.colored"))
        for group in event.groups:
            tiles = self.catalogue.tiles(list(group.tiles), self.okey)
            said.append(text(_GROUP_KEYS[group.kind], tiles=tiles))
        said.append(
            text("engine.event.won.cost", losers=self.seats(event.losers), points=event.points)
        )
        said.append(self.scores(event.scores))
        return said
