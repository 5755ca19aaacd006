"""Combinations in words, the one way they are said everywhere: the narration, the
questions of a laying, the hint, the review and the replay (classic finishes and Okey
101's combinations alike).

A run is said by its ends ("run red 7 to 9"), a set by its faces ("set red 4, blue 4,
black 4"), either with the faces its okeys play as ("okey as red 8"); a pair by its tile
("two red 5", "red 5 and an okey"). With its owner: "Ayşe's run red 7 to 9", "your set
...". Also the faces that would extend a combination of the table.
"""

from __future__ import annotations

from collections.abc import Sequence

from okey.hand.combinations import MAX_SET, GroupKind
from okey.hand.layoff import lacking, okey_places, run_ends
from okey.hand.melds import Meld, OpeningRules, number_at, run_meld, set_meld
from okey.table.lines import AndList, Face, Field, Joined, Line, Name, Tiles
from okey.tiles import Tile, is_okey

Pair = tuple[Tile, Tile]

_ANY_RUN = OpeningRules(wrap_runs=True)  # a classic run may end with a 1 after 13


def _wild(tile: Tile, okey: Tile | None) -> bool:
    return okey is not None and is_okey(tile, okey)


def meld_line(meld: Meld, okey: Tile | None, *, okeys: bool = True) -> Line:
    """ "run red 7 to 9", "set red 4, blue 4, black 4", with "okey as red 8" when it holds
    okeys (and ``okeys``)."""
    if meld.kind is GroupKind.RUN:
        said = Line("meld.run", low=Face(meld.faces[0]), high=number_at(meld.high))
    else:  # the real tiles; an okey's colour is said once, as the okey's
        real = zip(meld.tiles, meld.faces, strict=True)
        faces = tuple(Face(face) for tile, face in real if not _wild(tile, okey))
        said = Line("meld.set", faces=Joined(faces, ", "))
    wild = tuple(
        Face(face) for tile, face in zip(meld.tiles, meld.faces, strict=True) if _wild(tile, okey)
    )
    if not wild or not okeys:
        return said
    return Line("meld.with_okey", meld=said, faces=AndList(wild))


def pair_line(pair: Pair, okey: Tile | None) -> Line:
    """ "two red 5", "red 5 and an okey", "two okeys"."""
    a, b = pair
    if _wild(a, okey) and _wild(b, okey):
        return Line("meld.pair.okeys")
    if _wild(a, okey) or _wild(b, okey):
        real = b if _wild(a, okey) else a
        return Line("meld.pair.okey", tile=Face(real))
    return Line("meld.pair", tile=Face(a))


def group_line(kind: GroupKind, tiles: Sequence[Tile], okey: Tile | None) -> Line:
    """A group of a finished hand (its tiles in playing order, a run from its low end), as
    :func:`meld_line` or :func:`pair_line` say it; by its tiles when the round's okey is
    not known."""
    if kind is GroupKind.PAIR and len(tiles) == 2:
        return pair_line((tiles[0], tiles[1]), okey)
    meld: Meld | None = None
    if okey is not None:
        meld = run_meld(tiles, okey, _ANY_RUN) if kind is GroupKind.RUN else set_meld(tiles, okey)
    if meld is None:
        return Line(f"meld.tiles.{kind.value}", tiles=Tiles(tuple(tiles)))
    return meld_line(meld, okey)


def laid_line(melds: Sequence[Meld], pairs: Sequence[Pair], okey: Tile | None) -> Joined:
    """Several combinations and pairs, parted by semicolons."""
    parts: list[Field] = [meld_line(meld, okey) for meld in melds]
    parts += [pair_line(pair, okey) for pair in pairs]
    return Joined(tuple(parts), "; ")


def owned_line(described: Line, owner: int, actor: int | None, you: int) -> Line:
    """A combination with its owner: "Mehmet's run ...", "your run ...", "their own run"
    (``actor``: who is acting on it, when someone is)."""
    if owner == you:
        return Line("meld.of.you", meld=described)
    if owner == actor:
        return Line("meld.of.own", meld=described)
    return Line("meld.of.other", meld=described, name=Name(owner))


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
