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
    # Engine and commands (rounds, matches, rule sets, the match log, simulate)
    "engine.error.round_over": "the round is over",
    "engine.error.match_over": "the match is over",
    "engine.error.round_in_play": "a round is still being played",
    "engine.error.no_such_seat": "there is no seat {seat} at this table",
    "engine.error.not_your_turn": "it is not your turn",
    "engine.error.must_draw": "you must draw first",
    "engine.error.must_discard": "you hold 15 tiles: discard one first",
    "engine.error.pile_empty": "the pile is empty: take the last discard or decline it",
    "engine.error.must_take_or_decline": "the pile is empty: take the last discard or decline it",
    "engine.error.nothing_to_take": "there is no discard before you to take",
    "engine.error.decline_only_pile_out": "you may decline the discard only when the pile is empty",
    "engine.error.not_in_hand": "{tile} is not in your hand",
    "engine.error.does_not_finish": "discarding {tile} does not finish your hand",
    "engine.error.no_turn_to_okey": "turning to the okey is not played at this table",
    "engine.error.already_turned": "you have already turned to the okey this round",
    "engine.error.no_okey": "you hold no okey ({tile})",
    "engine.error.not_ready": "your hand cannot finish yet",
    "engine.error.no_declare_pairs": "declaring pairs is not played at this table",
    "engine.error.already_declared_pairs": "you have already declared pairs this round",
    "engine.error.no_timer": "this table has no turn timer",
    "engine.error.no_show": "showing the indicator's twin is not played at this table",
    "engine.error.already_shown": "the indicator's twin has already been shown this round",
    "engine.error.show_too_late": "the indicator's twin may be shown only before your first move",
    "engine.error.no_twin": "you do not hold the indicator's twin, {tile}",
    "engine.error.not_on_autopilot": "your seat is not on autopilot",
    "engine.seat": "seat {seat}",
    "engine.seat.named": "seat {seat} ({name})",
    "engine.event.round_started": "Round {number}. {name} deals and opens.",
    "engine.event.indicator": (
        "The indicator is {indicator}; the okey is {okey}. Pile: {pile} tiles."
    ),
    "engine.event.turned_back": "False jokers turned up and put back: {count}.",
    "engine.event.dealt": "{name} is dealt: {tiles}.",
    "engine.event.drew": "{name} draws {tile} from the pile.",
    "engine.event.drew_hidden": "{name} draws from the pile.",
    "engine.event.took": "{name} takes {tile} from {source}.",
    "engine.event.discarded": "{name} discards {tile}.",
    "engine.event.showed": "{name} shows the indicator's twin, {tile}: {losers} lose {penalty}.",
    "engine.event.turned_to_okey": "{name} turns to the okey.",
    "engine.event.declared_pairs": "{name} is going for pairs.",
    "engine.event.declined": "{name} declines {tile}.",
    "engine.event.timed_out": (
        "Time ran out for {name} ({count} in a row): the game plays the turn."
    ),
    "engine.event.autopilot_on": "Autopilot now plays for {name}.",
    "engine.event.autopilot_off": "{name} is back and plays again.",
    "engine.event.won": "{name} finishes with {kind}, laying {tile} in the middle.",
    "engine.event.won.okey": "An okey discard.",
    "engine.event.won.colored": "A coloured finish.",
    "engine.event.won.cost": "{losers} lose {points} each.",
    "engine.event.drawn.declined": "The round is drawn: the last discard was declined. No points.",
    "engine.event.drawn.no_win": "The round is drawn: the last discard did not finish. No points.",
    "engine.event.drawn.pile_closed": "The round is drawn: the pile ran out. No points.",
    "engine.event.scores": "Scores: {scores}.",
    "engine.event.score": "{name} {score}",
    "engine.event.match_over": "The match is over.",
    "engine.event.standing": "{place}. {names}: {score}",
    "rules.list.item": "{name}: {description}",
    "rules.title": "{name}: {description}",
    "rules.players": "{players} players.",
    "rules.partners": (
        "Opposite seats are partners and share one score; when one of them finishes or "
        "shows, only the other team loses."
    ),
    "rules.duel": (
        "A duel: two people face each other in seats 0 and 2 with bots between them; "
        "only the two people's scores decide."
    ),
    "rules.start": "Everyone starts with {score} points and loses points when others finish.",
    "rules.to_zero": (
        "The match ends after the round in which a score reaches 0 or below; "
        "the highest score wins."
    ),
    "rules.fixed.one": "The match is a single round; the highest score wins.",
    "rules.fixed.many": "The match lasts {rounds} rounds; the highest score wins.",
    "rules.tie.shared": "A tie at the top is shared.",
    "rules.tie.last_finisher": "In a tie, whoever finished the last round ranks higher.",
    "rules.normal": "A finish costs every other player {points}.",
    "rules.okey_discard": "Finishing by discarding an okey multiplies that by {factor}.",
    "rules.pairs": "Finishing with seven pairs multiplies it by {factor}.",
    "rules.colored": "Finishing with a yellow or blue tile doubles it again.",
    "rules.cap": "A finish never costs more than {points}.",
    "rules.multiply": "The factors multiply with no cap.",
    "rules.show": (
        "Whoever holds the indicator's twin may show it before their first move: "
        "every other player loses {points}."
    ),
    "rules.no_show": "The indicator's twin is not shown.",
    "rules.pile.take_last_discard": (
        "When the pile is empty, the next player may only take the last discard and try "
        "to finish with it; otherwise the round is drawn with no points."
    ),
    "rules.pile.close_after_last_discard": (
        "The round is drawn with no points once the last pile tile has been drawn and a "
        "tile discarded."
    ),
    "rules.turn_to_okey": (
        "Turning to the okey: a player whose hand can finish while holding an okey may "
        "declare it, then finish when they choose; only an okey discard doubles."
    ),
    "rules.declare_pairs": "A player may announce they are going for pairs: a sign only.",
    "rules.okey_warning": "The game asks before an okey is discarded.",
    "rules.timer": (
        "Each turn has {seconds} seconds; when time runs out the game draws and discards, "
        "and after {after} in a row autopilot plays the seat until the player returns."
    ),
    "rules.no_timer": "No turn timer.",
    "rules.traditional_deal": "The deal is narrated the traditional way: stacks of five and dice.",
    "log.error.line": "{path}, line {line}: {reason}",
    "log.error.file": "{path}: {reason}",
    "log.error.header": 'a header line looks like [Rules "classic"]',
    "log.error.no_rules": 'the log names no rules: add a [Rules "..."] header',
    "log.error.no_round": "an action before any 'round' line",
    "log.error.round_line": "a round line looks like: round 1 dealer 2",
    "log.error.round_number": "expected round {expected}, not {found}",
    "log.error.dealer": "round {number} is dealt by seat {expected}, not {found}",
    "log.error.deck_missing": "a 'deck' line with the 106 tiles must follow the round line",
    "log.error.deck": "the deck is wrong: {reason}",
    "log.error.action": "'{text}' is not an action: write a seat and a move, like '2 discard r5'",
    "log.error.seat": "there is no seat {seat} at this table",
    "log.error.illegal": "seat {seat} cannot {text}: {reason}",
    "log.error.scores": "the scores should be {expected}, not {found}",
    "log.error.unfinished": "round {number} is not finished",
    "log.error.round_in_play": "round {number} is still in play",
    "replay.final": "Final scores: {scores}.",
    "replay.unfinished": "The log ends before the match is over.",
    "simulate.summary": (
        "{rounds} rounds in {matches} matches ({drawn} drawn), {seconds:.2f} s: "
        "{rate:.0f} rounds per second. Rules: {rules}; seed {seed}."
    ),
    "simulate.seat": (
        "Seat {seat} ({bot}): won {wins} ({share:.1%}), lost {lost} points, showed {shows}; "
        "finishes: {combinations} runs and sets, {pairs} pairs, {okey} by an okey discard."
    ),
    "simulate.timing": "{bot}: decision time median {median:.3f} ms, p99 {p99:.3f} ms.",
    "simulate.error.seats": "this table seats {players}: give {players} bots, not {count}",
    "simulate.error.bot": "no bot called {name} (known: {known})",
    "simulate.error.rounds": "--rounds must be at least 1",
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
