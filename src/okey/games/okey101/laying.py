"""Okey 101's moves at the table: marks, laying, adding, pairs, finishing, giving back.

Every move asks first: a yes-or-no question that lists what it lays and its value
(:class:`~okey.table.state.menu.Asking` with the moves a yes makes), or, for a tile that
fits more than one place on the table, a short list to choose from. A move the hand
cannot make is refused before it is asked, with the reason (short of the threshold by
how much, a tile that fits no combination); what the engine refuses is said with its
own reason. At a classic table these keys do what they always did.

- K (:data:`Command.MARK`) marks or unmarks the focused tile; the marks clear after a
  laying and at the end of the turn (:meth:`TableCore.refresh
  <okey.table.core.TableCore.refresh>`).
- G (:data:`Command.LAY`) lays exactly the marked tiles, divided into runs and sets of
  most value; without marks, the best opening or the best new runs and sets.
- 2 opens with the best pairs (or lays more pairs after a pairs opening).
- X adds the focused tile to a combination of the table.
- F lays what finishing needs (:func:`okey.hand.finishing.finish_plan`) and
  discards the last tile.
- P after a take gives the taken discard back and draws from the pile.
- Enter or Space on a discard that costs a penalty asks first, saying why.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from okey.engine.actions import Action, Discard, DrawFromPile
from okey.engine.view import Phase
from okey.games.okey101.actions import Add, GiveBack, Lay, Open, Pair
from okey.games.okey101.events import PenaltyReason
from okey.games.okey101.levels import rules_now
from okey.games.okey101.sections import own_rules
from okey.games.okey101.view import View101
from okey.hand.finishing import FinishPlan, Opened, finish_plan
from okey.hand.layoff import Addition, Place, additions, apply, can_add
from okey.hand.melds import Meld
from okey.hand.opening import best_opening
from okey.hand.pairs import best_pairs
from okey.table.input import moves
from okey.table.keys import Command
from okey.table.lines import Face, Field, Joined, Line, Name, Tiles
from okey.table.output import meldwords, prompts
from okey.table.output.meldwords import meld_line, owned_line
from okey.table.state.menu import Asking, Menu, Option, Question
from okey.table.state.seat import Refused, Step
from okey.tiles import Tile, is_okey

if TYPE_CHECKING:
    from okey.table.core import Handler, TableCore


# -- words (combinations as :mod:`okey.table.output.meldwords` says them everywhere) ----------


def laid_line(view: View101, index: int) -> Line:
    """A combination of the table with the seat that laid it: "Ayşe's run red 7 to 9"."""
    laid = view.melds[index]
    return owned_line(meld_line(laid.meld, view.okey), laid.owner, None, view.seat)


def _melds(view: View101, melds: Sequence[Meld]) -> Joined:
    """Combinations one after the other ("run red 7 to 9; set ...")."""
    return meldwords.laid_line(melds, (), view.okey)


def _pairs(view: View101, pairs: Sequence[Pair]) -> Joined:
    return meldwords.laid_line((), pairs, view.okey)


def place_line(addition: Addition) -> Line:
    """Where on its combination a tile goes (as what face, for an okey)."""
    return Line(f"table.m101.place.{addition.place.value}", face=Face(addition.face))


def addition_line(view: View101, addition: Addition) -> Line:
    return Line(
        "table.m101.addition",
        tile=addition.tile,
        where=laid_line(view, addition.meld),
        place=place_line(addition),
    )


# -- whose move ----------------------------------------------------------------------


def table101(table: TableCore) -> View101 | None:
    """The 101 view when this is a 101 table (whoever's turn it is), else None."""
    view = table.state.seen
    return view if isinstance(view, View101) else None


def _my_turn(table: TableCore, *, laying: bool = True) -> View101 | None:
    """The player's 101 view when it is their move (``laying``: and they have drawn);
    otherwise None, and why said."""
    state = table.state
    view = state.seen
    if state.step is not Step.PLAYER or not isinstance(view, View101):
        table.voice.reply(prompts.whose_turn(state))
        return None
    if laying and view.phase is not Phase.DISCARD:
        table.voice.reply(prompts.refusal("must_draw", None, view))
        return None
    return view


def _ask(table: TableCore, question: Question, line: Line, *actions: Action) -> None:
    table.asking = Asking(question, actions=actions)
    table.voice.reply(line)


def carry_out(table: TableCore, actions: Sequence[Action]) -> bool:
    """Make the moves a yes asked for, in order, stopping at the first refused (said);
    the marks are cleared once a laying is made. While a finish (its layings, then the
    last discard) is made, the finish is not announced again."""
    table.finishing = len(actions) > 1 and isinstance(actions[-1], Discard)
    try:
        for action in actions:
            if not moves.move(table, action):
                return False
            if isinstance(action, Open | Lay | Add):
                table.marks.clear()
        return True
    finally:
        table.finishing = False


# -- K: marks -------------------------------------------------------------------------


def mark(table: TableCore, command: Command) -> None:
    """K: mark the focused tile for a laying, or unmark it."""
    del command
    view = _my_turn(table, laying=False)
    if view is None:
        return
    tile = table.rack.focused
    if tile is None:
        table.voice.reply(Line("table.no_tiles"))
        return
    marks = table.marks
    if tile in marks:
        marks.remove(tile)
        table.voice.reply(Line("table.m101.unmarked", tile=tile, count=len(marks)))
    else:
        marks.append(tile)
        table.voice.reply(Line("table.m101.marked", tile=tile, count=len(marks)))


# -- G: laying runs and sets -------------------------------------------------------------


def lay(table: TableCore, command: Command) -> None:
    """G: lay the marked tiles (divided into runs and sets of most value), or without
    marks the best opening or the best new runs and sets; asked first."""
    view = _my_turn(table)
    if view is None:
        return
    if view.my_opening is Opened.PAIRS:
        _lay_pairs(table, view, marked=bool(table.marks))
        return
    refused = _must_use_refusal(view, table.marks)
    if refused is not None:
        table.voice.reply(refused)
        return
    if table.marks:
        _lay_marked(table, view)
    else:
        _lay_best(table, view)


def _must_use_refusal(view: View101, marks: Sequence[Tile]) -> Line | None:
    """Marks without the taken discard that must be laid this turn: refused at once."""
    must = view.must_use
    if must is not None and marks and must not in marks:
        return taken_first(view, must)
    return None


def taken_first(view: View101, tile: Tile) -> Line:
    """The taken discard must be laid first; while nothing is laid, P gives it back."""
    if GiveBack() in view.legal:
        return Line("table.m101.why.taken_first", tile=tile)
    return prompts.refusal("taken_not_used", None, view, {"tile": tile})


def _lay_marked(table: TableCore, view: View101) -> None:
    marks = list(table.marks)
    rules = rules_now(view)
    must = view.must_use if view.must_use in marks else None
    best = best_opening(marks, view.okey, rules, must)
    if best is None or not best.melds or best.left:
        left = best.left if best is not None and best.melds else tuple(marks)
        table.voice.reply(Line("table.m101.why.no_fit", tiles=Tiles(left)))
        return
    if len(marks) >= len(view.hand):
        table.voice.reply(prompts.refusal("keep_one", None, view))
        return
    _offer_melds(table, view, best.melds, best.value)


def _lay_best(table: TableCore, view: View101) -> None:
    rules = rules_now(view)
    best = best_opening(view.hand, view.okey, rules, view.must_use)
    if best is None:  # the taken discard goes in no run or set of the hand
        assert view.must_use is not None
        table.voice.reply(Line("table.m101.why.taken_fits_nothing", tile=view.must_use))
        return
    melds = list(best.melds)
    if not melds and view.my_opening is not Opened.NOT_YET:
        table.voice.reply(Line("table.m101.why.nothing_to_lay"))
        return
    if not best.left and melds:  # one tile must stay to discard: F finishes instead
        melds.remove(min(melds, key=lambda meld: (meld.value, len(meld.tiles))))
    value = sum(meld.value for meld in melds)
    if view.my_opening is Opened.NOT_YET:
        if not best.reaches:
            short = view.threshold - best.value
            line = Line("table.m101.why.short", value=best.value, short=short)
            table.voice.reply(line)
            return
        melds, value = list(best.melds), best.value
    if not melds:
        table.voice.reply(prompts.refusal("keep_one", None, view))
        return
    _offer_melds(table, view, melds, value)


def _offer_melds(table: TableCore, view: View101, melds: Sequence[Meld], value: int) -> None:
    if view.my_opening is Opened.NOT_YET:
        if value < view.threshold:
            short = view.threshold - value
            table.voice.reply(Line("table.m101.why.marked_short", value=value, short=short))
            return
        line = Line("table.m101.ask.open", melds=_melds(view, melds), value=value)
        _ask(table, Question.LAY, line, Open(melds=tuple(melds)))
        return
    line = Line("table.m101.ask.lay", melds=_melds(view, melds), value=value)
    _ask(table, Question.LAY, line, Lay(melds=tuple(melds)))


# -- 2: pairs -------------------------------------------------------------------------


def pairs(table: TableCore, command: Command) -> None:
    """2: at 101, open with the best pairs, or lay more pairs after a pairs opening (at
    a classic table: announce pairs)."""
    if table101(table) is None:
        moves.HANDLERS[command](table, command)
        return
    view = _my_turn(table)
    if view is not None:
        _lay_pairs(table, view, marked=False)


def _lay_pairs(table: TableCore, view: View101, *, marked: bool) -> None:
    own = own_rules(view.rules)
    opened = view.my_opening
    if opened is Opened.COMBINATIONS and not (
        own is not None and own.play.series_opener_lays_pairs
    ):
        table.voice.reply(prompts.refusal("no_pairs_after_runs", None, view))
        return
    rules = rules_now(view)
    tiles = list(table.marks) if marked else list(view.hand)
    must = view.must_use if view.must_use in tiles else None
    if view.must_use is not None and must is None:
        table.voice.reply(taken_first(view, view.must_use))
        return
    best = best_pairs(tiles, view.okey, rules, must)
    if best is None:
        assert view.must_use is not None
        table.voice.reply(Line("table.m101.why.taken_fits_nothing", tile=view.must_use))
        return
    if marked and best.left:
        table.voice.reply(Line("table.m101.why.no_pair", tiles=Tiles(best.left)))
        return
    laid = list(best.pairs)
    if opened is Opened.NOT_YET:
        if len(laid) < view.pairs_needed:
            line = Line("table.m101.why.few_pairs", count=len(laid), needed=view.pairs_needed)
            table.voice.reply(line)
            return
        line = Line("table.m101.ask.open_pairs", pairs=_pairs(view, laid), count=len(laid))
        _ask(table, Question.LAY, line, Open(pairs=tuple(laid)))
        return
    if sum(2 for _ in laid) >= len(view.hand) and laid:
        laid.pop()  # one tile must stay to discard
    if not laid:
        table.voice.reply(Line("table.m101.why.nothing_to_lay"))
        return
    line = Line("table.m101.ask.lay_pairs", pairs=_pairs(view, laid), count=len(laid))
    _ask(table, Question.LAY, line, Lay(pairs=tuple(laid)))


# -- X: adding to the table ------------------------------------------------------------


def add(table: TableCore, command: Command) -> None:
    """X: add the focused tile to a combination of the table: asked when it fits one
    place, chosen from a short list when it fits more (an okey's place among them)."""
    del command
    view = _my_turn(table)
    if view is None:
        return
    tile = table.rack.focused
    if tile is None:
        table.voice.reply(Line("table.no_tiles"))
        return
    offered = [a.addition for a in view.legal if isinstance(a, Add) and a.addition.tile == tile]
    if not offered:
        _why_no_add(table, view, tile)
        return
    if len(offered) == 1:
        addition = offered[0]
        line = Line("table.m101.ask.add", addition=addition_line(view, addition))
        _ask(table, Question.ADD, line, Add(addition))
        return
    offered = ranked(view, offered)
    if len({addition.meld for addition in offered}) == 1:
        _choose_place(table, view, offered)
        return
    options = [Option(choice_line(view, a), Command.ADD, (Add(a),)) for a in offered]
    table.menu = Menu(options, choice=True, wrap=False)
    line = Line("table.m101.choose.add", tile=tile, count=len(options), first=options[0].label)
    table.voice.reply(line)


def choice_line(view: View101, addition: Addition) -> Line:
    """One place among many: the combination, where on it and as what ("run black 10 to
    12 (Zeynep), after its last tile, as black 13")."""
    return Line(
        "table.m101.choice", where=laid_line(view, addition.meld), place=place_line(addition)
    )


def ranked(view: View101, offered: Sequence[Addition]) -> list[Addition]:
    """The places a tile may go, the most useful first: those that let more of the hand's
    other tiles onto the table, then (an okey) those standing for a tile whose copies are
    both in sight, which nobody else can take the okey back with; else as offered."""
    rest = list(view.hand)
    rest.remove(offered[0].tile)
    before = {t for t in rest if can_add(t, view.table, view.okey, view.opening)}
    seen = _in_sight(view)

    def usefulness(addition: Addition) -> tuple[int, int]:
        melds = list(view.table)
        melds[addition.meld] = apply(melds[addition.meld], addition, view.okey)[0]
        after = {t for t in rest if can_add(t, melds, view.okey, view.opening)}
        okey = is_okey(addition.tile, view.okey) and addition.place is not Place.OKEY
        return len(after - before), seen.count(addition.face) if okey else 0

    return sorted(offered, key=usefulness, reverse=True)


def _in_sight(view: View101) -> list[Tile]:
    """The tiles the player can see: their hand, the discards and the table's real tiles
    (an okey on the table stands for another face, which is not in sight)."""
    sight = [*view.hand, *(t for pile in view.discards for t in pile)]
    for laid in view.melds:
        sight += [t for t in laid.meld.tiles if not is_okey(t, view.okey)]
    for pair in view.pairs:
        sight += [t for t in pair.pair if not is_okey(t, view.okey)]
    return sight


def _choose_place(table: TableCore, view: View101, places: Sequence[Addition]) -> None:
    """Where on one combination a tile goes, when it may go in more than one place."""
    options = [Option(place_line(a), Command.ADD, (Add(a),)) for a in ranked(view, places)]
    table.menu = Menu(options, choice=True, wrap=False)
    where = laid_line(view, places[0].meld)
    line = Line(
        "table.m101.choose.place",
        tile=places[0].tile,
        where=where,
        count=len(options),
        first=options[0].label,
    )
    table.voice.reply(line)


def _why_no_add(table: TableCore, view: View101, tile: Tile) -> None:
    """Why the focused tile goes nowhere: the engine's reason when it fits somewhere."""
    if view.my_opening is Opened.NOT_YET:
        table.voice.reply(prompts.refusal("not_opened", None, view))
        return
    fits = additions([tile], view.table, view.okey, view.opening)
    if not fits:
        table.voice.reply(Line("table.m101.why.no_add", tile=tile))
        return
    outcome = table.seat.act(Add(fits[0]))  # not legal now: the engine says why
    if isinstance(outcome, Refused):
        table.voice.reply(prompts.refusal(outcome.reason, None, view, outcome.details))
    else:
        moves.answer(table, outcome, Add(fits[0]))


def choose(table: TableCore, option: Option) -> None:
    """Enter on an option of a list of moves (a combination to add a tile to): that move,
    or where on it, when the tile may go in more than one place there."""
    view = table101(table)
    places = [action.addition for action in option.actions if isinstance(action, Add)]
    if len(option.actions) > 1 and view is not None and len(places) == len(option.actions):
        _choose_place(table, view, places)
    elif option.actions:
        carry_out(table, option.actions[:1])


# -- F: finishing ---------------------------------------------------------------------


def finish(table: TableCore, command: Command) -> None:
    """F: at 101, lay what finishing needs and discard the last tile (asked first)."""
    if table101(table) is None:
        moves.HANDLERS[command](table, command)
        return
    view = _my_turn(table)
    if view is None:
        return
    plan = finish_for(view)
    if plan is None:
        table.voice.reply(Line("table.m101.why.no_finish"))
        return
    steps, said = finish_steps(view, plan)
    if said:
        line = Line("table.m101.ask.finish", steps=Joined(tuple(said), sep="; "), tile=plan.discard)
    else:
        line = Line("table.m101.ask.finish_discard", tile=plan.discard)
    _ask(table, Question.FINISH, line, *steps)


def finish_for(view: View101) -> FinishPlan | None:
    """How the player's hand finishes this turn, or None (a finish that opens and adds
    to the table is none where adding waits for the turn after the opening)."""
    plan = finish_plan(
        view.hand, view.table, view.okey, rules_now(view), view.my_opening, view.must_use
    )
    own = own_rules(view.rules)
    if plan is None or own is None or own.play.lay_off_on_opening_turn:
        return plan
    opening = bool(plan.opening or plan.opening_pairs)
    return None if opening and plan.additions else plan


def finish_steps(view: View101, plan: FinishPlan) -> tuple[list[Action], list[Field]]:
    """The moves of a finish, in order, and what each lays in words."""
    steps: list[Action] = []
    said: list[Field] = []
    if plan.opening:
        steps.append(Open(melds=plan.opening))
        said.append(Line("table.m101.step.open", melds=_melds(view, plan.opening)))
    if plan.opening_pairs:
        steps.append(Open(pairs=plan.opening_pairs))
        said.append(Line("table.m101.step.open_pairs", pairs=_pairs(view, plan.opening_pairs)))
    for addition in plan.additions:
        steps.append(Add(addition))
        said.append(Line("table.m101.step.add", addition=addition_line(view, addition)))
    if plan.later:
        steps.append(Lay(melds=plan.later))
        said.append(Line("table.m101.step.lay", melds=_melds(view, plan.later)))
    if plan.later_pairs:
        steps.append(Lay(pairs=plan.later_pairs))
        said.append(Line("table.m101.step.lay_pairs", pairs=_pairs(view, plan.later_pairs)))
    steps.append(Discard(plan.discard))
    return steps, said


# -- P after a take: giving back ---------------------------------------------------------


def draw(table: TableCore, command: Command) -> None:
    """P: draw from the pile; at 101 after a take (nothing laid yet), give the taken
    discard back and draw instead (asked first)."""
    view = table101(table)
    if view is None or table.state.step is not Step.PLAYER or GiveBack() not in view.legal:
        moves.HANDLERS[command](table, command)
        return
    tile = view.must_use
    assert tile is not None
    line = Line("table.m101.ask.give_back", tile=tile, name=Name(view.previous))
    _ask(table, Question.GIVE_BACK, line, GiveBack(), DrawFromPile())


# -- Enter and Space: a discard that costs a penalty ----------------------------------------


def discard(table: TableCore, command: Command) -> None:
    """Enter or Space: discard the focused tile; at 101 a discard that costs a penalty
    asks first, saying the penalty and why."""
    view = table101(table)
    tile = table.rack.focused
    if view is None or tile is None or table.state.step is not Step.PLAYER:
        moves.HANDLERS[command](table, command)
        return
    reason = view.discard_cost(tile)
    own = own_rules(view.rules)
    warned = own is not None and own.play.penalty_warning
    if reason is None or own is None or not warned or Discard(tile) not in view.legal:
        moves.HANDLERS[command](table, command)
        return
    line = Line(
        "table.m101.ask.penalty",
        tile=tile,
        points=own.scoring.penalty,
        why=_why_penalty(view, tile, reason),
    )
    _ask(table, Question.PENALTY, line, Discard(tile))


def _why_penalty(view: View101, tile: Tile, reason: PenaltyReason) -> Line:
    if reason is PenaltyReason.PLAYABLE_DISCARD:
        fits = additions([tile], view.table, view.okey, view.opening)
        if fits:
            return Line("table.m101.why.fits", where=laid_line(view, fits[0].meld))
    return Line(f"table.m101.why.{reason.value}")


HANDLERS: dict[Command, Handler] = {
    Command.MARK: mark,
    Command.LAY: lay,
    Command.ADD: add,
    Command.PAIRS: pairs,
    Command.FINISH: finish,
    Command.DRAW: draw,
    Command.ENTER: discard,
    Command.DISCARD: discard,
}
"""Okey 101's handlers (at a classic table the ones of Okey's keys do Okey's moves)."""
