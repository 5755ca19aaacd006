"""The table's sounds: the cue of each event, from the seat that caused it, and the cues
that may be heard instead of words in brief mode (the volume keys are
:mod:`okey.table.input.volume`'s, a chat message's cue :mod:`okey.table.input.chatting`'s).

The change step (:mod:`okey.table.change`) puts :func:`event_cues` before the words of
a change, and the voice (:mod:`okey.table.output.voice`) plays them first: ``play`` only
queues, so the cues never hold the words back. The player on the left is heard from the
left, on the right from the right, across and the player's own in the middle: where
they sit (:meth:`okey.table.state.seats.Seats.place`), as :func:`heard_from` says.

At Okey 101 a seat's laying (an opening, new combinations, additions) is heard once per
change with the indicator's cue (a showing), a tile given back with the discard's, a
penalty with the timer's warning, and the round's end as Okey's.

In brief mode a cue that says all its words say may be played instead of them
(:func:`alone`): another player's draw from the pile, and "your turn". Only while the
cue is really heard (:meth:`okey.audio.Sounds.stands_alone`: sounds on, volume above 0,
a working device); never in detailed mode.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from functools import partial
from types import MappingProxyType
from typing import TYPE_CHECKING, Final, assert_never

from okey.audio import STANDALONE, Cue, Position
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
    TimedOut,
    TookDiscard,
    TurnedToOkey,
)
from okey.messages import Verbosity
from okey.table.kit import notice_of
from okey.table.state.seats import Place, Seats

if TYPE_CHECKING:
    from okey.table.output.voice import Voice
    from okey.tiles import Tile

Placed = tuple[Cue, Position]
"""A cue and where it is heard from."""

_HEARD: Final[Mapping[Place, Position]] = MappingProxyType(
    {
        Place.YOU: Position.OWN,
        Place.LEFT: Position.LEFT,
        Place.RIGHT: Position.RIGHT,
        Place.ACROSS: Position.ACROSS,
    }
)


def heard_from(seats: Seats, seat: int) -> Position:
    """Where ``seat``'s cues come from: where it sits, as the player sits."""
    return _HEARD[seats.place(seat)]


def event_cues(events: Sequence[Event], seats: Seats, okey: Tile | None) -> list[Placed]:
    """The cues of a change's events, in order, each from its seat; ``okey`` is the
    round's okey (the player's own draw of it has a cue of its own). The match's end
    replaces the cue of the round that ended it."""
    cues: list[Placed] = []
    ending: Placed | None = None
    at = partial(heard_from, seats)
    laying: set[int] = set()  # seats whose laying was heard in this change (one cue each)
    for event in events:
        match event:
            case GameEvent():  # the game's own: its folder says how it sounds
                notice = notice_of(event)
                seat = notice.seat
                if notice.ends_round:
                    if notice.winner is None:
                        ending = (Cue.ROUND_OVER, Position.OWN)
                    else:
                        mine = seats.on_my_side(notice.winner)
                        ending = (Cue.WIN_YOURS if mine else Cue.WIN_OTHER, at(notice.winner))
                    cues.append(ending)
                elif notice.sound is not None and seat is not None:
                    if notice.once and seat in laying:
                        continue  # a turn of many lays: one cue, not a clatter
                    laying.add(seat)
                    cues.append((notice.sound, at(seat)))
            case Drew():
                own_okey = event.seat == seats.you and okey is not None and event.tile == okey
                cues.append((Cue.OKEY_DRAWN if own_okey else Cue.DRAW, at(event.seat)))
            case TookDiscard():
                cues.append((Cue.TAKE, at(event.seat)))
            case Discarded():
                cues.append((Cue.DISCARD, at(event.seat)))
            case ShowedIndicator():
                cues.append((Cue.INDICATOR_SHOWN, at(event.seat)))
            case RoundWon():
                won = Cue.WIN_YOURS if seats.on_my_side(event.seat) else Cue.WIN_OTHER
                ending = (won, at(event.seat))
                cues.append(ending)
            case RoundDrawn():
                ending = (Cue.ROUND_OVER, Position.OWN)
                cues.append(ending)
            case MatchOver():
                if ending is not None:
                    cues.remove(ending)
                cues.append((Cue.MATCH_OVER, Position.OWN))
            case (
                RoundStarted()
                | Dealt()
                | DiceThrown()
                | IndicatorTurned()
                | TurnedToOkey()
                | DeclaredPairs()
                | DeclinedDiscard()
                | TimedOut()
                | AutopilotChanged()
            ):
                pass  # words only
            case _:
                assert_never(event)
    return cues


def alone(voice: Voice) -> frozenset[Cue]:
    """The cues that may be played instead of their words now: in brief mode, those the
    sounds let stand alone; none in detailed mode."""
    if voice.speaker.verbosity is not Verbosity.BRIEF:
        return frozenset()
    return frozenset(cue for cue in STANDALONE if voice.sounds.stands_alone(cue))
