/**
 * Every value derived from a secret (a request signature, a storage URL's or an upload policy's
 * signature) is compared with the one constant-time helper, `signaturesEqual`, so that how long a
 * refusal takes tells nothing of how much of a guess was right. A `!==` or `===` between such
 * values anywhere in emulator/ fails this test; `Signature` as a parameter's name is not a value.
 */
import assert from "node:assert/strict";
import { signaturesEqual } from "../../emulator/signed-api/signature.ts";

const EMULATOR = new URL("../../emulator/", import.meta.url);

async function* sources(dir: URL): AsyncGenerator<URL> {
  for await (const entry of Deno.readDir(dir)) {
    if (entry.isDirectory) yield* sources(new URL(`${entry.name}/`, dir));
    else if (entry.name.endsWith(".ts")) yield new URL(entry.name, dir);
  }
}

Deno.test("signaturesEqual compares whole values only", () => {
  assert.ok(signaturesEqual("abc=", "abc="));
  assert.ok(!signaturesEqual("abc=", "abd="));
  assert.ok(!signaturesEqual("abc=", "abc"));
  assert.ok(!signaturesEqual("", "a"));
});

Deno.test("no signature is compared with === or !== in emulator/", async () => {
  const found: string[] = [];
  for await (const file of sources(EMULATOR)) {
    const lines = (await Deno.readTextFile(file)).split("\n");
    lines.forEach((line, i) => {
      if (!/ignature.{0,60}[!=]==|[!=]==.{0,60}ignature/.test(line)) return;
      if (/signaturesEqual|[!=]== "Signature"/.test(line)) return;
      found.push(`${file.pathname.slice(EMULATOR.pathname.length)}:${i + 1}: ${line.trim()}`);
    });
  }
  assert.deepEqual(found, []);
});
