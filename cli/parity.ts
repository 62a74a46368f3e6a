/**
 * `ccemu parity FILE [options]`: replays a recording (`ccemu start --upstream … --record FILE`)
 * against a running ccemu and says, per recorded exchange, whether ccemu answers as the real
 * service did. The work is in emulator/parity/; this file reads the command line and prints.
 */
import { writeFileAtomically } from "../emulator/core/atomic-file.ts";
import { parityJunit } from "../emulator/parity/junit.ts";
import { failed, resultLines, summaryLines } from "../emulator/parity/report.ts";
import { pushDefaultTransformers } from "../emulator/parity/push-transformers.ts";
import type { ReportedResult } from "../emulator/parity/report.ts";
import { runParity } from "../emulator/parity/run.ts";
import {
  parseTranscript,
  readTapRecording,
  type TapRecordingForParity,
} from "../emulator/parity/tap-recording.ts";
import { runTapParity } from "../emulator/parity/tap-run.ts";
import {
  defaultTransformers,
  readTransformers,
  TransformerError,
} from "../emulator/parity/transformers.ts";
import {
  parseRecording,
  type Recording,
  RecordingError,
} from "../emulator/upstream/read-recording.ts";
import { DEMO_KEY } from "../harness/client.ts";
import { type Command, EXIT, parseFlags, UsageError } from "./command.ts";

const USAGE = `usage: ccemu parity FILE [options]

Replays every request of a recording (ccemu start --upstream ... --record FILE) against a running
ccemu, signed at its recorded time on ccemu's virtual clock, and compares each answer with the
recorded one: status and error code, then shape (members, types), then values (through the
transformers). Prints a line per exchange (same, shape differs, values differ, status differs, or
skipped), the differences under it with their JSON paths, and the counts.

  --url URL             the running ccemu                    [http://127.0.0.1:8686]
  --key ID              the AccessKeyId to sign with         [${DEMO_KEY.accessKeyId}]
  --secret S            its secret (an emulator key's)       [the demo key's]
  --writes              replay writes too, on a fresh state: ccemu is reset first
                        (without it, writes are listed as "skipped (write)")
  --transformers FILE   JSON rules for what is volatile, run after the defaults (requestId,
                        members named *Time/*Date that hold a time, signed links' query):
                        [{"path": "$.result.list[*].createTime", "replace": "<time>"},
                         {"key": "callJobId", "replace": "<id>"},
                         {"key": "/At$/", "when": "time", "replace": "<time>"},
                         {"regex": "^https?://[^/]+", "replace": "<origin>"},
                         {"path": "$.result.extra", "ignore": true}]
                        {"defaults": false, "transformers": [...]} drops the defaults
  --junit FILE          also write a JUnit XML report (shape and status differences fail)
  --help, -h            this text

FILE may also be a tap recording (ccemu tap --record FILE, a transcript): then the real gateway's
pushes are compared with the pushes ccemu's gateway makes for the same visitor messages (a
capture agent answers each with the recorded reply), push by push: request line, content-type,
accept, Authorization scheme, then the body's shape and values. Ids ccemu makes up (robotId,
botId, uniqueId, userId, conversation ids, image URLs) are transformed by default; --key,
--secret and --writes do not apply.

A ccemu on the real clock is switched to manual for the run, then back.
Exit status: 0 no shape or status difference, 1 one (or ccemu could not be asked), 2 bad arguments
or an unreadable FILE.`;

/** FILE: a tap recording (one transcript JSON) or an NDJSON recording, told by its shape. */
async function readFile(file: string): Promise<Recording | TapRecordingForParity> {
  let text: string;
  try {
    text = await Deno.readTextFile(file);
  } catch (error) {
    throw new RecordingError(file, undefined, `cannot read it: ${(error as Error).message}`);
  }
  const transcript = parseTranscript(text);
  if (transcript !== undefined) return readTapRecording(file, transcript);
  const recording = parseRecording(file, text);
  if (recording.exchanges.length === 0) throw new UsageError(`${file} holds no recorded exchange`);
  return recording;
}

/** The command line, checked: the recording, where to replay it, and how to compare. */
async function options(args: string[]) {
  const parsed = parseFlags(
    args,
    {
      url: { type: "string" },
      key: { type: "string" },
      secret: { type: "string" },
      writes: { type: "boolean" },
      transformers: { type: "string" },
      junit: { type: "string" },
    },
    USAGE,
    true,
  );
  if (!parsed) return undefined;
  const { values, positionals } = parsed;
  if (positionals.length !== 1) throw new UsageError("name one recording FILE");
  const url = values.url ?? "http://127.0.0.1:8686";
  if (!URL.canParse(url)) throw new UsageError(`--url "${url}" is not a URL`);
  if ((values.key === undefined) !== (values.secret === undefined)) {
    throw new UsageError("--key and --secret go together");
  }
  try {
    const recording = await readFile(positionals[0]);
    const defaults = "pushes" in recording ? pushDefaultTransformers() : defaultTransformers();
    const transformers = values.transformers
      ? await readTransformers(values.transformers, defaults)
      : defaults;
    const key = values.key
      ? { accessKeyId: values.key, accessKeySecret: values.secret! }
      : { accessKeyId: DEMO_KEY.accessKeyId, accessKeySecret: DEMO_KEY.accessKeySecret };
    return {
      recording,
      transformers,
      key,
      url,
      writes: values.writes ?? false,
      junit: values.junit,
    };
  } catch (error) {
    if (error instanceof RecordingError || error instanceof TransformerError) {
      throw new UsageError(error.message);
    }
    throw error;
  }
}

async function parity(args: string[]): Promise<number> {
  const flags = await options(args);
  if (!flags) return EXIT.ok;
  const onResult = (result: ReportedResult) => console.log(resultLines(result).join("\n"));
  const { recording } = flags;
  const results = "pushes" in recording
    ? await runTapParity(recording, { url: flags.url, transformers: flags.transformers, onResult })
    : await runParity(recording.exchanges, {
      url: flags.url,
      key: flags.key,
      writes: flags.writes,
      transformers: flags.transformers,
      onNote: (note) => console.error(`ccemu parity: note: ${note}`),
      onResult,
    });
  for (const line of summaryLines(results)) console.log(line);
  if (flags.junit) {
    await writeFileAtomically(flags.junit, parityJunit(flags.recording.file, results));
  }
  return results.some(failed) ? EXIT.failed : EXIT.ok;
}

export const parityCommand: Command = {
  name: "parity",
  usage: USAGE,
  run: parity,
};
