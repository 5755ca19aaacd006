"""The seal of a save: the hidden tiles encrypted, the whole file authenticated.

A save of format 4 (:mod:`okey.saves.formats`) keeps what a person may read in
plain JSON (the date, the label, the rules, the round, the scores, the table's
settings) and seals the rest, the part that would show the hidden tiles: the match
log (every round's deck, so the undealt tiles and every hand) and the random states
(from which the next deals and the bots' choices follow). The sealed part is
compressed, then encrypted with AES-256-GCM from ``cryptography``; GCM's tag also
authenticates, as associated data, every other byte of the file (the file as written
with the sealed value left empty). So a change to any byte of the file is found, and
the deck cannot be read at a glance.

AES-GCM rather than Fernet: Fernet authenticates only its own token, so the readable
part would need a second MAC; GCM authenticates both in one primitive. Each save
draws a new 16-byte salt (the key is derived from it with HKDF-SHA256) and a new
12-byte nonce, so no key and nonce pair is ever used twice.

The key is derived from a secret built into okey, not kept on the computer: any
okey reads any save, copied to another computer, kept across a reinstall, or in
another saves folder. This protects against a curious player (a text editor, a line
of ``jq``, a changed score); it cannot protect against someone who reads okey's code
and its key, who can open and forge saves (see ``docs/saves.md``).
"""

from __future__ import annotations

import base64
import binascii
import os
import zlib
from typing import Final

from cryptography.exceptions import InvalidTag
from cryptography.hazmat.primitives import hashes
from cryptography.hazmat.primitives.ciphers.aead import AESGCM
from cryptography.hazmat.primitives.kdf.hkdf import HKDF

SEALED_KEY: Final = "sealed"
SALT_BYTES: Final = 16
NONCE_BYTES: Final = 12
MAX_PLAIN: Final = 64 * 1024 * 1024
"""The most a sealed part may hold once opened (a save of a long match holds < 1 MB)."""

# The secret every okey derives save keys from. Changing it would make every
# earlier save unreadable: a new secret needs a new save format.
_SECRET: Final = bytes.fromhex("6f6b65792d736176652d34c3a79a1e5b27d1f08a44b6e2c90d3f7a15e8b26c41")
_INFO: Final = b"okey save format 4: the sealed part"


class SealBroken(Exception):
    """The sealed part cannot be opened: the file was changed after okey wrote it, or
    it is damaged. ``reason`` says which part (for the message)."""

    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason = reason


def _key(salt: bytes) -> bytes:
    return HKDF(algorithm=hashes.SHA256(), length=32, salt=salt, info=_INFO).derive(_SECRET)


def blank_field() -> bytes:
    """The sealed field as the file is authenticated: its value left empty."""
    return f'"{SEALED_KEY}": ""'.encode()


def seal(plain: bytes, blank_file: bytes) -> str:
    """``plain`` sealed for the file ``blank_file`` (the file with the sealed value
    empty): base64 of the salt, the nonce and the encrypted, tagged data."""
    salt, nonce = os.urandom(SALT_BYTES), os.urandom(NONCE_BYTES)
    sealed = AESGCM(_key(salt)).encrypt(nonce, zlib.compress(plain, 6), blank_file)
    return base64.b64encode(salt + nonce + sealed).decode("ascii")


def fill(blank_file: bytes, value: str) -> bytes:
    """The file with its sealed value written in (the last empty sealed field)."""
    field = blank_field()
    at = blank_file.rfind(field)
    if at < 0:
        raise ValueError("the document has no sealed field")
    filled = f'"{SEALED_KEY}": "{value}"'.encode()
    return blank_file[:at] + filled + blank_file[at + len(field) :]


def unseal(raw: bytes, value: str) -> bytes:
    """The plain sealed part of the file ``raw`` whose sealed value is ``value``;
    :class:`SealBroken` when the file or the value was changed."""
    if not value.isascii():
        raise SealBroken("value")
    filled = f'"{SEALED_KEY}": "{value}"'.encode()
    at = raw.rfind(filled)
    if at < 0:
        raise SealBroken("layout")
    blank = raw[:at] + blank_field() + raw[at + len(filled) :]
    try:
        data = base64.b64decode(value, validate=True)
    except (binascii.Error, ValueError):
        raise SealBroken("value") from None
    if base64.b64encode(data).decode("ascii") != value:
        # The last character's unused bits are ignored by the decoder: a changed byte
        # there would open as if unchanged.
        raise SealBroken("changed")
    if len(data) < SALT_BYTES + NONCE_BYTES + 16:
        raise SealBroken("value")
    salt, nonce = data[:SALT_BYTES], data[SALT_BYTES : SALT_BYTES + NONCE_BYTES]
    try:
        packed = AESGCM(_key(salt)).decrypt(nonce, data[SALT_BYTES + NONCE_BYTES :], blank)
    except InvalidTag:
        raise SealBroken("changed") from None
    opener = zlib.decompressobj()
    try:
        plain = opener.decompress(packed, MAX_PLAIN)
    except zlib.error:
        raise SealBroken("value") from None
    if opener.unconsumed_tail or not opener.eof:
        raise SealBroken("value")
    return plain
