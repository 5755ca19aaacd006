"""The table's voice: where its lines (:mod:`okey.table.lines`) are handed to the speaker.

A line keeps its catalogue key to the end: the speaker picks its brief or detailed
text (``Speaker.reply``/``Speaker.event``) and :class:`~okey.table.output.words.Words`
names its fields at the same verbosity. An answer to a key interrupts what is being
said; what happens at the table queues behind it. Whoever wants the lines
themselves (tests, a transcript of keys and values) listens here.

The player's verbosity and sounds are the settings' (:mod:`okey.table.state.settings`):
the voice passes them on to the speaker and the sounds, the only place they are set.

The voice plays the table's cues (:mod:`okey.table.output.cues`) through its
:class:`~okey.audio.CuePlayer`: a change's cues first, one after another, then its
words. A table starts :class:`~okey.audio.Silent`; the front end gives it the real
:class:`~okey.audio.Sounds` (:meth:`Voice.use_sounds`).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from types import MappingProxyType
from typing import Final

from okey.audio import Cue, CuePlayer, Position, Silent
from okey.messages import Verbosity
from okey.speech import Speaker
from okey.table.lines import Line, Said, Speech
from okey.table.output.words import Words
from okey.table.state.settings import TableSettings

Listener = Callable[[Speech, bool], None]
"""Hears every line the table says, and whether it is said as an answer (within one
answer the speaker lets only the first of them cut in)."""

_VERBOSITY_SAID = {Verbosity.BRIEF: "speech.now_brief", Verbosity.DETAILED: "speech.now_detailed"}

LINE_CUES: Final[Mapping[str, Cue]] = MappingProxyType(
    {"table.time_left": Cue.TIMER_WARNING, "table.time_left.discard": Cue.TIMER_WARNING}
)
"""Lines the table says as events that bring a cue of their own: the clock's warning, in
the draw and in the discard phase (the controller says it; the same words as an answer
to E play nothing)."""


class Voice:
    """Says the table's lines through a speaker, rendered by ``words``, and plays its
    cues through ``sounds``."""

    def __init__(
        self, speaker: Speaker, words: Callable[[], Words], sounds: CuePlayer | None = None
    ) -> None:
        self.speaker = speaker
        self.words = words
        self.sounds: CuePlayer = sounds if sounds is not None else Silent()
        self.listeners: list[Listener] = []

    def reply(
        self, speech: Speech | None, *, cue: Cue | None = None, where: Position = Position.OWN
    ) -> None:
        """An answer to the player's key: it cuts off what is being said."""
        self.say_all([Said(speech, cue, where)], by_player=True)

    def event(
        self, speech: Speech | None, *, cue: Cue | None = None, where: Position = Position.OWN
    ) -> None:
        """Something that happened at the table: it queues."""
        if cue is None and isinstance(speech, Line):
            cue = LINE_CUES.get(speech.key)
        self.say_all([Said(speech, cue, where)], by_player=False)

    def say_all(self, said: Sequence[Said], *, by_player: bool) -> None:
        """Play the cues, one after another, then say each line; the first line
        interrupts when it answers the player's key."""
        cues = [(item.cue, item.where) for item in said if item.cue is not None]
        if cues:
            self.sounds.play_all(cues)
        first = True
        for item in said:
            if item.speech is not None:
                self._say(item.speech, interrupt=by_player and first)
                first = False

    def _say(self, speech: Speech, *, interrupt: bool) -> None:
        for listener in self.listeners:
            listener(speech, interrupt)
        speaker = self.speaker
        if isinstance(speech, Line):
            fields = self.words().fields(speech)
            if interrupt:
                speaker.reply(speech.key, **fields)
            else:
                speaker.event(speech.key, **fields)
        elif interrupt:
            speaker.reply_text(self.words().say(speech))
        else:
            speaker.event_text(self.words().say(speech))

    # -- the settings it speaks by ---------------------------------------------------

    def follow(self, settings: TableSettings) -> None:
        """Speak at the settings' verbosity, with their sounds."""
        self.speaker.set_verbosity(settings.verbosity)
        self.speaker.set_sounds(settings.sounds)
        self.sounds.set_enabled(settings.sounds)

    def use_sounds(self, sounds: CuePlayer, settings: TableSettings) -> None:
        """Play cues through ``sounds`` from now on (on or off as the settings say)."""
        self.sounds = sounds
        self.follow(settings)

    def toggle_verbosity(self, settings: TableSettings) -> None:
        """Brief or detailed, in the settings; said at the new verbosity."""
        brief = settings.verbosity is Verbosity.BRIEF
        settings.verbosity = Verbosity.DETAILED if brief else Verbosity.BRIEF
        self.follow(settings)
        self.reply(Line(_VERBOSITY_SAID[settings.verbosity]))

    def toggle_sounds(self, settings: TableSettings) -> None:
        settings.sounds = not settings.sounds
        self.follow(settings)
        self.reply(Line("speech.sounds_on" if settings.sounds else "speech.sounds_off"))
