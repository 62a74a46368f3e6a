"""sign() is byte for byte ccemu's signing: the shared vectors (tests/signed-api/vectors.json,
which ccemu's own tests hold to its TypeScript signing) and the URL `ccemu sign` prints."""

import json
import shlex
import subprocess
from datetime import datetime, timezone

import pytest

from ccemu import sign, string_to_sign
from ccemu.signature import compute_signature, java_url_encode, query_pairs

from conftest import CLONE

VECTORS = json.loads((CLONE / "tests" / "signed-api" / "vectors.json").read_text(encoding="utf-8"))


@pytest.mark.parametrize("text,encoded", VECTORS["javaUrlEncode"])
def test_java_url_encode_matches_the_vectors(text, encoded):
    assert java_url_encode(text) == encoded


def test_a_lone_surrogate_encodes_as_javas_question_mark():
    assert java_url_encode("lone\ud800x") == "lone%3Fx"
    assert java_url_encode("x\udc00") == "x%3F"
    assert java_url_encode("\ud83d\ude00") == "%F0%9F%98%80"  # a pair is one character


@pytest.mark.parametrize("vector", VECTORS["signUrl"], ids=lambda v: v["url"][:60])
def test_sign_gives_the_vectors_urls(vector):
    now = datetime.fromisoformat(vector["now"].replace("Z", "+00:00"))
    signed = sign(vector["method"], vector["url"], vector["accessKeyId"], vector["accessKeySecret"],
                  now=now, expires=vector.get("expires", 600), sign_host=vector.get("signHost"))
    assert signed == vector["signed"]


def test_the_jdk_reference_signature():
    text = string_to_sign("post", "127.0.0.1", "/gateway/robot_list", [
        ("Timestamp", "2026-01-05T01:00:00Z"), ("AccessKeyId", "ccemu-demo-key"), ("Expires", "600"),
        ("Signature", "ignored")])
    assert compute_signature("ccemu-demo-secret", text) == "HJfSQlv/Bdvs+WYWBiHHQrwkWNQ="


def test_query_values_are_written_as_ccemus_clients_write_them():
    assert query_pairs({"ids": [5, 6], "q": "x", "n": None, "b": False, "f": 2.0}) == [
        ("ids[0]", "5"), ("ids[1]", "6"), ("q", "x"), ("b", "false"), ("f", "2")]


def test_a_naive_datetime_is_refused():
    with pytest.raises(ValueError, match="aware"):
        sign("POST", "http://127.0.0.1:8686/gateway/robot_list", "k", "s", now=datetime(2026, 1, 5))


def test_sign_is_what_ccemu_sign_prints():
    """One run of the CLI (a Deno start) for several URLs would need several: one URL with
    everything in it, and the vectors cover the rest."""
    url = "http://127.0.0.1:8686/aikb/search_knowledge_on_open?username=张 三&tags=a~b*c"
    cli = subprocess.run(
        ["npx", "--yes", "deno@2.9.6", "task", "sign", "--", "POST", url, "--body", '{"keyword":"退款"}',
         "--key", "my-key", "--secret", "my secret", "--at", "2026-01-05T09:30:00Z", "--expires", "900"],
        cwd=CLONE, capture_output=True, text=True, check=True, stdin=subprocess.DEVNULL)
    words = shlex.split(cli.stdout.strip().splitlines()[-1])
    printed = next(word for word in words if word.startswith("http://"))
    ours = sign("POST", url, "my-key", "my secret", body={"keyword": "退款"},
                now=datetime(2026, 1, 5, 9, 30, tzinfo=timezone.utc), expires=900)
    assert ours == printed
