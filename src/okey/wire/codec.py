"""A typed JSON codec for the engine's frozen values: views, events, rules, groups.

Encoding follows the value; decoding follows the type hints of the class asked
for, so a new frozen dataclass (an event of another game) travels with no new
code here. The forms:

- None, bool, int, float, str: themselves;
- a :class:`~okey.tiles.Tile`: its notation, ``"r5"`` or ``"fj"``;
- an action (a member of :data:`~okey.engine.actions.Action`, a game's own move
  among them): its notation, ``"discard r5"`` (:mod:`okey.wire.notation`);
- an enum member: its value;
- a tuple or list: an array;
- a dataclass: an object with ``"type"`` (the class name) and one key per field.

A value asked for as a game's own event (:class:`~okey.engine.events.GameEvent`) or as
a seat's view (:class:`~okey.engine.view.TableView`) is decoded as the class its
``"type"`` names among those every game's folder gives (:class:`okey.wire.kit.NetPart`).

Decoding checks every value against its type and raises :class:`CodecError`
naming where the data went wrong; keys a class does not have are ignored (a
newer server may add fields), a missing field takes its default if it has one.
"""

from __future__ import annotations

import dataclasses
import json
import math
import types
import typing
from collections.abc import Callable, Mapping
from enum import Enum
from functools import cache
from json.encoder import encode_basestring
from typing import Any, Literal, TypeAlias, TypeVar, get_args, get_origin

from okey.engine.actions import Action, GameAction
from okey.engine.events import Event, GameEvent
from okey.engine.view import TableView
from okey.hand.notation import parse_tile
from okey.rules import WIRE_NAME, RuleSet
from okey.tiles import FALSE_JOKER_CODE, Tile
from okey.wire.kit import net_parts
from okey.wire.notation import action_from_text, action_text

JSON: TypeAlias = "dict[str, JSON] | list[JSON] | str | int | float | bool | None"

T = TypeVar("T")

TYPE_KEY = "type"
ACTION_TYPES: tuple[type, ...] = get_args(Action)
"""The engine's actions (``GameAction``: a game's own, each its subclass)."""
MEMO_TYPES: tuple[type, ...] = (RuleSet,)
"""Values sent again and again (the rules ride in every view): each equal one is encoded once."""
MEMO_SIZE = 64
_TILE_TEXT = tuple(str(Tile(code)) for code in range(FALSE_JOKER_CODE + 1))


@cache
def _game_classes() -> dict[type, tuple[type, ...]]:
    """The classes a base stands for on the wire: each game's own events for
    ``GameEvent``, each game's view for ``TableView`` (from every game's folder)."""
    parts = net_parts()
    return {
        GameEvent: tuple(cls for part in parts for cls in part.events),
        TableView: tuple(part.view for part in parts),
    }


def event_types() -> dict[str, type]:
    """The events by the name they travel under (the engine's and every game's own)."""
    return {cls.__name__: cls for cls in _members(get_args(Event))}


@cache
def _members(kinds: tuple[Any, ...]) -> tuple[Any, ...]:
    """``kinds`` with each base of :func:`_game_classes` in place of the classes it stands for."""
    found = _game_classes()
    return tuple(member for kind in kinds for member in found.get(kind, (kind,)))


class CodecError(ValueError):
    """Data that is not a value of the type asked for; ``path`` says where."""

    def __init__(self, path: str, reason: str) -> None:
        self.path = path
        self.reason = reason
        super().__init__(f"{path or 'the value'}: {reason}")


# -- encoding --------------------------------------------------------------------


def encode(value: object) -> JSON:
    """``value`` as plain JSON values (see the module's forms)."""
    cls = type(value)
    found = _ENCODERS.get(cls)
    if found is None:
        found = _ENCODERS[cls] = _encoder_of(cls)
    return found(value)


Encoder: TypeAlias = "Callable[[Any], JSON]"


def _same(value: Any) -> JSON:
    return typing.cast(JSON, value)


def _items(value: Any) -> JSON:
    if all(type(item) is Tile for item in value):  # the usual case: a row of tiles
        return [_TILE_TEXT[item.code] for item in value]
    return [encode(item) for item in value]


def _enum(value: Any) -> JSON:
    return encode(value.value)


def _tile(value: Any) -> JSON:
    text: str = _TILE_TEXT[value.code]
    return text


def _action(value: Any) -> JSON:
    return action_text(value)


_ENCODERS: dict[type, Encoder] = {}
"""The encoder of each class met so far (the codec's speed is in this table)."""


def _form(cls: type) -> str:
    """Which of the module's forms a class travels in (the same for both writers)."""
    if cls is type(None):
        return "null"
    if cls in (bool, int, float, str):
        return cls.__name__
    if cls is Tile:
        return "tile"
    if cls in ACTION_TYPES or issubclass(cls, GameAction):
        return "action"
    if issubclass(cls, Enum):
        return "enum"
    if issubclass(cls, tuple | list):
        return "items"
    if dataclasses.is_dataclass(cls):
        return "dataclass"
    raise TypeError(f"cannot encode {cls.__name__} as JSON")


def _encoder_of(cls: type) -> Encoder:
    form = _form(cls)
    if form == "dataclass":
        return _dataclass_encoder(cls)
    return {"tile": _tile, "action": _action, "enum": _enum, "items": _items}.get(form, _same)


def _dataclass_encoder(cls: type) -> Encoder:
    names = tuple((f.name, f.metadata.get(WIRE_NAME, f.name)) for f in dataclasses.fields(cls))
    kind = cls.__name__
    memo: dict[Any, JSON] = {}

    def encode_fields(value: Any) -> JSON:
        out: dict[str, JSON] = {TYPE_KEY: kind}
        for name, wire in names:
            out[wire] = encode(getattr(value, name))
        return out

    if cls not in MEMO_TYPES:
        return encode_fields

    def encode_frozen(value: Any) -> JSON:
        # Rules ride in every view: an equal value is encoded once (the copy is
        # shared, and JSON values built here are never changed afterwards).
        if len(memo) > MEMO_SIZE:
            memo.clear()
        try:
            return memo[value]
        except KeyError:
            memo[value] = found = encode_fields(value)
            return found

    return encode_frozen


# -- encoding as text ------------------------------------------------------------------


def encode_json(value: object) -> str:
    """``value`` as the text of its JSON (exactly ``json.dumps(encode(value),
    ensure_ascii=False, separators=(",", ":"))``), written in one pass.

    An event or a rule set (:func:`_shared_classes`) is written once and its text kept
    while it lives (kept here, so it lives): a table tells the same event to every seat,
    and its rules ride in every view."""
    cls = type(value)
    found = _TEXTS.get(cls)
    if found is None:
        found = _TEXTS[cls] = _text_of(cls)
    return found(value)


Texter: TypeAlias = "Callable[[Any], str]"
_TEXTS: dict[type, Texter] = {}
"""The text writer of each class met so far."""
_TILE_JSON = tuple(f'"{text}"' for text in _TILE_TEXT)
SHARED_SIZE = 4096  # texts kept of the shared values (then forgotten all at once)
_SHARED: dict[int, tuple[object, str]] = {}
"""The text of each shared value met lately, by its id (the value is kept with it, so
that its id is no other value's while it is here)."""


@cache
def _shared_classes() -> frozenset[type]:
    """The values worth writing once: the events (one told to every seat) and the rules."""
    return frozenset([*event_types().values(), RuleSet])


def _float_text(value: float) -> str:
    if math.isfinite(value):
        return float.__repr__(value)
    return json.dumps(value)


def _none_text(value: None) -> str:
    return "null"


def _bool_text(value: bool) -> str:
    return "true" if value else "false"


def _tile_text(value: Tile) -> str:
    return _TILE_JSON[value.code]


def _action_text(value: Action) -> str:
    text: str = encode_basestring(action_text(value))
    return text


def _enum_text(value: Enum) -> str:
    return encode_json(value.value)


def _items_text(value: tuple[Any, ...] | list[Any]) -> str:
    if value and type(value[0]) is Tile:  # the usual case: a row of tiles
        tiles = _TILE_JSON
        written = [tiles[item.code] for item in value if type(item) is Tile]
        if len(written) == len(value):
            return "[" + ",".join(written) + "]"
    texts = _TEXTS
    parts = []
    for item in value:
        cls = type(item)
        found = texts.get(cls)
        if found is None:
            found = texts[cls] = _text_of(cls)
        parts.append(found(item))
    return "[" + ",".join(parts) + "]"


def _text_of(cls: type) -> Texter:
    form = _form(cls)
    if form == "dataclass":
        return _dataclass_text(cls)
    texters: dict[str, Texter] = {
        "null": _none_text,
        "bool": _bool_text,
        "int": int.__repr__,
        "float": _float_text,
        "str": encode_basestring,
        "tile": _tile_text,
        "action": _action_text,
        "enum": _enum_text,
        "items": _items_text,
    }
    return texters[form]


def _dataclass_text(cls: type) -> Texter:
    fields = dataclasses.fields(cls)
    names = tuple(f.name for f in fields)
    wires = tuple(f.metadata.get(WIRE_NAME, f.name) for f in fields)
    if TYPE_KEY in wires:  # (the field would take the type's place, as in encode's dict)
        return lambda value: json.dumps(encode(value), ensure_ascii=False, separators=(",", ":"))
    head = "{" + encode_basestring(TYPE_KEY) + ":" + encode_basestring(cls.__name__)
    keys = tuple("," + encode_basestring(wire) + ":" for wire in wires)
    pairs = tuple(zip(keys, names, strict=True))
    texts = _TEXTS

    def text(value: Any) -> str:
        out = [head]
        for key, name in pairs:
            field = getattr(value, name)
            kind = type(field)
            found = texts.get(kind)
            if found is None:
                found = texts[kind] = _text_of(kind)
            out.append(key)
            out.append(found(field))
        out.append("}")
        return "".join(out)

    if cls not in _shared_classes():
        return text

    def shared(value: Any) -> str:
        key = id(value)
        found = _SHARED.get(key)
        if found is not None and found[0] is value:
            return found[1]
        if len(_SHARED) >= SHARED_SIZE:
            _SHARED.clear()
        written = text(value)
        _SHARED[key] = (value, written)
        return written

    return shared


# -- decoding --------------------------------------------------------------------


def decode_as(data: object, cls: type[T]) -> T:
    """``data`` decoded as an instance of ``cls`` (checked)."""
    value = decode(data, cls)
    if not isinstance(value, cls):  # pragma: no cover - decode builds cls itself
        raise CodecError("", f"not a {cls.__name__}")
    return value


def decode_event(data: object) -> Event:
    """One event, of whichever type its ``"type"`` names."""
    value: Event = decode(data, Event)
    return value


def decode(data: object, kind: Any, path: str = "") -> Any:
    """``data`` decoded as a value of ``kind`` (a class, an alias or a union)."""
    if kind is Any or kind is object:
        return data
    if kind is None or kind is type(None):
        if data is not None:
            raise CodecError(path, "must be null")
        return None
    origin = get_origin(kind)
    if origin is typing.Union or origin is types.UnionType:
        return _decode_union(data, get_args(kind), path)
    if origin is Literal:
        if data not in get_args(kind) or isinstance(data, bool):
            raise CodecError(path, f"must be one of {list(get_args(kind))}")
        return data
    if origin is tuple:
        return _decode_tuple(data, get_args(kind), path)
    if origin is list:
        (item,) = get_args(kind)
        return list(_decode_tuple(data, (item, ...), path))
    if isinstance(kind, type):
        return _decode_class(data, kind, path)
    raise CodecError(path, f"no way to decode {kind!r}")


def _decode_class(data: object, cls: type, path: str) -> Any:
    if cls is bool:
        if not isinstance(data, bool):
            raise CodecError(path, "must be true or false")
        return data
    if cls is int:
        if isinstance(data, bool) or not isinstance(data, int):
            raise CodecError(path, "must be a whole number")
        return data
    if cls is float:
        if isinstance(data, bool) or not isinstance(data, int | float):
            raise CodecError(path, "must be a number")
        return float(data)
    if cls is str:
        if not isinstance(data, str):
            raise CodecError(path, "must be a string")
        return data
    if cls is Tile:
        return _decode_tile(data, path)
    if cls in _game_classes():
        return _decode_union(data, (cls,), path)
    if cls in ACTION_TYPES or issubclass(cls, GameAction):
        action = _decode_action(data, path)
        if not isinstance(action, cls):
            raise CodecError(path, f"must be the action {cls.__name__}")
        return action
    if issubclass(cls, Enum):
        try:
            return cls(data)
        except ValueError:
            raise CodecError(path, f"is not a {cls.__name__}") from None
    if dataclasses.is_dataclass(cls):
        return _decode_dataclass(data, _named(data, cls), path)
    raise CodecError(path, f"no way to decode {cls.__name__}")


def _named(data: object, cls: type) -> type:
    """The class ``data`` names when it is a game's own subclass of ``cls`` (a rule set's
    sections: :class:`okey.rules.GameSections`), else ``cls``."""
    name = data.get(TYPE_KEY) if isinstance(data, Mapping) else None
    if not isinstance(name, str) or name == cls.__name__:
        return cls  # (what is wrong with it is said as the class is read)
    found = _game_names().get(name)
    return found if found is not None and issubclass(found, cls) else cls


@cache
def _game_names() -> Mapping[str, type]:
    """The classes every game's folder names for the shared classes' fields."""
    names: dict[str, type] = {}
    for part in net_parts():
        names.update(part.names)
    return names


def _decode_tile(data: object, path: str) -> Tile:
    if not isinstance(data, str):
        raise CodecError(path, "a tile must be a string like r5")
    try:
        return parse_tile(data)
    except ValueError as exc:
        raise CodecError(path, str(exc)) from None


def _decode_action(data: object, path: str) -> Action:
    if not isinstance(data, str):
        raise CodecError(path, "an action must be a string like 'discard r5'")
    try:
        return action_from_text(data)
    except ValueError:
        raise CodecError(path, f"{data[:40]!r} is not an action") from None


def _decode_tuple(data: object, args: tuple[Any, ...], path: str) -> tuple[Any, ...]:
    if not isinstance(data, list):
        raise CodecError(path, "must be an array")
    if len(args) == 2 and args[1] is Ellipsis:
        return tuple(decode(item, args[0], f"{path}[{i}]") for i, item in enumerate(data))
    if len(data) != len(args):
        raise CodecError(path, f"must hold {len(args)} items")
    pairs = enumerate(zip(data, args, strict=True))
    return tuple(decode(item, arg, f"{path}[{i}]") for i, (item, arg) in pairs)


def _decode_union(data: object, args: tuple[Any, ...], path: str) -> Any:
    if data is None:
        if type(None) in args:
            return None
        raise CodecError(path, "must not be null")
    members = [arg for arg in _members(args) if arg is not type(None)]
    if not members:
        raise CodecError(path, "must be null")
    if len(members) == 1:
        return decode(data, members[0], path)
    if all(member in ACTION_TYPES or _is_game_action(member) for member in members):
        action = _decode_action(data, path)
        if not isinstance(action, tuple(members)):
            raise CodecError(path, f"{data!r} is not allowed here")
        return action
    if all(isinstance(m, type) and dataclasses.is_dataclass(m) for m in members):
        name = data.get(TYPE_KEY) if isinstance(data, Mapping) else None
        for member in members:
            if member.__name__ == name:
                return _decode_dataclass(data, member, path)
        raise CodecError(path, f"unknown type {name!r}")
    for member in members:
        try:
            return decode(data, member, path)
        except CodecError:
            continue
    raise CodecError(path, "matches none of the types allowed here")


def _is_game_action(kind: Any) -> bool:
    return isinstance(kind, type) and issubclass(kind, GameAction)


@cache
def _hints(cls: type) -> tuple[tuple[str, str, Any, bool], ...]:
    """Each init field of ``cls``: its name, its name on the wire, its resolved type,
    whether it has a default."""
    hints = typing.get_type_hints(cls, localns=dict(_game_names()))
    out = []
    for f in dataclasses.fields(cls):
        if not f.init:
            continue
        has_default = (
            f.default is not dataclasses.MISSING or f.default_factory is not dataclasses.MISSING
        )
        out.append((f.name, f.metadata.get(WIRE_NAME, f.name), hints[f.name], has_default))
    return tuple(out)


def _decode_dataclass(data: object, cls: type, path: str) -> Any:
    if not isinstance(data, Mapping):
        raise CodecError(path, f"a {cls.__name__} must be an object")
    name = data.get(TYPE_KEY, cls.__name__)
    if name != cls.__name__:
        raise CodecError(path, f"must be a {cls.__name__}, not {name!r}")
    values: dict[str, Any] = {}
    for field, wire, hint, has_default in _hints(cls):
        where = f"{path}.{wire}" if path else wire
        if wire in data:
            values[field] = decode(data[wire], hint, where)
        elif not has_default:
            raise CodecError(where, "is missing")
    try:
        return cls(**values)
    except (TypeError, ValueError) as exc:
        raise CodecError(path, str(exc)) from None
