/**
 * `deno task pack`: assembles the npm package `ccemu` in dist/npm/ (its own folder, so that no
 * package.json ever sits beside ccemu's deno.json) and packs it with npm. The package holds the
 * program (app/), a Node launcher (bin/ccemu.mjs) and the `deno` npm package as its one
 * dependency; no tests, benchmarks or examples. The last line printed is the tarball's path.
 */
import { copy } from "./copy.ts";
import { VERSION } from "../emulator/version.ts";

const ROOT = new URL("..", import.meta.url).pathname;
const OUT = `${ROOT}dist/npm/`;
const DENO_VERSION = Deno.version.deno;

/** What the program needs at run time, relative to the repository. */
const APP = [
  "main.ts",
  "cli",
  "emulator",
  "harness",
  "ui",
  "fixtures/default",
  "fixtures/scenarios",
  "deno.json",
  "deno.lock",
];

await Deno.remove(`${ROOT}dist`, { recursive: true }).catch(() => {});
for (const path of APP) await copy(`${ROOT}${path}`, `${OUT}app/${path}`);
await copy(`${ROOT}npm/bin/ccemu.mjs`, `${OUT}bin/ccemu.mjs`);
await copy(`${ROOT}LICENSE`, `${OUT}LICENSE`);
await copy(`${ROOT}README.md`, `${OUT}README.md`);
await Deno.writeTextFile(
  `${OUT}package.json`,
  JSON.stringify(
    {
      name: "ccemu",
      version: VERSION,
      description:
        "An offline emulator and test harness for a contact-center platform's integration APIs",
      license: "MIT",
      type: "module",
      bin: { ccemu: "bin/ccemu.mjs" },
      files: ["app", "bin", "LICENSE", "README.md"],
      engines: { node: ">=18" },
      dependencies: { deno: DENO_VERSION },
    },
    null,
    2,
  ) + "\n",
);

const { code, stdout, stderr } = await new Deno.Command("npm", {
  args: ["pack", "--json", "--pack-destination", `${ROOT}dist`],
  cwd: OUT,
  stdout: "piped",
  stderr: "piped",
}).output();
if (code !== 0) {
  console.error(new TextDecoder().decode(stderr));
  Deno.exit(1);
}
const [packed] = JSON.parse(new TextDecoder().decode(stdout));
console.log(
  `ccemu ${VERSION}: ${packed.entryCount} files, ${packed.size} bytes packed (${packed.unpackedSize} unpacked)`,
);
console.log(`${ROOT}dist/${packed.filename}`);
