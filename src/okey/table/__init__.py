"""The table: one player's seat at a match, played with keys and speech (prompt_toolkit).

How a key becomes words::

    key -> Table.press -> keys.command_for -> input.router --(guide? question? menu? play)-->
           a handler (input.moves | reading | racking | finding | leaving | chatting | volume,
           or the game's own, from kit)
    a move -> state.seat: seat.act(action) --(the engine checks it once)--> Done | Refused
    Done(events) -> change.tell: the seat's state built once, the rack re-sorted, the cues
           (output.cues), the events' lines (output.narration), what follows (output.prompts)
           -> output.voice -> the speaker

By job, each folder using only the ones before it:

* :mod:`okey.table.keys` and :mod:`okey.table.lines`: the table's two vocabularies, the
  commands (the one key table) and what it says as data (catalogue keys and fields, and
  :class:`~okey.table.lines.Said`: a line with its cue); :mod:`okey.table.sorted_hand`:
  the rack's sort modes and sections, as types.
* :mod:`okey.table.state`: the seat (the seam :class:`~okey.table.state.seat.SeatLink`,
  the local :class:`~okey.table.state.session.TableSession`, saving), the settings, who
  sits where, the rack, the clock, and what is open (a menu or question, the chat, what
  Ctrl+F looks for).
* :mod:`okey.table.kit`: what a game's folder gives the table (its keys' handlers, what
  it reads or says its own way, its notices, its screen).
* :mod:`okey.table.output`: lines from events, from the state and for the reading keys,
  put in words, said and sounded.
* :mod:`okey.table.core`: :class:`~okey.table.core.TableCore`, what the handlers work on
  (the seat's state, the rack, the voice, the clock, what is open, the game's part);
  :mod:`okey.table.change`: one step per change.
* :mod:`okey.table.input`: the mode router and the handlers.
* :mod:`okey.table.controller`: :class:`~okey.table.controller.Table`, the table with its
  entry points (keys, the others' turns, the clock, leaving).
* :mod:`okey.table.terminal`: the screen and the prompt_toolkit application.

The table knows the match only through its seat: ``Table(seat, speaker)`` takes the
local session or a client of a table server alike (tests/test_table_seat.py plays one
table through a relay and one locally, and they say the same). Other seats' moves reach
the table as events the seat saw (:meth:`Table.heard <okey.table.controller.Table.heard>`;
locally, :meth:`~okey.table.controller.Table.play_bot` plays a bot's turn and tells it).
"""
