/** Tests that run ccemu as a user does: `main.ts` in a child process, its stdout read by line. */

export const MAIN = new URL("../main.ts", import.meta.url).pathname;

export function ccemu(args: string[]) {
  return new Deno.Command(Deno.execPath(), {
    args: ["run", "--allow-net", "--allow-read", "--allow-write", "--allow-env", MAIN, ...args],
    stdout: "piped",
    stderr: "piped",
  });
}

/** Reads stdout lines until `predicate` holds. */
export async function readLines(
  reader: ReadableStreamDefaultReader<string>,
  lines: string[],
  predicate: (lines: string[]) => boolean,
) {
  let buffer = "";
  while (!predicate(lines)) {
    const { value, done } = await reader.read();
    if (done) throw new Error(`stdout ended: ${lines.join("\n")}`);
    buffer += value;
    const parts = buffer.split("\n");
    buffer = parts.pop()!;
    lines.push(...parts);
  }
}

/** A started ccemu: its address, its stdout lines so far, and a way to read more. */
export async function startProcess(args: string[]) {
  const child = ccemu(["--port", "0", ...args]).spawn();
  const reader = child.stdout.pipeThrough(new TextDecoderStream()).getReader();
  const lines: string[] = [];
  await readLines(reader, lines, (l) => l.some((line) => line.startsWith("clock: ")));
  const url = /^ccemu listening on (http:\/\/[^ ]+)$/.exec(lines[0])?.[1];
  if (!url) throw new Error(`no ready line: ${lines.join("\n")}`);
  return {
    child,
    url,
    lines,
    /** Waits for a line that matches. */
    until: (pattern: RegExp) => readLines(reader, lines, (l) => l.some((x) => pattern.test(x))),
    /** Stops it (if still running) and releases its pipes. */
    async [Symbol.asyncDispose]() {
      try {
        child.kill("SIGKILL");
      } catch { /* already gone */ }
      await child.status;
      await reader.cancel().catch(() => {});
      await child.stderr.cancel().catch(() => {});
    },
  };
}
