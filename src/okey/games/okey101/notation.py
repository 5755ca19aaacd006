"""Okey 101's moves in the action notation (:mod:`okey.engine.notation` calls these).

::

    open r9 r10 r11 | k13 b13 r13 | r5 b5 y5 k3=k5    runs and sets, by ``|``
    open pairs b3 b3 | k9 k9 | y11 y11 | r2 r2 | b13 r7
    lay k4 k5 k6                                       after opening, the same forms
    add k8 2 high                                      a tile onto combination 2 (from 0)
    add r7=k9 2 high                                   an okey (or a false joker) as k9
    add b6 0 okey 1                                    in the okey's place at position 1
    give back

A tile that plays as another face (an okey, a false joker) is written
``tile=face``; a combination's kind follows from its faces (one number: a set).
"""

from __future__ import annotations

from collections.abc import Sequence

from okey.games.okey101.actions import Action101, Add, GiveBack, Lay, Open, Pair
from okey.hand.combinations import GroupKind
from okey.hand.layoff import Addition, Place
from okey.hand.melds import Meld
from okey.hand.notation import format_tile, parse_tile
from okey.tiles import Tile

GIVE_BACK = "give back"


def _played(tile: Tile, face: Tile) -> str:
    if tile == face:
        return format_tile(tile)
    return f"{format_tile(tile)}={format_tile(face)}"


def format_meld(meld: Meld) -> str:
    return " ".join(_played(t, f) for t, f in zip(meld.tiles, meld.faces, strict=True))


def _groups(melds: Sequence[Meld], pairs: Sequence[Pair]) -> str:
    if pairs:
        return "pairs " + " | ".join(f"{format_tile(a)} {format_tile(b)}" for a, b in pairs)
    return " | ".join(format_meld(meld) for meld in melds)


def format_action101(action: Action101) -> str:
    """The move in the notation."""
    if isinstance(action, Open):
        return f"open {_groups(action.melds, action.pairs)}"
    if isinstance(action, Lay):
        return f"lay {_groups(action.melds, action.pairs)}"
    if isinstance(action, Add):
        a = action.addition
        text = f"add {_played(a.tile, a.face)} {a.meld} {a.place.value}"
        return text if a.index is None else f"{text} {a.index}"
    if isinstance(action, GiveBack):
        return GIVE_BACK
    raise TypeError(action)


def _tile_and_face(word: str) -> tuple[Tile, Tile]:
    tile_text, _, face_text = word.partition("=")
    tile = parse_tile(tile_text)
    return tile, parse_tile(face_text) if face_text else tile


def parse_meld(text: str) -> Meld:
    """A run or a set as written (its kind from its faces); ValueError when empty."""
    played = [_tile_and_face(word) for word in text.split()]
    if not played:
        raise ValueError(text)
    tiles = tuple(t for t, _ in played)
    faces = tuple(f for _, f in played)
    if any(f.is_false_joker for f in faces):
        raise ValueError(text)
    kind = GroupKind.SET if len({f.number for f in faces}) == 1 else GroupKind.RUN
    return Meld(kind, tiles, faces)


def _parse_groups(words: list[str]) -> tuple[tuple[Meld, ...], tuple[Pair, ...]]:
    if words and words[0] == "pairs":
        pairs: list[Pair] = []
        for part in " ".join(words[1:]).split("|"):
            tiles = [parse_tile(word) for word in part.split()]
            if len(tiles) != 2:
                raise ValueError(part)
            pairs.append((tiles[0], tiles[1]))
        return (), tuple(pairs)
    return tuple(parse_meld(part) for part in " ".join(words).split("|")), ()


def parse_action101(text: str) -> Open | Lay | Add | GiveBack | None:
    """The 101 move written so, None when the verb is none of 101's (ValueError when it is
    one of them but the rest does not read)."""
    words = text.lower().split()
    if not words:
        return None
    verb, rest = words[0], words[1:]
    if verb in ("open", "lay"):
        melds, pairs = _parse_groups(rest)
        return Open(melds, pairs) if verb == "open" else Lay(melds, pairs)
    if verb == "add":
        if len(rest) not in (3, 4):
            raise ValueError(text)
        tile, face = _tile_and_face(rest[0])
        place = Place(rest[2])
        index = int(rest[3]) if len(rest) == 4 else None
        if (index is None) != (place is not Place.OKEY):
            raise ValueError(text)
        return Add(Addition(int(rest[1]), tile, place, face, index))
    if " ".join(words) == GIVE_BACK:
        return GiveBack()
    return None
