"""The open API's signature (the vendor's spec, part 5), byte for byte as the vendor's Java SDK and
ccemu (emulator/signed-api/signature.ts) compute it: HMAC-SHA1 over METHOD + host + path + `?` +
the query's pairs, each encoded as Java's URLEncoder encodes and sorted by encoded name."""

from __future__ import annotations

import base64
import hashlib
import hmac
import math
import re
import time
from datetime import datetime, timezone
from typing import Iterable, Mapping, Optional, Tuple, Union
from urllib.parse import parse_qsl, urlsplit

#: The bytes java.net.URLEncoder keeps as they are: alphanumerics and `. - * _`.
_KEPT = frozenset(b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789.-*_")
_SURROGATE = re.compile("[\ud800-\udfff]")

#: A time to sign for: an aware datetime, or seconds since the epoch (as time.time() answers).
When = Union[datetime, float, int]


def java_url_encode(text: str) -> str:
    """Java's `URLEncoder.encode(text, "UTF-8")`: space as `+`, `~` as `%7E`, a lone surrogate
    as `%3F` (Java's "?"), every other byte but the kept ones as `%XX` in upper-case hex."""
    # A surrogate pair (as a str read with surrogatepass may hold) is one character to Java.
    text = text.encode("utf-16", "surrogatepass").decode("utf-16", "surrogatepass")
    text = _SURROGATE.sub("?", text)
    out = []
    for byte in text.encode("utf-8"):
        if byte in _KEPT:
            out.append(chr(byte))
        elif byte == 0x20:
            out.append("+")
        else:
            out.append("%%%02X" % byte)
    return "".join(out)


def canonical_query(pairs: Iterable[Tuple[str, str]]) -> str:
    """The `name=value` pairs to sign: every one but `Signature`, encoded, sorted by encoded name
    (then value), joined with `&`."""
    encoded = sorted(
        (java_url_encode(name), java_url_encode(value)) for name, value in pairs if name != "Signature"
    )
    return "&".join(f"{name}={value}" for name, value in encoded)


def string_to_sign(method: str, host: str, path: str, pairs: Iterable[Tuple[str, str]]) -> str:
    """METHOD + host + path + `?` + the canonical pairs: what the signature is computed over."""
    return f"{method.upper()}{host}{path}?{canonical_query(pairs)}"


def compute_signature(secret: str, text: str) -> str:
    """base64(HMAC-SHA1(secret, text)), before the URL encoding that puts it on the query."""
    digest = hmac.new(secret.encode("utf-8"), text.encode("utf-8"), hashlib.sha1).digest()
    return base64.b64encode(digest).decode("ascii")


def format_timestamp(when: When) -> str:
    """`yyyy-MM-ddTHH:mm:ssZ` in UTC, the only Timestamp form the spec allows."""
    if isinstance(when, datetime):
        if when.tzinfo is None:
            raise ValueError(
                "sign: now is a naive datetime; give an aware one (datetime.now(timezone.utc)):"
                " the Timestamp is UTC, and a local time would be hours off"
            )
        seconds = when.timestamp()
    else:
        seconds = float(when)
    return time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime(math.floor(seconds)))


def query_value(value: object) -> str:
    """A business parameter as text, as ccemu's clients write it (JavaScript's String(value)):
    booleans `true`/`false`, a whole float without `.0`."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, float) and value.is_integer():
        return str(int(value))
    return str(value)


def query_pairs(params: Mapping[str, object]) -> list[Tuple[str, str]]:
    """Business parameters as query pairs: a list as `name[i]`, None left out (spec part 5)."""
    pairs: list[Tuple[str, str]] = []
    for name, value in params.items():
        if value is None:
            continue
        if isinstance(value, (list, tuple)):
            pairs.extend((f"{name}[{i}]", query_value(item)) for i, item in enumerate(value))
        else:
            pairs.append((name, query_value(value)))
    return pairs


def sign(
    method: str,
    url: str,
    key_id: str,
    secret: str,
    body: Optional[object] = None,
    now: Optional[When] = None,
    *,
    expires: int = 600,
    sign_host: Optional[str] = None,
) -> str:
    """The URL to call: `url` with `AccessKeyId`, `Expires`, `Timestamp` and `Signature` added,
    signed as the vendor's Java SDK signs (the same URL `ccemu sign` prints).

    `body` is not signed (the signature covers the method, host, path and query only): it is taken
    so that a call reads like the request it signs. `now` is the time to sign for (an aware
    datetime or epoch seconds; default the wall clock); against ccemu with a manual clock, sign
    with its virtual time (`ccemu.clock.now()`). The host is signed without its port, as the
    SDK does; `sign_host` signs another name.
    """
    del body  # not part of the string-to-sign
    if not (isinstance(expires, int) and 1 <= expires <= 86400):
        raise ValueError(f"sign: expires must be an integer from 1 to 86400, got {expires!r}")
    parts = urlsplit(url)
    if parts.scheme not in ("http", "https") or not parts.hostname:
        raise ValueError(f'sign: "{url}" is not an http(s) URL')
    pairs = [
        (name, value)
        for name, value in parse_qsl(parts.query, keep_blank_values=True, errors="replace")
        if name not in ("Signature", "AccessKeyId", "Expires", "Timestamp")
    ]
    pairs += [
        ("AccessKeyId", key_id),
        ("Expires", str(expires)),
        ("Timestamp", format_timestamp(time.time() if now is None else now)),
    ]
    path = parts.path or "/"
    # Signed without a trailing slash, which the SDK requests but does not sign.
    signed_path = path.rstrip("/") or "/"
    host = parts.hostname if ":" not in parts.hostname else f"[{parts.hostname}]"
    text = string_to_sign(method, sign_host if sign_host is not None else host, signed_path, pairs)
    signature = compute_signature(secret, text)
    return f"{_origin(parts.scheme, host, parts.port)}{path}?{canonical_query(pairs)}&Signature={java_url_encode(signature)}"


def _origin(scheme: str, host: str, port: Optional[int]) -> str:
    default = 80 if scheme == "http" else 443
    return f"{scheme}://{host}" + ("" if port is None or port == default else f":{port}")


def utc(ms: float) -> datetime:
    """Epoch milliseconds (ccemu's clock) as an aware UTC datetime."""
    return datetime.fromtimestamp(ms / 1000, tz=timezone.utc)
