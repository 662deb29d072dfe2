"""Table codes and seat secrets.

A table code only finds a table: it is short, read aloud and typed by people, so it avoids
letters that look alike (no I or O, no digits). A seat secret is what proves a seat: it is
long and random, the host keeps only its SHA-256, and checks it in constant time.
"""

from __future__ import annotations

import hashlib
import hmac
import secrets

CODE_ALPHABET = "ABCDEFGHJKLMNPQRSTUVWXYZ"  # 24 letters: no I (1, l) and no O (0)
CODE_LENGTH = 6  # 24**6, about 191 million codes
KEY_LENGTH = 6  # a reserved seat's key, typed after the table code: ABCDEF-GHJKLM
SECRET_BYTES = 24  # 192 bits, 32 characters of URL-safe base64
MAX_SECRET = 64


def new_code(taken: set[str] | frozenset[str] = frozenset()) -> str:
    while True:
        code = "".join(secrets.choice(CODE_ALPHABET) for _ in range(CODE_LENGTH))
        if code not in taken:
            return code


def new_key() -> str:
    """A reserved seat's key: with it, only the player the host gave it to takes the seat."""
    return "".join(secrets.choice(CODE_ALPHABET) for _ in range(KEY_LENGTH))


def parse_code(text: object) -> tuple[str, str] | None:
    """A table code, alone or followed by a reserved seat's key (``"ABCDEF-GHJKLM"``), as
    ``(code, key)`` with ``key`` "" when there is none; None if it cannot be one."""
    if not isinstance(text, str) or len(text) > 4 * (CODE_LENGTH + KEY_LENGTH):
        return None
    letters = "".join(ch for ch in text.upper() if ch not in " -_")
    if len(letters) not in (CODE_LENGTH, CODE_LENGTH + KEY_LENGTH) or \
            any(ch not in CODE_ALPHABET for ch in letters):
        return None
    return letters[:CODE_LENGTH], letters[CODE_LENGTH:]


def format_code(code: str, key: str = "") -> str:
    return f"{code}-{key}" if key else code


def normalize_code(text: str) -> str | None:
    """``"abc-def"`` or ``"ABC DEF"`` as ``"ABCDEF"``; None if it cannot be a table code."""
    parsed = parse_code(text)
    return parsed[0] if parsed is not None and not parsed[1] else None


def key_matches(key: object, stored: str) -> bool:
    """Whether ``key`` is a reserved seat's key (in constant time)."""
    if not isinstance(key, str) or not stored or len(key) != len(stored):
        return False
    return hmac.compare_digest(key.encode(), stored.encode())


def new_secret() -> str:
    return secrets.token_urlsafe(SECRET_BYTES)


def secret_hash(secret: str) -> str:
    return hashlib.sha256(secret.encode("utf-8")).hexdigest()


def secret_matches(secret: object, stored_hash: str) -> bool:
    """Whether ``secret`` is the one whose hash is stored; the comparison takes constant time."""
    if not isinstance(secret, str) or not stored_hash or not 0 < len(secret) <= MAX_SECRET:
        return False
    return hmac.compare_digest(secret_hash(secret), stored_hash)
