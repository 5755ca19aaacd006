"""What the player is told from the state of the table: whose turn and what to do,
a finish within reach, the offer to show the indicator's twin, the standings."""

from __future__ import annotations

from functools import partial

from okey.bots.level import winning_discard, wins_with
from okey.engine.actions import Finish, ShowIndicator, TurnToOkey
from okey.engine.errors import IllegalMoveError
from okey.engine.events import Standing
from okey.engine.match import Match
from okey.engine.view import Phase, PlayerView
from okey.hand.solver import kinds_after_discard
from okey.hand.tiles import Tile
from okey.table.session import Step
from okey.table.words import Words


def seat_entries(words: Words, skip: int | None = None) -> str:
    """The other seats, left, across, right: "Ayşe on your left, Mehmet across from you..."."""
    return words.join(
        [
            words("table.seat_entry", name=words.name(s), where=words.where(s))
            for s in reversed(words.seats.others())
            if s != skip
        ]
    )


def welcome(rules: str, levels: list[str], words: Words) -> str:
    """Who sits where (partners, a duel, a two-seat table named as such) and the bots."""
    seats = words.seats
    entries = partial(seat_entries, words)
    partner, rival = seats.partner, seats.rival
    if seats.table.partners and partner is not None:
        company = words(
            "table.company.partners", partner=words.name(partner), others=entries(partner)
        )
    elif seats.table.duel and rival is not None:
        company = words("table.company.duel", rival=words.name(rival), others=entries(rival))
    elif seats.players == 2 and rival is not None:
        company = words("table.company.two", rival=words.name(rival))
    else:
        company = words("table.company.plain", others=entries())
    return words(
        "table.welcome", rules=rules, company=company, level=", ".join(sorted(set(levels)))
    )


def why(error: IllegalMoveError, view: PlayerView, words: Words) -> str:
    """Why the engine refused a move, said for the player, with the keys that help."""
    offered = view.available_discard
    tile = words.tile(offered) if offered is not None else ""
    key = error.key
    if key == "must_draw":
        return words("table.why.must_draw" if offered else "table.why.must_draw_pile", tile=tile)
    if key in ("pile_empty", "must_take_or_decline"):
        return words("table.why.pile_out", tile=tile)
    simple = {
        "must_discard": "table.why.must_discard",
        "nothing_to_take": "table.why.nothing_to_take",
        "decline_only_pile_out": "table.why.decline_only",
        "not_ready": "table.why.not_ready",
    }
    if key in simple:
        return words(simple[key])
    return words("table.sentence", text=words.capital(str(error)))


def best_finish(view: PlayerView) -> Tile | None:
    """On the player's discard: the winning discard worth most (an okey first among equals)."""
    if view.phase is not Phase.DISCARD or view.turn != view.seat:
        return None
    return winning_discard(view)


def discard_wins(view: PlayerView, tile: Tile) -> bool:
    """True when discarding ``tile`` from 15 tiles leaves a finished hand."""
    return bool(kinds_after_discard(view.hand, tile, view.okey))


def finish_needs_key(view: PlayerView) -> bool:
    """After okeye dönmek a winning discard does not end the round by itself."""
    return any(isinstance(action, Finish) for action in view.legal)


def your_turn(view: PlayerView, words: Words) -> list[str]:
    """The start of the player's turn: what to do, and the discard they may take."""
    offered = view.available_discard
    previous = words.name(view.previous)
    if view.phase is Phase.DISCARD:
        if not view.opened:
            return [words("table.your_turn.open")]
        return [words("table.whose.discard", count=len(view.hand))]  # back after a draw
    if view.phase is Phase.PILE_OUT and offered is not None:
        said = [words("table.your_turn.pile_out", tile=words.tile(offered), name=previous)]
    elif offered is not None:
        said = [words("table.your_turn.take", tile=words.tile(offered), name=previous)]
    else:
        said = [words("table.your_turn.pile")]
    if offered is not None and wins_with(view, offered):
        said.append(words("table.take_wins", tile=words.tile(offered)))
    return said


def win_possible(view: PlayerView, words: Words) -> str | None:
    best = best_finish(view)
    if best is None:
        return None
    return words("table.can_finish", tile=words.tile(best))


def show_offer(view: PlayerView, words: Words) -> str | None:
    if ShowIndicator() not in view.legal:
        return None
    return words(
        "table.show_offer",
        tile=words.tile(view.indicator),
        points=view.rules.scoring.show_penalty,
    )


def turn_to_okey_offer(view: PlayerView, words: Words) -> str | None:
    return words("table.turn_offer") if TurnToOkey() in view.legal else None


def whose_turn(match: Match, step: Step, words: Words) -> str:
    """The answer to "whose turn is it, and what do I do?"."""
    you = words.seats.you
    if step is Step.MATCH_OVER:
        return words("table.why.match_over")
    if step is Step.ROUND_OVER:
        return words("table.why.round_over", number=match.round_number + 1)
    if step is Step.AUTOPILOT:
        return words("table.why.autopilot")
    if step is Step.BOT:
        return words("table.why.not_your_turn", name=words.name(match.turn))
    view = match.view(you)
    if view.phase is Phase.DISCARD:
        said = [words("table.whose.discard", count=len(view.hand))]
        hint = win_possible(view, words)
        if hint is not None:
            said.append(hint)
        if view.last_chance:
            said.append(words("table.must_finish"))
        return " ".join(said)
    return " ".join(your_turn(view, words))


def round_over(match: Match, words: Words) -> str:
    return words(
        "table.round_over",
        number=match.round_number,
        standings=words.scores(match.scores, ranked=True),
        next=match.round_number + 1,
    )


def match_over(match: Match, words: Words) -> list[str]:
    """Who won the match, then the ranking."""
    standings = match.standings
    first = [s for s in standings if s.place == 1]
    return [_winner(first, words), words("table.ranking", places=_places(standings, words))]


def _winner(first: list[Standing], words: Words) -> str:
    seats = words.seats
    winners = [seat for standing in first for seat in standing.seats]
    if seats.table.partners and len(first) == 1:
        ours = any(seats.on_my_side(seat) for seat in winners)
        return words("table.match_over.we_win" if ours else "table.match_over.they_win")
    if len(first) > 1:
        return words("table.match_over.shared", names=words.names(winners))
    if winners == [seats.you]:
        return words("table.match_over.you_win")
    return words("table.match_over.one_wins", name=words.name(winners[0]))


def _places(standings: tuple[Standing, ...], words: Words) -> str:
    seats = words.seats
    parts = []
    for standing in standings:
        if seats.table.partners:
            ours = any(seats.on_my_side(seat) for seat in standing.seats)
            names = words("table.us" if ours else "table.them")
        else:
            names = words.names(standing.seats)
        parts.append(words("table.place", place=standing.place, names=names, score=standing.score))
    return "; ".join(parts)
