"""``okey settings`` reach a seat played over the network: the speech, messages, sounds,
volume, name and sort a player chose are those of ``okey host`` and ``okey join`` too;
the server's own choices (rules, level) stay the host's options."""

from __future__ import annotations

from okey.cli import build_parser
from okey.messages import load_catalogue
from okey.preferences import check

EN = load_catalogue("en")
CHOSEN = {
    "speech": "off",
    "verbosity": "brief",
    "sounds": False,
    "volume": 3,
    "name": "Deniz",
    "sort": "smart",
    "rules": "short",
    "level": "hard",
}


def test_the_players_settings_reach_okey_host_and_okey_join() -> None:
    parser = build_parser(EN, {key: check(key, value) for key, value in CHOSEN.items()})
    for argv in (["join", "127.0.0.1", "K7QF-2M9X"], ["host"]):
        args = parser.parse_args(argv)
        assert (args.speech, args.verbosity, args.sounds) == ("off", "brief", False)
        assert (args.volume, args.name, args.sort) == (3.0, "Deniz", "smart")
    host = parser.parse_args(["host"])
    assert (host.rules, host.level) == ("classic", "medium")  # the table's, chosen per table
    joined = parser.parse_args(["join", "127.0.0.1", "K7QF-2M9X", "--name", "Ece"])
    assert joined.name == "Ece"  # the command line still wins
