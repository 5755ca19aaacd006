"""The master's review: each decision of a round beside the hard bot's, from the views alone."""

from __future__ import annotations

import random
from dataclasses import replace

import pytest
from bots_support import make_view
from engine_support import arranged, plain_turn, tile

from okey.bots import make_bot
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
from okey.matchlog import MatchLogError, log_of, parse_log
from okey.messages import Verbosity, load_catalogue
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
from okey.rules import CLASSIC, load_rules
from okey.table.reviewing import review_lines
from okey.table.seats import Seats, default_names
from okey.table.words import Words

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
