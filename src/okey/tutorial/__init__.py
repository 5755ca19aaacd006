"""``okey tutorial``: a step-by-step lesson at the real table, with a prepared hand.

* :mod:`okey.tutorial.deal`: the prepared round, the scripted bots, the rules.
* :mod:`okey.tutorial.lesson`: the lesson as data, one step after another.
* :mod:`okey.tutorial.guide`: the layer over the table that leads the player.
* :mod:`okey.tutorial.build`: the tutorial's table, ready to play.
"""
