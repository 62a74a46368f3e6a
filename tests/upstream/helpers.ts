/**
 * The recording proxy's tests, over loopback: ccemu A stands in for the real service (in process,
 * real clock, a tenant of its own with a robot the demo tenant lacks), and ccemu B is the proxy, a
 * child process started as a user starts it, the upstream secret in its environment.
 */
import { startEmulator } from "../../harness/mod.ts";
import { signUrl } from "../../emulator/signed-api/signature.ts";
import { DEMO_KEY } from "../../harness/client.ts";

const MAIN = new URL("../../main.ts", import.meta.url).pathname;
const FIXTURES = new URL("../../fixtures/default/", import.meta.url);

/** The real tenant's key on A: what B signs forwarded requests with. */
export const UPSTREAM_KEY = "real-tenant-key";
/** Its secret: a value that must never appear in anything B writes. */
export const UPSTREAM_SECRET = "upstream-secret-7f3c9a1e-DO-NOT-LEAK";
/** The environment variable B reads it from. */
export const SECRET_ENV = "CCEMU_TEST_UPSTREAM_SECRET";
/** A's enterprise: not the demo tenant's, so a request B forwards cannot pass B's tenant check. */
export const UPSTREAM_ENTERPRISE = "7000002";
/** A robot only A has: an answer holding it came from A. */
export const UPSTREAM_ROBOT = { robotDefId: 3999, robotName: "Upstream-only robot" };

/** The default fixtures as another tenant: its own enterprise, key and one more robot. */
export async function upstreamFixtures(): Promise<Record<string, unknown>> {
  const merged: Record<string, unknown> = {};
  for (const name of ["tenant.json", "outbound.json", "kb.json", "gateway.json"]) {
    Object.assign(merged, JSON.parse(await Deno.readTextFile(new URL(name, FIXTURES))));
  }
  const fixtures = JSON.parse(
    JSON.stringify(merged).replaceAll('"7000001"', `"${UPSTREAM_ENTERPRISE}"`),
  ) as {
    accessKeys: { accessKeyId: string; accessKeySecret: string }[];
    outbound: { scripts: Record<string, unknown>[] };
  };
  fixtures.accessKeys = [{
    ...fixtures.accessKeys[0],
    accessKeyId: UPSTREAM_KEY,
    accessKeySecret: UPSTREAM_SECRET,
  }];
  fixtures.outbound.scripts.push({
    ...fixtures.outbound.scripts[0],
    ...UPSTREAM_ROBOT,
    robotStatus: 5,
  });
  return fixtures;
}

/** ccemu A, "the real service": a real clock, since B signs with the wall clock. */
export async function startUpstream() {
  return await startEmulator({ clock: "real", fixtures: await upstreamFixtures() });
}

/** A loopback port nothing listens on (a listener opened and closed). */
export function closedPort(): number {
  const listener = Deno.listen({ hostname: "127.0.0.1", port: 0 });
  const port = (listener.addr as Deno.NetAddr).port;
  listener.close();
  return port;
}

/**
 * `ccemu start --port 0 --no-ui ARGS` with `env` added, as a child process; with `ui`, the UI is
 * served (bundled on its first request by `deno bundle`, which needs --allow-run).
 */
function command(args: string[], env: Record<string, string>, ui = false) {
  return new Deno.Command(Deno.execPath(), {
    args: [
      "run",
      "--allow-net",
      "--allow-read",
      "--allow-write",
      "--allow-env",
      ...(ui ? ["--allow-run"] : []),
      MAIN,
      "start",
      "--port",
      "0",
      ...(ui ? [] : ["--no-ui"]),
      ...args,
    ],
    env,
    stdout: "piped",
    stderr: "piped",
  });
}

/** Runs a ccemu that must refuse to start: its exit code and what it printed. */
export async function startRefused(args: string[], env: Record<string, string> = {}) {
  const { code, stdout, stderr } = await command(args, env).output();
  return {
    code,
    out: new TextDecoder().decode(stdout),
    err: new TextDecoder().decode(stderr),
  };
}

/** Reads a stream to its end into `into.text`. */
async function pump(stream: ReadableStream<Uint8Array<ArrayBuffer>>, into: { text: string }) {
  for await (const chunk of stream.pipeThrough(new TextDecoderStream())) into.text += chunk;
}

/**
 * ccemu B, the proxy: started with the upstream flags and the secret in its environment. Its
 * stdout and stderr are kept whole, to search them for the secret.
 */
export async function startProxy(upstream: string, args: string[] = [], { ui = false } = {}) {
  const child = command(
    [
      "--upstream",
      upstream,
      "--allow-http-upstream",
      "--upstream-key",
      UPSTREAM_KEY,
      "--upstream-secret-env",
      SECRET_ENV,
      ...args,
    ],
    { [SECRET_ENV]: UPSTREAM_SECRET },
    ui,
  ).spawn();
  const stdout = { text: "" }, stderr = { text: "" };
  const pumps = Promise.all([pump(child.stdout, stdout), pump(child.stderr, stderr)]);
  const exited = child.status.then(() => true);
  const deadline = Date.now() + 20_000;
  while (!/^upstream: /m.test(stdout.text)) {
    if (Date.now() > deadline || await Promise.race([exited, delay(20).then(() => false)])) {
      try {
        child.kill("SIGKILL");
      } catch { /* gone */ }
      await child.status;
      await pumps;
      throw new Error(`the proxy did not start:\n${stdout.text}\n${stderr.text}`);
    }
  }
  const url = /^ccemu listening on (http:\/\/\S+)$/m.exec(stdout.text)![1];
  return {
    url,
    child,
    /** Everything printed so far. */
    output: () => stdout.text + stderr.text,
    /** Kills it (SIGKILL, as `kill -9`) and waits for its pipes to end. */
    async kill() {
      try {
        child.kill("SIGKILL");
      } catch { /* already gone */ }
      await child.status;
      await pumps;
    },
    async [Symbol.asyncDispose]() {
      await this.kill();
    },
  };
}

const delay = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** What a request got: status, content type and the body's exact text. */
export interface Answer {
  status: number;
  contentType: string | null;
  text: string;
}

/**
 * Sends a request to `base` signed with `key` (B's demo key by default) at the wall clock, as the
 * Java SDK signs; `alter` changes the signed query (to break the signature).
 */
export async function signedCall(
  base: string,
  method: string,
  path: string,
  options: {
    body?: string;
    query?: [string, string][];
    key?: { accessKeyId: string; accessKeySecret: string };
    contentType?: string;
    alter?: (params: URLSearchParams) => void;
  } = {},
): Promise<Answer> {
  const url = new URL(path, base);
  for (const [name, value] of options.query ?? []) url.searchParams.append(name, value);
  const key = options.key ?? DEMO_KEY;
  const signed = new URL(
    signUrl({
      method,
      url: url.href,
      accessKeyId: key.accessKeyId,
      accessKeySecret: key.accessKeySecret,
      now: Date.now(),
    }).url,
  );
  if (options.alter) {
    const params = new URLSearchParams(signed.search);
    options.alter(params);
    signed.search = params.toString();
  }
  const headers: Record<string, string> = {};
  if (options.body !== undefined) {
    headers["content-type"] = options.contentType ?? "application/json; charset=UTF-8";
  }
  const response = await fetch(signed, { method, headers, body: options.body });
  return {
    status: response.status,
    contentType: response.headers.get("content-type"),
    text: await response.text(),
  };
}

/** B's journal, as its control API answers it (the text, to search, and the entries). */
export async function journalOf(base: string) {
  const text = await (await fetch(`${base}/_emulator/journal`)).text();
  return { text, entries: JSON.parse(text).entries as Record<string, unknown>[] };
}
