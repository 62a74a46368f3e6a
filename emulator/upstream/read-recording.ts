/**
 * Reading a `--record` FILE back (record.ts writes it): NDJSON, a header line per session, then an
 * exchange per line. Every line is checked, so a command that replays or converts a recording
 * meets a wrong file here, with its line number, and never half-way through its work.
 */
import { z } from "npm:zod@4.6.7";
import { parseJson } from "../core/json.ts";
import type { RecordedExchange, RecordingHeader } from "./record.ts";

/** A file that is not a recording, or a line of one that does not read: names the file and line. */
export class RecordingError extends Error {
  constructor(readonly file: string, readonly line: number | undefined, detail: string) {
    super(`${file}${line === undefined ? "" : ` line ${line}`}: ${detail}`);
  }
}

/** One exchange with the line it was read from (1-based), to name it in a report. */
export interface RecordingLine {
  line: number;
  exchange: RecordedExchange;
}

export interface Recording {
  file: string;
  /** Each session's header line, in file order. */
  sessions: RecordingHeader[];
  /** Every exchange, in file order (the order they were recorded in). */
  exchanges: RecordingLine[];
}

const HeaderSchema = z.object({
  ccemu: z.literal("recording"),
  version: z.literal(1),
  upstream: z.string(),
  started: z.string(),
});

// Not strict: a later ccemu may add fields, and an older reader should still replay what it knows.
const ExchangeSchema = z.object({
  upstream: z.string(),
  operation: z.string().regex(/^[A-Z]+ \/\S*$/, "expected METHOD /path"),
  time: z.string().refine((t) => Number.isFinite(Date.parse(t)), "expected an ISO time"),
  request: z.object({
    method: z.string().min(1),
    path: z.string().startsWith("/"),
    query: z.record(z.string(), z.union([z.string(), z.array(z.string())])),
    body: z.string().nullable(),
  }),
  response: z.object({
    status: z.number().int().min(100).max(599),
    contentType: z.string().nullable(),
    body: z.string(),
  }).nullable(),
  error: z.string().optional(),
  latencyMs: z.number(),
});

function issueText(error: z.ZodError): string {
  const issue = error.issues[0];
  const path = issue.path.map((k) => (typeof k === "number" ? `[${k}]` : `.${String(k)}`));
  return `$${path.join("")}: ${issue.message}`;
}

/** Reads one line: a header, an exchange, or a RecordingError naming the line. */
function readLine(file: string, line: number, text: string): RecordingHeader | RecordedExchange {
  let json: unknown;
  try {
    json = parseJson(text);
  } catch (error) {
    throw new RecordingError(file, line, `not JSON (${(error as Error).message})`);
  }
  const isHeader = typeof json === "object" && json !== null && "ccemu" in json;
  const result = (isHeader ? HeaderSchema : ExchangeSchema).safeParse(json);
  if (!result.success) {
    const what = isHeader ? "a header line" : "an exchange line";
    throw new RecordingError(file, line, `not ${what} of a recording: ${issueText(result.error)}`);
  }
  return result.data as RecordingHeader | RecordedExchange;
}

/**
 * Parses a recording's text; `file` names it in errors. Blank lines are passed over, and header
 * lines are not required: a recording cut down with `grep` (one operation's lines) still reads.
 */
export function parseRecording(file: string, text: string): Recording {
  const recording: Recording = { file, sessions: [], exchanges: [] };
  const lines = text.split("\n");
  for (let i = 0; i < lines.length; i++) {
    if (lines[i].trim() === "") continue;
    const read = readLine(file, i + 1, lines[i]);
    if ("ccemu" in read) recording.sessions.push(read);
    else recording.exchanges.push({ line: i + 1, exchange: read });
  }
  return recording;
}

/** Reads and checks a `--record` FILE. */
export async function readRecording(file: string): Promise<Recording> {
  let text: string;
  try {
    text = await Deno.readTextFile(file);
  } catch (error) {
    throw new RecordingError(file, undefined, `cannot read it: ${(error as Error).message}`);
  }
  return parseRecording(file, text);
}
