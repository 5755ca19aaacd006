"""The Speaker with a fake output: queue, interrupt, history, verbosity, transcript, sounds."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

import pytest
from speech_samples import EN
from speech_support import FakeClock

from okey.speech import (
    DEFAULT_SPEECH_KEYS,
    Message,
    Speaker,
    SpeechCommand,
    SpeechMode,
    SpeechOutput,
    Text,
    Transcript,
    Verbosity,
    estimate_seconds,
    make_speaker,
    terminal_bell,
)
from okey.speech.readers import terminal_screen_reader

DISCARD = {"seat": "Left", "where": "on your left", "name": "Ayşe", "tile": "red 5"}


@dataclass
class FakeOutput:
    """Records what it was asked to speak."""

    name: str = "Fake speech"
    spoken: list[tuple[str, bool]] = field(default_factory=list)
    closed: int = 0
    fail: bool = False

    def speak(self, text: str, *, interrupt: bool) -> None:
        if self.fail:
            raise OSError("speech server gone")
        self.spoken.append((text, interrupt))

    def close(self) -> None:
        self.closed += 1


@dataclass
class Rig:
    speaker: Speaker
    output: FakeOutput
    lines: list[str]


def rig(
    mode: SpeechMode = SpeechMode.AUTO,
    verbosity: Verbosity = Verbosity.DETAILED,
    *,
    sounds: bool = True,
    transcript: Path | None = None,
) -> Rig:
    output = FakeOutput()
    lines: list[str] = []
    speaker = make_speaker(
        mode,
        transcript,
        lines.append,
        verbosity=verbosity,
        sounds=sounds,
        output_factory=lambda: output,
        catalogue=EN,
    )
    return Rig(speaker, output, lines)


def test_fake_is_a_speech_output() -> None:
    output: SpeechOutput = FakeOutput()
    assert output.name == "Fake speech"


def test_events_queue_and_replies_interrupt() -> None:
    r = rig()
    r.speaker.event("event.your_turn")
    r.speaker.reply("speech.sounds_on")
    r.speaker.event_text("Tiles (3): red 1, red 2, red 3.")
    r.speaker.reply_text("No spares.")
    assert r.output.spoken == [
        ("Your turn: draw from the middle or take the discard on your left.", False),
        ("Sounds on.", True),
        ("Tiles (3): red 1, red 2, red 3.", False),
        ("No spares.", True),
    ]


def test_one_answer_interrupts_once_then_queues() -> None:
    r = rig()
    r.speaker.event_text("Before.")
    with r.speaker.one_answer():
        r.speaker.event_text("First, queued.")
        r.speaker.reply_text("Cuts in.")
        with r.speaker.one_answer():  # nested: still the same answer
            r.speaker.reply_text("Queued after it.")
        r.speaker.reply_text("Queued too.")
    r.speaker.reply_text("A new answer cuts in again.")
    assert r.output.spoken == [
        ("Before.", False),
        ("First, queued.", False),
        ("Cuts in.", True),
        ("Queued after it.", False),
        ("Queued too.", False),
        ("A new answer cuts in again.", True),
    ]


def test_every_message_is_printed_as_spoken() -> None:
    r = rig()
    said = r.speaker.event("event.discard", **DISCARD)
    assert said == "Ayşe, on your left, discarded red 5"
    assert r.lines == [said]
    assert r.output.spoken == [(said, False)]


def test_say_accepts_messages_and_text() -> None:
    r = rig(verbosity=Verbosity.BRIEF)
    r.speaker.say(Message.of("event.discard", **DISCARD))
    r.speaker.say(Text("Pair: red 1, red 1."), interrupt=True)
    assert r.output.spoken == [("Left: red 5", False), ("Pair: red 1, red 1.", True)]


def test_verbosity_setting_and_toggle() -> None:
    r = rig(verbosity=Verbosity.BRIEF)
    assert r.speaker.event("event.discard", **DISCARD) == "Left: red 5"
    assert r.speaker.toggle_verbosity() is Verbosity.DETAILED
    assert r.output.spoken[-1] == ("Detailed messages.", True)
    assert r.speaker.event("event.discard", **DISCARD) == "Ayşe, on your left, discarded red 5"
    assert r.speaker.toggle_verbosity() is Verbosity.BRIEF
    assert r.output.spoken[-1] == ("Brief messages.", True)
    r.speaker.set_verbosity(Verbosity.DETAILED)
    assert r.speaker.verbosity is Verbosity.DETAILED
    assert r.output.spoken[-1] == ("Brief messages.", True)  # set quietly


def test_plain_keys_read_the_same_at_both_verbosities() -> None:
    r = rig(verbosity=Verbosity.BRIEF)
    assert r.speaker.event("hand.no_spares") == "No spares."
    r.speaker.set_verbosity(Verbosity.DETAILED)
    assert r.speaker.event("hand.no_spares") == "No spares."


def test_history_reads_interrupt_and_are_not_added() -> None:
    r = rig()
    for text in ("one", "two", "three"):
        r.speaker.event_text(text)
    r.output.spoken.clear()
    assert r.speaker.older() == "three"  # the first press repeats the newest
    assert r.speaker.older() == "two"
    assert r.speaker.older() == "one"
    assert r.speaker.older() == "Oldest: one"
    assert r.speaker.newer() == "two"
    assert r.speaker.newer() == "three"
    assert r.speaker.newer() == "Newest: three"
    assert r.speaker.oldest() == "Oldest: one"
    assert r.speaker.newest() == "Newest: three"
    assert all(interrupt for _, interrupt in r.output.spoken)
    assert len(r.output.spoken) == 9
    assert r.speaker.history.entries == ("one", "two", "three")


def test_history_read_is_printed_too() -> None:
    r = rig(SpeechMode.SCREEN_READER)
    r.speaker.event_text("one")
    r.speaker.older()
    assert r.lines == ["one", "one"]


def test_history_when_nothing_was_said() -> None:
    r = rig()
    for read in (r.speaker.older, r.speaker.newer, r.speaker.oldest, r.speaker.newest):
        assert read() == "Nothing said yet."
    assert len(r.speaker.history) == 0
    assert r.output.spoken == [("Nothing said yet.", True)] * 4


def test_newer_from_the_live_end_reads_the_newest() -> None:
    r = rig()
    r.speaker.event_text("one")
    r.speaker.event_text("two")
    assert r.speaker.newer() == "Newest: two"
    assert r.speaker.older() == "one"


def test_a_new_message_brings_the_review_back_to_the_live_end() -> None:
    r = rig()
    for text in ("one", "two", "three"):
        r.speaker.event_text(text)
    r.speaker.oldest()
    r.speaker.event_text("four")
    assert r.speaker.older() == "four"


def test_replies_and_announcements_are_kept_in_history() -> None:
    r = rig()
    r.speaker.event_text("one")
    r.speaker.toggle_sounds()
    assert r.speaker.history.entries == ("one", "Sounds off.")


def test_keys_run_commands() -> None:
    r = rig()
    r.speaker.event_text("one")
    r.speaker.event_text("two")
    heard = []
    for key in (",", ",", ",", ">", "<", "."):
        r.speaker.run(DEFAULT_SPEECH_KEYS[key])
        heard.append(r.output.spoken[-1][0])
    assert heard == ["two", "one", "Oldest: one", "Newest: two", "Oldest: one", "two"]
    r.speaker.run(DEFAULT_SPEECH_KEYS["v"])
    assert r.speaker.verbosity is Verbosity.BRIEF
    r.speaker.run(SpeechCommand.TOGGLE_SOUNDS)
    assert not r.speaker.sounds
    r.speaker.run(SpeechCommand.STATUS)
    assert r.output.spoken[-1] == (
        "Speech through Fake speech. Brief messages. Sounds off.",
        True,
    )


def test_every_command_runs() -> None:
    r = rig()
    for command in SpeechCommand:
        r.speaker.run(command)
    assert len(r.output.spoken) == len(SpeechCommand)


def test_transcript_has_one_line_per_message_as_spoken(tmp_path: Path) -> None:
    path = tmp_path / "transcript.txt"
    path.write_text("earlier game\n", encoding="utf-8")
    r = rig(transcript=path)
    r.speaker.event("event.discard", **DISCARD)
    assert path.read_text(encoding="utf-8").splitlines()[-1] == (
        "Ayşe, on your left, discarded red 5"
    )  # flushed before the next message
    r.speaker.reply_text("Run: red 1, red 2, red 3.\nNo spares.")
    r.speaker.older()
    r.speaker.close()
    assert path.read_text(encoding="utf-8").splitlines() == [
        "earlier game",
        "Ayşe, on your left, discarded red 5",
        "Run: red 1, red 2, red 3. No spares.",
        "Run: red 1, red 2, red 3. No spares.",
    ]


def test_transcript_after_close_is_ignored(tmp_path: Path) -> None:
    path = tmp_path / "t.txt"
    transcript = Transcript.open(path)
    transcript.write("a")
    transcript.close()
    transcript.write("b")
    assert path.read_text(encoding="utf-8") == "a\n"


def test_the_sounds_switch_is_said() -> None:
    r = rig()
    assert r.speaker.sounds
    assert r.speaker.toggle_sounds() is False
    assert r.output.spoken[-1] == ("Sounds off.", True)
    assert r.speaker.toggle_sounds() is True
    assert r.output.spoken[-1] == ("Sounds on.", True)


def test_sounds_setting_off_from_the_start() -> None:
    assert not rig(sounds=False).speaker.sounds


def test_the_terminal_bell_rings(capsys: pytest.CaptureFixture[str]) -> None:
    terminal_bell()  # what rings when there is no audio device (okey.audio.Sounds)
    assert capsys.readouterr().out == "\a"


@pytest.mark.parametrize("mode", [SpeechMode.SCREEN_READER, SpeechMode.OFF])
def test_printing_modes_never_voice(mode: SpeechMode) -> None:
    output = FakeOutput()
    lines: list[str] = []
    speaker = Speaker(mode, output, printer=lines.append, catalogue=EN)
    speaker.event("event.your_turn")
    speaker.reply("speech.sounds_on")
    speaker.older()
    speaker.toggle_verbosity()
    speaker.status()
    assert output.spoken == []
    assert not speaker.speaking
    assert speaker.route is None
    assert len(lines) == 5


@pytest.mark.parametrize("mode", [SpeechMode.SCREEN_READER, SpeechMode.OFF])
def test_printing_modes_do_not_look_for_speech(mode: SpeechMode) -> None:
    def no_lookup() -> FakeOutput:
        raise AssertionError("looked for speech")

    lines: list[str] = []
    make_speaker(mode, printer=lines.append, output_factory=no_lookup, catalogue=EN).event(
        "event.your_turn"
    )
    assert lines == ["Your turn: draw from the middle or take the discard on your left."]


def test_status_of_each_mode() -> None:
    texts = []
    for mode in SpeechMode:
        lines: list[str] = []
        make_speaker(mode, printer=lines.append, output_factory=lambda: None, catalogue=EN).status()
        texts.append(lines[-1])
    assert texts == [
        "No speech found; printing only. Detailed messages. Sounds on.",  # auto
        "No speech found; printing only. Detailed messages. Sounds on.",  # voice
        "Printing for your screen reader. Detailed messages. Sounds on.",
        "Speech off; printing only. Detailed messages. Sounds on.",
    ]


def test_auto_prints_only_when_a_screen_reader_reads_the_terminal() -> None:
    output = FakeOutput()
    lines: list[str] = []

    def speaker(mode: SpeechMode, reader: str | None) -> Speaker:
        lines.clear()
        return make_speaker(
            mode,
            printer=lines.append,
            output_factory=lambda: output,
            reader_finder=lambda: reader,
            catalogue=EN,
        )

    found = speaker(SpeechMode.AUTO, "Orca")
    assert found.mode is SpeechMode.SCREEN_READER and not found.speaking
    assert lines == [
        "Orca is running and reads the terminal, so okey prints for it and does not speak as "
        "well. To hear okey's own voice too: okey settings speech voice."
    ]
    assert speaker(SpeechMode.VOICE, "Orca").speaking  # voice speaks whatever runs
    assert speaker(SpeechMode.AUTO, None).speaking
    assert lines == []  # nothing to say when okey speaks through its route
    assert not speaker(SpeechMode.SCREEN_READER, None).speaking


def test_screen_readers_are_found_by_program_or_by_speakup(tmp_path: Path) -> None:
    proc = tmp_path / "proc"
    for pid, line in {"12": b"/usr/bin/python3\0/usr/bin/orca\0", "7": b"bash\0"}.items():
        (proc / pid).mkdir(parents=True)
        (proc / pid / "cmdline").write_bytes(line)
    (proc / "self").mkdir()
    nothing = tmp_path / "no-speakup"
    desktop = {"WAYLAND_DISPLAY": "wayland-0"}
    assert terminal_screen_reader(proc, nothing, desktop) == "Orca"
    assert terminal_screen_reader(proc, nothing, {}) is None  # Orca reads desktop terminals
    (proc / "12" / "cmdline").write_bytes(b"/usr/bin/python3\0-u\0/usr/bin/orca\0")
    assert terminal_screen_reader(proc, nothing, desktop) == "Orca"
    (proc / "12" / "cmdline").write_bytes(b"/usr/local/bin/fenrir-daemon\0-f\0")
    assert terminal_screen_reader(proc, nothing, {}) == "Fenrir"
    (proc / "12" / "cmdline").write_bytes(b"vim\0orca.txt\0")
    assert terminal_screen_reader(proc, nothing, desktop) is None
    speakup = tmp_path / "speakup"
    speakup.mkdir()
    assert terminal_screen_reader(proc, speakup, {}) == "Speakup"
    assert terminal_screen_reader(tmp_path / "no-proc", nothing, desktop) is None


def test_a_speaker_made_again_does_not_repeat_the_route_notices() -> None:
    lines: list[str] = []
    make_speaker(printer=lines.append, output_factory=lambda: None, announce=False, catalogue=EN)
    make_speaker(
        printer=lines.append,
        output_factory=FakeOutput,
        reader_finder=lambda: "Orca",
        announce=False,
        catalogue=EN,
    )
    assert lines == []


def test_no_route_is_said_once_and_printing_carries_on() -> None:
    lines: list[str] = []
    speaker = make_speaker(
        "auto", printer=lines.append, verbosity="brief", output_factory=lambda: None, catalogue=EN
    )
    speaker.event("event.your_turn")
    speaker.event("event.your_turn")
    assert lines == ["No speech found; printing only.", "Your turn.", "Your turn."]
    assert not speaker.speaking
    assert speaker.history.entries[0] == "No speech found; printing only."


def test_no_route_detailed_says_what_to_do() -> None:
    lines: list[str] = []
    make_speaker(printer=lines.append, output_factory=lambda: None, catalogue=EN)
    assert lines == [EN.variant("speech.no_route", Verbosity.DETAILED)]


def test_a_route_is_not_announced() -> None:
    r = rig()
    assert r.lines == []
    assert r.speaker.speaking
    assert r.speaker.route == "Fake speech"


def test_failing_output_is_dropped_with_one_notice() -> None:
    r = rig()
    r.speaker.event_text("one")
    r.output.fail = True
    r.speaker.event_text("two")
    r.speaker.event_text("three")
    assert r.output.spoken == [("one", False)]
    assert r.lines == ["one", "two", "Speech stopped working; printing only.", "three"]
    assert r.output.closed == 1
    assert not r.speaker.speaking


def test_close_closes_output_once_and_then_only_prints() -> None:
    r = rig()
    with r.speaker as speaker:
        speaker.event_text("one")
    r.speaker.close()
    assert r.output.closed == 1
    r.speaker.event_text("two")
    assert r.output.spoken == [("one", False)]
    assert r.lines == ["one", "two"]


def test_attach_moves_lines_to_the_front_end() -> None:
    r = rig()
    later_lines: list[str] = []
    r.speaker.attach(printer=later_lines.append)
    r.speaker.event_text("one")
    assert r.lines == []
    assert later_lines == ["one"]


def test_default_printer_prints_lines(capsys: pytest.CaptureFixture[str]) -> None:
    speaker = make_speaker(SpeechMode.SCREEN_READER, catalogue=EN)
    speaker.event("event.your_turn")
    assert capsys.readouterr().out == (
        "Your turn: draw from the middle or take the discard on your left.\n"
    )


def test_unknown_mode_is_refused() -> None:
    with pytest.raises(ValueError):
        make_speaker("loud", catalogue=EN)


def test_backlog_estimates_queued_speech_and_interrupt_resets_it() -> None:
    fake = FakeOutput()
    speaker = Speaker(SpeechMode.AUTO, fake, printer=lambda _text: None, catalogue=EN)
    assert speaker.backlog() == 0.0
    speaker.event_text("Ayşe, on your left, discards red 5.")
    first = speaker.backlog()
    speaker.event_text("Mehmet, across from you, draws from the pile and discards black 9.")
    assert speaker.backlog() > first > 0
    speaker.reply_text("Pile: 40 tiles.")
    assert 0 < speaker.backlog() < first


def test_the_estimate_is_a_pause_a_message_plus_the_characters_at_espeaks_rate() -> None:
    assert estimate_seconds("") == pytest.approx(0.3)
    assert estimate_seconds("x" * 15) == pytest.approx(1.3)
    clock = FakeClock()
    speaker = Speaker(
        SpeechMode.AUTO, FakeOutput(), printer=lambda _text: None, clock=clock, catalogue=EN
    )
    speaker.event_text("Your turn.")
    speaker.event_text("Ayşe, on your left, discards red 5.")
    assert speaker.backlog() == pytest.approx(
        estimate_seconds("Your turn.") + estimate_seconds("Ayşe, on your left, discards red 5.")
    )
    clock.now += estimate_seconds("Your turn.")
    assert speaker.backlog() == pytest.approx(
        estimate_seconds("Ayşe, on your left, discards red 5.")
    )


def test_no_backlog_when_not_voicing() -> None:
    speaker = Speaker(
        SpeechMode.SCREEN_READER, FakeOutput(), printer=lambda _text: None, catalogue=EN
    )
    speaker.event_text("Ayşe, on your left, discards red 5.")
    assert speaker.backlog() == 0.0


def test_a_line_said_ahead_is_not_said_again_when_its_front_end_says_it(tmp_path: Path) -> None:
    path = tmp_path / "transcript.txt"
    r = rig(transcript=path)
    with r.speaker.ahead():
        r.speaker.event_text("Okey, classic table.")
    r.speaker.event_text("A notice that came between.")
    r.speaker.event_text("Okey, classic table.")  # the front end's own first line: once
    r.speaker.event_text("Okey, classic table.")  # said again later: said
    said = ["Okey, classic table.", "A notice that came between.", "Okey, classic table."]
    assert [text for text, _ in r.output.spoken] == said
    assert r.lines == said
    assert list(r.speaker.history.entries) == said
    r.speaker.close()
    assert path.read_text(encoding="utf-8").splitlines()[:3] == said
