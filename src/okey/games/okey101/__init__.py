"""Okey 101, the second game: its actions, events, rounds, scores, views and notation.

Kept light on purpose: :mod:`okey.engine.actions` and :mod:`okey.engine.events`
import this package's ``actions`` and ``events`` for their unions, so nothing
here may import the engine's match at import time. The game itself is
:class:`okey.games.okey101.game.Okey101Game`, registered in
:mod:`okey.engine.games` as ``"101"``.
"""
