"""A save as JSON text a person can read, and back, checking every field.

The layout is JSON with one key per line; lists of numbers (scores, random
states) stay on one line and the match log is a list of its lines. Reading
refuses, with one :class:`SaveError`, anything that is not exactly a save of
a known format: not JSON, cut short, not an okey save, a newer format, a
missing, unknown or mistyped key.

The format says how the rounds were dealt (:func:`okey.saves.data.format_for`):
1 plainly, 2 from stacks with dice; 3 says that the log writes the moves made for
timed-out seats (its rules then say how it was dealt). Format 1 came first, when the rule
``traditional_deal`` changed nothing; a format-1 save whose rules have it on
is read with it off, as its rounds were dealt.
"""

from __future__ import annotations

import json
from dataclasses import replace
from datetime import datetime
from textwrap import shorten
from typing import Any, NoReturn

from okey.errors import Phrase
from okey.rules import DEFAULT_GAME, RulesError, RuleSet, rules_from_mapping, rules_mapping
from okey.saves.data import (
    AUTO_FORMAT,
    IN_PLAY,
    JSON,
    KIND,
    NOT_STARTED,
    PHASES,
    SaveData,
    format_for,
    is_unverified,
    match_id_of,
    new_match_id,
)
from okey.saves.errors import SaveError
from okey.saves.formats import (
    NEWEST_FORMAT,
    PLAIN_FORMAT,
    READ_FORMATS,
    SEALED_FORMATS,
    written_format,
)
from okey.saves.rng import RngState
from okey.saves.schema import SettingsRefused, checked_settings
from okey.saves.seal import SEALED_KEY, SealBroken, fill, seal, unseal
from okey.textfiles import printable

INDENT = "  "

# The keys of a save (both formats), in the order they are written.
TOP_KEYS = (
    "kind",
    "format",
    "created",
    "label",
    "summary",
    "rules",
    "first_dealer",
    "settings",
    "log",
    "rng",
    "bot_rngs",
)
SEALED_TOP_KEYS = (
    "kind",
    "format",
    "created",
    "label",
    "match",
    "summary",
    "rules",
    "first_dealer",
    "settings",
    SEALED_KEY,
)
"""The keys of a sealed save (format 4); the sealed part holds :data:`SEALED_KEYS`."""
SEALED_KEYS = ("log", "rng", "bot_rngs")
MAX_MATCH_ID = 64
SUMMARY_KEYS = ("round", "scores", "turn", "phase")
RNG_KEYS = ("version", "internal", "gauss_next")


# -- writing ------------------------------------------------------------------------


def to_document(data: SaveData) -> dict[str, JSON]:
    """The save as an unsealed document (format 1 or 2), keys in the order they are
    written: what okey wrote before saves were sealed (tests write old saves with it)."""
    rules: dict[str, JSON] = json.loads(json.dumps(rules_mapping(data.rules)))
    if rules.get("game") == DEFAULT_GAME:
        del rules["game"]  # Okey's saves stay as okey 0.1 wrote them
    return {
        "kind": data.kind,
        "format": data.format_version,
        "created": data.created.isoformat(),
        "label": data.label,
        "summary": {
            "round": data.round_number,
            "scores": list(data.scores),
            "turn": data.turn,
            "phase": data.phase,
        },
        "rules": rules,
        "first_dealer": data.first_dealer,
        "settings": data.settings,
        "log": list(data.log.splitlines()),
        "rng": _rng_document(data.match_rng),
        "bot_rngs": [_rng_document(state) for state in data.bot_rngs],
    }


def _rng_document(state: RngState | None) -> JSON:
    if state is None:
        return None
    return {
        "version": state.version,
        "internal": list(state.internal),
        "gauss_next": state.gauss_next,
    }


def encode_plain(data: SaveData) -> bytes:
    """The save as an unsealed file (format 1 or 2, as okey wrote before format 4)."""
    return (layout(to_document(data)) + "\n").encode("utf-8")


def encode(data: SaveData) -> bytes:
    """The save's file contents: UTF-8 JSON ending in a newline, sealed (format 4; 5 for
    a game other than Okey: :func:`okey.saves.formats.written_format`).

    Raises ValueError (UnicodeEncodeError included) for what JSON cannot hold.
    """
    plain = to_document(data)
    hidden = {key: plain.pop(key) for key in SEALED_KEYS}
    readable: dict[str, JSON] = {
        "kind": plain["kind"],
        "format": written_format(data.rules.game),
        "created": plain["created"],
        "label": plain["label"],
        "match": match_id_of(data) or new_match_id(),  # an unverified match stays so
        "summary": plain["summary"],
        "rules": plain["rules"],
        "first_dealer": plain["first_dealer"],
        "settings": plain["settings"],
        SEALED_KEY: "",
    }
    blank = (layout(readable) + "\n").encode("utf-8")
    inner = json.dumps(hidden, ensure_ascii=False, allow_nan=False, separators=(",", ":"))
    return fill(blank, seal(inner.encode("utf-8"), blank))


def layout(value: JSON, depth: int = 0) -> str:
    """JSON text with one key or item per line, but lists of numbers on one line."""
    inner = INDENT * (depth + 1)
    if isinstance(value, dict):
        if not value:
            return "{}"
        items = [f"{inner}{_scalar(key)}: {layout(item, depth + 1)}" for key, item in value.items()]
        return "{\n" + ",\n".join(items) + "\n" + INDENT * depth + "}"
    if isinstance(value, list):
        if all(item is None or isinstance(item, bool | int | float) for item in value):
            return "[" + ", ".join(_scalar(item) for item in value) + "]"
        items = [inner + layout(item, depth + 1) for item in value]
        return "[\n" + ",\n".join(items) + "\n" + INDENT * depth + "]"
    return _scalar(value)


def _scalar(value: JSON) -> str:
    return json.dumps(value, ensure_ascii=False, allow_nan=False)


# -- reading ------------------------------------------------------------------------


class _Duplicate(Exception):
    def __init__(self, key: str) -> None:
        self.key = key


def _no_duplicates(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    result: dict[str, Any] = {}
    for key, value in pairs:
        if key in result:
            raise _Duplicate(key)
        result[key] = value
    return result


def _no_constant(name: str) -> NoReturn:
    raise ValueError(f"{name} is not a JSON number")


def decode(raw: bytes, path: str) -> SaveData:
    """Read a save's bytes (named ``path`` in messages); :class:`SaveError` if not a save.

    This checks the form of every field; :func:`okey.saves.store.read_save` then
    also replays the match log (:func:`okey.saves.restore.problem`).
    """
    return _Reader(path).read(raw)


class _Reader:
    def __init__(self, path: str) -> None:
        self.path = path

    def fail(self, what: str, /, **fields: object) -> NoReturn:
        """Refuse the file as damaged, saying why (a ``saves.bad.*`` phrase)."""
        raise SaveError("corrupt", path=self.path, reason=Phrase(f"saves.bad.{what}", **fields))

    def wrong_type(self, key: str, kind: str) -> NoReturn:
        self.fail("type", field=key, kind=Phrase(f"saves.kind.{kind}"))

    def wrong_value(self, key: str, reason: str, **fields: object) -> NoReturn:
        self.fail("value", field=key, reason=Phrase(f"saves.value.{reason}", **fields))

    # -- the document --------------------------------------------------------------

    def read(self, raw: bytes) -> SaveData:
        doc = self.parse(raw)
        if doc.get("kind") != KIND:
            raise SaveError("foreign", path=self.path)
        version = self.whole(doc.get("format"), "format")
        if version > NEWEST_FORMAT:
            raise SaveError("newer", path=self.path, found=version, known=NEWEST_FORMAT)
        if version < PLAIN_FORMAT or version not in READ_FORMATS:
            raise SaveError("version", path=self.path, found=version)
        if version in SEALED_FORMATS:
            self.keys(doc, SEALED_TOP_KEYS, "")
            hidden = self.opened(raw, self.text(doc, SEALED_KEY))
            rules = self.rules(self.object(doc, "rules"))
            match_id: str | None = self.text(doc, "match")
            if not match_id or len(match_id) > MAX_MATCH_ID or not match_id.isalnum():
                self.wrong_value("match", "text")
        else:
            self.keys(doc, TOP_KEYS, "")
            hidden = doc
            rules = self.dealt(self.rules(self.object(doc, "rules")), version)
            match_id = None
        players = rules.table.players
        summary = self.object(doc, "summary")
        self.keys(summary, SUMMARY_KEYS, "summary.")
        round_number, scores, turn, phase = self.summary(summary, players)
        first_dealer = self.seat(doc, "first_dealer", players)
        bot_rngs = self.array(hidden, "bot_rngs")
        if len(bot_rngs) != players:
            self.wrong_value("bot_rngs", "count", count=players)
        return SaveData(
            rules=rules,
            log="".join(line + "\n" for line in self.texts(hidden, "log")),
            first_dealer=first_dealer,
            round_number=round_number,
            scores=scores,
            turn=turn,
            phase=phase,
            match_rng=self.rng(hidden["rng"], "rng"),
            bot_rngs=tuple(
                self.rng(state, f"bot_rngs[{seat}]") for seat, state in enumerate(bot_rngs)
            ),
            settings=self.settings(self.object(doc, "settings"), players),
            label=self.text(doc, "label"),
            created=self.time(doc, "created"),
            kind=KIND,
            match_id=match_id,
            verified=version in SEALED_FORMATS and not is_unverified(match_id),
        )

    def opened(self, raw: bytes, value: str) -> dict[str, Any]:
        """The sealed part of a format-4 file, its seal checked (the whole file's)."""
        try:
            inner = unseal(raw, value)
        except SealBroken as exc:
            self.fail("seal", part=Phrase(f"saves.seal.{exc.reason}"))
        try:
            hidden = json.loads(inner.decode("utf-8"), object_pairs_hook=_no_duplicates)
        except (ValueError, RecursionError, _Duplicate):
            self.fail("seal", part=Phrase("saves.seal.value"))
        if not isinstance(hidden, dict):
            self.fail("seal", part=Phrase("saves.seal.value"))
        self.keys(hidden, SEALED_KEYS, "sealed.")
        return hidden

    def settings(self, raw: dict[str, Any], players: int) -> dict[str, Any]:
        try:
            return checked_settings(raw, players)
        except SettingsRefused as exc:
            if exc.number is not None:
                self.fail("number", field=exc.field, reason=exc.number)
            self.wrong_type(exc.field, exc.kind or "text")

    def parse(self, raw: bytes) -> dict[str, Any]:
        if not raw.strip():
            raise SaveError("empty", path=self.path)
        try:
            text = raw.decode("utf-8")
        except UnicodeDecodeError:
            if raw.lstrip().startswith(b"{"):
                self.fail("utf8")
            raise SaveError("foreign", path=self.path) from None
        stripped = text.lstrip("\ufeff").strip()
        if not stripped.startswith("{"):
            raise SaveError("foreign", path=self.path)
        try:
            doc = json.loads(
                stripped, object_pairs_hook=_no_duplicates, parse_constant=_no_constant
            )
        except _Duplicate as exc:
            self.fail("duplicate", field=exc.key)
        except RecursionError:  # [[[[...]]]]: deeper than Python recurses
            self.fail("json", detail=Phrase("saves.bad.nested"))
        except ValueError as exc:
            if not stripped.endswith("}"):
                raise SaveError("truncated", path=self.path) from None
            detail = exc.msg if isinstance(exc, json.JSONDecodeError) else str(exc)
            self.fail("json", detail=shorten(printable(detail), 80, placeholder="..."))
        if not isinstance(doc, dict):
            raise SaveError("foreign", path=self.path)
        try:
            json.dumps(doc, ensure_ascii=False).encode("utf-8")
        except UnicodeEncodeError:
            self.wrong_value("(text)", "text")
        except RecursionError:
            self.fail("json", detail=Phrase("saves.bad.nested"))
        return doc

    def keys(self, doc: dict[str, Any], known: tuple[str, ...], prefix: str) -> None:
        for key in known:
            if key not in doc:
                self.fail("missing", field=prefix + key)
        for key in doc:
            if key not in known:
                self.fail("unknown", field=prefix + key)

    # -- fields --------------------------------------------------------------------

    def object(self, doc: dict[str, Any], key: str, name: str | None = None) -> dict[str, Any]:
        value = doc[key]
        if not isinstance(value, dict):
            self.wrong_type(name or key, "object")
        return value

    def array(self, doc: dict[str, Any], key: str, name: str | None = None) -> list[Any]:
        value = doc[key]
        if not isinstance(value, list):
            self.wrong_type(name or key, "list")
        return value

    def text(self, doc: dict[str, Any], key: str) -> str:
        value = doc[key]
        if not isinstance(value, str):
            self.wrong_type(key, "text")
        return value

    def texts(self, doc: dict[str, Any], key: str) -> list[str]:
        values = self.array(doc, key)
        if not all(isinstance(value, str) for value in values):
            self.wrong_type(f"{key}[]", "text")
        return values

    def whole(self, value: Any, key: str) -> int:
        if isinstance(value, bool) or not isinstance(value, int):
            self.wrong_type(key, "whole")
        return value

    def seat(self, doc: dict[str, Any], key: str, players: int, name: str | None = None) -> int:
        seat = self.whole(doc[key], name or key)
        if not 0 <= seat < players:
            self.wrong_value(name or key, "seat", last=players - 1)
        return seat

    def time(self, doc: dict[str, Any], key: str) -> datetime:
        text = self.text(doc, key)
        try:
            moment = datetime.fromisoformat(text)
            return moment if moment.tzinfo is not None else moment.astimezone()
        except (ValueError, OverflowError):
            self.wrong_value(key, "time")

    def rules(self, raw: dict[str, Any]) -> RuleSet:
        try:
            return rules_from_mapping(raw, source="rules")
        except RulesError as exc:
            self.fail("rules", reason=exc)

    def dealt(self, rules: RuleSet, version: int) -> RuleSet:
        """The rules as the save's rounds were dealt: the format says whether from stacks."""
        if version >= AUTO_FORMAT:
            return rules  # written with its automatic moves: dealt as its rules say
        if version == PLAIN_FORMAT and rules.play.traditional_deal:
            # Saved before the flag dealt from stacks: its rounds were dealt plainly.
            return replace(rules, play=replace(rules.play, traditional_deal=False))
        if format_for(rules) != version:
            self.wrong_value("format", "stacks", found=version)
        return rules

    def summary(
        self, doc: dict[str, Any], players: int
    ) -> tuple[int, tuple[int, ...], int | None, str]:
        round_number = self.whole(doc["round"], "summary.round")
        if round_number < 0:
            self.wrong_value("summary.round", "negative")
        scores = self.array(doc, "scores", "summary.scores")
        if len(scores) != players:
            self.wrong_value("summary.scores", "count", count=players)
        for score in scores:
            self.whole(score, "summary.scores[]")
        phase = doc["phase"]
        if phase not in PHASES or not isinstance(phase, str):
            self.wrong_value("summary.phase", "phase", choices=", ".join(PHASES))
        if (phase == NOT_STARTED) != (round_number == 0):
            self.fail("summary", field="summary.round")
        if phase in IN_PLAY:
            turn: int | None = self.seat(doc, "turn", players, "summary.turn")
        elif doc["turn"] is not None:
            self.fail("summary", field="summary.turn")
        else:
            turn = None
        return round_number, tuple(scores), turn, phase

    def rng(self, value: Any, key: str) -> RngState | None:
        if value is None:
            return None
        if not isinstance(value, dict):
            self.wrong_type(key, "rng_or_null")
        self.keys(value, RNG_KEYS, f"{key}.")
        version = self.whole(value["version"], f"{key}.version")
        internal = self.array(value, "internal", f"{key}.internal")
        words = tuple(self.whole(word, f"{key}.internal[]") for word in internal)
        gauss_next = value["gauss_next"]
        if gauss_next is not None and not isinstance(gauss_next, float):
            self.wrong_type(f"{key}.gauss_next", "number")
        state = RngState(version, words, gauss_next)
        if state.problem() is not None:
            self.wrong_value(key, "rng")
        return state
