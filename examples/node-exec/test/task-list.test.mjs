// A team's own client, signing as the vendor's SDK does, pointed at ccemu by the environment
// `ccemu exec -- npm test` gives it: CCEMU_URL and the key. No ccemu package is imported: the
// same tests run against the real service with its URL and key in those variables.
import assert from "node:assert/strict";
import { createHmac } from "node:crypto";
import { test } from "node:test";

const { CCEMU_URL, CCEMU_ACCESS_KEY_ID, CCEMU_ACCESS_KEY_SECRET, CCEMU_ENTERPRISE_ID } =
  process.env;

/** The vendor's query signature: HMAC-SHA1 over METHOD + host + path + "?" + sorted query. */
function signedUrl(method, path) {
  const url = new URL(path, CCEMU_URL);
  const params = {
    AccessKeyId: CCEMU_ACCESS_KEY_ID,
    Expires: "600",
    Timestamp: new Date().toISOString().replace(/\.\d{3}Z$/, "Z"),
  };
  const query = Object.keys(params).sort()
    .map((name) => `${name}=${encodeURIComponent(params[name])}`).join("&");
  const signature = createHmac("sha1", CCEMU_ACCESS_KEY_SECRET)
    .update(`${method}${url.hostname}${url.pathname}?${query}`).digest("base64");
  return `${url.origin}${url.pathname}?${query}&Signature=${encodeURIComponent(signature)}`;
}

test("ccemu exec put ccemu's address and key in the environment", () => {
  assert.match(CCEMU_URL ?? "", /^http:\/\/127\.0\.0\.1:\d+$/, "run me with ccemu exec");
  assert.ok(CCEMU_ACCESS_KEY_ID && CCEMU_ACCESS_KEY_SECRET && CCEMU_ENTERPRISE_ID);
});

test("lists the tenant's tasks with a signed request", async () => {
  const response = await fetch(signedUrl("POST", "/gateway/task_list"), {
    method: "POST",
    headers: { "content-type": "application/json; charset=UTF-8" },
    body: JSON.stringify({ enterpriseId: CCEMU_ENTERPRISE_ID }),
  });
  const body = await response.json();
  assert.equal(response.status, 200, JSON.stringify(body));
  assert.ok(body.requestId);
  assert.ok(Array.isArray(body.result.list), JSON.stringify(body));
});
