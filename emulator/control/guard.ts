/**
 * Only this machine may drive the emulator. A Host header that is not a loopback name is refused
 * (a DNS-rebinding page reaches 127.0.0.1 under its own name), and so is a browser request whose
 * Origin is another site's (a page elsewhere posting to localhost) or `null` (what a sandboxed
 * frame or a `file:` page sends, from any site).
 */
import type { Context, Next } from "hono";
import type { AppEnv } from "../core/app-env.ts";
import { ApiError } from "../core/errors.ts";

/** `localhost`, `*.localhost`, 127.0.0.0/8 and `[::1]`, with or without a port. */
export function isLoopbackHost(host: string | undefined): boolean {
  if (!host) return false;
  const name = host.toLowerCase().replace(/:\d+$/, "");
  return name === "localhost" || name.endsWith(".localhost") || name === "[::1]" ||
    /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(name);
}

export async function loopbackOnly(c: Context<AppEnv>, next: Next): Promise<void> {
  const host = c.req.header("host");
  if (!isLoopbackHost(host)) {
    throw new ApiError(
      "UnauthorizedOperation",
      `Host "${
        host ?? ""
      }" is not a loopback name: the control API and UI answer only localhost, 127.0.0.0/8 and [::1] (DNS-rebinding guard).`,
    );
  }
  const origin = c.req.header("origin");
  if (
    origin !== undefined && !isLoopbackHost(URL.canParse(origin) ? new URL(origin).host : "")
  ) {
    throw new ApiError(
      "UnauthorizedOperation",
      `Origin "${origin}" is not this machine: the control API refuses cross-site requests.`,
    );
  }
  await next();
}
