"""Every event has words, from the catalogue: the replay's narrator, for every game; then
what a player hears of Okey 101 at the table (issue 13): each 101 event as catalogue keys
and fields, in both languages and both verbosities, the deal's best opening and its
shortfall, the cues, and a whole bot match told to one seat, nothing left unsaid (its rig,
a 101 match played by the 101 bots and told to one seat, serves test_table_glance too)."""

from __future__ import annotations

import itertools
import random
import string
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field, replace

import pytest
from engine_support import arranged, run_down, tile
from test_table_rig import BOT_NAMES, FakeOutput

from okey.audio import Cue, Position
from okey.bots import make_bot
from okey.engine import DeclarePairs, Discard, Match, ShowIndicator, TimeOut, TurnToOkey
from okey.engine.events import (
    AutopilotChanged,
    Dealt,
    DiceThrown,
    Discarded,
    Drew,
    Event,
    RoundDrawn,
    RoundStarted,
    RoundWon,
    TookDiscard,
    seen_by,
)
from okey.engine.traditional import Dice, passed_over
from okey.engine.view import Phase
from okey.games.okey101.events import (
    Added101,
    Event101,
    GaveBack101,
    Laid101,
    Opened101,
    Penalised101,
    PenaltyReason,
    RoundCancelled101,
    RoundEnd,
    RoundScored101,
)
from okey.games.okey101.levels import Level101, make_bot101
from okey.games.okey101.sections import rules_101
from okey.games.okey101.table import _only_laid_since
from okey.games.okey101.table_words import opening_line
from okey.games.okey101.view import LaidMeld, View101
from okey.hand.finishing import Opened
from okey.hand.layoff import Addition, Place
from okey.hand.melds import Meld, run_meld, set_meld
from okey.hand.notation import parse_tile, parse_tiles
from okey.hand.opening import best_opening
from okey.messages import Catalogue, Verbosity, load_catalogue
from okey.narrate import Narrator
from okey.rules import RuleSet, load_rules
from okey.speech import Speaker, SpeechMode
from okey.table.controller import Table
from okey.table.lines import Capital, Face, Line, Name, Scores, Speech
from okey.table.output.cues import event_cues
from okey.table.output.glance import kept_takes
from okey.table.output.meldwords import meld_line, owned_line
from okey.table.output.narration import TableNarrator
from okey.table.output.words import Words
from okey.table.state.seats import Seats, default_names
from okey.table.state.session import TableSession
from okey.table.state.settings import TableSettings
from okey.tiles import FALSE_JOKER, Tile, full_set

EN = load_catalogue("en")


def test_every_event_of_a_salon_round_is_said() -> None:
    match = arranged(
        {0: "r1 r2 r3 b4 b5 b6 k7 k8 k9 k10 y10 y11 y12 r6 b13", 1: "r5"},
        rules=load_rules("salon"),
    )
    match.apply(1, ShowIndicator())
    match.apply(0, DeclarePairs())
    match.apply(0, TurnToOkey())
    match.apply(0, Discard(tile("b13")))
    for _ in range(12):
        if match.round_over:
            break
        match.apply(match.turn, TimeOut())
    narrator = Narrator(["ann", "bo", "cy", "di"], catalogue=EN)
    said = [(event, narrator.lines(event)) for event in match.events]
    assert all(lines for _, lines in said)
    text = "\n".join(line for _, lines in said for line in lines)
    assert "Round 1. seat 0 (ann) deals and opens." in text
    assert "the okey is red 6." in text
    assert "seat 1 (bo) shows the indicator's twin, red 5" in text
    assert "seat 0 (ann) turns to the okey." in text
    assert "seat 0 (ann) is going for pairs." in text
    assert "Time ran out for seat 1 (bo) (1 in a row)" in text
    assert "finishes with runs and sets" in text
    on, off = AutopilotChanged(2, on=True), AutopilotChanged(2, on=False)
    assert narrator.lines(on) == ["Autopilot now plays for seat 2 (cy)."]
    assert narrator.lines(off) == ["seat 2 (cy) is back and plays again."]


def test_a_win_is_told_with_its_groups_and_cost() -> None:
    match = arranged({0: "r1 r2 r3 b4 b5 b6 k7 k8 k9 k10 y10 y11 y12 y13 r6"})
    events = match.apply(0, Discard(tile("r6")))
    won = next(e for e in events if isinstance(e, RoundWon))
    narrator = Narrator([], catalogue=EN)
    narrator.okey = match.round.okey
    lines = narrator.lines(won)
    assert lines[0] == "seat 0 finishes with runs and sets, laying red 6 okey in the middle."
    assert "An okey discard." in lines
    assert "Run red 1 to 3." in lines and "Run black 7 to 10." in lines
    assert "seat 1, seat 2, seat 3 lose 4 each." in lines


def test_a_drawn_round_is_told() -> None:
    match = Match(load_rules("one-round"), random.Random(1), first_dealer=0)
    match.start_round()
    match.apply(0, match.legal(0)[0])
    drawn = next(e for e in run_down(match) if isinstance(e, RoundDrawn))
    lines = Narrator([], catalogue=EN).lines(drawn)
    assert lines[0] == "The round is drawn: the pile ran out. No points."


def test_the_traditional_deal_is_told_with_its_dice() -> None:
    deck = full_set()  # the false jokers last: the spare and stack 21's top
    match = Match(load_rules("traditional"), random.Random(1), first_dealer=1)
    events = match.start_round(deck, Dice(5, 2))
    narrator = Narrator(["ann", "bo", "cy", "di"], catalogue=EN)
    said = narrator.story(events[:3])
    assert said == [
        "Round 1. seat 1 (bo) opens.",  # seat 0 built the stacks and threw
        "seat 0 (ann) throws 5 and 2: the spare tile goes on stack 5, "
        "and tile 2 from its bottom is the indicator.",
        "The indicator is red 11; the okey is red 12. Pile: 48 tiles.",
    ]
    assert narrator.lines(events[0]) == ["Round 1. seat 1 (bo) deals and opens."]
    plain = Match(load_rules("classic"), random.Random(1), first_dealer=1)
    assert narrator.story(plain.start_round()[:1]) == ["Round 1. seat 1 (bo) deals and opens."]


def _deck_with_false_jokers(stack: int, places: Sequence[int]) -> list[Tile]:
    """A deck whose false jokers are at these places of the stack (6: the spare); the
    others (of the two) at the bottom of stack 1."""
    indexes = {105 if place == 6 else (stack - 1) * 5 + place - 1 for place in places}
    indexes |= set(range(2 - len(indexes)))
    others = iter(tile for tile in full_set() if not tile.is_false_joker)
    return [FALSE_JOKER if index in indexes else next(others) for index in range(106)]


@pytest.mark.parametrize(
    ("throw", "jokers", "told"),
    [
        (2, [], ", and tile 2 from its bottom is the indicator."),
        (2, [2], "; tile 2 from its bottom is a false joker, so tile 3 is the indicator."),
        (
            6,
            [6],
            "; tile 6 from its bottom, the top one, is a false joker, so the count goes on "
            "from the bottom and tile 1 is the indicator.",
        ),
        (
            2,
            [2, 3],
            "; tiles 2 and 3 from its bottom are false jokers, so tile 4 is the indicator.",
        ),
        (
            5,
            [5, 6],
            "; tiles 5 and 6 from its bottom, counting on past the top from the bottom, "
            "are false jokers, so tile 1 is the indicator.",
        ),
        (
            6,
            [6, 1],
            "; tiles 6 and 1 from its bottom, counting on past the top from the bottom, "
            "are false jokers, so tile 2 is the indicator.",
        ),
    ],
)
def test_each_false_joker_passed_over_is_told(throw: int, jokers: list[int], told: str) -> None:
    deck = _deck_with_false_jokers(5, jokers)
    match = Match(load_rules("traditional"), random.Random(1), first_dealer=1)
    events = match.start_round(deck, Dice(5, throw))
    thrown = next(event for event in events if isinstance(event, DiceThrown))
    assert passed_over(throw, thrown.position) == tuple(jokers)
    said = Narrator([], catalogue=EN).story(events[:3])
    assert said[1] == f"seat 0 throws 5 and {throw}: the spare tile goes on stack 5" + told
    assert len(said) == 3  # no separate line for the false jokers passed over


@pytest.mark.parametrize("rules_name", ["classic", "101"])
def test_every_event_of_a_round_of_bots_is_said(rules_name: str) -> None:
    """Each game's own events too (Okey 101's openings name their combinations as the
    table does: "run red 10 to 12")."""
    rules = load_rules(rules_name)
    match = Match(rules, random.Random(4), first_dealer=0)
    bots = [make_bot("hard", random.Random(seat), rules.game) for seat in range(4)]
    match.start_round()
    while not match.round_over:
        seat = match.turn
        match.apply(seat, bots[seat].choose(match.table_view(seat)))
    narrator = Narrator(["ann", "bo", "cy", "di"], catalogue=EN)
    said = [narrator.lines(event) for event in match.events]
    assert all(said)
    text = "\n".join(line for lines in said for line in lines)
    assert "{" not in text and "engine." not in text and "meld." not in text
    if rules_name == "101":
        opened = [line for line in text.splitlines() if " opens with " in line]
        assert opened and any(" run " in line or " set " in line for line in opened)


# -- Okey 101 at the table: the rig ------------------------------------------------------
TR = load_catalogue("tr")
RULES = load_rules("101")
NAMES = default_names(4, 0, "You", BOT_NAMES)
MOST_MOVES = 3000


class Session101(TableSession):
    """A session that shows the table Okey 101's view and plays every seat by a bot."""

    players: dict[int, Level101]

    def view(self) -> View101 | None:
        if not self.match.started:
            return None
        view = self.match.table_view(self.you)
        assert isinstance(view, View101)
        return view

    def play(self, seat: int) -> list[Event]:
        """One move of ``seat``'s bot; the events the player saw."""
        view = self.match.table_view(seat)
        assert isinstance(view, View101)
        return self._seen(self.match.apply(seat, self.players[seat].choose(view)))


@dataclass
class Rig101:
    table: Table
    session: Session101
    output: FakeOutput
    heard: list[Speech] = field(default_factory=list)

    @property
    def view(self) -> View101:
        view = self.session.view()
        assert view is not None
        return view

    def refresh(self) -> View101:
        """The table's state built again, and the rack following the hand."""
        state = self.table.refresh()
        view = state.seen
        assert isinstance(view, View101)
        self.table.update_rack(view)
        return view


def make_rig101(
    *, seed: int = 1, level: str = "medium", verbosity: Verbosity = Verbosity.DETAILED,
    catalogue: Catalogue = EN, rules: RuleSet = RULES,
) -> Rig101:  # fmt: skip
    settings = TableSettings(
        rules=rules.name,
        you=0,
        names=list(NAMES),
        levels=["" if seat == 0 else "random" for seat in range(4)],
        verbosity=verbosity,
        seed=seed,
        pace=0,
    )
    match = Match(rules, random.Random(seed), first_dealer=1)
    session = Session101(match, settings, {}, bots={})
    session.players = {s: make_bot101(level, random.Random(f"{seed}:{s}")) for s in range(4)}
    output = FakeOutput()
    speaker = Speaker(
        SpeechMode.AUTO, output, printer=lambda _: None, verbosity=verbosity, catalogue=catalogue
    )
    table = Table(session, speaker)
    rig = Rig101(table, session, output)
    table.voice.listeners.append(lambda speech, _: rig.heard.append(speech))
    return rig


@dataclass(frozen=True)
class Batch:
    """One move's events as the player saw them, and the player's view after it."""

    events: tuple[Event, ...]
    view: View101


def batches(match: Match, players: dict[int, Level101], you: int = 0) -> Iterator[Batch]:
    """Deal and play the match's rounds to its end, one move at a time."""
    for _ in range(MOST_MOVES):
        if match.over:
            return
        if match.round_over:
            events = match.start_round()
        elif match.turn == you:  # the player's moves one by one, as the table makes them
            events = match.apply(you, players[you].choose(_view(match, you)))
        else:  # another seat's whole turn, as the table hears it
            seat = match.turn
            events = []
            while not match.round_over and match.turn == seat:
                events += match.apply(seat, players[seat].choose(_view(match, seat)))
        mine = match.table_view(you)
        assert isinstance(mine, View101)
        shown = tuple(e for e in (seen_by(event, you) for event in events) if e is not None)
        yield Batch(shown, mine)
    raise AssertionError("the match never ended")


def _view(match: Match, seat: int) -> View101:
    view = match.table_view(seat)
    assert isinstance(view, View101)
    return view


def bot_match(
    seed: int, level: str = "medium", rules: RuleSet = RULES
) -> tuple[Match, dict[int, Level101]]:
    match = Match(rules, random.Random(seed), first_dealer=1)
    players = {s: make_bot101(level, random.Random(f"{seed}:{s}")) for s in range(4)}
    return match, players


def words_for(catalogue: Catalogue, verbosity: Verbosity, okey: object = None) -> Words:
    words = Words(Seats(RULES.table, 0, NAMES), verbosity, catalogue)
    return words


def narrator() -> TableNarrator:
    return TableNarrator(Seats(RULES.table, 0, NAMES))


def test_the_rig_plays_a_101_match_to_its_end_and_the_table_reads_its_view() -> None:
    match, players = bot_match(5)
    seen = [event for batch in batches(match, players) for event in batch.events]
    assert match.over and seen
    rig = make_rig101(seed=3)
    rig.session.deal()
    assert isinstance(rig.refresh(), View101)


def play_until(rig: Rig101, reached: Callable[[View101], bool]) -> View101:
    """Deal, then play every seat's moves by the bots until ``reached(view)``."""
    session = rig.session
    if not session.match.started:
        session.deal()
    view = rig.refresh()
    for _ in range(MOST_MOVES):
        if reached(view):
            return view
        if session.match.round_over:
            raise AssertionError("the round ended before the state wanted")
        session.play(session.match.turn)
        view = rig.refresh()
    raise AssertionError("the state wanted was never reached")


def crowded(view: View101) -> bool:
    """Many combinations on the table, at the player's turn."""
    return len(view.melds) + len(view.pairs) >= 14 and view.turn == view.seat


# -- Okey 101 at the table: each event's keys and fields, cues, a whole match --------------
OKEY = parse_tile("b13")  # the indicator blue 12
INDICATOR = parse_tile("b12")
YOU, RIGHT, ACROSS, LEFT = 0, 1, 2, 3  # Zeynep on the right, Mehmet across, Ayşe on the left
assert RULES.game_sections is not None
OPENING = rules_101(RULES).opening()


def run(text: str) -> Meld:
    meld = run_meld(parse_tiles(text), OKEY, OPENING)
    assert meld is not None
    return meld


def group(text: str) -> Meld:
    meld = set_meld(parse_tiles(text), OKEY)
    assert meld is not None
    return meld


RED_7_9 = run("r7 r8 r9")
RED_7_10 = run("r7 r8 r9 r10")
WITH_OKEY = run("r7 b13 r9")  # the okey plays red 8
FOURS = group("k4 r4 b4")


def view101(**fields: object) -> View101:
    """A 101 view of seat 0 with a table (Mehmet's red 7 to 9, Ayşe's fours)."""
    base = View101(
        seat=YOU,
        players=4,
        hand=tuple(parse_tiles("r10 r11 y2 y3 y4 k13")),
        indicator=INDICATOR,
        okey=OKEY,
        turn=LEFT,
        phase=Phase.DISCARD,
        dealer=RIGHT,
        round_number=1,
        pile_count=12,
        discards=((), (), (), ()),
        taken=((), (), (), ()),
        scores=(0, 0, 0, 0),
        legal=(),
        hand_sizes=(6, 21, 9, 10),
        rules=RULES,
        melds=(LaidMeld(ACROSS, RED_7_9), LaidMeld(LEFT, FOURS)),
        openings=(Opened.NOT_YET, Opened.NOT_YET, Opened.COMBINATIONS, Opened.COMBINATIONS),
        opening_values=(0, 0, 104, 112),
        penalties=(0, 0, 0, 0),
        opening=OPENING,
    )
    return replace(base, **fields)  # type: ignore[arg-type]


def told(events: list[Event], view: View101 | None = None) -> list[Speech]:
    hand = Line("table.hand", count=6, mode=Line("table.sort.colour"), tiles="…")
    return narrator().lines(events, lambda tile: (1, 6), hand, view=view or view101())


def rendered(speech: Speech, catalogue: Catalogue, verbosity: Verbosity) -> str:
    words = words_for(catalogue, verbosity)
    words.okey = OKEY
    return words.say(speech)


def assert_says_well(said: list[Speech]) -> None:
    """Every line fills in, in both languages and both verbosities, with no field left."""
    for speech in said:
        for catalogue in (EN, TR):
            for verbosity in Verbosity:
                text = rendered(speech, catalogue, verbosity)
                assert text and "{" not in text and "}" not in text, text
                assert text[0] not in string.ascii_lowercase, text


ADDED = Added101(LEFT, ACROSS, Addition(0, parse_tile("r10"), Place.HIGH, parse_tile("r10")),
                 RED_7_10, None)  # fmt: skip


def test_an_addition_names_the_tile_the_owner_and_the_combination_as_it_was() -> None:
    (line,) = told([ADDED])
    assert line == Line(
        "table.101.added.other",
        name=Name(LEFT),
        where=line.fields["where"],  # type: ignore[union-attr]
        label=line.fields["label"],  # type: ignore[union-attr]
        tile=Face(parse_tile("r10")),
        meld=Line("meld.of.other", meld=meld_line(RED_7_9, OKEY), name=Name(ACROSS)),
    )
    assert rendered(line, EN, Verbosity.DETAILED) == "Ayşe adds red 10 to Mehmet's run red 7 to 9."
    assert_says_well([line])


def test_the_owner_is_you_or_their_own_as_it_is() -> None:
    mine = owned_line(meld_line(FOURS, OKEY), YOU, LEFT, YOU)
    own = owned_line(meld_line(FOURS, OKEY), LEFT, LEFT, YOU)
    assert mine.key == "meld.of.you" and own.key == "meld.of.own"
    (line,) = told([replace(ADDED, seat=YOU)])
    assert line.key == "table.101.added.you"  # type: ignore[union-attr]
    assert rendered(line, EN, Verbosity.BRIEF) == "You add red 10 to Mehmet's run red 7 to 9."


def test_an_okey_taken_back_is_said_as_the_tile_put_in_its_place() -> None:
    okey_back = Added101(
        ACROSS, ACROSS, Addition(0, parse_tile("r8"), Place.OKEY, parse_tile("r8"), 1),
        RED_7_9, OKEY,
    )  # fmt: skip
    (line,) = told([okey_back], view101(melds=(LaidMeld(ACROSS, RED_7_9),)))
    assert line.key == "table.101.swapped.other"  # type: ignore[union-attr]
    assert rendered(line, EN, Verbosity.DETAILED) == (
        "Mehmet puts red 8 in place of the okey in their own run red 7 to 9 and takes the okey."
    )
    assert_says_well([line])


def test_an_opening_says_its_value_and_every_combination() -> None:
    opened = Opened101(LEFT, (WITH_OKEY, FOURS), (), 36)
    (line,) = told([opened])
    assert line.key == "table.101.opened.other"  # type: ignore[union-attr]
    assert line.fields["value"] == 36  # type: ignore[union-attr]
    text = rendered(line, EN, Verbosity.DETAILED)
    assert text == (
        "Ayşe opens with 36 points: run red 7 to 9, okey as red 8; set black 4, red 4, blue 4."
    )
    pairs = Opened101(YOU, (), ((parse_tile("r5"), parse_tile("r5")), (OKEY, parse_tile("k2"))), 0)
    (mine,) = told([pairs])
    assert rendered(mine, EN, Verbosity.BRIEF) == (
        "You open with 2 pairs: two red 5; black 2 and an okey."
    )
    assert_says_well([line, mine])


def test_a_lay_a_give_back_and_a_cancelled_round_are_said() -> None:
    said = told(
        [
            Laid101(RIGHT, (FOURS,), ()),
            GaveBack101(YOU, LEFT, parse_tile("y9")),
            RoundCancelled101((0, 0, 0, 0)),
        ]
    )
    assert [line.key for line in said] == [  # type: ignore[union-attr]
        "table.101.laid.other",
        "table.101.gave_back.you",
        "table.101.cancelled",
    ]
    assert rendered(said[1], EN, Verbosity.DETAILED) == "You give yellow 9 back to Ayşe."
    assert_says_well(said)


@pytest.mark.parametrize("reason", list(PenaltyReason))
def test_each_penalty_says_who_pays_what_and_why(reason: PenaltyReason) -> None:
    tile = {
        PenaltyReason.OKEY_DISCARD: OKEY,
        PenaltyReason.PLAYABLE_DISCARD: parse_tile("r6"),
        PenaltyReason.OKEY_IN_HAND: OKEY,
        PenaltyReason.GIVE_BACK: parse_tile("y9"),
    }[reason]
    said = told([Penalised101(RIGHT, reason, 101, tile), Penalised101(YOU, reason, 101, tile)])
    keys = [line.key for line in said]  # type: ignore[union-attr]
    assert keys == [
        f"table.101.penalty.{reason.value}.other",
        f"table.101.penalty.{reason.value}.you",
    ]
    assert all(line.fields["points"] == 101 for line in said)  # type: ignore[union-attr]
    assert_says_well(said)


def test_a_playable_discard_names_the_combination_it_fitted() -> None:
    (line,) = told([Penalised101(RIGHT, PenaltyReason.PLAYABLE_DISCARD, 101, parse_tile("r6"))])
    assert rendered(line, EN, Verbosity.DETAILED) == (
        "Zeynep pays 101: red 6 fits Mehmet's run red 7 to 9."
    )
    lost = told([Penalised101(RIGHT, PenaltyReason.PLAYABLE_DISCARD, 101, parse_tile("y12"))])
    assert lost[0].key == "table.101.penalty.playable_discard.table.other"  # type: ignore[union-attr]


def test_the_round_scores_say_why_each_seat_scores_what_it_does() -> None:
    opened = (Opened.NOT_YET, Opened.PAIRS, Opened.COMBINATIONS, Opened.COMBINATIONS)
    view = view101(openings=opened, penalties=(0, 0, 1, 0), phase=Phase.ROUND_OVER)
    hands = (
        (),
        tuple(parse_tiles("r5 k3")),
        tuple(parse_tiles("y10")),
        tuple(parse_tiles("r1 r2")),
    )
    # Ayşe finished with an okey: the round counts twice. You never opened: 202 x 2; Zeynep
    # opened with pairs: 8 x 2 x 2; Mehmet 10 x 2 and a penalty of 101; Ayşe -101 x 2.
    scored = RoundScored101(
        end=RoundEnd.FINISHED, finisher=LEFT, tile=OKEY, okey_finish=True, pairs_finish=False,
        one_turn=False, factor=2, hands=((*hands[0],), hands[1], hands[2], ()),
        points=(404, 32, 121, -202), scores=(404, 32, 121, -202),
    )  # fmt: skip
    said = told([scored], view)
    assert [line.key for line in said] == [  # type: ignore[union-attr]
        "table.101.finished.other",
        "table.101.factor",
        "table.101.score.end",
        "table.101.score.end",
        "table.101.score.penalties",
        "table.101.score.end",
    ]
    english = [rendered(line, EN, Verbosity.DETAILED) for line in said]
    assert english[1] == "The round counts 2 times: an okey finish."
    assert english[2:6] == [
        "You: 404 points, never opened.",
        "Zeynep: 32 points, 8 left in hand, times 4 for opening with pairs.",
        "Mehmet: 121 points, 10 left in hand, with 101 in penalties.",
        "Ayşe: -202 points, for finishing.",
    ]
    totals = Line("table.101.totals", scores=Scores(scored.scores, ranked=True, lowest_first=True))
    assert rendered(totals, EN, Verbosity.DETAILED) == (
        "Match totals, lowest first: Ayşe -202, Zeynep 32, Mehmet 121, you 404."
    )
    assert_says_well(said)


def test_a_pile_out_says_so_before_the_points() -> None:
    scored = RoundScored101(
        end=RoundEnd.PILE_OUT, finisher=None, tile=None, okey_finish=False, pairs_finish=False,
        one_turn=False, factor=1, hands=((), (), (), ()), points=(202, 202, 0, 0),
        scores=(202, 202, 0, 0),
    )  # fmt: skip
    said = told([scored], view101(phase=Phase.ROUND_OVER))
    assert said[0] == Line("table.101.pile_out")
    assert_says_well(said)


# -- the deal --------------------------------------------------------------------------

SHORT = "r1 r2 r3 b5 b6 b7 k9 k10 k11 y1 y4 y7 y9 k1 k3 r9 r11 b1 b9 b11 y12"
ENOUGH = "r10 r11 r12 r13 b10 b11 b12 k10 k11 k12 y11 y12 y13 k13 b13 r5 r7 y2 y4 k2 b3"


def test_the_deal_says_the_best_opening_and_how_short_it_is() -> None:
    hand = parse_tiles(SHORT)
    best = best_opening(hand, OKEY, OPENING)
    assert best is not None and best.value < 101
    line = opening_line(hand, view101(hand=tuple(hand)))
    assert line == Line("table.101.best.short", value=best.value, short=101 - best.value)
    assert rendered(line, EN, Verbosity.DETAILED) == (
        f"Best opening {best.value}: {101 - best.value} short."
    )
    enough = opening_line(parse_tiles(ENOUGH), view101(hand=tuple(parse_tiles(ENOUGH))))
    assert enough.key == "table.101.best.enough"
    assert_says_well([line, enough])


def test_the_deal_says_the_pairs_from_four() -> None:
    pairs = parse_tiles("r1 r1 b5 b5 k9 k9 y2 y2 r12 b2 k5 y8 y11 k12 r6 b9 k2 y5 r4 b7 k11")
    line = opening_line(pairs, view101(hand=tuple(pairs)))
    assert line.key == "table.101.best.with_pairs"
    assert line.fields["pairs"] == Line("table.101.best.pairs_short", count=4, short=1)
    assert_says_well([line])


def test_the_deal_is_heard_with_the_hand_then_the_best_opening() -> None:
    hand = tuple(parse_tiles(SHORT))
    events: list[Event] = [RoundStarted(1, RIGHT, ()), Dealt(YOU, hand), Dealt(LEFT, ())]
    said = told(events, view101(hand=hand))
    assert [s.key for s in said] == [  # type: ignore[union-attr]
        "table.101.dealt",
        "table.hand",
        "table.101.best.short",
    ]


# -- the cues ----------------------------------------------------------------------------


def test_a_turn_of_lays_plays_one_cue_from_the_seat_and_a_penalty_warns() -> None:
    seats = Seats(RULES.table, YOU, NAMES)
    events: list[Event] = [
        Drew(LEFT, None, 10),
        Opened101(LEFT, (RED_7_9,), (), 24),
        ADDED,
        Discarded(LEFT, parse_tile("r6")),
        Penalised101(LEFT, PenaltyReason.PLAYABLE_DISCARD, 101, parse_tile("r6")),
    ]
    cues = [cue for cue, _ in event_cues(events, seats, OKEY)]
    assert cues == [Cue.DRAW, Cue.INDICATOR_SHOWN, Cue.DISCARD, Cue.TIMER_WARNING]
    assert {where for _, where in event_cues(events, seats, OKEY)} == {Position.LEFT}


# -- a whole match -----------------------------------------------------------------------


@pytest.mark.parametrize("seed", [5, 9])
def test_a_whole_match_is_told_and_every_101_event_has_its_words(seed: int) -> None:
    match, players = bot_match(seed, "easy")
    tell = narrator()
    hand = Line("table.hand", count=21, mode=Line("table.sort.colour"), tiles="…")
    heard: list[Speech] = []
    for batch in batches(match, players):
        said = tell.lines(batch.events, lambda tile: (1, 21), hand, view=batch.view)
        own = [e for e in batch.events if isinstance(e, Event101)]
        told_101 = [s for s in said if isinstance(s, Line) and s.key.startswith("table.101.")]
        # Each opening, lay, addition, give-back and penalty is one line; a round's end more.
        assert len(told_101) >= len(own)
        if any(isinstance(e, Dealt) and e.seat == YOU for e in batch.events):
            assert any(s.key.startswith("table.101.best") for s in told_101)
        heard += said
    for before, after in itertools.pairwise(heard):
        assert before != after or before == hand, before  # nothing said twice running
    for catalogue in (EN, TR):
        words = words_for(catalogue, Verbosity.BRIEF)
        words.okey = OKEY
        for speech in heard:
            assert "{" not in words.say(speech)


def test_capital_names_start_the_score_lines() -> None:
    line = Line("table.101.score.unopened", name=Capital(Name(YOU)), count=202)
    assert rendered(Line("table.101.score.end", text=line), TR, Verbosity.BRIEF).startswith("Sen")


def test_the_finishing_discard_is_told_once_with_the_finish() -> None:
    scored = RoundScored101(
        end=RoundEnd.FINISHED, finisher=LEFT, tile=parse_tile("r6"), okey_finish=False,
        pairs_finish=False, one_turn=False, factor=1, hands=((), (), (), ()),
        points=(202, 202, 202, -101), scores=(202, 202, 202, -101),
    )  # fmt: skip
    events: list[Event] = [Drew(LEFT, None, 3), Discarded(LEFT, parse_tile("r6")), scored]
    said = told(events, view101(phase=Phase.ROUND_OVER))
    keys = [line.key for line in said]  # type: ignore[union-attr]
    assert keys[:2] == ["table.drew", "table.101.finished.other"]
    assert "table.turn.discard" not in keys and "table.turn.pile" not in keys
    mine = replace(scored, finisher=YOU)
    said = told([Discarded(YOU, parse_tile("r6")), mine], view101(phase=Phase.ROUND_OVER))
    first = said[0]
    assert isinstance(first, Line) and first.key == "table.101.finished.you"


def test_a_finish_within_reach_is_said_once_while_the_hand_only_lays() -> None:
    before = (1, tuple(parse_tiles("r1 r2 r3 k5")))
    assert _only_laid_since(before, (1, tuple(parse_tiles("r1 k5"))))
    assert not _only_laid_since(before, (1, tuple(parse_tiles("r1 k5 y9"))))  # a new tile
    assert not _only_laid_since(before, (2, tuple(parse_tiles("r1"))))  # a new round
    assert not _only_laid_since(None, before)


def test_a_taken_discard_laid_or_given_back_is_no_longer_held() -> None:
    r7, y9 = parse_tile("r7"), parse_tile("y9")
    events: list[Event] = [
        RoundStarted(1, RIGHT, ()),
        TookDiscard(LEFT, ACROSS, r7),
        Opened101(LEFT, (RED_7_9,), (), 24),
        TookDiscard(RIGHT, YOU, y9),
        GaveBack101(RIGHT, YOU, y9),
        TookDiscard(ACROSS, RIGHT, parse_tile("r10")),
        Added101(ACROSS, ACROSS, Addition(0, parse_tile("r10"), Place.HIGH, parse_tile("r10")),
                 RED_7_10, None),
    ]  # fmt: skip
    assert kept_takes(events, 4) == ((), (), (), ())


def test_a_set_with_an_okey_names_its_real_tiles_then_the_okeys_colour() -> None:
    said = rendered(meld_line(group("k4 b13 r4"), OKEY), EN, Verbosity.DETAILED)
    assert said == "set black 4, red 4, okey as blue 4"
