# ruff: noqa: RUF001  (Turkish text has a dotless i, which is no confusable here)
"""The master's review: each decision of a round beside the master's, from the views alone.

One loop reviews every game, with the judge of the game's folder: classic Okey's (the hard
bot) first, then what the loop does alike at every game, then Okey 101's judge (the expert
101 level: openings, layings, additions, giving back)."""

from __future__ import annotations

import importlib
import random
from collections.abc import Callable
from dataclasses import replace
from functools import cache

import pytest
from bots_support import make_view
from engine_support import arranged, plain_turn, tile
from test_table_hint import NAMES101, opened_dealer, round_to_dealer, view_of, words
from test_table_hint import deal as deal101

from okey.bots import make_bot
from okey.bots.master import master_move
from okey.commands.simulate import play_table_round
from okey.engine.actions import (
    Action,
    DeclarePairs,
    Discard,
    DrawFromPile,
    Finish,
    ShowIndicator,
    TakeDiscard,
    TimeOut,
    TurnToOkey,
)
from okey.engine.deal import arrange_deck, deal
from okey.engine.events import Discarded
from okey.engine.match import Match
from okey.engine.view import Phase, PlayerView
from okey.games.okey101.actions import Add, GiveBack, Lay, Open
from okey.games.okey101.review import finishing_factor, same_move101, settle_turn
from okey.games.okey101.round import HAND_101
from okey.games.okey101.view import View101
from okey.hand.combinations import GroupKind
from okey.hand.layoff import Addition, Place
from okey.hand.melds import Meld, OpeningRules, make_meld
from okey.hand.notation import parse_tile, parse_tiles
from okey.matchlog import MatchLogError, log_of, parse_log
from okey.messages import Verbosity, load_catalogue
from okey.net.table import review_of
from okey.review import (
    Decision,
    DecisionKind,
    RoundReview,
    Summary,
    review_log,
    review_match,
    same_decision,
    win_points,
)
from okey.rules import CLASSIC, RuleSet, load_rules, rules_from_mapping, rules_mapping
from okey.saves import snapshot
from okey.table.output.reviewing import decision_line, review_lines, review_speech, summary_line
from okey.table.output.words import Words
from okey.table.state.persist import session_from_save
from okey.table.state.seats import Seats, default_names
from okey.wire.codec import decode, encode

EN = load_catalogue("en")

NAMES = default_names(4, 0, "You", ["Ayşe", "Mehmet", "Zeynep"])  # Ayşe on the left
# Indicator r5 (okey r6): these 14 tiles are finished once the black 1 is thrown.
READY = "r3 r4 r5 b4 b5 b6 k7 k8 k9 k10 y10 y11 y12 y13 k1"


def words_for(players: int = 4) -> Words:
    rules = CLASSIC if players == 4 else load_rules("two-player")
    return Words(Seats(rules.table, 0, NAMES[:players]), Verbosity.DETAILED, catalogue=EN)


def known_round() -> Match:
    """Seat 0 deals READY, holding the indicator's twin; Ayşe throws black 6 (which
    would finish it) and the pile then gives blue 7 (which finishes it too)."""
    match = arranged({0: READY}, pile_top="y1 y2 k6 b7", seed=3)
    match.apply(0, Discard(tile("k10")))  # the master shows, then finishes with k1
    for _ in range(3):
        plain_turn(match, match.turn)  # draw from the pile, throw the tile straight back
    match.apply(0, DrawFromPile())  # the master takes black 6
    match.apply(0, Discard(tile("k1")))  # wins, as the master would
    assert match.round.winner == 0
    return match


def test_a_known_round_is_reviewed_decision_by_decision() -> None:
    (review,) = review_match(known_round(), 0)
    assert review.number == 1 and review.okey == tile("r6")
    kinds = [(d.turn, d.kind, d.agreed) for d in review.decisions]
    assert kinds == [
        (1, DecisionKind.SHOW, False),
        (1, DecisionKind.DISCARD, False),
        (2, DecisionKind.DRAW, False),
        (2, DecisionKind.DISCARD, True),
    ]
    show, throw, draw, finish = review.decisions
    assert (show.played, show.master) == (None, ShowIndicator())
    assert throw.played == Discard(tile("k10"))
    assert throw.master == Discard(tile("k1")) and throw.master_points == 2
    assert throw.played_points is None
    assert (draw.played, draw.master, draw.offered) == (DrawFromPile(), TakeDiscard(), tile("k6"))
    assert finish.played_points == finish.master_points == 2
    assert review.summary == Summary(decisions=4, agreements=1, automatic=0)
    assert review.disagreements == (show, throw, draw)


def test_the_review_in_words() -> None:
    (review,) = review_match(known_round(), 0)
    assert review_lines(review, words_for()) == [
        "You and the master agreed on 1 of 4 decisions.",
        "Turn 1: you did not show the indicator's twin; the master would have shown it.",
        "Turn 1: you discarded black 10; the master would have finished with black 1.",
        "Turn 2: you drew from the pile; the master would have taken black 6 from Ayşe.",
    ]


def test_the_summary_in_words() -> None:
    words = words_for()
    empty = RoundReview(1, 0, 4, tile("r6"), ())
    assert review_lines(empty, words) == ["You made no decisions this round."]
    (review,) = review_match(known_round(), 0)
    agreed = replace(review, decisions=tuple(replace(d, agreed=True) for d in review.decisions))
    assert review_lines(agreed, words) == ["You and the master agreed on all 4 decisions."]
    one = replace(review, decisions=review.decisions[1:2])
    assert review_lines(one, words)[0] == "You and the master agreed on 0 of 1 decision."


def test_only_the_reviewed_rounds_and_seat() -> None:
    match = known_round()
    assert review_match(match, 0, rounds={2}) == ()
    (others,) = review_match(match, 1)
    assert others.seat == 1 and {d.turn for d in others.decisions} == {1}
    with pytest.raises(ValueError, match="no seat 4"):
        review_match(match, 4)


def test_a_round_in_play_is_not_reviewed() -> None:
    match = arranged({0: READY}, seed=3)
    match.apply(0, Discard(tile("k10")))
    assert review_match(match, 0) == ()


def test_a_log_that_does_not_replay_is_refused() -> None:
    text = log_of(known_round())
    assert "0 discard k1\n" in text
    broken = parse_log(text.replace("0 discard k1\n", "0 discard r13\n"))
    with pytest.raises(MatchLogError, match="seat 0 cannot discard r13"):
        review_log(broken, CLASSIC, 0)


# -- equivalent moves --------------------------------------------------------------


def test_equivalent_moves_agree() -> None:
    view = make_view("r1 r2 r3 r4 b4 b5 b6 k7 k8 k9 k10 y10 y11 y12 y13", indicator="r5")
    r1, r4 = tile("r1"), tile("r4")
    assert win_points(view, Discard(r1)) == win_points(view, Discard(r4)) == 2
    assert same_decision(view, Discard(r1), Discard(r4))  # two finishes, the same points
    assert same_decision(view, Discard(r4), Finish(r4))  # a discard that wins is a finish
    assert not same_decision(view, Discard(tile("b5")), Discard(r4))  # b5 does not win
    assert not same_decision(view, DrawFromPile(), TakeDiscard())


def test_a_finish_worth_more_is_another_decision() -> None:
    view = make_view("r1 r2 r3 b4 b5 b6 k7 k8 k9 k10 y10 y11 y12 y13 r6", indicator="r5")
    okey, r1 = tile("r6"), tile("r1")
    assert win_points(view, Discard(okey)) == 4  # an okey discard doubles
    assert win_points(view, Discard(r1)) == 2  # the okey stands in for r1
    assert not same_decision(view, Discard(r1), Discard(okey))
    decision = _decision(view, Discard(r1), Discard(okey))
    assert review_lines(decision, words_for())[1] == (
        "Turn 3: you finished with red 1 for 2 points; "
        "the master would have finished with red 6 okey for 4."
    )


def _decision(
    view: PlayerView, played: Action, master: Action, *, automatic: bool = False
) -> RoundReview:
    made = Decision(
        turn=3,
        kind=DecisionKind.DISCARD,
        played=played,
        master=master,
        agreed=same_decision(view, played, master),
        played_points=win_points(view, played),
        master_points=win_points(view, master),
        automatic=automatic,
    )
    return RoundReview(1, 0, 4, view.okey, (made,))


def test_after_turning_to_the_okey_only_a_finish_wins() -> None:
    view = make_view("r1 r2 r3 b4 b5 b6 k7 k8 k9 k10 y10 y11 y12 y13 r6", indicator="r5")
    turned = replace(view, turned_to_okey=(0,))
    okey = tile("r6")
    assert win_points(turned, Discard(okey)) is None
    assert win_points(turned, Finish(okey)) == 4
    assert not same_decision(turned, Discard(okey), Finish(okey))


# -- declarations --------------------------------------------------------------------


def test_declarations_are_decisions_of_their_own() -> None:
    # Salon plays okeye dönmek and çifte gitmek; the okey is y6 and this hand is ready.
    salon = load_rules("salon")
    hand = "r3 r4 r5 b4 b5 b6 k7 k8 k9 k10 y10 y11 y12 y13 y6"
    match = arranged({0: hand}, rules=salon, indicator="y5", seed=2)
    okey = tile("y6")
    for action in (DeclarePairs(), TurnToOkey(), Finish(okey)):
        match.apply(0, action)
    assert match.round.winner == 0
    (review,) = review_match(match, 0)
    assert [(d.kind, d.played, d.master, d.agreed) for d in review.decisions] == [
        (DecisionKind.PAIRS, DeclarePairs(), None, False),
        (DecisionKind.TURN_TO_OKEY, TurnToOkey(), None, False),
        (DecisionKind.DISCARD, Finish(okey), Finish(okey), True),
    ]
    assert review_lines(review, words_for())[1:] == [
        "Turn 1: you announced pairs; the master would not have.",
        "Turn 1: you turned to the okey; the master would not have.",
    ]


def test_a_show_the_master_would_not_make_is_said() -> None:
    match = known_round()
    (review,) = review_match(match, 0)
    show = replace(review.decisions[0], played=ShowIndicator(), master=None)
    lines = review_lines(replace(review, decisions=(show,)), words_for())
    assert lines[1] == "Turn 1: you showed the indicator's twin; the master would not have."


def test_showing_agrees_with_the_master() -> None:
    match = arranged({0: READY}, pile_top="y1 y2 k6 b7", seed=3)
    match.apply(0, ShowIndicator())
    match.apply(0, Discard(tile("k1")))
    (review,) = review_match(match, 0)
    assert [(d.kind, d.agreed) for d in review.decisions] == [
        (DecisionKind.SHOW, True),
        (DecisionKind.DISCARD, True),
    ]


# -- what the game played for the seat ---------------------------------------------------


def _salon_round_with_a_timeout(seed: int) -> Match:
    salon = load_rules("salon")
    match = Match(salon, random.Random(seed), first_dealer=1)
    match.start_round()
    bots = [make_bot("medium", random.Random(seed * 10 + seat)) for seat in range(4)]
    turns = 0
    while not match.round_over:
        seat = match.turn
        if seat == 0 and match.round.phase is Phase.DRAW:
            turns += 1
            if turns == 2:
                match.apply(0, TimeOut())
                continue
        match.apply(seat, bots[seat].choose(match.view(seat)))
    assert turns > 2, "the round ended too soon for this test"
    return match


def test_moves_the_game_made_are_marked_and_not_counted() -> None:
    match = _salon_round_with_a_timeout(4)
    (review,) = review_match(match, 0)
    automatic = [(d.turn, d.kind) for d in review.decisions if d.automatic]
    assert automatic == [(2, DecisionKind.DRAW), (2, DecisionKind.DISCARD)]
    own = [d for d in review.decisions if not d.automatic]
    assert review.summary == Summary(len(own), sum(d.agreed for d in own), 2)
    draw = next(d for d in review.decisions if d.automatic)
    assert draw.played == DrawFromPile()  # what the engine does when time runs out
    summary = review_lines(review, words_for())[0]
    assert summary.endswith(" The game made 2 more for you.")


def test_a_move_the_game_made_is_not_blamed_on_the_player() -> None:
    view = make_view(READY, indicator="r5")
    review = _decision(view, Discard(tile("k10")), Discard(tile("k1")), automatic=True)
    assert review_lines(review, words_for()) == [
        "The game made all your decisions this round (1).",
        "Turn 3, played for you: the game discarded black 10; "
        "the master would have finished with black 1.",
    ]


# -- the master sees only what the player saw ----------------------------------------


def _bot_round(seed: int) -> tuple[Match, list[tuple[int, Action]]]:
    match = Match(CLASSIC, random.Random(seed), first_dealer=seed % 4)
    match.start_round()
    levels = ("medium", "hard", "easy", "hard")
    bots = [make_bot(levels[seat], random.Random(seed * 10 + seat)) for seat in range(4)]
    played: list[tuple[int, Action]] = []
    while not match.round_over:
        seat = match.turn
        action = bots[seat].choose(match.view(seat))
        match.apply(seat, action)
        played.append((seat, action))
    return match, played


def _hidden_shuffled(match: Match, seat: int, rng: random.Random) -> Match:
    """The same round with every tile ``seat`` never saw shuffled: the tiles other
    players (not the winner) held from the deal to the end without showing them, and
    the pile tiles nobody drew."""
    r = match.round
    dealt = deal(r.deck, 4, r.dealer)
    hands = {s: list(dealt.hands[s]) for s in range(4)}
    pile = list(dealt.pile)
    shown = {t for s in range(4) for t in (*r.discards[s], *r.taken[s])}
    places: list[tuple[int | None, int]] = [
        (other, index)
        for other in range(4)
        if other not in (seat, r.winner)
        for index, held in enumerate(hands[other])
        if held not in shown and r.hands[other].count(held) == hands[other].count(held)
    ]
    drawn = len(pile) - len(r.pile)
    places += [(None, index) for index in range(drawn, len(pile))]
    hidden = [pile[i] if s is None else hands[s][i] for s, i in places]
    rng.shuffle(hidden)
    for (s, i), moved in zip(places, hidden, strict=True):
        if s is None:
            pile[i] = moved
        else:
            hands[s][i] = moved
    twin = Match(CLASSIC, random.Random(0), first_dealer=r.dealer)
    twin.start_round(arrange_deck(4, r.dealer, r.indicator, hands, pile))
    return twin


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_hidden_tiles_do_not_change_the_review(seed: int) -> None:
    match, played = _bot_round(seed)
    (review,) = review_match(match, 0)
    assert review.disagreements  # medium in seat 0 does not always play like the master
    twin = _hidden_shuffled(match, 0, random.Random(seed))
    for mover, action in played:
        twin.apply(mover, action)
    assert twin.round.hands != match.round.hands or twin.round.pile != match.round.pile
    assert twin.view(0) == match.view(0)
    assert review_match(twin, 0) == (review,)
    assert review_match(match, 0) == (review,)  # and the same review every time


def test_a_traditional_round_is_reviewed_from_its_own_deal() -> None:
    # The review replays the round's deal with its dice, not a plain deal of the deck.
    rules = load_rules("traditional")
    match = Match(rules, random.Random(3), first_dealer=1)  # dice 1 and 5
    match.start_round()
    bots = [make_bot("medium", random.Random(30 + seat)) for seat in range(4)]
    while not match.round_over:
        seat = match.turn
        match.apply(seat, bots[seat].choose(match.view(seat)))
    for seat in range(4):
        [review] = review_match(match, seat)
        assert review.okey == match.round.okey
        played = [d.played for d in review.decisions]
        tiles = [a.tile for a in played if isinstance(a, Discard | Finish)]
        thrown = [e.tile for e in match.events if isinstance(e, Discarded) and e.seat == seat]
        assert tiles[: len(thrown)] == thrown


# -- Okey 101 matches to review ---------------------------------------------------------


RULES101 = load_rules("101")
LEVELS = ("expert", "medium", "easy", "expert")  # the expert is 101's master


def timed() -> RuleSet:
    data = rules_mapping(RULES101)
    data["play"] = {**data["play"], "timer_seconds": 30}
    return rules_from_mapping(data)


def played101(
    seed: int, rounds: int = 1, *, rules: RuleSet = RULES101, timeouts: bool = False
) -> Match:
    """A seeded match of the 101 levels (seat 0 lets its clock run out now and then)."""
    match = Match(rules, random.Random(seed))
    bots = [make_bot(level, random.Random(seat), "101") for seat, level in enumerate(LEVELS)]

    def decide(seat: int, view: View101) -> Action:
        if timeouts and seat == 0 and (view.pile_count + len(view.hand)) % 3 == 0:
            return TimeOut()
        return bots[seat].choose(view)

    for _ in range(rounds):
        play_table_round(match, decide)
    return match


def finish_round(match: Match) -> None:
    bots = [make_bot(level, random.Random(seat), "101") for seat, level in enumerate(LEVELS)]
    while not match.round_over:
        seat = match.turn
        match.apply(seat, bots[seat].choose(view_of(match, seat)))


@pytest.fixture
def match101() -> Match:
    return finished_match("101")


# -- the old names ----------------------------------------------------------------------


def test_the_reviews_old_names_still_import() -> None:
    """``okey.review101`` is 101's judge, ``okey.round_review`` names the review's types,
    and classic Okey's judge is still named by ``okey.review``."""
    import okey.games.okey.review as okey_judge
    from okey import review

    round_review = importlib.import_module("okey.round_review")

    assert importlib.import_module("okey.review101") is importlib.import_module(
        "okey.games.okey101.review"
    )
    assert round_review.RoundReview is RoundReview is review.RoundReview
    assert round_review.Decision is Decision and round_review.Summary is Summary
    assert (review.judge, review.same_decision, review.win_points) == (
        okey_judge.judge,
        okey_judge.same_decision,
        okey_judge.win_points,
    )
    with pytest.raises(AttributeError):
        _ = review.judge101


# -- at every game ---------------------------------------------------------------------


def _classic_rounds(seed: int, rounds: int = 2) -> Match:
    """A seeded classic match of ``rounds`` finished rounds of the bots' levels."""
    match = Match(CLASSIC, random.Random(seed))
    bots = [make_bot(level, random.Random(seat)) for seat, level in enumerate(LEVELS)]
    for _ in range(rounds):
        match.start_round()
        while not match.round_over:
            seat = match.turn
            match.apply(seat, bots[seat].choose(match.view(seat)))
    return match


GAMES = ("okey", "101")
FINISHED: dict[str, Callable[[], Match]] = {
    "okey": lambda: _classic_rounds(21),
    "101": lambda: played101(21, rounds=2),
}
"""Two finished rounds of each game."""
TIMED: dict[str, Callable[[], Match]] = {
    "okey": lambda: _salon_round_with_a_timeout(4),
    "101": lambda: played101(4, rules=timed(), timeouts=True),
}
"""A round of each game where the clock ran out for seat 0."""


@cache
def finished_match(game: str) -> Match:
    """Two finished rounds of ``game`` (played once)."""
    return FINISHED[game]()


@pytest.fixture(params=GAMES)
def finished(request: pytest.FixtureRequest) -> Match:
    game: str = request.param
    return finished_match(game)


@pytest.mark.parametrize("game", GAMES)
def test_the_timers_moves_are_reviewed_and_marked_automatic(game: str) -> None:
    match = TIMED[game]()
    (review,) = review_match(match, 0)
    automatic = [d for d in review.decisions if d.automatic]
    assert automatic and review.summary.automatic == len(automatic)
    assert review.summary.decisions == len(review.decisions) - len(automatic)
    lines = review_lines(review, words_for())
    if any(not d.agreed for d in automatic):
        assert any(", played for you: the game " in line for line in lines)


def test_a_log_is_reviewed_as_its_match_and_a_review_travels_the_network(
    finished: Match,
) -> None:
    log = parse_log(log_of(finished))
    for seat in range(4):
        assert review_log(log, finished.rules, seat) == review_match(finished, seat)
    for seat in range(4):
        for review in review_match(finished, seat):
            assert decode(encode(review), RoundReview) == review


def test_the_table_and_the_network_seat_ask_as_they_do_at_every_game(finished: Match) -> None:
    """J calls ``seat.review(number)`` (a session restored from a save here) and speaks
    ``review_speech``; a table server reviews from the match's log: the same review."""
    names = list(NAMES101)
    data = snapshot(finished, settings={"names": names}, label="test", names=names)
    session = session_from_save(data, load_catalogue("en"))
    review = session.review(2)
    assert review == review_match(finished, 0, {2})[0]
    first, *rest = review_speech(review)
    assert first == summary_line(review)
    assert len(rest) == len(review.disagreements)
    assert review_of(finished.rules, log_of(finished), 1, 2) == review_match(finished, 1, {2})[0]


# -- Okey 101's judge --------------------------------------------------------------------


def test_an_expert_seat_agrees_with_the_master_on_every_move(match101: Match) -> None:
    kinds = set()
    for seat in (0, 3):
        reviews = review_match(match101, seat)
        assert [r.number for r in reviews] == [1, 2]
        for review in reviews:
            summary = review.summary
            assert summary.decisions > 0 and summary.agreements == summary.decisions
            assert review.disagreements == () and summary.automatic == 0
            kinds |= {d.kind for d in review.decisions}
    assert {DecisionKind.DRAW, DecisionKind.DISCARD, DecisionKind.OPEN} <= kinds


@pytest.mark.parametrize("language", ["en", "tr"])
def test_the_other_levels_disagree_and_every_line_is_worded(match101: Match, language: str) -> None:
    lines = []
    for seat in (1, 2):
        for review in review_match(match101, seat):
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
    view = view_of(deal101(), 0)
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
    match = deal101()
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
    view = view_of(deal101(), 0)
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
        "Hamle 2: kırmızı 1 taşını attın; usta siyah 12 taşını işlerdi: seri siyah 8-11 (senin)."
    )


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
            "Turn 2: you opened with 2 pairs: two red 1; blue 6 and an okey; "
            "the master would have discarded red 3."
        ),
        Decision(
            3, DecisionKind.LAY, Lay(pairs=pairs[:1]), Lay(melds=(nines.meld,)), False
        ): "Turn 3: you laid the pairs two red 1; the master would have laid set red 9, "
        "blue 9, yellow 9.",
        Decision(
            4,
            DecisionKind.ADD,
            back,
            Discard(parse_tile("k9")),
            False,
            played_onto=nines,
        ): "Turn 4: you took the okey back from Can's set red 9, blue 9, yellow 9 with black "
        "9; the master would have discarded black 9.",
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
    match = Match(RULES101, random.Random(1), first_dealer=0)
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
