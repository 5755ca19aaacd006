"""The fuzz suite of issue 18: every file okey reads (rules, match logs, settings, hand
batches, saves) damaged by hypothesis from a corpus of good files, and every command's
arguments drawn from a hostile vocabulary, run through ``okey``'s own ``main``.

Whatever it is given, okey ends with an exit status: 0, or one line on standard error
that starts ``okey: `` and is not the catch-all "something unexpected" (that one means a
bug was caught); never a traceback; the file it read is unchanged; and each case ends
within :data:`LIMIT` seconds (an alarm, where the system has one). The budget is small
for CI (``OKEY_HYPOTHESIS_PROFILE=thorough`` runs many more); the real process, FIFOs,
closed standard input and full disks are ``test_hardening_attacks.py``'s.
"""

from __future__ import annotations

import json
import math
import os
import tempfile
from collections.abc import Iterator, Sequence
from pathlib import Path

import pytest
from hardening_support import okey_here
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

ROOT = Path(__file__).parent.parent
FIXTURES = Path(__file__).parent / "fixtures" / "v0.1"
LIMIT = 20
UNEXPECTED = "something unexpected went wrong"
THOROUGH = os.environ.get("OKEY_HYPOTHESIS_PROFILE", "default") != "default"
BUDGET = settings(
    max_examples=300 if THOROUGH else 12,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture],
)


def run_okey(args: Sequence[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, str, str]:
    run = okey_here(args, capsys, LIMIT)
    assert run.status is not None
    return run.status, run.out, run.err


def judged(
    args: Sequence[str], capsys: pytest.CaptureFixture[str], *, a_report: bool = False
) -> tuple[int, str]:
    """Run okey and check its ending as the issue asks; the status and standard output.
    ``a_report``: a batch that says what is wrong with each line on standard output, and
    exits 1 with nothing on standard error when a line was wrong (``okey hand --batch``)."""
    status, out, err = run_okey(args, capsys)
    assert "Traceback" not in out + err
    assert UNEXPECTED not in err, err
    lines = [line for line in err.splitlines() if line.strip()]
    if a_report and status == 1 and not lines:
        assert out.strip()
        return status, out
    if status != 0:
        assert len(lines) == 1, err
        assert lines[0].startswith("okey: "), err
    return status, out


def damaged(draw: st.DrawFn, good: bytes) -> bytes:
    """``good`` cut, with bytes flipped, inserted or deleted, or lines swapped."""
    how = draw(st.sampled_from(["cut", "flip", "insert", "lines", "text"]))
    if how == "cut":
        return good[: draw(st.integers(0, len(good)))]
    if how == "flip":
        changed = bytearray(good)
        for _ in range(draw(st.integers(1, 4))):
            where = draw(st.integers(0, len(changed) - 1))
            changed[where] ^= draw(st.integers(1, 255))
        return bytes(changed)
    if how == "insert":
        where = draw(st.integers(0, len(good)))
        return good[:where] + draw(HOSTILE_BYTES) + good[where + draw(st.integers(0, 8)) :]
    lines = good.split(b"\n")
    if how == "lines":
        one, two = draw(st.integers(0, len(lines) - 1)), draw(st.integers(0, len(lines) - 1))
        lines[one], lines[two] = lines[two], lines[one]
        return b"\n".join(lines)
    where = draw(st.integers(0, len(lines) - 1))
    lines[where] = draw(HOSTILE_TEXT).encode("utf-8", "surrogatepass")
    return b"\n".join(lines)


HOSTILE_TEXT = st.sampled_from(
    [
        "",
        "\x1b[2J\x1b[H",
        "round 999999999999999999999 dealer 0",
        "9" * 5000,
        "[" * 5000,
        "nan",
        "inf",
        "-1e308",
        "\x00\x00",
        '"\\u0000"',
        "deck " + "r1 " * 200,
        'name = "x"\ndescription = "y"',
        "[table]\nplayers = 99",
        "r5: " + "fj " * 30,
    ]
) | st.text(max_size=30)
HOSTILE_BYTES = st.sampled_from([b"\xff\xfe", b"\x00", b"\r", b"\n" * 3, b"\xc3"]) | st.binary(
    max_size=8
)


@st.composite
def damaged_file(draw: st.DrawFn, corpus: Sequence[Path]) -> bytes:
    return damaged(draw, draw(st.sampled_from(list(corpus))).read_bytes())


@st.composite
def damaged_bytes(draw: st.DrawFn, good: bytes) -> bytes:
    return damaged(draw, good)


def _written(contents: bytes, name: str) -> Iterator[Path]:
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / name
        path.write_bytes(contents)
        yield path
        assert path.read_bytes() == contents  # read, never changed
        assert [item.name for item in Path(folder).iterdir()] == [name]


RULES = sorted((ROOT / "rules").glob("*.toml"))
LOGS = sorted(FIXTURES.glob("*.okeylog"))
SAVES = sorted(FIXTURES.glob("*.json"))


@BUDGET
@given(damaged_file(RULES))
def test_damaged_rules_files(capsys: pytest.CaptureFixture[str], contents: bytes) -> None:
    for path in _written(contents, "mine.toml"):
        judged(["rules", str(path)], capsys)
        judged(["simulate", "--rounds", "1", "--rules", str(path), "--json"], capsys)


@BUDGET
@given(damaged_file(LOGS), st.sampled_from([[], ["--seat", "1"], ["--seat", "99"]]))
def test_damaged_match_logs(
    capsys: pytest.CaptureFixture[str], contents: bytes, seat: list[str]
) -> None:
    for path in _written(contents, "match.okeylog"):
        judged(["replay", *seat, str(path)], capsys)


BATCH = b"r5: r1 r2 r3 b4 b5 b6 k7 k8 k9 y9 y10 y11 y12 b1\nk1: fj fj r1 r1 r2 r3\n"


@BUDGET
@given(damaged_bytes(BATCH))
def test_damaged_hand_batches(capsys: pytest.CaptureFixture[str], contents: bytes) -> None:
    for path in _written(contents, "hands.txt"):
        judged(["hand", "--batch", str(path)], capsys, a_report=True)
        judged(["hand", "--json", "--batch", str(path)], capsys, a_report=True)


SETTINGS = (
    b'language = "en"\npace = 0.5\nspeech = "off"\nverbosity = "brief"\nsaves = "s"\n'
    b'level = "easy"\nrules = "classic"\n'
)


@BUDGET
@given(damaged_bytes(SETTINGS))
def test_damaged_settings_files(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, contents: bytes
) -> None:
    for path in _written(contents, "settings.toml"):
        monkeypatch.setenv("OKEY_SETTINGS", str(path))
        status, _ = judged(["rules"], capsys)
        assert status == 0  # a bad settings file is a warning, never a refusal


@BUDGET
@given(damaged_file(SAVES), st.sampled_from(["saves", "review", "resume"]))
def test_damaged_saves_through_the_commands(
    capsys: pytest.CaptureFixture[str], contents: bytes, command: str
) -> None:
    for path in _written(contents, "game.json"):
        folder = str(path.parent)
        args = [command, "--saves", folder] + ([] if command == "saves" else ["game"])
        judged(args, capsys)


# -- every command's arguments ---------------------------------------------------------

VALUES = st.sampled_from(
    [
        "nan",
        "inf",
        "-inf",
        "1e308",
        "-1",
        "0",
        "3",
        "99",
        "9" * 5000,
        "0x10",
        "1_000",
        "",
        " ",
        "\x1b[2J",
        "r5",
        "fj",
        "classic",
        "no-such-rules",
        "easy,easy,easy,easy",
        "easy,easy",
        "process:",
        "process:nope:x",
        "grandmaster",
        "/dev/zero",
        "/proc/self/mem",
        "/",
        "../../etc/passwd",
    ]
)
OPTIONS: dict[str, list[str]] = {
    "rules": [],
    "simulate": ["--rounds", "--seats", "--rules", "--seed"],
    "replay": ["--seat"],
    "hand": ["--indicator", "--rules", "--batch"],
    "saves": ["--saves"],
    "review": ["--saves", "--move"],
    "play": ["--pace", "--seed", "--level", "--rules", "--seats", "--saves"],
    "resume": ["--pace", "--saves"],
    "daily": ["--pace", "--saves"],
    "tutorial": ["--pace"],
    "settings": [],
}


@st.composite
def command_lines(draw: st.DrawFn) -> list[str]:
    command = draw(st.sampled_from(sorted(OPTIONS)))
    line = [command]
    options = OPTIONS[command]
    for _ in range(draw(st.integers(0, 3))):
        with_option: bool = bool(options) and draw(st.booleans())
        if with_option:
            line.append(draw(st.sampled_from(options)))
        line.append(draw(VALUES))
    if command == "simulate" and "--rounds" not in line:
        line += ["--rounds", "1"]  # 100 rounds would be slow, not wrong
    return line


@settings(BUDGET, max_examples=1500 if THOROUGH else 60)
@given(command_lines())
@example(["resume", "/"])  # found by this test: a path with no file name
@example(["simulate", "--rounds", "9" * 5000])  # too long for int() to read
@example(["hand", "--batch", "/etc/passwd"])  # a real text file, not hands
def test_hostile_command_lines(capsys: pytest.CaptureFixture[str], line: list[str]) -> None:
    with tempfile.TemporaryDirectory() as folder:
        line = [*line, "--saves", folder] if line[0] in {"play", "resume", "daily"} else line
        if "--rounds" in line:
            at = line.index("--rounds") + 1
            given = line[at] if at < len(line) else ""
            # (a number too long for int() to read is more than 3 too)
            if given.isdigit() and (len(given) > 4 or int(given) > 3):
                line[at] = "3"  # a long simulation is slow, not wrong
        # A batch that names a real text file (../../etc/passwd from a checkout two
        # folders below /) says what is wrong with each line, on standard output.
        judged(line, capsys, a_report=line[0] == "hand" and "--batch" in line)


@pytest.mark.parametrize("value", [math.nan, math.inf, 1e308, -0.5, "fast", None, True])
def test_a_save_s_pace_is_checked_by_the_one_checker(
    value: object, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    doc = json.loads((FIXTURES / "classic-mid-turn.json").read_text(encoding="utf-8"))
    doc["settings"]["pace"] = value
    (tmp_path / "game.json").write_text(json.dumps(doc), encoding="utf-8")
    for command in ("resume", "review"):
        status, _ = judged([command, "--saves", str(tmp_path), "game"], capsys)
        assert status != 0


def test_a_refused_number_is_said_in_the_player_s_language(
    capsys: pytest.CaptureFixture[str],
) -> None:
    status, _ = judged(["--language", "tr", "play", "--pace", "nan"], capsys)
    assert status == 2
    status, _, err = run_okey(["--language", "tr", "simulate", "--rounds", "0"], capsys)
    assert status == 2 and "olmal\u0131" in err  # "must be", in Turkish
