"""The table's voice: where its lines (:mod:`okey.table.lines`) are handed to the speaker.

A line keeps its catalogue key to the end: the speaker picks its brief or detailed
text (``Speaker.reply``/``Speaker.event``) and :class:`~okey.table.words.Words`
names its fields at the same verbosity. An answer to a key interrupts what is being
said; what happens at the table queues behind it. Whoever wants the lines
themselves (tests, a transcript of keys and values) listens here.

The player's verbosity and sounds are the settings' (:mod:`okey.table.settings`):
the voice passes them on to the speaker, the only place they are set.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from okey.messages import Verbosity
from okey.speech import Sound, Speaker
from okey.table.lines import Line, Speech
from okey.table.settings import TableSettings
from okey.table.words import Words

Listener = Callable[[Speech, bool], None]
"""Hears every line the table says, and whether it is said as an answer (within one
answer the speaker lets only the first of them cut in)."""

_VERBOSITY_SAID = {Verbosity.BRIEF: "speech.now_brief", Verbosity.DETAILED: "speech.now_detailed"}


@dataclass(frozen=True, slots=True)
class Said:
    """A line to say, and the sound that goes with it."""

    speech: Speech
    sound: Sound | None = None


class Voice:
    """Says the table's lines through a speaker, rendered by ``words``."""

    def __init__(self, speaker: Speaker, words: Callable[[], Words]) -> None:
        self.speaker = speaker
        self.words = words
        self.listeners: list[Listener] = []

    def reply(self, speech: Speech | None) -> None:
        """An answer to the player's key: it cuts off what is being said."""
        self._say(speech, interrupt=True)

    def event(self, speech: Speech | None) -> None:
        """Something that happened at the table: it queues."""
        self._say(speech, interrupt=False)

    def say_all(self, said: Sequence[Said], *, by_player: bool) -> None:
        """Say each line; the first interrupts when it answers the player's key."""
        for index, item in enumerate(said):
            if item.sound is not None:
                self.speaker.play(item.sound)
            self._say(item.speech, interrupt=by_player and not index)

    def _say(self, speech: Speech | None, *, interrupt: bool) -> None:
        if speech is None:
            return
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
