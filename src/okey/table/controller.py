"""The table controller: keys in, moves to the session, words to the speaker.

Everything the player does goes through :meth:`Table.press` (a key name) or
:meth:`Table.run` (a command); the front end plays the bots' turns with
:meth:`Table.play_bot` and the clock with :meth:`Table.tick`. After every
change the table re-sorts the rack and says what happened: the events in
words (:mod:`okey.table.narration`), then what follows from the new state
(:mod:`okey.table.prompts`). An answer to a key interrupts speech; what
happens at the table queues behind what is being said.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Protocol

from okey.engine.actions import (
    Action,
    DeclarePairs,
    DeclineDiscard,
    Discard,
    DrawFromPile,
    Finish,
    Resume,
    ShowIndicator,
    TakeDiscard,
    TurnToOkey,
)
from okey.engine.errors import IllegalMoveError
from okey.engine.events import (
    Dealt,
    Discarded,
    Drew,
    Event,
    RoundDrawn,
    RoundStarted,
    RoundWon,
    TookDiscard,
    seen_by,
)
from okey.engine.match import Match
from okey.engine.view import Phase
from okey.hand.tiles import Tile
from okey.messages import CATALOGUE, Catalogue, Verbosity
from okey.review import RoundReview, review_match
from okey.speech import Sound, Speaker, SpeechCommand
from okey.table import prompts, status
from okey.table.clock import Tick, TurnClock
from okey.table.hint import hint_text, master_move
from okey.table.keys import KEY_NAMES, KEYMAP, Command, menu_commands, spoken_key
from okey.table.menu import Asking, Menu, Option, Question
from okey.table.narration import TableNarrator, indicator_line
from okey.table.rack import Rack
from okey.table.reviewing import review_lines
from okey.table.seats import Place, Seats
from okey.table.session import Step, TableSession
from okey.table.sorting import SortMode
from okey.table.words import Words


class Saver(Protocol):
    """Keeps the table on disk (see :mod:`okey.table.persist`)."""

    def save(self, name: str | None = None) -> str:
        """Save under ``name`` (default: the date and time); returns the name used."""

    def autosave(self) -> None: ...


class Guide(Protocol):
    """A layer that leads the player (the tutorial): it may refuse a command, and
    it hears of every command carried out and every change to the match."""

    def welcome(self, words: Words) -> str:
        """The first words at the table, instead of the table's own welcome."""

    def farewell(self, words: Words) -> str:
        """The last words, instead of the table's own."""

    def allows(self, command: Command | None) -> bool:
        """Whether the table may carry out ``command`` (None: an unbound key); when
        not, the guide has answered the player already."""

    def after(self, command: Command | None) -> None:
        """``command`` was carried out (None: the match changed)."""


@dataclass(frozen=True, slots=True)
class Said:
    """A line to say, and the sound that goes with it."""

    text: str
    sound: Sound | None = None


@dataclass(frozen=True, slots=True)
class Snapshot:
    """Where the table stood before a change."""

    round_number: int
    turn: int | None
    step: Step


_SPEECH = {
    Command.OLDER: SpeechCommand.OLDER,
    Command.NEWER: SpeechCommand.NEWER,
    Command.OLDEST: SpeechCommand.OLDEST,
    Command.NEWEST: SpeechCommand.NEWEST,
    Command.SPEECH_STATUS: SpeechCommand.STATUS,
}
_DISCARD_PLACES = {
    Command.LEFT_DISCARDS: Place.LEFT,
    Command.RIGHT_DISCARDS: Place.RIGHT,
    Command.ACROSS_DISCARDS: Place.ACROSS,
    Command.MY_DISCARDS: Place.YOU,
}
_MOVES: dict[Command, Action] = {
    Command.DRAW: DrawFromPile(),
    Command.TAKE: TakeDiscard(),
    Command.DECLINE: DeclineDiscard(),
    Command.SHOW: ShowIndicator(),
    Command.TURN_TO_OKEY: TurnToOkey(),
    Command.PAIRS: DeclarePairs(),
}
_TURN_EVENTS = (Discarded, RoundWon, RoundDrawn, RoundStarted)


class Table:
    """One player's table: the session, the rack, the speaker and what is open."""

    def __init__(
        self,
        session: TableSession,
        speaker: Speaker,
        *,
        saver: Saver | None = None,
        now: Callable[[], float] = time.monotonic,
        catalogue: Catalogue = CATALOGUE,
    ) -> None:
        self.session = session
        self.speaker = speaker
        self.saver = saver
        self.now = now
        self.catalogue = catalogue
        settings = session.settings
        self.seats = Seats(session.rules.table, settings.you, tuple(settings.names))
        self.rack = Rack(settings.sort)
        self.narrator = TableNarrator(session.rules.play.autopilot_after)
        self.menu: Menu | None = None
        self.asking: Asking | None = None
        self.clock = TurnClock(session.rules.play.timer_seconds)
        self.leaving = False
        self.on_leave: Callable[[], None] = lambda: None
        self.saved_as: str | None = None
        self._last: Command | None = None
        self.presses = 0  # keys handled so far (tests wait on it)
        self._win_told: tuple[int, tuple[Tile, ...]] | None = None
        self._reviewed: RoundReview | None = None  # the last review asked for, kept
        self.guide: Guide | None = None
        self.speaker.set_verbosity(Verbosity(settings.verbosity))
        self.speaker.set_sounds(settings.sounds)

    # -- reading the state -------------------------------------------------------

    @property
    def match(self) -> Match:
        return self.session.match

    def words(self) -> Words:
        words = Words(self.seats, self.speaker.verbosity, self.catalogue)
        if self.match.started:
            words.okey = self.match.round.okey
        return words

    def snapshot(self) -> Snapshot:
        match = self.match
        turn = match.turn if match.started and not match.round_over else None
        return Snapshot(match.round_number, turn, self.session.step())

    # -- starting ----------------------------------------------------------------

    def begin(self, *, notice: str | None = None) -> None:
        """A new match: welcome the player and deal the first round."""
        words = self.words()
        if self.guide is not None:
            self._event(self.guide.welcome(words))
        else:
            levels = [level for level in self.session.settings.levels if level]
            self._event(prompts.welcome(self.match.rules.name, levels, words))
        if notice:
            self._event(notice)
        self.next_round(by_player=False)

    def reopen(self, *, notice: str | None = None) -> None:
        """A resumed match: say where it stands, as if the player had just sat down."""
        match = self.match
        words = self.words()
        self._event(words("table.resumed", rules=match.rules.name, number=match.round_number))
        if notice:
            self._event(notice)
        if not match.started:
            self.next_round(by_player=False)
            return
        view = self.session.view()
        self.narrator.opened = view.opened
        self._update_rack()
        step = self.session.step()
        if step is Step.MATCH_OVER:
            for line in prompts.match_over(match, words):
                self._event(line)
            return
        if step is Step.ROUND_OVER:
            self._event(prompts.round_over(match, words))
            return
        self._event(status.scores(view, words))
        self._event(indicator_line(view.indicator, view.okey, words))
        self._event(self._hand_text(words))
        offer = prompts.show_offer(view, words)
        if offer is not None:
            self._event(offer)
        if step is Step.PLAYER:
            self._say_all(self._turn_begins(words) + self._win_hint(words), by_player=False)
        else:
            self._event(prompts.whose_turn(match, step, words))

    # -- keys --------------------------------------------------------------------

    def press(self, key: str) -> None:
        """A key from the keyboard (prompt_toolkit's name for it)."""
        self.presses += 1
        command = KEYMAP.get(key)
        if command is Command.SKIP and self.guide is None:
            command = None  # Tab only skips a tutorial's steps; elsewhere it does nothing
        if command is None:
            if self.guide is None or self.guide.allows(None):
                self._reply(self.words()("table.unknown_key", key=spoken_key(key)))
            return
        self.run(command)

    def run(self, command: Command) -> None:
        """Carry out a command, or say why it does nothing now."""
        if self.leaving:
            return
        if self.guide is not None and not self.guide.allows(command):
            return
        try:
            if self.asking is not None:
                self._answer(command)
            elif self.menu is not None:
                self._in_menu(command)
            else:
                self._command(command)
        finally:
            self._last = command
        if self.guide is not None:
            self.guide.after(command)

    def _command(self, command: Command) -> None:
        words = self.words()
        if command in _SPEECH:
            self.speaker.run(_SPEECH[command])
        elif command is Command.VERBOSITY:
            self.session.settings.verbosity = self.speaker.toggle_verbosity().value
        elif command is Command.SOUNDS:
            self.session.settings.sounds = self.speaker.toggle_sounds()
        elif command in (Command.LEFT, Command.RIGHT, Command.HOME, Command.END):
            self._move_focus(command)
        elif command in (Command.NEXT_GROUP, Command.PREVIOUS_GROUP):
            self.rack.next_section(1 if command is Command.NEXT_GROUP else -1)
            self._say_focus(with_kind=True)
        elif command in (Command.ENTER, Command.DISCARD):
            self._enter()
        elif command is Command.CHOOSE:
            self._choose()
        elif command in _MOVES:
            self._move(_MOVES[command])
        elif command is Command.FINISH:
            self._finish()
        elif command is Command.SORT:
            self._sort()
        elif command is Command.HINT:
            self._hint()
        elif command is Command.REVIEW:
            self._review()
        elif command is Command.MENU:
            self._open_menu()
        elif command is Command.SAVE:
            self._save()
        elif command is Command.QUIT:
            self._quit()
        elif command is Command.INTERRUPT:
            self.leave()
        elif command is Command.OKEY_WARNING:
            settings = self.session.settings
            settings.okey_warning = not settings.okey_warning
            self._reply(
                words(
                    "table.okey_warning_on" if settings.okey_warning else "table.okey_warning_off"
                )
            )
        else:
            self._reply(self._status(command, words))

    def _status(self, command: Command, words: Words) -> str:
        match = self.match
        step = self.session.step()
        if command is Command.HELP:
            return status.help_now(match, step, words, everything=self._last is Command.HELP)
        if command is Command.RULES:
            return status.rules_in_words(match)
        if command is Command.WHOSE_TURN:
            return prompts.whose_turn(match, step, words) if match.started else ""
        if command is Command.TIME:
            return self._time_left(words, step)
        if command is Command.YES:
            return words("table.unknown_key", key="Y")
        if not match.started:
            return words("table.not_dealt")
        view = self.session.view()
        if command is Command.HAND:
            return self._hand_text(words)
        if command is Command.INDICATOR:
            return status.indicator(view, words)
        if command is Command.SCORES:
            if self._last is Command.SCORES:
                return status.score_story(match, words)
            return status.scores(view, words)
        if command is Command.PILE:
            return status.pile(view, words)
        if command is Command.COPIES:
            tile = self.rack.focused
            return words("table.no_tiles") if tile is None else status.copies(view, tile, words)
        place = _DISCARD_PLACES.get(command)
        if place is not None:
            return status.discards(view, place, words)
        return words("table.unknown_key", key=KEY_NAMES.get(command, command.value))

    def _hint(self) -> None:
        words = self.words()
        settings = self.session.settings
        if self.session.step() is not Step.PLAYER:
            self._reply(words("table.hint.not_now"))
            return
        if settings.hints_left <= 0:
            self._reply(words("table.hint.used_up"))
            return
        view = self.session.view()
        settings.hints_left -= 1
        left = settings.hints_left
        if left > 1:
            count = words("table.hint.left", count=left)
        else:
            count = words("table.hint.left.one" if left == 1 else "table.hint.left.none")
        self._reply(f"{hint_text(view, master_move(view), words)} {count}")
        self._autosave()  # the count survives even a game that is killed

    def _review(self) -> None:
        """The master's review of the round just over: a summary, then each disagreement
        as its own line (so the history keys browse it). Free, and never during a round."""
        words = self.words()
        match = self.match
        if not match.started or self.session.step() not in (Step.ROUND_OVER, Step.MATCH_OVER):
            self._reply(words("table.review.not_now"))
            return
        number = match.round_number
        if self._reviewed is None or self._reviewed.number != number:
            self._reviewed = review_match(match, self.seats.you, {number})[0]
        lines = review_lines(self._reviewed, words)
        self._reply(lines[0])
        for line in lines[1:]:
            self._event(line)

    def _time_left(self, words: Words, step: Step) -> str:
        if not self.match.rules.play.timer_seconds:
            return words("table.no_timer")
        if step is not Step.PLAYER or not self.clock.running:
            return words("table.clock_stopped")
        return words("table.time_left", seconds=self.clock.left(self.now()))

    # -- the rack ----------------------------------------------------------------

    def _move_focus(self, command: Command) -> None:
        before = self.rack.section()
        if command is Command.LEFT:
            self.rack.move(-1)
        elif command is Command.RIGHT:
            self.rack.move(1)
        elif command is Command.HOME:
            self.rack.home()
        else:
            self.rack.end()
        self._say_focus(with_kind=self.rack.section() != before)

    def _say_focus(self, *, with_kind: bool) -> None:
        words = self.words()
        tile = self.rack.focused
        if tile is None:
            self._reply(words("table.no_tiles"))
            return
        fields = {
            "tile": words.tile(tile),
            "position": self.rack.focus + 1,
            "count": self.rack.count,
        }
        section = self.rack.section()
        if with_kind and self.rack.mode is SortMode.SMART and section is not None:
            kind = words.capital(words.kind(section.kind))
            self._reply(words("table.focus.kind", kind=kind, **fields))
        else:
            self._reply(words("table.focus", **fields))

    def _sort(self) -> None:
        mode = self.rack.mode.next()
        self.rack.set_mode(mode)
        self.session.settings.sort_mode = mode.value
        self._reply(self.words()(f"table.sorted.{mode.value}"))

    def _hand_text(self, words: Words) -> str:
        return words(
            "table.hand",
            count=self.rack.count,
            mode=words.mode(self.rack.mode),
            tiles=words.hand(self.rack.sorted),
        )

    def _update_rack(self, follow: Tile | None = None, *, reset: bool = False) -> None:
        if not self.match.started:
            return
        view = self.session.view()
        if reset:
            self.rack.focus = 0
        self.rack.update(view.hand, view.okey, follow=follow)

    # -- moves -------------------------------------------------------------------

    def _refusal(self, action: Action) -> str | None:
        """Why the player cannot make ``action`` now, in words (None: they can)."""
        words = self.words()
        step = self.session.step()
        if not isinstance(action, ShowIndicator | Resume) and step is not Step.PLAYER:
            return prompts.whose_turn(self.match, step, words)
        error = self.session.why_not(action)
        if error is None:
            return None
        return prompts.why(error, self.session.view(), words)

    def _move(self, action: Action) -> bool:
        """Make the player's move, or say why not; True when it was made."""
        refusal = self._refusal(action)
        if refusal is not None:
            self._reply(refusal)
            return False
        self._apply(lambda: self.session.act(action), by_player=True)
        return True

    def _enter(self) -> None:
        step = self.session.step()
        if self.match.started and self.match.autopilot[self.seats.you]:
            self._move(Resume())
        elif step is Step.ROUND_OVER:
            self.next_round()
        elif step is Step.MATCH_OVER:
            self.leave()
        else:
            self._discard_focused()

    def _discard_focused(self) -> None:
        tile = self.rack.focused
        if tile is None:
            self._reply(self.words()("table.no_tiles"))
            return
        action = Discard(tile)
        refusal = self._refusal(action)
        if refusal is not None:
            self._reply(refusal)
            return
        view = self.session.view()
        winning = prompts.discard_wins(view, tile) and not prompts.finish_needs_key(view)
        if (
            tile == view.okey
            and not winning
            and self.match.rules.play.okey_discard_warning
            and self.session.settings.okey_warning
        ):
            words = self.words()
            self.asking = Asking(Question.DISCARD_OKEY, tile)
            self._reply(words("table.ask.okey", tile=words.tile(tile)))
            return
        self._move(action)

    def _choose(self) -> None:
        words = self.words()
        step = self.session.step()
        if step is not Step.PLAYER:
            self._reply(prompts.whose_turn(self.match, step, words))
            return
        view = self.session.view()
        offered = view.available_discard
        if view.phase is Phase.DISCARD:
            self._reply(prompts.why(IllegalMoveError("must_discard"), view, words))
            return
        if offered is None:
            self._move(DrawFromPile())
            return
        tile = words.tile(offered)
        previous = words.name(view.previous)
        take = Option(words("table.option.take", tile=tile, name=previous), "T", Command.TAKE)
        if view.phase is Phase.PILE_OUT:
            other = Option(words("table.option.decline", tile=tile), "X", Command.DECLINE)
            question = words("table.choice.decline", tile=tile, name=previous)
        else:
            other = Option(words("table.option.pile"), "P", Command.DRAW)
            question = words("table.choice.pile", tile=tile, name=previous)
        self.menu = Menu([take, other], choice=True)
        self._reply(question)

    def _finish(self) -> None:
        step = self.session.step()
        if step is not Step.PLAYER:
            self._reply(prompts.whose_turn(self.match, step, self.words()))
            return
        view = self.session.view()
        best = prompts.best_finish(view)
        if best is None:
            if view.phase is Phase.DISCARD:
                self._reply(self.words()("table.why.no_finish"))
            else:
                self._reply(prompts.why(IllegalMoveError("must_draw"), view, self.words()))
            return
        finishing = prompts.finish_needs_key(view)
        self._move(Finish(best) if finishing else Discard(best))

    def next_round(self, *, by_player: bool = True) -> None:
        """Deal the next round (the player's Enter interrupts what is being said)."""
        if self.session.step() is not Step.ROUND_OVER:
            return
        self._apply(self.session.start_round, by_player=by_player)

    # -- bots, autopilot and the clock ---------------------------------------------

    def play_bot(self) -> None:
        """Play the turn of the bot whose turn it is (the front end paces these)."""
        if self.session.step() is Step.BOT:
            self._apply(self.session.bot_turn, by_player=False)

    def play_autopilot(self) -> None:
        if self.session.step() is Step.AUTOPILOT:
            self._apply(self.session.time_out, by_player=False)

    def tick(self) -> None:
        """Check the turn clock: the warning at 10 seconds, then the timeout."""
        if self.session.step() is not Step.PLAYER:
            self.clock.stop()
            return
        happened = self.clock.tick(self.now())
        if happened is Tick.WARNING:
            self._event(self.words()("table.time_left", seconds=self.clock.left(self.now())))
        elif happened is Tick.EXPIRED:
            self.menu = None
            self.asking = None
            self._apply(self.session.time_out, by_player=False)

    def clock_wait(self) -> float | None:
        """Seconds until the clock next needs a :meth:`tick` (None: no clock running)."""
        return self.clock.wait(self.now())

    # -- applying and telling ----------------------------------------------------

    def _apply(self, change: Callable[[], Sequence[Event]], *, by_player: bool) -> None:
        before = self.snapshot()
        events = list(change())
        you = self.seats.you
        seen = [shown for event in events if (shown := seen_by(event, you)) is not None]
        mine = [e.tile for e in seen if isinstance(e, Drew | TookDiscard) and e.seat == you]
        dealt = any(isinstance(e, RoundStarted) for e in seen)
        if dealt:
            self._win_told = None
        self._update_rack(follow=mine[-1] if mine else None, reset=dealt)
        words = self.words()
        lines = self.narrator.lines(seen, words, self._position, self._hand_text(words))
        said: list[Said] = [Said(line.text) for line in lines]
        said += self._prompts(before, seen, words)
        self._say_all(said, by_player=by_player)
        if any(isinstance(e, _TURN_EVENTS) for e in seen):
            self._autosave()
        if self.guide is not None:
            self.guide.after(None)

    def _position(self, tile: Tile) -> tuple[int, int]:
        return self.rack.position_of(tile), self.rack.count

    def _prompts(self, before: Snapshot, seen: Sequence[Event], words: Words) -> list[Said]:
        """What follows from the new state: standings, the show offer, the turn, a finish."""
        match = self.match
        now = self.snapshot()
        if now.step is Step.MATCH_OVER and before.step is not Step.MATCH_OVER:
            self.clock.stop()
            return [Said(text) for text in prompts.match_over(match, words)]
        if now.step is Step.ROUND_OVER and before.step is not Step.ROUND_OVER:
            self.clock.stop()
            return [Said(prompts.round_over(match, words))]
        said: list[Said] = []
        if not match.started or match.round_over:
            return said
        view = self.session.view()
        if any(isinstance(e, Dealt) and e.seat == self.seats.you for e in seen):
            offer = prompts.show_offer(view, words)
            if offer is not None:
                said.append(Said(offer))
        if now.step is Step.PLAYER:
            if before.step is not Step.PLAYER or before.round_number != now.round_number:
                said += self._turn_begins(words)
            if view.last_chance and any(
                isinstance(e, TookDiscard) and e.seat == self.seats.you for e in seen
            ):
                said.append(Said(words("table.must_finish")))
            said += self._win_hint(words)
        else:
            self.clock.stop()
        return said

    def _turn_begins(self, words: Words) -> list[Said]:
        """The player's turn starts: the sound and what to do; the clock starts."""
        texts = prompts.your_turn(self.session.view(), words)
        if self.clock.seconds:
            self.clock.start(self.now())
        return [
            Said(text, Sound.YOUR_TURN if not index else None) for index, text in enumerate(texts)
        ]

    def _win_hint(self, words: Words) -> list[Said]:
        """Say once per hand that a finish is within reach (with its sound)."""
        view = self.session.view()
        if view.phase is not Phase.DISCARD:
            return []
        told = (self.match.round_number, tuple(sorted(view.hand)))
        if told == self._win_told:
            return []
        hint = prompts.win_possible(view, words)
        if hint is None:
            return []
        self._win_told = told
        said = [Said(hint, Sound.WIN_POSSIBLE)]
        offer = prompts.turn_to_okey_offer(view, words)
        if offer is not None:
            said.append(Said(offer))
        return said

    def _say_all(self, said: Sequence[Said], *, by_player: bool) -> None:
        """Say each line; the first interrupts when it answers the player's key."""
        first = True
        for item in said:
            if not item.text:
                continue
            if item.sound is not None:
                self.speaker.play(item.sound)
            if by_player and first:
                self._reply(item.text)
            else:
                self._event(item.text)
            first = False

    def _reply(self, text: str) -> None:
        if text:
            self.speaker.reply_text(text)

    def _event(self, text: str) -> None:
        if text:
            self.speaker.event_text(text)

    # -- menus and questions -------------------------------------------------------

    def _open_menu(self) -> None:
        words = self.words()
        options = [
            Option(words(f"table.action.{command.value}"), KEY_NAMES.get(command, ""), command)
            for command in menu_commands(self.match.rules)
        ]
        self.menu = Menu(options)
        self._reply(words("table.menu.open", item=self._option_text(words)))

    def _option_text(self, words: Words) -> str:
        menu = self.menu
        assert menu is not None
        option = menu.current
        key = option.key or words("table.menu.no_key")
        return words(
            "table.menu.item",
            label=option.label,
            key=key,
            position=menu.focus + 1,
            count=len(menu.options),
        )

    def _in_menu(self, command: Command) -> None:
        menu = self.menu
        assert menu is not None
        words = self.words()
        moves = {
            Command.NEXT_GROUP: lambda: menu.move(1),
            Command.RIGHT: lambda: menu.move(1),
            Command.PREVIOUS_GROUP: lambda: menu.move(-1),
            Command.LEFT: lambda: menu.move(-1),
            Command.HOME: menu.home,
            Command.END: menu.end,
        }
        if command in moves:
            moves[command]()
            self._reply(self._option_text(words))
            return
        if command is Command.MENU:
            self.menu = None
            self._reply(words("table.cancelled" if menu.choice else "table.menu.closed"))
            return
        if command in _SPEECH:  # reading back what was said leaves the menu open
            self.speaker.run(_SPEECH[command])
            return
        if command is Command.HELP:
            self._reply(words("table.menu.help", item=self._option_text(words)))
            return
        self.menu = None
        if command in (Command.ENTER, Command.DISCARD):
            command = menu.current.command
        self._command(command)

    def _answer(self, command: Command) -> None:
        asking = self.asking
        assert asking is not None
        self.asking = None
        words = self.words()
        yes = command in (Command.YES, Command.ENTER, Command.DISCARD)
        no = command in (Command.PILE, Command.MENU)
        if asking.question is Question.QUIT:
            yes = yes or command is Command.QUIT
            if yes:
                self.leave()
            elif no:
                self._reply(words("table.staying"))
            else:
                self._command(command)
            return
        tile = asking.about
        if yes and isinstance(tile, Tile):
            self._move(Discard(tile))
        elif no:
            self._reply(words("table.kept"))
        else:
            self._command(command)

    # -- saving and leaving --------------------------------------------------------

    def _save(self) -> None:
        words = self.words()
        if self.saver is None:
            self._reply(words("table.save.unavailable"))
            return
        try:
            name = self.saver.save(self.saved_as)
        except (OSError, ValueError) as error:
            self._reply(words("table.save.failed", reason=error))
            return
        self.saved_as = name
        self._reply(words("table.save.done", name=name))

    def _autosave(self) -> None:
        if self.saver is None:
            return
        try:
            self.saver.autosave()
        except (OSError, ValueError) as error:
            self._event(self.words()("table.save.failed", reason=error))

    def _quit(self) -> None:
        if self.session.step() is Step.MATCH_OVER:
            self.leave()
            return
        self.asking = Asking(Question.QUIT)
        self._reply(self.words()("table.ask.quit"))

    def leave(self) -> None:
        """Save and ask the front end to close the table."""
        if self.leaving:
            return
        over = self.session.step() is Step.MATCH_OVER
        if self.saver is not None and (not over or self.saved_as is not None):
            # A finished match updates its save, so that resuming does not go back in time.
            try:
                self.saved_as = self.saver.save(self.saved_as)
            except (OSError, ValueError) as error:
                self._event(self.words()("table.save.failed", reason=error))
        self.leaving = True
        self.on_leave()

    def trouble(self, error: Exception) -> None:
        """Something failed inside the game: say so and carry on (the match is kept)."""
        self.menu = None
        self.asking = None
        self._event(self.words()("table.error", error=error))

    def farewell(self) -> str:
        """The last words, once the screen is closed."""
        words = self.words()
        if self.guide is not None:
            return self.guide.farewell(words)
        if self.saved_as is not None and self.session.step() is not Step.MATCH_OVER:
            return words("table.goodbye.saved", name=self.saved_as)
        return words("table.goodbye")
