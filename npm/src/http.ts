/**
 * HTTP for the Node API: node:http with one keep-alive agent, not fetch. Each instance has a port
 * of its own, and undici (Node's fetch) sets up a connection pool per origin, which made the
 * create -> two GETs -> delete loop slower through fetch (docs/performance.md). The agent unrefs
 * idle sockets, so they never keep Node running.
 */
import { Buffer } from "node:buffer";
import http from "node:http";

const agent = new http.Agent({ keepAlive: true });

/** What came back: the status, the headers and the body as text. */
export interface Answer {
  /** The HTTP status. */
  status: number;
  /** The answer's headers. */
  headers: Headers;
  /** The body as text. */
  text: string;
}

/** Sends `body` (JSON text, when given) with `method` to `url`. */
export function send(method: string, url: string, body?: string): Promise<Answer> {
  return attempt(method, url, body, true);
}

function attempt(method: string, url: string, body: string | undefined, retry: boolean) {
  return new Promise<Answer>((resolve, reject) => {
    const headers: Record<string, string | number> = {};
    if (body !== undefined) {
      headers["content-type"] = "application/json; charset=UTF-8";
      headers["content-length"] = Buffer.byteLength(body);
    }
    const request = http.request(url, { method, agent, headers }, (response) => {
      let text = "";
      response.setEncoding("utf8");
      response.on("data", (chunk: string) => text += chunk);
      response.on("error", reject);
      response.on("end", () => {
        const answer = new Headers();
        for (const [name, value] of Object.entries(response.headers)) {
          for (const item of [value ?? []].flat()) answer.append(name, item);
        }
        resolve({ status: response.statusCode!, headers: answer, text });
      });
    });
    request.on("error", (error: NodeJS.ErrnoException) => {
      // A kept-alive connection the server closed as this request left on it: the request never
      // reached it, so it is sent again once, on a new connection (what Node's documentation does).
      if (retry && request.reusedSocket && error.code === "ECONNRESET") {
        attempt(method, url, body, false).then(resolve, reject);
      } else reject(error);
    });
    request.end(body);
  });
}
