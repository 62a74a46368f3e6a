/**
 * `ccemu fixtures RECORDING --out FILE [--merge EXISTING]`: a fixture file from the read answers
 * of a recording (`ccemu start --upstream … --record RECORDING`), so that a fresh ccemu answers
 * those reads as the recorded tenant did. The work is emulator/upstream/fixtures/; this reads the
 * command line and the key's secret, and prints what was done and what could not be known.
 */
import { makeFixtureFile } from "../emulator/upstream/fixtures/make.ts";
import { type KeyChoice, placeholderKey } from "../emulator/upstream/fixtures/tenant.ts";
import { type Command, EXIT, parseFlags, UsageError } from "./command.ts";

const USAGE = `usage: ccemu fixtures RECORDING --out FILE [options]

Builds a fixture file from the read answers in RECORDING (written by ccemu start --upstream …
--record RECORDING), so that ccemu start --fixtures FILE answers those reads as the recorded
tenant did. Only 2xx answers with a result count. What no answer shows is left at ccemu's
defaults, or left out, and said on stderr, one line each; the file is checked to load before it
is written, and written atomically.

  --out FILE            where to write the fixture (required)
  --merge EXISTING      add to the fixture file EXISTING: its records with an id the recording
                        shows are replaced, everything else is kept (EXISTING may be FILE)
  --key ID              the access key to write, its secret named by --secret-env; without them a
                        placeholder key "recorded-key" with a generated secret (no key is ever
                        in a recording)
  --secret-env VAR      the environment variable holding --key's secret: the fixture names it
                        ({"env": "VAR"}) and never holds the secret, so set it where ccemu runs
  --enterprise ID       the tenant when the recording names none (knowledge-base answers name
                        none, but documents')
  --help, -h            this text

Exit status: 0 written, 1 nothing written (nothing usable recorded, no enterprise named, a file
unreadable), 2 bad arguments.`;

/**
 * The key the user gave, its secret named by the variable (never a flag: ps shows flags), so the
 * fixture holds `{"env": VAR}` and never the secret itself; a fixture loads it from there.
 */
function keyOf(id: string | undefined, variable: string | undefined): KeyChoice {
  if (id === undefined && variable === undefined) return placeholderKey();
  if (id === undefined || variable === undefined) {
    throw new UsageError("--key and --secret-env go together");
  }
  if (!Deno.env.get(variable)) {
    throw new Error(`--secret-env ${variable}: the variable is unset or empty`);
  }
  return { accessKeyId: id, accessKeySecret: { env: variable }, placeholder: false };
}

async function fixtures(args: string[]): Promise<number> {
  const parsed = parseFlags(
    args,
    {
      out: { type: "string" },
      merge: { type: "string" },
      key: { type: "string" },
      "secret-env": { type: "string" },
      enterprise: { type: "string" },
    },
    USAGE,
    true,
  );
  if (!parsed) return EXIT.ok;
  const { values, positionals } = parsed;
  if (positionals.length !== 1) throw new UsageError("give one recording file");
  if (!values.out) throw new UsageError("--out FILE is required");
  if (values.enterprise !== undefined && !/^\d+$/.test(values.enterprise)) {
    throw new UsageError(`--enterprise "${values.enterprise}" is not an enterprise id (digits)`);
  }
  const made = await makeFixtureFile({
    recording: positionals[0],
    out: values.out,
    merge: values.merge,
    key: keyOf(values.key, values["secret-env"]),
    enterpriseId: values.enterprise,
  });
  for (const line of made.summary) console.error(`ccemu fixtures: ${line}`);
  if (!made.written) {
    console.error(`ccemu fixtures: nothing written: ${made.message}`);
    for (const line of made.report.lines) console.error(`  ${line}`);
    return EXIT.failed;
  }
  const lines = [...made.tenant.lines, ...made.report.lines];
  if (lines.length) console.error("ccemu fixtures: what the recording does not say:");
  for (const line of lines) console.error(`  ${line}`);
  return EXIT.ok;
}

export const fixturesCommand: Command = {
  name: "fixtures",
  usage: USAGE,
  run: fixtures,
};
