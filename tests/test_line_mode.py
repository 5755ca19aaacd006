"""The line mode (issue 30), in one process: what it writes, when it is chosen, and the
table's own tests played through it.

Keys go in through prompt_toolkit's pipe input, as they do for the full-screen table's
tests; the lines come out on a text stream. Whatever the table says is written there,
once, as a line of its own, and nothing else is: no escape sequence, no carriage
return, nothing written back over (tests/test_line_mode_tmux.py checks the same on a
real terminal).
"""

from __future__ import annotations

import argparse
import asyncio
import io
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest
import test_table_play as table_play
import test_table_remote as table_remote
import test_table_remote_support as remote_support
import test_table_rig as rig_support
import test_tutorial_lesson as lesson
from prompt_toolkit.input import create_pipe_input
from test_table_rig import WAIT, FakeOutput, Rig, Script

from okey import cli
from okey.commands import menu as menu_command
from okey.commands import play as play_command
from okey.messages import load_catalogue
from okey.preferences import PreferencesError, check
from okey.speech import Speaker, SpeechMode, readers
from okey.speech.transcript import one_line
from okey.startmenu import Choice, StartMenu, run_start_menu, say_welcome
from okey.table.controller import Table
from okey.table.terminal.app import play_async
from okey.table.terminal.linemode import LineWriter
from okey.table.terminal.screens import Screen, chosen_lines, uses_lines
from okey.textfiles import printable

EN = load_catalogue("en")


# -- what it writes -------------------------------------------------------------------


def test_each_message_is_one_printable_line_appended() -> None:
    stream = io.StringIO()
    writer = LineWriter(stream)
    writer.line("Round 1.")
    writer.line("two\nlines")
    writer.line("Ayşe\x1b[2J says hello")  # a name with an escape sequence in it
    writer.bell()
    assert stream.getvalue() == "Round 1.\ntwo lines\nAyşe[2J says hello\n\a"


def test_the_line_being_typed_stays_last_and_a_message_goes_below_it() -> None:
    stream = io.StringIO()
    writer = LineWriter(stream)
    writer.open_line("Chat: ")
    writer.typed("iyi")
    writer.line("Mehmet discards red 5.")
    writer.typed("x")
    writer.erased()
    writer.typed(" oyunlar")
    writer.close_line()
    writer.line("You: iyi oyunlar")
    assert stream.getvalue() == (
        "Chat: iyi\nMehmet discards red 5.\nChat: iyix\b \b oyunlar\nYou: iyi oyunlar\n"
    )


class Terminal(io.StringIO):
    def isatty(self) -> bool:
        return True


@pytest.mark.skipif(sys.platform == "win32", reason="an old Windows console shows it")
def test_a_paste_is_one_key_on_a_terminal_and_nothing_is_written_elsewhere() -> None:
    for stream, written in ((Terminal(), "\x1b[?2004h\x1b[?2004l"), (io.StringIO(), "")):
        with LineWriter(stream).pasting():
            pass
        assert stream.getvalue() == written


# -- when it is chosen ------------------------------------------------------------------


@pytest.mark.parametrize(
    ("screen", "speech", "lines"),
    [
        (None, SpeechMode.SCREEN_READER, True),  # screen-reader speech, or a reader found
        ("auto", SpeechMode.SCREEN_READER, True),
        ("auto", SpeechMode.AUTO, False),
        ("auto", SpeechMode.OFF, False),
        ("lines", SpeechMode.AUTO, True),
        ("lines", SpeechMode.OFF, True),
        ("full", SpeechMode.SCREEN_READER, False),
    ],
)
def test_auto_gives_lines_to_a_screen_reader_and_each_choice_holds(
    screen: str | None, speech: SpeechMode, lines: bool
) -> None:
    assert uses_lines(screen, speech) is lines


def test_every_command_that_opens_a_table_takes_screen_and_the_setting_sets_it() -> None:
    assert check("screen", "lines") == "lines"
    with pytest.raises(PreferencesError):
        check("screen", "braille")
    parser = cli.build_parser(EN, {"screen": "lines"})
    for line in (
        ["play"],
        ["resume", "x"],
        ["daily"],
        ["tutorial"],
        ["story"],
        ["menu"],
        ["join", "127.0.0.1:1", "ABCD"],
    ):
        args = parser.parse_args(line)
        assert args.screen == Screen.LINES, line
        assert chosen_lines(args, SpeechMode.AUTO)
        assert parser.parse_args([*line, "--screen", "full"]).screen == Screen.FULL
    host = cli.build_parser(EN).parse_args(["host", "--screen", "lines"])
    assert host.screen == Screen.LINES
    assert not chosen_lines(argparse.Namespace(), SpeechMode.AUTO)  # no option: auto


def test_the_start_menu_is_in_lines_for_a_screen_reader_and_passes_the_screen_on(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    args = cli.build_parser(EN).parse_args(["menu", "--screen", "lines", "--speech", "off"])
    assert menu_command.forwarded(args, "play")[4:6] == ["--screen", "lines"]
    opened: list[bool] = []

    async def leave(menu: StartMenu, **options: Any) -> Choice | None:
        opened.append(options["lines"])
        return None

    monkeypatch.setattr(menu_command, "needs_terminal", lambda catalogue: None)
    monkeypatch.setattr(menu_command, "run_start_menu", leave)
    for speech in ("screen-reader", "off"):
        line = ["menu", "--speech", speech, "--saves", str(tmp_path), "--no-sounds"]
        assert menu_command.run(cli.build_parser(EN).parse_args(line), EN) == 0
    assert opened == [True, False]


def test_okey_play_opens_the_line_mode_for_a_screen_reader(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    opened: list[bool] = []

    def screen(table: Table, **options: Any) -> int:
        opened.append(options["lines"])
        return 0

    monkeypatch.setattr(play_command, "needs_terminal", lambda catalogue: None)
    monkeypatch.setattr(play_command, "play", screen)
    monkeypatch.setattr(readers, "screen_reader", lambda: "Orca")  # auto speech finds it
    parser = cli.build_parser(EN)
    choices = [("screen-reader", "auto"), ("auto", "auto"), ("off", "auto"), ("off", "lines")]
    for speech, chosen in [*choices, ("auto", "full")]:
        line = ["play", "--speech", speech, "--screen", chosen, "--saves", str(tmp_path)]
        args = parser.parse_args([*line, "--no-sounds"])
        assert play_command.run(args, EN) == 0
    assert opened == [True, True, False, True, False]


# -- the table's own tests, played in line mode -----------------------------------------


def said_lines(output: FakeOutput) -> list[str]:
    """What a speaker said (and so printed), as the line mode writes it."""
    return [printable(one_line(text)) for text, _ in output.spoken]


def check_written(written: str, output: FakeOutput, before: int) -> None:
    """The stream holds what was said from message ``before`` on, each once as a line,
    and nothing else (the chat line being typed aside)."""
    assert "\x1b" not in written and "\r" not in written
    typed = {line for line in written.split("\n") if line.startswith(EN.text("table.chat.prompt"))}
    lines = [line for line in written.split("\n")[:-1] if line not in typed]
    assert written.endswith("\n")
    assert lines == said_lines(output)[before:]


def play_in_lines(rig: Rig, script: Script, *, pace: float = 0.0) -> None:
    """tests/test_table_rig.py's ``play``, the table in line mode; then its lines are
    checked against what it said."""
    stream = io.StringIO()
    before = len(rig.output.spoken)

    async def in_lines(table: Table, **options: Any) -> None:
        options.pop("output", None)
        await play_async(table, lines=True, stream=stream, **options)

    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(rig_support, "play_async", in_lines)
        rig_support.play(rig, script, pace=pace)
    check_written(stream.getvalue(), rig.output, before)


PLAYED = [
    (table_play, "test_f_finishes_with_the_okey_and_the_win_is_read_out"),
    (table_play, "test_a_round_played_to_a_draw_with_keys"),
    (table_play, "test_showing_the_twin_and_hearing_a_bot_show"),
    (table_play, "test_discarding_an_okey_asks_first"),
    (table_play, "test_the_draw_choice_and_taking"),
    (table_play, "test_keys_at_the_wrong_moment_say_why"),
    (table_play, "test_sorting_focus_and_status_keys"),
    (table_play, "test_the_escape_menu_runs_actions"),
    (table_play, "test_partners_hear_us_and_them"),
    (lesson, "test_the_whole_lesson_by_keys_ends_with_your_win"),
    (lesson, "test_the_whole_101_lesson_by_keys_ends_with_your_finish"),
    (lesson, "test_help_in_the_menu_closes_it_as_at_the_table"),
]


@pytest.mark.parametrize(("module", "name"), PLAYED, ids=[name for _, name in PLAYED])
def test_the_table_plays_alike_in_line_mode(
    module: ModuleType, name: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The keyed games of tests/test_table_play.py and the lessons of
    tests/test_tutorial_lesson.py, each key and its answer as there."""
    monkeypatch.setattr(module, "play", play_in_lines)
    getattr(module, name)()


@contextmanager
def online_in_lines(monkeypatch: pytest.MonkeyPatch) -> Iterator[list[tuple[io.StringIO, Table]]]:
    """The online tables of tests/test_table_remote.py in line mode; each one's lines
    checked once it closes."""
    tables: list[tuple[io.StringIO, Table]] = []

    async def in_lines(table: Table, **options: Any) -> None:
        stream = io.StringIO()
        tables.append((stream, table))
        options.pop("output", None)
        await play_async(table, lines=True, stream=stream, **options)

    monkeypatch.setattr(remote_support, "play_async", in_lines)
    yield tables
    assert tables
    for stream, table in tables:
        output = table.speaker._owned_output
        assert isinstance(output, FakeOutput)
        check_written(stream.getvalue(), output, 0)


def test_the_chat_is_typed_on_a_line_of_its_own(monkeypatch: pytest.MonkeyPatch) -> None:
    """tests/test_table_remote.py's chat, typed in line mode: the prompt, then what is
    typed; sent with Enter, cancelled with Escape, mended after a refusal."""
    with online_in_lines(monkeypatch) as tables:
        table_remote.test_chat_is_heard_at_every_seat_with_its_writer_and_can_be_muted()
    written = tables[0][0].getvalue()
    assert EN.text("table.chat.prompt") + "iyi oyunlar\n" in written


def test_a_round_online_plays_alike_in_line_mode(monkeypatch: pytest.MonkeyPatch) -> None:
    with online_in_lines(monkeypatch) as tables:
        table_remote.test_between_rounds_each_hears_who_is_ready_and_who_the_deal_waits_for()
    assert len(tables) >= 2


# -- the start menu --------------------------------------------------------------------


def test_the_start_menu_in_line_mode_appends_what_it_says_and_keeps_keys_typed_ahead() -> None:
    said: list[str] = []
    speaker = Speaker(SpeechMode.SCREEN_READER, printer=said.append, catalogue=EN)
    choices = [Choice("play", "first"), Choice("daily", "second"), Choice(None, "last")]
    welcomed = say_welcome(speaker, choices)  # before the menu loads: printed as said
    menu = StartMenu(choices, speaker, welcomed=welcomed)
    stream = io.StringIO()

    async def main() -> tuple[Choice | None, list[str]]:
        from okey.table.terminal.keyboard import Keyboard

        with create_pipe_input() as pipe:
            running = run_start_menu(menu, input=pipe, lines=True, stream=stream)
            task = asyncio.create_task(running)
            pipe.send_text("\x1b[Bh\rp")  # Down, H, Enter; then P, for the table
            chosen = await asyncio.wait_for(task, WAIT)
            after: list[str] = []
            keyboard = Keyboard(lambda key, data: after.append(key), input=pipe)
            with keyboard.reading():
                await asyncio.sleep(0)
            return chosen, after

    chosen, after = asyncio.run(main())
    assert chosen == choices[1]
    assert after == ["p"]  # typed ahead: the next reader has it
    item = EN.text("start.item", label="first", position=1, count=3)
    assert said == [EN.text("start.welcome", item=item)]
    written = stream.getvalue().split("\n")
    assert written[0] == EN.text("start.item", label="second", position=2, count=3)
    assert written[1] == EN.text("start.help", count=3)
    assert written[2:] == [""]
