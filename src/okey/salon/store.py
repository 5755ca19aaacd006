"""The salon's store: accounts, sessions, chips, ratings, reports, sanctions and finished
matches in one SQLite file (the standard library's :mod:`sqlite3`).

The file carries its schema's version (``PRAGMA user_version``); opening an older file
runs the migrations after its version, each in one transaction, so a salon upgraded in
place keeps everything. The file is created readable by its owner only and is never
served: the salon answers WebSocket messages, never files. Every value goes in as a
parameter (``?``), never into the SQL text.

The store is used from the server's event loop alone; each call is a few SQL statements
on a local file (the slow part of an account, the password hash, is done elsewhere).
"""

from __future__ import annotations

import contextlib
import json
import os
import sqlite3
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Final

MIGRATIONS: Final = (
    # 1: accounts, their sessions, chips and sanctions; reports; finished matches.
    """
    CREATE TABLE accounts (
        id INTEGER PRIMARY KEY,
        name TEXT NOT NULL,
        heard TEXT NOT NULL UNIQUE,
        password TEXT NOT NULL,
        chips INTEGER NOT NULL,
        created REAL NOT NULL,
        conduct_read INTEGER NOT NULL DEFAULT 0,
        banned INTEGER NOT NULL DEFAULT 0,
        muted_until REAL NOT NULL DEFAULT 0
    );
    CREATE TABLE sessions (
        digest TEXT PRIMARY KEY,
        account INTEGER NOT NULL REFERENCES accounts(id),
        created REAL NOT NULL
    );
    CREATE TABLE reports (
        id INTEGER PRIMARY KEY,
        at REAL NOT NULL,
        reporter INTEGER NOT NULL REFERENCES accounts(id),
        reported INTEGER NOT NULL REFERENCES accounts(id),
        reason TEXT NOT NULL,
        evidence TEXT NOT NULL
    );
    CREATE TABLE sanctions (
        id INTEGER PRIMARY KEY,
        at REAL NOT NULL,
        account INTEGER NOT NULL REFERENCES accounts(id),
        moderator INTEGER NOT NULL REFERENCES accounts(id),
        kind TEXT NOT NULL
    );
    CREATE TABLE matches (
        id INTEGER PRIMARY KEY,
        at REAL NOT NULL,
        game TEXT NOT NULL,
        rules TEXT NOT NULL,
        stake INTEGER NOT NULL,
        players TEXT NOT NULL,
        winners TEXT NOT NULL
    );
    """,
    # 2: ratings per game (openskill's mu and sigma), and reports found by the reported.
    """
    CREATE TABLE ratings (
        account INTEGER NOT NULL REFERENCES accounts(id),
        game TEXT NOT NULL,
        mu REAL NOT NULL,
        sigma REAL NOT NULL,
        matches INTEGER NOT NULL,
        PRIMARY KEY (account, game)
    );
    CREATE INDEX reports_reported ON reports (reported);
    """,
)
VERSION: Final = len(MIGRATIONS)


class StoreError(Exception):
    """The store's file cannot be used (newer than this okey, or not a salon's)."""


@dataclass(frozen=True, slots=True)
class Account:
    id: int
    name: str
    password: str  # the hash, never the password
    chips: int
    conduct_read: bool
    banned: bool
    muted_until: float


@dataclass(frozen=True, slots=True)
class Rating:
    mu: float
    sigma: float
    matches: int


@dataclass(frozen=True, slots=True)
class Standing:
    """A leaderboard's line: the name, the rating and how many rated matches."""

    name: str
    rating: Rating


@dataclass(frozen=True, slots=True)
class Finished:
    """A finished match as the store keeps it; chips and ratings change with it."""

    game: str
    rules: str
    stake: int
    players: tuple[int, ...]  # account ids (people only)
    winners: tuple[int, ...]
    chips: tuple[tuple[int, int], ...]  # (account, change)
    ratings: tuple[tuple[int, Rating], ...]  # (account, new rating) for ``game``


_ACCOUNT = "id, name, password, chips, conduct_read, banned, muted_until"


def _account(row: Sequence[object] | None) -> Account | None:
    if row is None:
        return None
    id_, name, password, chips, read, banned, muted = row
    assert isinstance(id_, int) and isinstance(name, str) and isinstance(password, str)
    assert isinstance(chips, int) and isinstance(muted, int | float)
    return Account(id_, name, password, chips, bool(read), bool(banned), float(muted))


class Store:
    """One salon's SQLite file."""

    def __init__(self, connection: sqlite3.Connection) -> None:
        self.db = connection

    @classmethod
    def open(cls, path: Path | str) -> Store:
        """Open (or create, readable by its owner only) and migrate the file at ``path``
        (``":memory:"``: a store in memory, for tests)."""
        if str(path) != ":memory:":
            target = Path(path)
            target.parent.mkdir(parents=True, exist_ok=True)
            with contextlib.suppress(FileExistsError):
                os.close(os.open(target, os.O_CREAT | os.O_EXCL | os.O_WRONLY, 0o600))
        try:
            connection = sqlite3.connect(str(path), isolation_level=None)
            connection.execute("PRAGMA foreign_keys = ON")
            connection.execute("PRAGMA journal_mode = WAL")
            store = cls(connection)
            store.migrate()
        except sqlite3.DatabaseError as exc:
            raise StoreError(str(exc)) from None
        return store

    def close(self) -> None:
        self.db.close()

    @property
    def version(self) -> int:
        row = self.db.execute("PRAGMA user_version").fetchone()
        return int(row[0])

    def migrate(self, upto: int = VERSION) -> None:
        """Run the migrations after the file's version, up to ``upto``."""
        found = self.version
        if found > VERSION:
            raise StoreError(f"schema {found} is newer than this okey's {VERSION}")
        for number in range(found + 1, upto + 1):
            with self._transaction():
                for statement in MIGRATIONS[number - 1].split(";"):
                    if statement.strip():
                        self.db.execute(statement)
                self.db.execute(f"PRAGMA user_version = {number:d}")

    @contextlib.contextmanager
    def _transaction(self) -> Iterator[None]:
        self.db.execute("BEGIN IMMEDIATE")
        try:
            yield
        except BaseException:
            self.db.execute("ROLLBACK")
            raise
        self.db.execute("COMMIT")

    # -- accounts --------------------------------------------------------------

    def add_account(
        self, name: str, heard: str, password: str, chips: int, now: float
    ) -> Account | None:
        """A new account; None when ``heard`` (the name as it sounds) is taken."""
        try:
            cursor = self.db.execute(
                "INSERT INTO accounts (name, heard, password, chips, created)"
                " VALUES (?, ?, ?, ?, ?)",
                (name, heard, password, chips, now),
            )
        except sqlite3.IntegrityError:
            return None
        assert cursor.lastrowid is not None
        return self.account(cursor.lastrowid)

    def account(self, account_id: int) -> Account | None:
        row = self.db.execute(f"SELECT {_ACCOUNT} FROM accounts WHERE id = ?", (account_id,))
        return _account(row.fetchone())

    def account_named(self, heard: str) -> Account | None:
        row = self.db.execute(f"SELECT {_ACCOUNT} FROM accounts WHERE heard = ?", (heard,))
        return _account(row.fetchone())

    def accounts(self) -> int:
        return int(self.db.execute("SELECT count(*) FROM accounts").fetchone()[0])

    def conduct_read(self, account_id: int) -> None:
        self.db.execute("UPDATE accounts SET conduct_read = 1 WHERE id = ?", (account_id,))

    def add_chips(self, account_id: int, change: int) -> None:
        self.db.execute("UPDATE accounts SET chips = chips + ? WHERE id = ?", (change, account_id))

    # -- sessions ----------------------------------------------------------------

    def add_session(self, digest: str, account_id: int, now: float) -> None:
        self.db.execute(
            "INSERT INTO sessions (digest, account, created) VALUES (?, ?, ?)",
            (digest, account_id, now),
        )

    def session_account(self, digest: str) -> int | None:
        row = self.db.execute("SELECT account FROM sessions WHERE digest = ?", (digest,))
        found = row.fetchone()
        return None if found is None else int(found[0])

    def end_sessions(self, account_id: int) -> None:
        self.db.execute("DELETE FROM sessions WHERE account = ?", (account_id,))

    # -- moderation --------------------------------------------------------------

    def sanction(
        self, account_id: int, moderator: int, kind: str, now: float, until: float = 0
    ) -> None:
        """Keep a moderator's decision (``kind``: mute, kick, ban, unban) and apply it."""
        with self._transaction():
            self.db.execute(
                "INSERT INTO sanctions (at, account, moderator, kind) VALUES (?, ?, ?, ?)",
                (now, account_id, moderator, kind),
            )
            if kind in ("ban", "unban"):
                banned = 1 if kind == "ban" else 0
                self.db.execute("UPDATE accounts SET banned = ? WHERE id = ?", (banned, account_id))
                if banned:
                    self.db.execute("DELETE FROM sessions WHERE account = ?", (account_id,))
            elif kind == "mute":
                self.db.execute(
                    "UPDATE accounts SET muted_until = ? WHERE id = ?", (until, account_id)
                )

    def sanctions(self, account_id: int) -> list[str]:
        rows = self.db.execute(
            "SELECT kind FROM sanctions WHERE account = ? ORDER BY id", (account_id,)
        )
        return [str(kind) for (kind,) in rows]

    def add_report(
        self, reporter: int, reported: int, reason: str, evidence: object, now: float
    ) -> int:
        cursor = self.db.execute(
            "INSERT INTO reports (at, reporter, reported, reason, evidence) VALUES (?, ?, ?, ?, ?)",
            (now, reporter, reported, reason, json.dumps(evidence, ensure_ascii=False)),
        )
        assert cursor.lastrowid is not None
        return cursor.lastrowid

    def reports(self, reported: int) -> list[tuple[int, str, object]]:
        """The reports about an account: (reporter, reason, evidence), oldest first."""
        rows = self.db.execute(
            "SELECT reporter, reason, evidence FROM reports WHERE reported = ? ORDER BY id",
            (reported,),
        )
        return [(int(r), str(why), json.loads(e)) for r, why, e in rows]

    # -- matches, chips and ratings -----------------------------------------------

    def rating(self, account_id: int, game: str) -> Rating | None:
        row = self.db.execute(
            "SELECT mu, sigma, matches FROM ratings WHERE account = ? AND game = ?",
            (account_id, game),
        ).fetchone()
        return None if row is None else Rating(float(row[0]), float(row[1]), int(row[2]))

    def finish(self, match: Finished, now: float) -> None:
        """Keep a finished match with its chips and ratings, all or nothing."""
        with self._transaction():
            self.db.execute(
                "INSERT INTO matches (at, game, rules, stake, players, winners)"
                " VALUES (?, ?, ?, ?, ?, ?)",
                (
                    now,
                    match.game,
                    match.rules,
                    match.stake,
                    json.dumps(match.players),
                    json.dumps(match.winners),
                ),
            )
            for account_id, change in match.chips:
                self.add_chips(account_id, change)
            for account_id, rating in match.ratings:
                self.db.execute(
                    "INSERT INTO ratings (account, game, mu, sigma, matches) VALUES (?, ?, ?, ?, ?)"
                    " ON CONFLICT (account, game) DO UPDATE SET mu = excluded.mu,"
                    " sigma = excluded.sigma, matches = excluded.matches",
                    (account_id, match.game, rating.mu, rating.sigma, rating.matches),
                )

    def matches(self) -> int:
        return int(self.db.execute("SELECT count(*) FROM matches").fetchone()[0])

    def leaderboard(self, game: str, most: int = 10) -> list[Standing]:
        """The best rated of ``game`` (by the rating's low estimate, mu - 3 sigma)."""
        rows = self.db.execute(
            "SELECT a.name, r.mu, r.sigma, r.matches FROM ratings r JOIN accounts a"
            " ON a.id = r.account WHERE r.game = ? AND a.banned = 0"
            " ORDER BY r.mu - 3 * r.sigma DESC, a.name LIMIT ?",
            (game, most),
        )
        return [Standing(str(n), Rating(float(m), float(s), int(c))) for n, m, s, c in rows]
