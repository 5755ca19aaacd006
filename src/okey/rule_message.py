"""What the rules' words are made of: a name said from the catalogue (or as written) and
a message, a catalogue key with its fields. Named by :mod:`okey.rules_words` and by
each game's words (:class:`okey.words_kit.WordsPart`), which say a rule set.
"""

from __future__ import annotations

from dataclasses import dataclass

from okey.messages import Catalogue


@dataclass(frozen=True, slots=True)
class Named:
    """A name or text from the catalogue when it has ``key`` (None: never), else ``text``
    as it is: worded only when said."""

    key: str | None
    text: str

    def render(self, catalogue: Catalogue) -> str:
        if self.key is not None and catalogue.has(self.key):
            return catalogue.text(self.key)
        return self.text


Field = int | str | Named
Message = tuple[str, dict[str, Field]]
"""A catalogue key and its fields."""
