/**
 * The Deno permissions the harness needs, and the error that names them. Deno's own message names
 * only the first permission refused, so a test run fixed by it would fail on the next one.
 */

/** The `deno test` flags `startEmulator()` needs (docs/deno.md). */
export const HARNESS_FLAGS = "--allow-net --allow-read";

/**
 * Throws `error`, unless Deno refused a permission somewhere behind it (a fixture that could not be
 * read keeps the refusal as its cause): then an error naming every flag to add. Only NotCapable is
 * Deno's refusal; PermissionDenied is the operating system's, which no flag cures. Made for
 * `.catch()`.
 */
export function explainPermissions(error: unknown): never {
  for (let cause = error; cause instanceof Error; cause = cause.cause) {
    if (cause instanceof Deno.errors.NotCapable) {
      throw new Error(
        `startEmulator() needs Deno permissions this run does not have: run deno test with ${HARNESS_FLAGS} (or -A). Deno said: ${cause.message}`,
        { cause: error },
      );
    }
  }
  throw error;
}

/**
 * Asks for the permission to listen where its refusal can be caught: `node:http` reports it as an
 * uncaught error, which fails the whole test file instead of rejecting `startEmulator()`.
 */
export function checkListen(hostname: string): void {
  try {
    Deno.listen({ hostname, port: 0 }).close();
  } catch (error) {
    explainPermissions(error);
  }
}
