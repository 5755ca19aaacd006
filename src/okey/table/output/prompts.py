"""What the player is told from the state of the table: whose turn and what to do,
a finish within reach, the offer to show the indicator's twin, the standings, and
why a move was refused. Each answer is a line (:mod:`okey.table.lines`)."""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence

from okey.audio import Cue
from okey.bots.level import winning_discard
from okey.engine.actions import Action, Discard, Finish, ShowIndicator, TurnToOkey
from okey.engine.events import Standing
from okey.engine.view import Phase, PlayerView, TableView
from okey.hand.solver import kinds_after_discard
from okey.table.kit import Moment, table_part
from okey.table.lines import (
    Face,
    Field,
    Joined,
    Line,
    Name,
    Names,
    Scores,
    Speech,
    sentence,
)
from okey.table.output.welcome import seat_entries as seat_entries
from okey.table.output.welcome import welcome as welcome
from okey.table.state.seat import NO_DETAILS, Detail, SeatState, SeatView, Step
from okey.table.state.seats import Seats
from okey.tiles import Tile


def together(parts: Sequence[Speech]) -> Speech:
    """Lines said as one message (one line stays a line)."""
    return parts[0] if len(parts) == 1 else Joined(tuple(parts))


_SIMPLE_REFUSALS = {
    "must_discard": "table.why.must_discard",
    "nothing_to_take": "table.why.nothing_to_take",
    "decline_only_pile_out": "table.why.decline_only",
    "not_ready": "table.why.not_ready",
}


def refusal(
    reason: str,
    action: Action | None,
    view: TableView | None,
    details: Mapping[str, Detail] = NO_DETAILS,
) -> Line:
    """Why the engine refused a move (its reason), said for the player with the keys
    that help; a reason with no table words of its own is said as the engine's, with
    the numbers and tile it names (``details``)."""
    offered = view.available_discard if view is not None else None
    tile: Field = offered if offered is not None else ""
    if reason == "must_draw":
        return Line("table.why.must_draw" if offered else "table.why.must_draw_pile", tile=tile)
    if reason in ("pile_empty", "must_take_or_decline"):
        return Line("table.why.pile_out", tile=tile)
    if reason in _SIMPLE_REFUSALS:
        return Line(_SIMPLE_REFUSALS[reason])
    fields: dict[str, Field] = dict(details)
    fields.update(_reason_fields(reason, action, view))
    return sentence(Line(f"engine.error.{reason}", **fields))


def _reason_fields(reason: str, action: Action | None, view: TableView | None) -> dict[str, Field]:
    """What a reason names: the tile refused, the indicator, the okey."""
    if reason in ("not_in_hand", "does_not_finish") and isinstance(action, Discard | Finish):
        return {"tile": action.tile}
    if view is None:
        return {}
    if reason == "no_twin":
        return {"tile": Face(view.indicator)}
    if reason == "no_okey":
        return {"tile": view.okey}
    if reason == "no_such_seat":
        return {"seat": view.seat}
    return {}


def best_finish(view: PlayerView) -> Tile | None:
    """On the player's discard: the winning discard worth most (an okey first among equals)."""
    if view.phase is not Phase.DISCARD or view.turn != view.seat:
        return None
    return winning_discard(view)


def discard_wins(view: PlayerView, tile: Tile) -> bool:
    """True when discarding ``tile`` from 15 tiles leaves a finished hand."""
    return bool(kinds_after_discard(view.hand, tile, view.okey))


def finish_needs_key(view: PlayerView) -> bool:
    """After okeye dönmek a winning discard does not end the round by itself."""
    return any(isinstance(action, Finish) for action in view.legal)


def your_turn(view: SeatView, *, heard: Collection[Cue] = frozenset()) -> list[Line]:
    """The start of the player's turn: what to do, and the discard they may take.
    ``heard``: the cues played instead of their words (brief mode); with the turn's,
    "Your turn" goes without saying."""
    offered = view.available_discard
    previous = Name(view.previous)
    alone = ".heard" if Cue.YOUR_TURN in heard else ""
    own = table_part(view.rules).your_turn(view, bool(alone))
    if own is not None:
        return own
    if view.phase is Phase.DISCARD:
        if not view.opened:
            return [Line("table.your_turn.open" + alone)]
        return [Line("table.whose.discard", count=len(view.hand))]  # back after a draw
    if view.phase is Phase.PILE_OUT and offered is not None:
        said = [Line("table.your_turn.pile_out", tile=offered, name=previous)]
    elif offered is not None:
        said = [Line("table.your_turn.take" + alone, tile=offered, name=previous)]
    else:
        said = [Line("table.your_turn.pile" + alone)]
    if offered is not None:
        said += table_part(view.rules).lines(view, Moment.TAKE_OFFER)
    return said


def win_possible(view: PlayerView) -> Line | None:
    best = best_finish(view)
    return None if best is None else Line("table.can_finish", tile=best)


def show_offer(view: PlayerView) -> Line | None:
    if ShowIndicator() not in view.legal:
        return None
    return Line("table.show_offer", tile=view.indicator, points=view.rules.scoring.show_penalty)


def turn_to_okey_offer(view: PlayerView) -> Line | None:
    return Line("table.turn_offer") if TurnToOkey() in view.legal else None


def whose_turn(state: SeatState) -> Speech:
    """The answer to "whose turn is it, and what do I do?"."""
    step, view = state.step, state.seen
    if step is Step.MATCH_OVER:
        return Line("table.why.match_over")
    if view is None:  # before the first deal (a table online waits for its host)
        return Line("table.not_dealt")
    if step is Step.ROUND_OVER:
        return Line("table.why.round_over", number=state.round_number + 1)
    if step is Step.AUTOPILOT:
        return Line("table.why.autopilot")
    if step is Step.BOT:
        return Line("table.why.not_your_turn", name=Name(view.turn))
    if view.phase is Phase.DISCARD:
        said: list[Speech] = [Line("table.whose.discard", count=len(view.hand))]
        said += table_part(view.rules).lines(view, Moment.DISCARDING)
        return together(said)
    return together(your_turn(view))


def round_over(state: SeatState, *, lowest: bool = False) -> Line:
    """The round is over: the standings (``lowest``: the lowest score leads)."""
    scores = state.seen.scores if state.seen is not None else ()
    return Line(
        "table.round_over",
        number=state.round_number,
        standings=Scores(scores, ranked=True, lowest_first=lowest),
        next=state.round_number + 1,
    )


def match_over(standings: Sequence[Standing], seats: Seats) -> list[Line]:
    """Who won the match, then the ranking."""
    first = [s for s in standings if s.place == 1]
    return [_winner(first, seats), Line("table.ranking", places=_places(standings, seats))]


def _winner(first: list[Standing], seats: Seats) -> Line:
    winners = tuple(seat for standing in first for seat in standing.seats)
    if seats.table.partners and len(first) == 1:
        ours = any(seats.on_my_side(seat) for seat in winners)
        return Line("table.match_over.we_win" if ours else "table.match_over.they_win")
    if len(first) > 1:
        return Line("table.match_over.shared", names=Names(winners))
    if winners == (seats.you,):
        return Line("table.match_over.you_win")
    return Line("table.match_over.one_wins", name=Name(winners[0]))


def _places(standings: Sequence[Standing], seats: Seats) -> Joined:
    parts: list[Field] = []
    for standing in standings:
        names: Field
        if seats.table.partners:
            ours = any(seats.on_my_side(seat) for seat in standing.seats)
            names = Line("table.us" if ours else "table.them")
        else:
            names = Names(tuple(standing.seats))
        parts.append(Line("table.place", place=standing.place, names=names, score=standing.score))
    return Joined(tuple(parts), sep="; ")
