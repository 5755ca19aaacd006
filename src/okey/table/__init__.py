"""The table: one player's seat at a match, played with keys and speech (prompt_toolkit).

How a key becomes words::

    key -> keys.command_for -> router.run --(guide? question? menu? play)--> a handler
                                                     moves | reading | racking | leaving
    a move -> seat.act(action) --(the engine checks it once)--> Done(events) | Refused(reason)
    Done(events) -> change.tell: the seat's state built once (one PlayerView), the rack
                    re-sorted, narration + prompts + the win alert -> voice -> speaker

The seat seam (:mod:`okey.table.seat`). The table knows the match only through a
:class:`~okey.table.seat.SeatLink`: what the seat sees (``view()``, ``step()``,
``seen()``: the events as ``seen_by`` that seat) and what it may do (``act(action)``
and ``deal()``, answered ``Done(events)`` or ``Refused(reason)``; ``review(number)``).
:class:`~okey.table.session.TableSession` is the local link (and plays the bots); a
client of a table server is another: ``Table(seat, speaker)`` takes either
(tests/test_table_seat.py plays one table through a relay and one locally, and they
say the same). Other seats' moves reach the table as events the seat saw:
:meth:`Table.heard <okey.table.controller.Table.heard>` (locally,
:meth:`~okey.table.controller.Table.play_bot` plays a bot's turn and tells it).

* :mod:`okey.table.seat`, :mod:`okey.table.session`: the seam and the local seat (the
  match, the bots, the settings: the state a save keeps).
* :mod:`okey.table.core`: :class:`~okey.table.core.TableCore`, what the handlers work on
  (the seat's state, the rack, the voice, the clock, what is open);
  :mod:`okey.table.controller`: :class:`~okey.table.controller.Table`, the same with the
  entry points (keys, the bots' turns, the clock, leaving). No module imports one above it.
* :mod:`okey.table.keys`: the one key table (key map, key names, Escape menu, help lines,
  the start menu's keys); :mod:`okey.table.router`: the mode router; the handlers
  :mod:`~okey.table.moves`, :mod:`~okey.table.reading`, :mod:`~okey.table.racking`,
  :mod:`~okey.table.leaving`.
* :mod:`okey.table.change`: one step per change.
* :mod:`okey.table.lines`: the table's words as data (catalogue keys and fields), made
  by :mod:`~okey.table.narration` (events), :mod:`~okey.table.prompts` (the state),
  :mod:`~okey.table.status`, :mod:`~okey.table.hint`, :mod:`~okey.table.reviewing`;
  put in words by :mod:`~okey.table.words` and said by :mod:`~okey.table.voice`.
* :mod:`okey.table.sorting`, :mod:`okey.table.rack`: the hand's sort modes and the focus.
* :mod:`okey.table.screen`, :mod:`okey.table.app`: the screen and the prompt_toolkit front end.
* :mod:`okey.table.settings`, :mod:`okey.table.persist`: typed settings; saves and resuming.
"""
