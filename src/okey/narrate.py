"""Events in words, from the message catalogue: what ``okey replay`` tells.

Two narrators remain, on purpose: this one tells a replay to a reader, every
seat by number and name and every hand dealt, as a log reads; the table's
(:mod:`okey.table.output.narration`) speaks to one player at their seat, in the second
person, brief or detailed, with what only they may hear. They share the
events, the catalogue and the words of a combination (:mod:`okey.table.output.meldwords`),
not the sentences. A game's own events are told by its folder's words
(:class:`okey.words_kit.WordsPart`).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import assert_never

from okey import kits
from okey.engine.events import (
    AutopilotChanged,
    Dealt,
    DeclaredPairs,
    DeclinedDiscard,
    DiceThrown,
    Discarded,
    Drew,
    Event,
    GameEvent,
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
from okey.engine.traditional import dice_variant, passed_over
from okey.hand.melds import Meld
from okey.messages import Catalogue, Verbosity
from okey.rules import TableRules
from okey.table.lines import Speech, sentence
from okey.table.output.meldwords import group_line, laid_line
from okey.table.output.words import Words
from okey.table.state.seats import Seats
from okey.tiles import Tile
from okey.words_kit import WordsPart


class Narrator:
    """Turns events into sentences; remembers the round's okey to name tiles fully."""

    def __init__(
        self, names: Sequence[str], catalogue: Catalogue, teams: Sequence[Sequence[int]] = ()
    ) -> None:
        self.names = list(names)
        self.catalogue = catalogue
        self.teams = [tuple(team) for team in teams]  # a partners table's: scores by team
        self.okey: Tile | None = None
        self.thrown = False  # this round was dealt from stacks: the dice line told the rest
        # The table's words, for the lines of a combination (which name no seat).
        seats = Seats(TableRules(), you=-1, names=tuple(names))
        self._words = Words(seats, Verbosity.DETAILED, catalogue)

    def name(self, seat: int) -> str:
        text = self.catalogue.text
        if seat < len(self.names) and self.names[seat]:
            return text("engine.seat.named", seat=seat, name=self.names[seat])
        return text("engine.seat", seat=seat)

    def tile(self, tile: Tile) -> str:
        return self.catalogue.tile(tile, self.okey)

    def seats(self, seats: Sequence[int]) -> str:
        return ", ".join(self.name(seat) for seat in seats)

    def combinations(self, melds: Sequence[Meld], pairs: Sequence[tuple[Tile, Tile]]) -> str:
        """Combinations laid, parted by semicolons."""
        return self.say(laid_line(melds, pairs, self.okey))

    def say(self, line: Speech) -> str:
        """A line of the table's words (a combination, as :mod:`okey.table.output.meldwords` says
        it everywhere) in this narrator's catalogue; no seat is named in one."""
        self._words.okey = self.okey
        return self._words.say(line)

    def score_list(self, scores: Sequence[int]) -> str:
        """Each seat's name and score: "seat 0 18, seat 1 20, ..."."""
        text = self.catalogue.text
        return ", ".join(
            text("engine.event.score", name=self.name(seat), score=score)
            for seat, score in enumerate(scores)
        )

    def totals(self, scores: Sequence[int]) -> str:
        """The standings: each seat's score, or at a partners table each team's ("seat 0
        and seat 2 18, seat 1 and seat 3 20"; partners share their team's score)."""
        if not self.teams:
            return self.score_list(scores)
        text = self.catalogue.text
        return ", ".join(
            text(
                "engine.event.score",
                name=text("engine.event.team", first=self.name(first), second=self.name(second)),
                score=scores[first],
            )
            for first, second in self.teams
        )

    def scores(self, scores: Sequence[int]) -> str:
        return self.catalogue.text("engine.event.scores", scores=self.totals(scores))

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
        match event:
            case RoundStarted():
                self.thrown = False
                key = "engine.event.round_started" + (".stacks" if stacks else "")
                return [text(key, number=event.number, name=self.name(event.dealer))]
            case DiceThrown():
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
            case IndicatorTurned():
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
            case Dealt():
                tiles = self.catalogue.tiles(list(event.hand), self.okey)
                return [text("engine.event.dealt", name=self.name(event.seat), tiles=tiles)]
            case Drew():
                name = self.name(event.seat)
                if event.tile is None:
                    return [text("engine.event.drew_hidden", name=name)]
                return [text("engine.event.drew", name=name, tile=self.tile(event.tile))]
            case TookDiscard():
                return [
                    text(
                        "engine.event.took",
                        name=self.name(event.seat),
                        tile=self.tile(event.tile),
                        source=self.name(event.source),
                    )
                ]
            case Discarded():
                name, tile = self.name(event.seat), self.tile(event.tile)
                return [text("engine.event.discarded", name=name, tile=tile)]
            case ShowedIndicator():
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
            case TurnedToOkey():
                return [text("engine.event.turned_to_okey", name=self.name(event.seat))]
            case DeclaredPairs():
                return [text("engine.event.declared_pairs", name=self.name(event.seat))]
            case DeclinedDiscard():
                name, tile = self.name(event.seat), self.tile(event.tile)
                return [text("engine.event.declined", name=name, tile=tile)]
            case TimedOut():
                name = self.name(event.seat)
                return [text("engine.event.timed_out", name=name, count=event.in_a_row)]
            case AutopilotChanged():
                key = "engine.event.autopilot_on" if event.on else "engine.event.autopilot_off"
                return [text(key, name=self.name(event.seat))]
            case RoundWon():
                return self._won(event)
            case RoundDrawn():
                return [text(f"engine.event.drawn.{event.reason.value}"), self.scores(event.scores)]
            case MatchOver():
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
            case GameEvent():  # the game's own: its folder's words tell it
                return kits.part(event.game, "words", WordsPart).replay(self, event)
            case _:
                assert_never(event)

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
            said.append(self.say(sentence(group_line(group.kind, group.tiles, self.okey))))
        said.append(
            text("engine.event.won.cost", losers=self.seats(event.losers), points=event.points)
        )
        said.append(self.scores(event.scores))
        return said
