# ruff: noqa: RUF001  (Turkish text has a dotless i, which is no confusable here)
"""The master's review at Okey 101 (J; okey review): each move of the seat beside the hard
101 level's, equivalent moves agreeing, automatic moves marked, from a match, its log or
its save."""

from __future__ import annotations

import json
import random
from collections.abc import Sequence
from dataclasses import replace
from pathlib import Path

import pytest
from test_master101 import NAMES, deal, opened_dealer, round_to_dealer, view_of, words

from okey.bots.level101 import make_bot101
from okey.bots.master import master_move
from okey.cli import main
from okey.commands.simulate101 import play_round101
from okey.engine.actions import Action, Discard, DrawFromPile, TakeDiscard, TimeOut
from okey.engine.deal import arrange_deck
from okey.engine.match import Match
from okey.engine.notation import parse_action
from okey.games.okey101.actions import Add, GiveBack, Lay, Open
from okey.games.okey101.review import finishing_factor, same_move101, settle_turn
from okey.games.okey101.round import HAND_101
from okey.games.okey101.view import View101
from okey.hand.combinations import GroupKind
from okey.hand.layoff import Addition, Place
from okey.hand.melds import Meld, OpeningRules, make_meld
from okey.hand.notation import parse_tile, parse_tiles
from okey.matchlog import LogHeader, log_of, parse_log
from okey.messages import Verbosity, load_catalogue
from okey.net.codec import decode, encode
from okey.net.table import review_of
from okey.review import Decision, DecisionKind, RoundReview, review_log, review_match
from okey.rules import RuleSet, load_rules, rules_from_mapping, rules_mapping
from okey.saves import snapshot, write_save
from okey.table.persist import session_from_save
from okey.table.reviewing import decision_line, review_lines, review_speech, summary_line
from okey.table.seats import Seats
from okey.table.words import Words

RULES = load_rules("101")
LEVELS = ("hard", "medium", "easy", "hard")


def timed() -> RuleSet:
    data = rules_mapping(RULES)
    data["play"] = {**data["play"], "timer_seconds": 30}
    return rules_from_mapping(data)


def played(seed: int, rounds: int = 1, *, rules: RuleSet = RULES, timeouts: bool = False) -> Match:
    """A seeded match of the 101 levels (seat 0 lets its clock run out now and then)."""
    match = Match(rules, random.Random(seed))
    bots = [make_bot101(level, random.Random(seat)) for seat, level in enumerate(LEVELS)]

    def decide(seat: int, view: View101) -> Action:
        if timeouts and seat == 0 and (view.pile_count + len(view.hand)) % 3 == 0:
            return TimeOut()
        return bots[seat].choose(view)

    for _ in range(rounds):
        play_round101(match, decide)
    return match


def finish_round(match: Match) -> None:
    bots = [make_bot101(level, random.Random(seat)) for seat, level in enumerate(LEVELS)]
    while not match.round_over:
        seat = match.turn
        match.apply(seat, bots[seat].choose(view_of(match, seat)))


@pytest.fixture(scope="module")
def match() -> Match:
    return played(21, rounds=2)


def test_a_hard_seat_agrees_with_the_master_on_every_move(match: Match) -> None:
    kinds = set()
    for seat in (0, 3):
        reviews = review_match(match, seat)
        assert [r.number for r in reviews] == [1, 2]
        for review in reviews:
            summary = review.summary
            assert summary.decisions > 0 and summary.agreements == summary.decisions
            assert review.disagreements == () and summary.automatic == 0
            kinds |= {d.kind for d in review.decisions}
    assert {DecisionKind.DRAW, DecisionKind.DISCARD, DecisionKind.OPEN} <= kinds


@pytest.mark.parametrize("language", ["en", "tr"])
def test_the_other_levels_disagree_and_every_line_is_worded(match: Match, language: str) -> None:
    lines = []
    for seat in (1, 2):
        for review in review_match(match, seat):
            lines += review_lines(review, words(language, you=seat))
    turns = [line for line in lines if line.startswith("Turn " if language == "en" else "Hamle ")]
    assert turns, "the medium and easy levels never once played otherwise"
    assert all("{" not in line and "table." not in line for line in lines)


def test_only_the_seats_decisions_each_the_masters_from_its_view() -> None:
    """Ayşe takes the dealer's red 13 and gives it back: the take is a disagreement, the
    give back the master's move, the draw after it no decision."""
    match = opened_dealer()
    took = view_of(match, 1)
    match.apply(1, TakeDiscard())
    giving = view_of(match, 1)
    match.apply(1, GiveBack())
    match.apply(1, DrawFromPile())
    throwing = view_of(match, 1)
    match.apply(1, master_move(throwing))
    finish_round(match)
    (review,) = review_match(match, 1)
    first, second, third = review.decisions[:3]
    red13 = parse_tile("r13")
    assert first == Decision(
        1, DecisionKind.DRAW, TakeDiscard(), DrawFromPile(), False, offered=red13
    )
    assert master_move(took) == DrawFromPile()
    assert second == Decision(
        1, DecisionKind.GIVE_BACK, GiveBack(), GiveBack(), True, offered=red13
    )
    assert master_move(giving) == GiveBack()
    assert third.kind is DecisionKind.DISCARD and third.agreed
    assert third.played == master_move(throwing) and third.turn == 1
    assert review.decisions[3].turn == 2
    en = words("en", you=1)
    en.okey = review.okey
    assert en.say(decision_line(first, review)) == (
        "Turn 1: you took red 13 from Can; the master would have drawn from the pile."
    )


def _meld(kind: GroupKind, text: str) -> Meld:
    made = make_meld(kind, parse_tiles(text), parse_tile("y2"), OpeningRules())
    assert made is not None
    return made


def test_openings_of_the_same_tiles_and_value_agree_however_grouped() -> None:
    view = view_of(deal(), 0)
    master = master_move(view)
    assert isinstance(master, Open)
    mine = Open(
        melds=(
            _meld(GroupKind.SET, "r9 b9 y9"),
            _meld(GroupKind.RUN, "k5 k6 k7 k8 k9 k10 k11"),
            _meld(GroupKind.RUN, "b11 b12 b13"),
        )
    )
    assert mine != master and same_move101(mine, master)
    less = Open(melds=(*mine.melds[:2], _meld(GroupKind.RUN, "k2 k3 k4")))
    assert not same_move101(less, master)
    assert not same_move101(Open(pairs=((parse_tile("r1"), parse_tile("r1")),)), master)
    assert same_move101(Discard(parse_tile("r1")), Discard(parse_tile("r1")))


def test_not_opening_when_the_master_would_is_an_opening_decision() -> None:
    match = deal()
    match.apply(0, Discard(parse_tile("r13")))
    finish_round(match)
    (review,) = review_match(match, 0)
    first = review.decisions[0]
    assert first.kind is DecisionKind.OPEN and not first.agreed
    assert isinstance(first.master, Open) and first.played == Discard(parse_tile("r13"))
    said = words().say(decision_line(first, review))
    assert said.startswith(
        "Turn 1: you discarded red 13; the master would have opened with 119 points: "
    )
    tr = words("tr").say(decision_line(first, review))
    assert tr.startswith("Hamle 1: kırmızı 13 taşını attın; usta 119 puanla açardı: ")


def test_an_addition_the_seat_made_later_in_the_turn_agrees() -> None:
    view = view_of(deal(), 0)
    first = Addition(0, parse_tile("k12"), Place.HIGH, parse_tile("k12"))
    second = Addition(1, parse_tile("b10"), Place.LOW, parse_tile("b10"))
    judged = [
        (view, Decision(3, DecisionKind.ADD, Add(second), Add(first), False)),
        (view, Decision(3, DecisionKind.ADD, Add(first), Add(first), True)),
        (view, Decision(3, DecisionKind.DISCARD, Discard(parse_tile("r1")), Add(second), False)),
    ]
    settled = settle_turn(judged, None)
    assert [d.agreed for d in settled] == [True, True, False]


def test_in_a_turn_that_finished_a_finish_worth_the_same_agrees() -> None:
    """Black 4, black 12 and blue 10 all fit the dealer's runs: any two added and the
    third thrown finish. The master adds black 4 first; the seat adding blue 10 instead
    agrees when it finished worth the same (factor 1), not when its finish was worth
    another or it did not finish."""
    match = opened_dealer()
    round_to_dealer(match)
    match.apply(0, DrawFromPile())
    view = replace(view_of(match, 0), hand=tuple(parse_tiles("k12 k4 b10")))
    master = master_move(view)
    assert isinstance(master, Add) and master.addition.tile == parse_tile("k4")
    assert finishing_factor(view, master) == 1
    blue10 = Add(Addition(1, parse_tile("b10"), Place.LOW, parse_tile("b10")))
    judged = [(view, Decision(2, DecisionKind.ADD, blue10, master, False))]
    assert [d.agreed for d in settle_turn(judged, 1)] == [True]
    assert [d.agreed for d in settle_turn(judged, 2)] == [False]
    assert [d.agreed for d in settle_turn(judged, None)] == [False]
    assert finishing_factor(replace(view, hand=tuple(parse_tiles("k12 r1 r3 b10"))), master) is None


def test_an_addition_is_worded_with_the_combination_and_its_owner() -> None:
    match = opened_dealer()
    round_to_dealer(match)
    match.apply(0, DrawFromPile())  # black 12, which the master adds to black 8 to 11
    match.apply(0, Discard(parse_tile("r1")))  # costs nothing: red 1 fits nowhere
    finish_round(match)
    (review,) = review_match(match, 0)
    added = next(d for d in review.decisions if d.kind is DecisionKind.ADD)
    assert added.turn == 2 and added.master_onto is not None and added.master_onto.owner == 0
    assert decode(encode(review), RoundReview) == review  # the network seat gets it whole
    assert words().say(decision_line(added, review)) == (
        "Turn 2: you discarded red 1; the master would have added black 12 to your run "
        "black 8 to 11."
    )
    assert words("tr").say(decision_line(added, review)) == (
        "Hamle 2: kırmızı 1 taşını attın; usta siyah 12 taşını işlerdi: kendi siyah 8-11 serin."
    )


def test_the_timers_moves_are_reviewed_and_marked_automatic() -> None:
    match = played(4, rules=timed(), timeouts=True)
    (review,) = review_match(match, 0)
    automatic = [d for d in review.decisions if d.automatic]
    assert automatic and review.summary.automatic == len(automatic)
    assert review.summary.decisions == len(review.decisions) - len(automatic)
    lines = review_lines(review, words())
    if any(not d.agreed for d in automatic):
        assert any(", played for you: the game " in line for line in lines)


def test_a_log_is_reviewed_as_its_match_and_a_review_travels_the_network(match: Match) -> None:
    log = parse_log(log_of(match))
    for seat in range(4):
        assert review_log(log, RULES, seat) == review_match(match, seat)
    for seat in range(4):
        for review in review_match(match, seat):
            assert decode(encode(review), RoundReview) == review


# -- okey review ---------------------------------------------------------------------


def _expected(match: Match, seat: int, names: Sequence[str]) -> list[str]:
    said = Words(
        Seats(match.rules.table, seat, tuple(names)), Verbosity.DETAILED, load_catalogue("en")
    )
    lines = []
    for review in review_match(match, seat):
        summary, *rest = review_lines(review, said)
        lines.append(f"Round {review.number}. {summary}")
        lines += [f"  {line}" for line in rest]
    return lines


def test_okey_review_of_a_101_save(
    match: Match, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    names = list(NAMES)
    data = snapshot(
        match,
        bot_rngs=[None] + [random.Random(seat) for seat in (1, 2, 3)],
        settings={"names": names},
        label="test",
        names=names,
    )
    write_save("evening", data, tmp_path)
    assert main(["review", "evening", "--saves", str(tmp_path)]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out == _expected(match, 0, names)
    assert out[0].startswith("Round 1. You and the master agreed on all ")
    assert main(["review", "evening", "--seat", "2", "--saves", str(tmp_path)]) == 0
    assert capsys.readouterr().out.splitlines() == _expected(match, 2, names)
    assert main(["review", "evening", "--json", "--saves", str(tmp_path)]) == 0
    found = json.loads(capsys.readouterr().out)
    assert found["rules"] == "101" and [r["round"] for r in found["rounds"]] == [1, 2]
    moves = [m for r in found["rounds"] for m in r["moves"]]
    assert {"draw", "discard"} <= {m["kind"] for m in moves}
    assert all(parse_action(m["played"]) == parse_action(m["master"]) for m in moves)


def test_okey_review_of_a_101_log(
    match: Match, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "match-0001.okeylog"
    path.write_text(log_of(match, LogHeader("101", tuple(NAMES), "21")), encoding="utf-8")
    assert main(["review", "--log", str(path), "--seat", "1"]) == 0
    expected = _expected(match, 1, NAMES)
    assert capsys.readouterr().out.splitlines() == expected
    assert main(["review", str(path), "--seat", "1"]) == 0  # a log by its name
    assert capsys.readouterr().out.splitlines() == expected
    assert main(["review", "--log", str(path), "evening"]) == 2
    assert "not both" in capsys.readouterr().err
    assert main(["review", "--log", str(path), "--json"]) == 0
    found = json.loads(capsys.readouterr().out)
    assert found["log"] == "match-0001" and found["rules"] == "101" and found["seat"] == 0
    assert main(["review", "--log", str(tmp_path / "none.okeylog")]) == 2
    assert "none.okeylog" in capsys.readouterr().err


def test_every_101_decision_has_words_in_both_languages() -> None:
    match = opened_dealer()
    view = view_of(match, 0)
    okey = parse_tile("y2")
    review = RoundReview(1, 1, 4, okey, ())
    pairs = ((parse_tile("r1"), parse_tile("r1")), (parse_tile("b6"), okey))
    nines = view.melds[0]
    back = Add(Addition(0, parse_tile("k9"), Place.OKEY, parse_tile("k9"), 0))
    decisions = {
        Decision(2, DecisionKind.OPEN, Open(pairs=pairs), Discard(parse_tile("r3")), False): (
            "Turn 2: you opened with 2 pairs: red 1, red 1; blue 6, yellow 2 okey; "
            "the master would have discarded red 3."
        ),
        Decision(
            3, DecisionKind.LAY, Lay(pairs=pairs[:1]), Lay(melds=(nines.meld,)), False
        ): "Turn 3: you laid the pairs red 1, red 1; the master would have laid red 9, "
        "blue 9, yellow 9.",
        Decision(
            4,
            DecisionKind.ADD,
            back,
            Discard(parse_tile("k9")),
            False,
            played_onto=nines,
        ): "Turn 4: you took the okey back from Can's set of 9s with black 9; the master "
        "would have discarded black 9.",
        Decision(
            5,
            DecisionKind.GIVE_BACK,
            TakeDiscard(),
            GiveBack(),
            False,
            offered=parse_tile("r13"),
            automatic=True,
        ): "Turn 5, played for you: the game took red 13 from Can; the master would have "
        "given red 13 back to Can and drawn from the pile.",
    }
    for decision, english in decisions.items():
        en = words("en", you=1)
        en.okey = okey
        assert en.say(decision_line(decision, review)) == english
        tr = words("tr", you=1)
        tr.okey = okey
        turkish = tr.say(decision_line(decision, review))
        assert "{" not in turkish and turkish.startswith("Hamle ")


def test_a_round_cancelled_by_four_pairs_openings_is_reviewed_to_its_last_move() -> None:
    hands = {
        0: "r2 r2 r3 r3 r4 r4 r5 r5 r6 r6",
        1: "b2 b2 b3 b3 b4 b4 b5 b5 b6 b6",
        2: "y6 y6 y7 y7 y8 y8 y9 y9 y10 y10",
        3: "k2 k2 k3 k3 k4 k4 k5 k5 k6 k6",
    }
    deck = arrange_deck(
        4, 0, parse_tile("y13"), {s: parse_tiles(t) for s, t in hands.items()}, (),
        random.Random(2), HAND_101,
    )  # fmt: skip
    match = Match(RULES, random.Random(1), first_dealer=0)
    match.start_round(deck)
    for seat, text in hands.items():
        if seat:
            match.apply(seat, DrawFromPile())
        tiles = parse_tiles(text)
        match.apply(seat, Open(pairs=tuple(zip(tiles[::2], tiles[1::2], strict=True))))
        if seat < 3:
            spare = next(t for t in view_of(match, seat).hand if t not in tiles)
            match.apply(seat, Discard(spare))
    assert match.round_over
    match.start_round()
    (cancelled,) = review_match(match, 3)
    assert cancelled.number == 1
    last = cancelled.decisions[-1]
    assert last.kind is DecisionKind.OPEN and last.played is not None
    assert isinstance(last.played, Open) and len(last.played.pairs) == 5


def test_the_table_and_the_network_seat_ask_as_they_do_for_okey(match: Match) -> None:
    """J calls ``seat.review(number)`` (a session restored from a save here) and speaks
    ``review_speech``; a table server reviews from the match's log: all unchanged."""
    names = list(NAMES)
    data = snapshot(match, settings={"names": names}, label="test", names=names)
    session = session_from_save(data, load_catalogue("en"))
    review = session.review(2)
    assert review == review_match(match, 0, {2})[0]
    first, *rest = review_speech(review)
    assert first == summary_line(review)
    assert len(rest) == len(review.disagreements)
    assert review_of(RULES, log_of(match), 1, 2) == review_match(match, 1, {2})[0]
