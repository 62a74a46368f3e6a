/**
 * The baselines for the throughput benchmark: a bare JSON endpoint that reads and parses the body.
 * It answers a small JSON object, or, with `--answer FILE`, that file's text with ccemu's
 * content-type: the same bytes ccemu answers, so that the ratio counts ccemu's own work only (a
 * response over about 512 bytes with its head takes Deno two writes instead of one, which halves
 * the bare server's rate on its own).
 *
 * By default it serves through `Deno.serve`; with `--node`, through `node:http`, as ccemu does
 * since the JDK's h2c offer (README): the floor ccemu stands on, the same HTTP stack and the same
 * head (content-type and content-length, node:http's date and keep-alive), nothing else. With
 * `--active-requests` as well, node:http's requests under way are kept as ccemu keeps them
 * (emulator/active-requests.ts): the same stack with ccemu's one change to it, for reference.
 */
import { createServer, type RequestListener } from "node:http";
import { keepActiveRequests } from "../../emulator/active-requests.ts";

const JSON_TYPE = "application/json; charset=UTF-8";

/** The bare `node:http` handler: reads and parses the body, answers `answerFor(body)`. */
export function bareNodeListener(answerFor: (body: unknown) => string): RequestListener {
  return (request, response) => {
    const chunks: Uint8Array[] = [];
    request.on("data", (chunk: Uint8Array) => chunks.push(chunk));
    request.on("end", () => {
      const text = answerFor(JSON.parse(Buffer.concat(chunks).toString("utf8")));
      response.writeHead(200, {
        "content-type": JSON_TYPE,
        "content-length": Buffer.byteLength(text),
      });
      response.end(text);
    });
  };
}

if (import.meta.main) {
  const at = Deno.args.indexOf("--answer");
  const answer = at === -1 ? undefined : await Deno.readTextFile(Deno.args[at + 1]);
  const answerFor = (body: unknown) =>
    answer ?? JSON.stringify({ requestId: "bare", result: { echo: body } });
  if (Deno.args.includes("--node")) {
    const server = createServer(bareNodeListener(answerFor));
    if (Deno.args.includes("--active-requests")) keepActiveRequests(server);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      const port = typeof address === "object" && address ? address.port : 0;
      console.log(`listening on http://127.0.0.1:${port}`);
    });
  } else {
    const headers = { "content-type": JSON_TYPE };
    const server = Deno.serve(
      { hostname: "127.0.0.1", port: 0, onListen: () => {} },
      async (request) => {
        const body = await request.json();
        return answer !== undefined
          ? new Response(answer, { headers })
          : Response.json({ requestId: "bare", result: { echo: body } });
      },
    );
    console.log(`listening on http://127.0.0.1:${server.addr.port}`);
  }
}
