"""The wire format stays the one okey spoke before the game kit: the frames of played
rounds of both games, byte for byte as okey 0.x (commit df1ea60) wrote them, but for the
fields added since (:data:`ADDED`, which older readers ignore).

tests/test_net_wire.jsonl holds, for each frame, its digest, and a few frames whole
(to show what changed when one differs). It was written by this module run as a script
with the source of df1ea60 first on the path (it imports only names both have)::

    PYTHONPATH=<old tree>/src:tests python tests/test_net_wire.py --write
"""

from __future__ import annotations

import hashlib
import json
import random
import sys
from collections.abc import Iterator
from dataclasses import replace
from pathlib import Path

from okey.bots import make_bot
from okey.engine.events import seen_by
from okey.engine.match import Match
from okey.games.okey101.levels import make_bot101
from okey.games.okey101.sections import own_rules
from okey.net.protocol import (
    Act,
    Brief,
    Reason,
    Refused,
    Seated,
    Update,
    dumps,
    read_client,
    read_server,
)
from okey.rules import RuleSet, load_rules
from okey.wire.notation import action_from_text

EXPECTED = Path(__file__).with_suffix(".jsonl")
WHOLE = 16  # every this many frames is kept whole
MOVES_101 = [
    "open r9 r10 r11 | k13 b13 r13 | r5 b5 y7=k5",
    "open pairs b3 b3 | k9 k9 | y11 y11 | r2 r2 | b13 y7",
    "lay k4 k5 k6",
    "lay pairs r7 r7",
    "add k8 2 high",
    "add r7=k9 2 low",
    "add b6 0 okey 1",
    "add r8 2 set",
    "give back",
    "discard r5",
    "draw pile",
    "take",
]


def one_round(name: str) -> RuleSet:
    rules = load_rules(name)
    own = own_rules(rules)
    if own is None:
        return replace(rules, table=replace(rules.table, rounds=1))
    return replace(
        rules,
        table=replace(rules.table, rounds=1),
        game_sections=replace(own, table=replace(own.table, rounds=1)),
    )


def played(name: str, seed: int) -> Iterator[str]:
    """The frames seat 1 is sent over a round of ``name`` (and a few of its own)."""
    rules = one_round(name)
    match = Match(rules, random.Random(seed))
    if rules.game_sections is None:
        bots = [make_bot("medium", random.Random(seed + s)) for s in range(match.players)]
    else:
        bots = [make_bot101("medium", random.Random(seed + s)) for s in range(match.players)]
    yield dumps(Seated(2, 1, "token", match.players, name, 30, False, rules, "medium"))
    match.start_round()
    told = 0
    while not match.over:
        seat = match.turn
        action = bots[seat].choose(match.table_view(seat))
        yield dumps(Act(action, len(match.events)))
        match.apply(seat, action)
        events = tuple(s for e in match.events[told:] if (s := seen_by(e, 1)) is not None)
        told = len(match.events)
        yield dumps(Update(told, events, match.table_view(1), 30))
    missed = tuple(s for e in match.events if (s := seen_by(e, 1)) is not None)
    yield dumps(Brief(3, missed[-20:], len(missed) - 20))


def frames() -> Iterator[str]:
    yield from played("one-round", 5)
    yield from played("101", 17)
    for text in MOVES_101:
        yield dumps(Act(action_from_text(text), 4))
    yield dumps(Refused(Reason.ILLEGAL_MOVE, "not_your_turn", 7))


ADDED: dict[tuple[str, str], object] = {
    ("Table101", "partners"): False,  # Eşli 101 (rules/101-partners.toml)
    ("Scoring101", "finisher_partner"): "zero",
}
"""Fields the wire has gained since df1ea60, each with the value it has at every table
that was before (an older reader ignores a field it does not know; a newer one takes its
default where it is missing): a frame is as before once they are left out."""


def as_before(frame: str) -> str:
    """The frame without the fields added since, where they hold their old value."""

    def strip(value: object) -> object:
        if isinstance(value, dict):
            kind = value.get("type")
            return {
                key: strip(item)
                for key, item in value.items()
                if not (isinstance(kind, str) and ADDED.get((kind, key), object()) == item)
            }
        if isinstance(value, list):
            return [strip(item) for item in value]
        return value

    return json.dumps(strip(json.loads(frame)), ensure_ascii=False, separators=(",", ":"))


def digest(frame: str) -> str:
    return hashlib.sha256(frame.encode()).hexdigest()


def expected() -> list[dict[str, str]]:
    lines = EXPECTED.read_text(encoding="utf-8").splitlines()
    return [json.loads(line) for line in lines]


def test_the_frames_are_the_ones_okey_wrote_before_the_game_kit() -> None:
    old = expected()
    new = list(frames())
    assert len(new) == len(old)
    for i, (frame, was) in enumerate(zip(new, old, strict=True)):
        frame = as_before(frame)
        if "frame" in was:
            assert frame == was["frame"], i
        assert digest(frame) == was["sha256"], i


def test_the_old_frames_are_read_back_as_they_are() -> None:
    for was in expected():
        frame = was.get("frame")
        if frame is None:
            continue
        if json.loads(frame)["type"] == "Act":
            assert as_before(dumps(read_client(frame))) == frame
        else:
            assert as_before(dumps(read_server(frame))) == frame


def whole(i: int, frame: str) -> bool:
    """Moves, briefs, refusals, and every few Updates and those telling 101's own events."""
    data = json.loads(frame)
    kinds = {event["type"] for event in data.get("events", ())}
    return i % WHOLE == 0 or data["type"] != "Update" or any(kind.endswith("101") for kind in kinds)


def write() -> None:
    with EXPECTED.open("w", encoding="utf-8") as out:
        for i, frame in enumerate(frames()):
            line: dict[str, str] = {"sha256": digest(frame)}
            if whole(i, frame):
                line["frame"] = frame
            out.write(json.dumps(line, ensure_ascii=False) + "\n")


if __name__ == "__main__":
    if sys.argv[1:] == ["--write"]:
        write()
