"""The round and match engine: a pure state machine fed by actions, emitting events.

Create a :class:`Match` with a rule set and an injected ``random.Random``
(``secrets.SystemRandom`` when none is given), call :meth:`Match.start_round`,
then feed actions with :meth:`Match.apply` and read the returned events;
:meth:`Match.view` gives what one seat may know, legal moves included.
:attr:`Match.record` is every deal and move applied, which :meth:`Match.replay`
plays again. The engine imports no text: a refused move is an
:class:`IllegalMoveError` with a :class:`MoveError` reason, worded at the edge.
"""

from okey.engine.actions import (
    Action,
    DeclarePairs,
    DeclineDiscard,
    Discard,
    DrawFromPile,
    Finish,
    Resume,
    ShowIndicator,
    TakeDiscard,
    TimeOut,
    TurnToOkey,
)
from okey.engine.errors import DeckError, IllegalMoveError, MoveError, RecordError
from okey.engine.match import Match
from okey.engine.notation import format_action, parse_action
from okey.engine.record import DealEntry, MoveEntry, RecordEntry
from okey.engine.view import Phase, PlayerView, TableView

__all__ = [
    "Action",
    "DealEntry",
    "DeckError",
    "DeclarePairs",
    "DeclineDiscard",
    "Discard",
    "DrawFromPile",
    "Finish",
    "IllegalMoveError",
    "Match",
    "MoveEntry",
    "MoveError",
    "Phase",
    "PlayerView",
    "RecordEntry",
    "RecordError",
    "Resume",
    "ShowIndicator",
    "TableView",
    "TakeDiscard",
    "TimeOut",
    "TurnToOkey",
    "format_action",
    "parse_action",
]
