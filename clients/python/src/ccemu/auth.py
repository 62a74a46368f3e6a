"""Signing for `requests` and `httpx` users. Both libraries take a callable as `auth=` (requests
calls it with the prepared request; httpx wraps it as a FunctionAuth, for Client and AsyncClient
alike), so one class serves both, and neither library is imported: ccemu needs neither."""

from __future__ import annotations

from typing import Callable, Optional, TypeVar

from .signature import When, sign

R = TypeVar("R")


class SignedAuth:
    """Signs each request's URL as the vendor's SDK does (the four query parameters added).

    `now` answers the time to sign for (default: the wall clock); against a ccemu instance use
    `ccemu.auth()`, which signs with the instance's virtual time.

        requests.post(url, json=body, auth=SignedAuth(key_id, secret))
        httpx.post(url, json=body, auth=SignedAuth(key_id, secret))
    """

    def __init__(self, key_id: str, secret: str, now: Optional[Callable[[], When]] = None, *,
                 expires: int = 600, sign_host: Optional[str] = None) -> None:
        self.key_id = key_id
        self.secret = secret
        self.now = now
        self.expires = expires
        self.sign_host = sign_host

    def __call__(self, request: R) -> R:
        # requests' PreparedRequest has a str url; httpx's Request an httpx.URL, made again from
        # the signed text. Both have a `method`.
        current = getattr(request, "url")
        signed = sign(str(getattr(request, "method")), str(current), self.key_id, self.secret,
                      now=None if self.now is None else self.now(), expires=self.expires,
                      sign_host=self.sign_host)
        setattr(request, "url", signed if isinstance(current, str) else type(current)(signed))
        return request

    def __eq__(self, other: object) -> bool:
        # requests compares auth objects when it merges session and request settings.
        return isinstance(other, SignedAuth) and (self.key_id, self.secret) == (other.key_id, other.secret)

    __hash__ = None  # type: ignore[assignment]


#: For readers of a `requests` program: the same class.
RequestsAuth = SignedAuth
#: For readers of an `httpx` program: the same class.
HttpxAuth = SignedAuth
