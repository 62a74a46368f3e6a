"""The Python agent of docs/write-an-agent.md (examples/agents/python/agent.py), tested as its
developer would: its scenarios replayed against it by a ccemu instance, and ccemu agent-check."""

import subprocess
import sys
from pathlib import Path

import pytest

import ccemu as ccemu_package

HERE = Path(__file__).resolve().parent.parent
AGENT = HERE.parent / "agents" / "python" / "agent.py"
SCENARIOS = sorted((HERE / "scenarios").glob("*.json"))


@pytest.fixture(scope="module")
def agent():
    """The agent on a free port, with the token the scenarios send; stopped after the module."""
    child = subprocess.Popen([sys.executable, str(AGENT), "0"], stdout=subprocess.PIPE, text=True,
                             env={"AGENT_TOKEN": "secret"})
    try:
        first = child.stdout.readline()
        assert first.startswith("agent listening on "), first
        yield first.split()[-1]
    finally:
        child.terminate()
        child.wait()


@pytest.mark.parametrize("scenario", SCENARIOS, ids=[path.stem for path in SCENARIOS])
def test_the_agent_passes_its_scenario(ccemu, agent, scenario):
    platform_a = "platform-a" in scenario.name
    report = ccemu.replay(
        scenario,
        agent_url=f"{agent}/v1/chat-messages" if platform_a else f"{agent}/message",
        platform="PlatformA" if platform_a else "Default",
        open_url=None if platform_a else f"{agent}/open",
        token="secret",
    )
    assert report["passed"]
    assert len(report["steps"]) >= 2


def test_a_failing_scenario_names_the_step(ccemu, agent):
    scenario = {"name": "wrong expectation", "robot": {"url": "http://127.0.0.1:1/message"},
                "steps": [{"name": "greeting", "send": {"text": "hi"},
                           "expect": {"textContains": "Welcome!"}}]}
    with pytest.raises(AssertionError, match="greeting: .*Welcome!"):
        ccemu.replay(scenario, agent_url=f"{agent}/message", token="secret")


def test_the_agent_passes_agent_check(agent, ccemu_launch):
    report = ccemu_package.agent_check(f"{agent}/message", open_path="/open", token="secret",
                                       mode="streaming", launch=ccemu_launch)
    assert report.passed
    assert "PASSED" in report.text
