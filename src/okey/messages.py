"""The message catalogue: every text a player hears or reads.

Texts are templates with named fields, looked up by key, so that a
translation only has to supply another catalogue. Nothing else in the game
writes sentences of its own.
"""

from __future__ import annotations

from collections.abc import Mapping
from enum import StrEnum

from okey.tiles import Colour, Tile, is_okey

ENGLISH: Mapping[str, str] = {
    # Tiles
    "colour.red": "red",
    "colour.blue": "blue",
    "colour.black": "black",
    "colour.yellow": "yellow",
    "tile.plain": "{colour} {number}",
    "tile.okey": "{colour} {number} okey",
    "tile.false_joker": "{colour} {number} false",
    "tile.false_joker_bare": "false joker",
    # Hand analysis (okey hand)
    "hand.indicator": "Indicator {indicator}, okey {okey}.",
    "hand.tiles": "Tiles ({count}): {tiles}.",
    "hand.group.run": "Run: {tiles}.",
    "hand.group.set": "Set: {tiles}.",
    "hand.group.pair": "Pair: {tiles}.",
    "hand.spares": "Spares: {tiles}.",
    "hand.no_spares": "No spares.",
    "hand.winning.combinations": "A finished hand: every tile is in a run or a set.",
    "hand.winning.pairs": "A finished hand: seven pairs.",
    "hand.not_winning": "Not a finished hand.",
    "hand.finish": "Discard {tile} to finish with {kind}: the others lose {points} each.",
    "hand.no_finish": "No discard finishes this hand.",
    "hand.waits": "Waiting for: {tiles}.",
    "hand.no_waits": "No single tile finishes this hand.",
    "hand.deficiency": "Tiles to exchange before it can finish: {count}.",
    "hand.error.too_many": "A hand holds at most {most} tiles, not {count}.",
    "hand.error.empty": "Give the tiles of a hand, like: r1 r2 r3 k7.",
    "hand.error.copies": "There are only two of each tile, but the hand has {count} {tile}.",
    "hand.error.indicator": "The indicator {tile} is face up, so the hand has at most one.",
    "hand.error.batch_line": "Write the indicator, a colon, then the tiles, like: r5: r1 r2 r3.",
    "hand.error.file": "Cannot read {path}: {reason}.",
    "hand.title": "Hand {number}",
    "kind.combinations": "runs and sets",
    "kind.pairs": "seven pairs",
    "list.empty": "none",
    # Command line
    "cli.description": "An accessible Okey game for the terminal, played by ear or at a keyboard.",
    "cli.not_ready": "The table is not ready yet. Try: okey hand --indicator r5 r1 r2 r3.",
    "cli.error": "okey: {message}",
    # Verbosity variants. A message that reads differently when brief or
    # detailed has two keys, "<key>.brief" and "<key>.detailed", and no plain
    # "<key>"; Catalogue.variant picks one. No other key ends in ".brief" or
    # ".detailed". Callers pass the fields of both variants.
    # Seats, as a label ("Left: red 5") and as a place in a sentence.
    "seat.left": "Left",
    "seat.right": "Right",
    "seat.across": "Across",
    "seat.left.where": "on your left",
    "seat.right.where": "on your right",
    "seat.across.where": "across from you",
    # Table events (fields: seat, where, name, tile)
    "event.discard.brief": "{seat}: {tile}",
    "event.discard.detailed": "{name}, {where}, discarded {tile}",
    "event.your_turn.brief": "Your turn.",
    "event.your_turn.detailed": "Your turn: draw from the middle or take the discard on your left.",
    "event.win_possible.brief": "You can finish.",
    "event.win_possible.detailed": "You can finish: discard {tile} to win.",
    # The speech layer
    "speech.no_route.brief": "No speech found; printing only.",
    "speech.no_route.detailed": (
        "No speech found; printing only. Start your screen reader, "
        "or on Linux install speech-dispatcher."
    ),
    "speech.lost": "Speech stopped working; printing only.",
    "speech.now_brief": "Brief messages.",
    "speech.now_detailed": "Detailed messages.",
    "speech.sounds_on": "Sounds on.",
    "speech.sounds_off": "Sounds off.",
    "speech.status": "{mode} {verbosity} {sounds}",
    "speech.status.auto": "Speech through {route}.",
    "speech.status.auto_no_route": "No speech found; printing only.",
    "speech.status.screen_reader": "Printing for your screen reader.",
    "speech.status.off": "Speech off; printing only.",
    # Message history
    "history.empty": "Nothing said yet.",
    "history.oldest": "Oldest: {text}",
    "history.newest": "Newest: {text}",
    # Help for the speech keys
    "help.speech.history": (
        "Comma and period: older and newer messages. "
        "Less-than and greater-than: the oldest and the newest."
    ),
    "help.speech.verbosity": "V: brief or detailed messages.",
    # Command-line options of the speech layer
    "cli.speech": (
        "how the game talks: auto speaks through your screen reader or system speech "
        "and prints; screen-reader only prints, for a screen reader that reads the "
        "terminal; off only prints (default: auto)"
    ),
    "cli.transcript": "append every spoken message to FILE, one per line",
    "cli.verbosity": "brief or detailed messages (default: detailed)",
    "cli.no_sounds": "no terminal bell on your turn or when you can finish",
}

_COLOUR_KEYS = {colour: f"colour.{colour.name.lower()}" for colour in Colour}


class Verbosity(StrEnum):
    """How much a message says; also the suffix of its variant keys."""

    BRIEF = "brief"
    DETAILED = "detailed"


class Catalogue:
    """Looks up message templates and fills in their fields."""

    def __init__(self, templates: Mapping[str, str] = ENGLISH) -> None:
        self._templates = templates

    def text(self, key: str, **fields: object) -> str:
        return self._templates[key].format(**fields)

    def variant(self, key: str, verbosity: Verbosity, /, **fields: object) -> str:
        """The brief or detailed text of key ("<key>.brief"), else its plain text."""
        specific = f"{key}.{verbosity.value}"
        template = self._templates[specific if specific in self._templates else key]
        return template.format(**fields)

    def colour(self, colour: Colour) -> str:
        return self.text(_COLOUR_KEYS[colour])

    def tile(self, tile: Tile, okey: Tile | None = None) -> str:
        """A tile's spoken name with its role: "red 5", "red 6 okey", "red 6 false"."""
        if tile.is_false_joker:
            if okey is None:
                return self.text("tile.false_joker_bare")
            return self.text(
                "tile.false_joker", colour=self.colour(okey.colour), number=okey.number
            )
        key = "tile.okey" if okey is not None and is_okey(tile, okey) else "tile.plain"
        return self.text(key, colour=self.colour(tile.colour), number=tile.number)

    def tiles(self, tiles: list[Tile], okey: Tile | None = None) -> str:
        if not tiles:
            return self.text("list.empty")
        return ", ".join(self.tile(tile, okey) for tile in tiles)


CATALOGUE = Catalogue()


def tile_name(tile: Tile, okey: Tile | None = None) -> str:
    """The one function every front end uses to name a tile."""
    return CATALOGUE.tile(tile, okey)
