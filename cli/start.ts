/**
 * `ccemu start [options]` (the default subcommand): one ccemu process. The first stdout line says
 * where it listens; SIGINT or SIGTERM stop it (writing `--snapshot` when one was named).
 */
import { ConfigError, parseConfig, USAGE } from "../emulator/core/config.ts";
import { startServer } from "../emulator/server.ts";
import { type Command, EXIT, UsageError } from "./command.ts";
import { launchers, whenLauncherEnds } from "./launchers.ts";

/** Resolves when standard input ends (what it carries is read and dropped). */
async function stdinClosed(): Promise<void> {
  try {
    for await (const _ of Deno.stdin.readable) { /* only its end matters */ }
  } catch { /* a broken pipe ends it too */ }
}

async function start(args: string[]): Promise<number> {
  let config;
  try {
    config = parseConfig(args);
  } catch (error) {
    if (error instanceof ConfigError) throw new UsageError(error.message);
    throw error;
  }
  if (config === "help") {
    console.log(USAGE);
    return EXIT.ok;
  }
  let running;
  // What the server reports before it listens waits, so that the first line stays the address.
  const early: string[] = [];
  let report: (line: string) => void = (line) => early.push(line);
  try {
    running = await startServer(config, undefined, {
      log: (line) => report(`ccemu: ${line}`),
      instances: true,
      buildUi: true,
    });
  } catch (error) {
    if (error instanceof Deno.errors.AddrInUse) {
      console.error(
        `ccemu: port ${config.port} on ${config.host} is already in use (another ccemu?): pick another with --port N, or --port 0 for a free one.`,
      );
    } else console.error(`ccemu: ${(error as Error).message}`);
    return EXIT.failed;
  }
  const { emulator, url } = running;
  console.log(`ccemu listening on ${url}`);
  const demo = emulator.state.accessKeys[0];
  if (demo) {
    console.log(
      `demo tenant: enterpriseId ${demo.enterpriseId}, AccessKeyId ${demo.accessKeyId}, AccessKeySecret ${demo.accessKeySecret}`,
    );
  }
  if (config.ui) console.log(`UI: ${url}/`);
  const generator = running.restoredFrom
    ? `generator restored from ${running.restoredFrom}`
    : `seed ${emulator.seed}`;
  console.log(`clock: ${emulator.clock.mode} at ${emulator.clock.status().iso}; ${generator}`);
  if (config.upstream) {
    // The key's id and the variable's name, never the secret.
    const { url: upstream, accessKeyId, secretEnv, record } = config.upstream;
    console.log(
      `upstream: signed requests go to ${upstream} re-signed with ${accessKeyId} (secret from $${secretEnv}); ${
        record ? `recording to ${record}` : "not recording"
      }`,
    );
  }
  for (const line of early) console.log(line);
  report = (line) => console.log(line);

  const stopped = Promise.withResolvers<void>();
  const stop = () => stopped.resolve();
  Deno.addSignalListener("SIGINT", stop);
  Deno.addSignalListener("SIGTERM", stop);
  const unwatch = whenLauncherEnds(await launchers(), stop);
  if (config.untilStdinCloses) stdinClosed().then(stop);
  await stopped.promise;
  unwatch();
  await running.close();
  console.log("ccemu stopped");
  return EXIT.ok;
}

export const startCommand: Command = {
  name: "start",
  summary: "serve the emulated APIs, the control API and the UI (the default)",
  usage: USAGE,
  run: start,
};
