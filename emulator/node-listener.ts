/**
 * ccemu's HTTP/1.1 adapter on node:http: every request — signed, control, storage, UI, faults,
 * forwarded replies — takes this one way. node:http's request is wrapped once (NodeRequest), its
 * URL built and checked once (RequestUrls), handed to the app's one composition (`App.fetch`),
 * and the answer written by one writer: the signed dispatcher's JSON as its text, any other
 * Response from its stream. A web Request is made only for a handler that reads one (Hono's
 * routes); @hono/node-server making one for every request, and reading every Response's stream
 * back, cost a signed call a large share of its time (docs/performance.md).
 *
 * What the wire can do wrong is answered once, with the vendor's envelope: here a Host that makes
 * no URL and a head over the limit; in wire-refusals.ts what node:http hands over as no request (a
 * head it cannot parse, a CONNECT, bytes after a body). A complete request followed by a
 * half-close is answered, then the connection closes.
 */
import {
  createServer,
  type IncomingMessage,
  type RequestListener,
  type Server,
  type ServerResponse,
} from "node:http";
import type { Socket } from "node:net";
import { keepActiveRequests } from "./active-requests.ts";
import type { App } from "./app.ts";
import { ApiError, toApiError } from "./core/errors.ts";
import { NodeRequest } from "./core/node-request.ts";
import { writeResponse, writeText } from "./core/node-response.ts";
import { RequestUrls } from "./core/request-url.ts";
import {
  clientError,
  headTooLarge,
  leftMidRequest,
  MAX_HEADER_BYTES,
  NodeBindings,
  recordUrl,
  refuseConnect,
} from "./wire-refusals.ts";
import type { NameValueList } from "./core/name-value-list.ts";

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

/** The Host header, as sent (the last one: node:http keeps the first, clients send one). */
function hostOf(raw: NameValueList): string | undefined {
  for (let i = 0; i < raw.length; i += 2) {
    const name = raw[i];
    if (name.length === 4 && name.toLowerCase() === "host") return raw[i + 1];
  }
  return undefined;
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
 * The server: every request through `nodeListener`, heads up to MAX_HEADER_BYTES, a client's
 * half-close after a complete request no abort (it is answered, then the connection closes), what
 * node:http cannot parse answered by `clientError`, and the requests under way kept in an
 * ActiveRequests (active-requests.ts says why).
 */
export function createNodeServer(app: App): Server {
  const server = createServer(
    // A missing Host reaches ccemu, which answers it with the envelope (node:http would answer a bare 400).
    { maxHeaderSize: PARSER_HEADER_BYTES, requireHostHeader: false },
    nodeListener(app),
  );
  // node:http's own switch (no option): without it the end of the client's input aborts a
  // request still being answered, and closes the connection before its answer goes out.
  (server as Server & { httpAllowHalfOpen: boolean }).httpAllowHalfOpen = true;
  keepActiveRequests(server);
  // Sockets answered outside node:http (a refused head, a CONNECT), which it no longer tracks:
  // closing every connection closes them too.
  const outside = new Set<Socket>();
  server.on(
    "clientError",
    (error, socket) => clientError(app, error, socket as Socket, outside, server),
  );
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
