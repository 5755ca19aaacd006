import os
from collections.abc import Iterator

import bytecode_cache  # noqa: F401  (first of the tests' own modules: it sets where bytecode goes)
import pytest
from hypothesis import HealthCheck, settings
from sounds_support import Recorded

settings.register_profile(
    "default", deadline=None, suppress_health_check=[HealthCheck.too_slow], max_examples=100
)
settings.register_profile(
    "thorough", deadline=None, suppress_health_check=[HealthCheck.too_slow], max_examples=2000
)
settings.load_profile(os.environ.get("OKEY_HYPOTHESIS_PROFILE", "default"))


@pytest.fixture(autouse=True)
def _own_settings_file(tmp_path_factory: pytest.TempPathFactory) -> Iterator[None]:
    """Every test (and every game it starts) reads its own empty settings file, never the
    settings of the person running the tests."""
    folder = tmp_path_factory.mktemp("settings")
    saved = os.environ.get("OKEY_SETTINGS")
    os.environ["OKEY_SETTINGS"] = str(folder / "settings.toml")
    yield
    if saved is None:
        os.environ.pop("OKEY_SETTINGS", None)
    else:
        os.environ["OKEY_SETTINGS"] = saved


@pytest.fixture(autouse=True)
def _own_sound_pack_folder(
    tmp_path_factory: pytest.TempPathFactory, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Every test looks for a player's own sound pack in an empty folder of its own, never
    in the person's running the tests."""
    monkeypatch.setenv("OKEY_SOUNDS", str(tmp_path_factory.mktemp("sounds")))


@pytest.fixture(autouse=True)
def _no_real_sound_device(request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch) -> None:
    """No test plays on the sound card of the person or machine running it: a game a test
    starts (here or in a terminal of its own) plays through miniaudio's null backend,
    which takes the sound at a card's pace and plays it nowhere, the same on every
    machine. Tests of real audio ask for the ``pulse`` fixture (a headless PulseAudio of
    their own) and are left to it; tables built in a test have no sound device at all
    (``okey.audio.Silent``) unless the test gives them one."""
    if "pulse" not in request.fixturenames:
        monkeypatch.setenv("OKEY_AUDIO_BACKEND", "null")


@pytest.fixture
def recorded_sounds() -> Recorded:
    """The table's sounds, recorded: give it to a table with ``voice.use_sounds``."""
    return Recorded()


@pytest.fixture(autouse=True)
def _plain_locale(monkeypatch: pytest.MonkeyPatch) -> None:
    """Tests run in the C locale, so a developer's Turkish system does not make okey speak
    Turkish where a test expects English (tests of the locale pass their own)."""
    for name in ("LC_ALL", "LC_MESSAGES", "LANGUAGE", "OKEY_LANGUAGE"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("LANG", "C.UTF-8")


@pytest.fixture(autouse=True)
def _no_screen_reader_found(monkeypatch: pytest.MonkeyPatch) -> None:
    """Tests see no Orca or Fenrir, even on a developer's machine where one runs: ``auto``
    speech would print only there (tests that need a reader pass their own finder)."""
    monkeypatch.setattr("okey.speech.readers.terminal_screen_reader", lambda: None)
    monkeypatch.setattr("okey.speech.readers.screen_reader", lambda platform=None: None)
