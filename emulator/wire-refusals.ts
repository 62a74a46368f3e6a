/**
 * What the wire can do wrong that node:http does not hand the listener as a request, answered with
 * the vendor's envelope (through App.refuse, journaled where the path's area journals): a head
 * node:http cannot parse or take (`clientError`), a CONNECT, bytes after a body shorter than its
 * Content-Length (the answer under way goes out first), a client's input ending mid-body.
 */
import type { IncomingMessage, ServerResponse } from "node:http";
import type { Socket } from "node:net";
import type { App } from "./app.ts";
import { ApiError } from "./core/errors.ts";
import { failBody } from "./core/node-request.ts";
import type { ReceivedRequest } from "./core/received-request.ts";

/**
 * The largest request head (request line and headers) taken: 64 KiB, what Deno.serve took before
 * ccemu moved to node:http (whose default is 16 KiB). A larger head is refused with the vendor's
 * InvalidParameter envelope (400) naming the limit, and journaled as its path's area journals.
 */
export const MAX_HEADER_BYTES = 64 * 1024;

/** The refusal of a head over MAX_HEADER_BYTES. */
export function headTooLarge(): ApiError {
  return new ApiError(
    "InvalidParameter",
    `The request head (request line and headers) is over ${MAX_HEADER_BYTES} bytes (64 KiB), the most ccemu takes: send fewer or shorter headers.`,
    "headers",
  );
}

/** The caller's address as `Deno.serve` would give it (`::ffff:` stripped from IPv4 over IPv6). */
function remoteAddress(socket: { remoteAddress?: string }): { hostname: string } {
  const address = socket.remoteAddress ?? "";
  return { hostname: address.startsWith("::ffff:") ? address.slice(7) : address };
}

/** The connection info of a request, read only when asked (a key with an IP allow-list). */
export class NodeBindings {
  constructor(readonly socket: Socket) {}
  get remoteAddr(): { hostname: string } {
    return remoteAddress(this.socket);
  }
}

/**
 * Where a refused request is recorded as sent: this server's own address (its Host made no URL)
 * and the target's path, if it has one.
 */
export function recordUrl(socket: Socket, target: string): string {
  const address = socket.localAddress ?? "127.0.0.1";
  const host = address.includes(":") ? `[${address}]` : address;
  const origin = `http://${host}:${socket.localPort}`;
  try {
    return new URL(target.startsWith("/") ? target.replaceAll("\\", "/") : "/", origin).href;
  } catch {
    return `${origin}/`;
  }
}

/**
 * The client's input ended: a request whose body had not ended never will, so it is aborted (its
 * body's read fails: "closed before the body ended", journaled). A complete one is answered.
 */
export function leftMidRequest(socket: Socket): void {
  const request = responseUnderWay(socket)?.req;
  if (request && !request.complete) request.destroy();
}

/** node:http's codes for a head too large to take. */
const HEAD_TOO_LARGE = new Set(["HPE_HEADER_OVERFLOW", "ERR_HTTP_REQUEST_HEADER_FIELDS_TOO_LARGE"]);

/** The response under way on a connection, if any: node:http's own slot for it. */
function responseUnderWay(socket: Socket): ServerResponse | undefined {
  return (socket as Socket & { _httpMessage?: ServerResponse | null })._httpMessage ?? undefined;
}

/** The request line and headers that could be read of a refused head, for the journal. */
function readHead(
  packet: Uint8Array | undefined,
): { method: string; target: string; headers: Headers } {
  const headers = new Headers();
  const text = packet ? new TextDecoder().decode(packet.subarray(0, MAX_HEADER_BYTES)) : "";
  const lines = text.split("\r\n");
  const line = /^([!#$%&'*+.^_`|~0-9A-Za-z-]+) (\S+) HTTP\/1\.[01]$/.exec(lines[0]);
  if (!line) return { method: "GET", target: "/", headers };
  for (const header of lines.slice(1)) {
    if (header === "") break;
    const colon = header.indexOf(":");
    try {
      headers.append(header.slice(0, colon), header.slice(colon + 1).trim());
    } catch {
      // A header line cut by the limit, or no header: not recorded.
    }
  }
  return { method: line[1], target: line[2], headers };
}

/** node:http's limits on a slow client, in ms (its defaults: 60 s for a head, 300 s for a request). */
export interface SlowClientLimits {
  headersTimeout: number;
  requestTimeout: number;
}

/** The refusal of a request head that did not arrive in full within node:http's `headersTimeout`. */
function headTooSlow(ms: number): ApiError {
  return new ApiError(
    "InvalidParameter",
    `The request head (request line and headers) did not arrive in full within ${
      ms / 1000
    } s: send it at once.`,
    "headers",
  );
}

/** The refusal of a request body that did not arrive in full within node:http's `requestTimeout`. */
function bodyTooSlow(ms: number): ApiError {
  return new ApiError(
    "InvalidParameter",
    `The request did not arrive in full within ${
      ms / 1000
    } s of its start: send its body at once after the head.`,
    "body",
  );
}

/**
 * What node:http could not parse into a request, or did not get in time: each answered 400 with the
 * vendor's envelope and journaled where its path is journaled (a head over the limit, a malformed
 * head, a head or a body slower than `limits`). When a request on the connection is still being
 * answered (bytes after a body shorter than its Content-Length were no request; a body too slow),
 * its answer goes out first, then the connection closes.
 */
export function clientError(
  app: App,
  error: Error & { code?: string; rawPacket?: Uint8Array },
  socket: Socket,
  outside: Set<Socket>,
  limits: SlowClientLimits,
) {
  const tooSlow = error.code === "ERR_HTTP_REQUEST_TIMEOUT";
  if (socket.destroyed || !socket.writable || error.code === "ECONNRESET") {
    socket.destroy();
    return;
  }
  const underWay = responseUnderWay(socket);
  if (underWay) {
    // A body that can be read no further (a malformed chunk): its reader hears why, and the
    // request is answered, as any other body refused.
    const request = underWay.req;
    if (!request.complete) {
      failBody(
        request,
        tooSlow ? bodyTooSlow(limits.requestTimeout) : new ApiError(
          "InvalidParameter",
          `The request body's framing is malformed (${
            error.code ?? error.message
          }): check its chunk sizes and Content-Length.`,
          "body",
        ),
      );
    }
    const close = () => socket.end();
    if (underWay.writableFinished) close();
    else (underWay.once("finish", close), underWay.once("close", close));
    return;
  }
  const tooLarge = HEAD_TOO_LARGE.has(error.code ?? "");
  const refusal = tooLarge
    ? headTooLarge()
    : tooSlow
    ? headTooSlow(limits.headersTimeout)
    : new ApiError(
      "InvalidParameter",
      `The request is no valid HTTP/1.1 request (${
        error.code ?? error.message
      }): check its request line, headers and body framing.`,
    );
  const head = readHead(error.rawPacket);
  const request = headOnly(head.method, recordUrl(socket, head.target), head.headers);
  app.refuse(request, new NodeBindings(socket), refusal).then(
    (response) => endWith(socket, response, outside),
    () => socket.destroy(),
  );
}

/**
 * Writes a refusal straight to the socket (node:http has no response for it), then closes. What
 * the client still sends is read and dropped until it closes its side: closing with unread bytes
 * would reset the connection, and a reset can lose the answer before the client reads it.
 */
async function endWith(socket: Socket, response: Response, outside: Set<Socket>): Promise<void> {
  outside.add(socket);
  socket.once("close", () => outside.delete(socket));
  socket.once("end", () => socket.destroy());
  socket.resume();
  const body = await response.text();
  const reason = STATUS_TEXT[response.status] ?? "Bad Request";
  socket.end(
    `HTTP/1.1 ${response.status} ${reason}\r\nContent-Type: ${
      response.headers.get("content-type")
    }\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
  );
}

const STATUS_TEXT: Record<number, string> = { 400: "Bad Request", 405: "Method Not Allowed" };

/** CONNECT (node:http hands it over as a tunnel request): ccemu is no proxy. */
export function refuseConnect(
  app: App,
  incoming: IncomingMessage,
  socket: Socket,
  outside: Set<Socket>,
): void {
  const request = headOnly("CONNECT", recordUrl(socket, "/"), new Headers());
  const refusal = new ApiError(
    "HttpRequestMethodNotSupported",
    `ccemu takes no CONNECT request (to ${incoming.url}): it is no proxy; send requests to its paths.`,
  );
  app.refuse(request, new NodeBindings(socket), refusal).then(
    (response) => endWith(socket, response, outside),
    () => socket.destroy(),
  );
}

/** A request known by its head alone (what a refused head let be read): no body. */
function headOnly(method: string, url: string, headers: Headers): ReceivedRequest {
  return {
    method,
    url,
    headers,
    body: null,
    bodyUsed: false,
    text: () => Promise.resolve(""),
    arrayBuffer: () => Promise.resolve(new ArrayBuffer(0)),
  };
}
