"""The table: play a whole match with keys and speech (prompt_toolkit).

* :mod:`okey.table.session`: the match, the bots and the settings (the state a save keeps).
* :mod:`okey.table.controller`: keys to moves, events to words.
* :mod:`okey.table.narration`, :mod:`okey.table.prompts`, :mod:`okey.table.status`:
  what is said, after events, from the state, and on request.
* :mod:`okey.table.sorting`, :mod:`okey.table.rack`: the hand's sort modes and the focus.
* :mod:`okey.table.screen`, :mod:`okey.table.app`: the screen and the prompt_toolkit front end.
* :mod:`okey.table.persist`: saves and resuming.
"""
