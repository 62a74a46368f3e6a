/**
 * What the journal and the signed API read of a request's URL: the path, the origin and host, and
 * the decoded query pairs in order. Read once per request, by the journal.
 *
 * `new URL` and its `searchParams` cost a signed request dearly (docs/performance.md). A URL that
 * `new URL` would give back unchanged (a lowercase host name or 127.0.0.1, no port or one other
 * than 80, a path of letters, digits, `_`, `-` and `/`: what clients send to these paths) is read
 * by slicing it, and its query decoded as `URLSearchParams` decodes it. Any other URL goes through
 * `new URL`, so both ways give the same values (a property test compares them).
 */
import { COMMON_PARAMETERS } from "./common-parameters.ts";
import { decimalAt } from "./decimal.ts";
import { pairsOf } from "./name-value-list.ts";

/** What the journal and the proxy read of a request's URL. */
export interface RequestTarget {
  /** As `URL.pathname`. */
  pathname: string;
  /** As `URL.origin`. */
  origin: string;
  /** As `URL.host`. */
  host: string;
  /** The decoded query pairs, in order, as `URLSearchParams` gives them. */
  query: [string, string][];
}

const SCHEME = "http://".length;

/**
 * Where the path starts when `url` is in the canonical form `new URL` gives back unchanged, else
 * -1: `http://`, then `localhost`, `127.0.0.1` or lowercase labels of letters, digits and `-`,
 * each starting with a letter (so no name reads as an IPv4 address) and none with `xn--` (none is
 * punycode); a port of 1 to 5 digits not starting with 0; a path of letters, digits, `_`, `-` and
 * `/`; a query with no `#`, control character or space. Read by character code: the regex this
 * was made allocation on every test.
 */
function plainPathStart(url: string): number {
  if (!url.startsWith("http://")) return -1;
  let i = SCHEME;
  if (url.startsWith("127.0.0.1", i) && !isLabelCode(url.charCodeAt(i + 9))) i += 9;
  else {
    for (;;) {
      if (!isLetter(url.charCodeAt(i)) || url.startsWith("xn--", i)) return -1;
      while (isLabelCode(url.charCodeAt(i))) i++;
      if (url.charCodeAt(i) !== 0x2e /* . */) break;
      i++;
    }
  }
  if (url.charCodeAt(i) === 0x3a /* : */) {
    const first = url.charCodeAt(++i);
    if (!(first >= 0x31 && first <= 0x39)) return -1;
    const end = i + 5;
    for (i++; i < end && isDigit(url.charCodeAt(i)); i++);
  }
  if (url.charCodeAt(i) !== 0x2f /* / */) return -1;
  const pathStart = i;
  for (i++; i < url.length; i++) {
    const code = url.charCodeAt(i);
    if (code === 0x3f /* ? */) break;
    if (!(isLabelCode(code) || code === 0x2f || code === 0x5f || (code >= 0x41 && code <= 0x5a))) {
      return -1;
    }
  }
  for (i++; i < url.length; i++) {
    const code = url.charCodeAt(i);
    if (code <= 0x20 || code === 0x23 /* # */) return -1;
  }
  return pathStart;
}

const isDigit = (code: number) => code >= 0x30 && code <= 0x39;
const isLetter = (code: number) => code >= 0x61 && code <= 0x7a;
/** What a host label holds after its first letter (and a path, with `/`, `_` and capitals). */
const isLabelCode = (code: number) => isLetter(code) || isDigit(code) || code === 0x2d;

/**
 * A request URL as the signed path reads it: the path and the decoded query at once (a flat list,
 * `name, value, name, value…`: one array rather than one per pair), the host and origin only when
 * asked (the Host header serves the signature; handlers hardly ever ask for the origin).
 */
export class Target {
  /** A target read from `url`: by slicing (`parsed` undefined), or from `parsed`. */
  constructor(
    readonly pathname: string,
    /** The decoded query: name, value, name, value… in order, as `URLSearchParams` gives them. */
    readonly query: string[],
    /** The URL when read by slicing, where its host ends (else the parsed URL). */
    private readonly url: string,
    private readonly hostEnd: number,
    private readonly parsed: URL | undefined,
  ) {}

  /** As `URL.host`. */
  get host(): string {
    return this.parsed ? this.parsed.host : this.url.slice(SCHEME, this.hostEnd);
  }

  /** As `URL.origin`. */
  get origin(): string {
    return this.parsed ? this.parsed.origin : this.url.slice(0, this.hostEnd);
  }

  /** The query as pairs. */
  pairs(): [string, string][] {
    return pairsOf(this.query);
  }
}

/** Reads `url` as `new URL(url)` would, without building one when it is in canonical form. */
export function readTarget(url: string): Target {
  const pathStart = plainPathStart(url);
  if (pathStart !== -1) {
    const colon = url.indexOf(":", SCHEME);
    // Port 80 is http's default, which URL leaves out; above 65535 URL refuses.
    const port = colon !== -1 && colon < pathStart ? decimalAt(url, colon + 1, pathStart) : 0;
    if (port !== 80 && port <= 65535) {
      const mark = url.indexOf("?", pathStart);
      let query: string[] | undefined = NO_QUERY;
      if (mark !== -1) {
        query = queryOf(url, mark + 1);
        if (!query) pushPairs(new URLSearchParams(url.slice(mark + 1)), query = []);
      }
      return new Target(
        mark === -1 ? url.slice(pathStart) : url.slice(pathStart, mark),
        query,
        url,
        pathStart,
        undefined,
      );
    }
  }
  const parsed = new URL(url);
  const query: string[] = [];
  pushPairs(parsed.searchParams, query);
  return new Target(parsed.pathname, query, url, 0, parsed);
}

/** `new URL(url)`'s path, origin, host and query pairs (what the journal and proxy read). */
export function requestTarget(url: string): RequestTarget {
  const target = readTarget(url);
  return {
    pathname: target.pathname,
    origin: target.origin,
    host: target.host,
    query: target.pairs(),
  };
}

/**
 * A path without its trailing slashes (`/` stays `/`): the SDK requests `/x/` but signs `/x`, and
 * an operation is found by the path without them.
 */
export function withoutTrailingSlash(path: string): string {
  return path.length > 1 && path.endsWith("/") ? path.replace(/\/+$/, "") || "/" : path;
}

/** A URL's empty query (never added to: each query read is an array of its own). */
const NO_QUERY: string[] = [];

/**
 * Decodes the query from `from` to the URL's end, as `URLSearchParams` decodes it, into an array
 * made at its length; undefined when an escape is malformed. `decodeURIComponent` gives the same
 * text for every well-formed escape (a query's usual case) without the native call
 * (docs/performance.md); it refuses malformed ones (`%zz`, overlong or surrogate UTF-8), which
 * `URLSearchParams` replaces: those queries are read by it.
 */
function queryOf(url: string, from: number): string[] | undefined {
  let pairs = 1;
  for (let at = url.indexOf("&", from); at !== -1; at = url.indexOf("&", at + 1)) pairs++;
  const out: string[] = new Array(pairs * 2);
  let n = 0;
  try {
    while (from <= url.length) {
      let end = url.indexOf("&", from);
      if (end === -1) end = url.length;
      if (end > from) {
        const at = url.indexOf("=", from);
        const nameEnd = at === -1 || at > end ? end : at;
        out[n++] = nameOf(url, from, nameEnd);
        out[n++] = nameEnd === end ? "" : decoded(url, nameEnd + 1, end);
      }
      from = end + 1;
    }
  } catch {
    return undefined;
  }
  out.length = n;
  return out;
}

/** The name from `from` to `to`: a common parameter's given as itself rather than cut from the URL. */
function nameOf(url: string, from: number, to: number): string {
  for (const name of COMMON_PARAMETERS) {
    if (to - from === name.length && url.startsWith(name, from)) return name;
  }
  return decoded(url, from, to);
}

function decoded(url: string, from: number, to: number): string {
  const text = url.slice(from, to);
  const spaced = text.includes("+") ? text.replaceAll("+", " ") : text;
  return spaced.includes("%") ? decodeURIComponent(spaced) : spaced;
}

/** `forEach`, not the iterator: much the faster on URLSearchParams. */
function pushPairs(params: URLSearchParams, out: string[]): void {
  params.forEach((value, name) => out.push(name, value));
}
