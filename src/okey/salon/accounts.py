"""Accounts: a name claimed once with a password, log-ins, session tokens, and the limits
that keep log-ins from being guessed or flooded.

A name belongs to the account that claimed it, as it sounds: "Ayse" and "Ayşe", "VELI"
and "veli" are one name (:func:`okey.net.table.plain_name`), so nobody sits as someone
else by ear. Log-ins are limited three ways in a sliding window (per address, per
account, and for the whole salon), and so are new accounts per address: past a limit a
log-in is refused before its password is hashed, so a flood costs the server nothing.
A session token (256 bits) lets a client come back without the password; the store keeps
its SHA-256 digest only.
"""

from __future__ import annotations

import asyncio
from dataclasses import dataclass, field
from enum import Enum

from okey.net.codes import new_token, token_digest
from okey.net.limits import FailedJoins
from okey.net.table import clean_name, plain_name
from okey.salon.passwords import DEFAULT_COST, MAX_PASSWORD, Cost, check_password, hash_password
from okey.salon.store import Account, Store

MIN_PASSWORD = 6
MIN_NAME = 2


class LogInProblem(Enum):
    """Why a log-in or a claim was refused (``salon.login.<value>`` in the catalogue)."""

    BAD_NAME = "bad_name"  # not a printable name of 2 to 32 characters
    BAD_PASSWORD = "bad_password"  # shorter than 6 or longer than 256 characters
    NAME_TAKEN = "name_taken"  # a claim of a name another account has
    WRONG = "wrong"  # no such account, or the wrong password (not told apart)
    BANNED = "banned"
    TOO_MANY = "too_many"  # a rate limit: try again later
    BAD_SESSION = "bad_session"  # a session token that is no account's


class LogInRefused(Exception):
    def __init__(self, problem: LogInProblem) -> None:
        self.problem = problem
        super().__init__(problem.value)


@dataclass(frozen=True)
class LogInLimits:
    """Log-ins allowed in ``window`` seconds: per address, failures per account, in total;
    and new accounts per address in ``claim_window``."""

    per_address: int = 20
    per_account: int = 10
    total: int = 120
    window: float = 60.0
    claims_per_address: int = 5
    claim_window: float = 3600.0


@dataclass
class LogInGuard:
    limits: LogInLimits = field(default_factory=LogInLimits)

    def __post_init__(self) -> None:
        limits = self.limits
        self.addresses = FailedJoins(limits.per_address, limits.window)
        self.accounts = FailedJoins(limits.per_account, limits.window)
        self.total = FailedJoins(limits.total, limits.window)
        self.claims = FailedJoins(limits.claims_per_address, limits.claim_window)

    def attempt(self, address: str, heard: str, now: float) -> None:
        """Count an attempt (LogInRefused TOO_MANY when a limit is reached)."""
        if (
            self.addresses.blocked(address, now)
            or self.accounts.blocked(heard, now)
            or self.total.blocked("", now)
        ):
            raise LogInRefused(LogInProblem.TOO_MANY)
        self.addresses.fail(address, now)
        self.total.fail("", now)


def account_name(text: str) -> str | None:
    """A name an account may claim: printable, 2 to 32 characters (None: it may not)."""
    name = clean_name(text)
    return name if name is not None and len(name) >= MIN_NAME else None


def password_fits(password: str) -> bool:
    return MIN_PASSWORD <= len(password) <= MAX_PASSWORD and "\x00" not in password


class Accounts:
    """Claims, log-ins and sessions against a store."""

    def __init__(
        self,
        store: Store,
        *,
        chips: int = 1000,
        cost: Cost = DEFAULT_COST,
        limits: LogInLimits | None = None,
    ) -> None:
        self.store = store
        self.chips = chips  # what a new account starts with
        self.cost = cost
        self.guard = LogInGuard(limits or LogInLimits())
        # Checked when no account has the name, so that the answer takes as long.
        self._dummy = hash_password(new_token(), cost)

    async def claim(self, text: str, password: str, address: str, now: float) -> Account:
        """A new account named ``text``."""
        name = account_name(text)
        if name is None:
            raise LogInRefused(LogInProblem.BAD_NAME)
        if not password_fits(password):
            raise LogInRefused(LogInProblem.BAD_PASSWORD)
        heard = plain_name(name)
        self.guard.attempt(address, heard, now)
        if self.guard.claims.blocked(address, now):
            raise LogInRefused(LogInProblem.TOO_MANY)
        if self.store.account_named(heard) is not None:
            raise LogInRefused(LogInProblem.NAME_TAKEN)
        hashed = await asyncio.to_thread(hash_password, password, self.cost)
        account = self.store.add_account(name, heard, hashed, self.chips, now)
        if account is None:  # claimed meanwhile
            raise LogInRefused(LogInProblem.NAME_TAKEN)
        self.guard.claims.fail(address, now)
        return account

    async def log_in(self, text: str, password: str, address: str, now: float) -> Account:
        name = account_name(text)
        if name is None:
            raise LogInRefused(LogInProblem.BAD_NAME)
        if len(password) > MAX_PASSWORD:
            raise LogInRefused(LogInProblem.WRONG)
        heard = plain_name(name)
        self.guard.attempt(address, heard, now)
        account = self.store.account_named(heard)
        stored = account.password if account is not None else self._dummy
        good = await asyncio.to_thread(check_password, password, stored)
        if account is None or not good:
            self.guard.accounts.fail(heard, now)
            raise LogInRefused(LogInProblem.WRONG)
        account = self.store.account(account.id)  # as it is now (a ban meanwhile)
        assert account is not None
        if account.banned:
            raise LogInRefused(LogInProblem.BANNED)
        return account

    def resume(self, token: str, address: str, now: float) -> Account:
        """The account of a session token (cheap: a digest looked up)."""
        found = self.store.session_account(token_digest(token))
        account = self.store.account(found) if found is not None else None
        if account is None:
            self.guard.attempt(address, "", now)  # guesses count as attempts
            raise LogInRefused(LogInProblem.BAD_SESSION)
        if account.banned:
            raise LogInRefused(LogInProblem.BANNED)
        return account

    def new_session(self, account: Account, now: float) -> str:
        token = new_token()
        self.store.add_session(token_digest(token), account.id, now)
        return token
