"""What the next tile could lay from an opened 101 hand: the expert's count of its outs.

For a hand kept after a discard, each live face that may come next (drawn, or taken
from the left player's discard) is given the tiles it would lay at once:

- 3 when it makes a run or a set of three with two tiles of the hand (or with one
  tile and an okey the hand holds);
- 1 when a combination of the table takes it, 2 when a run it grows then takes a
  tile of the hand too (the *bridge*: the table's r3 r4 r5, the hand's r7, an r6
  comes);
- for an okey, 1 when the table has a place for it, 3 when it makes three with two
  tiles of the hand.

The hand *finishes* on a face that lays all its tiles but one. The counts weigh each
face by how many of it are live (:func:`okey.games.okey101.expert.live_counts`). All
of this reads the seat's view only.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from okey.hand.combinations import GroupKind
from okey.hand.layoff import additions, run_ends
from okey.hand.melds import Meld, OpeningRules
from okey.tiles import FALSE_JOKER_CODE, Tile, is_okey, stand_in

FACES = 52


@dataclass(frozen=True, slots=True)
class TableFaces:
    """The faces the table takes now, and for each the face a run takes after it."""

    takes: frozenset[int]
    beyond: dict[int, int]  # a run's end face -> the face it takes once that one is laid
    okey_room: bool  # the table has a place an okey may go


def table_faces(table: Sequence[Meld], okey: Tile, rules: OpeningRules) -> TableFaces:
    """What the table takes (a face by its code), worked out once a turn."""
    # The okey's face is played by a false joker (a real tile of that face is the okey).
    faces = [Tile(code) for code in range(FACES) if code != okey.code] + [Tile(FALSE_JOKER_CODE)]
    takes = {a.face.code for a in additions(faces, table, okey, rules)}
    beyond: dict[int, int] = {}
    for meld in table:
        if meld.kind is not GroupKind.RUN:
            continue
        low, high = run_ends(meld, rules)
        if low is not None and low.number > 1:
            beyond[low.code] = low.code - 1
        if high is not None and high.number < 13:
            beyond[high.code] = high.code + 1
    room = bool(additions([okey], table, okey, rules))
    return TableFaces(frozenset(takes), beyond, room)


def _partners(face: int, other: int) -> list[int]:
    """The faces that make three with two real faces (none when they are too far)."""
    colour, number = divmod(face, 13)
    o_colour, o_number = divmod(other, 13)
    if colour == o_colour:
        low, high = sorted((number, o_number))
        if high - low == 1:
            return [colour * 13 + n for n in (low - 1, high + 1) if 0 <= n <= 12]
        if high - low == 2:
            return [colour * 13 + low + 1]
        return []
    if number == o_number:
        return [c * 13 + number for c in range(4) if c not in (colour, o_colour)]
    return []


def _near(face: int, other: int) -> bool:
    """Two faces an okey would make three with."""
    colour, number = divmod(face, 13)
    o_colour, o_number = divmod(other, 13)
    if colour == o_colour:
        return 0 < abs(number - o_number) <= 2
    return number == o_number


@dataclass(frozen=True, slots=True)
class Outs:
    """The live tiles that would lay something (``laid``: the tiles they would lay, summed
    over them) and those that would finish."""

    laid: int
    finishing: int


def outs(
    hand: Sequence[Tile], okey: Tile, live: Sequence[int], table: TableFaces, pairs: bool = False
) -> Outs:
    """The hand's outs for its next tile (see the module's docstring); ``pairs``: the hand
    opened with pairs, so it lays pairs (2 tiles) and never new runs or sets."""
    faces = [stand_in(t, okey).code for t in hand if not is_okey(t, okey)]
    okeys = len(hand) - len(faces)
    gain = [0] * FACES
    with_okey = [False] * FACES  # the three is made with an okey of the hand
    if pairs:
        for face in faces:
            gain[face] = 2
    for i, face in enumerate([] if pairs else faces):
        if okeys:
            for code in range(FACES):
                if code != face and _near(face, code):
                    gain[code], with_okey[code] = 3, True
        for other in faces[i + 1 :]:
            if other != face:
                for code in _partners(face, other):
                    gain[code], with_okey[code] = 3, False
    held = set(faces)
    for code in table.takes:
        bridged = table.beyond.get(code)
        if not gain[code]:
            gain[code] = 2 if bridged is not None and bridged in held else 1
    # Okeys already held go onto the table whenever there is room.
    settled = okeys if table.okey_room else 0
    size = len(hand) - settled
    laid = finishing = 0
    for code in range(FACES):
        # The okey's own face comes only as a false joker.
        count = live[FALSE_JOKER_CODE] if code == okey.code else live[code]
        if not count or not gain[code]:
            continue
        laid += count * gain[code]
        if size + (1 if with_okey[code] and settled else 0) + 1 - gain[code] <= 1:
            finishing += count
    wild = live[okey.code]
    if wild:
        pair = any(_partners(a, b) for i, a in enumerate(faces) for b in faces[i + 1 :] if a != b)
        got = (2 if faces else 0) if pairs else 3 if pair else 1 if table.okey_room else 0
        laid += wild * got
        if got and size + 1 - got <= 1:
            finishing += wild
    return Outs(laid, finishing)
