# ruff: noqa: RUF001  (Turkish text has a dotless i, which is no confusable here)
"""The master's hint (U): the master's move in the player's place, three a match, in the
words of the table's game (every game's hint worded in both languages); then the master
at Okey 101: its move for a View101 and its own reasons, from the player's view only, in
English and Turkish."""

from __future__ import annotations

import copy
import random
from dataclasses import replace
from pathlib import Path

import pytest
from test_table_rig import make_rig

from okey.bots import make_bot, master_of
from okey.bots.hard import HardBot
from okey.engine.actions import Action, Discard, DrawFromPile, TakeDiscard
from okey.engine.deal import arrange_deck
from okey.engine.match import Match
from okey.engine.testing import deal_hidden_anew
from okey.engine.view import Phase, TableView
from okey.games.okey101.actions import Add, GiveBack, Lay, Open
from okey.games.okey101.events import PenaltyReason
from okey.games.okey101.hint import discard_why
from okey.games.okey101.levels import make_bot101
from okey.games.okey101.round import HAND_101
from okey.games.okey101.view import View101
from okey.hand.finishing import Opened
from okey.hand.layoff import Addition, Place
from okey.hand.melds import melds_value
from okey.hand.notation import parse_tile, parse_tiles
from okey.messages import Verbosity, load_catalogue
from okey.rules import load_rules
from okey.saves import SaveError
from okey.table.lines import AndList, Face, Joined, Line, Name
from okey.table.output.hint import hint_line, master_move
from okey.table.output.meldwords import laid_line, meld_line, owned_line
from okey.table.output.words import Words
from okey.table.state.seats import Seats
from okey.table.state.settings import HINTS, TableSettings

EN = load_catalogue("en")

NAMES = ("Can", "Ayse", "Mehmet", "Zeynep")
WINNING = "r1 r2 r3 b4 b5 b6 k7 k8 k9 k10 y10 y11 y12 y13"


def test_the_hint_is_the_hard_bots_move_and_counts_down() -> None:
    rig = make_rig(dealer=0, seed=5)
    table = rig.table
    table.begin()
    view = table.state.view
    assert view is not None
    move = HardBot(random.Random(0)).choose(view)
    assert master_move(view) == move
    expected = hint_line(view, move)
    assert expected.key.startswith("table.hint.")
    table.press("u")
    assert rig.last() == Joined((expected, Line("table.hint.left", count=2)))
    assert table.session.match.view(0) == view  # a hint changes nothing at the table
    table.press("u")
    assert rig.last() == Joined((expected, Line("table.hint.left", count=1)))
    table.press("U")
    assert rig.last() == Joined((expected, Line("table.hint.left", count=0)))
    table.press("u")
    assert rig.last() == Line("table.hint.used_up")
    assert table.settings.hints_left == 0


def test_the_master_finishes_when_the_hand_can() -> None:
    rig = make_rig(dealer=0, hands={0: f"{WINNING} b12"}, indicator="r5")
    table = rig.table
    table.begin()
    table.press("u")
    finish = Line("table.hint.finish", tile=parse_tile("b12"))
    assert rig.last() == Joined((finish, Line("table.hint.left", count=2)))


def test_no_hint_on_someone_elses_turn() -> None:
    rig = make_rig(dealer=1, seed=2)
    table = rig.table
    table.begin()
    table.press("u")
    assert rig.last() == Line("table.hint.not_now")
    assert table.settings.hints_left == HINTS


def test_hints_left_travel_with_the_settings() -> None:
    settings = TableSettings(hints_left=1)
    assert TableSettings.from_dict(settings.to_dict()).hints_left == 1
    assert TableSettings.from_dict({}).hints_left == HINTS  # saves from before hints
    for bad in (-1, HINTS + 1, "2", 1.5, True, None):
        with pytest.raises(ValueError):
            TableSettings.from_dict({"hints_left": bad})


def test_a_save_with_a_bad_hint_count_is_a_save_error() -> None:
    from dataclasses import replace

    from okey.table.state.persist import DiskSaver, session_from_save

    rig = make_rig(dealer=0, seed=5)
    rig.table.begin()
    data = DiskSaver(rig.table.session, Path(".")).data()
    assert session_from_save(data, catalogue=EN).settings.hints_left == HINTS
    broken = replace(data, settings={**data.settings, "hints_left": "many"})
    with pytest.raises(SaveError, match="does not restore"):
        session_from_save(broken, catalogue=EN)


def test_the_master_names_the_tile_to_take_and_whose_it_is() -> None:
    from bots_support import make_view

    from okey.engine.actions import TakeDiscard
    from okey.engine.view import Phase

    hand = "r1 r2 r3 r4 b4 b5 b6 b7 k7 k8 k9 r9 r11 y1"  # waits on r10; r12 widens it
    view = make_view(hand, indicator="k5", phase=Phase.DRAW, discards=("", "k6 r10", "k6", "r12"))
    assert master_move(view) == TakeDiscard()
    assert hint_line(view, TakeDiscard()) == Line(
        "table.hint.take", tile=parse_tile("r12"), name=Name(view.previous)
    )
    assert hint_line(view, DrawFromPile()) == Line("table.hint.draw")


def _played_views(rules_name: str, seed: int) -> list[TableView]:
    """Every view seat 0 had in a round of hard bots of the rule set's game."""
    rules = load_rules(rules_name)
    match = Match(rules, random.Random(seed))
    players = rules.table.players
    bots = [make_bot("hard", random.Random(seat), rules.game) for seat in range(players)]
    match.start_round()
    found = []
    while not match.round_over:
        seat = match.turn
        view = match.table_view(seat)
        if seat == 0:
            found.append(view)
        match.apply(seat, bots[seat].choose(view))
    return found


@pytest.mark.parametrize("language", ["en", "tr"])
@pytest.mark.parametrize(
    ("rules_name", "keys"),
    [
        ("classic", {"table.hint.draw", "table.hint.discard"}),
        ("101", {"table.hint.draw", "table.hint101.open", "table.hint101.discard"}),
    ],
)
def test_every_hint_of_a_played_round_is_worded_in_both_languages(
    rules_name: str, keys: set[str], language: str
) -> None:
    rules = load_rules(rules_name)
    master = master_of(rules.game)
    said = set()
    for seed in (3, 8, 11):
        for view in _played_views(rules_name, seed):
            line = hint_line(view, master.choose(view))
            seats = Seats(rules.table, 0, NAMES[: rules.table.players])
            words = Words(seats, Verbosity.DETAILED, load_catalogue(language))
            words.okey = view.okey
            text = words.say(line)
            assert text and "{" not in text and not text.startswith("table.")
            said.add(line.key)
    assert keys <= said


# -- the master at Okey 101: its move for a View101 and the hint's words (U) -------------
RULES101 = load_rules("101")
NAMES101 = ("Can", "Ayşe", "Mehmet", "Zeynep")
# Indicator y1 (okey y2). The dealer's 22 tiles open with 119: black 5 to 11 (56),
# 9s red, blue, yellow (27) and blue 11 to 13 (36); nine tiles fit nothing.
DEALER = "k5 k6 k7 k8 k9 k10 k11 r9 b9 y9 b11 b12 b13 r1 r3 b6 y4 k2 r4 b1 y7 r13"
# Drawn from the pile by seats 1, 2, 3 (each throws it again), then the dealer's black 12.
PILE_TOP = "r2 y3 b5 k12"


def words(language: str = "en", you: int = 0) -> Words:
    """Words heard at ``you``'s chair."""
    said = Words(Seats(RULES101.table, you, NAMES101), Verbosity.DETAILED, load_catalogue(language))
    said.okey = parse_tile("y2")
    return said


def deal(seat1: str = "k4") -> Match:
    deck = arrange_deck(
        4,
        0,
        parse_tile("y1"),
        {0: parse_tiles(DEALER), 1: parse_tiles(seat1)},
        parse_tiles(PILE_TOP),
        random.Random(5),
        HAND_101,
    )
    match = Match(RULES101, random.Random(1), first_dealer=0)
    match.start_round(deck)
    return match


def view_of(match: Match, seat: int) -> View101:
    view = match.table_view(seat)
    assert isinstance(view, View101)
    return view


def hint(view: View101) -> Line:
    return hint_line(view, master_move(view))


def opened_dealer(seat1: str = "k4") -> Match:
    """The dealer has opened with the master's opening and discarded as the master would."""
    match = deal(seat1)
    for _ in range(2):
        match.apply(0, master_move(view_of(match, 0)))
    return match


def round_to_dealer(match: Match) -> None:
    """Seats 1 to 3 each draw and throw the drawn tile; the dealer's turn comes."""
    for seat in (1, 2, 3):
        drawn = match.round.pile[-1]
        match.apply(seat, DrawFromPile())
        match.apply(seat, Discard(drawn))


def test_the_master_is_the_expert_101_level_and_the_same_view_gives_the_same_move() -> None:
    view = view_of(deal(), 0)
    move = master_move(view)
    assert move == make_bot("expert", random.Random(99), "101").choose(view)
    assert all(master_move(view) == move for _ in range(3))


def test_after_drawing_with_an_opening_the_master_opens_and_says_with_what() -> None:
    view = view_of(deal(), 0)
    assert view.phase is Phase.DISCARD and view.my_opening is Opened.NOT_YET
    move = master_move(view)
    assert isinstance(move, Open) and not move.pairs
    assert melds_value(move.melds) == 119
    assert hint(view) == Line(
        "table.hint101.open", value=119, threshold=101, melds=laid_line(move.melds, (), view.okey)
    )
    said = words().say(hint(view))
    assert said.startswith("The master would open now with 119 points (101 needed): ")
    assert "set red 9, blue 9, yellow 9" in said and "run blue 11 to 13" in said
    assert words("tr").say(hint(view)).startswith("Usta şimdi 119 puanla açardı")


def test_in_the_draw_the_master_draws_or_takes_what_it_lays_at_once() -> None:
    match = opened_dealer()
    round_to_dealer(match)
    view = view_of(match, 0)
    assert view.phase is Phase.DRAW and view.available_discard == parse_tile("b5")
    assert master_move(view) == DrawFromPile()
    assert hint(view) == Line("table.hint.draw")
    # Ayşe (seat 1) is offered the dealer's red 13: the master takes only what it lays.
    seat1 = view_of(opened_dealer(), 1)
    assert seat1.available_discard == parse_tile("r13")
    assert master_move(seat1) == DrawFromPile()
    ready = view_of(opened_dealer("r10 r11 r12 k13 b13 y13 k12 b12 y12"), 1)
    assert master_move(ready) == TakeDiscard()
    assert hint(ready) == Line("table.hint101.take", tile=parse_tile("r13"), name=Name(0))
    assert words(you=1).say(hint(ready)) == (
        "The master would take red 13 from Can and lay it this turn."
    )


def test_after_opening_the_master_adds_to_the_table_and_names_the_combination() -> None:
    match = opened_dealer()
    round_to_dealer(match)
    match.apply(0, DrawFromPile())  # black 12
    view = view_of(match, 0)
    move = master_move(view)
    assert isinstance(move, Add) and move.addition.tile == parse_tile("k12")
    run = view.melds[move.addition.meld]  # the master opened with black 8 to 11
    assert run.owner == 0 and run.meld.faces[0] == parse_tile("k8")
    mine = owned_line(meld_line(run.meld, view.okey), 0, None, 0)
    assert mine == Line("meld.of.you", meld=Line("meld.run", low=Face(parse_tile("k8")), high=11))
    assert hint(view) == Line("table.hint101.add", tile=parse_tile("k12"), meld=mine)
    assert words().say(hint(view)) == "The master would add black 12 to your run black 8 to 11."
    assert words("tr").say(hint(view)) == "Usta siyah 12 taşını işlerdi: seri siyah 8-11 (senin)."
    theirs = owned_line(meld_line(run.meld, view.okey), 0, None, 1)  # heard from Ayşe's chair
    assert theirs == Line("meld.of.other", meld=mine.fields["meld"], name=Name(0))
    assert words(you=1).say(theirs) == "Can's run black 8 to 11"


def test_a_discard_that_avoids_a_penalty_says_which_tiles_would_cost_it() -> None:
    match = opened_dealer()
    match.apply(1, DrawFromPile())
    view = view_of(match, 1)  # Ayşe holds black 4, which fits the dealer's black run
    assert view.my_opening is Opened.NOT_YET
    move = master_move(view)
    assert isinstance(move, Discard)
    assert view.discard_cost(move.tile) is None
    fitting = tuple(
        t
        for t in dict.fromkeys(view.hand)
        if t != view.okey and view.discard_cost(t) is PenaltyReason.PLAYABLE_DISCARD
    )
    assert parse_tile("k4") in fitting
    why = Line("table.hint101.why.fits", count=len(fitting), tiles=AndList(fitting), points=101)
    assert hint(view) == Line("table.hint101.discard", tile=move.tile, why=why)
    said = words(you=1).say(hint(view))
    assert said.startswith(f"The master would discard {words().tile(move.tile)}: ")
    assert "black 4" in said and "would cost 101" in said


def test_the_other_reasons_of_a_discard() -> None:
    match = opened_dealer()
    match.apply(1, DrawFromPile())
    view = view_of(match, 1)
    k4, k12 = parse_tile("k4"), parse_tile("k12")
    cornered = replace(view, hand=(k4, k12))  # every tile fits the table
    assert discard_why(cornered, k4) == Line("table.hint101.why.every_tile", points=101)
    why = discard_why(cornered, k4)
    assert why is not None
    assert words().say(Line("table.hint101.discard", tile=k4, why=why)) == (
        "The master would discard black 4: every tile costs 101 now."
    )
    free = replace(view, hand=tuple(parse_tiles("r5 r6 r7 b3 y3 k3 r1")))
    assert discard_why(free, parse_tile("r1")) == Line(
        "table.hint101.why.opening", value=18 + 9, short=101 - 27
    )
    rich = replace(free, threshold=25)
    assert discard_why(rich, parse_tile("r1")) == Line("table.hint101.why.opening_enough", value=27)
    assert discard_why(replace(free, openings=(Opened.COMBINATIONS,) * 4), parse_tile("r1")) is None


def test_a_taken_discard_the_master_cannot_lay_is_given_back() -> None:
    match = opened_dealer()
    match.apply(1, TakeDiscard())
    view = view_of(match, 1)
    assert view.must_use == parse_tile("r13")
    assert master_move(view) == GiveBack()
    assert hint(view) == Line("table.hint101.give_back", tile=parse_tile("r13"), name=Name(0))
    assert words(you=1).say(hint(view)) == (
        "The master would give red 13 back to Can and draw from the pile."
    )


def test_the_last_tile_is_a_finish() -> None:
    match = opened_dealer()
    view = view_of(match, 0)
    last = replace(view, hand=(parse_tile("r1"),), legal=(Discard(parse_tile("r1")),))
    assert hint_line(last, Discard(parse_tile("r1"))) == Line(
        "table.hint.finish", tile=parse_tile("r1")
    )


def _matches_and_views101(seed: int) -> list[tuple[Match, View101]]:
    """Every view seat 0 had in a round of hard bots, with the match then (a copy)."""
    match = Match(RULES101, random.Random(seed))
    bots = [make_bot101("hard", random.Random(seat)) for seat in range(4)]
    match.start_round()
    found = []
    while not match.round_over:
        seat = match.turn
        view = view_of(match, seat)
        if seat == 0:
            found.append((copy.deepcopy(match, {id(match.rules): match.rules}), view))
        match.apply(seat, bots[seat].choose(view))
    return found


@pytest.mark.parametrize("seed", [3, 8])
def test_the_hint_is_the_same_whatever_the_others_hold(seed: int) -> None:
    """The others' hands and the pile dealt anew: the seat's view, so the hint, is the same."""
    played = _matches_and_views101(seed)
    keys = set()
    for match, view in played[:: max(1, len(played) // 6)]:
        line = hint(view)
        keys.add(line.key)
        for again in range(2):
            other = deal_hidden_anew(match, 0, random.Random(again))
            assert other.round.hands[1] != match.round.hands[1]
            same = view_of(other, 0)
            assert same == view
            assert hint(same) == line
    assert keys


def test_every_101_move_has_words_in_both_languages() -> None:
    """The moves a seeded round may not show: pairs, later layings, an okey taken back."""
    match = opened_dealer()
    round_to_dealer(match)
    match.apply(0, DrawFromPile())
    view = view_of(match, 0)
    okey = parse_tile("y2")
    pairs = ((parse_tile("r1"), parse_tile("r1")), (parse_tile("b6"), okey))
    run = view.melds[3].meld
    moves: dict[Action, str] = {
        Open(pairs=pairs): "The master would open with 2 pairs: two red 1; blue 6 and an okey.",
        Lay(melds=(run,)): "The master would lay run black 8 to 11.",
        Lay(pairs=pairs[:1]): "The master would lay the pairs two red 1.",
        Add(Addition(0, parse_tile("k9"), Place.OKEY, parse_tile("k9"), 0)): "The master "
        "would put black 9 in the okey's place in your set red 9, blue 9, yellow 9 and take "
        "the okey back.",
    }
    for move, english in moves.items():
        line = hint_line(view, move)
        assert words().say(line) == english
        turkish = words("tr").say(line)
        assert "{" not in turkish and turkish.startswith("Usta ")
