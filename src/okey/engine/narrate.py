"""The old home of ``dice_variant`` (now in :mod:`okey.engine.traditional`).

The replay's narrator, which words events, moved to :mod:`okey.narrate`: the
engine imports no text. This name stays for :mod:`okey.table.narration` until
it imports ``dice_variant`` from :mod:`okey.engine.traditional`.
"""

from okey.engine.traditional import dice_variant

__all__ = ["dice_variant"]
