/**
 * A consumer's test of its own, which `permissions_test.ts` runs in a child `deno test` with fewer
 * permissions than the harness needs. Not named `*_test.ts`: it runs only that way. Its argument,
 * when given, is the fixture path to start with.
 */
import { startEmulator } from "../../harness/mod.ts";

Deno.test("a consumer starts ccemu and calls it", async () => {
  await using ccemu = await startEmulator(Deno.args[0] ? { fixtures: Deno.args[0] } : {});
  const { status } = await ccemu.client().post("/gateway/robot_list", { robotStatus: 1 });
  if (status !== 200) throw new Error(`robot_list answered ${status}`);
});
