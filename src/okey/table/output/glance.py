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
from okey.table.kit import notice_of
from okey.table.lines import AndList, Field, Line, Name, Scores
from okey.table.state.seat import SeatState, Step
from okey.table.state.seats import Seats
from okey.tiles import Tile


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
            case Discarded() | RoundWon():
                if event.tile in kept[event.seat]:
                    kept[event.seat].remove(event.tile)
            case GameEvent():  # laid face up or given back: no longer held
                notice = notice_of(event)
                held = kept[notice.seat] if notice.seat is not None else []
                for tile in notice.unheld:
                    if tile in held:
                        held.remove(tile)
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
            ):
                pass  # no tile taken or thrown
            case _:
                assert_never(event)
    return tuple(tuple(tiles) for tiles in kept)


def turn_line(state: SeatState, view: TableView) -> Line:
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


def tops_line(view: TableView, seats: Seats) -> Field:
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
        turn=turn_line(state, view),
        pile=view.pile_count,
        tops=tops_line(view, seats),
        scores=Scores(view.scores, ranked=False),
    )


def kept_line(seat: int, kept: Sequence[Tile]) -> Line | None:
    """ "Ayşe took red 5 from the discards and holds it still." (None: nothing kept)."""
    if not kept:
        return None
    return Line("table.discards.kept", name=Name(seat), tiles=AndList(tuple(kept)), count=len(kept))
