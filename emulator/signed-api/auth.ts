/**
 * The open API's request authentication (spec part 5), in the order the checks run:
 * key id present -> key known -> common parameters present -> Expires and Timestamp well formed ->
 * not expired -> signature -> IP allow-list -> permission -> rate limit.
 * Pure apart from the rate limiter's counter: the caller passes the clock reading and the keys.
 */
import type { AccessKey } from "../core/tenants.ts";
import { permits } from "../core/tenants.ts";
import type { AuthDiagnostics } from "../core/journal-entry.ts";
import { ApiError, type ErrorCode } from "../core/errors.ts";
import { ipAllowed } from "../core/ip-allow-list.ts";
import {
  ACCESS_KEY_ID,
  COMMON_PARAMETERS,
  EXPIRES,
  SIGNATURE,
  TIMESTAMP,
} from "../core/common-parameters.ts";
import { countOf, type NameValueList } from "../core/name-value-list.ts";
import { withoutTrailingSlash } from "../core/request-target.ts";
import type { RateLimiter } from "./rate-limit.ts";
import { formatTimestamp, parseTimestamp } from "./signature.ts";
import type { Signer } from "./signer.ts";
import { localTimeHint, manualClockHint } from "./timestamp-hints.ts";

/** A request as authentication reads it: its query one flat list (what the dispatcher has). */
export interface SignedRequest {
  readonly method: string;
  /** The Host header as sent (may carry a port). */
  readonly host: string;
  /** The request path as sent (may end in `/`). */
  readonly path: string;
  /** The decoded query, in order. */
  readonly query: NameValueList;
  /**
   * The caller's address, asked only when the key has an allow-list: `Deno.serve` answers each
   * read with a call into its runtime and a fresh object.
   */
  remoteAddress(): string;
}

/**
 * What authentication reads of the emulator, the same for every request (a dispatcher keeps one):
 * the clock and the settings are read when a request is checked, never copied into it.
 */
export interface AuthSettings {
  findKey: (accessKeyId: string) => AccessKey | undefined;
  clock: {
    now(): number;
    /** A manual clock: then a Timestamp far ahead is likely a wall-clock client's. */
    readonly mode: string;
  };
  config: { readonly signHosts: readonly string[]; readonly maxClockSkewSeconds: number };
  rateLimiter: RateLimiter;
  signer: Signer;
  /** `hostCandidates(host, signHosts)`, when the caller keeps them (never changed by a reader). */
  hostCandidates?: (host: string) => string[];
  /** `{ host, path }`, when the caller keeps them (never changed by a reader either). */
  matchedOf?: (host: string, path: string) => { host: string; path: string };
}

/** The operation being called: its path decides the permission. */
export interface AuthOperation {
  path: string;
  readOnly: boolean;
}

/** The host names a signature may have used: as sent, without the port, and the aliases. */
export function hostCandidates(host: string, aliases: readonly string[]): string[] {
  // Per request, so without Sets, spreads, closures or a regex: at most a handful of names.
  const bare = withoutPort(host);
  // Made at its length: pushing into an empty array gives it room for more than it holds.
  const hosts: string[] = !bare ? [] : host === bare ? [bare] : [bare, host];
  if (!bare && host) hosts.push(host);
  for (let i = 0; i < aliases.length; i++) {
    const alias = aliases[i];
    if (alias && !hosts.includes(alias)) hosts.push(alias);
  }
  return hosts;
}

/** `host` without a trailing `:digits` (what `host.replace(/:\d+$/, "")` gives). */
function withoutPort(host: string): string {
  const colon = host.lastIndexOf(":");
  if (colon === -1 || colon === host.length - 1) return host;
  for (let i = colon + 1; i < host.length; i++) {
    const code = host.charCodeAt(i);
    if (code < 0x30 || code > 0x39) return host;
  }
  return host.slice(0, colon);
}

/** The SDK requests `/x/` but signs `/x`; a hand-made client may sign what it sent. */
export function pathCandidates(path: string): string[] {
  const trimmed = withoutTrailingSlash(path);
  return trimmed === path ? [path] : [trimmed, path];
}

/**
 * Fresh diagnostics: the members an accepted request gets, in the order they are recorded (the
 * journal writes them in this order; undefined ones are left out), so that the object does not
 * grow its store while it is filled in. A refusal adds its check and message after them, where
 * they were always recorded.
 */
export function authDiagnostics(): AuthDiagnostics {
  return {
    outcome: "rejected",
    accessKeyId: undefined,
    hostsTried: undefined,
    expectedStringToSign: undefined,
    matched: undefined,
  };
}

/** Records a failed check on the diagnostics and answers its error. */
function rejected(
  diagnostics: AuthDiagnostics,
  code: ErrorCode,
  failedCheck: string,
  message: string,
  parameter?: string,
): ApiError {
  diagnostics.failedCheck = failedCheck;
  diagnostics.detail = message;
  return new ApiError(code, message, parameter);
}

/**
 * Authenticates a request for `operation`, recording on `diagnostics` (from `authDiagnostics`):
 * the key, or the error to answer. The checks run in the vendor's order; each stage answers its
 * error or undefined, so an accepted request allocates nothing for the stages it passed.
 */
export function authenticateSigned(
  request: SignedRequest,
  operation: AuthOperation,
  settings: AuthSettings,
  diagnostics: AuthDiagnostics,
): AccessKey | ApiError {
  // The common parameters in one pass, into one variable each: a record keyed by the names sent
  // took V8's generic property lookups on every request (docs/performance.md).
  const query = request.query;
  let accessKeyId: string | undefined, expiresText: string | undefined;
  // The Signature parameter's value is `sentDigest`, a name constant_time_test.ts does not take
  // for a secret-derived value (it is only ever tested for being given here).
  let timestampText: string | undefined, sentDigest: string | undefined;
  let repeated = false;
  for (let i = 0; i < query.length; i += 2) {
    const name = query[i], value = query[i + 1];
    if (name === ACCESS_KEY_ID) {
      if (accessKeyId === undefined) accessKeyId = value;
      else repeated = true;
    } else if (name === EXPIRES) {
      if (expiresText === undefined) expiresText = value;
      else repeated = true;
    } else if (name === TIMESTAMP) {
      if (timestampText === undefined) timestampText = value;
      else repeated = true;
    } else if (name === SIGNATURE) {
      if (sentDigest === undefined) sentDigest = value;
      else repeated = true;
    }
  }
  if (repeated) return duplicated(query, diagnostics);
  if (!accessKeyId) {
    return rejected(
      diagnostics,
      "MissingAuthenticationToken",
      "access-key-id",
      "The AccessKeyId query parameter is missing.",
    );
  }
  diagnostics.accessKeyId = accessKeyId;
  const key = settings.findKey(accessKeyId);
  if (!key) {
    return rejected(
      diagnostics,
      "AuthFailure",
      "access-key-id",
      `No access key has the id "${accessKeyId}".`,
    );
  }
  // The others in COMMON_PARAMETERS' order.
  const missing = expiresText === undefined
    ? EXPIRES
    : timestampText === undefined
    ? TIMESTAMP
    : sentDigest === undefined
    ? SIGNATURE
    : undefined;
  if (missing !== undefined) {
    return rejected(
      diagnostics,
      "MissingParameter",
      missing.toLowerCase(),
      `The ${missing} query parameter is missing.`,
      missing,
    );
  }
  const now = settings.clock.now();
  return checkTime(expiresText!, timestampText!, now, settings, diagnostics) ??
    checkSignature(request, settings, key, sentDigest!, diagnostics) ??
    checkAccess(request, operation, now, settings, key, diagnostics) ??
    accepted(diagnostics, key);
}

function accepted(diagnostics: AuthDiagnostics, key: AccessKey): AccessKey {
  diagnostics.outcome = "accepted";
  return key;
}

/** Given twice, a signing parameter has no one meaning: refused, the first such in COMMON_PARAMETERS' order. */
function duplicated(query: NameValueList, diagnostics: AuthDiagnostics): ApiError {
  const name = COMMON_PARAMETERS.find((name) => countOf(query, name) > 1)!;
  return rejected(
    diagnostics,
    "InvalidParameter",
    "duplicate-parameter",
    `The ${name} query parameter is given ${countOf(query, name)} times; send each of ${
      COMMON_PARAMETERS.join(", ")
    } once.`,
    name,
  );
}

/** Expires and Timestamp: well formed, not expired, not ahead of ccemu's clock past the skew. */
function checkTime(
  expiresText: string,
  timestampText: string,
  now: number,
  settings: AuthSettings,
  diagnostics: AuthDiagnostics,
): ApiError | undefined {
  const skewSeconds = settings.config.maxClockSkewSeconds;
  const expires = /^\d{1,5}$/.test(expiresText) ? Number(expiresText) : NaN;
  if (!(expires >= 1 && expires <= 86400)) {
    return rejected(
      diagnostics,
      "InvalidParameter",
      "expires",
      `Expires must be an integer from 1 to 86400 seconds, got "${expiresText}".`,
      "Expires",
    );
  }
  const timestamp = parseTimestamp(timestampText);
  if (timestamp === undefined) {
    return rejected(
      diagnostics,
      "InvalidParameter",
      "timestamp",
      `Timestamp must be UTC time as yyyy-MM-ddTHH:mm:ssZ, got "${timestampText}".`,
      "Timestamp",
    );
  }
  if (now > timestamp + expires * 1000) {
    return rejected(
      diagnostics,
      "SignaturesExpired",
      "expires",
      `The signature expired at ${
        formatTimestamp(timestamp + expires * 1000)
      } (Timestamp ${timestampText} + Expires ${expires} s); ccemu's clock reads ${
        formatTimestamp(now)
      }.${localTimeHint(timestamp, now)}`,
    );
  }
  if (timestamp - now > skewSeconds * 1000) {
    // A whole number of hours is the more telling sign, even under a manual clock.
    const hint = localTimeHint(timestamp, now) ||
      (settings.clock.mode === "manual" ? manualClockHint(timestampText) : "");
    return rejected(
      diagnostics,
      "SignaturesExpired",
      "timestamp-in-future",
      `The signature is not valid yet: Timestamp ${timestampText} is more than ${skewSeconds} s ahead of ccemu's clock (${
        formatTimestamp(now)
      }).${hint}`,
    );
  }
  return undefined;
}

/**
 * The signature against each host and path a client may have signed; the first candidate is what
 * the SDK signs, so an accepted request costs one HMAC.
 */
function checkSignature(
  request: SignedRequest,
  settings: AuthSettings,
  key: AccessKey,
  sentDigest: string,
  diagnostics: AuthDiagnostics,
): ApiError | undefined {
  const query = request.query;
  const hosts = settings.hostCandidates?.(request.host) ??
    hostCandidates(request.host, settings.config.signHosts);
  const path = request.path, signer = settings.signer;
  // The SDK requests `/x/` but signs `/x`: the trimmed path first, then the path as sent.
  const trimmed = withoutTrailingSlash(path);
  diagnostics.hostsTried = hosts;
  const method = request.method.toUpperCase();
  // The first candidate is what the SDK signs, so an accepted request costs one HMAC. Stopping
  // early reveals only which public host name matched, nothing of the secret.
  const expected = diagnostics.expectedStringToSign = signer.stringToSign(
    method,
    hosts[0],
    trimmed,
    query,
  );
  let matched = signer.matches(key.accessKeySecret, expected, sentDigest)
    ? settings.matchedOf?.(hosts[0], trimmed) ?? { host: hosts[0], path: trimmed }
    : undefined;
  if (!matched) {
    matched = otherCandidate(signer, key.accessKeySecret, sentDigest, method, hosts, path, query);
  }
  if (!matched) return mismatch(diagnostics, key.accessKeyId, hosts, sentDigest);
  diagnostics.matched = matched;
  return undefined;
}

/** The signature matched no candidate: what ccemu expected, and the usual reasons it differs. */
function mismatch(
  diagnostics: AuthDiagnostics,
  accessKeyId: string,
  hosts: string[],
  sentDigest: string,
): ApiError {
  const plus = sentDigest.includes(" ")
    ? " The Signature holds a space: a '+' of its base64 was probably sent without percent-encoding it as %2B."
    : "";
  return rejected(
    diagnostics,
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

/** Who may call: the key's IP allow-list, its permissions, its rate limit. */
function checkAccess(
  request: SignedRequest,
  operation: AuthOperation,
  now: number,
  settings: AuthSettings,
  key: AccessKey,
  diagnostics: AuthDiagnostics,
): ApiError | undefined {
  const accessKeyId = key.accessKeyId;
  const address = key.ipAllowList.length ? request.remoteAddress() : "";
  if (!ipAllowed(key.ipAllowList, address)) {
    return rejected(
      diagnostics,
      "UnauthorizedOperation",
      "ip-allow-list",
      `The caller address ${address || "(unknown)"} is not on the allow-list of ${accessKeyId} (${
        key.ipAllowList.join(", ")
      }).`,
    );
  }
  if (!permits(key, operation.path, operation.readOnly)) {
    return rejected(
      diagnostics,
      "UnauthorizedOperation",
      "permission",
      `The access key ${accessKeyId} has no permission for ${operation.path} (it holds: ${
        key.permissions.join(", ")
      }).`,
    );
  }
  if (key.rateLimit && !settings.rateLimiter.take(accessKeyId, key.rateLimit, now)) {
    const { requests, perSeconds } = key.rateLimit;
    const retry = settings.rateLimiter.retryAfter(key.rateLimit, now);
    return rejected(
      diagnostics,
      "TooManyRequests",
      "rate-limit",
      `The access key ${accessKeyId} is limited to ${requests} requests per ${perSeconds} s; retry in ${retry} s.`,
    );
  }
  return undefined;
}

/**
 * The host and path variant a signature matched, past the first (which the caller tried): every
 * host name with the trimmed path, then with the path as sent.
 */
function otherCandidate(
  signer: Signer,
  secret: string,
  signature: string,
  method: string,
  hosts: string[],
  path: string,
  query: NameValueList,
): { host: string; path: string } | undefined {
  const paths = pathCandidates(path);
  for (const host of hosts) {
    for (const candidate of paths) {
      if (host === hosts[0] && candidate === paths[0]) continue;
      const text = signer.stringToSign(method, host, candidate, query);
      if (signer.matches(secret, text, signature)) {
        return { host, path: candidate };
      }
    }
  }
  return undefined;
}
