/**
 * A project that is not ccemu, testing its code against ccemu: the harness comes by its package
 * name (`@ccemu/ccemu`), resolved to this checkout by `links` in deno.json, with none of ccemu's
 * dependencies copied here. Run it with `deno test -A` in this folder.
 */
import { startEmulator } from "@ccemu/ccemu";

/** The code under test: a client of the vendor's outbound API, as an integrator would write. */
async function onlineScripts(baseUrl: string, sign: (path: string) => string): Promise<string[]> {
  const res = await fetch(sign(`${baseUrl}/gateway/robot_list`), {
    method: "POST",
    headers: { "content-type": "application/json; charset=UTF-8" },
    body: JSON.stringify({ robotStatus: 1 }),
  });
  const body = await res.json();
  if (!res.ok) throw new Error(`${body.error.code}: ${body.error.message}`);
  return body.result.list.map((script: { robotName: string }) => script.robotName);
}

Deno.test("my client lists the online scripts", async () => {
  await using ccemu = await startEmulator();
  const client = ccemu.client();
  const names = await onlineScripts(
    ccemu.url,
    (url) => client.signedUrl("POST", new URL(url).pathname),
  );
  if (names.length !== 2) {
    throw new Error(`expected the demo tenant's 2 online scripts, got ${names}`);
  }
  const entry = ccemu.journal.list().at(-1)!;
  if (entry.auth?.outcome !== "accepted") throw new Error("the signature was refused");
});
