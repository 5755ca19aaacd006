"""The match log: a readable record of a match, one action per line (like a chess PGN).

::

    # okey match log: seats are numbered from 0; lines after '#' are comments
    [Rules "classic"]
    [Seats "random, random, random, random"]
    [Seed "1"]

    round 1 dealer 2
    deck r5 k3 ... (the 106 tiles in shuffled order)
    dice 5 2 (only at a table with the traditional deal: its two die throws, right
              under the deck line as the deck is right under the round line)
    2 discard y11
    3 draw pile
    3 discard k7
    0 take
    ...
    scores 18 20 18 18

The log is written from the engine's events and replayed through the engine,
so every line is checked again; a damaged log is refused naming the line.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field, replace
from pathlib import Path

from okey.engine.actions import (
    Action,
    DeclarePairs,
    DeclineDiscard,
    Discard,
    DrawFromPile,
    Finish,
    Resume,
    ShowIndicator,
    TakeDiscard,
    TimeOut,
    TurnToOkey,
)
from okey.engine.deal import DeckError, check_deck
from okey.engine.errors import IllegalMoveError
from okey.engine.events import (
    AutopilotChanged,
    DeclaredPairs,
    DeclinedDiscard,
    DiceThrown,
    Discarded,
    Drew,
    Event,
    IndicatorTurned,
    MatchOver,
    RoundDrawn,
    RoundStarted,
    RoundWon,
    ShowedIndicator,
    TimedOut,
    TookDiscard,
    TurnedToOkey,
)
from okey.engine.match import Match
from okey.engine.traditional import Dice
from okey.hand.notation import TileNotationError, format_tile, format_tiles, parse_tile, parse_tiles
from okey.hand.tiles import Tile
from okey.messages import CATALOGUE
from okey.rules import RulesError, RuleSet, load_rules

FIRST_LINE = "# okey match log: seats are numbered from 0; text after '#' is a comment"
_HEADER = re.compile(r'\[(\w+)\s+"(.*)"\]')
_ROUND = re.compile(r"round\s+(\d+)\s+dealer\s+(\d+)")
_DICE = re.compile(r"dice\s+([1-6])\s+([1-6])")
_SIMPLE: dict[str, Action] = {
    "draw pile": DrawFromPile(),
    "draw": DrawFromPile(),
    "take": TakeDiscard(),
    "show": ShowIndicator(),
    "decline": DeclineDiscard(),
    "turn-to-okey": TurnToOkey(),
    "pairs": DeclarePairs(),
    "timeout": TimeOut(),
    "resume": Resume(),
}


class MatchLogError(ValueError):
    """A log that cannot be read or replayed, naming the line and the reason."""

    def __init__(self, line: int | None, reason: str, path: str = "<log>") -> None:
        self.line = line
        self.reason = reason
        self.path = path
        super().__init__(self._text())

    def _text(self) -> str:
        if self.line is None:
            return CATALOGUE.text("log.error.file", path=self.path, reason=self.reason)
        return CATALOGUE.text("log.error.line", path=self.path, line=self.line, reason=self.reason)

    def at(self, path: str) -> MatchLogError:
        return MatchLogError(self.line, self.reason, path)


@dataclass(frozen=True)
class LogHeader:
    """The tags before the first round: the rules and, when known, seats and seed."""

    rules: str
    seats: tuple[str, ...] = ()
    seed: str | None = None
    extra: tuple[tuple[str, str], ...] = ()


# -- actions in the notation ----------------------------------------------------


def format_action(action: Action) -> str:
    if isinstance(action, Discard):
        return f"discard {format_tile(action.tile)}"
    if isinstance(action, Finish):
        return f"finish {format_tile(action.tile)}"
    for text, simple in _SIMPLE.items():
        if simple == action and text != "draw":
            return text
    raise ValueError(f"no notation for {action!r}")  # pragma: no cover


def parse_action(text: str) -> Action:
    """Parse a move such as ``draw pile``, ``discard r5`` or ``show``."""
    words = text.lower().split()
    joined = " ".join(words)
    if joined in _SIMPLE:
        return _SIMPLE[joined]
    if len(words) == 2 and words[0] in ("discard", "finish"):
        tile = parse_tile(words[1])
        return Discard(tile) if words[0] == "discard" else Finish(tile)
    raise ValueError(text)


# -- writing ---------------------------------------------------------------------


def format_log(header: LogHeader, events: Iterable[Event]) -> str:
    """The log text of a match (or of the part played so far) from its events."""
    lines = [FIRST_LINE, f'[Rules "{header.rules}"]']
    if header.seats:
        lines.append(f'[Seats "{", ".join(header.seats)}"]')
    if header.seed is not None:
        lines.append(f'[Seed "{header.seed}"]')
    lines += [f'[{tag} "{value}"]' for tag, value in header.extra]
    turned: set[int] = set()
    auto_seat: int | None = None  # a timed-out seat whose automatic moves are not written
    for event in events:
        if isinstance(event, RoundStarted):
            turned.clear()
            lines += [
                "",
                f"round {event.number} dealer {event.dealer}",
                f"deck {format_tiles(event.deck)}",
            ]
        elif isinstance(event, DiceThrown):
            lines.append(f"dice {event.dice.stack} {event.dice.tile}")
        elif isinstance(event, IndicatorTurned):
            lines.append(
                f"# indicator {format_tile(event.indicator)}, okey {format_tile(event.okey)}"
            )
        elif isinstance(event, TimedOut):
            lines.append(f"{event.seat} timeout")
            auto_seat = event.seat
        elif isinstance(event, RoundWon | RoundDrawn):
            if isinstance(event, RoundWon) and auto_seat is None:
                verb = "finish" if event.seat in turned else "discard"
                lines.append(f"{event.seat} {verb} {format_tile(event.tile)}")
            auto_seat = None
            lines += _result_lines(event)
        elif isinstance(event, MatchOver):
            places = ", ".join(
                f"{s.place}. {' '.join(map(str, s.seats))} ({s.score})" for s in event.standings
            )
            lines.append(f"# match over: {places}")
        elif auto_seat is not None:
            if isinstance(event, Discarded):
                auto_seat = None
        else:
            line = _action_line(event, turned)
            if line is not None:
                lines.append(line)
    return "\n".join(lines) + "\n"


def _action_line(event: Event, turned: set[int]) -> str | None:
    if isinstance(event, Drew):
        return f"{event.seat} draw pile"
    if isinstance(event, TookDiscard):
        return f"{event.seat} take"
    if isinstance(event, Discarded):
        return f"{event.seat} discard {format_tile(event.tile)}"
    if isinstance(event, ShowedIndicator):
        return f"{event.seat} show"
    if isinstance(event, TurnedToOkey):
        turned.add(event.seat)
        return f"{event.seat} turn-to-okey"
    if isinstance(event, DeclaredPairs):
        return f"{event.seat} pairs"
    if isinstance(event, DeclinedDiscard):
        return f"{event.seat} decline"
    if isinstance(event, AutopilotChanged):
        return f"# autopilot plays seat {event.seat}" if event.on else f"{event.seat} resume"
    return None


def _result_lines(event: RoundWon | RoundDrawn) -> list[str]:
    if isinstance(event, RoundWon):
        note = f"# seat {event.seat} wins ({event.kind.value}), the others lose {event.points}"
    else:
        note = f"# drawn ({event.reason.value})"
    return [note, "scores " + " ".join(str(score) for score in event.scores)]


def write_log(path: Path, header: LogHeader, events: Iterable[Event]) -> None:
    path.write_text(format_log(header, events), encoding="utf-8")


# -- reading ---------------------------------------------------------------------


@dataclass(frozen=True)
class RoundLine:
    line: int
    number: int
    dealer: int
    deck: tuple[Tile, ...]
    dice: Dice | None = None  # the traditional deal's throws


@dataclass(frozen=True)
class ActionLine:
    line: int
    seat: int
    action: Action
    text: str


@dataclass(frozen=True)
class ScoresLine:
    line: int
    scores: tuple[int, ...]


Entry = RoundLine | ActionLine | ScoresLine


@dataclass(frozen=True)
class ParsedLog:
    header: LogHeader
    header_line: int
    entries: tuple[Entry, ...] = field(default=())


def parse_log(text: str) -> ParsedLog:
    """Read a log's header and lines (the moves are checked by :func:`replay`)."""
    tags: dict[str, str] = {}
    extra: list[tuple[str, str]] = []
    entries: list[Entry] = []
    rules_line = 0
    lines = text.splitlines()
    index = 0
    while index < len(lines):
        number = index + 1
        raw = lines[index].strip()
        index += 1
        if raw.startswith("["):
            match = _HEADER.fullmatch(raw)
            if match is None or entries:
                raise MatchLogError(number, CATALOGUE.text("log.error.header"))
            tag, value = match.group(1), match.group(2)
            if tag == "Rules":
                rules_line = number
            if tag in ("Rules", "Seats", "Seed"):
                tags[tag] = value
            else:
                extra.append((tag, value))
            continue
        line = raw.split("#", 1)[0].strip()
        if not line:
            continue
        if line.startswith("round"):
            deck_line = _code(lines, index)
            entry = _round_entry(number, line, deck_line)
            index += 1
            if _code(lines, index).startswith("dice"):
                entry = replace(entry, dice=_dice(index + 1, _code(lines, index)))
                index += 1
            entries.append(entry)
        elif line.startswith("dice"):
            # Like the deck under its round line, the dice go right under the deck.
            key = "log.error.dice_place" if _DICE.fullmatch(line) else "log.error.dice"
            raise MatchLogError(number, CATALOGUE.text(key))
        elif line.startswith("scores"):
            entries.append(_scores_entry(number, line))
        else:
            entries.append(_action_entry(number, line))
    if "Rules" not in tags:
        raise MatchLogError(None, CATALOGUE.text("log.error.no_rules"))
    seats = tuple(name.strip() for name in tags["Seats"].split(",")) if "Seats" in tags else ()
    header = LogHeader(tags["Rules"], seats, tags.get("Seed"), tuple(extra))
    return ParsedLog(header, rules_line, tuple(entries))


def _code(lines: Sequence[str], index: int) -> str:
    """Line ``index`` (0-based) without its comment; empty past the end."""
    return lines[index].split("#", 1)[0].strip() if index < len(lines) else ""


def _dice(number: int, line: str) -> Dice:
    match = _DICE.fullmatch(line)
    if match is None:
        raise MatchLogError(number, CATALOGUE.text("log.error.dice"))
    return Dice(int(match.group(1)), int(match.group(2)))


def _round_entry(number: int, line: str, deck_line: str) -> RoundLine:
    match = _ROUND.fullmatch(line)
    if match is None:
        raise MatchLogError(number, CATALOGUE.text("log.error.round_line"))
    if not deck_line.startswith("deck"):
        raise MatchLogError(number + 1, CATALOGUE.text("log.error.deck_missing"))
    try:
        deck = tuple(parse_tiles(deck_line[4:]))
        check_deck(deck)
    except (TileNotationError, DeckError) as exc:
        raise MatchLogError(number + 1, CATALOGUE.text("log.error.deck", reason=exc)) from None
    return RoundLine(number, int(match.group(1)), int(match.group(2)), deck)


def _scores_entry(number: int, line: str) -> ScoresLine:
    try:
        scores = tuple(int(word) for word in line.split()[1:])
    except ValueError:
        raise MatchLogError(number, CATALOGUE.text("log.error.action", text=line)) from None
    return ScoresLine(number, scores)


def _action_entry(number: int, line: str) -> ActionLine:
    seat_text, _, move = line.partition(" ")
    try:
        seat = int(seat_text)
        action = parse_action(move)
    except ValueError:
        raise MatchLogError(number, CATALOGUE.text("log.error.action", text=line)) from None
    return ActionLine(number, seat, action, move.strip())


def read_log(path: Path) -> ParsedLog:
    try:
        text = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        raise MatchLogError(None, str(exc), str(path)) from None
    try:
        return parse_log(text)
    except MatchLogError as exc:
        raise exc.at(str(path)) from None


# -- replaying -------------------------------------------------------------------


def replay(log: ParsedLog, rules: RuleSet | None = None) -> Match:
    """Play the log's lines through a fresh engine; every line is checked again."""
    if rules is None:
        try:
            rules = load_rules(log.header.rules)
        except RulesError as exc:
            raise MatchLogError(log.header_line or None, str(exc)) from None
    match: Match | None = None
    for entry in log.entries:
        if isinstance(entry, RoundLine):
            match = _replay_round(match, rules, entry)
        elif match is None:
            raise MatchLogError(entry.line, CATALOGUE.text("log.error.no_round"))
        elif isinstance(entry, ScoresLine):
            _check_scores(match, entry)
        else:
            _replay_action(match, entry)
    if match is None:
        return Match(rules, first_dealer=0)
    return match


def _replay_round(match: Match | None, rules: RuleSet, entry: RoundLine) -> Match:
    text = CATALOGUE.text
    if match is None:
        if not 0 <= entry.dealer < rules.table.players:
            raise MatchLogError(entry.line, text("log.error.seat", seat=entry.dealer))
        match = Match(rules, first_dealer=entry.dealer)
    if not match.round_over or match.over:
        reason = text("log.error.round_in_play", number=match.round_number)
        raise MatchLogError(entry.line, reason)
    expected = match.round_number + 1
    if entry.number != expected:
        reason = text("log.error.round_number", expected=expected, found=entry.number)
        raise MatchLogError(entry.line, reason)
    if entry.dealer != match.next_dealer():
        reason = text(
            "log.error.dealer",
            number=entry.number,
            expected=match.next_dealer(),
            found=entry.dealer,
        )
        raise MatchLogError(entry.line, reason)
    traditional = rules.play.traditional_deal
    if traditional and entry.dice is None:
        raise MatchLogError(entry.line + 1, text("log.error.dice_missing"))
    if entry.dice is not None and not traditional:
        raise MatchLogError(entry.line + 2, text("log.error.dice_unexpected"))
    match.start_round(entry.deck, entry.dice)
    return match


def _replay_action(match: Match, entry: ActionLine) -> None:
    if not 0 <= entry.seat < match.players:
        raise MatchLogError(entry.line, CATALOGUE.text("log.error.seat", seat=entry.seat))
    try:
        match.apply(entry.seat, entry.action)
    except IllegalMoveError as exc:
        reason = CATALOGUE.text("log.error.illegal", seat=entry.seat, text=entry.text, reason=exc)
        raise MatchLogError(entry.line, reason) from None


def _check_scores(match: Match, entry: ScoresLine) -> None:
    if not match.round_over:
        reason = CATALOGUE.text("log.error.unfinished", number=match.round_number)
        raise MatchLogError(entry.line, reason)
    if entry.scores != match.scores:
        expected = " ".join(map(str, match.scores))
        found = " ".join(map(str, entry.scores))
        raise MatchLogError(
            entry.line, CATALOGUE.text("log.error.scores", expected=expected, found=found)
        )


def names_or_seats(header: LogHeader, players: int) -> Sequence[str]:
    """The seat names from a header, padded with empty names."""
    return list(header.seats[:players]) + [""] * max(0, players - len(header.seats))
