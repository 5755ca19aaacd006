"""Classic Okey at the table, in words (:class:`okey.table.output.narration.TableWordsPart`): a
round is dealt by hand or from stacks, the dealer's first discard opens it, and its
events are the ones every game shares."""

from __future__ import annotations

from collections.abc import Sequence

from okey.engine.events import GameEvent
from okey.engine.view import TableView
from okey.table.lines import Speech
from okey.table.output.narration import TableTeller, TableWordsPart
from okey.tiles import Tile


def event_lines(teller: TableTeller, event: GameEvent, seen: TableView | None) -> list[Speech]:
    """Classic Okey has no events of its own: one here is another game's."""
    del teller, seen
    raise TypeError(f"not an event of classic Okey: {event!r}")


def finished_with(event: GameEvent) -> tuple[int, Tile] | None:
    del event
    return None


def round_key(stacks: bool) -> str:
    return "table.round.stacks" if stacks else "table.round"


def dealt(hand: Sequence[Tile], seen: TableView) -> list[Speech]:
    """The hand says it all."""
    del hand, seen
    return []


PART = TableWordsPart(
    events=event_lines,
    finished_with=finished_with,
    round_key=round_key,
    first_discard_opens=True,
    dealt=dealt,
)
