/**
 * The recording proxy (`ccemu start --upstream URL --upstream-key ID --upstream-secret-env VAR
 * [--record FILE]`): the signed prefixes' requests, once ccemu's own authentication passed, go to
 * the real service re-signed with the upstream key (forward.ts), each exchange journaled with kind
 * `upstream` (entry.ts) and, with `--record`, appended to FILE (record.ts).
 */
import type { Emulator } from "../core/emulator.ts";
import { wallNow } from "../core/clock.ts";
import type { Forwarder } from "../signed-api/dispatcher.ts";
import { resolveUpstream } from "./config.ts";
import { createForwarder } from "./forward.ts";
import { Recorder } from "./record.ts";

export type { UpstreamEntry, UpstreamExchange } from "./entry.ts";
export type { RecordedExchange, RecordingHeader } from "./record.ts";

/**
 * The forwarder the config asks for, or undefined when ccemu serves its own state. Reads the
 * secret's variable and writes the recording's header now, so a missing variable or an unwritable
 * file stops start-up.
 */
export function createUpstream(
  emulator: Emulator,
  readEnv: (name: string) => string | undefined = (name) => Deno.env.get(name),
): Forwarder | undefined {
  const flags = emulator.config.upstream;
  if (!flags) return undefined;
  const upstream = resolveUpstream(flags, readEnv);
  const recorder = upstream.record
    ? Recorder.open(upstream.record, {
      ccemu: "recording",
      version: 1,
      upstream: upstream.host,
      started: new Date(wallNow()).toISOString(),
    })
    : undefined;
  return createForwarder(emulator, upstream, recorder);
}
