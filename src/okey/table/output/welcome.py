"""A new match's welcome: the rules, who sits where and the bots' levels.

Apart from the rest of the table's lines, so that ``okey play`` says it before the
engine, the bots and the screen have loaded.
"""

from __future__ import annotations

from okey.levels import LEVEL_NAMES
from okey.rules import RuleSet
from okey.rules_words import level_name, rules_name
from okey.table.lines import AndList, Field, Joined, Line, Name, Where
from okey.table.state.seats import Seats
from okey.table.state.settings import TableSettings


def seat_entries(seats: Seats, skip: int | None = None) -> AndList:
    """The other seats, left, across, right: "Ayşe on your left, Mehmet across from you..."."""
    return AndList(
        tuple(
            Line("table.seat_entry", name=Name(s), where=Where(s))
            for s in reversed(seats.others())
            if s != skip
        )
    )


def sides(seats: Seats) -> Line | None:
    """Who plays with or against whom, where it is more than everyone for themselves:
    the partner, the duel's rival, the one other seat."""
    partner, rival = seats.partner, seats.rival
    if seats.table.partners and partner is not None:
        return Line(
            "table.company.partners", partner=Name(partner), others=seat_entries(seats, partner)
        )
    if seats.table.duel and rival is not None:
        return Line("table.company.duel", rival=Name(rival), others=seat_entries(seats, rival))
    if seats.players == 2 and rival is not None:
        return Line("table.company.two", rival=Name(rival))
    return None


def welcome(rules: Field, levels: list[str], seats: Seats) -> Line:
    """Who sits where (partners, a duel, a two-seat table named as such) and the bots."""
    company = sides(seats) or Line("table.company.plain", others=seat_entries(seats))
    order = list(LEVEL_NAMES)  # weakest first; a plug-in's after them
    ranked = sorted(
        set(levels), key=lambda level: (order.index(level) if level in order else len(order), level)
    )
    named = tuple(level_name(level) for level in ranked)
    return Line("table.welcome", rules=rules, company=company, level=Joined(named, sep=", "))


def match_welcome(rules: RuleSet, settings: TableSettings, seats: Seats) -> Line:
    """A new match's welcome: its rules, its seats and its bots' levels."""
    levels = [level for level in settings.levels if level]
    return welcome(rules_name(rules), levels, seats)
