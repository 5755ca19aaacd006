"""What a sighted player takes in at a glance: the table in one sentence, and what each
other player took from the discards and still holds.

The glance is whose turn it is, the pile, the top of every discard pile and the
scores, said as one short sentence. The takes are public (everyone saw them): each
tile a player took from the discard before them this round and has not thrown since,
worked out in order from the events the seat saw.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import assert_never

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
from okey.engine.view import Phase, PlayerView, TableView
from okey.games.okey101.events import (
    Added101,
    GaveBack101,
    Laid101,
    Opened101,
)
from okey.games.okey101.view import View101
from okey.hand.finishing import Opened
from okey.hand.tiles import Tile
from okey.table.lines import AndList, Field, Line, Name, Scores
from okey.table.seat import SeatState, Step
from okey.table.seats import Seats


def kept_takes(events: Sequence[Event], players: int) -> tuple[tuple[Tile, ...], ...]:
    """Per seat, the tiles it took from a discard this round and has not thrown since
    (oldest first)."""
    kept: list[list[Tile]] = [[] for _ in range(players)]
    for event in events:
        match event:
            case RoundStarted():
                kept = [[] for _ in range(players)]
            case TookDiscard():
                kept[event.seat].append(event.tile)
            case Discarded() | RoundWon() | GaveBack101():
                if event.tile in kept[event.seat]:
                    kept[event.seat].remove(event.tile)
            case Opened101() | Laid101():  # laid face up: no longer held
                laid = [t for meld in event.melds for t in meld.tiles]
                laid += [t for pair in event.pairs for t in pair]
                for tile in laid:
                    if tile in kept[event.seat]:
                        kept[event.seat].remove(tile)
            case Added101():
                if event.addition.tile in kept[event.seat]:
                    kept[event.seat].remove(event.addition.tile)
            case (
                DiceThrown()
                | IndicatorTurned()
                | Dealt()
                | Drew()
                | ShowedIndicator()
                | TurnedToOkey()
                | DeclaredPairs()
                | DeclinedDiscard()
                | TimedOut()
                | AutopilotChanged()
                | RoundDrawn()
                | MatchOver()
                | GameEvent()  # penalties and the round's end at Okey 101
            ):
                pass  # no tile taken or thrown
            case _:
                assert_never(event)
    return tuple(tuple(tiles) for tiles in kept)


def _turn(state: SeatState, view: TableView) -> Line:
    step = state.step
    if step is Step.MATCH_OVER:
        return Line("table.glance.match_over")
    if step is Step.ROUND_OVER:
        return Line("table.glance.round_over", number=state.round_number)
    if step is Step.AUTOPILOT:
        return Line("table.glance.autopilot")
    if step is Step.BOT:
        return Line("table.glance.other", name=Name(view.turn))
    if view.phase is Phase.DISCARD:
        return Line("table.glance.discard")
    if view.phase is Phase.PILE_OUT:
        return Line("table.glance.pile_out")
    return Line("table.glance.draw")


def _tops(view: TableView, seats: Seats) -> Field:
    """The top of each discard pile: left, across, right, then yours."""
    order = [*reversed(seats.others()), seats.you]
    tops: list[Field] = []
    for seat in order:
        pile = view.discards[seat]
        top: Field = pile[-1] if pile else Line("table.glance.empty")
        key = "table.glance.yours" if seat == seats.you else "table.glance.top"
        tops.append(Line(key, name=Name(seat), tile=top))
    # Before the first discard, one word for all the piles, not "nothing" for each.
    return AndList(tuple(tops)) if any(view.discards) else Line("table.glance.none")


def glance(state: SeatState, view: PlayerView, seats: Seats) -> Line:
    """ "Your turn to draw; 31 in the pile; on top: Ayşe red 5, Mehmet nothing, Zeynep
    black 2, yours yellow 3; you 20, Ayşe 18, Mehmet 20, Zeynep 19." """
    return Line(
        "table.glance",
        turn=_turn(state, view),
        pile=view.pile_count,
        tops=_tops(view, seats),
        scores=Scores(view.scores, ranked=False),
    )


def glance101(state: SeatState, view: View101, seats: Seats) -> Line:
    """ "Your turn to draw; 31 in the pile; opened: Ayşe 104, Mehmet 5 pairs; 7
    combinations on the table; on top: ..." (the totals are C's)."""
    opened: list[Field] = []
    for seat in seats.in_play_order():
        how = view.openings[seat]
        if how is Opened.COMBINATIONS:
            value = view.opening_values[seat]
            opened.append(Line("table.101.glance.opened", name=Name(seat), value=value))
        elif how is Opened.PAIRS:
            count = sum(1 for laid in view.pairs if laid.owner == seat)
            opened.append(Line("table.101.glance.opened_pairs", name=Name(seat), count=count))
    return Line(
        "table.101.glance",
        turn=_turn(state, view),
        pile=view.pile_count,
        opened=AndList(tuple(opened)) if opened else Line("table.101.glance.nobody"),
        count=len(view.melds) + len(view.pairs),
        tops=_tops(view, seats),
    )


def kept_line(seat: int, kept: Sequence[Tile]) -> Line | None:
    """ "Ayşe took red 5 from the discards and holds it still." (None: nothing kept)."""
    if not kept:
        return None
    return Line("table.discards.kept", name=Name(seat), tiles=AndList(tuple(kept)), count=len(kept))
