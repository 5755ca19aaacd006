"""Saving the table (Ctrl+S, after every turn, on leaving) and opening it again exactly."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest
from test_table_rig import Player, make_rig, play

from okey.messages import Verbosity, load_catalogue
from okey.rules_words import rules_name
from okey.saves import SaveError, list_saves, read_save
from okey.speech import Speaker, SpeechMode
from okey.table.controller import Table
from okey.table.lines import Line, Speech
from okey.table.state.persist import DiskSaver, session_from_save
from okey.table.state.session import Step, TableSession
from okey.table.state.sorting import SortMode

EN = load_catalogue("en")


def reopened(session: TableSession) -> tuple[Table, list[Speech], Speaker]:
    """A table built again from a session, reopened; the lines it said."""
    heard: list[Speech] = []
    speaker = Speaker(SpeechMode.OFF, printer=lambda _: None, catalogue=EN)
    table = Table(session, speaker)
    table.voice.listeners.append(lambda speech, _: heard.append(speech))
    table.reopen()
    return table, heard, speaker


def test_ctrl_s_autosave_and_resume_reopen_the_table_exactly(tmp_path: Path) -> None:
    rig = make_rig(seed=11, dealer=3)
    saver = DiskSaver(rig.table.session, tmp_path)
    rig.table.saver = saver

    async def script(player: Player) -> None:
        await player.my_turn()
        await player.press("p", "enter")
        await player.my_turn()
        await player.press("s", "s", "s", "v", "right", "c-s")
        saved = player.line()
        assert isinstance(saved, Line) and saved.key == "table.save.done"

    play(rig, script, pace=0)
    names = {entry.name for entry in list_saves(tmp_path)}
    assert "autosave" in names
    assert len(names) == 2  # Ctrl+S's save (named by date and time) and the autosave
    assert rig.table.saved_as in names  # leaving saved again, under the same name

    saved = [entry for entry in list_saves(tmp_path) if entry.name != "autosave"]
    data = read_save(saved[-1].path, tmp_path)
    session = session_from_save(data, catalogue=EN)
    assert session.settings.sort_mode is SortMode.SMART
    assert session.settings.verbosity is Verbosity.BRIEF
    before = rig.table.session
    assert session.match.scores == before.match.scores
    assert session.match.view(0).hand == before.match.view(0).hand
    assert session.step() is Step.PLAYER

    table, heard, speaker = reopened(session)
    assert heard[0] == Line("table.resumed", rules=rules_name(session.rules), number=1)
    assert [line.key for line in heard[1:4] if isinstance(line, Line)] == [
        "table.scores",
        "table.indicator",
        "table.hand",
    ]
    assert isinstance(heard[-1], Line) and heard[-1].key.startswith("table.your_turn.")
    assert table.rack.tiles == rig.table.rack.tiles  # the same smart order
    assert speaker.verbosity is Verbosity.BRIEF  # brief, as it was left


def test_the_future_is_the_same_after_a_resume(tmp_path: Path) -> None:
    rig = make_rig(seed=12, dealer=1)
    session = rig.table.session
    session.start_round()
    saver = DiskSaver(session, tmp_path)
    saver.autosave()
    data = read_save("autosave", tmp_path)

    def bot_moves(s: object) -> list[object]:
        from okey.table.state.session import TableSession

        assert isinstance(s, TableSession)
        events: list[object] = []
        while s.step() is Step.BOT:
            events += s.bot_turn()
        return events

    first = bot_moves(session)
    again = session_from_save(data, catalogue=EN)
    assert bot_moves(again) == first
    assert again.match.rng.getstate() == session.match.rng.getstate()


def test_leaving_with_ctrl_c_saves(tmp_path: Path) -> None:
    rig = make_rig(seed=13, dealer=2)
    rig.table.saver = DiskSaver(rig.table.session, tmp_path)

    async def script(player: Player) -> None:
        await player.press("c-c")

    play(rig, script, pace=30)
    assert rig.table.saved_as is not None
    assert rig.table.farewell() == rig.table.words()("table.goodbye.saved", name=rig.table.saved_as)
    assert (tmp_path / f"{rig.table.saved_as}.json").is_file()


def test_resuming_after_a_draw_asks_for_a_discard_not_an_opening(tmp_path: Path) -> None:
    rig = make_rig(seed=11, dealer=3)

    async def script(player: Player) -> None:
        await player.my_turn()
        await player.press("p")

    play(rig, script, pace=0)
    session = session_from_save(DiskSaver(rig.table.session, tmp_path).data(), catalogue=EN)
    _, heard, _ = reopened(session)
    assert heard[-1] == Line("table.whose.discard", count=15)


def test_a_save_without_names_resumes_with_the_usual_ones(tmp_path: Path) -> None:
    rig = make_rig(seed=13, dealer=2)
    session = rig.table.session
    session.start_round()
    DiskSaver(session, tmp_path).save("named")
    data = read_save("named", tmp_path)
    bare = replace(data, settings={**data.settings, "names": ["", "  "]})
    assert session_from_save(bare, catalogue=EN).settings.names == [
        "You",
        "Zeynep",
        "Mehmet",
        "Ayşe",
    ]
    with pytest.raises(SaveError, match="no seat 7"):
        session_from_save(replace(data, settings={**data.settings, "you": 7}), catalogue=EN)
