/**
 * What the journal and the signed API read of a request's URL: the path, the origin and host, and
 * the decoded query pairs in order. Read once per request, by the journal middleware.
 *
 * `new URL` and its `searchParams` cost a signed request 3 µs under wrk. A URL that `new URL` would
 * give back unchanged (a lowercase host name or 127.0.0.1, no port or one other than 80, a path of
 * letters, digits, `_`, `-` and `/`: what clients send to these paths) is read by slicing it, and
 * its query decoded as `URLSearchParams` decodes it. Any other URL goes through
 * `new URL`, so both ways give the same values (a property test compares them).
 */

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

// Labels start with a letter, so no name is read as an IPv4 address, and none is punycode.
const NAME = "(?:localhost|127\\.0\\.0\\.1|(?!xn--)[a-z][a-z0-9-]*(?:\\.(?!xn--)[a-z][a-z0-9-]*)*)";
const PLAIN = new RegExp(
  `^http://(${NAME}(?::([1-9]\\d{0,4}))?)(/[A-Za-z0-9_/-]*)(?:\\?([^#\\0- ]*))?$`,
);

/** Reads `url` as `new URL(url)` would, without building one when it is in canonical form. */
export function requestTarget(url: string): RequestTarget {
  const plain = PLAIN.exec(url);
  // Port 80 is http's default, which URL leaves out; above 65535 URL refuses.
  if (plain && plain[2] !== "80" && !(Number(plain[2]) > 65535)) {
    const [, host, , pathname, search = ""] = plain;
    return {
      pathname: ownCopy(pathname),
      origin: `http://${host}`,
      host,
      query: queryPairs(search),
    };
  }
  const parsed = new URL(url);
  return {
    pathname: parsed.pathname,
    origin: parsed.origin,
    host: parsed.host,
    query: pairsOf(parsed.searchParams),
  };
}

/**
 * The query's pairs as `URLSearchParams` decodes them. `decodeURIComponent` gives the same text for
 * every well-formed escape (a query's usual case) without URLSearchParams' cost on every signed
 * request; it refuses malformed ones (`%zz`, overlong or surrogate UTF-8), which `URLSearchParams`
 * replaces: those queries are read by it.
 */
function queryPairs(search: string): [string, string][] {
  const pairs: [string, string][] = [];
  try {
    for (const pair of search.split("&")) {
      if (pair === "") continue;
      const at = pair.indexOf("=");
      pairs.push(
        at === -1 ? [decoded(pair), ""] : [decoded(pair.slice(0, at)), decoded(pair.slice(at + 1))],
      );
    }
  } catch {
    return pairsOf(new URLSearchParams(search));
  }
  return pairs;
}

function decoded(text: string): string {
  const spaced = text.includes("+") ? text.replaceAll("+", " ") : text;
  return spaced.includes("%") ? decodeURIComponent(spaced) : ownCopy(spaced);
}

/**
 * Text without escapes as a string of its own. V8 keeps a substring of 13 characters or more as a
 * view into the string it was cut from (here the URL), and a journal entry holding one leaves
 * JSON.stringify's fast path for all of the entry (1.3 instead of 0.6 µs in process).
 * `decodeURIComponent` copies such text unchanged.
 */
function ownCopy(text: string): string {
  return text.length >= 13 ? decodeURIComponent(text) : text;
}

/** `forEach`, not the iterator: the iterator allocates an entry per pair (docs/performance.md). */
function pairsOf(params: URLSearchParams): [string, string][] {
  const pairs: [string, string][] = [];
  params.forEach((value, name) => pairs.push([name, value]));
  return pairs;
}
