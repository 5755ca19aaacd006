"""What the page is sent, worded on the server from the catalogue (the page holds no
words of its own): its own headings and buttons (:func:`page_words`), and after each
change the seat's table as the terminal draws and reads it (:func:`table_state`).

A line said at the table goes to one of the page's regions (:class:`Region`): the log (the
history, appended only), the alert (your turn, the clock, the connection), the rack
(reading the focused tile: the page moves its focus there, and the screen reader reads
the tile's name, so the line is not put in the log as well) or the read-back (the
history keys' answers, which are in the log already).
"""

from __future__ import annotations

from collections.abc import Sequence
from enum import StrEnum
from typing import Any, TypeAlias

from prompt_toolkit.formatted_text import StyleAndTextTuples

from okey.messages import Verbosity, load_catalogue
from okey.table.controller import Table
from okey.table.input.racking import focus_line
from okey.table.input.router import _label, possible_now
from okey.table.keys import BY_COMMAND, Command, KeyNames, menu_commands
from okey.table.lines import Joined, Line, Speech
from okey.table.terminal import screen
from okey.tiles import Tile

PAGE_KEYS = (
    "web.title",
    "web.join.heading",
    "web.join.name",
    "web.join.code",
    "web.join.language",
    "web.join.sit",
    "web.join.brief_messages",
    "web.board",
    "web.rack",
    "web.rack.empty",
    "web.messages",
    "web.moves",
    "web.actions",
    "web.chat.label",
    "web.chat.send",
    "web.chat.cancel",
    "web.menu",
    "web.connecting",
    "web.retrying",
    "web.lost",
    "web.left",
    "web.skip",
    "web.keys_help",
    "web.yes",
    "web.no",
)
"""The page's own words: each ``web.*`` entry of the catalogue."""

LANGUAGE_NAMES = {"en": "English", "tr": "Türkçe"}  # each language in its own words

MOVES = (
    Command.CHOOSE,
    Command.DRAW,
    Command.TAKE,
    Command.ENTER,
    Command.FINISH,
    Command.LAY,
    Command.ADD,
    Command.MARK,
    Command.SHOW,
    Command.DECLINE,
    Command.HINT,
    Command.REVIEW,
    Command.CHAT,
)
"""The buttons always in sight (where the table plays them); the actions menu has all."""
EXTRA = (Command.LEFT, Command.RIGHT, Command.MENU, Command.NEWER, Command.YES)
"""Commands a button may send that the Escape menu does not list (the rack's moves)."""


class Region(StrEnum):
    LOG = "log"
    ALERT = "alert"
    FOCUS = "focus"
    READ = "read"


_ALERTS = ("table.your_turn", "table.time_left", "net.retrying", "net.lost", "table.win")
_FOCUS = ("table.focus", "table.group.")


def _first_key(speech: Speech) -> str:
    if isinstance(speech, Line):
        return speech.key
    if isinstance(speech, Joined) and speech.parts:
        first = speech.parts[0]
        if isinstance(first, Line | Joined):
            return _first_key(first)
    return ""


def region_of(speech: Speech) -> Region:
    """Where the page shows a line the table says."""
    key = _first_key(speech)
    if key.startswith(_FOCUS):
        return Region.FOCUS
    if key.startswith(_ALERTS):
        return Region.ALERT
    return Region.LOG


def page_words(language: str) -> dict[str, Any]:
    """The page's own words in ``language``, and the languages it may choose."""
    catalogue = load_catalogue(language)
    words: dict[str, Any] = {key: catalogue.text(key) for key in PAGE_KEYS}
    words["languages"] = [
        {"code": code, "name": LANGUAGE_NAMES.get(code, code)} for code in sorted(LANGUAGE_NAMES)
    ]
    words["lang"] = language
    return words


def fragments(text: StyleAndTextTuples) -> list[list[str]]:
    """The terminal's styled text as [classes, text] pairs ("class:tile.red" is
    "tile-red"), for the page to draw the same."""
    out: list[list[str]] = []
    for part in text:
        style = part[0]
        classes = _CLASSES.get(style)
        if classes is None:
            classes = _CLASSES[style] = " ".join(
                name.removeprefix("class:").replace(".", "-")
                for name in style.split()
                if name.startswith("class:")
            )
        out.append([classes, part[1]])
    return out


_CLASSES: dict[str, str] = {}  # each style the terminal draws (a few dozen), as classes
_CELLS: dict[tuple[Tile, Tile | None], tuple[str, str]] = {}  # each tile's face and classes


def _cell(tile: Tile, okey: Tile | None) -> tuple[str, str]:
    """A tile's face as the terminal draws it (shape, colour letter, number), and its
    classes."""
    cell = _CELLS.get((tile, okey))
    if cell is None:
        style, face = screen.tile_cell(tile, okey)
        cell = _CELLS[(tile, okey)] = (face.strip(), fragments([(style, "")])[0][0])
    return cell


def rack_items(table: Table) -> list[dict[str, Any]]:
    """Each tile of the rack: its name as the terminal reads it when focused there, its
    face as the terminal draws it (shape, colour letter, number)."""
    rack = table.rack
    words = table.words()
    okey = rack.okey
    kept = rack.focus
    marked = table.marked
    marks = table.marks
    count = rack.count
    seen = (words.catalogue.language, words.verbosity, words.okey, count)
    items: list[dict[str, Any]] = []
    try:
        for index, tile in enumerate(rack.tiles):
            face, style = _cell(tile, okey)
            said = (*seen, tile, tile in marks, index)  # all focus_line reads of it
            name = _NAMES.get(said)
            if name is None:
                rack.focus = index
                name = words.say(focus_line(table, with_kind=False))
                if len(_NAMES) >= _NAMES_MOST:
                    _NAMES.clear()
                _NAMES[said] = name
            items.append({"name": name, "face": face, "style": style, "marked": index in marked})
    finally:
        rack.focus = kept
    return items


_NAMES: dict[tuple[object, ...], str] = {}  # a tile's name in its place on a rack, worded
_NAMES_MOST = 20_000


_NONE = object()  # a part the page has not been sent


class Picture:
    """The page's picture of one seat's table (:meth:`changes`), worked out part by part:
    the rack's words and the actions again only when what they depend on changed, each
    action's words and key once, and only the parts that differ from the page's are
    sent (a move is told to every seat at once: this is most of a browser seat's cost)."""

    def __init__(self) -> None:
        self.rack_key: object = None
        self.rack: list[dict[str, Any]] = []
        self.actions_key: object = None
        self.actions: tuple[list[dict[str, Any]], list[dict[str, Any]]] = ([], [])
        self.board_key: tuple[object, ...] = ()
        self.board: Board = ([], [])
        self.sent: dict[str, Any] = {}  # each part as the page has it
        self._said: dict[tuple[Line | str, Verbosity], str] = {}
        self._keys: dict[Command, str] = {}
        self._items: dict[Command, dict[str, Any]] = {}  # each action as last worded
        self._rules: object = None
        self._commands: list[Command] = []  # the Escape menu of those rules

    def changes(self, table: Table) -> dict[str, Any] | None:
        """The parts of the page's picture that changed, as one "state" message (None:
        nothing did); the first holds them all."""
        rack = table.rack
        key = (rack.tiles, table.marked, rack.okey, table.settings.verbosity, rack.mode)
        if key != self.rack_key:
            self.rack_key = key
            self.rack = rack_items(table)
        listed = actions_key(table)
        if listed != self.actions_key:
            self.actions_key = listed
            self.actions = self._actions(table)
        seen = (table.state, table.seats, table.settings.verbosity)
        if len(seen) != len(self.board_key) or any(
            new is not old for new, old in zip(seen, self.board_key, strict=True)
        ):
            self.board_key = seen  # (kept: an object's id is no other's while it lives)
            self.board = board(table)
        state = table_state(table, self.rack, self.actions, self.board)
        sent = self.sent
        changed = {name: part for name, part in state.items() if sent.get(name, _NONE) != part}
        if not changed:
            return None
        sent.update(changed)
        return {"t": "state", **changed}

    def _actions(self, table: Table) -> tuple[list[dict[str, Any]], list[dict[str, Any]]]:
        """:func:`actions`, each label worded once in each verbosity, each key named once."""
        verbosity = table.settings.verbosity
        said, keys, items = self._said, self._keys, self._items
        names = KeyNames(table.catalogue)
        lobby = getattr(table.seat, "lobby", None)
        rules = table.seat.rules
        if rules is not self._rules:
            self._rules, self._commands = rules, menu_commands(rules, online=True)
        listed = []
        for command in self._commands:
            label = _label(table, command)
            if command is Command.ENTER and lobby is not None and not lobby.started:
                label = Line("web.start")  # the lobby's Enter starts the match (the host's)
            asked = (label.key, verbosity) if not label.fields else (label, verbosity)
            text = said.get(asked)  # (a line's hash is its key's: most have no fields)
            if text is None:
                text = said[asked] = table.words().say(label)
            if command not in keys:
                keys[command] = names[command] if BY_COMMAND[command].keys else ""
            now = possible_now(table, command)
            item = items.get(command)
            if item is None or item["label"] != text or item["now"] != now:
                item = items[command] = {  # (a new one: the page's picture holds the old)
                    "cmd": command.value,
                    "label": text,
                    "key": keys[command],
                    "now": now,
                }
            listed.append(item)
        return _moves(listed), listed


def _moves(listed: list[dict[str, Any]]) -> list[dict[str, Any]]:
    by_command = {item["cmd"]: item for item in listed}
    return [by_command[value] for value in _MOVE_VALUES if value in by_command]


_MOVE_VALUES = tuple(command.value for command in MOVES)


def actions(table: Table) -> tuple[list[dict[str, Any]], list[dict[str, Any]]]:
    """The moves' buttons in sight, and the actions menu: every command of the Escape
    menu, each with its words, its key and whether it can be done now."""
    return Picture()._actions(table)


def allowed_commands(table: Table) -> frozenset[Command]:
    """What a button of this table's page may ask for."""
    return frozenset(menu_commands(table.seat.rules, online=True)) | frozenset(EXTRA)


def menu_items(table: Table) -> list[str] | None:
    menu = table.menu
    if menu is None:
        return None
    words = table.words()
    return [words.say(option.label) for option in menu.options]


def actions_key(table: Table) -> object:
    """What the actions' words and whether they can be done now depend on: they are
    worked out again only when it changes."""
    state = table.state
    view = state.view
    lobby = getattr(table.seat, "lobby", None)
    return (
        state.step,
        state.round_number,
        view.legal if view is not None else None,
        view.phase if view is not None else None,
        table.asking is not None,
        table.menu is not None,
        lobby is not None and lobby.started,
        table.settings.verbosity,
        table.rack.count,
        table.settings.hints_left,  # (the hint's button, once they are used up)
        view is not None and table.seats.you in view.autopilot,
    )


Board: TypeAlias = tuple[list[list[str]], list[list[str]]]


def board(table: Table) -> Board:
    """The board (the terminal's header) and the game's panel (Okey 101's laid tiles):
    drawn from the seat's state, its seats and the verbosity alone."""
    panel = table.game.layout.panel
    return fragments(screen.header(table)), fragments(panel(table)) if panel is not None else []


def table_state(
    table: Table,
    rack: Sequence[dict[str, Any]],
    listed: tuple[list[dict[str, Any]], list[dict[str, Any]]] | None = None,
    drawn: Board | None = None,
) -> dict[str, Any]:
    """The page's picture of the table now (the rack's items, the actions and the board
    made by the caller, who keeps them while they are unchanged)."""
    moves, every = listed if listed is not None else actions(table)
    header, panel = drawn if drawn is not None else board(table)
    menu = table.menu
    return {
        "step": table.state.step.value,
        "rack": list(rack),
        "focus": table.rack.focus,
        "board": header,
        "panel": panel,
        "footer": fragments(screen.footer(table)),
        "menu": menu_items(table),
        "menu_focus": menu.focus if menu is not None else 0,
        "writing": table.chat is not None and table.chat.writing,
        "asking": table.asking is not None,
        "moves": moves,
        "actions": every,
    }
