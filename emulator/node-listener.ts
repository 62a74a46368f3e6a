/**
 * ccemu's HTTP/1.1 adapter on node:http: every request — signed, control, storage, UI, faults,
 * forwarded replies — takes this one way. node:http's request is wrapped once (NodeRequest), its
 * URL built and checked once (RequestUrls), handed to the app's one composition (`App.fetch`),
 * and the answer written by one writer: the signed dispatcher's JSON as its text, any other
 * Response from its stream. A web Request is made only for a handler that reads one (Hono's
 * routes); @hono/node-server making one for every request, and reading every Response's stream
 * back, cost a signed call about a quarter of its time (docs/performance.md).
 *
 * What the wire can do wrong is answered here, once, with the vendor's envelope: a Host that makes
 * no URL, a head over the limit or unparseable (`clientError`), a complete request followed by a
 * half-close (answered, then closed), bytes after a body shorter than its Content-Length (the
 * answer goes out, then the connection closes).
 */
import {
  createServer,
  type IncomingMessage,
  type RequestListener,
  type Server,
  type ServerResponse,
} from "node:http";
import type { Socket } from "node:net";
import type { App } from "./app.ts";
import { ApiError, toApiError } from "./core/errors.ts";
import { failBody, NodeRequest, type ReceivedRequest } from "./core/node-request.ts";
import { writeResponse, writeText } from "./core/node-response.ts";
import { RequestUrls } from "./core/request-url.ts";

/**
 * The largest request head (request line and headers) taken: 64 KiB, what Deno.serve took before
 * ccemu moved to node:http (whose default is 16 KiB). A larger head is refused with the vendor's
 * InvalidParameter envelope (400) naming the limit, and journaled as its path's area journals.
 */
export const MAX_HEADER_BYTES = 64 * 1024;

/**
 * What node:http's parser takes before it gives up on a head (then `clientError` answers the
 * same envelope, without a journal entry: node:http keeps no request line of a head it dropped).
 * Above MAX_HEADER_BYTES so that an over-limit head is still read, and journaled with its path.
 */
const PARSER_HEADER_BYTES = 1024 * 1024;

/** The size of a request head as sent: request line, header lines, the blank line. */
function headSize(incoming: IncomingMessage, target: string): number {
  const raw = incoming.rawHeaders;
  let size = (incoming.method?.length ?? 0) + target.length + 13; // " ", " HTTP/1.1\r\n"
  for (let i = 0; i < raw.length; i += 2) size += raw[i].length + raw[i + 1].length + 4;
  return size + 2;
}

/** The refusal of a head over MAX_HEADER_BYTES. */
function headTooLarge(): ApiError {
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
class NodeBindings {
  constructor(readonly socket: Socket) {}
  get remoteAddr(): { hostname: string } {
    return remoteAddress(this.socket);
  }
}

/** The Host header, as sent (the last one: node:http keeps the first, clients send one). */
function hostOf(raw: readonly string[]): string | undefined {
  for (let i = 0; i < raw.length; i += 2) {
    const name = raw[i];
    if (name.length === 4 && name.toLowerCase() === "host") return raw[i + 1];
  }
  return undefined;
}

/**
 * Where a refused request is recorded as sent: this server's own address (its Host made no URL)
 * and the target's path, if it has one.
 */
function recordUrl(socket: Socket, target: string): string {
  const address = socket.localAddress ?? "127.0.0.1";
  const host = address.includes(":") ? `[${address}]` : address;
  const origin = `http://${host}:${socket.localPort}`;
  try {
    return new URL(target.startsWith("/") ? target.replaceAll("\\", "/") : "/", origin).href;
  } catch {
    return `${origin}/`;
  }
}

/** Writes `response`; ccemu's own failure to write closes the connection, said on stderr. */
function answer(outgoing: ServerResponse, request: NodeRequest, response: Response): void {
  try {
    const c = request.exchange;
    if (c !== undefined && response === c.sent) {
      writeText(outgoing, response.status, c.sentHeaders["content-type"], c.responseText!);
    } else {
      writeResponse(outgoing, response).catch((error) => fail(outgoing, error));
    }
  } catch (error) {
    fail(outgoing, error);
  }
}

function fail(outgoing: ServerResponse, error: unknown): void {
  console.error(`ccemu: an answer could not be written: ${(error as Error)?.message ?? error}`);
  outgoing.destroy();
}

/** The listener for `app`: every request, one way. */
export function nodeListener(app: App): RequestListener {
  const urls = new RequestUrls();
  return (incoming: IncomingMessage, outgoing: ServerResponse) => {
    const target = incoming.url ?? "";
    const bindings = new NodeBindings(incoming.socket);
    let url: string;
    try {
      url = urls.of(hostOf(incoming.rawHeaders), target);
    } catch (error) {
      const request = new NodeRequest(incoming, recordUrl(incoming.socket, target));
      app.refuse(request, bindings, toApiError(error)).then(
        (response) => answer(outgoing, request, response),
        (thrown) => fail(outgoing, thrown),
      );
      return;
    }
    const request = new NodeRequest(incoming, url);
    if (headSize(incoming, target) > MAX_HEADER_BYTES) {
      app.refuse(request, bindings, headTooLarge()).then(
        (response) => answer(outgoing, request, response),
        (thrown) => fail(outgoing, thrown),
      );
      return;
    }
    let served: Response | Promise<Response>;
    try {
      served = app.fetch(request, bindings);
    } catch (error) {
      // Refused before any handler (a method no web Request can have): the envelope, journaled.
      if (!(error instanceof ApiError)) return fail(outgoing, error);
      served = app.refuse(request, bindings, error);
    }
    if (served instanceof Promise) {
      served.then((response) => answer(outgoing, request, response), (e) => fail(outgoing, e));
    } else answer(outgoing, request, served);
  };
}

/**
 * The client's input ended: a request whose body had not ended never will, so it is aborted (its
 * body's read fails: "closed before the body ended", journaled). A complete one is answered.
 */
function leftMidRequest(socket: Socket): void {
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

/**
 * What node:http could not parse into a request: a head over the limit is answered 431, any other
 * malformed head 400, each with the vendor's envelope, and journaled where its path is journaled.
 * When a request on the connection is still being answered (bytes after a body shorter than its
 * Content-Length were no request), its answer goes out first, then the connection closes.
 */
function clientError(
  app: App,
  error: Error & { code?: string; rawPacket?: Uint8Array },
  socket: Socket,
  outside: Set<Socket>,
) {
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
        new ApiError(
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
  const refusal = tooLarge ? headTooLarge() : new ApiError(
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
function refuseConnect(
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

/**
 * The server: every request through `nodeListener`, heads up to MAX_HEADER_BYTES, a client's
 * half-close after a complete request no abort (it is answered, then the connection closes), and
 * what node:http cannot parse answered by `clientError`.
 */
export function createNodeServer(app: App): Server {
  const server = createServer({ maxHeaderSize: PARSER_HEADER_BYTES }, nodeListener(app));
  // node:http's own switch (no option): without it the end of the client's input aborts a
  // request still being answered, and closes the connection before its answer goes out.
  (server as Server & { httpAllowHalfOpen: boolean }).httpAllowHalfOpen = true;
  // Sockets answered outside node:http (a refused head, a CONNECT), which it no longer tracks:
  // closing every connection closes them too.
  const outside = new Set<Socket>();
  server.on("clientError", (error, socket) => clientError(app, error, socket as Socket, outside));
  const closeAll = server.closeAllConnections.bind(server);
  server.closeAllConnections = () => {
    closeAll();
    for (const socket of outside) socket.destroy();
  };
  server.on(
    "connect",
    (incoming: IncomingMessage, socket: Socket) => refuseConnect(app, incoming, socket, outside),
  );
  server.on("connection", (socket: Socket) => socket.on("end", () => leftMidRequest(socket)));
  return server;
}
