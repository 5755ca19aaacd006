"""What a sighted player sees: a calm 80x24 screen drawn from the table's state.

Each tile shows a shape, a colour letter and its number, so colour is never
the only cue: circle red, triangle blue, square black, diamond yellow, and a
star for a false joker (shown with the face it plays). Okeys are marked
under the rack. Pure functions from the table to styled text; the layout is
in :mod:`okey.table.terminal.app`.

At Okey 101 the rack of 21 or 22 tiles takes two rows (marks for a laying shown under
their tiles in words, beside the okeys'), and a panel lists the combinations on the
table by owner, each with the value they opened with (or their pairs) and their
penalties: a run as its colour letter and ends ("●r7-9"), a set as its number and
colour letters ("4:kr★b"), a star before the face an okey plays ("★8"), a pair as
"r5+r5". :data:`ROWS_101` is the layout's share of the 24 rows.
"""

from __future__ import annotations

import textwrap
from collections.abc import Sequence
from functools import cache

from prompt_toolkit.formatted_text import StyleAndTextTuples

from okey.messages import Verbosity
from okey.rules_words import rules_name
from okey.table.core import TableCore
from okey.table.output import prompts
from okey.table.output.words import Words
from okey.table.sorted_hand import row_starts
from okey.table.state.seat import SeatView
from okey.table.state.sorting import SortedHand
from okey.tiles import Colour, Tile, stand_in

WIDTH = 80
CELL = 5  # a tile is drawn in 4 columns plus a gap
SHAPES = {Colour.RED: "●", Colour.BLUE: "▲", Colour.BLACK: "■", Colour.YELLOW: "◆"}
LETTERS = {Colour.RED: "r", Colour.BLUE: "b", Colour.BLACK: "k", Colour.YELLOW: "y"}
STAR = "★"

STYLE = {
    "title": "bold",
    "dim": "#888888",
    "tile.red": "ansired bold",
    "tile.blue": "ansiblue bold",
    "tile.black": "bold",
    "tile.yellow": "ansiyellow bold",
    "tile.joker": "ansimagenta bold",
    "okey": "underline",
    "focus": "reverse",
    "mark": "ansigreen",
    "menu.focus": "reverse",
}


@cache  # (a few thousand at most; a server's browser seats draw them on every move)
def tile_cell(tile: Tile, okey: Tile | None) -> tuple[str, str]:
    """The style and the 4-column text of a tile: "●r5", "★r6" (false joker)."""
    face = stand_in(tile, okey) if okey is not None else tile
    if face.is_false_joker:
        return "class:tile.joker", f"{STAR}?".ljust(4)
    shape = STAR if tile.is_false_joker else SHAPES[face.colour]
    style = "class:tile.joker" if tile.is_false_joker else f"class:tile.{face.colour.name.lower()}"
    if okey is not None and tile == okey:
        style += " class:okey"
    return style, f"{shape}{LETTERS[face.colour]}{face.number}".ljust(4)


def tile_text(tile: Tile | None, okey: Tile | None) -> StyleAndTextTuples:
    if tile is None:
        return [("class:dim", "-")]
    style, text = tile_cell(tile, okey)
    return [(style, text.rstrip())]


def screen_words(table: TableCore) -> Words:
    words = table.words()
    words.verbosity = Verbosity.BRIEF
    return words


def header(table: TableCore) -> StyleAndTextTuples:
    """Title, indicator and okey; the scores; the top of each discard pile; whose turn."""
    words = screen_words(table)
    state = table.state
    rules = words.field(rules_name(table.seat.rules))
    out: StyleAndTextTuples = []
    view = state.seen
    if view is None:
        out.append(("class:title", words("table.screen.title.none", rules=rules)))
        return out
    title = words(
        "table.screen.title", rules=rules, number=state.round_number, pile=view.pile_count
    )
    out.append(("class:title", title))
    out.append(("", "   "))
    out += _indicator(view.indicator, view.okey, words)
    out.append(("", "\n"))
    scores = " · ".join(
        words("table.screen.score", name=short_name(table, seat), score=view.scores[seat])
        for seat in table.seats.in_play_order()
    )
    out.append(("", fit(words("table.screen.scores", scores=scores))))
    out.append(("", "\n"))
    out += _discard_tops(table, view, words)
    out.append(("", "\n"))
    out.append(("class:title", fit(words.say(prompts.whose_turn(state)))))
    return out


def _indicator(indicator: Tile, okey: Tile, words: Words) -> StyleAndTextTuples:
    text = words("table.screen.indicator", indicator="\0", okey="\1")
    before, rest = text.split("\0")
    middle, after = rest.split("\1")
    return [
        ("", before),
        *tile_text(indicator, None),
        ("", middle),
        *tile_text(okey, None),
        ("", after),
    ]


def short_name(table: TableCore, seat: int) -> str:
    if seat == table.seats.you:
        return table.words()("table.label.you")
    return table.seats.names[seat]


def _discard_tops(table: TableCore, view: SeatView, words: Words) -> StyleAndTextTuples:
    okey = view.okey
    out: StyleAndTextTuples = [("", words("table.screen.discards", piles=""))]
    seats = table.seats
    order = [*seats.others(), seats.you]
    for index, seat in enumerate(order):
        if index:
            out.append(("class:dim", " · "))
        label = words.label(seat)
        pile = view.discards[seat]
        out.append(("", f"{label} "))
        out += tile_text(pile[-1] if pile else None, okey)
    middle = table.game.middle(view)
    if middle is not None:
        out.append(("class:dim", " · "))
        out += tile_text(middle, okey)
    return out


def rack_lines(hand: SortedHand, okey: Tile | None, focus: int, words: Words) -> StyleAndTextTuples:
    """The rack: the tiles (sections parted by a bar), then a line marking the okeys."""
    starts = {section.start for section in hand.sections}
    tiles_line: StyleAndTextTuples = []
    marks: list[str] = []
    okey_mark = words("table.screen.okey_mark")[: CELL - 1]
    for index, tile in enumerate(hand.tiles):
        style, text = tile_cell(tile, okey)
        if index:
            gap = "│" if index in starts else " "
            tiles_line.append(("class:dim", gap))
        if index == focus:
            style += " class:focus"
        tiles_line.append((style, text))
        marks.append(okey_mark.ljust(CELL - 1) if tile == okey else " " * (CELL - 1))
    return [*tiles_line, ("", "\n"), ("class:mark", " ".join(marks).rstrip())]


def rack_rows(
    hand: SortedHand,
    okey: Tile | None,
    focus: int,
    words: Words,
    marked: frozenset[int],
    row: int,
    most: int,
) -> StyleAndTextTuples:
    """A long rack (Okey 101's) in rows of at most ``row`` tiles, a colour group kept in
    one row where ``most`` rows allow it, each row with its marks line under it: the
    okeys and the tiles marked for a laying, in words."""
    starts = {section.start for section in hand.sections}
    okey_mark = words("table.screen.okey_mark")[: CELL - 1]
    laying_mark = words("table.101.screen.mark")[: CELL - 1]
    out: StyleAndTextTuples = []
    tiles = hand.tiles
    firsts = row_starts(hand, row, most)
    for first, end in zip(firsts, (*firsts[1:], len(tiles)), strict=True):
        if first:
            out.append(("", "\n"))
        marks: list[str] = []
        for index in range(first, end):
            tile = tiles[index]
            style, text = tile_cell(tile, okey)
            if index > first:
                out.append(("class:dim", "│" if index in starts else " "))
            if index == focus:
                style += " class:focus"
            out.append((style, text))
            mark = laying_mark if index in marked else okey_mark if tile == okey else ""
            marks.append(mark.ljust(CELL - 1))
        out.append(("", "\n"))
        out.append(("class:mark", " ".join(marks).rstrip()))
    return out


def rack(table: TableCore) -> StyleAndTextTuples:
    words = screen_words(table)
    sorted_hand = table.rack.sorted
    title = words("table.screen.rack", mode=words.mode(table.rack.mode), count=table.rack.count)
    row = table.game.layout.row
    if row is not None:
        return [
            ("class:title", title),
            ("", "\n"),
            *rack_rows(
                sorted_hand,
                table.rack.okey,
                table.rack.focus,
                words,
                table.marked,
                row,
                tile_rows(table),
            ),
        ]
    return [
        ("class:title", title),
        ("", "\n"),
        *rack_lines(sorted_hand, table.rack.okey, table.rack.focus, words),
        ("", "\n"),
        ("class:dim", words("table.screen.legend")),
    ]


def tile_rows(table: TableCore) -> int:
    """How many rows of tiles a long rack has room for (each with its marks line, under
    the title)."""
    rows = table.game.layout.rack_rows
    return max(1, (rows - 1) // 2) if rows is not None else len(table.rack.tiles) + 1


def _focus_place(table: TableCore) -> tuple[int, int]:
    """The focused tile's row of a long rack, and its place in that row."""
    row = table.game.layout.row
    focus = table.rack.focus
    if row is None:
        return 0, focus
    firsts = row_starts(table.rack.sorted, row, tile_rows(table))
    number = max(i for i, first in enumerate(firsts) if first <= focus or i == 0)
    return number, focus - firsts[number]


def cursor_column(table: TableCore) -> int:
    """Where the real cursor sits on the rack line: at the focused tile."""
    return _focus_place(table)[1] * CELL


def cursor_row(table: TableCore) -> int:
    """The rack's row of the focused tile, under the title (a long rack: each row of
    tiles has its marks line under it)."""
    return 1 + 2 * _focus_place(table)[0]


def messages(lines: Sequence[str], height: int, width: int = WIDTH) -> StyleAndTextTuples:
    """The newest messages that fit, wrapped, the newest at the bottom."""
    wrapped: list[str] = []
    for line in reversed(lines):
        parts = textwrap.wrap(line, width - 1) or [""]
        wrapped[:0] = parts
        if len(wrapped) >= height:
            break
    shown = wrapped[-height:]
    out: StyleAndTextTuples = []
    for index, text in enumerate(shown):
        if index:
            out.append(("", "\n"))
        out.append(("", text))
    return out


def menu_lines(table: TableCore, height: int) -> StyleAndTextTuples:
    """The open menu, the focused entry highlighted (the cursor sits on it)."""
    menu = table.menu
    if menu is None:
        return []
    words = screen_words(table)
    first = max(0, min(menu.focus - height // 2, len(menu.options) - height))
    out: StyleAndTextTuples = []
    for index in range(first, min(len(menu.options), first + height)):
        option = menu.options[index]
        if out:
            out.append(("", "\n"))
        key = option.key(words.catalogue) or words("table.menu.no_key")
        text = fit(f"{words.say(option.label)} ({key})")
        out.append(("class:menu.focus" if index == menu.focus else "", text))
    return out


def menu_cursor_row(table: TableCore, height: int) -> int:
    menu = table.menu
    if menu is None:
        return 0
    first = max(0, min(menu.focus - height // 2, len(menu.options) - height))
    return menu.focus - first


def footer(table: TableCore) -> StyleAndTextTuples:
    key = "table.screen.footer" if table.guide is None else "tutorial.screen.footer"
    return [("class:dim", screen_words(table)(key))]


def fit(text: str, width: int = WIDTH - 1) -> str:
    return text if len(text) <= width else text[: width - 1] + "…"


__all__ = [
    "STYLE",
    "cursor_column",
    "cursor_row",
    "fit",
    "footer",
    "header",
    "menu_cursor_row",
    "menu_lines",
    "messages",
    "rack",
    "screen_words",
    "short_name",
    "tile_cell",
]
