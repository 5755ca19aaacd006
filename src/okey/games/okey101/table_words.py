"""Okey 101 at the table, in words: its own events as the player hears them at their
seat (:class:`okey.table.output.narration.TableWordsPart`), and the deal's best opening.

Another player's opening, laying and addition is a line of its own, naming the
combination and its owner ("Ayşe adds red 10 to Mehmet's run red 7 to 9"); a penalty
says why; the deal adds the hand's best opening and how short it is; a finish is told
once, with why each seat scores what it does (:mod:`okey.table.output.meldwords` words the
combinations).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import assert_never

from okey.engine.events import GameEvent
from okey.engine.view import TableView
from okey.games.okey101.events import (
    Added101,
    AnyEvent101,
    GaveBack101,
    Laid101,
    Opened101,
    Penalised101,
    PenaltyReason,
    RoundCancelled101,
    RoundScored101,
)
from okey.games.okey101.scores import Finish101, hand_erased, partner
from okey.games.okey101.sections import own_rules
from okey.games.okey101.view import View101
from okey.hand.finishing import Opened
from okey.hand.layoff import Place, meld_additions
from okey.hand.melds import Meld, hand_value
from okey.hand.opening import best_opening
from okey.hand.pairs import best_pairs
from okey.table.lines import AndList, Capital, Face, Field, Line, Name, Scores, Speech
from okey.table.output.meldwords import laid_line, meld_line, owned_line
from okey.table.output.narration import TableTeller, TableWordsPart
from okey.tiles import Tile

PAIRS_WORTH_SAYING = 3
"""At the deal, the best pairs opening is said from this many pairs."""


def opening_line(hand: Sequence[Tile], view: View101) -> Line:
    """How far the hand is from opening: "Best opening 87: 14 short." or "Best opening
    117: enough to open.", with the pairs when there are enough of them to matter."""
    rules = view.opening
    threshold = view.threshold
    best = best_opening(hand, view.okey, rules, view.must_use)
    value = 0 if best is None or not best.melds else best.value
    if not value:
        said = Line("table.101.best.none", threshold=threshold)
    elif value >= threshold:
        said = Line("table.101.best.enough", value=value)
    else:
        said = Line("table.101.best.short", value=value, short=threshold - value)
    pairs = best_pairs(hand, view.okey, rules, view.must_use)
    count = 0 if pairs is None else len(pairs.pairs)
    if count >= min(PAIRS_WORTH_SAYING, view.pairs_needed):
        needed = view.pairs_needed
        pairs_said = (
            Line("table.101.best.pairs_enough", count=count)
            if count >= needed
            else Line("table.101.best.pairs_short", count=count, short=needed - count)
        )
        return Line("table.101.best.with_pairs", opening=said, pairs=pairs_said)
    return said


def meld_before(event: Added101) -> Meld:
    """The combination as it was before ``event``'s tile went on it."""
    meld, addition = event.meld, event.addition
    tiles, faces = list(meld.tiles), list(meld.faces)
    match addition.place:
        case Place.LOW:
            del tiles[0], faces[0]
        case Place.HIGH:
            del tiles[-1], faces[-1]
        case Place.SET:
            at = tiles.index(addition.tile)
            del tiles[at], faces[at]
        case Place.OKEY:
            assert addition.index is not None and event.taken_back is not None
            tiles[addition.index] = event.taken_back
    return Meld(meld.kind, tuple(tiles), tuple(faces))


def _view(view: TableView | None) -> View101 | None:
    return view if isinstance(view, View101) else None


def event_lines(teller: TableTeller, event: GameEvent, seen: TableView | None) -> list[Speech]:
    """One 101 event as the player hears it (``seen``: their view after the events)."""
    assert isinstance(event, AnyEvent101)
    view = _view(seen)
    okey = _okey(event, view)
    who = teller.who
    match event:
        case Opened101():
            laid = laid_line(event.melds, event.pairs, okey)
            if event.melds:
                return [who(event.seat, "table.101.opened", value=event.value, melds=laid)]
            count = len(event.pairs)
            return [who(event.seat, "table.101.opened_pairs", count=count, melds=laid)]
        case Laid101():
            laid = laid_line(event.melds, event.pairs, okey)
            return [who(event.seat, "table.101.laid", melds=laid)]
        case Added101():
            swapped = event.taken_back is not None  # the okey's face goes unsaid
            before = meld_line(meld_before(event), okey, okeys=not swapped)
            meld = owned_line(before, event.owner, event.seat, teller.seats.you)
            tile = Face(event.addition.tile)
            if event.taken_back is not None:
                return [who(event.seat, "table.101.swapped", tile=tile, meld=meld)]
            return [who(event.seat, "table.101.added", tile=tile, meld=meld)]
        case GaveBack101():
            source = Name(event.source)
            return [who(event.seat, "table.101.gave_back", tile=event.tile, source=source)]
        case Penalised101():
            return [_penalty(teller, event, okey, view)]
        case RoundScored101():
            return _scored(teller, event, okey, view)
        case RoundCancelled101():
            return [Line("table.101.cancelled")]
        case _:
            assert_never(event)


def _okey(event: AnyEvent101, view: View101 | None) -> Tile:
    if view is not None:
        return view.okey
    if isinstance(event, Penalised101) and event.reason is PenaltyReason.OKEY_IN_HAND:
        assert event.tile is not None
        return event.tile
    return Tile(0)  # no view: no tile is named an okey (never at a table)


def _penalty(teller: TableTeller, event: Penalised101, okey: Tile, view: View101 | None) -> Line:
    reason = event.reason
    key = f"table.101.penalty.{reason.value}"
    fields: dict[str, Field] = {"points": event.points}
    if reason is PenaltyReason.PLAYABLE_DISCARD and event.tile is not None:
        fields["tile"] = event.tile
        fitted = None
        if view is not None:
            fitted = next(
                (
                    laid
                    for index, laid in enumerate(view.melds)
                    if meld_additions(laid.meld, index, [event.tile], okey, view.opening)
                ),
                None,
            )
        if fitted is None:
            key += ".table"
        else:
            described = meld_line(fitted.meld, okey)
            fields["meld"] = owned_line(described, fitted.owner, event.seat, teller.seats.you)
    elif reason is PenaltyReason.GIVE_BACK and event.tile is not None:
        fields["tile"] = event.tile
    return teller.who(event.seat, key, **fields)


def _scored(
    teller: TableTeller, event: RoundScored101, okey: Tile, view: View101 | None
) -> list[Speech]:
    """Who finished and what doubled the round; then each seat's points and why (the
    standings that follow are the prompts')."""
    said: list[Speech] = []
    if event.finisher is None or event.tile is None:
        said.append(Line("table.101.pile_out"))
    else:
        said.append(teller.who(event.finisher, "table.101.finished", tile=event.tile))
        why: list[Field] = []
        if event.okey_finish:
            why.append(Line("table.101.why.okey_finish"))
        if event.pairs_finish:
            why.append(Line("table.101.why.pairs_finish"))
        if event.one_turn:
            why.append(Line("table.101.why.one_turn"))
        if event.factor > 1:
            said.append(Line("table.101.factor", why=AndList(tuple(why)), count=event.factor))
    own = own_rules(view.rules) if view is not None else None
    void = not any(event.points)
    if void and event.finisher is None:
        said.append(Line("table.101.void"))
    elif view is not None and own is not None:
        scoring = own.scoring
        erased = None if event.finisher is None else hand_erased(own, Finish101(event.finisher))
        for seat in teller.seats.in_play_order():
            points = event.points[seat]
            name = Capital(Name(seat))
            held = hand_value(event.hands[seat], okey).points
            opened = view.openings[seat] if seat < len(view.openings) else Opened.NOT_YET
            if seat == event.finisher:
                base = -scoring.finish_bonus * event.factor
                line = Line("table.101.score.finisher", name=name, count=points)
            elif seat == erased:
                base = 0
                line = Line("table.101.score.partner", name=name, count=points)
            elif opened is Opened.NOT_YET:
                base = scoring.unopened * event.factor
                line = Line("table.101.score.unopened", name=name, count=points)
            else:
                times = event.factor
                key = "table.101.score.hand"
                if opened is Opened.PAIRS and scoring.pairs_opener_factor > 1:
                    times *= scoring.pairs_opener_factor
                    key = "table.101.score.pairs_hand"
                base = held * times
                line = Line(key, name=name, count=points, hand=held, times=times)
            extra = points - base
            if extra:
                said.append(Line("table.101.score.penalties", text=line, points=extra))
            else:
                said.append(Line("table.101.score.end", text=line))
        if own.table.partners:
            said.append(team_points(event.points, teller.seats.you))
    else:
        said.append(Line("table.101.points", scores=Scores(event.points, ranked=False)))
    return said  # the totals follow from the state (prompts.round_over), said once


def team_points(points: Sequence[int], you: int) -> Line:
    """At Eşli 101, the round's points by team: "This round: us -101, them 404."."""
    us = points[you] + points[partner(you)]
    them = sum(points) - us
    return Line("table.101.team_points", us=us, them=them)


def finished_with(event: GameEvent) -> tuple[int, Tile] | None:
    """The finisher and their last discard, told with the finish ("Ayşe finishes,
    discarding red 5"), not twice."""
    if isinstance(event, RoundScored101) and event.finisher is not None and event.tile is not None:
        return event.finisher, event.tile
    return None


def round_key(stacks: bool) -> str:
    """A round's start: dealt (stacks or not, the dice say it)."""
    del stacks
    return "table.101.dealt"


def dealt(hand: Sequence[Tile], seen: TableView) -> list[Speech]:
    """After the player's hand at the deal: its best opening."""
    view = _view(seen)
    return [opening_line(hand, view)] if view is not None and hand else []


PART = TableWordsPart(
    events=event_lines,
    finished_with=finished_with,
    round_key=round_key,
    first_discard_opens=False,  # "opens" at 101 is laying: a discard is only a discard
    dealt=dealt,
)
