"""Okey 101's combinations as lines: a run, a set or a pair in words, whose it is, what it
was before a tile was added, and the faces that would extend it.

A run is said by its ends ("run red 7 to 9"), a set by its faces ("set red 4, blue 4,
black 4"), either with the faces its okeys play as ("okey as red 8"); a pair by its tile
("two red 5", "red 5 and an okey"). The narration, the status keys, the browsing mode and
the screen all name combinations through here.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Protocol

from okey.hand.combinations import MAX_SET, GroupKind
from okey.hand.layoff import lacking, okey_places, run_ends
from okey.hand.melds import Meld, OpeningRules, number_at
from okey.hand.tiles import Tile, is_okey
from okey.table.lines import AndList, Face, Field, Joined, Line, Name, Tiles


def meld_line(meld: Meld, okey: Tile, *, okeys: bool = True) -> Line:
    """ "run red 7 to 9", "set red 4, blue 4, black 4", with "okey as red 8" when it holds
    okeys (and ``okeys``)."""
    if meld.kind is GroupKind.RUN:
        said = Line("table.101.run", low=Face(meld.faces[0]), high=number_at(meld.high))
    else:  # the real tiles; an okey's colour is said once, as the okey's
        real = zip(meld.tiles, meld.faces, strict=True)
        faces = tuple(Face(face) for tile, face in real if not is_okey(tile, okey))
        said = Line("table.101.set", faces=Joined(faces, ", "))
    wild = tuple(
        Face(face) for tile, face in zip(meld.tiles, meld.faces, strict=True) if is_okey(tile, okey)
    )
    if not wild or not okeys:
        return said
    return Line("table.101.with_okey", meld=said, faces=AndList(wild))


def pair_line(pair: tuple[Tile, Tile], okey: Tile) -> Line:
    """ "two red 5", "red 5 and an okey", "two okeys"."""
    a, b = pair
    if is_okey(a, okey) and is_okey(b, okey):
        return Line("table.101.pair.okeys")
    if is_okey(a, okey) or is_okey(b, okey):
        real = b if is_okey(a, okey) else a
        return Line("table.101.pair.okey", tile=Face(real))
    return Line("table.101.pair", tile=Face(a))


def laid_line(melds: Sequence[Meld], pairs: Sequence[tuple[Tile, Tile]], okey: Tile) -> Joined:
    """Several combinations and pairs, parted by semicolons."""
    parts: list[Field] = [meld_line(meld, okey) for meld in melds]
    parts += [pair_line(pair, okey) for pair in pairs]
    return Joined(tuple(parts), "; ")


def owned_line(described: Line, owner: int, actor: int | None, you: int) -> Line:
    """A combination with its owner: "Mehmet's run ...", "your run ...", "their own run"
    (``actor``: who is acting on it, when someone is)."""
    if owner == you:
        return Line("table.101.of.you", meld=described)
    if owner == actor:
        return Line("table.101.of.own", meld=described)
    return Line("table.101.of.other", meld=described, name=Name(owner))


def extending_faces(meld: Meld, okey: Tile, rules: OpeningRules) -> tuple[list[Tile], list[Tile]]:
    """The faces that would go on the combination: a run's two ends or a set's missing
    colours; and (when okeys may be taken back) the faces that take its okeys back."""
    faces: list[Tile] = []
    if meld.kind is GroupKind.RUN:
        faces += [face for face in run_ends(meld, rules) if face is not None]
    elif len(meld.tiles) < MAX_SET:
        faces += lacking(meld, okey)
    back: list[Tile] = []
    if rules.take_back_okey:
        for _, stands in okey_places(meld, okey):
            back += [face for face in stands if face not in back]
    return faces, back


class Laid(Protocol):
    """A combination of the table and the seat that laid it."""

    @property
    def meld(self) -> Meld: ...

    @property
    def owner(self) -> int: ...


def melds_phrase(melds: Sequence[Meld]) -> Joined:
    """Combinations by their tiles: "red 9, red 10, red 11; black 13, blue 13, red 13"."""
    return Joined(tuple(Tiles(meld.tiles) for meld in melds), "; ")


def pairs_phrase(pairs: Sequence[tuple[Tile, Tile]]) -> Joined:
    return Joined(tuple(Tiles(pair) for pair in pairs), "; ")


def laid_phrase(laid: Laid, you: int) -> Line:
    """A combination of the table by owner: "Ayşe's run red 7 to 9", "your set of 7s"."""
    meld = laid.meld
    mine = ".yours" if laid.owner == you else ""
    if meld.kind is GroupKind.SET:
        return Line(f"table.meld101.set{mine}", owner=Name(laid.owner), number=meld.number)
    first, last = meld.faces[0], meld.faces[-1]
    return Line(
        f"table.meld101.run{mine}", owner=Name(laid.owner), first=Face(first), last=last.number
    )
