"""The tutorial played headless by keys at the real table: the whole lesson, wrong keys,
skipping, leaving, and every text from the catalogue."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from test_table_rig import FakeOutput, Player, Rig, no_repeats, play

from okey.cli import main
from okey.engine.events import RoundWon
from okey.messages import ENGLISH
from okey.speech import Sound, Speaker, SpeechMode
from okey.table import screen
from okey.table.session import Step
from okey.tutorial.build import tutorial_table
from okey.tutorial.guide import Guide
from okey.tutorial.lesson import LESSON

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


def tutorial_rig() -> Rig:
    output = FakeOutput()
    sounds: list[Sound] = []
    speaker = Speaker(SpeechMode.AUTO, output, printer=lambda _: None, sound_player=sounds.append)
    return Rig(tutorial_table(speaker, pace=0), output, sounds)


def guide_of(rig: Rig) -> Guide:
    guide = rig.table.guide
    assert isinstance(guide, Guide)
    return guide


async def reach(player: Player, number: int) -> None:
    """Play the lesson's keys up to the start of step ``number``."""
    for index, keys in enumerate(KEYS_BY_STEP[: number - 1]):
        await player.hear(f"Step {index + 1} of {STEPS}.")
        await player.press(*keys)
    await player.hear(f"Step {number} of {STEPS}.")


def test_the_whole_lesson_by_keys_ends_with_your_win() -> None:
    rig = tutorial_rig()

    async def script(player: Player) -> None:
        await reach(player, STEPS)
        await player.press("q")

    play(rig, script)
    said = rig.said
    assert said[0].startswith("Welcome to the Okey tutorial. You play one prepared hand against")
    assert "Tab skips a step. Q leaves the tutorial at any time; it is not saved." in said[0]
    assert said[1:6] == [
        "Round 1. You deal and open.",
        "Indicator red 5, okey red 6.",
        "Your 15 tiles, by colour: red 2, red 6 false, red 7, red 8, red 9, blue 9, blue 10, "
        "blue 12, black 5, black 9, yellow 1, yellow 2, yellow 9, yellow 13, red 6 okey.",
        "Your turn: you open; discard a tile.",
        said[5],
    ]
    assert said[5].startswith(f"Step 1 of {STEPS}. First a few keys, before your discard.")
    for text in [
        "red 6 false, 2 of 15.",
        "red 6 okey, 15 of 15.",
        "Indicator red 5, okey red 6. You hold one okey.",
        "Smart grouping: combinations first, spares last.",
        "Spares: red 2, 11 of 15.",
        "black 5, 12 of 15.",
        "You discard black 5.",
        "Ayşe, on your left, draws from the pile and discards yellow 3.",
        "Ayşe's discard pile, newest first: yellow 3.",
        "You take yellow 3, 13 of 15.",
        "You discard yellow 13.",
        "You draw yellow 4, 14 of 15.",
        "You can finish: F discards red 2 and wins.",
        "You win with runs and sets, laying red 2 in the middle!",
        "Zeynep, Mehmet and Ayşe lose 2 each.",
        "Scores: you 20, Zeynep 18, Mehmet 18, Ayşe 18.",
        "You and the master agreed on all 5 decisions.",  # the review agrees with the lesson
        "The master would have played this hand just as you did. After a real round, each "
        "decision it would have made differently gets a line: the turn, your move and its move.",
        "Menu closed.",
    ]:
        assert text in said, text
    assert said[-1].startswith(f"Step {STEPS} of {STEPS}. That is the whole tutorial")
    assert "run okey, or okey play" in said[-1]
    assert Sound.WIN_POSSIBLE in rig.sounds
    assert rig.table.leaving
    assert guide_of(rig).finished
    won = [e for e in rig.table.match.events if isinstance(e, RoundWon)]
    assert [e.seat for e in won] == [0]
    assert no_repeats([text for text, interrupt in rig.output.spoken if not interrupt]) == []
    assert not any("Something went wrong" in text for text in said)


def test_wrong_keys_get_the_hint_and_lose_nothing() -> None:
    rig = tutorial_rig()
    table = rig.table

    async def script(player: Player) -> None:
        await reach(player, 2)
        before = (table.session.version, table.rack.tiles, table.rack.focus, table.rack.mode)
        hint = "Press Right, the arrow key, to move along your tiles."
        names = {"enter": "Enter", "space": "Space", "up": "Up", "escape": "Escape"}
        for key in ["p", "t", "enter", "space", "s", "f", "d", "x", "g", "y", "e", "up"]:
            await player.press(key)
            name = names.get(key, key.upper())
            assert player.last() == f"{name} does nothing in this step. {hint}", key
        await player.press("9")
        assert player.last() == f"That key does nothing here. {hint}"
        after = (table.session.version, table.rack.tiles, table.rack.focus, table.rack.mode)
        assert after == before
        assert guide_of(rig).index == 1
        await player.press("right")
        await player.hear("red 6 false, 2 of 15.")
        await player.hear(f"Step 3 of {STEPS}.")
        await player.press("q", "y")

    play(rig, script)


def test_enter_on_another_tile_says_where_you_are_and_discards_nothing() -> None:
    rig = tutorial_rig()

    async def script(player: Player) -> None:
        await reach(player, 7)
        await player.press("end", "enter")
        assert player.last() == (
            "You are on yellow 13, 15 of 15. Press Down until you hear spares, then Right "
            "to black 5, then Enter to discard it."
        )
        assert len(rig.table.session.view().hand) == 15
        await player.press("left", "left", "left", "enter")
        await player.hear("You discard black 5.")
        await player.press("q", "y")

    play(rig, script)


def test_help_history_and_learned_keys_always_work() -> None:
    rig = tutorial_rig()

    async def script(player: Player) -> None:
        await reach(player, 5)
        step_text = rig.said[-1]
        await player.press(",")
        assert player.last() == step_text  # the last message again
        await player.press("h")
        await player.hear("Your turn to discard: Enter or Space discards the tile you are on")
        await player.hear("In the tutorial now: Press S until you hear smart grouping.")
        await player.press("i")  # taught in step 4
        assert player.last().startswith("Indicator red 5, okey red 6.")
        await player.press("?")
        assert player.last().startswith("tutorial: Classic Okey for four")
        await player.press("a")  # not taught yet
        assert player.last().startswith("A does nothing in this step. Press S")
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
        assert player.last() == "The others are playing; your next step comes on your turn."
        await player.hear(f"Step 8 of {STEPS}.")
        await player.press("q", "y")

    play(rig, script, pace=0.3)


def test_tab_skips_every_step_and_still_wins_the_hand() -> None:
    rig = tutorial_rig()
    spoken = rig.output.spoken
    marks: list[int] = []  # where each step's Tab began, in what the output received

    async def script(player: Player) -> None:
        for number in range(1, STEPS + 1):
            await player.hear(f"Step {number} of {STEPS}.")
            marks.append(len(spoken))
            await player.press("tab")

    play(rig, script)
    said = rig.said
    assert said.count("Skipped.") == STEPS
    assert "Smart grouping: combinations first, spares last." in said
    assert "You take yellow 3, 13 of 15." in said
    assert "You win with runs and sets, laying red 2 in the middle!" in said
    assert rig.table.leaving
    assert guide_of(rig).finished

    # Each Tab is one answer: at most one message cuts off what was being said.
    ends = [*marks[1:], len(spoken)]
    after_tab = [spoken[start:end] for start, end in zip(marks, ends, strict=True)]
    for number, heard in enumerate(after_tab, start=1):
        interrupting = [text for text, interrupt in heard if interrupt]
        assert len(interrupting) <= 1, (number, interrupting)
        assert [text for text, _ in heard].count("Skipped.") == 1, number
    # A reading step just moves on; a move's answers come first, "Skipped." after them.
    assert after_tab[3][0] == ("Skipped.", True)
    assert after_tab[4][:5] == [
        ("Sorted by number, ascending.", True),
        ("Sorted by number, descending.", False),
        ("Smart grouping: combinations first, spares last.", False),
        ("Skipped.", False),
        ("The rack keeps this order for the whole match, whatever you draw.", False),
    ]
    assert after_tab[6][:2] == [("You discard black 5.", True), ("Skipped.", False)]
    assert after_tab[11][:2] == [("You discard yellow 13.", True), ("Skipped.", False)]


def test_help_names_the_tutorials_keys_and_no_saving() -> None:
    rig = tutorial_rig()
    general = "Escape: every action; Tab skips a step; Q leaves the tutorial."

    async def script(player: Player) -> None:
        await reach(player, 2)
        await player.press("h")
        brief = await player.hear("Your turn to discard")
        assert brief.endswith(f"{general} H again: every key.")
        await player.hear("In the tutorial now: Press Right")
        await player.press("h")
        every = await player.hear("Your turn to discard")
        assert every.endswith(general)
        assert "V: brief or detailed; B: sounds" in every
        for text in (brief, every):
            assert "Control S" not in text and "saves" not in text
        await player.press("v")  # what help names works
        assert player.last() == "Brief messages."
        await player.press("v", "b")
        assert player.last() == "Sounds off."
        await player.press("b")
        assert player.last() == "Sounds on."
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
        assert player.last() == "Brief messages."
        await player.press("b")
        assert player.last() == "Sounds off."
        after = (table.session.version, table.rack.tiles, table.rack.focus, guide_of(rig).index)
        assert after == before
        assert table.session.settings.verbosity == "brief"
        assert not table.session.settings.sounds
        await player.press("t")
        await player.hear(f"Step 12 of {STEPS}.")
        assert len(table.session.view().hand) == 15
        await player.press("q", "y")

    play(rig, script)


def test_help_in_the_menu_closes_it_as_at_the_table() -> None:
    rig = tutorial_rig()

    async def script(player: Player) -> None:
        await reach(player, 19)
        assert rig.table.menu is not None
        await player.press("h")
        await player.hear("The match is over.")
        assert rig.table.menu is None
        await player.hear(f"Step 20 of {STEPS}.")
        await player.press("q")

    play(rig, script)


def test_skipping_a_move_makes_it_and_skipping_a_reading_moves_on() -> None:
    rig = tutorial_rig()

    async def script(player: Player) -> None:
        await reach(player, 4)
        await player.press("tab")
        await player.hear("The okey, red 6, is wild")  # the step's lesson is still said
        await player.hear(f"Step 5 of {STEPS}.")
        assert not any(text.startswith("Indicator red 5") for text in rig.said[-3:])
        await player.press("tab")
        await player.hear(f"Step 6 of {STEPS}.")
        assert rig.table.rack.mode.value == "smart"
        await player.press("q", "y")

    play(rig, script)


def test_q_asks_first_and_n_stays() -> None:
    rig = tutorial_rig()

    async def script(player: Player) -> None:
        await reach(player, 3)
        await player.press("q")
        assert player.last() == (
            "Leave the tutorial? Nothing is saved; okey tutorial starts it again. "
            "Y or Q leaves; N stays."
        )
        await player.press("n")
        assert player.last() == "Staying."
        await player.press("q", "p")  # another key sets the question aside
        assert player.last().startswith("P does nothing in this step. Press End")
        await player.press("enter")
        assert not rig.table.leaving
        await player.press("c-s")
        assert player.last() == "The tutorial is not saved; Q leaves it."
        await player.press("end")
        await player.hear(f"Step 4 of {STEPS}.")
        await player.press("q", "q")

    play(rig, script)
    assert rig.table.leaving
    assert rig.table.farewell() == (
        "Goodbye. To play a real game, run okey, or okey play; okey tutorial starts this "
        "lesson again."
    )
    assert rig.table.saver is None


def test_every_step_has_its_texts_in_the_catalogue() -> None:
    for step in LESSON:
        assert step.text in ENGLISH, step.name
        assert step.hint in ENGLISH, step.name
        assert (step.after in ENGLISH) == step.then, step.name
    assert len(LESSON) == len(KEYS_BY_STEP)


def test_every_literal_tutorial_key_exists() -> None:
    sources = Path(__file__).resolve().parents[1] / "src" / "okey"
    literal = re.compile(r'(?<![f{])"(tutorial\.[a-z_.]+)"')
    paths = [*sources.glob("tutorial/*.py"), *sources.glob("table/*.py")]
    missing = [
        f"{path.name}: {key}"
        for path in sorted(paths)
        for key in literal.findall(path.read_text(encoding="utf-8"))
        if key not in ENGLISH
    ]
    assert missing == []


def test_every_text_fills_in_with_the_prepared_hand() -> None:
    rig = tutorial_rig()
    rig.table.begin()
    guide = guide_of(rig)
    for step in LESSON:
        keys = [step.text, step.hint] + ([step.after] if step.then else [])
        for key in keys:
            text = guide._text(key)
            assert text and "{" not in text, key


def test_the_screen_footer_names_the_tutorial_keys() -> None:
    rig = tutorial_rig()
    footer = "".join(text for _, text, *_ in screen.footer(rig.table))
    assert footer == "Tutorial · H help · Tab skip a step · Esc menu · Q quit"


def test_okey_tutorial_is_a_command_that_needs_a_terminal(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert main(["tutorial", "--speech", "off", "--pace", "0"]) == 2
    assert "the table needs a terminal" in capsys.readouterr().err
    assert main(["tutorial", "--pace", "-1"]) == 2
    assert "--pace must be 0 or more" in capsys.readouterr().err


def test_the_masters_hint_works_and_agrees_with_the_lesson() -> None:
    rig = tutorial_rig()
    table = rig.table

    async def script(player: Player) -> None:
        await reach(player, 7)  # the opening discard
        before = (table.session.version, guide_of(rig).index)
        await player.press("u")
        assert player.last() == "The master would discard black 5. 2 hints left."
        assert (table.session.version, guide_of(rig).index) == before

    play(rig, script)
