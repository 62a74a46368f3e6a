import assert from "node:assert/strict";
import { didYouMean } from "../../emulator/core/did-you-mean.ts";

const FLAGS = ["--port", "--host", "--fixtures", "--sign-host", "--clock-start", "--no-ui"];

Deno.test("didYouMean names a known name two edits away at most, or one differing in case", () => {
  assert.equal(didYouMean("--sign-hosts", FLAGS), "did you mean `--sign-host`?");
  assert.equal(didYouMean("--fixtrues", FLAGS), "did you mean `--fixtures`?");
  assert.equal(didYouMean("--noui", FLAGS), "did you mean `--no-ui`?");
  assert.equal(didYouMean("--CLOCK-START", FLAGS), "did you mean `--clock-start`?");
  assert.equal(didYouMean("timezone", ["timeZone", "name"]), "did you mean `timeZone`?");
  // The closest wins: --post is one edit from --port, two from --host.
  assert.equal(didYouMean("--post", FLAGS), "did you mean `--port`?");
});

Deno.test("didYouMean guesses nothing for a name three edits away or more", () => {
  assert.equal(didYouMean("--bogus", FLAGS), "");
  assert.equal(didYouMean("--ui", FLAGS), "");
  assert.equal(didYouMean("colour", ["enterprises", "accessKeys"]), "");
  assert.equal(didYouMean("anything", []), "");
});
