/**
 * The Python package as its users install it: the wheel of clients/python, built offline with
 * Debian's setuptools, installed into a fresh virtual environment that also sees Debian's pytest
 * (`--system-site-packages`). The docs' python blocks run with its interpreter.
 */
import { run } from "./node_project.ts";

const ROOT = new URL("../../", import.meta.url).pathname;
/** Debian's Python, which has python3-build, python3-venv and python3-pytest (.ci/run installs them). */
const PYTHON = "/usr/bin/python3";

/** A fresh venv with the wheel installed: its folder, and its `python`. Remove `dir` when done. */
export async function pythonEnv(): Promise<{ dir: string; python: string }> {
  const dir = await Deno.makeTempDir({ prefix: "ccemu-python-" });
  const step = async (what: string, cmd: string, args: string[]) => {
    const { code, out, err } = await run(cmd, args, dir);
    if (code !== 0) throw new Error(`${what} failed:\n${out}${err}`);
  };
  // Built from a copy: setuptools writes build/ and *.egg-info beside the sources.
  await step("copying clients/python", "cp", ["-r", `${ROOT}clients/python`, `${dir}/source`]);
  await step("the wheel build", PYTHON, [
    "-m",
    "build",
    "--no-isolation",
    "--wheel",
    "--outdir",
    `${dir}/dist`,
    `${dir}/source`,
  ]);
  await step("the venv", PYTHON, ["-m", "venv", "--system-site-packages", `${dir}/venv`]);
  const wheel = [...Deno.readDirSync(`${dir}/dist`)].find((e) => e.name.endsWith(".whl"))!.name;
  await step("pip install", `${dir}/venv/bin/pip`, [
    "install",
    "--quiet",
    "--no-index",
    `${dir}/dist/${wheel}`,
  ]);
  return { dir, python: `${dir}/venv/bin/python` };
}
