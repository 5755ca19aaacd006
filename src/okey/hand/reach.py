"""A quick test that a hand cannot finish this turn: two of its tiles can go nowhere.

To finish, every tile but the discard must be laid: in a new run or set with
other tiles of the hand (or in a pair, when pairs may be laid), or on the
table's combinations. A tile is counted as going nowhere when no run of the
hand around it has a second real tile within reach of the okeys, no set of
its number has enough colours, no pair is possible, and no combination of the
table could take it (a run's end near enough for the hand's tiles and okeys
to bridge, a set lacking its colour with room, an okey's place). A run or set
of one real tile and two okeys needs both okeys, so only one tile can be laid
that way. Conservative throughout: when the test says no, no search could
find a finish; when it says maybe, the search decides.
"""

from __future__ import annotations

from collections.abc import Sequence

from okey.hand.columns import MAX_OKEYS, column, stuck_tiles
from okey.hand.combinations import GroupKind
from okey.hand.layoff import lacking, okey_places, room, top_place
from okey.hand.melds import Meld, OpeningRules
from okey.tiles import Tile


def _table_takes(code: int, counts: Sequence[int], okeys: int, table: Sequence[Meld],
                 okey: Tile, rules: OpeningRules) -> bool:  # fmt: skip
    colour, n0 = divmod(code, 13)
    places = [n0 + 1] + ([14] if rules.wrap_runs and n0 == 0 else [])
    for meld in table:
        for _, faces in okey_places(meld, okey) if rules.take_back_okey else ():
            if any(face.code == code for face in faces):
                return True
        if meld.kind is GroupKind.SET:
            if meld.number == n0 + 1 and room(meld, rules) and Tile(code) in lacking(meld, okey):
                return True
            continue
        if meld.colour != colour:
            continue
        for place in places:
            if meld.low <= place <= meld.high or not 1 <= place <= top_place(rules):
                continue
            between = (
                range(place + 1, meld.low) if place < meld.low else range(meld.high + 1, place)
            )
            holes = sum(1 for q in between if not counts[colour * 13 + (q - 1) % 13])
            length = max(meld.high, place) - min(meld.low, place) + 1
            if holes <= okeys and length <= 13:
                return True
    return False


def hopeless(
    counts: Sequence[int],
    okeys: int,
    table: Sequence[Meld],
    okey: Tile,
    rules: OpeningRules,
    combinations: bool,
    pairs: bool,
) -> bool:
    """True when the hand cannot finish this turn, its tiles having nowhere to go.

    ``counts``: the hand's real faces (a false joker as the okey's face);
    ``okeys``: the most okeys the player could lay (held, and on the table to
    take back); ``combinations``/``pairs``: which new groups the player may lay.
    """
    okeys = min(okeys, MAX_OKEYS)
    combos_fail = not combinations or _without_combinations(counts, okeys, table, okey, rules)
    return combos_fail and (not pairs or _without_pairs(counts, okeys, table, okey, rules))


def _without_combinations(
    counts: Sequence[int], okeys: int, table: Sequence[Meld], okey: Tile, rules: OpeningRules
) -> bool:
    """Two tiles fit no run or set of the hand (with two real tiles or more) nor the table;
    a tile fitting only with both okeys counts once."""
    fits = stuck_tiles(counts, okeys, rules.wrap_runs)
    nowhere = 0
    lone = 0
    for code in range(52):
        held = counts[code]
        if not held:
            continue
        colour, n0 = divmod(code, 13)
        colours = sum(1 for have in column(counts, n0) if have)
        if not fits[n0] >> colour & 1 or (colours >= 2 and colours + okeys >= 3):
            continue
        if _table_takes(code, counts, okeys, table, okey, rules):
            continue
        if okeys == MAX_OKEYS:
            lone += held
        else:
            nowhere += held
    return nowhere + max(0, lone - 1) > 1


def _without_pairs(
    counts: Sequence[int], okeys: int, table: Sequence[Meld], okey: Tile, rules: OpeningRules
) -> bool:
    """More single tiles the table cannot take than okeys to pair them, and a discard."""
    singles = sum(
        1
        for code in range(52)
        if counts[code] == 1 and not _table_takes(code, counts, okeys, table, okey, rules)
    )
    return singles > okeys + 1


def reachable_okeys(own: int, table: Sequence[Meld], okey: Tile, rules: OpeningRules) -> int:
    """The most okeys a player could lay this turn: their own and those on the table."""
    back = sum(len(okey_places(meld, okey)) for meld in table) if rules.take_back_okey else 0
    return min(MAX_OKEYS, own + back)
