"""The reading handlers: keys that change nothing at the table.

They answer from the seat's state as the last change left it (no engine call):
the hand, indicator, scores, pile, discard piles (with what each other player took
from the discards and holds still) and copies, the table at a glance, how close the
hand is, whose turn, the time left, help and rules, the master's hint and review;
and the speech keys (the history, brief or detailed, sounds, the okey question on
or off).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from okey.speech import SpeechCommand
from okey.table.keys import Command, KeyNames
from okey.table.lines import Joined, Line, Speech
from okey.table.output import prompts, status
from okey.table.output.glance import kept_line, kept_takes
from okey.table.output.hint import hint_line, hints_left_line, master_move
from okey.table.output.reviewing import review_speech
from okey.table.state.seat import SeatView, Step
from okey.table.state.seats import Place

if TYPE_CHECKING:
    from okey.table.core import Handler, TableCore

SPEECH = {
    Command.OLDER: SpeechCommand.OLDER,
    Command.NEWER: SpeechCommand.NEWER,
    Command.OLDEST: SpeechCommand.OLDEST,
    Command.NEWEST: SpeechCommand.NEWEST,
    Command.SPEECH_STATUS: SpeechCommand.STATUS,
}
"""The speech keys the speaker answers itself (the history, the speech status)."""

_DISCARD_PLACES = {
    Command.LEFT_DISCARDS: Place.LEFT,
    Command.RIGHT_DISCARDS: Place.RIGHT,
    Command.ACROSS_DISCARDS: Place.ACROSS,
    Command.MY_DISCARDS: Place.YOU,
}


def speech(table: TableCore, command: Command) -> None:
    table.speaker.run(SPEECH[command])


def _verbosity(table: TableCore, command: Command) -> None:
    table.voice.toggle_verbosity(table.settings)


def _talk(table: TableCore, command: Command) -> None:
    """Shift+V: the neighbours of a story's table silenced, or heard again."""
    if table.talk is None:
        table.voice.reply(Line("table.talk.none"))
        return
    settings = table.settings
    settings.talk = not settings.talk
    table.voice.reply(Line("table.talk.on" if settings.talk else "table.talk.off"))


def _sounds(table: TableCore, command: Command) -> None:
    table.voice.toggle_sounds(table.settings)


def _okey_warning(table: TableCore, command: Command) -> None:
    settings = table.settings
    settings.okey_warning = not settings.okey_warning
    on = settings.okey_warning
    table.voice.reply(Line("table.okey_warning_on" if on else "table.okey_warning_off"))


def _hold_clock(table: TableCore) -> None:
    """Reading the game's own words is not the player's time: the clock waits for them."""
    if table.holds_clock:
        table.clock.pause(table.now())


def _help(table: TableCore, command: Command) -> None:
    _hold_clock(table)
    everything = table.last is Command.HELP
    online = table.chat is not None
    said = status.help_now(table.state, table.seat.rules, everything=everything, online=online)
    if everything and table.talk is not None:  # a story's table: its neighbours' key too
        said = Joined((*said.parts, Line("table.help.talk")))
    table.voice.reply(said)


def _rules(table: TableCore, command: Command) -> None:
    _hold_clock(table)
    table.voice.reply(status.rules_in_words(table.seat.rules))


def _whose_turn(table: TableCore, command: Command) -> None:
    state = table.state
    table.voice.reply(prompts.whose_turn(state) if state.dealt else table.before_deal())


def _time(table: TableCore, command: Command) -> None:
    if not table.seat.rules.play.timer_seconds:
        table.voice.reply(Line("table.no_timer"))
    elif table.state.step is not Step.PLAYER or not (table.clock.running or table.clock.waiting):
        table.voice.reply(Line("table.clock_stopped"))
    else:
        table.voice.reply(Line("table.time_left", seconds=table.clock.left(table.now())))


def _does_nothing(table: TableCore, command: Command) -> None:
    table.voice.reply(Line("table.unknown_key", key=KeyNames(table.catalogue)[command]))


def _hint(table: TableCore, command: Command) -> None:
    settings = table.settings
    view = table.state.seen
    if table.state.step is not Step.PLAYER or view is None:
        table.voice.reply(Line("table.hint.not_now"))
        return
    if settings.hints_left <= 0:
        table.voice.reply(Line("table.hint.used_up"))
        return
    settings.hints_left -= 1
    hint = hint_line(view, master_move(view))
    table.voice.reply(Joined((hint, hints_left_line(settings.hints_left))))
    table.autosave()  # the count survives even a game that is killed


def _review(table: TableCore, command: Command) -> None:
    """The master's review of the round just over: a summary, then each disagreement
    as its own line (so the history keys browse it). Free, and never during a round."""
    state = table.state
    if not state.dealt or state.step not in (Step.ROUND_OVER, Step.MATCH_OVER):
        table.voice.reply(Line("table.review.not_now"))
        return
    number = state.round_number
    if table.reviewed is None or table.reviewed.number != number:
        review = table.seat.review(number)
        if review is None:  # worked out elsewhere (a table server): said when it comes
            table.voice.reply(Line("table.review.coming"))
            return
        table.reviewed = review
    first, *rest = review_speech(table.reviewed)
    table.voice.reply(first)
    for line in rest:
        table.voice.event(line)


def _in_view(table: TableCore, command: Command) -> None:
    """The keys that read the round: nothing to read before the first deal."""
    view = table.state.seen
    table.voice.reply(Line("table.not_dealt") if view is None else _read(table, command, view))


def _read(table: TableCore, command: Command, view: SeatView) -> Speech:
    own = table.game.read(table, command, view)
    if own is not None:
        return own
    if command is Command.HAND:
        return table.hand()
    if command is Command.INDICATOR:
        return status.indicator(view)
    if command is Command.SCORES:
        if table.last is Command.SCORES:
            state = table.state
            return status.score_story(
                table.seat.rules, state.round_number, table.seat.seen(), view.scores
            )
        return status.scores(view)
    if command is Command.PILE:
        return status.pile(view)
    if command is Command.COPIES:
        tile = table.rack.focused
        return Line("table.no_tiles") if tile is None else status.copies(view, tile, table.seats)
    if command in (Command.GLANCE, Command.HOW_CLOSE, Command.TILE_COUNTS):  # the game's way
        return Line("table.not_dealt")
    place = _DISCARD_PLACES[command]
    pile = status.discards(view, place, table.seats)
    seat = table.seats.at(place)
    if place is Place.YOU or seat is None:
        return pile
    kept = kept_line(seat, kept_takes(table.seat.seen(), view.players)[seat])
    return pile if kept is None else Joined((pile, kept))


HANDLERS: dict[Command, Handler] = {
    **dict.fromkeys(SPEECH, speech),
    Command.VERBOSITY: _verbosity,
    Command.TALK: _talk,
    Command.SOUNDS: _sounds,
    Command.OKEY_WARNING: _okey_warning,
    Command.HELP: _help,
    Command.RULES: _rules,
    Command.WHOSE_TURN: _whose_turn,
    Command.TIME: _time,
    Command.YES: _does_nothing,
    Command.HINT: _hint,
    Command.REVIEW: _review,
    **dict.fromkeys(
        (
            Command.HAND,
            Command.INDICATOR,
            Command.SCORES,
            Command.PILE,
            Command.COPIES,
            Command.GLANCE,
            Command.HOW_CLOSE,
            Command.TILE_COUNTS,
        ),
        _in_view,
    ),
    **dict.fromkeys(_DISCARD_PLACES, _in_view),
}
