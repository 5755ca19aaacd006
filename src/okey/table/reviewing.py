"""The master's review (:mod:`okey.review`) in words: a summary, then each disagreement."""

from __future__ import annotations

from okey.engine.actions import (
    Action,
    DeclarePairs,
    DeclineDiscard,
    Discard,
    DrawFromPile,
    Finish,
    ShowIndicator,
    TakeDiscard,
    TurnToOkey,
)
from okey.review import Decision, RoundReview
from okey.table.words import Words


def review_lines(review: RoundReview, words: Words) -> list[str]:
    """The summary line, then one line per disagreement in turn order (``words`` is
    set to name tiles with the reviewed round's okey)."""
    words.okey = review.okey
    return [summary_line(review, words)] + [
        decision_line(decision, review, words) for decision in review.disagreements
    ]


def summary_line(review: RoundReview, words: Words) -> str:
    summary = review.summary
    count, agreed = summary.decisions, summary.agreements
    if count == 0:
        if summary.automatic:
            return words("table.review.all_automatic", count=summary.automatic)
        said = words("table.review.none")
    elif count == 1:
        said = words("table.review.summary.one", agreed=agreed)
    elif agreed == count:
        said = words("table.review.summary.all", count=count)
    else:
        said = words("table.review.summary", agreed=agreed, count=count)
    if summary.automatic:
        said = f"{said} {words('table.review.automatic', count=summary.automatic)}"
    return said


def decision_line(decision: Decision, review: RoundReview, words: Words) -> str:
    """ "Turn 4: you drew from the pile; the master would have taken blue 5 from Ayşe." """
    # Two finishes differ only in their points: then say them.
    both_win = decision.played_points is not None and decision.master_points is not None
    won = decision.played_points
    played = _move(decision.played, won, decision, review, words, "did", both_win)
    fields = {"turn": decision.turn, "played": played}
    mode = "auto" if decision.automatic else "line"
    if decision.master is None:
        return words(f"table.review.{mode}.not", **fields)
    points = decision.master_points
    master = _move(decision.master, points, decision, review, words, "would", both_win)
    return words(f"table.review.{mode}", master=master, **fields)


def _move(
    action: Action | None,
    won: int | None,
    decision: Decision,
    review: RoundReview,
    words: Words,
    tense: str,
    with_points: bool = False,
) -> str:
    """A move as a phrase: "drew from the pile" (did) or "drawn from the pile" (would);
    ``won`` is what it wins from each loser when it finishes."""
    key = f"table.review.{tense}"
    if action is None:  # a declaration let pass
        return words(f"{key}.no_{decision.kind.value}")
    offered = words.tile(decision.offered) if decision.offered is not None else ""
    if isinstance(action, DrawFromPile):
        return words(f"{key}.draw")
    if isinstance(action, TakeDiscard):
        return words(f"{key}.take", tile=offered, name=words.name(review.previous))
    if isinstance(action, DeclineDiscard):
        return words(f"{key}.decline", tile=offered)
    if isinstance(action, Discard | Finish):
        tile = words.tile(action.tile)
        if won is None:
            return words(f"{key}.discard", tile=tile)
        if with_points:
            return words(f"{key}.finish_points", tile=tile, points=won)
        return words(f"{key}.finish", tile=tile)
    if isinstance(action, ShowIndicator):
        return words(f"{key}.show")
    if isinstance(action, TurnToOkey):
        return words(f"{key}.turn_to_okey")
    if isinstance(action, DeclarePairs):
        return words(f"{key}.pairs")
    raise AssertionError(f"no words for {action!r}")  # pragma: no cover
