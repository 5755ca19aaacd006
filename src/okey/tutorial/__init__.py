"""``okey tutorial``: a step-by-step lesson at the real table, with a prepared hand.

* :mod:`okey.tutorial.kit`: what each game's folder gives: its lesson, its prepared
  round (the deal, the scripted bots, the rules) and how you finish
  (``okey.games.<game>.tutorial`` and ``tutorial_deal``).
* :mod:`okey.tutorial.lesson`: a lesson as data, one step after another.
* :mod:`okey.tutorial.guide`: the layer over the table that leads the player.
* :mod:`okey.tutorial.build`: the tutorial's table, ready to play.
"""
