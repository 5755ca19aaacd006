"""okey: an accessible terminal Okey game, played by ear or at a keyboard."""

__version__ = "0.1.0"

from okey import legacy as _legacy

_legacy.install()
