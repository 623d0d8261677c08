"""Password hashes: PBKDF2-SHA256, stored as `pbkdf2_sha256$iterations$salt$hex`.

The seed hashes with a salt derived from the e-mail address, so the seed file is the same on
every build; checking is constant-time.
"""

from __future__ import annotations

import hashlib
import hmac

ITERATIONS = 20_000


def hash_password(password: str, salt: str) -> str:
    digest = hashlib.pbkdf2_hmac("sha256", password.encode(), salt.encode(), ITERATIONS)
    return f"pbkdf2_sha256${ITERATIONS}${salt}${digest.hex()}"


def verify_password(password: str, stored: str) -> bool:
    try:
        scheme, iterations, salt, expected = stored.split("$")
    except ValueError:
        return False
    if scheme != "pbkdf2_sha256" or not iterations.isdigit():
        return False
    digest = hashlib.pbkdf2_hmac("sha256", password.encode(), salt.encode(), int(iterations))
    return hmac.compare_digest(digest.hex(), expected)
