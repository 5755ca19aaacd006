"""The round and match engine: a pure state machine fed by actions, emitting events.

Create a :class:`Match` with a rule set and an injected ``random.Random``
(``secrets.SystemRandom`` when none is given), call :meth:`Match.start_round`,
then feed actions with :meth:`Match.apply` and read the returned events;
:meth:`Match.view` gives what one seat may know, legal moves included.
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
from okey.engine.errors import IllegalMoveError
from okey.engine.match import Match
from okey.engine.view import Phase, PlayerView

__all__ = [
    "Action",
    "DeclarePairs",
    "DeclineDiscard",
    "Discard",
    "DrawFromPile",
    "Finish",
    "IllegalMoveError",
    "Match",
    "Phase",
    "PlayerView",
    "Resume",
    "ShowIndicator",
    "TakeDiscard",
    "TimeOut",
    "TurnToOkey",
]
