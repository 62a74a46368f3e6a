"""How the plugin finds ccemu, as the JUnit extension does: the option, else CCEMU_COMMAND and
CCEMU_DIR, else `deno task start` in a clone and npx's package elsewhere."""

import pytest

from ccemu import CcemuError, LaunchCommand
from ccemu.launch import CLONE_COMMAND, DEFAULT_COMMAND

from conftest import CLONE


def test_the_default_is_npxs_package_outside_a_clone(tmp_path, monkeypatch):
    monkeypatch.delenv("CCEMU_COMMAND", raising=False)
    monkeypatch.delenv("CCEMU_DIR", raising=False)
    monkeypatch.chdir(tmp_path)
    launch = LaunchCommand.resolve()
    assert launch.words == DEFAULT_COMMAND.split()
    assert "CCEMU_DIR" in launch.hint() and "npm install" in launch.hint()


def test_in_a_clone_it_is_deno_task_start(monkeypatch):
    monkeypatch.delenv("CCEMU_COMMAND", raising=False)
    monkeypatch.setenv("CCEMU_DIR", str(CLONE))
    launch = LaunchCommand.resolve()
    assert launch.words == CLONE_COMMAND.split() and launch.directory == CLONE


def test_the_caller_wins_over_the_environment(tmp_path, monkeypatch):
    monkeypatch.setenv("CCEMU_COMMAND", "from-env start")
    monkeypatch.setenv("CCEMU_DIR", str(CLONE))
    launch = LaunchCommand.resolve("'my ccemu' start --no-ui", str(tmp_path))
    assert launch.words == ["my ccemu", "start", "--no-ui"] and launch.directory == tmp_path
    assert LaunchCommand.resolve().words == ["from-env", "start"]


def test_another_command_runs_the_same_way():
    assert LaunchCommand(CLONE_COMMAND.split(), None).for_command("agent-check") == [
        "npx", "--yes", "deno@2.9.6", "task", "agent-check", "--"]
    assert LaunchCommand(DEFAULT_COMMAND.split(), None).for_command("sign")[-1] == "sign"
    with pytest.raises(CcemuError, match="no word `start`"):
        LaunchCommand(["my-ccemu"], None).for_command("agent-check")
