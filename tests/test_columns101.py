"""The sets Okey 101's searches take from one number's tiles (okey.hand.columns), against
the obvious enumeration: for each column every choice of one to three sets in order,
the first choice kept for each usage of tiles and okeys."""

from __future__ import annotations

from itertools import combinations_with_replacement, product

import pytest

from okey.hand.columns import MAX_OKEYS, ColumnOption, Usage, _column_options, _set_specs


def enumerated(base: bool) -> dict[Usage, tuple[ColumnOption, ...]]:
    specs = [
        (mask, k) for mask, k in _set_specs() if not (base and k and mask.bit_count() + k == 4)
    ]
    table: dict[Usage, tuple[ColumnOption, ...]] = {}
    for column in product(range(3), repeat=4):
        found: dict[tuple[Usage, int], ColumnOption] = {}
        for count in (1, 2, 3):
            for chosen in combinations_with_replacement(specs, count):
                okeys = sum(k for _, k in chosen)
                if okeys > MAX_OKEYS:
                    continue
                used = tuple(sum(mask >> c & 1 for mask, _ in chosen) for c in range(4))
                if any(u > have for u, have in zip(used, column, strict=True)):
                    continue
                usage: Usage = (used[0], used[1], used[2], used[3])
                if (usage, okeys) not in found:
                    found[usage, okeys] = ColumnOption(okeys, usage, sum(used) + okeys, chosen)
        if found:
            key: Usage = (column[0], column[1], column[2], column[3])
            table[key] = tuple(sorted(found.values(), key=lambda o: (o.okeys, o.used)))
    return table


@pytest.mark.parametrize("base", [False, True])
def test_every_column_has_the_options_the_enumeration_finds_in_its_order(base: bool) -> None:
    built = _column_options(base)
    expected = enumerated(base)
    assert list(built) == list(expected)
    assert built == expected
