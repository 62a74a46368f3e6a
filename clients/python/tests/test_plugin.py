"""The plugin as a pytest user meets it, each run in a pytest of its own (pytester): markers,
fixture parameters, the scopes, a failed start's message, and no ccemu left afterwards."""

import os
import re
from importlib.metadata import entry_points

#: Where the wheel is installed, pytest loads the plugin by its entry point; from the sources
#: (PYTHONPATH=src), the runs name it.
INSTALLED = any(e.value == "ccemu.plugin" for e in entry_points(group="pytest11"))
PLUGIN = () if INSTALLED else ("-p", "ccemu.plugin")


def run(pytester, *args):
    return pytester.runpytest_subprocess(*PLUGIN, *args)


def _pids_of_ccemu_children(output):
    return [int(pid) for pid in re.findall(r"ccemu pid (\d+)", output)]


def _alive(pid):
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    return True


def test_instances_markers_parameters_and_scopes(pytester):
    pytester.makepyfile(test_one="""
        import pytest
        from datetime import datetime, timezone

        urls = []

        def test_a(ccemu, ccemu_module):
            urls.append(ccemu.url)
            assert ccemu.call("POST", "/gateway/robot_list", {"robotStatus": 1}).status == 200
            print("ccemu pid", ccemu.process.pid)

        def test_b(ccemu, ccemu_module):
            urls.append(ccemu.url)
            assert urls[0] != urls[1]  # a fresh instance per test
            assert ccemu.journal() == []

        @pytest.mark.ccemu(clock_start="2026-02-02T00:00:00Z")
        def test_marker(ccemu):
            assert ccemu.clock.now() == datetime(2026, 2, 2, tzinfo=timezone.utc)

        @pytest.mark.parametrize("ccemu", [{"seed": 42}], indirect=True)
        def test_param(ccemu):
            assert ccemu.control("GET", "/health")["seed"] == 42

        def test_module_instance_is_shared(ccemu_module):
            ccemu_module.call("POST", "/gateway/robot_list", {"robotStatus": 1})
            assert len(ccemu_module.journal()) == 1
    """)
    result = run(pytester, "-s")
    result.assert_outcomes(passed=5)
    pids = _pids_of_ccemu_children(result.stdout.str())
    assert pids and not any(_alive(pid) for pid in pids), "ccemu outlived the session"


def test_the_module_scope_option(pytester):
    pytester.makepyfile(test_scope="""
        seen = []

        def test_a(ccemu):
            seen.append(ccemu.url)

        def test_b(ccemu):
            assert seen == [ccemu.url]
    """)
    run(pytester, "--ccemu-scope", "module").assert_outcomes(passed=2)


def test_a_failed_start_says_why_once_and_each_test_errors(pytester):
    pytester.makepyfile(test_fail="""
        def test_a(ccemu):
            pass

        def test_b(ccemu):
            pass
    """)
    result = run(pytester, 
        "--ccemu-command", "npx --yes deno@2.9.6 task start -- --fixtures no/such/file.json")
    result.assert_outcomes(errors=2)
    output = result.stdout.str()
    assert "ccemu did not start: " in output
    assert "no/such/file.json" in output
    assert "ccemu failed to start earlier in this session" in output


def test_a_bad_marker_is_refused(pytester):
    pytester.makepyfile(test_bad="""
        import pytest

        @pytest.mark.ccemu(colck="manual")
        def test_a(ccemu):
            pass
    """)
    result = run(pytester)
    result.assert_outcomes(errors=1)
    result.stdout.fnmatch_lines(["*unknown ccemu setting colck*"])


def test_a_running_ccemu_is_used_and_left_running(pytester):
    import ccemu
    from ccemu.http import control

    with ccemu.start() as running:
        pytester.makepyfile(test_url=f"""
            def test_a(ccemu):
                assert ccemu.process.url == "{running.url}"
                assert type(ccemu.process).__name__ == "RunningCcemu"
                assert ccemu.call("POST", "/gateway/robot_list", {{"robotStatus": 1}}).status == 200
        """)
        run(pytester, "--ccemu-url", running.url).assert_outcomes(passed=1)
        assert not running.ended
        assert control(running.url, "GET", "/_emulator/instances")["instances"] == []
