// A project that is not Deno driving ccemu: start it on a free port, read the address from its
// first line, use the control API, stop it. Run: `node drive.mjs` (with the npm package
// installed: `npm install ccemu`), or point CCEMU_COMMAND at another way to start it.
import { spawn } from "node:child_process";
import { createInterface } from "node:readline";

const command = (process.env.CCEMU_COMMAND ?? "npx ccemu").split(" ");
const ccemu = spawn(
  command[0],
  [...command.slice(1), "start", "--port", "0", "--clock", "manual"],
  {
    stdio: ["ignore", "pipe", "inherit"],
    detached: true, // its own process group, so that stopping it stops everything it started
  },
);
const stop = () => process.kill(-ccemu.pid, "SIGTERM");

const firstLine = await new Promise((resolve, reject) => {
  const lines = createInterface({ input: ccemu.stdout });
  lines.once("line", resolve);
  ccemu.once("exit", (code) => reject(new Error(`ccemu exited with ${code} before listening`)));
});
const url = /^ccemu listening on (\S+)$/.exec(firstLine)?.[1];
if (!url) throw new Error(`unexpected first line: ${firstLine}`);

async function control(method, path, body) {
  const res = await fetch(url + path, { method, body: body && JSON.stringify(body) });
  const json = await res.json();
  if (!res.ok) throw new Error(`${path}: ${json.error.code}: ${json.error.message}`);
  return json;
}

try {
  const health = await control("GET", "/_emulator/health");
  console.log(`ccemu ${health.version} at ${url}, clock ${health.clock.iso}`);
  const clock = await control("POST", "/_emulator/clock/advance", { ms: 3_600_000 });
  console.log(`an hour later: ${clock.iso}`);
  const { sessionId } = await control("POST", "/_emulator/gateway/sessions", {
    robotId: "sample-default",
  });
  const reply = await control("POST", `/_emulator/gateway/sessions/${sessionId}/messages`, {
    text: "退款多久到账",
  });
  console.log(`the sample agent answered ${reply.messages.length} message(s)`);
  const { entries } = await control("GET", "/_emulator/journal?area=gateway");
  console.log(`journal: ${entries.length} gateway entries`);
} finally {
  stop();
}
