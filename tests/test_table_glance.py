"""What a sighted player sees or remembers, one key away (issue 16): how close the hand is
(0, and F when nothing finishes), the table at a glance (1), what each other player took
from the discards and holds still (with L, R and O), finding a tile by typing it
(Ctrl+F), and the ends of the rack said as such. At Okey 101 (issue 13): C (the round so
far and the totals), 0 (how close), 1 (the glance); the 3 mode through a table covered in
combinations; and the screen at 80x24 with a crowded table."""

from __future__ import annotations

from prompt_toolkit.formatted_text import StyleAndTextTuples
from test_engine_narrate import (
    EN,
    TR,
    Rig101,
    batches,
    bot_match,
    crowded,
    make_rig101,
    play_until,
)
from test_table_rig import Rig, keys_in, make_rig

from okey.engine.actions import Action, Discard, DrawFromPile, TakeDiscard
from okey.engine.events import Discarded, Event, RoundStarted, TookDiscard
from okey.engine.view import Phase, PlayerView
from okey.games.okey101 import screen as screen101
from okey.games.okey101.browsing import Browsing, browse_command, owned, start_browsing
from okey.games.okey101.events import RoundScored101
from okey.games.okey101.reading import finish_now101, how_close101, take_opens101
from okey.games.okey101.table_words import opening_line
from okey.games.okey101.view import View101
from okey.hand.finishing import Opened, finish_plan
from okey.hand.layoff import meld_additions
from okey.hand.notation import parse_tile, parse_tiles
from okey.hand.opening import best_opening_value
from okey.hand.solver import hand_counts, pairs_deficiency
from okey.messages import Verbosity
from okey.table.input.reading import HANDLERS
from okey.table.keys import Command
from okey.table.lines import AndList, Face, Field, Joined, Line, Name, Scores, Speech, Tiles
from okey.table.output.closeness import MANY_WAITS, how_close
from okey.table.output.glance import kept_takes
from okey.table.state.seat import Step
from okey.table.terminal import screen

# One tile from a finish (red 1-3, blue 4-6, black 7-10, yellow 10-12, yellow 5 spare);
# the indicator blue 12, the okey blue 13.
NEAR = "r1 r2 r3 b4 b5 b6 k7 k8 k9 k10 y10 y11 y12 y5"
LEFT, RIGHT = 3, 1


def _at_my_draw() -> Rig:
    rig = make_rig(hands={0: NEAR}, indicator="b12", dealer=LEFT, seed=2)
    rig.table.begin()
    while rig.table.state.step is Step.BOT:
        rig.table.play_bot()
    return rig


def _view(rig: Rig) -> PlayerView:
    view = rig.table.state.view
    assert view is not None
    return view


def test_how_close_one_tile_away_names_the_tiles_that_finish_and_their_unseen_copies() -> None:
    rig = _at_my_draw()
    rig.table.press("0")
    said = rig.last()
    assert isinstance(said, Joined)
    close, waits = said.parts
    assert close == Line(
        "table.close",
        combinations=Line("table.close.tiles", count=1),
        pairs=Line("table.close.tiles", count=parts_count(_view(rig))),
    )
    assert isinstance(waits, Line) and waits.key == "table.close.waits"
    listed = waits.fields["tiles"]
    assert isinstance(listed, AndList)
    finishing = {line.fields["tile"]: line.fields["count"] for line in listed.parts}  # type: ignore[union-attr]
    y13, y9, okey = parse_tile("y13"), parse_tile("y9"), parse_tile("b13")
    assert {y13, y9, okey} <= set(finishing)
    assert finishing[okey] == 2  # both okeys unseen
    seen_y13 = sum(pile.count(y13) for pile in _view(rig).discards)
    assert finishing[y13] == 2 - seen_y13


def parts_count(view: PlayerView) -> int:
    counts, jokers = hand_counts(view.hand, view.okey)
    return pairs_deficiency(counts, jokers)


def test_how_close_with_fifteen_tiles_says_which_discard_keeps_the_best_wait() -> None:
    rig = make_rig(hands={0: NEAR + " k1"}, indicator="b12", dealer=0, seed=2)
    rig.table.begin()
    rig.table.press("f")  # nothing finishes: F says so, and how close the hand is
    said = rig.last()
    assert isinstance(said, Joined)
    assert said.parts[0] == Line("table.why.no_finish")
    close = how_close(_view(rig))
    assert said.parts[1] == close
    assert isinstance(close, Joined)
    after = close.parts[1]
    assert isinstance(after, Line) and after.key == "table.close.after"
    assert after.fields["tile"] in (parse_tile("k1"), parse_tile("y5"))


def test_how_close_with_many_finishing_tiles_counts_them_and_0_twice_names_each() -> None:
    # Runs of 1-3, 4-6, 7-10 and 10-12 but a spare: almost any tile finishes it.
    hand = "r1 r2 r3 b4 b5 b6 k7 k8 k9 k10 y10 y11 y5 k1"
    rig = make_rig(hands={0: hand + " b13"}, indicator="b12", dealer=0, seed=2)
    rig.table.begin()
    rig.table.press("0")
    said = rig.last()
    assert isinstance(said, Joined)
    many = said.parts[1]
    assert isinstance(many, Line) and many.key == "table.close.after.many"
    kinds = many.fields["kinds"]
    assert isinstance(kinds, int) and kinds > MANY_WAITS
    rig.table.press("0")  # twice: each of them
    every = rig.last()
    assert isinstance(every, Joined)
    listed = every.parts[1]
    assert isinstance(listed, Line) and listed.key == "table.close.after"
    tiles = listed.fields["tiles"]
    assert isinstance(tiles, AndList) and len(tiles.parts) == kinds
    counts = [part.fields["count"] for part in tiles.parts if isinstance(part, Line)]
    assert sum(c for c in counts if isinstance(c, int)) == many.fields["count"]


def test_how_close_when_a_finish_is_there() -> None:
    rig = make_rig(hands={0: NEAR + " y13"}, indicator="b12", dealer=0, seed=2)
    rig.table.begin()
    rig.table.press("0")
    assert rig.last() == Line("table.can_finish", tile=parse_tile("y5"))


def test_the_table_at_a_glance_is_one_sentence() -> None:
    rig = _at_my_draw()
    view = _view(rig)
    rig.table.press("1")
    left_top = view.discards[LEFT][-1]
    assert rig.last() == Line(
        "table.glance",
        turn=Line("table.glance.draw"),
        pile=view.pile_count,
        tops=AndList(
            (
                Line("table.glance.top", name=Name(LEFT), tile=left_top),
                Line("table.glance.top", name=Name(2), tile=Line("table.glance.empty")),
                Line("table.glance.top", name=Name(RIGHT), tile=Line("table.glance.empty")),
                Line("table.glance.yours", name=Name(0), tile=Line("table.glance.empty")),
            )
        ),
        scores=Scores(view.scores, ranked=False),
    )
    assert "table.glance" in keys_in(rig.last()) and len(rig.said[-1].split(". ")) == 1


def test_the_glance_before_any_discard_says_so_once() -> None:
    rig = make_rig(dealer=0, seed=2)
    rig.table.begin()
    rig.table.press("1")
    said = rig.last()
    assert isinstance(said, Line) and said.fields["tops"] == Line("table.glance.none")
    assert "nothing" not in rig.said[-1]


class _Taker:
    """Takes every discard it may, and throws the first tile it did not take."""

    name = "taker"

    def __init__(self) -> None:
        self.taken: list[object] = []

    def choose(self, view: PlayerView) -> Action:
        if TakeDiscard() in view.legal:
            self.taken.append(view.available_discard)
            return TakeDiscard()
        if view.phase is Phase.DRAW:
            return DrawFromPile()
        keep = [t for t in view.hand if t not in self.taken]
        return Discard(keep[0] if keep else view.hand[0])


def test_the_discards_say_what_the_player_took_from_them_and_holds_still() -> None:
    rig = make_rig(hands={0: NEAR + " k1"}, indicator="b12", dealer=0, seed=2, bots={1: _Taker()})
    table = rig.table
    table.begin()
    table.press("end")
    tile = table.rack.focused
    assert tile is not None
    table.press("enter")  # Zeynep, on the right, takes it
    while table.state.step is Step.BOT:
        table.play_bot()
    table.press("r")
    said = rig.last()
    assert isinstance(said, Joined)
    assert said.parts[1] == Line(
        "table.discards.kept", name=Name(RIGHT), tiles=AndList((tile,)), count=1
    )
    table.press("m")  # the player's own pile: nothing more
    assert not isinstance(rig.last(), Joined)


def test_kept_takes_follow_the_order_of_the_events() -> None:
    r5, k7 = parse_tiles("r5 k7")
    events: list[Event] = [
        RoundStarted(1, 0),
        Discarded(1, r5),  # thrown before it was taken: it does not count
        TookDiscard(1, 0, r5),
        TookDiscard(2, 1, k7),
        Discarded(2, k7),
    ]
    assert kept_takes(events, 4) == ((), (r5,), (), ())
    assert kept_takes([*events, RoundStarted(2, 1)], 4) == ((), (), (), ())


def test_ctrl_f_finds_a_tile_by_its_number_and_colour() -> None:
    rig = _at_my_draw()
    table = rig.table
    tiles = table.rack.tiles

    def at() -> str:
        tile = table.rack.focused
        assert tile is not None
        return str(tile)

    table.press("c-f")
    assert rig.last() == Line("table.find.start")
    table.press("5")
    assert at() == "b5"
    table.press("c-f")  # the next 5
    assert at() == "y5"
    table.press("c-f")  # round to the first again
    assert at() == "b5"
    table.press("Y")  # yellow 5
    assert at() == "y5"
    table.press("backspace")  # yellow
    table.press("1")
    table.press("1")  # yellow 11
    assert at() == "y11"
    table.press("4")  # 114 is no number: 4 begins again, yellow 4
    assert rig.last() == Line("table.find.none", what=Face(parse_tile("y4")))
    assert at() == "y11"  # the focus stays
    hand = table.state.view.hand if table.state.view else ()
    table.press("escape")  # stops finding (Enter would discard the tile found)
    assert rig.last() == Line("table.find.end")
    assert table.state.view is not None and table.state.view.hand == hand
    assert table.rack.tiles == tiles
    table.press("r")  # an ordinary key again: the right discards
    assert rig.keys[-1].startswith("table.discards")


def test_ctrl_f_the_same_key_again_finds_the_next() -> None:
    rig = _at_my_draw()
    table = rig.table

    def at() -> str:
        tile = table.rack.focused
        assert tile is not None
        return str(tile)

    table.press("c-f")
    table.press("5")
    assert at() == "b5"
    table.press("5")  # no tile is 55: the same search, so the next 5
    assert at() == "y5"
    table.press("5")
    assert at() == "b5"
    table.press("y")  # yellow 5
    assert at() == "y5"
    table.press("y")  # yellow 5 still: it is the only one, found again
    assert at() == "y5"
    table.press("1")  # 51 is no number: yellow 1, which the hand does not have
    table.press("1")  # yellow 11: a new search, from the focus on
    assert at() == "y11"


def test_up_and_down_at_the_ends_say_so() -> None:
    rig = _at_my_draw()
    table = rig.table
    table.press("home")
    table.press("up")
    said = rig.last()
    assert isinstance(said, Joined) and said.parts[0] == Line("table.group.first")
    table.press("end")
    table.press("down")
    said = rig.last()
    assert isinstance(said, Joined) and said.parts[0] == Line("table.group.last")
    table.press("up")
    assert not isinstance(rig.last(), Joined)  # it moved


# -- what a player asks at an Okey 101 table: C, 0, 1, the 3 mode, the screen --------------
WIDTH, HEIGHT = 80, 24


def press(rig: Rig101, command: Command) -> Speech:
    HANDLERS[command](rig.table, command)
    rig.table.last = command
    return rig.heard[-1]


def said(rig: Rig101, speech: Speech, verbosity: Verbosity = Verbosity.DETAILED) -> str:
    words = rig.table.words()
    words.verbosity = verbosity
    return words.say(speech)


def parts_of(speech: Field) -> list[Field]:
    return list(speech.parts) if isinstance(speech, Joined) else [speech]


def at_the_deal() -> Rig101:
    rig = make_rig101(seed=4)
    play_until(rig, lambda view: True)
    return rig


def crowded_rig() -> Rig101:
    rig = make_rig101(seed=9, level="easy")
    play_until(rig, crowded)
    return rig


# -- C, 0, 1 ----------------------------------------------------------------------------


def test_c_at_the_deal_says_nobody_opened_and_the_totals() -> None:
    rig = at_the_deal()
    line = press(rig, Command.SCORES)
    assert isinstance(line, Line) and line.key == "table.101.so_far"
    assert line.fields["threshold"] == 101
    text = said(rig, line)
    assert text.startswith("Round 1 so far: You have not opened; Zeynep has not opened;")
    assert text.endswith("Match totals, lowest first: you 0, Zeynep 0, Mehmet 0, Ayşe 0.")


def test_c_on_a_crowded_table_says_who_opened_with_what() -> None:
    rig = crowded_rig()
    view = rig.view
    text = said(rig, press(rig, Command.SCORES))
    for seat, value in enumerate(view.opening_values):
        if view.openings[seat] is Opened.COMBINATIONS:
            assert f"opened with {value}" in text
    assert said(rig, press(rig, Command.SCORES), Verbosity.BRIEF).startswith("No round scored")


def test_c_twice_tells_each_round_how_it_ended() -> None:
    rig = make_rig101(seed=5)
    match = rig.session.match
    play_until(rig, lambda view: view.phase is Phase.ROUND_OVER)
    assert match.round_over
    press(rig, Command.SCORES)
    story = press(rig, Command.SCORES)
    assert isinstance(story, Joined)  # each round a sentence (how, then its points), totals
    ended = [e for e in rig.table.seat.seen() if isinstance(e, RoundScored101)]
    assert len(ended) == 1 and said(rig, story).startswith("Round 1: ")
    assert any(isinstance(e, RoundStarted) for e in rig.table.seat.seen())


def test_0_before_opening_says_the_best_opening_and_its_shortfall() -> None:
    rig = at_the_deal()
    view = rig.view
    answer = press(rig, Command.HOW_CLOSE)
    assert opening_line(view.hand, view) in parts_of(answer)


def test_0_after_opening_says_what_is_left_and_whether_it_finishes() -> None:
    rig = crowded_rig()
    view = rig.view
    assert view.my_opening is not Opened.NOT_YET and view.phase is Phase.DISCARD
    answer = parts_of(press(rig, Command.HOW_CLOSE))
    left = next(p for p in answer if isinstance(p, Line) and p.key == "table.101.close.left")
    assert left.fields["count"] == len(view.hand)
    plan = finish_plan(view.hand, view.table, view.okey, view.opening, view.my_opening)
    last = answer[-1]
    assert isinstance(last, Line)
    assert last.key == ("table.101.close.no_finish" if plan is None else "table.101.close.finish")


def test_1_says_who_opened_how_many_combinations_and_the_pile() -> None:
    rig = crowded_rig()
    view = rig.view
    glance = press(rig, Command.GLANCE)
    assert isinstance(glance, Joined)  # the glance, then the tiles each player holds
    line = glance.parts[0]
    assert isinstance(line, Line) and line.key == "table.101.glance"
    assert line.fields["count"] == len(view.melds) + len(view.pairs)
    assert line.fields["pile"] == view.pile_count
    text = said(rig, line)
    assert f"{len(view.melds)} combinations on the table" in text
    for catalogue in (EN, TR):
        words = rig.table.words()
        words.catalogue = catalogue
        assert "{" not in words.say(line)


# -- the 3 mode -------------------------------------------------------------------------


def test_browsing_an_empty_table_says_so_and_does_not_start() -> None:
    rig = at_the_deal()
    start_browsing(rig.table)
    assert rig.heard[-1] == Line("table.101.browse.empty")
    assert rig.table.browsing is None
    assert not browse_command(rig.table, Command.RIGHT)


def test_browsing_goes_by_player_and_combination_with_what_extends_each() -> None:
    rig = crowded_rig()
    view = rig.view
    table = rig.table
    start_browsing(table)
    at = table.browsing
    assert isinstance(at, Browsing)
    first = rig.heard[-1]
    assert isinstance(first, Joined) and first.parts[0] == Line("table.101.browse.start")
    seats = [s for s in table.seats.in_play_order() if owned(view, s)]
    assert at.seat == seats[0] and at.index == 0
    # Down through the first player's combinations, then the edge.
    count = len(owned(view, at.seat))
    for number in range(2, count + 1):
        assert browse_command(table, Command.NEXT_GROUP)
        line = rig.heard[-1]
        assert isinstance(line, Line) and line.key == "table.101.browse.meld"
        assert (line.fields["number"], line.fields["count"]) == (number, count)
    assert browse_command(table, Command.NEXT_GROUP)
    edge = rig.heard[-1]
    assert isinstance(edge, Joined) and edge.parts[0] == Line("table.101.browse.edge")
    # Right to the next player; Home and End; each reading names the owner.
    assert browse_command(table, Command.RIGHT)
    assert at.seat == seats[1] and at.index == 0
    assert browse_command(table, Command.END)
    assert at.index == len(owned(view, seats[1])) - 1
    assert browse_command(table, Command.HOME) and at.index == 0
    assert said(rig, rig.heard[-1]).startswith(rig.table.seats.names[seats[1]] + ", 1 of ")
    # Not its keys: C still reads; Escape leaves, saying so.
    assert not browse_command(table, Command.SCORES)
    assert browse_command(table, Command.MENU)
    assert rig.heard[-1] == Line("table.101.browse.done") and table.browsing is None


def test_a_combination_is_read_with_the_players_own_tiles_first() -> None:
    rig = crowded_rig()
    view = rig.view
    table = rig.table
    fitting = [
        (index, laid)
        for index, laid in enumerate(view.melds)
        if meld_additions(laid.meld, index, view.hand, view.okey, view.opening)
    ]
    start_browsing(table)
    at = table.browsing
    assert isinstance(at, Browsing)
    if not fitting:  # the seed's table: some combination takes a tile of the hand
        raise AssertionError("the prepared table should take a tile of the player's")
    index, laid = fitting[0]
    at.seat = laid.owner
    at.index = [i for i, _ in owned(view, laid.owner)].index(index)
    browse_command(table, Command.ENTER)  # read again
    line = rig.heard[-1]
    assert isinstance(line, Line)
    fits = parts_of(line.fields["fits"])
    yours = fits[0]
    assert isinstance(yours, Line) and yours.key == "table.101.browse.yours"
    tiles = yours.fields["tiles"]
    assert isinstance(tiles, Tiles)
    wanted = meld_additions(laid.meld, index, view.hand, view.okey, view.opening)
    assert set(tiles.tiles) == {a.tile for a in wanted}
    assert "{" not in said(rig, line)


# -- the screen -------------------------------------------------------------------------


def rows(parts: StyleAndTextTuples) -> list[str]:
    text = "".join(fragment[1] for fragment in parts)
    return text.split("\n")


def test_the_rack_of_21_takes_two_rows_within_80_columns() -> None:
    rig = at_the_deal()
    table = rig.table
    table.rack.focus = 16
    table.marks[:] = [table.rack.tiles[0], table.rack.tiles[16]]
    assert table.marked == frozenset({0, 16})
    drawn = rows(screen.rack(table))
    assert len(drawn) == screen101.ROWS["rack"]
    assert all(len(row) <= WIDTH for row in drawn)
    mark = EN.text("table.101.screen.mark")
    # Issue 27: a row ends where a colour group ends (here red, blue and black in the
    # first row, 13 tiles; yellow and the okey in the second), so no group is split.
    sections = table.rack.sorted.sections
    assert [s.end - s.start for s in sections] == [2, 8, 3, 7, 1]
    assert drawn[2].startswith(mark) and drawn[4].startswith(" " * 15 + mark)
    assert (screen.cursor_row(table), screen.cursor_column(table)) == (3, 15)
    firsts = [drawn[1].replace("│", " ").split(), drawn[3].replace("│", " ").split()]
    assert [len(r) for r in firsts] == [13, 8]


def test_a_crowded_table_fits_its_rows_of_the_80_by_24_screen() -> None:
    rig = crowded_rig()
    view: View101 = rig.view
    drawn = rows(screen101.table_panel(rig.table))
    share = screen101.ROWS
    assert len(drawn) <= share["table"]
    assert all(len(row) <= WIDTH - 1 for row in drawn)
    assert sum(share.values()) + 3 == HEIGHT  # two blank rows and the footer
    text = "\n".join(drawn)
    for seat, value in enumerate(view.opening_values):
        if value:
            assert f"{rig.table.seats.names[seat] if seat else 'You'} {value}" in text
    smaller = rows(screen101.table_panel(rig.table, height=3))
    assert len(smaller) == 3 and smaller[-1].startswith("+")


def test_the_quick_finish_check_agrees_with_the_full_search() -> None:
    """Before opening, no finish is searched when the opening alone cannot reach the
    threshold: over played positions, that never hides a finish."""
    checked = 0
    for seed in (1, 2, 3):
        match, players = bot_match(seed, "easy")
        for batch in batches(match, players):
            view = batch.view
            if match.round_over:
                break
            if view.turn != view.seat or view.phase is not Phase.DISCARD:
                continue
            full = finish_plan(
                view.hand, view.table, view.okey, view.opening, view.my_opening, view.must_use
            )
            assert (finish_now101(view) is None) == (full is None)
            checked += 1
    assert checked > 10


def test_h_on_the_players_turn_at_101_names_the_laying_keys() -> None:
    rig = crowded_rig()
    assert rig.view.phase is Phase.DISCARD
    help_said = press(rig, Command.HELP)
    assert isinstance(help_said, Joined)
    assert help_said.parts[0] == Line("table.101.help.discard")
    for catalogue in (EN, TR):
        words = rig.table.words()
        words.catalogue = catalogue
        text = words.say(help_said)
        assert "{" not in text and text[0].isupper()


def test_0_on_the_draw_says_when_taking_the_discard_would_open() -> None:
    """Over played draws before opening: the line comes exactly when the hand with the
    discard, the discard in the laying, reaches the threshold."""
    said = 0
    for seed in (1, 2, 3, 4):
        match, players = bot_match(seed, "easy")
        for batch in batches(match, players):
            view = batch.view
            if match.round_over:
                break
            if view.turn != view.seat or view.phase is not Phase.DRAW:
                continue
            if view.my_opening is not Opened.NOT_YET or not view.discards[view.previous]:
                continue
            top = view.discards[view.previous][-1]
            value = best_opening_value([*view.hand, top], view.okey, view.opening, top)
            line = take_opens101(view)
            if value is not None and value >= view.threshold:
                assert line == Line("table.101.close.take_opens", tile=top, value=value)
                assert line in parts_of(how_close101(view))
                said += 1
            else:
                assert line is None
    assert said  # these rounds hold such a draw


def test_i_and_the_copies_key_read_a_101_table() -> None:
    rig = crowded_rig()
    view = rig.view
    indicator = press(rig, Command.INDICATOR)
    assert "{" not in said(rig, indicator)
    laid = [t for m in view.melds for t in m.meld.tiles]
    table = rig.table
    for position, tile in enumerate(table.rack.tiles):
        table.rack.focus = position
        line = press(rig, Command.COPIES)
        assert isinstance(line, Line)
        places = line.fields["places"]
        assert isinstance(places, AndList)
        counted = 0
        for place in places.parts:
            if isinstance(place, Line) and place.key == "table.101.copies.table":
                count = place.fields["count"]
                assert isinstance(count, int)
                counted += count
        assert counted == laid.count(tile)
        assert "{" not in said(rig, line)
