/**
 * The browser UI: a prebuilt `ui.js` beside this module when there is one (the npm package ships
 * one beside its bundled program), otherwise `ui/main.ts` bundled by Deno's own bundler on the
 * first request for it, or at start in the background when asked (`ccemu start` asks: its first page
 * load then waits for no build), then served from memory; nothing built is committed. Until the
 * script runs, the page shows a line saying it is loading (no blank first load). Either works whether this module was loaded from a file or over https.
 */
import { createHash } from "node:crypto";
import { fileURLToPath } from "node:url";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";

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
 * `deno bundle` of ui/main.ts, read from its standard output (no file left behind when ccemu is
 * stopped mid-build). Loaded over https, the sources are bundled from there, with the import map
 * of the deno.json published beside them (a remote module has no local config).
 */
async function build(): Promise<string> {
  const root = new URL("..", import.meta.url);
  const args = ["bundle", "--quiet", "--platform=browser", "--minify"];
  if (root.protocol === "file:") return await bundle([...args, "ui/main.ts"], fileURLToPath(root));
  const dir = await Deno.makeTempDir({ prefix: "ccemu-ui-" });
  try {
    const config = JSON.parse(await readPackaged(new URL("deno.json", root)) ?? "{}");
    await Deno.writeTextFile(`${dir}/imports.json`, JSON.stringify({ imports: config.imports }));
    args.push(`--import-map=${dir}/imports.json`, `--allow-import=${root.host}`);
    return await bundle([...args, new URL("ui/main.ts", root).href], dir);
  } finally {
    await Deno.remove(dir, { recursive: true }).catch(() => {});
  }
}

async function bundle(args: string[], cwd: string): Promise<string> {
  const { code, stdout, stderr } = await new Deno.Command(Deno.execPath(), {
    args,
    cwd,
    stdout: "piped",
    stderr: "piped",
  }).output();
  const decoder = new TextDecoder();
  if (code !== 0) throw new Error(`the UI bundle failed: ${decoder.decode(stderr)}`);
  return decoder.decode(stdout);
}

/** The prebuilt bundle beside this module, or one built now. */
async function load(): Promise<string> {
  return await readPackaged(new URL("./ui.js", import.meta.url)) ?? await build();
}

/** The script as sent: its bytes as they are and compressed once, and the ETag of all three. */
export interface UiScript {
  etag: string;
  identity: Uint8Array<ArrayBuffer>;
  gzip: Uint8Array<ArrayBuffer>;
  br: Uint8Array<ArrayBuffer>;
}

/**
 * Brotli's quality, 5 rather than its default 11: compression runs on the event loop (Deno's
 * asynchronous brotli blocks it too), once at start, and quality 11 held every request behind it
 * for most of a second, to save a tenth of the bytes on what is mostly a loopback link.
 */
const BROTLI = { params: { [constants.BROTLI_PARAM_QUALITY]: 5 } };

function encoded(text: string): UiScript {
  const identity = new TextEncoder().encode(text);
  return {
    etag: `"${createHash("sha256").update(identity).digest("base64url").slice(0, 27)}"`,
    identity,
    gzip: new Uint8Array(gzipSync(identity, { level: 9 })),
    br: new Uint8Array(brotliCompressSync(identity, BROTLI)),
  };
}

/**
 * The bundled UI script, built and compressed on the first call and then kept (one per app, so no
 * module holds it). A failed build is retried on the next call.
 */
export function uiScript(): () => Promise<UiScript> {
  let bundle: Promise<UiScript> | undefined;
  return () =>
    bundle ??= load().then(encoded).catch((error) => {
      bundle = undefined;
      throw error;
    });
}

/** The encodings an `Accept-Encoding` header takes (a `q=0` refuses one), best first. */
function accepted(header: string | null): "br" | "gzip" | undefined {
  const taken = new Set(
    (header ?? "").split(",").map((part) => part.trim().split(/\s*;\s*/)).filter(([, q]) =>
      !/^q=0(\.0*)?$/.test(q ?? "")
    ).map(([name]) => name.toLowerCase()),
  );
  return taken.has("br") ? "br" : taken.has("gzip") ? "gzip" : undefined;
}

/**
 * `/ui.js`: the whole UI's script, sent brotli or gzip compressed when the browser takes it, with an
 * ETag so that a reload revalidates (304) instead of downloading it again.
 */
export function uiScriptResponse(script: UiScript, request: Request): Response {
  const headers: Record<string, string> = {
    "content-type": "text/javascript; charset=utf-8",
    "cache-control": "no-cache",
    etag: script.etag,
    vary: "Accept-Encoding",
  };
  if (request.headers.get("if-none-match") === script.etag) {
    return new Response(null, { status: 304, headers });
  }
  const encoding = accepted(request.headers.get("accept-encoding"));
  if (encoding) headers["content-encoding"] = encoding;
  return new Response(encoding ? script[encoding] : script.identity, { headers });
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
<ccemu-app><p style="margin:0;padding:14px;background:#1d2330;color:#fff"><strong>ccemu</strong> · loading the UI… (the first load after a start waits for its script to be built)</p></ccemu-app>
<script type="module" src="/ui.js"></script>
</body>
</html>`;
