/**
 * The recording proxy's settings, resolved once at start-up from `--upstream` and its companions:
 * the upstream's origin and host, the key to sign with, and its secret, read from the environment
 * variable `--upstream-secret-env` names (a flag would show the secret to `ps`). The secret stays
 * in this object, which nothing serializes.
 */
import type { UpstreamFlags } from "../core/config.ts";

export interface Upstream {
  /** `https://host[:port]`, no trailing slash. */
  origin: string;
  /** `host[:port]` as the URL has it: what messages, the journal and the recording name. */
  host: string;
  accessKeyId: string;
  /** The upstream AccessKeySecret: signs, and is never written anywhere. */
  secret: string;
  timeoutMs: number;
  /** `--record FILE`, when recording. */
  record?: string;
}

/** Start-up refused: the message says which flag or variable and what to do. */
export class UpstreamConfigError extends Error {}

/**
 * Reads the secret through `readEnv` (Deno.env.get in ccemu; a test passes its own). A variable
 * that is unset or empty stops start-up; its value never appears in a message.
 */
export function resolveUpstream(
  flags: UpstreamFlags,
  readEnv: (name: string) => string | undefined,
): Upstream {
  const name = flags.secretEnv;
  let secret: string | undefined;
  try {
    secret = readEnv(name);
  } catch (error) {
    if (error instanceof Deno.errors.NotCapable || error instanceof Deno.errors.PermissionDenied) {
      throw new UpstreamConfigError(
        `--upstream-secret-env ${name}: ccemu may not read the environment (run deno with --allow-env)`,
      );
    }
    throw error;
  }
  if (!secret) {
    throw new UpstreamConfigError(
      `--upstream-secret-env ${name}: the environment variable ${name} is ${
        secret === "" ? "empty" : "not set"
      }. Export the upstream key's AccessKeySecret in it before starting ccemu (e.g. read it from your secret store into ${name}).`,
    );
  }
  const url = new URL(flags.url);
  return {
    origin: url.origin,
    host: url.host,
    accessKeyId: flags.accessKeyId,
    secret,
    timeoutMs: flags.timeoutMs,
    record: flags.record,
  };
}
