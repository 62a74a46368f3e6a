/**
 * Instants as a tenant reads them: in the tenant's time zone, with the same instant in UTC on hover
 * (and as the `<time>` element's machine-readable value), everywhere the UI shows one.
 */
import { html } from "lit";

/** `2026-01-05 09:00:00` in the tenant's time zone. */
export const localTime = (instant: number, timeZone: string) =>
  new Intl.DateTimeFormat("sv-SE", { timeZone, dateStyle: "short", timeStyle: "medium" })
    .format(instant);

/** `2026-01-05 01:00:00 UTC`: the hover text of every time shown. */
export const utcTime = (instant: number) =>
  `${new Date(instant).toISOString().slice(0, 19).replace("T", " ")} UTC`;

/**
 * An instant shown in the tenant's zone, UTC on hover. `shown` picks what of the local text to show
 * (a list column shows the time of day only).
 */
export const timeOf = (
  instant: number,
  timeZone: string,
  shown: (local: string) => string = (local) => local,
) =>
  html`<time datetime=${new Date(instant).toISOString()} title=${utcTime(instant)}>${
    shown(localTime(instant, timeZone))
  }</time>`;

/**
 * `2026-01-05T09:00:00+08:00`: an instant as ISO text in the tenant's zone, with its offset, so
 * that a field showing it reads as the header's clock does and sets the same instant back.
 */
export function zonedIso(instant: number, timeZone: string): string {
  const local = localTime(instant, timeZone).replace(" ", "T");
  const offset = Math.round((Date.parse(`${local}Z`) - Math.floor(instant / 1000) * 1000) / 60_000);
  const sign = offset < 0 ? "-" : "+";
  const abs = Math.abs(offset);
  const hh = String(Math.floor(abs / 60)).padStart(2, "0"), mm = String(abs % 60).padStart(2, "0");
  return `${local}${sign}${hh}:${mm}`;
}
