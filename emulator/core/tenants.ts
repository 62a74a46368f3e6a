/**
 * Tenants and their access keys: who may call the signed APIs, from where, how often. The two
 * records are part of the harness's published API, so their types are written out (and the
 * schemas checked against them) rather than inferred.
 */
import { z } from "npm:zod@4.6.7";
import { allowListEntryProblem } from "./ip-allow-list.ts";

/** A tenant. */
export interface Enterprise {
  /** The tenant's id, a text of digits (the demo tenant's is `7000001`). */
  enterpriseId: string;
  /** Its name. */
  name: string;
  /** IANA zone for working windows and day-precision dates. */
  timeZone: string;
}

/** An access key: who may call the signed APIs, for which tenant, with what, from where. */
export interface AccessKey {
  /** The key's id: what a request gives as `AccessKeyId`. */
  accessKeyId: string;
  /** The secret that keys the HMAC-SHA1 signature; no message or journal entry shows it. */
  accessKeySecret: string;
  /**
   * The environment variable the secret was read from, when a fixture named it (`"accessKeySecret":
   * {"env": "NAME"}`): snapshots write that form back, never the secret.
   */
  secretEnv?: string;
  /** The tenant the key calls for. */
  enterpriseId: string;
  /** The management user the key belongs to (owner of personal repositories, `deleteUser`). */
  username: string;
  /** `*`, `read`, an operation path, or a path prefix ending in `/*`. */
  permissions: string[];
  /** Allowed caller addresses: `10.1.2.3`, `10.1.*.*`, `10.1.0.*-10.1.3.*`; empty: any. */
  ipAllowList: string[];
  /**
   * At most `requests` per `perSeconds`, counted in fixed windows of the virtual clock; past it a
   * request gets `TooManyRequests`. None: no limit.
   */
  rateLimit?: { requests: number; perSeconds: number };
}

/** An enterprise as fixtures and snapshots hold it. */
export const EnterpriseSchema: z.ZodType<Enterprise> = z.strictObject({
  enterpriseId: z.string().regex(/^\d+$/, { error: "must be a text of digits" }),
  name: z.string().min(1),
  timeZone: z.string().default("Asia/Shanghai").refine(isTimeZone, {
    error: "must be an IANA time zone such as Asia/Shanghai",
  }),
});

/**
 * A permission is `*` (every operation), `read` (every read-only operation), an operation's path
 * (`/gateway/task_list`) or a path prefix ending in `/*` (`/aikb/*`).
 */
export const PermissionSchema: z.ZodType<string> = z.string().regex(/^(\*|read|\/[\w/]*\*?)$/, {
  error:
    'must be "*", "read", an operation path such as /gateway/task_list, or a prefix like /aikb/*',
});

/** A key as a file writes it: its secret as text, or named by environment variable. */
export type WrittenAccessKey = Omit<AccessKey, "accessKeySecret" | "secretEnv"> & {
  accessKeySecret: string | { env: string };
};

const SECRET = z.union([
  z.string().min(1).max(256),
  z.strictObject({ env: z.string().regex(/^[A-Za-z_][A-Za-z0-9_]*$/) }),
], {
  error:
    'must be the secret\'s text (1-256 characters), or {"env": "NAME"} naming the environment variable that holds it',
});

/** The secret in the environment variable `name`, or why it cannot be had. */
function secretIn(name: string): { secret: string } | { problem: string } {
  let secret: string | undefined;
  try {
    secret = Deno.env.get(name);
  } catch {
    return {
      problem: `ccemu may not read the environment variable ${name} (run deno with --allow-env)`,
    };
  }
  if (!secret) {
    return {
      problem: `the environment variable ${name} is unset or empty: set it to the key's secret`,
    };
  }
  if (secret.length > 256) {
    return { problem: `the environment variable ${name} holds over 256 characters` };
  }
  return { secret };
}

/** An access key as fixtures and snapshots hold it. */
export const AccessKeySchema: z.ZodType<AccessKey> = z.strictObject({
  accessKeyId: z.string().min(1).max(128),
  accessKeySecret: SECRET,
  secretEnv: z.string().optional(),
  enterpriseId: z.string().regex(/^\d+$/, { error: "must be a text of digits" }),
  username: z.string().min(1).default("admin"),
  permissions: z.array(PermissionSchema).default(() => ["*"]),
  ipAllowList: z.array(
    z.string().refine((entry) => !allowListEntryProblem(entry), {
      error: (issue) => allowListEntryProblem(String(issue.input)) ?? "invalid entry",
    }),
  ).default(() => []),
  rateLimit: z.strictObject({
    requests: z.number().int().min(1).max(1_000_000_000),
    perSeconds: z.number().int().min(1).max(86400),
  }).optional(),
}).transform((key, context): AccessKey => {
  const written = key.accessKeySecret;
  if (typeof written === "string") return { ...key, accessKeySecret: written };
  const read = secretIn(written.env);
  if ("problem" in read) {
    context.addIssue({ code: "custom", path: ["accessKeySecret", "env"], message: read.problem });
    return z.NEVER;
  }
  return { ...key, accessKeySecret: read.secret, secretEnv: written.env };
});

/** A key as files write it: a secret read from the environment is named there, never written. */
export function keyAsWritten({ secretEnv, ...key }: AccessKey): WrittenAccessKey {
  return secretEnv ? { ...key, accessKeySecret: { env: secretEnv } } : key;
}

function isTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat("en", { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

/** Whether `key` may call the operation at `path` (read-only operations pass `read`). */
export function permits(key: AccessKey, path: string, readOnly: boolean): boolean {
  // A loop, not `some`: every signed request asks, and `some` took a closure each time (and the
  // prefix is compared in place, not sliced off the pattern).
  for (const p of key.permissions) {
    if (
      p === "*" || (p === "read" && readOnly) || p === path ||
      (p.endsWith("/*") && startsWithPart(path, p, p.length - 1))
    ) return true;
  }
  return false;
}

/** `text.startsWith(prefix.slice(0, length))`, without the slice. */
function startsWithPart(text: string, prefix: string, length: number): boolean {
  if (text.length < length) return false;
  for (let i = 0; i < length; i++) if (text.charCodeAt(i) !== prefix.charCodeAt(i)) return false;
  return true;
}

/** Who a request acts for: an access key and its tenant. Tenant-scoped domain functions take it. */
export interface Tenant {
  /** The key's enterprise. */
  enterpriseId: string;
  /** The tenant's IANA zone, for local times and day-precision dates. */
  timeZone: string;
  /** The key that signed. */
  key: AccessKey;
}

/** The tenant a key acts as: its enterprise's id and time zone, and the key. */
export const tenantOf = (enterprise: Enterprise, key: AccessKey): Tenant => ({
  enterpriseId: enterprise.enterpriseId,
  timeZone: enterprise.timeZone,
  key,
});
