"""An emulator for one test: an instance of a ccemu process (created and removed through the
process's `/_emulator/instances`), driven through its own control API, and called at the vendor's
paths with URLs signed as the vendor's SDK signs them, with the instance's virtual time."""

from __future__ import annotations

import json
import os
from datetime import datetime, timedelta
from pathlib import Path
from typing import Any, Dict, List, Mapping, NamedTuple, Optional, Protocol, Union
from urllib.parse import quote

from .agents import replay_failures, replay_request
from .auth import SignedAuth
from .http import CcemuError, control, send
from .signature import query_pairs, sign, utc


class Host(Protocol):
    """The ccemu process an instance lives in (process.py's RunningCcemu), as the instance reads
    it: where it listens and whether it has ended. A protocol rather than an import of
    process.py, which imports this module to make instances."""

    url: str

    @property
    def ended(self) -> bool: ...


#: The methods whose business parameters go on the query; every other one sends a JSON body.
QUERY_METHODS = frozenset({"GET", "HEAD", "DELETE"})
#: The journal's filters, by their Python names where those differ.
_FILTER_NAMES = {"request_id": "requestId"}

Json = Any


class Key(NamedTuple):
    """An access key: its id (the `AccessKeyId` parameter) and the secret that signs."""

    id: str
    secret: str


class CallResult(NamedTuple):
    """A signed call's answer: `status, body = ccemu.call(...)`; `body` is the parsed JSON."""

    status: int
    body: Json


def instance_request(settings: Mapping[str, object]) -> Dict[str, object]:
    """`POST /_emulator/instances`'s body. Defaults as the Deno and Node harnesses': a manual
    clock and seed 1, so that runs repeat. A fixtures path is resolved against this process's
    working folder (ccemu reads it; a fixture document is sent as it is)."""
    known = {"fixtures", "clock", "clock_start", "seed"}
    unknown = set(settings) - known
    if unknown:
        raise TypeError(f"unknown ccemu setting {', '.join(sorted(unknown))}: the settings are "
                        f"{', '.join(sorted(known))}")
    fixtures = settings.get("fixtures")
    if isinstance(fixtures, (str, os.PathLike)):
        fixtures = str(Path(os.fspath(fixtures)).resolve())
    body: Dict[str, object] = {"clock": settings.get("clock") or "manual",
                               "seed": 1 if settings.get("seed") is None else settings["seed"]}
    if fixtures is not None:
        body["fixtures"] = fixtures
    start = settings.get("clock_start")
    if start is not None:
        body["clockStart"] = _time_value(start)
    return body


def _time_value(when: object) -> object:
    """A time as ccemu's control API takes it: ISO text or epoch milliseconds."""
    if isinstance(when, datetime):
        if when.tzinfo is None:
            raise ValueError("a naive datetime is no time ccemu can place: give an aware one "
                             "(tzinfo=timezone.utc)")
        return round(when.timestamp() * 1000)
    return when


class Clock:
    """The instance's virtual clock (`/_emulator/clock`)."""

    def __init__(self, instance: "Instance") -> None:
        self._instance = instance

    def now(self) -> datetime:
        """Its time, as an aware UTC datetime."""
        return utc(self.now_ms())

    def now_ms(self) -> int:
        """Its time in epoch milliseconds, as ccemu reads it."""
        return int(self._instance.control("GET", "/clock")["now"])

    def advance(self, by: Union[int, float, timedelta]) -> Json:
        """Moves it forward (`by`: milliseconds, or a timedelta), firing due timers in time order;
        answers the clock with how many timers fired."""
        ms = by.total_seconds() * 1000 if isinstance(by, timedelta) else by
        if ms < 0:
            raise ValueError("the clock only advances; use clock.set to go back")
        return self._instance.control("POST", "/clock/advance", {"ms": round(ms)})

    def set(self, when: Union[datetime, str, int]) -> Json:
        """Sets it (an aware datetime, ISO text or epoch ms); moving forward fires due timers."""
        return self._instance.control("POST", "/clock", {"now": _time_value(when)})


class Snapshot:
    """The instance's whole state as JSON (`/_emulator/snapshot`)."""

    def __init__(self, instance: "Instance") -> None:
        self._instance = instance

    def export(self) -> Json:
        return self._instance.control("GET", "/snapshot")

    def restore(self, snapshot: Json) -> Json:
        """Imports `snapshot` (what export() gave); refused, nothing changed, when it is not one."""
        return self._instance.control("POST", "/snapshot", snapshot)


class Faults:
    """Fault rules (`/_emulator/faults`, docs/faults.md): errors, delays, dropped answers."""

    def __init__(self, instance: "Instance") -> None:
        self._instance = instance

    def add(self, rule: Mapping[str, object]) -> Json:
        """Adds a rule after the others; refused with the field at fault."""
        return self._instance.control("POST", "/faults", dict(rule))

    def list(self) -> List[Json]:
        return list(self._instance.control("GET", "/faults")["rules"])

    def clear(self) -> Json:
        """Removes every rule: `{"removed": N}`."""
        return self._instance.control("DELETE", "/faults")


class Instance:
    """A fresh emulator: its own state, clock, seed, journal, keys and port."""

    def __init__(self, info: Mapping[str, Any], process: Optional[Host] = None) -> None:
        self.id = str(info["id"])
        #: Where it listens, without a trailing slash: `url + "/gateway/robot_list"`.
        self.url = str(info["url"]).rstrip("/")
        key_id, secret = info.get("accessKeyId"), info.get("accessKeySecret")
        #: The first access key of its fixtures, or None when they hold none.
        self.key = Key(str(key_id), str(secret)) if key_id and secret else None
        self.enterprise_id = None if info.get("enterpriseId") is None else str(info["enterpriseId"])
        self.process = process
        self.clock = Clock(self)
        self.snapshot = Snapshot(self)
        self.faults = Faults(self)
        self._removed = False

    def __repr__(self) -> str:
        return f"<ccemu instance {self.id} at {self.url}>"

    def control(self, method: str, path: str, body: Optional[object] = None) -> Json:
        """A request to this instance's own control API, `url + "/_emulator" + path`."""
        if self._removed:
            raise CcemuError(f"ccemu instance {self.id} was removed when its test (or module) "
                             "ended: keep it only within the tests it was given to", "Removed")
        return control(self.url, method, f"/_emulator{path}", body)

    def signed_url(self, method: str, path: str, query: Optional[Mapping[str, object]] = None) -> str:
        """The URL of a signed call to `path` (with `query`'s parameters), signed with this
        instance's key and its virtual time."""
        if self.key is None:
            raise CcemuError(f"ccemu instance {self.id}'s fixtures hold no access key to sign "
                             "with: add one under accessKeys", "NoAccessKey")
        extra = "&".join(f"{_quote(n)}={_quote(v)}" for n, v in query_pairs(query or {}))
        url = self.url + path + (("&" if "?" in path else "?") + extra if extra else "")
        # The virtual time, read afresh: a manual clock moves only when told, by anyone.
        return sign(method, url, self.key.id, self.key.secret, now=self.clock.now())

    def auth(self) -> SignedAuth:
        """Auth for `requests` and `httpx` (`auth=ccemu.auth()`): signs with this instance's key
        and its virtual time."""
        if self.key is None:
            raise CcemuError(f"ccemu instance {self.id}'s fixtures hold no access key to sign "
                             "with: add one under accessKeys", "NoAccessKey")
        return SignedAuth(self.key.id, self.key.secret, now=self.clock.now)

    def call(self, method: str, path: str, body_or_query: Optional[object] = None) -> CallResult:
        """A signed call at the vendor's path: `(status, body)`. GET, HEAD and DELETE put
        `body_or_query` (a dict) on the query; other methods send it as the JSON body."""
        verb = method.upper()
        in_query = verb in QUERY_METHODS
        if in_query and body_or_query is not None and not isinstance(body_or_query, Mapping):
            raise TypeError(f"{verb} takes its parameters as a dict for the query, got "
                            f"{type(body_or_query).__name__}")
        url = self.signed_url(verb, path, body_or_query if in_query else None)  # type: ignore[arg-type]
        data = None if in_query or body_or_query is None else json.dumps(
            body_or_query, ensure_ascii=False).encode("utf-8")
        headers = {} if data is None else {"Content-Type": "application/json; charset=UTF-8"}
        answer = send(verb, url, data, headers)
        try:
            parsed = json.loads(answer.text)
        except ValueError:
            # As the Node API answers a body that is not JSON.
            parsed = {"error": {"code": "NotJson", "message": answer.text}}
        return CallResult(answer.status, parsed)

    def journal(self, **filters: object) -> List[Json]:
        """Journal entries, oldest first: `area`, `path` (a substring), `status` (`401`, `"4xx"`),
        `since` (an entry id), `request_id`, `limit` (the newest N)."""
        query = "&".join(f"{_FILTER_NAMES.get(name, name)}={_quote(_text(value))}"
                         for name, value in filters.items() if value is not None)
        return list(self.control("GET", "/journal" + (f"?{query}" if query else ""))["entries"])

    def verify(self, operation: Optional[str] = None, *, path: Optional[str] = None,
               method: Optional[str] = None, area: Optional[str] = None,
               status: Optional[Union[int, str]] = None, kind: Optional[str] = None,
               query: Optional[Mapping[str, object]] = None,
               body: Optional[Mapping[str, object]] = None, exactly: Optional[int] = None,
               at_least: Optional[int] = None, at_most: Optional[int] = None,
               since: Optional[int] = None) -> Json:
        """Asserts the journal holds matching requests (`POST /_emulator/journal/verify`): by
        `operation` (`"/gateway/task_create"`) or `path`, and `method`, `area`, `status`, `kind`,
        `query` (name: value), `body` (JSONPath: value, or {"matches": regex}); how many:
        `exactly`, `at_least`, `at_most` (default at least 1); `since` an entry id. Raises
        AssertionError with ccemu's message, which names the near misses and how each differs;
        answers the verdict when it passed."""
        match: Dict[str, object] = {}
        for name, value in (("operation", operation), ("path", path), ("method", method),
                            ("area", area), ("status", status), ("kind", kind), ("query", query),
                            ("body", body)):
            if value is not None:
                match[name] = dict(value) if isinstance(value, Mapping) else value
        count = {name: value for name, value in
                 (("exactly", exactly), ("atLeast", at_least), ("atMost", at_most)) if value is not None}
        request: Dict[str, object] = {"match": match}
        if count:
            request["count"] = count
        if since is not None:
            request["since"] = since
        verdict = self.control("POST", "/journal/verify", request)
        if not verdict.get("passed"):
            raise AssertionError(verdict.get("message") or _verify_message(match, count, verdict))
        return verdict

    def reset(self) -> Json:
        """Back to the fixtures (the clock keeps its time, the journal its entries)."""
        return self.control("POST", "/reset")

    def replay(self, scenario: Union[Mapping[str, Any], str, "os.PathLike[str]"], *,
               agent_url: Optional[str] = None, platform: Optional[str] = None,
               open_url: Optional[str] = None, token: Optional[str] = None,
               check: bool = True) -> Json:
        """Replays a scenario in this instance (`POST /_emulator/scenarios/replay`): a scenario
        document, a scenario file's path, or a shipped scenario's name. `agent_url` (with
        `platform`, `open_url`, `token`) pushes to your agent instead of the scenario's robot.
        Answers the report; with `check` (the default) raises AssertionError naming each failed
        step when it did not pass."""
        report = self.control("POST", "/scenarios/replay", replay_request(
            scenario, agent_url=agent_url, platform=platform, open_url=open_url, token=token))
        if check and not report.get("passed"):
            raise AssertionError(replay_failures(report))
        return report

    def remove(self) -> None:
        """Closes the instance and its port (`DELETE /_emulator/instances/{id}`), once."""
        if self._removed or self.process is None:
            self._removed = True
            return
        self._removed = True
        try:
            control(self.process.url, "DELETE", f"/_emulator/instances/{self.id}")
        except (CcemuError, OSError):
            # A process that has ended took its instances with it: nothing is left to remove.
            if not self.process.ended:
                raise

    def __enter__(self) -> "Instance":
        return self

    def __exit__(self, *exc: object) -> None:
        self.remove()


def _text(value: object) -> str:
    return str(value).lower() if isinstance(value, bool) else str(value)


def _quote(text: str) -> str:
    return quote(text, safe="")


def _verify_message(match: Mapping[str, object], count: Mapping[str, object], verdict: Json) -> str:
    wanted = ", ".join(f"{k}={v!r}" for k, v in count.items()) or "at least 1"
    lines = [f"ccemu journal: {verdict.get('count', 0)} request(s) matched {json.dumps(match, ensure_ascii=False)}, "
             f"wanted {wanted}"]
    misses = verdict.get("nearMisses") or []
    if misses:
        lines.append("near misses:")
    for miss in misses:
        lines.append(f"  entry {miss.get('entryId')}: {miss.get('method', '')} {miss.get('path', '')} "
                     f"{miss.get('status', '')}".rstrip())
        for difference in miss.get("differences") or []:
            lines.append(f"    {difference.get('path')}: expected {json.dumps(difference.get('expected'), ensure_ascii=False)}, "
                         f"got {json.dumps(difference.get('got'), ensure_ascii=False)}")
    if not misses:
        lines.append("no near misses: no request came close")
    return "\n".join(lines)

