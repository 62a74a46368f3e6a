/**
 * What the npm package's tests share: the tarball `deno task pack` builds, and an empty Node
 * project it is installed into (npm only, Deno from the `deno` package), then run with the npm
 * registry unreachable and an empty Deno cache.
 */
const ROOT = new URL("../../", import.meta.url).pathname;
const decode = (bytes: Uint8Array) => new TextDecoder().decode(bytes);

/** Runs a command to its end; answers its status and its output as text. */
export async function run(
  cmd: string,
  args: string[],
  cwd: string,
  env?: Record<string, string>,
): Promise<{ code: number; out: string; err: string }> {
  const { code, stdout, stderr } = await new Deno.Command(cmd, {
    args,
    cwd,
    env,
    stdout: "piped",
    stderr: "piped",
  }).output();
  return { code, out: decode(stdout), err: decode(stderr) };
}

/** `deno task pack`; answers the tarball's path (its last line). */
export async function packTarball(): Promise<string> {
  const packed = await run(Deno.execPath(), ["task", "pack"], ROOT);
  if (packed.code !== 0) throw new Error(`deno task pack failed: ${packed.out}${packed.err}`);
  return packed.out.trim().split("\n").at(-1)!;
}

/**
 * A temporary Node project (an ES module package) with the tarball and `devDependencies`
 * installed; the install needs npm's cache or the registry (CI has both).
 */
export async function nodeProject(tarball: string, devDependencies: string[] = []) {
  const dir = await Deno.makeTempDir({ prefix: "ccemu-node-" });
  await Deno.writeTextFile(
    `${dir}/package.json`,
    '{"name":"consumer","private":true,"type":"module"}\n',
  );
  const installed = await run("npm", [
    "install",
    "--no-audit",
    "--no-fund",
    "--prefer-offline",
    tarball,
    ...devDependencies,
  ], dir);
  if (installed.code !== 0) {
    await Deno.remove(dir, { recursive: true });
    throw new Error(`npm install failed: ${installed.err}`);
  }
  return dir;
}

/** Nothing to fetch at run time: a registry on a closed port and a Deno cache with nothing in it. */
export function offline(project: string): Record<string, string> {
  return {
    NPM_CONFIG_REGISTRY: "http://127.0.0.1:9/",
    DENO_DIR: `${project}/empty-deno-cache`,
    NO_COLOR: "1",
  };
}
