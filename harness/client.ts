/**
 * A signing client for the open API and the knowledge base: it signs exactly as the vendor's Java
 * SDK does (host without port, path without trailing slash, Java URL encoding) and returns the
 * parsed envelope.
 */
import { wallNow } from "../emulator/core/clock.ts";
import { queryPairs, signUrl } from "../emulator/signed-api/signature.ts";

/** Where a `SignedClient` sends its requests, and the key, time and host it signs them with. */
export interface ClientOptions {
  /** ccemu's base URL, e.g. `http://127.0.0.1:8686`. */
  url: string;
  /** The `AccessKeyId` to sign with; default the demo key's (`ccemu-demo-key`). */
  accessKeyId?: string;
  /** That key's secret, which keys the HMAC-SHA1 signature (never sent); default the demo key's. */
  accessKeySecret?: string;
  /** The time to sign with, in ms; defaults to the wall clock. Pass the emulator's clock in tests. */
  now?: () => number;
  /** Signature validity in seconds (1 to 86400). */
  expires?: number;
  /** Sign for this host name instead of the URL's (as a client configured with the cloud host). */
  signHost?: string;
}

/** What a signed request got back: the HTTP status, the parsed JSON envelope and the headers. */
export interface ApiResponse<T = Record<string, unknown>> {
  /** The answer's HTTP status; a vendor error has its own, e.g. 403 for `SignaturesExpired`. */
  status: number;
  /** The parsed JSON body (`requestId` plus `result`, or `error`). */
  body: T & { requestId?: string; error?: { code: string; message: string } };
  /** The response headers. */
  headers: Headers;
}

/** The demo tenant's full-permission key from `fixtures/default`. */
/**
 * The default fixture's demo key (tenant 7000001), what `client()` signs with unless told.
 *
 * @example
 * ```ts
 * import { DEMO_KEY } from "@ccemu/ccemu";
 * console.log(DEMO_KEY.accessKeyId); // "ccemu-demo-key"
 * ```
 */
export const DEMO_KEY: { accessKeyId: string; accessKeySecret: string; enterpriseId: string } = {
  accessKeyId: "ccemu-demo-key",
  accessKeySecret: "ccemu-demo-secret",
  enterpriseId: "7000001",
};

/**
 * A client that signs every request as the vendor's Java SDK does (HMAC-SHA1 over the sorted
 * query) and answers status, JSON body and headers. Works against any ccemu, or the real service.
 *
 * @example
 * ```ts
 * import { SignedClient, startEmulator } from "@ccemu/ccemu";
 *
 * await using ccemu = await startEmulator();
 * // Any ccemu's address (or the real service's), signing for the time the server reads.
 * const client = new SignedClient({ url: ccemu.url, now: () => ccemu.clock.now() });
 * const { status, body } = await client.post("/gateway/robot_list", { robotStatus: 1 });
 * console.log(status, body.requestId); // 200 "…"
 * ```
 */
export class SignedClient {
  /** A client that signs every request with `options` (the demo key unless they name another). */
  constructor(readonly options: ClientOptions) {}

  /** Returns a signed URL for `method` and `path`, with `query` as business parameters. */
  signedUrl(method: string, path: string, query: Record<string, unknown> = {}): string {
    const url = new URL(path, this.options.url);
    for (const [name, value] of queryPairs(query)) url.searchParams.append(name, value);
    const signed = signUrl({
      method,
      url: url.href,
      accessKeyId: this.options.accessKeyId ?? DEMO_KEY.accessKeyId,
      accessKeySecret: this.options.accessKeySecret ?? DEMO_KEY.accessKeySecret,
      now: this.options.now?.() ?? wallNow(),
      expires: this.options.expires,
      signHost: this.options.signHost,
    });
    return signed.url;
  }

  /** A signed POST with a JSON body, as every outbound operation takes. */
  post<T = Record<string, unknown>>(
    path: string,
    body: unknown,
    query: Record<string, unknown> = {},
  ): Promise<ApiResponse<T>> {
    return this.request<T>("POST", path, { body, query });
  }

  /** A signed GET whose business parameters are signed too (arrays as `name[i]`). */
  get<T = Record<string, unknown>>(
    path: string,
    query: Record<string, unknown> = {},
  ): Promise<ApiResponse<T>> {
    return this.request<T>("GET", path, { query });
  }

  /**
   * A signed request with any method: `query` is signed with the common parameters, `body` (when
   * given) is sent as JSON. An answer that is not JSON comes back as `error.code` `NotJson`.
   */
  async request<T>(
    method: string,
    path: string,
    options: { body?: unknown; query?: Record<string, unknown> } = {},
  ): Promise<ApiResponse<T>> {
    const url = this.signedUrl(method, path, options.query);
    const response = await fetch(url, {
      method,
      headers: options.body === undefined
        ? {}
        : { "content-type": "application/json; charset=UTF-8" },
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
    });
    const text = await response.text();
    let body;
    try {
      body = JSON.parse(text);
    } catch {
      body = { error: { code: "NotJson", message: text } };
    }
    return { status: response.status, body, headers: response.headers };
  }
}
