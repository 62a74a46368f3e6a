/**
 * Bounded memory, at default settings (journal of 5,000 entries):
 *   1. resident memory after 30 s of mixed load under wrk: every read-only operation below with
 *      its documented example, a refused signature and an unknown operation (target <= 150 MB);
 *   2. resident memory after an agent sent 10 MB replies, 10 of them (target <= 200 MB);
 *   3. and after each, how far it falls in 30 s idle, and when (V8's memory reducer gives pages
 *      back some seconds after the load stops): memory returns after a burst.
 * Resident memory is the kernel's (VmRSS) for ccemu's process, started fresh.
 */
import {
  CCEMU_ARGS,
  control,
  fixed,
  MAIN,
  registerAgent,
  type Row,
  rssOf,
  signedClient,
  spawnServer,
  verdict,
} from "./kit.ts";
import { ensureWrk, pinTo, wrk, type WrkRequest } from "./wrk.ts";

const LOAD_SECONDS = 30;
const REPLIES = 10;
const REPLY_MB = 10;
const AGENT = new URL("./big-reply-agent.ts", import.meta.url).pathname;
/** Read-only operations, each sent with the example the OpenAPI document gives. */
const READS = [
  "POST /gateway/robot_list",
  "POST /gateway/task_list",
  "POST /gateway/phone_list",
  "GET /aikb/list_public_repositories",
  "GET /aikb/list_directory_tree",
  "POST /aikb/list_faqs",
  "POST /aikb/search_knowledge_on_open",
];

const mb = (bytes: number) => bytes / 1024 / 1024;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Resident memory through `seconds` of idle: the lowest, and how long it took to get there. */
async function settle(pid: number, seconds = 30): Promise<{ rss: number; afterSeconds: number }> {
  let lowest = { rss: await rssOf(pid), afterSeconds: 0 };
  for (let s = 1; s <= seconds; s++) {
    await sleep(1000);
    const rss = await rssOf(pid);
    if (rss < lowest.rss * 0.95) lowest = { rss, afterSeconds: s };
  }
  return lowest;
}

const settled = ({ rss, afterSeconds }: { rss: number; afterSeconds: number }) =>
  afterSeconds ? `${fixed(mb(rss), 0)} MB after ${afterSeconds} s idle` : "no lower in 30 s idle";

type Json = Record<string, unknown>;

/** The signed requests of the mixed load, from the running ccemu's own OpenAPI examples. */
export async function mixedRequests(url: string): Promise<WrkRequest[]> {
  const document = await (await fetch(`${url}/_emulator/openapi.json`)).json();
  const client = await signedClient(url);
  const path = (signed: string) => signed.slice(url.length);
  const requests = READS.map((operation): WrkRequest => {
    const [method, route] = operation.split(" ") as ["GET" | "POST", string];
    const op = document.paths[route][method.toLowerCase()] as Json;
    if (method === "GET") {
      const query: Record<string, string> = {};
      for (const p of (op.parameters ?? []) as Json[]) {
        if (p.in === "query" && p.example !== undefined && p.example !== null) {
          query[String(p.name)] = String(p.example);
        }
      }
      return { method, path: path(client.signedUrl("GET", route, query)) };
    }
    const content = (op.requestBody as { content: Record<string, { example: unknown }> }).content;
    return {
      method,
      path: path(client.signedUrl("POST", route)),
      body: JSON.stringify(content["application/json"].example),
    };
  });
  const robots = requests[0];
  return [
    ...requests,
    { ...robots, path: robots.path.replace(/Signature=[^&]+/, "Signature=bm90LWl0") }, // 401
    { ...robots, path: robots.path.replace("robot_list", "no_such_operation") }, // 404
  ];
}

export async function benchMemory(): Promise<Row[]> {
  const rows: Row[] = [];
  await ensureWrk();
  // 1. Mixed load.
  {
    const ccemu = await spawnServer(MAIN, CCEMU_ARGS, pinTo(0));
    try {
      const atStart = await rssOf(ccemu.pid);
      const requests = await mixedRequests(ccemu.url);
      const load = await wrk(ccemu.url, requests, { seconds: LOAD_SECONDS });
      const loaded = await rssOf(ccemu.pid);
      const rested = await settle(ccemu.pid);
      rows.push([
        `resident after ${LOAD_SECONDS} s of mixed load (${requests.length} kinds of request)`,
        `${fixed(mb(loaded), 0)} MB`,
        `at start ${fixed(mb(atStart), 0)} MB, ${settled(rested)}; ${
          fixed(load.rps, 0)
        } req/s, ${load.errors} refused as meant (401, 404); ${
          verdict(mb(loaded) <= 150, "<= 150 MB")
        }`,
      ]);
    } finally {
      await ccemu.stop();
    }
  }
  // 2. 10 MB agent replies.
  {
    const ccemu = await spawnServer(MAIN, CCEMU_ARGS);
    const agent = await spawnServer(AGENT, ["--mb", String(REPLY_MB)]);
    try {
      const robotId = await registerAgent(ccemu.url, agent.url, "big replies");
      const atStart = await rssOf(ccemu.pid);
      let peak = atStart, delivered = 0;
      for (let i = 0; i < REPLIES; i++) {
        const session = await control(ccemu.url, "/_emulator/gateway/sessions", {
          robotId,
          responseMode: "blocking",
        });
        const reply = await control(
          ccemu.url,
          `/_emulator/gateway/sessions/${session.sessionId}/messages`,
          {
            text: `message ${i}`,
          },
        );
        if (!reply.error) delivered++;
        peak = Math.max(peak, await rssOf(ccemu.pid));
      }
      const after = await rssOf(ccemu.pid);
      const rested = await settle(ccemu.pid);
      rows.push([
        `resident after ${REPLIES} agent replies of ${REPLY_MB} MB`,
        `${fixed(mb(after), 0)} MB`,
        `at start ${fixed(mb(atStart), 0)} MB, peak ${fixed(mb(peak), 0)} MB, ${
          settled(rested)
        }; ${delivered}/${REPLIES} delivered; ${verdict(mb(after) <= 200, "<= 200 MB")}`,
      ]);
    } finally {
      await agent.stop();
      await ccemu.stop();
    }
  }
  return rows;
}
