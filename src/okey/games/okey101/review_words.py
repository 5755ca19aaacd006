"""Okey 101's moves in the master's review (:mod:`okey.table.output.reviewing`), their
combinations said as everywhere (:mod:`okey.table.output.meldwords`): "opened with 105 points:
run red 9 to 11; ...", "added red 10 to Ayşe's run red 7 to 9", "gave red 5 back to
Ayşe"."""

from __future__ import annotations

from okey.engine.actions import GameAction
from okey.games.okey101.actions import Add, GiveBack, Lay, Open
from okey.hand.layoff import Place
from okey.hand.melds import LaidMeld, melds_value
from okey.review.round import Decision, RoundReview
from okey.table.lines import Field, Line, Name
from okey.table.output.meldwords import laid_line, meld_line, owned_line
from okey.table.output.reviewing import ReviewWords


def move_phrase(
    action: GameAction, decision: Decision, review: RoundReview, tense: str, onto: LaidMeld | None
) -> Line:
    """An Okey 101 move as a phrase, in ``tense`` "did" or "would"."""
    key = f"table.review101.{tense}"
    if isinstance(action, Open | Lay):
        verb = "open" if isinstance(action, Open) else "lay"
        if action.pairs:
            laid = laid_line((), action.pairs, review.okey)
            return Line(f"{key}.{verb}_pairs", count=len(action.pairs), pairs=laid)
        value = melds_value(action.melds)
        return Line(f"{key}.{verb}", value=value, melds=laid_line(action.melds, (), review.okey))
    if isinstance(action, Add):
        addition = action.addition
        meld: Field = ""
        if onto is not None:
            described = meld_line(onto.meld, review.okey)
            meld = owned_line(described, onto.owner, None, review.seat)
        place = "take_back" if addition.place is Place.OKEY else "add"
        return Line(f"{key}.{place}", tile=addition.tile, meld=meld)
    if isinstance(action, GiveBack):
        offered: Field = decision.offered if decision.offered is not None else ""
        return Line(f"{key}.give_back", tile=offered, name=Name(review.previous))
    raise AssertionError(f"no words for {action!r}")  # pragma: no cover


PART = ReviewWords(move=move_phrase)
