/**
 * The package's public values are shown by example, and the examples run: every function, class
 * and constant harness/mod.ts exports carries an `@example`, and `deno test --doc` over the files
 * that define them passes (each example starts what it needs, a ccemu, the sample agent).
 */
import { deepEqual, equal } from "node:assert/strict";

const ROOT = new URL("../../", import.meta.url).pathname;
const decode = (bytes: Uint8Array) => new TextDecoder().decode(bytes);

interface Declaration {
  kind: string;
  location?: { filename: string };
  jsDoc?: { tags?: { kind: string }[] };
}

/** The exports of harness/mod.ts that are values, each with its declarations. */
async function publicValues(): Promise<{ name: string; declaration: Declaration }[]> {
  const { code, stdout, stderr } = await new Deno.Command(Deno.execPath(), {
    args: ["doc", "--json", "harness/mod.ts"],
    cwd: ROOT,
    stdout: "piped",
    stderr: "piped",
  }).output();
  equal(code, 0, decode(stderr));
  const doc = JSON.parse(decode(stdout));
  const symbols: { name: string; declarations: Declaration[] }[] =
    doc.nodes[`file://${ROOT}harness/mod.ts`].symbols;
  return symbols.flatMap(({ name, declarations }) =>
    declarations
      .filter((d) => d.kind === "function" || d.kind === "class" || d.kind === "variable")
      .map((declaration) => ({ name, declaration }))
  );
}

Deno.test("every value harness/mod.ts exports has an @example", async () => {
  const missing = (await publicValues())
    .filter(({ declaration }) => !declaration.jsDoc?.tags?.some((t) => t.kind === "example"))
    .map(({ name }) => name);
  deepEqual(missing, []);
});

Deno.test("the examples of the package's public values run (deno test --doc)", async () => {
  const files = [
    ...new Set(
      (await publicValues()).map(({ declaration }) =>
        declaration.location!.filename.replace(`file://${ROOT}`, "")
      ),
    ),
  ];
  const { code, stdout, stderr } = await new Deno.Command(Deno.execPath(), {
    args: ["test", "--doc", "-A", "--sanitize-ops", "--sanitize-resources", ...files],
    cwd: ROOT,
    env: { NO_COLOR: "1" },
    stdout: "piped",
    stderr: "piped",
  }).output();
  const out = decode(stdout) + decode(stderr);
  equal(code, 0, `deno test --doc ${files.join(" ")}:\n${out.slice(-4000)}`);
});
