/**
 * Why a Timestamp may be out of range, for the SignaturesExpired messages: the two causes a
 * newcomer meets most, each with its fix. Asked only on a refusal, never for an accepted request.
 */

const HOUR = 3_600_000;
/** How far from a whole number of hours an offset may be and still read as a time-zone mistake. */
const TOLERANCE = 60_000;

/**
 * A client that writes its local time with a `Z` is off by its zone's offset: a whole number of
 * hours (UTC-12 to UTC+14), within the minute a request takes to sign and send. Asia/Shanghai's
 * 8 hours ahead is the usual one for the vendor's tenants.
 */
export function localTimeHint(timestamp: number, now: number): string {
  const offset = timestamp - now;
  const hours = Math.round(offset / HOUR);
  if (hours === 0 || hours < -12 || hours > 14 || Math.abs(offset - hours * HOUR) > TOLERANCE) {
    return "";
  }
  const plural = Math.abs(hours) === 1 ? "" : "s";
  return ` It is ${Math.abs(hours)} hour${plural} ${hours > 0 ? "ahead of" : "behind"} ccemu's` +
    ` clock: local time instead of UTC? The Timestamp must be UTC, written with a trailing Z` +
    ` (yyyy-MM-ddTHH:mm:ssZ, e.g. Java's Instant.now() or a formatter set to the UTC zone),` +
    ` not the client's local time with a Z appended.`;
}

/**
 * A manual clock reads virtual time (by default a fixed Monday), so a client that signs with its
 * wall clock (curl, the Java SDK) sends a Timestamp far ahead of it.
 */
export function manualClockHint(timestampText: string): string {
  return ` ccemu's clock is manual and reads virtual time, not the wall clock your client signs` +
    ` with: start ccemu with \`--clock manual --clock-start now\`, or move the clock with the` +
    ` control API (POST /_emulator/clock {"now":"${timestampText}"}).`;
}
