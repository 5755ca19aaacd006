"""Eşli 101 (``rules/101-partners.toml``): Okey 101 by teams of partners sitting across.

The scores are docs/okey101.md's worked examples E1 to E7 ("Eşli 101: the partnership
game"); then the match through the engine, the table by keys, ``okey simulate``, its
logs replayed and reviewed, and a table on the network.
"""

from __future__ import annotations

import asyncio
import json
import random
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest
from test_net_support import CODE, WAIT, async_test, client, close_all, play101, running, within
from test_scores101 import C, N, P
from test_scores101 import points as points101
from test_table_play import FINISHER, make_table101

from okey.cli import main
from okey.commands.rules import explain
from okey.engine.actions import Discard
from okey.engine.deal import arrange_deck
from okey.engine.events import Event, MatchOver
from okey.engine.match import Match
from okey.games.okey101.actions import Open
from okey.games.okey101.events import RoundScored101
from okey.games.okey101.levels import make_bot101
from okey.games.okey101.round import HAND_101
from okey.games.okey101.scores import Board101, Finish101
from okey.games.okey101.sections import Rules101, rules_101
from okey.games.okey101.view import View101
from okey.hand.finishing import Opened
from okey.hand.notation import parse_tile, parse_tiles
from okey.hand.opening import best_opening
from okey.messages import load_catalogue
from okey.net.protocol import Update, read_server
from okey.net.table import TableConfig, online_rules
from okey.rules import RuleSet, load_rules, rules_dir
from okey.table.lines import Line
from okey.table.output.welcome import welcome
from okey.tiles import Tile
from okey.wire.codec import decode_as, decode_event, encode

EN = load_catalogue("en")
RULES = load_rules("101-partners")
_OWN = rules_101(RULES)
assert _OWN is not None
OWN: Rules101 = _OWN
_SOLO = rules_101(load_rules("101"))
assert _SOLO is not None
SOLO: Rules101 = _SOLO


def points(
    okey: str, hands: list[str], opened: list[Opened], finish: Finish101 | None, **more: Any
) -> tuple[int, ...]:
    """test_scores101's points, at Eşli 101 unless ``rules`` says otherwise."""
    return points101(okey, hands, opened, finish, **{"rules": OWN, **more})


def teams(scores: tuple[int, ...]) -> tuple[int, int]:
    """Seats 0 and 2, then 1 and 3."""
    return scores[0] + scores[2], scores[1] + scores[3]


# -- the rules file ----------------------------------------------------------------------


def test_the_rules_file_is_101_by_teams_over_eleven_rounds() -> None:
    assert RULES.game == "101" and RULES.name == "101-partners"
    assert RULES.table.partners and RULES.table.players == 4
    assert (OWN.table.partners, OWN.table.rounds, OWN.table.tie) == (True, 11, "last_finisher")
    assert OWN.scoring.finisher_partner == "zero"
    # Everything else is the 101 of the 101 file.
    assert OWN.scoring == replace(SOLO.scoring, finisher_partner="zero")
    assert OWN.play == SOLO.play
    assert not SOLO.table.partners and not load_rules("101").table.partners


def test_okey_rules_says_the_partnership() -> None:
    told = " ".join(explain(RULES, catalogue=EN))
    assert "opposite seats are partners" in told
    assert "their partner's hand is not counted" in told
    assert "the lower team total wins" in told
    assert "Of two teams tied" in told
    assert "partners" not in " ".join(explain(load_rules("101"), catalogue=EN))


# -- a round's points (docs/okey101.md, E1 to E7) -----------------------------------------

# As S4 to S10: okey b10; B opened (sets) and holds r3 k11 (14); C never opened; D opened
# (sets) and holds y12 y13 (25). A and C are partners against B and D.
E_HANDS = ["k4", "r3 k11", "r1 r2 r3 b4 b5", "y12 y13"]


def test_e1_a_normal_finish_erases_the_partner_s_hand() -> None:
    result = points("b10", E_HANDS, [C, C, N, C], Finish101(0))
    assert result == (-101, 14, 0, 25)  # C's 202 is not counted
    assert teams(result) == (-101, 39)


def test_e2_an_okey_finish_doubles_the_other_team_only() -> None:
    result = points("b10", E_HANDS, [C, C, N, C], Finish101(0, okey_finish=True))
    assert result == (-202, 28, 0, 50) and teams(result) == (-202, 78)


def test_e3_the_partner_keeps_penalties_charged_in_play_not_the_okeys_in_hand() -> None:
    hands = ["", "r3 k11", "r1 b10", "y12 y13"]  # C opened and still holds an okey
    result = points("b10", hands, [C, C, C, C], Finish101(0), penalties=(0, 0, 1, 0))
    assert result == (-101, 14, 101, 25)  # the discard's 101 stays; r1 and the okey go
    assert points("b10", hands, [C, C, C, C], Finish101(0))[2] == 0


def test_e4_a_one_turn_finish_is_minus_202_against_808() -> None:
    hands = ["", "r1", "r2", "r3"]
    result = points("b10", hands, [C, N, N, N], Finish101(0, one_turn=True))
    assert result == (-202, 404, 0, 404) and teams(result) == (-202, 808)


def test_e5_a_pile_out_scores_every_hand() -> None:
    hands = ["r13 k13", "b3", "b4 y5", "b1 b3"]  # okey b3, as O9
    result = points("b3", hands, [C, N, P, C], None)
    assert result == (26, 202, 18, 102) and teams(result) == (44, 304)


def test_e6_a_table_that_counts_the_partner_s_hand() -> None:
    counted = replace(OWN, scoring=replace(OWN.scoring, finisher_partner="hand"))
    result = points("b10", E_HANDS, [C, C, N, C], Finish101(0), rules=counted)
    assert (
        result
        == (-101, 14, 202, 25)
        == points("b10", E_HANDS, [C, C, N, C], Finish101(0), rules=SOLO)
    )


def test_e7_team_totals_standings_and_the_tie() -> None:
    board = Board101(OWN)
    rounds = [
        ((-101, 14, 0, 25), 0),  # E1: A finishes
        ((26, 202, 18, 102), None),  # E5: the pile runs out
        ((50, -101, 30, 0), 1),  # B finishes, D's hand erased
    ]
    for number, (scores, finisher) in enumerate(rounds, start=1):
        board.add(scores, finisher, number)
    assert board.totals == [-25, 115, 48, 127]
    assert board.per_seat() == (23, 242, 23, 242)
    places = [(s.place, s.seats, s.score) for s in board.standings()]
    assert places == [(1, (0, 2), 23), (2, (1, 3), 242)]
    # A tie of team totals goes to the team that finished a round more recently.
    tied = Board101(OWN)
    tied.add((-101, 50, 0, 51), 0, 1)  # A and C: -101; B and D: 101
    tied.add((100, -101, 102, 0), 1, 2)  # A and C: 202; B and D: -101
    assert tied.per_seat() == (101, 0, 101, 0)
    tied.add((0, 101, 0, 0), None, 3)
    assert tied.per_seat() == (101, 101, 101, 101)
    assert [(s.place, s.seats) for s in tied.standings()] == [(1, (1, 3)), (2, (0, 2))]
    shared = Board101(replace(OWN, table=replace(OWN.table, tie="shared")))
    for scores, finisher, number in (
        ((-101, 50, 0, 51), 0, 1),
        ((100, -101, 102, 0), 1, 2),
        ((0, 101, 0, 0), None, 3),
    ):
        shared.add(scores, finisher, number)
    assert [s.place for s in shared.standings()] == [1, 1]


# -- the match -------------------------------------------------------------------------


def one_turn_finish() -> tuple[Match, list[Event]]:
    """The dealer (seat 0) holds FINISHER (21 tiles in runs and sets and a yellow 1), lays
    them all and discards the yellow 1: a one-turn finish; the match and its events."""
    deck = arrange_deck(
        4, 0, parse_tile("y1"), {0: parse_tiles(FINISHER)}, (), random.Random(5), HAND_101
    )
    match = Match(RULES, random.Random(1), first_dealer=0)
    match.start_round(deck)
    view = match.table_view(0)
    assert isinstance(view, View101)
    best = best_opening(view.hand, view.okey, view.opening)
    assert best is not None
    match.apply(0, Open(melds=best.melds))
    return match, match.apply(0, Discard(parse_tile("y1")))


def test_a_finish_through_the_match_scores_the_teams() -> None:
    match, events = one_turn_finish()
    scored = next(e for e in events if isinstance(e, RoundScored101))
    assert scored.one_turn and scored.factor == 2
    assert scored.points == (-202, 404, 0, 404)
    assert scored.scores == match.scores == (-202, 808, -202, 808)
    first = match.game.standings(0)[0]
    assert (first.place, first.seats, first.score) == (1, (0, 2), -202)
    replayed = Match.replay(match.record, RULES)
    assert replayed.scores == match.scores


# -- the table, by keys --------------------------------------------------------------------


def test_the_table_names_the_partner_and_says_the_round_by_team() -> None:
    rig = make_table101({0: FINISHER}, rules="101-partners")
    seats = rig.table.seats
    assert seats.partner == 2 and seats.on_my_side(2) and not seats.on_my_side(1)
    company = welcome(Line("x"), ["random"], seats).fields["company"]
    assert isinstance(company, Line) and company.key == "table.company.partners"
    rig.press("c")
    assert isinstance(rig.last(), Line)
    totals = rig.last().fields["totals"]  # type: ignore[union-attr]
    assert isinstance(totals, Line) and totals.key == "table.101.totals.teams"
    rig.press("f", "y")
    inner = [
        s.fields["text"]
        for s in rig.heard
        if isinstance(s, Line) and s.key == "table.101.score.end"
    ]
    partner = [line for line in inner if isinstance(line, Line) and line.key.endswith("partner")]
    assert len(partner) == 1 and partner[0].fields["count"] == 0
    team = next(s for s in rig.heard if isinstance(s, Line) and s.key == "table.101.team_points")
    assert (team.fields["us"], team.fields["them"]) == (-202, 808)
    said = " ".join(rig.table.voice.words().say(s) for s in rig.heard[-6:])
    assert "This round: us -202, them 808." in said
    assert "us -202, them 808" in said  # the standings, by team


# -- okey simulate, its logs replayed and reviewed --------------------------------------


def test_simulate_logs_replay_and_review(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    seats = "hard,medium,easy,random"
    argv = ["simulate", "--rules", "101-partners", "--rounds", "3", "--seed", "5"]
    assert main([*argv, "--seats", seats, "--log", str(tmp_path), "--json"]) == 0
    report = json.loads(capsys.readouterr().out)
    assert report["rules"] == "101-partners"
    logs = sorted(tmp_path.glob("*.okeylog"))
    assert logs
    text = logs[0].read_text(encoding="utf-8")
    assert '[Rules "101-partners"]' in text
    for line in text.splitlines():
        if line.startswith("scores "):
            values = [int(v) for v in line.split()[1:]]
            assert values[0] == values[2] and values[1] == values[3]  # the teams' totals
    assert main(["replay", str(logs[0])]) == 0
    assert "finishes" in capsys.readouterr().out
    assert main(["review", "--log", str(logs[0]), "--seat", "1"]) == 0
    assert "Round 1." in capsys.readouterr().out


# -- the network -----------------------------------------------------------------------------


def test_a_view_with_team_scores_travels_unchanged() -> None:
    match, events = one_turn_finish()
    for event in events:
        assert decode_event(json.loads(json.dumps(encode(event)))) == event
    for seat in range(4):
        seen = match.table_view(seat)
        back = decode_as(json.loads(json.dumps(encode(seen))), View101)
        assert back == seen and back.scores == (-202, 808, -202, 808)
        assert back.rules.table.partners


def one_round_partners() -> RuleSet:
    return replace(
        RULES,
        table=replace(RULES.table, rounds=1),
        game_sections=replace(OWN, table=replace(OWN.table, rounds=1)),
    )


@async_test
async def test_two_people_and_two_bots_play_an_esli_round_online() -> None:
    table_config = TableConfig(
        online_rules(one_round_partners(), 30), CODE, level="medium", seed=17
    )
    async with running(table_config) as (_, url, hosted):
        table = hosted[0].table
        frames: list[str | bytes] = []
        ayse = client(url, "Ayşe", on_frame=frames.append)
        bora = client(url, "Bora")
        seated = await within(ayse.join())
        assert seated.ruleset is not None and seated.ruleset.table.partners
        await within(bora.join())
        results = await within(
            asyncio.gather(play101(ayse, 1, start_with=2), play101(bora, 2)), 3 * WAIT
        )
        match = table.match
        assert match.over and isinstance(results[0], MatchOver)
        scores = match.scores
        assert scores[0] == scores[2] and scores[1] == scores[3]
        assert [len(s.seats) for s in match.standings] == [2, 2]
        await close_all(ayse, bora)
    views = [
        m.view for m in map(read_server, frames) if isinstance(m, Update) and m.view is not None
    ]
    assert views and all(isinstance(v, View101) for v in views)
    last = views[-1]
    assert last.scores[0] == last.scores[2] and last.scores[1] == last.scores[3]


def test_the_match_s_end_is_said_by_team(tmp_path: Path) -> None:
    text = (rules_dir() / "101-partners.toml").read_text(encoding="utf-8")
    path = tmp_path / "esli-one.toml"
    path.write_text(text.replace("rounds = 11", "rounds = 1"), encoding="utf-8")
    rig = make_table101({0: FINISHER}, rules=str(path))
    rig.press("f", "y")
    assert "table.match_over.we_win" in rig.keys
    ranking = next(s for s in rig.heard if isinstance(s, Line) and s.key == "table.ranking")
    said = rig.table.voice.words().say(ranking)
    assert "us" in said and "them" in said


def test_hard_sheds_for_a_close_opponent_not_for_a_close_partner() -> None:
    match, _ = one_turn_finish()
    seen = match.table_view(1)
    assert isinstance(seen, View101)
    hard = make_bot101("hard", random.Random(1))
    opened = (C, C, C, C)
    partner_close = replace(seen, openings=opened, hand_sizes=(10, 10, 10, 2))
    opponent_close = replace(seen, openings=opened, hand_sizes=(2, 10, 10, 10))
    assert not hard._someone_close(partner_close)  # seat 3 is seat 1's partner
    assert hard._someone_close(opponent_close)
    solo = replace(partner_close, rules=load_rules("101"))
    assert hard._someone_close(solo)  # at solo 101 everyone's finish counts


# -- the bots play for the partner ---------------------------------------------------------


def _opened_view(rules: RuleSet, hand: str, next_threw: str, **changes: Any) -> View101:
    """A seat that has opened, holding ``hand`` (no combination in it, none on the table)
    at its discard, the next seat having thrown ``next_threw``."""
    match = Match(rules, random.Random(3))
    match.start_round()
    view = match.table_view(match.turn)
    assert isinstance(view, View101)
    discards: list[tuple[Tile, ...]] = [()] * 4
    discards[view.next] = tuple(parse_tiles(next_threw))
    fields: dict[str, Any] = {
        "hand": tuple(parse_tiles(hand)),
        "indicator": parse_tile("y5"),
        "okey": parse_tile("y6"),
        "melds": (),
        "openings": (C,) * 4,
        "hand_sizes": (12,) * 4,
        "discards": tuple(discards),
        **changes,
    }
    return replace(view, **fields)


@pytest.mark.parametrize("level", ["medium", "hard"])
def test_the_bots_weigh_what_the_next_opponent_threw(level: str) -> None:
    """Every discard goes to an opponent: a tile it threw itself is a safe throw, worth
    a few points more than one it may collect (at solo 101 only the points count)."""
    bot = make_bot101(level, random.Random(1))
    esli = _opened_view(RULES, "r13 b12 k2 y9", next_threw="b12")
    assert bot.plays_for_partner(esli)
    assert bot.choose(esli) == Discard(parse_tile("b12"))  # not the red 13
    solo = replace(esli, rules=load_rules("101"))
    assert not bot.plays_for_partner(solo)
    assert bot.choose(solo) == Discard(parse_tile("r13"))
    assert not make_bot101("easy", random.Random(1)).plays_for_partner(esli)
