"""Status readers: the answers to the keys that change nothing, as lines.

Indicator and okey, scores (and their story), the pile, each discard pile, where
a tile's copies are, the table's rules, and the keys that work now (the help,
read from the key table, :mod:`okey.table.keys`). At Okey 101, C is the round so far
(who opened with what, each seat's penalties) and the totals, lowest first; H on the
player's turn names the laying keys; the copies count the tiles laid on the table.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import assert_never

from okey.engine.actions import ShowIndicator, TurnToOkey
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
from okey.engine.view import Phase, TableView
from okey.rules import RuleSet
from okey.rules_words import rule_messages
from okey.table.keys import Topic, help_topics
from okey.table.kit import Moment, table_part
from okey.table.lines import (
    AndList,
    Capital,
    Face,
    Field,
    Joined,
    Label,
    Line,
    Name,
    Scores,
    Speech,
    Tiles,
)
from okey.table.output.narration import indicator_line
from okey.table.output.prompts import together
from okey.table.state.seat import SeatState, Step
from okey.table.state.seats import Place, Seats
from okey.table.state.settings import HINTS
from okey.tiles import COPIES, Tile


def indicator(view: TableView) -> Speech:
    said: list[Speech] = [indicator_line(view.indicator, view.okey)]
    held = sum(1 for tile in view.hand if tile == view.okey)
    if held:
        said.append(Line("table.okeys", count=held))
    said += table_part(view.rules).lines(view, Moment.INDICATOR)
    return together(said)


def scores(view: TableView) -> Line:
    return Line("table.scores", scores=Scores(view.scores, ranked=False))


def score_story(
    rules: RuleSet, round_number: int, events: Sequence[Event], standing: tuple[int, ...]
) -> Joined:
    """The detailed scores: where points went, round by round."""
    table = rules.table
    said: list[Field] = [Line("table.story.start", score=table.starting_score)]
    if table.rounds:
        said.append(Line("table.story.rounds", played=round_number, rounds=table.rounds))
    number = 0
    told = False
    for event in events:
        match event:
            case RoundStarted():
                number = event.number
            case RoundWon():  # the name is mid-sentence ("Round 1: you finished")
                name = Name(event.seat)
                said.append(Line("table.story.won", number=number, name=name, points=event.points))
                told = True
            case ShowedIndicator():
                name = Name(event.seat)
                said.append(
                    Line("table.story.showed", number=number, name=name, points=event.penalty)
                )
                told = True
            case RoundDrawn():
                said.append(Line("table.story.drawn", number=number))
                told = True
            case (
                DiceThrown()
                | Dealt()
                | IndicatorTurned()
                | Drew()
                | TookDiscard()
                | Discarded()
                | TurnedToOkey()
                | DeclaredPairs()
                | DeclinedDiscard()
                | TimedOut()
                | AutopilotChanged()
                | MatchOver()
                | GameEvent()  # Okey 101's scores: score_story101
            ):
                pass  # no points change hands
            case _:
                assert_never(event)
    if not told:
        said.append(Line("table.story.nothing"))
    said.append(Line("table.scores", scores=Scores(standing, ranked=True)))
    return Joined(tuple(said))


def pile(view: TableView) -> Line:
    return Line("table.pile", count=view.pile_count)


def discards(view: TableView, place: Place, seats: Seats) -> Line:
    """A discard pile, newest first."""
    seat = view.seat if place is Place.YOU else seats.at(place)
    if seat is None:
        return Line("table.no_seat")
    tiles = tuple(reversed(view.discards[seat]))
    if seat == view.seat:
        if not tiles:
            return Line("table.discards.yours_none")
        return Line("table.discards.yours", tiles=Tiles(tiles), count=len(tiles))
    if not tiles:
        return Line("table.discards.none", name=Name(seat), label=Label(seat))
    return Line(
        "table.discards", tiles=Tiles(tiles), count=len(tiles), name=Name(seat), label=Label(seat)
    )


def copies(view: TableView, tile: Tile, seats: Seats) -> Line:
    """Where the two copies of ``tile`` are, as far as the player can see: in the hand,
    face up as the indicator, on a discard pile, taken by a player and not thrown back,
    in the middle; the rest unseen (in the pile or another hand)."""
    places: list[Field] = []
    held = view.hand.count(tile)
    places.append(Line("table.copies.held", count=held))
    seen = held
    if view.indicator == tile:
        places.append(Line("table.copies.indicator"))
        seen += 1
    order = seats.in_play_order()
    lying = {seat: view.discards[seat].count(tile) for seat in order}
    for seat in order:
        if lying[seat]:
            seen += lying[seat]
            if seat == view.seat:
                places.append(Line("table.copies.yours", count=lying[seat]))
            else:
                places.append(Line("table.copies.discarded", count=lying[seat], name=Name(seat)))
    laid = table_part(view.rules).laid_copies(view, tile, seats, places)
    if laid is not None:
        # Laid face up; a taken discard is laid in the turn it is taken (or given back),
        # so none is held unseen.
        seen += laid
        order = []
    middle = table_part(view.rules).middle(view)
    for seat in order:
        if seat == view.seat:
            continue
        # What the next player took from this seat's pile, or its winning discard, it threw.
        taker = (seat + 1) % view.players
        finished = 1 if seat == view.winner and middle == tile else 0
        thrown = lying[seat] + finished + view.taken[taker].count(tile)
        kept = max(0, view.taken[seat].count(tile) - thrown)
        if kept:
            seen += kept
            places.append(Line("table.copies.taken", count=kept, name=Name(seat)))
    if middle == tile:
        seen += 1
        places.append(Line("table.copies.middle", count=1))
    if seen < COPIES:
        places.append(Line("table.copies.unseen", count=COPIES - seen))
    if tile.is_false_joker:  # the two false jokers, which play as the okey's face
        return Line(
            "table.copies.false_jokers", face=Face(view.okey), places=AndList(tuple(places))
        )
    return Line("table.copies", tile=Capital(tile), places=AndList(tuple(places)))


def rules_in_words(rules: RuleSet) -> Joined:
    return Joined(tuple(Line(key, **fields) for key, fields in rule_messages(rules)))


_TOPIC_FIELDS: Mapping[Topic, Mapping[str, Field]] = {Topic.HINT: {"count": HINTS}}


def help_now(
    state: SeatState,
    rules: RuleSet,
    *,
    everything: bool,
    general: Speech | None = None,
    online: bool = False,
) -> Joined:
    """The keys that work now; ``everything`` (H again, right after): the rest of the
    table's keys (``online``: of a table played over the network), without the first
    help again. ``general`` replaces the closing line on Escape, saving and leaving (the
    tutorial's own)."""
    if everything:
        return Joined(tuple(_topic(topic) for topic in help_topics(rules, online=online)))
    step, view = state.step, state.seen
    said: list[Field] = []
    own = table_part(rules).help_now(state)
    if own is not None:
        said += own
    elif step is Step.PLAYER and view is not None:
        if view.phase is Phase.DRAW:
            said.append(Line("table.help.draw"))
        elif view.phase is Phase.PILE_OUT:
            said.append(Line("table.help.pile_out"))
        else:
            said.append(Line("table.help.discard"))
    elif step is Step.AUTOPILOT:
        said.append(Line("table.help.autopilot"))
    elif view is None:  # before the first deal: a table online waits for its host
        said.append(Line("table.help.not_dealt"))
    elif step is Step.ROUND_OVER:
        said.append(Line("table.help.next_round"))
    elif step is Step.MATCH_OVER:
        said.append(Line("table.help.match_over"))
    else:
        said.append(Line("table.help.waiting"))
    if view is not None and ShowIndicator() in view.legal:
        said.append(Line("table.help.show"))
    if view is not None and TurnToOkey() in view.legal:
        said.append(Line("table.help.turn_to_okey"))
    said.append(_topic(Topic.TILES))
    said.append(general if general is not None else _topic(Topic.GENERAL))
    said.append(Line("table.help.more"))
    return Joined(tuple(said))


def _topic(topic: Topic) -> Line:
    return Line(f"table.help.{topic.value}", **_TOPIC_FIELDS.get(topic, {}))
