"""The Apartment Table (``okey story``): evenings played by bots through the story's own
code, the titles, the Masters' Table and its board, resuming an evening, the progress
file."""

from __future__ import annotations

import argparse
import json
import random
from dataclasses import replace
from datetime import date
from pathlib import Path
from typing import Any

import pytest

import okey.commands.story as command
from okey.bots.hard import HardBot
from okey.bots.medium import MediumBot
from okey.cli import main
from okey.messages import Catalogue, load_catalogue
from okey.saves import SaveData, read_save
from okey.story.cast import EVENINGS, NEIGHBOURS, TITLES, Stage
from okey.story.evening import settle
from okey.story.progress import Progress, load_progress, store_progress, story_path
from okey.story.styles import STYLES
from okey.table.state.persist import DiskSaver
from okey.table.state.seat import Step
from okey.table.state.session import TableSession

DAY = date(2026, 12, 2)
EN = load_catalogue("en")
WON, LOST = 2, 1  # seeds: the player's bot comes first in evening 1, or Mrs Gülsüm does
MASTERS_WON = 0  # a seed: the player and Auntie Nazmiye win the Masters' Table


def play_out(session: TableSession, seed: int, *, most_moves: int | None = None) -> None:
    """Play the match on, the player's seat by a medium bot at an evening and a hard one
    at the Masters' Table (``most_moves``: stop after so many of the player's moves)."""
    player = HardBot if session.rules.table.partners else MediumBot
    me = player(random.Random(seed))
    moves = 0
    while (step := session.step()) is not Step.MATCH_OVER:
        if not session.match.started or step is Step.ROUND_OVER:
            session.start_round()
        elif step is Step.PLAYER:
            if most_moves is not None and moves >= most_moves:
                return
            session.act(me.choose(session.match.view(session.you)))
            moves += 1
        else:
            session.bot_turn()


class Table:
    """Stands in for the terminal table: plays the story's session with bots and saves
    it under the name the story gave, as the table's autosave would."""

    def __init__(self, tmp_path: Path, *, most_moves: int | None = None) -> None:
        self.folder = tmp_path
        self.most_moves = most_moves
        self.calls: list[dict[str, Any]] = []

    def __call__(
        self, session: TableSession, args: argparse.Namespace, catalogue: Catalogue, **options: Any
    ) -> int:
        self.calls.append({"session": session, **options})
        play_out(session, args.seed or 0, most_moves=self.most_moves)
        DiskSaver(session, self.folder).save(options["saved_as"])
        return 0


@pytest.fixture
def table(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Table:
    played = Table(tmp_path)
    monkeypatch.setattr(command, "open_table", played)
    monkeypatch.setattr(command, "needs_terminal", lambda catalogue: None)
    monkeypatch.setattr(command, "today", lambda: DAY)
    return played


def story(tmp_path: Path, *more: str) -> int:
    return main(["story", "--saves", str(tmp_path), "--speech", "off", *more])


def test_a_whole_evening_is_played_with_the_neighbours_styles_and_counted(
    tmp_path: Path, table: Table, capsys: pytest.CaptureFixture[str]
) -> None:
    assert story(tmp_path, "--seed", str(WON)) == 0
    [call] = table.calls
    session = call["session"]
    assert call["saved_as"] == call["autosave_as"] == "story-evening1-1"
    assert session.settings.names[1:] == ["Mrs Gülsüm", "Uncle Şevket", "Deniz"]
    assert [type(session.bots[seat]) for seat in (1, 2, 3)] == [STYLES[who] for who in EVENINGS[0]]
    assert call["notice"].startswith("Evening 1 of 5. Snow on the window sills")
    assert "Your title: Newcomer." in call["notice"]
    progress = load_progress(tmp_path)
    assert progress.evenings_won == 1 and progress.current is None
    assert progress.title == "neighbour"
    said = capsys.readouterr().out
    assert 'Mrs Gülsüm: "Well played! Have a tangerine, you earned it."' in said
    assert "Your title is now Neighbour." in said
    # The next run opens the second evening.
    assert story(tmp_path, "--seed", str(WON)) == 0
    assert table.calls[-1]["saved_as"] == "story-evening2-2"


def test_a_lost_evening_waits_to_be_played_again(
    tmp_path: Path, table: Table, capsys: pytest.CaptureFixture[str]
) -> None:
    assert story(tmp_path, "--seed", str(LOST)) == 0
    progress = load_progress(tmp_path)
    assert progress.evenings_won == 0 and progress.stage == Stage(1)
    said = capsys.readouterr().out
    assert "evening 1 waits for you to play it again" in said
    assert 'Mrs Gülsüm laughs: "Every tile I took' in said  # the neighbour who came first


def test_an_evening_left_mid_match_resumes_and_plays_on_as_it_would_have(
    tmp_path: Path, table: Table, monkeypatch: pytest.MonkeyPatch
) -> None:
    whole = Table(tmp_path / "whole")
    monkeypatch.setattr(command, "open_table", whole)
    assert story(tmp_path / "whole", "--seed", "5") == 0
    halves = Table(tmp_path, most_moves=12)
    monkeypatch.setattr(command, "open_table", halves)
    assert story(tmp_path, "--seed", "5") == 0
    left = load_progress(tmp_path)
    assert left.current == "story-evening1-1"  # kept: the evening goes on
    halves.most_moves = None
    assert story(tmp_path, "--seed", "5") == 0
    resumed = halves.calls[-1]
    assert resumed["resumed"] is True
    assert resumed["notice"] == "Evening 1 goes on where you left it. Your title: Newcomer."
    session = resumed["session"]
    assert [type(session.bots[seat]) for seat in (1, 2, 3)] == [STYLES[who] for who in EVENINGS[0]]
    assert session.match.record == whole.calls[0]["session"].match.record
    assert load_progress(tmp_path).current is None


@pytest.fixture(scope="module")
def won_evening(tmp_path_factory: pytest.TempPathFactory) -> SaveData:
    """A finished first evening that the player won, read back from its sealed save."""
    from okey.rules import load_rules
    from okey.story.evening import new_evening, seat_cast
    from okey.table.state.settings import TableSettings

    stage = Stage(1)
    settings = TableSettings(rules=stage.rules, names=["Ece", "", "", ""], seed=WON)
    seat_cast(settings, stage, EN)
    session = new_evening(load_rules(stage.rules), settings, stage)
    play_out(session, WON)
    folder = tmp_path_factory.mktemp("won")
    DiskSaver(session, folder).save("won")
    return read_save("won", folder)


def test_titles_climb_with_each_evening_won_up_to_okey_master(won_evening: SaveData) -> None:
    won = won_evening
    progress = Progress()
    titles = [progress.title]
    for number in range(1, len(EVENINGS) + 1):
        progress, _ = progress.started()
        assert progress.current == f"story-evening{number}-{number}"
        progress, outcome = settle(progress, won, DAY)
        assert outcome.first and outcome.stage == Stage(number)
        titles.append(progress.title)
    assert titles == list(TITLES)
    assert outcome.story_done and progress.stage.masters


def test_the_masters_table_is_partners_with_auntie_nazmiye_and_fills_the_board(
    tmp_path: Path, table: Table, capsys: pytest.CaptureFixture[str]
) -> None:
    store_progress(tmp_path, Progress(evenings_won=5, attempts=5))
    assert story(tmp_path, "--seed", str(MASTERS_WON), "--name", "Ece") == 0
    session = table.calls[-1]["session"]
    assert session.rules.table.partners
    assert session.settings.names[1:] == ["Captain Rüstem", "Auntie Nazmiye", "Mualla the tailor"]
    assert table.calls[-1]["saved_as"] == "story-masters-6"
    progress = load_progress(tmp_path)
    assert progress.masters_played == 1 and progress.masters_won == 1
    assert progress.board[0].name == "Ece" and progress.title == "legend"
    said = capsys.readouterr().out
    assert "Your title is now Building Legend." in said
    assert "Your name goes on the building board." in said
    # A second win adds a name, and the title stays.
    won = read_save("story-masters-6", tmp_path)
    again, _ = progress.started()
    again, outcome = settle(again, won, date(2026, 12, 3))
    assert len(again.board) == 2 and not outcome.legend and again.title == "legend"
    store_progress(tmp_path, again)
    assert story(tmp_path, "--board") == 0
    board = capsys.readouterr().out.splitlines()
    assert board == [
        "The Apartment Table. Your title: Building Legend. All five evenings are won; "
        "the Masters' Table: 2 won of 2 played.",
        "The building board:",
        "1. Ece, 2 December 2026.",
        "2. Ece, 3 December 2026.",
    ]


def test_an_unverified_save_never_counts_for_the_story(won_evening: SaveData) -> None:
    won = replace(won_evening, verified=False)
    progress, _ = Progress().started()
    after, outcome = settle(progress, won, DAY)
    assert not outcome.counted and not outcome.first and after.evenings_won == 0


def test_a_damaged_progress_file_is_said_in_one_line_and_left_as_it_is(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = story_path(tmp_path)
    path.write_text("{not json", encoding="utf-8")
    assert story(tmp_path, "--board") == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and "is damaged" in err[0]
    assert path.read_text(encoding="utf-8") == "{not json"


def test_progress_is_written_atomically_and_reads_back(tmp_path: Path) -> None:
    progress = Progress(evenings_won=2, attempts=4, current="story-evening3-4")
    store_progress(tmp_path, progress)
    assert load_progress(tmp_path) == progress
    assert json.loads(story_path(tmp_path).read_text(encoding="utf-8"))["evenings_won"] == 2
    assert not [p for p in tmp_path.iterdir() if p.name.endswith(".tmp")]


@pytest.mark.parametrize("code", ["en", "tr"])
def test_every_neighbour_and_title_has_words(code: str) -> None:
    catalogue = load_catalogue(code)
    for who in (*NEIGHBOURS, "rustem", "mualla"):
        for key in ("name", "greet", "won", "praise"):
            assert catalogue.text(f"story.{key}.{who}") != f"story.{key}.{who}"
    for title in (*TITLES, "legend"):
        assert catalogue.text(f"story.title.{title}") != f"story.title.{title}"
