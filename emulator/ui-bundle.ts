/**
 * The browser UI: `ui/main.ts` bundled by Deno's own bundler on the first request for it (so that
 * start-up stays fast and nothing is built ahead or committed), then served from memory.
 */
import { fileURLToPath } from "node:url";

const ROOT = fileURLToPath(new URL("..", import.meta.url));

async function build(): Promise<string> {
  const dir = await Deno.makeTempDir({ prefix: "ccemu-ui-" });
  try {
    const out = `${dir}/ui.js`;
    const { code, stderr } = await new Deno.Command(Deno.execPath(), {
      args: ["bundle", "--quiet", "--platform=browser", "--minify", "-o", out, "ui/main.ts"],
      cwd: ROOT,
      stdout: "null",
      stderr: "piped",
    }).output();
    if (code !== 0) throw new Error(`the UI bundle failed: ${new TextDecoder().decode(stderr)}`);
    return await Deno.readTextFile(out);
  } finally {
    await Deno.remove(dir, { recursive: true }).catch(() => {});
  }
}

/**
 * The bundled UI script, built on the first call and then kept (one per app, so no module holds
 * it). A failed build is retried on the next call.
 */
export function uiScript(): () => Promise<string> {
  let bundle: Promise<string> | undefined;
  return () =>
    bundle ??= build().catch((error) => {
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
