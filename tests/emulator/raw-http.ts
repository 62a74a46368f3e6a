/**
 * A raw HTTP/1.1 client for wire tests: bytes written as given on one connection, answers read
 * one at a time (Content-Length or chunked), the connection kept open between them.
 */
import { DEFAULT_CONFIG, MANUAL_CLOCK_START } from "../../emulator/core/config.ts";

/** The server the wire tests run: manual clock, seed 7, no UI, the README's 64 KiB body limit. */
export const WIRE_CONFIG = {
  ...DEFAULT_CONFIG,
  port: 0,
  ui: false,
  clock: "manual" as const,
  clockStart: MANUAL_CLOCK_START,
  seed: 7,
  maxBodyBytes: 65536,
};

const UTF8 = new TextEncoder();
const TEXT = new TextDecoder();

export interface RawAnswer {
  status: number;
  headers: Map<string, string>;
  text: string;
}

/** One connection to `port`, read answer by answer. */
export class RawConnection {
  #buffer = new Uint8Array(0);
  #closed = false;

  private constructor(readonly conn: Deno.TcpConn) {}

  static async open(port: number): Promise<RawConnection> {
    return new RawConnection(await Deno.connect({ hostname: "127.0.0.1", port }));
  }

  /** Writes all of `data` (text or bytes); false if the server closed the connection first. */
  async write(data: string | Uint8Array): Promise<boolean> {
    const bytes = typeof data === "string" ? UTF8.encode(data) : data;
    try {
      for (let at = 0; at < bytes.length;) at += await this.conn.write(bytes.subarray(at));
      return true;
    } catch {
      return false;
    }
  }

  /** Ends this side's output (shutdown(SHUT_WR)): the server may still answer. */
  closeWrite(): Promise<void> {
    return this.conn.closeWrite();
  }

  /** Reads more bytes within `ms`; false once the server closed (or reset) the connection. */
  async #fill(deadline: number): Promise<boolean> {
    if (this.#closed) return false;
    const chunk = new Uint8Array(65536);
    let timer: ReturnType<typeof setTimeout> | undefined;
    const timeout = new Promise<"timeout">((resolve) =>
      timer = setTimeout(() => resolve("timeout"), Math.max(0, deadline - performance.now()))
    );
    const n = await Promise.race([this.conn.read(chunk).catch(() => null), timeout]);
    clearTimeout(timer);
    if (n === "timeout") throw new Error("no answer in time");
    if (n === null) {
      this.#closed = true;
      return false;
    }
    const joined = new Uint8Array(this.#buffer.length + n);
    joined.set(this.#buffer), joined.set(chunk.subarray(0, n), this.#buffer.length);
    this.#buffer = joined;
    return true;
  }

  /** The next answer, or undefined if the connection closed (or reset) first; throws past `ms`. */
  async answer(ms = 3000): Promise<RawAnswer | undefined> {
    const deadline = performance.now() + ms;
    let end;
    while ((end = indexOf(this.#buffer, "\r\n\r\n")) < 0) {
      if (!await this.#fill(deadline)) return undefined;
    }
    const head = TEXT.decode(this.#buffer.subarray(0, end)).split("\r\n");
    const headers = new Map(
      head.slice(1).map((line) => {
        const colon = line.indexOf(":");
        return [line.slice(0, colon).toLowerCase(), line.slice(colon + 1).trim()];
      }),
    );
    const status = Number(head[0].split(" ")[1]);
    let at = end + 4;
    let body = new Uint8Array(0);
    if (headers.get("transfer-encoding") === "chunked") {
      for (;;) {
        let lineEnd;
        while ((lineEnd = indexOf(this.#buffer, "\r\n", at)) < 0) {
          if (!await this.#fill(deadline)) return undefined;
        }
        const size = parseInt(TEXT.decode(this.#buffer.subarray(at, lineEnd)), 16);
        while (this.#buffer.length < lineEnd + 2 + size + 2) {
          if (!await this.#fill(deadline)) return undefined;
        }
        const joined = new Uint8Array(body.length + size);
        joined.set(body),
          joined.set(this.#buffer.subarray(lineEnd + 2, lineEnd + 2 + size), body.length);
        body = joined;
        at = lineEnd + 2 + size + 2;
        if (size === 0) break;
      }
    } else {
      const length = Number(headers.get("content-length") ?? 0);
      while (this.#buffer.length < at + length) {
        if (!await this.#fill(deadline)) return undefined;
      }
      body = this.#buffer.slice(at, at + length);
      at += length;
    }
    this.#buffer = this.#buffer.slice(at);
    return { status, headers, text: TEXT.decode(body) };
  }

  /** True once the server closed the connection (reading to its end within `ms`). */
  async closedWithin(ms = 3000): Promise<boolean> {
    const deadline = performance.now() + ms;
    try {
      while (await this.#fill(deadline));
      return true;
    } catch {
      return false;
    }
  }

  close(): void {
    try {
      this.conn.close();
    } catch {
      // closed already
    }
  }
}

function indexOf(bytes: Uint8Array, text: string, from = 0): number {
  const first = text.charCodeAt(0);
  outer: for (let i = from; i <= bytes.length - text.length; i++) {
    if (bytes[i] !== first) continue;
    for (let j = 1; j < text.length; j++) if (bytes[i + j] !== text.charCodeAt(j)) continue outer;
    return i;
  }
  return -1;
}

/** A request's bytes: request line, Host, headers in order, then the body as given. */
export function rawRequest(
  method: string,
  target: string,
  host: string,
  headers: string[] = [],
  body = "",
): string {
  return [`${method} ${target} HTTP/1.1`, `Host: ${host}`, ...headers, "", body].join("\r\n");
}
