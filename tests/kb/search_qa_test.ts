import assert from "node:assert/strict";
import { startEmulator } from "../../harness/mod.ts";
import { checkFormUpload } from "../../emulator/kb/attachments.ts";
import { storageSignature } from "../../emulator/kb/storage.ts";

type Ccemu = Awaited<ReturnType<typeof startEmulator>>;
type Hit = {
  id: string;
  name: string;
  content: string;
  knowledgeType: string;
  directoryId: number;
};

async function addDocument(ccemu: Ccemu, name: string, text: string, directoryId: number) {
  const api = ccemu.client();
  const bytes = new TextEncoder().encode(text);
  const { fileKey, uploadUrl } =
    (await api.post("/aikb/get_file_upload_url", { fileName: name, fileSize: bytes.length })).body
      .result as { fileKey: string; uploadUrl: string };
  await (await fetch(uploadUrl, { method: "PUT", body: bytes })).body?.cancel();
  const created = await api.post("/aikb/create_file", {
    repositoryId: 101,
    directoryId,
    fileName: name,
    fileKey,
  });
  return (created.body.result as { fileId: number }).fileId;
}

async function setUp(ccemu: Ccemu) {
  const api = ccemu.client();
  const docs =
    (await api.post("/aikb/save_directory", { repositoryId: 101, name: "说明书", type: "FILE" }))
      .body.id as number;
  await addDocument(
    ccemu,
    "保修政策.md",
    "# 保修\n\n整机保修一年，电池保修六个月。\n\n人为损坏不在保修范围内。",
    docs,
  );
  await addDocument(
    ccemu,
    "warranty.txt",
    "The warranty covers one year for the device and six months for the battery.",
    docs,
  );
  return docs;
}

const find = (ccemu: Ccemu, body: Record<string, unknown>) =>
  ccemu.client().post("/aikb/search_knowledge_on_open", { offset: 0, limit: 20, ...body }, {
    username: "demo",
  });

Deno.test("search: Chinese without tokenising, FAQ and document text, <em> highlights, scope, type, order, paging", async () => {
  await using ccemu = await startEmulator();
  const docs = await setUp(ccemu);
  const refund = await find(ccemu, { keyword: "退款" });
  const hits = refund.body.result as Hit[];
  assert.deepEqual(hits.map((h) => h.id).sort(), ["2001", "2002"]);
  assert.ok(hits.every((h) => h.name.includes("<em>退款</em>")));
  assert.equal(refund.body.totalCount, 2);

  const battery = (await find(ccemu, { keyword: "电池" })).body.result as Hit[];
  assert.deepEqual(battery.map((h) => [h.knowledgeType, h.name]), [["FILE", "保修政策.md"]]);
  assert.match(battery[0].content, /<em>电池<\/em>保修六个月/);

  const both = (await find(ccemu, { keyword: "warranty battery" })).body.result as Hit[];
  assert.deepEqual(both.map((h) => h.name), ["<em>warranty</em>.txt"], "every term must match");
  assert.match(both[0].content, /<em>battery<\/em>/);

  const faqsOnly = (await find(ccemu, { keyword: "保修", knowledgeType: "FAQ" })).body
    .result as Hit[];
  assert.deepEqual(faqsOnly, []);
  const inDocs = (await find(ccemu, { keyword: "保修", directoryIds: [docs] })).body
    .result as Hit[];
  assert.equal(inDocs.length, 1);
  const intersection =
    (await find(ccemu, { keyword: "保修", directoryIds: [docs], repositoryIds: [102] })).body
      .result as Hit[];
  assert.deepEqual(intersection, [], "repositoryIds ∩ directoryIds");
  const under = (await find(ccemu, { keyword: "密码", directoryIds: [1001] })).body.result as Hit[];
  assert.deepEqual(
    under.map((h) => h.directoryId),
    [1003],
    "a directory includes its subdirectories",
  );

  const everything = await find(ccemu, { limit: 3, offset: 3 });
  assert.equal(
    everything.body.totalCount,
    11,
    "no keyword: everything in scope (6 FAQs, 3 fixture documents, 2 added)",
  );
  assert.equal((everything.body.result as Hit[]).length, 3);
  assert.equal(everything.body.pageNumber, 2);
  const byCreate = (await find(ccemu, { orderField: "createTime" })).body.result as Hit[];
  assert.equal(byCreate[0].knowledgeType, "FILE", "the newest first");
  const bad = await find(ccemu, { orderField: "name" });
  assert.match(bad.body.error!.message, /^orderField: must be one of/);
  const missing = await ccemu.client().post("/aikb/search_knowledge_on_open", {
    offset: 0,
    limit: 101,
  });
  assert.match(missing.body.error!.message, /^limit: must be at most 100/);
});

Deno.test("question answering: FAQ first, then document text, then the fallback; conversation ids", async () => {
  await using ccemu = await startEmulator();
  await setUp(ccemu);
  const ask = (content: string, conversationId?: string) =>
    ccemu.client().post("/aikb/chat_conversation_on_open", {
      content,
      ...(conversationId ? { conversationId } : {}),
    }, { username: "demo" });
  const first = await ask("退款什么时候到账");
  const result = first.body.result as {
    conversationId: string;
    content: string;
    faqs: { id: number }[];
    files: unknown[];
    messageId: string;
    createTime: string;
  };
  assert.match(result.content, /3–7 个工作日/);
  assert.deepEqual(result.faqs, [{ id: 2002, name: "退款多久到账？" }]);
  assert.equal(result.createTime, "2026-01-05T09:00:00+08:00", "local wall time with its offset");
  const next = await ask("电池保修多久", result.conversationId);
  const fromDoc = next.body.result as typeof result;
  assert.equal(fromDoc.conversationId, result.conversationId, "the same conversation continues");
  assert.equal(fromDoc.content, "整机保修一年，电池保修六个月。");
  assert.deepEqual((fromDoc.files as { name: string }[]).map((f) => f.name), ["保修政策.md"]);
  const unknown = (await ask("火星天气怎么样")).body.result as typeof result;
  assert.match(unknown.content, /没有找到相关答案/);
  assert.notEqual(unknown.conversationId, result.conversationId, "no id: a new conversation");
  const noUser = await ccemu.client().post("/aikb/chat_conversation_on_open", { content: "hi" });
  assert.equal(noUser.body.error?.code, "MissingParameter");
  assert.match(noUser.body.error!.message, /^username is required/);
  const same = (await ask("退款什么时候到账")).body.result as typeof result;
  assert.equal(same.content, result.content, "deterministic");
});

Deno.test("attachments: signature_for_upload, the form POST it authorises, tampering refused, FAQ media links", async () => {
  await using ccemu = await startEmulator();
  const api = ccemu.client();
  const signed = (await api.post("/aikb/signature_for_upload", { fileName: "manual.pdf" })).body
    .result as Record<string, string>;
  const policy = JSON.parse(atob(signed.policy));
  assert.equal(Date.parse(policy.expiration) - ccemu.clock.now(), 10 * 60_000);
  assert.deepEqual(policy.conditions, [["eq", "$key", signed.key], [
    "content-length-range",
    0,
    209715200,
  ]]);
  assert.match(signed.rawHtmlContent, new RegExp(`fileKey=${signed.key}&fileName=manual\\.pdf`));
  assert.match(signed.escapedHtmlContent, /^&lt;a href=/);
  const post = (change: Record<string, string> = {}) => {
    const form = new FormData();
    for (const name of ["ossAccessKeyId", "signature", "policy", "key"]) {
      form.set(name, change[name] ?? signed[name]);
    }
    form.set("file", new File([new TextEncoder().encode("%PDF-1.4 fake")], "manual.pdf"));
    return fetch(signed.host, { method: "POST", body: form });
  };
  for (
    const [change, code] of [[{ signature: "x" }, "AuthFailure"], [
      { key: "a-other.pdf" },
      "InvalidParameter",
    ], [
      { policy: btoa('{"expiration":"2099-01-01T00:00:00Z","conditions":[]}') },
      "AuthFailure",
    ]] as const
  ) {
    const res = await post(change);
    assert.equal((await res.json()).error.code, code, JSON.stringify(change));
  }
  assert.equal((await post()).status, 204);

  const faq = await api.post("/aikb/create_faq", {
    repositoryId: 101,
    directoryId: 1001,
    question: "说明书在哪下载？",
    answers: [{ content: `请下载：${signed.rawHtmlContent}`, type: "html" }],
  });
  const faqId = faq.body.id as number;
  const link =
    (await api.get("/aikb/describe_faq_media_url", { faqId, fileKey: signed.key, inline: false }))
      .body.url as string;
  const media = await fetch(link);
  assert.equal(media.headers.get("content-type"), "application/pdf");
  assert.match(
    media.headers.get("content-disposition")!,
    /^attachment; filename\*=UTF-8''manual\.pdf/,
  );
  assert.equal(await media.text(), "%PDF-1.4 fake");
  const notReferenced = await api.get("/aikb/describe_faq_media_url", {
    faqId,
    fileKey: "a-nope.pdf",
  });
  assert.equal(notReferenced.body.error?.code, "ResourceNotFound");

  ccemu.clock.advance(10 * 60_000 + 1);
  assert.equal((await (await post()).json()).error.code, "SignaturesExpired");
});

Deno.test("a form upload outside the policy's size range is refused", () => {
  const store = { emulator: { seed: 1, clock: { now: () => 0 } } } as unknown as Parameters<
    typeof checkFormUpload
  >[0];
  const policy = btoa(
    JSON.stringify({
      expiration: "2099-01-01T00:00:00Z",
      conditions: [["eq", "$key", "a-k.txt"], ["content-length-range", 0, 10]],
    }),
  );
  const form = {
    ossAccessKeyId: "ccemu-storage",
    signature: storageSignature(store, policy),
    policy,
    key: "a-k.txt",
  };
  checkFormUpload(store, { ...form, size: 10 });
  assert.throws(
    () => checkFormUpload(store, { ...form, size: 11 }),
    /outside the policy's range 0-10/,
  );
});

Deno.test("the fixture's documents can be downloaded and answer questions", async () => {
  await using ccemu = await startEmulator();
  const api = ccemu.client();
  const { url } = (await api.get("/aikb/describe_file_media_url", { fileId: 5002, inline: true }))
    .body as { url: string };
  const media = await fetch(url);
  assert.match(await media.text(), /定制商品不支持无理由退货/);
  const reply =
    (await api.post("/aikb/chat_conversation_on_open", { content: "定制商品支持无理由退货吗" }, {
      username: "demo",
    })).body.result as { content: string; files: { id: number }[] };
  assert.equal(reply.content, "定制商品不支持无理由退货。");
  assert.deepEqual(reply.files.map((f) => f.id), [5002]);
  const hits = (await find(ccemu, { keyword: "Bluetooth" })).body.result as Hit[];
  assert.deepEqual(hits.map((h) => h.name), ["Getting started.md"]);
});
