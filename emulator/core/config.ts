/** Command-line flags -> one typed Config. The defaults are what `deno task start` runs with. */
import { parseArgs } from "node:util";
import { type ClockMode, parseTime } from "./clock.ts";
export type { ClockMode };
import { z } from "npm:zod@4.6.7";
import { didYouMean } from "./did-you-mean.ts";

/** A whole number, as a config file's key (`"seed": 42`). */
function jsonInteger() {
  return z.number().int();
}

/** Text that is not empty, as a config file's key (`"fixtures": "fixtures/ours"`). */
function jsonText() {
  return z.string().min(1);
}

/** Everything `ccemu start` runs with: its flags, parsed and checked, or a config file's. */
export interface Config {
  /** The port to listen on; 0 picks a free one. */
  port: number;
  /** The address to bind (127.0.0.1 unless told). */
  host: string;
  /** A fixture file or folder. */
  fixtures?: string;
  /**
   * A scenario file or folder: what the UI lists and `/_emulator/scenarios` replays by name.
   * Unset, the fixtures and scenarios are the ones ccemu ships (`emulator/packaged.ts`).
   */
  scenarios?: string;
  /** `real` follows the wall clock; `manual` moves only when told. */
  clock: ClockMode;
  /** Where virtual time starts (ms); undefined = the wall clock's now (real mode only). */
  clockStart?: number;
  /** The seeded generator's seed: the same seed and inputs give the same bytes. */
  seed?: number;
  /** Imported at start when present, exported on a clean exit. */
  snapshot?: string;
  /** Whether the browser UI is served (`--no-ui` turns it off). */
  ui: boolean;
  /** Parity mode: messages as terse as the vendor's, no diagnostics. */
  strict: boolean;
  /** Extra host names a signature may have been computed for. */
  signHosts: string[];
  /** Host names besides loopback that the control API and UI answer (`--allow-host`). */
  allowHosts: string[];
  /**
   * The ports instances (`POST /_emulator/instances`) listen on, in turn; unset, any free
   * port. In a container only published ports are reachable, so these are the ones to publish.
   */
  instancePorts?: { from: number; to: number };
  /** Stop when standard input closes: a parent that spawned ccemu takes it down when it dies. */
  untilStdinCloses?: boolean;
  /** How many entries the journal keeps at most (the newest). */
  journalSize: number;
  /** What the journal keeps at most: the UTF-8 bytes of its entries (JSON and bodies). */
  journalBytes: number;
  /** The largest request body read; a longer one is refused before it is read. */
  maxBodyBytes: number;
  /** How far ahead of ccemu's clock a Timestamp may be, in seconds. */
  maxClockSkewSeconds: number;
  /** The longest one push to an agent may take, start to end of its reply (real ms). */
  pushDeadlineMs: number;
  /** The most bytes of one agent reply ccemu reads; past it the push fails. */
  pushMaxBytes: number;
  /** The recording proxy (`--upstream`): signed requests forwarded to the real service. */
  upstream?: UpstreamFlags;
}

/**
 * What `--upstream` and its companion flags say. The secret is not here: only the name of the
 * environment variable that holds it, read once at start-up (emulator/upstream/config.ts).
 */
export interface UpstreamFlags {
  /** The upstream's origin, `https://host[:port]` (`http://` only with `--allow-http-upstream`). */
  url: string;
  /** The upstream AccessKeyId that forwarded requests are signed with. */
  accessKeyId: string;
  /** The environment variable holding that key's AccessKeySecret (its name, never its value). */
  secretEnv: string;
  /** How long one forwarded exchange may take, connection to the answer's last byte (real ms). */
  timeoutMs: number;
  /** Where each exchange is appended as one NDJSON line, when recording. */
  record?: string;
}

/**
 * Where a manual clock starts unless told: Monday 2026-01-05 09:00 in Asia/Shanghai, inside the
 * demo tenant's working hours, and the same on every run so that outputs repeat byte for byte.
 */
export const MANUAL_CLOCK_START: number = Date.parse("2026-01-05T01:00:00Z");

/** What `ccemu start` runs with when no flag says otherwise. */
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

/** A flag or config-file value ccemu cannot run with; its message names it and says why. */
export class ConfigError extends Error {
  /** A refusal whose message says what is wrong and how to fix it. */
  constructor(
    message: string,
    /** The value is a config file's (status 1), not the command line's (status 2). */
    readonly inFile = false,
  ) {
    super(message);
  }
}

/** `ccemu start --help`: every flag, its meaning and its default. */
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
                        CI service's name; cross-site Origins are still refused. Also from
                        $CCEMU_ALLOW_HOST (names separated by commas or spaces), for a
                        container whose command cannot be changed (a GitHub Actions service)
  --instance-ports A-B  ports for instances (POST /_emulator/instances), taken in turn, e.g.
                        8687-8702: in a container, the ones published beside 8686   [any free]
  --journal-size N      journal entries kept                          [5000]
  --journal-mb N        journal kept, MiB of entries (UTF-8); the oldest go first [32]
  --max-body-mb N       largest request body accepted, MiB            [32]
  --max-clock-skew S    seconds a Timestamp may be ahead of ccemu's clock   [900]
  --push-deadline S     longest a push to an agent may take, in seconds     [300]
  --push-max-mb N       largest agent reply read, MiB                        [16]
  --upstream URL        recording proxy: forward each signed request, once ccemu's own checks
                        pass, to this service (https://host[:port]), re-signed with the key below
  --upstream-key ID     the upstream AccessKeyId forwarded requests are signed with
  --upstream-secret-env VAR
                        the environment variable holding that key's AccessKeySecret (the secret
                        is never a flag: ps shows flags)
  --upstream-timeout S  seconds one forwarded exchange may take               [30]
  --allow-http-upstream accept an http:// upstream (a second ccemu on loopback, in tests)
  --record FILE         append each proxied exchange to FILE, one JSON object per line
  --strict              vendor-terse error messages, no diagnostics
  --until-stdin-closes  stop when standard input closes (for a parent process that keeps it
                        open: ccemu ends with it, even when it is killed)
  --no-ui               do not serve the browser UI
  --config FILE         flags, keys, fault rules and callback URLs from FILE (JSON with comments,
                        docs/config.md); flags given here win    [./ccemu.json when present]
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

/**
 * The flags of `ccemu start`, as parseArgs reads them, each with the JSON type it takes as a key
 * of the config file (`json`; config-keys.ts names the key in camelCase). parseArgs ignores
 * `json`; ranges are checked below, for a flag and a file key alike.
 */
export const OPTIONS = {
  port: { type: "string", json: jsonInteger() },
  host: { type: "string", json: jsonText() },
  fixtures: { type: "string", json: jsonText() },
  scenarios: { type: "string", json: jsonText() },
  clock: { type: "string", json: z.enum(["real", "manual"]) },
  "clock-start": { type: "string", json: z.union([z.string(), jsonInteger()]) },
  seed: { type: "string", json: jsonInteger() },
  snapshot: { type: "string", json: jsonText() },
  "sign-host": { type: "string", multiple: true, json: z.array(jsonText()) },
  "allow-host": { type: "string", multiple: true, json: z.array(jsonText()) },
  "instance-ports": {
    type: "string",
    json: z.string().regex(/^\d+-\d+$/, "a range of ports FROM-TO, like 8687-8702"),
  },
  "journal-size": { type: "string", json: jsonInteger() },
  "journal-mb": { type: "string", json: jsonInteger() },
  "max-body-mb": { type: "string", json: jsonInteger() },
  "max-clock-skew": { type: "string", json: jsonInteger() },
  "push-deadline": { type: "string", json: jsonInteger() },
  "push-max-mb": { type: "string", json: jsonInteger() },
  upstream: { type: "string", json: jsonText() },
  "upstream-key": { type: "string", json: jsonText() },
  "upstream-secret-env": { type: "string", json: jsonText() },
  "upstream-timeout": { type: "string", json: jsonInteger() },
  "allow-http-upstream": { type: "boolean", json: z.boolean() },
  record: { type: "string", json: jsonText() },
  strict: { type: "boolean", json: z.boolean() },
  "until-stdin-closes": { type: "boolean", json: z.boolean() },
  "no-ui": { type: "boolean", json: z.boolean() },
  /** A config file (config-file/read.ts); without it, `ccemu.json` in the working folder. */
  config: { type: "string" },
  help: { type: "boolean", short: "h" },
} as const;

/** A start flag's name, as parseArgs knows it (`journal-size`), `--help` and `--config` aside. */
export type FlagName = Exclude<keyof typeof OPTIONS, "help" | "config">;

/** Flags as parseArgs answers them: text, true, or the texts of a repeatable flag. */
export type FlagValues = { [name in FlagName]?: string | boolean | string[] };

/**
 * Flags read from a config file (config-file/read.ts): under those of the command line, which win
 * flag by flag. `name` is the file's, for messages: a bad value is named by its key in the file.
 */
export interface FileFlags {
  /** The file's name, as messages give it. */
  name: string;
  /** Its flags, by flag name. */
  values: FlagValues;
}

/** `journal-size` -> `journalSize`: a flag's key in the config file. */
export const fileKey = (flag: string): string =>
  flag.replace(/-([a-z])/g, (_, letter: string) => letter.toUpperCase());

/** parseArgs names an unknown flag but not the one meant: its message gains it when one is close. */
function withFlagHint(message: string): string {
  const flag = /^Unknown option '(--[^']+)'/.exec(message)?.[1];
  if (flag && /^--upstream-secret(=|$)/.test(flag)) {
    return `${message}: the upstream secret is never given as a flag (ps shows flags); put it in an environment variable and name that with --upstream-secret-env VAR`;
  }
  const hint = flag ? didYouMean(flag, Object.keys(OPTIONS).map((name) => `--${name}`)) : "";
  return hint ? `${message}: ${hint}` : message;
}

/**
 * `CCEMU_ALLOW_HOST`: more `--allow-host` names. A GitHub Actions service container takes an
 * environment but no command, so an image's users name its host name here.
 */
export const ALLOW_HOST_ENV = "CCEMU_ALLOW_HOST";

/** The names of `CCEMU_ALLOW_HOST`, separated by commas or white space. */
function allowHostsFromEnv(env: Readonly<Record<string, string | undefined>>): string[] {
  const names = (env[ALLOW_HOST_ENV] ?? "").split(/[\s,]+/).filter((name) => name !== "");
  for (const name of names) {
    if (!/^[A-Za-z0-9.-]+$|^\[[0-9A-Fa-f:.]+\]$/.test(name)) {
      throw new ConfigError(
        `${ALLOW_HOST_ENV} holds host names separated by commas or spaces (like "ccemu,ccemu.ci"), got "${name}"`,
      );
    }
  }
  return names;
}

/**
 * Parses argv (and `CCEMU_ALLOW_HOST` from `env`); throws ConfigError with the usage on a bad flag,
 * returns "help" for --help.
 */
export function parseConfig(
  args: string[],
  env: Readonly<Record<string, string | undefined>> = {},
  file?: FileFlags,
): Config | "help" {
  let given;
  try {
    // `deno task start -- --port 0` hands the "--" on; flags after it are still flags.
    ({ values: given } = parseStart(args[0] === "--" ? args.slice(1) : args));
  } catch (error) {
    throw new ConfigError(withFlagHint((error as Error).message));
  }
  if (given.help) return "help";
  // The command line wins flag by flag; a repeatable flag given there replaces the file's list.
  const values = { ...file?.values, ...given } as typeof given;
  try {
    return configOf(values, env);
  } catch (error) {
    if (!(error instanceof ConfigError) || !file) throw error;
    // A value from the file is named as the file names it, not as a flag nobody typed.
    let inFile = false;
    const message = error.message.replace(/--([a-z-]+)/g, (flag, name: string) => {
      if (!(name in file.values) || name in given) return flag;
      inFile = true;
      return `"${fileKey(name)}" in ${file.name}`;
    });
    throw new ConfigError(message, inFile);
  }
}

/**
 * What the command line says before any file is read: "help", or the `--config` it names (if
 * any). A bad flag throws ConfigError, as parseConfig would.
 */
export function commandLineConfigFile(args: string[]): { help: true } | { config?: string } {
  try {
    const { values } = parseStart(args[0] === "--" ? args.slice(1) : args);
    return values.help ? { help: true } : { config: values.config };
  } catch (error) {
    throw new ConfigError(withFlagHint((error as Error).message));
  }
}

/** Flags as parseArgs answers them for OPTIONS. */
type ParsedFlags = ReturnType<typeof parseStart>["values"];
const parseStart = (args: string[]) => parseArgs({ args, strict: true, options: OPTIONS });

/** The Config that parsed flags (and the environment) say. */
function configOf(
  values: ParsedFlags,
  env: Readonly<Record<string, string | undefined>>,
): Config {
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
    allowHosts: [...(values["allow-host"] ?? []), ...allowHostsFromEnv(env)],
    instancePorts: portRange(values["instance-ports"]),
    untilStdinCloses: values["until-stdin-closes"] ?? false,
    journalSize: integer("journal-size", values["journal-size"], 1, 1_000_000) ?? d.journalSize,
    journalBytes: (integer("journal-mb", values["journal-mb"], 1, 4096) ?? 32) * 1024 * 1024,
    maxBodyBytes: (integer("max-body-mb", values["max-body-mb"], 1, 1024) ?? 32) * 1024 * 1024,
    maxClockSkewSeconds: integer("max-clock-skew", values["max-clock-skew"], 0, 10 * 365 * 86400) ??
      d.maxClockSkewSeconds,
    pushDeadlineMs: (integer("push-deadline", values["push-deadline"], 1, 86400) ?? 300) * 1000,
    pushMaxBytes: (integer("push-max-mb", values["push-max-mb"], 1, 1024) ?? 16) * 1024 * 1024,
    upstream: upstreamFlags(values),
  };
}

/** `--instance-ports A-B`: a range of ports, A <= B, neither 0. */
function portRange(text: string | undefined): { from: number; to: number } | undefined {
  if (text === undefined) return undefined;
  const match = /^(\d+)-(\d+)$/.exec(text);
  const [from, to] = match ? [Number(match[1]), Number(match[2])] : [NaN, NaN];
  if (!(from >= 1 && to <= 65535 && from <= to)) {
    throw new ConfigError(
      `--instance-ports takes a range of ports FROM-TO (like 8687-8702, from 1 to 65535), got "${text}"`,
    );
  }
  return { from, to };
}

/** The upstream flags' values as parseArgs reads them. */
interface UpstreamValues {
  upstream?: string;
  "upstream-key"?: string;
  "upstream-secret-env"?: string;
  "upstream-timeout"?: string;
  "allow-http-upstream"?: boolean;
  record?: string;
}

/** `--upstream` and its companions: all or none, an origin only, https unless allowed. */
function upstreamFlags(values: UpstreamValues): UpstreamFlags | undefined {
  const url = values.upstream;
  if (url === undefined) {
    const stray = (["upstream-key", "upstream-secret-env", "upstream-timeout", "record"] as const)
      .find((name) => values[name] !== undefined) ??
      (values["allow-http-upstream"] ? "allow-http-upstream" : undefined);
    if (stray) throw new ConfigError(`--${stray} needs --upstream URL (the recording proxy)`);
    return undefined;
  }
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw new ConfigError(`--upstream must be a URL like https://api.example.com, got "${url}"`);
  }
  if (parsed.protocol !== "https:" && parsed.protocol !== "http:") {
    throw new ConfigError(`--upstream must be an https:// URL, got "${url}"`);
  }
  if (parsed.protocol === "http:" && !values["allow-http-upstream"]) {
    throw new ConfigError(
      `--upstream ${url} is plain http: the upstream key's signatures and your tenant's data would cross the network unencrypted. Use https://, or add --allow-http-upstream for a loopback stand-in in tests`,
    );
  }
  if (parsed.username || parsed.password) {
    // Not echoed: it holds a password.
    throw new ConfigError("--upstream must not carry a user name or password");
  }
  if (parsed.pathname !== "/" || parsed.search || parsed.hash) {
    throw new ConfigError(
      `--upstream is the service's origin only (https://host[:port]): requests keep their own paths; got "${url}"`,
    );
  }
  const accessKeyId = values["upstream-key"];
  if (!accessKeyId) {
    throw new ConfigError(
      "--upstream needs --upstream-key ID: the upstream AccessKeyId to sign with",
    );
  }
  const secretEnv = values["upstream-secret-env"];
  if (!secretEnv) {
    throw new ConfigError(
      "--upstream needs --upstream-secret-env VAR: the environment variable holding the upstream AccessKeySecret",
    );
  }
  if (!/^[A-Za-z_][A-Za-z0-9_]*$/.test(secretEnv)) {
    throw new ConfigError(
      `--upstream-secret-env takes the NAME of an environment variable (letters, digits, _), got something else`,
    );
  }
  return {
    url: parsed.origin,
    accessKeyId,
    secretEnv,
    timeoutMs: (integer("upstream-timeout", values["upstream-timeout"], 1, 3600) ?? 30) * 1000,
    record: values.record,
  };
}

export { USAGE };
