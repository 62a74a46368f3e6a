/**
 * `--record FILE`: every proxied exchange appended to FILE as one line of JSON (NDJSON). Each line
 * goes out in one append write of the whole line, newline included, on a file opened for
 * appending: a process killed at any moment leaves every line it wrote whole, and lines written
 * at once by two requests never interleave. The write is awaited before the client's answer.
 *
 * Each start appends a header line first: `{"ccemu":"recording","version":1,"upstream":HOST,
 * "started":ISO}`. An existing file is never truncated: a second session follows the first.
 */

/** The header line every session starts with. */
export interface RecordingHeader {
  ccemu: "recording";
  version: 1;
  /** The upstream's `host[:port]`. */
  upstream: string;
  /** When the session started (wall clock, ISO). */
  started: string;
}

/** One exchange as the recording keeps it. */
export interface RecordedExchange {
  /** The upstream's `host[:port]`. */
  upstream: string;
  /** `METHOD /path`, e.g. `POST /gateway/robot_list`. */
  operation: string;
  /** When it was forwarded (wall clock, ISO): the time it was signed with. */
  time: string;
  /** The request as forwarded, without the signing parameters. */
  request: {
    method: string;
    path: string;
    /** The business query parameters; a name given more than once has a list. */
    query: Record<string, string | string[]>;
    /** The body's text, or null for none. */
    body: string | null;
  };
  /** The upstream's answer, or null when none came (`error` says why). */
  response: { status: number; contentType: string | null; body: string } | null;
  /** Why no answer came (the UpstreamUnavailable message). */
  error?: string;
  /** Real milliseconds from sending to the answer's last byte (or the failure). */
  latencyMs: number;
}

const UTF8 = new TextEncoder();

/** Writes all of `bytes`: one write for a regular file; a short write (a full disk) goes on. */
async function writeAll(file: Deno.FsFile, bytes: Uint8Array): Promise<void> {
  for (let written = 0; written < bytes.length;) {
    written += await file.write(bytes.subarray(written));
  }
}

export class Recorder {
  private constructor(readonly path: string) {}

  /**
   * Opens FILE for appending (creating it) and writes the session's header line, at start-up: a
   * file ccemu cannot write stops it there, not at the first exchange.
   */
  static open(path: string, header: RecordingHeader): Recorder {
    let file: Deno.FsFile | undefined;
    try {
      file = Deno.openSync(path, { append: true, create: true });
      const bytes = UTF8.encode(JSON.stringify(header) + "\n");
      for (let written = 0; written < bytes.length;) {
        written += file.writeSync(bytes.subarray(written));
      }
    } catch (error) {
      throw new Error(`--record ${path}: cannot append to it: ${(error as Error).message}`);
    } finally {
      file?.close();
    }
    return new Recorder(path);
  }

  /** Appends one exchange as one line; resolves once the write is done. */
  async append(line: RecordedExchange): Promise<void> {
    const bytes = UTF8.encode(JSON.stringify(line) + "\n");
    using file = await Deno.open(this.path, { append: true, create: true });
    await writeAll(file, bytes);
  }
}
