"""One ccemu process, started the way the Node API and the JUnit extension start it: `ccemu start
--port 0 --until-stdin-closes` with standard input kept as an open pipe. The kernel closes that
pipe however Python ends (SIGKILL included), and ccemu then stops, so no ccemu outlives its test
run. Starting costs a second or more (npx, Deno, the app); an instance inside it costs
milliseconds, so tests get instances (instance.py), not processes."""

from __future__ import annotations

import atexit
import os
import re
import shutil
import signal
import subprocess
import threading
from collections import deque
from pathlib import Path
from typing import IO, TYPE_CHECKING, Callable, Deque, Dict, List, Optional, Sequence

from .http import CcemuError, control
from .launch import LaunchCommand

if TYPE_CHECKING:
    from .instance import Instance

#: A ccemu already running, whose instances API the plugin uses instead of starting one.
URL_ENV = "CCEMU_URL"

#: ccemu's first line, machine-readable by design; launchers (npx, deno task) may print before it.
_LISTENING = re.compile(r"^ccemu listening on (http://\S+)")
#: A cold `npx --yes` downloads ccemu and Deno first: minutes on a slow link.
START_TIMEOUT_S = 300.0
#: After stdin closes, how long ccemu has to stop (its own shutdown grace is 1.5 s).
STOP_TIMEOUT_S = 5.0
#: How many lines of each stream a start-up failure shows.
_TAIL_LINES = 200


class _Tail:
    """Drains a pipe on a thread of its own (a full pipe would block ccemu's logging), keeping
    its last lines for a failure's message and calling `on_line` for each."""

    def __init__(self, stream: IO[bytes], on_line: Optional[Callable[[str], None]] = None) -> None:
        self.lines: Deque[str] = deque(maxlen=_TAIL_LINES)
        self._stream = stream
        self._on_line = on_line
        self.thread = threading.Thread(target=self._drain, daemon=True)
        self.thread.start()

    def _drain(self) -> None:
        for raw in iter(self._stream.readline, b""):
            line = raw.decode("utf-8", "replace").rstrip("\r\n")
            self.lines.append(line)
            if self._on_line is not None:
                self._on_line(line)
        self._stream.close()

    def text(self) -> str:
        return "\n".join(self.lines)


def _descendants(pid: int) -> List[int]:
    """The processes below `pid` (Linux's /proc; elsewhere none are found): a launcher (npx,
    deno task) passes no signal on, so its children are stopped one by one."""
    children: Dict[int, List[int]] = {}
    try:
        entries = os.listdir("/proc")
    except OSError:
        return []
    for entry in entries:
        if not entry.isdigit():
            continue
        try:
            with open(f"/proc/{entry}/stat", "rb") as stat:
                fields = stat.read().rsplit(b")", 1)[1].split()
            children.setdefault(int(fields[1]), []).append(int(entry))
        except (OSError, IndexError, ValueError):
            continue
    found: List[int] = []
    todo = [pid]
    while todo:
        for child in children.get(todo.pop(), []):
            found.append(child)
            todo.append(child)
    return found


class RunningCcemu:
    """A ccemu already running at `url` (started by someone else: a container, a CI service):
    instances are made in it, and nothing is stopped."""

    def __init__(self, url: str) -> None:
        self.url = url.rstrip("/")

    @property
    def ended(self) -> bool:
        return False

    def create_instance(self, **settings: object) -> "Instance":
        """A fresh emulator in this process (`POST /_emulator/instances`): `fixtures` (a path on
        ccemu's machine, or a fixture document), `clock` ("real" or "manual"), `clock_start`,
        `seed`. A refused fixture raises CcemuError with ccemu's message."""
        from .instance import Instance, instance_request

        info = control(self.url, "POST", "/_emulator/instances", instance_request(settings))
        return Instance(info, self)

    def stop(self) -> None:
        """Nothing: whoever started it stops it."""


class CcemuProcess(RunningCcemu):
    """A running `ccemu start`: where it listens (`url`) and how to stop it (`stop()`)."""

    def __init__(self, child: "subprocess.Popen[bytes]", url: str, launch: LaunchCommand,
                 stdout: _Tail, stderr: _Tail) -> None:
        super().__init__(url)
        self.child = child
        self.launch = launch
        self._stdout = stdout
        self._stderr = stderr
        self._lock = threading.Lock()

    @property
    def pid(self) -> int:
        return self.child.pid

    @property
    def ended(self) -> bool:
        return self.child.poll() is not None

    @classmethod
    def start(cls, launch: Optional[LaunchCommand] = None, args: Sequence[str] = ()) -> "CcemuProcess":
        """Starts `LAUNCH --port 0 ARGS --until-stdin-closes` and answers once it listens; raises
        CcemuError with what ccemu wrote when it exits before (a bad flag, a bad fixture)."""
        launch = launch or LaunchCommand.resolve()
        # The full path where the PATH has it: on Windows, that is npx.cmd, which only a path runs.
        program = launch.words[0]
        if os.sep not in program and "/" not in program:
            program = shutil.which(program) or program
        argv = [program, *launch.words[1:], "--port", "0", *args, "--until-stdin-closes"]
        env = {**os.environ, "DENO_NO_UPDATE_CHECK": "1", "NO_COLOR": "1"}
        try:
            child = subprocess.Popen(argv, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                     stderr=subprocess.PIPE, cwd=launch.directory, env=env)
        except OSError as error:
            raise CcemuError(f"could not run {launch}: {error}\n--- {launch.hint()}") from error
        found: List[str] = []
        listening = threading.Event()

        def on_line(line: str) -> None:
            match = _LISTENING.match(line)
            if match and not found:
                found.append(match.group(1).rstrip("/"))
                listening.set()

        assert child.stdout is not None and child.stderr is not None
        stdout = _Tail(child.stdout, on_line)
        stderr = _Tail(child.stderr)
        # An exit before the line is a failed start: said at once, not after the time-out.
        def watch_exit() -> None:
            child.wait()
            listening.set()

        threading.Thread(target=watch_exit, daemon=True).start()
        if not listening.wait(START_TIMEOUT_S):
            _stop_tree(child)
            raise cls._failure(launch, f"printed no 'ccemu listening on' line in {START_TIMEOUT_S:.0f} s",
                               stdout, stderr)
        if not found:
            # The drainers reach the pipes' end: the last lines say why it stopped.
            stdout.thread.join(5)
            stderr.thread.join(5)
            raise cls._failure(launch, f"exited with status {child.returncode}", stdout, stderr)
        started = cls(child, found[0], launch, stdout, stderr)
        atexit.register(started.stop)
        return started

    @staticmethod
    def _failure(launch: LaunchCommand, what: str, stdout: _Tail, stderr: _Tail) -> CcemuError:
        # ccemu's own words first: not the line `deno task` echoes before running it.
        own = [line for line in stderr.lines if line.strip() and not line.startswith("Task ")]
        message = "\n".join(own).strip() or stdout.text().strip() or "(it wrote nothing)"
        return CcemuError(f"ccemu did not start: {message}\n--- {launch} {what}\n--- its stderr ---\n"
                          f"{stderr.text()}\n--- its stdout ---\n{stdout.text()}\n--- {launch.hint()}",
                          "StartFailed")

    def stop(self) -> None:
        """Ends it: stdin closed (a clean stop), killed if it takes longer than STOP_TIMEOUT_S."""
        with self._lock:
            if self.child.stdin and not self.child.stdin.closed:
                try:
                    self.child.stdin.close()
                except OSError:
                    pass  # it has gone already
            try:
                self.child.wait(STOP_TIMEOUT_S)
            except subprocess.TimeoutExpired:
                _stop_tree(self.child)

    def __enter__(self) -> "CcemuProcess":
        return self

    def __exit__(self, *exc: object) -> None:
        self.stop()


def _stop_tree(child: "subprocess.Popen[bytes]") -> None:
    for pid in _descendants(child.pid):
        try:
            os.kill(pid, signal.SIGKILL)
        except OSError:
            pass
    child.kill()
    child.wait()

