"""A 101 plug-in bot guarded as :class:`okey.bots.plugins.GuardedBot` guards an Okey one.

A move that raises, that runs past the time limit (the Okey guard's
:data:`~okey.bots.plugins.DEFAULT_TIME_LIMIT`, asked the same way:
:func:`~okey.bots.plugins.ask_in_time`) or that the table refuses is played by
the fallback (the easy 101 level), and an :class:`~okey.bots.plugins.Incident`
is recorded. At a 101 table a move is checked by the table itself (``accepts``),
not against ``view.legal``: an ``Open`` or a ``Lay`` is never listed there.
"""

from __future__ import annotations

from collections.abc import Callable

from okey.bots.level101 import Bot101
from okey.bots.plugins import DEFAULT_TIME_LIMIT, Incident, Reason, guarded_choice, replaced
from okey.engine.actions import Action
from okey.games.okey101.view import View101

Accepts = Callable[[View101, Action], bool]


class Guarded101:
    """A 101 bot whose failures are replaced, one move at a time, by ``fallback``."""

    def __init__(
        self,
        bot: Bot101,
        fallback: Bot101,
        accepts: Accepts,
        *,
        time_limit: float = DEFAULT_TIME_LIMIT,
        on_incident: Callable[[Incident], None] | None = None,
        threaded: bool = True,
    ) -> None:
        self.bot = bot
        self.name = str(getattr(bot, "name", type(bot).__name__))
        self.fallback = fallback
        self.accepts = accepts
        self.time_limit = time_limit
        self.on_incident = on_incident
        self.threaded = threaded
        self.incidents: list[Incident] = []

    def choose(self, view: View101) -> Action:
        return guarded_choice(self, view, self.accepts)

    def _replace(self, view: View101, reason: Reason, detail: str) -> Action:
        return replaced(self, view, reason, detail)
