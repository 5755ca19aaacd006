"""The table without a screen: pile out, the clock and autopilot, the salon's declarations,
other tables' seats, the end of a match. Asserted on the lines said (catalogue keys and
their fields)."""

from __future__ import annotations

from table_support import pile_out_for_you, play_until, throwers
from test_table_rig import WAIT, key_of, make_rig, parts

from okey.audio import Cue
from okey.engine.events import Standing
from okey.engine.view import Phase
from okey.hand.notation import parse_tile
from okey.messages import Verbosity, load_catalogue
from okey.table.controller import Table
from okey.table.lines import Capital, Face, Joined, Line, Name, Names, Scores, sentence
from okey.table.output import prompts
from okey.table.state.seat import Step

WINNING = "r1 r2 r3 b4 b5 b6 k7 k8 k9 k10 y10 y11 y12 y13"
LEFT = 3  # Ayşe, whose discards the player may take

EN = load_catalogue("en")


def bots_until_my_turn(table: Table) -> None:
    for _ in range(int(WAIT * 10)):
        if table.state.step is not Step.BOT:
            return
        table.play_bot()
    raise AssertionError("the bots never gave the turn back")


def test_pile_out_take_then_no_finish_draws_the_round() -> None:
    rig = make_rig(dealer=3, seed=7, bots=throwers(4))
    table = rig.table
    table.begin()
    play_until(table, pile_out_for_you)
    view = table.state.view
    assert view is not None and view.phase is Phase.PILE_OUT
    offered = view.available_discard
    assert offered is not None
    assert rig.last() == Line("table.your_turn.pile_out", tile=offered, name=Name(LEFT))
    table.press("p")
    assert rig.last() == Line("table.why.pile_out", tile=offered)
    table.press("d")
    assert rig.last() == Line("table.choice.decline", tile=offered, name=Name(LEFT))
    table.press("t")
    took, must = rig.lines[-2:]
    assert key_of(took) == "table.you_take"
    assert must == Line("table.must_finish")
    table.press("enter")
    assert rig.keys[-3:] == ["table.you_discard", "table.drawn.no_win", "table.round_over"]
    assert table.state.step is Step.ROUND_OVER


def test_pile_out_declined() -> None:
    rig = make_rig(dealer=3, seed=8, bots=throwers(4))
    table = rig.table
    table.begin()
    play_until(table, pile_out_for_you)
    table.press("x")
    assert rig.keys[-3:] == ["table.you_decline", "table.drawn.declined", "table.round_over"]


def test_the_clock_warns_then_plays_the_turn_then_autopilot() -> None:
    clock = [0.0]
    rig = make_rig(rules="salon", dealer=0, seed=3, now=lambda: clock[0])
    table = rig.table
    table.begin()
    assert table.state.step is Step.PLAYER
    table.tick()  # the turn's words are heard at 0: the clock starts
    clock[0] = 9.0
    table.tick()
    table.press("e")
    assert rig.last() == Line("table.time_left", seconds=11)
    clock[0] = 10.5
    table.tick()
    warning = Line("table.time_left.discard", seconds=10)  # the dealer opens: a discard
    assert rig.last() == warning
    table.tick()
    assert rig.lines.count(warning) == 1  # the warning is said once
    for timeout in range(3):
        table.tick()
        clock[0] += 30
        table.tick()
        bots_until_my_turn(table)
        assert "table.timeout.you" in rig.keys
        if timeout < 2:
            assert table.state.step is Step.PLAYER
    assert "table.autopilot_on.you" in rig.keys
    assert table.session.step() is Step.AUTOPILOT
    table.press("p")
    assert rig.last() == Line("table.why.autopilot")
    table.play_autopilot()
    table.press("enter")
    assert "table.autopilot_off.you" in rig.keys[-3:]


def test_salon_turn_to_okey_and_pairs() -> None:
    rig = make_rig(rules="salon", hands={0: WINNING + " r6"}, indicator="r5", dealer=0)
    table = rig.table
    r6 = parse_tile("r6")
    table.begin()
    assert rig.lines[-2:] == [Line("table.can_finish", tile=r6), Line("table.turn_offer")]
    assert Cue.WIN_POSSIBLE in rig.sounds.cues
    table.press("2")
    assert rig.last() == Line("table.pairs.you")
    table.press("k")
    assert rig.last() == Line("table.turned.you")
    table.press("f")
    won, _groups, cost, _over = rig.lines[-4:]
    assert parts(won)[0] == Line("table.won.you", kind=Line("kind.combinations"), tile=r6)
    assert cost == sentence(Line("table.cost.each", losers=Names((1, 2, 3)), points=4))


def test_a_one_round_match_ends_with_the_ranking() -> None:
    rig = make_rig(rules="one-round", hands={0: WINNING + " k1"}, dealer=0)
    table = rig.table
    table.begin()
    table.press("f")
    places = [Line("table.place", place=1, names=Names((0,)), score=20)]
    places += [Line("table.place", place=2, names=Names((s,)), score=18) for s in (1, 2, 3)]
    assert rig.lines[-2:] == [
        Line("table.match_over.you_win"),
        Line("table.ranking", places=Joined(tuple(places), sep="; ")),
    ]
    table.press("p")
    assert rig.last() == Line("table.why.match_over")
    table.press("q")
    assert table.leaving


def test_the_standings_name_the_winners_of_each_kind_of_table() -> None:
    rig = make_rig(rules="partners")
    seats = rig.table.seats
    won = [Standing(1, (0, 2), 20), Standing(2, (1, 3), 12)]
    lost = [Standing(1, (1, 3), 20), Standing(2, (0, 2), 12)]
    assert prompts.match_over(won, seats)[0] == Line("table.match_over.we_win")
    assert prompts.match_over(lost, seats)[0] == Line("table.match_over.they_win")
    ranking = prompts.match_over(won, seats)[1].fields["places"]
    assert isinstance(ranking, Joined)
    assert ranking.parts[0] == Line("table.place", place=1, names=Line("table.us"), score=20)
    seats = make_rig().table.seats
    shared = [Standing(1, (1,), 20), Standing(1, (2,), 20), Standing(3, (0,), 9)]
    assert prompts.match_over(shared, seats)[0] == Line(
        "table.match_over.shared", names=Names((1, 2))
    )
    one = [Standing(1, (3,), 20), Standing(2, (0,), 9)]
    assert prompts.match_over(one, seats)[0] == Line("table.match_over.one_wins", name=Name(3))


def test_two_players_and_duels_name_their_seats() -> None:
    rig = make_rig(rules="two-player", dealer=1, seed=2)
    rig.table.begin()
    welcome = rig.lines[0]
    assert isinstance(welcome, Line)
    assert welcome.fields["company"] == Line("table.company.two", rival=Name(1))
    assert rig.lines[1] == Line("table.round", number=1, name=Name(1))
    rig.table.play_bot()
    assert rig.keys[-2:] == ["table.turn.open", "table.your_turn.take"]
    rig.table.press("c")
    assert rig.last() == Line("table.scores", scores=Scores((20, 20), ranked=False))

    rig = make_rig(rules="duel", dealer=0, seed=2)
    rig.table.begin()
    welcome = rig.lines[0]
    assert isinstance(welcome, Line)
    company = welcome.fields["company"]
    assert isinstance(company, Line) and company.key == "table.company.duel"
    assert company.fields["rival"] == Name(2)
    assert company.fields["others"] == prompts.seat_entries(rig.table.seats, 2)


def test_brief_messages_are_the_same_lines_said_briefly() -> None:
    rig = make_rig(dealer=3, seed=5, verbosity=Verbosity.BRIEF)
    table = rig.table
    table.begin()
    bots_until_my_turn(table)
    assert rig.lines[1] == Line("table.round", number=1, name=Name(3))
    assert rig.said[1] == EN.variant("table.round", Verbosity.BRIEF, number=1, name="Ayşe")
    assert rig.keys[-2:] == ["table.turn.open", "table.your_turn.take"]
    last = rig.last()
    assert isinstance(last, Line)
    tile = rig.table.words().field(last.fields["tile"])
    brief = EN.variant("table.your_turn.take", Verbosity.BRIEF, tile=tile, name="Ayşe")
    assert rig.said[-1] == brief


def test_the_okey_is_named_with_its_role_and_the_indicator_by_its_face() -> None:
    rig = make_rig(hands={0: WINNING + " r6"}, indicator="r5", dealer=0)
    rig.table.begin()
    faces = {"indicator": Face(parse_tile("r5")), "okey": Face(parse_tile("r6"))}
    assert Line("table.indicator", **faces) in rig.lines
    words = rig.table.words()
    assert words.say(Line("table.can_finish", tile=parse_tile("r6"))) == words(
        "table.can_finish", tile=EN.tile(parse_tile("r6"), parse_tile("r6"))
    )
    assert words.say(Line("table.sentence", text=Capital("red"))) == words(
        "table.sentence", text="Red"
    )
