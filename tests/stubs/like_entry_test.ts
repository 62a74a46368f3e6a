/**
 * "Stub like this": `GET /_emulator/journal/{id}/stub` drafts a stub with the exchange's
 * operation, key, parameters and answer; added as it is, it answers the same request again with
 * that answer (its own requestId each time), and a request with other parameters goes on.
 */
import assert from "node:assert/strict";
import { startEmulator } from "../../harness/mod.ts";
import { addStub, TASK_CREATE, taskCreate, TREE } from "./helpers.ts";

async function draft(url: string, id: number) {
  const response = await fetch(`${url}/_emulator/journal/${id}/stub`);
  return { status: response.status, body: await response.json() };
}

Deno.test("stub like this: a POST's draft matches its body members and answers its answer", async () => {
  await using ccemu = await startEmulator();
  const api = ccemu.client({ now: () => ccemu.clock.now() });
  const created = await api.post(TASK_CREATE, taskCreate("like me"));
  const [entry] = ccemu.journal.list({ requestId: created.body.requestId as string });
  const { status, body } = await draft(ccemu.url, entry.id);
  assert.equal(status, 200);
  assert.deepEqual(body, {
    stub: {
      operation: TASK_CREATE,
      when: {
        accessKeyId: "ccemu-demo-key",
        body: Object.fromEntries(
          Object.entries(taskCreate("like me")).map(([name, value]) => [`$.${name}`, value]),
        ),
      },
      answer: {
        status: 200,
        body: { requestId: "{{requestId}}", result: created.body.result },
      },
      note: `like journal entry #${entry.id}`,
    },
    notes: [],
  });
  await addStub(ccemu, body.stub);
  const again = await api.post(TASK_CREATE, taskCreate("like me"));
  assert.deepEqual(again.body.result, created.body.result, "the same task id, not a new one");
  assert.notEqual(again.body.requestId, created.body.requestId);
  const other = await api.post(TASK_CREATE, taskCreate("someone else"));
  assert.notDeepEqual(other.body.result, created.body.result);
});

Deno.test("stub like this: a GET's draft matches its query; ccemu's own requests have none", async () => {
  await using ccemu = await startEmulator();
  const api = ccemu.client({ now: () => ccemu.clock.now() });
  const read = await api.get(TREE, { repositoryId: 101, type: "FAQ" });
  const [entry] = ccemu.journal.list({ requestId: read.body.requestId as string });
  const { body } = await draft(ccemu.url, entry.id);
  assert.deepEqual(body.stub.when, {
    accessKeyId: "ccemu-demo-key",
    query: { repositoryId: "101", type: "FAQ" },
  });
  assert.equal(body.stub.operation, TREE);

  const storage = await fetch(`${ccemu.url}/_storage/nothing-here`);
  await storage.body?.cancel();
  const [stored] = ccemu.journal.list({ area: "storage" });
  const refused = await draft(ccemu.url, stored.id);
  assert.equal(refused.status, 400);
  assert.match(
    refused.body.error.message,
    /^id: journal entry \d+ is GET \/_storage\/nothing-here, which is no signed operation/,
  );
  const gone = await draft(ccemu.url, 999);
  assert.equal(gone.status, 400);
  assert.match(gone.body.error.message, /^id: journal entry 999 cannot be made a stub/);
});
