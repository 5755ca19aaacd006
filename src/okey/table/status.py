"""Status readers: the answers to the keys that change nothing.

Indicator and okey, scores (and their story), the pile, each discard pile,
the table's rules, and the keys that work now.
"""

from __future__ import annotations

from okey.commands.rules import explain
from okey.engine.actions import ShowIndicator, TurnToOkey
from okey.engine.events import RoundDrawn, RoundStarted, RoundWon, ShowedIndicator
from okey.engine.match import Match
from okey.engine.view import Phase, PlayerView
from okey.hand.tiles import COPIES, Tile
from okey.table.narration import indicator_line
from okey.table.seats import Place
from okey.table.session import Step
from okey.table.settings import HINTS
from okey.table.words import Words


def indicator(view: PlayerView, words: Words) -> str:
    said = [indicator_line(view.indicator, view.okey, words)]
    held = sum(1 for tile in view.hand if tile == view.okey)
    if held:
        said.append(words("table.okeys.one" if held == 1 else "table.okeys.two"))
    if view.shown_indicator:
        name = words.capital(words.name(view.shown_indicator[0]))
        said.append(words("table.shown_by", name=name))
    return " ".join(said)


def scores(view: PlayerView, words: Words) -> str:
    return words("table.scores", scores=words.scores(view.scores, ranked=False))


def score_story(match: Match, words: Words) -> str:
    """The detailed scores: where points went, round by round."""
    rules = match.rules.table
    said = [words("table.story.start", score=rules.starting_score)]
    if rules.rounds:
        said.append(words("table.story.rounds", played=match.round_number, rounds=rules.rounds))
    number = 0
    told = False
    for event in match.events:
        if isinstance(event, RoundStarted):
            number = event.number
        elif isinstance(event, RoundWon):
            said.append(
                words(
                    "table.story.won",
                    number=number,
                    name=words.capital(words.name(event.seat)),
                    points=event.points,
                )
            )
            told = True
        elif isinstance(event, ShowedIndicator):
            said.append(
                words(
                    "table.story.showed",
                    number=number,
                    name=words.capital(words.name(event.seat)),
                    points=event.penalty,
                )
            )
            told = True
        elif isinstance(event, RoundDrawn):
            said.append(words("table.story.drawn", number=number))
            told = True
    if not told:
        said.append(words("table.story.nothing"))
    said.append(words("table.scores", scores=words.scores(match.scores, ranked=True)))
    return " ".join(said)


def pile(view: PlayerView, words: Words) -> str:
    if view.pile_count == 0:
        return words("table.pile.empty")
    if view.pile_count == 1:
        return words("table.pile.one")
    return words("table.pile", count=view.pile_count)


def discards(view: PlayerView, place: Place, words: Words) -> str:
    """A discard pile, newest first."""
    seat = view.seat if place is Place.YOU else words.seats.at(place)
    if seat is None:
        return words("table.no_seat")
    tiles = list(reversed(view.discards[seat]))
    if seat == view.seat:
        if not tiles:
            return words("table.discards.yours_none")
        return words("table.discards.yours", tiles=words.tiles(tiles), count=len(tiles))
    fields = {"name": words.name(seat), "label": words.label(seat)}
    if not tiles:
        return words("table.discards.none", **fields)
    return words("table.discards", tiles=words.tiles(tiles), count=len(tiles), **fields)


def copies(view: PlayerView, tile: Tile, words: Words) -> str:
    """Where the two copies of ``tile`` are, as far as the player can see: in the hand,
    face up as the indicator, on a discard pile, taken by a player and not thrown back,
    in the middle; the rest unseen (in the pile or another hand)."""
    places: list[str] = []
    held = view.hand.count(tile)
    places.append(
        words("table.copies.held.both")
        if held == COPIES
        else words("table.copies.held", count=held)
    )
    seen = held
    if view.indicator == tile:
        places.append(words("table.copies.indicator"))
        seen += 1
    order = words.seats.in_play_order()
    lying = {seat: view.discards[seat].count(tile) for seat in order}
    for seat in order:
        if lying[seat]:
            seen += lying[seat]
            if seat == view.seat:
                places.append(words("table.copies.yours", count=lying[seat]))
            else:
                name = words.name(seat)
                places.append(words("table.copies.discarded", count=lying[seat], name=name))
    for seat in order:
        if seat == view.seat:
            continue
        # What the next player took from this seat's pile, or its winning discard, it threw.
        taker = (seat + 1) % view.players
        finished = 1 if seat == view.winner and view.middle == tile else 0
        thrown = lying[seat] + finished + view.taken[taker].count(tile)
        kept = max(0, view.taken[seat].count(tile) - thrown)
        if kept:
            seen += kept
            places.append(words("table.copies.taken", count=kept, name=words.name(seat)))
    if view.middle == tile:
        seen += 1
        places.append(words("table.copies.middle", count=1))
    if seen < COPIES:
        places.append(words("table.copies.unseen", count=COPIES - seen))
    return words("table.copies", tile=words.capital(words.tile(tile)), places=words.join(places))


def rules_in_words(match: Match) -> str:
    return " ".join(explain(match.rules))


def help_now(
    match: Match, step: Step, words: Words, *, everything: bool, general: str | None = None
) -> str:
    """The keys that work now (``everything``: every key of the table); ``general``
    replaces the closing line on Escape, saving and leaving (the tutorial's own)."""
    said = []
    view = match.view(words.seats.you) if match.started else None
    rules = match.rules
    if step is Step.PLAYER and view is not None:
        if view.phase is Phase.DRAW:
            said.append(words("table.help.draw"))
        elif view.phase is Phase.PILE_OUT:
            said.append(words("table.help.pile_out"))
        else:
            said.append(words("table.help.discard"))
    elif step is Step.AUTOPILOT:
        said.append(words("table.help.autopilot"))
    elif step is Step.ROUND_OVER:
        said.append(words("table.help.next_round"))
    elif step is Step.MATCH_OVER:
        said.append(words("table.help.match_over"))
    else:
        said.append(words("table.help.waiting"))
    if view is not None and ShowIndicator() in view.legal:
        said.append(words("table.help.show"))
    if view is not None and TurnToOkey() in view.legal:
        said.append(words("table.help.turn_to_okey"))
    said.append(words("table.help.tiles"))
    if everything:
        said.append(words("table.help.moves"))
        if rules.play.declare_pairs:
            said.append(words("table.help.pairs"))
        if rules.play.timer_seconds:
            said.append(words("table.help.time"))
        said.append(words("table.help.hint", count=HINTS))
        said.append(words("table.help.status"))
        said.append(words("table.help.speech"))
    said.append(general if general is not None else words("table.help.general"))
    if not everything:
        said.append(words("table.help.more"))
    return " ".join(said)
