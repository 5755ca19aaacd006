"""The table lets bots wait for the voice: by its "finished" signal when it has one."""

from __future__ import annotations

import asyncio
import threading
from dataclasses import dataclass, field

from speech_support import FakeClock
from test_table_rig import FakeOutput, Player, make_rig, play

from okey.table.state.session import Step

HAND = "r1 k5 y9 b2 b7 k11 k12 y3 y4 r9 b10 b10 k1 y1 r2"  # no okey (indicator r5)


@dataclass
class HeldVoice(FakeOutput):
    """A recording output with a "finished" signal the test holds and releases."""

    released: threading.Event = field(default_factory=threading.Event)

    def busy(self) -> bool:
        return not self.released.is_set()

    def wait_quiet(self, timeout: float) -> bool:
        return self.released.wait(timeout)


def test_bots_wait_for_the_voice_past_the_estimate_and_go_when_it_is_quiet() -> None:
    voice = HeldVoice()
    clock = FakeClock(0.0)
    # A long grace: here the signal is slow on purpose, and must not be given up.
    rig = make_rig(
        hands={0: HAND},
        indicator="r5",
        dealer=0,
        output=voice,
        speech_clock=clock,
        finish_grace=1e9,
    )
    session = rig.table.session

    async def script(player: Player) -> None:
        await player.heard("table.your_turn.open")
        voice.released.clear()
        await player.press("space")
        await player.heard("table.you_discard")
        await player.until(lambda: session.step() is Step.BOT, "the bots' turn")
        version = session.version
        clock.now += 1000.0  # the estimate has long said quiet; the voice has not
        await asyncio.sleep(0.3)
        assert session.version == version, "a bot moved while the voice was speaking"
        voice.released.set()
        await player.until(lambda: session.version > version, "a bot's move")

    play(rig, script, pace=0.01)


def test_bots_go_as_soon_as_the_voice_is_quiet_however_long_the_estimate() -> None:
    voice = HeldVoice()
    voice.released.set()
    rig = make_rig(hands={0: HAND}, indicator="r5", dealer=0, output=voice)
    session = rig.table.session

    async def script(player: Player) -> None:
        await player.heard("table.your_turn.open")
        rig.table.speaker.event_text("A very long story. " * 50)  # an estimate of a minute
        assert rig.table.speaker.quiet
        await player.press("space")
        await player.until(lambda: session.step() is not Step.PLAYER, "the bots' turn")
        # The rig fails the wait after 10 s; the estimate alone would hold the bots 60 s.
        await player.until(lambda: session.step() is Step.PLAYER, "the bots' moves")

    play(rig, script, pace=0.01)
