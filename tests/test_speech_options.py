"""The speech options a command line adds, and the Speaker built from them."""

from __future__ import annotations

import argparse
from pathlib import Path

import pytest
from speech_samples import EN

from okey.speech import (
    SpeechMode,
    Verbosity,
    add_speech_options,
    speaker_from_args,
)


def parse(*argv: str) -> argparse.Namespace:
    parser = argparse.ArgumentParser(prog="okey")
    add_speech_options(parser, catalogue=EN)
    return parser.parse_args(argv)


def test_defaults() -> None:
    args = parse()
    assert (args.speech, args.transcript, args.verbosity, args.sounds) == (
        "auto",
        None,
        "detailed",
        True,
    )


def test_all_options(tmp_path: Path) -> None:
    path = tmp_path / "said.txt"
    args = parse(
        "--speech",
        "screen-reader",
        "--transcript",
        str(path),
        "--verbosity",
        "brief",
        "--no-sounds",
    )
    lines: list[str] = []
    speaker = speaker_from_args(args, EN, lines.append)
    assert speaker.mode is SpeechMode.SCREEN_READER
    assert speaker.verbosity is Verbosity.BRIEF
    assert not speaker.sounds
    speaker.event("event.your_turn")
    speaker.close()
    assert lines == ["Your turn."]
    assert path.read_text(encoding="utf-8") == "Your turn.\n"


def test_auto_mode_uses_the_output_factory() -> None:
    lines: list[str] = []
    speaker = speaker_from_args(parse(), EN, lines.append, output_factory=lambda: None)
    assert lines == [
        "No speech found; printing only. Start your screen reader, "
        "or on Linux install speech-dispatcher."
    ]
    assert speaker.mode is SpeechMode.AUTO


def test_bad_mode_is_an_error(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        parse("--speech", "loud")
    assert "invalid choice" in capsys.readouterr().err


def test_help_mentions_every_option(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        parse("--help")
    out = capsys.readouterr().out
    for option in ("--speech", "--transcript", "--verbosity", "--no-sounds"):
        assert option in out
