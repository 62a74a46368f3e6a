/**
 * Only this machine may drive the emulator. A Host header that is not a loopback name is refused
 * (a DNS-rebinding page reaches 127.0.0.1 under its own name), and so is a browser request whose
 * Origin is another site's (a page elsewhere posting to localhost) or `null` (what a sandboxed
 * frame or a `file:` page sends, from any site).
 */
import type { Context, Next } from "npm:hono@4.13.19";
import type { AppEnv } from "../core/app-env.ts";
import { ApiError } from "../core/errors.ts";

/** `localhost`, `*.localhost`, 127.0.0.0/8 and `[::1]`, with or without a port. */
export function isLoopbackHost(host: string | undefined): boolean {
  if (!host) return false;
  const name = host.toLowerCase().replace(/:\d+$/, "");
  return name === "localhost" || name.endsWith(".localhost") || name === "[::1]" ||
    /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(name);
}

/** The host name of a `Host` header or URL host, lower-cased and without its port. */
const nameOf = (host: string) => host.toLowerCase().replace(/:\d+$/, "");

/**
 * The guard of the control API and the UI: loopback names, plus each `--allow-host` name (a CI
 * service container reached as `ccemu:8686`). An Origin, when sent, must be this machine's or the
 * very origin the request was sent to (the UI served under an allowed name calling its own API).
 */
export function controlGuard(allowHosts: readonly string[]) {
  const allowed = new Set(allowHosts.map(nameOf));
  const hostAllowed = (host: string | undefined) =>
    isLoopbackHost(host) || (host !== undefined && allowed.has(nameOf(host)));
  return async function guard(c: Context<AppEnv>, next: Next): Promise<void> {
    const host = c.req.header("host");
    if (!hostAllowed(host)) {
      const also = allowed.size ? `, and ${[...allowed].join(", ")} (--allow-host)` : "";
      throw new ApiError(
        "UnauthorizedOperation",
        `Host "${
          host ?? ""
        }" is not a loopback name: the control API and UI answer only localhost, 127.0.0.0/8 and [::1]${also} (DNS-rebinding guard). To reach ccemu by another name, start it with --allow-host NAME.`,
      );
    }
    const origin = c.req.header("origin");
    const from = origin !== undefined && URL.canParse(origin) ? new URL(origin) : undefined;
    const sameOrigin = from !== undefined && from.protocol === "http:" &&
      from.host.toLowerCase() === host!.toLowerCase();
    if (origin !== undefined && !sameOrigin && !isLoopbackHost(from?.host)) {
      throw new ApiError(
        "UnauthorizedOperation",
        `Origin "${origin}" is not this machine: the control API refuses cross-site requests.`,
      );
    }
    await next();
  };
}
