"""The games okey plays, one folder each: a game's kit.

Each folder holds everything one game adds to every layer (its rounds and
scores for the engine, its moves' notation and log notes, and the parts the
layers above ask of it). Nothing imports a game's folder but the registry,
:mod:`okey.engine.games`, which loads it by name when a rule set asks for it.
"""
