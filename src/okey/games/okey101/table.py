"""Okey 101 at the table: its own keys' handlers (K, G, X, 2, 3, and F, P, Enter played
its way), what it reads its own way, and its Escape menu."""

from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING

from okey.audio import Cue
from okey.engine.actions import DrawFromPile, TakeDiscard
from okey.engine.events import GameEvent
from okey.engine.view import Phase, TableView
from okey.games.okey101 import browsing, laying
from okey.games.okey101.actions import Add, GiveBack
from okey.games.okey101.alerts import after101
from okey.games.okey101.events import (
    Added101,
    GaveBack101,
    Laid101,
    Opened101,
    Penalised101,
    RoundCancelled101,
    RoundScored101,
)
from okey.games.okey101.reading import finish_now101, on_the_table, read101
from okey.games.okey101.screen import LAYOUT
from okey.games.okey101.sections import own_rules
from okey.games.okey101.view import View101
from okey.hand.finishing import Opened
from okey.hand.melds import OpeningRules
from okey.rules import RuleSet
from okey.table.input.router import possible_classic
from okey.table.keys import Command
from okey.table.kit import Notice, TablePart, Told
from okey.table.lines import Field, Line, Said, Speech
from okey.table.output import prompts
from okey.table.output.narration import indicator_line
from okey.table.state.seat import SeatState, Step
from okey.table.state.seats import Seats
from okey.tiles import Tile

if TYPE_CHECKING:
    from okey.table.core import TableCore

_LABELS = frozenset({Command.PAIRS, Command.FINISH})


def _label(table: TableCore, command: Command) -> Line | None:
    """F and 2 are worded for 101; P after a take gives the discard back."""
    view = table.state.seen
    if not isinstance(view, View101):
        return None
    if command in _LABELS:
        return Line(f"table.action101.{command.value}")
    if command is Command.DRAW and GiveBack() in view.legal:
        return Line("table.action101.give_back")
    return None


def _possible(table: TableCore, command: Command) -> bool | None:
    """The Escape menu's moves at a 101 table (None: the others, as at any table)."""
    state = table.state
    view = state.seen
    if not isinstance(view, View101):
        return None
    mine = state.step is Step.PLAYER
    ready = mine and view.phase is Phase.DISCARD
    if command is Command.DRAW:
        return mine and any(isinstance(a, DrawFromPile | GiveBack) for a in view.legal)
    if command is Command.TAKE:
        return TakeDiscard() in view.legal
    if command is Command.CHOOSE:
        return mine and view.phase is Phase.DRAW
    if command in (Command.MARK, Command.LAY, Command.ENTER):
        return ready or (command is Command.ENTER and state.step is Step.ROUND_OVER)
    if command is Command.PAIRS:
        return ready and view.my_opening is not Opened.COMBINATIONS
    if command is Command.ADD:
        return ready and any(isinstance(a, Add) for a in view.legal)
    if command is Command.FINISH:
        return ready and laying.finish_for(view) is not None
    if command is Command.BROWSE:
        return True
    return possible_classic(table, command)


def _browse(table: TableCore, command: Command) -> None:
    del command
    browsing.start_browsing(table)


def _read(table: TableCore, command: Command, view: TableView) -> Speech | None:
    return read101(table, command, view) if isinstance(view, View101) else None


def _laid_copies(view: TableView, tile: Tile, seats: Seats, places: list[Field]) -> int | None:
    return on_the_table(view, tile, seats, places) if isinstance(view, View101) else None


def _notice(event: GameEvent) -> Notice:
    """A laying is heard once per seat in a change; a give-back sounds as a discard; a
    penalty as a warning; a scored or cancelled round ends it; an okey taken back from the
    table is the seat's new tile."""
    match event:
        case Opened101() | Laid101():
            laid = [t for meld in event.melds for t in meld.tiles]
            laid += [t for pair in event.pairs for t in pair]
            return Notice(event.seat, Cue.INDICATOR_SHOWN, once=True, unheld=tuple(laid))
        case Added101():
            unheld = (event.addition.tile,)
            return Notice(
                event.seat, Cue.INDICATOR_SHOWN, once=True, unheld=unheld, taken=event.taken_back
            )
        case GaveBack101():
            return Notice(event.seat, Cue.DISCARD, unheld=(event.tile,))
        case Penalised101():
            return Notice(event.seat, Cue.TIMER_WARNING)
        case RoundScored101():
            return Notice(ends_round=True, winner=event.finisher)
        case RoundCancelled101():
            return Notice(ends_round=True)
        case _:
            return Notice()


def _finish_alert(table: TableCore, view: TableView, told: Told) -> list[Said]:
    """The hand can finish this turn (laying what it needs, then the last discard), said
    once per hand with the finish's sound (F does it); a finish said this turn stays said
    while the hand only lays."""
    if not isinstance(view, View101):
        return []
    if table.finishing or _only_laid_since(table.win_told, told) or finish_now101(view) is None:
        return []
    table.win_told = told
    return [Said(Line("table.101.close.finish"), Cue.WIN_POSSIBLE)]


def _your_turn(view: TableView, heard: bool) -> list[Line] | None:
    """Having drawn: lay, then discard."""
    if view.phase is not Phase.DISCARD or not isinstance(view, View101):
        return None
    return [Line("table.101.your_turn.lay" + (".heard" if heard else ""), count=len(view.hand))]


def _help_now(state: SeatState) -> list[Field] | None:
    """Having drawn: the taken tile to lay first, and what laying and discarding take."""
    view = state.seen
    if state.step is not Step.PLAYER or not isinstance(view, View101):
        return None
    if view.phase is not Phase.DISCARD:
        return None
    said: list[Field] = []
    if view.must_use is not None:
        said.append(Line("table.101.help.taken", tile=view.must_use))
    said.append(Line("table.101.help.discard"))
    return said


def _resumed(table: TableCore, state: SeatState) -> bool:
    """Back at a 101 table: the indicator, the hand and whose turn it is (the scores and
    the combinations on the table are read by their keys)."""
    seen = state.seen
    if not isinstance(seen, View101):
        return False
    table.voice.event(indicator_line(seen.indicator, seen.okey))
    table.voice.event(table.hand())
    table.voice.event(prompts.whose_turn(state))
    return True


def _refreshed(table: TableCore, before: SeatState, now: SeatState) -> None:
    """The rack re-sorted after every change, the focus following a tile gained (a draw,
    a take, an okey taken back), and the marks kept while the turn lasts."""
    view = now.seen
    if not isinstance(view, View101):
        return
    old = before.seen if isinstance(before.seen, View101) else None
    dealt = old is None or old.round_number != view.round_number
    gained = list(view.hand)
    for tile in old.hand if old is not None and not dealt else ():
        if tile in gained:
            gained.remove(tile)
    follow = gained[0] if len(gained) == 1 else None
    # One tile gone and none new (a discard): the rack takes it out without sorting again.
    left = Counter(old.hand) - Counter(view.hand) if old is not None and not dealt else Counter()
    gone = next(iter(left)) if not gained and left.total() == 1 else None
    table.update_rack(view, follow, reset=dealt, gone=gone)
    table.keep_marks(view)


def _only_laid_since(before: Told | None, now: Told) -> bool:
    """The hand now is the hand told before less some tiles (same round)."""
    if before is None or before[0] != now[0]:
        return False
    return not Counter(now[1]) - Counter(before[1])


def _rack_opening(rules: RuleSet) -> OpeningRules | None:
    own = own_rules(rules)
    return own.opening() if own is not None else None


PART: TablePart[TableCore] = TablePart(
    handlers={**laying.HANDLERS, Command.BROWSE: _browse},
    takes=browsing.browse_command,
    read=_read,
    label=_label,
    possible=_possible,
    laid_copies=_laid_copies,
    notice=_notice,
    finish_alert=_finish_alert,
    rack_opening=_rack_opening,
    lowest_first=True,
    layout=LAYOUT,
    your_turn=_your_turn,
    help_now=_help_now,
    resumed=_resumed,
    refreshed=_refreshed,
    after=after101,
    choose=laying.choose,
    carry_out=laying.carry_out,
)
