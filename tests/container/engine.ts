/**
 * The container engine the image tests drive: podman (with tools/container/containers.conf, the
 * switches CI's machines need), else docker when its daemon answers. A missing engine skips the
 * tests with the reason printed, except under CI (CI=true), where it fails them: CI installs podman.
 */
const ROOT = new URL("../../", import.meta.url).pathname;

export interface Engine {
  name: "podman" | "docker";
  env: Record<string, string>;
  /** Runs the engine; answers its exit code and output, never throws for a non-zero exit. */
  run(...args: string[]): Promise<{ code: number; stdout: string; stderr: string }>;
}

async function answers(command: string, args: string[], env: Record<string, string>) {
  try {
    const { code } = await new Deno.Command(command, { args, env, stdout: "null", stderr: "null" })
      .output();
    return code === 0;
  } catch {
    return false;
  }
}

function engine(name: Engine["name"], env: Record<string, string>): Engine {
  return {
    name,
    env,
    async run(...args) {
      const { code, stdout, stderr } = await new Deno.Command(name, {
        args,
        env,
        cwd: ROOT,
        stdout: "piped",
        stderr: "piped",
      }).output();
      const text = (bytes: Uint8Array) => new TextDecoder().decode(bytes);
      return { code, stdout: text(stdout), stderr: text(stderr) };
    },
  };
}

/** The engine, or why there is none. */
export async function findEngine(): Promise<Engine | string> {
  const conf = Deno.env.get("CONTAINERS_CONF") ?? `${ROOT}tools/container/containers.conf`;
  if (await answers("podman", ["--version"], { CONTAINERS_CONF: conf })) {
    return engine("podman", { CONTAINERS_CONF: conf });
  }
  if (await answers("docker", ["info"], {})) return engine("docker", {});
  return "neither podman nor a docker with a running daemon is on this machine";
}

/** Under CI a missing engine is a failure; elsewhere the test is skipped, saying why. */
export const UNDER_CI = Deno.env.get("CI") === "true";

export { ROOT };
