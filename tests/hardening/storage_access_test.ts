/**
 * Issue 42, defect 1: every stored object is reachable only the way its own area hands it out — a
 * visitor's image by the link the gateway pushed, a knowledge-base document by a signed, expiring
 * media link, an attachment by the address its upload signature named — and through no other
 * storage route, whatever the Host. Each kind of object is tried through every storage route.
 */
import assert from "node:assert/strict";
import { SignedClient } from "../../harness/client.ts";
import { startEmulator } from "../../harness/mod.ts";
import { internals } from "../../harness/internals.ts";

const START = Date.UTC(2026, 0, 5, 1);
const PNG_BASE64 =
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==";

/** One stored object: its key, its bytes as text, and the address its own area handed out. */
interface Stored {
  kind: string;
  key: string;
  text: string;
  link: string;
}

/** Status and text of a request to the storage host, sent with the Host an agent elsewhere uses. */
async function get(url: string, init: RequestInit = {}): Promise<[number, string]> {
  const response = await fetch(url, init);
  return [response.status, await response.text()];
}

Deno.test("each stored object is served only by its own area's link, never by another storage route", async () => {
  await using ccemu = await startEmulator();
  const api = new SignedClient({ url: ccemu.url, now: () => START });
  const objects: Stored[] = [];

  // A fixture document: its key is public (fixtures/default), its bytes only behind a signed link.
  const fixtureLink = (await api.get("/aikb/describe_file_media_url", { fileId: 5001 })).body
    .url as string;
  const fixtureKey = "f-fixture-5001.md";
  objects.push({
    kind: "fixture document",
    key: fixtureKey,
    text: await (await fetch(fixtureLink)).text(),
    link: fixtureLink,
  });

  // An uploaded document.
  const text = "退货政策 returns policy\n";
  const bytes = new TextEncoder().encode(text);
  const upload = (await api.post("/aikb/get_file_upload_url", {
    fileName: "returns.txt",
    fileSize: bytes.length,
  })).body.result as { uploadUrl: string; fileKey: string };
  assert.equal((await get(upload.uploadUrl, { method: "PUT", body: bytes }))[0], 200);
  const created = await api.post("/aikb/create_file", {
    repositoryId: 101,
    directoryId: 1004,
    fileName: "returns.txt",
    fileKey: upload.fileKey,
  });
  const fileId = (created.body.result as { fileId: number }).fileId;
  const uploadedLink = (await api.get("/aikb/describe_file_media_url", { fileId })).body
    .url as string;
  objects.push({ kind: "uploaded document", key: upload.fileKey, text, link: uploadedLink });

  // An attachment: public by design (answers embed its address), but only on the KB's route.
  const signed = (await api.post("/aikb/signature_for_upload", { fileName: "manual.pdf" })).body
    .result as Record<string, string>;
  const form = new FormData();
  for (const name of ["ossAccessKeyId", "signature", "policy", "key"]) form.set(name, signed[name]);
  form.set("file", new File([new TextEncoder().encode("%PDF-1.4 manual")], "manual.pdf"));
  assert.equal((await get(signed.host, { method: "POST", body: form }))[0], 204);
  const attachmentLink = /src="([^"]+)"|href="([^"]+)"/.exec(signed.rawHtmlContent)!
    .slice(1).find(Boolean)!;
  objects.push({
    kind: "attachment",
    key: signed.key,
    text: "%PDF-1.4 manual",
    link: attachmentLink,
  });

  // A visitor's image, as the gateway pushes it.
  const session = await (await fetch(`${ccemu.url}/_emulator/gateway/sessions`, {
    method: "POST",
    body: JSON.stringify({ robotId: "sample-default" }),
  })).json();
  await (await fetch(`${ccemu.url}/_emulator/gateway/sessions/${session.sessionId}/messages`, {
    method: "POST",
    body: JSON.stringify({ image: { fileName: "photo.png", contentBase64: PNG_BASE64 } }),
  })).body?.cancel();
  const visitor = internals(ccemu).areas.gateway.store.findSession(session.sessionId).history
    .find((item) => item.kind === "visitor")!;
  const imageLink = String(visitor.message.fileUrl);
  const imageKey = /\/_storage\/media\/([^/]+)\//.exec(imageLink)![1];
  objects.push({
    kind: "visitor image",
    key: imageKey,
    text: new TextDecoder().decode(Uint8Array.fromBase64(PNG_BASE64)),
    link: imageLink,
  });

  const media = internals(ccemu).emulator.media;
  const before = new Map([...media].map(([key, m]) => [key, m.bytes.slice()]));
  const evil = { headers: { host: "evil.example" } };
  for (const object of objects) {
    // Its own link serves it.
    assert.deepEqual(await get(object.link), [200, object.text], `${object.kind}: its own link`);
    // Every other way is refused, and refused without its bytes.
    const signedOther = new URL(objects[0].link).search; // another object's valid signature
    const attempts: [string, string, RequestInit?][] = [
      ["media route", `${ccemu.url}/_storage/media/${object.key}/x`, evil],
      ["media route, own name", `${ccemu.url}/_storage/media/${object.key}/returns.txt`],
      ["objects route, unsigned", `${ccemu.url}/_storage/objects/${object.key}`, evil],
      [
        "objects route, another's signature",
        `${ccemu.url}/_storage/objects/${object.key}${signedOther}`,
      ],
      ["uploads route (GET)", `${ccemu.url}/_storage/uploads/${object.key}`],
      ["forms route (GET)", `${ccemu.url}/_storage/forms?key=${object.key}`],
    ];
    for (const [route, url, init] of attempts) {
      const own = url === object.link ||
        (object.kind === "attachment" && route.startsWith("objects route")) ||
        (object.kind === "fixture document" && route === "objects route, another's signature") ||
        (object.kind === "visitor image" && route.startsWith("media route"));
      if (own) continue;
      const [status, body] = await get(url, init);
      assert.ok(status >= 400, `${object.kind} through the ${route}: ${status} ${body}`);
      assert.ok(!body.includes(object.text), `${object.kind} through the ${route}: bytes leaked`);
      assert.doesNotThrow(() => JSON.parse(body).error.code, `${object.kind}, ${route}: envelope`);
    }
    // Nor can another way overwrite it.
    const put = await get(`${ccemu.url}/_storage/uploads/${object.key}`, {
      method: "PUT",
      body: "overwritten",
    });
    assert.ok(put[0] >= 400, `${object.kind}: PUT to the uploads route ${put[0]}`);
    const overwrite = new FormData();
    for (const name of ["ossAccessKeyId", "signature", "policy"]) overwrite.set(name, signed[name]);
    overwrite.set("key", object.key);
    overwrite.set("file", new File(["overwritten"], "x.pdf"));
    if (object.key !== signed.key) {
      const posted = await get(signed.host, { method: "POST", body: overwrite });
      assert.ok(posted[0] >= 400, `${object.kind}: form POST over it ${posted[0]}`);
    }
  }
  for (const [key, bytes] of before) assert.deepEqual(media.get(key)!.bytes, bytes, key);
});
