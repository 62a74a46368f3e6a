/**
 * Wall-clock time in a tenant's time zone: the instant of a local date and time, the local day of
 * an instant, and the `yyyy/MM/dd HH:mm:ss` text the knowledge base speaks. Intl gives the zone's
 * offset; everything else is arithmetic on UTC dates.
 */

/** Intl formatters by zone: a cache of immutable helpers, the same for every emulator (no state). */
const formatters = new Map<string, Intl.DateTimeFormat>();

function formatter(timeZone: string): Intl.DateTimeFormat {
  let f = formatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat("en-US", {
      timeZone,
      hourCycle: "h23",
      year: "numeric",
      month: "numeric",
      day: "numeric",
      hour: "numeric",
      minute: "numeric",
      second: "numeric",
    });
    formatters.set(timeZone, f);
  }
  return f;
}

/** The zone's offset from UTC at `instant`, in ms. */
function offset(instant: number, timeZone: string): number {
  const parts = Object.fromEntries(
    formatter(timeZone).formatToParts(instant).map((p) => [p.type, p.value]),
  );
  const local = Date.UTC(
    +parts.year,
    +parts.month - 1,
    +parts.day,
    +parts.hour,
    +parts.minute,
    +parts.second,
  );
  return local - Math.floor(instant / 1000) * 1000;
}

/** The instant of a local wall time in the zone (the earlier one where clocks go back). */
export function zonedTime(
  y: number,
  month: number,
  d: number,
  minutes: number,
  timeZone: string,
): number {
  const guess = Date.UTC(y, month - 1, d) + minutes * 60_000;
  const first = guess - offset(guess, timeZone);
  return guess - offset(first, timeZone);
}

/** The local date (y, m, d) and weekday (1 = Monday … 7 = Sunday) of an instant in the zone. */
export function localDay(instant: number, timeZone: string) {
  const shifted = new Date(instant + offset(instant, timeZone));
  const weekday = shifted.getUTCDay() || 7;
  return {
    y: shifted.getUTCFullYear(),
    m: shifted.getUTCMonth() + 1,
    d: shifted.getUTCDate(),
    weekday,
  };
}

/** `yyyy/MM/dd HH:mm:ss` of the instant in the zone: the knowledge base's time text. */
export function localText(instant: number, timeZone: string): string {
  // The local wall time, read as if it were UTC.
  const iso = new Date(instant + offset(instant, timeZone)).toISOString();
  return `${iso.slice(0, 10).replaceAll("-", "/")} ${iso.slice(11, 19)}`;
}

const LOCAL_TEXT = /^(\d{4})\/(\d{2})\/(\d{2}) (\d{2}):(\d{2}):(\d{2})$/;

/** Parses the time text (or `yyyy-MM-dd HH:mm:ss`) in the zone; undefined when it is neither. */
export function parseLocalText(text: string, timeZone: string): number | undefined {
  const m = LOCAL_TEXT.exec(text.replaceAll("-", "/"));
  if (!m) return undefined;
  const [, y, mo, d, h, mi, s] = m.map(Number);
  if (mo < 1 || mo > 12 || d < 1 || d > 31 || h > 23 || mi > 59 || s > 59) return undefined;
  return zonedTime(y, mo, d, h * 60 + mi, timeZone) + s * 1000;
}
