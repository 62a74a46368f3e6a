/**
 * `kill` on the pid a script got from `npx … task start &` stops ccemu: npx and `deno task` pass
 * no signal on, so ccemu watches the launchers it was started through (cli/launchers.ts).
 */
import assert from "node:assert/strict";
import { readLines } from "../process.ts";

const ROOT = new URL("../../", import.meta.url).pathname;

Deno.test("ccemu stops when the npx that started it is killed", async () => {
  // The README's command, as a script runs it in the background; its own process group, so that
  // the test can clean up everything it started whatever happens.
  const child = new Deno.Command("npx", {
    args: ["--yes", `deno@${Deno.version.deno}`, "task", "start", "--port", "0", "--no-ui"],
    cwd: ROOT,
    env: { NO_COLOR: "1" },
    stdout: "piped",
    stderr: "null",
    detached: true,
  }).spawn();
  const reader = child.stdout.pipeThrough(new TextDecoderStream()).getReader();
  try {
    const lines: string[] = [];
    await readLines(reader, lines, (l) => l.some((line) => line.startsWith("ccemu listening")));
    const url = /ccemu listening on (http:\/\/\S+)/.exec(lines.join("\n"))?.[1];
    assert.ok(url, lines.join("\n"));
    // At once, as a script that waits for the first line does: ccemu read its launchers before.
    Deno.kill(child.pid, "SIGTERM"); // npx alone, as `kill $!` does
    // A deadline, not a hang: a ccemu that missed its launcher's end would serve on forever.
    let timer: ReturnType<typeof setTimeout> | undefined;
    const late = new Promise<never>((_, reject) => {
      timer = setTimeout(
        () => reject(new Error("ccemu still serves 20 s after its npx ended")),
        20_000,
      );
    });
    try {
      await Promise.race([readLines(reader, lines, (l) => l.includes("ccemu stopped")), late]);
    } finally {
      clearTimeout(timer);
    }
    await assert.rejects(fetch(`${url}/_emulator/health`), TypeError, "nothing answers any more");
  } finally {
    try {
      Deno.kill(-child.pid, "SIGKILL");
    } catch { /* the group is gone already */ }
    await child.status;
    await reader.cancel();
  }
});

Deno.test("--until-stdin-closes: ccemu stops when the parent's pipe to it closes", async () => {
  const child = new Deno.Command(Deno.execPath(), {
    args: [
      "run",
      "-A",
      `${ROOT}main.ts`,
      "start",
      "--port",
      "0",
      "--no-ui",
      "--until-stdin-closes",
    ],
    stdin: "piped",
    stdout: "piped",
    stderr: "null",
  }).spawn();
  const reader = child.stdout.pipeThrough(new TextDecoderStream()).getReader();
  try {
    const lines: string[] = [];
    await readLines(reader, lines, (l) => l.some((line) => line.startsWith("clock: ")));
    await child.stdin.close(); // what a parent's death does to the pipe
    await readLines(reader, lines, (l) => l.includes("ccemu stopped"));
    assert.equal((await child.status).code, 0);
  } finally {
    await reader.cancel();
  }
});
