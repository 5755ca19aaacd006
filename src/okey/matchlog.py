"""The match log: a match's record as readable text, one action per line (like a PGN).

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

The log is written from the match's record (:mod:`okey.engine.record`): a
round line, a deck line and a dice line for each deal, a line in the action
notation (:mod:`okey.engine.notation`) for each move, and comments and
``scores`` lines from the events each entry produced. The moves made for a seat
whose time ran out follow its ``N timeout`` line, each marked ``auto``::

    0 timeout
    0 auto draw pile
    0 auto discard r5

so that the log says what was played, whoever chose it (the game, or the table's
autopilot bot). A log written before these lines (okey 0.1: ``N timeout`` alone)
still replays: the game's own moves are made again for it. Reading gives the
record back, which replays through the engine
(:meth:`okey.engine.match.Match.play`), so every line is checked again; a damaged
log is refused naming the line.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import ClassVar, assert_never

from okey.engine.deal import check_deck
from okey.engine.errors import DeckError, RecordError, RecordProblem
from okey.engine.events import (
    AutopilotChanged,
    Dealt,
    DeclaredPairs,
    DeclinedDiscard,
    DiceThrown,
    Discarded,
    Drew,
    Event,
    GameEvent,
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
from okey.engine.games import engine_of
from okey.engine.match import Match
from okey.engine.notation import format_action, parse_action
from okey.engine.record import DealEntry, MoveEntry, RecordEntry
from okey.engine.traditional import Dice
from okey.errors import OkeyError, Phrase
from okey.hand.notation import TileNotationError, format_tile, format_tiles, parse_tiles
from okey.numbers import LOG_NUMBER, NumberError
from okey.rules import RulesError, RuleSet, available_rule_sets, load_rules
from okey.textfiles import MAX_LINE, TextFileError, printable, read_text

FIRST_LINE = "# okey match log: seats are numbered from 0; text after '#' is a comment"
_HEADER = re.compile(r'\[(\w+)\s+"(.*)"\]')
_ROUND = re.compile(r"round\s+(\d{1,9})\s+dealer\s+(\d{1,9})")
_DICE = re.compile(r"dice\s+([1-6])\s+([1-6])")
NO_PATH = "<log>"
AUTO = "auto"
"""The word after the seat that marks a move made for a timed-out seat."""

__all__ = [
    "AUTO",
    "FIRST_LINE",
    "LogHeader",
    "LogLine",
    "MatchLogError",
    "ParsedLog",
    "ScoresLine",
    "format_log",
    "log_of",
    "names_or_seats",
    "parse_log",
    "read_log",
    "replay",
    "write_log",
    "writes_automatic",
]


class MatchLogError(OkeyError):
    """A log that cannot be read or replayed: the line (None: the whole file), the
    ``cause`` (a phrase, or the engine's or the rules' error) and the file's path."""

    prefix: ClassVar[str] = "log.error."

    def __init__(self, line: int | None, cause: Phrase | OkeyError, path: str = NO_PATH) -> None:
        super().__init__(cause.key if isinstance(cause, Phrase) else cause.phrase.key)
        self.line = line
        self.cause = cause
        self.path = path

    @property
    def phrase(self) -> Phrase:
        if self.line is None:
            return Phrase("log.error.file", path=self.path, reason=self.cause)
        return Phrase("log.error.line", path=self.path, line=self.line, reason=self.cause)

    def at(self, path: str) -> MatchLogError:
        return MatchLogError(self.line, self.cause, path)


def _problem(key: str, /, **fields: object) -> Phrase:
    return Phrase(f"log.error.{key}", **fields)


@dataclass(frozen=True)
class LogHeader:
    """The tags before the first round: the rules and, when known, seats and seed."""

    rules: str
    seats: tuple[str, ...] = ()
    seed: str | None = None
    extra: tuple[tuple[str, str], ...] = ()


# -- writing ---------------------------------------------------------------------


def format_log(header: LogHeader, played: Iterable[tuple[RecordEntry, Sequence[Event]]]) -> str:
    """The log text of a match (or of the part played so far): its record, each entry
    with the events it produced (:meth:`okey.engine.match.Match.played`)."""
    lines = [FIRST_LINE, f'[Rules "{header.rules}"]']
    if header.seats:
        lines.append(f'[Seats "{", ".join(header.seats)}"]')
    if header.seed is not None:
        lines.append(f'[Seed "{header.seed}"]')
    lines += [f'[{tag} "{value}"]' for tag, value in header.extra]
    for entry, events in played:
        match entry:
            case DealEntry():
                lines += ["", f"round {entry.number} dealer {entry.dealer}"]
                lines.append(f"deck {format_tiles(entry.deck)}")
                if entry.dice is not None:
                    lines.append(f"dice {entry.dice.stack} {entry.dice.tile}")
            case MoveEntry(automatic=False):
                lines.append(f"{entry.seat} {format_action(entry.action)}")
            case MoveEntry():  # made for a timed-out seat
                lines.append(f"{entry.seat} {AUTO} {format_action(entry.action)}")
            case _:
                assert_never(entry)
        for event in events:
            lines += _notes(event)
    return "\n".join(lines) + "\n"


def _notes(event: Event) -> list[str]:
    """The comment and ``scores`` lines an event adds after its entry's line."""
    match event:
        case IndicatorTurned():
            return [f"# indicator {format_tile(event.indicator)}, okey {format_tile(event.okey)}"]
        case RoundWon():
            note = f"# seat {event.seat} wins ({event.kind.value}), the others lose {event.points}"
            return [note, _scores_line(event.scores)]
        case RoundDrawn():
            return [f"# drawn ({event.reason.value})", _scores_line(event.scores)]
        case MatchOver():
            places = ", ".join(
                f"{s.place}. {' '.join(map(str, s.seats))} ({s.score})" for s in event.standings
            )
            return [f"# match over: {places}"]
        case GameEvent():
            return engine_of(event.game).log_notes(event)
        case (
            RoundStarted()
            | DiceThrown()
            | Dealt()
            | Drew()
            | TookDiscard()
            | Discarded()
            | ShowedIndicator()
            | TurnedToOkey()
            | DeclaredPairs()
            | DeclinedDiscard()
            | TimedOut()
            | AutopilotChanged()
        ):
            return []  # told by the entry's own line, or not told at all
        case _:
            assert_never(event)


def _scores_line(scores: Sequence[int]) -> str:
    return "scores " + " ".join(str(score) for score in scores)


def log_of(match: Match, header: LogHeader | None = None) -> str:
    """The log text of a live match (``header``: its rules' name only, when not given)."""
    return format_log(header or LogHeader(match.rules.name), match.played())


def write_log(path: Path, header: LogHeader, match: Match) -> None:
    path.write_text(format_log(header, match.played()), encoding="utf-8")


# -- reading ---------------------------------------------------------------------


@dataclass(frozen=True)
class ScoresLine:
    """A ``scores`` line: the scores the match must have at that point."""

    scores: tuple[int, ...]


@dataclass(frozen=True)
class LogLine:
    """One line of a log that means something: a record entry or a scores check."""

    line: int
    item: RecordEntry | ScoresLine
    text: str = ""  # the move as written (for telling why it is refused)


@dataclass(frozen=True)
class ParsedLog:
    header: LogHeader
    header_line: int
    lines: tuple[LogLine, ...] = field(default=())

    @property
    def record(self) -> tuple[RecordEntry, ...]:
        """The match's record as the log writes it (an old log: without the automatic
        moves, which its replay makes again; see the module)."""
        return tuple(line.item for line in self.lines if not isinstance(line.item, ScoresLine))


def writes_automatic(text: str) -> bool:
    """Whether a log's text has ``auto`` lines (an okey before them cannot replay it)."""
    for line in text.splitlines():
        words = line.split("#", 1)[0].split()
        if words[:1] and words[0].isdigit() and words[1:2] == [AUTO]:
            return True
    return False


def parse_log(text: str) -> ParsedLog:
    """Read a log's header and lines (the moves are checked by :func:`replay`)."""
    tags: dict[str, str] = {}
    extra: list[tuple[str, str]] = []
    found: list[LogLine] = []
    rules_line = 0
    lines = text.splitlines()
    index = 0
    while index < len(lines):
        number = index + 1
        raw = lines[index].strip()
        index += 1
        if raw.startswith("["):
            tagged = _HEADER.fullmatch(raw)
            if tagged is None or found:
                raise MatchLogError(number, _problem("header"))
            tag, value = tagged.group(1), tagged.group(2)
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
            entry = _deal_entry(number, line, _code(lines, index))
            index += 1
            if _code(lines, index).startswith("dice"):
                entry = replace(entry, dice=_dice(index + 1, _code(lines, index)))
                index += 1
            found.append(LogLine(number, entry))
        elif line.startswith("dice"):
            # Like the deck under its round line, the dice go right under the deck.
            raise MatchLogError(number, _problem("dice_place" if _DICE.fullmatch(line) else "dice"))
        elif line.startswith("scores"):
            found.append(LogLine(number, _scores(number, line)))
        else:
            found.append(_move_line(number, line))
    if "Rules" not in tags:
        raise MatchLogError(None, _problem("no_rules"))
    seats = (
        tuple(printable(name).strip() for name in tags["Seats"].split(","))
        if "Seats" in tags
        else ()
    )
    header = LogHeader(printable(tags["Rules"]), seats, tags.get("Seed"), tuple(extra))
    return ParsedLog(header, rules_line, tuple(found))


def _code(lines: Sequence[str], index: int) -> str:
    """Line ``index`` (0-based) without its comment; empty past the end."""
    return lines[index].split("#", 1)[0].strip() if index < len(lines) else ""


def _dice(number: int, line: str) -> Dice:
    found = _DICE.fullmatch(line)
    if found is None:
        raise MatchLogError(number, _problem("dice"))
    return Dice(int(found.group(1)), int(found.group(2)))


def _deal_entry(number: int, line: str, deck_line: str) -> DealEntry:
    found = _ROUND.fullmatch(line)
    if found is None:
        raise MatchLogError(number, _problem("round_line"))
    if not deck_line.startswith("deck"):
        raise MatchLogError(number + 1, _problem("deck_missing"))
    try:
        deck = tuple(parse_tiles(deck_line[4:]))
        check_deck(deck)
    except (TileNotationError, DeckError) as exc:
        raise MatchLogError(number + 1, _problem("deck", reason=exc)) from None
    return DealEntry(int(found.group(1)), int(found.group(2)), deck)


def _shown(line: str) -> str:
    """A line of a log as a message quotes it: printable, and not too long."""
    text = printable(line)
    return text if len(text) <= 80 else text[:80] + "..."


def _scores(number: int, line: str) -> ScoresLine:
    try:
        return ScoresLine(tuple(LOG_NUMBER.whole_number(word) for word in line.split()[1:]))
    except NumberError:
        raise MatchLogError(number, _problem("action", text=_shown(line))) from None


def _move_line(number: int, line: str) -> LogLine:
    seat_text, _, move = line.partition(" ")
    word, _, rest = move.strip().partition(" ")
    automatic = word.lower() == AUTO
    if automatic:
        move = rest
    try:
        seat = LOG_NUMBER.whole_number(seat_text)
        action = parse_action(move)
    except ValueError:  # NumberError and the notation's errors among them
        raise MatchLogError(number, _problem("action", text=_shown(line))) from None
    return LogLine(number, MoveEntry(seat, action, automatic), _shown(move.strip()))


MAX_LOG_BYTES = 16 * 1024 * 1024
"""The largest log okey reads (a thousand rounds are about 2 MB)."""


def read_log(path: Path) -> ParsedLog:
    """The log in the regular file ``path`` (a FIFO or a device is refused, never waited
    on; so is a file larger than :data:`MAX_LOG_BYTES` or with a line longer than
    :data:`okey.textfiles.MAX_LINE`)."""
    try:
        text = read_text(path, MAX_LOG_BYTES)
    except UnicodeDecodeError:  # a binary file: no codec's words, one clear line
        raise MatchLogError(None, Phrase("file.error.not_text"), str(path)) from None
    except OSError as exc:
        reason = exc.strerror if isinstance(exc, OSError) and exc.strerror else str(exc)
        raise MatchLogError(None, _problem("unreadable", reason=reason), str(path)) from None
    except TextFileError as exc:
        raise MatchLogError(None, exc, str(path)) from None
    for number, line in enumerate(text.splitlines(), start=1):
        if len(line) > MAX_LINE:
            raise MatchLogError(number, _problem("action", text=_shown(line)), str(path))
    try:
        return parse_log(text)
    except MatchLogError as exc:
        raise exc.at(str(path)) from None


# -- replaying -------------------------------------------------------------------

# Where in a round's lines a deal's problem is: the dice belong under the deck line.
_DEAL_LINE_OFFSET = {RecordProblem.DICE_MISSING: 1, RecordProblem.DICE_UNEXPECTED: 2}


def replay(log: ParsedLog, rules: RuleSet | None = None) -> Match:
    """Play the log's record through a fresh engine (:meth:`Match.play`), checking every
    line and every ``scores`` line on the way."""
    if rules is None:
        rules = _named_rules(log)
    match = Match(rules, first_dealer=0)
    owed_at = 0  # the line of a timeout whose automatic moves are not written yet
    for line in log.lines:
        item = line.item
        if not (isinstance(item, MoveEntry) and item.automatic):
            _made_again(match, owed_at)
        if isinstance(item, ScoresLine):
            _check_scores(match, line.line, item)
            continue
        try:
            match.play(item)
        except RecordError as exc:
            offset = _DEAL_LINE_OFFSET.get(RecordProblem(exc.reason), 0)
            raise MatchLogError(line.line + offset, exc) from None
        except OkeyError as exc:  # an illegal move, or a deal that cannot be made
            if isinstance(item, DealEntry):
                raise MatchLogError(line.line + 1, _problem("deck", reason=exc)) from None
            why = _problem("illegal", seat=item.seat, text=line.text, reason=exc)
            raise MatchLogError(line.line, why) from None
        owed_at = line.line
    _made_again(match, owed_at)
    return match


def _named_rules(log: ParsedLog) -> RuleSet:
    """The rule set a log's ``[Rules "NAME"]`` header names: one of okey's own, by name.
    A log never points okey at a file (``[Rules "/etc/passwd"]`` is refused unread)."""
    name = log.header.rules
    if not _plain_name(name):
        known = ", ".join(available_rule_sets())
        why = _problem("rules_name", name=_shown(name), known=known)
        raise MatchLogError(log.header_line or None, why)
    try:
        return load_rules(name)  # a plain name: looked for in okey's rules folder only
    except RulesError as exc:
        raise MatchLogError(log.header_line or None, exc) from None


def _plain_name(name: str) -> bool:
    """A rule set's name, which :func:`okey.rules.load_rules` looks for in okey's own
    rules folder (not a path, nor a file name it would open where it is)."""
    return (
        bool(name)
        and name.isprintable()
        and not name.lower().endswith(".toml")
        and not any(char in name for char in "/\\:")
        and name.strip(".") != ""
    )


def _made_again(match: Match, line: int) -> None:
    """A timeout with no ``auto`` lines after it (an old log's): the game's own moves,
    made again (a failure is the timeout line's)."""
    if match.owed is None:
        return
    try:
        match.complete_time_out()
    except OkeyError as exc:  # pragma: no cover - the game's own moves are always legal
        raise MatchLogError(line, exc) from None


def _check_scores(match: Match, line: int, item: ScoresLine) -> None:
    if not match.started:
        raise MatchLogError(line, RecordError(RecordProblem.NO_ROUND))
    if not match.round_over:
        raise MatchLogError(line, _problem("unfinished", number=match.round_number))
    if item.scores != match.scores:
        expected = " ".join(map(str, match.scores))
        found = " ".join(map(str, item.scores))
        raise MatchLogError(line, _problem("scores", expected=expected, found=found))


def names_or_seats(header: LogHeader, players: int) -> Sequence[str]:
    """The seat names from a header, padded with empty names."""
    return list(header.seats[:players]) + [""] * max(0, players - len(header.seats))
