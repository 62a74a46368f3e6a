/** The knowledge base's time text, `yyyy/MM/dd HH:mm:ss`, in the tenant's time zone. */
import { zonedTime } from "../outbound/working-time.ts";

const formatters = new Map<string, Intl.DateTimeFormat>();

export function kbTime(instant: number, timeZone: string): string {
  let f = formatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat("en-CA", {
      timeZone,
      hourCycle: "h23",
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      hour: "2-digit",
      minute: "2-digit",
      second: "2-digit",
    });
    formatters.set(timeZone, f);
  }
  const p = Object.fromEntries(f.formatToParts(instant).map((part) => [part.type, part.value]));
  return `${p.year}/${p.month}/${p.day} ${p.hour}:${p.minute}:${p.second}`;
}

const KB_TIME = /^(\d{4})\/(\d{2})\/(\d{2}) (\d{2}):(\d{2}):(\d{2})$/;

/** Parses the time text (or `yyyy-MM-dd HH:mm:ss`) in the zone; undefined when it is neither. */
export function parseKbTime(text: string, timeZone: string): number | undefined {
  const m = KB_TIME.exec(text.replaceAll("-", "/"));
  if (!m) return undefined;
  const [, y, mo, d, h, mi, s] = m.map(Number);
  if (mo < 1 || mo > 12 || d < 1 || d > 31 || h > 23 || mi > 59 || s > 59) return undefined;
  return zonedTime(y, mo, d, h * 60 + mi, timeZone) + s * 1000;
}
