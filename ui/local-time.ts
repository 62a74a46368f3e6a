/** An instant as a tenant reads it: `2026-01-05 09:00:00` in the tenant's time zone. */
export const localTime = (instant: number, timeZone: string) =>
  new Intl.DateTimeFormat("sv-SE", { timeZone, dateStyle: "short", timeStyle: "medium" })
    .format(instant);
