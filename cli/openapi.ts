/**
 * `ccemu openapi [--out FILE] [--server URL]`: writes the OpenAPI 3.1 description of every
 * operation (what `/_emulator/openapi.json` serves), with its examples captured on a fresh
 * emulator.
 */
import { createApp } from "../emulator/app.ts";
import { writeFileAtomically } from "../emulator/core/atomic-file.ts";
import { buildDocument } from "../emulator/openapi/build.ts";
import { DEFAULT_CONFIG } from "../emulator/core/config.ts";
import { Emulator } from "../emulator/core/emulator.ts";
import { STATE } from "../emulator/state.ts";
import { type Command, EXIT, parseFlags, UsageError } from "./command.ts";

const USAGE = `usage: ccemu openapi [options]

Prints (or writes) the OpenAPI 3.1 description of ccemu: every signed operation with the vendor's
field descriptions, its answer and errors, an example request and answer each, the signature
scheme, and the control API. A running ccemu serves the same at /_emulator/openapi.json.

  --out FILE            write it to FILE instead of printing it
  --server URL          the server the document names               [http://127.0.0.1:8686]
  --help, -h            this text

Exit status: 0 written, 2 bad arguments.`;

async function openapi(args: string[]): Promise<number> {
  const parsed = parseFlags(args, { out: { type: "string" }, server: { type: "string" } }, USAGE);
  if (!parsed) return EXIT.ok;
  const server = parsed.values.server ?? "http://127.0.0.1:8686";
  if (!URL.canParse(server)) throw new UsageError(`--server "${server}" is not a URL`);
  const emulator = new Emulator(
    { ...DEFAULT_CONFIG, clock: "manual", clockStart: 0, seed: 1, ui: false },
    STATE,
    STATE.schema.parse({}),
  );
  const { areas } = createApp(emulator);
  const signed = Object.values(areas).flatMap((a) =>
    a.signed ? [{ name: a.name, operations: a.signed.operations }] : []
  );
  const document = await buildDocument(
    (fresh) => {
      const made = createApp(fresh);
      return { hono: made.hono, dialer: made.areas.outbound.dialer };
    },
    signed,
    server.replace(/\/+$/, ""),
  );
  emulator.close();
  const text = JSON.stringify(document, null, 2) + "\n";
  if (parsed.values.out) {
    await writeFileAtomically(parsed.values.out, text);
    console.error(`ccemu openapi: wrote ${parsed.values.out} (${text.length} bytes)`);
  } else console.log(text.trimEnd());
  return EXIT.ok;
}

export const openapiCommand: Command = {
  name: "openapi",
  usage: USAGE,
  run: openapi,
};
