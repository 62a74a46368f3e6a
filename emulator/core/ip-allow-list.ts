/**
 * The key's IP allow-list (spec part 5.6): "a single IP address or an address range written with
 * `*` wildcards in each end address". ccemu reads an entry as one of
 *   `10.1.2.3`                  one address
 *   `10.1.*.*`                  a wildcard pattern: `*` matches any octet
 *   `10.1.0.*-10.1.3.*`         a range: `*` is 0 in the start address and 255 in the end address
 * IPv4 only; an IPv4-mapped IPv6 caller (`::ffff:10.1.2.3`) is read as its IPv4 address, and the
 * IPv6 loopback `::1` as 127.0.0.1.
 */

const OCTET = /^(\*|25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)$/;

/** Why an entry is not valid, or undefined when it is (fixtures and the keys route check it). */
export function allowListEntryProblem(entry: string): string | undefined {
  const ends = entry.split("-");
  if (ends.length > 2) return `"${entry}" has more than one "-"`;
  for (const end of ends) {
    const octets = end.trim().split(".");
    if (octets.length !== 4 || !octets.every((o) => OCTET.test(o))) {
      return `"${end.trim()}" is not an IPv4 address or a pattern like 10.1.*.*`;
    }
  }
  return undefined;
}

function ipv4(address: string): number[] | undefined {
  let text = address.replace(/^\[|\]$/g, "");
  if (text === "::1") text = "127.0.0.1";
  text = text.replace(/^::ffff:/i, "");
  const octets = text.split(".");
  if (octets.length !== 4 || !octets.every((o) => /^\d{1,3}$/.test(o) && Number(o) <= 255)) {
    return undefined;
  }
  return octets.map(Number);
}

function toNumber(octets: number[]): number {
  return octets.reduce((n, o) => n * 256 + o, 0);
}

function bound(end: string, wildcard: number): number {
  return toNumber(end.trim().split(".").map((o) => (o === "*" ? wildcard : Number(o))));
}

function entryMatches(entry: string, ip: number[]): boolean {
  const [start, end] = entry.split("-");
  if (end === undefined) {
    return start.trim().split(".").every((o, i) => o === "*" || Number(o) === ip[i]);
  }
  const n = toNumber(ip);
  return bound(start, 0) <= n && n <= bound(end, 255);
}

/** True when the list is empty (no allow-list set) or some entry admits the address. */
export function ipAllowed(allowList: readonly string[], address: string): boolean {
  if (allowList.length === 0) return true;
  const ip = ipv4(address);
  return ip !== undefined && allowList.some((entry) => entryMatches(entry, ip));
}
