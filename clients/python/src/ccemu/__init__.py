"""ccemu for Python: a pytest plugin (the `ccemu` fixture: a fresh emulator per test), signing
for any HTTP client, and a Python agent's test loop. Standard library only.

    def test_robots(ccemu):
        status, body = ccemu.call("POST", "/gateway/robot_list", {"robotStatus": 1})
        assert status == 200

docs/python.md in ccemu's repository has the guide.
"""

from __future__ import annotations

from typing import Optional, Sequence

from .agents import AgentCheckReport, agent_check
from .auth import HttpxAuth, RequestsAuth, SignedAuth
from .http import CcemuError
from .instance import CallResult, Instance, Key
from .launch import LaunchCommand
from .process import CcemuProcess, RunningCcemu
from .signature import sign, string_to_sign

__version__ = "0.1.0"

__all__ = [
    "AgentCheckReport",
    "CallResult",
    "CcemuError",
    "CcemuProcess",
    "HttpxAuth",
    "Instance",
    "Key",
    "LaunchCommand",
    "RequestsAuth",
    "RunningCcemu",
    "SignedAuth",
    "agent_check",
    "sign",
    "start",
    "string_to_sign",
]


def start(command: Optional[str] = None, directory: Optional[str] = None,
          args: Sequence[str] = (), launch: Optional[LaunchCommand] = None) -> CcemuProcess:
    """Starts a ccemu process outside pytest (`with ccemu.start() as process:`), the way the
    plugin does: `command`, else CCEMU_COMMAND, else npx's ccemu (or `deno task start` in a
    clone); `args` are further flags of `ccemu start`. Raises CcemuError with ccemu's own message
    when it cannot start. `process.create_instance(clock=..., seed=..., fixtures=...)` answers an
    Instance."""
    return CcemuProcess.start(launch or LaunchCommand.resolve(command, directory), args)
