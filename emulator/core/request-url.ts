/**
 * The absolute URL of a request node:http received: its Host header and request target, as the
 * web `Request` ccemu's handlers read would have it (the form `new URL(...).href` gives). A Host
 * or target that makes no URL is refused here, with the vendor's envelope, before any handler or
 * journal reads it: a Host such as `1.2.3.4.5`, `256.256.256.256`, `xn--a` or `0x100000000` looks
 * like a host name but no URL parser takes it.
 */
import { ApiError } from "./errors.ts";

/**
 * A target `new URL` gives back unchanged: `/` then URL code points and `%` (kept as sent, so a
 * signed request's escaped Timestamp stays on this path), no dot segment, escaped dots included.
 */
const PLAIN_TARGET = /^\/[!#$%&-;=?-\[\]_a-z~]*$/;
const DOT_SEGMENT = /\/(?:\.|%2e){1,2}(?:[/?#]|$)/i;

/** Refuses a request whose Host or target makes no URL, naming what is wrong with it. */
function refused(what: string, value: string, why: string): ApiError {
  const shown = value.length > 80 ? `${value.slice(0, 80)}…` : value;
  return new ApiError("InvalidParameter", `${what}: ${JSON.stringify(shown)} ${why}`, what);
}

/**
 * Builds request URLs. Clients send the same Host on every request, so the last one found plain
 * and valid is kept and taken without parsing it again.
 */
export class RequestUrls {
  #validHost = "";

  /** The URL of a request with `host` (its Host header, if any) and `target` (its request line's). */
  of(host: string | undefined, target: string): string {
    if (target.startsWith("http://") || target.startsWith("https://")) return absolute(target);
    if (host === undefined || host === "") {
      throw refused(
        "Host",
        "",
        "is required: an HTTP/1.1 request names its host in a Host header.",
      );
    }
    if (target.charCodeAt(0) !== 0x2f /* / */) {
      if (target === "") return `http://${host}/`;
      throw refused("target", target, "is not a path: a request target starts with /.");
    }
    if (host !== this.#validHost || !PLAIN_TARGET.test(target) || DOT_SEGMENT.test(target)) {
      return this.#parsed(host, target);
    }
    return `http://${host}${target}`;
  }

  /** Through `new URL`: normalized as a web Request's, or refused. */
  #parsed(host: string, target: string): string {
    checkBackslash(target);
    let url: URL;
    try {
      url = new URL(`http://${host}${target}`);
    } catch {
      throw refused("Host", host, "is no valid host name, IP address or port.");
    }
    // A Host with a path, user or query of its own in it ("a/b", "u@a") makes some URL, not its own.
    const name = host.includes(":") && !host.endsWith("]") ? host.replace(/:\d*$/, "") : host;
    if (url.hostname !== name.toLowerCase() && url.hostname.length !== name.length) {
      throw refused("Host", host, "is no valid host name, IP address or port.");
    }
    // A Host the URL keeps as sent (lowercase, its port not the default) is taken as it is next time.
    if (url.host === host) this.#validHost = host;
    return url.href;
  }
}

/** A request in absolute form (`GET http://host/path`), as a proxy would be sent it. */
function absolute(target: string): string {
  checkBackslash(target);
  try {
    return new URL(target).href;
  } catch {
    throw refused("target", target, "is no valid absolute URL.");
  }
}

/** A backslash in the path is refused: URL parsers read it as `/`, servers differ. */
function checkBackslash(target: string): void {
  const backslash = target.indexOf("\\");
  if (backslash === -1) return;
  const query = target.indexOf("?");
  if (query === -1 || backslash < query) {
    throw refused("target", target, "has a backslash in its path: send / instead.");
  }
}
