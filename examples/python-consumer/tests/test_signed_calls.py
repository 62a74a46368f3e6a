"""Signed calls at the vendor's paths: the fixture's call(), and the signing auth for requests and
httpx users (each run only where the library is installed)."""

import json
import urllib.request

import pytest

import ccemu as ccemu_package


def test_an_outbound_operation(ccemu):
    status, body = ccemu.call("POST", "/gateway/robot_list", {"robotStatus": 1})
    assert status == 200, body
    assert [robot["robotDefId"] for robot in body["result"]["list"]]


def test_a_knowledge_base_operation(ccemu):
    status, body = ccemu.call("GET", "/aikb/list_directory_tree", {"repositoryId": 101, "type": "FAQ"})
    assert status == 200, body
    created = ccemu.call("POST", "/aikb/create_faq", {
        "repositoryId": 101,
        "directoryId": body["result"][0]["id"],
        "question": "How long does a refund take?",
        "answers": [{"content": "Three working days.", "type": "text"}],
    })
    assert created.status == 200, created.body


def test_a_wrong_signature_is_refused_with_what_ccemu_expected(ccemu):
    url = ccemu_package.sign("POST", ccemu.url + "/gateway/robot_list", ccemu.key.id, "not-the-secret",
                             now=ccemu.clock.now())
    request = urllib.request.Request(url, data=b'{"robotStatus":1}', method="POST",
                                     headers={"Content-Type": "application/json"})
    with pytest.raises(urllib.error.HTTPError) as refused:
        urllib.request.build_opener(urllib.request.ProxyHandler({})).open(request)
    body = json.loads(refused.value.read())
    assert refused.value.code == 401
    assert body["error"]["code"] == "AuthFailure"
    assert "POST127.0.0.1/gateway/robot_list?AccessKeyId=" in body["error"]["message"]


def test_requests_with_the_signing_auth(ccemu):
    requests = pytest.importorskip("requests")
    session = requests.Session()
    session.trust_env = False  # no proxy between the test and ccemu on loopback
    answer = session.post(ccemu.url + "/gateway/robot_list", json={"robotStatus": 1}, auth=ccemu.auth())
    assert answer.status_code == 200, answer.text
    answer = session.get(ccemu.url + "/aikb/list_directory_tree",
                         params={"repositoryId": 101, "type": "FAQ"}, auth=ccemu.auth())
    assert answer.status_code == 200, answer.text


def test_httpx_with_the_signing_auth(ccemu):
    httpx = pytest.importorskip("httpx")
    with httpx.Client(trust_env=False, auth=ccemu.auth()) as client:
        answer = client.post(ccemu.url + "/gateway/robot_list", json={"robotStatus": 1})
        assert answer.status_code == 200, answer.text
        answer = client.get(ccemu.url + "/aikb/list_directory_tree",
                            params={"repositoryId": 101, "type": "FAQ"})
        assert answer.status_code == 200, answer.text
