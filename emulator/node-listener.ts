/**
 * What node:http calls for each request. A signed area's request in its usual shape goes straight
 * to the area on node:http's own request (core/node-request.ts), and the JSON answer the
 * dispatcher wrote goes out as its text: @hono/node-server building a web Request for it, and
 * reading the web Response's stream back, took about a quarter of a signed call's time
 * (docs/performance.md). Every other request, and any other answer (a fault's damaged stream, a
 * forwarded reply), goes through @hono/node-server as before.
 */
import type { IncomingMessage, RequestListener, ServerResponse } from "node:http";
import { getRequestListener } from "npm:@hono/node-server@2.1.9";
import type { App } from "./app.ts";
import { PlainExchange } from "./core/exchange.ts";
import { NodeRequest } from "./core/node-request.ts";

/** The caller's address as `Deno.serve` would give it (`::ffff:` stripped from IPv4 over IPv6). */
function remoteAddress(socket: { remoteAddress?: string }): { hostname: string } {
  const address = socket.remoteAddress ?? "";
  return { hostname: address.startsWith("::ffff:") ? address.slice(7) : address };
}

/** The connection info of a request, read only when asked (a key with an IP allow-list). */
class NodeBindings {
  constructor(readonly incoming: IncomingMessage) {}
  get remoteAddr(): { hostname: string } {
    return remoteAddress(this.incoming.socket);
  }
}

/**
 * The Host header values @hono/node-server puts in the URL as they are (its own test): with any
 * other, it checks and may normalize the host, so the request goes through it.
 */
const PLAIN_HOST = /^[a-z0-9._-]+(?::(?:[1-5]\d{3,4}|[6-9]\d{3}))?$/;

/** The Host header, as sent. */
function hostOf(raw: readonly string[]): string | undefined {
  for (let i = 0; i < raw.length; i += 2) {
    const name = raw[i];
    if (name.length === 4 && name.toLowerCase() === "host") return raw[i + 1];
  }
  return undefined;
}

/**
 * Whether a request target's path (before any `?`) is only letters, digits, `_`, `-` and `/`:
 * no dot segment, escape or backslash that the web URL would resolve or refuse.
 */
function isPlainPath(target: string): boolean {
  for (let i = 0; i < target.length; i++) {
    const code = target.charCodeAt(i);
    if (code === 0x3f /* ? */) return true;
    if (
      !((code >= 0x61 && code <= 0x7a) || (code >= 0x41 && code <= 0x5a) ||
        (code >= 0x30 && code <= 0x39) || code === 0x2f || code === 0x5f || code === 0x2d)
    ) return false;
  }
  return true;
}

/** Writes a JSON answer the dispatcher serialized: the head @hono/node-server wrote for it. */
function writeJson(outgoing: ServerResponse, c: PlainExchange, status: number): void {
  const text = c.responseText as string;
  outgoing.writeHead(status, {
    "content-type": c.sentHeaders["content-type"],
    "content-length": Buffer.byteLength(text),
  });
  outgoing.end(text);
}

/** The listener for `app`: the signed areas' usual requests straight, the rest through Hono. */
export function nodeListener(app: App): RequestListener {
  // A signed request's answer that is not the dispatcher's JSON, for the adapter to write.
  const answered = new WeakMap<object, Response>();
  const adapter = getRequestListener(
    (request, env) =>
      answered.get(env.incoming) ??
        app.fetch(request, { remoteAddr: remoteAddress(env.incoming.socket) }),
    // Deno's own Request and Response stay the globals: every other module uses them. An unread
    // request body is left to node:http, which discards it, rather than to the adapter's drain
    // and its half-second timer, which would outlive a closed server.
    { overrideGlobalObjects: false, autoCleanupIncoming: false },
  );
  // The last Host found plain: clients send the same one on every request.
  let plainHost = "";
  return (incoming, outgoing) => {
    const target = incoming.url ?? "";
    const host = hostOf(incoming.rawHeaders);
    if (incoming.method === "HEAD" || host === undefined || !isPlainPath(target)) {
      return adapter(incoming, outgoing);
    }
    if (host !== plainHost) {
      if (!PLAIN_HOST.test(host)) return adapter(incoming, outgoing);
      plainHost = host;
    }
    const url = `http://${host}${target}`;
    const serve = app.signedAt(url, 7 + host.length);
    if (!serve) return adapter(incoming, outgoing);
    const c = new PlainExchange(new NodeRequest(incoming, url), new NodeBindings(incoming), url);
    serve(c).then((response) => {
      if (response !== c.sent) {
        answered.set(incoming, response);
        return adapter(incoming, outgoing);
      }
      try {
        writeJson(outgoing, c, response.status);
      } catch (error) {
        // ccemu's bug, never the client's: said on stderr, the connection closed.
        console.error(`ccemu: ${c.requestId}:`, error);
        outgoing.destroy();
      }
    });
  };
}
