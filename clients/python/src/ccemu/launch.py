"""How to run ccemu: the command (the npm package, a clone's `deno task start`, or the caller's
own) and the folder it runs in, as the Node API and the JUnit extension find them too. Apart from
process.py so that agents.py, which runs other ccemu commands the same way, needs no process."""

from __future__ import annotations

import os
import shlex
from pathlib import Path
from typing import List, Optional, Sequence

from .http import CcemuError

#: The npm package ccemu 0.1.0: npx takes it from the folder's node_modules when it is installed
#: there, else from the registry; --yes so that npx never stops to ask in CI.
DEFAULT_COMMAND = "npx --yes ccemu@0.1.0 start"
#: In a clone of ccemu: its own `deno task start`, with Deno 2.9 from npm.
CLONE_COMMAND = "npx --yes deno@2.9.6 task start --"
#: The variables the JUnit extension reads too: the command, and the folder it runs in.
COMMAND_ENV = "CCEMU_COMMAND"
DIRECTORY_ENV = "CCEMU_DIR"


def is_clone(folder: Path) -> bool:
    """A clone of ccemu: its deno.json (which has the start task), main.ts and emulator/ folder."""
    return (folder / "deno.json").is_file() and (folder / "main.ts").is_file() and (
        folder / "emulator").is_dir()


class LaunchCommand:
    """How to run ccemu: the command's words (without the flags added here) and its folder."""

    def __init__(self, words: Sequence[str], directory: Optional[Path]) -> None:
        if not words:
            raise ValueError("the ccemu command is empty")
        self.words = list(words)
        self.directory = directory

    @classmethod
    def resolve(cls, command: Optional[str] = None, directory: Optional[str] = None) -> "LaunchCommand":
        """The caller's choice first (a pytest option), then the environment's (CCEMU_COMMAND,
        CCEMU_DIR), then the default for the folder: CLONE_COMMAND in a clone of ccemu, else
        DEFAULT_COMMAND."""
        folder_text = directory or os.environ.get(DIRECTORY_ENV) or None
        folder = Path(folder_text).resolve() if folder_text else None
        text = command or os.environ.get(COMMAND_ENV) or (
            CLONE_COMMAND if is_clone(folder or Path.cwd()) else DEFAULT_COMMAND)
        return cls(shlex.split(text), folder)

    def for_command(self, name: str) -> List[str]:
        """The words that run another ccemu command (`agent-check`, `sign`) the same way: the
        start command's last `start` becomes `name`."""
        if "start" not in self.words:
            raise CcemuError(f"cannot tell how to run `ccemu {name}` from the command "
                             f"{shlex.join(self.words)}: it has no word `start` to replace")
        at = len(self.words) - 1 - self.words[::-1].index("start")
        return self.words[:at] + [name] + self.words[at + 1:]

    def hint(self) -> str:
        """What to change when this launch fails: the ways to name ccemu, in the order they count."""
        ways = (f"--ccemu-command, else {COMMAND_ENV}, sets the command, and --ccemu-dir, else "
                f"{DIRECTORY_ENV}, the folder it runs in")
        if self.words != shlex.split(DEFAULT_COMMAND):
            return f"({ways})"
        folder = self.directory or Path.cwd()
        return (f"(this is the npm package ccemu 0.1.0, which npx takes from {folder / 'node_modules'}"
                f" when it is installed there, else from the npm registry. Set {DIRECTORY_ENV} to a"
                f" clone of ccemu (it then runs '{CLONE_COMMAND}' there), or install the package in"
                f" that folder (npm install /path/to/ccemu-0.1.0.tgz), or set {COMMAND_ENV} to a"
                f" command that runs ccemu start. In order: {ways})")

    def __str__(self) -> str:
        return shlex.join(self.words) + (f" (in {self.directory})" if self.directory else "")
