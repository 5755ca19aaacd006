"""The 3 mode at an Okey 101 table: browsing the combinations on the table by ear.

Left and Right go from player to player (those who have laid something, in play order),
Up and Down from combination to combination of that player, Home and End to their first
and last; each is read with its owner, its place in the owner's list, its tiles, and what
would go on it: the player's own tiles first, then the faces the others might hold.
Escape or 3 again leaves, saying so. The keys' router hands every command to
:func:`browse_command` first while ``table.browsing`` is set; the ones it does not consume
(the status keys, a draw) work as usual. The position is kept as a seat and an index and
read from the view each time, so combinations laid meanwhile are found where they are.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from okey.games.okey101.view import View101
from okey.hand.layoff import meld_additions
from okey.table.keys import Command
from okey.table.lines import Capital, Face, Field, Joined, Line, Name, Speech, Tiles
from okey.table.output.meldwords import extending_faces, meld_line, pair_line
from okey.tiles import Tile

if TYPE_CHECKING:
    from okey.table.core import TableCore


@dataclass
class Browsing:
    """Where the player is on the table: a seat that has laid something, and an index into
    that seat's combinations (runs and sets in the table's order, then pairs)."""

    seat: int
    index: int = 0


def _view(table: TableCore) -> View101 | None:
    view = table.state.seen
    return view if isinstance(view, View101) else None


def owned(view: View101, seat: int) -> list[tuple[int | None, Field]]:
    """A seat's combinations: (the table index of a run or set, None for a pair), and
    what it is, in words."""
    found: list[tuple[int | None, Field]] = [
        (index, meld_line(laid.meld, view.okey))
        for index, laid in enumerate(view.melds)
        if laid.owner == seat
    ]
    found += [(None, pair_line(laid.pair, view.okey)) for laid in view.pairs if laid.owner == seat]
    return found


def layers(table: TableCore, view: View101) -> list[int]:
    """The seats that have laid something, in play order from the player."""
    return [seat for seat in table.seats.in_play_order() if owned(view, seat)]


def fits(view: View101, index: int) -> Field:
    """What would go on the combination at ``index``: the player's tiles, then the rest."""
    meld = view.melds[index].meld
    yours = list(
        dict.fromkeys(
            a.tile for a in meld_additions(meld, index, view.hand, view.okey, view.opening)
        )
    )
    held = set(yours)
    ends, back = extending_faces(meld, view.okey, view.opening)
    faces = [face for face in ends if face not in held]
    said: list[Field] = []
    if yours:
        said.append(Line("table.101.browse.yours", tiles=Tiles(tuple(yours))))
    if faces:
        key = "table.101.browse.also" if yours else "table.101.browse.takes"
        said.append(Line(key, faces=_faces(faces)))
    back = [face for face in back if face not in held]
    if back:
        said.append(Line("table.101.browse.okey_back", faces=Capital(_faces(back))))
    if not said:
        return Line("table.101.browse.full")
    return Joined(tuple(said))


def _faces(faces: list[Tile]) -> Joined:
    return Joined(tuple(Face(face) for face in faces), ", ")


def reading(table: TableCore, view: View101, at: Browsing) -> Line:
    """ "Mehmet, 2 of 3: run red 7 to 9. From your hand: red 10. Also red 6." """
    combos = owned(view, at.seat)
    index, described = combos[at.index]
    extends: Field = Line("table.101.browse.pairs") if index is None else fits(view, index)
    return Line(
        "table.101.browse.meld",
        owner=Capital(Name(at.seat)),
        number=at.index + 1,
        count=len(combos),
        meld=described,
        fits=extends,
    )


def start_browsing(table: TableCore) -> None:
    """3: browse the table from its first player with a combination (said when there is
    nothing to browse, and the mode is not entered)."""
    view = _view(table)
    if view is None:
        table.voice.reply(Line("table.101.browse.not_101"))
        return
    seats = layers(table, view)
    if not seats:
        table.voice.reply(Line("table.101.browse.empty"))
        return
    at = Browsing(seats[0])
    table.browsing = at
    table.voice.reply(Joined((Line("table.101.browse.start"), reading(table, view, at))))


def stop_browsing(table: TableCore) -> None:
    table.browsing = None
    table.voice.reply(Line("table.101.browse.done"))


def browse_command(table: TableCore, command: Command) -> bool:
    """A key while browsing; True when the mode consumed it (the rest work as usual)."""
    at = table.browsing
    if not isinstance(at, Browsing):
        return False
    # 3 again, or Escape.
    if command is Command.BROWSE or command is Command.MENU:
        stop_browsing(table)
        return True
    view = _view(table)
    if view is None:  # the round is gone (a new deal): the mode ends with it
        stop_browsing(table)
        return False
    seats = layers(table, view)
    if not seats:
        stop_browsing(table)
        return True
    if at.seat not in seats:  # not possible as laid tiles stay, but a new round empties it
        at.seat, at.index = seats[0], 0
    count = len(owned(view, at.seat))
    said: Speech | None = None
    match command:
        case Command.RIGHT | Command.LEFT:
            step = 1 if command is Command.RIGHT else -1
            place = seats.index(at.seat) + step
            if 0 <= place < len(seats):
                at.seat, at.index = seats[place], 0
            else:
                said = Line("table.101.browse.edge")
        case Command.NEXT_GROUP | Command.PREVIOUS_GROUP:
            index = at.index + (1 if command is Command.NEXT_GROUP else -1)
            if 0 <= index < count:
                at.index = index
            else:
                said = Line("table.101.browse.edge")
        case Command.HOME:
            at.index = 0
        case Command.END:
            at.index = count - 1
        case Command.ENTER:  # read it again (never a discard while browsing)
            pass
        case _:
            return False
    at.index = min(at.index, len(owned(view, at.seat)) - 1)
    line = reading(table, view, at)
    table.voice.reply(line if said is None else Joined((said, line)))
    return True
