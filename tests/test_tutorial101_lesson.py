"""The 101 lesson (``okey tutorial 101``) played headless by keys at the real table: the
whole lesson, a refused answer, skipping every step, and every text from the catalogue."""

from __future__ import annotations

from sounds_support import Recorded
from test_table_rig import FakeOutput, Player, Rig, key_of, no_repeats, play

from okey.games.okey101.events import Added101, Laid101, Opened101, RoundScored101
from okey.hand.tiles import Tile
from okey.messages import load_catalogue
from okey.speech import Speaker, SpeechMode
from okey.table.lines import Line
from okey.tutorial import deal101
from okey.tutorial.build import tutorial_table
from okey.tutorial.course import OKEY101
from okey.tutorial.guide import Guide
from okey.tutorial.lesson101 import LESSON101

STEPS = len(LESSON101)
TR = load_catalogue("tr")
EN = load_catalogue("en")


def lesson_rig(language: str = "en") -> Rig:
    catalogue = load_catalogue(language)
    output = FakeOutput()
    sounds = Recorded()
    speaker = Speaker(SpeechMode.AUTO, output, printer=lambda _: None, catalogue=catalogue)
    table = tutorial_table(speaker, pace=0, course=OKEY101)
    table.voice.use_sounds(sounds, table.settings)
    return Rig(table, output, sounds)


def guide_of(rig: Rig) -> Guide:
    guide = rig.table.guide
    assert isinstance(guide, Guide)
    return guide


async def hear_step(player: Player, number: int) -> None:
    while True:
        said = await player.heard("tutorial.step")
        if isinstance(said, Line) and said.fields["number"] == number:
            return


async def go_to(player: Player, rig: Rig, tile: Tile) -> None:
    """The arrows to ``tile`` from the first tile."""
    await player.press("home", *["right"] * rig.table.rack.tiles.index(tile))


KEYS: dict[str, list[str]] = {
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
ON_TILES = {
    "spare": (deal101.SPARE, ["enter"]),
    "add": (deal101.ADDED, ["x", "y"]),
    "warning": (deal101.COSTLY, ["enter"]),
}


async def do_step(player: Player, rig: Rig, index: int) -> None:
    name = LESSON101[index].name
    await hear_step(player, index + 1)
    if name in ON_TILES:
        tile, keys = ON_TILES[name]
        await go_to(player, rig, tile)
        await player.press(*keys)
    else:
        await player.press(*KEYS[name])


def test_the_whole_101_lesson_by_keys_ends_with_your_finish() -> None:
    rig = lesson_rig()

    async def script(player: Player) -> None:
        for index in range(STEPS):
            await do_step(player, rig, index)

    play(rig, script)
    table = rig.table
    assert table.leaving and guide_of(rig).finished
    events = table.session.match.events
    mine = [type(e) for e in events if getattr(e, "seat", None) == 0]
    assert Opened101 in mine and Laid101 in mine and Added101 in mine
    scored = [e for e in events if isinstance(e, RoundScored101)]
    assert [e.finisher for e in scored] == [0]
    own = table.seat.rules.okey101
    assert own is not None
    assert scored[0].points[0] == -own.scoring.finish_bonus
    assert not any(e.penalties[0] for e in [table.session.match.table_view(0)])  # type: ignore[attr-defined]
    keys = rig.keys
    assert "table.m101.ask.penalty" in keys  # the warning was heard
    assert "table.error" not in keys
    assert not any(k.startswith("tutorial.wrong") for k in keys)
    assert no_repeats([text for text, interrupt in rig.output.spoken if not interrupt]) == []


def test_yes_to_the_penalty_question_is_refused_with_the_hint() -> None:
    rig = lesson_rig()

    async def script(player: Player) -> None:
        for index in range(STEPS):
            name = LESSON101[index].name
            if name == "keep":
                await hear_step(player, index + 1)
                await player.press("y")
                said = await player.heard("tutorial.wrong.answer")
                assert isinstance(said, Line)
                await player.press("n")
                continue
            await do_step(player, rig, index)

    play(rig, script)
    assert guide_of(rig).finished
    view = rig.table.session.match.table_view(0)
    assert view.penalties[0] == 0  # type: ignore[attr-defined]


def test_tab_skips_every_step_to_the_end() -> None:
    rig = lesson_rig()

    async def script(player: Player) -> None:
        for index in range(STEPS - 1):
            await hear_step(player, index + 1)
            await player.press("tab")
        await hear_step(player, STEPS)
        await player.press("q")

    play(rig, script)
    assert guide_of(rig).finished
    scored = [e for e in rig.table.session.match.events if isinstance(e, RoundScored101)]
    assert [e.finisher for e in scored] == [0]


def test_the_lesson_in_turkish_has_every_text() -> None:
    rig = lesson_rig("tr")

    async def script(player: Player) -> None:
        for index in range(STEPS):
            await do_step(player, rig, index)

    play(rig, script)
    assert guide_of(rig).finished
    assert all("{" not in text for text, _ in rig.output.spoken)


def test_every_step_has_its_texts_in_both_languages() -> None:
    for catalogue in (EN, TR):
        for key in ("tutorial101.welcome", "tutorial101.goodbye"):
            assert catalogue.has(key)
        for step in LESSON101:
            assert catalogue.has(step.text) and catalogue.has(step.hint), step.name
            assert catalogue.has(step.after) is step.then, step.name


def test_the_first_words_name_the_company() -> None:
    rig = lesson_rig()

    async def script(player: Player) -> None:
        await hear_step(player, 1)
        await player.press("q", "y")

    play(rig, script)
    assert key_of(rig.lines[0]) == "tutorial101.welcome"
