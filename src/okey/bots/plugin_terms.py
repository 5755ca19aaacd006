"""What the plug-in seats share: the error naming a seat that cannot be loaded, a seat
spec's parts, and an incident (a move a guard gave to the fallback). Apart from
:mod:`okey.bots.plugins`, which loads and guards the bots, so that
:mod:`okey.bots.process` can use them too.
"""

from __future__ import annotations

import os
from dataclasses import dataclass
from typing import Literal

from okey.errors import OkeyError, Phrase

Reason = Literal["raised", "too_slow", "illegal", "stuck", "cpu", "memory"]


class PluginError(OkeyError):
    """A seat name that names no level and no loadable bot (reasons: the catalogue's
    ``bot.plugin.*`` keys), worded when shown."""

    prefix = "bot.plugin."


@dataclass(frozen=True, slots=True)
class Incident:
    """One move a guarded bot lost to the easy level, and why."""

    seat: int
    bot: str
    reason: Reason
    detail: str
    round_number: int

    def phrase(self) -> Phrase:
        """The report, to be worded by the message catalogue when shown."""
        why = Phrase(f"bot.reason.{self.reason}", detail=self.detail)
        return Phrase("bot.replaced", bot=self.bot, seat=self.seat, reason=why)


def is_plugin_name(name: str) -> bool:
    return ":" in name


def split_spec(spec: str) -> tuple[str, str]:
    """``module:callable`` or ``path:callable`` as its two parts; PluginError when it is
    neither (the last colon splits, so a Windows path keeps its drive letter)."""
    target, _, attribute = spec.rpartition(":")
    if not target or not attribute or not all(p.isidentifier() for p in attribute.split(".")):
        raise PluginError("form_file", spec=spec)
    return target, attribute


def is_file_name(target: str) -> bool:
    """True when the part before the callable names a file, not a module."""
    separators = [sep for sep in ("/", "\\", os.sep, os.altsep) if sep]
    return target.endswith(".py") or any(sep in target for sep in separators)
