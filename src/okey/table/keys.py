"""The table's commands and the keys that give them.

Key names are prompt_toolkit's ("left", "c-s", "f1", "escape") or the
character itself. Letters work in either case, so Caps Lock does not get in
the way. The Escape menu lists the same commands with their keys.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from enum import Enum
from types import MappingProxyType

from prompt_toolkit.key_binding import KeyPressEvent
from prompt_toolkit.keys import Keys

from okey.messages import CATALOGUE
from okey.rules import RuleSet


class Command(Enum):
    """Everything the player can ask of the table."""

    LEFT = "left"
    RIGHT = "right"
    HOME = "home"
    END = "end"
    NEXT_GROUP = "next_group"
    PREVIOUS_GROUP = "previous_group"
    ENTER = "enter"  # discard the focused tile; at other moments: next round, resume, confirm
    DISCARD = "discard"  # Space: discard the focused tile
    CHOOSE = "choose"  # d: take or draw, asked
    DRAW = "draw"  # p
    TAKE = "take"  # t
    FINISH = "finish"  # f
    DECLINE = "decline"  # x
    SHOW = "show"  # g
    TURN_TO_OKEY = "turn_to_okey"  # k
    PAIRS = "pairs"  # 2
    SORT = "sort"  # s
    HAND = "hand"  # a
    INDICATOR = "indicator"  # i
    SCORES = "scores"  # c
    PILE = "pile"  # n
    WHOSE_TURN = "whose_turn"  # w
    LEFT_DISCARDS = "left_discards"  # l
    RIGHT_DISCARDS = "right_discards"  # r
    ACROSS_DISCARDS = "across_discards"  # o
    MY_DISCARDS = "my_discards"  # m
    COPIES = "copies"  # z: where the copies of the focused tile are
    HELP = "help"  # h, F1
    HINT = "hint"  # u: what the master would do
    REVIEW = "review"  # j: the master's review of the round just over
    RULES = "rules"  # ?
    TIME = "time"  # e
    OLDER = "older"  # ,
    NEWER = "newer"  # .
    OLDEST = "oldest"  # <
    NEWEST = "newest"  # >
    VERBOSITY = "verbosity"  # v
    SOUNDS = "sounds"  # b
    SPEECH_STATUS = "speech_status"  # F2
    OKEY_WARNING = "okey_warning"  # menu only
    SAVE = "save"  # Ctrl+S
    QUIT = "quit"  # q
    MENU = "menu"  # Escape
    INTERRUPT = "interrupt"  # Ctrl+C: save and leave at once
    YES = "yes"  # y, in a question
    NO = "no"  # n, in a question (n reads the pile otherwise)
    SKIP = "skip"  # Tab: skip a step of the tutorial


_LETTERS: dict[str, Command] = {
    "d": Command.CHOOSE,
    "p": Command.DRAW,
    "t": Command.TAKE,
    "f": Command.FINISH,
    "x": Command.DECLINE,
    "g": Command.SHOW,
    "k": Command.TURN_TO_OKEY,
    "s": Command.SORT,
    "a": Command.HAND,
    "i": Command.INDICATOR,
    "c": Command.SCORES,
    "n": Command.PILE,
    "w": Command.WHOSE_TURN,
    "l": Command.LEFT_DISCARDS,
    "r": Command.RIGHT_DISCARDS,
    "o": Command.ACROSS_DISCARDS,
    "m": Command.MY_DISCARDS,
    "z": Command.COPIES,
    "h": Command.HELP,
    "u": Command.HINT,
    "j": Command.REVIEW,
    "e": Command.TIME,
    "v": Command.VERBOSITY,
    "b": Command.SOUNDS,
    "q": Command.QUIT,
    "y": Command.YES,
}

KEYMAP: Mapping[str, Command] = MappingProxyType(
    {
        "left": Command.LEFT,
        "right": Command.RIGHT,
        "home": Command.HOME,
        "end": Command.END,
        "down": Command.NEXT_GROUP,
        "up": Command.PREVIOUS_GROUP,
        "enter": Command.ENTER,
        "space": Command.DISCARD,
        "2": Command.PAIRS,
        "?": Command.RULES,
        "f1": Command.HELP,
        "f2": Command.SPEECH_STATUS,
        ",": Command.OLDER,
        ".": Command.NEWER,
        "<": Command.OLDEST,
        ">": Command.NEWEST,
        "c-s": Command.SAVE,
        "escape": Command.MENU,
        "c-c": Command.INTERRUPT,
        "tab": Command.SKIP,
        **_LETTERS,
        **{letter.upper(): command for letter, command in _LETTERS.items()},
    }
)
"""Every bound key and its command."""


def pressed_key(event: KeyPressEvent) -> str:
    """prompt_toolkit's name for the key an unbound-key handler received."""
    pressed = event.key_sequence[0].key
    return pressed.value if isinstance(pressed, Keys) else str(pressed)


_ALIASES = {  # what prompt_toolkit reports for some keys, and the key it is
    "c-i": "tab",
    "c-h": "backspace",
    "c-m": "enter",
    "c-j": "enter",
    "<bracketed-paste>": "paste",
}


def spoken_key(key: str) -> str:
    """A key's name as said, from prompt_toolkit's name for it: "Z", "F5", "Ctrl+X", "Tab"."""
    text = CATALOGUE.text
    key = _ALIASES.get(key, key)
    if key.startswith("c-") and len(key) > 2:
        return text("key.ctrl", name=spoken_key(key[2:]))
    if len(key) == 1 or (key[:1] == "f" and key[1:].isdigit()):
        return key.upper()
    if CATALOGUE.has(f"key.{key}"):
        return text(f"key.{key}")
    return key.replace("-", " ").capitalize()


_KEYS: Mapping[Command, str] = MappingProxyType(
    {
        Command.LEFT: "left",
        Command.RIGHT: "right",
        Command.HOME: "home",
        Command.END: "end",
        Command.NEXT_GROUP: "down",
        Command.PREVIOUS_GROUP: "up",
        Command.ENTER: "enter",
        Command.DISCARD: "space",
        Command.CHOOSE: "D",
        Command.DRAW: "P",
        Command.TAKE: "T",
        Command.FINISH: "F",
        Command.DECLINE: "X",
        Command.SHOW: "G",
        Command.TURN_TO_OKEY: "K",
        Command.PAIRS: "2",
        Command.SORT: "S",
        Command.HAND: "A",
        Command.INDICATOR: "I",
        Command.SCORES: "C",
        Command.PILE: "N",
        Command.WHOSE_TURN: "W",
        Command.LEFT_DISCARDS: "L",
        Command.RIGHT_DISCARDS: "R",
        Command.ACROSS_DISCARDS: "O",
        Command.MY_DISCARDS: "M",
        Command.COPIES: "Z",
        Command.HELP: "H",
        Command.HINT: "U",
        Command.REVIEW: "J",
        Command.RULES: "?",
        Command.TIME: "E",
        Command.OLDER: ",",
        Command.NEWER: ".",
        Command.OLDEST: "<",
        Command.NEWEST: ">",
        Command.VERBOSITY: "V",
        Command.SOUNDS: "B",
        Command.SPEECH_STATUS: "F2",
        Command.SAVE: "c-s",
        Command.QUIT: "Q",
        Command.MENU: "escape",
        Command.INTERRUPT: "c-c",
        Command.YES: "Y",
        Command.SKIP: "tab",
    }
)
"""Each command's key, by prompt_toolkit's name or as the character itself."""


class _KeyNames(Mapping[Command, str]):
    """Commands' keys as said, in the language spoken when asked (not at import)."""

    def __getitem__(self, command: Command) -> str:
        return spoken_key(_KEYS[command])

    def __iter__(self) -> Iterator[Command]:
        return iter(_KEYS)

    def __len__(self) -> int:
        return len(_KEYS)


KEY_NAMES: Mapping[Command, str] = _KeyNames()
"""How a command's key is spoken and shown (menu entries, help)."""


def menu_commands(rules: RuleSet) -> list[Command]:
    """The Escape menu: every action of this table, the moves first."""
    play = rules.play
    commands = [Command.CHOOSE, Command.DRAW, Command.TAKE, Command.ENTER, Command.FINISH]
    if play.pile_out == "take_last_discard":
        commands.append(Command.DECLINE)
    if rules.scoring.show_indicator:
        commands.append(Command.SHOW)
    if play.turn_to_okey:
        commands.append(Command.TURN_TO_OKEY)
    if play.declare_pairs:
        commands.append(Command.PAIRS)
    commands += [
        Command.SORT,
        Command.HAND,
        Command.INDICATOR,
        Command.SCORES,
        Command.PILE,
        Command.WHOSE_TURN,
        Command.LEFT_DISCARDS,
        Command.RIGHT_DISCARDS,
    ]
    if rules.table.players != 3:
        commands.append(Command.ACROSS_DISCARDS)
    commands += [Command.MY_DISCARDS, Command.COPIES]
    if play.timer_seconds:
        commands.append(Command.TIME)
    commands += [
        Command.HINT,
        Command.REVIEW,
        Command.HELP,
        Command.RULES,
        Command.OLDER,
        Command.VERBOSITY,
        Command.SOUNDS,
        Command.SPEECH_STATUS,
    ]
    if play.okey_discard_warning:
        commands.append(Command.OKEY_WARNING)
    commands += [Command.SAVE, Command.QUIT]
    return commands
