"""The table's commands and the one key table that gives them.

:data:`BINDINGS` is the only list of keys: each command with its keys, whether the
Escape menu lists it, whether this table plays it, and the help line that names its
key. The key map (:data:`KEYMAP`), the keys as spoken (:class:`KeyNames`), the
Escape menu (:func:`menu_commands`), the help's lines (:func:`help_topics`) and the
start menu's keys (:func:`command_for`) are all read from it.

The key map is per table (:func:`keymap`): a key may give two commands whose
``offered`` never both hold for one rule set (G shows the indicator's twin at a
classic table and lays at a 101 table; tests check every rule set of ``rules/``).

Key names are prompt_toolkit's ("left", "c-s", "f1", "escape") or the character
itself. Letters work in either case, so Caps Lock does not get in the way.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Mapping
from dataclasses import dataclass
from enum import Enum
from functools import cache
from types import MappingProxyType
from typing import TYPE_CHECKING

from okey import kits
from okey.messages import Catalogue
from okey.rules import CLASSIC, RuleSet

if TYPE_CHECKING:  # the table loads without the screen library (its first words come first)
    from prompt_toolkit.key_binding import KeyPressEvent


class Command(Enum):
    """Everything the player can ask of the table."""

    LEFT = "left"
    RIGHT = "right"
    HOME = "home"
    END = "end"
    NEXT_GROUP = "next_group"
    PREVIOUS_GROUP = "previous_group"
    ENTER = "enter"  # discard the focused tile; at other moments: next round, resume, confirm
    DISCARD = "discard"  # discard the focused tile
    CHOOSE = "choose"  # take or draw, asked
    DRAW = "draw"
    TAKE = "take"
    FINISH = "finish"
    DECLINE = "decline"
    SHOW = "show"
    TURN_TO_OKEY = "turn_to_okey"
    PAIRS = "pairs"
    SORT = "sort"
    HAND = "hand"
    INDICATOR = "indicator"
    SCORES = "scores"
    PILE = "pile"  # also "no" in a question
    WHOSE_TURN = "whose_turn"
    LEFT_DISCARDS = "left_discards"
    RIGHT_DISCARDS = "right_discards"
    ACROSS_DISCARDS = "across_discards"
    MY_DISCARDS = "my_discards"
    COPIES = "copies"  # where the copies of the focused tile are
    HELP = "help"
    HINT = "hint"  # what the master would do
    REVIEW = "review"  # the master's review of the round just over
    RULES = "rules"
    TIME = "time"
    OLDER = "older"
    NEWER = "newer"
    OLDEST = "oldest"
    NEWEST = "newest"
    VERBOSITY = "verbosity"
    TALK = "talk"  # Shift+V: a story's neighbours silenced or heard again
    SOUNDS = "sounds"
    SPEECH_STATUS = "speech_status"
    OKEY_WARNING = "okey_warning"  # menu only
    SAVE = "save"
    QUIT = "quit"
    MENU = "menu"
    INTERRUPT = "interrupt"  # save and leave at once
    YES = "yes"  # in a question
    SKIP = "skip"  # skip a step of the tutorial
    CHAT = "chat"  # write a line every seat hears (a table played online)
    MUTE_CHAT = "mute_chat"
    FIND = "find"  # find a tile by typing its number or colour letter
    GLANCE = "glance"  # the table at a glance, in one sentence
    HOW_CLOSE = "how_close"  # how many tiles the hand still needs, and which finish it
    SOFTER = "softer"  # the sounds' volume
    LOUDER = "louder"
    MARK = "mark"  # Okey 101: mark or unmark the focused tile for a laying
    LAY = "lay"  # Okey 101: lay the marked tiles, or the best opening or combinations
    ADD = "add"  # Okey 101: add the focused tile to a combination on the table
    BROWSE = "browse"  # Okey 101: browse the table's combinations
    TILE_COUNTS = "tile_counts"  # Okey 101: how many tiles each player holds


class Topic(Enum):
    """A line of the help (``table.help.<value>``) and the keys it names."""

    TILES = "tiles"  # said every time
    MOVES = "moves"
    PAIRS = "pairs"
    TIME = "time"
    HINT = "hint"
    STATUS = "status"
    SPEECH = "speech"
    CHAT = "chat"
    LAYING = "laying"  # Okey 101's keys
    GENERAL = "general"  # the closing line (the tutorial has its own)


EVERY_KEY = (
    Topic.MOVES,
    Topic.LAYING,
    Topic.PAIRS,
    Topic.TIME,
    Topic.HINT,
    Topic.STATUS,
    Topic.SPEECH,
    Topic.CHAT,
)
"""The help's lines that only H twice says (every key), in the order said."""


def _always(rules: RuleSet) -> bool:
    del rules
    return True


@dataclass(frozen=True)
class GameKeys:
    """What a game's folder gives the key table (its module ``keys``'s ``PART``): the
    commands that are the game's own (:data:`OWN`) it plays, each with when a table with
    these rules plays it, and the help's lines it does not say."""

    offered: Mapping[Command, Callable[[RuleSet], bool]]
    unsaid: frozenset[Topic] = frozenset()


OWN: frozenset[Command] = frozenset(
    {
        Command.MARK,
        Command.LAY,
        Command.ADD,
        Command.BROWSE,
        Command.TILE_COUNTS,
        Command.DECLINE,
        Command.SHOW,
        Command.TURN_TO_OKEY,
        Command.PAIRS,
        Command.OKEY_WARNING,
    }
)
"""The commands a game plays only if its folder says so (a key may give two of them at
two games: G shows the indicator's twin at Okey and lays at Okey 101)."""


def game_keys(rules: RuleSet) -> GameKeys:
    """The keys' part of the game these rules are for."""
    return kits.part(rules.game, "keys", GameKeys)


def _own(command: Command) -> Callable[[RuleSet], bool]:
    """Offered where the table's game plays ``command`` (its folder says when)."""

    def offered(rules: RuleSet) -> bool:
        test = game_keys(rules).offered.get(command)
        return test is not None and test(rules)

    return offered


@dataclass(frozen=True, slots=True)
class Binding:
    """A command, its keys (the first one is shown and spoken), and where it appears."""

    command: Command
    keys: tuple[str, ...]
    menu: bool = False  # the Escape menu lists it (in this table's order)
    offered: Callable[[RuleSet], bool] = _always  # whether a table with these rules plays it
    topic: Topic | None = None  # the help line that names its key
    online: bool = False  # only at a table played over the network (the menu and help)

    def plays(self, rules: RuleSet, *, online: bool) -> bool:
        """Whether this table (its rules, online or not) plays the command."""
        return self.offered(rules) and (online or not self.online)


def _b(
    command: Command,
    *keys: str,
    menu: bool = True,
    offered: Callable[[RuleSet], bool] = _always,
    topic: Topic | None = None,
    online: bool = False,
) -> Binding:
    return Binding(command, keys, menu, offered, topic, online)


C = Command
BINDINGS: tuple[Binding, ...] = (
    # The Escape menu, in its order: the moves first.
    _b(C.CHOOSE, "d", topic=Topic.MOVES),
    _b(C.DRAW, "p", topic=Topic.MOVES),
    _b(C.TAKE, "t", topic=Topic.MOVES),
    _b(C.ENTER, "enter", topic=Topic.MOVES),
    _b(C.FINISH, "f", topic=Topic.MOVES),
    _b(C.MARK, "k", offered=_own(C.MARK), topic=Topic.LAYING),
    _b(C.LAY, "g", offered=_own(C.LAY), topic=Topic.LAYING),
    _b(C.ADD, "x", offered=_own(C.ADD), topic=Topic.LAYING),
    _b(C.BROWSE, "3", offered=_own(C.BROWSE), topic=Topic.LAYING),
    _b(C.DECLINE, "x", offered=_own(C.DECLINE)),
    _b(C.SHOW, "g", offered=_own(C.SHOW)),
    _b(C.TURN_TO_OKEY, "k", offered=_own(C.TURN_TO_OKEY)),
    _b(C.PAIRS, "2", offered=_own(C.PAIRS), topic=Topic.PAIRS),
    _b(C.SORT, "s", topic=Topic.TILES),
    _b(C.HAND, "a", topic=Topic.TILES),
    _b(C.FIND, "c-f", topic=Topic.TILES),
    _b(C.INDICATOR, "i", topic=Topic.STATUS),
    _b(C.SCORES, "c", topic=Topic.STATUS),
    _b(C.PILE, "n", topic=Topic.STATUS),
    _b(C.WHOSE_TURN, "w", topic=Topic.STATUS),
    _b(C.LEFT_DISCARDS, "l", topic=Topic.STATUS),
    _b(C.RIGHT_DISCARDS, "r", topic=Topic.STATUS),
    _b(C.ACROSS_DISCARDS, "o", offered=lambda r: r.table.players != 3, topic=Topic.STATUS),
    _b(C.MY_DISCARDS, "m", topic=Topic.STATUS),
    _b(C.COPIES, "z", topic=Topic.STATUS),
    _b(C.GLANCE, "1", topic=Topic.STATUS),
    _b(C.HOW_CLOSE, "0", topic=Topic.STATUS),
    _b(C.TILE_COUNTS, "4", offered=_own(C.TILE_COUNTS), topic=Topic.LAYING),
    _b(C.TIME, "e", offered=lambda r: bool(r.play.timer_seconds), topic=Topic.TIME),
    _b(C.HINT, "u", topic=Topic.HINT),
    _b(C.REVIEW, "j", topic=Topic.HINT),
    _b(C.HELP, "h", "f1"),
    _b(C.RULES, "?", topic=Topic.STATUS),
    _b(C.OLDER, ",", topic=Topic.SPEECH),
    _b(C.TALK, "V", menu=False),  # before V's verbosity: Shift+V is its own key
    _b(C.VERBOSITY, "v", topic=Topic.SPEECH),
    _b(C.SOUNDS, "b", topic=Topic.SPEECH),
    _b(C.SPEECH_STATUS, "f2", topic=Topic.SPEECH),
    _b(C.CHAT, "/", "f5", topic=Topic.CHAT, online=True),
    _b(C.MUTE_CHAT, "f6", topic=Topic.CHAT, online=True),
    _b(C.OKEY_WARNING, offered=_own(C.OKEY_WARNING)),
    _b(C.SAVE, "c-s", topic=Topic.GENERAL),
    _b(C.QUIT, "q", topic=Topic.GENERAL),
    # Keys the menu does not list.
    _b(C.LEFT, "left", menu=False, topic=Topic.TILES),
    _b(C.RIGHT, "right", menu=False, topic=Topic.TILES),
    _b(C.HOME, "home", menu=False),
    _b(C.END, "end", menu=False),
    _b(C.NEXT_GROUP, "down", menu=False, topic=Topic.TILES),
    _b(C.PREVIOUS_GROUP, "up", menu=False, topic=Topic.TILES),
    _b(C.DISCARD, "space", menu=False, topic=Topic.MOVES),
    _b(C.NEWER, ".", menu=False, topic=Topic.SPEECH),
    _b(C.OLDEST, "<", menu=False),
    _b(C.NEWEST, ">", menu=False),
    _b(C.MENU, "escape", menu=False, topic=Topic.GENERAL),
    _b(C.INTERRUPT, "c-c", menu=False),
    _b(C.YES, "y", menu=False),
    _b(C.SKIP, "tab", menu=False),
    _b(C.SOFTER, "f3", menu=False, topic=Topic.SPEECH),
    _b(C.LOUDER, "f4", menu=False, topic=Topic.SPEECH),
)
"""Every command of the table, once, with its keys."""

BY_COMMAND: Mapping[Command, Binding] = MappingProxyType({b.command: b for b in BINDINGS})


def _with_capitals(key: str) -> tuple[str, ...]:
    return (key, key.upper()) if len(key) == 1 and key.isalpha() else (key,)


def _map(bindings: Iterable[Binding]) -> Mapping[str, Command]:
    found: dict[str, Command] = {}
    for b in bindings:
        for key in b.keys:
            for name in _with_capitals(key):
                found.setdefault(name, b.command)
    return MappingProxyType(found)


@cache
def _every_key() -> Mapping[str, Command]:
    """Every bound key and a command it gives: where two games give a key two
    commands, the default game's (a classic table's)."""
    default = game_keys(CLASSIC).offered
    return _map(sorted(BINDINGS, key=lambda b: b.command in OWN and b.command not in default))


def __getattr__(name: str) -> Mapping[str, Command]:
    if name == "KEYMAP":  # made at its first use: it asks the default game's folder
        return _every_key()
    raise AttributeError(name)


def keymap(rules: RuleSet) -> Mapping[str, Command]:
    """The keys of a table with these rules: each key's command offered there (a key
    no command of the table offers gives the first one bound, answered as not played)."""
    return MappingProxyType({**_every_key(), **_map(b for b in BINDINGS if b.offered(rules))})


def clashes(rules: RuleSet) -> dict[str, list[Command]]:
    """Keys giving two commands offered at one table (there must be none)."""
    given: dict[str, list[Command]] = {}
    for b in BINDINGS:
        if b.offered(rules):
            for key in b.keys:
                given.setdefault(key, []).append(b.command)
    return {key: commands for key, commands in given.items() if len(commands) > 1}


def menu_commands(rules: RuleSet, *, online: bool = False) -> list[Command]:
    """The Escape menu: every action of this table (``online``: played over the network),
    the moves first."""
    return [b.command for b in BINDINGS if b.menu and b.plays(rules, online=online)]


def help_topics(rules: RuleSet, *, online: bool = False) -> list[Topic]:
    """The help's every-key lines this table says: a line whose keys it plays (at 101
    the laying line names 2, not the pairs' announcement)."""
    return [
        topic
        for topic in EVERY_KEY
        if any(b.topic is topic and b.plays(rules, online=online) for b in BINDINGS)
        and topic not in game_keys(rules).unsaid
    ]


# -- keys as prompt_toolkit reports them, and as they are said ---------------------------

_ALIASES = {  # what prompt_toolkit reports for some keys, and the key it is
    "c-i": "tab",
    "c-h": "backspace",
    "c-m": "enter",
    "c-j": "enter",
    " ": "space",
    "<bracketed-paste>": "paste",
}


def pressed_key(event: KeyPressEvent) -> str:
    """prompt_toolkit's name for the key an unbound-key handler received."""
    from prompt_toolkit.keys import Keys

    pressed = event.key_sequence[0].key
    return pressed.value if isinstance(pressed, Keys) else str(pressed)


def key_name(key: str) -> str:
    """The table's name for a key prompt_toolkit reported: "c-m" is "enter"."""
    return _ALIASES.get(key, key)


def command_for(key: str, keys: Mapping[str, Command] | None = None) -> Command | None:
    """The command a key gives, by prompt_toolkit's name for it (None: no command);
    ``keys``: a table's own map (:func:`keymap`), else every key's first command."""
    return (_every_key() if keys is None else keys).get(key_name(key))


_PUNCTUATION = {  # keys said by their names ("comma"), not their signs
    ",": "comma",
    ".": "period",
    "<": "less",
    ">": "greater",
    "?": "question",
    "/": "slash",
}


def spoken_key(key: str, catalogue: Catalogue) -> str:
    """A key's name as said, from prompt_toolkit's name for it: "Z", "F5", "Ctrl+X", "Tab",
    "Comma"."""
    text = catalogue.text
    key = key_name(key)
    if key.startswith("c-") and len(key) > 2:
        return text("key.ctrl", name=spoken_key(key[2:], catalogue))
    if key in _PUNCTUATION:
        return text(f"key.{_PUNCTUATION[key]}")
    if len(key) == 1 or (key[:1] == "f" and key[1:].isdigit()):
        return key.upper()
    if catalogue.has(f"key.{key}"):
        return text(f"key.{key}")
    return key.replace("-", " ").capitalize()


class KeyNames(Mapping[Command, str]):
    """Commands' keys as said in ``catalogue``'s language (menu entries, help)."""

    def __init__(self, catalogue: Catalogue) -> None:
        self.catalogue = catalogue

    def __getitem__(self, command: Command) -> str:
        keys = BY_COMMAND[command].keys
        if not keys:
            raise KeyError(command)
        return spoken_key(keys[0], self.catalogue)

    def __iter__(self) -> Iterator[Command]:
        return (b.command for b in BINDINGS if b.keys)

    def __len__(self) -> int:
        return sum(1 for b in BINDINGS if b.keys)
