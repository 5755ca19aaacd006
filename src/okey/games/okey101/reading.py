"""What Okey 101's table reads its own way: C (the round so far, and twice: how each
round ended), 1 (the table at a glance), 0 (how close the hand is), Z's copies on the
table, and whether the hand can finish this turn."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from okey.engine.events import Event, RoundStarted
from okey.engine.view import Phase
from okey.games.okey101.events import RoundCancelled101, RoundScored101
from okey.games.okey101.table_words import opening_line
from okey.games.okey101.view import View101
from okey.hand.finishing import FinishPlan, Opened, finish_plan
from okey.hand.layoff import can_add
from okey.hand.melds import hand_value
from okey.hand.opening import best_opening_value
from okey.hand.pairs import best_pairs
from okey.table.keys import Command
from okey.table.lines import (
    AndList,
    Capital,
    Field,
    Joined,
    Line,
    Name,
    Scores,
    Speech,
    Tiles,
    sentence,
)
from okey.table.output.glance import tops_line, turn_line
from okey.table.output.prompts import together
from okey.table.state.seat import SeatState, Step
from okey.table.state.seats import Seats
from okey.tiles import Tile

if TYPE_CHECKING:
    from okey.table.core import TableCore


def totals101(view: View101) -> Line:
    """The match totals, the lowest (the best at Okey 101) first; at Eşli 101 the teams'
    ("us", "them")."""
    key = "table.101.totals.teams" if view.rules.table.partners else "table.101.totals"
    return Line(key, scores=Scores(view.scores, ranked=True, lowest_first=True))


def round101(view: View101, seats: Seats) -> Line:
    """C at Okey 101: who has opened this round and with what, each seat's penalties, the
    opening's threshold (detailed), then the match totals."""
    parts: list[Field] = []
    for seat in seats.in_play_order():
        opened = view.openings[seat]
        key = "table.101.round.you" if seat == seats.you else "table.101.round"
        said: Line
        if opened is Opened.COMBINATIONS:
            value = view.opening_values[seat]
            said = Line(f"{key}.opened", name=Name(seat), value=value)
        elif opened is Opened.PAIRS:
            count = sum(1 for laid in view.pairs if laid.owner == seat)
            said = Line(f"{key}.opened_pairs", name=Name(seat), count=count)
        else:
            said = Line(f"{key}.not_opened", name=Name(seat))
        penalties = view.penalties[seat] if seat < len(view.penalties) else 0
        if penalties:
            said = Line("table.101.round.penalties", seat=said, count=penalties)
        parts.append(said)
    return Line(
        "table.101.so_far",
        number=view.round_number,
        seats=Capital(Joined(tuple(parts), "; ")),
        threshold=view.threshold,
        totals=totals101(view),
    )


def rounds101(events: Sequence[Event]) -> list[Line]:
    """Each round played, as a sentence: how it ended and where its points went ("Round
    1: Zeynep finished; points: you 87, Zeynep -101, Mehmet 45, Ayşe 120.")."""
    said: list[Line] = []
    number = 0
    for event in events:
        if isinstance(event, RoundStarted):
            number = event.number
        elif isinstance(event, RoundScored101):
            how: Line
            if event.finisher is None:
                how = Line("table.101.story.pile_out", number=number)
            else:
                how = Line("table.101.story.finished", number=number, name=Name(event.finisher))
            points = Scores(event.points, ranked=False, lowest_first=True)
            said.append(sentence(Line("table.101.story.points", how=how, points=points)))
        elif isinstance(event, RoundCancelled101):
            said.append(sentence(Line("table.101.story.cancelled", number=number)))
    return said


def score_story101(events: Sequence[Event], view: View101) -> Speech:
    """C twice at Okey 101: each round, how it ended and where its points went, then the
    totals."""
    said: list[Field] = list(rounds101(events))
    if not said:
        return Line(
            "table.101.story",
            story=Capital(Line("table.101.story.nothing")),
            totals=totals101(view),
        )
    return Joined((*said, totals101(view)))


def round_over101(events: Sequence[Event], view: View101) -> Speech:
    """C once a round is over: that round's end and points, then the totals (what is
    "so far" belongs to the next round)."""
    rounds = rounds101(events)
    return Joined((rounds[-1], totals101(view))) if rounds else totals101(view)


def on_the_table(view: View101, tile: Tile, seats: Seats, places: list[Field]) -> int:
    """Copies of ``tile`` in the combinations and pairs on the table, by owner (an okey
    there counts as the okey, whatever it plays as); how many."""
    found = 0
    for seat in seats.in_play_order():
        laid = [t for m in view.melds if m.owner == seat for t in m.meld.tiles]
        laid += [t for p in view.pairs if p.owner == seat for t in p.pair]
        count = laid.count(tile)
        if count:
            found += count
            places.append(Line("table.101.copies.table", count=count, name=Name(seat)))
    return found


def holding101(view: View101, seats: Seats) -> Line:
    """4 at Okey 101: "Tiles held: Zeynep 21, Mehmet 9, Ayşe 4, you 22." (in play order
    after the player, the player last)."""
    order = [*seats.others(), seats.you]
    held = tuple(
        Line("table.101.holding.seat", name=Name(seat), count=view.hand_sizes[seat])
        for seat in order
        if seat < len(view.hand_sizes)
    )
    return Line("table.101.holding", seats=AndList(held))


def glance101(state: SeatState, view: View101, seats: Seats) -> Speech:
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
    glance = Line(
        "table.101.glance",
        turn=turn_line(state, view),
        pile=view.pile_count,
        opened=AndList(tuple(opened)) if opened else Line("table.101.glance.nobody"),
        count=len(view.melds) + len(view.pairs),
        tops=tops_line(view, seats),
    )
    return Joined((glance, holding101(view, seats)))


def how_close101(view: View101) -> Speech:
    """0 at Okey 101: before opening, the best opening and how short it is (and the best
    pairs); once opened, the tiles and points left in hand and how many of them fit the
    table; on the player's own turn, whether the hand can finish now. A taken discard that
    must still be laid is said first."""
    said: list[Speech] = []
    if view.must_use is not None:
        said.append(Line("table.101.close.must_use", tile=view.must_use))
    opened = view.my_opening
    if opened is Opened.NOT_YET:
        said.append(opening_line(view.hand, view))
        taking = take_opens101(view)
        if taking is not None:
            said.append(taking)
    else:
        left = hand_value(view.hand, view.okey)
        said.append(Line("table.101.close.left", count=len(view.hand), points=left.points))
        fits = sorted(
            {tile for tile in view.hand if can_add(tile, view.table, view.okey, view.opening)}
        )
        if fits:
            said.append(
                Line("table.101.close.fits_named", count=len(fits), tiles=Tiles(tuple(fits)))
            )
        else:
            said.append(Line("table.101.close.fits", count=0))
    if view.turn == view.seat and view.phase is Phase.DISCARD:
        finishes = finish_now101(view) is not None
        said.append(Line("table.101.close.finish" if finishes else "table.101.close.no_finish"))
    return together(said)


def finish_now101(view: View101) -> FinishPlan | None:
    """How the player's hand finishes this turn at Okey 101, if it does. Before opening,
    the opening alone must reach the threshold (or the pairs be enough): when it cannot,
    the long search of a one-turn finish is not made (it took up to a second)."""
    opened = view.my_opening
    if opened is Opened.NOT_YET:
        value = best_opening_value(view.hand, view.okey, view.opening, view.must_use)
        pairs = best_pairs(view.hand, view.okey, view.opening, view.must_use)
        enough_pairs = pairs is not None and len(pairs.pairs) >= view.pairs_needed
        if (value is None or value < view.threshold) and not enough_pairs:
            return None
    return finish_plan(view.hand, view.table, view.okey, view.opening, opened, view.must_use)


def take_opens101(view: View101) -> Line | None:
    """On the player's draw before opening: the discard they may take, when taking it
    lets them open at once (it must be in the opening), and the opening's value."""
    pile = view.discards[view.previous]
    if view.turn != view.seat or view.phase is not Phase.DRAW or not pile or view.gave_back:
        return None
    top = pile[-1]
    value = best_opening_value([*view.hand, top], view.okey, view.opening, top)
    if value is None or value < view.threshold:
        return None
    return Line("table.101.close.take_opens", tile=top, value=value)


def read101(table: TableCore, command: Command, view: View101) -> Speech | None:
    """C, 0 and 1 at Okey 101 (None: the key reads as at Okey)."""
    if command is Command.SCORES:
        if table.last is Command.SCORES:
            return score_story101(table.seat.seen(), view)
        if table.state.step in (Step.ROUND_OVER, Step.MATCH_OVER):
            return round_over101(table.seat.seen(), view)
        return round101(view, table.seats)
    if command is Command.GLANCE:
        return glance101(table.state, view, table.seats)
    if command is Command.HOW_CLOSE:
        return how_close101(view)
    if command is Command.TILE_COUNTS:
        return holding101(view, table.seats)
    return None
