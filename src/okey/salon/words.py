"""The salon in words: each piece of news, table card, rule and command a lobby player
hears, from the catalogue (``salon.*``) in the player's language."""

from __future__ import annotations

from collections.abc import Sequence
from typing import assert_never

from okey.messages import Catalogue
from okey.narrate import Narrator
from okey.rules import RulesError, load_rules
from okey.rules_words import rules_name
from okey.salon import messages as m

CONDUCT_RULES = 6  # salon.conduct.1 to salon.conduct.6
COMMANDS = (
    "open",
    "private",
    "sit",
    "quick",
    "watch",
    "stop",
    "tables",
    "who",
    "say",
    "report",
    "top",
    "chips",
    "help",
    "quit",
)
MODERATOR_COMMANDS = ("mute", "kick", "ban", "unban")
OPTIONS = ("points", "stake", "rating")


def staked(key: str, stake: int) -> str:
    """A line about a stake, or its own words at a table with none ("your stake of 0
    chips is lost" is not said)."""
    return key if stake else f"{key}.free"


def rules_words(name: str, catalogue: Catalogue) -> str:
    """A rule set's name as the player hears it ("classic", "klasik")."""
    try:
        return rules_name(load_rules(name)).render(catalogue)
    except RulesError:
        return name


def game_words(game: str, catalogue: Catalogue) -> str:
    return catalogue.text(f"salon.game.{game}") if game in ("okey", "101") else game


def names_words(names: Sequence[str], catalogue: Catalogue) -> str:
    return ", ".join(names) if names else catalogue.text("salon.nobody")


def seat_words(seat: m.CardSeat, catalogue: Catalogue) -> str:
    """A seat on a card: the person's name and rating, a bot, or a free seat."""
    text = catalogue.text
    if seat.kind == "person":
        rated = seat.rating is not None
        key = "salon.card.seat.rated" if rated else "salon.card.seat.person"
        return text(key, name=seat.name, rating=seat.rating or 0)
    return text("salon.card.seat.bot" if seat.kind == "bot" else "salon.card.seat.open")


def card_line(card: m.Card, catalogue: Catalogue) -> str:
    """A table card, one line: number, rules, score, seats, stake, rating, state."""
    text = catalogue.text
    seats = [seat_words(seat, catalogue) for seat in card.seats]
    parts = [
        text("salon.card.number", number=card.number, rules=rules_words(card.rules, catalogue)),
        text(
            "salon.card.points." + ("okey" if card.game == "okey" else "rounds"), count=card.points
        )
        if card.points
        else None,
        "; ".join(seats),
        text("salon.card.stake", stake=card.stake) if card.stake else text("salon.card.no_stake"),
        text("salon.card.rating", rating=card.rating) if card.rating else None,
        text("salon.card.playing" if card.started else "salon.card.waiting"),
        text("salon.card.watchers", count=card.watchers) if card.watchers else None,
    ]
    return ", ".join(part for part in parts if part) + "."


def private_lines(code: str, address: str, catalogue: Catalogue) -> list[str]:
    """A private table's ticket: how friends join it, and its code letter by letter."""
    spelled = ", ".join(c for c in code if c.isalnum())
    return [
        catalogue.text("salon.private", address=address, code=code),
        catalogue.text("salon.private.spelled", spelled=spelled),
    ]


def conduct_lines(catalogue: Catalogue) -> list[str]:
    text = catalogue.text
    rules = [text(f"salon.conduct.{n}") for n in range(1, CONDUCT_RULES + 1)]
    return [text("salon.conduct.title"), *rules, text("salon.conduct.ask")]


def help_lines(catalogue: Catalogue, *, moderator: bool) -> list[str]:
    text = catalogue.text
    commands = COMMANDS + (MODERATOR_COMMANDS if moderator else ())
    return [text("salon.help.keys")] + [
        text(f"salon.help.{command}", word=text(f"salon.word.{command}")) for command in commands
    ]


def problem_line(declined: m.Declined, catalogue: Catalogue) -> str:
    if declined.login is not None:
        return catalogue.text(f"salon.login.{declined.login}")
    return catalogue.text(f"salon.problem.{declined.problem.value}")


def closing_line(closing: m.Closing, catalogue: Catalogue) -> str:
    if closing.sanction is not None:
        return catalogue.text(f"salon.closing.{closing.sanction.value}")
    if closing.problem is m.Problem.LOGGED_IN:
        return catalogue.text("salon.closing.elsewhere")
    if closing.problem is m.Problem.TOO_FAST:
        return catalogue.text("salon.closing.flood")
    return catalogue.text("salon.closing")


def news_lines(news: m.SalonNews, catalogue: Catalogue, narrator: Narrator | None) -> list[str]:
    """What the player hears for one piece of news (the lobby's list is read on its own:
    :func:`card_line`; a watched table's events by ``narrator``)."""
    text = catalogue.text
    match news:
        case m.Welcome():
            lines = [text("salon.welcome", name=news.name, chips=news.chips)]
            lines += [
                text("salon.welcome.rating", game=game_words(r.game, catalogue), rating=r.rating)
                for r in news.ratings
            ]
            if news.moderator:
                lines.append(text("salon.welcome.moderator"))
            return lines
        case m.Tables() | m.Changed():
            return []
        case m.Online():
            return [
                text(
                    "salon.online", count=len(news.names), names=names_words(news.names, catalogue)
                )
            ]
        case m.LobbySaid():
            return [text("salon.said", name=news.name, text=news.text)]
        case m.Ticket():
            return [text("salon.ticket", number=news.table)]
        case m.Watching():
            seats = [seat_words(seat, catalogue) for seat in news.seats]
            lines = [text("salon.watching", number=news.table, names=", ".join(seats))]
            if narrator is not None:
                lines += narrator.story(news.events)
            return lines
        case m.Spectated():
            return narrator.story(news.events) if narrator is not None else []
        case m.Watchers():
            if not news.names:
                return [text("salon.watchers.none")]
            return [text("salon.watchers", names=names_words(news.names, catalogue))]
        case m.Forfeited():
            key = staked("salon.forfeited", news.stake)
            return [text(key, name=news.name, number=news.table, stake=news.stake)]
        case m.Settled():
            if news.chips > 0:
                line = text("salon.settled.won", chips=news.chips, total=news.total)
            elif news.chips < 0:
                line = text("salon.settled.lost", chips=-news.chips, total=news.total)
            else:
                line = text("salon.settled.even", total=news.total)
            lines = [line]
            if news.rating is not None:
                lines.append(text("salon.settled.rating", rating=news.rating))
            return lines
        case m.Reported():
            return [text("salon.reported", name=news.name)]
        case m.ReportHeard():
            lines = [
                text(
                    "salon.report.heard",
                    reporter=news.reporter,
                    reported=news.reported,
                    reason=news.reason,
                )
            ]
            if news.chat:
                lines.append(text("salon.report.chat", lines=" / ".join(news.chat)))
            if news.moves:
                lines.append(text("salon.report.moves", moves=", ".join(news.moves)))
            return lines
        case m.Sanctioned():
            return [
                text(f"salon.sanction.{news.sanction.value}", name=news.name, minutes=news.minutes)
            ]
        case m.Board():
            game = game_words(news.game, catalogue)
            if not news.lines:
                return [text("salon.board.none", game=game)]
            return [text("salon.board.title", game=game)] + [
                text(
                    "salon.board.line",
                    place=place,
                    name=line.name,
                    rating=line.rating,
                    count=line.matches,
                )
                for place, line in enumerate(news.lines, start=1)
            ]
        case m.Declined():
            return [problem_line(news, catalogue)]
        case m.Closing():
            return [closing_line(news, catalogue)]
        case _:
            assert_never(news)
