/**
 * A request as `node:http` received it, read as the signed API reads a web `Request`: method, URL,
 * headers, and the body as text, bytes or a stream. The server (node-listener.ts) serves every
 * request on it; the signed areas read it as it is, and a web `Request` is made of it (`web()`)
 * only for the routes that take one: making one for every request, as @hono/node-server did,
 * cost a signed call a share of its time (docs/performance.md). Everything here gives what the
 * web `Request` gives for the same bytes. */
import type { IncomingMessage } from "node:http";
import { ApiError } from "./errors.ts";
import type { SignedCall } from "./signed-call.ts";
import type { ReceivedRequest } from "./received-request.ts";
import type { NameValueList } from "./name-value-list.ts";

const UTF8 = new TextDecoder();
const decodeText = (bytes: Uint8Array) => UTF8.decode(bytes);
/** The bytes' own ArrayBuffer: a chunk of node:http's may be a view into a larger one. */
const ownBuffer = (bytes: Uint8Array): ArrayBuffer =>
  bytes.byteOffset === 0 && bytes.byteLength === bytes.buffer.byteLength
    ? bytes.buffer as ArrayBuffer
    : bytes.slice().buffer;

/** What a body's read fails with when the client leaves before it ends: the journal says so. */
function leftMidBody(): ApiError {
  return new ApiError(
    "InvalidParameter",
    "The client closed the connection before the request body ended; nobody got this answer.",
    "body",
  );
}

/**
 * Bodies node:http could read no further (a malformed chunk), and why: a read that starts after
 * the parser gave up fails at once (`failBody` tells one under way).
 */
const unreadable = new WeakMap<IncomingMessage, ApiError>();

/** Fails the body of `incoming`, read now or later, with `error`. */
export function failBody(incoming: IncomingMessage, error: ApiError): void {
  unreadable.set(incoming, error);
  if (incoming.listenerCount("error") > 0) incoming.emit("error", error);
}

/** Why a body's read failed: what the server said of it (a malformed chunk), or the client left. */
function bodyFailure(error: unknown): ApiError {
  return error instanceof ApiError ? error : leftMidBody();
}

/**
 * The request headers as `Headers.forEach` lists them: names in lower case, sorted, a repeated
 * name's values joined by ", " (set-cookie's left apart). node:http gives them as sent.
 */
export function sortedHeaderList(raw: NameValueList): string[] {
  return raw.length > 2 * FEW_HEADERS ? sortedByMap(raw) : sortedInPlace(raw);
}

/** Past this many headers, insertion into place (quadratic) gives way to a sort (n log n). */
const FEW_HEADERS = 32;

/**
 * Insertion into place, for a request's handful of headers (no Map nor sort to allocate), moving
 * the pairs after it by hand: `splice` makes an array of what it removed, on every call.
 */
function sortedInPlace(raw: NameValueList): string[] {
  const list: string[] = [];
  for (let i = 0; i < raw.length; i += 2) {
    const name = raw[i].toLowerCase(), value = raw[i + 1];
    let at = list.length;
    while (at > 0 && list[at - 2] > name) at -= 2;
    if (at > 0 && list[at - 2] === name && name !== "set-cookie") {
      list[at - 1] += `, ${value}`;
      continue;
    }
    list.push(name, value);
    for (let j = list.length - 3; j >= at; j--) list[j + 2] = list[j];
    list[at] = name;
    list[at + 1] = value;
  }
  return list;
}

/** Values grouped by name in the order sent, then the names sorted: for a head of many names. */
function sortedByMap(raw: NameValueList): string[] {
  const values = new Map<string, string>();
  const cookies: string[] = [];
  for (let i = 0; i < raw.length; i += 2) {
    const name = raw[i].toLowerCase(), value = raw[i + 1];
    if (name === "set-cookie") {
      if (!cookies.length) values.set(name, "");
      cookies.push(value);
      continue;
    }
    const before = values.get(name);
    values.set(name, before === undefined ? value : `${before}, ${value}`);
  }
  const list: string[] = [];
  for (const name of [...values.keys()].sort()) {
    if (name === "set-cookie") { for (const cookie of cookies) list.push(name, cookie); }
    else list.push(name, values.get(name)!);
  }
  return list;
}

/** The methods a web Request cannot have (fetch's forbidden methods). */
const FORBIDDEN_METHODS = new Set(["CONNECT", "TRACE", "TRACK"]);

/** node:http's request as ccemu's handlers read a request: the method, URL and headers read once, the body on demand; a web Request is made only for a handler that asks for one. */
export class NodeRequest implements ReceivedRequest {
  /** The request's method. */
  readonly method: string;
  /**
   * The signed area's exchange serving this request, once the app made one: its answer's text is
   * written as it is (node-listener.ts) rather than read back from the Response's stream.
   */
  exchange: SignedCall | undefined = undefined;
  #used = false;
  #headers: Headers | undefined;
  #body: ReadableStream<Uint8Array<ArrayBuffer>> | undefined;

  /** `url`: the absolute URL, made by the caller from the Host header and the request target. */
  constructor(readonly incoming: IncomingMessage, readonly url: string) {
    this.method = incoming.method ?? "GET";
  }

  /** The headers as node:http gave them, names in lower case: name, value, name, value… */
  headerList(): NameValueList {
    return sortedHeaderList(this.incoming.rawHeaders);
  }

  /** The headers as a web Headers, made when first asked. */
  get headers(): Headers {
    if (!this.#headers) {
      const list = this.headerList(), headers = this.#headers = new Headers();
      for (let i = 0; i < list.length; i += 2) headers.append(list[i], list[i + 1]);
    }
    return this.#headers;
  }

  /**
   * The web Request for a handler that reads one (every route but the signed areas'): the same
   * method, URL, headers and body (this request's stream, so a body cancelled unread is left to
   * node:http to discard, and a client leaving mid-body fails the read as here).
   */
  web(): Request {
    if (FORBIDDEN_METHODS.has(this.method)) {
      // The web Request refuses to be made with these (node:http parses them).
      throw new ApiError("HttpRequestMethodNotSupported", `ccemu takes no ${this.method} request.`);
    }
    const body = this.body;
    return new Request(this.url, {
      method: this.method,
      headers: this.headers,
      body,
      ...(body ? { duplex: "half" } : {}),
    } as RequestInit);
  }

  /** Whether the body was read. */
  get bodyUsed(): boolean {
    return this.#used;
  }

  /** The body as a web stream: for a body read within a bound (readBody). */
  get body(): ReadableStream<Uint8Array<ArrayBuffer>> | null {
    if (this.method === "GET" || this.method === "HEAD") return null;
    return this.#body ??= this.#stream();
  }

  /** Decoded as the web Request decodes it (a BOM dropped, bad bytes replaced). */
  text(): Promise<string> {
    return this.#read(decodeText);
  }

  /** The whole body. */
  arrayBuffer(): Promise<ArrayBuffer> {
    return this.#read(ownBuffer);
  }

  #take(): IncomingMessage {
    if (this.#used) throw new TypeError("Body already consumed.");
    this.#used = true;
    return this.incoming;
  }

  /**
   * The whole body, in one piece (most come in one chunk, kept as it is), as `as` makes it: one
   * promise, where an async reader over a promise of bytes made two. Listeners with `on`: each
   * `once` wraps its listener in two objects more, and these go with the request anyway.
   */
  #read<T>(as: (bytes: Uint8Array) => T): Promise<T> {
    const incoming = this.#take();
    return new Promise((resolve, reject) => {
      const failed = unreadable.get(incoming);
      if (failed) return reject(failed);
      let first: Uint8Array | undefined, chunks: Uint8Array[] | undefined;
      incoming.on("data", (chunk: Uint8Array) => {
        if (!first) first = chunk;
        else (chunks ??= [first]).push(chunk);
      });
      incoming.on("end", () => {
        resolve(as(chunks ? Buffer.concat(chunks) : first ?? new Uint8Array()));
      });
      incoming.on("error", (error) => reject(bodyFailure(error)));
      incoming.on("close", () => {
        if (!incoming.complete) reject(leftMidBody());
      });
    });
  }

  /**
   * The body's chunks as a reader asks for them (node:http pauses between asks). Nothing is read
   * before the first ask, so the body is not used until then, as a web Request's. Cancelling
   * leaves the rest to node:http to discard rather than destroying the request, which would close
   * the connection before ccemu answers it.
   */
  #stream(): ReadableStream<Uint8Array<ArrayBuffer>> {
    let onData: ((chunk: Uint8Array) => void) | undefined;
    const listen = (controller: ReadableStreamDefaultController<Uint8Array<ArrayBuffer>>) => {
      const incoming = this.#take();
      const failed = unreadable.get(incoming);
      if (failed) return controller.error(failed);
      onData = (chunk) => {
        controller.enqueue(
          new Uint8Array(chunk.buffer as ArrayBuffer, chunk.byteOffset, chunk.byteLength),
        );
        if ((controller.desiredSize ?? 0) <= 0) incoming.pause();
      };
      incoming.on("data", onData);
      incoming.once("end", () => {
        if (onData) controller.close(); // not once cancelled: the stream is closed then
      });
      incoming.once("error", (error) => controller.error(bodyFailure(error)));
      incoming.once("close", () => {
        if (!incoming.complete) controller.error(leftMidBody());
      });
    };
    return new ReadableStream<Uint8Array<ArrayBuffer>>({
      pull: (controller) => {
        if (!this.#used) listen(controller);
        this.incoming.resume();
      },
      cancel: () => {
        this.#used = true;
        if (onData) this.incoming.off("data", onData);
        onData = undefined;
        this.incoming.resume();
      },
    }, { highWaterMark: 0 });
  }
}
