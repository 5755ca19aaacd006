"""Password hashes: scrypt from the standard library, each with its own salt and costs.

A hash is kept as ``scrypt$n$r$p$salt$digest`` (salt and digest in hex), so that a
stronger cost later still checks the old hashes. Hashing takes tens of milliseconds on
purpose: the server does it in a thread.
"""

from __future__ import annotations

import hashlib
import hmac
import secrets
from dataclasses import dataclass

DIGEST_BYTES = 32
SALT_BYTES = 16
MAX_PASSWORD = 256  # characters; longer ones are refused before they are hashed


@dataclass(frozen=True)
class Cost:
    """scrypt's costs: ``n`` (memory and time), ``r`` (block size), ``p`` (parallelism)."""

    n: int = 2**14
    r: int = 8
    p: int = 1


DEFAULT_COST = Cost()
CHEAP = Cost(n=2**4, r=1, p=1)
"""For tests only: a hash in microseconds."""


def hash_password(password: str, cost: Cost = DEFAULT_COST) -> str:
    salt = secrets.token_bytes(SALT_BYTES)
    digest = _scrypt(password, salt, cost)
    return f"scrypt${cost.n}${cost.r}${cost.p}${salt.hex()}${digest.hex()}"


def check_password(password: str, stored: str) -> bool:
    """Whether ``password`` is the one ``stored`` was made from (False for a damaged hash)."""
    try:
        kind, n, r, p, salt, digest = stored.split("$")
        if kind != "scrypt":
            return False
        cost = Cost(int(n), int(r), int(p))
        found = _scrypt(password, bytes.fromhex(salt), cost)
        return hmac.compare_digest(found, bytes.fromhex(digest))
    except ValueError:
        return False


def _scrypt(password: str, salt: bytes, cost: Cost) -> bytes:
    return hashlib.scrypt(
        password.encode("utf-8", "surrogatepass"),
        salt=salt,
        n=cost.n,
        r=cost.r,
        p=cost.p,
        maxmem=256 * cost.n * cost.r * cost.p + 1024 * 1024,
        dklen=DIGEST_BYTES,
    )
