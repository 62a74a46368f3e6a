import assert from "node:assert/strict";
import { startEmulator } from "../../harness/mod.ts";

const DAY = 86_400_000;
const text =
  "退货政策：收到商品 7 天内可无理由退货。\nReturns are accepted within 7 days of delivery.\n";

async function upload(
  ccemu: Awaited<ReturnType<typeof startEmulator>>,
  fileName: string,
  bytes: Uint8Array<ArrayBuffer>,
  declared = bytes.length,
) {
  const api = ccemu.client();
  const { body } = await api.post("/aikb/get_file_upload_url", { fileName, fileSize: declared });
  const { uploadUrl, fileKey } = body.result as { uploadUrl: string; fileKey: string };
  const put = await fetch(uploadUrl, { method: "PUT", body: bytes });
  const json = put.status === 200 ? await put.body?.cancel() : await put.json();
  return { uploadUrl, fileKey, put: { status: put.status, json } };
}

Deno.test("documents: pre-signed upload, create, list, describe, media links, delete into the recycle bin", async () => {
  await using ccemu = await startEmulator();
  const api = ccemu.client();
  const dir =
    (await api.post("/aikb/save_directory", { repositoryId: 101, name: "文档", type: "FILE" })).body
      .id as number;
  const sub = (await api.post("/aikb/save_directory", {
    repositoryId: 101,
    name: "政策",
    type: "FILE",
    parentId: dir,
  })).body.id as number;
  const bytes = new TextEncoder().encode(text);
  const { fileKey, put } = await upload(ccemu, "returns.txt", bytes);
  assert.equal(put.status, 200);
  const created = await api.post("/aikb/create_file", {
    repositoryId: 101,
    directoryId: sub,
    fileName: "returns.txt",
    fileKey,
    introduction: "退货",
    tags: [3],
    effectiveFrom: "2026-01-01 00:00:00",
    effectiveTo: "2026-01-06 00:00:00",
  });
  assert.equal(created.status, 200, JSON.stringify(created.body));
  const fileId = (created.body.result as { fileId: number }).fileId;

  const described = (await api.post("/aikb/describe_file", { id: fileId })).body.result as Record<
    string,
    unknown
  >;
  assert.deepEqual(described.directoryNames, ["文档", "政策"]);
  assert.equal(described.type, "txt");
  assert.equal(described.size, bytes.length);
  assert.equal(described.enterpriseId, 7000001);
  assert.equal(described.effectiveStatus, "EFFECTIVE");
  ccemu.clock.advance(2 * DAY);
  assert.equal(
    ((await api.post("/aikb/describe_file", { id: fileId })).body.result as Record<string, unknown>)
      .effectiveStatus,
    "EXPIRED",
  );
  const listed = await api.post("/aikb/list_files", { repositoryId: 101, directoryId: sub });
  assert.equal(listed.body.totalCount, 1);
  assert.equal("directoryNames" in (listed.body.result as object[])[0], false);

  for (const inline of [true, false]) {
    const { body } = await api.get("/aikb/describe_file_media_url", { fileId, inline });
    const media = await fetch(body.url as string);
    assert.equal(media.headers.get("content-type"), "text/plain; charset=utf-8");
    assert.match(media.headers.get("content-disposition")!, inline ? /^inline/ : /^attachment/);
    assert.equal(await media.text(), text);
  }
  const link = (await api.get("/aikb/describe_file_media_url", { fileId })).body.url as string;
  ccemu.clock.advance(11 * 60_000);
  const expired = await fetch(link);
  assert.equal(expired.status, 403);
  assert.equal((await expired.json()).error.code, "SignaturesExpired");
  const tampered = await fetch(link.replace("disposition=attachment", "disposition=inline"));
  assert.equal((await tampered.json()).error.code, "AuthFailure");

  const deleted = await api.post("/aikb/delete_files", { repositoryId: 101, fileIds: [fileId] });
  assert.deepEqual((deleted.body.result as { fileIds: number[] }).fileIds, [fileId]);
  assert.equal(
    (await api.post("/aikb/describe_file", { id: fileId })).body.error?.code,
    "ResourceNotFound",
  );
  const bin = await api.post("/aikb/list_recycled_items", { repositoryId: 101, type: "FILE" });
  assert.deepEqual(
    (bin.body.result as { fileId: number; deleteUser: string }[]).map((
      r,
    ) => [r.fileId, r.deleteUser]),
    [[fileId, "demo"]],
  );
});

Deno.test("uploads refuse what does not fit: no upload yet, wrong size, expired or altered address, no extension", async () => {
  await using ccemu = await startEmulator();
  const api = ccemu.client();
  const dir =
    (await api.post("/aikb/save_directory", { repositoryId: 101, name: "docs", type: "FILE" })).body
      .id as number;
  const early = await api.post("/aikb/get_file_upload_url", { fileName: "a.txt", fileSize: 3 });
  const earlyKey = (early.body.result as { fileKey: string }).fileKey;
  const notYet = await api.post("/aikb/create_file", {
    repositoryId: 101,
    directoryId: dir,
    fileName: "a.txt",
    fileKey: earlyKey,
  });
  assert.match(
    notYet.body.error!.message,
    /nothing was uploaded to .* yet; PUT the file to its uploadUrl first/,
  );

  const short = await upload(ccemu, "b.txt", new Uint8Array(5), 6);
  assert.equal(short.put.status, 400);
  assert.match(short.put.json.error.message, /declared fileSize is 6/);
  const long = await upload(ccemu, "c.txt", new Uint8Array(7), 6);
  assert.equal(long.put.status, 400);

  const { body } = await api.post("/aikb/get_file_upload_url", { fileName: "d.txt", fileSize: 1 });
  const { uploadUrl } = body.result as { uploadUrl: string };
  const altered = await fetch(uploadUrl.replace("expires=", "expires=9"), {
    method: "PUT",
    body: new Uint8Array(1),
  });
  assert.equal((await altered.json()).error.code, "AuthFailure");
  ccemu.clock.advance(31 * 60_000);
  const late = await fetch(uploadUrl, { method: "PUT", body: new Uint8Array(1) });
  assert.equal(late.status, 403);
  assert.equal((await late.json()).error.code, "SignaturesExpired");

  const chunkedUrl =
    ((await api.post("/aikb/get_file_upload_url", { fileName: "e.txt", fileSize: 2 })).body
      .result as { uploadUrl: string }).uploadUrl;
  const stream = new ReadableStream({ start: (c) => (c.enqueue(new Uint8Array(2)), c.close()) });
  const chunked = await fetch(chunkedUrl, { method: "PUT", body: stream });
  assert.equal(
    (await chunked.json()).error.code,
    "MissingParameter",
    "an upload declares its Content-Length",
  );
  const noExtension = await api.post("/aikb/get_file_upload_url", {
    fileName: "README",
    fileSize: 1,
  });
  assert.match(noExtension.body.error!.message, /^fileName: "README" needs one of the extensions/);
  const faqDir = await api.post("/aikb/create_file", {
    repositoryId: 101,
    directoryId: 1001,
    fileName: "a.txt",
    fileKey: earlyKey,
  });
  assert.match(faqDir.body.error!.message, /holds FAQ entries, not documents/);
  const half = await api.post("/aikb/list_files", {
    repositoryId: 101,
    createTimeStart: "2026/01/01 00:00:00",
  });
  assert.match(half.body.error!.message, /^createTimeEnd is required/);
});

Deno.test("the recycle bin lists deletions for 30 days, filtered by user, keyword and type", async () => {
  await using ccemu = await startEmulator();
  const api = ccemu.client();
  await api.post("/aikb/delete_faq", { id: 2001 });
  ccemu.clock.advance(DAY);
  ccemu.addKey({ accessKeyId: "k2", accessKeySecret: "s2", username: "second" });
  await ccemu.client({ accessKeyId: "k2", accessKeySecret: "s2" }).post("/aikb/delete_faq", {
    id: 2004,
  });
  const all = async (body: Record<string, unknown> = {}) =>
    ((await api.post("/aikb/list_recycled_items", { repositoryId: 101, ...body })).body.result as {
      name: string;
    }[]).map((r) => r.name);
  assert.deepEqual(await all(), ["How long does delivery take?", "如何申请退款？"], "newest first");
  assert.deepEqual(await all({ deleteUser: "second" }), ["How long does delivery take?"]);
  assert.deepEqual(await all({ keyword: "退款" }), ["如何申请退款？"]);
  assert.deepEqual(await all({ type: "FILE" }), []);
  ccemu.clock.advance(29 * DAY - 1);
  assert.deepEqual(
    await all(),
    ["How long does delivery take?", "如何申请退款？"],
    "one ms before 30 days",
  );
  ccemu.clock.advance(1);
  assert.deepEqual(await all(), ["How long does delivery take?"], "the first is gone at 30 days");
  const bad = await api.post("/aikb/list_recycled_items", { repositoryId: 101, type: "DOC" });
  assert.match(bad.body.error!.message, /^type: must be "ALL", "FAQ" or "FILE"/);
});
