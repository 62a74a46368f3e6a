/**
 * Runs the example requests on a fresh emulator (demo tenant, manual clock, seed 1), signed with
 * the demo key as the vendor's SDK signs, and answers each with the status and body ccemu gave:
 * the document's examples, and what a test checks against the documented schemas.
 */
import { DEFAULT_CONFIG, MANUAL_CLOCK_START } from "../core/config.ts";
import { Emulator } from "../core/emulator.ts";
import { advanceUntilIdle } from "../outbound/dialer.ts";
import { signUrl } from "../signed-api/signature.ts";
import { loadFixtures, STATE } from "../state.ts";
import { type ExampleRequest, EXAMPLES } from "./examples.ts";
import type { Hono } from "npm:hono@4.13.19";
import type { AppEnv } from "../core/app-env.ts";
import type { Dialer } from "../outbound/dialer.ts";
import type { State } from "../state.ts";

/** What capturing needs of the composition: a fresh app over an emulator, and its dialer. */
export type BuildApp = (emulator: Emulator<State>) => { hono: Hono<AppEnv>; dialer: Dialer };

export interface CapturedExample extends ExampleRequest {
  status: number;
  response: Record<string, unknown>;
}

const ORIGIN = "http://127.0.0.1:8686";
const KEY = { accessKeyId: "ccemu-demo-key", accessKeySecret: "ccemu-demo-secret" };
const DOCUMENT = new TextEncoder().encode("Returns within 7 days. 七天无理由退货。\n");

export async function captureExamples(build: BuildApp): Promise<CapturedExample[]> {
  const emulator = new Emulator(
    { ...DEFAULT_CONFIG, clock: "manual", clockStart: MANUAL_CLOCK_START, seed: 1, ui: false },
    STATE,
    await loadFixtures(),
  );
  const { hono, dialer } = build(emulator);
  const send = async (method: string, path: string, params: unknown, query = {}) => {
    const url = new URL(path, ORIGIN);
    const business = method === "GET" ? params as Record<string, unknown> : query;
    for (const [name, value] of Object.entries(business)) url.searchParams.set(name, String(value));
    const signed = signUrl({ method, url: url.href, ...KEY, now: emulator.clock.now() });
    const res = await hono.request(signed.url, {
      method,
      headers: { host: "127.0.0.1:8686", "content-type": "application/json; charset=UTF-8" },
      body: method === "POST" ? JSON.stringify(params) : undefined,
    }, { remoteAddr: { hostname: "127.0.0.1" } });
    return { status: res.status, json: await res.json() as Record<string, unknown> };
  };
  const substitutes: Record<string, unknown> = {};
  const before = {
    "upload-document": async () => {
      const { json } = await send("POST", "/aikb/get_file_upload_url", {
        fileName: "returns.txt",
        fileSize: DOCUMENT.length,
      });
      const { uploadUrl, fileKey } = json.result as { uploadUrl: string; fileKey: string };
      await hono.request(uploadUrl, {
        method: "PUT",
        headers: { "content-length": String(DOCUMENT.length) },
        body: DOCUMENT,
      });
      substitutes.FILE_KEY = fileKey;
    },
    "upload-attachment": async () => {
      const { json } = await send("POST", "/aikb/signature_for_upload", { fileName: "guide.pdf" });
      const signed = json.result as Record<string, string>;
      const form = new FormData();
      for (const name of ["ossAccessKeyId", "signature", "policy", "key"]) {
        form.set(name, signed[name]);
      }
      form.set("file", new File([new TextEncoder().encode("%PDF-1.4 guide")], "guide.pdf"));
      await hono.request(signed.host, { method: "POST", body: form });
      const faq = await send("POST", "/aikb/create_faq", {
        repositoryId: 101,
        directoryId: 1001,
        question: "说明书在哪里下载？",
        answers: [{ content: `请下载：${signed.rawHtmlContent}`, type: "html" }],
      });
      substitutes.ATTACHMENT_KEY = signed.key;
      substitutes.ATTACHMENT_FAQ = faq.json.id;
    },
  };
  const captured: CapturedExample[] = [];
  try {
    for (const example of EXAMPLES) {
      if (example.before) await before[example.before]();
      const params = Object.fromEntries(
        Object.entries(example.params).map(([k, v]) => [k, substitutes[String(v)] ?? v]),
      );
      const [method, path] = example.operation.split(" ");
      const { status, json } = await send(method, path, params, example.query);
      captured.push({ ...example, params, status, response: json });
      if (example.then) advanceUntilIdle(dialer, emulator.clock);
    }
  } finally {
    emulator.close();
  }
  return captured;
}
