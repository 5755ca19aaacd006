"""The neighbours' words during play (``okey.story.talk``): what they react to, how
often (rarer in brief mode), never between the player and a decision, and Shift+V."""

from __future__ import annotations

import random
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import pytest
from test_story import DAY, WON, story
from test_story import Table as PlayedTable
from test_table_rig import Rig, key_of, make_rig

import okey.commands.story as command
import okey.story.talk as talk_module
from okey.engine.actions import Discard, DrawFromPile, TakeDiscard
from okey.engine.events import Event, RoundStarted, RoundWon, TookDiscard
from okey.engine.view import Phase
from okey.hand.notation import parse_tile
from okey.hand.scoring import FinishKind
from okey.messages import Verbosity, load_catalogue
from okey.story.cast import EVENINGS, MASTERS, Stage
from okey.story.evening import neighbour_talk
from okey.story.lines import opening
from okey.story.progress import Progress, load_progress, store_progress
from okey.story.talk import CHANCE, MOST_REPEATS, PAUSE, NeighbourTalk, Occasion, occasions
from okey.table.input import moves
from okey.table.lines import Line, Said
from okey.table.state.seat import Step
from okey.table.state.session import TableSession
from okey.table.state.settings import TableSettings

CAST = {1: "gulsum", 2: "sevket", 3: "deniz"}


class StoryTable(PlayedTable):
    """The story tests' stand-in table, where the player may press Shift+V once."""

    pressed_v = False

    def __call__(self, session: TableSession, *args: Any, **options: Any) -> int:
        if self.pressed_v:
            session.settings.talk = not session.settings.talk
        return super().__call__(session, *args, **options)


@pytest.fixture
def table(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> StoryTable:
    played = StoryTable(tmp_path)
    monkeypatch.setattr(command, "open_table", played)
    monkeypatch.setattr(command, "needs_terminal", lambda catalogue: None)
    monkeypatch.setattr(command, "today", lambda: DAY)
    return played


TILE = parse_tile("r5")
TURN_LINES = ("table.your_turn", "table.whose.discard")


def won(seat: int, losers: tuple[int, ...]) -> RoundWon:
    return RoundWon(
        seat=seat,
        tile=TILE,
        kind=FinishKind.COMBINATIONS,
        okey_discard=False,
        colored=False,
        groups=(),
        points=2,
        losers=losers,
        scores=(10, 10, 10, 10),
    )


def test_what_each_neighbour_reacts_to() -> None:
    assert occasions([RoundStarted(1, 0)], CAST) == [(Occasion.DEAL, seat) for seat in CAST]
    assert occasions([TookDiscard(0, 3, TILE)], CAST) == [(Occasion.TAKEN, 3)]
    assert occasions([TookDiscard(1, 0, TILE)], CAST) == [(Occasion.TAKE, 1)]
    assert occasions([TookDiscard(2, 1, TILE)], CAST) == []  # between neighbours: nothing
    assert occasions([won(2, (0, 1, 3))], CAST) == [(Occasion.FINISH, 2)]
    assert occasions([won(0, (1, 2, 3))], CAST) == [(Occasion.LOSS, s) for s in (1, 2, 3)]
    masters = dict(enumerate(MASTERS, start=1))
    # The player's partner finishing is her own finish; the player's finish: the two
    # who lost may say so, never the partner.
    assert occasions([won(2, (1, 3))], masters) == [(Occasion.FINISH, 2)]
    assert occasions([won(0, (1, 3))], masters) == [(Occasion.LOSS, 1), (Occasion.LOSS, 3)]


def test_every_neighbour_has_a_line_for_every_occasion() -> None:
    for code in ("en", "tr"):
        catalogue = load_catalogue(code)
        for who in {*MASTERS, *(who for evening in EVENINGS for who in evening)}:
            for occasion in Occasion:
                assert catalogue.has(f"story.talk.{occasion.value}.{who}"), (code, who)


def speaks(verbosity: Verbosity, events: Sequence[Event], tries: int = 3000) -> float:
    talk = NeighbourTalk(CAST, random.Random(5))
    said = 0
    for _ in range(tries):
        talk.resting = 0
        talk.said.clear()
        said += bool(talk.lines(events, verbosity))
    return said / tries


def test_now_and_then_and_rarer_in_brief_mode() -> None:
    events = [won(1, (0, 2, 3))]
    detailed = speaks(Verbosity.DETAILED, events)
    brief = speaks(Verbosity.BRIEF, events)
    assert abs(detailed - CHANCE[Occasion.FINISH]) < 0.04
    assert abs(brief - CHANCE[Occasion.FINISH] / 3) < 0.04
    assert speaks(Verbosity.DETAILED, [RoundStarted(2, 1)]) < detailed


def test_a_line_is_the_neighbours_own_with_the_chat_sound_from_their_side() -> None:
    talk = NeighbourTalk(CAST, random.Random(1))
    said: list[Said] = []
    while not said:
        said = talk.lines([won(3, (0, 1, 2))], Verbosity.DETAILED)
    [line] = said
    assert line.speech == Line("story.talk.finish.deniz")
    assert line.cue is not None and line.cue.name == "CHAT"
    # Then the table rests a few changes, whatever happens.
    for _ in range(PAUSE):
        assert talk.lines([won(3, (0, 1, 2))], Verbosity.DETAILED) == []


def test_no_line_is_said_more_than_twice_at_a_table() -> None:
    talk = NeighbourTalk(CAST, random.Random(2))
    said = []
    for _ in range(200):
        said += talk.lines([TookDiscard(1, 0, TILE)], Verbosity.DETAILED)
    assert [item.speech for item in said] == [Line("story.talk.take.gulsum")] * MOST_REPEATS


@pytest.fixture
def chatty(monkeypatch: pytest.MonkeyPatch) -> None:
    """Neighbours who speak at every chance, with no rest between."""
    monkeypatch.setattr(talk_module, "CHANCE", dict.fromkeys(Occasion, 1.0))
    monkeypatch.setattr(talk_module, "PAUSE", 0)
    monkeypatch.setattr(talk_module, "MOST_REPEATS", 1000)


def story_rig(seed: int, verbosity: Verbosity = Verbosity.DETAILED) -> Rig:
    rig = make_rig(seed=seed, verbosity=verbosity, dealer=1)
    rig.table.talk = NeighbourTalk(CAST, random.Random(seed))
    return rig


def play_taking(rig: Rig, turns: int) -> None:
    """Play on, the player taking the discard whenever it may (and throwing a tile the
    hand had before), the bots in between; deal again when a round ends."""
    table = rig.table
    held: tuple[object, ...] = ()
    for _ in range(turns):
        state = table.state
        if state.step is Step.MATCH_OVER:
            return
        if state.step is Step.ROUND_OVER:
            moves.next_round(table)
        elif state.step is Step.BOT:
            table.play_bot()
        elif state.step is Step.PLAYER and state.view is not None:
            view = state.view
            if view.phase is Phase.DRAW:
                held = view.hand
                take = TakeDiscard() in view.legal
                moves.move(table, TakeDiscard() if take else DrawFromPile())
            else:
                old = [tile for tile in view.hand if tile in held and tile != view.okey]
                moves.move(table, Discard(old[0] if old else view.hand[0]))


def talk_positions(rig: Rig) -> list[int]:
    return [i for i, key in enumerate(rig.keys) if key.startswith("story.talk.")]


@pytest.mark.usefixtures("chatty")
def test_never_between_the_player_and_a_decision() -> None:
    rig = story_rig(3)
    rig.table.begin()
    play_taking(rig, 300)
    keys = rig.keys
    spoken = talk_positions(rig)
    heard = {keys[i].rsplit(".", 1)[0] for i in spoken}
    assert {"story.talk.deal", "story.talk.taken", "story.talk.take"} <= heard
    for i in spoken:
        # A neighbour's line never comes right before the player's turn is said ...
        assert not keys[i + 1].startswith(TURN_LINES), keys[i - 2 : i + 2]
        if keys[i].startswith("story.talk.taken"):
            # ... and their reaction to a taken tile follows the player's take.
            assert keys[i - 1] == "table.you_take", keys[i - 2 : i + 2]


@pytest.mark.usefixtures("chatty")
def test_shift_v_silences_the_neighbours_and_brings_them_back() -> None:
    rig = story_rig(3)
    rig.table.begin()
    rig.table.press("V")
    assert rig.last() == Line("table.talk.off")
    assert rig.table.settings.talk is False
    before = len(rig.keys)
    play_taking(rig, 120)
    assert not [key for key in rig.keys[before:] if key.startswith("story.talk.")]
    rig.table.press("V")
    assert rig.last() == Line("table.talk.on") and rig.table.settings.talk
    play_taking(rig, 120)
    assert talk_positions(rig)
    # Lower-case v is still brief or detailed.
    rig.table.press("v")
    assert rig.table.settings.verbosity is Verbosity.BRIEF


def test_shift_v_at_a_table_without_neighbours() -> None:
    rig = make_rig(seed=2)
    rig.table.begin()
    rig.table.press("V")
    assert key_of(rig.last()) == "table.talk.none"
    assert rig.table.settings.talk is True


def test_the_setting_is_kept_with_the_table() -> None:
    settings = TableSettings(talk=False)
    assert TableSettings.from_dict(settings.to_dict()).talk is False
    assert TableSettings.from_dict({}).talk is True  # an older save: the neighbours talk


def test_the_progress_keeps_the_neighbours_quiet_and_the_opening_says_the_key() -> None:
    quiet = Progress(quiet=True)
    assert Progress.from_json(quiet.to_json(), Path("story.progress")).quiet is True
    assert Progress.from_json({}, Path("story.progress")).quiet is False
    rng = random.Random(1)
    stage = Stage(1)
    hint = "story.talk.hint"
    said = opening(Progress(), stage, Verbosity.DETAILED, rng)
    assert hint in [phrase.key for phrase in said]
    assert hint in [phrase.key for phrase in opening(Progress(), stage, Verbosity.BRIEF, rng)]
    for verbosity in Verbosity:
        assert hint not in [phrase.key for phrase in opening(quiet, stage, verbosity, rng)]


def test_the_masters_table_talks_with_its_own_cast() -> None:
    talk = neighbour_talk(Stage(None), 7)
    assert talk.cast == {1: "rustem", 2: "nazmiye", 3: "mualla"}


def test_the_story_seats_its_neighbours_talk_and_keeps_shift_v(
    tmp_path: Path, table: StoryTable
) -> None:
    store_progress(tmp_path, Progress(quiet=True))
    assert story(tmp_path, "--seed", str(WON)) == 0
    call = table.calls[-1]
    assert isinstance(call["talk"], NeighbourTalk)
    assert call["talk"].cast == dict(enumerate(EVENINGS[0], start=1))
    assert call["session"].settings.talk is False  # silenced at the last table
    assert load_progress(tmp_path).quiet is True
    # Shift+V at this table brings them back, for the tables after it too.
    table.pressed_v = True
    assert story(tmp_path, "--seed", str(WON)) == 0
    assert load_progress(tmp_path).quiet is False
    table.pressed_v = False
    assert story(tmp_path, "--seed", str(WON)) == 0
    assert table.calls[-1]["session"].settings.talk is True


def test_h_twice_names_shift_v_at_a_story_s_table_only() -> None:
    rig = story_rig(3)
    rig.table.begin()
    rig.table.press("h")
    rig.table.press("h")
    assert Line("table.help.talk") in rig.last().parts  # type: ignore[union-attr]
    plain = make_rig(seed=2)
    plain.table.begin()
    plain.table.press("h")
    plain.table.press("h")
    assert Line("table.help.talk") not in plain.last().parts  # type: ignore[union-attr]
