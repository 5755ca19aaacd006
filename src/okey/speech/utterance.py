"""What the game asks the speech layer to say: a catalogue message or ready text."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from types import MappingProxyType

from okey.errors import OkeyError, Phrase, render
from okey.messages import Catalogue, Verbosity


@dataclass(frozen=True, slots=True)
class Message:
    """A catalogue key and its fields, rendered brief or detailed when said."""

    key: str
    fields: Mapping[str, object] = field(default_factory=lambda: MappingProxyType({}))

    @classmethod
    def of(cls, key: str, /, **fields: object) -> Message:
        return cls(key, MappingProxyType(dict(fields)))

    def render(self, catalogue: Catalogue, verbosity: Verbosity) -> str:
        """The words; a field that is a phrase or an okey error is worded too."""
        fields = {
            name: render(value, catalogue) if isinstance(value, OkeyError | Phrase) else value
            for name, value in self.fields.items()
        }
        return catalogue.variant(self.key, verbosity, **fields)


@dataclass(frozen=True, slots=True)
class Text:
    """Text already put together from the catalogue (e.g. a hand summary)."""

    text: str

    def render(self, catalogue: Catalogue, verbosity: Verbosity) -> str:
        del catalogue, verbosity
        return self.text


Utterance = Message | Text
