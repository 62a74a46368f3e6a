/**
 * The examples of docs/write-an-agent.md, taken from a real ccemu: every push it sends (both ways,
 * both modes, the open-session call, text and image) and every reply of the message types, as its
 * sample agents answer and its gateway accepts them. A proxy between the gateway and the sample
 * agents records each exchange as it passed. Addresses are written as the guide's (ccemu on 8686,
 * your agent on 3000), so the text does not change from run to run.
 *
 *   deno run -A tools/agent-guide-examples.ts --write   rewrites the guide's example blocks
 *   deno run -A tools/agent-guide-examples.ts           says which blocks are not current
 *
 * tests/docs/write_an_agent_test.ts fails when a block is not what ccemu sends.
 */
import { startEmulator } from "../harness/mod.ts";

export const GUIDE = new URL("../docs/write-an-agent.md", import.meta.url);
export const CCEMU_ORIGIN = "http://127.0.0.1:8686";
export const AGENT_ORIGIN = "http://127.0.0.1:3000";

interface Recorded {
  path: string;
  headers: Headers;
  body: string;
  reply: string;
}

/** The example's text, as the guide's block holds it (without the fences). */
export type Examples = Map<string, string>;

/** JSON indented by two, each object or list on one line when it fits in 90 columns. */
export function pretty(text: string): string {
  const line = (value: unknown): string =>
    value === null || typeof value !== "object"
      ? JSON.stringify(value)
      : Array.isArray(value)
      ? `[${value.map(line).join(", ")}]`
      : `{${Object.entries(value).map(([k, v]) => `${JSON.stringify(k)}: ${line(v)}`).join(", ")}}`;
  const write = (value: unknown, indent: string, prefix: string): string => {
    const flat = line(value);
    if (
      value === null || typeof value !== "object" ||
      indent.length + prefix.length + flat.length <= 90
    ) return flat;
    const inner = indent + "  ";
    const items = Array.isArray(value)
      ? value.map((v) => inner + write(v, inner, ""))
      : Object.entries(value).map(([k, v]) => {
        const key = `${JSON.stringify(k)}: `;
        return inner + key + write(v, inner, key);
      });
    const [open, close] = Array.isArray(value) ? ["[", "]"] : ["{", "}"];
    return `${open}\n${items.join(",\n")}\n${indent}${close}`;
  };
  return write(JSON.parse(text), "", "");
}

/** A push as an HTTP request: the line, the headers an agent reads, the body. */
function httpRequest(push: Recorded): string {
  const headers = ["content-type", "accept", "authorization"]
    .filter((h) => push.headers.has(h))
    .map((h) => `${h.replace(/(^|-)(\w)/g, (m) => m.toUpperCase())}: ${push.headers.get(h)}`);
  return `POST ${push.path} HTTP/1.1\nHost: 127.0.0.1:3000\n${headers.join("\n")}\n\n${
    pretty(push.body)
  }`;
}

/** Captures every example from a fresh ccemu; fails if the gateway found anything wrong. */
export async function captureExamples(): Promise<Examples> {
  await using ccemu = await startEmulator({ clock: "manual", seed: 1 });
  const recorded: Recorded[] = [];
  const proxy = Deno.serve({ hostname: "127.0.0.1", port: 0, onListen() {} }, async (request) => {
    const path = new URL(request.url).pathname;
    const body = await request.text();
    // The agent's paths as a user's agent has them: /open, /message, /v1/chat-messages.
    const agent = path.startsWith("/v1/") ? "platform-a" : "default";
    const response = await fetch(`${ccemu.url}/_emulator/sample-agents/${agent}${path}`, {
      method: "POST",
      headers: request.headers,
      body,
    });
    const reply = await response.text();
    recorded.push({ path, headers: request.headers, body, reply });
    return new Response(reply, { status: response.status, headers: response.headers });
  });
  const proxyOrigin = `http://127.0.0.1:${proxy.addr.port}`;
  const normalize = (text: string) =>
    text.replaceAll(ccemu.url, CCEMU_ORIGIN).replaceAll(proxyOrigin, AGENT_ORIGIN);
  const control = async (path: string, body: unknown) => {
    const response = await fetch(`${ccemu.url}/_emulator/${path}`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(body),
    });
    const json = await response.json();
    if (!response.ok) throw new Error(`${path}: ${JSON.stringify(json)}`);
    return json;
  };
  const robot = async (platform: string, path: string, openPath?: string) =>
    (await control("gateway/robots", {
      name: `${platform} agent`,
      url: `${proxyOrigin}${path}`,
      ...(openPath ? { openPath } : {}),
      platform,
      token: "ccemu-sample-token",
    })).robotId as string;
  const examples: Examples = new Map();
  const last = () => recorded.at(-1)!;
  const keep = (id: string, text: string) => examples.set(id, normalize(text).trimEnd());
  try {
    const visitor = {
      visitorId: "v-1001",
      name: "王小明",
      channel: { id: "web-1", name: "to_be_added", appName: "官网", contactType: "WEB" },
      province: "浙江",
      city: "杭州",
      extra: { vip: "gold" },
    };
    const session = async (robotId: string, responseMode: string) =>
      (await control("gateway/sessions", { robotId, visitor, responseMode })).sessionId as string;
    const say = async (sessionId: string, message: unknown) => {
      const exchange = await control(`gateway/sessions/${sessionId}/messages`, message);
      const errors = exchange.findings.filter((f: { severity: string }) => f.severity === "error");
      if (errors.length || exchange.error) {
        throw new Error(
          `the gateway refused ${JSON.stringify(message)}: ${JSON.stringify(exchange)}`,
        );
      }
      return last();
    };
    const image = { image: { fileName: "photo.png", contentBase64: PNG } };

    // The default way, blocking: the open-session call, then a message of each type.
    const defaultRobot = await robot("Default", "/message", "/open");
    const blocking = await session(defaultRobot, "blocking");
    const open = recorded.find((r) => r.path.endsWith("/open"))!;
    keep("default-open-push", httpRequest(open));
    keep("default-open-reply", pretty(open.reply));
    const text = await say(blocking, { text: "text" });
    keep("default-text-push", httpRequest(text));
    keep("reply-100", pretty(text.reply));
    for (
      const [keyword, id] of [
        ["rich", "reply-101"],
        ["card", "reply-102"],
        ["options", "reply-103-10301"],
        ["categories", "reply-103-10302"],
        ["topics", "reply-103-10303"],
        ["file", "reply-104"],
        ["image", "reply-105"],
        ["markdown", "reply-109"],
        ["combination", "reply-111"],
        ["human", "reply-transfer"],
        ["queue 12", "reply-transfer-queue"],
      ]
    ) keep(id, pretty((await say(blocking, { text: keyword })).reply));
    keep("default-image-push", httpRequest(await say(blocking, image)));

    // The default way, streaming.
    const streaming = await session(defaultRobot, "streaming");
    const streamed = await say(streaming, { text: "text" });
    keep("default-streaming-push", httpRequest(streamed));
    keep("default-stream-text", streamed.reply);
    keep("default-stream-card", (await say(streaming, { text: "card" })).reply);
    keep("default-stream-transfer", (await say(streaming, { text: "queue 12" })).reply);

    // The platform-A way (Dify's chat API), blocking then streaming.
    const difyRobot = await robot("PlatformA", "/v1/chat-messages");
    const difyBlocking = await session(difyRobot, "blocking");
    const chat = await say(difyBlocking, { text: "text" });
    keep("platform-a-push", httpRequest(chat));
    keep("platform-a-reply", pretty(chat.reply));
    keep("platform-a-image-push", httpRequest(await say(difyBlocking, image)));
    keep("platform-a-transfer", pretty((await say(difyBlocking, { text: "queue 12" })).reply));
    const difyStreaming = await session(difyRobot, "streaming");
    const difyStream = await say(difyStreaming, { text: "text" });
    keep("platform-a-streaming-push", httpRequest(difyStream));
    keep("platform-a-stream", difyStream.reply);
  } finally {
    await proxy.shutdown();
  }
  return examples;
}

/** A 1x1 PNG: the visitor's image in the image pushes. */
const PNG =
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==";

/** `<!-- not run: example ID … -->` then a fenced block: each example block of the guide. */
export const EXAMPLE_BLOCK =
  /<!-- not run: example ([\w-]+)[^>]*-->\n\n?(`{3,})(\w*)\n((?:[\s\S]*?\n)??)\2\n/g;

/** The guide with every example block holding `examples`' text; unknown ids are left as they are. */
export function withExamples(guide: string, examples: Examples): string {
  return guide.replace(EXAMPLE_BLOCK, (block, id, fence, info) => {
    const text = examples.get(id);
    if (text === undefined) return block;
    const marker = block.slice(0, block.indexOf(fence));
    return `${marker}${fence}${info}\n${text}\n${fence}\n`;
  });
}

/** `<!-- not run: … this is examples/…, … -->` then a fenced block: a file the guide shows whole. */
export const FILE_BLOCK =
  /<!-- not run: [^>]*this is (examples\/\S+?),[^>]*-->\n\n?(`{3,})(\w*)\n((?:[\s\S]*?\n)??)\2\n/g;

/** The guide with every file block holding its file, as read from the repository. */
export async function withFiles(guide: string): Promise<string> {
  const root = new URL("../", import.meta.url);
  const files = new Map<string, string>();
  for (const [, path] of guide.matchAll(FILE_BLOCK)) {
    files.set(path, (await Deno.readTextFile(new URL(path, root))).trimEnd());
  }
  return guide.replace(FILE_BLOCK, (block, path, fence, info) => {
    const marker = block.slice(0, block.indexOf(fence));
    return `${marker}${fence}${info}\n${files.get(path)}\n${fence}\n`;
  });
}

/** Markdown as `deno fmt` writes it (JSON blocks included), with the repository's settings. */
export async function formatted(markdown: string): Promise<string> {
  const child = new Deno.Command(Deno.execPath(), {
    args: ["fmt", "--ext", "md", "-"],
    cwd: new URL("../", import.meta.url),
    stdin: "piped",
    stdout: "piped",
    stderr: "piped",
  }).spawn();
  const writer = child.stdin.getWriter();
  await writer.write(new TextEncoder().encode(markdown));
  await writer.close();
  const { code, stdout, stderr } = await child.output();
  if (code !== 0) throw new Error(`deno fmt: ${new TextDecoder().decode(stderr)}`);
  return new TextDecoder().decode(stdout);
}

/** The guide as it should read: its example and file blocks current, formatted. */
export async function currentGuide(guide: string, examples: Examples): Promise<string> {
  return formatted(await withFiles(withExamples(guide, examples)));
}

if (import.meta.main) {
  const guide = await Deno.readTextFile(GUIDE);
  const examples = await captureExamples();
  const updated = await currentGuide(guide, examples);
  const ids = [...guide.matchAll(EXAMPLE_BLOCK)].map((m) => m[1]);
  const missing = [...examples.keys()].filter((id) => !ids.includes(id));
  if (Deno.args.includes("--write")) {
    await Deno.writeTextFile(GUIDE, updated);
    console.log(
      `wrote ${ids.length} example blocks; not in the guide: ${missing.join(", ") || "none"}`,
    );
  } else {
    console.log(
      updated === guide
        ? "the guide's examples are current"
        : "the guide's examples are not current (--write)",
    );
    for (const id of missing) console.log(`not in the guide: ${id}`);
    for (const [id, text] of examples) console.log(`--- ${id}\n${text}`);
  }
}
