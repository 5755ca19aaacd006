"""One step per change: the seat's view built once and handed to everything that speaks.

After a move, a bot's turn, a timeout or a deal, :func:`tell` takes the events the
seat saw, builds the seat's new state once (:class:`~okey.table.state.seat.SeatState`,
one :class:`~okey.engine.view.PlayerView`), re-sorts the rack, plays the events' cues
(:mod:`okey.table.output.cues`) and says the events (:mod:`okey.table.output.narration`), then what
follows from the new state (:mod:`okey.table.output.prompts`): the standings, the show offer,
the turn, the win alert. Then it saves (after a turn) and tells the guide.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, assert_never

from okey.audio import Cue
from okey.engine.events import (
    AutopilotChanged,
    Dealt,
    DeclaredPairs,
    DeclinedDiscard,
    DiceThrown,
    Discarded,
    Drew,
    Event,
    GameEvent,
    IndicatorTurned,
    MatchOver,
    RoundDrawn,
    RoundStarted,
    RoundWon,
    ShowedIndicator,
    Standing,
    TimedOut,
    TookDiscard,
    TurnedToOkey,
)
from okey.engine.view import Phase
from okey.table.kit import Moment, notice_of
from okey.table.lines import Said
from okey.table.output import cues, prompts
from okey.table.state.seat import SeatState, SeatView, Step
from okey.tiles import Tile

if TYPE_CHECKING:
    from okey.table.core import TableCore


@dataclass
class Seen:
    """What a change's events mean to the table, beside their words."""

    drawn: Tile | None = None  # the tile the player last drew or took: the focus goes there
    discarded: Tile | None = None  # the tile the player discarded: it leaves the rack
    dealt: bool = False  # a round was dealt
    your_hand: bool = False  # the player was dealt a hand
    took: bool = False  # the player took a discard
    turn_over: bool = False  # a turn or a round ended (then the table is saved)
    standings: tuple[Standing, ...] = ()  # the match is over

    @classmethod
    def of(cls, events: Sequence[Event], you: int) -> Seen:
        seen = cls()
        for event in events:
            match event:
                case RoundStarted():
                    seen.dealt = seen.turn_over = True
                case Dealt():
                    seen.your_hand = seen.your_hand or event.seat == you
                case Drew() if event.seat == you:
                    seen.drawn = event.tile
                case TookDiscard() if event.seat == you:
                    seen.drawn, seen.took = event.tile, True
                case Discarded():
                    seen.turn_over = True
                    if event.seat == you:
                        seen.discarded = event.tile
                case RoundWon() | RoundDrawn():
                    seen.turn_over = True
                case GameEvent():  # the game's own: its folder says what they mean here
                    notice = notice_of(event)
                    seen.turn_over = seen.turn_over or notice.ends_round
                    if notice.taken is not None and notice.seat == you:
                        seen.drawn = notice.taken  # an okey taken back: the focus goes to it
                case MatchOver():
                    seen.standings = event.standings
                case (
                    Drew()
                    | TookDiscard()
                    | DiceThrown()
                    | IndicatorTurned()
                    | ShowedIndicator()
                    | TurnedToOkey()
                    | DeclaredPairs()
                    | DeclinedDiscard()
                    | TimedOut()
                    | AutopilotChanged()
                ):
                    pass  # told in words, and nothing more
                case _:
                    assert_never(event)
        return seen


def tell(table: TableCore, events: Sequence[Event], *, by_player: bool) -> None:
    """The seat saw ``events``: say them and what follows (the first line answers the
    player's key when ``by_player``)."""
    before = table.told
    now = table.refresh()
    seen = Seen.of(events, table.seats.you)
    if seen.dealt:
        table.win_told = None
    if now.seen is not None:
        table.update_rack(now.seen, follow=seen.drawn, reset=seen.dealt, gone=seen.discarded)
    okey = now.seen.okey if now.seen is not None else None
    said = [Said(None, cue, where) for cue, where in cues.event_cues(events, table.seats, okey)]
    heard = cues.alone(table.voice)
    lines = table.narrator.lines(events, table.position, table.hand(), heard=heard, view=now.seen)
    said += [Said(line) for line in lines]
    after = table.game.after
    if after is not None:
        said += [Said(line) for line in after(table, before, now)]
    said += _talk(table, events, before, now, by_player=by_player)
    said += _prompts(table, before, now, seen)
    if seen.turn_over or seen.drawn is not None:
        # On disk before it is said (a draw too): kill -9 cannot undo what was told.
        table.autosave()
    table.voice.say_all(said, by_player=by_player)
    if table.guide is not None:
        table.guide.after(None, events)


def _talk(
    table: TableCore,
    events: Sequence[Event],
    before: SeatState,
    now: SeatState,
    *,
    by_player: bool,
) -> list[Said]:
    """The others' words (a story's neighbours), never between the player and a decision:
    while another seat is to play, or after a move the player made in their own turn."""
    if table.talk is None or not table.settings.talk or table.asking is not None:
        return []
    own_move = by_player and before.step is Step.PLAYER
    if now.step is Step.PLAYER and not own_move:
        return []
    return table.talk.lines(events, table.settings.verbosity)


def _prompts(table: TableCore, before: SeatState, now: SeatState, seen: Seen) -> list[Said]:
    """What follows from the new state: standings, the show offer, the turn, a finish."""
    if now.step is Step.MATCH_OVER and before.step is not Step.MATCH_OVER:
        table.clock.stop()
        return [Said(line) for line in prompts.match_over(seen.standings, table.seats)]
    if now.step is Step.ROUND_OVER and before.step is not Step.ROUND_OVER:
        table.clock.stop()
        return [Said(prompts.round_over(now, lowest=table.game.lowest_first))]
    view = now.seen
    said: list[Said] = []
    if view is None or now.step in (Step.ROUND_OVER, Step.MATCH_OVER):
        return said
    if seen.your_hand:
        said += [Said(line) for line in table.game.lines(view, Moment.DEALT)]
    if now.step is Step.PLAYER:
        if before.step is not Step.PLAYER or before.round_number != now.round_number:
            said += turn_begins(table, view)
        elif before.seen is not None and before.seen.phase is not view.phase:
            table.clock.new_phase()  # drawn: the discard has its own warning
        if seen.took:
            said += [Said(line) for line in table.game.lines(view, Moment.TOOK)]
        said += win_alert(table, view)
    else:
        table.clock.stop()
    return said


def turn_begins(table: TableCore, view: SeatView) -> list[Said]:
    """The player's turn starts: the sound and what to do; the clock is armed (it starts
    once these words are heard, or at the player's first key)."""
    if table.clock.seconds:
        table.clock.begin()
        menu = table.menu
        if table.holds_clock and menu is not None and not menu.choice:
            table.clock.pause(table.now(), hold=True)  # the menu still open holds it
    lines = prompts.your_turn(view, heard=cues.alone(table.voice))
    return [Said(line, Cue.YOUR_TURN if not index else None) for index, line in enumerate(lines)]


def win_alert(table: TableCore, view: SeatView) -> list[Said]:
    """Say once per hand that a finish is within reach (with its sound)."""
    if view.phase is not Phase.DISCARD:
        return []
    told = (view.round_number, tuple(sorted(view.hand)))
    if told == table.win_told:
        return []
    return table.game.finish_alert(table, view, told)
