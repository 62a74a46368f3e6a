/**
 * The open API's request authentication (spec part 5), in the order the checks run:
 * key id present -> key known -> common parameters present -> Expires and Timestamp well formed ->
 * not expired -> signature -> IP allow-list -> permission -> rate limit.
 * Pure apart from the rate limiter's counter: the caller passes the clock reading and the keys.
 */
import type { AccessKey } from "../core/tenants.ts";
import { permits } from "../core/tenants.ts";
import type { AuthDiagnostics } from "../core/journal.ts";
import { ApiError, type ErrorCode } from "../core/errors.ts";
import { ipAllowed } from "../core/ip-allow-list.ts";
import type { RateLimiter } from "./rate-limit.ts";
import {
  canonicalQuery,
  COMMON_PARAMETERS,
  computeSignature,
  formatTimestamp,
  parseTimestamp,
  signaturesEqual,
} from "./signature.ts";
import { localTimeHint, manualClockHint } from "./timestamp-hints.ts";

export interface AuthRequest {
  method: string;
  /** The Host header as sent (may carry a port). */
  host: string;
  /** The request path as sent (may end in `/`). */
  path: string;
  /** The decoded query pairs, in order. */
  query: [string, string][];
  /**
   * The caller's address, asked only when the key has an allow-list: `Deno.serve` answers each
   * read with a call into its runtime and a fresh object.
   */
  remoteAddress: () => string;
}

export interface AuthSettings {
  findKey: (accessKeyId: string) => AccessKey | undefined;
  now: number;
  /** Whether the clock is manual: then a Timestamp far ahead is likely a wall-clock client's. */
  manualClock: boolean;
  signHosts: readonly string[];
  maxClockSkewSeconds: number;
  rateLimiter: RateLimiter;
  /** The operation being called: its path decides the permission. */
  operation: { path: string; readOnly: boolean };
}

export type AuthResult =
  | { ok: true; key: AccessKey; diagnostics: AuthDiagnostics }
  | { ok: false; error: ApiError; diagnostics: AuthDiagnostics };

/** The host names a signature may have used: as sent, without the port, and the aliases. */
export function hostCandidates(host: string, aliases: readonly string[]): string[] {
  // Per request, so without Sets or spreads: at most a handful of names.
  const hosts: string[] = [];
  const add = (name: string) => {
    if (name && !hosts.includes(name)) hosts.push(name);
  };
  add(host.replace(/:\d+$/, ""));
  add(host);
  for (const alias of aliases) add(alias);
  return hosts;
}

/** The SDK requests `/x/` but signs `/x`; a hand-made client may sign what it sent. */
export function pathCandidates(path: string): string[] {
  if (path.length <= 1 || !path.endsWith("/")) return [path];
  const trimmed = path.replace(/\/+$/, "") || "/";
  return trimmed === path ? [path] : [trimmed, path];
}

export function authenticate(
  request: AuthRequest,
  settings: AuthSettings,
): AuthResult {
  const diagnostics: AuthDiagnostics = { outcome: "rejected" };
  const fail = (
    code: ErrorCode,
    failedCheck: string,
    message: string,
    parameter?: string,
  ): AuthResult => {
    diagnostics.failedCheck = failedCheck;
    diagnostics.detail = message;
    return { ok: false, error: new ApiError(code, message, parameter), diagnostics };
  };
  // The common parameters in one pass, into one slot each: a record keyed by the names sent went
  // through V8's megamorphic property stubs on every request. A repeated one is reported in
  // COMMON_PARAMETERS' order.
  const given: (string | undefined)[] = [undefined, undefined, undefined, undefined];
  let repeated = false;
  for (const [name, value] of request.query) {
    const slot = (COMMON_PARAMETERS as readonly string[]).indexOf(name);
    if (slot === -1) continue;
    if (given[slot] === undefined) given[slot] = value;
    else repeated = true;
  }

  // Given twice, a signing parameter has no one meaning: refuse rather than pick one.
  for (const name of repeated ? COMMON_PARAMETERS : []) {
    const count = request.query.filter(([n]) => n === name).length;
    if (count > 1) {
      return fail(
        "InvalidParameter",
        "duplicate-parameter",
        `The ${name} query parameter is given ${count} times; send each of ${
          COMMON_PARAMETERS.join(", ")
        } once.`,
        name,
      );
    }
  }

  const accessKeyId = given[0];
  if (!accessKeyId) {
    return fail(
      "MissingAuthenticationToken",
      "access-key-id",
      "The AccessKeyId query parameter is missing.",
    );
  }
  diagnostics.accessKeyId = accessKeyId;
  const key = settings.findKey(accessKeyId);
  if (!key) {
    return fail("AuthFailure", "access-key-id", `No access key has the id "${accessKeyId}".`);
  }

  for (let slot = 1; slot < COMMON_PARAMETERS.length; slot++) {
    const name = COMMON_PARAMETERS[slot];
    if (given[slot] === undefined) {
      return fail(
        "MissingParameter",
        name.toLowerCase(),
        `The ${name} query parameter is missing.`,
        name,
      );
    }
  }
  const [, expiresText, timestampText, signature] = given as string[];
  const expires = /^\d{1,5}$/.test(expiresText) ? Number(expiresText) : NaN;
  if (!(expires >= 1 && expires <= 86400)) {
    return fail(
      "InvalidParameter",
      "expires",
      `Expires must be an integer from 1 to 86400 seconds, got "${expiresText}".`,
      "Expires",
    );
  }
  const timestamp = parseTimestamp(timestampText);
  if (timestamp === undefined) {
    return fail(
      "InvalidParameter",
      "timestamp",
      `Timestamp must be UTC time as yyyy-MM-ddTHH:mm:ssZ, got "${timestampText}".`,
      "Timestamp",
    );
  }
  if (settings.now > timestamp + expires * 1000) {
    return fail(
      "SignaturesExpired",
      "expires",
      `The signature expired at ${
        formatTimestamp(timestamp + expires * 1000)
      } (Timestamp ${timestampText} + Expires ${expires} s); ccemu's clock reads ${
        formatTimestamp(settings.now)
      }.${localTimeHint(timestamp, settings.now)}`,
    );
  }
  if (timestamp - settings.now > settings.maxClockSkewSeconds * 1000) {
    // A whole number of hours is the more telling sign, even under a manual clock.
    const hint = localTimeHint(timestamp, settings.now) ||
      (settings.manualClock ? manualClockHint(timestampText) : "");
    return fail(
      "SignaturesExpired",
      "timestamp-in-future",
      `The signature is not valid yet: Timestamp ${timestampText} is more than ${settings.maxClockSkewSeconds} s ahead of ccemu's clock (${
        formatTimestamp(settings.now)
      }).${hint}`,
    );
  }

  const hosts = hostCandidates(request.host, settings.signHosts);
  const paths = pathCandidates(request.path);
  diagnostics.hostsTried = hosts;
  const canonical = canonicalQuery(request.query);
  // Joined, not concatenated: a string built with `+` or a template is a tree of pieces in V8,
  // and kept in the journal's diagnostics it would send JSON.stringify off its fast path.
  const textFor = (host: string, path: string) =>
    [request.method.toUpperCase(), host, path, "?", canonical].join("");
  // The first candidate is what the SDK signs, so an accepted request costs one HMAC. Stopping
  // early reveals only which public host name matched, nothing of the secret.
  const expected = diagnostics.expectedStringToSign = textFor(hosts[0], paths[0]);
  let matched: { host: string; path: string } | undefined;
  search: for (const host of hosts) {
    for (const path of paths) {
      const text = host === hosts[0] && path === paths[0] ? expected : textFor(host, path);
      if (signaturesEqual(computeSignature(key.accessKeySecret, text), signature)) {
        matched = { host, path };
        break search;
      }
    }
  }
  if (!matched) {
    const plus = signature.includes(" ")
      ? " The Signature holds a space: a '+' of its base64 was probably sent without percent-encoding it as %2B."
      : "";
    return fail(
      "AuthFailure",
      "signature",
      `The signature does not match. ccemu expected the string-to-sign "${diagnostics.expectedStringToSign}"` +
        ` (host names tried: ${hosts.join(", ")})` +
        `, signed with HMAC-SHA1 under the secret of ${accessKeyId}, base64, then URL-encoded on the query.${plus}` +
        ` If your string-to-sign is exactly this, byte for byte, your secret differs from the one ccemu holds for ${accessKeyId}: check the AccessKeySecret.` +
        ` If it is not, compare the two: the host (signed without its port), the path (without a trailing slash) and the parameter order (sorted by encoded name) are the usual differences.` +
        // Which other host would have matched cannot be known, so the way to add one is named.
        ` If your client signs for a host name other than ${
          hosts.join(" or ")
        } (e.g. the cloud host name configured in its SDK), start ccemu with \`--sign-host THAT.HOST\` (harness: \`signHosts: ["THAT.HOST"]\`).`,
    );
  }
  diagnostics.matched = matched;

  const address = key.ipAllowList.length ? request.remoteAddress() : "";
  if (!ipAllowed(key.ipAllowList, address)) {
    return fail(
      "UnauthorizedOperation",
      "ip-allow-list",
      `The caller address ${address || "(unknown)"} is not on the allow-list of ${accessKeyId} (${
        key.ipAllowList.join(", ")
      }).`,
    );
  }
  if (!permits(key, settings.operation.path, settings.operation.readOnly)) {
    return fail(
      "UnauthorizedOperation",
      "permission",
      `The access key ${accessKeyId} has no permission for ${settings.operation.path} (it holds: ${
        key.permissions.join(", ")
      }).`,
    );
  }
  if (key.rateLimit && !settings.rateLimiter.take(accessKeyId, key.rateLimit, settings.now)) {
    const { requests, perSeconds } = key.rateLimit;
    const retry = settings.rateLimiter.retryAfter(key.rateLimit, settings.now);
    return fail(
      "TooManyRequests",
      "rate-limit",
      `The access key ${accessKeyId} is limited to ${requests} requests per ${perSeconds} s; retry in ${retry} s.`,
    );
  }
  diagnostics.outcome = "accepted";
  return { ok: true, key, diagnostics };
}
