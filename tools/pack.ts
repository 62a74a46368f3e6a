/**
 * `deno task pack`: assembles the npm package `ccemu` in dist/npm/ (its own folder, so that no
 * package.json ever sits beside ccemu's deno.json) and packs it with npm. The package holds the
 * program bundled into one file with its runtime dependencies (app/ccemu.js), the browser UI
 * prebuilt beside it (app/ui.js), the start task's V8 flags (app/deno.json), a Node launcher
 * (bin/ccemu.mjs), the Node API (lib/index.js, from npm/src/) with its declarations (types/: the
 * hand-written index.d.ts and control.d.ts generated from ccemu's OpenAPI document) and the `deno`
 * npm package as its one dependency: after `npm install` it runs with no registry reachable. No
 * tests, benchmarks or examples. The last line printed is the tarball's path.
 */
import { copy } from "./copy.ts";
import { VERSION } from "../emulator/version.ts";
import { writeControlTypes } from "../npm/build/control-types.ts";

const ROOT = new URL("..", import.meta.url).pathname;
const OUT = `${ROOT}dist/npm/`;
const DENO_VERSION = Deno.version.deno;
/** The project's public home, named in package.json; the package is not on a registry yet. */
const HOME = "https://github.com/ccemu/ccemu";

/** `deno SUBCOMMAND ARGS` from the repository; exits with its output when it fails. */
async function deno(...args: string[]): Promise<void> {
  const { code, stdout, stderr } = await new Deno.Command(Deno.execPath(), {
    args,
    cwd: ROOT,
    stdout: "piped",
    stderr: "piped",
  }).output();
  if (code !== 0) {
    console.error(new TextDecoder().decode(stdout) + new TextDecoder().decode(stderr));
    Deno.exit(1);
  }
}

/** `deno bundle` with these arguments, minified. */
const bundle = (...args: string[]) => deno("bundle", "--quiet", "--minify", ...args);

await Deno.remove(`${ROOT}dist`, { recursive: true }).catch(() => {});
await bundle("--platform=deno", "-o", `${OUT}app/ccemu.js`, "main.ts");
// emulator/ui-bundle.ts serves a ui.js it finds beside itself, here the bundled program.
await bundle("--platform=browser", "-o", `${OUT}app/ui.js`, "ui/main.ts");
const { tasks } = JSON.parse(await Deno.readTextFile(`${ROOT}deno.json`));
await Deno.writeTextFile(
  `${OUT}app/deno.json`,
  JSON.stringify({ tasks: { start: tasks.start.command } }, null, 2) + "\n",
);

// The Node API's types: control.d.ts from the OpenAPI document ccemu publishes (openapi-typescript
// through npx: npm's cache or the registry, as `npm pack` below), into the package and beside the
// hand-written index.d.ts in npm/types/ (ignored by git), where the implementation is type-checked
// against both before it is bundled.
await deno("run", "-A", "main.ts", "openapi", "--out", `${ROOT}dist/openapi.json`);
await writeControlTypes(`${ROOT}dist/openapi.json`, `${ROOT}dist/openapi-for-types.json`, [
  `${ROOT}npm/types/control.d.ts`,
  `${OUT}types/control.d.ts`,
]);
await copy(`${ROOT}npm/types/index.d.ts`, `${OUT}types/index.d.ts`);
// Sloppy imports: index.d.ts imports "./control.js" as Node's TypeScript resolves it (to .d.ts).
await deno("check", "--unstable-sloppy-imports", "npm/src/index.ts", "npm/src/bin.ts");
// Not minified: what runs in a user's Node process stays readable in their stack traces.
await deno("bundle", "--quiet", "--platform=node", "-o", `${OUT}lib/index.js`, "npm/src/index.ts");
await deno("bundle", "--quiet", "--platform=node", "-o", `${OUT}bin/ccemu.mjs`, "npm/src/bin.ts");
await copy(`${ROOT}LICENSE`, `${OUT}LICENSE`);
// The config file's JSON Schema, for `"$schema": "./node_modules/ccemu/ccemu.schema.json"`.
await copy(`${ROOT}ccemu.schema.json`, `${OUT}ccemu.schema.json`);
await copy(`${ROOT}npm/README.md`, `${OUT}README.md`);
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
      exports: {
        ".": { types: "./types/index.d.ts", default: "./lib/index.js" },
        "./package.json": "./package.json",
      },
      types: "types/index.d.ts",
      files: ["app", "bin", "lib", "types", "LICENSE", "README.md", "ccemu.schema.json"],
      repository: { type: "git", url: `git+${HOME}.git` },
      homepage: `${HOME}#readme`,
      bugs: { url: `${HOME}/issues` },
      engines: { node: ">=20" },
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
