"""Bots decide from their view only: hidden tiles moved elsewhere change nothing."""

from __future__ import annotations

import random

import pytest

from okey.bots import make_bot
from okey.engine.actions import Action, Discard, TakeDiscard
from okey.engine.deal import arrange_deck, deal
from okey.engine.match import Match
from okey.rules import CLASSIC

LEVELS = ("easy", "medium", "hard")


def _play(level: str, seed: int, moves: int) -> tuple[Match, list[tuple[int, Action]]]:
    match = Match(CLASSIC, random.Random(seed), first_dealer=seed % 4)
    match.start_round()
    bots = [make_bot(level, random.Random(seed * 10 + seat)) for seat in range(4)]
    played: list[tuple[int, Action]] = []
    while not match.round_over and len(played) < moves:
        seat = match.turn
        action = bots[seat].choose(match.view(seat))
        match.apply(seat, action)
        played.append((seat, action))
    return match, played


def _hidden_swap(match: Match, seat: int, rng: random.Random) -> Match | None:
    """The same round with one never-shown tile of another hand swapped for one still
    in the pile; None when no such pair exists."""
    r = match.round
    dealt = deal(r.deck, 4, r.dealer)
    hands = {s: list(dealt.hands[s]) for s in range(4)}
    pile = list(dealt.pile)
    drawn = len(pile) - len(r.pile)
    shown = {t for s in range(4) for t in (*r.discards[s], *r.taken[s])}
    others = [s for s in range(4) if s != seat]
    rng.shuffle(others)
    for other in others:
        for index, tile in enumerate(hands[other]):
            if tile in shown or r.hands[other].count(tile) != hands[other].count(tile):
                continue
            for place in range(drawn, len(pile)):
                if pile[place] != tile and pile[place] not in shown:
                    hands[other][index], pile[place] = pile[place], tile
                    deck = arrange_deck(4, r.dealer, r.indicator, hands, pile)
                    twin = Match(CLASSIC, random.Random(0), first_dealer=r.dealer)
                    twin.start_round(deck)
                    return twin
    return None


@pytest.mark.parametrize("level", LEVELS)
@pytest.mark.parametrize("seed", [1, 2, 3])
def test_choices_ignore_hidden_tiles(level: str, seed: int) -> None:
    rng = random.Random(seed)
    match, played = _play(level, seed, moves=rng.randrange(6, 30))
    if match.round_over:
        pytest.skip("the round ended early")
    seat = match.turn
    twin = _hidden_swap(match, seat, rng)
    assert twin is not None
    for mover, action in played:
        twin.apply(mover, action)
    assert twin.round.hands != match.round.hands or twin.round.pile != match.round.pile
    view = match.view(seat)
    assert twin.view(seat) == view
    first = make_bot(level, random.Random(99)).choose(view)
    second = make_bot(level, random.Random(99)).choose(twin.view(seat))
    assert first == second
    assert first in view.legal


@pytest.mark.parametrize("level", LEVELS)
def test_a_whole_round_plays_legally(level: str) -> None:
    match, played = _play(level, 5, moves=400)  # Match.apply checks every move
    assert match.round_over
    assert any(isinstance(action, Discard) for _, action in played)
    if level != "easy":
        assert any(isinstance(action, TakeDiscard) for _, action in played)
