"""The fixture's members beyond the consumer's: reset, snapshot, faults, journal filters, and
verify() against the contract of POST /_emulator/journal/verify (a stand-in server answers it
where this ccemu has no such route yet)."""

import json
import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

import pytest

from ccemu import CcemuError, Instance


def test_reset_snapshot_and_faults(ccemu):
    added = ccemu.call("POST", "/gateway/add_black_info", {"enterpriseId": ccemu.enterprise_id,
                                                          "mobile": "13800138000"})
    assert added.status == 200, added.body
    with_number = ccemu.snapshot.export()
    ccemu.reset()
    assert ccemu.snapshot.export()["state"] != with_number["state"]
    ccemu.snapshot.restore(with_number)
    assert ccemu.snapshot.export()["state"] == with_number["state"]

    ccemu.faults.add({"operation": "/gateway/robot_list", "first": 1,
                      "effect": {"type": "error", "code": "TooManyRequests"}})
    assert len(ccemu.faults.list()) == 1
    limited = ccemu.call("POST", "/gateway/robot_list", {"robotStatus": 1})
    assert limited.status == 429 and limited.body["error"]["code"] == "TooManyRequests"
    assert ccemu.faults.clear() == {"removed": 1}


def test_journal_filters_and_a_refused_control_request(ccemu):
    status, body = ccemu.call("POST", "/gateway/robot_list", {"robotStatus": 1})
    entries = ccemu.journal(request_id=body["requestId"])
    assert [entry["requestId"] for entry in entries] == [body["requestId"]]
    with pytest.raises(CcemuError) as refused:
        ccemu.journal(status="teapot")
    assert refused.value.status == 400 and "status" in str(refused.value)


def test_a_post_with_a_query_on_the_path_and_a_get_with_a_list(ccemu):
    on_path = ccemu.call("GET", "/aikb/list_directory_tree?repositoryId=101&type=FAQ")
    as_dict = ccemu.call("GET", "/aikb/list_directory_tree", {"repositoryId": 101, "type": "FAQ"})
    assert on_path.status == 200 and on_path.body["result"] == as_dict.body["result"]


class _Verify(BaseHTTPRequestHandler):
    """Answers the route as its contract says: a verdict, or 404 for the route-less case."""

    verdict: object = None
    received: list = []

    def do_POST(self):
        body = json.loads(self.rfile.read(int(self.headers["Content-Length"])))
        type(self).received.append((self.path, body))
        if self.verdict is None:
            data = json.dumps({"requestId": "r", "error": {"code": "ResourceNotFound",
                                                           "message": "No route."}}).encode()
            self.send_response(404)
        else:
            data = json.dumps(self.verdict).encode()
            self.send_response(200)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(data)))
        self.end_headers()
        self.wfile.write(data)

    def log_message(self, *args):
        pass


@pytest.fixture
def stand_in():
    server = ThreadingHTTPServer(("127.0.0.1", 0), _Verify)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    _Verify.received = []
    yield Instance({"id": "1", "url": f"http://127.0.0.1:{server.server_address[1]}"})
    server.shutdown()
    server.server_close()


def test_verify_sends_the_contracts_request_and_lists_near_misses(stand_in):
    _Verify.verdict = {"passed": False, "count": 0, "entries": [], "nearMisses": [
        {"entryId": 7, "method": "POST", "path": "/gateway/robot_list", "status": 200, "differences": [{"path": "$.robotStatus", "expected": 2, "got": 1}]}]}
    with pytest.raises(AssertionError) as failed:
        stand_in.verify(path="/gateway/robot_list", method="POST", body={"$.robotStatus": 2},
                        at_least=1, at_most=3)
    assert _Verify.received == [("/_emulator/journal/verify", {
        "match": {"path": "/gateway/robot_list", "method": "POST", "body": {"$.robotStatus": 2}},
        "count": {"atLeast": 1, "atMost": 3}})]
    message = str(failed.value)
    assert "0 request(s) matched" in message
    assert "entry 7: POST /gateway/robot_list 200" in message and "$.robotStatus: expected 2, got 1" in message


def test_verify_answers_the_verdict_when_it_passed(stand_in):
    _Verify.verdict = {"passed": True, "count": 1, "entries": [{"id": 3}], "nearMisses": []}
    assert stand_in.verify("/gateway/task_create", exactly=1, since=12)["count"] == 1
    assert _Verify.received[-1][1] == {"match": {"operation": "/gateway/task_create"},
                                       "count": {"exactly": 1}, "since": 12}


def test_verify_raises_ccemus_own_message_when_it_gives_one(stand_in):
    _Verify.verdict = {"passed": False, "count": 0, "nearMisses": [], "message": "ccemu says why"}
    with pytest.raises(AssertionError, match="^ccemu says why$"):
        stand_in.verify("/gateway/task_create")


def test_verify_where_ccemu_has_no_such_route(stand_in):
    _Verify.verdict = None
    with pytest.raises(CcemuError) as missing:
        stand_in.verify(path="/gateway/robot_list")
    assert missing.value.status == 404
