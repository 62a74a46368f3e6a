/**
 * `ccemu start [options]` (the default subcommand): one ccemu process. The first stdout line says
 * where it listens; SIGINT or SIGTERM stop it (writing `--snapshot` when one was named).
 */
import { USAGE } from "../emulator/core/config.ts";
import { startServer } from "../emulator/server.ts";
import type { AccessKey } from "../emulator/core/tenants.ts";
import { DEMO_KEY } from "../harness/client.ts";
import { type Command, EXIT } from "./command.ts";
import { launchers, whenLauncherEnds } from "./launchers.ts";
import { applying, startConfig } from "./start-config.ts";
import { ConfigFileError } from "../emulator/config-file/read.ts";

/**
 * The second line: who to sign as. Only the shipped demo key's secret is printed (it is in every
 * copy of ccemu); any other key's secret stays where the user keeps it, never in a log.
 */
export function keyLine(key: AccessKey, tenantName = key.enterpriseId): string {
  const isDemo = key.accessKeyId === DEMO_KEY.accessKeyId &&
    key.accessKeySecret === DEMO_KEY.accessKeySecret;
  const secret = isDemo
    ? `AccessKeySecret ${key.accessKeySecret}`
    : key.secretEnv
    ? `AccessKeySecret from $${key.secretEnv} (not shown)`
    : "AccessKeySecret as in your fixture (not shown)";
  return `tenant "${tenantName}": enterpriseId ${key.enterpriseId}, AccessKeyId ${key.accessKeyId}, ${secret}`;
}

/** Resolves when standard input ends (what it carries is read and dropped). */
async function stdinClosed(): Promise<void> {
  try {
    for await (const _ of Deno.stdin.readable) { /* only its end matters */ }
  } catch { /* a broken pipe ends it too */ }
}

async function start(args: string[]): Promise<number> {
  let started;
  try {
    started = await startConfig(args);
  } catch (error) {
    if (!(error instanceof ConfigFileError)) throw error;
    console.error(`ccemu: ${error.message}`);
    return EXIT.failed;
  }
  if (started === "help") {
    console.log(USAGE);
    return EXIT.ok;
  }
  const { config, file } = started;
  let added: string[] = [];
  let running;
  // What the server reports before it listens waits, so that the first line stays the address.
  const early: string[] = [];
  let report: (line: string) => void = (line) => early.push(line);
  // Read before ccemu says it is up: a script that kills its npx as soon as ccemu answers (a test
  // does) must find the chain still whole, not npx gone and deno task already orphaned.
  const chain = launchers();
  try {
    running = await startServer(config, undefined, {
      log: (line) => report(`ccemu: ${line}`),
      instances: true,
      buildUi: true,
      ...applying(file, (summary) => added = summary),
    });
  } catch (error) {
    if (error instanceof Deno.errors.AddrInUse) {
      console.error(
        `ccemu: port ${config.port} on ${config.host} is already in use (another ccemu?): pick another with --port N, or --port 0 for a free one.`,
      );
    } else console.error(`ccemu: ${(error as Error).message}`);
    await chain; // its `ps` finishes before ccemu returns
    return EXIT.failed;
  }
  const { emulator, url } = running;
  console.log(`ccemu listening on ${url}`);
  const key = emulator.state.accessKeys[0];
  if (key) console.log(keyLine(key, emulator.findEnterprise(key.enterpriseId)?.name));
  if (config.ui) console.log(`UI: ${url}/`);
  const generator = running.restoredFrom
    ? `generator restored from ${running.restoredFrom}`
    : `seed ${emulator.seed}`;
  console.log(`clock: ${emulator.clock.mode} at ${emulator.clock.status().iso}; ${generator}`);
  if (file) {
    const what = added.length ? `: added ${added.join(", ")}` : "";
    console.log(`config: ${file.path}${what}`);
  }
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
  const unwatch = whenLauncherEnds(await chain, stop);
  if (config.untilStdinCloses) stdinClosed().then(stop);
  await stopped.promise;
  unwatch();
  await running.close();
  console.log("ccemu stopped");
  return EXIT.ok;
}

export const startCommand: Command = {
  name: "start",
  usage: USAGE,
  run: start,
};
