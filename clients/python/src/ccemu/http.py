"""HTTP to ccemu with http.client: never through a proxy (ccemu is on loopback, and urllib would
honour http_proxy), and 4xx/5xx answers returned rather than raised."""

from __future__ import annotations

import http.client
import json
from typing import Any, Dict, NamedTuple, Optional
from urllib.parse import urlsplit

#: A control call is quick; a scenario replay waits for an agent's replies.
TIMEOUT_S = 120.0


class CcemuError(Exception):
    """ccemu refused a control request, or could not be started: its message, code and status."""

    def __init__(self, message: str, code: str = "", status: int = 0) -> None:
        super().__init__(message)
        self.code = code
        self.status = status


class Response(NamedTuple):
    status: int
    headers: Dict[str, str]
    text: str


def send(method: str, url: str, body: Optional[bytes] = None, headers: Optional[Dict[str, str]] = None,
         timeout: float = TIMEOUT_S) -> Response:
    """One request on a connection of its own; the answer whatever its status."""
    parts = urlsplit(url)
    if parts.scheme != "http" or not parts.hostname:
        raise ValueError(f"not an http URL: {url}")
    target = (parts.path or "/") + (f"?{parts.query}" if parts.query else "")
    connection = http.client.HTTPConnection(parts.hostname, parts.port or 80, timeout=timeout)
    try:
        connection.request(method, target, body=body, headers=headers or {})
        answer = connection.getresponse()
        data = answer.read()
        return Response(answer.status, {k.lower(): v for k, v in answer.getheaders()},
                        data.decode("utf-8", "replace"))
    finally:
        connection.close()


def control(url: str, method: str, path: str, body: Optional[object] = None) -> Any:
    """A control-API request (`url` + `path`, a JSON body): its JSON answer, or CcemuError with
    ccemu's own error code and message."""
    data = None if body is None else json.dumps(body, ensure_ascii=False).encode("utf-8")
    headers = {} if data is None else {"Content-Type": "application/json"}
    answer = send(method, url + path, data, headers)
    try:
        parsed = json.loads(answer.text) if answer.text else None
    except ValueError:
        parsed = None
    if answer.status >= 400:
        error = parsed.get("error") if isinstance(parsed, dict) else None
        if isinstance(error, dict):
            raise CcemuError(f"{method} {path}: {error.get('message')}", str(error.get("code", "")),
                             answer.status)
        raise CcemuError(f"{method} {path} answered {answer.status}: {answer.text[:500]}", "",
                         answer.status)
    if parsed is None and answer.text:
        raise CcemuError(f"{method} {path} answered no JSON: {answer.text[:500]}", "NotJson",
                         answer.status)
    return parsed
