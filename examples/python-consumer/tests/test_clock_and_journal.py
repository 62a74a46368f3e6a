"""The virtual clock and the journal of a test's own emulator."""

from datetime import datetime, timedelta, timezone

import pytest


MONDAY = datetime(2026, 1, 5, 1, 0, tzinfo=timezone.utc)


def test_the_manual_clock_moves_only_when_told(ccemu):
    assert ccemu.clock.now() == MONDAY
    ccemu.clock.advance(timedelta(hours=1))
    assert ccemu.clock.now() == MONDAY + timedelta(hours=1)
    # Calls are signed with the virtual time: a day on, they still go through.
    ccemu.clock.set("2026-01-06T09:00:00+08:00")
    assert ccemu.call("POST", "/gateway/robot_list", {"robotStatus": 1}).status == 200


@pytest.mark.ccemu(clock="manual", clock_start="2026-03-02T08:00:00Z", seed=7)
def test_the_marker_sets_the_clock(ccemu):
    assert ccemu.clock.now() == datetime(2026, 3, 2, 8, 0, tzinfo=timezone.utc)


@pytest.mark.parametrize("ccemu", [{"clock": "real"}], indirect=True)
def test_a_fixture_parameter_sets_the_clock(ccemu):
    assert abs(ccemu.clock.now() - datetime.now(timezone.utc)) < timedelta(minutes=1)


def test_the_journal(ccemu):
    ccemu.call("POST", "/gateway/robot_list", {"robotStatus": 1})
    ccemu.call("GET", "/aikb/list_public_repositories")
    outbound = ccemu.journal(area="outbound")
    assert [entry["path"] for entry in outbound] == ["/gateway/robot_list"]
    assert outbound[0]["response"]["status"] == 200
    assert len(ccemu.journal(limit=1)) == 1
    assert ccemu.journal(status="4xx") == []


def test_verify_asserts_on_the_journal(ccemu):
    ccemu.call("POST", "/gateway/robot_list", {"robotStatus": 1})
    verdict = ccemu.verify("/gateway/robot_list", method="POST", exactly=1)
    assert verdict["passed"] and verdict["count"] == 1
    # The request meant, with another body: a near miss, and how it differs.
    with pytest.raises(AssertionError) as failed:
        ccemu.verify("/gateway/robot_list", body={"$.robotStatus": 2})
    assert "$.robotStatus" in str(failed.value)
