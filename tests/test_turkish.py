# ruff: noqa: RUF001  (Turkish text has a dotless i, which is no confusable here)
"""The Turkish catalogue and choosing a language: --language, okey settings, $OKEY_LANGUAGE."""

from __future__ import annotations

import asyncio
import re
from collections.abc import Iterator
from pathlib import Path

import pytest
from prompt_toolkit.input import create_pipe_input
from prompt_toolkit.output import DummyOutput
from test_table_rig import WAIT, Player, Script, make_rig

from okey.cli import choose_language, main, take_language
from okey.hand.notation import parse_tile
from okey.messages import LANGUAGES, load_catalogue
from okey.preferences import BY_KEY, settings_path
from okey.speech import Ao2Output
from okey.speech.dispatcher import ask_language
from okey.table.keys import Command, KeyNames
from okey.table.terminal.app import play_async

# Texts that are rightly the same in both languages: program and key names, the bots'
# names, and "okey" itself, which is the Turkish word.
SAME_IN_BOTH = {
    "cli.error",
    "tile.okey",
    "table.find.okeys",
    "rules.set.salon.name",  # "salon" is a Turkish word too
    "salon.game.okey",  # the game's name, Okey in both
    "start.title",
    "table.screen.title.none",
    "table.screen.okey_mark",
    "table.bot_names",
    "table.bot_names.spare",
    "story.name.deniz",  # a neighbour's name, with no title to translate
    "key.home",
    "key.end",
    "key.enter",
    "key.escape",
    "key.tab",
    "key.s-tab",
    "key.pageup",
    "key.pagedown",
    "key.delete",
    "key.insert",
}

EN = load_catalogue("en")
TR = load_catalogue("tr")


@pytest.fixture(autouse=True)
def _english_again(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """No test hears the language of the machine it runs on."""
    monkeypatch.delenv("OKEY_LANGUAGE", raising=False)
    yield


def test_no_turkish_text_is_the_english_one_left_untranslated() -> None:
    english, turkish = load_catalogue("en").entries, load_catalogue("tr").entries
    same = {where for where in english if turkish.get(where) == english[where]}
    words = {
        key
        for (context, key) in same
        if any(
            re.search(r"[a-z]", re.sub(r"\{[^}]*\}", "", form))
            for form in english[context, key].forms
        )
    }
    assert words <= SAME_IN_BOTH, sorted(words - SAME_IN_BOTH)


def test_turkish_plurals_and_exact_numbers() -> None:
    turkish = load_catalogue("tr")
    assert turkish.text("table.hint.left", count=0) == "Bu son ipucundu."
    assert turkish.text("table.hint.left", count=1) == "1 ipucu kaldı."
    assert turkish.text("table.hint.left", count=2) == "2 ipucu kaldı."
    assert turkish.text("table.copies.held", count=2) == "ikisi de elinde"
    assert turkish.text("rules.fixed", count=1) == "Oyun tek eldir; en yüksek puan kazanır."
    assert turkish.text("rules.fixed", count=7) == "Oyun 7 el sürer; en yüksek puan kazanır."


def test_turkish_capitals_keep_the_dot() -> None:
    turkish = load_catalogue("tr")
    assert turkish.capitalise("istanbul") == "İstanbul"
    assert turkish.capitalise("ılgaz") == "Ilgaz"
    assert turkish.upper("iki ışık") == "İKİ IŞIK"


def test_each_catalogue_speaks_its_own_language_side_by_side() -> None:
    """No catalogue is shared and switched: a Turkish and an English one at once."""
    tile = parse_tile("r6")
    assert TR.language == "tr" and EN.language == "en"
    assert TR.tile(tile) == "kırmızı 6"
    assert TR.tile(tile, okey=tile) == "kırmızı 6 okey"
    assert TR.tile(parse_tile("fj"), okey=tile) == "kırmızı 6 sahte"
    assert TR.text("table.why.not_your_turn", name="Ayşe") == "Sıra: Ayşe."
    assert EN.tile(tile) == "red 6"
    assert load_catalogue("tr") is TR  # made once


def test_key_names_and_defaults_are_worded_by_the_catalogue_given() -> None:
    assert KeyNames(EN)[Command.LEFT] == "Left"
    assert BY_KEY["name"].default(EN) == "You"
    assert KeyNames(TR)[Command.LEFT] == "Sol ok"
    assert KeyNames(TR)[Command.SAVE] == "Kontrol+S"
    assert KeyNames(TR)[Command.DRAW] == "P"
    assert BY_KEY["name"].default(TR) == "Sen"


# -- the command line ------------------------------------------------------------------


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    status = main(list(argv))
    out, err = capsys.readouterr()
    return status, out, err


def test_the_language_option_is_taken_out_wherever_it_stands() -> None:
    assert take_language(["--language", "tr", "rules"]) == (["rules"], "tr")
    assert take_language(["rules", "--language=tr", "classic"]) == (["rules", "classic"], "tr")
    assert take_language(["rules"]) == (["rules"], None)
    assert take_language(["rules", "--language"]) == (["rules"], "")
    assert take_language(["hand", "--", "--language"]) == (["hand", "--", "--language"], None)


def test_rules_are_explained_in_turkish(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(capsys, "--language", "tr", "rules", "classic")
    assert status == 0
    assert "4 oyuncu." in out.splitlines()
    assert "Herkes 20 puanla başlar, başkaları bitirince puan kaybeder." in out
    assert "players" not in out.split("\n", 1)[1]
    status, out, _ = run(capsys, "rules", "classic")
    assert "4 players." in out.splitlines()


def test_help_texts_follow_the_language(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        main(["--language", "tr", "--help"])
    out = capsys.readouterr().out
    assert "Terminal için erişilebilir bir Okey oyunu" in out
    assert "kural takımlarını listele" in out
    with pytest.raises(SystemExit):
        main(["play", "--help", "--language=tr"])
    assert "masadaki adın" in capsys.readouterr().out
    with pytest.raises(SystemExit):
        main(["--help"])
    assert "list the rule sets" in capsys.readouterr().out


def test_a_bad_language_is_one_clear_line(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, err = run(capsys, "--language", "xx", "rules", "classic")
    assert status == 2
    assert out == ""
    assert err == "okey: 'xx' is not a known language (known: en, tr)\n"
    status, out, err = run(capsys, "rules", "--language")
    assert status == 2
    assert err == "okey: '' is not a known language (known: en, tr)\n"


def test_the_setting_and_the_environment_choose_too(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("OKEY_LANGUAGE", "tr")
    assert "4 oyuncu." in run(capsys, "rules", "classic")[1]
    status, _, _ = run(capsys, "settings", "language", "en")
    assert status == 0
    assert 'language = "en"' in settings_path().read_text()
    assert "4 players." in run(capsys, "rules", "classic")[1]  # settings beat the environment
    assert run(capsys, "settings", "language", "tr")[0] == 0
    monkeypatch.delenv("OKEY_LANGUAGE")
    assert "4 oyuncu." in run(capsys, "rules", "classic")[1]
    assert "4 players." in run(capsys, "--language", "en", "rules", "classic")[1]  # the option
    assert run(capsys, "settings", "language", "--reset")[0] == 0
    assert "4 players." in run(capsys, "rules", "classic")[1]  # English by default


def test_precedence_option_settings_environment_locale_english() -> None:
    assert choose_language("en", {"language": "tr"}, {"OKEY_LANGUAGE": "tr"}) == "en"
    assert choose_language(None, {"language": "tr"}, {"OKEY_LANGUAGE": "en"}) == "tr"
    assert choose_language(None, {}, {"OKEY_LANGUAGE": "tr"}) == "tr"
    assert choose_language(None, {}, {"LANG": "tr_TR.UTF-8"}) == "tr"
    assert choose_language(None, {}, {"OKEY_LANGUAGE": "en", "LANG": "tr_TR.UTF-8"}) == "en"
    assert choose_language(None, {}, {"LANG": "C.UTF-8"}) == "en"
    assert choose_language(None, {}, {"LANG": "de_DE.UTF-8"}) == "en"


def test_a_bad_setting_or_environment_value_is_one_line(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    status, _, err = run(capsys, "settings", "language", "xx")
    assert status == 2
    assert err == "okey: language cannot be xx (it can be: en, tr)\n"
    monkeypatch.setenv("OKEY_LANGUAGE", "klingon")
    status, out, err = run(capsys, "rules", "classic")
    assert status == 0
    assert "4 players." in out
    assert err.splitlines() == [
        "okey: OKEY_LANGUAGE is 'klingon', not a known language (known: en, tr): it is passed over"
    ]


def test_the_settings_list_names_the_language(capsys: pytest.CaptureFixture[str]) -> None:
    out = run(capsys, "settings")[1]
    assert "language: en (the default)" in out
    out = run(capsys, "--language", "tr", "settings")[1]
    assert "language: en (varsayılan)" in out
    assert set(LANGUAGES) == {"en", "tr"}


# -- speech ----------------------------------------------------------------------------


class FakeClient:
    def __init__(self, *, refuses: bool = False) -> None:
        self.refuses = refuses
        self.languages: list[str] = []

    def set_language(self, language: str) -> None:
        if self.refuses:
            raise OSError("no such voice")
        self.languages.append(language)


class FakeDispatcherOutput:
    name = "Linux Speech Dispatcher"

    def __init__(self, client: FakeClient) -> None:
        self._client = client

    def is_active(self) -> bool:
        return True


class FakeAuto:
    def __init__(self, outputs: list[FakeDispatcherOutput]) -> None:
        self.outputs = outputs


def test_speech_dispatcher_is_asked_for_turkish(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr("okey.speech.outputs.dispatcher_client", lambda output: output._client)
    client = FakeClient()
    Ao2Output(FakeAuto([FakeDispatcherOutput(client)]), "en")
    assert client.languages == []  # English leaves the player's voice alone
    Ao2Output(FakeAuto([FakeDispatcherOutput(client)]), "tr")
    assert client.languages == ["tr"]
    refusing = FakeClient(refuses=True)
    Ao2Output(FakeAuto([FakeDispatcherOutput(refusing)]), "tr")  # carries on


def test_asking_for_a_language_is_guarded() -> None:
    assert ask_language(FakeClient(), "tr")
    assert not ask_language(FakeClient(refuses=True), "tr")
    assert not ask_language(object(), "tr")


# -- the table -------------------------------------------------------------------------


def play_in_turkish(script: Script) -> list[str]:
    """A headless table (the rig's) in Turkish; what it said."""
    rig = make_rig(hands={0: "r1 r2 r3"}, indicator="r5", dealer=0, catalogue=TR)

    async def run_table() -> None:
        with create_pipe_input() as pipe:
            task = asyncio.create_task(
                play_async(rig.table, pace=0, input=pipe, output=DummyOutput())
            )
            player = Player(rig, pipe)
            try:
                await asyncio.wait_for(script(player), WAIT * 3)
            finally:
                if not task.done():
                    rig.table.leave()
                await asyncio.wait_for(task, WAIT)

    asyncio.run(run_table())
    return rig.said


def test_a_round_begins_in_turkish() -> None:
    async def script(player: Player) -> None:
        await player.hear("El 1. Sen dağıtıp başlıyorsun.")
        await player.hear("Gösterge kırmızı 5, okey kırmızı 6.")
        await player.hear("15 taşın, renge göre: kırmızı 1, kırmızı 2, kırmızı 3")
        await player.hear("Sıra sende: sen başlıyorsun; bir taş at.")
        await player.press("right")
        assert player.last() == "kırmızı 2, 15 taştan 2."
        await player.press("i")
        assert player.last() == "Gösterge kırmızı 5, okey kırmızı 6."
        await player.press("q", "y")

    said = play_in_turkish(script)
    # The table's and the bots' names are Turkish too (issue 16).
    assert said[0].startswith("Okey, masa: klasik;")
    assert "botlar: rastgele." in said[0]
    assert not any("Round" in text or "Your" in text for text in said)


def test_a_turkish_settings_file_is_written_with_its_language(tmp_path: Path) -> None:
    assert main(["--language", "tr", "settings", "language", "tr"]) == 0
    assert settings_path().read_text(encoding="utf-8").startswith("# okey ayarları")


def test_a_damaged_settings_file_is_reported_wholly_in_the_chosen_language(
    capsys: pytest.CaptureFixture[str],
) -> None:
    settings_path().write_text('speech = "loud"\n', encoding="utf-8")
    status, out, err = run(capsys, "--language", "tr", "rules", "classic")
    assert status == 0 and "4 oyuncu." in out
    [line] = err.splitlines()
    assert "speech için loud olmaz" in line  # the reason too, not only the sentence around it
    assert "cannot be" not in line
