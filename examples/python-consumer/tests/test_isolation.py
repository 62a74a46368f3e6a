"""Each test gets an emulator of its own: what one test adds, the next does not see."""

import pytest

QUESTIONS = ["the first test's question", "the second test's question"]


def questions(ccemu):
    status, body = ccemu.call("POST", "/aikb/list_faqs", {"repositoryId": 101, "limit": 100})
    assert status == 200, body
    return [faq["question"] for faq in body["result"]]


def add_faq(ccemu, question):
    status, body = ccemu.call("POST", "/aikb/create_faq", {
        "repositoryId": 101, "directoryId": 1001, "question": question, "answers": [{"content": "yes", "type": "text"}],
    })
    assert status == 200, body


@pytest.mark.parametrize("mine", QUESTIONS)
def test_a_test_sees_only_its_own_changes(ccemu, mine):
    add_faq(ccemu, mine)
    seen = questions(ccemu)
    assert mine in seen
    assert [other for other in QUESTIONS if other != mine and other in seen] == []


def test_two_emulators_in_one_test(ccemu_factory):
    one, two = ccemu_factory(), ccemu_factory()
    assert one.url != two.url
    add_faq(one, "only in one")
    assert "only in one" in questions(one)
    assert "only in one" not in questions(two)
