"""The salon's store and accounts: migrations, claims, log-ins, sessions, limits."""

from __future__ import annotations

import asyncio
import sqlite3
import stat
from collections.abc import Coroutine
from pathlib import Path
from typing import TypeVar

import pytest

from okey.salon.accounts import Accounts, LogInLimits, LogInProblem, LogInRefused
from okey.salon.passwords import CHEAP, check_password, hash_password
from okey.salon.store import VERSION, Finished, Rating, Store, StoreError


def accounts(store: Store, **limits: int) -> Accounts:
    return Accounts(store, chips=500, cost=CHEAP, limits=LogInLimits(**limits))


T = TypeVar("T")


def run(coroutine: Coroutine[object, object, T]) -> T:
    return asyncio.run(coroutine)


def test_a_password_hash_checks_its_password_only() -> None:
    stored = hash_password("sesame open", CHEAP)
    assert "sesame" not in stored and stored.startswith("scrypt$")
    assert check_password("sesame open", stored)
    assert not check_password("sesame opem", stored)
    assert not check_password("sesame open", "garbage$1")


def test_a_new_file_is_its_owners_and_of_the_newest_schema(tmp_path: Path) -> None:
    path = tmp_path / "salon" / "salon.db"
    store = Store.open(path)
    assert store.version == VERSION
    store.close()
    assert stat.S_IMODE(path.stat().st_mode) == 0o600


def test_an_old_file_is_migrated_keeping_its_accounts(tmp_path: Path) -> None:
    path = tmp_path / "salon.db"
    store = Store(sqlite3.connect(str(path), isolation_level=None))
    store.migrate(upto=1)
    assert store.version == 1
    store.add_account("Veli", "veli", "h", 100, 0.0)
    store.close()
    again = Store.open(path)
    assert again.version == VERSION
    account = again.account_named("veli")
    assert account is not None and account.chips == 100
    assert again.rating(account.id, "okey") is None


def test_a_newer_file_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "salon.db"
    store = Store.open(path)
    store.db.execute(f"PRAGMA user_version = {VERSION + 1}")
    store.close()
    with pytest.raises(StoreError):
        Store.open(path)


def test_a_name_is_claimed_once_as_it_sounds() -> None:
    store = Store.open(":memory:")
    people = accounts(store)
    ayse = run(people.claim("Ayşe", "secret one", "1.1.1.1", 0.0))
    assert ayse.name == "Ayşe" and ayse.chips == 500
    for same in ("Ayse", "AYŞE", " ayşe "):
        with pytest.raises(LogInRefused) as refused:
            run(people.claim(same, "another one", "2.2.2.2", 0.0))
        assert refused.value.problem is LogInProblem.NAME_TAKEN
    assert run(people.log_in("ayse", "secret one", "3.3.3.3", 0.0)).id == ayse.id
    with pytest.raises(LogInRefused) as wrong:
        run(people.log_in("Ayşe", "secret two", "3.3.3.3", 0.0))
    assert wrong.value.problem is LogInProblem.WRONG
    with pytest.raises(LogInRefused) as nobody:
        run(people.log_in("Nobody", "secret two", "3.3.3.3", 0.0))
    assert nobody.value.problem is LogInProblem.WRONG  # not told apart from a wrong password


@pytest.mark.parametrize(
    "name",
    ["Robert'); DROP TABLE accounts;--", 'a" OR 1=1 --', "x%_\\", "Bob\u202e", "Bo\x07b", "\x00"],
)
def test_sql_and_control_characters_in_names(name: str) -> None:
    store = Store.open(":memory:")
    people = accounts(store)
    try:
        account = run(people.claim(name, "password1", "1.1.1.1", 0.0))
    except LogInRefused as refused:
        assert refused.problem is LogInProblem.BAD_NAME
        assert any(ord(c) < 32 or c == "\u202e" for c in name)
        return
    assert account.name == name.strip()
    assert store.accounts() == 1
    assert run(people.log_in(name, "password1", "1.1.1.1", 0.0)).id == account.id


def test_sessions_bring_the_account_back_and_a_ban_ends_them() -> None:
    store = Store.open(":memory:")
    people = accounts(store)
    veli = run(people.claim("Veli", "password1", "1.1.1.1", 0.0))
    token = people.new_session(veli, 0.0)
    assert token not in str(store.db.execute("SELECT * FROM sessions").fetchall())
    assert people.resume(token, "9.9.9.9", 1.0).id == veli.id
    with pytest.raises(LogInRefused):
        people.resume(token + "x", "9.9.9.9", 1.0)
    moderator = run(people.claim("Moda", "password1", "1.1.1.2", 0.0))
    store.sanction(veli.id, moderator.id, "ban", 2.0)
    with pytest.raises(LogInRefused) as banned:
        run(people.log_in("Veli", "password1", "1.1.1.1", 3.0))
    assert banned.value.problem is LogInProblem.BANNED
    with pytest.raises(LogInRefused):
        people.resume(token, "9.9.9.9", 3.0)
    assert store.sanctions(veli.id) == ["ban"]


def test_log_ins_are_limited_per_address_account_and_in_total() -> None:
    store = Store.open(":memory:")
    people = accounts(store, per_address=3, per_account=4, total=10)
    run(people.claim("Veli", "password1", "0.0.0.0", 0.0))  # counts one at 0.0.0.0

    def problem(name: str, address: str, now: float = 1.0) -> LogInProblem | None:
        try:
            run(people.log_in(name, "wrong pass", address, now))
        except LogInRefused as refused:
            return refused.problem
        return None

    assert [problem("Veli", "1.0.0.1") for _ in range(4)][-1] is LogInProblem.TOO_MANY
    # Four failures for Veli (three from 1.0.0.1, one more from elsewhere): locked for now...
    assert problem("Veli", "1.0.0.2") is LogInProblem.WRONG
    assert problem("Veli", "1.0.0.3") is LogInProblem.TOO_MANY
    # ...and many addresses together meet the total.
    found = [problem(f"Name{n}", f"2.0.0.{n}") for n in range(10)]
    assert LogInProblem.TOO_MANY in found
    assert problem("Veli", "1.0.0.4", now=200.0) is LogInProblem.WRONG  # the window passed


def test_new_accounts_are_limited_per_address() -> None:
    store = Store.open(":memory:")
    people = accounts(store, claims_per_address=2)
    run(people.claim("One", "password1", "5.5.5.5", 0.0))
    run(people.claim("Two", "password1", "5.5.5.5", 0.0))
    with pytest.raises(LogInRefused) as refused:
        run(people.claim("Three", "password1", "5.5.5.5", 0.0))
    assert refused.value.problem is LogInProblem.TOO_MANY


def test_a_finished_match_keeps_chips_and_ratings_together(tmp_path: Path) -> None:
    path = tmp_path / "salon.db"
    store = Store.open(path)
    a = store.add_account("A", "a", "h", 100, 0.0)
    b = store.add_account("B", "b", "h", 100, 0.0)
    assert a is not None and b is not None
    store.finish(
        Finished(
            "okey",
            "classic",
            10,
            (a.id, b.id),
            (a.id,),
            ((a.id, 10), (b.id, -10)),
            ((a.id, Rating(27.0, 8.0, 1)), (b.id, Rating(23.0, 8.0, 1))),
        ),
        1.0,
    )
    store.close()
    again = Store.open(path)
    assert [again.account(i).chips for i in (a.id, b.id)] == [110, 90]  # type: ignore[union-attr]
    assert [s.name for s in again.leaderboard("okey")] == ["A", "B"]
    assert again.matches() == 1
