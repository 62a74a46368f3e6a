/** Test helpers: an in-process emulator over the default fixtures and a signed-request builder. */
import { createApp } from "../emulator/app.ts";
import { type Config, DEFAULT_CONFIG, MANUAL_CLOCK_START } from "../emulator/core/config.ts";
import { Emulator } from "../emulator/core/emulator.ts";
import { loadFixtures, STATE } from "../emulator/state.ts";
import { formatTimestamp, signUrl } from "../emulator/signed-api/signature.ts";
import { DEMO_KEY } from "../harness/client.ts";

export const BASE = "http://127.0.0.1:8686";
const fixtures = await loadFixtures();

export interface SignedRequestOptions {
  body?: unknown;
  /** Raw body text (wins over `body`). */
  rawBody?: string;
  query?: Record<string, string>;
  key?: { accessKeyId: string; accessKeySecret: string };
  /** Time to sign with; default the emulator's now. */
  at?: number;
  expires?: number;
  /** Host name to sign for (default 127.0.0.1, the SDK's way: no port). */
  signHost?: string;
  /** Host header to send (default 127.0.0.1:8686). */
  host?: string;
  contentType?: string | null;
  /** The caller's address as the server sees it. */
  remote?: string;
  /** Replace query parameters after signing (to tamper with or drop them). */
  alter?: (params: URLSearchParams) => void;
}

export function testEmulator(config: Partial<Config> = {}) {
  const emulator = new Emulator(
    { ...DEFAULT_CONFIG, clock: "manual", clockStart: MANUAL_CLOCK_START, seed: 7, ...config },
    STATE,
    structuredClone(fixtures),
  );
  const { fetch: serve, hono, areas } = createApp(emulator);
  const env = (remote = "127.0.0.1") => ({ remoteAddr: { hostname: remote } });

  /** A request as given, through what `Deno.serve` calls (env defaults to this machine). */
  const request = (url: string, init: RequestInit = {}, remote = env()) =>
    serve(new Request(url, init), remote);

  /** Sends a request signed as the Java SDK signs it, in process. */
  function signed(method: string, path: string, options: SignedRequestOptions = {}) {
    const url = new URL(path, BASE);
    for (const [name, value] of Object.entries(options.query ?? {})) {
      url.searchParams.append(name, value);
    }
    const key = options.key ?? DEMO_KEY;
    const { url: signedUrl } = signUrl({
      method,
      url: url.href,
      accessKeyId: key.accessKeyId,
      accessKeySecret: key.accessKeySecret,
      now: options.at ?? emulator.clock.now(),
      expires: options.expires,
      signHost: options.signHost ?? "127.0.0.1",
    });
    const finalUrl = new URL(signedUrl);
    if (options.alter) {
      const params = new URLSearchParams(finalUrl.search);
      options.alter(params);
      finalUrl.search = params.toString();
    }
    return send(method, finalUrl.href, options);
  }

  /** Sends a request as given (no signing). */
  async function send(method: string, url: string, options: SignedRequestOptions = {}) {
    const headers: Record<string, string> = { host: options.host ?? "127.0.0.1:8686" };
    const body = options.rawBody ??
      (options.body === undefined ? undefined : JSON.stringify(options.body));
    const contentType = options.contentType === undefined
      ? "application/json; charset=UTF-8"
      : options.contentType;
    if (body !== undefined && contentType !== null) headers["content-type"] = contentType;
    const response = await request(url, { method, headers, body }, env(options.remote));
    const text = await response.text();
    return {
      status: response.status,
      json: text ? JSON.parse(text) : undefined,
      text,
      headers: response.headers,
    };
  }

  /** A control-API call from this machine. */
  async function control(
    method: string,
    path: string,
    body?: unknown,
    headers: Record<string, string> = {},
  ) {
    const response = await request(new URL(path, BASE).href, {
      method,
      headers: {
        host: "127.0.0.1:8686",
        ...(body === undefined ? {} : { "content-type": "application/json" }),
        ...headers,
      },
      body: body === undefined ? undefined : typeof body === "string" ? body : JSON.stringify(body),
    });
    const text = await response.text();
    let json;
    try {
      json = JSON.parse(text);
    } catch {
      json = undefined;
    }
    return { status: response.status, json, text, headers: response.headers };
  }

  /** The state as JSON text, for "nothing changed" assertions. */
  const stateText = () => JSON.stringify(emulator.state);

  return {
    emulator,
    areas,
    request,
    /** The Hono app alone: every route, the signed areas' too, without `fetch`'s own path. */
    hono,
    signed,
    send,
    control,
    stateText,
    [Symbol.dispose]: () => emulator.close(),
  };
}

export { formatTimestamp };
