/**
 * `ccemu sign METHOD URL [options]`: prints a ready-to-run curl command signed like the vendor's
 * Java SDK. It signs with the virtual clock of the ccemu at URL when one answers there, else with
 * the wall clock.
 */
import { parseTime, wallNow } from "../emulator/core/clock.ts";
import { curlCommand } from "../emulator/signed-api/curl.ts";
import { DEMO_KEY } from "../harness/client.ts";
import { type Command, EXIT, parseFlags, UsageError } from "./command.ts";

const USAGE =
  `usage: ccemu sign METHOD URL [options]        (also: deno task sign -- METHOD URL ...)

Prints a curl command for URL, signed as the vendor's Java SDK signs (HMAC-SHA1 over the sorted
query), with ccemu's virtual clock when a ccemu answers at URL, else the wall clock.

  --body JSON           the JSON body of a POST
  --key ID              AccessKeyId                                   [ccemu-demo-key]
  --secret S            AccessKeySecret                               [ccemu-demo-secret]
  --expires N           seconds the signature stays valid (1-86400)   [600]
  --sign-host NAME      host name to sign for (the SDK signs the host without its port)
  --at TIME             sign for this time (ISO or epoch ms) instead
  --help, -h            this text

Exit status: 0 printed, 2 bad arguments.`;

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

async function sign(args: string[]): Promise<number> {
  const parsed = parseFlags(
    args,
    {
      body: { type: "string" },
      key: { type: "string" },
      secret: { type: "string" },
      expires: { type: "string" },
      "sign-host": { type: "string" },
      at: { type: "string" },
    },
    USAGE,
    true,
  );
  if (!parsed) return EXIT.ok;
  const { values, positionals } = parsed;
  const [method, target] = positionals;
  if (!method || !target || positionals.length > 2) {
    throw new UsageError("give a METHOD and a URL");
  }
  if (!URL.canParse(target)) throw new UsageError(`"${target}" is not a URL`);
  if (values.body !== undefined) {
    try {
      JSON.parse(values.body);
    } catch (error) {
      throw new UsageError(`--body is not valid JSON: ${(error as Error).message}`);
    }
  }
  const at = values.at === undefined ? undefined : parseTime(values.at);
  if (values.at !== undefined && at === undefined) {
    throw new UsageError(`--at must be ISO time or epoch ms, got "${values.at}"`);
  }
  const expires = values.expires === undefined ? undefined : Number(values.expires);
  if (expires !== undefined && !(Number.isInteger(expires) && expires >= 1 && expires <= 86400)) {
    throw new UsageError(`--expires must be an integer from 1 to 86400, got "${values.expires}"`);
  }
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
  return EXIT.ok;
}

export const signCommand: Command = {
  name: "sign",
  usage: USAGE,
  run: sign,
};
