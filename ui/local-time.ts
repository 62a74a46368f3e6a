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
