"""The lessons (``okey tutorial``, ``okey tutorial 101``) played headless by keys at the
real table: the whole lesson, wrong keys, a refused answer, skipping, leaving, and every
text from the catalogue."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from sounds_support import Recorded
from test_table_rig import FakeOutput, Player, Rig, key_of, keys_in, no_repeats, parts, play

from okey import kits
from okey.audio import Cue
from okey.cli import main
from okey.engine.events import RoundWon
from okey.games.okey import tutorial_deal as deal
from okey.games.okey101 import tutorial_deal as deal101
from okey.games.okey101.events import Added101, Laid101, Opened101, RoundScored101
from okey.games.okey101.sections import rules_101
from okey.messages import load_catalogue
from okey.speech import Speaker, SpeechMode
from okey.table.lines import (
    Capital,
    Field,
    Joined,
    Label,
    Line,
    Name,
    Names,
    Scores,
    Speech,
    Tiles,
    Where,
    sentence,
)
from okey.table.output import prompts
from okey.table.output.narration import indicator_line
from okey.table.state.session import Step
from okey.table.state.sorting import SortMode, sort_hand
from okey.table.terminal import screen
from okey.tiles import FALSE_JOKER, Tile
from okey.tutorial.build import tutorial_table
from okey.tutorial.guide import Guide
from okey.tutorial.kit import tutorial_part

EN = load_catalogue("en")
TR = load_catalogue("tr")
GAMES = kits.game_names()

LESSON = tutorial_part("okey").steps
STEPS = len(LESSON)
KEYS_BY_STEP = [  # prompt_toolkit's key names (test_e2e_tutorial sends them through tmux)
    [","],
    ["right"],
    ["end"],
    ["i"],
    ["s", "s", "s"],
    ["a"],
    ["down", "right", "enter"],
    ["w"],
    ["l"],
    ["z"],
    ["t"],
    ["end", "enter"],
    ["p"],
    ["f"],
    ["c"],
    ["j"],
    ["h"],
    ["escape"],
    ["escape"],
    ["q"],
]


def tutorial_rig(game: str = kits.DEFAULT_GAME, language: str = "en") -> Rig:
    output = FakeOutput()
    sounds = Recorded()
    catalogue = load_catalogue(language)
    speaker = Speaker(SpeechMode.AUTO, output, printer=lambda _: None, catalogue=catalogue)
    table = tutorial_table(speaker, pace=0, game=game)
    table.voice.use_sounds(sounds, table.settings)
    return Rig(table, output, sounds)


def guide_of(rig: Rig) -> Guide:
    guide = rig.table.guide
    assert isinstance(guide, Guide)
    return guide


async def hear_step(player: Player, number: int) -> Speech:
    """Wait for step ``number`` to be said."""
    while True:
        said = await player.heard("tutorial.step")
        if isinstance(said, Line) and said.fields["number"] == number:
            return said


async def reach(player: Player, number: int) -> None:
    """Play the lesson's keys up to the start of step ``number``."""
    for index, keys in enumerate(KEYS_BY_STEP[: number - 1]):
        await hear_step(player, index + 1)
        await player.press(*keys)
    await hear_step(player, number)


def said_by(rig: Rig, message: str, /, **fields: Field) -> Line:
    """A line of the guide's, with the lesson's fields."""
    return guide_of(rig).line(message, **fields)


def wrong(rig: Rig, name: str, step: int) -> Line:
    hint = said_by(rig, LESSON[step - 1].hint)
    return said_by(rig, "tutorial.wrong", key=name, hint=hint)


def test_the_whole_lesson_by_keys_ends_with_your_win() -> None:
    rig = tutorial_rig()

    async def script(player: Player) -> None:
        await reach(player, STEPS)
        await player.press("q")

    play(rig, script)
    lines = rig.lines
    assert lines[0] == Line("tutorial.welcome", company=prompts.seat_entries(rig.table.seats))
    assert rig.keys[1:6] == [
        "table.round.you",
        "table.indicator",
        "table.hand",
        "table.your_turn.open",
        "tutorial.step",
    ]
    hand = lines[3]
    dealt = sort_hand(deal.HAND, deal.OKEY, SortMode.COLOUR)
    assert isinstance(hand, Line) and hand.fields["tiles"] == dealt
    first = lines[5]
    assert isinstance(first, Line) and first.fields["text"] == said_by(rig, "tutorial.history")
    r2, k5, y3, y13, y4 = deal.FINISH, deal.OPENING, deal.TAKEN, deal.SPARE, deal.DRAWN
    for line in [
        Line("table.focus", tile=FALSE_JOKER, position=2, count=15),
        Line("table.focus", tile=deal.OKEY, position=15, count=15),
        Joined((indicator_line(deal.INDICATOR, deal.OKEY), Line("table.okeys", count=1))),
        Line("table.sorted.smart"),
        Line(
            "table.focus.kind",
            kind=Capital(Line("table.kind.spares")),
            tile=r2,
            position=11,
            count=15,
        ),
        Line("table.focus", tile=k5, position=12, count=15),
        Line("table.you_discard", tile=k5),
        Line("table.turn.pile", name=Name(3), where=Where(3), label=Label(3), tile=y3),
        Line("table.discards", tiles=Tiles((y3,)), count=1, name=Name(3), label=Label(3)),
        Line("table.you_take", tile=y3, position=13, count=15),
        Line("table.you_discard", tile=y13),
        Line("table.you_draw", tile=y4, position=14, count=15),
        Line("table.can_finish", tile=r2),
        sentence(Line("table.cost.each", losers=Names((1, 2, 3)), points=2)),
        Line("table.scores", scores=Scores((20, 18, 18, 18), ranked=False)),
        Line("table.review.summary.all", count=5),  # the review agrees with the lesson
        said_by(rig, "tutorial.review.then"),
        Line("table.menu.closed"),
    ]:
        assert line in lines, line
    won = next(line for line in lines if key_of(line) == "table.won.you")
    assert parts(won)[0] == Line("table.won.you", kind=Line("kind.combinations"), tile=r2)
    last = lines[-1]
    assert isinstance(last, Line) and last.key == "tutorial.step"
    assert (last.fields["number"], last.fields["text"]) == (STEPS, said_by(rig, "tutorial.end"))
    assert Cue.WIN_POSSIBLE in rig.sounds.cues
    assert rig.table.leaving
    assert guide_of(rig).finished
    won_events = [e for e in rig.table.session.match.events if isinstance(e, RoundWon)]
    assert [e.seat for e in won_events] == [0]
    assert no_repeats([text for text, interrupt in rig.output.spoken if not interrupt]) == []
    assert "table.error" not in rig.keys


def test_wrong_keys_get_the_hint_and_lose_nothing() -> None:
    rig = tutorial_rig()
    table = rig.table

    async def script(player: Player) -> None:
        await reach(player, 2)
        before = (table.session.version, table.rack.tiles, table.rack.focus, table.rack.mode)
        names = {"enter": "Enter", "space": "Space", "up": "Up", "escape": "Escape"}
        for key in ["p", "t", "enter", "space", "s", "f", "d", "x", "g", "y", "e", "up"]:
            await player.press(key)
            name = EN.text(f"key.{key}") if key in names else key.upper()
            assert player.line() == wrong(rig, name, 2), key
        await player.press("9")
        hint = said_by(rig, LESSON[1].hint)
        assert player.line() == said_by(rig, "tutorial.wrong.unbound", hint=hint)
        after = (table.session.version, table.rack.tiles, table.rack.focus, table.rack.mode)
        assert after == before
        assert guide_of(rig).index == 1
        await player.press("right")
        assert await player.heard("table.focus") == Line(
            "table.focus", tile=FALSE_JOKER, position=2, count=15
        )
        await hear_step(player, 3)
        await player.press("q", "y")

    play(rig, script)


def test_enter_on_another_tile_says_where_you_are_and_discards_nothing() -> None:
    rig = tutorial_rig()

    async def script(player: Player) -> None:
        await reach(player, 7)
        await player.press("end", "enter")
        hint = said_by(rig, LESSON[6].hint)
        assert player.line() == said_by(
            rig, "tutorial.wrong_tile", tile=deal.SPARE, position=15, count=15, hint=hint
        )
        assert len(rig.table.session.match.view(0).hand) == 15
        await player.press("left", "left", "left", "enter")
        assert await player.heard("table.you_discard") == Line(
            "table.you_discard", tile=deal.OPENING
        )
        await player.press("q", "y")

    play(rig, script)


def test_help_history_and_learned_keys_always_work() -> None:
    rig = tutorial_rig()

    async def script(player: Player) -> None:
        await reach(player, 5)
        step_said = rig.said[-1]
        await player.press(",")
        assert player.last() == step_said  # the last message again
        await player.press("h")
        help_now = await player.heard("table.help.discard")
        assert keys_in(help_now)[-2:] == ["tutorial.general_help", "table.help.more"]
        reminder = await player.heard("tutorial.reminder")
        assert reminder == said_by(rig, "tutorial.reminder", hint=said_by(rig, LESSON[4].hint))
        await player.press("i")  # taught in step 4
        assert keys_in(player.line())[0] == "table.indicator"
        await player.press("?")
        assert keys_in(player.line())[0] == "rules.title"
        await player.press("a")  # not taught yet
        assert player.line() == wrong(rig, "A", 5)
        await player.press("q", "y")

    play(rig, script)


def test_keys_while_the_others_play_wait_for_your_turn(monkeypatch: pytest.MonkeyPatch) -> None:
    rig = tutorial_rig()
    monkeypatch.setattr(rig.table.speaker, "backlog", lambda: 0.0)

    async def script(player: Player) -> None:
        await reach(player, 7)
        await player.press(*KEYS_BY_STEP[6])
        assert rig.table.session.step() is Step.BOT
        await player.press("t")
        assert player.line() == said_by(rig, "tutorial.wait")
        await hear_step(player, 8)
        await player.press("q", "y")

    play(rig, script, pace=0.3)


def test_tab_skips_every_step_and_still_wins_the_hand() -> None:
    rig = tutorial_rig()
    spoken = rig.output.spoken
    marks: list[int] = []  # where each step's Tab began, in what the output received

    async def script(player: Player) -> None:
        for number in range(1, STEPS + 1):
            await hear_step(player, number)
            marks.append(len(spoken))
            await player.press("tab")

    play(rig, script)
    skipped = said_by(rig, "tutorial.skipped")
    lines = rig.lines
    assert lines.count(skipped) == STEPS
    assert Line("table.sorted.smart") in lines
    assert Line("table.you_take", tile=deal.TAKEN, position=13, count=15) in lines
    assert any(key_of(line) == "table.won.you" for line in lines)
    assert rig.table.leaving
    assert guide_of(rig).finished
    assert len(spoken) == len(rig.heard)  # every word said here is one of the table's lines

    # Each Tab is one answer: at most one message cuts off what was being said.
    ends = [*marks[1:], len(spoken)]
    after_tab = [
        [(line, cut) for (line, _), (_, cut) in zip(rig.heard[a:b], spoken[a:b], strict=True)]
        for a, b in zip(marks, ends, strict=True)
    ]
    for number, said in enumerate(after_tab, start=1):
        assert [line for line, _ in said].count(skipped) == 1, number
        assert sum(1 for _, cut in said if cut) <= 1, number
    # A reading step just moves on; a move's answers come first, "Skipped." after them.
    assert after_tab[3][:1] == [(skipped, True)]
    assert after_tab[4][:5] == [
        (Line("table.sorted.ascending"), True),
        (Line("table.sorted.descending"), False),
        (Line("table.sorted.smart"), False),
        (skipped, False),
        (said_by(rig, "tutorial.sort.then"), False),
    ]
    assert after_tab[6][:2] == [
        (Line("table.you_discard", tile=deal.OPENING), True),
        (skipped, False),
    ]
    assert after_tab[11][:2] == [
        (Line("table.you_discard", tile=deal.SPARE), True),
        (skipped, False),
    ]


def test_help_names_the_tutorials_keys_and_no_saving() -> None:
    rig = tutorial_rig()
    general = said_by(rig, "tutorial.general_help")

    async def script(player: Player) -> None:
        await reach(player, 2)
        await player.press("h")
        brief = await player.heard("table.help.discard")
        assert parts(brief)[-2:] == (general, Line("table.help.more"))
        await player.heard("tutorial.reminder")
        await player.press("h")
        every = await player.heard("table.help.moves")  # the rest, not the first again
        assert "table.help.discard" not in keys_in(every)
        assert Line("table.help.speech") in parts(every)
        for said in (brief, every):
            assert "table.help.general" not in keys_in(said)  # no saving, no Control S
        await player.press("v")  # what help names works
        assert player.line() == Line("speech.now_brief")
        await player.press("v", "b")
        assert player.line() == Line("speech.sounds_off")
        await player.press("b")
        assert player.line() == Line("speech.sounds_on")
        assert guide_of(rig).index == 1  # the lesson has not moved
        await player.press("q", "y")

    play(rig, script)


def test_brief_or_detailed_and_sounds_change_nothing_in_the_lesson() -> None:
    rig = tutorial_rig()
    table = rig.table

    async def script(player: Player) -> None:
        await reach(player, 11)
        before = (table.session.version, table.rack.tiles, table.rack.focus, guide_of(rig).index)
        await player.press("v")
        assert player.line() == Line("speech.now_brief")
        await player.press("b")
        assert player.line() == Line("speech.sounds_off")
        after = (table.session.version, table.rack.tiles, table.rack.focus, guide_of(rig).index)
        assert after == before
        assert table.settings.verbosity == "brief"
        assert not table.settings.sounds
        await player.press("t")
        await hear_step(player, 12)
        assert len(table.session.match.view(0).hand) == 15
        await player.press("q", "y")

    play(rig, script)


def test_help_in_the_menu_closes_it_as_at_the_table() -> None:
    rig = tutorial_rig()

    async def script(player: Player) -> None:
        await reach(player, 19)
        assert rig.table.menu is not None
        await player.press("h")
        await player.heard("table.help.match_over")
        assert rig.table.menu is None
        await hear_step(player, 20)
        await player.press("q")

    play(rig, script)


def test_skipping_a_move_makes_it_and_skipping_a_reading_moves_on() -> None:
    rig = tutorial_rig()

    async def script(player: Player) -> None:
        await reach(player, 4)
        await player.press("tab")
        then = await player.heard("tutorial.indicator.then")  # the step's lesson is still said
        assert then == said_by(rig, "tutorial.indicator.then")
        await hear_step(player, 5)
        assert "table.indicator" not in rig.keys[-3:]
        await player.press("tab")
        await hear_step(player, 6)
        assert rig.table.rack.mode.value == "smart"
        await player.press("q", "y")

    play(rig, script)


def test_q_asks_first_and_n_stays() -> None:
    rig = tutorial_rig()

    async def script(player: Player) -> None:
        await reach(player, 3)
        await player.press("q")
        assert player.line() == said_by(rig, "tutorial.ask.quit")
        await player.press("n")
        assert player.line() == Line("table.staying")
        await player.press("q", "p")  # another key sets the question aside
        assert player.line() == wrong(rig, "P", 3)
        await player.press("enter")
        assert not rig.table.leaving
        await player.press("c-s")
        assert player.line() == said_by(rig, "tutorial.no_save")
        await player.press("end")
        await hear_step(player, 4)
        await player.press("q", "q")

    play(rig, script)
    assert rig.table.leaving
    assert rig.table.farewell() == EN.text("tutorial.goodbye")
    assert rig.table.saver is None


@pytest.mark.parametrize("game", GAMES)
def test_every_step_has_its_texts_in_both_languages(game: str) -> None:
    course = tutorial_part(game)
    for catalogue in (EN, TR):
        for key in (f"{course.prefix}.welcome", f"{course.prefix}.goodbye"):
            assert catalogue.has(key)
        for step in course.steps:
            assert catalogue.has(step.text), step.name
            assert catalogue.has(step.hint), step.name
            assert catalogue.has(step.after) is step.then, step.name
    assert len(LESSON) == len(KEYS_BY_STEP)
    assert sorted([*KEYS_101, *ON_TILES_101]) == sorted(step.name for step in LESSON_101)


def test_every_literal_tutorial_key_exists() -> None:
    sources = Path(__file__).resolve().parents[1] / "src" / "okey"
    literal = re.compile(r'(?<![f{])"(tutorial\.[a-z_.]+)"')
    paths = [
        *sources.glob("tutorial/*.py"),
        *sources.glob("table/*.py"),
        *sources.glob("games/*/tutorial*.py"),
    ]
    missing = [
        f"{path.name}: {key}"
        for path in sorted(paths)
        for key in literal.findall(path.read_text(encoding="utf-8"))
        if not EN.has(key)
    ]
    assert missing == []


@pytest.mark.parametrize("game", GAMES)
def test_every_text_fills_in_with_the_prepared_hand(game: str) -> None:
    rig = tutorial_rig(game)
    rig.table.begin()
    guide = guide_of(rig)
    words = rig.table.words()
    for step in guide.lesson:
        keys = [step.text, step.hint] + ([step.after] if step.then else [])
        for key in keys:
            text = words.say(guide.line(key))
            assert text and "{" not in text, key


def test_the_screen_footer_names_the_tutorial_keys() -> None:
    rig = tutorial_rig()
    footer = "".join(text for _, text, *_ in screen.footer(rig.table))
    assert footer == EN.text("tutorial.screen.footer")


def test_okey_tutorial_is_a_command_that_needs_a_terminal(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert main(["tutorial", "--speech", "off", "--pace", "0"]) == 2
    assert "the table needs a terminal" in capsys.readouterr().err
    assert main(["tutorial", "--pace", "-1"]) == 2
    assert "pace must be at least 0" in capsys.readouterr().err


def test_the_masters_hint_works_and_agrees_with_the_lesson() -> None:
    rig = tutorial_rig()
    table = rig.table

    async def script(player: Player) -> None:
        await reach(player, 7)  # the opening discard
        before = (table.session.version, guide_of(rig).index)
        await player.press("u")
        hint = Line("table.hint.discard", tile=deal.OPENING)
        assert player.line() == Joined((hint, Line("table.hint.left", count=2)))
        assert (table.session.version, guide_of(rig).index) == before

    play(rig, script)


# -- Okey 101's lesson ---------------------------------------------------------------

LESSON_101 = tutorial_part("101").steps
STEPS_101 = len(LESSON_101)


async def go_to(player: Player, rig: Rig, tile: Tile) -> None:
    """The arrows to ``tile`` from the first tile."""
    await player.press("home", *["right"] * rig.table.rack.tiles.index(tile))


KEYS_101: dict[str, list[str]] = {
    "close": ["0"],
    "open": ["g", "y"],
    "browse": ["3"],
    "browse_more": ["down", "3"],
    "take": ["t"],
    "lay": ["g", "y"],
    "keep": ["n"],
    "finish": ["f", "y"],
    "scores": ["c"],
    "end": ["q"],
}
ON_TILES_101 = {
    "spare": (deal101.SPARE, ["enter"]),
    "add": (deal101.ADDED, ["x", "y"]),
    "warning": (deal101.COSTLY, ["enter"]),
}


async def do_step_101(player: Player, rig: Rig, index: int) -> None:
    name = LESSON_101[index].name
    await hear_step(player, index + 1)
    if name in ON_TILES_101:
        tile, keys = ON_TILES_101[name]
        await go_to(player, rig, tile)
        await player.press(*keys)
    else:
        await player.press(*KEYS_101[name])


def test_the_whole_101_lesson_by_keys_ends_with_your_finish() -> None:
    rig = tutorial_rig("101")

    async def script(player: Player) -> None:
        for index in range(STEPS_101):
            await do_step_101(player, rig, index)

    play(rig, script)
    table = rig.table
    assert table.leaving and guide_of(rig).finished
    events = table.session.match.events
    mine = [type(e) for e in events if getattr(e, "seat", None) == 0]
    assert Opened101 in mine and Laid101 in mine and Added101 in mine
    scored = [e for e in events if isinstance(e, RoundScored101)]
    assert [e.finisher for e in scored] == [0]
    own = rules_101(table.seat.rules)
    assert own is not None
    assert scored[0].points[0] == -own.scoring.finish_bonus
    assert not any(e.penalties[0] for e in [table.session.match.table_view(0)])  # type: ignore[attr-defined]
    keys = rig.keys
    assert "table.m101.ask.penalty" in keys  # the warning was heard
    assert "table.error" not in keys
    assert not any(k.startswith("tutorial.wrong") for k in keys)
    assert no_repeats([text for text, interrupt in rig.output.spoken if not interrupt]) == []


def test_yes_to_101s_penalty_question_is_refused_with_the_hint() -> None:
    rig = tutorial_rig("101")

    async def script(player: Player) -> None:
        for index in range(STEPS_101):
            name = LESSON_101[index].name
            if name == "keep":
                await hear_step(player, index + 1)
                await player.press("y")
                said = await player.heard("tutorial.wrong.answer")
                assert isinstance(said, Line)
                await player.press("n")
                continue
            await do_step_101(player, rig, index)

    play(rig, script)
    assert guide_of(rig).finished
    view = rig.table.session.match.table_view(0)
    assert view.penalties[0] == 0  # type: ignore[attr-defined]


def test_tab_skips_every_101_step_to_the_end() -> None:
    rig = tutorial_rig("101")

    async def script(player: Player) -> None:
        for index in range(STEPS_101 - 1):
            await hear_step(player, index + 1)
            await player.press("tab")
        await hear_step(player, STEPS_101)
        await player.press("q")

    play(rig, script)
    assert guide_of(rig).finished
    scored = [e for e in rig.table.session.match.events if isinstance(e, RoundScored101)]
    assert [e.finisher for e in scored] == [0]


def test_the_101_lesson_in_turkish_has_every_text() -> None:
    rig = tutorial_rig("101", "tr")

    async def script(player: Player) -> None:
        for index in range(STEPS_101):
            await do_step_101(player, rig, index)

    play(rig, script)
    assert guide_of(rig).finished
    assert all("{" not in text for text, _ in rig.output.spoken)


@pytest.mark.parametrize("game", GAMES)
def test_the_first_words_name_the_company(game: str) -> None:
    rig = tutorial_rig(game)

    async def script(player: Player) -> None:
        await hear_step(player, 1)
        await player.press("q", "y")

    play(rig, script)
    prefix = tutorial_part(game).prefix
    assert key_of(rig.lines[0]) == f"{prefix}.welcome"
    company = prompts.seat_entries(rig.table.seats)
    assert rig.lines[0] == Line(f"{prefix}.welcome", company=company)
