/** `deno task start`: one ccemu process. The first stdout line says where it listens. */
import { ConfigError, parseConfig, USAGE } from "./emulator/core/config.ts";
import { startServer } from "./emulator/server.ts";

async function main(): Promise<number> {
  let config;
  try {
    config = parseConfig(Deno.args);
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    console.error(`ccemu: ${error.message}`);
    return 2;
  }
  if (config === "help") {
    console.log(USAGE);
    return 0;
  }
  let running;
  // What the server reports before it listens waits, so that the first line stays the address.
  const early: string[] = [];
  let report: (line: string) => void = (line) => early.push(line);
  try {
    running = await startServer(config, undefined, (line) => report(`ccemu: ${line}`));
  } catch (error) {
    console.error(`ccemu: ${(error as Error).message}`);
    return 1;
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
  console.log(
    `clock: ${emulator.clock.mode} at ${emulator.clock.status().iso}; seed ${emulator.seed}`,
  );
  for (const line of early) console.log(line);
  report = (line) => console.log(line);

  const stopped = Promise.withResolvers<void>();
  const stop = () => stopped.resolve();
  Deno.addSignalListener("SIGINT", stop);
  Deno.addSignalListener("SIGTERM", stop);
  await stopped.promise;
  await running.close();
  console.log("ccemu stopped");
  return 0;
}

Deno.exit(await main());
