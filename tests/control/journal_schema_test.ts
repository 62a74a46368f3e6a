/**
 * The journal entry's declared schema (emulator/core/journal-schema.ts, what the OpenAPI document
 * and so the Node and Java types say) holds for real entries of every kind ccemu writes: a client's
 * exchange, a storage request, the gateway's push and a call-result callback.
 */
import assert from "node:assert/strict";
import { startEmulator } from "../../harness/mod.ts";
import { JournalEntrySchema } from "../../emulator/core/journal-schema.ts";
import { startedTask } from "../outbound/started-task.ts";

Deno.test("every kind of journal entry is what the schema declares", async () => {
  await using ccemu = await startEmulator();
  // A receiver nobody listens on: each callback attempt is journaled with status 0.
  const closed = Deno.listen({ hostname: "127.0.0.1", port: 0 });
  const deadUrl = `http://127.0.0.1:${(closed.addr as Deno.NetAddr).port}/callbacks`;
  closed.close();
  ccemu.callbacks.register(deadUrl);
  await startedTask(ccemu, ["13800000001"]);
  await fetch(`${ccemu.url}/_emulator/outbound/advance-until-idle`, { method: "POST" })
    .then((r) => r.body?.cancel());
  await ccemu.callbacks.settled();
  await (await fetch(`${ccemu.url}/_storage/no-such-thing`)).body?.cancel();
  const opened = await fetch(`${ccemu.url}/_emulator/gateway/sessions`, {
    method: "POST",
    body: JSON.stringify({ robotId: "sample-default" }),
  });
  assert.equal(opened.status, 201, await opened.clone().text());
  await opened.body?.cancel();

  const entries = ccemu.journal.list();
  const kinds = new Set(entries.map((e) => e.kind));
  for (const kind of ["exchange", "push", "callback"]) assert.ok(kinds.has(kind), `a ${kind}`);
  assert.ok(entries.some((e) => e.area === "storage"), "a storage request");
  for (const entry of entries) {
    const checked = JournalEntrySchema.safeParse(JSON.parse(JSON.stringify(entry)));
    assert.ok(
      checked.success,
      `#${entry.id} ${entry.kind}: ${JSON.stringify(checked.error?.issues)}`,
    );
  }
  console.log(`${entries.length} entries checked: ${[...kinds].join(", ")}`);
});
