"""The pytest plugin (entry point `pytest11`): one ccemu process per pytest session, started on
first use, and a fresh instance of it per test (`ccemu`), per module (`ccemu_module`, or
`--ccemu-scope module`), or as many as a test asks for (`ccemu_factory`).

Settings come from the marker `@pytest.mark.ccemu(clock="manual", seed=1, fixtures=...,
clock_start=...)` (on the test, its class or its module) or from indirect parameters
(`@pytest.mark.parametrize("ccemu", [{"seed": 2}], indirect=True)`)."""

from __future__ import annotations

import os
from typing import Any, Callable, Dict, Iterator, List, Literal, Optional, Union

import pytest

from .http import CcemuError
from .instance import Instance
from .launch import COMMAND_ENV, DIRECTORY_ENV, LaunchCommand
from .process import URL_ENV, CcemuProcess, RunningCcemu

_SCOPES = ("function", "module")


def pytest_addoption(parser: pytest.Parser) -> None:
    group = parser.getgroup("ccemu", "ccemu, the emulator of the contact-center platform's APIs")
    group.addoption("--ccemu-command", default=None,
                    help=f"the command that runs `ccemu start` (else ${COMMAND_ENV}, else npx's "
                         "ccemu@0.1.0, or `deno task start --` in a clone of ccemu)")
    group.addoption("--ccemu-dir", default=None,
                    help=f"the folder to run it in (else ${DIRECTORY_ENV})")
    group.addoption("--ccemu-url", default=None,
                    help=f"a ccemu already running (its address, e.g. http://127.0.0.1:8686): "
                         f"instances are made there and no process is started (else ${URL_ENV})")
    group.addoption("--ccemu-scope", default=None, choices=_SCOPES,
                    help="how long the `ccemu` fixture's instance lives: a test (function, the "
                         "default) or a module")
    parser.addini("ccemu_command", "the command that runs `ccemu start`", default=None)
    parser.addini("ccemu_dir", "the folder to run it in (relative to the ini file)", default=None)
    parser.addini("ccemu_url", "a ccemu already running, to make instances in", default=None)
    parser.addini("ccemu_scope", "function (default) or module", default=None)


def pytest_configure(config: pytest.Config) -> None:
    config.addinivalue_line(
        "markers",
        "ccemu(clock='manual', seed=1, fixtures=None, clock_start=None): the settings of the test's"
        " ccemu instance (fixtures: a file or folder, or a fixture document)")


def _setting(config: pytest.Config, name: str) -> Optional[str]:
    option = config.getoption(f"ccemu_{name}")
    if option:
        return str(option)
    # The environment (CI, a developer's shell) before the project's ini file.
    env = {"command": COMMAND_ENV, "dir": DIRECTORY_ENV, "url": URL_ENV}.get(name)
    if env and os.environ.get(env):
        return os.environ[env]
    value = config.getini(f"ccemu_{name}")
    if not value:
        return None
    if name == "dir" and config.inipath is not None:
        # A folder in an ini file is the file's: `ccemu_dir = ../ccemu` wherever pytest runs.
        return str((config.inipath.parent / str(value)).resolve())
    return str(value)


class _Session:
    """The session's process: started on first use; a failed start is not retried for every test,
    since the same command fails the same way."""

    def __init__(self, config: pytest.Config) -> None:
        self.config = config
        self.process: Optional[RunningCcemu] = None
        self.failure: Optional[CcemuError] = None
        #: How ccemu runs in this session: the pytest options, else the environment, else the ini.
        self.launch = LaunchCommand.resolve(_setting(config, "command"), _setting(config, "dir"))

    def get(self) -> RunningCcemu:
        if self.failure is not None:
            raise CcemuError(f"ccemu failed to start earlier in this session: {self.failure}",
                             self.failure.code)
        if self.process is None or self.process.ended:
            url = _setting(self.config, "url")
            if url:
                self.process = RunningCcemu(url)
                return self.process
            try:
                self.process = CcemuProcess.start(self.launch)
            except CcemuError as error:
                self.failure = error
                raise
        return self.process

    def stop(self) -> None:
        if self.process is not None:
            self.process.stop()


@pytest.fixture(scope="session")
def ccemu_process(pytestconfig: pytest.Config) -> Iterator[_Session]:
    """The session's ccemu process (started when an instance is first asked for)."""
    session = _Session(pytestconfig)
    yield session
    session.stop()


@pytest.fixture(scope="session")
def ccemu_launch(ccemu_process: _Session) -> LaunchCommand:
    """How this session runs ccemu, for a test that starts a process of its own
    (`ccemu.start(launch=ccemu_launch, args=[...])`) or runs `ccemu.agent_check(..., launch=...)`."""
    return ccemu_process.launch


def _settings(request: pytest.FixtureRequest) -> Dict[str, Any]:
    """The instance's settings: an indirect parameter, else the closest `ccemu` marker."""
    param = getattr(request, "param", None)
    if param is not None:
        if not isinstance(param, dict):
            raise TypeError(f"a ccemu fixture parameter is a dict of settings, got {param!r}")
        return dict(param)
    node = request.node
    marker = node.get_closest_marker("ccemu")
    if marker is None:
        return {}
    if marker.args:
        raise TypeError("@pytest.mark.ccemu takes keyword settings only: clock=, seed=, fixtures=,"
                        " clock_start=")
    return dict(marker.kwargs)


def _instance(request: pytest.FixtureRequest, session: _Session) -> Iterator[Instance]:
    instance = session.get().create_instance(**_settings(request))
    try:
        yield instance
    finally:
        instance.remove()


def _ccemu_scope(fixture_name: str, config: pytest.Config) -> Literal["function", "module"]:
    scope = _setting(config, "scope") or "function"
    if scope == "module":
        return "module"
    if scope != "function":
        raise pytest.UsageError(f"ccemu_scope must be function or module, got {scope!r}")
    return "function"


@pytest.fixture(scope=_ccemu_scope)
def ccemu(request: pytest.FixtureRequest, ccemu_process: _Session) -> Iterator[Instance]:
    """A fresh ccemu instance: its own state, clock, journal and port, removed when the test (or,
    with --ccemu-scope module, the module) ends, whether it passed or not."""
    yield from _instance(request, ccemu_process)


@pytest.fixture(scope="module")
def ccemu_module(request: pytest.FixtureRequest, ccemu_process: _Session) -> Iterator[Instance]:
    """One ccemu instance for every test of a module (its marker: `pytestmark`)."""
    yield from _instance(request, ccemu_process)


Factory = Callable[..., Instance]


@pytest.fixture
def ccemu_factory(ccemu_process: _Session) -> Iterator[Factory]:
    """Makes instances (`ccemu_factory(clock="real", seed=2)`), all removed when the test ends."""
    made: List[Instance] = []

    def make(**settings: Union[str, int, object]) -> Instance:
        instance = ccemu_process.get().create_instance(**settings)
        made.append(instance)
        return instance

    yield make
    for instance in made:
        instance.remove()
