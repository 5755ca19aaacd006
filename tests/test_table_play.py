"""Whole rounds played with keys, headless: what the player hears, as lines."""

from __future__ import annotations

import random

from test_table_rig import (
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
from okey.engine.view import Phase
from okey.hand.notation import parse_tile, parse_tiles
from okey.messages import Verbosity
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
    sentence,
)
from okey.table.state.seat import Step
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
