"""A Python agent's test loop: scenarios replayed through an instance's control API
(`POST /_emulator/scenarios/replay`, what `ccemu replay` runs), and the conformance battery of
`ccemu agent-check`, which has no control route: it runs as ccemu's own command."""

from __future__ import annotations

import json
import os
import subprocess
from pathlib import Path
from typing import Any, Dict, List, Mapping, NamedTuple, Optional, Sequence, Union

from .http import CcemuError
from .launch import LaunchCommand

Scenario = Union[Mapping[str, Any], str, "os.PathLike[str]"]


def replay_request(scenario: Scenario, *, agent_url: Optional[str] = None,
                   platform: Optional[str] = None, open_url: Optional[str] = None,
                   token: Optional[str] = None) -> Dict[str, Any]:
    """The body of `POST /_emulator/scenarios/replay`: `{"scenario": ...}` for a document or a
    file, `{"name": ...}` for a shipped scenario; with `agent_url`, the scenario's robot becomes
    your agent (as `ccemu replay --agent` does)."""
    document: Optional[Dict[str, Any]]
    if isinstance(scenario, Mapping):
        document = dict(scenario)
    elif isinstance(scenario, os.PathLike) or str(scenario).endswith(".json"):
        path = Path(os.fspath(scenario))
        try:
            document = json.loads(path.read_text(encoding="utf-8"))
        except (OSError, ValueError) as error:
            raise CcemuError(f"scenario file {path}: {error}", "InvalidScenario") from error
    else:
        document = None
    if agent_url is None:
        for name, value in (("platform", platform), ("open_url", open_url), ("token", token)):
            if value is not None:
                raise TypeError(f"replay: {name} needs agent_url")
        return {"scenario": document} if document is not None else {"name": str(scenario)}
    if document is None:
        raise TypeError("replay: agent_url replaces a scenario's robot, so give the scenario "
                        "itself (a document or a file), not a shipped scenario's name")
    robot: Dict[str, Any] = {"url": agent_url, "platform": platform or "Default"}
    if open_url is not None:
        robot["openUrl"] = open_url
    if token is not None:
        robot["token"] = token
    return {"scenario": {**document, "robot": robot}}


def replay_failures(report: Mapping[str, Any]) -> str:
    """A failed replay as `ccemu replay` prints it: the scenario, then each failed step's why."""
    lines = [f"FAIL {report.get('name')}"]
    open_step = report.get("open")
    for step in ([open_step] if open_step else []) + list(report.get("steps") or []):
        for failure in step.get("failures") or []:
            lines.append(f"     {step.get('name')}: {failure}")
    return "\n".join(lines)


class AgentCheckReport(NamedTuple):
    """What `ccemu agent-check` found: `passed` (no error), its printed report, its exit status."""

    passed: bool
    text: str
    exit_status: int


def agent_check(url: str, *, platform: str = "Default", mode: str = "blocking",
                token: Optional[str] = None, open_path: Optional[str] = None,
                transfer_text: Optional[str] = None, sessions: Optional[int] = None,
                timeout_ms: Optional[int] = None, command: Optional[str] = None,
                directory: Optional[str] = None, launch: Optional[LaunchCommand] = None,
                check: bool = True, timeout_s: float = 600.0) -> AgentCheckReport:
    """Runs `ccemu agent-check` against your running agent (its message interface `url`): the
    open-session call, a text, a follow-up, an image, a transfer request and concurrent sessions,
    each reply checked against the gateway's message schemas. ccemu is run as the pytest plugin
    runs it (`launch`, the `ccemu_launch` fixture's in a test; else `command`, else CCEMU_COMMAND,
    with `start` replaced by `agent-check`; `directory`, else CCEMU_DIR). With `check` (the default), raises AssertionError with the report when it
    found an error."""
    launch = launch or LaunchCommand.resolve(command, directory)
    flags: List[str] = ["--url", url, "--platform", platform, "--mode", mode]
    for flag, value in (("--token", token), ("--open-path", open_path),
                        ("--transfer-text", transfer_text), ("--sessions", sessions),
                        ("--timeout", timeout_ms)):
        if value is not None:
            flags += [flag, str(value)]
    return _run_check(launch.for_command("agent-check") + flags, launch.directory, check, timeout_s)


def _run_check(argv: Sequence[str], cwd: Optional[Path], check: bool,
               timeout_s: float) -> AgentCheckReport:
    env = {**os.environ, "DENO_NO_UPDATE_CHECK": "1", "NO_COLOR": "1"}
    try:
        done = subprocess.run(list(argv), cwd=cwd, env=env, stdin=subprocess.DEVNULL,
                              capture_output=True, timeout=timeout_s)
    except OSError as error:
        raise CcemuError(f"could not run {' '.join(argv)}: {error}") from error
    text = done.stdout.decode("utf-8", "replace").strip()
    errors = done.stderr.decode("utf-8", "replace").strip()
    if done.returncode not in (0, 1) or not text.startswith("ccemu agent check"):
        # 2: bad arguments; anything else: ccemu did not run. Its own words say which.
        raise CcemuError(f"ccemu agent-check exited with status {done.returncode}: "
                         f"{errors or text}", "AgentCheckFailed", done.returncode)
    report = AgentCheckReport(done.returncode == 0, text, done.returncode)
    if check and not report.passed:
        raise AssertionError(f"ccemu agent-check found errors in the agent at {argv[argv.index('--url') + 1]}:\n{text}")
    return report
