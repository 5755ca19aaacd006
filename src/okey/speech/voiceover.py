"""VoiceOver (macOS): running, and willing to be spoken through?

accessible-output2 speaks through VoiceOver with AppleScript
(``tell application "VoiceOver" to output ...``). VoiceOver takes such
commands only when "Allow VoiceOver to be controlled with AppleScript" is on
(VoiceOver Utility, General), and macOS may also ask whether the terminal
may control VoiceOver (Privacy & Security, Automation). Without both, every
``output`` fails and there is no speech; okey then speaks with ``say``.
"""

from __future__ import annotations

from typing import Any, Final

VOICEOVER: Final = "VoiceOver"


def is_voiceover(output: Any) -> bool:
    return (
        type(output).__module__.endswith(".voiceover") or getattr(output, "name", "") == VOICEOVER
    )


def voiceover_refuses(output: Any) -> bool:
    """True for a running VoiceOver that does not take okey's words through AppleScript.

    The check is an empty ``output``: nothing is heard, and it fails exactly as
    speaking would."""
    if not is_voiceover(output):
        return False
    try:
        if not output.is_active():
            return False
        output.app.output("")
    except Exception:  # appscript's CommandError: the setting is off, or Automation refused
        return True
    return False
