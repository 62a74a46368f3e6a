import assert from "node:assert/strict";
import { testEmulator } from "../helpers.ts";

type Ccemu = ReturnType<typeof testEmulator>;
const post = (ccemu: Ccemu, op: string, body: unknown) =>
  ccemu.signed("POST", `/aikb/${op}`, { body });
const FAQ = {
  repositoryId: 101,
  directoryId: 1001,
  question: "发票怎么开？",
  answers: [{ content: "在订单详情页申请电子发票。", type: "text" }],
};

Deno.test("directory trees: per repository and type, nested, bound to a robot", async () => {
  using ccemu = testEmulator();
  const tree = await ccemu.signed("GET", "/aikb/list_directory_tree", {
    query: { repositoryId: "101", type: "FAQ" },
  });
  assert.equal(tree.status, 200, tree.text);
  const names = tree.json.result.map((d: { name: string }) => d.name);
  assert.deepEqual(names, ["售后服务", "Orders and delivery"]);
  assert.equal(tree.json.result[0].subDirectories[0].name, "账户与安全");
  assert.equal(tree.json.result[1].subDirectories, null);
  const files = await ccemu.signed("GET", "/aikb/list_directory_tree", {
    query: { repositoryId: "101", type: "FILE" },
  });
  assert.deepEqual(files.json.result.map((d: { name: string }) => d.name), ["产品文档"]);
  const bad = await ccemu.signed("GET", "/aikb/list_directory_tree", {
    query: { repositoryId: "101", type: "BOTH" },
  });
  assert.match(bad.json.error.message, /^type: must be "FAQ" or "FILE"/);
  const missing = await ccemu.signed("GET", "/aikb/list_directory_tree", {
    query: { type: "FAQ" },
  });
  assert.equal(missing.json.error.code, "MissingParameter");
  const other = await ccemu.signed("GET", "/aikb/list_directory_tree", {
    query: { repositoryId: "202", type: "FAQ" },
  });
  assert.equal(other.json.error.code, "ResourceNotFound", "someone else's personal repository");
});

Deno.test("save, rename and move directories; a move under its own descendant is refused", async () => {
  using ccemu = testEmulator();
  const a =
    (await post(ccemu, "save_directory", { repositoryId: 101, name: "A", type: "FAQ" })).json.id;
  const b = (await post(ccemu, "save_directory", {
    repositoryId: 101,
    name: "B",
    type: "FAQ",
    parentId: a,
  })).json.id;
  assert.equal(typeof b, "number");
  const clash = await post(ccemu, "save_directory", {
    repositoryId: 101,
    name: "B",
    type: "FAQ",
    parentId: a,
  });
  assert.match(clash.json.error.message, /exists already/);
  const wrongType = await post(ccemu, "save_directory", {
    repositoryId: 101,
    name: "C",
    type: "FILE",
    parentId: a,
  });
  assert.match(wrongType.json.error.message, /^parentId: directory \d+ holds FAQ, not FILE/);
  const underChild = await post(ccemu, "edit_directory", { directoryId: a, targetDirectoryId: b });
  assert.match(underChild.json.error.message, /inside the directory being moved/);
  const underSelf = await post(ccemu, "edit_directory", { directoryId: a, targetDirectoryId: a });
  assert.match(underSelf.json.error.message, /the directory itself/);
  assert.equal((await post(ccemu, "edit_directory", { directoryId: b, name: "B2" })).json.id, b);
  const faq = (await post(ccemu, "create_faq", { ...FAQ, directoryId: b })).json.id;
  const moved = await post(ccemu, "edit_directory", { directoryId: a, targetRepositoryId: 102 });
  assert.equal(moved.status, 200, moved.text);
  const tree = await ccemu.signed("GET", "/aikb/list_directory_tree", {
    query: { repositoryId: "102", type: "FAQ" },
  });
  assert.deepEqual(
    tree.json.result.map((
      d: { name: string; subDirectories: { name: string }[] },
    ) => [d.name, d.subDirectories[0].name]),
    [["A", "B2"]],
    "to the root of the target, with its subtree",
  );
  assert.equal(
    (await post(ccemu, "describe_faq", { id: faq })).json.result.repositoryId,
    102,
    "its entries move too",
  );
});

Deno.test("FAQ: create, describe, edit rules, unique question, delete into the recycle bin", async () => {
  using ccemu = testEmulator();
  const html = '<p>见附件 <a href="https://x/y?fileKey=k-1&fileName=guide.pdf">guide</a></p>';
  const created = await post(ccemu, "create_faq", {
    ...FAQ,
    answers: [{ content: "text answer", type: "text" }, { content: html, type: "html" }],
    similars: ["怎么开发票", "开票"],
    relatedIds: [2001],
  });
  assert.equal(created.status, 200, created.text);
  const id = created.json.id;
  const described = (await post(ccemu, "describe_faq", { id })).json.result;
  assert.deepEqual(described.similars, [{ question: "怎么开发票" }, { question: "开票" }]);
  assert.deepEqual(described.attachments, [{ fileKey: "k-1", fileName: "guide.pdf" }]);
  assert.equal(typeof described.answers[0].id, "number");
  assert.deepEqual(described.relatedIds, [2001]);

  const duplicate = await post(ccemu, "create_faq", FAQ);
  assert.match(
    duplicate.json.error.message,
    /^question: "发票怎么开？" exists already in directory 1001/,
  );
  const otherDirectory = await post(ccemu, "create_faq", { ...FAQ, directoryId: 1003 });
  assert.equal(otherDirectory.status, 200, "unique within a directory only");

  const edited = await post(ccemu, "edit_faq", {
    id,
    ...FAQ,
    answers: [{ content: "new", type: "text" }],
  });
  assert.equal(edited.json.id, id);
  const after = (await post(ccemu, "describe_faq", { id })).json.result;
  assert.deepEqual(
    after.answers.map((a: { content: string }) => a.content),
    ["new"],
    "answers overwrite",
  );
  assert.deepEqual(after.similars, [], "similars omitted: deleted");
  assert.deepEqual(after.relatedIds, [], "relatedIds omitted: deleted");

  const cases: [Record<string, unknown>, string, RegExp][] = [
    [{ answers: [] }, "InvalidParameter", /^answers: must hold at least one answer/],
    [
      { answers: [{ content: "x", type: "md" }] },
      "InvalidParameter",
      /^answers\[0\]\.type: must be "text" or "html"/,
    ],
    [{ question: undefined }, "MissingParameter", /^question is required/],
    [{ directoryId: 9999 }, "ResourceNotFound", /^directoryId: no directory 9999/],
    [{ relatedIds: [9999] }, "ResourceNotFound", /^relatedIds\[0\]: no FAQ entry 9999/],
    [
      { onlineDateFrom: "2026-01-01" },
      "InvalidParameter",
      /^onlineDateFrom: must be yyyy\/MM\/dd HH:mm:ss/,
    ],
    [{ introductionType: 3 }, "InvalidParameter", /^introductionType: must be 1 or 2/],
  ];
  for (const [change, code, message] of cases) {
    const res = await post(ccemu, "create_faq", { ...FAQ, question: "another", ...change });
    assert.equal(res.json.error?.code, code, res.text);
    assert.match(res.json.error.message, message);
  }

  assert.equal((await post(ccemu, "delete_faq", { id })).json.id, id);
  assert.equal((await post(ccemu, "describe_faq", { id })).json.error.code, "ResourceNotFound");
  assert.equal(ccemu.emulator.state.kb.recycled.at(-1)?.faqId, id);
  assert.equal((await post(ccemu, "delete_faq", { id })).json.error.code, "ResourceNotFound");
});

Deno.test("list_faqs: paging limits, the half-open update-time range (both bounds or neither), robot binding", async () => {
  using ccemu = testEmulator();
  const page = await post(ccemu, "list_faqs", { repositoryId: 101, offset: 2, limit: 2 });
  assert.deepEqual({
    ...page.json,
    requestId: "",
    result: page.json.result.map((f: { id: number }) => f.id),
  }, {
    requestId: "",
    result: [2003, 2004],
    pageNumber: 2,
    pageSize: 2,
    totalCount: 6,
  });
  assert.match(
    (await post(ccemu, "list_faqs", { repositoryId: 101, limit: 101 })).json.error.message,
    /^limit: must be at most 100/,
  );
  assert.match(
    (await post(ccemu, "list_faqs", { repositoryId: 101, offset: 10_001 })).json.error.message,
    /^offset: must be at most 10000/,
  );
  const half = await post(ccemu, "list_faqs", {
    repositoryId: 101,
    updateTimeStart: "2026/01/01 00:00:00",
  });
  assert.equal(half.json.error.code, "MissingParameter");
  assert.match(half.json.error.message, /^updateTimeEnd is required/);
  const closed = await post(ccemu, "list_faqs", {
    repositoryId: 101,
    updateTimeStart: "2026/01/03 10:00:00",
    updateTimeEnd: "2026/01/03 10:00:01",
  });
  assert.equal(closed.json.totalCount, 6, "the start bound is closed");
  const open = await post(ccemu, "list_faqs", {
    repositoryId: 101,
    updateTimeStart: "2026/01/01 00:00:00",
    updateTimeEnd: "2026/01/03 10:00:00",
  });
  assert.equal(open.json.totalCount, 0, "the end bound is open");
  ccemu.emulator.state.kb.directories.find((d) => d.id === 1002)!.botId = 7;
  const bound = await post(ccemu, "list_faqs", { repositoryId: 101, botId: 7 });
  assert.deepEqual(bound.json.result.map((f: { directoryId: number }) => f.directoryId), [
    1002,
    1002,
    1002,
  ]);
});
