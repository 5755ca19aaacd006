"""The addresses of okey host and okey join, and the rejoin tokens a machine keeps."""

from __future__ import annotations

import json
import stat
from pathlib import Path

import pytest

from okey.net import address, tokens
from okey.net.address import Target, local_only_line, parse_target, shown_host, with_port


@pytest.mark.parametrize(
    ("given", "wanted"),
    [
        ("192.168.1.5", Target("192.168.1.5", 7011)),
        ("192.168.1.5:7012", Target("192.168.1.5", 7012)),
        ("ayse-laptop:80", Target("ayse-laptop", 80)),
        ("[::1]:7011", Target("::1", 7011)),
        ("::1", Target("::1", 7011)),
        ("ws://127.0.0.1:9/", Target("127.0.0.1", 9)),
        ("wss://okey.example.org", Target("okey.example.org", 7011, tls=True)),
    ],
)
def test_a_server_to_join_is_read_from_what_the_player_typed(given: str, wanted: Target) -> None:
    assert parse_target(given) == wanted


@pytest.mark.parametrize("given", ["", ":7011", "host:0", "host:70000", "host:x", "a b", "[::1"])
def test_an_address_that_is_none_is_refused(given: str) -> None:
    with pytest.raises(ValueError):
        parse_target(given)


def test_urls_and_ipv6_in_brackets() -> None:
    assert Target("::1", 7011).url == "ws://[::1]:7011"
    assert Target("h", 1, tls=True).url == "wss://h:1"
    assert with_port("10.0.0.2", 7011) == "10.0.0.2:7011"


def test_the_address_to_give_is_the_lan_one_or_the_loopback_said_so(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(address, "lan_address", lambda: "192.168.1.5")
    assert shown_host("0.0.0.0") == ("192.168.1.5", False)
    monkeypatch.setattr(address, "lan_address", lambda: None)
    assert shown_host("0.0.0.0") == ("127.0.0.1", True)
    assert shown_host("127.0.0.1") == ("127.0.0.1", True)
    assert shown_host("10.1.2.3") == ("10.1.2.3", False)
    # Why only this machine: no network was found, or the host chose the loopback.
    assert local_only_line("0.0.0.0") == ("serve.local_only", "127.0.0.1")
    assert local_only_line("::1") == ("serve.loopback_only", "::1")


def test_the_lan_address_sends_nothing_and_is_never_the_loopback() -> None:
    found = address.lan_address()  # a UDP "connect" picks a route; no packet leaves
    assert found is None or not found.startswith("127.")


def test_a_token_is_kept_per_server_and_code_for_its_owner_only(tmp_path: Path) -> None:
    server = tokens.server_key("Host.Example", 7011)
    assert server == "host.example:7011"
    assert tokens.load_token(server, "K7QF-2M9X", tmp_path) is None
    tokens.save_token(server, "K7QF-2M9X", "secret-1", tmp_path)
    assert tokens.load_token(server, "k7qf 2m9x", tmp_path) == "secret-1"  # the code as read
    assert tokens.load_token(server, "OTHER-CODE", tmp_path) is None
    assert tokens.load_token("other:7011", "K7QF-2M9X", tmp_path) is None
    tokens.save_token(server, "K7QF-2M9X", "secret-2", tmp_path)  # replaced, in one move
    assert tokens.load_token(server, "K7QF-2M9X", tmp_path) == "secret-2"
    (path,) = list(tmp_path.iterdir())  # no temporary file left, no name that tells
    assert "host" not in path.name and "K7QF" not in path.name
    assert stat.S_IMODE(path.stat().st_mode) == 0o600
    assert json.loads(path.read_text())["token"] == "secret-2"
    tokens.forget_token(server, "K7QF-2M9X", tmp_path)
    assert tokens.load_token(server, "K7QF-2M9X", tmp_path) is None


def test_a_damaged_token_file_asks_for_a_new_seat(tmp_path: Path) -> None:
    path = tokens.token_path("h:1", "CODE", tmp_path)
    for damaged in ("{", "[]", '{"token": 5}', '{"token": ""}'):
        path.write_text(damaged)
        assert tokens.load_token("h:1", "CODE", tmp_path) is None


def test_the_tokens_folder_is_the_users_data_folder_or_the_environments() -> None:
    assert tokens.seats_dir({"OKEY_SEATS": "/x/seats"}) == Path("/x/seats")
    assert tokens.seats_dir({}).name == "seats"
