"""Okey 101 on the screen: a rack of 21 or 22 tiles in two rows, and the combinations
on the table by owner ("●r7-9★8", "4:kr★b", pairs as "r5+r5")."""

from __future__ import annotations

from typing import TYPE_CHECKING

from prompt_toolkit.formatted_text import StyleAndTextTuples

from okey.games.okey101.browsing import Browsing
from okey.games.okey101.events import Pair
from okey.games.okey101.view import View101
from okey.hand.combinations import GroupKind
from okey.hand.finishing import Opened
from okey.hand.melds import Meld, number_at
from okey.table.kit import Layout
from okey.table.output.words import Words
from okey.table.terminal.screen import LETTERS, SHAPES, STAR, WIDTH, fit, screen_words, short_name
from okey.tiles import Tile, is_okey, stand_in

if TYPE_CHECKING:
    from okey.table.core import TableCore

ROW = 15  # tiles on one row of a 101 rack (75 columns)
ROWS = {"header": 4, "rack": 5, "table": 7, "log": 5}
"""The rows of the 24 each part takes (with a blank row after the header and after the
rack, and the footer): the rack two rows of tiles and their marks under its title, the
table's combinations, the messages."""


def meld_text(meld: Meld, okey: Tile) -> tuple[str, str]:
    """The style and the short text of a combination: "●r7-9★8", "4:kr★b"."""
    wild = [face for tile, face in zip(meld.tiles, meld.faces, strict=True) if is_okey(tile, okey)]
    if meld.kind is GroupKind.RUN:
        colour = meld.colour
        text = f"{SHAPES[colour]}{LETTERS[colour]}{meld.low}-{number_at(meld.high)}"
        text += "".join(f"{STAR}{face.number}" for face in wild)
        return f"class:tile.{colour.name.lower()}", text
    letters = "".join((STAR if face in wild else "") + LETTERS[face.colour] for face in meld.faces)
    return "", f"{meld.number}:{letters}"  # a set has no one colour: no shape


def pair_text(pair: Pair, okey: Tile) -> str:
    """ "r5+r5", "r5+★", "★+★"."""
    real = [tile for tile in pair if not is_okey(tile, okey)]
    if not real:
        return f"{STAR}+{STAR}"
    face = stand_in(real[0], okey)
    name = f"{LETTERS[face.colour]}{face.number}"
    return f"{name}+{name}" if len(real) == 2 else f"{name}+{STAR}"


def _owner_head(table: TableCore, view: View101, seat: int, words: Words) -> str:
    opened = view.openings[seat]
    if opened is Opened.COMBINATIONS:
        how = words("table.101.screen.value", value=view.opening_values[seat])
    elif opened is Opened.PAIRS:
        count = sum(1 for laid in view.pairs if laid.owner == seat)
        how = words("table.101.screen.pairs", count=count)
    else:
        how = words("table.101.screen.not_opened")
    head = f"{short_name(table, seat)} {how}"
    penalties = view.penalties[seat] if seat < len(view.penalties) else 0
    if penalties:
        head += " " + words("table.101.screen.penalties", count=penalties)
    return head + ":"


def table_panel(table: TableCore, height: int = ROWS["table"]) -> StyleAndTextTuples:
    """The combinations on the table by owner, in play order from the player, wrapped to
    the width; the one browsed with 3 in brackets and the focus's colours (its rows kept
    in sight); what does not fit in ``height`` rows is counted on the last one."""
    view = table.state.seen
    if not isinstance(view, View101):
        return []
    words = screen_words(table)
    okey = view.okey
    browsed = table.browsing if isinstance(table.browsing, Browsing) else None
    rows: list[StyleAndTextTuples] = [
        [("class:title", fit(words("table.101.screen.title", threshold=view.threshold)))]
    ]
    marked = 0  # the row of the combination browsed
    for seat in table.seats.in_play_order():
        pieces: list[tuple[str, str]] = [
            meld_text(laid.meld, okey) for laid in view.melds if laid.owner == seat
        ]
        pieces += [("", pair_text(laid.pair, okey)) for laid in view.pairs if laid.owner == seat]
        if not pieces and view.openings[seat] is Opened.NOT_YET and not view.penalties[seat]:
            continue
        head = _owner_head(table, view, seat, words)
        row: StyleAndTextTuples = [("class:title", head)]
        used = len(head)
        for index, (style, text) in enumerate(pieces):
            if browsed is not None and (browsed.seat, browsed.index) == (seat, index):
                style, text = f"{style} class:focus", f"[{text}]"
                marked = len(rows)
            if used + 2 + len(text) > WIDTH - 1:
                rows.append(row)
                row, used = [("", "  ")], 2
                if style.endswith("class:focus"):
                    marked = len(rows)
            else:
                row.append(("", "  "))
                used += 2
            row.append((style, text))
            used += len(text)
        rows.append(row)
    if len(rows) == 1:
        rows.append([("class:dim", words("table.101.screen.empty"))])
    if len(rows) > height:
        shown = height - 2  # the title and the line counting the rest
        first = max(1, min(marked - shown + 1, len(rows) - shown)) if marked else 1
        hidden = len(rows) - 1 - shown
        more: StyleAndTextTuples = [("class:dim", words("table.101.screen.more", count=hidden))]
        rows = [rows[0], *rows[first : first + shown], more]
    out: StyleAndTextTuples = []
    for index, row in enumerate(rows):
        if index:
            out.append(("", "\n"))
        out += row
    return out


LAYOUT = Layout(
    row=ROW,
    rack_rows=ROWS["rack"],
    log_rows=ROWS["log"],
    panel=table_panel,
    panel_rows=ROWS["table"],
)
