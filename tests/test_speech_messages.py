"""The catalogue's verbosity variants and the speech layer's own texts."""

from __future__ import annotations

import string

import pytest

from okey.messages import CATALOGUE, ENGLISH, Catalogue, Verbosity

VARIANT_SUFFIXES = tuple(f".{verbosity.value}" for verbosity in Verbosity)


def fields_of(template: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(template) if name}


def variant_bases() -> set[str]:
    return {key.rsplit(".", 1)[0] for key in ENGLISH if key.endswith(VARIANT_SUFFIXES)}


def test_every_variant_has_both_forms_and_no_plain_key() -> None:
    for base in variant_bases():
        for verbosity in Verbosity:
            assert f"{base}.{verbosity.value}" in ENGLISH, base
        assert base not in ENGLISH, base


def test_variant_picks_brief_or_detailed() -> None:
    fields = {"seat": "Left", "where": "on your left", "name": "Ayşe", "tile": "red 5"}
    assert CATALOGUE.variant("event.discard", Verbosity.BRIEF, **fields) == "Left: red 5"
    assert (
        CATALOGUE.variant("event.discard", Verbosity.DETAILED, **fields)
        == "Ayşe, on your left, discarded red 5"
    )


def test_variant_falls_back_to_the_plain_key() -> None:
    for verbosity in Verbosity:
        assert CATALOGUE.variant("hand.no_spares", verbosity) == "No spares."


def test_variant_accepts_fields_named_like_its_parameters() -> None:
    catalogue = Catalogue({"x": "{key} {verbosity}"})
    assert catalogue.variant("x", Verbosity.BRIEF, key="k", verbosity="v") == "k v"


def test_unknown_key_raises() -> None:
    with pytest.raises(KeyError):
        CATALOGUE.variant("no.such.key", Verbosity.BRIEF)


@pytest.mark.parametrize(
    "key",
    [
        "speech.no_route.brief",
        "speech.no_route.detailed",
        "speech.lost",
        "speech.now_brief",
        "speech.now_detailed",
        "speech.sounds_on",
        "speech.sounds_off",
        "speech.status.auto_no_route",
        "speech.status.screen_reader",
        "speech.status.off",
        "history.empty",
        "cli.speech",
        "cli.transcript",
        "cli.verbosity",
        "cli.sounds",
    ],
)
def test_speech_texts_need_no_fields(key: str) -> None:
    assert ENGLISH[key]
    assert fields_of(ENGLISH[key]) == set()


def test_speech_templates_have_their_fields() -> None:
    assert fields_of(ENGLISH["speech.status"]) == {"mode", "verbosity", "sounds"}
    assert fields_of(ENGLISH["speech.status.auto"]) == {"route"}
    assert fields_of(ENGLISH["history.oldest"]) == {"text"}
    assert fields_of(ENGLISH["history.newest"]) == {"text"}


def test_no_route_brief_is_the_short_notice() -> None:
    assert ENGLISH["speech.no_route.brief"] == "No speech found; printing only."


def test_the_platform_notices() -> None:
    assert fields_of(ENGLISH["speech.no_answer.detailed"]) == {"seconds"}
    for key in (
        "speech.no_answer.brief",
        "speech.reader_unnamed.brief",
        "speech.reader_unnamed.detailed",
        "speech.voiceover_refused.brief",
        "speech.voiceover_refused.detailed",
        "cli.speech.platforms",
    ):
        assert fields_of(ENGLISH[key]) == set()
    for variant in ("brief", "detailed"):
        refused = ENGLISH[f"speech.voiceover_refused.{variant}"]
        assert "Allow VoiceOver to be controlled with AppleScript" in refused
    for reader in ("NVDA", "JAWS", "Narrator", "VoiceOver", "Orca"):
        assert reader in ENGLISH["cli.speech.platforms"]
