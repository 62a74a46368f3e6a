/** Command-line flags -> one typed Config. The defaults are what `deno task start` runs with. */
import { parseArgs } from "node:util";
import { type ClockMode, parseTime } from "./clock.ts";
import { didYouMean } from "./did-you-mean.ts";

export interface Config {
  port: number;
  host: string;
  /** A fixture file or folder. */
  fixtures?: string;
  /**
   * A scenario file or folder: what the UI lists and `/_emulator/scenarios` replays by name.
   * Unset, the fixtures and scenarios are the ones ccemu ships (`emulator/packaged.ts`).
   */
  scenarios?: string;
  clock: ClockMode;
  /** Where virtual time starts (ms); undefined = the wall clock's now (real mode only). */
  clockStart?: number;
  seed?: number;
  /** Imported at start when present, exported on a clean exit. */
  snapshot?: string;
  ui: boolean;
  /** Parity mode: messages as terse as the vendor's, no diagnostics. */
  strict: boolean;
  /** Extra host names a signature may have been computed for. */
  signHosts: string[];
  /** Host names besides loopback that the control API and UI answer (`--allow-host`). */
  allowHosts: string[];
  /** Stop when standard input closes: a parent that spawned ccemu takes it down when it dies. */
  untilStdinCloses?: boolean;
  journalSize: number;
  /** What the journal keeps at most: the UTF-8 bytes of its entries (JSON and bodies). */
  journalBytes: number;
  maxBodyBytes: number;
  /** How far ahead of ccemu's clock a Timestamp may be, in seconds. */
  maxClockSkewSeconds: number;
  /** The longest one push to an agent may take, start to end of its reply (real ms). */
  pushDeadlineMs: number;
  /** The most bytes of one agent reply ccemu reads; past it the push fails. */
  pushMaxBytes: number;
}

/**
 * Where a manual clock starts unless told: Monday 2026-01-05 09:00 in Asia/Shanghai, inside the
 * demo tenant's working hours, and the same on every run so that outputs repeat byte for byte.
 */
export const MANUAL_CLOCK_START = Date.parse("2026-01-05T01:00:00Z");

export const DEFAULT_CONFIG: Config = {
  port: 8686,
  host: "127.0.0.1",
  clock: "real",
  ui: true,
  strict: false,
  signHosts: [],
  allowHosts: [],
  journalSize: 5000,
  journalBytes: 32 * 1024 * 1024,
  maxBodyBytes: 32 * 1024 * 1024,
  maxClockSkewSeconds: 900,
  pushDeadlineMs: 300_000,
  pushMaxBytes: 16 * 1024 * 1024,
};

export class ConfigError extends Error {}

const USAGE = `usage: ccemu start [options]        (also: deno task start -- [options])
  --port N              port to listen on (0 picks a free one)       [8686]
  --host NAME           address to bind                               [127.0.0.1]
  --fixtures PATH       fixture file or folder                        [fixtures/default]
  --scenarios PATH      scenario file or folder                       [fixtures/scenarios]
  --clock real|manual   real follows the wall clock; manual moves only when told   [real]
  --clock-start TIME    ISO time, epoch ms or "now"   [manual: 2026-01-05T01:00:00Z, real: now]
  --seed N              seed of the generator (ids, outcomes)         [random]
  --snapshot FILE       import FILE at start if present, export to it on clean exit
  --sign-host NAME      also accept signatures computed for this host (repeatable)
  --allow-host NAME     the control API and UI also answer this Host (repeatable), e.g. a
                        CI service's name; cross-site Origins are still refused
  --journal-size N      journal entries kept                          [5000]
  --journal-mb N        journal kept, MiB of entries (UTF-8); the oldest go first [32]
  --max-body-mb N       largest request body accepted, MiB            [32]
  --max-clock-skew S    seconds a Timestamp may be ahead of ccemu's clock   [900]
  --push-deadline S     longest a push to an agent may take, in seconds     [300]
  --push-max-mb N       largest agent reply read, MiB                        [16]
  --strict              vendor-terse error messages, no diagnostics
  --until-stdin-closes  stop when standard input closes (for a parent process that keeps it
                        open: ccemu ends with it, even when it is killed)
  --no-ui               do not serve the browser UI
  --help, -h            this text

Exit status: 0 after a clean stop, 1 when it cannot start, 2 for a bad flag.`;

function integer(
  flag: string,
  text: string | undefined,
  min: number,
  max: number,
): number | undefined {
  if (text === undefined) return undefined;
  const n = Number(text);
  if (!/^\d+$/.test(text) || n < min || n > max) {
    throw new ConfigError(`--${flag} must be an integer from ${min} to ${max}, got "${text}"`);
  }
  return n;
}

/** The flags of `ccemu start`, as parseArgs reads them. */
const OPTIONS = {
  port: { type: "string" },
  host: { type: "string" },
  fixtures: { type: "string" },
  scenarios: { type: "string" },
  clock: { type: "string" },
  "clock-start": { type: "string" },
  seed: { type: "string" },
  snapshot: { type: "string" },
  "sign-host": { type: "string", multiple: true },
  "allow-host": { type: "string", multiple: true },
  "journal-size": { type: "string" },
  "journal-mb": { type: "string" },
  "max-body-mb": { type: "string" },
  "max-clock-skew": { type: "string" },
  "push-deadline": { type: "string" },
  "push-max-mb": { type: "string" },
  strict: { type: "boolean" },
  "until-stdin-closes": { type: "boolean" },
  "no-ui": { type: "boolean" },
  help: { type: "boolean", short: "h" },
} as const;

/** parseArgs names an unknown flag but not the one meant: its message gains it when one is close. */
function withFlagHint(message: string): string {
  const flag = /^Unknown option '(--[^']+)'/.exec(message)?.[1];
  const hint = flag ? didYouMean(flag, Object.keys(OPTIONS).map((name) => `--${name}`)) : "";
  return hint ? `${message}: ${hint}` : message;
}

/** Parses argv; throws ConfigError with the usage on a bad flag, returns "help" for --help. */
export function parseConfig(args: string[]): Config | "help" {
  let values;
  try {
    ({ values } = parseArgs({
      // `deno task start -- --port 0` hands the "--" on; flags after it are still flags.
      args: args[0] === "--" ? args.slice(1) : args,
      strict: true,
      options: OPTIONS,
    }));
  } catch (error) {
    throw new ConfigError(withFlagHint((error as Error).message));
  }
  if (values.help) return "help";
  const clock = values.clock ?? "real";
  if (clock !== "real" && clock !== "manual") {
    throw new ConfigError(`--clock must be "real" or "manual", got "${clock}"`);
  }
  let clockStart: number | undefined;
  if (values["clock-start"] !== undefined && values["clock-start"] !== "now") {
    clockStart = parseTime(values["clock-start"]);
    if (clockStart === undefined) {
      throw new ConfigError(
        `--clock-start must be ISO time, epoch ms or "now", got "${values["clock-start"]}"`,
      );
    }
  } else if (values["clock-start"] === undefined && clock === "manual") {
    clockStart = MANUAL_CLOCK_START;
  }
  const d = DEFAULT_CONFIG;
  return {
    port: integer("port", values.port, 0, 65535) ?? d.port,
    host: values.host ?? d.host,
    fixtures: values.fixtures ?? d.fixtures,
    scenarios: values.scenarios ?? d.scenarios,
    clock,
    clockStart,
    seed: integer("seed", values.seed, 0, 2 ** 32 - 1),
    snapshot: values.snapshot,
    ui: !values["no-ui"],
    strict: values.strict ?? false,
    signHosts: values["sign-host"] ?? [],
    allowHosts: values["allow-host"] ?? [],
    untilStdinCloses: values["until-stdin-closes"] ?? false,
    journalSize: integer("journal-size", values["journal-size"], 1, 1_000_000) ?? d.journalSize,
    journalBytes: (integer("journal-mb", values["journal-mb"], 1, 4096) ?? 32) * 1024 * 1024,
    maxBodyBytes: (integer("max-body-mb", values["max-body-mb"], 1, 1024) ?? 32) * 1024 * 1024,
    maxClockSkewSeconds: integer("max-clock-skew", values["max-clock-skew"], 0, 10 * 365 * 86400) ??
      d.maxClockSkewSeconds,
    pushDeadlineMs: (integer("push-deadline", values["push-deadline"], 1, 86400) ?? 300) * 1000,
    pushMaxBytes: (integer("push-max-mb", values["push-max-mb"], 1, 1024) ?? 16) * 1024 * 1024,
  };
}

export { USAGE };
