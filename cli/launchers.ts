/**
 * The launchers ccemu was started through (`npx`, `npm exec`, `deno task`, the npm package's
 * `ccemu.mjs`, a `sh -c` between them) do not all pass signals on: `kill` on the pid a script got
 * from `npx … task start &` ends npx and leaves ccemu serving, its port taken. So `ccemu start`
 * watches those launchers and stops as if signalled once one of them is gone. The chain is read
 * once with `ps` (Deno reads /proc only with every permission); without `ps`, or without
 * permission to run it, nothing is watched.
 */
import process from "node:process";

/** A process that only starts another: its end means whoever started ccemu asked it to stop. */
const LAUNCHER =
  /(^|\/)(npx|npm|node|deno|sh|bash|dash)\b.*\b(npx|npm exec|npm-cli\.js|task|ccemu\.mjs|deno)\b/;

/** How often the launchers are looked at: a signal 0 to each, no process started. */
const EVERY_MS = 500;

/** Every process's parent and command line, by pid, as `ps` lists them. */
async function processes(): Promise<Map<number, { parent: number; command: string }>> {
  const { stdout } = await new Deno.Command("ps", {
    args: ["-e", "-o", "pid=,ppid=,args="],
    stdout: "piped",
    stderr: "null",
  }).output();
  const table = new Map<number, { parent: number; command: string }>();
  for (const line of new TextDecoder().decode(stdout).split("\n")) {
    const match = /^\s*(\d+)\s+(\d+)\s+(.*)$/.exec(line);
    if (match) table.set(Number(match[1]), { parent: Number(match[2]), command: match[3] });
  }
  return table;
}

/** The chain of launcher processes above this one, nearest first (empty when it cannot tell). */
export async function launchers(): Promise<number[]> {
  let table;
  try {
    table = await processes();
  } catch {
    return [];
  }
  const chain: number[] = [];
  for (let pid = table.get(Deno.pid)?.parent; pid && pid > 1; pid = table.get(pid)?.parent) {
    if (!LAUNCHER.test(table.get(pid)?.command ?? "")) break;
    chain.push(pid);
  }
  return chain;
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/**
 * Calls `gone` once, when a launcher of `chain` has ended. Only the launchers count: a script
 * that started ccemu in the background and exited (a CI step that leaves it for the next) does
 * not stop it. Answers a function that stops watching.
 */
export function whenLauncherEnds(chain: number[], gone: () => void): () => void {
  if (!chain.length) return () => {};
  const timer = setInterval(() => {
    if (!chain.every(alive)) {
      clearInterval(timer);
      gone();
    }
  }, EVERY_MS);
  Deno.unrefTimer(timer);
  return () => clearInterval(timer);
}
