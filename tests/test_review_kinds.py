"""The review at every kind of table: the seat's own decisions are the log's moves, seen
from the views the seat had, and the automatic ones are exactly what the timer played."""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass, field, replace

import pytest

import okey.games.okey.review as okey_review
from okey.bots import make_bot
from okey.engine.actions import (
    Action,
    DeclarePairs,
    DeclineDiscard,
    Discard,
    DrawFromPile,
    Finish,
    Resume,
    ShowIndicator,
    TakeDiscard,
    TimeOut,
    TurnToOkey,
)
from okey.engine.events import (
    AutopilotChanged,
    DeclinedDiscard,
    Discarded,
    Drew,
    Event,
    RoundWon,
    TookDiscard,
)
from okey.engine.match import Match
from okey.engine.view import Phase, PlayerView
from okey.matchlog import log_of
from okey.review import Decision, DecisionKind, review_match
from okey.review.kit import Master
from okey.rules import RuleSet, load_rules

SEAT = 0
PHASES = {
    Phase.DRAW: DecisionKind.DRAW,
    Phase.PILE_OUT: DecisionKind.LAST_DISCARD,
    Phase.DISCARD: DecisionKind.DISCARD,
}
DECLARED = {
    ShowIndicator: DecisionKind.SHOW,
    TurnToOkey: DecisionKind.TURN_TO_OKEY,
    DeclarePairs: DecisionKind.PAIRS,
}

Script = Callable[[Match, int], Action | None]
"""Seat 0's scripted move at its ``n``-th decision of the match (from 1), or None: its bot's."""


@dataclass
class Played:
    """A match and what seat 0 did in it, as it happened."""

    match: Match
    own: list[tuple[PlayerView, Action]] = field(default_factory=list)  # its own moves
    automatic: list[Action] = field(default_factory=list)  # what the timer played for it
    phases: list[Phase] = field(default_factory=list)  # where each own move was made


def _made_for(events: list[Event], seat: int) -> list[Action]:
    """The moves in the events the engine produced for a seat whose time ran out."""
    moves: list[Action] = []
    for event in events:
        if getattr(event, "seat", None) != seat:
            continue
        if isinstance(event, Drew):
            moves.append(DrawFromPile())
        elif isinstance(event, TookDiscard):
            moves.append(TakeDiscard())
        elif isinstance(event, DeclinedDiscard):
            moves.append(DeclineDiscard())
        elif isinstance(event, Discarded):
            moves.append(Discard(event.tile))
        elif isinstance(event, RoundWon):
            moves.append(Finish(event.tile))
    return moves


def _play(
    rules: RuleSet, seed: int, rounds: int, *, level: str = "easy", script: Script | None = None
) -> Played:
    """Whole rounds with bots in every seat; seat 0 follows ``script`` where it says."""
    match = Match(rules, random.Random(seed), first_dealer=seed % rules.table.players)
    bots = [make_bot(level, random.Random(seed * 10 + seat)) for seat in range(match.players)]
    played = Played(match)
    asked = 0
    for _ in range(rounds):
        if match.over:
            break
        match.start_round()
        while not match.round_over:
            seat = match.turn
            view = match.view(seat)
            action = None
            if seat == SEAT:
                asked += 1
                action = script(match, asked) if script is not None else None
            if action is None:
                action = bots[seat].choose(view)
            events = match.apply(seat, action)
            if seat != SEAT or isinstance(action, Resume):
                continue
            if isinstance(action, TimeOut):
                played.automatic += _made_for(events, SEAT)
            else:
                played.own.append((view, action))
                played.phases.append(view.phase)
    return played


def _timer(name: str) -> RuleSet:
    rules = load_rules(name)
    return replace(rules, play=replace(rules.play, timer_seconds=20))


def _time_out_then_autopilot(match: Match, asked: int) -> Action | None:
    """One lone timeout at the second decision; from the ninth, time always runs out:
    autopilot takes the seat at the third in a row and plays on to the end."""
    return TimeOut() if asked == 2 or asked >= 9 else None


def _autopilot_then_resume(match: Match, asked: int) -> Action | None:
    """Time runs out three times (autopilot), twice more on autopilot, then the player
    comes back (a ``resume`` line) and plays again."""
    if match.autopilot[SEAT]:
        return Resume() if asked >= 8 else TimeOut()
    return TimeOut() if 3 <= asked <= 7 else None


def _pile_out() -> Played:
    """A classic round where seat 0 must take or decline the last discard."""
    for seed in range(40):
        played = _play(load_rules("classic"), seed, 1, level="random")
        if Phase.PILE_OUT in played.phases:
            return played
    raise AssertionError("no seed brings seat 0 to the last discard")


CASES: dict[str, Callable[[], Played]] = {
    "partners": lambda: _play(load_rules("partners"), 1, 3),
    "duel": lambda: _play(load_rules("duel"), 2, 3),
    "two-player": lambda: _play(load_rules("two-player"), 3, 3),
    "salon, timeout then autopilot": lambda: _play(
        load_rules("salon"), 4, 2, level="medium", script=_time_out_then_autopilot
    ),
    "pile-out": _pile_out,
    "resume": lambda: _play(_timer("classic"), 5, 2, script=_autopilot_then_resume),
    "traditional": lambda: _play(load_rules("traditional"), 6, 2),
}


@pytest.mark.parametrize("case", list(CASES))
def test_the_review_follows_the_log_at_every_kind_of_table(
    case: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    played = CASES[case]()
    match = played.match
    judged: list[tuple[PlayerView, Action, bool]] = []
    judge = okey_review.judge

    def spy(
        view: PlayerView, action: Action, turn: int, *, automatic: bool = False, master_move: Master
    ) -> list[Decision]:
        judged.append((view, action, automatic))
        return judge(view, action, turn, automatic=automatic, master_move=master_move)

    monkeypatch.setattr(okey_review, "judge", spy)
    reviews = review_match(match, SEAT)
    assert [review.number for review in reviews] == list(range(1, match.round_number + 1))
    decisions = [d for review in reviews for d in review.decisions]

    # The seat's own decisions: its moves, in order, judged from the views it had.
    assert [(view, action) for view, action, auto in judged if not auto] == played.own
    own = [d for d in decisions if not d.automatic and d.played is not None]
    assert [d.played for d in own] == [action for _, action in played.own]
    assert [d.kind for d in own] == [
        DECLARED.get(type(action), PHASES[phase])
        for (_, action), phase in zip(played.own, played.phases, strict=True)
    ]
    # The automatic ones: exactly the moves the timer made, and apart in the summary.
    assert [d.played for d in decisions if d.automatic and d.played is not None] == (
        played.automatic
    )
    assert sum(review.summary.automatic for review in reviews) == sum(
        d.automatic for d in decisions
    )
    assert sum(review.summary.decisions for review in reviews) == len(decisions) - sum(
        d.automatic for d in decisions
    )

    log = log_of(match)
    if case == "pile-out":
        last = [d for d in own if d.kind is DecisionKind.LAST_DISCARD]
        assert len(last) == 1 and last[0].played in (TakeDiscard(), DeclineDiscard())
        assert last[0].offered is not None
    if case.startswith("salon") or case == "resume":
        assert played.automatic and "0 timeout" in log
        assert AutopilotChanged(SEAT, on=True) in match.events
    if case == "resume":
        assert "0 resume" in log.splitlines()
        resumed = match.events.index(AutopilotChanged(SEAT, on=False))
        after = [e for e in match.events[resumed:] if isinstance(e, Discarded) and e.seat == SEAT]
        assert after, "the seat plays again after coming back"
    else:
        assert "resume" not in log
