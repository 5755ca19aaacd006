"""The guide: the tutorial's layer over the real table.

The table asks the guide before it carries out a command (:meth:`Guide.allows`)
and tells it after every command and every change (:meth:`Guide.after`). The
guide lets through the key the current step asks for, the keys that always
work (the message history, the speech settings) and the reading keys already
taught; any other key gets the step's hint and changes nothing. H is answered
by the guide: the table's help with the tutorial's own last line (Tab, Q; no
saving). Tab skips a step (a move is made for you, heard as one answer), Q
asks before leaving, and nothing is ever saved.
"""

from __future__ import annotations

from collections.abc import Sequence

from okey.engine.events import Discarded, Drew, Event, TookDiscard
from okey.engine.view import Phase
from okey.table.controller import Table
from okey.table.keys import Command, KeyNames
from okey.table.lines import Face, Field, Line, Name
from okey.table.output import prompts, status
from okey.table.state.menu import Asking, Question
from okey.table.state.seat import Step
from okey.table.state.sorting import SortMode
from okey.tutorial.kit import TutorialPart
from okey.tutorial.lesson import ON_TILE, RACK, Goal, LessonStep, Moment

ANSWERS = frozenset(
    {Command.YES, Command.QUIT, Command.PILE, Command.MENU, Command.ENTER, Command.DISCARD}
)
"""Keys that answer an open question (y or Enter: yes; n or Escape: no)."""

TILE_KEYS = ON_TILE | {Command.ADD, Command.MARK}
"""Keys that act on the focused tile: a step with a tile takes them only on it."""

MOST_PRESSES = 4  # a skipped step's keys are pressed at most this many times
_GOAL_EVENTS: dict[Goal, type[Event]] = {
    Goal.DISCARDED: Discarded,
    Goal.TOOK: TookDiscard,
    Goal.DREW: Drew,
}
"""The events that reach a goal in every game (when they are yours); a game adds its own."""


class Guide:
    """Leads the player through the lesson at one table."""

    def __init__(
        self, table: Table, course: TutorialPart, lesson: Sequence[LessonStep] | None = None
    ) -> None:
        self.table = table
        self.course = course  # the game's lesson
        self.lesson = tuple(course.steps if lesson is None else lesson)
        self.index = 0
        self.announced = False  # the current step's text has been said
        self.heard: list[Event] = []  # what the table has seen happen
        self.mark = 0  # how many of them had happened when the current step began
        self.learned: set[Command] = set()
        self.last: Command | None = None  # the key before this one (H twice: every key)
        self.skipping = False  # Tab is pressing a step's keys: the guide waits till it is done
        table.guide = self

    @property
    def step(self) -> LessonStep | None:
        """The current step (None once the lesson is over)."""
        return self.lesson[self.index] if self.index < len(self.lesson) else None

    @property
    def finished(self) -> bool:
        return self.index >= len(self.lesson)

    # -- what the table asks -----------------------------------------------------

    def welcome(self) -> Line:
        """The first words: what the tutorial is, who sits where, Tab and Q."""
        company = prompts.seat_entries(self.table.seats)
        return Line(f"{self.course.prefix}.welcome", company=company)

    def farewell(self) -> Line:
        """The last words: how to start a real game (or this lesson again)."""
        return Line(f"{self.course.prefix}.goodbye")

    def allows(self, command: Command | None) -> bool:
        """Whether the table may carry out ``command`` (None: a key bound to nothing).

        A command refused here has been answered already: a hint, or what the
        guide did instead (skipping, asking before leaving)."""
        table = self.table
        step = self.step
        again = command is self.last
        self.last = command
        if table.leaving or step is None:
            return True
        if command is not None and table.asking is not None and command in ANSWERS:
            if command not in step.blocked:
                return True
            self._reply("tutorial.wrong.answer", hint=self.line(step.hint))
            return False
        table.asking = None  # any other key sets an open question aside
        if command is Command.HELP:
            self._help(everything=again)
            self.after(command)
            return False
        if command in self.course.always:
            return True
        if command is Command.SKIP:
            self._skip(step)
            return False
        if command is Command.SAVE:
            self._reply("tutorial.no_save")
            return False
        ready = self._ready(step)
        if command is Command.QUIT and not (ready and command in step.keys):
            table.asking = Asking(Question.QUIT)
            self._reply("tutorial.ask.quit")
            return False
        if command in self.learned:
            return True
        if not ready:
            self._reply("tutorial.wait")
            return False
        if command is None:
            self._reply("tutorial.wrong.unbound", hint=self.line(step.hint))
            return False
        if command not in step.keys and command not in step.also:
            key = KeyNames(table.catalogue).get(command, command.value)
            self._reply("tutorial.wrong", key=key, hint=self.line(step.hint))
            return False
        focused = table.rack.focused
        if command in TILE_KEYS and focused is not None and step.tile not in (None, focused):
            self._reply(
                "tutorial.wrong_tile",
                tile=focused,
                position=table.rack.focus + 1,
                count=table.rack.count,
                hint=self.line(step.hint),
            )
            return False
        return True

    def after(self, command: Command | None, events: Sequence[Event] = ()) -> None:
        """A command was carried out (None: the table changed, by ``events``): move the
        lesson on."""
        self.heard += events
        step = self.step
        if step is None or self.skipping:
            return
        if self.announced and self._reached(step, command):
            self._complete(step)
        elif self.table.leaving:
            return
        elif self.announced and command is Command.HELP:
            self._event("tutorial.reminder", hint=self.line(step.hint))
        self._announce()

    # -- the lesson ----------------------------------------------------------------

    def _ready(self, step: LessonStep) -> bool:
        """Whether the table is where the step needs it."""
        state = self.table.state
        if step.moment is Moment.OVER:
            return state.step in (Step.ROUND_OVER, Step.MATCH_OVER)
        view = state.seen  # the seat's view, whatever the game
        if state.step is not Step.PLAYER or view is None:
            return False
        wanted = Phase.DISCARD if step.moment is Moment.DISCARD else Phase.DRAW
        return view.phase is wanted

    def _reached(self, step: LessonStep, command: Command | None) -> bool:
        table = self.table
        goal = step.goal
        if goal is Goal.KEY:
            return command in step.keys
        if goal is Goal.SMART:
            return table.rack.mode is SortMode.SMART
        if goal is Goal.MENU_OPEN:
            return table.menu is not None
        if goal is Goal.MENU_CLOSED:
            return table.menu is None
        if goal is Goal.LEFT:
            return table.leaving
        if goal is Goal.ASKED:
            return table.asking is not None and table.asking.question is Question.PENALTY
        if goal is Goal.BROWSING:
            return table.browsing is not None
        if goal is Goal.NOT_BROWSING:
            return table.browsing is None
        you = table.seats.you
        events = self.heard[self.mark :]
        if goal is Goal.WON:
            return any(self.course.finisher(e) == you for e in events)
        kind = self.course.goals.get(goal) or _GOAL_EVENTS[goal]
        return any(isinstance(e, kind) and getattr(e, "seat", None) == you for e in events)

    def _complete(self, step: LessonStep) -> None:
        self.learned |= step.teaches
        if step.then and not self.table.leaving:
            self._event(step.after)
        self.index += 1
        self.announced = False

    def _announce(self) -> None:
        """Say the current step once the table is ready for it."""
        step = self.step
        if step is None or self.announced or self.table.leaving or not self._ready(step):
            return
        self.announced = True
        self.mark = len(self.heard)
        self._event(
            "tutorial.step",
            number=self.index + 1,
            count=len(self.lesson),
            text=self.line(step.text),
        )

    def _skip(self, step: LessonStep) -> None:
        """Tab: a move is made for you (its keys pressed); any other step just ends.

        The keys' answers and "Skipped." after them are heard as one answer: only
        the first of them cuts off what is being said."""
        if not self._ready(step):
            self._reply("tutorial.wait")
            return
        with self.table.speaker.one_answer():
            if step.goal is not Goal.KEY:
                self.skipping = True
                try:
                    self._make_move(step)
                finally:
                    self.skipping = False
            self._reply("tutorial.skipped")
        self._complete(step)
        self._announce()

    def _make_move(self, step: LessonStep) -> None:
        """Press the step's keys until its goal is reached (a few rounds at most)."""
        table = self.table
        keys = step.keys
        rack = table.rack
        if step.tile in rack.tiles and TILE_KEYS & set(keys):
            rack.focus = rack.tiles.index(step.tile)  # the arrows' answers would be noise
            keys = tuple(key for key in keys if key not in RACK)
        for _ in range(MOST_PRESSES):
            for key in keys:
                table.run(key)
                if table.leaving or self._reached(step, key):
                    return

    def _help(self, *, everything: bool) -> None:
        """H: the table's help, ending with the tutorial's keys instead of the table's."""
        table = self.table
        table.menu = None  # as at the table: any key but the menu's own closes it
        said = status.help_now(
            table.state,
            table.seat.rules,
            everything=everything,
            general=self.line("tutorial.general_help"),
        )
        table.voice.reply(said)

    # -- words -----------------------------------------------------------------------

    def line(self, message: str, /, **extra: Field) -> Line:
        """A line of the lesson's: its text with the prepared hand's fields."""
        return Line(message, **self._fields(), **extra)

    def _fields(self) -> dict[str, Field]:
        """What the lesson's texts name: the seats, the prepared tiles, the points."""
        prepared = self.course.prepared
        return {
            "left": Name(prepared.LEFT),
            "right": Name(prepared.RIGHT),
            "across": Name(prepared.ACROSS),
            "indicator": Face(prepared.INDICATOR),
            "okey": Face(prepared.OKEY),
            **self.course.fields(self.table.seat.rules),
        }

    def _reply(self, message: str, /, **fields: Field) -> None:
        self.table.voice.reply(self.line(message, **fields))

    def _event(self, message: str, /, **fields: Field) -> None:
        self.table.voice.event(self.line(message, **fields))
