"""The one error a refused action raises, worded from the message catalogue."""

from __future__ import annotations

from okey.messages import CATALOGUE


class IllegalMoveError(ValueError):
    """An action the rules do not allow now; ``str(error)`` says why in words."""

    def __init__(self, key: str, **fields: object) -> None:
        self.key = key
        self.fields = fields
        super().__init__(CATALOGUE.text(f"engine.error.{key}", **fields))
