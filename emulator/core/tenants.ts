/** Tenants and their access keys: who may call the signed APIs, from where, how often. */
import { z } from "zod";
import { allowListEntryProblem } from "./ip-allow-list.ts";

export const EnterpriseSchema = z.strictObject({
  enterpriseId: z.string().regex(/^\d+$/, { error: "must be a text of digits" }),
  name: z.string().min(1),
  /** IANA zone for working windows and day-precision dates. */
  timeZone: z.string().default("Asia/Shanghai").refine(isTimeZone, {
    error: "must be an IANA time zone such as Asia/Shanghai",
  }),
});
export type Enterprise = z.infer<typeof EnterpriseSchema>;

/**
 * A permission is `*` (every operation), `read` (every read-only operation), an operation's path
 * (`/gateway/task_list`) or a path prefix ending in `/*` (`/aikb/*`).
 */
export const PermissionSchema = z.string().regex(/^(\*|read|\/[\w/]*\*?)$/, {
  error:
    'must be "*", "read", an operation path such as /gateway/task_list, or a prefix like /aikb/*',
});

export const AccessKeySchema = z.strictObject({
  accessKeyId: z.string().min(1).max(128),
  accessKeySecret: z.string().min(1).max(256),
  enterpriseId: z.string().regex(/^\d+$/, { error: "must be a text of digits" }),
  /** The management user the key belongs to (owner of personal repositories, `deleteUser`). */
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
});
export type AccessKey = z.infer<typeof AccessKeySchema>;

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
  return key.permissions.some((p) =>
    p === "*" || (p === "read" && readOnly) || p === path ||
    (p.endsWith("/*") && path.startsWith(p.slice(0, -1)))
  );
}

/** Who a request acts for: an access key and its tenant. Tenant-scoped domain functions take it. */
export interface Tenant {
  enterpriseId: string;
  /** The tenant's IANA zone, for local times and day-precision dates. */
  timeZone: string;
  key: AccessKey;
}

export const tenantOf = (enterprise: Enterprise, key: AccessKey): Tenant => ({
  enterpriseId: enterprise.enterpriseId,
  timeZone: enterprise.timeZone,
  key,
});
