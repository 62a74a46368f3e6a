/**
 * `deno task sign -- METHOD URL [--body JSON] [--key ID --secret S] [--expires N] [--sign-host H]
 * [--at TIME]`: prints a ready-to-run curl command signed like the vendor's Java SDK. It signs with
 * the virtual clock of the ccemu at URL when one answers there, else with the wall clock.
 */
import { parseArgs } from "node:util";
import { parseTime, wallNow } from "../emulator/core/clock.ts";
import { curlCommand } from "../emulator/signed-api/curl.ts";
import { DEMO_KEY } from "./client.ts";

const USAGE =
  "usage: deno task sign -- METHOD URL [--body JSON] [--key ID --secret S] [--expires N] [--sign-host H] [--at TIME]";

async function emulatorNow(url: URL): Promise<number | undefined> {
  try {
    const response = await fetch(new URL("/_emulator/clock", url.origin), {
      signal: AbortSignal.timeout(500),
    });
    if (!response.ok) {
      await response.body?.cancel();
      return undefined;
    }
    const { now } = await response.json();
    return typeof now === "number" ? now : undefined;
  } catch {
    return undefined;
  }
}

async function main(args: string[]): Promise<number> {
  const { values, positionals } = parseArgs({
    args: args[0] === "--" ? args.slice(1) : args,
    allowPositionals: true,
    options: {
      body: { type: "string" },
      key: { type: "string" },
      secret: { type: "string" },
      expires: { type: "string" },
      "sign-host": { type: "string" },
      at: { type: "string" },
    },
  });
  const [method, target] = positionals;
  if (!method || !target || !URL.canParse(target) || positionals.length > 2) {
    console.error(USAGE);
    return 2;
  }
  if (values.body !== undefined) {
    try {
      JSON.parse(values.body);
    } catch (error) {
      console.error(`sign: --body is not valid JSON: ${(error as Error).message}`);
      return 2;
    }
  }
  const at = values.at === undefined ? undefined : parseTime(values.at);
  if (values.at !== undefined && at === undefined) {
    console.error(`sign: --at must be ISO time or epoch ms, got "${values.at}"`);
    return 2;
  }
  const expires = values.expires === undefined ? undefined : Number(values.expires);
  console.log(
    await curlCommand({
      method: method.toUpperCase(),
      url: target,
      body: values.body,
      accessKeyId: values.key ?? DEMO_KEY.accessKeyId,
      accessKeySecret: values.secret ?? (values.key ? "" : DEMO_KEY.accessKeySecret),
      expires,
      signHost: values["sign-host"],
      now: at ?? await emulatorNow(new URL(target)) ?? wallNow(),
    }),
  );
  return 0;
}

if (import.meta.main) {
  try {
    Deno.exit(await main(Deno.args));
  } catch (error) {
    console.error(`sign: ${(error as Error).message}\n${USAGE}`);
    Deno.exit(2);
  }
}

export { curlCommand, shellQuote } from "../emulator/signed-api/curl.ts";
