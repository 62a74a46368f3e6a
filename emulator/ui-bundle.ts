/**
 * The browser UI: a prebuilt `ui.js` beside this module when there is one (the npm package ships
 * one beside its bundled program), otherwise `ui/main.ts` bundled by Deno's own bundler on the
 * first request for it (so that start-up stays fast and nothing is built ahead or committed), then
 * served from memory. Either works whether this module was loaded from a file or over https.
 */
import { fileURLToPath } from "node:url";

/** Reads a file or https resource; undefined when it is not there. */
async function readPackaged(url: URL): Promise<string | undefined> {
  if (url.protocol === "file:") {
    return await Deno.readTextFile(fileURLToPath(url)).catch((error) => {
      if (error instanceof Deno.errors.NotFound) return undefined;
      throw error;
    });
  }
  const response = await fetch(url);
  if (response.ok) return await response.text();
  await response.body?.cancel();
  return undefined;
}

/**
 * `deno bundle` of ui/main.ts. Loaded over https, the sources are bundled from there, with the
 * import map of the deno.json published beside them (a remote module has no local config).
 */
async function build(): Promise<string> {
  const root = new URL("..", import.meta.url);
  const dir = await Deno.makeTempDir({ prefix: "ccemu-ui-" });
  try {
    const out = `${dir}/ui.js`;
    const args = ["bundle", "--quiet", "--platform=browser", "--minify", "-o", out];
    if (root.protocol === "file:") args.push("ui/main.ts");
    else {
      const config = JSON.parse(await readPackaged(new URL("deno.json", root)) ?? "{}");
      await Deno.writeTextFile(`${dir}/imports.json`, JSON.stringify({ imports: config.imports }));
      args.push(`--import-map=${dir}/imports.json`, `--allow-import=${root.host}`);
      args.push(new URL("ui/main.ts", root).href);
    }
    const { code, stderr } = await new Deno.Command(Deno.execPath(), {
      args,
      cwd: root.protocol === "file:" ? fileURLToPath(root) : dir,
      stdout: "null",
      stderr: "piped",
    }).output();
    if (code !== 0) throw new Error(`the UI bundle failed: ${new TextDecoder().decode(stderr)}`);
    return await Deno.readTextFile(out);
  } finally {
    await Deno.remove(dir, { recursive: true }).catch(() => {});
  }
}

/** The prebuilt bundle beside this module, or one built now. */
async function load(): Promise<string> {
  return await readPackaged(new URL("./ui.js", import.meta.url)) ?? await build();
}

/**
 * The bundled UI script, built on the first call and then kept (one per app, so no module holds
 * it). A failed build is retried on the next call.
 */
export function uiScript(): () => Promise<string> {
  let bundle: Promise<string> | undefined;
  return () =>
    bundle ??= load().catch((error) => {
      bundle = undefined;
      throw error;
    });
}

export const INDEX_HTML = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>ccemu</title>
<style>html,body{margin:0;height:100%;font:14px/1.45 system-ui,-apple-system,"Segoe UI",sans-serif;background:#f5f6f8;color:#1d2330}</style>
</head>
<body>
<ccemu-app></ccemu-app>
<script type="module" src="/ui.js"></script>
</body>
</html>`;
