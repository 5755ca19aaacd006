"""Whole rounds played with keys, headless: what the player hears, as lines. At Okey 101:
openings (G, marks, pairs), refusals with their reasons, adding to the table (X),
penalised discards asked first, giving back, F's finish, a cancelled round, a save
mid-turn, and a whole round to its end, read from the match's events and the keys said."""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from pathlib import Path

import pytest
from sounds_support import Recorded
from test_table_rig import (
    EN,
    FakeOutput,
    Player,
    ShowingBot,
    key_of,
    keys_in,
    make_rig,
    no_repeats,
    parts,
    play,
)

from okey.audio import Cue
from okey.engine.actions import Action, Discard, DrawFromPile
from okey.engine.deal import arrange_deck
from okey.engine.events import Discarded, Drew, Event, TookDiscard
from okey.engine.view import Phase
from okey.games.okey101.actions import Add, Open
from okey.games.okey101.events import (
    Added101,
    GaveBack101,
    Opened101,
    Penalised101,
    PenaltyReason,
    RoundCancelled101,
    RoundScored101,
)
from okey.games.okey101.levels import Bot101, make_bot101
from okey.games.okey101.round import HAND_101
from okey.games.okey101.view import View101
from okey.hand.finishing import Opened
from okey.hand.layoff import Place
from okey.hand.notation import parse_tile, parse_tiles
from okey.hand.opening import best_opening
from okey.hand.pairs import best_pairs
from okey.messages import Verbosity
from okey.rules import load_rules
from okey.saves import read_save
from okey.speech import Speaker, SpeechMode
from okey.table.controller import Table
from okey.table.keys import Command
from okey.table.lines import (
    Capital,
    Face,
    Joined,
    Label,
    Line,
    Name,
    Names,
    Scores,
    Speech,
    sentence,
)
from okey.table.state.persist import DiskSaver, session_from_save
from okey.table.state.seat import Step
from okey.table.state.seats import default_names
from okey.table.state.session import new_session
from okey.table.state.settings import TableSettings
from okey.table.state.sorting import SortMode
from okey.tiles import Tile

WINNING = "r1 r2 r3 b4 b5 b6 k7 k8 k9 k10 y10 y11 y12 y13"  # 14 tiles in runs
r6, k1 = parse_tile("r6"), parse_tile("k1")


def _tiles(text: str) -> tuple[Tile, ...]:
    return tuple(parse_tiles(text))


def test_f_finishes_with_the_okey_and_the_win_is_read_out() -> None:
    rig = make_rig(hands={0: WINNING + " r6"}, indicator="r5", dealer=0)

    async def script(player: Player) -> None:
        assert await player.heard("table.round.you") == Line(
            "table.round.you", number=1, name=Name(0)
        )
        await player.heard("table.indicator")
        hand = await player.heard("table.hand")
        assert isinstance(hand, Line) and hand.fields["count"] == 15
        assert await player.heard("table.your_turn.open") == Line("table.your_turn.open")
        assert await player.heard("table.can_finish") == Line("table.can_finish", tile=r6)
        await player.press("f")
        won = await player.heard("table.won.you")
        assert parts(won) == (
            Line("table.won.you", kind=Line("kind.combinations"), tile=r6),
            Line("table.won.okey"),
        )
        groups = await player.heard("meld.run")
        (r1,) = _tiles("r1")
        (k7,) = _tiles("k7")
        assert sentence(Line("meld.run", low=Face(r1), high=3)) in parts(groups)
        assert sentence(Line("meld.run", low=Face(k7), high=10)) in parts(groups)
        cost = await player.heard("table.cost.each")
        assert cost == sentence(Line("table.cost.each", losers=Names((1, 2, 3)), points=4))
        over = await player.heard("table.round_over")
        assert over == Line(
            "table.round_over", number=1, standings=Scores((20, 16, 16, 16), ranked=True), next=2
        )
        await player.press("enter")
        assert await player.heard("table.round") == Line("table.round", number=2, name=Name(1))
        await player.press("q", "y")

    play(rig, script)
    assert Cue.WIN_POSSIBLE in rig.sounds.cues
    assert no_repeats(rig.said) == []


def test_discarding_the_spare_wins_by_itself() -> None:
    rig = make_rig(hands={0: WINNING + " k1"}, indicator="r5", dealer=0)

    async def script(player: Player) -> None:
        assert await player.heard("table.can_finish") == Line("table.can_finish", tile=k1)
        await player.press("home", *["right"] * 6)
        assert player.line() == Line("table.focus", tile=k1, position=7, count=15)
        await player.press("enter")
        won = await player.heard("table.won.you")
        assert parts(won) == (Line("table.won.you", kind=Line("kind.combinations"), tile=k1),)
        cost = await player.heard("table.cost.each")
        assert cost == sentence(Line("table.cost.each", losers=Names((1, 2, 3)), points=2))
        await player.heard("table.round_over")

    play(rig, script)
    assert rig.table.session.match.scores == (20, 18, 18, 18)


def test_a_round_played_to_a_draw_with_keys() -> None:
    rig = make_rig(seed=4, dealer=1)

    async def script(player: Player) -> None:
        session = rig.table.session
        while True:
            await player.my_turn()
            if session.step() is Step.ROUND_OVER:
                break
            phase = session.match.phase
            if phase is Phase.DRAW:
                await player.press("p")
                assert key_of(player.line()) == "table.you_draw"
                await player.press("enter")  # the focus is on the tile just drawn
            elif phase is Phase.PILE_OUT:
                await player.heard("table.your_turn.pile_out")
                await player.press("x")
            else:
                await player.press("enter")
        await player.heard("table.drawn.declined")
        await player.heard("table.round_over")

    play(rig, script)
    keys = rig.keys
    assert "table.turn.open" in keys
    assert "table.turn.pile" in keys
    taking = [s for s in rig.lines if key_of(s) == "table.your_turn.take"]
    assert taking and all(isinstance(s, Line) and s.fields["name"] == Name(3) for s in taking)
    assert no_repeats(rig.said) == []


def test_showing_the_twin_and_hearing_a_bot_show() -> None:
    rig = make_rig(hands={0: "r5 k2 k3", 1: "b1"}, indicator="r5", dealer=3)
    r5 = parse_tile("r5")

    async def script(player: Player) -> None:
        assert await player.heard("table.show_offer") == Line("table.show_offer", tile=r5, points=1)
        await player.press("g")
        cost = Line("table.cost", losers=Names((1, 2, 3)), points=1)
        assert player.line() == Line("table.showed.you", tile=r5, cost=cost)
        await player.press("g")
        assert player.line() == sentence(Line("engine.error.already_shown"))

    play(rig, script, pace=30)
    assert rig.table.session.match.scores == (20, 19, 19, 19)

    rig = make_rig(
        hands={1: "r5"}, indicator="r5", dealer=1, bots={1: ShowingBot(random.Random(1))}
    )

    async def listen(player: Player) -> None:
        cost = Line("table.cost", losers=Names((0, 2, 3)), points=1)
        showed = await player.heard("table.showed.other")
        assert showed == Line("table.showed.other", name=Name(1), tile=r5, cost=cost)
        await player.press("c")
        scores = await player.heard("table.scores")  # waited for: the bots move meanwhile
        assert scores == Line("table.scores", scores=Scores((19, 20, 19, 19), ranked=False))
        await player.press("c")
        story = await player.heard("table.story.showed")
        assert Line("table.story.showed", number=1, name=Name(1), points=1) in parts(story)

    play(rig, listen)


def test_discarding_an_okey_asks_first() -> None:
    rig = make_rig(hands={0: "r6 r1 k5 y9 b2 b7 k11 k12 y3 y4 r9 b10 b10 k1 y1"}, dealer=0)

    async def script(player: Player) -> None:
        await player.heard("table.your_turn.open")
        await player.press("end")
        assert player.line() == Line("table.focus", tile=r6, position=15, count=15)
        await player.press("enter")
        assert player.line() == Line("table.ask.okey", tile=r6)
        await player.press("n")
        assert player.line() == Line("table.kept")
        await player.press("space", "y")
        assert player.line() == Line("table.you_discard", tile=r6)

    play(rig, script, pace=30)
    assert rig.table.session.match.view(0).discards[0] == (rig.table.rack.okey,)


def test_the_okey_question_can_be_turned_off_in_the_menu() -> None:
    rig = make_rig(hands={0: "r6 r1 k5 y9 b2 b7 k11 k12 y3 y4 r9 b10 b10 k1 y1"}, dealer=0)
    table = rig.table
    table.begin()
    table.run(Command.OKEY_WARNING)
    assert rig.last() == Line("table.okey_warning_off")
    assert not table.settings.okey_warning
    table.press("end")
    table.press("enter")
    assert Line("table.you_discard", tile=r6) in rig.lines


def test_the_draw_choice_and_taking() -> None:
    rig = make_rig(seed=2, dealer=3)

    async def script(player: Player) -> None:
        await player.my_turn()
        offered = rig.table.state.view.available_discard if rig.table.state.view else None
        assert offered is not None
        await player.press("d")
        assert player.line() == Line("table.choice.pile", tile=offered, name=Name(3))
        await player.press("down")
        assert player.line() == Line(
            "table.menu.item", label=Line("table.option.pile"), key="P", position=2, count=2
        )
        await player.press("up", "enter")
        took = player.line()
        assert isinstance(took, Line) and took.key == "table.you_take"
        assert (took.fields["tile"], took.fields["count"]) == (offered, 15)
        await player.press("d")
        assert player.line() == Line("table.why.must_discard")

    play(rig, script)


def test_keys_at_the_wrong_moment_say_why() -> None:
    rig = make_rig(hands={0: "k2"}, indicator="r5", dealer=1)

    async def script(player: Player) -> None:
        await player.heard("table.round")
        not_yours = Line("table.why.not_your_turn", name=Name(1))
        for key in ("enter", "p", "t", "d", "f"):
            await player.press(key)
            assert player.line() == not_yours, key
        await player.press("9")
        assert player.line() == Line("table.unknown_key", key="9")
        await player.press("g")
        no_twin = Line("engine.error.no_twin", tile=Face(parse_tile("r5")))
        assert player.line() == sentence(no_twin)
        await player.press("x")
        assert player.line() == not_yours
        await player.press("w")
        assert player.line() == not_yours
        await player.press("e")
        assert player.line() == Line("table.no_timer")

    play(rig, script, pace=30)


def test_sorting_focus_and_status_keys() -> None:
    hand = "k3 k4 k5 k6 r5 b5 y13 r9 r9 b11 b12 k13 y2 y7"
    rig = make_rig(hands={0: hand}, indicator="y10", dealer=1)

    async def script(player: Player) -> None:
        await player.heard("table.hand")
        await player.press("s")
        assert player.line() == Line("table.sorted.ascending")
        await player.press("home")
        assert player.line() == Line("table.focus", tile=parse_tile("y2"), position=1, count=14)
        await player.press("s", "s")
        assert player.line() == Line("table.sorted.smart")
        await player.press("home")
        kind = Capital(Line("table.kind.run"))
        assert player.line() == Line(
            "table.focus.kind", kind=kind, tile=parse_tile("k3"), position=1, count=14
        )
        await player.press("down")
        spares = player.line()
        assert isinstance(spares, Line)
        assert spares.fields["kind"] == Capital(Line("table.kind.spares"))
        await player.press("a")
        read = player.line()
        assert isinstance(read, Line) and read.key == "table.hand"
        assert read.fields["mode"] == Line("table.sort.smart")
        assert read.fields["tiles"] == rig.table.rack.sorted
        await player.press("s")
        assert player.line() == Line("table.sorted.colour")
        await player.press("i")
        assert key_of(player.line()) == "table.indicator"
        await player.press("n")
        assert player.line() == Line("table.pile", count=48)
        await player.press("m")
        assert player.line() == Line("table.discards.yours_none")
        await player.press("l")
        assert player.line() == Line("table.discards.none", name=Name(3), label=Label(3))
        await player.press("h")
        brief = keys_in(player.line())
        assert brief[0] == "table.help.waiting" and brief[-1] == "table.help.more"
        await player.press("h")
        every = keys_in(player.line())
        assert "table.help.status" in every and "table.help.more" not in every
        await player.press("?")
        assert keys_in(player.line())[0] == "rules.title"
        await player.press("v")
        assert player.line() == Line("speech.now_brief")
        await player.press("c")
        assert player.line() == Line("table.scores", scores=Scores((20, 20, 20, 20), ranked=False))
        await player.press(",")
        assert player.last() == rig.said[-2]  # the history reads the last message again

    play(rig, script, pace=30)
    assert rig.table.settings.sort_mode is SortMode.COLOUR
    assert rig.table.settings.verbosity is Verbosity.BRIEF


def test_the_escape_menu_runs_actions() -> None:
    rig = make_rig(seed=5, dealer=3)

    async def script(player: Player) -> None:
        await player.my_turn()
        await player.press("escape")
        menu = rig.table.menu
        assert menu is not None
        offered = [option.command for option in menu.options]
        # Only what can be done now: a draw, not a discard, a finish or a review.
        assert not {Command.ENTER, Command.FINISH, Command.REVIEW} & set(offered)
        count = len(offered)
        choose = Line("table.action.choose")
        item = Line("table.menu.item", label=choose, key="D", position=1, count=count)
        assert player.line() == Line("table.menu.open", item=item)
        await player.press("down")
        draw = Line("table.action.draw")
        assert player.line() == Line(
            "table.menu.item", label=draw, key="P", position=2, count=count
        )
        await player.press("enter")
        assert key_of(player.line()) == "table.you_draw"
        await player.press("escape")
        await player.press("escape")
        assert player.line() == Line("table.menu.closed")

    play(rig, script)
    assert len(rig.table.session.match.view(0).hand) == 15


def test_partners_hear_us_and_them() -> None:
    rig = make_rig(rules="partners", hands={0: WINNING + " k1"}, dealer=0)

    async def script(player: Player) -> None:
        await player.press("f")
        assert await player.heard("table.cost.them") == sentence(Line("table.cost.them", points=2))
        assert await player.heard("table.round_over") == Line(
            "table.round_over", number=1, standings=Scores((20, 18, 20, 18), ranked=True), next=2
        )

    play(rig, script)
    welcome = rig.lines[0]
    assert isinstance(welcome, Line)
    company = welcome.fields["company"]
    assert isinstance(company, Line) and company.key == "table.company.partners"
    assert company.fields["partner"] == Name(2)


def test_tab_and_reading_keys_leave_the_menu_and_questions_alone() -> None:
    rig = make_rig(dealer=0, seed=4)
    table = rig.table
    table.begin()
    table.press("escape")
    assert table.menu is not None
    table.press("tab")  # a tutorial's skip key, nothing in a match
    assert table.menu is not None
    tab = Line("table.unknown_key", key="Tab")
    assert rig.last() == tab
    table.press(",")
    assert table.menu is not None
    assert rig.said[-1] == rig.said[-2]  # the history read the last line again
    table.press("h")
    assert table.menu is not None
    assert key_of(rig.last()) == "table.menu.help"
    table.press("escape")
    assert table.menu is None and rig.last() == Line("table.menu.closed")
    table.press("q")
    assert table.asking is not None
    table.press("tab")
    assert table.asking is not None


def test_a_joined_message_is_said_as_one() -> None:
    rig = make_rig(dealer=0, seed=4)
    rig.table.begin()
    rig.table.press("h")
    assert isinstance(rig.last(), Joined)
    assert rig.said[-1] == rig.table.words().say(rig.last())


# -- Okey 101 played by keys: openings, refusals, X, giving back, F, saves -----------------
NAMES = ["Ayşe", "Mehmet", "Zeynep"]


class Thrower101:
    """Draws from the pile and throws back what it drew (the dealer: its last tile)."""

    name = "thrower101"

    def choose(self, view: View101) -> Action:
        if view.phase is Phase.DRAW:
            return DrawFromPile()
        discards = [a for a in view.legal if isinstance(a, Discard)]
        return discards[-1]


class PairsOpener(Thrower101):
    """Opens with its pairs as soon as it can, else plays as a thrower."""

    name = "pairs101"

    def choose(self, view: View101) -> Action:
        if view.phase is Phase.DISCARD and view.my_opening is Opened.NOT_YET:
            best = best_pairs(view.hand, view.okey)
            if best is not None and len(best.pairs) >= view.pairs_needed:
                return Open(pairs=best.pairs)
        return super().choose(view)


class Rig101:
    """A 101 table of seat 0, its speech as lines, its events."""

    def __init__(self, table: Table) -> None:
        self.table = table
        self.heard: list[Speech] = []
        table.voice.listeners.append(lambda speech, _: self.heard.append(speech))

    @property
    def keys(self) -> list[str]:
        return [key_of(speech) for speech in self.heard]

    def last(self) -> Speech:
        return self.heard[-1]

    @property
    def events(self) -> list[Event]:
        return list(self.table.session.match.events)

    @property
    def view(self) -> View101:
        view = self.table.state.seen
        assert isinstance(view, View101)
        return view

    def press(self, *keys: str) -> None:
        for key in keys:
            self.table.press(key)

    def focus(self, tile: Tile) -> None:
        """Move the focus onto ``tile`` by keys (Home, then Right)."""
        self.press("home")
        for _ in range(self.table.rack.count):
            if self.table.rack.focused == tile:
                return
            self.press("right")
        raise AssertionError(f"{tile} is not in the rack")

    def open_with(self, tiles: str) -> None:
        """Mark these tiles (K), lay them (G) and say yes."""
        for tile in parse_tiles(tiles):
            self.focus(tile)
            self.press("k")
        self.press("g", "y")
        assert self.view.openings[0] is Opened.COMBINATIONS

    def bots_play(self) -> None:
        """The bots play until it is the player's move (or the round is over)."""
        for _ in range(20):
            if self.table.state.step is not Step.BOT:
                return
            self.table.play_bot()


def make_table101(
    hands: Mapping[int, str] | None = None,
    *,
    indicator: str = "y1",
    dealer: int = 0,
    pile_top: str = "",
    rules: str = "101",
    seed: int = 1,
    bots: Mapping[int, Bot101] | None = None,
) -> Rig101:
    ruleset = load_rules(rules)
    settings = TableSettings(
        rules=ruleset.name,
        you=0,
        names=list(default_names(4, 0, "You", NAMES)),
        levels=["", "random", "random", "random"],
        verbosity=Verbosity.DETAILED,
        seed=seed,
        pace=0,
    )
    decks = None
    if hands is not None:
        deck = arrange_deck(
            4,
            dealer,
            parse_tile(indicator),
            {seat: parse_tiles(text) for seat, text in hands.items()},
            parse_tiles(pile_top),
            random.Random(seed),
            HAND_101,
        )
        decks = iter([deck])
    session = new_session(ruleset, settings, decks=decks, first_dealer=dealer)
    chosen: Mapping[int, Bot101] = (
        bots if bots is not None else {seat: Thrower101() for seat in (1, 2, 3)}
    )
    session.bots.update(chosen)
    speaker = Speaker(SpeechMode.AUTO, FakeOutput(), printer=lambda _: None, catalogue=EN)
    table = Table(session, speaker)
    table.voice.use_sounds(Recorded(), table.settings)
    table.begin()
    return Rig101(table)


def _of(events: Sequence[Event], kind: type) -> list[Event]:
    return [event for event in events if isinstance(event, kind)]


def _line(speech: Speech) -> Line:
    assert isinstance(speech, Line)
    return speech


# The player deals (22 tiles): red 10-13, blue 10-13 and black 11-13 make 128, the
# rest fits nothing (the okey, yellow 2, is not in the hand).
OPENER = "r10 r11 r12 r13 b10 b11 b12 b13 k11 k12 k13 r1 b3 k5 y7 r4 b6 k8 y9 r7 k2 y3"
SHORT = "r11 r12 r13 b1 b3 k5 y7 r4 b6 k8 y10 r7 k1 y13 y4 b8 k3 r2 b13 k10 y11 y6"

RUNS = "r10 r11 r12 r13 b10 b11 b12 b13 k11 k12 k13"
SHORT21 = SHORT.rsplit(" ", 1)[0]  # the same, not dealing: 21 tiles


def test_g_opens_with_the_best_opening_asked_first() -> None:
    rig = make_table101({0: OPENER})
    best = best_opening(rig.view.hand, rig.view.okey)
    assert best is not None and best.value == 128
    rig.press("g")
    asked = _line(rig.last())
    assert asked.key == "table.m101.ask.open" and asked.fields["value"] == 128
    assert not _of(rig.events, Opened101)  # nothing laid before the yes
    rig.press("y")
    opened = _of(rig.events, Opened101)
    assert len(opened) == 1 and isinstance(opened[0], Opened101) and opened[0].value == 128
    assert rig.view.openings[0] is Opened.COMBINATIONS
    assert len(rig.view.hand) == 22 - 11


def test_no_answers_a_laying_question_and_keeps_the_tiles() -> None:
    rig = make_table101({0: OPENER})
    rig.press("g", "n")
    assert rig.keys[-1] == "table.kept"
    assert not _of(rig.events, Opened101) and len(rig.view.hand) == 22


def test_marked_tiles_are_laid_exactly_and_the_marks_clear() -> None:
    rig = make_table101({0: OPENER})
    marked = parse_tiles("r10 r11 r12 r13 b10 b11 b12 b13 k11 k12 k13")
    for tile in marked:
        rig.focus(tile)
        rig.press("k")
    said = _line(rig.last())
    assert said.key == "table.m101.marked" and said.fields["count"] == 11
    rig.focus(marked[0])
    rig.press("k")  # unmark and mark again
    assert _line(rig.last()).key == "table.m101.unmarked"
    rig.press("k", "g")
    assert _line(rig.last()).key == "table.m101.ask.open"
    rig.press("enter")
    opened = _of(rig.events, Opened101)[0]
    assert isinstance(opened, Opened101)
    assert sorted(t for m in opened.melds for t in m.tiles) == sorted(marked)
    assert rig.table.marks == []


def test_marks_short_of_the_threshold_are_refused_with_the_shortfall() -> None:
    rig = make_table101({0: OPENER})
    for tile in parse_tiles("r10 r11 r12 r13"):
        rig.focus(tile)
        rig.press("k")
    rig.press("g")
    refused = _line(rig.last())
    assert refused.key == "table.m101.why.marked_short"
    assert (refused.fields["value"], refused.fields["short"]) == (46, 55)
    assert rig.table.asking is None and not _of(rig.events, Opened101)


def test_a_marked_tile_in_no_combination_is_refused_by_name() -> None:
    rig = make_table101({0: OPENER})
    for tile in parse_tiles("r10 r11 r12 y7"):
        rig.focus(tile)
        rig.press("k")
    rig.press("g")
    refused = _line(rig.last())
    assert refused.key == "table.m101.why.no_fit"


def test_a_short_best_opening_is_refused_with_how_short() -> None:
    rig = make_table101({0: SHORT})
    best = best_opening(rig.view.hand, rig.view.okey)
    assert best is not None and not best.reaches
    rig.press("g")
    refused = _line(rig.last())
    assert refused.key == "table.m101.why.short"
    assert refused.fields["value"] == best.value
    assert refused.fields["short"] == 101 - best.value
    assert rig.table.asking is None


def test_a_move_before_the_draw_is_refused() -> None:
    rig = make_table101({0: SHORT21}, dealer=3)
    rig.bots_play()
    assert rig.table.state.step is Step.PLAYER and rig.view.phase is Phase.DRAW
    rig.press("g")
    assert rig.keys[-1].startswith("table.why.must_draw")


def test_x_adds_an_okey_choosing_its_place() -> None:
    # The okey (yellow 2) is in the hand: it fits either end of the runs laid, and sets.
    hand = OPENER.replace("y3", "y2")
    rig = make_table101({0: hand})
    rig.open_with(RUNS)
    okey = parse_tile("y2")
    rig.focus(okey)
    rig.press("x")
    chose = _line(rig.last())
    assert chose.key == "table.m101.choose.add" and isinstance(chose.fields["count"], int)
    assert chose.fields["count"] >= 2
    assert rig.table.menu is not None
    rig.press("down", "enter")
    added = _of(rig.events, Added101)
    assert len(added) == 1 and isinstance(added[0], Added101)
    assert added[0].addition.tile == okey
    assert okey not in rig.view.hand


def test_x_with_one_place_asks_yes_or_no() -> None:
    hand = OPENER.replace("y3", "r9")
    rig = make_table101({0: hand})
    rig.open_with(RUNS)
    rig.focus(parse_tile("r9"))
    rig.press("x")
    assert _line(rig.last()).key == "table.m101.ask.add"
    rig.press("y")
    added = _of(rig.events, Added101)
    assert len(added) == 1 and isinstance(added[0], Added101) and added[0].owner == 0


def test_x_on_a_tile_that_fits_nothing_says_so() -> None:
    rig = make_table101({0: OPENER})
    rig.press("g", "y")
    rig.focus(parse_tile("y7"))
    rig.press("x")
    assert _line(rig.last()).key == "table.m101.why.no_add"
    rig2 = make_table101({0: OPENER})
    rig2.press("x")  # not opened yet
    assert _line(rig2.last()).key == "table.sentence"
    assert "engine.error.not_opened" in str(rig2.last())


def test_a_penalised_discard_asks_first_no_keeps_yes_discards() -> None:
    hand = OPENER.replace("y3", "r9")
    rig = make_table101({0: hand})
    rig.open_with(RUNS)
    rig.focus(parse_tile("r9"))
    rig.press("enter")
    asked = _line(rig.last())
    assert asked.key == "table.m101.ask.penalty" and asked.fields["points"] == 101
    why = asked.fields["why"]
    assert isinstance(why, Line) and why.key == "table.m101.why.fits"
    rig.press("n")
    assert rig.keys[-1] == "table.kept" and not _of(rig.events, Discarded)
    rig.press("enter", "y")
    assert _of(rig.events, Discarded)
    penalties = _of(rig.events, Penalised101)
    assert len(penalties) == 1 and isinstance(penalties[0], Penalised101)
    assert penalties[0].reason is PenaltyReason.PLAYABLE_DISCARD and penalties[0].seat == 0


def test_p_after_a_take_gives_it_back_and_draws() -> None:
    rig = make_table101({0: SHORT21}, dealer=3)
    rig.bots_play()
    assert rig.view.phase is Phase.DRAW
    rig.press("t")
    took = _of(rig.events, TookDiscard)
    assert took and isinstance(took[-1], TookDiscard)
    rig.press("p")
    asked = _line(rig.last())
    assert asked.key == "table.m101.ask.give_back" and asked.fields["tile"] == took[-1].tile
    rig.press("y")
    gave = _of(rig.events, GaveBack101)
    assert len(gave) == 1 and isinstance(gave[0], GaveBack101)
    after = rig.table.state.seen
    assert isinstance(rig.events[-1], Drew) and isinstance(after, View101)
    assert after.phase is Phase.DISCARD


PAIRS = "r1 r1 b2 b2 k3 k3 y4 y4 r6 r6 b13 k11 y9 r8 b5 k7 y12 r3 b10 k2 y6 r12"


def test_2_opens_with_the_best_pairs() -> None:
    rig = make_table101({0: PAIRS})
    rig.press("2")
    asked = _line(rig.last())
    assert asked.key == "table.m101.ask.open_pairs" and asked.fields["count"] == 5
    rig.press("y")
    opened = _of(rig.events, Opened101)
    assert len(opened) == 1 and isinstance(opened[0], Opened101) and len(opened[0].pairs) == 5
    assert rig.view.openings[0] is Opened.PAIRS


def test_2_with_too_few_pairs_says_how_many() -> None:
    rig = make_table101({0: OPENER})
    rig.press("2")
    refused = _line(rig.last())
    assert refused.key == "table.m101.why.few_pairs" and refused.fields["needed"] == 5


# 21 tiles in runs and sets (162 points) and a yellow 1 to discard.
FINISHER = "r1 r2 r3 r4 r5 r6 r7 r8 r9 r10 r11 r12 r13 b11 b12 b13 k5 k6 k7 k8 k9 y1"


def test_f_lays_what_finishing_needs_and_discards_the_last_tile() -> None:
    rig = make_table101({0: FINISHER})
    rig.press("f")
    asked = _line(rig.last())
    assert asked.key == "table.m101.ask.finish" and asked.fields["tile"] == parse_tile("y1")
    rig.press("y")
    scored = _of(rig.events, RoundScored101)
    assert len(scored) == 1 and isinstance(scored[0], RoundScored101)
    assert scored[0].finisher == 0
    assert rig.table.state.step is Step.ROUND_OVER


def test_f_that_cannot_finish_says_so() -> None:
    rig = make_table101({0: SHORT})
    rig.press("f")
    assert _line(rig.last()).key == "table.m101.why.no_finish"


def _pairs_hand(faces: str) -> str:
    return " ".join(f"{face} {face}" for face in faces.split())


def test_four_pairs_openings_cancel_the_round() -> None:
    hands = {
        0: _pairs_hand("r1 r2 r3 r4 r5"),
        1: _pairs_hand("b1 b2 b3 b4 b5"),
        2: _pairs_hand("k1 k2 k3 k4 k5"),
        3: _pairs_hand("y3 y4 y5 y6 y7"),
    }
    bots = {seat: PairsOpener() for seat in (1, 2, 3)}
    rig = make_table101(hands, bots=bots)
    rig.press("2", "y")
    assert rig.view.openings[0] is Opened.PAIRS
    rig.focus(rig.table.rack.tiles[-1])
    rig.press("enter")
    if rig.table.asking is not None:
        rig.press("y")
    rig.bots_play()
    assert _of(rig.events, RoundCancelled101)
    assert rig.table.state.step is Step.ROUND_OVER
    rig.press("enter")  # the round is dealt again
    assert rig.table.state.round_number == 2 and rig.table.state.step is not Step.ROUND_OVER


def test_save_and_resume_mid_turn(tmp_path: Path) -> None:
    rig = make_table101({0: SHORT21}, dealer=3)
    saver = DiskSaver(rig.table.session, tmp_path)
    rig.table.saver = saver
    rig.bots_play()
    rig.press("p")  # drawn: mid-turn, 22 tiles
    before = rig.view
    assert before.phase is Phase.DISCARD
    rig.press("c-s")
    assert rig.keys[-1] == "table.save.done"
    name = rig.table.saved_as or saver.save()
    data = read_save(name, tmp_path)
    session = session_from_save(data, catalogue=EN)
    speaker = Speaker(SpeechMode.OFF, printer=lambda _: None, catalogue=EN)
    table = Table(session, speaker)
    table.reopen()
    again = Rig101(table)
    view = again.view
    assert (view.hand, view.phase, view.melds) == (before.hand, before.phase, before.melds)
    assert table.state.step is Step.PLAYER
    again.press("g")  # the table plays on
    assert again.keys[-1] == "table.m101.why.short"
    saver.close()


@pytest.mark.parametrize(
    ("rules", "seed"), [("101", 5), ("101", 6), ("101-long", 7), ("101-partners", 8)]
)
def test_a_whole_round_by_keys_comes_to_its_end(rules: str, seed: int) -> None:
    """Simple choices only: draw, finish or lay when the game offers it, discard."""
    bots = {seat: make_bot101("medium", random.Random(f"{seed}:{seat}")) for seat in (1, 2, 3)}
    rig = make_table101(rules=rules, seed=seed, bots=bots)
    for _ in range(400):
        state = rig.table.state
        if state.step is Step.ROUND_OVER:
            break
        if state.step is Step.BOT:
            rig.table.play_bot()
            continue
        assert state.step is Step.PLAYER
        view = rig.view
        if view.phase is Phase.DRAW:
            rig.press("p")
            continue
        for key in ("f", "g", "2"):
            rig.press(key)
            if rig.table.asking is not None:
                rig.press("y")
                break
        if rig.table.state.step is not Step.PLAYER:
            continue
        rig.press("end", "enter")
        if rig.table.asking is not None:
            rig.press("y")
    assert rig.table.state.step is Step.ROUND_OVER
    assert _of(rig.events, RoundScored101) or _of(rig.events, RoundCancelled101)
    assert "table.error" not in rig.keys


def test_x_puts_a_tile_in_an_okeys_place_and_takes_the_okey_back() -> None:
    rig = make_table101({0: OPENER.replace("y3", "y2")})
    okey = parse_tile("y2")
    rig.open_with("r10 r11 y2 b10 b11 b12 b13 k11 k12 k13")
    laid = rig.view.melds[0].meld
    assert okey in laid.tiles and parse_tile("r12") in laid.faces
    rig.focus(parse_tile("r12"))
    rig.press("x")
    asked = _line(rig.last())
    assert asked.key == "table.m101.ask.add"
    addition = asked.fields["addition"]
    assert isinstance(addition, Line)
    place = addition.fields["place"]
    assert isinstance(place, Line) and place.key == "table.m101.place.okey"
    rig.press("y")
    added = _of(rig.events, Added101)
    assert len(added) == 1 and isinstance(added[0], Added101) and added[0].taken_back == okey
    assert okey in rig.view.hand


def test_the_focus_says_a_marked_tile_is_marked() -> None:
    rig = make_table101({0: OPENER})
    tile = parse_tile("r10")
    rig.focus(tile)
    rig.press("k", "right", "left")
    said = _line(rig.last())
    shown = said.fields["tile"]
    assert isinstance(shown, Line) and shown.key == "table.m101.marked_tile"
    rig.press("k", "right", "left")  # unmarked again: the tile alone
    assert _line(rig.last()).fields["tile"] == tile


def test_x_lists_each_place_of_the_okey_as_its_own_choice() -> None:
    # Issue 27: one choice per place (both ends of the blue run among them), each saying
    # where the okey goes and what it stands for.
    rig = make_table101({0: OPENER.replace("y3", "y2")})
    rig.open_with("r10 r11 r12 r13 b10 b11 b12 k11 k12 k13")  # blue 9 and 13 both free
    rig.focus(parse_tile("y2"))
    rig.press("x")
    assert _line(rig.last()).key == "table.m101.choose.add"
    menu = rig.table.menu
    assert menu is not None and all(len(o.actions) == 1 for o in menu.options)
    blue13 = next(
        i
        for i, o in enumerate(menu.options)
        if isinstance(add := o.actions[0], Add) and add.addition.face == parse_tile("b13")
    )
    for _ in range(blue13):
        rig.press("down")
    assert "after its last tile, as blue 13" in spoken(rig, rig.last())
    rig.press("enter")
    added = _of(rig.events, Added101)
    assert len(added) == 1 and isinstance(added[0], Added101)
    assert added[0].addition.place is Place.HIGH and added[0].addition.face == parse_tile("b13")


def spoken(rig: Rig101, speech: Speech) -> str:
    return rig.table.words().say(speech)


def test_discarding_the_okey_asks_first_saying_it_is_an_okey() -> None:
    rig = make_table101({0: OPENER.replace("y3", "y2")})
    rig.focus(parse_tile("y2"))
    rig.press("space")
    asked = _line(rig.last())
    assert asked.key == "table.m101.ask.penalty"
    why = asked.fields["why"]
    assert isinstance(why, Line) and why.key == "table.m101.why.okey_discard"
    rig.press("escape")
    assert rig.keys[-1] == "table.kept" and not _of(rig.events, Discarded)


def test_marks_without_the_taken_tile_are_refused_at_once() -> None:
    rig = make_table101({0: SHORT21}, dealer=3)
    rig.bots_play()
    rig.press("t")
    taken = rig.view.must_use
    assert taken is not None
    other = next(tile for tile in rig.view.hand if tile != taken)
    rig.focus(other)
    rig.press("k", "g")
    refused = rig.last()
    # Issue 27: the refusal says P gives the taken tile back.
    assert key_of(refused) == "table.m101.why.taken_first" and "tile=" in str(refused)
