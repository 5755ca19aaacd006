"""The secrets of a table: its join code and the seats' rejoin tokens.

A join code is 8 characters of Crockford's base 32 (no I, L, O or U, so it reads
aloud without doubt): 40 bits from :mod:`secrets`, written ``K7QF-2M9X``. It
is compared ignoring case, dashes and spaces, with O read as 0 and I or L as 1.
A seat token is 32 random bytes (43 URL-safe characters); the server keeps only
its SHA-256 digest, and compares digests in constant time.
"""

from __future__ import annotations

import hashlib
import hmac
import re
import secrets

ALPHABET = "0123456789ABCDEFGHJKMNPQRSTVWXYZ"
CODE_LENGTH = 8
CODE_BITS = CODE_LENGTH * 5  # 40
TOKEN_BYTES = 32
_READ_AS = str.maketrans({"O": "0", "I": "1", "L": "1"})
_FIXED = re.compile(r"[A-Za-z0-9][A-Za-z0-9 -]{2,62}[A-Za-z0-9]")


def new_code() -> str:
    """A fresh random join code, like ``K7QF-2M9X``."""
    text = "".join(secrets.choice(ALPHABET) for _ in range(CODE_LENGTH))
    return f"{text[:4]}-{text[4:]}"


def normal_code(text: str) -> str:
    """The code as it is compared: upper case, no dashes or spaces, O as 0, I and L as 1."""
    return "".join(text.upper().split()).replace("-", "").translate(_READ_AS)


def fixed_code(text: str) -> str:
    """A code chosen by the host (``--code``, for tests and scripts); ValueError if it is
    not 4 to 64 letters, digits, dashes and spaces."""
    if not _FIXED.fullmatch(text.strip()) or len(normal_code(text)) < 4:
        raise ValueError(text)
    return text.strip().upper()


def same_code(given: str, code: str) -> bool:
    """True when ``given`` is ``code`` (compared in constant time)."""
    return hmac.compare_digest(normal_code(given).encode(), normal_code(code).encode())


def code_key(code: str) -> str:
    """A key to find a table by its code without comparing codes one by one."""
    return hashlib.sha256(normal_code(code).encode()).hexdigest()


def new_token() -> str:
    return secrets.token_urlsafe(TOKEN_BYTES)


def token_digest(token: str) -> str:
    """What the server keeps of a token (and what a save holds)."""
    return hashlib.sha256(token.encode("utf-8", "replace")).hexdigest()


def token_matches(token: str, digest: str) -> bool:
    return hmac.compare_digest(token_digest(token).encode(), digest.encode())
