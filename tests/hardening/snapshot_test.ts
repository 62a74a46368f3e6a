/**
 * Issue defects 1 and 2: a snapshot file survives kill -9 while it is written (the previous one
 * stays whole), and every stored byte (a document upload, an FAQ attachment, a visitor's image)
 * travels with the snapshot and comes back after a restart.
 */
import { internals } from "../../harness/internals.ts";
import assert from "node:assert/strict";
import { join } from "node:path";
import { SignedClient } from "../../harness/client.ts";
import { startEmulator } from "../../harness/mod.ts";
import { startProcess } from "../process.ts";

const START = Date.UTC(2026, 0, 5, 1);
const client = (url: string) => new SignedClient({ url, now: () => START });
const PNG = Uint8Array.from(
  atob(
    "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==",
  ),
  (c) => c.charCodeAt(0),
);

/** The status of a response whose body is not needed (read to the end, so nothing leaks). */
async function statusOf(response: Promise<Response>): Promise<number> {
  const res = await response;
  await res.body?.cancel();
  return res.status;
}

/** A document uploaded and created, an FAQ attachment uploaded; answers their media links. */
async function storeBytes(url: string) {
  const api = client(url);
  const text = "退货政策 returns policy\n";
  const bytes = new TextEncoder().encode(text);
  const { uploadUrl, fileKey } = (await api.post("/aikb/get_file_upload_url", {
    fileName: "returns.txt",
    fileSize: bytes.length,
  })).body.result as { uploadUrl: string; fileKey: string };
  assert.equal(await statusOf(fetch(uploadUrl, { method: "PUT", body: bytes })), 200);
  const created = await api.post("/aikb/create_file", {
    repositoryId: 101,
    directoryId: 1004,
    fileName: "returns.txt",
    fileKey,
  });
  assert.equal(created.status, 200, JSON.stringify(created.body));
  const fileId = (created.body.result as { fileId: number }).fileId;

  const signed = (await api.post("/aikb/signature_for_upload", { fileName: "manual.pdf" })).body
    .result as Record<string, string>;
  const form = new FormData();
  for (const name of ["ossAccessKeyId", "signature", "policy", "key"]) form.set(name, signed[name]);
  form.set("file", new File([new TextEncoder().encode("%PDF-1.4 manual")], "manual.pdf"));
  assert.equal(await statusOf(fetch(signed.host, { method: "POST", body: form })), 204);
  const faq = await api.post("/aikb/create_faq", {
    repositoryId: 101,
    directoryId: 1001,
    question: "说明书在哪？",
    answers: [{ content: `请下载：${signed.rawHtmlContent}`, type: "html" }],
  });
  return { text, fileId, faqId: faq.body.id as number, attachmentKey: signed.key };
}

/** The media links of what storeBytes stored, fetched: their texts. */
async function readBack(url: string, stored: Awaited<ReturnType<typeof storeBytes>>) {
  const api = client(url);
  const fileLink = (await api.get("/aikb/describe_file_media_url", { fileId: stored.fileId })).body
    .url as string;
  const faqLink = (await api.get("/aikb/describe_faq_media_url", {
    faqId: stored.faqId,
    fileKey: stored.attachmentKey,
  })).body.url as string;
  const file = await fetch(fileLink);
  const attachment = await fetch(faqLink);
  return [file.status, await file.text(), attachment.status, await attachment.text()];
}

Deno.test("uploads, attachments and visitors' images travel with an exported snapshot", async () => {
  await using a = await startEmulator();
  await using b = await startEmulator();
  const stored = await storeBytes(a.url);
  const session = await (await fetch(`${a.url}/_emulator/gateway/sessions`, {
    method: "POST",
    body: JSON.stringify({ robotId: "sample-default" }),
  })).json();
  await (await fetch(`${a.url}/_emulator/gateway/sessions/${session.sessionId}/messages`, {
    method: "POST",
    body: JSON.stringify({
      image: { fileName: "photo.png", contentBase64: btoa(String.fromCharCode(...PNG)) },
    }),
  })).body?.cancel();
  const snapshot = await (await fetch(`${a.url}/_emulator/snapshot`)).text();
  const imported = await fetch(`${b.url}/_emulator/snapshot`, { method: "POST", body: snapshot });
  assert.equal(imported.status, 200, await imported.text());
  assert.equal(
    await (await fetch(`${b.url}/_emulator/snapshot`)).text(),
    snapshot,
    "import then export: the same bytes",
  );

  assert.deepEqual(await readBack(b.url, stored), [
    200,
    stored.text,
    200,
    "%PDF-1.4 manual",
  ]);
  const visitor = internals(b).areas.gateway.store.findSession(session.sessionId).history
    .find((item) => item.kind === "visitor")!;
  const imageUrl = String(visitor.message.fileUrl).replace(a.url, b.url);
  const image = await fetch(imageUrl);
  assert.equal(image.status, 200);
  assert.deepEqual(new Uint8Array(await image.arrayBuffer()), PNG);
});

Deno.test("stored bytes survive a --snapshot restart; imports and writes are announced", async () => {
  const dir = await Deno.makeTempDir();
  const file = join(dir, "state.json");
  try {
    let stored;
    {
      await using first = await startProcess(["--clock", "manual", "--snapshot", file]);
      stored = await storeBytes(first.url);
      first.child.kill("SIGTERM");
      await first.until(/^ccemu stopped$/);
      assert.ok(
        first.lines.some((l) => /^ccemu: snapshot written to .*state\.json \(\d+ bytes\)$/.test(l)),
      );
    }
    await using second = await startProcess(["--clock", "manual", "--snapshot", file]);
    // The import is announced after the ready lines (the address stays first): wait for it.
    await second.until(/^ccemu: snapshot imported from /);
    assert.match(second.lines.join("\n"), /ccemu: snapshot imported from .*state\.json/);
    assert.match(second.lines[0], /^ccemu listening on /, "the address stays the first line");
    assert.deepEqual(await readBack(second.url, stored), [
      200,
      stored.text,
      200,
      "%PDF-1.4 manual",
    ]);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("kill -9 while the snapshot is written leaves the previous snapshot whole", async () => {
  const dir = await Deno.makeTempDir();
  const file = join(dir, "state.json");
  try {
    // A first run leaves a small snapshot with one blacklisted number.
    {
      await using first = await startProcess(["--clock", "manual", "--snapshot", file]);
      await client(first.url).post("/gateway/add_black_info", {
        enterpriseId: "7000001",
        mobile: "13900000009",
      });
      first.child.kill("SIGTERM");
      await first.until(/^ccemu stopped$/);
    }
    const previous = await Deno.readTextFile(file);
    const before = await Deno.stat(file);

    // A second run grows the state by 100,000 customers and is killed while writing it out.
    let caught = false;
    for (let attempt = 0; attempt < 5 && !caught; attempt++) {
      await using second = await startProcess(["--clock", "manual", "--snapshot", file]);
      const api = client(second.url);
      const task = await api.post("/gateway/task_create", {
        enterpriseId: "7000001",
        callJobName: "big",
        callJobType: 2,
        robotDefId: 3002,
        userPhoneIds: "[501]",
      });
      const callJobId = (task.body.result as { callJobId: number }).callJobId;
      const rows = Array.from({ length: 100_000 }, (_, i) => ({ phone: `1${3e9 + i}` }));
      const imported = await api.post("/gateway/task_import", {
        enterpriseId: "7000001",
        callJobId,
        customerInfoVOList: JSON.stringify(rows),
      });
      assert.equal((imported.body.result as { successNum: number }).successNum, 100_000);
      second.child.kill("SIGTERM");
      // Kill -9 the moment the writing shows: a file beside the snapshot, or the snapshot changing.
      const deadline = performance.now() + 10_000;
      while (!caught && performance.now() < deadline) {
        const names = [];
        for await (const entry of Deno.readDir(dir)) names.push(entry.name);
        const now = await Deno.stat(file);
        caught = names.length > 1 || now.size !== before.size ||
          now.mtime?.getTime() !== before.mtime?.getTime();
        if (!caught) await new Promise((resolve) => setTimeout(resolve, 1));
      }
      second.child.kill("SIGKILL");
      const exited = await second.child.status;
      assert.equal(exited.signal, "SIGKILL", "killed while writing, not exited by itself");
      if (caught) {
        assert.equal(await Deno.readTextFile(file), previous, "the previous snapshot, untouched");
      }
      for await (const entry of Deno.readDir(dir)) {
        if (entry.name !== "state.json") await Deno.remove(join(dir, entry.name));
      }
    }
    assert.ok(caught, "the kill landed while the snapshot was being written");

    await using third = await startProcess(["--clock", "manual", "--snapshot", file]);
    const saved = await client(third.url).post("/gateway/add_black_info", {
      enterpriseId: "7000001",
      mobile: "13900000009",
    });
    assert.equal(saved.status, 200);
    const state = await (await fetch(`${third.url}/_emulator/snapshot`)).json();
    assert.deepEqual(state.state.outbound.blacklist.map((b: { mobile: string }) => b.mobile), [
      "13900000009",
    ]);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});
